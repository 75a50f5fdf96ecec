"""The assertion registry: one table from canonical type to its check (STYLE §1).

A check is a plain function `(AssertionSpec, RunData) -> Verdict` with no I/O and no
knowledge of negation, weights or status: those live in `engine.py`. Add a type by
writing its function in the family module and one row here (see AGENTS.md).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..model import AssertionSpec, RunData, Verdict
from . import json, regex, text

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
}
