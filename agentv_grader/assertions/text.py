"""Substring and whole-text checks: AgentV's `contains*`, `icontains*`, `equals`,
`starts-with`, `ends-with` (docs/agentv-semantics.md §4), plus `case_sensitive` (SPEC §5.1).

AgentV's texts are kept word for word; evidence says where the needle was found. Each
check has a `decide_*` twin that reads the options once and returns a predicate saying
whether the check passes on a text (the critique asks it of many decoys): both read their
options with the same helper and answer with the same predicate.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

from ..js.strings import js_lower, js_trim, js_trim_bounds
from ..model import AssertionSpec, RunData, Verdict
from ._text import (
    BIG_TEXT,
    case_sensitive,
    crlf_note,
    describe,
    find,
    finder,
    passes_with_lf,
    quote_at,
    string_list,
    string_value,
    trims_to,
)

_CI = " (case-insensitive)"


def _suffix(sensitive: bool) -> str:
    return "" if sensitive else _CI


def _options(spec: AssertionSpec, default_sensitive: bool) -> tuple[str, bool]:
    """The `value` and whether case counts, for every single-value type."""
    return string_value(spec.options), case_sensitive(spec.options, default_sensitive)


def _list_options(spec: AssertionSpec, default_sensitive: bool) -> tuple[list[str], bool]:
    """The `value` list and whether case counts, for the `-any` and `-all` types."""
    return string_list(spec.options), case_sensitive(spec.options, default_sensitive)


def _has(text: str, needle: str, sensitive: bool) -> bool:
    return find(text, needle, sensitive) >= 0


Predicate = Callable[[str], bool]


# The critique asks every case-insensitive whole-text check of a test about the same few
# decoy texts. `js_lower` remembers a text of a few KiB by identity, but trimming makes a
# new string, so the trimmed-then-lowered form of the last few texts below `BIG_TEXT` is
# remembered here, by value: a decoy is trimmed and lowered once per test, not once per
# assertion. It is a function of the text alone, so an entry is never stale.
@lru_cache(maxsize=16)
def _trimmed_lowered(text: str) -> str:
    """`js_lower(js_trim(text))` of a text below `BIG_TEXT`, remembered."""
    return js_lower(js_trim(text))


def _has_predicate(needles: list[str], sensitive: bool, every: bool) -> Predicate:
    """`_has_all` (`every`) or `_has_any` of `needles` as a function of the text. A text
    below `BIG_TEXT` takes `find`'s own plain path inline, lowered once for all needles
    (`find` lowers it per needle): `js_lower(needle) in js_lower(text)` is what that path
    answers; a big one goes through `find`."""
    folded = needles if sensitive else [js_lower(n) for n in needles]

    def passes(text: str) -> bool:
        if len(text) >= BIG_TEXT:
            return (_has_all if every else _has_any)(text, needles, sensitive)
        subject = text if sensitive else js_lower(text)
        for needle in folded:  # a loop, not any(): the critique asks this of every decoy
            if (needle in subject) != every:
                return not every
        return every

    return passes


def _has_any(text: str, needles: list[str], sensitive: bool) -> bool:
    for needle in needles:  # a loop, not any(): the critique asks this of every decoy
        if _has(text, needle, sensitive):
            return True
    return False


def _has_all(text: str, needles: list[str], sensitive: bool) -> bool:
    for needle in needles:
        if not _has(text, needle, sensitive):
            return False
    return True


def _contains(spec: AssertionSpec, run: RunData, default_sensitive: bool) -> Verdict:
    needle, sensitive = _options(spec, default_sensitive)
    text = run.response
    at = find(text, needle, sensitive)
    shown = f'"{needle}"'
    if at >= 0:
        evidence = quote_at(text, at, at + len(needle))
        return Verdict.binary(True, f"Output contains {shown}{_suffix(sensitive)}", "", evidence)
    retry = passes_with_lf(text, lambda t: _has(t, needle, sensitive))
    return Verdict.binary(
        False,
        "",
        f"Output does not contain {shown}{_suffix(sensitive)}",
        f"{shown} not found; {describe(text)}{crlf_note(text, retry)}",
    )


def contains(spec: AssertionSpec, run: RunData) -> Verdict:
    """Case-sensitive substring (`output.includes(value)`), no trimming."""
    return _contains(spec, run, True)


def icontains(spec: AssertionSpec, run: RunData) -> Verdict:
    """Substring after JavaScript `toLowerCase()` on both sides."""
    return _contains(spec, run, False)


def decide_contains(spec: AssertionSpec) -> Predicate:
    """Whether `contains` passes on a text, its options read once."""
    needle, sensitive = _options(spec, True)
    return _has_predicate([needle], sensitive, every=True)


def decide_icontains(spec: AssertionSpec) -> Predicate:
    """Whether `icontains` passes on a text, its options read once."""
    needle, sensitive = _options(spec, False)
    return _has_predicate([needle], sensitive, every=True)


def _any(spec: AssertionSpec, run: RunData, default_sensitive: bool) -> Verdict:
    needles, sensitive = _list_options(spec, default_sensitive)
    text = run.response
    locate = finder(text, sensitive)
    for needle in needles:
        at = locate(needle)
        if at >= 0:
            return Verdict.binary(
                True,
                f'Output contains "{needle}"{_suffix(sensitive)}',
                "",
                quote_at(text, at, at + len(needle)),
            )
    listed = ", ".join(f'"{n}"' for n in needles)
    retry = passes_with_lf(text, lambda t: _has_any(t, needles, sensitive))
    return Verdict.binary(
        False,
        "",
        f"Output does not contain any of: {listed}{_suffix(sensitive)}",
        f"none found; {describe(text)}{crlf_note(text, retry)}",
    )


def contains_any(spec: AssertionSpec, run: RunData) -> Verdict:
    """Any needle present; the text names the first match in value order."""
    return _any(spec, run, True)


def icontains_any(spec: AssertionSpec, run: RunData) -> Verdict:
    """`contains-any` after lowercasing both sides."""
    return _any(spec, run, False)


def decide_contains_any(spec: AssertionSpec) -> Predicate:
    """Whether `contains-any` passes on a text, its options read once."""
    needles, sensitive = _list_options(spec, True)
    return _has_predicate(needles, sensitive, every=False)


def decide_icontains_any(spec: AssertionSpec) -> Predicate:
    """Whether `icontains-any` passes on a text, its options read once."""
    needles, sensitive = _list_options(spec, False)
    return _has_predicate(needles, sensitive, every=False)


def _all(spec: AssertionSpec, run: RunData, default_sensitive: bool) -> Verdict:
    needles, sensitive = _list_options(spec, default_sensitive)
    text = run.response
    found: list[str] = []
    missing: list[str] = []
    locate = finder(text, sensitive)
    for needle in needles:
        at = locate(needle)
        if at >= 0:
            found.append(f'"{needle}" at {quote_at(text, at, at + len(needle))}')
        else:
            missing.append(needle)
    if not missing:
        return Verdict.binary(
            True,
            f"Output contains all {len(needles)} expected strings{_suffix(sensitive)}",
            "",
            "; ".join(found),
        )
    listed = ", ".join(f'"{m}"' for m in missing)
    label = "Output missing" + (":" if sensitive else " (case-insensitive):")
    retry = passes_with_lf(text, lambda t: _has_all(t, needles, sensitive))
    evidence = f"missing {listed}; {describe(text)}{crlf_note(text, retry)}"
    if found:
        evidence = "found " + "; ".join(found) + "; " + evidence
    return Verdict.binary(False, "", f"{label} {listed}", evidence)


def contains_all(spec: AssertionSpec, run: RunData) -> Verdict:
    """Every needle present; the failure text lists the missing ones in value order."""
    return _all(spec, run, True)


def icontains_all(spec: AssertionSpec, run: RunData) -> Verdict:
    """`contains-all` after lowercasing both sides."""
    return _all(spec, run, False)


def decide_contains_all(spec: AssertionSpec) -> Predicate:
    """Whether `contains-all` passes on a text, its options read once."""
    needles, sensitive = _list_options(spec, True)
    return _has_predicate(needles, sensitive, every=True)


def decide_icontains_all(spec: AssertionSpec) -> Predicate:
    """Whether `icontains-all` passes on a text, its options read once."""
    needles, sensitive = _list_options(spec, False)
    return _has_predicate(needles, sensitive, every=True)


def _fold(text: str, sensitive: bool) -> str:
    return text if sensitive else js_lower(text)


def _small_folded(text: str, sensitive: bool) -> str:
    """`_fold(js_trim(text), sensitive)`, remembered where case does not count and the
    text is below `BIG_TEXT` (`_trimmed_lowered`)."""
    if sensitive:
        return js_trim(text)
    return _trimmed_lowered(text) if len(text) < BIG_TEXT else js_lower(js_trim(text))


# The whole-text checks find where the trimmed response lies (`js_trim_bounds`) instead of
# trimming it: `js_trim` copies the response whenever there is white space to remove, and
# a 100 MB answer ends in a newline. Below `BIG_TEXT` the copy is cheaper than the bounds
# (the critique asks these of every decoy). Case-insensitive forms lower the trimmed text.


def _expected(value: str, sensitive: bool) -> str:
    """`value` as the whole-text checks compare with it: trimmed, folded where case does
    not count (worked out once per check, not per text)."""
    return _fold(js_trim(value), sensitive)


def _same(text: str, expected: str, sensitive: bool) -> bool:
    """`_fold(js_trim(text)) == expected`."""
    if sensitive:
        return trims_to(text, expected)
    if len(text) < BIG_TEXT:  # a small copy costs less than finding the bounds
        return _trimmed_lowered(text) == expected
    start, end = js_trim_bounds(text)
    if end - start > len(expected):  # lowering never shortens a text
        return False
    return js_lower(text[start:end]) == expected


def _starts(text: str, expected: str, sensitive: bool) -> bool:
    """`_fold(js_trim(text)).startswith(expected)`."""
    if not sensitive or len(text) < BIG_TEXT:  # a small copy costs less than the bounds
        return _small_folded(text, sensitive).startswith(expected)
    start, end = js_trim_bounds(text)
    return text.startswith(expected, start, end)


def _ends(text: str, expected: str, sensitive: bool) -> bool:
    """`_fold(js_trim(text)).endswith(expected)`."""
    if not sensitive or len(text) < BIG_TEXT:  # a small copy costs less than the bounds
        return _small_folded(text, sensitive).endswith(expected)
    start, end = js_trim_bounds(text)
    return text.endswith(expected, start, end)


def equals(spec: AssertionSpec, run: RunData) -> Verdict:
    """Both sides trimmed with JavaScript's white space; inner white space and case count."""
    value, sensitive = _options(spec, True)
    shown = f'"{value}"{_suffix(sensitive)}' if not sensitive else f'"{value}"'
    expected = _expected(value, sensitive)

    def same(text: str) -> bool:
        return _same(text, expected, sensitive)

    text = run.response
    if same(text):
        return Verdict.binary(True, f"Output equals {shown}", "", _whole(text))
    retry = passes_with_lf(text, same)
    evidence = _difference(text, value, sensitive) + crlf_note(text, retry)
    return Verdict.binary(False, "", f"Output does not equal {shown}", evidence)


