"""The one way the AgentV round-trip tests run agentv-grade (`run_agentv_grade` in
conftest.py): a real subprocess whose verdict exits (0, 1) come back, and whose bad-input
or crash exits fail the calling test with the command and its output. Needs no AgentV."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.integration.conftest import AgentvGradeRunner
from tests.report_runs import EXAMPLE


def test_a_verdict_exit_comes_back_with_the_output(
    run_agentv_grade: AgentvGradeRunner, tmp_path: Path
) -> None:
    shutil.copytree(EXAMPLE, tmp_path / "example")
    proc = run_agentv_grade(
        "--eval-path", "capital.eval.yaml", "--test-id", "berlin",
        "--bench-dir", "run/capital", cwd=tmp_path / "example",
    )  # fmt: skip
    assert proc.returncode == 1  # berlin fails
    assert proc.stdout.startswith("FAIL berlin score=0.000")


def test_bad_input_fails_the_test_with_the_command_and_its_message(
    run_agentv_grade: AgentvGradeRunner, tmp_path: Path
) -> None:
    with pytest.raises(pytest.fail.Exception) as failed:
        run_agentv_grade("--eval-path", "nope.yaml", "--test-id", "t", cwd=tmp_path)
    message = str(failed.value)
    assert message.startswith("`agentv-grade --eval-path nope.yaml --test-id t` exited 2")
    assert "nope.yaml: eval file not found" in message
