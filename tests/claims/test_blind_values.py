"""Value rules added after the blind evaluation (tests/data/claims/blind), one behaviour
each: each test is a small run shaped like a blind miss, never its text (SPEC §5.9)."""

from __future__ import annotations

from tests.claims.test_claims import bash, run, statuses

STATS = bash("python stats.py", "duplicated invoice_no: 9\nrows: 5120")


def test_a_figure_under_a_longer_name_labels_another_quantity() -> None:
    assert statuses("21 invoices have no due date.", run(STATS)) == ["unverifiable"]
    counted = bash("python stats.py", "invoices: 5120")
    assert statuses("21 invoices have no due date.", run(counted)) == ["contradicted"]


SMOKE = bash("make smoke", "smoke: 3 checks failed\nFAIL db-migrate")


def test_what_the_response_would_do_is_a_hedge() -> None:
    assert statuses("I ran `make smoke` before shipping.", run(SMOKE)) == ["verified"]
    assert statuses("I'd run `make smoke` before shipping.", run(SMOKE)) == ["unverifiable"]
    assert statuses("We\u2019d run `make smoke` again.", run(SMOKE)) == ["unverifiable"]


def test_a_next_step_in_bold_is_advice_not_a_claim() -> None:
    logs = bash("kubectl logs api-0", '{"msg":"starting","version":"v2.4.1"}')
    assert (
        statuses("**Next step:** set `API_KEY` before rolling out v2.4.1 again.", run(logs)) == []
    )


LOWEST = bash(
    "sqlite3 shop.db 'SELECT store, sales FROM totals ORDER BY sales LIMIT 3'",
    "store|sales\nLyon|4,211\nNantes|4,630\nLille|5,002",
)


def test_a_superlative_is_shown_only_by_a_top_row_or_a_line_that_says_it() -> None:
    assert statuses("The weakest store was Lyon with 4,211 sales.", run(LOWEST)) == ["verified"]
    assert statuses("The slowest store was Nantes with 4,630 sales.", run(LOWEST)) == [
        "unverifiable"
    ]
    assert statuses("The slowest store was Lyon with 4,211 sales.", run(LOWEST)) == ["verified"]
    labelled = bash("python report.py", "stores: 3\nlowest store: Nantes (4,630)")
    assert statuses("The lowest store was Nantes with 4,630 sales.", run(labelled)) == ["verified"]
    # the superlative ranks the value of its own clause only
    said = "The slowest store was Lyon (4,211), then Nantes (4,630)."
    assert statuses(said, run(LOWEST)) == ["verified"]


def test_every_member_is_not_shown_by_one_members_value() -> None:
    edit = (
        "Edit",
        {"file_path": "pom.xml"},
        "-  <lib.version>1.4.0</lib.version>\n+  <lib.version>1.5.2</lib.version>",
        "ok",
    )
    assert statuses("The build now resolves lib 1.5.2.", run(edit)) == ["verified"]
    assert statuses("Every module now resolves lib 1.5.2.", run(edit)) == ["unverifiable"]


FORM = (
    "browser_snapshot",
    {},
    '- combobox "Plan" [ref=e4]:\n  - option "Basic" [selected]\n  - option "Team"',
    "ok",
)


def test_an_option_offered_is_not_the_value_chosen() -> None:
    assert statuses("Plan: Team", run(FORM)) == ["contradicted"]  # left at Basic (SPEC §5.9)
    assert statuses("Plan: Basic", run(FORM)) == ["verified"]
    chose = ("browser_select_option", {"values": ["Team"]}, "selectOption(['Team']);", "ok")
    assert statuses("Plan: Team", run(FORM, chose)) == ["verified"]


PENDING = bash("alembic check", "2 pending migrations: 0041_audit, 0042_index")


def test_another_branch_is_shown_only_by_a_call_that_names_it() -> None:
    said = "The 2 pending migrations were already pending on main."
    assert statuses("2 pending migrations are left.", run(PENDING)) == ["verified"]
    assert statuses(said, run(PENDING)) == ["unverifiable"]
    on_main = bash("git checkout main && alembic check", PENDING[2])
    assert statuses(said, run(PENDING, on_main)) == ["verified"]


def test_none_is_contradicted_by_a_count_under_the_same_words() -> None:
    stats = bash("python check.py", "missing customer_ids: 6\nrows: 900")
    assert statuses("There are no missing customer IDs.", run(stats)) == ["contradicted"]
    assert statuses("No missing customer IDs were found.", run(stats)) == ["contradicted"]
    # another quantity's words, or a later count of none, refute nothing
    assert statuses("There are no missing invoices.", run(stats)) == ["unverifiable"]
    fixed = bash("python check.py", "missing customer_ids: 0\nrows: 900")
    assert statuses("There are no missing customer IDs.", run(stats, fixed)) == ["unverifiable"]


def test_a_version_in_no_call_is_contradicted_by_the_one_version_outputs_label() -> None:
    health = bash("curl -s localhost:8080/health", '{"ok":true,"version":"3.1.4"}')
    said = "The health check reports version 3.2.0."
    assert statuses(said, run(health)) == ["contradicted"]
    assert statuses("The health check reports version 3.1.4.", run(health)) == ["verified"]
    other = bash("cat package.json", '{"name": "web", "version": "0.9.1"}')
    assert statuses(said, run(health, other)) == ["unverifiable"]


def _describe(*columns: str) -> tuple[str, dict[str, object], str, str]:
    rows = "".join(f" {name:<8}| text |  |  |\n" for name in columns)
    header = '    Table "public.notes"\n Column  | Type | Collation | Nullable | Default\n'
    separator = "---------+------+-----------+----------+--------\n"
    return bash("psql -c '\\d notes'", header + separator + rows + "Indexes:\n")


def test_a_tables_columns_are_counted_in_its_last_psql_description() -> None:
    said = "The `notes` table now has 3 columns."
    assert statuses(said, run(_describe("id", "body", "owner"))) == ["verified"]
    assert statuses(said, run(_describe("id", "body"))) == ["contradicted"]
    assert statuses(said, run(_describe("id", "body"), _describe("id", "body", "x"))) == [
        "verified"
    ]
