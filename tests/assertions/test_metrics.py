"""latency, cost, token-usage, execution-metrics (SPEC §5.4): AgentV's texts, missing → skipped."""

from __future__ import annotations

from typing import Any

import pytest

from agentv_grader.model import Status

from ._grading import grade, texts

CALLS: list[Any] = [
    {"role": "assistant", "content": "looking", "tool_calls": [
        {"tool": "Read", "input": {}}, {"tool": "Grep", "input": {}},
        {"tool": "Edit", "input": {}}]},
    {"role": "assistant", "content": "done"},
]  # fmt: skip


# ------------------------------------------------------------------ latency and cost


def test_latency_texts_and_source_in_evidence() -> None:
    out = grade({"type": "latency", "threshold": 1000}, timing={"duration_ms": 2500})
    assert (out.status, out.text) == (Status.FAILED, "Duration 2500ms > 1000ms threshold")
    assert out.evidence == "duration 2500 ms (timing.json duration_ms)"
    out = grade({"type": "latency", "threshold": 3000}, timing={"total_duration_seconds": 2.5})
    assert out.text == "Duration 2500ms <= 3000ms threshold"
    assert "total_duration_seconds × 1000" in out.evidence


def test_cost_budget_and_threshold_alias() -> None:
    out = grade({"type": "cost", "budget": 0.1}, timing={"cost_usd": 0.123456})
    assert out.text == "Cost $0.1235 > $0.1000 budget" and out.status is Status.FAILED
    out = grade({"type": "cost", "threshold": 0.5}, timing={"cost": {"usd": 0.1}})
    assert out.status is Status.PASSED and out.text == "Cost $0.1000 <= $0.5000 budget"


@pytest.mark.parametrize(
    ("item", "timing", "reason"),
    [
        ({"type": "latency", "threshold": 1}, None, "no timing file"),
        ({"type": "latency", "threshold": 1}, {"cost_usd": 1}, "timing.json has no duration"),
        ({"type": "cost", "budget": 1}, {"cost_usd": None}, "timing.json has no cost"),
        ({"type": "cost", "budget": 1}, {"cost": {"usd": 0, "source": "unavailable"}},
         "timing.json has no cost"),
        ({"type": "token-usage", "max_total": 1}, {"duration_ms": 1},
         "timing.json has no token usage"),
    ],
)  # fmt: skip
def test_missing_data_is_skipped_with_the_reason(item: Any, timing: Any, reason: str) -> None:
    out = grade(item, timing=timing)
    assert (out.status, out.score, out.text) == (Status.SKIPPED, None, reason)


def test_inverted_metric_with_missing_data_stays_skipped() -> None:
    out = grade({"type": "latency", "threshold": 1, "negate": True})
    assert out.status is Status.SKIPPED and out.score is None


@pytest.mark.parametrize(
    ("item", "words"),
    [
        ({"type": "latency"}, "needs 'threshold'"),
        ({"type": "latency", "threshold": -1}, "'threshold' must be a number ≥ 0"),
        ({"type": "cost", "budget": "cheap"}, "'budget' must be a number"),
        ({"type": "cost"}, "needs 'budget'"),
        ({"type": "token-usage"}, "at least one of max_total"),
        ({"type": "token-usage", "max_input": True}, "'max_input' must be a number"),
        ({"type": "execution-metrics", "exploration_tolerance": 0.1}, "at least one of"),
        ({"type": "execution-metrics", "max_tool_calls": -1}, "'max_tool_calls' must be"),
    ],
)
def test_bad_limits_are_errors(item: Any, words: str) -> None:
    out = grade(item, timing={"duration_ms": 1})
    assert out.status is Status.ERROR and words in out.text


def test_unusable_timing_file_is_an_error_not_a_skip() -> None:
    out = grade({"type": "latency", "threshold": 1}, timing="{not json")
    assert out.status is Status.ERROR and "not valid JSON" in out.text


# ------------------------------------------------------------------ token-usage


def test_token_usage_entries_in_agentv_order_all_or_nothing() -> None:
    item = {"type": "token-usage", "max_input": 1000, "max_output": 100, "max_total": 5000}
    out = grade(item, timing={"token_usage": {"input": 500, "output": 300}})
    assert texts(out) == [
        ("Input tokens 500 <= 1000", True),
        ("Output tokens 300 > 100", False),
        ("Total tokens 800 <= 5000", True),
    ]
    assert (out.status, out.score, out.text) == (Status.FAILED, 0.0, "Output tokens 300 > 100")


def test_token_total_includes_cached_and_falls_back_to_total_tokens() -> None:
    out = grade({"type": "token-usage", "max_total": 1000},
                timing={"token_usage": {"input": 400, "output": 500, "cached": 200}})  # fmt: skip
    assert out.text == "Total tokens 1100 > 1000"
    out = grade({"type": "token-usage", "threshold": 1000}, timing={"total_tokens": 900})
    assert out.status is Status.PASSED and out.text == "Total tokens 900 <= 1000"
    assert "timing.json total_tokens" in out.evidence


def test_token_usage_leaves_out_a_limit_without_data() -> None:
    item = {"type": "token-usage", "max_input": 10, "max_total": 1000}
    out = grade(item, timing={"total_tokens": 900})
    assert texts(out) == [("Total tokens 900 <= 1000", True)]
    assert "max_input (timing.json has no input tokens)" in out.evidence


