"""`GradeOptions` (options.py): the run's choices, checked once wherever they come from."""

from __future__ import annotations

from pathlib import Path

import pytest

from agentv_grader.errors import GradeInputError
from agentv_grader.layout import LAYOUT_CHOICES
from agentv_grader.options import GradeOptions
from agentv_grader.record import FrozenInstanceError
from tests.helpers import cli, write_suite


@pytest.mark.parametrize("threshold", [0.0, 0.5, 1.0, None])
def test_a_threshold_in_0_to_1_is_kept(threshold: float | None) -> None:
    assert GradeOptions(threshold=threshold).threshold == threshold


@pytest.mark.parametrize("threshold", [-0.1, 1.5, float("nan"), float("inf")])
def test_a_threshold_outside_0_to_1_is_refused(threshold: float) -> None:
    with pytest.raises(GradeInputError, match=r"--threshold must be in 0\.\.1"):
        GradeOptions(threshold=threshold)


def test_an_unknown_layout_is_refused_naming_the_choices() -> None:
    assert LAYOUT_CHOICES == ("auto", "v4", "head", "none")
    with pytest.raises(GradeInputError) as refused:
        GradeOptions(layout="v9")
    assert refused.value.hint == "auto, v4, head or none"
    for layout in LAYOUT_CHOICES:
        assert GradeOptions(layout=layout).layout == layout


def test_options_are_frozen() -> None:
    with pytest.raises(FrozenInstanceError):
        GradeOptions().critique = False  # type: ignore[misc]


@pytest.mark.parametrize("mode", [["--test-id", "t"], []])
def test_both_modes_refuse_a_threshold_alike(tmp_path: Path, mode: list[str]) -> None:
    """Single-test and batch mode both go through `GradeOptions`: one check, one message."""
    eval_path, bench = write_suite(
        tmp_path,
        "tests:\n  - id: t\n    assertions: [{type: contains, value: P}]\n",
        {"t": "P"},
    )
    args = ["--eval-path", str(eval_path), "--bench-dir", str(bench), "--threshold", "1.5"]
    code, _, err = cli(*args, *mode)
    assert code == 2
    assert err == "agentv-grade: error: --threshold must be in 0..1, got 1.5\n"
