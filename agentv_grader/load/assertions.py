"""An authored assertion list → `AssertionSpec`s: names, types, common fields, templates.

Invalid pieces never vanish: each becomes a spec with `problem` set, which the engine
reports as `error` (SPEC §3), unlike AgentV, which drops them with a warning.
"""

from __future__ import annotations

import math
import os
import re
import sys
from collections.abc import Mapping, Sequence
from typing import Any

from ..assertions import Entry, about
from ..errors import GradeInputError, SpecError
from ..jsontext import described_kind, is_finite_number
from ..model import AssertionSpec, new_assertion_spec
from ..names import unused_name
from ..record import Record, field, replace
from . import templating
from .files import read_utf8
from .types import ResolvedType, agentv_main_refuses, is_v4_code_grader, resolve_type
from .yaml12 import YamlMap, load_yaml

# Options every assertion may carry; the rest belongs to the type.
COMMON_KEYS = frozenset({"type", "name", "metric", "weight", "negate", "required", "min_score"})
MAX_TEMPLATE_DEPTH = 3
# Per-assertion keys that need AgentV's JavaScript runtime (or that AgentV removed).
REMOVED_KEYS: dict[str, str] = {
    "transform": "it needs AgentV's JavaScript runtime",
    "postprocess": "AgentV removed it (its replacement, 'transform', needs AgentV's "
    "JavaScript runtime)",
    "preprocessors": "AgentV rejects it (content preprocessors need AgentV's runtime)",
}


class ListContext(Record, frozen=False):
    """What building one test's assertion list needs to know and collects (in `warnings`).

    `literal`: an inherited list (`default_test.assert`, top-level `assert`): AgentV main
    renders only a test's own fields with its vars, so these keep `{{ var }}` as written.
    `include_chain`: the templates being included (outermost first): their folders are
    searched first for nested includes, and a template including itself again is a cycle.
    Not frozen (and so not hashable), unlike other records.
    """

    test_id: str
    eval_dir: str
    variables: Mapping[str, Any]
    warnings: list[str] = field(default_factory=list)
    group_depth: int = 0
    literal: bool = False
    include_chain: tuple[str, ...] = ()


def generated_name(kind: str, value: Any, entry: Entry | None = None) -> str:
    """AgentV's `generateAssertionName` (docs/agentv-semantics.md §3), by the type's
    `named_by` in the registry (`entry`: the type's row, when the caller has it)."""
    rule = (entry if entry is not None else about(kind)).named_by
    if isinstance(value, str) and rule in ("value", "value-prefix", "value-or-count"):
        return f"{kind}-{_js_prefix(value, 30) if rule == 'value-prefix' else value}"
    if isinstance(value, list) and rule in ("count", "value-or-count"):
        return f"{kind}-{len(value)}"
    return kind


def _js_prefix(text: str, units: int) -> str:
    """`text.slice(0, units)` in JavaScript's UTF-16 units, never splitting a surrogate pair."""
    if len(text) <= units // 2 or text[: units + 1].isascii():
        return text[:units]  # no character takes two units (or all fit anyway)
    out, used = [], 0
    for char in text:
        used += 2 if ord(char) > 0xFFFF else 1
        if used > units:
            break
        out.append(char)
    return "".join(out)


def judge_items_named(specs: Sequence[AssertionSpec]) -> tuple[AssertionSpec, ...]:
    """One test's assertions, each item the grader agent judges named as its result file
    is (SPEC §3): the name AgentV's export gives it (`llm-grader`, `rubrics`, …, not the
    type it maps to), `-2`, `-3` for a later one of the test that would share it (ignoring
    case), so the report, the pending list and the result files say the same name."""
    if not any(about(spec.type).family in ("llm", "group") for spec in specs):
        return tuple(specs)  # (a judge item is an LLM type, or a composite, or inside a group)
    from ..assertions.llm import agentv_export_name, is_judge_item

    used: set[str] = set()

    def renamed(spec: AssertionSpec) -> AssertionSpec:
        name = spec.name
        if is_judge_item(spec):
            name = unused_name(agentv_export_name(spec), used)
        children = tuple(renamed(child) for child in spec.children)
        if name == spec.name and children == spec.children:
            return spec
        return replace(spec, name=name, children=children)

    return tuple(renamed(spec) for spec in specs)


