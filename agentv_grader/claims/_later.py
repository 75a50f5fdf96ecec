"""Patterns compiled at their first use (cold start, SPEC §8): the checker's some 180
module-level patterns cost about 210 M instructions to compile, nearly all of its import,
and a response's claims reach a few dozen of them (the gates leave most unsearched).

The few asked per claim or per tool call, hundreds of times a check (numbers, lines, the
units' split; tests/claims/test_gates.py lists them), stay compiled at import: nearly
every check compiles them anyway, and a method kept in a slot is read a little slower
than a compiled pattern's own (the bench's warm check: +3 to +4 M instructions with
every pattern compiled later)."""

from __future__ import annotations

import re
from typing import Any, cast

# What a compiled pattern is asked for here: the first such question compiles it.
_COMPILED = ("findall", "finditer", "flags", "fullmatch", "groupindex", "groups", "match",
             "scanner", "search", "split", "sub", "subn")  # fmt: skip


class _Later:
    """A pattern's text and flags until it is first used; then each of `_COMPILED` is the
    compiled pattern's own, kept in a slot (read as a compiled pattern's method is, with
    no call through this class). Hashed and compared as itself."""

    __slots__ = ("_flags", "pattern", *_COMPILED)

    def __init__(self, pattern: str, flags: int) -> None:
        self.pattern = pattern
        self._flags = flags

    def __getattr__(self, name: str) -> Any:
        """Only for a slot not yet set: compile, fill every slot, answer."""
        if name not in _COMPILED:
            raise AttributeError(name)
        compiled = re.compile(self.pattern, self._flags)
        for attribute in _COMPILED:
            setattr(self, attribute, getattr(compiled, attribute))
        return getattr(compiled, name)

    def __repr__(self) -> str:
        return f"later({self.pattern!r}, {self._flags})"


def later(pattern: str, flags: int = 0) -> re.Pattern[str]:
    """`re.compile(pattern, flags)`, compiled at its first use (a typo in a pattern shows
    then: tests/claims/test_gates.py compiles every one)."""
    return cast("re.Pattern[str]", _Later(pattern, flags))
