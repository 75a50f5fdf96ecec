"""Judging one LLM item the way AgentV scores it (SPEC §5.6, issue 19).

The grader agent says, per rubric item, whether it is met (or, for AgentV's analytic
rubrics with `score_ranges`, an integer 0–10) and why; this module turns that into the
item's score with AgentV's own rules (`llm-grader.ts` `calculateRubricScore` and
`calculateScoreRangeResult`), so the agent never does the arithmetic and a grader that
follows AgentV's prompt and one that uses `agentv-grade judge` write the same file:

- checklist rubrics: score = weight of the items met / weight of all items; a `required`
  item (the default for checklist items) that is not met makes the item's verdict `fail`
  but leaves the score as it is (AgentV's rule: `pipeline bench` counts the score);
- score-range rubrics (any item has `score_ranges`): every item gets 0–10, normalised to
  0–1, weighted mean; an item passes at 7 or more and not below its `min_score`; an item
  below its `min_score` (released AgentV also: `required: true` means 10/10) fails the
  verdict;
- no rubric items: the agent gives the score (0–1) itself.

`rubric_items` reads every rubric shape AgentV accepts (strings, `{id?, outcome | criteria,
weight?, required?, min_score?, required_min_score?, operator?, score_ranges?}`, the
`score_ranges` shorthand map `{0: "…", 5: "…"}`) into one typed form, refusing what
AgentV refuses, with its reasons.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, TypeGuard

from .errors import SpecError
from .jsontext import is_finite_number
from .model import CheckItem
from .record import Record, field

RUBRIC_OPERATORS = ("correctness", "contradiction")
# AgentV's pass mark for one score-range item (raw score out of 10).
RANGE_ITEM_PASS = 7
JUDGED_BY = "agentv-grade judge"


class ScoreRange(Record):
    """One band of an analytic rubric item: integer scores `low`..`high` (0–10) mean `outcome`."""

    low: int
    high: int
    outcome: str

    def to_json(self) -> dict[str, Any]:
        return {"score_range": [self.low, self.high], "outcome": self.outcome}


class RubricItem(Record):
    """One rubric item as AgentV reads it; `min_score` is on AgentV's 0–1 scale."""

    id: str
    outcome: str | None
    weight: float
    required: bool
    min_score: float | None = None
    operator: str | None = None
    score_ranges: tuple[ScoreRange, ...] = ()

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"id": self.id, "outcome": self.outcome, "weight": self.weight}
        out["required"] = self.required
        if self.min_score is not None:
            out["min_score"] = self.min_score
        if self.operator is not None:
            out["operator"] = self.operator
        if self.score_ranges:
            out["score_ranges"] = [r.to_json() for r in self.score_ranges]
        return out


def rubric_items(raw: Sequence[Any]) -> tuple[RubricItem, ...]:
    """Every rubric shape AgentV accepts, in order.

    Raises:
        SpecError: an item AgentV refuses (bad `min_score`, `score_ranges` that overlap or
            leave a score uncovered, no outcome) or a value of the wrong kind.
    """
    items = [_item(entry, position) for position, entry in enumerate(raw, start=1)]
    ids = [i.id for i in items]
    duplicates = sorted({i for i in ids if ids.count(i) > 1})
    if duplicates:
        raise SpecError(f"rubric ids must be distinct; repeated: {', '.join(duplicates)}")
    return tuple(items)


def scoring_mode(items: Sequence[RubricItem]) -> str:
    """`score_ranges` when any item is analytic (AgentV then scores every item 0–10),
    `checklist` with items, `score` without."""
    if not items:
        return "score"
    return "score_ranges" if any(i.score_ranges for i in items) else "checklist"


