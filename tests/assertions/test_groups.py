"""Groups (SPEC §5.6): assert-set and legacy composite, members judged like top-level ones."""

from __future__ import annotations

import shlex
import sys
from pathlib import Path
from typing import Any

import pytest

from agentv_grader import engine
from agentv_grader.load.assertions import MAX_GROUP_DEPTH, ListContext, build_one
from agentv_grader.model import Outcome, RunData, Status, TestCase
from agentv_grader.rundata.records import LlmResult

RESPONSE = "Paris is the capital of France."
PARIS = {"type": "contains", "value": "Paris"}
BERLIN = {"type": "contains", "value": "Berlin"}


def _grade(
    item: dict[str, Any],
    eval_dir: str = ".",
    results: dict[str, LlmResult] | None = None,
) -> Outcome:
    spec = build_one(item, ListContext(test_id="t", eval_dir=eval_dir, variables={}), 0)
    case = TestCase(
        id="t", suite="s", assertions=(spec,), threshold=0.8, threshold_source="default"
    )
    run = RunData(test=case, response=RESPONSE, eval_dir=eval_dir, llm_results=results or {})
    return engine.evaluate_one(spec, run)


def _set(*members: Any, **options: Any) -> dict[str, Any]:
    return {"type": "assert-set", "assert": list(members), **options}


def _composite(*members: Any, aggregator: Any = None, **options: Any) -> dict[str, Any]:
    item = {"type": "composite", "name": "gate", "assertions": list(members), **options}
    if aggregator is not None:
        item["aggregator"] = aggregator
    return item


def _named(name: str, item: dict[str, Any]) -> dict[str, Any]:
    return {"name": name, **item}


# ------------------------------------------------------------------ assert-set


def test_assert_set_passes_at_its_threshold_with_the_weighted_score() -> None:
    outcome = _grade(_set({**PARIS, "weight": 2}, BERLIN, threshold=0.6))
    assert (outcome.status, outcome.score) == (Status.PASSED, pytest.approx(2 / 3))
    assert [c.status for c in outcome.children] == [Status.PASSED, Status.FAILED]
    assert [c.passed for c in outcome.checks] == [True, False]
    assert outcome.details == {"threshold": 0.6}


def test_assert_set_without_threshold_needs_every_weighted_member_to_pass() -> None:
    assert _grade(_set(PARIS, BERLIN)).status is Status.FAILED
    outcome = _grade(_set(PARIS, {**BERLIN, "weight": 0}))
    assert (outcome.status, outcome.score) == (Status.PASSED, 1.0)


def test_all_zero_weights_score_zero() -> None:
    outcome = _grade(_set({**PARIS, "weight": 0}, threshold=0.5))
    assert (outcome.status, outcome.score) == (Status.FAILED, 0.0)


def test_member_negation_is_honoured_unlike_agentv() -> None:
    outcome = _grade(_set({**BERLIN, "negate": True}))
    assert (outcome.status, outcome.score) == (Status.PASSED, 1.0)
    assert outcome.children[0].spec.negate and outcome.children[0].passed is True


def test_negating_the_set_inverts_its_score_and_checks() -> None:
    outcome = _grade(_set(BERLIN, negate=True))
    assert (outcome.status, outcome.score, outcome.checks[0].passed) == (Status.PASSED, 1.0, True)
    assert outcome.children[0].status is Status.FAILED  # members stay as they were


def test_a_required_member_that_fails_zeroes_the_set() -> None:
    outcome = _grade(_set(PARIS, {**BERLIN, "required": True}, threshold=0.5))
    assert (outcome.status, outcome.score) == (Status.FAILED, 0.0)
    assert "required member 'contains-Berlin'" in outcome.text
    # AgentV main drops `min_score: 0`: the required member then gates at the threshold.
    gated = _grade(_set(PARIS, {**BERLIN, "required": True, "min_score": 0}, threshold=0.5))
    assert (gated.status, gated.score) == (Status.FAILED, 0.0)


def test_sets_nest_and_config_reaches_the_members() -> None:
    inner = _set({"type": "starts-with", "value": "Paris"}, metric="inner", threshold=1)
    outcome = _grade(_set(PARIS, inner, metric="outer", config={"city": "Paris"}))
    assert outcome.status is Status.PASSED
    assert outcome.children[1].children[0].spec.options["config"] == {"city": "Paris"}
    assert outcome.children[0].spec.options["config"] == {"city": "Paris"}


def test_skipped_members_are_left_out_and_all_skipped_is_skipped() -> None:
    latency = {"type": "latency", "threshold": 100}  # no timing data
    outcome = _grade(_set(PARIS, latency))
    assert (outcome.status, outcome.score) == (Status.PASSED, 1.0)
    skipped = _grade(_set(latency))
    assert (skipped.status, skipped.score, len(skipped.children)) == (Status.SKIPPED, None, 1)


