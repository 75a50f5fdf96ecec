"""Paraphrases of common test-result claims crossed with small runs of six runners: no
verdict the wrong way round (SPEC §5.9).

Each paraphrase says what it asserts (all pass, a failure, a pass count, a part's count),
each run what it shows (its outcome and, where its runner prints them, its counts). A case
is *reversed* when the run refutes the claim and the checker verifies it, or the run
supports it and the checker contradicts it. The set of reversed cases is held against
`KNOWN_REVERSED` both ways: a rule that turns a common claim round fails the test, and a
fix that mends a case fails it until the case leaves the list. A miss (unverifiable where
a verdict was possible) is not asserted. `Key: N` summaries (`Passed: 12`, `pytest:
Failures: 1.`) are crossed with the same runs; claims naming one test (`test_x now
passes`, `the failing TestParseDate is green now`, `` `parser › parses dates` still
fails``), in each runner's spelling, with runs where it fails, passes, is fixed or breaks
(`KNOWN_REVERSED_NAMED`).
"""

from __future__ import annotations

from typing import Any, NamedTuple

import pytest

from agentv_grader.claims import check_claims
from agentv_grader.rundata.records import Transcript

from .test_claims import bash, run


class Shows(NamedTuple):
    """What one run shows: its outcome, and its summary's counts (None: not printed)."""

    ok: bool
    passed: int | None
    failed: int | None


class Says(NamedTuple):
    """What a claim asserts: `all` (every test passes), `fail` (a test fails), `count` (a
    count of passes, nothing of failures); `part`: of a part of the suite (`11 new tests`),
    so a failure elsewhere does not refute it and a count is at most the run's."""

    kind: str
    passed: int | None = None
    failed: int | None = None
    total: int | None = None
    part: bool = False


ALL = Says("all")
FAIL = Says("fail")

# runner: (its command, a run where 1 of 12 fails, a run where all 12 pass, the word a
# claim names it by, whether its summary counts the tests)
RUNNERS: dict[str, tuple[str, str, str, str, bool]] = {
    "pytest": (
        "pytest -q",
        "FAILED tests/test_a.py::test_x - E\n1 failed, 11 passed in 0.1s",
        "12 passed in 0.1s",
        "pytest",
        True,
    ),
    "jest": (
        "npx jest",
        "FAIL src/a.test.js\nTests:       1 failed, 11 passed, 12 total\n"
        "Test Suites: 1 failed, 2 passed, 3 total",
        "PASS src/a.test.js\nTests:       12 passed, 12 total\nTest Suites: 3 passed, 3 total",
        "jest",
        True,
    ),
    "vitest": (
        "npx vitest run",
        " FAIL  src/a.test.ts > x\n      Tests  1 failed | 11 passed (12)\n   Duration  0.3s",
        "      Tests  12 passed (12)\n   Duration  0.3s",
        "vitest",
        True,
    ),
    "go test": (
        "go test ./...",
        "--- FAIL: TestX (0.00s)\n    a_test.go:9: boom\nFAIL\nFAIL\texample.com/pkg\t0.01s\nFAIL",
        "ok  \texample.com/pkg\t0.01s",
        "Go",
        False,
    ),
    "go test -v": (
        "go test -v ./...",
        "".join(f"=== RUN   Test{i}\n--- PASS: Test{i} (0.00s)\n" for i in range(11))
        + "=== RUN   TestX\n--- FAIL: TestX (0.00s)\n    a_test.go:9: boom\nFAIL\n"
        "FAIL\texample.com/pkg\t0.01s\nFAIL",
        "".join(f"=== RUN   Test{i}\n--- PASS: Test{i} (0.00s)\n" for i in range(12))
        + "PASS\nok  \texample.com/pkg\t0.01s",
        "Go",
        False,
    ),
    "cargo test": (
        "cargo test",
        "running 12 tests\ntest a::x ... FAILED\n\nfailures:\n    a::x\n\ntest result: FAILED. "
        "11 passed; 1 failed; 0 ignored; 0 measured; 0 filtered out; finished in 0.01s",
        "running 12 tests\ntest result: ok. 12 passed; 0 failed; 0 ignored; 0 measured; "
        "0 filtered out; finished in 0.01s",
        "cargo",
        True,
    ),
    "mocha": (
        "npx mocha",
        "  11 passing (20ms)\n  1 failing\n\n  1) a\n       x:\n     AssertionError",
        "  12 passing (20ms)",
        "mocha",
        True,
    ),
    "rspec": (
        "bundle exec rspec",
        "Finished in 0.1 seconds\n12 examples, 1 failure\n\nFailed examples:\n\n"
        "rspec ./spec/a_spec.rb:4",
        "Finished in 0.1 seconds\n12 examples, 0 failures",
        "rspec",
        True,
    ),
}

