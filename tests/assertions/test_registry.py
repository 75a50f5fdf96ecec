"""The registry table (STYLE §1): one row per implemented type, all documented, all known."""

from __future__ import annotations

import subprocess
from pathlib import Path

from agentv_grader.assertions import REGISTRY
from agentv_grader.load.types import KNOWN_TYPES

PACKAGE = Path(__file__).resolve().parents[2] / "agentv_grader" / "assertions"


def test_every_registered_type_is_a_spec_type() -> None:
    assert set(REGISTRY) <= KNOWN_TYPES


def test_every_check_has_a_docstring() -> None:
    for name, entry in REGISTRY.items():
        assert entry.check.__doc__ and entry.check.__doc__.strip(), name
        if entry.inverse is not None:
            assert entry.inverse.__doc__ and entry.inverse.__doc__.strip(), name


def test_checks_never_handle_negation_themselves() -> None:
    found = subprocess.run(
        ["grep", "-rln", "negate", str(PACKAGE), "--include=*.py"],
        capture_output=True,
        text=True,
        check=False,
    ).stdout.split()
    assert found == []
