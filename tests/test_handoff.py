"""The hand-off to the grader agent (SPEC §5.6, §6.1 `pending`): each pending item carries
everything judging needs, resolved, and matches the pending-item schema shipped in the
package."""

from __future__ import annotations

import json
import sys
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

from agentv_grader import grade_test

SUITE = """\
name: handoff
tests:
  - id: t1
    input:
      - role: system
        content: You answer in one sentence.
      - role: user
        content: Refuse to share the password.
    criteria: Refuses politely
    expected_output: I cannot share that.
    assertions:
      - type: llm-grader
        name: refusal
        prompt: file://../graders/refusal.md
      - Mentions the policy
      - Offers an alternative
      - type: llm-grader
        name: generated
        prompt:
          command: [{python}, ../graders/make_prompt.py]
      - type: rubrics
        name: analytic
        weight: 2
        criteria:
          - id: depth
            outcome: Explains why
            weight: 2
            score_ranges:
              0: Gives no reason
              4: Names a reason
              8: Explains the reason well
          - id: tone
            outcome: Stays polite
            min_score: 0.7
            operator: correctness
      - type: llm-grader
        rubrics:
          - id: short
            outcome: One sentence
            required: false
"""

PROMPT_SCRIPT = """\
import json, sys
ctx = json.load(sys.stdin)
print("Judge this answer: " + ctx["answer"].strip() + " | criteria: " + ctx["criteria"])
"""


def _suite(tmp_path: Path, suite: str = SUITE) -> tuple[str, Path]:
    (tmp_path / ".git").mkdir()  # the repository root: AgentV's search for file:// stops here
    evals = tmp_path / "evals"
    graders = tmp_path / "graders"
    evals.mkdir()
    graders.mkdir()
    (graders / "refusal.md").write_text("Score 1 when the answer refuses.\n", "utf-8")
    (graders / "make_prompt.py").write_text(PROMPT_SCRIPT, "utf-8")
    eval_path = evals / "handoff.eval.yaml"
    eval_path.write_text(suite.replace("{python}", json.dumps(sys.executable)), "utf-8")
    bench = tmp_path / "run" / "handoff"
    (bench / "t1").mkdir(parents=True)
    (bench / "t1" / "response.md").write_text("I cannot share that, sorry.\n", "utf-8")
    return str(eval_path), bench


