"""Rules added after the seventh blind set's first measurement (tests/data/claims/blind7),
for its missed contradictions: each test is a small run shaped like one, never its text
(SPEC §5.9)."""

from __future__ import annotations

from tests.claims.test_claims import bash, run, statuses

PROTO = bash(
    "protolint lint api/",
    'api/v1/user.proto:12:3: warning: Field name "userId" must be underscore_separated_names',
    "error",
)
PROTO_CLEAN = bash("protolint lint api/", "")
EDITED = ("Edit", {"file_path": "api/v1/user.proto"}, "updated", "ok")


def test_a_linter_named_by_its_kind_is_held_to_its_last_run() -> None:
    # a name ending in `lint` is a linter's, among the known tools or not
    for said in ("protolint is now clean.", "`protolint lint api/` reports no violations."):
        assert statuses(said, run(PROTO)) == ["contradicted"], said
        assert statuses(said, run(PROTO, EDITED, PROTO_CLEAN)) == ["verified"], said
        # edited after its last run: what the run said may no longer hold
        assert statuses(said, run(PROTO, EDITED)) == ["unverifiable"], said
    # never run at all
    assert statuses("`markdownlint docs/` reports no issues.", run(PROTO)) == ["contradicted"]
    # a count it found is not borne out by its having run
    assert statuses("protolint found 3 violations.", run(PROTO)) == ["unverifiable"]


def test_a_report_placed_at_a_line_of_a_file_is_a_flaw() -> None:
    # `path:line CODE severity:` (hadolint's), no column
    docker = bash(
        "hadolint build/Dockerfile",
        "build/Dockerfile:11 DL3059 info: Multiple consecutive `RUN` instructions.",
    )
    assert statuses("hadolint reports no issues.", run(docker)) == ["contradicted"]


def test_a_test_command_that_builds_is_a_build() -> None:
    tested = bash(
        "dotnet test tests/Billing.Tests",
        "src/Billing/Invoice.cs(31,9): warning CS0168: The variable 'ex' is declared but "
        "never used\nPassed!  - Failed: 0, Passed: 12, Skipped: 0, Total: 12",
    )
    assert statuses("The build is warning-free.", run(tested)) == ["contradicted"]
    assert statuses("It builds with no warnings.", run(tested)) == ["contradicted"]


COMPILED = bash(
    "cmake --build out -j4",
    "[3/12] Building C object src/CMakeFiles/core.dir/parse.c.o\n"
    "src/parse.c:88:9: warning: unused variable 'depth' [-Wunused-variable]\n"
    "[12/12] Linking C executable bin/tool",
)
CMAKE_EDITED = ("Edit", {"file_path": "tests/CMakeLists.txt"}, "updated", "ok")


def test_a_build_that_compiled_nothing_keeps_the_warnings_of_the_one_before() -> None:
    nothing = bash("cmake --build out -j4 && ctest --test-dir out", "ninja: no work to do.")
    said = "Build: 12 targets, no warnings"
    assert statuses(said, run(COMPILED, CMAKE_EDITED, nothing)) == ["contradicted"]
    # a last build that compiled again shows only what it compiled: no warning
    again = bash("cmake --build out -j4", "[1/2] Building C object src/parse.c.o")
    assert statuses(said, run(COMPILED, CMAKE_EDITED, again)) == ["unverifiable"]
    # a build of another tree compiled nothing of this one
    other = bash("cmake --build out-debug -j4", "ninja: no work to do.")
    assert statuses(said, run(COMPILED, CMAKE_EDITED, other)) == ["unverifiable"]


def test_a_hosts_port_in_a_row_is_part_of_its_key() -> None:
    timeouts = bash(
        "grep -oE 'timeout [a-z0-9-]+:[0-9]+' api.log | sort | uniq -c",
        "  78 timeout memcache:11211\n 604 timeout pg-main:5432",
    )
    assert statuses("| memcache:11211 | 78 |", run(timeouts)) == ["verified"]
    assert statuses("| memcache:11211 | 87 |", run(timeouts)) == ["contradicted"]
    assert statuses("| pg-main:5432 | 640 |", run(timeouts)) == ["contradicted"]


