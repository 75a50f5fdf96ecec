"""YAML 1.2 core schema as AgentV's parser reads it (SPEC §3), and refusals with a place."""

from __future__ import annotations

import pytest

from agentv_grader.errors import GradeInputError
from agentv_grader.load.yaml12 import YamlList, YamlMap, load_yaml


@pytest.mark.parametrize(
    ("scalar", "value"),
    [
        ("yes", "yes"),
        ("no", "no"),
        ("on", "on"),
        ("off", "off"),
        ("Yes", "Yes"),
        ("2025-01-15", "2025-01-15"),
        ("2025-01-15T10:00:00Z", "2025-01-15T10:00:00Z"),
        ("1:30", "1:30"),
        ("012", 12),
        ("0o12", 10),
        ("0x1F", 31),
        ("0b11", "0b11"),
        ("1_000", "1_000"),
        ("+12", 12),
        ("-7", -7),
        ("1e3", 1000.0),
        (".5", 0.5),
        (".inf", float("inf")),
        ("-.Inf", float("-inf")),
        ("true", True),
        ("False", False),
        ("TRUE", True),
        ("~", None),
        ("null", None),
        ("NULL", None),
        ("", None),
        ("'yes'", "yes"),
        ("!!str 12", "12"),
    ],
)
def test_core_schema_scalars(scalar: str, value: object) -> None:
    """PyYAML's 1.1 resolvers would turn `yes`/`on` into booleans, dates into dates and
    `1:30` into 90; AgentV's parser (YAML 1.2 core) does not."""
    assert load_yaml(f"a: {scalar}\n", "x.yaml") == {"a": value}


def test_nan_is_a_float() -> None:
    loaded = load_yaml("a: .nan\n", "x.yaml")
    assert loaded["a"] != loaded["a"]


def test_mappings_and_lists_remember_their_line_and_column() -> None:
    loaded = load_yaml("tests:\n  - id: a\n    assert:\n      - type: contains\n", "x.yaml")
    test = loaded["tests"][0]
    assert isinstance(test, YamlMap) and (test.line, test.col) == (2, 5)
    assert isinstance(test["assert"], YamlList) and test["assert"][0].line == 4


def test_duplicate_key_is_refused_with_its_line() -> None:
    with pytest.raises(GradeInputError) as caught:
        load_yaml("a: 1\nb: 2\na: 3\n", "dup.yaml")
    assert str(caught.value).startswith("dup.yaml:3:1: duplicate key 'a'")


def test_duplicate_key_in_a_nested_mapping() -> None:
    with pytest.raises(GradeInputError) as caught:
        load_yaml("tests:\n  - id: a\n    id: b\n", "dup.yaml")
    assert (caught.value.line, caught.value.col) == (3, 5)


def test_syntax_error_gives_file_line_column() -> None:
    with pytest.raises(GradeInputError) as caught:
        load_yaml("tests:\n  - id: a\n    assert: [\n", "bad.yaml")
    assert str(caught.value).startswith("bad.yaml:4:1: YAML syntax error")


def test_alias_bomb_is_refused() -> None:
    lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
    for level in range(1, 9):
        refs = ", ".join([f"*a{level - 1}"] * 10)
        lines.append(f"a{level}: &a{level} [{refs}]")
    with pytest.raises(GradeInputError) as caught:
        load_yaml("\n".join(lines) + "\n", "bomb.yaml")
    assert "alias bomb" in str(caught.value) and caught.value.file == "bomb.yaml"


def test_small_aliases_are_fine() -> None:
    assert load_yaml("a: &x [1]\nb: *x\n", "x.yaml") == {"a": [1], "b": [1]}


@pytest.mark.parametrize("tag", ["!!python/object:os.system", "!custom", "!!timestamp"])
def test_explicit_unknown_tags_are_refused(tag: str) -> None:
    with pytest.raises(GradeInputError) as caught:
        load_yaml(f"a: {tag} x\n", "x.yaml")
    assert "unsupported YAML tag" in str(caught.value) and caught.value.line == 1


def test_merge_key_merges_as_in_agentv() -> None:
    """AgentV's parser reads merge keys (`merge: true`), so `<<` merges (fidelity row 12)."""
    assert load_yaml("b:\n  <<: {c: 1}\n", "x.yaml") == {"b": {"c": 1}}


def test_scalar_keys_become_strings() -> None:
    assert load_yaml("1: a\ntrue: b\nnull: c\n", "x.yaml") == {"1": "a", "true": "b", "null": "c"}


def test_several_documents_are_a_syntax_error() -> None:
    with pytest.raises(GradeInputError) as caught:
        load_yaml("a: 1\n---\nb: 2\n", "x.yaml")
    assert caught.value.line == 2


def test_empty_document_is_none() -> None:
    assert load_yaml("", "x.yaml") is None
    assert load_yaml("# only a comment\n", "x.yaml") is None
