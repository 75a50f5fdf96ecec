"""A batch checks its test ids with one match over them all where each is plainly safe
(`batch.PLAIN_ID`, joined: `batch._all_plain`), and asks `unsafe_test_id` about every
other: the same ids refused, the same error first."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from agentv_grader import batch
from agentv_grader.errors import GradeInputError
from agentv_grader.model import Suite, TestCase
from agentv_grader.names import unsafe_test_id


@given(st.from_regex(batch.PLAIN_ID, fullmatch=True))
@settings(max_examples=300, deadline=None)
def test_an_id_the_quick_match_passes_is_one_unsafe_test_id_passes(test_id: str) -> None:
    assert batch._all_plain([test_id])
    assert unsafe_test_id(test_id) is None


@given(st.text(max_size=300))
@settings(max_examples=300, deadline=None)
def test_the_quick_match_passes_no_id_unsafe_test_id_refuses(test_id: str) -> None:
    if unsafe_test_id(test_id) is not None:
        assert not batch._all_plain([test_id])


def test_ids_the_quick_match_leaves_to_the_full_check() -> None:
    for test_id in ["", ".", "..", ".hidden", "a/b", "a b", "é", "C:x", "x" * 256, "a\nb"]:
        assert not batch._all_plain([test_id])


# Ids as a suite may hold them: plain ones, and the characters that make one not plain
# (a line break above all, the joins' own separator), repeated to make duplicates.
_IDS = st.lists(
    st.one_of(
        st.sampled_from(["a", "b", "a.b", "-", "x" * 255, "x" * 256, "", ".", "\n", "a\nb"]),
        st.text(alphabet="ab.\n/é ", max_size=6),
    ),
    max_size=12,
)


@given(_IDS)
@settings(max_examples=500, deadline=None)
def test_the_joined_match_is_every_ids_own(ids: list[str]) -> None:
    """`_all_plain` of the ids is the plain match of each (and some id given)."""
    one_by_one = all(re.fullmatch(batch.PLAIN_ID, test_id) for test_id in ids)
    assert batch._all_plain(ids) == (bool(ids) and one_by_one)


def _first_writing(suite: Suite, bench_dir: str) -> list[TestCase]:
    """`plan_batch` as first written: a match and a count per test."""
    seen: dict[str, int] = {}
    for test in suite.tests:
        problem = unsafe_test_id(test.id)
        if problem is not None:
            raise GradeInputError(
                problem, file=suite.path, line=test.line, hint="test ids name folders"
            )
        seen[test.id] = seen.get(test.id, 0) + 1
    duplicates = sorted(i for i, n in seen.items() if n > 1)
    if duplicates:
        raise GradeInputError(
            "duplicate test id(s): " + ", ".join(repr(d) for d in duplicates),
            file=suite.path,
            hint="give each test a unique id",
        )
    return list(suite.tests)


def _planned(plan: object, suite: Suite, bench_dir: str) -> object:
    try:
        return plan(suite, bench_dir)  # type: ignore[operator]
    except GradeInputError as exc:
        return str(exc), exc.line


@given(_IDS)
@settings(max_examples=500, deadline=None)
def test_the_plan_refuses_what_its_first_writing_refused(ids: list[str]) -> None:
    """The same tests, or the same error (the first unsafe id's, with its line, before
    any duplicate)."""
    tests = tuple(
        TestCase(id=test_id, suite="s", threshold=0.8, threshold_source="default", line=n)
        for n, test_id in enumerate(ids, 1)
    )
    suite = Suite(path="s.eval.yaml", name="s", sha256="", tests=tests)
    assert _planned(batch.plan_batch, suite, ".") == _planned(_first_writing, suite, ".")


def test_a_missing_bench_dir_is_refused_after_the_ids(tmp_path: object) -> None:
    tests = (TestCase(id="a", suite="s", threshold=0.8, threshold_source="default"),) * 2
    suite = Suite(path="s.eval.yaml", name="s", sha256="", tests=tests)
    with pytest.raises(GradeInputError, match="duplicate test id"):
        batch.plan_batch(suite, "/no/such/folder")
