"""The YAML path of `yaml12.load_yaml`: PyYAML's C parser with the YAML 1.2 core
schema, loaded only when an eval file is not plain JSON (importing PyYAML costs more
than parsing a small file). See `yaml12` for what it reads and how."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import yaml
from yaml.nodes import MappingNode, ScalarNode, SequenceNode

from ..errors import GradeInputError
from .yaml12 import (
    _FAST_DEPTH,
    MAX_EXPANDED_NODES,
    MAX_NESTING,
    YamlList,
    YamlMap,
    _Fallback,
)

_BaseLoader: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


_STR = "tag:yaml.org,2002:str"
_INT = "tag:yaml.org,2002:int"
_FLOAT = "tag:yaml.org,2002:float"
_BOOL = "tag:yaml.org,2002:bool"
_NULL = "tag:yaml.org,2002:null"
_MAP = "tag:yaml.org,2002:map"
_SEQ = "tag:yaml.org,2002:seq"


class _Loader(_BaseLoader):  # type: ignore[misc]
    yaml_implicit_resolvers: dict[str, list[tuple[str, re.Pattern[str]]]] = {}

    # The C composer calls these once per node. This loader has no path resolvers and no
    # wildcard resolvers, so `BaseResolver.resolve` reduces to this (same tags, less work).
    def resolve(self, kind: Any, value: Any, implicit: tuple[bool, bool]) -> str:
        if kind is ScalarNode:
            if implicit[0]:
                for tag, regexp in _Loader.yaml_implicit_resolvers.get(value[:1], ()):
                    if regexp.match(value):
                        return tag
            return _STR
        return _SEQ if kind is SequenceNode else _MAP

    # No path resolvers: these do nothing, and as C functions they cost less than a
    # Python no-op (called twice per node).
    descend_resolver: Any = staticmethod({}.get)  # (parent, index) -> None
    ascend_resolver: Any = staticmethod(().__len__)  # () -> 0, ignored


class _TaglessLoader(_Loader):
    """For a text that holds no tag: the fast path resolves plain scalars itself (a
    scalar's style tells plain from quoted), so the composer needs no tags, and a C
    function returning a constant costs less than `_Loader.resolve` once per node.
    Its nodes' tags are meaningless: only `_fast_tagless` reads its trees."""

    resolve: Any = staticmethod(_STR.format)  # (kind, value, implicit) -> _STR


# A '!' that may start a tag: a tag is a token of its own, so it starts the text or
# follows a blank, a line break or a flow indicator (or ':' after a quoted flow key).
# Elsewhere ("Hello!", "(?!x)", '"!x"') a '!' is text, or an error either way.
# (These three are compiled on first use, through `re`'s cache: most texts need none.)
_MAYBE_TAG = r"(?:^|(?<=[\s\[\]{},:\ufeff]))!"
# An alias names an anchor set before it, and an anchor starts a node: without an `&`
# where a node can start, `*` is text (a regex's `.*`, markdown's `**`), not an alias.
_MAYBE_ANCHOR = r"(?:^|(?<=[\s\[\]{},:\ufeff]))&"


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
# YAML merge keys (`<<: *base`), which AgentV's parser reads (its `merge: true`); the
# fast paths leave a document with one to the plain path (`_scalar` has no such tag).
_MERGE = "tag:yaml.org,2002:merge"
_add(_MERGE, r"^<<$", "<")
# First characters (and "" for the empty scalar) that some implicit resolver handles.
_RESOLVABLE = frozenset(_Loader.yaml_implicit_resolvers)


def _construct_int(loader: Any, node: yaml.ScalarNode) -> int:
    return _int_of(str(loader.construct_scalar(node)))


def _int_of(text: str) -> int:
    if text.startswith("0o"):
        return int(text[2:], 8)
    if text.startswith("0x"):
        return int(text[2:], 16)
    return int(text, 10)


def _construct_float(loader: Any, node: yaml.ScalarNode) -> float:
    return _float_of(str(loader.construct_scalar(node)))


def _float_of(text: str) -> float:
    text = text.lower()
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
    merged: dict[str, Any] = {}
    own: dict[str, Any] = {}
    for key_node, value_node in node.value:
        if key_node.tag == _MERGE:
            _merge_into(merged, loader, value_node)
            continue
        key = loader.construct_object(key_node, deep=True)
        if not isinstance(key, (str, int, float, bool)) and key is not None:
            line, col = _mark(key_node)
            raise GradeInputError(
                "mapping key must be a scalar", line=line, col=col, hint="quote the key"
            )
        key = key if isinstance(key, str) else _key_text(key)
        if key in own:
            line, col = _mark(key_node)
            raise GradeInputError(
                f"duplicate key '{key}'", line=line, col=col, hint="remove one of the two"
            )
        own[key] = loader.construct_object(value_node, deep=True)
    result.update(merged)
    result.update(own)


def _merge_into(merged: dict[str, Any], loader: Any, value_node: yaml.Node) -> None:
    """`<<: *a` or `<<: [*a, *b]`: the mappings' keys, the first source winning; the
    mapping's own keys win over all of them (YAML's merge key type)."""
    sources = value_node.value if isinstance(value_node, SequenceNode) else [value_node]
    for source in sources:
        if not isinstance(source, MappingNode):
            line, col = _mark(source)
            raise GradeInputError(
                "'<<' merges a mapping or a list of mappings",
                line=line,
                col=col,
                hint="write <<: *anchor where the anchor names a mapping",
            )
        for key, value in loader.construct_object(source, deep=True).items():
            merged.setdefault(key, value)


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


_NOT_FLOW_MARK = r"[^\[\]{}]+"


def _may_nest_deeper(text: str, limit: int) -> bool:
    """A cheap upper bound on the nesting: the running depth of flow brackets plus the
    longest run of indentation and block indicators (`- `, `? `, `: `) opening a line.
    Only when it passes `limit` are the parser's events counted exactly."""
    if len(text) <= limit:
        return False
    flow = deepest = 0
    for mark in re.sub(_NOT_FLOW_MARK, "", text):  # the brackets alone, in order
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


def _new_map(line: int, col: int) -> YamlMap:
    result: YamlMap = YamlMap.__new__(YamlMap)
    result.line = line
    result.col = col
    return result


def _new_list(line: int, col: int) -> YamlList:
    result: YamlList = YamlList.__new__(YamlList)
    result.line = line
    result.col = col
    return result


def _scalar(tag: str, text: str) -> Any:
    """A scalar of a standard tag, as the plain path's constructors make it."""
    if tag == _STR:
        return text
    if tag == _NULL:
        return None
    if tag == _INT:
        return _int_of(text)
    if tag == _FLOAT:
        return _float_of(text)
    if tag == _BOOL and text:
        return text[0] in "tT"
    raise _Fallback


# Plain scalars already known to stay strings ("type", "true-ish" words): keys repeat.
_PLAIN_TEXTS: set[str] = set()


def _plain(text: str) -> Any:
    """A plain scalar resolved by the core schema, as `_Loader.resolve` + constructors."""
    if text in _PLAIN_TEXTS:
        return text
    for tag, regexp in _Loader.yaml_implicit_resolvers.get(text[:1], ()):
        if regexp.match(text):
            return _scalar(tag, text)
    if len(text) <= 64 and len(_PLAIN_TEXTS) < 4096:
        _PLAIN_TEXTS.add(text)
    return text


def _built_before(node: Any, depth: int, memo: dict[int, Any] | None) -> Any:
    """The value already built for a collection node (an alias is the same object as its
    anchor, as in the plain path), or None; `_Fallback` past the depth the fast path takes."""
    if depth > _FAST_DEPTH:
        raise _Fallback
    return memo.get(id(node)) if memo is not None else None


def _fast_tagless(node: Any, depth: int, memo: dict[int, Any] | None) -> Any:
    """`_fast_node` for a tree composed by `_TaglessLoader`: no node has a tag of its
    own, plain scalars are resolved here."""
    if type(node) is ScalarNode:
        return _plain(node.value) if node.style == "" else node.value
    done = _built_before(node, depth, memo)
    if done is not None:
        return done
    result: Any
    if type(node) is MappingNode:
        result = _tagless_map(node, depth + 1, memo)
    else:
        result = _tagless_list(node, depth + 1, memo)
    if memo is not None:
        memo[id(node)] = result
    return result


def _tagless_map(node: Any, depth: int, memo: dict[int, Any] | None) -> YamlMap:
    mark = node.start_mark
    result = _new_map(mark.line + 1, mark.column + 1)
    for key_node, value_node in node.value:
        if type(key_node) is not ScalarNode:
            raise _Fallback
        key = key_node.value
        if key_node.style == "" and key[:1] in _RESOLVABLE:
            key = _plain(key)
            if type(key) is not str:
                key = _key_text(key)
        if key in result:
            raise _Fallback
        if type(value_node) is ScalarNode:
            value = value_node.value
            if value_node.style == "" and value[:1] in _RESOLVABLE:
                value = _plain(value)
            result[key] = value
        else:
            result[key] = _fast_tagless(value_node, depth, memo)
    return result


def _tagless_list(node: Any, depth: int, memo: dict[int, Any] | None) -> YamlList:
    mark = node.start_mark
    result = _new_list(mark.line + 1, mark.column + 1)
    for child in node.value:
        if type(child) is ScalarNode:
            value = child.value
            if child.style == "" and value[:1] in _RESOLVABLE:
                value = _plain(value)
            result.append(value)
        else:
            result.append(_fast_tagless(child, depth, memo))
    return result


def _fast_node(node: Any, depth: int, memo: dict[int, Any] | None) -> Any:
    """One constructor pass over the composed tree: the plain path's values and places
    for documents of standard tags without merge keys. Errors (a duplicate key, an
    unknown tag, a non-scalar key) are never raised here: the plain path reports them."""
    kind = type(node)
    if kind is ScalarNode:
        return _scalar(node.tag, node.value)
    done = _built_before(node, depth, memo)
    if done is not None:
        return done
    mark = node.start_mark
    result: Any
    if kind is MappingNode and node.tag == _MAP:
        result = _new_map(mark.line + 1, mark.column + 1)
        for key_node, value_node in node.value:
            if type(key_node) is not ScalarNode:
                raise _Fallback
            key = _scalar(key_node.tag, key_node.value)
            if type(key) is not str:
                key = _key_text(key)
            if key in result:
                raise _Fallback
            if type(value_node) is ScalarNode and value_node.tag == _STR:
                result[key] = value_node.value
            else:
                result[key] = _fast_node(value_node, depth + 1, memo)
    elif kind is SequenceNode and node.tag == _SEQ:
        result = _new_list(mark.line + 1, mark.column + 1)
        for child in node.value:
            if type(child) is ScalarNode and child.tag == _STR:
                result.append(child.value)
            else:
                result.append(_fast_node(child, depth + 1, memo))
    else:
        raise _Fallback
    if memo is not None:
        memo[id(node)] = result
    return result


_FELL_BACK = object()


def _construct_fast(node: Any, tagless: bool, memo: dict[int, Any] | None) -> Any:
    """The fast path's value, or `_FELL_BACK` when the plain path must decide."""
    try:
        if tagless:
            return _fast_tagless(node, 0, memo)
        return _fast_node(node, 0, memo)
    except _Fallback:
        return _FELL_BACK
    except (ValueError, IndexError, TypeError, AttributeError):
        return _FELL_BACK  # the plain path raises what it raises for the same node


def load_with_libyaml(text: str, path: str, fast: bool) -> Any:
    """`load_yaml` for any YAML text (see there)."""
    tagless = fast and ("!" not in text or re.search(_MAYBE_TAG, text) is None)
    loader = _TaglessLoader(text) if tagless else _Loader(text)
    try:
        if _may_nest_deeper(text, MAX_NESTING):
            _check_nesting(text, path)
        node = loader.get_single_node()
        if node is None:
            return None
        aliased = "*" in text and re.search(_MAYBE_ANCHOR, text) is not None
        if aliased and _expanded_size(node) > MAX_EXPANDED_NODES:
            raise GradeInputError(
                "YAML aliases expand to more than 2,000,000 nodes (alias bomb?)",
                file=path,
                hint="write the data out instead of nesting aliases",
            )
        if fast:
            built = _construct_fast(node, tagless, {} if aliased else None)
            if built is not _FELL_BACK:
                return built
        if tagless:  # these nodes have no real tags: compose again, with them
            return load_with_libyaml(text, path, False)
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
