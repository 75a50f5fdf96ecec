"""The assertion registry: the one table of everything known about each type (STYLE §1).

A check is a plain function `(AssertionSpec, RunData) -> Verdict` with no I/O and no
knowledge of negation, weights or status: those live in `engine.py`. Add a type by
writing its function in the family module and one row here (see AGENTS.md); every other
place that asks about types (the loader, the critique, the grading pipeline,
`--list-types`) reads this table.

A row names its functions as `lambda: module.function`: mypy checks the name and the
signature (the family modules are imported for the type checker only), and the family
module is imported on first use, so a run imports only the families its assertions use
(cold start, SPEC §8).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Literal, TypeVar

from ..record import Record

if TYPE_CHECKING:
    from ..model import AssertionSpec, RunData, TestCase, Verdict
    from . import (
        claims,
        fields,
        groups,
        json,
        llm,
        metrics,
        regex,
        scripts,
        services,
        skills,
        text,
        tool_trajectory,
        trajectory,
        transcript,
    )

Check = Callable[["AssertionSpec", "RunData"], "Verdict"]
Decide = Callable[["AssertionSpec"], Callable[[str], bool]]
DecideOnTest = Callable[["AssertionSpec", "TestCase"], Callable[[str], bool]]
DecideWithin = Callable[["AssertionSpec", int, bool], Callable[[str], bool]]
Family = Literal[
    "text", "regex", "json", "transcript", "structured", "metric", "trajectory", "skill",
    "group", "script", "llm", "service", "unknown",
]  # fmt: skip
# What of a run the check reads besides its options: the response text only, the response
# and the test's expected output, timing.json, the transcript, anything (programs, groups,
# LLM results), or nothing (a type that is always skipped).
Reads = Literal["response", "expected output", "timing", "transcript", "run", "nothing"]
# How the critique reads the type's `value`: one needle the response must contain, any or
# all of a list of needles, a needle at the start or end, the whole response, a pattern.
Needle = Literal["one", "any", "all", "edge", "whole", "pattern"]
# AgentV's generated name for an assertion without `metric`/`name` (`generateAssertionName`,
# docs/agentv-semantics.md §3): the type, then `-<value>` for a string value, `-<first 30
# UTF-16 units>` of a string value, `-<N>` for a list of N, or either of the first and last.
NamedBy = Literal["value", "value-prefix", "count", "value-or-count"]
# What an exact-text check requires of the response, as the critique's pair rules read it
# (contradictions, implied checks): the text somewhere, the whole text, its start, its end,
# each of a list of texts somewhere, or JSON.
TextFact = Literal["contains", "equals", "prefix", "suffix", "contains-each", "json"]

_T = TypeVar("_T")


class Entry(Record):
    """Everything known about one assertion type.

    `load_check`: returns the check (`lambda: family.function`, imported on first use;
    read it through `check`). `family`: the group of types it belongs to (the grader
    agent's reference and `--list-types` show it). `output_key`: accepts
    `target_output_key` (SPEC §4.2). `load_inverse`: the check to run instead of inverting
    the verdict (AgentV's inverse rule for tools and skills, §5.5). `load_decide`: reads the
    options once and returns a predicate: whether `check` passes on a response text, as a
    bool (before the engine's inversion); between them they raise `SpecError` exactly
    where `check` would, and they are only ever asked about the whole response.
    `load_decide_on_test`: the same for a check that reads the test too (field-accuracy's
    reference), built for one test (`engine.decider(spec, test)`). `load_decide_within`:
    `load_decide`'s for a pattern type, its per-match deadline at most the given
    milliseconds (`engine.decider(..., deadline_cap_ms=)`, the critique's probes), so that
    no copy of the assertion with a smaller `timeout_ms` need be made; its third argument
    (`errors_fail`, given by the engine) says whether an `error` answers as a failure
    does, so that a search that could only turn a failure into an error is left out.
    `string_value`: `value` must be one string (§3). `threshold`: what its `threshold`
    option is, a score in 0..1 or milliseconds. `reads`: the run data it needs.
    `runs_programs`: grading it may start a program (a code grader, a group's members),
    which may change the test folder. `config_payload`: its `config:` is handed to a
    program or to its members, not merged into its options (§5.2). `members`: the key
    holding a group's members. `named_by`: what AgentV's generated name adds to the type
    (`NamedBy`; None: the type alone). `value_key`: the option AgentV's config files
    record as its value (`script_graders/<name>.json`, matched by `merge.py`).
    `rubric_items`: judged per rubric item when its value lists them (not as a whole).
    Critique facts (§6.2): `needle`, `probe` (graded from the response alone, cheaply and
    without side effects, so decoys may be graded with it), `case_insensitive` (by default),
    `text_fact` (`TextFact`: what the pair rules read it as requiring).
    """

    load_check: Callable[[], Check]
    family: Family
    output_key: bool = False
    load_inverse: Callable[[], Check] | None = None
    load_decide: Callable[[], Decide] | None = None
    load_decide_on_test: Callable[[], DecideOnTest] | None = None
    load_decide_within: Callable[[], DecideWithin] | None = None
    string_value: bool = False
    threshold: Literal["score", "milliseconds"] | None = None
    reads: Reads = "response"
    runs_programs: bool = False
    config_payload: bool = False
    members: str | None = None
    named_by: NamedBy | None = None
    value_key: str = "value"
    rubric_items: bool = False
    needle: Needle | None = None
    probe: bool = False
    case_insensitive: bool = False
    text_fact: TextFact | None = None

    @property
    def check(self) -> Check:
        return _loaded(self.load_check)

    @property
    def inverse(self) -> Check | None:
        return None if self.load_inverse is None else _loaded(self.load_inverse)

    @property
    def decide(self) -> Decide | None:
        return None if self.load_decide is None else _loaded(self.load_decide)

    @property
    def decide_on_test(self) -> DecideOnTest | None:
        return None if self.load_decide_on_test is None else _loaded(self.load_decide_on_test)

    @property
    def decide_within(self) -> DecideWithin | None:
        return None if self.load_decide_within is None else _loaded(self.load_decide_within)


# The engine asks for a row's check for every assertion it grades: resolved once, then kept.
_LOADED: dict[Callable[[], Any], Any] = {}


def _loaded(load: Callable[[], _T]) -> _T:
    found = _LOADED.get(load)
    if found is None:
        found = _LOADED[load] = _load(load)
    return found


def _load(load: Callable[[], _T]) -> _T:
    """Call `load`, importing the family module it names first when it is not imported
    yet: importing `assertions.text` binds `text` in this module, where the lambda looks."""
    while True:
        try:
            return load()
        except NameError as missing:
            if missing.name is None:
                raise
            importlib.import_module(f"{__name__}.{missing.name}")


def about(kind: str) -> Entry:
    """The row of `kind`, or a row with no facts for a type not registered (so callers ask
    `about(spec.type).probe` without a None check)."""
    return REGISTRY.get(kind, _NOT_REGISTERED)


def types_where(fact: Callable[[Entry], bool]) -> frozenset[str]:
    """The registered types with `fact`: a set derived from the table, for code that asks
    about a whole group of types at once."""
    return frozenset(kind for kind, entry in REGISTRY.items() if fact(entry))


def _not_registered() -> Check:
    raise LookupError("not a registered assertion type")


_NOT_REGISTERED = Entry(lambda: _not_registered(), "unknown", reads="nothing")

# One row per type, keyed by its YAML spelling. A type graded from the response text alone
# may also name a `load_decide` (AGENTS.md), which the critique asks of many decoys.
REGISTRY: dict[str, Entry] = {
    # Text and JSON (SPEC §5.1).
    "contains": Entry(
        lambda: text.contains, "text", output_key=True, load_decide=lambda: text.decide_contains,
        string_value=True, needle="one", probe=True,
        named_by="value", text_fact="contains",
    ),
    "contains-any": Entry(
        lambda: text.contains_any, "text", output_key=True,
        load_decide=lambda: text.decide_contains_any, needle="any", probe=True,
        named_by="count",
    ),
    "contains-all": Entry(
        lambda: text.contains_all, "text", output_key=True,
        load_decide=lambda: text.decide_contains_all, needle="all", probe=True,
        named_by="count", text_fact="contains-each",
    ),
    "icontains": Entry(
        lambda: text.icontains, "text", output_key=True,
        load_decide=lambda: text.decide_icontains, string_value=True, needle="one", probe=True,
        case_insensitive=True,
        named_by="value", text_fact="contains",
    ),
    "icontains-any": Entry(
        lambda: text.icontains_any, "text", output_key=True,
        load_decide=lambda: text.decide_icontains_any, needle="any", probe=True,
        case_insensitive=True,
        named_by="count",
    ),
    "icontains-all": Entry(
        lambda: text.icontains_all, "text", output_key=True,
        load_decide=lambda: text.decide_icontains_all, needle="all", probe=True,
        case_insensitive=True,
        named_by="count", text_fact="contains-each",
    ),
    "equals": Entry(
        lambda: text.equals, "text", output_key=True, load_decide=lambda: text.decide_equals,
        string_value=True, needle="whole", probe=True,
        named_by="value", text_fact="equals",
    ),
    "starts-with": Entry(
        lambda: text.starts_with, "text", output_key=True,
        load_decide=lambda: text.decide_starts_with, string_value=True, needle="edge", probe=True,
        named_by="value", text_fact="prefix",
    ),
    "ends-with": Entry(
        lambda: text.ends_with, "text", output_key=True,
        load_decide=lambda: text.decide_ends_with, string_value=True, needle="edge", probe=True,
        named_by="value", text_fact="suffix",
    ),
    "regex": Entry(
        lambda: regex.regex, "regex", output_key=True, load_decide=lambda: regex.decide_regex,
        load_decide_within=lambda: regex.decide_regex,
        string_value=True, needle="pattern", probe=True,
        named_by="value-prefix",
    ),
    "is-json": Entry(
        lambda: json.is_json, "json", output_key=True, probe=True, text_fact="json",
        load_decide=lambda: json.decide_is_json,
    ),
    # Transcript-wide and output-only checks (SPEC §5.2).
    "transcript-contains": Entry(
        lambda: transcript.transcript_contains, "transcript", reads="transcript", needle="one",
        case_insensitive=True,
    ),
    "transcript-matches": Entry(
        lambda: transcript.transcript_matches, "transcript", reads="transcript",
        needle="pattern",
    ),
    "output-contains": Entry(
        lambda: transcript.output_contains, "text", output_key=True,
        load_decide=lambda: transcript.decide_output, needle="one", probe=True,
        case_insensitive=True, text_fact="contains",
    ),
    "output-matches": Entry(
        lambda: transcript.output_matches, "regex", output_key=True,
        load_decide=lambda: transcript.decide_output, needle="pattern", probe=True,
        load_decide_within=lambda: transcript.decide_output,
    ),
    # Structured data (SPEC §5.3) and metrics (SPEC §5.4).
    "field-accuracy": Entry(
        lambda: fields.field_accuracy, "structured", reads="expected output", probe=True,
        load_decide_on_test=lambda: fields.decide_field_accuracy,
    ),
    "latency": Entry(lambda: metrics.latency, "metric", threshold="milliseconds", reads="timing"),
    "cost": Entry(lambda: metrics.cost, "metric", reads="timing"),
    "token-usage": Entry(lambda: metrics.token_usage, "metric", reads="timing"),
    "execution-metrics": Entry(lambda: metrics.execution_metrics, "metric", reads="timing"),
    # Tools and skills (SPEC §5.5): negation is AgentV's inverse rule.
    "trajectory:tool-used": Entry(
        lambda: trajectory.tool_used, "trajectory", reads="transcript",
        load_inverse=lambda: trajectory.tool_used_inverse,
    ),
    "trajectory:tool-sequence": Entry(
        lambda: trajectory.tool_sequence, "trajectory", reads="transcript",
        load_inverse=lambda: trajectory.tool_sequence_inverse,
    ),
    "trajectory:tool-args-match": Entry(
        lambda: trajectory.tool_args_match, "trajectory", reads="transcript",
        load_inverse=lambda: trajectory.tool_args_match_inverse,
    ),
    "trajectory:step-count": Entry(
        lambda: trajectory.step_count, "trajectory", reads="transcript",
        load_inverse=lambda: trajectory.step_count_inverse,
    ),
    "tool-trajectory": Entry(
        lambda: tool_trajectory.tool_trajectory, "trajectory", reads="transcript"
    ),
    # The response's claims held against the run (SPEC §5.9).
    "claims-consistent": Entry(
        lambda: claims.claims_consistent, "transcript", reads="transcript"
    ),
    "skill-used": Entry(
        lambda: skills.skill_used, "skill", reads="transcript",
        load_inverse=lambda: skills.skill_used_inverse,
        named_by="value-or-count",
    ),
    # Groups, code graders and LLM-judged items (SPEC §5.6).
    "assert-set": Entry(
        lambda: groups.assert_set, "group", threshold="score", reads="run", runs_programs=True,
        config_payload=True, members="assert",
    ),
    "composite": Entry(
        lambda: groups.composite, "group", threshold="score", reads="run", runs_programs=True,
        config_payload=True, members="assertions",
    ),
    "script": Entry(
        lambda: scripts.script, "script", threshold="score", reads="run", runs_programs=True,
        config_payload=True,
        value_key="command",
    ),
    "python": Entry(
        lambda: scripts.python, "script", threshold="score", reads="run", runs_programs=True,
        config_payload=True,
    ),
    "javascript": Entry(
        lambda: scripts.javascript, "script", threshold="score", reads="run",
        runs_programs=True, config_payload=True,
    ),
    "llm-rubric": Entry(
        lambda: llm.llm_rubric, "llm", threshold="score", reads="run", rubric_items=True
    ),
    "agent-rubric": Entry(
        lambda: llm.agent_rubric, "llm", threshold="score", reads="run", rubric_items=True
    ),
    "trajectory:goal-success": Entry(lambda: llm.goal_success, "llm", reads="run"),
    # Types that need a network service: skipped with the reason.
    "webhook": Entry(lambda: services.webhook, "service", reads="nothing"),
    "similar": Entry(lambda: services.similar, "service", reads="nothing"),
}  # fmt: skip
