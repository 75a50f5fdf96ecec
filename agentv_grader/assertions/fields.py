"""`field-accuracy`: the answer's JSON fields against reference data (SPEC §5.3).

AgentV's rules (docs/agentv-semantics.md §5): the candidate JSON is found the way AgentV's
`parseJsonFromText` finds it (fences removed, first `{` to last `}`, `"passed"` values
forced to booleans); paths are dot paths with `[n]`; `exact` is JavaScript deep equality;
`numeric_tolerance` reads strings with `parseFloat`; one check per field in config order;
`weighted_average` (weight 0 everywhere scores 0) or `all_or_nothing`; passes at 0.8.

Decided here:

- Reference data comes from the test's `expected_output`, else `vars.expected_output`
  (AgentV main reads neither inline); none at all, or none holding a JSON object, is
  `error`: the eval is at fault, not the answer.
- The documented `expected: {path: value}` form is accepted too: exact match per path,
  score = matched / total, no reference data needed.
- Dates compare the calendar date *written* in each string, never a local-time reading
  (`2025-01-15T23:30-05:00` is the 15th on every machine; AgentV's answer depends on TZ).
  Accepted forms: ISO dates and date-times, `D-MMM-YYYY`, `D MMM YYYY`, `MMM D, YYYY`
  (English month names, any case), and `N/N/YYYY` / `N-N-YYYY` (US unless `formats` says
  only EU, or a part is over 12, as AgentV intends). An impossible date (`2025-02-30`) is
  unparseable rather than rolled over.
- A field entry without `path`, with an unknown `match`, or with wrongly typed options is
  `error` (AgentV drops it with a warning).
"""

from __future__ import annotations

import functools
import math
import re
from collections.abc import Callable, Mapping
from typing import Any

from ..errors import SpecError
from ..js.numbers import js_num, js_stringify, to_fixed
from ..js.strings import JsonParseError, js_json_parse, js_trim
from ..jsontext import as_double, is_finite_number, json_kind
from ..model import FAILED, PASSED, AssertionSpec, CheckItem, RunData, TestCase, Verdict

PASS_AT = 0.8
MISSING: Any = object()  # JavaScript's `undefined`, distinct from JSON null
MATCHES = ("exact", "numeric_tolerance", "date")
_PATH_SPLIT = re.compile(r"\.|\[|\]")
_MONTHS = {
    "jan": 1, "january": 1, "feb": 2, "february": 2, "mar": 3, "march": 3, "apr": 4,
    "april": 4, "may": 5, "jun": 6, "june": 6, "jul": 7, "july": 7, "aug": 8, "august": 8,
    "sep": 9, "sept": 9, "september": 9, "oct": 10, "october": 10, "nov": 11,
    "november": 11, "dec": 12, "december": 12,
}  # fmt: skip
Date = tuple[int, int, int]


# ------------------------------------------------------------ JavaScript value helpers


def js_typeof(value: Any) -> str:
    """`typeof` for JSON values (`null` and arrays are "object")."""
    if value is MISSING:
        return "undefined"
    kind = json_kind(value)
    return kind if kind in ("boolean", "number", "string") else "object"


def js_deep_equal(a: Any, b: Any) -> bool:
    """Deep equality of JSON values as JavaScript sees them (`true` is not `1`)."""
    if isinstance(a, bool) or isinstance(b, bool):
        return isinstance(a, bool) and isinstance(b, bool) and a == b
    if isinstance(a, (int, float)) and isinstance(b, (int, float)):
        return a == b
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(js_deep_equal(x, y) for x, y in zip(a, b, strict=True))
    if isinstance(a, dict) and isinstance(b, dict):
        return len(a) == len(b) and all(k in b and js_deep_equal(v, b[k]) for k, v in a.items())
    if type(a) is not type(b):
        return False
    return bool(a == b)