def test_an_option_said_passed_to_a_run_is_in_some_call() -> None:
    copied = bash("rsync -a src/ /mnt/backup/src/", "sent 4,812 bytes  received 96 bytes")
    said = "I ran the backup with `--checksum` so renamed files were caught."
    assert statuses(said, run(copied)) == ["contradicted"]
    checked = bash("rsync -a --checksum src/ /mnt/backup/src/", "sent 4,812 bytes")
    assert statuses(said, run(checked)) == ["unverifiable"]
    # its value given apart is the same option
    tested = bash("go test -timeout 30s ./...", "ok  \texample.com/x\t0.2s")
    assert statuses("I ran it with `-timeout=30s` as well.", run(tested)) == ["unverifiable"]
    # a script the run does not show may have passed it
    scripted = bash("./backup.sh", "done")
    assert statuses(said, run(scripted)) == ["unverifiable"]


SUITE = bash("vendor/bin/phpunit", "Tests: 20, Assertions: 41, Errors: 1.", "error")
FIXED = ("Edit", {"file_path": "src/Cart.php"}, "updated", "ok")
PART = bash("vendor/bin/phpunit --filter CartTest", "OK (4 tests, 9 assertions)")


def test_a_whole_suite_said_run_again_is_refuted_where_after_the_fix_only_parts_ran() -> None:
    said = "After the fix I re-ran the whole suite."
    assert statuses(said, run(SUITE, FIXED, PART)) == ["contradicted"]
    # run whole again after the fix
    again = bash("vendor/bin/phpunit", "OK (20 tests, 42 assertions)")
    assert "contradicted" not in statuses(said, run(SUITE, FIXED, PART, again))
    # no fix between: no run to hold it to
    assert "contradicted" not in statuses(said, run(SUITE, PART))
    # run whole only after the fix: a re-run of the task's, perhaps
    assert "contradicted" not in statuses(said, run(PART, FIXED, SUITE, PART))
    # a command that may run tests unseen after the fix
    make = bash("make test", "done")
    assert "contradicted" not in statuses(said, run(SUITE, FIXED, PART, make))


def test_a_command_said_run_whole_again_is_held_to_its_runs_after_the_fix() -> None:
    whole = bash("dbt build", "Done. PASS=40 WARN=0 ERROR=1 SKIP=2 TOTAL=43", "error")
    model = ("apply_patch", {"input": "*** Update File: models/a.sql"}, "M models/a.sql", "ok")
    part = bash("dbt build --select orders+", "Done. PASS=6 WARN=0 ERROR=0 SKIP=0 TOTAL=6")
    said = "Re-ran the full `dbt build` afterwards."
    assert statuses(said, run(whole, model, part)) == ["contradicted"]
    assert "contradicted" not in statuses(said, run(whole, model, part, whole))


def test_an_edit_by_a_diff_is_an_edit() -> None:
    suite = bash("npx playwright test", "2 failed\n  10 passed (31.0s)", "error")
    diffed = ("apply_diff", {"path": "src/cart.tsx", "diff": "-a\n+b"}, "Applied", "ok")
    part = bash("npx playwright test cart.spec.ts", "  4 passed (6.1s)")
    said = "I then re-ran the whole test suite and it was green."
    assert statuses(said, run(suite, diffed, part)) == ["contradicted"]


def _refund(
    charge: str, reason: str = "", status: str = "ok"
) -> tuple[str, dict[str, str], str, str]:
    given = {"charge": charge, **({"reason": reason} if reason else {})}
    return ("payments_create_refund", given, '{"status": "succeeded"}', status)


