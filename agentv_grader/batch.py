"""Batch mode (SPEC §2): every test of the suite that has a response, one report each,
graded in this process or by worker processes; `summary.py` adds the results up."""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from . import suite_critique, team
from .digest import use_fast_sha256
from .env import settled
from .errors import GradeInputError
from .grading import Paths, default_paths, eval_dir_of, grade_loaded, runs_programs
from .jsontext import use_fast_json
from .layout import resolve_layout
from .load.evalfile import load_suite
from .model import Status, Suite, TestCase
from .names import unsafe_test_id
from .options import GradeOptions
from .record import Record, replace
from .rundata.response import handing_on
from .sigterm import exit_on_sigterm

if TYPE_CHECKING:
    from concurrent.futures import ProcessPoolExecutor


# What a batch prints for one test, given its id and either its report data or the reason
# it could not be graded: the command line's format, applied where the report is.
Render = Callable[[str, Mapping[str, Any] | None, str | None], str]


class TestResult(Record):
    """One test's share of the batch, as little as the parent needs: the line to print
    and `digest` (verdict, score, counts and the assertions that did not pass, which the
    summary and the JUnit file use), or why the test could not be graded. The report
    itself stays where it was made: a worker process has already written it, and sending
    it whole to the parent only to be printed cost the parent as much as grading."""

    __test__ = False  # not a pytest test class, despite the name

    test_id: str
    digest: dict[str, Any] | None
    problem: str | None = None
    exit_code: int = 0
    line: str = ""
    no_response: bool = False  # nothing graded, nothing printed: listed as `no_response`
    # The test's critique for the suite's files (SPEC §6.2), made where the test was graded
    # (`suite_critique.share`): its member of the JSON file's `tests` as written there (or
    # its JSON data, `Critique.to_json()`, where only the whole file can be written), its
    # section of the markdown as written there (none without suggestions: such a test is
    # counted there, not listed) and its tally for the counts. None: no critique.
    critique: bytes | dict[str, Any] | None = None
    critique_section: bytes = b""
    critique_tally: tuple[int, int, int, bool] | None = None


def plan_batch(suite: Suite, bench_dir: str) -> list[TestCase]:
    """The tests to grade (every test of the suite), once their ids are known to be safe
    and unique and the bench dir exists. Whether a test has a response is found where it
    is graded (`grade_one`), from the listing of its folder that grading makes anyway: one
    look per test instead of two, and none of them on the path before the workers start.

    (Run after the team is forked and before it is let go: its processes wait for it.)"""
    tests = suite.tests
    ids = [test.id for test in tests]
    if not _all_plain(ids):
        for test in tests:
            problem = None if _all_plain([test.id]) else unsafe_test_id(test.id)
            if problem is not None:
                raise GradeInputError(
                    problem, file=suite.path, line=test.line, hint="test ids name folders"
                )
    if len(set(ids)) != len(ids):
        seen: dict[str, int] = {}
        for test_id in ids:
            seen[test_id] = seen.get(test_id, 0) + 1
        duplicates = sorted(i for i, n in seen.items() if n > 1)
        raise GradeInputError(
            "duplicate test id(s): " + ", ".join(repr(d) for d in duplicates),
            file=suite.path,
            hint="give each test a unique id",
        )
    if not os.path.isdir(bench_dir):
        raise GradeInputError("bench dir not found", file=bench_dir)
    return list(tests)


# A test id `unsafe_test_id` cannot refuse, told by one match: ASCII letters, digits, `.`,
# `_` and `-` only (no separator, control character or `X:`), not beginning with a dot
# (not `.` or `..`), at most 255 characters (bytes). Any other id is asked in full.
PLAIN_ID = r"[A-Za-z0-9_-][A-Za-z0-9._-]{0,254}"
# Plain ids, a line break between each two: a suite's ids, joined, are told plain by one
# match, where a match per test cost some 1,400 instructions (2,000 of them while a team's
# processes wait to be let go: `plan_batch`).
_PLAIN_IDS = re.compile(rf"{PLAIN_ID}(?:\n{PLAIN_ID})*")


def _all_plain(ids: list[str]) -> bool:
    """Whether every one of `ids` is a plain id (`PLAIN_ID`), and there is one. The
    joined text has only the joins' line breaks: an id holding one is not two plain ids."""
    joined = "\n".join(ids)
    return joined.count("\n") == len(ids) - 1 and _PLAIN_IDS.fullmatch(joined) is not None


