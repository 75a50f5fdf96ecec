"""Shared fixtures: paths to the project's own test data (tests never read ../shared)."""

from __future__ import annotations

import os
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


# bun runs `.eval.ts` files and AgentV's custom `.ts` assertions (SPEC §3, §5.6).
BUN_VERSION = "1.4.5"


@pytest.fixture(scope="session")
def bun_bin() -> Path:
    """bun from npm (bun@1.4.5), installed into the test cache on first use."""
    from tests.npm_cache import npm_program

    return npm_program("bun", BUN_VERSION, "bun", alternative="put bun on PATH")


@pytest.fixture
def with_bun(bun_bin: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """PATH starts with the cached bun's folder for this test."""
    monkeypatch.setenv("PATH", f"{bun_bin.parent}{os.pathsep}{os.environ.get('PATH', '')}")
    return bun_bin


@pytest.fixture
def without_bun(monkeypatch: pytest.MonkeyPatch) -> None:
    """PATH without any folder holding a `bun` program, for this test."""
    kept = [
        folder
        for folder in os.environ.get("PATH", "").split(os.pathsep)
        if folder and not os.path.exists(os.path.join(folder, "bun"))
    ]
    monkeypatch.setenv("PATH", os.pathsep.join(kept))
