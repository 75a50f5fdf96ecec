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
from typing import IO, TYPE_CHECKING, Any, NoReturn, TypeVar

from . import __version__
from .errors import GradeInputError

if TYPE_CHECKING:
    import click

    from . import batch
    from .model import Suite

# Fixed help width, so docs/cli.md does not depend on the terminal it was made in.
_CONTEXT: dict[str, Any] = {
    "help_option_names": ["-h", "--help"],
    "terminal_width": 80,
    "max_content_width": 80,
}


FC = TypeVar("FC", bound=Callable[..., Any])


def _format_option(help_text: str) -> Callable[[FC], FC]:
    import click

    return click.option(
        "--format",
        "fmt",
        type=click.Choice(["text", "json"]),
        default="text",
        show_default=True,
        help=help_text,
    )


_PER_TEST_OPTIONS = ("response_file", "timing_file", "transcript_file", "user_notes")

# The fast path's options: flag → (key in `options`, kind); defaults as click has them.
_FAST: dict[str, tuple[str, str]] = {
    "--eval-path": ("eval_path", "str"),
    "--test-id": ("test_id", "str"),
    "--response-file": ("response_file", "str"),
    "--bench-dir": ("bench_dir", "str"),
    "--timing-file": ("timing_file", "str"),
    "--transcript-file": ("transcript_file", "str"),
    "--user-notes": ("user_notes", "str"),
    "--threshold": ("threshold", "float"),
    "--format": ("fmt", "text|json"),
    "--jobs": ("jobs", "int"),
    "--junit": ("junit", "str"),
    "--no-critique": ("no_critique", "flag"),
    "--agentv-layout": ("agentv_layout", "auto|v4|head|none"),
}
# The variable that turns on click's shell completion, named as click names it.
_COMPLETE_VAR = "_" + "agentv-grade".replace("-", "_").upper() + "_COMPLETE"
_FAST_DEFAULTS: dict[str, Any] = {
    **{key: None for key, _ in _FAST.values()},
    "fmt": "text",
    "no_critique": False,
    "agentv_layout": "auto",
    "list_types": False,
}


def _fast_options(argv: list[str]) -> dict[str, Any] | None:
    """The options click would pass to the main command for a plain grading command line,
    or None when click must parse it (see the module docstring)."""
    if os.environ.get(_COMPLETE_VAR):  # click's shell completion
        return None
    options = dict(_FAST_DEFAULTS)
    seen: set[str] = set()
    args = iter(argv)
    for arg in args:
        name, eq, value = arg.partition("=")
        spec = _FAST.get(name)
        if spec is None or name in seen:
            return None
        seen.add(name)
        key, kind = spec
        if kind == "flag":
            if eq:
                return None
            options[key] = True
            continue
        if not eq:
            given = next(args, None)
            if given is None:
                return None
            value = given
        if value.startswith("-"):
            return None
        converted: Any = value
        try:
            if kind == "float":
                converted = float(value)
            elif kind == "int":
                converted = int(value)
        except ValueError:
            return None
        if "|" in kind and value not in kind.split("|"):
            return None
        options[key] = converted
    return options


def _first_line(data: Mapping[str, Any]) -> str:
    summary = data["summary"]
    score = "-" if data["score"] is None else f"{data['score']:.3f}"
    return (
        f"{data['verdict'].upper()} {data['test_id']} score={score} "
        f"threshold={data['threshold']:g} "
        f"passed={summary['passed']} failed={summary['failed']} errors={summary['errors']} "
        f"skipped={summary['skipped']} pending={summary['pending']}"
    )


def _text_summary(data: dict[str, Any], report_path: str | None) -> str:
    lines = [_first_line(data)]
    for item in data["assertions"]:
        if item["status"] != "passed":
            lines.append(f"  [{item['status']}] {item['name']}: {item['text']}")
            if item["evidence"] and item["status"] in ("failed", "error", "skipped"):
                lines.append(f"      {item['evidence'][:300]}")
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


