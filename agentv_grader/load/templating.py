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

# (This pattern and `_BLOCK` compiled on first use, through `re`'s cache: a cold start
# imports this module, and only a text holding a template needs them.)
_WHOLE_VAR = r"^\{\{\s*((?:vars\.)?[A-Za-z_][\w]*(?:\.[A-Za-z_]\w*)*)\s*\}\}$"
_AGENTV_ONLY_FILTERS = ("load",)
_env: Any = None


def _environment() -> Any:
    global _env
    if _env is None:
        from jinja2 import StrictUndefined
        from jinja2.sandbox import SandboxedEnvironment

        class _NunjucksLike(SandboxedEnvironment):
            """JavaScript members on strings and lists (`{{ word.toUpperCase() }}`,
            `{{ items.length }}`), which Nunjucks evaluates as JavaScript does."""

            def getattr(self, obj: Any, attribute: str) -> Any:
                member = js_member(obj, attribute)
                if member is not _NO_MEMBER:
                    return member
                return super().getattr(obj, attribute)

        # keep_trailing_newline: Nunjucks keeps a final "\n"; Jinja2 drops it by default.
        _env = _NunjucksLike(
            undefined=StrictUndefined, autoescape=False, keep_trailing_newline=True
        )
        _env.filters["dump"] = _dump
    return _env


# Compiled templates by text: a suite repeats its templates (a prompt in every test of a
# replicated example; the same `{{ vars.x }}` check in many tests), and compiling one costs
# some 15 times its rendering. A template holds no state between renders.
_compiled: dict[str, Any] = {}
_COMPILED_MAX = 4096


def _template(text: str) -> Any:
    """The compiled template of `text`, compiled once (errors are raised every time)."""
    template = _compiled.get(text)
    if template is None:
        template = _environment().from_string(text)
        if len(_compiled) >= _COMPILED_MAX:
            _compiled.clear()
        _compiled[text] = template
    return template


def _dump(value: Any, spaces: int | None = None) -> str:
    """Nunjucks's `dump`: `JSON.stringify(value, null, spaces)`."""
    import json

    if spaces:
        return json.dumps(value, indent=spaces, ensure_ascii=False)
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


_NO_MEMBER = object()


def _js_string_members(text: str) -> dict[str, Any]:
    return {
        "length": len(text.encode("utf-16-le")) // 2,
        "toUpperCase": lambda: text.upper(),
        "toLowerCase": lambda: text.lower(),
        "trim": lambda: text.strip(),
        "trimStart": lambda: text.lstrip(),
        "trimEnd": lambda: text.rstrip(),
        "includes": lambda s: str(s) in text,
        "startsWith": lambda s: text.startswith(str(s)),
        "endsWith": lambda s: text.endswith(str(s)),
        "indexOf": lambda s: text.find(str(s)),
        "split": lambda sep=None: list(text) if sep == "" else text.split(sep),
        "slice": lambda a=0, b=None: text[a:b],
        "replace": lambda old, new: text.replace(str(old), str(new), 1),
        "replaceAll": lambda old, new: text.replace(str(old), str(new)),
    }


def _js_list_members(items: list[Any]) -> dict[str, Any]:
    return {
        "length": len(items),
        "join": lambda sep=",": str(sep).join(str(i) for i in items),
        "includes": lambda v: v in items,
        "indexOf": lambda v: items.index(v) if v in items else -1,
        "slice": lambda a=0, b=None: items[a:b],
    }


def js_member(obj: Any, attribute: str) -> Any:
    """The JavaScript string or array member `attribute` of `obj`, else `_NO_MEMBER`."""
    if isinstance(obj, str):
        return _js_string_members(obj).get(attribute, _NO_MEMBER)
    if isinstance(obj, list):
        return _js_list_members(obj).get(attribute, _NO_MEMBER)
    return _NO_MEMBER


def has_template(text: str) -> bool:
    return "{{" in text or "{%" in text


