"""The probe screens (`critique._screen`) are necessary conditions of passing: a text an
assertion passes on, as full grading says, always holds its screen; and `Context.passing`
with screens answers exactly as without them (SPEC §6.2). Each example below is one a
broken screen would get wrong (the comment says which break)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from agentv_grader import engine
from agentv_grader.critique import _screen, _spec, context
from agentv_grader.js.regexp import compile_js
from agentv_grader.js.strings import js_lower
from agentv_grader.load.evalfile import load_suite
from agentv_grader.model import AssertionSpec, RunData, Status, Suite, TestCase

_TEST = TestCase(id="t", suite="s", assertions=(), threshold=1.0, threshold_source="")

# Characters where the shortcuts could go wrong: case (ASCII, Kelvin, dotted I, final
# sigma, a letter node lowers and this Python does not: U+A7CB to ɤ), CR and LF,
# JavaScript-only white space, astral characters and the two halves of one as separate
# characters (joined under `u`), JSON's first ones.
_CHARS = list('aAbB kK\u212aİiσςΣ\ua7cbɤ\r\n\t\u00a0\ufeff😀𝒳\ud83d\ude00{}[]"-09tfnNx.:#$^')
_TEXT = st.text(st.sampled_from(_CHARS), max_size=12)
# Pattern pieces: plain runs, astral characters (split into units without `u`), escapes,
# classes, anchors, groups, alternation, quantifiers, line breaks.
_PIECES = [
    "a", "b", "ab", "K", "😀", "\\n", "\n", "\\r", "\r", "\\s*", "\\d+", ".", "^", "$",
    "\\b", "(a|b)", "(?:ab)?", "[ab]", "x+", "{", "-", "σ", "a|", "\\u{1F600}", "(?=a)",
]  # fmt: skip
_PATTERN = st.lists(st.sampled_from(_PIECES), min_size=1, max_size=5).map("".join)
_FLAGS = st.sampled_from(["", "i", "m", "u", "y", "s", "mu", "iu"])
_NEEDLE = st.text(st.sampled_from(_CHARS), min_size=1, max_size=3)


@st.composite
def _assertion(draw: st.DrawFn) -> AssertionSpec:
    kind = draw(
        st.sampled_from(
            [
                "contains",
                "icontains",
                "contains-any",
                "icontains-any",
                "contains-all",
                "icontains-all",
                "equals",
                "starts-with",
                "ends-with",
                "regex",
                "is-json",
                "output-contains",
                "output-matches",
                "field-accuracy",
            ]
        )  # fmt: skip
    )
    options: dict[str, Any] = {}
    if kind == "field-accuracy":  # (the `expected` form reads no reference)
        return _a(kind, {"expected": draw(st.sampled_from(_FIELDS_EXPECTED))})
    if kind == "regex":
        options = {"value": draw(_PATTERN), "flags": draw(_FLAGS)}
    elif kind == "output-matches":  # its own option, or the `value` alias
        key = draw(st.sampled_from(["pattern", "value"]))
        options = {key: draw(_PATTERN), "flags": draw(_FLAGS)}
    elif kind == "output-contains":
        options = {draw(st.sampled_from(["substring", "value"])): draw(_NEEDLE)}
    elif kind.endswith(("-any", "-all")):
        options = {"value": draw(st.lists(_NEEDLE, min_size=1, max_size=3))}
    elif kind != "is-json":
        options = {"value": draw(_NEEDLE | st.sampled_from(["", "  ", 3]))}
    if draw(st.integers(0, 3)) == 0:
        options["case_sensitive"] = draw(st.sampled_from([True, False, "no"]))
    return AssertionSpec(index=0, name="a", type=kind, options=options)


# Field values a short text of `_CHARS` can give: an object's, an array item's, the
# whole value's (path ""), true, null (no value: the field is missing).
_FIELDS_EXPECTED = [{"a": 1}, {"0": 9}, {"": 0}, {"": True}, {"x": None}, {"0": "-"}]


def _a(kind: str, options: dict[str, Any]) -> AssertionSpec:
    return AssertionSpec(index=0, name="a", type=kind, options=options)


def _passes(spec: AssertionSpec, text: str) -> bool:
    """Full grading's verdict, as the critique probes (`Context.probe`)."""
    probed = context._as_probed(spec)
    return engine.evaluate_one(probed, RunData(test=_TEST, response=text)).status is Status.PASSED


