"""Generated docs stay in step with the code (llm's `cog --check` habit)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _load(name: str):  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location(name, ROOT / "scripts" / f"{name}.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_cli_doc_matches_help() -> None:
    module = _load("gen_cli_docs")
    assert (ROOT / "docs" / "cli.md").read_text(encoding="utf-8") == module.render(), (
        "docs/cli.md is stale: run python scripts/gen_cli_docs.py"
    )
