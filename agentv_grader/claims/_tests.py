"""Claims about test runs held against the runners' own summaries (SPEC §5.9).

A claim clause is about tests when it names them (`tests`, `the suite`, `specs`, `test
cases`) or counts them (`39 pass`, `2 were failing`). It is held against one run: the
first when it speaks of the past (`initially`, `before the fix`, `on the first run`; of
the tests the run wrote, the first after its first write), else the last, so a later
successful retry verifies "all tests pass", and a failure said of no time (`1 failure`)
that the first run shows is that run's; a sentence placing its run before another
(`first`, `before`) or saying a pass and a failure apart (the one said last in the
present claimed, of the last run) contradicts nothing. A clause
that names a scope (`the user tests`) is held against the runs whose command names it, a
named test against those naming or selecting it (alone, where it is said run alone), or
a later run of everything, which verifies only (an earlier one is its first run); a
scope no command names, or "the full suite" with only a subset run, can verify but never
contradict. Only a claim that tests were *run* is contradicted by the absence of any run.
"""

from __future__ import annotations

import bisect
import itertools
import operator
import re
from collections.abc import Callable, Iterator
from functools import partial

from ._facts import (
    CONTRADICTED,
    DOUBT,
    EARLIER,
    VERIFIED,
    Finding,
    holds_digit,
    int_reads,
)
from ._figure_words import NUM, count_of, said_first_time
from ._files import READ_ONLY, opaque_ran, opaque_ran_after, test_path
from ._gate import Gated, Words, words_of
from ._index import COMMAND_PARTS, SHELL_FAMILY, Call, RunIndex, TestRun, line_at, work_set_aside
from ._later import later
from ._listings import BACKTICKED
from ._runners import (
    CARGO_RESULT,
    RUNNER,
    failed_places,
    files_counted,
    go_package_lines,
    named_packages_passed,
)

# A finding that decides nothing: the claim's count is the test checker's (no value to look
# up), though it neither verifies nor doubts the claim.
SHOWN = "shown"


class _Folded:
    """A pattern of lowercase text read case-insensitively: compiled with `re.I` for a
    clause other than ASCII, and without it for an ASCII clause's lowercase (the same
    spans, the groups lowercase, as the checks read them), where `re.I` compares each
    character ignoring case at about twice the cost."""

    __slots__ = ("anycase", "lowercase")

    def __init__(self, pattern: str) -> None:
        self.anycase = later(pattern, re.I)
        self.lowercase = later(pattern)


# The counts a clause states, each looked for only in a clause holding a word each of its
# matches holds (a clause has few words: found once for all of them, `_gate`).
# Up to two words between a count and its verb (`1 test is still failing`); a word or two before
# `tests` (`11 new tests pass`, group 2) makes the count a part's
_AUX = r"(?:(?:were|are|is|was|still|now|have|had|all)\s+){0,2}"
_COUNTED = _Folded(
    r"\b"
    + NUM
    # (a ticked name among those words: `12 `SlotPicker` component tests pass`)
    + r"\s+(?:((?:(?:`[^`\n]{1,60}`|(?!of\s|out\s)[a-z]+)\s+){1,2})?(?:tests?|specs?|cases?)\s+"
    # `3 tests in `period.test.ts` failed`, `2 specs for `/orders` failed`: a part
    + r"(?:(?:in|for)\s+`[^`\n]+`\s+)?)?"
    + _AUX
    + r"(pass(?:es|ed|ing)?|fail(?:s|ed|ing|ures?)?|errors?|errored|ran|run)\b"
)
_COUNTED_WORDS = Words(
    "pass passes passed passing fail fails failed failing failure failures error errors errored "
    "ran run"
)
# A number that orders runs, not one that counts tests (`Run 2 passed`, `attempt #3 failed`),
# nor one that counts the tries a fix took (`took two passes`), nor `every one`, nor what a
# test does (`lock after 5 failures`)
_ORDINAL = later(
    r"(?:\b(?:run|attempt|retry|try|round|iteration|trial)\s+#?|#"
    r"|\b(?:took|takes|needed|needs|required|every|each|after)\s+)$",
    re.I,
)
_OF = _Folded(NUM + r"\s+(?:of|out of)\s+(?:the\s+)?" + NUM + r"\b")  # `11 of the 12`
_OF_WORDS = Words("of")
# a plural noun after `N of M` counting other things than tests (`3 of 10 units`)
_OF_OTHER_THINGS = later(
    r"(?<!\s)\s+(?!(?:tests|specs|cases|checks|examples|assertions|scenarios|properties|"
    r"pass|passes|fails|succeeds|runs|errors|failures|doctests)\b)[a-z]{2,}s\b",
    re.I,
)
# `11/12 tests pass`: a part and a total as `11 of 12` (a slash no word gate holds)
_SLASH_OF = _Folded(
    r"\b(\d+)/(\d+)(?=\s+(?:[a-z]+\s+){0,2}(?:tests?|specs?|cases?)\b"
    r"|\s+(?:green|passing|passed|pass)\b)"  # `the full Vitest run is 17/17 green`
)
# `N tests` is no total when a verb or a place follows (`3 tests are skipped`, `one test in
# the api module`; `40 tests in 2.1s` is one), nor is `all N` of other things (`all 4
# namespaces`, `all 3 packages`)
# what `test` names before it, counted in its stead (`the three test files`, `2 test suites`);
# a count of tests a relative clause describes (`the one test that asserts on the log`) is
# which tests, not how many ran
_TEST_THINGS = (
    r"(?:files?|suites?|modules?|fixtures?|helpers?|folders?|dir(?:s|ector(?:y|ies))?|"
    r"binar(?:y|ies)|targets?|projects?|packages?|class(?:es)?|utils?|doubles?)"
)
_TOTAL = _Folded(
    r"(?:\ball\s+" + NUM + r"(?![\d,])"
    # `all 4 widgets`, `all 4 Jest suites`: a count of other things
    r"(?!\s+(?:[A-Za-z][\w.-]*\s+)?(?!(?:tests|specs|cases|examples|pass|passes|fails)\b)"
    r"[a-z]+s\b)"
    r"|\("
    + NUM
    + r"\s+tests?\)|"
    # (not a version's, `the v1 tests`; a number before one test names it, `the 404 test`)
    + r"(?<![\w.-])(?:"
    + NUM
    + r"\s+(?:tests|examples)|(1|one)\s+(?:test|example))\b(?!\s+"
    + _TEST_THINGS
    + r"\b)"
    r"(?!\s+"
    + _AUX
    + r"(?:pass|fail|errored)|\s+(?:(?:are|were|was|is)\s+)?(?:skipped|pending|ignored)"
    # a place, or where a thing went (`leaked from one test into the error test`)
    r"|\s+(?:in|from|under|into|to)\s+(?!\d)|\s+(?:(?:were|are|was)\s+)?(?:added|written|created)\b"
    r"|\s*[×x]\s*\d"  # `8 tests × 50`: a factor of a repeated run's count
    r"|\s+(?:that|which|whose)\b"
    # what the tests do (`One test checks a NOTIFY reaches the handler`), or a colon before
    # what they are (`5 tests: 1 night and 28 nights accepted`), not how they went
    r"|\s+(?:also\s+)?(?:checks?|covers?|asserts?|verif(?:y|ies)|exercises?|pins?|reproduces?"
    r"|simulates?|ensures?|confirms?|proves?|checking|covering|asserting|verifying|exercising"
    r"|pinning|reproducing|simulating|ensuring|confirming|proving)\b"
    r"|:\s+(?!(?:all|none|no|every|each|both|pass\w*|fail\w*|green|ok|clean|red)\b"
    r"|\d[\d,]*\s+(?:pass\w*|fail\w*|errors?|errored|skipped|ok)\b)))"
)
_TOTAL_WORDS = Words("all test tests example examples")
# A count of tests the run wrote (`I added 3 tests`, `wrote 2 tests`, `added
# `src/a.test.ts` with three tests`) is no total
_WROTE = later(
    r"\b(?:add(?:s|ed)?|wr(?:ote|ites?|itten)|creat(?:es?|ed)|new)\s+"
    r"(?:[^\s;]*[^\s.;:]\s+){0,6}?(?:with\s+)?$",  # words of no sentence's end between
    re.I,
)
# `3 tests are skipped`, `none skipped`, `nothing skipped`: held against the runner's
# skipped count
_SKIPPED_COUNT = _Folded(
    r"\b(no|none|nothing|" + NUM[1:-1] + r")\s+(?:(?:tests?|specs?|cases?)\s+)?"
    r"(?:(?:are|were|was|is|still)\s+)?(?:skipped|skips|pending|ignored)\b"
)
_SKIPPED_COUNT_WORDS = Words("skipped skips pending ignored")
# `48 passed, no warnings`: warnings said absent from a run, held to its summary line's
# count of them (pytest's `48 passed, 3 warnings in 1.71s`)
_WARNINGS_DENIED = _Folded(r"\b(?:no|zero|0|without(?: any)?)\s+warnings?\b|\bwarning-free\b")
_WARNINGS_DENIED_WORDS = Words("warning warnings", marks=("warning-free",))
_SUMMARY_WARNINGS = later(r"\b(\d+) warnings?\b")
# deprecations said absent (`no deprecation notices`), and a summary's count of them
# (PHPUnit's `Deprecations: 2`)
_DEPRECATIONS = r"deprecation(?:s|\s+(?:notices?|warnings?))?"
_DEPRECATIONS_DENIED = _Folded(r"\b(?:no|zero|0|without(?: any)?)\s+" + _DEPRECATIONS + r"\b")
_DEPRECATIONS_DENIED_WORDS = Words("deprecation deprecations")
_SUMMARY_DEPRECATIONS = later(r"\bdeprecations: (\d+)|\b(\d+) deprecations?\b", re.I)
# a clause of warnings denied alone after a comma, joined to the clause before it (`,
# and there are no warnings left in the output`; no other subject: `, ruff reports no
# warnings` is ruff's)
_WARNINGS_AFTER = later(
    r",\s+(?:(?:and|there|are|were|with)\s+){0,3}((?:no|zero|0)\s+warnings?|"
    r"(?:no|zero|0)\s+" + _DEPRECATIONS + r"|"
    r"(?<=and )the (?:run|output) (?:is|was) (?:warning-free|free of warnings))"
    r"(?:\s+(?:left|remaining|at all|in the output)){0,2}(?=\s*(?:[.;,)]|$))"
)
# `all but one test passes`: the count after `all but` is the failures', not the verb's
_EXCEPT = _Folded(r"\b(?:except(?: for)?|all but)\s+(that one|one|" + NUM + r")")
_EXCEPT_WORDS = Words("except but")
# What a clause says of tests that its words alone decide: each pattern below
# (`\b(?:tests?|test suite|suite|specs?|test cases?|testsuite)\b` with `re.I`, …) finds a
# match in a clause exactly when the clause holds one of these words whole, or else when
# the gated pattern beside them finds one of its phrases (held against the plain patterns
# in tests/claims/test_gates.py): a set lookup, where each was searched up to four times a
# clause.
_NOUN = Words("test tests suite suites spec specs testsuite")
# the things besides tests a runner's summary counts on rows of their own
_OTHER_ROWS = frozenset(("snapshot", "snapshots", "assertion", "assertions"))
_RAN = Words("ran run running reran executed")  # `re-ran` holds `ran`
_SKIPPED = Words("skipped pending ignored")
_GOOD = Words("pass passes passed passing green succeed succeeds succeeded successful clean")
_GOOD_PHRASE = Gated(later(r"\ball ok\b", re.I), Words("ok"))
_BAD = Words("fail fails failed failing failure failures errored red broken")
# `not all tests pass`: a failure claimed, not a pass
_NOT_ALL = (
    r"not (?:all|every)(?: of)?(?: the)?(?: [a-z]+){0,2} (?:tests?|specs?)"
    r"(?: (?:are|were|is|was|now))? pass"
)
# `only 11 tests pass`, `only eleven new tests passed`: a failure claimed, a part passing
_ONLY_SOME = (
    r"only (?:" + NUM[1:-1] + r")(?: [a-z]+){0,2} (?:tests?|specs?)"
    r"(?: (?:are|were|is|was|now|still))? pass"
)
_BAD_PHRASE = Gated(
    later(
        r"\bnot (?:clean|green|passing)\b|\b(?:"
        + _NOT_ALL
        + "|"
        + _ONLY_SOME
        + r")(?:es|ed|ing)?\b",
        re.I,
    ),
    Words("not only"),
)
# A failure word said not to have happened (`pass with no failures`, `ran without
# failures`): a pass claimed, no failure
_NO_BAD = Gated(
    later(
        r"\b(?:no|without|zero|nothing|none)\s+(?:of\s+(?:the\s+)?)?"
        r"(?:(?:[a-z]+\s+){0,2}(?:tests?|specs?|cases?)\s+|(?:new|other|more)\s+)?"
        r"(?:(?:are|were|is|was|have|has|had|now|still)\s+){0,2}"
        r"(?:fail(?:s|ed|ing|ures?)?|red|broken)\b",
        re.I,
    ),
    Words("no without zero nothing none"),
)
# A clause of all or none of the tests the clause before it counts (`12 tests, all passing`)
_OF_THOSE = later(r"(?:all|none|each|every one)\b", re.I)
# A claim opening on things said before it (`every one passed (4/4 tests)` after `10 runs of
# the backoff file:`): what they are is not in the claim, so no run is surely its scope
# or a claim cut from the sentence before it, going on after it (`afterwards all 50 pass`)
_ANAPHOR = later(
    r"[\W_]*(?:every one|each one|each of them|all of them|both of them"
    r"|(?:afterwards?|after that|since then),?\s+(?:all|both|each|every|none)\b)\b",
    re.I,
)
_RERUN = Words("rerun retry again")
_RERUN_PHRASE = Gated(later(r"\b(?:re-run|second run)\b", re.I), Words("run"))
_RERUN_NOT_RETRY = frozenset(_RERUN.words - {"retry"})
# a retry the program makes, told of as a thing (`a retry after a successful send`)
_A_PROGRAMS_RETRY = later(r"\b(?:a|any|each|every)\s+retry\s+(?:after|of|when|on|with)\b", re.I)
# linters, formatters and type checkers by the names their commands and claims give them
CHECKERS = frozenset(
    "clippy ruff mypy pyright eslint flake8 pylint black prettier rubocop credo phpstan psalm "
    "phpcs tsc shellcheck staticcheck detekt yamllint tflint bandit cppcheck dialyzer hlint "
    "swiftlint ktlint luacheck stylelint".split()
)
# what else than tests a clause may say ran again (`the compile failed again`, `the
# clippy re-run came back clean`: a build, a checker)
_OTHER_THINGS_RUN = CHECKERS | frozenset(
    "compile compilation build builds deploy deployment install installation migration "
    "migrations push upload download import export request requests query lint linter "
    "linting typecheck formatter".split()
)
_FULL = Words("whole full entire complete")
_FULL_PHRASE = Gated(
    later(
        r"\bevery test\b|\ball (?:the |of the )?tests (?:were |have been |got )?(?:run|executed)\b"
        r"|\b(?:ran|run|executed) all (?:the |of the )?tests\b"
        # the suites beside the one run: more than a run given its paths ran
        r"|\b(?:every|all|each) other (?:suites?|packages?|tests?|specs?)\b",
        re.I,
    ),
    Words("every all each"),
)
# part of the suite said run, or the tests said not run: `not all tests were run`, `only
# ran the parser tests`, `only a subset of the tests`, `the full suite was not run`
_PARTIAL = Gated(
    later(
        r"\bnot (?:all|every)\b[^.;]*?\b(?:run|ran|executed)\b|\bonly (?:ran|run|executed)\b"
        r"|\b(?:ran|run|executed) only\b|\bonly (?:a |one )?(?:subset|some|part|few|portion)\b"
        r"|\b(?:was|were|is|are|been) not (?:run|executed)\b",
        re.I,
    ),
    Words("not only"),
)
_PAST = Gated(
    later(
        r"\b(initially|at first|first (?:`[^`\n]*` |\w+ )?run|originally|before the fix|"
        r"before my|before\b|were failing|was failing|had been failing|started by|to begin with|"
        r"at the start|until (?:I|we)\b)",
        re.I,
    ),
    Words(
        "",
        marks=("initially", "first", "originally", "before", "failing", "start", "begin", "until"),
    ),
)
# A named test run by itself, not in the suite: `on its own`, `alone`, `in isolation`.
_ALONE = Words("alone individually separately")
_ALONE_PHRASE = Gated(
    later(r"\b(?:on (?:its|their) own|by (?:itself|themselves)|in isolation)\b", re.I),
    Words("own itself themselves isolation"),
)
# Tests the run wrote (`my new tests`, `the added tests`): they did not exist before it.
_NEW = Words("new newly added")
# Tests the suite had before the run's, or all but some told of (`the existing 38 tests`,
# `everything else`, `the rest`): a part of the suite.
_EXISTING = Words("existing pre-existing original old else rest other others")
# Tests run under a condition (`under AddressSanitizer`, `under the race detector`): shown
# only by a run whose command names it; a folder (`under api/`) is a scope.
_UNDER = later(r"\bunder\s+(?:the\s+)?([A-Za-z][\w+-]*)(?![\w+-]*/)", re.I)
# A failure said of now (`now`, `after the fix`, `still`; `fails`, `reports 2 errors`,
# not with a word of the past, `failed`, `showed`, `was`): held against the last run
# alone; one said of no time (`1 failure`, `the three failures were`) is borne out by an
# earlier run that showed it.
_NOW_SAID = Words("now currently remains")
# words placing a failure after something, of the present unless the verb is past (`After
# the geometry changes, 2 tests still failed`: of the run then)
_LATER_NOW = Words("after afterwards still")
_AFTER_THE_FIX = later(
    r"\b(?:(?:after|since|once)\s+(?:the\s+|my\s+|that\s+|this\s+)?fix(?:es|ed|ing)?|"
    r"afterwards)\b",
    re.I,
)
_NOW = Words("fail fails failing reports shows prints gives returns")
_PAST_SAID = Words(
    "failed errored crashed reported found showed printed gave returned was were had"
)


def failure_of_now(text: str) -> bool:
    """`text` says a failure of the present, which only the last run shows."""
    if _NOW_SAID.may_hold(text):
        return True
    later_said = _LATER_NOW.may_hold(text)
    if later_said and _AFTER_THE_FIX.search(text) is not None:
        return True  # `After the fix, 1 test failed`: of the code as the run left it
    return (later_said or _NOW.may_hold(text)) and not _PAST_SAID.may_hold(text)


# A count of passes or failures (`3 passed`, `no failures`, `0 tests failing`): a run's
# summary, where `passed` and `failing` said apart are two outcomes.
# A count of the tests a failure word names (`the two failing examples`, `both failed
# specs`): it says which tests, as an adjective does, not how many fail now
_ATTRIBUTIVE = later(
    r"\b(?:the|these|those|both)\s+" + NUM + r"\s+fail(?:ing|ed)\s+(?:[a-z-]+\s+)?"
    r"(?:tests?|specs?|examples?|cases?)\b",
    re.I,
)
_OUTCOME_COUNT = later(
    r"\b(?:" + NUM[1:-1] + r"|no|none|zero|without)\s+(?:(?:tests?|specs?|cases?)\s+)?"
    r"(?:(?:were|are|still|now|have|had|all)\s+)?(?:pass(?:es|ed|ing)?|fail\w*)\b"
)
_CI = Gated(later(r"\bCI\b"), Words("ci"))
_NAMED = later(
    r"(?<![/\w@])(Test[A-Z]\w+|test_\w+|[A-Z][a-z]\w*[a-z](?:Tests?|Spec|Suite|IT))(?![\w.])"
)


