"""`skill-used` and its inverse `not-skill-used` (SPEC §5.5, docs/agentv-semantics.md §10).

Skill calls are derived from the transcript's tool calls as AgentV's providers derive them
(`skill-calls.ts`): a tool named `skill` (any case) with `input.skill` or `input.name` is a
`tool` call; a `Read` of `…skills/<name>/SKILL.md`, a `Bash` command naming such a path, or
any tool output mentioning one is a `heuristic` call; a call whose status is an error,
timeout or cancellation does not count. Values: a name (exact, case-sensitive), a list (all
required), or `{name|pattern, min, max}` (pattern = case-insensitive glob). Texts are
AgentV's.

Decided here: no transcript → `skipped` (AgentV scores 0, or builds an empty trace). The
inverse (`not-skill-used`, or `skill-used` with negation) is applied once; AgentV applies
it twice by mistake, so that its `skill-used` with negation behaves like plain `skill-used`.
The inverse count form accepts no bounds or `max: 0` only; anything else is `error`.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..errors import SpecError
from ..js.numbers import js_num, js_stringify
from ..js.strings import js_trim
from ..jsontext import is_finite_number
from ..model import AssertionSpec, RunData, Verdict
from ..rundata.records import ToolCall
from ._steps import NO_TRANSCRIPT, glob_match, transcript_or_none

_IN_TEXT = re.compile(
    r"""(?:^|[/"'\s])(?:\.agents/)?skills/([^/"'\s]+)/SKILL\.md(?:\Z|[)"'\s,;:])"""
)
_IN_MATCH = re.compile(r"""(?:\.agents/)?skills/([^/"'\s]+)/SKILL\.md""")
_TOKEN = re.compile(r"(?:^|/)(?:\.agents/)?skills/([^/\s]+)/SKILL\.md\Z")
_LEFT = re.compile(r"""^[`"'(\[{<]+""")
_RIGHT = re.compile(r"""[`"',;:)\]}>]+\Z""")
_VALID_NAME = re.compile(r"[A-Za-z0-9._:-]+")
_NOT_ERRORS = frozenset({"ok", "unknown"})


@dataclass(frozen=True, slots=True)
class SkillCall:
    """One use of a skill: its name, where it was seen, and whether the call failed."""

    name: str
    source: str
    path: str | None = None
    error: bool = False

    @property
    def label(self) -> str:
        details = ", ".join(p for p in (self.source, self.path) if p)
        return f"{self.name} ({details})" if details else self.name


def _text(value: Any) -> str | None:
    return js_trim(value) if isinstance(value, str) and js_trim(value) else None


def _candidates(text: str) -> list[tuple[str, str]]:
    """(name, path) of every SKILL.md path in a text: whole tokens first, then any match."""
    found: dict[str, tuple[str, str]] = {}
    for raw in re.split(r"\s+", text):
        token = _RIGHT.sub("", _LEFT.sub("", raw)).replace("\\", "/")
        match = _TOKEN.search(token)
        if match and _VALID_NAME.fullmatch(match.group(1)):
            found[token] = (match.group(1), token)
    for match in _IN_TEXT.finditer(text.replace("\\", "/")):
        inner = _IN_MATCH.search(match.group(0))
        if inner and _VALID_NAME.fullmatch(inner.group(1)):
            found[inner.group(0)] = (inner.group(1), inner.group(0))
    return list(found.values())


def skill_calls(calls: list[ToolCall]) -> list[SkillCall]:
    """Every skill call AgentV would derive, errored ones included (marked)."""
    out: list[SkillCall] = []
    seen: set[tuple[str, str | None, str]] = set()

    def heuristic(name: str, path: str | None, error: bool) -> None:
        if (name, path, "heuristic") not in seen:
            seen.add((name, path, "heuristic"))
            out.append(SkillCall(name, "heuristic", path, error))

    for call in calls:
        tool = call.name.lower()
        args = call.input if isinstance(call.input, Mapping) else {}
        error = call.status not in _NOT_ERRORS
        if tool == "skill":
            name = _text(args.get("skill") if args.get("skill") is not None else args.get("name"))
            if name:
                out.append(SkillCall(name, "tool", None, error))
            continue
        if tool == "read":
            path = _text(next((args[k] for k in ("file_path", "path", "filePath")
                               if args.get(k) is not None), None))  # fmt: skip
            token = _TOKEN.search(path.replace("\\", "/")) if path else None
            if token and _VALID_NAME.fullmatch(token.group(1)):
                heuristic(token.group(1), path, error)
            continue
        command = _text(args.get("command")) if tool == "bash" else None
        for name, path in _candidates(command) if command else []:
            heuristic(name, path, error)
        if call.output is not None:
            shown = call.output if isinstance(call.output, str) else js_stringify(call.output)
            for name, path in _candidates(shown):
                heuristic(name, path, error)
    return out


def _count(value: Mapping[str, Any], key: str) -> int | None:
    if key not in value:
        return None
    count = value[key]
    if (
        not is_finite_number(count)  # int() of NaN or infinity raises
        or count < 0
        or count != int(count)
    ):
        raise SpecError(f"skill-used assertion object {key} must be a finite non-negative integer")
    return int(count)


def _matcher(value: Any) -> list[str] | dict[str, Any]:
    """A list of names, or a count matcher `{name, pattern, min, max}` (AgentV's checks)."""
    if isinstance(value, str) and js_trim(value):
        return [js_trim(value)]
    if isinstance(value, list) and value and all(isinstance(v, str) and js_trim(v) for v in value):
        return [js_trim(v) for v in value]
    if not isinstance(value, Mapping):
        raise SpecError("skill-used assertion must have a string, string array, or object value")
    name, pattern = _text(value.get("name")), _text(value.get("pattern"))
    if not name and not pattern:
        raise SpecError("skill-used assertion object must include a name or pattern property")
    low, high = _count(value, "min"), _count(value, "max")
    if low is not None and high is not None and high < low:
        raise SpecError("skill-used assertion object max must be greater than or equal to min")
    return {"name": name, "pattern": pattern, "min": low, "max": high}


def _matches(call: SkillCall, matcher: Mapping[str, Any]) -> bool:
    if matcher.get("name") and call.name != matcher["name"]:
        return False
    return not (matcher.get("pattern") and not glob_match(call.name, matcher["pattern"]))


def _checked(value: Any, inverse: bool) -> list[str] | dict[str, Any]:
    """The matcher, refusing count bounds on the inverse form (SPEC §5.5)."""
    matcher = _matcher(value)
    if (
        inverse
        and isinstance(matcher, dict)
        and (matcher["min"] is not None or matcher["max"] not in (None, 0))
    ):
        raise SpecError(
            "not-skill-used object assertions only support name/pattern with no count "
            "bounds, or max: 0"
        )
    return matcher


def _judge(
    matcher: list[str] | dict[str, Any], calls: list[SkillCall], inverse: bool
) -> tuple[bool, str]:
    actual = ", ".join(c.label for c in calls) or "(none)"
    if isinstance(matcher, list):
        used = [n for n in matcher if any(c.name == n for c in calls)]
        missing = [n for n in matcher if n not in used]
        if inverse:
            if not used:
                return True, f"Forbidden skill(s) were not used: {', '.join(matcher)}"
            listed = ", ".join(used)
            return False, f"Forbidden skill(s) were used: {listed}. Actual skills: {actual}"
        if not missing:
            listed = ", ".join(matcher)
            return True, f"Observed required skill(s): {listed}. Actual skills: {actual}"
        return False, f"Missing required skill(s): {', '.join(missing)}. Actual skills: {actual}"
    found = [c for c in calls if _matches(c, matcher)]
    label = matcher["pattern"] or matcher["name"] or "*"
    low, high = matcher["min"], matcher["max"]
    if inverse:
        if not found:
            return True, f'Forbidden skill "{label}" was not used. Actual skills: {actual}'
        shown = ", ".join(c.label for c in found)
        return False, f'Forbidden skill "{label}" was used {len(found)} time(s). Matches: {shown}'
    low = low if low is not None else (0 if high is not None else 1)
    ok = len(found) >= low and (high is None or len(found) <= high)
    expect = f"at least {js_num(low)}" if high is None else f"{js_num(low)}-{js_num(high)}"
    text = f'Matched skill "{label}" {len(found)} time(s) (expected {expect})'
    if found:
        text += ". Matches: " + ", ".join(c.label for c in found)
    return ok, text


def _grade(spec: AssertionSpec, run: RunData, inverse: bool) -> Verdict:
    matcher = _checked(spec.options.get("value"), inverse)  # bad config errs even without data
    transcript = transcript_or_none(run)
    if transcript is None:
        return Verdict.skipped(NO_TRANSCRIPT)
    derived = skill_calls([c for m in transcript.messages for c in m.tool_calls])
    confirmed = [c for c in derived if not c.error]
    ok, text = _judge(matcher, confirmed, inverse)
    failed = [c.label for c in derived if c.error]
    evidence = f"{len(confirmed)} skill call(s) derived from {transcript.path}"
    if failed:
        evidence += "; not counted (the call failed): " + ", ".join(failed)
    return Verdict.binary(ok, text, text, evidence)


def skill_used(spec: AssertionSpec, run: RunData) -> Verdict:
    """Every listed skill was used (or the `{name|pattern, min, max}` count holds)."""
    return _grade(spec, run, inverse=False)


def skill_used_inverse(spec: AssertionSpec, run: RunData) -> Verdict:
    """`not-skill-used`: none of the listed skills was used (count form: no bounds or max 0)."""
    return _grade(spec, run, inverse=True)
