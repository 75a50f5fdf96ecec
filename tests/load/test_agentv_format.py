"""AgentV main's eval format, one behaviour at a time (fidelity rows of issue 18)."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from agentv_grader import grade_test
from agentv_grader.errors import GradeInputError
from agentv_grader.load.evalfile import load_suite, suite_name_from_path
from agentv_grader.load.yaml12 import load_yaml
from tests.helpers import grade_written

CASES = Path(__file__).resolve().parent.parent / "data" / "fidelity"


@pytest.mark.parametrize(
    ("file", "name"),
    [
        ("skill.EVAL.yaml", "skill"),  # fidelity case 26
        ("other.eval.yml", "other"),
        ("x.Eval.YML", "x"),
        ("plain.yaml", "plain"),
        ("cases.jsonl", "cases"),
        (".eval.yaml", "eval"),
    ],
)
def test_suite_name_drops_eval_yaml_in_any_case(file: str, name: str) -> None:
    """Row 2: AgentV strips `.eval.ya?ml`, then `.ya?ml`, ignoring case."""
    assert suite_name_from_path(f"/some/dir/{file}") == name


def test_suite_name_of_case_26_files() -> None:
    assert load_suite(str(CASES / "26-suite-name" / "skill.EVAL.yaml")).name == "skill"
    assert load_suite(str(CASES / "26-suite-name" / "other.eval.yml")).name == "other"


def test_merge_keys_merge_and_own_keys_win() -> None:
    """Row 12: `<<: *base` and `<<: [*a, *b]` (the first source wins, own keys win)."""
    doc = load_yaml("a: &a {x: 1, z: 0}\nb: &b {x: 2, y: 2}\nc:\n  <<: [*a, *b]\n  y: 3\n", "f")
    assert doc["c"] == {"x": 1, "z": 0, "y": 3}


def test_merge_key_of_a_scalar_is_exit_2_with_its_line() -> None:
    with pytest.raises(GradeInputError) as info:
        load_yaml("a: 1\nc:\n  <<: 5\n", "f.yaml")
    assert info.value.line == 3 and "'<<' merges a mapping" in str(info.value)


def test_quoted_merge_key_is_a_plain_key() -> None:
    assert load_yaml('c: {"<<": 1}\n', "f") == {"c": {"<<": 1}}


ENV_SUITE = """
prompts: ["{{ q }}"]
tests:
  - id: t
    vars: {q: hi}
    execution:
      threshold: "{{ env.AV_PASS }}"
    assert:
      - type: contains
        value: "{{ env.AV_NEEDLE }}"
        weight: "{{ env.AV_W }}"
      - type: contains
        value: "x-{{ env.AV_UNSET }}-y"
"""


def test_env_in_any_field_keeps_type_when_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Row 17: `{{ env.X }}` anywhere; a whole-string one becomes a number; unset is ''."""
    monkeypatch.setenv("AV_PASS", "0.5")
    monkeypatch.setenv("AV_W", "2")
    monkeypatch.delenv("AV_UNSET", raising=False)
    (tmp_path / ".env").write_text("AV_NEEDLE=from-root\nAV_W=9\n")
    (tmp_path / "evals").mkdir()
    (tmp_path / "evals" / ".env").write_text("AV_NEEDLE=nearest\n")
    path = tmp_path / "evals" / "s.eval.yaml"
    (tmp_path / ".git").mkdir()
    path.write_text(ENV_SUITE)
    test = load_suite(str(path)).tests[0]
    assert test.threshold == 0.5
    first, second = test.assertions
    assert first.value == "nearest"  # the nearest .env wins
    assert first.weight == 2.0  # the process environment wins over .env files
    assert second.value == "x--y"  # an unset variable is empty text, as in Nunjucks
    assert first.problem is None and second.problem is None


def _rubric_cases() -> list[tuple[str, str, list[dict[str, object]]]]:
    answers = json.loads((CASES / "18-rubric-shapes" / "agentv-rubrics.json").read_text())
    return [(t["file"], test_id, t["rubrics"]) for test_id, t in answers["tests"].items()]