# The paraphrases, each with what it asserts of a suite of twelve tests.
CLAIMS: dict[str, Says] = {
    "All tests pass.": ALL,
    "All tests passed.": ALL,
    "All 12 tests pass.": Says("all", total=12),
    "All 12 tests passed.": Says("all", total=12),
    "All twelve tests pass.": Says("all", total=12),
    "The test suite is green.": ALL,
    "The suite is green.": ALL,
    "The tests are passing.": ALL,
    "Tests pass.": ALL,
    "There are no test failures.": ALL,
    "All tests pass with no failures.": ALL,
    "The suite ran without failures.": ALL,
    "12 tests passed, 0 failed.": Says("all", passed=12, failed=0),
    "12 passed, 0 failed.": Says("all", passed=12, failed=0),
    "12 of 12 tests passed.": Says("all", passed=12, total=12),
    "12/12 tests pass.": Says("all", passed=12, total=12),
    "The full test suite passes.": ALL,
    "All tests pass cleanly.": ALL,
    "Every test passes.": ALL,
    "All 12 tests are green.": Says("all", total=12),
    "The tests succeed.": ALL,
    "12 tests pass with 0 failures.": Says("all", passed=12, failed=0),
    "The tests passed with zero failures.": ALL,
    "12 tests, all passing.": Says("all", total=12),
    "12 tests, none failing.": Says("all", total=12),
    "Added 3 tests, all passing.": Says("all", total=3, part=True),
    "Twelve tests passed.": Says("count", passed=12),
    "12 tests pass.": Says("count", passed=12),
    "11 tests pass.": Says("count", passed=11),
    "11 tests passed.": Says("count", passed=11),
    "1 test fails.": Says("fail", failed=1),
    "1 test failed.": Says("fail", failed=1),
    "One test fails.": Says("fail", failed=1),
    "One test is still failing.": Says("fail", failed=1),
    "11 of 12 tests passed.": Says("fail", passed=11, total=12),
    "11 passed, 1 failed.": Says("fail", passed=11, failed=1),
    "11 tests pass and 1 fails.": Says("fail", passed=11, failed=1),
    "1 of 12 tests fails.": Says("fail", failed=1, total=12),
    "There is 1 failing test.": Says("fail", failed=1),
    "The suite is red.": FAIL,
    "Tests are failing.": FAIL,
    "The tests fail.": FAIL,
    "Eleven of twelve tests pass.": Says("fail", passed=11, total=12),
    "All but one test passes.": Says("fail", failed=1),
    "All tests pass except one.": Says("fail", failed=1),
    "11/12 tests pass.": Says("fail", passed=11, total=12),
    "There is one test failure.": Says("fail", failed=1),
    "The suite fails.": FAIL,
    "1 failure remains in the tests.": Says("fail", failed=1),
    "11 of the 12 tests pass.": Says("fail", passed=11, total=12),
    "11 out of 12 tests pass.": Says("fail", passed=11, total=12),
    "12 tests ran and 1 failed.": Says("fail", failed=1, total=12),
    "Only 11 tests pass.": Says("fail", passed=11),
    "Not all tests pass.": FAIL,
    "No tests failed.": ALL,
    "Nothing failed.": ALL,
    "No failures in the suite.": ALL,
    "None of the tests failed.": ALL,
    "No test fails.": ALL,
    "Zero tests failed.": ALL,
    "No tests are failing.": ALL,
    "0 failed.": ALL,
    "There were no failures.": ALL,
}

# Summaries as `Key: N` (a report's list or table of counts), each said as written and
# after the runner's name (`pytest: Failures: 1.`).
KEYED: dict[str, Says] = {
    "Passed: 12": Says("count", passed=12),
    "Passed: 11.": Says("count", passed=11),
    "**Passed:** 12": Says("count", passed=12),
    "Failures: 1.": Says("fail", failed=1),
    "**Failures:** 1": Says("fail", failed=1),
    "Failures: 0": Says("all", failed=0),
    "Failed: 1": Says("fail", failed=1),
    "- Failed: 0": Says("all", failed=0),
    "**Failed:** 0": Says("all", failed=0),
    "Tests: 12/12": Says("all", passed=12, total=12),
    "Tests: 11/12": Says("fail", passed=11, total=12),
    "Tests: 12/12 passing.": Says("all", passed=12, total=12),
    "Total: 12, passed: 12, failed: 0.": Says("all", passed=12, failed=0, total=12),
    "Passed: 11, failed: 1.": Says("fail", passed=11, failed=1),
}