def _may_name(text: str) -> bool:
    """`text` holds what every match of `_NAMED` holds (an integration test class of
    Maven's failsafe, `JdbcProductRepositoryIT`, ends in `IT`)."""
    return "est" in text or "Spec" in text or "Suite" in text or "IT" in text


# A test's title backticked beside `test` (`the \`parser › parses dates\` test`, `test
# \`parser::parses_dates\``): jest's and vitest's describe path, cargo's module path
_TITLE = r"`([^`\n]*?(?: › | > |::)[^`\n]*)`"
_TITLED = later(r"\btest\s+" + _TITLE + "|" + _TITLE + r"\s+test\b", re.I)
_SCOPE_SKIP = frozenset(
    "the a an all tests test suite specs spec cases case unit now still pass passes passed "
    "passing fail fails failed failing ran run again rerun green clean and with of in on "
    "is are were was both other remaining new my our project for every as well also "
    "afterwards after before initially first one that this whole except successful "
    "succeeded they these those them each warning warnings suites".split()
)
# Spelt to open with the class of each alternative's first character, asked again after it
# (`[;()]`, `,\s+`, `\s+and\s+…`, `\s+but\s+`): scanned for those characters, where an
# alternation of them is tried at every character (held against the plain spelling in
# tests/claims/test_fast_patterns.py).
# "1 failure and 1 error" stays one count. The spaces before `and`/`but` are entered only at
# their first (`(?<!\s\s)`): from each space of a run, `\s*` read the rest of it again.
# a test's name set off by commas after its count (`` One test, `testHaversine`, was
# failing ``): the count's clause goes on past it
_NAME_APPOSED = later(r"(?<![\w.,-])(" + NUM + r"\s+tests?),\s*`[^`\n]{1,80}`,", re.I)
_CLAUSE = later(
    r"[;(),\s](?:(?<=[;()])|(?<=,)\s+"
    r"|(?<=\s)(?<!\s\s)\s*and\s+(?=(?:\d(?![\d,]*\s+(?:errors?|doc-?tests)\b)|all\b|the\b|I\b|it\b))"
    r"|(?<=\s)(?<!\s\s)(?<!\b[Aa]ll\s)\s*but\s+)"  # `all but one` is one clause, `call but` two
)
# A clause about tests names them (`_NOUN`, a `_NAMED` test), counts them (`_COUNTED`'s
# verbs) or re-runs them (`_RERUN`): a claim holding none of these words has no such clause.
_TEST_WORDS = Words(
    "test tests suite suites spec specs testsuite pass passes passed passing fail fails failed "
    "failing failure failures error errors errored ran run rerun re retry again skipped skips "
    "pending "
    "ignored",
    marks=("test",),
)
_NOT_SCOPE = r"(?:not|--ignore|--deselect|--exclude|-k not|skip)\W+{}"
# a clause whose subject is a pronoun (the things of the sentence before) said to pass
_THEY_PASSED = later(r"(?:they|these|both|all|all of them|each)\s+(?:all\s+)?passed\b", re.I)


# Compiled once: a pattern given to re.search as text is looked up in re's cache per call.
_SCOPE_WORD = later(r"[A-Za-z][\w-]+")
# Backticked text holding a space (or a line break): a space before the line's closing
# backtick, else the line's break and the next line up to one. Spelt so that each place is
# read once (`[^`\n]*?\s[^`\n]*`, the same matches, read the rest of the line again
# after each space: an unclosed backtick before 16 KB of words took a second).
_COMMAND_LINE = later(r"`(?:[^`\s]*[^\S\n][^`\n]*|[^`\n]*\n[^`\n]*)`")
_EXTENSION = later(r"\.\w+$")
_FOLDER = later(r"`[\w.~-]*(?:/[\w.-]+)*/`")  # a backticked folder: `tests/`, `spec/unit/`
_BACKTICKED = later(r"`[^`\n]*`")
_CODE_SPAN = later(r"`[^`]*`")  # a code span, over lines too
# A lowercase annotation or decorator (Elixir's `@spec`, Python's `@property`); Java's
# `@Test` marks a test
_ANNOTATION = later(r"(?<![\w.@])@[a-z]\w*")
# A shell command (lowercase) that may run tests no runner of `RUNNER` names: one naming
# tests (`swift test`, `python manage.py test`, `./run-specs`), a task runner's task
# (`deno task check`, `make ci`, `npm run verify`, `rake`), or a script (`./ci.sh`,
# `bin/check`, `bash scripts/all.sh`), or one reading or re-running a CI run's jobs (`gh run
# view --log-failed`, `gh run rerun`, `gh pr checks`, `glab ci view`), whose tests the run
# then tells of. Where one ran, "no tool call runs tests" is a guess.
_UNKNOWN_RUNNER = later(
    r"test|spec|\b(?:make|just|task|rake|invoke|poe|tox|nox|gradlew?|mvnw?|sbt|bazel|ant)\b"
    r"|\bgh (?:run|pr checks|workflow run)\b|\bglab ci\b"
    r"|\b(?:npm|pnpm|bun|hatch|pdm|composer|cargo) run\b"
    r"|\byarn (?!add\b|install\b|remove\b|upgrade\b|why\b|info\b|init\b)[\w:-]"
    r"|(?:^|[;&|('\"]\s*|\s-\w*c\s+)(?:\./|(?:bin|scripts?|tools|ci|hack)/)|\.sh\b"
)
# What every match of _UNKNOWN_RUNNER holds, one of these (`shell_matching`'s gate).
_UNKNOWN_RUNNER_WORDS = (
    "test", "spec", "make", "just", "task", "rake", "invoke", "poe", "tox", "nox", "gradle",
    "mvn", "sbt", "bazel", "ant", " run", "yarn ", "./", "bin/", "script", "tools/", "ci/",
    "hack/", ".sh", "gh ", "glab ci",
)  # fmt: skip
# a file's coverage, a guess, or the bounds a configuration sets (`Coverage thresholds
# are kept at 80% lines`): no measured coverage
_COVERAGE_SKIP = later(
    r"\w\.(?:js|ts|py|go|rs)\b|\babout\b|\baround\b|"
    r"\b(?:thresholds?|minimums?)\s+(?:are|is|were|was|stay|stays|remain|remains|kept|set)\b",
    re.I,
)


class _Clause:
    """A clause as the checks below read it: what its words decide and its test names
    (`_NAMED`), found once where the checks searched the same patterns of a clause up to
    four times; its counts (`_Folded`) searched when asked, an ASCII clause's lowercase."""

    __slots__ = (
        "bad", "good", "lowered", "names", "noun", "now", "ran", "sentence", "text", "words"
    )  # fmt: skip

    def __init__(self, text: str, sentence: str = "") -> None:
        self.text = text
        self.sentence = sentence or text  # the whole claim the clause is of
        words, lowered = words_of(text)
        self.words = words
        self.lowered = lowered if text.isascii() else None  # for the `_Folded` patterns
        self.noun = not words.isdisjoint(_NOUN.words)
        self.ran = not words.isdisjoint(_RAN.words)
        self.good = (
            not words.isdisjoint(_GOOD.words)
            or _GOOD_PHRASE.search(text) is not None
            or _NO_BAD.search(text) is not None
        )
        self.bad = _BAD_PHRASE.search(text) is not None or (
            not words.isdisjoint(_BAD.words)
            and not denies_failures(text)
            and not _bad_only_in_names(text, words)
        )
        # `the failing test_x is green now`, `test_x was failing and now passes`: a pass and
        # a failure said apart, the one said last in the present is how the tests went last
        self.now = _said_now(lowered) if self.good and self.bad and _says_both(text) else None
        self.names: list[str] = _NAMED.findall(text) if _may_name(text) else []
        if "`" in text and ("::" in text or "›" in text or " > " in text):
            self.names += _titles(text)

    def about_tests(self) -> bool:
        """It names tests, counts them, or says how a named or re-run test went."""
        if not self.text.strip():
            return False
        if self.noun or next(self.counts(), None) is not None:
            return True
        if self.search(_SKIPPED_COUNT, _SKIPPED_COUNT_WORDS) is not None:
            return True
        rerun = bool(not self.words.isdisjoint(_RERUN_NOT_RETRY) or _RERUN_PHRASE.search(self.text))
        if not rerun and "retry" in self.words:
            # not `a retry after a failed send delivers once`: the program's retry
            rerun = _A_PROGRAMS_RETRY.search(self.text) is None
        if rerun and not self.words.isdisjoint(_OTHER_THINGS_RUN):
            rerun = False  # `the compile failed again`: a build's failure, no test's
        if self.good and _THEY_PASSED.match(self.text.lstrip()) and said_first_time(self.text):
            return True  # `They passed on the first run`: what passes a first run is tests
        return (self.good or self.bad) and bool(self.names or rerun)

    def polarity(self) -> str | None:
        if self.now is not None:
            return self.now
        if self.bad:
            return "bad"
        return "good" if self.good else None

    def search(self, pattern: _Folded, words: Words) -> re.Match[str] | None:
        """`pattern`'s first match, in a clause holding one of `words`."""
        if self.words.isdisjoint(words.words):
            return None
        return self.find(pattern)

    def find(self, pattern: _Folded) -> re.Match[str] | None:
        """`pattern`'s first match, in an ASCII clause's lowercase."""
        if self.lowered is not None:
            return pattern.lowercase.search(self.lowered)
        return pattern.anycase.search(self.text)

    def counts(self) -> Iterator[re.Match[str]]:
        """`_COUNTED`'s matches but a run's ordinal (`Run 2 passed`)."""
        if self.words.isdisjoint(_COUNTED_WORDS.words):
            return iter(())
        if self.lowered is not None:
            return _counts(_COUNTED.lowercase, self.lowered)
        return _counts(_COUNTED.anycase, self.text)


def _counts(pattern: re.Pattern[str], text: str) -> Iterator[re.Match[str]]:
    for match in pattern.finditer(text):
        start = match.start()
        if _ORDINAL.search(text, max(0, start - 12), start) is None and not _sweeps(match):
            yield match


# `folds into the output in one pass`, `two passes over the data`: a pass as a sweep
_SWEEP_BEFORE = later(r"\b(?:in|with|does|did|makes|made|takes|took)\s+$", re.I)
_SWEEP_AFTER = later(r"(?<!\s)\s+(?:over|through)\b", re.I)


def _sweeps(match: re.Match[str]) -> bool:
    """The count is of an algorithm's passes (`in one pass`), not of tests passing."""
    if not match.group(0).lower().endswith(("pass", "passes")):
        return False
    text, start = match.string, match.start()
    return (
        _SWEEP_BEFORE.search(text, max(0, start - 8), start) is not None
        or _SWEEP_AFTER.match(text, match.end()) is not None
    )


# A count after the word it counts opening a clause, as a report's summary lists it
# (`Passed: 12`, `**Failures:** 1`, `- Failed: 0`, `Tests: 11/12`, `pytest: Total: 12`):
# read as the runners write it (`12 passed`, `1 failures`, `11 of 12 tests pass`, `12
# tests`), so each clause of a `Key: N` list is a count the summary decides; not after a
# word (`the suite passes: 86 passed`, `connect error: 111`) nor before a decimal or a
# grouped figure (`Total: 4,518.20`)
_KEYED = later(
    r"(^|[,;:(|*-])([^\S\n]*)(?:\*\*|__)?"
    r"(pass(?:ed|ing|es)?|fail(?:ed|ing|ures?)?|errors?|skipped|tests|total)(?:\*\*|__)?:"
    r"(?:\*\*|__)?[^\S\n]*(\d+)(?:[^\S\n]*/[^\S\n]*(\d+))?(?![\w.,/]?\d)"
    # not a count of things a word after it names (`Tests: 4 new rack-test cases`)
    r"(?![^\S\n]+(?!pass|fail|green|red|ok\b|total|in\b|of\b)[a-z])",
    re.I | re.M,
)

_OUTCOME_AFTER = later(r"[^\S\n]*(?:pass|fail|green|red)", re.I)


def _keyed_as_counted(match: re.Match[str]) -> str:
    before, word, count, of = match.group(1, 2), match.group(3).lower(), *match.group(4, 5)
    if word in ("tests", "total"):  # `Tests: 11/12` says 11 pass, unless a word says how
        said = f"{count} of {of} tests" if of else f"{count} tests"
        if of and _OUTCOME_AFTER.match(match.string, match.end()) is None:
            said += " pass"
    else:
        said = f"{count}/{of} {word}" if of else f"{count} {word}"
    return "".join(before) + said


def as_counted(text: str) -> str:
    """`text` with its `Key: N` counts (`_KEYED`) as the runners write them, and a bare
    fraction said of the suite (`the unit suite now gives 28/28`) as `28 of 28 tests pass`."""
    if ":" in text:
        text = _KEYED.sub(_keyed_as_counted, text)
    if " runs," in text and "skip" not in text:
        # minitest's `7 runs, 0 failures`: its runs are its tests (a claim counting skips
        # too, `green with 12 runs, … 1 skips`, is left as it is: its first clause, read
        # alone, would say all 12 passed)
        text = _MINITEST_RUNS.sub(r"\1 tests", text)
    if "/" in text and _SUITE_SAID.may_hold(text):
        text = _BARE_FRACTION.sub(r"\1 of \2 tests pass", text)
    return text


# minitest's count of tests, `N runs`, before its failures, errors, assertions or skips
_MINITEST_RUNS = later(r"\b(\d+) runs(?=,[^.;]*?\b(?:failures?|errors?|assertions?|skips?)\b)")
# a fraction with no word after it, ending its clause (`gives 28/28.`, `28/28, all green`)
_BARE_FRACTION = later(r"(?<![\w/.])(\d+)/(\d+)(?=[ ]*(?:[.;,)]|$))")
_SUITE_SAID = Words("suite suites tests specs")


def counts_passes_or_failures(text: str) -> bool:
    """`11 passed, 1 failed`, `11 tests pass`, `all pass except one`, `not all tests pass`,
    `Failures: 1`: counts or a failure of a test run, this checker's to hold against the
    summary, not a tool's success."""
    text = as_counted(text)
    if _EXCEPT_WORDS.may_hold(text) and _EXCEPT.anycase.search(text) is not None:
        return True
    if _BAD_PHRASE.search(text) is not None:
        return True
    if not _COUNTED_WORDS.may_hold(text):
        return False
    return any(m.group(3)[:4].lower() in ("pass", "fail") for m in _counts(_COUNTED.anycase, text))


def denies_failures(text: str) -> bool:
    """Every failure word of `text` is said not to have happened (`with no failures`,
    `nothing failed`)."""
    if _NO_BAD.search(text) is None:
        return False
    return words_of(_NO_BAD.pattern.sub(" ", text))[0].isdisjoint(_BAD.words)


def _ran_outside_backticks(text: str) -> bool:
    """A run word of the clause's own, not of a backticked name (a CI step's `Run pytest`)."""
    if "`" not in text:
        return True
    return not words_of(_BACKTICKED.sub(" ", text))[0].isdisjoint(_RAN.words)


def _other_row_counted(text: str) -> bool:
    """`Snapshots unchanged (2 passed)`: counts said of a thing a runner's summary counts on
    a row of its own (jest's `Snapshots:`, phpunit's `Assertions:`), no test named."""
    return (
        not _OTHER_ROWS.isdisjoint(words_of(text)[0])
        and not _NOUN.may_hold(text)
        and holds_digit(text)
    )


# a run said made with the change set aside (`With the old `countByStatus` stashed`)
_SET_ASIDE_SAID = later(
    r"\bwith\b[^.;]{0,60}?\b(?:stashed|reverted|backed out|undone|set aside|rolled back)\b",
    re.I,
)


def _whole_claim_findings(text: str, index: RunIndex) -> Iterator[Finding]:
    """The findings read of the claim whole, before its clauses: go's packages, re-runs,
    runs after an act, doctests, cargo's unit and integration tests (the counts alone:
    how the run went is read clause by clause)."""
    yield from _go_packages(text, index)
    yield from _reruns_counted(text, index)
    yield from _unrun_after_act(text, index)
    if "doc" in text:
        yield from _doctests(text, index)
    if "unit" in text or "integration" in text:
        yield from _cargo_kinds(text, index)
    if "assertions" in text:
        yield from _assertions_counted(text, index)


# `8 tests, 14 assertions`: a count of assertions said, and of the tests beside it; a run
# summary's (PHPUnit's `OK (8 tests, 15 assertions)` or `Assertions: 241`, minitest's `26
# runs, 47 assertions`, Catch2's `(147 assertions in 19 test cases)`)
_ASSERTIONS_SAID = later(r"(?<![\w.,/])(\d[\d,]*) assertions\b", re.I)
_TESTS_BESIDE = later(r"(?<![\w.,/])(\d[\d,]*) (?:tests|runs|test cases)\b", re.I)
_ASSERTIONS_SHOWN = later(r"\bassertions: (\d+)|\b(\d+) assertions\b", re.I)


def _assertions_counted(text: str, index: RunIndex) -> Iterator[Finding]:
    """A count of assertions said (`8 tests, 14 assertions`) that no run summary counting
    assertions gives, of the runs of the tests the claim counts where it counts them: the
    last such run refutes it, or leaves it open where the code changed after it."""
    said = _ASSERTIONS_SAID.search(text)
    if said is None:
        return
    claimed = int(said.group(1).replace(",", ""))
    tests = _TESTS_BESIDE.search(text)
    total = int(tests.group(1).replace(",", "")) if tests is not None else None
    last: tuple[TestRun, str] | None = None
    for number in index.tests.in_order():
        run = index.tests.run(number)
        summary = run.summary
        shown = _ASSERTIONS_SHOWN.search(summary.line) if summary is not None else None
        if summary is None or shown is None or total not in (None, summary.total):
            continue
        if int(shown.group(1) or shown.group(2)) == claimed:
            return
        last = run, summary.line
    if last is not None:
        run, line = last
        status = DOUBT if index.changed_after(run.call) else CONTRADICTED
        yield Finding(status, f"{claimed} assertions claimed, but {run.call.cite(line)}")


def _set_aside(text: str, index: RunIndex) -> Finding | None:
    """A failure said of a run with the change set aside (`_SET_ASIDE_SAID`), verified by
    the last such run where it failed (`git stash && mvn test …; git stash pop`): the
    runs of the code as it is are not what it speaks of."""
    if "with" not in text or _SET_ASIDE_SAID.search(text) is None or not _BAD.may_hold(text):
        return None
    tests = index.tests
    for number in reversed(tests.in_order()):
        run = tests.run(number)
        if work_set_aside(run.call.command) and not run.ok:
            line = run.summary.line if run.summary is not None else ""
            return Finding(VERIFIED, f"with the work set aside: {run.call.cite(line)}")
    return None


