"""JavaScript's ``new RegExp(pattern, flags).test(text)`` on Python, as Node 20 answers it.

AgentV evaluates `regex` assertions with JavaScript, and Python's own dialect disagrees on
everyday patterns (``$`` before a final newline, ``\\d`` on non-ASCII digits, ``\\s``,
``.`` and ``\\r``, case folding, UTF-16 code units). So the ECMAScript pattern is parsed
with its own grammar and translated to an equivalent `regex` module pattern with every
set computed here, never the engine's own meaning (SPEC §5.1 "Regex dialect"; the
translation is as short as that allows, §8). Annex B (octal escapes, a lone ``{`` or
``]``, ``[\\d-z]``…) is implemented as V8 has it. What we refuse, with a `JsRegexError`
naming the construct, is what SPEC lets us refuse (the ``v`` flag's string literals and
properties of strings) and the few places where Node 20 contradicts itself (see
`_regexp_parse`): never a silently different answer.

Every match runs under a deadline (SPEC §5.1 "Time bound"), enforced by the `regex` engine,
which counts CPU time of the process: a busy machine stretches the wall time of a timeout
but does not turn a match into a timeout.

The `regex` module is imported at the first compile, not at import time (cold start).
"""

from __future__ import annotations

import sys
from bisect import bisect_right
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import cache, lru_cache
from typing import TYPE_CHECKING

from agentv_grader.env import positive_int_env
from agentv_grader.errors import SpecError
from agentv_grader.record import Record

if TYPE_CHECKING:
    import regex

    from agentv_grader.js._regexp_ast import Node
    from agentv_grader.js._regexp_direct import Direct
    from agentv_grader.js._regexp_sets import CaseFolder, Ranges

__all__ = [
    "JsMatch",
    "JsRegExp",
    "JsRegexError",
    "RegexTimeout",
    "compile_js",
    "default_timeout_ms",
    "split_inline_flags",
]

_VALID_FLAGS = "dgimsuvy"
_DEFAULT_TIMEOUT_MS = 1000
_TIMEOUT_ENV = "AGENTV_GRADE_REGEX_TIMEOUT_MS"
_CLAMP_FROM = 1000  # repeat counts above this are clamped per subject length (memory)
_RECURSION = 12000  # enough for groups nested ~1000 deep


class JsRegexError(SpecError):
    """The pattern or flags are invalid in JavaScript, or use a construct we refuse."""


class RegexTimeout(SpecError):
    """A match ran past its deadline (catastrophic backtracking, most likely).

    The message is exactly ``regex timed out after <ms> ms: catastrophic backtracking likely``.
    """


def split_inline_flags(pattern: str) -> tuple[str, str]:
    """Leading ``(?i)`` ``(?m)`` ``(?s)`` or combos like ``(?ims)`` → (flags, rest).

    The Vally convention (SPEC §5.1); without such a prefix → ``("", pattern)``.
    """
    if pattern.startswith("(?"):
        end = pattern.find(")")
        letters = pattern[2:end]
        if end > 2 and all(c in "ims" for c in letters):
            return letters, pattern[end + 1 :]
    return "", pattern


def default_timeout_ms() -> int:
    """``AGENTV_GRADE_REGEX_TIMEOUT_MS`` when it is a positive integer, else 1000."""
    return positive_int_env(_TIMEOUT_ENV, _DEFAULT_TIMEOUT_MS)


class JsMatch(Record):
    """A match; offsets are code point indices into the original Python string.

    When a match boundary falls between the two UTF-16 units of an astral character (only
    possible without ``u``), ``start`` rounds down and ``end`` rounds up to whole characters.
    """

    start: int
    end: int
    text: str


class _Subject(Record):
    """The text as the engine sees it, and the way back to original offsets.

    ``marks`` lists, for each place where the engine's text and the original differ in
    length (an astral character split into two units, or a surrogate pair joined into one
    code point), the engine offset just after it; ``split`` tells which of the two.
    """

    text: str
    marks: list[int]
    split: bool

    def original(self, pos: int, end: bool) -> int:
        if not self.marks:
            return pos
        if not self.split:  # joined pairs: each mark before pos hides one original unit
            return pos + bisect_right(self.marks, pos)
        done = bisect_right(self.marks, pos)  # astral characters wholly before pos
        mid = done < len(self.marks) and self.marks[done] - 1 == pos
        return pos - done - (1 if mid else 0) + (1 if mid and end else 0)


