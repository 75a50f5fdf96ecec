"""Cursor, escapes and property lookups shared by the ECMAScript pattern and class parsers.

Without ``u``/``v`` a JavaScript pattern is a sequence of UTF-16 code units (an astral
character is two units, each a separate atom); with them it is a sequence of code points.
The scanner works on a Python string holding exactly those units or code points.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import NoReturn

from agentv_grader.js import _regexp_sets as sets
from agentv_grader.js._regexp_ast import PatternError

SYNTAX_CHARS = "^$\\.*+?()[]{}|"
_CONTROL = {"f": 0x0C, "n": 0x0A, "r": 0x0D, "t": 0x09, "v": 0x0B}
_HEX = "0123456789abcdefABCDEF"
_ASCII_ID_START = "$_ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
_ASCII_ID_CONTINUE = _ASCII_ID_START + "0123456789"
_STRING_PROPERTIES = frozenset(
    {
        "Basic_Emoji",
        "Emoji_Keycap_Sequence",
        "RGI_Emoji_Modifier_Sequence",
        "RGI_Emoji_Flag_Sequence",
        "RGI_Emoji_Tag_Sequence",
        "RGI_Emoji_ZWJ_Sequence",
        "RGI_Emoji",
    }
)


# Compiled on first use, through `re`'s cache (most texts are ASCII and never need them;
# a range of thousands of characters costs a cold start a tenth of a millisecond).
_ASTRAL = "[\U00010000-\U0010ffff]"
_SURROGATE = "[\ud800-\udfff]"
_PAIR = "[\ud800-\udbff][\udc00-\udfff]"


def _split_pair(m: re.Match[str]) -> str:
    cp = ord(m.group()) - 0x10000
    return chr(0xD800 + (cp >> 10)) + chr(0xDC00 + (cp & 0x3FF))


def _join_pair(m: re.Match[str]) -> str:
    pair = m.group()
    return chr(0x10000 + ((ord(pair[0]) - 0xD800) << 10) + (ord(pair[1]) - 0xDC00))


# Below this many characters, whether a text holds an astral character or a surrogate is
# told by encoding it (a C pass, 4-10 x faster than `re`'s scan of a non-ASCII text with a
# wide class, which every search of a non-ASCII subject paid); above, the encoded copy would
# cost memory on a huge response, so `re` scans.
_ENCODE_BELOW = 1 << 16


def _has_astral(text: str) -> bool:
    if len(text) < _ENCODE_BELOW:  # an astral character is 4 bytes in UTF-16, all else 2
        return len(text.encode("utf-16-le", "surrogatepass")) != 2 * len(text)
    return re.search(_ASTRAL, text) is not None


def _has_surrogate(text: str) -> bool:
    if len(text) < _ENCODE_BELOW:  # strict UTF-8 refuses exactly the surrogates
        try:
            text.encode("utf-8")
        except UnicodeEncodeError:
            return True
        return False
    return re.search(_SURROGATE, text) is not None


def to_utf16_units(text: str) -> str:
    """Each astral character becomes its surrogate pair (as two Python characters)."""
    if text.isascii() or not _has_astral(text):
        return text
    return re.sub(_ASTRAL, _split_pair, text)


def join_surrogates(text: str) -> str:
    """Adjacent lead+trail surrogates become one code point, as JavaScript sees a string."""
    if text.isascii() or not _has_surrogate(text):
        return text
    return re.sub(_PAIR, _join_pair, text)


def prescan(src: str, v_mode: bool) -> tuple[int, bool]:
    """Count capturing groups and spot named ones (decides what ``\\N`` and ``\\k`` mean)."""
    if "(" not in src:
        return 0, False
    count, named, depth, i = 0, False, 0, 0
    while i < len(src):
        c = src[i]
        if c == "\\":
            i += 2
            continue
        if depth:
            if c == "]":
                depth -= 1
            elif c == "[" and v_mode:
                depth += 1
        elif c == "[":
            depth = 1
        elif c == "(":
            if src[i + 1 : i + 2] != "?":
                count += 1
            elif src[i + 2 : i + 3] == "<" and src[i + 3 : i + 4] not in ("=", "!"):
                count += 1
                named = True
        i += 1
    return count, named


class Scanner:
    """Position in the pattern plus the flag-dependent escape rules."""

    def __init__(self, source: str, flags: str) -> None:
        self.source = source
        self.flags = flags
        self.u = "u" in flags or "v" in flags
        self.v = "v" in flags
        self.i = "i" in flags
        self.m = "m" in flags
        self.s = "s" in flags
        units = to_utf16_units(source)
        self.src = join_surrogates(units) if self.u else units
        self.pos = 0
        self.max_cp = sets.MAX_CP if self.u else sets.MAX_UNIT
        self.folder = sets.case_folder(self.u) if self.i else None
        self.n_groups, self.has_named = prescan(self.src, self.v)

    # -- cursor -------------------------------------------------------------------------
    def peek(self, k: int = 0) -> str:
        j = self.pos + k
        return self.src[j] if j < len(self.src) else ""

    def at_end(self) -> bool:
        return self.pos >= len(self.src)

    def next(self) -> str:
        c = self.peek()
        self.pos += 1
        return c

    def eat(self, text: str) -> bool:
        if self.src.startswith(text, self.pos):
            self.pos += len(text)
            return True
        return False

    def error(self, message: str) -> NoReturn:
        raise PatternError(message)

    def unsupported(self, message: str) -> NoReturn:
        raise PatternError(f"unsupported in regex: {message}", unsupported=True)

    # -- escapes --------------------------------------------------------------------------
    def hex_run(self, n: int) -> int | None:
        digits = self.src[self.pos : self.pos + n]
        if len(digits) == n and all(d in _HEX for d in digits):
            self.pos += n
            return int(digits, 16)
        return None

    def unicode_escape(self, unicode_mode: bool) -> int | None:
        """After ``\\u``: the code point, or None (non-u identity escape ``u``)."""
        if unicode_mode and self.peek() == "{":
            end = self.src.find("}", self.pos)
            digits = self.src[self.pos + 1 : end] if end > 0 else ""
            if not digits or any(d not in _HEX for d in digits) or int(digits, 16) > sets.MAX_CP:
                self.error("Invalid Unicode escape")
            self.pos = end + 1
            return int(digits, 16)
        value = self.hex_run(4)
        if value is None:
            if unicode_mode:
                self.error("Invalid Unicode escape")
            return None
        if unicode_mode and 0xD800 <= value <= 0xDBFF and self.peek() == "\\":
            save = self.pos
            if self.eat("\\u"):
                trail = self.hex_run(4)
                if trail is not None and 0xDC00 <= trail <= 0xDFFF:
                    return 0x10000 + ((value - 0xD800) << 10) + (trail - 0xDC00)
            self.pos = save
        return value

    def char_escape(self, e: str, in_class: bool) -> int:
        """CharacterEscape after ``\\e`` (``c`` with a letter, ``0`` handled by callers)."""
        if e in _CONTROL:
            return _CONTROL[e]
        if e == "x":
            value = self.hex_run(2)
            if value is not None:
                return value
            if self.u:
                self.error("Invalid escape")
            return ord("x")
        if e == "u":
            cp = self.unicode_escape(self.u)
            return ord("u") if cp is None else cp
        if self.u:
            if e in SYNTAX_CHARS or e == "/" or (in_class and e == "-"):
                return ord(e)
            self.error("Invalid class escape" if in_class else "Invalid escape")
        if e == "k" and self.has_named:
            self.error("Invalid escape")
        return ord(e)

    def control_letter(self) -> int | None:
        """After ``\\c``: the control character for an ASCII letter, else None."""
        c = self.peek()
        if c and c.isascii() and c.isalpha():
            self.pos += 1
            return ord(c) % 32
        return None

    def legacy_octal(self, first: str) -> int:
        """Annex B LegacyOctalEscapeSequence (``\\1`` ``\\07`` ``\\377``) or ``\\8``/``\\9``.

        Only without u/v, after the digit ``first``: a decimal escape that names no group.
        """
        if first in "89":
            return ord(first)  # identity escape
        value = int(first)
        if "0" <= self.peek() <= "7":
            value = value * 8 + int(self.next())
            if first in "0123" and "0" <= self.peek() <= "7":
                value = value * 8 + int(self.next())
        return value

    # -- sets -----------------------------------------------------------------------------
    def word_chars(self) -> sets.Ranges:
        """WordCharacters(rer): with ``i``+``u``, also ſ and K (they fold into [a-z])."""
        if not (self.i and self.u) or self.folder is None:
            return sets.WORD
        return _folded_word_chars(self.folder)

    def universe(self) -> sets.Ranges:
        """AllCharacters(rer): under ``v``+``i`` only case-fold representatives."""
        full = ((0, self.max_cp),)
        if self.v and self.folder is not None:
            return sets.subtract(full, self.folder.nonreps)
        return full

    def maybe_fold(self, a: sets.Ranges) -> sets.Ranges:
        """MaybeSimpleCaseFolding: only the ``v`` flag folds sets as they are built."""
        if self.v and self.folder is not None:
            return self.folder.fold(a)
        return a

    def negate(self, a: sets.Ranges) -> sets.Ranges:
        return sets.intersect(self.universe(), sets.complement(a, self.max_cp))

    def class_escape_set(self, e: str) -> sets.Ranges:
        """``\\d \\D \\s \\S \\w \\W`` (and ``\\p``/``\\P`` with u/v), as ECMAScript has them."""
        lower = e.lower()
        if lower == "d":
            base = sets.DIGITS
        elif lower == "s":
            base = sets.SPACE
        elif lower == "w":
            base = self.maybe_fold(self.word_chars())
        else:
            base = self.maybe_fold(self.property_set())
        return base if e.islower() else self.negate(base)

    def property_set(self) -> sets.Ranges:
        """``\\p{…}`` body: exact ECMAScript names (no loose matching), as node accepts them."""
        from agentv_grader.js import _regexp_tables as tables

        if not self.eat("{"):
            self.error("Invalid property name")
        end = self.src.find("}", self.pos)
        if end < 0:
            self.error("Invalid property name")
        body = self.src[self.pos : end]
        self.pos = end + 1
        name, _, value = body.partition("=")
        if value:
            if name in ("General_Category", "gc") and value in tables.GC_VALUES:
                return self._gc(value)
            if name in ("Script", "sc", "Script_Extensions", "scx") and value in tables.SCRIPTS:
                key = "Script" if name in ("Script", "sc") else "Script_Extensions"
                return sets.property_ranges(f"{key}={value}")
            self.error("Invalid property name")
        if body in tables.GC_VALUES:
            return self._gc(body)
        if body in tables.BINARY_PROPERTIES:
            return self._binary(body)
        if self.v and body in _STRING_PROPERTIES:
            self.unsupported(f"property of strings \\p{{{body}}} (v flag)")
        self.error("Invalid property name")

    def _gc(self, value: str) -> sets.Ranges:
        return sets.property_ranges(f"General_Category={value}")

    def _binary(self, name: str) -> sets.Ranges:
        if name == "ASCII":
            return ((0, 0x7F),)
        if name == "Any":
            return ((0, sets.MAX_CP),)
        if name == "Assigned":
            return sets.complement(self._gc("Cn"), sets.MAX_CP)
        return sets.property_ranges(name)

    # -- names ----------------------------------------------------------------------------
    def group_name(self) -> str:
        """RegExpIdentifierName up to ``>`` (escapes ``\\u…`` allowed even without u)."""
        chars: list[str] = []
        while not self.eat(">"):
            if self.at_end():
                self.error("Invalid capture group name")
            c = self.next()
            if c == "\\":
                cp = self.unicode_escape(True) if self.eat("u") else None
                if cp is None:
                    self.error("Invalid capture group name")
                c = chr(cp)
            elif "\ud800" <= c <= "\udbff" and "\udc00" <= self.peek() <= "\udfff":
                c = chr(0x10000 + ((ord(c) - 0xD800) << 10) + (ord(self.next()) - 0xDC00))
            chars.append(c)
        if not chars or not all(_id_char(c, k == 0) for k, c in enumerate(chars)):
            self.error("Invalid capture group name")
        return "".join(chars)


@lru_cache(maxsize=2)
def _folded_word_chars(folder: sets.CaseFolder) -> sets.Ranges:
    """`Scanner.word_chars` under ``i``+``u``: the same for every pattern of a folder
    (walking the folder's members costs milliseconds, once per process)."""
    closed = folder.close(sets.WORD)
    extra = [c for c in folder.members if sets.contains(closed, folder.canon(c))]
    return sets.union(sets.WORD, sets.of_chars(extra))


def _id_char(c: str, first: bool) -> bool:
    if c.isascii():
        return c in (_ASCII_ID_START if first else _ASCII_ID_CONTINUE)
    import regex

    if not first and c in "\u200c\u200d":
        return True
    prop = r"\p{ID_Start}" if first else r"\p{ID_Continue}"
    return regex.fullmatch(prop, c) is not None
