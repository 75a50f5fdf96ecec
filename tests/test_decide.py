"""`engine.decide`, the verdict-only path the critique's decoys use (SPEC §6.2), answers
exactly as `engine.evaluate_one(...).status is Status.PASSED`: for every type with an
`Entry.decide`, negated or not, on odd options (lists, empty values, non-strings, bad
flags and deadlines, which are `error`) and odd texts (unicode, white space, CRLF, empty).
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from agentv_grader import engine
from agentv_grader.assertions import REGISTRY
from agentv_grader.model import AssertionSpec, RunData, Status, TestCase
from agentv_grader.record import replace

TEST = TestCase(id="t", suite="s", assertions=(), threshold=0.8, threshold_source="default")
DECIDED = sorted(kind for kind, entry in REGISTRY.items() if entry.decide is not None)

# Few characters, so that needles, patterns and texts overlap often (passes and failures
# both), with the cases that differ between checks: case folding that changes lengths (İ),
# final sigma, astral characters, JavaScript-only white space (U+FEFF), CR and LF.
_CHARS = list("aAbB1 .\t\r\nİıΣσς😀\ufeff\u0085")
short_text = st.text(alphabet=st.sampled_from(_CHARS), max_size=12)
texts = st.one_of(
    short_text,
    st.text(max_size=30),
    st.sampled_from(["", " ", "\r\n", "a\r\nb", "\ufeff a \n", "İ", "I\u0307", '{"a": "aA"}']),
)
_PATTERN_PARTS = [
    "a", "A", "b", "1", ".", "^", "$", "\\d", "\\s", "\\r\\n", "\\n", "[ab]", "(a|b)", "+",
    "*", "?", "{2}", "(?i)", "(?m)", "İ", "σ", "😀", "\\b", "[", ")", "\\",
]  # fmt: skip
patterns = st.lists(st.sampled_from(_PATTERN_PARTS), max_size=5).map("".join)
odd = st.one_of(
    st.none(), st.booleans(), st.integers(-2, 2), st.floats(allow_nan=False, max_value=9),
    st.just({}), st.just([]), st.just(""), st.lists(st.one_of(short_text, st.integers())),
)  # fmt: skip
_LISTS = frozenset(kind for kind in DECIDED if kind.endswith(("-any", "-all")))
_OWN_KEY = {"output-contains": "substring", "output-matches": "pattern"}


def _sometimes(draw: st.DrawFn, one_in: int) -> bool:
    return draw(st.integers(0, one_in - 1)) == 0


@st.composite
def specs(draw: st.DrawFn) -> AssertionSpec:
    """Mostly well-formed assertions (so that both answers are common), each part odd now
    and then: a wrong value, option or flag makes the assertion `error`."""
    kind = draw(st.sampled_from(DECIDED))
    options: dict[str, Any] = {"type": kind}
    key = draw(st.sampled_from(["value", "value", "search_text", _OWN_KEY.get(kind, "value")]))
    if kind in _LISTS:
        needle = st.lists(short_text.filter(bool), min_size=1, max_size=3)
    elif kind in ("regex", "output-matches"):
        needle = patterns.filter(bool)
    else:
        needle = short_text.filter(bool)
    options[key] = draw(odd if _sometimes(draw, 6) else needle)
    if _sometimes(draw, 2):
        options["case_sensitive"] = draw(odd if _sometimes(draw, 6) else st.booleans())
    if _sometimes(draw, 3):
        flags = st.sampled_from(["", "i", "m", "s", "iu", "x", "ii"])
        options["flags"] = draw(odd if _sometimes(draw, 6) else flags)
    if _sometimes(draw, 5):
        options["timeout_ms"] = draw(st.one_of(st.sampled_from([100, 0.5, 0, -1, 4e6]), odd))
    if _sometimes(draw, 10):  # not on the fast path: the full check answers
        options["target_output_key"] = "a"
    return AssertionSpec(
        index=0,
        name=kind,
        type=kind,
        options=options,
        negate=draw(st.booleans()),
        problem="broken" if _sometimes(draw, 20) else None,
    )


def _passes(spec: AssertionSpec, text: str) -> bool:
    return engine.evaluate_one(spec, RunData(test=TEST, response=text)).status is Status.PASSED


@settings(max_examples=1500, deadline=None, suppress_health_check=list(HealthCheck))
@given(spec=specs(), text=texts)
def test_decide_answers_as_evaluate_one(spec: AssertionSpec, text: str) -> None:
    expected = _passes(spec, text)
    assert engine.decide(spec, text) == expected
    assert engine.decide(spec, RunData(test=TEST, response=text)) == expected
    capped = engine.decider(spec, TEST, deadline_cap_ms=50)  # as the critique probes
    if capped is not None:
        within = REGISTRY[spec.type].decide_within is not None
        assert capped(text) == _passes(engine.with_deadline_cap(spec, 50) if within else spec, text)


def _spec(kind: str, negate: bool = False, **options: Any) -> AssertionSpec:
    return AssertionSpec(
        index=0, name=kind, type=kind, options={"type": kind, **options}, negate=negate
    )


@pytest.mark.parametrize("negate", [False, True])
@pytest.mark.parametrize(
    ("spec", "text"),
    [
        (_spec("contains", value="Paris"), "Paris"),
        (_spec("contains", value="Paris"), "Rome"),
        (_spec("icontains-all", value=["PARIS", "france"]), "paris, France\r\n"),
        (_spec("equals", value="a\nb"), "a\r\nb"),  # fails; CRLF only changes the evidence
        (_spec("ends-with", value="b"), "a\r\n"),
        (_spec("contains", value="x"), ""),  # negated: passes, vacuously (evidence only)
        (_spec("output-contains", substring="X"), ""),
        (_spec("contains", value=["x"]), "x"),  # error: never a pass
        (_spec("regex", value="a", flags=3), "a"),
        (_spec("regex", value="a", timeout_ms=0), "a"),
    ],
)
def test_examples_of_each_answer(spec: AssertionSpec, text: str, negate: bool) -> None:
    spec = _spec(spec.type, negate, **{k: v for k, v in spec.options.items() if k != "type"})
    assert engine.decide(spec, text) == _passes(spec, text)
    assert engine.decider(spec) is not None


@pytest.mark.parametrize("kind", ["regex", "output-matches"])
@pytest.mark.parametrize("negate", [False, True])
def test_a_timeout_in_the_crlf_retry_is_an_error(kind: str, negate: bool) -> None:
    """The second search, on the text with CRLF read as LF, runs under the deadline too:
    when only it times out the assertion is `error`, so neither form passes."""
    spec = _spec(kind, negate, value="[^\\r]\\n(a|aa)+$", timeout_ms=1, case_sensitive=True)
    text = "x\r\n" + "a" * 40 + "!"
    outcome = engine.evaluate_one(spec, RunData(test=TEST, response=text))
    assert outcome.status is Status.ERROR and "timed out" in outcome.evidence
    assert engine.decide(spec, text) is False


@pytest.mark.parametrize("kind", ["regex", "output-matches"])
def test_a_pattern_takes_the_deadline_cap_without_a_copy(kind: str) -> None:
    """`engine.decider(..., deadline_cap_ms=)` searches under the smaller deadline: a
    runaway search given 60 s is cut off at the cap (`error`, so not even the negated
    assertion passes), as grading `with_deadline_cap(spec, cap)` would."""
    import time

    spec = _spec(kind, True, value="(a|aa)+$", timeout_ms=60_000, case_sensitive=True)
    text = "a" * 60 + "!"
    capped = engine.with_deadline_cap(spec, 5)
    assert capped.options["timeout_ms"] == 5 and spec.options["timeout_ms"] == 60_000
    assert _passes(capped, text) is False
    passes = engine.decider(spec, deadline_cap_ms=5)
    assert passes is not None
    started = time.process_time()
    assert passes(text) is False
    assert time.process_time() - started < 5
    assert (
        engine.with_deadline_cap(_spec(kind, value="a", timeout_ms=-1), 5).options["timeout_ms"]
        == -1
    )  # an invalid deadline is kept: `error` as in grading
    assert REGISTRY["contains"].decide_within is None


def test_the_capped_copy_is_the_assertion_with_its_deadline_replaced() -> None:
    """`with_deadline_cap`'s copy, made field by field, is `replace`'s: every field of the
    assertion kept, its options with the smaller deadline, the original unchanged."""
    child = _spec("contains", value="a")
    spec = AssertionSpec(
        index=3, name="n", type="regex", options={"value": "a+", "timeout_ms": 900},
        weight=2.5, negate=True, required=True, min_score=0.5, authored_type="not-regex",
        normalised_from="not-regex", problem=None, line=7, children=(child,),
    )  # fmt: skip
    capped = engine.with_deadline_cap(spec, 200)
    assert capped == replace(spec, options={"value": "a+", "timeout_ms": 200})
    assert type(capped) is AssertionSpec and spec.options["timeout_ms"] == 900


def test_types_without_a_fast_path_are_graded_in_full() -> None:
    """`field-accuracy` compares with the test's expected_output: it is decided on the run
    given, and a bare text stands for a run without one (`error`, not a pass)."""
    spec = _spec("field-accuracy", fields=[{"path": "city", "match": "exact"}])
    assert engine.decider(spec) is None
    test = TestCase(
        id="t", suite="s", assertions=(), threshold=0.8, threshold_source="default",
        expected_output={"city": "Paris"},
    )  # fmt: skip
    answer = '{"city": "Paris"}'
    assert engine.decide(spec, RunData(test=test, response=answer)) is True
    assert engine.decide(spec, answer) is False
    on_test = engine.decider(spec, test)
    assert on_test is not None and on_test(answer) is True and on_test("{}") is False
    assert engine.decider(_spec("contains", value="a", target_output_key="k")) is None


_REQUIRES_A = {"type": "object", "required": ["a"]}


@pytest.mark.parametrize("negate", [False, True])
@pytest.mark.parametrize(
    ("options", "text"),
    [
        ({}, '{"a": 1}'),
        ({}, " [1]\r\n"),
        ({}, "{'a': 1}"),  # JSON.parse refuses single quotes
        ({}, "NaN"),
        ({}, ""),
        ({"value": "plain text"}, "{}"),  # a plain-text value is ignored
        ({"schema": _REQUIRES_A}, '{"a": 1}'),
        ({"schema": _REQUIRES_A}, '{"b": 1}'),
        ({"schema": _REQUIRES_A}, "not JSON"),
        ({"schema": {"type": 12}}, '{"a": 1}'),  # an invalid schema: error once it parses
        ({"schema": {"type": 12}}, "not JSON"),  # ... a plain failure before
        ({"schema": "not JSON"}, "{}"),  # error whatever the text
        ({"schema": [1]}, "{}"),
    ],
)
def test_is_json_decides_as_it_grades(options: dict[str, Any], text: str, negate: bool) -> None:
    """`is-json` has a verdict-only path: the schema read once, the validator built only
    once a text parses (as grading builds it), so an invalid schema fails a text that does
    not parse (a negated check passes it) and is `error` on one that does."""
    spec = _spec("is-json", negate, **options)
    passes = engine.decider(spec)
    assert passes is not None
    assert passes(text) == _passes(spec, text)
    assert passes(text) == _passes(spec, text)  # the validator, once built, answers again


def test_every_decide_resolves_and_says_why() -> None:
    for kind, entry in REGISTRY.items():
        decide = entry.decide
        if decide is not None:
            assert callable(decide) and decide.__doc__ and decide.__doc__.strip(), kind
    assert {"contains", "icontains-any", "equals", "regex", "output-matches", "is-json"} <= set(
        DECIDED
    )


@pytest.mark.parametrize("kind", DECIDED)
@pytest.mark.parametrize("negate", [False, True])
def test_big_texts_take_the_same_fast_paths(kind: str, negate: bool) -> None:
    """Responses of 64 Ki characters and more (another test's response as a decoy) are
    searched by the big-text paths of `_text`; the answer is still evaluate_one's."""
    from agentv_grader.assertions import _text

    text = "filler line\n" * (_text.BIG_TEXT // 12 + 1) + "İstanbul PARIS\r\nend"
    for needle in ("paris", "end", "i̇stanbul", "PARIS\nend", "nowhere"):
        value: Any = [needle, "filler"] if kind.endswith(("-any", "-all")) else needle
        spec = _spec(kind, negate, value=value)
        assert engine.decide(spec, text) == _passes(spec, text), (kind, needle)


class _CountingOptions(dict):  # type: ignore[type-arg]
    """Options that count how often a check reads them."""

    reads = 0

    def get(self, key: Any, default: Any = None) -> Any:
        self.reads += 1
        return super().get(key, default)

    def __getitem__(self, key: Any) -> Any:
        self.reads += 1
        return super().__getitem__(key)


@pytest.mark.parametrize("kind", DECIDED)
@pytest.mark.parametrize("negate", [False, True])
def test_options_are_read_once_for_every_text(kind: str, negate: bool) -> None:
    """`Entry.decide` reads the options when the verdict-only path is made, not per text:
    the critique asks one assertion about every decoy."""
    value: Any = ["a", "b"] if kind in _LISTS else "a"
    options = _CountingOptions({"type": kind, "value": value, "flags": "i"})
    spec = AssertionSpec(index=0, name=kind, type=kind, options=options, negate=negate)
    passes = engine.decider(spec)
    assert passes is not None
    read = options.reads
    answers = [passes(text) for text in ("a", "B", "", "xa\r\nb", "İ" * 3)]
    assert options.reads == read
    assert answers == [_passes(spec, text) for text in ("a", "B", "", "xa\r\nb", "İ" * 3)]


@pytest.mark.parametrize("negate", [False, True])
def test_a_bad_option_is_never_a_pass_whatever_the_text(negate: bool) -> None:
    """A `SpecError` while the options are read is `error` on every text, negated or not."""
    spec = _spec("regex", negate, value="(")  # an invalid pattern
    passes = engine.decider(spec)
    assert passes is not None
    for text in ("", "(", "anything"):
        assert passes(text) is False
        assert _passes(spec, text) is False


@pytest.mark.parametrize("where", ["options", "text"])
@pytest.mark.parametrize("negate", [False, True])
def test_other_exceptions_fall_back_to_full_grading(
    where: str, negate: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An unexpected exception, while the options are read or while a text is decided, is
    answered by full grading (`evaluate_one`'s boundary), never guessed."""

    def broken(spec: AssertionSpec) -> Any:
        if where == "options":
            raise RuntimeError("a bug in reading the options")
        return lambda text: 1 / 0

    entry = replace(REGISTRY["contains"], load_decide=lambda: broken)
    monkeypatch.setitem(REGISTRY, "contains", entry)
    spec = _spec("contains", negate, value="Paris")
    for text in ("Paris", "Rome", ""):
        assert engine.decide(spec, text) == _passes(spec, text) == (("Paris" in text) != negate)


# The predicates of `text.py` answer for a text below `BIG_TEXT` without `find` and
# without trimming by bounds; a big text takes those paths. Both must answer alike.
_BIG_PADDING = "\n" * (1 << 16)  # JavaScript white space: trimming removes it


@settings(max_examples=600, deadline=None, suppress_health_check=list(HealthCheck))
@given(
    text=texts,
    needles=st.lists(short_text, min_size=1, max_size=3),
    sensitive=st.booleans(),
    every=st.booleans(),
)
def test_substring_predicates_answer_as_find(
    text: str, needles: list[str], sensitive: bool, every: bool
) -> None:
    from agentv_grader.assertions import _text
    from agentv_grader.assertions import text as checks

    passes = checks._has_predicate(needles, sensitive, every)
    for subject in (text, text + _BIG_PADDING, _BIG_PADDING + text):
        found = [_text.find(subject, n, sensitive) >= 0 for n in needles]
        assert passes(subject) == (all(found) if every else any(found))


@settings(max_examples=600, deadline=None, suppress_health_check=list(HealthCheck))
@given(text=texts, value=texts, sensitive=st.booleans())
def test_whole_text_predicates_answer_alike_on_small_and_big_texts(
    text: str, value: str, sensitive: bool
) -> None:
    from agentv_grader.assertions import text as checks
    from agentv_grader.js.strings import js_lower, js_trim

    expected = checks._expected(value, sensitive)
    trimmed = js_trim(text) if sensitive else js_lower(js_trim(text))
    for subject in (text, text + _BIG_PADDING, _BIG_PADDING + text + _BIG_PADDING):
        assert checks._same(subject, expected, sensitive) == (trimmed == expected)
        assert checks._starts(subject, expected, sensitive) == trimmed.startswith(expected)
        assert checks._ends(subject, expected, sensitive) == trimmed.endswith(expected)


# field-accuracy's verdict-only path is built for one test (`engine.decider(spec, test)`):
# random fields, aggregations, references and answers over a few keys and values, so that
# matches, misses, type mismatches, tolerances and dates all come up.
_KEYS = ["a", "b", "a.b", "c[0]", "c[1]"]
_VALUES = st.one_of(
    st.sampled_from([1, 1.5, "1", "2.5x", True, None, "2025-01-15", "01/15/2025", "15 Jan 2025"]),
    st.sampled_from(["2025-02-30", "x", [1, 2], {"b": 1}, {"b": "1"}, [], 0, ""]),
)
_JSON_VALUES = st.dictionaries(st.sampled_from(["a", "b", "c", "passed"]), _VALUES, max_size=3)


@st.composite
def field_specs(draw: st.DrawFn) -> AssertionSpec:
    """`fields` (now and then a broken entry, weight or aggregation, which are `error`) or
    the `expected:` form (now and then empty)."""
    options: dict[str, Any] = {"type": "field-accuracy"}
    if _sometimes(draw, 4):
        options["expected"] = draw(st.dictionaries(st.sampled_from(_KEYS), _VALUES, max_size=3))
    else:
        entry = st.fixed_dictionaries(
            {
                "path": st.sampled_from(_KEYS),
                "match": st.sampled_from(["exact", "exact", "numeric_tolerance", "date", "bogus"]),
            },
            optional={
                "required": st.booleans(),
                "weight": st.sampled_from([0, 1, 2.5, -1]),
                "tolerance": st.sampled_from([0, 0.5, 1]),
                "relative": st.booleans(),
                "formats": st.sampled_from([["DD/MM/YYYY"], ["MM/DD/YYYY"], []]),
            },
        )
        options["fields"] = draw(st.lists(entry, max_size=4))
        if _sometimes(draw, 3):
            options["aggregation"] = draw(
                st.sampled_from(["all_or_nothing", "weighted_average", "x"])
            )
    if _sometimes(draw, 10):
        options["target_output_key"] = "a"
    return AssertionSpec(
        index=0, name="f", type="field-accuracy", options=options, negate=draw(st.booleans())
    )


@st.composite
def references(draw: st.DrawFn) -> Any:
    """The test's expected_output: a value, a JSON text, messages, or nothing usable."""
    value = draw(_JSON_VALUES)
    return draw(
        st.sampled_from(
            [
                value,
                json.dumps(value),
                [{"role": "user", "content": "q"}, {"role": "assistant", "content": value}],
                None,
                "not JSON",
            ]
        )
    )


field_texts = st.one_of(_JSON_VALUES.map(json.dumps), texts, st.just('```json\n{"a": 1}\n```'))


@settings(max_examples=1000, deadline=None, suppress_health_check=list(HealthCheck))
@given(spec=field_specs(), reference=references(), text=field_texts)
def test_field_accuracy_decides_as_it_grades(
    spec: AssertionSpec, reference: Any, text: str
) -> None:
    test = replace(TEST, expected_output=reference)
    run = RunData(test=test, response=text)
    expected = engine.evaluate_one(spec, run).status is Status.PASSED
    passes = engine.decider(spec, test)
    assert (passes is None) == ("target_output_key" in spec.options)
    assert engine.decide(spec, run) == expected
    if passes is not None:
        assert passes(text) == expected


@settings(max_examples=300, deadline=None)
@given(st.lists(texts, min_size=1, max_size=40))
def test_remembered_lowered_texts_are_js_lower(seen: list[str]) -> None:
    """The whole-text checks remember each small text's trimmed, lowered form for the
    decoys asked about again and again: always `js_lower`'s answer, whichever texts came
    before, and never more than a few held."""
    from agentv_grader.assertions import text
    from agentv_grader.js.strings import js_lower, js_trim

    for said in seen + seen[::-1]:
        assert text._trimmed_lowered(said) == js_lower(js_trim(said))
        assert text._small_folded(said, False) == js_lower(js_trim(said))
        assert text._small_folded(said, True) == js_trim(said)
        held = text._trimmed_lowered.cache_info()
        assert held.currsize <= (held.maxsize or 0) == 16
