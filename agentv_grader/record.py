"""`Record`: the frozen records of the grading path, without the `dataclasses` module.

`dataclass(frozen=True, slots=True)` writes each class's methods as source and compiles
them when the module is imported, and importing `dataclasses` imports `inspect` (with
`ast`, `dis`, `tokenize`): for the 30 records a single grading makes, that was a fifth of
a cold start (SPEC §8). A `Record` subclass declares each field once, as a dataclass does:
a class annotation, with a default or a `field(...)` if it has one. The base gives what the
dataclass gave: `__slots__`, an `__init__` taking the fields in order (by position or name),
`__post_init__`, equality and hash by type and field values, the same repr, no assignment
or deletion after `__init__` (`class C(Record, frozen=False)` allows them), `replace`,
pickling and copying. Type checkers see records as dataclasses (`dataclass_transform`):
typed constructors, and assigning a field is an error.

What runs is kept small, as a grading imports about 35 record classes and makes about 170
records: the metaclass reads the annotations' names only (strings, under `from __future__
import annotations`; never evaluated) and does a few dictionary operations; no source is
compiled at import or for a class's first records. `__init__` is `_init`, shared by every
class, until a class has made `HOT` records; then the class's own `__init__` is written out
and compiled, which makes each further record as fast as a hand-written `__init__` would.
Measured in instructions (SPEC §8): compiling each class's `__init__` on its first record
made a cold single grading 7.7 % dearer (a process's first `compile` sets up the
interpreter's AST types: 11.3 M instructions); this way it is 1.15 % dearer than
`__init__`s written by hand, and a 500-test batch 1.0 % (never compiling: 6.9 %).
"""

from __future__ import annotations

from itertools import repeat
from operator import is_
from types import MemberDescriptorType
from typing import TYPE_CHECKING, Any, ClassVar, NoReturn, TypeVar, overload

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

    from typing_extensions import dataclass_transform
else:  # a marker for type checkers only: nothing to do at run time

    def dataclass_transform(**_: object) -> Callable[[type], type]:
        return lambda cls: cls


_R = TypeVar("_R")
_T = TypeVar("_T")

# The default of a field that has none, and of a parameter whose field has a factory.
_MISSING: Any = object()
_FACTORY: Any = object()


class Field:
    """What `field(...)` says of a field besides its type (see `field`)."""

    __slots__ = ("default", "default_factory", "init", "compare")

    def __init__(
        self, default: Any, default_factory: Callable[[], Any] | None, init: bool, compare: bool
    ) -> None:
        self.default = default
        self.default_factory = default_factory
        self.init = init
        self.compare = compare


@overload
def field(*, default: _T, init: bool = True, compare: bool = True) -> _T: ...
@overload
def field(*, default_factory: Callable[[], _T], init: bool = True, compare: bool = True) -> _T: ...
@overload
def field(*, init: bool = True, compare: bool = True) -> Any: ...


def field(
    *,
    default: Any = _MISSING,
    default_factory: Callable[[], Any] | None = None,
    init: bool = True,
    compare: bool = True,
) -> Any:
    """A field's default, or the function making a new one for each record
    (`default_factory`); `init=False`: `__init__` does not take it (it sets its default, if
    it has one); `compare=False`: equality, hash and repr leave it out."""
    return Field(default, default_factory, init, compare)


class FrozenInstanceError(AttributeError):
    """A field of a frozen record was assigned or deleted (as `dataclasses` says it)."""


# `__init__` sets each field past the frozen `__setattr__` with this, or (`_init`) with
# its slot's descriptor: `_set_slot(descriptor, record, value)` skips looking the name up.
_set = object.__setattr__
_set_slot = MemberDescriptorType.__set__


