"""`latency`, `cost`, `token-usage`, `execution-metrics` (SPEC §5.4, docs/agentv-semantics.md §6).

Texts, limits and check order are AgentV's graders'. Decided here, where AgentV differs or
is silent:

- Missing data is `skipped` with the reason (`no timing file`, `timing.json has no
  duration`), never AgentV's score 0; a figure missing because its file was unusable is
  `error`. In `token-usage` and `execution-metrics` a check without data is left out of the
  score and named in the evidence; with no check left the assertion is `skipped`.
- Tool-call and LLM-call counts come from the transcript (AgentV's trace: every tool call,
  every assistant message); without one, the timing fields `tool_calls` / `llm_calls` may
  supply them (SPEC §4.3), else they are missing data.
- `execution-metrics.max_tokens` is input + output (AgentV leaves cached out); with only a
  total known, that total is used and the evidence says so. `token-usage`'s total is
  input + output + cached, or `total_tokens` when only that is known.
- `cost.threshold` is accepted as an alias of `budget`, `token-usage.threshold` of
  `max_total` (SPEC §5.4; AgentV's loader drops both).
- Numbers in texts are written as JavaScript writes them (`js_num`, `to_fixed`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from ..errors import SpecError
from ..js.numbers import js_num, to_fixed
from ..jsontext import is_finite_number
from ..model import AssertionSpec, CheckItem, RunData, Status, Verdict
from ..rundata.records import Figure, Timing

NO_TIMING = "no timing file"
PASS_AT = 0.8
# trace.ts DEFAULT_EXPLORATION_TOOLS: exact, case-sensitive names.
EXPLORATION_TOOLS = frozenset(
    {"read", "grep", "glob", "search", "list", "Read", "Grep", "Glob", "WebSearch", "WebFetch"}
)


def _usd(value: float) -> str:
    return "$" + to_fixed(value, 4)


def _limit(options: Mapping[str, Any], keys: tuple[str, ...], unit: str) -> float | None:
    """The first of `keys` present, as a number ≥ 0 (SPEC §3: anything else is an error)."""
    for key in keys:
        value = options.get(key)
        if value is None:
            continue
        if not is_finite_number(value) or value < 0:
            raise SpecError(f"'{key}' must be a number ≥ 0 ({unit}), got {value!r}")
        return float(value) if isinstance(value, float) else value
    return None


def _missing(timing: Timing | None, what: str) -> str:
    if timing is None:
        return NO_TIMING
    names = " and ".join(timing.files) or "timing data"
    return f"{names} {'has' if len(timing.files) <= 1 else 'have'} no {what}"


def _figure(run: RunData, field: str, what: str) -> Figure | Verdict:
    """The figure, `skipped` when it is absent, `error` when its file was unusable."""
    figure: Figure | None = getattr(run.timing, field) if run.timing is not None else None
    if figure is not None:
        return figure
    if run.timing_problem is not None:
        raise SpecError(f"timing data is unusable: {run.timing_problem}")
    return Verdict.skipped(_missing(run.timing, what))


def _binary(ok: bool, text: str, evidence: str) -> Verdict:
    return Verdict.binary(ok, text, text, evidence)


def latency(spec: AssertionSpec, run: RunData) -> Verdict:
    """`duration ≤ threshold` ms; AgentV's `Duration 2500ms > 1000ms threshold`."""
    threshold = _limit(spec.options, ("threshold",), "milliseconds")
    if threshold is None:
        raise SpecError("latency needs 'threshold' (milliseconds, a number ≥ 0)")
    figure = _figure(run, "duration_ms", "duration")
    if isinstance(figure, Verdict):
        return figure
    ok = figure.value <= threshold
    op = "<=" if ok else ">"
    text = f"Duration {js_num(figure.value)}ms {op} {js_num(threshold)}ms threshold"
    return _binary(ok, text, f"duration {js_num(figure.value)} ms ({figure.source})")


def cost(spec: AssertionSpec, run: RunData) -> Verdict:
    """`cost ≤ budget` USD (`threshold` accepted as an alias, SPEC §5.4)."""
    budget = _limit(spec.options, ("budget", "threshold"), "USD")
    if budget is None:
        raise SpecError("cost needs 'budget' (USD, a number ≥ 0)")
    figure = _figure(run, "cost_usd", "cost")
    if isinstance(figure, Verdict):
        return figure
    ok = figure.value <= budget
    text = f"Cost {_usd(figure.value)} {'<=' if ok else '>'} {_usd(budget)} budget"
    return _binary(ok, text, f"cost {js_num(figure.value)} USD ({figure.source})")


