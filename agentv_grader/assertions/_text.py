"""Shared helpers for text checks: option reading and evidence quoting (SPEC §6.1)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from ..errors import SpecError
from ..js.strings import js_lower, js_trim, js_trim_bounds
from ..jsontext import described_kind

CONTEXT = 40  # code points of context each side of a quoted match


def string_value(spec_options: Mapping[str, Any], key: str = "value") -> str:
    """A required non-empty string option (AgentV requires one for every text type)."""
    value = spec_options.get(key)
    if key == "value" and value is None:
        value = spec_options.get("search_text")
    if value is None:
        raise SpecError(f"'{key}' is missing (a non-empty string is required)")
    if not isinstance(value, str):
        hint = f'; quote it: {key}: "{value}"' if isinstance(value, (int, float)) else ""
        raise SpecError(f"'{key}' must be a non-empty string, got {_kind(value)}{hint}")
    if value == "":
        raise SpecError(f"'{key}' is empty (a non-empty string is required)")
    return value


def string_list(spec_options: Mapping[str, Any]) -> list[str]:
    """A required non-empty list of strings; a non-string item is an error, not dropped."""
    value = spec_options.get("value")
    if isinstance(value, str):
        raise SpecError(
            f"'value' must be a non-empty list of strings, got a string; write value: [\"{value}\"]"
        )
    if not isinstance(value, list):
        raise SpecError(f"'value' must be a non-empty list of strings, got {_kind(value)}")
    if not value:
        raise SpecError("'value' is an empty list (at least one string is required)")
    for position, item in enumerate(value):
        if not isinstance(item, str):
            raise SpecError(f'value[{position}] is {_kind(item)}, not a string; quote it: "{item}"')
    return list(value)


def case_sensitive(options: Mapping[str, Any], default: bool) -> bool:
    """`case_sensitive: true|false` overrides a type's default (SPEC §5.1)."""
    given = options.get("case_sensitive")
    if given is None:
        return default
    if not isinstance(given, bool):
        raise SpecError(f"case_sensitive must be true or false, got {given!r}")
    return given


# Texts this long get the fast paths below: an identity-keyed memo of line positions and
# an ASCII case-insensitive search. Shorter ones take the plain path, which is as fast.
BIG_TEXT = 1 << 16


def trims_to(text: str, trimmed: str) -> bool:
    """`js_trim(text) == trimmed`, without copying a big text to trim it (below
    `BIG_TEXT` the copy costs less than finding the bounds)."""
    if len(text) < BIG_TEXT:
        return js_trim(text) == trimmed
    start, end = js_trim_bounds(text)
    return end - start == len(trimmed) and text.startswith(trimmed, start)


def find(haystack: str, needle: str, sensitive: bool) -> int:
    """Index of the first occurrence in `haystack` (code points), or -1."""
    if sensitive:
        if len(haystack) >= BIG_TEXT:
            from ..js import _search

            return _search.find(haystack, needle)
        return haystack.find(needle)
    if len(haystack) >= BIG_TEXT and haystack.isascii():
        return _find_ascii_folded(haystack, js_lower(needle))
    return _folded_finder(haystack)(needle)


def finder(haystack: str, sensitive: bool) -> Callable[[str], int]:
    """`find(haystack, needle, sensitive)` as a function of the needle, the haystack
    lowered once for all the needles of a check (`find` lowers it per needle)."""
    if sensitive or len(haystack) >= BIG_TEXT:
        return lambda needle: find(haystack, needle, sensitive)
    return _folded_finder(haystack)


def _folded_finder(haystack: str) -> Callable[[str], int]:
    """The case-insensitive `find` in `haystack` (both lowered as JavaScript lowers), with
    the haystack lowered once; an index in the lowered text is mapped back to the
    original's where lowering changed the length."""
    lowered = js_lower(haystack)
    if len(lowered) == len(haystack):
        return lambda needle: lowered.find(js_lower(needle))

    def located(needle: str) -> int:
        index = lowered.find(js_lower(needle))
        return index if index < 0 else _original_offset_dotted(haystack, len(lowered), index)

    return located


