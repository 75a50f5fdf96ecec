"""The `agentv-grade` command: parses options and calls the library, nothing more.

click parses every command line except a plain grading one (only the grading options,
each once, as `--name value` or `--name=value`, no value starting with `-`): that one
`_fast_options` reads without importing click (cold start, SPEC §8). Anything else
(`--help`, `--version`, `--list-types`, `critique`, an unknown or repeated option, a bad
value) goes to click, so its messages stay click's.
"""

from __future__ import annotations

import io
import os
import sys
from collections.abc import Callable, Mapping
from functools import cache
from typing import IO, TYPE_CHECKING, Any, NoReturn

from . import __version__
from .errors import GradeInputError
from .layout import LAYOUT_CHOICES
from .record import Record

if TYPE_CHECKING:
    import click

    from .batch import TestResult
    from .batch_run import BatchRun
    from .progress import Progress

# Fixed help width, so docs/cli.md does not depend on the terminal it was made in.
_CONTEXT: dict[str, Any] = {
    "help_option_names": ["-h", "--help"],
    "terminal_width": 80,
    "max_content_width": 80,
}


FORMATS = ("text", "json")


class _Option(Record):
    """One option of the main command, for click and for the fast path alike. `kind`:
    `str`, `float`, `int`, `flag`, or the tuple of choices. `fast`: the fast path reads it
    (`--list-types` is left to click). `dest`: the parameter's name, when it is not the
    flag's."""

    flag: str
    help: str
    kind: str | tuple[str, ...] = "str"
    default: Any = None
    fast: bool = True
    dest: str | None = None

    @property
    def key(self) -> str:
        return self.dest or self.flag[2:].replace("-", "_")


_RESPONSE_HELP = "The candidate's answer [default: <bench-dir>/<test-id>/response.md]."
_BENCH_HELP = "Run directory for the suite; results go to <bench-dir>/<test-id>/."
_OPTIONS = (
    _Option("--eval-path", "AgentV eval file (.yaml/.yml suite, or .jsonl)."),
    _Option("--test-id", "Test to grade; omit for batch mode over the bench dir."),
    _Option("--response-file", _RESPONSE_HELP),
    _Option("--bench-dir", _BENCH_HELP),
    _Option("--timing-file", "timing.json with duration, tokens and cost."),
    _Option("--transcript-file", "The run's messages and tool calls."),
    _Option("--user-notes", "Executor notes (user_notes.md)."),
    _Option("--threshold", "Test pass threshold 0..1 [default: the eval's, else 0.8].", "float"),
    _Option("--format", "Summary on stdout: text lines or the JSON report.", FORMATS, "text",
            dest="fmt"),
    _Option("--jobs", "Batch mode worker processes [default: number of CPUs].", "int"),
    _Option("--junit", "Batch mode: also write a JUnit XML file here."),
    _Option("--no-critique", "Do not write the eval critique.", "flag", False),
    _Option("--agentv-layout", "Which AgentV merge files to write.", LAYOUT_CHOICES, "auto"),
    _Option("--list-types", "List the assertion types and exit.", "flag", False, fast=False),
)  # fmt: skip
_FAST = {option.flag: option for option in _OPTIONS if option.fast}
_PER_TEST_OPTIONS = ("response_file", "timing_file", "transcript_file", "user_notes")
# The variable that turns on click's shell completion, named as click names it.
_COMPLETE_VAR = "_" + "agentv-grade".replace("-", "_").upper() + "_COMPLETE"


class _Command(Record):
    """The main command's options as parsed (by click or `_fast_options`), one per row of
    `_OPTIONS`."""

    eval_path: str | None
    test_id: str | None
    response_file: str | None
    bench_dir: str | None
    timing_file: str | None
    transcript_file: str | None
    user_notes: str | None
    threshold: float | None
    fmt: str
    jobs: int | None
    junit: str | None
    no_critique: bool
    agentv_layout: str
    list_types: bool


def _fast_options(argv: list[str]) -> _Command | None:
    """The options click would pass to the main command for a plain grading command line,
    or None when click must parse it (see the module docstring)."""
    if os.environ.get(_COMPLETE_VAR):  # click's shell completion
        return None
    options = {option.key: option.default for option in _OPTIONS}
    seen: set[str] = set()
    args = iter(argv)
    for arg in args:
        name, eq, value = arg.partition("=")
        option = _FAST.get(name)
        if option is None or name in seen:
            return None
        seen.add(name)
        if option.kind == "flag":
            if eq:
                return None
            options[option.key] = True
            continue
        if not eq:
            given = next(args, None)
            if given is None:
                return None
            value = given
        if value.startswith("-"):
            return None
        converted = _converted(option.kind, value)
        if converted is None:
            return None
        options[option.key] = converted
    return _Command(**options)