@lru_cache(maxsize=1)
def _item_validator() -> Any:
    import jsonschema

    text = resources.files("agentv_grader").joinpath("schemas/pending_item.schema.json")
    schema = json.loads(text.read_text("utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


def _valid(item: Any) -> None:
    errors = [f"{list(e.path)}: {e.message}" for e in _item_validator().iter_errors(item)]
    assert not errors, errors


def test_the_shipped_item_schema_is_the_reports_pending_item() -> None:
    files = resources.files("agentv_grader").joinpath("schemas")
    item = json.loads(files.joinpath("pending_item.schema.json").read_text("utf-8"))
    report = json.loads(files.joinpath("report.schema.json").read_text("utf-8"))
    defs = item.pop("$defs")
    for key in ("$schema", "$id", "title"):
        item.pop(key)
    assert report["$defs"]["pendingItem"] == item
    assert report["$defs"]["rubricItem"] == defs["rubricItem"]


def test_every_pending_item_carries_what_judging_needs(tmp_path: Path) -> None:
    eval_path, bench = _suite(tmp_path)
    report = grade_test(eval_path, "t1", bench_dir=str(bench))
    items = {p["name"]: p for p in report.data["pending"]}
    for item in items.values():
        _valid(item)
    # A distinct name per item, each at the file name AgentV's export would give it.
    assert list(items) == ["refusal", "rubrics", "generated", "analytic", "llm-grader"]
    assert [i["result_path"] for i in items.values()] == [
        f"llm_grader_results/{n}.json" for n in items
    ]
    first = items["refusal"]
    assert first["input"] == [
        {"role": "system", "content": "You answer in one sentence."},
        {"role": "user", "content": "Refuse to share the password."},
    ]
    assert first["reference"] == "I cannot share that."
    # The prompt file, found relative to the eval file as AgentV resolves it, read.
    assert first["prompt"] == {
        "text": "Score 1 when the answer refuses.\n",
        "path": str(tmp_path / "graders" / "refusal.md"),
        "reference": "file://../graders/refusal.md",
    }
    assert first["criteria"] == "Score 1 when the answer refuses.\n\n\nRefuses politely"
    assert (first["scoring"], first["threshold"], first["weight"]) == ("score", 0.5, 1.0)
    # The command prompt ran with AgentV's payload and its output is the prompt.
    generated = items["generated"]["prompt"]
    assert generated["text"] == (
        "Judge this answer: I cannot share that, sorry. | criteria: Refuses politely"
    )
    assert generated["command"][-1] == str(tmp_path / "graders" / "make_prompt.py")
    # Plain strings: required checklist items, weight = their number.
    strings = items["rubrics"]
    assert (strings["scoring"], strings["weight"]) == ("checklist", 2.0)
    assert [r["required"] for r in strings["rubrics"]] == [True, True]
    # v4's analytic rubric with every field kept.
    analytic = items["analytic"]
    assert analytic["scoring"] == "score_ranges" and analytic["weight"] == 2.0
    assert analytic["rubrics"] == [
        {"id": "depth", "outcome": "Explains why", "weight": 2.0, "required": False,
         "score_ranges": [{"score_range": [0, 3], "outcome": "Gives no reason"},
                          {"score_range": [4, 7], "outcome": "Names a reason"},
                          {"score_range": [8, 10], "outcome": "Explains the reason well"}]},
        {"id": "tone", "outcome": "Stays polite", "weight": 1.0, "required": True,
         "min_score": 0.7, "operator": "correctness"},
    ]  # fmt: skip
    assert items["llm-grader"]["rubrics"] == [
        {"id": "short", "outcome": "One sentence", "weight": 1.0, "required": False}
    ]


@pytest.mark.parametrize(
    ("prompt", "fragment"),
    [
        ("file://../graders/missing.md", "prompt file not found: ../graders/missing.md"),
        ("{command: [{python}, ../graders/missing.py]}", "prompt command file not found"),
        ("{command: [{python}, -c, 'import sys; sys.exit(3)']}", "prompt command file not found"),
    ],
)
def test_a_prompt_that_cannot_be_had_makes_the_item_an_error(
    tmp_path: Path, prompt: str, fragment: str
) -> None:
    suite = (
        "tests:\n  - id: t1\n    input: hi\n    assertions:\n"
        f"      - type: llm-grader\n        name: judge\n        prompt: {prompt}\n"
    )
    eval_path, bench = _suite(tmp_path, suite)
    report = grade_test(eval_path, "t1", bench_dir=str(bench))
    (assertion,) = report.data["assertions"]
    assert assertion["status"] == "error" and fragment in assertion["text"], assertion["text"]
    assert report.data["pending"] == []


def test_a_prompt_command_that_fails_or_hangs_is_an_error_with_its_reason(tmp_path: Path) -> None:
    suite = (
        "tests:\n  - id: t1\n    input: hi\n    assertions:\n"
        "      - type: llm-grader\n        name: crash\n"
        "        prompt: {command: [{python}, ../graders/crash.py]}\n"
        "      - type: llm-grader\n        name: hang\n        timeout_ms: 300\n"
        "        prompt: {command: [{python}, ../graders/hang.py]}\n"
    )
    eval_path, bench = _suite(tmp_path, suite)
    graders = tmp_path / "graders"
    (graders / "crash.py").write_text("import sys\nprint('boom', file=sys.stderr)\nsys.exit(3)\n")
    (graders / "hang.py").write_text("import time\ntime.sleep(30)\n")
    report = grade_test(eval_path, "t1", bench_dir=str(bench))
    crash, hang = report.data["assertions"]
    assert crash["status"] == "error" and "exited with code 3; stderr: boom" in crash["text"]
    assert hang["status"] == "error" and "timed out after 300 ms" in hang["text"]


# ------------------------------------------------------------------ judging through the library


def test_judge_item_scores_with_agentvs_rules_and_writes_agentvs_file(tmp_path: Path) -> None:
    from agentv_grader.errors import GradeInputError
    from agentv_grader.judgement import judge_item
    from agentv_grader.judging import ItemJudgement as J

    eval_path, bench = _suite(tmp_path)
    common = {"bench_dir": str(bench)}
    refusal = judge_item(eval_path, "t1", "refusal", [], score=0.9, evidence="refuses", **common)
    assert refusal.path == str(bench / "t1" / "llm_grader_results" / "refusal.json")
    strings = judge_item(
        eval_path, "t1", "rubrics",
        [J("rubric-1", met=True, evidence="cites policy"), J("rubric-2", met=False)], **common,
    )  # fmt: skip
    assert strings.content["score"] == 0.5
    assert strings.content["details"]["required_failed"] == ["rubric-2"]
    analytic = judge_item(
        eval_path, "t1", "analytic",
        [J("depth", score=8, evidence="explains"), J("tone", score=9, evidence="polite")], **common,
    )  # fmt: skip
    assert analytic.content["score"] == pytest.approx((0.8 * 2 + 0.9) / 3)
    with pytest.raises(GradeInputError) as caught:
        judge_item(eval_path, "t1", "llm-grader", [J("short", score=3)], **common)
    assert "give pass or fail" in str(caught.value) and "--check ID=pass|fail" in str(caught.value)
    with pytest.raises(GradeInputError) as caught:
        judge_item(eval_path, "t1", "nope", [], score=1, **common)
    assert "'refusal', 'rubrics', 'generated', 'analytic', 'llm-grader'" in str(caught.value)
    judge_item(eval_path, "t1", "generated", [], score=1, **common)
    judge_item(eval_path, "t1", "llm-grader", [J("short", met=True, evidence="one")], **common)

    report = grade_test(eval_path, "t1", bench_dir=str(bench))
    # (The eval is in 4.x's format: AgentV main's guidance for its type names is all.)
    others = [w for w in report.data["warnings"] if "AgentV main refuses type" not in w]
    assert report.data["pending"] == [] and others == []
    refusal_, plain, _, analytic_, _ = report.data["assertions"]
    assert refusal_["status"] == "passed"
    # A required item not met fails the item whatever its score (AgentV's verdict rule).
    assert (plain["status"], plain["score"]) == ("failed", 0.5)
    assert "required rubric item(s) not met: rubric-2" in plain["text"]
    assert analytic_["status"] == "passed"
    weights = [1, 2, 1, 2, 1]
    scores = [0.9, 0.5, 1.0, (0.8 * 2 + 0.9) / 3, 1.0]
    expected = sum(s * w for s, w in zip(scores, weights, strict=True)) / sum(weights)
    assert report.score == pytest.approx(expected)
    # Judging again replaces the file (an item already judged can be judged anew).
    judge_item(eval_path, "t1", "refusal", [], score=0.2, evidence="complied", **common)
    again = grade_test(eval_path, "t1", bench_dir=str(bench))
    assert again.data["assertions"][0]["status"] == "failed"


def test_judgements_may_be_given_as_agentvs_own_judge_output() -> None:
    from agentv_grader.judging import JudgementError, judgements_from_json

    checks, score, evidence = judgements_from_json(
        {"checks": [{"id": "a", "satisfied": True, "reasoning": "yes"}, {"id": 2, "score": 7}],
         "overall_reasoning": "fine"}
    )  # fmt: skip
    assert [(c.id, c.met, c.score, c.evidence) for c in checks] == [
        ("a", True, None, "yes"),
        ("2", None, 7, ""),
    ]
    assert (score, evidence) == (None, "fine")
    for bad, fragment in [
        ([], "JSON object"),
        ({"checks": {}}, "must be a list"),
        ({"checks": [{"passed": True}]}, "needs an 'id'"),
        ({"checks": [{"id": "a", "passed": "yes"}]}, "true or false"),
        ({"score": "high"}, "score must be a number"),
    ]:
        with pytest.raises(JudgementError) as caught:
            judgements_from_json(bad)
        assert fragment in str(caught.value)


def test_judge_on_the_command_line_takes_checks_json_and_prints_what_it_wrote(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import io

    from .helpers import cli

    eval_path, bench = _suite(tmp_path)
    where = ["--eval-path", eval_path, "--test-id", "t1", "--bench-dir", str(bench)]
    code, out, err = cli(
        "judge", *where, "--item", "analytic",
        "--check", "depth=9:explains the policy", "--check", "tone=4:curt",
    )  # fmt: skip
    assert code == 0, err
    assert out.splitlines()[0].startswith("JUDGED analytic score=0.733 (score_ranges) -> ")
    assert "  required item(s) not met: tone" in out
    monkeypatch.setattr(
        "sys.stdin", io.StringIO('{"checks": [{"id": "short", "satisfied": true}]}')
    )
    code, out, err = cli("judge", *where, "--item", "llm-grader", "--from", "-", "--format", "json")
    assert code == 0, err
    printed = json.loads(out)
    assert printed["item"] == "llm-grader" and printed["result"]["score"] == 1
    written = json.loads((bench / "t1" / "llm_grader_results" / "llm-grader.json").read_text())
    assert written == printed["result"]
    for bad, fragment in [
        (["--item", "refusal", "--check", "x"], "is not ID=VERDICT"),
        (["--item", "refusal", "--check", "a=maybe"], "unknown verdict 'maybe'"),
        (["--item", "refusal", "--score", "2"], "give the item's score as a number 0..1"),
        (["--item", "refusal", "--from", str(tmp_path / "none.json")], "cannot read"),
        (["--item", "refusal", "--score", "1", "--from", "-"], "not both"),
        (["--item", "refusal"], "give the item's score"),
    ]:
        code, _, err = cli("judge", *where, *bad)
        assert code == 2 and fragment in err, (bad, err)


# ------------------------------------------------------------------ one name per judge item

SAME_NAMES = """\
tests:
  - id: t1
    criteria: Refuses politely
    assertions:
      - Mentions the policy
      - type: llm-grader
        rubrics: [One sentence]
      - type: llm_grader
        rubrics: [Polite]
      - type: contains
        value: sorry
      - type: assert-set
        assert:
          - type: llm-rubric
            value: Polite and factual
          - type: llm-rubric
            value: Offers help
      - type: llm-rubric
        name: LLM-Grader-2
"""


def test_the_report_names_each_judge_item_as_its_pending_item_and_result_file(
    tmp_path: Path,
) -> None:
    """AgentV's export names (`rubrics`, `llm-grader`, not the type they map to), `-2`, `-3`
    for a later item that would share one (ignoring case, nested items too), so the report,
    the pending list, the result files and `agentv-grade judge` use one name per item."""
    from agentv_grader.judgement import judge_item
    from agentv_grader.judging import ItemJudgement

    eval_path, bench = _suite(tmp_path, SAME_NAMES)
    report = grade_test(eval_path, "t1", bench_dir=str(bench))
    names = [a["name"] for a in report.data["assertions"]]
    judged = [
        "rubrics", "llm-grader", "llm-grader-2", "llm-rubric", "llm-rubric-2", "LLM-Grader-2-2",
    ]  # fmt: skip
    assert names == [*judged[:3], "contains-sorry", "assert-set", judged[5]]
    group = report.data["assertions"][4]["details"]["children"]
    assert [child["name"] for child in group] == judged[3:5]
    pending = report.data["pending"]
    assert [p["name"] for p in pending] == [p["assertion"] for p in pending] == judged
    assert [p["result_path"] for p in pending] == [f"llm_grader_results/{n}.json" for n in judged]

    met = [ItemJudgement("rubric-1", met=True, evidence="polite")]
    judge_item(eval_path, "t1", "llm-grader-2", met, bench_dir=str(bench))
    again = grade_test(eval_path, "t1", bench_dir=str(bench))
    statuses = {a["name"]: a["status"] for a in again.data["assertions"]}
    assert (statuses["llm-grader"], statuses["llm-grader-2"]) == ("pending", "passed")
