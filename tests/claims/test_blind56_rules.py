"""Rules from the misses of the earlier blind sets and the fifty-fifth and fifty-sixth
blind sets' first measurement (tests/data/claims/blind55, blind56), one behaviour each:
each test is a small run shaped like the claim that was misread, never its text (SPEC
§5.9)."""

from __future__ import annotations

from tests.claims.test_claims import bash, run, statuses

HOURS = bash("python3 freebusy.py aiko", "Aiko  busy 13:00-14:00\n")


def test_a_time_of_day_is_one_value_not_two_numbers() -> None:
    # `22:00` is not shown by a `22` and an `00` found apart
    assert statuses("Aiko (Tokyo): 22:00–22:45", run(HOURS)) == ["unverifiable"]
    # the time itself, in an output, shows it (glued to its date too)
    opened = bash("curl -s https://alerts.example.com/7", '{"opened": "2026-12-02T13:41:07Z"}\n')
    assert statuses("The alert opened at 13:41 UTC today.", run(opened)) == ["verified"]
    # a time in no output is said in some zone the run may not show: no doubt of its own
    counted = bash("python3 stats.py", "peak: 412 requests\n")
    assert statuses("There were 412 requests at 14:00 UTC.", run(counted)) == ["verified"]
    # a zone's offset is no time
    built = bash("dotnet build", "Time Elapsed 00:00:04.12\n")
    assert statuses("8 slots, all at +00:00", run(built)) == ["unverifiable"]


def test_a_things_row_is_the_one_holding_most_of_its_other_figures() -> None:
    summary = bash(
        "python3 composite.py",
        "hole    from  to  len  grade\n"
        "KC-014    62  74   12   3.42\n"
        "KC-023   104 118   14   1.96\n",
    )
    samples = bash(
        "grep KC-014 assays.csv",
        "KC-014,61,62,0.31\nKC-014,62,63,1.84\nKC-014,63,64,2.95\n",
    )
    said = "KC-014: 14 m @ 3.42 g/t from 62 m"
    # the summary row holds the 3.42 and the 62: its 12 is the length, not the 14
    assert statuses(said, run(samples, summary)) == ["contradicted"]
    # a row holding as many of the other figures, giving another length, leaves it open
    other = bash("python3 composite.py --cut 0.3", "KC-014    62  76   14   3.42\n")
    assert statuses(said, run(samples, summary, other)) != ["contradicted"]
