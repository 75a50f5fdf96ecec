"""Wrong contradictions the twelfth blind set found (tests/data/claims/blind12), each rule
on a small run of its own shape."""

from __future__ import annotations

from tests.claims.test_claims import bash, run, statuses


def test_a_command_before_a_semicolon_gives_the_call_no_status_of_its_own() -> None:
    said = "`tests/test_dates.py` fails without my change too."
    stashed = "git stash && pytest -q tests/test_dates.py; git stash pop"
    failing = run(bash(stashed, "Saved working directory\n1 failed, 2 passed in 0.1s\nDropped"))
    assert statuses(said, failing) == ["verified"]
    passing = run(bash(stashed, "Saved working directory\n3 passed in 0.1s\nDropped"))
    assert statuses(said, passing) == ["contradicted"]


def test_a_clause_after_a_command_with_its_own_subject_says_that_subject_s_outcome() -> None:
    stash = "git stash && pytest -q; git stash pop"
    stashed = run(bash(stash, "Saved\n1 failed, 2 passed\nDropped"))
    said = "I confirmed with `git stash` that the test fails on the old code as well."
    assert statuses(said, stashed) == ["verified"]
    assert statuses("`git stash` failed.", stashed) == ["contradicted"]
    assert statuses("I checked via `git checkout` that it fails.", stashed) == ["contradicted"]
    asked = "I checked with `git stash` whether it fails on main too."
    assert statuses(asked, stashed) == ["verified"]


NYC = bash(
    "npx nyc mocha",
    "File      | % Stmts | % Branch | % Funcs | % Lines |\nAll files |   91.2 |    88.1 |"
    "     100 |   90.64 |",
)


def test_a_coverage_figure_naming_a_threshold_is_a_bound_or_nothing() -> None:
    covered = run(NYC)
    assert statuses("Line coverage is now over the 80% threshold.", covered) == ["unverifiable"]
    assert statuses("Line coverage is now below the 80% threshold.", covered) == ["contradicted"]
    assert statuses("Line coverage now meets the 80% gate.", covered) == ["unverifiable"]
    assert statuses("Line coverage is now 80%.", covered) == ["contradicted"]


def test_a_file_said_written_by_code_the_run_ran_may_be_written_unseen() -> None:
    tested = run(bash("pytest -q tests/test_cache.py", "1 failed, 4 passed in 0.3s"))
    said = "each test case wrote into the same `/tmp/cache-dir` folder"
    assert statuses(said, tested) == ["unverifiable"]
    assert statuses("I wrote the results into `/tmp/cache-dir`.", tested) == ["contradicted"]
    assert statuses("**New test** — created `/tmp/cache-dir/a.txt`.", tested) == ["contradicted"]
