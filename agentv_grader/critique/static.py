"""Rules read from the eval alone: `trivial`, `negative-only`, `unverifiable` (SPEC §6.2)."""

from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Iterator, Mapping
from json.encoder import encode_basestring
from typing import Any

from ..assertions import about
from ..js.strings import js_lower, js_trim
from ..jsontext import string_list_json
from ..model import AssertionSpec, Status
from ._pattern import matches_anything
from ._spec import SpecFacts
from .context import (
    ByType,
    Context,
    TurnSpec,
    common_words,
    everyday_words,
    is_program,
    is_response_needle,
    needle_shape,
    quote,
    text_list,
    text_option,
    walk,
)
from .decoys import deterministic, named_json
from .fixes import bounded_fix, flow, json_fix
from .model import Hit
from .regex_risk import pattern_flags

# A type with a score threshold (`Entry.threshold`), not a metric limit.
_SCORED = ByType(lambda entry: entry.threshold == "score")


def weak_needle(needle: str) -> str | None:
    """Why almost any answer contains `needle`, or None when it is a real needle."""
    word = js_trim(needle)
    if needle == "":
        return "the needle is empty, and every text contains the empty string"
    if word == "":
        return "the needle is only white space, which almost every answer has"
    if _only_punctuation(word):
        return f"the needle {quote(needle)} is only punctuation"
    if len(word) == 1:
        return f"the needle {quote(needle)} is a single character, found in most answers"
    if word.lower() in common_words():
        return f"{quote(word)} is one of the most common English words"
    return None


def _only_punctuation(word: str) -> bool:
    if word[:1].isalnum():  # most needles: a letter or digit is never punctuation
        return False
    for char in word:  # a loop, not all(): most needles stop at their first letter
        if not (unicodedata.category(char).startswith("P") or char.isspace()):
            return False
    return True


def _needle_reason(spec: AssertionSpec) -> str | None:
    """Why almost any answer passes the needle or pattern of `spec`, or None."""
    shape = needle_shape(spec.type)
    if shape == "one":
        needle = text_option(spec, "value", "search_text", "substring")
        return weak_needle(needle) if needle is not None else None
    if shape == "any":
        for needle in text_list(spec) or []:
            reason = weak_needle(needle)
            if reason:
                return f"one alternative is enough to pass, and {reason}"
        return None
    if shape == "edge":
        value = text_option(spec)
        if value is not None and js_trim(value) == "":
            return "the value is empty after trimming, and every answer starts and ends with that"
        return None
    if shape == "pattern":
        pattern = text_option(spec, "value", "pattern")
        if pattern is not None:
            body, flags = pattern_flags(spec.options, pattern)
            if matches_anything(body, flags):
                return f"the pattern /{pattern}/ matches the empty string, so it matches any answer"
    return None


def _setting_reasons(spec: AssertionSpec) -> list[tuple[str, str]]:
    """Settings that keep `spec` from affecting the verdict; only a type with a score
    threshold can have one (`trivial` asks only then). Weight 0, often deliberate, is
    `zero-weight`'s. (`min_score: 0` is dropped when loading, as AgentV main drops it: a
    required assertion then gates at the test threshold, so it is no such setting.)"""
    found = []
    score_threshold = _SCORED[spec.type]  # (not a metric limit)
    threshold = spec.options.get("threshold") if score_threshold else None
    if threshold == 0 and not isinstance(threshold, bool):
        found.append(
            ("threshold 0: it passes at any score", "set the score threshold it must reach")
        )
    return found


