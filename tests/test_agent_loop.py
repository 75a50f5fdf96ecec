"""The grader agent's whole loop (SPEC §5.6, §6.1): grade → judge the pending items → grade again.

These tests play the agent through the public entry points: the first run leaves the LLM
items pending with their result paths, the test writes the result files the way
`references/grader-instructions.md` says, and the second run gives the final verdict.
"""

from __future__ import annotations

import importlib.util
import json
import re
from pathlib import Path
from typing import Any

import pytest

from agentv_grader import grade_test
from agentv_grader.references_dir import reference_path

from .helpers import cli, validate_report, write_suite

ROOT = Path(__file__).resolve().parent.parent

SUITE = """\
name: capital
tests:
  - id: t1
    input: What is the capital of France?
    criteria: Names Paris as the capital
    expected_output: Paris
    assertions:
      - type: contains
        value: Paris
      - Mentions the capital city
      - Is one sentence
      - type: assert-set
        metric: quality
        threshold: 0.5
        assert:
          - type: icontains
            value: paris
          - type: llm-rubric
            metric: tone
            value: Polite and factual
"""


def _suite(tmp_path: Path) -> tuple[str, Path]:
    eval_path, bench = write_suite(tmp_path, SUITE, {"t1": "Paris is the capital of France.\n"})
    return str(eval_path), bench


def _judge(bench: Path, result_path: str, content: Any) -> None:
    path = bench / "t1" / result_path
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(content if isinstance(content, str) else json.dumps(content), "utf-8")


def _by_name(data: Any) -> dict[str, Any]:
    return {a["name"]: a for a in data["assertions"]}


def test_pending_items_then_results_then_the_final_verdict(tmp_path: Path) -> None:
    eval_path, bench = _suite(tmp_path)
    first = grade_test(eval_path, "t1", bench_dir=str(bench))
    validate_report(first.data)
    assert (first.verdict, first.exit_code, first.score) == ("pending", 0, 1.0)
    assert first.data["score_range"] == [pytest.approx(1 / 4), 1.0]
    pending = {p["name"]: p for p in first.data["pending"]}
    assert set(pending) == {"rubrics", "tone"}  # the plain strings: released AgentV's name
    assert [r["outcome"] for r in pending["rubrics"]["rubrics"]] == [
        "Mentions the capital city",
        "Is one sentence",
    ]
    assert (
        pending["tone"]["within"] == ["quality"]
        and pending["tone"]["criteria"] == "Polite and factual"
    )

    # The agent judges each pending item and writes its result where the report says.
    _judge(bench, pending["rubrics"]["result_path"], {
        "score": 0.5,
        "assertions": [
            {"text": "Mentions the capital city", "passed": True, "evidence": "the capital"},
            {"text": "Is one sentence", "passed": False, "evidence": "two lines"},
        ],
        "summary": {"passed": 1, "failed": 1, "total": 2, "pass_rate": 0.5},
    })  # fmt: skip
    _judge(bench, pending["tone"]["result_path"], {"score": 1, "assertions": []})

    final = grade_test(eval_path, "t1", bench_dir=str(bench))
    validate_report(final.data)
    graded = _by_name(final.data)
    assert final.data["pending"] == [] and final.data["open_weight"] == 0
    assert (graded["rubrics"]["status"], graded["rubrics"]["score"]) == ("passed", 0.5)
    assert [c["passed"] for c in graded["rubrics"]["details"]["checks"]] == [True, False]
    assert (graded["quality"]["status"], graded["quality"]["score"]) == ("passed", 1.0)
    assert final.score == pytest.approx((1 + 0.5 * 2 + 1) / 4)
    assert (final.verdict, final.exit_code) == ("fail", 1)  # 0.75 < 0.8


def test_a_better_judgement_gives_a_pass_and_the_cli_says_so(tmp_path: Path) -> None:
    eval_path, bench = _suite(tmp_path)
    code, out, _ = cli("--eval-path", eval_path, "--test-id", "t1", "--bench-dir", str(bench))
    assert code == 0 and out.startswith("PENDING t1 ") and "pending=2" in out.splitlines()[0]
    for stem in ("llm-rubric", "tone"):
        _judge(bench, f"llm_grader_results/{stem}.json", {"score": 1.0, "assertions": []})
    code, out, _ = cli("--eval-path", eval_path, "--test-id", "t1", "--bench-dir", str(bench))
    assert (code, out.splitlines()[0].split()[0]) == (0, "PASS")
    written = json.loads((bench / "t1" / "grader_report.json").read_text("utf-8"))
    assert written["verdict"] == "pass" and written["summary"]["pending"] == 0


