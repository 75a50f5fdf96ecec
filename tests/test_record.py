"""`agentv_grader.record`: the frozen records answer as the `dataclass(frozen=True,
slots=True)` classes they replaced (SPEC §8, cold start)."""

from __future__ import annotations

import copy
import dataclasses
import pickle
from typing import Any, ClassVar

import pytest

from agentv_grader import record
from agentv_grader.grading import Paths
from agentv_grader.load.assertions import ListContext
from agentv_grader.model import AssertionSpec, CheckItem, Outcome, Status, TestCase, Verdict
from agentv_grader.record import FrozenInstanceError, Record, field, replace


@dataclasses.dataclass(frozen=True, slots=True)
class _CheckItemAsDataclass:
    text: str
    passed: bool
    evidence: str = ""


def test_a_record_compares_hashes_and_shows_as_the_dataclass_did() -> None:
    item = CheckItem("a", True)
    twin = _CheckItemAsDataclass("a", True)
    assert repr(item) == repr(twin).replace("_CheckItemAsDataclass", "CheckItem")
    assert item == CheckItem("a", True, "") and item != CheckItem("a", False)
    assert hash(item) == hash(twin) == hash(("a", True, ""))
    assert item != twin and (item == twin) is False  # another type is never equal
    assert item.__eq__(twin) is NotImplemented


def test_a_record_is_frozen_and_has_no_other_attributes() -> None:
    spec = AssertionSpec(0, "n", "contains", {"value": "x"})
    with pytest.raises(FrozenInstanceError):
        spec.name = "m"  # type: ignore[misc]
    with pytest.raises(FrozenInstanceError):
        del spec.name  # type: ignore[misc]
    with pytest.raises(AttributeError):
        object.__setattr__(spec, "other", 1)
    assert isinstance(FrozenInstanceError("x"), AttributeError)


def test_defaults_and_new_dicts_per_instance() -> None:
    first = Verdict(Status.PASSED, 1.0, "ok")
    second = Verdict(Status.PASSED, 1.0, "ok")
    assert first.details == {} and first.details is not second.details
    assert (first.evidence, first.checks, first.negation_proof, first.children) == (
        "",
        (),
        False,
        (),
    )
    assert "details={}" in repr(first)


def test_replace_makes_a_new_record_through_init() -> None:
    spec = AssertionSpec(0, "n", "contains", {"value": "x"}, weight=2.0)
    changed = replace(spec, name="m", negate=True)
    assert changed == AssertionSpec(0, "m", "contains", {"value": "x"}, 2.0, negate=True)
    assert spec.name == "n"
    with pytest.raises(TypeError):
        replace(spec, nope=1)
    with pytest.raises(Exception, match="threshold"):
        from agentv_grader.options import GradeOptions

        replace(GradeOptions(), threshold=2.0)  # `__init__` checks, as `__post_init__` did


def test_replace_of_a_dataclass_is_dataclasses_replace() -> None:
    assert replace(_CheckItemAsDataclass("a", True), text="b") == _CheckItemAsDataclass("b", True)


def test_a_test_case_keeps_identity_equality_and_its_public_repr() -> None:
    test = TestCase(id="t", suite="s", threshold=0.5, threshold_source="default")
    other = replace(test, id="u")
    assert (other.id, other.suite, other.threshold) == ("u", "s", 0.5)
    assert test != TestCase(id="t", suite="s", threshold=0.5, threshold_source="default")
    assert hash(test) == object.__hash__(test)
    assert repr(test).startswith("TestCase(id='t', suite='s', threshold=0.5, ")
    assert "_build" not in repr(test) and repr(test).endswith("output_transform=None)")


# `new_test_case`'s parameters in order, as `TestCase`'s keywords.
_BY_POSITION = (
    "id", "suite", "threshold", "threshold_source", "threshold_problem", "input_text",
    "input_messages", "criteria", "expected_output", "vars", "line", "turns",
    "output_transform", "build", "warnings",
)  # fmt: skip


def _test_case_values() -> tuple[Any, ...]:
    """A different value for each of `_BY_POSITION`."""
    spec = AssertionSpec(1, "n", "contains", {"value": "a"})
    return (
        "i", "s", 0.25, "src", ValueError("p"), "in", ({"role": "user", "content": "m"},),
        "c", ["e"], {"v": 1}, 7, ({"input": "t"},), "x", lambda: ((spec,), ("built",)), ("w",),
    )  # fmt: skip


