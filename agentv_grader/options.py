"""The choices a grading run is made with, checked once, wherever they come from (the
command line or a library call)."""

from __future__ import annotations

from .errors import GradeInputError
from .layout import LAYOUT_CHOICES
from .record import Record


class GradeOptions(Record):
    """How every test of a run is graded.

    `threshold`: overrides each test's own pass threshold (0..1). `layout`: which AgentV
    merge files to write (`LAYOUT_CHOICES`; `auto` finds out from the bench dir).
    `critique`: write the eval critique beside the report.

    Raises:
        GradeInputError: a threshold outside 0..1 or an unknown layout.
    """

    threshold: float | None = None
    layout: str = "auto"
    critique: bool = True

    def __post_init__(self) -> None:
        if self.threshold is not None and not 0 <= self.threshold <= 1:
            raise GradeInputError(f"--threshold must be in 0..1, got {self.threshold}")
        if self.layout not in LAYOUT_CHOICES:
            choices = ", ".join(LAYOUT_CHOICES[:-1]) + f" or {LAYOUT_CHOICES[-1]}"
            raise GradeInputError(f"unknown AgentV layout {self.layout!r}", hint=choices)
