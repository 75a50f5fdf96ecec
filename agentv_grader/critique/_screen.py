"""Necessary conditions of an assertion passing, cheap to ask of a decoy (SPEC §6.2).

Most decoys fail most assertions, and grading one through the verdict-only path
(`engine.decider`) costs a few layers of calls per decoy plus the path's own making.
An assertion's screen is what any text it passes on must hold, asked with `in`: each
(or one) of the needles of a substring check, the trimmed value of a case-sensitive
whole-text check, the runs of plain characters every match of a pattern holds
(`JsRegExp.required_runs`), or, for `is-json`, a first character a JSON text can start
with. `Context.passing` grades only the decoys that hold it; when none does, the
assertion passes on none and no verdict-only path is made. Only for assertions that are
not negated (a negated one passes where the check fails), read the response alone and
have no `target_output_key` (the check then reads a part of the response). Where the
options are broken the check is `error` on every text: no screen, the full path says so.

A case-sensitive substring check's screen is its verdict too (`Screen.exact`: the check
passes exactly where its needles are in the text), so the decoys that hold it are the
ones it passes on, without a verdict-only path made or asked.

A `field-accuracy` reads the response as AgentV's `parseJsonFromText` does (code fences
dropped, trimmed, the object between the first `{` and the last `}`, else the whole text),
and a text it cannot parse fails every field: its screen is that the text could hold
JSON there (`may_hold_json`), which most decoys (the empty one, the refusal, the
boilerplate, most inputs echoed) do not.
"""

from __future__ import annotations

import re
from collections import namedtuple
from collections.abc import Callable, Mapping
from functools import lru_cache
from typing import TYPE_CHECKING, Any, NamedTuple

from ..assertions._text import case_sensitive, string_list, string_value
from ..js.strings import JS_WHITESPACE, js_lower, js_lower_only, js_trim
from ..model import AssertionSpec

if TYPE_CHECKING:
    from ..js.regexp import JsRegExp


if TYPE_CHECKING:

    class Screen(NamedTuple):
        """`needles` each (`every`) or one of which a passing text holds, in the text's own
        case or, with `lowered`, in `js_lower` form, then asked of the text's `str.lower`
        (or `js_lower`) form: the needles hold none of `js_lower_only`, so one that the
        JavaScript lower case holds, Python's holds too, and Python's costs a third (no
        scan for newer letters); with `json`, the text must start a JSON value instead
        (the needles are not asked). With `exact`, holding it is passing, not only a
        condition of it (a case-sensitive substring check: `output.includes(value)`)."""

        needles: tuple[str, ...]
        every: bool
        lowered: bool
        json: bool = False
        exact: bool = False
        embedded: bool = False  # with `json`: `may_hold_json` instead of `json_start`

else:  # the same class, made without `typing.NamedTuple`'s field checks (`_record`)
    Screen = namedtuple(
        "Screen",
        ("needles", "every", "lowered", "json", "exact", "embedded"),
        defaults=(False, False, False),
    )


# What `JSON.parse` (`js_json_parse`) accepts before a value, and how a value starts: a
# bracket, a quote, a number or one of the three literals, whole (Python's decoder also
# takes NaN and Infinity, which `js_json_parse` then refuses: never a pass).
@lru_cache(maxsize=1)
def json_start() -> re.Pattern[str]:
    """That start, compiled on first use: only a test with an `is-json` check asks, and
    compiling costs every run that imports the critique."""
    return re.compile(r"[ \t\n\r]*(?:[\[{\"\-0-9]|true|false|null)")


_JSON = Screen((), True, False, json=True)
_FIELDS = Screen((), True, False, json=True, embedded=True)
# The first characters of a text `JSON.parse` may accept after its own white space: a
# value's (not the `N` and `I` of NaN and Infinity, which `js_json_parse` refuses).
_JSON_FIRST = frozenset('{["-0123456789tfn')


def may_hold_json(subject: str) -> bool:
    """Whether `field-accuracy`'s `parse_json_from_text` may parse `subject`: it holds a
    `{` (an object is cut out from the first one), or a backtick (fences are dropped:
    the text changes), else its start after JavaScript's trim (which the reading makes,
    stripping all JSON's white space and more) is one `JSON.parse` can begin with (the
    `"passed"` repair rewrites only text after a quote). Any other text raises, and the
    check fails on it."""
    if "{" in subject or "`" in subject:
        return True
    return subject.lstrip(JS_WHITESPACE)[:1] in _JSON_FIRST


