"""Grading one test: find it in the suite, locate its inputs, grade it and write its files.

`grade_test` is the public entry point (SPEC §1); batch mode reuses the pieces.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

from . import agentv_bench, engine, merge, report, result_files, scoring
from .assertions import about
from .errors import GradeInputError
from .layout import resolve_layout
from .load.evalfile import load_suite
from .load.files import Listing
from .load.types import LLM_TYPES
from .model import AssertionSpec, Outcome, RunData, Suite, TestCase
from .names import unsafe_test_id
from .options import GradeOptions
from .record import Record, field
from .report import Report
from .rundata.response import default_response_path, read_response
from .rundata.side_files import read_side_files

if TYPE_CHECKING:
    from .claims import Claim
    from .critique import Critique
    from .rundata.records import LlmResult

_TRANSCRIPT_NAMES = ("transcript.json", "transcript.jsonl", "transcript-raw.jsonl")


class Paths(Record):
    """Where one test's inputs are and where its results go.

    `metrics_file`: AgentV's `metrics.json` beside the response, when it exists (read for
    the figures the timing file lacks, SPEC §4.3). `listing`: the listing of `test_dir` the
    defaults were found from (None: it could not be listed), which the result-path checks
    reuse when nothing run since can have changed the folder; equality and repr leave it out.
    """

    test_dir: str | None
    bench_dir: str | None
    response_file: str
    timing_file: str | None
    transcript_file: str | None
    user_notes: str | None
    metrics_file: str | None = None
    listing: Listing | None = field(default=None, compare=False)


def find_test(suite: Suite, test_id: str) -> TestCase:
    """The test with this id; unknown ids get a 'did you mean'; duplicates are refused."""
    problem = unsafe_test_id(test_id)
    if problem is not None:
        raise GradeInputError(problem, file=suite.path, hint="test ids name folders")
    matches = [t for t in suite.tests if t.id == test_id]
    if not matches:
        import difflib

        ids = suite.test_ids()
        close = difflib.get_close_matches(test_id, ids, n=3, cutoff=0.5)
        hint = (
            "did you mean " + ", ".join(repr(c) for c in close) + "?"
            if close
            else f"the file has {len(ids)} test(s): "
            + ", ".join(ids[:10])
            + (" …" if len(ids) > 10 else "")
        )
        raise GradeInputError(f"unknown test id {test_id!r}", file=suite.path, hint=hint)
    if len(matches) > 1:
        lines = ", ".join(str(t.line) for t in matches if t.line is not None)
        raise GradeInputError(
            f"test id {test_id!r} is used by {len(matches)} tests"
            + (f" (lines {lines})" if lines else ""),
            file=suite.path,
            line=matches[1].line,
            hint="give each test a unique id",
        )
    return matches[0]


def resolve_paths(
    test_id: str,
    *,
    response_file: str | None,
    bench_dir: str | None,
    timing_file: str | None = None,
    transcript_file: str | None = None,
    user_notes: str | None = None,
) -> Paths:
    """Apply SPEC §2's defaults for every path option."""
    if bench_dir is None and response_file is not None:
        parent = os.path.dirname(os.path.abspath(response_file))
        if os.path.basename(parent) == test_id:
            bench_dir = os.path.dirname(parent)
    response_file = default_response_path(test_id, response_file, bench_dir)
    if response_file is None:
        raise GradeInputError(
            "no response: pass --response-file or --bench-dir",
            hint="the response defaults to <bench-dir>/<test-id>/response.md",
        )
    test_dir = None
    listing = None
    if bench_dir is not None:
        test_dir = os.path.join(bench_dir, test_id)
        listing = _listing(test_dir)
    return _found_paths(
        test_dir, bench_dir, response_file, timing_file, transcript_file, user_notes, listing
    )


def default_paths(bench_dir: str, test_id: str) -> Paths:
    """`resolve_paths(test_id, response_file=None, bench_dir=bench_dir)`, every path its
    default under `<bench-dir>/<test-id>/` (a batch's test). A folder listing that shows
    none of the optional inputs answers at once: the usual test folder of a batch."""
    if not test_id or "/" in test_id or os.sep != "/":  # (a batch checked its ids already)
        return resolve_paths(test_id, response_file=None, bench_dir=bench_dir)
    prefix = _prefixes.get(bench_dir)
    if prefix is None:
        prefix = _prefixes[bench_dir] = os.path.join(bench_dir, "")
    test_dir = prefix + test_id  # `os.path.join`'s result for a name without a separator
    response_file = test_dir + "/response.md"
    listing = _listing(test_dir)
    if listing is not None and listing.folded is not None:
        if listing.folded.isdisjoint(_OPTIONAL_INPUTS):  # no spelling of any of them
            return Paths(test_dir, bench_dir, response_file, None, None, None, None, listing)
    return _found_paths(test_dir, bench_dir, response_file, None, None, None, listing)


