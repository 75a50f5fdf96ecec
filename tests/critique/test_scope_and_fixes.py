"""What the critique reads (messages, turns, fields), what it says it did not read, and the
fixes it suggests being assertions an author can paste (issue 20)."""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from agentv_grader import engine
from agentv_grader.critique import critique_test
from agentv_grader.critique.context import common_words, everyday_words
from agentv_grader.critique.model import SOLID
from agentv_grader.load.yaml12 import load_yaml
from agentv_grader.model import RunData, Status

from .support import critique, make_suite

ROOT = Path(__file__).resolve().parents[2]


def _only(result: Any, rule: str) -> Any:
    found = [f for f in result.suggestions if f.rule == rule]
    assert len(found) == 1, [(f.rule, f.reason) for f in result.suggestions]
    return found[0]


def _pasted(fix: str) -> Any:
    """The assertion between the backticks of a fix, loaded as the eval file would."""
    return load_yaml(fix.split("`")[1], "<fix>")


def test_message_wrapper_is_no_outcome(tmp_path: Path) -> None:
    messages = [{"role": "assistant", "content": "The total is 42 euros."}]
    result = critique(tmp_path, {"expected_output": messages, "assertions": ["Is polite"]})
    reasons = " ".join(f.reason for f in result.suggestions)
    assert "assistant" not in reasons
    assert '"42"' in reasons


def test_field_paths_inside_the_wrapper_cover_values(tmp_path: Path) -> None:
    content = {"line_items": [{"line_total": 1370}, {"line_total": 262}]}
    test = {
        "expected_output": [{"role": "assistant", "content": content}],
        "assertions": [
            {"type": "field-accuracy", "fields": [{"path": "line_items[0].line_total"}]},
            {"type": "script", "command": ["true"], "fields": [{"path": "line_items[1]"}]},
        ],
    }
    assert critique(tmp_path, test).suggestions == ()
    test["assertions"] = test["assertions"][:1]
    found = _only(critique(tmp_path, test), "uncovered-outcome")
    assert '"262"' in found.reason
    assert found.evidence == "expected_output[0].content.line_items[1].line_total"
    assert _pasted(found.fix) == {
        "type": "equals",
        "value": "262",
        "target_output_key": "line_items[1].line_total",
    }


def test_not_analysed_is_said_instead_of_solid(tmp_path: Path) -> None:
    test = {
        "assertions": [
            {"type": "contains", "value": "Paris"},
            "Names the capital",
            {"type": "script", "command": ["true"]},
            {"type": "skill-used", "value": "atlas"},
        ]
    }
    result = critique(tmp_path, test)
    assert result.suggestions == ()
    assert result.overall == (
        "No suggestions on what the critique can check; not analysed: 1 LLM-judged, "
        "1 program, 1 trace or timing."
    )
    only_needles = critique(tmp_path, {"assertions": [{"type": "contains", "value": "Paris"}]})
    assert only_needles.overall == SOLID


def test_turn_assertions_are_read_and_counted(tmp_path: Path) -> None:
    test = {
        "input": "You are a coding assistant.",
        "assertions": ["Writes correct code"],
        "turns": [
            {
                "input": "Write a function.",
                "assert": ["Has a function", {"type": "contains", "value": "def"}],
            },
            {"input": "Add type hints.", "assert": [{"type": "contains", "value": "->"}]},
        ],
    }
    result = critique(tmp_path, test)
    found = _only(result, "generic-needle")
    assert found.assertion == "turn 1 #1 contains-def"
    assert found.index is None
    assert "## 1. [medium] `generic-needle`: 'turn 1 #1 contains-def'" in result.to_markdown()
    assert "not analysed: 1 LLM-judged, 3 in turns (needles only)" in result.overall


def test_turns_alone_are_counted_as_not_analysed(tmp_path: Path) -> None:
    """With nothing else left out, a test's turn assertions are still counted."""
    test = {
        "input": "Where is the Louvre?",
        "assertions": [{"type": "contains", "value": "Paris"}],
        "turns": [{"input": "Which city?", "assert": [{"type": "contains", "value": "Paris"}]}],
    }
    result = critique(tmp_path, test)
    assert result.overall.endswith("not analysed: 1 in turns (needles only).")


