"""Backtracking-blowup analysis of an ECMAScript pattern (regexploit-style, SPEC §6.2).

The pattern becomes a position automaton (Glushkov) whose transitions count how many
different ways the pattern's syntax allows them: `(a+)+` reaches `a` from `a` in two
ways, which is exactly the choice a backtracking engine retries. For each character `c`
that repeated atoms share, the sub-automaton that reads only `c` is decomposed into
strongly connected parts. Among the states from which no match can be completed on
`c` alone (so a final non-matching character forces the engine to try everything):
- a part with more paths than one simple cycle means exponentially many ways to read
  `c`ⁿ (exponential backtracking);
- a chain of k looping parts, each reachable from the previous on `c`, means about nᵏ
  ways (polynomial of degree k). Unanchored search adds the implicit "try every start
  position" loop to the chain, as engines do.
Only single-character pumps are analysed; larger patterns are skipped.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator
from dataclasses import dataclass, field

from ._pattern import (
    ALL,
    Alt,
    Atom,
    Node,
    PatternUnreadable,
    Ranges,
    Repeat,
    Seq,
    Zero,
    contains,
    intersect,
)

MAX_POSITIONS = 300
MIN_DEGREE = 3  # quadratic (`\s+$` under search) is everywhere and rarely matters
_MAX_COPIES = 3  # x{5,} is read as x x x+ ; the blowup does not depend on the count
_MAX_BOUNDED = 10  # x{1,50} repeats like x+ as far as backtracking goes
_NICE = "a1 A_-.,:;/x0\t!#=Zb9\n"


@dataclass(slots=True)
class _Frag:
    first: dict[int, int]
    last: dict[int, int]
    last_clean: frozenset[int]
    nullable: int  # number of ways to match empty (capped at 2); 0: it cannot
    clean: bool  # can match empty without passing a zero-width assertion


@dataclass(slots=True)
class Automaton:
    """Positions 1.. are atoms; position 0 is the implicit search loop (when unanchored)."""

    sets: list[Ranges] = field(default_factory=list)
    spans: list[tuple[int, int]] = field(default_factory=list)
    follow: list[dict[int, int]] = field(default_factory=list)
    first: dict[int, int] = field(default_factory=dict)
    final: frozenset[int] = frozenset()  # the pattern can end after these, asserting nothing
    last: frozenset[int] = frozenset()  # ... or after zero-width assertions

    def add(self, ranges: Ranges, span: tuple[int, int]) -> int:
        if len(self.sets) > MAX_POSITIONS:
            raise PatternUnreadable("pattern too large to analyse")
        self.sets.append(ranges)
        self.spans.append(span)
        self.follow.append({})
        return len(self.sets) - 1

    def link(self, src: dict[int, int], dst: dict[int, int]) -> None:
        for p, m in src.items():
            row = self.follow[p]
            for q, n in dst.items():
                row[q] = min(2, row.get(q, 0) + m * n)


def _add(a: dict[int, int], b: dict[int, int], times: int = 1) -> dict[int, int]:
    out = dict(a)
    if times:
        for k, v in b.items():
            out[k] = min(2, out.get(k, 0) + v * times)
    return out


class _Builder:
    def __init__(self, auto: Automaton) -> None:
        self.auto = auto

    def build(self, node: Node) -> _Frag:
        if isinstance(node, Atom):
            p = self.auto.add(node.ranges, node.span)
            return _Frag({p: 1}, {p: 1}, frozenset({p}), 0, False)
        if isinstance(node, Zero):
            return _Frag({}, {}, frozenset(), 1, False)
        if isinstance(node, Alt):
            return self.alternation([self.build(b) for b in node.branches])
        if isinstance(node, Repeat):
            return self.repeat(node)
        frag = _Frag({}, {}, frozenset(), 1, True)
        for item in node.items:
            frag = self.concat(frag, self.build(item))
        return frag

    def alternation(self, frags: list[_Frag]) -> _Frag:
        out = _Frag({}, {}, frozenset(), 0, False)
        for f in frags:
            out = _Frag(
                _add(out.first, f.first),
                _add(out.last, f.last),
                out.last_clean | f.last_clean,
                min(2, out.nullable + f.nullable),
                out.clean or f.clean,
            )
        return out

    def concat(self, a: _Frag, b: _Frag) -> _Frag:
        self.auto.link(a.last, b.first)
        return _Frag(
            _add(a.first, b.first, a.nullable),
            _add(b.last, a.last, b.nullable),
            b.last_clean | (a.last_clean if b.clean else frozenset()),
            min(2, a.nullable * b.nullable),
            a.clean and b.clean,
        )

    def loop(self, f: _Frag, optional: bool) -> _Frag:
        self.auto.link(f.last, f.first)
        if optional:
            return _Frag(f.first, f.last, f.last_clean, 1, True)
        return _Frag(f.first, f.last, f.last_clean, min(1, f.nullable), f.clean)

    def optional(self, f: _Frag) -> _Frag:
        return _Frag(f.first, f.last, f.last_clean, min(2, 1 + f.nullable), True)

    def repeat(self, node: Repeat) -> _Frag:
        lo, hi = node.lo, node.hi
        if hi is not None and hi > _MAX_BOUNDED:
            lo, hi = min(lo, _MAX_COPIES), None
        if hi is None:
            if lo == 0:
                return self.loop(self.build(node.body), optional=True)
            frags = [self.build(node.body) for _ in range(min(lo, _MAX_COPIES) - 1)]
            frags.append(self.loop(self.build(node.body), optional=False))
            return self.chain(frags)
        frags = [self.build(node.body) for _ in range(lo)]
        tail = _Frag({}, {}, frozenset(), 1, True)
        for _ in range(hi - lo):
            tail = self.optional(self.concat(self.build(node.body), tail))
        return self.chain(frags + [tail])

    def chain(self, frags: list[_Frag]) -> _Frag:
        out = _Frag({}, {}, frozenset(), 1, True)
        for f in frags:
            out = self.concat(out, f)
        return out


def _anchored(node: Node) -> bool:
    """Every way through the pattern starts with `^`."""
    if isinstance(node, Zero):
        return node.kind == "^"
    if isinstance(node, Alt):
        return all(_anchored(b) for b in node.branches)
    if isinstance(node, Seq) and node.items:
        return _anchored(node.items[0])
    return False


def build(node: Node, sticky: bool) -> Automaton:
    """The position automaton of `node`, with the search loop at position 0 if unanchored."""
    auto = Automaton()
    auto.add(ALL, (0, 0))
    frag = _Builder(auto).build(node)
    auto.first = dict(frag.first)
    if not (sticky or _anchored(node)):
        auto.follow[0] = _add({0: 1}, frag.first)
        auto.first[0] = 1
    auto.final = frag.last_clean | (frozenset({0}) if frag.clean else frozenset())
    auto.last = frozenset(frag.last)
    return auto


@dataclass(frozen=True, slots=True)
class Risk:
    """What the analysis found: `degree` 0 means exponential; else the polynomial degree."""

    degree: int
    char: str
    states: tuple[int, ...]


def _candidates(auto: Automaton) -> list[str]:
    distinct = list(dict.fromkeys(auto.sets[1:]))
    pools = list(distinct)
    for i, a in enumerate(distinct):
        for b in distinct[i + 1 :]:
            both = intersect(a, b)
            if both:
                pools.append(both)
    return list(dict.fromkeys(representative(r) for r in pools if r))


def representative(ranges: Ranges) -> str:
    """A readable character of the set (letters and digits first)."""
    for c in _NICE:
        if contains(ranges, ord(c)):
            return c
    lo = ranges[0][0]
    return chr(lo if not 0xD800 <= lo <= 0xDFFF else 0xE000)


def _doomed_graph(auto: Automaton, cp: int) -> dict[int, dict[int, int]]:
    """The `c`-only transitions among states that cannot reach a match on `c` alone."""
    nodes = {p for p, s in enumerate(auto.sets) if contains(s, cp)}
    if 0 not in auto.first:
        nodes.discard(0)
    edges = {p: {q: m for q, m in auto.follow[p].items() if q in nodes} for p in nodes}
    reverse: dict[int, list[int]] = {p: [] for p in nodes}
    for p, row in edges.items():
        for q in row:
            reverse[q].append(p)
    alive = deque(p for p in nodes if p in auto.final)
    seen = set(alive)
    while alive:
        for p in reverse[alive.popleft()]:
            if p not in seen:
                seen.add(p)
                alive.append(p)
    return {p: {q: m for q, m in row.items() if q not in seen} for p, row in edges.items()
            if p not in seen}  # fmt: skip


def _components(graph: dict[int, dict[int, int]]) -> list[list[int]]:
    """Tarjan's strongly connected components, sinks first (iterative)."""
    index: dict[int, int] = {}
    low: dict[int, int] = {}
    stack: list[int] = []
    on: set[int] = set()
    out: list[list[int]] = []
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is None:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    comp = []
                    while True:
                        top = stack.pop()
                        on.discard(top)
                        comp.append(top)
                        if top == node:
                            break
                    out.append(sorted(comp))
            elif child not in index:
                index[child] = low[child] = len(index)
                stack.append(child)
                on.add(child)
                work.append((child, iter(sorted(graph[child]))))
            elif child in on:
                low[node] = min(low[node], index[child])
    return out


