"""Round trip through the released AgentV CLI (agentv@4.42.4).

    agentv pipeline input  -> response.md per test -> agentv pipeline grade
    -> agentv-grade (per test, --format json) -> agentv pipeline bench

and checks, per test, that every assertion agentv-grade graded (status passed / failed /
error) appears exactly once in AgentV's ``grading.json`` with agentv-grade's score
(SPEC §6.3), that the pending LLM items are not faked, and that agentv-grade's verdicts
and texts agree with what ``pipeline grade`` computed for the built-in string types
(SPEC §5.1). The whole suite is run once (module-scoped fixture); each check is its own
test so a failure names what broke. Facts about the pipeline that this relies on:
``AGENTV_PIPELINE_NOTES.md`` beside this file.
"""

from __future__ import annotations

import json
import math
import re
import shutil
import subprocess
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from tests.integration.conftest import AgentvGradeRunner

pytestmark = pytest.mark.agentv

DATA_DIR = Path(__file__).resolve().parents[1] / "data" / "agentv_roundtrip"
EVAL_FILE = "roundtrip.eval.yaml"
SUITE = "agentv-roundtrip"
# Test ids of the bundled eval, in file order (the fixture checks AgentV agrees).
TEST_IDS = ["capital", "json-city", "multiline", "criteria-only", "metrics", "scripts"]
# Tests whose only LLM item must stay pending (name of the pending assertion's type).
PENDING_LLM = {"capital": "llm-rubric", "criteria-only": "llm-rubric"}

GRADED = ("passed", "failed", "error")
# The type of a script's config and result in AgentV 4.42.4 (agentv-grade's report says
# `script`; its merge files say what AgentV's do).
AGENTV_SCRIPT_TYPE = "code-grader"
# The only assertion types AgentV 4.42.4's `pipeline input` writes code_graders/ configs for.
AGENTV_BUILTIN_TYPES = frozenset(
    {
        "contains",
        "contains-any",
        "contains-all",
        "icontains",
        "icontains-any",
        "icontains-all",
        "starts-with",
        "ends-with",
        "regex",
        "is-json",
        "equals",
    }
)
# ---------------------------------------------------------------------------------------
# EXTENSION POINT: assertion types AgentV's pipeline drops (`latency`, `token-usage`,
# `field-accuracy`, `cost`, `execution-metrics`, ...). AgentV writes no config for them,
# so agentv-grade's merge file (safe name, SPEC §6) is the only result `pipeline bench`
# sees. Once agentv-grade implements one, add it to tests/data/agentv_roundtrip/
# roundtrip.eval.yaml (timing data in responses/<test-id>.timing.json, which the fixture
# copies to timing.json) and list its type here; the generic checks below already demand
# "exactly once, with agentv-grade's score", and test_pipeline_dropped_types_are_merged
# additionally checks each listed type appears in the suite and reaches grading.json.
# Do not list a type before agentv-grade implements it.
PIPELINE_DROPPED_TYPES_UNDER_TEST: frozenset[str] = frozenset(
    {"latency", "token-usage", "field-accuracy"}
)
# ---------------------------------------------------------------------------------------


def js_round3(x: float) -> float:
    """JavaScript's Math.round(x * 1e3) / 1e3, as `pipeline bench` rounds."""
    return math.floor(x * 1000 + 0.5) / 1000


def read_json(path: Path) -> Any:
    return json.loads(path.read_text(encoding="utf-8"))


def read_json_dir(folder: Path) -> dict[str, Any]:
    """{file name: parsed JSON} of the *.json files in folder ({} when absent)."""
    if not folder.is_dir():
        return {}
    return {p.name: read_json(p) for p in sorted(folder.glob("*.json"))}


