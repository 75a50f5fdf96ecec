"""How JavaScript writes numbers and JSON: `String(n)`, `toFixed`, `JSON.stringify`.

AgentV builds its assertion texts in JavaScript, so a text that quotes a number or a value
must spell it as JavaScript does (`1` for `1.0`, `1e-7`, `1e+21`) to match AgentV's byte for
byte (SPEC §5).
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping
from typing import Any


def js_num(value: float) -> str:
    """`String(n)` in JavaScript: `1` not `1.0`, `0.00001`, `1e-7`, `1e+21`."""
    if isinstance(value, int) and not isinstance(value, bool):
        return str(value)
    if not math.isfinite(value):
        return "NaN" if math.isnan(value) else ("Infinity" if value > 0 else "-Infinity")
    if value == 0:
        return "0"
    digits, n = _shortest_digits(abs(value))
    k = len(digits)
    prefix = "-" if value < 0 else ""
    if k <= n <= 21:
        return prefix + digits + "0" * (n - k)
    if 0 < n <= 21:
        return prefix + digits[:n] + "." + digits[n:]
    if -6 < n <= 0:
        return prefix + "0." + "0" * (-n) + digits
    e = n - 1
    mantissa = digits if k == 1 else digits[0] + "." + digits[1:]
    return f"{prefix}{mantissa}e{'+' if e > 0 else '-'}{abs(e)}"


def _shortest_digits(value: float) -> tuple[str, int]:
    """The digits of `repr(value)` (the shortest that read back as `value`, as JavaScript
    writes them) without leading or trailing zeros, and `n`, where the decimal point goes:
    `value == 0.d1d2… × 10**n`. For a positive finite `value`: `Decimal(repr(value))
    .normalize()`'s digits and exponent + their count, read off the text (importing
    `decimal` costs 5 M instructions)."""
    text = repr(value)
    mantissa, _, exponent = text.partition("e")
    whole, _, fraction = mantissa.partition(".")
    digits = whole + fraction
    point = len(whole) + (int(exponent) if exponent else 0)
    kept = digits.lstrip("0")
    return kept.rstrip("0"), point - (len(digits) - len(kept))


def to_fixed(value: float, places: int) -> str:
    """`Number.prototype.toFixed`: exact decimal value, ties away from zero."""
    from decimal import ROUND_HALF_UP, Decimal  # (only here: its import costs 5 M)

    if not math.isfinite(value) or abs(value) >= 1e21:
        return js_num(value)
    if value == 0:
        value = 0.0
    quantum = Decimal(1).scaleb(-places)
    rounded = Decimal(abs(value)).quantize(quantum, rounding=ROUND_HALF_UP)
    return ("-" if value < 0 else "") + f"{rounded:f}"


def js_stringify(value: Any) -> str:
    """Compact `JSON.stringify` with JavaScript's number spelling (`1` for `1.0`)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return js_num(value) if math.isfinite(value) else "null"
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, Mapping):
        items = (json.dumps(str(k), ensure_ascii=False) + ":" + js_stringify(v)
                 for k, v in value.items())  # fmt: skip
        return "{" + ",".join(items) + "}"
    if isinstance(value, (list, tuple)):
        return "[" + ",".join(js_stringify(v) for v in value) + "]"
    return "null"
