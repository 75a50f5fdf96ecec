"""Character classes: ``[…]`` (with Annex B ranges) and the ``v`` flag's ClassSetExpression.

Results are explicit range sets in subject space (see `_regexp_sets.CaseFolder`).
"""

from __future__ import annotations

from agentv_grader.js import _regexp_sets as sets
from agentv_grader.js._regexp_ast import CharSet
from agentv_grader.js._regexp_scan import Scanner

ClassAtom = int | sets.Ranges
_V_SYNTAX = "()[]{}/-|"
_V_RESERVED_PUNCT = "&-!#%,:;<=>@`~"
_V_DOUBLE_PUNCT = frozenset(c + c for c in "&!#$%*+,.:;<=>?@^`~")


def _as_set(atom: ClassAtom) -> sets.Ranges:
    return ((atom, atom),) if isinstance(atom, int) else atom


class ClassParser(Scanner):
    """Parses a class after its ``[``; the result is what a single character must be in."""

    def parse_class(self) -> CharSet:
        negate = self.eat("^")
        if self.v:
            return self._v_class(negate)
        a = self._legacy_contents()
        if self.folder is not None:
            a = self.folder.close(a)
        return CharSet(sets.complement(a, self.max_cp) if negate else a)

    # -- without v ------------------------------------------------------------------------
    def _legacy_contents(self) -> sets.Ranges:
        items: list[sets.Ranges] = []
        while True:
            if self.at_end():
                self.error("Unterminated character class")
            if self.eat("]"):
                return sets.union(*items)
            a = self._class_atom()
            if self.peek() == "-" and self.peek(1) not in ("]", ""):
                self.pos += 1
                items.append(self._range(a, self._class_atom()))
            else:
                items.append(_as_set(a))

    def _range(self, a: ClassAtom, b: ClassAtom) -> sets.Ranges:
        if isinstance(a, int) and isinstance(b, int):
            if a > b:
                self.error("Range out of order in character class")
            return ((a, b),)
        if self.u:
            self.error("Invalid character class")
        # Annex B: [\d-z] is \d, "-" and "z".
        return sets.union(_as_set(a), ((0x2D, 0x2D),), _as_set(b))

    def _class_atom(self) -> ClassAtom:
        c = self.next()
        if c != "\\":
            return ord(c)
        if self.at_end():
            self.error("\\ at end of pattern")
        e = self.next()
        if e == "b":
            return 0x08
        if e in "dDsSwW" or (self.u and e in "pP"):
            return self.class_escape_set(e)
        if e == "c":
            return self._class_control()
        if e.isascii() and e.isdigit():
            return self._class_decimal(e)
        return self.char_escape(e, in_class=True)

    def _class_control(self) -> int:
        cp = self.control_letter()
        if cp is not None:
            return cp
        nxt = self.peek()
        if not self.u and nxt and (nxt in "0123456789_"):
            self.pos += 1
            return ord(nxt) % 32  # Annex B ClassControlLetter
        if self.u:
            self.error("Invalid class escape")
        self.pos -= 1  # Annex B: "\" is literal, "c" is read next
        return ord("\\")

    def _class_decimal(self, e: str) -> int:
        if e == "0" and not ("0" <= self.peek() <= "9"):
            return 0
        if self.u:
            self.error("Invalid class escape")
        return self.legacy_octal(e)

    # -- with v ------------------------------------------------------------------------------
    def _v_class(self, negate: bool) -> CharSet:
        """A ``v``-mode class body after ``[`` / ``[^``.

        ``zero_width`` mirrors V8 11.3, which gives a class made only of empty classes
        (``[]`` ``[^]`` ``[^[]]``) a maximum match length of 0 even when negated; its
        quantifiers then drop the atom (min 0) or keep it once (``[^]*`` matches "").
        """
        a, trivially_empty = self._v_contents()
        return CharSet(self.negate(a) if negate else a, trivially_empty, v_negated=negate)

    def _v_contents(self) -> tuple[sets.Ranges, bool]:
        """(set, whether the contents are syntactically empty classes only)."""
        if self.eat("]"):
            return (), True
        first, kind = self._v_operand(allow_range=True)
        for op in ("&&", "--"):
            if self.src.startswith(op, self.pos):
                if kind == "range":
                    self.error("Invalid set operation in character class")
                return self._v_operation(first, op), False
        items, kinds = [first], {kind}
        while not self.eat("]"):
            if self.at_end():
                self.error("Unterminated character class")
            if self.src.startswith(("&&", "--"), self.pos):
                self.error("Invalid set operation in character class")
            item, kind = self._v_operand(allow_range=True)
            items.append(item)
            kinds.add(kind)
        return sets.union(*items), kinds == {"empty"}

    def _v_operation(self, first: sets.Ranges, op: str) -> sets.Ranges:
        result = first
        while not self.eat("]"):
            if not self.eat(op) or (op == "&&" and self.peek() == "&"):
                self.error("Invalid set operation in character class")
            rhs, kind = self._v_operand(allow_range=False)
            if kind == "range":
                self.error("Invalid set operation in character class")
            result = sets.intersect(result, rhs) if op == "&&" else sets.subtract(result, rhs)
        return result

    def _v_operand(self, allow_range: bool) -> tuple[sets.Ranges, str]:
        c = self.peek()
        if c == "":
            self.error("Unterminated character class")
        if c == "[":
            self.pos += 1
            negate = self.eat("^")
            inner = self._v_class(negate)
            return inner.ranges, "empty" if inner.zero_width else "class"
        if c == "\\" and self.peek(1) in tuple("dDsSwWpP"):
            self.pos += 2
            return self.class_escape_set(self.src[self.pos - 1]), "class"
        lo = self._v_char()
        if allow_range and self.peek() == "-" and self.peek(1) != "-":
            self.pos += 1
            hi = self._v_char()
            if lo > hi:
                self.error("Range out of order in character class")
            return self.maybe_fold(((lo, hi),)), "range"
        return self.maybe_fold(((lo, lo),)), "char"

    def _v_char(self) -> int:
        c = self.peek()
        if c == "" or c in _V_SYNTAX and c != "\\":
            self.error("Invalid character in character class")
        if self.src[self.pos : self.pos + 2] in _V_DOUBLE_PUNCT:
            self.error("Invalid set operation in character class")
        self.pos += 1
        if c != "\\":
            return ord(c)
        e = self.next()
        if e == "":
            self.error("\\ at end of pattern")
        if e == "q" and self.peek() == "{":
            self.unsupported("\\q{…} string literal in a class (v flag)")
        if e == "b":
            return 0x08
        if e in _V_RESERVED_PUNCT:
            return ord(e)
        if e == "c":
            cp = self.control_letter()
            if cp is None:
                self.error("Invalid class escape")
            return cp
        if e.isascii() and e.isdigit():
            if e == "0" and not ("0" <= self.peek() <= "9"):
                return 0
            self.error("Invalid class escape")
        return self.char_escape(e, in_class=True)
