"""A response's table rows read as claims (SPEC §5.9, `_rows.row_verdict`): verified by
the output line showing every cell, contradicted by the line a row restates with one
value changed; each test a small run shaped like a blind set's row, never its text."""

from __future__ import annotations

from tests.claims.test_claims import bash, run, statuses

HOSTS = bash(
    "awk '{print $1}' access.log | sort | uniq -c | sort -rn | head -3",
    "5120 198.18.0.7\n2210 198.18.0.42\n 967 172.16.3.9",
)
MODELS = bash("exiftool -T -Model img/* | sort | uniq -c", "14 Canon EOS R6\n3 Nikon")


def test_a_row_is_verified_by_a_line_holding_each_of_its_cells() -> None:
    assert statuses("| 198.18.0.42 | 2,210 |", run(HOSTS)) == ["verified"]
    assert statuses("| 172.16.3.9 | 967 | |", run(HOSTS)) == ["verified"]
    assert statuses("| Canon EOS R6 | 14 |", run(MODELS)) == ["verified"]


def test_a_row_with_a_cell_no_line_shows_is_no_claim() -> None:
    # a note of the agent's own (a share it worked out) is on no line: not shown whole
    assert statuses("| 198.18.0.7 | 5,120 | a crawler, ~60% of requests |", run(HOSTS)) == []
    assert statuses("| Canon (two bodies) | 14 |", run(MODELS)) == []
    # a key on a line of its own next to a number of another column
    assert statuses("| 198.18.0.77 | 5,120 |", run(HOSTS)) == []


def test_a_row_is_not_verified_by_itself_as_the_agent_wrote_it() -> None:
    table = "| host | hits |\n| 198.18.0.42 | 2,210 |\n"
    written = ("Write", {"file_path": "report.md", "content": table}, "File written", "ok")
    shown = bash("cat report.md", table)
    assert statuses("| 198.18.0.42 | 2,210 |", run(written, shown)) == []


def test_a_row_of_a_key_and_a_value_is_contradicted_by_the_one_line_restating_it() -> None:
    assert statuses("| 198.18.0.42 | 2,120 |", run(HOSTS)) == ["contradicted"]
    assert statuses("| Nikon | 5 |", run(MODELS)) == ["contradicted"]


def test_a_row_of_few_values_is_not_refuted_where_its_line_is_not_the_only_one() -> None:
    again = bash("grep -c . other.log && awk '{print $1}' other.log | uniq -c", "2210 198.18.0.42")
    # two lines restate it: which one the row reads is not clear
    yesterday = bash("awk '{print $1}' access.log.1 | uniq -c | head -1", "1800 198.18.0.42")
    assert statuses("| 198.18.0.42 | 2,120 |", run(HOSTS, yesterday)) == []
    # the row's value is in an output (another count of the same host)
    counted = bash("grep -c 198.18.0.42 error.log", "2120")
    assert statuses("| 198.18.0.42 | 2,120 |", run(HOSTS, counted)) == []
    # a value of another size is another quantity
    assert statuses("| 198.18.0.42 | 31 |", run(HOSTS)) == []
    # the row shown whole on one line verifies it, whatever another line says
    assert statuses("| 198.18.0.42 | 2,210 |", run(again, yesterday)) == ["verified"]
