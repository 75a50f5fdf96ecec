"""Code graders: `script`, inline `python`, `javascript` (SPEC §5.6, docs/agentv-semantics.md §11).

These checks run a program, the one kind of I/O a check may do: the program *is* the
assertion (see `_process.py` for how it is contained). What the program sees and how its
answer is read are AgentV's protocols. Decided here, where AgentV differs or is silent:

- A program that crashes, exits non-zero, times out, floods stdout, or prints a result
  that is not in the protocol is `error` with the tail of stderr (SPEC §5.7: an error is
  never a fail, so it never turns into a pass). AgentV scores those 0 (and, for a quiet
  non-zero `script` exit, fails it); an inline assertion that throws is the same crash.
- `script` gets AgentV's snake_case context on stdin; the answer is always inline in
  `output` (AgentV moves answers over 50,000 characters to a temp file; nothing is ever
  written outside the test folder here). `checks[]` items need `text` and `pass`
  (`passed` accepted); AgentV silently drops items without a `reason`, here an item
  that is not an object with those fields is an error. Likewise a v4 `code-grader`'s
  `assertions[]` items need `text` and a boolean `passed` (4.x drops items without a
  text and reads `passed` as truthy).
- Inline `python`/`javascript` results other than a boolean, a number or an object are
  an error, not a silent 0. `javascript` needs `node` on PATH, else it is `skipped`.
- The deadline is `timeout_ms`, default 30 s, for all three.
"""

from __future__ import annotations

import json
import math
import os
import re
import sys
from collections.abc import Mapping
from typing import Any, TypeGuard

from ..errors import SpecError
from ..js.strings import JsonParseError, js_json_parse, js_trim
from ..jsontext import as_double, is_finite_number
from ..load.types import is_v4_code_grader
from ..model import AssertionSpec, CheckItem, RunData, Status, Verdict
from . import _context
from ._process import Finished, failure, run_program, tail_of

DEFAULT_TIMEOUT_MS = 30_000
SCRIPT_THRESHOLD = 0.8  # AgentV's scoreToVerdict
INLINE_THRESHOLD = sys.float_info.epsilon  # AgentV's Number.EPSILON: pass means score > 0
_PASSED = "Assertion passed"

_PYTHON_PROGRAM = """import json
import sys

_payload = json.load(sys.stdin)


def main(output, context):
{body}


sys.stdout.write(json.dumps(main(_payload.get("output", ""), _payload.get("context", {{}}))))
"""

# Runs an AgentV javascript assertion body as `new Function('output', 'context', body)`;
# console output goes to stderr so stdout carries only the result.
_NODE_HARNESS = r"""
const write = process.stdout.write.bind(process.stdout);
console.log = console.info = console.debug = console.error;
const chunks = [];
process.stdin.on('data', (c) => chunks.push(c));
process.stdin.on('end', async () => {
  const p = JSON.parse(Buffer.concat(chunks).toString('utf8'));
  let reply;
  try {
    const fn = new Function('output', 'context', p.body);
    const value = await fn(p.output, p.context);
    reply = { ok: true, kind: value === null ? 'null' : typeof value, value: value ?? null };
  } catch (e) {
    reply = { ok: false, error: e instanceof Error ? e.message : String(e) };
  }
  write(JSON.stringify(reply), () => process.exit(0));
});
"""


def script(spec: AssertionSpec, run: RunData) -> Verdict:
    """Runs `command` (a list directly, a string via `sh -lc`) with AgentV's JSON context on
    stdin; reads its answer.

    The answer is `{pass?, score?, reason?, checks?}` (pass, else score ≥ `threshold`,
    default 0.8), for a v4 `code-grader` `{score?, assertions?}` (score ≥ `threshold`), or
    plain text (exit 0 passes).
    """
    argv = command_of(spec)
    timeout = timeout_ms(spec)
    payload = _context.script_payload(spec, run)
    finished = run_program(argv, json_bytes(payload), cwd_of(spec, run), timeout, "script")
    _raise_if_broken(finished, "script", timeout)
    threshold = _threshold(spec, SCRIPT_THRESHOLD)
    parsed = json_object(finished.stdout.strip())
    if parsed is None:
        return _plain_text_pass(finished.stdout)
    if is_v4_code_grader(spec.authored_type):
        return v4_verdict(parsed, threshold)
    return protocol_verdict(parsed, threshold, "script")