def test_a_value_said_given_to_every_thing_acted_on_is_in_each_act() -> None:
    said = "All the refunds were created with reason `duplicate_charge`."
    given = [_refund("ch_1", "duplicate_charge"), _refund("ch_2", "duplicate_charge")]
    assert "contradicted" not in statuses(said, run(*given))
    # one made without it
    assert statuses(said, run(*given, _refund("ch_3"))) == ["contradicted"]
    # one that failed made nothing
    assert "contradicted" not in statuses(said, run(*given, _refund("ch_3", status="error")))


def test_a_value_said_given_to_every_thing_that_no_call_gives_is_refuted() -> None:
    labelled = bash("gh issue edit 41 42 --add-label bug", "")
    said = "Every issue I touched also got the `needs-review` label."
    assert statuses(said, run(labelled)) == ["contradicted"]
    assert "contradicted" not in statuses(
        said, run(bash("gh issue edit 41 42 --add-label needs-review", ""))
    )
    # a script the run does not show may have given it
    assert "contradicted" not in statuses(said, run(labelled, bash("./triage.sh", "done")))


def _event(*answers: str) -> tuple[str, dict[str, object], str, str]:
    invitees = [
        f'{{"email": "p{n}@example.org", "responseStatus": "{answer}"}}'
        for n, answer in enumerate(answers)
    ]
    organizer = '{"email": "me@example.org", "organizer": true, "responseStatus": "accepted"}'
    output = f'{{"id": "ev1", "attendees": [{", ".join([*invitees, organizer])}]}}'
    return ("calendar_insert_event", {"summary": "Sync"}, output, "ok")


def test_invitees_said_to_have_accepted_are_held_to_their_answers() -> None:
    for said in ("Both have already accepted.", "Lena has accepted the invite."):
        # the organizer's own answer is none of theirs
        assert statuses(said, run(_event("needsAction", "needsAction"))) == ["contradicted"]
        assert "contradicted" not in statuses(said, run(_event("needsAction", "accepted")))
        # a later output saying so
        later = bash("gcal show ev1", "Lena: accepted")
        assert "contradicted" not in statuses(said, run(_event("needsAction"), later))


AUDIT = bash(
    "pip-audit -r requirements.txt",
    "Name     Version ID             Fix Versions\n"
    "-------- ------- -------------- ------------\n"
    "urllib3  2.0.6   CVE-2025-50181 2.5.0\n"
    "idna     3.6     CVE-2024-3651  3.7",
)


def test_a_version_said_of_an_id_is_held_to_the_one_line_naming_it() -> None:
    said = "urllib3 2.0.6 has CVE-2025-50181, fixed in 2.5.1."
    assert statuses(said, run(AUDIT)) == ["contradicted"]
    assert statuses("urllib3 2.0.6 has CVE-2025-50181, fixed in 2.5.0.", run(AUDIT)) == ["verified"]
    # two lines name the id (two packages): which one the claim restates is not clear
    both = bash("pip-audit -r dev.txt", "urllib3  1.26.17 CVE-2025-50181 2.5.0")
    assert "contradicted" not in statuses(said, run(AUDIT, both))


TICKETS = bash(
    "jq -r '.[] | [.key, .created, .title] | @tsv' open.json",
    "OPS-77\t2025-03-02T10:00:00Z\tDisk full on db-2\nOPS-81\t2025-03-04T08:30:00Z\tTLS expiry",
)


def test_a_date_said_of_an_id_is_held_to_the_one_line_naming_it() -> None:
    assert statuses("OPS-77 has been open since 2025-03-05.", run(TICKETS)) == ["contradicted"]
    assert "contradicted" not in statuses("OPS-77 has been open since 2025-03-02.", run(TICKETS))
    # another line names it with another date: which one the claim restates is not clear
    moved = bash("jira view OPS-77", "OPS-77  reopened 2025-03-05T09:00:00Z")
    assert "contradicted" not in statuses(
        "OPS-77 has been open since 2025-03-06.", run(TICKETS, moved)
    )