def _risk_for(graph: dict[int, dict[int, int]], char: str) -> Risk | None:
    comps = _components(graph)
    where = {p: i for i, comp in enumerate(comps) for p in comp}
    best: list[tuple[int, tuple[int, ...]]] = []
    for i, comp in enumerate(comps):
        members = set(comp)
        inner = sum(m for p in comp for q, m in graph[p].items() if q in members)
        looping = inner > 0
        if looping and inner > len(comp):
            return Risk(0, char, tuple(comp))
        succ = {where[q] for p in comp for q in graph[p] if where[q] != i}
        tail = max((best[j] for j in succ), default=(0, ()))
        best.append((tail[0] + 1, (comp[0],) + tail[1]) if looping else tail)
    top = max(best, default=(0, ()))
    return Risk(top[0], char, top[1]) if top[0] >= MIN_DEGREE else None


def analyse(auto: Automaton) -> Risk | None:
    """The worst blowup over the shared characters: exponential first, then highest degree."""
    worst: Risk | None = None
    loops = _simple_loops(auto)
    if loops is not None and len(loops) < MIN_DEGREE:
        return None
    for char in _candidates(auto):
        if loops is not None and _reading(loops, ord(char)) < MIN_DEGREE:
            continue  # fewer looping parts than a blowup chains on this character: none
        risk = _risk_for(_doomed_graph(auto, ord(char)), char)
        if risk is None:
            continue
        if risk.degree == 0:
            return risk
        if worst is None or risk.degree > worst.degree:
            worst = risk
    return worst