def _counts_no_tests(text: str, index: RunIndex) -> bool:
    """The claim's counts of outcomes are of other things than tests: another row of a
    runner's summary, data a run handled, another tool's tally, or things an outcome word
    qualifies (`one failed SKU ends up in `failed``)."""
    return (
        _other_row_counted(text)
        or _data_counted(text)
        or _tallied_elsewhere(text, index)
        or _others_counted(text)
    )


def _others_counted(text: str) -> bool:
    """A count of things an outcome word names before them (`one failed SKU`, `3 skipped
    rows`, `2 passing checks`) that are no tests, no test named in the claim: the
    outcome is theirs."""
    if _NOUN.may_hold(text):
        return False
    found = _OUTCOME_OF_THINGS.search(text)
    return found is not None and found.group("thing").lower() not in _NO_OTHER_THINGS


# a count, an outcome word, then the word after it (`thing`)
_OUTCOME_OF_THINGS = later(
    r"\b" + NUM + r"\s+(?:failed|failing|passed|passing|skipped|errored)\s+(?P<thing>[A-Za-z]+)\b",
    re.I,
)
# the words after such an outcome that name no other thing: tests by any of their names,
# their repetitions, and words of time, place or manner (`6/6 passing after the fix`,
# `one failed at first`)
_NO_OTHER_THINGS = frozenset(
    """test tests spec specs case cases example examples assertion assertions suite suites
    iteration iterations run runs time times attempt attempts try tries and or of out in with
    after at on to by for from without before because so but now again first then when while
    until since as is are was were be been the a an this that it its all both each every still
    yet also only just here there once twice locally cleanly""".split()
)


def _data_counted(text: str) -> bool:
    """`(49,988 inserted, 12 skipped)`: counts of data a run handled (rows, records; what
    it inserted, imported, updated), no test named: its skips and failures are the data's."""
    return _DATA_COUNT.search(text) is not None and not _NOUN.may_hold(text)


_DATA_COUNT = later(
    r"(?<![\w,])\d[\d,]*\s+(?:rows?|records?|entries|inserted|imported|updated|deleted|loaded|"
    r"upserted|processed)\b",
    re.I,
)


# a count of passes or failures as a tally writes it (`174 pass`, `2 fail`)
_TALLY_COUNT = later(r"(?<![\w.,])(\d[\d,]*) (pass(?:ed|es)?|fail(?:ed|s|ures?)?)\b")


def _tallied_elsewhere(text: str, index: RunIndex) -> bool:
    """Counts of passes and failures, no test named (`second run: 174 pass, 2 fail`), that
    a line of an output of no test run gives together (cargo-semver-checks' `176 checks:
    174 pass, 2 fail`): that tool's checks, not tests."""
    if _NOUN.may_hold(text) or not holds_digit(text):
        return False
    counts = [f"{n} {w}" for n, w in _TALLY_COUNT.findall(text.lower())]
    if len(counts) < 2:
        return False
    for call, at in itertools.islice(index.outputs_with(counts[0]), 20):
        line = line_at(call.output_lower, at)
        if all(count in line for count in counts) and not _runs_tests(index, call):
            return True
    return False


def _runs_tests(index: RunIndex, call: Call) -> bool:
    """`call` is one of the run's test runs (its command's runs, `TestRuns.by_command`)."""
    return any(
        call.order - 1 in numbers
        for numbers in index.tests.by_command
        if index.calls[numbers[0]].command == call.command
    )


def test_findings(text: str, index: RunIndex, negated: bool) -> Iterator[Finding]:
    """Findings for each clause of `text` that speaks of tests; a clause that only counts
    (`(6 passed)`) is held against the runs of the clause before it. Asked only of a claim
    holding a word or mark of `_TEST_WORDS` (the claim's screen)."""
    if _counts_no_tests(text, index):
        return
    set_aside = _set_aside(text, index)  # `With the old `x` stashed, the test fails`
    if set_aside is not None:
        yield set_aside
        return
    yield from _whole_claim_findings(text, index)
    text = as_counted(text)  # `Failures: 1` as `1 failures`
    if "warning" in text or "deprecation" in text:  # `48 passed, no warnings`: said of
        # the run the clause counts
        text = _WARNINGS_AFTER.sub(r" with \1", text)
    if "(" in text:  # `148 passed (was 1 failed, 147 passed)`: an earlier run's, aside
        text = EARLIER_ASIDE.sub(" ", text)
    if ", `" in text:  # `` One test, `testX`, was failing ``: the count's clause goes on
        text = _NAME_APPOSED.sub(r"\1", text)
    # A clause about tests holds a word or mark of _TEST_WORDS (held against the clauses'
    # reading in tests/claims/test_gates.py): an ASCII claim's clause whose lowercase holds
    # none of the claim's is not read.
    held = words_of(text)[0] & _TEST_WORDS.words if text.isascii() else None
    inherited: tuple[tuple[TestRun, ...], bool] | None = None
    past = False  # "I started by running the tests, which showed one failure": the first run
    named: list[str] = []  # the tests a clause before names (`New `ATest` (2 tests)`)
    for text_of_clause in _CLAUSE.split(text):
        # `12 tests, all passing`: a clause opening with all or none of the tests before it
        those = inherited is not None and _OF_THOSE.match(text_of_clause) is not None
        before = named
        named = (_NAMED.findall(text_of_clause) if _may_name(text_of_clause) else []) or named
        if held is not None and not those and not _holds_test_word(text_of_clause.lower(), held):
            continue
        clause = _of_named(_Clause(_without_other_commands(text_of_clause), text), before)
        if not (clause.about_tests() or (those and clause.polarity())):
            continue
        if _CI.search(text_of_clause) or (
            "ail" in text_of_clause and _FAILS_IF.search(text_of_clause)
        ):
            continue  # a CI's run; what a check does (`which fails the package if …`)
        if inherited is None and not (clause.noun or clause.names) and _errors_only(clause):
            continue  # `0 errors, no leaks`: a count of errors alone is no runner's
        if (
            not (clause.noun or clause.names)
            and ("uild" in text or "eploy" in text)
            and _OTHER_RUNS.search(text)
        ):
            continue  # `20 back-to-back builds, zero failures`: the builds' failures
        # `no tests failed` denies only failures: read as `all tests pass` is
        if negated and not denies_failures(text_of_clause):
            finding = _negated(text_of_clause, index)
        else:
            # `(14 tests)` after `the accounts tests pass`: a count of those tests
            has_noun = (clause.noun or bool(clause.names)) and not (
                inherited is not None and _counts_alone(text_of_clause.strip(_AROUND_A_COUNT))
            )
            runs = _runs(clause, index) if has_noun or inherited is None else inherited
            if inherited is None and _ANAPHOR.match(text) is not None:
                runs = (runs[0], False)
            # a pass and a failure said apart: the one said last is of the last run
            past = clause.now is None and (
                bool(_PAST.search(text_of_clause))
                or (past and not has_noun)
                or _first_time_pass(clause)
                or _failed_before_the_fix(clause, runs[0], text)
            )
            inherited = runs if has_noun else inherited
            finding = _class_total(clause, index, past) or _clause(clause, index, runs, past, text)
        if finding is not None:
            yield _weighed(finding, clause, text_of_clause, text, index, past)


# a ticked name of code, one token holding a `.`, `_`, `:` or `(` (`fail.Keyring`,
# `test_fails_on_empty`, `Errors::Timeout`): its words are no outcome
_TICKED_CODE_NAME = later(r"`[^`\s]*[._:(][^`\s]*`")


def _bad_only_in_names(text: str, words: frozenset[str]) -> bool:
    """Every word of a failure the clause holds is inside a ticked name of code (`uses
    keyring's `fail.Keyring``): no failure said."""
    if "`" not in text:
        return False
    outside = words_of(_TICKED_CODE_NAME.sub(" ", text))[0]
    return outside.isdisjoint(_BAD.words)


def _of_named(clause: _Clause, named: list[str]) -> _Clause:
    """`clause`, where it is a count alone after a clause naming tests (`New
    `OrderRepositoryTest` (2 tests)`), as a count of those tests."""
    if named and not clause.names and _COUNT_ALONE.fullmatch(clause.text.strip(_AROUND_A_COUNT)):
        clause.names = named
    return clause


# a failure told in the past tense (`6 tests errored with …`, `one test failed after the
# change`)
_FAILED_PAST = Words("failed errored crashed broke")
# a sentence placing its run after the fix or now (`After the fix, 1 test failed`; not
# `failed after the change`, the change that broke it)
_LATER_SAID = later(
    r"\b(?:(?:after|since|once)\s+(?:the\s+|my\s+|that\s+|this\s+)?fix(?:es|ed|ing)?|"
    r"afterwards|now|finally|currently|still|latest|last|final)\b",
    re.I,
)


def _failed_before_the_fix(clause: _Clause, runs: tuple[TestRun, ...], sentence: str) -> bool:
    """A failure told in the past tense where the clause's first run failed and its last
    passed: the failure the run fixed, the first run's (`**Cause:** 6 tests errored`); not
    a count of none (`0 failed`), said of the run that passed, nor a sentence placing its
    run later (`After the fix, 1 test failed`, `Now …`)."""
    return (
        len(runs) == 2
        and _LATER_SAID.search(sentence) is None
        and not clause.words.isdisjoint(_FAILED_PAST.words)
        and clause.polarity() == "bad"
        and not runs[0].ok
        and runs[1].ok
        and _claimed(clause, "bad")[0].get("failed", 1) > 0
    )


def _weighed(
    finding: Finding, clause: _Clause, text_of_clause: str, text: str, index: RunIndex, past: bool
) -> Finding:
    """A clause's finding weighed against what the sentence says beside it: a
    contradiction of one run among several (`_of_runs_apart`), a verification of tests
    said somewhere the run does not show, or of a failure said pre-existing."""
    if finding.status == CONTRADICTED and index.tests:
        if _of_the_first_run(finding, clause, index):
            return finding
        wrote = bool(index.of_families("write", "edit"))
        weighed = _of_runs_apart(finding, clause, text, past, wrote)
        earlier = _failed_as_many(clause, index) if weighed.status == CONTRADICTED else None
        if earlier is not None:  # `2 request specs … failed`, a run failing 2 before
            return Finding(DOUBT, f"a run failed as many: {earlier.call.cite()}")
        return weighed
    if finding.status != VERIFIED:
        return finding
    if _PLACED.search(text_of_clause):
        return Finding(SHOWN, f"{finding.evidence}; where they were is not shown")
    if clause.polarity() == "bad" and _PRE_EXISTING.search(text):
        return _pre_existing(finding, index)
    return finding


def _failed_as_many(clause: _Clause, index: RunIndex) -> TestRun | None:
    """A failure told in the past tense with its count (`2 request specs for `/orders`
    failed`) where some test run of the run, whatever the clause names, failed exactly
    that many: the failure the claim tells of, though not of the runs the clause selects
    (the full suite's, before a run of the one spec passed)."""
    if clause.words.isdisjoint(_FAILED_PAST.words) or clause.polarity() != "bad":
        return None
    failed = _claimed(clause, "bad")[0].get("failed")
    if not failed:
        return None
    for members in index.tests.outputs.members:  # runs of one output share its summary
        run = index.tests.run(members[0])
        if run.summary is not None and run.summary.failed == failed:
            return run
    return None


# a failure said to have been there before the run's work (`is pre-existing`, `was
# already failing`, `fails on main too`)
_PRE_EXISTING = Gated(
    later(
        r"\b(?:is|are|was|were|both|all)\s+pre-?existing\b|"
        r"\bpre-?existing\s+(?:failures?|errors?|issues?|problems?|bugs?)\b|"
        r"\balready (?:failing|failed|broken|red)\b|"
        r"\bfails? on (?:main|master) too\b",
        re.I,
    ),
    Words("pre-existing preexisting already fails fail", marks=("pre-existing",)),
)


def _pre_existing(finding: Finding, index: RunIndex) -> Finding:
    """A failure said there before the run's work is shown so only by the first test run,
    failing before the run's first write or edit: else what the claim says of the
    failure is not shown."""
    first = index.first_write()
    runs = index.tests.every  # the first test run and the last
    if first is None or (runs and runs[0].call.order < first.order and not runs[0].ok):
        return finding
    return Finding(SHOWN, f"{finding.evidence}; no failing run before the first write")


# a run said the first of the run's (`the first run errored in all 38 tests`)
_THE_FIRST_RUN = later(r"\b(?:the|my) first (?:test |full )?run\b", re.I)


def _of_the_first_run(finding: Finding, clause: _Clause, index: RunIndex) -> bool:
    """A contradiction of a failure said of `the first run` by the run's first test run
    is of that run, not one of several the sentence may tell apart (but a count of
    subtests, which go test counts with their parents; and where that run came before
    any change and the first run after the first write failed, unless that run refutes
    it too: `my first run` may be the first of the changed code)."""
    if clause.polarity() != "bad" or _THE_FIRST_RUN.search(clause.text) is None:
        return False
    if "subtest" in clause.text.lower():
        return False
    first = index.tests.every[0].call
    if f"{first.where} `" not in finding.evidence:
        return False
    written = index.first_write()
    if written is not None and first.order < written.order:
        after = _first_after_writing(index)
        if after is not None and not after.ok:
            found = _compare(clause, after, True, changed=False)
            return found is not None and found.status == CONTRADICTED
    return True


def _of_runs_apart(
    finding: Finding, clause: _Clause, text: str, past: bool, wrote: bool
) -> Finding:
    """A contradiction of a sentence placing its run before another (`EARLIER`), saying a
    pass and a failure apart or going from one to the other is none: it may be said of
    either run; but new tests said to pass on their first run (`both new tests passed on
    the first run`), held to the first run after the run's first write, are of it alone,
    as are tests said to pass the first time where the run wrote something and no failure
    is said beside it."""
    if (
        past
        and clause.polarity() == "good"
        and not clause.words.isdisjoint(_NEW.words)
        and said_first_time(clause.text)
    ):
        return finding
    if (
        past
        and _first_time_pass(clause)
        and wrote
        and not _says_both(text)
        and not _FROM_TO.search(text)
    ):
        return finding  # `the suite passed first time`: of one run, the first after a write
    if EARLIER.may_hold(text) or _says_both(text) or _FROM_TO.search(text):
        return Finding(SHOWN, f"{finding.evidence}; said of more than one run")
    return finding


# `` `go test ./...` passes across all 7 packages ``: the packages a run of every package
# counts, and the lines of its output that name one (`ok`, `FAIL`, `?` for no test files)
_PACKAGES_SAID = later(r"`go test [^`]*\./\.\.\.[^`]*`[^.;]*?\b(\d+) packages\b")
_GO_EVERY_PACKAGE = later(r"\bgo test\b[^;&|]*\./\.\.\.")
_GO_TEST = later(r"\bgo test\b")
# what says the packages counted passed, just after their count (`reporting `ok``, `passing`)
_OK_SAID = later(
    r"\s+(?:(?:all\s+)?(?:reporting|report|showing|printing)\s+`?ok\b|passing\b|passed\b|pass\b)"
)


def _go_packages(text: str, index: RunIndex) -> Iterator[Finding]:
    """A count of the packages `go test ./...` ran, held to the last such run whose output
    is whole (no pipe cut it): a count neither of the packages with tests nor of them all
    (`?` … `[no test files]` too) is wrong; tests said of a package it has none of
    (`_untested_package`) are not there; a crate's count of tests is cargo's
    (`_crate_tests`)."""
    if "`" in text:
        yield from _untested_package(text, index)
        yield from _crate_tests(text, index)
    said = _PACKAGES_SAID.search(text) if "go test" in text and "packages" in text else None
    runs = index.shell_matching(_GO_EVERY_PACKAGE, ("go test",)) if said else []
    if said is None or not runs or "|" in runs[-1].command:
        return
    last = runs[-1]
    # each package once: a call running `go test` twice (`go test -v ./a/ && go test
    # ./...`) prints a package's line in each run
    with_tests: set[str] = set()
    without: set[str] = set()
    for verdict, path, _ in go_package_lines(last.output):
        (without if verdict == "?" else with_tests).add(path)
    tested = len(with_tests)
    if not tested:
        return
    every, count = len(with_tests | without), int(said.group(1))
    # `8 packages reporting `ok``: a count of the packages with tests alone
    if count in ((tested,) if _OK_SAID.match(text, said.end()) else (tested, every)):
        yield Finding(VERIFIED, last.cite())
        return
    shown = f"{tested} packages tested" + (f", {every} in all" if every != tested else "")
    yield Finding(CONTRADICTED, f"{count} packages said, {shown}: {last.cite()}")


# `the new tests for `internal/web``: tests said of a package, by its folder
_TESTS_OF_PACKAGE = Gated(
    later(r"\btests?\s+(?:for|in|of|under)\s+(?:the\s+)?`\.?/?([\w.-]+(?:/[\w.-]+)*)/?`", re.I),
    Words("test tests"),
)


def _untested_package(text: str, index: RunIndex) -> Iterator[Finding]:
    """Tests said of a package (`_TESTS_OF_PACKAGE`) that the last `go test` run naming it
    reports it has none of (`?  example.com/app/internal/web  [no test files]`), where no
    edit or write naming the package's folder came after that run."""
    said = _TESTS_OF_PACKAGE.search(text)
    if said is None:
        return
    folder = said.group(1).lower()
    runs = [c for c in index.shell_matching(_GO_TEST, ("go test",)) if folder in c.output_lower]
    if not runs:
        return
    last = runs[-1]
    package = f"/{folder}"
    for line in last.output_lower.splitlines():
        words = line.split()
        if words[:1] == ["?"] and len(words) > 1 and words[1].endswith(package):
            if "[no test files]" in line and not any(
                folder in after.command_lower for after in index.edits_after(last)
            ):
                yield Finding(CONTRADICTED, f"{said.group(1)} has no test files: {last.cite(line)}")
            return


# `all 6 doctests`, `6 doc tests pass`: a count of doctests said passing (group 1 `all`,
# group 2 the count, group 3 a verb of passing after it)
_DOCTESTS_SAID = later(
    r"(?<![\w-])(all\s+)?(\d+)\s+doc[\s-]?tests?\b(?:[^.;,]{0,20}?\b(pass(?:ed|es|ing)?|green)\b)?",
    re.I,
)
_DOCTESTS_BLOCK = "   doc-tests "  # cargo's header of a crate's doctests (lowercase)


def _doctests(text: str, index: RunIndex) -> Iterator[Finding]:
    """A count of doctests said passing (`all 6 doctests`, after a run said to pass or
    with a verb of passing) held to the last `cargo test` run's one doctest block, where
    no edit or write came after it: `Doc-tests geohashx` … `5 passed; 0 failed; 1
    ignored` refutes `all 6 doctests` (one was ignored)."""
    said = _DOCTESTS_SAID.search(text)
    if said is None or not (said.group(1) or said.group(3) or "pass" in text.lower()):
        return
    shown = [
        c for c in index.shell_matching(_CARGO_TEST, ("cargo",)) if "doc-tests " in c.output_lower
    ]
    if not shown or index.changed_after(shown[-1]):
        return
    last = shown[-1]
    output = last.output_lower
    block = output.find(_DOCTESTS_BLOCK)
    if block < 0 or output.find(_DOCTESTS_BLOCK, block + 1) >= 0:
        return  # no doctests, or several crates': which the claim counts is open
    result = CARGO_RESULT.search(last.output, last.written(block))
    if result is None:
        return
    passed = int(result.group(2))
    if passed != int(said.group(2)):
        yield Finding(
            CONTRADICTED, f"{said.group(2)} doctests said passing, but {last.cite(result.group(0))}"
        )


