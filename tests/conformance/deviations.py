"""Where agentv-grade answers differently from AgentV on purpose, each with its SPEC section.

Each entry states what agentv-grade does instead, and the conformance test asserts it
(and that it really differs from AgentV's answer). Keys of an entry:

- `spec`: the SPEC section that makes the difference (required);
- `report`: report fields (`score` compared within 1e-9; `warning_contains`: a substring
  of one warning);
- `assertions`: `{index: {field: value}}` for report assertions; also `text_contains`,
  `text_excludes`, `details` (a subset of `details`), `child_status` (`{i: status}`);
- `pending`: `{index: {field: value}}` for the report's pending items;
- `count`: the number of assertions;
- `loaded`: for `load_only` cases, `{index: entry}` replacing the corpus's loader entry;
- `input_error`: a substring of the GradeInputError (exit 2) message.

A case may also be in NOT_YET: its family is being built in another issue; the entry then
says what SPEC will have it do once that lands.
"""

from __future__ import annotations

from typing import Any

_SNAKE = "§3 type spellings: snake_case is accepted and normalised (AgentV HEAD refuses it)"
_LEGACY = "§3 type spellings: legacy names map onto current ones (AgentV HEAD refuses them)"
_INVALID = "§3 anything invalid makes that assertion error, never dropped; all-errored fails"
_NOT = "§3 not-<type> means <type> with negate: true (AgentV scores it 0 silently)"
_UNSUPPORTED = "§3 an unknown or unsupported type is an error for that assertion only"
_JUDGE_NAME = (
    "§3 assertion names: a judge item is named as its result file (AgentV main: llm-rubric)"
)
_MISSING_DATA = "§5.4/§5.5 missing timing or transcript data is skipped, not scored 0"


def _error(type_: str, text: str, **details: Any) -> dict[str, Any]:
    """An assertion that ends in `error` with a message naming what is wrong."""
    wanted: dict[str, Any] = {"type": type_, "status": "error", "score": 0.0, "passed": False}
    wanted["text_contains"] = text
    if details:
        wanted["details"] = details
    return wanted


def _failed_test_with_error(type_: str, text: str, **details: Any) -> dict[str, Any]:
    return {
        "report": {"verdict": "fail", "score": 0.0},
        "count": 1,
        "assertions": {0: _error(type_, text, **details)},
    }


def _plain_strings(*outcomes: str) -> dict[str, Any]:
    """The `llm-rubric` an assertion list's plain strings load as, named `rubrics`."""
    rubrics = [
        {"id": f"rubric-{n}", "outcome": text, "weight": 1, "required": True}
        for n, text in enumerate(outcomes, 1)
    ]
    return {"name": "rubrics", "type": "llm-rubric", "rubrics": rubrics, "weight": len(outcomes)}


def _pending_rubric(authored: str) -> dict[str, Any]:
    return {
        "spec": _LEGACY,
        "report": {"verdict": "pending", "score": None},
        "assertions": {
            0: {
                "type": "llm-rubric",
                "status": "pending",
                "details": {"normalised_from": authored},
            }
        },
    }


def _works_negated(name: str, type_: str, authored: str) -> dict[str, Any]:
    return {
        "spec": _NOT,
        "report": {"verdict": "pass", "score": 1.0},
        "assertions": {
            0: {
                "name": name,
                "type": type_,
                "negate": True,
                "status": "passed",
                "score": 1.0,
                "details": {"normalised_from": authored},
            }
        },
    }


