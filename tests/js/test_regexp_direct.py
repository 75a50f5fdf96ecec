"""The direct matcher (`js._regexp_direct`) answers as the `regex` engine does.

Every comparison runs one compiled pattern twice on the same text: as compiled (the direct
matcher where the pattern qualifies) and with the direct matcher removed (the engine, whose
answers the node differential tests pin), and compares the first match, the ``g`` loop's
matches and the UTF-16 span.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from agentv_grader.js import regexp
from agentv_grader.js.regexp import JsRegexError, JsRegExp, RegexTimeout, compile_js

from .test_regexp_differential import all_cases


def _answers(compiled: JsRegExp, text: str) -> object:
    try:
        first = compiled.search(text, 5000)
        assert compiled.test(text, 5000) is (first is not None)  # the verdict-only search
        return (
            first,
            list(compiled.finditer(text, 5000)),
            compiled.search_utf16(text, 5000),
        )
    except RegexTimeout as exc:  # pragma: no cover - a difference is reported by the caller
        return str(exc)


def _both(compiled: JsRegExp, text: str) -> tuple[object, object]:
    """(answers as compiled, answers of the engine alone)."""
    direct = _answers(compiled, text)
    saved = compiled._direct
    compiled._direct = None
    try:
        engine = _answers(compiled, text)
    finally:
        compiled._direct = saved
    return direct, engine


# The varied bench suite's pattern shapes (scripts/bench.py) and the constructs the direct
# matcher implements: literals, classes, repeats of one character or class (greedy, lazy,
# bounded), anchors with and without m, word boundaries, groups of alternatives.
_DIRECT = [
    ("\\border\\s+#?1983\\b", ""),
    ("(shipped|delivered) .{0,40}#1994", "s"),
    ('"id"\\s*:\\s*1985\\b', ""),
    ("answer\\s1988\\s*$", ""),
    ('"status"\\s*:\\s*"(ok|done)"', ""),
    ("^\\s*\\d+\\s*$", ""),
    ("^\\s*\\{", ""),
    ("^\\[", "y"),
    ("caf\\b", ""),
    ("\\bau\\b", ""),
    ("a(?:b|c)d", "i"),
    ("x(?:y|)z", ""),
    ("(a|)b", ""),
    ("ab*?c", ""),
    ("a.{2,}?b", "u"),
    ("\\bKs\\b", "iu"),
    ("ſ\\w+", "i"),
    ("k[^k]*$", "im"),
    ("😀.", ""),
    ("😀.", "u"),
    ("a", "y"),
    ("", "y"),
    # A repeat (or one class) then a literal: found from the literal's occurrences.
    ("\\d+\\}$", ""),
    ("\\d,\\]$", "im"),
    ("\\d+\\.\\d+\\.\\d+", ""),
    ("[a-z]+@[a-z]+\\.[a-z]+", "i"),
    ("[a-zA-Z0-9._%+-]+@[a-zA-Z0-9.-]+\\.[a-zA-Z]{2,}", ""),
    ("[Hh]ello", ""),
    ("[\\s\\S]{4}\u00a0", ""),
    ("\\w+é", "u"),
    ("\\s{1,3}#", ""),
    ("[^a]{2}b", "i"),
]
_ENGINE = [
    ("\\d*x", ""),  # could start anywhere: the repeat may be empty
    ("a+ab", ""),  # the literal starts with what the repeat takes
    ("", ""),
    ("(a|\\d)b", ""),  # an alternative that does not start with a literal
    ("a(?=b)", ""),  # lookaround
    ("(a)\\1", ""),  # backreference
    ("a(bc)+", ""),  # a repeated group
    ("a\\p{L}", "u"),  # a class too large either way
    ("^Ref 12-END$", "m"),  # a literal: `_Literal`
]
_TEXTS = [
    "",
    "order #1983 shipped via x; the order\t1983 is done",
    'we shipped it\r\nover there #1994 and delivered #1994 {"id" :\u00a01985}',
    "the answer 1988 \r\n",
    "answer\u20281988",
    '  42 \n {"status": "done"}',
    "[x] café au lait",
    "aBd acd ABD xz xyz abbbc ac",
    "a..b a\nb\u2028b",
    "KS \u212as ks ſs Ss",
    "k\r\nk\u2029ka",
    "😀x 😀\ud83d\ude00a",
    "İ ı i I ß ẞ ss",
    "v1.2.3 and 10.20.30.4, 7} {12}\n[1, 2,]\r\n9,]",
    "mail A.b_c@Ex-1.com or x@y.z; Hello hELLo hello",
    "caféé wörld\u00a0x  \t#  #\u00a0",
]


@pytest.mark.parametrize(("pattern", "flags"), _DIRECT)
def test_direct_patterns_answer_as_the_engine(pattern: str, flags: str) -> None:
    compiled = compile_js(pattern, flags)
    assert compiled._direct is not None, (pattern, flags)
    assert not compiled._engines  # nothing compiled by the engine
    for text in _TEXTS + ["q" * 300 + t for t in _TEXTS] + [t * 30 for t in _TEXTS]:
        direct, engine = _both(compiled, text)
        assert direct == engine, (pattern, flags, text)


@pytest.mark.parametrize(("pattern", "flags"), _ENGINE)
def test_other_patterns_go_to_the_engine(pattern: str, flags: str) -> None:
    assert compile_js(pattern, flags)._direct is None


def test_the_node_corpus_answers_the_same_through_both_paths() -> None:
    """Every case of the node-verified corpus that the direct matcher takes: the same
    answers as the engine (and so, by the differential test, as node)."""
    taken = 0
    for case in all_cases():
        try:
            compiled = compile_js(case.pattern, case.flags)
        except JsRegexError:
            continue
        if compiled._direct is None:
            continue
        taken += 1
        direct, engine = _both(compiled, case.text)
        assert direct == engine, case
    assert taken >= 150  # the corpus exercises the direct path, not a handful of cases


_ATOMS = [
    "a", "b", "k", "K", "s", "ſ", "\\u212a", "İ", "i", "ı", "ß", "é", " ", "\\s", "\\S",
    "\\d", "\\w", "\\W", ".", "[ab]", "[^a]", "[a-z]", "[\\s\\S]", "[^]", "\\n", "\\r",
    "#", "😀", "\\.", "x", "1", "\\ud83d",
]  # fmt: skip
_QUANTS = ["", "", "", "?", "*", "+", "{2}", "{0,3}", "{1,}", "??", "*?", "+?", "{1,2}?"]
_LEADS = ["", "ab", "x", "order", "\\b", "^", "(a|b)", "(?:ab|k)", "\\bK", "$"]
_FLAGS = ["", "i", "m", "s", "u", "y", "g", "im", "iu", "mu", "su", "imsu", "iy", "my", "uy"]
_CHARS = [
    "a", "b", "k", "K", "s", "S", "ſ", "\u212a", "İ", "i", "I", "ı", "ß", "ẞ", "é", "É",
    " ", "\n", "\r", "\r\n", "\u2028", "\x85", "\xa0", "#", "😀", "\ud83d", ".", "x", "1",
    "_", "ab", "order",
]  # fmt: skip


def _pattern(rnd: random.Random, depth: int = 0) -> str:
    out = []
    for _ in range(rnd.randint(0, 4)):
        roll = rnd.random()
        if roll < 0.12:
            out.append(rnd.choice(["^", "$", "\\b", "\\B"]))
        elif roll < 0.2 and depth < 2:
            alts = "|".join(_pattern(rnd, depth + 1) for _ in range(rnd.randint(1, 3)))
            out.append(rnd.choice(["(", "(?:"]) + alts + ")")
        else:
            out.append(rnd.choice(_ATOMS) + rnd.choice(_QUANTS))
    return "".join(out)


def test_generated_patterns_answer_as_the_engine() -> None:
    """Patterns from a small grammar over the edge characters (case folding of İ ı ſ K ß,
    astral characters and lone surrogates, CRLF and the other line terminators, NBSP)
    under every flag, on texts made of the same characters."""
    rnd = random.Random(20261202)
    taken = 0
    for _ in range(1500):
        pattern = rnd.choice(_LEADS) + _pattern(rnd)
        flags = rnd.choice(_FLAGS)
        try:
            compiled = compile_js(pattern, flags)
        except JsRegexError:
            continue
        if compiled._direct is None:
            continue
        taken += 1
        for _ in range(4):
            text = "".join(rnd.choice(_CHARS) for _ in range(rnd.randint(0, 14)))
            text *= rnd.choice([1, 1, 3, 20])
            direct, engine = _both(compiled, text)
            assert direct == engine, (pattern, flags, text)
    assert taken >= 800


_TOKENS = [
    "a", "b", "k", "K", "ſ", " ", ".", "\\s", "\\w", "[ab]", "[^k]", "\\.", "^", "$", "\\b",
    "\\B", "(?:a|bc)", "(k|)", "(b|\\s)", "a*", "b+", "k?", ".{0,3}", "\\s*", "[ab]+?",
    "\\w{2,}", "a??",
]  # fmt: skip


@given(
    st.lists(st.sampled_from(_TOKENS), max_size=6),
    st.sampled_from(["", "i", "m", "s", "u", "y", "iu", "im", "msu"]),
    st.lists(st.text(alphabet="abkKſ\u212a \n\r.", max_size=12), min_size=1, max_size=4),
)
@settings(max_examples=400, deadline=None)
def test_random_patterns_answer_as_the_engine(
    tokens: list[str], flags: str, texts: list[str]
) -> None:
    compiled = compile_js("a" + "".join(tokens), flags)
    # Every such pattern starts with a literal: the direct matcher's, or `_Literal`'s when
    # it is nothing else.
    assert (compiled._direct is None) != (compiled._literal is None)
    text = "a".join(texts)
    direct, engine = _both(compiled, text)
    assert direct == engine, (tokens, flags, text)


def test_a_search_past_its_budget_is_the_engines_and_keeps_the_deadline() -> None:
    """Heavy backtracking leaves the direct matcher for the engine: the same answer where
    the engine finds one, and the engine's timeout where it does not finish."""
    quadratic = compile_js("x\\d*\\d*!", "")
    assert quadratic._direct is not None
    text = "x" + "1" * 3000 + "x1!"
    match = quadratic.search(text)
    assert match is not None and (match.start, match.end) == (3001, 3004)
    assert quadratic._engines  # over budget: the engine answered
    runaway = compile_js("x\\d*\\d*\\d*\\d*\\d*\\d*\\d*!", "")
    assert runaway._direct is not None
    with pytest.raises(RegexTimeout, match="regex timed out after 20 ms"):
        runaway.search("!x" + "1" * 3000, 20)  # holds the `!` every match holds
    # Without the `!`, no match is possible: answered at once, where the engine would have
    # run past its deadline (as the big-text prefilter answers, SPEC §8 "Large responses").
    assert runaway.search("x" + "1" * 3000, 20) is None


