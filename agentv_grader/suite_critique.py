"""A batch's eval critique, written once for the suite (SPEC §6.2): `<bench-dir>/
eval_critique.json` and `eval_critique.md`, beside `grade_summary.json`, from the
critiques the workers made and sent back with each test's result; and the ones a previous
batch wrote, removed by a batch run without the critique so that they cannot pass for
this run's."""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import TYPE_CHECKING

from .critique.suite import MARKDOWN_TITLE, SCHEMA_ID, suite_json, suite_markdown
from .jsontext import json_bytes
from .load.files import read_regular
from .outputs import remove_quietly, write_atomic
from .record import Record
from .report import CRITIQUE_JSON, CRITIQUE_MD

if TYPE_CHECKING:
    from .batch import TestResult

# How the suite's JSON file begins (its `schema` key first): what marks one this tool wrote.
_JSON_MARK = f'{{\n  "schema": "{SCHEMA_ID}"'.encode()
_MARKDOWN_MARK = MARKDOWN_TITLE.encode()


class SuiteCritique(Record):
    """The suite critique a batch wrote: where (the JSON file), and its `counts`."""

    path: str
    counts: dict[str, int]


def targets(bench_dir: str) -> list[str]:
    """The suite critique's two files."""
    return [os.path.join(bench_dir, CRITIQUE_JSON), os.path.join(bench_dir, CRITIQUE_MD)]


def write(
    bench_dir: str, suite: str, eval_path: str, results: Sequence[TestResult]
) -> SuiteCritique:
    """Both files, each atomically: every test critiqued in this batch, in suite order (a
    test not graded has no critique, and is not in them)."""
    tests = {r.test_id: r.critique for r in results if r.critique is not None}
    doc = {"schema": SCHEMA_ID, **suite_json(suite, eval_path, tests)}
    counts = doc["counts"]
    sections = [r.critique_section for r in results if r.critique_section]
    json_path, md_path = targets(bench_dir)
    write_atomic(json_path, json_bytes(doc))
    write_atomic(md_path, suite_markdown(suite, eval_path, tests, counts, sections))
    return SuiteCritique(json_path, counts)


def remove_previous(bench_dir: str) -> None:
    """Remove the suite critique a previous batch wrote (recognised by how each file
    begins); a file of that name that this tool did not write is left alone."""
    for path, mark in zip(targets(bench_dir), (_JSON_MARK, _MARKDOWN_MARK), strict=True):
        try:
            begins = read_regular(path, len(mark))
        except OSError:  # none, a folder, a FIFO: nothing of ours
            continue
        if begins[: len(mark)] == mark:
            remove_quietly(path)
