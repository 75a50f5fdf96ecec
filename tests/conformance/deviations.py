"""Where agentv-grade answers differently from AgentV on purpose, each with its SPEC section.

Each entry states what agentv-grade does instead, and the conformance test asserts it.
"""

from __future__ import annotations

from typing import Any

DEVIATIONS: dict[str, dict[str, Any]] = {}

# Cases whose family is not implemented yet (each names its issue).
NOT_YET: dict[str, str] = {}
