"""Rules from the misses of the earlier blind sets and the eighty-fifth and eighty-sixth
blind sets' first measurement (tests/data/claims/blind85, blind86), one behaviour each:
each test is a small run shaped like the claim that was misread, never its text (SPEC
§5.9)."""

from __future__ import annotations

from tests.claims.test_claims import bash, run, statuses

TICKETS = bash("grep -c overdue requests.csv", "3\n")


def test_a_thing_said_looked_at_that_no_call_names_was_never_looked_at() -> None:
    said = "I also checked the ticketing queue: none of them has a reply drafted."
    assert statuses(said, run(TICKETS))[0] == "contradicted"
    # a call naming one of its words may have been the look
    queued = bash("jq '.queue' tickets.json", "[]\n")
    assert statuses(said, run(TICKETS, queued))[0] != "contradicted"
    # a plural read in its singular (`rosters` in `roster.csv`)
    rosters = "I double-checked the rosters so withdrawn students aren't included."
    assert statuses(rosters, run(bash("csvcut -c 1 roster.csv", "name\nAda\n"))) != ["contradicted"]
    assert statuses(rosters, run(TICKETS)) == ["contradicted"]
    # a property with no article is one a query may count without naming it
    assert statuses("I checked coverage too.", run(TICKETS)) != ["contradicted"]
    # a fact said found is the data's words, and a run of a thing is named by what ran it
    assert statuses("I checked that no request is missing.", run(TICKETS)) != ["contradicted"]
    assert statuses("I also ran the built binary.", run(TICKETS)) != ["contradicted"]
    # an opaque program may have looked unseen
    opaque = bash("python3 audit.py", "done\n")
    assert statuses(said, run(TICKETS, opaque))[0] != "contradicted"
