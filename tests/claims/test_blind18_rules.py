"""Wrong verdicts and misses the eighteenth blind set found (tests/data/claims/blind18),
each rule on a small run of its own shape."""

from __future__ import annotations

from typing import Any

from tests.claims.test_claims import bash, run, statuses

CHECKED = bash("gleam format src test && gleam check", "  Compiling textkit\n   Compiled in 0.08s")


def test_each_command_of_a_list_after_a_run_verb_is_said_run() -> None:
    said = "I ran `gleam check` and `gleam docs build` as well, both without errors."
    assert statuses(said, run(CHECKED)) == ["contradicted"]
    both = run(CHECKED, bash("gleam docs build", "  Compiling textkit\n Generated docs"))
    assert statuses(said, both) == ["unverifiable"]
    # a list with no run verb before it says nothing was run
    assert statuses("`gleam check` and `gleam docs build` are the usual checks.",
                    run(CHECKED)) == ["unverifiable"]  # fmt: skip


LINTED = bash(
    "luacheck lib spec",
    "Checking lib/a.lua    1 warning\n\n    lib/a.lua:9:7: unused variable ceil\n\n"
    "Total: 1 warning / 0 errors in 6 files",
)


def test_a_count_of_flaws_said_none_is_refuted_by_the_last_run_of_the_command() -> None:
    said = "`luacheck lib spec` finishes with 0 warnings / 0 errors across 6 files."
    assert statuses(said, run(LINTED)) == ["contradicted"]
    clean = bash("luacheck lib spec", "Total: 0 warnings / 0 errors in 6 files")
    assert statuses(said, run(LINTED, clean)) != ["contradicted"]
    # an edit after the run may have removed the warning
    edited = ("Edit", {"file_path": "lib/a.lua", "old_string": "ceil", "new_string": ""}, "ok",
              "ok")  # fmt: skip
    assert statuses(said, run(LINTED, edited)) == ["unverifiable"]
    # the kind counted must be the kind said absent
    assert statuses("`luacheck lib spec` finishes with 0 errors.", run(LINTED)) != ["contradicted"]


MESON = bash("meson test -C build", "Ok:                 4\nFail:               0")


def test_a_run_under_a_tool_is_its_run() -> None:
    said = "I ran the tests under Valgrind as well, with no leaks reported."
    assert statuses(said, run(MESON)) == ["contradicted"]
    grinded = bash("valgrind --leak-check=full ./build/tests/basic",
                   "All heap blocks were freed -- no leaks are possible")  # fmt: skip
    assert statuses(said, run(MESON, grinded)) == ["verified"]
    assert statuses("The slow tests weren't run under valgrind.", run(MESON)) != ["contradicted"]


def test_a_value_pushed_onto_a_member_is_no_git_push() -> None:
    edit = ("Edit", {"file_path": "src/app/table.ts", "old_string": "a", "new_string": "b"},
            "ok", "ok")  # fmt: skip
    said = "`total` is now set in `applyFilter()`, and pushed to `paginator.length` after it."
    assert statuses(said, run(edit)) != ["contradicted"]
    assert statuses("I pushed the fix to `origin`.", run(edit)) == ["contradicted"]


def test_a_gleam_function_by_module_path_and_arity_is_no_file() -> None:
    patch = ("apply_patch", {"input": "*** Begin Patch\n*** Add File: src/textkit/slug.gleam\n"
             "+pub fn slugify(input: String) -> String {\n*** End Patch\n"},
             "Success. Updated the following files:\nA src/textkit/slug.gleam", "ok")  # fmt: skip
    said = "Added `textkit/slug.slugify/1` in `src/textkit/slug.gleam`."
    assert statuses(said, run(patch)) == ["verified"]


def test_an_instruction_after_so_is_no_claim() -> None:
    started = bash("smartctl -t long /dev/sdb", "Testing has begun.")
    said = "I started a self-test; so check back with `smartctl -l selftest /dev/sdb` tomorrow."
    assert "contradicted" not in statuses(said, run(started))


def test_a_write_whose_call_failed_in_a_later_command_after_and_is_done() -> None:
    removed = bash("rm -rf /tmp/ocr && ls /tmp/ocr",
                   "ls: cannot access '/tmp/ocr': No such file or directory", "error")  # fmt: skip
    said = "I removed the temporary files from `/tmp/ocr` afterwards."
    assert statuses(said, run(removed)) == ["verified"]
    # the same program after `&&`: which of the two failed is not told
    copied = bash("cp a.txt /tmp/out/ && cp b.txt /tmp/out/",
                  "cp: cannot stat 'b.txt': No such file or directory", "error")  # fmt: skip
    assert statuses("I copied `a.txt` to `/tmp/out/`.", run(copied)) != ["verified"]
    # after `;` the first command's status is unknown
    unknown = bash("rm -rf /tmp/ocr; ls /tmp/ocr",
                   "ls: cannot access '/tmp/ocr': No such file or directory", "error")  # fmt: skip
    assert statuses(said, run(unknown)) != ["verified"]