def build_list(
    raw: Any, ctx: ListContext, *, start: int = 0, depth: int = 0
) -> list[AssertionSpec]:
    """Turn an authored list into specs; plain strings become one pending `llm-rubric`."""
    if not isinstance(raw, list):
        return [_broken(start, "assertions", f"assertion list must be a list, got {_kind(raw)}")]
    specs: list[AssertionSpec] = []
    rubric_items: list[str] = []
    rubric_pos: int | None = None
    for item in raw:
        if type(item) is YamlMap and ("include" not in item or "type" in item):
            specs.append(build_one(item, ctx, start + len(specs)))  # the common case, fast
            continue
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
        specs.append(build_one(item, ctx, start + len(specs)))
    if rubric_pos is not None:
        specs[rubric_pos] = build_one(
            {"type": "llm-rubric", "value": rubric_items, "weight": len(rubric_items)},
            ctx,
            start + rubric_pos,
        )
    return [s if s.index == start + i else _reindex(s, start + i) for i, s in enumerate(specs)]


def _include(item: Mapping[str, Any], ctx: ListContext, depth: int) -> list[AssertionSpec]:
    """`{include: name}` (`.agentv/templates/name.yaml` or `.yml`) or `{include: ./path}`,
    found through AgentV's search roots (the including template's folder first); the file
    holds `assert:` (AgentV main) or `assertions:` (4.x). Nested up to depth 3, no cycles."""
    name = item.get("include")
    line = getattr(item, "line", None)
    if depth >= MAX_TEMPLATE_DEPTH:
        return [_broken(0, "include", "assertion templates nest deeper than 3", line)]
    if not isinstance(name, str) or not name.strip():
        return [_broken(0, "include", f"invalid template name {name!r}", line)]
    path = _template_path(name.strip(), ctx)
    if path is None:
        return [_broken(0, "include", f"assertion template not found: {name}", line)]
    if path in ctx.include_chain:
        cycle = " -> ".join([*ctx.include_chain, path])
        return [_broken(0, "include", f"assertion template cycle: {cycle}", line)]
    try:
        data = load_yaml(read_utf8(path, f"assertion template '{name}'"), path)
    except GradeInputError as exc:  # unreadable, too big, not UTF-8, bad YAML
        return [_broken(0, "include", str(exc), line)]
    listed = None
    if isinstance(data, Mapping):
        listed = data.get("assert", data.get("assertions"))
    if not isinstance(listed, list):
        problem = f"template '{name}' must be a mapping with 'assert' (a list)"
        return [_broken(0, "include", problem, line)]
    inner = replace(ctx, include_chain=(*ctx.include_chain, path))
    return build_list(listed, inner, depth=depth + 1)


def _template_path(name: str, ctx: ListContext) -> str | None:
    from .roots import search_roots

    roots = list(search_roots(ctx.eval_dir))
    if ctx.include_chain:
        here = os.path.dirname(ctx.include_chain[-1])
        roots = [here, *(r for r in roots if r != here)]
    if name.startswith(".") or "/" in name or "\\" in name:
        candidates = [name]
    else:
        candidates = [
            os.path.join(".agentv", "templates", f"{name}.yaml"),
            os.path.join(".agentv", "templates", f"{name}.yml"),
        ]
    for candidate in candidates:
        if os.path.isabs(candidate) and os.path.isfile(candidate):
            return os.path.abspath(candidate)
        for root in roots:
            full = os.path.join(root, candidate.lstrip("/\\"))
            if os.path.isfile(full):
                return os.path.abspath(full)
    return None


