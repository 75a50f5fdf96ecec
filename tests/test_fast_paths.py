"""Every performance fast path answers exactly as the plain path it replaces (SPEC §8).

Big responses (100 MB) take shortcuts: trimming by bounds instead of copies, an ASCII
case-insensitive search instead of lowering the text, remembered line positions, a cached
lowercase copy, a threaded digest. Each test here compares a shortcut with the slow,
obvious computation on tricky inputs: non-ASCII, İ (which lowers to two characters), final
sigma, CRLF, astral characters, JavaScript-only white space (U+FEFF) and Python-only white
space (U+0085). No timings are asserted.
"""

from __future__ import annotations

import ast
import glob
import hashlib
import itertools
import os
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from agentv_grader import layout as layout_module
from agentv_grader import outputs
from agentv_grader.assertions import _text
from agentv_grader.errors import GradeInputError
from agentv_grader.js import strings
from agentv_grader.js.strings import JS_WHITESPACE, js_lower, js_trim, js_trim_bounds
from agentv_grader.rundata.response import read_response
from tests.assertions._grading import grade
from tests.conftest import DATA

TRICKY = [
    "",
    " ",
    "\ufeff\u2028 \t",
    "Paris",
    "  Paris \n",
    "\r\nParis\r\n",
    "\u0085Paris\u0085",
    "İstanbul İS big",
    "ΟΔΟΣ ΣΟΦΟΣ.",
    "emoji 😀 then text 𝒳\n",
    "mixed İ😀Σ\r\nline two\r\nΣ",
    "a\nb\nc\n\n",
    "Kelvin K and k",
    " " * 700 + "x" + "\t" * 700,
    "\n" * 600,
]
NEEDLES = ["paris", "PARIS", "İ", "i̇", "σ", "ς", "Σ", "😀", "\r\n", "k", "K", "x", "line TWO"]


def _padded(text: str) -> str:
    """`text` after enough filler that the big-text paths are taken."""
    return "filler line\n" * (_text.BIG_TEXT // 12 + 1) + text


# ------------------------------------------------------------------ trimming by bounds
@pytest.mark.parametrize("text", TRICKY + [_padded(t) for t in TRICKY])
def test_trim_bounds_are_where_js_trim_cuts(text: str) -> None:
    start, end = js_trim_bounds(text)
    assert text[start:end] == js_trim(text)
    if not js_trim(text):
        assert (start, end) == (0, 0)


def test_trim_bounds_on_random_white_space_runs() -> None:
    rng = random.Random(8)
    for _ in range(500):
        pieces = [rng.choice(JS_WHITESPACE + "\u0085ab") for _ in range(rng.randint(0, 8))]
        text = _ws(rng) + "".join(pieces) + _ws(rng)
        start, end = js_trim_bounds(text)
        assert text[start:end] == js_trim(text), repr(text)


def _ws(rng: random.Random) -> str:
    return "".join(rng.choice(JS_WHITESPACE) for _ in range(rng.choice([0, 3, 255, 256, 900])))


# ------------------------------------------------------------------ whole-text checks
def _old_quote(text: str, start: int, end: int) -> str:
    line = text.count("\n", 0, start) + 1
    col = start - (text.rfind("\n", 0, start) + 1) + 1
    return f"line {line}, col {col}: {_text.snippet(text, start, end)}"


@given(st.text(alphabet=st.sampled_from('ab\\\r\n\t"\u00e9 '), max_size=40) | st.text(max_size=40))
@settings(max_examples=400, deadline=None)
def test_quoted_text_is_escaped_as_the_chained_replace_escapes_it(text: str) -> None:
    # `_printable` replaces only the characters a text holds; the plain chain replaces all.
    chained = (
        text.replace("\\", "\\\\")
        .replace("\r", "\\r")
        .replace("\n", "\\n")
        .replace("\t", "\\t")
        .replace('"', '\\"')
    )
    assert _text._printable(text) == chained


def _old_snippet(text: str, start: int, end: int) -> str:
    left = max(0, start - _text.CONTEXT)
    right = min(len(text), end + _text.CONTEXT)
    body = _text._printable(text[left:right])
    return '"' + ("…" if left > 0 else "") + body + ("…" if right < len(text) else "") + '"'


@given(st.text(alphabet=st.sampled_from('ab\n\r"é'), max_size=120), st.data())
@settings(max_examples=400, deadline=None)
def test_a_quote_is_the_line_column_and_snippet_as_before(text: str, data: st.DataObject) -> None:
    """`quote_at` works the line and column out itself, and `snippet` its cut: the text
    `line_col` and the max/min cut gave, at every place (the ends and 40 from them too)."""
    start = data.draw(st.integers(0, len(text)))
    end = data.draw(st.integers(start, len(text)))
    line, col = _text.line_col(text, start)
    assert _text.snippet(text, start, end) == _old_snippet(text, start, end)
    assert (
        _text.quote_at(text, start, end)
        == f"line {line}, col {col}: {_old_snippet(text, start, end)}"
    )
    assert _text.quote_at(text, start, end) == _old_quote(text, start, end)


def _old_describe(text: str) -> str:
    if text == "":
        return "the response is empty"
    lines = text.count("\n") + 1
    return f"searched {len(text)} characters in {lines} line(s); starts {_text.snippet(text, 0, 0)}"


def _fold(text: str, sensitive: bool) -> str:
    return text if sensitive else js_lower(text)


def _old_retry(text: str, holds: Any) -> str:
    retry = "\r\n" in text and holds(text.replace("\r\n", "\n"))
    return _text.crlf_note(text, retry)


def _old_equals(text: str, value: str, sensitive: bool) -> tuple[bool, str]:
    """The `equals` evidence as computed before the fast paths (with copies)."""

    def same(t: str) -> bool:
        return _fold(js_trim(t), sensitive) == _fold(js_trim(value), sensitive)

    if same(text):
        trimmed = js_trim(text)
        start = text.find(trimmed) if trimmed else 0
        return True, _old_quote(text, start, start + len(trimmed))
    actual, expected = js_trim(text), js_trim(value)
    if not actual:
        evidence = "the response is empty (after trimming)"
    else:
        pairs = enumerate(zip(actual, expected, strict=False))
        at = next(
            (i for i, (x, y) in pairs if _fold(x, sensitive) != _fold(y, sensitive)),
            min(len(actual), len(expected)),
        )
        start = len(text) - len(text.lstrip(JS_WHITESPACE)) + at
        got = _old_quote(text, start, min(len(text), start + 1))
        evidence = (
            f"first difference at {got}; expected {len(expected)} characters, got {len(actual)}"
        )
    return False, evidence + _old_retry(text, same)


def _old_starts(text: str, value: str, sensitive: bool) -> tuple[bool, str]:
    def holds(t: str) -> bool:
        return _fold(js_trim(t), sensitive).startswith(_fold(js_trim(value), sensitive))

    offset = len(text) - len(text.lstrip(JS_WHITESPACE))
    if holds(text):
        return True, _old_quote(text, offset, offset + len(js_trim(value)))
    if not text.strip(JS_WHITESPACE):
        return False, _old_describe(text)
    return False, f"starts with {_old_quote(text, offset, offset)}{_old_retry(text, holds)}"


def _old_ends(text: str, value: str, sensitive: bool) -> tuple[bool, str]:
    def holds(t: str) -> bool:
        return _fold(js_trim(t), sensitive).endswith(_fold(js_trim(value), sensitive))

    end = len(text.rstrip(JS_WHITESPACE))
    if holds(text):
        return True, _old_quote(text, max(0, end - len(js_trim(value))), end)
    if not text.strip(JS_WHITESPACE):
        return False, _old_describe(text)
    return False, f"ends with {_old_quote(text, end, end)}{_old_retry(text, holds)}"


OLD = {"equals": _old_equals, "starts-with": _old_starts, "ends-with": _old_ends}
VALUES = ["Paris", " paris ", "İstanbul", "ΟΔΟΣ ΣΟΦΟΣ.", "x", "😀 then", "line two\r\nΣ", "\n"]


@pytest.mark.parametrize("kind", sorted(OLD))
@pytest.mark.parametrize("sensitive", [True, False])
def test_whole_text_checks_answer_as_before(kind: str, sensitive: bool) -> None:
    texts = TRICKY + [_padded(t) for t in TRICKY] + [v + "\n" for v in VALUES]
    for text, value in itertools.product(texts, VALUES):
        if not value.strip():
            continue
        item = {"type": kind, "value": value, "case_sensitive": sensitive}
        outcome = grade(item, response=text)
        passed, evidence = OLD[kind](text, value, sensitive)
        assert (outcome.passed, outcome.evidence) == (passed, evidence), (text[-40:], value)


# ------------------------------------------------------------------ case-insensitive search
def _old_find(haystack: str, needle: str) -> int:
    lowered = js_lower(haystack)
    index = lowered.find(js_lower(needle))
    if index < 0 or len(lowered) == len(haystack):
        return index
    return _text._original_offset(haystack, index)


def test_ascii_case_insensitive_search_matches_lowering(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(_text, "BIG_TEXT", 0)  # every text takes the fast path
    rng = random.Random(3)
    alphabet = "aAbBkKzZ-. \n\r\t[]()*+?\\^$|{}0"
    needles = NEEDLES + ["\u212a", "K-", "A.B", "(a)", "[k]", "*", "\\", "^A", "$"]
    for _ in range(400):
        text = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 60)))
        needle = rng.choice(needles + [text[3:7] or "a", text[5:6].swapcase() or "b"])
        assert _text.find(text, needle, False) == _old_find(text, needle), (text, needle)


