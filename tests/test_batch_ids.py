"""A batch checks its test ids with one match where the id is plainly safe
(`batch._PLAIN_ID`), and asks `unsafe_test_id` about every other: the same ids refused."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from agentv_grader import batch
from agentv_grader.names import unsafe_test_id


@given(st.from_regex(batch._PLAIN_ID, fullmatch=True))
@settings(max_examples=300, deadline=None)
def test_an_id_the_quick_match_passes_is_one_unsafe_test_id_passes(test_id: str) -> None:
    assert unsafe_test_id(test_id) is None


@given(st.text(max_size=300))
@settings(max_examples=300, deadline=None)
def test_the_quick_match_passes_no_id_unsafe_test_id_refuses(test_id: str) -> None:
    if unsafe_test_id(test_id) is not None:
        assert batch._PLAIN_ID.fullmatch(test_id) is None


def test_ids_the_quick_match_leaves_to_the_full_check() -> None:
    for test_id in ["", ".", "..", ".hidden", "a/b", "a b", "é", "C:x", "x" * 256]:
        assert batch._PLAIN_ID.fullmatch(test_id) is None
