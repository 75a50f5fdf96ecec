"""Shared fixtures: paths to the project's own test data (tests never read ../shared)."""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "tests" / "data"


@pytest.fixture
def data_dir() -> Path:
    return DATA


@pytest.fixture(scope="session")
def big_graded_run(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A generated run of 2,000 tests, graded once per session (report page tests)."""
    from tests.report_runs import graded_big_run

    return graded_big_run(tmp_path_factory.mktemp("big-run"))
