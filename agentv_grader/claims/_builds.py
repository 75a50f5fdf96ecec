"""Claims about a build and a pull request's CI checks (SPEC §5.9).

"The build is warning-free" is held against the last build command's output (a test
command that builds first among them; where it compiled nothing, the last output of that
command that did): a compiler's own `warning:` line there contradicts it, unless a later
edit may have touched its file (a clean build never verifies it: the flags or the targets
the claim names are not checked). "All CI checks are green on the PR" is held against the
last `gh pr checks`: its count of failing checks contradicts it, its "All checks were
successful" verifies it. "The last three runs on main all failed" is held against the
newest rows of the last `gh run list`: one that succeeded contradicts it (all failing
never verifies it: how they failed is not checked).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ._facts import CONTRADICTED, EARLIER, VERIFIED, Finding
from ._figure_words import NUM, count_of
from ._files import opaque_ran
from ._gate import Gated, Words
from ._index import BUILD_CALL, COMMAND_PARTS, Call, RunIndex
from ._later import later

_BUILD_CLAIM = Gated(
    later(r"\b(?:re)?(?:build|builds|built)\b|\b(?:compiles?|compiled)\b", re.I),
    Words("build builds built rebuild rebuilds rebuilt compile compiles compiled"),
)
_WARNING_FREE = Gated(
    later(
        r"\bwarning-free\b|\b(?:no|zero|0|without(?: any)?) "
        r"(?:(?:errors?|issues?) (?:or|and|nor) )?(?:compiler )?warnings\b"
        # `compiles cleanly`, `a clean build`, `the build is clean`: no warning either
        r"|\b(?:compiles?|compiled|builds?|built)\s+cleanly\b|\bclean\s+(?:re)?build\b"
        r"|\bbuild\s+(?:is|was)\s+(?:now\s+)?clean\b",
        re.I,
    ),
    Words("warning warnings cleanly clean"),
)
# the compiler's flags the claim ticks (`-fanalyzer`, `-Wall -Wextra -Wpedantic`)
_FLAG_SAID = later(r"`(-[\w=+-]+(?:[^\S\n]+-[\w=+-]+)*)`")
# a compiler's command line a build echoes (make's `cc -std=c11 -O2 -Wall -c src/a.c …`),
# after a line break (an output's first line is read with `match`)
_COMPILE_LINE = later(r"\n(?:cc|gcc|g\+\+|c\+\+|clang(?:\+\+)?)[^\S\n]+-")
# a build that compiled nothing: what it would warn of is the last build's that did
_NOTHING_BUILT = later(r"n(?<!\wn)o work to do\b|N(?<!\wN)othing to be done for\b")
# a compiler's own warning: gcc's and clang's `x.c:3:1: warning: …`, rustc's and typst's
# `warning: …`, msbuild's `warning CS0168:`, its `2 Warning(s)`, webpack's `WARNING in
# ./src/a.js` and Create React App's `Compiled with warnings.`
_COMPILER_WARNING = later(
    r"\bwarning(?:\[[\w-]+\])?: |: warning [A-Z]+\d+:|\b[1-9]\d* Warning\(s\)"
    r"|\bWARNING in |\bCompiled with warnings\b"
)

_LAST_RUNS = Gated(
    later(r"\b(?:last|latest) " + NUM + r" (?:CI )?runs\b(?: on (\S+))?"
          r".*\ball (?:failed|fail|red)\b", re.I),
    Words("last latest"),
)  # fmt: skip
_RUN_LIST = later(r"\bgh run list\b")
_CI_CLAIM = Gated(later(r"\b(?:CI|checks)\b"), Words("ci checks"))
_GREEN = Words("green pass passes passed passing succeed succeeds succeeded successful")
_PR_CHECKS = later(r"\bgh pr checks\b")
_FAILING_CHECKS = later(r"\b[1-9]\d* failing\b|Some checks were not successful")


def build_findings(text: str, index: RunIndex) -> Iterator[Finding]:
    """A build said to be free of warnings, against the last build's output (of the builds
    given the flags it ticks); one said to have compiled the first time, against the first
    build after the first edit."""
    if _BUILD_CLAIM.search(text) is None:
        return
    if _FIRST_TRY.search(text) is not None:
        yield from _first_build(index)
    if _WARNING_FREE.search(text) is None:
        return
    builds = index.builds()
    # `a rebuild with `-fanalyzer``: the builds given its flags, by command or echoed line
    flags = [flag for span in _FLAG_SAID.findall(text) for flag in span.split()]
    if flags:
        given = [b for b in builds if all(f in b.command or f in b.output for f in flags)]
        if not given and builds:
            yield from _flags_unseen(flags, builds, index)
        builds = given or builds  # none seen given them: the project's config may
    if not builds:
        return
    last = builds[-1]
    compiled = _compiled(builds)
    warning = _COMPILER_WARNING.search(compiled.output)
    if warning is not None and index.changed_after(last):
        if not _warned_files_kept(compiled.output, last, index):
            return
    if warning is not None:
        said = "the last build" if compiled is last else "the last build that compiled"
        yield Finding(CONTRADICTED, f"{said} warned: {compiled.cite(warning.group(0))}")


def _flags_unseen(flags: list[str], builds: list[Call], index: RunIndex) -> Iterator[Finding]:
    """A flag said given to a build that no call's input nor output holds, where every
    build echoes the compiler lines it ran (`cc -std=c11 -O2 -Wall …`): no build used it."""
    if not all(
        _COMPILE_LINE.match("\n" + build.output[:80]) or _COMPILE_LINE.search(build.output)
        for build in builds
    ):
        return  # a build that hides its command lines may have given it
    for flag in flags:
        lowered = flag.lower()
        if not index.inputs_containing(lowered) and not index.in_outputs_anywhere(lowered):
            yield Finding(CONTRADICTED, f"no build gives `{flag}`: {builds[-1].cite()}")
            return


# `The fix compiled on the first try`: a build said to have gone well the first time
_FIRST_TRY = later(
    r"\b(?:compiled|built|builds?|compiles?)\b[^.;]{0,30}?"
    r"\b(?:(?:on|at)\s+the\s+first\s+(?:try|attempt|go)|first\s+time)\b",
    re.I,
)
# a compiler's error: rustc's `error[E0308]: ` and `could not compile`, tsc's `error
# TS2322:`, gcc's and clang's `a.c:3:5: error: `
_COMPILE_ERROR = later(
    r"\berror(?:\[E\d{4}\])?: |\berror TS\d+: |: (?:fatal )?error: |\bcould not compile\b"
)


def _first_build(index: RunIndex) -> Iterator[Finding]:
    """The first build after the run's first edit or write (the first of all where none
    came), which failed or printed a compiler's error: no build went well the first time."""
    written = index.first_write()
    after = written.order if written is not None else 0
    first = next((build for build in index.builds() if build.order > after), None)
    if first is None:
        return
    error = _COMPILE_ERROR.search(first.output)
    if error is not None or first.failed:
        shown = first.cite(error.group(0).strip(": ") if error is not None else "")
        yield Finding(CONTRADICTED, f"the first build after the first edit failed: {shown}")


