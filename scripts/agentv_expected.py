"""Generate the committed AgentV answers the loader tests compare with (issue 18).

Runs AgentV main's own loader (an oracle: AgentV's TypeScript sources at the commit,
`packages/core` and `packages/sdk`, run with tsx; its `dump.ts` prints the answer of
`loadTestSuite`) on every eval file of AgentV's `examples/` tree and on every eval file
of tests/data/fidelity/, and writes what it loaded: test ids, each test's assertion
types, the suite name.

Two answers are kept per file: `head` is AgentV main as it is; `kept` is AgentV main with
the three places where it drops what its own examples rely on turned off (docs/SPEC.md
§3, "Where AgentV main drops what its own examples rely on": prompt files without
`{{ output }}`, an llm-rubric without a `value` (bare, or with only a prompt file), an
assertion with `target:`). agentv-grade keeps those, so it is compared with `kept`;
`head` shows what the decision changes.

    python scripts/agentv_expected.py ORACLE_DIR AGENTV_CHECKOUT COMMIT

ORACLE_DIR: AgentV's packages at COMMIT with tsx installed and a `dump.ts` beside them;
AGENTV_CHECKOUT: AgentV's tree at COMMIT (its examples/ are read there, with the
checkout as the repository root).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES_OUT = ROOT / "tests" / "data" / "agentv_examples" / "expected.json"
FIDELITY = ROOT / "tests" / "data" / "fidelity"
EVAL_NAME = re.compile(r"(\.eval\.(ya?ml|ts|mts)|/eval\.ya?ml|/suite\.ya?ml|/EVAL\.ya?ml)$", re.I)

# (file under packages/core/src/evaluation/, AgentV's text, the text that keeps the item)
_KEEP_PATCHES = (
    (
        "loaders/grader-parser.ts",
        "      await validateCustomPromptContent(resolvedPromptPath);\n",
        "",
    ),
    (
        "loaders/grader-parser.ts",
        "structuredRubrics.length === 0) && !prompt) {",
        "structuredRubrics.length === 0) && !prompt && false) {",
    ),
    (
        "loaders/grader-parser.ts",
        "    if (typeof removedTarget === 'string') {",
        "    if (typeof removedTarget === 'string' && false) {",
    ),
)


def kept_oracle(oracle: Path, into: Path) -> Path:
    """A copy of the oracle with the three drops turned off (its node_modules linked)."""
    dest = into / "oracle-kept"
    dest.mkdir()
    for item in oracle.iterdir():
        if item.name == "node_modules":
            (dest / "node_modules").symlink_to(item)
        elif item.is_dir():
            shutil.copytree(item, dest / item.name)
        else:
            shutil.copy2(item, dest / item.name)
    base = dest / "packages" / "core" / "src" / "evaluation"
    for rel, old, new in _KEEP_PATCHES:
        path = base / rel
        text = path.read_text()
        if text.count(old) != 1:
            raise SystemExit(f"{rel}: the patched text is not there once: {old!r}")
        path.write_text(text.replace(old, new))
    return dest


# The environment a case was graded with (its head-*.json); `.env` files are read by
# AgentV's command line, not by `loadTestSuite`, so FROM_DOTENV (12's `.env`) is given here.
_CASE_ENV = {
    "12-env-interpolation": {"PASS_AT": "0.5", "NEEDLE": "gamma", "W": "1", "FROM_DOTENV": "alpha"}
}


def dump(
    oracle: Path, files: list[Path], cwd: Path, env: dict[str, str] | None = None
) -> dict[str, Any]:
    """AgentV's `loadTestSuite` on each file, run with `cwd` as the repository root."""
    tsx = oracle / "node_modules" / ".bin" / "tsx"
    out = subprocess.run(
        [str(tsx), str(oracle / "dump.ts"), *map(str, files)],
        cwd=cwd,
        capture_output=True,
        text=True,
        check=True,
        timeout=600,
        env={**os.environ, **(env or {})},
    )
    result: dict[str, Any] = json.loads(out.stdout)
    return result


def summary(answer: dict[str, Any]) -> dict[str, Any]:
    if not answer["ok"]:
        return {"error": answer["error"].splitlines()[0]}
    tests = answer["tests"]
    return {
        "suite": tests[0]["suite"] if tests else None,
        "tests": [{"id": t["id"], "types": [a["type"] for a in t["assertions"]]} for t in tests],
        "logs": [line.splitlines()[0] for line in answer["logs"]],
    }


def both(
    oracle: Path, kept: Path, files: list[Path], cwd: Path, env: dict[str, str] | None = None
) -> dict[str, Any]:
    head, keep = dump(oracle, files, cwd, env), dump(kept, files, cwd, env)
    out: dict[str, Any] = {}
    for file in files:
        entry = {"kept": summary(keep[str(file)])}
        head_summary = summary(head[str(file)])
        if head_summary != entry["kept"]:
            entry["head"] = head_summary
        out[file.relative_to(cwd).as_posix()] = entry
    return out


def main() -> None:
    oracle, checkout, commit = Path(sys.argv[1]).resolve(), Path(sys.argv[2]).resolve(), sys.argv[3]
    with tempfile.TemporaryDirectory() as tmp:
        kept = kept_oracle(oracle, Path(tmp))
        examples = sorted(
            p
            for p in (checkout / "examples").rglob("*")
            if p.is_file() and "node_modules" not in p.parts and EVAL_NAME.search(p.as_posix())
        )
        files = both(oracle, kept, examples, checkout)
        EXAMPLES_OUT.parent.mkdir(parents=True, exist_ok=True)
        EXAMPLES_OUT.write_text(
            json.dumps({"agentv_commit": commit, "files": files}, indent=1) + "\n"
        )
        for case in sorted(p for p in FIDELITY.iterdir() if p.is_dir()):
            evals = sorted(
                p
                for p in case.rglob("*")
                if p.is_file() and (EVAL_NAME.search(p.as_posix()) or p.suffix == ".jsonl")
            )
            answers = both(oracle, kept, evals, case, _CASE_ENV.get(case.name))
            (case / "agentv-load.json").write_text(
                json.dumps({"agentv_commit": commit, "files": answers}, indent=1) + "\n"
            )
    print(f"wrote {EXAMPLES_OUT.relative_to(ROOT)} ({len(files)} files) and the fidelity cases")


if __name__ == "__main__":
    os.environ.setdefault("NO_COLOR", "1")
    main()
