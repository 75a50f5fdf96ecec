"""Rules reading a bounded number of a needle's places in the outputs, on runs with more
places than they read: a rule wanting the last place reads from the end (SPEC §5.9,
precision first)."""

from __future__ import annotations

from typing import Any

from tests.claims.test_claims import bash, run, statuses

Call = tuple[str, dict[str, Any], str, str]


def _read(path: str, output: str) -> Call:
    return ("Read", {"file_path": path}, output, "ok")


# the last place: read from the end


def test_a_hook_is_held_to_pre_commits_last_line_for_it_however_many_come_before() -> None:
    failed = bash("git commit -m wip", "ruff.....................................Failed\n")
    passed = bash("git commit -m wip", "ruff.....................................Passed\n")
    assert statuses("ruff passes.", run(*[passed] * 250, *[failed] * 3)) == ["unverifiable"]
    assert statuses("ruff passes.", run(*[failed] * 250, *[passed] * 3)) == ["verified"]
    # the tool named in many outputs before the hook's line: it ran all the same
    config = _read("pyproject.toml", "[tool.ruff]\nline-length = 100\n")
    assert statuses("ruff passes.", run(*[config] * 250, passed)) == ["verified"]


def test_a_thing_said_added_everywhere_is_held_to_its_last_place() -> None:
    added = bash("./set-flag.sh beta_search staging qa prod", "set")
    missing = bash("./check-flags.sh", "prod: missing beta_search")
    present = bash("./check-flags.sh", "prod: beta_search on")
    said = "Added `beta_search` to all three environments (staging, qa, prod)."
    assert statuses(said, run(added, *[missing] * 250, *[present] * 3)) != ["contradicted"]
    assert statuses(said, run(added, *[present] * 250, *[missing] * 3)) == ["contradicted"]


def _form(selected: str) -> Call:
    options = "".join(
        f'    - option "{name}"{" [selected]" if name == selected else ""}\n'
        for name in ("USD", "EUR")
    )
    snapshot = f'- form [ref=e2]:\n  - combobox "Payment currency" [ref=e5]:\n{options}'
    return ("browser_snapshot", {}, snapshot, "ok")


def test_a_field_is_read_in_its_last_snapshot_however_many_come_before() -> None:
    country = ("browser_select_option", {"ref": "e3", "values": ["Germany"]}, "done", "ok")
    shown = run(*[_form("USD")] * 60, country, *[_form("EUR")] * 3)
    assert "contradicted" not in statuses("Payment currency: EUR", shown)
    left = run(*[_form("USD")] * 60, country, *[_form("USD")] * 3)
    assert statuses("Payment currency: EUR", left) == ["contradicted"]


def test_a_count_of_none_is_held_to_the_last_line_counting_it() -> None:
    found = bash("python check.py", "missing customer_ids: 6\nrows: 900")
    fixed = bash("python check.py", "missing customer_ids: 0\nrows: 900")
    said = "There are no missing customer IDs."
    assert statuses(said, run(*[found] * 60, *[fixed] * 3)) == ["unverifiable"]
    assert statuses(said, run(*[fixed] * 60, *[found] * 3)) == ["contradicted"]


def _describe(*columns: str) -> Call:
    rows = "".join(f" {name:<8}| text |  |  |\n" for name in columns)
    header = '    Table "public.notes"\n Column  | Type | Collation | Nullable | Default\n'
    separator = "---------+------+-----------+----------+--------\n"
    return bash("psql -c '\\d notes'", header + separator + rows + "Indexes:\n")


def test_a_tables_columns_are_counted_in_its_last_description_however_many_come_before() -> None:
    two, three = _describe("id", "body"), _describe("id", "body", "owner")
    said = "The `notes` table now has 3 columns."
    assert statuses(said, run(*[two] * 60, *[three] * 3)) == ["verified"]
    assert statuses(said, run(*[three] * 60, *[two] * 3)) == ["contradicted"]
