"""Differential test: js_trim / js_lower / js_json_parse against Node 20 (SPEC §5.1 semantics).

These back `equals`, `starts-with`, `ends-with` (trim), `icontains` (toLowerCase) and `is-json`
(JSON.parse). Node's answers are cached in tests/data/js/strings_oracle.json by
``python3 scripts/gen_js_oracle.py strings``; this test never runs node. A parsed JSON value
is compared through a digest of its structure (array/object order, UTF-16 string contents,
JavaScript number spelling), so deep nesting needs no recursion on either side.
"""

from __future__ import annotations

import hashlib
import json
import math
import random
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from agentv_grader.js.strings import JsonParseError, js_json_parse, js_lower, js_trim

ORACLE = Path(__file__).resolve().parent.parent / "data" / "js" / "strings_oracle.json"
SEED = 7


@dataclass(frozen=True)
class Case:
    id: str
    op: str  # "trim" | "lower" | "json"
    text: str


SPACES = (
    "\t\n\v\f\r \u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a"
    "\u2028\u2029\u202f\u205f\u3000\ufeff"
)
NOT_SPACES = "\x1c\x1d\x1e\x1f\x85\u180e\u200b\u200c\u200d\u2060\ufffe\x00\ud800"
CASED = (
    "aAzZ\u00df\u1e9e\u0130\u0131iI\u03a3\u03c3\u03c2\u0391\u2126\u212a\u212b\u01c4\u01c5\u01c6"
    "\u13a0\uab70\u1c90\u10d0\U00010400\U00010428\ua7cb\ua7dc\U00010d50\u0345\u1fbc\u1f88"
    "\u0587\ufb00\u00c9\u00e9\u0041\u0301\u2160\u24b6\uff21"
)


def trim_cases() -> list[Case]:
    texts = [f"{c}x{c}" for c in SPACES + NOT_SPACES]
    texts += [
        "",
        " ",
        SPACES,
        SPACES + "a b" + SPACES,
        "\ufeff{}\ufeff",
        "\x85x\x85",
        "x\u200b",
        "\ud800 ",
        " \udc00",
        "\U0001f600 ",
        "a\u3000\u3000",
        "\u180ex\u180e",
    ]
    rng = random.Random(SEED)
    pool = SPACES + NOT_SPACES + "ab "
    texts += ["".join(rng.choice(pool) for _ in range(rng.randint(0, 8))) for _ in range(120)]
    return [Case(f"trim-{k:03d}", "trim", t) for k, t in enumerate(texts)]


def lower_cases() -> list[Case]:
    texts = [c for c in CASED]
    texts += [
        "\u03a3",
        "A\u03a3",
        "A\u03a3 B",
        "A\u03a3.",
        "A\u03a3\u0301",
        "A\u03a3B",
        "\u0391\u03a3\u03a3",
        "'\u03a3'",
        "A.\u03a3",
        "\u0130STANBUL",
        "HELLO World",
        "\U00010400\u03a3",
        "A\u00ad\u03a3",
        "A\u03a3\u00ad",
        "\ud800A",
        "\u1e9e\u1e9e",
        "\u2c2f\ua7ca\U0001e900",
        "\u0049\u0307",
        "",
    ]
    rng = random.Random(SEED + 1)
    pool = CASED + " .'-\u0301\u00ad"
    texts += ["".join(rng.choice(pool) for _ in range(rng.randint(1, 8))) for _ in range(200)]
    return [Case(f"lower-{k:03d}", "lower", t) for k, t in enumerate(texts)]


