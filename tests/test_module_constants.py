"""Each module binds each of its names once at its top level: a second binding of a
pattern's name silently replaces the first for every function reading it (`_QUOTED` of
`claims/_actions.py` once held two patterns, the first never read)."""

from __future__ import annotations

import ast
from collections import Counter
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "agentv_grader"


def _bound_twice(source: str) -> list[str]:
    """The names a module's top-level assignments bind more than once."""
    bound: Counter[str] = Counter()
    for node in ast.parse(source).body:
        targets = node.targets if isinstance(node, ast.Assign) else []
        if isinstance(node, ast.AnnAssign):
            targets = [node.target]
        for target in targets:
            bound.update(n.id for n in ast.walk(target) if isinstance(n, ast.Name))
    return sorted(name for name, times in bound.items() if times > 1)


def test_a_second_binding_is_found() -> None:
    assert _bound_twice("A = 1\nB = 2\nA = 3\n") == ["A"]
    assert _bound_twice("A: int = 1\nB, C = 2, 3\n") == []


def test_no_module_binds_a_name_twice() -> None:
    twice = {
        str(path.relative_to(PACKAGE)): names
        for path in sorted(PACKAGE.rglob("*.py"))
        if (names := _bound_twice(path.read_text(encoding="utf-8")))
    }
    assert twice == {}