def _find_ascii_folded(text: str, lowered_needle: str) -> int:
    """`js_lower(text).find(lowered_needle)` for an ASCII `text`, without lowering it.

    On ASCII, `js_lower` only maps A-Z to a-z and keeps offsets, and `lowered_needle` has
    no A-Z: so a place matches exactly when each character equals the needle's or is its
    ASCII capital, which is what `regex`'s ASCII case-insensitive literal search (a fast
    skip search) finds; the places where the needle's rarest character is (in either case)
    are tried first, by `memchr` (`js._search`). A needle that lowers to non-ASCII cannot
    occur at all.
    """
    if not lowered_needle.isascii():
        return -1
    from ..js import _search

    def search(pos: int) -> int:
        import regex

        pattern = regex.compile(regex.escape(lowered_needle), regex.ASCII | regex.IGNORECASE)
        match = pattern.search(text, pos)
        return -1 if match is None else match.start()

    return _search.find_ascii_folded(text, lowered_needle, search)


def _original_offset(text: str, lowered_index: int) -> int:
    """Map an index in js_lower(text) back to text, where lowering changed lengths."""
    consumed = 0
    for position, char in enumerate(text):
        if consumed >= lowered_index:
            return position
        consumed += len(js_lower(char))
    return len(text)


_DOTTED_I = "\u0130"  # İ: lowers to "i̇", two characters
_OFFSET_BLOCK = 1 << 16


def _original_offset_dotted(text: str, lowered_length: int, lowered_index: int) -> int:
    """`_original_offset` without a Python step per character where only İ changed
    lengths, which is so when the lowered text is longer by exactly the number of İ (every
    character lowers to at least one; İ to two). Then `p` characters lower to
    `p + (İ before p)`, counted per block of 64 Ki characters; in the block where that
    reaches `lowered_index`, the answer is found from one İ to the next
    (`_dotted_offset_in`). Otherwise the plain walk."""
    if lowered_length - len(text) != text.count(_DOTTED_I):
        return _original_offset(text, lowered_index)
    block = _OFFSET_BLOCK
    before = 0  # İ in text[:start]
    for start in range(0, len(text), block):
        stop = min(len(text), start + block)
        inside = text.count(_DOTTED_I, start, stop)
        if stop + before + inside >= lowered_index:
            return _dotted_offset_in(text, start, stop, before, lowered_index)
        before += inside
    return len(text)


def _dotted_offset_in(text: str, start: int, stop: int, before: int, lowered_index: int) -> int:
    """The first `p` in `start..stop` whose `p + (İ before p)` reaches `lowered_index`,
    given `before` İ before `start` and that `stop` reaches it. Between two İ that sum
    grows by one a character, so the answer is where it would reach `lowered_index` if
    no İ came first; an İ found before that adds one and the search goes on past it."""
    while True:
        candidate = lowered_index - before
        dotted = text.find(_DOTTED_I, start, min(candidate, stop))
        if dotted < 0:
            return max(candidate, start)
        before += 1
        start = dotted + 1


def has_crlf(text: str) -> bool:
    """`"\r\n" in text`; the one-character test runs first because it is a `memchr`
    (several times faster than the two-character search on a big text without CR), and a
    big text's answer is remembered."""
    if len(text) < BIG_TEXT:
        return "\r" in text and "\r\n" in text
    facts = _facts(text)
    if facts.crlf is None:
        facts.crlf = "\r" in text and "\r\n" in text
    return facts.crlf


