"""What every critique rule may look at for one test, computed once (SPEC §6.2).

Rules are pure functions of a `Context`: the suite, the test, and (when the test was
graded) its run and outcomes; plus the test's input as the echo and leak checks read it,
and the decoy responses that a sound assertion must reject.
"""

from __future__ import annotations

import json
import os
import re
import stat
from bisect import bisect_right
from collections import namedtuple
from collections.abc import Callable, Iterator, Mapping, Sequence
from functools import lru_cache
from json.encoder import encode_basestring
from typing import TYPE_CHECKING, Any, NamedTuple, TypeVar, cast

from .. import engine
from ..assertions import Entry, about
from ..assertions._text import BIG_TEXT, trims_to
from ..js.strings import js_lower, js_trim
from ..load.files import READ_FLAGS
from ..load.types import LLM_TYPES
from ..model import AssertionSpec, Outcome, RunData, Suite, TestCase, run_with_response
from ..rundata.response import decode_response, hand_on
from ._screen import Screen, admits, json_start, may_hold_json, screen_of
from ._spec import MEMO as _SPEC_MEMO
from ._spec import SpecFacts

_Fact = TypeVar("_Fact")
REFUSAL = "I'm sorry, but I can't help with that request."
BOILERPLATE = "Sure, here is the answer you asked for. Let me know if you have any other questions!"
PROBE_TIMEOUT_MS = 200
_EMPTY_TEXT = ""
_MAX_DECOY_BYTES = 1024 * 1024
_REFUSAL_WORDS = (
    r"\brefus|\bdeclin|\bsorry\b|\b(can ?not|can't|won't|unable to) (help|assist|comply)"
)


class ByType(dict[str, _Fact]):
    """A fact of each assertion type read from its row of the registry table (`about`),
    worked out once per type and then looked up in C (`facts[kind]`, or the bound
    `__getitem__` as the function): rules ask several per assertion, and a call of a
    function calling `about` cost one or two Python frames each time."""

    __slots__ = ("_read",)

    def __init__(self, read: Callable[[Entry], _Fact]) -> None:
        super().__init__()
        self._read = read

    def __missing__(self, kind: str) -> _Fact:
        found = self[kind] = self._read(about(kind))
        return found


# How a type reads its value (`Entry.needle`: one needle, any of them, a pattern, …).
needle_shape: Callable[[str], str | None] = ByType(lambda entry: entry.needle).__getitem__
# A type whose value is a regular expression.
is_pattern: Callable[[str], bool] = ByType(lambda entry: entry.needle == "pattern").__getitem__
# A type that looks for its value in the response (not in the transcript).
is_response_needle: Callable[[str], bool] = ByType(
    lambda entry: entry.needle is not None and entry.reads == "response"
).__getitem__
# A type whose grading runs a program the eval names (a code grader).
is_program: Callable[[str], bool] = ByType(lambda entry: entry.family == "script").__getitem__


# Vars holding the reference answer, not something the agent is shown (SPEC §3).
_REFERENCE_VARS = ("expected", "answer", "reference", "ground_truth", "golden", "solution")


if TYPE_CHECKING:

    class Decoy(NamedTuple):
        """A clearly wrong response: `label` says which, in findings. A named tuple, not a
        frozen dataclass: as immutable, and made for every test for less."""

        label: str
        text: str
        echo: bool = False

else:  # the same class, made without `typing.NamedTuple`'s field checks (`_record`)
    Decoy = namedtuple("Decoy", ("label", "text", "echo"), defaults=(False,))


def _as_probed(spec: AssertionSpec) -> AssertionSpec:
    """`spec` as decoys are graded with it: a pattern gets the probe deadline."""
    return _with_probe_deadline(spec) if is_pattern(spec.type) else spec


# What kinds of assertion a test holds (`Context.marks`): each a necessary condition of
# some rules' findings (`critique.Rule.needs`).
MARK_NEGATED = 1  # a negated assertion
MARK_ZERO_WEIGHT = 2  # an assertion of weight 0
MARK_PATTERN = 4  # an assertion whose value is a pattern (`is_pattern`)
MARK_IS_JSON = 8  # an `is-json`
MARK_UNANALYSED = 16  # one of a type the rules do not analyse (`critique.not_analysed`)
MARK_PROGRAM = 32  # a code grader (`is_program`)
MARK_JUDGED = 64  # an LLM-judged one (`load.types.LLM_TYPES`)
_TYPE_MARKS: dict[str, int] = {}  # by type (a fact of the registry table: asked once)


def unanalysed_kind(kind: str) -> str | None:
    """Under which of `critique.not_analysed`'s counts an assertion of type `kind` is
    counted, if any: LLM-judged, program, trace or timing, other (a type the critique does
    not probe)."""
    entry = about(kind)
    if entry.family == "llm":
        return "LLM-judged"
    if entry.family == "script":
        return "program"
    if entry.reads in ("timing", "transcript"):
        return "trace or timing"
    if not entry.probe and entry.family != "group":
        return "other"
    return None