def test_a_pending_member_makes_the_set_pending_until_judged() -> None:
    rubric = {"type": "llm-rubric", "metric": "tone", "value": "Polite"}
    outcome = _grade(_set(PARIS, rubric))
    assert (outcome.status, outcome.score) == (Status.PENDING, None)
    assert "tone" in outcome.text
    judged = {"tone": LlmResult(path="llm_grader_results/tone.json", score=1.0)}
    assert _grade(_set(PARIS, rubric), results=judged).status is Status.PASSED


def test_errored_members_count_zero_and_never_turn_into_a_pass() -> None:
    broken = {"type": "contains"}  # no value: error
    mixed = _grade(_set(PARIS, broken, threshold=0.5))
    assert (mixed.status, mixed.score) == (Status.PASSED, 0.5)
    negated = _grade(_set(BERLIN, broken, negate=True))
    assert (negated.status, negated.score) == (Status.FAILED, 0.0)
    only = _grade(_set(broken, negate=True))
    assert (only.status, only.score) == (Status.ERROR, 0.0)


@pytest.mark.parametrize("members", [None, [], "x"])
def test_a_set_without_members_is_an_error(members: Any) -> None:
    item = {"type": "assert-set"} if members is None else {"type": "assert-set", "assert": members}
    outcome = _grade(item)
    assert outcome.status is Status.ERROR and "needs 'assert'" in outcome.text


def test_groups_nest_only_so_deep() -> None:
    item: dict[str, Any] = PARIS
    for _ in range(MAX_GROUP_DEPTH + 2):
        item = _set(item)
    outcome = _grade(item)
    deepest = outcome
    while deepest.children:
        deepest = deepest.children[0]
    assert deepest.status is Status.ERROR and "nest deeper" in deepest.text


# ------------------------------------------------------------------ composite


def test_threshold_aggregator_scores_the_share_of_members_passed() -> None:
    outcome = _grade(
        _composite(
            _named("a", PARIS),
            _named("b", BERLIN),
            aggregator={"type": "threshold", "threshold": 0.5},
        )
    )
    assert (outcome.status, outcome.score) == (Status.PASSED, 0.5)
    assert [c.text for c in outcome.checks] == [
        "1/2 evaluators passed (threshold: 0.5)",
        '[a] Output contains "Paris"',
        '[b] Output does not contain "Berlin"',
    ]


def test_weighted_average_uses_aggregator_weights_then_member_weights() -> None:
    outcome = _grade(
        _composite(
            _named("a", PARIS),
            _named("b", {**BERLIN, "weight": 3}),
            _named("c", {**BERLIN, "weight": 0}),
            aggregator={"type": "weighted_average", "weights": {"a": 3}},
        )
    )
    assert outcome.score == pytest.approx(0.5)
    assert [c.spec.weight for c in outcome.children] == [3.0, 3.0, 0.0]
    assert outcome.status is Status.FAILED  # passes at 0.8


@pytest.mark.parametrize(
    ("aggregator", "score", "status"),
    [
        ({"type": "min"}, 0.0, Status.FAILED),
        ({"type": "max"}, 1.0, Status.PASSED),
        ({"type": "max", "threshold": 1}, 1.0, Status.PASSED),
        ("all_pass", 0.0, Status.FAILED),
        ({"type": "all-pass"}, 0.0, Status.FAILED),
    ],
)
def test_min_max_and_all_pass(aggregator: Any, score: float, status: Status) -> None:
    outcome = _grade(_composite(_named("a", PARIS), _named("b", BERLIN), aggregator=aggregator))
    assert (outcome.score, outcome.status) == (score, status)


def test_all_pass_passes_when_every_member_passed() -> None:
    outcome = _grade(_composite(_named("a", PARIS), aggregation="all_pass"))
    assert (outcome.status, outcome.score) == (Status.PASSED, 1.0)


@pytest.mark.parametrize(
    ("aggregator", "fragment"),
    [
        (None, "composite needs an aggregator"),
        ({"type": "median"}, "unknown composite aggregator type 'median'"),
        ({"type": "threshold"}, "needs threshold"),
        ({"type": "threshold", "threshold": 2}, "aggregator.threshold must be"),
        ({"type": "weighted_average", "weights": {"a": -1}}, "aggregator.weights must map"),
        ({"type": "code-grader"}, "needs 'path': a shell command"),
        ({"type": "code-grader", "command": ["python3", "a.py"]}, "AgentV 4.x reads only 'path'"),
    ],
)
def test_bad_aggregators_are_errors(aggregator: Any, fragment: str) -> None:
    outcome = _grade(_composite(_named("a", PARIS), aggregator=aggregator))
    assert outcome.status is Status.ERROR and fragment in outcome.text, outcome.text


