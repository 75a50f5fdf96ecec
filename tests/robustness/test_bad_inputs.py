"""The bad-input catalogue (issue 7; SPEC §2, §3, §4, §6, §7): every hostile or broken input
ends in one clear answer, never a traceback, a hang, a lie or a stray file.

Each row says exactly what must happen: the exit code; for exit 2 the one line on stderr
(file and line where known) and that nothing at all was written; otherwise the status of
every assertion with a piece of its message, and the report's warnings. Every report is
checked against the shipped JSON Schema, every file written must lie in `<bench>/<id>/`,
and no `.agentv-grade-*.tmp` file may be left behind.
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from tests.helpers import cli, validate_report

ANSWER = b"Paris is the capital of France."


@dataclass(frozen=True)
class Link:
    """A symbolic link to `target` (placeholders allowed; a missing target dangles)."""

    target: str


DIR = "<directory>"
FIFO = "<fifo>"  # a named pipe: opening it to read would wait for a writer, forever


@dataclass(frozen=True)
class Case:
    """One bad input and its exact expected outcome."""

    id: str
    eval: str | bytes
    exit: int
    error: str | None = None  # the stderr line holds this (exit 2)
    expect: tuple[tuple[str, str], ...] = ()  # (status, text in the assertion's message)
    warnings: tuple[str, ...] = ()  # each is part of some report warning
    response: bytes | None = ANSWER
    files: Mapping[str, bytes | str | Link] = field(default_factory=dict)
    args: tuple[str, ...] | None = None  # replaces the default single-test command line
    env: Mapping[str, str] = field(default_factory=dict)
    patch: Mapping[str, int] = field(default_factory=dict)  # "module:NAME" -> value
    eval_name: str = "suite.eval.yaml"
    test_id: str = "t"
    written: frozenset[str] | None = None  # exactly these files in <bench>/<id>/
    bug: str | None = None  # a known bug in a module this issue does not own (strict xfail)
    no_response: tuple[str, ...] | None = None  # batch mode: grade_summary.json's no_response


def one(*assertions: str, head: str = "", test: str = "") -> str:
    """A suite with test `t` holding these flow-style assertions (the first is on line 4+)."""
    lines = [head + "tests:", "  - id: t"]
    lines += [f"    {extra}" for extra in test.splitlines() if extra]
    lines.append("    assertions:")
    lines += [f"      - {a}" for a in assertions]
    return "\n".join(lines) + "\n"


CONTAINS = one("{type: contains, value: Paris}")
DEEP = "[" * 3000 + "]" * 3000
BILLION_LAUGHS = "\n".join(
    [
        "a: &a [x, x, x, x, x, x, x, x, x, x]",
        *(
            f"{n}: &{n} [{', '.join([f'*{p}'] * 10)}]"
            for p, n in zip("abcdef", "bcdefg", strict=True)
        ),
        "tests: [{id: t, assertions: [{type: contains, value: x}]}]",
    ]
)


def err(status: str = "error", text: str = "") -> tuple[tuple[str, str], ...]:
    return ((status, text),)


# --- the eval file (SPEC §2, §3): exit 2 with file:line:col, nothing written -----------------
NOT_MAPPING = "{eval}: eval file must be a mapping with 'tests', got "
EVAL_FILE = [
    Case("yaml-unclosed-flow", one("{type: contains, value: [Paris"), 2,
         "{eval}:5:1: YAML syntax error: did not find expected ',' or ']'"),
    Case("yaml-bad-indentation", "tests:\n  - id: t\n   assertions: []\n", 2,
         "{eval}:3:4: YAML syntax error: "),
    Case("yaml-tab-indent", "tests:\n\t- id: t\n", 2,
         "{eval}:2:1: YAML syntax error: found character that cannot start any token"),
    Case("yaml-duplicate-key", "tests:\n  - id: t\n    id: u\n", 2,
         "{eval}:3:5: duplicate key 'id' (remove one of the two)"),
    Case("yaml-nul-character", "tests:\n  - id: t\x00\n", 2,
         "{eval}:2:10: YAML error: character U+0000 is not allowed"),
    Case("yaml-control-character", "name: a\x07b\ntests: []\n", 2,
         "{eval}:1:8: YAML error: character U+0007 is not allowed"),
    Case("yaml-alias-bomb", BILLION_LAUGHS, 2,
         "{eval}: YAML aliases expand to more than 2,000,000 nodes (alias bomb?)"),
    Case("yaml-recursive-alias", "a: &a [*a]\ntests: []\n", 2,
         "{eval}:1:4: recursive YAML alias"),
    Case("yaml-undefined-alias", "tests: *nope\n", 2,
         "{eval}:1:8: YAML syntax error: found undefined alias"),
    Case("yaml-flow-nesting-30000-deep", "a: " + "[" * 30_000 + "]" * 30_000 + "\n", 2,
         "{eval}:1:1003: YAML nests deeper than 1000 levels (flatten the data)"),
    Case("yaml-block-nesting-1200-deep",
         "a:\n" + "".join(" " * i + "- \n" for i in range(1200)), 2,
         "{eval}:1001:1000: YAML nests deeper than 1000 levels (flatten the data)"),
    Case("yaml-nesting-500-deep", "a: " + "[" * 500 + "]" * 500 + "\ntests: []\n", 2,
         "{eval}: YAML nesting too deep"),
    Case("yaml-python-tag", "tests: !!python/object:os.system [ls]\n", 2,
         "{eval}:1:8: unsupported YAML tag tag:yaml.org,2002:python/object:os.system"),
    Case("yaml-two-documents", "tests: []\n---\ntests: []\n", 2,
         "{eval}:2:1: YAML syntax error: but found another document"),
    Case("yaml-complex-key", "? [a, b]\n: c\ntests: []\n", 2,
         "{eval}:1:3: mapping key must be a scalar (quote the key)"),
    Case("eval-empty", "", 2, NOT_MAPPING + "null"),
    Case("eval-only-comments", "# nothing\n", 2, NOT_MAPPING + "null"),
    Case("eval-scalar", "42\n", 2, NOT_MAPPING + "a number"),
    Case("eval-list", "- id: t\n", 2, NOT_MAPPING + "a list"),
    Case("eval-no-tests", "name: x\n", 2,
         "{eval}: eval file has no 'tests' list (add tests: [...])"),
    Case("eval-tests-scalar", "tests: 5\n", 2, "{eval}: 'tests' must be a list, got a number"),
    Case("eval-test-is-a-number", "tests: [5]\n", 2,
         "{eval}:1: each test must be a mapping or a file:// path, got a number"),
    Case("eval-invalid-utf8", b"tests:\n  - id: t\xff\n", 2,
         "{eval}:2: eval file is not valid UTF-8 (byte 0xff) (save it as UTF-8)"),
    Case("eval-utf16", "tests: []\n".encode("utf-16"), 2,
         "{eval}:1: eval file is not valid UTF-8 (byte 0xff)"),
    Case("eval-bom-is-fine", b"\xef\xbb\xbf" + CONTAINS.encode(), 0,
         expect=(("passed", 'Output contains "Paris"'),)),
    Case("eval-missing", "", 2, "{eval}: eval file not found (check the path)",
         files={"suite.eval.yaml": Link("{tmp}/nowhere.yaml")}),
    Case("eval-is-a-directory", "", 2, "{tmp}/dir.eval.yaml: eval file is a directory",
         files={"dir.eval.yaml": DIR},
         args=("--eval-path", "{tmp}/dir.eval.yaml", "--test-id", "t", "--bench-dir", "{bench}")),
    Case("eval-is-a-fifo", "", 2,
         "{eval}: cannot read eval file: not a regular file (a FIFO or socket)",
         files={"suite.eval.yaml": FIFO}),
    Case("eval-over-size-limit", CONTAINS, 2,
         "{eval}: eval file is 72 bytes, over the 64 bytes limit",
         patch={"agentv_grader.load.files:MAX_EVAL_BYTES": 64}),
    Case("eval-is-dev-zero", "", 2,
         "{eval}: eval file is over the 1 MiB limit (read past it)",
         files={"suite.eval.yaml": Link("/dev/zero")},
         patch={"agentv_grader.load.files:MAX_EVAL_BYTES": 1024 * 1024}),
    Case("case-file-missing", "tests: [file://cases.yaml]\n", 2,
         "{tmp}/cases.yaml: test case file not found (check the path)"),
    Case("case-file-is-a-directory", "tests: [file://cases]\n", 2,
         "{tmp}/cases: test case file is a directory", files={"cases": DIR}),
    Case("case-file-not-a-list", "tests: [file://cases.yaml]\n", 2,
         "{tmp}/cases.yaml:1: test 1 of the file is not a mapping",
         files={"cases.yaml": "[1, 2]\n"}),
    Case("jsonl-bad-line", '{"id": "t", "assertions": []}\n{"id": \n', 2,
         "{eval}:2:8: invalid JSON: Expecting value", eval_name="suite.jsonl"),
    Case("jsonl-row-not-object", '{"id": "t"}\n[1]\n', 2,
         "{eval}:2: each line must be a JSON object", eval_name="suite.jsonl"),
    Case("duplicate-test-id", CONTAINS + "  - id: t\n    assertions: []\n", 2,
         "{eval}:5: test id 't' is used by 2 tests (lines 2, 5) (give each test a unique id)"),
    Case("unknown-test-id-did-you-mean", CONTAINS.replace("id: t", "id: capital-france"), 2,
         "{eval}: unknown test id 'capital-frace' (did you mean 'capital-france'?)",
         test_id="capital-frace"),
    Case("unknown-test-id-lists-ids", CONTAINS, 2,
         "{eval}: unknown test id 'zzz' (the file has 1 test(s): t)", test_id="zzz"),
    Case("test-threshold-out-of-range",
         one("{type: contains, value: Paris}", test="execution: {threshold: 2}"), 2,
         "{eval}:2: execution.threshold must be a number in 0..1, got 2 (write e.g. 0.8)"),
    Case("option-threshold-out-of-range", CONTAINS, 2, "--threshold must be in 0..1, got 1.5",
         args=("--eval-path", "{eval}", "--test-id", "t", "--bench-dir", "{bench}",
               "--threshold", "1.5")),
    Case("option-bad-layout", CONTAINS, 2, "Invalid value for '--agentv-layout'",
         args=("--eval-path", "{eval}", "--test-id", "t", "--bench-dir", "{bench}",
               "--agentv-layout", "v9")),
    Case("option-per-test-in-batch", CONTAINS, 2, "--response-file need --test-id",
         args=("--eval-path", "{eval}", "--bench-dir", "{bench}", "--response-file", "{tmp}/x")),
]  # fmt: skip

# --- the response (SPEC §4.1) ----------------------------------------------------------------
RESPONSE_FILE = "run/suite/t/response.md"
PASSES = (("passed", 'Output contains "Paris"'),)
RESPONSE = [
    Case("response-missing", CONTAINS, 2,
         "{bench}/t/response.md: response file not found", response=None),
    Case("response-dangling-symlink", CONTAINS, 2,
         "{bench}/t/response.md: response file not found",
         response=None, files={RESPONSE_FILE: Link("{tmp}/gone.md")}),
    Case("response-is-a-directory", CONTAINS, 2,
         "{bench}/t/response.md: response file is a directory",
         response=None, files={RESPONSE_FILE: DIR}),
    Case("response-symlink-loop", CONTAINS, 2,
         "{bench}/t/response.md: cannot read response file: Too many levels of symbolic links",
         response=None, files={RESPONSE_FILE: Link("{bench}/t/response.md")}),
    Case("response-is-a-fifo", CONTAINS, 2,
         "{bench}/t/response.md: cannot read response file: not a regular file (a FIFO or socket)",
         response=None, files={RESPONSE_FILE: FIFO}),
    Case("response-over-size-limit", CONTAINS, 2,
         "{bench}/t/response.md: response file is 31 bytes, over the limit of 30 bytes "
         "(raise AGENTV_GRADE_MAX_RESPONSE_BYTES if this is intended)",
         env={"AGENTV_GRADE_MAX_RESPONSE_BYTES": "30"}),
    Case("response-is-dev-zero", CONTAINS, 2,
         "{bench}/t/response.md: response file is over the limit of 4096 bytes (read past it)",
         response=None, files={RESPONSE_FILE: Link("/dev/zero")},
         env={"AGENTV_GRADE_MAX_RESPONSE_BYTES": "4096"}),
    Case("response-binary", CONTAINS, 0, response=b"Paris\x00\x01\x02\xff", expect=PASSES,
         warnings=("response looks binary (it contains NUL bytes); graded as decoded text",
                   "response is not valid UTF-8: 1 invalid byte sequence(s) replaced by U+FFFD")),
    Case("response-invalid-utf8", CONTAINS, 0, response=b"Paris \xc3\x28 \xed\xa0\x80",
         expect=PASSES,
         warnings=("response is not valid UTF-8: 4 invalid byte sequence(s) replaced by U+FFFD",)),
    Case("response-utf16", CONTAINS, 1, response="Paris".encode("utf-16"),
         expect=(("failed", '"Paris" not found'),), warnings=("response is not valid UTF-8",)),
    Case("response-bom-json", one("{type: is-json}", "{type: equals, value: '{\"a\": 1}'}"), 0,
         response=b'\xef\xbb\xbf{"a": 1}',
         expect=(("passed", "Output is valid JSON"), ("passed", "Output equals")),
         warnings=("response starts with a UTF-8 BOM; it was removed before grading",)),
    Case("response-crlf-note", one('{type: contains, value: "a\\nb"}'), 1, response=b"a\r\nb\r\n",
         expect=(("failed", "(it would pass with \\r\\n read as \\n)"),)),
    Case("response-crlf-regex", one('{type: regex, value: "^b$"}'), 1, response=b"a\nb\r\n",
         expect=(("failed", "no match; "),)),
    Case("response-crlf-equals-trims", one("{type: equals, value: Paris}"), 0,
         response=b"Paris\r\n", expect=(("passed", 'Output equals "Paris"'),)),
    Case("response-empty-negated-is-vacuous", one("{type: not-contains, value: Paris}"), 0,
         response=b"", expect=(("passed", "vacuous: the response is empty"),)),
]  # fmt: skip

# --- every common assertion field with a wrong type (SPEC §3): that assertion is `error` -----
TIMEOUT = "timeout_ms must be a number of milliseconds > 0 and ≤ 3600000, got "
# An integer past what a double holds (YAML writes any length): Infinity to JavaScript,
# OverflowError on its way to a float here (it ended in exit 3, an internal error)
HUGE = "9" * 400
NO_VALUE = CONTAINS.replace("    assertions:\n      - {type: contains, value: Paris}\n", "")
COMMON_FIELDS = [
    Case("weight-word", one("{type: contains, value: Paris, weight: heavy}"), 1,
         expect=err(text="weight must be a number ≥ 0, got 'heavy'")),
    Case("weight-quoted-number", one("{type: contains, value: Paris, weight: '2'}"), 1,
         expect=err(text="got '2' (write weight: 2 without quotes)")),
    Case("weight-negative", one("{type: contains, value: Paris, weight: -1}"), 1,
         expect=err(text="weight must be a finite number ≥ 0, got -1")),
    Case("weight-infinite", one("{type: contains, value: Paris, weight: .inf}"), 1,
         expect=err(text="weight must be a finite number ≥ 0, got inf")),
    Case("weight-integer-past-a-double", one(f"{{type: contains, value: Paris, weight: {HUGE}}}"),
         1, expect=err(text=f"weight must be a finite number ≥ 0, got {HUGE}")),
    Case("timeout-integer-past-a-double", one(f"{{type: regex, value: P, timeout_ms: {HUGE}}}"),
         1, expect=err(text=TIMEOUT + HUGE)),
    Case("negate-string", one("{type: contains, value: Paris, negate: 'yes'}"), 1,
         expect=err(text="negate must be true or false, got 'yes'")),
    Case("negated-number", one("{type: contains, value: Paris, negated: 1}"), 1,
         expect=err(text="negate must be true or false, got 1")),
    Case("required-number", one("{type: contains, value: Paris, required: 0.5}"), 1,
         expect=err(text="required must be true or false, got 0.5 (use 'required: true' + "
                    "'min_score: 0.5')")),
    Case("min-score-too-big", one("{type: contains, value: Paris, min_score: 2}"), 1,
         expect=err(text="min_score must be a number in 0..1, got 2")),
    Case("min-score-word", one("{type: contains, value: Paris, min_score: high}"), 1,
         expect=err(text="min_score must be a number in 0..1, got 'high'")),
    Case("flags-list", one("{type: regex, value: Paris, flags: [i]}"), 1,
         expect=err(text="flags must be a string such as \"i\", got ['i']")),
    Case("flags-on-contains", one("{type: contains, value: Paris, flags: 5}"), 1,
         expect=err(text="flags must be a string such as \"i\", got 5")),
    Case("value-number", one("{type: contains, value: 42}"), 1,
         expect=err(text="'value' must be a non-empty string, got a number; "
                    "quote it: value: \"42\"")),
    Case("value-empty", one("{type: contains, value: ''}"), 1,
         expect=err(text="'value' is empty (a non-empty string is required)")),
    Case("value-missing", one("{type: starts-with}"), 1,
         expect=err(text="'value' is missing (a non-empty string is required)")),
    Case("value-mapping", one("{type: equals, value: {a: 1}}"), 1,
         expect=err(text="'value' must be a non-empty string, got a mapping")),
    Case("value-list-with-number", one("{type: contains-any, value: [42, x]}"), 1,
         expect=err(text="value[0] is a number, not a string; quote it: \"42\"")),
    Case("value-string-on-list-type", one("{type: icontains-all, value: Paris}"), 1,
         expect=err(text="got a string; write value: [\"Paris\"]")),
    Case("value-empty-list", one("{type: contains-all, value: []}"), 1,
         expect=err(text="'value' is an empty list (at least one string is required)")),
    Case("threshold-on-assert-set",
         one("{type: assert-set, threshold: 1.5, assert: [{type: contains, value: Paris}]}"), 1,
         expect=err(text="threshold must be a number in 0..1, got 1.5")),
    Case("threshold-on-script", one("{type: script, command: [x], threshold: high}"), 1,
         expect=err(text="threshold must be a number in 0..1, got 'high'")),
    Case("case-sensitive-string", one("{type: contains, value: Paris, case_sensitive: 'no'}"), 1,
         expect=err(text="case_sensitive must be true or false, got 'no'")),
    Case("target-output-key-number",
         one("{type: contains, value: Paris, target_output_key: 5}"), 1,
         expect=err(text="target_output_key must be a non-empty string, got 5")),
    Case("target-output-key-on-prose",
         one("{type: contains, value: Paris, target_output_key: a}"), 1,
         expect=err("failed", "key 'a' not found: the response is not JSON")),
    Case("target-output-key-unsupported-type",
         one("{type: latency, threshold: 5, target_output_key: a}"), 1,
         expect=err(text="target_output_key is not supported on latency")),
    Case("timeout-ms-word", one("{type: regex, value: Paris, timeout_ms: fast}"), 1,
         expect=err(text=TIMEOUT + "'fast'")),
    Case("timeout-ms-zero", one("{type: regex, value: Paris, timeout_ms: 0}"), 1,
         expect=err(text=TIMEOUT + "0")),
    Case("timeout-ms-infinite", one("{type: regex, value: Paris, timeout_ms: .inf}"), 1,
         expect=err(text=TIMEOUT + "inf")),
    Case("timeout-ms-huge", one("{type: output-matches, value: Paris, timeout_ms: 1e300}"), 1,
         expect=err(text=TIMEOUT + "1e+300")),
    Case("timeout-ms-fraction-rounds-up",
         one("{type: regex, value: '(a|aa)+$', timeout_ms: 0.5}"), 1, response=b"a" * 40 + b"b",
         expect=err(text="regex timed out after 1 ms: catastrophic backtracking likely")),
    Case("timeout-ms-on-script", one("{type: script, command: [x], timeout_ms: -3}"), 1,
         expect=err(text="timeout_ms must be a number of milliseconds > 0, got -3")),
    Case("type-missing", one("{value: Paris}"), 1,
         expect=err(text="assertion has no 'type' (a non-empty string)")),
    Case("type-number", one("{type: 5, value: Paris}"), 1,
         expect=err(text="assertion has no 'type' (a non-empty string)")),
    Case("assertion-is-a-number", one("5"), 1,
         expect=err(text="assertion must be a mapping, got a number")),
    Case("assertion-list-not-a-list", NO_VALUE + "    assertions: 5\n", 1,
         expect=err(text="assertion list must be a list, got a number")),
    Case("unknown-type", one("{type: frobnicate, value: x}"), 1,
         expect=err(text="unknown assertion type 'frobnicate'")),
    Case("unsupported-promptfoo-type", one("{type: contains-json}"), 1,
         expect=err(text="unsupported promptfoo assertion type 'contains-json'")),
    Case("g-eval-hint", one("{type: g-eval, value: x}"), 1,
         expect=err(text="use 'llm-rubric' instead")),
    Case("double-negation", one("{type: not-contains, value: Paris, negate: true}"), 1,
         expect=err(text="'not-contains' is already negated; 'negate: true' on it is an "
                    "ambiguous double negation")),
    Case("transform", one("{type: contains, value: Paris, transform: x}"), 1,
         expect=err(text="per-assertion 'transform' is not supported")),
    Case("template-undefined-var", one("{type: contains, value: '{{ city }}'}"), 1,
         expect=err(text="undefined variable 'city' in template")),
    Case("template-runtime-error", one("{type: contains, value: '{{ 1/0 }}'}"), 1,
         expect=err(text="template error: ZeroDivisionError: division by zero")),
    Case("template-type-error", one("{type: contains, value: '{{ [1] + 2 }}'}"), 1,
         expect=err(text="template error: TypeError: can only concatenate list")),
    Case("template-agentv-filter",
         one("{type: contains, value: '{{ x | load }}'}", test="vars: {x: a}"), 1,
         expect=err(text="template filter 'load' is AgentV-specific and not supported")),
    Case("template-syntax", one("{type: contains, value: '{{ x'}", test="vars: {x: a}"), 1,
         expect=err(text="template syntax error: ")),
    Case("include-missing", one("{include: nope}"), 1,
         expect=err(text="assertion template not found: nope")),
    # A path is found through the search roots as AgentV main finds it (eval authors are
    # trusted as with scripts); what is not a template is an error, its text not quoted.
    Case("include-escapes", one("{include: ../../etc/passwd}"), 1,
         expect=err(text="template '../../etc/passwd' must be a mapping with 'assert'")),
]  # fmt: skip

# --- type-specific fields of each family -----------------------------------------------------
TIMING = {
    "run/suite/t/timing.json": json.dumps(
        {"duration_ms": 100, "cost_usd": 0.1, "token_usage": {"input": 10, "output": 5}}
    )
}
EXPECTED = 'expected_output: {"a": 1}'
TRANSCRIPT = {
    "run/suite/t/transcript.json": json.dumps(
        [{"role": "assistant", "content": "hi", "tool_calls": [{"tool": "Read", "input": {}}]}]
    )
}
FIELD = "{type: field-accuracy, fields: [{path: a, %s}]%s}"
NO_COMMAND = "script needs 'command': a list such as [python3, grade.py] or a string, got "
TYPE_FIELDS = [
    Case("latency-threshold-word", one("{type: latency, threshold: fast}"), 1, files=TIMING,
         expect=err(text="'threshold' must be a number ≥ 0 (milliseconds), got 'fast'")),
    Case("latency-threshold-negative", one("{type: latency, threshold: -5}"), 1, files=TIMING,
         expect=err(text="'threshold' must be a number ≥ 0 (milliseconds), got -5")),
    Case("latency-threshold-integer-past-a-double", one(f"{{type: latency, threshold: {HUGE}}}"),
         1, files=TIMING,
         expect=err(text=f"'threshold' must be a number ≥ 0 (milliseconds), got {HUGE}")),
    Case("latency-threshold-missing", one("{type: latency}"), 1, files=TIMING,
         expect=err(text="latency needs 'threshold' (milliseconds, a number ≥ 0)")),
    Case("cost-budget-list", one("{type: cost, budget: [1]}"), 1, files=TIMING,
         expect=err(text="'budget' must be a number ≥ 0 (USD), got [1]")),
    Case("token-usage-quoted", one("{type: token-usage, max_total: '100'}"), 1, files=TIMING,
         expect=err(text="'max_total' must be a number ≥ 0 (tokens), got '100'")),
    Case("execution-metrics-word", one("{type: execution-metrics, max_tool_calls: x}"), 1,
         files=TIMING, expect=err(text="'max_tool_calls' must be a number ≥ 0 (a limit), got 'x'")),
    Case("metric-bad-config-beats-missing-data", one("{type: cost, budget: -1}"), 1,
         expect=err(text="'budget' must be a number ≥ 0 (USD), got -1")),
    Case("field-accuracy-fields-number", one("{type: field-accuracy, fields: 5}", test=EXPECTED),
         1, expect=err(text="field-accuracy needs 'fields' (a non-empty list) or 'expected'")),
    Case("field-accuracy-path-number",
         one("{type: field-accuracy, fields: [{path: 5, match: exact}]}", test=EXPECTED), 1,
         expect=err(text="fields[0].path must be a non-empty string")),
    Case("field-accuracy-match-unknown", one(FIELD % ("match: fuzzy", ""), test=EXPECTED), 1,
         expect=err(text="fields[0].match must be exact, numeric_tolerance or date, "
                    "got 'fuzzy'")),
    Case("field-accuracy-tolerance-word",
         one(FIELD % ("match: numeric_tolerance, tolerance: x", ""), test=EXPECTED), 1,
         expect=err(text="fields[0].tolerance must be a number ≥ 0, got 'x'")),
    Case("field-accuracy-tolerance-integer-past-a-double",
         one(FIELD % (f"match: numeric_tolerance, tolerance: {HUGE}", ""), test=EXPECTED), 1,
         expect=err(text=f"fields[0].tolerance must be a number ≥ 0, got {HUGE}")),
    Case("skill-used-count-integer-past-a-double",
         one(f"{{type: skill-used, value: {{name: pdf, min: {HUGE}}}}}"), 1, files=TRANSCRIPT,
         expect=err(text="skill-used assertion object min must be a finite non-negative integer")),
    Case("field-accuracy-aggregation",
         one(FIELD % ("match: exact", ", aggregation: median"), test=EXPECTED), 1,
         expect=err(text="aggregation must be weighted_average or all_or_nothing, "
                    "got 'median'")),
    Case("field-accuracy-no-reference", one(FIELD % ("match: exact", "")), 1,
         expect=err(text="field-accuracy needs expected_output")),
    Case("tool-used-number", one("{type: 'trajectory:tool-used', value: 5}"), 1,
         files=TRANSCRIPT, expect=err(text="trajectory:tool-used assertion must have a string, "
                                      "string array, or object value")),
    Case("tool-sequence-string", one("{type: 'trajectory:tool-sequence', value: Read}"), 1,
         files=TRANSCRIPT,
         expect=err(text="trajectory:tool-sequence assertion must have an array or object value")),
    Case("step-count-word", one("{type: 'trajectory:step-count', value: {min: x}}"), 1,
         files=TRANSCRIPT,
         expect=err(text="trajectory:step-count assertion must include a min or max property")),
    Case("tool-args-match-number", one("{type: 'trajectory:tool-args-match', value: 7}"), 1,
         files=TRANSCRIPT,
         expect=err(text="trajectory:tool-args-match assertion must have an object value")),
    Case("tool-trajectory-mode", one("{type: tool-trajectory, mode: sideways, expected: []}"), 1,
         files=TRANSCRIPT, expect=err(text="mode must be one of any_order, in_order, exact, "
                                      "subset, superset, got 'sideways'"),
         warnings=("AgentV main refuses type 'tool-trajectory'",)),
    Case("trajectory-bad-config-without-transcript",
         one("{type: 'trajectory:tool-used', value: 5}"), 1,
         expect=err(text="must have a string, string array, or object value")),
    Case("skill-used-number", one("{type: skill-used, value: 5}"), 1, files=TRANSCRIPT,
         expect=err(text="skill-used assertion must have a string, string array, or object")),
    Case("skill-trigger-should-trigger-word",
         one("{type: skill-trigger, skill: pdf, should_trigger: maybe}"), 1, files=TRANSCRIPT,
         expect=err(text="should_trigger must be true or false, got 'maybe'"),
         warnings=("AgentV main refuses type 'skill-trigger'",)),
    Case("script-command-number", one("{type: script, command: 5}"), 1,
         expect=err(text=NO_COMMAND + "5")),
    Case("script-command-empty", one("{type: script, command: []}"), 1,
         expect=err(text=NO_COMMAND + "[]")),
    Case("script-command-not-found", one("{type: script, command: [/nonexistent/grader]}"), 1,
         expect=err(text="script: command not found: '/nonexistent/grader'")),
    Case("script-exit-code", one("{type: script, command: [sh, -c, 'echo oops >&2; exit 3']}"),
         1, expect=err(text="script exited with code 3; stderr: oops")),
    Case("script-deadline", one("{type: script, command: [sh, -c, 'sleep 5'], timeout_ms: 200}"),
         1, expect=err(text="script timed out after 200 ms")),
    Case("script-cwd-missing", one("{type: script, command: [sh, -c, 'true'], cwd: nowhere}"), 1,
         expect=err(text="is not a folder")),
    Case("python-value-number", one("{type: python, value: 5}"), 1,
         expect=err(text="python needs 'value': the code to run, as a non-empty string")),
    Case("composite-no-aggregator",
         one("{type: composite, assertions: [{name: m, type: contains, value: Paris}]}"), 1,
         expect=err(text="composite needs an aggregator"),
         warnings=("AgentV main refuses type 'composite' (use 'assert-set' instead)",)),
    Case("composite-unnamed-member", one("{type: composite, aggregator: {type: min}, "
                                         "assertions: [{type: contains, value: Paris}]}"), 1,
         expect=err(text="every graded member errored"),
         warnings=("AgentV main refuses type 'composite'",)),
    Case("is-json-remote-ref", one("{type: is-json, schema: {$ref: 'http://x'}}"), 1,
         response=b'{"a": 1}', expect=err(text="schema $ref 'http://x' cannot be resolved (only "
                                          "refs inside the schema are followed; remote $ref is "
                                          "refused)")),
    Case("is-json-ref-loop", one("{type: is-json, schema: {$ref: '#'}}"), 1, response=b"1",
         expect=err(text="schema $ref loops forever")),
    Case("is-json-invalid-schema", one("{type: is-json, schema: {type: 5}}"), 1, response=b"1",
         expect=err(text="invalid JSON Schema: ")),
    Case("llm-rubric-value-number", one("{type: llm-rubric, value: 5}"), 1,
         expect=err(text="llm-rubric value must be the criteria (text) or a non-empty list of "
                    "rubric items, got 5")),
]  # fmt: skip

# --- regexes (SPEC §5.1 dialect and time bound) ----------------------------------------------
SLOW = b"a" * 40 + b"b"
BAD_REGEX = "Invalid regular expression: "


def slow(kind: str, extra: str = ", timeout_ms: 50") -> str:
    """A catastrophic pattern (exponential backtracking on SLOW) in an assertion of `kind`."""
    return one(f"{{type: {kind}, value: '(a|aa)+$'{extra}}}")


REGEXES = [
    Case("regex-unterminated-group", one("{type: regex, value: '('}"), 1,
         expect=err(text=BAD_REGEX + "/(/: Unterminated group")),
    Case("regex-quantifier-order", one("{type: regex, value: 'a{2,1}'}"), 1,
         expect=err(text=BAD_REGEX + "/a{2,1}/: numbers out of order in {} quantifier")),
    Case("regex-range-order", one("{type: regex, value: '[z-a]'}"), 1,
         expect=err(text=BAD_REGEX + "/[z-a]/: Range out of order in character class")),
    Case("regex-duplicate-group-name", one("{type: regex, value: '(?<n>a)(?<n>b)'}"), 1,
         expect=err(text="Duplicate capture group name")),
    Case("regex-bad-flag", one("{type: regex, value: Paris, flags: q}"), 1,
         expect=err(text="Invalid flags supplied to RegExp constructor 'q'")),
    Case("regex-repeated-flag", one("{type: regex, value: Paris, flags: gg}"), 1,
         expect=err(text="Invalid flags supplied to RegExp constructor 'gg'")),
    Case("regex-catastrophic-timeout-ms", slow("regex"), 1, response=SLOW,
         expect=err(text="regex timed out after 50 ms: catastrophic backtracking likely")),
    Case("regex-catastrophic-env-deadline", slow("regex", ""), 1, response=SLOW,
         env={"AGENTV_GRADE_REGEX_TIMEOUT_MS": "50"},
         expect=err(text="regex timed out after 50 ms: catastrophic backtracking likely")),
    Case("regex-catastrophic-negated-never-passes", slow("not-regex"), 1, response=SLOW,
         expect=err(text="regex timed out after 50 ms")),
    Case("output-matches-catastrophic", slow("output-matches"), 1, response=SLOW,
         expect=err(text="regex timed out after 50 ms")),
    Case("transcript-matches-catastrophic", slow("transcript-matches"), 1,
         files={"run/suite/t/transcript.json": json.dumps(
             [{"role": "assistant", "content": SLOW.decode()}])},
         expect=err(text="regex timed out after 50 ms")),
]  # fmt: skip

# --- timing, transcript and LLM-result files (SPEC §4.3, §4.4, §5.6) -------------------------
LATENCY = one("{type: latency, threshold: 1000}")
TIMING_FILE = "run/suite/t/timing.json"
TRANSCRIPT_FILE = "run/suite/t/transcript.json"
TOOL_USED = one("{type: 'trajectory:tool-used', value: Read}")
RUBRIC = one("{type: llm-rubric, name: polite, value: is polite}")
RESULT_FILE = "run/suite/t/llm_grader_results/polite.json"
NO_DURATION = err("skipped", "timing.json has no duration")
ONE_MIB = 1024 * 1024
NESTED_CALL = (
    '[{"role": "assistant", "content": "x", "tool_calls": [{"tool": "Read", "input": {"p": '
    + DEEP
    + "}}]}]"
)
SIDE_FILES = [
    Case("timing-not-json", LATENCY, 1, files={TIMING_FILE: "{not json"},
         expect=err(text="timing.json is not valid JSON: Expecting property name enclosed"),
         warnings=("timing.json is not valid JSON",)),
    Case("timing-a-list", LATENCY, 1, files={TIMING_FILE: "[1, 2]"},
         expect=err(text="timing.json must hold a JSON object, got list")),
    Case("timing-nan", LATENCY, 1, files={TIMING_FILE: '{"duration_ms": NaN}'},
         expect=err(text="timing.json is not valid JSON: NaN is not valid JSON")),
    Case("timing-empty", LATENCY, 1, files={TIMING_FILE: ""},
         expect=err(text="timing.json is not valid JSON: Expecting value")),
    Case("timing-value-word", LATENCY, 0, files={TIMING_FILE: '{"duration_ms": "slow"}'},
         expect=NO_DURATION,
         warnings=("timing.json: duration_ms is not a number ≥ 0 ('slow'); it was ignored",)),
    Case("timing-negative-value", LATENCY, 0, files={TIMING_FILE: '{"duration_ms": -3}'},
         expect=NO_DURATION, warnings=("duration_ms is not a number ≥ 0 (-3); it was ignored",)),
    Case("timing-huge-number", LATENCY, 0, files={TIMING_FILE: '{"duration_ms": 1e999}'},
         expect=NO_DURATION, warnings=("duration_ms is not a number ≥ 0 (inf); it was ignored",)),
    Case("timing-is-a-directory", LATENCY, 1, files={TIMING_FILE: DIR},
         expect=err(text="timing file is a directory")),
    Case("timing-is-a-fifo", LATENCY, 1, files={TIMING_FILE: FIFO},
         expect=err(text="cannot read timing.json: not a regular file (a FIFO or socket)")),
    Case("timing-named-but-missing", LATENCY, 1,
         args=("--eval-path", "{eval}", "--test-id", "t", "--bench-dir", "{bench}",
               "--timing-file", "{tmp}/gone.json", "--format", "json"),
         expect=err(text="timing file not found")),
    Case("timing-over-size-limit", LATENCY, 1,
         files={TIMING_FILE: '{"duration_ms": 5, "pad": "' + "x" * ONE_MIB + '"}'},
         patch={"agentv_grader.rundata.timing:MAX_JSON_BYTES": ONE_MIB},
         expect=err(text="timing.json is 1048605 bytes, over the 1 MiB limit")),
    Case("timing-is-dev-zero", LATENCY, 1, files={TIMING_FILE: Link("/dev/zero")},
         patch={"agentv_grader.rundata.timing:MAX_JSON_BYTES": ONE_MIB},
         expect=err(text="timing.json is over the 1 MiB limit (read past it)")),
    Case("metrics-broken-timing-fine", LATENCY, 0,
         files={TIMING_FILE: '{"duration_ms": 5}', "run/suite/t/metrics.json": "{oops"},
         expect=err("passed", "Duration 5ms <= 1000ms threshold"),
         warnings=("metrics.json is not valid JSON",)),
    Case("transcript-not-json", TOOL_USED, 1, files={TRANSCRIPT_FILE: "{nope"},
         expect=err(text="transcript is unusable: {bench}/t/transcript.json: is neither JSON "
                    "nor JSONL"),
         warnings=("is neither JSON nor JSONL",)),
    Case("transcript-is-a-fifo", TOOL_USED, 1, files={TRANSCRIPT_FILE: FIFO},
         expect=err(text="cannot read transcript: not a regular file (a FIFO or socket)")),
    Case("transcript-a-number", TOOL_USED, 1, files={TRANSCRIPT_FILE: "42"},
         expect=err(text="holds a JSON int, not messages")),
    Case("transcript-unknown-shape", TOOL_USED, 1, files={TRANSCRIPT_FILE: '{"foo": 1}'},
         expect=err(text="is in no known transcript shape")),
    Case("transcript-items-not-objects", TOOL_USED, 1, files={TRANSCRIPT_FILE: '[null, 1, "x"]'},
         expect=err(text="is a list whose items are not all JSON objects")),
    Case("transcript-empty", TOOL_USED, 1, files={TRANSCRIPT_FILE: ""},
         expect=err("failed", "Missing required tool(s): Read. Actual tools: (none)"),
         warnings=("transcript file is empty (zero messages)",)),
    Case("transcript-jsonl-partial-line", one("{type: transcript-contains, value: hi}"), 0,
         files={"run/suite/t/transcript.jsonl":
                '{"role": "assistant", "content": "hi"}\n{"role": "assis'},
         expect=err("passed", "'hi' found in transcript"),
         warnings=("transcript line(s) 2 are not valid JSON and were skipped",)),
    Case("transcript-invalid-utf8", one("{type: transcript-contains, value: hi}"), 0,
         files={TRANSCRIPT_FILE: b'[{"role": "assistant", "content": "hi \xff"}]'},
         expect=err("passed", "'hi' found in transcript"),
         warnings=("transcript is not valid UTF-8; invalid bytes were replaced",)),
    Case("transcript-invalid-utf8-beside-a-real-replacement-character",
         one("{type: transcript-contains, value: hi}"), 0,
         files={TRANSCRIPT_FILE: '[{"role": "assistant", "content": "hi \ufffd '.encode()
                + b'\xff"}]'},
         expect=err("passed", "'hi' found in transcript"),
         warnings=("transcript is not valid UTF-8; invalid bytes were replaced",)),
    Case("transcript-real-replacement-character-only",
         one("{type: transcript-contains, value: hi}"), 0,
         files={TRANSCRIPT_FILE: '[{"role": "assistant", "content": "hi \ufffd"}]'},
         expect=err("passed", "'hi' found in transcript")),
    Case("transcript-lone-surrogate", one("{type: transcript-contains, value: x}"), 0,
         files={TRANSCRIPT_FILE: '[{"role": "assistant", "content": "x \\ud800 y"}]'},
         expect=err("passed", "'x' found in transcript")),
    Case("transcript-over-size-limit", TOOL_USED, 1, response=b"Paris",
         files={TRANSCRIPT_FILE: "[]" + " " * 100}, env={"AGENTV_GRADE_MAX_RESPONSE_BYTES": "50"},
         expect=err(text="transcript is 102 bytes, over the limit of 50 bytes")),
    Case("transcript-deeply-nested-args",
         one("{type: 'trajectory:tool-used', value: Read}",
             "{type: transcript-contains, value: x}",
             "{type: 'trajectory:tool-args-match', value: {name: Read, args: {p: [1]}}}"),
         1, files={TRANSCRIPT_FILE: NESTED_CALL},
         expect=(("passed", "Observed required tool(s): Read"),
                 ("passed", "'x' found in transcript"),
                 ("error", "trajectory:tool-args-match: the data is nested too deeply to "
                           "compare"))),
    Case("llm-result-not-json", RUBRIC, 1, files={RESULT_FILE: "{bad"},
         expect=err(text="LLM result file unusable: {bench}/t/llm_grader_results/polite.json: "
                    "is not valid JSON")),
    Case("llm-result-a-list", RUBRIC, 1, files={RESULT_FILE: "[]"},
         expect=err(text="does not match the LLM result shape {score: 0..1, assertions: "
                    "[{text, passed, evidence?}]}: $: [] is not of type 'object'")),
    Case("llm-result-score-too-big", RUBRIC, 1,
         files={RESULT_FILE: '{"score": 2, "assertions": []}'},
         expect=err(text="$.score: 2 is greater than the maximum of 1")),
    Case("llm-result-nan", RUBRIC, 1, files={RESULT_FILE: '{"score": NaN, "assertions": []}'},
         expect=err(text="is not valid JSON: NaN is not valid JSON")),
    Case("llm-result-item-without-passed", RUBRIC, 1,
         files={RESULT_FILE: '{"score": 0.9, "assertions": [{"text": "x"}]}'},
         expect=err(text="$.assertions[0]: 'passed' is a required property")),
    Case("llm-result-not-utf8", RUBRIC, 1, files={RESULT_FILE: b"\xff\xfe"},
         expect=err(text="is not UTF-8 text (invalid start byte at byte 0)")),
    Case("llm-result-is-a-fifo", RUBRIC, 1, files={RESULT_FILE: FIFO},
         expect=err(text="cannot be read: not a regular file (a FIFO or socket)")),
    Case("llm-result-is-a-directory", RUBRIC, 1, files={RESULT_FILE: DIR},
         expect=err(text="is a directory, not a JSON file")),
    Case("llm-result-over-size-limit", RUBRIC, 1,
         files={RESULT_FILE: '{"score": 1, "assertions": [], "pad": "' + "x" * ONE_MIB + '"}'},
         patch={"agentv_grader.rundata.llm_results:MAX_RESULT_BYTES": ONE_MIB},
         expect=err(text="1048617 bytes, over the 1 MiB limit")),
    Case("llm-result-is-dev-zero", RUBRIC, 1, files={RESULT_FILE: Link("/dev/zero")},
         patch={"agentv_grader.rundata.llm_results:MAX_RESULT_BYTES": ONE_MIB},
         expect=err(text="over the 1 MiB limit (read past it)")),
    Case("llm-result-bom-is-fine", RUBRIC, 1,
         files={RESULT_FILE: b'\xef\xbb\xbf{"score": 0.2, "assertions": []}'},
         expect=err("failed", "Grader agent scored 0.2 < threshold 0.5")),
]  # fmt: skip

# --- paths: test ids and names that would escape, things in the way of results (SPEC §6) -----
WRONG_IDS = [
    ("../x", "test id '../x' contains a path separator"),
    ("..", "test id '..' would escape the bench dir"),
    (".", "test id '.' would escape the bench dir"),
    ("a/b", "test id 'a/b' contains a path separator"),
    ("a\\b", "test id 'a\\\\b' contains a path separator"),
    ("/abs", "test id '/abs' contains a path separator"),
    ("C:x", "test id 'C:x' looks like an absolute path"),
    (" ", "the test id is empty"),
    ("a\tb", "test id 'a\\tb' contains a control character (tab, newline, …)"),
    ("a\nb", "test id 'a\\nb' contains a control character (tab, newline, …)"),
    ("x" * 256, "test id is 256 bytes long in UTF-8; a folder name holds at most 255"),
    ("é" * 128, "test id is 256 bytes long in UTF-8; a folder name holds at most 255"),
]
BATCH = ("--eval-path", "{eval}", "--bench-dir", "{bench}", "--jobs", "1")
ESCAPING_NAMES = one(
    "{type: contains, value: Paris, name: ../../evil}",
    "{type: contains, value: Paris, name: /etc/passwd}",
    "{type: contains, value: Paris, name: ..}",
    "{type: contains, value: Paris, metric: a/../../b}",
    "{type: contains, value: Paris, name: CON}",
    "{type: contains, value: Paris, name: .hidden}",
    "{type: contains, value: ../../x}",
)
ESCAPING_FILES = {"../../../keep.json", "code_grader_results/../../../keep.json"}
PATHS = [
    *(
        Case(f"test-id-{n}", CONTAINS.replace("id: t", "id: " + json.dumps(test_id)), 2,
             "{eval}: " + message + " (test ids name folders)", test_id=test_id)
        for n, (test_id, message) in enumerate(WRONG_IDS)
    ),
    Case("test-id-lone-surrogate", '{"id": "a\\ud800", "assertions": []}\n', 2,
         "{eval}: test id 'a\\ud800' is not valid Unicode (a lone surrogate)",
         eval_name="suite.jsonl", test_id="a\ud800"),
    Case("batch-refuses-an-unsafe-id-first", CONTAINS + "  - id: ../evil\n    assertions: []\n",
         2, "{eval}:5: test id '../evil' contains a path separator", args=BATCH),
    Case("assertion-names-that-escape", ESCAPING_NAMES, 0,
         expect=(("passed", ""),) * 6 + (("failed", '"../../x" not found'),),
         written=frozenset({
             "grader_report.json", "eval_critique.json", "eval_critique.md",
             "code_grader_results/_.._.._evil.json", "code_grader_results/_etc_passwd.json",
             "code_grader_results/_...json", "code_grader_results/a_.._.._b.json",
             "code_grader_results/_CON.json", "code_grader_results/_.hidden.json",
             "code_grader_results/contains-.._.._x.json"})),
    Case("bench-dir-is-a-file", CONTAINS, 2,
         "{tmp}/plain/t/code_grader_results/contains-Paris.json: cannot write a result file: "
         "Not a directory", files={"plain": "x"},
         args=("--eval-path", "{eval}", "--test-id", "t", "--bench-dir", "{tmp}/plain",
               "--response-file", "{bench}/t/response.md")),
    Case("report-path-is-a-directory", CONTAINS, 2,
         "{bench}/t/grader_report.json: cannot write a result file: a directory has its name",
         files={"run/suite/t/grader_report.json": DIR}),
    Case("merge-path-is-a-directory", CONTAINS, 2,
         "{bench}/t/code_grader_results/contains-Paris.json: cannot write a result file",
         files={"run/suite/t/code_grader_results/contains-Paris.json": DIR}),
    Case("merge-folder-links-outside", CONTAINS, 2,
         "{bench}/t/code_grader_results/contains-Paris.json: cannot write a result file: its "
         "folder leads out of the test's folder",
         files={"outside": DIR, "run/suite/t/code_grader_results": Link("{tmp}/outside")}),
    Case("junit-path-is-a-directory", CONTAINS, 2,
         "{tmp}/junit.xml: cannot write a result file: a directory has its name",
         files={"junit.xml": DIR}, args=(*BATCH, "--junit", "{tmp}/junit.xml")),
    Case("previous-report-deeply-nested", CONTAINS, 0,
         files={"run/suite/t/grader_report.json": "[" * 100_000}, expect=PASSES),
    Case("previous-report-is-a-fifo", CONTAINS, 0,
         files={"run/suite/t/grader_report.json": FIFO}, expect=PASSES),
    Case("user-notes-is-a-fifo", CONTAINS, 0, files={"run/suite/t/user_notes.md": FIFO},
         expect=PASSES,
         warnings=("user_notes.md not read: not a regular file (a FIFO or socket)",)),
    Case("agentv-config-is-a-fifo", CONTAINS, 0,
         files={"run/suite/t/code_graders/x.json": FIFO}, expect=PASSES),
    Case("batch-fifo-response-is-no-response", CONTAINS + "  - id: u\n    assertions: []\n", 0,
         files={"run/suite/u/response.md": FIFO}, args=BATCH, no_response=("u",)),
    Case("previous-report-is-dev-zero", CONTAINS, 0,
         files={"run/suite/t/grader_report.json": Link("/dev/zero")},
         patch={"agentv_grader.result_files:_READ_BACK_LIMIT": ONE_MIB}, expect=PASSES),
    Case("previous-report-lists-escaping-files", CONTAINS, 0,
         files={"run/suite/t/grader_report.json": json.dumps({"files": sorted(ESCAPING_FILES)}),
                "keep.json": "{}"},
         expect=PASSES),
    Case("agentv-config-deeply-nested", CONTAINS, 0,
         files={"run/suite/t/code_graders/x.json": "[" * 100_000}, expect=PASSES),
    Case("agentv-config-is-dev-zero", CONTAINS, 0,
         files={"run/suite/t/code_graders/x.json": Link("/dev/zero")},
         patch={"agentv_grader.merge:_CONFIG_LIMIT": ONE_MIB}, expect=PASSES),
]  # fmt: skip

CATALOGUE = EVAL_FILE + RESPONSE + COMMON_FIELDS + TYPE_FIELDS + REGEXES + SIDE_FILES + PATHS


def test_the_catalogue_is_large_and_ids_are_unique() -> None:
    ids = [case.id for case in CATALOGUE]
    assert len(ids) == len(set(ids))
    assert len(ids) >= 50


def _snapshot(root: Path) -> dict[str, bytes | None]:
    """Every file and folder under root (links not followed), with file contents."""
    out: dict[str, bytes | None] = {}
    for folder, dirs, files in os.walk(root):
        for name in dirs + files:
            path = Path(folder) / name
            key = str(path.relative_to(root))
            out[key] = path.read_bytes() if path.is_file() and not path.is_symlink() else None
    return out


def _fill(text: str, places: Mapping[str, str]) -> str:
    """Put the run's paths in for `{tmp}`, `{bench}`, `{eval}` (messages hold other braces)."""
    for name, value in places.items():
        text = text.replace("{" + name + "}", value)
    return text


