"""Judging one LLM item with AgentV's arithmetic (agentv_grader.judging, SPEC §5.6).

The expected figures are AgentV's own rules (`llm-grader.ts` `calculateRubricScore` and
`calculateScoreRangeResult`, released 4.42.4 and main alike) worked by hand.
"""

from __future__ import annotations

from typing import Any

import pytest

from agentv_grader.errors import SpecError
from agentv_grader.judging import (
    ItemJudgement,
    JudgementError,
    RubricItem,
    ScoreRange,
    judge,
    rubric_items,
    scoring_mode,
)

RANGES = [
    {"score_range": [0, 3], "outcome": "wrong"},
    {"score_range": [4, 6], "outcome": "partly right"},
    {"score_range": [7, 10], "outcome": "right"},
]


def test_every_rubric_shape_agentv_accepts_is_read_with_all_fields() -> None:
    items = rubric_items(
        [
            "Is polite",
            {"id": "cites", "outcome": "Cites a source", "weight": 3, "required": False},
            {"criteria": "Uses v4's criteria key", "operator": "contradiction"},
            {"id": "depth", "outcome": "Depth", "score_ranges": RANGES, "min_score": 0.6},
            {"id": "short", "score_ranges": {0: "long", 5: "short enough", 9: "terse"}},
            {"id": "legacy", "outcome": "Legacy", "required_min_score": 7},
            {"id": "odd", "outcome": "Unknown operator", "operator": "fuzzy"},
        ]
    )
    assert [i.to_json() for i in items] == [
        {"id": "rubric-1", "outcome": "Is polite", "weight": 1.0, "required": True},
        {"id": "cites", "outcome": "Cites a source", "weight": 3.0, "required": False},
        {"id": "rubric-3", "outcome": "Uses v4's criteria key", "weight": 1.0, "required": True,
         "operator": "contradiction"},
        {"id": "depth", "outcome": "Depth", "weight": 1.0, "required": False, "min_score": 0.6,
         "score_ranges": RANGES},
        {"id": "short", "outcome": None, "weight": 1.0, "required": False, "score_ranges": [
            {"score_range": [0, 4], "outcome": "long"},
            {"score_range": [5, 8], "outcome": "short enough"},
            {"score_range": [9, 10], "outcome": "terse"}]},
        {"id": "legacy", "outcome": "Legacy", "weight": 1.0, "required": True, "min_score": 0.7},
        {"id": "odd", "outcome": "Unknown operator", "weight": 1.0, "required": True},
    ]  # fmt: skip
    assert scoring_mode(items) == "score_ranges"
    assert scoring_mode(items[:2]) == "checklist" and scoring_mode(()) == "score"


@pytest.mark.parametrize(
    ("raw", "fragment"),
    [
        ([{"weight": 1}], "has no outcome"),
        ([{"outcome": "x", "min_score": 0}], "min_score must be in (0, 1]"),
        ([{"outcome": "x", "required_min_score": 7.5}], "integer 0-10"),
        ([{"outcome": "x", "weight": -1}], "weight must be"),
        ([{"outcome": "x", "score_ranges": [{"score_range": [0, 5], "outcome": "a"}]}],
         "leave scores 6, 7, 8, 9, 10 uncovered"),
        ([{"outcome": "x", "score_ranges": [{"score_range": [0, 6], "outcome": "a"},
                                            {"score_range": [5, 10], "outcome": "b"}]}],
         "overlap"),
        ([{"outcome": "x", "score_ranges": {3: "a"}}], "must start at 0"),
        ([{"outcome": "x", "score_ranges": [{"score_range": [0, 10]}]}], "has no outcome"),
        ([{"id": "a", "outcome": "x"}, {"id": "a", "outcome": "y"}], "repeated: a"),
        ([42], "must be a string or a mapping"),
    ],
)  # fmt: skip
def test_rubric_items_agentv_refuses_are_refused_with_the_reason(raw: Any, fragment: str) -> None:
    with pytest.raises(SpecError, match=None) as caught:
        rubric_items(raw)
    assert fragment in str(caught.value)


def _checklist() -> tuple[RubricItem, ...]:
    return rubric_items(
        [
            {"id": "a", "outcome": "Names Paris", "weight": 2},
            {"id": "b", "outcome": "Is one sentence", "weight": 1, "required": False},
            {"id": "c", "outcome": "Is polite", "weight": 1},
        ]
    )