def js_string(value: Any) -> str:
    """`String(value)` for JSON values."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return js_num(value)
    if value is None:
        return "null"
    if isinstance(value, list):
        return ",".join("" if v is None else js_string(v) for v in value)
    if isinstance(value, dict):
        return "[object Object]"
    return str(value)


@functools.cache
def _json_text_patterns() -> tuple[re.Pattern[str], re.Pattern[str]]:
    """`parseJsonFromText`'s code fence and `"passed": <word>` repair, compiled on first
    use (3.5 M instructions at every import of this module otherwise)."""
    return (
        re.compile(r"```json\n?|```"),
        re.compile(r'("passed"\s*:\s*)(?:"([^"]+)"|([A-Za-z_][A-Za-z0-9_-]*))', re.I),
    )


def parse_json_from_text(text: str) -> Any:
    """AgentV's `parseJsonFromText`. Raises JsonParseError."""
    fence, passed = _json_text_patterns()
    cleaned = js_trim(fence.sub("", text))
    start, end = cleaned.find("{"), cleaned.rfind("}")
    blob = cleaned[start : end + 1] if 0 <= start < end else cleaned
    return js_json_parse(passed.sub(_repair_passed, blob))


def _repair_passed(match: re.Match[str]) -> str:
    word = (match.group(2) or match.group(3) or "").strip().lower()
    return match.group(1) + ("true" if word == "true" else "false")


@functools.lru_cache(maxsize=256)
def _path_parts(path: str) -> tuple[str, ...]:
    """A path's parts, split once per path (each is resolved in the answer, the reference
    and every decoy the critique probes with it)."""
    return tuple([p for p in _PATH_SPLIT.split(path) if p])


def resolve_path(data: Any, path: str) -> Any:
    """A dot path with `[n]` indexes; `MISSING` where JavaScript would give `undefined`."""
    current = data
    if current is None or current is False or current == 0 or current == "":
        return MISSING
    for part in _path_parts(path):
        if isinstance(current, list) and part.isdigit():
            index = int(part)
            current = current[index] if index < len(current) else MISSING
        elif isinstance(current, dict):
            current = current.get(part, MISSING)
        else:
            return MISSING
        if current is MISSING:
            return MISSING
    return current


@functools.cache
def _float_prefix() -> re.Pattern[str]:
    """`parseFloat`'s number, compiled on first use: a module-level pattern is compiled by
    every import (`_steps` imports this module for `MISSING`), used or not."""
    return re.compile(r"[+-]?(?:Infinity|(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?)")


def _parse_float(value: Any) -> float | None:
    """JavaScript's `toNumber` in field-accuracy: numbers, else `parseFloat` of a string."""
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return as_double(value)
    if isinstance(value, str):
        match = _float_prefix().match(js_trim(value))
        if match:
            return float(match.group(0).replace("Infinity", "inf"))
    return None


# ------------------------------------------------------------------ dates


@functools.cache
def _date_patterns() -> tuple[re.Pattern[str], ...]:
    """The accepted date forms (ISO, day-month-year with a dash or spaces, month-day-year
    in words, all in figures), compiled on the first date: compiling them at import cost
    every process that imports this module 4 M instructions."""
    return (
        re.compile(
            r"(\d{4})-(\d{2})-(\d{2})"
            r"(?:[Tt ]\d{2}:\d{2}(?::\d{2}(?:[.,]\d+)?)?(?:[Zz]|[+-]\d{2}(?::?\d{2})?)?)?"
        ),
        re.compile(r"(\d{1,2})-([A-Za-z]{3,9})-(\d{4})"),
        re.compile(r"(\d{1,2})\s+([A-Za-z]{3,9})\.?,?\s+(\d{4})"),
        re.compile(r"([A-Za-z]{3,9})\.?\s+(\d{1,2}),?\s+(\d{4})"),
        re.compile(r"(\d{1,2})[/-](\d{1,2})[/-](\d{4})"),
    )


def parse_date(text: str, formats: list[str]) -> Date | None:
    """The calendar date written in `text`, or None (SPEC §5.3's accepted forms)."""
    trimmed = js_trim(text)
    iso_form, dmy_dash, dmy_space, mdy_words, numeric_form = _date_patterns()
    iso = iso_form.fullmatch(trimmed)
    if iso:
        return _valid(int(iso.group(1)), int(iso.group(2)), int(iso.group(3)))
    for pattern, order in ((dmy_dash, "dmy"), (dmy_space, "dmy"), (mdy_words, "mdy")):
        found = pattern.fullmatch(trimmed)
        if found:
            day, word = (found.group(1), found.group(2)) if order == "dmy" else (
                found.group(2), found.group(1))  # fmt: skip
            month = _MONTHS.get(word.lower())
            return _valid(int(found.group(3)), month, int(day)) if month else None
    numeric = numeric_form.fullmatch(trimmed)
    return _numeric_date(numeric, formats) if numeric else None


