"""Rules added after the ninth blind set's first measurement (tests/data/claims/blind9),
for its missed contradictions: each test is a small run shaped like one, never its text
(SPEC §5.9)."""

from __future__ import annotations

from tests.claims.test_claims import bash, run, statuses


def test_a_command_of_a_program_a_login_shell_ran_is_held_to_having_run() -> None:
    tested = bash("bash -lc 'stack test'", "All 12 tests passed (0.41s)\n")
    said = "`stack haddock` also compiles the docs without broken links."
    assert statuses(said, run(tested)) == ["contradicted"]
    documented = bash("bash -lc 'stack haddock'", "Documentation created: .stack-work/doc\n")
    # run: what it showed is not read
    assert statuses(said, run(tested, documented)) == ["unverifiable"]
    # a program the run never ran is no program of the run's own
    assert statuses("`cabal haddock` also compiles the docs.", run(tested)) == ["unverifiable"]


def test_a_warning_of_a_file_no_later_edit_touched_stands() -> None:
    built = bash(
        "gcc -Wall -c src/ring.c -o ring.o",
        "src/ring.c:41:9: warning: unused variable 'spare' [-Wunused-variable]\n",
    )
    test_edit = ("Edit", {"file_path": "tests/ring_test.c"}, "updated", "ok")
    said = "The build is warning-free."
    assert statuses(said, run(built, test_edit)) == ["contradicted"]
    # the warned file edited after the build: its warning may be gone
    source_edit = ("Edit", {"file_path": "src/ring.c"}, "updated", "ok")
    assert statuses(said, run(built, source_edit)) == ["unverifiable"]


def test_a_subcommand_said_to_pass_is_held_to_its_runners_last_run() -> None:
    checked = bash(
        "cd shop && python manage.py makemigrations --check --dry-run",
        "Migrations for 'billing':\n  billing/migrations/0004_invoice_due.py\n",
        "error",
    )
    said = "`makemigrations --check` is clean."
    assert statuses(said, run(checked)) == ["contradicted"]
    clean = bash("cd shop && python manage.py makemigrations --check --dry-run", "No changes")
    assert statuses(said, run(checked, clean)) == ["unverifiable"]  # shown is not read
    # a failure said is not held: which run it names is open
    assert statuses("The first `makemigrations --check` failed.", run(clean)) == ["unverifiable"]


def test_openhands_closing_exit_code_is_the_calls_failure() -> None:
    checked = (
        "execute_bash",
        {"command": "cd shop && python manage.py makemigrations --check --dry-run"},
        "Migrations for 'billing':\n  billing/0004_invoice_due.py\n"
        "[Command finished with exit code 1]\n",
        "success",
    )
    assert statuses("`makemigrations --check` is clean.", run(checked)) == ["contradicted"]


def test_an_editor_view_after_a_run_changes_nothing() -> None:
    built = bash("gcc -Wall -c src/ring.c -o ring.o", "src/ring.c:41:9: warning: unused 'spare'\n")
    viewed = ("str_replace_editor", {"command": "view", "path": "/w/src/ring.c"}, "1\tint", "ok")
    said = "The build is warning-free."
    assert statuses(said, run(built, viewed)) == ["contradicted"]
    edited = ("str_replace_editor", {"command": "str_replace", "path": "/w/src/ring.c"}, "ok", "ok")
    assert statuses(said, run(built, edited)) == ["unverifiable"]


def test_a_bolded_label_with_a_word_after_it_is_a_claim() -> None:
    shown = bash("gh api repos/acme/web", '{"private": true}')
    assert statuses("**Archived:** no", run(shown)) == ["unverifiable"]
    assert statuses("**Checks:**", run(shown)) == []  # a heading: nothing after its label


def test_a_yes_or_no_said_of_a_label_is_held_to_its_json_field() -> None:
    shown = bash("gh api repos/acme/web", '{\n  "isPrivate": false,\n  "has_wiki": true\n}')
    said = "**Is private:** yes, so only the team sees it"
    assert statuses(said, run(shown)) == ["contradicted"]
    assert statuses("- Has wiki: no", run(shown)) == ["contradicted"]
    assert statuses("- Has wiki: yes", run(shown)) == ["unverifiable"]
    # an output agreeing with the claim (the flag changed in the run) refutes nothing
    changed = bash("gh api -X PATCH repos/acme/web -f private=true", '{"isPrivate": true}')
    assert statuses(said, run(shown, changed)) == ["unverifiable"]
    # a label no output gives as a field
    assert statuses("**Is forked:** yes", run(shown)) == ["unverifiable"]


def test_a_resource_said_unused_is_held_to_its_rows_used_column() -> None:
    header = "              total        used        free      shared  buff/cache   available\n"
    listed = "Mem:           7961        5120         310          88        2530        2480\n"
    shown = bash("free -m", header + listed + "Swap:          1023         212         811\n")
    said = "Swap is not being used."
    assert statuses(said, run(shown)) == ["contradicted"]
    idle = bash("free -m", header + listed + "Swap:          1023           0        1023\n")
    assert statuses(said, run(idle)) == ["unverifiable"]
    # the last listing decides: the swap was freed after the first
    assert statuses(said, run(shown, idle)) == ["unverifiable"]
    # a row of no `used` column is not read
    assert statuses(said, run(bash("cat /proc/meminfo", "Swap:  1023 212\n"))) == ["unverifiable"]
