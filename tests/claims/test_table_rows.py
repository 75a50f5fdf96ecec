"""A response's table rows read as claims (SPEC §5.9, `_rows.row_verdict`): verified by
the output line showing every cell, contradicted by the line a row restates with one
value changed; each test a small run shaped like a blind set's row, never its text."""

from __future__ import annotations

import json

from agentv_grader.claims import check_claims
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


def test_a_signed_value_is_shown_only_by_a_line_of_its_sign() -> None:
    growth = bash("psql -c 'SELECT region, q3, pct FROM growth'", "North | 1200.00 |  -3.50")
    assert statuses("| North | $1,200.00 | −3.5% ⚠️ |", run(growth)) == ["verified"]
    assert statuses("| North | $1,200.00 | +3.5% |", run(growth)) == []
    # a range is not a value beside a mark: `1–3` is read as a note, on no line
    tries = bash("grep -c retry job.log", "North 1 3")
    assert statuses("| North | 1–3 |", run(tries)) == []


def test_a_whole_json_array_on_one_line_shows_no_row() -> None:
    issues = [{"number": 300 + n, "title": f"Issue {n}", "label": "bug"} for n in range(12)]
    issues[3]["label"] = "docs"
    listed = bash("gh issue list --json number,title,label", str(issues).replace("'", '"'))
    # 303's label is docs: the array holds `bug` and `303` only in other records
    assert statuses("| 303 | Issue 3 | bug |", run(listed)) == []


def test_a_csv_line_shows_its_fields_values() -> None:
    totals = bash(
        "awk -F, '{s[$1]+=$2} END {for (d in s) print d \",\" s[d]}' q3.csv",
        "Ops,6120.00\nWeb,31086.42",
    )
    assert statuses("| Web | $31,086.42 |", run(totals)) == ["verified"]
    assert statuses("| Ops | $6,210.00 |", run(totals)) == ["contradicted"]
    # a comma that may group digits is no CSV line's: `Ops,1,234` shows no 234
    grouped = bash("python totals.py", "Ops,1,234")
    assert statuses("| Ops | 234 |", run(grouped)) == []


def test_a_row_is_held_against_the_json_record_holding_its_key() -> None:
    hosts = [{"ip": "198.18.0.42", "hits": 2210}, {"ip": "172.16.3.9", "hits": 967}]
    pretty = bash("jq '.top' hosts.json", json.dumps(hosts, indent=2))
    assert statuses("| 198.18.0.42 | 2,210 |", run(pretty)) == ["verified"]
    assert statuses("| 172.16.3.9 | 976 |", run(pretty)) == ["contradicted"]
    # a value of another record is not the row's
    assert statuses("| 198.18.0.42 | 967 |", run(pretty)) == []
    minified = bash("curl -s api/top", json.dumps({"top": hosts * 8}))
    assert statuses("| 198.18.0.42 | 2,210 |", run(minified)) == ["verified"]


def test_a_line_printed_again_leaves_a_rows_verdict_as_it_was() -> None:
    # each distinct line is read at its first place only: calls printing it again (a
    # listing run twice, a test's title every run prints) change no verdict nor evidence
    once = run(HOSTS, MODELS)
    again = run(HOSTS, MODELS, HOSTS, MODELS, bash("cat hosts.txt", "2210 198.18.0.42"))
    for row in ("| 198.18.0.42 | 2,210 |", "| 198.18.0.42 | 2,120 |", "| Nikon | 5 |"):
        assert check_claims(row, again) == check_claims(row, once)
    # a JSON field's line is read as its record: the same line in two records is two
    states = [{"state": "down", "restarts": n} for n in (3, 5)]
    listed = bash("jq . states.json", json.dumps(states, indent=2))
    assert statuses("| down | 5 |", run(listed)) == ["verified"]