def _numeric_date(match: re.Match[str], formats: list[str]) -> Date | None:
    first, second, year = (int(g) for g in match.groups())
    has_us = any("MM/DD" in f or "MM-DD" in f for f in formats)
    has_eu = any("DD/MM" in f or "DD-MM" in f for f in formats)
    if has_us and not has_eu:
        return _valid(year, first, second)
    if has_eu and not has_us:
        return _valid(year, second, first)
    if first > 12 >= second:
        return _valid(year, second, first)
    return _valid(year, first, second)


def _valid(year: int, month: int | None, day: int) -> Date | None:
    import datetime  # (a date field only: a single test's grading need not import it)

    try:
        datetime.date(year, month or 0, day)
    except ValueError:
        return None
    assert month is not None
    return year, month, day


def _iso(date: Date) -> str:
    return f"{date[0]:04d}-{date[1]:02d}-{date[2]:02d}"


# ------------------------------------------------------------------ the check


class _Field:
    """One validated `fields[]` entry."""

    def __init__(self, raw: Any, position: int) -> None:
        where = f"fields[{position}]"
        if not isinstance(raw, Mapping):
            raise SpecError(f"{where} must be a mapping with 'path' and 'match'")
        path, match = raw.get("path"), raw.get("match")
        if not isinstance(path, str) or not path:
            raise SpecError(f"{where}.path must be a non-empty string")
        if match not in MATCHES:
            raise SpecError(
                f"{where}.match must be exact, numeric_tolerance or date, got {match!r}"
            )
        self.path: str = path
        self.match: str = match
        self.required = _typed(raw, "required", bool, True, where)
        self.weight = _number(raw, "weight", 1.0, where)
        self.tolerance = _number(raw, "tolerance", 0.0, where)
        self.relative = _typed(raw, "relative", bool, False, where)
        formats = raw.get("formats")
        if formats is not None and not (
            isinstance(formats, list) and all(isinstance(f, str) for f in formats)
        ):
            raise SpecError(f"{where}.formats must be a list of strings")
        self.formats: list[str] | None = formats


def _typed(raw: Mapping[str, Any], key: str, kind: type, default: Any, where: str) -> Any:
    value = raw.get(key, default)
    if not isinstance(value, kind):
        raise SpecError(f"{where}.{key} must be {kind.__name__}, got {value!r}")
    return value


def _number(raw: Mapping[str, Any], key: str, default: float, where: str) -> float:
    value = raw.get(key, default)
    if not is_finite_number(value) or value < 0:
        raise SpecError(f"{where}.{key} must be a number ≥ 0, got {value!r}")
    return value


def _compare(field: _Field, got: Any, want: Any) -> tuple[float, float, bool, str]:
    """(score, weight, hit, text) for one field, AgentV's texts."""
    path, weight = field.path, field.weight
    if want is MISSING:
        return 1.0, weight, True, f"{path}: no expected value"
    if got is MISSING:
        if field.required:
            return 0.0, weight, False, f"{path} (required, missing)"
        return 1.0, 0.0, True, f"{path}: optional field missing"
    if field.match == "exact":
        return _exact(path, got, want, weight)
    if field.match == "numeric_tolerance":
        return _numeric(field, got, want)
    return _date(field, got, want)


def _exact(path: str, got: Any, want: Any, weight: float) -> tuple[float, float, bool, str]:
    if js_deep_equal(got, want):
        return 1.0, weight, True, path
    if js_typeof(got) != js_typeof(want):
        text = f"{path} (type mismatch: got {js_typeof(got)}, expected {js_typeof(want)})"
        return 0.0, weight, False, text
    return 0.0, weight, False, f"{path} (value mismatch)"


