"""A batch's eval critique, written once for the suite (SPEC §6.2): `<bench-dir>/
eval_critique.json` and `eval_critique.md`, beside `grade_summary.json`, from the
critiques the workers made and sent back with each test's result; and the ones a previous
batch wrote, removed by a batch run without the critique so that they cannot pass for
this run's."""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from .jsontext import joined_json, json_bytes, member_json, parse_json
from .load.files import read_regular
from .outputs import encoded, remove_quietly, write_atomic
from .record import Record
from .report import CRITIQUE_JSON, CRITIQUE_MD

if TYPE_CHECKING:
    from .batch import TestResult
    from .critique import Critique


class SuiteCritique(Record):
    """The suite critique a batch wrote: where (the JSON file), and its `counts`."""

    path: str
    counts: dict[str, int]


def targets(bench_dir: str) -> list[str]:
    """The suite critique's two files."""
    return [os.path.join(bench_dir, CRITIQUE_JSON), os.path.join(bench_dir, CRITIQUE_MD)]


# What the suite's counts read of one test's critique: its suggestions by severity (high,
# medium, low), and whether it is `SOLID` (what the markdown says when none has any).
Tally = tuple[int, int, int, bool]


def share(
    test_id: str, critique: Critique, written: bool = True
) -> tuple[bytes | dict[str, Any], bytes, Tally]:
    """A test's share of the suite files, made where the test is graded (a batch worker,
    while the others work): its member of the JSON file's `tests` as the file holds it (or
    its JSON data: not `written`, or where only the whole file can be written,
    `member_json`), its section of the markdown as the file holds it (none without
    suggestions), and its tally (`Critique.tally`)."""
    data = critique.to_json()
    member = member_json(test_id, data) if written else None
    section = encoded(critique.markdown_section(test_id)) if critique.suggestions else b""
    return (data if member is None else member), section, critique.tally()


def write(
    bench_dir: str, suite: str, eval_path: str, results: Sequence[TestResult]
) -> SuiteCritique:
    """Both files, each atomically: every test critiqued in this batch, in suite order (a
    test not graded has no critique, and is not in them). The JSON file is joined from the
    members the workers wrote (`share`), unless one of them could only send its data."""
    from .critique.model import SEVERITIES
    from .critique.suite import SCHEMA_ID, markdown_head

    critiqued = [r for r in results if r.critique is not None]
    tallies = [r.critique_tally for r in critiqued if r.critique_tally is not None]
    counts = {
        "tests": len(critiqued),
        "tests_with_suggestions": sum(1 for t in tallies if t[0] + t[1] + t[2]),
        **{s: sum(t[i] for t in tallies) for i, s in enumerate(SEVERITIES)},
    }
    doc = {"schema": SCHEMA_ID, "suite": suite, "eval_path": eval_path, "tests": None}
    members = [r.critique for r in critiqued if isinstance(r.critique, bytes)]
    text = None
    if len(members) == len(critiqued):
        text = joined_json({**doc, "counts": counts}, "tests", members)
    if text is None:  # what orjson refuses changes the whole text (`dump_json`)
        tests = {r.test_id: _data(r.test_id, r.critique) for r in critiqued}
        text = json_bytes({**doc, "tests": tests, "counts": counts})
    partly = sum(1 for t in tallies if not t[3])
    head = encoded(markdown_head(suite, eval_path, counts, partly))
    markdown = b"\n".join([head, *(r.critique_section for r in results if r.critique_section)])
    json_path, md_path = targets(bench_dir)
    write_atomic(json_path, text)
    write_atomic(md_path, markdown)
    return SuiteCritique(json_path, counts)


def _data(test_id: str, critique: bytes | dict[str, Any] | None) -> Any:
    """A test's critique as JSON data, from its member of the file where it is one."""
    if isinstance(critique, bytes):
        return parse_json(b"{" + critique + b"}")[test_id]
    return critique


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