def _item(entry: Any, position: int) -> RubricItem:
    default_id = f"rubric-{position}"
    if isinstance(entry, str):
        if not entry.strip():
            raise SpecError(f"rubric item {position} is an empty string")
        return RubricItem(id=default_id, outcome=entry.strip(), weight=1.0, required=True)
    if not isinstance(entry, Mapping):
        raise SpecError(
            f"rubric item {position} must be a string or a mapping with 'outcome', got {entry!r}"
        )
    rid = entry.get("id", default_id)
    rid = str(rid) if isinstance(rid, (str, int)) and not isinstance(rid, bool) else default_id
    outcome = entry.get("outcome", entry.get("criteria"))
    outcome = outcome if isinstance(outcome, str) and outcome.strip() else None
    weight = entry.get("weight", 1)
    if not _number(weight) or weight < 0:
        raise SpecError(f"rubric '{rid}': weight must be a number ≥ 0, got {weight!r}")
    min_score = _min_score(entry, rid)
    operator = entry.get("operator")
    if operator is not None and operator not in RUBRIC_OPERATORS:
        operator = None  # AgentV ignores an unknown operator with a warning
    raw_ranges = entry.get("score_ranges", entry.get("score_range"))
    ranges = _score_ranges(raw_ranges, rid) if raw_ranges is not None else ()
    required = entry.get("required")
    if ranges:
        return RubricItem(
            id=rid,
            outcome=outcome,
            weight=float(weight),
            required=required is True,
            min_score=min_score,
            operator=operator,
            score_ranges=ranges,
        )
    if outcome is None:
        raise SpecError(f"rubric '{rid}' has no outcome (a non-empty 'outcome' string)")
    return RubricItem(
        id=rid,
        outcome=outcome,
        weight=float(weight),
        required=required if isinstance(required, bool) else True,  # AgentV's default
        min_score=min_score,
        operator=operator,
    )


def _min_score(entry: Mapping[str, Any], rid: str) -> float | None:
    raw = entry.get("min_score")
    if _number(raw):
        if not 0 < raw <= 1:
            raise SpecError(f"rubric '{rid}': min_score must be in (0, 1], got {raw!r}")
        return float(raw)
    legacy = entry.get("required_min_score")
    if _number(legacy):
        if legacy != int(legacy) or not 0 <= legacy <= 10:
            raise SpecError(
                f"rubric '{rid}': required_min_score must be an integer 0-10, got {legacy!r}"
            )
        return int(legacy) / 10
    return None


def _score_ranges(raw: Any, rid: str) -> tuple[ScoreRange, ...]:
    """AgentV's `score_ranges`: a list of `{score_range: [lo, hi], outcome}` covering every
    integer 0–10 once, or the shorthand map `{0: "…", 4: "…"}` (each key starts a band)."""
    if isinstance(raw, Mapping):
        raw = _shorthand(raw, rid)
    if not isinstance(raw, list) or not raw:
        raise SpecError(f"rubric '{rid}': score_ranges must be a list or a shorthand map")
    ranges: list[ScoreRange] = []
    for index, band in enumerate(raw):
        bounds = band.get("score_range") if isinstance(band, Mapping) else None
        if (
            not isinstance(bounds, list)
            or len(bounds) != 2
            or not all(_number(b) and b == int(b) and 0 <= b <= 10 for b in bounds)
            or bounds[0] > bounds[1]
        ):
            raise SpecError(
                f"rubric '{rid}': score_ranges[{index}] needs score_range [min, max], integers "
                f"0-10 with min <= max, got {bounds!r}"
            )
        outcome = band.get("outcome") if isinstance(band, Mapping) else None
        if not isinstance(outcome, str) or not outcome:
            raise SpecError(f"rubric '{rid}': score_ranges[{index}] has no outcome")
        ranges.append(ScoreRange(int(bounds[0]), int(bounds[1]), outcome))
    ordered = sorted(ranges, key=lambda r: r.low)
    for before, after in zip(ordered, ordered[1:], strict=False):
        if after.low <= before.high:
            raise SpecError(
                f"rubric '{rid}': score_ranges [{before.low}, {before.high}] and "
                f"[{after.low}, {after.high}] overlap"
            )
    covered = {s for r in ranges for s in range(r.low, r.high + 1)}
    missing = [str(s) for s in range(11) if s not in covered]
    if missing:
        raise SpecError(
            f"rubric '{rid}': score_ranges leave scores {', '.join(missing)} uncovered "
            f"(they must cover every integer 0-10)"
        )
    return tuple(ranges)


