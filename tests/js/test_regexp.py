"""Unit tests for agentv_grader.js.regexp: the interface, error messages and the deadline.

Matching semantics are proven against node in test_regexp_differential.py; this file pins
down what the rest of the grader relies on (SPEC §5.1 "Regex dialect" and "Time bound").
"""

from __future__ import annotations

import ast
import time
from pathlib import Path

import pytest

from agentv_grader.errors import SpecError
from agentv_grader.js import regexp as regexp_module
from agentv_grader.js.regexp import (
    JsMatch,
    JsRegexError,
    RegexTimeout,
    compile_js,
    default_timeout_ms,
    split_inline_flags,
)

EMOJI = "\U0001f600"


@pytest.mark.parametrize(
    ("pattern", "expected"),
    [
        ("(?i)abc", ("i", "abc")),
        ("(?ims)x", ("ims", "x")),
        ("(?mi)", ("mi", "")),
        ("(?s).", ("s", ".")),
        ("abc", ("", "abc")),
        ("(?x)a", ("", "(?x)a")),
        ("(?i", ("", "(?i")),
        ("(?)a", ("", "(?)a")),
        ("(?:a)", ("", "(?:a)")),
        ("(?<n>a)", ("", "(?<n>a)")),
        ("a(?i)b", ("", "a(?i)b")),
    ],
)
def test_split_inline_flags(pattern: str, expected: tuple[str, str]) -> None:
    assert split_inline_flags(pattern) == expected


ENV_TIMEOUTS = [
    (None, 1000),
    ("250", 250),
    (" 40 ", 40),
    ("abc", 1000),
    ("0", 1000),
    ("-5", 1000),
    ("1.5", 1000),
    ("", 1000),
]


@pytest.mark.parametrize(("env", "expected"), ENV_TIMEOUTS)
def test_default_timeout_ms(
    monkeypatch: pytest.MonkeyPatch, env: str | None, expected: int
) -> None:
    if env is None:
        monkeypatch.delenv("AGENTV_GRADE_REGEX_TIMEOUT_MS", raising=False)
    else:
        monkeypatch.setenv("AGENTV_GRADE_REGEX_TIMEOUT_MS", env)
    assert default_timeout_ms() == expected


def test_errors_are_spec_errors() -> None:
    assert issubclass(JsRegexError, SpecError)
    assert issubclass(RegexTimeout, SpecError)


@pytest.mark.parametrize("flags", ["x", "gg", "uv", "ii", "I", " "])
def test_invalid_flags_message(flags: str) -> None:
    with pytest.raises(JsRegexError) as info:
        compile_js("a", flags)
    assert str(info.value) == f"Invalid flags supplied to RegExp constructor '{flags}'"


@pytest.mark.parametrize(
    ("pattern", "flags", "message"),
    [
        ("(", "", "Invalid regular expression: /(/: Unterminated group"),
        ("(", "u", "Invalid regular expression: /(/u: Unterminated group"),
        ("a)", "", "Invalid regular expression: /a)/: Unmatched ')'"),
        ("a**", "", "Invalid regular expression: /a**/: Nothing to repeat"),
        (
            "x{2,1}",
            "",
            "Invalid regular expression: /x{2,1}/: numbers out of order in {} quantifier",
        ),
        ("[z-a]", "", "Invalid regular expression: /[z-a]/: Range out of order in character class"),
        ("(?i)a", "", "Invalid regular expression: /(?i)a/: Invalid group"),
        (
            "(?<a>x)(?<a>y)",
            "",
            "Invalid regular expression: /(?<a>x)(?<a>y)/: Duplicate capture group name",
        ),
        ("\\p{Nope}", "u", "Invalid regular expression: /\\p{Nope}/u: Invalid property name"),
        ("]", "u", "Invalid regular expression: /]/u: Lone quantifier brackets"),
    ],
)
def test_invalid_pattern_message_is_node_like(pattern: str, flags: str, message: str) -> None:
    with pytest.raises(JsRegexError) as info:
        compile_js(pattern, flags)
    assert str(info.value) == message


@pytest.mark.parametrize(
    ("pattern", "flags", "construct"),
    [
        ("[\\q{abc}]", "v", "\\q{…} string literal"),
        ("\\p{RGI_Emoji}", "v", "property of strings"),
        ("(?:a[^b])+", "v", "negated class"),
    ],
)
def test_refused_constructs_are_named(pattern: str, flags: str, construct: str) -> None:
    with pytest.raises(JsRegexError) as info:
        compile_js(pattern, flags)
    assert str(info.value).startswith("unsupported in regex: ")
    assert construct in str(info.value)


def test_compile_is_cached_and_exposes_source_and_flags() -> None:
    rx = compile_js("a+", "i")
    assert compile_js("a+", "i") is rx
    assert (rx.source, rx.flags) == ("a+", "i")


