"""Timing and usage figures from `timing.json` and `metrics.json` (SPEC §4.3).

AgentV's own graders never read these files (docs/agentv-semantics.md §6, §15): its writers and
docs have used many field names over time, so every one of them is read here, in SPEC's
order of preference, and each figure keeps the file and field it came from so evidence can
cite it. Decided here:

- `timing.json` wins; `metrics.json` (AgentV's `agentv.metrics.v2`, beside the response)
  only fills the figures `timing.json` lacks.
- A figure that is `null`, or whose group says `"source": "unavailable"` (AgentV's
  `pipeline run` writes placeholder zeros that way), is missing data, never 0.
- A value that is not a finite number ≥ 0 is ignored with a warning rather than guessed,
  as is a figure made of finite ones that is not (a sum over tools, seconds × 1000).
- A file that cannot be used (not JSON, not an object, over 64 MiB, unreadable) is a
  *problem*: the assertions that need a figure it might have held become `error`; it is
  never exit 2. A `metrics.json` that does not exist is simply absent (it is optional), a
  named timing file that does not exist is a problem.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import Any

from ..js.strings import JsonParseError, js_json_parse
from ..jsontext import is_finite_number
from ..load.files import limit_text, read_regular
from .records import Figure, Timing

MAX_JSON_BYTES = 64 * 1024 * 1024
UNAVAILABLE = "unavailable"
_TOKEN_PARTS = ("input", "output", "cached", "reasoning")


def read_timing(
    timing_path: str | None, metrics_path: str | None
) -> tuple[Timing | None, str | None, list[str]]:
    """(timing, problem, warnings) from the two optional files.

    Returns `(None, None, [])` when neither file is there. With a problem the figures of
    the other file are still returned.
    """
    warnings: list[str] = []
    problems: list[str] = []
    figures: dict[str, Figure] = {}
    files: list[str] = []
    used_path: str | None = None
    for path, optional in ((timing_path, False), (metrics_path, True)):
        if path is None or (optional and not os.path.exists(path)):
            continue
        data, problem = _load_object(path)
        if problem is not None:
            problems.append(problem)
            warnings.append(problem)
            continue
        assert data is not None
        name = os.path.basename(path)
        files.append(name)
        used_path = used_path or path
        for key, figure in _figures(data, name, warnings).items():
            figures.setdefault(key, figure)
    problem_text = "; ".join(problems) if problems else None
    if not files:
        return None, problem_text, warnings
    return Timing(path=used_path, files=tuple(files), **figures), problem_text, warnings


def _load_object(path: str) -> tuple[dict[str, Any] | None, str | None]:
    """The file's top-level JSON object, or the reason it cannot be used."""
    name = os.path.basename(path)
    limit = f"{limit_text(MAX_JSON_BYTES)} limit"
    try:
        size = os.path.getsize(path)
        if size > MAX_JSON_BYTES:
            return None, f"{path}: {name} is {size} bytes, over the {limit}"
        raw = read_regular(path, MAX_JSON_BYTES)  # a device behind a symlink: size 0
        if len(raw) > MAX_JSON_BYTES:
            return None, f"{path}: {name} is over the {limit} (read past it)"
    except FileNotFoundError:
        return None, f"{path}: timing file not found"
    except IsADirectoryError:
        return None, f"{path}: timing file is a directory"
    except OSError as exc:
        return None, f"{path}: cannot read {name}: {exc.strerror}"
    text = raw.decode("utf-8-sig", errors="replace")
    try:
        data = js_json_parse(text)
    except JsonParseError as exc:
        return None, f"{path}: {name} is not valid JSON: {exc}"
    if not isinstance(data, dict):
        return None, f"{path}: {name} must hold a JSON object, got {type(data).__name__}"
    return data, None


