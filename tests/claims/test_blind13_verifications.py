"""Wrong verifications the thirteenth blind set found (tests/data/claims/blind13), each
rule on a small run of its own shape."""

from __future__ import annotations

from tests.claims.test_claims import bash, run, statuses


def test_a_thing_said_done_with_a_ticked_means_no_call_names_is_refuted() -> None:
    listed = run(bash("psql -c 'SELECT pid, state FROM pg_stat_activity'", "4412 | active"))
    said = "I cancelled query 4412 with `pg_cancel_backend`."
    assert statuses(said, listed) == ["contradicted"]
    cancelled = run(
        bash("psql -c 'SELECT pid, state FROM pg_stat_activity'", "4412 | active"),
        bash("psql -c 'SELECT pg_cancel_backend(4412)'", " pg_cancel_backend \n t"),
    )
    assert statuses(said, cancelled) == ["verified"]


def test_what_each_of_a_count_did_is_not_shown_by_the_count() -> None:
    built = run(bash("./gradlew build", "BUILD SUCCESSFUL in 9s\n11 actionable tasks: 8 executed"))
    assert statuses("Gradle ran 11 actionable tasks, all executed.", built) == ["unverifiable"]
    assert statuses("Gradle ran 11 actionable tasks.", built) == ["verified"]
