"""Rules that grade assertions on clearly wrong answers: `decoy-pass`, `answer-in-input`,
`vacuous-pass` (SPEC §6.2, §5.7).

Probing goes through the engine (`engine.decider`, which answers as `engine.evaluate_one`
would, without its evidence), so negation, status and every check's own semantics are
exactly those of real grading. Negated assertions are not probed: they exist to reject one
wrong answer, so passing on unrelated text is what they do; a test made only of them is
`negative-only`'s business.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator, Mapping, Sequence
from functools import lru_cache
from typing import Any, TypeVar

from .. import engine
from ..assertions import about
from ..js.strings import js_lower, js_trim
from ..load.types import LLM_TYPES
from ..model import AssertionSpec, Status
from .context import (
    FIXED_DECOYS,
    Context,
    Decoy,
    conversation_history,
    is_pattern,
    is_response_needle,
    quote,
    reference_answer,
    text_list,
    text_option,
)
from .fixes import instructed_fix, json_fix
from .model import Hit


def _probe_safe(spec: AssertionSpec) -> bool:
    """Graded from the response alone, fast and without side effects (no scripts)."""
    if spec.problem is not None:
        return False
    kind = _KIND.get(spec.type)
    if kind is None:
        kind = _kind(spec.type)
    if kind[0]:
        return True
    if kind[1]:
        return bool(spec.children) and all(_probe_safe(c) for c in spec.children)
    return False


def _kind(kind: str) -> tuple[bool, bool, bool]:
    """What `decoy_pass` asks of a type's row, (`probe`, a group, `is_response_needle`),
    looked up once per type (a fact of the registry table)."""
    entry = about(kind)
    found = _KIND[kind] = (entry.probe, entry.family == "group", is_response_needle(kind))
    return found


_KIND: dict[str, tuple[bool, bool, bool]] = {}


def decoy_pass(ctx: Context) -> Iterator[Hit]:
    """A positive check that a clearly wrong answer passes gives false confidence.

    Decoys: an empty response, the input echoed back (for checks without a needle; needle
    checks that pass on the echo are `answer-in-input`), a generic refusal, generic
    boilerplate, the next test's expected_output and the next test's response. The refusal
    is no decoy for a test whose criteria or expected_output ask for a refusal.

    Flags: {assert: [{type: regex, value: '[a-z]'}]}
    Flags: {assert: [{type: starts-with, value: Sure}]}
    Flags: {expected_output: {city: Paris}, assert: [{type: is-json}],
            others: [{expected_output: {city: Rome}}]}
    Okay: {assert: [{type: contains, value: Paris}]}
    Okay: {assert: [{type: contains, value: sorry, negate: true}]}
    Okay: {expected_output: {city: Paris}, assert: [{type: is-json}]}
    Okay: {criteria: "Refuses politely.", assert: [{type: icontains, value: "can't help"}]}
    """
    echoed: list[AssertionSpec] = []  # the needle checks that pass on the echo
    explained = ctx.explained  # (`trivial`'s: what this finds there is dropped)
    for spec, facts in zip(ctx.specs, ctx.top_facts, strict=True):
        if spec.negate or (explained and (spec.index, spec.name) in explained):
            continue
        kind = _KIND.get(spec.type)  # (`_probe_safe`, inline for the plain types)
        if kind is None or not kind[0] or spec.problem is not None:
            if not _probe_safe(spec):
                continue
        passed = ctx.decoys_passing(spec, facts)
        if not passed:  # (most)
            continue
        if _KIND[spec.type][2]:  # needle checks on the echo: answer-in-input
            kept = tuple([d for d in passed if not d.echo])
            if len(kept) != len(passed):
                echoed.append(spec)
            passed = kept
        if passed and spec.type == "field-accuracy":
            passed = tuple([d for d in passed if not _agrees_on_fields(ctx, spec, d)])
        if not passed:
            continue
        shown = "; ".join([_FIXED_SHOWN.get(d) or _shown(d) for d in passed])
        yield Hit(
            spec.name,
            spec.index,
            f"it passes on {_names(passed)}, so it cannot tell a right answer from a wrong one",
            f"passes on: {shown}",
            _decoy_fix(ctx, spec),
        )
    ctx.echo_passing = echoed  # (for `answer_in_input`: the same specs it would find)


def _agrees_on_fields(ctx: Context, spec: AssertionSpec, decoy: Decoy) -> bool:
    """Whether another test's reference (`decoy`) agrees with this test's reference at every
    field `spec` checks that both have (and they share one): then it is no wrong answer for
    that check, at most an incomplete one (suites often share documents, so values)."""
    if not decoy.label.startswith("test "):
        return False
    from ..assertions.fields import MISSING, resolve_path

    own, _ = reference_answer(ctx.test.expected_output)
    try:
        other = json.loads(decoy.text)
    except ValueError:
        return False
    compared = 0
    for path in field_paths(spec):
        want, got = resolve_path(own, path), resolve_path(other, path)
        if want is MISSING or got is MISSING:
            continue
        compared += 1
        if got != want:
            return False
    return compared > 0


def _fields_fix(ctx: Context, spec: AssertionSpec) -> str:
    """For a `field-accuracy` that passes on another test's reference: the fields this test
    gives no reference value for (they pass on anything), else its threshold."""
    from ..assertions.fields import MISSING, resolve_path

    own, _ = reference_answer(ctx.test.expected_output)
    unset = [p for p in field_paths(spec) if resolve_path(own, p) is MISSING]
    if unset:
        shown = ", ".join(unset[:5]) + (", …" if len(unset) > 5 else "")
        return (
            f"this test's expected_output has no value for {shown}, so those fields pass on "
            "any answer: add the values, or keep the check out of this test "
            "(`execution: {skip_defaults: true}` for a suite-level one)"
        )
    return (
        "a wrong value in some fields still reaches the pass mark: mark the fields that "
        "must match `required: true`, or set `threshold: 1` on the check"
    )


def field_paths(spec: AssertionSpec) -> list[str]:
    """The paths a `field-accuracy` (or a script given `fields`) checks, without `$.`."""
    paths = []
    fields = spec.options.get("fields")
    for item in fields if isinstance(fields, list) else []:
        if isinstance(item, Mapping) and isinstance(item.get("path"), str):
            paths.append(item["path"].removeprefix("$").removeprefix("."))
    expected = spec.options.get("expected") if spec.type == "field-accuracy" else None
    if isinstance(expected, Mapping):
        paths += [str(k).removeprefix("$").removeprefix(".") for k in expected]
    return paths


def _shown(decoy: Decoy) -> str:
    """How `decoy_pass` shows a decoy in its evidence."""
    return f"{decoy.label} ({quote(decoy.text, 50)})"


# The fixed decoys as shown, written once (they are the same for every test).
_FIXED_SHOWN = {d: _shown(d) for d in FIXED_DECOYS}


def _names(decoys: Sequence[Decoy]) -> str:
    labels = [d.label for d in decoys]
    return labels[0] if len(labels) == 1 else ", ".join(labels[:-1]) + " and " + labels[-1]


def _decoy_fix(ctx: Context, spec: AssertionSpec) -> str:
    if spec.type == "field-accuracy":
        return _fields_fix(ctx, spec)
    if spec.type == "is-json":
        keys, consts = named_json(ctx)
        if keys:
            return "check the keys and values, not only the format: " + json_fix(keys, consts)
        return (
            "check the content, not only the format: add a schema with `required` fields "
            "and `const`/`enum` values, or `equals` with `target_output_key`, or "
            "`field-accuracy`"
        )
    if is_pattern(spec.type):  # (a probed one: regex or output-matches)
        return "tighten the pattern to what only a correct answer has (anchor it, name the answer)"
    return "check a term only a correct answer contains, such as the answer itself"


def answer_in_input(ctx: Context) -> Iterator[Hit]:
    r"""A needle that the test's own input contains: echoing the question passes.

    Not raised where the echo cannot pass the test (it fails a `required` check), where
    repeating the input is the task (repeat back, copy, verbatim), or for what earlier
    turns of a conversation given as input said (recalling it is the task). The needles of
    a conversation test's `turns` are checked against what the user says in that turn.

    Flags: {input: "What is the capital of France?", assert: [{type: contains, value: France}]}
    Flags: {vars: {question: "Is 17 prime?"}, assert: [{type: regex, value: '\d+'}]}
    Flags: {input: [{role: user, content: [{type: file, value: a.csv},
            {type: text, value: "Sum the sales column of a.csv"}]}],
            assert: [{type: contains, value: sales}]}
    Okay: {input: "What is the capital of France?", assert: [{type: contains, value: Paris}]}
    Okay: {input: "Name a colour.", assert: [{type: contains, value: Name, negate: true}]}
    Okay: {input: 'Return {"status": "ok"} as JSON.', assert: [{type: is-json, required: true},
           {type: contains, value: '"ok"'}]}
    Okay: {input: "Repeat back my name: Alice.", assert: [{type: contains, value: Alice}]}
    Flags: {turns: [{input: "Is Lyon in France?", assert: [{type: contains, value: France}]}]}
    Okay: {turns: [{input: "I am Ada.", assert: ["Greets"]},
           {input: "Say my name; it was Ada.", assert: [{type: contains, value: Ada}]}]}
    Okay: {input: [{role: user, content: "My order is #98765."},
           {role: assistant, content: "Thanks, I see #98765."},
           {role: user, content: "When will it arrive?"}],
           assert: [{type: contains, value: "#98765"}]}
    """
    yield from _turn_echoes(ctx)
    for echo in ctx.decoys:  # the echoed input, if any (a loop, not a list: every test)
        if echo.echo:
            break
    else:
        return
    # The needle checks that pass on the echo: `decoy_pass` found them (every response
    # needle check is probed, so it asks each one this asks), else they are found here.
    candidates = ctx.echo_passing
    if candidates is None:
        candidates = [
            spec
            for spec in ctx.specs
            if not spec.negate and is_response_needle(spec.type) and spec.problem is None
            and _has_echo(ctx.passing(spec))
        ]  # fmt: skip
    # (the repeat-task search last: most tests have no candidate)
    if not candidates or asks_repeat(ctx.input_text) or _echo_fails_a_gate(ctx, echo):
        return
    history = js_lower(conversation_history(ctx.test))
    test_key: tuple[str, str, str] | None = None
    explained = ctx.explained  # (`trivial`'s: what this finds there is dropped)
    for spec in candidates:
        if history and _recalled(spec, history):
            continue
        if explained and (spec.index, spec.name) in explained:
            continue
        if test_key is None:
            test_key = (echo.text, ctx.base_run.eval_dir, ctx.expected_repr)
        facts = ctx.spec_facts(spec)
        known = facts.echo_hits
        if known is None:
            known = facts.echo_hits = {}
        found = known.get(test_key)
        if found is None:
            outcome = ctx.probe(spec, echo.text)  # again, for its evidence (rarely needed)
            found = known[test_key] = (
                f"on the echoed input: {outcome.evidence}",
                _echo_fix(ctx, spec),
            )
        yield Hit(
            spec.name,
            spec.index,
            "what it looks for is already in the test's input, so an answer that repeats "
            "the question passes",
            found[0],
            found[1],
        )


def _turn_echoes(ctx: Context) -> Iterator[Hit]:
    """`answer-in-input` for the needles of a conversation's turns: what the user says in
    that turn (not what earlier turns said: recalling it is the task)."""
    for spec, label, said, before in ctx.turn_specs():
        if spec.negate or not is_response_needle(spec.type) or spec.problem is not None:
            continue
        if not js_trim(said) or asks_repeat(said) or not ctx.passes(spec, said):
            continue
        if before and ctx.passes(spec, before):
            continue
        yield Hit(
            label,
            None,
            "what it looks for is already in this turn's input, so an answer that repeats "
            "the user's message passes",
            f"on the echoed turn input {quote(said, 60)}",
            "check for what only a correct answer contains (the result, the name, the fix), "
            "not a word of the message",
        )


# Inputs whose right answer repeats them: the echo is no wrong answer there.
_REPEAT_TASK = (
    r"\b(?:repeat|restate|echo(?:es|ed)? (?:back|it)|read (?:it |them )?back|copy|verbatim"
    r"|word for word|exactly as (?:given|written|shown|provided))\b"
)


@lru_cache(maxsize=1)
def repeat_task() -> re.Pattern[str]:
    """`_REPEAT_TASK` compiled (case-insensitive) on first use: only an input holding one
    of `_REPEAT_CUES` is searched, and compiling costs every run that imports the critique."""
    return re.compile(_REPEAT_TASK, re.I)


# A piece of every match of `_REPEAT_TASK`, in lower case.
_REPEAT_CUES = (
    "repeat", "restate", "echo", "read", "copy", "verbatim", "word for word", "exactly as",
)  # fmt: skip


def asks_repeat(said: str) -> bool:
    """`repeat_task().search(said)`, whose every match holds one of `_REPEAT_CUES` in any
    case: an ASCII text (case-insensitive matching is then ASCII's, `str.lower`) that holds
    none in lower case is not searched (most inputs; the search tries each alternative at
    every position, hundreds of instructions a character)."""
    if said.isascii():
        lowered = said.lower()
        for cue in _REPEAT_CUES:  # a loop, not any(): asked for most tests
            if cue in lowered:
                break
        else:
            return False
    return repeat_task().search(said) is not None


def _echo_fails_a_gate(ctx: Context, echo: Decoy) -> bool:
    """Whether the echoed input fails a `required` check that can be probed: then no echo
    passes the test, whatever a needle finds."""
    for spec in ctx.specs:
        if not spec.required or not _probe_safe(spec):
            continue
        if not ctx.passes(spec, echo.text):
            return True
    return False


def _recalled(spec: AssertionSpec, history: str) -> bool:
    """Whether every needle of `spec` was said in the conversation's earlier turns."""
    needles = text_list(spec) or [text_option(spec) or ""]
    return all(n and js_lower(n) in history for n in needles)


def _echo_fix(ctx: Context, spec: AssertionSpec) -> str:
    said = instructed_fix(ctx.input_text, spec)
    if said is not None:
        return f"check what the input asks the answer to be: {said}"
    term = answer_term(ctx)
    if term is not None:
        return f"check what the reference answer says and the question does not: {term}"
    return (
        "check for what only a correct answer contains (the result, the name, the fix), "
        "not a word of the question"
    )


def answer_term(ctx: Context) -> str | None:
    """An assertion for the first number, name or value of the reference answer that the
    input does not contain, or None (remembered: `_by_test`)."""
    if ctx.test.expected_output is None:
        return None
    key = (ctx.input_text, ctx.expected_repr)
    if key in _ANSWER_TERMS:
        return _ANSWER_TERMS[key]
    return _by_test(_ANSWER_TERMS, key, _answer_term(ctx))


def _answer_term(ctx: Context) -> str | None:
    from .coverage import expected_terms, suggest

    said = ctx.said
    for term in expected_terms(ctx.test.expected_output):
        if js_lower(term.text) not in said:
            return suggest(term)
    return None


def named_json(ctx: Context) -> tuple[list[str], dict[str, Any]]:
    """The keys a JSON answer must hold, by the reference answer's keys (else the keys the
    input names: `a "result" key`, `a status field`), and the values the input pins
    (a reference value it repeats, or `status set to ok`). Remembered (`_by_test`): the
    same lists for every caller, which only read them."""
    key = (ctx.input_text, ctx.expected_repr)
    found = _NAMED_JSON.get(key)
    if found is None:
        found = _by_test(_NAMED_JSON, key, _named_json(ctx))
    return found


def _named_json(ctx: Context) -> tuple[list[str], dict[str, Any]]:
    answer, _ = reference_answer(ctx.test.expected_output)
    if isinstance(answer, str) and answer.strip().startswith("{"):
        try:
            answer = json.loads(answer)
        except ValueError:
            answer = None
    said = ctx.said
    consts: dict[str, Any] = {}
    if isinstance(answer, Mapping) and answer:
        keys = [str(k) for k in answer]
        for key, value in answer.items():
            if isinstance(value, str) and value and js_lower(value) in said:
                consts[str(key)] = value
        return keys, consts
    keys = []
    for cue in _KEY_CUES:  # a loop of `in`: most inputs name no key, and are not searched
        if cue in ctx.input_text:
            break
    else:
        return keys, consts
    named_key, set_to = _json_words()
    for found in named_key.finditer(ctx.input_text):
        key = found.group(1) or found.group(2)
        if key and key not in keys:
            keys.append(key)
    for found in set_to.finditer(ctx.input_text):
        if found.group(1) in keys:
            consts[found.group(1)] = found.group(2).rstrip(".")
    return keys, consts


_T = TypeVar("_T")
# What `named_json` and `answer_term` found, by all they read of a test: its input text
# (and so `said`) and `repr` of its expected_output. Suites repeat tests (AgentV's examples
# replicated), and a test asks once per finding; forgotten whole past `_BY_TEST_LIMIT`.
_NAMED_JSON: dict[tuple[str, str], tuple[list[str], dict[str, Any]]] = {}
_ANSWER_TERMS: dict[tuple[str, str], str | None] = {}
_BY_TEST_LIMIT = 256


def _by_test(memo: dict[tuple[str, str], _T], key: tuple[str, str], found: _T) -> _T:
    """`found`, remembered in `memo` under `key` (`memo` emptied first when full)."""
    if len(memo) >= _BY_TEST_LIMIT:
        memo.clear()
    memo[key] = found
    return found


@lru_cache(maxsize=1)
def _json_words() -> tuple[re.Pattern[str], re.Pattern[str]]:
    """The patterns of a key the input names (`a "result" key`, `a status field`) and of a
    value it pins (`status set to ok`), compiled on first use: only a test whose `is-json`
    has no object for a reference, and whose input holds one of `_KEY_CUES`, asks
    (`_named_json`)."""
    return (
        re.compile(r"""["'`](\w+)["'`] (?:key|field|property)|\b(\w+) (?:key|field|property)\b"""),
        re.compile(r"""\b(\w+) (?:key |field )?set to ["'`]?([\w.-]+)"""),
    )


# A piece of every match of `_json_words`' first pattern: an input without one names no
# key, and the second pattern pins only the values of keys named (each match of it is
# asked about a key the first found).
_KEY_CUES = (" key", " field", " property")


def _has_echo(decoys: tuple[Decoy, ...]) -> bool:
    """Whether the echoed input is among `decoys` (by its flag: comparing decoys by value
    would compare their texts)."""
    for decoy in decoys:
        if decoy.echo:
            return True
    return False


def vacuous_pass(ctx: Context) -> Iterator[Hit]:
    """A negated check passed only because the response is empty (SPEC §5.7).

    Flags: {response: "", assert: [{type: contains, value: Lyon, negate: true}]}
    Okay: {response: "Paris", assert: [{type: contains, value: Lyon, negate: true}]}
    Okay: {response: "", assert: [{type: contains, value: Lyon}]}
    """
    if ctx.outcomes is None:
        return
    for outcome in ctx.outcomes:
        spec = outcome.spec
        if not spec.negate or outcome.status is not Status.PASSED:  # most are not negated
            continue
        vacuous = engine.VACUOUS in outcome.evidence or (
            ctx.run is not None and ctx.run.response == "" and about(spec.type).probe
        )
        if vacuous:
            yield Hit(
                spec.name,
                spec.index,
                "it passed only because the response is empty: there was nothing to reject",
                outcome.evidence or engine.VACUOUS,
                "pair it with a positive check that a correct answer must pass",
            )


def deterministic(spec: AssertionSpec) -> bool:
    """Decided by agentv-grade itself (not an LLM judge) and well-formed."""
    return spec.problem is None and spec.type not in LLM_TYPES
