"""Rules from the thirty-second blind set's misses (tests/data/claims/blind32), one
behaviour each: each test is a small run shaped like the claim that was misread, never its
text (SPEC §5.9)."""

from __future__ import annotations

from tests.claims.test_claims import bash, run, statuses

STAGED = bash("make install DESTDIR=/tmp/stage PREFIX=/usr", "install -m 755 bin/app /tmp/stage")


def test_a_thing_installed_to_a_place_is_where_a_build_puts_it() -> None:
    said = "The man page is installed to `$(MANDIR)/man1` alongside the binary."
    assert statuses(said, run(STAGED)) != ["contradicted"]
    assert statuses("I installed `ripgrep`.", run(STAGED)) == ["contradicted"]


GO_TWICE = bash(
    "go test -v ./internal/proxy/ && go test ./...",
    "--- PASS: TestProxy (0.00s)\nPASS\nok  \texample.com/gw/internal/proxy\t0.019s\n"
    "?   \texample.com/gw/cmd/gw\t[no test files]\nok  \texample.com/gw/internal/auth\t0.02s\n"
    "ok  \texample.com/gw/internal/proxy\t(cached)",
)


def test_packages_a_call_testing_twice_prints_are_counted_once() -> None:
    assert statuses("`go test ./...` is green: all 4 packages `ok`.", run(GO_TWICE)) == [
        "contradicted"
    ]
    assert statuses("`go test ./...` is green: all 3 packages.", run(GO_TWICE)) == ["verified"]


def test_a_short_option_among_others_is_given() -> None:
    dry = bash("rsync -aHn --delete --itemize-changes src/ dst/ | wc -l", "0")
    said = "A final `rsync -n --itemize-changes` listed 0 differences."
    assert statuses(said, run(dry)) != ["contradicted"]
    wet = bash("rsync -aH --delete --itemize-changes src/ dst/ | wc -l", "0")
    assert statuses(said, run(wet)) == ["contradicted"]


def test_a_command_line_said_to_report_is_said_run() -> None:
    vet = bash("go vet ./...", "")
    said = "`go vet ./...` reports nothing, and `gofmt -l .` lists no files."
    assert statuses(said, run(vet)) == ["contradicted"]
    formatted = bash("gofmt -l .", "")
    assert statuses(said, run(vet, formatted)) == ["verified"]
    # what the code does now is no run
    assert statuses("`logsift summary --json` now prints JSON.", run(vet)) != ["contradicted"]