def _holds(screen: _screen.Screen, text: str) -> bool:
    if screen.embedded:
        return _screen.may_hold_json(text)
    if screen.json:
        return _screen.json_start().match(text) is not None
    if screen.lowered:  # as `Context` asks it: of `str.lower`, or of `js_lower` (the echo)
        return _screen.admits(screen, text.lower()) and _screen.admits(screen, js_lower(text))
    return _screen.admits(screen, text)


@settings(max_examples=400, deadline=None, suppress_health_check=list(HealthCheck))
@given(spec=_assertion(), text=_TEXT)
# Astral characters are two units without `u`: a run holding one would not be in the text.
@example(_a("regex", {"value": "a😀b"}), "a😀b")
@example(_a("regex", {"value": "a😀b", "flags": "u"}), "a😀b")
@example(_a("regex", {"value": "a😀b", "flags": "u"}), "a\ud83d\ude00b")
# Reading CRLF as LF never makes a pattern pass (only the note, or a timeout, changes).
@example(_a("regex", {"value": "a\nb"}), "a\r\nb")
@example(_a("regex", {"value": "a\\nb"}), "a\r\nb")
# Under `i` the pattern's characters are folded: no screen.
@example(_a("regex", {"value": "K", "flags": "i"}), "k")
@example(_a("regex", {"value": "b", "flags": "i"}), "B")
# Every first character of a JSON text, after JSON's own white space.
@example(_a("is-json", {}), " \n-1")
@example(_a("is-json", {}), '\t"x"')
@example(_a("is-json", {}), "[0]")
@example(_a("is-json", {}), "null")
@example(_a("is-json", {}), "\rtrue")
@example(_a("is-json", {}), "false ")
@example(_a("is-json", {}), "{}")
@example(_a("is-json", {}), " -0")
@example(_a("is-json", {}), '""')
# field-accuracy finds JSON in a text: an object inside it, a fenced value, or a value
# after JavaScript's white space (not JSON's only, as `is-json`'s screen reads it).
@example(_a("field-accuracy", {"expected": {"a": 1}}), 'x {"a": 1} y')
@example(_a("field-accuracy", {"expected": {"0": 9}}), "```json\n[9]```")
@example(_a("field-accuracy", {"expected": {"0": 9}}), "\u3000[9]")
@example(_a("field-accuracy", {"expected": {"": 0}}), "\ufeff -0")
@example(_a("field-accuracy", {"expected": {"": True}}), "\u00a0true")
@example(_a("field-accuracy", {"expected": {"0": "-"}}), ' ["-"]')
# Case-insensitive needles are asked of the lowered text; whole-text checks trim.
@example(_a("icontains", {"value": "İ"}), "xİ")
@example(_a("icontains", {"value": "ɤ"}), "\ua7cb")  # node lowers U+A7CB to ɤ, Python not
@example(_a("icontains-any", {"value": ["q", "K"]}), "\u212a")
@example(_a("starts-with", {"value": " ab "}), "\ufeffab")
@example(_a("contains-all", {"value": ["a", "b"]}), "ba")
@example(_a("contains-any", {"value": ["q", "b"]}), "b")
@example(_a("equals", {"value": "A", "case_sensitive": False}), " a")
# The output family reads its needle from its own option, else from `value`.
@example(_a("output-matches", {"pattern": "ab"}), "xaby")
@example(_a("output-matches", {"value": "ab", "flags": "i"}), "AB")
@example(_a("output-contains", {"substring": "K"}), "k")
@example(_a("output-contains", {"value": "K", "case_sensitive": True}), "K")
def test_a_text_that_passes_holds_the_screen(spec: AssertionSpec, text: str) -> None:
    screen = _screen.screen_of(spec)
    if screen is not None and _passes(spec, text):
        assert _holds(screen, text), (spec.options, text, screen)


@settings(max_examples=400, deadline=None, suppress_health_check=list(HealthCheck))
@given(spec=_assertion(), text=_TEXT)
@example(_a("contains", {"value": "a"}), "xa")
@example(_a("contains-all", {"value": ["a", "b"]}), "a")  # (`every` read as one of them)
@example(_a("contains-any", {"value": ["q", "b"]}), "b")  # (one read as `every`)
@example(_a("icontains", {"value": "K", "case_sensitive": True}), "k")
@example(_a("output-contains", {"substring": "K", "case_sensitive": True}), "xK")
def test_an_exact_screen_is_the_verdict(spec: AssertionSpec, text: str) -> None:
    """Where a screen is `exact`, `Context.passing` takes holding it for passing: a text
    holds it exactly where full grading passes."""
    screen = _screen.screen_of(spec)
    if screen is not None and screen.exact:
        assert _holds(screen, text) == _passes(spec, text), (spec.options, text, screen)


