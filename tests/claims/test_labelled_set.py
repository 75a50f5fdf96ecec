"""The claims checker against the labelled set (issue 21): runs written by hand, each claim
labelled by reading its transcript. Precision first: a verdict on a sentence no label
covers counts as a wrong verdict."""

from __future__ import annotations

import collections
import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.claims.labelled import (
    BLIND,
    BLIND2,
    BLIND3,
    BLIND4,
    BLIND5,
    BLIND6,
    BLIND7,
    BLIND8,
    BLIND9,
    BLIND10,
    BLIND11,
    BLIND12,
    BLIND13,
    BLIND14,
    BLIND15,
    BLIND16,
    BLIND17,
    BLIND18,
    BLIND19,
    BLIND20,
    BLIND21,
    BLIND22,
    BLIND23,
    BLIND24,
    BLIND25,
    BLIND26,
    BLIND27,
    BLIND28,
    BLIND29,
    BLIND30,
    BLIND31,
    BLIND32,
    BLIND33,
    BLIND34,
    BLIND35,
    BLIND36,
    BLIND37,
    BLIND38,
    BLIND39,
    BLIND40,
    BLIND41,
    BLIND42,
    BLIND43,
    BLIND44,
    BLIND45,
    BLIND46,
    BLIND47,
    BLIND48,
    BLIND49,
    BLIND50,
    BLIND51,
    BLIND52,
    BLIND53,
    BLIND54,
    BLIND55,
    BLIND56,
    BLIND57,
    BLIND58,
    BLIND59,
    BLIND60,
    BLIND61,
    BLIND62,
    BLIND63,
    BLIND64,
    BLIND65,
    BLIND66,
    BLIND67,
    BLIND68,
    BLIND69,
    BLIND70,
    BLIND71,
    BLIND72,
    BLIND73,
    BLIND74,
    BLIND75,
    BLIND76,
    BLIND77,
    BLIND78,
    BLIND79,
    BLIND80,
    BLIND81,
    BLIND82,
    BLIND83,
    BLIND84,
    BLIND85,
    BLIND86,
    BLIND87,
    BLIND88,
    BLIND89,
    BLIND90,
    BLIND91,
    BLIND92,
    BLIND93,
    BLIND94,
    BLIND95,
    BLIND96,
    BLIND97,
    BLIND98,
    BLIND99,
    BLIND100,
    BLIND101,
    BLIND102,
    BLIND103,
    BLIND104,
    BLIND105,
    BLIND106,
    BLIND107,
    BLIND108,
    BLIND109,
    BLIND110,
    BLIND111,
    BLIND112,
    HELDOUT,
    RUNS,
    SETS,
    Run,
    load_all,
    metrics,
)

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def runs() -> list[Run]:
    return load_all()


def test_the_set_is_as_large_and_varied_as_issue_21_asks(runs: list[Run]) -> None:
    labels = [label for run in runs for label in run.labels]
    statuses = collections.Counter(label.status for label in labels)
    kinds = collections.Counter(label.kind for label in labels)
    shapes = collections.Counter(
        json.loads((RUNS / run.id / "labels.json").read_text())["shape"] for run in runs
    )
    assert len(runs) >= 40
    assert len(labels) >= 180
    assert statuses["contradicted"] >= 40 and statuses["verified"] >= 50
    assert statuses["unverifiable"] >= 20  # hedges, negations, numbers from the task
    assert set(kinds) == {"process", "factual", "file", "quality"}
    assert set(shapes) == {"raw", "normalised", "openai", "claude"}


