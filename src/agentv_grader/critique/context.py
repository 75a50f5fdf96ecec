"""What every critique rule may look at for one test, computed once (SPEC §6.2).

Rules are pure functions of a `Context`: the suite, the test, and (when the test was
graded) its run and outcomes; plus the test's input as the echo and leak checks read it,
and the decoy responses that a sound assertion must reject.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, replace
from functools import lru_cache
from importlib import resources
from typing import Any

from .. import engine
from ..js.strings import js_trim
from ..model import AssertionSpec, Outcome, RunData, Suite, TestCase

REFUSAL = "I'm sorry, but I can't help with that request."
BOILERPLATE = "Sure, here is the answer you asked for. Let me know if you have any other questions!"
PROBE_TIMEOUT_MS = 200
_MAX_DECOY_BYTES = 1024 * 1024
_REFUSAL_WORDS = re.compile(
    r"\brefus|\bdeclin|\bsorry\b|\b(can ?not|can't|won't|unable to) (help|assist|comply)", re.I
)

CASE_INSENSITIVE_BY_DEFAULT = frozenset(
    {"icontains", "icontains-any", "icontains-all", "output-contains", "transcript-contains"}
)
NEEDLE_TYPES = frozenset(
    {
        "contains", "icontains", "contains-any", "icontains-any", "contains-all",
        "icontains-all", "equals", "starts-with", "ends-with", "regex", "output-contains",
        "output-matches",
    }
)  # fmt: skip
# Types graded from the response alone, cheaply and without side effects: safe to probe.
PROBE_TYPES = NEEDLE_TYPES | {"is-json", "field-accuracy"}
GROUP_TYPES = frozenset({"assert-set", "composite"})
PATTERN_TYPES = frozenset({"regex", "output-matches", "transcript-matches"})
TIMING_TYPES = frozenset({"latency", "cost", "token-usage", "execution-metrics"})
TRANSCRIPT_TYPES = frozenset(
    {
        "transcript-contains", "transcript-matches", "trajectory:tool-used",
        "trajectory:tool-sequence", "trajectory:tool-args-match", "trajectory:step-count",
        "tool-trajectory", "skill-used",
    }
)  # fmt: skip
# Vars holding the reference answer, not something the agent is shown (SPEC §3).
_REFERENCE_VARS = ("expected", "answer", "reference", "ground_truth", "golden", "solution")


@dataclass(frozen=True, slots=True)
class Decoy:
    """A clearly wrong response: `label` says which, in findings."""

    label: str
    text: str
    echo: bool = False


@dataclass(frozen=True, slots=True)
class Context:
    """One test as the rules see it; `run`/`outcomes` are None for a static critique."""

    suite: Suite
    test: TestCase
    run: RunData | None
    outcomes: tuple[Outcome, ...] | None
    bench_dir: str | None
    input_text: str
    decoys: tuple[Decoy, ...]
    base_run: RunData

    def probe(self, spec: AssertionSpec, response: str) -> Outcome:
        """Grade `spec` on another response exactly as real grading would (negation included)."""
        if spec.type in PATTERN_TYPES:
            given = spec.options.get("timeout_ms")
            mine = PROBE_TIMEOUT_MS
            if isinstance(given, (int, float)) and not isinstance(given, bool) and 0 < given < mine:
                mine = max(1, int(given))
            spec = replace(spec, options={**spec.options, "timeout_ms": mine})
        return engine.evaluate_one(spec, replace(self.base_run, response=response))

    @property
    def specs(self) -> tuple[AssertionSpec, ...]:
        return self.test.assertions


def build_context(
    suite: Suite,
    test: TestCase,
    run: RunData | None,
    outcomes: tuple[Outcome, ...] | None,
    bench_dir: str | None,
) -> Context:
    """Compute the echo input and the decoys once for all rules."""
    base = run or RunData(
        test=test, response="", eval_dir=os.path.dirname(os.path.abspath(suite.path))
    )
    input_text = leak_input(test)
    answers = (reference_text(test.expected_output), run.response if run else None)
    own = {js_trim(t) for t in answers if t}
    decoys = [Decoy("an empty response", "")]
    if js_trim(input_text):
        decoys.append(Decoy("the test input echoed back", input_text, echo=True))
    if not _expects_refusal(test):
        decoys.append(Decoy("a generic refusal", REFUSAL))
    decoys.append(Decoy("generic boilerplate", BOILERPLATE))
    decoys += [d for d in _cross_test_decoys(suite, test, bench_dir) if js_trim(d.text) not in own]
    return Context(suite, test, run, outcomes, bench_dir, input_text, tuple(decoys), base)


def _expects_refusal(test: TestCase) -> bool:
    """A test whose right answer is a refusal: the refusal decoy would be no decoy."""
    said = [test.criteria, reference_text(test.expected_output)]
    return any(isinstance(t, str) and _REFUSAL_WORDS.search(t) for t in said)


def _cross_test_decoys(suite: Suite, test: TestCase, bench_dir: str | None) -> Iterator[Decoy]:
    """The next test's reference answer and the next test's response (wrapping around)."""
    for other in _after(suite, test):
        text = reference_text(other.expected_output)
        if text is not None and js_trim(text):
            yield Decoy(f"test '{other.id}''s expected_output", text)
            break
    if bench_dir is None:
        return
    for other in _after(suite, test):
        text = _read_response(os.path.join(bench_dir, other.id, "response.md"))
        if text is not None:
            if js_trim(text):
                yield Decoy(f"test '{other.id}''s response", text)
            return


# The positions of the last suite seen, so a whole-suite critique stays linear.
_POSITIONS: list[tuple[Suite, dict[int, int]]] = []


def _position(suite: Suite, test: TestCase) -> int:
    if not _POSITIONS or _POSITIONS[0][0] is not suite:
        _POSITIONS[:] = [(suite, {id(t): i for i, t in enumerate(suite.tests)})]
    at = _POSITIONS[0][1].get(id(test))
    if at is None or suite.tests[at] is not test:
        at = next((i for i, t in enumerate(suite.tests) if t.id == test.id), -1)
    return at


def _after(suite: Suite, test: TestCase) -> Iterator[TestCase]:
    """The other tests in suite order, starting after `test` and wrapping around."""
    tests = suite.tests
    at = _position(suite, test)
    for step in range(1, len(tests)):
        other = tests[(at + step) % len(tests)]
        if other is not test and other.id != test.id:
            yield other


def _read_response(path: str) -> str | None:
    try:
        if not os.path.isfile(path):
            return None
        with open(path, "rb") as handle:
            data = handle.read(_MAX_DECOY_BYTES)
    except OSError:
        return None
    return data.decode("utf-8", errors="replace").removeprefix("\ufeff")


def reference_text(expected: Any) -> str | None:
    """`expected_output` as the text an answer would be (SPEC §3's three forms)."""
    if expected is None:
        return None
    if isinstance(expected, str):
        return expected
    if isinstance(expected, list) and expected and all(isinstance(m, Mapping) for m in expected):
        replies = [m.get("content") for m in expected if m.get("role") == "assistant"]
        if replies and isinstance(replies[-1], str):
            return replies[-1]
    return json.dumps(expected, ensure_ascii=False, separators=(",", ":"), default=str)


def leak_input(test: TestCase) -> str:
    """What the agent is shown: the input, else (the `vars: {input: …}` style) the vars.

    Var values are part of the input only when the test has no input text: when it has
    one, the vars the prompt uses are already rendered into it, and the others only
    parametrize assertions, which the agent never sees.
    """
    if js_trim(test.input_text):
        return test.input_text
    parts = []
    for key, value in test.vars.items():
        if any(str(key).lower().startswith(r) for r in _REFERENCE_VARS):
            continue
        if isinstance(value, str):
            parts.append(value)
        elif isinstance(value, (int, float)) and not isinstance(value, bool):
            parts.append(str(value))
    return "\n".join(parts)


def walk(specs: tuple[AssertionSpec, ...]) -> Iterator[tuple[AssertionSpec, str, int]]:
    """Every assertion with group children, as (spec, display name, top-level index)."""
    for spec in specs:
        yield spec, spec.name, spec.index
        stack = [(child, f"{spec.name} > {child.name}") for child in spec.children]
        while stack:
            child, label = stack.pop(0)
            yield child, label, spec.index
            stack[:0] = [(c, f"{label} > {c.name}") for c in child.children]


def is_case_insensitive(spec: AssertionSpec) -> bool:
    given = spec.options.get("case_sensitive")
    if isinstance(given, bool):
        return not given
    return spec.type in CASE_INSENSITIVE_BY_DEFAULT


def text_option(spec: AssertionSpec, *keys: str) -> str | None:
    """The first string among `keys` (default `value`, `search_text`), else None."""
    for key in keys or ("value", "search_text"):
        value = spec.options.get(key)
        if isinstance(value, str):
            return value
    return None


def text_list(spec: AssertionSpec) -> list[str] | None:
    value = spec.options.get("value")
    if isinstance(value, list) and value and all(isinstance(v, str) for v in value):
        return list(value)
    return None


def quote(text: str, limit: int = 80) -> str:
    """A short double-quoted rendering with escapes, `…` where cut."""
    cut = text if len(text) <= limit else text[:limit] + "…"
    return json.dumps(cut, ensure_ascii=False)


@lru_cache(maxsize=1)
def common_words() -> frozenset[str]:
    """The shipped list of the most common English words (lower case)."""
    text = resources.files("agentv_grader").joinpath("data/common_words.txt").read_text("utf-8")
    return frozenset(
        line.strip() for line in text.splitlines() if line.strip() and not line.startswith("#")
    )
