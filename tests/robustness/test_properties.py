"""Property tests (hypothesis): arbitrary inputs end in the tool's own answers, never a crash.

- Loading raises nothing but GradeInputError, always with a one-line message.
- The ECMAScript regex translator raises only `JsRegexError` on any pattern and flags, and a
  search raises only `RegexTimeout`.
- Every REGISTRY type, with options drawn for its family, grades to one of SPEC's statuses
  without an internal error; negation never turns error/skipped/pending into a pass.
- The timing, metrics and transcript readers and the LLM result reader never raise on any
  file content, and what they return is well-formed.

Budgets are modest by default; `HYPOTHESIS_PROFILE=fuzz` multiplies them (conftest.py).
"""

from __future__ import annotations

import json
import math
import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from unittest import mock

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from agentv_grader import GradeInputError
from agentv_grader.assertions import REGISTRY, _process, scripts
from agentv_grader.engine import evaluate_one
from agentv_grader.js.regexp import JsRegexError, RegexTimeout, compile_js
from agentv_grader.load.assertions import ListContext, build_one
from agentv_grader.load.evalfile import load_suite
from agentv_grader.load.types import KNOWN_TYPES
from agentv_grader.model import Outcome, RunData, Status, TestCase
from agentv_grader.rundata.llm_results import RESULTS_DIR, read_llm_results
from agentv_grader.rundata.records import LlmResult
from agentv_grader.rundata.side_files import read_side_files

_FUZZ = os.environ.get("HYPOTHESIS_PROFILE") == "fuzz"


def budget(examples: int) -> settings:
    """`examples` by default, the fuzz profile's budget under HYPOTHESIS_PROFILE=fuzz."""
    return settings(
        max_examples=settings.default.max_examples if _FUZZ else examples,
        deadline=None,
        suppress_health_check=list(HealthCheck),
    )


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


# --- the loader ----------------------------------------------------------------------------


def _load_or_refuse(path: Path) -> None:
    """Loading either gives tests with string ids or one clear, one-line GradeInputError."""
    try:
        suite = load_suite(str(path))
    except GradeInputError as exc:
        assert str(exc) and "\n" not in exc.message, repr(exc.message)
        assert exc.file is not None
        return
    assert all(isinstance(t.id, str) and t.id for t in suite.tests)
    assert all(isinstance(w, str) for w in suite.warnings)


@budget(150)
@given(text=st.text(max_size=300))
def test_any_eval_text_loads_or_is_a_grade_input_error(tmp_path_factory: Any, text: str) -> None:
    path = Path(tmp_path_factory.mktemp("p")) / "x.eval.yaml"
    path.write_text(text, encoding="utf-8")
    _load_or_refuse(path)


@budget(150)
@given(data=st.binary(max_size=300))
def test_any_eval_bytes_load_or_are_a_grade_input_error(tmp_path_factory: Any, data: bytes) -> None:
    path = Path(tmp_path_factory.mktemp("p")) / "x.eval.yaml"
    path.write_bytes(data)
    _load_or_refuse(path)


@budget(150)
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
    _load_or_refuse(path)


@budget(100)
@given(rows=st.lists(st.one_of(values, st.text(max_size=20)), max_size=5))
def test_any_jsonl_suite_loads_or_is_a_grade_input_error(
    tmp_path_factory: Any, rows: list[Any]
) -> None:
    path = Path(tmp_path_factory.mktemp("p")) / "x.jsonl"
    path.write_text(
        "\n".join(r if isinstance(r, str) else json.dumps(r, allow_nan=True) for r in rows),
        encoding="utf-8",
    )
    _load_or_refuse(path)


# --- the regex translator ------------------------------------------------------------------

REGEX_ATOMS = [
    "(", ")", "[", "]", "{", "}", "*", "+", "?", "|", "^", "$", ".", "\\", "-", ",", ":", "=",
    "!", "<", ">", "a", "b", "z", "0", "1", "9", "d", "D", "w", "W", "s", "S", "b", "B", "k",
    "p", "P", "u", "x", "c", "n", "t", "L", "{1,2}", "(?:", "(?=", "(?!", "(?<=", "(?<!",
    "(?<n>", "\\k<n>", "\\p{L}", "\\P{Lu}", "\\u{1F600}", "\\uD83D", "\\x41", "\\cJ", "[^]",
    "\\1", "\\8", "é", "😀", "İ", "ß", "\u2028",
]  # fmt: skip
patterns = st.lists(st.sampled_from(REGEX_ATOMS) | st.characters(), max_size=16).map("".join)
flag_strings = st.text(alphabet="dgimsuvyx", max_size=4)
subjects = st.text(
    alphabet=st.sampled_from(list("aAbB01 \n\r_é😀İß\u2028")), max_size=40
) | st.text(max_size=40)


