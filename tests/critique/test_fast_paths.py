"""The critique's shortcuts say what the plain code they stand for says (SPEC §6.2, §8):
the hand-written JSON of `_show`, the fixed decoys' evidence written once, and `passing`
answered from what `_PASSES` remembers, on first, second and later sightings of an
assertion; and the next test's response is the one `_after` finds, whatever the ids."""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from agentv_grader import engine
from agentv_grader.assertions import about
from agentv_grader.critique import context, decoys, fixes, not_analysed, static
from agentv_grader.load.evalfile import load_suite
from agentv_grader.load.yaml12 import YamlList, YamlMap
from agentv_grader.model import AssertionSpec, RunData, Suite, TestCase
from agentv_grader.record import replace

from .support import make_suite

# Characters JSON escapes (quotes, backslash, controls, line separators) and some it keeps.
_CHARS = st.sampled_from(list('aZ é"\\\n\t\x00\x1f\u2028\ufeffİ😀/') + ["\ud800"])
text = st.text(_CHARS, max_size=8)
scalar = st.one_of(
    text, st.none(), st.booleans(), st.integers(-2, 2), st.floats(allow_nan=False, width=16)
)
strings = st.lists(text, max_size=3)
value = st.one_of(
    text,
    strings,
    strings.map(YamlList),
    scalar,
    st.lists(scalar, max_size=2),
    st.dictionaries(text, text, max_size=2),
)
key = st.one_of(text, st.sampled_from(["name", "metric", "type", "value"]), st.integers(0, 1))


def _mapping(items: list[tuple[Any, Any]], yaml: bool) -> dict[Any, Any]:
    mapping: dict[Any, Any] = YamlMap() if yaml else {}
    mapping.update(items)
    return mapping


@settings(max_examples=800, deadline=None)
@given(st.lists(st.tuples(key, value), max_size=4), st.booleans())
def test_show_writes_options_as_the_json_encoder_does(items: list[Any], yaml: bool) -> None:
    options = _mapping(items, yaml)
    spec = AssertionSpec(index=0, name="n", type="contains", options=options)
    shown = {k: v for k, v in options.items() if k not in ("name", "metric", "type")}
    encoded = json.dumps(shown, ensure_ascii=False, default=str)
    assert static._show(spec) == f"contains {encoded[:200]}"
    flat = static._flat_json(options)
    assert flat is None or flat == encoded


@given(
    st.recursive(
        scalar,
        lambda inner: st.lists(inner, max_size=2) | st.dictionaries(text, inner, max_size=2),
        max_leaves=5,
    )
)
def test_fixes_write_values_as_json_dumps_does(given_value: Any) -> None:
    """`fixes.flow` writes each value by an encoder made once (not one per `json.dumps`
    call): the same text as `json.dumps(value, ensure_ascii=False)` for every leaf."""

    def plain(value: Any) -> str:
        if isinstance(value, dict):
            return "{" + ", ".join(f"{k}: {plain(v)}" for k, v in value.items()) + "}"
        if isinstance(value, list):
            return "[" + ", ".join(plain(v) for v in value) + "]"
        return json.dumps(value, ensure_ascii=False)

    assert (
        fixes.flow("equals", value=given_value)
        == f"`{{type: equals, value: {plain(given_value)}}}`"
    )


def test_show_writes_most_options_by_hand() -> None:
    assert static._flat_json({"type": "x", "value": YamlList(["a", "b"]), "flags": "i"}) == (
        '{"value": ["a", "b"], "flags": "i"}'
    )


@settings(max_examples=500, deadline=None)
@given(text, st.integers(0, 12))
def test_quote_is_json_of_the_cut_text(said: str, limit: int) -> None:
    cut = said if len(said) <= limit else said[:limit] + "…"
    assert context.quote(said, limit) == json.dumps(cut, ensure_ascii=False)


def test_the_fixed_decoys_are_shown_as_any_decoy() -> None:
    assert decoys._FIXED_SHOWN == {d: decoys._shown(d) for d in context.FIXED_DECOYS}
    assert len(decoys._FIXED_SHOWN) == 3


def _suite_and_tests(tmp: Any, rows: list[dict[str, Any]], stranger: bool) -> tuple[Any, list[Any]]:
    """The suite of `rows` and the tests to ask about: its own, and with `stranger` one
    equal to a test of the suite but another object and one of no position."""
    path = tmp / "s.eval.yaml"
    path.write_text(json.dumps({"name": "s", "tests": rows}), encoding="utf-8")
    suite = load_suite(str(path))
    tests = list(suite.tests)
    if stranger:
        tests += [load_suite(str(path)).tests[0], replace(suite.tests[0], id="zz")]
    return suite, tests


def _next_response(suite: Any, test: Any, bench: str) -> str | None:
    """The next test's response as `_after` finds it (the code the loop stands for)."""
    order = context._suite_order(suite)
    at = context._position(order, suite, test)
    for other in context._after(suite, test, range(len(suite.tests)), at):
        found = context._read_response(os.path.join(bench, other.id, "response.md"))
        if found is not None:
            return found
    return None


@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(
    ids=st.lists(st.sampled_from(["a", "b", "c", "d"]), min_size=1, max_size=6),
    answered=st.lists(st.sampled_from(["", " ", "x", None]), min_size=6, max_size=6),
    stranger=st.booleans(),
)
def test_the_next_response_is_the_one_after_finds(
    tmp_path_factory: Any, ids: list[str], answered: list[str | None], stranger: bool
) -> None:
    """Repeated ids, missing or blank responses, and a test that is not in the suite."""
    tmp = tmp_path_factory.mktemp("next")
    check = [{"type": "contains", "value": "z"}]
    rows = [{"id": i, "input": "Q", "assertions": check} for i in ids]
    suite, tests = _suite_and_tests(tmp, rows, stranger)
    bench = tmp / "bench"
    for i, answer in zip(sorted(set(ids)), answered, strict=False):
        if answer is not None:
            (bench / i).mkdir(parents=True)
            (bench / i / "response.md").write_text(answer + i, encoding="utf-8")
    order = context._suite_order(suite)
    for test in tests:
        at = context._position(order, suite, test)
        found = context._cross_test_decoys(suite, test, str(bench), order, at)
        expected = _next_response(suite, test, str(bench))
        texts = [d.text for d, _ in found]
        assert texts == ([] if expected is None or not expected.strip() else [expected])


def _next_reference(suite: Any, test: Any) -> tuple[str, str] | None:
    """The next test's reference decoy (label, text) as `_after` finds it over the tests
    with a reference that is not all white space (the code the inline loop stands for)."""
    order = context._suite_order(suite)
    at = context._position(order, suite, test)
    for other in context._after(suite, test, order.with_reference, at):
        text = order.reference_of(other)
        if text is not None and text.strip(" \n"):
            return f"test '{other.id}''s expected_output", text
    return None


@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(
    ids=st.lists(st.sampled_from(["a", "b", "c"]), min_size=1, max_size=6),
    answers=st.lists(st.sampled_from(["", " \n", "x", None, "Rome"]), min_size=6, max_size=6),
    stranger=st.booleans(),
)
def test_the_next_reference_is_the_one_after_finds(
    tmp_path_factory: Any, ids: list[str], answers: list[str | None], stranger: bool
) -> None:
    """Repeated ids, missing or blank references, and a test that is not in the suite:
    the reference decoy and its trimmed text are those `_after` finds."""
    tmp = tmp_path_factory.mktemp("nextref")
    check = [{"type": "contains", "value": "z"}]
    rows = [
        {"id": i, "input": "Q", "assertions": check}
        | ({} if answer is None else {"expected_output": answer + str(n) if answer else answer})
        for n, (i, answer) in enumerate(zip(ids, answers, strict=False))
    ]
    suite, tests = _suite_and_tests(tmp, rows, stranger)
    order = context._suite_order(suite)
    for test in tests:
        at = context._position(order, suite, test)
        found = context._cross_test_decoys(suite, test, None, order, at)
        expected = _next_reference(suite, test)
        shown = [(d.label, d.text, trimmed) for d, trimmed in found]
        assert shown == ([] if expected is None else [(*expected, expected[1].strip())])


_REFUSAL_CHARS = list("refusdclinoyhpatmwb' ?RSK\u017f\u212a\u0130\u0131\u00e9\n")


