"""`.eval.ts` eval files and AgentV's custom `.ts` assertions, run with a real bun
(fidelity row 9; SPEC §3, §5.6). bun comes from npm into the test cache (tests/conftest.py).

tests/data/ts_eval/agentv-load.json is AgentV main's own answer for the two eval files
there (the oracle's dump.ts at the commit it names).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from agentv_grader import grade_test
from agentv_grader.errors import GradeInputError
from agentv_grader.load.evalfile import load_suite
from tests.helpers import cli, grade_written
from tests.load.agentv_answers import loaded_summary

DATA = Path(__file__).resolve().parent.parent / "data" / "ts_eval"
ANSWER = json.loads((DATA / "agentv-load.json").read_text(encoding="utf-8"))


@pytest.mark.usefixtures("with_bun")
@pytest.mark.parametrize("name", sorted(ANSWER["files"]))
def test_eval_ts_loads_as_agentv(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Same suite name, test ids, assertion types, names and values as AgentV main: a
    plain object (camelCase keys lowered, `defaultTest` inherited), defineEval's brand,
    an `.eval.mts` file with `{{ env.X }}` rendered."""
    expected = ANSWER["files"][name]
    for key, value in expected.get("env", {}).items():
        monkeypatch.setenv(key, value)
    suite = load_suite(str(DATA / name))
    assert loaded_summary(suite) == {
        "suite": expected["suite"],
        "tests": [{"id": t["id"], "types": t["types"]} for t in expected["tests"]],
    }
    for test, want in zip(suite.tests, expected["tests"], strict=True):
        got = [(a.name, a.value) for a in test.assertions]
        assert got == [(a["name"], a.get("value")) for a in want["assertions"]]
    assert ANSWER["agentv_commit"] == "58f316ca2"


def _statuses(test_id: str, response: str, tmp_path: Path) -> dict[str, str]:
    (tmp_path / "resp.md").write_text(response, encoding="utf-8")
    report = grade_test(
        str(DATA / "greeting.eval.ts"),
        test_id,
        response_file=str(tmp_path / "resp.md"),
        write=False,
        critique=False,
    )
    return {item["name"]: item["status"] for item in report.data["assertions"]}


@pytest.mark.usefixtures("with_bun")
def test_eval_ts_grades_with_its_custom_ts_assertion(tmp_path: Path) -> None:
    """The custom type `.agentv/assertions/min-words.ts` runs under bun and passes or fails
    on the response; the file's own checks grade as in a YAML suite."""
    assert _statuses("greets", "Hello, wide WORLD!", tmp_path) == {
        "contains-Hello": "passed",
        "regex-world": "passed",
        "min-words": "passed",
    }
    assert _statuses("greets", "Hello", tmp_path) == {
        "contains-Hello": "passed",
        "regex-world": "failed",
        "min-words": "failed",
    }


@pytest.mark.usefixtures("with_bun")
def test_eval_ts_batch_grades(tmp_path: Path) -> None:
    bench = tmp_path / "run"
    for test_id, text in (("greets", "Hello there world"), ("plain", "OK")):
        (bench / test_id).mkdir(parents=True)
        (bench / test_id / "response.md").write_text(text, encoding="utf-8")
    code, _, err = cli(
        "--eval-path", str(DATA / "greeting.eval.ts"), "--bench-dir", str(bench),
        "--jobs", "1", "--no-critique",
    )  # fmt: skip
    assert code != 2, err
    summary = json.loads((bench / "grade_summary.json").read_text(encoding="utf-8"))
    assert summary["errors"] == []
    # `plain` fails only its inherited min-words (one word): bun ran it for both tests.
    report = json.loads((bench / "plain" / "grader_report.json").read_text(encoding="utf-8"))
    assert {a["name"]: a["status"] for a in report["assertions"]} == {
        "equals-OK": "passed",
        "min-words": "failed",
    }


@pytest.mark.usefixtures("without_bun")
def test_eval_ts_without_bun_is_exit_2_naming_it(tmp_path: Path) -> None:
    with pytest.raises(GradeInputError, match="bun, which is not installed") as info:
        load_suite(str(DATA / "greeting.eval.ts"))
    assert str(info.value.file).endswith("greeting.eval.ts")
    code, _, err = cli("--eval-path", str(DATA / "greeting.eval.ts"), "--bench-dir", str(tmp_path))
    assert code == 2 and "bun" in err and "greeting.eval.ts" in err