@budget(400)
@given(pattern=patterns, flags=flag_strings, text=subjects)
def test_regex_translator_raises_only_its_own_errors(pattern: str, flags: str, text: str) -> None:
    try:
        compiled = compile_js(pattern, flags)
    except JsRegexError as exc:
        assert str(exc)
        return
    try:
        match = compiled.search(text, 50)
    except RegexTimeout as exc:
        assert str(exc) == "regex timed out after 50 ms: catastrophic backtracking likely"
        return
    if match is not None:
        assert 0 <= match.start <= match.end <= len(text)
        assert match.text == text[match.start : match.end]


@budget(200)
@given(pattern=st.text(max_size=24), flags=st.text(max_size=4))
def test_regex_translator_on_arbitrary_text(pattern: str, flags: str) -> None:
    try:
        compiled = compile_js(pattern, flags)
    except JsRegexError as exc:
        assert str(exc)
        return
    try:
        compiled.search(pattern, 50)
    except RegexTimeout as exc:
        assert "regex timed out after 50 ms" in str(exc)


# --- every REGISTRY type with options drawn for its family ---------------------------------

words = st.sampled_from(
    ["Paris", "paris", "", " ", "42", "{{ x }}", "Read", "Bash", "file_read", "a.b", "*", "$.a"]
) | st.text(max_size=8)
numbers = st.sampled_from([-1, 0, 0.5, 0.8, 1, 2, 100, 1e308, math.inf, math.nan]) | st.integers(
    -3, 10_000
)


