"""A composite's `code-grader` aggregator as AgentV 4.42.4 runs it (SPEC §5.6).

`agentv pipeline input` writes no config for a composite, so a pipeline round trip never
runs one; these tests run AgentV 4.42.4's own `CompositeGrader` from the installed CLI's
bundle (tests/data/agentv_composite/run_composite.mjs) and agentv-grade on the same
aggregator `path`, members and folder, and compare. Where AgentV scores a failed run or
non-JSON output 0, agentv-grade reports `error` (SPEC §5.6 decides so for scripts).
"""

from __future__ import annotations

import json
import shlex
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from agentv_grader import engine
from agentv_grader.load.assertions import ListContext, build_one
from agentv_grader.model import Outcome, RunData, Status, TestCase

pytestmark = pytest.mark.agentv

RUNNER = Path(__file__).resolve().parents[1] / "data" / "agentv_composite" / "run_composite.mjs"
RESPONSE = "Paris is the capital of France."
AGGREGATOR = (
    "import json, os, sys\n"
    "results = json.load(sys.stdin)['results']\n"
    "score = sum(r['score'] for r in results.values()) / len(results)\n"
    "seen = ','.join(n + ':' + r['verdict'] + ':' + str(r['expectedAspectCount'])\n"
    "                for n, r in results.items())\n"
    "print(json.dumps({'score': score, 'assertions': [\n"
    "    {'text': seen + ' in ' + os.getcwd(), 'passed': score > 0.4}]}))\n"
)
PYTHON = shlex.quote(sys.executable)


@pytest.fixture(scope="module")
def composite_chunk(agentv_bin: Path) -> Path:
    """The bundle file of the installed CLI that exports AgentV's CompositeGrader."""
    dist = agentv_bin.resolve().parent
    for chunk in sorted(dist.glob("chunk-*.js")):
        text = chunk.read_text("utf-8", errors="replace")
        if "runCodeAggregator" in text and "CompositeGrader" in text:
            return chunk
    pytest.fail(f"no bundle in {dist} defines CompositeGrader.runCodeAggregator", pytrace=False)


def _agentv(chunk: Path, path: str, folder: Path) -> dict[str, Any]:
    proc = subprocess.run(
        ["node", str(RUNNER), chunk.as_uri(), path, str(folder)],
        capture_output=True, text=True, encoding="utf-8", timeout=60, check=False,
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr[-2000:]
    result: dict[str, Any] = json.loads(proc.stdout)
    return result


def _ours(path: str, folder: Path) -> Outcome:
    item = {
        "type": "composite",
        "name": "gate",
        "assertions": [
            {"name": "a", "type": "contains", "value": "Paris"},
            {"name": "b", "type": "contains", "value": "Berlin"},
        ],
        "aggregator": {"type": "code-grader", "path": path},
    }
    spec = build_one(item, ListContext(test_id="t", eval_dir=str(folder), variables={}), 0)
    case = TestCase(id="t", suite="s", assertions=(spec,), threshold=0.8, threshold_source="x")
    run = RunData(test=case, response=RESPONSE, eval_dir=str(folder))
    return engine.evaluate_one(spec, run)


@pytest.mark.parametrize(
    "path",
    [
        f"{PYTHON} agg.py",
        f"cat | {PYTHON} agg.py",
        """printf '{"score": 0.9, "verdict": "fail"}'""",
        """echo '{"score": 7}'""",
    ],
)
def test_aggregator_scores_as_agentv_4_42_4(
    composite_chunk: Path, tmp_path: Path, path: str
) -> None:
    (tmp_path / "agg.py").write_text(AGGREGATOR, "utf-8")
    theirs = _agentv(composite_chunk, path, tmp_path)
    ours = _ours(path, tmp_path)
    assert ours.status in (Status.PASSED, Status.FAILED), ours.text
    verdict = "pass" if ours.status is Status.PASSED else "fail"
    assert (ours.score, verdict) == (theirs["score"], theirs["verdict"])
    if theirs["assertions"]:  # the aggregator's own entries (cwd and stdin fields in them)
        assert [(c.text, c.passed) for c in ours.checks] == [
            (a["text"], a["passed"]) for a in theirs["assertions"]
        ]


@pytest.mark.parametrize(
    ("path", "agentv_text", "our_text"),
    [
        ("agg.py", "agg.py: not found", "agg.py: not found"),
        ("echo not json", None, "printed no JSON object"),
        ("exit 3", "exited with code 3", "exited with code 3"),
    ],
)
def test_aggregator_that_agentv_scores_zero_is_an_error_here(
    composite_chunk: Path, tmp_path: Path, path: str, agentv_text: str | None, our_text: str
) -> None:
    (tmp_path / "agg.py").write_text(AGGREGATOR, "utf-8")
    theirs = _agentv(composite_chunk, path, tmp_path)
    assert (theirs["score"], theirs["verdict"]) == (0, "fail")
    if agentv_text is None:
        assert theirs["assertions"] == []
    else:
        assert agentv_text in theirs["assertions"][0]["text"]
    ours = _ours(path, tmp_path)
    assert ours.status is Status.ERROR and our_text in ours.text
