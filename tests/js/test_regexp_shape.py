"""Patterns of one shape share a compiled matcher (`js._regexp_shape`), which answers as
the pattern compiled on its own does: first match, the ``g`` loop, UTF-16 span, the
required runs, errors, and the engine's pattern where a search needs the engine."""

from __future__ import annotations

import random
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from agentv_grader.js import _regexp_shape as shapes
from agentv_grader.js.regexp import JsRegexError, JsRegExp, compile_alone, compile_js

from .test_regexp_differential import all_cases
from .test_regexp_direct import _ATOMS, _CHARS, _FLAGS, _LEADS, _TEXTS, _pattern


def _answers(compiled: JsRegExp, text: str) -> object:
    return (
        compiled.search(text, 5000),
        list(compiled.finditer(text, 5000)),
        compiled.search_utf16(text, 5000),
        compiled.required_runs(),
    )


def _compiled(pattern: str, flags: str) -> JsRegExp | str:
    try:
        return compile_js(pattern, flags)
    except JsRegexError as exc:
        return str(exc)


def _alone(pattern: str, flags: str) -> JsRegExp | str:
    try:
        return compile_alone(pattern, flags)
    except JsRegexError as exc:
        return str(exc)


def _same(pattern: str, flags: str, texts: list[str]) -> bool:
    """Whether `compile_js` and `compile_alone` agree on `pattern`; True when it was
    made from its shape's matcher."""
    shared, alone = _compiled(pattern, flags), _alone(pattern, flags)
    if isinstance(shared, str) or isinstance(alone, str):
        assert shared == alone, (pattern, flags)
        return False
    for text in texts:
        assert _answers(shared, text) == _answers(alone, text), (pattern, flags, text)
    return shared._root is None


@pytest.mark.parametrize(
    ("pattern", "shape", "chars"),
    [
        (
            "\\border\\s+#?12\\b",
            "\\b\ue000\ue001\ue002\ue003\ue004\\s+#?\ue005\ue006\\b",
            "order12",
        ),
        ("^Ref 7-END$", "^\ue000\ue001\ue002 \ue003-\ue004\ue005\ue006$", "Ref7END"),
        ("a{2,3}[a-z]\\d", "\ue000{2,3}[a-z]\\d", "a"),
        ("(?:ab|c)", "(?:\ue000\ue001|\ue002)", "abc"),
    ],
)
def test_a_shape_stands_in_for_the_letters_and_digits(pattern: str, shape: str, chars: str) -> None:
    assert shapes.shape_of(pattern) == (shape, chars)


@pytest.mark.parametrize(
    "pattern",
    [
        "\\x41b",
        "\\1a",
        "a\\k<n>",
        "a{,2}",
        "a]",
        "a}",
        "\\p{L}a",
        "\\ue000a",
        "\ue000a",
        "^\\s*$",
        "",
    ],
)
def test_other_escapes_lone_brackets_and_no_letters_have_no_shape(pattern: str) -> None:
    assert shapes.shape_of(pattern) is None


# `shapes._PIECE` as it was with the private-use range left out of its classes, which
# `shape_of` now refuses first (the range made it cost 15.6 M instructions to compile).
_PIECE_WITH_RANGE = re.compile(
    r"((?:\\[dDsSwWbBnrtfv]|\\[^A-Za-z0-9_\ue000-\uf8ff]"
    r"|\[\^?(?:[^\\\]\ue000-\uf8ff]|\\[^\ue000-\uf8ff])*\]"
    r"|\{[0-9]+(?:,[0-9]*)?\}|\(\?:|[()|^$.*+?]"
    r"|[^\\\[\]{}()|^$.*+?A-Za-z0-9\ue000-\uf8ff])+)"
    r"|([A-Za-z0-9]+)"
)


def _shape_with_range(pattern: str) -> tuple[str, str] | None:
    """`shape_of` as it was, its pieces read with `_PIECE_WITH_RANGE`."""
    parts: list[str] = []
    runs: list[str] = []
    count = 0
    for piece, run in _PIECE_WITH_RANGE.findall(pattern):
        if run:
            parts.append(shapes._STAND_INS[count : count + len(run)])
            runs.append(run)
            count += len(run)
        else:
            parts.append(piece)
    shape = "".join(parts)
    if count == 0 or count > shapes._MOST or len(shape) != len(pattern):
        return None
    return shape, "".join(runs)