def _converted(kind: str | tuple[str, ...], value: str) -> str | float | int | None:
    """`value` as click converts it for an option of `kind`, or None where click would
    refuse it (and say why)."""
    try:
        if kind == "float":
            return float(value)
        if kind == "int":
            return int(value)
    except ValueError:
        return None
    if isinstance(kind, tuple) and value not in kind:
        return None
    return value


def _first_line(data: Mapping[str, Any]) -> str:
    summary = data["summary"]
    score = "-" if data["score"] is None else f"{data['score']:.3f}"
    reachable = data.get("score_range")
    if summary["pending"] and reachable is not None:  # what judging can still make of it
        score += f" ({reachable[0]:.3f}–{reachable[1]:.3f} when judged)"
    return (
        f"{data['verdict'].upper()} {data['test_id']} score={score} "
        f"threshold={data['threshold']:g} "
        f"passed={summary['passed']} failed={summary['failed']} errors={summary['errors']} "
        f"skipped={summary['skipped']} pending={summary['pending']}"
    )


def _text_summary(data: dict[str, Any], report_path: str | None) -> str:
    lines = [_first_line(data)]
    pending_names = {(p["assertion"], p["index"]) for p in data["pending"] if "within" not in p}
    for item in data["assertions"]:
        if item["status"] != "passed" and (item["name"], item["index"]) not in pending_names:
            lines.append(f"  [{item['status']}] {item['name']}: {item['text']}")
            if item["evidence"] and item["status"] in ("failed", "error", "skipped"):
                lines.append(f"      {item['evidence'][:300]}")
    for pending in data["pending"]:  # by their distinct names, which `judge --item` takes
        within = f" (in {' > '.join(pending['within'])})" if pending.get("within") else ""
        again = " again (its result file is stale)" if pending.get("stale") else ""
        lines.append(
            f"  [pending] {pending['name']}{within}: {pending['scoring']} judgement needed"
            f"{again}; agentv-grade judge --item {pending['name']} … writes "
            f"{pending['result_path']}"
        )
    claims = data.get("claims")
    if claims:
        lines.append(
            f"  claims: {claims['total']} ({claims['verified']} verified, "
            f"{claims['contradicted']} contradicted, {claims['unverifiable']} unverifiable) "
            f"in {claims['path']}"
        )
        for claim in claims["contradicted_claims"]:
            lines.append(f"  [contradicted] {claim['line']}:{claim['col']} {claim['text'][:200]}")
            lines.append(f"      {claim['evidence'][:300]}")
    critique = data.get("critique")
    if critique is not None:
        lines.append(f"  critique: {critique['suggestions']} suggestion(s) in {critique['path']}")
    for warning in data["warnings"]:
        lines.append(f"  warning: {warning}")
    if report_path:
        lines.append(f"  report: {report_path}")
    return "\n".join(lines)


def _list_types() -> str:
    from .assertions import REGISTRY

    rows = []
    for name, entry in sorted(REGISTRY.items()):
        doc = (entry.check.__doc__ or "").strip().splitlines()[0]
        rows.append(f"{name:28} {entry.family:10} {doc}")
    return "\n".join(rows)


def _grade(options: _Command, out: IO[str], err: IO[str]) -> int:
    """The main command, once its options are parsed (by click or `_fast_options`)."""
    if options.list_types:
        out.write(_list_types() + "\n")
        # (stderr: stdout stays one type per line) where a grader agent finds its guide
        err.write("grader agents: `agentv-grade instructions` prints your instructions\n")
        return 0
    if not options.eval_path:
        raise GradeInputError("--eval-path is required", hint="see agentv-grade --help")
    if options.jobs is not None and options.jobs < 1:
        raise GradeInputError(f"--jobs must be at least 1, got {options.jobs}")
    if options.test_id is None:
        return _batch(options.eval_path, options, out, err)
    return _single(options.eval_path, options.test_id, options, out)


def _single(eval_path: str, test_id: str, options: _Command, out: IO[str]) -> int:
    _prefetch_response(options)
    from .grading import grade_test

    report = grade_test(
        eval_path,
        test_id,
        response_file=options.response_file,
        bench_dir=options.bench_dir,
        timing_file=options.timing_file,
        transcript_file=options.transcript_file,
        user_notes=options.user_notes,
        threshold=options.threshold,
        layout=options.agentv_layout,
        critique=not options.no_critique,
    )
    if options.fmt == "json":
        out.write(report.to_json())
    else:
        path = os.path.join(report.test_dir, "grader_report.json") if report.test_dir else None
        out.write(_text_summary(dict(report.data), path) + "\n")
    return report.exit_code


