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
