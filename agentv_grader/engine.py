"""Runs each assertion's check and turns verdicts into outcomes (SPEC §5.7).

This is the only place that knows about negation, status and the per-assertion error
boundary, so no check can get them wrong on its own.
"""

from __future__ import annotations

from collections.abc import Callable

from .assertions import _LOADED, REGISTRY, Entry
from .errors import SpecError
from .model import (
    ERROR,
    FAILED,
    PASSED,
    AssertionSpec,
    CheckItem,
    Outcome,
    RunData,
    Status,
    TestCase,
    Verdict,
    new_assertion_spec,
    new_outcome,
)
from .record import replace

VACUOUS = "vacuous: the response is empty"


def evaluate(specs: tuple[AssertionSpec, ...], run: RunData) -> tuple[Outcome, ...]:
    """Every assertion of a test, in order; one broken assertion never stops the rest."""
    return tuple([evaluate_one(spec, run) for spec in specs])  # (a list: no generator)


def evaluate_one(spec: AssertionSpec, run: RunData) -> Outcome:
    """One assertion → its outcome, with negation applied exactly once, here."""
    if spec.problem is not None:
        return _error(spec, run, spec.problem)
    entry = REGISTRY.get(spec.type)
    if entry is None:  # (the loader names unknown types; a spec built by hand may not)
        return _error(spec, run, f"unknown assertion type '{spec.type}'")
    try:
        if "target_output_key" in spec.options or (spec.negate and entry.load_inverse is not None):
            verdict = _run_check(spec, entry, run)
        else:  # `_run_check`'s usual case, written out: the row's check, once loaded
            verdict = (_LOADED.get(entry.load_check) or entry.check)(spec, run)
    except SpecError as exc:
        return _error(spec, run, str(exc))
    except RecursionError:  # hostile input (a tool call's arguments nested 3,000 deep), no bug
        return _error(spec, run, f"{spec.type}: the data is nested too deeply to compare")
    except Exception as exc:  # the per-assertion boundary (STYLE §6)
        return _error(spec, run, f"internal error in {spec.type}: {type(exc).__name__}: {exc}")
    if spec.negate:
        return _negated(spec, verdict, run, entry)
    if spec.normalised_from is not None:
        return _outcome(spec, verdict)
    # The usual assertion, `_made` written out (three calls fewer per assertion): the
    # verdict's fields as they are, its details shared (never changed once made).
    return new_outcome(
        spec,
        verdict.status,
        verdict.score,
        verdict.text,
        verdict.evidence,
        verdict.checks,
        verdict.details,
        verdict.children,
    )


def decider(
    spec: AssertionSpec, test: TestCase | None = None, deadline_cap_ms: int | None = None
) -> Callable[[str], bool] | None:
    """`spec`'s verdict-only path: a function of a response text that answers exactly
    `evaluate_one(spec, run).status is Status.PASSED` for a run of `test` with that response
    (a bare run when `test` is None), or None where only the full check can tell (a broken
    assertion, children, `target_output_key`, an inverse rule, a type without
    `Entry.decide`, or without `test` for one that reads it, `Entry.decide_on_test`). The
    options (and the test's part) are read once, here, for every text then asked about.
    With `deadline_cap_ms`, a pattern type answers as `with_deadline_cap(spec, ...)` would
    (`Entry.decide_within`, no copy of the assertion made)."""
    if spec.problem is not None or spec.children or "target_output_key" in spec.options:
        return None
    entry = REGISTRY.get(spec.type)
    if entry is None or entry.inverse is not None:
        return None
    cap_ms = None  # set where the type's predicate takes the deadline cap itself
    try:
        if deadline_cap_ms is not None and entry.decide_within is not None:
            cap_ms, test = deadline_cap_ms, None
            # Unless negated, an `error` answers as a failure does (neither is a pass).
            passes_before_negation = entry.decide_within(spec, cap_ms, not spec.negate)
        elif entry.decide is not None:
            passes_before_negation = entry.decide(spec)
        elif test is not None and entry.decide_on_test is not None:
            passes_before_negation = entry.decide_on_test(spec, test)
        else:
            return None
    except SpecError:  # bad configuration: the assertion is `error` on every text
        return _never
    except Exception:  # whatever the boundary of `evaluate_one` makes of it, text by text
        return lambda text: _graded_passes(_capped(spec, cap_ms), text, test)
    return _negated_predicate(spec, passes_before_negation, cap_ms, test)


def _capped(spec: AssertionSpec, cap_ms: int | None) -> AssertionSpec:
    """The assertion a full check grades in `decider`'s stead: `spec`, its deadline capped
    at `cap_ms` when given (the copy made only where a full check must answer)."""
    return spec if cap_ms is None else with_deadline_cap(spec, cap_ms)


def _negated_predicate(
    spec: AssertionSpec,
    passes_before_negation: Callable[[str], bool],
    cap_ms: int | None,
    test: TestCase | None,
) -> Callable[[str], bool]:
    """The engine's negation and error boundary around a type's verdict-only predicate;
    where the predicate raises, the full check grades `_capped(spec, cap_ms)`."""
    negate = spec.negate

    def passes(text: str) -> bool:
        try:
            passed = passes_before_negation(text)
        except SpecError:  # the assertion is `error`, never a pass
            return False
        except Exception:
            return _graded_passes(_capped(spec, cap_ms), text, test)
        return passed != negate  # these checks' verdicts are never `negation_proof`

    return passes


