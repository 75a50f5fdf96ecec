"""Inputs for the fuzz target (scripts/fuzz.py): one input's bytes → a small bench dir.

The bytes are read as a stream of choices (`Source`), so the fuzzer's mutations move
between eval files built from every assertion type with type-specific options, raw eval
bytes, and broken or odd side files (timing, metrics, transcript, LLM results, notes).
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from pathlib import Path
from typing import Any

# --- a byte source that never runs dry (zeros once the input is used up) --------------------


class Source:
    """Deterministic choices read from the input bytes."""

    def __init__(self, data: bytes) -> None:
        self.data = data
        self.pos = 0

    def byte(self) -> int:
        if self.pos >= len(self.data):
            return 0
        value = self.data[self.pos]
        self.pos += 1
        return value

    def below(self, n: int) -> int:
        """An int in [0, n)."""
        if n <= 1:
            return 0
        if n <= 256:
            return self.byte() % n
        return (self.byte() << 8 | self.byte()) % n

    def chance(self, in_n: int) -> bool:
        return self.below(in_n) == 0

    def pick(self, items: list[Any] | tuple[Any, ...]) -> Any:
        return items[self.below(len(items))]

    def blob(self, max_len: int) -> bytes:
        size = min(self.below(max_len + 1), len(self.data) - self.pos)
        chunk = self.data[self.pos : self.pos + max(size, 0)]
        self.pos += len(chunk)
        return chunk

    def text(self, max_len: int) -> str:
        return self.blob(max_len).decode("utf-8", errors="replace")


# --- vocabularies ---------------------------------------------------------------------------

WORDS = [
    "Paris", "paris", "PARIS", "", " ", "a", "42", "0", "-1", "1.5", "true", "null", "yes",
    "{{ x }}", "{{ vars.x }}", "{{ x | upper }}", "{{ missing }}", "{{ x | load }}", "{{ 1/0 }}",
    "{% if x %}y{% endif %}", "{{", "}}", "{{ env.HOME }}", "{{ items }}", "{{ n }}",
    "(a|aa)+$", "^$", "[", "\\", "(?i)paris", "(?ims)^p", "\\d+", "\\p{L}", "[^]", "a{2,1}",
    "(?<n>a)\\k<n>", "\\u{1F600}", "\\cJ", "$.a[*]", "$..b", "a.b[0]", "a[1]", "*", "$",
    "Read", "Bash", "read_file", "Edit", "Write", "Task", "WebFetch", "file_read", "shell",
    "exact", "numeric_tolerance", "date", "weighted_average", "all_or_nothing", "threshold",
    "min", "max", "all_pass", "code-grader", "llm-grader", "in_order", "any_order", "exact",
    "subset", "superset", "partial", "ignore", "2025-01-15", "1/2/2025", "15 Jan 2025",
    "2025-02-30", "\r\n", "\u0130", "ß", "😀", "\ufeff", "\x00", "../x", "i", "gimsuy", "v",
    "dy", "..", "/", "CON", "file://cases.yaml", "file://missing.yaml", "llm_grader_results",
    "polite", "t", "t2", "source", "unavailable", "value", "\u2028", "é", "e\u0301",
]  # fmt: skip
NUMBERS: list[Any] = [
    -1, 0, 1, 2, 3, 10, 100, 1000, 2**31, 2**63, -(2**63), 0.5, 0.8, 1.5, -0.0, 1e308, 1e-308,
    math.inf, -math.inf, math.nan,
]  # fmt: skip
TYPES = [
    "contains", "contains-any", "contains-all", "icontains", "icontains-any", "icontains-all",
    "equals", "starts-with", "ends-with", "regex", "is-json", "transcript-contains",
    "transcript-matches", "output-contains", "output-matches", "field-accuracy", "latency",
    "cost", "token-usage", "execution-metrics", "trajectory:tool-used",
    "trajectory:tool-sequence", "trajectory:tool-args-match", "trajectory:step-count",
    "tool-trajectory", "skill-used", "assert-set", "composite", "script", "python",
    "javascript", "webhook", "similar", "llm-rubric", "agent-rubric", "trajectory:goal-success",
    "not-contains", "not-regex", "not-is-json", "not-equals", "not-skill-used",
    "transcript-not-contains", "transcript-not-matches", "output-not-contains",
    "output-not-matches", "not-trajectory:tool-used", "icontains_any", "is_json", "code-grader",
    "code_judge", "llm_judge", "rubric", "rubrics", "skill-trigger", "contains-json", "g-eval",
    "frobnicate", "not-", "not-not-contains", "Contains", " contains ",
]  # fmt: skip
COMMON_KEYS = ["name", "metric", "weight", "negate", "negated", "required", "min_score"]
TEXT_KEYS = ["value", "search_text", "case_sensitive", "target_output_key", "transform"]
REGEX_KEYS = ["value", "flags", "timeout_ms", "case_sensitive", "target_output_key"]
TYPE_KEYS: dict[str, list[str]] = {
    "text": TEXT_KEYS,
    "regex": REGEX_KEYS,
    "is-json": ["value", "schema", "target_output_key"],
    "transcript": ["value", "substring", "pattern", "flags", "case_sensitive", "config",
                   "timeout_ms"],
    "field-accuracy": ["fields", "aggregation", "expected", "threshold"],
    "metric": ["threshold", "budget", "max_total", "max_input", "max_output", "max_tool_calls",
               "max_llm_calls", "max_tokens", "max_cost_usd", "max_duration_ms",
               "target_exploration_ratio", "exploration_tolerance", "maxTotal"],
    "trajectory": ["value", "mode", "expected", "minimums", "args_match"],
    "skill": ["value", "skill", "should_trigger"],
    "group": ["assert", "assertions", "aggregator", "aggregation", "threshold", "config"],
    "script": ["command", "script", "value", "cwd", "timeout_ms", "threshold", "config"],
    "llm": ["value", "prompt", "threshold", "rubrics", "criteria", "aggregation"],
}  # fmt: skip


def _family(kind: str) -> str:
    base = kind.strip().replace("_", "-").removeprefix("not-")
    if base in ("regex",):
        return "regex"
    if base == "is-json":
        return base
    if base.startswith(("transcript-", "output-")):
        return "transcript"
    if base == "field-accuracy":
        return base
    if base in ("latency", "cost", "token-usage", "execution-metrics"):
        return "metric"
    if base.startswith("trajectory:") or base == "tool-trajectory":
        return "llm" if base == "trajectory:goal-success" else "trajectory"
    if base in ("skill-used", "skill-trigger"):
        return "skill"
    if base in ("assert-set", "composite"):
        return "group"
    if base in ("script", "python", "javascript", "code-grader", "code-judge"):
        return "script"
    if base in ("llm-rubric", "agent-rubric", "rubric", "rubrics", "llm-judge"):
        return "llm"
    return "text"


# --- values ---------------------------------------------------------------------------------


def value(src: Source, depth: int = 0) -> Any:
    """Any YAML/JSON value, biased towards the vocabulary."""
    kind = src.below(11)
    if kind == 0:
        return None
    if kind == 1:
        return src.chance(2)
    if kind in (2, 3):
        return src.pick(NUMBERS)
    if kind in (4, 5):
        return src.pick(WORDS)
    if kind == 6:
        return src.text(24)
    if kind in (7, 8) and depth < 3:
        return [value(src, depth + 1) for _ in range(src.below(4))]
    if kind in (9, 10) and depth < 3:
        keys = WORDS + COMMON_KEYS + TEXT_KEYS + ["type", "path", "tool", "args", "min", "max"]
        return {str(src.pick(keys)): value(src, depth + 1) for _ in range(src.below(4))}
    return src.pick(WORDS)


def _words(src: Source) -> list[Any]:
    return [src.pick(WORDS) if not src.chance(6) else value(src, 2) for _ in range(src.below(4))]


def _field(src: Source) -> dict[str, Any]:
    out: dict[str, Any] = {"path": src.pick(["a", "b.c", "items[0]", "x", "", "a.b[1].c"])}
    for key, options in (
        ("match", ["exact", "numeric_tolerance", "date", "fuzzy"]),
        ("tolerance", [0, 0.1, 1, -1, "x"]),
        ("relative", [True, False, "yes"]),
        ("formats", [["US"], ["EU"], "EU", [], ["DD/MM/YYYY"]]),
        ("required", [True, False, 1]),
        ("weight", [0, 1, 2, -1, "heavy"]),
    ):
        if src.chance(2):
            out[key] = src.pick(options) if not src.chance(8) else value(src, 2)
    return out


def _tool_item(src: Source) -> Any:
    shape = src.below(4)
    if shape == 0:
        return src.pick(WORDS)
    item: dict[str, Any] = {src.pick(["tool", "name"]): src.pick(["Read", "Bash", "Edit", "x"])}
    if shape >= 2:
        item["args"] = src.pick([{}, {"path": "a"}, {"command": "ls"}, "any", value(src, 2)])
    if shape == 3:
        item[src.pick(["min", "max", "max_duration_ms"])] = src.pick(NUMBERS)
    return item


def _trajectory_value(src: Source) -> Any:
    shape = src.below(6)
    if shape == 0:
        return src.pick(["Read", "Bash", "file_read", "Re*", "x"])
    if shape == 1:
        return [_tool_item(src) for _ in range(src.below(4))]
    if shape == 2:
        return {"name": src.pick(["Read", "Bash"]), "min": src.pick(NUMBERS),
                "max": src.pick(NUMBERS)}  # fmt: skip
    if shape == 3:
        return {"steps": [_tool_item(src) for _ in range(src.below(4))],
                "mode": src.pick(["in_order", "exact", "any_order", "prefix", 5])}  # fmt: skip
    if shape == 4:
        return {"name": "Read", "args": {"path": src.pick(WORDS)},
                "mode": src.pick(["partial", "exact", "defaults", "ignore"])}  # fmt: skip
    return {"min": src.pick(NUMBERS), "max": src.pick(NUMBERS)}


# Plausible values per option key (a list to pick from, or a function of the source).
_PLAIN: dict[str, list[Any]] = {
    "timeout_ms": [1, 10, 50, 0, -5, 0.5, "x", math.inf, True, 1e300],
    "flags": ["", "i", "m", "s", "u", "g", "y", "d", "v", "gimsuy", "ii", "q", ["i"]],
    "command": [["grade"], "grade --x", [], [5], "", ["a", None]],
    "script": [["grade"], "grade --x", [], [5], "", ["a", None]],
    "schema": [{"type": "object"}, {"type": "string"}, '{"type": "number"}', "{",
               {"$ref": "http://x"}, {"$schema": "x"}],
    "mode": ["any_order", "in_order", "exact", "subset", "superset", "sideways"],
    "target_output_key": ["a", "a.b", "$.a[*]", "$..x", "*", "items[0]", "", "$[", 5],
}  # fmt: skip
_AGGREGATORS = ["weighted_average", "threshold", "min", "max", "all_pass", "code-grader",
                "llm-grader", "median", "all_or_nothing"]  # fmt: skip
_BOOLEAN_KEYS = ("negate", "negated", "required", "case_sensitive", "should_trigger", "relative")
_NUMBER_KEYS = ("weight", "min_score", "threshold", "budget", "tolerance")


def _aggregator(src: Source) -> Any:
    if src.chance(2):
        return src.pick(_AGGREGATORS)
    return {"type": src.pick(_AGGREGATORS), "threshold": src.pick(NUMBERS),
            "weights": {"m": src.pick(NUMBERS)}, "command": ["x"]}  # fmt: skip


_MADE: dict[str, Callable[[Source, int], Any]] = {
    "fields": lambda src, depth: [_field(src) for _ in range(src.below(4))],
    "assert": lambda src, depth: [assertion(src, depth + 1) for _ in range(src.below(4))],
    "assertions": lambda src, depth: [assertion(src, depth + 1) for _ in range(src.below(4))],
    "aggregator": lambda src, depth: _aggregator(src),
    "aggregation": lambda src, depth: _aggregator(src),
    "expected": lambda src, depth: src.pick([{"a": 1}, {"b.c": "x"}, [_tool_item(src)], [], "x"]),
    "config": lambda src, depth: {
        str(src.pick(REGEX_KEYS + TEXT_KEYS)): value(src, 2) for _ in range(2)
    },
    "value": lambda src, depth: src.pick(WORDS) if src.chance(2) else _words(src),
}


def option_value(src: Source, key: str, depth: int) -> Any:
    """A value for `key`, usually of a plausible shape, sometimes anything at all (never a
    long deadline: a catastrophic regex must stay quick)."""
    if key != "timeout_ms" and src.chance(5):
        return value(src, 1)
    if key in _PLAIN:
        return src.pick(_PLAIN[key])
    if key in _NUMBER_KEYS or key.startswith(("max", "target_", "exploration")):
        return src.pick(NUMBERS + ["0.5", True, None])
    if key in _BOOLEAN_KEYS:
        return src.pick([True, False, "yes", 1, None])
    if key in _MADE and (depth < 2 or key not in ("assert", "assertions")):
        return _MADE[key](src, depth)
    return src.pick(WORDS)


def assertion(src: Source, depth: int = 0) -> Any:
    """One assertion entry: a mapping with a type and options, or something else."""
    shape = src.below(16)
    if shape == 0:
        return src.pick(WORDS)  # a plain string is an LLM rubric item
    if shape == 1:
        return value(src, 2)
    if shape == 2:
        return {"include": src.pick(["tpl", "missing", "../x", "", 5])}
    kind = src.pick(TYPES) if not src.chance(16) else src.text(12)
    out: dict[str, Any] = {"type": kind}
    family = _family(kind) if isinstance(kind, str) else "text"
    keys = TYPE_KEYS.get(family, TEXT_KEYS) + COMMON_KEYS
    if family == "trajectory" or family == "skill":
        out["value"] = _trajectory_value(src)
    for _ in range(src.below(5)):
        key = src.pick(keys)
        out[key] = option_value(src, key, depth)
    if kind == "composite" and depth < 2 and src.chance(2):
        members = [assertion(src, depth + 1) for _ in range(src.below(3) + 1)]
        out["assertions"] = [
            dict(m, name=f"m{i}") if isinstance(m, dict) and i % 2 == 0 else m
            for i, m in enumerate(members)
        ]
    return out


def _test(src: Source, test_id: Any) -> dict[str, Any]:
    test: dict[str, Any] = {"id": test_id}
    key = src.pick(["assertions", "assertions", "assert", "evaluators", "execution"])
    items = [assertion(src) for _ in range(src.below(5))]
    if key == "execution":
        test["execution"] = {"assert": items, "skip_defaults": src.chance(2)}
    else:
        test[key] = items if not src.chance(16) else value(src, 1)
    extras: dict[str, Callable[[], Any]] = {
        "expected_output": lambda: src.pick(
            [
                {"a": 1, "b": {"c": "x"}},
                '{"a": 1}',
                "prose",
                [{"role": "assistant", "content": '{"a": 2}'}],
                [],
                value(src, 1),
            ]  # fmt: skip
        ),
        "criteria": lambda: src.pick(["Mentions Paris and 42", "", value(src, 1)]),
        "input": lambda: src.pick(["What is the capital?", [{"role": "user", "content": "hi"}]]),
        "vars": lambda: {
            "x": src.pick(WORDS),
            "n": src.pick(NUMBERS),
            "items": src.pick([["a", "b"], [1, 2]]),
        },  # fmt: skip
        "threshold": lambda: src.pick(NUMBERS),
        "execution": lambda: {"threshold": src.pick(NUMBERS)},
    }
    for name, make in extras.items():
        if src.chance(3) and name not in test:
            test[name] = make()
    return test


def eval_document(src: Source) -> dict[str, Any]:
    tests = [_test(src, "t")]
    for _ in range(src.below(3)):
        tests.append(_test(src, src.pick(["t", "t2", "u", "../x", "", 5, None, "{{ x }}"])))
    if src.chance(8):
        tests.insert(0, src.pick(["file://cases.yaml", "file://missing.yaml", 5, None]))
    doc: dict[str, Any] = {src.pick(["tests", "tests", "evalcases", "eval_cases"]): tests}
    if src.chance(3):
        doc["default_test"] = {"assert": [assertion(src)], "vars": {"x": "Paris"},
                               "threshold": src.pick(NUMBERS)}  # fmt: skip
    if src.chance(4):
        doc["assert"] = [assertion(src)]
    if src.chance(4):
        doc["threshold"] = src.pick(NUMBERS)
    if src.chance(4):
        doc["name"] = src.pick(WORDS)
    return doc


def serialize(src: Source, doc: Any) -> bytes:
    import yaml

    if src.chance(2):
        return json.dumps(doc, allow_nan=True, ensure_ascii=False).encode("utf-8")
    dumper = getattr(yaml, "CSafeDumper", yaml.SafeDumper)
    return yaml.dump(doc, Dumper=dumper, allow_unicode=True, sort_keys=False).encode("utf-8")


# --- side files -----------------------------------------------------------------------------


def _response(src: Source) -> bytes:
    shape = src.below(8)
    if shape == 0:
        return src.blob(200)
    if shape == 1:
        return json.dumps(value(src), allow_nan=True).encode()
    if shape == 2:
        body = json.dumps({"a": src.pick(NUMBERS), "b": {"c": src.pick(WORDS)}}, allow_nan=True)
        return f"Here:\n```json\n{body}\n```\n".encode()
    text = " ".join(str(src.pick(WORDS)) for _ in range(src.below(8)))
    if src.chance(4):
        text = text.replace("\n", "\r\n") + "\r\n"
    data = text.encode("utf-8", errors="surrogatepass")
    if src.chance(8):
        data = b"\xef\xbb\xbf" + data
    if src.chance(8):
        data += src.pick([b"\xff", b"\xc3", b"\x00", b"\xed\xa0\x80"])
    return data


def _timing(src: Source) -> bytes:
    if src.chance(3):
        return src.blob(80)
    doc: dict[str, Any] = {}
    keys = ["duration_ms", "total_duration_seconds", "executor_duration_seconds", "duration",
            "token_usage", "tokens", "total_tokens", "cost_usd", "cost", "tool_calls",
            "total_tool_calls", "llm_calls", "source"]  # fmt: skip
    for _ in range(src.below(6)):
        key = src.pick(keys)
        shape = src.below(5)
        if shape == 0:
            doc[key] = {"value": src.pick(NUMBERS), "source": src.pick(["x", "unavailable"])}
        elif shape == 1:
            doc[key] = {
                src.pick(
                    [
                        "input",
                        "output",
                        "cached",
                        "reasoning",
                        "total",
                        "usd",
                        "total_ms",
                        "total_seconds",
                        "Read",
                    ]
                ): src.pick(NUMBERS)
            }
        elif shape == 2:
            doc[key] = value(src, 2)
        else:
            doc[key] = src.pick(NUMBERS)
    return json.dumps(doc, allow_nan=True).encode()


def _call(src: Source, shape: int) -> dict[str, Any]:
    name = src.pick(["Read", "Bash", "Edit", "Skill", "mcp__x__y", "", 5])
    args = src.pick([{"path": "a"}, {"command": "ls -la"}, {"skill": "pdf"}, "{}", "{bad", None])
    if shape == 0:  # AgentV raw rows
        return {"tool": name, "input": args, "output": src.pick(WORDS),
                "status": src.pick(["success", "error", "x"]),
                "duration_ms": src.pick(NUMBERS)}  # fmt: skip
    if shape == 1:  # OpenAI
        return {"id": src.pick(["c1", "c2"]), "type": "function",
                "function": {"name": name, "arguments": json.dumps(args)}}  # fmt: skip
    return {"type": "tool_use", "id": src.pick(["c1", "c2"]), "name": name, "input": args}


def _transcript(src: Source) -> tuple[str, bytes]:
    filename = src.pick(["transcript.json", "transcript.jsonl", "transcript-raw.jsonl"])
    shape = src.below(6)
    if shape == 5:
        return filename, src.blob(120)
    messages: list[Any] = []
    for _ in range(src.below(5)):
        role = src.pick(["assistant", "user", "tool", "system", "x", 5])
        text = src.pick(WORDS)
        calls = [_call(src, min(shape, 2)) for _ in range(src.below(3))]
        if shape == 0:
            messages.append({"role": role, "content": text, "tool_calls": calls})
        elif shape == 1:
            messages.append({"role": role, "content": text, "tool_calls": calls,
                             "tool_call_id": "c1"})  # fmt: skip
        elif shape == 2:
            blocks = [{"type": "text", "text": text}, *calls]
            messages.append({"role": role, "content": blocks})
        else:
            blocks = [{"type": src.pick(["text", "tool_use", "tool_result", "thinking"]),
                       "text": text, **_call(src, 2)}]  # fmt: skip
            messages.append({"type": src.pick(["assistant", "user", "summary"]),
                             "uuid": src.pick(["u1", "u2"]), "isSidechain": src.chance(4),
                             "message": {"id": src.pick(["m1", "m2"]), "role": role,
                                         "content": blocks}})  # fmt: skip
        if src.chance(8):
            messages[-1] = value(src, 2)
    if shape == 2 and src.chance(2):
        return filename, json.dumps({"turns": messages}).encode()
    if shape == 1 and src.chance(2):
        return filename, json.dumps({"messages": messages}).encode()
    if shape in (0, 3) and src.chance(2):
        lines = [json.dumps(m, allow_nan=True) for m in messages]
        if src.chance(4):
            lines.append("{partial")
        return filename, "\n".join(lines).encode()
    return filename, json.dumps(messages, allow_nan=True).encode()


def _llm_result(src: Source) -> bytes:
    if src.chance(3):
        return src.blob(80)
    doc = {"score": src.pick(NUMBERS + ["0.5", None]),
           "assertions": src.pick([[], [{"text": "x", "passed": True}],
                                   [{"text": 1, "passed": "yes"}], {}, None])}  # fmt: skip
    if src.chance(4):
        doc.pop(src.pick(["score", "assertions"]))
    return json.dumps(doc, allow_nan=True).encode()


# --- the script runner's answer and the bench dir --------------------------------------------


def stub_answer(src: Source) -> dict[str, Any]:
    outputs = ['{"pass": true, "score": 1, "reason": "ok"}', '{"score": 0.4}', "true", "0.7",
               '{"checks": [{"text": "a", "pass": true}, {"text": 1}]}', "plain text", "",
               '{"score": NaN}', '{"pass": "yes"}', "debug\n{\"pass\": false}", "[1]"]  # fmt: skip
    return {
        "exit_code": src.pick([0, 0, 0, 1, -9, 2]),
        "stdout": src.pick(outputs) if not src.chance(6) else src.text(40),
        "stderr_tail": src.pick(["", "Traceback: boom"]),
        "timed_out": src.chance(8),
        "flooded": src.chance(16),
    }


def _write(path: Path, data: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)


def build(src: Source, root: Path) -> tuple[Path, Path, str]:
    """The eval file, the bench dir and the test id for one input."""
    eval_path = root / src.pick(["suite.eval.yaml", "suite.yaml", "suite.jsonl"])
    if src.chance(4):
        raw = src.blob(400)
    elif eval_path.suffix == ".jsonl":
        doc = eval_document(src)
        tests = next(iter(doc.values()))
        raw = "\n".join(json.dumps(t, allow_nan=True) for t in tests).encode()
        if src.chance(2):
            _write(root / "suite.yaml", serialize(src, {k: v for k, v in doc.items()
                                                        if k not in ("tests",)}))  # fmt: skip
    else:
        raw = serialize(src, eval_document(src))
    _write(eval_path, raw)
    if src.chance(4):
        _write(root / "cases.yaml", serialize(src, [_test(src, "t")]))
    if src.chance(4):
        _write(root / ".agentv" / "templates" / "tpl.yaml",
               serialize(src, {"assert": [assertion(src)]}))  # fmt: skip
    bench = root / "run" / "suite"
    test_id = "t" if not src.chance(16) else src.pick(["t2", "u", "", "../t", "T", "t "])
    test_dir = bench / "t"
    _write(test_dir / "response.md", _response(src))
    if src.chance(2):
        _write(test_dir / "timing.json", _timing(src))
    if src.chance(6):
        _write(test_dir / "metrics.json", _timing(src))
    if src.chance(2):
        name, data = _transcript(src)
        _write(test_dir / name, data)
    if src.chance(4):
        stem = src.pick(["llm-rubric", "polite", "j", "trajectory_goal-success", "agent-rubric"])
        _write(test_dir / "llm_grader_results" / f"{stem}.json", _llm_result(src))
    if src.chance(8):
        _write(test_dir / "llm_graders" / "polite.json", b"{}")
    if src.chance(8):
        _write(test_dir / "user_notes.md", src.blob(80))
    if src.chance(8):
        _write(bench / "t2" / "response.md", _response(src))
    return eval_path, bench, test_id
