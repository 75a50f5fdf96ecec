"""Assertion lists → specs (SPEC §3): names, common fields, templates, nothing dropped."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from agentv_grader.load.assertions import ListContext, build_list, build_one, generated_name
from agentv_grader.model import AssertionSpec


def _ctx(tmp_path: Path | None = None, **variables: Any) -> ListContext:
    return ListContext(test_id="t", eval_dir=str(tmp_path or "."), variables=variables)


def _one(item: Any, **variables: Any) -> AssertionSpec:
    return build_one(item, _ctx(**variables), 0)


@pytest.mark.parametrize(
    ("item", "name"),
    [
        ({"type": "contains", "value": "Paris"}, "contains-Paris"),
        ({"type": "equals", "value": "  A\n"}, "equals-  A\n"),
        ({"type": "regex", "value": "a" * 40}, "regex-" + "a" * 30),
        ({"type": "regex", "value": "😀" * 20}, "regex-" + "😀" * 15),
        ({"type": "contains-any", "value": ["a", "b", 3]}, "contains-any-3"),
        ({"type": "is-json"}, "is-json"),
        ({"type": "contains", "value": 42}, "contains"),
        ({"type": "latency", "threshold": 5}, "latency"),
        ({"type": "contains", "value": "x", "metric": "m"}, "m"),
        ({"type": "contains", "value": "x", "name": "n"}, "n"),
        ({"type": "contains", "value": "x", "metric": "m", "name": "n"}, "m"),
        ({"type": "not-contains", "value": "x"}, "not-contains-x"),
        ({"type": "not-is-json"}, "not-is-json"),
        ({"type": "not-skill-used", "value": "pdf"}, "not-skill-used-pdf"),
        ({"type": "not-trajectory:tool-used", "value": "Read"}, "not-trajectory:tool-used"),
        ({"type": "not_is_json"}, "not-is-json"),
        ({"type": "transcript-not-contains", "value": "x"}, "transcript-not-contains"),
        ({"type": "skill-trigger", "skill": "csv"}, "skill-trigger-csv"),
        ({"type": "skill-trigger", "skill": "csv", "should_trigger": False}, "skill-trigger-csv"),
    ],
)
def test_names(item: dict[str, Any], name: str) -> None:
    """`metric`, else `name`, else AgentV's generated name (regex: 30 UTF-16 units)."""
    assert _one(item).name == name


def test_generated_name_for_lists_counts_the_raw_list() -> None:
    assert generated_name("icontains-all", ["a", 1]) == "icontains-all-2"


def test_not_form_negates_and_records_the_spelling() -> None:
    spec = _one({"type": "not-contains", "value": "x"})
    assert (spec.type, spec.negate, spec.normalised_from, spec.problem) == (
        "contains",
        True,
        "not-contains",
        None,
    )


def test_not_form_with_negate_true_is_an_error() -> None:
    spec = _one({"type": "not-contains", "value": "x", "negate": True})
    assert spec.problem is not None and "double negation" in spec.problem


def test_skill_trigger_maps_to_skill_used() -> None:
    spec = _one({"type": "skill-trigger", "skill": "csv", "should_trigger": False})
    assert (spec.type, spec.negate, spec.value, spec.problem) == ("skill-used", True, "csv", None)
    bad = _one({"type": "skill-trigger", "skill": "csv", "should_trigger": "no"})
    assert bad.problem is not None and "should_trigger" in bad.problem


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        ({"weight": "2"}, "weight must be a number ≥ 0, got '2' (write weight: 2 without"),
        ({"weight": -1}, "weight must be a finite number ≥ 0"),
        ({"weight": True}, "weight must be a number"),
        ({"negate": "true"}, "negate must be true or false"),
        ({"required": 0.6}, "use 'required: true' + 'min_score: 0.6'"),
        ({"required": "yes"}, "required must be true or false"),
        ({"min_score": 1.5}, "min_score must be a number in 0..1"),
        ({"flags": 1}, "flags must be a string"),
        ({"transform": "x"}, "'transform' is not supported"),
        ({"postprocess": "x"}, "'postprocess' is not supported"),
        ({"preprocessors": ["x"]}, "'preprocessors' is not supported"),
    ],
)
def test_invalid_common_fields_make_the_assertion_an_error(
    extra: dict[str, Any], message: str
) -> None:
    spec = _one({"type": "contains", "value": "x", **extra})
    assert spec.problem is not None and message in spec.problem


@pytest.mark.parametrize("kind", ["llm-rubric", "script", "python", "javascript", "assert-set"])
def test_score_threshold_outside_0_1_is_an_error(kind: str) -> None:
    problem = _one({"type": kind, "threshold": 2}).problem or ""
    assert "threshold must be a number in 0..1" in problem
    assert _one({"type": kind, "threshold": 0.5}).problem is None


def test_latency_threshold_is_milliseconds_not_a_score() -> None:
    assert _one({"type": "latency", "threshold": 5000}).problem is None


def test_valid_fields_survive_a_broken_one() -> None:
    spec = _one({"type": "contains", "value": "x", "weight": 3, "negate": "yes"})
    assert spec.weight == 3.0 and spec.problem is not None