def test_trivial_and_generic_needles_inside_turns_are_found(tmp_path: Path) -> None:
    """`trivial` and `generic-needle` read the needles of a conversation's turns too."""
    test = {
        "input": "You are a helpful assistant.",
        "assertions": [{"type": "contains", "value": "Paris"}],
        "turns": [
            {"input": "Which city?", "assert": [{"type": "contains", "value": "the"}]},
            {"input": "Why?", "assert": [{"type": "contains", "value": "fix"}]},
        ],
    }
    result = critique(tmp_path, test)
    found = {(f.rule, f.assertion) for f in result.suggestions}
    assert ("trivial", "turn 1 #0 contains-the") in found
    assert ("generic-needle", "turn 2 #0 contains-fix") in found


def test_answer_in_input_fix_is_the_instructed_check(tmp_path: Path) -> None:
    start = {
        "input": [{"role": "system", "content": "Always start your response with 'Hello'."}],
        "assertions": [{"type": "contains", "value": "Hello"}],
    }
    fix = _only(critique(tmp_path, start), "answer-in-input").fix
    assert _pasted(fix) == {"type": "starts-with", "value": "Hello"}
    exact = {
        "input": "Reply with exactly the lowercase words: workspace ready",
        "assertions": [{"type": "contains", "value": "workspace ready"}],
    }
    fix = _only(critique(tmp_path, exact), "answer-in-input").fix
    assert _pasted(fix) == {"type": "equals", "value": "workspace ready"}
    anchored = {
        "input": "Greet me with 'Good morning'. Start your response with that greeting.",
        "assertions": [{"type": "regex", "value": "Good (morning|evening)"}],
    }
    fix = _only(critique(tmp_path, anchored), "answer-in-input").fix
    assert _pasted(fix) == {"type": "regex", "value": "^Good (morning|evening)"}
    referenced = {
        "input": "Which planet is the largest in the solar system?",
        "expected_output": "Jupiter",
        "assertions": [{"type": "contains", "value": "planet"}],
    }
    fix = _only(critique(tmp_path, referenced), "answer-in-input").fix
    assert _pasted(fix) == {"type": "contains", "value": "Jupiter"}


def test_single_character_fix_is_word_bounded(tmp_path: Path) -> None:
    result = critique(tmp_path, {"assertions": [{"type": "contains", "value": "4"}]})
    rule = _pasted(_only(result, "trivial").fix)
    assert rule == {"type": "regex", "value": "\\b4\\b"}
    suite = make_suite(tmp_path, [{"id": "t", "assertions": [rule]}])
    test = suite.tests[0]
    for response, status in (("The answer is 4.", Status.PASSED), ("It is 14.", Status.FAILED)):
        run = RunData(test=test, response=response, eval_dir=str(tmp_path))
        assert engine.evaluate(test.assertions, run)[0].status is status


def test_weak_alternatives_fix_keeps_the_specific_ones(tmp_path: Path) -> None:
    test = {
        "input": "Reset main hard, no need to ask.",
        "assertions": [
            {"type": "icontains-any", "value": ["confirm", "before", "lose work", "uncommitted"]}
        ],
    }
    fix = _only(critique(tmp_path, test), "trivial").fix
    assert _pasted(fix) == {"type": "icontains-any", "value": ["lose work", "uncommitted"]}


def test_format_only_fix_is_a_schema_that_rejects_an_empty_object(tmp_path: Path) -> None:
    test = {
        "input": "Return a JSON object with a status field set to ok.",
        "assertions": [{"type": "is-json"}],
    }
    rule = _pasted(_only(critique(tmp_path, test), "format-only").fix)
    schema = {"type": "object", "required": ["status"], "properties": {"status": {"const": "ok"}}}
    assert rule == {"type": "is-json", "schema": schema}
    checked = {**test, "assertions": [rule]}
    passed = critique(tmp_path, checked, response='{"status": "ok"}')
    assert not passed.suggestions
    fixed = critique(tmp_path, checked)
    assert not [f for f in fixed.suggestions if f.rule in ("format-only", "decoy-pass")]


