"""Render the labelled claims sets (tests/data/claims/source/*.yaml, the held-out set
tests/data/claims/heldout/source/*.yaml and the blind sets tests/data/claims/blind*/source/*.yaml)
into run directories.

    python scripts/build_claims_set.py [--check]

Each source run is written by hand: the task, the steps the agent took (its text and its
tool calls with their outputs), the final response, and the claims a reader finds in the
response, each labelled by reading the steps. This script only changes the notation: it
writes `<set>/runs/<id>/` with `task.md`, `response.md`, the transcript in the shape the
run names (one of the four agentv-grade reads, SPEC §4.4, or a variant spelling of one:
`raw-list` is AgentV's raw rows as one JSON list, `openai-wrapped` the OpenAI messages
under `{"messages": [...]}`), `timing.json` when the run has one, and `labels.json` (each
claim with its 1-based line and column in `response.md`). `--check` exits 1 when the
committed files differ from a fresh render.

The held-out and blind sets were each labelled by engineers who had not read the checker's
code, and committed before the checker was run on them (issue 21's held-out evaluation).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parent.parent / "tests" / "data" / "claims"
SETS = (
    ROOT,
    ROOT / "heldout",
    ROOT / "blind",
    ROOT / "blind2",
    ROOT / "blind3",
    ROOT / "blind4",
    ROOT / "blind5",
    ROOT / "blind6",
    ROOT / "blind7",
    ROOT / "blind8",
    ROOT / "blind9",
    ROOT / "blind10",
    ROOT / "blind11",
    ROOT / "blind12",
    ROOT / "blind13",
    ROOT / "blind14",
    ROOT / "blind15",
    ROOT / "blind16",
    ROOT / "blind17",
    ROOT / "blind18",
    ROOT / "blind19",
    ROOT / "blind20",
    ROOT / "blind21",
    ROOT / "blind22",
    ROOT / "blind23",
    ROOT / "blind24",
    ROOT / "blind25",
    ROOT / "blind26",
    ROOT / "blind27",
    ROOT / "blind28",
    ROOT / "blind29",
    ROOT / "blind30",
    ROOT / "blind31",
    ROOT / "blind32",
    ROOT / "blind33",
    ROOT / "blind34",
    ROOT / "blind35",
    ROOT / "blind36",
    ROOT / "blind37",
    ROOT / "blind38",
    ROOT / "blind39",
    ROOT / "blind40",
    ROOT / "blind41",
    ROOT / "blind42",
    ROOT / "blind43",
    ROOT / "blind44",
    ROOT / "blind45",
    ROOT / "blind46",
    ROOT / "blind47",
    ROOT / "blind48",
    ROOT / "blind49",
    ROOT / "blind50",
    ROOT / "blind51",
    ROOT / "blind52",
    ROOT / "blind53",
    ROOT / "blind54",
    ROOT / "blind55",
    ROOT / "blind56",
    ROOT / "blind57",
    ROOT / "blind58",
    ROOT / "blind59",
    ROOT / "blind60",
    ROOT / "blind61",
    ROOT / "blind62",
    ROOT / "blind63",
    ROOT / "blind64",
    ROOT / "blind65",
    ROOT / "blind66",
    ROOT / "blind67",
    ROOT / "blind68",
    ROOT / "blind69",
    ROOT / "blind70",
    ROOT / "blind71",
    ROOT / "blind72",
    ROOT / "blind73",
    ROOT / "blind74",
    ROOT / "blind75",
    ROOT / "blind76",
    ROOT / "blind77",
    ROOT / "blind78",
    ROOT / "blind79",
    ROOT / "blind80",
    ROOT / "blind81",
    ROOT / "blind82",
    ROOT / "blind83",
    ROOT / "blind84",
    ROOT / "blind85",
    ROOT / "blind86",
    ROOT / "blind87",
    ROOT / "blind88",
    ROOT / "blind89",
    ROOT / "blind90",
    ROOT / "blind91",
    ROOT / "blind92",
    ROOT / "blind93",
    ROOT / "blind94",
    ROOT / "blind95",
    ROOT / "blind96",
    ROOT / "blind97",
    ROOT / "blind98",
    ROOT / "blind99",
    ROOT / "blind100",
    ROOT / "blind101",
    ROOT / "blind102",
    ROOT / "blind103",
    ROOT / "blind104",
    ROOT / "blind105",
    ROOT / "blind106",
    ROOT / "blind107",
    ROOT / "blind108",
    ROOT / "blind109",
    ROOT / "blind110",
    ROOT / "blind111",
    ROOT / "blind112",
)
FILES = {
    "raw": "transcript-raw.jsonl",
    "raw-list": "transcript-raw.json",
    "normalised": "transcript.json",
    "openai": "messages.json",
    "openai-wrapped": "messages.json",
    "claude": "session.jsonl",
}
_CATEGORY = {
    "Bash": "shell",
    "Read": "file_read",
    "Write": "file_write",
    "Edit": "file_edit",
    "WebFetch": "web_fetch",
    "WebSearch": "web_search",
}


def _turns(run: dict[str, Any]) -> list[dict[str, Any]]:
    """Assistant turns: a `say` opens one; a call joins the turn its `say` opened, else
    gets its own. The response is the last turn."""
    turns: list[dict[str, Any]] = []
    open_say = False
    for number, step in enumerate(run["steps"], start=1):
        if "say" in step:
            turns.append({"text": step["say"], "calls": []})
            open_say = True
            continue
        call = {
            "id": f"call_{run['id'][:12]}_{number}",
            "name": step["call"],
            "input": step.get("in", {}),
            "output": step.get("out", ""),
            "error": bool(step.get("err", False)),
        }
        if not open_say:
            turns.append({"text": "", "calls": []})
        turns[-1]["calls"].append(call)
        open_say = False
    turns.append({"text": run["response"], "calls": []})
    return turns


def _raw(run: dict[str, Any], turns: list[dict[str, Any]]) -> str:
    base = {"schema_version": "agentv.transcript.v1", "test_id": run["id"], "target": "agent"}
    rows = [{**base, "message_index": 0, "role": "user", "content": run["task"]}]
    for index, turn in enumerate(turns, start=1):
        row: dict[str, Any] = {
            **base,
            "message_index": index,
            "role": "assistant",
            "content": turn["text"],
        }
        if turn["calls"]:
            row["tool_calls"] = [
                {
                    "tool": c["name"],
                    "input": c["input"],
                    "output": c["output"],
                    "id": c["id"],
                    "status": "error" if c["error"] else "ok",
                }
                for c in turn["calls"]
            ]
        rows.append(row)
    return "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows)


def _normalised(run: dict[str, Any], turns: list[dict[str, Any]]) -> str:
    out = [{"type": "user", "content": [{"type": "text", "text": run["task"]}]}]
    for turn in turns:
        blocks: list[dict[str, Any]] = []
        if turn["text"]:
            blocks.append({"type": "text", "text": turn["text"]})
        for c in turn["calls"]:
            block = {
                "type": "tool_use",
                "id": c["id"],
                "name": c["name"],
                "input": c["input"],
                "result": {"status": "error" if c["error"] else "success", "output": c["output"]},
            }
            if c["name"] in _CATEGORY:
                block["tool_name"] = _CATEGORY[c["name"]]
            blocks.append(block)
        out.append({"type": "assistant", "content": blocks})
    doc = {
        "schema_version": "agentv.normalized_transcript.v1",
        "provider_id": "agent",
        "turns": out,
    }
    return json.dumps(doc, ensure_ascii=False, indent=1) + "\n"


def _openai(run: dict[str, Any], turns: list[dict[str, Any]]) -> str:
    messages: list[dict[str, Any]] = [
        {"role": "system", "content": "You are an autonomous agent. Use the tools."},
        {"role": "user", "content": run["task"]},
    ]
    for turn in turns:
        message: dict[str, Any] = {"role": "assistant", "content": turn["text"] or None}
        if turn["calls"]:
            message["tool_calls"] = [
                {
                    "id": c["id"],
                    "type": "function",
                    "function": {"name": c["name"], "arguments": json.dumps(c["input"])},
                }
                for c in turn["calls"]
            ]
        messages.append(message)
        for c in turn["calls"]:
            messages.append({"role": "tool", "tool_call_id": c["id"], "content": c["output"]})
    return json.dumps(messages, ensure_ascii=False, indent=1) + "\n"


def _claude(run: dict[str, Any], turns: list[dict[str, Any]]) -> str:
    session = f"session-{run['id']}"
    lines: list[dict[str, Any]] = []

    def line(kind: str, message: dict[str, Any]) -> None:
        number = len(lines) + 1
        lines.append(
            {
                "parentUuid": f"u-{number - 1:04d}" if number > 1 else None,
                "isSidechain": False,
                "sessionId": session,
                "type": kind,
                "message": message,
                "uuid": f"u-{number:04d}",
                "timestamp": f"2025-08-20T10:{number // 60:02d}:{number % 60:02d}.000Z",
            }
        )

    line("user", {"role": "user", "content": run["task"]})
    for index, turn in enumerate(turns, start=1):
        message_id = f"msg_{run['id'][:10]}_{index}"
        blocks: list[dict[str, Any]] = []
        if turn["text"]:
            blocks.append({"type": "text", "text": turn["text"]})
        blocks += [
            {"type": "tool_use", "id": c["id"], "name": c["name"], "input": c["input"]}
            for c in turn["calls"]
        ]
        for block in blocks:
            line(
                "assistant",
                {
                    "id": message_id,
                    "type": "message",
                    "role": "assistant",
                    "model": "claude-sonnet-4-20250514",
                    "content": [block],
                },
            )
        for c in turn["calls"]:
            result = {"type": "tool_result", "tool_use_id": c["id"], "content": c["output"]}
            if c["error"]:
                result["is_error"] = True
            line("user", {"role": "user", "content": [result]})
    return "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in lines)


def _raw_list(run: dict[str, Any], turns: list[dict[str, Any]]) -> str:
    rows = [json.loads(line) for line in _raw(run, turns).splitlines()]
    return json.dumps(rows, ensure_ascii=False, indent=1) + "\n"


def _openai_wrapped(run: dict[str, Any], turns: list[dict[str, Any]]) -> str:
    messages = json.loads(_openai(run, turns))
    return json.dumps({"messages": messages}, ensure_ascii=False, indent=1) + "\n"


RENDER = {
    "raw": _raw,
    "raw-list": _raw_list,
    "normalised": _normalised,
    "openai": _openai,
    "openai-wrapped": _openai_wrapped,
    "claude": _claude,
}


def position(text: str, quote: str, run_id: str) -> tuple[int, int]:
    """1-based line and column of the only occurrence of `quote` in `text`."""
    at = text.find(quote)
    if at < 0 or text.find(quote, at + 1) >= 0:
        raise SystemExit(f"{run_id}: claim {quote!r} must occur exactly once in the response")
    line = text.count("\n", 0, at) + 1
    return line, at - (text.rfind("\n", 0, at) + 1) + 1


def render(run: dict[str, Any]) -> dict[str, str]:
    """File name → content for one run directory."""
    shape = run["shape"]
    files = {
        "task.md": run["task"],
        "response.md": run["response"],
        FILES[shape]: RENDER[shape](run, _turns(run)),
    }
    if "timing" in run:
        files["timing.json"] = json.dumps(run["timing"], indent=1) + "\n"
    claims = []
    for claim in run["claims"]:
        line, col = position(run["response"], claim["q"], run["id"])
        claims.append(
            {
                "text": claim["q"],
                "kind": claim["kind"],
                "status": claim["status"],
                "line": line,
                "col": col,
            }
        )
    labels = {"run": run["id"], "shape": shape, "transcript": FILES[shape], "claims": claims}
    files["labels.json"] = json.dumps(labels, ensure_ascii=False, indent=1) + "\n"
    return files


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare, do not write")
    args = parser.parse_args()
    stale: list[str] = []
    seen: set[str] = set()
    sources = [s for root in SETS for s in sorted((root / "source").glob("*.yaml"))]
    for source in sources:
        for run in yaml.safe_load(source.read_text(encoding="utf-8")):
            if run["id"] in seen:
                raise SystemExit(f"{source}: run id {run['id']} is used twice")
            seen.add(run["id"])
            directory = source.parent.parent / "runs" / run["id"]
            for name, content in render(run).items():
                path = directory / name
                if args.check:
                    if not path.exists() or path.read_text(encoding="utf-8") != content:
                        stale.append(str(path))
                    continue
                directory.mkdir(parents=True, exist_ok=True)
                path.write_text(content, encoding="utf-8")
    if stale:
        print("out of date (run scripts/build_claims_set.py):", *stale, sep="\n  ")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
