"""ECMAScript (ES2023, Node 20) pattern parser: terms, groups, quantifiers and escapes.

Without ``u``/``v`` it follows Annex B as V8 does (``{`` ``}`` ``]`` literals, identity and
octal escapes, ``\\c`` quirks, quantified lookaheads). Every pattern Node rejects raises
`PatternError`. Two V8 11.3 quirks of the ``v`` flag are reproduced or refused here: a
quantified class made only of empty classes (``[^]*``) is dropped, and a ``[^…]`` class in
a group V8 unrolls is refused (V8 inverts it).
"""

from __future__ import annotations

import re

from agentv_grader.js import _regexp_sets as sets
from agentv_grader.js._regexp_analysis import analyze, nullable
from agentv_grader.js._regexp_ast import (
    Alt,
    Assert,
    Backref,
    Char,
    CharSet,
    Group,
    Look,
    Node,
    Quant,
    Seq,
    v8_max_match_is_zero,
    walk,
)
from agentv_grader.js._regexp_class import ClassParser

_LOOKS = ("(?=", "(?!", "(?<=", "(?<!")
# A character that is an atom by itself: none of the syntax characters (nor `{` `}` `]`,
# whose meaning depends on the flags and what follows), and read as itself.
_PLAIN_RUN = re.compile(r"[^\\^$.*+?()[\]{}|]+")
_QUANTIFIER_START = ("*", "+", "?", "{")