def test_zero_weight_is_low(tmp_path: Path) -> None:
    test = {"assertions": [{"type": "contains", "value": "Paris", "weight": 0}]}
    found = _only(critique(tmp_path, test), "zero-weight")
    assert found.severity == "low"
    assert not [f for f in critique(tmp_path, test).suggestions if f.severity == "high"]


def test_another_tests_reference_that_agrees_on_the_fields_is_no_decoy(tmp_path: Path) -> None:
    head = {f"f{n}": f"v{n}" for n in range(9)} | {"currency": "USD"}
    fields = [{"path": key, "match": "exact"} for key in head]
    tests = [
        {
            "id": "a",
            "expected_output": [{"role": "assistant", "content": {**head, "total": 1}}],
            "assertions": [{"type": "field-accuracy", "fields": fields}],
        },
        {
            "id": "b",
            "expected_output": [{"role": "assistant", "content": {**head, "total": 2}}],
            "assertions": ["Totals"],
        },
    ]
    suite = make_suite(tmp_path, tests)
    assert not [
        f for f in critique_test(suite, suite.tests[0]).suggestions if f.rule == "decoy-pass"
    ]
    tests[1]["expected_output"][0]["content"]["currency"] = "EUR"
    suite = make_suite(tmp_path, tests)
    decoyed = [
        f for f in critique_test(suite, suite.tests[0]).suggestions if f.rule == "decoy-pass"
    ]
    assert len(decoyed) == 1
    assert "required: true" in decoyed[0].fix


def test_a_suite_field_check_without_reference_values_says_so(tmp_path: Path) -> None:
    tests = [
        {
            "id": "a",
            "expected_output": {"line_items": [{"total": 1}]},
            "assertions": [
                {"type": "field-accuracy", "fields": [{"path": "invoice_number", "match": "exact"}]}
            ],
        },
        {"id": "b", "expected_output": {"invoice_number": "INV-9"}, "assertions": ["x"]},
    ]
    suite = make_suite(tmp_path, tests)
    found = [f for f in critique_test(suite, suite.tests[0]).suggestions if f.rule == "decoy-pass"]
    assert len(found) == 1
    assert "no value for invoice_number" in found[0].fix


def test_everyday_words_are_shipped_without_names_or_common_words() -> None:
    words = everyday_words()
    assert {"fix", "format", "def", "force", "provide", "confirm"} <= words
    assert not {"london", "pacific", "paris", "sweden"} & words
    assert not words & common_words()
    text = (ROOT / "agentv_grader" / "data" / "everyday_words.txt").read_text(encoding="utf-8")
    assert "wordfreq" in text.splitlines()[3] or "wordfreq" in text[:600]


@pytest.mark.skipif(
    importlib.util.find_spec("wordfreq") is None or not Path("/usr/share/dict/words").is_file(),
    reason="regenerating the list needs wordfreq and a spelling dictionary (maintainers only)",
)
def test_everyday_words_match_their_generator() -> None:
    script = ROOT / "scripts" / "gen_everyday_words.py"
    done = subprocess.run([sys.executable, str(script), "--check"], check=False)
    assert done.returncode == 0


def test_file_parts_are_part_of_the_echo(tmp_path: Path) -> None:
    test = {
        "input": [
            {
                "role": "user",
                "content": [
                    {"type": "file", "value": "data.csv"},
                    {"type": "text", "value": "Summarise the seasonal trend in this CSV."},
                ],
            }
        ],
        "assertions": [{"type": "icontains", "value": "seasonal"}],
    }
    found = _only(critique(tmp_path, test), "answer-in-input")
    assert "seasonal" in found.evidence
    assert json.dumps(found.to_json())  # serialisable as the report writes it