def _prefetch_response(options: _Command) -> None:
    """Start reading a big response file (1 MB or more) in a daemon thread before the
    grader is imported, so the read overlaps the imports and the eval load (SPEC §8,
    "Large responses"). The path is `default_response_path`'s, as `grading.resolve_paths`;
    a test id that could not name a folder is never read ahead (the run stops on it)."""
    from .names import unsafe_test_id
    from .rundata.response import default_response_path, prefetch

    test_id = options.test_id
    if test_id is None:  # (batch mode reads no response ahead)
        return
    path = default_response_path(test_id, options.response_file, options.bench_dir)
    if path is not None and unsafe_test_id(test_id) is None:
        prefetch(path)


def _batch(eval_path: str, options: _Command, out: IO[str], err: IO[str]) -> int:
    given = [f"--{o.replace('_', '-')}" for o in _PER_TEST_OPTIONS if getattr(options, o)]
    if given:
        raise GradeInputError(
            f"{', '.join(given)} need --test-id", hint="or omit them in batch mode"
        )
    if not options.bench_dir:
        raise GradeInputError("batch mode needs --bench-dir", hint="or pass --test-id")
    from .batch_run import grade_batch

    done = grade_batch(
        eval_path,
        options.bench_dir,
        threshold=options.threshold,
        layout=options.agentv_layout,
        critique=not options.no_critique,
        jobs=options.jobs,
        junit=options.junit,
        render=_json_line if options.fmt == "json" else _text_line,
        watcher=_Console(out, err),
    )
    global _last_batch
    _last_batch = done  # freed by the process's end (`_leave`), not object by object
    closing = _closing_line(done.summary, done.summary_path)
    if done.critique is not None:  # the suite's critique: one line after the table
        closing_critique = "\n" + _critique_line(done.critique.counts, done.critique.path)
    else:
        closing_critique = ""
    if options.fmt == "json":
        err.write(closing + closing_critique + "\n")
    else:
        from .summary import summary_table

        out.write(closing + "\n" + summary_table(done.summary) + closing_critique + "\n")
    return done.exit_code


def _critique_line(counts: Mapping[str, int], path: str) -> str:
    """Batch mode's line for the suite's critique (SPEC §2)."""
    return (
        f"critique: {counts['high'] + counts['medium'] + counts['low']} suggestion(s) "
        f"({counts['high']} high, {counts['medium']} medium, {counts['low']} low) in "
        f"{counts['tests_with_suggestions']} of {counts['tests']} test(s): {path}"
    )


# The last batch's results and suite (one at a time: a caller of `run` in a loop keeps no
# more): kept until the process leaves, so that freeing them does not delay its exit.
_last_batch: BatchRun | None = None


class _Console:
    """Batch mode's output while it runs: each result's line on stdout, and a progress bar
    on stderr when it is a terminal (`BatchWatcher`)."""

    def __init__(self, out: IO[str], err: IO[str]) -> None:
        self._out = out
        self._err = err
        self._progress: Progress | None = None

    def started(self, count_responses: Callable[[], int]) -> None:
        from .progress import Progress

        self._progress = Progress.start(self._err, self._out, count_responses)

    def graded(self, result: TestResult) -> None:
        if result.no_response:
            return
        if self._progress is not None:
            self._progress.clear()
        self._out.write(result.line + "\n")
        if self._progress is not None:
            self._progress.advance()

    def finished(self) -> None:
        if self._progress is not None:
            self._progress.close()


def _json_line(test_id: str, data: Mapping[str, Any] | None, problem: str | None) -> str:
    """One test's line in batch mode with `--format json`: its report, or why it was not
    graded. Called where the test was graded (a worker process)."""
    from .jsontext import dump_json_line

    if data is None:
        return dump_json_line({"test_id": test_id, "error": problem})
    return dump_json_line(data)


