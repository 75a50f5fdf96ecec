"""Rules from the twenty-seventh blind set's misses (tests/data/claims/blind27), one
behaviour each: each test is a small run shaped like the claim that was misread, never its
text (SPEC §5.9)."""

from __future__ import annotations

from agentv_grader.claims import check_claims
from tests.claims.test_claims import bash, run, statuses

CARGO_FIRST = bash("cargo test", "running 14 tests\ntest result: ok. 14 passed; 0 failed")
CARGO_LAST = bash(
    "cargo test",
    "running 14 tests\ntest result: ok. 14 passed; 0 failed\n"
    "running 3 tests\ntest result: ok. 3 passed; 0 failed",
)


def test_a_head_saying_when_keeps_the_short_result_after_its_colon() -> None:
    said = "- Baseline before touching anything: 14 tests passing."
    claims = check_claims(said, run(CARGO_FIRST, CARGO_LAST))
    assert [c.text for c in claims] == ["Baseline before touching anything: 14 tests passing."]
    assert [c.status for c in claims] == ["verified"]
    # a head of no time is cut from its result as before
    assert (
        len(check_claims("- The crate's own unit tests: 14 tests passing.", run(CARGO_LAST))) == 2
    )


def test_a_bolded_not_denies_the_act() -> None:
    build = bash("npm pack --dry-run", "npm notice total files: 8")
    assert statuses("I did **not** run `npm publish`.", run(build)) == ["unverifiable"]
    assert statuses("I ran `npm publish`.", run(build)) == ["contradicted"]


def test_a_reload_by_a_command_the_claim_ticks_is_one() -> None:
    graceful = bash("sudo apachectl graceful", "")
    said = "Reloaded with `apachectl graceful` rather than a restart."
    assert statuses(said, run(graceful)) != ["contradicted"]
    other = bash("sudo caddy adapt --config /etc/caddy/Caddyfile && sudo caddy load", "")
    assert statuses("Reloaded it with `caddy load`.", run(other)) != ["contradicted"]
    listing = bash("ls /etc/apache2/sites-enabled", "old-domain.conf")
    assert statuses(said, run(listing)) == ["contradicted"]


GENERATED = bash(
    "go generate ./internal/order/... && go test ./...", "ok  \tx/internal/order\t0.01s"
)


def test_a_file_written_by_the_command_a_which_stands_for_is_the_commands() -> None:
    said = "Ran `go generate ./internal/order/...`, which wrote `internal/order/status_string.go`."
    assert statuses(said, run(GENERATED)) != ["contradicted"]
    other = bash("go test ./...", "ok  \tx/internal/order\t0.01s")
    assert statuses(said, run(other)) == ["contradicted"]  # never run: no write by it


def test_bytes_pushed_into_a_buffer_are_no_git_push() -> None:
    ran = bash("make test", "Synthesis: Tested: 9 | Passing: 9 | Failing: 0")
    said = "The bug was in my test (it pushed 5 bytes into a 4-slot buffer)."
    assert "contradicted" not in statuses(said, run(ran))
    assert statuses("I pushed the fix to origin.", run(ran)) == ["contradicted"]


MAKE_TEST = bash("make test", "Synthesis: Tested: 9 | Passing: 9 | Failing: 0")
FORMATTED = bash("clang-format -i tests/test_ringbuf.c && echo FORMAT_OK", "FORMAT_OK")


def test_a_command_run_again_afterwards_came_after_the_one_named_before() -> None:
    said = "I ran `clang-format -i` on it and re-ran `make test` afterwards, still 9/9."
    assert statuses(said, run(MAKE_TEST, FORMATTED)) == ["contradicted"]
    assert statuses(said, run(MAKE_TEST, FORMATTED, MAKE_TEST)) == ["verified"]
    # `make`, an opaque program, before the change could not run it after
    assert statuses(said, run(FORMATTED, bash("make lint", "ok"), MAKE_TEST)) == ["verified"]
    assert statuses(said, run(MAKE_TEST, FORMATTED, bash("make all", "ok"))) != ["contradicted"]


def test_warnings_said_absent_are_held_to_the_summary_lines_count() -> None:
    warned = bash("python -m pytest -q", "48 passed, 3 warnings in 1.71s")
    quiet = bash("python -m pytest -q", "48 passed in 1.71s")
    for said in ("The suite is green — 48 passed, no warnings.", "All 48 pass with no warnings."):
        assert statuses(said, run(warned)) == ["contradicted"], said
        assert statuses(said, run(quiet)) == ["verified"], said
    # a runner printing no count of warnings refutes none
    jest = bash("npx jest", "Tests:       12 passed, 12 total")
    assert statuses("12 passed, no warnings.", run(jest)) == ["verified"]


