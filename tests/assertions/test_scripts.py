"""Code graders (SPEC §5.6): script, inline python and javascript; crashes, hangs, floods."""

from __future__ import annotations

import json
import shutil
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from agentv_grader import engine
from agentv_grader.assertions import _process
from agentv_grader.assertions.scripts import function_body
from agentv_grader.load.assertions import ListContext, build_one
from agentv_grader.model import Outcome, RunData, Status, TestCase
from agentv_grader.rundata.records import Figure, Message, Timing, ToolCall, Transcript

PY = sys.executable
RESPONSE = "Paris is the capital of France."
NODE = shutil.which("node")
needs_node = pytest.mark.skipif(NODE is None, reason="node is not on PATH")


def _grade(item: dict[str, Any], tmp_path: Path, **run: Any) -> Outcome:
    spec = build_one(item, ListContext(test_id="t", eval_dir=str(tmp_path), variables={}), 0)
    case = TestCase(
        id="t",
        suite="s",
        assertions=(spec,),
        threshold=0.8,
        threshold_source="default",
        input_messages=({"role": "user", "content": "Capital of France?"},),
        criteria="Names Paris",
        expected_output={"answer": "Paris"},
    )
    data = RunData(test=case, response=RESPONSE, eval_dir=str(tmp_path), **run)
    return engine.evaluate_one(spec, data)


def _script(tmp_path: Path, body: str, **options: Any) -> dict[str, Any]:
    path = tmp_path / "grader.py"
    path.write_text(body, "utf-8")
    return {"type": "script", "command": [PY, str(path)], **options}


# ------------------------------------------------------------------ script: answers


@pytest.mark.parametrize(
    ("answer", "status", "score", "text"),
    [
        ({"pass": True, "reason": "looks right"}, Status.PASSED, 1.0, "looks right"),
        ({"pass": False}, Status.FAILED, 0.0, "script returned score 0"),
        ({"score": 0.8}, Status.PASSED, 0.8, "script returned score 0.8"),
        ({"score": 0.7}, Status.FAILED, 0.7, "script returned score 0.7"),
        ({"score": 3}, Status.PASSED, 1.0, "script returned score 1"),
        ({"score": 0.2, "pass": True}, Status.PASSED, 0.2, "script returned score 0.2"),
    ],
)
def test_json_answers_follow_agentvs_protocol(
    tmp_path: Path, answer: dict[str, Any], status: Status, score: float, text: str
) -> None:
    outcome = _grade(_script(tmp_path, f"print({json.dumps(answer)!r})"), tmp_path)
    assert (outcome.status, outcome.score, outcome.text) == (status, score, text)


def test_checks_give_the_mean_score_and_the_first_failed_text(tmp_path: Path) -> None:
    answer = {"checks": [
        {"text": "has a city", "pass": True, "reason": "Paris"},
        {"text": "has a country", "pass": False, "reason": "no country", "score": 0.5},
        {"text": "one line", "passed": True},
    ]}  # fmt: skip
    outcome = _grade(_script(tmp_path, f"print({json.dumps(answer)!r})"), tmp_path)
    assert (outcome.status, outcome.score, outcome.text) == (
        Status.PASSED,
        2.5 / 3,
        "has a country",
    )
    assert [(c.text, c.passed, c.evidence) for c in outcome.checks] == [
        ("has a city", True, "Paris"),
        ("has a country", False, "no country"),
        ("one line", True, ""),
    ]


def test_script_threshold_overrides_the_default(tmp_path: Path) -> None:
    item = _script(tmp_path, "print('{\"score\": 0.6}')", threshold=0.5)
    assert _grade(item, tmp_path).status is Status.PASSED


def test_non_json_output_is_plain_text_and_exit_zero_passes(tmp_path: Path) -> None:
    outcome = _grade(_script(tmp_path, "print('all good\\nsecond line')"), tmp_path)
    assert (outcome.status, outcome.score, outcome.text) == (Status.PASSED, 1.0, "all good")
    assert "second line" in outcome.evidence
    broken_json = _grade(_script(tmp_path, "print('{not json')"), tmp_path)
    assert (broken_json.status, broken_json.text) == (Status.PASSED, "{not json")
    silent = _grade({"type": "script", "command": "true"}, tmp_path)
    assert (silent.status, silent.text) == (Status.PASSED, "exit 0")


