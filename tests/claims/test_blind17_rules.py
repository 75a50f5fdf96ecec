"""Wrong verdicts the seventeenth blind set found (tests/data/claims/blind17), each rule on
a small run of its own shape."""

from __future__ import annotations

from tests.claims.test_claims import bash, run, statuses


def test_a_value_said_changed_to_is_not_refuted_by_the_value_before() -> None:
    shown = run(bash("python -c 'print(gdf.crs)'", "EPSG:4326"))
    assert statuses("I reprojected the layer to EPSG:3857 for areas.", shown) == ["unverifiable"]
    assert statuses("The layer is in EPSG:3857.", shown) == ["contradicted"]


VETTED = bash("go build ./... && go vet ./...", "")


def test_a_command_said_green_is_held_to_its_runs() -> None:
    assert statuses("`go test ./...` is green.", run(VETTED)) == ["contradicted"]
    tested = run(bash("go test ./...", "ok  \texample.com/api\t0.02s"))
    assert statuses("`go test ./...` is green.", tested) == ["verified"]


def test_a_run_given_paths_shows_no_whole_run_green() -> None:
    part = run(bash("deno test src/slug_test.ts", "ok | 5 passed | 0 failed (12ms)"))
    assert statuses("`deno test` is green.", part) == ["unverifiable"]
    whole = run(bash("dotnet test Shop.sln --nologo", "Passed!  - Failed: 0, Passed: 12"))
    assert statuses("`dotnet test` is green.", whole) == ["verified"]