@settings(max_examples=600, deadline=None)
@given(
    pieces=st.lists(
        st.sampled_from(
            ["refus", "Declin", "SORRY", "sorry!", "can't help", "cannot assist", "won't",
             "unable to comply", "can not help", "ſorry", "help", "xrefus", "sorryx"]
            + _REFUSAL_CHARS
        ),
        max_size=6,
    )
)  # fmt: skip
def test_the_refusal_cue_prefilter_answers_as_the_search(pieces: list[str]) -> None:
    """`_says_refusal` (an ASCII text holding no cue is not searched) says what
    `refusal_words().search` says, case variants that only Unicode folds (long s, Kelvin
    sign, dotted I) included."""
    said = "".join(pieces)
    assert context._says_refusal(said) == (context.refusal_words().search(said) is not None)


def _plain_words(text: str) -> frozenset[str]:
    """What `context.words_of` stands for: the text read line by line."""
    return frozenset(
        line.strip() for line in text.splitlines() if line.strip() and not line.startswith("#")
    )


@settings(max_examples=1500, deadline=None)
@given(
    st.text(
        st.sampled_from(list("ab#  \t\n\n\n\r\x0b\x0c\x1c\x1e\x1f\x85\xa0\u2028\u2029é")),
        max_size=30,
    )
)
def test_word_lists_read_as_line_by_line(text: str) -> None:
    """`words_of` (C loops for a list shaped as the shipped ones) reads any text as the
    line-by-line reading it stands for: stripped lines, less blank ones and those starting
    with `#`, whatever breaks its lines and wherever its `#`s are."""
    assert context.words_of(text) == _plain_words(text)


@pytest.mark.parametrize("name", ["data/common_words.txt", "data/everyday_words.txt"])
def test_the_shipped_word_lists_are_read_in_c_loops(name: str) -> None:
    """Both shipped lists have the shape `words_of` reads without a Python step per line,
    and read as line by line."""
    text = context._shipped_text(name)
    assert context._plain_body(text) is not None
    assert context.words_of(text) == _plain_words(text)


_CUE_CHARS = list("reptascodvbihwxn' :.\"`\u201cRESK\u017f\u212a\u0130\u0131\u00e9\n")


@settings(max_examples=600, deadline=None)
@given(
    pieces=st.lists(
        st.sampled_from(
            ["repeat", "Restate", "ECHO back", "echoes it", "read it back", "read", "copy",
             "Verbatim", "word for word", "exactly as given", "exactly as", "rePeat", "echo",
             "xcopyx", "ſtate", "verbatim!", "word for", "reſtate", "verbatİm", "exactly aſ"]
            + _CUE_CHARS
        ),
        max_size=6,
    )
)  # fmt: skip
def test_the_repeat_cue_prefilter_answers_as_the_search(pieces: list[str]) -> None:
    """`asks_repeat` (an ASCII text holding no cue is not searched) says what
    `repeat_task().search` says, case variants that only Unicode folds (long s, Kelvin
    sign, dotted I) included."""
    said = "".join(pieces)
    assert decoys.asks_repeat(said) == (decoys.repeat_task().search(said) is not None)


def _plain_named_json(said: str) -> tuple[list[str], dict[str, str]]:
    """What `decoys._named_json` stands for on a test without a reference: both of
    `_json_words`' patterns searched."""
    named_key, set_to = decoys._json_words()
    keys: list[str] = []
    for found in named_key.finditer(said):
        key = found.group(1) or found.group(2)
        if key and key not in keys:
            keys.append(key)
    consts = {}
    for found in set_to.finditer(said):
        if found.group(1) in keys:
            consts[found.group(1)] = found.group(2).rstrip(".")
    return keys, consts


@settings(max_examples=600, deadline=None)
@given(
    pieces=st.lists(
        st.sampled_from(
            ['"result" key', "a status field", "'id' property", "`ok` key", "key", "keys",
             " Key", "field", "\u00a0key", "\tfield", "_key", "status set to ok",
             "status key set to 'done'.", "set to", "result", "status", " ", '"', "'", "`",
             "\n", "a", "_", "é"]
        ),
        max_size=6,
    )
)  # fmt: skip
def test_the_key_cue_prefilter_answers_as_the_searches(pieces: list[str]) -> None:
    """`_named_json` (an input holding none of `_KEY_CUES` is not searched) finds the keys
    and the values that both patterns searched find."""
    said = "".join(pieces)
    test = TestCase(id="t", suite="s", assertions=(), threshold=1.0, threshold_source="")
    run = RunData(test=test, response="")
    ctx = context.Context(None, test, None, None, None, said, (), run, ())  # type: ignore[arg-type]
    assert decoys._named_json(ctx) == _plain_named_json(said)


def _plain_instructions(text: str) -> tuple[bool, str | None]:
    """What `fixes.read_instructions` stands for: every pattern searched."""
    starts, start_said, ends, exactly = fixes.patterns()
    for pattern, kind in ((starts, "starts-with"), (ends, "ends-with"), (exactly, "equals")):
        found = pattern.search(text)
        if found:
            return (
                start_said.search(text) is not None,
                fixes.flow(kind, value=found.group(1).strip().rstrip(".")),
            )
    return start_said.search(text) is not None, None


@settings(max_examples=1500, deadline=None)
@given(
    pieces=st.lists(
        st.sampled_from(
            ["Start", "start ", "begins", "BEGIN", "beginning", "with", "WITH ", " with ",
             "with exactly", "With Exactly", "with exactly: ", "end", "Ends", "ending",
             "your response ", "reply", "Respond", "answer", "output", "return", "'Dear'",
             "\"ok\"", "`x`", ": ", ".", "\n", "ſtart", "\u212aey", "wİth", "ſ", "\u212a",
             "\u0130", "\u0131", "exactly", " ", "Reply with exactly: done"]
        ),
        max_size=9,
    )
)  # fmt: skip
def test_the_instruction_cue_prefilter_answers_as_the_searches(pieces: list[str]) -> None:
    """`fixes.read_instructions` (in an ASCII text lacking a pattern's words, that pattern
    is not searched) finds what searching every pattern finds, case variants that only
    Unicode folds included."""
    said = "".join(pieces)
    assert fixes.read_instructions(said) == _plain_instructions(said)


def _suite_answering(tmp_path: Any, answers: list[Any]) -> Suite:
    """A suite of one test per reference answer (`expected_output`; None: the test has none)."""
    check = [{"type": "contains", "value": "z"}]
    rows = [
        {"id": f"t{n}", "input": "Q", "assertions": check}
        | ({} if answer is None else {"expected_output": answer})
        for n, answer in enumerate(answers)
    ]
    path = tmp_path / "s.eval.yaml"
    path.write_text(json.dumps({"name": "s", "tests": rows}), encoding="utf-8")
    return load_suite(str(path))


def test_the_suite_order_keeps_each_tests_reference_text(tmp_path: Any) -> None:
    """The reference answers as text are written out once per suite; a test object that
    is not the suite's own (equal id, other content) gets its own reference, never the
    suite's test's."""
    answers: list[Any] = [
        {"city": "Paris"},
        "Paris",
        [{"role": "user", "content": "Q"}, {"role": "assistant", "content": "Rome"}],
        None,
        "",
    ]
    suite = _suite_answering(tmp_path, answers)
    order = context._suite_order(suite)
    assert order._references[0] is None  # (written out when first asked)
    wanted = tuple(context.reference_text(t.expected_output) for t in suite.tests)
    assert tuple(order.reference_at(at)[0] for at in range(len(answers))) == wanted
    assert wanted[:3] == ('{"city":"Paris"}', "Paris", "Rome")
    assert order.with_reference == (0, 1, 2)
    stranger = replace(suite.tests[0], expected_output={"city": "Lyon"})
    assert order.reference_of(stranger) == '{"city":"Lyon"}'
    assert order.reference_of(suite.tests[1]) == "Paris"


def test_the_tests_with_a_reference_are_told_without_writing_it_out(tmp_path: Any) -> None:
    """`with_reference` holds exactly the tests whose reference, written out and trimmed,
    is not empty (every kind of expected_output: blank and other strings, JSON values,
    messages whose last assistant says nothing or something), and only strings and
    messages are looked into to tell it."""
    answers: list[Any] = [
        None, "", " \n\u3000", "x", {}, {"a": None}, [], [None], 0, False, 1.5,
        [{"role": "user", "content": "Q"}, {"role": "assistant", "content": " "}],
        [{"role": "assistant", "content": [{"type": "text", "value": "\t"}]}],
        [{"role": "assistant", "content": [{"type": "text", "value": "R"}]}],
        [{"role": "user", "content": "Q"}], [{"role": "assistant", "content": {"k": 1}}],
    ]  # fmt: skip
    suite = _suite_answering(tmp_path, answers)
    order = context._SuiteOrder(suite)
    looked_into = [at for at, known in enumerate(order._references) if known is not None]
    assert all(isinstance(answers[at], list) for at in looked_into)
    texts = [context.reference_text(t.expected_output) for t in suite.tests]
    assert order.with_reference == tuple(
        at for at, text in enumerate(texts) if text is not None and context.js_trim(text)
    )
    assert order.with_reference == (3, 4, 5, 6, 7, 8, 9, 10, 13, 15)


