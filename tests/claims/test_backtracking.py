"""Patterns of the claims checker that a hostile text could make backtrack without end,
each spelt so every place is read one way (SPEC §7: never a hang), and held against the
spelling it replaced, which reads the same texts the same way but backtracks.

The hostile texts run in a child process with a deadline: a pattern that backtracks
again fails the test instead of hanging the suite."""

from __future__ import annotations

import random
import re
import subprocess
import sys
from collections.abc import Iterator

from agentv_grader.claims import _CONCRETE, _REFERENCES, _TEST_NUMBER
from agentv_grader.claims._actions import DOMAIN as _DOMAIN
from agentv_grader.claims._index import _TOKEN_NEEDLE
from agentv_grader.claims._runners import (
    _CTEST,
    _FAILED_NAME,
    _GO_FAIL,
    _MOCHA,
    _PAIR,
    _RSPEC,
    _VITEST,
    RUNNER,
    _at_line_starts,
)
from agentv_grader.claims._tests import (
    _CLAUSE,
    _COMMAND_LINE,
    _COVERAGE_HEADER,
    _COVERAGE_TOTAL,
)
from agentv_grader.claims._web import _HOST

from .labelled import SETS

# The spellings replaced: the same language, read in every way it splits.
_FLAGS_BEFORE = r"(?:\s+(?:--filter[= ]\S+|-\S+))*"
_MAVEN_FLAGS_BEFORE = (
    r"(?:\s+(?:(?:-pl|-P|-f|-rf|-T|-s|--projects|--activate-profiles|--file|--threads|"
    r"--settings)[= ]\S+|-\S+))*"
)
RUNNER_BEFORE = re.compile(
    r"\b(?:py\.?test|python3? -m (?:pytest|unittest)|unittest|nose2|jest|vitest|mocha|go test|"
    rf"cargo (?:test|nextest)|(?:npm|yarn|pnpm|bun){_FLAGS_BEFORE}(?: run)? test|tox|nox|rspec|"
    rf"phpunit|dotnet test|mvnw?{_MAVEN_FLAGS_BEFORE}(?: clean)? (?:test|verify)|"
    rf"gradlew?{_FLAGS_BEFORE} (?::?[\w-]+:)*(?:test|check)|make (?:test|check)|ctest|deno test|"
    r"sbt(?: [-+]\S+| clean)* ['\"]?(?:[\w-]+/)?test(?:Only|Quick)?|"
    r"rails test|rake test|mix test|lein test|artisan test|manage\.py test|ava|cypress run|"
    r"gotestsum|ng test|karma start|qunit|node --test|(?:dart|flutter) test|swift test|"
    r"(?:dart |flutter )?pub run test(?!/)|dart run test(?!/)|"
    r"ginkgo(?! (?:bootstrap|generate|outline|unfocus|version|labels)\b)|run_tests|prove|"
    r"gtest_(?:brief|filter|repeat|output|color|shuffle|also_run_disabled_tests))\b"
)
REFERENCES_BEFORE = re.compile(
    r"(?:(?:Sources|References)\b:?\s*)?(?:\[\d{1,3}\]:?\s*(?:<?https?://\S+?>?)?\s*)+"
)
COMMAND_LINE_BEFORE = re.compile(r"`[^`\n]*?\s[^`\n]*`")
# Runs entered at each of their characters (quadratic in the run): a count's digits, a
# line's indent read across blank lines, a word's letters, the spaces before `and`.
PAIR_BEFORE = re.compile(r"(\d+) (passed|failed|errors?|skipped|pending|todo|total)\b")
VITEST_BEFORE = re.compile(r"^\s*Tests\s+((?:\d+ \w+(?: \| )?)+)\s*\((\d+)\)", re.M)
MOCHA_BEFORE = re.compile(r"^\s*(\d+) (passing|failing|pending)\b", re.M)
GO_FAIL_BEFORE = re.compile(r"^\s*--- FAIL: (\S+)", re.M)
RSPEC_BEFORE = re.compile(r"(\d+) examples?, (\d+) failures?(?:, (\d+) pending)?")
CTEST_BEFORE = re.compile(r"\d+% tests passed, (\d+) tests? failed out of (\d+)")
FAILED_NAME_BEFORE = re.compile(
    r"^(?:FAILED \S*?::(\w+)|FAIL: (\w+)|test (\S+) \.\.\. FAILED|\s*[●×✕] .*?(\w+)\s*$)",
    re.M,
)
COVERAGE_HEADER_BEFORE = re.compile(r"^\s*File\s*\|(.*\|\s*%\s*Lines\s*\|?)\s*$", re.M)
COVERAGE_TOTAL_BEFORE = re.compile(r"^\s*All files\s*\|(.*)$", re.M)
TEST_NUMBER_BEFORE = re.compile(
    r"\d+(?=\s+(?:of\s+(?:the\s+)?\d+\s+(?:[\w-]+\s+(?=tests?\b))?)?"
    r"(?:tests?|specs?|pass|passed|passing|fail|failed|"
    r"failing|failures?|errors?|were|are|ran|pending)\b)|(?<=of )\d+(?= tests?)|"
    r"(?<=\()\d+(?= tests?\))|\d+(?=\s+[\w-]+\s+tests?\b)"
)
CONCRETE_BEFORE = re.compile(r"\d|`|\w+\.\w{2,4}\b")
CLAUSE_BEFORE = re.compile(
    r"[;(),\s](?:(?<=[;()])|(?<=,)\s+"
    r"|(?<=\s)\s*and\s+(?=(?:\d(?![\d,]*\s+(?:errors?|doc-?tests)\b)|all\b|the\b|I\b|it\b))"
    r"|(?<=\s)(?<!\b[Aa]ll\s)\s*but\s+)"
)
TOKEN_NEEDLE_BEFORE = re.compile(r"[a-z0-9.,-]*[.,-][a-z0-9.,-]*")
# A host's labels, entered after each `.` (and `-`), each time read to the run's end.
DOMAIN_BEFORE = re.compile(r"\b((?:[a-z0-9-]+\.)+(?:com|org|net|io|dev|ai|edu|gov|eu|co|uk|de))\b")
HOST_BEFORE = re.compile(r"\b(?:[a-z0-9-]+\.)+[a-z]{2,}\b")
_FILTER_OF_GOAL = re.compile(r"--filter (?:run|clean|test|verify|check|:?[\w-]+:)")

