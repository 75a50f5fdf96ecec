"""Claims benchmark (issue 21): extraction and checking of a 20 KB response against a
2 MB transcript, target under 50 ms (SPEC §8). Prints figures; asserts nothing.

    python scripts/bench_claims.py [--reps N] [--response-kb N] [--transcript-mb N]

The inputs are made from the labelled set (tests/data/claims/runs): every run's response
joined until the response is large enough, every run's tool calls repeated (each repeat
with its numbers shifted, so outputs are not identical) until the transcript is. Two
transcripts of that size are timed: one whose outputs are padded with log lines to about
4 KB a call (an agent's reads and test logs; about 500 calls), and the worst case, the
labelled calls' own short outputs (about 270 bytes a call; thousands of calls).

What is timed: `check_claims` on the read transcript, i.e. the response cut into claims,
each classified, the transcript's index built (once per call of `check_claims`) and every
claim checked; the index build is also printed on its own. Not timed: reading and parsing
the transcript file (`read_transcript`), printed apart, which every grading of a run with
a transcript pays whether or not claims are checked. The repeated calls make a transcript
whose outputs and commands repeat (each distinct output is counted in the line).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from agentv_grader.claims import check_claims  # noqa: E402
from agentv_grader.claims._index import RunIndex  # noqa: E402
from agentv_grader.rundata.transcript import read_transcript  # noqa: E402

RUNS = ROOT / "tests" / "data" / "claims" / "runs"


_FILLER = "".join(
    f"2024-06-01T02:{i // 60:02d}:{i % 60:02d}Z INFO worker-{i % 7} processed batch {i * 37} "
    f"in {i % 13 + 2} ms (queue depth {i % 5})\n"
    for i in range(200)
)


def inputs(
    response_kb: int, transcript_mb: int, pad_to: int = 0
) -> tuple[str, list[dict[str, object]], str]:
    responses, calls, tasks = [], [], []
    for run in sorted(p for p in RUNS.iterdir() if p.is_dir()):
        responses.append((run / "response.md").read_text(encoding="utf-8"))
        tasks.append((run / "task.md").read_text(encoding="utf-8"))
        meta = json.loads((run / "labels.json").read_text(encoding="utf-8"))
        transcript, _, _ = read_transcript(str(run / meta["transcript"]), tasks[-1])
        assert transcript is not None
        for message in transcript.messages:
            for call in message.tool_calls:
                calls.append({"tool": call.name, "input": call.input, "output": call.output,
                              "status": "error" if call.status == "error" else "ok"})  # fmt: skip
    response = ""
    while len(response.encode()) < response_kb * 1024:
        response += "\n\n".join(responses) + "\n\n"
    rows: list[dict[str, object]] = [{"role": "user", "content": "\n".join(tasks)}]
    size, shift = 0, 0
    while size < transcript_mb * 1024 * 1024:
        for call in calls:
            output = str(call["output"]).replace("0", str(shift % 10))
            if len(output) < pad_to:
                cut = _FILLER.rfind("\n", 0, pad_to - len(output)) + 1
                output = output + "\n" + _FILLER[:cut]
            row = {"role": "assistant", "content": "", "tool_calls": [{**call, "output": output}]}
            rows.append(row)
            size += len(json.dumps(row))
        shift += 1
    return response[: response_kb * 1024], rows, "\n".join(tasks)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reps", type=int, default=7)
    parser.add_argument("--response-kb", type=int, default=20)
    parser.add_argument("--transcript-mb", type=int, default=2)
    args = parser.parse_args()
    for pad_to, label in ((4096, "calls of about 4 KB"), (0, "short calls, worst case")):
        response, rows, task = inputs(args.response_kb, args.transcript_mb, pad_to)
        _time(response, rows, task, args.reps, label)


def _time(response: str, rows: list[dict[str, object]], task: str, reps: int, label: str) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "transcript.json"
        path.write_text(json.dumps(rows), encoding="utf-8")
        started = time.perf_counter()
        transcript, problem, _ = read_transcript(str(path), task)
        read_ms = (time.perf_counter() - started) * 1000
        assert transcript is not None, problem
        size = path.stat().st_size
    times: list[float] = []
    cpu: list[float] = []
    indexing: list[float] = []
    claims: tuple[object, ...] = ()
    for _ in range(reps):
        started, started_cpu = time.perf_counter(), time.process_time()
        claims = check_claims(response, transcript, task)
        times.append((time.perf_counter() - started) * 1000)
        cpu.append((time.process_time() - started_cpu) * 1000)
        started_cpu = time.process_time()
        RunIndex(transcript, task, None)
        indexing.append((time.process_time() - started_cpu) * 1000)
    calls = [call for m in transcript.messages for call in m.tool_calls]
    outputs = len({str(call.output) for call in calls})
    by_status = {s: sum(getattr(c, "status", "") == s for c in claims)
                 for s in ("verified", "contradicted")}  # fmt: skip
    print(
        f"claims ({label}): {len(response.encode()) / 1024:.0f} KB response ({len(claims)} "
        f"claims, {by_status['verified']} verified, {by_status['contradicted']} contradicted) "
        f"against a {size / 1e6:.1f} MB transcript ({len(calls)} tool calls, {outputs} "
        f"distinct outputs): extraction and checking median {statistics.median(times):.0f} ms, "
        f"min {min(times):.0f} ms over {reps} runs (CPU time median "
        f"{statistics.median(cpu):.0f} ms, of which indexing the transcript "
        f"{statistics.median(indexing):.0f} ms; target < 50 ms); not counted: reading the "
        f"transcript file {read_ms:.0f} ms, paid by any grading of a run with a transcript; "
        f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs"
    )


if __name__ == "__main__":
    main()
