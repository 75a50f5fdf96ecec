"""`options.transform`: AgentV main rewrites a test's output before its assertions see it.

A test's `options.transform` (else `default_test.options.transform`) is JavaScript: an
inline expression of `output` and `context` (`output.toUpperCase()`; a body with several
lines must `return`), or `file://x.js[:function]` (also `.mjs`, `.cjs`) exporting the
function (AgentV's output-transform.ts). It runs under `node` (a `.ts`/`.mts`/`.cts` file
under `bun`, which runs TypeScript as AgentV does) with a deadline; a result that is not
text is JSON with two-space indents. When it cannot run (no runtime, an exception, no
value, too slow) every assertion of the test is `error` with the reason:
grading the untransformed output would be grading something else.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..record import Record

TRANSFORM_TIMEOUT_S = 30.0

_HARNESS = r"""
const url = require('node:url');
const path = require('node:path');
const chunks = [];
process.stdin.on('data', (c) => chunks.push(c));
process.stdin.on('end', async () => {
  const { spec, output, context, base } = JSON.parse(Buffer.concat(chunks).toString('utf8'));
  let fn;
  if (spec.startsWith('file://')) {
    let ref = spec.slice(7), name;
    const colon = ref.lastIndexOf(':');
    if (colon > 1) { name = ref.slice(colon + 1); ref = ref.slice(0, colon); }
    const file = path.isAbsolute(ref) ? ref : path.resolve(base, ref);
    const mod = await import(url.pathToFileURL(file).href);
    fn = name ? mod[name] : (mod.default ?? mod);
    if (typeof fn !== 'function') throw new Error(name
      ? `transform must export function "${name}"` : 'transform must export a function');
  } else {
    fn = new Function('output', 'context', spec.includes('\n') ? spec : `return ${spec}`);
  }
  const value = await fn(output, context);
  if (value === undefined || value === null) throw new Error('the transform returned no value');
  process.stdout.write(JSON.stringify({ text: typeof value === 'string'
    ? value : JSON.stringify(value, null, 2) }));
});
process.on('unhandledRejection', (e) => {
  console.error(String(e && e.message || e));
  process.exit(1);
});
"""


class Transformed(Record):
    """The output the assertions see, or why there is none."""

    text: str | None
    problem: str | None = None


def transform_spec(entry: Mapping[str, Any], default_test: Mapping[str, Any]) -> str | None:
    """`options.transform` of the test, else of `default_test` (AgentV main's inheritance)."""
    for source in (entry, default_test):
        options = source.get("options")
        if options is None:  # the usual case, without an ABC's `Mapping` check
            continue
        given = options.get("transform") if isinstance(options, Mapping) else None
        if isinstance(given, str) and given.strip():
            return given.strip()
    return None


def _label(spec: str) -> str:
    if spec.startswith("file://"):
        return "[file transform]"
    one_line = " ".join(spec.split())
    return "[inline transform]: " + (one_line if len(one_line) <= 80 else one_line[:79] + "...")


def apply_transform(
    spec: str, output: str, variables: Mapping[str, Any], eval_dir: str
) -> Transformed:
    """Run the transform on `output` under node, with a deadline."""
    import json
    import os
    import shutil
    import subprocess

    failed = f"Transform failed ({_label(spec)}): "
    typescript = spec.startswith("file://") and spec.split(":")[1].endswith((".ts", ".mts", ".cts"))
    runtime = "bun" if typescript else "node"  # AgentV runs TypeScript natively under bun
    if shutil.which(runtime) is None:
        return Transformed(None, failed + f"command not found: '{runtime}' (needed to run it)")
    payload = json.dumps(
        {"spec": spec, "output": output, "context": {"vars": dict(variables)}, "base": eval_dir}
    )
    try:
        done = subprocess.run(
            [runtime, "--no-install", "-e", _HARNESS] if typescript else [runtime, "-e", _HARNESS],
            input=payload,
            capture_output=True,
            text=True,
            timeout=TRANSFORM_TIMEOUT_S,
            cwd=eval_dir if os.path.isdir(eval_dir) else None,
            check=False,
        )
    except subprocess.TimeoutExpired:
        return Transformed(None, failed + f"ran longer than {TRANSFORM_TIMEOUT_S:.0f} s")
    if done.returncode != 0:
        lines = [line for line in done.stderr.strip().splitlines() if line.strip()]
        reason = next((line for line in lines if "Error" in line), lines[-1] if lines else "")
        return Transformed(None, failed + reason.strip()[:500])
    try:
        return Transformed(str(json.loads(done.stdout)["text"]))
    except (json.JSONDecodeError, KeyError, TypeError):
        return Transformed(None, failed + "no result")
