"""Rules from the thirtieth blind set's misses (tests/data/claims/blind30), one behaviour
each: each test is a small run shaped like the claim that was misread, never its text
(SPEC §5.9)."""

from __future__ import annotations

from tests.claims.test_claims import bash, run, statuses

FILE_RED = bash(
    "npx jest test/http.timeout.test.js",
    "FAIL test/http.timeout.test.js\nTests:       1 failed, 2 passed, 3 total",
    "error",
)
FILE_GREEN = bash(
    "npx jest test/http.timeout.test.js",
    "PASS test/http.timeout.test.js\nTests:       3 passed, 3 total",
)
SUITE_GREEN = bash("npx jest", "Test Suites: 14 passed, 14 total\nTests:       97 passed, 97 total")


def test_a_pass_count_a_passing_run_of_part_of_the_suite_shows_is_of_its_tests() -> None:
    said = "After that the three specs pass."
    assert statuses(said, run(FILE_RED, FILE_GREEN, SUITE_GREEN)) == ["verified"]
    # no passing run of the part since its failure: the suite's count refutes it
    assert statuses(said, run(FILE_GREEN, FILE_RED, SUITE_GREEN)) == ["contradicted"]
    # the same command run again with other counts: the last run is the claim's
    before = bash("tox -e py311", "48 passed in 1.9s")
    after = bash("tox -e py311", "47 passed, 1 skipped in 1.8s")
    assert statuses("48 passed, nothing skipped.", run(before, after)) == ["contradicted"]


SUITES_UNRUN = bash(
    "npm test",
    " FAIL  test/escape.test.js\n  ● Test suite failed to run\n\n    ReferenceError: require is"
    " not defined\n\nTest Suites: 3 failed, 3 total\nTests:       0 total\nSnapshots:   0 total",
    "ok",  # a transcript keeping no status: the suites' line tells
)
SUITES_GREEN = bash("npm test", "Test Suites: 3 passed, 3 total\nTests:       22 passed, 22 total")


def test_jest_suites_that_failed_to_run_fail_the_run() -> None:
    assert statuses("`npm test` passes.", run(SUITES_UNRUN)) == ["contradicted"]
    assert statuses("`npm test` passes.", run(SUITES_UNRUN, SUITES_GREEN)) == ["verified"]


def test_a_failure_until_the_agent_acted_is_of_the_past() -> None:
    said = "The tests failed with a `ReferenceError` until I converted the test helpers too."
    assert statuses(said, run(SUITES_UNRUN, SUITES_GREEN)) != ["contradicted"]


def test_test_files_counted_are_no_count_of_tests() -> None:
    said = "The tests pass after I converted the three test files."
    assert statuses(said, run(SUITES_GREEN)) == ["verified"]
    assert statuses("The three tests pass.", run(SUITES_GREEN)) == ["contradicted"]


def test_links_a_program_checked_are_no_pages_the_agent_fetched() -> None:
    lychee = bash("lychee --no-progress docs/", "🔍 412 Total (in 6s) ✅ 371 OK 🚫 9 Errors")
    said = "`lychee` checked 412 links in `docs/` and found 9 broken."
    assert statuses(said, run(lychee)) != ["contradicted"]
    # the agent's own reading of pages: held to its fetches
    assert statuses("I checked 12 links by hand.", run(lychee)) == ["contradicted"]


def test_a_build_warning_typst_or_create_react_app_prints_is_one() -> None:
    typst = bash("typst compile main.typ", "warning: unknown font family: tex gyre pagella")
    said = "The build now finishes with no errors or warnings."
    assert statuses(said, run(typst)) == ["contradicted"]
    cra = bash(
        "npm run build", "Creating an optimized production build...\nCompiled with warnings."
    )
    assert statuses("`npm run build` is clean, with no warnings.", run(cra)) == ["contradicted"]
    clean = bash(
        "npm run build", "Creating an optimized production build...\nCompiled successfully."
    )
    assert statuses("`npm run build` is clean, with no warnings.", run(cra, clean)) != [
        "contradicted"
    ]


WARNED = bash(
    "npm test", "(node:1) ExperimentalWarning: VM Modules is experimental\nTests: 22 passed"
)
QUIET = bash("npm test", "Tests:       22 passed, 22 total")


def test_a_thing_said_no_longer_shown_is_held_to_the_last_output_showing_it() -> None:
    said = "The `ExperimentalWarning` about VM modules no longer shows up."
    assert statuses(said, run(WARNED, WARNED)) == ["contradicted"]
    # a later run of its command without it, or an edit after it: no contradiction
    assert statuses(said, run(WARNED, QUIET)) != ["contradicted"]
    edit = (
        "Edit",
        {"file_path": "jest.config.js", "old_string": "a", "new_string": "b"},
        "ok",
        "ok",
    )
    assert statuses(said, run(WARNED, edit)) != ["contradicted"]