def test_only_case_sensitive_substring_screens_are_exact() -> None:
    def exact(kind: str, **options: Any) -> bool | None:
        screen = _screen.screen_of(_a(kind, options))
        return None if screen is None else screen.exact

    assert exact("contains", value="a") is True
    assert exact("contains-any", value=["a", "b"]) is True
    assert exact("icontains", value="a", case_sensitive=True) is True
    assert exact("output-contains", substring="a", case_sensitive=True) is True
    assert exact("icontains", value="a") is False
    assert exact("output-contains", substring="a") is False
    assert exact("equals", value="a") is False
    assert exact("regex", value="ab") is False
    assert exact("output-matches", pattern="ab") is False
    assert exact("is-json") is False
    # The output family's needle, from the `value` alias too.
    assert _screen.screen_of(_a("output-matches", {"value": "a.b"})) == _screen.Screen(
        ("a", "b"), True, False
    )
    assert _screen.screen_of(_a("output-contains", {"value": "A"})) == _screen.Screen(
        ("a",), True, True
    )


def test_the_field_accuracy_screen_passes_over_texts_that_hold_no_json() -> None:
    """The fixed decoys and a question echoed hold no JSON a `field-accuracy` could read:
    none is graded; a negated one has no screen (it passes where the check fails)."""
    spec = _a("field-accuracy", {"expected": {"a": 1}})
    screen = _screen.screen_of(spec)
    assert screen is not None and screen.json and screen.embedded and not screen.exact
    for text in ("", " \n", context.REFUSAL, context.BOILERPLATE, "Where is order #1?"):
        assert not _screen.may_hold_json(text)
        assert not _passes(spec, text)
    for text in ('{"a": 1}', "x {", "`", "1", "\u3000[", "null", "-Infinity"):
        assert _screen.may_hold_json(text)
    for text in ("NaN", "Infinity", "\x1c1"):  # (U+001C: white space to Python alone)
        assert not _screen.may_hold_json(text)
        assert not _passes(_a("field-accuracy", {"expected": {"": 1}}), text)
    negated = AssertionSpec(index=0, name="a", type="field-accuracy", options={}, negate=True)
    assert _screen.screen_of(negated) is None


@pytest.mark.parametrize(
    ("text", "starts"),
    [
        ("I'm sorry, I can't", False),
        ("NaN", False),
        ("Infinity", False),
        ("nul", False),
        ("Sure", False),
        ("tru", False),
        (" \n true", True),
        ("false", True),
        ("null", True),
        ("-Infinity", True),
    ],
)
def test_the_json_screen_wants_a_literal_whole(text: str, starts: bool) -> None:
    """The refusal decoy starts with `I`, which no JSON text passing `JSON.parse` does."""
    assert (_screen.json_start().match(text) is not None) is starts
    if not starts:
        assert not _passes(_a("is-json", {}), text)


def test_negated_broken_and_key_selecting_assertions_have_no_screen() -> None:
    def spec(kind: str, **changes: Any) -> AssertionSpec:
        options = changes.pop("options", {"value": "a"})
        return AssertionSpec(index=0, name="a", type=kind, options=options, **changes)

    assert _screen.screen_of(spec("contains")) == _screen.Screen(("a",), True, False, exact=True)
    assert _screen.screen_of(spec("contains", negate=True)) is None
    assert _screen.screen_of(spec("contains", problem="broken")) is None
    assert _screen.screen_of(spec("contains", options={"value": 3})) is None
    keyed = {"value": "a", "target_output_key": "k"}
    assert _screen.screen_of(spec("contains", options=keyed)) is None
    caseless = {"value": "a", "case_sensitive": False}
    assert _screen.screen_of(spec("equals", options=caseless)) is None
    assert _screen.screen_of(spec("regex", options={"value": "("})) is None
    assert _screen.screen_of(spec("regex", options={"value": "\\d+"})) is None  # no run
    assert _screen.screen_of(spec("llm-judge", options={})) is None


@pytest.mark.parametrize(
    ("pattern", "flags", "runs"),
    [
        ("^Ref 0-END$", "m", ("Ref 0-END",)),
        ("\\border\\s+#?12\\b", "", ("order", "12")),
        ("(shipped|delivered) .{0,40}#3", "s", (" ", "#3")),
        ("a😀b", "", ("a", "b")),
        ("a😀b", "u", ("a", "b")),
        ("x|y", "", ()),
        ("ab", "i", ()),
    ],
)
def test_required_runs_are_the_top_level_plain_runs(
    pattern: str, flags: str, runs: tuple[str, ...]
) -> None:
    assert compile_js(pattern, flags).required_runs() == runs


