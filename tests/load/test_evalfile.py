"""Eval files → suites (SPEC §3): test lists, assertion lists, thresholds, names, JSONL."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from agentv_grader import grade_test, model
from agentv_grader.errors import GradeInputError
from agentv_grader.load.evalfile import load_suite, suite_name_from_path


def _suite(tmp_path: Path, text: str, name: str = "suite.eval.yaml") -> model.Suite:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return load_suite(str(path))


def _test(tmp_path: Path, text: str) -> model.TestCase:
    return _suite(tmp_path, text).tests[0]


# --- thresholds ------------------------------------------------------------------------

_LEVELS = {
    "run.threshold": "    run: {threshold: 0.1}\n",
    "execution.threshold": "    execution: {threshold: 0.2}\n",
    "threshold": "    threshold: 0.3\n",
}
_SUITE_LEVELS = {
    "default_test.threshold": "default_test: {threshold: 0.4}\n",
    "top-level threshold": "threshold: 0.5\n",
}
_VALUES = {
    "run.threshold": 0.1,
    "execution.threshold": 0.2,
    "threshold": 0.3,
    "default_test.threshold": 0.4,
    "top-level threshold": 0.5,
}


@pytest.mark.parametrize("winner", [k for k in _VALUES if k != "threshold"])
def test_threshold_precedence(tmp_path: Path, winner: str) -> None:
    """run.threshold > execution.threshold > default_test > top level > 0.8; a test's bare
    `threshold` is not read (AgentV main), whatever else is there."""
    order = list(_VALUES)
    present = order[order.index(winner) :]
    suite_lines = "".join(_SUITE_LEVELS[k] for k in present if k in _SUITE_LEVELS)
    test_lines = "".join(_LEVELS[k] for k in present if k in _LEVELS)
    test = _test(tmp_path, f"{suite_lines}tests:\n  - id: t\n{test_lines}    assert: []\n")
    assert (test.threshold, test.threshold_source) == (_VALUES[winner], winner)


def test_threshold_defaults_to_0_8(tmp_path: Path) -> None:
    test = _test(tmp_path, "tests:\n  - id: t\n    assert: []\n")
    assert (test.threshold, test.threshold_source) == (0.8, "default")


@pytest.mark.parametrize("bad", ["80", "'0.8'", "-0.1", "true"])
def test_bad_threshold_is_exit_2_naming_file_line_and_field(tmp_path: Path, bad: str) -> None:
    """docs/SPEC.md §3: no verdict can be given without a threshold; other tests stay usable."""
    text = f"tests:\n  - id: ok\n  - id: t\n    execution: {{threshold: {bad}}}\n"
    suite = _suite(tmp_path, text)
    assert suite.tests[0].threshold_problem is None
    problem = suite.tests[1].threshold_problem
    assert isinstance(problem, GradeInputError)
    assert problem.line == 3 and problem.file is not None
    assert "execution.threshold must be a number in 0..1" in str(problem)
    response = tmp_path / "t.md"
    response.write_text("x")
    with pytest.raises(GradeInputError, match="execution.threshold must be a number"):
        grade_test(str(tmp_path / "suite.eval.yaml"), "t", response_file=str(response), write=False)
    grade_test(str(tmp_path / "suite.eval.yaml"), "ok", response_file=str(response), write=False)


def test_bad_suite_threshold_is_exit_2(tmp_path: Path) -> None:
    suite = _suite(tmp_path, "threshold: 1.5\ntests:\n  - id: t\n")
    assert "top-level threshold must be a number in 0..1" in str(suite.tests[0].threshold_problem)


# --- test and assertion lists -----------------------------------------------------------


@pytest.mark.parametrize("key", ["tests", "evalcases", "eval_cases"])
def test_test_list_keys(tmp_path: Path, key: str) -> None:
    assert _suite(tmp_path, f"{key}:\n  - id: t\n    assert: []\n").test_ids() == ["t"]


def test_several_test_lists_warn_and_use_tests(tmp_path: Path) -> None:
    suite = _suite(tmp_path, "evalcases: [{id: old}]\ntests: [{id: new}]\n")
    assert suite.test_ids() == ["new"]
    assert any("several test lists" in w for w in suite.warnings)


def test_no_test_list_is_exit_2(tmp_path: Path) -> None:
    with pytest.raises(GradeInputError, match="no 'tests' list"):
        _suite(tmp_path, "name: x\n")


@pytest.mark.parametrize(
    ("keys", "used", "warns"),
    [
        ({"assertions": "a", "assert": "b"}, "a", True),
        ({"assert": "b", "execution": {"assert": "c"}}, "b", True),
        ({"execution": {"assert": "c", "evaluators": "d"}}, "c", True),
        ({"execution": {"evaluators": "d"}, "evaluators": "e"}, "d", True),
        ({"evaluators": "e"}, "e", False),
        ({"assert": "b"}, "b", False),
    ],
)
def test_assertion_list_precedence(
    tmp_path: Path, keys: dict[str, object], used: str, warns: bool
) -> None:
    """assertions > assert > execution.assert > execution.evaluators > evaluators; warn."""

    def as_list(value: object) -> object:
        if isinstance(value, dict):
            return {k: as_list(v) for k, v in value.items()}
        return [{"type": "contains", "value": value}]

    test_entry = {"id": "t", **{k: as_list(v) for k, v in keys.items()}}
    test = _test(tmp_path, json.dumps({"tests": [test_entry]}))
    assert [s.value for s in test.assertions] == [used]
    assert bool(test.warnings) is warns


def test_suite_defaults_follow_own_assertions(tmp_path: Path) -> None:
    text = (
        "default_test:\n  assert: [{type: contains, value: d}]\n"
        "assert: [{type: contains, value: s}]\n"
        "tests:\n  - id: t\n    assert: [{type: contains, value: own}]\n"
        "  - id: skip\n    execution: {skip_defaults: true}\n"
        "    assert: [{type: contains, value: own}]\n"
    )
    with_defaults, skipping = _suite(tmp_path, text).tests
    assert [(s.index, s.value) for s in with_defaults.assertions] == [
        (0, "own"),
        (1, "d"),
        (2, "s"),
    ]
    assert [s.value for s in skipping.assertions] == ["own"]


def test_criteria_without_assertions_is_one_pending_rubric(tmp_path: Path) -> None:
    test = _test(tmp_path, "tests:\n  - id: t\n    criteria: Answers correctly\n")
    (rubric,) = test.assertions
    assert (rubric.type, rubric.value, rubric.weight) == ("llm-rubric", ["Answers correctly"], 1.0)


def test_criteria_with_suite_assert_adds_no_rubric(tmp_path: Path) -> None:
    text = "assert: [{type: is-json}]\ntests:\n  - id: t\n    criteria: Answers\n"
    assert [s.type for s in _test(tmp_path, text).assertions] == ["is-json"]


def test_a_test_without_id_is_left_out_with_a_warning(tmp_path: Path) -> None:
    suite = _suite(tmp_path, "tests:\n  - assert: []\n  - id: ok\n    assert: []\n")
    assert suite.test_ids() == ["ok"]
    assert any(":2: a test has no 'id'" in w for w in suite.warnings)


def test_numeric_id_and_templated_id(tmp_path: Path) -> None:
    text = "tests:\n  - id: 7\n  - id: 'city-{{ c }}'\n    vars: {c: paris}\n"
    assert _suite(tmp_path, text).test_ids() == ["7", "city-paris"]


def test_vars_merge_over_default_test_vars(tmp_path: Path) -> None:
    text = (
        "default_test:\n  vars: {a: A, b: B}\n"
        "tests:\n  - id: t\n    vars: {b: own}\n"
        "    assert: [{type: contains, value: '{{ a }}{{ vars.b }}'}]\n"
    )
    assert _test(tmp_path, text).assertions[0].value == "Aown"


def test_expected_output_from_test_or_vars(tmp_path: Path) -> None:
    text = (
        "tests:\n  - id: a\n    expected_output: {x: 1}\n"
        "  - id: b\n    vars: {expected_output: '{\"y\": 2}'}\n"
    )
    first, second = _suite(tmp_path, text).tests
    assert first.expected_output == {"x": 1} and second.expected_output == '{"y": 2}'


def test_bom_in_eval_file_is_ignored(tmp_path: Path) -> None:
    path = tmp_path / "s.eval.yaml"
    path.write_bytes(b"\xef\xbb\xbftests: [{id: t}]\n")
    assert load_suite(str(path)).test_ids() == ["t"]


def test_eval_file_that_is_not_utf8_is_exit_2_with_line(tmp_path: Path) -> None:
    path = tmp_path / "s.eval.yaml"
    path.write_bytes(b"tests:\n  - id: \xff\n")
    with pytest.raises(GradeInputError) as caught:
        load_suite(str(path))
    assert caught.value.line == 2 and "not valid UTF-8" in str(caught.value)


def test_eval_file_that_is_not_a_mapping(tmp_path: Path) -> None:
    with pytest.raises(GradeInputError, match="must be a mapping with 'tests', got a list"):
        _suite(tmp_path, "- id: t\n")


# --- suite names ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("file_name", "name"),
    [
        ("checks.eval.yaml", "checks"),
        ("checks.yaml", "checks"),
        ("checks.yml", "checks"),
        ("checks.eval.yml", "checks"),  # AgentV main (4.x kept "checks.eval")
        ("checks.jsonl", "checks"),
        ("dir/checks.eval.yaml", "checks"),
        (".yaml", "eval"),
    ],
)
def test_suite_name_from_the_file_name(file_name: str, name: str) -> None:
    assert suite_name_from_path(file_name) == name


def test_suite_name_field_wins_trimmed(tmp_path: Path) -> None:
    assert _suite(tmp_path, "name: '  Demo  '\ntests: []\n").name == "Demo"
    assert _suite(tmp_path, "name: '  '\ntests: []\n", "x.eval.yaml").name == "x"


# --- file:// case files -----------------------------------------------------------------


def test_file_cases_in_yaml_json_and_jsonl(tmp_path: Path) -> None:
    cases = tmp_path / "cases"
    cases.mkdir()
    (cases / "a.yaml").write_text("- id: y1\n- id: y2\n", encoding="utf-8")
    (cases / "b.json").write_text('{"tests": [{"id": "j1"}]}', encoding="utf-8")
    (cases / "c.jsonl").write_text('{"id": "l1"}\n\n{"id": "l2"}\n', encoding="utf-8")
    (cases / "d.yaml").write_text("id: single\n", encoding="utf-8")
    text = (
        "tests:\n  - id: inline\n  - file://cases/a.yaml\n  - file://cases/b.json\n"
        "  - file://cases/c.jsonl\n  - cases/d.yaml\n"
    )
    assert _suite(tmp_path, text).test_ids() == ["inline", "y1", "y2", "j1", "l1", "l2", "single"]


def test_case_file_problems_are_exit_2_naming_the_file(tmp_path: Path) -> None:
    (tmp_path / "bad.json").write_text('{"tests": [', encoding="utf-8")
    with pytest.raises(GradeInputError) as caught:
        _suite(tmp_path, "tests:\n  - file://bad.json\n")
    assert caught.value.file is not None and caught.value.file.endswith("bad.json")
    assert caught.value.line == 1
    with pytest.raises(GradeInputError, match="test case file not found"):
        _suite(tmp_path, "tests:\n  - file://nope.yaml\n")
    (tmp_path / "list.yaml").write_text("- 1\n- 2\n", encoding="utf-8")
    with pytest.raises(GradeInputError, match="test 1 of the file is not a mapping"):
        _suite(tmp_path, "tests:\n  - file://list.yaml\n")


# --- JSONL suites -----------------------------------------------------------------------


def _jsonl(tmp_path: Path, rows: list[dict[str, object]], sidecar: str | None) -> model.Suite:
    path = tmp_path / "qa.jsonl"
    path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), "utf-8")
    if sidecar is not None:
        (tmp_path / "qa.yaml").write_text(sidecar, encoding="utf-8")
    return load_suite(str(path))


def test_jsonl_suite_without_sidecar(tmp_path: Path) -> None:
    suite = _jsonl(tmp_path, [{"id": "a", "assert": [{"type": "is-json"}]}], None)
    assert (suite.name, suite.test_ids()) == ("qa", ["a"])
    assert suite.tests[0].line == 1


def test_jsonl_sidecar_gives_name_and_default_execution(tmp_path: Path) -> None:
    sidecar = "name: QA set\nexecution:\n  threshold: 0.5\n  assert: [{type: is-json}]\n"
    rows: list[dict[str, object]] = [
        {"id": "a"},
        {"id": "b", "assert": [{"type": "contains", "value": "x"}]},
        {"id": "c", "execution": {"threshold": 0.9}},
    ]
    a, b, c = _jsonl(tmp_path, rows, sidecar).tests
    assert a.suite == "QA set"
    # AgentV main: the sidecar's `execution.assert` follows each row's own list (a row with
    # its own `execution` uses that instead); no threshold is read from a JSONL suite.
    assert ([s.type for s in a.assertions], a.threshold) == (["is-json"], 0.8)
    assert [s.type for s in b.assertions] == ["contains", "is-json"]
    assert (c.assertions, c.threshold) == ((), 0.8)


def test_jsonl_lines_end_only_at_newline(tmp_path: Path) -> None:
    """A JSON string may hold U+2028; `str.splitlines` would cut the row there."""
    suite = _jsonl(tmp_path, [{"id": "a", "criteria": "x\u2028y\u0085z"}], None)
    assert suite.tests[0].criteria == "x\u2028y\u0085z"


def test_jsonl_syntax_error_has_line_and_column(tmp_path: Path) -> None:
    path = tmp_path / "qa.jsonl"
    path.write_text('{"id": "a"}\n{"id": \n', encoding="utf-8")
    with pytest.raises(GradeInputError) as caught:
        load_suite(str(path))
    assert (caught.value.line, caught.value.col) == (2, 8)


def test_jsonl_row_must_be_an_object(tmp_path: Path) -> None:
    path = tmp_path / "qa.jsonl"
    path.write_text("[1]\n", encoding="utf-8")
    with pytest.raises(GradeInputError, match="each line must be a JSON object"):
        load_suite(str(path))


def test_input_from_prompts_input_or_messages_is_rendered(tmp_path: Path) -> None:
    text = (
        "prompts: ['Capital of {{ country }}?']\n"
        "tests:\n  - id: p\n    vars: {country: France}\n"
        "  - id: s\n    input: 'Hi {{ who }}'\n    vars: {who: Ann}\n"
        "  - id: m\n    input_messages: [{role: system, content: S}, {role: user, content: U}]\n"
    )
    from_prompts, from_input, from_messages = _suite(tmp_path, text).tests
    assert from_prompts.input_text == "Capital of France?"
    assert from_input.input_messages == ({"role": "user", "content": "Hi Ann"},)
    assert from_messages.input_text == "S\nU" and len(from_messages.input_messages) == 2


def test_expected_output_and_criteria_are_rendered(tmp_path: Path) -> None:
    text = (
        "tests:\n  - id: t\n    vars: {ref: {city: Paris}, c: Paris}\n"
        "    expected_output: '{{ ref }}'\n    criteria: 'Says {{ c }}'\n"
    )
    test = _test(tmp_path, text)
    assert test.expected_output == {"city": "Paris"} and test.criteria == "Says Paris"


# --- assertions built on first use ------------------------------------------------------

_LAZY = """\
tests:
  - id: a
    assertions: [{type: contains, value: A}]
  - id: b
    assert: [{type: contains, value: B}]
    assertions: [{type: contains, value: "{{ word }}"}]
    criteria: {not: text}
    vars: {word: Bee}
  - id: c
    assertions: [{type: contains, value: C}]
