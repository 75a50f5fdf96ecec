"""An authored assertion list → `AssertionSpec`s: names, types, common fields, templates.

Invalid pieces never vanish: each becomes a spec with `problem` set, which the engine
reports as `error` (SPEC §3), unlike AgentV, which drops them with a warning.
"""

from __future__ import annotations

import math
import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..errors import SpecError
from ..model import AssertionSpec
from . import templating
from .types import resolve_type
from .yaml12 import load_yaml

# Options every assertion may carry; the rest belongs to the type.
COMMON_KEYS = frozenset({"type", "name", "metric", "weight", "negate", "required", "min_score"})
# Types whose `config:` is their own payload (passed to a script), not inline options.
_CONFIG_IS_PAYLOAD = frozenset({"script", "python", "javascript", "assert-set", "composite"})
MAX_TEMPLATE_DEPTH = 3


@dataclass
class ListContext:
    """What building one test's assertion list needs to know and collects."""

    test_id: str
    eval_dir: str
    variables: Mapping[str, Any]
    warnings: list[str] = field(default_factory=list)


def generated_name(kind: str, value: Any) -> str:
    """AgentV's `generateAssertionName` (agentv-semantics §3)."""
    if kind in ("contains", "icontains", "starts-with", "ends-with", "equals"):
        return f"{kind}-{value}" if isinstance(value, str) else kind
    if kind == "regex":
        return f"regex-{value[:30]}" if isinstance(value, str) else kind
    if kind in ("contains-any", "contains-all", "icontains-any", "icontains-all"):
        return f"{kind}-{len(value)}" if isinstance(value, list) else kind
    if kind in ("skill-used", "not-skill-used"):
        if isinstance(value, str):
            return f"{kind}-{value}"
        if isinstance(value, list):
            return f"{kind}-{len(value)}"
    return kind


def build_list(raw: Any, ctx: ListContext, *, start: int = 0, depth: int = 0) -> list[AssertionSpec]:
    """Turn an authored list into specs; plain strings become one pending `llm-rubric`."""
    if not isinstance(raw, list):
        return [_broken(start, "assertions", f"assertion list must be a list, got {_kind(raw)}")]
    specs: list[AssertionSpec] = []
    rubric_items: list[str] = []
    rubric_pos: int | None = None
    for item in raw:
        if isinstance(item, str):
            if item.strip():
                if rubric_pos is None:
                    rubric_pos = len(specs)
                    specs.append(_broken(0, "llm-rubric", ""))  # placeholder
                rubric_items.append(item.strip())
            continue
        if isinstance(item, Mapping) and "include" in item and "type" not in item:
            specs.extend(_include(item, ctx, depth))
            continue
        specs.append(build_one(item, ctx, 0))
    if rubric_pos is not None:
        specs[rubric_pos] = build_one(
            {"type": "llm-rubric", "value": rubric_items, "weight": len(rubric_items)}, ctx, 0
        )
    return [_reindex(s, start + i) for i, s in enumerate(specs)]


def _include(item: Mapping[str, Any], ctx: ListContext, depth: int) -> list[AssertionSpec]:
    name = item.get("include")
    line = getattr(item, "line", None)
    if depth >= MAX_TEMPLATE_DEPTH:
        return [_broken(0, "include", "assertion templates nest deeper than 3", line)]
    if not isinstance(name, str) or not name or "/" in name or "\\" in name or ".." in name:
        return [_broken(0, "include", f"invalid template name {name!r}", line)]
    path = os.path.join(ctx.eval_dir, ".agentv", "templates", f"{name}.yaml")
    try:
        with open(path, encoding="utf-8") as handle:
            data = load_yaml(handle.read(), path)
    except OSError as exc:
        return [_broken(0, "include", f"template '{name}' not found: {exc.strerror}", line)]
    except Exception as exc:  # GradeInputError from the template's YAML
        return [_broken(0, "include", f"template '{name}': {exc}", line)]
    if not isinstance(data, Mapping) or not isinstance(data.get("assert"), list):
        return [_broken(0, "include", f"template '{name}' must be a mapping with 'assert'", line)]
    return build_list(data["assert"], ctx, depth=depth + 1)


def build_one(item: Any, ctx: ListContext, index: int) -> AssertionSpec:
    """One authored entry → spec; any problem is recorded, never raised."""
    line = getattr(item, "line", None)
    if not isinstance(item, Mapping):
        return _broken(index, "assertion", f"assertion must be a mapping, got {_kind(item)}", line)
    authored = item.get("type")
    label = _label(item)
    if not isinstance(authored, str) or not authored.strip():
        return _broken(index, label, "assertion has no 'type' (a non-empty string)", line)
    resolved = resolve_type(authored)
    try:
        options = _render(item, ctx)
    except SpecError as exc:
        return _broken(index, label, str(exc), line, authored)
    kind, negate_from_type = resolved.type, resolved.negate
    problem = resolved.problem
    if kind == "skill-trigger":
        kind, options, negate_from_type = _skill_trigger(options)
    options = _merge_config(kind, options, ctx, label)
    name = _name(options, kind, negate_from_type)
    spec = AssertionSpec(
        index=index,
        name=name,
        type=kind,
        options=options,
        authored_type=authored,
        normalised_from=resolved.normalised_from,
        line=line,
    )
    try:
        return _common_fields(spec, options, negate_from_type, problem)
    except SpecError as exc:
        return _with(spec, problem=str(exc))


