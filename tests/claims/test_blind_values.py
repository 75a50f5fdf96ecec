"""Value rules added after the blind evaluation (tests/data/claims/blind), one behaviour
each: each test is a small run shaped like a blind miss, never its text (SPEC §5.9)."""

from __future__ import annotations

from tests.claims.test_claims import bash, run, statuses

STATS = bash("python stats.py", "duplicated invoice_no: 9\nrows: 5120")


def test_a_figure_under_a_longer_name_labels_another_quantity() -> None:
    assert statuses("21 invoices have no due date.", run(STATS)) == ["unverifiable"]
    counted = bash("python stats.py", "invoices: 5120")
    assert statuses("21 invoices have no due date.", run(counted)) == ["contradicted"]
