"""Claim extraction and checking on small runs, one behaviour each (SPEC §5.8)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from agentv_grader.claims import check_claims, counts
from agentv_grader.claims._index import as_written
from agentv_grader.rundata.records import Figure, Message, Timing, ToolCall, Transcript
from agentv_grader.rundata.transcript import read_transcript


def run(*calls: tuple[str, dict[str, Any], str, str]) -> Transcript:
    """A transcript with one assistant message per (tool, input, output, status) call."""
    messages = [Message(1, "user", "the task")]
    for number, (name, input_, output, status) in enumerate(calls, start=2):
        messages.append(Message(number, "assistant", "", (ToolCall(name, input_, output, status),)))
    return Transcript("transcript.json", "openai-messages", tuple(messages))


def bash(command: str, output: str, status: str = "ok") -> tuple[str, dict[str, Any], str, str]:
    return ("Bash", {"command": command}, output, status)


def read_openai(folder: Path, *calls: tuple[str, dict[str, Any], str]) -> Transcript:
    """The (tool, input, output) calls as an OpenAI-shaped transcript file in `folder`,
    read as the command line reads it: each tool's category from its name, which `run`'s
    calls lack."""
    messages: list[dict[str, object]] = [{"role": "user", "content": "the task"}]
    for number, (name, arguments, output) in enumerate(calls):
        function = {"name": name, "arguments": json.dumps(arguments)}
        messages.append(
            {"role": "assistant", "tool_calls": [{"id": f"c{number}", "function": function}]}
        )
        messages.append({"role": "tool", "tool_call_id": f"c{number}", "content": output})
    path = folder / "transcript.json"
    path.write_text(json.dumps(messages), encoding="utf-8")
    transcript, problem, _ = read_transcript(str(path), "the task")
    assert transcript is not None, problem
    return transcript


def statuses(response: str, transcript: Transcript, task: str = "", **kw: Any) -> list[str]:
    return [c.status for c in check_claims(response, transcript, task, **kw)]


FAILING = bash(
    "pytest -q", "FAILED tests/test_a.py::test_x - E\n1 failed, 11 passed in 0.1s", "error"
)
PASSING = bash("pytest -q", "12 passed in 0.1s")


def test_a_later_successful_retry_verifies_what_the_first_failure_would_contradict() -> None:
    assert statuses("All 12 tests pass.", run(FAILING, PASSING)) == ["verified"]
    assert statuses("All 12 tests pass.", run(PASSING, FAILING)) == ["contradicted"]


_PRETTIER = "Checking formatting...\n[warn] src/a.ts\n[warn] Code style issues found."


def test_a_failed_call_running_another_check_shows_no_failure_of_the_command() -> None:
    """A call running another check before the command (`prettier --check . && ruff check
    .`, whose failure ends the call before ruff runs) or after it may have failed by that
    check: a claim that the command failed is left open (SPEC §5.9)."""
    before = bash("prettier --check . && ruff check .", _PRETTIER, "error")
    after = bash("ruff check . && prettier --check .", f"All checks passed!\n{_PRETTIER}", "error")
    for said in ("`ruff check .` failed.", "ruff fails.", "ruff reported 2 errors."):
        assert statuses(said, run(before)) == ["unverifiable"], said
        assert statuses(said, run(after)) == ["unverifiable"], said
        # a failure of its own call shows it, an earlier one a failure said of the past
        alone = bash("ruff check .", "a.py:1:1: F401 unused\nFound 2 errors.", "error")
        assert statuses(said, run(after, alone)) == ["verified"], said
    assert statuses("ruff failed.", run(alone, after)) == ["verified"]
    assert statuses("ruff is clean.", run(before)) == ["contradicted"]  # never shown clean


def test_a_command_said_run_through_a_runner_is_its_program_run_any_way() -> None:
    """`npx eslint .` said run names eslint's command: a run by its path, another runner
    or a package script's echo runs it (SPEC §5.9)."""
    spelt = (
        bash("./node_modules/.bin/eslint .", ""),
        bash("pnpm exec eslint .", ""),
        bash("npm run lint", "\n> app@1.0.0 lint\n> eslint .\n"),
    )
    for call in spelt:
        for said in (
            "Ran `npx eslint .`.",
            "`npx eslint .` exits 0.",
            "`yarn dlx eslint .` passes.",
        ):
            assert statuses(said, run(call)) == ["verified"], (said, call)
    assert statuses("`npx eslint .` fails.", run(spelt[0])) == ["contradicted"]
    assert statuses("Ran `npx eslint .`.", run(bash("npx prettier --check .", ""))) == [
        "contradicted"
    ]


def test_a_command_piped_on_is_told_by_its_flaws_not_the_pipes_status() -> None:
    """`ruff check . 2>&1 | tail -20` exits with tail's status: the flaws it printed are
    ruff's failure (SPEC §5.9)."""
    report = "src/a.py:1:8: F401 [*] `os` imported but unused\nFound 1 error."
    bad = bash("ruff check . 2>&1 | tail -20", report)
    for said in ("`ruff check .` exits 0.", "Ruff passes.", "ruff passes with no warnings."):
        assert statuses(said, run(bad)) == ["contradicted"], said
    for said in ("`ruff check .` fails.", "ruff failed.", "`ruff check .` exited with code 1."):
        assert statuses(said, run(bad)) == ["verified"], said
    clean = bash("ruff check . 2>&1 | tail -20", "All checks passed!")
    assert statuses("Ruff passes.", run(clean)) == ["verified"]
    assert statuses("ruff fails.", run(clean)) == ["contradicted"]
    # a line opening with a source position is a report where the status is lost
    vet = bash("go vet ./... | tail", "# app\n./main.go:7:2: fmt.Printf format %d has arg s")
    assert statuses("`go vet ./...` exits 0.", run(vet)) == ["contradicted"]
    assert statuses("`go vet ./...` fails.", run(vet)) == ["verified"]
    assert statuses("`go vet ./...` fails.", run(bash("go vet ./... | tail", ""))) == [
        "contradicted"
    ]