@pytest.mark.parametrize(
    ("answer", "fragment"),
    [
        ({"reason": "no verdict"}, "must include pass, score or checks[] (keys: reason)"),
        ({"checks": [{"text": "x"}]}, "checks[0] must be {text, pass, reason?}"),
        ({"checks": "x"}, "checks must be a list"),
    ],
)
def test_json_outside_the_protocol_is_an_error(
    tmp_path: Path, answer: dict[str, Any], fragment: str
) -> None:
    outcome = _grade(_script(tmp_path, f"print({json.dumps(answer)!r})"), tmp_path)
    assert outcome.status is Status.ERROR and fragment in outcome.text, outcome.text


# ------------------------------------------------------------------ script: failures


def test_a_crash_is_an_error_with_the_tail_of_stderr(tmp_path: Path) -> None:
    outcome = _grade(_script(tmp_path, "raise RuntimeError('grader broke')", negate=True), tmp_path)
    assert (outcome.status, outcome.score) == (Status.ERROR, 0.0)
    assert "script exited with code 1" in outcome.text
    assert "RuntimeError: grader broke" in outcome.text


def test_a_quiet_non_zero_exit_is_an_error_too(tmp_path: Path) -> None:
    outcome = _grade(_script(tmp_path, "import sys; print('nope'); sys.exit(3)"), tmp_path)
    assert outcome.status is Status.ERROR
    assert "exited with code 3; stdout: nope" in outcome.text


def test_a_hang_is_stopped_at_the_deadline(tmp_path: Path) -> None:
    body = "import sys, time\nsys.stderr.write('working\\n'); sys.stderr.flush()\ntime.sleep(30)"
    started = time.monotonic()
    outcome = _grade(_script(tmp_path, body, timeout_ms=300), tmp_path)
    assert time.monotonic() - started < 5
    assert outcome.status is Status.ERROR
    assert "script timed out after 300 ms; stderr: working" in outcome.text


def test_a_hang_in_a_child_process_is_stopped_too(tmp_path: Path) -> None:
    sleeper = "[sys.executable, '-c', 'import time; time.sleep(30)']"
    body = f"import subprocess, sys\nsubprocess.run({sleeper})"
    started = time.monotonic()
    outcome = _grade(_script(tmp_path, body, timeout_ms=300), tmp_path)
    assert time.monotonic() - started < 5 and outcome.status is Status.ERROR


