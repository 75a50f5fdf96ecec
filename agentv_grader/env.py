"""Settings read from the environment (SPEC §7's limits and deadlines)."""

from __future__ import annotations

import os


def positive_int_env(name: str, default: int) -> int:
    """The environment variable `name` when it is a positive integer, else `default`."""
    raw = os.environ.get(name, "").strip()
    if not raw:  # the usual case, without the cost of a failed int("")
        return default
    try:
        value = int(raw)
    except ValueError:
        return default
    return value if value > 0 else default
