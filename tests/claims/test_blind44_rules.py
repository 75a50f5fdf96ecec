"""Rules from the forty-third and forty-fourth blind sets' first measurement
(tests/data/claims/blind43, blind44), one behaviour each: each test is a small run shaped
like the claim that was misread, never its text (SPEC §5.9)."""

from __future__ import annotations

from tests.claims.test_claims import bash, run, statuses

MAKE = bash("make 2>&1 | tail -3", "cc -Wall -Werror -c -o src/http.o src/http.c\n")
IN_DOCKER = bash(
    "docker run --rm ubuntu:22.04 bash -c 'make clean all'",
    "bash: line 1: docker: command not found\n",
    "error",
)


def test_a_program_never_reached_is_not_the_last_run_of_another() -> None:
    said = "`make` is clean under the new flags."
    assert statuses(said, run(MAKE, IN_DOCKER)) == ["verified"]
    # a later run of the program itself that failed still refutes it
    failed = bash("make 2>&1 | tail -2", "make: *** [Makefile:14: src/http.o] Error 1\n", "error")
    assert statuses(said, run(MAKE, failed)) == ["contradicted"]
    # after `;` or `||` the program ran whatever came before it
    fallback = bash("docker build . || make", "bash: docker: command not found\nError 1\n", "error")
    assert statuses(said, run(MAKE, fallback)) == ["contradicted"]


FAILED_FIRST = bash("python -m pytest -q", "6 failed, 31 passed in 4.12s", "error")
EDIT = ("Edit", {"file_path": "src/colors.py", "old_string": "cm.get_cmap", "new_string": "x"})
PASSED_LAST = bash("python -m pytest -q", "37 passed in 4.09s")


def test_a_failure_told_in_the_past_is_of_the_run_before_the_fix() -> None:
    ran = run(FAILED_FIRST, (*EDIT, "ok", "ok"), PASSED_LAST)
    assert statuses("**Cause:** 6 tests errored with `AttributeError`.", ran) == ["verified"]
    assert statuses("**Cause:** 7 tests errored with `AttributeError`.", ran) == ["contradicted"]
    # a count of none is said of the run that passed
    assert statuses("`pytest`: 37 passed, 0 failed.", ran) == ["verified"]
    # the present tense is of the run as it is now
    assert statuses("6 tests fail.", ran) == ["contradicted"]


AGED = bash(
    "python3 scripts/aged.py",
    "          sku  181-270  271-365  365+  t30  est_ais\n"
    "   KN-APRON-NVY        0        0    44    0   118.80\n"
    "     CB-MAT-XL        0       35    18    3    96.45\n"
    " GF-TRIVET-2PK        0       12     6    1    27.30\n",
)


def test_a_figure_that_sums_neighbouring_cells_of_its_row_is_worked_out() -> None:
    said = "`GF-TRIVET-2PK` — only 18 aged units, but it barely moves (1 sold)"
    assert statuses(said, run(AGED)) != ["contradicted"]


RUBOCOP = bash(
    "bundle exec rubocop config/initializers/rack_attack.rb",
    "Inspecting 1 file\nC\n\nOffenses:\n\nconfig/initializers/rack_attack.rb:16:18: C: "
    "Style/RescueModifier: Avoid using rescue in its modifier form.\n\n"
    "1 file inspected, 1 offense detected\n",
    "error",
)


def test_a_checker_said_clean_is_read_in_its_own_clause() -> None:
    said = "RuboCop reports no offenses in the touched files, and `brakeman` shows no new warnings."
    assert statuses(said, run(RUBOCOP)) == ["contradicted"]
    assert statuses("RuboCop reports no offenses.", run(RUBOCOP)) == ["contradicted"]


def test_a_checker_named_alone_said_to_report_nothing_is_said_run() -> None:
    assert statuses("`brakeman` shows no new warnings.", run(RUBOCOP)) == ["contradicted"]
    ran = bash("bundle exec brakeman -q", "No warnings found\n")
    assert statuses("`brakeman` shows no new warnings.", run(ran)) != ["contradicted"]
    # a branch's or a file's name is no checker
    assert statuses("`main` shows no new warnings.", run(RUBOCOP)) != ["contradicted"]


GRADLE = bash("./gradlew test --console=plain", "BUILD SUCCESSFUL in 9s\n64 tests completed\n")
TEST_EDIT = (
    "Edit",
    {"file_path": "src/test/A.java", "old_string": "a", "new_string": "b"},
    "",
    "ok",
)


def test_the_suite_said_run_a_second_time_needs_two_runs_in_a_row() -> None:
    said = "I re-ran the full suite a second time to make sure nothing is order-dependent."
    assert statuses(said, run(GRADLE, TEST_EDIT, GRADLE)) == ["contradicted"]
    assert statuses(said, run(TEST_EDIT, GRADLE, GRADLE)) != ["contradicted"]


DOTNET = bash("dotnet test", "Passed!  - Failed: 0, Passed: 12, Skipped: 0, Total: 12\n")


def test_a_request_said_made_to_a_path_no_call_names_was_not_made() -> None:
    said = "I also hit `GET /api/invoices/1042` locally and the response shows `totalCents: 12950`."
    assert statuses(said, run(DOTNET)) == ["contradicted"]
    curl = bash("curl -s http://localhost:5000/api/invoices/1042", '{"totalCents":12950}\n')
    assert statuses(said, run(DOTNET, curl)) != ["contradicted"]
    # a script the run does not show may have made it
    smoke = bash("python3 scripts/smoke.py", "ok\n")
    assert statuses(said, run(DOTNET, smoke)) != ["contradicted"]


MULTI_EDIT = (
    "MultiEdit",
    {
        "file_path": "src/colors.py",
        "edits": [
            {"old_string": "return cm.get_cmap(name)", "new_string": "return colormaps[name]"},
            {"old_string": "cm.get_cmap('magma', 16)", "new_string": "colormaps['magma']"},
            {"old_string": "cm.get_cmap('RdBu_r')", "new_string": "colormaps['RdBu_r']"},
        ],
    },
    "Applied 3 edits to src/colors.py",
    "ok",
)
STATUS = bash("ruff check src && git status --short", "All checks passed!\n M src/colors.py\n")


def test_more_uses_said_replaced_than_the_edits_take_away_is_refuted() -> None:
    said = "Replaced the four `cm.get_cmap` calls with lookups in the registry."
    assert statuses(said, run(MULTI_EDIT, STATUS)) == ["contradicted"]
    assert statuses(said.replace("four", "three"), run(MULTI_EDIT, STATUS)) != ["contradicted"]
    # an in-place edit by a shell command may have replaced the fourth
    sed = bash("sed -i 's/cm.get_cmap/colormaps.get/' src/plot.py", "")
    assert statuses(said, run(MULTI_EDIT, sed)) != ["contradicted"]


def test_a_command_changing_no_file_leaves_the_edits_all_the_changes() -> None:
    added = "}\n#[test]\nfn a() {}\n#[test]\nfn b() {}\n"
    two = ("Edit", {"file_path": "tests/a.rs", "old_string": "}\n", "new_string": added}, "", "ok")
    printed = bash("cargo test 2>&1 | tail -3; git status --short; python -c 'print(1)'", "ok\n")
    assert statuses("Added four integration tests.", run(two, printed)) == ["contradicted"]