def maybe(strategy: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    """Mostly a plausible value for the option, sometimes any value at all."""
    return st.one_of(strategy, strategy, strategy, values)


texts = st.one_of(words, st.lists(words, max_size=3))
tool_items = st.one_of(
    words,
    st.fixed_dictionaries(
        {"tool": words}, optional={"args": maybe(st.dictionaries(words, words, max_size=2))}
    ),
    st.fixed_dictionaries({"name": words}, optional={"min": numbers, "max": numbers}),
)
trajectory_values = st.one_of(
    words,
    st.lists(tool_items, max_size=3),
    st.fixed_dictionaries({"name": words}, optional={"min": numbers, "max": numbers}),
    st.fixed_dictionaries(
        {"steps": st.lists(tool_items, max_size=3)},
        optional={"mode": st.sampled_from(["in_order", "exact", "any_order", "x"])},
    ),
    st.fixed_dictionaries(
        {"name": words, "args": st.dictionaries(words, words, max_size=2)},
        optional={"mode": st.sampled_from(["partial", "exact", "defaults", "ignore", "x"])},
    ),
)
field_specs = st.fixed_dictionaries(
    {"path": maybe(words)},
    optional={
        "match": maybe(st.sampled_from(["exact", "numeric_tolerance", "date", "x"])),
        "tolerance": maybe(numbers),
        "relative": maybe(st.booleans()),
        "formats": maybe(st.lists(st.sampled_from(["US", "EU", "x"]), max_size=2)),
        "required": maybe(st.booleans()),
        "weight": maybe(numbers),
    },
)
member = st.fixed_dictionaries(
    {"type": st.sampled_from(["contains", "regex", "equals", "latency", "llm-rubric"])},
    optional={"name": words, "value": words, "weight": numbers, "required": st.booleans()},
)
TEXT_OPTIONS = {
    "value": maybe(texts),
    "case_sensitive": maybe(st.booleans()),
    "target_output_key": maybe(words),
}
REGEX_OPTIONS = {
    "value": maybe(patterns),
    "flags": maybe(flag_strings),
    "timeout_ms": st.sampled_from([1, 20, 50, 0.5, 0, -1, "x", math.inf]),
    "case_sensitive": maybe(st.booleans()),
}
FAMILY_OPTIONS: dict[str, dict[str, st.SearchStrategy[Any]]] = {
    "text": TEXT_OPTIONS,
    "regex": REGEX_OPTIONS,
    "json": {"value": maybe(st.sampled_from([{"type": "object"}, '{"type": "string"}', "{"]))},
    "transcript": {
        "substring": maybe(words),
        "pattern": maybe(patterns),
        "value": maybe(words),
        "flags": maybe(flag_strings),
        "case_sensitive": maybe(st.booleans()),
        "timeout_ms": st.sampled_from([20, 50]),
    },
    "structured": {
        "fields": maybe(st.lists(field_specs, max_size=3)),
        "aggregation": maybe(st.sampled_from(["weighted_average", "all_or_nothing", "x"])),
        "expected": maybe(st.dictionaries(words, values, max_size=2)),
    },
    "metric": {
        key: maybe(numbers)
        for key in (
            "threshold",
            "budget",
            "max_total",
            "max_input",
            "max_output",
            "max_tool_calls",
            "max_llm_calls",
            "max_tokens",
            "max_cost_usd",
            "max_duration_ms",
            "target_exploration_ratio",
            "exploration_tolerance",
        )
    },  # fmt: skip
    "trajectory": {
        "value": maybe(trajectory_values),
        "mode": maybe(st.sampled_from(["any_order", "in_order", "exact", "subset", "superset"])),
        "expected": maybe(st.lists(tool_items, max_size=3)),
        "minimums": maybe(st.dictionaries(words, numbers, max_size=2)),
        "args_match": maybe(st.sampled_from(["exact", "partial", "ignore"])),
    },
    "skill": {"value": maybe(trajectory_values)},
    "group": {
        "assert": maybe(st.lists(member, max_size=3)),
        "assertions": maybe(st.lists(member, max_size=3)),
        "aggregator": maybe(
            st.sampled_from(["weighted_average", "min", "max", "all_pass", "llm-grader"])
            | st.fixed_dictionaries(
                {"type": st.sampled_from(["threshold", "code-grader", "weighted_average"])},
                optional={"threshold": numbers, "command": st.just(["grade"])},
            )
        ),
        "threshold": maybe(numbers),
    },
    "script": {
        "command": maybe(st.sampled_from([["grade"], "grade --x", [], [5]])),
        "value": maybe(words),
        "threshold": maybe(numbers),
        "timeout_ms": maybe(numbers),
    },
    "llm": {"value": maybe(texts), "threshold": maybe(numbers), "prompt": maybe(words)},
    "service": {"value": maybe(words)},
}
COMMON = {
    "weight": maybe(numbers),
    "negate": maybe(st.booleans()),
    "required": maybe(st.booleans()),
    "min_score": maybe(numbers),
    "name": maybe(words),
}


def options_for(kind: str) -> st.SearchStrategy[dict[str, Any]]:
    family = REGISTRY[kind].family
    return st.fixed_dictionaries({"type": st.just(kind)}, optional={**FAMILY_OPTIONS[family],
                                                                   **COMMON})  # fmt: skip


transcript_files = st.one_of(
    st.lists(
        st.fixed_dictionaries(
            {"role": st.sampled_from(["assistant", "user", "tool", "x"]), "content": words},
            optional={"tool_calls": st.lists(tool_items, max_size=2)},
        ),
        max_size=3,
    ).map(json.dumps),
    st.binary(max_size=60).map(lambda b: b.decode("utf-8", "replace")),
)
timing_files = st.dictionaries(
    st.sampled_from(["duration_ms", "cost_usd", "token_usage", "total_tokens", "tool_calls"]),
    st.one_of(numbers, st.dictionaries(st.sampled_from(["input", "output", "total"]), numbers)),
).map(lambda d: json.dumps(d, allow_nan=True)) | st.binary(max_size=40).map(
    lambda b: b.decode("utf-8", "replace")
)


@contextmanager
def _stubbed_programs(answer: Any) -> Iterator[None]:
    """No grader program runs in a property test: the runner answers from the draw."""

    def fake(argv: Any, stdin: bytes, cwd: str, timeout_ms: float, label: str) -> Any:
        json.loads(stdin)
        return answer

    with (
        mock.patch.object(scripts, "run_program", fake),
        mock.patch.object(_process, "run_program", fake),
    ):
        yield


finished = st.builds(
    _process.Finished,
    exit_code=st.sampled_from([0, 0, 1, -9]),
    stdout=st.sampled_from(['{"pass": true}', '{"score": 0.3}', "0.7", "true", "x", ""]),
    stderr_tail=st.just(""),
    timed_out=st.booleans(),
    flooded=st.booleans(),
)


def _all_outcomes(outcome: Outcome) -> Iterator[Outcome]:
    yield outcome
    for child in outcome.children:
        yield from _all_outcomes(child)


def _check_outcome(outcome: Outcome) -> None:
    for item in _all_outcomes(outcome):
        assert item.status in set(Status)
        assert "internal error" not in item.evidence, item.evidence
        if item.status is Status.ERROR:
            assert item.passed is False and item.score == 0.0
        if item.status in (Status.SKIPPED, Status.PENDING):
            assert item.passed is None and item.score is None
        if item.score is not None:
            assert 0.0 <= item.score <= 1.0


@pytest.mark.parametrize("kind", sorted(REGISTRY))
def test_every_type_grades_to_a_status_and_negation_never_rescues(
    kind: str, tmp_path_factory: Any
) -> None:
    folder = Path(tmp_path_factory.mktemp(kind.replace(":", "_")))

    @budget(25)
    @given(data=st.data())
    def check(data: st.DataObject) -> None:
        raw = data.draw(options_for(kind))
        run = _run_data(data, folder)
        ctx = ListContext(test_id="t", eval_dir=str(folder), variables={"x": "Paris"})
        with _stubbed_programs(data.draw(finished)):
            plain = {k: v for k, v in raw.items() if k not in ("negate", "negated")}
            base = evaluate_one(build_one(plain, ctx, 0), run)
            negated = evaluate_one(build_one(dict(plain, negate=True), ctx, 0), run)
        _check_outcome(base)
        _check_outcome(negated)
        if base.status in (Status.ERROR, Status.SKIPPED, Status.PENDING):
            assert negated.status is not Status.PASSED, (plain, base, negated)

    check()


def _run_data(data: st.DataObject, folder: Path) -> RunData:
    timing = transcript = None
    if data.draw(st.booleans()):
        timing = folder / "timing.json"
        timing.write_text(data.draw(timing_files), encoding="utf-8")
    if data.draw(st.booleans()):
        transcript = folder / "transcript.json"
        transcript.write_text(data.draw(transcript_files), encoding="utf-8")
    side = read_side_files(
        str(timing) if timing else None, str(transcript) if transcript else None, None, "hi"
    )
    test = TestCase(
        id="t",
        suite="s",
        assertions=(),
        threshold=0.8,
        threshold_source="default",
        criteria=data.draw(st.none() | words),
        expected_output=data.draw(st.none() | values),
    )
    return RunData(
        test=test,
        response=data.draw(st.text(max_size=80) | st.sampled_from(['{"a": 1}', "Paris"])),
        eval_dir=str(folder),
        timing=side.timing,
        timing_problem=side.timing_problem,
        transcript=side.transcript,
        transcript_problem=side.transcript_problem,
        llm_results=data.draw(
            st.dictionaries(
                st.sampled_from(["llm-rubric", "agent-rubric", "j"]),
                st.builds(
                    LlmResult,
                    path=st.just("llm_grader_results/x.json"),
                    score=st.none() | st.floats(0, 1),
                    problem=st.none() | st.just("bad file"),
                ),
                max_size=2,
            )
        ),
    )


@budget(150)
@given(raw=assertion_dicts, response=st.text(max_size=200))
def test_any_assertion_grades_to_a_status_and_negation_never_rescues(
    raw: dict[str, Any], response: str
) -> None:
    ctx = ListContext(test_id="t", eval_dir=".", variables={})
    run = RunData(test=_test_case(), response=response)
    plain = {k: v for k, v in raw.items() if k not in ("negate", "negated")}
    with _stubbed_programs(_process.Finished(0, '{"pass": true}', "")):
        outcome = evaluate_one(build_one(raw, ctx, 0), run)
        base = evaluate_one(build_one(plain, ctx, 0), run)
        negated = evaluate_one(build_one(dict(plain, negate=True), ctx, 0), run)
    for item in (outcome, base, negated):
        _check_outcome(item)
    if base.status in (Status.ERROR, Status.SKIPPED, Status.PENDING):
        assert negated.status is not Status.PASSED, (plain, base, negated)


# --- side files and LLM results ------------------------------------------------------------


@budget(200)
@given(timing=st.binary(max_size=200), metrics=st.binary(max_size=200), raw=st.binary(max_size=300))
def test_side_file_readers_never_raise(
    tmp_path_factory: Any, timing: bytes, metrics: bytes, raw: bytes
) -> None:
    folder = Path(tmp_path_factory.mktemp("side"))
    for name, content in (("timing.json", timing), ("metrics.json", metrics), ("t.jsonl", raw)):
        (folder / name).write_bytes(content)
    side = read_side_files(
        str(folder / "timing.json"), str(folder / "t.jsonl"), str(folder / "metrics.json"), "q"
    )
    assert all(isinstance(w, str) and w for w in side.warnings)
    assert side.timing is None or side.timing_problem is None or side.timing.files
    assert (side.transcript is None) == (side.transcript_problem is not None)
    if side.transcript is not None:
        assert all(m.role for m in side.transcript.messages)


@budget(150)
@given(
    doc=st.one_of(
        st.binary(max_size=120),
        st.fixed_dictionaries(
            {}, optional={"score": values, "assertions": st.lists(values, max_size=3) | values}
        ).map(lambda d: json.dumps(d, allow_nan=True).encode()),
    )
)
def test_llm_result_reader_never_raises(tmp_path_factory: Any, doc: bytes) -> None:
    folder = Path(tmp_path_factory.mktemp("llm"))
    (folder / RESULTS_DIR).mkdir()
    (folder / RESULTS_DIR / "judge.json").write_bytes(doc)
    result = read_llm_results(str(folder))["judge"]
    if result.problem is None:
        assert result.score is not None and 0.0 <= result.score <= 1.0
        assert all(
            isinstance(c.text, str) and isinstance(c.passed, bool) for c in result.assertions
        )
    else:
        assert result.score is None and str(folder) in result.problem