def trivial(ctx: Context) -> Iterator[Hit]:
    r"""Satisfied by almost any answer, or unable to affect the verdict.

    Needles that are empty, white space, punctuation, one character or a very common
    English word (also as one alternative of `contains-any`); patterns that match the
    empty string; a score threshold of 0, a test threshold 0.

    Flags: {assert: [{type: contains, value: the}]}
    Flags: {assert: [{type: icontains-any, value: [Paris, "."]}]}
    Flags: {assert: [{type: regex, value: 'a*'}]}
    Flags: {assert: [{type: contains, value: "4"}]}
    Flags: {execution: {threshold: 0}, assert: [{type: contains, value: Paris}]}
    Okay: {assert: [{type: contains, value: Paris}]}
    Okay: {assert: [{type: regex, value: '^a*$'}]}
    Okay: {assert: [{type: contains, value: the, negate: true}]}
    Okay: {assert: [{type: contains-all, value: [Paris, the]}]}
    """
    if ctx.test.threshold == 0:
        yield Hit(
            None,
            None,
            "the test threshold is 0, so the test passes whatever its assertions say",
            f"threshold 0 from {ctx.test.threshold_source}",
            "set a threshold such as 0.8 (or remove it to use the default)",
        )
    for spec, label, index, facts in ctx.walked:
        settings = facts.trivial_settings
        if settings is None:
            settings = facts.trivial_settings = _trivial_settings(spec)
        for setting, fix in settings:
            yield Hit(label, index, setting, shown(facts, spec), fix)
        needle = facts.trivial_needle  # (read here: `_trivial_needle` only for a new one)
        if needle is None:
            needle = _trivial_needle(facts, spec)
        if needle:
            yield Hit(label, index, needle[0], shown(facts, spec), needle[1])
    if not ctx.test.turns:  # (`turn_specs` has none)
        return
    for spec, label, _, _ in turn_specs(ctx):
        facts = ctx.spec_facts(spec)
        needle = _trivial_needle(facts, spec)
        if needle:
            yield Hit(label, None, needle[0], shown(facts, spec), needle[1])


def _trivial_settings(spec: AssertionSpec) -> tuple[tuple[str, str], ...]:
    if _SCORED[spec.type]:
        return tuple(_setting_reasons(spec))
    return ()


def _trivial_needle(facts: SpecFacts, spec: AssertionSpec) -> tuple[str, ...]:
    """`trivial`'s (reason, fix) for the needle or pattern of `spec`, () for none;
    remembered in `facts`."""
    found = facts.trivial_needle
    if found is None:
        needle = None if spec.negate else _needle_reason(spec)
        found = facts.trivial_needle = (needle, _needle_fix(spec)) if needle else ()
    return found


def shown(facts: SpecFacts, spec: AssertionSpec) -> str:
    """`_show(spec)`, remembered in `facts`."""
    found = facts.shown
    if found is None:
        found = facts.shown = _show(spec)
    return found


def _needle_fix(spec: AssertionSpec) -> str:
    """A one-character word or number as a whole word (`4` → `\\b4\\b`); the alternatives
    without the weak ones; else the answer."""
    needle = text_option(spec, "value", "search_text", "substring")
    word = js_trim(needle or "")
    if needle_shape(spec.type) == "one" and word[:1].isalnum() and len(word) == 1:
        return f"match it as a whole word or number: {bounded_fix(spec, word)}"
    kept = _specific_alternatives(spec)
    if kept:
        return f"keep only the specific alternatives: {flow(spec.type, value=kept)}"
    return "check for the specific answer (a name, number or phrase only a correct answer has)"


def _specific_alternatives(spec: AssertionSpec) -> list[str]:
    """A `contains-any`'s alternatives less the weak and everyday ones ([] if none is left,
    or if it is no `contains-any`)."""
    if needle_shape(spec.type) != "any":
        return []
    kept = []
    for needle in text_list(spec) or []:
        lower = js_lower(js_trim(needle))
        if weak_needle(needle) is None and lower not in everyday_words():
            kept.append(needle)
    return kept


def turn_specs(ctx: Context) -> list[TurnSpec]:
    """The assertions inside a conversation test's `turns` (`Context.turn_specs`)."""
    return ctx.turn_specs()


def zero_weight(ctx: Context) -> Iterator[Hit]:
    """`weight: 0`: the assertion counts for nothing in the test score (often on purpose,
    a metric kept for its report; worth a look when it is not).

    Flags: {assert: [{type: contains, value: Paris, weight: 0}]}
    Okay: {assert: [{type: contains, value: Paris}]}
    """
    for spec, label, index, facts in ctx.walked:
        if spec.weight == 0:
            yield Hit(
                label,
                index,
                "weight 0: it counts for nothing in the test score",
                shown(facts, spec),
                "set a weight above 0, unless it is kept only for its report (then say so in "
                "its name or metric)",
            )


