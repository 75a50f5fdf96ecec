"""The assertion registry: one table from canonical type to its check (STYLE §1).

A check is a plain function `(AssertionSpec, RunData) -> Verdict` with no I/O and no
knowledge of negation, weights or status: those live in `engine.py`. Add a type by
writing its function in the family module and one row here (see AGENTS.md).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..model import AssertionSpec, RunData, Verdict
from . import (
    fields,
    groups,
    json,
    llm,
    metrics,
    regex,
    scripts,
    services,
    skills,
    text,
    tool_trajectory,
    trajectory,
)
from . import transcript as vally

Check = Callable[[AssertionSpec, RunData], Verdict]


@dataclass(frozen=True, slots=True)
class Entry:
    """How the engine runs one type.

    `output_key`: accepts `target_output_key` (SPEC §4.2). `inverse`: the check to run
    instead of inverting the verdict (AgentV's inverse rule for tools and skills, §5.5).
    """

    check: Check
    family: str
    output_key: bool = False
    inverse: Check | None = None


REGISTRY: dict[str, Entry] = {
    "contains": Entry(text.contains, "text", output_key=True),
    "contains-any": Entry(text.contains_any, "text", output_key=True),
    "contains-all": Entry(text.contains_all, "text", output_key=True),
    "icontains": Entry(text.icontains, "text", output_key=True),
    "icontains-any": Entry(text.icontains_any, "text", output_key=True),
    "icontains-all": Entry(text.icontains_all, "text", output_key=True),
    "equals": Entry(text.equals, "text", output_key=True),
    "starts-with": Entry(text.starts_with, "text", output_key=True),
    "ends-with": Entry(text.ends_with, "text", output_key=True),
    "regex": Entry(regex.regex, "regex", output_key=True),
    "is-json": Entry(json.is_json, "json", output_key=True),
    # Transcript-wide and output-only checks (SPEC §5.2).
    "transcript-contains": Entry(vally.transcript_contains, "transcript"),
    "transcript-matches": Entry(vally.transcript_matches, "transcript"),
    "output-contains": Entry(vally.output_contains, "text", output_key=True),
    "output-matches": Entry(vally.output_matches, "regex", output_key=True),
    # Structured data (SPEC §5.3) and metrics (SPEC §5.4).
    "field-accuracy": Entry(fields.field_accuracy, "structured"),
    "latency": Entry(metrics.latency, "metric"),
    "cost": Entry(metrics.cost, "metric"),
    "token-usage": Entry(metrics.token_usage, "metric"),
    "execution-metrics": Entry(metrics.execution_metrics, "metric"),
    # Tools and skills (SPEC §5.5): negation is AgentV's inverse rule.
    "trajectory:tool-used": Entry(
        trajectory.tool_used, "trajectory", inverse=trajectory.tool_used_inverse
    ),
    "trajectory:tool-sequence": Entry(
        trajectory.tool_sequence, "trajectory", inverse=trajectory.tool_sequence_inverse
    ),
    "trajectory:tool-args-match": Entry(
        trajectory.tool_args_match, "trajectory", inverse=trajectory.tool_args_match_inverse
    ),
    "trajectory:step-count": Entry(
        trajectory.step_count, "trajectory", inverse=trajectory.step_count_inverse
    ),
    "tool-trajectory": Entry(tool_trajectory.tool_trajectory, "trajectory"),
    "skill-used": Entry(skills.skill_used, "skill", inverse=skills.skill_used_inverse),
    # Groups, code graders and LLM-judged items (SPEC §5.6).
    "assert-set": Entry(groups.assert_set, "group"),
    "composite": Entry(groups.composite, "group"),
    "script": Entry(scripts.script, "script"),
    "python": Entry(scripts.python, "script"),
    "javascript": Entry(scripts.javascript, "script"),
    "llm-rubric": Entry(llm.llm_rubric, "llm"),
    "agent-rubric": Entry(llm.agent_rubric, "llm"),
    "trajectory:goal-success": Entry(llm.goal_success, "llm"),
    # Types that need a network service: skipped with the reason.
    "webhook": Entry(services.webhook, "service"),
    "similar": Entry(services.similar, "service"),
}
