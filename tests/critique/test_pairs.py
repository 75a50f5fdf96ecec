"""`pairs.incompatible`, the test of `contradictory` for two positive checks (SPEC §6.2):
exhaustively, it answers as the rule was first written (with sets of kinds), and no
response it calls impossible meets both checks."""

from __future__ import annotations

import itertools

from agentv_grader.critique.pairs import (
    _CLASHES,
    _CLASHING_KINDS,
    _CODES,
    Fact,
    _conflict,
    _is_json,
    _may_clash,
    incompatible,
)
from agentv_grader.js.strings import JsonParseError, js_json_parse, js_lower, js_trim
from agentv_grader.model import AssertionSpec

KINDS = ("contains", "equals", "prefix", "suffix", "json")
TEXTS = ("a", "A", "ab", "ba", "aB", "x y", "[1]", "{}", "İ", "i̇")


def _reference(a: Fact, b: Fact) -> bool:
    """`incompatible` as first written, with sets of kinds."""
    if a.scope != b.scope:
        return False
    if {a.kind, b.kind} == {"equals", "json"}:
        return not _is_json(a.text if a.kind == "equals" else b.text)
    kinds = {a.kind, b.kind}
    if "json" in kinds or ("equals" not in kinds and (len(kinds) == 2 or "contains" in kinds)):
        return False
    fold = js_lower if (a.ci or b.ci) else str
    x, y = fold(a.text), fold(b.text)
    if kinds == {"equals"}:
        return x != y
    if a.kind == b.kind and a.kind in ("prefix", "suffix"):
        agree = x.startswith(y) or y.startswith(x)
        if a.kind == "suffix":
            agree = x.endswith(y) or y.endswith(x)
        return not agree
    if "equals" in kinds and len(kinds) == 2:
        whole, other = (x, b) if a.kind == "equals" else (y, a)
        part = y if a.kind == "equals" else x
        if other.kind == "contains":
            return part == js_trim(part) and part not in whole
        if other.kind == "prefix":
            return not whole.startswith(part)
        return not whole.endswith(part)
    return False


def _facts() -> list[Fact]:
    return [
        Fact(kind, text, ci, scope, False, None)  # type: ignore[arg-type]
        for kind, text, ci, scope in itertools.product(KINDS, TEXTS, (False, True), ("null", "1"))
    ]


def test_incompatible_answers_as_first_written() -> None:
    facts = _facts()
    for a, b in itertools.product(facts, facts):
        assert incompatible(a, b) == _reference(a, b), (a, b)


def _meets(fact: Fact, response: str) -> bool:
    fold = js_lower if fact.ci else str
    if fact.kind == "contains":
        return fold(fact.text) in fold(response)
    whole = fold(js_trim(response))
    if fact.kind == "equals":
        return whole == fold(fact.text)
    if fact.kind == "prefix":
        return whole.startswith(fold(fact.text))
    return whole.endswith(fold(fact.text))


def test_no_response_meets_two_checks_called_incompatible() -> None:
    texts = [t for t in TEXTS if t not in ("İ", "i̇")]  # lowering that changes lengths
    facts = [f for f in _facts() if f.kind != "json" and f.text in texts and f.scope == "null"]
    pieces = ["", " ", *texts]
    responses = {x + y for x, y in itertools.product(pieces, pieces)}
    for a, b in itertools.product(facts, facts):
        if incompatible(a, b):
            assert not any(_meets(a, r) and _meets(b, r) for r in responses), (a, b)


def test_clashing_kinds_are_exactly_the_kinds_conflict_can_clash_on() -> None:
    """`_may_clash` lets `contradictory` skip a test's facts: the table must hold every
    (kind, negated) pair on which `_conflict` finds a clash for some texts, and no other."""
    signed = [
        Fact(kind, text, ci, scope, negate, None)  # type: ignore[arg-type]
        for kind, text, ci, scope, negate in itertools.product(
            KINDS, (*TEXTS, ""), (False, True), ("null", "1"), (False, True)
        )
    ]
    clashing = set()
    for a, b in itertools.product(signed, signed):
        if _conflict(a, b) is not None:
            clashing.add(((a.kind, a.negate), (b.kind, b.negate)))
    assert clashing == set(_CLASHING_KINDS)


def _spec(kind: str, value: object, negate: bool = False, index: int = 0) -> AssertionSpec:
    return AssertionSpec(type=kind, name=f"a{index}", index=index, negate=negate,
                         options={"value": value})  # fmt: skip


def test_may_clash_tells_tests_without_a_clashing_pair() -> None:
    contains, regex = _spec("contains", "Paris"), _spec("regex", "P.*", index=1)
    not_json = _spec("is-json", None, negate=True, index=2)
    assert not _may_clash((contains, regex, not_json))  # contains vs not-is-json: never
    assert not _may_clash((_spec("contains-all", ["a", "b"], negate=True), contains))
    assert _may_clash((contains, _spec("contains", "Rome", negate=True, index=1)))
    assert _may_clash((_spec("contains-all", ["a"]), _spec("equals", "b", index=1)))
    assert not _may_clash((_spec("equals", "a"),))  # one check: no pair


def test_clash_bits_are_the_clashing_kinds() -> None:
    """`_may_clash` and `contradictory` ask the bits (`_CLASHES`), not the table."""
    for a, b in itertools.product(_CODES, _CODES):
        assert bool(_CLASHES[_CODES[a]] & 1 << _CODES[b]) == ((a, b) in _CLASHING_KINDS)


def test_is_json_is_what_json_parse_takes() -> None:
    """`_is_json` refuses texts that begin no JSON value without parsing them."""
    starts = ["", " ", "\t\n\r ", "\ufeff", "\u00a0", "\v"]
    bodies = [
        "",
        "{}",
        '{"a": 1}',
        "[1]",
        '"x"',
        "-1",
        "0",
        "12.5",
        "true",
        "false",
        "null",
        "tru",
        "nul",
        "NaN",
        "Infinity",
        "-Infinity",
        "Paris",
        "49",
        "- 1",
        "{",
        "é",
        "}",
    ]
    for start, body in itertools.product(starts, bodies):
        text = start + body
        try:
            js_json_parse(text)
        except JsonParseError:
            takes = False
        else:
            takes = True
        assert _is_json(text) == takes, text
