"""`claims-consistent`: the response's claims agree with the run (SPEC §5.9).

The claims checker (`agentv_grader.claims`) never changes a score by itself; an eval opts
in with this type. It passes when no claim is contradicted by the transcript, and scores
1 − contradicted / checkable (checkable: verified + contradicted; 1 when nothing is
checkable). Without a transcript it is skipped, as every transcript type is (§5.5).
"""

from __future__ import annotations

from ..model import AssertionSpec, CheckItem, RunData, Status, Verdict
from ._steps import NO_TRANSCRIPT, transcript_or_none

_PASS = "No claim in the response is contradicted by the run"
_FAIL = "{n} claim(s) in the response contradicted by the run"


def claims_consistent(spec: AssertionSpec, run: RunData) -> Verdict:
    """Passes when no claim of the response is contradicted by the transcript; score
    1 − contradicted / checkable (§5.9). A quality judgement or a hedge is never checked."""
    transcript = transcript_or_none(run)
    if transcript is None:
        return Verdict.skipped(NO_TRANSCRIPT)
    from ..claims import counts

    claims = run.claims()  # checked once per run, shared with grading's claims.json
    assert claims is not None  # there is a transcript
    tally = counts(claims)
    contradicted = [c for c in claims if c.status == "contradicted"]
    checks = tuple(
        CheckItem(f"{c.line}:{c.col} {c.text}", c.status == "verified", c.evidence)
        for c in claims
        if c.status != "unverifiable"
    )
    score = 1.0 - len(contradicted) / tally["checkable"] if tally["checkable"] else 1.0
    summary = (
        f"{tally['total']} claim(s): {tally['verified']} verified, "
        f"{tally['contradicted']} contradicted, {tally['unverifiable']} unverifiable"
    )
    if contradicted:
        first = contradicted[0]
        evidence = (
            f"{summary}; first at {first.line}:{first.col}: {first.text!r} ({first.evidence})"
        )
    else:
        evidence = summary
    return Verdict(
        status=Status.FAILED if contradicted else Status.PASSED,
        score=score,
        text=_FAIL.format(n=len(contradicted)) if contradicted else _PASS,
        evidence=evidence,
        checks=checks,
        details={"claims": tally},
    )