def _token_total(timing: Timing | None, with_cached: bool) -> Figure | None:
    """input + output (+ cached), else the file's own total."""
    if timing is None:
        return None
    if timing.input_tokens is not None and timing.output_tokens is not None:
        parts = [timing.input_tokens, timing.output_tokens]
        if with_cached and timing.cached_tokens is not None:
            parts.append(timing.cached_tokens)
        label = " + ".join(p.source for p in parts)
        return Figure(sum(p.value for p in parts), label)
    return timing.total_tokens


_TOKEN_LIMITS: tuple[tuple[tuple[str, ...], str, str], ...] = (
    (("max_input", "maxInput"), "Input tokens", "input_tokens"),
    (("max_output", "maxOutput"), "Output tokens", "output_tokens"),
    (("max_total", "maxTotal", "threshold"), "Total tokens", "total"),
)


def token_usage(spec: AssertionSpec, run: RunData) -> Verdict:
    """Every configured limit must hold (all or nothing); entries input, output, total."""
    configured = [
        (keys[0], label, field, limit)
        for keys, label, field in _TOKEN_LIMITS
        if (limit := _limit(spec.options, keys, "tokens")) is not None
    ]
    if not configured:
        raise SpecError("token-usage needs at least one of max_total, max_input, max_output")
    checks: list[CheckItem] = []
    left_out: list[str] = []
    for key, label, field, limit in configured:
        figure = (
            _token_total(run.timing, with_cached=True)
            if field == "total"
            else getattr(run.timing, field, None)
        )
        if figure is None:
            left_out.append(f"{key} ({_missing(run.timing, label.lower())})")
            continue
        ok = figure.value <= limit
        text = f"{label} {js_num(figure.value)} {'<=' if ok else '>'} {js_num(limit)}"
        checks.append(CheckItem(text, ok, figure.source))
    if left_out and run.timing_problem is not None:
        raise SpecError(f"timing data is unusable: {run.timing_problem}")
    if not checks:
        return Verdict.skipped(_missing(run.timing, "token usage"))
    return _multi(checks, all(c.passed for c in checks), left_out, all_or_nothing=True)


def _multi(
    checks: list[CheckItem], ok: bool | None, left_out: list[str], *, all_or_nothing: bool
) -> Verdict:
    """A multi-check verdict: text = first failed check (or the first), AgentV's order."""
    passed = sum(1 for c in checks if c.passed)
    score = (1.0 if ok else 0.0) if all_or_nothing else passed / len(checks)
    status = Status.PASSED if (ok if all_or_nothing else score >= PASS_AT) else Status.FAILED
    first_failed = next((c for c in checks if not c.passed), checks[0])
    evidence = "; ".join(f"{c.text} ({c.evidence})" for c in checks)
    if left_out:
        evidence += "; left out of the score: " + ", ".join(left_out)
    return Verdict(status, score, first_failed.text, evidence, tuple(checks))


# ---------------------------------------------------------------- execution-metrics

_EXEC_KEYS: tuple[tuple[str, str], ...] = (
    ("max_tool_calls", "maxToolCalls"),
    ("max_llm_calls", "maxLlmCalls"),
    ("max_tokens", "maxTokens"),
    ("max_cost_usd", "maxCostUsd"),
    ("max_duration_ms", "maxDurationMs"),
    ("target_exploration_ratio", "targetExplorationRatio"),
)
_Check = Callable[[float, RunData, Mapping[str, float]], "CheckItem | str"]


def _exec_config(options: Mapping[str, Any]) -> dict[str, float]:
    config: dict[str, float] = {}
    for keys in _EXEC_KEYS + (("exploration_tolerance", "explorationTolerance"),):
        value = _limit(options, keys, "a limit")
        if value is not None:
            config[keys[0]] = value
    if not any(keys[0] in config for keys in _EXEC_KEYS):
        raise SpecError(
            "execution-metrics needs at least one of max_tool_calls, max_llm_calls, "
            "max_tokens, max_cost_usd, max_duration_ms, target_exploration_ratio"
        )
    return config


def _count(run: RunData, what: str) -> Figure | None:
    """Tool calls or LLM calls: the transcript's, else the timing field's."""
    if run.transcript is not None:
        messages = run.transcript.messages
        if what == "tool_calls":
            return Figure(float(sum(len(m.tool_calls) for m in messages)), "transcript")
        return Figure(float(sum(1 for m in messages if m.role == "assistant")), "transcript")
    figure: Figure | None = getattr(run.timing, what, None) if run.timing is not None else None
    if figure is None and run.transcript_problem is not None:
        raise SpecError(f"transcript is unusable: {run.transcript_problem}")
    return figure