def _shorthand(raw: Mapping[Any, Any], rid: str) -> list[dict[str, Any]]:
    starts: list[int] = []
    for key, text in raw.items():
        try:
            start = int(str(key))
        except ValueError:
            raise SpecError(f"rubric '{rid}': score_ranges key {key!r} is not 0-10") from None
        if not 0 <= start <= 10 or not isinstance(text, str) or not text:
            raise SpecError(f"rubric '{rid}': score_ranges entry {key!r}: {text!r} is invalid")
        starts.append(start)
    starts.sort()
    if starts[0] != 0:
        raise SpecError(f"rubric '{rid}': the score_ranges shorthand must start at 0")
    by_start = {int(str(k)): v for k, v in raw.items()}
    ends = [*(s - 1 for s in starts[1:]), 10]
    return [
        {"score_range": [s, e], "outcome": by_start[s]} for s, e in zip(starts, ends, strict=True)
    ]


# ------------------------------------------------------------------ the agent's judgement


class ItemJudgement(Record):
    """The agent's judgement of one rubric item: met or not (checklist) or 0–10 (ranges)."""

    id: str
    met: bool | None = None
    score: float | None = None
    evidence: str = ""


class JudgedResult(Record):
    """An item's result as AgentV's `pipeline bench` reads it, plus what AgentV's verdict
    adds: the rubric items that decided a `fail` whatever the score."""

    score: float
    assertions: tuple[CheckItem, ...]
    required_failed: tuple[str, ...] = ()
    mode: str = "score"
    raw_scores: Mapping[str, float] = field(default_factory=dict)

    def to_json(self, name: str) -> dict[str, Any]:
        """The `llm_grader_results/<name>.json` file: `score` and `assertions` (all AgentV
        reads), the grader prompt's `summary`, and how it was computed."""
        passed = sum(1 for a in self.assertions if a.passed)
        total = len(self.assertions)
        details: dict[str, Any] = {
            "scoring": self.mode,
            "required_failed": list(self.required_failed),
        }
        if self.raw_scores:
            details["raw_scores"] = dict(self.raw_scores)
        return {
            "name": name,
            "score": self.score,
            "assertions": [
                {"text": a.text, "passed": a.passed, "evidence": a.evidence}
                for a in self.assertions
            ],
            "summary": {
                "passed": passed,
                "failed": total - passed,
                "total": total,
                "pass_rate": passed / total if total else (1.0 if self.score >= 0.5 else 0.0),
            },
            "details": details,
            "graded_by": JUDGED_BY,
        }


class JudgementError(ValueError):
    """The agent's judgement does not fit the item (unknown or missing ids, a score out of
    range): the message says what to give instead."""


def judge(
    items: Sequence[RubricItem],
    judgements: Sequence[ItemJudgement],
    *,
    score: float | None = None,
    evidence: str = "",
    threshold: float = 0.5,
) -> JudgedResult:
    """The item's result from the agent's judgements, with AgentV's arithmetic.

    Raises:
        JudgementError: judgements that do not match the item's rubric (every item needs
            exactly one; checklist items a met/not met, score-range items an integer 0–10),
            or a missing or out-of-range `score` for an item without rubric items.
    """
    mode = scoring_mode(items)
    if mode == "score":
        return _free_score(judgements, score, evidence, threshold)
    if score is not None:
        raise JudgementError(
            "this item has rubric items: judge each one (the score is computed), not --score"
        )
    by_id = _match(items, judgements)
    if mode == "checklist":
        return _checklist(items, by_id)
    return _ranges(items, by_id)


def _match(
    items: Sequence[RubricItem], judgements: Sequence[ItemJudgement]
) -> dict[str, ItemJudgement]:
    known = [i.id for i in items]
    by_id: dict[str, ItemJudgement] = {}
    for j in judgements:
        if j.id not in known:
            raise JudgementError(f"unknown rubric id {j.id!r}; the item's ids: {', '.join(known)}")
        if j.id in by_id:
            raise JudgementError(f"rubric id {j.id!r} is judged twice")
        by_id[j.id] = j
    missing = [i for i in known if i not in by_id]
    if missing:
        raise JudgementError(f"judge every rubric item; missing: {', '.join(missing)}")
    return by_id


def _checklist(items: Sequence[RubricItem], by_id: Mapping[str, ItemJudgement]) -> JudgedResult:
    total = earned = 0.0
    checks: list[CheckItem] = []
    required_failed: list[str] = []
    for item in items:
        j = by_id[item.id]
        if j.met is None or j.score is not None:
            raise JudgementError(
                f"rubric {item.id!r} is a checklist item: give pass or fail, not a score"
            )
        total += item.weight
        if j.met:
            earned += item.weight
        elif item.required:
            required_failed.append(item.id)
        checks.append(
            CheckItem(text=f"[{item.id}] {item.outcome}", passed=j.met, evidence=j.evidence)
        )
    value = min(1.0, max(0.0, earned / total)) if total > 0 else 0.0
    return JudgedResult(value, tuple(checks), tuple(required_failed), "checklist")


