"""Rules about pairs of assertions: `contradictory` and `redundant` (SPEC §6.2).

Decided on exact-text checks only, by what each one guarantees about the (trimmed)
response: `contains X` guarantees X somewhere, `equals V` the whole text, `starts-with`
and `ends-with` its ends, `is-json` that it parses. Two positives that cannot both hold,
or a positive that guarantees what a negated check forbids, are contradictory: the test
can never pass them all. The finding is raised on the later assertion of the pair.
"""

from __future__ import annotations

import itertools
import json
from collections import namedtuple
from collections.abc import Iterator
from typing import TYPE_CHECKING, NamedTuple

from ..assertions import about
from ..js.strings import JsonParseError, js_json_parse, js_lower, js_trim
from ..model import AssertionSpec
from .context import ByType, Context, is_case_insensitive, quote, text_list, text_option
from .model import Hit

_NAMING = frozenset({"name", "metric", "weight", "required", "min_score", "negate", "negated"})
# `json.dumps(value, sort_keys=True, default=str)`, with its encoder made once, not per call.
_canonical = json.JSONEncoder(sort_keys=True, default=str).encode


if TYPE_CHECKING:

    class Fact(NamedTuple):
        """What one exact-text check requires of the response (before its negation). A
        named tuple, not a `Record`: as immutable, and made for every such check of every
        test for less."""

        kind: str  # contains | equals | prefix | suffix | json
        text: str
        ci: bool
        scope: str
        negate: bool
        spec: AssertionSpec

    class Requirement(NamedTuple):
        """A `Fact` without its assertion: what `contradictory` remembers per distinct
        assertion (`_spec`) and compares, the assertion named from the test's own."""

        kind: str
        text: str
        ci: bool
        scope: str
        negate: bool

else:  # the same classes, made without `typing.NamedTuple`'s field checks (`_record`)
    Fact = namedtuple("Fact", ("kind", "text", "ci", "scope", "negate", "spec"))
    Requirement = namedtuple("Requirement", ("kind", "text", "ci", "scope", "negate"))


AnyFact = Fact | Requirement


def facts(spec: AssertionSpec) -> list[Fact]:
    """The exact-text requirements of one assertion (empty for anything else)."""
    return [Fact(*found, spec) for found in requirements(spec)]


def requirements(spec: AssertionSpec) -> list[Requirement]:
    """`facts(spec)` without the assertion."""
    kind = about(spec.type).text_fact  # (the row as it is now: a test may change it)
    if spec.problem is not None or kind is None:
        return []
    output_key = spec.options.get("target_output_key")
    scope = "null" if output_key is None else _canonical(output_key)
    ci = is_case_insensitive(spec)
    if kind in ("contains", "equals", "prefix", "suffix"):
        value = text_option(spec)
        if not value:
            return []
        trimmed = js_trim(value)
        if not trimmed:
            return []
        text = value if kind == "contains" else trimmed
        return [Requirement(kind, text, ci, scope, spec.negate)]
    if kind == "contains-each" and not spec.negate:
        each = []
        for value in text_list(spec) or []:
            if js_trim(value):
                each.append(Requirement("contains", value, ci, scope, False))
        return each
    if kind == "json":
        schema = spec.options.get("schema", spec.options.get("value"))
        key = _canonical(schema) if schema is not None else ""
        return [Requirement("json", key, False, scope, spec.negate)]
    return []


def implies(p: AnyFact, n: AnyFact) -> bool:
    """Whether a response meeting positive `p` always meets `n`'s (un-negated) requirement."""
    if p.scope != n.scope or (p.ci and not n.ci):
        return False
    if n.kind == "json":
        if p.kind == "equals":
            return n.text == "" and _is_json(p.text)
        return p.kind == "json" and n.text in ("", p.text)
    if p.kind == "json":
        return False
    fold = js_lower if n.ci else str
    have, want = fold(p.text), fold(n.text)
    if n.kind == "contains":
        return p.kind in ("contains", "equals", "prefix", "suffix") and want in have
    if n.kind == "equals":
        return p.kind == "equals" and have == want
    if n.kind == "prefix":
        return p.kind in ("equals", "prefix") and have.startswith(want)
    return p.kind in ("equals", "suffix") and have.endswith(want)


