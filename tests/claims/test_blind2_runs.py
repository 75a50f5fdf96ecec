"""Rules on test runs, commands, packages, files and hosts added after the second blind
evaluation (tests/data/claims/blind2), one behaviour each: each test is a small run shaped
like a blind wrong verdict, never its text (SPEC §5.9)."""

from __future__ import annotations

import pytest

from tests.claims.test_claims import bash, run, statuses


@pytest.mark.parametrize(
    "call",
    [
        bash("zig build test", "Build Summary: 3/3 steps succeeded; 12/12 tests passed"),
        bash("cd app && just ci", "lint ok\n12 passed"),
        bash("./scripts/verify.sh", "all good"),
        bash("bash -lc 'bin/ci --fast'", "all good"),
        ("run_unit_tests", {"target": "core"}, "12 ok", "ok"),
    ],
    ids=["naming-tests", "task-runner", "script", "script-in-bin", "test-tool"],
)
def test_no_test_run_is_said_while_a_command_may_have_run_tests(call: tuple) -> None:
    assert statuses("I ran the test suite again after the fix.", run(call)) == ["unverifiable"]


def test_no_test_run_is_still_said_where_no_command_could_have_run_tests() -> None:
    checks = run(bash("ruff check src", "All checks passed!"), bash("pip install attrs", "ok"))
    assert statuses("I ran the test suite again after the fix.", checks) == ["contradicted"]
