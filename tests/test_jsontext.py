"""JSON text and JSON value kinds (agentv_grader.jsontext)."""

from __future__ import annotations

import json
import math
import re
from pathlib import Path
from typing import Any

import orjson
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from agentv_grader import jsontext
from agentv_grader.jsontext import as_double, described_kind, is_finite_number, json_kind
from agentv_grader.model import Status


@pytest.mark.parametrize(
    ("value", "kind", "described"),
    [
        (None, "null", "null"),
        (True, "boolean", "a boolean"),
        (3, "number", "a number"),
        (2.5, "number", "a number"),
        ("x", "string", "a string"),
        ([1], "array", "a list"),
        ({"a": 1}, "object", "a mapping"),
        ((1,), None, "tuple"),
    ],
)
def test_json_kinds_and_their_names_in_messages(
    value: Any, kind: str | None, described: str
) -> None:
    assert json_kind(value) == kind
    assert described_kind(value) == described


def test_null_may_be_named_as_the_message_needs() -> None:
    assert described_kind(None, none="missing") == "missing"


# ------------------------------------------------------------------ indented JSON
# Values the JSON writers take: JSON's own, tuples, non-string keys, enums, lone surrogates.
_SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(),
    st.sampled_from([Status.PASSED, Status.ERROR, -0.0, 1e16, 10**30, "\u2028", "\ud800x"]),
)
_KEYS = st.one_of(st.text(), st.integers(), st.floats(), st.booleans(), st.none())
JSON_VALUES = st.recursive(
    _SCALARS,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4),
        st.lists(inner, max_size=3).map(tuple),
        st.dictionaries(_KEYS, inner, max_size=4),
    ),
    max_leaves=25,
)


def _orjson_floats(data: Any) -> Any:
    """`data` with every float replaced by a marker string holding orjson's text for it."""
    if isinstance(data, float):
        return "FLOAT:" + orjson.dumps(data).decode()
    if isinstance(data, (list, tuple)):
        return [_orjson_floats(v) for v in data]
    if isinstance(data, dict):
        return {k: _orjson_floats(v) for k, v in data.items()}
    return data


@given(JSON_VALUES)
@settings(max_examples=300, deadline=None)
def test_indented_json_is_the_standard_librarys_text_with_orjsons_numbers(data: Any) -> None:
    """The fallback writer: `json`'s layout, keys and strings, orjson's numbers."""
    expected = json.dumps(_orjson_floats(data), ensure_ascii=False, indent=2)
    expected = re.sub(r'"FLOAT:([^"]*)"', r"\1", expected)
    assert jsontext._indented(data) == expected


@given(JSON_VALUES)
@settings(max_examples=300, deadline=None)
def test_orjson_and_the_fallback_write_the_same_text(data: Any) -> None:
    """`dump_json` uses orjson where it can and `_indented` where orjson refuses (a lone
    surrogate, a non-string key, a huge integer): one format either way."""
    try:
        fast = orjson.dumps(data, option=orjson.OPT_INDENT_2).decode()
    except TypeError:
        assume(False)
    assert fast == jsontext._indented(data)
    assert jsontext.dump_json(data) == fast + "\n"
    jsontext.use_fast_json()
    try:
        assert jsontext.dump_json(data) == fast + "\n"
    finally:
        jsontext._orjson = None


@given(JSON_VALUES)
@settings(max_examples=300, deadline=None)
def test_json_bytes_are_the_text_a_file_holds(data: Any) -> None:
    """`json_bytes` (orjson's bytes as they come, in batch mode) is `dump_json`'s text as
    `write_atomic` encodes it, with and without orjson loaded."""
    try:
        expected = jsontext.dump_json(data).encode("utf-8", "backslashreplace")
    except TypeError:
        assume(False)
    assert jsontext.json_bytes(data) == expected
    jsontext.use_fast_json()
    try:
        assert jsontext.json_bytes(data) == expected
    finally:
        jsontext._orjson = None


@given(st.one_of(st.binary(max_size=80), st.text(alphabet='0123456789x"', max_size=60)))
@settings(max_examples=500, deadline=None)
def test_long_numbers_are_found_as_the_regex_finds_them(data: bytes | str) -> None:
    raw = data.encode() if isinstance(data, str) else data
    assert jsontext._has_long_number(raw) is (re.search(rb"[0-9]{19}", raw) is not None)


@given(st.floats())
@settings(max_examples=500, deadline=None)
def test_float_text_is_orjsons(value: float) -> None:
    assert jsontext._float(value) == orjson.dumps(value).decode()


@pytest.mark.parametrize(
    "value", [1e-5, -1.5000000000000002e-05, 1e-6, 1e16, -1e16, 5e-324, 1.7976931348623157e308]
)
def test_float_text_at_orjsons_exponent_limits(value: float) -> None:
    assert jsontext._float(value) == orjson.dumps(value).decode()