def incompatible(a: AnyFact, b: AnyFact) -> bool:
    """Two positives that no response meets together."""
    kind, other_kind = a.kind, b.kind
    if a.scope != b.scope:
        return False
    if kind != "equals" and other_kind != "equals":
        # without `equals`, only two prefixes or two suffixes can clash
        if kind != other_kind or kind not in ("prefix", "suffix"):
            return False
    elif kind == "json" or other_kind == "json":  # `equals` and `is-json`
        return not _is_json(a.text if kind == "equals" else b.text)
    fold = js_lower if (a.ci or b.ci) else str
    x, y = fold(a.text), fold(b.text)
    if kind == other_kind:
        if kind == "equals":
            return x != y
        if kind == "prefix":
            return not (x.startswith(y) or y.startswith(x))
        return not (x.endswith(y) or y.endswith(x))
    # `equals` and one of contains, prefix, suffix
    whole, part, other = (x, y, other_kind) if kind == "equals" else (y, x, kind)
    if other == "contains":
        return part == js_trim(part) and part not in whole
    if other == "prefix":
        return not whole.startswith(part)
    return not whole.endswith(part)


def _is_json(text: str) -> bool:
    """Whether `JSON.parse` takes `text`. One whose first character after JSON's white
    space begins no JSON value (most `equals` values: words) is not parsed: refusing it
    raises and words the error, which costs more than the parse."""
    start = text.lstrip(_JSON_SPACE)[:1]
    if not start or start not in _JSON_STARTS:
        return False
    try:
        js_json_parse(text)
    except JsonParseError:
        return False
    return True


_JSON_SPACE = " \t\n\r"
_JSON_STARTS = '{["-0123456789tfn'  # (`NaN` and `Infinity` are refused: strict JSON)


def _conflict(first: AnyFact, second: AnyFact) -> str | None:
    if first.negate and second.negate:
        return None
    if not first.negate and not second.negate:
        return "they cannot both hold" if incompatible(first, second) else None
    positive, negative = (second, first) if first.negate else (first, second)
    if implies(positive, negative):
        return "whatever passes the positive one fails the negated one"
    return None


def contradictory(ctx: Context) -> Iterator[Hit]:
    """Two exact-text checks that no answer can pass together: the test can never pass.

    Flags: {assert: [{type: contains, value: Paris}, {type: not-contains, value: Paris}]}
    Flags: {assert: [{type: equals, value: Paris}, {type: equals, value: Rome}]}
    Flags: {assert: [{type: starts-with, value: Yes}, {type: starts-with, value: No}]}
    Flags: {assert: [{type: is-json}, {type: is-json, negate: true}]}
    Flags: {assert: [{type: equals, value: "404"}, {type: not-is-json}]}
    Okay: {assert: [{type: contains, value: Paris}, {type: not-contains, value: Rome}]}
    Okay: {assert: [{type: starts-with, value: Yes}, {type: starts-with, value: "Yes, "}]}
    Okay: {assert: [{type: equals, value: Paris}, {type: contains, value: Par}]}
    Okay: {assert: [{type: equals, value: "[1, 2]"}, {type: is-json}]}
    """
    if not _may_clash(ctx.specs):
        return
    seen: list[tuple[int, Requirement, AssertionSpec]] = []  # (its kind's bit, it, its assertion)
    seen_bits = 0  # the bits of the kinds in `seen`, or'ed
    for spec, known in zip(ctx.specs, ctx.top_facts, strict=True):
        mine = known.facts  # `requirements(spec)`, remembered in its facts
        if mine is None:
            mine = known.facts = tuple(requirements(spec))
        if not mine:  # most assertions: no exact-text fact
            continue
        code = _CODES[mine[0].kind, mine[0].negate]  # (an assertion's facts share it)
        clashing = _CLASHES[code]
        if clashing & seen_bits:  # (most: no earlier fact of a kind that can clash)
            found = _first_conflict(mine, clashing, seen)
            if found is not None:
                why, earlier, by, fact = found
                yield Hit(
                    spec.name,
                    spec.index,
                    f"it contradicts assertion {by.index} '{by.name}': {why}",
                    f"{_describe(earlier)} vs {_describe(fact)}",
                    "decide which answer is right and remove or fix the other check",
                )
        bit = 1 << code
        seen_bits |= bit
        for fact in mine:
            seen.append((bit, fact, spec))


def _first_conflict(
    mine: tuple[Requirement, ...],
    clashing: int,
    seen: list[tuple[int, Requirement, AssertionSpec]],
) -> tuple[str, Requirement, AssertionSpec, Requirement] | None:
    """The first of `mine`'s facts that conflicts with an earlier one (`seen`, in order),
    as (why, the earlier fact, its assertion, the fact); only the earlier facts of a kind
    in `clashing` are asked (`_conflict` would say None of the others)."""
    for fact in mine:
        for bit, earlier, by in seen:
            if bit & clashing:
                why = _conflict(earlier, fact)
                if why is not None:
                    return why, earlier, by, fact
    return None