def starts_with(spec: AssertionSpec, run: RunData) -> Verdict:
    """`output.trim().startsWith(value.trim())`: AgentV trims both sides."""
    value, sensitive = _options(spec, True)

    expected = _expected(value, sensitive)

    def holds(text: str) -> bool:
        return _starts(text, expected, sensitive)

    text = run.response
    shown = f'"{value}"{_suffix(sensitive)}'
    start, end = js_trim_bounds(text)
    offset = start if start < end else len(text)
    if holds(text):
        stop = offset + len(js_trim(value))
        return Verdict.binary(True, f"Output starts with {shown}", "", quote_at(text, offset, stop))
    retry = passes_with_lf(text, holds)
    return Verdict.binary(
        False,
        "",
        f"Output does not start with {shown}",
        f"starts with {quote_at(text, offset, offset)}{crlf_note(text, retry)}"
        if start < end
        else describe(text),
    )


def ends_with(spec: AssertionSpec, run: RunData) -> Verdict:
    """`output.trim().endsWith(value.trim())`: AgentV trims both sides."""
    value, sensitive = _options(spec, True)

    expected = _expected(value, sensitive)

    def holds(text: str) -> bool:
        return _ends(text, expected, sensitive)

    text = run.response
    shown = f'"{value}"{_suffix(sensitive)}'
    first, end = js_trim_bounds(text)
    if holds(text):
        start = max(0, end - len(js_trim(value)))
        return Verdict.binary(True, f"Output ends with {shown}", "", quote_at(text, start, end))
    retry = passes_with_lf(text, holds)
    return Verdict.binary(
        False,
        "",
        f"Output does not end with {shown}",
        f"ends with {quote_at(text, end, end)}{crlf_note(text, retry)}"
        if first < end
        else describe(text),
    )


