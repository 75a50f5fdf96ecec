"""Generated docs stay in step with the code (llm's `cog --check` habit)."""

from __future__ import annotations

import ast
import importlib.util
import io
import re
import shlex
import shutil
import subprocess
import sys
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
# Not a citation: the value a batch-graded test's report gives as `critique.path` (§6.1).
_VALUES = {"../eval_critique.json"}
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
            if match.group(0) in _VALUES and path.suffix == ".md":
                continue
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


# --- README: short, and everything it names exists ---------------------------------------------

README = ROOT / "README.md"
README_MAX_LINES = 160
_REPO_PATH = re.compile(r"(?<![\w./-])(?:\.ci|agentv_grader|docs|examples|references|scripts|tests)"
                        r"/[\w./<>*-]*")  # fmt: skip
_EXAMPLE = "agentv-grade --eval-path examples/capital.eval.yaml --bench-dir examples/run/capital"


def _readme() -> str:
    return README.read_text(encoding="utf-8")


def _command_lines(text: str) -> list[str]:
    """The indented command lines of a markdown text, continuation lines joined."""
    lines, current = [], ""
    for line in text.splitlines():
        if not line.startswith("    ") and not current:
            continue
        current += line.strip().removesuffix("\\").strip() + " "
        if not line.rstrip().endswith("\\"):
            lines.append(current.strip())
            current = ""
    return [cmd for line in lines for cmd in line.split(" && ")]


def _help(argv: list[str]) -> str:
    from agentv_grader.cli import run

    out, err = io.StringIO(), io.StringIO()
    assert run([*argv, "--help"], out, err) == 0, err.getvalue()
    return out.getvalue()


def test_readme_stays_short() -> None:
    lines = len(_readme().splitlines())
    assert lines <= README_MAX_LINES, f"README has {lines} lines; move detail to docs/"


def test_readme_names_only_paths_that_exist() -> None:
    missing = []
    for doc in (README, ROOT / "docs" / "performance.md", ROOT / "docs" / "SPEC.md"):
        text = re.sub(r"  # .*", "", doc.read_text(encoding="utf-8"))  # what code prints
        cited = [(ROOT, token) for token in _REPO_PATH.findall(text)]
        cited += [(doc.parent, link) for link in re.findall(r"\]\(([^)#:]+)\)", text)]
        for folder, token in cited:
            path = re.split(r"[<*]", token, maxsplit=1)[0].rstrip(".")
            if not (folder / path).exists():
                missing.append(f"{doc.name}: {token}")
    assert not missing, missing


def test_readme_names_only_commands_and_options_that_exist() -> None:
    text = _readme()
    subcommands = set(re.findall(r"agentv-grade ([a-z][\w-]*)", text))
    options = set(re.findall(r"(?<![\w-])--[a-z][\w-]*", _help([])))
    for name in subcommands:
        usage = _help([name])
        assert usage.startswith(f"Usage: agentv-grade {name} "), f"no subcommand {name!r}"
        options |= set(re.findall(r"(?<![\w-])--[a-z][\w-]*", usage))
    # Options of other programs (`ruff format --check`, `pip install -e`) are theirs.
    ours = re.sub(r"`(?:ruff|pip|python3?|mypy|npm|git) [^`]*`", "", text)
    ours = re.sub(r"^ *agentv [^\n]*$", "", ours, flags=re.MULTILINE)  # AgentV's own CLI
    named = set(re.findall(r"(?<![\w-])--[a-z][\w-]*", ours))
    assert named <= options, f"README names options agentv-grade lacks: {named - options}"
    for command in _command_lines(text):
        words = shlex.split(command)
        if words[:1] == ["python"] and words[1].endswith(".py"):
            assert (ROOT / words[1]).is_file(), command
        if words[:2] == ["python", "-m"]:
            assert importlib.util.find_spec(words[2]) is not None, command
    variables = set(re.findall(r"AGENTV_GRADE_[A-Z_]+", text))
    source = "".join(p.read_text("utf-8") for p in (ROOT / "agentv_grader").rglob("*.py"))
    assert {v for v in variables if v not in source} == set()


def test_readme_test_command_is_the_one_ci_runs() -> None:
    ci_lines = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    ci = [[w for w in shlex.split(line) if w != "--quiet"] for line in ci_lines
          if line.startswith(("pip ", "python -m pytest"))]  # fmt: skip
    readme = [shlex.split(command) for command in _command_lines(_readme())]
    for step in ("pip install -e '.[test]'", "python -m pytest"):
        words = shlex.split(step)
        assert words in readme, step
        assert any(line[: len(words)] == words for line in ci), step


def test_readme_example_runs_as_the_readme_says(tmp_path: Path) -> None:
    """The bundled example: README's command, its documented exit status and files."""
    text = _readme()
    assert _EXAMPLE in _command_lines(text)
    documented = re.search(r"Exit status (\d) is expected", text)
    assert documented, "README documents the example's exit status"
    shutil.copytree(ROOT / "examples", tmp_path / "examples")
    argv = shlex.split(_EXAMPLE)[1:]
    done = subprocess.run(
        [sys.executable, "-m", "agentv_grader", *argv],
        cwd=tmp_path, capture_output=True, text=True, timeout=120, check=False,
    )  # fmt: skip
    assert done.returncode == int(documented.group(1)), done.stderr
    verdicts = dict(line.split()[1::-1] for line in done.stdout.splitlines()[:3])
    assert verdicts == {"paris": "PENDING", "tokyo": "PASS", "berlin": "FAIL"}
    bench = tmp_path / "examples" / "run" / "capital"
    assert (bench / "grade_summary.json").is_file()
    for name in ("grade_summary.json", "eval_critique.json", "eval_critique.md"):
        assert (bench / name).is_file(), name
    assert (bench / "paris" / "grader_report.json").is_file()
    assert any((bench / "paris" / "code_grader_results").iterdir())


def test_readme_library_example_prints_what_it_says(tmp_path: Path) -> None:
    """README's Python block, run on a copy of the example, prints its `# …` comments."""
    block = _readme().split("```python\n", 1)[1].split("```", 1)[0]
    expected = [line.split("  # ", 1)[1] for line in block.splitlines() if "  # " in line]
    assert expected, "README's library example says what it prints"
    shutil.copytree(ROOT / "examples", tmp_path / "examples")
    done = subprocess.run(
        [sys.executable, "-c", block],
        cwd=tmp_path, capture_output=True, text=True, timeout=120, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == expected
