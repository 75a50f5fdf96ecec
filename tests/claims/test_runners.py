"""Test-runner summaries: each runner's own last word on a run."""

from __future__ import annotations

import pytest

from agentv_grader.claims._runners import summarise

CASES = [
    ("pytest", "..F.\nFAILED tests/t.py::test_a - x\n1 failed, 3 passed in 0.2s\n", 3, 1, 4),
    ("pytest banner", "===== 2 failed, 10 passed, 1 skipped in 1.02s =====", 10, 2, 12),
    ("jest", "Tests:       3 failed, 41 passed, 44 total\nTime: 3 s", 41, 3, 44),
    ("vitest", "      Tests  1 failed | 96 passed (97)\n   Duration  2.31s", 96, 1, 97),
    ("mocha", "  23 passing (812ms)\n  2 pending\n", 23, 0, 23),
    ("mocha failing", "  20 passing (1s)\n  3 failing\n", 20, 3, 23),
    ("cargo", "test result: FAILED. 27 passed; 2 failed; 0 ignored; 0 measured;", 27, 2, 29),
    (
        "unittest",
        "...F\nFAIL: test_x (m.T)\nRan 42 tests in 0.3s\n\nFAILED (failures=3)",
        39,
        3,
        42,
    ),
    ("unittest ok", "....\nRan 4 tests in 0.01s\n\nOK\n", 4, 0, 4),
    ("dart", "00:01 +3: parses\n00:02 +4 ~1: All tests passed!\n", 4, 0, 4),
    (
        "dart failing",
        "00:00 +0 -1: loading a_test.dart [E]\n00:00 +0 -1: Some tests failed.",
        0,
        1,
        1,
    ),
    (
        "xctest",
        "Test Case 'CounterTests.testFloor' failed (0.003 seconds)\n"
        "\t Executed 10 tests, with 2 failures (0 unexpected) in 0.004 (0.004) seconds\n"
        "\t Executed 15 tests, with 2 failures (0 unexpected) in 0.007 (0.007) seconds\n",
        14,
        1,
        15,
    ),
    (
        "xctest and swift-testing",
        "\t Executed 9 tests, with 0 failures (0 unexpected) in 0.01 (0.01) seconds\n"
        "✔ Test run with 3 tests passed after 0.002 seconds.\n",
        12,
        0,
        12,
    ),
    # two runs in one output (`flutter test a_test.dart && flutter test`): the last's
    ("dart twice", "00:01 +4: All tests passed!\n00:09 +41 ~1 -2: Some tests failed.\n", 41, 2, 43),
    # sbt's own count of a test task, after the framework's (ScalaTest's) counts
    (
        "sbt",
        "[info] Tests: succeeded 26, failed 0, canceled 0, ignored 1, pending 0\n"
        "[info] Passed: Total 27, Failed 0, Errors 0, Passed 26, Skipped 1\n",
        26,
        0,
        27,
    ),
    ("sbt failed", "[error] Failed: Total 14, Failed 1, Errors 1, Passed 12\n", 12, 2, 14),
    # ScalaTest alone: its total is the tests run, the ignored ones none of them
    (
        "scalatest",
        "[info] Suites: completed 3, aborted 0\n"
        "[info] Tests: succeeded 16, failed 1, canceled 0, ignored 2, pending 0\n"
        "[info] *** 1 TEST FAILED ***\n",
        16,
        1,
        17,
    ),
    # a suite aborted where no test failed: a failure, quoted by its suites' line
    (
        "scalatest aborted",
        "Suites: completed 2, aborted 2\nTests: succeeded 8, failed 0, canceled 0, ignored 0, "
        "pending 0\n",
        8,
        2,
        8,
    ),
]


@pytest.mark.parametrize(("name", "output", "passed", "failed", "total"), CASES)
def test_summaries(name: str, output: str, passed: int, failed: int, total: int) -> None:
    summary = summarise(output)
    assert summary is not None, name
    assert (summary.passed, summary.failed, summary.total) == (passed, failed, total)
    assert summary.ok is (failed == 0)
    assert summary.line in output  # quoted verbatim as evidence


def test_go_test_counts_failing_tests_and_names_them() -> None:
    output = (
        "ok  \tgithub.com/a/b\t0.4s\n--- FAIL: TestRetry (0.00s)\nFAIL\n"
        "FAIL\tgithub.com/a/c\t0.2s\n"
    )
    summary = summarise(output)
    assert summary is not None and summary.failed == 1 and not summary.ok
    assert summary.failed_names == ("TestRetry",)


def test_failed_test_names_from_pytest_and_unittest() -> None:
    pytest_output = "FAILED tests/test_a.py::test_one - E\n1 failed, 1 passed in 0.1s"
    unittest_output = "FAIL: test_two (m.T)\nRan 2 tests in 0.1s\n\nFAILED (failures=1)"
    assert summarise(pytest_output).failed_names == ("test_one",)  # type: ignore[union-attr]
    assert summarise(unittest_output).failed_names == ("test_two",)  # type: ignore[union-attr]


def test_prose_that_mentions_passing_is_not_a_summary() -> None:
    assert summarise("the build passed and 3 tests were added") is None
    # package:test's progress line of one test is no verdict on the run
    assert summarise("00:02 +3: All tests passed! is a test name [E]") is None


def test_xctest_failures_are_assertions_and_swift_testing_alone_may_be_cut() -> None:
    # two failed assertions of one test, no test's own line: how many tests failed is open
    assert (
        summarise("Executed 15 tests, with 2 failures (0 unexpected) in 0.1 (0.1) seconds") is None
    )
    # swift-testing's verdict alone: XCTest's lines before it were cut by a pipe
    assert summarise("✔ Test run with 3 tests passed after 0.002 seconds.") is None
    skipped = (
        "Executed 12 tests, with 1 test skipped and 0 failures (0 unexpected) in 0.1 (0.1) seconds"
    )
    summary = summarise(skipped)
    assert summary is not None and (summary.passed, summary.skipped) == (11, 1)


def test_dart_counts_its_skips_apart() -> None:
    summary = summarise("00:09 +41 ~1: All tests passed!")
    assert summary is not None and (summary.passed, summary.skipped) == (41, 1)
