"""`.eval.ts` / `.eval.mts` eval files, read as AgentV main reads them (ts-eval-loader.ts).

AgentV imports the file in its own process and takes its default export: the object its
SDK's `defineEval()` brands (the eval object is what the brand's function returns), or a
plain object, whose known camelCase keys are lowered to AgentV's snake_case ones. That
object is then loaded like a YAML suite. agentv-grade imports the file under `bun` (which
runs TypeScript natively) with the test generators' deadline and error boundary and reads
the object back as JSON. A programmatic config (a `task` function, a `specFile`, a target
object) is not a suite of tests and is refused, as is anything that cannot run.
"""

from __future__ import annotations

import json
import os
import shutil
from typing import Any

from ..errors import GradeInputError
from . import casefiles

# The line that carries the eval object on stdout: the file itself may print too.
_MARKER = "\x00agentv-grade eval object\x00"
_HARNESS = r"""
const url = require('node:url');
const file = process.argv[process.argv.length - 1];
const fail = (message) => { console.error(message); process.exit(3); };
const config = (await import(url.pathToFileURL(file).href)).default;
if (!config) fail('no supported eval export found. Export an EvalConfig as the default export.');
if (typeof config !== 'object' || Array.isArray(config)) {
  fail('default export must be an EvalConfig object (a plain object or defineEval(config))');
}
const toYaml = config[Symbol.for('agentv/to-eval-yaml-object')];
let value;
if (config[Symbol.for('agentv/eval-suite')] === true && typeof toYaml === 'function') {
  value = toYaml();
} else {
  const target = config.target;
  if (typeof config.task === 'function' || typeof config.specFile === 'string' ||
      (target && typeof target === 'object' && !Array.isArray(target) &&
       typeof target.name === 'string')) {
    fail('a programmatic EvalConfig (a task function, specFile or target object) is run ' +
      'by AgentV, not graded here: export the tests as a plain eval object');
  }
  value = config;
}
process.stdout.write('\n' + MARKER + JSON.stringify(value) + '\n');
""".replace("MARKER", json.dumps(_MARKER))

# AgentV main's KNOWN_SNAKE_CASE_KEYS: only these keys are lowered, anywhere in the object.
_SNAKE_CASE = {
    "afterAll": "after_all",
    "afterEach": "after_each",
    "argsMatch": "args_match",
    "beforeAll": "before_all",
    "beforeEach": "before_each",
    "cachePath": "cache_path",
    "budgetUsd": "budget_usd",
    "conversationId": "conversation_id",
    "defaultTest": "default_test",
    "dependsOn": "depends_on",
    "expectedOutput": "expected_output",
    "failOnError": "fail_on_error",
    "inputFiles": "input_files",
    "keepWorkspaces": "keep_workspaces",
    "maxConcurrency": "max_concurrency",
    "maxCostUsd": "max_cost_usd",
    "maxDurationMs": "max_duration_ms",
    "maxToolCalls": "max_tool_calls",
    "onDependencyFailure": "on_dependency_failure",
    "onTurnFailure": "on_turn_failure",
    "outputPath": "output_path",
    "readOnly": "read_only",
    "reasoningEffort": "reasoning_effort",
    "rubricPrompt": "rubric_prompt",
    "skipDefaults": "skip_defaults",
    "timeoutMs": "timeout_ms",
    "timeoutSeconds": "timeout_seconds",
    "useTarget": "use_target",
    "windowSize": "window_size",
}


def _lowered(value: Any) -> Any:
    if isinstance(value, list):
        return [_lowered(item) for item in value]
    if isinstance(value, dict):
        return {_SNAKE_CASE.get(key, key): _lowered(item) for key, item in value.items()}
    return value


def typescript_eval_document(path: str) -> dict[str, Any]:
    """The eval object of a `.eval.ts` file, lowered as AgentV lowers it; exit 2 (naming the
    file and what happened) when bun is missing or the file fails, hangs or exports no
    eval object."""
    if shutil.which("bun") is None:
        raise GradeInputError(
            "AgentV runs .eval.ts files with bun, which is not installed here",
            file=path,
            hint="install bun, or write the suite as an .eval.yaml file",
        )
    # --no-install: an import that node_modules cannot resolve fails, as under AgentV, and
    # is never fetched from npm into bun's global cache (network, a shared folder).
    argv = ["bun", "--no-install", "-e", _HARNESS, os.path.abspath(path)]
    stdout = casefiles.run_program(argv, path, "the .eval.ts file", casefiles.GENERATOR_TIMEOUT_S)
    line = next((ln for ln in reversed(stdout.splitlines()) if ln.startswith(_MARKER)), None)
    if line is None:
        raise GradeInputError("the .eval.ts file gave no eval object", file=path)
    doc = _lowered(json.loads(line[len(_MARKER) :]))
    if not isinstance(doc, dict):
        raise GradeInputError("the .eval.ts default export is not an eval object", file=path)
    repeat = doc.pop("repeat", None)
    budget = doc.pop("budget_usd", None)
    if repeat is not None and (
        not isinstance(repeat, int) or isinstance(repeat, bool) or repeat < 1
    ):
        raise GradeInputError(
            f"TypeScript eval repeat must be a positive integer, got {json.dumps(repeat)}",
            file=path,
        )
    if repeat is not None or budget is not None:
        # AgentV moves these two runtime aliases under `evaluate_options`.
        options = doc.get("evaluate_options")
        options = dict(options) if isinstance(options, dict) else {}
        for key, given in (("budget_usd", budget), ("repeat", repeat)):
            if given is not None:
                options.setdefault(key, given)
        doc["evaluate_options"] = options
    return doc