_TYPES = ["contains", "icontains", "regex", "starts-with", "equals", "contains-any", "is-json"]
_NEEDLES = ["a", "A", "Q", "sorry", "Sure", "^I", "x", "{", "answer", "item 1"]


@st.composite
def _assertion(draw: st.DrawFn) -> dict[str, Any]:
    kind = draw(st.sampled_from(_TYPES))
    item: dict[str, Any] = {"type": kind, "negate": draw(st.booleans())}
    if kind == "contains-any":
        item["value"] = draw(st.lists(st.sampled_from(_NEEDLES), min_size=1, max_size=2))
    elif kind != "is-json":
        item["value"] = draw(st.sampled_from(_NEEDLES))
    if draw(st.integers(0, 4)) == 0:
        item["case_sensitive"] = draw(st.sampled_from([True, False, 1]))
    return item


@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
@given(
    tests=st.lists(st.lists(_assertion(), max_size=4), min_size=1, max_size=5),
    responses=st.lists(st.sampled_from(["", "Q", "a", "I'm sorry", "{}", "answer 1"]), max_size=5),
)
def test_passing_is_what_full_grading_says(
    tmp_path_factory: Any, tests: list[list[dict[str, Any]]], responses: list[str]
) -> None:
    """Assertions repeat across tests (equal, so `_PASSES` shares what it remembers);
    each test's decoys on which an assertion passes are those full grading passes."""
    tmp: Path = tmp_path_factory.mktemp("passing")
    rows = [{"id": f"t{i}", "input": "Q", "assertions": specs} for i, specs in enumerate(tests)]
    path = tmp / "s.eval.yaml"
    path.write_text(json.dumps({"name": "s", "tests": rows}), encoding="utf-8")
    suite = load_suite(str(path))
    for i, response in enumerate(responses):
        (tmp / "bench" / f"t{i}").mkdir(parents=True, exist_ok=True)
        (tmp / "bench" / f"t{i}" / "response.md").write_text(response, encoding="utf-8")
    context._PASSES.clear()
    for _ in range(3):  # first sighting, second (remembered from then on), later
        for test in suite.tests:
            run = RunData(test=test, response="a", eval_dir=str(tmp))
            ctx = context.build_context(suite, test, run, None, str(tmp / "bench"))
            for spec in test.assertions:
                full = [d for d in ctx.decoys if ctx.probe(spec, d.text).status.value == "passed"]
                assert list(ctx.passing(spec)) == full, (test.id, spec.name)


# White space JavaScript and Python disagree on (U+001C-1F are Python's only), CR, LF, the
# backtick (the one ASCII quote folded), and non-ASCII text (NFKC, quotes, dashes).
_FOLD_CHARS = st.sampled_from(list(" \t\n\r\x0b\x0c\x1c\x1f\x85\xa0\u3000\u2028\ufeffab`'’“–éﬁ"))


@settings(max_examples=400, deadline=None)
@given(st.text(_FOLD_CHARS, max_size=12))
def test_near_miss_folds_take_their_ascii_paths_exactly(said: str) -> None:
    """`_spaces` and `_nfkc` answer as the regex and translate table they stand for: ASCII
    text without them, other text substituting only the runs of white space that change
    and translating only a text with a quote or dash to fold."""
    import re
    import unicodedata

    from agentv_grader.critique import coverage
    from agentv_grader.js.strings import JS_WHITESPACE

    spaces = re.compile(f"[{re.escape(JS_WHITESPACE)}]+")
    assert coverage._spaces(said) == spaces.sub(" ", said).strip()
    assert coverage._nfkc(said) == unicodedata.normalize("NFKC", said).translate(coverage._QUOTES)


@settings(max_examples=400, deadline=None)
@given(
    st.text(_FOLD_CHARS, max_size=12),
    st.text(_FOLD_CHARS, min_size=1, max_size=4),
    st.sampled_from(["in", "eq", "pre", "suf"]),
    st.booleans(),
)
def test_near_miss_finds_the_fold_each_fold_finds(
    said: str, value: str, op: str, keep: bool
) -> None:
    """`_first_fold` (its last fold made from the NFKC fold it made before, or from the
    white space fold when NFKC changed nothing, the folds kept or not) names the first of
    `_FOLDS` under which the check holds, each made afresh."""
    from agentv_grader.critique import coverage

    wanted = next(
        (how for how, fold in coverage._FOLDS if coverage._holds(op, fold(said), fold(value))),
        None,
    )
    folded: list[str | None] | None = [None] * len(coverage._FOLDS) if keep else None
    assert coverage._first_fold(op, said, folded, value) == wanted
    if folded is not None:  # what is kept is each fold of the text (`str.lower` for case)
        folds = [fold for _, fold in coverage._FOLDS]
        if not said.isascii():
            folds[coverage._CASE_FOLD] = str.lower
        for fold, done in zip(folds, folded, strict=True):
            assert done is None or done == fold(said)


@settings(max_examples=300, deadline=None)
@given(
    st.text(_FOLD_CHARS, max_size=12),
    st.text(_FOLD_CHARS, min_size=1, max_size=4),
    st.sampled_from(["in", "eq", "pre", "suf"]),
    st.booleans(),
    st.sampled_from(["é", "\u1c89", "A"]),
)
def test_near_miss_on_a_long_text_finds_the_fold_each_fold_finds(
    said: str, value: str, op: str, keep: bool, letter: str
) -> None:
    """From `SHARED_LOWER_FROM` characters on, a text's case fold is its `js_lower` (which
    `js.strings` keeps, made already for a response), not `str.lower`: `_first_fold` still
    names the first of `_FOLDS` under which the check holds, each made afresh."""
    from agentv_grader.critique import coverage

    said = letter * context.SHARED_LOWER_FROM + said
    wanted = next(
        (how for how, fold in coverage._FOLDS if coverage._holds(op, fold(said), fold(value))),
        None,
    )
    folded: list[str | None] | None = [None] * len(coverage._FOLDS) if keep else None
    assert coverage._first_fold(op, said, folded, value) == wanted
    if folded is not None:  # what is kept is each fold of the text (`js_lower` for case)
        for (_, fold), done in zip(coverage._FOLDS, folded, strict=True):
            assert done is None or done == fold(said)


# Letters node lowers and this Python does not (U+1C89, U+A7CB, U+A7CC), their lower case
# (U+1C8A, U+0264, U+A7CD), and other letters.
_NEWER = st.sampled_from(list("\u1c89\u1c8a\ua7cb\u0264\ua7cc\ua7cdaAé "))


@settings(max_examples=2000, deadline=None)
@given(
    st.text(_NEWER, max_size=8),
    st.text(_NEWER, min_size=1, max_size=3),
    st.sampled_from(["in", "eq", "pre", "suf"]),
)
def test_the_case_fold_is_told_from_pythons_lower_case(said: str, value: str, op: str) -> None:
    """`_case_holds`, given `str.lower` of a text, answers as the check on `js_lower` of it,
    newer letters (which the two lower differently) in the text and the value."""
    from agentv_grader.critique import coverage
    from agentv_grader.js.strings import js_lower

    wanted = js_lower(value)
    expected = coverage._holds(op, js_lower(said), wanted)
    assert coverage._case_holds(op, said, said.lower(), wanted) == expected


def test_no_js_lower_case_holds_a_letter_it_lowers_otherwise_than_python() -> None:
    """What `_case_holds` rests on: the letters `js_lower` changes where `str.lower` keeps
    them are one character each way, and no character's `js_lower` holds one of them."""
    from agentv_grader.js.strings import _lower_overrides, js_lower

    kept = {chr(cp).lower() for cp in _lower_overrides()}
    assert all(len(k) == 1 for k in kept) and kept == set(map(chr, _lower_overrides()))
    everything = "".join(chr(cp) for cp in range(0x110000) if not 0xD800 <= cp < 0xE000)
    assert kept.isdisjoint(js_lower(everything))


