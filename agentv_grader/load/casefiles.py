"""Test case files as AgentV main reads them (its loaders/case-file-loader.ts).

A suite's `tests` may name files instead of listing tests: `tests: file://cases.yaml`,
`tests: ./cases/` (one `case.yaml` per folder), globs (`file://cases/*.yaml`), `.csv`
files with promptfoo's columns, and test generators (`.js`/`.mjs`/`.cjs`/`.py`, with an
optional `:function`), which AgentV runs and reads JSON from. Paths are resolved from the
eval file's folder.
"""

from __future__ import annotations

import glob
import json
import os
import re
import shutil
import subprocess
from collections.abc import Mapping
from typing import Any

from ..errors import GradeInputError
from .files import read_utf8
from .yaml12 import YamlMap, jsonl_rows, load_yaml

# How long a test generator may run (AgentV's DATASET_SCRIPT_TIMEOUT_MS is 30 s).
GENERATOR_TIMEOUT_S = 30.0
_GENERATOR = re.compile(r"\.(?:mjs|cjs|js|py)(?::([^/\\:]+))?$", re.IGNORECASE)
_EVAL_SUITE = re.compile(r"\.eval\.ya?ml$", re.IGNORECASE)


def has_glob(path: str) -> bool:
    """AgentV's isGlobPattern: `*`, `?` or `{` anywhere."""
    return any(c in path for c in "*?{")


def _expand_braces(pattern: str) -> list[str]:
    """`a/{x,y}/*.yaml` → both patterns (fast-glob's braces; Python's glob has none)."""
    match = re.search(r"\{([^{}]*)\}", pattern)
    if match is None:
        return [pattern]
    out: list[str] = []
    for choice in match.group(1).split(","):
        out += _expand_braces(pattern[: match.start()] + choice + pattern[match.end() :])
    return out


def matching_files(pattern: str) -> list[str]:
    """Files a glob matches (`**` crossing folders), sorted, without repeats."""
    found = {
        os.path.abspath(p)
        for part in _expand_braces(pattern)
        for p in glob.glob(part, recursive=True)
        if os.path.isfile(p)
    }
    return sorted(found)


def resolve_paths(ref: str, eval_dir: str) -> list[str]:
    """The paths a `tests` reference names: a glob's sorted matches, else the one path."""
    raw = ref[len("file://") :] if ref.startswith("file://") else ref
    full = os.path.join(eval_dir, raw)
    return matching_files(full) if has_glob(raw) else [os.path.normpath(full)]


def resolve_include_paths(ref: str, eval_dir: str) -> list[str]:
    """An include entry's paths (AgentV main's resolveIncludePaths): a glob (any of
    `*?[]{}()!+@`) gives its sorted matches, else the one path."""
    raw = ref[len("file://") :] if ref.startswith("file://") else ref
    full = os.path.join(eval_dir, raw)
    if re.search(r"[*?\[\]{}()!+@]", raw):
        return matching_files(full)
    return [os.path.normpath(full)]


def load_reference(ref: str, eval_dir: str, *, shorthand: bool) -> list[Mapping[str, Any]]:
    """The tests one `tests` entry names. `shorthand` (a `tests:` string, or a plain string
    in the list) also takes folders; a `file://` list entry takes files and globs."""
    paths = resolve_paths(ref.strip(), eval_dir)
    cases: list[Mapping[str, Any]] = []
    for path in paths:
        if shorthand and _EVAL_SUITE.search(path):
            raise GradeInputError(
                "'tests' names an eval suite; AgentV imports suites only through an "
                "include entry (type: suite)",
                file=path,
            )
        if shorthand and os.path.isdir(path):
            cases += load_directory(path)
        else:
            cases += load_file(path)
    return cases


def load_directory(folder: str) -> list[Mapping[str, Any]]:
    """`tests: ./cases/`: each sub-folder's `case.yaml` (or `case.yml`) is one test, its id
    the folder's name unless it has one; folders without a case file are skipped."""
    cases: list[Mapping[str, Any]] = []
    for name in sorted(os.listdir(folder)):
        sub = os.path.join(folder, name)
        if not os.path.isdir(sub):
            continue
        case_file = next(
            (os.path.join(sub, f) for f in ("case.yaml", "case.yml")
             if os.path.isfile(os.path.join(sub, f))),
            None,
        )  # fmt: skip
        if case_file is None:
            continue
        loaded = load_yaml(read_utf8(case_file, "case file"), case_file)
        if not isinstance(loaded, Mapping):
            raise GradeInputError("a case file must hold one test (a mapping)", file=case_file)
        case = YamlMap(loaded)
        case.line, case.col = getattr(loaded, "line", None), None
        if case.get("id") is None:
            case["id"] = name
        cases.append(case)
    return cases


def load_file(path: str) -> list[Mapping[str, Any]]:
    """One test file by its extension: a generator, YAML, JSONL, JSON or CSV."""
    match = _GENERATOR.search(path)
    function = match.group(1) if match else None
    script = path[: -len(function) - 1] if function else path
    extension = os.path.splitext(script)[1].lower()
    if extension in (".js", ".mjs", ".cjs", ".py"):
        return run_generator(script, function)
    if not os.path.exists(script):
        raise GradeInputError("test case file not found", file=script, hint="check the path")
    if os.path.isdir(script):
        raise GradeInputError(
            "test case file is a directory",
            file=script,
            hint="write tests: ./folder/ (without file://) for one case.yaml per sub-folder",
        )
    text = read_utf8(script, "test case file")
    if not text.strip():
        return []  # AgentV skips an empty file with a warning
    if extension in (".yaml", ".yml"):
        return _cases_of(load_yaml(text, script), script, allow_tests_key=True)
    if extension == ".jsonl":
        return jsonl_rows(text, script)
    if extension == ".json":
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise GradeInputError(
                f"invalid JSON: {exc.msg}", file=script, line=exc.lineno, col=exc.colno
            ) from None
        return _cases_of(data, script, allow_tests_key=True)
    if extension == ".csv":
        from .csvcases import csv_cases

        return csv_cases(text, script)
    raise GradeInputError(
        f"unsupported test file format '{extension}'",
        file=script,
        hint="AgentV reads .csv, .json, .jsonl, .yaml, .yml, .js, .mjs, .cjs, .py",
    )


