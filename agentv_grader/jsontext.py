"""JSON text as every result file and batch line holds it: one spelling of numbers and
strings whichever encoder writes it (the standard library, or orjson once batch mode has
loaded it), and JSON read back the same way (SPEC §6)."""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable, Mapping
from json.encoder import encode_basestring, encode_basestring_ascii
from typing import Any, TypeGuard

# (compiled on first use, through `re`'s cache: an ASCII text holds no surrogate)
_SURROGATE = "[\ud800-\udfff]"


def dump_json(data: Any) -> str:
    """Indented JSON (two spaces), non-ASCII kept as is, numbers as orjson writes them (the
    shortest text that reads back as the same float; NaN and infinities as `null`, as
    `JSON.stringify` does); a lone surrogate, which UTF-8 cannot hold, makes the whole
    text ASCII with `\\uXXXX` escapes, which is still valid JSON.

    Two writers produce this same text: `_indented`, and orjson (about fifteen times
    faster) once `use_fast_json` has loaded it. Loading orjson costs more than a single
    test's eight files save, so only batch mode does; what orjson refuses (a lone
    surrogate, a non-string key, an integer beyond 64 bits, nesting past 254 levels) goes
    through `_indented` either way."""
    if _orjson is not None:
        fast = _orjson_text(data, _FILE_OPTION)
        if fast is not None:
            return fast
    return _fallback_json(data)


def string_list_json(value: Any) -> str | None:
    """`json.dumps(value, ensure_ascii=False)` for a list of strings, written here (setting
    up the encoder costs more than such a list takes to write); None for any other value."""
    if not isinstance(value, list):
        return None
    for item in value:
        if not isinstance(item, str):
            return None
    return "[" + ", ".join(map(encode_basestring, value)) + "]"


def _fallback_json(data: Any) -> str:
    text = _indented(data) + "\n"
    if not text.isascii() and re.search(_SURROGATE, text):
        text = _ascii_json(data) + "\n"
    return text


def json_bytes(data: Any) -> bytes:
    """`dump_json(data)` as a file holds it (UTF-8): orjson's own bytes when it is loaded,
    not decoded to text only to be encoded again (the files of a batch are written so)."""
    if _orjson is not None:
        try:
            text: bytes = _orjson.dumps(data, option=_FILE_OPTION)  # bytes as they come
            return text
        except TypeError:  # what orjson refuses: the same text from `_indented`
            pass
    return _fallback_json(data).encode("utf-8", "backslashreplace")


def member_json(key: str, value: Any) -> bytes | None:
    """`"key": value` as `json_bytes` writes a member of an object that is itself a member
    of the document (indented four spaces, its own lines deeper), so that a big object's
    members can be written where they are made (a batch's workers) and joined at the end
    (`joined_json`); None where orjson is not loaded or refuses the value (what it refuses
    changes the whole document's text, `dump_json`: only the whole can be written then)."""
    if _orjson is None:
        return None
    try:
        text: bytes = _orjson.dumps({key: value}, option=_MEMBER_OPTION)
    except TypeError:
        return None
    # `{\n  "key": …\n}`, one level deeper (JSON text holds no line break in a string)
    return text[4:-2].replace(b"\n", b"\n  ")


def joined_json(doc: Mapping[str, Any], key: str, members: list[bytes]) -> bytes | None:
    """`json_bytes` of `doc` with `doc[key]` (a placeholder, None) the object made of
    `members` (`member_json`'s, in order): the same text as the whole document written at
    once; None where orjson is not loaded or refuses `doc`."""
    if _orjson is None:
        return None
    try:
        text: bytes = _orjson.dumps(doc, option=_FILE_OPTION)
        slot = b"\n  " + _orjson.dumps(key) + b": null"
    except TypeError:
        return None
    # (only a member of the document itself begins a line with two blanks and a quote)
    at = text.find(slot) + len(slot)
    parts = [text[: at - 4], b"{\n    "]  # (one join: the members are megabytes)
    for member in members:
        parts += (member, b",\n    ")
    parts[-1] = b"\n  }" if members else b"{}"
    parts.append(text[at:])
    return b"".join(parts)


_orjson: Any = None
_FILE_OPTION = 0  # orjson's options for a file's text, once it is loaded
_MEMBER_OPTION = 0  # and for a member's (`member_json`)


