"""Property tests (hypothesis): arbitrary inputs end in the tool's own answers, never a crash.

Loading raises nothing but GradeInputError; grading turns any assertion into an outcome with
one of SPEC's statuses; negation never turns error/skipped/pending into a pass.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from agentv_grader import GradeInputError
from agentv_grader.engine import evaluate_one
from agentv_grader.load.assertions import ListContext, build_one
from agentv_grader.load.evalfile import load_suite
from agentv_grader.load.types import KNOWN_TYPES
from agentv_grader.model import RunData, Status, TestCase

SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))

scalars = st.one_of(
    st.none(), st.booleans(), st.integers(-5, 5), st.floats(allow_nan=True), st.text(max_size=12)
)
values = st.recursive(
    scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)
OPTION_KEYS = [
    "value", "flags", "weight", "negate", "required", "min_score", "threshold", "case_sensitive",
    "target_output_key", "schema", "metric", "name", "config", "timeout_ms", "budget",
    "max_total", "fields", "mode", "expected", "substring", "pattern",
]  # fmt: skip
assertion_dicts = st.fixed_dictionaries(
    {"type": st.one_of(st.sampled_from(sorted(KNOWN_TYPES)), st.text(max_size=10))},
    optional={key: values for key in OPTION_KEYS},
)


def _test_case() -> TestCase:
    return TestCase(id="t", suite="s", assertions=(), threshold=0.8, threshold_source="default")


@SETTINGS
@given(text=st.text(max_size=300))
def test_any_eval_text_loads_or_is_a_grade_input_error(tmp_path_factory: Any, text: str) -> None:
    path = Path(tmp_path_factory.mktemp("p")) / "x.eval.yaml"
    path.write_text(text, encoding="utf-8")
    try:
        load_suite(str(path))
    except GradeInputError:
        pass


@SETTINGS
@given(
    doc=st.dictionaries(
        st.sampled_from(["tests", "name", "threshold", "assert", "default_test"]), values
    )
)
def test_any_eval_structure_loads_or_is_a_grade_input_error(
    tmp_path_factory: Any, doc: dict[str, Any]
) -> None:
    path = Path(tmp_path_factory.mktemp("p")) / "x.eval.yaml"
    path.write_text(json.dumps(doc, allow_nan=True), encoding="utf-8")
    try:
        load_suite(str(path))
    except GradeInputError:
        pass


@SETTINGS
@given(raw=assertion_dicts, response=st.text(max_size=200))
def test_any_assertion_grades_to_a_status_and_negation_never_rescues(
    raw: dict[str, Any], response: str
) -> None:
    ctx = ListContext(test_id="t", eval_dir=".", variables={})
    spec = build_one(raw, ctx, 0)
    run = RunData(test=_test_case(), response=response)
    outcome = evaluate_one(spec, run)
    assert outcome.status in set(Status)
    if outcome.status is Status.ERROR:
        assert outcome.passed is False and outcome.score == 0.0
    if outcome.status in (Status.SKIPPED, Status.PENDING):
        assert outcome.passed is None and outcome.score is None
    if outcome.score is not None:
        assert 0.0 <= outcome.score <= 1.0
    plain = {k: v for k, v in raw.items() if k not in ("negate", "negated")}
    base = evaluate_one(build_one(plain, ctx, 0), run)
    negated = evaluate_one(build_one(dict(plain, negate=True), ctx, 0), run)
    if base.status in (Status.ERROR, Status.SKIPPED, Status.PENDING):
        assert negated.status is not Status.PASSED, (plain, base, negated)
    if base.status in (Status.PASSED, Status.FAILED) and negated.status in (
        Status.PASSED,
        Status.FAILED,
    ):
        assert base.score is not None and negated.score is not None
