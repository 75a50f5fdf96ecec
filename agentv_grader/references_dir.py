"""Where the grader agent's references are: `references/` of the source tree, shipped in the
wheel as `agentv_grader/references/` (pyproject maps the one onto the other)."""

from __future__ import annotations

from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent


def reference_path(name: str) -> Path:
    """The shipped reference `name` (for example "grader-instructions.md").

    An installed wheel holds it inside the package; a source checkout or an editable install
    has it at the top of the tree, beside the package.
    """
    for folder in (_PACKAGE / "references", _PACKAGE.parent / "references"):
        path = folder / name
        if path.is_file():
            return path
    raise FileNotFoundError(f"agentv-grade reference {name!r} is not installed")