def test_a_malformed_result_file_is_a_clear_error(tmp_path: Path) -> None:
    eval_path, bench = _suite(tmp_path)
    _judge(bench, "llm_grader_results/llm-rubric.json", {"score": "high", "assertions": [{}]})
    _judge(bench, "llm_grader_results/tone.json", "{oops")
    result = grade_test(eval_path, "t1", bench_dir=str(bench))
    validate_report(result.data)
    graded = _by_name(result.data)
    rubric = graded["rubrics"]
    assert (rubric["status"], rubric["score"], result.exit_code) == ("error", 0.0, 1)
    assert "llm_grader_results/llm-rubric.json" in rubric["text"]
    assert "$.score: 'high' is not of type 'number'" in rubric["text"]
    assert "$.assertions[0]: 'passed' is a required property" in rubric["text"]
    tone = graded["quality"]["details"]["children"][1]
    assert tone["status"] == "error" and "tone.json: is not valid JSON" in tone["text"]
    assert result.data["pending"] == []


def test_a_result_for_the_wrong_name_leaves_the_item_pending(tmp_path: Path) -> None:
    eval_path, bench = _suite(tmp_path)
    _judge(bench, "llm_grader_results/rubric.json", {"score": 1, "assertions": []})
    result = grade_test(eval_path, "t1", bench_dir=str(bench))
    assert result.verdict == "pending"
    assert {p["result_path"] for p in result.data["pending"]} == {
        "llm_grader_results/rubrics.json",
        "llm_grader_results/tone.json",
    }


def test_agentv_counts_a_judged_llm_item_once(tmp_path: Path) -> None:
    eval_path, bench = _suite(tmp_path)
    (bench / "t1" / "llm_graders").mkdir()
    (bench / "t1" / "llm_graders" / "llm-rubric.json").write_text('{"name": "llm-rubric"}')
    _judge(bench, "llm_grader_results/llm-rubric.json", {"score": 1, "assertions": []})
    grade_test(eval_path, "t1", bench_dir=str(bench), layout="v4")
    assert not (bench / "t1" / "code_grader_results" / "llm-rubric.json").exists()


# ------------------------------------------------------------------ the shipped references