@dataclass
class GradedTest:
    test_id: str
    test_dir: Path
    agentv_configs: dict[str, Any]  # code_graders/*.json written by `pipeline input`
    agentv_results: dict[str, Any]  # code_grader_results/*.json written by `pipeline grade`
    returncode: int
    report: dict[str, Any]  # agentv-grade --format json
    merge_files: dict[str, Any]  # code_grader_results/*.json after agentv-grade
    grading: dict[str, Any] = field(default_factory=dict)  # written by `pipeline bench`
    index_row: dict[str, Any] = field(default_factory=dict)

    @property
    def graded(self) -> list[dict[str, Any]]:
        return [a for a in self.report["assertions"] if a["status"] in GRADED]

    def assertion_named(self, name: str) -> dict[str, Any]:
        found = [a for a in self.report["assertions"] if a["name"] == name]
        assert len(found) == 1, (
            f"{self.test_id}: expected one assertion named {name!r} in agentv-grade's "
            f"report, found {len(found)}; names: {[a['name'] for a in self.report['assertions']]}"
        )
        return found[0]


def _grade_one(
    run_agentv_grade: AgentvGradeRunner, eval_path: Path, test_id: str, bench_dir: Path, cwd: Path
) -> tuple[int, dict[str, Any]]:
    """agentv-grade on one test, `--format json`: its exit status and its report."""
    proc = run_agentv_grade(
        "--eval-path", str(eval_path), "--test-id", test_id, "--bench-dir", str(bench_dir),
        "--format", "json", cwd=cwd,
    )  # fmt: skip
    try:
        report = json.loads(proc.stdout)
    except ValueError as exc:
        pytest.fail(
            f"agentv-grade --format json did not print one JSON report for {test_id!r} "
            f"({exc}):\n{proc.stdout[-3000:]}",
            pytrace=False,
        )
    return proc.returncode, report


@pytest.fixture(scope="module")
def roundtrip(
    tmp_path_factory: pytest.TempPathFactory,
    run_agentv: Callable[..., subprocess.CompletedProcess[str]],
    run_agentv_grade: AgentvGradeRunner,
) -> dict[str, GradedTest]:
    work = tmp_path_factory.mktemp("agentv-roundtrip")
    suite_src = work / "suite"
    shutil.copytree(DATA_DIR, suite_src)
    eval_path = suite_src / EVAL_FILE
    out = work / "out"

    # 1. AgentV exports the suite.
    run_agentv(["pipeline", "input", eval_path, "--out", out], cwd=work)
    manifest = read_json(out / "manifest.json")
    assert manifest["suite"] == SUITE
    assert manifest["test_ids"] == TEST_IDS
    bench_dir = out / SUITE

    # 2. The "executor": hand-written responses (and timing data where bundled).
    for test_id in TEST_IDS:
        test_dir = bench_dir / test_id
        shutil.copyfile(DATA_DIR / "responses" / f"{test_id}.md", test_dir / "response.md")
        timing = DATA_DIR / "responses" / f"{test_id}.timing.json"
        if timing.exists():
            shutil.copyfile(timing, test_dir / "timing.json")

    # 3. AgentV grades the built-in string assertions; keep its results aside.
    run_agentv(["pipeline", "grade", out], cwd=work)
    tests: dict[str, GradedTest] = {}
    for test_id in TEST_IDS:
        test_dir = bench_dir / test_id
        configs = read_json_dir(test_dir / "code_graders")
        results = read_json_dir(test_dir / "code_grader_results")
        assert sorted(results) == sorted(configs), (
            f"{test_id}: pipeline grade should write one result per config"
        )
        tests[test_id] = GradedTest(
            test_id=test_id,
            test_dir=test_dir,
            agentv_configs=configs,
            agentv_results=results,
            returncode=-1,
            report={},
            merge_files={},
        )

    # 4. agentv-grade grades each test and writes its merge files (replacing AgentV's).
    for test_id, t in tests.items():
        t.returncode, t.report = _grade_one(run_agentv_grade, eval_path, test_id, bench_dir, work)
        t.merge_files = read_json_dir(t.test_dir / "code_grader_results")

    # 5. AgentV merges everything.
    run_agentv(["pipeline", "bench", out], cwd=work)
    rows = [
        json.loads(line)
        for line in (out / "index.jsonl").read_text(encoding="utf-8").splitlines()
        if line.strip()
    ]
    assert [r["test_id"] for r in rows] == TEST_IDS
    for row in rows:
        t = tests[row["test_id"]]
        t.index_row = row
        t.grading = read_json(t.test_dir / "grading.json")
    return tests