def test_type_problem_comes_first() -> None:
    spec = _one({"type": "levenshtein", "weight": "x"})
    assert spec.problem is not None and spec.problem.startswith("unsupported promptfoo")


@pytest.mark.parametrize(
    ("item", "message"),
    [
        ({"value": "x"}, "has no 'type'"),
        ({"type": ""}, "has no 'type'"),
        ({"type": 3}, "has no 'type'"),
        ([1, 2], "must be a mapping, got a list"),
        (42, "must be a mapping, got a number"),
    ],
)
def test_unusable_entries_become_errors(item: Any, message: str) -> None:
    spec = _one(item)
    assert spec.problem is not None and message in spec.problem


def test_vars_are_rendered_in_every_string() -> None:
    item = {"type": "contains-any", "value": ["{{ city }}", "x"], "metric": "m-{{ city }}"}
    spec = _one(item, city="Paris")
    assert spec.value == ["Paris", "x"] and spec.name == "m-Paris"


def test_undefined_var_is_an_error_for_that_assertion() -> None:
    spec = _one({"type": "contains", "value": "{{ nope }}"})
    assert spec.problem is not None and "undefined variable 'nope'" in spec.problem
    assert spec.type == "contains"


def test_whole_var_of_another_type_explains_the_fix() -> None:
    spec = _one({"type": "contains", "value": "{{ n }}"}, n=42)
    assert spec.value == 42
    assert spec.problem is not None and "'{{ n | string }}'" in spec.problem
    assert _one({"type": "contains", "value": "{{ n | string }}"}, n=42).value == "42"


def test_config_options_merge_under_the_top_level(tmp_path: Path) -> None:
    ctx = _ctx(tmp_path)
    spec = build_one({"type": "contains", "value": "a", "config": {"value": "b", "x": 1}}, ctx, 0)
    assert spec.options["value"] == "a" and spec.options["x"] == 1
    assert ctx.warnings and "top level wins" in ctx.warnings[0]


def test_plain_strings_become_one_pending_rubric_at_the_first_string() -> None:
    specs = build_list(
        [{"type": "contains", "value": "P"}, " Mentions it ", "", {"type": "is-json"}, "Short"],
        _ctx(),
    )
    assert [s.type for s in specs] == ["contains", "llm-rubric", "is-json"]
    rubric = specs[1]
    assert rubric.value == ["Mentions it", "Short"] and rubric.weight == 2.0
    assert [s.index for s in specs] == [0, 1, 2]


def test_a_list_that_is_not_a_list_is_an_error() -> None:
    specs = build_list({"type": "contains"}, _ctx())
    assert len(specs) == 1 and "must be a list" in (specs[0].problem or "")


def _template(tmp_path: Path, name: str, text: str) -> None:
    folder = tmp_path / ".agentv" / "templates"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"{name}.yaml").write_text(text, encoding="utf-8")


def test_include_templates_expand_in_place(tmp_path: Path) -> None:
    _template(tmp_path, "base", "assert:\n  - type: contains\n    value: '{{ city }}'\n")
    specs = build_list(
        [{"type": "is-json"}, {"include": "base"}, {"type": "equals", "value": "x"}],
        _ctx(tmp_path, city="Paris"),
    )
    assert [(s.index, s.name) for s in specs] == [
        (0, "is-json"),
        (1, "contains-Paris"),
        (2, "equals-x"),
    ]


def test_include_nests_up_to_depth_3(tmp_path: Path) -> None:
    _template(tmp_path, "a", "assert:\n  - include: b\n")
    _template(tmp_path, "b", "assert:\n  - include: c\n")
    _template(tmp_path, "c", "assert:\n  - type: is-json\n")
    assert [s.name for s in build_list([{"include": "a"}], _ctx(tmp_path))] == ["is-json"]
    _template(tmp_path, "c", "assert:\n  - include: d\n")
    _template(tmp_path, "d", "assert:\n  - type: is-json\n")
    deep = build_list([{"include": "a"}], _ctx(tmp_path))
    assert len(deep) == 1 and "deeper than 3" in (deep[0].problem or "")


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("missing", "not found"),
        ("../x", "assertion template not found: ../x"),
        (3, "invalid template name"),
    ],
)
def test_include_problems_are_errors(tmp_path: Path, name: Any, message: str) -> None:
    specs = build_list([{"include": name}], _ctx(tmp_path))
    assert len(specs) == 1 and message in (specs[0].problem or "")


def test_include_without_assert_list_is_an_error(tmp_path: Path) -> None:
    _template(tmp_path, "bad", "asserts: []\n")
    specs = build_list([{"include": "bad"}], _ctx(tmp_path))
    assert "must be a mapping with 'assert'" in (specs[0].problem or "")


def test_include_with_bad_yaml_names_the_place(tmp_path: Path) -> None:
    _template(tmp_path, "broken", "assert: [\n")
    specs = build_list([{"include": "broken"}], _ctx(tmp_path))
    assert "broken.yaml:2:1: YAML syntax error" in (specs[0].problem or "")