def test_token_usage_camel_case_keys() -> None:
    out = grade({"type": "token-usage", "maxTotal": 100},
                timing={"token_usage": {"input": 60, "output": 50}})  # fmt: skip
    assert out.text == "Total tokens 110 > 100"


# ------------------------------------------------------------------ execution-metrics


def test_execution_metrics_counts_from_the_transcript() -> None:
    item = {"type": "execution-metrics", "max_tool_calls": 10, "max_llm_calls": 1,
            "max_tokens": 2000, "max_cost_usd": 0.01, "max_duration_ms": 5000}  # fmt: skip
    timing = {"token_usage": {"input": 500, "output": 300, "cached": 9999}, "cost_usd": 0.05,
              "duration_ms": 3000}  # fmt: skip
    out = grade(item, transcript=CALLS, timing=timing)
    assert texts(out) == [
        ("Tool calls 3 <= 10 max", True),
        ("LLM calls 2 > 1 max", False),
        ("Total tokens 800 <= 2000 max", True),
        ("Cost $0.0500 > $0.0100 max", False),
        ("Duration 3000ms <= 5000ms max", True),
    ]
    assert out.score == pytest.approx(0.6) and out.status is Status.FAILED
    assert out.text == "LLM calls 2 > 1 max"


def test_without_a_transcript_counts_are_missing_or_come_from_timing() -> None:
    item = {"type": "execution-metrics", "max_tool_calls": 10, "max_llm_calls": 5,
            "max_cost_usd": 0.01}  # fmt: skip
    out = grade(item, timing={"cost_usd": 0.001})
    assert texts(out) == [("Cost $0.0010 <= $0.0100 max", True)]
    assert out.score == 1.0 and "tool calls (no transcript" in out.evidence
    out = grade(item, timing={"cost_usd": 0.001, "tool_calls": 12, "llm_calls": 2})
    assert texts(out)[0] == ("Tool calls 12 > 10 max", False)
    assert out.score == pytest.approx(2 / 3) and out.status is Status.FAILED


def test_execution_metrics_with_no_data_for_any_check_is_skipped() -> None:
    out = grade({"type": "execution-metrics", "max_duration_ms": 1}, transcript=CALLS)
    assert out.status is Status.SKIPPED
    assert out.text == "no data for any configured check: duration (no timing file)"


def test_execution_metrics_total_tokens_fallback_and_passing_at_08() -> None:
    item = {"type": "execution-metrics", "max_tokens": 1000, "max_tool_calls": 2,
            "max_llm_calls": 5, "max_duration_ms": 10, "max_cost_usd": 1}  # fmt: skip
    out = grade(item, transcript=CALLS, timing={"total_tokens": 900, "duration_ms": 5,
                                                 "cost_usd": 0.5})  # fmt: skip
    assert out.score == pytest.approx(0.8) and out.status is Status.PASSED
    assert out.text == "Tool calls 3 > 2 max"


def test_exploration_ratio() -> None:
    item = {"type": "execution-metrics", "target_exploration_ratio": 0.5}
    out = grade(item, transcript=CALLS)
    assert out.text == "Exploration ratio 0.67 within tolerance of target 0.5"
    item["exploration_tolerance"] = 0.1
    out = grade(item, transcript=CALLS)
    assert out.text == (
        "Exploration ratio 0.67 outside tolerance of target 0.5 (diff: 0.17, tolerance: 0.1)"
    )
    out = grade(item, transcript=[{"role": "assistant", "content": "x"}])
    assert texts(out) == [("Exploration ratio not available (no tool calls)", False)]
    out = grade(item, timing={"duration_ms": 1})
    assert out.status is Status.SKIPPED and "exploration ratio (no transcript)" in out.text


def test_unusable_transcript_is_an_error_for_count_checks() -> None:
    out = grade({"type": "execution-metrics", "max_tool_calls": 1}, transcript="garbage")
    assert out.status is Status.ERROR and "transcript is unusable" in out.text


def test_inverted_execution_metrics_flips_score_and_checks() -> None:
    item = {"type": "execution-metrics", "max_tool_calls": 1, "negate": True}
    out = grade(item, transcript=CALLS)
    assert out.status is Status.PASSED and out.score == 1.0
    assert texts(out) == [("Tool calls 3 > 1 max", True)]


@pytest.mark.parametrize(
    "item",
    [{"type": "token-usage", "max_total": 1}, {"type": "cost", "budget": 1},
     {"type": "execution-metrics", "max_cost_usd": 1},
     {"type": "execution-metrics", "max_tokens": 1}],
)  # fmt: skip
def test_a_figure_missing_because_its_file_is_unusable_is_an_error(item: Any) -> None:
    out = grade(item, timing="[1, 2]", transcript=CALLS)
    assert out.status is Status.ERROR and "timing data is unusable" in out.text


def test_a_usable_figure_is_graded_despite_an_unusable_transcript() -> None:
    out = grade({"type": "execution-metrics", "max_duration_ms": 10}, timing={"duration_ms": 5},
                transcript="garbage")  # fmt: skip
    assert out.status is Status.PASSED
