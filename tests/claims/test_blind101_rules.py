"""Rules from the hundred-and-first to hundred-and-fourth blind sets' first measurement
(tests/data/claims/blind101 to blind104) and from the misses of the sets before them, one
behaviour each: each test is a small run shaped like the claim that was misread, never its
text (SPEC §5.9)."""

from __future__ import annotations

from tests.claims.test_claims import bash, run, statuses

COMMIT = bash(
    "git switch -c fix/decode && git add -A && git commit -m 'Decode leniently'",
    "Switched to a new branch 'fix/decode'\n[fix/decode 4c1d2e9] Decode leniently\n"
    " 2 files changed, 19 insertions(+), 6 deletions(-)\n",
)


def test_a_commit_named_by_its_hash_alone_is_held_to_its_size() -> None:
    # under a `Commit` heading, no verb of committing: the hash names the commit
    said = '`4c1d2e9` "Decode leniently" on `fix/decode` (2 files, +21/−6).'
    assert statuses(said, run(COMMIT)) == ["contradicted"]
    assert statuses('`4c1d2e9` "Decode leniently" (2 files, +19/−6).', run(COMMIT)) != [
        "contradicted"
    ]
    # a hash the run never made names no commit of it to measure
    assert statuses('`9f0e1d2` "Decode leniently" (2 files, +21/−6).', run(COMMIT)) != ["verified"]


def test_a_commit_named_by_its_hash_is_on_the_branch_git_printed() -> None:
    on_main = bash(
        "git add -A && git commit -m 'Use factories'",
        "[main 9d3e5b1] Use factories\n 5 files changed, 71 insertions(+), 30 deletions(-)\n",
    )
    said = '**Commit**: `9d3e5b1` "Use factories" on branch `test/factories` (5 files).'
    assert statuses(said, run(on_main)) == ["contradicted"]
    assert statuses('**Commit**: `9d3e5b1` "Use factories" on branch `main`.', run(on_main)) != [
        "contradicted"
    ]


def test_the_net_lines_a_commit_is_said_to_change_are_its_insertions_less_deletions() -> None:
    shown = bash(
        "git switch -c refactor/quote && git add -A && git commit -q -m 'Generate quote' && "
        "git show --stat --oneline HEAD | cat",
        "Switched to a new branch 'refactor/quote'\nc0a4f19 Generate quote\n pom.xml | 6 ++\n"
        " 3 files changed, 38 insertions(+), 86 deletions(-)\n",
    )
    said = "Committed as `c0a4f19` on `refactor/quote` (3 files changed, net −{} lines)."
    assert statuses(said.format(97), run(shown)) == ["contradicted"]
    assert statuses(said.format(48), run(shown)) != ["contradicted"]


def test_the_part_of_a_whole_said_of_a_commits_files_is_its_count() -> None:
    fixed = bash(
        "git add -A && git commit -m 'Apply style'",
        "[main 7f3e92a] Apply style\n 23 files changed, 410 insertions(+), 388 deletions(-)\n",
    )
    said = "`7f3e92a` **Apply style**: the fixer changed {} of 118 files."
    assert statuses(said.format(23), run(fixed)) != ["contradicted"]
    assert statuses(said.format(25), run(fixed)) == ["contradicted"]


def test_a_commit_that_printed_no_commit_line_made_none() -> None:
    # the linter before `&&` reported offences and the commit's line never came
    stopped = bash(
        "bundle exec rubocop && git switch -c feature/audit && git add -A && git commit -m 'Audit'",
        "Inspecting 214 files\n\nOffenses:\n\nconfig/routes.rb:41:42: C: Style/StringLiterals\n\n"
        "214 files inspected, 1 offense detected\n",
    )
    assert statuses("Committed on `feature/audit`.", run(stopped)) == ["contradicted"]
    # a commit printing its line behind a harness's prefix was made
    shown = bash(
        "git add -A && git commit -m 'Audit'",
        "Command: git add -A && git commit -m 'Audit'\nDirectory: (root)\n"
        "Stdout: [main 61f0a2e] Audit\n 2 files changed, 9 insertions(+)\n",
    )
    assert statuses("Committed on `main`.", run(shown)) != ["contradicted"]
    # a quiet commit, or one whose output is piped, prints no line to miss
    for command in ("rubocop && git commit -qm 'Audit'", "git commit -m 'Audit' | tail -1"):
        quiet = bash(command, "Inspecting 214 files\n214 files inspected, no offenses\n")
        assert statuses("Committed on `main`.", run(quiet)) != ["contradicted"]


def test_a_commit_said_on_a_branch_after_its_hash_is_on_the_branch_made_for_it() -> None:
    quiet = bash(
        "cargo fmt && git switch -c deps/dotenvy-swap && git add -A && git commit -qm 'Swap' "
        "&& git log --oneline -1",
        "Switched to a new branch 'deps/dotenvy-swap'\na71f03c Swap\n",
    )
    assert statuses("Committed as `a71f03c` on `deps/dotenvy`.", run(quiet)) == ["contradicted"]
    assert statuses("Committed as `a71f03c` on `deps/dotenvy-swap`.", run(quiet)) != [
        "contradicted"
    ]


def test_values_said_pulled_from_a_named_source_no_call_names_were_not() -> None:
    fetched = bash(
        "curl -sSLO https://wgms.ch/downloads/fog.zip && unzip -l fog.zip",
        "  Length      Date    Time    Name\n   104857  2024-01-10 09:00   mass_balance.csv\n",
    )
    said = "I also pulled the provisional 2024 values from {} to check the trend continues."
    assert statuses(said.format("GLAMOS"), run(fetched)) == ["contradicted"]
    # a source a call names was reached
    assert statuses(said.format("WGMS"), run(fetched)) != ["contradicted"]
