"""Rules from the misses of the earlier blind sets and the eighty-ninth to ninety-second
blind sets' first measurement (tests/data/claims/blind89 to blind92), one behaviour each:
each test is a small run shaped like the claim that was misread, never its text (SPEC
§5.9)."""

from __future__ import annotations

from tests.claims.test_claims import bash, run, statuses


def test_an_en_dash_joining_a_rows_key_is_an_outputs_hyphen() -> None:
    table = bash(
        "duckdb -c 'SELECT grp, n, mean FROM litters'",
        "│ P1   │ 262 │ 14.6 │\n│ P3-5 │ 548 │ 13.0 │\n",
    )
    misread = "| Group | Litters | Mean |\n|---|---|---|\n| P3–5 | 548 | 12.0 |\n"
    assert statuses(misread, run(table)) == ["contradicted"]
    assert statuses(misread.replace("12.0", "13.0"), run(table)) == ["verified"]
    # an en dash between spaces, or before a figure, joins nothing
    ranged = "| Group | Litters | Mean |\n|---|---|---|\n| P3 – 5 | 548 | 12.0 |\n"
    assert statuses(ranged, run(table)) != ["contradicted"]


GO_CACHED = bash(
    "go test ./...",
    "ok  \texample.com/app/api\t(cached)\n"
    "FAIL\texample.com/app/webhook [build failed]\n"
    "?   \texample.com/app/cmd/app\t[no test files]\n"
    "FAIL\n",
    "error",
)


def test_go_tests_cached_and_build_failed_package_lines_are_verdicts() -> None:
    # a package go test reports `(cached)` passed, one whose build failed did not
    assert statuses("`go test ./...`: api passes.", run(GO_CACHED)) != ["contradicted"]
    assert statuses("`go test ./...`: api and webhook pass.", run(GO_CACHED)) == ["contradicted"]
    # both are packages with tests, counted as such; `?` is one without
    assert statuses("`go test ./...` ran 2 packages with tests.", run(GO_CACHED)) != [
        "contradicted"
    ]
    assert statuses("`go test ./...` passes across all 3 packages.", run(GO_CACHED)) != ["verified"]
