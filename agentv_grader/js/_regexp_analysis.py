"""Post-parse analysis: the places where ECMAScript's matching differs from the `regex` engine's.

Two differences are fixed by annotating the AST for the emitter:

* Captures. ECMAScript clears the captures inside a quantified atom at the start of every
  iteration; a reference can only see a capture made earlier in the same pass through the
  sequence that holds both. `regex` keeps the previous iteration's value.
* Empty iterations. Once its minimum is met, an ECMAScript quantifier rejects an iteration
  that matched the empty string and backtracks into it for a non-empty match (``(?:a?|b)*``
  matches "b"); `regex` accepts the empty iteration and stops (matching "").
"""

from __future__ import annotations

from agentv_grader.js._regexp_ast import (
    Alt,
    Assert,
    Backref,
    Char,
    CharSet,
    Fail,
    Group,
    Look,
    Node,
    Quant,
    Seq,
    children,
)

Path = list[tuple[Node, int]]
_LEAVES = frozenset({Char, CharSet, Assert})


def analyze(root: Node) -> frozenset[int]:
    """Annotate backreferences and quantifiers (see the module docstring); return the
    groups some backreference can read (the only captures the emitted pattern names)."""
    groups: dict[int, Path] = {}
    refs: list[tuple[Backref, Path]] = []
    quants: list[tuple[Quant, Path]] = []
    stack: list[tuple[Node, Path]] = [(root, [])]
    while stack:
        node, path = stack.pop()
        if isinstance(node, Group) and node.index is not None:
            groups[node.index] = path
        elif isinstance(node, Backref):
            refs.append((node, path))
        elif isinstance(node, Quant):
            quants.append((node, path))
        for k, child in enumerate(children(node)):
            if type(child) not in _LEAVES:  # nothing to annotate or walk below a leaf
                stack.append((child, [*path, (node, k)]))
    live: set[int] = set()
    for ref, r_path in refs:
        ref.always_empty = _always_empty(groups[ref.index], r_path)
        if not ref.always_empty:
            live.add(ref.index)
    for n, (quant, q_path) in enumerate(quants):
        inside = [g for g in sorted(live) if any(a is quant for a, _ in groups[g])]
        quant.backward = _backward(q_path)
        if quant.max is None or quant.max > 1:
            # An empty capture matches exactly like ECMAScript's cleared (undefined) one.
            quant.resets = inside
        if _needs_empty_check(quant, bool(inside)):
            quant.empty_check = n + 1
            quant.nonempty = nonempty_form(quant.body)
    return frozenset(live)


def _always_empty(g_path: Path, r_path: Path) -> bool:
    """The reference sits inside its group, before it, or in another alternative."""
    k = 0
    while k < len(g_path) and k < len(r_path) and g_path[k] == r_path[k]:
        k += 1
    if k >= len(g_path) or k >= len(r_path):
        return True
    lca, gi = g_path[k]
    if not isinstance(lca, Seq):
        return True
    return (gi > r_path[k][1]) != _backward(g_path[:k])


def _backward(path: Path) -> bool:
    """Inside a lookbehind (and no lookahead nested deeper), matching runs right to left."""
    return next((n.behind for n, _ in reversed(path) if isinstance(n, Look)), False)


# -- empty iterations -------------------------------------------------------------------------
def _needs_empty_check(q: Quant, has_live_groups: bool) -> bool:
    """Whether `regex`'s handling of an empty iteration can change the answer.

    Only optional iterations are checked, and only a body that can match both empty and
    non-empty matters; then either the empty match may be tried before a non-empty one,
    or it would overwrite a capture that a backreference reads.
    """
    if q.max is not None and q.max <= q.min:
        return False
    body = q.body
    if not (nullable(body) and consumes(body)):
        return False
    return empty_first(body) or has_live_groups


def nullable(node: Node) -> bool:
    if isinstance(node, (Char, CharSet)):
        return False
    if isinstance(node, Fail):
        return False
    if isinstance(node, (Assert, Look, Backref)):
        return True
    if isinstance(node, Quant):
        return node.min == 0 or nullable(node.body)
    if isinstance(node, Alt):
        return any(nullable(b) for b in node.branches)
    return all(nullable(c) for c in children(node))  # Seq, Group


def consumes(node: Node) -> bool:
    if isinstance(node, Fail):
        return False
    if isinstance(node, CharSet):
        return bool(node.ranges)
    if isinstance(node, Backref):
        return not node.always_empty
    if isinstance(node, Char):
        return True
    if isinstance(node, (Assert, Look)):
        return False
    if isinstance(node, Quant) and node.max == 0:
        return False
    return any(consumes(c) for c in children(node))


def empty_first(node: Node) -> bool:
    """May an empty match be tried before a consuming one? (over-approximation)"""
    if isinstance(node, Group):
        return empty_first(node.body)
    if isinstance(node, Alt):
        b = node.branches
        later = any(nullable(b[i]) and any(consumes(x) for x in b[i + 1 :]) for i in range(len(b)))
        return later or any(empty_first(x) for x in b)
    if isinstance(node, Seq):
        return nullable(node) and any(empty_first(x) for x in node.items)
    if isinstance(node, Quant):
        if not node.greedy and consumes(node.body) and (node.min == 0 or nullable(node.body)):
            return True
        return empty_first(node.body)
    return False


def nonempty_form(node: Node) -> Node | None:
    """The same matches in the same order, minus the empty ones; None if not expressible.

    Used for a quantifier body after the minimum, where ECMAScript rejects empty iterations:
    ``(?:a?|b)`` → ``(?:a|b)``, ``x*?`` → ``x+?``, a zero-width branch never matches.
    """
    if isinstance(node, (Char, CharSet)) or not nullable(node):
        return node
    if not consumes(node):
        return Fail(node)
    if isinstance(node, Group):
        body = nonempty_form(node.body)
        return None if body is None else Group(node.index, body)
    if isinstance(node, Alt):
        branches = [nonempty_form(b) for b in node.branches]
        return None if any(b is None for b in branches) else Alt([b for b in branches if b])
    if isinstance(node, Quant):
        if nullable(node.body) or node.max == 0:
            return None
        return Quant(node.body, 1, node.max, node.greedy, node.resets, node.backward)
    if isinstance(node, Seq):
        movers = [k for k, item in enumerate(node.items) if consumes(item)]
        if len(movers) != 1:
            return None  # several nullable parts: the order of their choices interleaves
        inner = nonempty_form(node.items[movers[0]])
        if inner is None:
            return None
        items = list(node.items)
        items[movers[0]] = inner
        return Seq(items)
    return None  # a backreference: whether it is empty is only known while matching
