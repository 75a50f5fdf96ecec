"""Rules added after the seventh blind set's first measurement (tests/data/claims/blind7),
for its wrong contradictions and verifications: each test is a small run shaped like one,
never its text (SPEC §5.9)."""

from __future__ import annotations

from agentv_grader.claims._runners import summarise
from tests.claims.test_claims import bash, run, statuses

_FIRST = bash(
    "vendor/bin/phpunit",
    "..F.S\n\nThere was 1 failure:\n\n1) Tests\\CartTest::testTotal\n\nFAILURES!\n"
    "Tests: 5, Assertions: 9, Failures: 1, Skipped: 1.",
    "error",
)
_LAST = bash("vendor/bin/phpunit", "....S\n\nOK, but some tests were skipped!\nTests: 5, "
                                   "Assertions: 10, Skipped: 1.")  # fmt: skip


def test_phpunits_summary_counts_its_failures_errors_and_skips() -> None:
    for output, counts in (
        ("FAILURES!\nTests: 9, Assertions: 20, Errors: 1, Failures: 2, Skipped: 1.", (5, 3, 1)),
        ("OK, but some tests were skipped!\nTests: 9, Assertions: 20, Skipped: 2.", (7, 0, 2)),
        ("OK (9 tests, 20 assertions)", (9, 0, 0)),
    ):
        summary = summarise(output)
        assert summary is not None
        assert (summary.passed, summary.failed, summary.skipped) == counts
        assert summary.line in output
    assert statuses("All 5 tests pass, none skipped.", run(_FIRST, _LAST)) == ["contradicted"]


def test_a_failure_said_of_no_time_is_borne_out_by_the_first_run() -> None:
    calls = run(_FIRST, _LAST)
    for said in ("PHPUnit: 1 failure, in the cart tests.", "The 1 failure was in the cart tests."):
        assert statuses(said, calls) == ["verified"], said
    # a failure said of now is the last run's, and a count no run showed is refuted
    for said in ("1 test still fails.", "PHPUnit: 2 failures."):
        assert statuses(said, calls) == ["contradicted"], said


def test_a_value_said_of_an_earlier_state_is_not_the_one_shown() -> None:
    upgrade = bash("helm upgrade api ./chart", 'Release "api" has been upgraded.\nREVISION: 12')
    for said in ("The previous revision was 11.", "The prior revision was 11."):
        assert statuses(said, run(upgrade)) == ["unverifiable"], said
    assert statuses("The revision is 11.", run(upgrade)) == ["contradicted"]


def test_a_kind_of_flaw_said_absent_is_held_against_its_count_with_its_qualifier() -> None:
    install = bash(
        "composer install",
        "Generating autoload files\nFound 2 security vulnerability advisories affecting 1 package.",
    )
    assert statuses("`composer install` reported no security advisories.", run(install)) == [
        "contradicted"
    ]
    # what the run reported is that run's, whatever was edited after it
    edit = ("Edit", {"file_path": "/w/src/a.php", "old_string": "x", "new_string": "y"},
            "The file /w/src/a.php has been updated.", "ok")  # fmt: skip
    said = "`composer install` reported no security advisories."
    assert statuses(said, run(install, edit)) == ["contradicted"]
    assert statuses("`composer install` comes back clean.", run(install, edit)) == ["unverifiable"]
    audit = bash("npm audit", "3 moderate severity vulnerabilities", "error")
    # a qualifier the count does not hold: neither the count nor the failed exit refutes it
    assert statuses("`npm audit` found no critical vulnerabilities.", run(audit)) == ["verified"]
    assert statuses("`npm audit` found no vulnerabilities.", run(audit)) == ["contradicted"]


def test_a_file_said_changed_that_its_write_says_it_created_is_refuted() -> None:
    write = ("Write", {"file_path": "/w/report.sql", "content": "select 1"},
             "File created successfully at: /w/report.sql", "ok")  # fmt: skip
    for said in ("I updated the existing `report.sql`.", "Edited `report.sql` to add a filter."):
        assert statuses(said, run(write)) == ["contradicted"], said
    assert statuses("I wrote the query to `report.sql`.", run(write)) == ["verified"]
    # an edit after the creation changed it
    edit = ("Edit", {"file_path": "/w/report.sql", "old_string": "1", "new_string": "2"},
            "The file /w/report.sql has been updated.", "ok")  # fmt: skip
    assert statuses("I updated `report.sql`.", run(write, edit)) == ["verified"]


def test_a_source_lines_number_is_no_place_of_a_count() -> None:
    failing = bash(
        "dotnet test",
        "  Failed Shop.Tests.CartTests.Total [3 ms]\n   at Shop.Tests.CartTests.Total() in "
        "/src/Shop.Tests/CartTests.cs:line 27\nFailed!  - Failed:     1, Passed:    40, "
        "Skipped:     0, Total:    41",
        "error",
    )
    assert statuses("The other 27 cart tests were left alone.", run(failing)) == ["unverifiable"]
    # the figure standing as a count of its own still is one
    listed = bash("grep -c Total src/Cart.cs", "27")
    assert statuses("The other 27 cart totals were left alone.", run(failing, listed)) == [
        "verified"
    ]


def test_a_backticked_folder_names_no_tests() -> None:
    ctest = bash("ctest --test-dir build", "100% tests passed, 0 tests failed out of 9")
    said = "It passed for anyone who ran the binary from `tests/` by hand."
    assert statuses(said, run(ctest)) == ["unverifiable"]
    assert statuses("The tests in `tests/` passed.", run(ctest)) == ["verified"]
