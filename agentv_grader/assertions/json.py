"""`is-json`: `JSON.parse` succeeds, optionally with a JSON Schema (SPEC §5.1).

JavaScript's `JSON.parse` is the rule, so `NaN`, single quotes, trailing commas and
code fences fail, as in AgentV.
"""

from __future__ import annotations

import json as _json
from collections.abc import Callable, Mapping
from typing import Any

from ..errors import SpecError
from ..js.strings import JsonParseError, js_json_parse, js_trim
from ..jsontext import json_kind
from ..model import AssertionSpec, RunData, Verdict
from ._text import describe, snippet

_PASS = "Output is valid JSON"
_FAIL = "Output is not valid JSON"
_SCHEMA_PASS = "Output is valid JSON matching the schema"
_SCHEMA_FAIL = "Output is valid JSON but does not match the schema"


def _schema(options: Mapping[str, Any]) -> Mapping[str, Any] | None:
    for key in ("schema", "value"):
        given = options.get(key)
        if given is None:
            continue
        if isinstance(given, str):
            try:
                given = _json.loads(given)
            except ValueError:
                if key == "schema":
                    raise SpecError("schema is a string that is not JSON") from None
                continue  # AgentV ignores a plain-text value on is-json
        if isinstance(given, Mapping):
            return given
        if key == "schema":
            raise SpecError(f"schema must be a JSON Schema object, got {type(given).__name__}")
    return None


def _validator(schema: Mapping[str, Any]) -> Any:
    import jsonschema
    from referencing import Registry

    def refuse(uri: str) -> Any:
        raise SpecError(f"remote $ref refused: {uri}")

    document = dict(schema)
    cls = jsonschema.validators.validator_for(document, default=jsonschema.Draft202012Validator)
    try:
        cls.check_schema(document)
    except jsonschema.SchemaError as exc:
        raise SpecError(f"invalid JSON Schema: {exc.message}") from None
    return cls(document, registry=Registry(retrieve=refuse))  # type: ignore[call-arg]


def is_json(spec: AssertionSpec, run: RunData) -> Verdict:
    """Parses as JSON (any value); with a schema, the value must also validate."""
    schema = _schema(spec.options)
    text = run.response
    try:
        parsed = js_json_parse(text)
    except JsonParseError as exc:
        evidence = f"JSON.parse fails: {exc}; {describe(text)}"
        return Verdict.binary(False, _PASS, _FAIL, evidence)
    if schema is None:
        evidence = f"parsed {_json_kind(parsed)}: {snippet(js_trim(text), 0, 0)}"
        return Verdict.binary(True, _PASS, _FAIL, evidence)
    errors = _schema_errors(_validator(schema), parsed)
    if not errors:
        return Verdict.binary(True, _SCHEMA_PASS, "", "schema validated")
    listed = "; ".join(f"{_path(e.absolute_path)}: {e.message}" for e in errors[:5]) + (
        f"; and {len(errors) - 5} more" if len(errors) > 5 else ""
    )
    return Verdict.binary(False, "", _SCHEMA_FAIL, listed)


def decide_is_json(spec: AssertionSpec) -> Callable[[str], bool]:
    """Whether `is-json` passes on a text, its schema read once (the critique asks this of
    many decoys). As in `is_json`, the validator is built only once a text parses, so a
    schema it refuses makes only those texts `error` (SpecError), never a pass."""
    schema = _schema(spec.options)
    validators: list[Any] = []

    def passes(text: str) -> bool:
        try:
            parsed = js_json_parse(text)
        except JsonParseError:
            return False
        if schema is None:
            return True
        if not validators:
            validators.append(_validator(schema))
        return not _schema_errors(validators[0], parsed)

    return passes


def _schema_errors(validator: Any, parsed: Any) -> list[Any]:
    """The schema's errors on `parsed`, in path order; a `$ref` that cannot be followed
    (remote, so refused, or pointing nowhere) or that loops forever is a config error."""
    from referencing.exceptions import Unresolvable

    try:
        return sorted(validator.iter_errors(parsed), key=lambda e: list(e.absolute_path))
    except Unresolvable as exc:
        ref = getattr(exc, "ref", str(exc))
        raise SpecError(
            f"schema $ref {ref!r} cannot be resolved (only refs inside the schema are "
            "followed; remote $ref is refused)"
        ) from None
    except RecursionError:
        raise SpecError("schema $ref loops forever (a $ref that resolves to itself)") from None


def _json_kind(value: Any) -> str:
    """JSON's names for a parsed value, not Python's (`object`, not `dict`)."""
    return json_kind(value) or "object"


def _path(parts: Any) -> str:
    out = "$"
    for part in parts:
        out += f"[{part}]" if isinstance(part, int) else f".{part}"
    return out
