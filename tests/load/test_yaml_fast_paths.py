"""The YAML loader's fast paths give exactly what the plain path gives (SPEC §3, §8).

`load_yaml(text, path)` reads JSON with json.loads and other YAML with one constructor
pass over the node tree; `load_yaml(text, path, fast=False)` is the plain path (PyYAML's
constructors). Every result is compared whole: values, types, the line and column of
every mapping and list, which containers are one object (aliases), and for bad input the
exception with its message, file, line and column.
"""

from __future__ import annotations

import functools
import json
import math
import re
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, event, example, given, settings
from hypothesis import strategies as st

from agentv_grader import jsontext
from agentv_grader.load import _libyaml, assertions, evalfile, yaml12
from agentv_grader.load.evalfile import load_suite
from agentv_grader.load.yaml12 import YamlList, YamlMap, load_yaml
from agentv_grader.record import Record


def _observable(item: Any) -> tuple[str, ...]:
    """A record's public fields, and for a private one its public property (a test's
    `assertions`, built on first use, rather than the function that builds them)."""
    names = []
    for name in item.__slots__:
        public = name.lstrip("_")
        if name == public:
            names.append(name)
        elif isinstance(getattr(type(item), public, None), property):
            names.append(public)
    return tuple(names)


def snapshot(value: Any) -> list[Any]:
    """Everything observable about a loaded value, as a flat list (no recursion, so deep
    documents compare too): types, values, positions, shared containers, exceptions."""
    out: list[Any] = []
    seen: dict[int, int] = {}
    stack: list[Any] = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, Record):
            names = _observable(item)
            out.append((type(item).__name__, names))
            stack.extend(getattr(item, name) for name in reversed(names))
        elif isinstance(item, BaseException):
            out.append(("raised", *outcome_of(item)))
        elif isinstance(item, (dict, list, tuple)):
            if isinstance(item, (YamlMap, YamlList)):
                if id(item) in seen:
                    out.append(("same object as", seen[id(item)]))
                    continue
                seen[id(item)] = len(seen)
            place = (getattr(item, "line", "-"), getattr(item, "col", "-"))
            out.append((type(item).__name__, place, len(item)))
            if isinstance(item, dict):
                for key, member in reversed(list(item.items())):
                    stack.extend((member, key))
            else:
                stack.extend(reversed(item))
        elif isinstance(item, float):
            out.append(("float", "nan" if math.isnan(item) else repr(item)))
        else:
            out.append((type(item).__name__, repr(item)))
    return out


def outcome_of(exc: BaseException) -> tuple[Any, ...]:
    where = tuple(getattr(exc, name, None) for name in ("file", "line", "col"))
    return (type(exc).__name__, str(exc), *where)


def _outcome(load: Any) -> list[Any]:
    try:
        return snapshot(load())
    except Exception as exc:  # every outcome, the same way
        return [("raised", *outcome_of(exc))]


@contextmanager
def orjson_loaded(loaded: bool) -> Iterator[None]:
    """orjson loaded for `jsontext.parse_json` (as batch mode loads it) or not, then as
    before."""
    before = jsontext._orjson
    jsontext._orjson = None
    if loaded:
        jsontext.use_fast_json()
    try:
        yield
    finally:
        jsontext._orjson = before


def both_ways(text: str) -> tuple[Any, Any]:
    """The fast path's outcome and the plain path's. The fast path is also taken as batch
    mode takes it, its JSON shape given (worked out elsewhere, or not at all: None), the
    text parsed with orjson or json.loads, and must answer as without it."""
    fast = _outcome(lambda: load_yaml(text, "x.yaml"))
    for loaded in (False, True):
        with orjson_loaded(loaded):
            for shape in (lambda: yaml12.json_shape(text), lambda: None):
                assert _outcome(lambda shape=shape: load_yaml(text, "x.yaml", shape=shape)) == fast
    return fast, _outcome(lambda: load_yaml(text, "x.yaml", fast=False))