def _numeric(field: _Field, got: Any, want: Any) -> tuple[float, float, bool, str]:
    path, weight = field.path, field.weight
    a, e = _parse_float(got), _parse_float(want)
    if a is None or e is None:
        return 0.0, weight, False, f"{path} (non-numeric value)"
    if not (math.isfinite(a) and math.isfinite(e)):
        return 0.0, weight, False, f"{path} (invalid numeric value)"
    diff = abs(a - e)
    measured = diff / abs(e) if field.relative and e != 0 else diff
    if measured <= field.tolerance:
        return 1.0, weight, True, f"{path} (within tolerance: diff={to_fixed(diff, 2)})"
    limit = js_num(field.tolerance)
    text = f"{path} (outside tolerance: diff={to_fixed(diff, 2)}, tolerance={limit})"
    return 0.0, weight, False, text


DEFAULT_DATE_FORMATS = [
    "YYYY-MM-DDTHH:mm:ssZ", "YYYY-MM-DDTHH:mm:ss", "YYYY-MM-DD", "DD-MMM-YYYY",
    "MM/DD/YYYY", "DD/MM/YYYY", "MM-DD-YYYY", "DD-MM-YYYY",
]  # fmt: skip


def _date(field: _Field, got: Any, want: Any) -> tuple[float, float, bool, str]:
    path, weight = field.path, field.weight
    formats = field.formats if field.formats is not None else DEFAULT_DATE_FORMATS
    a, e = parse_date(js_string(got), formats), parse_date(js_string(want), formats)
    if a is None:
        return 0.0, weight, False, f"{path} (unparseable candidate date)"
    if e is None:
        return 0.0, weight, False, f"{path} (unparseable expected date)"
    if a == e:
        return 1.0, weight, True, path
    return 0.0, weight, False, f"{path} (date mismatch: got {_iso(a)}, expected {_iso(e)})"


def _reference(test: TestCase) -> Any:
    """The last assistant message's JSON content in `expected_output` (AgentV's rule)."""
    raw = test.expected_output
    if raw is None:
        raw = test.vars.get("expected_output")
    if raw is None or raw == []:
        raise SpecError("field-accuracy needs expected_output (test-level or vars.expected_output)")
    is_messages = (
        isinstance(raw, list) and raw and all(isinstance(m, Mapping) and "role" in m for m in raw)
    )
    messages = raw if is_messages else [{"role": "assistant", "content": raw}]
    for message in reversed(messages):
        content = message.get("content")
        if message.get("role") != "assistant" or content in (None, "", 0, False):
            continue
        if isinstance(content, (dict, list)):
            return content
        if isinstance(content, str):
            try:
                return parse_json_from_text(content)
            except JsonParseError:
                continue
    raise SpecError("field-accuracy: expected_output holds no JSON object to compare against")


def field_accuracy(spec: AssertionSpec, run: RunData) -> Verdict:
    """Per-field checks against the reference data; weighted or all-or-nothing score."""
    expected = _expected_option(spec.options)
    if expected is not None:
        return _expected_form(expected, run)
    fields, aggregation = _fields_options(spec.options)
    reference = _reference(run.test)
    try:
        candidate = parse_json_from_text(run.response)
    except JsonParseError as exc:
        return _unparsed(str(exc))
    # Each field's values, resolved once for its comparison and its evidence.
    values = [(resolve_path(candidate, f.path), resolve_path(reference, f.path)) for f in fields]
    results = [_compare(f, got, want) for f, (got, want) in zip(fields, values, strict=True)]
    checks = tuple(
        [
            CheckItem(text, hit, f"got {_show(got)}, expected {_show(want)}")
            for (_, _, hit, text), (got, want) in zip(results, values, strict=True)
        ]
    )
    score = _score(results, aggregation)
    return _verdict(score, checks, f"{aggregation} over {len(checks)} field(s)")


def decide_field_accuracy(spec: AssertionSpec, test: TestCase) -> Callable[[str], bool]:
    """Whether `field-accuracy` passes on a text for `test`: the options read and the
    reference parsed once (both raise `SpecError` as the check does, before any answer is
    parsed), then per text only the answer parsed and the score compared with `PASS_AT`,
    worked out by the same functions as `field_accuracy`'s."""
    expected = _expected_option(spec.options)
    if expected is not None:
        if not expected:
            raise SpecError("field-accuracy 'expected' is an empty mapping")
        paths = [(str(path), want) for path, want in expected.items()]
        return lambda text: _passes_expected(paths, text)
    fields, aggregation = _fields_options(spec.options)
    reference = _reference(test)
    wanted = [resolve_path(reference, f.path) for f in fields]

    def passes(text: str) -> bool:
        try:
            candidate = parse_json_from_text(text)
        except JsonParseError:
            return False
        results = [_compare(f, resolve_path(candidate, f.path), want)
                   for f, want in zip(fields, wanted, strict=True)]  # fmt: skip
        return _score(results, aggregation) >= PASS_AT

    return passes


