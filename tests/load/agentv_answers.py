"""Compare a loaded suite with AgentV's own answer (scripts/agentv_expected.py wrote it)."""

from __future__ import annotations

from typing import Any

from agentv_grader.model import AssertionSpec, Suite


def agentv_type(spec: AssertionSpec) -> str:
    """The type name AgentV gives the same assertion.

    A custom type (`.agentv/assertions/<t>.*`) keeps its own name there; AgentV keeps
    `not-skill-used` (v4's `skill-trigger` with `should_trigger: false`) as a type of its own.
    """
    if spec.options.get("custom_type"):
        return str(spec.options["custom_type"])
    if spec.type == "skill-used" and spec.negate:
        return "not-skill-used"
    return spec.type


def loaded_summary(suite: Suite) -> dict[str, Any]:
    """The suite as AgentV's answer records it: its name, each test's id and types."""
    return {
        # AgentV's answer names the suite of its first test (an imported suite's tests
        # keep their own suite's name)
        "suite": suite.tests[0].suite if suite.tests else suite.name,
        "tests": [
            {"id": test.id, "types": [agentv_type(a) for a in test.assertions]}
            for test in suite.tests
        ],
    }


def expected_summary(answer: dict[str, Any]) -> dict[str, Any]:
    return {"suite": answer["suite"], "tests": answer["tests"]}
