"""How JavaScript writes numbers and JSON: `String(n)`, `toFixed`, `JSON.stringify`.

AgentV builds its assertion texts in JavaScript, so a text that quotes a number or a value
must spell it as JavaScript does (`1` for `1.0`, `1e-7`, `1e+21`) to match AgentV's byte for
byte (SPEC §5).
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping
from decimal import ROUND_HALF_UP, Decimal
from typing import Any


def js_num(value: float) -> str:
    """`String(n)` in JavaScript: `1` not `1.0`, `0.00001`, `1e-7`, `1e+21`."""
    if isinstance(value, int) and not isinstance(value, bool):
        return str(value)
    if not math.isfinite(value):
        return "NaN" if math.isnan(value) else ("Infinity" if value > 0 else "-Infinity")
    if value == 0:
        return "0"
    sign, digits_tuple, exponent = Decimal(repr(abs(value))).normalize().as_tuple()
    digits = "".join(str(d) for d in digits_tuple)
    k, n = len(digits), int(exponent) + len(digits)
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


def to_fixed(value: float, places: int) -> str:
    """`Number.prototype.toFixed`: exact decimal value, ties away from zero."""
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
