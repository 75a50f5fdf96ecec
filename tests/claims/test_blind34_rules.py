"""Rules from the thirty-fourth blind set's misses (tests/data/claims/blind34), one
behaviour each: each test is a small run shaped like the claim that was misread, never its
text (SPEC §5.9)."""

from __future__ import annotations

from tests.claims.test_claims import bash, run, statuses

PATCHED = ("Edit", {"file_path": "internal/report/types.go", "old_string": "a", "new_string": "b"},
           "ok", "ok")  # fmt: skip


def test_a_naming_style_said_added_is_no_name_of_code() -> None:
    said = "Added `snake_case` JSON tags to `Package`."
    assert statuses(said, run(PATCHED)) != ["contradicted"]
    assert statuses("Added `parse_snake_tags` to `Package`.", run(PATCHED)) == ["contradicted"]


CARGO = bash(
    "cargo test",
    "running 31 tests\ntest result: ok. 31 passed; 0 failed; 0 ignored; 0 measured; 0 filtered out",
)


def test_a_count_of_tests_a_relative_clause_describes_is_no_total() -> None:
    said = "`tracing-test` is now a dev-dependency for the one test that asserts on logs."
    assert statuses(said, run(CARGO)) != ["contradicted"]
    assert statuses("The one test passes.", run(CARGO)) == ["contradicted"]


PRICING = bash("pytest -q tests/test_pricing.py", "24 passed in 0.3s")
FIXED = ("Edit", {"file_path": "billing/pricing.py", "old_string": "a", "new_string": "b"},
         "ok", "ok")  # fmt: skip


def test_the_file_tests_said_passing_are_in_is_no_file_written() -> None:
    said = "Fixed that, and all 24 tests in `tests/test_pricing.py` pass now."
    assert statuses(said, run(PRICING, FIXED, PRICING)) == ["verified"]
    # tests said added in a file: the file written
    added = "Added three tests in `tests/test_pricing.py`."
    assert statuses(added, run(PRICING, FIXED, PRICING)) == ["contradicted"]


SHRUNK = bash(
    "cargo test --test roundtrip",
    "---- canonical_form stdout ----\n"
    "proptest: Saving this and future failures in /home/u/numerals/proptest-regressions/rt.txt\n"
    "cc 6a0d3 # shrinks to n = 9\ntest result: FAILED. 1 passed; 1 failed",
)


def test_a_ranges_bound_is_no_value_of_what_it_ranges() -> None:
    said = "`roundtrip`: `from_roman(to_roman(n)) == n` for every `n` in 1..=3999."
    assert statuses(said, run(SHRUNK)) != ["contradicted"]
    assert statuses("proptest shrank it to n = 12.", run(SHRUNK)) == ["contradicted"]


def test_a_file_a_program_the_output_names_said_it_saved_may_be_its_write() -> None:
    said = "proptest saved the failing seed to `proptest-regressions/rt.txt`."
    assert statuses(said, run(SHRUNK)) != ["contradicted"]
    passed = bash("cargo test --test roundtrip", "test result: ok. 2 passed; 0 failed")
    assert statuses(said, run(passed)) == ["contradicted"]


STAGED = bash(
    "git add -A internal && git diff --cached --stat",
    " internal/acl/perms.go     | 38 ++----\n internal/sets/set.go      | 63 ++++++\n"
    " 6 files changed, 128 insertions(+), 163 deletions(-)",
)


def test_files_said_changed_alone_are_held_to_the_last_diffs_summary() -> None:
    assert statuses("Changes are staged: 5 files changed.", run(STAGED))[-1] == "contradicted"
    assert statuses("Changes are staged: 6 files changed.", run(STAGED))[-1] != "contradicted"


SUITE = bash("python -m pytest -q 2>&1 | tail -12", "40 passed, 1 warning in 1.31s")
CONFTEST = ("Edit", {"file_path": "tests/conftest.py", "old_string": "a", "new_string": "b"},
            "ok", "ok")  # fmt: skip


def test_the_suite_said_run_n_times_is_held_to_the_runs_after_the_last_change() -> None:
    said = "I ran the fixed suite three times in a row to rule out flakiness."
    assert statuses(said, run(CONFTEST, SUITE)) == ["contradicted"]
    assert statuses(said, run(SUITE, SUITE, CONFTEST, SUITE)) == ["contradicted"]
    assert statuses(said, run(CONFTEST, SUITE, SUITE, SUITE)) == ["verified"]
    # a loop or a repeat count may run it several times in one call
    looped = bash("for i in 1 2 3; do python -m pytest -q; done", "40 passed in 1.2s")
    assert statuses(said, run(CONFTEST, looped)) != ["contradicted"]
