"""The critique's data: what a rule found (`Hit`), the reported `Finding`, the `Critique`.

Shapes follow SPEC §6.2: `eval_critique.json` is `Critique.to_json()`, and
`eval_critique.md` is `Critique.to_markdown()`, which says the same for people.
"""

from __future__ import annotations

from collections import namedtuple
from typing import TYPE_CHECKING, Any, NamedTuple

from ..record import Record

SOLID = "No suggestions, evals look solid."
SEVERITIES = ("high", "medium", "low")
_RANK = {severity: rank for rank, severity in enumerate(SEVERITIES)}


if TYPE_CHECKING:

    class Hit(NamedTuple):
        """One thing a rule noticed; the rule table adds its id and severity (`Finding`).

        `assertion`/`index` are None for a finding about the whole test. A named tuple,
        not a `Record`: made for every finding and read once, by `critique._findings`,
        for a third of what a record costs to make.
        """

        assertion: str | None
        index: int | None  # type: ignore[assignment]  # (hides tuple.index: never asked)
        reason: str
        evidence: str
        fix: str

else:  # the same class, made without `typing.NamedTuple`'s field checks (`_record`)
    Hit = namedtuple("Hit", ("assertion", "index", "reason", "evidence", "fix"))


class Finding(Record):
    """One suggestion of `eval_critique.json` (SPEC §6.2)."""

    assertion: str | None
    index: int | None
    rule: str
    severity: str  # high | medium | low
    reason: str
    evidence: str
    fix: str

    def to_json(self) -> dict[str, Any]:
        return {
            "assertion": self.assertion,
            "index": self.index,
            "rule": self.rule,
            "severity": self.severity,
            "reason": self.reason,
            "evidence": self.evidence,
            "fix": self.fix,
        }

    @property
    def target(self) -> str:
        """How a person names what the finding is about."""
        if self.assertion is None:
            return "the test"
        if self.index is None:  # an assertion inside a turn: its label says which
            return f"'{self.assertion}'"
        return f"assertion {self.index} '{self.assertion}'"


class Critique(Record):
    """A test's suggestions in stable order (assertion index, then rule id) and one sentence."""

    suggestions: tuple[Finding, ...]
    overall: str
    test_id: str | None = None

    def to_json(self) -> dict[str, Any]:
        """`{"suggestions": [...], "overall": ...}`, SPEC §6.2's shape."""
        return {"suggestions": [f.to_json() for f in self.suggestions], "overall": self.overall}

    def tally(self) -> tuple[int, int, int, bool]:
        """Its suggestions by severity (high, medium, low), and whether it is `SOLID`: what
        the suite's counts read of it (`suite_critique.share`), in one pass."""
        high = medium = low = 0
        for finding in self.suggestions:
            severity = finding.severity
            if severity == "high":
                high += 1
            elif severity == "medium":
                medium += 1
            elif severity == "low":
                low += 1
        return high, medium, low, self.overall == SOLID

    def to_markdown(self) -> str:
        """The same suggestions for people: a summary line, then one section per finding."""
        title = f"# Eval critique: `{self.test_id}`" if self.test_id else "# Eval critique"
        return self._markdown(title, "##")

    def markdown_section(self, test_id: str) -> str:
        """The test's section of a suite's `eval_critique.md` (SPEC §6.2): the text of
        `to_markdown`, titled by the test id, every heading one level down."""
        return self._markdown(f"## `{test_id}`", "###")

    def _markdown(self, title: str, level: str) -> str:
        """The title, the sentence, then each finding's section after a blank line: its
        heading, a blank line, why, evidence and fix (one text a finding)."""
        sections = [
            f"\n{level} {number}. [{f.severity}] `{f.rule}`: {f.target}\n\n"
            f"- **Why:** {f.reason}\n- **Evidence:** {f.evidence}\n- **Fix:** {f.fix}\n"
            for number, f in enumerate(self.suggestions, start=1)
        ]
        return f"{title}\n\n{self.overall}\n{''.join(sections)}".rstrip("\n") + "\n"


def overall_sentence(findings: tuple[Finding, ...], unanalysed: str = "") -> str:
    """One sentence: the count by severity and the most severe finding, and what the rules
    could not look into (`unanalysed`, counted), so that "looks solid" is never said of
    what was not read (SPEC §6.2)."""
    if not findings:
        if not unanalysed:
            return SOLID
        return f"No suggestions on what the critique can check; not analysed: {unanalysed}."
    counts = dict.fromkeys(SEVERITIES, 0)
    worst, worst_rank = findings[0], len(SEVERITIES)
    for finding in findings:  # one pass: the counts, and the first of the most severe
        counts[finding.severity] += 1
        rank = _RANK[finding.severity]
        if rank < worst_rank:
            worst, worst_rank = finding, rank
    listed = ", ".join([f"{n} {s}" for s, n in counts.items() if n])
    noun = "suggestion" if len(findings) == 1 else "suggestions"
    reason = worst.reason.rstrip(".")
    unchecked = f"; not analysed: {unanalysed}" if unanalysed else ""
    return (
        f"{len(findings)} {noun} ({listed}); most severe: [{worst.rule}] on {worst.target}: "
        f"{reason}{unchecked}."
    )
