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


@pytest.mark.parametrize(
    ("command", "lockfile"),
    [
        ("bundle update sinatra", "Gemfile.lock"),
        ("composer require acme/log", "composer.lock"),
        ("mix deps.update plug", "mix.lock"),
        ("pnpm update vite", "pnpm-lock.yaml"),
        ("bun add zod", "bun.lockb"),
        ("uv sync", "uv.lock"),
    ],
)
def test_a_package_manager_may_write_its_lockfile_unseen(command: str, lockfile: str) -> None:
    said = f"I regenerated `{lockfile}`."
    assert statuses(said, run(bash(command, "Done in 1.2s"))) == ["unverifiable"]
    assert statuses(said, run(bash("git diff --stat", "0 files changed"))) == ["contradicted"]


def test_a_file_moved_is_not_deleted_whatever_git_status_shows() -> None:
    moved = bash("mv setup.cfg setup.cfg.bak", "")
    status = bash("git status --short", " D setup.cfg\n?? setup.cfg.bak")
    assert statuses("I deleted the old `setup.cfg`.", run(moved, status)) == ["contradicted"]
    removed = bash("rm setup.cfg", "")
    assert statuses("I deleted the old `setup.cfg`.", run(removed, status)) == ["verified"]


def test_there_are_no_is_a_negative_statement_never_verified_by_its_figures() -> None:
    listing = bash("npm ls --depth=0", "└── left-pad@1.3.0\n(0 peer dependencies)")
    said = "There are no optional packages yet, which is why npm shows 0 peer dependencies."
    assert statuses(said, run(listing)) == ["unverifiable"]


def test_a_change_is_verified_only_where_both_of_its_figures_are() -> None:
    counted = bash("wc -l users.csv", "120 users.csv\n")
    assert statuses("The export grew from 97 to 120 users.", run(counted)) == ["unverifiable"]
    both = bash("wc -l old.csv users.csv", "97 old.csv\n120 users.csv\n")
    assert statuses("The export grew from 97 to 120 users.", run(both)) == ["verified"]


ADHOC = bash(
    "ansible db -m ping",
    'db-1 | SUCCESS => {\n  "ping": "pong"\n}\n'
    'db-2 | UNREACHABLE! => {\n  "msg": "Connection timed out"\n}',
    "error",
)


def test_an_id_last_shown_failing_does_not_verify_a_claim_of_its_good_state() -> None:
    assert statuses("db-1 and db-2 both answer the ping.", run(ADHOC)) == ["unverifiable"]
    assert statuses("db-1 answers the ping.", run(ADHOC)) == ["verified"]
    assert statuses("db-2 was unreachable.", run(ADHOC)) == ["verified"]


def test_all_of_a_count_passing_is_not_verified_by_the_count_in_a_failed_run() -> None:
    red = bash("bun test", "✗ a > b\n 8 pass\n 1 fail\nRan 9 tests across 3 files.", "error")
    part = bash("bun test src/a.test.ts", " 3 pass\n 0 fail\nRan 3 tests across 1 files.")
    said = "all 9 tests across the three files pass."
    assert statuses(said, run(red, part)) == ["unverifiable"]


def test_packages_said_removed_are_held_against_the_count_their_manager_removed() -> None:
    said = "Removed `eslint`, `prettier` and `husky` with `pnpm remove`."
    two = bash(
        "pnpm remove eslint prettier husky", "Packages: -2\n- eslint 9.1.0\n- prettier 3.2.5"
    )
    assert statuses(said, run(two)) == ["unverifiable"]
    three = bash("pnpm remove eslint prettier husky", "Packages: -3\n- eslint\n- prettier\n- husky")
    assert statuses(said, run(three)) == ["verified"]