def python(spec: AssertionSpec, run: RunData) -> Verdict:
    """Inline Python: `value` is the body of `main(output, context)`, run in a subprocess.

    One line is the return expression. AgentV's pass rule: true, or a score > 0 unless
    `threshold` says otherwise.
    """
    code = _inline_code(spec, "python")
    body = (
        "\n".join(f"    {line}" for line in code.split("\n"))
        if "\n" in code
        else f"    return {code}"
    )
    payload = {"output": run.response, "context": _context.inline_context(spec, run, camel=False)}
    program = _PYTHON_PROGRAM.format(body=body)
    timeout = timeout_ms(spec)
    argv = [sys.executable, "-c", program]
    finished = run_program(argv, json_bytes(payload), run.eval_dir, timeout, "python assertion")
    problem = failure(finished, "python assertion", timeout)
    if problem is not None:
        raise SpecError(f"Python assertion failed: {problem}")
    value = _last_json(finished.stdout, "python assertion")
    return inline_verdict(value, "Python", _threshold(spec, INLINE_THRESHOLD))


def javascript(spec: AssertionSpec, run: RunData) -> Verdict:
    """Inline JavaScript: `value` is a function body `(output, context)`, run by node.

    One line is the return expression. AgentV's pass rule: true, or a score > 0 unless
    `threshold` says otherwise. Skipped when node is not on PATH.
    """
    code = _inline_code(spec, "javascript")
    import shutil

    node = shutil.which("node")
    if node is None:
        return Verdict.skipped("javascript assertions need node on PATH, which was not found")
    payload = {
        "body": function_body(code),
        "output": run.response,
        "context": _context.inline_context(spec, run, camel=True),
    }
    timeout = timeout_ms(spec)
    argv = [node, "-e", _NODE_HARNESS]
    finished = run_program(argv, json_bytes(payload), run.eval_dir, timeout, "javascript")
    problem = failure(finished, "javascript assertion", timeout)
    if problem is not None:
        raise SpecError(f"Javascript assertion failed: {problem}")
    reply = _last_json(finished.stdout, "javascript assertion")
    if not isinstance(reply, Mapping) or reply.get("ok") is not True:
        error = reply.get("error") if isinstance(reply, Mapping) else reply
        raise SpecError(f"Javascript assertion failed: {error}")
    if reply.get("kind") == "undefined":
        raise SpecError("Javascript assertion returned undefined: add a return statement")
    return inline_verdict(reply.get("value"), "Javascript", _threshold(spec, INLINE_THRESHOLD))


# ------------------------------------------------------------------ reading the answer


def protocol_verdict(parsed: Mapping[str, Any], threshold: float, label: str) -> Verdict:
    """AgentV's script protocol: score from `score`, else the mean of `checks`, else
    `pass`; pass from `pass`, else score ≥ threshold."""
    checks, check_scores = _protocol_checks(parsed.get("checks"), label)
    raw_score, raw_pass = parsed.get("score"), parsed.get("pass")
    if not isinstance(raw_pass, bool) and not _is_js_number(raw_score) and not checks:
        keys = ", ".join(sorted(str(k) for k in parsed)) or "none"
        raise SpecError(f"{label} JSON must include pass, score or checks[] (keys: {keys})")
    if _is_js_number(raw_score):
        score = clamp(raw_score)
    elif checks:
        score = sum(check_scores) / len(check_scores)
    else:
        score = 1.0 if raw_pass is True else 0.0
    ok = raw_pass if isinstance(raw_pass, bool) else score >= threshold
    reason = parsed.get("reason") if isinstance(parsed.get("reason"), str) else None
    failed = [c for c in checks if not c.passed]
    first = failed[0] if failed else (checks[0] if checks else None)
    text = reason or (first.text if first else f"{label} returned score {score:g}")
    evidence = f"score {score:g}" + (
        "" if isinstance(raw_pass, bool) else f", threshold {threshold:g}"
    )
    details = (
        {"script_details": parsed["details"]} if isinstance(parsed.get("details"), Mapping) else {}
    )
    return Verdict(
        status=Status.PASSED if ok else Status.FAILED,
        score=score,
        text=text,
        evidence=evidence
        + (f"; {first.text}: {first.evidence}" if first and first.evidence else ""),
        checks=checks,
        details=details,
    )


def v4_verdict(parsed: Mapping[str, Any], threshold: float) -> Verdict:
    """AgentV 4.x's `code-grader` protocol (`code-grader.ts` at v4.42.4): `{score?,
    assertions?: [{text, passed, evidence?}], details?}`. The score is `score` (clamped),
    else the share of `assertions` passed, else 0; it passes at ≥ threshold. Its checks
    are the script's own `assertions`, the texts AgentV reports. `pass`, `checks` and
    `reason` are AgentV main's `script` protocol, which 4.x does not read."""
    checks = entries(parsed.get("assertions"), "code-grader")
    raw_score = parsed.get("score")
    if _is_js_number(raw_score):
        score = clamp(raw_score)
    elif checks:
        score = sum(1 for c in checks if c.passed) / len(checks)
    else:
        score = 0.0
    ok = score >= threshold
    first = next((c for c in checks if not c.passed), checks[0]) if checks else None
    evidence = f"score {score:g}, threshold {threshold:g}"
    if first is not None and first.evidence:
        evidence += f"; {first.text}: {first.evidence}"
    if not _is_js_number(raw_score) and not checks:
        evidence += "; the JSON has no score and no assertions, so AgentV 4.x scores it 0"
    ignored = sorted(k for k in ("pass", "checks", "reason") if k in parsed)
    if ignored:
        evidence += (
            f"; {', '.join(ignored)} ignored: AgentV 4.x's code-grader reads score and "
            "assertions (they are AgentV main's script protocol)"
        )
    details = (
        {"script_details": parsed["details"]} if isinstance(parsed.get("details"), Mapping) else {}
    )
    return Verdict(
        status=Status.PASSED if ok else Status.FAILED,
        score=score,
        text=first.text if first else f"code-grader returned score {score:g}",
        evidence=evidence,
        checks=checks,
        details=details,
    )