def test_a_check_said_to_report_no_diffs_is_held_to_its_output() -> None:
    diffed = bash("cargo fmt --all -- --check", "Diff in /w/src/lib.rs:22:\n-    a\n+    b")
    said = "`cargo fmt --all -- --check` reports no diffs."
    assert statuses(said, run(diffed)) == ["contradicted"]
    assert statuses(said, run(bash("cargo fmt --all -- --check", ""))) == ["verified"]
    # `git diff` exits 0 with a diff: its output tells
    shown = bash("git diff", "diff --git a/x.py b/x.py\n@@ -1 +1 @@\n-a\n+b")
    assert statuses("`git diff` shows no differences.", run(shown)) == ["contradicted"]


def test_a_write_sign_ending_the_line_before_a_path_signals_nothing() -> None:
    grep = bash(
        "grep -rn 'add_item(' scripts/",
        "scripts/inventory/inventory.gd:8:func add_item(item, qty: int) -> bool:\n"
        "scripts/world/chest.gd:42:    player.inventory.add_item(loot.item, loot.count)",
    )
    assert statuses("I also updated `scripts/world/chest.gd`.", run(grep)) == ["contradicted"]
    written = bash("sed -i 's/a/b/' scripts/world/chest.gd", "")
    assert statuses("I also updated `scripts/world/chest.gd`.", run(written)) == ["verified"]


GO_ALL = bash(
    "go test ./...",
    "ok  \tx/cmd/a\t0.01s\n?   \tx/cmd/seed\t[no test files]\nok  \tx/internal/b\t(cached)",
)


def test_packages_said_to_report_ok_are_those_with_tests() -> None:
    assert statuses("`go test ./...` is green with 3 packages reporting `ok`.", run(GO_ALL)) == [
        "contradicted"
    ]
    assert statuses("`go test ./...` is green with 2 packages reporting `ok`.", run(GO_ALL)) == [
        "verified"
    ]
    assert statuses("`go test ./...` ran across 3 packages.", run(GO_ALL)) != ["contradicted"]


STAT = bash(
    "go test ./... && git diff --stat | tail -1",
    "ok  \tx/a\t0.1s\n 12 files changed, 31 insertions(+), 68 deletions(-)",
)


def test_a_diffs_lines_are_held_to_the_last_git_diff_summary() -> None:
    assert statuses("Diff: 12 files changed (+31/−86).", run(STAT)) == ["contradicted"]
    assert statuses("Diff: 12 files changed (+31/−68).", run(STAT)) != ["contradicted"]
    # an edit after the summary: the diff may have grown
    edit = ("Edit", {"file_path": "x/a.go", "old_string": "a", "new_string": "b"}, "ok", "ok")
    assert statuses("Diff: 12 files changed (+31/−86).", run(STAT, edit)) != ["contradicted"]


def test_a_formatter_check_printing_a_diff_failed() -> None:
    # a transcript keeping no status: rustfmt's and stylua's `Diff in` opens a failed check
    checked = ("exec_command", {"cmd": "stylua --check lua/"}, "Diff in lua/a.lua:\n1 |-x\n", "ok")
    fixed = ("exec_command", {"cmd": "stylua lua/ && stylua --check lua/"}, "", "ok")
    said = "`stylua --check` passed on the first try."
    assert statuses(said, run(checked, fixed)) == ["contradicted"]
    assert statuses("`stylua --check` passed on the second try.", run(checked, fixed)) != [
        "contradicted"
    ]


def test_a_command_said_to_pass_first_time_is_held_to_its_first_run() -> None:
    broken = bash("apachectl configtest", "AH00526: Syntax error on line 14", "error")
    fixed = bash("apachectl configtest", "Syntax OK")
    said = "The config passed `configtest` first time."
    assert statuses(said, run(broken, fixed)) == ["contradicted"]
    assert statuses(said, run(fixed, broken)) != ["contradicted"]


def test_insertions_said_are_held_to_the_last_git_diff_summary() -> None:
    stat = bash("git diff --stat && git status --short", " 2 files changed, 14 insertions(+)")
    said = "2 files changed, 41 insertions, plus the new test file (not yet committed)."
    assert statuses(said, run(stat)) == ["contradicted"]
    assert "contradicted" not in statuses(said.replace("41", "14"), run(stat))