def _expected_option(options: Mapping[str, Any]) -> Mapping[str, Any] | None:
    """The documented `expected: {path: value}` form's mapping, when that is the form."""
    expected = options.get("expected")
    return expected if "fields" not in options and isinstance(expected, Mapping) else None


def _fields_options(options: Mapping[str, Any]) -> tuple[list[_Field], str]:
    """The validated `fields` and `aggregation`; `SpecError` when either is wrong."""
    raw_fields = options.get("fields")
    if not isinstance(raw_fields, list) or not raw_fields:
        raise SpecError(
            "field-accuracy needs 'fields' (a non-empty list) or 'expected' (a mapping)"
        )
    fields = [_Field(raw, i) for i, raw in enumerate(raw_fields)]
    aggregation = options.get("aggregation", "weighted_average")
    if aggregation not in ("weighted_average", "all_or_nothing"):
        raise SpecError(
            f"aggregation must be weighted_average or all_or_nothing, got {aggregation!r}"
        )
    return fields, aggregation


_Compared = tuple[float, float, bool, str]


def _score(results: list[_Compared], aggregation: str) -> float:
    if aggregation == "all_or_nothing":
        return 1.0 if all(hit for _, _, hit, _ in results) else 0.0
    total = sum(w for _, w, _, _ in results)
    return sum(s * w for s, w, _, _ in results) / total if total else 0.0


def _expected_form(expected: Mapping[str, Any], run: RunData) -> Verdict:
    """`expected: {path: value}`: exact match per path, score = matched / total."""
    if not expected:
        raise SpecError("field-accuracy 'expected' is an empty mapping")
    try:
        candidate = parse_json_from_text(run.response)
    except JsonParseError as exc:
        return _unparsed(str(exc))
    checks = []
    for path, want in expected.items():
        got = resolve_path(candidate, str(path))
        if got is MISSING:
            checks.append(CheckItem(f"{path} (required, missing)", False, "not in the answer"))
            continue
        _, _, hit, text = _exact(str(path), got, want, 1.0)
        checks.append(CheckItem(text, hit, _field_evidence(candidate, expected, str(path), True)))
    score = sum(1 for c in checks if c.passed) / len(checks)
    return _verdict(score, tuple(checks), "matched / total over the 'expected' paths")


def _passes_expected(paths: list[tuple[str, Any]], text: str) -> bool:
    """`_expected_form`'s status on `text` as a bool: the same matches, counted alike."""
    try:
        candidate = parse_json_from_text(text)
    except JsonParseError:
        return False
    matched = 0
    for path, want in paths:
        got = resolve_path(candidate, path)
        if got is not MISSING and _exact(path, got, want, 1.0)[2]:
            matched += 1
    return matched / len(paths) >= PASS_AT


def _unparsed(message: str) -> Verdict:
    text = "Failed to parse candidate answer as JSON"
    return Verdict(FAILED, 0.0, text, message, (CheckItem(text, False, message),))


def _verdict(score: float, checks: tuple[CheckItem, ...], how: str) -> Verdict:
    passed = sum(1 for c in checks if c.passed)
    first_failed = next((c for c in checks if not c.passed), checks[0])
    evidence = f"{passed}/{len(checks)} field(s) matched; score {js_num(score)} ({how})"
    status = PASSED if score >= PASS_AT else FAILED
    return Verdict(status, score, first_failed.text, evidence, checks)


def _field_evidence(candidate: Any, reference: Any, path: str, literal: bool = False) -> str:
    got = resolve_path(candidate, path)
    want = reference.get(path, MISSING) if literal else resolve_path(reference, path)
    return f"got {_show(got)}, expected {_show(want)}"


def _show(value: Any) -> str:
    if value is MISSING:
        return "(missing)"
    return js_stringify(value)[:200]
