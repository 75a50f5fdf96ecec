"""agentv-grade: grade AgentV eval results deterministically, with AgentV's semantics."""

from __future__ import annotations

__version__ = "0.1.0"

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .batch_run import grade_batch
    from .errors import GradeInputError
    from .grading import grade_test
    from .report import Report

__all__ = ["GradeInputError", "Report", "grade_batch", "grade_test", "__version__"]

# The public names are imported on first use: `python -m agentv_grader` imports this
# package before the command line is parsed, and the command line starts reading a large
# response before it imports the grader (SPEC §8, "Reading a large response ahead").
_LAZY = {
    "grade_test": ".grading",
    "grade_batch": ".batch_run",
    "GradeInputError": ".errors",
    "Report": ".report",
}


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    import importlib

    value = getattr(importlib.import_module(module, __name__), name)
    globals()[name] = value
    return value