JSON_EDGE = [
    "NaN",
    "Infinity",
    "-Infinity",
    "1e400",
    "-1e400",
    "-0",
    "-0.0",
    "0",
    "01",
    "1.",
    ".5",
    "1e",
    "1E5",
    "1e-400",
    "-",
    "--1",
    "1_000",
    "0x10",
    "+1",
    "12345678901234567890",
    "1" * 5000,
    "-" + "9" * 4400,
    "0." + "1" * 5000,
    "9007199254740993",
    '"\\ud800"',
    '"\\udc00\\ud800"',
    '"\\ud83d\\ude00"',
    '"\\u0000"',
    '"\x00"',
    '"\t"',
    '"\\t"',
    '"\\/"',
    '"\\x41"',
    '"\\u12"',
    '"\\U0041"',
    '"\\a"',
    '"a',
    '"\u2028"',
    '"\ud800"',
    '{"__proto__": 1}',
    '{"b":1,"2":2,"a":3,"1":4}',
    '{"4294967295":1,"4294967294":2,"01":3,"1":4}',
    '{"a":1,"a":2}',
    '{"a":1,"b":2,"a":3}',
    "",
    " ",
    "true",
    "True",
    "null",
    "nul",
    '"a"',
    "[]",
    "{}",
    " {} ",
    "\t\n\r [1] \r\n\t",
    "\ufeff{}",
    "{}\ufeff",
    "\u00a0[]",
    "[]\u00a0",
    "\u2028[]",
    "\v[]",
    "\f[]",
    "\x85[]",
    "[1,]",
    "{'a':1}",
    "{a:1}",
    '{"a" 1}',
    "[1 2]",
    "[,1]",
    "[1,,2]",
    "[1]]",
    "[[1]",
    "[1}",
    '{"a":1]',
    "// c\n[]",
    "[] // c",
    "/* c */ []",
    "[\u3000]",
    '{"a":[1,{"b":null,"c":[true,false,"x"]}],"d":-1.5e-3}',
    '"' + "x" * 100000 + '"',
    "[" * 5000 + "]" * 5000,
    "[" * 100000 + "]" * 100000,
    "[" * 5000 + "]" * 4999,
    '{"a":' * 5000 + "1" + "}" * 5000,
    '{"a":' * 100000 + "[]" + "}" * 100000,
    "[" * 3000 + '{"k":' * 3000 + "0" + "}" * 3000 + "]" * 3000,
    "[" * 100000 + "]" * 99999 + "}",
    "[" * 2000 + "1,2" + "]" * 2000,
    '{"x":' * 1500 + "[" * 1500 + '"z"' + "]" * 1500 + "}" * 1500,
]


def json_cases() -> list[Case]:
    texts = list(JSON_EDGE)
    rng = random.Random(SEED + 2)
    for _ in range(150):
        doc = json.dumps(_random_value(rng, 3), ensure_ascii=rng.random() < 0.5)
        if rng.random() < 0.5 and doc:  # corrupt one character
            k = rng.randrange(len(doc))
            doc = doc[:k] + rng.choice(' ,:[]{}"\\0e-.x\ufeff') + doc[k + 1 :]
        texts.append(doc)
    return [Case(f"json-{k:03d}", "json", t) for k, t in enumerate(texts)]


def _random_value(rng: random.Random, depth: int) -> Any:
    r = rng.random()
    if depth and r < 0.25:
        return [_random_value(rng, depth - 1) for _ in range(rng.randint(0, 3))]
    if depth and r < 0.5:
        keys = ["a", "b", "1", "0", "10", "\u00e9", "a", "__proto__", ""]
        return {rng.choice(keys): _random_value(rng, depth - 1) for _ in range(rng.randint(0, 3))}
    return rng.choice(
        [
            None,
            True,
            False,
            0,
            -0.0,
            1.5,
            -2,
            1e21,
            1e-7,
            123456789012,
            0.1,
            "x",
            "\u00e9\U0001f600",
            "\\",
            '"',
            "\n",
            5e-324,
            1.7976931348623157e308,
        ]
    )


def all_cases() -> list[Case]:
    return trim_cases() + lower_cases() + json_cases()


def digest(cases: list[Case]) -> str:
    blob = json.dumps([[c.id, c.op, c.text] for c in cases], ensure_ascii=True)
    return hashlib.sha256(blob.encode()).hexdigest()