def count_responses(tests: list[TestCase], bench_dir: str) -> int:
    """How many of `tests` have a response now: the total a progress bar shows."""
    return sum(os.path.isfile(os.path.join(bench_dir, t.id, "response.md")) for t in tests)


def split_results(results: list[TestResult], bench_dir: str) -> tuple[list[TestResult], list[str]]:
    """(the tests graded or tried, the ids without a response); refuses a batch in which
    no test had a response (nothing was written then)."""
    graded = [r for r in results if not r.no_response]
    if not graded:
        raise GradeInputError(
            "no test has a response in the bench dir",
            file=bench_dir,
            hint="expected <bench-dir>/<test-id>/response.md",
        )
    return graded, [r.test_id for r in results if r.no_response]


def _paths(bench_dir: str, test_id: str) -> Paths:
    """A batch test's paths: every default of SPEC §2 under `<bench-dir>/<test-id>/`."""
    return default_paths(bench_dir, test_id)


class BatchOptions(Record):
    """What every test of a batch is graded with, and how its printed line is made (None:
    no line); `eval_dir`, the eval file's folder, once it is worked out for the batch
    (`for_suite`)."""

    grading: GradeOptions
    render: Render | None = None
    eval_dir: str | None = None
    # Whether each test's share of the suite critique is written as the files hold it
    # where it is graded (`suite_critique.share`): for a worker, whose parent then only
    # joins the shares after the last test; a batch graded in one process keeps the data
    # and writes the whole document at the end, which costs it less (one orjson call).
    shares_written: bool = False

    def with_layout(self, layout: str) -> BatchOptions:
        """These options with `auto` resolved to the layout it found."""
        return replace(self, grading=replace(self.grading, layout=layout))

    def for_suite(self, suite: Suite) -> BatchOptions:
        """These options with the folder of `suite`'s eval file, worked out once here for
        every test (`os.path.abspath` of a relative path asks for the working folder)."""
        if self.eval_dir is not None:
            return self
        return replace(self, eval_dir=eval_dir_of(suite.path))


def grade_one(suite: Suite, test: TestCase, bench_dir: str, options: BatchOptions) -> TestResult:
    """Grade one test, isolating any failure to this test; a test whose folder holds no
    `response.md` file (SPEC §2: a folder of that name is none) is not graded."""
    try:
        paths = _paths(bench_dir, test.id)
        if not _has_response(paths):
            return TestResult(test.id, None, no_response=True)
        report = grade_loaded(
            suite, test, paths, options.grading, critique_in_suite=True, eval_dir=options.eval_dir
        )
    except GradeInputError as exc:
        return _not_graded(test.id, str(exc), 1, options)
    except Exception as exc:  # one broken test never stops the batch (SPEC §2)
        return _not_graded(test.id, f"internal error: {type(exc).__name__}: {exc}", 3, options)
    data = report.data
    line = options.render(test.id, data, None) if options.render is not None else ""
    critique = report.critique
    if critique is None:
        return TestResult(test.id, digest(data), None, report.exit_code, line)
    member, section, tally = suite_critique.share(test.id, critique, options.shares_written)
    return TestResult(
        test.id, digest(data), None, report.exit_code, line, False, member, section, tally
    )


def _has_response(paths: Paths) -> bool:
    """`os.path.isfile` of the test's response, answered by the listing of its folder
    where it can (a symbolic link is followed)."""
    if paths.listing is None:
        return os.path.isfile(paths.response_file)
    return paths.listing.is_file(os.path.basename(paths.response_file))


def _not_graded(test_id: str, problem: str, exit_code: int, options: BatchOptions) -> TestResult:
    line = options.render(test_id, None, problem) if options.render is not None else ""
    return TestResult(test_id, None, problem, exit_code, line)


# A test's claims as the summary counts them (the report's `claims` block, SPEC §5.9).
CLAIM_COUNTS = ("total", "verified", "contradicted", "unverifiable")
# A stale LLM result as the summary lists it (the report's `stale_results`, SPEC §5.6).
STALE_FIELDS = ("item", "path", "basis")