EDGE_CASES = [
    # duplicate keys, non-scalar keys, merge keys, tags: the plain path decides
    "a: 1\na: 2\n",
    '{"a": 1, "a": 2}',
    '{"a": 1,\n "b": {"c": 1, "c": 2}}',
    '{"tests": [{"id": "t", "assertions": [{"type": "contains", "type": "regex"}]}]}',
    "x: &a [1, 2]\ny: *a\n",
    "x: &a {k: v}\ny: *a\nz: [*a, *a]\n",
    "<<: {a: 1}\nb: 2\n",
    "!!merge <<: {a: 1}\nb: 2\n",
    "base: &b {a: 1}\nderived:\n  !!merge <<: *b\n  c: 2\n",
    "? [a]\n: b\n",
    "{[a]: b}",
    "true: 1\nnull: 2\n1.5: 3\n.inf: 4\n0x1F: 5\n~: 6\n",
    "!!value =: 1\n",
    'a: !!bool ""\n',
    "a: !!int abc\n",
    "a: !!int 1_000\n",
    "a: !!float 1\n",
    "a: !!str 12\n",
    "a: !!null x\n",
    "a: !foo x\n",
    "a: ! 12\n",
    "a: !!binary aGVsbG8=\n",
    "a: !!map {b: 1}\n",
    "a: !!str {b: 1}\n",
    "a: !!seq x\n",
    "%TAG !e! tag:yaml.org,2002:\n---\na: !e!str 1\n",
    "a: Hello!\nb: 'wow !!'\nc: yes!\n",
    '"a"!!str x\n',
    "[a,!!str 1]",
    "{a:!!str 1}",
    '{"a":!!str 1}',
    "- !!str 1\n-\t!!str 2\n",
    "?!x\n",
    "x: (?!x)!\n",
    "x: a!!str\n",
    "x: &a!!str 1\n",
    "x: [1]!!str 1\n",
    "x:\u2028!!str 1\n",
    "\ufeff!!str 1",
    "!!str 1",
    "a:\n  !!str 1\n",
    # YAML 1.2 core scalars, plain and quoted
    "a: yes\nb: on\nc: 2025-01-15\nd: 1:30\ne: 012\nf: 0o17\ng: .NaN\nh: -.inf\ni: ~\nj:\nk: 1e5\n",
    "a: 'true'\nb: \"12\"\nc: |\n  12\nd: >\n  null\ne: true\nf: False\ng: -0\n",
    "[1, 2, {a: b}]",
    '"just a string"',
    "",
    "   \n",
    "# comment only\n",
    "---\na: 1\n...\n",
    "a: 1\n---\nb: 2\n",
    "tests:\n  - id: a\n    assert: [\n",
    "a: [1, 2\n",
    "a: b: c\n",
    "a:\n\t- b\n",
    # JSON, and JSON-like text libyaml reads differently
    '{"a":1}',
    '{"a":"b","c":[1,2,{"d":null}],"e":true,"f":-0,"g":1.5e3,"h":1E+2,"i":-0.0}',
    '{"a": "x\\/y"}',
    '{"a": "\\ud83d\\ude00"}',
    '{"a": "\\ud800"}',
    '{"a": "\\udc00"}',  # a low surrogate alone: libyaml refuses it too (hypothesis found it)
    '[["\\"ud800\\udc00"]]',
    '{"a": "\\u0000\\u0001\\t\\n\\"\\\\"}',
    '{"a": "\\uFFFE\\u0085\\u2028\\u00e9"}',
    '{"a": NaN}',
    '{"a": Infinity}',
    '{"a": -Infinity}',
    '{"a": 1}\t\n',
    '\t{"a": 1}',
    '{\n\t"a": 1\n}',
    '{"a":\t1}',
    '{\r\n  "a": 1,\r\n  "b": [\r\n    {}\r\n  ]\r\n}\r\n',
    '{\r  "a": {"b": 1}\r}',
    '{"a"\n: 1}',
    '{"a" : 1}',
    '{"a": "x\u2028y", "b": {"c": 1}}',
    '{"a": "x\x85y"}',
    # brackets inside strings, beside escaped quotes and runs of escaped backslashes
    '{"a": "[\\"{", "b": ["x\\\\", {"c": "\\\\\\"[{"}], "d": "\\\\", "e": [{}]}',
    '[\n  "]\\\\",\n  {"k": "{\\"}"},\n  ["[", "\\\\\\\\"]\n]',
    '{"a": "x\x7fy"}',
    '{"a": "x\ufeffy"}',
    '{"' + "k" * 1100 + '": 1}',
    '{"' + "k" * 1020 + '": 1}',
    '{"' + "k" * 101 + '": 1}',
    '{"k"' + " " * 1100 + ": 1}",
    '{"k"' + " " * 30 + ": 1}",
    '{"k"' + " " * 19 + ": 1}",
    '{"k"' + " \t" * 12 + ": 1}",
    '{"k":' + " " * 30 + '"v :"}',
    '{"a": "x :", "b": "y\\n:"}',  # " :" in strings only, on one line
    '{"a": "x :",\n"b"\n: 1}',
    '{"' + "\\u00e9" * 300 + '": 1}',
    '{"a": ' + '{"b": ' * 150 + "1" + "}" * 150 + "}",
    "[" * 150 + "]" * 150,
    "[" * 400 + "]" * 400,  # the plain path's constructors run out of Python stack
    '{"a": ' * 400 + "1" + "}" * 400,
    "a:\n" + "".join("  " * (i + 1) + "b:\n" for i in range(400)) + "  " * 401 + "c: 1\n",
    "[" * 990 + "]" * 990,
    "a:\n" + "".join("  " * (i + 1) + "b:\n" for i in range(150)) + "  " * 151 + "c: 1\n",
    '{"a": 1} {"b": 2}',
    '{"a": 1}\n---\n{"b": 2}\n',
    "[]",
    "{}",
    "[[], {}]",
    '{"a": 123456789012345678901234567890}',
    # numbers orjson reads otherwise than json.loads, or refuses
    '{"a": 1234567890123456789, "b": -9223372036854775809, "c": 18446744073709551616}',
    '{"a": [1e400, -1e400, 1e-400, 5e-324, 2.4703282292062328e-324, 1.7976931348623157e308]}',
    '{"a": [-0, -0.0, 0e0, 1E5, 1e+5, 0.1, 100000000000000000000.5]}',
    '{"a": [NaN, Infinity]}',
    '{"a": 1' + "0" * 5000 + "}",
    "{\"a\": '1'}",
    "{'a': 1}",
    '{"a": 1,}',
    '{"a": "é ü 中文 😀", "b": {"c": ["😀", {"d": 1}]}}',
    '  {"a": {"b": [1, {"c": 2}]}}  \n\n',
    '\n\n{"a": {"b": 1}}',
    '{"a": "{[{[", "b": ["]}", {"c": "["}], "d": "\\"[", "e": {"f": []}}',
    '{"a": "x, [y", "b": [1, {"c": ": {"}], "d": "[,[ :{"}',
    '[{"a": "\\\\", "b": "\\"[", "c": ["\\\\[", ",\\t{"]}]',
    '{"a":\n[\n1\n,\n{\n"b":\n2}]}',
    '{"a": 1 }\n# c\n',
    '{"a": "#x", "b": "&x", "c": "*x", "d": "!tag", "e": "- x", "f": "a: b"}',
    '{"a": -}',
    '{"a": 01}',
    '{"a": .5}',
    '{"a": +1}',
    '{"a": True}',
    '{"": 1, "b": {"": []}}',
    '{"<<": {"a": 1}, "b": 2}',
    "\ufeff{}",
    "a: 1\x00",
]


