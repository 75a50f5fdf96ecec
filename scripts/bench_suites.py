"""Suites shaped like users' suites, for scripts/bench.py's `varied` and `examples` workloads.

Each maker returns `(tests, responses)`: `tests` a list of eval-file test entries (id,
input, criteria, expected output, six assertions each, in the spelling AgentV 4.42.4's
`pipeline input` accepts), `responses` the text of each test's response.md. Everything is
generated from a fixed seed or from committed data, so every run grades the same suite.

- `varied_suite`: every test its own patterns (needles and regexes carry the test's
  number), responses of mixed kinds and sizes (about 2 KB of prose, some with CRLF line
  ends, some with non-ASCII text, JSON documents, short answers), every text and JSON
  assertion type, and one test in ten an edge case where JavaScript and Python differ
  (white space, case folding, `$`, `\\b`, `JSON.parse`).
- `examples_suite`: the deterministic assertions of AgentV's example evals
  (tests/data/bench/agentv_examples.json, made by scripts/gen_bench_examples.py from
  AgentV's repository at the commit it names), replicated to the size asked for. A test
  is an example test's input and criteria with its assertions, filled up to six with the
  assertions of the example tests after it; its response is a stand-in answer that
  passes some and fails others (the examples ship no responses).

AgentV 4.42.4 grades eleven types (contains, contains-any, contains-all, icontains,
icontains-any, icontains-all, starts-with, ends-with, regex, is-json, equals); the varied
suite also uses `output-matches` and `field-accuracy`, which it drops, so only
agentv-grade does that work. Every assertion is named (`a1-contains` ...): AgentV names
a config file after the assertion's value, and a value holding `/` makes its `pipeline
input` crash; two equal values in one test would share one file.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "tests" / "data" / "bench" / "agentv_examples.json"

Test = dict[str, Any]
WORDS = (
    "the order was shipped from our warehouse after the payment cleared and the customer "
    "asked whether delivery could move to a later date because nobody would be home to sign "
    "for the parcel so support opened a ticket checked the carrier schedule and offered two "
    "options a pickup point near the station or a second attempt on monday morning"
).split()
NON_ASCII = ["café", "naïve", "Straße", "İstanbul", "ΣΊΣΥΦΟΣ", "Zürich", "東京", "ǅemal", "Ωmega"]


def _named(assertions: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [{"name": f"a{k + 1}-{a['type']}", **a} for k, a in enumerate(assertions)]


def _prose(rng: random.Random, i: int, size: int, non_ascii: bool) -> str:
    """Sentences of everyday words until `size` characters, the test's key in the middle."""
    sentences: list[str] = []
    length = 0
    while length < size:
        words = [rng.choice(WORDS) for _ in range(rng.randint(8, 16))]
        if non_ascii and rng.random() < 0.4:
            words.insert(rng.randrange(len(words)), rng.choice(NON_ASCII))
        if len(sentences) == 6:
            words += ["for", "order", f"#{i}"]
        sentence = " ".join(words).capitalize() + "."
        sentences.append(sentence)
        length += len(sentence) + 1
    return " ".join(sentences)


def _prose_test(rng: random.Random, i: int, kind: int) -> tuple[list[dict[str, Any]], str]:
    crlf, non_ascii = kind in (1, 3), kind in (2, 3)
    size = 500 if kind == 9 else 2000
    body = _prose(rng, i, size, non_ascii)
    paragraphs = [f"Summary: order {i} handled by {rng.choice(WORDS)}.", body, f"Ref {i}-END"]
    text = ("\r\n\r\n" if crlf else "\n\n").join(paragraphs) + ("\r\n" if crlf else "\n")
    hit = rng.choice([w for w in WORDS if len(w) > 4])
    pool: list[dict[str, Any]] = [
        {"type": "contains", "value": f"order #{i}"},
        {"type": "icontains", "value": f"SUMMARY: ORDER {i} "},
        {"type": "regex", "value": f"\\border\\s+#?{i}\\b"},
        {"type": "regex", "value": f"^Ref {i}-END$", "flags": "m"},
        {"type": "contains-any", "value": [f"ticket {i + 1}", hit, f"order {i}"]},
        {"type": "icontains-all", "value": [hit.upper(), f"Order {i}"]},
        {"type": "starts-with", "value": f"Summary: order {i}"},
        {"type": "ends-with", "value": f"{i}-END"},
        {"type": "contains", "value": f"refund {i}", "negate": True},
        {"type": "contains-all", "value": [f"order {i}", "warehouse", f"case {i}"]},
        {"type": "icontains-any", "value": [f"ITEM {i}", f"REF {i}"]},
        {"type": "regex", "value": f"(shipped|delivered) .{{0,40}}#{i + i % 3}", "flags": "s"},
        {"type": "output-matches", "pattern": f"order {i}"},
        {"type": "is-json", "negate": True},
        {"type": "equals", "value": f"Summary: order {i}"},
    ]
    return rng.sample(pool, 6), text


