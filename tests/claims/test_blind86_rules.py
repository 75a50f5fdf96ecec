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


def edit(path: str, old: str, new: str) -> tuple[str, dict[str, object], str, str]:
    return ("Edit", {"file_path": path, "old_string": old, "new_string": new}, "Updated.", "ok")


TWO_TESTS = edit(
    "tests/test_ledger.py",
    "import pytest\n",
    "import pytest\n\n\ndef test_a():\n    assert 1\n\n\ndef test_b():\n    assert 2\n",
)


def test_more_tests_said_new_than_the_runs_changes_add_were_not_added() -> None:
    assert statuses("3 new unit tests.", run(TWO_TESTS)) == ["contradicted"]
    # placed in a class no call names: the whole run's changes hold its tests
    assert statuses("Added 3 tests in `LedgerTests`.", run(TWO_TESTS)) == ["contradicted"]
    assert statuses("2 new unit tests.", run(TWO_TESTS)) != ["contradicted"]
    # a new file's tests are all added
    new_file = (
        "Write",
        {"file_path": "tests/test_fees.py", "content": "def test_c():\n    assert 3\n"},
        "File created.",
        "ok",
    )
    assert statuses("Added 4 tests.", run(TWO_TESTS, new_file)) == ["contradicted"]
    assert statuses("Added 3 tests.", run(TWO_TESTS, new_file)) != ["contradicted"]
    # a count said passing is a runner's (parametrised, run twice), not the definitions'
    assert statuses("All 3 new tests pass.", run(TWO_TESTS)) != ["contradicted"]
    # a count of other things before the tests
    assert statuses("Added 3 new endpoints and tests.", run(TWO_TESTS)) != ["contradicted"]
    # a write of a file that was there, or a shell command that may change one, is unread
    shown = bash("ls tests", "test_fees.py\ntest_ledger.py\n")
    assert statuses("Added 4 tests.", run(shown, TWO_TESTS, new_file)) != ["contradicted"]
    sed = bash("sed -i 's/1/2/' tests/test_ledger.py", "")
    assert statuses("3 new unit tests.", run(TWO_TESTS, sed)) != ["contradicted"]
