"""Wrong verdicts the twentieth blind set found (tests/data/claims/blind20), each rule on
a small run of its own shape."""

from __future__ import annotations

from tests.claims.test_claims import bash, run, statuses


def test_a_file_an_attempt_of_a_command_wrote_is_the_programs() -> None:
    up = bash("dbmate up", "Applying: 20240611_add_currency.sql\nApplied in 412ms")
    said = "The second attempt applied in ~0.4 s and regenerated `db/schema.sql`."
    assert statuses(said, run(up)) != ["contradicted"]
    assert statuses("I regenerated `db/schema.sql` by hand.", run(up)) == ["contradicted"]


def test_nose2_runs_tests() -> None:
    ran = bash("GEOFENCE_BACKEND=plain coverage run -m nose2 -v 2>&1 | tail -n 14",
               "Ran 58 tests in 0.412s\n\nOK (skipped=9)")  # fmt: skip
    assert statuses("58 tests ran, OK with 9 skipped.", run(ran)) == ["verified"]
    assert statuses("60 tests ran, all OK.", run(ran)) == ["contradicted"]


def test_a_command_in_parentheses_after_a_name_is_what_the_name_stands_for() -> None:
    written = ("Write", {"file_path": "pyproject.toml", "content": "[tool.pdm.scripts]\n"
               'lint = "flake8 src tests"\n'}, "ok", "ok")  # fmt: skip
    said = "Added `[tool.pdm.scripts]`: `lint` (`flake8 src tests`)."
    assert statuses(said, run(written)) != ["contradicted"]
    assert statuses("Linted the code (`flake8 src tests`).", run(written)) == ["contradicted"]