def test_the_held_out_set_is_as_large_as_its_brief_asks() -> None:
    """The second engineer's set (tests/data/claims/heldout): at least 20 runs, 90 claims,
    20 contradicted and 25 verified, in every transcript shape and both variant spellings."""
    held_out = load_all(HELDOUT)
    labels = [label for run in held_out for label in run.labels]
    statuses = collections.Counter(label.status for label in labels)
    shapes = {json.loads((HELDOUT / r.id / "labels.json").read_text())["shape"] for r in held_out}
    assert not {r.id for r in held_out} & {d.name for d in RUNS.iterdir()}
    assert len(held_out) >= 20 and len(labels) >= 90
    assert statuses["contradicted"] >= 20 and statuses["verified"] >= 25
    assert shapes == {"raw", "raw-list", "normalised", "openai", "openai-wrapped", "claude"}


_BLIND_SETS = SETS[SETS.index(BLIND) :]  # every blind set, in the order they were written


@pytest.mark.parametrize("root", _BLIND_SETS, ids=[root.parent.name for root in _BLIND_SETS])
def test_a_blind_set_is_as_large_as_its_brief_asks(root: Path) -> None:
    """Two engineers' runs per blind set (tests/data/claims/blind to blind14): at least 24
    runs, 150 claims, 40 contradicted and 50 verified, in every transcript shape, no id shared
    with an earlier set."""
    blind = load_all(root)
    labels = [label for run in blind for label in run.labels]
    statuses = collections.Counter(label.status for label in labels)
    shapes = {json.loads((root / r.id / "labels.json").read_text())["shape"] for r in blind}
    earlier = {d.name for other in SETS[: SETS.index(root)] for d in other.iterdir()}
    assert not {r.id for r in blind} & earlier
    assert len(blind) >= 24 and len(labels) >= 150
    assert statuses["contradicted"] >= 40 and statuses["verified"] >= 50
    assert shapes == {"raw", "raw-list", "normalised", "openai", "openai-wrapped", "claude"}