class _RecordMeta(type):
    """Makes a record class: its `__slots__` are its annotations' names (inherited fields
    come first in `__record_fields__`), its defaults are taken out of the class body (a slot
    and a class attribute cannot share a name), and its `__init__` is `_init` unless it
    writes its own. A few dictionary operations: it runs for every record class imported."""

    def __new__(
        mcls, name: str, bases: tuple[type, ...], ns: dict[str, Any], frozen: bool = True
    ) -> _RecordMeta:
        annotations = ns.get("__annotations__")
        if annotations is None and ("__annotate__" in ns or "__annotate_func__" in ns):
            raise TypeError(f"record {name}: its module needs `from __future__ import annotations`")
        own = (
            tuple([n for n, a in annotations.items() if not _is_class_var(a)])
            if annotations
            else ()
        )
        defaults = {field_name: ns.pop(field_name) for field_name in own if field_name in ns}
        fields = own
        for base in bases:
            if type(base) is _RecordMeta and base.__record_fields__:
                fields = base.__record_fields__ + own
                defaults = {**base.__record_defaults__, **defaults}
        ns["__slots__"] = own
        ns["__record_fields__"] = ns["_compared"] = ns["_init_fields"] = fields
        ns["__record_defaults__"] = defaults
        if Field in map(type, defaults.values()):  # a `field(...)` may leave a field out
            marked = {n: d for n, d in defaults.items() if type(d) is Field}
            ns["_compared"] = tuple([n for n in fields if n not in marked or marked[n].compare])
            ns["_init_fields"] = tuple([n for n in fields if n not in marked or marked[n].init])
        if not frozen:  # as `dataclass(frozen=False)`: assignable, and so not hashable
            ns.setdefault("__setattr__", object.__setattr__)
            ns.setdefault("__delattr__", object.__delattr__)
            ns.setdefault("__hash__", None)
        ns.setdefault("__init__", _init)
        return type.__new__(mcls, name, bases, ns)

    if TYPE_CHECKING:
        __record_fields__: tuple[str, ...]
        __record_defaults__: dict[str, Any]


def _is_class_var(annotation: object) -> bool:
    """A `ClassVar` annotation declares a class attribute, not a field (as `dataclass`
    reads it: by the annotation's text, never evaluated)."""
    if isinstance(annotation, str):
        return annotation.startswith(("ClassVar", "typing.ClassVar"))
    return getattr(annotation, "__origin__", None) is ClassVar


# How many records of a class `_init` makes before the class gets its own compiled one.
HOT = 64

_plans: dict[type, _Plan] = {}


def _init(self: Record, *args: Any, **kwargs: Any) -> None:
    """Every record class's `__init__` until the class is hot (unless it writes its own).
    It compiles nothing: it binds the arguments by the class's `_Plan` (made on its first
    record) with C loops and sets the fields in one. The HOT-th record of a class compiles
    the class's own `__init__` (`_compiled_init`: as fast as a hand-written one, this one
    taking up to twice as long) and puts it in the class. A single grading makes fewer than
    HOT records of each class, so it compiles nothing: the interpreter's first compile costs
    more than a cold start's records (SPEC §8 has the figures)."""
    plan = _plans.get(type(self)) or _Plan.of(type(self))
    values: Sequence[Any] = args
    if kwargs or len(args) != plan.arity:
        tail = plan.tails.get(len(args)) or plan.tail(args, kwargs)
        try:  # the fields left to the keywords: the required ones, then those with a default
            values = [*args, *map(kwargs.pop, tail[0]), *map(kwargs.pop, tail[1], tail[2])]
        except KeyError:  # a required one is missing
            plan.refuse(args, kwargs)
        if kwargs:
            plan.refuse(args, kwargs)
        for at, factory in plan.factories:
            if values[at] is _FACTORY:
                values[at] = factory()
    any(map(_set_slot, plan.slots, repeat(self), values))  # returns None: sets them all
    if plan.finish:
        plan.finish_record(self)
    plan.uses += 1
    if plan.uses == HOT:
        type.__setattr__(plan.cls, "__init__", _compiled_init(plan))