def _marks_of(spec: AssertionSpec) -> int:
    """`spec`'s `MARK_*`, or'ed."""
    marks = _TYPE_MARKS.get(spec.type)
    if marks is None:
        kind = spec.type
        marks = _TYPE_MARKS[kind] = (
            (MARK_PATTERN if is_pattern(kind) else 0)
            | (MARK_IS_JSON if kind == "is-json" else 0)
            | (0 if unanalysed_kind(kind) is None else MARK_UNANALYSED)
            | (MARK_PROGRAM if is_program(kind) else 0)
            | (MARK_JUDGED if kind in LLM_TYPES else 0)
        )
    if spec.negate:
        marks |= MARK_NEGATED
    if spec.weight == 0:
        marks |= MARK_ZERO_WEIGHT
    return marks


_UNSET: Any = object()  # `Context(reference=…)` not given
NOTHING_EXPLAINED: frozenset[tuple[int | None, str | None]] = frozenset()  # (`explained`)
Walked = tuple[AssertionSpec, str, int, SpecFacts]  # (spec, display name, index, facts)


class Context:
    """One test as the rules see it; `run`/`outcomes` are None for a static critique.

    A plain class with slots, not a frozen dataclass: one is made for every test, and
    what it remembers (`_probe_runs`, `_passing`) changes anyway. Rules only read it.
    """

    __slots__ = (
        "suite", "test", "run", "outcomes", "bench_dir", "input_text", "decoys", "base_run",
        "specs", "reference", "_probe_runs", "_passing", "_turn_specs", "_facts", "_said",
        "_walked", "_top_facts", "_marks", "_plain", "_lowered",
        "echo_passing", "format_only", "_expected_repr", "explained",
    )  # fmt: skip

    def __init__(
        self,
        suite: Suite,
        test: TestCase,
        run: RunData | None,
        outcomes: tuple[Outcome, ...] | None,
        bench_dir: str | None,
        input_text: str,
        decoys: tuple[Decoy, ...],
        base_run: RunData,
        specs: tuple[AssertionSpec, ...],
        reference: str | None | object = _UNSET,
    ) -> None:
        self.suite = suite
        self.test = test
        self.run = run
        self.outcomes = outcomes
        self.bench_dir = bench_dir
        self.input_text = input_text
        self.decoys = decoys
        self.base_run = base_run
        self.specs = specs  # the test's assertions (every rule reads them)
        # `reference_text` of the test's expected_output (`build_context` has it already)
        self.reference: str | None = (
            reference_text(test.expected_output) if reference is _UNSET else cast(str, reference)
        )
        self._probe_runs: dict[str, RunData] = {}
        # Per assertion, the decoys it passes on, by id (the assertion is kept so that a
        # reused id never matches).
        self._passing: dict[int, tuple[AssertionSpec, tuple[Decoy, ...]]] = {}
        self._turn_specs: list[TurnSpec] | None = None
        self._facts: dict[int, tuple[AssertionSpec, SpecFacts]] = {}
        self._said: str | None = None
        self._walked: list[Walked] | None = None
        self._top_facts: list[SpecFacts] = []  # `spec_facts` of each of `specs` (`_walk`)
        self._marks = 0  # `marks` (`_walk`)
        # Each decoy's text, and in lower case, with the texts joined, for the screens
        # (`_screened`; the lower case list [] where one is too long to lower).
        self._plain: tuple[list[str], str] | None = None
        self._lowered: tuple[list[str], str] | None = None
        # Facts one rule works out and a later one reads, None until worked out:
        # `decoy_pass`'s needle checks that pass on the echoed input (in order), for
        # `answer_in_input`; `static.is_format_only`, for `format_only` and
        # `uncovered_outcome`.
        self.echo_passing: list[AssertionSpec] | None = None
        self.format_only: bool | None = None
        self._expected_repr: str | None = None
        # The (index, name) of the test's own assertions that a `trivial` finding is about,
        # set by `critique_test` once the rules that read the eval alone have run: what
        # `decoy-pass` and `answer-in-input` would find there is dropped in its favour
        # (`critique._SUPERSEDES`), so they do not work it out. Empty for a rule asked
        # alone, which finds all it finds.
        self.explained: frozenset[tuple[int | None, str | None]] = NOTHING_EXPLAINED

    @property
    def walked(self) -> list[Walked]:
        """`walk(specs)` with each assertion's `spec_facts`, listed once for the rules
        that go through every assertion (six do)."""
        if self._walked is None:
            self._walked = self._walk()
        return self._walked

    @property
    def top_facts(self) -> list[SpecFacts]:
        """`spec_facts` of each of `specs` (the top-level assertions), in order: for the
        rules that go through those alone, so that they need not look each one up."""
        if self._walked is None:
            self._walked = self._walk()
        return self._top_facts

    @property
    def marks(self) -> int:
        """What kinds of assertion `walked` holds (`MARK_*`, or'ed): a rule that looks only
        at one kind has nothing to look at in a test without it (`critique.Rule.needs`)."""
        if self._walked is None:
            self._walked = self._walk()
        return self._marks

    def _walk(self) -> list[Walked]:
        """`walked`, `top_facts` and `marks`, made in one loop over the assertions
        (`spec_facts` inline): it is the first to ask for most assertions' facts, every
        one of every test."""
        walked: list[Walked] = []
        top = self._top_facts
        known_facts = self._facts
        facts_of = _SPEC_MEMO.of
        type_marks = _TYPE_MARKS
        marks = 0
        asked = bool(known_facts)  # (`spec_facts` asked before the walk: rarely)
        for spec in self.specs:
            known = known_facts.get(id(spec)) if asked else None
            if known is not None and known[0] is spec:
                facts = known[1]
            else:
                facts = facts_of(spec)
                known_facts[id(spec)] = (spec, facts)
            top.append(facts)
            if not spec.children:  # (`_marks_of`, inline)
                walked.append((spec, spec.name, spec.index, facts))
                kind_marks = type_marks.get(spec.type)
                marks |= _marks_of(spec) if kind_marks is None else kind_marks
                if spec.negate:
                    marks |= MARK_NEGATED
                if spec.weight == 0:
                    marks |= MARK_ZERO_WEIGHT
                continue
            # a group: itself and its children, in `walk`'s order
            for each, label, index in walk((spec,)):
                walked.append((each, label, index, self.spec_facts(each)))
                marks |= _marks_of(each)
        self._marks = marks
        return walked

    @property
    def expected_repr(self) -> str:
        """`repr` of the test's expected_output, for the keys of what is remembered across
        tests (`critique._static_key`, `answer_in_input`'s evidence), written out once."""
        if self._expected_repr is None:
            self._expected_repr = repr(self.test.expected_output)
        return self._expected_repr

    @property
    def said(self) -> str:
        """`input_text` in JavaScript lower case, worked out once for the rules that look
        for a needle in it (five do)."""
        if self._said is None:
            self._said = js_lower(self.input_text)
        return self._said

    def spec_facts(self, spec: AssertionSpec) -> SpecFacts:
        """What rules remember of `spec` alone (`_spec`), found once per test."""
        known = self._facts.get(id(spec))
        if known is not None and known[0] is spec:
            return known[1]
        found = _SPEC_MEMO.of(spec)
        self._facts[id(spec)] = (spec, found)
        return found

    def turn_specs(self) -> list[TurnSpec]:
        """The assertions inside the test's `turns`, each with its label (`turn N #i name`:
        turn N from 1, assertion i of that turn from 0) and its turn's input, built on first
        use."""
        if self._turn_specs is None:
            self._turn_specs = _build_turn_specs(self.test, self.base_run.eval_dir)
        return self._turn_specs

    def _run_with(self, response: str) -> RunData:
        run = self._probe_runs.get(response)
        if run is None:  # one run per decoy, shared by every assertion probed with it
            run = self._probe_runs[response] = run_with_response(self.base_run, response)
        return run

    def probe(self, spec: AssertionSpec, response: str) -> Outcome:
        """Grade `spec` on another response exactly as real grading would (negation included)."""
        return engine.evaluate_one(_as_probed(spec), self._run_with(response))

    def passes(self, spec: AssertionSpec, response: str) -> bool:
        """Whether `probe` passes, by the verdict-only path where the type has one
        (`engine.decider`). Remembered across tests for checks decided by their options and
        the response alone (`_pass_key`), since suites repeat assertions (suite defaults
        above all) and most decoys are the same for every test."""
        fast, results = self._plan(spec)
        probed = spec if fast is not None else _as_probed(spec)
        return self._verdict(probed, fast, results, response)

    def passing(self, spec: AssertionSpec, facts: SpecFacts | None = None) -> tuple[Decoy, ...]:
        """The test's decoys on which `spec` passes, in order (`passes` for each), worked
        out once for every rule that asks (`decoys_passing`; `facts`: its `spec_facts`,
        when the caller has them)."""
        known = self._passing.get(id(spec))
        if known is not None and known[0] is spec:
            return known[1]
        found = self.decoys_passing(spec, facts or self.spec_facts(spec))
        self._passing[id(spec)] = (spec, found)
        return found

    def decoys_passing(self, spec: AssertionSpec, facts: SpecFacts) -> tuple[Decoy, ...]:
        """`passing` worked out, not remembered: `decoy_pass` asks it once per assertion
        (and hands `answer_in_input` what it found), so nothing would read it again. Only
        the decoys that hold the assertion's screen (`_screen`) are graded; where none
        does, it passes on none, and where the screen is `exact` it passes on those that
        hold it (`facts`: its `spec_facts`)."""
        screen = facts.screen
        if screen is None:
            screen = facts.screen = (screen_of(spec),)
        held = screen[0]
        if held is None:
            decoys = self.decoys
        else:
            decoys = self._admitted(held)
            if held.exact or not decoys:  # no verdict to ask
                return decoys
        fast, results = self._plan(spec, facts)
        if results is not None:
            return self._remembered_passing(spec, fast, results, decoys)
        if fast is not None:  # nothing remembered: decide each
            return tuple([d for d in decoys if fast(d.text)])
        probed = _as_probed(spec)
        return tuple([d for d in decoys if self._decide(probed, None, d.text)])

    def _admitted(self, screen: Screen) -> tuple[Decoy, ...]:
        """The decoys that hold `screen`, in order."""
        decoys = self.decoys
        if screen.json:
            if screen.embedded:
                return tuple([d for d in decoys if may_hold_json(d.text)])
            match = json_start().match
            return tuple([d for d in decoys if match(d.text) is not None])
        screened = self._lowered if screen.lowered else self._plain
        if screened is None:
            screened = self._screened(screen.lowered)
        texts, joined = screened
        if not texts:  # a decoy too long to lower here: no screen
            return decoys
        needles = screen.needles
        if len(needles) == 1:  # most: asked inline
            needle = needles[0]
            if needle not in joined:  # (most: in none of them)
                return ()
            return tuple([d for d, t in zip(decoys, texts, strict=True) if needle in t])
        # A decoy holding each needle (or one, for `-any`) has it in `joined`: where
        # `joined` lacks one (holds none), no decoy holds the screen (most).
        if screen.every:
            for needle in needles:  # a loop, not all(): asked for most assertions
                if needle not in joined:
                    return ()
        else:
            for needle in needles:
                if needle in joined:
                    break
            else:
                return ()
        return tuple([d for d, t in zip(decoys, texts, strict=True) if admits(screen, t)])

    def _screened(self, lowered: bool) -> tuple[list[str], str]:
        """Each decoy's text (`lowered`: in lower case, `_lower_decoys`) and those texts
        joined (`_JOIN`), worked out once per test: each text is a piece of the joined
        one, so a needle not in it is in none of them, and a screen that admits no decoy
        (most) is asked once, not once per decoy."""
        if lowered:
            texts = self._lower_decoys()
            self._lowered = screened = (texts, _JOIN.join(texts))
        else:
            texts = [d.text for d in self.decoys]
            self._plain = screened = (texts, _JOIN.join(texts))
        return screened

    def _lower_decoys(self) -> list[str]:
        """Each decoy in lower case for the screens that read it (`_screen.Screen`): the
        fixed ones lowered once per process, the echo as `said`, a text of `SHARED_LOWER_FROM`
        characters or more (the next test's response, mostly) by `js_lower`, which keeps it
        for that test's own grading and near-miss (the same string: `hand_on`), the others
        by `str.lower` (a third cheaper: no scan for newer letters); worked out once per
        test; [] when a decoy is `BIG_TEXT` or longer (its lowered copy is not worth making
        here). A screen's needle (in `js_lower` form, without `js_lower_only`'s letters) is
        in either lower case exactly where it is in the other."""
        lowered = []
        for decoy in self.decoys:
            text = decoy.text
            if decoy.echo:
                lowered.append(self.said)
            elif len(text) >= SHARED_LOWER_FROM:
                if len(text) >= BIG_TEXT:
                    return []
                lowered.append(js_lower(text))
            else:
                fixed = _FIXED_LOWERED.get(decoy.label)
                lowered.append(text.lower() if fixed is None or fixed[0] is not text else fixed[1])
        return lowered

    def _remembered_passing(
        self,
        spec: AssertionSpec,
        fast: Callable[[str], bool] | None,
        results: _Results,
        decoys: tuple[Decoy, ...],
    ) -> tuple[Decoy, ...]:
        """`passing` where `results` are remembered: most decoys are answered by a lookup,
        so `_verdict` is asked only about the others."""
        probed = spec if fast is not None else _as_probed(spec)
        found = []
        for decoy in decoys:
            passed = results.get(decoy.text)
            if passed is None:
                passed = self._verdict(probed, fast, results, decoy.text)
            if passed:
                found.append(decoy)
        return tuple(found)

    def _plan(
        self, spec: AssertionSpec, facts: SpecFacts | None = None
    ) -> tuple[Callable[[str], bool] | None, _Results | None]:
        """How `spec` is probed: its verdict-only path (`engine.decider`), which reads the
        options once for every decoy, and the answers `_PASSES` remembers for it, if any
        (`facts`: its `spec_facts`, when the caller has them)."""
        facts = facts or self.spec_facts(spec)
        key = _pass_key(spec, self.base_run.eval_dir, facts)
        known = None if key is None else _PASSES.entry(key, spec)
        if known is None:
            return engine.decider(spec, self.base_run.test, PROBE_TIMEOUT_MS), None
        return known.fast, known.results

    def _verdict(
        self,
        probed: AssertionSpec,
        fast: Callable[[str], bool] | None,
        results: _Results | None,
        response: str,
    ) -> bool:
        """`passes`, from `results` where they have the answer (and into them when not);
        `probed` is the assertion as probed (`_as_probed`) where there is no `fast` path."""
        if results is None or len(response) > _PASS_KEY_MAX_CHARS:
            return self._decide(probed, fast, response)
        passed = results.get(response)
        if passed is None:
            passed = results[response] = self._decide(probed, fast, response)
            _PASSES.size += 1
        return passed

    def _decide(self, probed: AssertionSpec, fast: Callable[[str], bool] | None, text: str) -> bool:
        if fast is not None:  # no run to build for this decoy
            return fast(text)
        return engine.decide(probed, self._run_with(text))