def digest(data: Mapping[str, Any]) -> dict[str, Any]:
    """What `summary.Summing` and `junit_xml` read of a report: the test's row of the summary
    (verdict, score, counts, AgentV's figures, the claims by status: None without a
    transcript), made where the test is graded rather than in the batch's serial end; the
    stale LLM results (item, path, basis); the assertions that did not pass (only the
    fields they use)."""
    claims = data.get("claims")
    stale = data.get("stale_results")
    return {
        "row": {
            "verdict": data["verdict"],
            "score": data["score"],
            **data["summary"],
            "agentv": data.get("agentv"),
            "claims": None if claims is None else {key: claims[key] for key in CLAIM_COUNTS},
        },
        "stale_results": [{key: item[key] for key in STALE_FIELDS} for item in stale]
        if stale
        else [],
        "assertions": [
            {
                "name": item["name"],
                "type": item["type"],
                "status": item["status"],
                "text": item["text"],
                "evidence": item["evidence"],
            }
            for item in data["assertions"]
            if item["status"] != _PASSED
        ],
    }


_PASSED = Status.PASSED.value  # (an enum's `.value` is a property: looked up once)


_worker_suite: Suite | None = None


# The AgentV layout this worker writes: (as asked, bench dir, as resolved). A worker serves
# one batch, and nothing the batch writes can change what `auto` resolves to.
_worker_layout: tuple[str, str, str] | None = None


def _init_worker(
    shared: Suite | None, eval_path: str, critique: bool, bench_dir: str, layout: str
) -> None:
    """Each worker grades from one parsed suite: the parent's own copy when the workers
    are forked (nothing pickled, nothing parsed again), else parsed once per worker.

    It then resolves the batch's AgentV layout (a scan of the bench dir for `auto`) and
    imports what grading the suite's first test needs (its assertion families, the
    critique), while the parent is still checking the test ids and the bench dir."""
    global _worker_suite, _worker_layout
    exit_on_sigterm()  # a worker stopped by SIGTERM removes its temporary file too
    _fewer_collections()
    _for_many_tests()
    _worker_suite = shared if shared is not None else load_suite(eval_path)
    _worker_layout = None
    try:
        _layout_here(layout, bench_dir)
        _get_ready(_worker_suite, critique)
    except Exception:  # only a head start: the test's own grading reports any problem
        pass


# The young generation's collection threshold while a batch grades (the interpreter's is
# 700 allocations): a test's objects nearly all die by reference counting, so collections
# every 700 allocations found little, for about 1 % of a batch's instructions (SPEC §8).
# What does survive is the memos (some 55 objects a test on the varied suite), which a
# collection only walks, 20-40 ms a collection of 50,000 of them: at 200,000, a process
# grading up to some 3,000 such tests collects none, and garbage in cycles stays bounded.
BATCH_GC_THRESHOLD = 200_000


def _fewer_collections() -> None:
    """A worker process's threshold for the rest of its life (it only grades)."""
    import gc

    gc.set_threshold(BATCH_GC_THRESHOLD, *gc.get_threshold()[1:])


def _for_many_tests() -> None:
    """What repays its loading over a batch's many tests and not for one (SPEC §8): orjson
    for the result files, OpenSSL's SHA-256 for the responses."""
    use_fast_json()
    use_fast_sha256()


def _layout_here(asked: str, bench_dir: str) -> str:
    """The layout this worker writes for `asked` in `bench_dir`, resolved once."""
    global _worker_layout
    if _worker_layout is None or _worker_layout[:2] != (asked, bench_dir):
        _worker_layout = (asked, bench_dir, _resolved_layout(asked, bench_dir))
    return _worker_layout[2]


def _resolved_layout(asked: str, bench_dir: str) -> str:
    found = resolve_layout(asked, bench_dir)
    return found if found is not None else "none"


def _get_ready(suite: Suite, critique: bool) -> None:
    from .assertions import REGISTRY

    for spec in suite.tests[0].assertions if suite.tests else ():
        entry = REGISTRY.get(spec.type)
        if entry is not None:
            entry.check  # noqa: B018 - resolving the check imports its family module
    if critique:
        from . import critique as _critique  # noqa: F401


def _started() -> None:
    """A first task: forked workers are started when the pool is first given work."""


# A worker's share: the bench dir, the options, and (suite position, test id) per test.
_Chunk = tuple[str, BatchOptions, list[tuple[int, str]]]


