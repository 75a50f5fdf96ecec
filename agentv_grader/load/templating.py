"""`vars` rendering: AgentV renders assertion strings with Nunjucks; Jinja2 is its origin.

Jinja2 is imported only when a string actually holds a template, so plain suites pay
nothing for it at start-up.
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from typing import Any

from ..errors import SpecError

_WHOLE_VAR = re.compile(r"^\{\{\s*((?:vars\.)?[A-Za-z_][\w]*(?:\.[A-Za-z_]\w*)*)\s*\}\}$")
_AGENTV_ONLY_FILTERS = ("load",)
_env: Any = None


def _environment() -> Any:
    global _env
    if _env is None:
        from jinja2 import StrictUndefined
        from jinja2.sandbox import SandboxedEnvironment

        # keep_trailing_newline: Nunjucks keeps a final "\n"; Jinja2 drops it by default.
        _env = SandboxedEnvironment(
            undefined=StrictUndefined, autoescape=False, keep_trailing_newline=True
        )
    return _env


def has_template(text: str) -> bool:
    return "{{" in text or "{%" in text


def _lookup(path: str, context: Mapping[str, Any]) -> Any:
    current: Any = context
    for part in path.split("."):
        if not isinstance(current, Mapping) or part not in current:
            raise SpecError(f"undefined variable '{path}' in template")
        current = current[part]
    return current


_BLOCK = re.compile(r"\{\{.*?\}\}|\{%.*?%\}", re.S)


def is_whole_var(text: str) -> bool:
    """The string is exactly `{{ name }}`: AgentV then keeps the var's JSON type."""
    return _WHOLE_VAR.fullmatch(text) is not None


def as_text_template(text: str) -> str:
    """`{{ n }}` → `{{ n | string }}`: the spelling that renders a var as text."""
    match = _WHOLE_VAR.fullmatch(text.strip())
    return "{{ " + match.group(1) + " | string }}" if match else text


def _check_row_vars(text: str, variables: Mapping[str, Any]) -> None:
    """Refuse vars AgentV would expand into several rows, when a template block uses them."""
    blocks = " ".join(_BLOCK.findall(text))
    for name, value in variables.items():
        if isinstance(value, list) and value and isinstance(value[0], str):
            if re.search(r"(?<![\w.])" + re.escape(name) + r"\b", blocks) or re.search(
                r"\bvars\." + re.escape(name) + r"\b", blocks
            ):
                raise SpecError(
                    f"var '{name}' is a list of strings, which AgentV expands into several "
                    "rows under one id; agentv-grade does not support row expansion"
                )


def render_string(text: str, variables: Mapping[str, Any]) -> Any:
    """Render one string; `{{ name }}` alone keeps the var's JSON type (AgentV's rule).

    Raises:
        SpecError: undefined variable, unsupported filter, template syntax error.
    """
    if not has_template(text):
        return text
    _check_row_vars(text, variables)
    context = {**variables, "vars": dict(variables), "env": dict(os.environ)}
    whole = _WHOLE_VAR.match(text.strip())
    if whole and text.strip() == text:
        return _lookup(whole.group(1), context)
    from jinja2 import TemplateError, TemplateSyntaxError, UndefinedError

    try:
        return str(_environment().from_string(text).render(context))
    except UndefinedError as exc:
        raise SpecError(f"undefined variable in template: {exc.message}") from None
    except TemplateSyntaxError as exc:
        message = exc.message or "template syntax error"
        for name in _AGENTV_ONLY_FILTERS:
            if f"No filter named '{name}'" in message:
                raise SpecError(
                    f"template filter '{name}' is AgentV-specific and not supported"
                ) from None
        if "No filter named" in message:
            raise SpecError(f"{message} (custom nunjucks_filters are not supported)") from None
        raise SpecError(f"template syntax error: {message}") from None
    except TemplateError as exc:
        raise SpecError(f"template error: {exc}") from None
    except Exception as exc:  # `{{ 1/0 }}`, `{{ [1] + 2 }}`: the template's own code failed
        raise SpecError(f"template error: {type(exc).__name__}: {exc}") from None


def render_value(value: Any, variables: Mapping[str, Any]) -> Any:
    """Render every string inside a YAML value, keeping its structure."""
    if isinstance(value, str):
        return render_string(value, variables)
    if isinstance(value, list):
        out_list = type(value)() if type(value) is not list else []
        for item in value:
            if type(item) is str and "{{" not in item and "{%" not in item:
                out_list.append(item)  # render_string would return it as is
            else:
                out_list.append(render_value(item, variables))
        _copy_mark(value, out_list)
        return out_list
    if isinstance(value, dict):
        out = type(value)()
        for key, item in value.items():
            if type(item) is str and "{{" not in item and "{%" not in item:
                out[key] = item
            else:
                out[key] = render_value(item, variables)
        _copy_mark(value, out)
        return out
    return value


def _copy_mark(src: Any, dst: Any) -> None:
    line = getattr(src, "line", None)
    if line is not None:
        dst.line = line
        dst.col = getattr(src, "col", None)