def _make(tmp: Path, case: Case, places: Mapping[str, str]) -> Path:
    eval_path = tmp / case.eval_name
    if case.eval_name not in case.files:
        data = case.eval if isinstance(case.eval, bytes) else case.eval.encode("utf-8")
        eval_path.write_bytes(data)
    bench = tmp / "run" / "suite"
    if case.response is not None:
        (bench / "t").mkdir(parents=True)
        (bench / "t" / "response.md").write_bytes(case.response)
    for relpath, content in case.files.items():
        path = tmp / relpath
        path.parent.mkdir(parents=True, exist_ok=True)
        if content == DIR:
            path.mkdir()
        elif content == FIFO:
            os.mkfifo(path)
        elif isinstance(content, Link):
            path.symlink_to(_fill(content.target, places))
        else:
            path.write_bytes(content.encode("utf-8") if isinstance(content, str) else content)
    return eval_path


def _param(case: Case) -> object:
    marks = [pytest.mark.xfail(raises=Exception, strict=True, reason=case.bug)] if case.bug else []
    return pytest.param(case, id=case.id, marks=marks)


@pytest.mark.parametrize("case", [_param(c) for c in CATALOGUE])
def test_bad_input(case: Case, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    tmp = tmp_path.resolve()
    bench = tmp / "run" / "suite"
    places = {"tmp": str(tmp), "bench": str(bench), "eval": str(tmp / case.eval_name)}
    _make(tmp, case, places)
    for name, value in case.env.items():
        monkeypatch.setenv(name, value)
    for target, number in case.patch.items():
        monkeypatch.setattr(target.replace(":", "."), number)
    default = ("--eval-path", "{eval}", "--test-id", "{id}", "--bench-dir", "{bench}",
               "--format", "json")  # fmt: skip
    fill = {**places, "id": case.test_id}
    argv = [_fill(a, fill) for a in (case.args if case.args is not None else default)]
    before = _snapshot(tmp)
    code, out, stderr = cli(*argv)
    after = _snapshot(tmp)
    assert code == case.exit, (code, out[:500], stderr)
    if case.exit == 2:
        assert out == ""
        lines = stderr.splitlines()
        assert len(lines) == 1 and lines[0].startswith("agentv-grade: error: "), stderr
        assert case.error is not None and _fill(case.error, places) in lines[0], lines[0]
        assert after == before, "exit 2 must write nothing"
        return
    assert stderr == ""
    _check_graded(case, json.loads(out) if out.startswith("{") else None, places)
    _check_files(tmp, bench / case.test_id, before, after, case)


def _check_graded(case: Case, report: dict[str, object] | None, places: Mapping[str, str]) -> None:
    if report is None:  # batch mode: nothing more to check on stdout
        return
    validate_report(report)
    items = report["assertions"]
    assert isinstance(items, list)
    assert [i["status"] for i in items] == [s for s, _ in case.expect], items
    for item, (status, needle) in zip(items, case.expect, strict=True):
        said = f"{item['text']} | {item['evidence']}"
        assert _fill(needle, places) in said, (needle, said)
        if status == "error":
            assert item["passed"] is False and item["score"] == 0.0
            if item["type"] not in ("assert-set", "composite"):  # groups summarise members
                assert item["text"].startswith(f"test '{case.test_id}', assertion '"), item["text"]
    warnings = report["warnings"]
    assert isinstance(warnings, list)
    for needle in case.warnings:
        assert any(_fill(needle, places) in w for w in warnings), (needle, warnings)
    if not case.warnings and not case.id.startswith(("timing-", "transcript-", "metrics-")):
        assert warnings == [], warnings


_SUITE_CRITIQUE = ("eval_critique.json", "eval_critique.md")


def _check_files(
    tmp: Path,
    test_dir: Path,
    before: Mapping[str, bytes | None],
    after: Mapping[str, bytes | None],
    case: Case,
) -> None:
    changed = {p for p in after if p not in before or after[p] != before[p]}
    inside = str(test_dir.relative_to(tmp)) + os.sep
    summary = str(test_dir.parent.relative_to(tmp) / "grade_summary.json")
    assert (summary in changed) == (case.no_response is not None), summary
    # Batch mode also writes the suite's critique (SPEC §6.2) beside the summary.
    suite_critique = {str(test_dir.parent.relative_to(tmp) / n) for n in _SUITE_CRITIQUE}
    for relpath in changed:
        assert ".agentv-grade-" not in relpath, f"stray temporary file {relpath}"
        if relpath == summary and case.no_response is not None:  # batch mode writes it
            data = json.loads((tmp / relpath).read_text("utf-8"))
            assert data["no_response"] == list(case.no_response), data
            continue
        if relpath in suite_critique and case.no_response is not None:
            continue
        assert relpath.startswith(inside) or relpath == inside.rstrip(os.sep), relpath
    assert set(before) - set(after) <= {p for p in before if "code_grader_results" in p}
    report_path = test_dir / "grader_report.json"
    validate_report(json.loads(report_path.read_text("utf-8")))
    for relpath in changed:
        if relpath.endswith(".json"):
            json.loads((tmp / relpath).read_text("utf-8"))
    if case.written is not None:
        written = {str(p.relative_to(test_dir)) for p in test_dir.rglob("*") if p.is_file()}
        assert written - {"response.md"} == case.written