# `{{ … }}` blocks as Jinja2's lexer finds them in a text without `{%` or `{#` (no
# statement or comment can hide a block) whose blocks hold no quote and no brace (the
# first `}}` then ends a block): each is an expression printed where it stands.
# (Both compiled on first use, through `re`'s cache: most texts hold no `{{`.)
_OUTPUT_BLOCK = r"\{\{(.*?)\}\}"
_UNSURE_IN_BLOCK = frozenset("{}'\"")
# A block that reads a variable and nothing else: `{{ name }}`, `{{ name.attr.attr }}`.
_NAME_READ = r"\s*([A-Za-z_][A-Za-z0-9_]*)(?:\.[A-Za-z_][A-Za-z0-9_]*)*\s*"
# Names a template reads though no var defines them: the context's own (`vars`, `env`),
# Jinja2's globals and literals, and what its runtime defines in some places.
_DEFINED_WITHOUT_VARS = frozenset(
    {"vars", "env", "range", "dict", "lipsum", "cycler", "joiner", "namespace", "true",
     "false", "none", "True", "False", "None", "self", "loop", "caller", "varargs",
     "kwargs", "super"}
)  # fmt: skip


def fails_on_undefined(text: str, variables: Mapping[str, Any]) -> bool:
    """Whether `render_string(text, variables)` certainly raises, told without Jinja2:
    the text prints a variable no var defines (`Hello {{ config.SECRET_KEY }}!`), and
    neither a statement nor a comment can keep that block from being printed (a prompt
    quoting template syntax: rendering it fails, and the reference data keeps the text as
    written, whatever the error). False where that is not certain."""
    if "{{" not in text or "{%" in text or "{#" in text:
        return False
    for block in re.finditer(_OUTPUT_BLOCK, text, re.S):
        content = block.group(1)
        if not _UNSURE_IN_BLOCK.isdisjoint(content):
            return False
        read = re.fullmatch(_NAME_READ, content)
        if read is not None:
            name = read.group(1)
            if name not in variables and name not in _DEFINED_WITHOUT_VARS:
                return True
    return False


def _lookup(path: str, context: Mapping[str, Any]) -> Any:
    current: Any = context
    for part in path.split("."):
        if not isinstance(current, Mapping) or part not in current:
            raise SpecError(f"undefined variable '{path}' in template")
        current = current[part]
    return current


_BLOCK = r"(?s:\{\{.*?\}\}|\{%.*?%\})"


def _ends_in_js_member(path: str, context: Mapping[str, Any]) -> bool:
    """`{{ word.length }}`: the path reaches a string or list and then names a JavaScript
    member of it, which the template engine evaluates (not a var lookup)."""
    current: Any = context
    for part in path.split("."):
        if isinstance(current, (str, list)):
            return js_member(current, part) is not _NO_MEMBER
        if not isinstance(current, Mapping) or part not in current:
            return False
        current = current[part]
    return False


def is_whole_var(text: str) -> bool:
    """The string is exactly `{{ name }}`: AgentV then keeps the var's JSON type."""
    return re.fullmatch(_WHOLE_VAR, text) is not None


def as_text_template(text: str) -> str:
    """`{{ n }}` → `{{ n | string }}`: the spelling that renders a var as text."""
    match = re.fullmatch(_WHOLE_VAR, text.strip())
    return "{{ " + match.group(1) + " | string }}" if match else text


def _check_row_vars(text: str, variables: Mapping[str, Any]) -> None:
    """Refuse vars AgentV would expand into several rows, when a template block uses them."""
    blocks = " ".join(re.findall(_BLOCK, text))
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
    whole = re.match(_WHOLE_VAR, text.strip())
    if whole and text.strip() == text and not _ends_in_js_member(whole.group(1), context):
        return _lookup(whole.group(1), context)
    from jinja2 import TemplateError, TemplateSyntaxError, UndefinedError

    try:
        return str(_template(text).render(context))
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
    elif hasattr(type(dst), "line"):  # a YamlMap sets its place where it is made
        dst.line = dst.col = None