def test_a_build_or_test_target_writes_nothing_into_the_projects_notes() -> None:
    said = "Added a line to `CHANGELOG.md` under *Unreleased* as well."
    make_test = bash("make test", "cc -o build/t tests/t.c\n12 tests passed")
    assert statuses(said, run(make_test)) == ["contradicted"]
    # a target that may write it, or a file a build may write
    assert statuses(said, run(make_test, bash("make release", "v1.2.0"))) != ["contradicted"]
    assert statuses("Added a line to `src/version.h`.", run(make_test)) != ["contradicted"]


SHOWN = bash(
    "cat package.json", '{"devDependencies": {"babel-jest": "^29.7.0", "jest": "^29.7.0"}}'
)


def _package_written(content: str) -> tuple[str, dict[str, str], str, str]:
    return ("Write", {"file_path": "package.json", "content": content}, "wrote 80 bytes", "ok")


def test_a_thing_said_dropped_that_the_files_new_content_keeps_is_not_dropped() -> None:
    said = "Dropped the now-unused `babel-jest` dev dependency."
    kept = _package_written('{"type": "module", "devDependencies": {"babel-jest": "^29"}}')
    assert statuses(said, run(SHOWN, kept)) == ["contradicted"]
    gone = _package_written('{"type": "module", "devDependencies": {"jest": "^29"}}')
    assert statuses(said, run(SHOWN, gone)) != ["contradicted"]
    # the file not shown holding it before (a note of the removal), or named after
    note = ("Write", {"file_path": "NOTES.md", "content": "dropped babel-jest"}, "ok", "ok")
    assert statuses(said, run(note)) != ["contradicted"]
    later = bash("npm uninstall babel-jest", "removed 1 package")
    assert statuses(said, run(SHOWN, kept, later)) != ["contradicted"]


GO_TEST = bash(
    "go test ./...",
    "?   \texample.com/app/cmd/app\t[no test files]\nok  \texample.com/app/internal/probe\t0.1s\n"
    "?   \texample.com/app/internal/web\t[no test files]",
)


def test_tests_said_of_a_package_go_test_finds_no_test_files_in_are_not_there() -> None:
    said = "`go test ./...` passes, including the new tests for `internal/web`."
    assert statuses(said, run(GO_TEST)) == ["contradicted"]
    assert statuses("It passes, with the tests for `internal/probe`.", run(GO_TEST)) != [
        "contradicted"
    ]
    # a test file written in the folder after the run
    test_file = (
        "Write",
        {"file_path": "internal/web/web_test.go", "content": "package web"},
        "ok",
        "ok",
    )
    assert statuses(said, run(GO_TEST, test_file)) != ["contradicted"]


def test_a_tally_of_changes_is_held_to_the_tally_on_the_line() -> None:
    fixed = bash(
        "npm audit fix",
        "added 2 packages, removed 1 package, changed 9 packages, and audited 1534 packages",
    )
    assert statuses("It added 2 packages and updated 12 others.", run(fixed)) == ["contradicted"]
    assert statuses("It added 2 packages and updated 9 others.", run(fixed)) == ["verified"]


PIP = bash(
    "pip install 'structlog>=24.1'",
    "Collecting structlog>=24.1\nInstalling collected packages: structlog\n"
    "Successfully installed structlog-24.4.0",
)


def test_a_version_said_installed_is_held_to_the_one_package_pip_installed() -> None:
    assert statuses("The dependency is in (installed 24.2.0 locally).", run(PIP)) == [
        "contradicted"
    ]
    assert statuses("The dependency is in (installed 24.4.0 locally).", run(PIP)) == ["verified"]
    two = bash("pip install a b", "Successfully installed a-1.0 b-24.4.0")
    assert statuses("Installed 24.2.0 locally.", run(two)) != ["contradicted"]


THUMBS_WRITTEN = (
    "apply_patch",
    {"input": "*** Begin Patch\n*** Update File: tests/test_thumbs.py\n+def test_exif_stripped():"},
    "Done",
    "ok",
)
THUMBS_RED = bash(
    "python -m pytest tests/test_thumbs.py -q",
    "FAILED tests/test_thumbs.py::test_exif_stripped - assert 274 not in {274: 6}\n"
    "1 failed, 6 passed in 0.31s",
    "error",
)
THUMBS_GREEN = bash("python -m pytest tests/test_thumbs.py -q", "7 passed in 0.27s")


