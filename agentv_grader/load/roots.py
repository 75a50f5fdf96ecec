"""Where AgentV looks for what an eval file names, and the environment it renders with.

AgentV resolves `file://` references (prompt files, `default_test`, case files) through
its search roots: the eval file's folder, each ancestor up to the repository root, the
repository root, the working folder (file-resolver.ts buildSearchRoots). Its command line
reads `.env` files from the eval's folder up to the repository root, the nearest winning
and the process environment winning over all (apps/cli/src/commands/eval/env.ts).
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from functools import lru_cache
from typing import Any


@lru_cache(maxsize=64)
def repo_root(eval_dir: str) -> str:
    """The nearest ancestor holding `.git` (AgentV's findGitRoot), else the working folder."""
    current = os.path.abspath(eval_dir)
    while True:
        if os.path.exists(os.path.join(current, ".git")):
            return current
        parent = os.path.dirname(current)
        if parent == current:
            return os.getcwd()
        current = parent


def _ancestors(start: str, boundary: str) -> list[str]:
    out: list[str] = []
    current = os.path.abspath(start)
    while True:
        out.append(current)
        parent = os.path.dirname(current)
        if current == boundary or parent == current:
            return out
        current = parent


def search_roots(eval_dir: str) -> tuple[str, ...]:
    """AgentV's search roots for a file in `eval_dir`, nearest first, without repeats."""
    root = repo_root(eval_dir)
    roots = [*_ancestors(eval_dir, root), root, os.getcwd()]
    return tuple(dict.fromkeys(os.path.abspath(r) for r in roots))


def resolve_reference(ref: str, eval_dir: str) -> str | None:
    """The first existing file a `file://` reference (prefix removed) names, or None."""
    shown = ref.lstrip("/\\")
    candidates = [os.path.normpath(ref)] if os.path.isabs(ref) else []
    candidates += [os.path.join(base, shown) for base in search_roots(eval_dir)]
    for candidate in candidates:
        if os.path.isfile(candidate):
            return os.path.abspath(candidate)
    return None


def _dotenv(path: str) -> dict[str, str | None]:
    from dotenv import dotenv_values  # only when a `.env` file is there

    return dict(dotenv_values(path))


def environment(eval_dir: str) -> dict[str, str]:
    """The environment `{{ env.X }}` reads: the process's, then `.env` files, nearest first
    (a key already set is kept), then AGENTV_REPO_ROOT (AgentV's createEvalConfigEnv)."""
    env = dict(os.environ)
    root = repo_root(eval_dir)
    folders = dict.fromkeys([*_ancestors(eval_dir, root), root, os.getcwd()])
    for folder in folders:
        candidate = os.path.join(folder, ".env")
        if os.path.isfile(candidate):
            for key, value in _dotenv(candidate).items():
                if value is not None:
                    env.setdefault(key, value)
    env.setdefault("AGENTV_REPO_ROOT", root)
    return env


_ENV_BLOCK = re.compile(r"\{\{\s*env\.[\s\S]*?\}\}")
_WHOLE_ENV = re.compile(r"^\s*\{\{\s*env\.[\s\S]*?\}\}\s*$")
_PLAIN_NUMBER = re.compile(r"^-?(?:0|[1-9]\d*)(?:\.\d+)?$")


def _coerce(text: str) -> Any:
    if text == "true":
        return True
    if text == "false":
        return False
    if _PLAIN_NUMBER.match(text):
        number = float(text)
        return int(number) if number.is_integer() and "." not in text else number
    return text


def _render_env(text: str, env: Mapping[str, str]) -> Any:
    if "${{" in text:
        return text  # AgentV leaves such strings to the target's own templating

    def one(match: re.Match[str]) -> str:
        from jinja2.sandbox import SandboxedEnvironment

        try:
            return str(SandboxedEnvironment().from_string(match.group(0)).render(env=env))
        except Exception:  # a broken template stays as written, as Nunjucks's text would
            return match.group(0)

    rendered = _ENV_BLOCK.sub(one, text)
    return _coerce(rendered) if _WHOLE_ENV.match(text) else rendered


def interpolate_env(value: Any, env: Mapping[str, str]) -> Any:
    """Render every `{{ env.X }}` in every string of the document, in place (AgentV's
    interpolateEnv, run once on the whole eval file before anything else reads it): an
    unset variable is empty text; a string that is only `{{ env.X }}` becomes a boolean
    or number when its text is one."""
    if isinstance(value, str):
        return _render_env(value, env) if "env." in value and "{{" in value else value
    if isinstance(value, list):
        for index, item in enumerate(value):
            value[index] = interpolate_env(item, env)
    elif isinstance(value, dict):
        for key, item in value.items():
            value[key] = interpolate_env(item, env)
    return value
