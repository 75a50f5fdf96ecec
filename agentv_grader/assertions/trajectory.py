"""`trajectory:tool-used`, `-tool-sequence`, `-tool-args-match`, `-step-count` (SPEC §5.5).

AgentV's rules and texts (docs/agentv-semantics.md §8) over the trace steps of `_steps`: values are
case-insensitive globs, `tool-used` and `tool-sequence` look at `tool` steps only,
`tool-args-match` passes when *any* matching call's arguments match (partial or exact,
after removing ignored keys and keys equal to their `defaults`), `step-count` counts every
step unless filtered, including the test input AgentV puts first and the final response.

Decided here: no transcript → `skipped` (AgentV scores 0); an unusable transcript →
`error`. AgentV's *inverse* rule (SPEC §5.5) is a separate function per type
(`*_inverse`), registered as the `Entry.inverse`, so the engine never flips these.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from ..errors import SpecError
from ..js.numbers import js_num, js_stringify
from ..model import AssertionSpec, RunData, Verdict
from ._steps import (
    NO_TRANSCRIPT,
    Step,
    bound,
    glob_match,
    label_of,
    listing,
    matcher_of,
    matches,
    require_name,
    steps_of,
    transcript_or_none,
)
from .fields import MISSING, js_deep_equal

# ------------------------------------------------------------------ the four checks

Outcome = tuple[bool, str]


def _tool_used(value: Any, steps: list[Step], inverse: bool) -> Outcome:
    kind = "trajectory:tool-used"
    tools = [s for s in steps if s.type == "tool"]
    actual = listing([s.label for s in tools])
    listed = [value] if isinstance(value, str) else value
    if isinstance(listed, list) and all(isinstance(v, str) for v in listed):
        matchers = [matcher_of(v, "tool", kind) for v in listed]
        if not matchers:
            raise SpecError(f"{kind} assertion requires at least one expected tool")
        hit = [m for m in matchers if any(matches(s, m) for s in tools)]
        missing = [label_of(m) for m in matchers if m not in hit]
        names = ", ".join(label_of(m) for m in matchers)
        if inverse:
            if not hit:
                return True, f"Forbidden tool(s) were not used: {names}"
            used = ", ".join(label_of(m) for m in hit)
            return False, f"Forbidden tool(s) were used: {used}. Actual tools: {actual}"
        if not missing:
            return True, f"Observed required tool(s): {names}. Actual tools: {actual}"
        return False, f"Missing required tool(s): {', '.join(missing)}. Actual tools: {actual}"
    if not isinstance(value, Mapping):
        raise SpecError(f"{kind} assertion must have a string, string array, or object value")
    return _tool_count(matcher_of(value, "tool", kind), tools, inverse)


def _tool_count(matcher: dict[str, Any], tools: list[Step], inverse: bool) -> Outcome:
    require_name(matcher, "trajectory:tool-used")
    low = bound(matcher.get("min"))
    low = 1 if low is None else low
    high = bound(matcher.get("max"))
    found = [s for s in tools if matches(s, matcher)]
    base = len(found) >= low and (high is None or len(found) <= high)
    label = label_of(matcher)
    if inverse:
        if base:
            return False, (
                f'Tool "{label}" matched {len(found)} time(s), which violates the inverse assertion'
            )
        return True, f'Tool "{label}" did not satisfy the forbidden match condition'
    expect = f"at least {js_num(low)}" if high is None else f"{js_num(low)}-{js_num(high)}"
    text = f'Matched tool "{label}" {len(found)} time(s) (expected {expect})'
    if found:
        text += ". Matches: " + ", ".join(s.label for s in found)
    return base, text


def _tool_sequence(value: Any, steps: list[Step], inverse: bool) -> Outcome:
    kind = "trajectory:tool-sequence"
    raw_steps: list[Any] = []
    if isinstance(value, list):
        mode, raw_steps = "in_order", value
    elif isinstance(value, Mapping):
        mode = "exact" if value.get("mode") == "exact" else "in_order"
        if isinstance(value.get("steps"), list):
            raw_steps = value["steps"]
    else:
        raise SpecError(f"{kind} assertion must have an array or object value")
    expected = [matcher_of(s, "tool", kind, i) for i, s in enumerate(raw_steps)]
    for i, matcher in enumerate(expected):
        require_name(matcher, kind, i)
    if not expected:
        raise SpecError(f"{kind} assertion requires at least one expected step")
    tools = [s for s in steps if s.type == "tool"]
    actual = listing([s.label for s in tools])
    if mode == "exact":
        base = len(tools) == len(expected) and all(
            matches(s, m) for s, m in zip(tools, expected, strict=True)
        )
        wanted = ", ".join(label_of(m) for m in expected)
        reason = (
            f"Observed exact tool sequence: {actual}"
            if base
            else f"Expected exact tool sequence of {wanted}, but actual tools were {actual}"
        )
    else:
        base, reason = _in_order(expected, tools, actual)
    if inverse:
        if base:
            return False, f"Forbidden tool sequence was observed. Actual tools: {actual}"
        return True, "Forbidden tool sequence was not observed"
    return base, reason


def _in_order(expected: list[dict[str, Any]], tools: list[Step], actual: str) -> Outcome:
    position, seen = 0, []
    for step in tools:
        if position >= len(expected):
            break
        if matches(step, expected[position]):
            seen.append(step.label)
            position += 1
    if position == len(expected):
        return True, f"Observed tool sequence in order: {', '.join(seen)}. Actual tools: {actual}"
    label = label_of(expected[position])
    return False, f'Expected tool "{label}" was not observed in order. Actual tools: {actual}'


def _step_count(value: Any, steps: list[Step], inverse: bool) -> Outcome:
    if not isinstance(value, Mapping):
        raise SpecError("trajectory:step-count assertion must have an object value")
    matcher = matcher_of(value, None, "trajectory:step-count")
    low, high = bound(value.get("min")), bound(value.get("max"))
    if low is None and high is None:
        raise SpecError("trajectory:step-count assertion must include a min or max property")
    found = [s for s in steps if matches(s, matcher)]
    base = (low is None or len(found) >= low) and (high is None or len(found) <= high)
    if inverse:
        if base:
            return False, "Trajectory step count satisfied the forbidden range"
        return True, "Trajectory step count did not satisfy the forbidden range"
    filters = []
    if matcher.get("type"):
        wanted = matcher["type"]
        filters.append("type=" + "|".join(wanted if isinstance(wanted, list) else [wanted]))
    pattern = matcher.get("pattern") if matcher.get("pattern") is not None else matcher.get("name")
    if pattern:
        filters.append(f"pattern={pattern}")
    text = f"Matched {len(found)} trajectory step(s)"
    text += f" for {', '.join(filters)}" if filters else ""
    if low is not None and high is not None:
        text += f" (expected {js_num(low)}-{js_num(high)})"
    else:
        text += f" (expected at least {js_num(low)})" if low is not None else (
            f" (expected at most {js_num(high or 0)})")  # fmt: skip
    if found:
        text += ". Matches: " + ", ".join(s.label for s in found)
    return base, text


# tool-args-match lives in its own section: argument comparison with defaults and ignores.


def _strip(value: Any, drop: Callable[[str, Any], bool]) -> tuple[Any, list[str]]:
    if not isinstance(value, dict):
        return value, []
    kept = {k: v for k, v in value.items() if not drop(k, v)}
    return kept, [k for k in value if k not in kept]


def _ignored(value: Any, ignore: list[str]) -> tuple[Any, list[str]]:
    return _strip(value, lambda key, _: any(
        glob_match(key, e) if ("*" in e or "?" in e) else e == key for e in ignore))  # fmt: skip


def _defaulted(value: Any, defaults: Mapping[str, Any] | None) -> tuple[Any, list[str]]:
    if defaults is None:
        return value, []
    return _strip(value, lambda key, v: key in defaults and js_deep_equal(v, defaults[key]))


def _partial(actual: Any, expected: Any) -> bool:
    if isinstance(expected, list):
        return isinstance(actual, list) and len(actual) == len(expected) and all(
            _partial(a, e) for a, e in zip(actual, expected, strict=True))  # fmt: skip
    if isinstance(expected, dict):
        return isinstance(actual, dict) and all(
            k in actual and _partial(actual[k], v) for k, v in expected.items())  # fmt: skip
    return js_deep_equal(actual, expected)


def _args_spec(value: Any) -> tuple[dict[str, Any], Any, str, Mapping[str, Any] | None, list[str]]:
    """(matcher, expected args, mode, defaults, ignore) with AgentV's validation messages."""
    kind = "trajectory:tool-args-match"
    if not isinstance(value, Mapping):
        raise SpecError(f"{kind} assertion must have an object value")
    matcher = matcher_of(value, "tool", kind)
    require_name(matcher, kind)
    if "args" not in value and "arguments" not in value:
        raise SpecError(f"{kind} assertion must include an args or arguments property")
    expected = value["args"] if "args" in value else value["arguments"]
    mode = value.get("mode") if value.get("mode") is not None else "partial"
    if mode not in ("partial", "exact"):
        raise SpecError(f'{kind} assertion mode must be "partial" or "exact"')
    defaults = value.get("defaults")
    if defaults is not None and not isinstance(defaults, Mapping):
        raise SpecError(
            f"{kind} assertion defaults must be an object mapping argument names to default values"
        )
    raw_ignore = value.get("ignore")
    ignore: list[Any] = raw_ignore if isinstance(raw_ignore, list) else [raw_ignore]
    ignore = [] if raw_ignore is None else ignore
    if any(not isinstance(e, str) or not e.strip() for e in ignore):
        raise SpecError(
            f"{kind} assertion ignore must be a non-empty string or an array of non-empty strings"
        )
    return matcher, expected, str(mode), defaults, [str(e) for e in ignore]