@pytest.mark.parametrize(("file", "test_id", "rubrics"), _rubric_cases())
def test_rubric_items_are_handed_off_as_agentv_normalises_them(
    file: str, test_id: str, rubrics: list[dict[str, object]]
) -> None:
    """Row 3: `criteria` alias, one object, operator, score_ranges (item or assertion,
    map or list), min_score, default required: the pending item carries AgentV's items."""
    case = CASES / "18-rubric-shapes"
    report = grade_test(
        str(case / file),
        test_id,
        response_file=str(case / "resp.md"),
        write=False,
        critique=False,
    )
    [pending] = report.data["pending"]
    assert [_as_agentv_writes(item) for item in pending["rubrics"]] == rubrics
    assert report.data["summary"]["errors"] == 0


def _as_agentv_writes(item: dict[str, object]) -> dict[str, object]:
    """The hand-off writes every field of every item (`outcome: null` when there is none,
    `required: false` on an analytic item, which has no `required`); AgentV leaves them out."""
    out = {k: v for k, v in item.items() if not (k == "outcome" and v is None)}
    if "score_ranges" in out and out.get("required") is False:
        del out["required"]
    return out


PROMPT_SUITE = """
prompts: ["{{ q }}"]
tests:
  - id: t
    vars: {q: hi}
    assert:
      - type: llm-rubric
        metric: judged
        prompt: file://prompts/judge.md
"""


def test_prompt_file_is_found_through_agentv_search_roots(tmp_path: Path) -> None:
    """Row 1: `prompt: file://…` is looked for from the eval's folder up to the repository
    root (here two levels up, where AgentV finds it too); its text and path are handed to
    the grader agent. A file without `{{ output }}` is kept too (SPEC §3)."""
    (tmp_path / ".git").mkdir()
    (tmp_path / "prompts").mkdir()
    (tmp_path / "prompts" / "judge.md").write_text("Is the answer kind?\n")
    evals = tmp_path / "evals" / "sub"
    evals.mkdir(parents=True)
    (evals / "s.eval.yaml").write_text(PROMPT_SUITE)
    (tmp_path / "resp.md").write_text("hello")
    report = grade_test(
        str(evals / "s.eval.yaml"), "t", response_file=str(tmp_path / "resp.md"), write=False
    )
    [pending] = report.data["pending"]
    assert pending["criteria"].startswith("Is the answer kind?")
    assert pending["prompt"]["path"] == str(tmp_path / "prompts" / "judge.md")


