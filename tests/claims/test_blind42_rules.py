"""Rules from the forty-first and forty-second blind sets' first measurement
(tests/data/claims/blind41, blind42), one behaviour each: each test is a small run shaped
like the claim that was misread, never its text (SPEC §5.9)."""

from __future__ import annotations

from tests.claims.test_claims import bash, run, statuses

JEST = bash("npx jest", "Tests:       36 passed, 36 total\n")


def test_what_the_reader_may_do_if_they_want_is_advice() -> None:
    said = "Nothing depends on it; set `orm.set('strictMode', true)` if you want the old behaviour."
    assert statuses(said, run(JEST)) == ["unverifiable"]
    assert statuses("If you'd rather keep it, pin `lodash` to 4.17.20.", run(JEST)) in (
        [],
        ["unverifiable"],
    )
    # the agent's own setting, said made, is still held to the run
    assert statuses("I set `orm.set('strictMode', true)` in `db.ts`.", run(JEST)) == [
        "contradicted"
    ]


_RESULT = "test result: ok. {} passed; 0 failed; 0 ignored; 0 measured; 0 filtered out\n"
CARGO = bash("cargo test 2>&1 | grep '^test result'", _RESULT.format(14) + _RESULT.format(2))


def test_doctests_counted_beside_all_the_unit_tests_add_to_the_total() -> None:
    assert statuses("`cargo test`: all 14 unit tests and 2 doctests pass.", run(CARGO)) == [
        "verified"
    ]
    assert statuses("`cargo test`: all 15 unit tests and 2 doctests pass.", run(CARGO)) == [
        "contradicted"
    ]


def _patch(path: str) -> tuple[str, dict[str, str], str, str]:
    body = f"*** Begin Patch\n*** Add File: {path}\n+# Night summary\n*** End Patch\n"
    return ("apply_patch", {"input": body}, f"A {path}\n", "ok")


def test_an_absolute_path_whose_name_an_edit_writes_is_not_unwritten() -> None:
    said = "Wrote `/data/obs/2025-03-13/night_summary.md`."
    assert statuses(said, run(_patch("night_summary.md"))) != ["contradicted"]
    assert statuses(said, run(_patch("other_summary.md"))) == ["contradicted"]
