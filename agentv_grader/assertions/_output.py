"""`target_output_key`: grade one field of a dict-shaped output (SPEC §4.2, seed 003)."""

from __future__ import annotations

import json
import re
from typing import Any

from ..errors import SpecError
from ..js.strings import JsonParseError, js_json_parse, js_trim

_FENCE = re.compile(r"^\s*```(?:json|JSON)?[ \t]*\r?\n(.*?)\r?\n?```\s*$", re.S)
_SEGMENT = re.compile(r"([^.\[\]]+)|\[(\d+)\]")


class MissingKey(Exception):
    """The key is not in the output (or the output is not JSON): a failed assertion."""


def compact(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def _parse(response: str) -> tuple[bool, Any]:
    try:
        return True, js_json_parse(response)
    except JsonParseError:
        pass
    fenced = _FENCE.match(response)
    if fenced:
        try:
            return True, js_json_parse(fenced.group(1))
        except JsonParseError:
            pass
    return False, None


def select(response: str, key: Any) -> str:
    """The text to grade for `key`: a string as is, anything else as compact JSON.

    Raises:
        SpecError: the key is not a string.
        MissingKey: the key is absent, or the response is not JSON.
    """
    if not isinstance(key, str) or not key:
        raise SpecError(f"target_output_key must be a non-empty string, got {key!r}")
    ok, data = _parse(response)
    if key == "*":
        return compact(data) if ok else response
    if not ok:
        raise MissingKey(f"key '{key}' not found: the response is not JSON")
    if key.startswith("$"):
        return _jsonpath(data, key)
    return _as_text(_dot_path(data, key))


def _as_text(value: Any) -> str:
    return value if isinstance(value, str) else compact(value)


def _dot_path(data: Any, key: str) -> Any:
    current = data
    walked = ""
    for match in _SEGMENT.finditer(key):
        name, index = match.group(1), match.group(2)
        if index is not None:
            if not isinstance(current, list) or int(index) >= len(current):
                raise MissingKey(f"key '{key}' not found: no [{index}] at '{walked or '$'}'")
            current = current[int(index)]
            walked += f"[{index}]"
            continue
        if not isinstance(current, dict) or name not in current:
            keys = ", ".join(sorted(current)) if isinstance(current, dict) else "(not an object)"
            raise MissingKey(f"key '{key}' not found; keys: {keys}")
        current = current[name]
        walked += ("." if walked else "") + name
    return current


def _jsonpath(data: Any, key: str) -> str:
    from jsonpath_ng.exceptions import JsonPathParserError
    from jsonpath_ng.ext.parser import parse

    try:
        expression = parse(key)
    except (JsonPathParserError, Exception) as exc:  # jsonpath-ng raises plain Exception too
        raise SpecError(f"invalid JSONPath {key!r}: {exc}") from None
    found = [m.value for m in expression.find(data)]
    if not found:
        raise MissingKey(f"JSONPath '{key}' matched nothing")
    if len(found) == 1:
        return _as_text(found[0])
    return compact(found)


def trimmed_is_empty(text: str) -> bool:
    return js_trim(text) == ""
