"""The command line (SPEC §2): options, defaults, formats, exit codes, messages."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.helpers import cli, files_under, grade_json, validate_report, write_suite

SUITE = """\
name: demo
tests:
  - id: good
    assertions:
      - type: contains
        value: Paris
  - id: bad
    assertions:
      - type: contains
        value: Berlin
  - id: broken
    assertions:
      - type: contains
        value: 42
  - id: judged
    assertions:
      - type: contains
        value: Paris
      - "is polite"
"""
ANSWERS = {"good": "Paris.", "bad": "Paris.", "broken": "Paris.", "judged": "Paris."}


@pytest.fixture
def suite(tmp_path: Path) -> tuple[Path, Path]:
    return write_suite(tmp_path, SUITE, ANSWERS, name="demo")


def test_pass_exits_0_with_the_first_line_spec_shape(suite: tuple[Path, Path]) -> None:
    eval_path, bench = suite
    code, out, err = cli(
        "--eval-path", str(eval_path), "--test-id", "good", "--bench-dir", str(bench)
    )
    assert code == 0, err
    first = out.splitlines()[0]
    assert (
        first
        == "PASS good score=1.000 threshold=0.8 passed=1 failed=0 errors=0 skipped=0 pending=0"
    )
    assert out.splitlines()[-1].endswith("grader_report.json")


def test_fail_exits_1_and_lists_the_failed_assertion(suite: tuple[Path, Path]) -> None:
    eval_path, bench = suite
    code, out, _ = cli("--eval-path", str(eval_path), "--test-id", "bad", "--bench-dir", str(bench))
    assert code == 1
    assert out.startswith("FAIL bad score=0.000")
    assert '[failed] contains-Berlin: Output does not contain "Berlin"' in out


def test_an_error_assertion_exits_1_even_when_nothing_failed(suite: tuple[Path, Path]) -> None:
    eval_path, bench = suite
    code, out, _ = cli(
        "--eval-path", str(eval_path), "--test-id", "broken", "--bench-dir", str(bench)
    )
    assert code == 1
    assert "errors=1" in out.splitlines()[0]
    assert "[error]" in out


def test_pending_exits_0_and_shows_dash_free_score(suite: tuple[Path, Path]) -> None:
    eval_path, bench = suite
    code, out, _ = cli(
        "--eval-path", str(eval_path), "--test-id", "judged", "--bench-dir", str(bench)
    )
    assert code == 0
    assert out.startswith(  # the score, then the range judging can still make of it
        "PENDING judged score=1.000 (0.500–1.000 when judged) threshold=0.8 passed=1 failed=0 "
        "errors=0 skipped=0 pending=1"
    )


def test_json_format_prints_the_report(suite: tuple[Path, Path]) -> None:
    eval_path, bench = suite
    code, data = grade_json(eval_path, bench, "good")
    assert code == 0
    assert data["verdict"] == "pass" and data["test_id"] == "good"
    on_disk = json.loads((bench / "good" / "grader_report.json").read_text())
    assert {k: v for k, v in on_disk.items() if k != "graded_at"} == {
        k: v for k, v in data.items() if k != "graded_at"
    }


def test_graded_at_is_the_utc_time_of_grading_in_seconds(suite: tuple[Path, Path]) -> None:
    """`graded_at` is `datetime.now(timezone.utc).isoformat(timespec="seconds")`'s form."""
    import datetime

    eval_path, bench = suite
    before = datetime.datetime.now(datetime.timezone.utc).replace(microsecond=0)
    _, data = grade_json(eval_path, bench, "good")
    after = datetime.datetime.now(datetime.timezone.utc)
    stamp = datetime.datetime.fromisoformat(data["graded_at"])
    assert before <= stamp <= after
    assert data["graded_at"] == stamp.isoformat(timespec="seconds")
    assert data["graded_at"].endswith("+00:00")