_SUITE_TYPES = [
    "contains", "icontains", "icontains-all", "contains-any", "equals", "regex", "is-json",
    "ends-with", "output-contains", "output-matches", "contains-all", "field-accuracy",
]  # fmt: skip
_SUITE_VALUES = ["Paris", "paris", "{", "sorry", "Sure", "answer", "^I'm", "\\d+", "1}$", "help"]
_SUITE_TEXTS = ["", "Paris", "I'm sorry", '{"a": 1}', "answer 1", "Sure thing", "PARIS\r\n"]


@st.composite
def _suite_assertion(draw: st.DrawFn) -> dict[str, Any]:
    kind = draw(st.sampled_from(_SUITE_TYPES))
    item: dict[str, Any] = {"type": kind, "negate": draw(st.integers(0, 4)) == 0}
    if kind == "field-accuracy":  # (texts and references with `a` at 1, and without)
        item["expected"] = {"a": 1}
        return item
    if kind.endswith("-all") or kind.endswith("-any"):
        item["value"] = draw(st.lists(st.sampled_from(_SUITE_VALUES), min_size=1, max_size=2))
    elif kind != "is-json":
        item["value"] = draw(st.sampled_from(_SUITE_VALUES))
    if kind != "is-json" and draw(st.integers(0, 3)) == 0:
        item["case_sensitive"] = draw(st.booleans())
    return item


@settings(max_examples=30, deadline=None, suppress_health_check=list(HealthCheck))
@given(
    tests=st.lists(
        st.tuples(
            st.lists(_suite_assertion(), min_size=1, max_size=4),
            st.sampled_from(_SUITE_TEXTS),
            st.sampled_from(_SUITE_TEXTS + [None]),
        ),
        min_size=1,
        max_size=4,
    )
)
def test_passing_with_screens_is_passing_without(
    tmp_path_factory: Any, monkeypatch: Any, tests: list[tuple[Any, str, str | None]]
) -> None:
    """Varied-like tests (inputs, references and responses that hold some needles and not
    others): the decoys each assertion passes on are the same with and without screens."""
    tmp: Path = tmp_path_factory.mktemp("screens")
    rows = []
    for i, (specs, said, reference) in enumerate(tests):
        row: dict[str, Any] = {"id": f"t{i}", "input": said, "assertions": specs}
        if reference is not None:
            row["expected_output"] = reference
        rows.append(row)
        (tmp / "bench" / f"t{i}").mkdir(parents=True, exist_ok=True)
        (tmp / "bench" / f"t{i}" / "response.md").write_text(f"{said} {reference}", "utf-8")
    path = tmp / "s.eval.yaml"
    path.write_text(json.dumps({"name": "s", "tests": rows}), encoding="utf-8")
    suite = load_suite(str(path))

    def passing_of_every_assertion() -> list[tuple[str, ...]]:
        context._PASSES.clear()
        found = []
        for _ in range(2):  # first sighting, then remembered
            for test in suite.tests:
                run = RunData(test=test, response="a", eval_dir=str(tmp))
                ctx = context.build_context(suite, test, run, None, str(tmp / "bench"))
                found += [tuple(d.label for d in ctx.passing(s)) for s in test.assertions]
        return found

    _spec.MEMO.by_key.clear()  # (screens are remembered per distinct assertion)
    screened = passing_of_every_assertion()
    with monkeypatch.context() as patched:
        patched.setattr(context, "screen_of", lambda spec: None)
        _spec.MEMO.by_key.clear()
        unscreened = passing_of_every_assertion()
    _spec.MEMO.by_key.clear()
    assert screened == unscreened


_NUL_CHARS = ["\x00", "a", "A", "b", "İ", "\n"]


@settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))
@given(
    texts=st.lists(st.text(st.sampled_from(_NUL_CHARS), max_size=4), min_size=1, max_size=5),
    needles=st.lists(st.text(st.sampled_from(_NUL_CHARS), min_size=1, max_size=3), min_size=1,
                     max_size=3),
    every=st.booleans(),
    lowered=st.booleans(),
)  # fmt: skip
@example(texts=["a", "b"], needles=["a\x00b"], every=True, lowered=False)  # across the join
@example(texts=["xa", "b"], needles=["a"], every=True, lowered=False)
@example(texts=["A"], needles=["a"], every=True, lowered=True)
def test_the_decoys_holding_a_screen_are_those_each_holds(
    texts: list[str], needles: list[str], every: bool, lowered: bool
) -> None:
    """`Context._admitted` (which first asks the needle of all the decoys' texts joined)
    answers as asking each decoy's text (its `str.lower` for a lowered screen) on its own,
    NUL characters (the join's) in needles and texts included."""
    decoys = tuple(context.Decoy(f"d{i}", text) for i, text in enumerate(texts))
    suite = _SUITE
    ctx = context.Context(suite, _TEST, None, None, None, "", decoys, _RUN, (), None)
    screen = _screen.Screen(tuple(needles), every, lowered)
    plain = [d for d in decoys if _screen.admits(screen, d.text.lower() if lowered else d.text)]
    assert list(ctx._admitted(screen)) == plain
    assert list(ctx._admitted(screen)) == plain  # (asked again: the texts kept)


# Letters node lowers and this Python does not (U+1C89, U+A7CB), their lower case (U+1C8A,
# U+0264), dotted I, final sigma, the Kelvin sign and ASCII.
_LOWER_CHARS = list("\u1c89\u1c8a\ua7cb\u0264İΣσKkaA ")


@settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))
@given(
    texts=st.lists(st.text(st.sampled_from(_LOWER_CHARS), max_size=6), min_size=1, max_size=4),
    long=st.lists(st.booleans(), min_size=4, max_size=4),
    needles=st.lists(st.text(st.sampled_from(_LOWER_CHARS), min_size=1, max_size=3),
                     min_size=1, max_size=3),
    every=st.booleans(),
)  # fmt: skip
@example(texts=["\ua7cb"], long=[True] * 4, needles=["\u0264"], every=True)
@example(texts=["Σ"], long=[True] * 4, needles=["ς"], every=True)
def test_long_decoys_lowered_as_javascript_does_hold_what_pythons_lower_case_holds(
    texts: list[str], long: list[bool], needles: list[str], every: bool
) -> None:
    """A decoy of `SHARED_LOWER_FROM` characters or more is lowered by `js_lower` (kept for
    the next caller), the others by `str.lower`: for a lowered screen's needles (in
    `js_lower` form, without `js_lower_only`'s letters, as `_substring_screen` makes them)
    `_admitted` answers as asking each decoy's `str.lower` on its own."""
    from agentv_grader.js.strings import js_lower_only

    pad = "é " * (context.SHARED_LOWER_FROM // 2)
    texts = [pad + t if wide else t for t, wide in zip(texts, long, strict=False)]
    lowered = [js_lower(n) for n in needles]
    if any(not js_lower_only().isdisjoint(n) for n in lowered):
        return  # (no screen: `_substring_screen` gives none for such a needle)
    decoys = tuple(context.Decoy(f"d{i}", text) for i, text in enumerate(texts))
    ctx = context.Context(_SUITE, _TEST, None, None, None, "", decoys, _RUN, (), None)
    screen = _screen.Screen(tuple(lowered), every, True)
    plain = [d for d in decoys if _screen.admits(screen, d.text.lower())]
    assert list(ctx._admitted(screen)) == plain


def test_a_long_decoy_is_lowered_once_for_its_own_grading_too() -> None:
    """The lower case made of a long decoy (the next test's response) is the one `js_lower`
    keeps and gives that test's grading, from the length on which it keeps one."""
    from agentv_grader.js import strings

    assert context.SHARED_LOWER_FROM == strings._MID_CACHE_FROM
    text = "Ünïcode " * (context.SHARED_LOWER_FROM // 8 + 1)
    decoys = (context.Decoy("d", text),)
    ctx = context.Context(_SUITE, _TEST, None, None, None, "", decoys, _RUN, (), None)
    ctx._admitted(_screen.Screen(("ünï",), True, True))
    assert ctx._lowered is not None
    assert strings.js_lower(text) is ctx._lowered[0][0]


_SUITE = Suite(path="s.eval.yaml", name="s", sha256="", tests=(_TEST,))
_RUN = RunData(test=_TEST, response="")


def test_no_letter_only_javascript_lowers_to_is_ascii() -> None:
    """`_substring_screen` asks only a non-ASCII needle whether it holds one of
    `js_lower_only`'s letters (an ASCII one cannot: none of them is ASCII)."""
    from agentv_grader.js.strings import js_lower_only

    assert js_lower_only()
    assert not any(letter.isascii() for letter in js_lower_only())