# From this length `js_lower` keeps a text's lower case for its next caller (`js.strings`).
SHARED_LOWER_FROM = 512
_Results = dict[str, bool]  # remembered verdicts by decoy text
# Between the decoys' texts joined for the screens (`Context._screened`): a needle found
# across two of them is then asked of each, so one that few needles hold.
_JOIN = "\x00"


class _Known:
    """What is remembered for one `_pass_key`: the verdict-only path, built for the second
    assertion with that key (`_Remembered.entry`; the key is all its answers depend on),
    and the results by decoy text."""

    __slots__ = ("fast", "results")

    def __init__(self, spec: AssertionSpec) -> None:
        self.fast = engine.decider(spec, deadline_cap_ms=PROBE_TIMEOUT_MS)
        self.results: _Results = {}


class _Remembered:
    """Probe results by everything they depend on, for the checks whose verdict is a
    function of their type, negation, options, the response and the eval folder (`_pass_key`,
    then the decoy): nothing else of the test can change it, so an entry is never stale.
    Nested by assertion, so a decoy adds only a string key (no tuple per probe to allocate
    and for the garbage collector to visit); forgotten whole once `LIMIT` keys and
    results are held (an entry in use then still answers for its own test)."""

    __slots__ = ("by_key", "size")
    LIMIT = 50_000

    def __init__(self) -> None:
        self.by_key: dict[tuple[Any, ...], _Known | None] = {}
        self.size = 0  # keys and results held

    def entry(self, key: tuple[Any, ...], spec: AssertionSpec) -> _Known | None:
        """What is remembered for `key`, made from `spec` the second time the key is seen;
        None the first time. Assertions with a value of their own (most of a suite's) are
        seen once: of them only the key is kept (no verdict-only path, a closure, outlives
        its test for the garbage collector to visit again and again in a batch)."""
        if self.size >= self.LIMIT:
            self.clear()
        known = self.by_key.get(key)
        if known is None:
            if key not in self.by_key:  # the first time
                self.by_key[key] = None
                self.size += 1
                return None
            known = self.by_key[key] = _Known(spec)
        return known

    def clear(self) -> None:
        self.by_key.clear()
        self.size = 0

    def __len__(self) -> int:
        return self.size