def test_an_unnamed_member_is_an_error_and_counts_as_not_passed() -> None:
    outcome = _grade(
        _composite(PARIS, _named("b", PARIS), aggregator={"type": "threshold", "threshold": 1})
    )
    assert (outcome.status, outcome.score) == (Status.FAILED, 0.5)
    assert outcome.children[0].status is Status.ERROR
    assert "has no 'name'" in outcome.children[0].text


def test_composite_without_members_is_an_error() -> None:
    outcome = _grade(_composite(aggregator="weighted_average"))
    assert outcome.status is Status.ERROR and "needs 'assertions'" in outcome.text


def test_llm_aggregator_is_pending_then_judged() -> None:
    item = _composite(_named("a", PARIS), aggregator={"type": "llm-grader", "prompt": "Decide."})
    outcome = _grade(item)
    assert outcome.status is Status.PENDING
    assert outcome.details["result_path"] == "llm_grader_results/gate.json"
    assert outcome.children[0].status is Status.PASSED
    judged = {"gate": LlmResult(path="llm_grader_results/gate.json", score=0.7)}
    assert _grade(item, results=judged).status is Status.FAILED  # composite verdicts at 0.8


AGGREGATOR = (
    "import json, os, sys\n"
    "results = json.load(sys.stdin)['results']\n"
    "score = sum(r['score'] for r in results.values()) / len(results)\n"
    "keys = sorted(results['a'])\n"
    "print(json.dumps({'score': score, 'assertions': [\n"
    "    {'text': ','.join(sorted(results)) + ' ' + ','.join(keys) + ' ' + os.getcwd(),\n"
    "     'passed': score > 0.4}]}))\n"
)
PYTHON = shlex.quote(sys.executable)


def _aggregated(tmp_path: Path, path: str, **extra: Any) -> Outcome:
    (tmp_path / "agg.py").write_text(AGGREGATOR, "utf-8")
    aggregator = {"type": "code-grader", "path": path, **extra}
    item = _composite(_named("a", PARIS), _named("b", BERLIN), aggregator=aggregator)
    return _grade(item, eval_dir=str(tmp_path))


def test_code_aggregator_path_is_a_shell_command_run_from_the_eval_folder(tmp_path: Path) -> None:
    """AgentV 4.42.4 runs `path` with execShellWithStdin, cwd the eval file's folder."""
    (tmp_path / "elsewhere").mkdir()
    outcome = _aggregated(tmp_path, f"{PYTHON} agg.py", cwd="elsewhere")  # cwd: not read
    fields = "assertions,expectedAspectCount,score,status,verdict,weight"
    assert (outcome.status, outcome.score) == (Status.FAILED, 0.5)
    assert outcome.text == f"a,b {fields} {tmp_path}"
    piped = _aggregated(tmp_path, f"cat | {PYTHON} agg.py > out.json && cat out.json")
    assert piped.score == 0.5 and (tmp_path / "out.json").is_file()


def test_code_aggregator_path_naming_a_bare_file_is_an_error_as_sh_cannot_run_it(
    tmp_path: Path,
) -> None:
    """`path: agg.py` is `sh: agg.py: not found` in AgentV 4.42.4 (score 0); error here."""
    outcome = _aggregated(tmp_path, "agg.py")
    assert outcome.status is Status.ERROR
    assert "exited with code 127" in outcome.text and "agg.py: not found" in outcome.text


@pytest.mark.parametrize(
    ("path", "fragment"),
    [
        ("echo hello", "printed no JSON object (path: echo hello); stdout: hello"),
        ("echo '[1]'", "printed no JSON object"),
        ("echo oops >&2; exit 3", "exited with code 3"),
    ],
)
def test_code_aggregator_that_fails_or_prints_no_json_object_is_an_error(
    tmp_path: Path, path: str, fragment: str
) -> None:
    """AgentV 4.42.4 scores these 0; SPEC §5.6 makes script output outside the protocol
    and a non-zero exit `error`, and the aggregator follows it."""
    outcome = _aggregated(tmp_path, path)
    assert outcome.status is Status.ERROR and fragment in outcome.text


@pytest.mark.parametrize(
    ("stdout", "score", "status"),
    [
        ('{"score": 2}', 1.0, Status.PASSED),
        ('{"score": 0.5, "verdict": "pass"}', 0.5, Status.PASSED),
        ('{"score": "1"}', 0.0, Status.FAILED),
        (' {"score": 0.9}', 0.9, Status.PASSED),
    ],
)
def test_code_aggregator_output_is_read_as_agentv_reads_it(
    tmp_path: Path, stdout: str, score: float, status: Status
) -> None:
    outcome = _aggregated(tmp_path, f"printf '%s\\n' {shlex.quote(stdout)}")
    assert (outcome.status, outcome.score) == (status, score)
