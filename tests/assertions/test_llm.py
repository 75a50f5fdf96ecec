"""LLM-judged items (SPEC §5.6): pending with what the agent needs, then graded from its file."""

from __future__ import annotations

import hashlib
from typing import Any

import pytest

from agentv_grader import engine
from agentv_grader.assertions.llm import item_digest, response_digest
from agentv_grader.handoff import pending_items
from agentv_grader.load.assertions import ListContext, build_list
from agentv_grader.model import CheckItem, Outcome, RunData, Status, TestCase
from agentv_grader.rundata.records import LlmResult

RESPONSE = "Paris is the capital of France."


def _grade(
    assertions: list[Any], results: dict[str, LlmResult] | None = None, **test: Any
) -> tuple[tuple[Outcome, ...], TestCase]:
    specs = build_list(assertions, ListContext(test_id="t", eval_dir=".", variables={}))
    case = TestCase(
        id="t",
        suite="s",
        assertions=tuple(specs),
        threshold=0.8,
        threshold_source="default",
        input_text="What is the capital of France?",
        **test,
    )
    run = RunData(test=case, response=RESPONSE, llm_results=results or {})
    return engine.evaluate(case.assertions, run), case


def _judged(score: float, *checks: CheckItem, stem: str = "llm-rubric") -> dict[str, LlmResult]:
    path = f"llm_grader_results/{stem}.json"
    return {stem: LlmResult(path=path, score=score, assertions=checks)}


@pytest.mark.parametrize("kind", ["llm-rubric", "agent-rubric", "trajectory:goal-success"])
def test_without_a_result_file_the_item_is_pending_with_its_path(kind: str) -> None:
    (outcome,), _ = _grade([{"type": kind, "value": "Answers correctly"}])
    assert (outcome.status, outcome.score, outcome.passed) == (Status.PENDING, None, None)
    assert outcome.details["result_path"] == f"llm_grader_results/{kind.replace(':', '_')}.json"
    assert "write llm_grader_results/" in outcome.text


@pytest.mark.parametrize(
    ("score", "threshold", "status"),
    [(0.5, None, Status.PASSED), (0.49, None, Status.FAILED), (0.7, 0.8, Status.FAILED),
     (0.8, 0.8, Status.PASSED)],
)  # fmt: skip
def test_a_result_file_grades_the_item_by_its_threshold(
    score: float, threshold: float | None, status: Status
) -> None:
    item: dict[str, Any] = {"type": "llm-rubric", "value": "Answers correctly"}
    if threshold is not None:
        item["threshold"] = threshold
    check = CheckItem("Answers correctly", score >= 0.5, "says Paris")
    (outcome,), _ = _grade([item], _judged(score, check))
    assert (outcome.status, outcome.score, outcome.checks) == (status, score, (check,))
    assert "from llm_grader_results/llm-rubric.json" in outcome.evidence


def test_negation_applies_to_the_agents_judgement() -> None:
    item = {"type": "llm-rubric", "value": "Mentions Berlin", "negate": True}
    (outcome,), _ = _grade([item], _judged(0.0, CheckItem("Mentions Berlin", False)))
    assert (outcome.status, outcome.score) == (Status.PASSED, 1.0)
    (pending,), _ = _grade([item])
    assert pending.status is Status.PENDING


def test_a_malformed_result_file_is_an_error_naming_the_file() -> None:
    broken = {
        "llm-rubric": LlmResult(
            path="llm_grader_results/llm-rubric.json",
            problem="/run/t/llm_grader_results/llm-rubric.json: "
            "$.score: 2 is greater than the maximum of 1",
        )
    }
    (outcome,), _ = _grade([{"type": "llm-rubric", "value": "x", "negate": True}], broken)
    assert outcome.status is Status.ERROR and outcome.score == 0.0
    assert "llm-rubric.json: $.score: 2 is greater than the maximum of 1" in outcome.text


def test_agentv_config_only_keeps_the_item_pending_under_agentvs_name() -> None:
    config = {"tone & style": LlmResult(path="llm_grader_results/tone & style.json", judged=False)}
    (outcome,), _ = _grade([{"type": "llm-rubric", "metric": "tone & style", "value": "x"}], config)
    assert outcome.status is Status.PENDING
    assert outcome.details["result_path"] == "llm_grader_results/tone & style.json"