def decide_equals(spec: AssertionSpec) -> Predicate:
    """Whether `equals` passes on a text, its options read once."""
    value, sensitive = _options(spec, True)
    expected = _expected(value, sensitive)
    return lambda text: _same(text, expected, sensitive)


def decide_starts_with(spec: AssertionSpec) -> Predicate:
    """Whether `starts-with` passes on a text, its options read once."""
    value, sensitive = _options(spec, True)
    expected = _expected(value, sensitive)
    return lambda text: _starts(text, expected, sensitive)


def decide_ends_with(spec: AssertionSpec) -> Predicate:
    """Whether `ends-with` passes on a text, its options read once."""
    value, sensitive = _options(spec, True)
    expected = _expected(value, sensitive)
    return lambda text: _ends(text, expected, sensitive)


def _whole(text: str) -> str:
    start, end = js_trim_bounds(text)
    return quote_at(text, start, end)


def _difference(text: str, value: str, sensitive: bool) -> str:
    """Where the trimmed texts first differ, quoted at its place in the response."""
    start, end = js_trim_bounds(text)
    expected = js_trim(value)
    if start == end:
        return "the response is empty (after trimming)"
    compared = text[start : min(end, start + len(expected))]
    pairs = enumerate(zip(compared, expected, strict=False))
    at = next(
        (i for i, (x, y) in pairs if _fold(x, sensitive) != _fold(y, sensitive)),
        min(end - start, len(expected)),
    )
    got = quote_at(text, start + at, min(len(text), start + at + 1))
    return f"first difference at {got}; expected {len(expected)} characters, got {end - start}"