# The substring checks: (case counts by default, every needle).
_SUBSTRING = {
    "contains": (True, True),
    "icontains": (False, True),
    "contains-all": (True, True),
    "icontains-all": (False, True),
    "contains-any": (True, False),
    "icontains-any": (False, False),
}
_LISTED = frozenset(("contains-all", "icontains-all", "contains-any", "icontains-any"))
_WHOLE_TEXT = frozenset(("equals", "starts-with", "ends-with"))
# The response-only needle types of the transcript family (`output-contains` is any case
# by default; `output-matches`' pattern is a `regex` one).
_OUTPUT = frozenset(("output-contains", "output-matches"))


def screen_of(spec: AssertionSpec) -> Screen | None:
    """`spec`'s screen, or None where it has none (any text may pass: grade them all)."""
    if spec.negate or spec.problem is not None or spec.children:
        return None
    options = spec.options
    if "target_output_key" in options:
        return None
    kind = spec.type
    try:
        if kind in _SUBSTRING:
            default, every = _SUBSTRING[kind]
            needles = string_list(options) if kind in _LISTED else [string_value(options)]
            return _substring_screen(needles, every, case_sensitive(options, default))
        if kind in _WHOLE_TEXT:
            value = string_value(options)
            if not case_sensitive(options, True):
                return None  # lowering the trimmed text is not a piece of the lowered text
            return Screen((js_trim(value),), True, False)
        if kind == "regex":
            return _pattern_screen(spec, "value")
        if kind == "is-json":
            return _JSON
        if kind == "field-accuracy":
            return _FIELDS
        if kind in _OUTPUT:
            return _output_screen(spec)
    except Exception:  # broken options: the check is `error`, the full path says how
        return None
    return None


def _substring_screen(needles: list[str], every: bool, sensitive: bool) -> Screen | None:
    """The screen of a substring check of `needles` (each, or one of them): exact where
    case counts; else the needles in `js_lower` form, none where one holds a letter only
    JavaScript lowers (asked of `str.lower` of the decoys: see `Screen`). Those letters
    are none of them ASCII, so an ASCII needle (most) is not asked: their table is then
    not loaded (a cold single test's 3 M instructions)."""
    if sensitive:
        return Screen(tuple(needles), every, False, exact=True)
    lowered = tuple([js_lower(n) for n in needles])
    for needle in lowered:
        if not needle.isascii() and not js_lower_only().isdisjoint(needle):
            return None
    return Screen(lowered, every, True)


def _output_screen(spec: AssertionSpec) -> Screen | None:
    """`output-contains` / `output-matches`, whose needle is read as the check reads it
    (its own option, else the `value` alias): `icontains`' or `contains`' screen for the
    substring (`find`, as theirs), `regex`'s for the pattern (only a match in the text
    itself passes, as there)."""
    from ..assertions.transcript import needle_key

    if spec.type == "output-matches":
        return _pattern_screen(spec, needle_key(spec.options, "pattern"))
    options = spec.options
    needle = string_value(options, needle_key(options, "substring"))
    return _substring_screen([needle], True, case_sensitive(options, False))


_PATTERN_TOOLS: list[
    tuple[Callable[[Mapping[str, Any], str], tuple[str, str, str]], Callable[[str, str], JsRegExp]]
] = []


def _pattern_screen(spec: AssertionSpec, key: str) -> Screen | None:
    """The required runs of a pattern (option `key`) as `regex` reads it
    (`JsRegExp.required_runs`). Only a match in the text itself passes: the second search,
    with CRLF read as LF, can only make a failure an error (a timeout), never a pass."""
    if not _PATTERN_TOOLS:  # imported on first use: a suite may have no pattern
        from ..assertions.regex import pattern_and_flags
        from ..js.regexp import compile_js

        _PATTERN_TOOLS.append((pattern_and_flags, compile_js))
    read_pattern, compile_pattern = _PATTERN_TOOLS[0]
    _, body, flags = read_pattern(spec.options, key)
    runs = compile_pattern(body, flags).required_runs()
    return Screen(runs, True, False) if runs else None


def admits(screen: Screen, subject: str) -> bool:
    """Whether `subject` (the text, or its lower case form for a `lowered` screen) holds
    the needles of `screen` (not a `json` one)."""
    if screen.every:
        for needle in screen.needles:  # a loop, not all(): asked of every decoy
            if needle not in subject:
                return False
        return True
    for needle in screen.needles:
        if needle in subject:
            return True
    return False
