"""Shared fixtures: paths to the project's own test data (tests never read ../shared)."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "tests" / "data"
sys.path.insert(0, str(ROOT / "src")) if os.environ.get("AGENTV_GRADE_SRC") else None


@pytest.fixture
def data_dir() -> Path:
    return DATA
