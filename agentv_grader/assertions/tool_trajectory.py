"""Legacy `tool-trajectory`: AgentV's five modes over the run's tool calls (SPEC §5.5).

AgentV 4.x authoring, HEAD runtime semantics (docs/agentv-semantics.md §9): tool names compared
exactly (no globs, no category aliases), calls of every message in order, AgentV's texts
and scores: `any_order` (per-tool minimums), `in_order` (the first call with the expected
name is consumed; a wrong-argument call fails that item without a retry), `exact`
(position-wise; a length mismatch is a failed entry yet the score stays matched/expected,
AgentV's tested behaviour), `superset` and `subset`; argument modes `exact`, `superset`,
`subset`, `ignore` or a list of dot paths; per-call `max_duration_ms` in `in_order` and
`exact` (a call without a duration leaves that check out). Passes at 0.8.

Decided here: no transcript → `skipped` (AgentV scores 0); configuration AgentV would drop
or ignore with a warning (unknown mode, bad `args_match`, `args` that is neither a mapping
nor `any`, a missing `expected` / `minimums`) is `error`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..errors import SpecError
from ..js.numbers import js_num
from ..model import AssertionSpec, CheckItem, RunData, Status, Verdict
from ._steps import NO_TRANSCRIPT, transcript_or_none
from .fields import MISSING, js_deep_equal

PASS_AT = 0.8
MODES = ("any_order", "in_order", "exact", "subset", "superset")
ARGS_MODES = ("exact", "superset", "subset", "ignore")
ArgsMode = str | tuple[str, ...]


@dataclass(frozen=True, slots=True)
class _Expected:
    tool: str
    args: Any  # MISSING, "any" or a mapping
    max_ms: float | None
    args_match: ArgsMode | None


@dataclass(frozen=True, slots=True)
class _Call:
    name: str
    args: Any
    duration_ms: float | None


def _args_mode(raw: Any, where: str) -> ArgsMode | None:
    if raw is None:
        return None
    if isinstance(raw, str) and raw in ARGS_MODES:
        return raw
    if isinstance(raw, list) and raw and all(isinstance(f, str) and f for f in raw):
        return tuple(raw)
    raise SpecError(
        f"{where} must be exact, superset, subset, ignore or a non-empty list of field paths, "
        f"got {raw!r}"
    )


def _expected_item(raw: Any, index: int) -> _Expected:
    where = f"expected[{index}]"
    if not isinstance(raw, Mapping) or not isinstance(raw.get("tool"), str) or not raw["tool"]:
        raise SpecError(f"{where} must be a mapping with 'tool' (a tool name)")
    args = raw.get("args", MISSING)
    if args is not MISSING and args != "any" and not isinstance(args, Mapping):
        raise SpecError(f"{where}.args must be a mapping or 'any', got {args!r}")
    max_ms = raw.get("max_duration_ms", raw.get("maxDurationMs"))
    if max_ms is not None and (
        isinstance(max_ms, bool) or not isinstance(max_ms, (int, float)) or max_ms < 0
    ):
        raise SpecError(f"{where}.max_duration_ms must be a number ≥ 0, got {max_ms!r}")
    mode = _args_mode(raw.get("args_match", raw.get("argsMatch")), f"{where}.args_match")
    return _Expected(raw["tool"], args, max_ms, mode)


def _config(options: Mapping[str, Any]) -> tuple[str, dict[str, float], list[_Expected], ArgsMode]:
    mode = options.get("mode")
    if mode not in MODES:
        raise SpecError(f"mode must be one of {', '.join(MODES)}, got {mode!r}")
    minimums: dict[str, float] = {}
    raw_min = options.get("minimums")
    if mode == "any_order":
        if not isinstance(raw_min, Mapping):
            raise SpecError("any_order mode needs 'minimums' (a mapping of tool name to count)")
        for tool, count in raw_min.items():
            if isinstance(count, bool) or not isinstance(count, (int, float)) or count < 0:
                raise SpecError(f"minimums.{tool} must be a number ≥ 0, got {count!r}")
            minimums[str(tool)] = count
    raw_expected = options.get("expected")
    if mode != "any_order" and not isinstance(raw_expected, list):
        raise SpecError(f"{mode} mode needs 'expected' (a list of {{tool, args?}})")
    expected = [_expected_item(r, i) for i, r in enumerate(raw_expected or [])]
    default = _args_mode(options.get("args_match", options.get("argsMatch")), "args_match")
    return str(mode), minimums, expected, default or "exact"


def _nested(value: Any, path: str) -> Any:
    current = value
    for part in path.split("."):
        if isinstance(current, Mapping):
            current = current.get(part, MISSING)
        elif isinstance(current, list) and part.isdigit() and int(part) < len(current):
            current = current[int(part)]
        else:
            return MISSING
    return current


def _args_ok(expected: Any, actual: Any, mode: ArgsMode) -> bool:
    """AgentV's `argsMatch` for one expected item and one call."""
    if expected is MISSING or expected == "any" or mode == "ignore":
        return True
    if actual is None:
        return False
    if isinstance(mode, tuple):
        return all(
            js_deep_equal(_nested(expected, path), _nested(actual, path))
            for path in mode
            if _nested(expected, path) is not MISSING
        )
    if mode == "superset":
        return isinstance(actual, Mapping) and all(
            k in actual and js_deep_equal(v, actual[k]) for k, v in expected.items()
        )
    if mode == "subset":
        return isinstance(actual, Mapping) and all(
            k in expected and js_deep_equal(v, expected[k]) for k, v in actual.items()
        )
    return js_deep_equal(expected, actual)


