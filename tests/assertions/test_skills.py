"""skill-used / not-skill-used (SPEC §5.5, docs/agentv-semantics.md §10)."""

from __future__ import annotations

from typing import Any

import pytest

from agentv_grader.assertions.skills import skill_calls
from agentv_grader.model import Status
from agentv_grader.rundata.records import ToolCall

from ._grading import grade

SKILLS: list[Any] = [{"role": "assistant", "content": "done", "tool_calls": [
    {"tool": "Skill", "input": {"skill": "csv-analyzer"}, "status": "ok"},
    {"tool": "Skill", "input": {"skill": "web-search"}},
    {"tool": "Skill", "input": {"skill": "broken-skill"}, "status": "error"},
    {"tool": "skill", "input": {"name": "timeout-skill"}, "status": "timeout"}]}]  # fmt: skip
ACTUAL = "csv-analyzer (tool), web-search (tool)"


def su(value: Any, kind: str = "skill-used", **extra: Any) -> Any:
    return grade({"type": kind, "value": value, **extra}, transcript=SKILLS)


def test_skill_calls_from_tools_and_heuristics() -> None:
    found = skill_calls([
        ToolCall("Skill", {"skill": "a"}),
        ToolCall("skill", {"name": "b"}, status="unknown"),
        ToolCall("Read", {"file_path": "/x/.agents/skills/c/SKILL.md"}),
        ToolCall("Bash", {"command": "cat .claude/skills/d/SKILL.md"}),
        ToolCall("Glob", {}, output="skills/e/SKILL.md\nskills/bad name/SKILL.md"),
        ToolCall("Read", {"path": "skills/f/README.md"}),
        ToolCall("Skill", {"skill": "g"}, status="cancelled"),
    ])  # fmt: skip
    assert [(c.label, c.error) for c in found] == [
        ("a (tool)", False),
        ("b (tool)", False),
        ("c (heuristic, /x/.agents/skills/c/SKILL.md)", False),
        ("d (heuristic, .claude/skills/d/SKILL.md)", False),
        ("d (heuristic, skills/d/SKILL.md)", False),
        ("e (heuristic, skills/e/SKILL.md)", False),
        ("g (tool)", True),
    ]


def test_list_forms_and_case_sensitive_names() -> None:
    out = su(["csv-analyzer", "web-search"])
    assert out.status is Status.PASSED
    assert out.text == (
        f"Observed required skill(s): csv-analyzer, web-search. Actual skills: {ACTUAL}"
    )
    assert su("CSV-Analyzer").text == (
        f"Missing required skill(s): CSV-Analyzer. Actual skills: {ACTUAL}"
    )
    out = su("broken-skill")  # an errored call does not count
    assert out.status is Status.FAILED
    assert "not counted (the call failed): broken-skill" in out.evidence


def test_count_form_with_glob() -> None:
    out = su({"pattern": "*search", "min": 2})
    assert out.text == (
        'Matched skill "*search" 1 time(s) (expected at least 2). Matches: web-search (tool)'
    )
    out = su({"pattern": "*SEARCH", "max": 1})  # only max given: min defaults to 0
    assert out.status is Status.PASSED and "(expected 0-1)" in out.text


def test_not_skill_used_and_negate_use_the_inverse_once() -> None:
    out = su("missing-skill", kind="not-skill-used")
    assert out.status is Status.PASSED
    assert out.text == "Forbidden skill(s) were not used: missing-skill"
    out = su("csv-analyzer", kind="not-skill-used")
    assert out.status is Status.FAILED
    assert out.text == f"Forbidden skill(s) were used: csv-analyzer. Actual skills: {ACTUAL}"
    out = su("csv-analyzer", negate=True)  # SPEC §5.5: applied once (AgentV: twice → pass)
    assert out.status is Status.FAILED and out.score == 0.0
    out = su({"name": "web-search", "max": 0}, kind="not-skill-used")
    assert out.text == 'Forbidden skill "web-search" was used 1 time(s). Matches: web-search (tool)'


@pytest.mark.parametrize("bounds", [{"min": 1}, {"max": 2}, {"min": 0, "max": 0}])
def test_not_skill_used_with_bounds_other_than_max_0_is_an_error(bounds: Any) -> None:
    for transcript in (SKILLS, None):
        out = grade({"type": "not-skill-used", "value": {"name": "x", **bounds}},
                    transcript=transcript)  # fmt: skip
        assert out.status is Status.ERROR and "max: 0" in out.text


@pytest.mark.parametrize(
    ("value", "words"),
    [(None, "string, string array, or object"), ([], "string, string array, or object"),
     ({"min": 1}, "name or pattern"), ({"name": "x", "min": 1.5}, "non-negative integer"),
     ({"name": "x", "min": 3, "max": 1}, "greater than or equal")],
)  # fmt: skip
def test_bad_values_are_errors(value: Any, words: str) -> None:
    out = su(value)
    assert out.status is Status.ERROR and words in out.text


def test_no_transcript_is_skipped_for_both_forms() -> None:
    for kind in ("skill-used", "not-skill-used"):
        out = grade({"type": kind, "value": "x"})
        assert (out.status, out.score, out.text) == (Status.SKIPPED, None, "no transcript file")


def test_v4_skill_trigger_is_graded_as_skill_used() -> None:
    rows = [{"role": "assistant", "content": "", "tool_calls": [
        {"tool": "Read", "input": {"file_path": ".claude/skills/csv-analyzer/SKILL.md"}},
    ]}]  # fmt: skip
    out = grade({"type": "skill-trigger", "skill": "csv-analyzer"}, transcript=rows)
    assert out.status is Status.PASSED
    out = grade({"type": "skill-trigger", "skill": "csv-analyzer", "should_trigger": False},
                transcript=rows)  # fmt: skip
    assert out.status is Status.FAILED


def test_unusable_transcript_is_an_error() -> None:
    out = grade({"type": "skill-used", "value": "x"}, transcript="{oops")
    assert out.status is Status.ERROR and "transcript is unusable" in out.text