def _is_js_number(value: Any) -> TypeGuard[float]:
    """`typeof value === 'number'`: any JSON number, a non-finite one included (which
    AgentV's `clampScore` makes 0)."""
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def inline_verdict(value: Any, language: str, threshold: float) -> Verdict:
    """AgentV's `normalizeScriptResult` for a boolean, a number or `{pass?, score?, reason?,
    assertions?}`."""
    failing = f"{language} assertion returned a failing result"
    shown = _compact(value)
    if isinstance(value, bool):
        return Verdict.binary(value, _PASSED, failing, f"returned {shown}")
    if is_number(value):
        score = clamp(value)
        ok = score >= threshold
        evidence = (
            f"returned {shown}; passes at ≥ {threshold:g}"
            if threshold > INLINE_THRESHOLD
            else f"returned {shown}; passes above 0"
        )
        return _scored(ok, score, _PASSED if ok else failing, evidence)
    if not isinstance(value, Mapping):
        raise SpecError(
            f"{language} assertion returned {shown}; expected a boolean, a number in 0..1 or "
            "{pass?, score?, reason?}"
        )
    raw_score, raw_pass = value.get("score"), value.get("pass")
    score = clamp(raw_score) if is_number(raw_score) else (1.0 if raw_pass is True else 0.0)
    ok = raw_pass if isinstance(raw_pass, bool) else score >= threshold
    checks = entries(value.get("assertions"), language)
    reason = value.get("reason")
    text = reason if isinstance(reason, str) else (_PASSED if ok else failing)
    first = next((c for c in checks if not c.passed), checks[0]) if checks else None
    return _scored(ok, score, first.text if first else text, f"returned {shown}", checks)


def _scored(
    ok: bool, score: float, text: str, evidence: str, checks: tuple[CheckItem, ...] = ()
) -> Verdict:
    status = Status.PASSED if ok else Status.FAILED
    return Verdict(status=status, score=score, text=text, evidence=evidence, checks=checks)


def _plain_text_pass(stdout: str) -> Verdict:
    """Plain-text output with exit 0: a pass, stdout is the statement (AgentV's rule): its
    one check is the whole trimmed stdout (else `exit 0`), the text AgentV reports."""
    text = js_trim(stdout)
    first = text.splitlines()[0] if text else "exit 0"
    evidence = f"exit 0; stdout: {tail_of(text)}" if text else "exit 0 with no output"
    check = CheckItem(text or "exit 0", True, "")
    return Verdict(
        status=Status.PASSED, score=1.0, text=first[:200], evidence=evidence, checks=(check,)
    )


def _protocol_checks(raw: Any, label: str) -> tuple[tuple[CheckItem, ...], list[float]]:
    if raw is None:
        return (), []
    if not isinstance(raw, list):
        raise SpecError(f"{label} JSON: checks must be a list, got {_compact(raw)}")
    items: list[CheckItem] = []
    scores: list[float] = []
    for position, check in enumerate(raw):
        passed = check.get("pass", check.get("passed")) if isinstance(check, Mapping) else None
        if (
            not isinstance(check, Mapping)
            or not isinstance(check.get("text"), str)
            or not isinstance(passed, bool)
        ):
            raise SpecError(
                f"{label} JSON: checks[{position}] must be {{text, pass, reason?}}, "
                f"got {_compact(check)}"
            )
        evidence = check.get("evidence", check.get("reason", ""))
        items.append(
            CheckItem(check["text"], passed, evidence if isinstance(evidence, str) else "")
        )
        own = check.get("score")
        scores.append(clamp(own) if _is_js_number(own) else (1.0 if passed else 0.0))
    return tuple(items), scores