def _json_test(rng: random.Random, i: int, kind: int) -> tuple[list[dict[str, Any]], str, Any]:
    doc = {
        "id": i,
        "status": rng.choice(["ok", "done", "failed"]),
        "customer": {"name": f"Customer {i}", "city": rng.choice(NON_ASCII + ["Paris"])},
        "items": [{"sku": f"SKU-{i}-{k}", "qty": rng.randint(1, 9)} for k in range(4)],
        "note": _prose(rng, i, 300, True),
    }
    text = json.dumps(doc, ensure_ascii=False, indent=2 if kind == 5 else None)
    if kind == 5 and i % 20 == 5:
        text = f"```json\n{text}\n```\n"
    expected = {"id": i, "status": "ok", "customer": {"name": f"Customer {i}"}}
    pool: list[dict[str, Any]] = [
        {"type": "is-json"},
        {"type": "contains", "value": f'"SKU-{i}-2"'},
        {"type": "regex", "value": '"status"\\s*:\\s*"(ok|done)"'},
        {"type": "regex", "value": f'"id"\\s*:\\s*{i}\\b'},
        {"type": "contains-all", "value": ['"items"', '"customer"', f"Customer {i}"]},
        {"type": "icontains", "value": f"customer {i}"},
        {"type": "starts-with", "value": "{"},
        {"type": "ends-with", "value": "}"},
        {
            "type": "field-accuracy",
            "fields": [{"path": "id", "match": "exact"}, {"path": "status", "match": "exact"}],
        },
        {"type": "contains", "value": "error", "negate": True},
    ]
    return rng.sample(pool, 6), text, expected


def _short_test(rng: random.Random, i: int) -> tuple[list[dict[str, Any]], str]:
    answer = rng.choice([f"{i % 97}", "Yes.", f"Paris ({i})", f"  {i * 7}  \n", "No, it is not."])
    pool: list[dict[str, Any]] = [
        {"type": "equals", "value": f"{i % 97}"},
        {"type": "equals", "value": f"{i * 7}"},
        {"type": "icontains", "value": "YES"},
        {"type": "starts-with", "value": "Paris"},
        {"type": "ends-with", "value": "."},
        {"type": "regex", "value": "^\\s*\\d+\\s*$"},
        {"type": "contains-any", "value": ["Yes", "No", f"{i}"]},
        {"type": "icontains-any", "value": ["paris", "yes"]},
        {"type": "is-json"},
    ]
    return rng.sample(pool, 6), answer


# (response, assertions): cases where JavaScript's answer is not Python's by default.
EDGES: list[tuple[str, list[dict[str, Any]]]] = [
    (  # white space: \s, trim() and JSON white space differ between the two
        "answer\u00a0{i}\ufeff\u2028",
        [
            {"type": "regex", "value": "answer\\s{i}\\s*$"},
            {"type": "equals", "value": "answer\u00a0{i}"},
            {"type": "starts-with", "value": "\u3000answer"},
            {"type": "ends-with", "value": "{i}"},
            {"type": "regex", "value": "[\\s\\S]{{4}}\u00a0"},
            {"type": "contains", "value": "answer {i}", "negate": True},
        ],
    ),
    (  # case folding: JavaScript lowercases, it does not case-fold
        "STRASSE {i} in İSTANBUL, ΣΊΣΥΦΟΣ and ǅemal\n",
        [
            {"type": "icontains", "value": "straße {i}"},
            {"type": "icontains", "value": "i̇stanbul"},
            {"type": "icontains", "value": "σίσυφος"},
            {"type": "icontains-any", "value": ["džemal", "ǆemal"]},
            {"type": "regex", "value": "istanbul", "flags": "i"},
            {"type": "icontains-all", "value": ["strasse {i}", "ΣΊΣΥΦΟΣ"]},
        ],
    ),
    (  # `$` and `\b`: JavaScript's `$` is the very end, its \b ASCII-only
        "done {i}\ncafé au lait\n",
        [
            {"type": "regex", "value": "lait$"},
            {"type": "regex", "value": "lait$", "flags": "m"},
            {"type": "regex", "value": "caf\\b"},
            {"type": "regex", "value": "\\bau\\b"},
            {"type": "regex", "value": "^done {i}$", "flags": "m"},
            {"type": "regex", "value": "\\w+é", "flags": "u"},
        ],
    ),
    (  # JSON.parse: no NaN, no trailing commas; big numbers and duplicate keys are fine
        '{{"n": NaN, "i": {i}}}',
        [
            {"type": "is-json"},
            {"type": "is-json", "negate": True},
            {"type": "contains", "value": "NaN"},
            {"type": "regex", "value": "\\d+\\}}$"},
            {"type": "starts-with", "value": "{{"},
            {"type": "equals", "value": '{{"n": NaN, "i": {i}}}'},
        ],
    ),
    (
        '\n  {{"a": 1e400, "a": 2, "big": 123456789012345678901234567890, "i": {i}}}\r\n',
        [
            {"type": "is-json"},
            {"type": "regex", "value": "^\\s*\\{{"},
            {"type": "contains", "value": '"i": {i}'},
            {"type": "ends-with", "value": "}}"},
            {"type": "icontains", "value": "1E400"},
            {"type": "contains-any", "value": ["1e400", "Infinity"]},
        ],
    ),
    (
        "[1, 2, {i},]\ufeff\n",  # (a leading BOM is removed: a deliberate difference)
        [
            {"type": "is-json"},
            {"type": "starts-with", "value": "["},
            {"type": "regex", "value": "^\\[", "flags": "y"},
            {"type": "contains", "value": ",]"},
            {"type": "equals", "value": "[1, 2, {i},]"},
            {"type": "regex", "value": "\\d,\\]$", "flags": "im"},
        ],
    ),
]