_PASSES = _Remembered()
_PASS_KEY_MAX_CHARS = 4096  # the fixed decoys; a long one (another test's answer) is rare


_PROBED_ON_RESPONSE = ByType(lambda entry: entry.probe and entry.reads == "response")


def _pass_key(spec: AssertionSpec, eval_dir: str, facts: SpecFacts) -> tuple[Any, ...] | None:
    """What a remembered probe result of `spec` is keyed by, besides the decoy: its
    `spec_facts` entry, which stands for its type, negation and options less `name` (equal
    entries only where those `repr`s are: `_spec.options_key`; the key holds the entry, so
    an id is never reused), and the eval folder; None for a check that depends on more
    (groups, a broken assertion, other types)."""
    # (field-accuracy reads the test's expected output too)
    if not _PROBED_ON_RESPONSE[spec.type] or spec.problem or spec.children:
        return None
    return (facts, eval_dir)


if TYPE_CHECKING:

    class TurnSpec(NamedTuple):
        """An assertion inside a conversation test's turn: the spec, its label, what the
        user says in that turn, and what the earlier turns said."""

        spec: AssertionSpec
        label: str
        said: str
        before: str

else:
    TurnSpec = namedtuple("TurnSpec", ("spec", "label", "said", "before"))


def _build_turn_specs(test: TestCase, eval_dir: str) -> list[TurnSpec]:
    if not test.turns:
        return []
    from ..load.assertions import ListContext, build_list

    found = []
    earlier: list[str] = []
    for number, turn in enumerate(test.turns, start=1):
        said = _turn_text(turn.get("input"))
        raw = turn.get("assert", turn.get("assertions"))
        if isinstance(raw, list):
            ctx = ListContext(test_id=test.id, eval_dir=eval_dir, variables=test.vars)
            before = "\n".join(earlier)
            for spec in build_list(raw, ctx):
                label = f"turn {number} #{spec.index} {spec.name}"
                found.append(TurnSpec(spec, label, said, before))
        earlier.append(said)
    return found