def test_a_long_subject_goes_to_the_engine() -> None:
    compiled = compile_js("\\bab\\s+c", "")
    assert compiled._direct is not None and not compiled._engines
    text = "x" * regexp._PREFILTER_FROM + " ab  c"
    match = compiled.search(text)
    assert match is not None and match.start == regexp._PREFILTER_FROM + 1
    assert compiled._engines


def test_a_text_without_a_required_literal_is_answered_at_once() -> None:
    """The literals every match holds (outside alternatives, or in each of them) are
    looked up before any attempt: without one there is no match, whatever the budget."""
    from agentv_grader.js._regexp_direct import OverBudget

    compiled = compile_js("(shipped|delivered) .{0,40}#1994", "s")
    direct = compiled._direct
    assert direct is not None
    assert direct.required == ("#1994",)  # `shipped ` or `delivered `: neither is required
    assert direct.search("shipped " * 50, 0, 0) is None  # no attempt made: no step taken
    with pytest.raises(OverBudget):
        direct.search("shipped " * 50 + "#1994", 0, 0)
    nested = compile_js("x(a|b)\\s(c\\s|d\\s)#1", "")._direct
    assert nested is not None and nested.required == ("#1", "x")


@given(st.text(alphabet="a\xe9\u2014\ud83d\ude00\udbff\U0001f600\U0010ffff", max_size=12))
@settings(max_examples=300, deadline=None)
def test_subject_conversions_find_astral_characters_and_surrogates_as_re_does(
    text: str,
) -> None:
    """The encoding checks that spare a search `re`'s scan of a non-ASCII subject find
    what that scan finds, below and above the length where the scan takes over."""
    import re

    from agentv_grader.js import _regexp_scan as scan

    expected = (
        re.sub("[\U00010000-\U0010ffff]", scan._split_pair, text),
        re.sub("[\ud800-\udbff][\udc00-\udfff]", scan._join_pair, text),
    )
    assert (scan.to_utf16_units(text), scan.join_surrogates(text)) == expected
    saved = scan._ENCODE_BELOW
    scan._ENCODE_BELOW = 0
    try:
        assert (scan.to_utf16_units(text), scan.join_surrogates(text)) == expected
    finally:
        scan._ENCODE_BELOW = saved


@given(
    st.lists(
        st.sampled_from(["abc kK sS", "x" * 40, "İ", "ıß", "ſ\u212a", "é", "😀", "\ud83d", "ẞ"]),
        max_size=12,
    ),
    st.booleans(),
)
@settings(max_examples=300, deadline=None)
def test_case_folding_a_subject_run_by_run_is_translating_it_whole(
    pieces: list[str], unicode_mode: bool
) -> None:
    """`fold_text` folds ASCII and non-ASCII runs separately (or the whole text when the
    runs are short): the same text as one `str.translate` with the folding table."""
    from agentv_grader.js._regexp_sets import case_folder

    folder = case_folder(unicode_mode)
    text = "".join(pieces)
    assert folder.fold_text(text) == text.translate(folder.table)