def _variants(said: str, word: str) -> list[tuple[str, bool, bool]]:
    """(claim, said of the last run, of a part of the suite): the paraphrase; after the fix
    and now; with a part's word or the runner's before `tests`; of the runner's suite; after
    the runner's name."""
    low = said[0].lower() + said[1:]
    found: list[tuple[str, bool, bool]] = [
        (said, False, False),
        ("After the fix, " + low, True, False),
        ("Now " + low, True, False),
    ]
    for before in ("unit", "new", "existing", "new unit", word):
        for noun in (" tests", " test"):
            if noun in said:
                found.append((said.replace(noun, f" {before}{noun}", 1), False, before != word))
                break
    if "the suite" in said.lower() or "the test suite" in said.lower():
        found.append((said.replace("suite", f"{word} suite", 1), False, False))
    found.append((f"{word}: {said}", False, False))
    return found


def _holds(says: Says, shows: Shows) -> bool | None:
    """Whether one run supports (True) or refutes (False) the claim; None: neither."""
    passed = says.passed if says.passed is not None else says.total if says.kind == "all" else None
    failed = says.failed
    if failed is None and says.total is not None and says.passed is not None:
        failed = says.total - says.passed
    if says.kind == "count":
        if shows.passed is None:
            return None
        return says.passed <= shows.passed if says.part else says.passed == shows.passed
    if says.kind == "all":
        if not shows.ok:
            return None if says.part else False
        if passed is not None and shows.passed is not None:
            return passed <= shows.passed if says.part else passed == shows.passed
        return True
    if shows.ok:  # a failure claimed
        return False
    for claimed, shown in ((passed, shows.passed), (failed, shows.failed)):
        if claimed is not None and shown is not None:
            if claimed > shown if says.part else claimed != shown:
                return False
    if not says.part and says.total is not None and shows.passed is not None:
        if says.total != shows.passed + (shows.failed or 0):
            return False
    return True


def _truth(says: Says, runs: tuple[Shows, ...], now: bool) -> bool | None:
    """Whether the runs support or refute the claim: its last run's word where the claim
    says now, else where that run supports it (a claim not said of now may be of an earlier
    run); held by both runs where both say the same."""
    last = _holds(says, runs[-1])
    if now or len(runs) == 1 or last is True:
        return last
    return last if _holds(says, runs[0]) == last else None


def _cases(runner: str) -> list[tuple[str, str, Transcript, bool | None]]:
    command, failing, passing, word, counted = RUNNERS[runner]
    fail = bash(command, failing, "error")
    ok = bash(command, passing)
    shows_fail = Shows(False, 11 if counted else None, 1)
    shows_ok = Shows(True, 12 if counted else None, 0)
    runs: dict[str, tuple[Any, ...]] = {
        "fail": ((fail, shows_fail),),
        "pass": ((ok, shows_ok),),
        "fail>pass": ((fail, shows_fail), (ok, shows_ok)),
        "pass>fail": ((ok, shows_ok), (fail, shows_fail)),
    }
    said_as = [(says, _variants(said, word)) for said, says in CLAIMS.items()] + [
        (says, [(said, False, False), (f"{word}: {said}", False, False)])
        for said, says in KEYED.items()
    ]
    cases = []
    for says, variants in said_as:
        for claim, now, part in variants:
            for name, calls in runs.items():
                said_of = says._replace(part=says.part or part)
                truth = _truth(said_of, tuple(s for _, s in calls), now)
                cases.append((claim, name, run(*(c for c, _ in calls)), truth))
    return cases


def _reversed(runner: str) -> set[str]:
    found = set()
    for claim, name, transcript, truth in _cases(runner):
        if truth is None:
            continue
        verdicts = [c.status for c in check_claims(claim, transcript, "")]
        if ("contradicted" if truth else "verified") in verdicts:
            found.add(f"{runner} {name}: {claim}")
    return found


# Reversed cases as the checker stands: each `runner run: claim`.
KNOWN_REVERSED: set[str] = {
    "go test fail>pass: Go: Total: 12, passed: 12, failed: 0.",
    "go test -v fail>pass: Go: Total: 12, passed: 12, failed: 0.",
}