def with_deadline_cap(spec: AssertionSpec, cap_ms: int) -> AssertionSpec:
    """`spec` with a per-match deadline (`timeout_ms`) of at most `cap_ms`, so a probe never
    waits long; an invalid `timeout_ms` is kept, so it is `error` exactly as in grading."""
    from .assertions.regex import timeout_ms

    try:
        deadline = min(timeout_ms(spec.options), cap_ms)
    except SpecError:
        return spec
    # (`replace`'s copy, field by field: `replace` names every field to the class's call)
    return new_assertion_spec(
        spec.index, spec.name, spec.type, {**spec.options, "timeout_ms": deadline},
        spec.weight, spec.negate, spec.required, spec.min_score, spec.authored_type,
        spec.normalised_from, spec.problem, spec.line, spec.children,
    )  # fmt: skip


def _never(text: str) -> bool:
    """The verdict-only path of an assertion that is `error` whatever the text."""
    return False


def _graded_passes(spec: AssertionSpec, text: str, test: TestCase | None = None) -> bool:
    run = _bare_run(text) if test is None else RunData(test=test, response=text)
    return evaluate_one(spec, run).status is PASSED


def decide(spec: AssertionSpec, run: RunData | str) -> bool:
    """Whether `evaluate_one(spec, run).status is Status.PASSED`, without building the
    outcome where the type has a verdict-only path (the critique asks this of every decoy,
    SPEC §6.2). A bare text stands for a run with nothing but that response: pass the run
    itself for checks that read more of it (field-accuracy's expected_output)."""
    if isinstance(run, str):
        fast = decider(spec)
        return fast(run) if fast is not None else _graded_passes(spec, run)
    fast = decider(spec, run.test)
    if fast is not None:
        return fast(run.response)
    return evaluate_one(spec, run).status is PASSED


_BARE_TEST = TestCase(id="", suite="", assertions=(), threshold=1.0, threshold_source="")


def _bare_run(response: str) -> RunData:
    return RunData(test=_BARE_TEST, response=response)


def _run_check(spec: AssertionSpec, entry: Entry, run: RunData) -> Verdict:
    if "target_output_key" in spec.options:
        from .assertions import _output as output_key

        if not entry.output_key:
            raise SpecError(f"target_output_key is not supported on {spec.type}")
        try:
            selected = output_key.select(run.response, spec.options["target_output_key"])
        except output_key.MissingKey as missing:
            return Verdict(
                status=FAILED,
                score=0.0,
                text=f"Output has no key {spec.options['target_output_key']!r}",
                evidence=str(missing),
                negation_proof=True,
            )
        run = replace(run, response=selected)
    check = entry.inverse if (spec.negate and entry.inverse is not None) else entry.check
    return check(spec, run)


def _negated(spec: AssertionSpec, verdict: Verdict, run: RunData, entry: Entry) -> Outcome:
    """Invert pass and score of passed/failed only; error/skipped/pending stay as they are
    (and a type with an inverse rule ran its inverse check instead: its verdict stands).
    `entry`: the registry row of the negated `spec`."""
    before = verdict.status
    if verdict.negation_proof or entry.load_inverse is not None or before not in (PASSED, FAILED):
        return _outcome(spec, verdict)
    status = FAILED if before is PASSED else PASSED
    score = verdict.score
    if score is not None:
        score = 1.0 - score
        if not 0.0 <= score <= 1.0:  # (the usual score needs no clamping, nor its calls)
            score = min(1.0, max(0.0, score))
    evidence = verdict.evidence
    if status is PASSED and run.response == "" and entry.output_key:
        evidence = f"{VACUOUS}; {evidence}" if evidence else VACUOUS
    checks = verdict.checks
    if checks:
        checks = tuple(replace(c, passed=not c.passed) for c in checks)
    # (The flipped verdict's fields go straight into the outcome: no verdict copy.)
    return _made(spec, status, score, verdict.text, evidence, checks, verdict)


def _outcome(spec: AssertionSpec, verdict: Verdict) -> Outcome:
    return _made(
        spec, verdict.status, verdict.score, verdict.text, verdict.evidence, verdict.checks, verdict
    )


def _made(
    spec: AssertionSpec,
    status: Status,
    score: float | None,
    text: str,
    evidence: str,
    checks: tuple[CheckItem, ...],
    verdict: Verdict,
) -> Outcome:
    """The outcome of `spec` with these fields and the verdict's details and children."""
    details = verdict.details  # never changed after it is made: shared, not copied
    if spec.normalised_from is not None:
        details = {**details, "normalised_from": spec.normalised_from}
    return new_outcome(spec, status, score, text, evidence, checks, details, verdict.children)


def _error(spec: AssertionSpec, run: RunData, message: str) -> Outcome:
    where = f"test '{run.test.id}', assertion '{spec.name}'"
    if spec.line is not None:
        where += f" (line {spec.line})"
    text = f"{where}: {message}"
    return _outcome(spec, Verdict(status=ERROR, score=0.0, text=text, evidence=message))