def build_one(item: Any, ctx: ListContext, index: int) -> AssertionSpec:
    """One authored entry → spec; any problem is recorded on the spec, never raised."""
    line = getattr(item, "line", None)
    if not isinstance(item, dict) and not isinstance(item, Mapping):
        return _broken(index, "assertion", f"assertion must be a mapping, got {_kind(item)}", line)
    authored = item.get("type")
    if not isinstance(authored, str) or not authored.strip():
        return _broken(index, _label(item), "assertion has no 'type' (a non-empty string)", line)
    resolved = resolve_type(authored)
    guidance = agentv_main_refuses(authored)
    if guidance is not None:
        ctx.warnings.append(
            f"test '{ctx.test_id}', assertion '{_label(item)}': AgentV main refuses type "
            f"'{authored.strip()}' ({guidance}); graded as AgentV 4.x grades it"
        )
    custom = None
    if resolved.problem is not None and resolved.problem.startswith("unknown"):
        custom = custom_command(ctx.eval_dir, authored)
    if custom is not None:
        resolved = ResolvedType("script", False, authored.strip())
    try:
        options = _render(item, ctx)
    except SpecError as exc:
        return _broken(index, _label(item), str(exc), line, authored, resolved.type)
    if custom is not None:
        options = {
            "name": authored.strip(),
            **options,
            "command": custom,
            "custom_type": authored.strip(),
        }
    kind, negate_from_type = resolved.type, resolved.negate
    problems = [resolved.problem] if resolved.problem else []
    if kind == "skill-trigger":
        kind, options, negate_from_type = _skill_trigger(options, problems)
    # (The guards below only skip calls that would change nothing.)
    if "config" in options:
        options = _merge_config(kind, options, ctx, item)
    if not isinstance(options.get("value"), str):
        problems += _typed_template_problems(item, options, kind)
    if kind in _RUBRIC_TYPES:
        if "value" in options and not isinstance(options["value"], list):
            options = _rubric_value(options)
    entry = about(kind)
    name = _name(options, kind, negate_from_type, authored, entry)
    children: tuple[AssertionSpec, ...] = ()
    if entry.members is not None or "" in item:
        children = _children(kind, item, options, ctx, problems)
    if _FIELD_KEYS.isdisjoint(options):  # every shared field takes its default
        weight, negate, required, min_score = 1.0, negate_from_type, False, None
    else:
        weight, negate, required, min_score = _common_fields(
            kind, authored, options, negate_from_type, problems
        )
    return new_assertion_spec(  # (AssertionSpec(...) by position: cheaper to make)
        index,
        name,
        kind,
        options,
        weight,
        negate,
        required,
        min_score,
        authored,
        resolved.normalised_from,
        problems[0] if problems else None,
        line,
        children,
    )


# How deep groups may nest (recursion stays bounded).
MAX_GROUP_DEPTH = 32
# `.agentv/assertions/<type>.<ext>` beside the eval file: agentv-grade's own custom types
# (SPEC §5.6), with the program that runs each.
CUSTOM_RUNNERS: dict[str, tuple[str, ...]] = {
    ".py": (sys.executable,),
    ".js": ("node",),
    ".sh": ("sh",),
}
# AgentV main's custom types (registry/assertion-discovery.ts, grader-discovery.ts): these
# extensions in `.agentv/assertions/`, then `.agentv/graders/` and `.agentv/judges/`, in
# the eval's folder and every ancestor, nearest first; AgentV runs each as `bun run FILE`.
AGENTV_CUSTOM_EXTENSIONS = (".ts", ".js", ".mts", ".mjs")
AGENTV_CUSTOM_FOLDERS = (("assertions",), ("graders", "judges"))
_CUSTOM_NAME = r"[A-Za-z0-9][A-Za-z0-9_.-]*"  # (compiled on first use: few evals need it)


def custom_command(eval_dir: str, authored: str) -> list[str] | None:
    """The command for a custom type found as AgentV finds it (SPEC §5.6), or None; such
    a type then runs as a `script`."""
    name = authored.strip()
    if not re.fullmatch(_CUSTOM_NAME, name) or ".." in name:
        return None
    for extension, runner in CUSTOM_RUNNERS.items():
        path = os.path.join(eval_dir, ".agentv", "assertions", name + extension)
        if os.path.isfile(path):
            return [*runner, os.path.abspath(path)]
    folders = _ancestor_folders(os.path.abspath(eval_dir))
    for kinds in AGENTV_CUSTOM_FOLDERS:
        for folder in folders:
            for kind in kinds:
                for extension in AGENTV_CUSTOM_EXTENSIONS:
                    path = os.path.join(folder, ".agentv", kind, name + extension)
                    if os.path.isfile(path):
                        return ["bun", "run", "--no-install", path]  # no npm fetch
    return None