def _warned_files_kept(output: str, build: Call, index: RunIndex) -> bool:
    """Every warning of `output` opens with its file, and each edit or write after `build`
    names a file of another name (one naming none may touch any), where no
    unseen program ran: an edit elsewhere (a test, a manifest) leaves the warnings."""
    if opaque_ran(index):
        return False
    names = set()
    for warning in _COMPILER_WARNING.finditer(output):
        name = _warned_file(output[output.rfind("\n", 0, warning.start()) + 1 : warning.start()])
        if name is None:
            return False
        names.add(name)
    for after in index.edits_after(build):
        target = after.command_lower
        if "/" not in target and "." not in target or any(n in target for n in names):
            return False
    return True


def _warned_file(opening: str) -> str | None:
    """The name of the file a warning's line opens with (`src/Filter.hs:27:14: `, before
    `warning:`), lowercase, if it opens with one and a line (and a column) alone."""
    path, *place = opening.strip().removesuffix(":").split(":")
    if not 1 <= len(place) <= 2 or not all(p.isdigit() for p in place) or "." not in path:
        return None
    name = path.rsplit("/", 1)[-1].lower()
    return name if name and not any(c.isspace() for c in path) else None


def _compiled(builds: list[Call]) -> Call:
    """The last of `builds` that compiled something: before a last build that did nothing
    (`ninja: no work to do`), the one before it of the same command, whose objects, and
    warnings, it kept."""
    last = builds[-1]
    if _NOTHING_BUILT.search(last.output) is None:
        return last
    command = _build_part(last.command)
    for earlier in reversed(builds[:-1]):
        if _build_part(earlier.command) == command:
            return earlier if _NOTHING_BUILT.search(earlier.output) is None else last
    return last


