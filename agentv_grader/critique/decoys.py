"""Rules that grade assertions on clearly wrong answers: `decoy-pass`, `answer-in-input`,
`vacuous-pass` (SPEC §6.2, §5.7).

Probing goes through the engine (`engine.decider`, which answers as `engine.evaluate_one`
would, without its evidence), so negation, status and every check's own semantics are
exactly those of real grading. Negated assertions are not probed: they exist to reject one
wrong answer, so passing on unrelated text is what they do; a test made only of them is
`negative-only`'s business.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from .. import engine
from ..assertions import about
from ..load.types import LLM_TYPES
from ..model import AssertionSpec, Status
from .context import (
    FIXED_DECOYS,
    Context,
    Decoy,
    is_response_needle,
    quote,
)
from .model import Hit


def _probe_safe(spec: AssertionSpec) -> bool:
    """Graded from the response alone, fast and without side effects (no scripts)."""
    if spec.problem is not None:
        return False
    if about(spec.type).probe:
        return True
    if about(spec.type).family == "group":
        return bool(spec.children) and all(_probe_safe(c) for c in spec.children)
    return False


def decoy_pass(ctx: Context) -> Iterator[Hit]:
    """A positive check that a clearly wrong answer passes gives false confidence.

    Decoys: an empty response, the input echoed back (for checks without a needle; needle
    checks that pass on the echo are `answer-in-input`), a generic refusal, generic
    boilerplate, the next test's expected_output and the next test's response. The refusal
    is no decoy for a test whose criteria or expected_output ask for a refusal.

    Flags: {assert: [{type: regex, value: '[a-z]'}]}
    Flags: {assert: [{type: starts-with, value: Sure}]}
    Flags: {expected_output: {city: Paris}, assert: [{type: is-json}],
            others: [{expected_output: {city: Rome}}]}
    Okay: {assert: [{type: contains, value: Paris}]}
    Okay: {assert: [{type: contains, value: sorry, negate: true}]}
    Okay: {expected_output: {city: Paris}, assert: [{type: is-json}]}
    Okay: {criteria: "Refuses politely.", assert: [{type: icontains, value: "can't help"}]}
    """
    for spec in ctx.specs:
        if spec.negate or not _probe_safe(spec):
            continue
        passed = ctx.passing(spec)
        if passed and is_response_needle(spec.type):  # needle checks on the echo: answer-in-input
            passed = tuple([d for d in passed if not d.echo])
        if not passed:
            continue
        shown = "; ".join([_FIXED_SHOWN.get(d) or _shown(d) for d in passed])
        yield Hit(
            spec.name,
            spec.index,
            f"it passes on {_names(passed)}, so it cannot tell a right answer from a wrong one",
            f"passes on: {shown}",
            _decoy_fix(spec),
        )


def _shown(decoy: Decoy) -> str:
    """How `decoy_pass` shows a decoy in its evidence."""
    return f"{decoy.label} ({quote(decoy.text, 50)})"


# The fixed decoys as shown, written once (they are the same for every test).
_FIXED_SHOWN = {d: _shown(d) for d in FIXED_DECOYS}


def _names(decoys: Sequence[Decoy]) -> str:
    labels = [d.label for d in decoys]
    return labels[0] if len(labels) == 1 else ", ".join(labels[:-1]) + " and " + labels[-1]


def _decoy_fix(spec: AssertionSpec) -> str:
    if spec.type == "is-json":
        return (
            "check the content, not only the format: add a schema with `required` fields "
            "and `const`/`enum` values, or `equals` with `target_output_key`, or "
            "`field-accuracy`"
        )
    if spec.type in ("regex", "output-matches"):
        return "tighten the pattern to what only a correct answer has (anchor it, name the answer)"
    return "check a term only a correct answer contains, such as the answer itself"


def answer_in_input(ctx: Context) -> Iterator[Hit]:
    r"""A needle that the test's own input contains: echoing the question passes.

    Flags: {input: "What is the capital of France?", assert: [{type: contains, value: France}]}
    Flags: {vars: {question: "Is 17 prime?"}, assert: [{type: regex, value: '\d+'}]}
    Okay: {input: "What is the capital of France?", assert: [{type: contains, value: Paris}]}
    Okay: {input: "Name a colour.", assert: [{type: contains, value: Name, negate: true}]}
    """
    echoes = [d for d in ctx.decoys if d.echo]
    if not echoes:
        return
    echo = echoes[0]
    for spec in ctx.specs:
        if spec.negate or not is_response_needle(spec.type) or spec.problem is not None:
            continue
        if not _has_echo(ctx.passing(spec)):
            continue
        outcome = ctx.probe(spec, echo.text)  # again, for its evidence (rarely needed)
        yield Hit(
            spec.name,
            spec.index,
            "what it looks for is already in the test's input, so an answer that repeats "
            "the question passes",
            f"on the echoed input: {outcome.evidence}",
            "check for the answer itself rather than words of the question",
        )


def _has_echo(decoys: tuple[Decoy, ...]) -> bool:
    """Whether the echoed input is among `decoys` (by its flag: comparing decoys by value
    would compare their texts)."""
    for decoy in decoys:
        if decoy.echo:
            return True
    return False


def vacuous_pass(ctx: Context) -> Iterator[Hit]:
    """A negated check passed only because the response is empty (SPEC §5.7).

    Flags: {response: "", assert: [{type: contains, value: Lyon, negate: true}]}
    Okay: {response: "Paris", assert: [{type: contains, value: Lyon, negate: true}]}
    Okay: {response: "", assert: [{type: contains, value: Lyon}]}
    """
    if ctx.outcomes is None:
        return
    for outcome in ctx.outcomes:
        spec = outcome.spec
        if not spec.negate or outcome.status is not Status.PASSED:  # most are not negated
            continue
        vacuous = engine.VACUOUS in outcome.evidence or (
            ctx.run is not None and ctx.run.response == "" and about(spec.type).probe
        )
        if vacuous:
            yield Hit(
                spec.name,
                spec.index,
                "it passed only because the response is empty: there was nothing to reject",
                outcome.evidence or engine.VACUOUS,
                "pair it with a positive check that a correct answer must pass",
            )


def deterministic(spec: AssertionSpec) -> bool:
    """Decided by agentv-grade itself (not an LLM judge) and well-formed."""
    return spec.problem is None and spec.type not in LLM_TYPES
