"""Graded runs for the report page's tests: the bundled example, a generated 2,000-test run
and a hostile run whose every field tries to become markup or script. Each is graded for
real by the command line (batch mode), so the page is built from files the grader wrote."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import yaml

from tests.helpers import cli

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples"

# What a hostile run tries: each of these, if it ran, would change the page's title.
PWN = "document.title='pwned'"
HOSTILE_TEXTS = (
    f"</script><script>{PWN}</script>",
    f'<img src=x onerror="{PWN}">',
    f'[click](javascript:{PWN}) <a href="javascript:{PWN}">link</a>',
    '{"k": "</script><!--<script>"}',
    "line\u2028separator\u2029end & &amp; &lt;b&gt;",
)
# Test ids name folders (no `/`), but may hold markup all the same.
HOSTILE_IDS = (
    f'<img src=x onerror="{PWN}">',
    f"<svg onload={PWN}>",
    "javascript:alert(1)",
    "plain",
)


def graded_example(tmp: Path) -> tuple[Path, Path]:
    """The bundled example graded in batch mode: (eval file, bench dir)."""
    shutil.copytree(EXAMPLE, tmp / "example")
    eval_path = tmp / "example" / "capital.eval.yaml"
    bench = tmp / "example" / "run" / "capital"
    code, out, err = cli("--eval-path", str(eval_path), "--bench-dir", str(bench), "--jobs", "1")
    assert code == 1, (out, err)  # berlin fails
    return eval_path, bench


def graded_big_run(tmp: Path, count: int = 2000) -> Path:
    """A generated run of `count` tests with the example's kinds of assertions (every
    third with an LLM rubric left pending, every seventh answering wrongly)."""
    cities = [("France", "Paris"), ("Japan", "Tokyo"), ("Germany", "Berlin"), ("Italy", "Rome")]
    tests: list[dict[str, Any]] = []
    bench = tmp / "big" / "run"
    for i in range(count):
        country, capital = cities[i % len(cities)]
        test_id = f"t{i:04d}-{capital.lower()}"
        assertions: list[Any] = [
            {"type": "contains", "value": capital},
            {"type": "icontains-any", "value": ["capital", "city"]},
            {"type": "regex", "value": f"^The capital of {country} is \\w+\\.$", "flags": "m"},
            {"type": "contains", "value": "Lyon", "negate": True},
        ]
        if i % 3 == 0:
            assertions.append("Answers in one friendly sentence")
        tests.append(
            {
                "id": test_id,
                "input": f"What is the capital of {country}?",
                "criteria": f"Names {capital} as the capital of {country}.",
                "assertions": assertions,
            }
        )
        wrong = cities[(i + 1) % len(cities)][1]
        answer = f"The capital of {country} is {capital}." if i % 7 else f"Maybe {wrong}."
        (bench / test_id).mkdir(parents=True)
        (bench / test_id / "response.md").write_text(answer + "\n", "utf-8")
    eval_path = tmp / "big" / "big.eval.yaml"
    eval_path.write_text(yaml.safe_dump({"name": "big", "tests": tests}), "utf-8")
    code, out, err = cli(
        "--eval-path", str(eval_path), "--bench-dir", str(bench), "--format", "json"
    )
    assert code == 1, err[-2000:]
    return bench


def graded_hostile_run(tmp: Path) -> Path:
    """A run whose suite name, test ids, responses, assertion values and (so) evidence
    and critique hold markup, script and `javascript:` links."""
    tests = []
    bench = tmp / "hostile" / "run"
    for n, test_id in enumerate(HOSTILE_IDS):
        text = HOSTILE_TEXTS[n % len(HOSTILE_TEXTS)]
        tests.append(
            {
                "id": test_id,
                "input": f"Say {text}",
                "criteria": f"Says {HOSTILE_TEXTS[(n + 1) % len(HOSTILE_TEXTS)]}",
                "assertions": [
                    {"type": "contains", "value": text},
                    {"type": "equals", "value": HOSTILE_TEXTS[(n + 2) % len(HOSTILE_TEXTS)]},
                    {"type": "regex", "value": "<script>"},
                    f"Judge {HOSTILE_TEXTS[(n + 3) % len(HOSTILE_TEXTS)]}",
                ],
            }
        )
        (bench / test_id).mkdir(parents=True)
        response = "\n".join(HOSTILE_TEXTS) + "\n" + json.dumps({"html": "</script>"})
        (bench / test_id / "response.md").write_text(response, "utf-8")
    eval_path = tmp / "hostile" / "hostile.eval.yaml"
    suite = {"name": f"</title><script>{PWN}</script>", "tests": tests}
    eval_path.write_text(yaml.safe_dump(suite, allow_unicode=True), "utf-8")
    code, out, err = cli("--eval-path", str(eval_path), "--bench-dir", str(bench))
    assert code in (0, 1), err
    return bench


# A run whose response makes claims the transcript shows true, false or neither, some of
# them holding markup and script (the claim text and the tool output quoted as evidence).
CLAIMS_RESPONSE = (
    "Ran the tests with `pytest -q`.\n"
    f"All 12 tests pass </script><script>{PWN}</script> now.\n"
    f'I created `notes<img src=x onerror="{PWN}">.md` with the summary.\n'
    "Edited `app.py` to handle the error.\n"
)
CLAIMS_TOOL_OUTPUT = (
    f'FAILED tests/t.py::test_a - E <img src=x onerror="{PWN}">\n1 failed, 11 passed in 0.2s'
)


def graded_claims_run(tmp: Path, jobs: int = 1, copies: int = 1) -> Path:
    """A run graded in batch mode (with `jobs` workers) of three tests: `lied` (a
    transcript that contradicts the response's "all 12 tests pass", with markup in the
    claim and in the evidence), `honest` (a transcript that bears the response out) and
    `no-transcript`; with `copies` > 1, the three again as `lied-2`, `honest-2`, …"""
    bench = tmp / "claims" / "run"
    kinds = ("lied", "honest", "no-transcript")
    named = [(k if n == 1 else f"{k}-{n}", k) for n in range(1, copies + 1) for k in kinds]
    tests = [
        {"id": i, "input": "Fix it.", "criteria": "Fixed.",
         "assertions": [{"type": "contains", "value": "tests"}]}
        for i, _ in named
    ]  # fmt: skip
    honest = "Ran the tests with `pytest -q`.\nAll 12 tests pass.\n"
    made = {
        "lied": (CLAIMS_RESPONSE, CLAIMS_TOOL_OUTPUT),
        "honest": (honest, "12 passed in 0.3s"),
        "no-transcript": (honest, None),
    }
    for test_id, kind in named:
        response, output = made[kind]
        folder = bench / test_id
        folder.mkdir(parents=True)
        (folder / "response.md").write_text(response, "utf-8")
        if output is None:
            continue
        edit = {"tool": "Edit", "input": {"file_path": "app.py", "old_string": "a",
                "new_string": "b"}, "output": "ok"}  # fmt: skip
        rows = [
            {"role": "user", "content": "Fix it."},
            {"role": "assistant", "content": "", "tool_calls": [  # the edit, then the run
                edit, {"tool": "Bash", "input": {"command": "pytest -q"}, "output": output}]},
            {"role": "assistant", "content": response},
        ]  # fmt: skip
        text = "".join(json.dumps(r) + "\n" for r in rows)
        (folder / "transcript.jsonl").write_text(text, "utf-8")
    eval_path = tmp / "claims" / "claims.eval.yaml"
    eval_path.write_text(yaml.safe_dump({"name": "claims", "tests": tests}), "utf-8")
    argv = ("--eval-path", str(eval_path), "--bench-dir", str(bench), "--jobs", str(jobs))
    code, out, err = cli(*argv)
    assert code == 0, (out, err)
    return bench
