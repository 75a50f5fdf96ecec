"""What the rules work out from one assertion alone, remembered per distinct assertion.

Suites repeat assertions (suite-level defaults on every test; a suite replicated from a
few examples nearly all of them), and what a rule reads from an assertion's type,
negation, problem and options (a weak needle, its exact-text facts, its settings written
out, its pattern's analysis) is the same for every copy. `Context.spec_facts` finds the
entry once per assertion per test; each rule fills its own slot on first use and builds
its hits from it with the assertion's own name and index, which the entry never holds.
Keyed by everything those readings depend on (`options_key`), less the `name` option:
no reading reads it (`_show` and `redundant` leave it out, screens and probes read the
needle), so copies of one check under other names (suites name them `a1-…`, `a2-…` by
position) share an entry. Options written in another order are another key (a miss,
never a wrong answer). A worker process keeps its own entries, forgotten whole past
`LIMIT`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ..model import AssertionSpec

if TYPE_CHECKING:
    from ._screen import Screen
    from .pairs import Requirement


class SpecFacts:
    """One distinct assertion's readings; None in a slot: not worked out yet."""

    __slots__ = (
        "options", "shown", "trivial_settings", "trivial_needle", "generic",
        "facts", "settings", "placeholders", "runaway", "generic_fix", "echo_hits", "screen",
        "coverage",
    )  # fmt: skip

    def __init__(self, options: Mapping[str, Any]) -> None:
        self.options = options  # the first copy's (the others' differ in `name` at most)
        self.shown: str | None = None  # `static._show`
        self.trivial_settings: tuple[tuple[str, str], ...] | None = None  # (reason, fix)
        self.trivial_needle: tuple[str, ...] | None = None  # (reason, fix), or () for none
        # `generic_needle`'s everyday-word needles, before what depends on the test is
        # asked: (trimmed needle, its lower case), in order.
        self.generic: tuple[tuple[str, str], ...] | None = None
        # `pairs.facts` less the spec (`contradictory`'s).
        self.facts: tuple[Requirement, ...] | None = None
        self.settings: str | None = None  # `redundant`'s settings written out
        # `vacuous_negation`: the needles lowered when all look like placeholders, else ().
        self.placeholders: tuple[str, ...] | None = None
        self.runaway: tuple[str, ...] | None = None  # its (reason, evidence, fix), or ()
        self.generic_fix: str | None = None  # `generic_needle`'s fix
        # `answer_in_input`'s (evidence, fix) by what they depend on besides the assertion:
        # (the echoed input, the eval folder, `repr` of the test's expected_output).
        self.echo_hits: dict[tuple[str, str, str], tuple[str, str]] | None = None
        # `Context.passing`'s screen (`_screen.screen_of`), in a 1-tuple once worked out.
        self.screen: tuple[Screen | None] | None = None
        # `uncovered_outcome`'s (`_authored_parts`, `field_paths`) of the assertion.
        self.coverage: tuple[tuple[str, ...], tuple[str, ...]] | None = None


class _Memo:
    __slots__ = ("by_key",)
    LIMIT = 20_000

    def __init__(self) -> None:
        self.by_key: dict[tuple[Any, ...], SpecFacts] = {}

    def of(self, spec: AssertionSpec) -> SpecFacts:
        key = (spec.type, spec.negate, spec.problem, bool(spec.children), options_key(spec.options))
        found = self.by_key.get(key)
        if found is None:
            if len(self.by_key) >= self.LIMIT:
                self.by_key.clear()
            found = self.by_key[key] = SpecFacts(spec.options)
        return found


def options_key(options: Mapping[str, Any]) -> tuple[Any, ...]:
    """The options less `name`, as a key: two are equal exactly when the `repr`s of the
    options less `name` are (what keyed the memo before), without writing out a `repr`
    of every assertion of every test (most options are a few strings, compared as they
    are). Each key and value is itself when a `str`, else (its class, its `repr`): never
    equal to a string, and `1`, `1.0` and `True`, equal in Python, stay apart; a list of
    strings alone (a `contains-any`'s) is (list, its strings as a tuple), equal exactly
    where the `repr`s are and cheaper to make."""
    parts: list[Any] = []
    for key, value in options.items():
        if key == "name":
            continue
        parts.append(key if key.__class__ is str else (key.__class__, repr(key)))
        if value.__class__ is str:
            parts.append(value)
        elif value.__class__ is list and _STR_ONLY.issuperset(map(type, value)):
            parts.append((list, tuple(value)))
        else:
            parts.append((value.__class__, repr(value)))
    return tuple(parts)


_STR_ONLY = frozenset((str,))


MEMO = _Memo()
