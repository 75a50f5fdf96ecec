"""What the rules work out from one assertion alone, remembered per distinct assertion.

Suites repeat assertions (suite-level defaults on every test; a suite replicated from a
few examples nearly all of them), and what a rule reads from an assertion's type,
negation, problem and options (a weak needle, its exact-text facts, its settings written
out, its pattern's analysis) is the same for every copy. `Context.spec_facts` finds the
entry once per assertion per test (one `repr` of the options, which `_pass_key` reuses);
each rule fills its own slot on first use and builds its hits from it with the
assertion's own name and index, which the entry never holds. Keyed by everything those
readings depend on: options written in another order are another key (a miss, never a
wrong answer). A worker process keeps its own entries, forgotten whole past `LIMIT`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..model import AssertionSpec

if TYPE_CHECKING:
    from ._screen import Screen


class SpecFacts:
    """One distinct assertion's readings; None in a slot: not worked out yet."""

    __slots__ = (
        "options_repr", "shown", "trivial_settings", "trivial_needle", "generic", "facts",
        "settings", "placeholders", "runaway", "generic_fix", "echo_hits", "screen",
        "probe_repr",
    )  # fmt: skip

    def __init__(self, options_repr: str) -> None:
        self.options_repr = options_repr
        self.shown: str | None = None  # `static._show`
        self.trivial_settings: tuple[tuple[str, str], ...] | None = None  # (reason, fix)
        self.trivial_needle: tuple[str, ...] | None = None  # (reason, fix), or () for none
        # `generic_needle`'s everyday-word needles, before what depends on the test is
        # asked: (trimmed needle, its lower case), in order.
        self.generic: tuple[tuple[str, str], ...] | None = None
        # `pairs.facts` less the spec: (kind, text, case-insensitive, scope, negated).
        self.facts: tuple[tuple[str, str, bool, str, bool], ...] | None = None
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
        # `repr` of the options less `name` (`context._probe_repr`), for `_pass_key`.
        self.probe_repr: str | None = None


class _Memo:
    __slots__ = ("by_key",)
    LIMIT = 20_000

    def __init__(self) -> None:
        self.by_key: dict[tuple[Any, ...], SpecFacts] = {}

    def of(self, spec: AssertionSpec) -> SpecFacts:
        options_repr = repr(spec.options)
        key = (spec.type, spec.negate, spec.problem, bool(spec.children), options_repr)
        found = self.by_key.get(key)
        if found is None:
            if len(self.by_key) >= self.LIMIT:
                self.by_key.clear()
            found = self.by_key[key] = SpecFacts(options_repr)
        return found


MEMO = _Memo()
