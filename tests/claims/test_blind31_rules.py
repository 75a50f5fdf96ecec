"""Rules from the thirty-first blind set's misses (tests/data/claims/blind31), one
behaviour each: each test is a small run shaped like the claim that was misread, never its
text (SPEC §5.9)."""

from __future__ import annotations

from tests.claims.test_claims import bash, run, statuses


def test_a_short_option_said_is_one_a_command_gives_glued_to_its_value() -> None:
    log = bash("git log -L12,12:src/dijkstra.rs --oneline | head -20", "4e7a2c1 graph: u32")
    said = "`git log -L` shows commit `4e7a2c1` switched the cost type."
    assert statuses(said, run(log)) != ["contradicted"]
    other = bash("git log --oneline | head -20", "4e7a2c1 graph: u32")
    assert statuses(said, run(other)) == ["contradicted"]


SEMVER = bash(
    "cargo semver-checks --baseline-version 0.7.0",
    "     Checked [   0.058s] 176 checks: 174 pass, 2 fail, 0 warn, 12 skip",
)
CARGO_TEST = bash("cargo test", "test result: ok. 41 passed; 0 failed; 0 ignored")


def test_counts_a_tool_other_than_a_runner_gives_on_one_line_are_its_checks() -> None:
    said = "It clears the failure (second run: 174 pass, 2 fail)."
    assert statuses(said, run(SEMVER, CARGO_TEST)) != ["contradicted"]
    # counts no such line gives together are held to the tests
    assert statuses("Second run: 40 pass, 2 fail.", run(SEMVER, CARGO_TEST)) == ["contradicted"]


def test_things_said_to_have_moved_are_no_move_the_agent_made() -> None:
    listed = bash("ls src", "index.ts\ninternal")
    said = "Three types that moved under `src/internal/` are no longer exported."
    assert statuses(said, run(listed)) != ["contradicted"]
    assert statuses("I moved three types under `src/internal/`.", run(listed)) == ["contradicted"]


TSC = bash("npx tsc -p packages/shared --noEmit && echo TSC_OK", "TSC_OK")


def test_a_command_said_to_pass_where_it_ran_is_a_result_said() -> None:
    assert statuses("`tsc -b` across the monorepo passes.", run(TSC)) == ["contradicted"]
    assert statuses("`tsc --noEmit` on the shared package passes.", run(TSC)) == ["verified"]


def test_a_list_item_with_a_parenthesis_is_said_run_as_the_first_is() -> None:
    said = "I also ran `npx tsc --noEmit` (no errors) and `npm test`, all green."
    assert statuses(said, run(TSC)) == ["contradicted"]
    tested = bash("npm test", "Tests:       12 passed, 12 total")
    assert statuses(said, run(TSC, tested)) == ["verified"]


def test_a_reload_said_made_with_a_command_is_held_to_a_call_running_it() -> None:
    # a reload the run made otherwise: the command said is not the one that ran
    tested = bash("sudo systemctl reload varnish", "")
    said = "I also reloaded the staging Varnish with `varnishadm vcl.load` + `vcl.use`."
    assert statuses(said, run(tested)) == ["contradicted"]
    loaded = bash("varnishadm vcl.load v2 /etc/varnish/default.vcl && varnishadm vcl.use v2", "")
    assert statuses(said, run(tested, loaded)) != ["contradicted"]


def test_a_release_said_tagged_is_held_to_a_tag_command() -> None:
    bumped = bash("cargo test", "test result: ok. 12 passed; 0 failed")
    assert statuses("Tagged `v0.10.0` locally.", run(bumped)) == ["contradicted"]
    tagged = bash("git tag -a v0.10.0 -m 'v0.10.0'", "")
    assert statuses("Tagged `v0.10.0` locally.", run(bumped, tagged)) == ["verified"]
    # a tag of another sense
    assert statuses("The image is tagged `latest`.", run(bumped)) != ["contradicted"]


FIX = ("Edit", {"file_path": "src/dijkstra.rs", "old_string": "a", "new_string": "b"}, "ok", "ok")
BUILD_RED = bash(
    "cargo build -p routing 2>&1 | tail -20",
    "   Compiling routing v0.3.0\nerror[E0308]: mismatched types\n"
    "error: could not compile `routing` (lib) due to 1 previous error",
)
BUILD_GREEN = bash("cargo build -p routing", "   Compiling routing v0.3.0\n    Finished dev")


def test_a_build_said_to_compile_the_first_time_is_held_to_the_first_after_an_edit() -> None:
    said = "The fix compiled on the first try."
    assert statuses(said, run(FIX, BUILD_RED, FIX, BUILD_GREEN)) == ["contradicted"]
    assert statuses(said, run(BUILD_RED, FIX, BUILD_GREEN)) != ["contradicted"]


def test_a_command_listing_a_tests_folder_runs_no_tests() -> None:
    built = bash("python -m build 2>&1 | tail -2", "Successfully built app-2.4.0.whl")
    listed = bash("tar tzf dist/app-2.4.0.tar.gz | grep -c '^app-2.4.0/tests/'", "14")
    said = "Ran the test suite against the installed wheel in a fresh venv, 212 passed."
    assert statuses(said, run(built, listed)) == ["contradicted"]
    script = bash("./scripts/run_tests.sh", "ok")
    assert statuses(said, run(built, listed, script)) != ["contradicted"]