class _Plan:
    """How `__init__` of a record class takes its arguments, as `dataclass` writes it: the
    fields without `init=False`, in order, by position or name (`defaults` in step with
    `names`: `_MISSING` for none, `_FACTORY` for a `default_factory`, called per record);
    then the `init=False` fields get their default, and `__post_init__()` runs if the class
    has one. Made once per class, so kept to C loops where a class has no `field(...)`."""

    __slots__ = (
        "cls", "names", "arity", "defaults", "required", "tails", "factories", "fixed",
        "post_init", "finish", "uses", "slots",
    )  # fmt: skip

    @staticmethod
    def of(cls: type) -> _Plan:
        """The plan `_init` follows for a `cls` record: the plan of the first class in its
        MRO whose `__init__` is `_init` (`cls`, unless `cls` writes its own `__init__` and
        calls its base's)."""
        owner = cls
        if cls.__dict__.get("__init__") is not _init:
            owner = next(k for k in cls.__mro__ if k.__dict__.get("__init__") is _init)
        plan = _plans.get(owner) or _Plan(owner)
        _plans[cls] = _plans[owner] = plan
        return plan

    def __init__(self, cls: type) -> None:
        specs: dict[str, Any] = cls.__record_defaults__  # type: ignore[attr-defined]
        fields: tuple[str, ...] = cls.__record_fields__  # type: ignore[attr-defined]
        self.factories: list[tuple[int, Callable[[], Any]]] = []
        self.fixed: list[tuple[str, Any, Callable[[], Any] | None]] = []
        if Field in map(type, specs.values()):
            names, defaults = self._fields_by_spec(fields, specs)
            required = next((at for at, d in enumerate(defaults) if d is not _MISSING), len(names))
        else:
            names, defaults = fields, tuple(map(specs.get, fields, repeat(_MISSING)))
            required = len(names) - len(specs)
        self.cls = cls
        self.names = names
        self.slots = tuple(map(getattr, repeat(cls), names))  # their slots' descriptors
        self.arity = len(names)
        self.defaults = defaults
        self.required = required  # the fields without a default come first
        if any(map(is_, defaults[self.required :], repeat(_MISSING))):
            late = names[defaults.index(_MISSING, self.required)]
            raise TypeError(
                f"record {cls.__qualname__}: field {late!r} has no default but follows one "
                "that has (give it a default, or move it up)"
            )
        self.tails: dict[int, tuple[tuple[str, ...], tuple[str, ...], tuple[Any, ...]]] = {}
        # Not `hasattr`: a type's missing attribute raises inside (a tenth of a plan's cost).
        self.post_init = any(["__post_init__" in k.__dict__ for k in cls.__mro__])
        self.finish = bool(self.fixed) or self.post_init
        self.uses = 0

    def _fields_by_spec(
        self, fields: tuple[str, ...], specs: dict[str, Any]
    ) -> tuple[tuple[str, ...], tuple[Any, ...]]:
        """The fields `__init__` takes and their defaults, where some have a `field(...)`:
        a factory's is `_FACTORY`; an `init=False` one goes to `fixed`."""
        names: list[str] = []
        defaults: list[Any] = []
        for name in fields:
            spec = specs.get(name, _MISSING)
            if type(spec) is not Field:
                names.append(name)
                defaults.append(spec)
            elif not spec.init:  # set to its default, if it has one (else `__init__` does not)
                if spec.default is not _MISSING or spec.default_factory is not None:
                    self.fixed.append((name, spec.default, spec.default_factory))
            else:
                if spec.default_factory is not None:
                    self.factories.append((len(names), spec.default_factory))
                names.append(name)
                defaults.append(_FACTORY if spec.default_factory is not None else spec.default)
        return tuple(names), tuple(defaults)

    def tail(
        self, args: tuple[Any, ...], kwargs: dict[str, Any]
    ) -> tuple[tuple[str, ...], tuple[str, ...], tuple[Any, ...]]:
        """The fields left to the keywords after `args`: the required ones, and those with a
        default with their defaults (kept in `tails` for the next call so shaped)."""
        given = len(args)
        if given > self.arity:
            self.refuse(args, kwargs)
        start = max(given, self.required)
        made = (self.names[given : self.required], self.names[start:], self.defaults[start:])
        self.tails[given] = made
        return made

    def refuse(self, args: tuple[Any, ...], kwargs: dict[str, Any]) -> NoReturn:
        """The `TypeError` Python raises for a call that does not fit the signature (what
        is left of `kwargs` after the fields' were taken out)."""
        call = f"{self.cls.__qualname__}.__init__()"
        if len(args) > self.arity:
            raise TypeError(
                f"{call} takes {self.arity + 1} positional arguments but {len(args) + 1} were given"
            )
        for name in kwargs:
            how = "multiple values for" if name in self.names else "an unexpected keyword"
            raise TypeError(f"{call} got {how} argument {name!r}")
        missing = ", ".join(self.names[len(args) : self.required])
        raise TypeError(f"{call} missing required argument(s) among: {missing}")

    def finish_record(self, record: Record) -> None:
        for name, default, factory in self.fixed:
            _set(record, name, default if factory is None else factory())
        if self.post_init:
            record.__post_init__()  # type: ignore[attr-defined]