_HOSTILE = """
import sys, time
from agentv_grader.claims import _REFERENCES
from agentv_grader.claims._runners import RUNNER
from agentv_grader.claims import _CONCRETE, _TEST_NUMBER
from agentv_grader.claims._actions import DOMAIN as _DOMAIN
from agentv_grader.claims._index import _TOKEN_NEEDLE
from agentv_grader.claims._web import _HOST
from agentv_grader.claims._runners import (
    _CTEST, _FAILED_NAME, _GO_FAIL, _MOCHA, _PAIR, _RSPEC, _VITEST,
)
from agentv_grader.claims._tests import _CLAUSE, _COMMAND_LINE, _COVERAGE_HEADER, _COVERAGE_TOTAL
found = [
    RUNNER.search("pnpm" + " --filter=a" * 60 + " x"),
    RUNNER.search("./mvnw" + " --filter=a" * 60 + " x"),
    RUNNER.search("gradlew" + " --filter=a" * 60 + " x"),
    _REFERENCES.fullmatch("[1] <http://a> " * 60 + "x"),
    _REFERENCES.fullmatch("[1]" * 60 + " x"),
    _REFERENCES.fullmatch("[1]http://" + "a[1]" * 60 + " x"),
    _REFERENCES.fullmatch("[1]" + " " * 30 + "[2]" + " " * 30 + "[3]" + " " * 30 + "x"),
    _COMMAND_LINE.search("`" + "a " * 200_000),
]
found += [pattern.search(unit * 200_000) for pattern, unit in (
    (_PAIR, "1"), (_RSPEC, "1"), (_CTEST, "1"), (_TEST_NUMBER, "1"),
    (_MOCHA, "\\n"), (_VITEST, "\\n"), (_GO_FAIL, "\\n"), (_FAILED_NAME, "\\n"),
    (_COVERAGE_HEADER, "\\n"), (_COVERAGE_TOTAL, "\\n"), (_CLAUSE, " "),
    (_CONCRETE, "a_"), (_TOKEN_NEEDLE, "a"), (_TOKEN_NEEDLE, "1"), (_DOMAIN, "a."),
    (_DOMAIN, "1."), (_DOMAIN, "a-"), (_DOMAIN, "ab."), (_DOMAIN, "_a."), (_DOMAIN, "."),
    (_HOST, "a."), (_HOST, "1-"), (_HOST, "X."), (_HOST, "..a"), (_HOST, "-."),
)]
found += [_FAILED_NAME.search("● " + "a " * 200_000 + "!")]
found += [_TOKEN_NEEDLE.fullmatch("a-" * 200_000 + "!")]
print(sum(f is not None for f in found))
"""


