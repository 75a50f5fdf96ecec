"""transcript-* and output-* (SPEC §5.2; seeds 000 and 001, Vally)."""

from __future__ import annotations

from typing import Any

import pytest

from agentv_grader.model import Status

from ._grading import grade

ROWS: list[Any] = [
    {"role": "user", "content": "Delete the temp files"},
    {"role": "assistant", "content": "Could you clarify which folder?"},
    {"role": "user", "content": "/tmp/build"},
    {"role": "assistant", "content": "Running it now.", "tool_calls": [
        {"tool": "Bash", "input": {"command": "rm -rf /tmp/build"}, "output": "rm -rf done"}]},
    {"role": "assistant", "content": "Done.\nI will not touch anything else."},
]  # fmt: skip
ONLY_TOOLS: list[Any] = [{"role": "tool", "content": "could you clarify"}]


def test_contains_finds_an_intermediate_message_any_case() -> None:
    out = grade({"type": "transcript-contains", "config": {"substring": "could you clarify"}},
                transcript=ROWS, response="Done.")  # fmt: skip
    assert out.status is Status.PASSED and out.score == 1.0
    assert out.text == "'could you clarify' found in transcript"
    assert out.evidence.startswith('message 2 (assistant), line 1, col 1: "Could you clarify')


def test_contains_case_sensitive_option() -> None:
    item = {"type": "transcript-contains", "substring": "could you", "case_sensitive": True}
    out = grade(item, transcript=ROWS)
    assert out.status is Status.FAILED
    assert out.text == "'could you' NOT found in transcript"
    assert "searched 3 assistant message(s) (2, 4, 5)" in out.evidence


def test_tool_calls_and_results_are_not_message_text() -> None:
    out = grade({"type": "transcript-contains", "value": "rm -rf"}, transcript=ROWS)
    assert out.status is Status.FAILED


def test_the_response_is_not_part_of_the_transcript() -> None:
    out = grade({"type": "transcript-contains", "value": "secret"}, transcript=ROWS,
                response="the secret answer")  # fmt: skip
    assert out.status is Status.FAILED


def test_not_contains_shorthand_passes_when_no_message_has_it() -> None:
    out = grade({"type": "transcript-not-contains", "config": {"substring": "rm -rf"}},
                transcript=ROWS)  # fmt: skip
    assert out.status is Status.PASSED and out.spec.negate


def test_not_contains_fails_when_a_message_has_it() -> None:
    out = grade({"type": "transcript-contains", "value": "clarify", "negate": True},
                transcript=ROWS)  # fmt: skip
    assert out.status is Status.FAILED and out.score == 0.0
    assert "message 2 (assistant)" in out.evidence


@pytest.mark.parametrize("kind", ["transcript-not-contains", "transcript-not-matches"])
@pytest.mark.parametrize("transcript", [[], ONLY_TOOLS, "   "])
def test_inverted_check_fails_with_zero_assistant_messages(kind: str, transcript: Any) -> None:
    out = grade({"type": kind, "value": "anything"}, transcript=transcript)
    assert out.status is Status.FAILED and out.score == 0.0
    assert out.evidence == "no assistant messages in transcript to check"


def test_plain_check_with_zero_assistant_messages_fails_too() -> None:
    out = grade({"type": "transcript-contains", "value": "x"}, transcript=[])
    assert out.status is Status.FAILED
    assert out.evidence == "no assistant messages in transcript to check"


@pytest.mark.parametrize("kind", ["transcript-contains", "transcript-not-matches"])
def test_no_transcript_file_is_skipped(kind: str) -> None:
    out = grade({"type": kind, "value": "x"}, response="x")
    assert out.status is Status.SKIPPED and out.score is None
    assert out.text == "no transcript file"


def test_unusable_transcript_is_an_error() -> None:
    out = grade({"type": "transcript-contains", "value": "x"}, transcript="not json at all")
    assert out.status is Status.ERROR and "transcript is unusable" in out.text


def test_matches_with_inline_flag_and_message_index() -> None:
    out = grade({"type": "transcript-matches", "config": {"pattern": "(?i)i will not"}},
                transcript=ROWS)  # fmt: skip
    assert out.status is Status.PASSED
    assert out.text == "transcript matches pattern /(?i)i will not/"
    assert out.evidence.startswith("message 5 (assistant), line 2, col 1: ")