def use_fast_json() -> None:
    """Load orjson for `dump_json` (batch mode: thousands of files)."""
    global _orjson, _FILE_OPTION, _MEMBER_OPTION
    if _orjson is None:
        orjson = import_orjson()
        # A dataclass is refused, as `_indented` refuses it (orjson would write its fields).
        _MEMBER_OPTION = orjson.OPT_INDENT_2 | orjson.OPT_PASSTHROUGH_DATACLASS
        _FILE_OPTION = _MEMBER_OPTION | orjson.OPT_APPEND_NEWLINE
        _orjson = orjson


def import_orjson() -> Any:
    """orjson, imported without importing `dataclasses` for it where nothing has (SPEC
    §8): orjson reads `dataclasses._FIELD` when it is imported, only to write a
    dataclass's fields, and importing `dataclasses` imports `inspect`, `ast`, `dis` and
    `tokenize`, two thirds of orjson's import (some 42 M instructions of a batch's serial
    start). Every dump here refuses dataclasses (OPT_PASSTHROUGH_DATACLASS), so while
    orjson is imported a module holding only `_FIELD` stands in for `dataclasses`, which
    a later import imports whole. An orjson whose import asks the stand-in for more (a
    later version) is imported again with the real module: slower, never broken."""
    import sys
    import types

    if "dataclasses" in sys.modules or "orjson" in sys.modules:
        import orjson

        return orjson
    stand_in = types.ModuleType("dataclasses")
    stand_in._FIELD = object()  # type: ignore[attr-defined]
    sys.modules["dataclasses"] = stand_in
    try:
        import orjson
    except ImportError:
        raise
    except Exception:  # an orjson that reads more of `dataclasses`: imported as usual
        del sys.modules["dataclasses"]
        import orjson
    finally:
        if sys.modules.get("dataclasses") is stand_in:
            del sys.modules["dataclasses"]
    return orjson


def _orjson_text(data: Any, option: int) -> str | None:
    """orjson's text for `data`, or None for what it refuses (see `dump_json`)."""
    try:
        return str(_orjson.dumps(data, option=option).decode("utf-8"))
    except TypeError:  # orjson.JSONEncodeError is a TypeError
        return None


def parse_json(data: bytes, parse_constant: Callable[[str], Any] | None = None) -> Any:
    """`json.loads`, through orjson (several times faster) when batch mode has loaded it
    and where both give the same value: orjson refuses a lone surrogate escape, `NaN`,
    `1e400`, and reads an integer of 19 or more digits as a float, so such texts go to
    `json.loads` (with `parse_constant`, which only it can be asked: orjson reads no
    `NaN` or `Infinity`)."""
    # (`_has_long_number`, written out: batch mode reads six small files a test)
    if _orjson is not None and data.translate(_DIGITS_AS_ONES).find(_LONG) < 0:
        try:
            return _orjson.loads(data)
        except _orjson.JSONDecodeError:
            pass
    return json.loads(data, parse_constant=parse_constant)


def _has_long_number(data: bytes) -> bool:
    """Whether `data` holds 19 digits in a row (`re.search(rb"[0-9]{19}")`, which takes
    ten times as long on a report: it tries every digit as a start)."""
    return data.translate(_DIGITS_AS_ONES).find(_LONG) >= 0


_DIGITS_AS_ONES = bytes(49 if 48 <= byte <= 57 else 48 for byte in range(256))
_LONG = b"1" * 19


def dump_json_line(data: Any) -> str:
    """One line of compact JSON (batch mode's stdout), with the files' number text when
    orjson is loaded (batch mode loads it); what orjson refuses goes to `json`."""
    if _orjson is not None:
        fast = _orjson_text(data, 0)
        if fast is not None:
            return fast
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


class _Unsupported(Exception):
    """A value `json` itself would reject or convert through `default`."""


def _indented(data: Any, quote: Callable[[str], str] = encode_basestring) -> str:
    """The text orjson writes for `data`, for what orjson refuses: `json.dumps(data,
    ensure_ascii=False, indent=2)` with orjson's numbers, and keys as `json` converts them.
    Same type checks in the same order as `json`; anything it would reject goes to
    `json.dumps` itself, so errors are its own."""
    parts: list[str] = []
    try:
        _emit(data, parts, "\n", quote)
    except _Unsupported:
        json.dumps(data, ensure_ascii=False, indent=2)  # raises json's own TypeError
        raise TypeError(f"cannot write as JSON: {type(data).__name__}") from None
    return "".join(parts)


