"""How long the run took and how many tool calls it made, against timing.json and the
transcript (SPEC §5.9). Approximate claims ("about a minute") are verified within 25 % and
contradicted only beyond a factor of two; bounds ("under a minute") beyond 1.5 times."""

from __future__ import annotations

import re
from collections.abc import Iterator

from ._facts import CONTRADICTED, VERIFIED, Finding, int_reads
from ._index import RunIndex
from ._later import later

_TOOK = later(r"\b(took|lasted|spent|finished in|completed in|run ?time|in total)\b", re.I)
# A unit follows its amount after a space, or glued only to digits (`90s`): `as` and `ah`
# are words, not "a second" and "an hour".
_DURATION = later(
    r"\b(about|around|roughly|approximately|nearly|almost|under|less than|over|more than|"
    r"within)?\s*(an?|one|half an?|\d+(?:\.\d+)?)(?:\s+|(?<=\d))"
    # `a second column`, `a second run`: an ordinal before a noun, no duration
    r"(seconds|second(?!\s+(?!(?:to|and|or|for|in|of|at|on|before|after|later|ago|longer|"
    r"more|less)\b)[a-z]{2,})|secs?|s|minutes?|mins?|hours?|h)\b(\s+and a half)?",
    re.I,
)
_UNIT_SECONDS = {"s": 1, "sec": 1, "second": 1, "min": 60, "minute": 60, "h": 3600, "hour": 3600}
_TOOL_CALLS = later(r"\b(\d+) tool calls?\b", re.I)


# Compiled once: a pattern given to re.search as text is looked up in re's cache per call.
_TESTS_WORD = later(r"\btests?\b", re.I)
# The words a subject naming the run as a whole is made of (`the whole session`, `in total
# it`, `overall I`): any other word names a step (`the lifecycle update`, `the build`).
_RUN_SUBJECT = frozenset(
    "the a this that whole entire full complete run job session task it i we everything all "
    "overall altogether in total thing work agent my our of so far".split()
)
_SUBJECT_WORD = later(r"[a-z]+")
_CLAUSE_BREAK = later(r"[,;:.()]|\b(?:and|but|then)\b")
# what a duration timed after `to` where a thing other than the run changed state (`took
# about 20 seconds to come up`, `to restart`, `to catch up`)
_EVENT_AFTER = later(
    r"\s+to\s+(?:come\s+(?:up|back|online)|start|boot|restart|recover|load|become|warm|"
    r"converge|drain|sync|propagate|settle|catch\s+up|respond|reach|appear|fail\s*over|"
    r"roll\s+out|expire|clear)\b",
    re.I,
)
_ROUGHLY = later(r"\b(about|around|roughly|over|under)\s+\d", re.I)


def timing_findings(text: str, index: RunIndex) -> Iterator[Finding]:
    yield from _duration(text, index)
    yield from _tool_calls(text, index)


def _duration(text: str, index: RunIndex) -> Iterator[Finding]:
    figure = index.timing.duration_ms if index.timing is not None else None
    took = _TOOK.search(text) if figure is not None else None
    if figure is None or took is None or _TESTS_WORD.search(text):
        return
    if not _of_the_run(text[: took.start()]):
        return
    match = _DURATION.search(text)
    if match is None or _EVENT_AFTER.match(text, match.end()):
        return  # `it took about 20 seconds to come up`: a service's time, not the run's
    qualifier = (match.group(1) or "").lower()
    amount = match.group(2).lower()
    base = (
        0.5 if amount.startswith("half") else 1.0 if amount in ("a", "an", "one") else float(amount)
    )
    unit = match.group(3).lower().rstrip("s") or "s"
    claimed = (base + (0.5 if match.group(4) else 0)) * _UNIT_SECONDS.get(unit, 1)
    actual = figure.value / 1000
    cite = f"{figure.source} = {figure.value:g} ms ({actual:.0f} s)"
    status = _judge(qualifier, claimed, actual)
    if status == CONTRADICTED and _a_step_took(index, claimed, qualifier):
        return  # `the full run took about 7 seconds`: a test run's, not the agent's
    if status is not None:
        yield Finding(status, f"{match.group(0).strip()!r}: {cite}")


# a figure's seconds after it in an output (`7.1 s`, `6.84s`, `7 seconds`)
_SECONDS_AFTER = later(r"(?:\.\d+)?[ ]?(?:s|secs?|seconds?)\b")
_MOST_PLACES = 200  # the places of a figure read for a step's duration
_MOST_SECONDS = 20  # the whole seconds about a claimed duration looked for


def _a_step_took(index: RunIndex, claimed: float, qualifier: str) -> bool:
    """Some output gives a step that duration (`Time: 7.123 s`, `in 6.84s`): a claim of
    the run's length refuted by timing.json may speak of that step as "the run"."""
    low, high = int(claimed * 0.75), int(claimed * 1.25) + 1  # the whole seconds to read
    if high - low > _MOST_SECONDS:
        return False
    for whole in range(low, high + 1):
        places = index.every_place(str(whole), _MOST_PLACES)
        if places is None:
            return True  # too common to read every place: a step's may be among them
        for call, at in places:
            output, end = call.output_lower, at + len(str(whole))
            if at and (output[at - 1].isdigit() or output[at - 1] == "."):
                continue
            after = _SECONDS_AFTER.match(output, end)
            if after is None:
                continue
            shown = float(output[at : after.start() + after.group(0).find("s")].strip() or 0)
            if _judge(qualifier, claimed, shown) == VERIFIED:
                return True
    return False


def _of_the_run(before: str) -> bool:
    """The duration's subject (its clause's words before the verb) is the run itself (`it`,
    `the whole job`, `I`), not one of its steps (`the lifecycle update took half a
    minute`): timing.json times the run, not its steps."""
    subject = _CLAUSE_BREAK.split(before)[-1]
    return all(word in _RUN_SUBJECT for word in _SUBJECT_WORD.findall(subject.lower()))


def _judge(qualifier: str, claimed: float, actual: float) -> str | None:
    if qualifier in ("under", "less than", "within"):
        return VERIFIED if actual <= claimed else CONTRADICTED if actual > 1.5 * claimed else None
    if qualifier in ("over", "more than"):
        return VERIFIED if actual >= claimed else CONTRADICTED if actual * 1.5 < claimed else None
    ratio = actual / claimed if claimed else float("inf")
    tolerance = 0.25 if qualifier else 0.1
    if abs(ratio - 1) <= tolerance:
        return VERIFIED
    return CONTRADICTED if ratio > 2 or ratio < 0.5 else None


def _tool_calls(text: str, index: RunIndex) -> Iterator[Finding]:
    match = _TOOL_CALLS.search(text)
    if match is None or _ROUGHLY.search(text) or not int_reads(match.group(1)):
        return
    claimed = int(match.group(1))
    counted = len(index.calls)
    source = f"the transcript has {counted} tool calls"
    if index.timing is not None and index.timing.tool_calls is not None:
        recorded = int(index.timing.tool_calls.value)
        source += f"; {index.timing.tool_calls.source} = {recorded}"
        if recorded != counted:
            return  # the two records disagree: nothing to hold the claim against
    yield Finding(VERIFIED if claimed == counted else CONTRADICTED, source)