"""


def test_grading_one_test_builds_only_its_assertions(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """One call per test on a big suite: the other tests' assertions are never built."""
    from agentv_grader.load import evalfile

    built: list[str] = []
    real = evalfile.build_list

    def counting(raw, ctx, **kwargs):  # type: ignore[no-untyped-def]
        built.append(ctx.test_id)
        return real(raw, ctx, **kwargs)

    monkeypatch.setattr(evalfile, "build_list", counting)
    path = tmp_path / "suite.eval.yaml"
    path.write_text(_LAZY, encoding="utf-8")
    (tmp_path / "b").mkdir()
    (tmp_path / "b" / "response.md").write_text("Bee", encoding="utf-8")
    report = grade_test(str(path), "b", bench_dir=str(tmp_path), critique=True)
    assert built == ["b"]
    assert report.verdict == "pass"
    assert [a["name"] for a in report.data["assertions"]] == ["contains-Bee"]


def test_built_assertions_and_warnings_are_those_of_the_file(tmp_path: Path) -> None:
    """Building on first use keeps the values and the warnings' order: the assertion
    list's warnings first, then the rest of the test's."""
    test = _suite(tmp_path, _LAZY).tests[1]
    warnings = test.warnings  # before the assertions: they are built for it
    assert len(warnings) == 2
    assert "several assertion lists" in warnings[0] and "criteria must be text" in warnings[1]
    assert [s.name for s in test.assertions] == ["contains-Bee"]
    assert test.assertions is test.assertions  # built once
    assert test.warnings == warnings