class _Grading:
    """Collects AgentV's entries and its hit counts for one evaluation."""

    def __init__(self, expected: list[_Expected], default_mode: ArgsMode) -> None:
        self.expected = expected
        self.default_mode = default_mode
        self.checks: list[CheckItem] = []
        self.hits = 0
        self.latency_hits = 0
        self.latency_skips = 0

    def add(self, text: str, ok: bool, evidence: str = "") -> None:
        self.checks.append(CheckItem(text, ok, evidence))

    def mode_of(self, item: _Expected) -> ArgsMode:
        return item.args_match if item.args_match is not None else self.default_mode

    def latency(self, item: _Expected, call: _Call) -> None:
        if item.max_ms is None:
            return
        if call.duration_ms is None:
            self.latency_skips += 1
            return
        took, limit = js_num(call.duration_ms), js_num(item.max_ms)
        if call.duration_ms <= item.max_ms:
            self.add(f"{item.tool} completed in {took}ms (max: {limit}ms)", True)
            self.latency_hits += 1
        else:
            self.add(f"{item.tool} took {took}ms (max: {limit}ms)", False)

    def sequence_score(self) -> float:
        timed = sum(1 for e in self.expected if e.max_ms is not None) - self.latency_skips
        total = len(self.expected) + timed
        return (self.hits + self.latency_hits) / total if total else 1.0


def _in_order(g: _Grading, calls: list[_Call]) -> float:
    position = 0
    for index, item in enumerate(g.expected):
        outcome = "missing"
        while position < len(calls):
            call = calls[position]
            position += 1
            if call.name != item.tool:
                continue
            if _args_ok(item.args, call.args, g.mode_of(item)):
                g.add(f"Found {item.tool} at position {position - 1}", True)
                g.hits += 1
                g.latency(item, call)
                outcome = "found"
            else:
                text = f"Expected {item.tool} at position {index}: tool found at {position - 1} "
                g.add(text + "but args mismatch", False)
                outcome = "mismatch"
            break
        if outcome == "missing":
            g.add(f"Expected {item.tool} at position {index}, not found in remaining trace", False)
    return g.sequence_score()


