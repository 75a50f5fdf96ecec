"""Reading the grader agent's LLM result files (SPEC §5.6): valid, malformed, AgentV names."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from agentv_grader.model import CheckItem
from agentv_grader.rundata import llm_results
from agentv_grader.rundata.llm_results import ItemKey, choose_stems, read_llm_results
from agentv_grader.rundata.records import AgentvLlmConfig, LlmResult


def _write(test_dir: Path, stem: str, content: Any, folder: str = "llm_grader_results") -> Path:
    path = test_dir / folder / f"{stem}.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(content if isinstance(content, str) else json.dumps(content), "utf-8")
    return path


def test_no_test_dir_and_no_folder_mean_no_results(tmp_path: Path) -> None:
    assert read_llm_results(None) == {}
    assert read_llm_results(str(tmp_path)) == {}


def test_a_valid_file_is_read_with_its_checks(tmp_path: Path) -> None:
    _write(
        tmp_path,
        "llm-rubric",
        {
            "score": 0.5,
            "assertions": [
                {"text": "Names the capital", "passed": True, "evidence": "says Paris"},
                {"text": "Extra check", "passed": False},
            ],
            "summary": {"passed": 1},  # extra fields are allowed
        },
    )
    result = read_llm_results(str(tmp_path))["llm-rubric"]
    assert (result.path, result.judged, result.score, result.problem) == (
        "llm_grader_results/llm-rubric.json",
        True,
        0.5,
        None,
    )
    assert result.assertions == (
        CheckItem("Names the capital", True, "says Paris"),
        CheckItem("Extra check", False, ""),
    )


@pytest.mark.parametrize(
    ("content", "fragment"),
    [
        ("{not json", "is not valid JSON"),
        ("[1, 2]", "$: [1, 2] is not of type 'object'"),
        ({"assertions": []}, "'score' is a required property"),
        ({"score": 1.5, "assertions": []}, "$.score: 1.5 is greater than the maximum of 1"),
        ({"score": "0.5", "assertions": []}, "$.score: '0.5' is not of type 'number'"),
        ({"score": True, "assertions": []}, "$.score: True is not of type 'number'"),
        ({"score": 0.5}, "'assertions' is a required property"),
        ({"score": 0.5, "assertions": [{"text": "x", "passed": "yes"}]}, "$.assertions[0].passed"),
        ({"score": 0.5, "assertions": [{"passed": True}]}, "'text' is a required property"),
        ('{"score": NaN, "assertions": []}', "is not valid JSON"),
    ],
)
def test_a_malformed_file_is_a_problem_naming_the_file(
    tmp_path: Path, content: Any, fragment: str
) -> None:
    path = _write(tmp_path, "judge", content)
    result = read_llm_results(str(tmp_path))["judge"]
    assert result.problem is not None and result.score is None
    assert str(path) in result.problem and fragment in result.problem, result.problem


def test_a_file_over_the_size_limit_is_a_problem(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(llm_results, "MAX_RESULT_BYTES", 10)
    _write(tmp_path, "big", {"score": 1, "assertions": []})
    problem = read_llm_results(str(tmp_path))["big"].problem
    assert problem is not None and "over the 10 bytes limit" in problem


def test_a_directory_or_non_utf8_file_is_a_problem(tmp_path: Path) -> None:
    (tmp_path / "llm_grader_results" / "dir.json").mkdir(parents=True)
    (tmp_path / "llm_grader_results" / "bin.json").write_bytes(b'{"score": "\xff"}')
    found = read_llm_results(str(tmp_path))
    assert "is a directory" in (found["dir"].problem or "")
    assert "is not UTF-8" in (found["bin"].problem or "")


def test_agentv_config_names_are_listed_as_not_judged(tmp_path: Path) -> None:
    _write(tmp_path, "tone & style", {"name": "tone & style"}, folder="llm_graders")
    entry = read_llm_results(str(tmp_path))["tone & style"]
    assert (entry.judged, entry.path) == (False, "llm_grader_results/tone & style.json")


def _stems(keys: list[ItemKey], found: dict[str, LlmResult]) -> list[str]:
    return [c.stem for c in choose_stems(keys, found)]


def test_result_stems_are_safe_unique_and_keep_names_already_written() -> None:
    keys = [ItemKey((n,)) for n in ("llm-rubric", "LLM-rubric", "tone & style", "a/b")]
    assert _stems(keys, {}) == ["llm-rubric", "LLM-rubric-2", "tone___style", "a_b"]
    written = {"tone & style": LlmResult(path="llm_grader_results/tone & style.json", score=1)}
    assert _stems(keys, written)[2] == "tone & style"


def _config(stem: str, **fields: object) -> LlmResult:
    return LlmResult(
        path=f"llm_grader_results/{stem}.json",
        judged=False,
        config=AgentvLlmConfig(name=str(fields.pop("name", stem)), **fields),  # type: ignore[arg-type]
    )


def test_agentv_configs_are_matched_by_name_then_rubric_outcomes_then_prompt() -> None:
    found = {
        "rubrics": _config("rubrics", outcomes=("Is polite", "Is short")),
        "llm-grader": _config("llm-grader", prompt="Judge the refusal.\n"),
        "tone": _config("tone"),
    }
    keys = [
        ItemKey(("llm-rubric",), outcomes=("Is polite", "Is short")),  # the plain strings
        ItemKey(("llm-rubric-x",), prompt="Judge the refusal."),
        ItemKey(("tone",)),
        ItemKey(("tone",)),  # a second item of that name never shares AgentV's file
    ]
    choices = choose_stems(keys, found)
    assert [c.stem for c in choices] == ["rubrics", "llm-grader", "tone", "tone-2"]
    assert [c.agentv_config for c in choices] == [True, True, True, False]


def test_a_result_under_another_name_of_the_item_is_reported() -> None:
    found = {
        "rubrics": _config("rubrics", outcomes=("Is polite",)),
        "llm-rubric": LlmResult(path="llm_grader_results/llm-rubric.json", score=0.5),
    }
    (choice,) = choose_stems([ItemKey(("rubrics", "llm-rubric"), ("Is polite",))], found)
    assert (choice.stem, choice.agentv_config, choice.others) == ("rubrics", True, ("llm-rubric",))


def test_config_content_is_read(tmp_path: Path) -> None:
    config = {
        "name": "rubrics",
        "prompt_content": "",
        "rubrics": [{"id": "rubric-1", "outcome": "Is polite", "weight": 1, "required": True}],
        "weight": 2,
    }
    _write(tmp_path, "rubrics", config, folder="llm_graders")
    entry = read_llm_results(str(tmp_path))["rubrics"]
    assert entry.config == AgentvLlmConfig("rubrics", ("Is polite",), "", 2.0)


def test_required_failed_items_recorded_by_judge_are_read(tmp_path: Path) -> None:
    result = {
        "score": 0.5,
        "assertions": [{"text": "[r1] a", "passed": False}],
        "details": {"required_failed": ["r1"]},
    }
    _write(tmp_path, "x", result)
    assert read_llm_results(str(tmp_path))["x"].required_failed == ("r1",)