def _slots_of(test: TestCase) -> list[Any]:
    return [object.__getattribute__(test, name) for name in TestCase.__slots__]


def test_a_test_case_made_by_position_is_the_one_made_by_keyword() -> None:
    """The eval loader makes each test with `new_test_case` (its fields by position,
    filled as the assignable twin): every slot as `TestCase(...)` sets it, a TestCase,
    frozen; and `TestCase(...)` itself, filled the same way, sets each field given."""
    from agentv_grader.model import new_test_case

    values = _test_case_values()
    made = new_test_case(*values)
    keyword = TestCase(**dict(zip(_BY_POSITION, values, strict=True)))
    assert type(made) is TestCase and type(keyword) is TestCase
    assert _slots_of(made) == _slots_of(keyword)
    assert all(map(lambda a, b: a is b, _slots_of(made), _slots_of(keyword)))
    by_name = dict(zip(TestCase.__slots__, _slots_of(made), strict=True))
    for name, value in zip(_BY_POSITION, values, strict=True):
        assert by_name["_" + name if name in ("build", "warnings") else name] is value, name
    assert by_name["_assertions"] is None
    assert made.warnings == keyword.warnings == ("built", "w")
    assert made.assertions == keyword.assertions and len(made.assertions) == 1
    for test in (made, keyword):
        with pytest.raises(FrozenInstanceError):
            test.id = "u"  # type: ignore[misc]
        with pytest.raises(FrozenInstanceError):
            del test.line  # type: ignore[misc]
    assert replace(made, id="u").id == "u" and copy.copy(made).criteria == "c"
    spec = AssertionSpec(1, "n", "regex", {"value": "^a"})
    given = TestCase(id="t", suite="s", threshold=1.0, threshold_source="d", assertions=(spec,))
    assert (given.assertions, given.vars, given.warnings, given._build) == ((spec,), {}, (), None)


def _made_by_position(make: Any, cls: type[Record], values: tuple[Any, ...]) -> Any:
    """`make(*values)` (a maker that fills the record's assignable twin), held to the
    record `cls(*values)` makes: its type, equality, repr, frozen fields (each the very
    value given), pickling, and the maker's parameters the record's fields in order."""
    import inspect

    made = make(*values)
    plain = cls(*values)
    assert type(made) is cls
    assert made == plain and repr(made) == repr(plain)
    fields = cls.__record_fields__
    assert tuple(inspect.signature(make).parameters) == fields
    assert all(getattr(made, name) is value for name, value in zip(fields, values, strict=True))
    with pytest.raises(FrozenInstanceError):
        setattr(made, fields[1], "m")
    assert pickle.loads(pickle.dumps(made)) == plain
    return made


def test_an_assertion_spec_made_by_position_is_the_records_own() -> None:
    """The loader makes each assertion with `new_assertion_spec` (filled as the
    assignable twin): the record `AssertionSpec(...)` makes, field for field."""
    from agentv_grader.model import new_assertion_spec

    child = AssertionSpec(0, "c", "contains", {"value": "x"})
    values = (3, "n", "regex", {"value": "^a"}, 2.0, True, True, 0.5, "re", "x", "p", 9, (child,))
    made = _made_by_position(new_assertion_spec, AssertionSpec, values)
    assert replace(made, name="m") == replace(AssertionSpec(*values), name="m")
    assert made.value == "^a"


def test_an_outcome_made_by_position_is_the_records_own() -> None:
    """The engine makes each outcome with `new_outcome` (filled as the assignable twin):
    the record `Outcome(...)` makes, field for field."""
    from agentv_grader.model import PASSED, new_outcome

    spec = AssertionSpec(0, "c", "contains", {"value": "x"})
    child = Outcome(spec, PASSED, 1.0, "t", "e")
    values = (spec, PASSED, 0.5, "text", "ev", (CheckItem("a", True),), {"k": 1}, (child,))
    made = _made_by_position(new_outcome, Outcome, values)
    assert made.passed is True