def _figures(data: Mapping[str, Any], name: str, warnings: list[str]) -> dict[str, Figure]:
    """Every figure one file provides, keyed by `Timing` field name."""
    reader = _Reader(name, warnings)
    found: dict[str, Figure | None] = {
        "duration_ms": _duration(data, reader),
        "cost_usd": reader.first(
            [(data, "cost_usd", 1.0, "cost_usd"), (data.get("cost"), "usd", 1.0, "cost.usd")]
        ),
        "tool_calls": _tool_calls(data, reader),
        "llm_calls": reader.first([(data, "llm_calls", 1.0, "llm_calls")]),
    }
    found.update(_tokens(data, reader))
    return {key: value for key, value in found.items() if value is not None}


def _duration(data: Mapping[str, Any], reader: _Reader) -> Figure | None:
    group = data.get("duration")
    return reader.first(
        [
            (data, "duration_ms", 1.0, "duration_ms"),
            (data, "total_duration_seconds", 1000.0, "total_duration_seconds × 1000"),
            (data, "executor_duration_seconds", 1000.0, "executor_duration_seconds × 1000"),
            (group, "total_ms", 1.0, "duration.total_ms"),
            (group, "total_seconds", 1000.0, "duration.total_seconds × 1000"),
        ]
    )


def _tokens(data: Mapping[str, Any], reader: _Reader) -> dict[str, Figure | None]:
    """`token_usage {…}` first, else `tokens {…}`; a total only as its own figure."""
    out: dict[str, Figure | None] = {}
    for group_key in ("token_usage", "tokens"):
        group = data.get(group_key)
        for part in _TOKEN_PARTS:
            key = f"{part}_tokens"
            if out.get(key) is None:
                out[key] = reader.first([(group, part, 1.0, f"{group_key}.{part}")])
    out["total_tokens"] = reader.first(
        [
            (data, "total_tokens", 1.0, "total_tokens"),
            (data.get("token_usage"), "total", 1.0, "token_usage.total"),
            (data.get("tokens"), "total", 1.0, "tokens.total"),
        ]
    )
    return out


def _tool_calls(data: Mapping[str, Any], reader: _Reader) -> Figure | None:
    """`tool_calls` as a count, or (metrics.json) a per-tool dict whose sum is the count."""
    total = (data, "total_tool_calls", 1.0, "total_tool_calls")
    per_tool = data.get("tool_calls")
    if isinstance(per_tool, Mapping) and "value" not in per_tool:
        counts = [v for v in per_tool.values() if _is_count(v)]
        summed = sum(counts)  # each count finite, their sum may not be (two of 1e308)
        if len(counts) == len(per_tool) and _is_count(summed):
            return Figure(float(summed), f"{reader.name} tool_calls (sum over tools)")
        reader.warn("tool_calls", dict(per_tool))
        return reader.first([total])
    return reader.first([(data, "tool_calls", 1.0, "tool_calls"), total])


def _is_count(value: Any) -> bool:
    """A finite number ≥ 0 (an integer past what a float holds is none: `as_double`)."""
    return is_finite_number(value) and value >= 0


class _Reader:
    """Reads single figures out of one file, collecting warnings about unusable values."""

    def __init__(self, name: str, warnings: list[str]) -> None:
        self.name = name
        self.warnings = warnings

    def first(self, candidates: list[tuple[Any, str, float, str]]) -> Figure | None:
        """The first candidate `(group, key, scale, label)` that holds a usable number."""
        for group, key, scale, label in candidates:
            value = self._value(group, key, label)
            if value is None:
                continue
            scaled = value * scale
            if _is_count(scaled):
                return Figure(scaled, f"{self.name} {label}")
            self.warn(label, scaled)  # seconds past 1.8e305: no finite milliseconds
        return None

    def _value(self, group: Any, key: str, label: str) -> float | None:
        if not isinstance(group, Mapping) or group.get("source") == UNAVAILABLE:
            return None
        value = group.get(key)
        if isinstance(value, Mapping):  # {"value": n, "source": "..."} wrappers
            if value.get("source") == UNAVAILABLE:
                return None
            value = value.get("value")
        if value is None:
            return None
        if not _is_count(value):
            self.warn(label, value)
            return None
        return float(value)

    def warn(self, label: str, value: Any) -> None:
        self.warnings.append(
            f"{self.name}: {label} is not a number ≥ 0 ({value!r}); it was ignored"
        )