def _edge_test(i: int) -> tuple[list[dict[str, Any]], str]:
    text, assertions = EDGES[(i // 10) % len(EDGES)]
    filled = [{**a, "value": _fill(a["value"], i)} if "value" in a else dict(a) for a in assertions]
    return filled, text.format(i=i)


def _fill(value: Any, i: int) -> Any:
    if isinstance(value, list):
        return [v.format(i=i) for v in value]
    return value.format(i=i)


def varied_suite(n: int) -> tuple[list[Test], dict[str, str]]:
    rng = random.Random(22)
    tests: list[Test] = []
    responses: dict[str, str] = {}
    for i in range(n):
        kind = i % 10
        test: Test = {"id": f"v{i:04d}", "input": f"Question {i}: where is order #{i}?"}
        if kind in (0, 1, 2, 3, 9):
            assertions, text = _prose_test(rng, i, kind)
        elif kind in (4, 5):
            assertions, text, expected = _json_test(rng, i, kind)
            test["expected_output"] = expected
        elif kind in (6, 7):
            assertions, text = _short_test(rng, i)
        else:
            assertions, text = _edge_test(i)
        if i % 4 == 0:
            test["criteria"] = f"Gives the status of order #{i} and the next step."
        test["assertions"] = _named(assertions)
        tests.append(test)
        responses[test["id"]] = text
    return tests, responses


def _needles(assertion: dict[str, Any]) -> list[str]:
    value = assertion.get("value")
    if assertion["type"] in ("contains", "icontains", "starts-with", "ends-with", "equals"):
        return [value] if isinstance(value, str) else []
    if assertion["type"] in ("contains-any", "icontains-any"):
        return list(value[:1])
    if assertion["type"] in ("contains-all", "icontains-all"):
        return list(value)
    return []


def _example_response(example: Test, assertions: list[dict[str, Any]], i: int) -> str:
    """A stand-in answer: variant 0 says every wanted needle, 1 also leaks an unwanted
    one, 2 is a short refusal, 3 the example's expected output (else variant 0, CRLF)."""
    variant = i % 4
    if variant == 2:
        return "I can't help with that request.\n"
    if variant == 3 and isinstance(example.get("expected_output"), str):
        return str(example["expected_output"])
    wanted = [n for a in assertions if not a.get("negate") for n in _needles(a)]
    unwanted = [n for a in assertions if a.get("negate") for n in _needles(a)]
    words = " ".join(example["input"].split()[:120])
    parts = [f"Here is what I found about request {i}.", words, *wanted]
    if variant == 1 and unwanted:
        parts.append(unwanted[0])
    if any(a["type"] == "is-json" and not a.get("negate") for a in assertions):
        return json.dumps({"answer": " ".join(parts), "status": "ok"})
    return ("\r\n" if variant == 3 else "\n").join(parts) + "\n"


def examples_suite(n: int) -> tuple[list[Test], dict[str, str]]:
    base = json.loads(EXAMPLES.read_text(encoding="utf-8"))["tests"]
    tests: list[Test] = []
    responses: dict[str, str] = {}
    for i in range(n):
        example = base[i % len(base)]
        assertions: list[dict[str, Any]] = []
        k = i
        while len(assertions) < 6:
            assertions += base[k % len(base)]["assertions"]
            k += 1
        test: Test = {"id": f"ex{i:04d}", "input": example["input"]}
        if example.get("criteria"):
            test["criteria"] = example["criteria"]
        if example.get("expected_output") is not None:
            test["expected_output"] = example["expected_output"]
        test["assertions"] = _named(assertions[:6])
        tests.append(test)
        responses[test["id"]] = _example_response(example, assertions[:6], i)
    return tests, responses