RUN_CONTROLS = """\
tests:
  - id: t1
    input: hi
    assert:
      - type: contains
        value: hi
"""


@pytest.mark.parametrize(
    ("controls", "says"),
    [
        ("evaluate_options:\n  repeat:\n    count: 2\n    strategy: pass_any\n", "repeat object"),
        ("evaluate_options:\n  repeat: 0\n", "positive integer"),
        ("evaluate_options:\n  repeat: 1.5\n", "positive integer"),
        ("runs: 3\n", "top-level 'runs' has been removed"),
        ("early_exit: true\n", "top-level 'early_exit' has been removed"),
        ("repeat: 2\n", "top-level 'repeat' has been removed"),
    ],
)
def test_run_controls_agentv_main_refuses_are_warned(
    tmp_path: Path, controls: str, says: str
) -> None:
    """AgentV main refuses these files (its showcase multi-model-benchmark among them); they
    say how often a target runs, not how a response is graded: graded as 4.x, with a warning."""
    suite = _suite(tmp_path, controls + RUN_CONTROLS)
    assert [case.id for case in suite.tests] == ["t1"]
    assert len(suite.warnings) == 1
    assert "AgentV main refuses this file" in suite.warnings[0]
    assert says in suite.warnings[0]


@pytest.mark.parametrize("repeat", ["2", "2.0"])
def test_a_positive_integer_repeat_is_not_warned(tmp_path: Path, repeat: str) -> None:
    suite = _suite(tmp_path, f"evaluate_options:\n  repeat: {repeat}\n" + RUN_CONTROLS)
    assert suite.warnings == ()