def test_checklist_score_is_the_met_weight_and_a_required_miss_fails_the_verdict() -> None:
    items = _checklist()
    result = judge(
        items,
        [
            ItemJudgement("a", met=True, evidence="line 1: Paris"),
            ItemJudgement("b", met=False, evidence="two sentences"),
            ItemJudgement("c", met=True, evidence="thanks"),
        ],
    )
    assert result.score == pytest.approx(3 / 4) and result.required_failed == ()
    assert [(c.text, c.passed, c.evidence) for c in result.assertions] == [
        ("[a] Names Paris", True, "line 1: Paris"),
        ("[b] Is one sentence", False, "two sentences"),
        ("[c] Is polite", True, "thanks"),
    ]
    missed = judge(
        items,
        [ItemJudgement("a", met=True), ItemJudgement("b", met=True), ItemJudgement("c", met=False)],
    )
    # AgentV keeps the score (3/4) and fails the verdict; `pipeline bench` counts the score.
    assert (missed.score, missed.required_failed) == (pytest.approx(3 / 4), ("c",))


def test_score_ranges_are_normalised_weighted_and_gated_by_min_score() -> None:
    items = rubric_items(
        [
            {"id": "depth", "outcome": "Depth", "score_ranges": RANGES, "weight": 3},
            {"id": "tone", "outcome": "Tone", "score_ranges": RANGES, "min_score": 0.5},
            {"id": "facts", "outcome": "Facts are right"},  # no ranges: scored 0-10 too
        ]
    )
    result = judge(
        items,
        [
            ItemJudgement("depth", score=8, evidence="covers both"),
            ItemJudgement("tone", score=4, evidence="curt"),
            ItemJudgement("facts", score=10),
        ],
    )
    assert result.score == pytest.approx((0.8 * 3 + 0.4 + 1.0) / 5)
    assert result.required_failed == ("tone",)
    assert [(c.text, c.passed) for c in result.assertions] == [
        ("[depth] Depth - Score: 8/10 (right)", True),
        ("[tone] Tone - Score: 4/10 (partly right)", False),
        # released AgentV: `required: true` (the checklist default) means 10/10 is needed
        ("[facts] Facts are right - Score: 10/10 ()", True),
    ]
    assert result.raw_scores == {"depth": 8, "tone": 4, "facts": 10}
    assert result.to_json("quality")["details"]["raw_scores"] == {
        "depth": 8,
        "tone": 4,
        "facts": 10,
    }


def test_an_item_without_rubric_items_takes_the_agents_score() -> None:
    result = judge((), [], score=0.7, evidence="mostly right", threshold=0.5)
    assert result.score == 0.7 and result.mode == "score"
    ((check),) = result.assertions
    assert (check.passed, check.evidence) == (True, "mostly right")
    content = result.to_json("refusal")
    assert (content["name"], content["score"], content["summary"]["total"]) == ("refusal", 0.7, 1)
    assert content["graded_by"] == "agentv-grade judge"


@pytest.mark.parametrize(
    ("items", "judgements", "score", "fragment"),
    [
        ("checklist", [("a", True, None)], None, "missing: b, c"),
        ("checklist", [("a", True, None), ("b", True, None), ("c", True, None), ("z", True, None)],
         None, "unknown rubric id 'z'"),
        ("checklist", [("a", True, None), ("a", False, None)], None, "judged twice"),
        ("checklist", [("a", None, 7), ("b", True, None), ("c", True, None)], None,
         "give pass or fail"),
        ("checklist", [("a", True, None), ("b", True, None), ("c", True, None)], 0.5,
         "not --score"),
        ("ranges", [("d", None, 11)], None, "integer 0-10"),
        ("ranges", [("d", None, 6.5)], None, "integer 0-10"),
        ("ranges", [("d", True, None)], None, "integer 0-10"),
        ("none", [], None, "give the item's score"),
        ("none", [], 1.5, "give the item's score"),
        ("none", [("a", True, None)], 0.5, "no rubric items"),
    ],
)  # fmt: skip
def test_judgements_that_do_not_fit_the_item_are_refused(
    items: str, judgements: list[tuple[str, bool | None, float | None]], score: Any, fragment: str
) -> None:
    rubric = {
        "checklist": _checklist(),
        "ranges": (RubricItem("d", "Depth", 1.0, False, score_ranges=(ScoreRange(0, 10, "x"),)),),
        "none": (),
    }[items]
    given = [ItemJudgement(i, met=m, score=s) for i, m, s in judgements]
    with pytest.raises(JudgementError) as caught:
        judge(rubric, given, score=score)
    assert fragment in str(caught.value)
