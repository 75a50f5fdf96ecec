"""Patterns searched only in claims that can hold a match (SPEC §5.9, speed).

A response has hundreds of claims and the rules search each with dozens of patterns, most
of which find nothing in most claims. A pattern whose every match holds a whole word of a
known list (`\\b(?:should|probably|…)\\b`, case-insensitive) cannot match a claim that
holds none of those words, and a claim's words are found once for all of its patterns.
Only ASCII text is skipped this way: `re.I` matches some other letters to ASCII ones (`ſ`
is an `s`, `K` a `k`), so other text is always searched.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator

_WORD = re.compile(r"\w+")


@functools.lru_cache(maxsize=8)
def words_of(text: str) -> tuple[frozenset[str], str] | None:
    """The lowercase words (runs of letters, digits and `_`, which `\\b` bounds) of an
    ASCII `text`, and the text lowercased; None for other text. A claim's patterns all
    ask, so it is kept."""
    if not text.isascii():
        return None
    lowered = text.lower()
    return frozenset(_WORD.findall(lowered)), lowered


class Words:
    """Words one of which, whole, is in every text some pattern or rule can match, or
    else one of `marks` anywhere in it (lowercase: a prefix such as `lint` of `lint\\w*`)."""

    __slots__ = ("marks", "words")

    def __init__(self, words: str, marks: tuple[str, ...] = ()) -> None:
        self.words = frozenset(words.split())
        self.marks = marks

    def may_hold(self, text: str) -> bool:
        """`text` holds one of the words or marks, or is not ASCII (then it may)."""
        found = words_of(text)
        if found is None or not found[0].isdisjoint(self.words):
            return True
        for mark in self.marks:  # most gates have none: no generator made for them
            if mark in found[1]:
                return True
        return False


class Gated:
    """`pattern`, searched only in text holding one of `words`: each match of the pattern
    holds one of them (held against the pattern itself in tests/claims/test_gates.py)."""

    __slots__ = ("pattern", "words")

    def __init__(self, pattern: re.Pattern[str], words: Words) -> None:
        self.pattern = pattern
        self.words = words

    def search(self, text: str) -> re.Match[str] | None:
        return self.pattern.search(text) if self.words.may_hold(text) else None

    def finditer(self, text: str) -> Iterator[re.Match[str]]:
        return self.pattern.finditer(text) if self.words.may_hold(text) else iter(())
