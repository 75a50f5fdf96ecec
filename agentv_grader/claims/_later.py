"""Patterns compiled at their first use (cold start, SPEC §8): the checker's some 180
module-level patterns cost about 210 M instructions to compile, nearly all of its import,
and a response's claims reach a few dozen of them (the gates leave most unsearched).

The few asked per claim or per tool call, hundreds of times a check (numbers, lines, the
units' split; tests/claims/test_gates.py lists them), stay compiled at import: nearly
every check compiles them anyway, and a method kept in a slot is read a little slower
than a compiled pattern's own (the bench's warm check: +3 to +4 M instructions with
every pattern compiled later).

A pattern's compiled program is also kept across processes, beside this module's
bytecode, as Python keeps a module's (`_Programs`): a grading is often a process of its
own, and parsing the some 300 patterns its first check reaches took about a third of that
check; reading their programs back takes about 1 ms."""

from __future__ import annotations

import marshal
import os
import re
import sys
from typing import Any, cast

try:  # the parser and code generator `re.compile` runs (CPython 3.11 and later)
    import _sre
    from re import _compiler, _parser  # type: ignore[attr-defined]
except ImportError:  # pragma: no cover - another Python: every pattern is compiled
    _sre = None

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
        compiled = programs().compile(self.pattern, self._flags)
        for attribute in _COMPILED:
            setattr(self, attribute, getattr(compiled, attribute))
        return getattr(compiled, name)

    def __repr__(self) -> str:
        return f"later({self.pattern!r}, {self._flags})"


def later(pattern: str, flags: int = 0) -> re.Pattern[str]:
    """`re.compile(pattern, flags)`, compiled at its first use (a typo in a pattern shows
    then: tests/claims/test_gates.py compiles every one)."""
    return cast("re.Pattern[str]", _Later(pattern, flags))


# A compiled program as `_sre.compile` takes it after the pattern's text: its flags, its
# code, its number of groups, and its group names both ways.
_Program = tuple[int, list[int], int, dict[str, int], tuple[str | None, ...]]
# The file's first item: a program is read back only by the Python build that wrote it.
_STAMP = ("agentv-grade patterns", 1, sys.version, getattr(_sre, "MAGIC", None))
# Programs kept at most (the checker's patterns are a few hundred; more is not ours).
_MOST_KEPT = 4000


class _Programs:
    """The compiled programs of the patterns met before, read once from one file and
    written back with those first compiled here (`save`). A program is used only where
    its file carries this very Python's stamp, and learned only where the pattern it makes
    is equal to `re.compile`'s (same flags, code and groups). Writing follows Python's
    own bytecode (never under `-B` or `PYTHONDONTWRITEBYTECODE`, `PYTHONPYCACHEPREFIX`
    honoured); a file that cannot be read or written is as none."""

    __slots__ = ("known", "learned", "path")

    def __init__(self, path: str | None) -> None:
        self.path = path
        self.known: dict[tuple[str, int], _Program] = _read(path) if path else {}
        self.learned: dict[tuple[str, int], _Program] = {}

    def compile(self, pattern: str, flags: int) -> re.Pattern[str]:
        flags = int(flags)  # a plain int, as keys are kept (`re.I` is a `RegexFlag`)
        program = self.known.get((pattern, flags))
        if program is not None:
            try:
                return cast("re.Pattern[str]", _sre.compile(pattern, *program))
            except (TypeError, ValueError, RuntimeError):  # not a program `_sre` takes
                pass
        compiled = re.compile(pattern, flags)
        if self.path is not None:
            try:
                program = _program(pattern, flags)
                rebuilt = _sre.compile(pattern, *program)
            except Exception:  # another `re` inside than the one read here: learn nothing
                return compiled
            if rebuilt == compiled and rebuilt.groupindex == compiled.groupindex:
                self.learned[(pattern, flags)] = program
        return compiled

    def save(self) -> None:
        """Write the programs learned since the last save, with those known, atomically
        (a file another process reads is never half written)."""
        learned, self.learned = self.learned, {}
        if not learned or self.path is None or sys.dont_write_bytecode:
            return
        kept = {**self.known, **learned} if len(self.known) < _MOST_KEPT else learned
        partial = f"{self.path}.{os.getpid()}.tmp"
        try:
            os.makedirs(os.path.dirname(self.path), exist_ok=True)
            with open(partial, "wb") as file:
                marshal.dump((_STAMP, kept), file)
            os.replace(partial, self.path)
        except (OSError, ValueError):  # ValueError: a program marshal cannot write
            try:
                os.unlink(partial)
            except OSError:
                pass
            return
        self.known = kept


def _program(pattern: str, flags: int) -> _Program:
    """What `re._compiler.compile` hands `_sre.compile`, made the same way."""
    parsed = _parser.parse(pattern, flags)
    code = [int(op) for op in _compiler._code(parsed, flags)]  # opcodes are int subclasses
    names = dict(parsed.state.groupdict)
    index: list[str | None] = [None] * parsed.state.groups
    for name, number in names.items():
        index[number] = name
    return int(flags | parsed.state.flags), code, parsed.state.groups - 1, names, tuple(index)


def _read(path: str) -> dict[tuple[str, int], _Program]:
    try:
        with open(path, "rb") as file:
            stamp, programs = marshal.load(file)
    except (OSError, EOFError, ValueError, TypeError):
        return {}
    return programs if stamp == _STAMP and type(programs) is dict else {}


def _path() -> str | None:
    """`__pycache__/_later.<tag>.patterns` beside this module's bytecode, where Python
    keeps it; None where Python keeps no bytecode or another Python runs."""
    if _sre is None or sys.implementation.cache_tag is None:
        return None
    from importlib.util import cache_from_source

    return os.path.splitext(cache_from_source(__file__))[0] + ".patterns"


_programs: _Programs | None = None


def save_programs() -> None:
    """Keep the programs this process compiled for the next one (after a check)."""
    if _programs is not None:
        _programs.save()


def programs() -> _Programs:
    """The process's programs, read at the first pattern compiled (a run without a
    transcript never compiles one)."""
    global _programs
    if _programs is None:
        _programs = _Programs(_path())
    return _programs