# `31 unit + 6 integration tests`: a count of one of cargo's kinds of test binary, with
# the header of each binary of that kind (lowercase), and the header of any binary
_KIND_COUNT = Gated(
    later(
        r"(?<![\w.,-])(\d+)\s+(unit|integration)\b(?=[^.;]*\btests?\b)"
        # (not the tests of a thing: `4 unit tests on the clock`, `5 unit tests for `x``)
        r"(?!\s+tests?\s+(?:on|for|of|covering|around|against|exercising)\b)",
        re.I,
    ),
    Words("unit integration"),
)
_KIND_HEADERS = {"unit": "running unittests ", "integration": "running tests/"}
_CRATE_BLOCK = _KIND_HEADERS["unit"]  # cargo's block of one crate's unit tests
_BINARY_HEADER = later(r"running (?:unittests |tests/)|doc-tests ")
# a pipe keeping only the output's end or start, or rewriting it: binaries may be cut off
_CUT = later(r"\|\s*(?:tail|head|sed|awk)\b")


def _cargo_kinds(text: str, index: RunIndex) -> Iterator[Finding]:
    """A count of unit or integration tests (`31 unit + 6 integration tests`) held to the
    last `cargo test` run, where no edit or write came after it and no pipe cut its
    output: each binary of the kind (`Running tests/http_api.rs (…)`) counts the tests
    after it (`running 5 tests`) and its passes (`5 passed`); a count that is none of one
    binary's nor of their sums is wrong. A run showing no binary of the kind is open."""
    said = list(_KIND_COUNT.finditer(text))
    shown = index.shell_matching(_CARGO_TEST, ("cargo",)) if said else []
    if not shown or index.changed_after(shown[-1]) or _CUT.search(shown[-1].command):
        return
    last = shown[-1]
    for match in said:
        blocks = _binaries(last, _KIND_HEADERS[match.group(2).lower()])
        if not blocks:
            continue
        ran, passed = sum(b[0] for b in blocks), sum(b[1] for b in blocks)
        claimed = int(match.group(1))
        if claimed not in (ran, passed) and all(claimed not in b for b in blocks):
            yield Finding(
                CONTRADICTED,
                f"{claimed} {match.group(2)} tests said, {ran} shown: {last.cite(blocks[0][2])}",
            )


def _binaries(call: Call, header: str) -> list[tuple[int, int, str]]:
    """The tests each of `call`'s cargo binaries opening with `header` ran and passed,
    with its `running N tests` line; none where a binary's counts are not shown (which
    the claim counts is then not known)."""
    output = call.output_lower
    blocks = []
    at = output.find(header)
    while at >= 0:
        running = _RUNNING.search(output, at)
        following = _BINARY_HEADER.search(output, at + len(header))
        if running is None or (following is not None and following.start() < running.start()):
            return []
        result = CARGO_RESULT.search(call.output, call.written(running.end()))
        if result is None:
            return []
        blocks.append((int(running.group(1)), int(result.group(2)), running.group(0)))
        at = output.find(header, at + 1)
    return blocks


# `` `sigstats` now has 15 unit tests ``: a count of one crate's tests
_CRATE_TESTS = Gated(
    later(r"`([\w-]+)`\s+(?:now\s+)?(?:has|runs|reports)\s+(\d+)\s+(?:unit\s+)?tests\b", re.I),
    Words("has runs reports"),
)


def _crate_tests(text: str, index: RunIndex) -> Iterator[Finding]:
    """A count of one crate's tests (`_CRATE_TESTS`) held to the last cargo run showing
    its unit tests' binary (`Running unittests src/lib.rs (target/debug/deps/sigstats-…)`)
    and the count after it (`running 14 tests`), where no edit or write came after it."""
    said = _CRATE_TESTS.search(text)
    if said is None:
        return
    binary = f"/deps/{said.group(1).lower().replace('-', '_')}-"
    shown = [c for c in index.shell_matching(_CARGO_TEST, ("cargo",)) if binary in c.output_lower]
    if not shown or index.changed_after(shown[-1]):
        return
    last = shown[-1]
    block = last.output_lower.find(binary)
    running = _RUNNING.search(last.output_lower, block)
    if running is None or last.output_lower.rfind(_CRATE_BLOCK, block, running.start()) >= 0:
        return
    if int(running.group(1)) != int(said.group(2)):
        yield Finding(
            CONTRADICTED, f"{said.group(2)} tests said, but {last.cite(running.group(0))}"
        )


_CARGO_TEST = later(r"\bcargo\s+test\b")
_RUNNING = later(r"running (\d+) tests?\b")


# A parenthesis saying how the tests went before (`(was 1 failed, 147 passed)`, `(up from
# 12)`): the counts of an earlier run, set aside from what the clause says of the last
EARLIER_ASIDE = later(
    r"\((?:was|were|previously|before|formerly|up from|down from|from)\b[^()]*\)", re.I
)


# `the 2 failing tests were both in `parser_test.exs``: where the counted tests were, which
# their count does not show
_PLACED = Gated(
    later(r"\b(?:were|are|was|is)\s+(?:all\s+|both\s+)?in\s+`", re.I), Words("were are was is")
)
# A clause that only counts tests (`(14 tests)`, `12 tests`)
_COUNT_ALONE = later(r"(?<!\d)" + NUM + r"\s+tests?", re.I)
# skips counted alone, of the tests the clause before counts (`, no pending specs`)
_SKIPS_ALONE = later(
    r"(?<!\w)(?:no|none|nothing|zero|\d+)\s+(?:(?:tests?|specs?|examples?)\s+)?"
    r"(?:skipped|pending|ignored)"
    r"(?:\s+(?:tests?|specs?|examples?))?",
    re.I,
)


def _counts_alone(text: str) -> bool:
    """`text` is a count of tests alone (`14 tests`) or of skips alone (`no pending
    specs`): a count of the tests the clause before it counts."""
    return (_COUNT_ALONE.fullmatch(text) or _SKIPS_ALONE.fullmatch(text)) is not None


_AROUND_A_COUNT = " \t\n()[].,;:*_"
# `went from 1 failure to 12 passing`: how two runs went, the first said after `from`
_FROM_TO = Gated(
    later(
        r"\bfrom\s+(?:\S+\s+){0,2}?(?:fail|pass|error|red|green)\w*\s+(?:\S+\s+){0,2}?to\b",
        re.I,
    ),
    Words("from"),
)


def _says_both(text: str) -> bool:
    """The sentence says a pass and a failure (`the failing test passes`, `failed, then
    passed`) other than as one run's counts (`3 passed, 1 failed`, `no failures`): whose
    result is whose is a guess."""
    words, lowered = words_of(text)
    if words.isdisjoint(_GOOD.words) or words.isdisjoint(_BAD.words):
        return False
    rest = words_of(_OUTCOME_COUNT.sub(" ", lowered))[0]
    if _ATTRIBUTIVE.search(text) is not None:  # `the 2 failing tests pass`: a failure said
        return not rest.isdisjoint(_GOOD.words)  # of the tests, apart from their count
    return not rest.isdisjoint(_GOOD.words) and not rest.isdisjoint(_BAD.words)


def _titles(text: str) -> list[str]:
    """The test titles `_TITLED` finds that name no `_NAMED` test (`tests/a.py::test_x`)."""
    found = (a or b for a, b in _TITLED.findall(text))
    return [title for title in found if _NAMED.search(title) is None]


def _said_now(lowered: str) -> str | None:
    """Of the pass and failure words not in a count, the last where it is in the present
    (`is green`, `now passes`; not `was green`, `failed`, `instead of passing`): `good`
    or `bad`, else None."""
    words = _WORD.findall(_OUTCOME_COUNT.sub(" ", lowered))
    said = [i for i, w in enumerate(words) if w in _OUTCOMES]
    if not said:
        return None
    last = said[-1]
    if words[last] not in _PRESENT or (last and words[last - 1] in _NOT_PRESENT):
        return None
    return "good" if words[last] in _GOOD.words else "bad"


_WORD = later(r"\w+")
_OUTCOMES = _GOOD.words | _BAD.words
_PRESENT = frozenset("pass passes passing green succeed succeeds clean fail fails failing red "
                     "broken".split())  # fmt: skip
_NOT_PRESENT = frozenset("was were had been of than instead".split())


def _without_other_commands(clause: str) -> str:
    """The clause without its backticked command lines that run no tests nor its
    backticked folders: the words of `valgrind build/tests/rb_tests` and of `tests/` name
    a path, not tests."""
    if "@" in clause:  # `@spec`, `@property`: an annotation, no test spec
        clause = _ANNOTATION.sub(" ", clause)
    if "`" not in clause:
        return clause
    clause = _CODE_SPAN.sub(_runs_tests_or_blank, clause)
    return _FOLDER.sub(" ", clause) if "/`" in clause else clause


def _runs_tests_or_blank(match: re.Match[str]) -> str:
    """A code span (backticks paired from the left: the words between two spans are none)
    kept, but a command line (`_COMMAND_LINE`) that runs no tests and is no test's title."""
    if not _COMMAND_LINE.fullmatch(match.group(0)):
        return match.group(0)
    if RUNNER.search(match.group(0)) or _is_title(match):
        return match.group(0)
    return " "


def _is_title(match: re.Match[str]) -> bool:
    """The backticked text is a test's title beside `test` (`_TITLED`), not a command."""
    text, start, end = match.string, match.start(), match.end()
    if " › " not in match.group(0) and " > " not in match.group(0):
        return False
    return _TITLED.match(text, start) is not None or any(
        m.end() == end for m in _TITLED.finditer(text, max(0, start - 12), end)
    )


def _errors_only(clause: _Clause) -> bool:
    verbs = [m.group(3).lower() for m in clause.counts()]
    return bool(verbs) and all(v.startswith("error") for v in verbs)


def _holds_test_word(lowered: str, words: frozenset[str]) -> bool:
    """`lowered` holds `test` (`_TEST_WORDS`' mark) or one of `words`, as text: where it
    holds none, it holds none whole (some 20,000 instructions a clause spared)."""
    if "test" in lowered:
        return True
    for word in words:
        if word in lowered:
            return True
    return False


def _negated(clause: str, index: RunIndex) -> Finding | None:
    """`I did not run the integration tests`: contradicted by a run that selects them;
    `no tests were skipped`: by a last run whose runner counts skipped or pending tests."""
    if _SKIPPED.may_hold(clause) and index.tests:
        last = index.tests.every[-1]
        if last.summary is not None and last.summary.skipped:
            return Finding(CONTRADICTED, f"{last.summary.skipped} skipped: {last.call.cite()}")
        return None
    if not _RAN.may_hold(clause):
        return None
    # the tests' scope is said before a time (`after rebasing onto the new commit`) or a
    # condition (`under Python 3.8`: how they would run, not which), and named in the part
    # of a command running them (not its `git commit`)
    scope = _CONDITION_SAID.split(_WHEN_SAID.split(clause, 1)[0], 1)[0]
    words = [w.lower() for w in _SCOPE_WORD.findall(scope)]
    # the first run of each distinct command, in order: a run repeats its test command
    firsts: dict[str, TestRun] = index.remember(
        "tests", "first by command", partial(_firsts, index)
    )
    for word in (w for w in words if w not in _SCOPE_SKIP and len(w) > 3):
        for command, run in firsts.items():
            part = _runner_part(command)
            if word in part and not re.search(_NOT_SCOPE.format(re.escape(word)), part):
                return Finding(CONTRADICTED, f"{word} tests were run: {run.call.cite()}")
    return None


# runs of another thing than tests, whose failures a clause may count
_OTHER_RUNS = later(r"\b(?:builds|deploys|deployments)\b", re.I)
# a failure said of a condition, what code or a check does (`which fails the package if
# any goroutine outlives the tests`, `fails when the cache is cold`),
# or one to come (`any code that falls back to `File` will fail loudly in these tests`), or
# what any one of a kind of thing does (`an unstubbed request fails the spec`)
_FAILS_IF = later(
    r"\bfails?\b[^.;]{0,60}?\b(?:if|when|whenever|unless)\b"
    r"|\b(?:an?|any|every|each)\s+(?:[\w-]+\s+){0,3}?fails\s+(?:the|its|a)\s+"
    r"(?:spec|test|suite|build|run|check)\b"
    r"|\b(?:will|would|could|might|may|should)\s+(?:(?:now|still|also|then)\s+)?fail\b",
    re.I,
)
# what opens a time said of an act (`after rebasing`, `since the fix`, `once it built`)
_WHEN_SAID = later(r"\b(?:after|since|once|before|until|when|while)\b", re.I)
# what opens a condition said of a run (`under Python 3.8`, `with coverage`)
_CONDITION_SAID = later(r"\b(?:under|with|using|against)\b", re.I)


# tests said run or passing after an act of the run that changes the code (`I re-ran the
# specs after the autocorrect and they still pass`, `the tests still pass on the rebased
# branch`): group 1 the act
_AFTER_ACT = later(
    r"\b(?:ran|re-?ran|run|runs|pass(?:es|ed|ing)?|green)\b[^.;]*?\b(?:after|on|following)"
    r"\s+(?:the\s+|my\s+|that\s+)?(auto-?correct(?:ion|ions|ing)?|auto-?fix(?:es)?|"
    r"rebase|rebased\s+branch|reformat(?:ting)?)\b",
    re.I,
)
# the commands doing each act (`rubocop -a`, `eslint --fix`; `git rebase`, `git pull
# --rebase`; a formatter that writes)
_ACT_COMMANDS = {
    "auto": later(r"\brubocop\b[^|;&\n]*\s-[aA]\b|--auto-?correct|--fix\b"),
    "rebase": later(r"\bgit\s+(?:rebase|pull\s[^|;&\n]*--rebase)\b"),
    "reformat": later(
        r"\b(?:black|ruff format|cargo fmt|rustfmt|gofmt -w|dotnet format|mix format)\b"
        r"(?![^|;&\n]*--check)|\bprettier\b[^|;&\n]*--write"
    ),
}


def _unrun_after_act(text: str, index: RunIndex) -> Iterator[Finding]:
    """Tests said run or passing after an act that changes the code (`_AFTER_ACT`: an
    autocorrect, a rebase, a reformat), where shell calls did that act and no test run
    came after the last of them, nor any program the run does not show."""
    said = _AFTER_ACT.search(text) if "after" in text or "rebased" in text else None
    if said is None or not index.tests:
        return
    act = said.group(1).lower()
    pattern = _ACT_COMMANDS[next(key for key in _ACT_COMMANDS if act.startswith(key))]
    acting = [c for c in index.shell if pattern.search(c.command_lower) is not None]
    if not acting:
        return
    last = acting[-1]
    numbers = itertools.chain.from_iterable(index.tests.by_command)
    if any(index.calls[n].order > last.order for n in numbers):
        return
    if opaque_ran_after(index, last.order):
        return
    yield Finding(CONTRADICTED, f"no test run after the {act}: {last.cite()}")


# tests said run again a number of times (`I ran it twice more`, `re-ran the suite 3 more
# times`, `ran them five times`, `re-ran the full suite a second time`): group 1 a count of
# runs beyond one before, 2 of runs in all, 3 one run beyond one before
_RERUNS = later(
    r"\b(?:ran|re-?ran)\s+(?:it|them|the\s+(?:(?:full|whole|entire)\s+)?(?:test\s+)?"
    # or the command, ticked (`ran `mvn verify` twice more`)
    r"(?:tests?|suite|specs?)|`[^`\n]+`)\s+(?:(twice|" + NUM[1:-1] + r")\s+more(?:\s+times)?|"
    r"(twice|(?:" + NUM[1:-1] + r")\s+times)|(a\s+second\s+time))\b",
    re.I,
)
# a shell loop, which may run a command many times (`for i in $(seq 5); do …`)
_LOOPING = ("for ", "while ", "seq ")


def _repeats_tests(index: RunIndex) -> bool:
    """A shell command of the run may repeat tests by itself: a loop (`_LOOPING`) or a
    test run's repeating option (`_repeated`; each distinct command, lowercase, read once
    a run)."""
    commands = index.commands_of(SHELL_FAMILY)[0]
    return any(_repeated(c) or any(w in c for w in _LOOPING) for c in commands)


def _reruns_counted(text: str, index: RunIndex) -> Iterator[Finding]:
    """Tests said run a number of times in a row (`_RERUNS`), where no test run repeats
    them by itself and the most runs of tests with no edit or write between them are
    fewer: contradicted (`ran it twice more`: the run verified and two more, three)."""
    gated = " more" in text or "times" in text or "second time" in text
    said = _RERUNS.search(text) if gated else None
    if said is None or not index.tests:
        return
    if index.remember("repeats tests", "", partial(_repeats_tests, index)):
        return
    more, whole, second = said.group(1, 2, 3)
    word = "one" if second else (more or whole).split()[0].lower()
    count = 2 if word == "twice" else count_of(word)
    runs = [index.calls[n] for n in index.tests.in_order()]
    ticked = BACKTICKED.search(said.group(0))
    if ticked is not None and not any(ticked.group(1).lower() in c.command_lower for c in runs):
        return  # `ran `npm run build` twice more`: no test run's command
    if whole is not None:  # `ran them five times`: the runs in all
        if len(runs) < count:
            yield Finding(CONTRADICTED, f"{len(runs)} runs of the tests: {runs[-1].cite()}")
        return
    writes = [c.order for c in index.of_families("edit", "write")]
    streak = most = 0
    for before, call in zip([None, *runs], runs, strict=False):
        apart = before is None or any(before.order < w < call.order for w in writes)
        streak = 1 if apart else streak + 1
        most = max(most, streak)
    if most < count + 1:  # `twice more`: the run said before and two more
        yield Finding(
            CONTRADICTED,
            f"no {count + 1} runs of the tests in a row, the most {most}: {runs[-1].cite()}",
        )


def _firsts(index: RunIndex) -> dict[str, TestRun]:
    tests = index.tests
    firsts: dict[str, TestRun] = {}
    for numbers in tests.by_command:  # in the order of their first runs
        firsts.setdefault(tests.command(numbers).lower(), tests.run(numbers[0]))
    return firsts