@pytest.mark.parametrize(
    ("said", "ran"),
    [
        ("`./tools/lint --all` also passes.", "./tools/lint --all"),
        ("`bin/check` passes as well.", "bin/check"),
        ("`mix compile --warnings-as-errors` passes as well.", "mix compile --warnings-as-errors"),
        ("`cargo build --release` also builds cleanly.", "cargo build --release"),
    ],
)
def test_a_command_by_path_or_of_mix_or_a_clean_build_is_held_against_the_run(
    said: str, ran: str
) -> None:
    other = bash("cargo build && mix compile", "Finished dev profile\nCompiled 3 files")
    assert statuses(said, run(other)) == ["contradicted"]
    assert statuses(said, run(other, bash(ran, "done"))) == ["verified"]


MINITEST_RED = bash(
    "bin/rails test", "F.S.\n\n12 runs, 30 assertions, 1 failures, 0 errors, 1 skips", "error"
)
MINITEST = bash("bin/rails test", "..S.\n\n12 runs, 30 assertions, 0 failures, 0 errors, 1 skips")


def test_a_minitest_summary_and_its_skips_are_read() -> None:
    green = run(MINITEST_RED, MINITEST)
    said = "The suite is green with 12 runs, 0 failures and {} skips."
    assert statuses(said.format(0), green) == ["contradicted"]
    assert statuses(said.format(1), green) == ["verified"]


def test_the_first_run_of_a_named_command_is_the_first_run() -> None:
    red = bash(
        "pytest -q", "FAILED tests/test_a.py::test_x - E\n1 failed, 11 passed in 0.1s", "error"
    )
    green = bash("pytest -q", "12 passed in 0.1s")
    said = "The first `pytest -q` run had 1 failure."
    assert statuses(said, run(red, green)) == ["verified"]


def test_a_hedge_in_a_result_clause_after_so_does_not_hedge_the_main_clause() -> None:
    built = run(bash("cargo build", "Finished dev profile"))
    said = "I used `cargo build --locked` so the lockfile would not move."
    assert statuses(said, built) == ["contradicted"]
    assert statuses("So it would probably pass on CI too.", built) == ["unverifiable"]


NEXTEST = bash(
    "cargo nextest run",
    "    Starting 10 tests across 2 binaries (2 tests skipped)\n"
    "        PASS [   0.01s] core tests::parses\n"
    "     Summary [   0.50s] 10 tests run: 10 passed, 2 skipped",
)


def test_a_nextest_summary_is_read_with_its_skipped_tests() -> None:
    assert statuses("All 12 tests pass.", run(NEXTEST)) == ["contradicted"]
    assert statuses("10 tests pass and 2 are skipped.", run(NEXTEST)) == ["verified"]


def test_a_folder_whose_entries_were_moved_elsewhere_was_not_emptied_by_deleting() -> None:
    said = "Deleted the old reports from `/data/reports`."
    moved = bash("mkdir -p /data/.old && mv /data/reports/2023-* /data/.old/", "")
    assert statuses(said, run(moved)) == ["contradicted"]
    removed = bash("mv /data/reports/2023-* /tmp/ && rm -rf /data/reports", "")
    assert statuses(said, run(removed)) == ["verified"]


def test_an_empty_error_field_is_no_failure_of_the_id_on_its_line() -> None:
    sent = (
        "send_message",
        {"to": "ops"},
        '{"id": "msg-42", "status": "sent", "error": null}',
        "ok",
    )
    assert statuses("msg-42 was sent to ops.", run(sent)) == ["verified"]


def test_an_email_said_sent_where_no_call_could_send_one_is_contradicted() -> None:
    said = "Emailed the customer about the refund."
    cli = run(bash("bash -lc 'stripe refunds create --charge ch_1'", '{"id": "re_1"}'))
    assert statuses(said, cli) == ["contradicted"]
    for sender in [
        ("send_email", {"to": "a@b.c"}, "sent", "ok"),
        bash("python notify.py", "ok"),
        bash("bash scripts/notify", "ok"),
        bash("curl -X POST https://api.mail.example/v1/send", "202"),
    ]:
        assert statuses(said, run(bash("stripe refunds create", "{}"), sender)) != ["contradicted"]
