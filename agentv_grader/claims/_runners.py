"""Test-runner summaries read from a tool call's output (SPEC §5.9).

Each runner prints its own last word on a run: pytest's `2 failed, 12 passed in 0.21s`,
jest's `Tests: 1 failed, 43 passed, 44 total`, vitest's `Tests  1 failed | 96 passed (97)`,
mocha's `23 passing` / `2 failing`, cargo's `test result: ok. 29 passed; 0 failed`, go
test's `ok`/`FAIL` package lines, unittest's `Ran 42 tests` + `FAILED (failures=3)`,
rspec's `312 examples, 0 failures, 4 pending`, maven's `Tests run: 42, Failures: 0,
Errors: 0, Skipped: 2` (one a module, summed), dotnet test's `Passed!  - Failed: 0,
Passed: 64, …`, ctest's `100% tests passed, 0 tests failed out of 5`, cargo nextest's
`58 tests run: 58 passed, 2 skipped`, minitest's `204 runs, 506 assertions, 0
failures, 0 errors, 2 skips`, ExUnit's (`mix test`) `115 tests, 0 failures, 1 skipped`,
PHPUnit's `OK (12 tests, 28 assertions)` / `Tests: 12,
Assertions: 27, Failures: 1, Skipped: 1.`, package:test's (`dart test`, `flutter test`)
`00:09 +41 ~1: All tests passed!` and clojure.test's (`lein test`) `Ran 27 tests
containing 84 assertions.` + `1 failures, 0 errors.`. A summary is read only from the runner's own
final lines, so a test name or log line that happens to say "passed" is never counted.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ..record import Record
from ._later import later


def _flags(group: int, valued: str = "--filter") -> str:
    """A package manager's, maven's or gradle's flags before the goal (`pnpm -r test`,
    `pnpm --filter api test`, `mvn -B -q test`, `./gradlew --no-daemon :app:test`), each
    flag read one way only: captured by a lookahead and matched again (`group`, its
    number in RUNNER), an atomic group in the spelling Python 3.10 reads. Read every way
    it splits (`--filter=a` is a `--filter` and a flag alike), a command of thirty flags
    and no goal took minutes. So `--filter` takes the word after it as its value even
    where that word is a goal (`pnpm --filter test`: a filter, no goal); maven's flags
    taking a value (`valued`: `-pl billing`, `-P ci`, `-f api/pom.xml`) likewise."""
    return rf"(?:(?=(\s+(?:(?:{valued})[= ]\S+|-\S+)))\{group})*"


# maven's flags giving a value after a space: the modules, profiles, file, resumption,
# threads and settings (`mvn -pl billing test`)
_MAVEN_VALUED = "-pl|-P|-f|-rf|-T|-s|--projects|--activate-profiles|--file|--threads|--settings"
RUNNER = later(
    r"\b(?:py\.?test|python3? -m (?:pytest|unittest)|unittest|nose2|jest|vitest|mocha|go test|"
    rf"cargo (?:test|nextest)|(?:npm|yarn|pnpm|bun){_flags(1)}(?: run)? test|tox|nox|rspec|"
    rf"phpunit|dotnet test|mvnw?{_flags(2, _MAVEN_VALUED)}(?: clean)? (?:test|verify)|"
    rf"gradlew?{_flags(3)} (?::?[\w-]+:)*(?:test|check)|make (?:test|check)|ctest|deno test|"
    r"sbt(?: [-+]\S+| clean)* ['\"]?(?:[\w-]+/)?test(?:Only|Quick)?|"
    r"rails test|rake test|mix test|lein test|artisan test|manage\.py test|ava|cypress run|"
    r"gotestsum|ng test|karma start|qunit|node --test|(?:dart|flutter) test|swift test|"
    r"(?:dart |flutter )?pub run test(?!/)|dart run test(?!/)|"
    r"ginkgo(?! (?:bootstrap|generate|outline|unfocus|version|labels)\b)|run_tests|prove|"
    r"gtest_(?:brief|filter|repeat|output|color|shuffle|also_run_disabled_tests))\b"
    # a Boost.Test binary, by its options (`--report_level=short`)
    r"|(?<!\S)--(?:report_level|log_level|run_test)="
    # a project's test script run (`./scripts/test.sh`, `bash run_tests.sh`; not `cat test.sh`),
    # JUnit's console launcher run (not `javac -cp junit-platform-console-….jar`)
    r"|(?:(?:^|[;&|])\s*|\b(?:ba)?sh\s+)(?:[\w.-]*/)*(?:run[_-])?tests?\.sh\b"
    r"|\bjava\s+-jar\s+\S*junit-platform-console|\bConsoleLauncher\b"
    # Pest (PHP), as Composer installs it (not `composer require pestphp/pest`)
    r"|\bvendor/bin/pest\b"
)
_PYTEST = later(
    r"^[= ]*((?:\d+ (?:passed|failed|errors?|skipped|deselected|xfailed|xpassed|warnings?)"
    r"(?:, )?)+) in [\d.]+s",
    re.M,
)
# A count is read only from its first digit (`(?<!\d)`): a run of digits is not entered
# at each of its digits, each reading to its end (quadratic in the run).
_PAIR = later(r"(?<!\d)(\d+) (passed|failed|errors?|skipped|pending|todo|total)\b")
# jest's line, and Pest's (Laravel's `artisan test`), indented: `  Tests:    1 skipped, 12
# passed (31 assertions)`
_JEST = later(r"^[^\S\n]*Tests:\s+(.+)$", re.M)
_JEST_SUITES = later(r"Test Suites:[^\S\n]+(\d+) failed\b")  # the suites that failed
# A line's indent is `[^\S\n]*`: `\s*` read blank lines, a run of them again from each.
_VITEST = later(r"^[^\S\n]*Tests\s+((?:\d+ \w+(?: \| )?)+)\s*\((\d+)\)", re.M)
_VITEST_FILES = later(r"Test Files[^\S\n]+(\d+) failed\b")  # the test files that failed
# ScalaTest's closing counts (sbt prints them after `[info] `): the suites aborted (group 1),
# then the tests succeeded, failed, canceled, ignored and pending (groups 2 to 6)
_SCALATEST = later(
    r"^(?:\[info\] )?(?:Suites: completed \d+, aborted (\d+)\n(?:\[info\] )?)?Tests: "
    r"succeeded (\d+), failed (\d+), canceled (\d+), ignored (\d+), pending (\d+)",
    re.M,
)
# sbt's own count of a test task, whatever the framework: `[info] Passed: Total 27, Failed 0,
# Errors 0, Passed 26, Skipped 1`, `[error] Failed: Total 14, Failed 1, Errors 0, Passed 13`
# (groups: total, failed, errors, passed, then the kinds not run)
_SBT = later(
    r"^(?:\[(?:info|error)\] )?(?:Passed|Failed): Total (\d+), Failed (\d+), Errors (\d+), "
    r"Passed (\d+)((?:, [A-Z][a-z]+ \d+)*)",
    re.M,
)
# a runner's count of its test files or suites: vitest's `Test Files  1 failed | 11 passed
# (12)` (group 1), jest's `Test Suites: 1 failed, 11 passed, 12 total` (group 2), ScalaTest's
# `Suites: completed 3, aborted 0` (groups 3 and 4)
_FILES_COUNTED = later(
    r"^[^\S\n]*(?:Test Files[^\n(]*\((\d+)\)|Test Suites:[^\n]*?(?<!\d)(\d+) total"
    r"|(?:\[info\] )?Suites: completed (\d+), aborted (\d+))",
    re.M,
)
_MOCHA = later(r"^[^\S\n]*(\d+) (passing|failing|pending)\b", re.M)
# Karma's line (Angular's `ng test`): `Executed 118 of 118 (1 FAILED) (skipped 2) SUCCESS`
_KARMA = later(
    r"Executed (\d+) of (\d+)(?: \((\d+) FAILED\))?(?: \(skipped (\d+)\))?(?: (SUCCESS|ERROR))?"
)
# gotestsum's last line: `DONE 14 tests, 1 skipped, 2 failures in 0.412s`
_GOTESTSUM = later(
    r"^DONE (\d+) tests?(?:, (\d+) skipped)?(?:, (\d+) failures?)?(?:, (\d+) errors?)? in ",
    re.M,
)
# GoogleTest's last lines: `[==========] 43 tests from 7 test suites ran.`, `[  PASSED  ] 42
# tests.`, `[  FAILED  ] 1 test, listed below:`, `[  SKIPPED ] 1 test, listed below:`
_GTEST = later(
    r"^\[(==========|  PASSED  |  FAILED  |  SKIPPED )\] (\d+) tests?"
    r"(?:\.| from .* ran\.|, listed)",
    re.M,
)
_GTEST_FAILED = later(r"^\[  FAILED  \] (\w+\.\w+)", re.M)
# AVA's last lines: `  24 tests passed`, `  1 test failed`, `  2 tests skipped`
_AVA = later(r"^[^\S\n]*(\d+) tests? (passed|failed|skipped|todo)\b", re.M)
CARGO_RESULT = later(r"test result: (ok|FAILED)\. (\d+) passed; (\d+) failed; (\d+) ignored")
# TAP's closing counts (QUnit's and tape's TAP, node:test's, node-tap's: `# pass 13`,
# tape's `# pass  13`, `# fail 0`), node:test's spec reporter's (`ℹ pass 13`), one line each
_TAP = later(r"^(?:#|ℹ) (tests|pass|fail|skip|todo|cancelled)[^\S\n]+(\d+)[^\S\n]*$", re.M)
# a package's line of go test: its verdict, its path, and a duration, `(cached)`, a failed
# step (`[build failed]`) or `[no test files]`
_GO_PACKAGE_LINE = later(
    r"^(ok|FAIL|\?)[^\S\n]+(\S+)[^\S\n]+"
    r"((?:[\d.]+s\b|\(cached\)|\[[\w ]+ failed\]|\[no test files\]).*)",
    re.M,
)
# the places a run lists its failures at, at a line's start: RSpec's `rspec
# ./spec/a_spec.rb:29 # …`, pytest's `FAILED tests/test_a.py::test_x - …` (group 1 the
# place, without `./`)
_FAILED_PLACE = later(r"^(?:rspec \./|rspec |FAILED )([^\s#]+(?::\d+|::[^\s]+))", re.M)
_GO_FAIL = later(r"^[^\S\n]*--- FAIL: (\S+)", re.M)
_GO_PASS = later(r"^--- PASS: (\S+)", re.M)  # a test of `go test -v`, not a subtest
_UNITTEST_RAN = later(r"^Ran (\d+) tests? in", re.M)
_UNITTEST_END = later(r"^(OK|FAILED)(?: \(([^)]*)\))?\s*$", re.M)
_MAVEN = later(r"Tests run: (\d+), Failures: (\d+), Errors: (\d+), Skipped: (\d+)(?!\d|, Time)")
_DOTNET = later(
    r"(?:Passed|Failed)!\s+-\s+Failed:\s+(\d+),\s+Passed:\s+(\d+),\s+Skipped:\s+(\d+),"
    r"\s+Total:\s+(\d+)"
)
# PHPUnit's last line: `OK (12 tests, 28 assertions)`, or its total and each kind of
# result it had (`Tests: 12, Assertions: 27, Errors: 1, Failures: 1, Skipped: 1.`), which
# jest's `Tests:` line would read as no count at all.
_PHPUNIT = later(
    r"^(?:OK \((\d+) tests?, \d+ assertions?\)"
    r"|Tests: (\d+), Assertions: \d+((?:, [A-Z][\w ]*: \d+)*)\.)",
    re.M,
)
_PHPUNIT_PAIR = later(r", ([A-Z][\w ]*): (\d+)")
_RSPEC = later(r"(\d(?<!\d\d)\d*) examples?, (\d+) failures?(?:, (\d+) pending)?")
_NEXTEST = later(r"Summary \[[^\]\n]*\]\s+(\d+) tests? run: ([^\n]*)")
_NEXTEST_PAIR = later(r"(?<!\d)(\d+) (passed|failed|skipped|timed out)\b")
_MINITEST = later(
    r"(\d(?<!\d\d)\d*) (?:runs|tests), \d+ assertions, (\d+) failures, (\d+) errors, (\d+) skips"
)
# ExUnit's line: its doctests and properties counted apart from its tests, each failure,
# invalid module, excluded and skipped test among them (`1 doctest, 10 tests, 1 failure,
# 2 excluded`)
_EXUNIT = later(
    r"(?<![^\n])(?:(\d+) doctests?, )?(?:(\d+) propert(?:y|ies), )?(\d+) tests?, "
    r"(\d+) failures?((?:, \d+ (?:invalid|excluded|skipped))*)[^\S\n]*$",
    re.M,
)
_EXUNIT_PAIR = later(r"(?<!\d)(\d+) (invalid|excluded|skipped)")
# clojure.test's two last lines: its failures and errors count assertions, not tests
_CLOJURE = later(
    r"(?<![^\n])Ran (\d+) tests? containing \d+ assertions?\.\n(\d+) failures?, (\d+) errors?\."
)
_CTEST = later(r"\d(?<!\d\d)\d*% tests passed, (\d+) tests? failed out of (\d+)")
_CTEST_SKIPPED = later(r"\*\*\*(?:Skipped|Not Run)\b")
# Boost.Test's report (`--report_level=short` or more): `Test module "m" has failed
# with:`, then a line of test cases per outcome (`26 test cases out of 27 passed`)
_BOOST = later(r'Test module "[^"\n]*" has (?:passed|failed) with:\n((?:[^\S\n]+\d[^\n]*\n?)+)')
_BOOST_CASES = later(r"(?<!\d)(\d+) test cases? out of (\d+) (passed|failed|skipped|aborted)\b")
# plunit's closing counts (`% 1 test failed`, `% 8 tests passed`, `% All 9 tests passed`)
_PLUNIT = later(r"^% (?:All )?(\d+) tests? (passed|failed)\b", re.M)
# Ginkgo's verdict on one suite (`FAIL! -- 23 Passed | 1 Failed | 0 Pending | 0 Skipped`)
_GINKGO = later(
    r"(?:SUCCESS|FAIL)! (?:- Interrupted by [^\n]* )?-- (\d+) Passed \| (\d+) Failed"
    r"(?: \| (\d+) Flaked)? \| (\d+) Pending \| (\d+) Skipped"
)
# package:test's progress line closing a run (`dart test`, `flutter test`): its minutes and
# seconds, the passed, skipped (`~`) and failed (`-`) counts, and its verdict, alone on
# its line (a test's own line names the test there)
_DART = later(
    r"^(\d{2,}:\d\d \+(\d+)(?: ~(\d+))?(?: -(\d+))?: "
    r"(?:All tests passed!|Some tests failed\.|All tests skipped\.))[^\S\n]*$",
    re.M,
)
# XCTest's count of a suite's run (`swift test`), the whole run's printed last: its tests,
# those skipped, its failures (assertions, not tests) and the unexpected among them
_XCTEST = later(
    r"Executed (\d+) tests?, with (?:(\d+) tests? skipped and )?(\d+) failures? \(\d+ unexpected\)"
)
_XCTEST_FAILED = later(r"Test Case '([^'\n]+)' failed \(")  # a failing test's own line
# swift-testing's verdict on its run, printed after XCTest's (`Test run with 3 tests passed`)
_SWIFT_TESTING = later(r"Test run with (\d+) tests?(?: in \d+ suites?)? (passed|failed)\b")
# a hand-made harness's line per suite, TAP's comment or not (`# test_ihex: 14/14 passed`)
_SUITE_PASSED = later(r"^#?[^\S\n]*[\w./-]+:[^\S\n]+(\d+)/(\d+) passed[^\S\n]*$", re.M)
# the JUnit Platform console launcher's closing counts (`[        14 tests successful ]`)
_JUNIT_CONSOLE = later(
    r"^\[[^\S\n]+(\d+) tests (found|successful|failed|skipped|aborted)[^\S\n]+\]", re.M
)
# `\b` asked after the first digit: a pattern opening with a class is scanned for it, one
# opening with `\b` tried at each character of a 4 KB log (held against the plain spelling
# in tests/claims/test_fast_patterns.py)
_FILTERED = later(r"[1-9](?<!\w[1-9])\d* (?:filtered out|deselected)\b")
# jest's line: its indent `[^\S\n]*`, its last word tried only where a word starts.
_FAILED_NAME = later(
    r"^(?:FAILED \S*?::(\w+)|FAIL: (\w+)|test (\S+) \.\.\. FAILED|"
    r"[^\S\n]*[●×✕] .*?(?<!\w)(\w+)\s*$)",
    re.M,
)


class Summary(Record):
    """What a runner said about one run; None where the runner does not say."""

    passed: int | None
    failed: int
    skipped: int
    total: int | None
    failed_names: tuple[str, ...]
    line: str  # the summary line, quoted as evidence
    # a filter left some tests out (cargo's `30 filtered out`, pytest's `2 deselected`): a
    # part of the suite ran, whatever its command looks like
    filtered: bool = False

    @property
    def ok(self) -> bool:
        return self.failed == 0 and (self.passed is None or self.passed > 0 or self.total == 0)


# What every match of a runner's pattern holds: one text of each group. An output holding
# none of a group is not scanned: a pattern opening with `^` in multiline mode is tried at
# every character of a test log, a text search is one C scan (each group held against
# every match of its pattern in tests/claims/test_fast_patterns.py).
_HOLDS: dict[re.Pattern[str], tuple[tuple[str, ...], ...]] = {
    _PYTEST: ((" in ",), ("passed", "failed", "error", "skipped", "deselected", "warning")),
    _JEST: (("Tests:",),),
    _VITEST: (("Tests",),),
    _MOCHA: ((" passing", " failing", " pending"),),
    _AVA: ((" test",), (" passed", " failed", " skipped", " todo")),
    _TAP: (("# ", "ℹ "), (" pass ", " fail ", " skip ", " todo ", " tests ", " cancelled ")),
    _GTEST: (("[",), (" test",)),
    _GOTESTSUM: (("DONE ",),),
    _KARMA: (("Executed ",),),
    _GTEST_FAILED: (("[  FAILED  ] ",),),
    _UNITTEST_RAN: (("Ran ",),),
    _GO_PACKAGE_LINE: (("ok", "FAIL", "?"),),
    _GO_FAIL: (("--- FAIL: ",),),
    _FAILED_PLACE: (("rspec ", "FAILED "),),
    _PLUNIT: (("% ",), (" passed", " failed")),
    _DART: ((" +",), ("All tests passed!", "Some tests failed.", "All tests skipped.")),
    _FAILED_NAME: (("FAIL", "●", "×", "✕"),),  # `FAILED `, `FAIL: `, `... FAILED`, jest's
}


def _may_find(pattern: re.Pattern[str], output: str) -> bool:
    """`output` holds what every match of `pattern` holds (`_HOLDS`)."""
    return all(any(text in output for text in group) for group in _HOLDS[pattern])


def _at_line_starts(pattern: re.Pattern[str], text: str) -> Iterator[re.Match[str]]:
    """`pattern.finditer(text)` for a pattern that opens with `^` (multiline) and never
    matches empty text: matched at the text's start, then at each line's start where
    `_opening(pattern)` finds it in one C scan for the line breaks, where a scan of the
    pattern tries it at every character and a Python loop at every line (a 4 KB test log
    has some sixty lines and four thousand characters; each runner's line patterns are read
    so, held against the scan in test_fast_patterns)."""
    end = 0
    match = pattern.match(text)
    if match is not None:
        yield match
        end = match.end()
    for newline in _opening(pattern).finditer(text):
        if newline.end() >= end:  # a line opening after the last match
            match = pattern.match(text, newline.end())
            assert match is not None  # the opening found it there
            yield match
            end = match.end()


_OPENINGS: dict[re.Pattern[str], re.Pattern[str]] = {}


def _opening(pattern: re.Pattern[str]) -> re.Pattern[str]:
    """A line break before a line where `pattern` matches: the break is scanned for as
    text, the pattern asked only after each (made at the pattern's first use, once)."""
    opening = _OPENINGS.get(pattern)
    if opening is None:
        opening = _OPENINGS[pattern] = later(rf"\n(?={pattern.pattern})", pattern.flags)
    return opening


def files_counted(output: str) -> tuple[int, str] | None:
    """The test files or suites a runner's last count of them in `output` gives
    (`_FILES_COUNTED`), with its line; None where it prints none."""
    if "Test Files" not in output and "Suites:" not in output:
        return None
    found = list(_at_line_starts(_FILES_COUNTED, output))
    if not found:
        return None
    total, suites, completed, aborted = found[-1].groups()
    shown = int(total or suites) if total or suites else int(completed) + int(aborted)
    return shown, found[-1].group(0)


def summarise(output: str) -> Summary | None:
    """The summary of a test run's output, or None when no runner summary is there (nor
    when a count in it is longer than `int` reads: a hostile output's, no runner's). Gemini
    CLI's shell tool prints the program's output after `Stdout: ` on the line it opens
    (`Stdout: 00:06 +41: All tests passed!`): read as the line's start."""
    if output.startswith("Command: ") and "\nStdout: " in output:
        output = output.replace("\nStdout: ", "\n", 1)
    for parse in _PARSERS:
        try:
            summary = parse(output)
        except ValueError:  # the parsers read `\d+` runs with `int`, and nothing else raises
            return None
        if summary is not None:
            return summary
    return None


def _names(output: str) -> tuple[str, ...]:
    found: list[str] = []
    if _may_find(_FAILED_NAME, output):
        matches = _at_line_starts(_FAILED_NAME, output)
        found = [next(g for g in m.groups() if g) for m in matches]
    if _may_find(_GO_FAIL, output):
        found += [m.group(1) for m in _at_line_starts(_GO_FAIL, output)]
    return tuple(dict.fromkeys(found))


def _counts(text: str) -> dict[str, int]:
    counts: dict[str, int] = {}
    for number, word in _PAIR.findall(text):
        key = "errors" if word.startswith("error") else word
        counts[key] = counts.get(key, 0) + int(number)
    return counts


def _from_counts(counts: dict[str, int], line: str, output: str) -> Summary:
    failed = counts.get("failed", 0) + counts.get("errors", 0)
    passed = counts.get("passed")
    total = counts.get("total")
    if total is None and passed is not None:
        total = passed + failed
    skipped = counts.get("skipped", 0) + counts.get("pending", 0) + counts.get("todo", 0)
    filtered = "deselected" in line
    return Summary(passed, failed, skipped, total, _names(output), line.strip(), filtered)


def _pytest(output: str) -> Summary | None:
    if not _may_find(_PYTEST, output):
        return None
    found = [m.group(1) for m in _at_line_starts(_PYTEST, output)]
    if not found:
        return None
    counts = _counts(found[-1])
    return _from_counts(counts, found[-1], output)


def _phpunit(output: str) -> Summary | None:
    """PHPUnit's last line: errors count among the failures, incomplete tests among the
    skipped (neither passed)."""
    if "Tests: " not in output and "OK (" not in output:
        return None
    found = list(_at_line_starts(_PHPUNIT, output))
    if not found:
        return None
    last = found[-1]
    total = int(last.group(1) or last.group(2))
    kinds = {kind: int(n) for kind, n in _PHPUNIT_PAIR.findall(last.group(3) or "")}
    failed = kinds.get("Errors", 0) + kinds.get("Failures", 0)
    skipped = kinds.get("Skipped", 0) + kinds.get("Incomplete", 0)
    line = last.group(0).strip()
    return Summary(total - failed - skipped, failed, skipped, total, _names(output), line)


def _jest(output: str) -> Summary | None:
    """jest's last `Tests:` line; suites that failed to run where no test failed
    (`Test Suites: 3 failed, 3 total` over `Tests: 0 total`) count as errors, as pytest
    counts a module it could not collect."""
    if not _may_find(_JEST, output):
        return None
    found = [m.group(1) for m in _at_line_starts(_JEST, output)]
    if not found:
        return None
    counts = _counts(found[-1])
    if not counts.get("failed") and "Test Suites:" in output:
        suites = _JEST_SUITES.findall(output)
        if suites and int(suites[-1]):
            counts["errors"] = counts.get("errors", 0) + int(suites[-1])
    return _from_counts(counts, found[-1], output)


def _sbt(output: str) -> Summary | None:
    """sbt's last count of a test task (`_SBT`), else ScalaTest's (`_scalatest`): errors are
    failures, and the kinds not run (skipped, ignored, canceled, pending) skipped."""
    if ": Total " not in output:
        return _scalatest(output)
    found = list(_at_line_starts(_SBT, output))
    if not found:
        return _scalatest(output)
    total, failed, errors, passed, rest = found[-1].groups()
    skipped = sum(int(n) for n in re.findall(r"\d+", rest))
    failures = int(failed) + int(errors)
    line = found[-1].group(0)
    return Summary(int(passed), failures, skipped, int(total), _names(output), line)


def _scalatest(output: str) -> Summary | None:
    """ScalaTest's last counts: canceled, ignored and pending tests are skipped (its total,
    the tests run, counts none ignored nor pending), and suites aborted where no test failed
    count as errors, as jest's suites do."""
    if "Tests: succeeded " not in output:
        return None
    found = list(_at_line_starts(_SCALATEST, output))
    if not found:
        return None
    last = found[-1]
    aborted, passed, failed, canceled, *skips = (int(n or 0) for n in last.groups())
    total = passed + failed + canceled  # its `Total number of tests run`: none ignored
    lines = last.group(0).split("\n")  # the suites' line quoted where it tells the failure
    line = lines[0] if aborted and not failed else lines[-1]
    return Summary(passed, failed or aborted, canceled + sum(skips), total, _names(output), line)


def _vitest(output: str) -> Summary | None:
    """vitest's last `Tests` line; test files that failed to load where no test failed
    (`Test Files  1 failed | 3 passed (4)` over `Tests  21 passed (21)`) count as errors,
    as jest's suites do."""
    if not _may_find(_VITEST, output):
        return None
    found = [m.groups() for m in _at_line_starts(_VITEST, output)]
    if not found:
        return None
    pairs, total = found[-1]
    counts = _counts(pairs.replace("|", ","))
    counts["total"] = int(total)
    if not counts.get("failed") and "Test Files" in output:
        files = list(_VITEST_FILES.finditer(output))
        if files and int(files[-1].group(1)):
            counts["errors"] = counts.get("errors", 0) + int(files[-1].group(1))
            return _from_counts(counts, files[-1].group(0), output)  # quoted: the files'
    return _from_counts(counts, pairs, output)


def _cargo(output: str) -> Summary | None:
    found = CARGO_RESULT.findall(output)
    if not found:
        return None
    passed = sum(int(f[1]) for f in found)
    failed = sum(int(f[2]) for f in found)
    line = next(m.group(0) for m in CARGO_RESULT.finditer(output) if m.group(1) == found[-1][0])
    skipped = sum(int(f[3]) for f in found)
    filtered = "filtered out" in output and _FILTERED.search(output) is not None
    return Summary(passed, failed, skipped, passed + failed, _names(output), line, filtered)


def _mocha(output: str) -> Summary | None:
    if not _may_find(_MOCHA, output):
        return None
    matches = list(_at_line_starts(_MOCHA, output))
    found = [m.groups() for m in matches]
    if not found or not any(word == "passing" for _, word in found):
        return None
    counts = {word: int(number) for number, word in found}
    passed, failed = counts.get("passing", 0), counts.get("failing", 0)
    line = next(m.group(0).strip() for m in matches if m.group(2) == "passing")
    return Summary(passed, failed, counts.get("pending", 0), passed + failed, _names(output), line)


def _tap(output: str) -> Summary | None:
    """TAP's closing counts (`_TAP`), the last of each kind; a run that counts no pass
    nor failure is read as no summary."""
    if not _may_find(_TAP, output):
        return None
    matches = list(_at_line_starts(_TAP, output))
    counts = {word: int(number) for word, number in (m.groups() for m in matches)}
    if "pass" not in counts and "fail" not in counts:
        return None
    passed = counts.get("pass", 0)
    failed = counts.get("fail", 0) + counts.get("cancelled", 0)
    skipped = counts.get("skip", 0) + counts.get("todo", 0)
    total = counts.get("tests", passed + failed + skipped)
    # quoted: the last pass count, else the last failure count (tape prints no `# fail`
    # line where none failed; a run counting neither returned above)
    quoted = {m.group(1): m.group(0).strip() for m in matches}
    line = quoted.get("pass") or quoted["fail"]
    return Summary(passed, failed, skipped, total, _names(output), line)


def _ava(output: str) -> Summary | None:
    """AVA's count of each outcome, one line each; a run that counts no pass nor failure
    (only skips) is read as no summary."""
    if not _may_find(_AVA, output):
        return None
    matches = list(_at_line_starts(_AVA, output))
    counts = {word: int(number) for number, word in (m.groups() for m in matches)}
    if "passed" not in counts and "failed" not in counts:
        return None
    passed, failed = counts.get("passed", 0), counts.get("failed", 0)
    skipped = counts.get("skipped", 0) + counts.get("todo", 0)
    line = next(m.group(0).strip() for m in matches if m.group(2) in ("passed", "failed"))
    return Summary(passed, failed, skipped, passed + failed, _names(output), line)


def _karma(output: str) -> Summary | None:
    """Karma's last `Executed N of M` line (it rewrites the line as tests run): the tests
    executed, failed and skipped of the total."""
    if not _may_find(_KARMA, output):
        return None
    found = list(_KARMA.finditer(output))
    if not found:
        return None
    last = found[-1]
    executed, total = int(last.group(1)), int(last.group(2))
    failed, skipped = int(last.group(3) or 0), int(last.group(4) or 0)
    line = last.group(0)
    return Summary(executed - failed, failed, skipped, total, _names(output), line)


def _gotestsum(output: str) -> Summary | None:
    """gotestsum's last line: every test and subtest it ran, the skipped and failed among
    them (go test's own lines, above it, count no tests)."""
    if not _may_find(_GOTESTSUM, output):
        return None
    found = list(_at_line_starts(_GOTESTSUM, output))
    if not found:
        return None
    last = found[-1]
    total, skipped, failures, errors = (int(g or 0) for g in last.groups())
    failed = failures + errors
    passed = total - skipped - failed
    return Summary(passed, failed, skipped, total, _names(output), last.group(0).strip())


def _gtest(output: str) -> Summary | None:
    """GoogleTest's summary: the tests that ran, passed, failed and were skipped (each
    disabled test only reported), the failing tests named on the lines after it."""
    if not _may_find(_GTEST, output):
        return None
    counts: dict[str, int] = {}
    lines: dict[str, str] = {}
    for match in _at_line_starts(_GTEST, output):
        kind = match.group(1).strip(" =").lower() or "ran"
        counts[kind] = int(match.group(2))
        if kind == "failed" or kind not in lines:  # the last failures' line, the first else
            lines[kind] = match.group(0)
    line = lines.get("failed") or lines.get("passed")  # the failures' line, cited first
    if "ran" not in counts or line is None:
        return None
    failed = counts.get("failed", 0)
    names = tuple(m.group(1) for m in _at_line_starts(_GTEST_FAILED, output))
    total = counts["ran"]
    passed = counts.get("passed", total - failed - counts.get("skipped", 0))
    return Summary(passed, failed, counts.get("skipped", 0), total, names, line)


def _unittest(output: str) -> Summary | None:
    if not _may_find(_UNITTEST_RAN, output):
        return None
    ran = list(_at_line_starts(_UNITTEST_RAN, output))
    end = list(_at_line_starts(_UNITTEST_END, output))
    if not ran or not end:
        return None
    total = int(ran[-1].group(1))
    word, detail = end[-1].groups("")
    parts = dict((key.strip(), int(value)) for key, value in re.findall(r"(\w+)=(\d+)", detail))
    failed = parts.get("failures", 0) + parts.get("errors", 0)
    skipped = parts.get("skipped", 0)
    line = end[0].group(0).strip() if word == "FAILED" else ""
    line = line or ran[-1].group(0)
    return Summary(total - failed - skipped, failed, skipped, total, _names(output), line)


def _go(output: str) -> Summary | None:
    # the packages whose tests ran: not one without tests, nor one whose build failed
    tested = [
        (verdict, line)
        for verdict, _, line in go_package_lines(output)
        if verdict != "?" and not line.rstrip().endswith(" failed]")
    ]
    if not tested:
        return None
    packages = [verdict for verdict, _ in tested]
    failing = list(_at_line_starts(_GO_FAIL, output))
    failed_packages = packages.count("FAIL")
    failed = max(len(failing), failed_packages)
    lines = [line for _, line in tested]
    line = next((x for x in lines if x.startswith("FAIL")), lines[-1])
    passed = _go_verbose_passes(output) if len(packages) == 1 else None
    total = None if passed is None else passed + len(failing)
    return Summary(passed, failed, 0, total, _names(output), line)


def go_package_lines(output: str) -> Iterator[tuple[str, str, str]]:
    """The packages go test's lines report, in order, each as its verdict, path and line:
    `ok` or `FAIL` after a duration, `(cached)` or a failed step (`ok  …/internal/api
    0.087s`, `FAIL …  [build failed]`), or `?` for one without tests (`?  …/cmd/app
    [no test files]`); a `FAIL` alone, the run's last line, names none."""
    if not _may_find(_GO_PACKAGE_LINE, output):
        return
    for found in _at_line_starts(_GO_PACKAGE_LINE, output):
        verdict, path, rest = found.groups()
        if verdict != "?" or rest.rstrip().endswith("[no test files]"):
            yield verdict, path, found.group(0)


def failed_places(output: str) -> set[str]:
    """The places a test run's output lists its failures at (RSpec's `rspec
    ./spec/a_spec.rb:29`, pytest's `FAILED tests/a.py::test_x`), without `./`."""
    if not _may_find(_FAILED_PLACE, output):
        return set()
    return {found.group(1) for found in _at_line_starts(_FAILED_PLACE, output)}


def _package_outcomes(output: str) -> dict[str, bool]:
    """The packages with tests go test's lines report (`go_package_lines`), by the last
    part of their path (lowercase), each with whether it passed (a last part of two
    packages passing only where both did)."""
    packages: dict[str, bool] = {}
    for verdict, path, _ in go_package_lines(output):
        if verdict != "?":
            name = path.rsplit("/", 1)[-1].lower()
            packages[name] = packages.get(name, True) and verdict == "ok"
    return packages


_WORD_OF_A_NAME = later(r"[a-z][\w-]*")


def named_packages_passed(said: str, output: str) -> bool:
    """The claim `said` names packages by the last part of their path, and go test's lines
    in `output` report each of them passing (`` `go test ./...`: api and store pass ``
    where webhook failed): a success said of those packages, not of the run."""
    packages = _package_outcomes(output)
    if not packages:
        return False
    named = set(_WORD_OF_A_NAME.findall(said.lower())) & packages.keys()
    return bool(named) and all(packages[word] for word in named)


def _go_verbose_passes(output: str) -> int | None:
    """The tests `go test -v` of one package says passed (`--- PASS: TestX`), where it
    ran no subtests (an indented `--- PASS: TestX/case`, which a claim may count too)
    and skipped none; None where it printed none."""
    if "--- PASS: " not in output or "    --- " in output or "--- SKIP: " in output:
        return None
    return sum(1 for _ in _at_line_starts(_GO_PASS, output)) or None


def _rspec(output: str) -> Summary | None:
    if "example" not in output:
        return None
    found = list(_RSPEC.finditer(output))
    if not found:
        return None
    last = found[-1]
    total, failed = int(last.group(1)), int(last.group(2))
    skipped = int(last.group(3) or 0)
    names = _names(output)
    return Summary(total - failed - skipped, failed, skipped, total, names, last.group(0))


def _summed(pattern: re.Pattern[str], output: str) -> tuple[list[int], str, int] | None:
    """Each of `pattern`'s counts summed over its lines (a runner printing one summary a
    module or project), its last line, and how many there were (None: no line)."""
    found = list(pattern.finditer(output))
    if not found:
        return None
    sums = [sum(int(m.group(i)) for m in found) for i in range(1, pattern.groups + 1)]
    return sums, found[-1].group(0), len(found)


def _maven(output: str) -> Summary | None:
    """Surefire's totals, one a module (a class's own line goes on `, Time elapsed`)."""
    summed = _summed(_MAVEN, output) if "Tests run: " in output else None
    if summed is None:
        return None
    (ran, failures, errors, skipped), line, modules = summed
    failed = failures + errors
    if modules > 1 and "BUILD " in output:  # the reactor's verdict on every module
        line = "BUILD "
    return Summary(ran - failed - skipped, failed, skipped, ran, _names(output), line)


def _dotnet(output: str) -> Summary | None:
    """`dotnet test`'s line, one a test project (summed)."""
    summed = _summed(_DOTNET, output) if "Total:" in output else None
    if summed is None:
        return None
    (failed, passed, skipped, total), line, _ = summed
    return Summary(passed, failed, skipped, total, _names(output), line)


def _ctest(output: str) -> Summary | None:
    """ctest counts a skipped test among the passed: each is listed as `***Skipped`."""
    if "tests passed" not in output:
        return None
    match = _CTEST.search(output)
    if match is None:
        return None
    failed, total = int(match.group(1)), int(match.group(2))
    skipped = len(_CTEST_SKIPPED.findall(output))
    return Summary(total - failed - skipped, failed, skipped, total, _names(output), match.group(0))


def _minitest(output: str) -> Summary | None:
    """Minitest's last line (`rails test`, `rake test`): runs, failures, errors, skips."""
    found = list(_MINITEST.finditer(output)) if "assertions, " in output else []
    if not found:
        return None
    total, failures, errors, skipped = map(int, found[-1].groups())
    failed = failures + errors
    return Summary(total - failed - skipped, failed, skipped, total, (), found[-1].group(0))


def _nextest(output: str) -> Summary | None:
    """cargo nextest's `Summary [ 1.9s] 58 tests run: 57 passed, 1 failed, 2 skipped`: the
    skipped tests are not among those run, and are counted in the total as other runners
    count them."""
    found = list(_NEXTEST.finditer(output)) if "tests run: " in output else []
    if not found:
        return None
    ran, rest = found[-1].groups()
    counts = {word: int(number) for number, word in _NEXTEST_PAIR.findall(rest)}
    failed = counts.get("failed", 0) + counts.get("timed out", 0)
    skipped = counts.get("skipped", 0)
    passed = counts.get("passed", int(ran) - failed)
    return Summary(passed, failed, skipped, int(ran) + skipped, (), found[-1].group(0).strip())


def _exunit(output: str) -> Summary | None:
    """ExUnit's line, one an app of an umbrella (summed): its skipped tests counted as
    skipped; where some were excluded (a tag the project's config may leave out of every
    run), counted but not run, no count of passes is known."""
    found = list(_EXUNIT.finditer(output)) if " failure" in output else []
    if not found:
        return None
    total = failed = skipped = excluded = 0
    for match in found:
        doctests, properties, tests, failures, rest = match.groups("0")
        kinds = {kind: int(n) for n, kind in _EXUNIT_PAIR.findall(rest)}
        total += int(doctests) + int(properties) + int(tests)
        failed += int(failures) + kinds.get("invalid", 0)
        skipped += kinds.get("skipped", 0)
        excluded += kinds.get("excluded", 0)
    passed = None if excluded else total - failed - skipped
    line = found[-1].group(0).strip()
    return Summary(passed, failed, skipped, total, (), line)


def _clojure(output: str) -> Summary | None:
    """clojure.test's last summary (`lein test`): how many tests ran and how many of their
    assertions failed or erred, so no count of passed tests is known."""
    found = list(_CLOJURE.finditer(output)) if " assertions." in output else []
    if not found:
        return None
    total, failures, errors = map(int, found[-1].groups())
    return Summary(None, failures + errors, 0, total, (), found[-1].group(0).replace("\n", " "))


def _boost(output: str) -> Summary | None:
    """Boost.Test's report of a test module: its cases passed, failed (aborted too) and
    skipped, out of a total; its assertions' lines are not tests. The line quoted is the
    failed cases', else the first."""
    found = list(_BOOST.finditer(output)) if "Test module " in output else []
    cases = list(_BOOST_CASES.finditer(found[-1].group(1))) if found else []
    if not cases:
        return None
    counts = {"passed": 0, "failed": 0, "skipped": 0, "aborted": 0}
    for case in cases:
        counts[case.group(3)] += int(case.group(1))
    failed = counts["failed"] + counts["aborted"]
    quoted = next((c for c in cases if c.group(3) != "passed"), cases[0]) if failed else cases[0]
    total = int(cases[0].group(2))
    return Summary(
        counts["passed"], failed, counts["skipped"], total, _names(output), quoted.group(0)
    )


def _junit_console(output: str) -> Summary | None:
    """The JUnit Platform console launcher's closing counts: tests found, successful,
    failed (aborted too) and skipped; the line quoted is its failed tests', else its
    successful."""
    if " tests successful " not in output:
        return None
    counts: dict[str, int] = {}
    quoted: dict[str, str] = {}
    for found in _at_line_starts(_JUNIT_CONSOLE, output):  # the last report's counts stand
        counts[found.group(2)] = int(found.group(1))
        quoted[found.group(2)] = found.group(0)
    if "successful" not in counts:
        return None
    failed = counts.get("failed", 0) + counts.get("aborted", 0)
    line = quoted["failed"] if counts.get("failed") else quoted["successful"]
    total = counts.get("found")
    return Summary(
        counts["successful"], failed, counts.get("skipped", 0), total, _names(output), line
    )


def _plunit(output: str) -> Summary | None:
    """plunit's closing counts (SWI-Prolog's `run_tests`): those of its last report, each
    kind once (an output of two runs reports twice)."""
    if not _may_find(_PLUNIT, output):
        return None
    counts: dict[str, re.Match[str]] = {}
    for found in reversed(list(_at_line_starts(_PLUNIT, output))):
        if found.group(2) in counts:
            break
        counts[found.group(2)] = found
    if not counts:
        return None
    passed, failed = (int(counts[k].group(1)) if k in counts else 0 for k in ("passed", "failed"))
    line = counts["failed" if failed else "passed"].group(0)
    return Summary(passed, failed, 0, passed + failed, _names(output), line)


def _dart(output: str) -> Summary | None:
    """package:test's last verdict line (`00:09 +41 ~1: All tests passed!`): its passed,
    skipped and failed counts, a file that failed to load among the failures (an output
    of two runs, `flutter test a_test.dart && flutter test`, closes with the last's)."""
    if not _may_find(_DART, output):
        return None
    found = list(_at_line_starts(_DART, output))
    if not found:
        return None
    line, *counts = found[-1].groups()
    passed, skipped, failed = (int(count or 0) for count in counts)
    return Summary(passed, failed, skipped, passed + failed, _names(output), line)


def _xctest(output: str) -> Summary | None:
    """`swift test`'s counts: XCTest's last `Executed` line (the whole run's: its tests,
    those skipped, the failing tests its `Test Case '…' failed` lines name, where it counts
    failed assertions) plus the tests swift-testing says passed. Failures counted with no
    failing test named, swift-testing's failed run (its issues are no tests) or its verdict
    without XCTest's lines before it are read as no summary."""
    found = list(_XCTEST.finditer(output)) if "Executed " in output else []
    swift = list(_SWIFT_TESTING.finditer(output)) if "Test run with " in output else []
    if not found and not swift:
        return None
    total = skipped = failed = 0
    names: tuple[str, ...] = ()
    line = ""
    if found:
        last = found[-1]
        total, skipped, failures = int(last.group(1)), int(last.group(2) or 0), int(last.group(3))
        if failures:
            names = tuple(
                dict.fromkeys(n.rsplit(".", 1)[-1] for n in _XCTEST_FAILED.findall(output))
            )
            if not names:
                return None
        failed, line = len(names), last.group(0)
    if swift:
        verdict = swift[-1]
        if verdict.group(2) == "failed" or not found:
            return None  # (alone: XCTest's lines, printed before it, were cut by a pipe)
        total += int(verdict.group(1))
        line = line or verdict.group(0)
    return Summary(total - skipped - failed, failed, skipped, total, names, line)


def _ginkgo(output: str) -> Summary | None:
    """Ginkgo's verdict lines, one a suite (`ginkgo -r`, summed): pending specs counted as
    skipped; the line quoted is the first failing suite's, else the last."""
    found = list(_GINKGO.finditer(output)) if "! -- " in output else []
    if not found:
        return None
    passed = sum(int(m.group(1)) for m in found)
    failed = sum(int(m.group(2)) for m in found)
    skipped = sum(int(m.group(4)) + int(m.group(5)) for m in found)
    line = next((m.group(0) for m in found if m.group(2) != "0"), found[-1].group(0))
    return Summary(passed, failed, skipped, passed + failed + skipped, _names(output), line)


def _suites_passed(output: str) -> Summary | None:
    """A hand-made harness's line per suite (`# test_cobs: 9/9 passed`): the passes and
    totals summed over its suites (a suite's tests not passed failed)."""
    if "/" not in output or " passed" not in output:
        return None
    found = list(_at_line_starts(_SUITE_PASSED, output))
    if not found:
        return None
    passed = sum(int(m.group(1)) for m in found)
    total = sum(int(m.group(2)) for m in found)
    line = next((m.group(0) for m in found if m.group(1) != m.group(2)), found[-1].group(0))
    return Summary(passed, total - passed, 0, total, _names(output), line.strip())


# Perl's `prove` (TAP::Harness): its closing counts of files and tests, its verdict, and
# each failing file's count of failed tests in its summary report
_PROVE_COUNTS = later(r"^Files=\d+, Tests=(\d+),", re.M)
_PROVE_RESULT = later(r"^Result: (PASS|FAIL)\b", re.M)
_PROVE_FAILED = later(r"Tests: \d+ Failed: (\d+)\)")


def _prove(output: str) -> Summary | None:
    """`prove`'s last report: its tests, the failed ones its summary report counts for
    each failing file (a failing verdict with none counted is read as no summary)."""
    if "Result: " not in output or "Files=" not in output:
        return None
    counts = list(_at_line_starts(_PROVE_COUNTS, output))
    verdicts = list(_at_line_starts(_PROVE_RESULT, output))
    if not counts or not verdicts:
        return None
    last = counts[-1]
    report = output.rfind("Test Summary Report", 0, last.start())  # the last report's
    lines = _PROVE_FAILED.finditer(output, report if report >= 0 else last.start(), last.start())
    failed = sum(int(m.group(1)) for m in lines)
    if verdicts[-1].group(1) == "FAIL" and not failed:
        return None
    total = int(last.group(1))
    return Summary(total - failed, failed, 0, total, _names(output), verdicts[-1].group(0))


# Each runner's summary reader, in the order they are asked: the first that reads a
# summary decides (gotestsum's `DONE` line before go test's own `ok` lines)
_PARSERS = (_pytest, _phpunit, _sbt, _jest, _vitest, _cargo, _mocha, _unittest, _gotestsum, _ginkgo,
            _go, _rspec, _maven, _dotnet, _ctest, _minitest, _nextest, _exunit, _clojure, _ava,
            _gtest, _karma, _tap, _boost, _junit_console, _suites_passed, _plunit,
            _dart, _xctest, _prove)  # fmt: skip
