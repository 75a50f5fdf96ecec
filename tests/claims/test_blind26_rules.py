"""Wrong verdicts and misses of the twenty-sixth blind set (tests/data/claims/blind26),
each a general rule on a small run of its own shape."""

from __future__ import annotations

from tests.claims.test_claims import bash, run, statuses

RECONCILE = bash(
    "python3 reconcile.py",
    "SKUs compared: 412\nvariance >5 units: 23 SKUs\nnet variance value: -4318.55",
)


def test_a_count_before_a_label_is_no_label_of_its_own() -> None:
    # `>5 units: 23 SKUs`: 23 counts the SKUs, not the units
    said = "BRK-2201 was short 48 units (about $1,411 at cost)."
    assert statuses(said, run(RECONCILE)) != ["contradicted"]
    stock = bash("python3 stock.py", "units: 23")
    assert statuses("The bin holds 48 units.", run(stock)) == ["contradicted"]


BEETS = bash("beet stats", "Tracks: 8409\nTotal time: 3.9 weeks\nArtists: 912\nAlbums: 701")


def test_a_count_of_what_the_run_did_is_not_a_labels_total() -> None:
    said = "**Imported (3 albums, 34 tracks):** Khruangbin – *A LA SALA*."
    assert statuses(said, run(BEETS)) != ["contradicted"]
    assert statuses("The library has 8,400 tracks.", run(BEETS)) == ["contradicted"]


GO_ONE_FAILING = bash(
    "go test ./...",
    "?   \texample.com/r/cmd/relayd\t[no test files]\n"
    "ok  \texample.com/r/internal/config\t0.011s\n"
    "--- FAIL: TestFlush (2.00s)\nFAIL\texample.com/r/internal/scheduler\t2.034s\nFAIL",
    "error",
)


def test_everything_else_said_to_pass_sets_the_failure_aside() -> None:
    said = "Everything else under `go test ./...` passes, `config` among them."
    assert "contradicted" not in statuses(said, run(GO_ONE_FAILING))
    said = "The rest of the tests pass."
    assert "contradicted" not in statuses(said, run(GO_ONE_FAILING))
    assert statuses("`go test ./...` passes.", run(GO_ONE_FAILING)) == ["contradicted"]


SHOW_STAT = bash(
    "git add -A && git commit -q -m 'feat: export' && git show --stat --oneline HEAD",
    "7ac03d1 (HEAD -> main) feat: export\n grammar.js   |   3 +\n src/parser.c | 2293 ++++-----\n"
    " 2 files changed, 1200 insertions(+), 1096 deletions(-)",
)


def test_a_diffstats_line_shows_its_file_changed() -> None:
    said = "Committed as `7ac03d1`, including the regenerated `src/parser.c`."
    assert statuses(said, run(SHOW_STAT)) == ["verified"]
    said = "Committed as `7ac03d1`, including the regenerated `src/tree_sitter/parser.h`."
    assert statuses(said, run(SHOW_STAT)) == ["contradicted"]
    # a program's rewrite the diffstat shows
    fmt = bash("npx prettier --write src && git diff --stat", " src/app.ts | 4 ++--")
    assert statuses("Prettier rewrote `src/app.ts`.", run(fmt)) == ["verified"]