def generic_needle(ctx: Context) -> Iterator[Hit]:
    """A needle that is an everyday English word (wordfreq's, beyond `trivial`'s most common
    ones) or a word every program has: a wrong answer on the topic likely contains it too.

    Not raised for a word the input itself asks for (an echo there is `answer-in-input`'s),
    a capitalised word matched case-sensitively (a name, a greeting), a refusal marker
    (`cannot`, `unable`: what a refusal test looks for), or a word the criteria or the
    reference answer use (the outcome, in the author's words).

    Flags: {input: "Review this code.", assert: [{type: contains, value: fix}]}
    Flags: {input: "Reset the branch.", assert: [{type: icontains-any, value: [irreversible,
            shared]}]}
    Okay: {input: "Review this code.", assert: [{type: contains, value: off-by-one}]}
    Okay: {input: 'Set "message" to "success".', assert: [{type: contains, value: success}]}
    Okay: {input: "Greet me.", assert: [{type: contains, value: Hello}]}
    Okay: {input: "Export every customer's email.", assert: [{type: icontains-any,
           value: [cannot, not authorized]}]}
    Okay: {input: "How does photosynthesis work?", criteria: "Says water is split.",
           assert: [{type: icontains, value: water}]}
    """
    said = ctx.said
    own = None  # the criteria and reference answer in lower case, made for the first needle
    for spec, label, index, facts in ctx.walked:
        needles = facts.generic  # (read here: `_generic_needles` only for a new one)
        if needles is None:
            needles = _generic_needles(facts, spec)
        if not needles:  # most assertions: no everyday word among their needles
            continue
        if own is None:
            own = _own_words(ctx)
        word = _generic_word(needles, said, own)
        if word:
            yield _generic_hit(facts, spec, label, index, word)
    if not ctx.test.turns:  # (`turn_specs` has none)
        return
    for spec, label, turn_said, _ in turn_specs(ctx):
        facts = ctx.spec_facts(spec)
        needles = _generic_needles(facts, spec)
        if not needles:
            continue
        if own is None:
            own = _own_words(ctx)
        word = _generic_word(needles, f"{said}\n{js_lower(turn_said)}", own)
        if word:
            yield _generic_hit(facts, spec, label, None, word)


def _own_words(ctx: Context) -> str:
    """The test's criteria and reference answer in lower case (`generic_needle`'s `own`)."""
    return js_lower(f"{ctx.test.criteria or ''}\n{ctx.reference or ''}")


def _generic_hit(
    facts: SpecFacts, spec: AssertionSpec, label: str, index: int | None, word: str
) -> Hit:
    alone = needle_shape(spec.type) == "one"
    fix = facts.generic_fix
    if fix is None:
        fix = facts.generic_fix = _generic_fix(spec)
    return Hit(
        label,
        index,
        f"{quote(word)} is an everyday word"
        + ("" if alone else ", and one alternative is enough to pass")
        + ": a wrong answer on the same topic likely contains it",
        shown(facts, spec),
        fix,
    )


def _generic_fix(spec: AssertionSpec) -> str:
    """`generic_needle`'s fix for `spec` (it depends on the assertion alone)."""
    kept = _specific_alternatives(spec)
    if kept:
        return f"keep only the specific alternatives: {flow(spec.type, value=kept)}"
    return (
        "check for what only a correct answer says (the result, the name, the exact "
        "phrase), e.g. a word-bounded regex of it"
    )


def _generic_needles(facts: SpecFacts, spec: AssertionSpec) -> tuple[tuple[str, str], ...]:
    """`_generic_candidates(spec)`, remembered in `facts`."""
    needles = facts.generic
    if needles is None:
        needles = facts.generic = _generic_candidates(spec)
    return needles


def _generic_word(needles: tuple[tuple[str, str], ...], said: str, own: str) -> str | None:
    """The first of `needles` (`_generic_candidates`) that the input (`said`), the
    criteria and the reference answer (`own`, lower case both) do not use, or None."""
    for word, lower in needles:
        if not (lower in said or _names_word(own, lower)):
            return word
    return None


def _generic_candidates(spec: AssertionSpec) -> tuple[tuple[str, str], ...]:
    """The needles of `spec` (trimmed, with their lower case) that are generic unless the
    test itself uses them: everyday words beyond the most common ones (`trivial`'s), not
    a capitalised word matched case-sensitively (a name, a greeting), not a refusal marker;
    none for a negated check. Told from the assertion alone, so worked out once for it."""
    if spec.negate:
        return ()
    if needle_shape(spec.type) == "one":
        needles = [text_option(spec, "value", "search_text", "substring") or ""]
    elif needle_shape(spec.type) == "any":
        needles = text_list(spec) or []
    else:
        return ()
    case_sensitive = (
        spec.type in ("contains", "contains-any")
        and spec.options.get("case_sensitive") is not False
    )
    found = []
    for needle in needles:
        word = js_trim(needle)
        if not word or (case_sensitive and word[:1].isupper()):
            continue
        lower = js_lower(word)
        if _REFUSAL_MARKER.match(lower):  # what a refusal test looks for, not a stray word
            continue
        if lower not in common_words() and lower in everyday_words():
            found.append((word, lower))
    return tuple(found)