def test_a_single_test_run_never_loads_orjson(tmp_path: Path) -> None:
    """Loading orjson costs more than a single test's files save (cold start)."""
    import subprocess
    import sys

    code = (
        "import sys\n"
        "from agentv_grader import jsontext\n"
        "jsontext.dump_json({'a': [1.5, 'x']})\n"
        "assert 'orjson' not in sys.modules, 'orjson loaded'\n"
        "jsontext.use_fast_json()\n"
        "assert 'orjson' in sys.modules\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


_DATACLASS_CHECK = """
import sys
from agentv_grader import jsontext

def outcomes():
    import dataclasses

    @dataclasses.dataclass(slots=True)
    class Slotted:
        a: int = 1

    @dataclasses.dataclass
    class Plain:
        a: int = 1

    found = []
    for value in (Slotted(), Plain(), {"k": [Slotted()]}, {"k": [1.5, "x", None]}):
        for write in (jsontext.dump_json, jsontext.json_bytes):
            try:
                found.append(write(value))
            except TypeError as exc:
                found.append(("refused", str(exc)))
        found.append(jsontext.member_json("k", value) is None)
        found.append(jsontext.joined_json({"k": None, "v": value}, "k", []) is None)
    return found

FALLBACK
jsontext.use_fast_json()
assert "orjson" in sys.modules
assert ("dataclasses" in sys.modules) == BEFORE, sorted(sys.modules)
with_orjson = outcomes()
import dataclasses
assert dataclasses.dataclass and dataclasses.fields
jsontext._orjson = None
without = outcomes()
assert [o for o in with_orjson if type(o) is not bool] == [
    o for o in without if type(o) is not bool
], (with_orjson, without)
assert with_orjson[2:4] == [True, True] and with_orjson[-2:] == [False, False], with_orjson
print("ok")
"""


@pytest.mark.parametrize("before", [False, True])
def test_orjson_is_loaded_without_dataclasses_and_refuses_them_as_the_fallback_does(
    before: bool,
) -> None:
    """`use_fast_json` imports orjson with a stand-in for `dataclasses` (SPEC §8): the
    real module is not imported for it, a later import gets it whole, and every writer
    refuses a dataclass (slots or not) as the standard library's path does, where the
    stand-in would otherwise make orjson write a slotted one as `{}`; with `dataclasses`
    already imported, orjson is imported as usual. The text of plain data is the same."""
    import subprocess
    import sys

    code = _DATACLASS_CHECK.replace("FALLBACK", "import dataclasses" if before else "")
    code = code.replace("BEFORE", str(before))
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0 and done.stdout == "ok\n", done.stderr


def test_the_stand_in_for_dataclasses_is_removed_when_orjson_cannot_be_imported() -> None:
    import subprocess
    import sys

    code = (
        "import sys\n"
        "sys.modules['orjson'] = None\n"
        "from agentv_grader import jsontext\n"
        "del sys.modules['orjson']\n"
        "import builtins\n"
        "real = builtins.__import__\n"
        "def refuse(name, *args, **kwargs):\n"
        "    if name == 'orjson':\n"
        "        assert type(sys.modules['dataclasses']).__name__ == 'module'\n"
        "        raise ImportError('no orjson')\n"
        "    return real(name, *args, **kwargs)\n"
        "builtins.__import__ = refuse\n"
        "try:\n"
        "    jsontext.use_fast_json()\n"
        "except ImportError:\n"
        "    pass\n"
        "assert 'dataclasses' not in sys.modules and jsontext._orjson is None\n"
        "print('ok')\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0 and done.stdout == "ok\n", done.stderr


def test_an_orjson_that_needs_more_of_dataclasses_is_imported_with_the_real_one() -> None:
    """A later orjson that reads more than `_FIELD` from `dataclasses` when imported fails
    on the stand-in: it is imported again as usual, and dumps work (SPEC §8)."""
    import subprocess
    import sys

    code = (
        "import sys, importlib, importlib.abc, importlib.machinery\n"
        "class Picky(importlib.abc.MetaPathFinder, importlib.abc.Loader):\n"
        "    tries = 0\n"
        "    def find_spec(self, name, path=None, target=None):\n"
        "        if name != 'orjson.orjson':  # the extension module of the package\n"
        "            return None\n"
        "        spec = importlib.machinery.PathFinder.find_spec(name, path)\n"
        "        self.real, spec.loader = spec.loader, self\n"
        "        return spec\n"
        "    def create_module(self, spec):\n"
        "        Picky.tries += 1\n"
        "        importlib.import_module('dataclasses').fields  # as a later orjson might\n"
        "        return self.real.create_module(spec)\n"
        "    def exec_module(self, module):\n"
        "        self.real.exec_module(module)\n"
        "sys.meta_path.insert(0, Picky())\n"
        "from agentv_grader import jsontext\n"
        "jsontext.use_fast_json()\n"
        "assert Picky.tries == 2 and jsontext._orjson is sys.modules['orjson']\n"
        "assert type(sys.modules['dataclasses'].fields).__name__ == 'function'\n"
        "import json\n"
        "doc = {'a': [1, 'x']}\n"
        "assert jsontext.dump_json(doc) == json.dumps(doc, indent=2) + '\\n'\n"
        "print('ok')\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0 and done.stdout == "ok\n", done.stderr


def test_dump_json_falls_back_where_orjson_refuses() -> None:
    assert jsontext.dump_json({"a": "x\ud800"}) == '{\n  "a": "x\\ud800"\n}\n'
    assert jsontext.dump_json({1: 2.5e-7}) == '{\n  "1": 2.5e-7\n}\n'
    assert jsontext.dump_json([10**30]) == "[\n  " + str(10**30) + "\n]\n"
    deep: Any = []
    for _ in range(300):  # orjson stops at 254 levels
        deep = [deep]
    assert json.loads(jsontext.dump_json(deep)) == json.loads(json.dumps(deep))
    assert jsontext.dump_json({"n": float("nan"), "i": float("inf")}) == (
        '{\n  "n": null,\n  "i": null\n}\n'
    )


def test_indented_json_rejects_what_json_rejects() -> None:
    with pytest.raises(TypeError):
        jsontext.dump_json({"a": [object()]})
    with pytest.raises(TypeError):
        jsontext.dump_json({(1, 2): "tuple keys"})


# ------------------------------------------------------------------ parsing (AgentV config files)
_JSON_TEXT = st.one_of(
    JSON_VALUES.map(
        lambda d: json.dumps(d, ensure_ascii=False) if not isinstance(d, float) else "1"
    ),
    st.sampled_from(
        [
            "18446744073709551616",
            "-9223372036854775809",
            "[12345678901234567890, 1]",
            "1e400",
            "NaN",
            '"\\ud800"',
            '{"a": 1, "a": 2}',
            "\ufeff{}",
            "[1.5e-324, -0, 0.1]",
            "not json",
        ]
    ),
)


@given(_JSON_TEXT)
@settings(max_examples=300, deadline=None)
def test_config_files_parse_as_json_loads_does(text: str) -> None:
    data = text.encode("utf-8", "surrogatepass")
    try:
        expected: Any = json.loads(data)
    except (ValueError, RecursionError) as exc:
        for fast in (False, True):
            if fast:
                jsontext.use_fast_json()
            try:
                with pytest.raises(type(exc)):
                    jsontext.parse_json(data)
            finally:
                jsontext._orjson = None
        return
    for fast in (False, True):
        if fast:
            jsontext.use_fast_json()
        try:
            got = jsontext.parse_json(data)
        finally:
            jsontext._orjson = None
        assert json.dumps(got, sort_keys=True) == json.dumps(expected, sort_keys=True)


def test_batch_json_lines_write_numbers_as_the_files_do() -> None:
    data = {"cost": 1e-05, "big": 1e16, "nan": float("nan"), "text": "é", "n": [1, 2.5]}
    jsontext.use_fast_json()
    try:
        line = jsontext.dump_json_line(data)
        assert line == '{"cost":0.00001,"big":1e+16,"nan":null,"text":"é","n":[1,2.5]}'
        assert jsontext.dump_json_line({"s": "x\ud800"}) == json.dumps(
            {"s": "x\ud800"}, ensure_ascii=False, separators=(",", ":")
        )
    finally:
        jsontext._orjson = None
    assert json.loads(jsontext.dump_json_line({"a": 1})) == {"a": 1}
    assert "\n" not in jsontext.dump_json_line({"a": "b\nc"})


@given(
    st.dictionaries(st.text(), JSON_VALUES, max_size=5),
    st.dictionaries(st.text(), JSON_VALUES, max_size=3),
    st.text(),
)
@settings(max_examples=300, deadline=None)
def test_a_document_joined_from_members_is_the_document_written_whole(
    members: dict[str, Any], rest: dict[str, Any], key: str
) -> None:
    """`joined_json` of the members `member_json` wrote (a batch's workers) is the text
    `json_bytes` writes for the whole document; where orjson refuses a member or the rest
    of the document, the helpers say so (None) and only the whole can be written."""
    doc = {**rest, key: None}
    jsontext.use_fast_json()
    try:
        written = [jsontext.member_json(k, v) for k, v in members.items()]
        whole = jsontext.json_bytes({**rest, key: members})
        joined = jsontext.joined_json(doc, key, [m for m in written if m is not None])
        try:
            orjson.dumps({**rest, key: members})
        except TypeError:  # a member or the rest refused: never the joined text
            assert None in written or joined is None
            return
        assert None not in written
        assert joined == whole
    finally:
        jsontext._orjson = None
    assert jsontext.member_json("k", 1) is None  # (orjson not loaded)
    assert jsontext.joined_json(doc, key, []) is None


@pytest.mark.parametrize(
    ("value", "double", "finite"),
    [(3, 3.0, True), (-2.5, -2.5, True), (10**308, 1e308, True), (10**400, math.inf, False),
     (-(10**400), -math.inf, False), (math.nan, math.nan, False), (True, 1.0, False)],
)  # fmt: skip
def test_a_number_is_the_double_javascript_reads(value: Any, double: float, finite: bool) -> None:
    """An integer past what a double holds (JSON and YAML write any length) is ±Infinity,
    as JavaScript reads it, where `float` raises; a bool is no number."""
    assert as_double(value) == double or (math.isnan(double) and math.isnan(as_double(value)))
    assert is_finite_number(value) is finite
