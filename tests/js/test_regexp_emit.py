"""The compact `regex` text the translator emits (SPEC §8 "Regex compile") against the
spelled-out text it emitted before (`legacy_regexp_emit`, commit 9f2cf27): the same match
spans, from every start position, on every pattern of the node differential corpus and on
more generated ones, over subjects full of the characters the compact forms treat apart
(white space, line terminators, word and digit characters, syntax characters, controls,
surrogates). Node's own answers are checked in test_regexp_differential.py.
"""

from __future__ import annotations

import random

import pytest
import regex

from agentv_grader.js import _regexp_emit as emit_module
from agentv_grader.js import _regexp_sets as sets
from agentv_grader.js.regexp import JsRegexError, JsRegExp, compile_js
from tests.js import legacy_regexp_emit as legacy
from tests.js.test_regexp_differential import _FLAGS, ALPHABET, _Gen, all_cases

_SPACES = "".join(chr(lo) if lo == hi else chr(lo) + chr(hi) for lo, hi in sets.SPACE)
_TRICKY = (
    _SPACES + "\x85\x1c\x1f\u180e\u200b\x00\x08\x7f"  # white space and its near misses
    "\n\r\u2028\u2029"  # line terminators
    "aZ_09\u017f\u212a\u00e9\u0663\uff11"  # word and digit characters, ASCII or not
    "\\^$.*+?()[]{}|-/#&~:=!<>\"' "  # the engine's syntax characters and more
    "\ud83d\ude00\U0001f600\ud800\udfff"  # surrogates, alone and paired
)
_SUBJECT_SEED = 20261202
_EXTRA_PATTERNS = 200


def _subjects(text: str, rng: random.Random) -> list[str]:
    noise = "".join(rng.choice(_TRICKY) for _ in range(12))
    mixed = "".join(rng.choice([*_TRICKY, *ALPHABET]) for _ in range(16))
    return [noise + text, text + mixed, mixed]


def _engines(compiled: JsRegExp) -> tuple[regex.Pattern[str], regex.Pattern[str]] | None:
    """(the spelled-out engine, the compact one), or None when the old text does not
    compile (repeat counts past the engine's limit, which only the clamp handles)."""
    ctx = legacy.EmitContext("m" in compiled.flags, compiled._word, None)
    try:
        old = regex.compile(legacy.emit(compiled._tree(), ctx), regex.V0 | regex.ASCII)
    except regex.error:
        return None
    return old, compiled._engine_for(0)


def _spans(engine: regex.Pattern[str], text: str, sticky: bool) -> list[object]:
    found: list[object] = []
    for pos in range(len(text) + 1):
        try:
            m = (engine.match if sticky else engine.search)(text, pos, timeout=2)
        except TimeoutError:
            found.append("timeout")
            continue
        found.append(None if m is None else m.span())
    return found


def _corpus() -> list[tuple[str, str, str]]:
    cases = [(c.pattern, c.flags, c.text) for c in all_cases()]
    size = len(cases) + _EXTRA_PATTERNS
    rng = random.Random(_SUBJECT_SEED)
    while len(cases) < size:
        flags = rng.choice(_FLAGS)
        pattern, witness = _Gen(rng, flags).alternatives(0)
        cases.append((pattern, flags, witness))
    return cases


def test_compact_emission_finds_the_spans_the_spelled_out_one_found() -> None:
    rng = random.Random(_SUBJECT_SEED)
    compared = 0
    for pattern, flags, text in _corpus():
        try:
            compiled = compile_js(pattern, flags)
        except JsRegexError:
            continue
        engines = _engines(compiled)
        if engines is None:
            continue
        old, new = engines
        for subject in _subjects(text, rng):
            converted = compiled._subject(subject).text
            sticky = "y" in flags
            assert _spans(new, converted, sticky) == _spans(old, converted, sticky), (
                pattern,
                flags,
                subject,
                new.pattern,
                old.pattern,
            )
            compared += 1
    assert compared > 3000  # the corpus really ran


def test_engine_escapes_are_ecmascripts_sets() -> None:
    """`\\s \\d \\w` under ASCII and `\\p{Zs}` under UNICODE hold exactly the members the
    emitter substitutes them for, over every code point; with TAB..CR, the line and
    paragraph separators and BOM, Zs is ECMAScript's white space."""
    everything = "".join(map(chr, range(sets.MAX_CP + 1)))

    def members(text: str, flags: int) -> sets.Ranges:
        return sets.of_chars(map(ord, regex.findall(text, everything, flags=flags)))

    for text, expected in emit_module.ASCII_ESCAPES:
        assert members(text, regex.V0 | regex.ASCII) == expected, text
    for text, expected in emit_module.UNICODE_ESCAPES:
        assert members(text, regex.V0 | regex.UNICODE) == expected, text
    rest = sets.of_chars(map(ord, "\t\n\v\f\r\u2028\u2029\ufeff"))
    assert sets.union(emit_module.ZS, rest) == sets.SPACE


