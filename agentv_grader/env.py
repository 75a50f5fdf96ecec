"""Settings read from the environment (SPEC §7's limits and deadlines)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager

# Inside `settled`: each setting as first read there, by (name, default).
_settled: dict[tuple[str, int], int] | None = None


def positive_int_env(name: str, default: int) -> int:
    """The environment variable `name` when it is a positive integer, else `default`."""
    if _settled is not None:
        known = _settled.get((name, default))
        if known is not None:
            return known
    value = _read(name, default)
    if _settled is not None:
        _settled[(name, default)] = value
    return value


def _read(name: str, default: int) -> int:
    raw = os.environ.get(name, "").strip()
    if not raw:  # the usual case, without the cost of a failed int("")
        return default
    try:
        value = int(raw)
    except ValueError:
        return default
    return value if value > 0 else default


@contextmanager
def settled() -> Iterator[None]:
    """Inside this block each setting is read from the environment once, the first time
    it is asked for: a batch grading a run of tests in one process asks for the regex
    deadline and the response limit a few times a test, and `os.environ.get` of a variable
    that is not set raises and catches a KeyError each time (about 8,700 instructions).
    Nothing is kept after the block; a block inside another keeps the outer one's."""
    global _settled
    if _settled is not None:
        yield
        return
    _settled = {}
    try:
        yield
    finally:
        _settled = None