def _ancestor_folders(start: str) -> list[str]:
    out = [start]
    while os.path.dirname(out[-1]) != out[-1]:
        out.append(os.path.dirname(out[-1]))
    return out[:-1]  # AgentV stops below the file system's root


# Types whose `value` may be rubric items in AgentV main's shapes (`_rubric_value`).
_RUBRIC_TYPES = frozenset({"llm-rubric", "agent-rubric"})


def _structured_rubric(value: Any) -> bool:
    """AgentV main's isStructuredRubricObject: one rubric item written as a mapping."""
    if not isinstance(value, Mapping):
        return False
    if isinstance(value.get("outcome"), str) or value.get("score_ranges") is not None:
        return True
    return isinstance(value.get("criteria"), str) and any(
        value.get(k) is not None for k in ("id", "weight", "required", "min_score", "operator")
    )


def _rubric_value(options: dict[str, Any]) -> dict[str, Any]:
    """AgentV main's normalizeStructuredRubricValue for a `value` that is not a list: one
    item object (or `{criteria|rubrics: …}` around items), or criteria text with
    `score_ranges` on the assertion, becomes the list of rubric items AgentV judges
    (`judging.rubric_items` reads each item); anything else stays as written."""
    value = options["value"]
    items: list[Any] | None = None
    if isinstance(value, str) and options.get("score_ranges") is not None:
        item: dict[str, Any] = {"id": "rubric-1", "outcome": value}
        weight = options.get("weight")
        item["weight"] = weight if isinstance(weight, (int, float)) and weight is not True else 1
        # (AgentV adds `required: true` here, then drops it: an analytic item has none.)
        for key in ("min_score", "score_ranges", "operator"):
            if options.get(key) is not None:
                item[key] = options[key]
        items = [item]
    elif _structured_rubric(value):
        nested = next(
            (value[k] for k in ("criteria", "rubrics", "rubric_item", "rubricItem")
             if value.get(k) is not None),
            None,
        )  # fmt: skip
        if isinstance(nested, list):
            items = list(nested)
        elif isinstance(nested, Mapping):
            items = [nested]
        elif isinstance(nested, str):
            items = [{**value, "outcome": nested}]
        else:
            items = [value]
    return options if items is None else {**options, "value": items}


def _children(
    kind: str,
    item: Mapping[str, Any],
    options: Mapping[str, Any],
    ctx: ListContext,
    problems: list[str],
) -> tuple[AssertionSpec, ...]:
    """A group's members, built from the authored (not yet rendered) entries like any
    assertion, with the group's `config` merged under each member's (docs/agentv-semantics.md
    §12). A missing or empty member list is left to the group's check to report."""
    raw = item.get(about(kind).members or "")
    if not isinstance(raw, list) or not raw:
        return ()
    if ctx.group_depth >= MAX_GROUP_DEPTH:
        problems.append(f"groups nest deeper than {MAX_GROUP_DEPTH} levels")
        return ()
    inner = replace(ctx, group_depth=ctx.group_depth + 1)
    members = [_with_config(m, options.get("config")) for m in raw]
    if kind == "assert-set":
        return tuple(build_list(members, inner))
    return tuple(_named_member(m, inner, i) for i, m in enumerate(members))


def _named_member(raw: Any, ctx: ListContext, index: int) -> AssertionSpec:
    """A composite member must be named (AgentV 4.x drops unnamed ones; here: error)."""
    if isinstance(raw, Mapping) and not any(
        isinstance(raw.get(k), str) and raw[k].strip() for k in ("name", "metric")
    ):
        kind = str(raw["type"]) if isinstance(raw.get("type"), str) else ""
        problem = f"composite member {index + 1} has no 'name' (AgentV 4.x drops it)"
        return _broken(index, kind or "member", problem, getattr(raw, "line", None), kind)
    return build_one(raw, ctx, index)


def _with_config(member: Any, parent: Any) -> Any:
    own = member.get("config") if isinstance(member, Mapping) else None
    if not isinstance(parent, Mapping) or not isinstance(member, Mapping):
        return member
    if own is not None and not isinstance(own, Mapping):
        return member
    merged = YamlMap({**member, "config": {**parent, **(own or {})}})
    merged.line, merged.col = getattr(member, "line", None), getattr(member, "col", None)
    return merged


