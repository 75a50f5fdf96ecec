"""A place of a figure verifies the claim only where what the output says the figure is
agrees with what the claim says it is (`_figure_words`, SPEC §5.9): one behaviour each,
each a small run shaped like the case, never a blind run's text."""

from __future__ import annotations

from agentv_grader.claims import check_claims
from agentv_grader.claims._figure_words import agree, figure_word, part_of
from tests.claims.test_claims import bash, run, statuses


def test_the_word_beside_a_figure_is_its_unit_or_first_word_up_to_a_mark() -> None:
    assert figure_word("built in 2.14 seconds", 13) == "second"
    assert figure_word("took 36.8s", 9) == "second"
    assert figure_word("at 61% full", 5) == "%"
    assert figure_word("2.4× faster", 3) == "times"
    assert figure_word("3 times faster", 1) == "time"  # `retried 3 times` is a count
    assert figure_word("1 failed, 7 passed", 1) == "failed"
    assert figure_word("12 in 3 seconds", 2) is None  # the seconds are the 3's
    assert figure_word("7 of the warnings", 1) == "warning"
    assert figure_word('"moderate": 7,\n', 13) is None
    assert figure_word("limit: 5000\nx-remaining: 4998", 11) is None  # the next line's
    assert part_of("on 1 of 6 runs", 4) == "6"
    assert part_of("4,998 out of 5,000 left", 5) == "5000"
    assert part_of("3 runs", 1) is None


def test_a_unit_agrees_only_with_the_same_unit_and_two_other_words_are_not_compared() -> None:
    assert not agree("warning", "second")
    assert not agree("times", "second")
    assert not agree("%", "file")
    assert agree("second", "second")
    assert agree("table", "row")  # `9 tables` and `(9 rows)`: one figure said two ways
    assert agree("second", None)


LINT = bash(
    "ruff check src", "src/a.py:3:1: W291 trailing whitespace\nlinter finished in 3.12 seconds"
)


def test_a_count_is_not_found_as_a_time() -> None:
    said = "The linter stopped on 3 warnings."
    assert statuses(said, run(LINT)) == ["unverifiable"]
    stopped = bash("ruff check src", "linter stopped: 3 warnings (run took 1.40 seconds)")
    assert statuses(said, run(stopped)) == ["verified"]


BENCH = bash("bench ./old ./new", "mean: 2.47 s\nnew ran 1.9× faster")


def test_a_multiple_is_not_found_as_a_time() -> None:
    assert statuses("The cache makes the new build 2.5× faster.", run(BENCH)) == ["unverifiable"]
    assert statuses("The cache makes the new build 1.9× faster.", run(BENCH)) == ["verified"]


def test_a_share_is_not_found_as_a_count() -> None:
    counted = bash("coverage report", "parser coverage: 12 files measured, total 88.5")
    said = "Coverage of the parser is at 12%."
    assert statuses(said, run(counted)) == ["unverifiable"]
    shared = bash("coverage report", "coverage of parser: 12% of lines")
    assert statuses(said, run(shared)) == ["verified"]


NIGHTLY = bash("ci history --last 9", "nightly: 2 timed out, 5 ok, 2 cancelled")


def test_a_part_of_a_whole_is_found_only_in_an_output_showing_the_whole() -> None:
    said = "The job timed out on 2 of 9 nightly runs."
    assert statuses(said, run(NIGHTLY)) == ["unverifiable"]
    whole = bash("ci history --last 9", "nightly runs: 9, timed out: 2")
    assert statuses(said, run(whole)) == ["verified"]
    # a runner's total heads its output, its failures counted lines below
    headed = bash("ci history --last 9", "total: 9\n...\n2 timed out")
    (claim,) = check_claims(said, run(headed))
    assert claim.status == "verified" and "'2': " in claim.evidence


def test_a_part_is_cited_on_the_line_showing_its_whole_first() -> None:
    said = "Only `test_b` failed (1 of 12 tests)."
    runs = bash("pytest", "collected 3 items\n1 failed, 2 passed\ncollected 12 items\n1 failed")
    both = bash("pytest -q", "12 tests, 1 failed")
    (claim,) = check_claims(said, run(runs, both))
    assert claim.status == "verified" and "12 tests, 1 failed" in claim.evidence


def test_a_distinctive_part_is_found_wherever_it_stands() -> None:
    headers = bash("curl -i https://api.example/quota", "limit: 8000\nremaining: 7996")
    assert statuses("7,996 of 8,000 calls are left.", run(headers)) == ["verified"]


def test_a_place_with_nothing_beside_it_or_another_word_verifies_as_before() -> None:
    keyed = bash("jq .summary report.json", '{\n  "warnings": 3,\n  "errors": 0\n}')
    assert statuses("The report has 3 warnings.", run(keyed)) == ["verified"]
    listed = bash("psql -c '\\dt'", " public | a | table\n public | b | table\n(9 rows)")
    assert statuses("The schema now has 9 tables.", run(listed)) == ["verified"]


def test_times_after_a_figure_is_a_count_as_often_as_a_multiple() -> None:
    retried = bash("sync --retry 5", "upload: 3 retries, then ok")
    assert statuses("The upload was retried 3 times before it went through.", run(retried)) == [
        "verified"
    ]


def test_a_count_labelled_by_its_word_is_not_found_where_the_word_has_another_figure() -> None:
    """`Passed: 12` against `1 failed, 11 passed, 12 total`: the 12 there is the total,
    not the passes (a reversal the paraphrase probe found: it was verified); the test
    checker reads it as `12 passed`, which the summary's 11 passes contradict."""
    failing = bash("npx jest", "Tests:       1 failed, 11 passed, 12 total", "error")
    passing = bash("npx jest", "Tests:       12 passed, 12 total")
    for said in ("Passed: 12.", "**Passed:** 12"):
        assert statuses(said, run(failing)) == ["contradicted"], said
        assert statuses(said, run(passing)) == ["verified"], said
    assert statuses("Passed: 11.", run(failing)) == ["verified"]
    assert statuses("Failed: 1", run(failing)) == ["verified"]
