"""The critique's own pattern reader and blowup analysis (critique/_pattern, _automaton)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from agentv_grader.critique import _automaton, _pattern
from agentv_grader.critique.regex_risk import assess


@pytest.mark.parametrize(
    ("pattern", "flags", "expected"),
    [
        ("a*", "", True),
        ("", "", True),
        ("^", "", True),
        ("$", "", True),
        ("x|", "", True),
        ("(?:abc)?", "", True),
        ("(?i)(a)?", "", True),
        ("\\b", "", False),
        ("^$", "", False),
        ("^a*$", "", False),
        ("a+", "", False),
        ("(?=a)", "", False),
        ("$", "y", False),
        ("[", "", None),
        ("a**", "", None),
        ("(?<n>a)\\k<n>?", "", False),
    ],
)
def test_matches_anything(pattern: str, flags: str, expected: bool | None) -> None:
    assert _pattern.matches_anything(pattern, flags) is expected


def _risk(pattern: str, flags: str = "") -> _automaton.Risk | None:
    node = _pattern.read_pattern(pattern, flags)
    return _automaton.analyse(_automaton.build(node, "y" in flags))


@pytest.mark.parametrize(
    ("pattern", "degree"),
    [
        ("^(a+)+$", 0),
        ("(a|a)*$", 0),
        ("(a|aa)+$", 0),
        ("(a*)*b", 0),
        ("(\\w+\\s?)*$", 0),
        ("^(a|a?)+$", 0),
        ("(x+x+)+y", 0),
        ("([a-z]|[aeiou])+\\d", 0),
        ("^(a{1,3})+$", 0),
        ("\\d+\\d+x", 3),
        ("\\w+\\s*\\w+!", 3),
        ("^\\d+\\d+\\d+x", 3),
        ("(.*),(.*),(.*)$", 4),
    ],
)
def test_blowups_found(pattern: str, degree: int) -> None:
    risk = _risk(pattern)
    assert risk is not None and risk.degree == degree


@pytest.mark.parametrize(
    "pattern",
    [
        "^a+$", "a+", "(a+)+", "(a|b)*c", "\\s+$", "^\\d+\\d+x", ".*\\d+.*", "\\bParis\\b",
        "^\\d{3}-\\d{4}$", "\\d+(\\.\\d+)?%", '"name":\\s*"[^"]+"', "(\\w+\\s)*$",
        "^(\\d|\\d\\.)+$", "[A-Z][a-z]+ [A-Z][a-z]+", "(?:ab)+c", "^(a|b)+$",
    ],
)  # fmt: skip
def test_safe_patterns(pattern: str) -> None:
    assert _risk(pattern) is None


def test_case_folding_makes_sets_overlap() -> None:
    assert _risk("^(A|a)+$") is None
    risk = _risk("^(A|a)+$", "i")
    assert risk is not None and risk.degree == 0


def test_attack_string_is_built_from_the_pattern() -> None:
    found = assess("^x(ab|a)*(a+)+$", "")
    assert found is not None
    assert found.attack.startswith("x") and found.attack.endswith("!")
    assert found.growth == "exponential"


@settings(max_examples=300, deadline=None)
@given(
    st.text(alphabet="ab()[]{}|*+?.^$\\-,:=!<>dwsbkpu0123", max_size=24),
    st.sampled_from(["", "i", "u", "s", "y", "m"]),
)
def test_reading_and_analysing_never_crash(pattern: str, flags: str) -> None:
    _pattern.matches_anything(pattern, flags)
    assess(pattern, flags)
