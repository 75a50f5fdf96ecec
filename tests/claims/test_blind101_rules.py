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


def test_a_ticked_name_given_a_value_is_a_setting_no_program_used() -> None:
    read = bash("grep -rn VERSION_2_3 src", "Renderer.java:22: new Configuration(VERSION_2_3);\n")
    said = "With `incompatible_improvements` at 2.3.32, FreeMarker escapes every `${}`."
    assert statuses(said, run(read)) != ["contradicted"]
    # a name said used with no value after it is still held to the calls
    assert statuses("I checked the totals with `bc`.", run(read)) == ["contradicted"]


GOLDEN_FIRST = bash(
    "go test ./...",
    "--- FAIL: TestSummaryGolden (0.00s)\n    golden_test.go:31: output differs\nFAIL\n"
    "FAIL    example.com/report    0.006s\nFAIL\n",
    "error",
)
GOLDEN_UPDATED = bash(
    "go test ./internal/report -run TestSummaryGolden -update",
    "ok      example.com/report    0.005s\n",
)


def test_a_tests_first_run_is_the_first_run_reporting_it() -> None:
    said = "`TestSummaryGolden` failed on the first run because the golden file was stale."
    assert statuses(said, run(GOLDEN_FIRST, GOLDEN_UPDATED)) != ["contradicted"]
    # where the first run naming it is the first to report it, its success refutes that
    assert statuses(said, run(GOLDEN_UPDATED)) == ["contradicted"]


def test_a_file_a_program_printed_it_wrote_was_written() -> None:
    documented = bash(
        "Rscript -e 'devtools::document()'",
        "ℹ Updating surveyclean documentation\nWriting 'clean_survey.Rd'\n",
    )
    said = "Roxygen docs updated (`man/clean_survey.Rd` regenerated)."
    assert statuses(said, run(documented)) != ["contradicted"]
    # a file of the same name printed in another folder is another file
    elsewhere = bash("jq -r .rows data.json", "wrote /tmp/recon.csv\n")
    said = "Full reconciliation saved to `/data/reports/recon.csv`."
    assert statuses(said, run(elsewhere)) == ["contradicted"]


def test_a_build_that_warned_and_then_finished_succeeded() -> None:
    said = "`cargo build --release` succeeds."
    finished = bash(
        "cargo build --release 2>&1 | tail -2",
        "warning: `statusgen` (lib) generated 1 warning\n"
        "    Finished `release` profile [optimized] target(s) in 22.08s\n",
    )
    assert statuses(said, run(finished)) == ["verified"]
    stopped = bash(
        "cargo build --release 2>&1 | tail -2",
        "warning: `statusgen` (lib) generated 1 warning\n"
        "error: could not compile `statusgen` (lib) due to 1 previous error\n",
    )
    assert statuses(said, run(stopped)) == ["contradicted"]


def test_a_commit_named_by_its_hash_is_held_to_its_own_size_not_a_diffs() -> None:
    diffed = bash(
        "cargo test -q && git diff --stat tests/snapshots",
        " tests/snapshots/page.html | 14 +-------------\n"
        " 1 file changed, 1 insertion(+), 13 deletions(-)\n",
    )
    committed = bash(
        "git add -A && git commit -q -m 'render with maud' && git log --oneline --shortstat -1",
        "4b7d2e9 render with maud\n 6 files changed, 98 insertions(+), 31 deletions(-)\n",
    )
    said = "Committed to `main` as `4b7d2e9` ({} files changed)."
    assert statuses(said.format(6), run(diffed, committed)) != ["contradicted"]
    assert statuses(said.format(5), run(diffed, committed)) == ["contradicted"]


def test_a_file_said_untouched_is_not_changed_by_an_edit_of_another_file_naming_it() -> None:
    script = (
        "Write",
        {"file_path": "/home/j/tank/nitrate.py", "content": 'CSV = "water-tests.csv"\n'},
        "File created",
        "ok",
    )
    said = "I didn't change `water-tests.csv`."
    assert statuses(said, run(script)) != ["contradicted"]
    edited = (
        "Edit",
        {"file_path": "/home/j/tank/water-tests.csv", "old_string": "10-20", "new_string": "15"},
        "ok",
        "ok",
    )
    assert statuses(said, run(script, edited)) == ["contradicted"]


FEES = bash("python3 noshow.py", "missed-appointment fees: 15, total $875.00\n")


def test_a_sum_of_money_is_no_count_an_output_gives_its_label() -> None:
    said = "At the terminal the lost turn usually costs more than the $50 fee."
    assert statuses(said, run(FEES)) != ["contradicted"]
    # a count said of the label still is one
    assert statuses("Missed-appointment fees: 14.", run(FEES)) == ["contradicted"]


def test_an_end_of_a_range_is_no_value_of_its_label() -> None:
    watch = bash("python3 drops.py --show-config", "WATCH = 0.10\n")
    assert statuses("It now also prints a 10–15% watch list.", run(watch)) != ["contradicted"]
    assert statuses("It now also prints a 15% watch list.", run(watch)) == ["contradicted"]
