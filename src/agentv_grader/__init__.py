"""agentv-grade: grade AgentV eval results deterministically, with AgentV's semantics."""

from __future__ import annotations

__version__ = "0.1.0"

from .api import grade_test  # noqa: E402
from .errors import GradeInputError  # noqa: E402
from .report import Report  # noqa: E402

__all__ = ["GradeInputError", "Report", "grade_test", "__version__"]
