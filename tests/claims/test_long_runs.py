"""Rules reading a bounded number of a needle's places in the outputs, on runs with more
places than they read: a rule wanting the last place reads from the end, one concluding
from all of them (none qualifies, all agree, the only one) concludes nothing where it
could not read them all (SPEC §5.9, precision first)."""

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


# all the places, the only one, none: nothing concluded from the first few


def test_a_commit_reported_after_many_mentions_is_not_denied() -> None:
    hint = bash("git status", "nothing added to commit but untracked files present")
    reported = (
        "edit_files",
        {"content": "app.cfg\n<<<<<<< SEARCH\nx\n=======\ny\n>>>>>>> REPLACE"},
        "Applied edit to app.cfg\nCommit 1234abc cfg: raise the limit\n",
        "ok",
    )
    assert statuses("Committed the new limit.", run(*[hint] * 60, reported)) == ["unverifiable"]


def test_a_key_said_to_hold_a_value_is_held_to_its_only_table_line_among_all() -> None:
    described = bash(
        "psql -c '\\d projects'",
        " Column     | Type                        | Nullable\n"
        "------------+-----------------------------+----------\n"
        " created_at | timestamp with time zone    | not null\n"
        " closed_at  | timestamp without time zone |\n",
    )
    logged = bash("tail app.log", "closed_at updated")
    migrated = bash(
        "cat schema.txt",
        " closed_at  | timestamp with time zone    |\n",
    )
    said = "`closed_at` is `timestamp with time zone`, nullable."
    assert statuses(said, run(described)) == ["contradicted"]
    assert "contradicted" not in statuses(said, run(described, *[logged] * 60, migrated))


def test_a_version_is_held_to_every_output_labelling_one_not_the_first_fifty() -> None:
    health = bash("curl -s localhost:8080/health", '{"ok":true,"version":"3.1.4"}')
    other = bash("cat package.json", '{"name": "web", "version": "0.9.1"}')
    said = "The health check reports version 3.2.0."
    assert statuses(said, run(*[health] * 60, other)) == ["unverifiable"]


def test_an_id_under_a_label_is_held_to_every_output_giving_the_label() -> None:
    receipt = bash("curl -s https://shop.example/orders/last", "Order reference: ORD-5581-2290")
    again = bash("curl -s https://shop.example/orders/first", "Order reference: ORD-1100-0007")
    said = "**Order reference:** ORD-5581-2209"
    assert statuses(said, run(*[receipt] * 60, again)) == ["unverifiable"]


def test_a_version_beside_a_name_is_held_to_every_report_of_the_name() -> None:
    old = bash("pre-commit --version", "pre-commit 3.8.0")
    new = bash("pre-commit --version", "pre-commit 4.0.1")
    upgrade = bash("pip install -U pre-commit", "Successfully installed")
    assert statuses("Ran with pre-commit 4.0.", run(old)) == ["contradicted"]
    # the version said more briefly than a later report gives it
    assert "contradicted" not in statuses(
        "Ran with pre-commit 4.0.", run(*[old] * 60, upgrade, new)
    )


def test_a_figure_said_in_the_outputs_words_is_held_to_all_of_their_places() -> None:
    policy = "Refunds are processed within {} working days of receipt."
    # the claimed figure, as another thing, at the first places read
    old = ("fetch", {"url": "https://shop.example/a"}, "Ref 7-A\n" + policy.format(10), "ok")
    new = ("fetch", {"url": "https://shop.example/b"}, policy.format(7), "ok")
    said = "Refunds are processed within 7 working days."
    assert statuses(said, run(old)) == ["contradicted"]
    assert "contradicted" not in statuses(said, run(*[old] * 60, new))


def test_a_share_led_by_a_figure_is_held_to_every_place_of_the_lead() -> None:
    fines = ("web_search", {"query": "fines"}, "up to EUR 20 million or 4% of turnover", "ok")
    other = ("fetch_url", {"url": "https://a.example"}, "EUR 20 million or 2.0 % of it", "ok")
    said = "The top tier of fines is €20 million or 2% of annual turnover."
    assert statuses(said, run(fines)) == ["contradicted"]
    assert "contradicted" not in statuses(said, run(*[fines] * 60, other))


def test_a_month_said_published_is_held_to_every_date_published() -> None:
    page = ("fetch_url", {"url": "https://news.example/a"}, "Published 2 May 2024", "ok")
    other = ("fetch_url", {"url": "https://news.example/b"}, "Published 9 August 2024", "ok")
    said = "The article (published August 2024) gets the date wrong."
    assert statuses(said, run(page)) == ["contradicted"]
    assert "contradicted" not in statuses(said, run(*[page] * 60, other))


def test_a_date_is_held_to_the_only_line_naming_the_id_among_all() -> None:
    listed = bash("incidents ls", "INC-8812  2026-11-21T09:14:09Z  open")
    moved = bash("incidents ls", "INC-8812  2026-11-22T10:00:00Z  open")
    said = "INC-8812 has been open since 2026-11-24."
    assert statuses(said, run(listed)) == ["contradicted"]
    assert "contradicted" not in statuses(said, run(*[listed] * 60, moved))


def test_a_skip_denied_is_held_to_every_hook_report_not_the_first_ones() -> None:
    skipping = bash(
        "pre-commit run --all-files",
        "trim trailing whitespace.........................Passed\n"
        "check json...................(no files to check)Skipped",
    )
    clean = bash("pre-commit run --all-files", "trim trailing whitespace....Passed\n")
    said = "Second run: all hooks pass, nothing skipped."
    assert statuses(said, run(skipping, skipping)) == ["contradicted"]
    assert "contradicted" not in statuses(said, run(*[skipping] * 250, clean))


def test_a_row_of_two_values_is_held_to_its_only_restating_line_among_all() -> None:
    old = bash("cat hosts.txt", "web-1  10.0.0.4  120")
    new = bash("cat hosts.txt", "web-1  10.0.0.4  140")
    assert statuses("| web-1 | 10.0.0.4 | 130 |", run(old)) == ["contradicted"]
    assert "contradicted" not in statuses("| web-1 | 10.0.0.4 | 130 |", run(*[old] * 250, new))


def test_a_state_said_of_a_name_is_doubted_by_its_row_however_many_places_name_it() -> None:
    """A doubt is not a refutation: the one line naming the name at its first places
    still leaves the state open where more places name it."""
    alerts = bash(
        "curl -s localhost:9090/api/v1/alerts | jq -c '.data.alerts[]'",
        '{"alertname":"DiskFull","state":"firing","instance":"10.1.2.3:9100"}\n'
        '{"alertname":"HighLatency","state":"pending","instance":"10.1.2.4:9100"}',
    )
    said = "Both `DiskFull` and `HighLatency` are firing (on 10.1.2.3)."
    assert statuses(said, run(*[alerts] * 60)) == ["unverifiable"]


def test_coverage_is_read_in_the_last_table_however_many_come_before() -> None:
    table = "File | % Stmts | % Branch | % Funcs | % Lines |\nAll files | {} | 71 | 80 | 90 |\n"
    before, after = (bash("npx jest --coverage", table.format(n)) for n in ("64", "71"))
    said = "Statement coverage is 71%."
    assert statuses(said, run(*[before] * 250, after)) == ["verified"]
    assert statuses(said, run(*[after] * 250, before)) == ["contradicted"]