class _Facts:
    """What the checks ask of one big text, computed once: newline counts per block of
    64 Ki characters (extended only as far as a question needs), and whether it has CRLF.
    The line numbers of every quote plus the total then cost one pass over the text at
    most, however many assertions quote it."""

    __slots__ = ("blocks", "crlf", "text")
    BLOCK = 1 << 16

    def __init__(self, text: str) -> None:
        self.text = text
        self.blocks = [0]  # blocks[k]: newlines before offset k * BLOCK
        self.crlf: bool | None = None

    def line(self, index: int) -> int:
        """1-based line of `index`."""
        block = index // self.BLOCK
        while len(self.blocks) <= block:
            k = len(self.blocks) - 1
            self.blocks.append(
                self.blocks[k] + self.text.count("\n", k * self.BLOCK, (k + 1) * self.BLOCK)
            )
        return self.blocks[block] + self.text.count("\n", block * self.BLOCK, index) + 1

    def lines(self) -> int:
        return self.line(len(self.text))


_memo: list[_Facts] = []


def _facts(text: str) -> _Facts:
    """The facts of a big text, keyed by identity (the memo holds the text, so a key can
    never stand for another string); the two most recent texts are kept."""
    for facts in _memo:
        if facts.text is text:
            return facts
    facts = _Facts(text)
    _memo.insert(0, facts)
    del _memo[2:]
    return facts


def line_col(text: str, index: int) -> tuple[int, int]:
    """1-based line and column (code points) of an index."""
    if len(text) >= BIG_TEXT:
        line = _facts(text).line(index)
    else:
        line = text.count("\n", 0, index) + 1
    col = index - (text.rfind("\n", 0, index) + 1) + 1
    return line, col


def quote_at(text: str, start: int, end: int) -> str:
    """`line L, col C: "…context…"`: the evidence form for a match (`line_col` written
    out: most passing checks quote the response, a test some five times)."""
    if len(text) >= BIG_TEXT:
        line = _facts(text).line(start)
    else:
        line = text.count("\n", 0, start) + 1
    col = start - text.rfind("\n", 0, start)  # `line_col`'s column
    return f"line {line}, col {col}: {snippet(text, start, end)}"


def snippet(text: str, start: int, end: int) -> str:
    """The match with up to 40 code points each side, `…` where cut, escapes for controls."""
    size = len(text)
    left = start - CONTEXT if start > CONTEXT else 0
    right = end + CONTEXT if end + CONTEXT < size else size
    body = _printable(text[left:right])
    return f'"{"…" if left else ""}{body}{"…" if right < size else ""}"'


def _printable(text: str) -> str:
    """Backslash, CR, LF, TAB and `"` escaped; each replaced only where the text holds it
    (an `in` costs a fraction of a `replace` call that finds nothing: a test quotes its
    response six times or so)."""
    if "\\" in text:
        text = text.replace("\\", "\\\\")
    if "\r" in text:
        text = text.replace("\r", "\\r")
    if "\n" in text:
        text = text.replace("\n", "\\n")
    if "\t" in text:
        text = text.replace("\t", "\\t")
    if '"' in text:
        text = text.replace('"', '\\"')
    return text


def describe(text: str) -> str:
    """What was looked at when nothing was found."""
    if text == "":
        return "the response is empty"
    lines = _facts(text).lines() if len(text) >= BIG_TEXT else text.count("\n") + 1
    return f"searched {len(text)} characters in {lines} line(s); starts {snippet(text, 0, 0)}"


def passes_with_lf(text: str, test: Callable[[str], bool]) -> bool:
    """Whether `test` holds once CRLF is read as LF, for a text that has a CRLF (SPEC §4.1)."""
    return has_crlf(text) and test(text.replace("\r\n", "\n"))


_Found = TypeVar("_Found")


def first_or_lf_retry(
    locate: Callable[[str], _Found | None], text: str
) -> tuple[_Found | None, bool]:
    """`locate(text)`, else (None, whether it finds something with CRLF read as LF). A
    search under a deadline may time out on either text, so the retry can change the
    status too, not only the evidence."""
    found = locate(text)
    if found is not None:
        return found, False
    return None, passes_with_lf(text, lambda lf: locate(lf) is not None)


def crlf_note(text: str, retry: bool) -> str:
    """SPEC §4.1: say when reading CRLF as LF would have changed a failed answer."""
    return " (it would pass with \\r\\n read as \\n)" if retry else ""


def _kind(value: Any) -> str:
    return described_kind(value, none="missing")
