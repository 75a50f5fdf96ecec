"""JavaScript `trim()`, `toLowerCase()` and `JSON.parse` as AgentV's graders see them."""

from __future__ import annotations

import json
from typing import Any

# ECMAScript WhiteSpace + LineTerminator (ES2023 §12.2, §12.3): differs from
# Python's str.isspace (which has U+001C..U+001F and U+0085 but not U+FEFF).
JS_WHITESPACE = (
    "\u0009\u000a\u000b\u000c\u000d\u0020\u00a0\u1680"
    "\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a"
    "\u2028\u2029\u202f\u205f\u3000\ufeff"
)


def js_trim(text: str) -> str:
    """`String.prototype.trim`: strips exactly ECMAScript's white space set."""
    return text.strip(JS_WHITESPACE)


def js_lower(text: str) -> str:
    """`String.prototype.toLowerCase`: locale-independent full Unicode lowercasing."""
    return text.lower()


class JsonParseError(ValueError):
    """`JSON.parse` would throw a SyntaxError on this text."""


def _reject_constant(name: str) -> Any:
    raise JsonParseError(f"{name} is not valid JSON")


def js_json_parse(text: str) -> Any:
    """`JSON.parse`: strict JSON; `NaN`/`Infinity` and a BOM are syntax errors.

    Raises:
        JsonParseError: where JavaScript would throw.
    """
    try:
        return json.loads(text, parse_constant=_reject_constant)
    except JsonParseError:
        raise
    except RecursionError as exc:  # pragma: no cover - extreme nesting
        raise JsonParseError("nesting too deep") from exc
    except ValueError as exc:
        raise JsonParseError(str(exc)) from exc
