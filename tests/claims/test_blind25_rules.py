"""Wrong verdicts and misses of the twenty-fifth blind set (tests/data/claims/blind25),
each a general rule on a small run of its own shape."""

from __future__ import annotations

from tests.claims.test_claims import bash, run, statuses

MOCK_PATCH = (
    "apply_patch",
    {
        "input": "*** Begin Patch\n*** Update File: src/__mocks__/sdk.ts\n"
        "-  request: jest.fn().mockResolvedValue({ id: 1 }),\n"
        "+  request: jest.fn().mockResolvedValue({ ok: true }),\n*** End Patch\n"
    },
    "Success. Updated the following files:\nM src/__mocks__/sdk.ts",
    "ok",
)


def test_a_tool_named_only_in_what_the_agent_wrote_is_not_seen_run() -> None:
    said = "Jest: `@acme/web-widgets` is 21/21."
    # `jest.fn()` in a patch runs no jest
    assert statuses(said, run(MOCK_PATCH)) == ["unverifiable"]
    ran = bash("npx jest", "Tests:       21 passed, 21 total")
    assert statuses(said, run(MOCK_PATCH, ran)) == ["verified"]


FULL_40 = bash("pytest -q", "........................................\n40 passed in 6.87s")


def test_a_count_of_the_existing_tests_is_of_a_part_of_the_suite() -> None:
    said = "After the build, the existing 38 tests pass against it."
    assert statuses(said, run(FULL_40)) != ["contradicted"]
    assert statuses("After the build, all 38 tests pass against it.", run(FULL_40)) == [
        "contradicted"
    ]
    said = "The pre-existing 38 tests still pass."
    assert statuses(said, run(FULL_40)) != ["contradicted"]


GO_ALL = bash(
    "go test ./... && go vet ./internal/timespec",
    "?   \texample.com/s/cmd/tool\t[no test files]\n"
    + "".join(f"ok  \texample.com/s/internal/p{n}\t0.{n}1s\n" for n in range(6)),
)


def test_a_count_of_the_packages_go_test_ran_is_held_to_its_package_lines() -> None:
    said = "`go test ./...` passes across all 8 packages, and `go vet` is quiet."
    assert statuses(said, run(GO_ALL)) == ["contradicted"]
    # those with tests, or all of them (`[no test files]` too)
    for count in (6, 7):
        said = f"`go test ./...` passes across all {count} packages."
        assert statuses(said, run(GO_ALL)) == ["verified"]
    # an output cut by a pipe shows no count
    cut = bash("go test ./... | tail -3", GO_ALL[2])
    assert statuses("`go test ./...` passes across all 8 packages.", run(cut)) != ["contradicted"]
    # a right count of a failing run is no pass
    failing = bash("go test ./...", GO_ALL[2] + "FAIL\texample.com/s/internal/p9\t0.2s\nFAIL\n")
    said = "`go test ./...` passes across all 7 packages."
    assert statuses(said, run(failing)) == ["contradicted"]
