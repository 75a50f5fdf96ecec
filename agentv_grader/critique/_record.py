"""`Record`: frozen records for the critique, built without code generation (SPEC §8)."""

from __future__ import annotations

from dataclasses import FrozenInstanceError


class Record:
    """A frozen record, as `dataclass(frozen=True, slots=True)` makes one (the fields are
    `__slots__`), without generating its methods from source at import (cold start,
    SPEC §8): equality and hash by type and field values, the same repr, no assignment."""

    __slots__: tuple[str, ...] = ()

    def _values(self) -> tuple[object, ...]:
        return tuple(getattr(self, name) for name in self.__slots__)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        assert isinstance(other, Record)
        return self._values() == other._values()

    def __hash__(self) -> int:
        return hash(self._values())

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.__slots__)
        return f"{type(self).__qualname__}({shown})"

    def __setattr__(self, name: str, value: object) -> None:
        raise FrozenInstanceError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError(f"cannot delete field {name!r}")