def _build_part(command: str) -> str | None:
    """The part of a shell command that builds (`cmake --build build -j8` of `cmake
    --build build -j8 && ctest`), spaces made one."""
    for part in COMMAND_PARTS.split(command):
        if BUILD_CALL.search(part.lower()) is not None:
            return " ".join(part.split())
    return None


def ci_findings(text: str, index: RunIndex) -> Iterator[Finding]:
    """A pull request's CI checks said to pass, against the last `gh pr checks`; the last
    runs said to have failed, against the last `gh run list`."""
    yield from _last_runs(text, index)
    if "job" in text.lower():
        yield from _job_findings(text, index)
    if _CI_CLAIM.search(text) is None or not _GREEN.may_hold(text):
        return
    checks = index.shell_matching(_PR_CHECKS, ("checks",))
    if not checks:
        return
    last = checks[-1]
    failing = _FAILING_CHECKS.search(last.output)
    if failing is not None:
        yield Finding(CONTRADICTED, f"not every check passed: {last.cite(failing.group(0))}")
    elif "All checks were successful" in last.output:
        yield Finding(VERIFIED, last.cite("All checks were successful"))


# `the job went green`, `the test job passed`: one CI job said to pass
_JOB_PASSED = later(
    r"\bthe (?:[\w-]+ )?job\b[^.;]{0,20}?\b(?:went green|turned green|is green|was green|"
    r"is now green|passe[sd]|succeed(?:s|ed))\b",
    re.I,
)
# a local runner's verdict on a job: act's `🏁  Job succeeded`, gitlab-runner's `Job failed`
_JOB_VERDICT = later(r"Job(?<!\wJob) (succeeded|failed)\b")
_FAILED = Words("fail fails failed failing errored error crashed red")


def _job_findings(text: str, index: RunIndex) -> Iterator[Finding]:
    """A CI job said to pass, against the last output giving a local runner's verdict on
    jobs (act, gitlab-runner): contradicted where each of its verdicts is a failure (a
    claim telling of a failure or of an earlier run says which run it means only by a
    guess)."""
    if _JOB_PASSED.search(text) is None or _FAILED.may_hold(text) or EARLIER.may_hold(text):
        return
    judged = [c for c, _ in index.outputs_with("job ") if _JOB_VERDICT.search(c.output)]
    if not judged:
        return
    last = judged[-1]
    verdicts = _JOB_VERDICT.findall(last.output)
    if all(verdict == "failed" for verdict in verdicts):
        yield Finding(CONTRADICTED, f"the job failed: {last.cite('job failed')}")


def _last_runs(text: str, index: RunIndex) -> Iterator[Finding]:
    claim = _LAST_RUNS.search(text)
    if claim is None:
        return
    lists = index.shell_matching(_RUN_LIST, ("list",))
    if not lists:
        return
    last = lists[-1]
    branch = claim.group(2)
    if branch is not None and f" {branch.strip('`.,').lower()}" not in last.command_lower:
        return  # runs of another branch, or of every branch
    newest = _statuses(last.output)[: count_of(claim.group(1))]
    passed = next((line for line, ok in newest if ok), None)
    if passed is not None:
        yield Finding(CONTRADICTED, f"one of them succeeded: {last.cite(passed)}")


def _statuses(output: str) -> list[tuple[str, bool | None]]:
    """Each run row of `gh run list` (newest first): whether it succeeded (`✓`, a
    `success` conclusion), failed (`X`, `failure`) or is neither (running, cancelled)."""
    rows: list[tuple[str, bool | None]] = []
    for line in output.splitlines():
        stripped = line.strip()
        if not stripped or stripped.startswith("STATUS"):
            continue
        cells = stripped.split("\t") if "\t" in stripped else stripped.split()
        first = cells[0]
        if first == "✓" or (first == "completed" and cells[1:2] == ["success"]):
            rows.append((stripped, True))
        elif first == "X" or (first == "completed" and cells[1:2] == ["failure"]):
            rows.append((stripped, False))
        else:
            rows.append((stripped, None))
    return rows