def _compiled_init(plan: _Plan) -> Callable[..., None]:
    """The class's own `__init__`, written out and compiled: the same work as `_init`'s,
    with the arguments bound by the interpreter and one statement per field.

    A record of the class itself is filled as its assignable twin (`assignable`): made
    one for the time of the plain assignments, which the interpreter specialises to a
    store into the slot, and made the class again. A record of a subclass (one that
    inherits this `__init__`) has its fields set by their slots' own `__set__`, bound once
    here, as are a record's with fewer than `_TWIN_FROM` fields. Measured on a record of
    four fields: about 4,900 instructions by the slots' `__set__`, 4,100 through the
    twin; of one field, 2,700 and 3,700 (a test makes about 50 records)."""
    outer: dict[str, Any] = {"_FACTORY": _FACTORY}
    factories = dict(plan.factories)
    params = ["self"]
    values: list[tuple[str, str]] = []  # (field, the expression of its value)
    for at, (name, default) in enumerate(zip(plan.names, plan.defaults, strict=True)):
        value = name
        if default is _FACTORY:
            outer[f"_factory_{name}"] = factories[at]
            value = f"_factory_{name}() if {name} is _FACTORY else {name}"
        param = name
        if default is not _MISSING:
            outer[f"_default_{name}"] = default
            param = f"{name}=_default_{name}"
        params.append(param)
        outer[f"_set_{name}"] = plan.slots[at].__set__
        values.append((name, value))
    for name, default, factory in plan.fixed:
        outer[f"_fixed_{name}"] = default if factory is None else factory
        outer[f"_set_{name}"] = getattr(plan.cls, name).__set__
        values.append((name, f"_fixed_{name}{'' if factory is None else '()'}"))
    lines = []
    if len(values) >= _TWIN_FROM:
        outer["_cls"] = plan.cls
        outer["_twin"] = assignable(plan.cls)
        outer["_set_class"] = set_class
        lines += [" if self.__class__ is _cls:", "  _set_class(self, _twin)"]
        lines += [f"  self.{name} = {value}" for name, value in values]
        lines += ["  self.__class__ = _cls", " else:"]
        lines += [f"  _set_{name}(self, {value})" for name, value in values]
    else:
        lines += [f" _set_{name}(self, {value})" for name, value in values]
    if plan.post_init:
        lines.append(" self.__post_init__()")
    source = (
        f"def _make({', '.join(outer)}):\n"
        f" def __init__({', '.join(params)}):\n"
        + "".join([f"  {line}\n" for line in lines or [" pass"]])
        + " return __init__\n"
    )
    namespace: dict[str, Any] = {}
    exec(compile(source, f"<record {plan.cls.__qualname__}>", "exec"), namespace)
    made: Callable[..., None] = namespace["_make"](**outer)
    made.__qualname__ = f"{plan.cls.__qualname__}.__init__"
    return made


