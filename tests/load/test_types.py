"""Type spellings (SPEC §3): kebab canonical, snake_case, legacy names, `not-` forms."""

from __future__ import annotations

import pytest

from agentv_grader.load.types import KNOWN_TYPES, resolve_type


@pytest.mark.parametrize(
    ("authored", "canonical", "negate"),
    [
        ("contains", "contains", False),
        ("contains_any", "contains-any", False),
        ("starts_with", "starts-with", False),
        ("field_accuracy", "field-accuracy", False),
        ("code-grader", "script", False),
        ("code_judge", "script", False),
        ("script-grader", "script", False),
        ("llm-grader", "llm-rubric", False),
        ("llm_judge", "llm-rubric", False),
        ("rubric", "llm-rubric", False),
        ("rubrics", "llm-rubric", False),
        ("not-contains", "contains", True),
        ("not_contains", "contains", True),
        ("not-is-json", "is-json", True),
        ("not-trajectory:tool-used", "trajectory:tool-used", True),
        ("not-skill-used", "skill-used", True),
        ("transcript-not-contains", "transcript-contains", True),
        ("output-not-matches", "output-matches", True),
        ("skill-trigger", "skill-trigger", False),
        ("skill_trigger", "skill-trigger", False),
    ],
)
def test_spellings(authored: str, canonical: str, negate: bool) -> None:
    resolved = resolve_type(authored)
    assert (resolved.type, resolved.negate, resolved.problem) == (canonical, negate, None)
    assert resolved.normalised_from == (None if authored == canonical else authored)


@pytest.mark.parametrize("kind", sorted(KNOWN_TYPES))
def test_every_known_type_resolves_to_itself_and_its_not_form(kind: str) -> None:
    assert resolve_type(kind).type == kind and resolve_type(kind).normalised_from is None
    negated = resolve_type(f"not-{kind}")
    assert (negated.type, negated.negate, negated.problem) == (kind, True, None)


@pytest.mark.parametrize("authored", ["levenshtein", "is-xml", "not-is-xml", "similar:cosine"])
def test_promptfoo_future_scope_types_are_problems(authored: str) -> None:
    assert f"'{authored}'" in (resolve_type(authored).problem or "")


def test_g_eval_names_agentvs_replacement() -> None:
    assert "use 'llm-rubric'" in (resolve_type("g-eval").problem or "")


def test_unknown_type_suggests_close_names() -> None:
    problem = resolve_type("contians").problem or ""
    assert "unknown assertion type 'contians'" in problem and "'contains'" in problem