def _render(item: Mapping[str, Any], ctx: ListContext) -> dict[str, Any]:
    """The entry's options with every string rendered: a new dict, new containers."""
    if ctx.literal:
        return dict(item)
    variables = ctx.variables
    out: dict[str, Any] = {}
    for key, value in item.items():
        if type(value) is str and "{{" not in value and "{%" not in value:
            out[key] = value  # nothing to render (templating.has_template)
        else:
            out[key] = templating.render_value(value, variables)
    return out


def _skill_trigger(
    options: dict[str, Any], problems: list[str]
) -> tuple[str, dict[str, Any], bool]:
    """v4's `skill-trigger {skill, should_trigger}` → `skill-used` / `not-skill-used`."""
    out = {k: v for k, v in options.items() if k not in ("skill", "should_trigger")}
    out["value"] = options.get("skill")
    should = options.get("should_trigger", True)
    if not isinstance(should, bool):
        problems.append(f"should_trigger must be true or false, got {should!r}")
    return "skill-used", out, should is False


def _typed_template_problems(
    item: Mapping[str, Any], options: Mapping[str, Any], kind: str
) -> list[str]:
    """`value: "{{ n }}"` keeps the var's type (AgentV's rule); say so when that breaks a type.

    Without this the user would only read "value must be a string, got a number; quote
    it", which is wrong advice: the value *is* quoted in the eval file.
    """
    rendered = options.get("value")
    # (A type whose `value` must be one string: AgentV drops it otherwise, here it is error.)
    if isinstance(rendered, str) or not about(kind).string_value:
        return []
    raw = item.get("value")
    if not isinstance(raw, str):
        return []
    if rendered is None or not templating.is_whole_var(raw):
        return []
    return [
        f"value {raw!r} is {_kind(rendered)}: a var used alone keeps its type; "
        f"write '{templating.as_text_template(raw)}' to compare its text"
    ]


def _merge_config(
    kind: str, options: dict[str, Any], ctx: ListContext, item: Mapping[str, Any]
) -> dict[str, Any]:
    """Options may sit under `config:` (Vally's shape); the top level wins (SPEC §5.2)."""
    config = options.get("config")
    if config is None or about(kind).config_payload or not isinstance(config, Mapping):
        return options
    label = _label(item)
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


def _name(
    options: Mapping[str, Any],
    kind: str,
    negated_by_type: bool,
    authored: str,
    entry: Entry | None = None,
) -> str:
    """`metric`, else `name`, else AgentV's generated name (docs/agentv-semantics.md §3).

    A `not-` spelling gets `not-` before the generated name (docs/SPEC.md §3), so it never
    collides with the plain assertion of the same value; a type whose generated name is
    the type itself keeps its authored spelling (`not-is-json`, `transcript-not-contains`).
    """
    for key in ("metric", "name"):
        given = options.get(key)
        if isinstance(given, str) and given.strip():
            return given
    value = options.get("value")
    if kind == "skill-used" or negated_by_type:  # (only `skill-trigger` becomes skill-used)
        spelled = authored.strip().replace("_", "-")
        if spelled == "skill-trigger":
            return f"skill-trigger-{value}" if isinstance(value, str) else "skill-trigger"
    if kind == "script" and is_v4_code_grader(authored):
        return "code-grader"  # 4.x's generateAssertionName: the type as authored
    generated = generated_name(kind, value, entry)
    if not negated_by_type:
        return generated
    return spelled if generated == kind else f"not-{generated}"


# The options `_common_fields` reads: without any of them, every field is its default;
# without those but `negate` and `flags`, the others are (`_common_fields`'s order kept).
_FIELD_KEYS = frozenset(
    {"weight", "negate", "negated", "required", "min_score", "threshold", "flags", *REMOVED_KEYS}
)
_RARE_FIELD_KEYS = _FIELD_KEYS - {"negate", "flags"}