def test_the_rendered_runs_match_their_sources() -> None:
    """tests/data/claims/runs is written by scripts/build_claims_set.py from source/."""
    script = ROOT / "scripts" / "build_claims_set.py"
    done = subprocess.run([sys.executable, str(script), "--check"], capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr


# Issue 21's floors (precision of `contradicted`, its recall, precision of `verified`,
# checkable claims extracted), on each set alone. A blind set is held just under where its
# fixes left it, or, before any, where its first measurement found it (its README), so that
# a change losing ground there is seen. Raise them as the checker improves.
_ISSUE_FLOORS = (0.95, 0.8, 0.95, 0.8)
_FLOORS = {
    RUNS: _ISSUE_FLOORS,
    HELDOUT: _ISSUE_FLOORS,
    BLIND: (0.95, 0.92, 0.95, 0.95),
    BLIND2: (0.95, 0.45, 0.96, 0.93),
    BLIND3: (0.95, 0.25, 0.9, 0.83),
    BLIND4: (0.95, 0.25, 0.98, 0.84),
    BLIND5: (0.95, 0.19, 0.86, 0.89),
    BLIND6: (0.95, 0.26, 0.9, 0.84),
    BLIND7: (0.95, 0.44, 0.84, 0.89),
    BLIND8: (0.95, 0.75, 0.97, 0.84),
    BLIND9: (0.95, 0.63, 0.96, 0.87),
    BLIND10: (0.95, 0.25, 0.81, 0.91),
    BLIND11: (0.95, 0.3, 0.83, 0.89),
    BLIND12: (0.95, 0.22, 0.88, 0.88),
    BLIND13: (0.95, 0.33, 0.92, 0.91),
    BLIND14: (0.95, 0.27, 0.87, 0.89),
    BLIND15: (0.95, 0.33, 0.87, 0.87),
    BLIND16: (0.95, 0.22, 0.81, 0.88),
    BLIND17: (0.89, 0.28, 0.8, 0.92),
    BLIND18: (0.93, 0.42, 0.68, 0.99),
    BLIND19: (0.95, 0.39, 0.72, 0.98),
    BLIND20: (0.95, 0.29, 0.52, 0.98),
    BLIND21: (0.95, 0.37, 0.7, 0.95),
    BLIND22: (0.95, 0.33, 0.72, 0.98),
    BLIND23: (0.95, 0.35, 0.8, 0.97),
    BLIND24: (0.95, 0.33, 0.77, 0.97),
    BLIND25: (0.95, 0.38, 0.85, 0.99),
    BLIND26: (0.95, 0.3, 0.65, 0.95),
    BLIND27: (0.95, 0.4, 0.77, 0.97),
    BLIND28: (0.95, 0.35, 0.7, 0.97),
    BLIND29: (0.95, 0.33, 0.66, 0.99),
    BLIND30: (0.95, 0.58, 0.75, 0.98),
    BLIND31: (0.95, 0.4, 0.65, 0.99),
    BLIND32: (0.95, 0.38, 0.74, 0.97),
    BLIND33: (0.95, 0.52, 0.79, 0.97),
    BLIND34: (0.95, 0.45, 0.78, 0.95),
    BLIND35: (0.95, 0.54, 0.74, 0.97),
    BLIND36: (0.95, 0.33, 0.78, 0.98),
    BLIND37: (0.95, 0.34, 0.76, 0.99),
    BLIND38: (0.95, 0.32, 0.79, 0.94),
    BLIND39: (0.95, 0.2, 0.73, 0.97),
    BLIND40: (0.95, 0.23, 0.77, 0.93),
    BLIND41: (0.95, 0.22, 0.62, 0.95),
    BLIND42: (0.95, 0.26, 0.78, 0.98),
    BLIND43: (0.95, 0.28, 0.75, 0.96),
    BLIND44: (0.95, 0.16, 0.74, 0.95),
    BLIND45: (0.95, 0.17, 0.71, 0.96),
    BLIND46: (0.95, 0.26, 0.78, 0.93),
    BLIND47: (0.95, 0.21, 0.75, 0.94),
    BLIND48: (0.95, 0.27, 0.81, 0.94),
    BLIND49: (0.95, 0.14, 0.70, 0.94),
    BLIND50: (0.95, 0.2, 0.73, 0.93),
    BLIND51: (0.95, 0.13, 0.71, 0.96),
    BLIND52: (0.95, 0.17, 0.7, 0.9),
    BLIND53: (0.95, 0.2, 0.73, 0.94),
    BLIND54: (0.95, 0.2, 0.72, 0.96),
    BLIND55: (0.95, 0.21, 0.74, 0.97),
    BLIND56: (0.95, 0.23, 0.69, 0.95),
    BLIND57: (0.95, 0.11, 0.65, 0.95),
    BLIND58: (0.95, 0.17, 0.67, 0.93),
    BLIND59: (0.95, 0.12, 0.69, 0.97),
    BLIND60: (0.95, 0.19, 0.8, 0.97),
    BLIND61: (0.95, 0.3, 0.51, 0.95),
    BLIND62: (0.95, 0.17, 0.85, 0.93),
    BLIND63: (0.95, 0.15, 0.79, 0.93),
    BLIND64: (0.95, 0.18, 0.7, 0.9),
    BLIND65: (0.95, 0.25, 0.91, 0.9),
    BLIND66: (0.95, 0.19, 0.9, 0.92),
    BLIND67: (0.95, 0.2, 0.83, 0.91),
    BLIND68: (0.95, 0.18, 0.89, 0.93),
    BLIND69: (0.95, 0.2, 0.87, 0.86),
    BLIND70: (0.95, 0.16, 0.84, 0.93),
    BLIND71: (0.95, 0.21, 0.86, 0.92),
    BLIND72: (0.95, 0.18, 0.87, 0.9),
    BLIND73: (0.95, 0.17, 0.87, 0.87),
    BLIND74: (0.95, 0.21, 0.88, 0.91),
    BLIND75: (0.95, 0.21, 0.82, 0.92),
    BLIND76: (0.95, 0.19, 0.88, 0.94),
    BLIND77: (0.95, 0.19, 0.79, 0.89),
    BLIND78: (0.95, 0.22, 0.86, 0.88),
    BLIND79: (0.95, 0.22, 0.86, 0.92),
    BLIND80: (0.95, 0.14, 0.89, 0.9),
    BLIND81: (0.95, 0.15, 0.85, 0.91),
    BLIND82: (0.95, 0.14, 0.91, 0.9),
    BLIND83: (0.95, 0.16, 0.9, 0.92),
    BLIND84: (0.95, 0.14, 0.88, 0.93),
    BLIND85: (0.95, 0.1, 0.83, 0.91),
    BLIND86: (0.95, 0.22, 0.83, 0.95),
    BLIND87: (0.95, 0.24, 0.82, 0.9),
    BLIND88: (0.95, 0.16, 0.92, 0.91),
    BLIND89: (0.95, 0.18, 0.83, 0.89),
    BLIND90: (0.95, 0.19, 0.91, 0.89),
    BLIND91: (0.95, 0.2, 0.9, 0.93),
    BLIND92: (0.95, 0.2, 0.93, 0.94),
    BLIND93: (0.95, 0.22, 0.94, 0.9),
    BLIND94: (0.95, 0.2, 0.8, 0.91),
    BLIND95: (0.95, 0.15, 0.85, 0.83),
    BLIND96: (0.95, 0.18, 0.86, 0.8),
    BLIND97: (0.95, 0.16, 0.92, 0.85),
    BLIND98: (0.95, 0.16, 0.88, 0.8),
    BLIND99: (0.95, 0.17, 0.86, 0.85),
    BLIND100: (0.95, 0.12, 0.83, 0.82),
    BLIND101: (0.95, 0.12, 0.88, 0.88),
    BLIND102: (0.95, 0.16, 0.89, 0.83),
    BLIND103: (0.95, 0.21, 0.86, 0.88),
    BLIND104: (0.95, 0.13, 0.91, 0.77),
    BLIND105: (0.95, 0.15, 0.91, 0.85),
    BLIND106: (0.95, 0.17, 0.87, 0.84),
    BLIND107: (0.95, 0.24, 0.87, 0.83),
    BLIND108: (0.95, 0.07, 0.87, 0.81),
    BLIND109: (0.95, 0.23, 0.88, 0.83),
    BLIND110: (0.95, 0.14, 0.85, 0.83),
    BLIND111: (0.95, 0.2, 0.84, 0.81),
    BLIND112: (0.95, 0.17, 0.92, 0.87),
}


@pytest.mark.parametrize(
    "root",
    list(_FLOORS),
    ids=[{RUNS: "original", HELDOUT: "held-out"}.get(root, root.parent.name) for root in _FLOORS],
)
def test_precision_and_recall_on_the_labelled_set(root: Path) -> None:
    """The held-out and blind sets were labelled blind; their figures before any fix are
    in their READMEs (tests/data/claims/heldout, tests/data/claims/blind)."""
    measured = metrics(load_all(root))
    report = "\n".join(["wrong:", *measured.wrong, "missed:", *measured.missed])
    precision, recall, verified, extracted = _FLOORS[root]
    assert measured.contradicted_precision >= precision, report
    assert measured.contradicted_recall >= recall, report
    assert measured.verified_precision >= verified, report
    assert measured.extracted >= extracted, report


def test_every_claim_has_a_1_based_position_and_evidence(runs: list[Run]) -> None:
    for run in runs:
        lines = run.response.split("\n")
        for claim in run.claims:
            assert claim.line >= 1 and claim.col >= 1
            assert lines[claim.line - 1][claim.col - 1 :].startswith(claim.text.split()[0])
            assert claim.evidence
            if claim.status != "unverifiable":  # names the call, the figure or the absence
                named = ("message " in claim.evidence, "timing.json" in claim.evidence)
                absent = any(w in claim.evidence for w in ("no tool call", "no call"))
                assert any(named) or absent, claim