def _cases_of(data: Any, path: str, *, allow_tests_key: bool) -> list[Mapping[str, Any]]:
    if allow_tests_key and isinstance(data, Mapping):
        # `{tests: [...]}` (AgentV's JSON form), or one test (agentv-grade reads that too)
        data = data["tests"] if isinstance(data.get("tests"), list) else [data]
    if not isinstance(data, list):
        raise GradeInputError("a test file must hold a list of tests", file=path)
    for index, item in enumerate(data):
        if not isinstance(item, Mapping):
            raise GradeInputError(
                f"test {index + 1} of the file is not a mapping",
                file=path,
                line=getattr(data, "line", None),
            )
    return list(data)


# Node: import the module, call the named export (else `default`, else `createTests`),
# print its (awaited) result as JSON: what AgentV does in-process.
_NODE_HARNESS = """
const url = require('node:url');
const [file, name] = process.argv.slice(1);
import(url.pathToFileURL(file).href).then(async (m) => {
  const fn = name ? m[name] : (m.default ?? m.createTests);
  if (typeof fn !== 'function') {
    console.error(`must export function '${name ?? 'default or createTests'}'`);
    process.exit(3);
  }
  process.stdout.write(JSON.stringify(await fn()));
}).catch((e) => { console.error(String(e && e.stack || e)); process.exit(1); });
"""
_PYTHON_HARNESS = "\n".join(
    [
        "import importlib.util, json, pathlib, sys",
        "script_path = pathlib.Path(sys.argv[1]).resolve()",
        "function_name = sys.argv[2]",
        'spec = importlib.util.spec_from_file_location("agentv_dataset_module", script_path)',
        "module = importlib.util.module_from_spec(spec)",
        "assert spec and spec.loader",
        "spec.loader.exec_module(module)",
        "fn = getattr(module, function_name)",
        "print(json.dumps(fn()))",
    ]
)


def run_program(argv: list[str], file: str, what: str, timeout_s: float) -> str:
    """Run a program that loads `file` as AgentV does in its own process, from the file's
    folder, with a deadline; its stdout. A failure or a timeout is exit 2 naming the file,
    `what` it is and what happened (the test generators' and `.eval.ts` files' boundary)."""
    try:
        done = subprocess.run(
            argv,
            cwd=os.path.dirname(os.path.abspath(file)),
            capture_output=True,
            text=True,
            timeout=timeout_s,
            stdin=subprocess.DEVNULL,
            check=False,
        )
    except subprocess.TimeoutExpired:
        raise GradeInputError(f"{what} ran longer than {timeout_s:.0f} s", file=file) from None
    if done.returncode != 0:
        raise GradeInputError(
            f"{what} failed (exit {done.returncode}, {argv[0]}): {_error_of(done.stderr)}",
            file=file,
        )
    return done.stdout


# A line that states the error: `error: …` (bun), `Error: …`, `ValueError: …` (node, Python).
_ERROR_LINE = re.compile(r"^\s*(?:error:|[A-Za-z_.]*(?:Error|Exception)\b)")


def _error_of(stderr: str) -> str:
    """The line stating the error (the last such), else the last three lines."""
    lines = [line.strip() for line in stderr.strip().splitlines() if line.strip()]
    stated = [line for line in lines if _ERROR_LINE.match(line)]
    return (stated[-1] if stated else " ".join(lines[-3:]))[-500:]


def run_generator(script: str, function: str | None) -> list[Mapping[str, Any]]:
    """Run a test generator as AgentV does (a JavaScript module's function under node;
    a Python file's `create_tests` under `uv run python`, else python3, else python),
    with a deadline; its JSON is the tests. Anything that fails is exit 2 naming it."""
    if not os.path.isfile(script):
        raise GradeInputError("test generator not found", file=script, hint="check the path")
    if script.lower().endswith(".py"):
        runners = [
            ["uv", "run", "python", "-c", _PYTHON_HARNESS],
            ["python3", "-c", _PYTHON_HARNESS],
            ["python", "-c", _PYTHON_HARNESS],
        ]
        argv_tail = [script, function or "create_tests"]
        missing = "uv, python3 or python"
    else:
        runners = [["node", "-e", _NODE_HARNESS]]
        argv_tail = [script, *([function] if function else [])]
        missing = "node"
    runner = next((r for r in runners if shutil.which(r[0]) is not None), None)
    if runner is None:
        raise GradeInputError(
            f"the test generator needs {missing}, which is not installed here", file=script
        )
    stdout = run_program([*runner, *argv_tail], script, "the test generator", GENERATOR_TIMEOUT_S)
    try:
        data = json.loads(stdout)
    except json.JSONDecodeError as exc:
        raise GradeInputError(
            f"the test generator printed no JSON ({exc.msg})", file=script
        ) from None
    return _cases_of(data, script, allow_tests_key=True)
