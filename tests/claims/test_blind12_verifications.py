"""Wrong verifications the twelfth blind set found (tests/data/claims/blind12), each rule
on a small run of its own shape."""

from __future__ import annotations

from tests.claims.test_claims import bash, run, statuses


def test_a_tool_s_closing_word_of_its_failure_fails_a_call_with_no_status() -> None:
    made = "[ok] parses header\n[FAIL] empty input\n1/2 ok\nmake: *** [Makefile:9: check] Error 2\n"
    assert statuses("`make check` passes (2/2).", run(bash("make check", made))) == ["contradicted"]
    linted = "$ eslint src\n  3:1  error  x\nerror Command failed with exit code 1.\n"
    assert statuses("`yarn lint` passes.", run(bash("yarn lint", linted))) == ["contradicted"]
    fine = "make: Nothing to be done for 'check'.\n"
    assert statuses("`make check` passes.", run(bash("make check", fine))) == ["verified"]


def test_a_bold_heading_is_shown_by_no_run_of_the_tool_it_names() -> None:
    linted = run(bash("ruff check .", "a.py:3:1: F401 unused import\nFound 1 error."))
    assert statuses("**What ruff found:**", linted) == ["unverifiable"]
    assert statuses("Ran `ruff check .`.", linted) == ["verified"]


def test_a_thing_added_to_a_new_file_says_the_file_was_made() -> None:
    edited = run(
        (
            "Edit",
            {
                "file_path": "/w/tests/test_dates.py",
                "old_string": "# end\n",
                "new_string": "def test_leap_day():\n    assert leap(2024)\n",
            },
            "The file /w/tests/test_dates.py has been updated.",
            "ok",
        )
    )
    said = "I added a test, `test_leap_day`, to a new file `tests/test_dates.py`."
    assert statuses(said, edited) == ["contradicted"]  # it existed: the edit replaced its text
    assert statuses("I added `test_leap_day` to `tests/test_dates.py`.", edited) == ["verified"]
