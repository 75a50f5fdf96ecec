"""The run's side files (timing, metrics, transcript) read in one call for `grading.py`.

Nothing here raises for a bad side file: an unusable file becomes a `*_problem` (the
assertions that need it are `error`) plus a warning for the report (SPEC §4.3, §4.4), so
one broken `timing.json` never stops the grading of the rest.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

from ..record import Record

if TYPE_CHECKING:
    from .records import Timing, Transcript


class SideFiles(Record):
    """What `RunData` needs from the side files, and the warnings for the report."""

    timing: Timing | None = None
    timing_problem: str | None = None
    transcript: Transcript | None = None
    transcript_problem: str | None = None
    warnings: tuple[str, ...] = ()


NO_SIDE_FILES = SideFiles()  # no side file given (a record is frozen: one serves all)


def read_side_files(
    timing_file: str | None,
    transcript_file: str | None,
    metrics_file: str | None,
    test_input: str,
) -> SideFiles:
    """Read every side file that is given.

    Args:
        timing_file: `timing.json` (or any file in its shapes); None when there is none.
        transcript_file: the transcript in any shape of SPEC §4.4; None when there is none.
        metrics_file: AgentV's `metrics.json` beside the response; read only when it
            exists, and only for the figures the timing file lacks.
        test_input: the test's input text, put first when the transcript does not start
            the conversation (AgentV's rule).
    """
    if timing_file is None and transcript_file is None and metrics_file is None:
        return NO_SIDE_FILES  # (a batch's usual test: no record made for nothing)
    # Each reader is imported only when it has a file to read (cold start, SPEC §8).
    timing: Timing | None = None
    timing_problem: str | None = None
    timing_warnings: list[str] = []
    if timing_file is not None or (metrics_file is not None and os.path.exists(metrics_file)):
        from .timing import read_timing

        timing, timing_problem, timing_warnings = read_timing(timing_file, metrics_file)
    transcript: Transcript | None = None
    transcript_problem: str | None = None
    transcript_warnings: list[str] = []
    if transcript_file is not None:
        from .transcript import read_transcript

        transcript, transcript_problem, transcript_warnings = read_transcript(
            transcript_file, test_input
        )
    return SideFiles(
        timing=timing,
        timing_problem=timing_problem,
        transcript=transcript,
        transcript_problem=transcript_problem,
        warnings=tuple(timing_warnings + transcript_warnings),
    )