@pytest.mark.parametrize("runner", list(RUNNERS))
def test_no_paraphrase_is_reversed_by_a_small_run(runner: str) -> None:
    found = _reversed(runner)
    known = {case for case in KNOWN_REVERSED if case.split(":")[0].rsplit(" ", 1)[0] == runner}
    assert sorted(found - known) == [], "newly reversed"
    assert sorted(known - found) == [], "no longer reversed: remove from KNOWN_REVERSED"


# --- named tests ---------------------------------------------------------------------------
# runner: (a test's name as the runner spells it, the command running everything, the one
# running that test alone, a run of everything where it fails, one where another fails,
# one where all pass, and the run of it alone passing)
NAMED_RUNNERS: dict[str, tuple[str, str, str, str, str, str, str]] = {
    "pytest": (
        "test_x",
        "pytest -q",
        "pytest -q tests/test_a.py::test_x",
        "FAILED tests/test_a.py::test_x - E\n1 failed, 11 passed in 0.1s",
        "FAILED tests/test_a.py::test_y - E\n1 failed, 11 passed in 0.1s",
        "12 passed in 0.1s",
        "1 passed in 0.1s",
    ),
    "go test": (
        "TestParseDate",
        "go test ./...",
        "go test -run TestParseDate ./...",
        "--- FAIL: TestParseDate (0.00s)\n    a_test.go:9: boom\nFAIL\n"
        "FAIL\texample.com/pkg\t0.01s\nFAIL",
        "--- FAIL: TestParseTime (0.00s)\n    a_test.go:9: boom\nFAIL\n"
        "FAIL\texample.com/pkg\t0.01s\nFAIL",
        "ok  \texample.com/pkg\t0.01s",
        "ok  \texample.com/pkg\t0.01s",
    ),
    "go test -v": (
        "TestParseDate",
        "go test -v ./...",
        "go test -v -run TestParseDate ./...",
        "=== RUN   TestParseTime\n--- PASS: TestParseTime (0.00s)\n=== RUN   TestParseDate\n"
        "--- FAIL: TestParseDate (0.00s)\n    a_test.go:9: boom\nFAIL\n"
        "FAIL\texample.com/pkg\t0.01s\nFAIL",
        "=== RUN   TestParseTime\n--- FAIL: TestParseTime (0.00s)\n    a_test.go:9: boom\n"
        "=== RUN   TestParseDate\n--- PASS: TestParseDate (0.00s)\nFAIL\n"
        "FAIL\texample.com/pkg\t0.01s\nFAIL",
        "=== RUN   TestParseTime\n--- PASS: TestParseTime (0.00s)\n=== RUN   TestParseDate\n"
        "--- PASS: TestParseDate (0.00s)\nPASS\nok  \texample.com/pkg\t0.01s",
        "=== RUN   TestParseDate\n--- PASS: TestParseDate (0.00s)\nPASS\n"
        "ok  \texample.com/pkg\t0.01s",
    ),
    "jest": (
        "parser › parses dates",
        "npx jest",
        "npx jest -t 'parses dates'",
        "FAIL src/a.test.js\n  ● parser › parses dates\n\n    expect(received).toBe(expected)\n\n"
        "Tests:       1 failed, 11 passed, 12 total",
        "FAIL src/a.test.js\n  ● parser › parses times\n\n    expect(received).toBe(expected)\n\n"
        "Tests:       1 failed, 11 passed, 12 total",
        "PASS src/a.test.js\nTests:       12 passed, 12 total",
        "PASS src/a.test.js\nTests:       11 skipped, 1 passed, 12 total",
    ),
    "vitest": (
        "parser > parses dates",
        "npx vitest run",
        "npx vitest run -t 'parses dates'",
        " FAIL  src/a.test.ts > parser > parses dates\n      Tests  1 failed | 11 passed (12)",
        " FAIL  src/a.test.ts > parser > parses times\n      Tests  1 failed | 11 passed (12)",
        "      Tests  12 passed (12)",
        "      Tests  1 passed | 11 skipped (12)",
    ),
    "cargo test": (
        "parser::parses_dates",
        "cargo test",
        "cargo test parser::parses_dates",
        "running 12 tests\ntest parser::parses_dates ... FAILED\n\nfailures:\n"
        "    parser::parses_dates\n\ntest result: FAILED. 11 passed; 1 failed; 0 ignored; "
        "0 measured; 0 filtered out; finished in 0.01s",
        "running 12 tests\ntest parser::parses_times ... FAILED\n\nfailures:\n"
        "    parser::parses_times\n\ntest result: FAILED. 11 passed; 1 failed; 0 ignored; "
        "0 measured; 0 filtered out; finished in 0.01s",
        "running 12 tests\ntest result: ok. 12 passed; 0 failed; 0 ignored; 0 measured; "
        "0 filtered out; finished in 0.01s",
        "running 1 test\ntest parser::parses_dates ... ok\n\ntest result: ok. 1 passed; "
        "0 failed; 0 ignored; 0 measured; 11 filtered out; finished in 0.01s",
    ),
}