def test_a_run_with_another_response_is_what_replace_makes() -> None:
    """The critique grades each decoy on `run_with_response(run, decoy)` (filled as the
    assignable twin): the record `replace(run, response=decoy)` makes, every field (the
    claims' too) the same object, whatever the run holds; a field RunData gains and the
    twin does not fill fails it."""
    from agentv_grader.model import RunData, run_with_response
    from agentv_grader.rundata.records import Timing

    test = TestCase(id="t", suite="s", threshold=0.5, threshold_source="default")
    full = RunData(
        test=test, response="answer", response_path="/b/t/response.md", eval_dir="/e",
        timing=Timing(path="/b/t/timing.json"), timing_problem="late", transcript=None,
        transcript_problem="no transcript", llm_results={},
    )  # fmt: skip
    for run in (RunData(test=test, response="answer"), full):
        run.claims()  # checked and kept on the original: not carried over
        made = run_with_response(run, "decoy")
        plain = replace(run, response="decoy")
        assert type(made) is RunData and made == plain and repr(made) == repr(plain)
        for name in RunData.__record_fields__:
            assert getattr(made, name) is getattr(plain, name), name
        assert made.claims() is None and made is not run_with_response(run, "decoy")
        with pytest.raises(FrozenInstanceError):
            made.response = "m"  # type: ignore[misc]


@pytest.mark.parametrize("ok", [True, False])
def test_a_binary_verdict_is_the_records_own(ok: bool) -> None:
    """`Verdict.binary` fills its verdict as the assignable twin: the record the keyword
    constructor makes, each with a details mapping of its own."""
    from agentv_grader.model import FAILED, PASSED, Verdict

    made = Verdict.binary(ok, "yes", "no", "ev")
    plain = Verdict(
        status=PASSED if ok else FAILED, score=1.0 if ok else 0.0, text="yes" if ok else "no",
        evidence="ev",
    )  # fmt: skip
    assert type(made) is Verdict and made == plain and repr(made) == repr(plain)
    assert made.details == {} and made.details is not Verdict.binary(ok, "", "").details
    assert Verdict.binary(ok, "yes", "no") == replace(plain, evidence="")
    with pytest.raises(FrozenInstanceError):
        made.text = "m"  # type: ignore[misc]


def test_a_subclass_of_test_case_is_filled_as_itself() -> None:
    class Named(TestCase):
        def __init__(self, **fields: Any) -> None:
            super().__init__(**fields)

    values = _test_case_values()
    made = Named(**dict(zip(_BY_POSITION, values, strict=True)))
    assert type(made) is Named
    assert _slots_of(made) == _slots_of(TestCase(**dict(zip(_BY_POSITION, values, strict=True))))
    assert Named(id="t", suite="s", threshold=1.0, threshold_source="d").vars == {}


def test_fields_left_out_of_equality_are_left_out_of_repr() -> None:
    paths = Paths("d", "b", "r", None, None, None)
    listed = replace(paths, listing=object())  # type: ignore[arg-type]
    assert paths == listed and hash(paths) == hash(listed)
    assert "listing" not in repr(listed)


def test_list_context_is_mutable_and_unhashable() -> None:
    ctx = ListContext("t", ".", {})
    ctx.warnings.append("w")
    ctx.group_depth = 2
    inner = replace(ctx, include_chain=("a",))
    assert (inner.warnings, inner.group_depth, inner.include_chain) == (["w"], 2, ("a",))
    assert inner.warnings is ctx.warnings  # shared, as `dataclasses.replace` shares it
    with pytest.raises(TypeError):
        hash(ctx)


@pytest.mark.parametrize("how", ["pickle", "copy", "deepcopy"])
def test_records_pickle_and_copy(how: str) -> None:
    spec = AssertionSpec(1, "n", "regex", {"value": "^a"}, children=())
    outcome = Outcome(spec, Status.FAILED, 0.0, "t", "e", (CheckItem("c", False),))
    copied: Any
    if how == "pickle":
        copied = pickle.loads(pickle.dumps(outcome))
    elif how == "copy":
        copied = copy.copy(outcome)
    else:
        copied = copy.deepcopy(outcome)
    assert copied == outcome and copied is not outcome
    assert isinstance(copied, Record)
    with pytest.raises(FrozenInstanceError):
        copied.text = "x"


