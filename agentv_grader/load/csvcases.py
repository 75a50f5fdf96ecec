"""`.csv` test files with AgentV main's column rules (case-file-loader.ts parseCsvCases).

One row is one test. Columns: `id` (else `row-<n>`), `input` (with `__prefix` /
`__suffix`), `__expected`, `__expected2`, … (one assertion each, promptfoo's
`type:value` / `not-type:value` / `type(limit):value` text), `__description` (criteria),
`__metric` (names the row's assertions), `__threshold` (the test's threshold),
`__metadata:<key>` (`<key>[]`: a comma list), `__config:__expected<N>:threshold` (that
assertion's `min_score`); any other column is a var (`vars.a.b` nests).
"""

from __future__ import annotations

import csv
import io
import math
import os
import re
from collections.abc import Mapping
from typing import Any

from ..errors import GradeInputError
from .yaml12 import YamlMap

# promptfoo types AgentV reads from `__expected` text; `starts-with(…)`'s default score.
_SUPPORTED = frozenset(
    "contains contains-any contains-all icontains icontains-any icontains-all starts-with "
    "ends-with regex is-json equals latency cost".split()
)
_THRESHOLD_TYPES = frozenset({"starts-with"})
_DEFAULT_THRESHOLD = 0.75
_EXPECTED = re.compile(r"^((?:not-)?[a-z][a-z0-9-]*)(?:\((\d+(?:\.\d+)?)\))?(?::([\s\S]*))?$")
_LIST_TYPES = frozenset({"contains-any", "contains-all", "icontains-any", "icontains-all"})


def _rows(text: str, path: str) -> list[dict[str, str]]:
    if text.startswith("\ufeff"):
        text = text[1:]
    try:
        rows = [r for r in csv.reader(io.StringIO(text, newline=""), strict=True) if r]
    except csv.Error as exc:
        raise GradeInputError(f"malformed CSV: {exc}", file=path) from None
    if not rows:
        return []
    headers = [h.strip() for h in rows[0]]
    return [
        {h: (row[i] if i < len(row) else "") for i, h in enumerate(headers) if h}
        for row in rows[1:]
    ]


def expected_assertion(text: str, path: str) -> dict[str, Any]:
    """One `__expected` cell as AgentV reads it (its parseAssertionFromString)."""
    prefixed = _prefixed_assertion(text, path)
    if prefixed is not None:
        return prefixed
    match = _EXPECTED.match(text)
    if match is None:
        return {"type": "equals", "value": text}
    return _typed_assertion(text, match, path)


def _prefixed_assertion(text: str, path: str) -> dict[str, Any] | None:
    """`grade:`/`llm-rubric:`, `javascript:`/`fn:`/`eval:`, `python:`, `file://x.py`."""
    for prefix in ("grade:", "llm-rubric:"):
        if text.startswith(prefix):
            outcome = text[len(prefix) :].strip()
            return {
                "type": "llm-grader",
                "rubrics": [{"id": "rubric", "outcome": outcome, "weight": 1}],
            }
    for prefix in ("javascript:", "fn:", "eval:"):
        if text.startswith(prefix):
            return {"type": "inline-assert", "code": text[len(prefix) :].strip()}
    if text.startswith("python:"):
        return {"type": "script", "command": ["uv", "run", "python", text[7:].strip()]}
    if not text.startswith("file://"):
        return None
    target = text[len("file://") :].strip()
    if not target.endswith(".py"):
        raise GradeInputError(
            f"unsupported __expected file assertion {text!r}: only file://*.py script "
            "graders are (AgentV's rule)",
            file=path,
        )
    full = target if os.path.isabs(target) else os.path.join(os.path.dirname(path), target)
    return {"type": "script", "command": ["uv", "run", "python", os.path.abspath(full)]}


def _typed_assertion(text: str, match: re.Match[str], path: str) -> dict[str, Any]:
    """`type:value`, `not-type:value`, `type(limit):value`."""
    raw_type, limit_text, raw_value = match.groups()
    negate = raw_type.startswith("not-")
    kind = raw_type[4:] if negate else raw_type
    value = raw_value.strip() if raw_value is not None else None
    limit = float(limit_text) if limit_text else None
    if limit is None and kind in _THRESHOLD_TYPES:
        limit = _DEFAULT_THRESHOLD
    if kind not in _SUPPORTED:
        if raw_value is not None or limit_text is not None:
            raise GradeInputError(
                f"unsupported __expected assertion '{kind}' (AgentV reads "
                f"{', '.join(sorted(_SUPPORTED))})",
                file=path,
            )
        return {"type": "equals", "value": text}
    if kind in ("latency", "cost") and limit is None:
        raise GradeInputError(f"__expected {kind} needs a numeric limit, e.g. {kind}(1)", file=path)
    out: dict[str, Any] = {"type": kind}
    if negate:
        out["negate"] = True
    if kind in _LIST_TYPES:
        out["value"] = [v.strip() for v in value.split(",")] if value else []
    elif value is not None:
        out["value"] = value
    if limit is not None:
        out[{"latency": "threshold", "cost": "budget"}.get(kind, "min_score")] = limit
    return out