# Letters whose lower case or NFKC form is ASCII or longer (Kelvin sign, dotted I, long s,
# fullwidth A, the fi ligature, final sigma, dz with caron), combining marks (the acute,
# and the long solidus that NFKC composes with `=` into `≠`), white space either language
# has alone, quotes and dashes of both kinds, ASCII letters in both cases, and a letter
# every fold keeps.
_NEAR_TEXT = st.sampled_from(
    list(
        "akKsSiIf1= \t\n\x0b\x1c\x85\xa0\u3000\ufeff`'\"-’“–\u212a\u0130\u017f\ufb01\uff21Σ\u0301"
        "\u0338\u01c6é東"
    )
)
_NEAR_VALUE = st.sampled_from(list("akKsSiIf1 \t\x1c`'\"-é\u212a"))


@settings(max_examples=3000, deadline=None)
@given(
    st.text(_NEAR_TEXT, max_size=10),
    st.text(_NEAR_VALUE, min_size=1, max_size=4),
    st.sampled_from(["in", "eq", "pre", "suf"]),
)
def test_near_miss_shortcut_gives_the_answer_of_every_fold(said: str, value: str, op: str) -> None:
    """`_beyond_folding` says no fold holds only where none does, and `_first_fold`, which
    stops there, names the first fold that holds, each made afresh."""
    from agentv_grader.critique import coverage
    from agentv_grader.js.strings import js_lower

    wanted = next(
        (how for how, fold in coverage._FOLDS if coverage._holds(op, fold(said), fold(value))),
        None,
    )
    if coverage._beyond_folding(op, said, js_lower(said), value):
        assert wanted is None
    assert coverage._first_fold(op, said, None, value) == wanted


def _near_variants(char: str) -> list[str]:
    """What a character of a value may become in a text that a fold may match: itself, in
    upper case, fullwidth (NFKC makes it ASCII again), with white space, a combining mark
    or a character no fold removes after it, as a curly quote."""
    variants = [char, char.upper(), char + " ", char + "\u3000", char + "\u0301", char + "\u0338"]
    variants += [char + "東", char + char]
    if "!" <= char <= "~":
        variants.append(chr(ord(char) + 0xFEE0))
    if char == "'":
        variants.append("’")
    return variants


@st.composite
def _near_equal(draw: st.DrawFn) -> tuple[str, str]:
    """An ASCII value and a text made from it, character by character, by `_near_variants`
    (most fold back to the value, some do not), with white space around."""
    value = draw(st.text(st.sampled_from(list("aK=<'` -1")), min_size=1, max_size=5))
    said = "".join(draw(st.sampled_from(_near_variants(c))) for c in value)
    around = st.sampled_from(["", " ", "\u3000", "\ufeff", "\x85", "\xa0"])
    return value, draw(around) + said + draw(around)


@settings(max_examples=3000, deadline=None)
@given(_near_equal())
def test_near_miss_equals_is_told_by_length_only_where_no_fold_holds(
    pair: tuple[str, str],
) -> None:
    """`eq` ruled out by the count of kept ASCII characters (a text NFKC would change) is
    ruled out by every fold, on texts made to be near the value."""
    from agentv_grader.critique import coverage
    from agentv_grader.js.strings import js_lower

    value, said = pair
    wanted = next(
        (how for how, fold in coverage._FOLDS if coverage._holds("eq", fold(said), fold(value))),
        None,
    )
    if coverage._beyond_folding("eq", said, js_lower(said), value):
        assert wanted is None
    assert coverage._first_fold("eq", said, None, value) == wanted


@pytest.mark.parametrize(
    ("op", "said", "value", "beyond"),
    [
        ("in", "the capital is Rome", "Paris", True),
        ("in", "the capital is PARIS", "Paris", False),  # a piece is there: fold
        ("in", "Die Straße", "strasse", True),  # no fold makes ß ss
        ("in", "Rome", "Zürich", False),  # a non-ASCII value: fold
        ("in", "ﬁne", "fine", False),  # NFKC would change the text: fold
        ("pre", "```json\n{}", "{", True),
        ("pre", "  {}", "{", False),
        ("suf", "{} ```", "}", True),
        ("eq", "Summary: order 12 handled", "Summary: order 12", True),
        ("eq", "summary:  ORDER 12", "Summary: order 12", False),
        # NFKC would change the text (ǆ): `eq` is told by length alone
        ("eq", "Summary: order 12 handled by ǆemal", "Summary: order 12", True),
        ("eq", "ＡＢ", "ab", False),  # no ASCII kept: fold (NFKC makes it AB)
        ("in", "Summary: order 12 handled by ǆemal", "Summary: order 13", False),
        ("pre", "\x85X", "x", False),  # kept by JavaScript's trim, stripped by str.strip
        ("suf", "’twas", "'", False),  # a quote: folded, not compared
    ],
)
def test_near_miss_shortcut_tells_a_missing_value_without_folding(
    op: str, said: str, value: str, beyond: bool
) -> None:
    from agentv_grader.critique import coverage
    from agentv_grader.js.strings import js_lower

    assert coverage._beyond_folding(op, said, js_lower(said), value) is beyond


def test_near_miss_folds_the_response_once_for_every_failed_check(tmp_path: Path) -> None:
    """Three failed checks read the folds of the response made for the first that needed
    them (each made once); each check gets the finding it got when it folded the response
    itself."""
    from agentv_grader import engine
    from agentv_grader.critique import coverage

    checks = [{"type": "contains", "value": v} for v in ["Paris", "Lyon  is", "Nice"]]
    path = tmp_path / "s.eval.yaml"
    rows = [{"id": "t", "input": "Q", "assertions": checks}]
    path.write_text(json.dumps({"name": "s", "tests": rows}), encoding="utf-8")
    suite = load_suite(str(path))
    test = suite.tests[0]
    response = "the capital is PARIS, and lyon is near; " * 3
    run = RunData(test=test, response=response)
    ctx = context.build_context(suite, test, run, engine.evaluate(test.assertions, run), None)
    calls: list[str] = []
    folds = coverage._FOLDS
    coverage._FOLDS = tuple((how, _counting(fold, calls)) for how, fold in folds)
    try:
        hits = list(coverage.near_miss(ctx))
    finally:
        coverage._FOLDS = folds
    assert [(h.index, h.reason.split(": ")[0]) for h in hits] == [
        (0, "it failed, but would pass ignoring case"),
        (1, "it failed, but would pass after case, white space and NFKC folding"),
    ]
    # each fold of the response made once, the last from the NFKC fold (not the response)
    assert calls.count(response) == len(folds) - 1


def _counting(fold: Any, calls: list[str]) -> Any:
    def counted(text: str) -> str:
        calls.append(text)
        return fold(text)

    return counted


_PATTERN_PARTS = [
    "a", "^", "$", "\\b", "\\B", "*", "?", "+", "{0}", "|", "(", ")", "(?=a)", "(?!a)",
    "(?<=a)", "\\1", "[]", "[^]", ".", "\\s", "(a*)",
]  # fmt: skip


@settings(max_examples=150, deadline=None)
@given(
    st.lists(st.sampled_from(_PATTERN_PARTS), max_size=5).map("".join),
    st.sampled_from(["", "m", "y", "u", "s"]),
)
def test_a_pattern_without_an_empty_match_in_the_empty_text_matches_nothing_everywhere(
    pattern: str, flags: str
) -> None:
    """`matches_anything`'s shortcut (the compiled pattern finds nothing in "") never
    hides what the pattern reader finds: every pattern the reader says matches anything
    matches the empty text."""
    from agentv_grader.critique import _pattern

    try:
        node = _pattern.read_pattern(pattern, flags)
    except _pattern.PatternUnreadable:
        return
    allowed = {"free", "start"} if "y" in flags else {"free", "start", "end"}
    by_reader = bool(_pattern.empty_match_kinds(node) & allowed)
    if by_reader:
        assert not _pattern._no_empty_match(pattern, flags)
    assert bool(_pattern.matches_anything(pattern, flags)) == by_reader


_FIELD_TEXTS = [
    "", context.REFUSAL, context.BOILERPLATE, "I'm sorry", "{", "{}", '{"a": 1}',
    '{"a": "1"}', '```json\n{"a": 1}\n```', "[1]",
    '"a"', "12", 'x {"a": 1, "b": [2]} y', '{"a": 1, "passed": "yes"}', "[" * 3000 + "]" * 3000,
]  # fmt: skip
_FIELD_OPTIONS: list[dict[str, Any]] = [
    {"fields": [{"path": "a", "match": "exact"}]},
    {"fields": [{"path": "a", "match": "numeric_tolerance", "tolerance": 1}]},
    {"fields": [{"path": "b", "match": "exact", "required": False}]},
    {"fields": [{"path": "a", "match": "bogus"}]},
    {"fields": []},
    {"expected": {"a": 1}},
    {"expected": {}},
    {"fields": [{"path": "a", "match": "exact"}], "aggregation": "all_or_nothing"},
    {"fields": [{"path": "a", "match": "exact"}], "target_output_key": "a"},
]


