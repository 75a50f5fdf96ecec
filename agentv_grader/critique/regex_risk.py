"""`runaway-regex` (SPEC §6.2): patterns whose backtracking blows up, with an attack string.

The static analysis (`_automaton`) decides; the attack string is then run under a short
deadline with agentv-grade's own ECMAScript matcher to confirm. That matcher (the `regex`
module) avoids some blowups that Node's backtracking engine, which AgentV uses, does
not, so a pattern the analysis flags is reported either way, and the evidence says
whether the deadline confirmed it. Results are cached per pattern and flags.
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Iterator, Mapping
from functools import lru_cache
from typing import TYPE_CHECKING

from ..errors import SpecError
from ._pattern import PatternUnreadable, contains, read_pattern, split_flags
from ._record import Record
from .context import Context, is_pattern, quote, text_option
from .model import Hit

if TYPE_CHECKING:
    from ..model import AssertionSpec
    from . import _automaton

CONFIRM_MS = 200
_SUFFIXES = "!#~9Zb_ -\n\x00"
_JS_FLAGS = "dgimsuvy"


class Runaway(Record):
    """A flagged pattern: its growth, the attack, and what the deadline said."""

    growth: str
    culprits: str
    attack: str
    shown: str
    confirmed: bool
    note: str


def pattern_flags(options: Mapping[str, object], pattern: str) -> tuple[str, str]:
    """(body, flags) as grading reads them: `flags`, inline `(?i)`, `case_sensitive: false`."""
    raw = options.get("flags")
    flags = raw if isinstance(raw, str) else ""
    return _pattern_flags(pattern, flags, options.get("case_sensitive") is False)


@lru_cache(maxsize=1024)
def _pattern_flags(pattern: str, flags: str, insensitive: bool) -> tuple[str, str]:
    """`pattern_flags` of what it reads (remembered: three rules ask, and suites repeat
    patterns)."""
    body, flags = split_flags(pattern, flags)
    if insensitive:
        flags += "i"
    return body, "".join(dict.fromkeys(f for f in flags if f in _JS_FLAGS))


def may_blow_up(body: str) -> bool:
    r"""False when `_automaton` cannot find a blowup, told without building it (most
    patterns; the analysis module is then not even imported, cold start, SPEC §8).

    With at most one of `*+{` (escaped or in a class too), and that one not after `)`,
    the pattern has at most one repetition and its body is one atom: its automaton has
    one simple cycle at most, a state's loop on itself that reads each character in one
    way only (no exponential part: alternatives and `?` outside a cycle only add finitely
    many paths), and with the search's own loop that is a chain of two looping parts,
    below `_automaton.MIN_DEGREE` (3). So `order\s+#?12` and `(shipped|sent) .{0,40}#7`
    are not analysed; `(a?a?)+` and `(a|a)*` are.
    """
    loops = body.count("*") + body.count("+") + body.count("{")  # C scans, not a Python loop
    if loops != 1:
        return loops > 1
    at = max(body.find("*"), body.find("+"), body.find("{"))  # the one (the others: -1)
    return body[at - 1 : at] == ")"


def loops_never_chain(body: str, flags: str) -> bool:
    r"""True when `body` is a plain sequence of atoms and groups with no repetition in or
    on a group (`(ok|done)`, `(?:a|bc)?`; no alternative outside a group) in which no two
    repeated atoms can read one same character with every atom or group required between
    them: `_automaton` then finds no blowup, told without building it (SPEC §8).

    Its analysis pumps one character `c`: a chain of looping parts, each reached from the
    previous on `c` alone, of at least `MIN_DEGREE` (3) parts counting the search's own
    loop, or a part with two ways round (none here: with nothing repeated in or on a group,
    each loop is one atom's loop on itself). In such a sequence every path from one
    repeated atom to a later one reads each required atom between them (`lo` >= 1) and a
    character of each required group (none of its alternatives can match empty), so `c`
    must be in all their sets (a group's: its alternatives' atoms' sets together); where
    no `c` is, a chain holds one repeated atom at most, and the search loop: degree 2.
    `"id"\s*:\s*4` (`:` is no white space), `^\s*\d+\s*$` and `"status"\s*:\s*"(ok|done)"`
    are told so; `\d+\d+x`, `.*x.*` and anything with a repeated group, a repetition in a
    group, a lookaround, a named group, an alternative outside a group, a class under `v`,
    or an escape not read here are left to the analysis (False).
    """
    if "v" in flags:
        return False
    items = _plain_items(body, flags)
    if items is None:
        return False
    loops = [i for i, (_, _, looping) in enumerate(items) if looping]
    for at, a in enumerate(loops):
        ascii_a, other_a = items[a][0]
        for b in loops[at + 1 :]:
            ascii_c, other_c = ascii_a & items[b][0][0], other_a and items[b][0][1]
            for k in range(a + 1, b):
                (ascii_k, other_k), lo, _ = items[k]
                if lo:
                    ascii_c, other_c = ascii_c & ascii_k, other_c and other_k
            if ascii_c or other_c:
                return False
    return True


# A set of characters as (the ASCII ones as a bit mask, whether it may hold others).
_CharSet = tuple[int, bool]
_ASCII = (1 << 128) - 1
_ANY: _CharSet = (_ASCII, True)


def _mask(chars: str) -> int:
    return sum(1 << ord(c) for c in set(chars))


_DIGITS = _mask("0123456789")
_WORD = _mask("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_")
_SPACE = _mask("\t\n\v\f\r ")
_CONTROLS = {"n": "\n", "t": "\t", "r": "\r", "f": "\f", "v": "\v"}


def _escape_set(char: str, insensitive: bool) -> _CharSet | None:
    """The set of `\\char`, None for a zero-width `\\b`/`\\B` or an escape not read here
    (`_UNREAD`)."""
    if char == "d":
        return (_DIGITS, False)
    if char == "D":
        return (_ASCII & ~_DIGITS, True)
    if char == "s":
        return (_SPACE, True)
    if char == "S":
        return (_ASCII & ~_SPACE, True)
    if char == "w":
        return (_WORD, insensitive)  # `iu` adds the Kelvin sign and the long s
    if char in _CONTROLS:
        return (_mask(_CONTROLS[char]), False)
    if char.isascii() and not char.isalnum() and char != "_":
        return (_mask(char), False)  # an escaped punctuation character: itself
    return _UNREAD


_UNREAD: _CharSet = (-1, True)  # `_escape_set`'s "not read here" (`\W`, `\1`, `\u…`)


@lru_cache(maxsize=1)
def _braces() -> re.Pattern[str]:
    """A `{n}`, `{n,}` or `{n,m}` quantifier; compiled on first use (few patterns hold
    one, and compiling costs every run that imports the critique)."""
    return re.compile(r"\{(\d+)(,(\d*))?\}")


def _plain_items(body: str, flags: str) -> list[tuple[_CharSet, int, bool]] | None:
    """`body`'s atoms and groups as (set, least count, repeated without a small bound),
    zero-width `^ $ \\b \\B` left out; None for anything else (a group with a repetition
    in or on it, a lookaround or named group, an alternative outside a group, a quantifier
    with no atom, an escape not read here)."""
    insensitive = "i" in flags
    items: list[tuple[_CharSet, int, bool]] = []
    at, end = 0, len(body)
    while at < end:
        if body[at] == "(":
            group = _loop_free_group(body, at, flags)
            if group is None:
                return None
            items.append((group[0], group[1], False))
            at = group[2]
            continue
        atom = _atom(body, at, insensitive)
        if atom is None:
            return None
        chars, at = atom
        lo, looping = 1, False
        if at < end and body[at] in "*+?{":
            if chars is None:
                return None  # a quantified assertion: left to the analysis
            quantified = _quantifier(body, at)
            if quantified is None:
                return None
            lo, looping, at = quantified
        if chars is not None:
            items.append((chars, lo, looping))
    return items


def _loop_free_group(body: str, at: int, flags: str) -> tuple[_CharSet, int, int] | None:
    """The group opened at `at`, `(…)` or `(?:…)`, with nothing repeated in or on it (a
    `?` after it makes it optional): (its alternatives' atoms' sets together, 1 when none
    of them can match empty else 0, where it ends); None for anything else."""
    start = at + 3 if body.startswith("(?:", at) else at + 1
    if start == at + 1 and body.startswith("(?", at):
        return None  # a lookaround or a named group
    close = _group_end(body, at)
    if close < 0:
        return None
    ascii_set, others, lo = 0, False, 1
    for alternative in _alternatives(body[start:close]):
        items = _plain_items(alternative, flags)
        if items is None:
            return None
        required = False
        for (item_ascii, item_others), item_lo, looping in items:
            if looping:
                return None
            ascii_set, others = ascii_set | item_ascii, others or item_others
            required = required or item_lo > 0
        if not required:
            lo = 0  # this alternative can match empty
    after = close + 1
    following = body[after : after + 1]
    if following == "?":
        lo, after = 0, after + (2 if body[after + 1 : after + 2] == "?" else 1)
    elif following and following in "*+{":
        return None  # a repeated group: the analysis
    return (ascii_set, others), lo, after


def _group_end(body: str, start: int) -> int:
    """Where the group opened at `start` closes (its `)`), or -1."""
    depth = 0
    for at, char in _structure(body, start):
        if at < 0:
            return -1
        if char == "(":
            depth += 1
        elif char == ")":
            depth -= 1
            if depth == 0:
                return at
    return -1


def _alternatives(inner: str) -> list[str]:
    """`inner` split at its `|` outside groups and classes."""
    found, depth, begin = [], 0, 0
    for at, char in _structure(inner):
        if at < 0:
            return [inner]  # a class left open: the group's reading fails on it
        if char == "(":
            depth += 1
        elif char == ")":
            depth -= 1
        elif char == "|" and depth == 0:
            found.append(inner[begin:at])
            begin = at + 1
    found.append(inner[begin:])
    return found


def _structure(text: str, start: int = 0) -> Iterator[tuple[int, str]]:
    """From `start`, each character of `text` outside escapes and classes (those that
    give a pattern its groups and alternatives) with its place; a class left open ends
    the walk with (-1, "[")."""
    at = start
    while at < len(text):
        char = text[at]
        if char == "\\":
            at += 2
            continue
        if char == "[":
            at = _class_end(text, at)
            if at < 0:
                yield -1, char
                return
        else:
            yield at, char
        at += 1


def _atom(body: str, at: int, insensitive: bool) -> tuple[_CharSet | None, int] | None:
    """The atom at `at` (its set, None for a zero-width one) and where it ends; None for
    what `_plain_items` does not read."""
    char = body[at]
    if char in "^$":
        return None, at + 1
    if char == "\\":
        following = body[at + 1 : at + 2]
        if not following:
            return None
        if following in "bB":
            return None, at + 2
        chars = _escape_set(following, insensitive)
        return None if chars is _UNREAD else (chars, at + 2)
    if char == "[":
        close = _class_end(body, at)
        return None if close < 0 else (_class_set(body, at, close, insensitive), close + 1)
    if char == ".":
        return _ANY, at + 1
    if char in "()|*+?{}]":
        return None
    if not char.isascii():
        return (_ANY if insensitive else (0, True)), at + 1
    if insensitive and char.isalpha():
        return (_mask(char.lower() + char.upper()), True), at + 1  # `iu`: K and S fold wider
    return (_mask(char), False), at + 1


def _class_set(body: str, start: int, close: int, insensitive: bool) -> _CharSet:
    """The set of the class `body[start : close + 1]`, or a set holding it: literal
    characters, ranges, escapes `_escape_set` reads; `_ANY` for anything else (a range
    with an escaped end or out of order, an escape not read here). Under `i` a letter
    stands for both its cases (a negated class then leaves both out)."""
    at = start + 1
    negated = body[at : at + 1] == "^"
    at += negated
    ascii_set, others = 0, False
    previous = -1  # the last single character read, which a `-` may make a range from
    while at < close:
        char = body[at]
        if char == "-" and previous >= 0 and at + 1 < close:
            if body[at + 1] == "\\":
                return _ANY  # a range to an escape
            last = ord(body[at + 1])
            if last < previous:
                return _ANY  # out of order: no pattern (the reader decides)
            chars = "".join(map(chr, range(previous, min(last, 127) + 1)))
            ascii_set |= _mask(chars)
            others = others or last > 127
            previous, at = -1, at + 2
            continue
        if char == "\\":
            escaped = _escape_set(body[at + 1 : at + 2], insensitive)
            if escaped is _UNREAD or escaped is None:
                return _ANY
            ascii_set, others = ascii_set | escaped[0], others or escaped[1]
            following = body[at + 1]
            single = following in _CONTROLS or not following.isalnum()
            previous = ord(_CONTROLS.get(following, following)) if single else -1
            at += 2
            continue
        if char.isascii():
            ascii_set |= _mask(char)
        else:
            others = True
        previous, at = ord(char), at + 1
    if insensitive:
        letters = "".join(chr(c) for c in range(128) if ascii_set >> c & 1 and chr(c).isalpha())
        if letters:  # both cases; under `iu` the Kelvin sign and the long s too
            ascii_set, others = ascii_set | _mask(letters.lower() + letters.upper()), True
    return (_ASCII & ~ascii_set, True) if negated else (ascii_set, others)


def _quantifier(body: str, at: int) -> tuple[int, bool, int] | None:
    """The quantifier at `at`: (least count, repeated without a small bound, where it
    ends); None for a `{` that is no quantifier."""
    quantifier = body[at]
    if quantifier == "{":
        found = _braces().match(body, at)
        if found is None:
            return None
        lo, most = int(found.group(1)), found.group(3)
        unbounded = found.group(2) is not None and not most
        looping = unbounded or (bool(most) and int(most) > _SMALL_BOUND)
        at = found.end()
    else:
        lo = 0 if quantifier in "*?" else 1
        looping = quantifier != "?"
        at += 1
    if body[at : at + 1] == "?":
        at += 1  # lazy: the same paths
    return lo, looping, at


_SMALL_BOUND = 10  # `_automaton` unrolls `x{n,m}` up to this `m`, and loops past it


def _class_end(body: str, start: int) -> int:
    """Where the class opened at `start` closes (its `]`), or -1."""
    at = start + 1
    if body[at : at + 1] == "^":
        at += 1
    if body[at : at + 1] == "]":
        return at  # `[]` or `[^]`
    while at < len(body):
        if body[at] == "\\":
            at += 2
            continue
        if body[at] == "]":
            return at
        at += 1
    return -1


@lru_cache(maxsize=1024)
def assess(body: str, flags: str) -> Runaway | None:
    """The analysis of one pattern (None: no blowup found, or the pattern is unreadable)."""
    if not may_blow_up(body) or loops_never_chain(body, flags):
        return None
    from . import _automaton

    try:
        auto = _automaton.build(read_pattern(body, flags), "y" in flags)
        risk = _automaton.analyse(auto)
    except (PatternUnreadable, RecursionError):
        return None
    if risk is None:
        return None
    pumps = 32 if risk.degree == 0 else {3: 3000, 4: 600}.get(risk.degree, 200)
    prefix = _automaton.prefix_to(auto, risk.states[0])
    stops = list(_automaton.blocked(auto, risk.states))
    suffix = next((s for s in _SUFFIXES if not any(contains(r, ord(s)) for r in stops)), "")
    almost = _automaton.completion(auto, risk.states[-1])[:-1]
    ends = [almost + suffix, suffix, ""] if almost else [suffix, ""]
    attacks = [prefix + risk.char * pumps + end for end in dict.fromkeys(ends)]
    confirmed, note = _confirm(body, flags, attacks)
    attack = confirmed or attacks[0]
    end = attack[len(prefix) + pumps :]
    pieces = [quote(prefix)] if prefix else []
    pieces.append(f"{quote(risk.char)} × {pumps}")
    pieces += [quote(end)] if end else []
    shown = " + ".join(pieces)
    growth = "exponential" if risk.degree == 0 else f"polynomial (degree {risk.degree})"
    return Runaway(growth, _culprits(auto, risk, body), attack, shown, confirmed is not None, note)


def _culprits(auto: _automaton.Automaton, risk: _automaton.Risk, body: str) -> str:
    parts = []
    for p in risk.states:
        if p == 0:
            parts.append("the search's try-every-position loop")
        else:
            start, end = auto.spans[p]
            parts.append(f"`{body[start:end]}` at offset {start}")
    return ", ".join(dict.fromkeys(parts))


def _confirm(body: str, flags: str, attacks: list[str]) -> tuple[str | None, str]:
    """Run the attacks under the deadline: (the attack that timed out, what happened)."""
    try:
        regexp = importlib.import_module("agentv_grader.js.regexp")
    except ImportError:
        return None, "unconfirmed: agentv-grade's ECMAScript matcher is not available"
    try:
        compiled = regexp.compile_js(body, flags)
        for attack in attacks:
            try:
                compiled.search(attack, CONFIRM_MS)
            except regexp.RegexTimeout:
                return attack, f"confirmed: the search timed out after {CONFIRM_MS} ms"
    except SpecError as exc:
        return None, f"unconfirmed: {exc}"
    return None, (
        f"not reproduced within {CONFIRM_MS} ms by agentv-grade's matcher, which avoids "
        "this case; backtracking engines such as Node's (AgentV) do not"
    )


def runaway_regex(ctx: Context) -> Iterator[Hit]:
    r"""A pattern whose matching time explodes on a crafted answer, hanging AgentV's run.

    Exponential (nested or alternated quantifiers over overlapping characters) or
    polynomial of degree 3 or more (adjacent overlapping quantifiers, counting the
    unanchored search's own loop); quadratic patterns such as `\s+$` are left alone.

    Flags: {assert: [{type: regex, value: '^(a+)+$'}]}
    Flags: {assert: [{type: regex, value: '(\w+\s?)*$'}]}
    Flags: {assert: [{type: regex, value: '\d+\d+x'}]}
    Okay: {assert: [{type: regex, value: '^a+$'}]}
    Okay: {assert: [{type: regex, value: '\s+$'}]}
    Okay: {assert: [{type: regex, value: '(\w+\s)*$'}]}
    Okay: {assert: [{type: regex, value: '(a+)+'}]}
    """
    for spec, label, index, facts in ctx.walked:
        if not is_pattern(spec.type):
            continue
        parts = facts.runaway
        if parts is None:
            parts = facts.runaway = _runaway_parts(spec)
        if parts:
            yield Hit(label, index, parts[0], parts[1], parts[2])


def _runaway_parts(spec: AssertionSpec) -> tuple[str, ...]:
    """`runaway_regex`'s (reason, evidence, fix) for the pattern of `spec`, () for none."""
    pattern = text_option(spec, "value", "pattern")
    if not pattern:
        return ()
    body, flags = pattern_flags(spec.options, pattern)
    found = assess(body, flags)
    if found is None:
        return ()
    return (
        f"the pattern can take {found.growth} time to fail: {found.culprits} can match "
        "the same characters in many ways, and backtracking tries them all",
        f"attack string {found.shown} ({len(found.attack)} characters); {found.note}",
        _FIX_EXP if found.growth == "exponential" else _FIX_POLY,
    )


_FIX_EXP = (
    "remove the nested or alternated repetition (`(a+)+` → `a+`, `(\\w+\\s?)*` → "
    "`[\\w\\s]*`), make alternatives disjoint, and bound repeats (`{1,50}`)"
)
_FIX_POLY = (
    "make adjacent repeated parts disjoint (`\\d+\\d+` → `\\d{2,}`, `.*x.*` → `[^x]*x.*`) "
    "or bound them (`{1,50}`), and anchor the pattern with `^` where you can"
)
