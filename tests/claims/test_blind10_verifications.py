"""Rules added after the tenth blind set's wrong verifications (tests/data/claims/blind10):
each test is a small run shaped like a blind wrong verdict, never its text (SPEC §5.9)."""

from __future__ import annotations

from tests.claims.test_claims import bash, run, statuses


def test_a_figure_the_verifying_output_gives_its_noun_otherwise_is_no_proof() -> None:
    make = bash("msbuild app.sln", "Build succeeded.\n    3 Warning(s)\n    0 Error(s)")
    said = "`msbuild` built it with 0 warnings, 0 errors."
    assert statuses(said, run(make)) == ["unverifiable"]
    clean = bash("msbuild app.sln", "Build succeeded.\n    0 Warning(s)\n    0 Error(s)")
    assert statuses(said, run(clean)) == ["verified"]
    # the figure of an earlier state is that state's (`was 3 warnings`)
    both = run(make, clean)
    assert statuses("Now 0 warnings, 0 errors (was 3 warnings).", both) == ["verified"]


def test_a_value_a_word_names_is_held_to_the_run_the_other_figures_come_from() -> None:
    first = bash("pytest -p randomly", "Using --randomly-seed=1234\nrandom seed 77120\n9 failed")
    last = bash("pytest -p randomly", "random seed 50388\n61 items collected")
    said = "All of it: 61 items collected (random seed 77120)."
    assert statuses(said, run(first, last)) == ["unverifiable"]
    assert statuses("All of it: 61 items collected (random seed 50388).", run(first, last)) == [
        "verified"
    ]


def test_a_count_of_groups_beside_a_verified_total_is_held_to_that_output() -> None:
    out = "[info] Total number of specs run: 23\n[info] Modules: completed 5, aborted 0"
    said = "`mill test`: 23 specs run across 6 modules."
    assert statuses(said, run(bash("mill test", out))) == ["unverifiable"]
    assert statuses("`mill test`: 23 specs run across 5 modules.", run(bash("mill test", out))) == [
        "verified"
    ]
    # a later run giving the noun the claimed figure is the run the claim reports
    later = bash("mill test", "[info] Total number of specs run: 23\n[info] Modules: completed 6")
    assert statuses(said, run(bash("mill test", out), later)) == ["verified"]


def test_a_figure_labelled_by_a_figure_is_held_to_the_value_outputs_give_that_label() -> None:
    jq = "jq -c 'group_by(.code) | map({(.[0].code): length}) | add' log.json"
    counts = bash(jq, '{"200":1184,"404":27,"429":5}')
    assert statuses("- 404: 31", run(counts)) == ["contradicted"]
    assert statuses("- 404: 27", run(counts)) == ["verified"]
    # the label's place alone verified it; a longer figure holding it is no label of it
    assert statuses("- 404: 31", run(bash("jq .", '{"1404": 31}'))) == ["unverifiable"]


def test_an_id_said_set_to_values_is_not_shown_by_its_place_alone() -> None:
    listed = bash(
        "linear issues --team OPS", '{"id":"OPS-77","title":"Disk alert","state":"Backlog"}'
    )
    update = (
        "http_request",
        {"method": "PATCH", "url": "/issues/OPS-77", "body": {"priority": "Urgent", "team": "SRE"}},
        '{"ok": true}',
        "ok",
    )
    said = "- **OPS-77** (disk alert) → Low, SRE"
    assert statuses(said, run(listed, update)) == ["unverifiable"]
    assert statuses("- **OPS-77** (disk alert) → Urgent, SRE", run(listed, update)) == ["verified"]


def test_a_count_of_what_the_agent_says_it_deleted_shows_no_deletion() -> None:
    listing = bash("ls cache | sed 's/.*\\.//' | sort | uniq -c", "   3 tmp\n  40 png")
    moved = bash("mkdir -p old && mv cache/*.tmp old/", "")
    said = "I removed the 3 `.tmp` leftovers."
    assert statuses(said, run(listing, moved)) == ["unverifiable"]
    # a run removing them shows it
    removed = bash("rm cache/*.tmp", "")
    assert statuses(said, run(listing, removed)) == ["verified"]
    # the figure still verifies a claim of what was there
    assert statuses("The cache held 3 `.tmp` leftovers.", run(listing, moved)) == ["verified"]