_REFUSAL_MARKER = re.compile(r"(?:cannot|can't|can not|won't|unable|sorry|declin|refus)")


def _names_word(text: str, word: str) -> bool:
    """`word` stands as a word in `text` (lower case both)."""
    at = text.find(word)
    while at >= 0:
        end = at + len(word)
        if (at == 0 or not text[at - 1].isalnum()) and (
            end == len(text) or not text[end].isalnum()
        ):
            return True
        at = text.find(word, at + 1)
    return False


def vacuous_negation(ctx: Context) -> Iterator[Hit]:
    """A negated check whose needles look like placeholders (`CompetitorA`, `Product 2`) and
    are nowhere in the input: no answer would contain them, so it rejects nothing.

    Flags: {input: "Praise cloud computing; name no company.",
            assert: [{type: contains-any, value: [CompetitorA, CompetitorB], negate: true}]}
    Okay: {input: "Never recommend competitor X. Which tool should I buy?",
           assert: [{type: contains, value: competitor X, negate: true}]}
    Okay: {input: "Capital of France?", assert: [{type: contains, value: Lyon, negate: true}]}
    """
    said = ctx.said
    for spec, label, index, facts in ctx.walked:
        if not spec.negate or not is_response_needle(spec.type):
            continue
        needles = facts.placeholders
        if needles is None:
            needles = facts.placeholders = _placeholders(spec)
        if needles and all(n not in said for n in needles):
            yield Hit(
                label,
                index,
                "the names it rejects look like placeholders that no answer would contain, "
                "so it passes whatever the answer says",
                shown(facts, spec),
                "name what a wrong answer would really say (real names, the leaked value), "
                "or judge it with an llm-rubric",
            )


def _placeholders(spec: AssertionSpec) -> tuple[str, ...]:
    """The needles of `spec` in lower case when every one looks like a placeholder, else ()."""
    needles = text_list(spec) or [text_option(spec) or ""]
    if all(_PLACEHOLDER.match(js_trim(n)) for n in needles):
        return tuple(js_lower(n) for n in needles)
    return ()


_PLACEHOLDER = re.compile(
    r"^(?:[A-Z][a-z]+ ?(?:[A-Z]|\d{1,2})|(?i:foo|bar|baz|qux|xxx+|placeholder)\d*)$"
)


def format_only(ctx: Context) -> Iterator[Hit]:
    """`is-json` alone where the task names the keys or values the answer must hold: `{}`
    passes it, and nothing else deterministic checks the content.

    Flags: {input: 'Return a JSON object with a "status" field set to ok.',
            assert: [{type: is-json}]}
    Flags: {input: "Give name and age as JSON.", expected_output: {name: Alice, age: 30},
            assert: [{type: is-json, required: true}, "Has the fields"]}
    Okay: {input: 'Return a JSON object with a "status" field set to ok.',
           assert: [{type: is-json}, {type: contains, value: '"ok"'}]}
    Okay: {input: "Return any JSON.", assert: [{type: is-json}]}
    Okay: {input: 'Return a "status" field.',
           assert: [{type: is-json, schema: {type: object, required: [status]}}]}
    """
    if not is_format_only(ctx):
        return
    plain = [s for s in ctx.specs if is_plain_json(s)]
    keys, consts = named_json(ctx)
    if not keys:
        return
    spec = plain[0]
    yield Hit(
        spec.name,
        spec.index,
        "it checks only that the answer parses: `{}` passes, though the task names the keys "
        f"({', '.join(keys[:6])}) the answer must hold",
        _show(spec),
        "check the keys and values: " + json_fix(keys, consts),
    )


def is_format_only(ctx: Context) -> bool:
    """The test's only deterministic check of the answer's content is a plain `is-json`;
    worked out once per test (`format_only` and `uncovered_outcome` ask)."""
    known = ctx.format_only
    if known is None:
        known = False
        for spec in ctx.specs:  # a loop, not any(): asked for every test
            if is_plain_json(spec):
                known = not checks_content(ctx.specs)
                break
        ctx.format_only = known
    return known


def is_plain_json(spec: AssertionSpec) -> bool:
    """A positive `is-json` without a schema: the format, not the content."""
    return (
        spec.type == "is-json"
        and not spec.negate
        and spec.problem is None
        and spec.options.get("schema", spec.options.get("value")) is None
    )


