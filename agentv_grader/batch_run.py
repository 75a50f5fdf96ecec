"""`grade_batch`: batch mode as a library call (SPEC §2), the twin of `grade_test`.

It loads the suite, grades every test that has a response (`batch.py` runs the workers),
writes `grade_summary.json` and the JUnit file, and returns what it found; what is printed
while it runs is the caller's business (`BatchWatcher`).
"""

from __future__ import annotations

import gc
import os
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

from .layout import Scout
from .options import GradeOptions
from .record import Record, field, replace

if TYPE_CHECKING:
    from .batch import BatchOptions, Render, TestResult, Workers
    from .model import Suite
    from .suite_critique import SuiteCritique


class BatchWatcher(Protocol):
    """Told how a batch goes, to show it (the command line's lines and progress bar)."""

    def started(self, count_responses: Callable[[], int]) -> None:
        """The batch is planned; `count_responses()` counts the tests it will grade."""

    def graded(self, result: TestResult) -> None:
        """One test is done (suite order), or found without a response."""

    def finished(self) -> None:
        """Grading is over (also when it stopped on an exception)."""


class BatchRun(Record):
    """What a batch did: a result per test that had a response, the ids of those that had
    none, the summary as written to `summary_path`, and the exit status (SPEC §2); and
    the suite it graded, as loaded (a command line that exits next keeps it, and the
    results, until it leaves: freeing 2,000 tests object by object took 20 ms); and the
    suite's critique as written (None with `critique=False`)."""

    results: list[TestResult]
    no_response: list[str]
    summary: dict[str, Any]
    summary_path: str
    exit_code: int
    suite: Suite | None = field(default=None, compare=False)
    critique: SuiteCritique | None = None
    parsed: list[Any] = field(default_factory=list, compare=False)


def grade_batch(
    eval_path: str,
    bench_dir: str,
    *,
    threshold: float | None = None,
    layout: str = "auto",
    critique: bool = True,
    jobs: int | None = None,
    junit: str | None = None,
    render: Render | None = None,
    watcher: BatchWatcher | None = None,
) -> BatchRun:
    """Grade every test of the suite that has `<bench_dir>/<test-id>/response.md`, writing
    each test's files, `grade_summary.json`, the suite's critique (`eval_critique.json` and
    `.md`, unless `critique` is False) and (with `junit`) a JUnit XML file.

    Args:
        eval_path: the AgentV eval file.
        bench_dir: the run directory, a folder per test.
        threshold, layout, critique: as for `grade_test` (`GradeOptions`).
        jobs: worker processes (default: one per CPU).
        junit: where to write the JUnit XML file, if anywhere.
        render: makes each test's printed line (`TestResult.line`) where it is graded.
        watcher: told of each result as it comes.

    Returns:
        The results, the summary and the exit status.

    Raises:
        GradeInputError: the inputs are unusable, or no test has a response.
    """
    options = GradeOptions(threshold=threshold, layout=layout, critique=critique)
    # The garbage collector is paused from the load until the loaded suite is frozen
    # (`batch.start_workers` before the workers are forked, else `batch.run_batch`):
    # otherwise the first allocation after the load's own pause (`gc_paused`) scans every
    # object the load made, only for all of them to be frozen next (some 38 M instructions
    # of the serial head on 2,000 tests). It is enabled again before any worker is forked.
    collecting = gc.isenabled()
    gc.disable()
    try:
        from .load.files import read_text_file

        # The eval file is read before the scout is forked, which hashes it meanwhile.
        data = read_text_file(eval_path, "eval file")
        with Scout.start(options.layout, bench_dir, data) as scout:  # forked before the imports
            from . import batch
            from .load.evalfile import load_suite

            # Loaded before the suite rather than after: the load asks the scout for the
            # text's shape once it has parsed it, and the scout has this much longer.
            batch._for_many_tests()
            parsed: list[Any] = []  # (`BatchRun.parsed`)
            suite = load_suite(
                eval_path, data=data, digest=scout.digest, shape=scout.shape, keep=parsed
            )
            found = scout.answer()
        if found is not None:
            options = GradeOptions(threshold=threshold, layout=found, critique=critique)
        jobs = jobs or os.cpu_count() or 1
        batch_options = batch.BatchOptions(options, render)
        with batch.start_workers(
            suite,
            jobs,
            critique=critique,
            bench_dir=bench_dir,
            layout=options.layout,
            options=batch_options,
            resume_collector=collecting,
        ) as workers:
            done = _run(suite, bench_dir, batch_options, jobs, workers, junit, watcher, collecting)
            return replace(done, parsed=parsed)
    finally:
        if collecting:
            gc.enable()


def _run(
    suite: Suite,
    bench_dir: str,
    options: BatchOptions,
    jobs: int,
    workers: Workers | None,
    junit: str | None,
    watcher: BatchWatcher | None,
    resume_collector: bool,
) -> BatchRun:
    """The batch once the suite is loaded and its workers (if any) are starting; the
    collector is enabled again (`resume_collector`) once the suite is frozen."""
    from . import batch, suite_critique, summary
    from .outputs import check_targets, write_atomic

    tests = batch.plan_batch(suite, bench_dir)
    critique = options.grading.critique
    targets = suite_critique.targets(bench_dir) if critique else []
    check_targets(targets + [junit] if junit else targets)  # before anything is written
    if watcher is not None:
        watcher.started(lambda: batch.count_responses(tests, bench_dir))
    summing = summary.Summing()  # each result added as it comes, while the workers grade

    def taken(result: TestResult) -> None:
        if watcher is not None:
            watcher.graded(result)
        if not result.no_response:
            summing.add(result)

    try:
        results = batch.run_batch(
            suite,
            tests,
            bench_dir,
            options,
            jobs=jobs,
            on_result=taken,
            workers=workers,
            resume_collector=resume_collector,
        )
    finally:
        if watcher is not None:
            watcher.finished()
    results, missing = batch.split_results(results, bench_dir)
    totals = summing.summary(missing)
    path = summary.write_summary(bench_dir, totals)
    written = None
    if critique:
        written = suite_critique.write(bench_dir, suite.name, suite.path, results)
    else:  # a previous batch's must not pass for this run's
        suite_critique.remove_previous(bench_dir)
    if junit:
        write_atomic(junit, summary.junit_xml(suite.name, results))
    exit_code = max((r.exit_code for r in results), default=0)
    return BatchRun(results, missing, totals, path, exit_code, suite, written)