# The fields from which `_compiled_init` fills a record as its twin: the two changes of
# class cost about 1,350 instructions, a field set through its slot's `__set__` about 740
# more than a plain assignment.
_TWIN_FROM = 3
# Sets an object's class past the record's own `__setattr__`: a record is made its twin
# with it (`_compiled_init`, `model.TestCase`).
set_class = object.__dict__["__class__"].__set__
_twins: dict[type, type] = {}


def assignable(cls: type[_R]) -> type[_R]:
    """`cls`'s assignable twin: a subclass with the same slots and no others, whose
    fields a plain assignment sets (`object.__setattr__`), made once per class. A record
    of `cls` may be made the twin (`object.__class__`'s setter: the layouts are the same),
    filled, and made `cls` again, never seen as the twin outside (the twin's own
    `__init__` is never called)."""
    twin = _twins.get(cls)
    if twin is None:
        namespace = {
            "__slots__": (),
            "__module__": cls.__module__,
            "__qualname__": f"{cls.__qualname__}.assignable",
        }
        twin = _twins[cls] = _RecordMeta(
            f"{cls.__name__}_assignable", (cls,), namespace, frozen=False
        )
    return twin


@dataclass_transform(frozen_default=True, field_specifiers=(field, Field))
class Record(metaclass=_RecordMeta):
    """A frozen record (see the module docstring). Set by the metaclass on each class:
    `__record_fields__`, its fields in order (inherited first); `_compared`, those equality,
    hash and repr use (not `compare=False`); `_init_fields`, those `__init__` and `replace`
    take (not `init=False`)."""

    if TYPE_CHECKING:  # not annotated at run time: the metaclass would take them as fields
        __record_fields__: ClassVar[tuple[str, ...]]
        _compared: ClassVar[tuple[str, ...]]
        _init_fields: ClassVar[tuple[str, ...]]

        def __init_subclass__(cls, *, frozen: bool = True) -> None:
            """`frozen`, a class statement's keyword: `class C(Record, frozen=False)`."""

    def _values(self) -> tuple[object, ...]:
        return tuple([getattr(self, name) for name in self._compared])

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        assert isinstance(other, Record)
        return self._values() == other._values()

    def __hash__(self) -> int:
        return hash(self._values())

    def __repr__(self) -> str:
        shown = ", ".join([f"{name}={getattr(self, name)!r}" for name in self._compared])
        return f"{type(self).__qualname__}({shown})"

    def __setattr__(self, name: str, value: object) -> None:
        raise FrozenInstanceError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError(f"cannot delete field {name!r}")

    # Pickling and copying set the fields past the frozen `__setattr__`, as the dataclass's
    # own `__getstate__`/`__setstate__` did.
    def __getstate__(self) -> tuple[object, ...]:
        return tuple([getattr(self, name) for name in self.__record_fields__])

    def __setstate__(self, state: tuple[object, ...]) -> None:
        for name, value in zip(self.__record_fields__, state, strict=True):
            _set(self, name, value)


def replace(obj: _R, /, **changes: Any) -> _R:
    """A copy of `obj` with `changes`, made by its `__init__` (as `dataclasses.replace`);
    a dataclass goes to `dataclasses.replace` itself."""
    if not isinstance(obj, Record):
        import dataclasses

        return dataclasses.replace(obj, **changes)  # type: ignore[type-var]
    values = {name: getattr(obj, name) for name in obj._init_fields if name not in changes}
    made: _R = type(obj)(**values, **changes)
    return made
