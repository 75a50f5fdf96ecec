"""Run the `Flags:` / `Okay:` examples in the rules' docstrings (pycodestyle's selftest).

Each example is one test written as a YAML flow mapping, with two extra keys: `response`
(grade the test on this answer first, so run-dependent rules apply) and `others` (more
tests after it in the suite). `Flags:` means the rule must report something for the
test; `Okay:` means it must not. Run `python -m agentv_grader.critique.selftest`.
"""

from __future__ import annotations

import inspect
import json
import os
import sys
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from .. import engine
from ..load.evalfile import load_suite
from ..load.yaml12 import load_yaml
from ..model import RunData
from . import RULES, Critique, critique_test


@dataclass(frozen=True, slots=True)
class Example:
    """One docstring example: the rule, whether it must flag, and the test as YAML."""

    rule: str
    flags: bool
    source: str

    @property
    def label(self) -> str:
        return f"{self.rule} {'Flags' if self.flags else 'Okay'}: {self.source}"


def examples() -> Iterator[Example]:
    """Every example of every rule in `RULES`, in table and docstring order."""
    for rule_id, rule in RULES.items():
        current: list[str] | None = None
        for line in (inspect.getdoc(rule.check) or "").splitlines() + [""]:
            text = line.strip()
            if text.startswith(("Flags:", "Okay:")):
                if current:
                    yield Example(rule_id, current[0] == "Flags", current[1])
                kind, _, rest = text.partition(":")
                current = [kind, rest.strip()]
            elif current and text:
                current[1] += " " + text
            elif current:
                yield Example(rule_id, current[0] == "Flags", current[1])
                current = None


def run_example(example: Example) -> Critique:
    """Load the example as a one-test suite (plus `others`), grade it if it has a response."""
    data: dict[str, Any] = dict(load_yaml(example.source, "<example>"))
    response = data.pop("response", None)
    others = data.pop("others", [])
    tests = [{"id": "t", **data}] + [{"id": f"other-{i}", **o} for i, o in enumerate(others)]
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "selftest.eval.yaml")
        with open(path, "w", encoding="utf-8") as handle:
            json.dump({"name": "selftest", "tests": tests}, handle)
        suite = load_suite(path)
        test = suite.tests[0]
        if response is None:
            return critique_test(suite, test, None, None, None)
        run = RunData(test=test, response=str(response), eval_dir=tmp)
        return critique_test(suite, test, run, engine.evaluate(test.assertions, run), None)


def check(example: Example) -> str | None:
    """None when the example behaves as documented, else what went wrong."""
    critique = run_example(example)
    hits = [f for f in critique.suggestions if f.rule == example.rule]
    if example.flags and not hits:
        others = sorted({f.rule for f in critique.suggestions}) or ["nothing"]
        return f"{example.label}\n  expected a finding; got {', '.join(others)}"
    if not example.flags and hits:
        return f"{example.label}\n  expected none; got: {hits[0].reason}"
    return None


def main() -> int:
    """Print each failing example; the exit status is the number of failures (capped)."""
    failures = [p for p in (check(e) for e in examples()) if p is not None]
    for problem in failures:
        print(problem)
    print(f"{len(list(examples()))} examples, {len(failures)} failed")
    return min(len(failures), 100)


if __name__ == "__main__":
    sys.exit(main())