def _args_match(value: Any, steps: list[Step], inverse: bool) -> Outcome:
    matcher, expected, mode, defaults, ignore = _args_spec(value)
    label = label_of(matcher)
    tools = [s for s in steps if s.type == "tool"]
    named = [s for s in tools if matches(s, matcher)]
    with_args = [s for s in named if s.args is not MISSING]

    def agrees(args: Any) -> bool:
        cleaned = _defaulted(_ignored(args, ignore)[0], defaults)[0]
        wanted = _ignored(expected, ignore)[0]
        return js_deep_equal(cleaned, wanted) if mode == "exact" else _partial(cleaned, wanted)

    hit = next((s for s in with_args if agrees(s.args)), None)
    observed = ", ".join(js_stringify(s.args) for s in with_args) or "(none)"
    if inverse:
        if hit is not None:
            return False, (f'Forbidden argument match for tool "{label}" was observed on '
                           f"{hit.label}. Args: {js_stringify(hit.args)}")  # fmt: skip
        if not named:
            return True, (f'Forbidden argument match for tool "{label}" was not observed '
                          "because no tool call matched it")  # fmt: skip
        return True, (
            f'Forbidden argument match for tool "{label}" was not observed. '
            f"Observed args: {observed}"
        )
    if hit is not None:
        ignored = _ignored(hit.args, ignore)
        defaulted = _defaulted(ignored[0], defaults)[1]
        text = (f'Tool "{label}" matched expected arguments ({mode}) on {hit.label}. '
                f"Args: {js_stringify(hit.args)}")  # fmt: skip
        text += f". Ignored argument(s): {', '.join(ignored[1])}" if ignored[1] else ""
        text += f". Ignored default argument(s): {', '.join(defaulted)}" if defaulted else ""
        return True, text
    actual = listing([s.label for s in tools])
    if not named:
        return False, f'No tool call matched "{label}". Actual tools: {actual}'
    if not with_args:
        return False, (
            f'Tool "{label}" was observed but no arguments were captured. Actual tools: {actual}'
        )
    return False, (f'No call to tool "{label}" matched expected arguments ({mode}): '
                   f"{js_stringify(expected)}. Observed args: {observed}")  # fmt: skip


