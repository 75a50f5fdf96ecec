"""Patterns searched only in claims that can hold a match (SPEC §5.9, speed).

A response has hundreds of claims and the rules search each with dozens of patterns, most
of which find nothing in most claims. A pattern whose every match holds a whole word of a
known list (`\\b(?:should|probably|…)\\b`, case-insensitive) cannot match a claim that
holds none of those words, and a claim's words are found once for all of its patterns.
Other text is read with the four letters `re.I` matches to ASCII ones (`ſ` is an `s`,
Kelvin's `K` a `k`, `İ` and `ı` an `i`) spelt as those: a pattern's match then reads as
one of its words there too (each of the four is a letter, as is what replaces it, so the
words' bounds are `\b`'s).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator

from ._later import later

_WORD = later(r"\w+")


# The letters other than ASCII ones that `re.I` matches to an ASCII letter, as that letter
# (every such letter, checked over all of Unicode in tests/claims/test_gates.py).
ASCII_FOLDS = {"\u017f": "s", "\u212a": "k", "\u0130": "i", "\u0131": "i"}
_FOLDED = str.maketrans(ASCII_FOLDS)
# Every ASCII character `\w` does not match, as a space (a byte table): ASCII text so
# spelt splits into `\w+`'s words (runs of letters, digits and `_`), read in C passes
# where the pattern tries each character through Unicode's tables.
_ASCII_NON_WORD = bytes(c if chr(c).isalnum() or c == ord("_") else 32 for c in range(128))
_ASCII_NON_WORD += bytes(range(128, 256))  # no ASCII text holds them


@functools.lru_cache(maxsize=8)
def words_of(text: str) -> tuple[frozenset[str], str]:
    """The lowercase words (runs of letters, digits and `_`, which `\\b` bounds) of
    `text`, and the text lowercased (other text: with `ASCII_FOLDS`' letters as ASCII
    ones). A claim's patterns all ask, so it is kept."""
    if text.isascii():
        lowered = text.lower()
        words = lowered.encode().translate(_ASCII_NON_WORD).decode().split()
        return frozenset(words), lowered
    folded = text.translate(_FOLDED)  # no letter of it lowers to more than one (`İ` does)
    return frozenset(word.lower() for word in _WORD.findall(folded)), folded.lower()


def folded(text: str, lowered: str) -> str:
    """`lowered` (`text.lower()`), with `ASCII_FOLDS`' letters as ASCII ones (as `words_of`
    spells it): where a pattern of ASCII letters matches `text` under `re.I`, this holds
    them lowercase (made again only for text holding one of those four letters)."""
    if text.isascii() or not any(letter in text for letter in ASCII_FOLDS):
        return lowered
    return text.translate(_FOLDED).lower()


# Every gate's words. A text's words among them are found once (`_screen`) for all the
# gates that ask of it, where each gate read the text's words through `words_of`'s cache
# and tested them all (a check asks some 4,800 gates of its 400 texts, most of which hold
# none or one or two gate words).
_GATE_WORDS: set[str] = set()
# The text last screened (by identity: a claim is asked by its gates in turn), its gate
# words and its lowercase (`words_of`'s, for the marks): one tuple, replaced whole, so a
# reader in another thread sees one text's screen or another's, never a mix.
_screened: tuple[str | None, frozenset[str], str] = (None, frozenset(), "")


def _screen(text: str) -> tuple[str | None, frozenset[str], str]:
    """`text`'s gate words (`_screened`), kept as the last screened."""
    global _screened
    words, lowered = words_of(text)
    _screened = (text, words.intersection(_GATE_WORDS), lowered)
    return _screened


class Words:
    """Words one of which, whole, is in every text some pattern or rule can match, or
    else one of `marks` anywhere in it (lowercase: a prefix such as `lint` of `lint\\w*`)."""

    __slots__ = ("marks", "words")

    def __init__(self, words: str, marks: tuple[str, ...] = ()) -> None:
        global _screened
        self.words = frozenset(words.split())
        self.marks = marks
        _GATE_WORDS.update(self.words)
        _screened = (None, frozenset(), "")  # a text screened before these words

    @classmethod
    def either(cls, *gates: Words | Gated) -> Words:
        """The words and marks of all of `gates`: a text holding none is searched by none,
        one ask for them all."""
        each = [gate if isinstance(gate, Words) else gate.words for gate in gates]
        either = cls(" ".join(sorted(set().union(*(words.words for words in each)))))
        either.marks = tuple(dict.fromkeys(mark for words in each for mark in words.marks))
        return either

    def may_hold(self, text: str) -> bool:
        """`text` holds one of the words or marks."""
        screened = _screened
        if screened[0] is not text:
            screened = _screen(text)
        if not self.words.isdisjoint(screened[1]):
            return True
        return _marked(self.marks, screened[2]) if self.marks else False  # most have none


def _marked(marks: tuple[str, ...], lowered: str) -> bool:
    """`lowered` holds one of `marks` (a loop: no generator made)."""
    for mark in marks:
        if mark in lowered:
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
        """`pattern.search(text)` where `text` may hold a match: `Words.may_hold` spelt
        out (some 3,000 searches a check, a call each spared)."""
        words = self.words
        screened = _screened
        if screened[0] is not text:
            screened = _screen(text)
        if words.words.isdisjoint(screened[1]) and not (
            words.marks and _marked(words.marks, screened[2])
        ):
            return None
        return self.pattern.search(text)

    def finditer(self, text: str) -> Iterator[re.Match[str]]:
        return self.pattern.finditer(text) if self.words.may_hold(text) else iter(())