def _metadata(key: str, value: str) -> Any:
    if not value.strip():
        return None
    if key.endswith("[]"):
        parts = re.split(r"(?<!\\),", value)
        return [p.strip().replace("\\,", ",") for p in parts if p.strip()]
    return value


def _set_var(variables: dict[str, Any], key: str, value: str) -> None:
    if not key.startswith("vars."):
        variables[key] = value
        return
    path = [p.strip() for p in key[len("vars.") :].split(".") if p.strip()]
    if not path:
        variables[key] = value
        return
    current = variables
    for part in path[:-1]:
        if not isinstance(current.get(part), dict):
            current[part] = {}
        current = current[part]
    current[path[-1]] = value


def _float(text: str) -> float | None:
    match = re.match(r"^\s*[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?", text)
    if match is None:
        return None
    number = float(match.group(0))
    return number if math.isfinite(number) else None


def csv_cases(text: str, path: str) -> list[Mapping[str, Any]]:
    """Every row of a `.csv` test file as a test, as AgentV main makes them."""
    cases: list[Mapping[str, Any]] = []
    for index, row in enumerate(_rows(text, path)):
        cases.append(_row_case(row, index, path))
    return cases


class _Row:
    """What one CSV row says, column by column (AgentV's parseCsvCases)."""

    def __init__(self, index: int, path: str) -> None:
        self.index, self.path = index, path
        self.variables: dict[str, Any] = {}
        self.metadata: dict[str, Any] = {}
        self.assertions: list[dict[str, Any]] = []
        self.limits: dict[int, float] = {}
        self.fields: dict[str, str] = {}  # id, input, __prefix, __suffix, __description, …
        self.threshold: float | None = None

    def take(self, key: str, value: str) -> None:
        if key in ("id", "input", "__prefix", "__suffix", "__description", "__metric"):
            self.fields[key] = value
        elif key.startswith("__expected"):
            if value.strip():
                self.assertions.append(expected_assertion(value.strip(), self.path))
        elif key in ("__provider_output", "__providerOutput"):
            raise GradeInputError(
                f"{key} was removed from CSV imports (AgentV main)",
                file=self.path,
                line=self.index + 2,
            )
        elif key == "__threshold":
            self.threshold = _float(value)
        elif key.startswith("__metadata:"):
            name = key[len("__metadata:") :]
            parsed = _metadata(name, value)
            if parsed is not None:
                self.metadata[name[:-2] if name.endswith("[]") else name] = parsed
        elif key.startswith("__config:"):
            self._config(key, value)
        elif key:
            _set_var(self.variables, key, value)

    def _config(self, key: str, value: str) -> None:
        """`__config:__expected<N>:threshold`: that assertion's `min_score`."""
        expected_key, _, config_key = key[len("__config:") :].partition(":")
        if config_key != "threshold":
            raise GradeInputError(
                f"invalid config key {config_key!r} in the __config column", file=self.path
            )
        target = -1
        if expected_key == "__expected":
            target = 0
        elif re.fullmatch(r"__expected\d+", expected_key):
            target = int(expected_key[len("__expected") :]) - 1
        if target < 0:
            raise GradeInputError(
                f"invalid expected key {expected_key!r} in the __config column", file=self.path
            )
        number = _float(value)
        if number is None:
            raise GradeInputError(
                f"the {key} column needs a number, got {value!r}",
                file=self.path,
                line=self.index + 2,
            )
        self.limits[target] = number

    def case(self) -> Mapping[str, Any]:
        metric = self.fields.get("__metric")
        for position, assertion in enumerate(self.assertions):
            if metric:
                assertion["metric"] = metric
                many = len(self.assertions) > 1
                assertion["name"] = f"{metric}-{position + 1}" if many else metric
            if position in self.limits:
                assertion["min_score"] = self.limits[position]
                self.metadata["threshold"] = self.limits[position]
        test_id = self.fields.get("id")
        case = YamlMap({"id": test_id if test_id and test_id.strip() else f"row-{self.index + 1}"})
        case.line, case.col = self.index + 2, None
        if "input" in self.fields:
            prefix, suffix = self.fields.get("__prefix", ""), self.fields.get("__suffix", "")
            case["input"] = f"{prefix}{self.fields['input']}{suffix}"
        if self.fields.get("__description"):
            case["criteria"] = self.fields["__description"]
        if self.assertions:
            case["assert"] = self.assertions
        if self.threshold is not None:
            case["threshold"] = self.threshold
            case["execution"] = {"threshold": self.threshold}
        if self.variables:
            case["vars"] = self.variables
        if self.metadata:
            case["metadata"] = self.metadata
        return case


def _row_case(row: Mapping[str, str], index: int, path: str) -> Mapping[str, Any]:
    state = _Row(index, path)
    for raw_key, value in row.items():
        state.take(raw_key.strip(), value)
    return state.case()
