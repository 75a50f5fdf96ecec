"""Extract the deterministic assertions of AgentV's example evals for scripts/bench.py.

    python scripts/gen_bench_examples.py AGENTV_CHECKOUT [COMMIT]

Loads every eval file of AGENTV_CHECKOUT/examples that AgentV loads (the files listed in
tests/data/agentv_examples/expected.json) with agentv-grade's own loader and
keeps, per test, the assertions AgentV 4.42.4's `pipeline grade` grades (the eleven string
and JSON types; a `not-` type is kept as its base type with `negate: true`, the spelling
4.42.4 accepts), with the test's input text, criteria and expected output (the critique
reads them). Tests with none of those are left out. Writes
tests/data/bench/agentv_examples.json, which the bench reads: the bench never reads the
checkout itself.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from agentv_grader.load.evalfile import load_suite  # noqa: E402

EXAMPLE_FILES = ROOT / "tests" / "data" / "agentv_examples" / "expected.json"
OUT = ROOT / "tests" / "data" / "bench" / "agentv_examples.json"
GRADED_BY_AGENTV = frozenset(
    "contains contains-any contains-all icontains icontains-any icontains-all "
    "starts-with ends-with regex is-json equals".split()
)


def _assertion(spec: Any) -> dict[str, Any]:
    kept: dict[str, Any] = {"type": spec.type}
    if "value" in spec.options:
        kept["value"] = spec.options["value"]
    if spec.options.get("flags"):
        kept["flags"] = spec.options["flags"]
    if spec.negate:
        kept["negate"] = True
    return kept


def _plain(value: Any) -> Any:
    """The expected output as JSON data (the loader may hand back read-only mappings)."""
    return json.loads(json.dumps(value, default=dict))


def main() -> int:
    checkout = Path(sys.argv[1])
    commit = sys.argv[2] if len(sys.argv) > 2 else "58f316ca2"
    tests = []
    listed = json.loads(EXAMPLE_FILES.read_text(encoding="utf-8"))["files"]
    for rel in sorted(listed):
        path = checkout / rel
        if not path.is_file():
            continue
        try:
            suite = load_suite(str(path))
        except Exception as exc:  # noqa: BLE001 - a file we cannot load is left out, said
            print(f"skipped {path.relative_to(checkout)}: {exc}", file=sys.stderr)
            continue
        for test in suite.tests:
            kept = [_assertion(a) for a in test.assertions if a.type in GRADED_BY_AGENTV]
            if kept:
                tests.append(
                    {
                        "file": str(path.relative_to(checkout)),
                        "id": test.id,
                        "input": test.input_text,
                        "criteria": test.criteria,
                        "expected_output": _plain(test.expected_output),
                        "assertions": kept,
                    }
                )
    OUT.parent.mkdir(parents=True, exist_ok=True)
    doc = {"source": "EntityProcess/agentv examples/", "agentv_commit": commit, "tests": tests}
    OUT.write_text(json.dumps(doc, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    count = sum(len(t["assertions"]) for t in tests)
    print(f"{len(tests)} tests, {count} assertions -> {OUT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