@settings(max_examples=300, deadline=None)
@given(
    st.sampled_from(_FIELD_TEXTS),
    st.sampled_from(_FIELD_OPTIONS),
    st.booleans(),
    st.sampled_from(
        [{"a": 1}, '{"a": 1}', "no json", None, [{"role": "assistant", "content": {"a": 2}}]]
    ),
)
def test_field_accuracy_probes_answer_as_the_engine_grades(
    said: str, options: dict[str, Any], negate: bool, expected: Any
) -> None:
    """A `field-accuracy` decoy is answered by its verdict-only path for the test
    (`engine.decider(spec, test)`, which parses the test's reference once) where there is
    one; every decoy's verdict is the engine's full grading's."""
    from agentv_grader import engine
    from agentv_grader.model import Status, TestCase

    spec = AssertionSpec(
        index=0, name="f", type="field-accuracy", options={"type": "field-accuracy", **options},
        negate=negate,
    )  # fmt: skip
    test = TestCase(
        id="t", suite="s", assertions=(spec,), threshold=1.0, threshold_source="",
        expected_output=expected,
    )  # fmt: skip
    run = RunData(test=test, response=said)
    graded = engine.evaluate_one(spec, run).status is Status.PASSED
    ctx = context.Context(None, test, None, None, None, "", (), run, (spec,))  # type: ignore[arg-type]
    fast, _ = ctx._plan(spec)
    assert (fast is None) == ("target_output_key" in options)
    assert ctx._decide(spec, fast, said) == graded
    assert ctx.passes(spec, said) == graded


def test_the_spec_memo_keys_on_what_its_readings_read() -> None:
    """Equal assertions share one entry whatever their name and index; another type,
    negation, problem or option value does not."""
    from agentv_grader.critique._spec import MEMO

    def spec(**changes: Any) -> AssertionSpec:
        base = AssertionSpec(index=0, name="a", type="contains", options={"value": "Paris"})
        return replace(base, **changes)

    first = MEMO.of(spec())
    assert MEMO.of(spec(name="b", index=3, weight=2.0)) is first
    named = MEMO.of(spec(options={"name": "a1", "value": "Paris"}))
    assert MEMO.of(spec(name="a2", options={"name": "a2", "value": "Paris"})) is named
    assert named is first  # (the name is no reading's: one entry, and one probe key)
    for other in (
        spec(type="icontains"),
        spec(negate=True),
        spec(problem="broken"),
        spec(options={"value": "Rome"}),
        spec(options={"value": "Paris", "case_sensitive": False}),
        spec(options={"value": YamlList(["Paris"])}),
    ):
        assert MEMO.of(other) is not first


@settings(max_examples=800, deadline=None)
@given(st.lists(st.tuples(key, value), max_size=4), st.lists(st.tuples(key, value), max_size=4))
def test_the_spec_memo_key_tells_options_apart_as_their_repr_does(
    first: list[Any], second: list[Any]
) -> None:
    """`options_key` of two options is equal only when the `repr`s of the options less
    `name` are (what keyed the memo before: `1`, `1.0`, `True` and `"1"` apart), and is
    whenever those are and each key and value is of the same class (a list and its
    `YamlList`, written alike, may be two entries: a miss, never a wrong answer)."""
    from agentv_grader.critique._spec import options_key

    def nameless(options: dict[Any, Any]) -> str:
        return repr({k: v for k, v in options.items() if k != "name"})

    def classes(options: dict[Any, Any]) -> list[Any]:
        return [(k.__class__, v.__class__) for k, v in options.items() if k != "name"]

    pairs = [(dict(first), dict(second)), (dict(first), dict(first[::-1]))]
    pairs.append((dict(first), {**dict(first), "name": "other"}))
    for a, b in pairs:
        same = options_key(a) == options_key(b)
        assert not same or nameless(a) == nameless(b)
        assert same or nameless(a) != nameless(b) or classes(a) != classes(b)
    for a, b in ([1], [True]), ([1], [1.0]), (["1"], [1]), (YamlList(["a"]), ["a"]):
        assert options_key({"value": a}) != options_key({"value": b})


# Needles of every kind for the superseding test: common words `trivial` flags (also as
# one alternative), a single character, words the input holds, others; and a pattern
# that matches anything.
_SUPERSEDED_CHECKS = [
    {"type": "contains", "value": "the"},
    {"type": "icontains", "value": "capital"},
    {"type": "contains", "value": "4"},
    {"type": "icontains-any", "value": ["Paris", "of"]},
    {"type": "contains", "value": "Paris"},
    {"type": "regex", "value": "a*"},
    {"type": "regex", "value": "France"},
    {"type": "starts-with", "value": "Sure"},
    {"type": "contains", "value": "the", "negate": True},
    {"type": "contains", "value": "sorry", "required": True},
]


@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(
    st.lists(
        st.lists(st.sampled_from(_SUPERSEDED_CHECKS), min_size=1, max_size=4),
        min_size=1,
        max_size=3,
    ),
    st.sampled_from(["What is the capital of France?", "Is 4 the answer?", "Name a city."]),
    st.booleans(),
)
def test_what_trivial_supersedes_is_left_out_as_dropping_it_would(
    tmp_path_factory: Any, checks: list[list[dict[str, Any]]], said: str, repeat: bool
) -> None:
    """`decoy-pass` and `answer-in-input` leave out the assertions `trivial` found something
    about (`Context.explained`): each critique is the one they give working it all out
    and dropping it after (`critique._SUPERSEDES`), a repeated test (its eval findings
    remembered) too; and a rule asked alone still finds it."""
    from agentv_grader import critique as critique_module
    from agentv_grader.critique import critique_test

    tmp: Path = tmp_path_factory.mktemp("superseded")
    rows = [
        {"id": f"t{i}", "input": said, "expected_output": "Paris is the capital.",
         "assertions": [{**c, "name": f"a{j}"} for j, c in enumerate(specs)]}
        for i, specs in enumerate(checks * (2 if repeat else 1))
    ]  # fmt: skip
    suite = make_suite(tmp, rows)
    bench = tmp / "bench"
    for row in rows:
        (bench / row["id"]).mkdir(parents=True, exist_ok=True)
        (bench / row["id"] / "response.md").write_text(f"{said} Lyon", encoding="utf-8")

    def every_critique() -> list[Any]:
        critique_module._STATIC.clear()
        found = []
        for test in suite.tests:
            run = RunData(test=test, response="Lyon", eval_dir=str(tmp))
            outcomes = engine.evaluate(test.assertions, run)
            found.append(critique_test(suite, test, run, outcomes, str(bench)).to_json())
        return found

    left_out = every_critique()
    original = critique_module._explained
    critique_module._explained = lambda findings: context.NOTHING_EXPLAINED
    try:
        worked_out = every_critique()
    finally:
        critique_module._explained = original
    assert left_out == worked_out


def test_a_rule_asked_alone_finds_what_trivial_supersedes(tmp_path: Path) -> None:
    """The needle `the` is trivial, in the input and in the boilerplate decoy: the critique
    keeps `trivial`'s finding alone, and the two rules asked alone still find theirs."""
    from agentv_grader.critique import critique_test

    row = {"id": "t", "input": "What is the capital?", "assertions": [
        {"name": "a", "type": "contains", "value": "the"}]}  # fmt: skip
    suite = make_suite(tmp_path, [row])
    test = suite.tests[0]
    run = RunData(test=test, response="Lyon", eval_dir=str(tmp_path))
    found = critique_test(suite, test, run, engine.evaluate(test.assertions, run), None)
    assert [f.rule for f in found.suggestions] == ["trivial"]
    ctx = context.build_context(suite, test, run, engine.evaluate(test.assertions, run), None)
    assert [h.assertion for h in decoys.decoy_pass(ctx)] == ["a"]
    assert [h.assertion for h in decoys.answer_in_input(ctx)] == ["a"]