def test_prompt_file_in_the_working_folder_is_found(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """AgentV's last search root is the working folder."""
    (tmp_path / "repo" / ".git").mkdir(parents=True)
    (tmp_path / "repo" / "s.eval.yaml").write_text(PROMPT_SUITE)
    (tmp_path / "cwd" / "prompts").mkdir(parents=True)
    (tmp_path / "cwd" / "prompts" / "judge.md").write_text("Judge kindly.\n")
    (tmp_path / "resp.md").write_text("hello")
    monkeypatch.chdir(tmp_path / "cwd")
    report = grade_test(
        str(tmp_path / "repo" / "s.eval.yaml"),
        "t",
        response_file=str(tmp_path / "resp.md"),
        write=False,
    )
    [pending] = report.data["pending"]
    assert pending["prompt"]["path"] == str(tmp_path / "cwd" / "prompts" / "judge.md")


def test_custom_types_are_found_as_agentv_finds_them(tmp_path: Path) -> None:
    """Row 11: `.agentv/assertions/*.ts|js|mts|mjs` in the eval's folder and every
    ancestor, nearest first, then `.agentv/graders/` and `.agentv/judges/`; run with bun."""
    from agentv_grader.load.assertions import custom_command

    evals = tmp_path / "a" / "evals"
    for folder, name in [
        (tmp_path / ".agentv" / "assertions", "far.ts"),
        (tmp_path / "a" / ".agentv" / "assertions", "near.mts"),
        (tmp_path / ".agentv" / "assertions", "near.ts"),
        (tmp_path / ".agentv" / "judges", "judged.mjs"),
        (evals / ".agentv" / "graders", "graded.js"),
    ]:
        folder.mkdir(parents=True, exist_ok=True)
        (folder / name).write_text("export default () => ({ score: 1 });\n")
    evals.mkdir(parents=True, exist_ok=True)
    assert custom_command(str(evals), "far") == [
        "bun", "run", "--no-install", str(tmp_path / ".agentv" / "assertions" / "far.ts")
    ]  # fmt: skip
    assert custom_command(str(evals), "near")[-1].endswith("a/.agentv/assertions/near.mts")
    assert custom_command(str(evals), "judged")[-1].endswith(".agentv/judges/judged.mjs")
    assert custom_command(str(evals), "graded")[-1].endswith("evals/.agentv/graders/graded.js")
    assert custom_command(str(evals), "absent") is None


def test_prompt_command_whose_program_is_missing_names_it(tmp_path: Path) -> None:
    """A `prompt: {command: [prog, …]}` whose program is not installed is `error` naming
    the program (AgentV's examples run `bun run …`), before looking for its file."""
    (tmp_path / "s.eval.yaml").write_text(
        'prompts: ["{{ q }}"]\ntests:\n  - id: t\n    vars: {q: hi}\n    assert:\n'
        "      - type: llm-rubric\n        prompt:\n"
        "          command: [no-such-program-here, run, ./gen.ts]\n"
    )
    (tmp_path / "resp.md").write_text("hello")
    report = grade_written(tmp_path)
    [item] = report.data["assertions"]
    assert item["status"] == "error" and "'no-such-program-here'" in item["evidence"]


CSV_TEXT = (
    "\ufeffid,input,__prefix,__expected,__expected2,__metric,__threshold,"
    "__metadata:tags[],__config:__expected2:threshold,vars.user.name,lang\n"
    'r1,hello,">> ",contains:hi,"not-icontains:BYE, NOW",greet,0.6,"a,b\\,c",0.4,Ada,en\n'
    ",,,latency(250),cost(0.5),,,,0.5,,\n"
    "\n"
    'r3,"multi\nline",,starts-with:He,grade:Is kind,,,,0.5,,\n'
)


def test_csv_rows_follow_agentv_column_rules(tmp_path: Path) -> None:
    """Row 10: id (else row-<n>), input with __prefix, __expected<N> (promptfoo's text),
    __metric names the row's assertions, __threshold, __metadata:<k>[], __config, vars."""
    from agentv_grader.load.csvcases import csv_cases

    first, second, third = csv_cases(CSV_TEXT, str(tmp_path / "c.csv"))
    assert first["id"] == "r1" and first["input"] == ">> hello"
    assert first["assert"] == [
        {"type": "contains", "value": "hi", "metric": "greet", "name": "greet-1"},
        {"type": "icontains", "negate": True, "value": "BYE, NOW", "metric": "greet",
         "name": "greet-2", "min_score": 0.4},
    ]  # fmt: skip
    assert first["threshold"] == 0.6 and first["execution"] == {"threshold": 0.6}
    assert first["metadata"] == {"tags": ["a", "b,c"], "threshold": 0.4}
    assert first["vars"] == {"user": {"name": "Ada"}, "lang": "en"}
    assert second["id"] == "row-2"
    assert second["assert"] == [
        {"type": "latency", "threshold": 250.0},
        {"type": "cost", "budget": 0.5, "min_score": 0.5},
    ]
    assert third["input"] == "multi\nline"
    assert third["assert"] == [
        {"type": "starts-with", "value": "He", "min_score": 0.75},
        {"type": "llm-grader", "rubrics": [{"id": "rubric", "outcome": "Is kind", "weight": 1}],
         "min_score": 0.5},
    ]  # fmt: skip


@pytest.mark.parametrize(
    ("cell", "fragment"),
    [
        ("latency:5", "needs a numeric limit"),
        ("word-count:5", "unsupported __expected assertion 'word-count'"),
        ("file://check.js", "only file://*.py"),
    ],
)
def test_csv_cells_agentv_refuses_are_exit_2(tmp_path: Path, cell: str, fragment: str) -> None:
    (tmp_path / "c.csv").write_text(f"id,__expected\nr1,{cell}\n")
    (tmp_path / "s.eval.yaml").write_text('prompts: ["x"]\ntests: file://c.csv\n')
    with pytest.raises(GradeInputError, match=re.escape(fragment)) as info:
        load_suite(str(tmp_path / "s.eval.yaml"))
    assert str(info.value.file).endswith("c.csv")


def test_test_generator_missing_runtime_is_exit_2_naming_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Rows 15: a generator runs as AgentV runs it (node for .js/.mjs/.cjs); without the
    runtime the file cannot be loaded: exit 2 naming the program."""
    (tmp_path / "gen.mjs").write_text("export default () => [{id: 'g'}];\n")
    (tmp_path / "s.eval.yaml").write_text('prompts: ["x"]\ntests: file://gen.mjs\n')
    monkeypatch.setenv("PATH", str(tmp_path / "no-programs-here"))
    with pytest.raises(GradeInputError, match="needs node, which is not installed"):
        load_suite(str(tmp_path / "s.eval.yaml"))


def test_test_generator_past_its_deadline_is_exit_2(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import agentv_grader.load.casefiles as casefiles

    monkeypatch.setattr(casefiles, "GENERATOR_TIMEOUT_S", 0.5)
    (tmp_path / "gen.py").write_text("import time\ndef create_tests():\n    time.sleep(30)\n")
    (tmp_path / "s.eval.yaml").write_text('prompts: ["x"]\ntests: file://gen.py\n')
    with pytest.raises(GradeInputError, match="ran longer than"):
        load_suite(str(tmp_path / "s.eval.yaml"))


def test_test_generator_named_function_and_failure(tmp_path: Path) -> None:
    (tmp_path / "gen.py").write_text(
        "def mine():\n    return {'tests': [{'id': 'p1'}]}\n"
        "def broken():\n    raise ValueError('no data')\n"
    )
    (tmp_path / "s.eval.yaml").write_text('prompts: ["x"]\ntests: file://gen.py:mine\n')
    assert load_suite(str(tmp_path / "s.eval.yaml")).test_ids() == ["p1"]
    (tmp_path / "s.eval.yaml").write_text('prompts: ["x"]\ntests: file://gen.py:broken\n')
    with pytest.raises(GradeInputError, match="no data"):
        load_suite(str(tmp_path / "s.eval.yaml"))


def test_tests_folder_and_globs(tmp_path: Path) -> None:
    """Rows 6 and 14: `tests: ./cases/` (one case.yaml per folder, the folder's name as id),
    globs in either form, `{a,b}` braces; a suite file is refused in the shorthand."""
    for name, text in [("b", "id: beta\n"), ("a", "vars: {q: 1}\n")]:
        (tmp_path / "cases" / name).mkdir(parents=True)
        (tmp_path / "cases" / name / "case.yaml").write_text(text)
    (tmp_path / "cases" / "empty").mkdir()
    (tmp_path / "more").mkdir()
    for name in ("x", "y", "z"):
        (tmp_path / "more" / f"{name}.yaml").write_text(f"- id: {name}\n")
    suite = tmp_path / "s.eval.yaml"
    suite.write_text('prompts: ["x"]\ntests: ./cases/\n')
    assert load_suite(str(suite)).test_ids() == ["a", "beta"]
    suite.write_text('prompts: ["x"]\ntests:\n  - file://more/*.yaml\n  - ./more/{x,z}.yaml\n')
    assert load_suite(str(suite)).test_ids() == ["x", "y", "z", "x", "z"]
    (tmp_path / "other.eval.yaml").write_text("tests: []\n")
    suite.write_text('prompts: ["x"]\ntests: ./other.eval.yaml\n')
    with pytest.raises(GradeInputError, match="include entry"):
        load_suite(str(suite))


def test_matches_types_are_case_sensitive_unless_told(tmp_path: Path) -> None:
    """Seed 001: `transcript-matches` / `output-matches` match case-sensitively; `(?i)`,
    `flags: i` or `case_sensitive: false` make them ignore case. ("COULD YOU" is not in
    "Could you".)"""
    (tmp_path / "resp.md").write_text("Could you say more?\n")
    (tmp_path / "s.eval.yaml").write_text(
        'prompts: ["x"]\ntests:\n  - id: t\n    assert:\n'
        '      - {type: output-matches, pattern: "COULD YOU", name: plain}\n'
        '      - {type: output-matches, pattern: "(?i)COULD YOU", name: inline}\n'
        '      - {type: output-matches, pattern: "COULD YOU", flags: i, name: flags}\n'
        '      - {type: output-matches, pattern: "COULD YOU", case_sensitive: false, name: opt}\n'
        '      - {type: output-contains, substring: "COULD YOU", name: contains}\n'
    )
    report = grade_written(tmp_path)
    status = {a["name"]: a["status"] for a in report.data["assertions"]}
    assert status == {
        "plain": "failed", "inline": "passed", "flags": "passed", "opt": "passed",
        "contains": "passed",  # the -contains types still ignore case by default (seed 000)
    }  # fmt: skip


def test_required_with_min_score_zero_gates_at_the_threshold(tmp_path: Path) -> None:
    """Row 22: AgentV main drops `min_score: 0`, so `required: true` gates at the test's
    threshold: a failed required assertion fails the test (fidelity case 21)."""
    case = CASES / "21-required-min-score-zero"
    [_, gated] = load_suite(str(case / "suite.eval.yaml")).tests[0].assertions
    assert gated.required and gated.min_score is None


def test_expected_output_single_message_means_its_content() -> None:
    """Row 21: `expected_output: {role, content}` is one message; its content is the
    reference answer (fidelity case 27)."""
    suite = load_suite(str(CASES / "27-expected-output-shorthand" / "suite.eval.yaml"))
    test = next(t for t in suite.tests if t.id == "single-message-object")
    assert test.reference_answer() == {"invoice": "INV-1", "total": 10}


def test_jsonl_sidecar_assert_is_appended_and_row_thresholds_unread() -> None:
    """Rows 18 and 19: the sidecar's `execution.assert` follows a row's own `assert`
    (unless the row has its own `execution`); a JSONL row's threshold is not read."""
    suite = load_suite(str(CASES / "16-jsonl-sidecar" / "suite.jsonl"))
    values = {t.id: [a.value for a in t.assertions] for t in suite.tests}
    assert values == {
        "own-assert": ["alpha", "beta"],
        "own-execution": ["alpha"],
        "row-threshold": ["alpha", "gamma"],
    }
    row = next(t for t in suite.tests if t.id == "row-threshold")
    assert row.threshold == 0.8
    assert any("execution.threshold is not read" in w for w in row.warnings)


def test_bare_test_threshold_is_not_read_and_says_so(tmp_path: Path) -> None:
    """Row 19: AgentV main reads `execution.threshold` / `run.threshold`, not a test's own
    `threshold` (fidelity case 17)."""
    test = load_suite(str(CASES / "17-threshold-keys" / "suite.eval.yaml")).tests[0]
    assert test.threshold == 0.8
    assert any("threshold is not read" in w and "execution.threshold" in w for w in test.warnings)


def test_spellings_agentv_main_refuses_are_graded_as_4x_with_its_guidance(
    tmp_path: Path,
) -> None:
    """Row 24: `skill-trigger`, `code_judge`, `composite`, … : AgentV main refuses them;
    agentv-grade grades them as the released 4.x does and warns with main's guidance."""
    (tmp_path / "s.eval.yaml").write_text(
        'prompts: ["x"]\ntests:\n  - id: t\n    assert:\n'
        "      - {type: skill-trigger, skill: csv, should_trigger: false}\n"
        "      - {type: contains_any, value: [a, b]}\n"
    )
    test = load_suite(str(tmp_path / "s.eval.yaml")).tests[0]
    assert [a.type for a in test.assertions] == ["skill-used", "contains-any"]
    assert any("AgentV main refuses type 'skill-trigger'" in w for w in test.warnings)
    assert any("use 'contains-any' instead" in w for w in test.warnings)


@pytest.mark.parametrize(
    ("template", "value", "rendered"),
    [
        ("{{ obj | dump }}", {"k": "alpha"}, '{"k":"alpha"}'),
        ("{{ obj | dump(2) }}", {"k": 1}, '{\n  "k": 1\n}'),
        ("{{ obj.toUpperCase() }}", "alpha", "ALPHA"),
        ("{{ obj.length }}", "héllo", "5"),
        ("{{ obj.length }}-{{ obj.join('+') }}", [1, 2], "2-1+2"),
        ("{{ obj.trim().startsWith('x') }}", "  xy ", "True"),
    ],
)
def test_nunjucks_dump_and_javascript_members(template: str, value: object, rendered: str) -> None:
    """Row 23: Nunjucks's `dump` filter and JavaScript's string/array members in templates."""
    from agentv_grader.load.templating import render_string

    assert render_string(template, {"obj": value}) == rendered


def test_legacy_expected_outcome_is_the_criteria() -> None:
    suite = load_suite(str(CASES / "23-templating-details" / "suite.eval.yaml"))
    test = next(t for t in suite.tests if t.id == "legacy-expected-outcome")
    assert test.criteria == "Says alpha"
    assert [a.type for a in test.assertions] == ["llm-rubric"]


def test_template_includes_as_agentv_finds_them(tmp_path: Path) -> None:
    """Row 13: by name from `.agentv/templates/` (.yaml or .yml) in any search root, by
    path, nested from the including template's folder, 4.x's `assertions:` key, cycles."""
    (tmp_path / ".git").mkdir()
    templates = tmp_path / ".agentv" / "templates"
    templates.mkdir(parents=True)
    (templates / "outer.yml").write_text("assertions:\n  - include: ./inner.yaml\n")
    (templates / "inner.yaml").write_text("assert:\n  - {type: contains, value: deep}\n")
    (templates / "loop.yaml").write_text("assert:\n  - include: loop\n")
    evals = tmp_path / "evals"
    evals.mkdir()
    (evals / "s.eval.yaml").write_text(
        'prompts: ["x"]\ntests:\n  - id: t\n    assert:\n'
        "      - include: outer\n      - include: ../.agentv/templates/inner.yaml\n"
        "      - include: loop\n      - include: absent\n"
    )
    specs = load_suite(str(evals / "s.eval.yaml")).tests[0].assertions
    assert [s.value for s in specs[:2]] == ["deep", "deep"]
    assert "cycle" in (specs[2].problem or "") or "deeper than 3" in (specs[2].problem or "")
    assert "assertion template not found: absent" in (specs[3].problem or "")


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed here")
def test_options_transform_rewrites_the_output_under_node(tmp_path: Path) -> None:
    """Row 8: `options.transform` (inline, or a file's function; inherited from
    `default_test`) rewrites the output every assertion sees; a transform that throws makes
    every assertion `error` with AgentV's "Transform failed" reason."""
    (tmp_path / "t.mjs").write_text(
        "export function pick(output) { return output.trim() + '!'; }\n"
    )
    (tmp_path / "resp.md").write_text("  hello  ")
    (tmp_path / "s.eval.yaml").write_text(
        'prompts: ["x"]\ndefault_test:\n  options:\n    transform: "output.toUpperCase()"\n'
        "tests:\n"
        "  - id: inherited\n    assert: [{type: equals, value: HELLO}]\n"
        "  - id: file\n    options: {transform: 'file://t.mjs:pick'}\n"
        "    assert: [{type: equals, value: hello!}]\n"
        "  - id: broken\n    options: {transform: 'output.nope()'}\n"
        "    assert: [{type: contains, value: hello}]\n"
    )
    status = {}
    for test_id in ("inherited", "file", "broken"):
        report = grade_test(
            str(tmp_path / "s.eval.yaml"),
            test_id,
            response_file=str(tmp_path / "resp.md"),
            write=False,
            critique=False,
        )
        [item] = report.data["assertions"]
        status[test_id] = (item["status"], item["evidence"] if item["status"] == "error" else "")
    assert status["inherited"] == ("passed", "")
    assert status["file"] == ("passed", "")
    assert status["broken"][0] == "error"
    assert "Transform failed ([inline transform]: output.nope())" in status["broken"][1]


def test_options_transform_without_node_is_an_error_naming_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "resp.md").write_text("hello")
    (tmp_path / "s.eval.yaml").write_text(
        'prompts: ["x"]\ntests:\n  - id: t\n    options: {transform: "output"}\n'
        "    assert: [{type: contains, value: hello}]\n"
    )
    monkeypatch.setenv("PATH", str(tmp_path / "no-programs-here"))
    report = grade_written(tmp_path)
    [item] = report.data["assertions"]
    assert item["status"] == "error" and "'node'" in item["evidence"]


def test_include_entries_take_cases_and_suites(tmp_path: Path) -> None:
    """Row 16: `{include, type: tests|suite, select, run}` entries (fidelity case 09):
    a suite's tests come first, under their own suite name; `select` keeps test ids."""
    suite = load_suite(str(CASES / "09-include-entries" / "suite.eval.yaml"))
    assert [(t.id, t.suite) for t in suite.tests] == [("suite-1", "other"), ("inc-1", "suite")]
    (tmp_path / "cases.yaml").write_text("- id: a\n- id: b\n  run: {threshold: 0.3}\n")
    (tmp_path / "s.eval.yaml").write_text(
        'prompts: ["x"]\ntests:\n  - include: ./cases.yaml\n    type: tests\n'
        "    run: {threshold: 0.6}\n"
    )
    a, b = load_suite(str(tmp_path / "s.eval.yaml")).tests
    assert (a.threshold, b.threshold) == (0.6, 0.3)  # the case's own run wins


@pytest.mark.parametrize(
    ("entry", "fragment"),
    [
        ("{include: ./cases.yaml}", "needs type: tests or type: suite"),
        ("{include: ./cases.yaml, type: tests, select: {tags: [x]}}", "tags or metadata"),
        ("{include: ./s.eval.yaml, type: suite}", "imports it back"),
    ],
)
def test_include_entries_agentv_refuses_are_exit_2(
    tmp_path: Path, entry: str, fragment: str
) -> None:
    (tmp_path / "cases.yaml").write_text("- id: a\n")
    (tmp_path / "s.eval.yaml").write_text(f'prompts: ["x"]\ntests:\n  - {entry}\n')
    with pytest.raises(GradeInputError, match=re.escape(fragment)):
        load_suite(str(tmp_path / "s.eval.yaml"))


def test_what_agentv_main_drops_is_kept(tmp_path: Path) -> None:
    """SPEC §3's decision: a prompt file without `{{ output }}` (main skips the test), an
    llm-rubric without `value` (main drops it), an assertion with `target:` (main skips
    the test) are all kept: the test is graded, the items are pending for the agent."""
    (tmp_path / ".git").mkdir()
    (tmp_path / "judge.md").write_text("Is the tone kind?\n")
    (tmp_path / "resp.md").write_text("hello")
    (tmp_path / "s.eval.yaml").write_text(
        'prompts: ["x"]\ntests:\n  - id: t\n    criteria: Greets\n    assert:\n'
        "      - {type: llm-rubric, metric: by-file, prompt: file://judge.md}\n"
        "      - {type: llm-rubric, metric: bare}\n"
        "      - {type: llm-rubric, metric: targeted, value: Is kind, target: judge-model}\n"
        "      - {type: contains, value: hello}\n"
    )
    report = grade_written(tmp_path)
    status = {a["name"]: a["status"] for a in report.data["assertions"]}
    assert status == {
        "by-file": "pending", "bare": "pending", "targeted": "pending", "contains-hello": "passed"
    }  # fmt: skip
    pending = {p["name"]: p for p in report.data["pending"]}
    assert pending["by-file"]["criteria"].startswith("Is the tone kind?")
    assert pending["bare"]["criteria"] == "Greets"


def test_a_command_string_runs_through_the_shell(tmp_path: Path) -> None:
    """Fidelity case 19: AgentV main runs a string `command` as `sh -lc`, so pipes and
    `$VARS` work."""
    (tmp_path / "resp.md").write_text("hello")
    (tmp_path / "s.eval.yaml").write_text(
        'prompts: ["x"]\ntests:\n  - id: t\n    assert:\n'
        "      - type: script\n"
        """        command: "cat >/dev/null && echo '{\\"score\\": 1}' | cat"\n"""
    )
    report = grade_written(tmp_path)
    assert [a["status"] for a in report.data["assertions"]] == ["passed"]


def test_list_vars_expand_into_one_test_per_value() -> None:
    """Fidelity case 10: `word: [alpha, beta]` gives two tests, ids rendered per row."""
    suite = load_suite(str(CASES / "10-array-vars" / "suite.eval.yaml"))
    assert [(t.id, t.vars["word"]) for t in suite.tests] == [
        ("say-alpha", "alpha"), ("say-beta", "beta"), ("fixed", "alpha"), ("fixed", "beta"),
    ]  # fmt: skip
    assert [a.value for a in suite.tests[1].assertions] == ["beta"]