# ------------------------------------------------------------------ registry entry points

_Evaluate = Callable[[Any, list[Step], bool], Outcome]


def _grade(spec: AssertionSpec, run: RunData, evaluate: _Evaluate, inverse: bool) -> Verdict:
    transcript = transcript_or_none(run)
    if transcript is None:
        evaluate(spec.options.get("value"), [], inverse)  # bad config errs even without data
        return Verdict.skipped(NO_TRANSCRIPT)
    steps = steps_of(transcript)
    ok, text = evaluate(spec.options.get("value"), steps, inverse)
    evidence = f"{len(steps)} step(s) from the {transcript.shape} transcript {transcript.path}"
    return Verdict.binary(ok, text, text, evidence)


def tool_used(spec: AssertionSpec, run: RunData) -> Verdict:
    """Every listed tool was called (or a `{name, min, max}` count holds)."""
    return _grade(spec, run, _tool_used, inverse=False)


def tool_used_inverse(spec: AssertionSpec, run: RunData) -> Verdict:
    """AgentV's inverse: none of the listed tools was called (or the count does not hold)."""
    return _grade(spec, run, _tool_used, inverse=True)


def tool_sequence(spec: AssertionSpec, run: RunData) -> Verdict:
    """The tools were called in this order (`in_order` subsequence, or `exact`)."""
    return _grade(spec, run, _tool_sequence, inverse=False)


def tool_sequence_inverse(spec: AssertionSpec, run: RunData) -> Verdict:
    """AgentV's inverse: the sequence was not observed."""
    return _grade(spec, run, _tool_sequence, inverse=True)


def tool_args_match(spec: AssertionSpec, run: RunData) -> Verdict:
    """Some call of the tool had these arguments (partial or exact)."""
    return _grade(spec, run, _args_match, inverse=False)


def tool_args_match_inverse(spec: AssertionSpec, run: RunData) -> Verdict:
    """AgentV's inverse: no call of the tool had these arguments."""
    return _grade(spec, run, _args_match, inverse=True)


def step_count(spec: AssertionSpec, run: RunData) -> Verdict:
    """The number of matching steps is within `min`..`max`."""
    return _grade(spec, run, _step_count, inverse=False)


def step_count_inverse(spec: AssertionSpec, run: RunData) -> Verdict:
    """AgentV's inverse: the number of matching steps is outside `min`..`max`."""
    return _grade(spec, run, _step_count, inverse=True)