def _grade(options: dict[str, Any], out: IO[str], err: IO[str]) -> int:
    """The main command, once its options are parsed (by click or `_fast_options`)."""
    if options["list_types"]:
        out.write(_list_types() + "\n")
        return 0
    if not options["eval_path"]:
        raise GradeInputError("--eval-path is required", hint="see agentv-grade --help")
    if options["jobs"] is not None and options["jobs"] < 1:
        raise GradeInputError(f"--jobs must be at least 1, got {options['jobs']}")
    if options["test_id"] is None:
        return _batch(options, out, err)
    return _single(options, out)


def _single(options: dict[str, Any], out: IO[str]) -> int:
    _prefetch_response(options)
    from .grading import grade_test

    report = grade_test(
        options["eval_path"],
        options["test_id"],
        response_file=options["response_file"],
        bench_dir=options["bench_dir"],
        timing_file=options["timing_file"],
        transcript_file=options["transcript_file"],
        user_notes=options["user_notes"],
        threshold=options["threshold"],
        layout=options["agentv_layout"],
        critique=not options["no_critique"],
    )
    if options["fmt"] == "json":
        out.write(report.to_json())
    else:
        path = os.path.join(report.test_dir, "grader_report.json") if report.test_dir else None
        out.write(_text_summary(dict(report.data), path) + "\n")
    return report.exit_code


def _prefetch_response(options: dict[str, Any]) -> None:
    """Start reading a big response file (1 MB or more) in a daemon thread before the
    grader is imported, so the read overlaps the imports and the eval load (SPEC §8,
    "Large responses"). The path is `default_response_path`'s, as `grading.resolve_paths`; a
    test id that could not name a folder is never read ahead (the run stops on it)."""
    from .names import unsafe_test_id
    from .rundata.response import default_response_path, prefetch

    test_id = options["test_id"]
    path = default_response_path(test_id, options["response_file"], options["bench_dir"])
    if path is not None and unsafe_test_id(test_id) is None:
        prefetch(path)


def _batch(options: dict[str, Any], out: IO[str], err: IO[str]) -> int:
    from .layout import Scout

    given = [f"--{o.replace('_', '-')}" for o in _PER_TEST_OPTIONS if options[o] is not None]
    if given:
        raise GradeInputError(
            f"{', '.join(given)} need --test-id", hint="or omit them in batch mode"
        )
    if not options["bench_dir"]:
        raise GradeInputError("batch mode needs --bench-dir", hint="or pass --test-id")
    if options["threshold"] is not None and not 0 <= options["threshold"] <= 1:
        raise GradeInputError(f"--threshold must be in 0..1, got {options['threshold']}")
    with Scout.start(options["agentv_layout"], options["bench_dir"]) as scout:
        from . import batch
        from .load.evalfile import load_suite

        suite = load_suite(options["eval_path"])
        options = {**options, "agentv_layout": scout.answer() or options["agentv_layout"]}
    jobs = options["jobs"] or os.cpu_count() or 1
    with batch.start_workers(
        suite,
        jobs,
        critique=not options["no_critique"],
        bench_dir=options["bench_dir"],
        layout=options["agentv_layout"],
    ) as workers:
        return _grade_batch(suite, options, jobs, workers, out, err)


def _grade_batch(
    suite: Suite,
    options: dict[str, Any],
    jobs: int,
    workers: batch.Workers | None,
    out: IO[str],
    err: IO[str],
) -> int:
    """Batch mode once the suite is loaded and its workers (if any) are starting."""
    from . import batch
    from .outputs import check_targets, write_atomic
    from .progress import Progress

    tests = batch.plan_batch(suite, options["bench_dir"])
    check_targets([options["junit"]] if options["junit"] else [])  # before anything is written
    progress = Progress.start(err, out, lambda: batch.count_responses(tests, options["bench_dir"]))

    def show(result: batch.TestResult) -> None:
        if result.no_response:
            return
        if progress is not None:
            progress.clear()
        out.write(result.line + "\n")
        if progress is not None:
            progress.advance()

    options_ = batch.BatchOptions(
        threshold=options["threshold"],
        layout=options["agentv_layout"],
        critique=not options["no_critique"],
        render=_json_line if options["fmt"] == "json" else _text_line,
    )
    try:
        results = batch.run_batch(
            suite, tests, options["bench_dir"], options_, jobs=jobs, on_result=show, workers=workers
        )
    finally:
        if progress is not None:
            progress.close()
    results, missing = batch.split_results(results, options["bench_dir"])
    from . import summary as run_summary

    summary = run_summary.summarise(results, missing)
    path = run_summary.write_summary(options["bench_dir"], summary)
    if options["junit"]:
        write_atomic(options["junit"], run_summary.junit_xml(suite.name, results))
    closing = _closing_line(summary, path)
    if options["fmt"] == "json":
        err.write(closing + "\n")
    else:
        out.write(closing + "\n" + run_summary.summary_table(summary) + "\n")
    return max((r.exit_code for r in results), default=0)