def _ascii_json(data: Any) -> str:
    return _indented(data, encode_basestring_ascii)


def _emit(value: Any, parts: list[str], newline: str, quote: Callable[[str], str]) -> None:
    if isinstance(value, str):
        parts.append(quote(value))
    elif value is None:
        parts.append("null")
    elif value is True:
        parts.append("true")
    elif value is False:
        parts.append("false")
    elif isinstance(value, int):
        parts.append(int.__repr__(value))
    elif isinstance(value, float):
        parts.append(_float(value))
    elif isinstance(value, (list, tuple)):
        _emit_list(value, parts, newline, quote)
    elif isinstance(value, dict):
        _emit_dict(value, parts, newline, quote)
    else:
        raise _Unsupported


def _emit_list(
    items: list[Any] | tuple[Any, ...], parts: list[str], newline: str, quote: Callable[[str], str]
) -> None:
    if not items:
        parts.append("[]")
        return
    inner = newline + "  "
    opening = "[" + inner
    for item in items:
        parts.append(opening)
        opening = "," + inner
        _emit(item, parts, inner, quote)
    parts.append(newline + "]")


def _emit_dict(
    mapping: dict[Any, Any], parts: list[str], newline: str, quote: Callable[[str], str]
) -> None:
    if not mapping:
        parts.append("{}")
        return
    inner = newline + "  "
    opening = "{" + inner
    for key, item in mapping.items():
        parts.append(opening + quote(_key(key)) + ": ")
        opening = "," + inner
        _emit(item, parts, inner, quote)
    parts.append(newline + "}")


def _key(key: Any) -> str:
    if isinstance(key, str):
        return key
    if isinstance(key, float):  # as `json` converts a float key
        if key != key:
            return "NaN"
        if key in (float("inf"), float("-inf")):
            return "Infinity" if key > 0 else "-Infinity"
        return float.__repr__(key)
    if key is True or key is False or key is None:
        return {True: "true", False: "false", None: "null"}[key]
    if isinstance(key, int):
        return int.__repr__(key)
    raise _Unsupported


def _float(value: float) -> str:
    """orjson's text for a float (3.12 and later): Python's shortest round-trip digits,
    written without an exponent from 1e-5 up to 1e16 (`0.00001`), else with one that has no
    leading zeros (`1e-7`, `1e+16`); NaN and the infinities become `null`."""
    if value != value or value in (_INF, -_INF):
        return "null"
    text = float.__repr__(value)
    mantissa, mark, exponent = text.partition("e")
    if not mark or exponent.startswith("+"):
        return text
    power = int(exponent)
    if power != -5:
        return f"{mantissa}e{power}"
    sign = "-" if mantissa.startswith("-") else ""
    return f"{sign}0.0000{mantissa.lstrip('-').replace('.', '')}"


_INF = float("inf")


def json_kind(value: Any) -> str | None:
    """JSON's name for a parsed value (`null`, `boolean`, `number`, `string`, `array`,
    `object`), or None for a value JSON cannot hold."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, (int, float)):
        return "number"
    if isinstance(value, str):
        return "string"
    if isinstance(value, list):
        return "array"
    return "object" if isinstance(value, Mapping) else None


_DESCRIBED = {
    "boolean": "a boolean",
    "number": "a number",
    "string": "a string",
    "array": "a list",
    "object": "a mapping",
}


def described_kind(value: Any, none: str = "null") -> str:
    """A YAML or JSON value's kind as messages name it ("a number", "a list", …; `none` for
    null; Python's type name for anything else)."""
    kind = json_kind(value)
    if kind is None:
        return type(value).__name__
    return none if kind == "null" else _DESCRIBED[kind]


def as_double(value: int | float) -> float:
    """The double JavaScript reads a JSON or YAML number as: an integer past what a double
    holds (JSON and YAML write integers of any length) is ±Infinity there, where Python's
    `float` raises OverflowError."""
    try:
        return float(value)
    except OverflowError:
        return math.inf if value > 0 else -math.inf


def is_finite_number(value: Any) -> TypeGuard[float]:
    """A number, not a bool, that JavaScript reads as finite (`as_double`)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return False
    return math.isfinite(as_double(value))
