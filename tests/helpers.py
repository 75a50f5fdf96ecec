"""Small builders shared by the tests: an eval file, a bench dir, the report schema."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any

from agentv_grader.cli import run


def write_suite(
    tmp: Path, yaml_text: str, responses: dict[str, str], name: str = "suite"
) -> tuple[Path, Path]:
    """An eval file and a bench dir with one response.md per test id."""
    eval_path = tmp / f"{name}.eval.yaml"
    eval_path.write_text(yaml_text, encoding="utf-8")
    bench = tmp / "run" / name
    for test_id, text in responses.items():
        folder = bench / test_id
        folder.mkdir(parents=True, exist_ok=True)
        (folder / "response.md").write_text(text, encoding="utf-8")
    return eval_path, bench


def grade_written(folder: Path) -> Any:
    """Grade test `t` of `folder/s.eval.yaml` against `folder/resp.md`, writing nothing:
    the shape of the loader tests that write an eval file and a response beside it."""
    from agentv_grader import grade_test

    return grade_test(
        str(folder / "s.eval.yaml"), "t", response_file=str(folder / "resp.md"), write=False
    )


def cli(*argv: str) -> tuple[int, str, str]:
    """Run the command line in-process; returns (exit code, stdout, stderr)."""
    out, err = io.StringIO(), io.StringIO()
    code = run(list(argv), out, err)
    return code, out.getvalue(), err.getvalue()


def run_importing(argv: list[str], module: str) -> tuple[int, bool]:
    """`cli.run(argv)` in a fresh interpreter: its exit status, and whether `module` was
    imported by then (what a run loads is only seen from a process of its own)."""
    code = (
        "import io, sys\n"
        "from agentv_grader.cli import run\n"
        f"status = run({argv!r}, io.StringIO(), io.StringIO())\n"
        f"print(status, {module!r} in sys.modules)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    status, imported = done.stdout.split()
    return int(status), imported == "True"


@lru_cache(maxsize=1)
def _validator() -> Any:
    import jsonschema

    schema = json.loads(
        resources.files("agentv_grader").joinpath("schemas/report.schema.json").read_text("utf-8")
    )
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema, format_checker=jsonschema.FormatChecker())


def validate_report(data: Any) -> None:
    """Every report the tests see must match the shipped JSON Schema (SPEC §6.1)."""
    errors = sorted(_validator().iter_errors(data), key=lambda e: list(e.path))
    assert not errors, [f"{list(e.path)}: {e.message}" for e in errors[:5]]


def grade_json(eval_path: Path, bench: Path, test_id: str = "t") -> tuple[int, dict[str, Any]]:
    """Grade one test with `--format json`: (exit code, the report, schema-checked)."""
    code, out, _ = cli(
        "--eval-path", str(eval_path), "--test-id", test_id, "--bench-dir", str(bench),
        "--format", "json",
    )  # fmt: skip
    report = json.loads(out)
    validate_report(report)
    return code, report


def files_under(folder: Path) -> set[str]:
    return {str(p.relative_to(folder)) for p in folder.rglob("*") if p.is_file()}


def paths_under(folder: Path) -> set[str]:
    """Every file and folder below `folder`, relative to it."""
    return {str(p.relative_to(folder)) for p in folder.rglob("*")}


def child_processes() -> set[int]:
    """The process ids whose parent is this process (Linux's /proc; running or zombie).
    Compare before and after: multiprocessing may keep a helper of its own (the resource
    tracker of a spawn pool) for the life of the test process."""
    found = set()
    for name in os.listdir("/proc"):
        fields = proc_stat(int(name)) if name.isdigit() else None
        if fields is not None and int(fields[1]) == os.getpid():
            found.add(int(name))
    return found


def proc_stat(pid: int) -> list[str] | None:
    """The fields of `/proc/<pid>/stat` after the command name (state, parent id, …), or
    None once the process is gone (reaped)."""
    try:
        with open(f"/proc/{pid}/stat", encoding="utf-8", errors="replace") as handle:
            return handle.read().rsplit(")", 1)[1].split()
    except OSError:
        return None


def critique_of(test_dir: Path) -> Any:
    """A graded test's critique, where its report says it is (SPEC §6.1): the suite's
    `eval_critique.json` entry for a batch-graded test, else the test's own file."""
    block = json.loads((test_dir / "grader_report.json").read_text("utf-8"))["critique"]
    data = json.loads((test_dir / block["path"]).read_text("utf-8"))
    return data["tests"][block["entry"]] if "entry" in block else data
