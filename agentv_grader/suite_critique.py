"""A batch's eval critique, written once for the suite (SPEC §6.2): `<bench-dir>/
eval_critique.json` and `eval_critique.md`, beside `grade_summary.json`, from the
critiques the workers made and sent back with each test's result; and the ones a previous
batch wrote, removed by a batch run without the critique so that they cannot pass for
this run's."""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import TYPE_CHECKING

from .jsontext import json_bytes
from .load.files import read_regular
from .outputs import remove_quietly, write_atomic
from .record import Record
from .report import CRITIQUE_JSON, CRITIQUE_MD

if TYPE_CHECKING:
    from .batch import TestResult


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
    from .critique.suite import SCHEMA_ID, suite_json, suite_markdown

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
    begins); a file of that name that this tool did not write is left alone. The critique
    package, which says how they begin, is imported only when there is a file to read (a
    batch without the critique, on a folder that has no such file, does not load it)."""
    for position, path in enumerate(targets(bench_dir)):
        try:
            begins = read_regular(path, _MARK_LIMIT)
        except OSError:  # none, a folder, a FIFO: nothing of ours
            continue
        mark = _marks()[position]
        if begins[: len(mark)] == mark:
            remove_quietly(path)


# Bytes read of a file that may be a previous batch's: more than either mark is long.
_MARK_LIMIT = 64


def _marks() -> tuple[bytes, bytes]:
    """How the suite's JSON file (its `schema` key first) and its markdown begin: what
    marks the ones this tool wrote."""
    from .critique.suite import MARKDOWN_TITLE, SCHEMA_ID

    return f'{{\n  "schema": "{SCHEMA_ID}"'.encode(), MARKDOWN_TITLE.encode()