@pytest.fixture(params=TEST_IDS)
def graded_test(request: pytest.FixtureRequest, roundtrip: dict[str, GradedTest]) -> GradedTest:
    return roundtrip[request.param]


def test_report_matches_test_and_exit_status(graded_test: GradedTest) -> None:
    t = graded_test
    assert t.report["test_id"] == t.test_id
    assert t.report["suite"] == SUITE
    assert t.report["assertions"], "every bundled test has at least one assertion"
    # SPEC §2: exit 1 on verdict fail or any error assertion, else 0.
    has_error = any(a["status"] == "error" for a in t.report["assertions"])
    expected_rc = 1 if t.report["verdict"] == "fail" or has_error else 0
    assert t.returncode == expected_rc, (
        f"{t.test_id}: verdict {t.report['verdict']}, errors={has_error}, exit {t.returncode}"
    )


def test_report_validates_against_shipped_schema(graded_test: GradedTest) -> None:
    from importlib import resources

    import jsonschema

    schema_text = (
        resources.files("agentv_grader").joinpath("schemas/report.schema.json").read_text("utf-8")
    )
    schema = json.loads(schema_text)
    validator_cls = jsonschema.validators.validator_for(schema)
    errors = sorted(validator_cls(schema).iter_errors(graded_test.report), key=str)
    assert not errors, [f"{list(e.absolute_path)}: {e.message}" for e in errors]


def test_graded_assertions_appear_exactly_once_in_grading_json(graded_test: GradedTest) -> None:
    t = graded_test
    graders = t.grading["graders"]
    names = [g["name"] for g in graders]
    duplicates = sorted(n for n, c in Counter(names).items() if c > 1)
    assert not duplicates, (
        f"{t.test_id}: counted more than once in grading.json: {duplicates}; "
        f"code_grader_results/: {sorted(t.merge_files)}"
    )
    graded_names = sorted(a["name"] for a in t.graded)
    assert sorted(names) == graded_names, (
        f"{t.test_id}: grading.json graders {sorted(names)} != assertions agentv-grade "
        f"graded {graded_names}"
    )
    by_name = {g["name"]: g for g in graders}
    for a in t.graded:
        g = by_name[a["name"]]
        # An `error` assertion counts as 0 (SPEC §5.7); AgentV needs a number either way.
        score = 0 if a["status"] == "error" and a["score"] is None else a["score"]
        assert isinstance(g["score"], (int, float)), (t.test_id, a["name"], g)
        assert g["score"] == pytest.approx(score), (t.test_id, a["name"], g, a["score"])
        assert g["weight"] == pytest.approx(a["weight"]), (t.test_id, a["name"], g, a["weight"])
        # A script's result carries the type AgentV 4.x's pipeline gives it (SPEC §6.3).
        kind = AGENTV_SCRIPT_TYPE if a["type"] == "script" else a["type"]
        assert g["type"] == kind, (t.test_id, a["name"], g, a["type"])


def test_grading_json_assertion_entries_come_from_agentv_grade_only(
    graded_test: GradedTest,
) -> None:
    """bench concatenates every result file's entries: they must be exactly ours."""
    t = graded_test
    ours_files = [
        f.split("/", 1)[1] for f in t.report["files"] if f.startswith("code_grader_results/")
    ]
    ours = Counter(
        (e["text"], e["passed"])
        for f in ours_files
        for e in t.merge_files.get(f, {"assertions": []})["assertions"]
    )
    merged = Counter((e["text"], e["passed"]) for e in t.grading["assertions"])
    assert merged == ours
    assert t.grading["summary"]["total"] == sum(ours.values())