def checks_content(specs: tuple[AssertionSpec, ...]) -> bool:
    """Whether some positive deterministic check reads the answer's content (a needle, a
    field, a schema, a program)."""
    for spec, _, _ in walk(specs):
        if spec.negate or spec.problem is not None:
            continue
        if is_response_needle(spec.type) or is_program(spec.type):
            return True
        if spec.type == "field-accuracy":
            return True
        if spec.type == "is-json" and not is_plain_json(spec):
            return True
    return False


# `json.dumps(value, ensure_ascii=False, default=str)`, with its encoder made once.
_as_json = json.JSONEncoder(ensure_ascii=False, default=str).encode


def _show(spec: AssertionSpec) -> str:
    shown = _flat_json(spec.options)
    if shown is None:
        shown = _as_json({k: v for k, v in spec.options.items() if k not in _UNSHOWN})
    return f"{spec.type} {shown[:200]}"


_UNSHOWN = ("name", "metric", "type")


def _flat_json(options: Mapping[str, Any]) -> str | None:
    """`_as_json` of the options `_show` shows, where they are strings and lists of strings
    (most are), written out as the encoder writes them: the encoder costs more to set up
    than such options take to write. None for anything else (the encoder then writes it)."""
    parts = []
    for key, value in options.items():
        if not isinstance(key, str):
            return None
        if key in _UNSHOWN:
            continue
        shown = encode_basestring(value) if isinstance(value, str) else string_list_json(value)
        if shown is None:
            return None
        parts.append(f"{encode_basestring(key)}: {shown}")
    return "{" + ", ".join(parts) + "}"


def negative_only(ctx: Context) -> Iterator[Hit]:
    """Every check is negated (no judge or program checks what a right answer does either),
    so an empty or off-topic answer passes them all.

    Flags: {assert: [{type: contains, value: Lyon, negate: true},
                     {type: not-icontains, value: Marseille}]}
    Flags: {assert: [{type: not-skill-used, value: deploy}]}
    Okay: {assert: [{type: contains, value: Lyon, negate: true},
                    {type: contains, value: Paris}]}
    Okay: {assert: [{type: contains, value: Lyon, negate: true}, "Names the capital"]}
    Okay: {assert: ["Answers politely"]}
    """
    checks = []
    for spec in ctx.specs:
        if not spec.negate or not deterministic(spec):  # a positive check, or a judge
            return
        checks.append(spec)
    if not checks:
        return
    names = ", ".join(f"'{s.name}'" for s in checks)
    trace = all(about(s.type).reads == "transcript" for s in checks)
    said = (
        "every check is negated: they say what the agent must not do, and an agent that "
        "does nothing passes them all"
        if trace
        else "every check is negated: they say what the answer must not contain, and an "
        "empty or off-topic answer passes them all"
    )
    yield Hit(
        None,
        None,
        said,
        f"negated: {names}",
        "add a positive check of what a right answer does, e.g. "
        + (
            '`"Answers the question asked"` (an llm-rubric)'
            if trace
            else "`{type: contains, value: <what a right answer says>}` or an llm-rubric"
        ),
    )


def unverifiable(ctx: Context) -> Iterator[Hit]:
    """Needs timing or transcript data that this run does not have (SPEC §5.4, §5.5).

    Flags: {response: "Paris", assert: [{type: latency, threshold: 1000}]}
    Flags: {response: "Paris", assert: [{type: trajectory:tool-used, value: [search]}]}
    Okay: {response: "Paris", assert: [{type: contains, value: Paris}]}
    Okay: {assert: [{type: latency, threshold: 1000}]}
    """
    if ctx.outcomes is None or ctx.run is None:
        return
    run = ctx.run
    for outcome in ctx.outcomes:
        spec = outcome.spec
        need = _READS[spec.type]
        if need == "timing":
            absent = run.timing is None and run.timing_problem is None
        elif need == "transcript":
            absent = run.transcript is None and run.transcript_problem is None
        else:
            continue
        # execution-metrics can draw on either file: only its own verdict says what is missing
        absent = absent and spec.type != "execution-metrics"
        if not (absent or outcome.status is Status.SKIPPED):
            continue
        evidence = outcome.evidence if outcome.status is Status.SKIPPED else f"no {need} file"
        yield Hit(
            spec.name,
            spec.index,
            f"it needs {need} data that this run does not have, so it checks nothing here",
            evidence,
            f"grade with --{need}-file (or put {_FILES[need]} beside response.md), "
            "or drop the assertion from tests run without it",
        )


_FILES = {"timing": "timing.json", "transcript": "transcript.json"}
_READS = ByType(lambda entry: entry.reads or "")  # `Entry.reads` by type ("" for None)