def _turn_text(given: Any) -> str:
    """A turn's input as text: a string, or its messages' text."""
    if isinstance(given, str):
        return given
    if isinstance(given, list):
        messages = tuple(m for m in given if isinstance(m, Mapping))
        parts = _parts_text(messages)
        if parts is not None:
            return parts
        return "\n".join(c for m in messages if isinstance(c := m.get("content"), str))
    return ""


def _with_probe_deadline(spec: AssertionSpec) -> AssertionSpec:
    """`spec` with a deadline of at most `PROBE_TIMEOUT_MS`, so a decoy never waits long
    (the verdict-only path takes the cap itself: `engine.decider`)."""
    return engine.with_deadline_cap(spec, PROBE_TIMEOUT_MS)


def build_context(
    suite: Suite,
    test: TestCase,
    run: RunData | None,
    outcomes: tuple[Outcome, ...] | None,
    bench_dir: str | None,
) -> Context:
    """Compute the echo input and the decoys once for all rules."""
    base = run or RunData(
        test=test, response="", eval_dir=os.path.dirname(os.path.abspath(suite.path))
    )
    input_text = leak_input(test)
    order = _suite_order(suite)
    at = _position(order, suite, test)
    reference = order.reference_of(test)
    decoys = [_EMPTY]
    if js_trim(input_text):
        decoys.append(Decoy("the test input echoed back", input_text, echo=True))
    if not _expects_refusal(test.criteria, reference):
        decoys.append(_REFUSAL)
    decoys.append(_BOILERPLATE)
    own = [t for t in (reference, run.response if run else None) if t]
    for decoy, trimmed in _cross_test_decoys(suite, test, bench_dir, order, at):
        if not _same_answer(trimmed, own):
            decoys.append(decoy)
    specs = test.assertions
    return Context(
        suite, test, run, outcomes, bench_dir, input_text, tuple(decoys), base, specs, reference
    )


