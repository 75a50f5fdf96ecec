"""First-occurrence substring search on big texts: `str.find`, with a rare-character skip.

`str.find` of a multi-character needle runs at about 4 GB/s, and at half that for short
needles (fewer than ~10 characters); a one-character `str.find` is a `memchr`, several
times faster. So on a big text the search looks for the needle's rarest character (by
counts in a few samples of the text) with `memchr` and compares the needle only where that
character is. Every place skipped lacks that character where the needle has it, so the
first occurrence found is `str.find`'s. Where the character turns out to be common (a
candidate every few KB), the rest of the text is searched with `str.find` itself, so a bad
pick costs a bounded fraction of one plain search.

Used by the text checks (`assertions._text.find`) and as the literal-prefix prefilter of
`js.regexp` (SPEC §8 "Large responses").
"""

from __future__ import annotations

from collections.abc import Callable

BIG = 1 << 16  # shorter texts: plain `str.find`, which is as fast there
_SAMPLE_WINDOWS = 4  # windows of _SAMPLE_SIZE characters spread over the text
_SAMPLE_SIZE = 1 << 14
_FREE_MISSES = 32  # failed candidates allowed before the density check applies
_MIN_GAP = 4096  # fewer characters than this per failed candidate: use `str.find`


class _Counts:
    """Per-character counts in samples of one text, computed as asked (and not kept past
    one search: holding a big text would keep it alive after its check)."""

    __slots__ = ("counts", "text", "windows")

    def __init__(self, text: str) -> None:
        self.text = text
        self.counts: dict[str, int] = {}
        step = max(1, (len(text) - _SAMPLE_SIZE) // max(1, _SAMPLE_WINDOWS - 1))
        self.windows = [
            (start, start + _SAMPLE_SIZE)
            for start in range(0, max(1, len(text) - _SAMPLE_SIZE + 1), step)
        ][:_SAMPLE_WINDOWS]

    def count(self, chars: str) -> int:
        found = self.counts.get(chars)
        if found is None:
            found = sum(self.text.count(c, lo, hi) for c in chars for lo, hi in self.windows)
            self.counts[chars] = found
        return found


def _anchor(text: str, needle: str, folded: bool) -> tuple[int, int]:
    """(index in `needle` of its rarest character, its sampled count); with `folded`, a
    letter counts in both cases."""
    counts = _Counts(text)
    best, best_count = 0, -1
    for index, char in enumerate(needle):
        chars = char + char.upper() if folded and char != char.upper() else char
        seen = counts.count(chars)
        if best_count < 0 or seen < best_count:
            best, best_count = index, seen
            if seen == 0:
                break
    return best, best_count


def _worth_skipping(text: str, count: int) -> bool:
    """The sampled count promises candidates rarer than one per `_MIN_GAP` characters."""
    sampled = _SAMPLE_SIZE * _SAMPLE_WINDOWS
    return count * _MIN_GAP <= min(sampled, len(text))


def find(text: str, needle: str, start: int = 0) -> int:
    """`text.find(needle, start)`, with `0 <= start`."""
    n = len(needle)
    if n < 2 or len(text) - start < BIG:
        return text.find(needle, start)
    k, count = _anchor(text, needle, folded=False)
    if not _worth_skipping(text, count):
        return text.find(needle, start)
    char = needle[k]
    pos = start  # no occurrence starts in [start, pos)
    misses = 0
    while True:
        j = text.find(char, pos + k)
        if j < 0:
            return -1
        i = j - k  # >= pos: no place in [pos, i) has `char` where the needle does
        if text.startswith(needle, i):
            return i
        pos = i + 1
        misses += 1
        if misses > _FREE_MISSES and pos - start < misses * _MIN_GAP:
            return text.find(needle, pos)


def find_ascii_folded(text: str, lowered: str, fallback: Callable[[int], int]) -> int:
    """`text.lower().find(lowered)` for an ASCII `text` and a needle `lowered` with no
    A-Z, without lowering the text: candidates are where the needle's rarest character
    is, in either case; `fallback(pos)` searches on from `pos` where that character is
    common."""
    n = len(lowered)
    if n < 2 or len(text) < BIG:
        return fallback(0)
    k, count = _anchor(text, lowered, folded=True)
    if not _worth_skipping(text, count):
        return fallback(0)
    low = lowered[k]
    high = low.upper()
    pos = 0
    next_low = next_high = -2  # -2: not looked up yet for the current `pos`
    misses = 0
    while True:
        if next_low != -1 and next_low < pos + k:
            next_low = text.find(low, pos + k)
        if high != low and next_high != -1 and next_high < pos + k:
            next_high = text.find(high, pos + k)
        found = [j for j in (next_low, next_high if high != low else -1) if j >= 0]
        if not found:
            return -1
        i = min(found) - k
        if text[i : i + n].lower() == lowered:
            return i
        pos = i + 1
        misses += 1
        if misses > _FREE_MISSES and pos < misses * _MIN_GAP:
            return fallback(pos)