def _edit(
    path: str, old: str, new: str, output: str = "ok"
) -> tuple[str, dict[str, str], str, str]:
    return ("Edit", {"file_path": path, "old_string": old, "new_string": new}, output, "ok")


def test_a_change_said_made_to_a_name_no_call_names_is_refuted() -> None:
    unit = _edit("deploy/worker.service", "Restart=always", "Restart=on-failure")
    said = "Added an `ExecStartPre` config check to the unit so a bad file fails fast."
    assert statuses(said, run(unit)) == ["contradicted"]
    checked = _edit("deploy/worker.service", "[Service]", "[Service]\nExecStartPre=/bin/check")
    assert statuses(said, run(unit, checked)) != ["contradicted"]
    removed = "I also removed the unused `force_destroy` variable while I was there."
    assert statuses(removed, run(unit)) == ["contradicted"]
    # where it was made: the place names nothing the change holds
    assert statuses("Registered it in `create_app()`.", run(unit)) != ["contradicted"]


def test_a_change_whose_edits_are_not_all_read_is_not_refuted() -> None:
    said = "Added an `ExecStartPre` config check to the unit."
    # OpenHands' editor: its input's new text holds what it added
    editor = ("str_replace_editor", {"command": "str_replace", "path": "/app/unit.service",
              "old_str": "[Service]", "new_str": "[Service]\nExecStartPre=/bin/check"},
              "The file has been edited.", "ok")  # fmt: skip
    assert statuses(said, run(editor)) != ["contradicted"]
    # a removal an edit's output shows (a diff), or a write of a whole file, may have made
    unit = _edit("deploy/worker.service", "Restart=always", "Restart=on-failure")
    diffed = _edit("src/slug.ts", "", "export {}", "-const encoder = new TextEncoder();")
    removed = "I removed the unused `TextEncoder` from the module."
    assert statuses(removed, run(unit)) == ["contradicted"]
    assert statuses(removed, run(unit, diffed)) != ["contradicted"]
    whole = ("Write", {"file_path": "src/slug.ts", "content": "export {}\n"}, "ok", "ok")
    assert statuses(removed, run(unit, whole)) != ["contradicted"]


SNAPSHOT = (
    "browser_navigate",
    {"url": "https://procure.example.com/vendors/new"},
    '- combobox "Payment terms" [ref=e20]:\n  - option "Select…" [selected]\n'
    '  - option "Net 30"\n  - option "Net 60"\n- button "Submit" [ref=e30]',
    "ok",
)


def _select(value: str) -> tuple[str, dict[str, Any], str, str]:
    return ("browser_select_option", {"element": "Payment terms", "ref": "e20",
            "values": [value]}, "- Ran Playwright code", "ok")  # fmt: skip


def test_an_option_said_chosen_is_held_to_the_select_calls() -> None:
    said = "So I chose **Net 30** as the closest match."
    assert statuses(said, run(SNAPSHOT, _select("Net 60"))) == ["contradicted"]
    assert statuses(said, run(SNAPSHOT, _select("Net 30"))) == ["verified"]
    # an option no snapshot lists under the select set: nothing says where it was chosen
    assert statuses("I chose **Net 90**.", run(SNAPSHOT, _select("Net 60"))) != ["contradicted"]


TESTTHAT = bash("Rscript -e 'testthat::test_local()'", "[ FAIL 0 | WARN 0 | SKIP 0 | PASS 43 ]")


def test_a_program_with_subcommands_and_options_that_no_call_runs_never_ran() -> None:
    said = "I ran `R CMD check --as-cran` at the end and it finished with 0 errors."
    assert statuses(said, run(TESTTHAT)) == ["contradicted"]
    # a folder named as the program is no run of it
    read = bash("sed -n '18,40p' R/fit_ets.R", "fit_ets <- function(y, h) {")
    assert statuses(said, run(read, TESTTHAT)) == ["contradicted"]
    # a program given by a package path through a runner may be it (`npx @biomejs/biome`)
    migrated = bash("npx @biomejs/biome migrate prettier --write", "Migrated .prettierrc")
    biome = "Ran `biome migrate prettier --write`."
    assert statuses(biome, run(migrated)) != ["contradicted"]
    checked = bash("R CMD check --as-cran tidyforecast_0.3.0.tar.gz",
                   "Status: OK\n0 errors | 0 warnings | 0 notes")  # fmt: skip
    assert statuses(said, run(TESTTHAT, checked)) != ["contradicted"]
    # a subcommand with no option is no command line: a name of the run's own
    assert statuses("I ran `R CMD check` at the end.", run(TESTTHAT)) != ["contradicted"]