_EMPTY = Decoy("an empty response", _EMPTY_TEXT)
_REFUSAL = Decoy("a generic refusal", REFUSAL)
_BOILERPLATE = Decoy("generic boilerplate", BOILERPLATE)
FIXED_DECOYS = (_EMPTY, _REFUSAL, _BOILERPLATE)  # the same for every test
# Each fixed decoy's text and its `js_lower` form, by label (`_lower_decoys` checks the
# text is the very one).
_FIXED_LOWERED = {d.label: (d.text, js_lower(d.text)) for d in FIXED_DECOYS}


def _same_answer(wanted: str, answers: list[str]) -> bool:
    """A decoy (`wanted`, trimmed) is one of this test's own answers once trimmed: no decoy
    then. A big answer is compared by its bounds, so it is never copied to be trimmed."""
    for answer in answers:  # a loop, not any(): asked once per test
        if trims_to(answer, wanted):
            return True
    return False


def _expects_refusal(criteria: str | None, reference: str | None) -> bool:
    """A test (its criteria, its reference answer) whose right answer is a refusal: the
    refusal decoy would be no decoy."""
    for said in (criteria, reference):
        if isinstance(said, str) and _says_refusal(said):
            return True
    return False


def _says_refusal(said: str) -> bool:
    """`_REFUSAL_WORDS.search(said)`, whose every match holds one of `_REFUSAL_CUES` in
    any case: an ASCII text (case-insensitive matching is then ASCII's, `str.lower`) that
    holds none in lower case is not searched (most texts; the search tries every position)."""
    if said.isascii():
        lowered = said.lower()
        for cue in _REFUSAL_CUES:  # a loop, not any(): asked for every test
            if cue in lowered:
                break
        else:
            return False
    return refusal_words().search(said) is not None


@lru_cache(maxsize=1)
def refusal_words() -> re.Pattern[str]:
    """`_REFUSAL_WORDS` compiled (case-insensitive) on first use: few texts get past
    `_says_refusal`'s cues, and compiling costs every run that imports the critique."""
    return re.compile(_REFUSAL_WORDS, re.I)


# A piece of every match of `_REFUSAL_WORDS`, in lower case.
_REFUSAL_CUES = ("refus", "declin", "sorry", "help", "assist", "comply")


def _cross_test_decoys(
    suite: Suite, test: TestCase, bench_dir: str | None, order: _SuiteOrder, at: int
) -> list[tuple[Decoy, str]]:
    """The next test's reference answer and the next test's response (wrapping around),
    each with its trimmed text; `at` is the test's position in `order` (-1: not found)."""
    found = []
    tests = suite.tests
    with_reference = order.with_reference
    if with_reference:  # (each has a reference that is not all white space)
        count = len(with_reference)
        start = bisect_right(with_reference, at)
        for step in range(count):  # `_after`, inline: asked for every test
            other_at = with_reference[(start + step) % count]
            other = tests[other_at]
            if other is not test and other.id != test.id:
                reference, trimmed = order.reference_at(other_at)
                label = f"test '{other.id}''s expected_output"
                found.append((Decoy(label, cast(str, reference)), trimmed))
                break
    if bench_dir is None:
        return found
    count = len(tests)
    for step in range(at + 1, at + 1 + count):  # `_after` over every position, inline
        other = tests[step % count]
        if other is test or other.id == test.id:
            continue
        text = _read_response(os.path.join(bench_dir, other.id, "response.md"))
        if text is not None:
            if trimmed := js_trim(text):
                found.append((Decoy(f"test '{other.id}''s response", text), trimmed))
            break
    return found


class _SuiteOrder:
    """Where each test sits in its suite, which tests have a reference answer, and each
    one's reference as text (`reference_text`) once asked: worked out once per suite so
    that critiquing every test of a suite stays linear, and no reference is written out
    again for each test that reads it (its own, and the test before it for its decoy).
    The references are written out when first asked (`reference_at`), not all at once: a
    batch makes the order before its processes fork (its warm-up), and each then writes
    out only the references of the tests it critiques and of the tests after them; which
    tests have one is told from the expected_output without writing it out (a JSON value
    is never blank once written) but for strings and messages."""

    __slots__ = ("suite", "positions", "with_reference", "_references")

    def __init__(self, suite: Suite) -> None:
        tests = suite.tests
        self.suite = suite
        self.positions = {id(t): i for i, t in enumerate(tests)}
        # (reference_text, its `js_trim`) of each test once asked, else None
        self._references: list[tuple[str | None, str] | None] = [None] * len(tests)
        # the positions of the tests whose reference is not all white space (most tests
        # have none: asked inline)
        self.with_reference = tuple([
            at for at, t in enumerate(tests)
            if t.expected_output is not None and self._has_reference(at, t.expected_output)
        ])  # fmt: skip

    def _has_reference(self, at: int, expected: Any) -> bool:
        """Whether the reference of the test at `at`, `expected` its expected_output (not
        None), is not all white space."""
        if isinstance(expected, str):
            return bool(js_trim(expected))
        if isinstance(expected, list):  # the messages form: the last assistant's content
            return bool(self.reference_at(at)[1])
        return True  # written out as JSON: never blank

    def reference_at(self, at: int) -> tuple[str | None, str]:
        """`reference_text` of the test at position `at`, and its `js_trim` ("" for none)."""
        known = self._references[at]
        if known is None:
            expected = self.suite.tests[at].expected_output
            text = None if expected is None else reference_text(expected)
            known = self._references[at] = (text, "" if text is None else js_trim(text))
        return known

    def reference_of(self, test: TestCase) -> str | None:
        """`reference_text` of a test of this suite."""
        at = self.positions.get(id(test))
        if at is None or self.suite.tests[at] is not test:
            return reference_text(test.expected_output)
        return self.reference_at(at)[0]