def _ranges(items: Sequence[RubricItem], by_id: Mapping[str, ItemJudgement]) -> JudgedResult:
    total = weighted = 0.0
    checks: list[CheckItem] = []
    required_failed: list[str] = []
    raw_scores: dict[str, float] = {}
    for item in items:
        j = by_id[item.id]
        raw = j.score
        if raw is None or j.met is not None or raw != int(raw) or not 0 <= raw <= 10:
            raise JudgementError(
                f"rubric {item.id!r} is scored on AgentV's 0-10 scale: give an integer 0-10"
            )
        raw_scores[item.id] = int(raw)
        normalised = raw / 10
        total += item.weight
        weighted += normalised * item.weight
        floor = item.min_score if item.min_score is not None else (1.0 if item.required else None)
        below = floor is not None and normalised < floor
        if below:
            required_failed.append(item.id)
        band = next((r.outcome for r in item.score_ranges if r.low <= raw <= r.high), "")
        label = item.outcome or item.id
        checks.append(
            CheckItem(
                text=f"[{item.id}] {label} - Score: {int(raw)}/10 ({band})",
                passed=not below and raw >= RANGE_ITEM_PASS,
                evidence=j.evidence,
            )
        )
    value = min(1.0, max(0.0, weighted / total)) if total > 0 else 0.0
    return JudgedResult(value, tuple(checks), tuple(required_failed), "score_ranges", raw_scores)


def _free_score(
    judgements: Sequence[ItemJudgement], score: float | None, evidence: str, threshold: float
) -> JudgedResult:
    if judgements:
        raise JudgementError("this item has no rubric items: give one --score 0..1 instead")
    if score is None or not _number(score) or not 0 <= score <= 1:
        raise JudgementError(f"give the item's score as a number 0..1, got {score!r}")
    check = CheckItem(
        text=f"Grader agent's score {score:g} (passes at {threshold:g})",
        passed=score >= threshold,
        evidence=evidence,
    )
    return JudgedResult(float(score), (check,), (), "score")


def _number(value: Any) -> TypeGuard[float]:
    return is_finite_number(value)


def judgements_from_json(data: Any) -> tuple[list[ItemJudgement], float | None, str]:
    """The agent's judgement as JSON: `{"checks": [{"id", "passed" | "satisfied" | "score",
    "evidence" | "reasoning"}], "score"?, "evidence"?}` (AgentV's own judge output,
    `checks[].satisfied` / `checks[].score` with `reasoning`, is accepted as it is).

    Raises:
        JudgementError: anything else, naming the part that is wrong.
    """
    if not isinstance(data, Mapping):
        raise JudgementError('the judgement must be a JSON object {"checks": [...]} ')
    raw_checks = data.get("checks", [])
    if not isinstance(raw_checks, list):
        raise JudgementError("checks must be a list of {id, passed | score, evidence}")
    judgements: list[ItemJudgement] = []
    for position, raw in enumerate(raw_checks):
        if not isinstance(raw, Mapping) or not isinstance(raw.get("id"), (str, int)):
            raise JudgementError(f"checks[{position}] needs an 'id' (the rubric item's id)")
        met = raw.get("passed", raw.get("satisfied"))
        score = raw.get("score")
        if met is not None and not isinstance(met, bool):
            raise JudgementError(f"checks[{position}].passed must be true or false")
        if score is not None and not _number(score):
            raise JudgementError(f"checks[{position}].score must be a number 0-10")
        evidence = raw.get("evidence", raw.get("reasoning", ""))
        judgements.append(
            ItemJudgement(str(raw["id"]), met=met, score=score, evidence=str(evidence or ""))
        )
    whole = data.get("score")
    if whole is not None and not _number(whole):
        raise JudgementError("score must be a number 0..1")
    evidence = data.get("evidence", data.get("reasoning", data.get("overall_reasoning", "")))
    return judgements, whole, str(evidence or "")