def _simple_loops(auto: Automaton) -> list[Ranges] | None:
    """The sets of the positions that loop on themselves, when every cycle of the whole
    automaton is such a loop, read in one way (None otherwise). Then a character's graph
    (`_doomed_graph`, a part of the whole) has no cycle but those loops: no exponential
    part, and a chain of at most as many looping parts as there are loops that read the
    character, so a character read by fewer than `MIN_DEGREE` of them needs no analysis
    (most characters of most patterns: `"id"\\s*:\\s*7` is analysed for white space only)."""
    graph = dict(enumerate(auto.follow))
    for comp in _components(graph):
        if len(comp) > 1:
            return None
    loops = []
    for p, row in graph.items():
        ways = row.get(p, 0)
        if ways > 1:
            return None
        if ways:
            loops.append(auto.sets[p])
    return loops


def _reading(sets: list[Ranges], cp: int) -> int:
    """How many of `sets` hold the code point `cp`."""
    return sum(1 for ranges in sets if contains(ranges, cp))


def prefix_to(auto: Automaton, target: int) -> str:
    """A shortest text after which reading one more character can enter `target`."""
    if target == 0:
        return ""
    parents: dict[int, int] = {}
    queue = deque(p for p in auto.first if p != 0)
    seen = set(queue)
    while queue:
        p = queue.popleft()
        if p == target:
            break
        for q in auto.follow[p]:
            if q not in seen and q != 0:
                seen.add(q)
                parents[q] = p
                queue.append(q)
    path = [target]
    while path[-1] in parents:
        path.append(parents[path[-1]])
    return "".join(representative(auto.sets[p]) for p in reversed(path[1:]))


def completion(auto: Automaton, start: int) -> str:
    """A shortest text that takes `start` to the end of the pattern (engines check the
    cheap continuations first, so an attack that almost matches backtracks the longest)."""
    parents: dict[int, int] = {}
    queue = deque([start])
    seen = {start}
    while queue:
        p = queue.popleft()
        if p in auto.last:
            path = [p]
            while path[-1] in parents:
                path.append(parents[path[-1]])
            return "".join(representative(auto.sets[q]) for q in reversed(path[:-1]))
        for q in auto.follow[p]:
            if q not in seen and q != 0:
                seen.add(q)
                parents[q] = p
                queue.append(q)
    return ""


def blocked(auto: Automaton, states: tuple[int, ...]) -> Iterator[Ranges]:
    """The sets the pattern could still read after the pump (a suffix should avoid them).

    The search loop (position 0) is left out: it only chooses where matching starts.
    """
    for p in states:
        if p != 0:
            yield auto.sets[p]
        for q in auto.follow[p]:
            if q != 0:
                yield auto.sets[q]