def _clause(
    clause: _Clause,
    index: RunIndex,
    selected: tuple[tuple[TestRun, ...], bool],
    past: bool,
    sentence: str,
) -> Finding | None:
    if not index.tests:
        if (
            clause.ran
            and clause.noun
            and not clause.names
            and _ran_outside_backticks(clause.text)
            and not _may_have_run_tests(index)
        ):
            shells = len(index.shell)
            return Finding(CONTRADICTED, f"no tool call runs tests ({shells} shell commands)")
        return None
    if _PARTIAL.search(clause.text):  # a run of everything refutes it, though not surely
        full = _full_runs(index, whole=True)
        if full:
            return Finding(DOUBT, f"a run of every test: {full[-1].call.cite()}")
    runs, scoped = selected
    if not runs:
        if clause.ran and _says_full(clause):  # `I ran the full suite`, `-k parse` only
            return _full_unrun(clause, index)
        return None
    run = runs[0] if past else runs[-1]
    # `the existing 38 tests`, `everything else`: a part of the suite
    scoped = scoped and clause.words.isdisjoint(_EXISTING.words)
    if past and not clause.words.isdisjoint(_NEW.words):
        # tests written in the run first ran after the first write, not in the run before
        written: TestRun | None = index.remember(
            "tests", "first after writing", partial(_first_after_writing, index)
        )
        if written is None:
            return None
        run, scoped = written, scoped and runs == index.tests.every
    elif past and _first_time_pass(clause) and index.of_families("write", "edit"):
        # `the suite passed first time`: of the first run after the run's first write,
        # or, said after something (`once it compiled`), after its last
        first = _first_after_writing(index, last=_after_something(sentence))
        if first is None:
            return None
        run, scoped = first, scoped and runs == index.tests.every
    # a failed last run, then an edit: the claim is of the code as it is now, never run
    changed = not past and not run.ok and index.changed_after(run.call)
    if run.summary is None:  # no runner summary: only the exit status is known
        if clause.polarity() == "good" and run.call.failed and scoped and not changed:
            return Finding(CONTRADICTED, f"the test run failed: {run.call.cite()}")
        return Finding(VERIFIED, f"tests ran: {run.call.cite()}") if clause.ran else None
    finding = _compare(clause, run, scoped, changed)
    if (
        # a named test's failure the last run does not show finds nothing (`test_x
        # failed.` after a full run that passed it)
        (finding.status in (CONTRADICTED, DOUBT) if finding is not None else bool(clause.names))
        and not past
        and len(runs) > 1
        and clause.polarity() == "bad"
        and not failure_of_now(sentence)
    ):
        return _failed_earlier(clause, index, runs, scoped) or finding
    if (
        finding is not None
        and finding.status == CONTRADICTED
        and not past
        and (settled := _settled(finding, clause, index, runs, scoped)) is not None
    ):
        return settled
    return _of_new_tests(finding, clause, past, run, index, sentence)


def _settled(
    finding: Finding, clause: _Clause, index: RunIndex, runs: tuple[TestRun, ...], scoped: bool
) -> Finding | None:
    """The verdict on a contradiction of the clause's last run that other runs settle: a
    passing run's, by a passing part (`_passing_part`); a failing run's, where its
    failures passed when re-run alone and the clause counts nothing (`all green`); None
    where they leave it as it is."""
    run = runs[-1]
    if run.ok:
        return _passing_part(clause, index, runs, scoped) or finding
    rerun = _failures_rerun_passing(run, index) if next(clause.counts(), None) is None else None
    if rerun is None:
        return None
    return Finding(DOUBT, f"its failures passed when re-run: {rerun.call.cite()}")


def _failures_rerun_passing(run: TestRun, index: RunIndex) -> TestRun | None:
    """A later test run, passing, given every place `run` listed a failure at (`rspec
    spec/system/reports_spec.rb:29` after `24 examples, 1 failure` whose failed example is
    there): the failures re-run alone passed. None where another came after it, or `run`
    lists no place."""
    places = failed_places(run.call.output)
    if not places:
        return None
    later_runs = [index.tests.run(n) for n in index.tests.in_order() if n + 1 > run.call.order]
    for later_run in later_runs:
        if all(place in later_run.call.command for place in places):
            return later_run if later_run.ok and later_run is later_runs[-1] else None
    return None


def _of_new_tests(
    finding: Finding | None,
    clause: _Clause,
    past: bool,
    run: TestRun,
    index: RunIndex,
    sentence: str,
) -> Finding | None:
    """`The new tests pass.`, `the spec file has 6 now and all pass` (the sentence's file),
    contradicted by a run whose failures are of tests no edit added (`_failed_elsewhere`)
    or in test files no edit or write names (`_failed_in_other_files`): the new ones may
    pass, so it is left open."""
    if (
        finding is not None
        and finding.status == CONTRADICTED
        and not past
        and (not clause.words.isdisjoint(_NEW.words) or _THE_FILE.search(sentence))
        and (_failed_elsewhere(run, index) or _failed_in_other_files(run, index))
    ):
        return Finding(DOUBT, f"the failures are of tests the run did not add: {run.call.cite()}")
    return finding


def _failed_elsewhere(run: TestRun, index: RunIndex) -> bool:
    """The run names its failed tests, and no write or edit of the run names any of them:
    they are tests the run found, not ones it added."""
    names = run.summary.failed_names if run.summary is not None else ()
    if not names or not index.of_families("write", "edit"):
        return False  # no test the run added is shown: `new` says nothing of which
    for name in names:
        short = name.rsplit("::", 1)[-1].split("[", 1)[0].rsplit(".", 1)[-1].lower()
        if _written_by_the_run(short, index):
            return False
    return True


def _written_by_the_run(name: str, index: RunIndex) -> bool:
    """Some write or edit call's input names `name` (lowercase)."""
    return any(c.family in ("edit", "write") for c in index.inputs_containing(name))


# one test file, unnamed (`the spec file has 6 now and all pass`): the one the run wrote
_THE_FILE = later(r"\b(?:the|this|that|my|new)\s+(?:test|spec)\s+file\b", re.I)
# a place in a file, as runners print a failure's (`# ./spec/system/portal_spec.rb:14`):
# opening with its class, where no path's character stands before it (each of a long
# path's characters is tried once)
_FAILED_AT = later(r"[\w.](?<![\w./-][\w.])[\w./-]*:\d+")


def _failed_in_other_files(run: TestRun, index: RunIndex) -> bool:
    """The run failed, its output names test files at a line (`./spec/a_spec.rb:14`), and
    no write or edit names any of them: the failures are in files the run did not touch."""
    if run.ok or not index.of_families("write", "edit"):
        return False
    places = {m.group(0).rsplit(":", 1)[0] for m in _FAILED_AT.finditer(run.call.output)}
    paths = [place for place in places if test_path(place)]
    if any(_written_by_the_run(path.rsplit("/", 1)[-1].lower(), index) for path in paths):
        return False
    return bool(paths)


def _failed_earlier(
    clause: _Clause, index: RunIndex, runs: tuple[TestRun, ...], scoped: bool
) -> Finding | None:
    """`1 failure` where the last run passed: said of no time, a failure the first run
    shows bears it out, as it does a tool's (`_actions`), or the first run after the
    first write (`one new test failed`, a test written then run), or the first run
    counting failures. A first run with no runner summary shows no count: it bears out
    only a failure said without one."""
    counted = runs[0].summary is not None or not _claimed(clause, clause.polarity())[0]
    first = _compare(clause, runs[0], scoped, changed=False) if counted else None
    if first is not None and first.status == VERIFIED:
        return Finding(VERIFIED, f"the first run: {first.evidence}")
    written = _first_after_writing(index)
    if written is not None and written is not runs[-1] and written.summary is not None:
        after = _compare(clause, written, scoped, changed=False)
        if after is not None and after.status == VERIFIED:
            return Finding(VERIFIED, f"the first run after a write: {after.evidence}")
    failing: TestRun | None = index.remember(
        "tests", "first counted failure", partial(_first_counted_failure, index)
    )
    if failing is not None and failing not in (runs[0], written, runs[-1]):
        found = _compare(clause, failing, scoped, changed=False)
        if found is not None and found.status == VERIFIED:
            return Finding(VERIFIED, f"the first run counting failures: {found.evidence}")
    return None


_FIRST_RUNS_READ = 20  # the test runs read for the first counting a failure


def _first_counted_failure(index: RunIndex) -> TestRun | None:
    """The first of the run's first `_FIRST_RUNS_READ` test runs whose runner summary
    counts a failure (`3 tests failed` after a run that did not compile)."""
    numbers = sorted(n for group in index.tests.by_command for n in group[:_FIRST_RUNS_READ])
    for run in map(index.tests.run, numbers[:_FIRST_RUNS_READ]):
        if run.summary is not None and run.summary.failed:
            return run
    return None


_TEST_COUNTS = frozenset(("passed", "failed", "total"))


def _passing_part(
    clause: _Clause, index: RunIndex, runs: tuple[TestRun, ...], scoped: bool
) -> Finding | None:
    """A pass count the last of `runs` (a passing one) refutes that a passing run of part
    of the suite between the first and it, since the last failing one, shows (`the three
    specs pass`: 3 passed of one file's run, then 97 of the suite's): the claim is of
    that run's tests, all of which pass. Not where the clause counts no tests (`all
    passing, no deprecation notices`: what it counts is the run's, no part's)."""
    if not _claimed(clause, clause.polarity())[0].keys() & _TEST_COUNTS:
        return None
    tests = index.tests
    first, last = runs[0].call.order - 1, runs[-1].call.order - 1  # their calls' numbers
    numbers = sorted(n for group in tests.by_command for n in group if first <= n < last)
    # the runs since the last failing one, found from the last back: a run's summary is
    # read when first asked, and a long run's thousands of runs before it are not read
    since = len(numbers)
    while since and tests.run(numbers[since - 1]).ok:
        since -= 1
    for earlier in map(tests.run, numbers[since:]):
        command = earlier.call.command
        if command == runs[-1].call.command or _unscoped(_runner_part(command)):
            continue  # the same run again, or all of the suite: its counts were the claim's
        if earlier.summary is None:
            continue  # no summary (`| head -20` cut it): it shows no count passing
        found = _compare(clause, earlier, scoped, changed=False)
        if found is not None and found.status == VERIFIED:
            return Finding(VERIFIED, f"a passing run: {found.evidence}")
    return None


# `once it compiled`, `after the rewrite`: a first time said after something the run did
_AFTER_SOMETHING = later(r"\b(?:once|after)\b", re.I)
# `passed on the first run after the swap`: the run's whole change, named, came first
_AFTER_THE_WORK = later(
    r"\bafter the (?:swap|switch|migration|refactor|refactoring|rewrite|upgrade|port|"
    r"conversion)\b",
    re.I,
)


def _after_something(sentence: str) -> bool:
    """Tests said to pass the first time after something done in the run (`once it
    compiled`, `after the fix`): its last write or edit came before that run, unless what
    is named is the run's whole change (`after the migration`), begun by its first."""
    return (
        _AFTER_SOMETHING.search(sentence) is not None and _AFTER_THE_WORK.search(sentence) is None
    )


def _first_time_pass(clause: _Clause) -> bool:
    """The clause says tests passed the first time (`the suite passed first time`, `all
    5 tests passed on the first try`)."""
    return clause.polarity() == "good" and said_first_time(clause.text)


def _first_after_writing(index: RunIndex, last: bool = False) -> TestRun | None:
    """The first test run after the run's first write or edit, or its `last` (None:
    none)."""
    writes = index.of_families("write", "edit")
    if not writes:
        return None
    after = writes[-1 if last else 0].order  # a call's `order` is the next call's number
    firsts = [n[bisect.bisect_left(n, after)] for n in index.tests.by_command if n[-1] >= after]
    return index.tests.run(min(firsts)) if firsts else None


def _may_have_run_tests(index: RunIndex) -> bool:
    """A call may have run tests that no runner of `RUNNER` names: a shell command naming
    tests or running a task or a script (`_UNKNOWN_RUNNER`), or a tool named for tests."""
    found: bool = index.remember("tests", "unknown runner", partial(_unknown_runner, index))
    return found


def _unknown_runner(index: RunIndex) -> bool:
    """A shell command may run tests no runner of `RUNNER` names (`_UNKNOWN_RUNNER`) in a
    part that no reading or listing program runs (`tar tzf x.tar.gz | grep -c /tests/`
    names tests, runs none), or a tool is named for tests."""
    for call in index.shell_matching(_UNKNOWN_RUNNER, _UNKNOWN_RUNNER_WORDS):
        for part in COMMAND_PARTS.split(call.command_lower):
            words = part.split()
            if words and words[0] not in _LISTERS and _UNKNOWN_RUNNER.search(part):
                return True
    return bool(index.named(_names_tests))


# programs that read, list or print, and run nothing a part names (`grep -c tests/`): the
# file readers, and the listers and filters of a pipe
_LISTERS = READ_ONLY | frozenset(
    "tar unzip zipinfo sed awk echo printf sort uniq cut tr cd".split()
)


def _names_tests(name: str) -> bool:
    return "test" in name.lower()


def _runs(clause: _Clause, index: RunIndex) -> tuple[tuple[TestRun, ...], bool]:
    """The first and last of the runs a clause speaks of (`TestRuns.ends`: a clause is
    held against one of them), and whether they are exactly its scope."""
    tests = index.tests
    if _says_full(clause):
        full = _full_runs(index, whole=True)
        # a later run of part of the suite: the code may have changed since the full run,
        # unless no write or edit came after it and the clause counts tests (`Full suite:
        # 122 passed` after `pytest tests/x.py::test_y` alone: the full run's counts)
        return full, bool(full) and (
            full[-1] is tests.every[-1]
            or (holds_digit(clause.text) and not index.changed_after(full[-1].call))
        )
    condition = _UNDER.search(clause.text) if "under" in clause.words else None
    if condition is not None and not _names_condition(index, condition.group(1).lower()):
        return (), False  # `under AddressSanitizer`: no run the run shows
    if clause.names:
        # a test run on its own (`when I ran it alone`) is one its command selects
        if not clause.words.isdisjoint(_ALONE.words) or _ALONE_PHRASE.search(clause.text):
            selected = index.tests.ends(_selecting(index, clause.names))
            return selected, bool(selected)
        named = index.tests.ends(_named_groups(index, clause.names))
        full = _full_runs(index)
        if not named or not full:
            return named, True
        # an earlier run of everything ran the test first (`test_x failed at first` after
        # a full run that passed): it tells how the test went first
        first = full[0] if full[0].call.order < named[0].call.order else named[0]
        if full[-1].call.order > named[-1].call.order:
            # a later run of everything ran the test too, naming it only where it failed:
            # it tells how the test went last, and verifies only
            return (first, full[-1]), False
        return (named if first is named[0] else (first, named[-1])), True
    if "`" in clause.text:  # `` `npm test`: 58 tests ``: the runs of that command line
        ticked = index.remember(
            "test runs ticked", clause.text, partial(_ticked_runs, clause, index)
        )
        if ticked:
            return ticked, True
    words = [w.lower() for w in _SCOPE_WORD.findall(clause.text)]
    scope = [w.rstrip("s") for w in words if w not in _SCOPE_SKIP and len(w) > 2]
    paths = _ticked_paths(clause.text) if "/" in clause.text else []
    for word in scope:
        path = next((p for p in paths if word in p), "")
        matching: tuple[TestRun, ...] = index.remember(
            "test runs naming", f"{word} {path}", partial(_naming_word, index, word, path)
        )
        if matching:
            return matching, True
    if any(w in ("unit", "integration", "e2e", "smoke", "api") for w in words):
        return _full_runs(index), False
    runs = tests.every
    scope = [word for word in scope if word not in _RUNNER_NAMES]  # `the Jest suites`: all
    return runs, not scope or (bool(runs) and _unscoped(_summarised_part(runs[-1].call.command)))


def _ticked_paths(text: str) -> list[str]:
    """The paths the text ticks (lowercase, a line number after a colon and a closing
    slash left out): `` `spec/system/invoices_spec.rb:8` `` is `spec/system/invoices_spec.rb`."""
    return [
        ticked.partition(":")[0].lower().rstrip("/")
        for ticked in BACKTICKED.findall(text)
        if "/" in ticked and " " not in ticked
    ]


def _ticked_runs(clause: _Clause, index: RunIndex) -> tuple[TestRun, ...]:
    """The first and last runs of a test command line the clause ticks (`` `npm test` ``
    of `npm test 2>&1 | tail -8`, not of `npm run test:e2e`): a part of the run's command
    opening with it whole (after `cd …` or variables set before it)."""
    tests = index.tests
    for command in BACKTICKED.findall(clause.text):
        wanted = command.lower().strip()
        if " " not in wanted:
            continue  # a word alone is the scope words' (`pytest`, a test's name)
        groups = [g for g in tests.by_command if _opens_a_part(tests.command(g).lower(), wanted)]
        if groups:
            return tests.ends(groups)
    return ()


def _opens_a_part(command: str, wanted: str) -> bool:
    """A part of `command` opens with the words of `wanted` that are no options, and
    holds its options (`go test -v ./a/...` for `go test ./a/...`)."""
    given = wanted.split()
    plain = [w for w in given if w[:1] != "-"]
    for part in COMMAND_PARTS.split(command):
        words = [w for w in part.split() if "=" not in w or w[:1] == "-"]
        if [w for w in words if w[:1] != "-"][: len(plain)] == plain and all(
            w in words for w in given if w[:1] == "-"
        ):
            return True
    return False


# runners' names, which no run naming them leaves no scope of the suite (`all 4 Jest suites`
# of `npm test`)
_RUNNER_NAMES = frozenset("jest vitest pytest mocha rspec phpunit minitest jasmine karma".split())


def _says_full(clause: _Clause) -> bool:
    """The clause speaks of the whole suite: `the full suite`, `every test`, `all tests were
    run`."""
    return not clause.words.isdisjoint(_FULL.words) or _FULL_PHRASE.search(clause.text) is not None


def _names_condition(index: RunIndex, word: str) -> bool:
    """A test run's command names the condition the tests are said run under (`valgrind`,
    `-race`), or it is a word of no condition (`the tests under api/`: a scope)."""
    if word in _SCOPE_SKIP:
        return True
    return bool(index.tests.commands.distinct_holding(word))


def _naming_word(index: RunIndex, word: str, path: str = "") -> tuple[TestRun, ...]:
    """The ends of the runs whose command holds `word` (as `inputs_with` finds it):
    looked up in the test runs' distinct commands, not in every call's input. A word of a
    path the claim ticks (`path`) is not named by a command naming it only in other paths
    (`spec/requests/invoices_spec.rb` for `spec/system/invoices_spec.rb:8`)."""
    commands = index.tests.commands
    # a word only of a `cd`'s folder (`cd ~/src/ledger && mix test`) names no tests
    holding = [
        n
        for n in commands.distinct_holding(word)
        if word in _runner_part(commands.distinct[n]).lower()
        and not (path and _in_other_paths(commands.distinct[n], word, path))
    ]
    return index.tests.ends(map(commands.members.__getitem__, holding))


def _in_other_paths(command: str, word: str, path: str) -> bool:
    """Every word of `command` (lowercase) holding `word` is a path other than `path`, nor
    one inside it (`spec/system/a_spec.rb` is in `spec/system`)."""
    found = [
        w.strip("'\";&|()").partition(":")[0].removeprefix("./")
        for w in command.split()
        if word in w
    ]
    return bool(found) and all(
        "/" in w and not (w.endswith(path) or path.endswith(w) or f"{path}/" in w) for w in found
    )


def _named_groups(index: RunIndex, names: list[str]) -> Iterator[list[int]]:
    """The runs whose output names any of `names` (as written), each distinct test output
    searched once for each name, and those whose command selects one."""
    outputs = index.tests.outputs
    found = {number for name in names for number in outputs.distinct_containing(name)}
    yield from map(outputs.members.__getitem__, found)
    yield from _selecting(index, names)


def _selecting(index: RunIndex, names: list[str]) -> Iterator[list[int]]:
    """The runs whose command selects one of `names` (`pytest tests/a.py::test_x`): a
    passing run of it alone prints no name."""
    commands = index.tests.commands
    found = {number for name in names for number in commands.distinct_holding(name.lower())}
    return map(commands.members.__getitem__, found)