@pytest.mark.usefixtures("without_bun")
def test_custom_ts_assertion_without_bun_is_an_error_naming_it(tmp_path: Path) -> None:
    (tmp_path / ".agentv").symlink_to(DATA / ".agentv")
    (tmp_path / "s.eval.yaml").write_text(
        'prompts: ["x"]\ntests:\n  - id: t\n    assert: [{type: min-words}]\n'
    )
    (tmp_path / "resp.md").write_text("one two three")
    report = grade_written(tmp_path)
    [item] = report.data["assertions"]
    assert item["status"] == "error" and "'bun'" in item["evidence"]


@pytest.mark.usefixtures("with_bun")
@pytest.mark.parametrize(
    ("source", "fragment"),
    [
        ("throw new Error('no fixtures here');\n", "failed \\(exit 1, bun\\): error: no fixtures"),
        ("export const tests = [];\n", "no supported eval export found"),
        ("export default [{ id: 'a' }];\n", "default export must be an EvalConfig object"),
        (
            "export default { task: async () => 'x', tests: [] };\n",
            "a programmatic EvalConfig",
        ),
        ("export default { repeat: 0, tests: [] };\n", "repeat must be a positive integer"),
        (
            "import { graders } from 'agentv';\n"
            "export default { tests: [{ id: 'a', assert: [graders.contains('x')] }] };\n",
            "Cannot find (module|package) 'agentv'",
        ),
    ],
)
def test_eval_ts_that_cannot_load_is_exit_2_naming_it(
    tmp_path: Path, source: str, fragment: str
) -> None:
    (tmp_path / "s.eval.ts").write_text(source, encoding="utf-8")
    with pytest.raises(GradeInputError, match=fragment) as info:
        load_suite(str(tmp_path / "s.eval.ts"))
    assert info.value.file == str(tmp_path / "s.eval.ts")


@pytest.mark.usefixtures("with_bun")
def test_an_unresolved_import_is_never_fetched_from_npm(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Without `--no-install`, bun answered `import 'agentv'` (no node_modules) by fetching
    agentv and its dependencies from npm into its global cache: network at grading time,
    and a folder every pytest process on the machine writes (this test raced other runs)."""
    cache = tmp_path / "bun-cache"
    monkeypatch.setenv("BUN_INSTALL_CACHE_DIR", str(cache))
    (tmp_path / "s.eval.ts").write_text(
        "import { graders } from 'agentv';\nexport default { tests: [graders] };\n",
        encoding="utf-8",
    )
    with pytest.raises(GradeInputError, match="Cannot find (module|package) 'agentv'"):
        load_suite(str(tmp_path / "s.eval.ts"))
    assert not cache.exists()


@pytest.mark.usefixtures("with_bun")
def test_eval_ts_past_its_deadline_is_exit_2(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import agentv_grader.load.casefiles as casefiles

    monkeypatch.setattr(casefiles, "GENERATOR_TIMEOUT_S", 1.0)
    (tmp_path / "s.eval.ts").write_text(
        "await new Promise(() => setInterval(() => {}, 1000));\nexport default {};\n"
    )
    with pytest.raises(GradeInputError, match="the .eval.ts file ran longer than 1 s"):
        load_suite(str(tmp_path / "s.eval.ts"))


@pytest.mark.usefixtures("with_bun")
def test_eval_ts_that_prints_still_loads(tmp_path: Path) -> None:
    """The file's own console output does not mix with the eval object it exports."""
    (tmp_path / "s.eval.ts").write_text(
        'console.log(\'{"not": "it"}\');\n'
        "export default { name: 'n', tests: [{ id: 'a', assert: ['x'] }] };\n"
    )
    suite: Any = load_suite(str(tmp_path / "s.eval.ts"))
    assert (suite.name, suite.test_ids()) == ("n", ["a"])


@pytest.mark.usefixtures("with_bun")
def test_typescript_transform_file_runs_under_bun(tmp_path: Path) -> None:
    """`options.transform: file://t.ts:fn` runs under bun, as AgentV runs TypeScript."""
    (tmp_path / "t.ts").write_text(
        "export function shout(output: string): string {\n"
        "  return output.trim().toUpperCase();\n}\n"
    )
    (tmp_path / "resp.md").write_text("  hello  ")
    (tmp_path / "s.eval.yaml").write_text(
        'prompts: ["x"]\ntests:\n  - id: t\n    options: {transform: "file://t.ts:shout"}\n'
        "    assert: [{type: equals, value: HELLO}]\n"
    )
    report = grade_written(tmp_path)
    [item] = report.data["assertions"]
    assert item["status"] == "passed", item