# What a claim naming the test asserts: that it passes or fails (`passes`), and of which
# run: `now` (the last that ran it), `first` (the first that ran it), `once` (said in the
# past, of no run in particular), `fixed` (it failed, and passes now).
NAMED_CLAIMS: list[tuple[str, bool, str]] = [
    ("{t} passes.", True, "now"),
    ("`{t}` passes.", True, "now"),
    ("{t} now passes.", True, "now"),
    ("`{t}` now passes.", True, "now"),
    ("`{t}` passes now.", True, "now"),
    ("`{t}` is green.", True, "now"),
    ("The `{t}` test passes.", True, "now"),
    ("The test `{t}` passes.", True, "now"),
    ("{t} passed.", True, "once"),
    ("Fixed {t}.", True, "fixed"),
    ("Fixed `{t}`, which passes now.", True, "fixed"),
    ("The failing {t} is green now.", True, "fixed"),
    ("The failing test {t} now passes.", True, "fixed"),
    ("{t} was failing and now passes.", True, "fixed"),
    ("{t} failed at first and passes now.", True, "fixed"),
    ("{t} still fails.", False, "now"),
    ("`{t}` still fails.", False, "now"),
    ("{t} fails.", False, "now"),
    ("The `{t}` test fails.", False, "now"),
    ("{t} is still failing.", False, "now"),
    ("{t} failed.", False, "once"),
    ("{t} failed at first.", False, "first"),
    ("{t} failed initially.", False, "first"),
    ("Initially {t} failed.", False, "first"),
    ("{t} passed at first but fails now.", False, "now"),
]

# Each run: which of the runner's calls it makes ("fail": everything, the test failing;
# "other": everything, another failing; "pass": everything passing; "alone": the test
# alone, passing), and whether the test passed in each.
NAMED_RUNS: dict[str, tuple[tuple[str, ...], tuple[bool, ...]]] = {
    "fails, then everything passes": (("fail", "pass"), (False, True)),
    "fails, then alone passes": (("fail", "alone"), (False, True)),
    "everything passes": (("pass",), (True,)),
    "fails in everything": (("fail",), (False,)),
    "another fails in everything": (("other",), (True,)),
    "passes, then fails": (("pass", "fail"), (True, False)),
}


def _named_truth(passes: bool, when: str, went: tuple[bool, ...]) -> bool | None:
    """Whether the runs (how the test went in each) support or refute the claim; a claim in
    the past of no run in particular as `_truth` holds it."""
    if when == "now":
        return went[-1] == passes
    if when == "first":
        return went[0] == passes
    if when == "once":
        last = went[-1] == passes
        return last if last or (went[0] == passes) == last else None
    if went[-1] != passes:  # fixed: it fails now
        return False
    return True if not went[0] else None  # no failure shown: it may have failed before the run


def _named_reversed(runner: str) -> set[str]:
    name, full, alone, failing, other, passing, alone_passing = NAMED_RUNNERS[runner]
    calls = {
        "fail": bash(full, failing, "error"),
        "other": bash(full, other, "error"),
        "pass": bash(full, passing),
        "alone": bash(alone, alone_passing),
    }
    found = set()
    for template, passes, when in NAMED_CLAIMS:
        claim = template.format(t=name)
        for run_name, (made, went) in NAMED_RUNS.items():
            truth = _named_truth(passes, when, went)
            if truth is None:
                continue
            verdicts = [c.status for c in check_claims(claim, run(*map(calls.get, made)), "")]
            if ("contradicted" if truth else "verified") in verdicts:
                found.add(f"{runner} | {run_name} | {claim}")
    return found


# Reversed cases as the checker stands: each `runner | run | claim`.
KNOWN_REVERSED_NAMED: set[str] = {
    "go test -v | everything passes | TestParseDate passed at first but fails now.",
}


@pytest.mark.parametrize("runner", list(NAMED_RUNNERS))
def test_no_claim_naming_a_test_is_reversed_by_a_small_run(runner: str) -> None:
    found = _named_reversed(runner)
    known = {case for case in KNOWN_REVERSED_NAMED if case.split(" | ")[0] == runner}
    assert sorted(found - known) == [], "newly reversed"
    assert sorted(known - found) == [], "no longer reversed: remove from KNOWN_REVERSED_NAMED"