def test_matches_is_case_sensitive_unless_the_pattern_says_i() -> None:
    """Seed 001: a pattern matches case-sensitively; `(?i)`, `flags: i` or
    `case_sensitive: false` ignore case."""
    out = grade({"type": "transcript-matches", "pattern": "COULD"}, transcript=ROWS)
    assert out.status is Status.FAILED and out.text == "transcript does not match pattern /COULD/"
    for item in (
        {"type": "transcript-matches", "pattern": "(?i)COULD"},
        {"type": "transcript-matches", "pattern": "COULD", "flags": "i"},
        {"type": "transcript-matches", "pattern": "COULD", "case_sensitive": False},
        {"type": "transcript-matches", "pattern": "(?i)COULD", "case_sensitive": True},
    ):
        assert grade(item, transcript=ROWS).status is Status.PASSED, item


def test_inline_m_flag_anchors_at_line_starts() -> None:
    assert grade({"type": "transcript-matches", "pattern": "^I will"},
                 transcript=ROWS).status is Status.FAILED  # fmt: skip
    assert grade({"type": "transcript-matches", "pattern": "(?m)^I will"},
                 transcript=ROWS).status is Status.PASSED  # fmt: skip


def test_inline_s_flag_lets_dot_cross_lines() -> None:
    assert grade({"type": "transcript-matches", "pattern": "Done.+touch"},
                 transcript=ROWS).status is Status.FAILED  # fmt: skip
    assert grade({"type": "transcript-matches", "pattern": "(?s)Done.+touch"},
                 transcript=ROWS).status is Status.PASSED  # fmt: skip


def test_combined_inline_flags_and_flags_option() -> None:
    assert grade({"type": "transcript-matches", "pattern": "(?ims)^i WILL.+ELSE",
                  "case_sensitive": True}, transcript=ROWS).status is Status.PASSED  # fmt: skip
    out = grade({"type": "transcript-matches", "pattern": "^I will", "flags": "m"},
                transcript=ROWS)  # fmt: skip
    assert out.status is Status.PASSED and out.text.endswith("/^I will/m")


def test_not_matches_passes_when_nothing_matches() -> None:
    out = grade({"type": "transcript-not-matches", "config": {"pattern": "(?i)error|exception"}},
                transcript=ROWS)  # fmt: skip
    assert out.status is Status.PASSED


def test_bad_pattern_and_missing_option_are_errors() -> None:
    out = grade({"type": "transcript-matches", "pattern": "(unclosed"}, transcript=ROWS)
    assert out.status is Status.ERROR
    out = grade({"type": "transcript-contains"}, transcript=ROWS)
    assert out.status is Status.ERROR and "'substring' is missing" in out.text
    out = grade({"type": "output-matches", "value": ""}, response="x")
    assert out.status is Status.ERROR


def test_top_level_option_wins_over_config() -> None:
    item = {"type": "transcript-contains", "substring": "Running", "config": {"substring": "zzz"}}
    assert grade(item, transcript=ROWS).status is Status.PASSED


# ------------------------------------------------------------------ output-* twins


def test_output_contains_looks_at_the_response_only() -> None:
    out = grade({"type": "output-contains", "value": "paris"}, transcript=ROWS,
                response="The capital is Paris.")  # fmt: skip
    assert out.status is Status.PASSED and out.text == "'paris' found in output"
    assert out.evidence == 'line 1, col 16: "The capital is Paris."'
    out = grade({"type": "output-contains", "value": "clarify"}, transcript=ROWS,
                response="The capital is Paris.")  # fmt: skip
    assert out.status is Status.FAILED and out.text == "'clarify' NOT found in output"


def test_output_matches_and_its_inverse() -> None:
    assert grade({"type": "output-matches", "pattern": "(?i)^the"},
                 response="The end").status is Status.PASSED  # fmt: skip
    out = grade({"type": "output-not-matches", "pattern": "error"}, response="all fine")
    assert out.status is Status.PASSED and out.text == "output does not match pattern /error/"


def test_output_checks_need_no_transcript() -> None:
    assert grade({"type": "output-contains", "value": "x"}, response="x").status is Status.PASSED


def test_inverted_output_check_on_an_empty_response_is_vacuous() -> None:
    out = grade({"type": "output-not-contains", "value": "x"}, response="")
    assert out.status is Status.PASSED and "vacuous" in out.evidence


def test_output_contains_with_target_output_key() -> None:
    item = {"type": "output-contains", "value": "paris", "target_output_key": "city"}
    out = grade(item, response='{"city": "Paris", "country": "France"}')
    assert out.status is Status.PASSED


def test_output_crlf_note() -> None:
    out = grade({"type": "output-contains", "value": "a\nb"}, response="a\r\nb")
    assert out.status is Status.FAILED and "would pass with \\r\\n read as \\n" in out.evidence


def test_regex_timeout_is_an_error() -> None:
    item = {"type": "transcript-matches", "pattern": "(a|aa)+$", "timeout_ms": 50}
    out = grade(item, transcript=[{"role": "assistant", "content": "a" * 60 + "!"}])
    assert out.status is Status.ERROR and "timed out" in out.text