_ORDER: list[_SuiteOrder] = []  # the last suite seen


def _suite_order(suite: Suite) -> _SuiteOrder:
    cached = _ORDER[0] if _ORDER else None
    if cached is None or cached.suite is not suite:
        cached = _SuiteOrder(suite)
        _ORDER[:] = [cached]
    return cached


def _position(order: _SuiteOrder, suite: Suite, test: TestCase) -> int:
    at = order.positions.get(id(test))
    if at is None or suite.tests[at] is not test:
        at = next((i for i, t in enumerate(suite.tests) if t.id == test.id), -1)
    return at


def _after(suite: Suite, test: TestCase, candidates: Sequence[int], at: int) -> Iterator[TestCase]:
    """The tests at `candidates` (ascending suite positions) other than `test`, in suite
    order starting after `test` (at position `at`) and wrapping around (what the loops of
    `_cross_test_decoys` do inline; the tests hold them to it)."""
    tests = suite.tests
    start = bisect_right(candidates, at)
    for step in range(len(candidates)):
        other = tests[candidates[(start + step) % len(candidates)]]
        if other is not test and other.id != test.id:
            yield other


def _read_response(path: str) -> str | None:
    """The first MiB of another test's response (a decoy needs no more), or None when it is
    missing or not a regular file: a folder, a FIFO or a device is no decoy (nothing waits
    for a writer or reads an endless device). Opened without waiting, then checked by the
    open file's own status (no stat of the path first: one system call less per test)."""
    try:
        fd = os.open(path, READ_FLAGS)
    except (OSError, ValueError):  # ValueError: a test id with a NUL in it
        return None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            return None
        want = min(info.st_size + 1, _MAX_DECOY_BYTES)
        data = os.read(fd, want)  # shorter than asked: the end of a regular file
        if len(data) == want:  # longer than its size said (it grew): on to the limit
            while len(data) < _MAX_DECOY_BYTES:
                more = os.read(fd, _MAX_DECOY_BYTES - len(data))
                if not more:
                    break
                data += more
        else:  # the whole file: that test's own grading need not read nor decode it again
            decoded = decode_response(data)  # (the text below: BOM removed, bad bytes replaced)
            hand_on(path, data, decoded)
            return decoded[0]
    except OSError:
        return None
    finally:
        os.close(fd)
    return data.decode("utf-8", errors="replace").removeprefix("\ufeff")


def reference_answer(expected: Any) -> tuple[Any, str]:
    """The answer part of `expected_output` and where it sits: for the messages form, the
    content of the last assistant message (its text parts joined, or the structured value
    it holds), the wrapper being no outcome; any other form is the answer itself.

    Returns (answer, path prefix for evidence), the answer None when there is none."""
    if not (isinstance(expected, list) and expected and _all_messages(expected)):
        return expected, "expected_output"
    for at in range(len(expected) - 1, -1, -1):
        message = expected[at]
        if message.get("role") != "assistant":
            continue
        content = message.get("content")
        prefix = f"expected_output[{at}].content"
        if isinstance(content, list) and content and _all_parts(content):
            texts = [_part_text(p) for p in content if p.get("type") == "text"]
            text = "\n".join(t for t in texts if t)
            return (text or None), prefix
        return content, prefix
    return None, "expected_output"


def _all_messages(items: list[Any]) -> bool:
    for item in items:  # a loop, not all(): asked for every test
        if not (isinstance(item, Mapping) and "role" in item):
            return False
    return True


def _all_parts(items: list[Any]) -> bool:
    for item in items:
        if not (isinstance(item, Mapping) and isinstance(item.get("type"), str)):
            return False
    return True


def _part_text(part: Mapping[str, Any]) -> str | None:
    for key in ("value", "text"):
        value = part.get(key)
        if isinstance(value, str):
            return value
    return None


def reference_text(expected: Any) -> str | None:
    """`expected_output` as the text an answer would be (SPEC §3's three forms): for
    messages, the last assistant message's content (`reference_answer`)."""
    answer, _ = reference_answer(expected)
    if answer is None:
        return None
    if isinstance(answer, str):
        return answer
    return _compact_json(answer)


# `json.dumps(value, ensure_ascii=False, separators=(",", ":"), default=str)`, with its
# encoder made once, not per reference written out.
_compact_json = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"), default=str).encode


def leak_input(test: TestCase) -> str:
    """What the agent is shown: the input's text (a message made of parts gives its text
    parts; an attached file's content is not echoed: copying from it is what extraction
    tasks ask for), else (the `vars: {input: …}` style) the vars.

    Var values are part of the input only when the test has no input text: when it has
    one, the vars the prompt uses are already rendered into it, and the others only
    parametrize assertions, which the agent never sees.
    """
    with_parts = _parts_text(test.input_messages)
    if with_parts is not None:
        return with_parts
    if js_trim(test.input_text):
        return test.input_text
    parts = []
    for key, value in test.vars.items():
        if any(str(key).lower().startswith(r) for r in _REFERENCE_VARS):
            continue
        if isinstance(value, str):
            parts.append(value)
        elif isinstance(value, (int, float)) and not isinstance(value, bool):
            parts.append(str(value))
    return "\n".join(parts)


