"""The assertion registry: one table from canonical type to its check (STYLE §1).

A check is a plain function `(AssertionSpec, RunData) -> Verdict` with no I/O and no
knowledge of negation, weights or status: those live in `engine.py`. Add a type by
writing its function in the family module and one row here (see AGENTS.md).

A type graded from the response text alone may also name a `decide` function
`AssertionSpec -> (str -> bool)`: it reads the options once and returns whether its check
passes on a text, without the statement and evidence (the critique asks this of many
decoys per assertion, SPEC §6.2).

Rows name their functions as `"module.function"` and the family module is imported on
first use: a run imports only the families its assertions use (cold start, SPEC §8).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from functools import cache
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..model import AssertionSpec, RunData, Verdict

Check = Callable[["AssertionSpec", "RunData"], "Verdict"]
Decide = Callable[["AssertionSpec"], Callable[[str], bool]]


class Entry:
    """How the engine runs one type.

    `check`: the function, or its `"module.function"` name in this package. `output_key`:
    accepts `target_output_key` (SPEC §4.2). `inverse`: the check to run instead of
    inverting the verdict (AgentV's inverse rule for tools and skills, §5.5). `decide`:
    reads the options once and returns a predicate: whether `check` passes on a response
    text, as a bool (before the engine's inversion). Between them they raise `SpecError`
    exactly where `check` would (a bad option in `decide` itself, a regex deadline in the
    predicate), and they are only ever asked about the whole response (no
    `target_output_key`).
    """

    __slots__ = ("_check", "_decide", "_inverse", "family", "output_key")

    def __init__(
        self,
        check: Check | str,
        family: str,
        output_key: bool = False,
        inverse: Check | str | None = None,
        decide: Decide | str | None = None,
    ) -> None:
        self._check = check
        self._inverse = inverse
        self._decide = decide
        self.family = family
        self.output_key = output_key

    # A named function is resolved (its family imported) on first use, then kept: the
    # engine asks for it for every assertion graded.
    @property
    def check(self) -> Check:
        if isinstance(self._check, str):
            self._check = _resolve(self._check)
        return self._check

    @property
    def inverse(self) -> Check | None:
        if isinstance(self._inverse, str):
            self._inverse = _resolve(self._inverse)
        return self._inverse

    @property
    def decide(self) -> Decide | None:
        if isinstance(self._decide, str):
            self._decide = _resolve(self._decide)
        return self._decide


@cache
def _resolve(target: str) -> Callable[..., Any]:
    """`"text.contains"` → the function, importing its family module once."""
    module, _, name = target.rpartition(".")
    function: Callable[..., Any] = getattr(importlib.import_module(f"{__name__}.{module}"), name)
    return function


REGISTRY: dict[str, Entry] = {
    "contains": Entry("text.contains", "text", output_key=True, decide="text.decide_contains"),
    "contains-any": Entry(
        "text.contains_any", "text", output_key=True, decide="text.decide_contains_any"
    ),
    "contains-all": Entry(
        "text.contains_all", "text", output_key=True, decide="text.decide_contains_all"
    ),
    "icontains": Entry("text.icontains", "text", output_key=True, decide="text.decide_icontains"),
    "icontains-any": Entry(
        "text.icontains_any", "text", output_key=True, decide="text.decide_icontains_any"
    ),
    "icontains-all": Entry(
        "text.icontains_all", "text", output_key=True, decide="text.decide_icontains_all"
    ),
    "equals": Entry("text.equals", "text", output_key=True, decide="text.decide_equals"),
    "starts-with": Entry(
        "text.starts_with", "text", output_key=True, decide="text.decide_starts_with"
    ),
    "ends-with": Entry("text.ends_with", "text", output_key=True, decide="text.decide_ends_with"),
    "regex": Entry("regex.regex", "regex", output_key=True, decide="regex.decide_regex"),
    "is-json": Entry("json.is_json", "json", output_key=True),
    # Transcript-wide and output-only checks (SPEC §5.2).
    "transcript-contains": Entry("transcript.transcript_contains", "transcript"),
    "transcript-matches": Entry("transcript.transcript_matches", "transcript"),
    "output-contains": Entry(
        "transcript.output_contains", "text", output_key=True, decide="transcript.decide_output"
    ),
    "output-matches": Entry(
        "transcript.output_matches", "regex", output_key=True, decide="transcript.decide_output"
    ),
    # Structured data (SPEC §5.3) and metrics (SPEC §5.4).
    "field-accuracy": Entry("fields.field_accuracy", "structured"),
    "latency": Entry("metrics.latency", "metric"),
    "cost": Entry("metrics.cost", "metric"),
    "token-usage": Entry("metrics.token_usage", "metric"),
    "execution-metrics": Entry("metrics.execution_metrics", "metric"),
    # Tools and skills (SPEC §5.5): negation is AgentV's inverse rule.
    "trajectory:tool-used": Entry(
        "trajectory.tool_used", "trajectory", inverse="trajectory.tool_used_inverse"
    ),
    "trajectory:tool-sequence": Entry(
        "trajectory.tool_sequence", "trajectory", inverse="trajectory.tool_sequence_inverse"
    ),
    "trajectory:tool-args-match": Entry(
        "trajectory.tool_args_match", "trajectory", inverse="trajectory.tool_args_match_inverse"
    ),
    "trajectory:step-count": Entry(
        "trajectory.step_count", "trajectory", inverse="trajectory.step_count_inverse"
    ),
    "tool-trajectory": Entry("tool_trajectory.tool_trajectory", "trajectory"),
    "skill-used": Entry("skills.skill_used", "skill", inverse="skills.skill_used_inverse"),
    # Groups, code graders and LLM-judged items (SPEC §5.6).
    "assert-set": Entry("groups.assert_set", "group"),
    "composite": Entry("groups.composite", "group"),
    "script": Entry("scripts.script", "script"),
    "python": Entry("scripts.python", "script"),
    "javascript": Entry("scripts.javascript", "script"),
    "llm-rubric": Entry("llm.llm_rubric", "llm"),
    "agent-rubric": Entry("llm.agent_rubric", "llm"),
    "trajectory:goal-success": Entry("llm.goal_success", "llm"),
    # Types that need a network service: skipped with the reason.
    "webhook": Entry("services.webhook", "service"),
    "similar": Entry("services.similar", "service"),
}