def entries(raw: Any, language: str) -> tuple[CheckItem, ...]:
    if raw is None or raw == []:
        return ()
    if not isinstance(raw, list):
        raise SpecError(f"{language} assertion: assertions must be a list, got {_compact(raw)}")
    out = []
    for position, entry in enumerate(raw):
        if (
            not isinstance(entry, Mapping)
            or not isinstance(entry.get("text"), str)
            or not isinstance(entry.get("passed"), bool)
        ):
            raise SpecError(
                f"{language} assertion: assertions[{position}] must be {{text, passed, evidence?}}"
            )
        evidence = entry.get("evidence")
        out.append(
            CheckItem(entry["text"], entry["passed"], evidence if isinstance(evidence, str) else "")
        )
    return tuple(out)


# ------------------------------------------------------------------ options


def command_of(spec: AssertionSpec) -> list[str]:
    """The program to run, as AgentV's loader makes it (`agentv_command`): a list as
    written; a string, `command` or v4's `script` alike, trimmed and run by the shell
    (`sh -lc`), so pipes and `$VARS` work."""
    from ..merge import agentv_command

    raw = spec.options.get("command")
    if raw is None:
        raw = spec.options.get("script")
    if isinstance(raw, str):
        argv = list(agentv_command(spec.options)) if raw.strip() else []
    elif isinstance(raw, list) and all(
        isinstance(a, (str, int, float)) and not isinstance(a, bool) for a in raw
    ):
        argv = [str(a) for a in raw]
    else:
        argv = []
    if not argv:
        raise SpecError(
            f"{spec.type} needs 'command': a list such as [python3, grade.py] or a string, "
            f"got {raw!r}"
        )
    return argv


def cwd_of(spec: AssertionSpec, run: RunData) -> str:
    """`cwd` relative to the eval file's folder (the default)."""
    raw = spec.options.get("cwd")
    if raw is None:
        return run.eval_dir
    if not isinstance(raw, str) or not raw:
        raise SpecError(f"cwd must be a folder path, got {raw!r}")
    return os.path.normpath(os.path.join(run.eval_dir, raw))


def timeout_ms(spec: AssertionSpec) -> float:
    raw = spec.options.get("timeout_ms", DEFAULT_TIMEOUT_MS)
    if not is_number(raw) or raw <= 0:
        raise SpecError(f"timeout_ms must be a number of milliseconds > 0, got {raw!r}")
    return float(raw)


def _threshold(spec: AssertionSpec, default: float) -> float:
    raw = spec.options.get("threshold")
    if raw is None:
        return default
    if not is_number(raw) or not 0 <= raw <= 1:
        raise SpecError(f"threshold must be a number in 0..1, got {raw!r}")
    return float(raw)


def _inline_code(spec: AssertionSpec, language: str) -> str:
    code = spec.options.get("value")
    if not isinstance(code, str) or not code.strip():
        raise SpecError(f"{language} needs 'value': the code to run, as a non-empty string")
    return code


def function_body(code: str) -> str:
    """AgentV's `buildFunctionBody`: a one-line expression gets `return` in front (after
    the last `;` of a one-line `const`/`let`/`var` statement)."""
    trimmed = re.sub(r";+\s*$", "", js_trim(code))
    if "\n" in trimmed or re.search(r"\breturn\b", trimmed):
        return trimmed
    last = trimmed.rfind(";")
    if re.match(r"(?:const|let|var)\s", trimmed) and last >= 0:
        return f"{trimmed[: last + 1]} return {trimmed[last + 1 :].strip()}"
    return f"return {trimmed}"


# ------------------------------------------------------------------ helpers


def _raise_if_broken(finished: Finished, label: str, timeout: float) -> None:
    problem = failure(finished, label, timeout)
    if problem is not None:
        raise SpecError(problem)


def json_object(text: str) -> Mapping[str, Any] | None:
    """The stdout as a JSON object, or None (AgentV: anything else is plain text)."""
    if not text.startswith("{"):
        return None
    try:
        parsed = js_json_parse(text)
    except JsonParseError:
        return None
    return parsed if isinstance(parsed, dict) else None


def _last_json(stdout: str, label: str) -> Any:
    """The program's JSON answer: all of stdout, else its last line (stray prints above)."""
    text = stdout.strip()
    for candidate in (text, text.splitlines()[-1] if text else ""):
        try:
            return js_json_parse(candidate)
        except JsonParseError:
            continue
    raise SpecError(f"{label} printed no JSON result; stdout: {tail_of(text) or '(empty)'}")


def json_bytes(payload: Any) -> bytes:
    return json.dumps(payload, ensure_ascii=False, default=str).encode("utf-8")


def is_number(value: Any) -> TypeGuard[float]:
    return is_finite_number(value)


def clamp(value: float) -> float:
    """AgentV's `clampScore`: into 0..1, and 0 for a number that is not finite."""
    number = as_double(value)
    return min(1.0, max(0.0, number)) if math.isfinite(number) else 0.0


def _compact(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False, default=str)
    return text if len(text) <= 200 else text[:200] + "…"