def test_unknown_test_id_suggests_close_ids(suite: tuple[Path, Path]) -> None:
    eval_path, bench = suite
    code, out, err = cli(
        "--eval-path", str(eval_path), "--test-id", "goood", "--bench-dir", str(bench)
    )
    assert code == 2 and out == ""
    assert err.count("\n") == 1
    assert "unknown test id 'goood'" in err and "did you mean 'good'" in err
    assert str(eval_path) in err


def test_duplicate_test_id_is_exit_2_with_lines(tmp_path: Path) -> None:
    text = "tests:\n  - id: a\n    assertions: []\n  - id: a\n    assertions: []\n"
    eval_path, bench = write_suite(tmp_path, text, {"a": "x"})
    code, _, err = cli("--eval-path", str(eval_path), "--test-id", "a", "--bench-dir", str(bench))
    assert code == 2
    assert "test id 'a' is used by 2 tests (lines 2, 4)" in err
    assert not (bench / "a" / "grader_report.json").exists()


@pytest.mark.parametrize("bad_id", ["..", "a/b", "a\\b", "", "C:evil"])
def test_path_escaping_test_ids_are_refused(tmp_path: Path, bad_id: str) -> None:
    text = f'tests:\n  - id: "{bad_id.replace(chr(92), chr(92) * 2)}"\n    assertions: []\n'
    eval_path, bench = write_suite(tmp_path, text, {})
    bench.mkdir(parents=True, exist_ok=True)
    code, _, err = cli(
        "--eval-path", str(eval_path), "--test-id", bad_id, "--bench-dir", str(bench)
    )
    assert code == 2, err
    assert files_under(tmp_path) == {"suite.eval.yaml"}


def test_missing_eval_file_names_the_file(tmp_path: Path) -> None:
    code, _, err = cli(
        "--eval-path", str(tmp_path / "nope.yaml"), "--test-id", "t", "--bench-dir", str(tmp_path)
    )
    assert code == 2
    assert (
        err
        == f"agentv-grade: error: {tmp_path / 'nope.yaml'}: eval file not found (check the path)\n"
    )


def test_yaml_syntax_error_gives_file_line_column(tmp_path: Path) -> None:
    eval_path, bench = write_suite(tmp_path, "tests:\n  - id: a\n    assertions: [\n", {"a": "x"})
    code, _, err = cli("--eval-path", str(eval_path), "--test-id", "a", "--bench-dir", str(bench))
    assert code == 2
    assert f"{eval_path}:4:1: YAML syntax error" in err


def test_missing_response_file_is_exit_2_and_writes_nothing(suite: tuple[Path, Path]) -> None:
    eval_path, bench = suite
    (bench / "good" / "response.md").unlink()
    code, _, err = cli(
        "--eval-path", str(eval_path), "--test-id", "good", "--bench-dir", str(bench)
    )
    assert code == 2
    assert "response file not found" in err
    assert files_under(bench / "good") == set()


def test_bench_dir_defaults_to_the_parent_of_a_folder_named_after_the_test(
    suite: tuple[Path, Path],
) -> None:
    eval_path, bench = suite
    response = bench / "good" / "response.md"
    code, _, err = cli(
        "--eval-path", str(eval_path), "--test-id", "good", "--response-file", str(response)
    )
    assert code == 0, err
    assert (bench / "good" / "grader_report.json").is_file()


def test_response_elsewhere_without_bench_dir_is_exit_2(
    tmp_path: Path, suite: tuple[Path, Path]
) -> None:
    eval_path, _ = suite
    loose = tmp_path / "answer.md"
    loose.write_text("Paris")
    code, _, err = cli(
        "--eval-path", str(eval_path), "--test-id", "good", "--response-file", str(loose)
    )
    assert code == 2
    assert "--bench-dir" in err


