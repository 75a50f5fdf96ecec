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
        "bun", "run", str(tmp_path / ".agentv" / "assertions" / "far.ts")
    ]  # fmt: skip
    assert custom_command(str(evals), "near")[2].endswith("a/.agentv/assertions/near.mts")
    assert custom_command(str(evals), "judged")[2].endswith(".agentv/judges/judged.mjs")
    assert custom_command(str(evals), "graded")[2].endswith("evals/.agentv/graders/graded.js")
    assert custom_command(str(evals), "absent") is None


@pytest.mark.skipif(shutil.which("bun") is not None, reason="bun is installed here")
def test_custom_type_without_bun_is_an_error_naming_it() -> None:
    case = CASES / "15-custom-assertion-discovery"
    report = grade_test(
        str(case / "evals" / "suite.eval.yaml"),
        "ancestor-js",
        response_file=str(case / "resp.md"),
        write=False,
        critique=False,
    )
    [item] = report.data["assertions"]
    assert item["status"] == "error" and "'bun'" in item["evidence"]


def test_prompt_command_whose_program_is_missing_names_it(tmp_path: Path) -> None:
    """A `prompt: {command: [prog, …]}` whose program is not installed is `error` naming
    the program (AgentV's examples run `bun run …`), before looking for its file."""
    (tmp_path / "s.eval.yaml").write_text(
        'prompts: ["{{ q }}"]\ntests:\n  - id: t\n    vars: {q: hi}\n    assert:\n'
        "      - type: llm-rubric\n        prompt:\n"
        "          command: [no-such-program-here, run, ./gen.ts]\n"
    )
    (tmp_path / "resp.md").write_text("hello")
    report = grade_test(
        str(tmp_path / "s.eval.yaml"), "t", response_file=str(tmp_path / "resp.md"), write=False
    )
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