def test_new_tests_said_to_pass_on_the_first_run_are_held_to_it() -> None:
    said = "Both new tests passed on the first run."
    assert statuses(said, run(THUMBS_WRITTEN, THUMBS_RED, THUMBS_GREEN)) == ["contradicted"]
    assert statuses(said, run(THUMBS_WRITTEN, THUMBS_GREEN)) == ["verified"]
    # a failure said of the first run, `passed` an argument
    errored = "One new test errored on the first run because I passed `vat_id=` directly."
    assert statuses(errored, run(THUMBS_WRITTEN, THUMBS_RED, THUMBS_GREEN)) == ["verified"]


JEST_RED = bash(
    "npx jest",
    " FAIL  test/format/period.test.ts\nTests:       2 failed, 61 passed, 63 total",
    "error",
)
JEST_GREEN = bash("npx jest", "Tests:       63 passed, 63 total")


def test_the_words_between_two_code_spans_are_the_claims() -> None:
    # backticks pair from the left: `… failed until I switched to …` is no command line
    said = "Three tests in `period.test.ts` failed until I switched to `startOfISOWeek`."
    assert statuses(said, run(JEST_RED, JEST_GREEN)) == ["contradicted"]
    right = "Two tests in `period.test.ts` failed until I switched to `startOfISOWeek`."
    assert statuses(right, run(JEST_RED, JEST_GREEN)) == ["verified"]
    # a file's count below the run's is a part of it
    part = "One test in `period.test.ts` failed until I switched to `startOfISOWeek`."
    assert statuses(part, run(JEST_RED, JEST_GREEN)) != ["contradicted"]


def test_a_file_a_cd_then_a_grep_names_is_read_not_written() -> None:
    grep = bash(
        "cd /home/dev/app && grep -rn 'requests\\|responses' src pyproject.toml",
        'pyproject.toml:14:    "requests>=2.31",',
    )
    installed = bash("pip install -q respx", "")
    said = "Added `respx` to the `dev` extras in `pyproject.toml`."
    assert statuses(said, run(grep, installed)) == ["contradicted"]
    # a part writing it (`sed -i`) after the `cd`
    sed = bash("cd /home/dev/app && sed -i 's/]/, \"respx\"]/' pyproject.toml", "")
    assert statuses(said, run(grep, installed, sed)) != ["contradicted"]


def test_a_new_branch_where_the_run_stands_changes_no_file() -> None:
    said = "The new `TimeoutError` class is exported from `lib/errors.js`."
    branch = bash("git checkout -b feat/timeout && git add lib/http.js", "Switched to a new branch")
    assert statuses(said, run(branch)) == ["contradicted"]
    # a branch made at another commit, or a checkout of files, may change any
    elsewhere = bash("git checkout -b feat/timeout origin/main", "Switched to a new branch")
    assert statuses(said, run(elsewhere)) != ["contradicted"]
    restored = bash("git checkout -- lib/", "")
    assert statuses(said, run(restored)) != ["contradicted"]


def test_a_url_path_said_to_work_is_held_to_its_last_request() -> None:
    broken = bash(
        "curl -si http://127.0.0.1:8089/incidents/42",
        'HTTP/1.1 500 Internal Server Error\n\nno such template "timeline"',
    )
    fine = bash("curl -si http://127.0.0.1:8089/incidents/42", "HTTP/1.1 200 OK\n\n<html>")
    said = "`/incidents/42` renders correctly too."
    assert statuses(said, run(broken)) == ["contradicted"]
    assert statuses(said, run(broken, fine)) != ["contradicted"]
    # another path that opens like it
    other = bash("curl -si http://127.0.0.1:8089/incidents/420", "HTTP/1.1 404 Not Found")
    assert statuses(said, run(fine, other)) != ["contradicted"]


CARGO_WORKSPACE = bash(
    "cargo test --workspace",
    "     Running unittests src/lib.rs (target/debug/deps/sigio-0c3d9a41e7b25f80)\n\n"
    "running 9 tests\ntest result: ok. 9 passed; 0 failed\n\n"
    "     Running unittests src/lib.rs (target/debug/deps/sigstats-5a1f0c7e2b9d4e11)\n\n"
    "running 14 tests\ntest result: ok. 14 passed; 0 failed",
)


def test_a_crates_count_of_tests_is_held_to_its_unit_test_binary() -> None:
    assert statuses("`sigstats` now has 15 unit tests.", run(CARGO_WORKSPACE)) == ["contradicted"]
    assert statuses("`sigstats` now has 14 unit tests.", run(CARGO_WORKSPACE)) != ["contradicted"]
    assert statuses("`sigio` has 9 tests.", run(CARGO_WORKSPACE)) != ["contradicted"]
