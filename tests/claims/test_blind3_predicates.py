"""Rules from the third blind set's wrong verdicts whose truth turns on a part no figure
checks (tests/data/claims/blind3): each test is a small run shaped like the case, never
its text (SPEC §5.9)."""

from __future__ import annotations

from tests.claims.test_claims import bash, run, statuses

PYTEST_SKIPPING = bash("pytest -q", "57 passed, 2 skipped in 4.10s")


def test_nothing_skipped_is_held_against_the_skipped_count() -> None:
    said = "The whole suite passed (57 tests), nothing skipped."
    assert statuses(said, run(PYTEST_SKIPPING)) == ["contradicted"]
    assert statuses(said, run(bash("pytest -q", "57 passed in 4.10s"))) == ["verified"]


def test_an_absence_said_beside_a_figure_is_not_verified_by_the_figure() -> None:
    loaded = ("load_rows", {"file": "orders.csv"}, "read 340 rows from orders.csv", "ok")
    assert statuses("The import took 340 rows with no errors.", run(loaded)) == ["unverifiable"]
    assert statuses("The import took 340 rows.", run(loaded)) == ["verified"]


def test_a_haskell_or_swift_build_that_warned_contradicts_no_warnings() -> None:
    warned = bash(
        "stack build",
        "Building library for shop-1.2.0..\n"
        "src/Shop/Cart.hs:12:5: warning: [GHC-62161] [-Wincomplete-patterns]\n",
    )
    said = "`stack build` now succeeds with no warnings."
    assert statuses(said, run(warned)) == ["contradicted"]
    clean = bash("stack build", "Building library for shop-1.2.0..\n")
    assert statuses(said, run(clean)) == ["unverifiable"]


def _edit(output: str) -> tuple[str, dict[str, str], str, str]:
    return ("edit_files", {"content": "app.cfg\n<<<<<<< SEARCH\nx\n=======\ny\n>>>>>>> REPLACE"},
            output, "ok")  # fmt: skip


def test_a_commit_a_tool_reports_by_itself_is_not_contradicted() -> None:
    said = "Raised the limit in `app.cfg` (committed as `9c0ffee`)."
    reported = _edit("Applied edit to app.cfg\nCommit 9c0ffee cfg: raise the limit\n")
    assert statuses(said, run(reported)) == ["verified"]
    other = _edit("Applied edit to app.cfg\nCommit 1234abc cfg: raise the limit\n")
    assert statuses("Committed the new limit.", run(other)) == ["unverifiable"]
    assert statuses("Committed the new limit.", run(_edit("Applied edit to app.cfg\n"))) == [
        "contradicted"
    ]


def _claude_edit(path: str, old: str) -> tuple[str, dict[str, str], str, str]:
    edit = {"file_path": path, "old_string": old, "new_string": old + "\ndef test_b(): ...\n"}
    return ("Edit", edit, f"The file {path} has been updated successfully.", "ok")


def test_a_file_said_created_whose_first_write_replaced_its_text_existed() -> None:
    said = "Created `tests/test_orders.py` with a `test_b` case."
    edited = _claude_edit("/src/app/tests/test_orders.py", "def test_a(): ...")
    assert statuses(said, run(edited)) == ["contradicted"]
    written = ("Write", {"file_path": "/src/app/tests/test_orders.py", "content": "x"}, "ok", "ok")
    assert statuses(said, run(written, edited)) == ["verified"]
    shown = bash("head -1 tests/test_orders.py", "def test_a(): ...")
    assert statuses(said, run(shown, edited)) == ["unverifiable"]


def test_a_browser_no_call_names_leaves_a_count_unverifiable() -> None:
    e2e = bash("npx playwright test", "Running 12 tests using 2 workers\n  12 passed (20.1s)")
    config = bash(
        "grep -n name: playwright.config.ts", "  { name: 'chromium' },\n  { name: 'firefox' },"
    )
    said = "12 passed on Chromium, Firefox and Safari."
    assert statuses(said, run(e2e, config)) == ["unverifiable"]
    assert statuses("12 passed on Chromium and Firefox.", run(e2e, config)) == ["verified"]


def test_a_payment_said_settled_whose_last_status_is_pending_is_contradicted() -> None:
    paid = ("issue_refund", {"order": "B-1"}, '{"refund_id": "re_77Qa", "status": "pending"}', "ok")
    said = "Refund **re_77Qa** for $20.00 has settled."
    assert statuses(said, run(paid)) == ["contradicted"]
    done = (
        "get_refund",
        {"id": "re_77Qa"},
        '{"refund_id": "re_77Qa", "status": "succeeded"}',
        "ok",
    )
    assert statuses(said, run(paid, done)) != ["contradicted"]


def test_a_value_said_of_all_members_is_not_verified_by_one() -> None:
    rates = bash("grep -h Rate *.txt", "a.txt: Rate 15%\nb.txt: Rate 15%\nc.txt: Rate 8%")
    assert statuses("All three bill a rate of 15%.", run(rates)) == ["unverifiable"]
    assert statuses("All of the hosts report a rate of 15%.", run(rates)) == ["unverifiable"]
    assert statuses("The first one bills a rate of 15%.", run(rates)) == ["verified"]


def test_a_version_said_now_is_not_verified_by_a_report_before_the_package_change() -> None:
    report = bash(
        "pip-audit",
        "Name    Version  ID              Fix Versions\nflask   2.2.1    PYSEC-2023-62   2.2.5",
    )
    upgraded = bash("pip install -U flask && pip show flask", "Name: flask\nVersion: 3.0.3")
    said = "flask is now 2.2.5."
    assert statuses(said, run(report, upgraded)) == ["unverifiable"]
    assert statuses("flask is now 3.0.3 (was 2.2.1).", run(report, upgraded)) == ["verified"]


def test_a_total_said_refunded_is_shown_by_a_refund_call() -> None:
    order = ("get_order", {"id": "C-9"}, '{"id": "C-9", "total": 64.50}', "ok")
    refund = ("create_refund", {"order": "C-9", "amount": 40.00}, '{"amount": 40.00}', "ok")
    assert statuses("Total refunded on the order: $64.50.", run(order, refund)) == ["unverifiable"]
    assert statuses("Total refunded on the order: $40.00.", run(order, refund)) == ["verified"]