class JsRegExp:
    """A compiled ECMAScript regex; `search` is ``RegExp.prototype.test`` with positions."""

    def __init__(
        self,
        source: str,
        flags: str,
        root: Node,
        word: Ranges,
        max_count: int,
        read_groups: frozenset[int],
        *,
        engine_now: bool = True,
    ) -> None:
        self.source = source
        self.flags = flags
        self._root: Node | None = root  # None: parsed again when needed (`_tree`)
        self._word = word
        self._max_count = max_count
        self._read_groups = read_groups
        self._unicode = "u" in flags or "v" in flags
        self._sticky = "y" in flags
        self._folder: CaseFolder | None = None
        if "i" in flags:
            from agentv_grader.js._regexp_sets import case_folder

            self._folder = case_folder(self._unicode)
        self._engines: dict[int | None, regex.Pattern[str]] = {}
        self._literal = None if self._sticky else _Literal.of(root, "m" in flags)
        self._direct: Direct | None = None
        if self._literal is None:
            from agentv_grader.js._regexp_direct import Direct

            max_cp = 0x10FFFF if self._unicode else 0xFFFF
            self._direct = Direct.of(root, "m" in flags, word, max_cp, self._sticky)
            if self._direct is None and engine_now:
                self._engine_for(0)  # compile now: errors surface here
        self._prefix = "" if self._sticky else literal_prefix(root)
        self._runs: tuple[str, ...] | None = None

    @property
    def matches_without_engine(self) -> bool:
        """Searches below `_PREFILTER_FROM` characters are a literal search or the direct
        matcher's (the `regex` engine only for a longer subject, or past the budget)."""
        return self._literal is not None or self._direct is not None

    def with_chars(self, source: str, chars: str, first: int) -> JsRegExp | None:
        """The matcher of `source`, a pattern of this one's shape (`_regexp_shape`): this
        one with the characters `first`, `first + 1`, … of its literal searches replaced
        by `chars` in order (in canonical form under ``i``, as the parser makes them).
        Its tree is parsed from `source` only if the engine must run it. None where the
        direct matcher does not take `source` (`Direct.with_chars`)."""
        codes = range(first, first + len(chars))
        folder = self._folder
        if folder is None:
            table = dict(zip(codes, chars, strict=True))
        else:
            table = dict(zip(codes, map(chr, map(folder.canon, map(ord, chars))), strict=True))
        out = object.__new__(JsRegExp)
        out.__dict__.update(self.__dict__)
        out.source = source
        out._root = None
        out._engines = {}
        out._literal = None if self._literal is None else self._literal.with_chars(table)
        if self._direct is not None:
            out._direct = self._direct.with_chars(table)
            if out._direct is None:
                return None
        out._prefix = self._prefix.translate(table)
        out._runs = tuple(run.translate(table) for run in self.required_runs())
        return out

    def _tree(self) -> Node:
        """The pattern's tree (parsed again for a matcher made by `with_chars`)."""
        if self._root is None:
            from agentv_grader.js._regexp_parse import Parser

            with _deep_recursion():
                self._root = Parser(self.source, self.flags).parse()
        return self._root

    @property
    def translated(self) -> str:
        """The `regex` module pattern the engine runs (compiled here for a literal one)."""
        pattern: str = self._engine_for(0).pattern
        return pattern

    def __repr__(self) -> str:
        return f"JsRegExp(/{self.source}/{self.flags})"

    def _engine(self, clamp: int | None) -> regex.Pattern[str]:
        engine = self._engines.get(clamp)
        if engine is None:
            import regex

            from agentv_grader.js._regexp_emit import EmitContext, emit, wants_ascii

            max_cp = 0x10FFFF if self._unicode else 0xFFFF
            root = self._tree()
            ascii = wants_ascii(root, self._word, max_cp)
            ctx = EmitContext(
                "m" in self.flags, self._word, clamp, self._read_groups, max_cp, ascii
            )
            try:
                with _deep_recursion():
                    text = emit(root, ctx)
                    engine = regex.compile(
                        text, regex.V0 | (regex.ASCII if ascii else regex.UNICODE)
                    )
            except regex.error as exc:  # pragma: no cover - a translator bug, not user input
                raise JsRegexError(f"unsupported in regex: translation failed ({exc})") from exc
            self._engines[clamp] = engine
        return engine

    def _engine_for(self, length: int) -> regex.Pattern[str]:
        if self._max_count <= _CLAMP_FROM:
            return self._engine(None)
        clamp = 1 << max(10, length.bit_length())  # > length: clamping is then exact
        return self._engine(clamp if clamp < self._max_count else None)

    def _subject(self, text: str) -> _Subject:
        converted, marks = self._converted(text)
        return _Subject(converted, marks, not self._unicode)

    def _converted(self, text: str) -> tuple[str, list[int]]:
        """(the text as the engine sees it, `_Subject.marks`): an ASCII text is its own
        (both converters give it back), found without a call to either."""
        if text.isascii():
            converted, marks = text, _NO_MARKS
        else:
            join_surrogates, to_utf16_units = _converters()
            converted = join_surrogates(text) if self._unicode else to_utf16_units(text)
            marks = _NO_MARKS if converted is text else _marks(text, self._unicode)
        if self._folder is not None:
            converted = self._folder.fold_text(converted)
        return converted, marks

    def _run(self, subject: str, pos: int, timeout_ms: int | None) -> tuple[int, int] | None:
        """The span of the first match at or after `pos` in `subject` (the engine's text)."""
        size = len(subject)
        if self._literal is not None and size < _PREFILTER_FROM:
            return self._literal.search(subject, pos)
        direct = self._direct
        if direct is not None and size < _PREFILTER_FROM:
            try:
                return direct.search(subject, pos, _DIRECT_BUDGET + 4 * size)
            except direct.OverBudget:  # (read only when raised: no import per search)
                pass  # backtracks heavily on this text: the engine, under its deadline
        ms = default_timeout_ms() if timeout_ms is None else timeout_ms
        engine = self._engine_for(len(subject))
        if self._prefix and len(subject) - pos >= _PREFILTER_FROM:
            from agentv_grader.js import _search

            # Every match starts with the prefix, so none starts before its first occurrence;
            # the engine's attempts there do not depend on where the search began (lookbehind,
            # `\b` and `^` see the text before `pos`), so this is the search from `pos`.
            pos = _search.find(subject, self._prefix, pos)
            if pos < 0:
                return None
        try:
            if self._sticky:
                m = engine.match(subject, pos, timeout=ms / 1000)
            else:
                m = engine.search(subject, pos, timeout=ms / 1000)
        except TimeoutError:
            raise RegexTimeout(
                f"regex timed out after {ms} ms: catastrophic backtracking likely"
            ) from None
        return None if m is None else m.span()

    def required_runs(self) -> tuple[str, ...]:
        """Runs of characters that every text this pattern matches holds, as `in` finds
        them in the text itself; () for a pattern with ``i`` (its characters are in folded
        form) or none known. The runs of plain characters of the top-level sequence, split
        at an astral character or a surrogate (the subject holds those in another form).
        The critique tells a decoy that lacks one fails, without searching it."""
        if self._runs is None:
            self._runs = () if self._folder is not None else _plain_runs(self._tree())
        return self._runs

    def search(self, text: str, timeout_ms: int | None = None) -> JsMatch | None:
        """``test()`` from lastIndex 0 (with ``y`` only a match starting at 0 counts).

        Raises:
            RegexTimeout: past the deadline (``timeout_ms``, else `default_timeout_ms`).
        """
        converted, marks = self._converted(text)
        span = self._run(converted, 0, timeout_ms)
        if span is None:
            return None
        if marks:  # offsets moved where characters were split or joined
            return _to_match(text, _Subject(converted, marks, not self._unicode), span)
        start, end = span
        return JsMatch(start, end, text[start:end])

    def test(self, text: str, timeout_ms: int | None = None) -> bool:
        """Whether `search` finds a match, without making it (the verdict-only path asks
        only this of many texts).

        Raises:
            RegexTimeout: past the deadline (``timeout_ms``, else `default_timeout_ms`).
        """
        return self._run(self._converted(text)[0], 0, timeout_ms) is not None

    def search_utf16(self, text: str, timeout_ms: int | None = None) -> tuple[int, int] | None:
        """Like `search`, but (index, index + length) in UTF-16 units, as JavaScript reports."""
        converted, _ = self._converted(text)
        span = self._run(converted, 0, timeout_ms)
        if span is None or not self._unicode:
            return span
        return _utf16_offset(converted, span[0]), _utf16_offset(converted, span[1])

    def finditer(self, text: str, timeout_ms: int | None = None) -> Iterator[JsMatch]:
        """Successive matches as a ``g``-flag loop finds them (empty matches step one unit)."""
        subject = self._subject(text)
        pos = 0
        while pos <= len(subject.text):
            span = self._run(subject.text, pos, timeout_ms)
            if span is None:
                return
            yield _to_match(text, subject, span)
            pos = span[1] + (1 if span[0] == span[1] else 0)