class Parser(ClassParser):
    """One-shot parser: ``Parser(source, flags).parse()`` returns the AST root."""

    def __init__(self, source: str, flags: str) -> None:
        super().__init__(source, flags)
        self.group_index = 0
        self.names: dict[str, int] = {}
        self.backrefs: list[Backref] = []
        self.max_count = 0
        self.read_groups: frozenset[int] = frozenset()  # set by `parse`

    def parse(self) -> Node:
        root = self._disjunction()
        if not self.at_end():
            self.error("Unmatched ')'")
        for ref in self.backrefs:
            if ref.name is not None:
                if ref.name not in self.names:
                    self.error("Invalid named capture referenced")
                ref.index = self.names[ref.name]
        self.read_groups = analyze(root)
        return root

    # -- structure ------------------------------------------------------------------------
    def _disjunction(self) -> Node:
        branches: list[Node] = [self._alternative()]
        while self.eat("|"):
            branches.append(self._alternative())
        return branches[0] if len(branches) == 1 else Alt(branches)

    def _alternative(self) -> Seq:
        items: list[Node] = []
        src = self.src
        size = len(src)
        canon = None if self.folder is None else self.folder.canon
        while self.pos < size and src[self.pos] not in "|)":
            run = _PLAIN_RUN.match(src, self.pos)
            if run is not None:
                # Plain characters, each a `Char`, except a last one a quantifier follows.
                end = run.end()
                if src.startswith(_QUANTIFIER_START, end):
                    end -= 1
                codes = map(ord, src[self.pos : end])
                items.extend(map(Char, codes if canon is None else map(canon, codes)))
                self.pos = end
                if end >= size or src[end] in "|)":
                    break
            items.append(self._term())
        return Seq(items)

    def _term(self) -> Node:
        c = self.peek()
        if c in ("^", "$") or (c == "\\" and self.peek(1) in ("b", "B")):
            self.pos += 1 if c != "\\" else 2
            node = Assert(c if c != "\\" else self.src[self.pos - 1])
            self._no_quantifier()
            return node
        if self.src.startswith(_LOOKS, self.pos):
            look = self._lookaround()
            if look.behind or self.u:
                self._no_quantifier()
                return look
            return self._quantified(look)  # Annex B: (?=a)* is allowed without u
        return self._quantified(self._atom())

    def _no_quantifier(self) -> None:
        c = self.peek()
        if c in ("*", "+", "?") or (c == "{" and self._brace() is not None):
            self.error("Nothing to repeat")

    def _quantified(self, atom: Node) -> Node:
        c = self.peek()
        if c in ("*", "+", "?"):
            self.pos += 1
            lo, hi = {"*": (0, None), "+": (1, None), "?": (0, 1)}[c]
        elif c == "{":
            brace = self._brace()
            if brace is None:
                if self.u:
                    self.error("Incomplete quantifier")
                return atom  # Annex B: the "{" is a literal, read as the next atom
            lo, hi = brace
        else:
            return atom
        self.max_count = max(self.max_count, lo, hi or 0)
        greedy = not self.eat("?")
        if self.v:
            self._check_v_negated(atom, lo, hi)
        if self.v and v8_max_match_is_zero(atom):
            # V8 drops a quantified atom it believes matches only "" (or keeps it once);
            # that is only observable for its zero_width classes, e.g. [^]* under v.
            return Quant(atom, 0, 0, greedy) if lo == 0 else atom
        return Quant(atom, lo, hi, greedy)

    def _check_v_negated(self, atom: Node, lo: int, hi: int | None) -> None:
        """Node 20 (V8 11.3) flips a ``[^…]`` class under v when it unrolls a quantifier.

        V8 compiles an unrolled body (no captures, never empty, small counts) several times,
        and each compile negates the class again: ``/(?:a[^b])+/v`` matches "ab", not "ac".
        Refuse those rather than imitate; a lone ``[^b]+`` is unaffected.
        """
        bare = atom.body if isinstance(atom, Group) and isinstance(atom.body, Seq) else atom
        if isinstance(bare, Seq) and len(bare.items) == 1:
            bare = bare.items[0]
        nodes = walk(atom)
        if isinstance(bare, CharSet) or not any(
            isinstance(n, CharSet) and n.v_negated for n in nodes
        ):
            return
        if any(isinstance(n, Group) and n.index is not None for n in nodes) or nullable(atom):
            return  # V8 compiles such a body once
        if _v8_unrolled_compiles(lo, hi) >= 2:
            self.unsupported(
                "a negated class [^…] inside a repeated group under the v flag "
                "(Node 20 inverts it when it unrolls the quantifier)"
            )

    def _brace(self) -> tuple[int, int | None] | None:
        """``{n}`` ``{n,}`` ``{n,m}`` at the cursor: consumed when well formed, else None."""
        start = self.pos
        self.pos += 1
        lo = self._digits()
        hi: int | None = lo
        if lo is not None and self.eat(","):
            hi = self._digits()
        if lo is None or not self.eat("}"):
            self.pos = start
            return None
        if hi is not None and hi < lo:
            self.error("numbers out of order in {} quantifier")
        return lo, hi

    def _digits(self) -> int | None:
        start = self.pos
        while "0" <= self.peek() <= "9":
            self.pos += 1
        return int(self.src[start : self.pos]) if self.pos > start else None

    def _atom(self) -> Node:
        c = self.next()
        if c == ".":
            dot = ((0, self.max_cp),) if self.s else sets.complement(sets.LINE_TERM, self.max_cp)
            return CharSet(dot)
        if c == "(":
            return self._group()
        if c == "[":
            return self.parse_class()
        if c == "\\":
            return self._atom_escape()
        if c in ("*", "+", "?"):
            self.error("Nothing to repeat")
        if c in ("{", "}", "]"):
            self.pos -= 1
            if c == "{" and self._brace() is not None:
                self.error("Nothing to repeat")
            if self.u:
                self.error("Lone quantifier brackets")
            self.pos += 1
        return self._char(ord(c))

    def _char(self, cp: int) -> Char:
        return Char(self.folder.canon(cp) if self.folder is not None else cp)

    def _group(self) -> Node:
        if self.eat("?:"):
            return Group(None, self._group_body())
        if self.eat("?<"):
            self.group_index += 1
            index = self.group_index
            name = self.group_name()
            if name in self.names:
                self.error("Duplicate capture group name")
            self.names[name] = index
            return Group(index, self._group_body())
        if self.peek() == "?":
            self.error("Invalid group")
        self.group_index += 1
        index = self.group_index
        return Group(index, self._group_body())

    def _group_body(self) -> Node:
        body = self._disjunction()
        if not self.eat(")"):
            self.error("Unterminated group")
        return body

    def _lookaround(self) -> Look:
        behind = self.src[self.pos + 2] == "<"
        self.pos += 4 if behind else 3
        negative = self.src[self.pos - 1] == "!"
        return Look(behind, negative, self._group_body())

    # -- escapes --------------------------------------------------------------------------
    def _atom_escape(self) -> Node:
        if self.at_end():
            self.error("\\ at end of pattern")
        e = self.next()
        if "1" <= e <= "9":
            return self._numbered_backref(e)
        if e == "0":
            if "0" <= self.peek() <= "9":
                if self.u:
                    self.error("Invalid decimal escape")
                return self._char(self.legacy_octal(e))
            return self._char(0)
        if e == "k" and (self.u or self.has_named):
            if not self.eat("<"):
                self.error("Invalid named reference")
            ref = Backref(0, self.group_name())
            self.backrefs.append(ref)
            return ref
        if e in "dDsSwW" or (self.u and e in "pP"):
            a = self.class_escape_set(e)
            if self.folder is not None and not self.v:
                a = self.folder.close(a)
            return CharSet(a)
        if e == "c":
            cp = self.control_letter()
            if cp is None:
                if self.u:
                    self.error("Invalid unicode escape")
                self.pos -= 1  # Annex B: a literal "\", then "c" as the next atom
                return self._char(ord("\\"))
            return self._char(cp)
        return self._char(self.char_escape(e, in_class=False))

    def _numbered_backref(self, first: str) -> Node:
        self.pos -= 1
        n = self._digits() or 0
        if n <= self.n_groups:
            ref = Backref(n)
            self.backrefs.append(ref)
            return ref
        if self.u:
            self.error("Invalid escape")
        self.pos -= len(str(n)) - 1
        return self._char(self.legacy_octal(first))


def _v8_unrolled_compiles(lo: int, hi: int | None) -> int:
    """How often V8's RegExpQuantifier::ToNode compiles the body (kMaxUnrolled* = 3)."""
    if 1 <= lo <= 3:
        rest = None if hi is None else hi - lo
        if rest == 0:
            return lo
        return lo + (rest if rest is not None and rest <= 3 else 1)
    if lo == 0 and hi is not None and hi <= 3:
        return hi
    return 1