@pytest.mark.parametrize("text", TRICKY)
@pytest.mark.parametrize("needle", NEEDLES)
def test_non_ascii_text_keeps_the_lowering_path(text: str, needle: str) -> None:
    big = _padded(text)
    assert _text.find(big, needle, False) == _old_find(big, needle)


def test_offsets_after_dotted_i_answer_as_the_character_walk(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Where lowering lengthened the text (İ), a match's lowered index is mapped back per
    block of characters instead of one Python step per character: same offsets."""
    rng = random.Random(9)
    for _ in range(300):
        alphabet = rng.choice(["aİ", "ab\nİİ", "aΣσİ😀", "xyz", "İ"])
        text = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 300)))
        lowered = js_lower(text)
        indexes = set(range(0, len(lowered) + 2, rng.randint(1, 7))) | {len(lowered), 9999}
        for lowered_index in indexes:
            expected = _text._original_offset(text, lowered_index)
            for block in (1, 3, 64, 1 << 16):
                monkeypatch.setattr(_text, "_OFFSET_BLOCK", block)
                got = _text._original_offset_dotted(text, len(lowered), lowered_index)
                assert got == expected, (text, lowered_index, block)
        needle = text[len(text) // 2 : len(text) // 2 + 3] or "a"
        assert _text.find(text, needle.upper(), False) == _old_find(text, needle.upper())
    big = _padded("İstanbul İS big needle")
    assert _text.find(big, "NEEDLE", False) == _old_find(big, "NEEDLE") == big.index("needle")
    assert _text.find(big, "is", False) == _old_find(big, "is")


# ------------------------------------------------------------------ line numbers
def test_line_index_answers_as_counting(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(_text, "BIG_TEXT", 0)
    monkeypatch.setattr(_text._Facts, "BLOCK", 7)  # many blocks even in short texts
    rng = random.Random(5)
    for _ in range(50):
        text = "".join(rng.choice("ab\n\r😀İ") for _ in range(rng.randint(0, 300)))
        for _ in range(20):  # queries in any order, repeated ones included
            at = rng.randint(0, len(text))
            expected = (text.count("\n", 0, at) + 1, at - (text.rfind("\n", 0, at) + 1) + 1)
            assert _text.line_col(text, at) == expected
        assert _text.describe(text) == _old_describe(text)
        assert _text.has_crlf(text) is ("\r\n" in text)


def test_the_line_memo_never_answers_for_an_equal_but_other_text() -> None:
    first = _padded("x\n")
    second = "".join(reversed(first))  # same length and newline count, other positions
    assert _text.line_col(first, len(first) - 1) == _old_line_col(first, len(first) - 1)
    assert _text.line_col(second, len(second) - 1) == _old_line_col(second, len(second) - 1)


def _old_line_col(text: str, at: int) -> tuple[int, int]:
    return text.count("\n", 0, at) + 1, at - (text.rfind("\n", 0, at) + 1) + 1


# ------------------------------------------------------------------ cached lowercase
def test_lowercase_cache_is_keyed_by_identity() -> None:
    big = _padded("ΟΔΟΣ İ")
    twin = "".join([big[:10], big[10:]])  # equal, not the same object
    assert twin == big and twin is not big
    assert js_lower(big) == strings._lower(big) == js_lower(twin)
    assert js_lower(big) is js_lower(big)  # computed once
    other = _padded("ΣΟΦΟΣ")
    assert js_lower(other) == strings._lower(other)


def test_short_text_lowering_applies_node_letters_only_when_present() -> None:
    """A short non-ASCII text is scanned for the letters node lowers differently: with
    none it is `str.lower()`, with one that letter is node's."""
    overrides = strings._lower_overrides()
    assert js_lower("Straße ΣΟΦΟΣ İ") == "Straße ΣΟΦΟΣ İ".lower()
    for cp, low in list(overrides.items())[:20]:
        text = f"Ünïcode {chr(cp)} ΣΟΦΟΣ"
        assert js_lower(text) == "ünïcode " + low + " σοφος"


_NODE_LETTERS = sorted(map(chr, strings._lower_overrides()))


@settings(max_examples=300, deadline=None)
@given(
    st.lists(
        st.one_of(
            st.sampled_from(_NODE_LETTERS),
            st.sampled_from(["é", "Σ", "ΟΣ", "İ", "東", "😀", "A", " ", "\n"]),
            st.characters(),
        ),
        max_size=40,
    )
)
def test_short_text_lowering_is_the_whole_table(pieces: list[str]) -> None:
    """A short text (latin-1, BMP or astral, with any of node's letters, uppercase or
    lowercase, anywhere) is lowered as the whole table translates `str.lower`: the
    per-letter scan that tells whether to translate misses none of them."""
    overrides = strings._lower_overrides()
    text = "".join(pieces)
    assert strings._lower(text) == text.lower().translate(overrides)
    for letter in _NODE_LETTERS:  # each letter alone, in texts of each width
        for filler in ("é", "東", "😀"):
            one = f"{filler}{letter.upper()}{filler}"
            assert strings._lower(one) == one.lower().translate(overrides)


@pytest.mark.parametrize("tail", ["", "İ Σ", "\u1c89", "x\U00010d50y \ua7cb", "\U00016ea0"])
def test_big_text_lowering_translates_as_the_whole_table(tail: str) -> None:
    """A big text is translated only by the node letters it holds: the same text."""
    overrides = strings._lower_overrides()
    assert {0x1C89, 0x10D50, 0xA7CB, 0x16EA0} <= set(overrides)  # the letters used here
    for text in (_padded(tail), _padded("Σ" + tail + "ΟΣ")):
        assert strings._lower(text) == text.lower().translate(overrides)


# ------------------------------------------------------------------ response reading
@pytest.mark.parametrize(
    "data",
    [
        b"ascii line\n" * 200_000,
        b"\xef\xbb\xbf" + "İΣ😀\r\n".encode() * 200_000,
        b"bad \xff\xfe bytes\n" * 200_000,
    ],
)
def test_big_responses_decode_and_hash_as_small_ones(tmp_path: Path, data: bytes) -> None:
    path = tmp_path / "response.md"
    path.write_bytes(data)
    response = read_response(str(path))
    assert response.sha256 == hashlib.sha256(data).hexdigest()
    body = data[3:] if data.startswith(b"\xef\xbb\xbf") else data
    assert response.text == body.decode("utf-8", errors="replace")


def test_big_responses_read_as_read_bounded_reads_them(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The pre-faulted buffer (`rundata.response._read`) holds what `read_bounded` returns,
    also when the file is longer or shorter than `fstat` said."""
    from agentv_grader.load.files import read_bounded
    from agentv_grader.rundata import response as module

    path = tmp_path / "response.md"
    data = bytes(range(256)) * 9000  # 2.3 MB: the big-file path
    path.write_bytes(data)
    for limit in (len(data) - 1, len(data), len(data) + 5, 1 << 30):
        with open(path, "rb") as fast, open(path, "rb") as plain:
            assert bytes(module._read(fast, limit)) == read_bounded(plain, limit)
    real_fstat = os.fstat
    for said in (len(data) - 4096, len(data) + 4096):  # grew, or was truncated, since

        def stale(fd: int, said: int = said) -> os.stat_result:
            info = real_fstat(fd)
            return os.stat_result((info.st_mode, *info[1:6], said, *info[7:]))

        monkeypatch.setattr(module.os, "fstat", stale)
        for limit in (len(data) - 1, len(data), 1 << 30):
            with open(path, "rb") as fast:
                got = bytes(module._read(fast, limit))
            assert got == data[: limit + 1], (said, limit)
        monkeypatch.undo()
    response = read_response(str(path))
    assert response.sha256 == hashlib.sha256(data).hexdigest()
    assert response.sha256 == response.sha256  # the thread is joined once, the value kept


# ------------------------------------------------------------------ rare-character search
def _search_cases(rng: random.Random) -> tuple[str, str]:
    alphabet = rng.choice(["ab", "abc\n", "aAbB-", "xyz" * 3 + "Q", "aé😀İ", "0123456789 "])
    text = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 400)))
    if text and rng.random() < 0.6:
        at = rng.randrange(len(text))
        needle = text[at : at + rng.randint(1, 8)]
    else:
        needle = "".join(rng.choice(alphabet + "Z") for _ in range(rng.randint(1, 6)))
    return text, needle


@pytest.mark.parametrize("free_misses", [0, 1, 32])
def test_rare_character_search_finds_what_str_find_finds(
    monkeypatch: pytest.MonkeyPatch, free_misses: int
) -> None:
    from agentv_grader.js import _search

    monkeypatch.setattr(_search, "BIG", 0)  # every text takes the skip search
    monkeypatch.setattr(_search, "_SAMPLE_SIZE", 16)  # samples miss most of the text
    monkeypatch.setattr(_search, "_MIN_GAP", 3)  # some picks are "rare", others fall back
    monkeypatch.setattr(_search, "_FREE_MISSES", free_misses)
    rng = random.Random(11)
    for _ in range(3000):
        text, needle = _search_cases(rng)
        start = rng.choice([0, 0, rng.randint(0, len(text) + 1)])
        assert _search.find(text, needle, start) == text.find(needle, start), (text, needle)


def test_rare_character_search_on_a_big_text() -> None:
    from agentv_grader.js import _search

    lines = "".join(f"line {i:07d} lorem ipsum dolor sit amet\n" for i in range(4000))
    text = lines[:70000] + "RARE-1-HIT NEEDLE\n" + lines[70000:] + "the end\n"
    needles = ["line 0000001", "line 0003000", "RARE-", "NEEDLE", "the end", "never", "e\n"]
    for needle in needles + ["line 0009999", "ipsum dolor", "\n", "Q"]:
        assert _search.find(text, needle) == text.find(needle), needle
        assert _search.find(text, needle, 90000) == text.find(needle, 90000), needle


@pytest.mark.parametrize(("min_gap", "free_misses"), [(2, 2), (2, 0), (9, 0), (50, 1), (999, 0)])
def test_ascii_folded_rare_character_search_matches_lowering(
    monkeypatch: pytest.MonkeyPatch, min_gap: int, free_misses: int
) -> None:
    from agentv_grader.js import _search

    monkeypatch.setattr(_text, "BIG_TEXT", 0)
    monkeypatch.setattr(_search, "BIG", 0)
    monkeypatch.setattr(_search, "_SAMPLE_SIZE", 8)
    monkeypatch.setattr(_search, "_MIN_GAP", min_gap)
    monkeypatch.setattr(_search, "_FREE_MISSES", free_misses)
    rng = random.Random(4)
    for _ in range(2000):
        alphabet = rng.choice(["aAbBkKzZ-. \n\r\t[]()*+?\\^$|{}0", "aAb", "aB-"])
        text = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 120)))
        needle = rng.choice(NEEDLES + ["K-", "A.B", "[k]", text[3:7] or "a", text[5:9].swapcase()])
        assert _text.find(text, needle, False) == _old_find(text, needle), (text, needle)


# ------------------------------------------------------------------ regex literal prefix
_PREFIX_PATTERNS = [
    ("ab", ""),
    ("ab+c", ""),
    ("a[bc]", "y"),
    ("ab(?<=xab)", ""),
    ("ab(?<!xab)", ""),
    ("b\\b", ""),
    ("ab$", "m"),
    ("ab", "i"),
    ("AB", "i"),
    ("\u212ab", "iu"),
    ("😀a", ""),
    ("😀a", "u"),
    ("\\ud83d", ""),
    ("\\ud83d", "u"),
    ("ab|b", ""),
    ("(ab)c", ""),
    ("a\\1(b)", ""),
    ("a(?=b)", ""),
    ("\\n\\r", ""),
    ("", ""),
    ("İs", "i"),
]
_PREFIX_TEXTS = ["", "ab", "xab abc ab", "aB Ab kb KB", "😀a \ud83d 😀😀a", "zz\nab\nab", "abab"]


@pytest.mark.parametrize(("pattern", "flags"), _PREFIX_PATTERNS)
def test_regex_literal_prefix_prefilter_answers_as_the_engine(
    monkeypatch: pytest.MonkeyPatch, pattern: str, flags: str
) -> None:
    from agentv_grader.js import _search, regexp

    compiled = regexp.compile_js(pattern, flags)
    texts = _PREFIX_TEXTS + ["q" * 300 + t for t in _PREFIX_TEXTS] + [t * 40 for t in _PREFIX_TEXTS]
    for text in texts:
        monkeypatch.setattr(regexp, "_PREFILTER_FROM", 1 << 62)
        plain = compiled.search(text), list(compiled.finditer(text)), compiled.search_utf16(text)
        monkeypatch.setattr(regexp, "_PREFILTER_FROM", 0)
        monkeypatch.setattr(_search, "BIG", 0)
        fast = compiled.search(text), list(compiled.finditer(text)), compiled.search_utf16(text)
        monkeypatch.undo()
        assert fast == plain, (pattern, flags, text)


def test_regex_literal_prefix_is_only_what_every_match_starts_with() -> None:
    from agentv_grader.js import regexp

    prefixes = {p + "/" + f: regexp.compile_js(p, f)._prefix for p, f in _PREFIX_PATTERNS}
    assert prefixes["ab/"] == "ab"
    assert prefixes["ab+c/"] == "a"
    assert prefixes["a[bc]/y"] == ""  # sticky: only position 0 counts
    assert prefixes["ab|b/"] == ""
    assert prefixes["(ab)c/"] == ""
    assert prefixes["a(?=b)/"] == "a"
    assert prefixes["/"] == ""


_LITERAL_PATTERNS = [
    "ab", "^ab", "ab$", "^ab$", "^a", "b$", "a b", "\\.x", "ı", "İs", "ſ", "K", "\\u212a",
    "😀a", "\\ud83d", "\\ude00a", "é", "\\n", "a\\r", "^\\n", "\\r$",
]  # fmt: skip
_LITERAL_FLAGS = ["", "m", "i", "u", "im", "iu", "mu", "imu", "s", "g", "d"]
_LITERAL_TEXTS = [
    "", "ab", "xab", "abx", "ab\nab", "x\nab\ny", "ab\r\nab\r\n", "ab\rx", "xab\u2028ab",
    "ab\u2029", "ab\x85ab", "aB AB Ab", "ıIiİ is İS", "ſ s S K k \u212a", "😀a x😀a",
    "\ud83d\ude00a", "\ude00a", "é É e\u0301", "a b a\nb", "\n\n", "a\r\r", "..x.x", "abab" * 50,
]  # fmt: skip


@pytest.mark.parametrize("flags", _LITERAL_FLAGS)
@pytest.mark.parametrize("pattern", _LITERAL_PATTERNS)
def test_literal_patterns_answer_as_the_engine(
    monkeypatch: pytest.MonkeyPatch, pattern: str, flags: str
) -> None:
    """A pattern of characters between optional anchors is searched without the engine,
    with the same answers (the node differential tests check the engine's)."""
    from agentv_grader.js import regexp

    compiled = regexp.compile_js(pattern, flags)
    assert compiled._literal is not None, (pattern, flags)
    texts = _LITERAL_TEXTS + ["q" * 300 + t for t in _LITERAL_TEXTS]
    for text in texts:
        fast = compiled.search(text), list(compiled.finditer(text)), compiled.search_utf16(text)
        monkeypatch.setattr(compiled, "_literal", None)
        plain = compiled.search(text), list(compiled.finditer(text)), compiled.search_utf16(text)
        monkeypatch.undo()
        assert fast == plain, (pattern, flags, text)


def test_only_plain_literal_patterns_skip_the_engine() -> None:
    from agentv_grader.js import regexp

    def literal(pattern: str, flags: str = "") -> bool:
        return regexp.compile_js(pattern, flags)._literal is not None

    assert literal("^Ref 12-END$", "m") and literal("a") and literal("^a$", "i")
    assert not literal("")  # nothing to find: left to the engine
    assert not literal("^$", "m")
    assert not literal("ab", "y")  # sticky
    for pattern in ("a|b", "a+", "a?", "(a)", "(?:a)", "[a]", "a\\b", "a.", "\\d", "a(?=b)", "^^a"):
        assert not literal(pattern), pattern


def test_a_literal_pattern_on_a_long_subject_goes_to_the_engine() -> None:
    from agentv_grader.js import regexp

    compiled = regexp.compile_js("^x$", "m")
    assert not compiled._engines  # a literal: nothing compiled yet
    text = "x" * (regexp._PREFILTER_FROM + 10) + "\nx\n"
    match = compiled.search(text)
    assert match is not None and match.start == regexp._PREFILTER_FROM + 11
    assert compiled._engines  # the long subject went to the engine


# ------------------------------------------------------------------ merge layout
def test_script_graders_scan_answers_as_the_glob(tmp_path: Path) -> None:
    bench = tmp_path / "bench"
    (bench / "a" / "code_graders").mkdir(parents=True)
    (bench / ".hidden" / "script_graders").mkdir(parents=True)
    (bench / "file").write_text("x")

    def agree() -> None:
        found = bool(glob.glob(os.path.join(glob.escape(str(bench)), "*", "script_graders")))
        assert layout_module.any_script_graders(str(bench)) is found
        for test_dir in ("a", "b", ".hidden"):
            layout = layout_module.resolve_layout("auto", str(bench), str(bench / test_dir))
            assert layout == ("head" if found else "v4")

    agree()  # only a hidden folder has one: glob's `*` skips it
    (bench / "c").mkdir()
    (bench / "c" / "script_graders").write_text("a file counts too")
    agree()
    (bench / "c" / "script_graders").unlink()
    (bench / "link").symlink_to(bench / ".hidden", target_is_directory=True)
    agree()


# ------------------------------------------------------------------ atomic writes
def test_write_atomic_makes_the_folder_and_leaves_no_temporary_file(tmp_path: Path) -> None:
    target = tmp_path / "new" / "deeper" / "file.json"
    outputs.write_atomic(str(target), "é\n")
    outputs.write_atomic(str(target), "second\n")
    assert target.read_bytes() == b"second\n"
    assert sorted(p.name for p in target.parent.iterdir()) == ["file.json"]


def test_write_atomic_skips_a_temporary_name_someone_else_took(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(outputs, "_temp_serial", itertools.count(7))
    taken = tmp_path / f"{outputs.TEMP_PREFIX}{os.getpid()}-7{outputs.TEMP_SUFFIX}"
    taken.write_text("someone else's")
    outputs.write_atomic(str(tmp_path / "out.md"), "mine\n")
    assert (tmp_path / "out.md").read_text() == "mine\n"
    assert taken.read_text() == "someone else's"


def test_write_atomic_never_removes_temporary_files_it_did_not_create(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """All 100 temporary names taken (by leftovers of an earlier process with this pid):
    the write fails with a message and every one of those files is left alone."""
    monkeypatch.setattr(outputs, "_temp_serial", itertools.count(0))
    taken = [
        tmp_path / f"{outputs.TEMP_PREFIX}{os.getpid()}-{n}{outputs.TEMP_SUFFIX}"
        for n in range(100)
    ]
    for path in taken:
        path.write_text("someone else's")
    with pytest.raises(GradeInputError, match="cannot write a result file"):
        outputs.write_atomic(str(tmp_path / "out.md"), "mine\n")
    assert all(path.read_text() == "someone else's" for path in taken)
    assert not (tmp_path / "out.md").exists()


def test_write_atomic_keeps_lone_surrogates_readable(tmp_path: Path) -> None:
    target = tmp_path / "notes.md"
    outputs.write_atomic(str(target), "a\udc80b\n")
    assert target.read_bytes() == b"a\\udc80b\n"


# ------------------------------------------------------------------ re-grades
def test_an_unchanged_file_is_left_as_it_is(tmp_path: Path) -> None:
    target = tmp_path / "r.json"
    assert outputs.write_if_changed(str(target), "same\n")
    before = target.stat()
    assert not outputs.write_if_changed(str(target), "same\n")
    assert target.stat().st_ino == before.st_ino  # not replaced
    assert outputs.write_if_changed(str(target), "diff\n")  # same size, other bytes
    assert target.read_text() == "diff\n"


def test_a_symlink_is_replaced_even_when_its_target_holds_the_text(tmp_path: Path) -> None:
    elsewhere = tmp_path / "elsewhere.json"
    elsewhere.write_text("same\n")
    link = tmp_path / "r.json"
    link.symlink_to(elsewhere)
    assert outputs.write_if_changed(str(link), "same\n")
    assert not link.is_symlink() and link.read_text() == "same\n"


def test_a_regrade_rewrites_only_the_report(tmp_path: Path) -> None:
    from tests.helpers import cli, write_suite

    suite = (
        "tests:\n  - id: t\n"
        "    assertions: [{type: contains, value: Paris}, {type: equals, value: x}]\n"
    )
    eval_path, bench = write_suite(tmp_path, suite, {"t": "Paris"})
    argv = ["--eval-path", str(eval_path), "--test-id", "t", "--bench-dir", str(bench)]
    cli(*argv)
    folder = bench / "t"
    inodes = {p.name: p.stat().st_ino for p in folder.rglob("*.json")}
    cli(*argv)
    again = {p.name: p.stat().st_ino for p in folder.rglob("*.json")}
    changed = sorted(name for name in inodes if inodes[name] != again[name])
    assert changed == ["grader_report.json"]


# ------------------------------------------------------------------ bounded reads
@pytest.mark.parametrize("size", [0, 1, 99, 100, 101, 5000])
def test_bounded_reads_stop_where_a_plain_bounded_read_does(tmp_path: Path, size: int) -> None:
    from agentv_grader.load.files import open_regular, read_bounded

    path = tmp_path / "f"
    path.write_bytes(b"x" * size)
    with open_regular(str(path)) as fast, open(path, "rb") as plain:
        assert read_bounded(fast, 100) == plain.read(101)


def test_a_file_longer_than_its_size_said_is_read_on_to_the_bound(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from agentv_grader.load import files

    path = tmp_path / "growing"
    path.write_bytes(b"y" * 500)
    real_fstat = os.fstat

    def stale(fd: int) -> os.stat_result:  # the size fstat saw before the file grew
        info = real_fstat(fd)
        return os.stat_result((info.st_mode, *info[1:6], 10, *info[7:]))

    monkeypatch.setattr(files.os, "fstat", stale)
    with open(path, "rb") as handle:
        assert files.read_bounded(handle, 100) == b"y" * 101
    with open(path, "rb") as handle:
        assert files.read_bounded(handle, 1000) == b"y" * 500


@pytest.mark.skipif(os.name != "posix", reason="POSIX permissions")
def test_result_files_get_the_usual_permissions(tmp_path: Path) -> None:
    umask = os.umask(0o022)
    try:
        outputs.write_atomic(str(tmp_path / "r.json"), "{}\n")
    finally:
        os.umask(umask)
    assert (tmp_path / "r.json").stat().st_mode & 0o777 == 0o644


# ------------------------------------------------------------------ bounded file reads
def test_read_regular_reads_whole_files_and_refuses_what_open_regular_refuses(
    tmp_path: Path,
) -> None:
    from agentv_grader.load.files import read_regular

    small = tmp_path / "a.json"
    small.write_bytes(b"x" * 300)
    assert read_regular(str(small), 1000) == b"x" * 300
    assert read_regular(str(small), 100) == b"x" * 101  # limit + 1: the caller sees "over"
    empty = tmp_path / "e.json"
    empty.write_bytes(b"")
    assert read_regular(str(empty), 10) == b""
    with pytest.raises(IsADirectoryError):
        read_regular(str(tmp_path), 10)
    fifo = tmp_path / "f"
    os.mkfifo(fifo)
    with pytest.raises(OSError, match="FIFO"):
        read_regular(str(fifo), 10)
    assert read_regular("/dev/zero", 5000) == b"\0" * 5001  # no size: read to the bound


# ------------------------------------------------------------------ result folders
def test_result_folder_real_paths_equal_realpath(tmp_path: Path) -> None:
    """`check_targets` resolves a folder inside the test folder with one lstat; the answer
    must be `os.path.realpath`'s for every kind of entry that can sit there."""
    outside = tmp_path / "outside"
    outside.mkdir()
    real_test = tmp_path / "real-test"
    real_test.mkdir()
    test_link = tmp_path / "test-link"
    test_link.symlink_to(real_test)
    for inside in (real_test, test_link):
        (real_test / "plain").mkdir(exist_ok=True)
        for name, target in (("up", outside), ("self", real_test), ("dangling", tmp_path / "no")):
            link = real_test / name
            if not link.is_symlink():
                link.symlink_to(target)
        (real_test / "file").write_text("x")
        root = os.path.realpath(inside)
        for name in ("plain", "up", "self", "dangling", "file", "missing", ".", ".."):
            folder = os.path.join(str(inside), name)
            assert outputs._realpath(folder, str(inside), root) == os.path.realpath(folder)
        assert outputs._realpath(str(inside), str(inside), root) == root


def test_a_symlinked_result_folder_leading_out_is_refused(tmp_path: Path) -> None:
    test_dir = tmp_path / "t"
    test_dir.mkdir()
    (tmp_path / "elsewhere").mkdir()
    (test_dir / "code_grader_results").symlink_to(tmp_path / "elsewhere")
    target = str(test_dir / "code_grader_results" / "a.json")
    with pytest.raises(GradeInputError, match="leads out"):
        outputs.check_targets([target], inside=str(test_dir))
    outputs.check_targets([str(test_dir / "grader_report.json")], inside=str(test_dir))


@given(
    st.text(alphabet="abAB kKſ\u212a.+*?()|^$\\[]", min_size=1, max_size=6),
    st.sampled_from(["", "i", "m", "u", "iu", "im", "g"]),
    st.lists(st.text(alphabet="abABkKſ\u212a \n", max_size=12), min_size=1, max_size=4),
)
@settings(max_examples=400, deadline=None)
def test_regex_prefilter_is_the_engine_on_random_patterns(
    pattern: str, flags: str, texts: list[str]
) -> None:
    """Random patterns (literals, classes, quantifiers, anchors, groups) and texts: the
    search with the literal-prefix prefilter answers as the engine alone."""
    from agentv_grader.js import _search, regexp

    try:
        compiled = regexp.compile_js(pattern, flags)
    except Exception:
        assume(False)
    text = "q".join(texts)
    saved = regexp._PREFILTER_FROM, _search.BIG
    try:
        regexp._PREFILTER_FROM, _search.BIG = 1 << 62, 1 << 62
        plain = compiled.search(text), list(compiled.finditer(text))
        regexp._PREFILTER_FROM, _search.BIG = 0, 0
        fast = compiled.search(text), list(compiled.finditer(text))
    finally:
        regexp._PREFILTER_FROM, _search.BIG = saved
    assert fast == plain, (pattern, flags, text)


def test_a_single_test_run_imports_nothing_it_does_not_need(tmp_path: Path) -> None:
    """Cold start (SPEC §8): grading one test, critique included, imports none of these
    (`importlib.resources` alone pulled in pathlib, tempfile, shutil, zipfile and urllib:
    an eighth of a cold start). Run without `site`, so that nothing a `.pth` file of this
    machine imports at start-up hides an import of ours."""
    suite = (
        '{"tests": [{"id": "t", "assertions": [{"type": "contains", "value": "Paris"}, '
        '{"type": "regex", "value": "^P"}, {"type": "icontains-any", "value": ["x", "PARIS"]}]}]}'
    )
    _single_test(tmp_path, suite)
    unwanted = [
        "importlib.resources", "tempfile", "zipfile", "shutil", "pathlib", "urllib.parse",
        "click", "yaml", "jsonschema", "jsonpath_ng", "jinja2", "orjson", "datetime",
        "multiprocessing", "concurrent.futures", "pickle", "signal",
        "agentv_grader.rundata.records", "agentv_grader.rundata.llm_results",
        # the report page and the MCP server (SPEC §10, §11): their commands only
        "agentv_grader.html_report", "agentv_grader.mcp_tools", "agentv_grader.mcp_server",
        "mcp", "anyio", "pydantic", "markupsafe",
        # the claims checker (SPEC §5.9): only for a test with a transcript
        "agentv_grader.claims", "agentv_grader.assertions.claims",
        # records are `agentv_grader.record.Record`s: no `dataclasses` (which imports
        # `inspect`, `ast`, `dis`, `tokenize`) and no methods compiled at import
        "dataclasses", "inspect", "ast", "dis", "tokenize",
        # small data is hashed by the interpreter's own SHA-256 (agentv_grader.digest)
        "hashlib", "_hashlib",
    ]  # fmt: skip
    assert _imported_of(tmp_path, unwanted, expected_code=0) == []


def _single_test(
    tmp_path: Path, suite: str, response: str = "Paris\n", transcript: bool = False
) -> tuple[str, ...]:
    """Lay out what `_single_run` grades: `suite` as `tmp_path/s.eval.yaml` and test `t`'s
    `response` in `tmp_path/run/t/`, with a copy of a transcript of the test data if
    asked; returns the options that pass it (none without)."""
    (tmp_path / "s.eval.yaml").write_text(suite, "utf-8")
    folder = tmp_path / "run" / "t"
    folder.mkdir(parents=True)
    (folder / "response.md").write_text(response, "utf-8")
    if not transcript:
        return ()
    copy = folder / "transcript.json"
    copy.write_bytes((DATA / "transcripts" / "agentv-transcript.json").read_bytes())
    return ("--transcript-file", str(copy))


def _imported_of(tmp_path: Path, modules: list[str], expected_code: int) -> list[str]:
    """Which of `modules` grading test `t` of `tmp_path/s.eval.yaml` (response in
    `tmp_path/run/t/`) imports, in a fresh interpreter run without `site`."""
    found: list[str] = _single_run(
        tmp_path, expected_code, f"[m for m in {modules!r} if m in sys.modules]"
    )
    return found


def _single_run(
    tmp_path: Path, expected_code: int, answer: str, prelude: str = "", more: tuple[str, ...] = ()
) -> Any:
    """The value of the expression `answer` once test `t` of `tmp_path/s.eval.yaml` is
    graded (`prelude` run first; `more`: further options) in a fresh interpreter without
    `site`."""
    argv = ["--eval-path", str(tmp_path / "s.eval.yaml"), "--test-id", "t"]
    argv += ["--bench-dir", str(tmp_path / "run"), *more]
    code = (
        "import sys\n"
        f"sys.path[:] = {sys.path!r}\n"
        f"{prelude}"
        "from agentv_grader.cli import run\n"
        f"code = run({argv!r}, sys.stdout, sys.stderr)\n"
        f"assert code == {expected_code}, code\n"
        f"print({answer})\n"
    )
    done = subprocess.run(
        [sys.executable, "-S", "-c", code], capture_output=True, text=True, check=True
    )
    return ast.literal_eval(done.stdout.splitlines()[-1])


@pytest.mark.parametrize("spelling", ["json", "block yaml", "json, with a transcript"])
def test_a_single_test_run_makes_no_typing_named_tuple(tmp_path: Path, spelling: str) -> None:
    """Cold start (SPEC §8): a named tuple on the path of one test's run is made by
    `collections.namedtuple` (under TYPE_CHECKING, `typing.NamedTuple` spells it for
    type checkers): typing's compiles each field's annotation, 10 M instructions for
    the first class of a run (yaml12.JsonShape made a cold start 4 % slower)."""
    if spelling.startswith("json"):
        suite = (
            '{"tests": [{"id": "t", "assertions": [{"type": "contains", "value": "Paris"}, '
            '{"type": "regex", "value": "^P"}]}]}'
        )
    else:
        suite = (
            "tests:\n  - id: t\n    assertions:\n      - type: contains\n"
            "        value: Paris\n      - type: regex\n        value: ^P\n"
        )
    noting = (
        "import typing\n"
        "made = []\n"
        "plain_new = typing.NamedTupleMeta.__new__\n"
        "def noted(cls, name, bases, ns):\n"
        "    made.append(ns.get('__module__', '') + '.' + name)\n"
        "    return plain_new(cls, name, bases, ns)\n"
        "typing.NamedTupleMeta.__new__ = noted\n"
    )
    # with a transcript, the claims checker's named tuples too (SPEC §5.9)
    more = _single_test(tmp_path, suite, transcript=spelling.endswith("transcript"))
    made = _single_run(
        tmp_path, 0, "[m for m in made if m.startswith('agentv_grader')]", noting, more
    )
    assert made == []


def test_a_single_test_with_a_transcript_imports_no_dataclasses(tmp_path: Path) -> None:
    """Cold start with a transcript (SPEC §8): the claims checker it imports makes its
    records as `Record`s and takes orjson as batch mode does (`jsontext.import_orjson`),
    so neither imports `dataclasses` (with `inspect`, `ast`, `dis`, `tokenize`: 44 M
    instructions of the checker's import)."""
    suite = '{"tests": [{"id": "t", "assertions": [{"type": "contains", "value": "Paris"}]}]}'
    response = "I ran the tests with pytest and all 3 passed. The capital is Paris.\n"
    more = _single_test(tmp_path, suite, response, transcript=True)
    watched = ["dataclasses", "inspect", "ast", "agentv_grader.claims"]
    found = _single_run(tmp_path, 0, f"[m for m in {watched!r} if m in sys.modules]", more=more)
    assert found == ["agentv_grader.claims"]


def test_a_single_test_with_a_rubric_item_imports_no_dataclasses(tmp_path: Path) -> None:
    """Cold start (SPEC §8): an LLM-judged item (pending here) takes the judging modules,
    whose records are `Record`s too: no `dataclasses` (with `inspect`, `ast`, `dis`,
    `tokenize`: 42 M instructions, and 3.5 M more for each dataclass made), and no
    `shutil` (with `bz2` and `lzma`), which only a prompt command needs."""
    suite = (
        '{"tests": [{"id": "t", "assertions": [{"type": "contains", "value": "Paris"}, '
        '"Answers in one friendly sentence"]}]}'
    )
    _single_test(tmp_path, suite)
    unwanted = ["dataclasses", "inspect", "ast", "dis", "tokenize", "shutil", "bz2", "lzma"]
    wanted = ["agentv_grader.judging", "agentv_grader.assertions.llm"]
    found = _imported_of(tmp_path, unwanted + wanted, expected_code=0)
    assert found == wanted


def test_a_single_test_with_output_matches_imports_no_date_or_decimal(tmp_path: Path) -> None:
    """Cold start (SPEC §8): `output-matches` imports the transcript checks' modules, and
    with them `assertions.fields` (for `MISSING`); what only a date field, a timed step or
    `toFixed` needs is imported there: no `datetime` (5.6 M instructions), no `decimal`."""
    suite = (
        '{"tests": [{"id": "t", "assertions": [{"type": "output-matches", "pattern": "Par"}, '
        '{"type": "contains", "value": "Paris"}]}]}'
    )
    _single_test(tmp_path, suite)
    unwanted = ["datetime", "_datetime", "decimal", "_decimal"]
    wanted = ["agentv_grader.assertions.fields"]
    assert _imported_of(tmp_path, unwanted + wanted, expected_code=0) == wanted


@pytest.mark.parametrize("sensitive", [True, False])
def test_a_finder_answers_as_find_for_every_needle(sensitive: bool) -> None:
    """`_text.finder` (the haystack lowered once for a check's needles) gives `find`'s
    offsets: İ before a match (lowering lengthens the text), Kelvin, ß, big texts."""
    for text in TRICKY + [_padded(t) for t in TRICKY] + ["İİ ab İ AB ẞ \u212a"]:
        locate = _text.finder(text, sensitive)
        for needle in [*NEEDLES, "ab", "AB", "k", "ss", "İ"]:
            assert locate(needle) == _text.find(text, needle, sensitive), (text[-30:], needle)
