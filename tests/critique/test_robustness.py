"""The critique never crashes on odd eval content (SPEC §7): any option shape, any test."""

from __future__ import annotations

import json
import tempfile
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from agentv_grader import engine
from agentv_grader.critique import critique_test
from agentv_grader.load.evalfile import load_suite
from agentv_grader.model import RunData

TYPES = [
    "contains", "icontains", "contains-any", "icontains-all", "equals", "starts-with",
    "ends-with", "regex", "is-json", "not-contains", "output-matches", "transcript-contains",
    "latency", "field-accuracy", "llm-rubric", "assert-set", "script", "bogus-type",
]  # fmt: skip
# Astral characters are left out: JSON escapes them as surrogate pairs, which PyYAML refuses.
bmp = st.characters(max_codepoint=0xFFFF, exclude_categories=("Cs",))
scalars = st.one_of(
    st.none(), st.booleans(), st.integers(-3, 3), st.floats(allow_nan=False, width=16),
    st.text(bmp, max_size=12), st.sampled_from(["", " ", "the", "(a+)+$", "{", "Paris", "42"]),
)  # fmt: skip
values = st.recursive(
    scalars,
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(bmp, max_size=4), inner, max_size=3)
    ),
    max_leaves=6,
)
assertion = st.fixed_dictionaries(
    {"type": st.sampled_from(TYPES)},
    optional={
        "value": values, "negate": values, "weight": values, "flags": values,
        "target_output_key": values, "threshold": values, "min_score": values,
        "case_sensitive": values, "schema": values, "pattern": values, "fields": values,
    },
)  # fmt: skip
test_case = st.fixed_dictionaries(
    {"assertions": st.lists(st.one_of(assertion, st.text(bmp, max_size=10)), max_size=5)},
    optional={"input": values, "criteria": values, "expected_output": values, "vars": values},
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(test_case, min_size=1, max_size=3), st.one_of(st.none(), st.text(max_size=30)))
def test_critique_never_crashes(tests: list[dict[str, Any]], response: str | None) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "fuzz.eval.yaml"
        rows = [{"id": f"t{i}", **t} for i, t in enumerate(tests)]
        path.write_text(json.dumps({"tests": rows}), encoding="utf-8")
        suite = load_suite(str(path))
        for test in suite.tests:
            if response is None:
                result = critique_test(suite, test, None, None, tmp)
            else:
                run = RunData(test=test, response=response, eval_dir=tmp)
                outcomes = engine.evaluate(test.assertions, run)
                result = critique_test(suite, test, run, outcomes, tmp)
            json.dumps(result.to_json())
            result.to_markdown()
