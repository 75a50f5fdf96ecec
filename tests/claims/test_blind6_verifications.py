"""Rules added after the sixth blind set's wrong verifications (tests/data/claims/blind6):
each test is a small run shaped like a blind wrong verdict, never its text (SPEC §5.9)."""

from __future__ import annotations

from agentv_grader.claims import check_claims
from tests.claims.test_claims import bash, run, statuses

CHECKER = bash("bin/check all", "checking...\ndone: 9 passed | 0 failed (31ms)")
LINT = bash(
    "eslint src",
    "src/app.js\n  7:3  warning  Unexpected console statement  no-console\n\n"
    "✖ 2 problems (0 errors, 2 warnings)",
)


def test_a_count_of_a_tally_is_found_only_with_the_others_agreeing() -> None:
    # the 0 is shown beside its word, on a line giving the passes another figure
    assert statuses("The checker: 12 passed, 0 failed.", run(CHECKER)) == ["unverifiable"]
    assert statuses("The checker: 9 passed, 0 failed.", run(CHECKER)) == ["verified"]
    # the 0 of the warnings is not the 0 beside `errors`
    said = "The linter found 0 errors and 0 warnings."
    assert statuses(said, run(LINT)) == ["unverifiable"]
    assert statuses("The linter found 0 errors and 2 warnings.", run(LINT)) == ["verified"]


def test_a_count_of_one_kind_of_flaw_refutes_only_its_kind() -> None:
    said = "`eslint src` now exits with 0 errors and 0 warnings."
    assert statuses(said, run(LINT)) == ["contradicted"]
    assert statuses("`eslint src` now exits with 0 errors.", run(LINT)) == ["verified"]
    assert statuses("`eslint src` reports no errors.", run(LINT)) == ["verified"]
    assert statuses("`eslint src` reports no warnings.", run(LINT)) == ["contradicted"]


def test_a_result_said_of_the_whole_project_is_not_shown_by_a_run_given_paths() -> None:
    one = bash("cd app && rubocop lib/billing/invoice.rb", "1 file inspected, no offenses detected")
    every = bash("cd app && rubocop", "42 files inspected, no offenses detected")
    for said in (
        "`rubocop` reports no issues across the project.",
        "`rubocop` passes on all files.",
        "`rubocop` comes back clean for the whole codebase.",
    ):
        assert statuses(said, run(one)) == ["unverifiable"], said
        assert statuses(said, run(every)) == ["verified"], said
    assert statuses("`rubocop` passes.", run(one)) == ["verified"]


def test_an_action_said_done_is_not_shown_by_a_search_of_its_object() -> None:
    search = (
        "inbox_search",
        {"query": "from:billing"},
        '{"messages": [{"id": "m-41", "subject": "Receipt R-5521"}]}',
        "ok",
    )
    for said in ("The billing search receipt is archived.", "I labelled the search results."):
        assert statuses(said, run(search)) == ["unverifiable"], said
    assert statuses("I searched the inbox for billing mail.", run(search)) == ["verified"]


def test_a_list_items_name_before_a_colon_is_not_a_claim_of_its_own() -> None:
    read = (
        "mail_read",
        {"id": "m-7"},
        "From: Acme Supplies\nSubject: Invoice AC-5530\nAmount due: $860.00",
        "ok",
    )
    said = "- Acme Supplies AC-5530: $680.00, due next week\n"
    claims = check_claims(said, run(read))
    # one claim, held whole: its amount the invoice's with two digits swapped
    assert [(c.text, c.status) for c in claims] == [
        ("Acme Supplies AC-5530: $680.00, due next week", "contradicted")
    ]
    # a sentence's colon after three words or more still cuts it
    said = "- I read the invoice: the amount is $860.00 in total\n"
    cut = [c.text for c in check_claims(said, run(read))]
    assert cut == ["I read the invoice", "the amount is $860.00 in total"]