def _render(item: Mapping[str, Any], ctx: ListContext) -> dict[str, Any]:
    rendered = templating.render_value(dict(item), ctx.variables)
    return dict(rendered)


def _skill_trigger(options: dict[str, Any]) -> tuple[str, dict[str, Any], bool]:
    """v4's `skill-trigger {skill, should_trigger}` → `skill-used` / `not-skill-used`."""
    out = {k: v for k, v in options.items() if k not in ("skill", "should_trigger")}
    out["value"] = options.get("skill")
    return "skill-used", out, options.get("should_trigger", True) is False


def _merge_config(
    kind: str, options: dict[str, Any], ctx: ListContext, label: str
) -> dict[str, Any]:
    """Options may sit under `config:` (Vally's shape); the top level wins (SPEC §5.2)."""
    config = options.get("config")
    if kind in _CONFIG_IS_PAYLOAD or not isinstance(config, Mapping):
        return options
    merged = dict(options)
    for key, value in config.items():
        if key in merged and key != "config":
            if merged[key] != value:
                ctx.warnings.append(
                    f"test '{ctx.test_id}', assertion '{label}': '{key}' given at the top level "
                    "and under config; the top level wins"
                )
            continue
        merged[key] = value
    return merged


def _name(options: Mapping[str, Any], kind: str, negated_by_type: bool) -> str:
    for key in ("metric", "name"):
        given = options.get(key)
        if isinstance(given, str) and given.strip():
            return given
    base = "not-skill-used" if kind == "skill-used" and negated_by_type else kind
    name = generated_name(base, options.get("value"))
    if negated_by_type and base == kind:
        name = f"not-{name}"
    return name


def _common_fields(
    spec: AssertionSpec, options: Mapping[str, Any], negate_from_type: bool, problem: str | None
) -> AssertionSpec:
    weight = options.get("weight", 1)
    if isinstance(weight, bool) or not isinstance(weight, (int, float)) or not math.isfinite(
        weight
    ):
        raise SpecError(f"weight must be a number ≥ 0, got {weight!r}")
    if weight < 0:
        raise SpecError(f"weight must be ≥ 0, got {weight}")
    negate = options.get("negate", options.get("negated", False))
    if not isinstance(negate, bool):
        raise SpecError(f"negate must be true or false, got {negate!r}")
    if negate and negate_from_type:
        raise SpecError(
            f"'{spec.authored_type}' is already negated; 'negate: true' on it is an ambiguous "
            "double negation"
        )
    required = options.get("required", False)
    if not isinstance(required, bool):
        hint = (
            f" (use 'required: true' + 'min_score: {required}')"
            if isinstance(required, (int, float))
            else ""
        )
        raise SpecError(f"required must be true or false, got {required!r}{hint}")
    min_score = options.get("min_score")
    if min_score is not None and (
        isinstance(min_score, bool)
        or not isinstance(min_score, (int, float))
        or not 0 <= min_score <= 1
    ):
        raise SpecError(f"min_score must be a number in 0..1, got {min_score!r}")
    if "transform" in options:
        raise SpecError("per-assertion 'transform' needs AgentV's JavaScript runtime")
    return _with(
        spec,
        weight=float(weight),
        negate=negate or negate_from_type,
        required=required,
        min_score=None if min_score is None else float(min_score),
        problem=problem,
    )


def _with(spec: AssertionSpec, **changes: Any) -> AssertionSpec:
    from dataclasses import replace

    return replace(spec, **changes)


def _reindex(spec: AssertionSpec, index: int) -> AssertionSpec:
    return spec if spec.index == index else _with(spec, index=index)


def _broken(
    index: int, name: str, problem: str, line: int | None = None, authored: str = ""
) -> AssertionSpec:
    return AssertionSpec(
        index=index,
        name=name,
        type=authored or "invalid",
        options={},
        authored_type=authored,
        problem=problem,
        line=line,
    )


def _label(item: Mapping[str, Any]) -> str:
    for key in ("metric", "name"):
        if isinstance(item.get(key), str):
            return str(item[key])
    return str(item.get("type", "assertion"))


def _kind(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, (int, float)):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, Sequence):
        return "a list"
    if isinstance(value, Mapping):
        return "a mapping"
    return type(value).__name__


def kind_of(value: Any) -> str:
    """Describe a YAML value's kind for messages ("a number", "a list", …)."""
    return _kind(value)
