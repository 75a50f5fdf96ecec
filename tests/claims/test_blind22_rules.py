"""Wrong verdicts and misses the twenty-second blind set found (tests/data/claims/blind22),
each rule on a small run of its own shape."""

from __future__ import annotations

from tests.claims.test_claims import bash, run, statuses

GO_GET = bash(
    "go get golang.org/x/net@v0.23.0",
    "go: upgraded golang.org/x/net v0.19.0 => v0.23.0\n"
    "go: upgraded golang.org/x/sys v0.15.0 => v0.18.0",
)


def test_a_modules_import_path_is_no_file() -> None:
    said = (
        "`go get golang.org/x/net@v0.23.0` moved it up from v0.19.0 and pulled "
        "`golang.org/x/sys` along (v0.15.0 → v0.18.0)"
    )
    assert statuses(said, run(GO_GET)) != ["contradicted"]
    assert statuses("I created `docs/x.md`.", run(GO_GET)) == ["contradicted"]


CARGO = bash(
    "cargo test --features serde 2>&1 | grep -E '^(running|test result)'",
    "running 18 tests\ntest result: ok. 18 passed; 0 failed; 0 ignored\nrunning 0 tests\n"
    "test result: ok. 0 passed; 0 failed; 0 ignored\nrunning 3 tests\n"
    "test result: ok. 3 passed; 0 failed; 0 ignored",
)


def test_no_tests_said_of_a_part_is_no_total_of_the_run() -> None:
    said = "18 unit tests and 3 doc-tests pass, and the roundtrip binary runs 0 tests."
    assert statuses(said, run(CARGO)) != ["contradicted"]
    assert statuses("All 24 tests pass.", run(CARGO)) == ["contradicted"]


PYTEST_K = bash(
    'python -m pytest tests/unit -k "pagination or cursor" -q',
    "12 passed, 146 deselected in 0.79s",
)


def test_a_denial_after_since_is_not_the_agents() -> None:
    said = (
        'I only ran the unit tests matching `-k "pagination or cursor"` (12 selected), '
        "since the Postgres-backed suite can't run here."
    )
    assert statuses(said, run(PYTEST_K)) == ["verified"]