# a ticked thing said to hold the count (`` `SignupInputFilterTest` has 9 tests ``): its
# own tests, a part of the run's (group 1 the thing)
_HELD_BY = later(r"`([^`\n]+)`\s+(?:now\s+|still\s+)?(?:has|have|holds|contains)\s+$")


def _qualified(total: re.Match[str]) -> bool:
    """`all 7 cart specs`: a word of a scope between the count and what it counts (not
    `all 12 unit tests`, `all 4 Jest suites`: the suite's own words)."""
    word = _QUALIFIER.match(total.string, total.end())
    return word is not None and word.group(1).lower() not in _WHOLE_QUALIFIERS


# the word after `all N` before a plural noun (`all 7 cart specs`)
_QUALIFIER = later(r"[ \t]+([A-Za-z][\w.-]*)[ \t]+[a-z]+s\b")
_WHOLE_QUALIFIERS = (
    _SCOPE_SKIP | _RUNNER_NAMES | frozenset("unit integration e2e smoke api jest vitest".split())
)


def _selects(command: str, names: list[str]) -> bool:
    """`command` selects one of the tests `names` (`mvn test -Dtest=ExportCommandTest`),
    or its file (`AccountsTest` of `mix test test/accounts_test.exs`)."""
    lowered = command.lower()
    return any(
        name.lower() in lowered or _CAMEL_HUMP.sub(r"\1_\2", name).lower() in lowered
        for name in names
    )


_CAMEL_HUMP = later(r"([a-z0-9])([A-Z])")
# Maven Surefire's line for one test class (`Tests run: 7, Failures: 0, Errors: 0, Skipped:
# 0, Time elapsed: 0.038 s -- in com.acme.PrefsTest`), read only in an output holding it
_SUREFIRE_CLASS = later(
    r"Tests run: (\d+), Failures: (\d+), Errors: (\d+), Skipped: (\d+),[^\n]*? -- in "
    r"(?:[\w$]+\.)*(\w+)[ \t]*$",
    re.M,
)


def _class_counted(
    claimed: dict[str, int], parts: frozenset[str], names: list[str], run: TestRun, changed: bool
) -> Finding | None:
    """The counts said of one test class, against the run's Surefire line for it: what
    it shows, where no edit came after the run."""
    output = run.call.output
    if len(names) != 1 or " -- in " not in output:
        return None
    lines = [m for m in _SUREFIRE_CLASS.finditer(output) if m.group(5) == names[0]]
    if not lines:
        return None
    total, failures, errors, skipped = map(int, lines[-1].group(1, 2, 3, 4))
    failed = failures + errors
    shown = {"total": total, "failed": failed, "passed": total - failed - skipped}
    shown["skipped"] = skipped
    said = {key: count for key, count in claimed.items() if key in shown and key not in parts}
    cite = run.call.cite(lines[-1].group(0))
    wrong = [f"{key} {count} claimed of {names[0]}" for key, count in said.items()
             if count != shown[key]]  # fmt: skip
    if not said:
        return None
    if wrong:
        status = DOUBT if changed else CONTRADICTED
        return Finding(status, f"{'; '.join(wrong)}, but {cite}")
    return Finding(VERIFIED, cite)


def _class_total(clause: _Clause, index: RunIndex, past: bool) -> Finding | None:
    """The tests the one test class a clause names is said to hold (`` `TemplateRendererTest`
    has 10 tests now ``), against the last Surefire line for the class in any test run's
    output (`_class_line`); or the class said run or passing (`` the `JdbcProductRepositoryIT`
    integration tests ran ``) where that line says none of its tests ran (`Tests run: 0`)."""
    if len(clause.names) != 1 or past:
        return None
    name = clause.names[0]
    total = clause.search(_TOTAL, _TOTAL_WORDS)
    held = _held_by(total) if total is not None else None
    if total is None or held is None or held.group(1).lower() != name.lower():
        if not (clause.ran or clause.polarity() == "good") or holds_digit(clause.text):
            return None
        shown = _class_line(name, index)
        if shown is None or shown[1].group(1) != "0":
            return None
        return Finding(CONTRADICTED, f"no test of {name} ran: {shown[0].cite(shown[1].group(0))}")
    shown = _class_line(name, index)
    if shown is None:
        return None
    call, line = shown
    claimed = count_of(next(g for g in total.groups() if g))
    cite = call.cite(line.group(0))
    if claimed != int(line.group(1)):
        return Finding(CONTRADICTED, f"{claimed} tests claimed of {name}, but {cite}")
    return Finding(VERIFIED, cite)


def _class_line(name: str, index: RunIndex) -> tuple[Call, re.Match[str]] | None:
    """The last Surefire line for the test class `name` in any test run's output, with its
    call, where no edit of the class came after it (edits of other files leave its tests)
    and no test of the run is repeated or parameterised (one method, many tests)."""
    outputs = index.tests.outputs
    numbers = [n for d in outputs.distinct_containing(name) for n in outputs.members[d]]
    for number in sorted(numbers, reverse=True):
        call = index.tests.run(number).call
        lines = [m for m in _SUREFIRE_CLASS.finditer(call.output) if m.group(5) == name]
        if not lines:
            continue
        if _class_edited_after(index, name, call) or any(
            index.inputs_containing(marker) or index.outputs_containing(marker)
            for marker in _MANY_PER_METHOD
        ):
            return None
        return call, lines[-1]
    return None


def _held_by(total: re.Match[str]) -> re.Match[str] | None:
    """The ticked thing the total is said held by (`_HELD_BY`): its own tests, a part."""
    return _HELD_BY.search(total.string, max(0, total.start() - 90), total.start())


# JUnit's tests that run one method many times
_MANY_PER_METHOD = ("@parameterizedtest", "@repeatedtest", "@testfactory", "@testtemplate")


def _class_edited_after(index: RunIndex, name: str, call: Call) -> bool:
    """An edit or write after `call` names the test class `name` (a Java class's file is
    named after it): other edits leave the class's own count as `call` showed it."""
    return any(not after.failed and name in after.command for after in index.edits_after(call))


def _full_runs(index: RunIndex, whole: bool = False) -> tuple[TestRun, ...]:
    """The ends of the runs of everything (each distinct command read once a run); of
    the `whole` suite, not those of one package of a workspace either."""
    full: tuple[TestRun, ...] = index.remember(
        "tests", f"unscoped {whole}", partial(_unscoped_runs, index, whole)
    )
    return full


def _unscoped_runs(index: RunIndex, whole: bool) -> tuple[TestRun, ...]:
    tests = index.tests
    return tests.ends(
        n
        for n in tests.by_command
        if _unscoped(part := _runner_part(tests.command(n))) and not (whole and _one_package(part))
    )


def _full_unrun(clause: _Clause, index: RunIndex) -> Finding:
    """The whole suite said run where no run of everything is shown: refuted where every
    test run is of one package of a workspace (`cargo test -p wire`), the clause naming
    none of them (`the full `api` suite` is the package's), and no script or opaque
    program could have run the rest; else open."""
    last = index.tests.every[-1].call
    packages = [_package_of(r.call.command) for r in index.tests.every]
    said = clause.text.lower()
    if all(packages) and not any(p in said for p in packages) and not opaque_ran(index):
        return Finding(CONTRADICTED, f"only one package's tests ran: {last.cite()}")
    return Finding(DOUBT, f"only part of the suite ran: {last.cite()}")


def _package_of(command: str) -> str:
    """The package `cargo test -p` runs the tests of (lowercase), or `""`."""
    args = command.lower().split()
    if not _one_package(command):
        return ""
    at = next(i for i, a in enumerate(args) if a in _PACKAGE_FLAGS)
    return args[at + 1] if at + 1 < len(args) else ""


def _one_package(command: str) -> bool:
    """`cargo test -p calendar-core`: a run of one package of a workspace, no run of
    everything (a run the claim names as it is, its own scope, all the same)."""
    args = command.split()
    return "cargo" in args and "test" in args and not _PACKAGE_FLAGS.isdisjoint(args)


def _runner_part(command: str) -> str:
    """The part of `command` running the tests (`cd ~/src/app && mix test`: the folder is
    the `cd`'s, no test path). Of two runs of pytest or jest (`pytest tests/a.py && pytest
    -q`), the last: the run whose summary the output ends with, the one read."""
    if "&&" not in command and ";" not in command:
        return command
    parts = _runner_parts(command)
    if _last_summary_read(parts):
        return parts[-1]
    return parts[0] if parts else command


def _summarised_part(command: str) -> str:
    """`command`, or of two runs of pytest or jest in it, the last (`_runner_part`)."""
    if "&&" not in command and ";" not in command:
        return command
    parts = _runner_parts(command)
    return parts[-1] if _last_summary_read(parts) else command


def _runner_parts(command: str) -> list[str]:
    """The parts of `command` (`COMMAND_PARTS`) that run tests, in order."""
    return [part for part in COMMAND_PARTS.split(command) if RUNNER.search(part)]


def _last_summary_read(parts: list[str]) -> bool:
    """`parts` are two runs or more, each of a runner whose last summary is read (pytest,
    jest, PHPUnit, Pest: `_LAST_SUMMARY_READ`): the output's last summary is the last
    run's."""
    return len(parts) > 1 and all(_LAST_SUMMARY_READ.search(part) for part in parts)


# the runners whose last summary is read of an output holding two (others' are summed):
# pytest's, jest's, package:test's (`dart test`, `flutter test`), PHPUnit's and Pest's
# (`vendor/bin/pest`, `php artisan test`), each run by a shell's `-c` or not (Codex's
# `bash -lc pytest a.py && pytest`)
_LAST_SUMMARY_READ = later(
    r"^\s*(?:(?:ba|z)?sh\s+-\w*c\s+['\"]?)?"
    r"(?:py\.?test|python3? -m pytest|(?:npx )?jest|(?:dart|flutter) test|"
    r"(?:\./)?vendor/bin/(?:pest|phpunit)|php artisan test)\b"
)


# cargo's flags giving the packages of a workspace a run tests
_PACKAGE_FLAGS = frozenset(("-p", "--package"))
# the runners' flags selecting tests by name or mark, or the last failures (pytest's,
# mix's `--failed` and `--stale`, RSpec's `--only-failures`, jest's `--onlyFailures`,
# gradle's `--tests`)
_SELECTING_FLAGS = frozenset(
    "-k --lf --last-failed -run --grep --testNamePattern --filter --example --select "
    "--failed --stale --only --only-failures --next-failure --onlyFailures --tests".split()
)
# ctest's options selecting tests by name or label, or leaving some out (`ctest -R Upload`)
_CTEST_SELECTING = frozenset(
    "-R --tests-regex -L --label-regex -E --exclude-regex -LE --label-exclude -I "
    "--tests-information".split()
)
# maven's properties selecting test classes or methods (`-Dtest=RatesClientTest`,
# `-Dit.test=…`)
_SELECTING_PROPERTIES = ("-Dtest=", "-Dit.test=")


def _unscoped(command: str) -> bool:
    """A run of everything: no test file, directory or node id among its arguments (an
    option's value, `-W error::DeprecationWarning`, is none)."""
    words = command.split()
    args = words[1:]
    if (
        not _SELECTING_FLAGS.isdisjoint(args)
        or any(a.startswith(_SELECTING_PROPERTIES) for a in args)
        or (words[:1] == ["ctest"] and not _CTEST_SELECTING.isdisjoint(args))
    ):
        return False  # `pytest -k parse`, `go test -run TestX`, `-Dtest=X`: a selection
    return not any(
        ("/" in a and a != "./..." and a.strip("./") not in _TEST_FOLDERS)
        or "::" in a
        or _EXTENSION.search(a)
        for a, before in zip(args, ["", *args], strict=False)
        if not a.startswith("-") and before not in _VALUED_OPTIONS
    )


# runners' options whose value is the next argument, no test path (`-W error::Warning`)
_VALUED_OPTIONS = frozenset(
    "-W -p -c -o -n -r --tb --rootdir --confcutdir --maxfail --durations --junitxml "
    "--junit-xml --cov --cov-report --timeout --log-level --color --basetemp".split()
)


# the folder a suite lives in, as a runner's only path: the whole suite (`pytest tests/`)
_TEST_FOLDERS = frozenset(("tests", "test", "spec", "specs"))


# "I re-ran the whole suite", "re-ran the full `dbt build`": a run of everything said made
# again (group 1: the command said run whole)
_RERAN_WHOLE = Gated(
    later(
        r"\bre-?ran\s+(?:the\s+)?(?:whole|full|entire|complete)\s+(?:([a-z][\w-]+)\s+)??"
        r"(?:test\s+suite|suite|`([^`\n]+)`)",
        re.I,
    ),
    Words("reran ran"),
)


def rerun_findings(text: str, index: RunIndex) -> Iterator[Finding]:
    """ "I re-ran the whole suite" where the run ran all of it, then edited, and after the
    edit ran only parts of it (`--filter X`, a test file): contradicted by the last of
    those parts. The edit is the first where a run of everything came before it; where
    one run of everything is the run's only one, the first edit after it (run once, it
    was never run again after the fix). Where a command after the edit could run tests
    unseen (one naming `test` that runs none of the known runners' parts), it decides
    nothing."""
    said = _RERAN_WHOLE.search(text)
    edits = _edit_orders(index)
    if said is None or not edits:
        return
    # `the full component suite`: a suite of a kind, whose whole run names it
    kind = said.group(1).lower() if said.group(1) else ""
    if said.group(2) is None:
        words: tuple[str, ...] = ("test",)
        runs = _test_run_calls(index)
        runs += index.shell_matching(_TEST_WORD, words)
    else:
        words = tuple(said.group(2).lower().split())
        runs = index.inputs_where(max(words, key=len), _holds_words(words), SHELL_FAMILY)
    runs = sorted({c.order: c for c in runs}.values())
    whole = [c.order for c in runs if _whole(c.command, words) and kind in c.command_lower]
    if not whole:
        return
    edit = edits[0] if whole[0] < edits[0] or len(whole) > 1 else None
    if edit is None:
        edit = next((order for order in edits if order > whole[0]), None)
        if edit is None:
            return
    after = [c for c in runs if c.order > edit]
    if not after or any(_whole(c.command, words) is not False for c in after):
        return
    yield Finding(CONTRADICTED, f"after the edit only part of it ran: {after[-1].cite()}")


_TEST_WORD = later(r"test")


def _edit_orders(index: RunIndex) -> list[int]:
    """The places in the run of its writes and edits that did not fail, in order (found
    once per run: the rerun rules ask of each claim saying a re-run, and a run's edits and
    writes are a thousand calls to merge; callers do not change the list)."""
    found: list[int] = index.remember("edit orders", "", lambda: _edit_orders_of(index))
    return found


def _edit_orders_of(index: RunIndex) -> list[int]:
    return [call.order for call in index.of_families("edit", "write") if not call.failed]


def _test_run_calls(index: RunIndex) -> list[Call]:
    """The calls of every test run, by distinct command in order of their first runs."""
    return [index.tests.run(n).call for numbers in index.tests.by_command for n in numbers]


def _holds_words(words: tuple[str, ...]) -> partial[bool]:
    return partial(_holds_all, words)


def _holds_all(words: tuple[str, ...], command: str) -> bool:
    return all(word in command.split() for word in words)


def _whole(command: str, words: tuple[str, ...]) -> bool | None:
    """Whether the part of `command` running `words` (for `("test",)`, a test runner's or
    a `test` command's: `npx playwright test`) runs everything (`_unscoped`), or None where
    no part of it does."""
    for part in COMMAND_PARTS.split(command):
        lowered = part.lower()
        if words == ("test",):
            if RUNNER.search(part) is None and "test" not in lowered.split():
                continue  # neither a known runner's nor a `test` command's
        elif not all(word in lowered.split() for word in words):
            continue
        return _unscoped(part.strip())
    return None


def _compare(clause: _Clause, run: TestRun, scoped: bool, changed: bool) -> Finding | None:
    """Hold the clause's counts and outcome against the run's summary."""
    if not int_reads(clause.text):
        return None  # a count longer than `int` reads: no count of a run
    summary = run.summary
    cite = run.call.cite(summary.line if summary else "")
    polarity = clause.polarity()
    names = clause.names
    if names and summary is not None and polarity == "bad":
        if all(n in summary.failed_names for n in names):
            return Finding(VERIFIED, f"{', '.join(names)} failed: {cite}")
        return None
    if names and summary is not None and polarity == "good" and summary.failed_names:
        # a run naming the test (go -v's `--- PASS: TestX`) failed others it names: it
        # refutes no pass of the test
        if all(n not in summary.failed_names for n in names):
            return None
    if (
        polarity == "good"
        and not run.ok
        and named_packages_passed(clause.sentence, run.call.output)
    ):
        return Finding(SHOWN, f"the packages named passed, others failed: {cite}")
    claimed, parts = _claimed(clause, polarity)
    if names and claimed and not _selects(run.call.command, names):
        # `` `ExportCommandTest` has 4 tests `` against `mvn test`'s 23: the summary counts
        # more than the tests named, its line for their class (Surefire's) does not
        return _class_counted(claimed, parts, names, run, changed)
    problems = _problems(claimed, parts, polarity, run)
    if problems:
        # a run of another scope than the clause's (`the unit tests`, no command naming them)
        # refutes nothing; a run of everything, counts more than its own or a failure where
        # it had none, so the claim is not verified (a part of it is a guess, not a finding)
        if not scoped:
            if not _unscoped(_runner_part(run.call.command)):
                return None
            # a run of everything with counts no part of it can have, or skips where the
            # claim denies any (`nothing skipped`, said of a run before a later edit)
            over = _beyond(claimed, polarity, run) + _skips_denied(claimed, run)
            return Finding(DOUBT, f"{'; '.join(over)}, but {cite}") if over else None
        # a run a filter narrowed (`30 filtered out`) is part of any scope: it refutes no total
        if summary is not None and summary.filtered:  # nor are its counts values to look up
            return Finding(SHOWN, f"{'; '.join(problems)}, but a filtered run: {cite}")
        if _repeated(run.call.command_lower):  # `--count=50`'s 400 passed: 8 tests, 50 times
            return Finding(SHOWN, f"{'; '.join(problems)}, but a run repeating its tests: {cite}")
        return _refuting(claimed, problems, run, changed, cite, clause)
    return _agreeing(clause, run, claimed, parts, polarity, cite, changed)


# a test run's option repeating each test (`pytest --count=50`, `go test -count=3`,
# `--repeat-each 5`, bazel's `--runs_per_test=10`, `--flake-finder`); `-count=1` is one run
# (its `-` first, the lookbehind after it: `re` skips to a `-`, where a lookbehind first
# was tried at each character of a long command)
_REPEATING_OPTION = later(
    r"-(?<![\w-]-)(?:-?(?:count|repeat(?:-each)?|runs[_-]per[_-]test|rerun-each)[= ]?(\d+)"
    r"|-flake-finder\b)"
)


def _repeated(command: str) -> bool:
    """The lowercase `command` runs its tests more than once (`_REPEATING_OPTION`): its summary
    counts each test once a repetition."""
    return any(not m.group(1) or int(m.group(1)) > 1 for m in _REPEATING_OPTION.finditer(command))