def _json_line(test_id: str, data: Mapping[str, Any] | None, problem: str | None) -> str:
    """One test's line in batch mode with `--format json`: its report, or why it was not
    graded. Called where the test was graded (a worker process)."""
    from .jsontext import dump_json_line

    if data is None:
        return dump_json_line({"test_id": test_id, "error": problem})
    return dump_json_line(data)


def _text_line(test_id: str, data: Mapping[str, Any] | None, problem: str | None) -> str:
    """`_json_line` for `--format text`: the test's first line."""
    return f"ERROR {test_id}: {problem}" if data is None else _first_line(data)


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

    @click.command(context_settings=_CONTEXT)
    @click.option("--eval-path", type=str, help="AgentV eval file (.yaml/.yml suite, or .jsonl).")
    @click.option(
        "--test-id", type=str, help="Test to grade; omit for batch mode over the bench dir."
    )
    @click.option(
        "--response-file",
        type=str,
        help="The candidate's answer [default: <bench-dir>/<test-id>/response.md].",
    )
    @click.option(
        "--bench-dir",
        type=str,
        help="Run directory for the suite; results go to <bench-dir>/<test-id>/.",
    )
    @click.option("--timing-file", type=str, help="timing.json with duration, tokens and cost.")
    @click.option("--transcript-file", type=str, help="The run's messages and tool calls.")
    @click.option("--user-notes", type=str, help="Executor notes (user_notes.md).")
    @click.option(
        "--threshold", type=float, help="Test pass threshold 0..1 [default: the eval's, else 0.8]."
    )
    @_format_option("Summary on stdout: text lines or the JSON report.")
    @click.option(
        "--jobs",
        type=int,
        default=None,
        help="Batch mode worker processes [default: number of CPUs].",
    )
    @click.option("--junit", type=str, help="Batch mode: also write a JUnit XML file here.")
    @click.option("--no-critique", is_flag=True, help="Do not write the eval critique.")
    @click.option(
        "--agentv-layout",
        type=click.Choice(["auto", "v4", "head", "none"]),
        default="auto",
        show_default=True,
        help="Which AgentV merge files to write.",
    )
    @click.option("--list-types", is_flag=True, help="List the assertion types and exit.")
    @click.version_option(__version__, "--version", prog_name="agentv-grade")
    @click.pass_context
    def main_command(ctx: click.Context, /, **options: Any) -> int:
        """Grade an AgentV test case deterministically and write AgentV-mergeable results.

        Without --test-id, every test of the suite that has <bench-dir>/<id>/response.md is
        graded (batch mode). `agentv-grade critique --help` critiques a suite without
        responses.
        """
        return _grade(options, ctx.obj["stdout"], ctx.obj["stderr"])

    @click.command(context_settings=_CONTEXT)
    @click.option("--eval-path", type=str, required=True, help="AgentV eval file to critique.")
    @click.option("--test-id", type=str, help="Critique one test [default: every test].")
    @_format_option("A readable table, or JSON.")
    @click.pass_context
    def critique_command(ctx: click.Context, /, **options: Any) -> int:
        """Critique an eval suite without responses; exit 1 on a high-severity finding."""
        from .critique.command import run_critique

        return run_critique(
            options["eval_path"], options["test_id"], options["fmt"], ctx.obj["stdout"]
        )

    return main_command, critique_command


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


def _run_fast(options: dict[str, Any], stdout: IO[str], stderr: IO[str]) -> int:
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
        result = command.main(
            args=args,
            prog_name=prog,
            standalone_mode=False,
            obj={"stdout": stdout, "stderr": stderr},
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