def test_index_score_is_agentv_grade_weighted_score(graded_test: GradedTest) -> None:
    t = graded_test
    total_weight = sum(a["weight"] for a in t.graded)
    expected = (
        sum((a["score"] or 0) * a["weight"] for a in t.graded) / total_weight
        if total_weight > 0
        else 0
    )
    assert t.index_row["score"] == pytest.approx(js_round3(expected), abs=1e-9)
    if t.report["score"] is not None:
        # No `required` gates in the bundled eval, so AgentV's mean is our test score.
        assert t.index_row["score"] == pytest.approx(js_round3(t.report["score"]), abs=1e-9)


def test_merge_files_reuse_agentv_file_names(graded_test: GradedTest) -> None:
    """SPEC §6.3: the result replaces AgentV's (same file name); nothing else is left."""
    t = graded_test
    listed = sorted(
        f.split("/", 1)[1] for f in t.report["files"] if f.startswith("code_grader_results/")
    )
    assert listed == sorted(t.merge_files), (
        f"{t.test_id}: report 'files' {listed} != code_grader_results/ {sorted(t.merge_files)}"
    )
    files_by_inner_name: dict[str, list[str]] = {}
    for fname, content in t.merge_files.items():
        files_by_inner_name.setdefault(content["name"], []).append(fname)
    for a in t.graded:
        files = files_by_inner_name.get(a["name"], [])
        assert len(files) == 1, f"{t.test_id}: {a['name']!r} has merge files {files}"
    for config_file, config in t.agentv_configs.items():
        assert config_file in t.merge_files, (
            f"{t.test_id}: AgentV's {config_file} was not replaced by agentv-grade"
        )
        assert t.merge_files[config_file]["name"] == config["name"], (
            f"{t.test_id}: code_grader_results/{config_file} holds "
            f"{t.merge_files[config_file]['name']!r}, AgentV's config is {config['name']!r}"
        )
    for a in t.report["assertions"]:
        if a["status"] not in GRADED:
            assert a["name"] not in files_by_inner_name, (
                f"{t.test_id}: {a['status']} assertion {a['name']!r} has a merge file"
            )


def test_verdicts_agree_with_pipeline_grade(graded_test: GradedTest) -> None:
    t = graded_test
    mismatches = []
    for fname, theirs in t.agentv_results.items():
        if theirs["type"] == AGENTV_SCRIPT_TYPE:
            continue  # test_scripts_score_as_pipeline_grade_and_replace_its_results
        assert theirs["type"] in AGENTV_BUILTIN_TYPES
        a = t.assertion_named(theirs["name"])
        agentv = {
            "type": theirs["type"],
            "status": "passed" if all(e["passed"] for e in theirs["assertions"]) else "failed",
            "passed": all(e["passed"] for e in theirs["assertions"]),
            "score": theirs["score"],
            "weight": theirs["weight"],
        }
        ours = {k: a[k] for k in agentv}
        if ours != agentv:
            mismatches.append(
                f"{fname}: agentv-grade {ours} (evidence: {a.get('evidence')!r}) "
                f"!= pipeline grade {agentv}"
            )
    assert not mismatches, f"{t.test_id}:\n" + "\n".join(mismatches)


def test_merge_texts_are_agentvs_own_strings(graded_test: GradedTest) -> None:
    """SPEC §5.1: texts are AgentV's own strings, unchanged by negation; a script's are the
    entries it printed (SPEC §5.6); name and type are AgentV's too (SPEC §6.3)."""
    t = graded_test
    mismatches = []
    for fname, theirs in t.agentv_results.items():
        mine = t.merge_files[fname]
        ours = [mine["name"], mine["type"]]
        ours += [(e["text"], e["passed"]) for e in mine["assertions"]]
        agentv = [theirs["name"], theirs["type"]]
        agentv += [(e["text"], e["passed"]) for e in theirs["assertions"]]
        if ours != agentv:
            mismatches.append(f"{fname}: agentv-grade {ours} != pipeline grade {agentv}")
    assert not mismatches, f"{t.test_id}:\n" + "\n".join(mismatches)


