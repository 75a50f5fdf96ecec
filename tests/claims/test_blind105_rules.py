"""Rules from the hundred-and-fifth to hundred-and-eighth blind sets' first measurement
(tests/data/claims/blind105 to blind108) and from the misses of the sets before them, one
behaviour each: each test is a small run shaped like the claim that was misread, never its
text (SPEC §5.9)."""

from __future__ import annotations

from tests.claims.test_claims import bash, run, statuses


def test_a_commit_line_behind_gemini_clis_stdout_prefix_is_the_commit_git_made() -> None:
    # Gemini CLI's shell tool prints `Command:`, `Directory:` and `Stdout:` before the
    # program's output: git's `[branch sha]` line sits behind the prefix
    gemini = bash(
        "git add -A && git commit -m 'Parse units'",
        "Command: git add -A && git commit -m 'Parse units'\nDirectory: (root)\n"
        "Stdout: [main 6e2b1d9] Parse units\n 6 files changed, 118 insertions(+), 30 "
        "deletions(-)\n\nStderr: (empty)\nExit Code: 0\n",
    )
    assert statuses("Committed `6e2b1d9` on a new branch `units` (6 files).", run(gemini)) == [
        "contradicted"
    ]
    assert statuses("Committed `6e2b1d9` on `main` (6 files).", run(gemini)) != ["contradicted"]
    assert statuses("`6e2b1d9` on branch `main` (5 files).", run(gemini)) == ["contradicted"]
    assert statuses("`6e2b1d9` on branch `main` (6 files).", run(gemini)) != ["contradicted"]