_prefixes: dict[str, str] = {}  # a bench dir's `os.path.join(bench_dir, "")`
# The inputs a test folder may hold besides the response, as `_found_paths` looks them up
# (in lower case: a listing's `folded` names).
_OPTIONAL_INPUTS = frozenset((*_TRANSCRIPT_NAMES, "timing.json", "user_notes.md", "metrics.json"))


def _found_paths(
    test_dir: str | None,
    bench_dir: str | None,
    response_file: str,
    timing_file: str | None,
    transcript_file: str | None,
    user_notes: str | None,
    listing: Listing | None,
) -> Paths:
    """The defaults of the inputs not given, found in the test folder (`listing`, where
    it could be listed)."""
    in_response_folder = None  # `exists` of the response's folder, when it is the test's
    if test_dir is not None:
        prefix = os.path.join(test_dir, "")  # + a name: `os.path.join`'s result
        exists = listing.exists if listing is not None else _exists_by_stat(test_dir)
        if transcript_file is None:
            for name in _TRANSCRIPT_NAMES:
                if exists(name):
                    transcript_file = prefix + name
                    break
        if timing_file is None and exists("timing.json"):
            timing_file = prefix + "timing.json"
        if user_notes is None and exists("user_notes.md"):
            user_notes = prefix + "user_notes.md"
        if response_file == prefix + "response.md":
            in_response_folder = exists
    metrics_file: str | None = None  # made only when there is one (most runs: none)
    if in_response_folder is None or in_response_folder("metrics.json"):
        metrics_file = _metrics_path(response_file)
        if in_response_folder is None and not os.path.exists(metrics_file):
            metrics_file = None
    return Paths(
        test_dir=test_dir,
        bench_dir=bench_dir,
        response_file=response_file,
        timing_file=timing_file,
        transcript_file=transcript_file,
        user_notes=user_notes,
        metrics_file=metrics_file,
        listing=listing,
    )


def _metrics_path(response_file: str) -> str:
    """AgentV's `metrics.json` beside the response."""
    return os.path.join(os.path.dirname(os.path.abspath(response_file)), "metrics.json")


def _listing(folder: str) -> Listing | None:
    """One listing of a test folder answers whether each default input exists: it is asked
    about six names, and a stat of a missing name in a folder seen for the first time
    costs more than the whole listing. None when the folder cannot be listed."""
    try:
        return Listing(folder)
    except OSError:
        return None


def _exists_by_stat(folder: str) -> Callable[[str], bool]:
    """`os.path.exists` of a name in a folder that could not be listed."""
    return lambda name: os.path.exists(os.path.join(folder, name))


def grade_loaded(
    suite: Suite,
    test: TestCase,
    paths: Paths,
    options: GradeOptions,
    *,
    write: bool = True,
    critique_in_suite: bool = False,
    eval_dir: str | None = None,
) -> Report:
    """Grade one test of an already loaded suite (batch mode parses the file once).

    `critique_in_suite` (batch mode): the critique is made and returned with the report
    (`Report.critique`) for the suite's file, and no per-test critique file is written
    (SPEC §6.2). `eval_dir`: the eval file's folder (`eval_dir_of(suite.path)`), when the
    caller has it (a batch works it out once, not a `getcwd` per test)."""
    threshold = options.threshold
    if test.threshold_problem is not None and threshold is None:
        raise test.threshold_problem
    if write and paths.test_dir is None:
        raise GradeInputError(
            "no bench dir: pass --bench-dir (results go to <bench-dir>/<test-id>/)"
        )
    if eval_dir is None:
        eval_dir = eval_dir_of(suite.path)
    response = read_response(paths.response_file)
    output, specs = response.text, test.assertions
    if test.output_transform is not None:
        output, specs = _transformed(test, output, eval_dir)
    side = read_side_files(
        paths.timing_file, paths.transcript_file, paths.metrics_file, test.input_text
    )
    run = RunData(
        test=test,
        response=output,
        response_path=paths.response_file,
        eval_dir=eval_dir,
        timing=side.timing,
        timing_problem=side.timing_problem,
        transcript=side.transcript,
        transcript_problem=side.transcript_problem,
        llm_results=_llm_results(paths.test_dir) if _judged(test.assertions) else {},
    )
    outcomes = engine.evaluate(specs, run)
    claims = _claims(run)
    effective = threshold if threshold is not None else test.threshold
    score = scoring.score_test(outcomes, effective)
    merge_files: list[merge.MergeFile] = []
    if paths.test_dir is not None and paths.bench_dir is not None:
        merge_files = merge.plan(
            outcomes,
            paths.test_dir,
            resolve_layout(options.layout, paths.bench_dir, paths.test_dir),
        )
    notes, notes_warnings = _notes(paths.user_notes)
    inputs = report.Inputs(
        eval_path=suite.path,
        response_file=paths.response_file,
        response_sha256=response.sha256,
        timing_file=paths.timing_file,
        transcript_file=paths.transcript_file,
        warnings=response.warnings + side.warnings + tuple(notes_warnings),
        user_notes_summary=notes,
    )
    findings = _critique(suite, test, run, outcomes, paths.bench_dir) if options.critique else None
    figures = agentv_bench.test_figures(outcomes, merge_files, paths.test_dir)
    data = report.build(
        suite,
        test,
        outcomes,
        score,
        effective,
        inputs,
        [m.relpath for m in merge_files],
        findings,
        agentv=figures,
        agentv_warnings=agentv_bench.differences(
            score.score, figures, outcomes, score.required_failed
        ),
        claims=claims,
        critique_in_suite=critique_in_suite,
    )
    if write and paths.test_dir is not None:
        # No program of this run can have changed the test folder since it was listed.
        listed = None if runs_programs(test.assertions) else paths.listing
        own = None if critique_in_suite else findings
        result_files.write(paths.test_dir, data, merge_files, own, listing=listed, claims=claims)
    return Report(
        data=data,
        outcomes=outcomes,
        test_dir=paths.test_dir if write else None,
        critique=findings,
    )