@pytest.mark.parametrize("test_id", sorted(PENDING_LLM))
def test_pending_llm_items_are_not_faked(roundtrip: dict[str, GradedTest], test_id: str) -> None:
    t = roundtrip[test_id]
    pending = [a for a in t.report["assertions"] if a["status"] == "pending"]
    assert [a["type"] for a in pending] == [PENDING_LLM[test_id]]
    item = pending[0]
    assert item["passed"] is None and item["score"] is None
    assert t.report["verdict"] == "pending"
    assert [p["assertion"] for p in t.report["pending"]] == [item["name"]]
    assert item["name"] not in {g["name"] for g in t.grading["graders"]}
    # No judgement was written on the agent's behalf.
    assert not (t.test_dir / "llm_grader_results").exists()
    assert all(f["name"] != item["name"] for f in t.merge_files.values())


def test_pipeline_dropped_types_are_merged(roundtrip: dict[str, GradedTest]) -> None:
    """Types AgentV drops reach grading.json only through agentv-grade (EXTENSION POINT)."""
    seen: set[str] = set()
    for t in roundtrip.values():
        config_names = {c["name"] for c in t.agentv_configs.values()}
        grader_names = [g["name"] for g in t.grading["graders"]]
        for a in t.graded:
            if a["type"] in AGENTV_BUILTIN_TYPES or a["type"] == "script":
                continue  # AgentV has a config for each of these
            seen.add(a["type"])
            assert a["name"] not in config_names
            assert grader_names.count(a["name"]) == 1, (t.test_id, a["name"])
            # No AgentV config to reuse: SPEC §6 safe name (simple case only: short
            # names without a leading dot; collisions and long names are unit-tested).
            if len(a["name"]) <= 100 and not a["name"].startswith("."):
                safe = re.sub(r"[^A-Za-z0-9._-]", "_", a["name"])
                files = [f for f, c in t.merge_files.items() if c["name"] == a["name"]]
                assert files == [f"{safe}.json"], (t.test_id, a["name"], files)
    missing = sorted(PIPELINE_DROPPED_TYPES_UNDER_TEST - seen)
    assert not missing, f"listed but not graded in the round trip: {missing}"


def test_scripts_score_as_pipeline_grade_and_replace_its_results(
    roundtrip: dict[str, GradedTest],
) -> None:
    """SPEC §6.3: a script's result goes to the file of AgentV's `code-grader` config (its
    command as AgentV's loader wrote it: a string as `sh -lc`, a list as written), so
    `pipeline bench` counts it once, with the score `pipeline grade` computed too."""
    t = roundtrip["scripts"]
    scripts = {n: c for n, c in t.agentv_configs.items() if c["type"] == AGENTV_SCRIPT_TYPE}
    assert sorted(scripts) == [
        "code-grader.json",  # unnamed: 4.x names it after its type
        "mentions-capital.json",
        "mentions-city-listed.json",
    ]
    assert scripts["mentions-capital.json"]["command"][:2] == ["sh", "-lc"]
    assert scripts["code-grader.json"]["command"][:2] == ["sh", "-lc"]  # v4's `script:`
    expected = {"code-grader.json": 0.25, "mentions-capital.json": 0.5}
    for fname, config in scripts.items():
        a = t.assertion_named(config["name"])
        assert a["type"] == "script" and a["status"] in GRADED
        assert f"code_grader_results/{fname}" in t.report["files"]
        assert t.merge_files[fname]["details"]["graded_by"] == "agentv-grade"
        score = expected.get(fname, 0.5)
        assert a["score"] == pytest.approx(t.agentv_results[fname]["score"]) == score, fname
    graders = [g["name"] for g in t.grading["graders"]]
    assert sorted(graders) == sorted(
        ["mentions-capital", "mentions-city-listed", "code-grader", "contains-Paris"]
    )