def _agreeing(
    clause: _Clause,
    run: TestRun,
    claimed: dict[str, int],
    parts: frozenset[str],
    polarity: str | None,
    cite: str,
    changed: bool,
) -> Finding | None:
    """What a run showing no count that differs from the clause's tells of it: verified,
    or shown only where the run counts no passes or a part's count is below the run's; its
    test files or suites said otherwise than the runner counted them, where nothing
    changed after it, contradicted."""
    summary = run.summary
    if summary is not None and summary.passed is None and not run.ok and polarity == "good":
        if "failed" not in claimed and (_part_passed(claimed) is False or "passed" in parts):
            return Finding(SHOWN, f"passed {claimed['passed']} claimed, no pass count: {cite}")
    shown = _shown(run)
    below = [k for k in parts if (shown.get(k) or 0) > claimed[k]]
    if below:  # `11 new tests pass`, 12 passed: the part's count is not the run's
        return Finding(SHOWN, f"{below[0]} {claimed[below[0]]} claimed of a part: {cite}")
    counted = claimed.keys() - {"skipped", "warnings", "deprecations"}
    files = _files_otherwise(clause.text, run.call.output) if counted and not changed else None
    if files is not None:
        said, line = files
        return Finding(
            CONTRADICTED, f"{said} test files or suites said, but {run.call.cite_line(line)}"
        )
    if counted or polarity or clause.ran:
        return Finding(VERIFIED, cite)
    if claimed:  # a skip's reason (`the same ones as on main`) is what such a claim tells
        return Finding(SHOWN, f"skipped count shown: {cite}")
    return None


# the test files or suites a clause says a run counted (group 1 or 2): `across 15 files`, `in
# the 4 suites`, `6/6 suites`, `(23 files, 141 tests)`, `141 tests, 23 files`
_FILES_SAID = later(
    r"(?:\b(?:across|in|over)\s+(?:all\s+)?(?:the\s+)?|\b(?:\d+)/(?=\d)|\btests?,\s+)"
    r"(\d+)\s+(?:test\s+|spec\s+)?(?:files|suites)\b"
    r"|\b(\d+)\s+(?:test\s+|spec\s+)?(?:files|suites),\s+\d+\s+tests\b",
    re.I,
)


def _files_otherwise(text: str, output: str) -> tuple[int, str] | None:
    """The count of test files or suites the clause `text` says (`_FILES_SAID`) where the
    run's `output` counts another (its last `_FILES_COUNTED` line): the count and the line."""
    if "files" not in text and "suites" not in text:
        return None
    said = _FILES_SAID.search(text)
    if said is None:
        return None
    counted = files_counted(output)
    if counted is None:
        return None
    claimed = int(said.group(1) or said.group(2))
    return None if claimed == counted[0] else (claimed, counted[1])


def _refuting(
    claimed: dict[str, int],
    problems: list[str],
    run: TestRun,
    changed: bool,
    cite: str,
    clause: _Clause,
) -> Finding:
    """What a run of the clause's scope shows whose counts or outcome differ from the
    claimed (`problems`): a contradiction, unless the code changed after it, it is a
    passing run of part of the suite, or the call ran tests twice and the clause names
    no command of its last run, nor speaks of the whole suite its last run of pytest or
    jest ran (`pytest tests/a.py && pytest -q`, whose summary is read)."""
    if changed:
        return Finding(SHOWN, f"{'; '.join(problems)}, but the code changed after {cite}")
    command = run.call.command
    if _file_run_with_others(clause.sentence, command):
        # `New tests in `test_v3.py` (5 tests)` against `pytest test_v2.py test_v3.py`'s
        # 12 passed: the run counts (and fails) the other file's tests too
        return Finding(SHOWN, f"{'; '.join(problems)}, but a run of other files too: {cite}")
    if _file_counted_below(clause.sentence, claimed, run):
        # `New tests (`test/cache_test.exs`, 3 tests)` against `mix test`'s 112: one
        # file's count, below the run's
        return Finding(SHOWN, f"{'; '.join(problems)}, but of one file's tests: {cite}")
    if (
        _runs_tests_twice(command)
        and not _names_last_run(clause.text, command)
        and not (_says_full(clause) and _last_run_whole(command))
    ):
        # `pytest tests/test_a.py -q && pytest -q`: its summary is the last run's, the
        # claim may be the first's
        return Finding(DOUBT, f"{'; '.join(problems)}, but the call ran tests twice: {cite}")
    if (
        run.ok
        and _counts_above(claimed, problems, run)
        and not _file_run_alone(clause.text, command)
    ):
        # `115 tests passed` against a passing `pytest tests/test_a.py` (6 passed): a
        # run of part of the suite has fewer tests than the whole, and refutes no count
        # (but for the file it ran alone)
        return Finding(DOUBT, f"{'; '.join(problems)}, but a run of part of the suite: {cite}")
    return Finding(CONTRADICTED, f"{'; '.join(problems)}, but {cite}")


# a count of tests set beside a ticked file (`` (`test/cache_test.exs`, 3 tests) ``, `` `a_test.go`
# (4 tests) ``): the file's count (group 1 the file)
_FILE_COUNT_BESIDE = later(
    # (or what the file holds, after it: `` `test_watch.py` is new, with 4 tests ``)
    r"`([^`\s]+)`\**(?:\s*(?:,|\()|\s+(?:is\s+new,?\s+)?(?:with|has|holds)\s)\s*"
    + NUM
    + r"\s+(?:tests?|specs?|test cases|examples)\b",
    re.I,
)


def _file_counted_below(text: str, claimed: dict[str, int], run: TestRun) -> bool:
    """A count of tests set beside a test file (`_FILE_COUNT_BESIDE`) that the run was not
    given alone, fewer than the run shows and no failure it lacks: the file's count, a
    part, no count of the run."""
    beside = _FILE_COUNT_BESIDE.search(text) if "`" in text else None
    if beside is None or not test_path(beside.group(1)):
        return False
    named, given = _file_given(beside.group(1), run.call.command)
    if named and len(given) == 1:
        return False  # the file's run alone: its counts are the file's
    shown = _shown(run)
    return all(
        key in ("total", "passed") and value < (shown.get(key) or 0)
        for key, value in claimed.items()
    )


def _file_run_alone(text: str, command: str) -> bool:
    """The claim names one test file (`` New `tests/test_b.py` with 3 tests ``) and the run
    was given that file alone: its counts are the whole of what the claim counts."""
    given = _test_files_given(text, command)
    return given is not None and given[0] and len(given[1]) == 1


def _file_run_with_others(text: str, command: str) -> bool:
    """The claim names one test file and the run was given it and others (`pytest
    tests/test_a.py tests/test_b.py`): its counts are the other files' too."""
    given = _test_files_given(text, command)
    return given is not None and given[0] and len(given[1]) > 1


def _test_files_given(text: str, command: str) -> tuple[bool, list[str]] | None:
    """Whether the run was given the one test file the claim names, and the test files it
    was given (None: the claim names no test file, or more than one)."""
    spans = {m.group(1).strip() for m in BACKTICKED.finditer(text)} if "`" in text else set()
    named = {path for path in spans if " " not in path and test_path(path)}
    if len(named) != 1:
        return None
    (path,) = named
    return _file_given(path, command)


def _file_given(path: str, command: str) -> tuple[bool, list[str]]:
    """Whether `command` was given the test file `path` (as written, or under a folder),
    and the test files it was given."""
    given = [word for word in command.split() if test_path(word)]
    return any(word == path or word.endswith("/" + path) for word in given), given


def _last_run_whole(command: str) -> bool:
    """The last of two runs of a runner whose last summary is read (`_last_summary_read`)
    in `command` runs everything."""
    part = _summarised_part(command)
    return part != command and _unscoped(part)


def _runs_tests_twice(command: str) -> bool:
    """Two parts of `command` run tests (`pytest a.py && pytest`)."""
    return len(_runner_parts(command)) > 1


def _names_last_run(said: str, command: str) -> bool:
    """`said` backticks the command of the last part of `command` that runs tests, whose
    summary the call's is."""
    last = _runner_parts(command)[-1]
    return any(found.group(1).strip() in last for found in _COMMAND_SPAN.finditer(said))


def _counts_above(claimed: dict[str, int], problems: list[str], run: TestRun) -> bool:
    """The run selects part of the suite (a test file, a folder, a name), and each of the
    `problems` is a claimed count above the run's own: counts the whole suite may have."""
    if _unscoped(_runner_part(run.call.command)):
        return False
    return len(_above(claimed, run)) == len(problems)


def _beyond(claimed: dict[str, int], polarity: str | None, run: TestRun) -> list[str]:
    """The claimed counts no part of the run can have: more than its own, or a failure
    where it had none."""
    over = [f"{key} {claimed[key]} claimed" for key in _above(claimed, run) if key != "skipped"]
    if run.ok and not over and (polarity == "bad" or _part_passed(claimed)):
        over.append("failures claimed")
    return over


def _skips_denied(claimed: dict[str, int], run: TestRun) -> list[str]:
    """No skip claimed where the run skipped tests."""
    skipped = _shown(run).get("skipped")
    if claimed.get("skipped") == 0 and skipped:
        return [f"skipped 0 claimed, {skipped} skipped"]
    return []


def _above(claimed: dict[str, int], run: TestRun) -> list[str]:
    """The claimed counts above the run's own, in order (a count the run does not give is
    none of them)."""
    shown = _shown(run)
    return [key for key, value in claimed.items() if value > (shown.get(key) or value)]


def _shown(run: TestRun) -> dict[str, int | None]:
    """The run summary's counts (None: the runner prints none)."""
    summary = run.summary
    if summary is None:
        return {}
    warnings = _SUMMARY_WARNINGS.search(summary.line)
    deprecations = _SUMMARY_DEPRECATIONS.search(summary.line)
    return {
        "passed": summary.passed,
        "failed": summary.failed,
        "total": summary.total,
        # go test prints no count of skipped tests (nor of passed ones)
        "skipped": summary.skipped if summary.passed is not None else None,
        # most runners count no warnings in their summary: none printed is no count
        "warnings": int(warnings.group(1)) if warnings else None,
        "deprecations": int(deprecations.group(1) or deprecations.group(2))
        if deprecations
        else None,
    }


def _problems(
    claimed: dict[str, int], parts: frozenset[str], polarity: str | None, run: TestRun
) -> list[str]:
    """Where the claimed counts and outcome differ from the run's: a part's count (`parts`)
    where it is more than the run's."""
    summary = run.summary
    problems: list[str] = []
    shown = _shown(run)
    for key, value in claimed.items():
        actual = shown.get(key)
        if actual is not None and (value > actual if key in parts else actual != value):
            problems.append(f"{key} {value} claimed")
    # where the runner counts no passes (go), a pass count the claim says is all of them
    # (`all 12`, `12 of 12`) is held against the failures, and a part (`11 of 12`) claims one
    uncounted = summary is not None and summary.passed is None
    part = _part_passed(claimed)
    if polarity == "good" and not run.ok and "failed" not in claimed:
        # a part's all passing (`all 8 table cases pass`) where the runner counts no
        # passes: whether the run's failures are of the part is not shown
        if "passed" not in claimed or (uncounted and part is None and "passed" not in parts):
            problems.append("all passing claimed")
    if polarity == "bad" and "failed" not in claimed and run.ok:
        problems.append("failures claimed")
    elif uncounted and part and run.ok and "failed" not in claimed:
        problems.append("failures claimed")
    return problems


def _part_passed(claimed: dict[str, int]) -> bool | None:
    """A pass count is of part of the claimed total (`11 of 12`: True), of a total the
    claim does not give (`11 tests pass`: False), or of all of it (`12 of 12`, `all 12`,
    or no pass count: None)."""
    passed = claimed.get("passed")
    if passed is None or passed == claimed.get("total", -1):
        return None
    return passed < claimed.get("total", -1) if "total" in claimed else False


def _count(match: re.Match[str], of: re.Match[str] | None) -> tuple[str, int, set[str]]:
    """A `_COUNTED` match's key (passed, failed, errors, total) and count (`11 of 12 tests
    pass`: 11 passed, the 12 the total's), and the keys it makes a part's: a count but zero
    with a word before `tests` (`zero new tests failed` denies any failure) or a file they
    are in after it (`3 tests in `a.test.ts` failed`)."""
    verb = match.group(3).lower()
    in_of = of is not None and match.start() == of.start(2)
    count = count_of(of.group(1) if of is not None and in_of else match.group(1))
    key = "total" if verb in ("ran", "run") else "passed" if verb.startswith("pass") else ""
    key = key or ("errors" if verb.startswith("error") else "failed")
    if not (match.group(2) or "`" in match.group(0)) or not count:
        return key, count, set()
    return key, count, {"failed" if key == "errors" else key} | ({"total"} if in_of else set())


# a test the run wrote, then what it holds (`added a test that two broken keys produce two
# failures`): counts after it are the test's case, none of a run's
_TEST_WRITTEN_TO = later(
    r"\b(?:add(?:s|ed|ing)?|wr(?:ote|ites?|iting)|new)\s+(?:[\w-]+\s+){0,3}?tests?\s+"
    r"(?:that|which|where|for|to)\s",
    re.I,
)


def _no_count(
    match: re.Match[str],
    of: re.Match[str] | None,
    excepted: re.Match[str] | None,
    attributive: re.Match[str] | None,
    described: re.Match[str] | None,
) -> bool:
    """`_COUNTED`'s match counts none of the clause's outcomes: the excepted count of `all
    but one (of the 12) tests pass`, the failing tests `the two failing examples now pass`
    names, or what a test the run wrote holds (`added a test that two broken keys produce
    two failures`: `described`, `_TEST_WRITTEN_TO`'s match)."""
    if described is not None and match.start() > described.end():
        return True
    if excepted and (
        match.start() == excepted.start(1)
        or (of and of.start(1) == excepted.start(1) and match.start() == of.start(2))
    ):
        return True
    return attributive is not None and match.start() == attributive.start(1)


def _part_of(clause: _Clause) -> re.Match[str] | None:
    """The part of a total the clause counts (`11 of the 12`, `11/12 tests`), not of other
    things than tests (`holds 3 of 10 units`)."""
    of = clause.search(_OF, _OF_WORDS)
    if of is not None and _OF_OTHER_THINGS.match(of.string, of.end()) is not None:
        of = None
    if of is None and "/" in clause.text:
        of = clause.find(_SLASH_OF)
    return of


def _claimed(clause: _Clause, polarity: str | None) -> tuple[dict[str, int], frozenset[str]]:
    """The counts a clause states (passed, failed, total), and those of a part of the suite
    (`11 new tests pass`, `11 of the 12 new tests pass`: its failures, the part's total less
    its passes, are a part's count too)."""
    claimed: dict[str, int] = {}
    parts: set[str] = set()
    errors: int | None = None
    of = _part_of(clause)
    if of:
        claimed["total"] = count_of(of.group(2))
    excepted = clause.search(_EXCEPT, _EXCEPT_WORDS)
    attributive = _ATTRIBUTIVE.search(clause.text) if polarity == "good" else None
    described = _TEST_WRITTEN_TO.search(clause.text) if "test" in clause.text else None
    for match in clause.counts():
        if _no_count(match, of, excepted, attributive, described):
            continue
        key, count, part = _count(match, of)
        parts |= part
        if key == "errors":
            errors = count  # the runners count errors among the failures
        else:
            claimed[key] = count
    if errors is not None:
        claimed["failed"] = claimed.get("failed", 0) + errors
    total = clause.search(_TOTAL, _TOTAL_WORDS)
    if total and "total" not in claimed:
        claimed["total"] = count_of(next(g for g in total.groups() if g))
        # `I added 3 tests`, `the roundtrip binary runs 0 tests`, `all 7 cart specs`,
        # `including all 3 new tests`: a part's
        if (
            not claimed["total"]
            or _WROTE.search(total.string, 0, total.start())
            or _qualified(total)
            or _held_by(total) is not None
            or total.string.endswith("including ", 0, total.start())
        ):
            parts.add("total")
    claimed.update(_skips_and_warnings(clause))
    if excepted:
        word = excepted.group(1).lower()
        claimed["failed"] = 1 if word in ("that one", "one") else count_of(word)
    if polarity == "good" and "failed" not in claimed and "passed" not in claimed:
        # `10 of 11 ctest tests passed`: the part passed, where no count reads it
        if of:
            claimed["passed"] = count_of(of.group(1))
        elif "total" in claimed and not _SKIPPED_COUNT.anycase.search(clause.sentence):
            # (`passes: 31 tests, 0 failures, 1 skipped`: a skip the sentence counts is
            # of the total, no pass)
            claimed["passed"] = claimed["total"]
    elif polarity == "bad" and not claimed.keys() & {"failed", "passed"}:
        _failed_of_total(claimed, parts, total)
    if ("passed" in claimed or "total" in claimed) and "doc" in clause.text.lower():
        _add_doctests(clause.text, claimed, parts)
    if {"total", "passed"} <= parts and "failed" not in claimed:
        claimed["failed"] = claimed["total"] - claimed["passed"]
        parts.add("failed")
    return claimed, frozenset(parts & claimed.keys())


# a failure said to be in a count of tests just after (`my first run failed in two tests`,
# `The first test run failed 3 tests`)
_FAILED_IN = later(r"\b(?:failed|failing|fails|errored|broke)\s+(?:in\s+)?(?:the\s+)?$", re.I)


def _failed_of_total(claimed: dict[str, int], parts: set[str], total: re.Match[str] | None) -> None:
    """A failure said of a count of tests, no count of failures or passes said: every one
    of them failed (`all 38 tests errored`), or that many did of a total unsaid (`my
    first run failed in two tests`)."""
    if _all_of(total):
        claimed["failed"] = claimed["total"]
    elif total is not None and _FAILED_IN.search(
        total.string, max(0, total.start() - 30), total.start()
    ):
        claimed["failed"] = claimed.pop("total")
        parts.discard("total")


def _all_of(total: re.Match[str] | None) -> bool:
    """The total the clause counts is all the tests (`all 38 tests`), no part of them."""
    return total is not None and total.group(0)[:4].lower() == "all "


def _add_doctests(text: str, claimed: dict[str, int], parts: set[str]) -> None:
    """`17 passing tests plus the 2 doctests`: doctests said apart are passes too, and of
    a total said of all the tests (`all 14 unit tests and 2 doctests`, `41 tests + 3
    doctests`)."""
    apart = _DOCTESTS_APART.search(text)
    doctests = int(apart.group(1)) if apart is not None else 0
    if "passed" in claimed:
        claimed["passed"] += doctests
    if "total" in claimed and "total" not in parts:
        claimed["total"] += doctests


_DOCTESTS_APART = later(r"(?:\bplus|\band|\+)\s+(?:the\s+)?(\d+)\s+doc-?tests\b", re.I)


def _skips_and_warnings(clause: _Clause) -> dict[str, int]:
    """The skips a clause counts (`2 skipped`, `nothing skipped`) and the warnings it says
    absent (`no warnings`: 0)."""
    found: dict[str, int] = {}
    skipped = clause.search(_SKIPPED_COUNT, _SKIPPED_COUNT_WORDS)
    if skipped:
        word = skipped.group(1).lower()
        found["skipped"] = 0 if word in ("no", "none", "nothing") else count_of(word)
    if clause.search(_WARNINGS_DENIED, _WARNINGS_DENIED_WORDS):
        found["warnings"] = 0
    if clause.search(_DEPRECATIONS_DENIED, _DEPRECATIONS_DENIED_WORDS):
        found["deprecations"] = 0
    return found


