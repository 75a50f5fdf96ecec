"""Generated docs stay in step with the code (llm's `cog --check` habit)."""

from __future__ import annotations

import ast
import importlib.util
import io
import re
import tokenize
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


# --- the docs and the source cite only what is in the repository ----------------------------
# docs/SPEC.md once pointed at ../reference/, ../seeds/ and ../conformance/ beside the checkout,
# and the source cited sections of the semantics notes kept there. What they cite now lives in
# docs/ (docs/agentv-semantics.md, docs/sources.md) and tests/data/.

SEMANTICS = ROOT / "docs" / "agentv-semantics.md"
_SECTIONS = r"((?:§\d+(?:\.\d+)*[a-z]?(?:\s*(?:,|–|-|and)\s*)?)+)"
_SPEC_CITE = re.compile(r"\bSPEC(?:\.md)?`?,?\s*" + _SECTIONS)
_SEMANTICS_CITE = re.compile(r"([\w./-]*)agentv-semantics(?:\.md)?`?\s*" + _SECTIONS + "?")
_PARENT_PATH = re.compile(r"(?<![\w.])\.\./[\w.<>/-]*")
_MACHINE_PATH = re.compile(r"(?<![\w.])/(?:work|home|Users|mnt|dev/shm|tmp)/[\w./-]*")


def _headings(path: Path) -> set[str]:
    """The section numbers of a markdown file: `## 6. Outputs` → 6, `### 6.1 …` → 6.1."""
    text = path.read_text(encoding="utf-8")
    numbers = set(re.findall(r"^#{2,4} (\d+(?:\.\d+)*)[.\s]", text, re.MULTILINE))
    numbers |= set(re.findall(r"^\*\*(\d+\.\d+[a-z]?) ", text, re.MULTILINE))  # **14.2 Tests.**
    return numbers


def _cited(sections: str) -> list[str]:
    return [s.rstrip(".") for s in re.findall(r"§(\d+(?:\.\d+)*[a-z]?)", sections)]


def _prose_of(path: Path) -> str:
    """What a Python file says to people: its comments and docstrings, one per line."""
    source = path.read_text(encoding="utf-8")
    parts = [tok.string for tok in tokenize.generate_tokens(io.StringIO(source).readline)
             if tok.type == tokenize.COMMENT]  # fmt: skip
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            doc = ast.get_docstring(node, clean=False)
            if doc:
                parts.append(doc)
    return "\n".join(parts)


def _documents(*folders: str) -> dict[Path, str]:
    """docs/*.md, and the prose of the Python files under `folders`."""
    docs = {p: p.read_text(encoding="utf-8") for p in sorted((ROOT / "docs").glob("*.md"))}
    for folder in folders:
        for path in sorted((ROOT / folder).rglob("*.py")):
            docs[path] = _prose_of(path)
    return docs


def test_docs_and_source_cite_no_path_outside_the_repository() -> None:
    problems = []
    for path, text in _documents("agentv_grader", "scripts").items():
        for match in _PARENT_PATH.finditer(text):
            target = (path.parent / match.group(0)).resolve()
            if path.suffix == ".py" or not target.is_relative_to(ROOT) or not target.exists():
                problems.append(f"{path.relative_to(ROOT)}: {match.group(0)}")
        problems += [
            f"{path.relative_to(ROOT)}: {m.group(0)}" for m in _MACHINE_PATH.finditer(text)
        ]
    assert not problems, "cite the copy in docs/ (or tests/data/) instead:\n" + "\n".join(problems)


def test_cited_spec_and_semantics_sections_exist() -> None:
    spec_sections, semantics_sections = _headings(ROOT / "docs" / "SPEC.md"), _headings(SEMANTICS)
    assert {"2", "5.1", "6.3", "8"} <= spec_sections and {"3", "14.2"} <= semantics_sections
    problems = []
    for path, text in _documents("agentv_grader", "scripts", "tests").items():
        where = path.relative_to(ROOT)
        for match in _SPEC_CITE.finditer(text):
            problems += [f"{where}: SPEC §{s}" for s in _cited(match.group(1))
                         if s not in spec_sections]  # fmt: skip
        if path == SEMANTICS:
            continue
        for match in _SEMANTICS_CITE.finditer(text):
            if not match.group(1).endswith("docs/"):
                problems.append(f"{where}: cite it as docs/agentv-semantics.md: {match.group(0)!r}")
            problems += [f"{where}: agentv-semantics §{s}" for s in _cited(match.group(2) or "")
                         if s not in semantics_sections]  # fmt: skip
    spec_text = _SEMANTICS_CITE.sub("", (ROOT / "docs" / "SPEC.md").read_text(encoding="utf-8"))
    problems += [f"docs/SPEC.md: §{s}" for s in _cited(spec_text) if s not in spec_sections]
    assert not problems, "\n".join(problems)
