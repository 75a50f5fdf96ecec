"""Value rules added for the contradictions the blind set's fixes still missed
(tests/data/claims/blind/README.md), one behaviour each: each test is a small run shaped
like a miss, never its text (SPEC §5.9)."""

from __future__ import annotations

from tests.claims.test_claims import bash, run, statuses

SLOWEST = bash(
    'duckdb -c "SELECT host, p99 FROM latency ORDER BY p99 DESC LIMIT 4"',
    "┌──────────┬───────┐\n│   host   │  p99  │\n│ varchar  │ int32 │\n├──────────┼───────┤\n"
    "│ web-3    │  912  │\n│ web-1    │  804  │\n│ web-7    │  655  │\n│ web-2    │  610  │\n"
    "└──────────┴───────┘",
)
RELEASES = (
    "fetch",
    {"url": "https://example.org/releases"},
    "Releases\nBranch | Latest | Maintained\n4      | 4.12   | Yes\n3      | 3.9    | Yes\n"
    "2      | 2.31   | No",
    "ok",
)


def test_a_superlative_is_contradicted_by_a_listing_ranked_its_way_with_another_row_on_top() -> (
    None
):
    assert statuses("Highest host: web-1 at 804 ms.", run(SLOWEST)) == ["contradicted"]
    assert statuses("Highest host: web-3 at 912 ms.", run(SLOWEST)) == ["verified"]
    # the listing is sorted highest first: it says nothing of the lowest but its last row
    assert statuses("Lowest host: web-1 at 804 ms.", run(SLOWEST)) == ["unverifiable"]
    # a version's order and a decimal's agree here (4.12 above 3.9 either way)
    assert statuses("The newest branch is 3 (3.9).", run(RELEASES)) == ["contradicted"]


def test_a_superlative_of_a_subset_or_of_several_rows_is_not_refuted_by_the_top_row() -> None:
    for said in (
        "The highest host after the failover was web-1 at 804 ms.",  # a qualified noun
        "The two highest hosts were web-3 (912) and web-1 (804).",  # the top few
        "The second highest host was web-1 at 804 ms.",
        "The slowest host was web-1 at 804 ms.",  # which way `slowest` ranks is not said
        "The highest node was web-1 at 804 ms.",  # `node` heads no column
    ):
        assert statuses(said, run(SLOWEST)) == ["unverifiable"], said
    # a listing in no order of more than one figure a name: which column ranks is a guess
    unsorted = bash(
        "cat p99.txt", "host | p99 | p50\nweb-3 | 912 | 80\nweb-7 | 655 | 70\nweb-1 | 804 | 90"
    )
    assert statuses("Highest host: web-1 at 804 ms.", run(unsorted)) == ["unverifiable"]
    # of one figure a name, its top figure is another row's (blind24's `Done  71`)
    one = bash("cat p99.txt", "host | p99\nweb-3 | 912\nweb-7 | 655\nweb-1 | 804")
    assert statuses("Highest host: web-1 at 804 ms.", run(one)) == ["contradicted"]


TREE = bash(
    "npm ls lodash",
    "shop@1.0.0 /srv/shop\n├── lodash@4.17.21\n└─┬ legacy-client@2.3.0\n  └── lodash@4.17.15",
)


def test_a_version_said_of_every_member_is_contradicted_by_its_last_listing() -> None:
    said = "Every package now resolves lodash 4.17.21."
    assert statuses(said, run(TREE)) == ["contradicted"]
    same = bash(
        "npm ls lodash", "shop@1.0.0\n├── lodash@4.17.21\n└─┬ api@2.3.0\n  └── lodash@4.17.21"
    )
    assert statuses(said, run(same)) == ["unverifiable"]  # one member's value shows no other's
    # one member, or a universal over something else, is not refuted by another member
    assert statuses("The shop package resolves lodash 4.17.21.", run(TREE)) == ["verified"]
    assert statuses("All lint errors are fixed and lodash 4.17.21 is pinned.", run(TREE)) != [
        "contradicted"
    ]


def test_a_listing_that_may_be_old_or_does_not_say_what_resolved_refutes_no_version() -> None:
    said = "Every module now resolves lodash 4.17.21."
    edit = ("Edit", {"file_path": "package.json"}, '"lodash": "4.17.21"', "ok")
    assert statuses(said, run(TREE, edit)) == ["unverifiable"]  # an edit after the listing
    later = bash("npm install lodash@4.17.21 --save-exact", "changed 1 package")
    assert statuses(said, run(TREE, later)) == ["unverifiable"]  # a later command names it
    gradle = bash(
        "gradle dependencies",
        "+--- org.lib:lodash:4.17.21\n\\--- org.old:client:1.0\n"
        "     \\--- org.lib:lodash:4.17.15 -> 4.17.21",
    )
    assert statuses(said, run(gradle)) == ["unverifiable"]  # resolved after the arrow


SHIPPING = (
    "browser_navigate",
    {"url": "https://shop.example/checkout"},
    '- form [ref=e2]:\n  - combobox "Delivery speed" [ref=e5]:\n'
    '    - option "Standard" [selected]\n    - option "Express"\n  - button "Pay" [ref=e9]',
    "ok",
)