def test_copies_under_other_names_share_readings_that_never_read_the_name(
    tmp_path: Path,
) -> None:
    """A test critiqued after a copy of it whose assertions are named otherwise (its
    readings remembered under the first names) gets what it gets with nothing
    remembered: no remembered reading holds a name."""
    from agentv_grader import engine
    from agentv_grader.critique import critique_test
    from agentv_grader.critique._spec import MEMO

    checks = [
        {"type": "contains", "value": "the"},
        {"type": "icontains-any", "value": ["Paris", "."]},
        {"type": "contains", "value": "fix"},
        {"type": "regex", "value": "(a+)+$"},
        {"type": "contains-any", "value": ["CompetitorA", "CompetitorB"], "negate": True},
        {"type": "contains", "value": "Paris"},
        {"type": "contains", "value": "Paris"},
        {"type": "not-contains", "value": "Paris"},
        {"type": "is-json", "threshold": 0},
        {"type": "equals", "value": "4", "weight": 0},
    ]
    rows = [
        {"id": f"t{n}", "input": 'Return a JSON object with a "status" field.',
         "criteria": "Says Paris is 42.",
         "assert": [{**c, "name": f"{tag}{i}-{c['type']}"} for i, c in enumerate(checks)]}
        for n, tag in enumerate(("a", "b"))
    ]  # fmt: skip
    path = tmp_path / "s.eval.yaml"
    path.write_text(json.dumps({"name": "s", "tests": rows}), encoding="utf-8")
    suite = load_suite(str(path))

    def critique(test: Any) -> Any:
        run = RunData(test=test, response="Lyon", eval_dir=str(tmp_path))
        return critique_test(suite, test, run, engine.evaluate(test.assertions, run), None)

    MEMO.by_key.clear()
    critique(suite.tests[0])
    after_a_copy = critique(suite.tests[1])
    MEMO.by_key.clear()
    alone = critique(suite.tests[1])
    MEMO.by_key.clear()
    assert after_a_copy == alone
    assert {f.rule for f in alone.suggestions} >= {
        "trivial", "generic-needle", "runaway-regex", "vacuous-negation", "redundant",
        "contradictory", "zero-weight",
    }  # fmt: skip
    assert all(f.assertion is None or f.assertion.startswith("b") for f in alone.suggestions)


def test_answer_in_input_evidence_and_fix_are_remembered_by_what_they_read(
    tmp_path: Path,
) -> None:
    """The second test with the same assertion, input, eval folder and expected_output gets
    the hit the first got; another input or another expected_output gets its own, as it
    does when nothing is remembered."""
    from agentv_grader import engine

    check = {"type": "contains", "value": "France"}
    rows = [
        {"id": "a", "input": "Capital of France?", "expected_output": "Paris", "assert": [check]},
        {"id": "b", "input": "Capital of France?", "expected_output": "Paris", "assert": [check]},
        {"id": "c", "input": "Is Lyon in France?", "expected_output": "Paris", "assert": [check]},
        {"id": "d", "input": "Capital of France?", "expected_output": "Lyon 42", "assert": [check]},
        {"id": "e", "input": "Begin with 'France:'. Where?", "assert": [check]},
    ]
    path = tmp_path / "s.eval.yaml"
    path.write_text(json.dumps({"name": "s", "tests": rows}), encoding="utf-8")
    suite = load_suite(str(path))

    def hits(test: Any) -> list[Any]:
        run = RunData(test=test, response="Paris", eval_dir=str(tmp_path))
        ctx = context.build_context(suite, test, run, engine.evaluate(test.assertions, run), None)
        return list(decoys.answer_in_input(ctx))

    remembered = [hits(t) for t in suite.tests]
    alone = []
    for test in suite.tests:
        _forget_by_test()
        alone.append(hits(test))
    assert remembered == alone
    assert all(len(found) == 1 for found in alone)
    fixes = {found[0].fix for found in alone}
    assert len(fixes) == 3  # d names the reference's term, e the instructed start


def _forget_by_test() -> None:
    """Empty every memo of what the critique read of an assertion or a test."""
    from agentv_grader.critique import fixes
    from agentv_grader.critique._spec import MEMO

    MEMO.by_key.clear()
    decoys._NAMED_JSON.clear()
    decoys._ANSWER_TERMS.clear()
    fixes._INSTRUCTIONS.clear()


def test_fixes_read_from_the_input_and_reference_are_remembered_by_both(tmp_path: Path) -> None:
    """`named_json`, `answer_term` and `instructed_fix` answer a test with the input and
    expected_output of one critiqued before it as they answer it alone, and a test that
    differs in either gets its own answer."""
    from agentv_grader.critique.fixes import instructed_fix

    starts = "Begin with 'Order:'. Return JSON."
    rows = [
        {"id": "a", "input": "Return JSON.", "expected_output": {"city": "Paris", "n": 4}},
        {"id": "b", "input": "Return JSON.", "expected_output": {"city": "Paris", "n": 4}},
        {"id": "c", "input": "Return JSON.", "expected_output": {"town": "Rome"}},
        {"id": "d", "input": "Return a status field set to ok.", "expected_output": None},
        {"id": "e", "input": starts, "expected_output": {"city": "Paris", "n": 4}},
        {"id": "f", "input": 'Say "Paris".', "expected_output": "Paris 42"},
    ]
    path = tmp_path / "s.eval.yaml"
    path.write_text(json.dumps({"name": "s", "tests": rows}), encoding="utf-8")
    suite = load_suite(str(path))
    regex = AssertionSpec(index=0, name="r", type="regex", options={"value": "Order"})
    plain = AssertionSpec(index=0, name="c", type="contains", options={"value": "Order"})

    def answers(test: Any) -> tuple[Any, ...]:
        ctx = context.build_context(suite, test, None, None, None)
        said = ctx.input_text
        return (
            decoys.named_json(ctx), decoys.answer_term(ctx),
            instructed_fix(said, regex), instructed_fix(said, plain),
        )  # fmt: skip

    remembered = [answers(t) for t in suite.tests]
    alone = []
    for test in suite.tests:
        _forget_by_test()
        alone.append(answers(test))
    assert remembered == alone
    assert alone[0] == alone[1] != alone[2]
    assert alone[3][0] == (["status"], {"status": "ok"})
    assert alone[4][2] == '`{type: regex, value: "^Order"}`'
    assert alone[4][3] == '`{type: starts-with, value: "Order:"}`'
    assert alone[5][1] is not None and alone[5][1] != alone[0][1]


@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
@given(
    tests=st.lists(st.lists(_assertion(), max_size=4), min_size=1, max_size=4),
    inputs=st.lists(st.sampled_from(["Q", "item 1 a", "Sure {", " ", "answer"]), max_size=4),
)
def test_the_echo_passing_checks_decoy_pass_finds_are_those_answer_in_input_asks(
    tmp_path_factory: Any, tests: list[list[dict[str, Any]]], inputs: list[str]
) -> None:
    """`decoy_pass` leaves on the context the needle checks that pass on the echoed input,
    for `answer_in_input`: the ones it finds itself on a context where `decoy_pass` has
    not run, and the same hits either way."""
    tmp: Path = tmp_path_factory.mktemp("echo")
    rows = [
        {"id": f"t{i}", "input": inputs[i] if i < len(inputs) else "Q", "assertions": specs}
        for i, specs in enumerate(tests)
    ]
    path = tmp / "s.eval.yaml"
    path.write_text(json.dumps({"name": "s", "tests": rows}), encoding="utf-8")
    suite = load_suite(str(path))
    for test in suite.tests:
        run = RunData(test=test, response="a", eval_dir=str(tmp))
        shared = context.build_context(suite, test, run, None, None)
        list(decoys.decoy_pass(shared))
        alone = context.build_context(suite, test, run, None, None)
        found = [
            s for s in test.assertions
            if not s.negate and context.is_response_needle(s.type) and s.problem is None
            and any(d.echo for d in alone.passing(s))
        ]  # fmt: skip
        assert shared.echo_passing == found
        assert list(decoys.answer_in_input(shared)) == list(decoys.answer_in_input(alone))
        assert alone.echo_passing is None


def _analysed_for_every_character(auto: Any) -> Any:
    """`_automaton.analyse` without skipping any character (what it stands for)."""
    from agentv_grader.critique import _automaton

    worst = None
    for char in _automaton._candidates(auto):
        risk = _automaton._risk_for(_automaton._doomed_graph(auto, ord(char)), char)
        if risk is None:
            continue
        if risk.degree == 0:
            return risk
        if worst is None or risk.degree > worst.degree:
            worst = risk
    return worst


_LOOP_PARTS = [
    "a", "b", "\\d", "\\w", "\\s", ".", ":", "[ab]", "[^a]", "(a|b)", "(a|a)", "(ab|a)",
    "(", ")", "|", "*", "+", "?", "{2}", "{1,3}", "{2,}", "{1,50}", "^", "$", "\\b",
]  # fmt: skip


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(_LOOP_PARTS), max_size=8).map("".join), st.booleans())
def test_the_runaway_analysis_skips_only_characters_that_cannot_blow_up(
    pattern: str, sticky: bool
) -> None:
    from agentv_grader.critique import _automaton
    from agentv_grader.critique._pattern import PatternUnreadable, read_pattern

    try:
        auto = _automaton.build(read_pattern(pattern, "y" if sticky else ""), sticky)
    except (PatternUnreadable, RecursionError):
        return
    assert _automaton.analyse(auto) == _analysed_for_every_character(auto)