def eval_dir_of(eval_path: str) -> str:
    """The folder of the eval file, absolute (what its relative paths are relative to)."""
    return os.path.dirname(os.path.abspath(eval_path))


def _claims(run: RunData) -> tuple[Claim, ...] | None:
    """The response's claims checked against the transcript (SPEC §5.9); None without a
    usable transcript, and then the checker is never imported (cold start, §8). Checked
    once per run: a `claims-consistent` assertion may have checked them already."""
    return run.claims()


def _transformed(
    test: TestCase, output: str, eval_dir: str
) -> tuple[str, tuple[AssertionSpec, ...]]:
    """The output after the test's `options.transform`; when it cannot run, every
    assertion is `error` with the reason (SPEC §3), the output left as it was."""
    from .load.transform import apply_transform
    from .record import replace

    assert test.output_transform is not None
    done = apply_transform(test.output_transform, output, test.vars, eval_dir)
    if done.text is not None:
        return done.text, test.assertions
    return output, tuple(replace(s, problem=done.problem) for s in test.assertions)


def _critique(
    suite: Suite,
    test: TestCase,
    run: RunData,
    outcomes: tuple[Outcome, ...],
    bench_dir: str | None,
) -> Critique:
    """`critique_test`, imported on first use (not at all with `--no-critique`) and then
    called without an import statement per test."""
    global _critique_test
    if _critique_test is None:
        from .critique import critique_test

        _critique_test = critique_test
    return _critique_test(suite, test, run, outcomes, bench_dir)


_critique_test: Callable[..., Critique] | None = None


def _llm_results(test_dir: str | None) -> Mapping[str, LlmResult]:
    """`read_llm_results`, imported only for a test with LLM-judged items (its module and
    the run-data records cost a cold start 7 ms)."""
    from .rundata.llm_results import read_llm_results

    return read_llm_results(test_dir)


def _judged(specs: tuple[AssertionSpec, ...]) -> bool:
    """Whether any assertion (group children included) is LLM-judged: only those read the
    agent's LLM result files (`RunData.llm_results`), so a test without one lists no folder
    for them."""
    for spec in specs:
        if spec.type in LLM_TYPES or (spec.children and _judged(spec.children)):
            return True
    return False


def runs_programs(specs: tuple[AssertionSpec, ...]) -> bool:
    """Whether any assertion may start a program while the test is graded."""
    for spec in specs:
        if about(spec.type).runs_programs:
            return True
    return False


def _notes(path: str | None) -> tuple[dict[str, list[str]] | None, list[str]]:
    """`read_notes`, imported only when there is a notes file (cold start)."""
    if path is None:
        return None, []
    from .rundata.notes import read_notes

    return read_notes(path)


def grade_test(
    eval_path: str,
    test_id: str,
    *,
    response_file: str | None = None,
    bench_dir: str | None = None,
    timing_file: str | None = None,
    transcript_file: str | None = None,
    user_notes: str | None = None,
    threshold: float | None = None,
    write: bool = True,
    layout: str = "auto",
    critique: bool = True,
) -> Report:
    """Grade one test case and (by default) write its result files.

    Args:
        eval_path: the AgentV eval file (`.yaml`/`.yml`/`.jsonl`).
        test_id: the test to grade.
        response_file: the answer; defaults to `<bench_dir>/<test_id>/response.md`.
        bench_dir: results go to `<bench_dir>/<test_id>/`.
        threshold: overrides the eval's own test threshold.
        write: False grades without writing anything.
        critique: False skips the eval critique (no critique files, `critique` null).

    Returns:
        The report; `Report.exit_code` is what the command line would exit with.

    Raises:
        GradeInputError: the inputs are unusable (the command line exits 2).
    """
    suite = load_suite(eval_path)
    test = find_test(suite, test_id)
    paths = resolve_paths(
        test_id,
        response_file=response_file,
        bench_dir=bench_dir,
        timing_file=timing_file,
        transcript_file=transcript_file,
        user_notes=user_notes,
    )
    options = GradeOptions(threshold=threshold, layout=layout, critique=critique)
    return grade_loaded(suite, test, paths, options, write=write)