@pytest.mark.parametrize(
    ("pattern", "flags", "text", "expected"),
    [
        ("b", "", "ab", JsMatch(1, 2, "b")),
        ("b", "", EMOJI + "b", JsMatch(1, 2, "b")),
        ("b", "u", EMOJI + "b", JsMatch(1, 2, "b")),
        ("^.$", "u", EMOJI, JsMatch(0, 1, EMOJI)),
        ("^.$", "", EMOJI, None),
        ("\\ude00", "", "a" + EMOJI, JsMatch(1, 2, EMOJI)),  # half a pair: widened to the char
        ("a$", "", "a\n", None),
        ("a$", "m", "a\n", JsMatch(0, 1, "a")),
        ("\u017f", "iu", "xS", JsMatch(1, 2, "S")),
        ("K", "i", "\u212a", None),
        ("(a)|\\1b", "", "b", JsMatch(0, 1, "b")),
        ("b", "y", "ab", None),
        ("a", "y", "ab", JsMatch(0, 1, "a")),
        ("", "", "", JsMatch(0, 0, "")),
    ],
)
def test_search(pattern: str, flags: str, text: str, expected: JsMatch | None) -> None:
    assert compile_js(pattern, flags).search(text) == expected


@pytest.mark.parametrize(
    ("pattern", "flags"),
    [("b", ""), ("b", "u"), ("b", "i"), ("^.$", "mu"), (".", ""), ("\\ude00", ""), ("a|b", "iu")],
)
@pytest.mark.parametrize(
    "text",
    ["abc", "", "x\nb", "\u00e9b", EMOJI + "b", "a" + EMOJI, "\ud83d\ude00b", "\u212ab", "\ud83db"],
)
def test_search_without_marks_is_the_search_through_the_subject(
    pattern: str, flags: str, text: str
) -> None:
    # `search` maps offsets through a `_Subject` only where the engine's text moved them
    # (an ASCII text is its own without a converter's call); elsewhere the plain path's.
    compiled = compile_js(pattern, flags)
    unicode_mode = "u" in flags
    join_surrogates, to_utf16_units = regexp_module._converters()
    converted = join_surrogates(text) if unicode_mode else to_utf16_units(text)
    marks = [] if converted == text else regexp_module._marks(text, unicode_mode)
    if "i" in flags:
        converted = compiled._folder.fold_text(converted)
    assert compiled._converted(text) == (converted, marks)
    subject = regexp_module._Subject(converted, marks, not unicode_mode)
    span = compiled._run(converted, 0, None)
    plain = None if span is None else regexp_module._to_match(text, subject, span)
    assert compiled.search(text) == plain


def test_search_utf16_reports_javascript_offsets() -> None:
    assert compile_js("b", "").search_utf16(EMOJI + "b") == (2, 3)
    assert compile_js("b", "u").search_utf16(EMOJI * 2 + "b") == (4, 5)
    assert compile_js("\\ude00", "").search_utf16("a" + EMOJI) == (2, 3)
    assert compile_js("x", "").search_utf16("abc") is None


def test_finditer_steps_like_a_global_regexp() -> None:
    rx = compile_js("a*", "")
    assert [(m.start, m.end) for m in rx.finditer("baac")] == [(0, 0), (1, 3), (3, 3), (4, 4)]
    assert [m.text for m in compile_js("\\d+", "u").finditer(f"1{EMOJI}23")] == ["1", "23"]


def test_surrogate_pair_text_in_unicode_mode() -> None:
    # A Python string may hold a pair as two code points; JavaScript sees one character.
    assert compile_js("^.$", "u").search("\ud83d\ude00") == JsMatch(0, 2, "\ud83d\ude00")


def test_huge_repeat_counts_stay_cheap() -> None:
    assert compile_js("x{99999999999}", "").search("xxx") is None
    assert compile_js("x{0,99999999999}y", "").search("xxxy") == JsMatch(0, 4, "xxxy")
    assert compile_js("x{1001}", "").search("x" * 1001) == JsMatch(0, 1001, "x" * 1001)


# -- the deadline (SPEC §5.1 "Time bound") -----------------------------------------------------
# The `regex` engine measures its timeout in CPU time of the process, so these bounds do too.
CATASTROPHIC = [
    ("(a+)+$", "a" * 5000 + "!"),
    ("(a|aa)+$", "a" * 60 + "!"),
    ("(.*a){20}", "a" * 19 + "b" * 20000),
    ("(\\w+\\s?)+$", "x" * 5000 + "!"),
    ("(x+x+)+y", "x" * 5000),
]


class _Clock:
    """CPU time of this process: what the `regex` engine's deadline counts (a loaded
    machine stretches wall time, not the verdict); wall time is only checked loosely."""

    def __enter__(self) -> _Clock:
        self.cpu, self.wall = time.process_time(), time.monotonic()
        return self

    def __exit__(self, *exc: object) -> None:
        self.cpu, self.wall = time.process_time() - self.cpu, time.monotonic() - self.wall