def test_threshold_option_overrides_and_is_validated(suite: tuple[Path, Path]) -> None:
    eval_path, bench = suite
    code, out, _ = cli(
        "--eval-path",
        str(eval_path),
        "--test-id",
        "bad",
        "--bench-dir",
        str(bench),
        "--threshold",
        "0",
    )
    assert code == 0 and out.startswith("PASS bad score=0.000 threshold=0")
    code, _, err = cli(
        "--eval-path",
        str(eval_path),
        "--test-id",
        "bad",
        "--bench-dir",
        str(bench),
        "--threshold",
        "1.5",
    )
    assert code == 2 and "--threshold must be in 0..1" in err


def test_unknown_option_is_one_line_exit_2() -> None:
    code, _, err = cli("--bogus")
    assert code == 2
    assert err.count("\n") == 1 and "No such option '--bogus'" in err


def test_eval_path_is_required() -> None:
    code, _, err = cli("--test-id", "x")
    assert code == 2 and "--eval-path is required" in err


def test_version_and_help() -> None:
    code, out, _ = cli("--version")
    assert code == 0 and out.startswith("agentv-grade, version ")
    code, out, _ = cli("--help")
    assert code == 0 and "--eval-path" in out and "--agentv-layout" in out


def test_list_types_names_every_type() -> None:
    from agentv_grader.assertions import REGISTRY

    code, out, _ = cli("--list-types")
    assert code == 0
    listed = {line.split()[0] for line in out.splitlines()}
    assert listed == set(REGISTRY)


def test_bad_layout_choice_is_exit_2(suite: tuple[Path, Path]) -> None:
    eval_path, bench = suite
    code, _, err = cli(
        "--eval-path",
        str(eval_path),
        "--test-id",
        "good",
        "--bench-dir",
        str(bench),
        "--agentv-layout",
        "v9",
    )
    assert code == 2 and "--agentv-layout" in err


def test_console_script_runs_as_a_process(suite: tuple[Path, Path]) -> None:
    eval_path, bench = suite
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "agentv_grader",
            "--eval-path",
            str(eval_path),
            "--test-id",
            "bad",
            "--bench-dir",
            str(bench),
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 1
    assert done.stdout.startswith("FAIL bad")
    assert "Traceback" not in done.stderr


def test_user_notes_are_summarised_into_the_report(suite: tuple[Path, Path]) -> None:
    eval_path, bench = suite
    (bench / "good" / "user_notes.md").write_text("## Uncertainty\n- unsure about units\n")
    _, data = grade_json(eval_path, bench, "good")
    assert data["user_notes_summary"] == {
        "uncertainties": ["unsure about units"],
        "needs_review": [],
        "workarounds": [],
    }


def test_pending_items_carry_criteria_rubrics_and_the_reference_answer(tmp_path: Path) -> None:
    text = """\
tests:
  - id: t
    criteria: Names the capital
    expected_output:
      - {role: user, content: "q"}
      - {role: assistant, content: "Paris is the capital."}
    assertions:
      - type: llm-grader
        prompt: Judge the answer strictly.
      - is polite
      - is short
"""
    eval_path, bench = write_suite(tmp_path, text, {"t": "Paris"})
    _, out, _ = cli(
        "--eval-path",
        str(eval_path),
        "--test-id",
        "t",
        "--bench-dir",
        str(bench),
        "--format",
        "json",
    )
    data = json.loads(out)
    validate_report(data)
    first, second = data["pending"]
    assert first["criteria"] == "Judge the answer strictly.\n\nNames the capital"
    assert first["reference"] == "Paris is the capital."
    assert first["result_path"] == f"llm_grader_results/{first['name']}.json"
    assert [r["outcome"] for r in second["rubrics"]] == ["is polite", "is short"]
    assert second["weight"] == 2
    assert data["verdict"] == "pending" and data["open_weight"] == 3


