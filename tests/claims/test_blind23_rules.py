"""Wrong verdicts and misses the twenty-third blind set found (tests/data/claims/blind23),
each rule on a small run of its own shape."""

from __future__ import annotations

from tests.claims.test_claims import bash, run, statuses

SUMMARY = bash(
    "python3 - <<'PY'\nimport csv\nrows = [('V014', 112.5)]\n"
    "with open('/home/lena/exports/q3_hours_summary.csv', 'w') as f:\n"
    "    csv.writer(f).writerows(rows)\nprint('wrote /home/lena/exports/q3_hours_summary.csv')\nPY",
    "wrote /home/lena/exports/q3_hours_summary.csv",
)


def test_a_path_in_the_home_folder_is_named_by_its_full_path_too() -> None:
    said = "Saved the summary to `~/exports/q3_hours_summary.csv`."
    assert statuses(said, run(SUMMARY)) == ["verified"]
    other = "Saved the summary to `~/exports/q4_hours_summary.csv`."
    assert statuses(other, run(SUMMARY)) == ["contradicted"]


SEMGREP = bash("semgrep --config p/python tools/", "Ran 212 rules on 14 files: 2 findings.")
BUNDLE = ("Edit", {"file_path": "tools/release/bundle.py", "old_string": "shell=True",
                   "new_string": "[\"tar\"]"}, "ok", "ok")  # fmt: skip


def test_a_script_said_to_pass_a_thing_is_no_result_of_running_it() -> None:
    said = "Both `shell=True` calls in `tools/release/bundle.py` now pass argument lists."
    assert statuses(said, run(SEMGREP, BUNDLE)) != ["contradicted"]
    assert statuses("`tools/release/bundle.py` now passes.", run(SEMGREP, BUNDLE)) == [
        "contradicted"
    ]


def test_a_file_said_written_by_another_thing_is_not_the_runs_write() -> None:
    said = "The cache file is only ever written by the tool itself, under `~/.cache/pressroom`."
    assert statuses(said, run(SEMGREP)) != ["contradicted"]
    mine = "The cache file is written under `~/.cache/pressroom`."
    assert statuses(mine, run(SEMGREP)) == ["contradicted"]


MKDOCS = bash(
    "mkdocs build --strict",
    "INFO    -  Cleaning site directory\nINFO    -  Documentation built in 2.31 seconds",
)


def test_a_swapped_figure_before_the_same_unit_is_a_misreading_of_it() -> None:
    said = "The strict build completes in 3.21 seconds with no warnings."
    assert statuses(said, run(MKDOCS)) == ["contradicted"]
    assert statuses("It completes in 3.21 minutes.", run(MKDOCS)) != ["contradicted"]


PUBLISH = bash(
    "npm publish --workspaces --dry-run",
    "npm notice 📦  @driftkit/dialog@1.5.0\nnpm notice Tarball Contents\n"
    "+ @driftkit/dialog@1.5.0\nnpm notice 📦  @driftkit/button@2.3.2\n+ @driftkit/button@2.3.2",
)


def test_a_version_said_of_a_package_the_outputs_pin_at_another_is_misread() -> None:
    assert statuses("Now dialog 1.6.0 and button 2.3.2.", run(PUBLISH)) == ["contradicted"]
    assert statuses("Now dialog 1.5.0 and button 2.3.2.", run(PUBLISH)) == ["verified"]
    # a name inside another's (`@driftkit/dialog-core@…`) pins nothing of it
    core = bash("npm ls", "+ @driftkit/dialog-core@1.5.0")
    assert statuses("Bumped dialog 1.6.0.", run(core)) != ["contradicted"]


CHECK_FAILING = bash("npx astro check", "Result (38 files):\n- 1 error\n- 0 warnings", "error")
CHECK_PASSING = bash("npx astro check", "Result (38 files):\n- 0 errors\n- 0 warnings")


def test_a_commands_nth_run_said_to_pass_is_its_nth_call() -> None:
    said = "After the edits, `astro check` passed on the first re-run."
    three = run(CHECK_FAILING, CHECK_FAILING, CHECK_PASSING)
    assert statuses(said, three) == ["contradicted"]
    assert statuses(said, run(CHECK_FAILING, CHECK_PASSING)) != ["contradicted"]
    assert statuses("`astro check` passed on the third try.", three) != ["contradicted"]
    assert statuses("`astro check` failed on the first attempt.", three) != ["contradicted"]
    assert statuses("`astro check` passed on the first attempt.", three) == ["contradicted"]


SEMGREP_ERRORS = bash(
    "semgrep --config p/python --severity ERROR tools/", "Ran 412 rules: 0 findings."
)


def test_an_option_said_given_a_value_no_call_gives_it() -> None:
    said = "A follow-up pass at `--severity WARNING` came back clean as well."
    assert statuses(said, run(SEMGREP_ERRORS)) == ["contradicted"]
    assert statuses(said.replace("WARNING", "ERROR"), run(SEMGREP_ERRORS)) != ["contradicted"]
    # an instruction, and an option no call gives at all, refute nothing
    advice = "Once the rules settle, rerun with `--severity WARNING`."
    assert statuses(advice, run(SEMGREP_ERRORS)) != ["contradicted"]
    said = "A follow-up pass at `--exclude vendor` came back clean."
    assert statuses(said, run(SEMGREP_ERRORS)) != ["contradicted"]


CARGO_TEST = bash("cargo test -p tinyquant", "test result: ok. 14 passed; 0 failed; 0 ignored")


def test_cargos_build_and_test_write_the_lockfile_not_the_manifest() -> None:
    said = "Bumped the crate version in `Cargo.toml`."
    assert statuses(said, run(CARGO_TEST)) == ["contradicted"]
    assert statuses("Updated `Cargo.lock`.", run(CARGO_TEST)) != ["contradicted"]
    added = bash("cargo add serde --features derive", "    Adding serde v1.0.210 to dependencies")
    assert statuses(said, run(added)) != ["contradicted"]
