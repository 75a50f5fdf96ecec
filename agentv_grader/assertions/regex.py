"""`regex`: an unanchored search with a JavaScript pattern and flags (SPEC §5.1).

The pattern is run in the ECMAScript dialect (`js.regexp`), never with Python's
meaning, and under a deadline so no pattern can hang the grader.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from ..errors import SpecError
from ..js import regexp
from ..jsontext import is_finite_number
from ..model import AssertionSpec, RunData, Verdict
from ._text import (
    case_sensitive,
    crlf_note,
    describe,
    passes_with_lf,
    quote_at,
    string_value,
)

if TYPE_CHECKING:
    from ..js.regexp import JsRegExp


def pattern_and_flags(options: Mapping[str, Any], key: str = "value") -> tuple[str, str, str]:
    """(authored pattern, pattern without inline prefix, joined flags) for any regex type."""
    source = string_value(options, key)
    flags = options.get("flags", "")
    if flags is None:
        flags = ""
    if not isinstance(flags, str):
        raise SpecError(f'flags must be a string such as "i", got {flags!r}')
    inline, body = regexp.split_inline_flags(source)
    joined = flags + "".join([f for f in inline if f not in flags]) if inline else flags
    if not case_sensitive(options, True) and "i" not in joined:
        joined += "i"
    return source, body, joined


# The longest regex deadline (1 hour): beyond it the `regex` engine's clock overflows and
# would report a timeout at once, and no real pattern needs more (docs/SPEC.md §5.1).
MAX_TIMEOUT_MS = 3_600_000


def timeout_ms(options: Mapping[str, Any]) -> int:
    """The per-match deadline: `timeout_ms` on the assertion, else the environment's
    (capped at `MAX_TIMEOUT_MS`); a fraction of a millisecond rounds up, never to 0."""
    given = options.get("timeout_ms")
    if given is None:
        return min(regexp.default_timeout_ms(), MAX_TIMEOUT_MS)
    if not is_finite_number(given) or not 0 < given <= MAX_TIMEOUT_MS:
        raise SpecError(
            f"timeout_ms must be a number of milliseconds > 0 and ≤ {MAX_TIMEOUT_MS}, got {given!r}"
        )
    return math.ceil(given)


def _compiled(options: Mapping[str, Any]) -> tuple[str, JsRegExp]:
    """The authored pattern and the compiled one."""
    source, body, flags = pattern_and_flags(options)
    return source, regexp.compile_js(body, flags)


def regex(spec: AssertionSpec, run: RunData) -> Verdict:
    """`new RegExp(value, flags).test(output)`; `/p/i` in `value` is a literal pattern."""
    source, compiled = _compiled(spec.options)
    authored_flags = spec.options.get("flags") or ""
    shown = f"/{source}/{authored_flags}" + (
        f" (flags: {authored_flags})" if authored_flags else ""
    )
    text = run.response
    deadline = timeout_ms(spec.options)
    match = compiled.search(text, deadline)  # then, if none, the CRLF retry (SPEC §4.1)
    if match is not None:
        return Verdict.binary(
            True, f"Output matches pattern {shown}", "", quote_at(text, match.start, match.end)
        )
    retry = passes_with_lf(text, lambda lf: compiled.test(lf, deadline))
    return Verdict.binary(
        False,
        "",
        f"Output does not match pattern {shown}",
        f"no match; {describe(text)}{crlf_note(text, retry)}",
    )


def decide_regex(
    spec: AssertionSpec, deadline_cap_ms: int = MAX_TIMEOUT_MS, errors_fail: bool = False
) -> Callable[[str], bool]:
    """Whether `regex` passes on a text, its pattern compiled and deadline read once (at
    most `deadline_cap_ms`: the critique's probes). The CRLF retry's search runs too: under
    the deadline it can turn a failure into an error; not where the caller counts an error
    as a failure (`errors_fail`, the engine's to say), as then its answer cannot matter."""
    _, compiled = _compiled(spec.options)
    deadline = min(timeout_ms(spec.options), deadline_cap_ms)
    if errors_fail:
        return lambda text: compiled.test(text, deadline)

    def passes(text: str) -> bool:  # whether `regex`'s first search finds a match
        if compiled.test(text, deadline):
            return True
        passes_with_lf(text, lambda lf: compiled.test(lf, deadline))  # may time out
        return False

    return passes