def test_critique_files_are_written_and_counted(suite: tuple[Path, Path]) -> None:
    eval_path, bench = suite
    code, out, _ = cli(
        "--eval-path", str(eval_path), "--test-id", "good", "--bench-dir", str(bench)
    )
    assert code == 0
    critique = json.loads((bench / "good" / "eval_critique.json").read_text())
    report = json.loads((bench / "good" / "grader_report.json").read_text())
    assert report["critique"] == {
        "suggestions": len(critique["suggestions"]),
        "path": "eval_critique.json",
    }
    assert f"critique: {len(critique['suggestions'])} suggestion(s) in eval_critique.json" in out
    assert (bench / "good" / "eval_critique.md").read_text().strip()


def test_no_critique_writes_none_and_removes_an_earlier_one(suite: tuple[Path, Path]) -> None:
    eval_path, bench = suite
    cli("--eval-path", str(eval_path), "--test-id", "good", "--bench-dir", str(bench))
    assert (bench / "good" / "eval_critique.json").exists()
    code, out, _ = cli(
        "--eval-path", str(eval_path), "--test-id", "good", "--bench-dir", str(bench),
        "--no-critique", "--format", "json",
    )  # fmt: skip
    assert code == 0
    assert json.loads(out)["critique"] is None
    assert not (bench / "good" / "eval_critique.json").exists()
    assert not (bench / "good" / "eval_critique.md").exists()


def test_critique_subcommand_exits_1_on_a_high_finding(tmp_path: Path) -> None:
    text = "tests:\n  - id: t\n    input: Q\n    assertions:\n      - {type: regex, value: 'a*'}\n"
    eval_path, _ = write_suite(tmp_path, text, {})
    code, out, _ = cli("critique", "--eval-path", str(eval_path), "--format", "json")
    assert code == 1
    data = json.loads(out)
    rules = {s["rule"] for s in data["tests"]["t"]["suggestions"]}
    assert "trivial" in rules
    code, _, err = cli("critique", "--eval-path", str(eval_path), "--test-id", "nope")
    assert code == 2 and "unknown test id 'nope'" in err
    code, out, _ = cli("critique", "--help")
    assert code == 0 and "Usage: agentv-grade critique" in out


def test_timing_and_transcript_options_feed_the_assertions(tmp_path: Path) -> None:
    text = """\
tests:
  - id: t
    assertions:
      - {type: latency, threshold: 1000}
      - {type: transcript-contains, substring: "let me check"}
"""
    eval_path, bench = write_suite(tmp_path, text, {"t": "Paris"})
    timing = tmp_path / "elsewhere-timing.json"
    timing.write_text('{"duration_ms": 1500}')
    transcript = tmp_path / "elsewhere-transcript.json"
    transcript.write_text('[{"role": "assistant", "content": "Let me check the map."}]')
    argv = ["--eval-path", str(eval_path), "--test-id", "t", "--bench-dir", str(bench)]
    code, out, _ = cli(*argv, "--format", "json")
    data = json.loads(out)
    assert [a["status"] for a in data["assertions"]] == ["skipped", "skipped"]
    assert data["verdict"] == "skipped" and code == 0
    code, out, _ = cli(
        *argv,
        "--timing-file",
        str(timing),
        "--transcript-file",
        str(transcript),
        "--format",
        "json",
    )
    data = json.loads(out)
    validate_report(data)
    assert data["timing_file"] == str(timing) and data["transcript_file"] == str(transcript)
    assert [a["status"] for a in data["assertions"]] == ["failed", "passed"]
    assert data["assertions"][0]["text"] == "Duration 1500ms > 1000ms threshold"
    assert code == 1


def test_side_files_default_to_the_test_folder(tmp_path: Path) -> None:
    text = "tests:\n  - id: t\n    assertions:\n      - {type: latency, threshold: 1000}\n"
    eval_path, bench = write_suite(tmp_path, text, {"t": "Paris"})
    (bench / "t" / "timing.json").write_text('{"duration_ms": 10}')
    code, out, _ = cli("--eval-path", str(eval_path), "--test-id", "t", "--bench-dir", str(bench))
    assert code == 0 and out.startswith("PASS t score=1.000")