# ---------------------------------------------------------------- one declaration per field
class _Item(Record):
    """A record with every kind of field the package's records use."""

    name: str
    count: int
    note: str = ""
    tags: dict[str, int] = field(default_factory=dict)
    cache: int = field(default=0, compare=False)
    seen: list[str] = field(default_factory=list, init=False, compare=False)
    fixed: int | None = field(default=None, init=False)


class _Checked(Record):
    value: int = 0

    def __post_init__(self) -> None:
        if self.value < 0:
            raise ValueError("value must not be negative")


def test_slots_are_derived_from_the_annotations() -> None:
    assert _Item.__slots__ == ("name", "count", "note", "tags", "cache", "seen", "fixed")
    assert not hasattr(_Item("a", 1), "__dict__")
    assert "note" not in _Item.__dict__ or not isinstance(_Item.__dict__["note"], str)
    assert AssertionSpec.__slots__[:3] == ("index", "name", "type")


def test_defaults_factories_and_fields_left_out_of_init() -> None:
    item = _Item("a", 1)
    assert (item.note, item.tags, item.cache, item.seen, item.fixed) == ("", {}, 0, [], None)
    assert item.tags is not _Item("a", 1).tags and item.seen is not _Item("a", 1).seen
    assert _Item("a", 1, tags={"x": 1}).tags == {"x": 1}
    assert _Item._init_fields == ("name", "count", "note", "tags", "cache")
    assert _Item._compared == ("name", "count", "note", "tags", "fixed")
    assert _Item("a", 1, cache=5) == _Item("a", 1) and "cache" not in repr(_Item("a", 1))
    with pytest.raises(TypeError):
        _Item("a", 1, seen=[])  # type: ignore[call-arg]
    assert replace(item, count=2) == _Item("a", 2)


# The calls both `__init__`s must answer alike: the shared one (before a class is hot) and
# the compiled one (after). Each is a tuple of positional arguments and keywords.
_CALLS: list[tuple[tuple[Any, ...], dict[str, Any]]] = [
    (("a", 1), {}),
    (("a", 1, "n", {"k": 2}, 3), {}),
    ((), {"name": "a", "count": 1}),
    (("a",), {"count": 1, "cache": 9, "note": "n"}),
    (("a", 1), {"tags": {"t": 1}}),
]
_BAD_CALLS: list[tuple[tuple[Any, ...], dict[str, Any]]] = [
    (("a",), {}),  # a required field missing
    ((), {"count": 1}),
    (("a", 1, "n", {}, 3, 4), {}),  # too many positional arguments
    (("a", 1), {"nope": 1}),
    (("a", 1), {"name": "b"}),  # a field given twice
    (("a", 1), {"seen": []}),  # `init=False`
]


def _made(cls: type[Any]) -> list[Any]:
    made = [cls(*args, **kwargs) for args, kwargs in _CALLS]
    for args, kwargs in _BAD_CALLS:
        with pytest.raises(TypeError):
            cls(*args, **kwargs)
    return made


def test_init_is_shared_until_a_class_is_hot_then_compiled_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    class Hot(_Item):  # fresh classes: their `__init__` is still the shared one
        pass

    class Cold(_Item):
        pass

    monkeypatch.setattr(record, "HOT", 20)
    compiled = []
    real = record._compiled_init
    monkeypatch.setattr(record, "_compiled_init", lambda plan: compiled.append(plan) or real(plan))
    assert Hot.__init__ is record._init and Cold.__init__ is record._init
    shared = _made(Hot)
    assert Hot.__init__ is record._init and not compiled
    while Hot.__init__ is record._init:
        Hot("x", 0)
    assert [plan.cls for plan in compiled] == [Hot]
    own = Hot.__init__
    assert own.__qualname__.endswith("Hot.__init__") and "Hot" in own.__code__.co_filename
    assert [(r.__class__, r._values(), r.seen, r.cache) for r in _made(Hot)] == [
        (r.__class__, r._values(), r.seen, r.cache) for r in shared
    ]
    for _ in range(3 * record.HOT):
        Hot("x", 0)
    assert Hot.__init__ is own and len(compiled) == 1  # compiled once per class
    assert Cold.__init__ is record._init  # a base's hot `__init__` is not a subclass's


