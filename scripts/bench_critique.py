#!/usr/bin/env python3
"""Time `agentv-grade critique` on a generated 1,000-test suite (SPEC §8: "a few seconds").

Usage: python3 scripts/bench_critique.py [--tests N] [--repeat R]

Each test has six mixed assertions (contains, icontains-any, regex, equals with
target_output_key, a negated contains, an LLM rubric string), criteria and an
expected_output, and one test in ten has a weak needle or a risky regex, so every rule
runs. Prints the load-and-critique time (median of the repeats), the load time alone,
and the findings count; it never asserts a timing.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import statistics
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from agentv_grader.critique.command import run_critique  # noqa: E402
from agentv_grader.load.evalfile import load_suite  # noqa: E402

CITIES = ["Paris", "Rome", "Madrid", "Berlin", "Vienna", "Lisbon", "Prague", "Warsaw"]
COUNTRIES = ["France", "Italy", "Spain", "Germany", "Austria", "Portugal", "Czechia", "Poland"]


def _test(i: int) -> dict[str, object]:
    city, country = CITIES[i % len(CITIES)], COUNTRIES[i % len(COUNTRIES)]
    weak = i % 10 == 0
    return {
        "id": f"t{i:04d}",
        "input": f"Question {i}: what is the capital of {country}? Reply as JSON.",
        "criteria": f"Names {city} as the capital of {country} and gives its population.",
        "expected_output": {"capital": city, "country": country, "rank": i},
        "assertions": [
            {"type": "contains", "value": "the" if weak else city},
            {"type": "icontains-any", "value": [city, f"{city} city"]},
            {"type": "regex", "value": "^(\\w+\\s?)*$" if weak else f"\\b{city}\\b"},
            {"type": "equals", "value": city, "target_output_key": "capital"},
            {"type": "contains", "value": "Atlantis", "negate": True},
            f"Gives the population of {city}",
        ],
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tests", type=int, default=1000)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "bench.eval.yaml")
        with open(path, "w", encoding="utf-8") as handle:
            json.dump({"name": "bench", "tests": [_test(i) for i in range(args.tests)]}, handle)
        times, loads, code, out = [], [], 0, io.StringIO()
        for _ in range(args.repeat):
            start = time.perf_counter()
            load_suite(path)
            loads.append(time.perf_counter() - start)
            out = io.StringIO()
            start = time.perf_counter()
            code = run_critique(path, None, "json", out)
            times.append(time.perf_counter() - start)
        counts = json.loads(out.getvalue())["counts"]
    print(
        f"critique of {args.tests} tests: median {statistics.median(times):.2f} s "
        f"(runs: {', '.join(f'{t:.2f}' for t in times)}), of which loading the eval file "
        f"{statistics.median(loads):.2f} s; exit {code}; counts {counts}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
