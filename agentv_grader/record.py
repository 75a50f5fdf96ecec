"""`Record`: the frozen records of the grading path, without the `dataclasses` module.

`dataclass(frozen=True, slots=True)` writes each class's methods as source and compiles
them when the module is imported, and importing `dataclasses` imports `inspect` (with
`ast`, `dis`, `tokenize`): for the 30 records a single grading makes, that was a fifth of
a cold start (SPEC §8). A `Record` subclass lists its fields in `__slots__` and writes its
`__init__` (compiled once, into the bytecode cache, like any function); this base gives
what the dataclass gave: equality and hash by type and field values, the same repr, no
assignment or deletion after `__init__`, `replace`, pickling and copying.
"""

from __future__ import annotations

from typing import Any, TypeVar

_R = TypeVar("_R")


# The default of a field whose default is a new empty dict (`field(default_factory=dict)`):
# `__init__` stores `{}` in its place.
NEW_DICT: Any = type("NewDict", (), {"__repr__": lambda self: "<new dict>"})()


class FrozenInstanceError(AttributeError):
    """A field of a frozen record was assigned or deleted (as `dataclasses` says it)."""


class Record:
    """A frozen record (see the module docstring). Class attributes a subclass may set:
    `_compared`, the fields equality, hash and repr use (default: all of `__slots__`);
    `_init_fields`, the fields `replace` passes to `__init__` by name (default: all)."""

    __slots__: tuple[str, ...] = ()
    _compared: tuple[str, ...] | None = None
    _init_fields: tuple[str, ...] | None = None

    def _values(self) -> tuple[object, ...]:
        names = self._compared if self._compared is not None else self.__slots__
        return tuple([getattr(self, name) for name in names])

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        assert isinstance(other, Record)
        return self._values() == other._values()

    def __hash__(self) -> int:
        return hash(self._values())

    def __repr__(self) -> str:
        names = self._compared if self._compared is not None else self.__slots__
        shown = ", ".join([f"{name}={getattr(self, name)!r}" for name in names])
        return f"{type(self).__qualname__}({shown})"

    def __setattr__(self, name: str, value: object) -> None:
        raise FrozenInstanceError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError(f"cannot delete field {name!r}")

    # Pickling and copying set the fields past the frozen `__setattr__`, as the dataclass's
    # own `__getstate__`/`__setstate__` did.
    def __getstate__(self) -> tuple[object, ...]:
        return tuple([getattr(self, name) for name in self.__slots__])

    def __setstate__(self, state: tuple[object, ...]) -> None:
        for name, value in zip(self.__slots__, state, strict=True):
            object.__setattr__(self, name, value)


def replace(obj: _R, /, **changes: Any) -> _R:
    """A copy of `obj` with `changes`, made by its `__init__` (as `dataclasses.replace`);
    a dataclass goes to `dataclasses.replace` itself."""
    if not isinstance(obj, Record):
        import dataclasses

        return dataclasses.replace(obj, **changes)  # type: ignore[type-var]
    names = obj._init_fields if obj._init_fields is not None else obj.__slots__
    values = {name: getattr(obj, name) for name in names if name not in changes}
    made: _R = type(obj)(**values, **changes)
    return made