@cache
def _converters() -> tuple[Callable[[str], str], Callable[[str], str]]:
    """The scanner's subject converters (surrogate pairs joined; UTF-16 units), imported on
    first use (cold start) and found without an import statement after that: every search
    converts its subject with one."""
    from agentv_grader.js._regexp_scan import join_surrogates, to_utf16_units

    return join_surrogates, to_utf16_units


# From this many characters after the start, a search looks for the pattern's literal
# prefix with `str.find` first (the `regex` engine's own scan is several times slower).
_PREFILTER_FROM = 1 << 16


# Steps (characters scanned, continuations tried) a direct search may take, beyond four per
# subject character, before it hands the search to the engine (`_regexp_direct`).
_DIRECT_BUDGET = 2048


# ECMAScript's line terminators: what the `m` flag's `^` follows and its `$` precedes.
_TERMINATORS = "\n\r\u2028\u2029"


class _Literal:
    """A pattern that is one run of characters, maybe after `^` and before `$`, found with
    `str.find` as the engine finds it: a suite's distinct patterns of this shape (`^Ref
    12-END$` with `m`) cost no `regex` compile. Used on subjects shorter than
    `_PREFILTER_FROM` (one check per occurrence, never past a deadline); a longer one
    goes to the engine, compiled then."""

    __slots__ = ("at_end", "at_start", "multiline", "text")

    def __init__(self, text: str, at_start: bool, at_end: bool, multiline: bool) -> None:
        self.text = text
        self.at_start = at_start
        self.at_end = at_end
        self.multiline = multiline

    @classmethod
    def of(cls, root: Node, multiline: bool) -> _Literal | None:
        """The literal form of `root` (subject space: the parser folds for `i` and splits
        astral characters into units without `u`, as the subject is), else None."""
        from agentv_grader.js._regexp_ast import Char, Seq

        items = list(root.items) if isinstance(root, Seq) else [root]
        at_start = _is_assert(items[0] if items else None, "^")
        at_end = len(items) > at_start and _is_assert(items[-1], "$")
        middle = items[int(at_start) : len(items) - int(at_end)]
        chars = [item.cp for item in middle if isinstance(item, Char)]
        if not chars or len(chars) != len(middle):
            return None
        return cls("".join(map(chr, chars)), at_start, at_end, multiline)

    def with_chars(self, table: dict[int, str]) -> _Literal:
        """This search with the text's characters translated by `table` (`JsRegExp.with_chars`)."""
        return _Literal(self.text.translate(table), self.at_start, self.at_end, self.multiline)

    def search(self, subject: str, pos: int) -> tuple[int, int] | None:
        """The span of the first match at or after `pos`, as the engine's search gives."""
        text, size, length = self.text, len(self.text), len(subject)
        if not self.multiline and (self.at_start or self.at_end):  # `\A`, `\Z`: one place
            start = 0 if self.at_start else length - size
            if start < pos or not subject.startswith(text, start):
                return None
            return None if self.at_end and start + size != length else (start, start + size)
        at = subject.find(text, pos)
        while at >= 0:
            end = at + size
            if (not self.at_start or at == 0 or subject[at - 1] in _TERMINATORS) and (
                not self.at_end or end == length or subject[end] in _TERMINATORS
            ):
                return at, end
            at = subject.find(text, at + 1)
        return None