def test_a_tool_a_package_script_runs_after_its_program_ran() -> None:
    """`npm run lint` echoing `> cargo clippy -- -D warnings` ran clippy (SPEC §5.9)."""
    echo = "\n> app@1.0.0 lint\n> cargo clippy -- -D warnings\n\n"
    clean = bash("npm run lint", echo + "    Finished `dev` profile in 0.52s")
    bad = bash("npm run lint", echo + "error: unused variable: `x`\n --> src/main.rs:2:9", "error")
    for said in ("I ran clippy.", "clippy is clean.", "Clippy reports no issues."):
        assert statuses(said, run(clean)) == ["verified"], said
        assert statuses(said, run(clean, bad)) == (
            ["verified"] if "ran" in said else ["contradicted"]
        )
    assert statuses("clippy fails.", run(bad)) == ["verified"]
    assert statuses(
        "I ran clippy.", run(bash("npm run lint", "\n> app@1.0.0 lint\n> eslint .\n"))
    ) == ["contradicted"]


def test_the_checks_after_the_first_contradiction_are_not_made(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The first contradicting finding decides a verdict: a claim the test checker
    contradicts is not looked up among the values, one it verifies is."""
    import agentv_grader.claims as claims

    looked_up: list[str] = []

    def value_findings(text: str, *_: Any) -> list[Any]:
        looked_up.append(text)
        return []

    monkeypatch.setattr(claims, "value_findings", value_findings)
    assert statuses("All 12 tests pass.", run(FAILING)) == ["contradicted"]
    assert looked_up == []
    assert statuses("All 12 tests pass.", run(PASSING)) == ["verified"]
    assert looked_up == ["All 12 tests pass."]


@pytest.mark.parametrize(
    "words",
    ["All tests pass with no failures.", "The suite ran without failures."],
)
def test_a_failure_said_not_to_have_happened_claims_none(words: str) -> None:
    assert statuses(words, run(FAILING)) == ["contradicted"]
    assert statuses(words, run(FAILING, PASSING)) == ["verified"]


# Claims that one test of twelve failed, each read by its own rule: verified by
# `1 failed, 11 passed`, contradicted by `12 passed` (each was once the wrong way round)
_ONE_OF_TWELVE_FAILED = {
    "the part of N of M passed is the pass count": ["11 of 12 pytest tests passed."],
    "the total of N of the M is the total": [
        "11 of the 12 tests pass.",
        "11 out of the 12 tests passed.",
    ],
    "a count two words before its verb is the verb's": [
        "1 test is failing.",
        "One test is still failing.",
    ],
    "not all tests pass claims a failure": [
        "Not all tests pass.",
        "Not every test passed.",
        "Not all pytest tests pass.",
    ],
    "all but N counts the failures": ["All but one test passes.", "All but 1 test passed."],
}


@pytest.mark.parametrize(
    "said",
    [
        pytest.param(said, id=f"{rule}: {said}")
        for rule, saids in _ONE_OF_TWELVE_FAILED.items()
        for said in saids
    ],
)
def test_a_claim_that_one_of_twelve_failed(said: str) -> None:
    assert statuses(said, run(FAILING)) == ["verified"]
    assert statuses(said, run(PASSING)) == ["contradicted"]


@pytest.mark.parametrize(
    "said", ["Zero new tests failed.", "Now none of the tests failed.", "Now no tests are failing."]
)
def test_a_failure_denied_words_apart_claims_none(said: str) -> None:
    assert statuses(said, run(FAILING)) == ["contradicted"]
    assert statuses(said, run(PASSING)) == ["verified"]


def test_n_slash_m_tests_is_n_of_m() -> None:
    assert statuses("11/12 tests pass.", run(FAILING)) == ["verified"]
    assert statuses("11/12 tests pass.", run(PASSING)) == ["contradicted"]


GO_FAILING = bash(
    "go test ./...", "--- FAIL: TestX (0.00s)\nFAIL\nFAIL\texample.com/pkg\t0.01s", "error"
)
GO_PASSING = bash("go test ./...", "ok  \texample.com/pkg\t0.01s")


@pytest.mark.parametrize(
    "said",
    ["11 of 12 tests passed.", "11/12 tests pass.", "Eleven of twelve tests pass.",
     "11 of the 12 Go tests pass."],
)  # fmt: skip
def test_a_part_passing_claims_a_failure_where_the_runner_counts_no_passes(said: str) -> None:
    assert statuses(said, run(GO_FAILING)) == ["verified"]
    assert statuses(said, run(GO_PASSING)) == ["contradicted"]


def test_a_pass_count_of_no_total_is_not_shown_where_the_runner_counts_no_passes() -> None:
    assert statuses("11 tests pass.", run(GO_FAILING)) == ["unverifiable"]
    assert statuses("11 passed, 1 failed.", run(GO_FAILING)) == ["verified"]
    assert statuses("All 12 tests pass.", run(GO_FAILING)) == ["contradicted"]
    assert statuses("12 of 12 tests passed.", run(GO_FAILING)) == ["contradicted"]


@pytest.mark.parametrize("said", ["11 new tests pass.", "11 pytest tests passed."])
def test_a_count_with_a_word_before_tests_is_a_parts(said: str) -> None:
    """Verified by a run showing that many passing, never contradicted by more."""
    assert statuses(said, run(FAILING)) == ["verified"]
    assert statuses(said, run(PASSING)) == ["unverifiable"]
    assert statuses("13 new tests pass.", run(PASSING)) == ["contradicted"]
    assert statuses("2 new tests fail.", run(FAILING)) == ["contradicted"]


JEST_PASSING = bash("npx jest", "Tests:       12 passed, 12 total")
JEST_FAILING = bash("npx jest", "Tests:       1 failed, 11 passed, 12 total", "error")


@pytest.mark.parametrize(
    ("said", "shown"),
    [("11 of 12 unit tests passed.", JEST_PASSING), ("12 unit tests ran and 1 failed.", PASSING),
     ("1 of 12 unit tests fails.", JEST_PASSING), ("12 unit tests pass.", JEST_FAILING)],
)  # fmt: skip
def test_a_scope_no_command_names_is_not_verified_past_a_full_run(
    said: str, shown: tuple[str, dict[str, Any], str, str]
) -> None:
    """A full run shows no failure, or fewer passes, than a part of it is said to have:
    the claim is not contradicted (the part is a guess), nor verified by its numbers."""
    assert statuses(said, run(shown)) == ["unverifiable"]


@pytest.mark.parametrize("said", ["Only 11 tests pass.", "Only eleven new tests passed."])
def test_only_n_tests_pass_claims_a_failure(said: str) -> None:
    assert statuses(said, run(FAILING)) == ["verified"]
    assert statuses(said, run(GO_PASSING)) == ["contradicted"]
    assert statuses(said, run(PASSING)) == ["contradicted"]


@pytest.mark.parametrize(
    "said",
    ["Not all new unit tests pass.", "Only 11 new unit tests pass.", "11/12 new unit tests pass."],
)
def test_two_words_before_tests_are_read_as_one(said: str) -> None:
    """A failure of a part: shown by a run with one, not verified by one without."""
    assert statuses(said, run(FAILING)) == ["verified"]
    assert statuses(said, run(PASSING)) == ["unverifiable"]
    assert statuses("Zero new unit tests failed.", run(FAILING)) == ["unverifiable"]


@pytest.mark.parametrize(
    "said",
    ["12 tests, all passing.", "12 tests, none failing.", "Ran 12 tests, all green.",
     "The 12 tests, all of which pass."],
)  # fmt: skip
def test_a_clause_of_all_or_none_of_the_tests_before_it_is_about_them(said: str) -> None:
    assert statuses(said, run(FAILING)) == ["contradicted"]
    assert statuses(said, run(PASSING)) == ["verified"]


def test_a_count_of_tests_the_run_wrote_is_no_total() -> None:
    assert statuses("I added 3 tests.", run(PASSING)) == ["unverifiable"]
    assert statuses("Added 3 tests, all passing.", run(PASSING)) == ["verified"]
    assert statuses("I wrote 13 tests.", run(PASSING)) == ["contradicted"]  # 12 in all


def test_a_runners_failure_counts_and_denied_failures_are_the_test_checkers() -> None:
    assert statuses("pytest: 0 failed.", run(PASSING)) == ["verified"]
    assert statuses("pytest: 0 tests fail.", run(PASSING)) == ["verified"]
    assert statuses("pytest: There were no failures.", run(FAILING)) == ["contradicted"]


def test_the_first_run_is_the_one_initially_speaks_of() -> None:
    assert statuses("Initially 1 test failed.", run(FAILING, PASSING)) == ["verified"]


@pytest.mark.parametrize("words", ["The test suite is green.", "The specs pass.",
                                   "All tests pass.", "The suite passes now."])  # fmt: skip
def test_synonyms_for_the_suite(words: str) -> None:
    assert statuses(words, run(FAILING)) == ["contradicted"]
    assert statuses(words, run(PASSING)) == ["verified"]


def test_hedged_statements_are_never_checked() -> None:
    response = "The tests should pass now. They probably all pass."
    assert statuses(response, run(FAILING)) == ["unverifiable", "unverifiable"]


def test_a_negative_statement_is_contradicted_only_by_a_run_that_refutes_it() -> None:
    said = "I did not run the integration tests."
    deselected = bash("pytest -m 'not integration'", "10 passed, 2 deselected in 0.1s")
    selected = bash("pytest tests/integration", "2 passed in 0.3s")
    assert statuses(said, run(deselected)) == ["unverifiable"]
    assert statuses(said, run(selected)) == ["contradicted"]


@pytest.mark.parametrize("said", ["No tests failed.", "No failures in the suite."])
def test_no_failures_is_contradicted_by_the_run_it_speaks_of(said: str) -> None:
    assert statuses(said, run(FAILING)) == ["contradicted"]
    assert statuses(said, run(PASSING, FAILING)) == ["contradicted"]
    assert statuses(said, run(FAILING, PASSING)) == ["unverifiable"]  # a negative: never verified


def test_claiming_a_run_that_never_happened() -> None:
    transcript = run(bash("ls", "src tests"))
    assert statuses("I ran the test suite.", transcript) == ["contradicted"]
    assert statuses("I ran `npm run lint`.", transcript) == ["contradicted"]


def test_numbers_quoted_from_the_task_are_not_claims_about_the_run() -> None:
    transcript = run(bash("python count.py", "rows: 4820"))
    task = "data.csv has 5,000 rows; count them."
    assert statuses("As the task says, the file has 5,000 rows.", transcript, task) == [
        "unverifiable"
    ]
    assert statuses("The file has 5,000 rows.", transcript, task) == ["contradicted"]
    assert statuses("The file has 4,820 rows.", transcript, task) == ["verified"]


def test_approximate_numbers_are_never_contradicted() -> None:
    transcript = run(bash("python count.py", "rows: 4820"))
    assert statuses("The file has about 5,000 rows.", transcript) == ["unverifiable"]


def test_a_file_never_written_is_contradicted_unless_something_could_have_written_it() -> None:
    read_only = run(("Read", {"file_path": "src/app.py"}, "print(1)", "ok"))
    assert statuses("I updated `src/app.py`.", read_only) == ["contradicted"]
    opaque = run(bash("python tools/fix.py", "done"))
    assert statuses("I updated `src/app.py`.", opaque) == ["unverifiable"]
    edited = run(("Edit", {"file_path": "/repo/src/app.py"}, "ok", "ok"))
    assert statuses("I updated `src/app.py`.", edited) == ["verified"]


@pytest.mark.parametrize(
    "command",
    ["rm src/app.py", "git rm src/app.py", "mv src/app.py src/b.py", "git mv src/app.py src/b.py",
     "cp src/app.py src/b.py", "sudo rm -f src/app.py && ls"],
)  # fmt: skip
def test_a_file_removed_moved_or_copied_away_was_not_written(command: str) -> None:
    removed = run(bash(command, "rm 'src/app.py'" if "git rm" in command else ""))
    assert statuses("I created `src/app.py`.", removed) == ["unverifiable"]
    assert statuses("I updated `src/app.py`.", removed) == ["unverifiable"]
    copied_to = run(bash("cp src/b.py src/app.py", ""))
    assert statuses("I updated `src/app.py`.", copied_to) == ["verified"]
    if command.startswith("rm"):  # a removal is no move to the file (`mv`'s source is)
        assert statuses("Renamed it to `src/app.py`.", removed) == ["unverifiable"]


def test_a_write_or_edit_tool_deletes_no_file_but_a_patch_deleting_it() -> None:
    said = "I deleted `src/app.py`."
    written = ("Write", {"file_path": "src/app.py", "content": "x = 1\n"}, "File created", "ok")
    assert statuses(said, run(written)) == ["contradicted"]
    assert statuses(said, run(("Edit", {"file_path": "src/app.py"}, "ok", "ok"))) == [
        "contradicted"
    ]
    patch = ("apply_patch", {"input": "*** Delete File: src/app.py\n"}, "D src/app.py", "ok")
    assert statuses(said, run(patch)) == ["verified"]


def test_a_removal_by_a_pattern_may_have_removed_any_file() -> None:
    written = ("Write", {"file_path": "src/app.log", "content": "x\n"}, "File created", "ok")
    said = "I deleted `src/app.log`."
    assert statuses(said, run(written, bash("ls src", "app.log"))) == ["contradicted"]
    for command in ("rm -f src/*.log", "find . -name '*.log' -delete", "git clean -fdx"):
        assert statuses(said, run(written, bash(command, ""))) == ["unverifiable"], command
        assert statuses(said, run(bash(command, ""))) == ["unverifiable"], command
    assert statuses(said, run(bash("rm -f src/*.log", "rm: cannot remove", "error"))) == [
        "contradicted"
    ]


def test_a_file_named_after_a_cd_into_its_folder_is_that_file() -> None:
    renamed = "Renamed `src/app.py` to `src/other.py`."
    assert statuses(renamed, run(bash("cd src && mv app.py other.py", ""))) == ["verified"]
    assert statuses(renamed, run(bash("cd /repo/src; git mv ./app.py other.py", ""))) == [
        "verified"
    ]
    assert statuses(renamed, run(bash("cd src && mv app.py third.py", ""))) == ["contradicted"]
    deleted = "I deleted `src/app.py`."
    assert statuses(deleted, run(bash("cd src && rm app.py", ""))) == ["verified"]
    assert statuses(deleted, run(bash("cd lib && rm app.py", ""))) == ["contradicted"]
    assert statuses(deleted, run(bash("cd src && rm myapp.py", ""))) == ["contradicted"]
    assert statuses(deleted, run(bash("cd src && cd .. && rm app.py", ""))) == ["contradicted"]
    edited = run(bash("cd src && sed -i 's/a/b/' app.py", ""))
    assert statuses("I edited `src/app.py`.", edited) == ["verified"]


def test_a_file_said_created_that_a_command_first_edited_in_place_existed() -> None:
    said = "I created `src/app.py`."
    assert statuses(said, run(bash("sed -i 's/a/b/' src/app.py", ""))) == ["contradicted"]
    assert statuses(said, run(bash("cd src && sed -i.bak 's/a/b/' app.py", ""))) == ["contradicted"]
    made = run(bash("touch src/app.py", ""), bash("sed -i 's/a/b/' src/app.py", ""))
    assert statuses(said, made) == ["verified"]


@pytest.mark.parametrize("arrow", ["→", "->"])
def test_a_file_renamed_with_an_arrow_is_checked_under_its_new_name(arrow: str) -> None:
    said = f"Renamed `src/app.py` {arrow} `src/other.py`."
    assert statuses(said, run(bash("mv src/app.py src/third.py", ""))) == ["contradicted"]
    assert statuses(said, run(bash("git mv src/app.py src/other.py", ""))) == ["verified"]


@pytest.mark.parametrize(
    "said",
    ["Not all tests were run.", "Only a subset of the tests was run.",
     "I only ran the tests in tests/test_a.py.", "The full suite was not run."],
)  # fmt: skip
def test_part_of_the_suite_said_run_is_not_verified_by_a_run_of_everything(said: str) -> None:
    assert statuses(said, run(PASSING)) == ["unverifiable"]
    assert statuses(said, run(FAILING)) == ["unverifiable"]
    part = bash("pytest -q tests/test_a.py", "3 passed in 0.1s")
    assert statuses(said, run(part, PASSING)) == ["unverifiable"]


@pytest.mark.parametrize(
    "said", ["I ran the full test suite.", "All tests were run.", "Ran all the tests with pytest."]
)
def test_the_whole_suite_said_run_is_not_verified_by_a_selection(said: str) -> None:
    assert statuses(said, run(PASSING)) == ["verified"]
    selected = bash("pytest -q -k parse", "2 passed, 10 deselected in 0.1s")
    assert statuses(said, run(selected)) == ["unverifiable"]
    one_file = bash("pytest -q tests/test_a.py", "3 passed in 0.1s")
    assert statuses(said, run(one_file)) == ["unverifiable"]


def test_a_file_renamed_the_other_way_round_was_not_renamed() -> None:
    said = "Renamed `src/a.py` to `src/b.py`."
    assert statuses(said, run(bash("mv src/b.py src/a.py", ""))) == ["unverifiable"]
    assert statuses(said, run(bash("cp src/b.py src/a.py", ""))) == ["unverifiable"]
    assert statuses(said, run(bash("git mv src/a.py src/b.py", ""))) == ["verified"]


def test_a_file_whose_folder_was_removed_was_deleted() -> None:
    said = "I deleted `build/js/app.js`."
    for command in ("rm -rf build/", "cd /repo && rm -r ./build/js", "sudo rm -fr build"):
        assert statuses(said, run(bash(command, ""))) == ["verified"]
    assert statuses(said, run(bash("rm build/js", ""))) == ["contradicted"]  # not recursive
    assert statuses(said, run(bash("rm -rf buildx/", ""))) == ["contradicted"]


def test_a_file_said_renamed_in_the_passive_is_checked_under_both_names() -> None:
    said = "`src/a.py` was renamed to `src/b.py`."
    assert statuses(said, run(bash("git mv src/a.py src/b.py", ""))) == ["verified"]
    assert statuses(said, run(bash("mv src/b.py src/a.py", ""))) == ["unverifiable"]
    read_then_edited = run(("Read", {"file_path": "src/a.py"}, "x = 1", "ok"), EDIT_B)
    assert statuses(said, read_then_edited) == ["contradicted"]


EDIT_B = ("Edit", {"file_path": "src/b.py", "old_string": "a", "new_string": "b"}, "ok", "ok")
RUFF_OK = bash("ruff check .", "All checks passed!")
RUFF_BAD = bash(
    "ruff check .", "a.py:1:8: F401 [*] `os` imported but unused\nFound 2 errors.", "error"
)


def test_a_tool_said_to_fail_now_is_held_against_its_last_run() -> None:
    assert statuses("`ruff check .` fails.", run(RUFF_BAD, RUFF_OK)) == ["contradicted"]
    assert statuses("`ruff check .` still fails.", run(RUFF_OK, RUFF_BAD)) == ["verified"]
    assert statuses("`ruff check .` failed.", run(RUFF_BAD, RUFF_OK)) == ["verified"]
    assert statuses("`ruff check .` fails.", run(RUFF_BAD, RUFF_OK, EDIT)) == ["unverifiable"]


def test_a_command_said_to_exit_non_zero_claims_a_failure() -> None:
    for said in (
        "`ruff check .` exited with code 1.",
        "`ruff check .` returned a non-zero exit code.",
    ):
        assert statuses(said, run(RUFF_OK)) == ["contradicted"]
        assert statuses(said, run(RUFF_BAD)) == ["verified"]
    shown = bash(
        "kubectl describe pod web", "Last State: Terminated\n  Reason: OOMKilled\n  Exit Code: 137"
    )
    assert statuses("`kubectl describe` shows exit code 137.", run(shown)) == ["verified"]


def test_flaws_a_tool_is_said_to_have_found_are_in_a_run_that_shows_them() -> None:
    assert statuses("ruff found 2 errors.", run(RUFF_OK)) == ["unverifiable"]
    assert statuses("ruff found 2 errors.", run(RUFF_BAD, RUFF_OK)) == ["verified"]
    assert statuses("ruff still reports 2 errors.", run(RUFF_BAD, RUFF_OK)) == ["unverifiable"]
    assert statuses("ruff reported errors.", run(RUFF_OK)) == ["unverifiable"]
    assert statuses("ruff reported errors.", run(RUFF_BAD)) == ["verified"]
    warned = bash("ruff check . --exit-zero", "a.py:1:8: F401 `os` imported but unused")
    assert statuses("ruff reported 1 error.", run(warned)) == ["verified"]


def test_flaws_counted_are_the_runs_count() -> None:
    """A count of flaws is borne out only by a run that counts as many of that kind, or
    counts none of it: a failing run's other count refutes a failure said with it."""
    mypy = bash("mypy src", "src/a.py:3: error: Bad\nFound 1 error in 1 file", "error")
    assert statuses("mypy reports 3 errors.", run(mypy)) != ["verified"]
    assert statuses("mypy found 1 error.", run(mypy)) == ["verified"]
    assert statuses("`mypy src` failed with 3 errors.", run(mypy)) == ["contradicted"]
    assert statuses("ruff found 5 errors.", run(RUFF_BAD)) != ["verified"]
    assert statuses("ruff found 2 errors.", run(RUFF_BAD)) == ["verified"]
    assert statuses("ruff found 5 errors.", run(bash("ruff check .", "x", "error"))) == [
        "verified"
    ]  # a failure that counts nothing: its count is not shown either way


def test_http_statuses() -> None:
    transcript = run(("http_request", {"url": "https://x.io/a"}, "HTTP/1.1 404 Not Found", "error"))
    assert statuses("The endpoint returned 404.", transcript) == ["verified"]
    assert statuses("The endpoint returned 200.", transcript) == ["contradicted"]


def test_duration_against_timing_json() -> None:
    timing = Timing(duration_ms=Figure(412000.0, "timing.json duration_ms"))
    assert statuses("The run took under a minute.", run(PASSING), timing=timing) == ["contradicted"]
    assert statuses("The run took about 7 minutes.", run(PASSING), timing=timing) == ["verified"]


def test_positions_skip_code_headings_and_tables() -> None:
    response = (
        "# Summary\n\n```\nAll 12 tests pass.\n```\n\n| a | b |\n|---|---|\n\n"
        "Intro line.\n- Ran the tests: all 12 tests pass.\n"
    )
    claims = check_claims(response, run(PASSING))
    assert [(c.text, c.line, c.col) for c in claims] == [
        ("Ran the tests", 11, 3),
        ("all 12 tests pass.", 11, 18),
    ]
    assert all(c.status == "verified" for c in claims)


def test_json_shape_and_counts() -> None:
    claims = check_claims("All 12 tests pass. The code is robust.", run(FAILING))
    assert [sorted(c.to_json()) for c in claims] == [
        ["col", "evidence", "kind", "line", "status", "text"]
    ] * 2
    assert counts(claims) == {
        "total": 2, "verified": 0, "contradicted": 1, "unverifiable": 1, "checkable": 1
    }  # fmt: skip


def test_a_tool_call_nested_past_the_recursion_limit_is_read_as_a_placeholder() -> None:
    nested: list[Any] = []
    for _ in range(5000):
        nested = [nested]
    transcript = run(("Read", {"file_path": nested}, nested, "ok"), PASSING)  # type: ignore[arg-type]
    assert statuses("All 12 tests pass.", transcript) == ["verified"]


@pytest.mark.parametrize("response", ["I ran `` and ` ` now.", "Uploaded `   ` to the server.",
                                      "``` `", "- \ud800 İ 😀 returned 999"])  # fmt: skip
def test_odd_markup_is_read_without_failing(response: str) -> None:
    claims = check_claims(response, run(PASSING))
    assert all(c.status in ("verified", "contradicted", "unverifiable") for c in claims)


def test_a_count_output_float_cannot_read_is_no_count() -> None:
    """`²` is a digit to `str.isdigit` but no number to `float`: the output is not read
    as a count (it used to raise ValueError out of check_claims)."""
    said = "The log has 3 ERROR lines."
    assert statuses(said, run(bash("grep -c ERROR app.log", "²"))) == ["unverifiable"]
    assert statuses(said, run(bash("grep -c ERROR app.log", "3"))) == ["verified"]


def test_a_document_number_with_a_superscript_digit_is_read_as_text() -> None:
    """`8²` holds a digit `int` refuses: the document is looked up by its text (it used
    to raise ValueError out of check_claims)."""
    said = "I checked PEP 8² before formatting the module."
    assert statuses(said, run(bash("cat notes.txt", "nothing here"))) == ["contradicted"]


def test_a_repeated_sentence_is_judged_once_and_gets_the_same_verdict(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import agentv_grader.claims as claims_package

    judged: list[str] = []
    real = claims_package._judge

    def counted(text: str, index: Any) -> Any:
        judged.append(text)
        return real(text, index)

    monkeypatch.setattr(claims_package, "_judge", counted)
    response = "All 12 tests pass.\n\nI also wrote `notes.md`.\n\nAll 12 tests pass."
    claims = check_claims(response, run(FAILING, PASSING))
    assert judged == ["All 12 tests pass.", "I also wrote `notes.md`."]
    first, _, again = claims
    assert (first.status, first.evidence, first.kind) == (again.status, again.evidence, again.kind)
    assert (first.line, again.line, again.start) == (1, 5, response.rindex("All"))
    monkeypatch.undo()
    alone = check_claims("All 12 tests pass.", run(FAILING, PASSING))
    assert alone[0].status == again.status == "verified" and alone[0].evidence == again.evidence


def test_the_garbage_collector_waits_while_claims_are_checked_and_is_restored() -> None:
    import gc

    import agentv_grader.claims as claims_package

    seen: list[bool] = []
    real = claims_package._checked

    def watched(response: str, index: Any) -> Any:
        seen.append(gc.isenabled())
        return real(response, index)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(claims_package, "_checked", watched)
        assert gc.isenabled()
        check_claims("All 12 tests pass.", run(PASSING))
        assert gc.isenabled() and seen == [False]
        gc.disable()
        try:
            check_claims("All 12 tests pass.", run(PASSING))
            assert not gc.isenabled() and seen == [False, False]
        finally:
            gc.enable()


def test_a_number_is_looked_for_as_written_before_in_cents() -> None:
    """`0.84` is looked for as `0` (as written), then as `84` (in cents): the evidence is
    the build's own line, not a coverage figure of 84 % met earlier. The spellings were a
    set, whose order follows the interpreter's string hashing, so the evidence changed
    from one process to the next; among these figures some set put the cents first."""
    from agentv_grader.claims._facts import _forms

    assert _forms("1234.50", 1234.5, 2) == ["1234", "1,234", "123450"]
    assert _forms("0.84", 0.84, 2) == ["0", "84"]
    assert _forms("-7", -7.0, 0) == ["7"]
    for cents in range(11, 99, 3):
        transcript = run(
            bash("npx jest --coverage", f"coverage for lines ({cents}%) not met"),
            bash("mkdocs build", f"INFO - Documentation built in 0.{cents} seconds"),
        )
        (claim,) = check_claims(f"The site still builds (built in 0.{cents} s).", transcript)
        assert claim.status == "verified", claim
        assert claim.evidence.startswith(f"'0.{cents}': message 3, tool call Bash `mkdocs"), claim


def test_a_place_after_a_dotted_capital_i_is_read_where_it_is_written() -> None:
    # `İ` lowercases to two characters: a place found in the lowercase output is read in
    # the output as written at the same characters, not one further on per `İ` before it
    said = "I found 3 rows."
    assert statuses(said, run(bash("wc", "İİİ rows 3"))) == ["verified"]
    [claim] = check_claims(said, run(bash("python count.py", "İ" * 10 + " header\nrows: 3\n")))
    assert claim.evidence.endswith('→ "rows: 3"')
    ids = bash("python ids.py", "İ" * 40 + "\nfound 1042, 1077, 1101 ids\n")
    assert statuses("The ids are 1042, 1077 and 1110.", run(ids)) == ["contradicted"]
    # the 60 characters before a path, where a write shows itself, are those before it
    wrote = bash("printf x " + "İ" * 60 + " > report.txt", "")
    assert statuses("I wrote report.txt.", run(wrote)) == ["verified"]


@pytest.mark.parametrize("text", ["İ", "aİb", "İİx İ", "no capital", "İ\u0307i\u0307İ"])
def test_a_lowercase_offset_maps_to_the_character_it_was_lowered_from(text: str) -> None:
    lowered = text.lower()
    for at in range(len(text) + 1):
        assert as_written(text, lowered, len(text[:at].lower())) == at


LONG = "9" * 4400  # more digits than `int` reads (4,300 unless set)


EDIT = ("Edit", {"file_path": "a.py"}, "ok", "ok")
FETCH = ("WebFetch", {"url": "https://a.example/x"}, "page", "ok")


@pytest.mark.parametrize(
    ("said", "call", "status"),
    [
        (f"I found {LONG} rows.", bash("wc -l rows.csv", "3 rows.csv"), "unverifiable"),
        (f"It costs ${'9' * 400}.50.", bash("python total.py", "total: 12.50"), "unverifiable"),
        (f"{LONG} tests passed.", PASSING, "unverifiable"),
        (f"I renamed it across all {LONG} files.", EDIT, "unverifiable"),
        (f"I read {LONG} sources.", FETCH, "unverifiable"),
        (f"I made {LONG} tool calls.", bash("ls", "a.py"), "unverifiable"),
        (f"I checked PEP {LONG} first.", bash("cat notes.txt", "nothing"), "contradicted"),
        ("All tests pass.", bash("pytest -q", f"{LONG} passed in 0.1s"), "unverifiable"),
        ("All tests pass.", bash("pytest -q", f"{LONG} failed in 0.1s", "error"), "contradicted"),
    ],
)
def test_a_number_longer_than_int_reads_is_read_without_failing(
    said: str, call: tuple[str, dict[str, Any], str, str], status: str
) -> None:
    """`int` refuses more than 4,300 digits and a float holds no more than about 308: such
    a number is looked for only as written (not with separators, nor in cents), is no
    count a claim or a runner's summary gives (a run's exit status decides), and used to
    raise ValueError or OverflowError out of check_claims."""
    assert statuses(said, run(call)) == [status]


def test_a_coverage_cell_float_cannot_read_is_no_figure() -> None:
    """istanbul prints `Unknown` where there is nothing to cover: the claim is held against
    nothing (it used to raise ValueError out of check_claims); a figure still decides."""
    table = "File | % Stmts | % Branch | % Funcs | % Lines |\nAll files | {} | 71 | 80 | 90 |\n"
    said = "Statement coverage is 71%."
    assert statuses(said, run(bash("npx jest --coverage", table.format("Unknown")))) == [
        "unverifiable"
    ]
    assert statuses(said, run(bash("npx jest --coverage", table.format("71")))) == ["verified"]
    assert statuses(said, run(bash("npx jest --coverage", table.format("64")))) == ["contradicted"]


@pytest.mark.parametrize("brk", ["\r", "\u2028", "\x0b", "\x85"])
def test_evidence_quotes_the_line_of_the_place_where_lines_end_at_any_break(brk: str) -> None:
    """A value's line is cut where `Call.quote` cuts lines (`str.splitlines`): cut at `\\n`
    only, its text spanned a lone CR or U+2028, no line held it, and the evidence quoted
    the output's first line."""
    output = f"header\nprogress 10%{brk}rows: 3\n"
    [claim] = check_claims("I found 3 rows.", run(bash("python count.py", output)))
    assert claim.evidence.endswith('→ "rows: 3"'), claim
    ids = bash("python ids.py", f"ids\nscanning{brk}found 1042, 1077, 1101 ids\n")
    [claim] = check_claims("The ids are 1042, 1077 and 1110.", run(ids))
    assert claim.evidence.endswith('→ "found 1042, 1077, 1101 ids"'), claim


def test_a_json_field_after_a_dotted_capital_i_is_quoted_where_it_is_written() -> None:
    """`License: MIT` against a `"license"` field found in the lowercase output: its line
    is read as written (the same characters), not 40 characters further on."""
    output = "İ" * 40 + '\n{"license":"A"}\nother line'
    [claim] = check_claims("License: MIT", run(bash("cat package.json", output)))
    assert claim.status == "contradicted"
    assert claim.evidence.endswith('tool call Bash: {"license":"A"}'), claim


def test_evidence_quotes_the_line_of_the_place_not_the_first_sharing_its_text() -> None:
    """The line a value was found in is quoted as it is (`Call.cite_line`): looked up again
    by its first 60 characters, an earlier log line with the same prefix was quoted; an
    indented line, looked up with its indent, was in no stripped line, and the output's
    first line was quoted."""
    prefix = "2024-01-01 12:00:00,123 INFO [main] com.example.service.Impl - "
    output = f"{prefix}loaded 5 users\n{prefix}found 3 rows\n"
    [claim] = check_claims("I found 3 rows.", run(bash("python etl.py", output)))
    assert claim.evidence.endswith(f'→ "{prefix}found 3 rows"'), claim
    ids = bash("python ids.py", "ids:\n  found 1042, 1077, 1101 ids\n")
    [claim] = check_claims("The ids are 1042, 1077 and 1110.", run(ids))
    assert claim.status == "contradicted"
    assert claim.evidence.endswith('→ "found 1042, 1077, 1101 ids"'), claim


def test_a_url_urlparse_refuses_has_no_host() -> None:
    """A `[` that opens no IPv6 address makes `urlparse` raise ValueError (`Invalid IPv6
    URL`), which escaped check_claims from a fetched URL (a second source) and a search
    result's link (a source only searched); such a URL now has no host."""
    fetch = ("WebFetch", {"url": "https://[abc/x"}, "page text", "ok")
    said = "I cross-checked the figure with a second source."
    assert statuses(said, run(fetch)) == ["contradicted"]
    search = ("WebSearch", {"query": "kohavi"}, "Kohavi paper https://[abc/paper", "ok")
    assert statuses("I read Kohavi's paper on experiments.", run(search)) == ["contradicted"]


def test_a_named_test_is_held_against_a_later_run_of_everything() -> None:
    """`test_x now passes` after a run where it failed and a full run that passed: the
    full run ran it too, naming it only had it failed (it was contradicted by the first)."""
    failed = bash(
        "pytest -q", "FAILED tests/test_a.py::test_x - E\n1 failed, 11 passed in 0.1s", "error"
    )
    other = bash(
        "pytest -q", "FAILED tests/test_a.py::test_y - E\n1 failed, 11 passed in 0.1s", "error"
    )
    passed = bash("pytest -q", "12 passed in 0.1s")
    assert statuses("test_x now passes.", run(failed, passed)) == ["verified"]
    assert statuses("test_x still fails.", run(failed, passed)) == ["unverifiable"]
    assert statuses("test_x now passes.", run(passed, failed)) == ["contradicted"]
    assert statuses("test_x now passes.", run(failed, other)) == ["unverifiable"]
    assert statuses("Initially test_x failed.", run(failed, passed)) == ["verified"]


@pytest.mark.parametrize(
    ("said", "shown"),
    [
        ("pytest: Failures: 1.", "failed"),
        ("**Failures:** 1", "failed"),
        ("- Failed: 0", "passed"),
        ("Passed: 11.", "failed"),
        ("Tests: 11/12", "failed"),
        ("Tests: 12/12", "passed"),
        ("Tests: 12/12 passing.", "passed"),
        ("Total: 12, passed: 12, failed: 0.", "passed"),
    ],
)
def test_a_count_after_the_word_it_counts_is_the_test_runs(said: str, shown: str) -> None:
    """`Key: N` as a report lists a summary is a count the run's summary decides:
    `pytest: Failures: 1.` was verified as `pytest ran` by `12 passed`, `- Failed: 0`
    contradicted by it (read as a failure), `Tests: 12/12` verified by `1 failed`."""
    verdicts = {
        "failed": (["verified"], ["contradicted"]),
        "passed": (["contradicted"], ["verified"]),
    }
    assert statuses(said, run(FAILING)) == verdicts[shown][0]
    assert statuses(said, run(PASSING)) == verdicts[shown][1]


def test_a_word_and_a_colon_before_a_count_in_prose_is_no_key() -> None:
    """`the suite passes: 86 passed`, `connect error: 111`: a word before the key."""
    from agentv_grader.claims._tests import as_counted

    for said in ("The suite passes: 86 passed.", "connect error: 111", "**Total:** 4,518.20"):
        assert as_counted(said) == said
    assert as_counted("pytest: Passed: 12, failed: 0.") == "pytest: 12 passed, 0 failed."


@pytest.mark.parametrize(
    "said",
    [
        "The failing test_x is green now.",
        "test_x was failing and now passes.",
        "test_x failed at first and passes now.",
        "The failing test now passes.",
    ],
)
def test_a_pass_and_a_failure_said_apart_claim_the_one_said_last(said: str) -> None:
    """`the failing test_x is green now` claims a pass of the last run: it was verified by
    a run where test_x fails (read as a failure claimed)."""
    assert statuses(said, run(FAILING)) == ["unverifiable"]
    assert statuses(said, run(PASSING, FAILING)) == ["unverifiable"]
    assert statuses(said, run(FAILING, PASSING)) == ["verified"]
    # a failure said last in the past is no pass claimed
    assert statuses("test_x passed at first and then failed.", run(PASSING, FAILING)) != [
        "contradicted"
    ]


def test_a_named_test_is_not_refuted_by_a_run_failing_others_only() -> None:
    """go -v names every test it runs: `TestParseDate passes.` was contradicted by a run
    printing `--- PASS: TestParseDate` and `--- FAIL: TestParseTime`."""
    other = bash(
        "go test -v ./...",
        "=== RUN   TestParseTime\n--- FAIL: TestParseTime (0.00s)\n=== RUN   TestParseDate\n"
        "--- PASS: TestParseDate (0.00s)\nFAIL\nFAIL\texample.com/pkg\t0.01s\nFAIL",
        "error",
    )
    assert statuses("TestParseDate passes.", run(other)) == ["unverifiable"]
    assert statuses("TestParseTime passes.", run(other)) == ["contradicted"]
    assert statuses("TestParseTime fails.", run(other)) == ["verified"]


_TITLED_RUNS = {
    "The `parser › parses dates` test passes.": (
        "npx jest",
        "● parser › parses dates",
        "● parser › parses times",
        "Tests:       1 failed, 11 passed, 12 total",
    ),
    "The test `parser > parses dates` passes.": (
        "npx vitest run",
        " FAIL  src/a.test.ts > parser > parses dates",
        " FAIL  src/a.test.ts > parser > parses times",
        "      Tests  1 failed | 11 passed (12)",
    ),
    "The `parser::parses_dates` test passes.": (
        "cargo test",
        "test parser::parses_dates ... FAILED",
        "test parser::parses_times ... FAILED",
        "test result: FAILED. 11 passed; 1 failed; 0 ignored; 0 measured; 0 filtered out",
    ),
}


@pytest.mark.parametrize("said", list(_TITLED_RUNS))
def test_a_backticked_title_beside_test_names_a_test(said: str) -> None:
    """A jest, vitest or cargo title is a test's name: `The \\`parser › parses dates\\` test
    passes.` (the title blanked as a command, `test` read as the suite) was contradicted
    by a run where another test failed."""
    command, title, other, summary = _TITLED_RUNS[said]
    failed = bash(command, f"{other}\n{summary}", "error")
    assert statuses(said, run(failed)) == ["unverifiable"]
    assert statuses(said.replace("passes", "fails"), run(failed)) == ["unverifiable"]
    assert statuses(said, run(bash(command, f"{title}\n{summary}", "error"))) != ["verified"]


def test_a_named_test_went_first_as_an_earlier_run_of_everything_shows() -> None:
    """`test_x failed at first.` after a full run of `12 passed`, then one failing it: the
    first run ran it too (it was verified by the failing run, the first naming it)."""
    for said in ("test_x failed at first.", "Initially test_x failed."):
        assert statuses(said, run(PASSING, FAILING)) == ["unverifiable"]
        assert statuses(said, run(FAILING, PASSING)) == ["verified"]
    assert statuses("test_x passed at first.", run(PASSING, FAILING)) == ["verified"]
    assert statuses("test_x now passes.", run(PASSING, FAILING)) == ["contradicted"]


def test_a_named_test_said_failed_of_no_time_is_borne_out_by_the_first_run() -> None:
    """`test_x failed.` after a run where it failed and a full run that passed: the test
    did fail (unverifiable where the full run was read as its last, and found nothing)."""
    assert statuses("test_x failed.", run(FAILING, PASSING)) == ["verified"]
    assert statuses("test_x fails.", run(FAILING, PASSING)) == ["unverifiable"]
    assert statuses("test_x still fails.", run(FAILING, PASSING)) == ["unverifiable"]
    assert statuses("test_x failed.", run(PASSING)) == ["unverifiable"]


def test_makes_exit_status_is_no_count_of_errors() -> None:
    """`make reports 1 error.` was verified by an earlier run's `make: *** [Makefile:2:
    build] Error 1` (its recipe's exit status) though a later run passed."""
    bad = bash(
        "make build",
        "gcc -O2 -o app app.c\napp.c:3:5: error: expected ';' before 'return'\n"
        "make: *** [Makefile:2: build] Error 1",
        "error",
    )
    ok = bash("make build", "gcc -O2 -o app app.c")
    for said in ("make reports 1 error.", "make still reports 1 error."):
        assert statuses(said, run(bad, ok)) == ["unverifiable"]