@pytest.mark.parametrize("text", EDGE_CASES)
def test_edge_cases_load_the_same_both_ways(text: str) -> None:
    fast, plain = both_ways(text)
    assert fast == plain


def _suite_doc(count: int) -> dict[str, Any]:
    """A suite of every common shape: the bench's tests, vars and templates, groups,
    config blocks, broken entries, rubric strings and a suite-level default."""
    tests: list[dict[str, Any]] = []
    for i in range(count):
        tests.append(
            {
                "id": f"t{i:03d}",
                "input": "Q",
                "assertions": [
                    {"type": "contains", "value": f"item {i}"},
                    {"type": "icontains", "value": "ANSWER", "weight": 2},
                    {"type": "regex", "value": f"^answer {i % 7}", "flags": "i"},
                    {"type": "starts-with", "value": "answer", "required": True},
                    {"type": "equals", "value": f"answer {i % 5} item {i}", "negate": i % 2 == 0},
                    {"type": "contains-any", "value": ["x", f"item {i}"]},
                ],
            }
        )
    tests.append(
        {
            "id": "{{ name }}-templated",
            "vars": {"name": "paris", "n": 3, "items": ["a", "b"]},
            "criteria": "Says {{ name }}",
            "assert": [
                {"type": "contains", "value": "{{ name | upper }}"},
                {"type": "equals", "value": "{{ n }}"},
                {"type": "not-contains", "value": "x", "config": {"value": "y", "flags": "i"}},
                {"type": "assert-set", "assert": [{"type": "is-json"}, "be nice"]},
                {"type": "composite", "assertions": [{"type": "contains", "value": "a"}]},
                {"type": "skill-trigger", "skill": "search", "should_trigger": False},
                "Answers politely",
                {"type": "unknown-kind", "value": 1},
                {"type": "contains", "value": 42, "weight": "2", "min_score": 3},
                {"type": "llm-rubric", "value": "good", "threshold": 0.5, "transform": "x"},
                {"include": "missing"},
                42,
            ],
        }
    )
    tests.append({"id": "criteria-only", "criteria": "Is short", "execution": {"threshold": 2}})
    return {
        "name": "fast-paths",
        "default_test": {"vars": {"city": "Paris"}, "threshold": 0.5},
        "assert": [{"type": "latency", "threshold": 1000}],
        "tests": tests,
    }


def _write_variants(tmp: Path, doc: dict[str, Any]) -> list[Path]:
    texts = {
        "block": yaml.safe_dump(doc, sort_keys=False, allow_unicode=True),
        "flow": yaml.safe_dump(doc, sort_keys=False, default_flow_style=True, width=100),
        "json": json.dumps(doc),
        "json-indent": json.dumps(doc, indent=2, ensure_ascii=False),
        "json-indent0": json.dumps(doc, indent=0),
        "json-compact": json.dumps(doc, separators=(",", ":")),
        "json-crlf": json.dumps(doc, indent="\t").replace("\n", "\r\n"),
        "anchors": "defaults: &d {type: contains, value: shared}\n"
        + yaml.safe_dump(doc, sort_keys=False).replace(
            "- type: contains\n", "- *d\n  - type: contains\n", 3
        ),
        "tagged": yaml.safe_dump(doc, sort_keys=False).replace(
            "value: answer\n", "value: !!str answer\n"
        ),
    }
    paths = []
    for name, text in texts.items():
        path = tmp / f"{name}.eval.yaml"
        path.write_text(text, encoding="utf-8")
        paths.append(path)
    return paths


def _load_both_ways(path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Any, Any]:
    results = []
    for fast in (True, False):
        with monkeypatch.context() as patched:
            if not fast:
                plain = functools.partial(yaml12.load_yaml, fast=False)
                patched.setattr(evalfile, "load_yaml", plain)
                patched.setattr(assertions, "load_yaml", plain)
            try:
                loaded = load_suite(str(path))
            except Exception as exc:
                results.append([("raised", *outcome_of(exc))])
                continue
            results.append(snapshot(loaded))
    return results[0], results[1]