def _is_assert(node: Node | None, kind: str) -> bool:
    from agentv_grader.js._regexp_ast import Assert

    return isinstance(node, Assert) and node.kind == kind


def literal_prefix(root: Node) -> str:
    """The characters every match starts with, in subject space: the leading `Char` items
    of the top-level sequence (a `Char` is emitted as exactly that character)."""
    from agentv_grader.js._regexp_ast import Char, Seq

    items = root.items if isinstance(root, Seq) else [root]
    chars = []
    for item in items:
        if not isinstance(item, Char):
            break
        chars.append(chr(item.cp))
    return "".join(chars)


def _plain_runs(root: Node) -> tuple[str, ...]:
    """The maximal runs of `Char` items of the top-level sequence whose characters are
    the same in the subject and in the text (BMP, not surrogates): a match is a piece of
    the subject, and such a run is found at the same place in the text."""
    from agentv_grader.js._regexp_ast import Char, Seq

    runs: list[str] = []
    run: list[str] = []
    for item in root.items if isinstance(root, Seq) else [root]:
        if isinstance(item, Char) and not 0xD800 <= item.cp <= 0xDFFF and item.cp <= 0xFFFF:
            run.append(chr(item.cp))
            continue
        if run:
            runs.append("".join(run))
            run = []
    if run:
        runs.append("".join(run))
    return tuple(runs)