def _text_line(test_id: str, data: Mapping[str, Any] | None, problem: str | None) -> str:
    """`_json_line` for `--format text`: the test's first line, then the warning that AgentV's
    `pipeline bench` will score it differently, if it will (the number a grader agent
    reports)."""
    if data is None:
        return f"ERROR {test_id}: {problem}"
    first = _first_line(data)
    warnings, stale = data["warnings"], data.get("stale_results")
    if not warnings and not stale:  # (most tests: no import, no list to join)
        return first
    from .agentv_bench import SCORE_WARNING

    lines = [first]
    lines += [f"  warning: {w}" for w in warnings if w.startswith(SCORE_WARNING)]
    lines += [  # a result judged against an older response or item (SPEC §5.6)
        f"  warning: {s['path']} was judged against {s['reason']}: re-judge it "
        f"(agentv-grade judge --item {s['item']} …)"
        for s in stale or ()
    ]
    return "\n".join(lines)


def _closing_line(summary: dict[str, Any], path: str) -> str:
    totals = summary["totals"]
    return (
        f"graded {totals['tests']} test(s): pass={totals['pass']} fail={totals['fail']} "
        f"pending={totals['pending']} skipped={totals['skipped']} "
        f"not_graded={totals['not_graded']} "
        f"no_response={len(summary['no_response'])}; summary: {path}"
    )


@cache
def _commands() -> tuple[click.Command, click.Command]:
    """The click commands (main, critique), built on first use: click is imported only
    when it parses."""
    import click

    @click.version_option(__version__, "--version", prog_name="agentv-grade")
    @click.pass_context
    def grade(ctx: click.Context, /, **options: Any) -> int:
        """Grade an AgentV test case deterministically and write AgentV-mergeable results.

        Grader agents: `agentv-grade instructions` prints your instructions (use them as
        the grader's prompt); `agentv-grade judge --help` scores a pending LLM item.

        Without --test-id, every test of the suite that has <bench-dir>/<id>/response.md is
        graded (batch mode). `agentv-grade critique --help` critiques a suite without
        responses; `agentv-grade report BENCH_DIR` writes an HTML page of a graded run;
        `agentv-grade mcp` serves these tools to an agent host over MCP (stdio).
        """
        return _grade(_Command(**options), ctx.obj["stdout"], ctx.obj["stderr"])

    with_options: Callable[..., Any] = grade
    for option in reversed(_OPTIONS):  # (decorators apply from the bottom up)
        with_options = _click_option(option)(with_options)
    main_command = click.command(context_settings=_CONTEXT)(with_options)

    @click.command(context_settings=_CONTEXT)
    @click.option("--eval-path", type=str, required=True, help="AgentV eval file to critique.")
    @click.option("--test-id", type=str, help="Critique one test [default: every test].")
    @click.option(
        "--format",
        "fmt",
        type=click.Choice(FORMATS),
        default="text",
        show_default=True,
        help="A readable table, or JSON.",
    )
    @click.pass_context
    def critique_command(ctx: click.Context, /, **options: Any) -> int:
        """Critique an eval suite without responses; exit 1 on a high-severity finding."""
        from .critique.command import run_critique

        return run_critique(
            options["eval_path"], options["test_id"], options["fmt"], ctx.obj["stdout"]
        )

    return main_command, critique_command


@cache
def _page_and_server_commands() -> dict[str, click.Command]:
    """`report` and `mcp` (SPEC §10, §11), built on first use like `_commands`."""
    import click

    @click.command(context_settings=_CONTEXT)
    @click.argument("bench_dir", type=str)
    @click.option(
        "--output", type=str, help="Where to write the page [default: <BENCH_DIR>/report.html]."
    )
    @click.pass_context
    def report_command(ctx: click.Context, /, bench_dir: str, output: str | None) -> int:
        """Write one self-contained HTML page for a graded run, from the result files it
        already holds (never grading again)."""
        from .html_report import write_page

        page = write_page(bench_dir, output)
        ctx.obj["stdout"].write(f"report: {page.path} ({page.tests} tests, {page.size} bytes)\n")
        return 0

    @click.command(context_settings=_CONTEXT)
    def mcp_command() -> int:
        """Serve grade_test, grade_run, submit_judgement, critique_suite, list_types and
        get_instructions as Model Context Protocol tools on stdin/stdout (stdio), until the
        host closes them.
        Needs the mcp extra: pip install 'agentv-grader[mcp]'."""
        from .mcp_tools import check_installed

        check_installed()
        from .mcp_server import serve

        serve()
        return 0

    return {"report": report_command, "mcp": mcp_command}


def _click_option(option: _Option) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """`option` as a click option, as the command's help shows it."""
    import click

    if option.kind == "flag":
        return click.option(option.flag, option.key, is_flag=True, help=option.help)
    if isinstance(option.kind, tuple):
        choices = click.Choice(list(option.kind))
        return click.option(
            option.flag,
            option.key,
            type=choices,
            default=option.default,
            show_default=True,
            help=option.help,
        )
    kind = {"str": str, "float": float, "int": int}[option.kind]
    return click.option(option.flag, option.key, type=kind, help=option.help)


