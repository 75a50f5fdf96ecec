"""The small AST between the ECMAScript pattern parser and the `regex` emitter.

Character matching nodes hold their final set in *subject space*: under the ``i`` flag the
subject text is canonicalized (see `_regexp_sets.CaseFolder`), so sets are already closed
over case equivalence and the emitter never uses the engine's own case folding.
"""

from __future__ import annotations

from agentv_grader.js._regexp_sets import Ranges


class PatternError(Exception):
    """The parser's failure: `unsupported` marks a construct Node accepts but we reject."""

    def __init__(self, message: str, unsupported: bool = False) -> None:
        super().__init__(message)
        self.message = message
        self.unsupported = unsupported


class Node:
    """Base of every AST node: plain classes with slots, not dataclasses (making the
    eleven dataclasses cost a cold start 2 ms, for nodes that nothing compares or copies).
    The repr lists the fields, as a dataclass's would."""

    __slots__ = ()

    def __repr__(self) -> str:
        names = [n for k in reversed(type(self).__mro__) for n in getattr(k, "__slots__", ())]
        shown = ", ".join(f"{n}={getattr(self, n)!r}" for n in names)
        return f"{type(self).__name__}({shown})"


class Char(Node):
    __slots__ = ("cp",)

    def __init__(self, cp: int) -> None:
        self.cp = cp


class CharSet(Node):
    __slots__ = ("ranges", "zero_width", "v_negated")

    def __init__(self, ranges: Ranges, zero_width: bool = False, v_negated: bool = False) -> None:
        self.ranges = ranges
        self.zero_width = zero_width  # V8 11.3 believes this v-flag class matches nothing
        self.v_negated = v_negated  # a [^…] class under the v flag


class Assert(Node):
    __slots__ = ("kind",)

    def __init__(self, kind: str) -> None:
        self.kind = kind  # "^" "$" "b" "B"


class Group(Node):
    __slots__ = ("index", "body")

    def __init__(self, index: int | None, body: Node) -> None:
        self.index = index  # None: non-capturing
        self.body = body


class Look(Node):
    __slots__ = ("behind", "negative", "body")

    def __init__(self, behind: bool, negative: bool, body: Node) -> None:
        self.behind = behind
        self.negative = negative
        self.body = body


class Backref(Node):
    __slots__ = ("index", "name", "always_empty")

    def __init__(self, index: int, name: str | None = None, always_empty: bool = False) -> None:
        self.index = index
        self.name = name
        self.always_empty = always_empty  # ECMAScript can never see a capture here


class Quant(Node):
    __slots__ = ("body", "min", "max", "greedy", "resets", "backward", "empty_check", "nonempty")

    def __init__(
        self,
        body: Node,
        min: int,
        max: int | None,
        greedy: bool,
        resets: list[int] | None = None,
        backward: bool = False,
        empty_check: int = 0,
        nonempty: Node | None = None,
    ) -> None:
        self.body = body
        self.min = min
        self.max = max
        self.greedy = greedy
        self.resets = [] if resets is None else resets  # groups re-captured as "" per iteration
        self.backward = backward  # inside a lookbehind: an iteration starts at its right end
        self.empty_check = empty_check  # > 0: emulate ECMAScript's empty-iteration check (id)
        self.nonempty = nonempty  # the body restricted to non-empty matches, when expressible


class Fail(Node):
    __slots__ = ("body",)

    def __init__(self, body: Node) -> None:
        self.body = body  # never matches; the body is kept so its groups stay defined


class Seq(Node):
    __slots__ = ("items",)

    def __init__(self, items: list[Node] | None = None) -> None:
        self.items = [] if items is None else items


class Alt(Node):
    __slots__ = ("branches",)

    def __init__(self, branches: list[Node] | None = None) -> None:
        self.branches = [] if branches is None else branches


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
