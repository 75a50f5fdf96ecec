"""Wrong verdicts the sixteenth blind set found (tests/data/claims/blind16), each rule on a
small run of its own shape."""

from __future__ import annotations

from tests.claims.test_claims import bash, run, statuses

PIPELINE = bash(
    "glab ci status -R team/api -b feat/retry",
    "(success) • 01m 12s\tlint\t\truff\n(failed) • 00m 40s\ttest\t\tschema-check",
)
DIFF = bash(
    "glab mr diff 77 -R team/api | grep -E '^(diff --git|\\+\\+\\+)'",
    "diff --git a/api/retry.py b/api/retry.py\n+++ b/api/retry.py\n"
    "diff --git a/tests/test_retry.py b/tests/test_retry.py\n+++ b/tests/test_retry.py",
)


def test_a_tool_said_to_pass_in_a_pipeline_the_run_read_is_the_pipeline_s_job() -> None:
    read = run(PIPELINE)
    said = "In pipeline 41 ruff passes but `schema-check` fails."
    assert statuses(said, read) == ["unverifiable"]
    assert statuses("I ran ruff and it passes.", run(DIFF)) == ["contradicted"]


def test_a_file_a_diff_the_run_read_shows_changed_is_not_refuted_for_want_of_a_write() -> None:
    said = "4 files changed, with updated tests in `tests/test_retry.py`."
    assert statuses(said, run(DIFF)) == ["unverifiable"]
    assert statuses("I updated `tests/test_backoff.py`.", run(DIFF)) == ["contradicted"]


def test_a_command_run_only_with_a_check_option_is_not_shown_run_without_it() -> None:
    checked = run(bash("uv run ruff format --check .", "Would reformat: src/app.py\n1 file"))
    assert statuses("Ran `ruff format .` on the package.", checked) == ["unverifiable"]
    assert statuses("Ran `ruff format --check .`.", checked) == ["verified"]


def test_a_diff_s_header_alone_shows_the_file_changed() -> None:
    headers = run(bash("git diff main --stat-only", "diff --git a/lib/fee.py b/lib/fee.py"))
    assert statuses("The branch updated `lib/fee.py`.", headers) != ["contradicted"]