@pytest.mark.parametrize(
    ("pattern", "degree"),
    [("^(a+)+$", 0), ("(a|a)*x", 0), ("\\d+\\d+x", 3), ('"id"\\s*:\\s*7', None), ("a*:b*", None)],
)
def test_the_runaway_analysis_with_its_skips(pattern: str, degree: int | None) -> None:
    from agentv_grader.critique import _automaton
    from agentv_grader.critique._pattern import read_pattern

    risk = _automaton.analyse(_automaton.build(read_pattern(pattern, ""), False))
    assert (risk.degree if risk else None) == degree


def test_findings_from_the_eval_alone_are_remembered_per_distinct_test(tmp_path: Path) -> None:
    """A test that repeats another (its id aside) gets the findings of the rules that read
    the eval alone from the first; a test that differs in what those rules read (a name, an
    index, a weight, the input, criteria, reference or threshold) gets its own, the same as
    when nothing is remembered."""
    import agentv_grader.critique as critique
    from agentv_grader import engine
    from agentv_grader.critique._spec import MEMO

    checks = [
        {"name": "a", "type": "contains", "value": "the"},
        {"name": "b", "type": "contains", "value": "Paris", "negate": True},
        {"name": "c", "type": "contains", "value": "fix"},
        {"name": "d", "type": "regex", "value": "^(a+)+$"},
    ]
    base: dict[str, Any] = {
        "input": "Review this code.", "criteria": "Names Paris and 1889.",
        "expected_output": "Paris", "assert": checks,
    }  # fmt: skip
    variants = [
        {},
        {},
        {"assert": [{**checks[0], "name": "z"}, *checks[1:]]},
        {"assert": [*reversed(checks)]},
        {"assert": [{**checks[0], "weight": 0}, *checks[1:]]},
        {"input": "Fix the bug in this code."},
        {"criteria": "Names Lyon."},
        {"expected_output": "Lyon 1889"},
        {"execution": {"threshold": 0}},
    ]
    rows = [{"id": f"t{i}", **base, **v} for i, v in enumerate(variants)]
    path = tmp_path / "s.eval.yaml"
    path.write_text(json.dumps({"name": "s", "tests": rows}), encoding="utf-8")
    suite = load_suite(str(path))

    def critiqued(test: Any) -> Any:
        run = RunData(test=test, response="Paris", eval_dir=str(tmp_path))
        return critique.critique_test(suite, test, run, engine.evaluate(test.assertions, run))

    critique._STATIC.clear()
    remembered = [critiqued(t).to_json() for t in suite.tests]
    assert len(critique._STATIC) == len(variants) - 1  # t1 repeats t0
    alone = []
    for test in suite.tests:
        critique._STATIC.clear()
        MEMO.by_key.clear()
        alone.append(critiqued(test).to_json())
    assert remembered == alone
    assert len({json.dumps(found) for found in alone}) == len(variants) - 1