# A `TestResult` as a worker sends it: its fields in order, a plain tuple (no class to
# look up and no state to set for each result, on either side).
_Sent = tuple[
    str,
    dict[str, Any] | None,
    str | None,
    int,
    str,
    bool,
    bytes | dict[str, Any] | None,
    bytes,
    tuple[int, int, int, bool] | None,
]


def _work(chunk: _Chunk) -> list[_Sent]:
    bench_dir, options, wanted = chunk
    options = options.with_layout(_layout_here(options.grading.layout, bench_dir))
    assert _worker_suite is not None
    return _grade_piece(_worker_suite, bench_dir, options, wanted)


def _grade_piece(
    suite: Suite, bench_dir: str, options: BatchOptions, wanted: list[tuple[int, str]]
) -> list[_Sent]:
    """Grade a piece of the batch: (suite position, test id) per test, in order."""
    tests = suite.tests
    results: list[_Sent] = []
    # Consecutive tests: each response read once (critique, then grading), and each
    # setting of the environment once.
    with handing_on(), settled():
        for index, test_id in wanted:
            if index >= len(tests) or tests[index].id != test_id:  # re-parsed a changed file
                problem = "the eval file changed during the batch"
                result = TestResult(test_id, None, problem, 1)
            else:
                result = grade_one(suite, tests[index], bench_dir, options)
            results.append(_sent(result))
    return results


def _sent(result: TestResult) -> _Sent:
    return (
        result.test_id,
        result.digest,
        result.problem,
        result.exit_code,
        result.line,
        result.no_response,
        result.critique,
        result.critique_section,
        result.critique_tally,
    )