@pytest.mark.parametrize(("pattern", "text"), CATASTROPHIC, ids=[p for p, _ in CATASTROPHIC])
def test_catastrophic_patterns_time_out(pattern: str, text: str) -> None:
    rx = compile_js(pattern, "")
    with _Clock() as clock, pytest.raises(RegexTimeout) as info:
        rx.search(text, timeout_ms=300)
    assert clock.cpu < 0.6  # within 2x the deadline
    assert clock.wall < 6  # never a hang, even on a busy machine
    assert str(info.value) == "regex timed out after 300 ms: catastrophic backtracking likely"


def test_default_deadline_comes_from_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("AGENTV_GRADE_REGEX_TIMEOUT_MS", "300")
    with _Clock() as clock, pytest.raises(RegexTimeout, match="after 300 ms"):
        compile_js("(a|aa)+$", "").search("a" * 60 + "!")
    assert clock.cpu < 0.6


def test_default_deadline_is_one_second(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("AGENTV_GRADE_REGEX_TIMEOUT_MS", raising=False)
    with _Clock() as clock, pytest.raises(RegexTimeout) as info:
        compile_js("(a+)+$", "").search("a" * 5000 + "!")
    assert 0.9 < clock.cpu < 2.0
    assert str(info.value) == "regex timed out after 1000 ms: catastrophic backtracking likely"


def test_empty_iteration_check_is_bounded_by_the_deadline() -> None:
    # ECMAScript's empty-iteration check costs O(n) per iteration on repetitive text.
    rx = compile_js("(?:a?|b)*$", "")
    assert rx.search("b" * 50) == JsMatch(0, 50, "b" * 50)
    try:
        rx.search("b" * 200000, timeout_ms=200)
    except RegexTimeout:
        pass


def test_regex_module_is_imported_lazily() -> None:
    """Cold start: no module of ours imports `regex` at import time, only inside functions."""
    package = Path(regexp_module.__file__).parent
    for path in package.glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in tree.body:  # top level only; TYPE_CHECKING blocks are not run
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                names = [node.module or ""]
            assert "regex" not in names, f"{path.name} imports regex at module level"


@pytest.mark.parametrize("unicode_mode", [False, True])
def test_closing_a_set_under_case_folding_walks_either_side_alike(unicode_mode: bool) -> None:
    """`CaseFolder.close` walks a small set's members or the classes' members of a big
    one: both give {Canonicalize(x) | x in a} plus a, the definition."""
    import random

    from agentv_grader.js import _regexp_sets as sets

    folder = sets.case_folder(unicode_mode)

    def by_definition(a: sets.Ranges) -> sets.Ranges:
        extra = [folder.rep[c] for c in folder.members if sets.contains(a, c)]
        return sets.union(a, sets.of_chars(extra)) if extra else a

    rng = random.Random(7)
    cases: list[sets.Ranges] = [(), sets.WORD, sets.DIGITS, sets.SPACE, ((0, sets.MAX_CP),)]
    cases.append(sets.complement(sets.WORD, sets.MAX_CP))
    for _ in range(200):
        points = [rng.choice([rng.randrange(0x250), rng.randrange(0x10500)]) for _ in range(9)]
        ranges = [(p, p + rng.choice([0, 0, 3, 40, 3000])) for p in points]
        cases.append(sets.normalize((lo, min(hi, sets.MAX_CP)) for lo, hi in ranges))
    for a in cases:
        assert folder.close(a) == by_definition(a)


@pytest.mark.parametrize("unicode_mode", [False, True])
def test_the_case_folder_of_a_table_is_the_one_its_classes_make(unicode_mode: bool) -> None:
    """`case_folder` maps members to representatives without a step per class, and makes
    `members`, `nonreps` and `table` on first use: the same as decoding every class."""
    from agentv_grader.js import _regexp_sets as sets
    from agentv_grader.js import _regexp_tables as tables

    raw = tables.CASE_CLASSES_U if unicode_mode else tables.CASE_CLASSES_BMP
    classes = sets._decode_classes(raw)
    fast = sets.case_folder(unicode_mode)
    rep = {cp: min(cls) for cls in classes for cp in cls}
    assert fast.rep == rep
    assert fast.members == tuple(sorted(rep))
    assert fast.nonreps == sets.of_chars(c for c, r in rep.items() if c != r)
    assert fast.table == {c: r for c, r in rep.items() if c != r}


@pytest.mark.parametrize("raw", ["", "41,61", "61,41;42,62", "41;42,62;43", "1f0,1f1,1f2;a,b"])
def test_representatives_of_any_table(raw: str) -> None:
    """A class not written smallest first falls back to decoding class by class."""
    from agentv_grader.js import _regexp_sets as sets

    classes = sets._decode_classes(raw)
    assert sets._representatives(raw) == {cp: min(cls) for cls in classes for cp in cls}