_PATTERN_PIECES = st.sampled_from(
    [
        "a",
        "Z",
        "0",
        "7",
        "\\",
        "\\d",
        "\\b",
        "\\.",
        "\\k",
        "[",
        "]",
        "[^",
        "{",
        "}",
        "{2,3}",
        "(",
        "(?:",
        ")",
        "|",
        "^",
        "$",
        ".",
        "*",
        "+",
        "?",
        " ",
        "-",
        "#",
        "\n",
        "\\\n",
        "\ue000",
        "\ue7ff",
        "\uf8ff",
        "\udfff",
        "\uf900",
        "é",
        "😀",
    ]
)


@settings(max_examples=500, deadline=None)
@given(st.lists(st.one_of(_PATTERN_PIECES, st.characters()), max_size=16).map("".join))
def test_a_shape_is_read_as_with_the_private_use_range_in_the_classes(pattern: str) -> None:
    """Refusing a pattern that holds a private-use character first, then reading its
    pieces with classes that do not leave that range out, gives every pattern the shape
    (or None) the classes that left it out gave."""
    assert shapes.shape_of(pattern) == _shape_with_range(pattern)


@pytest.mark.parametrize("pattern", ["[a\\\n]b", "x\\\n1", "[\ue000]a", "a\\\ue000", "[^\\\\\n]9"])
def test_an_escaped_line_break_or_a_private_use_character_is_read_as_before(pattern: str) -> None:
    assert shapes.shape_of(pattern) == _shape_with_range(pattern)


def test_patterns_of_one_shape_share_its_matcher() -> None:
    first = compile_js("\\bticket\\s+#?4021\\b", "")
    second = compile_js("\\bparcel\\s+#?9307\\b", "")
    assert first._root is None and second._root is None  # neither was parsed itself
    assert second._direct is not None and "parcel" in second._direct.required
    assert second.search("the parcel #9307 came") is not None
    assert second.search("the ticket #4021 came") is None
    assert first.search("the ticket  4021.") is not None


def test_the_engine_runs_the_pattern_itself_when_a_search_needs_it() -> None:
    """Past the direct matcher's reach (a subject of 64 Ki characters and more) the
    engine's pattern is made from the pattern's own tree, parsed then."""
    compiled = compile_js("\\bwidget\\s+#?5521\\b", "")
    text = "x " * 40_000 + "widget 5521 done"
    assert compiled.search(text) == compile_alone("\\bwidget\\s+#?5521\\b").search(text)
    assert compiled._root is not None and "widget" in compiled.translated


@pytest.mark.parametrize(("pattern", "flags"), [(p, f) for p in _LEADS[1:] for f in _FLAGS])
def test_every_flag_answers_as_alone(pattern: str, flags: str) -> None:
    _same(pattern + "ord1 \\w+ (x9|Yz)", flags, _TEXTS + ["ord1 abc x9", "ORD1 q YZ"])


def test_the_node_corpus_answers_as_alone() -> None:
    """The node-verified corpus, each case with its own pattern and with letters and
    digits of its pattern changed (another pattern of the same shape)."""
    rnd = random.Random(20261202)
    shared = 0
    for case in all_cases():
        texts = [case.text, case.text.upper(), case.text + case.text]
        shared += _same(case.pattern, case.flags, texts)
        found = shapes.shape_of(case.pattern)
        if found is not None:
            chars = "".join(rnd.choice("abkKs019zZ") for _ in found[1])
            other = found[0].translate({shapes._FIRST + k: c for k, c in enumerate(chars)})
            shared += _same(other, case.flags, texts + [chars, chars.lower()])
    assert shared >= 250


def test_generated_patterns_answer_as_alone() -> None:
    """Patterns from the direct matcher's grammar (case folding of İ ı ſ K ß, astral
    characters, line terminators) with letters and digits among them."""
    rnd = random.Random(7)
    shared = 0
    atoms = [*_ATOMS, "ab", "Kz9", "0"]
    for _ in range(1500):
        pattern = rnd.choice(_LEADS) + rnd.choice(atoms) + _pattern(rnd)
        texts = ["".join(rnd.choice(_CHARS) for _ in range(rnd.randint(0, 14))) for _ in range(4)]
        shared += _same(pattern, rnd.choice(_FLAGS), texts)
    assert shared >= 500