def _may_clash(specs: tuple[AssertionSpec, ...]) -> bool:
    """Whether two of `specs` have fact kinds (`facts`, told by type and negation alone)
    that `_conflict` can find clashing: most tests have no such pair, and their facts
    (values trimmed, scopes written out) are then not worked out at all. Each kind is a
    bit (`_CODES`), so each assertion is one test against the kinds before it."""
    seen_bits = 0
    for spec in specs:
        codes = _TYPE_CODES[spec.type]
        if codes is None or spec.problem is not None:
            continue
        code = codes[1] if spec.negate else codes[0]
        if code is None:  # a negated `contains-each`: `facts` has none for it
            continue
        if _CLASHES[code] & seen_bits:
            return True
        seen_bits |= 1 << code
    return False


def _clashing_kinds() -> frozenset[tuple[tuple[str, bool], tuple[str, bool]]]:
    """The (kind, negated) pairs, either order, on which `incompatible` (two positives) or
    `implies` (a positive and a negated one) can be true for some texts and scopes."""
    both = {("equals", k) for k in _KINDS} | {("prefix", "prefix"), ("suffix", "suffix")}
    implying = {  # (positive, negated)
        ("equals", "json"), ("json", "json"),
        ("contains", "contains"), ("equals", "contains"), ("prefix", "contains"),
        ("suffix", "contains"), ("equals", "equals"), ("equals", "prefix"),
        ("prefix", "prefix"), ("equals", "suffix"), ("suffix", "suffix"),
    }  # fmt: skip
    pairs = {((a, False), (b, False)) for a, b in both}
    pairs |= {((p, False), (n, True)) for p, n in implying}
    return frozenset(pairs | {(b, a) for a, b in pairs})


_KINDS = ("contains", "equals", "prefix", "suffix", "json")
_CLASHING_KINDS = _clashing_kinds()
# Each (kind, negated) of a fact as a number (`_CODES`), and for each, the bits (1 << number)
# of the kinds it can clash with (`_CLASHING_KINDS`).
_CODES = {signed: code for code, signed in enumerate(itertools.product(_KINDS, (False, True)))}
_CLASHES = tuple(
    sum(1 << _CODES[b] for a, b in _CLASHING_KINDS if a == signed) for signed in _CODES
)
# A type's fact kind as (its code when positive, when negated), None for a type without
# one; a negated `contains-each` has none (`requirements`), a positive one is `contains`.
_TYPE_CODES = ByType(
    lambda entry: (
        None
        if entry.text_fact is None
        else (_CODES["contains", False], None)
        if entry.text_fact == "contains-each"
        else (_CODES[entry.text_fact, False], _CODES[entry.text_fact, True])
    )
)


def _describe(fact: AnyFact) -> str:
    said = _WORDS[fact.kind] + ("" if fact.kind == "json" else f" {quote(fact.text, 40)}")
    return ("not " if fact.negate else "") + said + (" (any case)" if fact.ci else "")


_WORDS = {"contains": "contains", "equals": "equals", "prefix": "starts with",
          "suffix": "ends with", "json": "is JSON"}  # fmt: skip


def redundant(ctx: Context) -> Iterator[Hit]:
    """The same check twice: it only doubles that check's weight.

    Flags: {assert: [{type: contains, value: Paris}, {type: contains, value: Paris}]}
    Flags: {assert: [{type: contains-any, value: [a1, b2]}, {type: contains-any, value: [b2, a1]}]}
    Okay: {assert: [{type: contains, value: Paris}, {type: icontains, value: Paris}]}
    Okay: {assert: [{type: contains, value: Paris}, {type: not-contains, value: Paris}]}
    """
    specs = ctx.specs
    if len({spec.type for spec in specs}) == len(specs):  # no type twice (most tests)
        return
    seen: set[tuple[str, bool]] = set()
    repeated: set[tuple[str, bool]] = set()
    for spec in specs:
        if spec.problem is None:
            kind = (spec.type, spec.negate)
            (repeated if kind in seen else seen).add(kind)
    if not repeated:  # each alone of its type and negation: none can repeat another
        return
    first: dict[str, AssertionSpec] = {}
    for spec in ctx.specs:
        if spec.problem is not None or (spec.type, spec.negate) not in repeated:
            continue
        known = ctx.spec_facts(spec)
        settings = known.settings
        if settings is None:
            settings = known.settings = _canonical(_settings(spec))
        key = f"{spec.type}|{spec.negate}|{settings}"
        if key in first:
            earlier = first[key]
            yield Hit(
                spec.name,
                spec.index,
                f"it repeats assertion {earlier.index} '{earlier.name}' (same type and value)",
                f"{spec.type} {settings[:120]}",
                "remove the copy (raise the other one's weight if it should count more)",
            )
        else:
            first[key] = spec


def _settings(spec: AssertionSpec) -> dict[str, object]:
    out: dict[str, object] = {}
    for key, value in spec.options.items():
        if key in _NAMING or key == "type":
            continue
        if isinstance(value, list) and all(isinstance(v, str) for v in value):
            value = sorted(value)
        out[key] = value
    return out