def test_an_input_quoting_template_syntax_is_kept_as_written_without_jinja2(
    tmp_path: Path,
) -> None:
    """A prompt that quotes template syntax (`{{ config.SECRET_KEY }}`, no such var) does
    not render; it is kept as written, and telling so imports no Jinja2 (the batch's serial
    load, SPEC §8)."""
    import subprocess
    import sys

    text = "tests:\n  - id: t\n    input: 'Say \"Hi {{ 7 * 7 }} {{ config.SECRET_KEY }}\"'\n"
    path = tmp_path / "s.eval.yaml"
    path.write_text(text, encoding="utf-8")
    code = (
        "import sys\n"
        "from agentv_grader.load.evalfile import load_suite\n"
        f"test = load_suite({str(path)!r}).tests[0]\n"
        "print(repr(test.input_text), 'jinja2' in sys.modules)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.split("\n")[0] == "'Say \"Hi {{ 7 * 7 }} {{ config.SECRET_KEY }}\"' False"


# --- every field of a test, as each way of building one sets it -------------------------


def test_each_field_of_a_loaded_test_is_the_one_the_file_gives(tmp_path: Path) -> None:
    """Both ways of building a test (`_plain_test` for the usual one, `_test`) hand its
    fields to `new_test_case` by position: each lands in its own field."""
    suite = _suite(
        tmp_path,
        "tests:\n"
        "  - id: plain\n"
        "    input: Q\n"
        "    criteria: C\n"
        "    assertions: [{type: contains, value: a}]\n"
        "  - id: full-{{ n }}\n"
        "    vars: {n: '1'}\n"
        "    input_messages: [{role: user, content: M}]\n"
        "    criteria: K\n"
        "    expected_output: E\n"
        "    execution: {threshold: 2}\n"
        "    turns: [{input: T}]\n"
        "    options: {transform: 'output.trim()'}\n"
        "    threshold: 0.5\n"
        "    assertions: [{type: contains, value: b}]\n",
    )
    plain, full = suite.tests
    assert (plain.id, plain.suite, plain.threshold, plain.threshold_source) == (
        "plain",
        "suite",
        0.8,
        "default",
    )
    assert (plain.threshold_problem, plain.input_text, plain.criteria) == (None, "Q", "C")
    assert plain.input_messages == ({"role": "user", "content": "Q"},)
    assert (plain.expected_output, plain.vars, plain.line, plain.turns) == (None, {}, 2, ())
    assert (plain.output_transform, plain.warnings) == (None, ())
    assert [a.value for a in plain.assertions] == ["a"]
    assert (full.id, full.suite, full.threshold, full.threshold_source) == (
        "full-1",
        "suite",
        0.8,
        "execution.threshold",
    )
    assert "execution.threshold must be a number" in str(full.threshold_problem)
    assert (full.input_text, full.input_messages) == ("M", ({"role": "user", "content": "M"},))
    assert (full.criteria, full.expected_output, full.vars, full.line) == ("K", "E", {"n": "1"}, 6)
    assert (full.turns, full.output_transform) == (({"input": "T"},), "output.trim()")
    assert len(full.warnings) == 1 and "threshold is not read" in full.warnings[0]
    assert [a.value for a in full.assertions] == ["b"]