def test_huge_output_is_bounded(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(_process, "MAX_STDOUT_BYTES", 1024 * 1024)
    endless = "import sys\nwhile True:\n    sys.stdout.write('x' * 65536)"
    started = time.monotonic()
    outcome = _grade(_script(tmp_path, endless), tmp_path)
    assert time.monotonic() - started < 10
    assert outcome.status is Status.ERROR and "wrote more than 1 MiB to stdout" in outcome.text


def test_huge_stderr_keeps_only_its_tail(tmp_path: Path) -> None:
    body = "import sys\nsys.stderr.write('noise\\n' * 2_000_000 + 'LAST LINE')\nsys.exit(1)"
    outcome = _grade(_script(tmp_path, body), tmp_path)
    assert outcome.status is Status.ERROR and outcome.text.endswith("LAST LINE")
    assert len(outcome.text) < 3000


def test_a_script_that_never_reads_its_large_input_is_fine(tmp_path: Path) -> None:
    item = _script(tmp_path, "print('{\"pass\": true}')")
    spec = build_one(item, ListContext(test_id="t", eval_dir=str(tmp_path), variables={}), 0)
    case = TestCase(id="t", suite="s", assertions=(spec,), threshold=0.8, threshold_source="d")
    run = RunData(test=case, response="y" * 5_000_000, eval_dir=str(tmp_path))
    assert engine.evaluate_one(spec, run).status is Status.PASSED


@pytest.mark.parametrize(
    ("item", "fragment"),
    [
        ({"type": "script"}, "needs 'command'"),
        ({"type": "script", "command": []}, "needs 'command'"),
        ({"type": "code-grader", "script": "'unclosed"}, "exited with code 2"),  # as below
        ({"type": "code-grader", "script": "   "}, "needs 'command'"),
        ({"type": "script", "command": "'unclosed"}, "exited with code 2"),  # sh's syntax error
        ({"type": "script", "command": ["no-such-grader-xyz"]}, "command not found"),
        ({"type": "script", "command": ["true"], "cwd": "missing"}, "is not a folder"),
        ({"type": "script", "command": ["true"], "timeout_ms": 0}, "timeout_ms must be"),
    ],
)
def test_bad_script_configuration_is_an_error(
    tmp_path: Path, item: dict[str, Any], fragment: str
) -> None:
    outcome = _grade(item, tmp_path)
    assert outcome.status is Status.ERROR and fragment in outcome.text, outcome.text


def test_a_command_string_is_split_and_cwd_is_relative_to_the_eval(tmp_path: Path) -> None:
    (tmp_path / "graders").mkdir()
    (tmp_path / "graders" / "check.py").write_text("import os; print(os.getcwd())", "utf-8")
    item = {"type": "script", "command": f"'{PY}' check.py", "cwd": "graders"}
    outcome = _grade(item, tmp_path)
    assert (outcome.status, outcome.text) == (Status.PASSED, str((tmp_path / "graders").resolve()))


# ------------------------------------------------------------------ script: what it sees


def test_the_script_gets_agentvs_snake_case_context(tmp_path: Path) -> None:
    body = "import json, sys\nprint(json.dumps({'pass': True, 'details': json.load(sys.stdin)}))"
    timing = Timing(
        input_tokens=Figure(500, "t"), output_tokens=Figure(300, "t"), cost_usd=Figure(0.01, "t")
    )
    call = ToolCall(name="Read", input={"path": "a.md"}, output="text", duration_ms=5)
    transcript = Transcript(
        path="x",
        shape="raw",
        messages=(Message(1, "user", "Q"), Message(2, "assistant", RESPONSE, (call,))),
    )
    item = _script(tmp_path, body, config={"city": "Paris"}, expected_city="Paris")
    outcome = _grade(item, tmp_path, timing=timing, transcript=transcript)
    sent = outcome.details["script_details"]
    assert sent["output"] == RESPONSE and sent["criteria"] == "Names Paris"
    assert sent["input"] == [{"role": "user", "content": "Capital of France?"}]
    assert sent["expected_output"] == [{"role": "assistant", "content": {"answer": "Paris"}}]
    assert sent["token_usage"] == {"input": 500, "output": 300}
    assert (sent["cost_usd"], sent["duration_ms"]) == (0.01, None)
    assert sent["config"] == {"expected_city": "Paris", "city": "Paris"}
    assert sent["trace"]["messages"][1]["tool_calls"] == [
        {
            "tool": "Read",
            "input": {"path": "a.md"},
            "output": "text",
            "status": "ok",
            "duration_ms": 5,
        }
    ]
    assert sent["trace_summary"]["tool_calls"] == {"Read": 1}
    assert sent["messages"] == sent["trace"]["messages"]


def test_without_a_transcript_there_is_no_trace(tmp_path: Path) -> None:
    body = "import json, sys\nprint(json.dumps({'pass': True, 'details': json.load(sys.stdin)}))"
    sent = _grade(_script(tmp_path, body), tmp_path).details["script_details"]
    assert (sent["trace"], sent["trace_summary"], sent["token_usage"]) == (None, None, None)
    assert sent["messages"] == [{"role": "assistant", "content": RESPONSE}]


@pytest.mark.parametrize("extension", [".py", ".sh"])
def test_a_custom_type_beside_the_eval_runs_as_a_script(tmp_path: Path, extension: str) -> None:
    folder = tmp_path / ".agentv" / "assertions"
    folder.mkdir(parents=True)
    body = (
        "print('{\"score\": 1}')"
        if extension == ".py"
        else "cat > /dev/null; echo '{\"score\": 1}'"
    )
    (folder / f"my-check{extension}").write_text(body, "utf-8")
    outcome = _grade({"type": "my-check", "limit": 3}, tmp_path)
    assert (outcome.spec.type, outcome.spec.name, outcome.status) == (
        "script",
        "my-check",
        Status.PASSED,
    )
    assert outcome.details["normalised_from"] == "my-check"
    assert _grade({"type": "other-check"}, tmp_path).status is Status.ERROR


# ------------------------------------------------------------------ inline python


FAILING = "Python assertion returned a failing result"
ANSWER = "context['expected_output'][0]['content']['answer']"


@pytest.mark.parametrize(
    ("item", "status", "score", "text"),
    [
        ({"value": "output.startswith('Paris')"}, Status.PASSED, 1.0, "Assertion passed"),
        ({"value": "'Berlin' in output"}, Status.FAILED, 0.0, FAILING),
        ({"value": "0.4"}, Status.PASSED, 0.4, "Assertion passed"),
        ({"value": "0.4", "threshold": 0.5}, Status.FAILED, 0.4, FAILING),
        ({"value": "{'score': 0, 'reason': 'zero'}"}, Status.FAILED, 0.0, "zero"),
        ({"value": "{'pass': True}"}, Status.PASSED, 1.0, "Assertion passed"),
        ({"value": "x = len(output)\nreturn x > 3"}, Status.PASSED, 1.0, "Assertion passed"),
        ({"value": f"{ANSWER} in output"}, Status.PASSED, 1.0, "Assertion passed"),
        ({"value": "print('debug')\nreturn True"}, Status.PASSED, 1.0, "Assertion passed"),
    ],
)  # fmt: skip
def test_python_follows_agentvs_pass_rule(
    tmp_path: Path, item: dict[str, Any], status: Status, score: float, text: str
) -> None:
    outcome = _grade({"type": "python", **item}, tmp_path)
    assert (outcome.status, outcome.score, outcome.text) == (status, score, text)


@pytest.mark.parametrize(
    ("value", "fragment"),
    [
        ("1 / 0", "Python assertion failed: python assertion exited with code 1; stderr:"),
        ("'text'", 'Python assertion returned "text"; expected a boolean'),
        ("None", "returned null"),
    ],
)
def test_python_crashes_and_odd_results_are_errors(
    tmp_path: Path, value: str, fragment: str
) -> None:
    outcome = _grade({"type": "python", "value": value, "negate": True}, tmp_path)
    assert outcome.status is Status.ERROR and fragment in outcome.text, outcome.text


def test_python_hang_is_stopped(tmp_path: Path) -> None:
    item = {"type": "python", "value": "__import__('time').sleep(30)", "timeout_ms": 300}
    outcome = _grade(item, tmp_path)
    assert outcome.status is Status.ERROR and "timed out after 300 ms" in outcome.text


# ------------------------------------------------------------------ inline javascript


@pytest.mark.parametrize(
    ("code", "body"),
    [
        ("output.includes('x')", "return output.includes('x')"),
        ("  output.length > 3;;  ", "return output.length > 3"),
        ("const n = output.length; n > 3", "const n = output.length; return n > 3"),
        ("return 1", "return 1"),
        ("const a = 1;\na > 0", "const a = 1;\na > 0"),
    ],
)
def test_function_body_is_agentvs(code: str, body: str) -> None:
    assert function_body(code) == body


@needs_node
@pytest.mark.parametrize(
    ("value", "status", "score"),
    [
        ("output.includes('Paris')", Status.PASSED, 1.0),
        ("0.5", Status.PASSED, 0.5),
        ("Promise.resolve({score: 0.2, reason: 'meh'})", Status.PASSED, 0.2),
        ("context.expectedOutput[0].content.answer === 'Paris'", Status.PASSED, 1.0),
        ("console.log('noise'); return context.criteria === 'Names Paris'", Status.PASSED, 1.0),
    ],
)
def test_javascript_runs_with_node(
    tmp_path: Path, value: str, status: Status, score: float
) -> None:
    outcome = _grade({"type": "javascript", "value": value}, tmp_path)
    assert (outcome.status, outcome.score) == (status, score), outcome.text


@needs_node
@pytest.mark.parametrize(
    ("value", "fragment"),
    [
        ("(() => { throw new Error('boom') })()", "Javascript assertion failed: boom"),
        ("output.(", "Javascript assertion failed:"),
        ("let a = 1;\nlet b = 2;", "returned undefined"),
    ],
)
def test_javascript_errors(tmp_path: Path, value: str, fragment: str) -> None:
    outcome = _grade({"type": "javascript", "value": value}, tmp_path)
    assert outcome.status is Status.ERROR and fragment in outcome.text, outcome.text


@needs_node
def test_javascript_hang_is_stopped(tmp_path: Path) -> None:
    item = {"type": "javascript", "value": "while (true) {}\nreturn 1", "timeout_ms": 300}
    outcome = _grade(item, tmp_path)
    assert outcome.status is Status.ERROR and "timed out after 300 ms" in outcome.text


def test_javascript_without_node_is_skipped(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(shutil, "which", lambda name: None)
    outcome = _grade({"type": "javascript", "value": "true", "negate": True}, tmp_path)
    assert (outcome.status, outcome.score) == (Status.SKIPPED, None)
    assert "node" in outcome.text


@pytest.mark.parametrize("kind", ["python", "javascript"])
def test_inline_code_is_required(tmp_path: Path, kind: str) -> None:
    outcome = _grade({"type": kind, "value": "  "}, tmp_path)
    assert outcome.status is Status.ERROR and "needs 'value'" in outcome.text


def test_an_inline_result_with_assertions_reports_them_as_checks(tmp_path: Path) -> None:
    entries = "[{'text': 'a', 'passed': True}, {'text': 'b', 'passed': False}]"
    value = f"{{'score': 0.5, 'assertions': {entries}}}"
    outcome = _grade({"type": "python", "value": value}, tmp_path)
    assert (outcome.status, outcome.score, outcome.text) == (Status.PASSED, 0.5, "b")
    assert [c.text for c in outcome.checks] == ["a", "b"]


# ------------------------------------------------------------------ code-grader: AgentV 4.x


def test_an_unnamed_code_grader_is_named_code_grader_as_agentv_4_names_it(
    tmp_path: Path,
) -> None:
    """4.x's generateAssertionName gives the type (`code_grader` read as `code-grader`);
    main's `script` keeps `script`."""
    names = [
        _grade({"type": kind, "command": ["true"]}, tmp_path).spec.name
        for kind in ("code-grader", "code_grader", "script")
    ]
    assert names == ["code-grader", "code-grader", "script"]


def test_v4s_script_string_runs_through_the_shell(tmp_path: Path) -> None:
    """4.x's loader wraps a `script` string as `sh -lc <trimmed>` (pipes work), as it does
    `command`: one pipe stage prints the answer."""
    item = {"type": "code-grader", "script": "  echo '{\"score\": 0.25}' | cat  "}
    outcome = _grade(item, tmp_path)
    assert (outcome.status, outcome.score) == (Status.FAILED, 0.25)


@pytest.mark.parametrize(
    ("answer", "status", "score", "entries"),
    [
        # score given: clamped; the entries are the script's own
        (
            {"score": 0.5, "assertions": [{"text": "saw Paris", "passed": True, "evidence": "e"},
                                          {"text": "no Rome", "passed": False}]},
            Status.FAILED, 0.5, [("saw Paris", True, "e"), ("no Rome", False, "")],
        ),
        ({"score": 7}, Status.PASSED, 1.0, []),
        ({"score": -3}, Status.FAILED, 0.0, []),
        # no score: the share of entries passed
        (
            {"assertions": [{"text": "a", "passed": True}, {"text": "b", "passed": True},
                            {"text": "c", "passed": True}, {"text": "d", "passed": False}]},
            Status.FAILED, 0.75,
            [("a", True, ""), ("b", True, ""), ("c", True, ""), ("d", False, "")],
        ),
        # `pass`, `checks`, `reason` are main's protocol: 4.x reads none of them
        ({"pass": True, "reason": "fine"}, Status.FAILED, 0.0, []),
        ({"score": 0.5, "pass": True}, Status.FAILED, 0.5, []),
        ({"checks": [{"text": "x", "pass": True, "reason": "r"}]}, Status.FAILED, 0.0, []),
    ],
)  # fmt: skip
def test_code_grader_reads_agentv_4s_protocol(
    tmp_path: Path,
    answer: dict[str, Any],
    status: Status,
    score: float,
    entries: list[tuple[str, bool, str]],
) -> None:
    item = _script(tmp_path, f"print({json.dumps(answer)!r})")
    outcome = _grade({**item, "type": "code-grader"}, tmp_path)
    assert (outcome.status, outcome.score) == (status, score), outcome.evidence
    assert [(c.text, c.passed, c.evidence) for c in outcome.checks] == entries


def test_code_grader_ignoring_mains_fields_says_so(tmp_path: Path) -> None:
    item = _script(tmp_path, "print('{\"pass\": true}')")
    outcome = _grade({**item, "type": "code-grader"}, tmp_path)
    assert outcome.text == "code-grader returned score 0"
    assert "no score and no assertions" in outcome.evidence
    assert "pass ignored" in outcome.evidence


@pytest.mark.parametrize(
    ("answer", "fragment"),
    [
        ({"assertions": "x"}, "assertions must be a list"),
        ({"score": 1, "assertions": [{"passed": True}]}, "assertions[0] must be {text, passed"),
        ({"score": 1, "assertions": [{"text": "t", "passed": 1}]}, "assertions[0] must be"),
    ],
)
def test_code_grader_entries_outside_the_protocol_are_an_error(
    tmp_path: Path, answer: dict[str, Any], fragment: str
) -> None:
    item = _script(tmp_path, f"print({json.dumps(answer)!r})")
    outcome = _grade({**item, "type": "code-grader"}, tmp_path)
    assert outcome.status is Status.ERROR and fragment in outcome.text, outcome.text


def test_mains_script_reports_its_checks_and_ignores_assertions(tmp_path: Path) -> None:
    """Main's script-grader.ts: the entries are the `checks`; `assertions` is not read."""
    answer = {"score": 0.5, "assertions": [{"text": "v4 entry", "passed": True}]}
    outcome = _grade(_script(tmp_path, f"print({json.dumps(answer)!r})"), tmp_path)
    assert (outcome.status, outcome.score, outcome.checks) == (Status.FAILED, 0.5, ())


def test_a_scripts_infinite_score_is_clamped_to_zero(tmp_path: Path) -> None:
    """`1e999` parses as Infinity, a number, which AgentV's clampScore makes 0 (v4, main)."""
    item = _script(tmp_path, 'print(\'{"score": 1e999, "pass": true}\')')
    outcome = _grade(item, tmp_path)
    assert (outcome.status, outcome.score) == (Status.PASSED, 0.0)
    outcome = _grade({**item, "type": "code-grader"}, tmp_path)
    assert (outcome.status, outcome.score) == (Status.FAILED, 0.0)


def test_plain_text_output_is_one_entry_of_the_whole_stdout(tmp_path: Path) -> None:
    """AgentV's entry for plain text: the trimmed stdout, else `exit 0`."""
    outcome = _grade(_script(tmp_path, "print('  all good\\nsecond line  ')"), tmp_path)
    assert [(c.text, c.passed) for c in outcome.checks] == [("all good\nsecond line", True)]
    silent = _grade({"type": "code-grader", "command": "true"}, tmp_path)
    assert [(c.text, c.passed) for c in silent.checks] == [("exit 0", True)]


CONFIG_KEYS = {
    "name": "c1", "metric": "m1", "threshold": 0.4, "timeout_ms": 5000, "value": "v",
    "extra": 1, "config": {"extra": 2, "other": 3},
}  # fmt: skip


@pytest.mark.parametrize(
    ("kind", "config"),
    [
        # agentv@4.42.4 `pipeline input` wrote this config for such a code-grader
        ("code-grader", {"metric": "m1", "threshold": 0.4, "timeout_ms": 5000, "value": "v",
                         "extra": 2, "other": 3}),
        # AgentV main at 58f316ca2 loads a script so (the oracle's dump.ts)
        ("script", {"name": "c1", "threshold": 0.4, "timeout_ms": 5000, "value": "v",
                    "extra": 2, "other": 3}),
    ],
)  # fmt: skip
def test_the_script_gets_every_key_agentvs_loader_does_not_know_in_config(
    tmp_path: Path, kind: str, config: dict[str, Any]
) -> None:
    """Each version's `knownProps` stay out; `threshold` and `timeout_ms` (agentv-grade
    reads them too) and the other version's naming key go through, `config:` wins."""
    body = "import json, sys\nprint(json.dumps({'score': 1, 'details': json.load(sys.stdin)}))"
    item = {**_script(tmp_path, body, **CONFIG_KEYS), "type": kind}
    outcome = _grade(item, tmp_path)
    sent = outcome.details["script_details"]["config"]
    assert (sent, list(sent)) == (config, list(config))
