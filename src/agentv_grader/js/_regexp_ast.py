"""The small AST between the ECMAScript pattern parser and the `regex` emitter.

Character matching nodes hold their final set in *subject space*: under the ``i`` flag the
subject text is canonicalized (see `_regexp_sets.CaseFolder`), so sets are already closed
over case equivalence and the emitter never uses the engine's own case folding.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from agentv_grader.js._regexp_sets import Ranges


class PatternError(Exception):
    """The parser's failure: `unsupported` marks a construct Node accepts but we reject."""

    def __init__(self, message: str, unsupported: bool = False) -> None:
        super().__init__(message)
        self.message = message
        self.unsupported = unsupported


@dataclass(eq=False)
class Node:
    """Base of every AST node."""


@dataclass(eq=False)
class Char(Node):
    cp: int


@dataclass(eq=False)
class CharSet(Node):
    ranges: Ranges
    zero_width: bool = False  # V8 11.3 believes this v-flag class matches nothing
    v_negated: bool = False  # a [^…] class under the v flag


@dataclass(eq=False)
class Assert(Node):
    kind: str  # "^" "$" "b" "B"


@dataclass(eq=False)
class Group(Node):
    index: int | None  # None: non-capturing
    body: Node


@dataclass(eq=False)
class Look(Node):
    behind: bool
    negative: bool
    body: Node


@dataclass(eq=False)
class Backref(Node):
    index: int
    name: str | None = None
    always_empty: bool = False  # ECMAScript can never see a capture here


@dataclass(eq=False)
class Quant(Node):
    body: Node
    min: int
    max: int | None
    greedy: bool
    resets: list[int] = field(default_factory=list)  # groups to re-capture as "" per iteration
    backward: bool = False  # inside a lookbehind: an iteration starts at its right end
    empty_check: int = 0  # > 0: emulate ECMAScript's empty-iteration check (unique id)
    nonempty: Node | None = None  # the body restricted to non-empty matches, when expressible


@dataclass(eq=False)
class Fail(Node):
    body: Node  # never matches; the body is kept so its groups stay defined


@dataclass(eq=False)
class Seq(Node):
    items: list[Node] = field(default_factory=list)


@dataclass(eq=False)
class Alt(Node):
    branches: list[Node] = field(default_factory=list)


def v8_max_match_is_zero(node: Node) -> bool:
    """V8's ``max_match() == 0`` test, under which a quantifier drops or keeps its atom once."""
    if isinstance(node, CharSet):
        return node.zero_width
    if isinstance(node, (Assert, Look)):
        return True
    if isinstance(node, (Group, Quant)):
        return v8_max_match_is_zero(node.body) or (isinstance(node, Quant) and node.max == 0)
    if isinstance(node, (Seq, Alt)):
        return all(v8_max_match_is_zero(n) for n in children(node))
    return False


def walk(node: Node) -> list[Node]:
    """The node and all its descendants."""
    out, stack = [], [node]
    while stack:
        n = stack.pop()
        out.append(n)
        stack.extend(children(n))
    return out


def children(node: Node) -> list[Node]:
    """Direct sub-nodes, in pattern order."""
    if isinstance(node, (Group, Look, Quant, Fail)):
        return [node.body]
    if isinstance(node, Seq):
        return node.items
    if isinstance(node, Alt):
        return node.branches
    return []
