"""The critique on evals written by other people (AgentV's examples, tests/data/critique/real).

The assertions were labelled weak / minor / fit by reading each eval before running the
critique; every finding is labelled useful / acceptable / noise after reading it (README.md
there). Asserted (issue 20): recall ≥ 0.9 on weak assertions, false-positive rate ≤ 0.1 on
fit ones (a medium or high finding on them), ≥ 90 % of high + medium findings useful or
acceptable, ≤ 25 % of low findings noise. The figures are printed (run with `-s`).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

import yaml

from agentv_grader.critique import Finding, critique_test
from agentv_grader.load.evalfile import load_suite

REAL = Path(__file__).resolve().parents[1] / "data" / "critique" / "real"
SERIOUS = ("high", "medium")


@dataclass(frozen=True)
class Found:
    """One finding on one eval file, with what identifies it among the labels."""

    file: str
    test: str
    finding: Finding

    @property
    def key(self) -> tuple[Any, ...]:
        f = self.finding
        about = _term(f) if f.rule == "uncovered-outcome" else None
        if about is None and f.index is None and f.assertion is not None:
            about = f.assertion  # an assertion inside a turn
        return (self.file, self.test, f.index, f.rule, about)


def _term(finding: Finding) -> str | None:
    head, _, rest = finding.reason.partition(' names "')
    return rest.rpartition('", and no assertion')[0] if rest else None


@lru_cache(maxsize=1)
def assertion_labels() -> dict[str, dict[str, list[list[Any]]]]:
    with open(REAL / "labels.yaml", encoding="utf-8") as handle:
        loaded: dict[str, dict[str, list[list[Any]]]] = yaml.safe_load(handle)
    return loaded


@lru_cache(maxsize=1)
def finding_labels() -> dict[tuple[Any, ...], tuple[str, str]]:
    with open(REAL / "findings.yaml", encoding="utf-8") as handle:
        rows = yaml.safe_load(handle)
    labels = {}
    for file, test, index, rule, _severity, about, label, reason in rows:
        labels[(file, test, index, rule, about)] = (label, reason)
    return labels


@lru_cache(maxsize=1)
def findings() -> tuple[Found, ...]:
    return tuple(_critique_all())


def _critique_all() -> Iterator[Found]:
    for file in assertion_labels():
        suite = load_suite(str(REAL / file))
        for test in suite.tests:
            for finding in critique_test(suite, test).suggestions:
                yield Found(file, test.id, finding)


def _labelled_assertions(kind: str) -> list[tuple[str, str, int]]:
    return [
        (file, test, row[0])
        for file, tests in assertion_labels().items()
        for test, rows in tests.items()
        for row in rows
        if row[1] == kind and isinstance(row[0], int)
    ]


def _serious_at(file: str, test: str, index: int | None) -> list[Found]:
    return [
        f
        for f in findings()
        if (f.file, f.test, f.finding.index) == (file, test, index)
        and f.finding.severity in SERIOUS
    ]


def test_the_set_is_big_and_varied() -> None:
    labels = assertion_labels()
    rows = [row for tests in labels.values() for rows in tests.values() for row in rows]
    assert len(labels) >= 25
    assert len(rows) >= 150
    assert {row[1] for row in rows} == {"weak", "minor", "fit"}
    assert all(isinstance(row[2], str) and row[2] for row in rows)  # a reason for each
    for file, tests in labels.items():  # every assertion of a labelled test has its label
        suite = load_suite(str(REAL / file))
        for test in suite.tests:
            indexes = [r[0] for r in tests[test.id] if isinstance(r[0], int)]
            assert indexes == [s.index for s in test.assertions], (file, test.id)


def test_recall_on_weak_assertions() -> None:
    weak = _labelled_assertions("weak")
    found = [w for w in weak if _serious_at(*w) or _serious_at(w[0], w[1], None)]
    recall = len(found) / len(weak)
    print(f"\nreal evals: recall on {len(weak)} weak assertions {recall:.3f}")
    assert recall >= 0.9, sorted(set(weak) - set(found))


def test_false_positives_on_fit_assertions() -> None:
    fit = _labelled_assertions("fit")
    flagged = [f for f in fit if _serious_at(*f)]
    rate = len(flagged) / len(fit)
    print(f"\nreal evals: {len(flagged)} of {len(fit)} fit assertions flagged ({rate:.3f})")
    assert rate <= 0.1, flagged


def test_every_finding_is_labelled_and_every_label_found() -> None:
    made = {f.key for f in findings()}
    labelled = set(finding_labels())
    assert not made - labelled, f"findings without a label: {sorted(made - labelled)}"
    assert not labelled - made, f"labels no finding matches: {sorted(labelled - made)}"


def test_serious_findings_are_useful_and_low_ones_quiet() -> None:
    labels = finding_labels()
    serious = [labels[f.key][0] for f in findings() if f.finding.severity in SERIOUS]
    low = [labels[f.key][0] for f in findings() if f.finding.severity == "low"]
    kept = sum(1 for label in serious if label in ("useful", "acceptable")) / len(serious)
    noise = sum(1 for label in low if label == "noise") / len(low)
    print(
        f"\nreal evals: {len(serious)} high+medium findings, {kept:.0%} useful or acceptable; "
        f"{len(low)} low findings, {noise:.0%} noise"
    )
    assert kept >= 0.9
    assert noise <= 0.25


def test_no_test_with_unanalysed_assertions_is_called_solid() -> None:
    for file in assertion_labels():
        suite = load_suite(str(REAL / file))
        for test in suite.tests:
            overall = critique_test(suite, test).overall
            judged = any(s.type == "llm-rubric" for s in test.assertions)
            if judged or test.turns:
                assert "not analysed:" in overall, (file, test.id, overall)
