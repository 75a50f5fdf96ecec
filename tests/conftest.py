"""Shared fixtures: paths to the project's own test data (tests never read ../shared)."""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "tests" / "data"


@pytest.fixture
def data_dir() -> Path:
    return DATA
