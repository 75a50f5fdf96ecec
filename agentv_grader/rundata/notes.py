"""Executor notes (`user_notes.md`) → `user_notes_summary` (SPEC §6.2, grader instructions).

Only bullets under headings that mention uncertainty, review or a workaround are kept;
everything else in the notes is the executor's own business.
"""

from __future__ import annotations

import re

from ..load.files import read_regular

_HEADING = re.compile(r"^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$")
_BULLET = re.compile(r"^\s*(?:[-*+]|\d+[.)])\s+(.*\S)\s*$")
_SECTIONS = (
    ("uncertain", "uncertainties"),
    ("review", "needs_review"),
    ("workaround", "workarounds"),
)
MAX_NOTES_BYTES = 64 * 1024 * 1024


def summarise_notes(text: str) -> dict[str, list[str]]:
    """Bullets grouped by the kind of heading they sit under (case-insensitive)."""
    summary: dict[str, list[str]] = {key: [] for _, key in _SECTIONS}
    current: str | None = None
    for line in text.splitlines():
        heading = _HEADING.match(line)
        if heading:
            title = heading.group(1).lower()
            current = next((key for word, key in _SECTIONS if word in title), None)
            continue
        bullet = _BULLET.match(line)
        if bullet and current is not None:
            summary[current].append(bullet.group(1))
    return summary


def read_notes(path: str | None) -> tuple[dict[str, list[str]] | None, list[str]]:
    """(summary or None when there is no notes file, warnings)."""
    if path is None:
        return None, []
    try:
        data = read_regular(path, MAX_NOTES_BYTES)
    except OSError as exc:
        return None, [f"user notes {path} not read: {exc.strerror}"]
    if len(data) > MAX_NOTES_BYTES:
        return None, [f"user notes {path} are over 64 MiB; not read"]
    return summarise_notes(data.decode("utf-8", errors="replace")), []