def _generator() -> Any:
    path = ROOT / "scripts" / "gen_assertion_reference.py"
    spec = importlib.util.spec_from_file_location("gen_assertion_reference", path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_assertion_reference_matches_the_registry() -> None:
    shipped = reference_path("assertions.md")
    assert shipped.read_text("utf-8") == _generator().render(), (
        "references/assertions.md is stale: run python scripts/gen_assertion_reference.py"
    )


def test_grader_instructions_name_the_files_and_shapes_the_code_uses() -> None:
    text = reference_path("grader-instructions.md")
    instructions = text.read_text("utf-8")
    for needle in ("agentv-grade --eval-path", "grader_report.json", "result_path",
                   '"score"', '"assertions"', '"passed"', "llm_grader_results/"):  # fmt: skip
        assert needle in instructions, needle


NESTED_ONLY = """\
tests:
  - id: t1
    assertions:
      - type: assert-set
        metric: quality
        assert:
          - type: contains
            value: Paris
          - type: llm-rubric
            metric: tone
            value: Polite and factual
  - id: t2
    assertions:
      - type: contains
        value: Paris
"""


def test_a_judged_item_inside_a_group_is_read_and_other_tests_skip_the_lookup(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The LLM result files are read for a test with an LLM item at any depth, and only
    then: a test without one never lists the result folders."""
    from agentv_grader.rundata import llm_results

    answers = {"t1": "Paris.\n", "t2": "Paris.\n"}
    eval_path, bench = write_suite(tmp_path, NESTED_ONLY, answers)
    read: list[str | None] = []
    real = llm_results.read_llm_results

    def recorded(test_dir: str | None) -> Any:
        read.append(test_dir)
        return real(test_dir)

    monkeypatch.setattr(llm_results, "read_llm_results", recorded)
    first = grade_test(str(eval_path), "t1", bench_dir=str(bench))
    assert first.verdict == "pending"
    (item,) = first.data["pending"]
    _judge(bench, item["result_path"], {"score": 1, "assertions": [{"text": "ok", "passed": True}]})
    second = grade_test(str(eval_path), "t1", bench_dir=str(bench))
    assert second.verdict == "pass"
    assert _by_name(second.data)["quality"]["status"] == "passed"
    assert grade_test(str(eval_path), "t2", bench_dir=str(bench)).verdict == "pass"
    assert read == [str(bench / "t1")] * 2


def test_a_result_under_the_type_name_still_counts_and_says_what_agentv_reads(
    tmp_path: Path,
) -> None:
    """`llm-rubric.json`, the name earlier versions asked the plain strings' result under."""
    eval_path, bench = _suite(tmp_path)
    _judge(bench, "llm_grader_results/llm-rubric.json", {"score": 1, "assertions": []})
    _judge(bench, "llm_grader_results/tone.json", {"score": 1, "assertions": []})
    first = grade_test(eval_path, "t1", bench_dir=str(bench))
    assert _by_name(first.data)["rubrics"]["status"] == "passed"
    (warning,) = first.data["warnings"]
    assert "read llm_grader_results/llm-rubric.json" in warning
    assert "reads only llm_grader_results/rubrics.json" in warning
    # Both files: AgentV's name is read, the other is named as a possible double count.
    _judge(bench, "llm_grader_results/rubrics.json", {"score": 0, "assertions": []})
    second = grade_test(eval_path, "t1", bench_dir=str(bench))
    assert _by_name(second.data)["rubrics"]["score"] == 0
    (warning,) = second.data["warnings"]
    assert "llm_grader_results/llm-rubric.json could describe the same item" in warning
    assert "agentv-grade counts only llm_grader_results/rubrics.json" in warning


# ------------------------------------------------------------------ the instructions, followed


def _instruction_commands(text: str) -> list[str]:
    """The commands the instructions show, in order: the indented code lines that start
    with `agentv-grade`."""
    return [line.strip() for line in text.splitlines() if line.startswith("    agentv-grade ")]


def _filled(command: str, values: dict[str, str]) -> list[str]:
    import shlex

    for placeholder, value in values.items():
        command = command.replace(placeholder, value)
    assert "<" not in command.replace("<evidence>", ""), f"unfilled placeholder in {command!r}"
    return shlex.split(command)[1:]  # without the program name: `cli` runs it in-process


def test_instructions_are_printed_and_named_on_the_first_help_screen() -> None:
    code, out, _ = cli("instructions")
    assert code == 0 and out == reference_path("grader-instructions.md").read_text("utf-8")
    code, out, _ = cli("--help")
    assert code == 0 and "agentv-grade instructions" in "\n".join(out.splitlines()[:12])
    code, _, err = cli("--list-types")
    assert code == 0 and "`agentv-grade instructions` prints your instructions" in err
    code, out, _ = cli("judge", "--help")
    assert code == 0 and "--check" in out and "--item" in out


def test_the_instructions_followed_step_by_step_on_the_bundled_example(tmp_path: Path) -> None:
    """Every command the instructions show is run, in order, on `examples/` (placeholders
    filled as an agent would from the report); every file they name must then exist and
    every field of the pending items they describe must be there."""
    import shutil

    shutil.copytree(ROOT / "examples", tmp_path / "examples")
    _, text, _ = cli("instructions")
    commands = _instruction_commands(text)
    assert len(commands) == 4, commands  # grade, report as JSON, judge (checklist, score)
    grade, as_json, judge_checklist, judge_score = commands
    values = {
        "<eval-path>": str(tmp_path / "examples" / "capital.eval.yaml"),
        "<test-id>": "paris",
        "<bench-dir>": str(tmp_path / "examples" / "run" / "capital"),
    }
    test_dir = tmp_path / "examples" / "run" / "capital" / "paris"

    # Step 1: the summary line shows the reachable range and the pending item by name.
    code, out, err = cli(*_filled(grade, values))
    assert code == 0, err
    first = out.splitlines()[0]
    assert first.startswith("PENDING paris score=1.000 (0.800–1.000 when judged) threshold=0.8")
    assert "  [pending] rubrics: checklist judgement needed" in out
    # Step 2: the report, with every field the instructions' table describes.
    code, out, err = cli(*_filled(as_json, values))
    report = json.loads(out)
    (item,) = report["pending"]
    described = re.findall(r"^\| `([a-z_]+)`(?:, `([a-z_]+)`)? \|", text, flags=re.MULTILINE)
    fields = {name for pair in described for name in pair if name}
    assert {"name", "input", "criteria", "rubrics", "scoring", "result_path"} <= fields
    for name in fields - {"within", "members", "stale"}:  # nested items; a stale result
        assert name in item, name
    for key in ("verdict", "score_range", "warnings", "agentv", "user_notes_summary"):
        assert key in report, key
    # Step 3: judge it with the command the instructions give for its scoring.
    assert item["scoring"] == "checklist"
    filled = _filled(
        judge_checklist,
        {**values, "<name>": item["name"], "<id>": item["rubrics"][0]["id"],
         "<evidence>": "one friendly sentence"},
    )  # fmt: skip
    code, out, err = cli(*filled)
    assert code == 0 and out.startswith("JUDGED rubrics score=1.000"), (out, err)
    assert (test_dir / item["result_path"]).is_file()
    # The score form is refused for a checklist item, with what to give instead.
    code, _, err = cli(*_filled(judge_score, {**values, "<name>": item["name"], "<score>": "0.9"}))
    assert code == 2 and "--check ID=pass|fail" in err
    # Step 4: the final verdict.
    code, out, _ = cli(*_filled(grade, values))
    assert (code, out.splitlines()[0].split()[0]) == (0, "PASS")
    # Every file of the test folder the instructions name exists now.
    named = set(re.findall(r"<bench-dir>/<test-id>/([A-Za-z_.]+)", text))
    assert {"response.md", "grader_report.json", "eval_critique.json"} <= named
    for name in named:
        assert (test_dir / name).exists(), name