_COVERAGE = later(
    r"\b(?:(line|lines|branch|branches|statement|statements|function|functions)\s+)?"
    r"coverage\b[^.;%]*?(?<![\d.])(\d{1,3}(?:\.\d+)?)\s?%",
    re.I,
)
# The indent is `[^\S\n]*`: `\s*` read blank lines, a run of them again from each.
_COVERAGE_HEADER = later(r"^[^\S\n]*File\s*\|(.*\|\s*%\s*Lines\s*(?:\|[^|\n]*)?)$", re.M)
_COVERAGE_TOTAL = later(r"^[^\S\n]*All files\s*\|(.*)$", re.M)
_COLUMNS = {"line": "lines", "branch": "branch", "statement": "stmts", "function": "funcs"}


# "I re-ran the specs after the typing change as well", "re-ran pytest after moving the
# comment too": a run said made again after a change, one more (group 1: what was run)
_RERAN_AFTER = Gated(
    later(
        r"\bre-?ran\s+(?:the\s+)?`?([\w.-]+)`?(?:\s+(?:tests|specs|suite))?\s+after\b"
        r"[^.;]{0,80}?\b(?:as well|too|again)\b",
        re.I,
    ),
    Words("reran ran"),
)
_SUITE_WORDS = frozenset(("tests", "specs", "suite", "unit", "test"))


def rerun_after_findings(text: str, index: RunIndex) -> Iterator[Finding]:
    """ "I re-ran the specs after the typing change as well" where no run of those tests
    (any test run for the suite's words, else the runs naming the program) came after the
    run's last write or edit, which the change said is likely to be: the last run before
    it contradicts the claim."""
    said = _RERAN_AFTER.search(text)
    if said is None or not index.tests:
        return
    edits = _edit_orders(index)
    if not edits:
        return
    what = said.group(1).lower()
    runs = _test_run_calls(index)
    if what not in _SUITE_WORDS:
        runs = [call for call in runs if what in call.command_lower]
    if not runs or any(call.order > edits[-1] for call in runs):
        return
    last = max(runs, key=lambda call: call.order)
    yield Finding(CONTRADICTED, f"no test run after the last edit; the last: {last.cite()}")


def suite_findings(text: str, index: RunIndex) -> Iterator[Finding]:
    """What a claim says of the suite beside its tests' counts: its coverage, its whole
    run made again, and a skip denied of the hooks pre-commit ran."""
    if "coverage" in text.lower():
        yield from coverage_findings(text, index)
    if "skipped" in text.lower():
        yield from _skipped_hooks(text, index)
    if "sessions" in text.lower() or "env" in text.lower():
        yield from _sessions_passing(text, index)
    yield from rerun_findings(text, index)
    if " after " in text:
        yield from rerun_after_findings(text, index)
    if "second " in text or "twice" in text:
        yield from _second_run_findings(text, index)
    if "twice" in text or " times" in text:
        yield from _suite_times_findings(text, index)
    if " after" in text:
        yield from _reran_command_findings(text, index)
    if "first " in text or "second " in text or "third " in text:
        yield from _nth_run_findings(text, index)


# "a second pip-audit run", "re-ran the checkpoint a second time", "ran `mc mirror`
# twice": a command said run more than once (group 1, 2 or 3: its name)
_SECOND_RUN = later(
    r"\b(?:a|the)\s+second\s+`?([\w.:-]+)`?\s+run\b"
    r"|\bre-?ran\s+(?:the\s+)?`?([\w.:-]+)`?(?:\s+[\w-]+){0,2}?\s+(?:a\s+second\s+time|twice)\b"
    r"|\bran\s+(?:the\s+)?`?([\w.:-]+)`?(?:\s+[\w-]+){0,2}?\s+twice\b",
    re.I,
)
_OF_TESTS = later(r"\s(?:tests|specs)\b")
# what runs a command more than once in one call: a loop, a repeat count
_REPEATS = later(r"\b(?:for|while|until|seq|repeat|count)\b")


def _second_run_findings(text: str, index: RunIndex) -> Iterator[Finding]:
    """A command said run a second time whose name (four characters or more, not the
    suite's: which runs a suite is the test checks' to say) one shell call alone holds,
    with no loop or count that repeats it and no opaque program that could run it
    unseen: it ran once."""
    said = _SECOND_RUN.search(text)
    if said is None:
        return
    name = next(g for g in said.groups() if g).lower()
    if len(name) < 4 or name.startswith(("test", "suite", "spec")):
        return
    calls = shell_running(index, name)
    if not calls and _OF_TESTS.search(said.group(0)):
        # `re-ran the invoice tests a second time`: the test runs naming them (in a path,
        # `tests/test_invoices.py`)
        calls = [c for c in _test_run_calls(index) if name in c.command_lower]
    if len(calls) != 1 or _REPEATS.search(calls[0].command_lower) is not None:
        return
    if not opaque_ran(index):
        yield Finding(CONTRADICTED, f"`{name}` ran once: {calls[0].cite()}")


# `ran the fixed suite three times in a row`, `ran the tests twice`: the suite said run
# more than once (group 1 the times: `twice`, or a count before `times`)
_SUITE_TIMES = later(
    r"\bran\s+(?:the\s+|it\s+)?(?:[\w-]+\s+){0,2}?(?:test\s+)?(?:suite|tests)\s+"
    r"(?:again\s+)?(twice|" + NUM + r"\s+times)\b",
    re.I,
)


def _suite_times_findings(text: str, index: RunIndex) -> Iterator[Finding]:
    """The suite said run N times (`_SUITE_TIMES`; after the last write or edit where the
    run made one, as `the fixed suite` is) where fewer test runs came after it, none of
    them a loop or a repeat count (`for`, `seq`, `--count`), and no opaque program could
    have run it unseen."""
    said = _SUITE_TIMES.search(text)
    if said is None:
        return
    times = 2 if said.group(1).lower() == "twice" else count_of(said.group(2))
    edits = _edit_orders(index)
    after = edits[-1] if edits else 0
    calls = [c for c in _test_run_calls(index) if c.order > after]
    if not calls or len(calls) >= times or opaque_ran(index):
        return
    if any(_REPEATS.search(c.command_lower) is not None for c in calls):
        return
    cited = max(calls, key=lambda call: call.order).cite()
    yield Finding(CONTRADICTED, f"{len(calls)} test runs after the last change: {cited}")


# a backticked command (group 1), in a claim or in what it says a command came after
_COMMAND_SPAN = later(r"`([^`\n]{2,80})`")
# "I re-ran `helm lint` after the changes", "re-ran trivy after the lockfile update": a
# command said run again after a change (group 1 backticked, or 2 a word; group 3 what
# it came after)
_RERAN_COMMAND = Gated(
    later(
        r"\bre-?ran\s+(?:the\s+)?(?:`([^`\n]{2,60})`|([a-z][\w.-]{2,30}))"
        r"(?:\s+[\w-]+){0,3}?\s+after(?:wards)?\b([^.;\n]{0,80})",
        re.I,
    ),
    Words("reran ran"),
)


def _reran_command_findings(text: str, index: RunIndex) -> Iterator[Finding]:
    """A command said run again after a change (`_RERAN_COMMAND`) that every shell call
    running it came before: before the last call running the command it says it came
    after (`after `format-in-place``; `afterwards`: the command the claim names before,
    `ran `clang-format -i` and re-ran `make test` afterwards`), else before the run's
    last write or edit; `the build` is a call that builds naming a build. Not of the suite
    (the tests' rerun rules), nor where a script or opaque program could have run it
    unseen after the change."""
    said = _RERAN_COMMAND.search(text)
    if said is None:
        return
    command = (said.group(1) or said.group(2)).lower().strip()
    if command in _SUITE_WORDS or command.startswith(("test", "suite", "spec")):
        return
    # `re-ran the build`: a call that builds by that word (`npm run build-storybook`, not
    # `tsc --noEmit`)
    if command == "build":
        runs = [call for call in index.builds() if "build" in call.command_lower]
    else:
        runs = shell_running(index, command)
    if not runs:
        return  # no call runs it: the command rules' to say
    after = _COMMAND_SPAN.search(said.group(3))
    if after is None and "afterwards" in said.group(0).lower():
        after = next(reversed(list(_COMMAND_SPAN.finditer(text, 0, said.start()))), None)
    changes = shell_running(index, after.group(1).lower()) if after else []
    if changes:
        change = max(call.order for call in changes)
    else:
        edits = _edit_orders(index)
        if after is not None or not edits:
            return
        change = edits[-1]
    last = max(runs, key=lambda call: call.order)
    if last.order < change and not opaque_ran_after(index, change):
        yield Finding(
            CONTRADICTED, f"no run of `{command}` after the change; the last: {last.cite()}"
        )


def shell_running(index: RunIndex, command: str) -> list[Call]:
    """The shell calls whose command holds `command` (lowercase) as words of its own."""
    words = command.split()
    if not words:
        return []
    holds = re.compile(rf"(?<![\w-]){re.escape(command)}(?![\w-])").search
    return index.inputs_where(max(words, key=len), holds, SHELL_FAMILY)


# "`astro check` passed on the first re-run", "succeeded on the second attempt", "passed
# `configtest` first time": how one run of a command went, told by its place among the
# command's runs (group 1 the outcome, 2 the command where it stands after the verb, 3 the
# ordinal, 4 a re-run's word)
_NTH_RUN = later(
    r"\b(pass(?:ed|es)?|succeeded|worked|(?:came|went) through|(?:was|came back) clean|"
    r"fail(?:ed|s)?|errored)\s+(?:`([^`\n]{2,80})`\s+)?(?:(?:on|at)\s+)?(?:the\s+)?"
    r"(first|second|third)\s+(re-?run|retry|run|try|attempt|time)\b",
    re.I,
)
_ORDINALS = {"first": 0, "second": 1, "third": 2}


def _nth_run_findings(text: str, index: RunIndex) -> Iterator[Finding]:
    """A backticked command said to have passed (or failed) on its nth run or try, where
    the command's nth shell call (a re-run's, the one after: `the first re-run` is the
    second) ended the other way (by its status, or a test run's by its summary)."""
    said = _NTH_RUN.search(text)
    if said is None or "`" not in text:
        return
    # the command between the verb and the ordinal (`passed `configtest` first time`), else
    # the first before the verb
    before = _COMMAND_SPAN.search(text, 0, said.start())
    command = said.group(2) or (before.group(1) if before is not None else None)
    if command is None:
        return
    calls = shell_running(index, command.lower().strip())
    if " " not in command.strip() and "." in command:
        # a file's name (`jest.config.js`): only the calls running it, not reading it
        calls = [c for c in calls if _runs_file(command.lower().strip(), c.command_lower)]
    nth = _ORDINALS[said.group(3).lower()] + (said.group(4).lower().startswith("re"))
    if nth >= len(calls) or any(_REPEATS.search(c.command_lower) for c in calls):
        return
    call = calls[nth]
    named = command.lower().strip()
    if " " not in named and any(
        c.order < call.order and c not in calls for c in index.calls_with_output(named)
    ):
        return  # a test's name (`TestSummaryGolden`) an earlier run reported: a run of it too
    failed = said.group(1).lower().startswith(("fail", "error"))
    # a test run ended as its summary says (`FAIL` lines where no status was kept)
    ended_failed = (
        not index.tests.run(call.order - 1).ok if _runs_tests(index, call) else call.failed
    )
    if ended_failed != failed:
        ended = "failed" if ended_failed else "succeeded"
        yield Finding(CONTRADICTED, f"run {nth + 1} of `{command}` {ended}: {call.cite()}")


def _runs_file(name: str, command: str) -> bool:
    """The lowercase `command` runs the file `name` (`./build.sh`, `bash build.sh`, `node
    a.js`), not a program given it (`cat jest.config.js`)."""
    runner = r"(?:^|[;&|(]\s*|\b(?:bash|sh|zsh|node|deno|python3?|ruby|perl|php)\s+)(?:\./)?"
    return re.search(runner + re.escape(name) + r"(?![\w.-])", command) is not None


# `All three interpreter sessions pass`, `both tox envs pass`: every session said passing
_ALL_SESSIONS = later(
    r"\b(?:all|both)\b(?:\s+[\w-]+){0,3}?\s+(?:sessions|environments|envs)\s+"
    r"(?:(?:now|all)\s+)?(?:pass(?:ed|es)?|succeed(?:ed|s)?|(?:are|were)\s+(?:green|ok))\b",
    re.I,
)
_QUALIFIED = later(r"\b(?:interpreter|python|test|py)\w*\s+(?:sessions|environments|envs)", re.I)
# nox's last lines (`nox > * tests-3.11: skipped`) and tox's (`  py312: FAIL code 1`)
_SESSION_LINE = later(
    r"^(?:nox > \* ([\w.-]+): (success|failed|skipped)|[^\S\n]*([\w.-]+): (OK|FAIL|SKIP)\b)",
    re.M,
)
_MATRIX = later(r"-\d|^py\d")  # a session of an interpreter matrix (`tests-3.12`, `py311`)


def _sessions_passing(text: str, index: RunIndex) -> Iterator[Finding]:
    """Every nox or tox session said passing, against each session's last status line
    in the runs of nox or tox: one last skipped or failed refutes it (of the interpreter
    matrix's sessions alone where the claim names them so: `interpreter sessions`)."""
    if _ALL_SESSIONS.search(text) is None:
        return
    matrix = _QUALIFIED.search(text) is not None
    last: dict[str, tuple[str, Call, str]] = {}
    runs = index.union(index.inputs_with("nox"), index.inputs_with("tox"))
    for call in runs:
        if call.family not in SHELL_FAMILY or _NOX_OR_TOX.search(call.command_lower) is None:
            continue
        for found in _SESSION_LINE.finditer(call.output):
            name, status = (found.group(1), found.group(2)) if found.group(1) else found.group(3, 4)
            if not matrix or _MATRIX.search(name):
                last[name] = status.lower(), call, found.group(0).strip()
    for name, (status, call, line) in last.items():
        if status not in ("success", "ok"):
            yield Finding(CONTRADICTED, f"session {name} {status}: {call.cite_line(line)}")
            return


_NOX_OR_TOX = later(r"\b(?:nox|tox)\b")


# `nothing skipped`, `none skipped`, `no hooks were skipped`: a skip denied
_NONE_SKIPPED = later(r"\b(?:nothing|none|no(?: hooks?)?)(?: (?:was|were))? skipped\b", re.I)
# a line of pre-commit's report that tells how a hook went (`check json…Skipped`)
_HOOK_REPORT = later(r"\.(?<!\.\.)\.{2,}(?:\([^)\n]*\))?(passed|failed|skipped)$", re.M)


def _skipped_hooks(text: str, index: RunIndex) -> Iterator[Finding]:
    """`all 8 hooks pass, nothing skipped` where every report of pre-commit's hooks in the
    run skips one (`check json….(no files to check)Skipped`): whichever run the claim
    means, a hook was skipped (every output holding `passed` read: none where they
    are more than 200)."""
    if "hook" not in text.lower() or _NONE_SKIPPED.search(text) is None:
        return
    places = index.every_place("passed", 200)
    if places is None:
        return
    reports = {call.order: call for call, _ in places}
    skipped: tuple[Call, int] | None = None
    for call in sorted(reports.values()):
        outcomes = list(_HOOK_REPORT.finditer(call.output_lower))
        if not outcomes:
            continue
        skip = next((m for m in outcomes if m.group(1) == "skipped"), None)
        if skip is None:
            return
        skipped = call, skip.start()
    if skipped is not None:
        call, at = skipped
        line = line_at(call.output, call.written(at))
        yield Finding(CONTRADICTED, f"a hook was skipped: {call.cite_line(line)}")


# `coverage is above 90%`, `at least 80%`, `above the 85% gate`: a bound the figure is
# held to, not its value
_BOUND = later(
    r"\b(above|over|more than|greater than|at least|exceeds|below|under|less than)\s+"
    r"(?:the\s+|our\s+|its\s+|a\s+)?$",
    re.I,
)
# `meets the 85% gate`: a figure naming a threshold, which no bound word before it says
# the coverage is held to which way
_THRESHOLD = later(
    r"\s?%\s+(?:gate|threshold|target|minimum|bar|floor|limit|requirement|cut-?off)\b", re.I
)
_BOUNDS: dict[str, Callable[[float, float], bool]] = {
    "above": operator.gt,
    "over": operator.gt,
    "more than": operator.gt,
    "greater than": operator.gt,
    "exceeds": operator.gt,
    "at least": operator.ge,
    "below": operator.lt,
    "under": operator.lt,
    "less than": operator.lt,
}
_TICKED_FOLDER = later(r"`([\w.-]*/[\w./-]*)`")


def _of_the_run(text: str, call: Call) -> bool:
    """Each folder the claim names (`` `src/lib` coverage ``) is one the coverage command
    names (`--coverage.include='src/lib/**'`): the table's total is that folder's."""
    command = call.command_lower
    return all(folder.lower().strip("/") in command for folder in _TICKED_FOLDER.findall(text))


def coverage_findings(text: str, index: RunIndex) -> Iterator[Finding]:
    """`Branch coverage rose to 71%` (or a bound, `above 90%`) against the `All files` row
    of the last coverage table (istanbul's, which jest, vitest and nyc print, its columns
    after `% Lines` or none), for a claim that names no file, nor a folder the coverage
    command does not name."""
    match = _COVERAGE.search(text)
    if match is None or _COVERAGE_SKIP.search(text):
        return
    kind = (match.group(1) or "line").lower().rstrip("s").replace("branche", "branch")
    claimed = match.group(2)
    for call, _ in index.outputs_back("all files"):  # the last table's row, read first
        header, total = _COVERAGE_HEADER.search(call.output), _COVERAGE_TOTAL.search(call.output)
        if header is None or total is None:
            continue
        names = [h.strip().lstrip("%").strip().lower() for h in header.group(1).split("|")]
        values = [v.strip() for v in total.group(1).split("|")]
        if _COLUMNS[kind] not in names or len(values) < len(names):
            return
        shown = values[names.index(_COLUMNS[kind])]
        try:
            figure = float(shown)
        except ValueError:  # no figure (istanbul's `Unknown` for nothing to cover, a hostile cell)
            return
        if not _of_the_run(text, call):
            return
        decimals = len(claimed.split(".")[1]) if "." in claimed else 0
        bound = _BOUND.search(text, match.start(), match.start(2))
        if bound is None and _THRESHOLD.match(text, match.end(2)):
            return
        if bound is None:
            same = round(figure, decimals) == float(claimed)
        else:
            same = _BOUNDS[bound.group(1).lower()](figure, float(claimed))
            claimed = f"{bound.group(1).lower()} {claimed}"
        line = total.group(0).strip()
        if same:
            yield Finding(VERIFIED, f"{kind} coverage {shown}%: {call.cite(line)}")
        else:
            yield Finding(
                CONTRADICTED, f"{kind} coverage {claimed}% claimed, but {call.cite(line)}"
            )
        return