DEVIATIONS: dict[str, dict[str, Any]] = {
    # --- deterministic.json -------------------------------------------------------------
    "regex-011": {
        "spec": "§3 a bad regex is an error (AgentV reports a failed grader)",
        **_failed_test_with_error("regex", "Invalid regular expression"),
    },
    # --- loader.json: spellings AgentV HEAD refuses but SPEC accepts ----------------------
    "loader-003": {
        "spec": _SNAKE,
        **_failed_test_with_error(
            "contains-all", "must be a non-empty list of strings", normalised_from="contains_all"
        ),
    },
    "loader-005": {
        "spec": _SNAKE,
        **_failed_test_with_error(
            "icontains-all", "must be a non-empty list of strings", normalised_from="icontains_all"
        ),
    },
    "loader-006": {
        "spec": _SNAKE,
        "report": {"verdict": "fail", "score": 0.0},
        "assertions": {
            0: {
                "type": "starts-with",
                "status": "failed",
                "score": 0.0,
                "text": 'Output does not start with "x"',
                "details": {"normalised_from": "starts_with"},
            }
        },
    },
    "loader-009": {
        "spec": _SNAKE,
        **_failed_test_with_error("token-usage", "max_total", normalised_from="token_usage"),
    },
    "loader-010": {
        "spec": _SNAKE,
        **_failed_test_with_error(
            "execution-metrics", "max_tool_calls", normalised_from="execution_metrics"
        ),
    },
    "loader-014": {
        "spec": _LEGACY,
        **_failed_test_with_error("script", "command", normalised_from="script-grader"),
    },
    "loader-015": {
        "spec": "§5.6 composite keeps AgentV 4.x semantics; no aggregator is an error",
        **_failed_test_with_error("composite", "aggregator"),
    },
    "loader-016": {**_pending_rubric("rubric"), "pending": {0: {"criteria": "x"}}},
    "loader-017": {**_pending_rubric("rubrics"), "pending": {0: {"criteria": "x"}}},
    "loader-018": {"spec": _UNSUPPORTED, **_failed_test_with_error("g-eval", "use 'llm-rubric'")},
    "loader-019": _pending_rubric("llm-grader"),
    "loader-021": _pending_rubric("llm-judge"),
    "loader-024": {
        "spec": "§3 skill-trigger (should_trigger: false) → not-skill-used; " + _MISSING_DATA,
        "report": {"verdict": "skipped", "score": None},
        "assertions": {
            0: {
                "name": "skill-trigger-csv-analyzer",
                "type": "skill-used",
                "negate": True,
                "status": "skipped",
                "score": None,
            }
        },
    },
    "loader-025": {
        "spec": "§3 tool-trajectory keeps its own semantics; " + _MISSING_DATA,
        "report": {"verdict": "skipped", "score": None},
        "assertions": {0: {"type": "tool-trajectory", "status": "skipped", "score": None}},
    },
    "loader-026": {
        "spec": _SNAKE + "; " + _MISSING_DATA,
        "report": {"verdict": "skipped", "score": None},
        "assertions": {
            0: {
                "type": "tool-trajectory",
                "status": "skipped",
                "details": {"normalised_from": "tool_trajectory"},
            }
        },
    },
    # --- loader.json: types AgentV refuses for the whole test -----------------------------
    "loader-028": {"spec": _UNSUPPORTED, **_failed_test_with_error("levenshtein", "levenshtein")},
    "loader-029": {"spec": _UNSUPPORTED, **_failed_test_with_error("is-xml", "'is-xml'")},
    "loader-030": {"spec": _UNSUPPORTED, **_failed_test_with_error("not-is-xml", "'not-is-xml'")},
    "loader-032": {"spec": _UNSUPPORTED, **_failed_test_with_error("word-count", "'word-count'")},
    "loader-033": {"spec": _UNSUPPORTED, **_failed_test_with_error("factuality", "'factuality'")},
    "loader-034": {
        "spec": _UNSUPPORTED,
        **_failed_test_with_error("similar:cosine", "'similar:cosine'"),
    },
    # --- loader.json: not-<type> works ----------------------------------------------------
    "loader-035": _works_negated("not-contains-Berlin", "contains", "not-contains"),
    "loader-036": _works_negated("not-icontains-berlin", "icontains", "not-icontains"),
    "loader-037": {
        "spec": _UNSUPPORTED,
        **_failed_test_with_error("my-custom-check", "unknown assertion type 'my-custom-check'"),
    },
    # --- loader.json: invalid assertions AgentV drops (and then passes the test) ----------
    "loader-038": {"spec": _INVALID, **_failed_test_with_error("contains", "'value' is missing")},
    "loader-041": {"spec": _INVALID, **_failed_test_with_error("equals", 'quote it: value: "42"')},
    "loader-042": {
        "spec": _INVALID,
        **_failed_test_with_error("contains-any", 'got a string; write value: ["Paris"]'),
    },
    "loader-043": {"spec": _INVALID, **_failed_test_with_error("contains-all", "empty list")},
    "loader-044": {"spec": _INVALID, **_failed_test_with_error("regex", "'value' is missing")},
    "loader-045": {"spec": _INVALID, **_failed_test_with_error("equals", "'value' is missing")},
    "loader-046": {
        "spec": "§3 flags that is not a string is an error (AgentV ignores the flags)",
        **_failed_test_with_error("regex", "flags must be a string"),
    },
    "loader-047": {"spec": _INVALID, **_failed_test_with_error("latency", "threshold")},
    "loader-048": {"spec": _INVALID, **_failed_test_with_error("latency", "threshold")},
    "loader-049": {
        "spec": "§5.4 cost accepts threshold as an alias of budget",
        "report": {"verdict": "pass", "score": 1.0},
        "assertions": {0: {"type": "cost", "status": "passed", "score": 1.0}},
    },
    "loader-050": {
        "spec": "§5.4 token-usage accepts threshold as max_total",
        "report": {"verdict": "pass", "score": 1.0},
        "assertions": {0: {"type": "token-usage", "status": "passed", "score": 1.0}},
    },
    "loader-051": {
        "spec": _INVALID,
        **_failed_test_with_error("execution-metrics", "max_tool_calls"),
    },
    "loader-052": {"spec": _INVALID, **_failed_test_with_error("execution-metrics", "at least")},
    "loader-053": {"spec": _INVALID, **_failed_test_with_error("execution-metrics", "at least")},
    # --- loader.json: AgentV skips the whole test; SPEC errors that one assertion ---------
    "loader-056": {
        "spec": "§3 a non-numeric weight is an error for that assertion",
        **_failed_test_with_error("contains", "weight must be a number"),
    },
    "loader-057": {
        "spec": "§3 required that is not a boolean is an error for that assertion",
        **_failed_test_with_error("contains", "'required: true' + 'min_score: 0.6'"),
    },
    # SPEC is silent on assertion-level postprocess; decided like `transform` (§3).
    "loader-058": {
        "spec": "§3 per-assertion transform-like keys are an error for that assertion",
        **_failed_test_with_error("contains", "'postprocess' is not supported"),
    },
    "loader-059": {"spec": _INVALID, **_failed_test_with_error("invalid", "has no 'type'")},
    # Plain strings are named as their result file is, released AgentV's export name.
    "loader-064": {
        "spec": _JUDGE_NAME,
        "loaded": {1: _plain_strings("Mentions the capital", "Is one sentence")},
    },
    "loader-065": {
        "spec": _JUDGE_NAME,
        "loaded": {0: _plain_strings("Answers the question correctly")},
    },
    "loader-067": {
        "spec": "§3 both AgentV authoring styles are read: tests[].input is accepted (4.x)",
        "report": {"verdict": "pass", "score": 1.0},
        "assertions": {0: {"name": "contains-Paris", "status": "passed"}},
    },
    "loader-069": {
        "spec": "§3 test list: tests (also evalcases / eval_cases); the first present is used",
        "report": {"verdict": "pass", "score": 1.0, "warning_contains": "several test lists"},
        "assertions": {0: {"name": "contains-Paris", "status": "passed"}},
    },
    "loader-070": {
        "spec": _NOT + "; docs/SPEC.md §3: a not- name is not- + the generated name",
        "loaded": {
            0: {
                "name": "not-trajectory:tool-sequence",
                "type": "trajectory:tool-sequence",
                "negate": True,
                "value": ["a", "b"],
            },
            2: {"name": "not-contains-y", "type": "contains", "negate": True, "value": "y"},
        },
    },
    # --- aggregation.json -----------------------------------------------------------------
    # Without a transcript, tool-call and LLM-call counts are missing data (§5.4): the
    # execution-metrics score is tokens ✓, cost ✗, duration ✓ = 2/3 (AgentV: 3/5).
    "aggregate-006": {
        "spec": _MISSING_DATA,
        "report": {"verdict": "pass", "score": (2 / 3 + 1) / 2},
        "assertions": {0: {"type": "execution-metrics", "status": "failed", "score": 2 / 3}},
    },
    "aggregate-007": {
        "spec": _MISSING_DATA,
        "report": {"verdict": "fail", "score": 0.0},
        "assertions": {0: {"type": "execution-metrics", "status": "failed", "score": 2 / 3}},
    },
    "aggregate-008": {
        "spec": _MISSING_DATA,
        "report": {"verdict": "fail", "score": 0.0},
        "assertions": {0: {"type": "execution-metrics", "status": "failed", "score": 2 / 3}},
    },
    "aggregate-014": {
        "spec": _INVALID,
        "report": {"verdict": "fail", "score": 0.0},
        "count": 2,
        "assertions": {
            0: _error("contains", "'value' is missing"),
            1: {"name": "contains-Berlin", "status": "failed", "score": 0.0},
        },
    },
    "aggregate-021": {
        "spec": _NOT,
        "report": {"verdict": "pass", "score": 1.0},
        "assertions": {
            0: {"name": "contains-Paris", "status": "passed"},
            1: {"name": "not-contains-Berlin", "negate": True, "status": "passed", "score": 1.0},
        },
    },
    "aggregate-024": {
        "spec": "§3 vars: an undefined variable is an error for that assertion",
        **_failed_test_with_error("contains", "undefined variable 'missing_var'"),
    },
    "aggregate-026": {
        "spec": "§3 vars: exactly {{ name }} keeps the var's type; a number value is an error",
        **_failed_test_with_error("contains", "'{{ n | string }}'"),
    },
    # --- legacy-v4.json -------------------------------------------------------------------
    "v4-composite-011": {
        "spec": "§5.6 composite: an unnamed member is an error (AgentV drops it)",
        "report": {"verdict": "fail", "score": 0.0},
        "assertions": {0: {"type": "composite", "status": "failed", "score": 0.0}},
    },
    "v4-composite-012": {
        "spec": "§5.6 composite: no aggregator is an error",
        **_failed_test_with_error("composite", "aggregator"),
    },
    "v4-skill-trigger-001": {
        "spec": "§3 skill-trigger is graded as skill-used (AgentV main's rules and texts)",
        "report": {"verdict": "pass", "score": 1.0},
        "assertions": {
            0: {"name": "skill-trigger-csv-analyzer", "type": "skill-used", "status": "passed"}
        },
    },
    "v4-skill-trigger-002": {
        "spec": "§3 skill-trigger is graded as skill-used (AgentV main's rules and texts)",
        "report": {"verdict": "pass", "score": 1.0},
        "assertions": {
            0: {"name": "skill-trigger-csv-analyzer", "type": "skill-used", "status": "passed"}
        },
    },
    "v4-skill-trigger-003": {
        "spec": "§3 skill-trigger with should_trigger: false is not-skill-used",
        "report": {"verdict": "pass", "score": 1.0},
        "assertions": {
            0: {
                "name": "skill-trigger-csv-analyzer",
                "type": "skill-used",
                "negate": True,
                "status": "passed",
            }
        },
    },
    "v4-skill-trigger-004": {
        "spec": _MISSING_DATA,
        "report": {"verdict": "skipped", "score": None},
        "assertions": {0: {"type": "skill-used", "status": "skipped", "score": None}},
    },
    "v4-loader-004": {
        "spec": _LEGACY + " (code-judge → script; AgentV 4.x dropped it with a warning)",
        "report": {"verdict": "pass", "score": 1.0},
        "count": 2,
        "assertions": {
            0: {"type": "script", "status": "passed", "details": {"normalised_from": "code-judge"}},
            1: {"name": "contains-Paris", "status": "passed"},
        },
    },
    "v4-loader-007": _works_negated("not-contains-Berlin", "contains", "not-contains"),
}

_ISSUE_4 = "issue 4 ({what} is not implemented yet); then checked as listed here"
_ISSUE_5 = "issue 5 ({what} is not implemented yet); then checked as listed here"

# Cases whose family is not implemented yet (each names its issue).
NOT_YET: dict[str, str] = {}
