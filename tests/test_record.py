"""`agentv_grader.record`: the frozen records answer as the `dataclass(frozen=True,
slots=True)` classes they replaced (SPEC §8, cold start)."""

from __future__ import annotations

import copy
import dataclasses
import pickle
from typing import Any

import pytest

from agentv_grader.grading import Paths
from agentv_grader.load.assertions import ListContext
from agentv_grader.model import AssertionSpec, CheckItem, Outcome, Status, TestCase, Verdict
from agentv_grader.record import FrozenInstanceError, Record, replace


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