def chunk_sizes(count: int, jobs: int, largest: int = 64, smallest: int = 4) -> list[int]:
    """How many tests each piece of work holds, in order: at most `largest` (few round
    trips to the workers), shrinking towards the end (guided scheduling) so that no worker
    is left with a long last piece while the others wait."""
    sizes = []
    left = count
    while left > 0:
        floor = min(smallest, -(-left // jobs))  # a few tests left: still one per worker
        size = min(left, max(floor, min(largest, left // (2 * jobs))))
        sizes.append(size)
        left -= size
    return sizes


class Workers(Record):
    """A batch's worker processes, and how many: a process pool, or a team already forked
    to grade every test of the suite (`crew`, the pieces it takes, the options it grades
    with, its layout resolved)."""

    pool: ProcessPoolExecutor | None
    jobs: int
    crew: team.Team | None = None
    pieces: tuple[_Chunk, ...] = ()
    options: BatchOptions | None = None


@contextmanager
def start_workers(
    suite: Suite,
    jobs: int,
    *,
    critique: bool,
    bench_dir: str,
    layout: str,
    options: BatchOptions | None = None,
    resume_collector: bool = False,
) -> Iterator[Workers | None]:
    """Worker processes for grading `suite` into `bench_dir` with AgentV layout `layout`,
    started at once, so that they get ready while the parent plans the batch: a team
    where one can be formed (`team.available`) and the batch's `options` are given (it
    grades every test of the suite with them), else a process pool; None for one job, a
    suite too small to share, or a team without `options` (`run_batch` forms it).

    The objects that exist now (the parsed suite above all) are frozen out of the garbage
    collector's scans until the workers are done, and forked workers inherit them
    untouched (no copy-on-write of their GC headers). `resume_collector`: the caller
    paused the collector for the load (`grade_batch`); it is enabled again as soon as
    they are frozen, before any worker is forked, so that the workers collect as usual.
    """
    if jobs <= 1 or len(suite.tests) < 2 * jobs:
        yield None
        return
    if team.available():
        if options is None:
            yield None
            return
        with _started_team(
            suite, bench_dir, options.with_layout(layout), jobs, resume_collector
        ) as crew:
            yield crew
        return
    import gc
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    _for_many_tests()  # the parent writes the summary with orjson: loaded once, for every worker
    context = multiprocessing.get_context()
    shared = suite if context.get_start_method() == "fork" else None
    gc.freeze()
    if resume_collector:
        gc.enable()
    try:
        with ProcessPoolExecutor(
            max_workers=jobs,
            mp_context=context,
            initializer=_init_worker,
            initargs=(shared, suite.path, critique, bench_dir, layout),
        ) as pool:
            pool.submit(_started)
            yield Workers(pool, jobs)
    finally:
        gc.unfreeze()


def run_batch(
    suite: Suite,
    tests: list[TestCase],
    bench_dir: str,
    options: BatchOptions,
    *,
    jobs: int,
    on_result: Callable[[TestResult], None],
    workers: Workers | None = None,
    resume_collector: bool = False,
) -> list[TestResult]:
    """Grade every test, suite order kept: in this process alone for one job; with
    `jobs - 1` forked processes beside it where a team can be formed (`team.available`);
    else in the worker processes of `workers` (a pool started for this bench dir and
    layout), started here when not given.

    `auto` layout is resolved once for the whole batch (nothing the batch writes can change
    the answer), instead of one bench-wide scan per test: here, or once in each worker.
    `resume_collector`: as for `start_workers` (enabled again once the objects are frozen).
    """
    parallel = jobs > 1 and len(tests) >= 2 * jobs
    if parallel and workers is None and not team.available():
        with start_workers(
            suite,
            jobs,
            critique=options.grading.critique,
            bench_dir=bench_dir,
            layout=options.grading.layout,
            resume_collector=resume_collector,
        ) as started:
            return run_batch(
                suite, tests, bench_dir, options, jobs=jobs, on_result=on_result, workers=started
            )
    import gc

    _for_many_tests()  # thousands of files ahead: worth loading orjson and OpenSSL's SHA-256
    options = options.for_suite(suite)
    pool = workers if parallel else None
    if pool is None:
        options = options.with_layout(_resolved_layout(options.grading.layout, bench_dir))
    results: list[TestResult] = []
    gc.freeze()
    if resume_collector:
        gc.enable()
    threshold = gc.get_threshold()
    gc.set_threshold(BATCH_GC_THRESHOLD, *threshold[1:])
    try:
        if pool is not None and pool.crew is not None and _whole_suite(suite, tests):
            found = _from_crew(pool)
        elif pool is not None and pool.pool is not None:
            found = _from_pool(suite, tests, bench_dir, options, pool)
        elif parallel:
            found = _from_team(suite, tests, bench_dir, options, jobs)
        else:
            found = _alone(suite, tests, bench_dir, options)
        for result in found:
            on_result(result)
            results.append(result)
    finally:
        # The batch's young objects (its results, up to BATCH_GC_THRESHOLD of them) go
        # to the oldest generation with the rest, uncollected: restoring the caller's
        # threshold first made the next allocation collect them all, some 20 ms of the
        # serial end (a later full collection still finds any cycle among them).
        gc.freeze()
        gc.set_threshold(*threshold)
        gc.unfreeze()
    return results


def _alone(
    suite: Suite, tests: list[TestCase], bench_dir: str, options: BatchOptions
) -> Iterator[TestResult]:
    with handing_on(), settled():
        for test in tests:
            yield grade_one(suite, test, bench_dir, options)


def _pieces(
    suite: Suite, tests: list[TestCase], bench_dir: str, options: BatchOptions, jobs: int
) -> list[_Chunk]:
    """The batch cut into pieces of (suite position, test id), shrinking towards the end,
    for worker processes (each test's share of the suite critique written where it is)."""
    options = replace(options, shares_written=True)
    position = {id(t): i for i, t in enumerate(suite.tests)}
    wanted = [(position[id(t)], t.id) for t in tests]
    chunks: list[_Chunk] = []
    start = 0
    for size in chunk_sizes(len(wanted), jobs):
        chunks.append((bench_dir, options, wanted[start : start + size]))
        start += size
    return chunks


def _whole_suite(suite: Suite, tests: list[TestCase]) -> bool:
    """Whether `tests` are the suite's own, in order (what a team started early grades)."""
    return len(tests) == len(suite.tests) and all(
        a is b for a, b in zip(tests, suite.tests, strict=True)
    )


def _from_pool(
    suite: Suite, tests: list[TestCase], bench_dir: str, options: BatchOptions, workers: Workers
) -> Iterator[TestResult]:
    assert workers.pool is not None
    pieces = _pieces(suite, tests, bench_dir, options, workers.jobs)
    for results in workers.pool.map(_work, pieces):
        for sent in results:
            yield TestResult(*sent)


def _from_team(
    suite: Suite, tests: list[TestCase], bench_dir: str, options: BatchOptions, jobs: int
) -> Iterator[TestResult]:
    """This process and `jobs - 1` forked ones grade the pieces (`team.Team`). The tests
    of a piece lost with its process (killed, say, by the kernel's out-of-memory killer)
    are reported not graded, exit 3; every other test is graded as usual."""
    with _team(suite, tests, bench_dir, options, jobs) as workers:
        yield from _from_crew(workers)


@contextmanager
def _started_team(
    suite: Suite, bench_dir: str, options: BatchOptions, jobs: int, resume_collector: bool
) -> Iterator[Workers]:
    """A team forked as soon as the suite is loaded, to grade every test of it: its
    processes get ready (imports) while this one checks the test ids and the bench dir;
    a batch refused then stops them before anything is written. The layout is resolved
    first (`auto`: the scout's answer, else a scan), so that every process writes the same.
    """
    import gc

    options = options.with_layout(_resolved_layout(options.grading.layout, bench_dir))
    options = options.for_suite(suite)
    _warm_up(suite, bench_dir, options)  # before the freeze: what it makes is frozen too
    gc.freeze()  # see `start_workers`
    if resume_collector:
        gc.enable()
    try:
        with _team(suite, list(suite.tests), bench_dir, options, jobs, warm=False) as workers:
            yield workers
    finally:
        gc.unfreeze()


def _warm_up(suite: Suite, bench_dir: str, options: BatchOptions) -> None:
    """Before a team forks, what each of its processes would otherwise do for itself after
    the fork, done once here and inherited (SPEC §8): orjson and OpenSSL's SHA-256 loaded,
    and the suite's first test graded without writing anything, which imports its checks'
    modules, the pattern engine and the critique and fills their caches (some 20 ms of
    CPU a process). A first test that may start a program, has a transcript (its claims
    check costs more than the imports), has an unsafe id or no response is not graded:
    its checks' modules and the critique are imported instead. Only a head start: any
    problem is left to the test's own grading."""
    _for_many_tests()
    try:
        _get_ready(suite, options.grading.critique)
        first = suite.tests[0] if suite.tests else None
        if first is None or unsafe_test_id(first.id) is not None:
            return
        if runs_programs(first.assertions):
            return
        paths = _paths(bench_dir, first.id)
        if paths.transcript_file is None and _has_response(paths):
            grade_loaded(
                suite, first, paths, options.grading, write=False, eval_dir=options.eval_dir
            )
    except Exception:  # noqa: S110 - a head start only, as the workers' `ready`
        pass


@contextmanager
def _team(
    suite: Suite,
    tests: list[TestCase],
    bench_dir: str,
    options: BatchOptions,
    jobs: int,
    *,
    warm: bool = True,
) -> Iterator[Workers]:
    """`jobs - 1` forked processes, waiting to grade `tests` with this one (`_from_crew`);
    `warm`: `_warm_up` first (a caller that froze the garbage collector's objects for the
    fork has done it before)."""
    if warm:
        _warm_up(suite, bench_dir, options)
    options = replace(options, shares_written=True)  # (as `_pieces` gives them)
    pieces = _pieces(suite, tests, bench_dir, options, jobs)

    def work(piece: int) -> list[_Sent]:
        return _grade_piece(suite, bench_dir, options, pieces[piece][2])

    def ready() -> None:
        exit_on_sigterm()  # a worker stopped by SIGTERM removes its temporary file too
        _fewer_collections()
        _for_many_tests()  # (forked before this process loaded them, when started early)
        _get_ready(suite, options.grading.critique)

    with team.Team.start(jobs, len(pieces), work, ready) as crew:
        yield Workers(None, jobs, crew, tuple(pieces), options)


def _from_crew(workers: Workers) -> Iterator[TestResult]:
    """The results of a team's pieces in order; the tests of a piece lost with its process
    are `not graded`, exit 3."""
    crew, options = workers.crew, workers.options
    assert crew is not None and options is not None
    for piece, sent, graded in crew.run():
        if graded:
            for fields in sent:
                yield TestResult(*fields)
            continue
        problem = f"internal error: a worker process ended ({crew.lost_reason()})"
        for _, test_id in workers.pieces[piece][2]:
            yield _not_graded(test_id, problem, 3, options)