def test_items_sharing_a_name_get_distinct_result_files() -> None:
    outcomes, case = _grade(["Is polite", {"type": "llm-rubric", "value": "Is short"}])
    assert [o.details["result_path"] for o in outcomes] == [
        "llm_grader_results/rubrics.json",  # released AgentV's name for the plain strings
        "llm_grader_results/llm-rubric.json",
    ]
    two = [
        {"type": "llm-rubric", "value": "Is polite"},
        {"type": "llm-rubric", "value": "Is short"},
    ]
    outcomes, _ = _grade(two)
    assert [o.details["result_path"] for o in outcomes] == [
        "llm_grader_results/llm-rubric.json",
        "llm_grader_results/llm-rubric-2.json",
    ]
    results = _judged(1.0, stem="llm-rubric-2")
    outcomes, _ = _grade(two, results)
    assert [o.status for o in outcomes] == [Status.PENDING, Status.PASSED]


def test_pending_list_carries_criteria_rubrics_reference_and_path() -> None:
    outcomes, case = _grade(
        [
            "Mentions the capital",
            {"type": "llm-rubric", "metric": "tone", "value": "Polite", "threshold": 0.7},
            {
                "type": "agent-rubric",
                "metric": "weighted",
                "value": [{"outcome": "Cites a source", "weight": 3}, "Is short"],
                "prompt": "Be strict.",
            },
        ],
        criteria="Names Paris",
        expected_output="Paris",
    )
    first, second, third = pending_items(outcomes, case)
    against = first.pop("judged_against")  # what a result written for it is judged against
    assert against == {
        "response_sha256": response_digest(RESPONSE),
        "item_sha256": item_digest(case.assertions[0], case),
    }
    assert against["response_sha256"] == hashlib.sha256(RESPONSE.encode()).hexdigest()
    assert second["judged_against"]["item_sha256"] != against["item_sha256"]
    assert first == {
        "name": "rubrics",
        "assertion": "llm-rubric",
        "index": 0,
        "type": "llm-rubric",
        "input": [{"role": "user", "content": "What is the capital of France?"}],
        "criteria": "Names Paris",
        "test_criteria": "Names Paris",
        "prompt": None,
        "rubrics": [
            {"id": "rubric-1", "outcome": "Mentions the capital", "weight": 1, "required": True}
        ],
        "scoring": "checklist",
        "reference": "Paris",
        "threshold": 0.5,
        "weight": 1.0,
        "required": False,
        "negate": False,
        "result_path": "llm_grader_results/rubrics.json",
        "agentv_result_path": "llm_grader_results/rubrics.json",
        "instructions": first["instructions"],
    }
    assert (second["criteria"], second["rubrics"], second["threshold"]) == ("Polite", [], 0.7)
    assert (second["name"], second["scoring"]) == ("tone", "score")
    assert third["rubrics"] == [
        {"id": "rubric-1", "outcome": "Cites a source", "weight": 3, "required": True},
        {"id": "rubric-2", "outcome": "Is short", "weight": 1, "required": True},
    ]
    assert (
        third["criteria"] == "Be strict.\n\nNames Paris" and "transcript" in third["instructions"]
    )


def test_goal_success_criteria_fall_back_to_the_test() -> None:
    outcomes, case = _grade([{"type": "trajectory:goal-success"}])
    (item,) = pending_items(outcomes, case)
    assert item["criteria"] == "What is the capital of France?"
    assert "transcript" in item["instructions"]


def test_nested_items_are_listed_with_their_groups() -> None:
    members = [{"type": "contains", "value": "Paris"}, {"type": "llm-rubric", "metric": "tone"}]
    group = {"type": "assert-set", "metric": "quality", "assert": members}
    outcomes, case = _grade([group])
    (item,) = pending_items(outcomes, case)
    assert (item["name"], item["within"], item["result_path"]) == (
        "tone",
        ["quality"],
        "llm_grader_results/tone.json",
    )


@pytest.mark.parametrize(
    ("item", "fragment"),
    [
        ({"type": "llm-rubric", "value": 42}, "value must be the criteria"),
        ({"type": "llm-rubric", "value": [{"weight": 1}]}, "rubric 'rubric-1' has no outcome"),
        ({"type": "llm-rubric", "value": [{"outcome": "x", "weight": -1}]}, "weight must be"),
        ({"type": "trajectory:goal-success", "value": ["x"]}, "goal as text"),
        ({"type": "llm-rubric", "value": "x", "threshold": 2}, "threshold must be"),
    ],
)
def test_bad_configuration_is_an_error(item: dict[str, Any], fragment: str) -> None:
    (outcome,), _ = _grade([item])
    assert outcome.status is Status.ERROR and fragment in outcome.text, outcome.text
