"""Our own corpus cases (`tests/data/cases/`), for the types the AgentV-computed corpus has
no case of, graded by the conformance runner against what their SPEC section says."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from .runner import close, grade_case

CASES = Path(__file__).resolve().parents[1] / "data" / "cases"


def _params() -> list[Any]:
    return [
        pytest.param(case, id=f"{path.name}:{case['id']}")
        for path in sorted(CASES.glob("*.json"))
        for case in json.loads(path.read_text("utf-8"))["cases"]
    ]


@pytest.mark.parametrize("case", _params())
def test_case(case: dict[str, Any], tmp_path: Path) -> None:
    assert str(case["spec"]).startswith("§")
    report = grade_case(case, tmp_path)
    item, wanted = report.data["assertions"][0], case["expected"]
    assert item["status"] == wanted["status"], item
    assert close(item["score"], wanted["score"]), item
    assert item["text"] == wanted["text"]
    assert report.data["verdict"] == wanted["test_verdict"]