# -- structural digest of a parsed value (mirrors STRINGS_JS in scripts/gen_js_oracle.py) ----
def js_number(x: float) -> str:
    """JavaScript's Number::toString for a double."""
    if math.isnan(x):
        return "NaN"
    if math.isinf(x):
        return "Infinity" if x > 0 else "-Infinity"
    if x == 0:
        return "-0" if math.copysign(1, x) < 0 else "0"
    sign = "-" if x < 0 else ""
    mantissa, _, exp = repr(abs(x)).partition("e")
    whole, _, frac = mantissa.partition(".")
    digits = (whole + frac).lstrip("0") or "0"
    point = len(whole) + int(exp or 0) - (len(whole + frac) - len((whole + frac).lstrip("0")))
    digits = digits.rstrip("0") or "0"
    k, n = len(digits), point
    if k <= n <= 21:
        return sign + digits + "0" * (n - k)
    if 0 < n <= 21:
        return sign + digits[:n] + "." + digits[n:]
    if -6 < n <= 0:
        return sign + "0." + "0" * -n + digits
    e = n - 1
    mant = digits[0] + ("." + digits[1:] if k > 1 else "")
    return f"{sign}{mant}e{'+' if e >= 0 else '-'}{abs(e)}"


def _units(s: str) -> str:
    data = s.encode("utf-16-le", "surrogatepass")
    return ",".join(str(int.from_bytes(data[i : i + 2], "little")) for i in range(0, len(data), 2))


def value_digest(value: Any) -> str:
    tokens: list[str] = []
    stack: list[Any] = [value]
    end_arr, end_obj = object(), object()
    while stack:
        v = stack.pop()
        if v is end_arr:
            tokens.append("]")
        elif v is end_obj:
            tokens.append("}")
        elif isinstance(v, tuple):
            tokens.append("k:" + _units(v[0]))
        elif v is None:
            tokens.append("null")
        elif isinstance(v, bool):
            tokens.append("true" if v else "false")
        elif isinstance(v, (int, float)):
            tokens.append("n:" + js_number(float(v)))
        elif isinstance(v, str):
            tokens.append("s:" + _units(v))
        elif isinstance(v, list):
            tokens.append("[")
            stack.append(end_arr)
            stack.extend(reversed(v))
        else:
            tokens.append("{")
            stack.append(end_obj)
            for k, item in reversed(list(v.items())):
                stack.extend([item, (k,)])
    return hashlib.sha256("\n".join(tokens).encode()).hexdigest()


def our_answer(case: Case) -> list[Any]:
    if case.op == "trim":
        return ["str", js_trim(case.text)]
    if case.op == "lower":
        return ["str", js_lower(case.text)]
    try:
        return ["ok", value_digest(js_json_parse(case.text))]
    except JsonParseError:
        return ["error", "SyntaxError"]


@pytest.fixture(scope="module")
def oracle() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(ORACLE.read_text(encoding="utf-8"))
    return data


def test_cache_matches_case_list(oracle: dict[str, Any]) -> None:
    assert oracle["digest"] == digest(all_cases()), (
        "case list changed: run `python3 scripts/gen_js_oracle.py strings` to refresh the cache"
    )


@pytest.mark.parametrize("op", ["trim", "lower", "json"])
def test_agrees_with_node(oracle: dict[str, Any], op: str) -> None:
    answers = oracle["answers"]
    wrong = {}
    for case in all_cases():
        if case.op == op:
            ours, node = our_answer(case), answers[case.id]
            if ours != node:
                wrong[case.id] = f"{case.text[:80]!r}: ours={ours} node={node}"
    assert not wrong, "\n".join(f"{k}: {v}" for k, v in wrong.items())


def test_js_number_spelling() -> None:
    cases = {
        1e21: "1e+21",
        1e20: "100000000000000000000",
        0.1: "0.1",
        1e-7: "1e-7",
        1.5e-6: "0.0000015",
        123.456: "123.456",
        5e-324: "5e-324",
        -2.0: "-2",
        1.7976931348623157e308: "1.7976931348623157e+308",
        12345678901234567890: "12345678901234567000",
    }
    for x, want in cases.items():
        assert js_number(float(x)) == want