def test_suites_load_the_same_both_ways(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Suites, assertion specs and every position in them: identical in each style."""
    for path in _write_variants(tmp_path, _suite_doc(30)):
        fast, plain = _load_both_ways(path, monkeypatch)
        assert fast == plain, path.name
        assert fast[0][0] == "Suite", path.name


def test_broken_suites_fail_the_same_both_ways(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    doc = _suite_doc(3)
    text = json.dumps(doc, indent=1)
    broken = {
        "dup-json": text.replace('"input": "Q"', '"input": "Q", "id": "again"', 1),
        "dup-block": yaml.safe_dump(doc, sort_keys=False).replace(
            "  input: Q\n", "  input: Q\n  input: R\n", 1
        ),
        "syntax": text[:-3],
        "nan": text.replace('"weight": 2', '"weight": NaN', 1),
    }
    for name, body in broken.items():
        path = tmp_path / f"{name}.eval.yaml"
        path.write_text(body, encoding="utf-8")
        fast, plain = _load_both_ways(path, monkeypatch)
        assert fast == plain, name
    assert _load_both_ways(tmp_path / "dup-json.eval.yaml", monkeypatch)[0][0][0] == "raised"


def test_the_fast_paths_are_taken(monkeypatch: pytest.MonkeyPatch) -> None:
    """Otherwise the tests above would compare the plain path with itself."""
    doc = _suite_doc(5)

    def refuse(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("the plain path was used")

    monkeypatch.setattr(_libyaml._Loader, "construct_document", refuse)
    for text in (
        yaml.safe_dump(doc, sort_keys=False),
        yaml.safe_dump(doc, sort_keys=False).replace("value: answer\n", "value: !!str answer\n"),
        "a: &x {b: 1}\nc: *x\n",
    ):
        assert isinstance(load_yaml(text, "x.yaml"), YamlMap)
    monkeypatch.setattr(_libyaml._Loader, "get_single_node", refuse)
    for text in (json.dumps(doc), json.dumps(doc, indent=2), '{"a": "[{"}'):
        assert isinstance(load_yaml(text, "x.yaml"), YamlMap)


def test_json_positions_are_libyamls() -> None:
    loaded = load_yaml('{\r\n "a": [\r  {"b": 1}, [] ],\n\t"c": {}}', "x.yaml")
    assert (loaded.line, loaded.col) == (1, 1)
    assert (loaded["a"].line, loaded["a"].col) == (2, 7)
    assert (loaded["a"][0].line, loaded["a"][0].col) == (3, 3)
    assert (loaded["a"][1].line, loaded["a"][1].col) == (3, 13)
    assert (loaded["c"].line, loaded["c"].col) == (4, 7)


# ---- properties: random documents, random spellings, random damage ----

_CHARS = st.characters(
    codec="utf-8",
    categories=("L", "N", "P", "S", "Z", "Cc"),
    include_characters="\x85\u2028\u2029\ufeff\ufffe{}[]\"'\\:#&*!|>-?,%@`\t ",
)
_TEXT = st.text(_CHARS, max_size=12)
_SCALARS = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-(10**20), max_value=10**20)
    | st.floats(allow_nan=False, allow_infinity=False)
    | _TEXT
    | st.sampled_from(["yes", "no", "on", "1:30", "012", "0x1F", "0o7", ".inf", "-.nan", "~", ""])
)
_JSON_VALUES = st.recursive(
    _SCALARS,
    lambda kids: st.lists(kids, max_size=4) | st.dictionaries(_TEXT, kids, max_size=4),
    max_leaves=24,
)
_KEYS = _TEXT | st.integers(-5, 5) | st.booleans() | st.none() | st.floats(allow_nan=False)
_YAML_VALUES = st.recursive(
    _SCALARS,
    lambda kids: st.lists(kids, max_size=4) | st.dictionaries(_KEYS, kids, max_size=4),
    max_leaves=24,
)
_BUDGET = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@st.composite
def json_texts(draw: st.DrawFn) -> str:
    value = draw(st.dictionaries(_TEXT, _JSON_VALUES, max_size=5) | st.lists(_JSON_VALUES))
    indent = draw(st.sampled_from([None, 0, 1, 2, "\t", " \t"]))
    separators = draw(st.sampled_from([None, (",", ":"), (" , ", " : "), (",\n", ":\t")]))
    text = json.dumps(value, indent=indent, separators=separators, ensure_ascii=draw(st.booleans()))
    newline = draw(st.sampled_from(["\n", "\r\n", "\r"]))
    return (
        draw(st.sampled_from(["", " ", "\n", "\t"]))
        + text.replace("\n", newline)
        + draw(st.sampled_from(["", "\n", " \n", "\t", "\n\n"]))
    )


@st.composite
def yaml_texts(draw: st.DrawFn) -> str:
    value = draw(st.dictionaries(_KEYS, _YAML_VALUES, max_size=5) | st.lists(_YAML_VALUES))
    return yaml.safe_dump(
        value,
        sort_keys=False,
        allow_unicode=draw(st.booleans()),
        default_flow_style=draw(st.sampled_from([False, True, None])),
        default_style=draw(st.sampled_from([None, None, '"', "'"])),
        width=draw(st.sampled_from([20, 80, 1000])),
    )


@st.composite
def damaged(draw: st.DrawFn, texts: st.SearchStrategy[str]) -> str:
    text = draw(texts)
    for _ in range(draw(st.integers(1, 3))):
        at = draw(st.integers(0, len(text)))
        cut = draw(st.integers(0, 2))
        piece = draw(
            st.sampled_from(
                [
                    '"',
                    ",",
                    ":",
                    " :",
                    "\n:",
                    "\t",
                    "!",
                    "!!str ",
                    "!!int ",
                    "! ",
                    "!!null",
                    "&a ",
                    "*a",
                    "#",
                    "- ",
                    "{",
                    "}",
                    "[",
                    "]",
                    "\u2028",
                    "\\u",
                    "\\ud800",
                    "\r",
                ]
            )
        )
        text = text[:at] + piece + text[at + cut :]
    return text


@_BUDGET
@given(json_texts())
def test_json_loads_the_same_both_ways(text: str) -> None:
    fast, plain = both_ways(text)
    assert fast == plain


# Number texts as JSON writes them: floats' shortest text, integers of any size, and
# decimals with any digits and exponent (orjson and json.loads each round them).
_NUMBER_TEXTS = st.one_of(
    st.floats(allow_nan=False, allow_infinity=False).map(repr),
    st.integers().map(str),
    st.builds(
        "{}.{}e{}".format,
        st.integers(-(10**20), 10**20),
        st.integers(0, 10**20),
        st.integers(-340, 320),
    ),
)


@_BUDGET
@given(st.lists(_NUMBER_TEXTS, min_size=1, max_size=20))
def test_json_numbers_load_the_same_both_ways(numbers: list[str]) -> None:
    """Batch mode parses a JSON suite with orjson, which must read every number as
    json.loads and the YAML path do (what it reads otherwise goes to json.loads)."""
    fast, plain = both_ways('{"n": [' + ", ".join(numbers) + "]}")
    assert fast == plain


@_BUDGET
@given(yaml_texts())
def test_yaml_loads_the_same_both_ways(text: str) -> None:
    fast, plain = both_ways(text)
    assert fast == plain


@_BUDGET
@given(damaged(json_texts() | yaml_texts()))
def test_damaged_text_loads_or_fails_the_same_both_ways(text: str) -> None:
    fast, plain = both_ways(text)
    assert fast == plain


def test_a_json_eval_file_is_loaded_without_pyyaml(tmp_path: Path) -> None:
    """PyYAML (about 11 ms to import) is loaded only for text the JSON path cannot read."""
    import subprocess
    import sys

    (tmp_path / "j.eval.yaml").write_text('{"tests": [{"id": "t", "input": "q"}]}')
    (tmp_path / "y.eval.yaml").write_text("tests:\n  - id: t\n    input: q\n")
    code = (
        "import sys\n"
        "from agentv_grader.load.evalfile import load_suite\n"
        "load_suite(sys.argv[1])\n"
        "assert 'yaml' not in sys.modules, 'PyYAML loaded'\n"
        "load_suite(sys.argv[2])\n"
        "assert 'yaml' in sys.modules\n"
    )
    subprocess.run(
        [sys.executable, "-c", code, str(tmp_path / "j.eval.yaml"), str(tmp_path / "y.eval.yaml")],
        check=True,
    )


# ------------------------------------------------------------- alias guard without anchors
def test_star_without_anchor_skips_the_alias_guard(monkeypatch: pytest.MonkeyPatch) -> None:
    """`*` in a regex or in markdown is no alias when no node starts with `&`: the
    expansion walk is not run, and the value is the plain path's (issue 22)."""
    text = "tests:\n  - id: t\n    assertions:\n      - {type: regex, value: 'a.*b'}\n" \
        "      - {type: contains, value: '**bold** Q&A x&y'}\n"  # fmt: skip

    def walk(node: Any) -> int:
        raise AssertionError("the alias guard ran on a text without an anchor")

    monkeypatch.setattr(_libyaml, "_expanded_size", walk)
    assert load_yaml(text, "s.yaml") == load_yaml(text, "s.yaml", fast=False)


@pytest.mark.parametrize(
    "anchor", ["a: &x [1]\nb: *x\n", "- &x 1\n- *x\n", "[&x 1, *x]", "{a: &x 1, b: *x}"]
)
def test_anchor_where_a_node_starts_keeps_the_alias_guard(
    anchor: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    walked: list[int] = []
    size = _libyaml._expanded_size

    def walk(node: Any) -> int:
        walked.append(1)
        return size(node)

    monkeypatch.setattr(_libyaml, "_expanded_size", walk)
    assert load_yaml(anchor, "s.yaml") == load_yaml(anchor, "s.yaml", fast=False)
    assert walked


# ---- the JSON path's container offsets, against the plain ways of finding them ----

_STRING_OR_OPENER = re.compile(r'"(?:[^"\\]|\\.)*"|[\[{]', re.S)


def _openers_outside_strings(text: str) -> list[int]:
    """The reference: a tokenizer that skips whole JSON strings (escapes and all)."""
    return [m.start() for m in _STRING_OR_OPENER.finditer(text) if m.group() in "[{"]


@st.composite
def json_texts_with_brackets_in_strings(draw: st.DrawFn) -> str:
    """JSON texts whose strings hold brackets, quotes, backslashes and escapes."""
    piece = st.sampled_from(
        ['"', "\\", "[", "{", "]", "}", ":", "\\u005b", "é", "😀", "\n", " ", "a"]
    )
    strings = st.lists(piece, max_size=8).map("".join)
    values = st.recursive(
        strings | st.integers() | st.none(),
        lambda kids: st.lists(kids, max_size=4) | st.dictionaries(strings, kids, max_size=4),
        max_leaves=20,
    )
    value = draw(st.lists(values, max_size=4) | st.dictionaries(strings, values, max_size=4))
    indent = draw(st.sampled_from([None, 1, "\t"]))
    return json.dumps(value, indent=indent, ensure_ascii=draw(st.booleans()))


@_BUDGET
@given(json_texts_with_brackets_in_strings())
def test_the_containers_are_found_where_a_string_tokenizer_finds_them(text: str) -> None:
    every = yaml12._bracket_offsets(text)
    assert every == [i for i, ch in enumerate(text) if ch in "[{"]
    assert yaml12._outside_strings(text, every) == _openers_outside_strings(text)
    assert yaml12.json_shape(text).offsets == _openers_outside_strings(text)


def _pairs(value: Any) -> int:
    """The reference: the pairs of every object in a parsed JSON value."""
    if isinstance(value, dict):
        return len(value) + sum(_pairs(item) for item in value.values())
    if isinstance(value, list):
        return sum(_pairs(item) for item in value)
    return 0


@_BUDGET
@given(json_texts_with_brackets_in_strings())
def test_the_json_shape_counts_the_pairs_json_loads_finds(text: str) -> None:
    """Its colons outside strings, however many colons, quotes and escapes the strings
    hold: one per pair."""
    assert yaml12.json_shape(text).pairs == _pairs(json.loads(text))


@_BUDGET
@given(json_texts_with_brackets_in_strings() | json_texts())
def test_a_json_shape_given_places_the_containers_as_worked_out_here(text: str) -> None:
    """Batch mode's scout works out `json_shape` of the eval file's text while the parent
    parses it; given it, the load answers as it does alone (`both_ways` checks this for
    every text it is given, duplicates and bad input among them)."""
    here = both_ways(text)[0]
    given = _outcome(lambda: load_yaml(text, "x.yaml", shape=lambda: yaml12.json_shape(text)))
    assert given == here


def _containers(value: Any) -> list[Any]:
    """The reference: every container of a parsed JSON value, in pre-order."""
    found: list[Any] = []
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, (dict, list)):
            found.append(item)
            stack.extend(reversed(item.values() if isinstance(item, dict) else item))
    return found


def _keys(value: Any) -> list[str]:
    return [k for c in _containers(value) if isinstance(c, dict) for k in c]


@st.composite
def _json_texts_with_long_keys(draw: st.DrawFn) -> str:
    """JSON texts with keys about `_JSON_MAX_KEY` characters long, some escaped."""
    size = st.integers(yaml12._JSON_MAX_KEY - 2, yaml12._JSON_MAX_KEY + 2)
    key = st.builds(lambda n, c: c * n, size, st.sampled_from(["k", "é", '"', "\\", ":"]))
    value = st.recursive(
        st.integers() | st.text(max_size=3),
        lambda kids: st.lists(kids, max_size=3) | st.dictionaries(key, kids, max_size=3),
        max_leaves=8,
    )
    doc = draw(st.dictionaries(key | st.text(max_size=3), value, max_size=3))
    return json.dumps(doc, ensure_ascii=draw(st.booleans()))


@_BUDGET
@given(json_texts_with_brackets_in_strings() | json_texts() | _json_texts_with_long_keys())
# a long run between two strings, the second opening with a colon (Hypothesis found it)
@example(
    '[\n "",\n [\n  [\n   0,\n   null,\n   null,\n   null\n  ],\n  [\n   -1000,\n   null,\n'
    '   null,\n   null\n  ]\n ],\n [\n  ":"\n ]\n]'
)
def test_the_json_shape_tells_the_containers_that_hold_none(text: str) -> None:
    """Its leaves: a byte per container, 1 for one that holds no container, given only
    when every key is short (the walk then checks none); a key longer than
    `_JSON_MAX_KEY` characters never passes for short."""
    shape = yaml12.json_shape(text)
    parsed = json.loads(text)
    if shape.leaves:
        holds = [
            any(isinstance(v, (dict, list)) for v in (c.values() if isinstance(c, dict) else c))
            for c in _containers(json.loads(text, object_pairs_hook=_no_dedup))
        ]
        assert list(shape.leaves) == [int(not h) for h in holds]
        assert all(len(k) <= yaml12._JSON_MAX_KEY for k in _keys(parsed))
    elif shape.fits and all(len(k) <= 8 for k in _keys(parsed)):
        raise AssertionError("short keys: leaves expected")


def _no_dedup(pairs: list[tuple[str, Any]]) -> dict[Any, Any]:
    """An object with every pair kept (a duplicate key's value too: it is in the text)."""
    return {(i, k): v for i, (k, v) in enumerate(pairs)}


@_BUDGET
@given(_json_texts_with_long_keys())
def test_a_long_key_anywhere_sends_the_json_path_to_the_plain_path_as_before(text: str) -> None:
    fast, plain = both_ways(text)
    assert fast == plain


@pytest.mark.parametrize("depth", range(yaml12._FAST_DEPTH - 2, yaml12._FAST_DEPTH + 3))
def test_containers_that_hold_none_are_refused_as_deep_as_before(depth: int) -> None:
    """The walk takes a container that holds none where it meets it, without a call: one
    deeper than the JSON path goes is still sent to the plain path, as without leaves."""
    for text in (
        "[" * depth + "]" * depth,
        '{"a":' * depth + "{}" + "}" * depth,
        "[" * depth + '{"b": 1}' + "]" * depth,
        '{"a":' * depth + "[1]" + "}" * depth,
    ):
        shape = yaml12.json_shape(text)
        assert shape.leaves
        fast, plain = both_ways(text)
        assert (
            _outcome(lambda text=text, shape=shape: load_yaml(text, "x.yaml", shape=lambda: shape))
            == fast
        )


def test_a_json_shape_given_tells_a_duplicate_key_and_its_offsets_are_checked(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    text = '{"a": ["[x", {"b": "\\"{:"}, [1]],\n "c": {}}'
    right = yaml12.json_shape(text)
    assert right == ([0, 6, 13, 28, 40], 3, True, b"\0\0\1\1\1")
    expected = snapshot(load_yaml(text, "x.yaml"))
    # worked out here; leaves not this text's (the plain path), or none (each key checked)
    shorter, longer = right._replace(leaves=right.leaves[:-1]), right._replace(leaves=b"\0" * 6)
    for wrong in (None, right._replace(offsets=right.offsets[:-1]), shorter, longer):
        given = snapshot(load_yaml(text, "x.yaml", shape=lambda wrong=wrong: wrong))
        assert given == expected
    assert snapshot(load_yaml(text, "x.yaml", shape=lambda: right._replace(leaves=b""))) == expected
    shifted = right._replace(offsets=[offset + 1 for offset in right.offsets])
    assert snapshot(load_yaml(text, "x.yaml", shape=lambda: shifted)) != expected  # (used)
    # fewer pairs parsed than the shape counts: a duplicate key, which the plain path tells
    duplicate = text.replace('"c"', '"a"')
    plain = _outcome(lambda: load_yaml(duplicate, "x.yaml", fast=False))
    assert plain[0][:2] == ("raised", "GradeInputError")
    shape = yaml12.json_shape(duplicate)
    assert _outcome(lambda: load_yaml(duplicate, "x.yaml", shape=lambda: shape)) == plain
    # (a shape that counts one pair more than there are is taken for a duplicate too)
    more = right._replace(pairs=right.pairs + 1)
    assert snapshot(load_yaml(text, "x.yaml", shape=lambda: more)) == expected

    def refuse(*args: Any) -> Any:
        raise AssertionError("worked out here")

    monkeypatch.setattr(yaml12, "_bracket_offsets", refuse)
    monkeypatch.setattr(yaml12, "json_shape", refuse)
    monkeypatch.setattr(yaml12, "_reads_as_yaml", refuse)  # (the shape tells)
    assert snapshot(load_yaml(text, "x.yaml", shape=lambda: right)) == expected
    # a text the shape says libyaml reads otherwise goes the plain path
    unfit = right._replace(fits=False)
    monkeypatch.setattr(_libyaml, "load_with_libyaml", lambda *args: "plain")
    assert load_yaml(text, "x.yaml", shape=lambda: unfit) == "plain"


def test_suites_load_the_same_with_the_json_shape_given(tmp_path: Path) -> None:
    """`load_suite(shape=...)` as batch mode calls it (the shape of the text of the bytes
    it loads): every eval file of tests/data and each spelling of a suite."""
    root = Path(__file__).resolve().parents[1]
    paths = [
        *sorted(p for pattern in ("**/*.eval.yaml", "**/*.eval.yml") for p in root.glob(pattern)),
        *_write_variants(tmp_path, _suite_doc(30)),
    ]
    assert len(paths) > 50
    used = 0
    for path in paths:
        data = path.read_bytes()
        asked: list[bool] = []

        def shape(data: bytes = data, asked: list[bool] = asked) -> yaml12.JsonShape:
            asked.append(True)
            return yaml12.json_shape(data.decode("utf-8").removeprefix("\ufeff"))

        alone = _outcome(lambda path=path: load_suite(str(path)))
        given = _outcome(lambda path=path, data=data: load_suite(str(path), data=data, shape=shape))
        assert given == alone, path
        used += bool(asked)
    assert used >= 3  # the JSON spellings at least


def test_what_the_json_path_parsed_is_handed_over_when_asked(tmp_path: Path) -> None:
    """`keep` (batch mode, which frees it at its end, not in its serial start) gets
    json.loads's own tree of a JSON text (objects as tuples of pairs, or with a shape
    given as dicts, each then copied to a YamlMap, and each array to a YamlList); nothing
    for YAML; the suite is the same."""
    used = 0
    for path in _write_variants(tmp_path, _suite_doc(5)):
        kept: list[Any] = []
        alone = snapshot(load_suite(str(path)))
        assert snapshot(load_suite(str(path), keep=kept)) == alone
        text = path.read_bytes().decode("utf-8")  # (line breaks as written)
        shaped: list[Any] = []
        shape = lambda text=text: yaml12.json_shape(text)  # noqa: E731
        assert snapshot(load_suite(str(path), keep=shaped, shape=shape)) == alone
        try:
            parsed = [json.loads(text, object_pairs_hook=tuple)]
        except json.JSONDecodeError:  # a YAML spelling
            parsed = []
        assert kept == parsed, path.name
        assert shaped == ([json.loads(text)] if parsed else []), path.name
        assert type(shaped[0]) is dict if parsed else not shaped
        used += bool(kept)
    assert used >= 2


# ---- the builder's plain-test path (`_SuiteBuilder._plain_test`) against `_test` ----

_TEXT_VALUES = ["Q", "", "  ", "a {{ x }} b", "{% if 1 %}y{% endif %}", "{{ 1 + 1 }}", "é"]
_MESSAGES = [{"role": "user", "content": "M"}]
# Each field a test may have, and values of it that `_plain_test` takes or refuses.
_FIELD_VALUES: dict[str, list[Any]] = {
    "id": ["t1", "", " ", "t-{{ x }}", "{%x%}", 7, 2.5, True, None],
    "input": [*_TEXT_VALUES, None, _MESSAGES, 3],
    "input_messages": [_MESSAGES, None],
    "criteria": [*_TEXT_VALUES, None, ["x"], 4],
    "expected_outcome": [*_TEXT_VALUES, None],
    "expected_output": ["A", None, {"role": "assistant", "content": "A"}],
    "vars": [None, {"x": "X"}, {"x": ["a", "b"]}, {}],
    "threshold": [None, 0.5, "x"],
    "run": [None, {"threshold": 0.7}, {}],
    "execution": [None, {"threshold": 2}, {"skip_defaults": True}],
    "options": [None, {"transform": "x"}, {}],
    "turns": [None, [{"input": "T"}], []],
    "assertions": [[{"type": "contains", "value": "Q"}, {"type": "nope"}], []],
    "assert": [[{"type": "regex", "value": "{{ x }}"}]],
}
# Suite fields that a test inherits (or that make every test go the general way).
_SUITE_VALUES: dict[str, list[Any]] = {
    "prompts": [None, ["P {{ x }}"], ["A", "B"]],
    "default_test": [None, {"vars": {"x": "D"}}, {"threshold": 0.6}, {"threshold": 2}],
    "threshold": [None, 0.9, 1, 0, 2, -0.1, "0.5", True, float("nan")],
    "assert": [None, [{"type": "contains", "value": "D"}]],
}
_ENTRY_VALUES = {key: st.sampled_from(values) for key, values in _FIELD_VALUES.items()}
_DOC_VALUES = {key: st.sampled_from(values) for key, values in _SUITE_VALUES.items()}
_PLAIN_ENTRY: dict[str, Any] = {"id": "t1", "input": "Q", "criteria": "C", "assertions": []}


@st.composite
def _entries(draw: st.DrawFn, values: dict[str, st.SearchStrategy[Any]]) -> dict[str, Any]:
    keys = draw(st.lists(st.sampled_from(sorted(values)), unique=True))
    return {key: draw(values[key]) for key in keys}


@st.composite
def _near_plain_entries(draw: st.DrawFn) -> dict[str, Any]:
    """A plain test with at most two fields added, changed or left out."""
    entry = dict(_PLAIN_ENTRY)
    for key in draw(st.lists(st.sampled_from(sorted(_ENTRY_VALUES)), max_size=2, unique=True)):
        if draw(st.booleans()) and key in entry:
            del entry[key]
        else:
            entry[key] = draw(_ENTRY_VALUES[key])
    return entry


def _built(builder: Any, entry: YamlMap) -> list[Any]:
    try:
        return snapshot(builder._test(entry, "suite"))
    except evalfile._NoId as exc:
        return [("no id", str(exc))]


@_BUDGET
@given(
    _entries(_DOC_VALUES),
    st.lists(_near_plain_entries() | _entries(_ENTRY_VALUES), min_size=1, max_size=4),
)
def test_the_plain_test_path_builds_what_the_general_one_does(
    doc: dict[str, Any], entries: list[dict[str, Any]]
) -> None:
    """Whenever `_plain_test` answers, its test is `_test`'s without it: every field,
    the assertions and warnings built on first use, the id's and positions' texts."""
    seen: list[bool] = []
    for number, fields in enumerate(entries, start=1):
        entry = YamlMap(fields)
        entry.line, entry.col = number, 3
        for suite_doc in (doc, {}):  # (the drawn suite's defaults, and none)
            builder = evalfile._SuiteBuilder("x.eval.yaml", {**suite_doc, "tests": [entry]})
            plain = builder._plain_suite and builder._plain_test(entry, "suite", number)
            builder._plain_suite = False
            general = _built(builder, entry)
            if plain:
                assert snapshot(plain) == general
            seen.append(bool(plain))
    event(f"plain path taken: {any(seen)}")


def _suite_docs() -> list[dict[str, Any]]:
    """No suite fields, and each suite field with each of its values alone."""
    docs: list[dict[str, Any]] = [{}]
    docs += [{key: value} for key, values in _SUITE_VALUES.items() for value in values]
    return docs


def test_each_field_and_value_alone_builds_the_same_either_way() -> None:
    """Every change of one field of a plain test (each value, or the field left out),
    in a suite without defaults or with one suite field: `_plain_test`, when it answers,
    answers as `_test`; and the plain test itself takes the plain path."""
    changes = [(key, value) for key, values in _FIELD_VALUES.items() for value in values]
    changes += [(key, ...) for key in _PLAIN_ENTRY]
    taken = 0
    for doc in _suite_docs():
        for key, value in changes:
            fields = {k: v for k, v in _PLAIN_ENTRY.items() if k != key}
            if value is not ...:
                fields[key] = value
            entry = YamlMap(fields)
            entry.line, entry.col = 4, 3
            builder = evalfile._SuiteBuilder("x.eval.yaml", {**doc, "tests": [entry]})
            plain = builder._plain_suite and builder._plain_test(entry, "suite", 4)
            builder._plain_suite = False
            if plain:
                taken += 1
                assert snapshot(plain) == _built(builder, entry), (doc, key, value)
    assert taken > 50


def test_the_usual_test_takes_the_plain_path() -> None:
    entry = YamlMap({"id": "t1", "input": "Q", "criteria": "C", "assertions": []})
    builder = evalfile._SuiteBuilder("x.eval.yaml", {"tests": [entry]})
    assert builder._plain_suite
    assert builder._plain_test(entry, "suite", 1) is not None
    assert builder._plain_test(YamlMap({**entry, "vars": {"x": 1}}), "suite", 1) is None


def test_the_test_datas_eval_files_load_the_same_without_the_plain_path(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    root = Path(__file__).resolve().parents[1]
    paths = sorted(
        p
        for pattern in ("**/*.eval.yaml", "**/*.eval.yml", "**/*.jsonl")
        for p in (root / "data").glob(pattern)
    )
    assert len(paths) > 50
    for path in paths:
        try:
            with_plain = snapshot(load_suite(str(path)))
        except Exception as exc:
            with_plain = [("raised", *outcome_of(exc))]
        with monkeypatch.context() as patched:
            patched.setattr(evalfile._SuiteBuilder, "_plain_test", lambda *args: None)
            try:
                without = snapshot(load_suite(str(path)))
            except Exception as exc:
                without = [("raised", *outcome_of(exc))]
        assert with_plain == without, path
