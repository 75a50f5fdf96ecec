"""YAML 1.2 core-schema reading, as AgentV's `yaml` package does, on PyYAML's C parser.

PyYAML resolves YAML 1.1 (`yes` → True, `2025-01-15` → date, `1:30` → 90, `012` → 10);
AgentV's parser does not, so the resolvers and the int constructor are replaced. Mappings
keep their line numbers (`YamlMap.line`) so errors can point at the assertion. Duplicate
keys and alias bombs are refused with the line.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import yaml

from ..errors import GradeInputError

_BaseLoader: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

# Expanded size above which alias use is treated as a bomb (billion laughs).
MAX_EXPANDED_NODES = 2_000_000


class YamlMap(dict[str, Any]):
    """A mapping that remembers where it was written (1-based line and column)."""

    __slots__ = ("line", "col")

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.line: int | None = None
        self.col: int | None = None


class YamlList(list[Any]):
    """A sequence that remembers where it was written."""

    __slots__ = ("line", "col")

    def __init__(self, *args: Any) -> None:
        super().__init__(*args)
        self.line: int | None = None
        self.col: int | None = None


class _Loader(_BaseLoader):  # type: ignore[misc]
    yaml_implicit_resolvers: dict[str, list[tuple[str, re.Pattern[str]]]] = {}


def _add(tag: str, pattern: str, first: str) -> None:
    compiled = re.compile(pattern, re.X)
    for ch in first:
        _Loader.yaml_implicit_resolvers.setdefault(ch, []).append((tag, compiled))


# YAML 1.2.2 §10.3.2 core schema.
_add("tag:yaml.org,2002:null", r"^(?:~|null|Null|NULL|)$", "~nN\0")
_Loader.yaml_implicit_resolvers.setdefault("", []).append(
    ("tag:yaml.org,2002:null", re.compile(r"^$"))
)
_add("tag:yaml.org,2002:bool", r"^(?:true|True|TRUE|false|False|FALSE)$", "tTfF")
_add(
    "tag:yaml.org,2002:int",
    r"^(?:[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+)$",
    "-+0123456789",
)
_add(
    "tag:yaml.org,2002:float",
    r"""^(?:[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?
        |[-+]?\.(?:inf|Inf|INF)
        |\.(?:nan|NaN|NAN))$""",
    "-+.0123456789",
)


def _construct_int(loader: Any, node: yaml.ScalarNode) -> int:
    text = str(loader.construct_scalar(node))
    if text.startswith("0o"):
        return int(text[2:], 8)
    if text.startswith("0x"):
        return int(text[2:], 16)
    return int(text, 10)


def _construct_float(loader: Any, node: yaml.ScalarNode) -> float:
    text = str(loader.construct_scalar(node)).lower()
    if text.endswith(".inf"):
        return float("-inf") if text.startswith("-") else float("inf")
    if text.endswith(".nan"):
        return float("nan")
    return float(text)


def _mark(node: yaml.Node) -> tuple[int, int]:
    return node.start_mark.line + 1, node.start_mark.column + 1


def _construct_map(loader: Any, node: yaml.MappingNode) -> Iterator[YamlMap]:
    result = YamlMap()
    result.line, result.col = _mark(node)
    yield result
    loader.flatten_mapping(node)
    for key_node, value_node in node.value:
        key = loader.construct_object(key_node, deep=True)
        if not isinstance(key, (str, int, float, bool)) and key is not None:
            line, col = _mark(key_node)
            raise GradeInputError(
                "mapping key must be a scalar", line=line, col=col, hint="quote the key"
            )
        key = key if isinstance(key, str) else _key_text(key)
        if key in result:
            line, col = _mark(key_node)
            raise GradeInputError(
                f"duplicate key '{key}'", line=line, col=col, hint="remove one of the two"
            )
        result[key] = loader.construct_object(value_node, deep=True)


def _key_text(key: Any) -> str:
    if key is None:
        return "null"
    if key is True:
        return "true"
    if key is False:
        return "false"
    return str(key)


def _construct_seq(loader: Any, node: yaml.SequenceNode) -> Iterator[YamlList]:
    result = YamlList()
    result.line, result.col = _mark(node)
    yield result
    result.extend(loader.construct_object(child, deep=True) for child in node.value)


def _construct_str(loader: Any, node: yaml.ScalarNode) -> str:
    return str(loader.construct_scalar(node))


def _refuse(loader: Any, node: yaml.Node) -> Any:
    line, col = _mark(node)
    raise GradeInputError(
        f"unsupported YAML tag {node.tag}", line=line, col=col, hint="remove the explicit tag"
    )


_Loader.yaml_constructors = {
    "tag:yaml.org,2002:null": lambda loader, node: None,
    "tag:yaml.org,2002:bool": lambda loader, node: loader.construct_scalar(node)[0] in "tT",
    "tag:yaml.org,2002:int": _construct_int,
    "tag:yaml.org,2002:float": _construct_float,
    "tag:yaml.org,2002:str": _construct_str,
    "tag:yaml.org,2002:map": _construct_map,
    "tag:yaml.org,2002:seq": _construct_seq,
    None: _refuse,
}


def _expanded_size(root: yaml.Node) -> int:
    """Node count with aliases expanded, without expanding them (memoised, cycle-safe)."""
    sizes: dict[int, int] = {}
    on_path: set[int] = set()
    stack: list[tuple[yaml.Node, bool]] = [(root, False)]
    while stack:
        node, done = stack.pop()
        key = id(node)
        if done:
            on_path.discard(key)
            children = _children(node)
            total = 1 + sum(sizes[id(c)] for c in children)
            sizes[key] = min(total, MAX_EXPANDED_NODES + 1)
            continue
        if key in sizes:
            continue
        if key in on_path:
            line, col = _mark(node)
            raise GradeInputError("recursive YAML alias", line=line, col=col)
        on_path.add(key)
        stack.append((node, True))
        stack.extend((c, False) for c in _children(node) if id(c) not in sizes)
    return sizes[id(root)]


def _children(node: yaml.Node) -> list[yaml.Node]:
    if isinstance(node, yaml.MappingNode):
        return [n for pair in node.value for n in pair]
    if isinstance(node, yaml.SequenceNode):
        return list(node.value)
    return []


# libyaml composes nodes recursively in C: tens of thousands of nested levels overflow the
# C stack and kill the process (a segfault, not an exception), so deeper input is refused
# before it is composed. Real eval files nest a few levels.
MAX_NESTING = 1000
_NOT_FLOW_MARK = re.compile(r"[^\[\]{}]+")


def _may_nest_deeper(text: str, limit: int) -> bool:
    """A cheap upper bound on the nesting: the running depth of flow brackets plus the
    longest run of indentation and block indicators (`- `, `? `, `: `) opening a line.
    Only when it passes `limit` are the parser's events counted exactly."""
    if len(text) <= limit:
        return False
    flow = deepest = 0
    for mark in _NOT_FLOW_MARK.sub("", text):  # the brackets alone, in order
        if mark in "[{":
            flow += 1
            deepest = max(deepest, flow)
        elif flow:
            flow -= 1
    if deepest > limit:
        return True
    block_start = re.compile(f"\n[ ?:-]{{{limit - deepest + 1}}}")  # "\n" first: fast scan
    return block_start.search("\n" + text) is not None


def _check_nesting(text: str, path: str) -> None:
    """Count nesting from the parser's events (libyaml's parser keeps its own stack, it
    does not recurse) and refuse the document past `MAX_NESTING` levels."""
    depth = 0
    for event in yaml.parse(text, Loader=_BaseLoader):
        if isinstance(event, (yaml.MappingStartEvent, yaml.SequenceStartEvent)):
            depth += 1
            if depth > MAX_NESTING:
                mark = event.start_mark
                raise GradeInputError(
                    f"YAML nests deeper than {MAX_NESTING} levels",
                    file=path,
                    line=mark.line + 1 if mark else None,
                    col=mark.column + 1 if mark else None,
                    hint="flatten the data",
                )
        elif isinstance(event, (yaml.MappingEndEvent, yaml.SequenceEndEvent)):
            depth -= 1


def load_yaml(text: str, path: str) -> Any:
    """Parse one YAML document with the 1.2 core schema.

    Raises:
        GradeInputError: syntax errors (file:line:col), duplicate keys, alias bombs.
    """
    loader = _Loader(text)
    try:
        if _may_nest_deeper(text, MAX_NESTING):
            _check_nesting(text, path)
        node = loader.get_single_node()
        if node is None:
            return None
        if "*" in text and _expanded_size(node) > MAX_EXPANDED_NODES:
            raise GradeInputError(
                "YAML aliases expand to more than 2,000,000 nodes (alias bomb?)",
                file=path,
                hint="write the data out instead of nesting aliases",
            )
        return loader.construct_document(node)
    except GradeInputError as exc:
        exc.file = exc.file or path
        raise
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark else None
        col = mark.column + 1 if mark else None
        problem = exc.problem or exc.context or "invalid YAML"
        if "maximum nesting depth" in problem:  # newer libyaml builds stop at 1000 themselves
            raise GradeInputError(
                f"YAML nests deeper than {MAX_NESTING} levels",
                file=path,
                line=line,
                col=col,
                hint="flatten the data",
            ) from None
        raise GradeInputError(
            f"YAML syntax error: {problem}", file=path, line=line, col=col
        ) from None
    except yaml.reader.ReaderError as exc:  # a character YAML forbids (NUL, most controls)
        line = text.count("\n", 0, exc.position) + 1
        col = exc.position - (text.rfind("\n", 0, exc.position) + 1) + 1
        code = exc.character if isinstance(exc.character, int) else ord(exc.character[:1] or "?")
        raise GradeInputError(
            f"YAML error: character U+{code:04X} is not allowed ({exc.reason})",
            file=path,
            line=line,
            col=col,
            hint="remove it, or write it as an escape in a double-quoted string",
        ) from None
    except yaml.YAMLError as exc:  # one line, as every exit-2 message (SPEC §2)
        raise GradeInputError("YAML error: " + " ".join(str(exc).split()), file=path) from None
    except RecursionError:
        raise GradeInputError("YAML nesting too deep", file=path) from None
    finally:
        loader.dispose()