def _exact(g: _Grading, calls: list[_Call]) -> float:
    if len(calls) != len(g.expected):
        g.add(f"Expected {len(g.expected)} tool calls, got {len(calls)}", False)
    for index, (item, call) in enumerate(zip(g.expected, calls, strict=False)):
        if call.name != item.tool:
            g.add(f"Position {index}: expected {item.tool}, got {call.name}", False)
        elif not _args_ok(item.args, call.args, g.mode_of(item)):
            g.add(f"Position {index}: {item.tool} args mismatch", False)
        else:
            g.add(f"Position {index}: {item.tool}", True)
            g.hits += 1
            g.latency(item, call)
    for index in range(len(calls), len(g.expected)):
        g.add(f"Position {index}: expected {g.expected[index].tool}, got nothing", False)
    return g.sequence_score()


def _superset(g: _Grading, calls: list[_Call]) -> float:
    used: set[int] = set()
    for item in g.expected:
        found = next(
            (j for j, call in enumerate(calls) if j not in used and call.name == item.tool
             and _args_ok(item.args, call.args, g.mode_of(item))),
            None,
        )  # fmt: skip
        if found is None:
            g.add(f"Expected {item.tool} not found in actual trajectory", False)
        else:
            used.add(found)
            g.add(f"Found {item.tool} at position {found}", True)
    return sum(1 for c in g.checks if c.passed) / len(g.expected)


def _subset(g: _Grading, calls: list[_Call]) -> float:
    if not g.expected:
        if not calls:
            g.add("No tool calls and no expected tools", True)
            return 1.0
        g.add(f"{len(calls)} unexpected tool call(s) with empty allowed list", False)
        return 0.0
    if not calls:
        g.add("No actual tool calls (trivially a subset)", True)
        return 1.0
    for index, call in enumerate(calls):
        allowed = any(
            call.name == item.tool and _args_ok(item.args, call.args, g.mode_of(item))
            for item in g.expected
        )
        verb = "is" if allowed else "is not"
        g.add(f"Position {index}: {call.name} {verb} in allowed set", allowed)
    return sum(1 for c in g.checks if c.passed) / len(calls)


def _any_order(minimums: dict[str, float], calls: list[_Call], g: _Grading) -> float:
    if not minimums:
        g.add("No tool requirements specified", True)
        return 1.0
    for tool, required in minimums.items():
        count = sum(1 for c in calls if c.name == tool)
        g.add(f"{tool}: called {count} times (required >={js_num(required)})", count >= required)
    return sum(1 for c in g.checks if c.passed) / len(minimums)


_EMPTY = {"in_order": "No tool sequence specified", "exact": "No tool sequence specified",
          "superset": "No expected tools specified"}  # fmt: skip
_MODES = {"in_order": _in_order, "exact": _exact, "superset": _superset, "subset": _subset}


def tool_trajectory(spec: AssertionSpec, run: RunData) -> Verdict:
    """AgentV's legacy tool-trajectory grader: one entry per position / tool; passes at 0.8."""
    mode, minimums, expected, default_mode = _config(spec.options)
    transcript = transcript_or_none(run)
    if transcript is None:
        return Verdict.skipped(NO_TRANSCRIPT)
    calls = [_Call(c.name, c.input, c.duration_ms)
             for m in transcript.messages for c in m.tool_calls]  # fmt: skip
    g = _Grading(expected, default_mode)
    if mode == "any_order":
        score = _any_order(minimums, calls, g)
    elif not expected and mode in _EMPTY:
        g.add(_EMPTY[mode], True)
        score = 1.0
    else:
        score = _MODES[mode](g, calls)
    first_failed = next((c for c in g.checks if not c.passed), g.checks[0])
    names = ", ".join(c.name for c in calls) or "(none)"
    evidence = f"{len(calls)} tool call(s) in {transcript.path}: {names}"
    status = Status.PASSED if score >= PASS_AT else Status.FAILED
    return Verdict(status, score, first_failed.text, evidence, tuple(g.checks))
