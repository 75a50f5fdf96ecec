"""`runaway-regex` (SPEC §6.2): patterns whose backtracking blows up, with an attack string.

The static analysis (`_automaton`) decides; the attack string is then run under a short
deadline with agentv-grade's own ECMAScript matcher to confirm. That matcher (the `regex`
module) avoids some blowups that Node's backtracking engine, which AgentV uses, does
not, so a pattern the analysis flags is reported either way, and the evidence says
whether the deadline confirmed it. Results are cached per pattern and flags.
"""

from __future__ import annotations

import importlib
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
    loops = [i for i, c in enumerate(body) if c in "*+{"]
    return len(loops) > 1 or (len(loops) == 1 and body[loops[0] - 1 : loops[0]] == ")")


@lru_cache(maxsize=1024)
def assess(body: str, flags: str) -> Runaway | None:
    """The analysis of one pattern (None: no blowup found, or the pattern is unreadable)."""
    if not may_blow_up(body):
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
