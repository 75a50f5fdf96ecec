"""Rules read from the eval alone: `trivial`, `negative-only`, `unverifiable` (SPEC §6.2)."""

from __future__ import annotations

import json
import unicodedata
from collections.abc import Iterator, Mapping
from json.encoder import encode_basestring
from typing import Any

from ..assertions import about
from ..js.strings import js_trim
from ..model import AssertionSpec, Status
from ..outputs import string_list_json
from ._pattern import matches_anything
from .context import (
    Context,
    common_words,
    quote,
    text_list,
    text_option,
    walk,
)
from .decoys import deterministic
from .model import Hit
from .regex_risk import pattern_flags


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
    shape = about(spec.type).needle
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
    """Settings that keep `spec` from affecting the verdict; only a weight or min_score of
    0, or a type with a score threshold, can have one (`trivial` asks only then)."""
    found = []
    if spec.weight == 0:
        found.append(("weight 0: it counts for nothing in the test score", "set a weight above 0"))
    if spec.min_score == 0:
        gate = "a required gate that can never fail" if spec.required else "it can never gate"
        fix = "raise min_score (or drop it, and `required`, if the assertion is not a gate)"
        found.append((f"min_score 0: {gate}", fix))
    score_threshold = about(spec.type).threshold == "score"  # (not a metric limit)
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
    empty string; `weight: 0`, `min_score: 0`, a score threshold of 0, a test threshold 0.

    Flags: {assert: [{type: contains, value: the}]}
    Flags: {assert: [{type: icontains-any, value: [Paris, "."]}]}
    Flags: {assert: [{type: regex, value: 'a*'}]}
    Flags: {assert: [{type: contains, value: Paris, weight: 0}]}
    Flags: {threshold: 0, assert: [{type: contains, value: Paris}]}
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
    for spec, label, index in walk(ctx.specs):
        if spec.weight == 0 or spec.min_score == 0 or about(spec.type).threshold == "score":
            for setting, fix in _setting_reasons(spec):
                yield Hit(label, index, setting, _show(spec), fix)
        needle = None if spec.negate else _needle_reason(spec)
        if needle:
            yield Hit(label, index, needle, _show(spec), _NEEDLE_FIX)


_NEEDLE_FIX = "check for the specific answer (a name, number or phrase only a correct answer has)"


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
    """Every deterministic check is negated, so an empty or off-topic answer passes them.

    Flags: {assert: [{type: contains, value: Lyon, negate: true},
                     {type: not-icontains, value: Marseille}]}
    Okay: {assert: [{type: contains, value: Lyon, negate: true},
                    {type: contains, value: Paris}]}
    Okay: {assert: ["Answers politely"]}
    """
    checks = []
    for spec in ctx.specs:
        if deterministic(spec):
            if not spec.negate:  # most tests: a positive check, found early
                return
            checks.append(spec)
    if not checks:
        return
    names = ", ".join(f"'{s.name}'" for s in checks)
    yield Hit(
        None,
        None,
        "every deterministic check is negated: they say what the answer must not contain, "
        "and an empty or off-topic answer satisfies all of them",
        f"negated: {names}",
        "add a positive check for what a correct answer must contain",
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
        need = about(spec.type).reads
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
