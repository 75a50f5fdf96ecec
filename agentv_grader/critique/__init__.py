"""The eval critique (SPEC §6.2): which assertions a clearly wrong answer would pass,
which outcomes nothing checks, and which checks can never work.

One table, `RULES`, maps each stable rule id to its function and severity (the
pycodestyle pattern, STYLE §13). A rule is a pure function of a `Context` that yields
`Hit`s; this module stamps them with the rule's id and severity, orders them (assertion
index, then rule id) and writes the one-sentence summary. Each rule's docstring carries
`Flags:` / `Okay:` examples that `critique.selftest` runs.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from ..model import Outcome, RunData, Suite, TestCase
from . import coverage, decoys, pairs, regex_risk, static
from ._record import Record
from .context import (
    MARK_IS_JSON,
    MARK_NEGATED,
    MARK_PATTERN,
    MARK_UNANALYSED,
    MARK_ZERO_WEIGHT,
    NOTHING_EXPLAINED,
    Context,
    build_context,
    unanalysed_kind,
)
from .model import SOLID, Critique, Finding, Hit, overall_sentence

__all__ = ["RULES", "SOLID", "Critique", "Finding", "Rule", "critique_test"]


class Rule(Record):
    """A rule id's function and severity, and what kind of assertion (`context.MARK_*`)
    a test must hold for the rule to find anything (0: any test): a test without it is
    not asked (`Context.marks`; most tests have no negated check, say)."""

    check: Callable[[Context], Iterable[Hit]]
    severity: str
    needs: int = 0


RULES: dict[str, Rule] = {
    "decoy-pass": Rule(decoys.decoy_pass, "high"),
    "trivial": Rule(static.trivial, "high"),
    "answer-in-input": Rule(decoys.answer_in_input, "medium"),
    "negative-only": Rule(static.negative_only, "medium", MARK_NEGATED),
    "unverifiable": Rule(static.unverifiable, "medium", MARK_UNANALYSED),
    "contradictory": Rule(pairs.contradictory, "high"),
    "redundant": Rule(pairs.redundant, "low"),
    "runaway-regex": Rule(regex_risk.runaway_regex, "high", MARK_PATTERN),
    "uncovered-outcome": Rule(coverage.uncovered_outcome, "low"),
    "near-miss": Rule(coverage.near_miss, "low"),
    "vacuous-pass": Rule(decoys.vacuous_pass, "medium", MARK_NEGATED),
    "generic-needle": Rule(static.generic_needle, "medium"),
    "format-only": Rule(static.format_only, "medium", MARK_IS_JSON),
    "vacuous-negation": Rule(static.vacuous_negation, "medium", MARK_NEGATED),
    "zero-weight": Rule(static.zero_weight, "low", MARK_ZERO_WEIGHT),
}

# On the same assertion, the first rule's finding explains the second's: keep one.
_SUPERSEDES = (
    ("trivial", "decoy-pass"),
    ("trivial", "answer-in-input"),
    ("trivial", "generic-needle"),
    ("decoy-pass", "format-only"),
)
_WINNERS = {loser: [w for w, lost in _SUPERSEDES if lost == loser] for _, loser in _SUPERSEDES}
_WINNING = frozenset(w for w, _ in _SUPERSEDES)


def critique_test(
    suite: Suite,
    test: TestCase,
    run: RunData | None = None,
    outcomes: tuple[Outcome, ...] | None = None,
    bench_dir: str | None = None,
) -> Critique:
    """Critique one test's assertions.

    Args:
        suite: the loaded suite (other tests supply cross-test decoys).
        test: the test to critique.
        run: the graded run; None for a static critique without a response.
        outcomes: the run's outcomes; with `run`, they enable `near-miss`, `unverifiable`
            and `vacuous-pass`.
        bench_dir: the run directory; the next test's `response.md` there is a decoy.

    Returns:
        The critique, in stable order (assertion index, then rule id).
    """
    ctx = build_context(suite, test, run, outcomes, bench_dir)
    key = _static_key(ctx) if _TRIAL.remembering(suite) else None
    static = None if key is None else _STATIC.get(key)
    if static is None:
        findings = _findings(ctx, _STATIC_RULES)
        static = (findings, not_analysed(ctx), _explained(findings))
        if key is not None:
            if len(_STATIC) >= _STATIC_LIMIT:
                _STATIC.clear()
            _STATIC[key] = static
    else:
        _TRIAL.hits += 1
    ctx.explained = static[2]
    found = static[0] + _findings(ctx, _RUN_RULES)
    if len(found) > 1:  # (one finding or none: nothing to drop or order)
        found = _drop_superseded(found)
        found.sort(key=_finding_order)
    ordered = tuple(found)
    return Critique(ordered, overall_sentence(ordered, static[1]), test.id)


def _explained(findings: list[Finding]) -> frozenset[tuple[int | None, str | None]]:
    """The (index, name) of the test's own assertions that `trivial` found something
    about (`Context.explained`): the run rules it supersedes leave them out."""
    explained = NOTHING_EXPLAINED
    for finding in findings:  # (most tests: none of them `trivial`'s)
        if finding.rule == "trivial" and finding.index is not None:
            explained = explained | {(finding.index, finding.assertion)}
    return explained


def _finding_order(finding: Finding) -> tuple[int, str]:
    """Assertion index (the test's own findings first), then rule id."""
    return (-1 if finding.index is None else finding.index, finding.rule)


def _findings(ctx: Context, rules: tuple[tuple[str, Rule], ...]) -> list[Finding]:
    marks = ctx.marks
    return [
        Finding(assertion, index, rule_id, rule.severity, reason, evidence, fix)
        for rule_id, rule in rules
        if not rule.needs or rule.needs & marks
        for assertion, index, reason, evidence, fix in rule.check(ctx)
    ]


# The rules that read the eval alone (the test's assertions, input, criteria, reference and
# thresholds), not the run, its outcomes or the decoys: a suite that repeats a test (AgentV's
# examples replicated, say) gets their findings, and `not_analysed`, once per distinct test.
_FROM_THE_EVAL = frozenset((
    "trivial", "negative-only", "contradictory", "redundant", "runaway-regex",
    "uncovered-outcome", "generic-needle", "format-only", "vacuous-negation", "zero-weight",
))  # fmt: skip
_STATIC_RULES = tuple((k, r) for k, r in RULES.items() if k in _FROM_THE_EVAL)
_RUN_RULES = tuple((k, r) for k, r in RULES.items() if k not in _FROM_THE_EVAL)
_STATIC: dict[tuple[Any, ...], tuple[list[Finding], str, frozenset[Any]]] = {}
_STATIC_LIMIT = 5_000  # distinct tests remembered by a process, forgotten whole past it


class _Trial:
    """Whether remembering pays for the suite being critiqued: its first `TRIAL` tests in
    this process are keyed and remembered, and if fewer than one in `REPEATS` of them
    repeats an earlier one (every test distinct, as most hand-written suites are), the key
    (a few tuples and a `repr` a test) and the entries it keeps cost more than the memo
    saves (a hit saves about ten times what a miss costs), so its later tests are neither
    keyed nor remembered, and what was kept is dropped. A suite that repeats tests
    (AgentV's examples replicated) repeats them early. Findings are the same either way;
    a new suite starts a new trial."""

    __slots__ = ("suite", "tried", "hits", "keep")
    TRIAL = 256
    REPEATS = 16

    def __init__(self) -> None:
        self.suite: Suite | None = None
        self.tried = 0  # tests of `suite` keyed in its trial (one more once it is over)
        self.hits = 0  # tests found remembered
        self.keep = True  # the trial's verdict, once it is over

    def remembering(self, suite: Suite) -> bool:
        """Whether this test of `suite` is keyed."""
        if suite is not self.suite:
            self.suite, self.tried, self.hits, self.keep = suite, 0, 0, True
        tried = self.tried
        if tried < self.TRIAL:
            self.tried = tried + 1
            return True
        if tried == self.TRIAL:  # the trial is over: keep on only if it paid
            self.tried = tried + 1
            self.keep = self.hits * self.REPEATS >= tried
            if not self.keep:
                _STATIC.clear()
        return self.keep


_TRIAL = _Trial()


def _static_key(ctx: Context) -> tuple[Any, ...] | None:
    """Everything the rules of `_FROM_THE_EVAL` read of a test: each assertion's facts
    entry (it stands for the type, negation, problem and options: the entries are held
    here, so an id is never reused), display name, index and weight; the input, criteria,
    reference (`repr`), thresholds and eval folder. None for a test with `turns` (their
    assertions are built per test, not remembered)."""
    test = ctx.test
    if test.turns:
        return None
    walked = tuple([(facts, label, index, spec.weight) for spec, label, index, facts in ctx.walked])
    return (
        walked,
        ctx.input_text,
        test.criteria,
        ctx.expected_repr,
        test.threshold,
        test.threshold_source,
        ctx.base_run.eval_dir,
    )


def not_analysed(ctx: Context) -> str:
    """What the rules could not look into, counted: LLM-judged assertions (a judge's verdict
    cannot be probed), programs, trace and timing checks, other types the critique does not
    probe, and assertions inside `turns` (only their needles are read). "" when nothing."""
    counts = None  # made for the first assertion counted (most tests have none)
    walked = ctx.walked if ctx.marks & MARK_UNANALYSED else ()  # (most tests: none)
    for spec, _, _, _ in walked:
        kind = _KINDS.get(spec.type, _UNKNOWN)
        if kind is _UNKNOWN:
            kind = _KINDS[spec.type] = unanalysed_kind(spec.type)
        if kind is not None:
            if counts is None:
                counts = dict.fromkeys(_UNANALYSED, 0)
            counts[kind] += 1
    turns = len(ctx.turn_specs()) if ctx.test.turns else 0  # (none without `turns`)
    if counts is None:
        if not turns:
            return ""
        counts = dict.fromkeys(_UNANALYSED, 0)
    counts["in turns (needles only)"] = turns
    return ", ".join([f"{n} {what}" for what, n in counts.items() if n])


_UNANALYSED = ("LLM-judged", "program", "trace or timing", "other", "in turns (needles only)")
_UNKNOWN = "?"  # not looked up yet (a type's kind is a fact of the table: asked once)
_KINDS: dict[str, str | None] = {}


def _drop_superseded(found: list[Finding]) -> list[Finding]:
    won = {(f.index, f.assertion, f.rule) for f in found if f.rule in _WINNING}
    if not won:  # most tests: nothing to drop
        return found
    kept = []
    for f in found:
        for winner in _WINNERS.get(f.rule, ()):  # a loop, not any(): no generator per finding
            if (f.index, f.assertion, winner) in won:
                break
        else:
            kept.append(f)
    return kept