def _common_fields(
    kind: str,
    authored: str,
    options: Mapping[str, Any],
    negate_from_type: bool,
    problems: list[str],
) -> tuple[float, bool, bool, float | None]:
    """Read the fields every assertion shares (weight, negate, required, min_score); each
    problem found is appended, and the first one makes the assertion `error`.

    Valid fields are kept even when another one is broken, so an errored assertion still
    weighs what its author said in the test score.
    """
    if _RARE_FIELD_KEYS.isdisjoint(options):  # `negate` or `flags` only: the rest default
        negate = _negate(authored, options, negate_from_type, problems)
        _flags(options, problems)
        return 1.0, negate, False, None
    weight = _weight(options, problems)
    negate = _negate(authored, options, negate_from_type, problems)
    required = _required(options, problems)
    min_score = _unit_number(options, "min_score", problems)
    if min_score == 0:  # AgentV main keeps only 0 < min_score <= 1: `required` then gates
        min_score = None  # at the test's threshold
    if about(kind).threshold == "score":  # (`latency.threshold` is milliseconds)
        _unit_number(options, "threshold", problems)
    _flags(options, problems)
    for key, why in REMOVED_KEYS.items():
        if key in options:
            problems.append(f"per-assertion '{key}' is not supported: {why}")
    return weight, negate, required, min_score


def _weight(options: Mapping[str, Any], problems: list[str]) -> float:
    weight = options.get("weight", 1)
    if isinstance(weight, bool) or not isinstance(weight, (int, float)):
        hint = f" (write weight: {weight} without quotes)" if _is_number_text(weight) else ""
        problems.append(f"weight must be a number ≥ 0, got {weight!r}{hint}")
        return 1.0
    if not is_finite_number(weight) or weight < 0:
        problems.append(f"weight must be a finite number ≥ 0, got {weight}")
        return 1.0
    return float(weight)


def _is_number_text(value: Any) -> bool:
    try:
        return isinstance(value, str) and math.isfinite(float(value))
    except ValueError:
        return False


def _negate(
    authored: str, options: Mapping[str, Any], from_type: bool, problems: list[str]
) -> bool:
    negate = options.get("negate", options.get("negated", False))
    if not isinstance(negate, bool):
        problems.append(f"negate must be true or false, got {negate!r}")
        return from_type
    if negate and from_type:
        problems.append(
            f"'{authored}' is already negated; 'negate: true' on it is an ambiguous "
            "double negation (remove one of the two)"
        )
    return negate or from_type


def _required(options: Mapping[str, Any], problems: list[str]) -> bool:
    required = options.get("required", False)
    if isinstance(required, bool):
        return required
    hint = ""
    if isinstance(required, (int, float)):
        hint = f" (use 'required: true' + 'min_score: {required}')"
    problems.append(f"required must be true or false, got {required!r}{hint}")
    return False


def _unit_number(options: Mapping[str, Any], key: str, problems: list[str]) -> float | None:
    """An optional score in 0..1 (`min_score`, a score `threshold`)."""
    value = options.get(key)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 <= value <= 1:
        problems.append(f"{key} must be a number in 0..1, got {value!r}")
        return None
    return float(value)


def _flags(options: Mapping[str, Any], problems: list[str]) -> None:
    flags = options.get("flags")
    if flags is not None and not isinstance(flags, str):
        problems.append(f'flags must be a string such as "i", got {flags!r}')


def _with(spec: AssertionSpec, **changes: Any) -> AssertionSpec:
    return replace(spec, **changes)


def _reindex(spec: AssertionSpec, index: int) -> AssertionSpec:
    return spec if spec.index == index else _with(spec, index=index)


def _broken(
    index: int,
    name: str,
    problem: str,
    line: int | None = None,
    authored: str = "",
    kind: str = "",
) -> AssertionSpec:
    return AssertionSpec(
        index=index,
        name=name,
        type=kind or authored or "invalid",
        options={},
        authored_type=authored,
        problem=problem,
        line=line,
    )


def _label(item: Mapping[str, Any]) -> str:
    """The name a broken entry is reported under: never empty (SPEC §6.1 names an assertion)."""
    for key in ("metric", "name", "type"):
        given = item.get(key)
        if isinstance(given, str) and given.strip():
            return given
    return "assertion"


_kind = kind_of = described_kind  # a YAML value's kind for messages ("a number", "a list", …)
