"""The `Flags:` / `Okay:` examples in every rule's docstring hold (STYLE §13)."""

from __future__ import annotations

import pytest

from agentv_grader.critique import RULES
from agentv_grader.critique.selftest import Example, check, examples, main

EXAMPLES = list(examples())


@pytest.mark.parametrize("example", EXAMPLES, ids=[f"{e.rule}-{i}" for i, e in enumerate(EXAMPLES)])
def test_docstring_example(example: Example) -> None:
    problem = check(example)
    assert problem is None, problem


@pytest.mark.parametrize("rule_id", sorted(RULES))
def test_every_rule_documents_both_kinds(rule_id: str) -> None:
    rule = RULES[rule_id]
    assert rule.check.__doc__ and rule.check.__doc__.strip().splitlines()[0]
    assert rule.severity in ("high", "medium", "low")
    mine = [e for e in EXAMPLES if e.rule == rule_id]
    assert any(e.flags for e in mine), f"{rule_id} has no Flags: example"
    assert any(not e.flags for e in mine), f"{rule_id} has no Okay: example"


def test_rule_ids_are_specs() -> None:
    assert list(RULES) == [
        "decoy-pass", "trivial", "answer-in-input", "negative-only", "unverifiable",
        "contradictory", "redundant", "runaway-regex", "uncovered-outcome", "near-miss",
        "vacuous-pass", "generic-needle", "format-only", "vacuous-negation", "zero-weight",
    ]  # fmt: skip
    severities = {k: r.severity for k, r in RULES.items()}
    assert severities == {
        "decoy-pass": "high", "trivial": "high", "answer-in-input": "medium",
        "negative-only": "medium", "unverifiable": "medium", "contradictory": "high",
        "redundant": "low", "runaway-regex": "high", "uncovered-outcome": "low",
        "near-miss": "low", "vacuous-pass": "medium", "generic-needle": "medium",
        "format-only": "medium", "vacuous-negation": "medium", "zero-weight": "low",
    }  # fmt: skip


def test_main_reports_no_failures(capsys: pytest.CaptureFixture[str]) -> None:
    assert main() == 0
    assert f"{len(EXAMPLES)} examples, 0 failed" in capsys.readouterr().out