def test_hostile_texts_are_read_in_time() -> None:
    """Each of these took from seconds to days before (2^n ways to split n flags or
    references; the rest of a line read again after each of its spaces)."""
    done = subprocess.run(
        [sys.executable, "-c", _HOSTILE], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "0"


def _texts() -> Iterator[str]:
    """The labelled sets' responses, tasks and their lines, and texts made of the patterns'
    own pieces glued at random."""
    for root in SETS:
        for run in sorted(p for p in root.iterdir() if p.is_dir()):
            for name in ("response.md", "task.md"):
                text = (run / name).read_text(encoding="utf-8")
                yield text
                yield from text.splitlines()
    pieces = ["pnpm", "npm", "yarn", "mvn", "mvnw", "gradlew", " ", "  ", "\n", "\t", "-r",
              " --filter", "=", "api", " test", " run", " verify", " clean", ":app:", "check",
              "[1]", "[12]", ":", "<", ">", "http://", "https://", "a.b/c", "`", "x", "Sources",
              "References", "\u00a0", "\r", "1", "12", " passing", " failing", " examples",
              " example", ", ", " failures", "% tests passed", " tests failed out of ",
              "Tests", " | ", "(", ")", "--- FAIL: ", "●", "✕", "FAILED ", "::", "File",
              "|", "% Lines", "All files", " and ", "and", " but ", ";", " tests", "of ",
              " lib", "_", ".", "-", "com", "a_b.txt", "error", " passed", " errors", "..", "--",
              "co", "uk", ".io", "-io", "b1", "Ab", "X", "é", "٣", "/"]  # fmt: skip
    pick = random.Random(21)
    for _ in range(20_000):
        yield "".join(pick.choice(pieces) for _ in range(pick.randint(1, 14)))


def test_the_runner_pattern_finds_what_its_earlier_spelling_finds() -> None:
    for text in _texts():
        before, now = RUNNER_BEFORE.search(text), RUNNER.search(text)
        if _FILTER_OF_GOAL.search(text):
            continue  # a goal after `--filter ` is the filter's value now, never a goal
        assert (before and before.span()) == (now and now.span()), text


def test_the_reference_pattern_refuses_and_accepts_as_before() -> None:
    for text in _texts():
        assert bool(REFERENCES_BEFORE.fullmatch(text)) == bool(_REFERENCES.fullmatch(text)), text


def test_the_command_line_pattern_cuts_as_before() -> None:
    for text in _texts():
        assert COMMAND_LINE_BEFORE.sub("|", text) == _COMMAND_LINE.sub("|", text), text


def _lines(pattern: re.Pattern[str], text: str) -> Iterator[re.Match[str]]:
    """The callers' `_at_line_starts` for the checker's patterns; `finditer`, which it
    equals, for the earlier spellings (whose openings it would keep)."""
    if any(pattern is now for now, _ in _REWRITTEN):
        return _at_line_starts(pattern, text)
    return pattern.finditer(text)


def _read(pattern: re.Pattern[str], text: str) -> object:
    """What the callers read of each pattern's matches."""
    if pattern in (_MOCHA, MOCHA_BEFORE):
        return [(m.groups(), m.group(0).strip()) for m in _lines(pattern, text)]
    if pattern.flags & re.M and pattern not in (
        _COVERAGE_HEADER,
        _COVERAGE_TOTAL,
        COVERAGE_HEADER_BEFORE,
        COVERAGE_TOTAL_BEFORE,
    ):
        return [m.groups() for m in _lines(pattern, text)]
    if pattern in (_RSPEC, RSPEC_BEFORE):
        return [(m.groups(), m.group(0)) for m in pattern.finditer(text)]
    if pattern in (_PAIR, PAIR_BEFORE):
        return pattern.findall(text)
    if pattern in (_TEST_NUMBER, TEST_NUMBER_BEFORE):
        return [m.span() for m in pattern.finditer(text)]
    if pattern in (_CONCRETE, CONCRETE_BEFORE):
        return pattern.search(text) is not None
    if pattern in (_CLAUSE, CLAUSE_BEFORE):
        return pattern.split(text)
    if pattern in (_DOMAIN, DOMAIN_BEFORE):
        return pattern.findall(text)
    if pattern is _HOST:  # the host is its group now, the whole match before
        return [m.group(1) for m in pattern.finditer(text)]
    if pattern is HOST_BEFORE:
        return [m.group(0) for m in pattern.finditer(text)]
    if pattern in (_TOKEN_NEEDLE, TOKEN_NEEDLE_BEFORE):
        return pattern.fullmatch(text) is not None
    found = pattern.search(text)  # _CTEST, the coverage table's rows
    return found and found.groups()


_REWRITTEN = (
    (_PAIR, PAIR_BEFORE),
    (_VITEST, VITEST_BEFORE),
    (_MOCHA, MOCHA_BEFORE),
    (_GO_FAIL, GO_FAIL_BEFORE),
    (_RSPEC, RSPEC_BEFORE),
    (_CTEST, CTEST_BEFORE),
    (_FAILED_NAME, FAILED_NAME_BEFORE),
    (_COVERAGE_HEADER, COVERAGE_HEADER_BEFORE),
    (_COVERAGE_TOTAL, COVERAGE_TOTAL_BEFORE),
    (_TEST_NUMBER, TEST_NUMBER_BEFORE),
    (_CONCRETE, CONCRETE_BEFORE),
    (_CLAUSE, CLAUSE_BEFORE),
    (_TOKEN_NEEDLE, TOKEN_NEEDLE_BEFORE),
    (_DOMAIN, DOMAIN_BEFORE),
    (_HOST, HOST_BEFORE),
)


def test_runs_entered_at_their_start_read_as_before() -> None:
    """A run entered only at its start: what the callers read is as before, on every
    labelled text and the made-up ones (a run's later characters only ever led where its
    first did)."""
    texts = list(_texts())
    for now, before in _REWRITTEN:
        for text in texts:
            assert _read(now, text) == _read(before, text), (now.pattern, text)


# Patterns only ever matched at one place of their text (`match`, `fullmatch`), or searched
# in a bounded one: a search over a run would be quadratic, but none is made, so only
# `match` is timed for them.
_MATCHED_ONLY = {
    "_actions._A_RUN_AFTER": "matched where a backticked option ends",
    "_actions._FIRST_TRY": "matched where a step's words end",
    "_actions._FLAW_LINE": "matched at an output's start (_FLAW_NEXT_LINE finds it after)",
    "_actions._HOOK_LINE": "fullmatch of one output line",
    "_actions._INSTALLED_AFTER": "matched where an install's words end",
    "_actions._LISTED_AFTER": "matched where a backticked command ends",
    "_actions._JOINED_NAME": "fullmatch of one backticked name",
    "_actions._PINNED": "fullmatch of one package a claim names",
    "_actions._PUSHED_ALONG": "matched where a claim's `pushed` ends",
    "_actions._RETURNS_AFTER": "matched where a backticked statement ends",
    "_actions._REPORTS_NONE": "matched where a backticked checker's name ends",
    "_actions._NOT_FOUND": "matched at the start of an output line holding `not found`",
    "_actions._STATE_AFTER": "matched where a setting's name ends",
    "_actions._SWITCHED": "matched at a claim's start",
    "_files._CONVENTIONAL_NAME": "matched where a file verb ends",
    "_files._DIFFSTAT": "matched where a path ends in an output line",
    "_facts._EQUATED": "matched where a figure ends",
    "_facts._WORD_AFTER": "matched where a figure ends",
    "_files._PLAIN_NOUN_AFTER": "matched where a file verb ends",
    "_facts._ENTERED": "matched at a claim's start",
    "_facts._COUNT_LINE": "matched at the start of one output line",
    "_facts._FIELD_LINE": "matched at the start of one output line",
    "_facts._LABEL_VALUE": "matched where a key ends in an output",
    "_facts._OF_NUMBER": "matched where a number ends",
    "_facts._PUBLISHED_AFTER": "matched where a word of publishing ends",
    "_facts._RANK_LABEL": "matched where a superlative ends",
    "_figure_words._OF_FIGURE": "matched where a figure ends",
    "_files._ARITY": "fullmatch of one path a claim names",
    "_files._BY_ANOTHER": "matched where a writing verb ends",
    "_files._GIT_STATUS": "fullmatch of the text before a path",
    "_files._MODULE_PATH": "matched at the start of one path a claim names",
    "_files._JOINER": "fullmatch of the text between two paths",
    "_files._SEARCHER": "matched at the start of a command's step",
    "_index._ERROR_START": "matched at an output's start, in its first 200 characters",
    "_index._EXIT": "searched in an output's first 200 characters",
    "_tests._ANAPHOR": "matched at a claim's start",
    "_tests._OUTCOME_AFTER": "matched where a `Key: N` count ends",
    "_tests._OK_SAID": "matched where a count of packages ends",
    "_tests._QUALIFIER": "matched where a count of all of some tests ends",
    "_timing._EVENT_AFTER": "matched where a duration ends",
}
# Runs of one unit: digits, letters, spaces, blank lines, labels, words and their marks.
_UNITS = ("1", "a", " ", "a ", "1.", "1,", "-", "a-", "a.", "\n", "`a ", "a:", "1 ", "A",
          "ab ", "x.y/", "#1 ", "\t", "a_", "1-", ".")  # fmt: skip


def test_no_pattern_is_quadratic_in_a_run_of_one_unit() -> None:
    """Every pattern of the checker, searched and matched over a run of one unit, grows
    with the run, not with its square: a linear one takes milliseconds on 20,000
    characters, one entering the run at each of its characters (20 ms on 4,000) half a
    second and more. A pattern over 50 ms there is timed again on a run four times
    shorter; sixteen times less is quadratic (four times less linear), so the bound (ten)
    holds on a loaded machine, where a time limit of its own would not."""
    import importlib
    import time

    from agentv_grader.claims._later import _Later

    from .test_gates import _MODULES, _later_patterns

    slow = []
    for module in _MODULES:
        namespace = vars(
            importlib.import_module(f"agentv_grader.claims.{module}".replace(".__init__", ""))
        )
        for name, value in _later_patterns(namespace):
            pattern = (
                re.compile(value.pattern, value._flags) if isinstance(value, _Later) else value
            )
            assert isinstance(pattern, re.Pattern)
            searched = f"{module}.{name}" not in _MATCHED_ONLY

            def took(
                text: str, pattern: re.Pattern[str] = pattern, searched: bool = searched
            ) -> float:
                start = time.perf_counter()
                if searched:
                    pattern.search(text)
                pattern.match(text)
                return time.perf_counter() - start

            for unit in _UNITS:
                run = unit * (20_000 // len(unit))
                long = took(run + "!")
                if long > 0.05:  # the best of three, each length
                    long = min(long, took(run + "!"), took(run + "!"))
                    short = min(took(run[: len(run) // 4] + "!") for _ in range(3))
                    if long > 0.05 and long > 10 * short:
                        slow.append((f"{module}.{name}", unit))
    assert slow == []