_NO_MARKS: list[int] = []  # (never changed: a subject without marks shares it)


def _to_match(text: str, subject: _Subject, span: tuple[int, int]) -> JsMatch:
    start = subject.original(span[0], end=False)
    end = subject.original(span[1], end=True)
    return JsMatch(start, end, text[start:end])


def _marks(original: str, unicode_mode: bool) -> list[int]:
    """Engine offsets just after each converted character (see `_Subject`)."""
    import re

    if unicode_mode:  # a surrogate pair (two Python characters) joined into one
        found = re.finditer("[\ud800-\udbff][\udc00-\udfff]", original)
        return [m.start() - k + 1 for k, m in enumerate(found)]
    found = re.finditer("[\U00010000-\U0010ffff]", original)  # split into two units
    return [m.start() + k + 2 for k, m in enumerate(found)]


def _utf16_offset(subject: str, pos: int) -> int:
    return pos + sum(1 for c in subject[:pos] if ord(c) > 0xFFFF)


def _check_flags(flags: str) -> None:
    bad = any(f not in _VALID_FLAGS for f in flags) or len(set(flags)) != len(flags)
    if bad or ("u" in flags and "v" in flags):
        raise JsRegexError(f"Invalid flags supplied to RegExp constructor '{flags}'")


@lru_cache(maxsize=512)
def compile_js(pattern: str, flags: str = "") -> JsRegExp:
    """``new RegExp(pattern, flags)``: parse, check and translate (cached), or made from
    the matcher of a pattern of the same shape (`_regexp_shape`), which is the same.

    Raises:
        JsRegexError: invalid or duplicate flags, a pattern Node rejects (node-like message
            ``Invalid regular expression: /…/…: …``), or a construct we refuse by name.
    """
    _check_flags(flags)
    shared = _compile_shared(pattern, flags)
    return shared if shared is not None else compile_alone(pattern, flags)


@cache
def _shape_compiler() -> Callable[[str, str], JsRegExp | None]:
    """`_regexp_shape.compile_shared`, imported on first use (cold start)."""
    from agentv_grader.js._regexp_shape import compile_shared

    return compile_shared


def _compile_shared(pattern: str, flags: str) -> JsRegExp | None:
    return _shape_compiler()(pattern, flags)


def compile_alone(pattern: str, flags: str = "", *, engine_now: bool = True) -> JsRegExp:
    """`compile_js` without its cache or shapes: the pattern parsed and analysed itself
    (`engine_now=False`: the `regex` engine's pattern is made on its first search).

    Raises:
        JsRegexError: as `compile_js`.
    """
    from agentv_grader.js._regexp_ast import PatternError
    from agentv_grader.js._regexp_parse import Parser

    _check_flags(flags)
    try:
        with _deep_recursion():
            parser = Parser(pattern, flags)
            root = parser.parse()
            word = parser.word_chars()
            if parser.folder is not None:
                word = parser.folder.close(word)
            return JsRegExp(
                pattern,
                flags,
                root,
                word,
                parser.max_count,
                parser.read_groups,
                engine_now=engine_now,
            )
    except PatternError as exc:
        if exc.unsupported:
            raise JsRegexError(exc.message) from None
        raise JsRegexError(
            f"Invalid regular expression: /{pattern}/{flags}: {exc.message}"
        ) from None
    except RecursionError:
        raise JsRegexError("unsupported in regex: pattern nested too deeply") from None


@contextmanager
def _deep_recursion() -> Iterator[None]:
    """Parser, emitter and `regex`'s own parser recurse once or more per nested group."""
    limit = sys.getrecursionlimit()
    if limit < _RECURSION:
        sys.setrecursionlimit(_RECURSION)
    try:
        yield
    finally:
        if limit < _RECURSION:
            sys.setrecursionlimit(limit)