def test_a_hot_record_is_filled_as_its_twin_and_is_itself_after(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The compiled `__init__` fills a record of three fields or more as its assignable
    twin and makes it its class again: frozen, equal to one the shared `__init__` made; a
    subclass calling it stays itself, and a smaller record is filled by its slots."""

    class Hot(_Item):
        pass

    class Mine(Hot):
        def __init__(self, name: str) -> None:
            super().__init__(name, 2)

    class Two(Record):
        name: str
        count: int = 0

    monkeypatch.setattr(record, "HOT", 3)
    before = [Hot("a", 1, "n", {"k": 2}, 3) for _ in range(record.HOT)]
    assert Hot.__init__ is not record._init and Hot in record._twins
    twin = record.assignable(Hot)
    assert issubclass(twin, Hot) and twin.__slots__ == () and twin.__setattr__ is object.__setattr__
    made = Hot("a", 1, "n", {"k": 2}, 3)
    assert made.__class__ is Hot and type(made) is Hot and made == before[0]
    assert (made.cache, made.seen, made.fixed) == (3, [], None)
    with pytest.raises(record.FrozenInstanceError):
        made.name = "b"  # type: ignore[misc]
    mine = Mine("m")
    assert type(mine) is Mine and (mine.name, mine.count) == ("m", 2)
    with pytest.raises(record.FrozenInstanceError):
        mine.count = 3  # type: ignore[misc]
    for _ in range(2 * record.HOT):
        assert type(Two("x", 1)) is Two
    assert Two.__init__ is not record._init and Two not in record._twins


def test_post_init_runs_in_both_inits(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(record, "HOT", 3)
    for _ in range(2 * record.HOT):
        assert _Checked(2).value == 2 and _Checked().value == 0
        with pytest.raises(ValueError, match="negative"):
            _Checked(-1)
    assert _Checked.__init__ is not record._init


def test_a_field_without_default_after_one_with_is_refused() -> None:
    class Bad(Record):
        first: int = 0
        second: int  # type: ignore[misc]

    with pytest.raises(TypeError, match="second"):
        Bad(1, 2)


def test_a_subclass_writing_its_init_calls_its_base_s() -> None:
    class Base(Record):
        name: str
        size: int = 1

    class Sized(Base):
        extra: int = 0

        def __init__(self, name: str) -> None:
            super().__init__(name.upper())  # type: ignore[call-arg]
            object.__setattr__(self, "extra", 7)

    sized = Sized("a")
    assert (sized.name, sized.size, sized.extra) == ("A", 1, 7)
    assert Sized.__record_fields__ == ("name", "size", "extra")
    assert Base("b") == Base("b", 1) and repr(Base("b")).endswith("Base(name='b', size=1)")


def test_no_record_of_the_package_writes_its_init_but_the_test_case() -> None:
    import importlib
    import pkgutil

    import agentv_grader

    for module in pkgutil.walk_packages(agentv_grader.__path__, "agentv_grader."):
        if module.name.rsplit(".", 1)[-1] not in ("__main__", "mcp_server"):
            importlib.import_module(module.name)
    written = set()
    pending = list(Record.__subclasses__())
    while pending:
        cls = pending.pop()
        pending += cls.__subclasses__()
        if cls.__module__.startswith("agentv_grader."):
            assert cls.__slots__ == tuple(cls.__dict__.get("__annotations__", ())), cls
            init = cls.__dict__.get("__init__", record._init)
            if init is not record._init and not init.__code__.co_filename.startswith("<record"):
                written.add(cls.__qualname__)  # neither shared nor compiled when hot
    assert written <= {"TestCase"}


def test_a_class_var_annotation_is_a_class_attribute_not_a_field() -> None:
    class Limits(Record):
        default_limit: ClassVar[int] = 10
        name: str
        limit: int = 3

    assert Limits.__slots__ == ("name", "limit")
    assert Limits.default_limit == 10
    made = Limits("a")
    assert (made.name, made.limit, made.default_limit) == ("a", 3, 10)
    assert repr(made).endswith(".Limits(name='a', limit=3)")
