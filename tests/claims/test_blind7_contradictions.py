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
    audit = bash("npm audit", "3 moderate severity vulnerabilities", "error")
    # a qualifier the count does not hold: neither the count nor the failed exit refutes it
    assert statuses("`npm audit` found no critical vulnerabilities.", run(audit)) == ["verified"]
    assert statuses("`npm audit` found no vulnerabilities.", run(audit)) == ["contradicted"]
