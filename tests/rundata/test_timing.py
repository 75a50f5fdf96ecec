"""Timing data (SPEC §4.3): every field name, metrics.json fallback, missing ≠ 0."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from agentv_grader.rundata import timing as timing_module
from agentv_grader.rundata.records import Figure
from agentv_grader.rundata.side_files import SideFiles, read_side_files
from agentv_grader.rundata.timing import read_timing

DATA = Path(__file__).resolve().parents[1] / "data"
METRICS = DATA / "timing" / "metrics.json"  # a real agentv.metrics.v2 file (cli-eval sample)


def _json(tmp: Path, data: Any, name: str = "timing.json") -> str:
    path = tmp / name
    path.write_text(json.dumps(data), encoding="utf-8")
    return str(path)


def _one(tmp: Path, data: Any) -> Any:
    timing, problem, warnings = read_timing(_json(tmp, data), None)
    assert problem is None
    return timing, warnings


@pytest.mark.parametrize(
    ("data", "value", "label"),
    [
        ({"duration_ms": 2500}, 2500, "timing.json duration_ms"),
        ({"total_duration_seconds": 2.5}, 2500, "timing.json total_duration_seconds × 1000"),
        ({"executor_duration_seconds": 1.25}, 1250, "timing.json executor_duration_seconds × 1000"),
        ({"duration": {"total_ms": 1234, "source": "provider_reported"}}, 1234,
         "timing.json duration.total_ms"),
        ({"duration_ms": 10, "total_duration_seconds": 99}, 10, "timing.json duration_ms"),
    ],
)  # fmt: skip
def test_duration_field_names_in_order(tmp_path: Path, data: Any, value: float, label: str) -> None:
    timing, _ = _one(tmp_path, data)
    assert timing.duration_ms == Figure(value, label)


def test_token_usage_then_tokens_then_total(tmp_path: Path) -> None:
    timing, _ = _one(tmp_path, {"token_usage": {"input": 400, "output": 500, "cached": 0}})
    assert (timing.input_tokens.value, timing.output_tokens.value) == (400, 500)
    assert timing.cached_tokens.value == 0 and timing.total_tokens is None
    timing, _ = _one(tmp_path, {"tokens": {"input": 1, "output": 2, "reasoning": 3}})
    assert timing.input_tokens.source == "timing.json tokens.input"
    assert timing.reasoning_tokens.value == 3
    timing, _ = _one(tmp_path, {"total_tokens": 777})
    assert timing.total_tokens == Figure(777, "timing.json total_tokens")
    assert timing.input_tokens is None


def test_cost_field_names(tmp_path: Path) -> None:
    assert _one(tmp_path, {"cost_usd": 0.05})[0].cost_usd == Figure(0.05, "timing.json cost_usd")
    assert _one(tmp_path, {"cost": {"usd": 0.2}})[0].cost_usd.source == "timing.json cost.usd"


@pytest.mark.parametrize(
    "data",
    [
        {"cost_usd": None},
        {"cost": {"usd": None, "source": "unavailable"}},
        {"cost": {"usd": 0, "source": "unavailable"}},
        {"duration_ms": {"value": 0, "source": "unavailable"}},
    ],
)
def test_null_and_unavailable_are_missing_not_zero(tmp_path: Path, data: Any) -> None:
    timing, warnings = _one(tmp_path, data)
    assert timing.cost_usd is None and timing.duration_ms is None and warnings == []


def test_pipeline_run_placeholder_zeros_are_missing(tmp_path: Path) -> None:
    placeholder = {
        "duration": {"total_ms": 4200, "total_seconds": 4.2, "source": "wall_clock"},
        "tokens": {"total": 0, "input": 0, "output": 0, "reasoning": 0, "source": "unavailable"},
        "cost": {"usd": None},
        "execution": {"status": "ok"},
    }
    timing, _, _ = read_timing(None, _json(tmp_path, placeholder, "metrics.json"))
    assert timing.duration_ms == Figure(4200, "metrics.json duration.total_ms")
    assert timing.input_tokens is None and timing.total_tokens is None and timing.cost_usd is None


def test_real_metrics_json_sample() -> None:
    timing, problem, warnings = read_timing(None, str(METRICS))
    assert problem is None and warnings == [] and timing.files == ("metrics.json",)
    assert timing.duration_ms == Figure(1234, "metrics.json duration.total_ms")
    assert (timing.input_tokens.value, timing.output_tokens.value) == (100, 20)
    assert timing.total_tokens.value == 120 and timing.cost_usd.value == 0.0021
    assert timing.tool_calls == Figure(1, "metrics.json tool_calls (sum over tools)")


def test_timing_json_wins_and_metrics_json_fills_the_gaps(tmp_path: Path) -> None:
    timing, problem, _ = read_timing(_json(tmp_path, {"duration_ms": 99}), str(METRICS))
    assert problem is None and timing.files == ("timing.json", "metrics.json")
    assert timing.duration_ms.source == "timing.json duration_ms"
    assert timing.cost_usd.source == "metrics.json cost.usd"


def test_counts_from_timing_fields(tmp_path: Path) -> None:
    timing, _ = _one(tmp_path, {"tool_calls": 7, "llm_calls": 3})
    assert (timing.tool_calls.value, timing.llm_calls.value) == (7, 3)
    timing, _ = _one(tmp_path, {"total_tool_calls": 4})
    assert timing.tool_calls == Figure(4, "timing.json total_tool_calls")
    timing, warnings = _one(tmp_path, {"tool_calls": {"Read": "x"}, "total_tool_calls": 2})
    assert timing.tool_calls.value == 2 and "tool_calls" in warnings[0]


@pytest.mark.parametrize("bad", ["1500", -5, True, [1]])
def test_a_value_that_is_not_a_count_is_ignored_with_a_warning(tmp_path: Path, bad: Any) -> None:
    timing, warnings = _one(tmp_path, {"duration_ms": bad, "total_duration_seconds": 2})
    assert timing.duration_ms.value == 2000
    assert "duration_ms is not a number" in warnings[0]


def test_no_files_is_no_timing() -> None:
    assert read_timing(None, None) == (None, None, [])


def test_absent_metrics_json_is_ignored_but_an_absent_timing_file_is_a_problem(
    tmp_path: Path,
) -> None:
    assert read_timing(None, str(tmp_path / "metrics.json")) == (None, None, [])
    timing, problem, warnings = read_timing(str(tmp_path / "timing.json"), None)
    assert timing is None and "not found" in str(problem) and warnings == [problem]


@pytest.mark.parametrize(
    ("text", "words"),
    [("{not json", "not valid JSON"), ("[1, 2]", "must hold a JSON object"),
     ('{"duration_ms": NaN}', "not valid JSON")],
)  # fmt: skip
def test_invalid_timing_is_a_problem_and_a_warning(tmp_path: Path, text: str, words: str) -> None:
    path = tmp_path / "timing.json"
    path.write_text(text, encoding="utf-8")
    timing, problem, warnings = read_timing(str(path), None)
    assert timing is None and words in str(problem) and warnings == [problem]


def test_a_broken_timing_file_keeps_the_metrics_figures(tmp_path: Path) -> None:
    path = tmp_path / "timing.json"
    path.write_text("{", encoding="utf-8")
    timing, problem, _ = read_timing(str(path), str(METRICS))
    assert problem is not None and timing.duration_ms.value == 1234


def test_over_64_mib_is_a_problem(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(timing_module, "MAX_JSON_BYTES", 8)
    timing, problem, _ = read_timing(_json(tmp_path, {"duration_ms": 1}), None)
    assert timing is None and "over the 8 bytes limit" in str(problem)


def test_a_directory_is_a_problem(tmp_path: Path) -> None:
    assert "directory" in str(read_timing(str(tmp_path), None)[1])


def test_bom_is_accepted(tmp_path: Path) -> None:
    path = tmp_path / "timing.json"
    path.write_bytes(b'\xef\xbb\xbf{"duration_ms": 5}')
    assert read_timing(str(path), None)[0].duration_ms.value == 5


def test_read_side_files_collects_everything(tmp_path: Path) -> None:
    transcript = DATA / "transcripts" / "agentv-transcript-raw.jsonl"
    broken = tmp_path / "timing.json"
    broken.write_text("{", encoding="utf-8")
    side = read_side_files(str(broken), str(transcript), str(METRICS), "Q")
    assert side.timing is not None and side.timing_problem is not None
    assert side.transcript is not None and side.transcript_problem is None
    assert any("not valid JSON" in w for w in side.warnings)
    empty = read_side_files(None, None, None, "Q")
    assert (empty.timing, empty.transcript, empty.warnings) == (None, None, ())
    assert empty == SideFiles()  # every field as a run without side files had them


def test_a_run_without_side_files_gets_the_record_it_got_made(tmp_path: Path) -> None:
    """No side file given: the one shared empty record, equal field by field to the one
    the readers made; a metrics file alone is still read (`NO_SIDE_FILES` is not taken)."""
    from agentv_grader.rundata import side_files

    assert read_side_files(None, None, None, "Q") is side_files.NO_SIDE_FILES
    fields = SideFiles.__record_fields__
    made = SideFiles(None, None, None, None, ())
    assert [getattr(side_files.NO_SIDE_FILES, f) for f in fields] == [
        getattr(made, f) for f in fields
    ]
    with_metrics = read_side_files(None, None, str(METRICS), "Q")
    assert with_metrics is not side_files.NO_SIDE_FILES and with_metrics.timing is not None


@pytest.mark.parametrize("where", ["test folder", "elsewhere"])
def test_metrics_json_beside_the_response_is_found_wherever_the_response_is(
    tmp_path: Path, where: str
) -> None:
    """`metrics.json` is looked for beside the response: in the test folder (from its
    listing) or, with `--response-file` elsewhere, beside that file."""
    import shutil

    from agentv_grader import grade_test
    from tests.helpers import write_suite

    suite = "tests:\n  - id: t\n    assertions:\n      - {type: latency, threshold: 60000}\n"
    eval_path, bench = write_suite(tmp_path, suite, {"t": "Paris"})
    folder = bench / "t" if where == "test folder" else tmp_path / "elsewhere"
    folder.mkdir(exist_ok=True)
    (folder / "response.md").write_text("Paris", encoding="utf-8")
    shutil.copy(METRICS, folder / "metrics.json")
    report = grade_test(
        str(eval_path), "t", bench_dir=str(bench), response_file=str(folder / "response.md")
    )
    (latency,) = report.data["assertions"]
    assert latency["status"] == "passed", latency
    (folder / "metrics.json").unlink()
    again = grade_test(
        str(eval_path), "t", bench_dir=str(bench), response_file=str(folder / "response.md")
    )
    assert again.data["assertions"][0]["status"] == "skipped"


def test_a_figure_past_what_a_float_holds_is_ignored_with_a_warning(tmp_path: Path) -> None:
    """Each value finite, a sum over tools (two of 1e308) or seconds made milliseconds
    (1e306 × 1000) is not: the figure was infinite, and a claim of tool calls read it with
    `int` (OverflowError out of check_claims)."""
    huge = {"tool_calls": {"Bash": 1e308, "Read": 1e308}, "total_tool_calls": 3,
            "total_duration_seconds": 1e306, "duration": {"total_ms": 5}}  # fmt: skip
    timing, warnings = _one(tmp_path, huge)
    assert timing.tool_calls == Figure(3, "timing.json total_tool_calls")
    assert timing.duration_ms == Figure(5, "timing.json duration.total_ms")
    assert "total_duration_seconds × 1000 is not a number ≥ 0 (inf)" in warnings[0]
    assert "tool_calls is not a number" in warnings[1]


def test_an_integer_past_what_a_float_holds_is_ignored_with_a_warning(tmp_path: Path) -> None:
    """JSON writes integers of any length: one of 400 digits is no count (it raised
    OverflowError out of the reader: exit 3, an internal error), nor a sum of per-tool
    integers past what a float holds, while a large sum a float holds is kept."""
    huge = "9" * 400
    path = tmp_path / "timing.json"
    path.write_text(f'{{"tool_calls": {huge}, "total_tool_calls": 3, "duration_ms": {huge}}}')
    timing, problem, warnings = read_timing(str(path), None)
    assert problem is None and timing.duration_ms is None
    assert timing.tool_calls == Figure(3, "timing.json total_tool_calls")
    assert [w.split(" is ")[0] for w in warnings] == ["timing.json: duration_ms",
                                                      "timing.json: tool_calls"]  # fmt: skip
    path.write_text(f'{{"tool_calls": {{"Bash": 1{"0" * 308}, "Read": 1{"0" * 308}}}}}')
    timing, _, warnings = read_timing(str(path), None)
    assert timing is not None and timing.tool_calls is None
    assert "tool_calls is not a number" in warnings[0]
    path.write_text(f'{{"tool_calls": {{"Bash": 1{"0" * 307}, "Read": 1{"0" * 307}}}}}')
    timing, _, _ = read_timing(str(path), None)
    assert timing.tool_calls == Figure(2e307, "timing.json tool_calls (sum over tools)")