def _max_check(
    label: str, figure: Figure | None, limit: float, why: str, unit: str = ""
) -> CheckItem | str:
    """AgentV's `<label> <n> <= <max> max` entry, or the reason it has no data."""
    if figure is None:
        return f"{label.lower()} ({why})"
    ok = figure.value <= limit
    value = _usd(figure.value) if label == "Cost" else js_num(figure.value) + unit
    bound = _usd(limit) if label == "Cost" else js_num(limit) + unit
    return CheckItem(f"{label} {value} {'<=' if ok else '>'} {bound} max", ok, figure.source)


def _timing_figure(run: RunData, field: str) -> Figure | None:
    figure: Figure | None = getattr(run.timing, field) if run.timing is not None else None
    if figure is None and run.timing_problem is not None:
        raise SpecError(f"timing data is unusable: {run.timing_problem}")
    return figure


def _exploration(target: float, run: RunData, config: Mapping[str, float]) -> CheckItem | str:
    if run.transcript is None:
        if run.transcript_problem is not None:
            raise SpecError(f"transcript is unusable: {run.transcript_problem}")
        return "exploration ratio (no transcript)"
    names = [c.name for m in run.transcript.messages for c in m.tool_calls]
    if not names:
        return CheckItem("Exploration ratio not available (no tool calls)", False, "transcript")
    ratio = sum(1 for n in names if n in EXPLORATION_TOOLS) / len(names)
    tolerance = config.get("exploration_tolerance", 0.2)
    diff = abs(ratio - target)
    head = f"Exploration ratio {to_fixed(ratio, 2)}"
    if diff <= tolerance:
        return CheckItem(f"{head} within tolerance of target {js_num(target)}", True, "transcript")
    return CheckItem(
        f"{head} outside tolerance of target {js_num(target)} "
        f"(diff: {to_fixed(diff, 2)}, tolerance: {js_num(tolerance)})",
        False,
        "transcript",
    )


def _tool_calls(limit: float, run: RunData, _: Mapping[str, float]) -> CheckItem | str:
    why = f"no transcript, and {_missing(run.timing, 'tool_calls')}"
    return _max_check("Tool calls", _count(run, "tool_calls"), limit, why)


def _llm_calls(limit: float, run: RunData, _: Mapping[str, float]) -> CheckItem | str:
    why = f"no transcript, and {_missing(run.timing, 'llm_calls')}"
    return _max_check("LLM calls", _count(run, "llm_calls"), limit, why)


def _tokens(limit: float, run: RunData, _: Mapping[str, float]) -> CheckItem | str:
    figure = _token_total(run.timing, with_cached=False)
    if figure is None and run.timing_problem is not None:
        raise SpecError(f"timing data is unusable: {run.timing_problem}")
    return _max_check("Total tokens", figure, limit, _missing(run.timing, "token usage"))


def _cost(limit: float, run: RunData, _: Mapping[str, float]) -> CheckItem | str:
    return _max_check("Cost", _timing_figure(run, "cost_usd"), limit, _missing(run.timing, "cost"))


def _duration(limit: float, run: RunData, _: Mapping[str, float]) -> CheckItem | str:
    why = _missing(run.timing, "duration")
    return _max_check("Duration", _timing_figure(run, "duration_ms"), limit, why, "ms")


_EXEC_CHECKS: dict[str, _Check] = {
    "max_tool_calls": _tool_calls,
    "max_llm_calls": _llm_calls,
    "max_tokens": _tokens,
    "max_cost_usd": _cost,
    "max_duration_ms": _duration,
    "target_exploration_ratio": _exploration,
}


def execution_metrics(spec: AssertionSpec, run: RunData) -> Verdict:
    """AgentV's six checks in its order; score = passed / checks with data; passes at 0.8."""
    config = _exec_config(spec.options)
    checks: list[CheckItem] = []
    left_out: list[str] = []
    for keys in _EXEC_KEYS:
        if keys[0] not in config:
            continue
        result = _EXEC_CHECKS[keys[0]](config[keys[0]], run, config)
        if isinstance(result, CheckItem):
            checks.append(result)
        else:
            left_out.append(result)
    if not checks:
        return Verdict.skipped("no data for any configured check: " + ", ".join(left_out))
    return _multi(checks, None, left_out, all_or_nothing=False)