def run(argv: list[str], stdout: IO[str], stderr: IO[str]) -> int:
    """Run the command line; returns the exit status (SPEC §2: 0, 1, 2, or 3 for a bug)."""
    import contextlib

    try:
        with contextlib.redirect_stdout(stdout):  # --help and --version print via click.echo
            options = _fast_options(argv)
            if options is not None:
                return _run_fast(options, stdout, stderr)
            return _run_click(argv, stdout, stderr)
    except GradeInputError as exc:  # one line, whatever the names in it hold
        message = str(exc).replace("\r", "\\r").replace("\n", "\\n")
        stderr.write(f"agentv-grade: error: {message}\n")
        return 2


def _run_fast(options: _Command, stdout: IO[str], stderr: IO[str]) -> int:
    """`_grade` with what click's `main` adds around a command (`_run_click`): Ctrl-C or
    end of input is an abort, a broken stdout pipe a quiet exit 1."""
    try:
        return _grade(options, stdout, stderr)
    except (EOFError, KeyboardInterrupt):
        sys.stderr.write("\n")
        stderr.write("agentv-grade: aborted\n")
        return 2
    except OSError as exc:
        import errno

        if exc.errno != errno.EPIPE:
            raise
        from click import utils

        # (newer click makes the class private; the public name is a deprecated alias)
        pacify: Any = getattr(utils, "_PacifyFlushWrapper", None)
        if pacify is None:
            pacify = utils.PacifyFlushWrapper
        sys.stdout = pacify(sys.stdout)
        sys.stderr = pacify(sys.stderr)
        sys.exit(1)


def _run_click(argv: list[str], stdout: IO[str], stderr: IO[str]) -> int:
    import click

    main_command, critique_command = _commands()
    try:
        command, prog, args = main_command, "agentv-grade", argv
        if argv[:1] == ["critique"]:
            command, prog, args = critique_command, "agentv-grade critique", argv[1:]
        elif argv[:1] in (["instructions"], ["judge"]):  # the grader agent's own commands
            from .agent_commands import commands

            command, prog, args = commands()[argv[0]], f"agentv-grade {argv[0]}", argv[1:]
        elif argv[:1] in (["report"], ["mcp"]):
            command = _page_and_server_commands()[argv[0]]
            prog, args = f"agentv-grade {argv[0]}", argv[1:]
        result = command.main(
            args=args,
            prog_name=prog,
            standalone_mode=False,
            obj={"stdout": stdout, "stderr": stderr, "stdin": sys.stdin},
        )
    except click.exceptions.NoArgsIsHelpError as exc:  # pragma: no cover - not configured
        stderr.write(str(exc) + "\n")
        return 2
    except click.UsageError as exc:
        stderr.write(f"agentv-grade: error: {exc.format_message()} (see agentv-grade --help)\n")
        return 2
    except click.exceptions.Exit as exc:
        return int(exc.exit_code)
    except click.Abort:
        stderr.write("agentv-grade: aborted\n")
        return 2
    except click.ClickException as exc:
        stderr.write(f"agentv-grade: error: {exc.format_message()}\n")
        return 2
    if result is None:  # --help / --version printed and returned
        return 0
    return int(result)


def main() -> None:
    """Console-script entry point: an internal bug exits 3 with its traceback (SPEC §2);
    SIGTERM ends the run through `SystemExit`, so no temporary file is left behind."""
    from .sigterm import exit_on_sigterm

    exit_on_sigterm()
    for stream in (sys.stdout, sys.stderr):  # a lone surrogate in a quote must not crash
        if isinstance(stream, io.TextIOWrapper):
            stream.reconfigure(errors="backslashreplace")
    try:
        code = run(sys.argv[1:], sys.stdout, sys.stderr)
    except Exception:
        import traceback

        traceback.print_exc()
        sys.stderr.write("agentv-grade: internal error (exit 3): please report this bug\n")
        code = 3
    _leave(code)


def _leave(code: int) -> NoReturn:
    """Exit with `code` once the output is flushed, without tearing the interpreter down.

    Everything the run writes is complete by now (files are closed and renamed, worker
    processes joined); what is left is freeing every object one by one, which took 15 to
    20 ms after a batch (the parsed suite, the results), on the path of every call. A
    flush that fails (a closed pipe) takes the usual exit, which reports it as before."""
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except (OSError, ValueError):
        sys.exit(code)
    os._exit(code)
