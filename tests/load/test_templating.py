"""`vars` rendering (SPEC §3): Jinja2 for Nunjucks, typed whole vars, loud errors."""

from __future__ import annotations

from typing import Any

import pytest

from agentv_grader.errors import SpecError
from agentv_grader.load.templating import (
    as_text_template,
    is_whole_var,
    render_string,
    render_value,
)

VARS: dict[str, Any] = {
    "city": "Paris",
    "n": 42,
    "obj": {"a": [1, 2]},
    "cities": ["Paris", "Rome"],
    "nums": [1, 2],
}


@pytest.mark.parametrize(
    ("template", "rendered"),
    [
        ("{{ city }}", "Paris"),
        ("{{ vars.city }}", "Paris"),
        ("{{city}}", "Paris"),
        ("{{ city | upper }}", "PARIS"),
        ("{{ city | lower }}", "paris"),
        ("capital: {{ city }}!", "capital: Paris!"),
        ("answer is {{ n }}", "answer is 42"),
        ("{{ n | string }}", "42"),
        ("{% if n > 1 %}big{% endif %}", "big"),
        ("{{ n }}\n", "42\n"),
        ("no template here", "no template here"),
    ],
)
def test_rendering(template: str, rendered: str) -> None:
    assert render_string(template, VARS) == rendered


@pytest.mark.parametrize(
    ("template", "value"),
    [("{{ n }}", 42), ("{{ vars.n }}", 42), ("{{ obj }}", {"a": [1, 2]}), ("{{ obj.a }}", [1, 2])],
)
def test_a_whole_var_keeps_its_json_type(template: str, value: Any) -> None:
    """AgentV's rule: a string that is exactly `{{ name }}` is the var itself."""
    assert render_string(template, VARS) == value


def test_list_of_numbers_is_not_a_row_var() -> None:
    assert render_string("{{ nums }}", VARS) == [1, 2]


def test_env_is_read(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("AGV_TEST_CITY", "Lyon")
    assert render_string("{{ env.AGV_TEST_CITY }}", {}) == "Lyon"
    assert render_string("in {{ env.AGV_TEST_CITY }}", {}) == "in Lyon"


@pytest.mark.parametrize("template", ["{{ missing }}", "x {{ missing }} y", "{{ vars.missing }}"])
def test_undefined_variable_is_an_error_not_an_empty_string(template: str) -> None:
    with pytest.raises(SpecError, match="undefined variable"):
        render_string(template, VARS)


def test_agentv_load_filter_is_an_error_naming_it() -> None:
    with pytest.raises(SpecError, match="filter 'load'"):
        render_string("{{ 'data.json' | load }}", VARS)


def test_custom_filter_is_an_error_naming_it() -> None:
    with pytest.raises(SpecError, match="myfilter.*nunjucks_filters"):
        render_string("{{ city | myfilter }}", VARS)


def test_template_syntax_error() -> None:
    with pytest.raises(SpecError, match="template syntax error"):
        render_string("{{ city", VARS)


@pytest.mark.parametrize("template", ["{{ cities }}", "in {{ vars.cities }}", "{{ cities[0] }}"])
def test_row_expanding_vars_are_refused_when_used(template: str) -> None:
    with pytest.raises(SpecError, match="var 'cities' is a list of strings"):
        render_string(template, VARS)


def test_row_var_name_outside_a_template_block_is_fine() -> None:
    assert render_string("cities near {{ city }}", VARS) == "cities near Paris"


def test_sandbox_refuses_attribute_escapes() -> None:
    with pytest.raises(SpecError):
        render_string("{{ city.__class__.__mro__ }}", VARS)


def test_render_value_keeps_structure() -> None:
    rendered = render_value({"value": ["{{ city }}", 3], "n": "{{ n }}"}, VARS)
    assert rendered == {"value": ["Paris", 3], "n": 42}


def test_whole_var_helpers() -> None:
    assert is_whole_var("{{ n }}") and is_whole_var("{{ vars.n }}")
    assert not is_whole_var("{{ n }}\n") and not is_whole_var("n {{ n }}")
    assert as_text_template("{{ n }}") == "{{ n | string }}"


def test_a_template_is_compiled_once_and_rendered_with_each_call_s_vars() -> None:
    from agentv_grader.load import templating

    text = "Hello {{ city }} {{ 6 * 7 }} (cached-template check)"
    templating._compiled.pop(text, None)
    assert render_string(text, {"city": "Paris"}) == "Hello Paris 42 (cached-template check)"
    compiled = templating._compiled[text]
    assert render_string(text, {"city": "Rome"}) == "Hello Rome 42 (cached-template check)"
    assert templating._compiled[text] is compiled
    with pytest.raises(SpecError, match="undefined variable"):
        render_string(text, {})


def test_a_syntax_error_is_raised_on_every_call() -> None:
    for _ in range(2):
        with pytest.raises(SpecError, match="template syntax error"):
            render_string("{{ city ", VARS)


@pytest.mark.parametrize(
    ("text", "certain"),
    [
        ('Render "Hello {{ 7 * 7 }} {{ config.SECRET_KEY }}!"', True),
        ("{{ missing }}", True),
        ("a {{missing.x.y}} b", True),
        ("{{ city }} {{ n * 2 }}", False),  # renders
        ("{{ vars.missing }}", False),  # `vars` is defined: Jinja2 decides
        ("{{ range }}", False),  # a Jinja2 global
        ("{{ missing | default('x') }}", False),  # not a bare read
        ("{% if false %}{{ missing }}{% endif %}", False),  # may not be printed
        ("{# {{ missing }} #}", False),  # a comment
        ('{{ "}}" }} {{ missing }}', False),  # a quote: where a block ends is Jinja2's call
        ("{{ {'a': 1} }} {{ missing }}", False),
        ("no template", False),
    ],
)
def test_a_text_certain_to_fail_is_told_without_jinja2(text: str, certain: bool) -> None:
    """Where `fails_on_undefined` says so, rendering does fail (the reference data then
    keeps the text as written, SPEC §3); it never says so of a text that renders."""
    from agentv_grader.load.templating import fails_on_undefined

    assert fails_on_undefined(text, VARS) is certain
    if certain:
        with pytest.raises(SpecError):
            render_string(text, VARS)