def test_every_character_is_a_literal_in_and_out_of_a_class() -> None:
    points = [*range(0x80), 0xA0, 0x3000, 0xD800, 0xDFFF, 0xFFFF, 0x1F600]
    sample = "".join(map(chr, points))
    for cp in points:
        char = chr(cp)
        for flags in (regex.V0 | regex.ASCII, regex.V0 | regex.UNICODE):
            outside = regex.compile(emit_module.escape_cp(cp), flags)
            single = emit_module._class_form(((cp, cp),) * 1, sets.MAX_CP, True)[1]
            pair = "[" + emit_module._members(((cp, cp), (0x10FFFF, 0x10FFFF))) + "]"
            for text in (outside.pattern, single, pair):
                assert regex.findall(text, sample, flags=flags) == [char], (cp, text)


def _random_ranges(rng: random.Random) -> sets.Ranges:
    anchors = [0, 0x08, 0x09, 0x0D, 0x20, 0x21, 0x2D, 0x30, 0x39, 0x41, 0x5A, 0x5B, 0x5D, 0x5E]
    anchors += [0x5F, 0x61, 0x7A, 0x7F, 0xA0, 0x1680, 0x2000, 0x200A, 0x2028, 0x2029, 0x202F]
    anchors += [0x205F, 0x3000, 0xD800, 0xDFFF, 0xFEFF, 0xFFFF, 0x10000, 0x10FFFF]
    pieces = []
    for _ in range(rng.randint(1, 6)):
        lo = rng.choice(anchors) + rng.choice([0, 0, 1, -1])
        lo = min(max(lo, 0), sets.MAX_CP)
        pieces.append((lo, min(sets.MAX_CP, lo + rng.choice([0, 1, 5, 40, 0x2000, 0x20000]))))
    return sets.normalize(pieces)


_NAMED_SETS = [
    sets.SPACE,
    sets.WORD,
    sets.DIGITS,
    sets.LINE_TERM,
    emit_module.ZS,
    sets.union(sets.SPACE, sets.WORD),
    sets.union(sets.DIGITS, sets.of_chars(map(ord, "+-.%"))),
    ((0, 0xFFFF),),
    ((0, sets.MAX_CP),),
    (),
]


@pytest.mark.parametrize("max_cp", [sets.MAX_UNIT, sets.MAX_CP])
@pytest.mark.parametrize("ascii", [True, False])
def test_class_forms_hold_exactly_their_members(max_cp: int, ascii: bool) -> None:
    """Members, engine escapes or a complement's negation: the same characters, checked
    on every code point where some set of the test starts or ends, and around it."""
    rng = random.Random(max_cp + ascii)
    cases = _NAMED_SETS + [sets.complement(s, max_cp) for s in _NAMED_SETS]
    cases += [_random_ranges(rng) for _ in range(300)]
    edges = {0x85, 0x1C, 0x180E, 0x200B, 0x0663, 0x017F, 0x212A, 0x10FFFF}
    for ranges in cases + [e for _, e in emit_module.ASCII_ESCAPES] + [emit_module.ZS]:
        for lo, hi in ranges:
            edges.update(range(max(0, lo - 1), min(sets.MAX_CP, lo + 1) + 1))
            edges.update(range(max(0, hi - 1), min(sets.MAX_CP, hi + 1) + 1))
    points = sorted(cp for cp in edges | set(range(0x80)) if cp <= max_cp)
    sample = "".join(map(chr, points))
    flags = regex.V0 | (regex.ASCII if ascii else regex.UNICODE)
    for ranges in cases:
        ranges = sets.intersect(ranges, ((0, max_cp),))
        text = emit_module._class_form(ranges, max_cp, ascii)[1]
        found = regex.findall(text, sample, flags=flags)
        expected = [chr(cp) for cp in points if sets.contains(ranges, cp)]
        assert found == expected, (ranges, text)


def test_only_captures_a_backreference_reads_are_named() -> None:
    assert "(?P<" not in compile_js("(a)(b|c)+d").translated
    translated = compile_js("(a)(b)\\2").translated
    assert "(?P<g2>" in translated and "g1" not in translated
    assert compile_js("(a)(b)\\2").search("xabb") is not None


def test_the_ascii_flag_is_kept_for_the_engines_word_boundary() -> None:
    """`\\b` needs the ASCII flag; without one, UNICODE spells `\\s` with `\\p{Zs}`."""
    boundary = compile_js("\\border\\s+#?3\\b")
    assert boundary._engine_for(0).flags & regex.ASCII
    assert "\\p{Zs}" not in boundary.translated
    spaced = compile_js('"id"\\s*:\\s*4')
    assert not spaced._engine_for(0).flags & regex.ASCII
    assert "\\p{Zs}" in spaced.translated
    assert spaced.search('{"id" :\u3000 4}') is not None
    assert spaced.search('{"id"\x85: 4}') is None
