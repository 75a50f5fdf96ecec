"""user_notes.md → user_notes_summary."""

from __future__ import annotations

from pathlib import Path

from agentv_grader.rundata.notes import read_notes, summarise_notes

NOTES = """\
# Run notes

Some prose that is not a bullet.

## Uncertainties
- Not sure the API returns UTC
* The spec was ambiguous about rounding

## Needs Review
1. Check the migration by hand

## Things I did
- ran the tests

### WORKAROUNDS used
+ Pinned an old version of the SDK
"""


def test_bullets_are_grouped_by_heading_kind() -> None:
    assert summarise_notes(NOTES) == {
        "uncertainties": ["Not sure the API returns UTC", "The spec was ambiguous about rounding"],
        "needs_review": ["Check the migration by hand"],
        "workarounds": ["Pinned an old version of the SDK"],
    }


def test_notes_without_matching_headings_give_empty_lists() -> None:
    assert summarise_notes("- a\n## Plan\n- b\n") == {
        "uncertainties": [],
        "needs_review": [],
        "workarounds": [],
    }


def test_missing_path_is_none_and_unreadable_is_a_warning(tmp_path: Path) -> None:
    assert read_notes(None) == (None, [])
    summary, warnings = read_notes(str(tmp_path / "absent.md"))
    assert summary is None and "not read" in warnings[0]
