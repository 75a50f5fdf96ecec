"""Vally's transcript-wide and output-only checks (SPEC §5.2, seeds 000 and 001).

`transcript-contains` / `transcript-matches` look at the text of every assistant message
of the transcript (tool calls, tool results and thinking are not text; the response file
is not added); `output-contains` / `output-matches` look at the response only. Options:
`substring` / `pattern`, alias `value`; `case_sensitive` (default **false** for the
`-contains` types; the `-matches` patterns are case-sensitive unless they say `(?i)` or
`flags: i`, as seed 001 has it, or `case_sensitive: false`); `flags` and a leading `(?i)`
`(?m)` `(?s)` (any combination) for the patterns, which run in the ECMAScript dialect
under a deadline.

Decided here, following the seeds:

- A transcript with zero assistant messages fails with `no assistant messages in
  transcript to check`, and the verdict is marked `negation_proof`: the inverted check
  (`transcript-not-*`) fails too instead of passing vacuously. No transcript file at all
  is `skipped`; an unusable one is `error`.
- Texts are Vally's (`'x' found in transcript`, `transcript matches pattern /p/`), the
  same whatever the inversion; evidence names the message ("message 3 (assistant)",
  numbered from 1 over the file) and quotes the match with line and column in it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from ..model import AssertionSpec, RunData, Status, Verdict
from ..rundata.records import Message
from ._steps import NO_TRANSCRIPT, transcript_or_none
from ._text import (
    case_sensitive,
    crlf_note,
    describe,
    find,
    first_or_lf_retry,
    quote_at,
    string_value,
)
from .regex import MAX_TIMEOUT_MS, pattern_and_flags, timeout_ms

NO_ASSISTANT = "no assistant messages in transcript to check"


def needle_key(options: Mapping[str, Any], own: str) -> str:
    """The option holding the needle: its own name, else the `value` alias."""
    if options.get(own) is None and (
        options.get("value") is not None or options.get("search_text") is not None
    ):
        return "value"
    return own


class _Needle:
    """A substring or a compiled pattern, with the statement texts for it."""

    def __init__(
        self, spec: AssertionSpec, where: str, deadline_cap_ms: int = MAX_TIMEOUT_MS
    ) -> None:
        options = spec.options
        self.regex = spec.type.endswith("-matches")
        if self.regex:
            from ..js import regexp

            # (`pattern_and_flags` adds `i` for `case_sensitive: false`, as `regex` has it)
            source, body, flags = pattern_and_flags(options, needle_key(options, "pattern"))
            self.compiled = regexp.compile_js(body, flags)
            self.deadline = min(timeout_ms(options), deadline_cap_ms)
            shown = f"/{source}/{options.get('flags') or ''}"
            self.found = f"{where} matches pattern {shown}"
            self.missed = f"{where} does not match pattern {shown}"
        else:
            self.text = string_value(options, needle_key(options, "substring"))
            self.sensitive = case_sensitive(options, False)
            self.found = f"'{self.text}' found in {where}"
            self.missed = f"'{self.text}' NOT found in {where}"

    def found_in(self, haystack: str) -> bool:
        """`locate(haystack) is not None`, without working out where."""
        if self.regex:
            return self.compiled.test(haystack, self.deadline)
        return find(haystack, self.text, self.sensitive) >= 0

    def locate(self, haystack: str) -> tuple[int, int] | None:
        """(start, end) of the first match in `haystack`, code points."""
        if self.regex:
            match = self.compiled.search(haystack, self.deadline)
            return None if match is None else (match.start, match.end)
        at = find(haystack, self.text, self.sensitive)
        return None if at < 0 else (at, at + len(self.text))


def _in_transcript(spec: AssertionSpec, run: RunData) -> Verdict:
    needle = _Needle(spec, "transcript")
    transcript = transcript_or_none(run)
    if transcript is None:
        return Verdict.skipped(NO_TRANSCRIPT)
    messages = transcript.assistant_messages()
    if not messages:
        return Verdict(Status.FAILED, 0.0, needle.missed, NO_ASSISTANT, negation_proof=True)
    for message in messages:
        span = needle.locate(message.text)
        if span is not None:
            where = f"message {message.index} ({message.role}), "
            return Verdict.binary(True, needle.found, needle.missed,
                                  where + quote_at(message.text, *span))  # fmt: skip
    return Verdict.binary(False, needle.found, needle.missed, _searched(messages))


def _searched(messages: tuple[Message, ...]) -> str:
    numbers = ", ".join(str(m.index) for m in messages[:20]) + (" …" if len(messages) > 20 else "")
    chars = sum(len(m.text) for m in messages)
    return f"searched {len(messages)} assistant message(s) ({numbers}), {chars} characters"


def _output_span(needle: _Needle, text: str) -> tuple[tuple[int, int] | None, bool]:
    """The first match in the response, else (None, whether there is one with CRLF read as
    LF); a pattern's second search can time out too, which changes the status."""
    return first_or_lf_retry(needle.locate, text)


def _in_output(spec: AssertionSpec, run: RunData) -> Verdict:
    needle = _Needle(spec, "output")
    text = run.response
    span, retry = _output_span(needle, text)
    if span is not None:
        return Verdict.binary(True, needle.found, needle.missed, quote_at(text, *span))
    evidence = describe(text) + crlf_note(text, retry)
    return Verdict.binary(False, needle.found, needle.missed, evidence)


def decide_output(
    spec: AssertionSpec, deadline_cap_ms: int = MAX_TIMEOUT_MS, errors_fail: bool = False
) -> Callable[[str], bool]:
    """Whether `output-contains` / `output-matches` passes on a text, its options read
    once (the statement texts too: cheap, and where the check reads them); a pattern's
    deadline at most `deadline_cap_ms` (the critique's probes). The CRLF retry only says
    whether a failure would pass with LF, so it is left out where it cannot change the
    answer: for a substring (it cannot fail), and for a pattern where the caller counts
    an error (its search timing out) as a failure (`errors_fail`, the engine's to say)."""
    needle = _Needle(spec, "output", deadline_cap_ms)
    if errors_fail or not needle.regex:
        return needle.found_in
    return lambda text: _output_span(needle, text)[0] is not None


def transcript_contains(spec: AssertionSpec, run: RunData) -> Verdict:
    """Some assistant message of the transcript contains `substring` (any case by default)."""
    return _in_transcript(spec, run)


def transcript_matches(spec: AssertionSpec, run: RunData) -> Verdict:
    """Some assistant message of the transcript matches `pattern` (JavaScript regex)."""
    return _in_transcript(spec, run)


def output_contains(spec: AssertionSpec, run: RunData) -> Verdict:
    """The final response contains `substring` (any case by default)."""
    return _in_output(spec, run)


def output_matches(spec: AssertionSpec, run: RunData) -> Verdict:
    """The final response matches `pattern` (JavaScript regex, any case by default)."""
    return _in_output(spec, run)