def test_a_suite_without_repeats_stops_being_remembered_after_its_trial(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The memo of the rules that read the eval alone keys a suite's first `TRIAL` tests;
    if fewer than one in `REPEATS` of them repeats an earlier one, it drops what it kept
    and keys no more, else it stays on. Findings are those of a critique that remembers
    nothing, either way, and a new suite starts a new trial."""
    import agentv_grader.critique as critique
    from agentv_grader import engine
    from agentv_grader.critique._spec import MEMO

    monkeypatch.setattr(critique._Trial, "TRIAL", 4)
    monkeypatch.setattr(critique._Trial, "REPEATS", 2)  # two hits in four tests keep it on

    def suite_of(name: str, inputs: list[str]) -> Any:
        rows = [
            {"id": f"t{i}", "input": said, "criteria": "Names Paris and 1889.",
             "assert": [{"type": "contains", "value": "the"}, {"type": "contains", "value": "x"},
                        {"type": "contains", "value": "x"}]}
            for i, said in enumerate(inputs)
        ]  # fmt: skip
        path = tmp_path / f"{name}.eval.yaml"
        path.write_text(json.dumps({"name": name, "tests": rows}), encoding="utf-8")
        return load_suite(str(path))

    def critiqued(suite: Any, test: Any) -> Any:
        run = RunData(test=test, response="Paris", eval_dir=str(tmp_path))
        return critique.critique_test(suite, test, run, engine.evaluate(test.assertions, run))

    def kept_and_found(suite: Any) -> tuple[list[int], list[Any]]:
        critique._STATIC.clear()
        kept, found = [], []
        for test in suite.tests:
            found.append(critiqued(suite, test).to_json())
            kept.append(len(critique._STATIC))
        return kept, found

    def alone(suite: Any) -> list[Any]:
        found = []
        for test in suite.tests:
            critique._STATIC.clear()
            MEMO.by_key.clear()
            found.append(critiqued(suite, test).to_json())
        return found

    distinct = suite_of("distinct", [f"Question {i}?" for i in range(6)])
    kept, found = kept_and_found(distinct)
    assert kept == [1, 2, 3, 4, 0, 0]  # four tried, none repeated: dropped, no more kept
    assert found == alone(distinct)

    once = suite_of("once", ["Same?", "Other?", "Same?", "New?", "Next?", "Next?"])
    kept, found = kept_and_found(once)
    assert kept == [1, 2, 2, 3, 0, 0]  # one hit in four: too few, the last repeat not found
    assert found == alone(once)

    twice = suite_of("twice", ["Same?", "Other?", "Same?", "Other?", "New?", "New?"])
    kept, found = kept_and_found(twice)
    assert kept == [1, 2, 2, 2, 3, 3]  # a new suite, a new trial: two hits, kept on past it
    assert critique._TRIAL.hits == 3
    assert found == alone(twice)


def test_generic_candidates_keep_only_everyday_words() -> None:
    """`generic_needle` asks the test (input, criteria, reference) only about the needles
    kept here: everyday words beyond the most common ones, in order."""

    def spec(kind: str, value: object) -> AssertionSpec:
        return AssertionSpec(index=0, name="a", type=kind, options={"value": value})

    assert static._generic_candidates(spec("icontains", " Fix ")) == (("Fix", "fix"),)
    assert static._generic_candidates(spec("contains", "the")) == ()  # most common: trivial's
    assert static._generic_candidates(spec("contains", "off-by-one")) == ()  # not everyday
    assert static._generic_candidates(spec("icontains-any", ["off-by-one", "fix", "water"])) == (
        ("fix", "fix"),
        ("water", "water"),
    )


def _authored_text_as_written(specs: tuple[AssertionSpec, ...]) -> str:
    """`uncovered_outcome`'s authored text as it was written before its shares were
    remembered per assertion: the reference `_authored_and_paths` must agree with."""
    import re

    from agentv_grader.critique.coverage import _leaves
    from agentv_grader.js.strings import js_lower

    parts: list[str] = []
    for spec, _, _ in context.walk(specs):
        for key, value in spec.options.items():
            if key not in {"type", "name", "metric"}:
                parts += [str(v) for _, v in _leaves(value, "") if isinstance(v, (str, int, float))]
        if context.is_pattern(spec.type):
            pattern = context.text_option(spec, "value", "pattern") or ""
            parts.append(re.sub(r"\\(.)", r"\1", pattern))
    return js_lower("\n".join(parts))


_PATTERN_KEY = st.sampled_from(["value", "pattern", "name"])
_PATTERN_TEXT = st.lists(st.sampled_from(list("a\\.(Σ\n") + ["\\\\", "\\n"]), max_size=6).map(
    "".join
)


@settings(max_examples=400, deadline=None)
@given(
    st.lists(
        st.tuples(
            st.sampled_from(["contains", "regex", "output-matches", "field-accuracy", "equals"]),
            st.lists(
                st.tuples(_PATTERN_KEY | key, _PATTERN_TEXT | value),
                max_size=4,
            ),
            st.lists(st.tuples(key, value), max_size=2),
        ),
        max_size=3,
    )
)
def test_authored_text_and_field_paths_are_what_each_assertion_adds(rows: list[Any]) -> None:
    """The authored text and field paths made from each assertion's remembered share
    (children included, first sighting and remembered) are what reading every option of
    every assertion gives."""
    from agentv_grader.critique._spec import MEMO
    from agentv_grader.critique.coverage import _authored_and_paths
    from agentv_grader.critique.decoys import field_paths

    specs = []
    for index, (kind, items, child_items) in enumerate(rows):
        child = AssertionSpec(index=0, name="c", type="contains", options=dict(child_items))
        fields = {"fields": YamlList([{"path": "$.a"}, {"path": ".b"}])} if index else {}
        options = {**dict(items), **fields}
        specs.append(
            AssertionSpec(index=index, name="n", type=kind, options=options, children=(child,))
        )
    paths = {p for spec, _, _ in context.walk(tuple(specs)) for p in field_paths(spec)}
    test = TestCase(id="t", suite="s", assertions=tuple(specs), threshold=1.0, threshold_source="")
    for _ in range(2):  # first sighting, then remembered
        run = RunData(test=test, response="")
        ctx = context.Context(None, test, None, None, None, "", (), run, tuple(specs))  # type: ignore[arg-type]
        assert _authored_and_paths(ctx.walked) == (_authored_text_as_written(tuple(specs)), paths)
    MEMO.by_key.clear()


@settings(max_examples=500, deadline=None)
@given(st.text(st.sampled_from(list("*+{}()a\\?")), max_size=8))
def test_may_blow_up_counts_repetitions_as_a_scan_of_the_pattern_does(body: str) -> None:
    """`may_blow_up`, told with `str.count` and `str.find`, is the scan it stands for."""
    from agentv_grader.critique.regex_risk import may_blow_up

    loops = [i for i, c in enumerate(body) if c in "*+{"]
    scanned = len(loops) > 1 or (len(loops) == 1 and body[loops[0] - 1 : loops[0]] == ")")
    assert may_blow_up(body) == scanned


@settings(max_examples=500, deadline=None)
@given(st.text(st.sampled_from(list("ab 1\"“”‘’`'\n")), max_size=12))
def test_quoted_terms_need_an_opening_quote(text: str) -> None:
    """`text_terms` looks for quoted terms only in a text holding one of `_QUOTE_OPENERS`:
    without one, `_QUOTED` finds nothing."""
    from agentv_grader.critique.coverage import _QUOTE_OPENERS, quoted

    if not any(c in text for c in _QUOTE_OPENERS):
        assert quoted().search(text) is None


_MARKED = [
    "contains", "regex", "is-json", "equals", "output-matches", "llm-rubric", "latency",
    "javascript", "assert-set",
]  # fmt: skip


@st.composite
def _marked_assertion(draw: st.DrawFn, depth: int = 0) -> dict[str, Any]:
    """An assertion of a type some `Rule.needs` reads (a group holding others too)."""
    kind = draw(st.sampled_from(_MARKED if depth < 2 else _MARKED[:-1]))
    item: dict[str, Any] = {"type": kind}
    if kind == "assert-set":
        item["assert"] = draw(st.lists(_marked_assertion(depth + 1), min_size=1, max_size=2))
    elif kind == "output-matches":
        item["pattern"] = draw(st.sampled_from(["(a+)+$", "x"]))
    elif kind == "latency":
        item["threshold"] = 1000
    elif kind == "javascript":
        item["value"] = "return true"
    elif kind != "is-json":
        item["value"] = draw(st.sampled_from(["(a+)+$", "CompetitorA", "the", "{}"]))
    if draw(st.booleans()):
        item["negate"] = True
    if draw(st.integers(0, 3)) == 0:
        item["weight"] = 0
    return item


def _real_and_data_tests() -> Iterator[tuple[Any, Any]]:
    """Every test of every eval file under tests/data that loads, with its suite."""
    data = Path(__file__).resolve().parents[1] / "data"
    for path in sorted(data.rglob("*.eval.yaml")):
        try:
            suite = load_suite(str(path))
        except Exception:  # (some are broken on purpose)
            continue
        for test in suite.tests:
            yield suite, test


def _plain_marks(ctx: Any) -> int:
    from agentv_grader.load.types import LLM_TYPES

    marks = 0
    for spec, _, _ in context.walk(ctx.specs):
        entry = about(spec.type)
        marks |= context.MARK_PROGRAM if entry.family == "script" else 0
        marks |= context.MARK_JUDGED if spec.type in LLM_TYPES else 0
        unanalysed = entry.family in ("llm", "script") or entry.reads in ("timing", "transcript")
        unanalysed = unanalysed or (not entry.probe and entry.family != "group")
        marks |= context.MARK_UNANALYSED if unanalysed else 0
        marks |= context.MARK_PATTERN if context.is_pattern(spec.type) else 0
        marks |= context.MARK_IS_JSON if spec.type == "is-json" else 0
        marks |= context.MARK_NEGATED if spec.negate else 0
        marks |= context.MARK_ZERO_WEIGHT if spec.weight == 0 else 0
    return marks


def _check_walk_and_needs(suite: Any, test: Any) -> None:
    from agentv_grader.critique import RULES

    ctx = context.build_context(suite, test, None, None, None)
    fresh = context.build_context(suite, test, None, None, None)
    plain = [(s, label, i, fresh.spec_facts(s)) for s, label, i in context.walk(ctx.specs)]
    assert ctx.walked == plain
    assert ctx.top_facts == [fresh.spec_facts(s) for s in ctx.specs]
    assert ctx.marks == _plain_marks(ctx)
    for rule_id, rule in RULES.items():
        if rule.needs and not rule.needs & ctx.marks:
            assert list(rule.check(ctx)) == [], (test.id, rule_id)
    if not ctx.marks & context.MARK_UNANALYSED and not test.turns:
        assert not_analysed(fresh) == ""
    if ctx.marks & (context.MARK_PROGRAM | context.MARK_JUDGED):
        return  # (grading it would run a program or ask a judge)
    # Graded, on an empty response (a negated check then passes vacuously, a timing check
    # has no timing file): the rules that read the outcomes too.
    run = RunData(test=test, response="", eval_dir=ctx.base_run.eval_dir)
    graded = context.build_context(suite, test, run, engine.evaluate(test.assertions, run), None)
    for rule_id, rule in RULES.items():
        if rule.needs and not rule.needs & graded.marks:
            assert list(rule.check(graded)) == [], (test.id, rule_id)


@settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.lists(st.lists(_marked_assertion(), max_size=4), min_size=1, max_size=3))
def test_walked_top_facts_and_marks_are_the_plain_walk(
    tmp_path_factory: Any, tests: list[list[dict[str, Any]]]
) -> None:
    """`Context.walked`, `top_facts` and `marks`, made in one loop, are `walk` with each
    assertion's `spec_facts`, the top-level ones' facts, and the kinds every walked
    assertion has; and a rule asked only of tests with what it `needs` finds nothing in a
    test without it (dropping `weight: 0` from the marks, or a group's children, fails)."""
    tmp: Path = tmp_path_factory.mktemp("marks")
    rows = [{"id": f"t{i}", "input": "Q", "assertions": specs} for i, specs in enumerate(tests)]
    suite = make_suite(tmp, rows)
    for test in suite.tests:
        _check_walk_and_needs(suite, test)


def test_the_facts_read_by_type_are_those_of_its_registry_row() -> None:
    """Each fact the critique looks up by type (`context.ByType`) is the one its reading
    of `about(type)` gives, for every registered type and an unknown one, asked twice
    (worked out, then looked up)."""
    from agentv_grader.assertions import REGISTRY
    from agentv_grader.critique import pairs
    from agentv_grader.critique import static as static_rules

    for kind in [*REGISTRY, "no-such-type", ""] * 2:
        entry = about(kind)
        assert context.is_pattern(kind) == (entry.needle == "pattern")
        assert context.is_response_needle(kind) == (
            entry.needle is not None and entry.reads == "response"
        )
        assert context.is_program(kind) == (entry.family == "script")
        assert context.needle_shape(kind) == entry.needle
        assert context._PROBED_ON_RESPONSE[kind] == (entry.probe and entry.reads == "response")
        assert context._CASE_INSENSITIVE[kind] == entry.case_insensitive
        fact = entry.text_fact
        assert pairs._TYPE_CODES[kind] == (
            None
            if fact is None
            else (pairs._CODES["contains", False], None)
            if fact == "contains-each"
            else (pairs._CODES[fact, False], pairs._CODES[fact, True])
        )
        assert static_rules._SCORED[kind] == (entry.threshold == "score")
        assert static_rules._READS[kind] == (entry.reads or "")


def test_walked_top_facts_and_marks_hold_on_every_eval_of_the_tests_data() -> None:
    """As above, on every test of every eval file under tests/data that loads (AgentV's
    examples, the real evals the critique was labelled on, the conformance cases)."""
    seen = 0
    for suite, test in _real_and_data_tests():
        _check_walk_and_needs(suite, test)
        seen += 1
    assert seen > 100
