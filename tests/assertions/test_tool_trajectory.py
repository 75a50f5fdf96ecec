"""Legacy tool-trajectory (SPEC §5.5, docs/agentv-semantics.md §9): modes, args modes, latency."""

from __future__ import annotations

from typing import Any

import pytest

from agentv_grader.model import Status

from ._grading import grade, texts


def calls(*specs: Any) -> list[Any]:
    """One assistant row holding these tool calls (`name` or `(name, input, duration)`)."""
    rows = []
    for spec in specs:
        name, args, ms = (spec, {}, None) if isinstance(spec, str) else spec
        rows.append({"tool": name, "input": args, **({"duration_ms": ms} if ms else {})})
    return [{"role": "assistant", "content": "", "tool_calls": rows}]


def tt(transcript: Any, **config: Any) -> Any:
    return grade({"type": "tool-trajectory", **config}, transcript=transcript)


def test_any_order_minimums() -> None:
    out = tt(calls("Read", "Read", "Edit"), mode="any_order", minimums={"Read": 2, "Grep": 1})
    assert texts(out) == [("Read: called 2 times (required >=2)", True),
                          ("Grep: called 0 times (required >=1)", False)]  # fmt: skip
    assert out.score == 0.5 and out.text == "Grep: called 0 times (required >=1)"


def test_in_order_consumes_and_does_not_retry() -> None:
    expected = [{"tool": "search", "args": {"q": "x"}}, {"tool": "analyze"}]
    out = tt(calls(("search", {"q": "wrong"}, None), "analyze", ("search", {"q": "x"}, None)),
             mode="in_order", expected=expected)  # fmt: skip
    assert texts(out) == [
        ("Expected search at position 0: tool found at 0 but args mismatch", False),
        ("Found analyze at position 1", True),
    ]
    out = tt(calls("report", "search"), mode="in_order",
             expected=[{"tool": "search"}, {"tool": "report"}])  # fmt: skip
    assert texts(out) == [
        ("Found search at position 1", True),
        ("Expected report at position 1, not found in remaining trace", False),
    ]


def test_exact_extra_calls_still_score_one() -> None:
    out = tt(calls("search", "analyze", "extra"), mode="exact",
             expected=[{"tool": "search"}, {"tool": "analyze"}])  # fmt: skip
    assert out.score == 1.0 and out.status is Status.PASSED
    assert texts(out)[0] == ("Expected 2 tool calls, got 3", False)
    assert out.text == "Expected 2 tool calls, got 3"  # the first failed entry
    out = tt(calls("search"), mode="exact", expected=[{"tool": "search"}, {"tool": "analyze"}])
    assert texts(out)[-1] == ("Position 1: expected analyze, got nothing", False)


def test_superset_and_subset() -> None:
    out = tt(calls("search"), mode="superset", expected=[{"tool": "search"}, {"tool": "search"}])
    assert texts(out) == [("Found search at position 0", True),
                          ("Expected search not found in actual trajectory", False)]  # fmt: skip
    out = tt(calls("read", "delete"), mode="subset", expected=[{"tool": "read"}])
    assert texts(out) == [("Position 0: read is in allowed set", True),
                          ("Position 1: delete is not in allowed set", False)]  # fmt: skip
    assert tt(calls(), mode="subset", expected=[{"tool": "read"}]).text == (
        "No actual tool calls (trivially a subset)")  # fmt: skip
    out = tt(calls("read"), mode="subset", expected=[])
    assert out.text == "1 unexpected tool call(s) with empty allowed list" and out.score == 0.0
    assert tt(calls(), mode="subset", expected=[]).text == "No tool calls and no expected tools"


@pytest.mark.parametrize(
    ("args_match", "actual", "ok"),
    [("exact", {"q": "x", "n": 1}, True), ("exact", {"q": "x", "n": 1, "extra": 1}, False),
     ("superset", {"q": "x", "n": 1, "extra": 1}, True), ("superset", {"q": "x"}, False),
     ("subset", {"q": "x"}, True), ("subset", {"q": "x", "extra": 1}, False),
     ("ignore", {"anything": True}, True), (["q"], {"q": "x", "n": 99}, True),
     (["q"], {"q": "y", "n": 1}, False), (["cfg.q"], {"q": "x"}, True)],
)  # fmt: skip
def test_args_modes(args_match: Any, actual: Any, ok: bool) -> None:
    item = {"tool": "search", "args": {"q": "x", "n": 1}, "args_match": args_match}
    out = tt(calls(("search", actual, None)), mode="exact", expected=[item])
    assert out.status is (Status.PASSED if ok else Status.FAILED)


def test_args_any_and_booleans_are_not_numbers() -> None:
    assert tt(calls(("s", {"x": 1}, None)), mode="exact",
              expected=[{"tool": "s", "args": "any"}]).score == 1.0  # fmt: skip
    assert tt(calls(("s", {"x": True}, None)), mode="exact",
              expected=[{"tool": "s", "args": {"x": 1}}]).score == 0.0  # fmt: skip


def test_latency_checks_and_missing_durations() -> None:
    out = tt(calls(("Read", {}, 120)), mode="in_order",
             expected=[{"tool": "Read", "max_duration_ms": 50}])  # fmt: skip
    assert texts(out) == [
        ("Found Read at position 0", True), ("Read took 120ms (max: 50ms)", False),
    ]  # fmt: skip
    assert out.score == 0.5
    timed = [{"tool": "Read", "max_duration_ms": 100}]
    out = tt(calls(("Read", {}, 100)), mode="exact", expected=timed)
    assert texts(out)[1] == ("Read completed in 100ms (max: 100ms)", True)
    out = tt(calls("Read"), mode="exact", expected=timed)
    assert texts(out) == [("Position 0: Read", True)] and out.score == 1.0  # left out


def test_inverted_tool_trajectory_flips_the_score() -> None:
    out = grade({"type": "tool-trajectory", "mode": "exact", "expected": [{"tool": "a"}],
                 "negate": True}, transcript=calls("b"))  # fmt: skip
    assert out.status is Status.PASSED and out.score == 1.0


@pytest.mark.parametrize(
    ("config", "words"),
    [({"mode": "random"}, "mode must be one of"),
     ({"mode": "any_order"}, "needs 'minimums'"),
     ({"mode": "any_order", "minimums": {"Read": "two"}}, "minimums.Read"),
     ({"mode": "exact"}, "needs 'expected'"),
     ({"mode": "exact", "expected": [{"args": {}}]}, "expected[0] must be a mapping with 'tool'"),
     ({"mode": "exact", "expected": [{"tool": "a", "args": 5}]}, "expected[0].args"),
     ({"mode": "exact", "expected": [{"tool": "a", "max_duration_ms": -1}]}, "max_duration_ms"),
     ({"mode": "exact", "expected": [], "args_match": "fuzzy"}, "args_match must be")],
)  # fmt: skip
def test_bad_configuration_is_an_error(config: Any, words: str) -> None:
    for transcript in (calls("a"), None):
        out = tt(transcript, **config)
        assert out.status is Status.ERROR and words in out.text


def test_no_transcript_is_skipped() -> None:
    out = tt(None, mode="exact", expected=[{"tool": "a"}])
    assert (out.status, out.score, out.text) == (Status.SKIPPED, None, "no transcript file")


def test_unusable_transcript_is_an_error() -> None:
    out = tt("{oops", mode="exact", expected=[{"tool": "a"}])
    assert out.status is Status.ERROR and "transcript is unusable" in out.text
