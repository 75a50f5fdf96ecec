"""`pairs.incompatible`, the test of `contradictory` for two positive checks (SPEC §6.2):
exhaustively, it answers as the rule was first written (with sets of kinds), and no
response it calls impossible meets both checks."""

from __future__ import annotations

import itertools

from agentv_grader.critique.pairs import Fact, _is_json, incompatible
from agentv_grader.js.strings import js_lower, js_trim

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
