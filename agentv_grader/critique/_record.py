"""`Record` for the critique's own records: the package's (`agentv_grader.record`)."""

from __future__ import annotations

from ..record import FrozenInstanceError, Record

__all__ = ["FrozenInstanceError", "Record"]
