"""Safe result-file names (SPEC §6)."""

from __future__ import annotations

import hashlib

import pytest

from agentv_grader.names import safe_name, unique_safe_names, unsafe_test_id, unused_name


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("contains-Paris", "contains-Paris"),
        ("regex-^Paris$", "regex-_Paris_"),
        ("equals-a b/c\\d", "equals-a_b_c_d"),
        (".hidden", "_.hidden"),
        ("CON", "_CON"),
        ("com1.json", "_com1.json"),
        ("café", "caf_"),
        ("", "_"),
    ],
)
def test_safe_name(name: str, expected: str) -> None:
    assert safe_name(name) == expected


def test_long_names_are_cut_with_a_hash_of_the_full_name() -> None:
    name = "contains-" + "x" * 200
    out = safe_name(name)
    assert out == name[:100] + "-" + hashlib.sha256(name.encode()).hexdigest()[:8]


def test_case_insensitive_collisions_get_numbered_in_order() -> None:
    names = ["contains-Paris", "contains-paris", "contains-PARIS", "regex-^a", "regex-_a"]
    assert unique_safe_names(names) == [
        "contains-Paris",
        "contains-paris-2",
        "contains-PARIS-3",
        "regex-_a",
        "regex-_a-2",
    ]


def test_reserved_names_are_avoided() -> None:
    assert unique_safe_names(["a", "b"], taken={"A"}) == ["a-2", "b"]


@pytest.mark.parametrize("test_id", ["", " ", ".", "..", "a/b", "a\\b", "C:x", "a\x00b"])
def test_unsafe_test_ids(test_id: str) -> None:
    assert unsafe_test_id(test_id) is not None


@pytest.mark.parametrize("test_id", ["t1", "case.01", "a-b_c", "..x"])
def test_safe_test_ids(test_id: str) -> None:
    assert unsafe_test_id(test_id) is None


def test_unused_name_counts_up_past_every_name_taken_ignoring_case() -> None:
    used = {"rubrics", "rubrics-2"}
    assert unused_name("Rubrics", used) == "Rubrics-3"
    assert unused_name("tone", used) == "tone"
    assert used == {"rubrics", "rubrics-2", "rubrics-3", "tone"}