def _parts_text(messages: Sequence[Mapping[str, Any]]) -> str | None:
    """The messages' text where some content is a list of parts (text and files), else None
    (the loader's `input_text` already says it all)."""
    if not any(isinstance(m.get("content"), list) for m in messages):
        return None
    texts: list[str] = []
    for message in messages:
        content = message.get("content")
        if isinstance(content, str):
            texts.append(content)
            continue
        for part in content if isinstance(content, list) else []:
            if not isinstance(part, Mapping):
                continue
            value = _part_text(part)
            if value is not None and part.get("type") == "text":
                texts.append(value)
    return "\n".join(texts)


def conversation_history(test: TestCase) -> str:
    """The earlier turns of a conversation given as input (every message before the last
    user message), when it has an assistant reply among them; else "". Repeating what was
    said there is what a context-retention test asks for."""
    messages = test.input_messages
    if len(messages) < 2:  # (most: one message, nothing before it)
        return ""
    last_user = max((i for i, m in enumerate(messages) if m.get("role") == "user"), default=-1)
    earlier = messages[:last_user] if last_user > 0 else ()
    if not any(m.get("role") == "assistant" for m in earlier):
        return ""
    return "\n".join(c for m in earlier if isinstance(c := m.get("content"), str))


def walk(specs: tuple[AssertionSpec, ...]) -> Iterator[tuple[AssertionSpec, str, int]]:
    """Every assertion with group children, as (spec, display name, top-level index)."""
    for spec in specs:
        yield spec, spec.name, spec.index
        if not spec.children:
            continue
        stack = [(child, f"{spec.name} > {child.name}") for child in spec.children]
        while stack:
            child, label = stack.pop(0)
            yield child, label, spec.index
            stack[:0] = [(c, f"{label} > {c.name}") for c in child.children]


def is_case_insensitive(spec: AssertionSpec) -> bool:
    given = spec.options.get("case_sensitive")
    if isinstance(given, bool):
        return not given
    return _CASE_INSENSITIVE[spec.type]


_CASE_INSENSITIVE = ByType(lambda entry: entry.case_insensitive)


def text_option(spec: AssertionSpec, *keys: str) -> str | None:
    """The first string among `keys` (default `value`, `search_text`), else None."""
    for key in keys or ("value", "search_text"):
        value = spec.options.get(key)
        if isinstance(value, str):
            return value
    return None


def text_list(spec: AssertionSpec) -> list[str] | None:
    value = spec.options.get("value")
    if not isinstance(value, list) or not value:
        return None
    for item in value:  # a loop, not all(): asked per assertion by two rules
        if not isinstance(item, str):
            return None
    return list(value)


def quote(text: str, limit: int = 80) -> str:
    """A short double-quoted rendering with escapes, `…` where cut."""
    return _json_text(text if len(text) <= limit else text[:limit] + "…")


# `json.dumps(text, ensure_ascii=False)`: what `JSONEncoder.encode` calls for a string.
_json_text = encode_basestring


@lru_cache(maxsize=1)
def common_words() -> frozenset[str]:
    """The shipped list of the most common English words (lower case)."""
    return _word_list("data/common_words.txt")


@lru_cache(maxsize=1)
def everyday_words() -> frozenset[str]:
    """Everyday English words beyond `common_words` (wordfreq's, written out by
    scripts/gen_everyday_words.py), read only when a needle is not a common word."""
    return _word_list("data/everyday_words.txt")


def _word_list(name: str) -> frozenset[str]:
    return words_of(_shipped_text(name))


def words_of(text: str) -> frozenset[str]:
    """The stripped lines of `text`, less blank ones and those starting with `#` (comments).
    A list shaped as the shipped ones are (comments only in a header, lines broken only by
    "\n") is read in C loops (`split`, `map`, one set): the everyday list's 3,000 lines
    cost 6.8 M instructions line by line, 1.3 M so, in every run that asks about a needle
    (a cold single test too); any other text is read line by line."""
    body = _plain_body(text)
    if body is None:
        return frozenset(
            line.strip() for line in text.splitlines() if line.strip() and not line.startswith("#")
        )
    words = set(map(str.strip, body.split("\n")))
    words.discard("")
    return frozenset(words)


def _plain_body(text: str) -> str | None:
    """`text` after its header (the leading lines that start with `#`), or None unless
    the rest holds no `#` and the whole text breaks lines only at "\n": then its lines,
    less blank ones, are `body.split("\n")`'s, and none of them is a comment."""
    for char in _OTHER_BREAKS:  # a loop of `in`: each a fast scan
        if char in text:
            return None
    start = 0
    while text.startswith("#", start):
        end = text.find("\n", start)
        start = len(text) if end < 0 else end + 1
    body = text[start:]
    return None if "#" in body else body


# Where `str.splitlines` breaks lines besides "\n" ("\r\n" holds "\r").
_OTHER_BREAKS = "\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029"


def _shipped_text(name: str) -> str:
    """A data file of the package, read beside its modules; `importlib.resources` (whose
    imports cost a grading about 10 ms, an eighth of a cold start) only where the package
    is not plain files (a zip archive, say)."""
    package = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    try:
        with open(os.path.join(package, *name.split("/")), encoding="utf-8") as handle:
            return handle.read()
    except OSError:
        from importlib import resources

        return resources.files("agentv_grader").joinpath(name).read_text("utf-8")