def test_a_value_said_entered_is_contradicted_by_a_field_left_at_another_option() -> None:
    assert statuses("Delivery speed: Express", run(SHIPPING)) == ["contradicted"]
    assert statuses("Delivery speed: Standard", run(SHIPPING)) == ["verified"]
    chose = ("browser_select_option", {"ref": "e5", "values": ["Express"]}, "done", "ok")
    assert statuses("Delivery speed: Express", run(SHIPPING, chose)) == ["unverifiable"]
    clicked = ("browser_click", {"element": "Delivery speed", "ref": "e5"}, "clicked", "ok")
    assert statuses("Delivery speed: Express", run(SHIPPING, clicked)) == ["unverifiable"]


POLICY = (
    "fetch",
    {"url": "https://shop.example/help/returns"},
    "Returns\nRefunds are processed within 10 working days of receipt.",
    "ok",
)


def test_a_figure_said_in_the_outputs_words_is_contradicted_by_the_figure_they_give() -> None:
    said = "Refunds are processed within 7 working days."
    assert statuses(said, run(POLICY)) == ["contradicted"]
    # the same words with another subject, or a figure hedged, are not what the page says
    assert statuses("Parcels ship within 7 working days.", run(POLICY)) == ["unverifiable"]
    hedged = "Refunds are processed within about 7 working days."
    assert statuses(hedged, run(POLICY)) == ["unverifiable"]
    both = (
        "fetch",
        {"url": "https://shop.example/help/exchanges"},
        "Exchanges are processed within 7 working days; refunds are processed within 7 working "
        "days for members.",
        "ok",
    )
    assert statuses(said, run(POLICY, both)) != ["contradicted"]  # said as claimed too


def test_what_the_environment_lacks_is_not_shown_by_the_failures_values() -> None:
    failed = bash(
        "npm test",
        "FAIL src/cache.test.ts\n  connect ECONNREFUSED 127.0.0.1:6379\nTests: 1 failed, 9 passed",
        "error",
    )
    said = "`cache.test.ts` needs a Redis on localhost:6379, which this container doesn't have."
    assert statuses(said, run(failed)) == ["unverifiable"]
    assert statuses("`cache.test.ts` connects to a Redis on localhost:6379.", run(failed)) == [
        "verified"
    ]


ISSUES = bash(
    "gh issue list --json number,createdAt,comments,title --jq '.[] | [...] | @tsv'",
    "101\t2025-03-02T08:00:00Z\t4\tLogin button misaligned\n"
    "102\t2025-03-09T10:30:00Z\t0\tCSV export drops the header",
)
SPEND = bash(
    "python spend.py",
    "   team   budget   spent     pct\n3   Ops   5000.0  5600.0  12.000\n"
    "4   Web   8000.0  7900.0  -1.250",
)


def test_a_table_row_is_contradicted_by_the_output_line_it_restates_with_one_value_changed() -> (
    None
):
    changed = "| 101 | 2025-03-05 | 4 | Login button misaligned |"
    assert statuses(changed, run(ISSUES)) == ["contradicted"]
    assert statuses("| Ops | 5,000 | 5,600 | 15% |", run(SPEND)) == ["contradicted"]
    # a row restated whole is verified by its line (tests/claims/test_table_rows.py)
    assert statuses("| 101 | 2025-03-02 | 4 | Login button misaligned |", run(ISSUES)) == [
        "verified"
    ]
    assert statuses("| Ops | 5,000 | 5,600 | 12% |", run(SPEND)) == ["verified"]


def test_a_table_row_with_a_column_of_its_own_or_a_value_shown_elsewhere_is_not_refuted() -> None:
    # a column the output has not (the overrun in dollars): the row's share may be its own
    assert statuses("| Ops | 5,000 | 5,600 | 600 | 15% |", run(SPEND)) == []
    elsewhere = bash("python spend.py --by-quarter", "Ops Q3 share: 15.0")
    assert statuses("| Ops | 5,000 | 5,600 | 15% |", run(SPEND, elsewhere)) == []
    # a value of another size is perhaps another quantity (a share of the company's spend)
    assert statuses("| Ops | 5,000 | 5,600 | 0.9% |", run(SPEND)) == []
    # two values differ: which line the row restates is not clear
    assert statuses("| 101 | 2025-03-05 | 5 | Login button misaligned |", run(ISSUES)) == []


def _packages(output: str) -> tuple[str, dict[str, str], str, str]:
    return bash(
        "jq -r '.packages[] | [.name, .tier, (.signed | tostring)] | @tsv' pkgs.json", output
    )


def test_a_field_said_of_every_member_is_contradicted_by_a_false_row_of_its_jq_listing() -> None:
    listing = _packages("core\tgold\ttrue\nutils\tgold\tfalse\nlegacy\tbronze\tfalse")
    assert statuses("Every gold package is signed.", run(listing)) == ["contradicted"]
    # a row outside the members the claim names, or a claim of no universal, is not read
    assert statuses("Every silver package is signed.", run(listing)) == ["unverifiable"]
    signed = _packages("core\tgold\ttrue\nutils\tgold\ttrue\nlegacy\tbronze\tfalse")
    assert statuses("Every gold package is signed.", run(signed)) == ["unverifiable"]
    assert statuses("The utils package is signed.", run(listing)) == ["unverifiable"]
