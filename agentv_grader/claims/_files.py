"""Claims that files were created, edited, moved or deleted, or read (SPEC §5.9).

A file claim names its file right after a past-tense verb (`Edited src/app.py`, `saved the
result to out.csv`). It is verified by a call that wrote, edited or deleted that path:
a write or edit tool, a shell command with the path in a writing position (`> out.csv`,
`rm -rf build/`, `to_csv("out.csv")`), an output that says it wrote it. It is contradicted
only when nothing could have written the file unseen: the path is in no call at all, or
only in calls that read it, and no opaque program ran (a script whose source the run never
shows, `make`, `npm run …`), nor a package manager when the file is its manifest.
"""

from __future__ import annotations

import functools
import itertools
import json
import operator
import re
from collections.abc import Callable, Iterator
from typing import Any

from ._facts import CONTRADICTED, DOUBT, VERIFIED, Finding, int_reads, starts
from ._figure_words import NUM, count_of
from ._gate import Gated, Words, folded, words_of
from ._index import COMMAND_PARTS, SHELL_FAMILY, Call, RunIndex, as_written, line_at
from ._later import later
from ._runners import RUNNER

_WRITE_VERBS = (
    r"created|wrote|written|added|edited|updated|modified|changed|fixed|replaced|"
    r"refactored|saved|exported|recorded|regenerated|generated|pinned|bumped|"
    r"patched|rewrote|appended|stored|dumped|put|persisted|plotted|documented|noted|refreshed|"
    r"applied"
)
_MOVE_VERBS = r"moved|renamed"
_DELETE_VERBS = r"deleted|removed|cleared|cleaned up|wiped"
_READ_VERBS = r"read|loaded|opened|parsed|inspected|validated|used|analy[sz]ed|processed|checked"
# a verb, not the first word of a compound (`a read-only pass`, `used-car prices`)
_VERB = later(
    rf"\b({_WRITE_VERBS}|{_MOVE_VERBS}|{_DELETE_VERBS}|{_READ_VERBS})\b(?!-[^\W\d_])", re.I
)


# Each file verb as a claim's words hold it (lowercase), and as _VERB finds it: a verb is a
# whole word, but for `cleaned up`, whose first word is its own.
_VERB_SPELLINGS = {
    verb.split()[0]: verb
    for verb in f"{_WRITE_VERBS}|{_MOVE_VERBS}|{_DELETE_VERBS}|{_READ_VERBS}".replace(
        "analy[sz]ed", "analysed|analyzed"
    ).split("|")
}
_VERB_WORDS = frozenset(_VERB_SPELLINGS)


def _verbs(text: str) -> list[tuple[int, int, str]]:
    """`_VERB.finditer(text)` as (start, end, the verb lowercase), in order: found from
    the claim's words, each that is a file verb looked for whole in its lowercase (a class
    of the verbs' first letters, nearly every letter, would be tried at most characters
    of the claim). `words_of`'s lowercase holds each letter `re.I` matches to an ASCII one
    as that one, at the claim's own offsets (`İ`, whose lowercase is two characters, as
    `i`), where the pattern tried each character of a claim other than ASCII."""
    words, lowered = words_of(text)
    if words.isdisjoint(_VERB_WORDS):
        return []  # each match of _VERB is a verb whole: its first word is the claim's
    found = []
    ascii_text = text.isascii()
    for word in words & _VERB_WORDS:
        verb = _VERB_SPELLINGS[word]
        at = lowered.find(verb)
        while at >= 0:
            end = at + len(verb)
            if (
                not _word_character(text, at - 1)
                and not _word_character(text, end)
                and not (text[end : end + 1] == "-" and _letter(text, end + 1))
            ):
                # as written, lowercase: `analyſed` (no verb of _VERB_SPELLINGS) where written so
                found.append((at, end, verb if ascii_text else text[at:end].lower()))
            at = lowered.find(verb, end)
    found.sort()
    return found


def _word_character(text: str, at: int) -> bool:
    """The character at `at` of `text` is one `\\w` matches (none before or after)."""
    if at < 0 or at >= len(text):
        return False
    character = text[at]
    return character.isalnum() or character == "_"


def _letter(text: str, at: int) -> bool:
    """The character at `at` of `text` is one `[^\\W\\d_]` matches (none after the end)."""
    character = text[at : at + 1]
    return character.isalnum() and not character.isdecimal()


_EXTENSIONS = (
    r"py|js|ts|tsx|jsx|mjs|json|ya?ml|toml|md|txt|csv|tsv|xml|html?|css|go|rs|java|"
    r"rb|php|c|h|cpp|sh|sql|cfg|ini|conf|lock|pdf|png|jpe?g|gz|zip|tar|sha256|log|env"
)
_BARE_PATH = later(rf"(?<![\w/.`-])(?:[\w-]+/)*[\w-]+\.(?:{_EXTENSIONS})\b")
# How every match of _BARE_PATH ends, found from its `.` (a scan for the dots): a clause
# without it is not searched for paths, which _BARE_PATH tries at every character with
# each run of word characters read again from each of its characters.
_BARE_PATH_END = later(rf"\.(?<=[\w-]\.)(?:{_EXTENSIONS})\b")
# The run of a bare path's characters before its `.`, read in the clause reversed.
_PATH_RUN = later(r"[\w/-]*")
# a path ticked whole, or at a line of it (`src/a.ts:44`, `a.py:12:5`): the file is named
TICKED_PATH = later(
    r"`((?:/|~/)?(?:[\w.-]+/)+[\w.-]*|\.?[\w-][\w.-]*\.[A-Za-z]\w{0,5}"
    r"|\.(?:[a-z][\w-]*(?:rc|ignore)|env|editorconfig|gitattributes|gitmodules|tool-versions"
    r"|[a-z]+-version|mailmap))(?::\d+){0,2}`"
)
# Where a file verb's clause ends: `, which`/`, so`/`, because`/`, and then`, `;`, or
# `because` or `which` alone. Spelt to open with the class of each alternative's first
# character (`\b` before a word asked after its first letter, as the value patterns do): a
# pattern opening with a class is scanned for it, one opening with `\b` or an alternation
# is tried at every character (held against the plain spelling in test_fast_patterns.py).
_CLAUSE_END = later(
    r"[,;bw(](?:(?<=,)\s*(?:which|so|because|and then)\b|(?<=;)|(?<=b)(?<!\wb)ecause\b"
    r"|(?<=w)(?<!\ww)hich\b"
    # an aside with a subject of its own (`` (it pulls in `aymerick/douceur` …) ``)
    r"|(?<=\()\s*(?:it|they|this|that|which)\s"
    # another act on a ticked thing after a comma (`I fixed the table, reset `src/` and …`):
    # the paths it names are its own
    r"|(?<=,)\s*(?:then\s+)?(?!(?:named|called|titled|labell?ed|located)\b)"
    r"(?:[a-z]+ed|ran|re-ran|reset|wrote|rewrote|made|built)\s+(?:the\s+)?`)"
)
_WRITE_SIGNAL = later(
    r"(?:>>?|\btee(?: -a)?|\bsed -i\S*|\bmv\b|\bcp\b|\btouch\b|\bmkdir(?: -p)?|\btar\s+-?c\w*|"
    r"\bzip\b|\bto_(?:csv|json|excel|parquet)\(|\bwrite\(|\bopen\(|savefig\(|\.save\(|dump\(|"
    r"\brm\b(?: -\w+)?|\bgit (?:rm|mv)|\bunlink|wrote|written|created|saved|\bsave (?:it )?as\b|"
    r"updated|edited|renamed)[^|;&\n]{0,60}\Z",
    re.I,
)
# An output option writes the path it is given just after it (`-o out.txt`, `--output=
# "a.json"`), not one after its value (`busted -o utfTerminal spec/a_spec.lua` names a
# format, then the spec it runs): searched in the text's end only (`_output_given`), where
# beside _WRITE_SIGNAL's alternatives it was tried at each character
_OUTPUT_GIVEN = later(r"(?:-o|--output)(?:[\s=]\s*)?[\"']?$", re.I)
_AFTER_OPTION = " \t\n\r\f\v=\"'"  # the characters _OUTPUT_GIVEN allows after the option
_DELETE_SIGNAL = later(r"(?:\brm\b|\bgit rm\b|\bunlink\b|\brmdir\b|\bdel\b|DELETE)[^|;&\n]*\Z")
_DELETES = later(r"(?:^|[;&|]\s*|\bsudo\s+)(?:rm|git rm|unlink|rmdir)\b")
READ_ONLY = frozenset(
    "cat head tail less more grep rg wc ls diff jq file stat du find sha256sum md5sum test".split()
)
# deno's own subcommands that check, test or format the project are no scripts
_SCRIPT = later(
    r"(?:^|(?<=[\s;&|(]))(?:python3?|node|ruby|bash|sh|deno|tsx|ts-node)\s+"
    r"(?!-|(?<=deno\s)(?:test|lint|fmt|check|bench|doc|info|coverage)\b)"
    r"([\w./-]*[A-Za-z][\w./-]*)|(?:^|[;&|]\s*)\./([\w./-]+)"
)
_INTERPRETERS = ("python", "node", "ruby", "bash", "sh ", "deno", "tsx", "ts-node", "./")
# a new branch where the run stands (`git checkout -b fix/x`), which changes no file
_NEW_BRANCH = r"[ \t]+-[bB][ \t]+[^\s;&|]+[ \t]*(?:$|&&|;|\|\||\n)"
_OPAQUE = later(
    r"\b(?:make|npm run|yarn run|pnpm run|git (?:checkout(?!" + _NEW_BRANCH + r")|pull|stash|"
    r"apply|merge|rebase|reset))\b"
)
# The package managers whose installs and removals the checks read (`_actions`' installs,
# the last package change), and a word of each: the commands holding none are not searched.
PACKAGE_MANAGERS = (
    r"pip3?|uv(?: pip)?|poetry|npm|yarn|pnpm|bun|cargo|go|gem|apt(?:-get)?|brew|conda|pipx"
)
PACKAGE_MANAGER_WORDS = ("pip", "uv", "poetry", "npm", "yarn", "bun", "cargo", "go", "gem",
                         "apt", "brew", "conda")  # fmt: skip
# What a package manager's commands may write unseen: its manifest and its lockfile.
_MANIFESTS = (
    (
        later(
            r"\b(?:npm|yarn|pnpm|bun)\s+(?:install|i|add|uninstall|remove|rm|update|up|"
            r"upgrade|dedupe|audit fix)\b"
        ),
        ("package.json", "package-lock.json", "npm-shrinkwrap.json", "yarn.lock",
         "pnpm-lock.yaml", "bun.lockb", "bun.lock", "node_modules"),
    ),
    (
        later(
            r"\b(?:poetry|pdm) (?:add|remove|lock|update|install)\b"
            r"|\buv (?:add|remove|lock|sync)\b|\bpipenv (?:install|uninstall|lock|update)\b"
        ),
        ("pyproject.toml", "poetry.lock", "pdm.lock", "uv.lock", "pipfile", "pipfile.lock"),
    ),
    (later(r"\bcargo (?:add|remove)\b"), ("cargo.toml", "cargo.lock")),
    # the other commands resolve the dependencies the manifest names: the lockfile only
    (
        later(r"\bcargo (?:build|update|test|check|run|fetch|generate-lockfile)\b"),
        ("cargo.lock",),
    ),
    (later(r"\bgo (?:get|mod)\b"), ("go.mod", "go.sum")),
    (later(r"\bbundle (?:install|update|add|remove|lock)\b"), ("gemfile", "gemfile.lock")),
    (
        later(r"\bcomposer (?:install|update|require|remove)\b"),
        ("composer.json", "composer.lock"),
    ),
    (later(r"\bmix deps\.(?:get|update|unlock)\b"), ("mix.lock",)),
    (later(r"\bswift package (?:update|resolve)\b"), ("package.resolved",)),
    (later(r"\bdeno (?:add|remove|install|cache)\b"), ("deno.json", "deno.lock")),
    # (a project file by its ending: `dotnet add src/Api package Serilog` writes `Api.csproj`)
    (
        later(r"\bdotnet (?:add|remove)\b[^|;&\n]*\spackage\b"),
        (".csproj", ".fsproj", ".vbproj", "packages.lock.json"),
    ),
)  # fmt: skip
# A word of each alternative of _OPAQUE and of each _MANIFESTS pattern: the commands
# holding none are not searched.
_OPAQUE_WORDS = ("make", "npm run", "yarn run", "git ")
_MANIFEST_WORDS = (
    ("npm", "yarn", "bun"), ("poetry ", "pdm ", "uv ", "pipenv "), ("cargo ",), ("cargo ",),
    ("go ",),
    ("bundle ",), ("composer ",), ("mix deps.",), ("swift package ",), ("deno ",),
    ("dotnet ",),
)  # fmt: skip
_TEST_PATH = later(
    r"(?:^|/)(?:tests?|__tests__|spec)/|[._-](?:test|spec)\.\w+\b|"
    r"(?:^|/)test_\w+\.py\b"
)


def test_path(path: str) -> bool:
    """`path` names a test file (`tests/a.py`, `a.test.ts`, `test_a.py`)."""
    return _TEST_PATH.search(path) is not None


_NEGATED_ANY = later(
    r"\b(?:no files? (?:was|were) (?:deleted|removed)|(?:didn't|did not) (?:delete|remove) "
    r"anything)|(?:didn't|did not|haven't|have not) (?:modify|change|touch|edit) (?:any )?"
    r"(test files|tests|code|files)",
    re.I,
)


# Compiled once: a pattern given to re.search as text is looked up in re's cache per call.
_TICKED = later(r"`([^`]+)`")
_DIGITS_AND_DOTS = later(r"[\d.]+")
# A function by its name and arity (Elixir's and Erlang's `slugify/1`, `Slug.slugify/1`,
# Gleam's `textkit/slug.slugify/1`), not a file: one name, a slash and a number of
# arguments, after its module's name or path
_ARITY = later(r"(?:[A-Z]\w*\.)*[a-z_]\w*/\d{1,2}|(?:[a-z_]\w*/)+[a-z_]\w*\.[a-z_]\w*/\d{1,2}")
# A module's import path, not a file: a host, then its path (`golang.org/x/sys`,
# `github.com/acme/gw/internal`)
_MODULE_PATH = later(r"(?:[a-z0-9-]+\.)+(?:com|org|net|io|dev|in|so|co|app|xyz)/")
# A name pattern, not a file: `YYYY-MM-DD_HHMMSS.jpg`, `report-XXXX.pdf`, `MM/DD/YY`
_PLACEHOLDER = later(
    r"YYYY|YYMMDD|HHMM|(?<![A-Za-z])(?:X{3,}|N{3,})(?![A-Za-z])"
    # a date's format (`MM/DD/YY`, `DD-MM-YYYY`): no file
    r"|(?<![A-Za-z])(?:MM|DD|YY)[/.-](?:MM|DD|YY)(?![a-z])"
)
_JOINER = later(r"`?\s*(?:,|and|,\s*and)\s*`?")
_DELETE_VERB = later(_DELETE_VERBS)
_CONTRAST = later(r"\b(?:rather than|instead of|without)\b", re.I)
_CONTRAST_WORDS = Words("rather instead without")
# What a delete verb's clause says before a file's path when it removed something in the
# file, not the file: `the unused import from`, `the attribute in the file`.
_INSIDE = later(r"\w\W*\s(?:in|from|inside|within)\s+(?:the\s+)?(?:file\s+)?`?$", re.I)
_READ_VERB = later(_READ_VERBS)
_GIT_STATUS = re.compile(r"\s*[madr?]{1,2}\s+")
_UNTOUCHED = later(r"\b(?:didn't|did not|haven't|have not) (?:touch|modify|change|edit)\b")


def file_findings(text: str, index: RunIndex, negated: bool) -> Iterator[Finding]:
    if negated:
        finding = _negated(text, index)
        if finding is not None:
            yield finding
        return
    named = targets(text)
    # `Gazelle added it to `BUILD.bazel``: a program the run ran may have written it unseen
    by_program = bool(named) and _program_said_writer(text, index)
    for verb, paths in named:
        family = "write" if verb is LEAD_CHANGED else _family(verb)
        for path in paths:  # claims repeat a path: each path checked once per run
            finding = index.remember(
                "file check",
                f"{family}\0{path}\0{by_program}",
                functools.partial(_check, path, family, index, by_program),
            )
            if finding is not None and not (verb is LEAD_CHANGED and finding.status == VERIFIED):
                yield finding
    if (
        not named
        and "`" in text
        and _CODE_EDIT.search(text)
        and not _PLACEHOLDER.search(text)  # files named by a pattern: who wrote them unknown
        and _nothing_written(index)
    ):
        calls = len(index.calls)
        yield Finding(CONTRADICTED, f"no tool call writes or edits anything ({calls} tool calls)")
    if not named and _DELETED_UNNAMED.search(text) and _nothing_deleted(index):
        calls = len(index.calls)
        yield Finding(CONTRADICTED, f"no tool call deletes anything ({calls} tool calls)")
    if _FILE_RULES.may_hold(text):  # one ask for four of its five rules, each gated by its words
        yield from _kept_moved_listed_counted(text, bool(named), index)
    if "`" in text and _ROWS_SAID_GATED.search(text):
        finding = _rows_of_file(text, index)
        if finding is not None:
            yield finding
    if named and "`" in text and _ADDED_TO_FILE_GATED.search(text):
        finding = _added_unwritten(text, index)
        if finding is not None:
            yield finding
    finding = _tests_counted(text, bool(named), index) or _replacements_counted(text, index)
    if finding is not None:
        yield finding


def _tests_counted(text: str, named: bool, index: RunIndex) -> Finding | None:
    """A count of tests said added: to a file the claim names (`_tests_added`; or in a new
    file, `` New `a_test.go` with three tests ``), or more than the whole run's changes
    add, to a file or none (`_more_tests_than_added`)."""
    if "`" in text and (
        (named and _TESTS_ADDED_GATED.search(text)) or _NEW_FILE_TESTS_GATED.search(text)
    ):
        found = _tests_added(text, index)
        if found is not None:
            return found
    return _more_tests_than_added(text, index)


_WORD_RUN = later(r"\w+")


def longest_word(text: str) -> str:
    """The longest run of word characters of `text`, lowercase (the first of the longest);
    empty where there is none."""
    return max(_WORD_RUN.findall(text.lower()), key=len, default="")


# `I also added a `yamllint` job to `ci.yml``: a ticked thing said added to a ticked file
# (group 1 the thing, 2 the file), up to three words between
_ADDED_TO_FILE = later(
    r"\b(?:added|appended|inserted|pinned)\s+(?:an?\s+|the\s+|one\s+)?(?:new\s+)?`([^`\n]{3,60})`"
    r"(?:\s+[\w-]+){0,3}?\s+(?:to|in|into)\s+(?:the\s+)?`([^`\n]+)`",
    re.I,
)
_ADDED_TO_FILE_GATED = Gated(_ADDED_TO_FILE, Words("added appended inserted pinned"))
# a package pinned to a version (`pandera==0.21.0`, `left-pad@1.3.0`): the version is what
# a write of the pin holds
_PIN = later(r"^[\w.-]+\s*(?:==|~=|@|=)\s*v?(\d[\w.]*)$")


def _added_unwritten(text: str, index: RunIndex) -> Finding | None:
    """A ticked thing said added to a ticked file (`_ADDED_TO_FILE`) where every call
    naming the file in its input reads it or is an edit or a write tool's, those writing
    it (some did) lack the thing's longest word (four characters or more), and no code
    rewriter could have added it unseen: the file was written, not with the thing."""
    said = _ADDED_TO_FILE_GATED.search(text)
    if said is None:
        return None
    pin = _PIN.match(said.group(1).strip())
    word = pin.group(1) if pin is not None else longest_word(said.group(1))
    needle = _needle(said.group(2))
    if len(word) < 4 or "." not in needle.rsplit("/", 1)[-1]:
        return None
    naming = index.inputs_with(needle)
    if not naming or any(c.family != "write" and not _reads_or_edits(c) for c in naming):
        return None  # a shell command or a program naming it may have written anything
    writes = [c for c in naming if c.family in ("edit", "write") and not c.failed]
    if not writes or any(word in c.command_lower for c in writes) or code_rewriter_ran(index):
        return None
    return Finding(
        CONTRADICTED, f"no write of {said.group(2)} holds `{said.group(1)}`: {writes[-1].cite()}"
    )


# a count of tests said added, up to the word `tests` (`Added two regression tests`)
_COUNT_ADDED = (
    r"\b(?:added|wrote)\s+"
    + NUM
    + r"\s+(?:(?:new|more|extra|regression|unit|[A-Z][A-Za-z]+)\s+){0,2}"
)
# `Added two regression tests to `tests/test_archive.py``: a count of tests added to a file
_TESTS_ADDED = later(
    _COUNT_ADDED + r"(?:tests|test cases|specs)\s+(?:to|in|into)\s+(?:the\s+)?`([^`\n]+)`",
    re.I,
)
_TESTS_ADDED_GATED = Gated(_TESTS_ADDED, Words("added wrote"))
# a test's definition on a line an edit adds, in the languages whose tests are functions
# (pytest, Rust, Go, jest/mocha, EUnit, JUnit, googletest, RSpec, PHPUnit, XCTest, xUnit,
# NUnit, MSTest, clojure.test)
_TEST_DEFINED = later(
    r"^\+?[^\S\n]*(?:(?:async\s+)?def\s+test\w*\s*\(|#\[(?:tokio::)?test\]|"
    # (Go's `func TestX(`; XCTest's `func testX() {`, not a Go helper's `func testX() *T {`)
    r"func\s+(?:Test\w*\s*\(|test\w*\s*\(\s*\)\s*(?:async\s+)?(?:throws\s+)?\{)|"
    r"(?:it|test)(?:\.\w+)?\s*\(\s*['\"`]|\w+_test\s*\(\s*\)\s*->|"
    r"@Test\b|TEST(?:_F|_P|_CASE)?\s*\(|(?:it|test)\s+['\"]|(?:public\s+)?function\s+test\w*\s*\(|"
    r"\[(?:Fact|Test|TestMethod)\]|\(deftest\s)",
    re.M,
)
# what no count of definitions reads: EUnit's generators, tables of cases (Go's subtests
# and case tables, rstest's cases too)
_TESTS_GENERATED = later(
    r"_test_\s*\(\s*\)|\.each\b|@pytest\.mark\.parametrize|@ParameterizedTest|"
    r"\bt\.Run\(|\[\]struct\b|#\[(?:case|rstest)\b|\[(?:Theory|TestCase|DataRow)\b|"
    r"@dataProvider\b|#\[DataProvider\("
)


def _tests_added(text: str, index: RunIndex) -> Finding | None:
    """A count of tests said added to a file (`_TESTS_ADDED`), held to the test
    definitions the run's edits of it add (a patch's `+` lines, an edit's new text less
    its old), where only edit tools touched it, each of them read, and every test the
    edits add is one definition: another count is wrong."""
    found = _tests_said_added(text)
    if found is None:
        return None
    count, path = found
    naming = index.inputs_with(_needle(path))
    written = _made_new(naming, index)  # a new file's tests are all added
    rest = naming[1:] if written is not None else naming
    edits = [c for c in rest if c.family == "edit" and not c.failed]
    if not (edits or written is not None) or any(not _reads_or_edits(c) for c in rest):
        return None  # a write of the whole file, or a shell command, may hold old tests
    counts = [_definitions_added(call, _needle(path)) for call in edits]
    if written is not None:
        if written[1] is None:
            return None
        edits, counts = [written[0], *edits], [written[1], *counts]
    # tests a definition does not count (parametrised): the runs of the file before the
    # first edit and after the last such tell how many more there are
    added = (
        sum(c or 0 for c in counts)
        if None not in counts
        else _added_by_runs(naming, edits, counts, index)
    )
    claimed = count_of(count)
    if added and added != claimed:
        return Finding(
            CONTRADICTED,
            f"{claimed} tests said added to {path}, the run's changes add {added}: "
            f"{edits[-1].cite()}",
        )
    return None


def _tests_said_added(text: str) -> tuple[str, str] | None:
    """The count and the file of tests said added to a file (`_TESTS_ADDED`), or said in
    a new file (`` New `config_test.go` with three tests ``)."""
    said = _TESTS_ADDED.search(text)
    if said is not None:
        return said.group(1), said.group(2)
    new = _NEW_FILE_TESTS_GATED.search(text)
    return (new.group(2), new.group(1)) if new is not None else None


# `New `internal/config/config_test.go` with three tests`, `` New `tests/test_a.py` (5
# tests) ``: a new test file's count (group 1 the file, 2 the count)
_NEW_FILE_TESTS = later(
    r"\b(?:new|added|created|wrote)\s+(?:(?:a|the)\s+)?(?:(?:new\s+)?test\s+file\s+)?"
    r"`([^`\n]+)`(?:\s+with\s+|\s*\()"
    + NUM
    + r"\s+(?:(?:new|unit|regression)\s+)?(?:tests|test cases|specs)\b",
    re.I,
)


_NEW_FILE_TESTS_GATED = Gated(_NEW_FILE_TESTS, Words("new added created wrote"))


# `Added 5 unit tests for `suggest``, `3 new tests in `LedgerTests``, `Two new msw-backed
# specs`: a count of tests said added, to a file or none (a count or its words up to the
# tests', not a list's: `2 new endpoints and tests`)
_TESTS_SAID_NEW = later(
    r"\b(?:(?:added|wrote|adds)\s+" + NUM + r"|" + NUM + r"\s+new)\s+"
    r"(?:(?!(?:and|or|with|for|to|in|tests?)\b)[\w-]+\s+){0,2}(?:tests|test cases|specs)\b",
    re.I,
)
_TESTS_SAID_NEW_GATED = Gated(_TESTS_SAID_NEW, Words("added wrote adds new"))
# a count said of tests passing (`all 4 new test cases pass`): one a runner counts, which
# a parametrised or twice-run test (anyio's two backends) makes more than its definitions
_PASSING = later(r"\bpass(?:es|ed|ing)?\b", re.I)


def _more_tests_than_added(text: str, index: RunIndex) -> Finding | None:
    """A count of tests said added (`_TESTS_SAID_NEW`), to a file or none, above the test
    definitions all the run's changes add (`_definitions_the_run_adds`): fewer tests were
    added than said (more may be of another thing the claim leaves out, `2 tests for the
    parser` beside the lexer's: only fewer refute)."""
    said = _TESTS_SAID_NEW_GATED.search(text)
    if said is None or _PASSING.search(text):
        return None
    found = _definitions_the_run_adds(index)
    if found is None:
        return None
    (added, last), claimed = found, count_of(said.group(1) or said.group(2))
    if not 0 < added < claimed:
        return None
    return Finding(
        CONTRADICTED, f"{claimed} tests said added, the changes add {added}: {last.cite()}"
    )


def _definitions_the_run_adds(index: RunIndex) -> tuple[int, Call] | None:
    """The test definitions all the run's changes add, and its last change: each edit's
    (`_definitions_added`) and each new file's a write made (`_made_new`), where each is
    counted and nothing else changed the code: no write of a file that was there (named
    before it), nor any change `_changed_only_by_tools` refuses (None otherwise)."""
    edits = [c for c in index.by_family.get("edit", ()) if not c.failed]
    writes = [c for c in index.by_family.get("write", ()) if not c.failed]
    if not (edits or writes) or not _changed_only_by_tools(index):
        return None
    added = 0
    for call in writes:
        path = edit_target(call)
        naming = index.inputs_with(_needle(path)) if path else []
        made = _made_new(naming, index) if naming and naming[0] is call else None
        if made is None or made[1] is None:
            return None
        added += made[1]
    for call in edits:
        count = _definitions_added(call, "")
        if count is None:
            return None
        added += count
    return added, max((*edits, *writes), key=lambda call: call.order)


# `Replaced the four `cm.get_cmap` calls`: a count of a ticked thing's uses said replaced
# (group 1 the count, 2 the thing)
_REPLACED_COUNT = later(
    r"\breplaced\s+(?:the\s+|all\s+)?(?:remaining\s+)?" + NUM + r"\s+(?:remaining\s+)?"
    r"`([^`\n]{3,60})`\s+(?:calls?|uses?|usages?|occurrences?|references?|instances?|"
    r"call\s+sites?|checks?|assertions?|comparisons?|imports?)\b",
    re.I,
)
_REPLACED_COUNT_GATED = Gated(_REPLACED_COUNT, Words("replaced"))
# the keys of an editor's input holding the text it replaces and the text it puts
_OLD_KEYS = ("old_string", "old_str", "old", "search", "find")  # in the order asked
_NEW_KEYS = ("new_string", "new_str", "new", "replace", "replacement")
_PATCH_KEYS = frozenset(("diff", "patch", "input"))


# a shell's redirect of output to a file (not `2>&1`, `>&2`, `> /dev/null`, `=>`)
_REDIRECT = r"(?<![\d&<-])>{1,2}(?![&=])(?!\s*/dev/null)"
# what in a shell command may change source files (not `git status`, `python -c 'print…'`,
# nor `2>&1`): an in-place edit, a redirect to a file, a copy or move, git changing the tree,
# a script's own write
_SOURCE_EDIT = (
    r"\bsed\s+-[a-z]*i|\bperl\s+-[a-z]*i|" + _REDIRECT + r"|\btee\b|"
    r"\bpatch\b|\bgit\s+(?:apply|checkout(?!\s+-[bB]\s)|restore|stash|reset|merge|rebase|"
    r"cherry-pick|revert|"
    r"am|pull)\b|\b(?:cp|mv|ed|rm)\s|open\([^)]*['\"][wa]|write_text|write_bytes|writeFile"
)
_MAY_EDIT = later(_SOURCE_EDIT)


def _edited_only_by_edits(index: RunIndex) -> bool:
    """No write tool's call, and nothing else changed the code (`_changed_only_by_tools`):
    the edit calls' texts are all the changes."""
    return not index.by_family.get("write") and _changed_only_by_tools(index)


def _changed_only_by_tools(index: RunIndex) -> bool:
    """No shell command that may change a source file (`_MAY_EDIT`) and no code rewriter
    ran: the edit and write tools' inputs are all the changes (each distinct shell command
    read once)."""
    if code_rewriter_ran(index):
        return False
    return not any(_MAY_EDIT.search(command) for command in index.commands_of(SHELL_FAMILY)[0])


def _replacements_counted(text: str, index: RunIndex) -> Finding | None:
    """A count of a ticked thing's uses said replaced (`_REPLACED_COUNT`) above the uses
    all the run's edits take away (its occurrences in the texts they replace less those in
    the texts they put), some taken away, where each edit is read and nothing else changed
    the code (`_edited_only_by_edits`): fewer were replaced."""
    said = _REPLACED_COUNT_GATED.search(text) if "`" in text else None
    if said is None:
        return None
    edits = [c for c in index.by_family.get("edit", ()) if not c.failed]
    if not edits or not _edited_only_by_edits(index):
        return None
    thing, taken, taking = said.group(2), 0, edits[-1]
    for call in edits:
        texts = _old_and_new(call)
        if texts is None:
            return None
        away = texts[0].count(thing) - texts[1].count(thing)
        taken, taking = taken + away, call if away > 0 else taking
    claimed = count_of(said.group(1))
    if not 0 < taken < claimed:
        return None
    return Finding(
        CONTRADICTED,
        f"{claimed} uses of `{thing}` said replaced, the edits take away {taken}: {taking.cite()}",
    )


def removes_unseen(call: Call, files: list[str]) -> bool:
    """An edit call whose input gives no text it replaces (Cursor's `code_edit`, a sketch
    of the new code and its instructions): what it took out is not shown, so it may have
    taken out anything, as a write replacing a file's content may; where a claim names
    the `files` (lowercase) the thing was taken out of, only an edit of one of them."""
    texts = _old_and_new(call)
    if texts is not None and (texts[0] or _patch_of(call) is not None):
        return False  # a patch shows each line it takes out, none where it gives none
    target = edit_target(call) if files else None
    return target is None or any(target.endswith(name.lstrip("./")) for name in files)


def kept_in_edits(word: str, index: RunIndex, files: list[str]) -> Call | None:
    """The last call leaving in a thing said taken out (of one of the `files` a claim
    names, lowercase, where it names some), where every call whose input holds its `word`
    is an edit leaving it in (`_leaves_in`) and nothing could have taken it out unseen: no
    write of the file, no edit showing no text it replaced, no shell command that may write
    it (`_shell_leaves`), no code rewriter."""
    holding = index.inputs_containing(word)
    if not holding or not all(_leaves_in(call, word, files) for call in holding):
        return None
    if any(removes_unseen(call, files) for call in index.of_families("edit", "write")):
        return None
    if not _shell_leaves(index, files) or code_rewriter_ran(index):
        return None
    return holding[-1]


def _leaves_in(call: Call, word: str, files: list[str]) -> bool:
    """`call` is an edit that leaves `word` in the `files` named: one of another file (`use
    once_cell::…` taken out of `src/forms.rs`, not `Cargo.toml`), or one putting the word
    back as often as it replaced it (`{:sweet_xml, …}` kept above the line added below)."""
    if call.family != "edit":
        return False
    target = edit_target(call)
    if target is not None:
        if files and not any(target.endswith(name.lstrip("./")) for name in files):
            return True
        texts = _old_and_new(call)
    else:  # a patch: its parts changing the files named
        texts = _patch_parts(call, files)
        if files and texts == ("", ""):
            return True  # it changes other files only
    if texts is None:
        return False
    # (an edit of the file naming the word only in its path shows nothing of it)
    old, new = texts[0].lower().count(word), texts[1].lower().count(word)
    return new >= old > 0


def _patch_parts(call: Call, files: list[str]) -> tuple[str, str] | None:
    """The texts a patch's parts changing the `files` named take out and put in (all its
    parts', where none is named), or None where the call gives no patch."""
    patch = _patch_of(call)
    if patch is None:
        return None
    parts = [_section_of(patch, name) for name in files] if files else [patch]
    olds: list[str] = []
    news: list[str] = []
    for part in parts:
        _patch_halves(part, olds, news)
    return "\n".join(olds), "\n".join(news)


def _patch_of(call: Call) -> str | None:
    """The patch an edit call's input gives (`{"input": "*** Begin Patch …"}`), or None."""
    given = _editor_input(call)
    patch = next((v for k, v in (given or {}).items() if k in _PATCH_KEYS), None)
    return patch if isinstance(patch, str) else None


def _shell_leaves(index: RunIndex, files: list[str]) -> bool:
    """No shell command may have changed the `files` named unseen: each naming one reads it
    or writes nothing (`_reads_or_edits`); where none is named, none may write at all."""
    if not files:
        return not _shell_may_write(index)
    names = [name.rsplit("/", 1)[-1] for name in files]
    return all(
        _reads_or_edits(call)
        for name in names
        for call in index.inputs_containing(name)
        if call.family in SHELL_FAMILY
    )


def _old_and_new(call: Call) -> tuple[str, str] | None:
    """The texts an edit call replaces and puts, all its edits' (`MultiEdit`'s list, a
    patch's `-` and `+` lines, a SEARCH/REPLACE block's halves), or None where its input
    gives none of them."""
    given = _editor_input(call)
    if given is None:
        return None
    olds: list[str] = []
    news: list[str] = []
    pending: list[Any] = [given]
    while pending:
        value = pending.pop()
        if isinstance(value, list):
            pending.extend(value)
            continue
        if not isinstance(value, dict):
            continue
        for key, item in value.items():
            if not isinstance(item, str):
                pending.append(item)
            elif key in _OLD_KEYS:
                olds.append(item)
            elif key in _NEW_KEYS:
                news.append(item)
            elif key in _PATCH_KEYS:
                _patch_halves(item, olds, news)
    return ("\n".join(olds), "\n".join(news)) if olds or news else None


def _patch_halves(patch: str, olds: list[str], news: list[str]) -> None:
    """A patch's removed and added lines (`-`, `+`, not its file headers), or a SEARCH /
    REPLACE block's halves, added to `olds` and `news`."""
    if "<<<<<<< SEARCH" in patch:
        for block in patch.split("<<<<<<< SEARCH")[1:]:
            search, _, rest = block.partition("=======")
            olds.append(search)
            news.append(rest.partition(">>>>>>> REPLACE")[0])
        return
    for line in patch.splitlines():
        if line[:1] == "-" and line[:3] != "---":
            olds.append(line[1:])
        elif line[:1] == "+" and line[:3] != "+++":
            news.append(line[1:])


def _reads_or_edits(call: Call) -> bool:
    """`call` reads or edits the file it names, or is a shell command that cannot write it
    (`pytest tests/a.py`, `sed -n 1,12p tests/a.py`, `git add tests/a.py && git commit`)."""
    if call.family in ("edit", "read"):
        return True
    if call.family not in SHELL_FAMILY:
        return False
    command = call.command_lower
    if "git" in command:
        command = _GIT_KEEPS_FILES.sub(" ", command)
    return _MAY_WRITE.search(command) is None


# a git command that changes no file's content (`git add`, `git commit`, `git push`, a new
# branch): not `checkout` of a path, `restore`, `stash`, `apply`, `pull`, `merge`, `reset`
_GIT_KEEPS_FILES = later(
    r"\bgit\s+(?:-C\s+\S+\s+)?(?:add|commit|status|diff|log|show|push|branch|tag|remote|"
    r"rev-parse|ls-files|switch\s+-c|checkout\s+-b)\b"
)


def _added_by_runs(
    naming: list[Call], edits: list[Call], counts: list[int | None], index: RunIndex
) -> int:
    """How many more tests the last run of a test command naming the file counts, after
    the last edit whose tests no definition counts (`counts`: None), than that command's
    last run before the first edit, where the edits after it add no definition (0: no such
    pair of runs with a runner's total each)."""
    first = edits[0].order
    unread = max(call.order for call, count in zip(edits, counts, strict=True) if count is None)
    runs = [c for c in naming if c.family in SHELL_FAMILY and RUNNER.search(c.command_lower)]
    after = next((c for c in reversed(runs) if c.order > unread), None)
    if after is None or any(
        count for call, count in zip(edits, counts, strict=True) if call.order > after.order
    ):
        return 0
    before = [c for c in runs if c.order < first and c.command == after.command]
    totals = [index.tests.run(c.order - 1).summary for c in (*before[-1:], after)]
    if len(totals) < 2 or totals[0] is None or totals[1] is None:
        return 0
    first_total, last_total = totals[0].total, totals[1].total
    if first_total is None or last_total is None:
        return 0
    return max(0, last_total - first_total)


def _made_new(naming: list[Call], index: RunIndex) -> tuple[Call, int | None] | None:
    """The first of the calls `naming` a file, where it is a write that made the file new
    (no earlier call's output names the file's name), and the test definitions its
    content holds (None: another input, or tests no definition counts)."""
    first = naming[0] if naming else None
    if first is None or first.family != "write" or first.failed:
        return None
    path = edit_target(first)
    if not path:
        return None
    name = path.rsplit("/", 1)[-1]
    if any(c.order < first.order for c in index.outputs_containing(name)):
        return None  # shown before it was written: the file was there
    given = _editor_input(first)
    content = next((given[k] for k in _CONTENT_KEYS if k in given), None) if given else None
    if not isinstance(content, str) or _TESTS_GENERATED.search(content):
        return first, None
    return first, len(_TEST_DEFINED.findall(content))


# the keys a write tool's input holds the file's whole text under
_CONTENT_KEYS = ("content", "file_text", "contents", "text", "body")


def _definitions_added(call: Call, needle: str) -> int | None:
    """The test definitions an edit call adds: a patch's `+` lines' less its `-` lines'
    (`diff`, `patch`, Codex's `input`), an edit's new text's less its old's, a SEARCH /
    REPLACE block's likewise (None: another input, or one adding tests no definition
    counts)."""
    given = _editor_input(call)
    if given is None:
        return None
    patch = next((given[k] for k in ("diff", "patch", "input") if k in given), None)
    added: object
    old: object
    if isinstance(patch, str) and "<<<<<<< SEARCH" in patch:
        # (Cline's `replace_in_file` gives SEARCH / REPLACE blocks as its `diff`)
        olds: list[str] = []
        news: list[str] = []
        _patch_halves(patch, olds, news)
        added, old = "\n".join(news), "\n".join(olds)
    elif isinstance(patch, str):
        # its `-` lines' definitions are gone (`-def test_x` renamed `+def test_x_follows`)
        lines = _section_of(patch, needle).splitlines()
        added = "\n".join(line for line in lines if line[:1] == "+" and line[:3] != "+++")
        old = "\n".join(line[1:] for line in lines if line[:1] == "-" and line[:3] != "---")
    else:
        # (Cline's `replace_in_file` gives them as `search` and `replace`)
        added = next((given[k] for k in _NEW_KEYS if k in given), None)
        old = next((given[k] for k in _OLD_KEYS if k in given), "")
    if not isinstance(added, str) or not isinstance(old, str) or _TESTS_GENERATED.search(added):
        return None
    return len(_TEST_DEFINED.findall(added)) - len(_TEST_DEFINED.findall(old))


def _section_of(patch: str, needle: str) -> str:
    """The part of a patch of several files that changes the one `needle` names (a file
    header naming it, `*** Update File: a.py` or `+++ b/a.py`, to the next header); a
    patch of one file with no header, whole. Its lines are read by their openings (a
    pattern of `^` in MULTILINE was tried at each character of a long patch)."""
    headers: list[tuple[int, str]] = []  # each header line's offset and text
    at = 0
    for line in patch.splitlines(keepends=True):
        if line.startswith(_FILE_HEADERS):
            headers.append((at, line.split("\n", 1)[0]))
        at += len(line)
    if not headers:
        return patch
    ends = [start for start, _ in headers[1:]] + [len(patch)]
    return "".join(
        patch[start:end]
        for (start, header), end in zip(headers, ends, strict=True)
        if needle in header.lower()
    )


# what opens a patch's line naming the file its part changes
_FILE_HEADERS = ("*** Update File: ", "*** Add File: ", "+++ ", "diff --git ")


# `Wrote `out/summary.csv` with 16 rows`: a count of a file's parts, which an output line
# naming the file may give (`wrote out/summary.csv (14 rows)`)
_ROWS_SAID = later(
    r"(?<![\d,.])(\d[\d,]*) (?:(rows|lines|records|entries|features)|(?:[a-z]+ )?(files))\b"
)
_ROWS_SAID_GATED = Gated(_ROWS_SAID, Words("rows lines records entries features files"))


_CLAUSE_BREAK = later(r"[—–;]|\s-\s|\bbut\b|[.!?]\s")


def _rows_of_file(text: str, index: RunIndex) -> Finding | None:
    """A count of the rows (lines, records, entries, features) of the one file the claim
    names, or of the files in the one folder it names (`24 markdown files in `books/``),
    held to the output lines naming the file or folder and counting the same: verified by
    one giving the count, contradicted where the last of them gives another and no call
    wrote the file after it (each line read of the file's first 50 places)."""
    said = _ROWS_SAID.search(text)
    ticked = list(TICKED_PATH.finditer(text))
    paths = {m.group(1) for m in ticked}
    if said is None or len(paths) != 1:
        return None
    # the count and the file in one clause (not `into `a.beancount` — the statement has
    # 37 lines`: another thing's lines)
    first, last_end = ticked[0].start(), ticked[-1].end()
    between = text[min(said.end(), last_end) : max(said.start(), first)]
    if _CLAUSE_BREAK.search(between) is not None:
        return None
    path = paths.pop()
    name = path.rstrip("/").rsplit("/", 1)[-1].lower()
    noun = said.group(2) or said.group(3)
    if ("." in name) == (noun == "files") or not name:
        return None  # files are counted in a folder, the rest in a file
    count = int(said.group(1).replace(",", ""))
    counted = re.compile(rf"(?<![\d,.])(\d[\d,]*) {noun}\b")
    last: tuple[Call, str] | None = None
    for call, at in itertools.islice(index.outputs_with(name), 50):
        line = line_at(call.output, call.written(at))
        figures = [int(f.replace(",", "")) for f in counted.findall(line.lower())]
        if count in figures:
            return Finding(VERIFIED, call.cite_line(line.strip()))
        if figures:
            last = call, line.strip()
    if last is None:
        return None
    call, line = last
    written = _last_write(_needle(path), index)
    if written is not None and written > call.order:
        return None  # written again after the output counted it
    return Finding(CONTRADICTED, f"{said.group(0)} of {path}, but {call.cite_line(line)}")


def _kept_moved_listed_counted(text: str, named: bool, index: RunIndex) -> Iterator[Finding]:
    if "`" in text and _KEPT_GATED.search(text):
        finding = _kept(text, index)
        if finding is not None:
            yield finding
    if not named and _DELETED_THING_GATED.search(text):
        finding = _moved_not_deleted(text, index)
        if finding is not None:
            yield finding
    only = _ONLY_GATED.search(text)
    if only is not None:
        finding = _listing(only, index)
        if finding is not None:
            yield finding
    counted = _FILES_COUNT_GATED.search(text)
    if counted is not None and _verbs(text) and not _FOUND_BEFORE.search(text, 0, counted.start()):
        finding = _count_files(counted, index)
        if finding is not None:
            yield finding


def changed_later(text: str, index: RunIndex) -> list[tuple[str, int]]:
    """(path, order of the last call that wrote it or under it) for each path the claim
    names (`crates/x/Cargo.toml`, a mount point) that a call wrote: a call naming the
    path before that one read it as it was before the change; and, for a claim of what
    holds now, ("", the last package change): every call before it read the old ones."""
    ticked = [m.group(1) for m in TICKED_PATH.finditer(text)] if "`" in text else []
    paths = ticked + (_bare_paths(text) if "." in text else [])
    found = []
    for path in dict.fromkeys(paths):
        needle = path.lower().rstrip("/")
        if "://" in needle or not needle.strip("./~"):
            continue
        last = index.remember("last write", needle, functools.partial(_last_write, needle, index))
        if last is not None:
            found.append((needle, last))
    if "now" in text and _NOW.search(text):
        changed = index.shell_matching(_PACKAGE_CHANGE, _PACKAGE_CHANGE_WORDS)
        done = [c.order for c in changed if not c.failed]
        if done:  # "" is in every command: each call before it read the old packages
            found.append(("", done[-1]))
    return found


# `axios is now 1.7.4`: the packages as the last package change left them, which a
# scanner's report before it (`Fixed Version 1.7.4`) does not show
_NOW = later(r"\bnow\b", re.I)
_PACKAGE_CHANGE = later(
    rf"\b(?:{PACKAGE_MANAGERS}|composer|bundle)\s+"
    r"(?:install|add|i|get|uninstall|remove|update|upgrade|up|audit fix)\b"
)
_PACKAGE_CHANGE_WORDS = (*PACKAGE_MANAGER_WORDS, "composer", "bundle")


def _last_write(needle: str, index: RunIndex) -> int | None:
    """The order of the last call that wrote `needle` or a path under it, without failing
    (a write or edit tool by the path it names: a script it writes may name others). Each
    distinct call is read once (`_latest_of_each`): a run repeats the commands naming a
    path, hundreds of times where they write nothing."""
    seen = index.remember("signalled", "", dict)
    for call in _latest_of_each(index.inputs_with(needle)):
        if call.failed:
            continue
        if call.family in ("write", "edit"):
            if any(needle in a or needle in b for a, b in TOOL_PATH.findall(call.command_lower)):
                return call.order
        elif _writes(call, needle, _WRITE_SIGNAL, seen):
            return call.order
    return None


# "`docs/` now holds only `index.md` and `api.md`"
_ONLY = later(
    r"`((?:[\w.-]+/)*[\w.-]+)/?`\s+(?:now\s+)?(?:holds|contains|has|lists)\s+only\s+(.+)$", re.I
)
_ONLY_GATED = Gated(_ONLY, Words("only"))
_LISTS = later(r"(?:^|[;&|]\s*)(?:ls|find|tree)\b")


def _listing(only: re.Match[str], index: RunIndex) -> Finding | None:
    """What a folder is said to hold only, against the last listing of that folder: an
    entry the listing shows and the claim leaves out. A change to the folder after the
    listing leaves it unchecked."""
    folder = only.group(1).lower().rstrip("/")
    claimed = {n.rstrip("/").rsplit("/", 1)[-1] for n in _TICKED.findall(only.group(2))}
    if not claimed:
        return None
    calls = [c for c in index.inputs_with(folder) if not c.failed]
    listings = [
        c
        for c in calls
        if (c.family in ("read", "other") and "list" in c.name.lower())
        or (c.family == "shell" and _LISTS.search(c.command_lower))
    ]
    if not listings:
        return None
    last = listings[-1]
    later = [c for c in calls if c.order > last.order and c is not last]
    if any(c.family in ("write", "edit", "other") or _MAY_WRITE.search(c.command) for c in later):
        return None
    lines = [line for line in last.output.splitlines() if line.strip()]
    entries = [line.split()[-1].rstrip("/") for line in lines if not line.startswith("total ")]
    left_out = [e for e in entries if e not in claimed | {".", ".."} and not e.endswith(":")]
    if left_out:
        return Finding(
            CONTRADICTED, f"{folder}/ also holds {left_out[0]}: {last.cite(left_out[0])}"
        )
    return None


_FILES_COUNT = later(
    r"\b(?:across|in|to)\s+(?:all\s+)?(\d+|two|three|four|five|six|seven|eight|nine|ten)\s+"
    r"(?:\w+\s+)?files\b",
    re.I,
)
_FILES_COUNT_GATED = Gated(_FILES_COUNT, Words("files"))
# what a count of files places, just before it (`5 errors across 3 files`): no files changed
_FOUND_BEFORE = later(
    r"(?<![\w.,])\d[\d,]*\s+(?:[a-z-]+\s+)?(?:errors?|warnings?|problems?|issues?|failures?|"
    r"violations?|occurrences?|matches|hits|usages?|call sites?|references?)\s+$",
    re.I,
)
_COUNT_WORDS = {
    word: number
    for number, word in enumerate("two three four five six seven eight nine ten".split(), 2)
}
TOOL_PATH = later(
    r"\"(?:file_path|path|target_file|filename)\":\"([^\"]+)\""
    r"|\*\*\* (?:Update|Add|Delete) File: (\S+)"
)


def _count_files(counted: re.Match[str], index: RunIndex) -> Finding | None:
    """`Renamed it across all 5 files`: against the distinct paths the write and edit
    tools changed, when nothing else could have written a file."""
    word = counted.group(1).lower()
    if not int_reads(word):
        return None
    claimed = _COUNT_WORDS.get(word) or int(word)
    paths: set[str] = set()
    for command in _edits(index).done:  # each distinct command of the writes once
        found = [a or b for a, b in TOOL_PATH.findall(command)]
        if not found:
            return None  # an edit whose path is not known
        paths.update(found)
    if not paths or len(paths) == claimed:
        return None
    if not _QUIET_OR_EDITING.issuperset(index.by_family) or _shell_may_write(index):
        return None
    if opaque_ran(index):
        return None
    listed = ", ".join(sorted(paths))
    return Finding(CONTRADICTED, f"{claimed} files claimed, but {len(paths)} changed: {listed}")


# "I marked `test_x` as flaky", "Added `retry()` to the client": an edit to code, no path
_CODE_EDIT = later(
    r"^(?:(?:I|we)\s+(?:also\s+)?)?(?:marked|added|changed|edited|updated|patched|modified|"
    r"rewrote|refactored|replaced|implemented|renamed|wrapped|guarded|decorated)\b",
    re.I,
)
_QUIET_FAMILIES = frozenset({"shell", "read", "search", "fetch"})
_QUIET_OR_EDITING = _QUIET_FAMILIES | {"write", "edit"}
# what in a shell command may write any file: what may edit a source (`_SOURCE_EDIT`) and
# any git command, a folder or file made, a here-document, a one-line script, a database given
_MAY_WRITE = later(
    _SOURCE_EDIT + r"|<<|"
    r"\b(?:mv|cp|touch|mkdir|rm|patch|git|perl|ed)\b|"
    r"\b(?:python3?|node|ruby|bash|sh|deno)\s+-[ce]\b|"
    # a database file given to a command (`sqlite-utils create-index library.db …`)
    r"\.(?:db|sqlite3?|duckdb)\b"
)


def _nothing_written(index: RunIndex) -> bool:
    """The run shows every call, and none could have changed a file: no write or edit tool,
    no tool of unknown effect, no shell command that writes, no package manager's change
    (`npm install lodash` writes its manifest), no opaque program."""
    if not index.calls or not _QUIET_FAMILIES.issuperset(index.by_family):
        return False
    if _shell_may_write(index) or index.shell_matching(_PACKAGE_CHANGE, _PACKAGE_CHANGE_WORDS):
        return False
    return not opaque_ran(index)


# `I deleted the temporary copy afterwards`: files said deleted by the agent, no path named
_DELETED_UNNAMED = later(
    r"^[\W_]*(?:(?:I|we)\s+(?:also\s+|then\s+)?)?(?:deleted|removed|cleaned up)\s+"
    r"(?:the|all|both|my|our)\s+(?:[\w-]+\s+){0,2}?(?:cop(?:y|ies)|files?|director(?:y|ies)|"
    r"folders?|dumps?|archives?|downloads?|clones?|checkouts?|worktrees?)\b",
    re.I,
)
# what an input that may delete a file holds: a removal program or call, whatever its place
_DELETING_WORDS = ("rm ", "rm\t", "rmdir", "unlink", "remove", "delete", "rmtree", "trash", "-rf")


def _nothing_deleted(index: RunIndex) -> bool:
    """No call's input names a removal (`rm`, `unlink`, `os.remove`, a delete tool's or
    request's), no tool's name does, no shell command removes by a pattern, and no program
    the run does not show ran: nothing could have deleted a file."""
    if any(index.inputs_containing(word) for word in _DELETING_WORDS):
        return False
    if index.named(_names_deleting):
        return False
    return not _removed_by_pattern(index) and not opaque_ran(index)


def _names_deleting(name: str) -> bool:
    lowered = name.lower()
    return "delet" in lowered or "remov" in lowered


def _shell_may_write(index: RunIndex) -> bool:
    """A shell command may have written a file (each distinct command read once a run)."""
    found: bool = index.remember("shell may write", "", lambda: any(
        map(_MAY_WRITE.search, index.shell_commands)
    ))  # fmt: skip
    return found


_EDITING = frozenset({"write", "edit"})


class _Edits:
    """The write and edit calls by distinct command: each lowercase command's first call
    (`first`), and each command's (as written) first call that did not fail (`done`),
    both in the order of those calls. A claim asks about a path or a test file in the few
    distinct commands, not in each of a run's thousand edits, and they are read from the
    run's distinct commands (`commands_of`), not from each call."""

    __slots__ = ("done", "first")

    def __init__(self, index: RunIndex) -> None:
        calls = index.calls
        self.first: dict[str, Call] = {}
        done: list[int] = []  # each command's first call that did not fail (its number)
        # each distinct command (as written, held lowercase), in the order of first calls
        for lowered, numbers in zip(*index.commands_of(_EDITING), strict=True):
            self.first.setdefault(lowered, calls[numbers[0]])
            ok = next((n for n in numbers if not calls[n].failed), None)
            if ok is not None:
                done.append(ok)
        self.done = {calls[n].command: calls[n] for n in sorted(done)}


def _edits(index: RunIndex) -> _Edits:
    edits: _Edits = index.remember("edits", "", functools.partial(_Edits, index))
    return edits


# a denial just before a file verb, up to four words between (`not yet written`,
# `neither of which is re-exported`)
_DENIED_VERB = later(
    r"(?:\b(?:not|never|neither|none|nor)\b|n't)(?:[\s-]+[a-z]+){0,4}[\s-]+$", re.I
)


# a writing verb's doer named after it, a thing other than the agent (`only ever written
# by the tool itself`; not a means, `fixed by stripping`, nor a substitute, `replaced by`)
_BY_ANOTHER = later(
    r"[^\S\n]+by[^\S\n]+(?!the agent\b)(?:the|a|an|its|their|some|another)[^\S\n]", re.I
)
# a relative clause's opening whose subject is the things it tells of (`types that moved`)
_THINGS_THAT = later(r"\b(?:that|which)\s+(?:had\s+|have\s+)?$", re.I)
# file verbs that, after `that` or `which`, tell what things did or befell them
_THINGS_DO = frozenset(("moved", "read", "reads"))
# verbs that, after a noun and its article, tell where a thing stands (`the version pinned
# in `go.mod``, `the hosts listed in `inventory.ini``)
_STATES = frozenset(("pinned", "listed", "declared", "defined", "specified"))
_A_NOUN_BEFORE = later(r"\b(?:the|a|an|its|their|each|every)\s+[\w-]+\s+$", re.I)
_AN_ARTICLE_BEFORE = later(r"\b(?:the|a|an)\s+$", re.I)
# a plain word after the verb, then a word or a mark of no path (`generated code stays`)
_PLAIN_NOUN_AFTER = later(r"[ ]+[a-z]+[ ]+(?:[a-z]+\b|[,.;])")
_WRITTEN_BY = frozenset(
    "written created generated produced modified updated changed edited".split()
)
# a plain plural noun after the verb, then a verb telling where the things are
# (`Generated sources live under `target/…``): the verb's participle names the things,
# no act
_THINGS_ARE_AFTER = later(r"(?<![ ])[ ]+[a-z]+s[ ]+(?:live|are|stay|sit|go|remain|land|end up)\b")


def _no_act(text: str, verb: str, start: int, end: int) -> bool:
    """The file verb (lowercase) at `start:end` tells of no act of the run's: denied
    (`neither of which is re-exported from `x.ts``), another's (`only ever written by the
    tool itself`), where a thing stands (`the version pinned in `go.mod``), an adjective
    of a noun (`The generated code stays …`, `Generated sources live under …`), or what
    things did or befell them (`three
    types that moved under …`, `listeners that read …`)."""
    return (
        _DENIED_VERB.search(text, max(0, start - 40), start) is not None
        or (verb in _WRITTEN_BY and _BY_ANOTHER.match(text, end) is not None)
        or (verb in _STATES and _A_NOUN_BEFORE.search(text, max(0, start - 40), start) is not None)
        or (verb in _WRITTEN_BY and _THINGS_ARE_AFTER.match(text, end) is not None)
        or (
            _AN_ARTICLE_BEFORE.search(text, max(0, start - 5), start) is not None
            and _PLAIN_NOUN_AFTER.match(text, end) is not None
        )
        or (verb in _THINGS_DO and _THINGS_THAT.search(text, max(0, start - 12), start) is not None)
    )


# what a replaced thing was replaced by, right after the verb (`` replaced by `b.toml` ``)
_REPLACED_BY = later(r"(?<!\s)\s+(?:by|with)\s+`")


def _replaced_by(clause: str, path: str) -> bool:
    """The clause after `replaced` opens with what replaced the thing, and that is `path`
    (`` replaced by `b.toml` ``), not a thing of no path whose place follows (`` replaced
    by `SendRemindersJob` (`src/Jobs/`) ``: the folder was there)."""
    by = _REPLACED_BY.match(clause)
    return by is not None and clause.startswith(path, by.end())


@functools.lru_cache(maxsize=4)
def targets(text: str) -> list[tuple[str, list[str]]]:
    """(verb, paths) for each file verb followed by paths in its clause. Asked twice of a
    claim (its kind, then its files), read once; callers do not change the list."""
    found: list[tuple[str, list[str]]] = []
    for verb_start, verb_end, verb in _verbs(text):
        if _no_act(text, verb.lower(), verb_start, verb_end):
            continue
        end = _CLAUSE_END.search(text, verb_end)
        clause = text[verb_end : end.start() if end else len(text)]
        # `rather than touching `x.js``: what follows a contrast was not done
        contrast = _CONTRAST.search(clause) if _CONTRAST_WORDS.may_hold(text) else None
        clause = clause[: contrast.start()] if contrast else clause
        if _PASSIVE_BEFORE.search(text, max(0, verb_start - 24), verb_start):
            # `` `a.cs` is deleted and `Program.cs` now calls … ``: the verb's subject came
            # before it, and what follows `and` is a clause of its own
            clause = _NEXT_CLAUSE.split(clause, 1)[0]
        # every ticked path is in backticks, every bare one ends as _BARE_PATH_END finds
        ticked = TICKED_PATH.finditer(clause) if "`" in clause else ()
        paths = [m.group(1) for m in ticked if "://" not in m.group(1) and not _a_place(clause, m)]
        paths += _unticked_paths(clause, paths)
        it = not paths and _IT.match(clause) is not None
        if not paths and (it or verb_start <= _LEAD_SPAN):
            lead = _lead_path(text, verb_start, it)
            if lead is not None and not it:
                found.append((LEAD_CHANGED, [lead]))
                continue
            paths = [lead] if lead is not None else []
        paths = [
            p
            for p in paths
            if not _DIGITS_AND_DOTS.fullmatch(p)
            and not _PLACEHOLDER.search(p)
            and not _ARITY.fullmatch(p)
            and not _MODULE_PATH.match(p)
        ]
        if paths:
            first = paths[0]
            if (
                _DELETE_VERB.fullmatch(verb)
                and "." in first.rsplit("/", 1)[-1]  # a file; things removed from a folder
                and _INSIDE.search(clause, 0, clause.find(first))  # are deleted
            ):
                verb = "edited"  # `removed the unused import from `a.py``: an edit of it
            if verb.lower() == "added" and _new_file(clause[: clause.find(first)]):
                verb = "created"  # `added a new file `a.py``: a file created
            elif verb.lower() == "replaced" and _replaced_by(clause, first):
                verb = "created"  # `` `a.cfg` replaced by `b.toml` ``: the replacement is new
            listed = paths[:1] + _listed(clause, paths)
            if verb.lower() in ("added", "appended") and len(paths) > len(listed):
                listed = _added_to(clause, listed[-1], paths[len(listed)]) or listed
            moved_to: list[str] = []
            old = _old_name(text, verb_start, verb, clause[: clause.find(first)])
            if old is not None:  # `` `a.py` was renamed to `b.py` ``: the old name first
                listed, moved_to = [old], [first]
            elif len(paths) > 1 and verb.lower() in ("moved", "renamed"):
                # `renamed `a.py` to `b.py``: the new name is written too (a new folder
                # alone, `moved `a.py` to `lib/a.py``, may be `mv a.py lib/`'s)
                to = paths[1]
                between = clause[clause.find(first) + len(first) : clause.find(to)]
                said_to = between.strip().strip("`").strip() in ("to", "as", "into", "→", "->")
                if said_to and _name(to) != _name(first):
                    moved_to = [to]  # a destination: written by any call
            found.append((verb, listed))
            if moved_to:
                found.append(("written", moved_to))
    return found


def _unticked_paths(clause: str, ticked: list[str]) -> list[str]:
    """The paths of a verb's clause outside backticks: bare ones (`_bare_paths`), else,
    where none is ticked either, a file by its conventional name (`updated the README`)."""
    found = _bare_paths(clause) if "." in clause else []
    if not found and not ticked:
        named = _CONVENTIONAL_NAME.match(clause)
        found = [named.group(1)] if named is not None else []
    return found


# a file a project names by convention, just after a file verb (`updated the README`,
# `added an entry to the CHANGELOG`), any of its spellings (`README.md`, `README.rst`)
_CONVENTIONAL_NAME = later(
    r"\s+(?:(?:an?|the|our|its)\s+)?(?:[a-z]+\s+){0,2}?(?:(?:to|in)\s+the\s+)?"
    r"(README|CHANGELOG|CONTRIBUTING|Makefile|Dockerfile|Justfile)\b(?![\w/-]|\.\w)"
)


# A claim's lead naming a file (`**LegacyParser.swift** —`, `` `a.py`: ``), which a verb's
# `it` after it names
_LEAD_SPAN = 80  # a verb this far in may be the first after a claim's lead
# a verb in the passive (`is deleted`, `was also removed`), and another subject's clause
# after it (`and `Program.cs` now calls …`, not a list of paths: `` `a.cs` and `b.cs` ``)
_PASSIVE_BEFORE = later(r"\b(?:is|was|are|were|been|got)\s+(?:now\s+|also\s+)?$")
_NEXT_CLAUSE = later(
    r"\s(?:and|but|while)\s+(?:the\s+)?`[^`\n]+`\s+(?=(?:now|still|also|no\s+longer|is|was|are|"
    r"were|has|had|calls|uses|imports|reads)\b)"
)
# the verb `targets` gives a claim's lead file that what follows says was changed (`` `a.md`:
# added a section ``, `` `a.py`: removed the unused import ``): a write of it, which a
# write shows happened but not that it did what the claim says (it verifies nothing)
LEAD_CHANGED = "changed (the lead's file)"


def _lead_path(text: str, verb_start: int, it: bool) -> str | None:
    """The file the claim leads with that a verb with no path of its own speaks of: by
    its `it` (`**a.swift** — … deleted it`: `it` true), or opening what the claim says
    after the lead (`` `CHANGELOG.md`: added a section ``, `` `a.md` — I added … ``)."""
    lead = _LEAD_FILE.match(text)
    if lead is None:
        return None
    if it or text[lead.end() : verb_start].strip(" *_").lower() in ("", "i", "we"):
        return lead.group(1)
    return None


_LEAD_FILE = later(r"\W{0,4}(?:\*\*|`)([\w./-]*[\w-]\.[A-Za-z]\w{0,5})(?:\*\*|`)\s{0,3}[—–:-]")
_IT = later(r" it\b")
# a ticked path just before a move verb said of it: `` `a.py` was renamed ``
_MOVED_SUBJECT = later(r"`((?:[\w.-]+/)*[\w-][\w.-]*\.[A-Za-z]\w{0,5})`\s+(?:was|has been|got)\s+$")


def _old_name(text: str, verb_start: int, verb: str, before_path: str) -> str | None:
    """The old name of a file said moved or renamed to a path in the passive (`` `a.py`
    was renamed to `b.py` ``): the ticked path just before the verb, where `to` or `as`
    alone stands between the verb and the new one."""
    if verb.lower() not in ("moved", "renamed") or before_path.strip(" `") not in (
        "to",
        "as",
        "into",
    ):
        return None
    subject = _MOVED_SUBJECT.search(text, max(0, verb_start - 200), verb_start)
    return subject.group(1) if subject is not None else None


_SUBJECT_WORD = later(r"[A-Za-z][\w-]*")
# what names code a run executes, as a subject that did something to a file
_CODE_SUBJECTS = frozenset(
    "test tests case cases script scripts fixture fixtures worker workers job jobs "
    "migration migrations hook hooks handler handlers pipeline attempt attempts".split()
)
_NOT_PROGRAMS = frozenset(
    "i we it this that which they he she you the a an then also and automatically itself "
    "has had have was were is are be been just now finally later".split()
)


def _unticked_words(text: str, start: int) -> list[str]:
    """The words of `text` from `start`, lowercase, outside backticks (a path's `app` of
    `` `src/app.py` `` is none)."""
    return [w.lower() for w in _SUBJECT_WORD.findall(_TICKED.sub(" ", text[start:]))]


# the means a change was made by, a backticked command (group 1) after its verb
_MEANS = later(r"\b(?:with|using|via|through|by running)\s+`([^`\n]+)`", re.I)
# a backticked command, then `, which` or `, that` just before a verb (group 1: the command)
_WHICH_BEFORE = later(r"`([^`\n]+)`,?\s+(?:which|that)\s+$")


def _program_said_writer(text: str, index: RunIndex) -> bool:
    """The subject of the claim's first file verb (`Gazelle added …`, `` `ruff --fix`
    removed …``) is a program a shell command ran (its first word, or one run by `run`,
    `npx`, `-m`, a Bazel target's `//:name`), a program a call's output says ran
    (`_logged_by`), or code a shell command may have run (`each test case wrote into …`,
    `the migration script created …`), not the agent (`I`, `we`, an imperative)."""
    verbs = _verbs(text)
    if not verbs:
        return False
    if any(_which_ran(_said_which(text, at), index) for at, _, _ in verbs):
        return True  # `with `hatch version 0.8.1`, which rewrote …`: the command's write
    means = _MEANS.search(text, verbs[0][1])
    if means is not None and _ran_program(means.group(1).lower().split()[:1], index):
        return True  # `removed the unused import with `ruff check --fix``: the program's
    before = text[: verbs[0][0]]
    # the subject starts after the last `;`, `:`, `(`, `, ` or dash before the verb (a
    # lead's `**New test** — created …` is the agent's)
    start = max(map(before.rfind, (";", ":", "(", ", ", "—", "–", " - "))) + 1
    words = [w.lower() for w in _SUBJECT_WORD.findall(before, start)]
    if not words or "i" in words or "we" in words:
        return False
    if len(words) <= 4 and not _OTHERS_ACTS.isdisjoint(words) and _MINE.isdisjoint(words):
        return True  # `Monday's deploy added …`, `the upstream commit created …`: not the run's
    # (`the second attempt applied in ~0.4 s and regenerated …`: a run of a command)
    if index.shell and not _CODE_SUBJECTS.isdisjoint(_unticked_words(before, start)):
        return True
    # a program spelt in prose as two words (`API Extractor … refreshed` for `api-extractor`)
    if len(words) > 1 and _ran_program([f"{words[0]}-{words[1]}"], index):
        return True
    if len(words) > 4:
        return False
    return _ran_program(words, index) or _logged_by(words, index)


# what names an act before the run, or another's, as a subject (`Monday's deploy`)
_OTHERS_ACTS = frozenset(
    "deploy deployment rollout release upgrade someone somebody colleague vendor installer "
    "provisioning upstream maintainer maintainers author patch patching".split()
)
_MINE = frozenset(("my", "our"))
# words opening lines of many outputs that name no program (`error: …`, `note: …`)
_NO_PROGRAM = frozenset("error warning note info debug test tests the a".split())


def _logged_by(words: list[str], index: RunIndex) -> bool:
    """One of `words` (lowercase) is a program that ran inside a call and said so, an
    output's line opening with its name (`proptest: Saving this and future failures in …`
    in `cargo test`'s output)."""
    return any(
        index.in_outputs_anywhere(f"\n{word}: ")
        for word in words
        if len(word) > 3 and word not in _NO_PROGRAM
    )


def _ran_program(words: list[str], index: RunIndex) -> bool:
    """One of `words` (lowercase) is a program a shell command ran: its first word (or its
    path's last part, `.nox/lint/bin/ruff`), or one run by `run`, `npx`, `-m`, a Bazel
    target's `//:name`."""
    for word in words:
        if word in _NOT_PROGRAMS or len(word) < 3:
            continue
        ran = re.compile(
            rf"(?:^|[;&|(]\s*|\b(?:run|exec|npx|bunx|pnpx|uvx|-m)\s+)(?://[\w/-]*:|[\w.~-]*/)*"
            rf"{re.escape(word)}(?![\w/.-])"
        )
        if index.inputs_where(word, ran.search, SHELL_FAMILY):
            return True
    return False


def _said_which(text: str, verb_start: int) -> str:
    """The backticked command (lowercase) a verb's `, which` or `, that` subject stands for
    (`with `hatch version 0.8.1`, which rewrote …`); empty where there is none."""
    said = _WHICH_BEFORE.search(text, max(0, verb_start - 100), verb_start)
    return said.group(1).strip().lower() if said is not None else ""


def _which_ran(command: str, index: RunIndex) -> bool:
    """A shell call ran `command` as said, or its program (`_ran_program`): a program of two
    letters (`go generate`) is known by the whole command only."""
    if not command:
        return False
    if index.inputs_where(command, bool, SHELL_FAMILY):
        return True
    return _ran_program(command.split()[:1], index)


def _bare_paths(clause: str) -> list[str]:
    """`_BARE_PATH`'s matches, found from where each ends (`_BARE_PATH_END`, a scan for
    the dots): a match is the run of `[\\w/-]` before its `.` (read backwards, in C), where
    no `.` or backtick is before the run and the run's `/`s part words. `_BARE_PATH`,
    opening with a lookbehind, was tried at every character of the clause."""
    found = []
    for end in _BARE_PATH_END.finditer(clause):
        dot = end.start()
        run = _PATH_RUN.match(clause[dot - 1 :: -1])
        start = dot - (run.end() if run else 0)
        path = clause[start : end.end()]
        if (start == 0 or clause[start - 1] not in ".`") and path[0] != "/" and "//" not in path:
            found.append(path)
    return found


def _a_place(clause: str, ticked: re.Match[str]) -> bool:
    """A ticked name after `on` or `onto` with no file's name at its end (`committed on
    `fix/format``, `rebased onto `origin/main``): a branch or a host, where the thing was
    done, not a file written; or where tests said to pass or fail are (`all 24 tests in
    `tests/a.py` pass now`)."""
    if (
        _TESTS_IN.search(clause, max(0, ticked.start() - 20), ticked.start()) is not None
        and _OUTCOME_AFTER.match(clause, ticked.end()) is not None
    ):
        return True
    name = ticked.group(1).rstrip("/").rsplit("/", 1)[-1]
    return "." not in name and _ON_BEFORE.search(clause, 0, ticked.start()) is not None


_ON_BEFORE = later(r"\bon(?:to)?\s+(?:the\s+)?$", re.I)
_TESTS_IN = later(r"\b(?:tests?|specs?|cases)\s+(?:in|under)\s+$", re.I)
_OUTCOME_AFTER = later(r"(?<!\s)\s+(?:(?:now|all|still)\s+)*(?:pass|fail|are\s+green)", re.I)


def _new_file(before: str) -> bool:
    """`a new file`, `a new test file named`, `a test to a new file` just before the path:
    what was added is a file, or went into one it made."""
    words = before.replace("`", " ").lower().split()
    if words[-1:] in (["called"], ["named"]):
        words.pop()
    return any(
        words[-length : -length + 2] in (["a", "new"], ["the", "new"]) and words[-1] == "file"
        for length in (3, 4)
        if len(words) == length or (len(words) > length and words[-length - 1] in _INTO)
    )


_INTO = frozenset(("to", "into", "in"))  # `added a test to a new file `x``


_PLACE_IN_FILE = 5  # the most words of a place in a file (`to the coverage thresholds in`)


def _added_to(clause: str, added: str, path: str) -> list[str] | None:
    """[`path`], a file the clause says `added` was added to (`added `b.py` to `setup.cfg``,
    `added `retry.ts` to the thresholds in `vitest.config.ts``): the file written is the
    one added to, what was added is its content (added to a folder, `src/`, it is the
    file)."""
    if path.endswith("/") or "." not in path.rsplit("/", 1)[-1]:
        return None
    end = clause.find(added) + len(added)
    # between them `to`, `into`, or `to`, a few words of a place in it, then `in` or `of`
    words = clause[end : clause.find(path, end)].strip(" `").split()
    to = words[:1] in (["to"], ["into"]) and (
        len(words) == 1
        or (
            2 < len(words) <= _PLACE_IN_FILE + 2
            and words[-1] in ("in", "of")
            and all(w.replace("-", "").isalnum() for w in words)
        )
    )
    return [path] if to else None


def _name(path: str) -> str:
    return path.rstrip("/").rsplit("/", 1)[-1].lower()


def _listed(clause: str, paths: list[str]) -> list[str]:
    """Paths joined to the first by `and`/`,` (`build/` and `dist/`)."""
    joined = []
    for earlier, path in zip(paths, paths[1:], strict=False):
        between = clause[clause.find(earlier) + len(earlier) : clause.find(path)]
        if _JOINER.fullmatch(between.strip() or ","):
            joined.append(path)
        else:
            break
    return joined


# Verbs of a change to a file that was there (`updated the existing x.sql`): a write tool's
# own word that it created the file refutes them.
_CHANGE_VERBS = frozenset(
    "edited updated modified changed patched fixed rewrote replaced refactored appended "
    "bumped pinned".split()
)
_CREATED_SAID = later(r"\bfile created\b|\bcreated (?:a )?(?:new )?file\b", re.I)


def _family(verb: str) -> str:
    if verb == "created":
        return "create"
    if verb.lower() in _CHANGE_VERBS:
        return "change"
    if _DELETE_VERB.fullmatch(verb):
        return "delete"
    if _READ_VERB.fullmatch(verb):
        return "read"
    if verb.lower() in ("moved", "renamed"):
        return "move"  # a write, but for the source of `mv` / `git mv`
    return "write"


def _check(path: str, family: str, index: RunIndex, by_program: bool) -> Finding | None:
    """The file claim against the calls; `by_program`: the claim says a program the run ran
    did it (which writes unseen), so no want of a write contradicts it."""
    needle = _needle(path)
    mentions = index.mentions(needle)
    if family == "read":
        latest = _latest_of_each(mentions)
        read = next((c for c in latest if needle in c.command_lower and not c.failed), None)
        if read is not None:
            return Finding(VERIFIED, read.cite())
        return None if mentions else _absent(path, index, "reads")
    # `cd src && mv app.py b.py` names `src/app.py` by its name: such a call is asked of it
    in_folder = _named_in_folder(needle, index)
    named = {call.order: needle.rpartition("/")[2] for call in in_folder}
    mentions = index.union(mentions, in_folder) if in_folder else mentions
    # whether a call names the path by its name alone follows from its family and command
    latest = _latest_of_each(mentions)
    signal = _DELETE_SIGNAL if family == "delete" else _WRITE_SIGNAL
    if family == "delete":  # git status's `D` (or an output's "deleted") is a move's too
        moved = _moved_away(latest, needle, index)
        if moved is not None:
            return Finding(CONTRADICTED, f"{path} was moved, not deleted: {moved.cite()}")
    failed_write: Call | None = None
    seen = index.remember("signalled", "", dict)
    for call in latest:  # the latest successful write decides
        at = named.get(call.order, needle)
        if _writes(call, at, signal, seen) and not (
            family != "delete" and _removes_or_sources(call, at, family == "move")
        ):
            if not call.failed or failed_after(call, at):
                if family == "create":
                    existed = _existed(path, mentions, needle, signal, seen, index, named)
                    if existed is not None:
                        return existed
                if family == "change":
                    created = _created(path, mentions, needle, signal, seen, named)
                    if created is not None:
                        return created
                if _edits_another_file(call, needle):
                    return Finding(DOUBT, f"{path} named in an edit of another file: {call.cite()}")
                return Finding(VERIFIED, call.cite(needle))
            failed_write = failed_write or call
    if failed_write is not None:
        return Finding(CONTRADICTED, f"every write to {path} failed: {failed_write.cite()}")
    return _unwritten(path, family, latest, named, index, by_program)


def failed_after(call: Call, at: str) -> bool:
    """`call` failed in a command after the one naming `at` (lowercase), which led to it by
    `&&` alone, so ended well: the output opens a line with the later command's program
    (`rm -rf out && ls out` → `ls: cannot access 'out'`), another than the
    first's, whose own message it is."""
    command = call.command_lower
    place = command.find(at)
    if place < 0 or call.family not in SHELL_FAMILY:
        return False
    start = max((m.end() for m in COMMAND_PARTS.finditer(command, 0, place)), default=0)
    first = command[start:place].split()[:1]
    output = call.output_lower
    for link in COMMAND_PARTS.finditer(command, place):
        if link.group(0) != "&&":
            return False
        words = command[link.end() :].split()[:1]
        program = words[0].rsplit("/", 1)[-1] if words else ""
        if (
            program
            and words != first
            and (output.startswith(f"{program}: ") or f"\n{program}: " in output)
        ):
            return True
    return False


def _needle(path: str) -> str:
    """What the calls naming `path` hold, lowercase: a path in the home folder
    (`~/exports/a.csv`) is named from there on (the home folder's full path before
    `exports/a.csv` names it too)."""
    if path.startswith("~/") and len(path) > 2:
        path = path[2:]
    needle = path.lower().lstrip("./") if not path.startswith("/") else path.lower()
    return needle.rstrip("/") or needle


def _unwritten(
    path: str,
    family: str,
    latest: list[Call],
    named: dict[int, str],
    index: RunIndex,
    by_program: bool,
) -> Finding | None:
    """A file no call wrote: a copy written beside it, or contradicted where nothing could
    have written it unseen (`latest`: the last of each distinct call naming it; `named`:
    those naming it by its name alone, after a `cd`)."""
    needle = _needle(path)
    seen = index.remember("signalled", "", dict)
    # a copy written beside it; for a delete, its folder removed (`rm -rf src/`)
    beside = (
        _folder_removed(needle, index)
        if family == "delete"
        else _copy_written(needle, index, seen, by_program)
    )
    if beside is not None:
        return beside
    if by_program or _diffed(needle, index) or _written_by_name(path, needle, index, family):
        return None
    if family != "delete" and _reported_written(needle, index):
        return None
    if family == "delete" and _removed_by_pattern(index):
        return None
    distinct = {(c.family, c.command): c for c in latest}.values()
    only_reads = (_only_reads(c, named.get(c.order, needle)) for c in distinct)
    if not all(only_reads) or _unseen_writer(needle, index):
        return None
    if family != "delete" and "/" not in needle and _listed_in_a_folder(needle, latest):
        return None  # (a file said deleted is held to git's whole path: a rename lists it)
    return _absent(path, index, "deletes" if family == "delete" else "writes")


def _reported_written(needle: str, index: RunIndex) -> bool:
    """A call that did not fail printed that it wrote a file of `needle`'s name (roxygen's
    `Writing 'clean_survey.Rd'`, `Wrote dist/app.js`, `Generated x.pb.go`): a program the
    run ran wrote it, in a folder its output need not name."""
    needle = needle.rstrip("/").lower()
    name = needle.rsplit("/", 1)[-1]
    if "." not in name:
        return False
    for call in index.calls_with_output(name):
        output = call.output_lower
        if (
            not call.failed
            and any(
                _WROTE_BEFORE.search(output, max(0, at - 40), at) is not None
                # a folder printed with it is the needle's (`wrote out/x.csv`: not `reports/`)
                and (output[at - 1 : at] != "/" or output.endswith(needle, 0, at + len(name)))
                for at in starts(output, name)
            )
        ):
            return True
    return False


# a program's report that it writes a file, just before the file's name (`Writing '`)
_WROTE_BEFORE = later(
    r"\b(?:writing|wrote|written|creating|created|generating|generated|saving|saved|"
    r"updating|updated|rendering|rendered)\b[^\n]{0,30}$"
)


def _written_by_name(path: str, needle: str, index: RunIndex, family: str) -> bool:
    """`path` (its `needle`) is absolute, or in the home folder (`~/`), and its name an
    edit or write tool's call that did not fail names (`*** Add File: night_summary.md`),
    or a shell call writing something names (a script's `open("commissions_q3.csv",
    "w")`, pandas' `.to_csv("ss26_buy.csv")`, run in the path's folder): it may be the
    file, written by a path relative to a folder the run does not show."""
    if not path.startswith(("/", "~/")):
        return False
    name = needle.rpartition("/")[2]
    by_shell = family != "delete" and "." in name  # a file written, not a folder removed
    return any(
        not call.failed
        and (
            call.family in ("edit", "write")
            or (by_shell and call.family in SHELL_FAMILY and _writes_name(call.command_lower, name))
        )
        for call in index.inputs_containing(name)
    )


def _writes_name(command: str, name: str) -> bool:
    """A place of `name` in the lowercase `command` comes right after a writing word
    (`_WRITE_SIGNAL`: `.to_csv("`, `open(`, `>`)."""
    return any(
        _WRITE_SIGNAL.search(command, max(0, at - _SIGNAL_REACH), at) is not None
        for at in starts(command, name)
    )


_SIGNAL_REACH = 100  # `_WRITE_SIGNAL`'s longest reach before a path: its word, then 60


# A removal of files by a pattern, naming none of them: a shell glob after `rm`
# (`rm -f build/*.log`), `find … -delete` or `-exec rm`, `git clean`
_PATTERN_REMOVAL = later(r"\brm\s[^|;&\n]*[*?]|\s-delete\b|\s-exec\s+rm\b|\bgit\s+clean\b")
_PATTERN_REMOVAL_WORDS = ("rm", "-delete", "clean")  # one is in each of its matches


def _removed_by_pattern(index: RunIndex) -> bool:
    """A shell call that did not fail removed files by a pattern: any file it matched may
    be gone, unnamed (only the commands holding a word of the pattern are searched, not
    the run's every distinct command)."""
    calls = index.shell_matching(_PATTERN_REMOVAL, _PATTERN_REMOVAL_WORDS)
    return not all(call.failed for call in calls)


def _diffed(needle: str, index: RunIndex) -> bool:
    """A diff the run read names the path as changed (`diff --git a/x b/x`, `+++ b/x`):
    someone's change (a merge request's, a commit's) the claim may describe; a path said
    from its folder (`testdata/x.json` for `internal/server/testdata/x.json`) is the diff's
    path ending in it."""
    return (
        index.in_outputs(f"+++ b/{needle}")
        or index.in_outputs(f"a/{needle} b/{needle}")
        or index.in_outputs(f"/{needle} b/")
    )


# What the checks of a path read of a call that names it (`_writes`, `_only_reads`): its
# family, command, output and failure, the fields after its number, message and tool name
_READ_OF_CALL = operator.itemgetter(slice(3, 7))


def _latest_of_each(mentions: list[Call]) -> list[Call]:
    """The last call of each distinct tool family, command, output and failure among
    `mentions` (in order), latest first: a run repeats its calls, and the latest call
    passing a test of these four is the first of these passing it (each read once)."""
    last = dict(zip(map(_READ_OF_CALL, mentions), mentions, strict=True))
    return sorted(last.values(), reverse=True)


def _folder_removed(needle: str, index: RunIndex) -> Finding | None:
    """The last shell call that removed a folder holding `needle` (a relative path), `rm
    -r` naming it as an argument (`rm -rf src/`, `rm -r ./src`), without failing."""
    if needle.startswith("/") or "/" not in needle:
        return None
    folders = []
    folder = needle.rpartition("/")[0]
    while folder:
        folders.append(folder)
        folder = folder.rpartition("/")[0]
    for folder in folders:
        for call in reversed(index.inputs_with(folder)):
            if call.family != "shell" or call.failed or "rm " not in call.command_lower:
                continue
            for step in _STEP.findall(call.command_lower):
                words = [w.strip("'\"") for w in step.split()]
                words = words[1:] if words[:1] == ["sudo"] else words
                flags = [w for w in words[1:] if w.startswith("-")]
                recursive = any("r" in f.lower() for f in flags if not f.startswith("--"))
                if words[:1] != ["rm"] or not (recursive or "--recursive" in flags):
                    continue
                if any(w.removeprefix("./").rstrip("/") == folder for w in words[1:]):
                    return Finding(VERIFIED, f"its folder was removed: {call.cite()}")
    return None


def _has_cd(command: str) -> bool:
    return "cd " in command


def _named_in_folder(needle: str, index: RunIndex) -> list[Call]:
    """The shell calls naming `needle` (a relative path in a folder) by its name alone
    after a `cd` into its folder (`cd src && mv app.py b.py`, `cd /repo/src; rm app.py`),
    with no other `cd` between."""
    folder, _, name = needle.rpartition("/")
    if not folder or not name or needle.startswith("/"):
        return []
    calls = index.inputs_where(name, _has_cd, SHELL_FAMILY)  # each distinct command once
    if not calls:
        return []
    into = re.compile(rf"(?:^|[;&|(]\s*)cd\s+(?:[^\s;&|]*/)?{re.escape(folder)}/?\s*(?:&&|;)")
    alone = re.compile(rf"(?:^|[\s'\"])(?:\./)?{re.escape(name)}(?=$|[\s'\";&|)])")
    found = []
    for call in calls:
        command = call.command_lower
        cd = into.search(command)
        if cd is None:
            continue
        at = alone.search(command, cd.end())
        if at is not None and "cd " not in command[cd.end() : at.start()]:
            found.append(call)
    return found


_STEP = later(r"[^;&|\n()]+")


def _removes_or_sources(call: Call, needle: str, moved: bool) -> bool:
    """`call` is a shell command naming `needle` only as what `rm`, `git rm` or `unlink`
    removes or as a source of `cp`, `mv` or `git mv` (`mv a.py b.py`, `cp a.py b.py`): it
    wrote no such file, whatever its output says (`git rm`'s `rm 'a.py'`). A file said
    `moved` (the old name of a move) is moved by `mv`'s and `git mv`'s source, not by their
    destination nor `cp`'s (`mv b.py a.py` did not rename `a.py` to `b.py`)."""
    if call.family != "shell" or needle not in call.command_lower:
        return False
    for step in _STEP.findall(call.command_lower):
        if needle not in step:
            continue
        words = [w.strip("'\"") for w in step.split()]
        words = words[1:] if words[:1] == ["sudo"] else words
        program = words[:1] + words[1:2] if words[:1] == ["git"] else words[:1]
        if program in (["rm"], ["unlink"], ["git", "rm"]):
            continue
        if program not in (["cp"], ["mv"], ["git", "mv"]):
            return False
        arguments = words[len(program) :]
        if any(w.startswith(("-t", "--target")) for w in arguments):
            return False  # the target first
        named = [w for w in arguments if not w.startswith("-")]
        destination = bool(named) and needle in named[-1]
        source = any(needle in w for w in named[:-1])
        if destination == source:
            return False  # both, or neither as a word
        if destination and not moved or source and moved and program != ["cp"]:
            return False
    return True


def _existed(
    path: str,
    mentions: list[Call],
    needle: str,
    signal: re.Pattern[str],
    seen: dict[tuple[str, str], bool],
    index: RunIndex,
    named: dict[int, str],
) -> Finding | None:
    """A file said created that a read showed, or an edit replaced text in, first."""
    existed = _read_before(mentions, needle, signal, seen)
    if existed is not None:
        return Finding(CONTRADICTED, f"{path} existed before: {existed.cite()}")
    return _replaced_first(mentions, needle, signal, seen, index, named)


def _created(
    path: str,
    mentions: list[Call],
    needle: str,
    signal: re.Pattern[str],
    seen: dict[tuple[str, str], bool],
    named: dict[int, str],
) -> Finding | None:
    """A file said changed (`updated the existing x.sql`) whose every write says it
    created the file (`File created successfully at: …`) and names it as its target (not
    in the text it wrote): it was not there before. Read up to the first write that does
    not say so (most do not)."""
    first: Call | None = None
    for call in mentions:
        if not call.failed and _writes(call, named.get(call.order, needle), signal, seen):
            if "created" not in call.output_lower or not _CREATED_SAID.search(call.output):
                return None
            target = edit_target(call)
            if target is not None and needle not in target:
                return None  # named in the text it created (`import Fuse from 'fuse.js'`)
            first = first or call
    if first is None:
        return None
    return Finding(CONTRADICTED, f"{path} was created, not changed: {first.cite()}")


# an edit tool's input that replaces text the file holds (`"old_string":"def …"`)
_REPLACING = later(r'"old_str(?:ing)?":"(?!")')


def _replaced_first(
    mentions: list[Call],
    needle: str,
    signal: re.Pattern[str],
    seen: dict[tuple[str, str], bool],
    index: RunIndex,
    named: dict[int, str],
) -> Finding | None:
    """A file said created whose first write replaced text in it (an edit tool's, `sed -i`,
    `perl -pi`): it existed before, when that edit is the first call to name it and nothing
    ran that could have written it unseen; else its creation is not shown."""
    first = next(
        (c for c in mentions if _writes(c, named.get(c.order, needle), signal, seen)), None
    )
    if first is None or not _replaces(first, named.get(first.order, needle)):
        return None
    if first is mentions[0] and not _unseen_writer(needle, index):
        return Finding(CONTRADICTED, f"{needle} existed before: {first.cite()} replaced its text")
    return Finding(DOUBT, f"{needle} was edited, its creation not shown: {first.cite()}")


# a shell step editing a file in place, before the file's name
_IN_PLACE = later(
    r"(?:^|[;&|(]\s*)(?:sudo\s+)?(?:sed|perl)\s(?:[^;&|\n]*\s)?(?:-[a-z]*i\S*|--in-place\S*)\s"
    r"[^;&|\n]*$"
)


def _replaces(call: Call, needle: str) -> bool:
    """`call` replaces text in `needle`: an edit tool's `old_string`, a shell command
    editing it in place where it first names it."""
    if call.family == "edit":
        return _REPLACING.search(call.command_lower) is not None
    at = call.command_lower.find(needle)
    return (
        call.family == "shell"
        and at >= 0
        and _IN_PLACE.search(call.command_lower, 0, at) is not None
    )


_NOT_THERE = later(r"no such file|not found|does not exist|doesn't exist|\(no output\)", re.I)


def _read_before(
    mentions: list[Call], needle: str, signal: re.Pattern[str], seen: dict[tuple[str, str], bool]
) -> Call | None:
    """The first read tool call that showed `needle`'s content before any call wrote it:
    the file a claim says was created was there already."""
    for call in mentions:
        if _writes(call, needle, signal, seen):
            return None
        if call.family == "read" and not call.failed and needle in call.command_lower:
            return None if not call.output.strip() or _NOT_THERE.search(call.output) else call
    return None


def _moved_away(latest: list[Call], needle: str, index: RunIndex) -> Call | None:
    """The last call that moved `needle`, or what is in it (`mv dir/* old/`), elsewhere
    (`mv x.bak old/`) without failing, when neither it nor a shell command after it
    deletes anything: the file said deleted still exists. `latest`: the calls naming
    `needle` as `_latest_of_each` lists them."""
    source = re.compile(rf"\bmv\s+(?:-\w+\s+)*(?:[^\s;&|]*/)?{re.escape(needle)}(?=[\s\"'/])")
    moved = next((c for c in latest if not c.failed and source.search(c.command_lower)), None)
    if moved is None:
        return None
    deleting = index.inputs_where("rm", _DELETES.search, lowered=False)
    return None if deleting and deleting[-1].order >= moved.order else moved


# "Deleted the 2023 originals": things said deleted, named by their year (no path)
_DELETED_THING = later(r"^\W*(?:deleted|removed)\s+(?:all\s+)?the\s+((?:19|20)\d\d)\b", re.I)
_DELETED_THING_GATED = Gated(_DELETED_THING, Words("deleted removed"))
_MOVE_ARGUMENTS = later(r"(?:^|[;&|]\s*)mv\s+([^;&|\n]+)")
# a command that deletes, whatever it names: rm, find's -delete, a script's remove
_DELETING = later(
    r"(?:^|[;&|]\s*|\bsudo\s+|\bxargs\s+|-exec\s+)(?:rm|git rm|unlink|rmdir|trash)\b|"
    r"\s-delete\b|\b(?:unlink|remove|rmtree|rmdir)\(|\bdelete\s+from\b|\btruncate\b|"
    r"\bdrop\s+(?:table|database|schema)\b|-x\s*delete\b"
)
_SEGMENT = later(r"[;&|]+")


def _moved_not_deleted(text: str, index: RunIndex) -> Finding | None:
    """ "Deleted the 2023 originals": a move of files holding the year (`mv 2023-*.jpg
    .trash/`), with no command deleting anything holding it and only reads after the
    move, left them in place."""
    match = _DELETED_THING_GATED.search(text)
    assert match is not None
    year = match.group(1)
    if any(_DELETING.search(c.command_lower) for c in index.inputs_with(year)):
        return None
    moved = None
    for call in index.shell_matching(_MOVE_ARGUMENTS, ("mv",)):
        if call.failed:
            continue
        for arguments in _MOVE_ARGUMENTS.findall(call.command_lower):
            words = [w for w in arguments.split() if not w.startswith("-")]
            if any(year in w for w in words[:-1]):
                moved = call
    if (
        moved is None
        or index.remember("last change", "", lambda: _last_change(index)) > moved.order
    ):
        return None
    return Finding(CONTRADICTED, f"the {year} files were moved, not deleted: {moved.cite(year)}")


# "I kept a deprecated `getUser` alias": a name of code said still there
_KEPT = later(
    r"\b(?:kept|retained|preserved|left)\s+(?:an?\s+|the\s+)?(?:[\w-]+\s+){0,2}?"
    r"`([A-Za-z_][\w.]{3,})`"
)
_KEPT_GATED = Gated(_KEPT, Words("kept retained preserved left"))
# the words of the file rules a claim naming no file nor file verb is held to (`3 new tests`
# asks the tests said added)
_FILE_RULES = Words.either(
    _KEPT_GATED, _DELETED_THING_GATED, _ONLY_GATED, _FILES_COUNT_GATED, _TESTS_SAID_NEW_GATED
)
_STEPS = later(r"&&|\|\||;")  # a command's steps, its pipes kept
_SEARCHER = later(r"\s*(rg|grep|git grep)\s+(.*)", re.S)
# flags of rg and grep that neither narrow the search nor take a value
_WHOLE_FLAGS = frozenset(
    "--count --files-with-matches --line-number --fixed-strings --recursive --hidden "
    "--no-ignore --ignore-case --word-regexp".split()
)
_NO_MATCH = later(r"(?:no (?:matches|results|occurrences)(?: found)?\.?|0)?", re.I)


def _kept(text: str, index: RunIndex) -> Finding | None:
    """ "I kept the `getUser` alias": contradicted when the last search of the whole tree
    for the name (`rg getUser`, `grep -rn getUser .`), after every call that may have
    changed a file, found nothing."""
    match = _KEPT_GATED.search(text)
    assert match is not None
    name = match.group(1)
    searches = [c for c in index.inputs_with(name.lower()) if _searches_all(c, name)]
    if not searches:
        return None
    last = searches[-1]
    if index.remember("last change", "", lambda: _last_change(index)) > last.order:
        return None
    if _NO_MATCH.fullmatch(last.output.strip()) is None:
        return None
    return Finding(CONTRADICTED, f"the last search for `{name}` found none: {last.cite()}")


def _searches_all(call: Call, name: str) -> bool:
    """`call` is a shell command searching the whole tree for `name` alone: rg or a
    recursive grep, no flag narrowing it (a type, a glob) or taking a value, no path but
    `.`."""
    if call.family != "shell":
        return False
    for segment in _STEPS.split(call.command):
        searcher = _SEARCHER.match(segment)
        if searcher is None:
            continue
        if "|" in segment or ">" in segment:
            return False  # its output piped or redirected: not what the call shows
        words = [w.strip("'\"") for w in searcher.group(2).split()]
        flags = [w for w in words if w.startswith("-")]
        rest = [w for w in words if not w.startswith("-")]
        short = [f for f in flags if not f.startswith("--")]
        if any(f not in _WHOLE_FLAGS for f in flags if f.startswith("--")):
            return False
        if any(set(f[1:]) - set("clniwFrRsHq") for f in short):
            return False
        recursive = searcher.group(1) != "grep" or any(
            "r" in f or "R" in f or f == "--recursive" for f in flags
        )
        return recursive and rest[:1] == [name] and rest[1:] in ([], ["."])
    return False


def _last_change(index: RunIndex) -> int:
    """The order of the run's last call that may change a file (any but a read, a search
    or a shell command of read-only programs alone), -1 for none: made once per run."""
    for call in reversed(index.calls):
        if call.family in ("read", "search", "fetch"):
            continue
        if call.family == "shell" and ">" not in call.command and "-delete" not in call.command:
            programs = [p.split()[:1] for p in _SEGMENT.split(call.command)]
            if all(p and (p[0] in READ_ONLY or p[0] in ("cd", "echo")) for p in programs):
                continue
        return call.order
    return -1


def _copy_written(
    needle: str, index: RunIndex, seen: dict[tuple[str, str], bool], by_program: bool
) -> Finding | None:
    """A file written beside the claimed one, under its name with a suffix
    (`report_v2.csv` for `report.csv`), where no call wrote the claimed one: the change
    may be in the copy only."""
    stem, dot, extension = needle.rpartition(".")
    if not dot or not stem or "/" in extension:
        return None
    sibling = re.compile(rf"{re.escape(stem)}[\w-]+\.{re.escape(extension)}\b")
    for call in _latest_of_each(index.inputs_with(stem)):  # the latest copy decides
        if call.failed:
            continue
        for copy in dict.fromkeys(sibling.findall(call.command_lower)):
            if _writes(call, copy, _WRITE_SIGNAL, seen):
                if (
                    not by_program
                    and _only_read(needle, index)
                    and not _unseen_writer(needle, index)
                ):
                    cited = call.cite()
                    return Finding(CONTRADICTED, f"{copy} was written, {needle} only read: {cited}")
                return Finding(DOUBT, f"{copy} was written, not {needle}: {call.cite()}")
    return None


# a library's read of a file, the path its first argument (`load_workbook("x.xlsx"`)
_READ_CALL = later(
    r"\b(?:load_workbook|read_excel|read_csv|read_parquet|read_json|read_table|excelfile)"
    r"\(\s*r?[\"']$"
)


def _only_read(needle: str, index: RunIndex) -> bool:
    """Every call naming `needle` in its input only reads it: a read tool, or each place
    it is named the first argument of a library's read (`load_workbook("x.xlsx")`), where
    a script naming it elsewhere (`path = "x.xlsx"`) may have written it."""
    for call in index.inputs_with(needle):
        if call.family in ("read", "search"):
            continue
        lowered = call.command_lower
        at = lowered.find(needle)
        while at >= 0:
            if _READ_CALL.search(lowered, max(0, at - 24), at) is None:
                return False
            at = lowered.find(needle, at + 1)
    return True


def _writes(
    call: Call, needle: str, signal: re.Pattern[str], seen: dict[tuple[str, str], bool]
) -> bool:
    """`seen`: the run's answers for the text before a path (its commands repeat)."""
    if call.family in ("write", "edit") and needle in call.command_lower:
        # a write or edit tool leaves the file there, but for a patch's `Delete File`
        return signal is _WRITE_SIGNAL or f"*** delete file: {needle}" in call.command_lower
    if signal is _DELETE_SIGNAL and call.family == "http":
        return "delete" in call.command_lower and needle in call.command_lower
    for text, lowered in ((call.command, call.command_lower), (call.output, call.output_lower)):
        at = lowered.find(needle)
        while at >= 0:
            written = as_written(text, lowered, at)
            before = text[max(0, written - 60) : written]
            found = seen.get((signal.pattern, before))
            if found is None:
                found = seen[(signal.pattern, before)] = _signalled(signal, before)
            if found or _git_status(lowered, at, at + len(needle)):
                return True
            at = lowered.find(needle, at + 1)
    return False


def _edits_another_file(call: Call, needle: str) -> bool:
    """`call`, a write or edit tool's, names as the file it changes another file than the
    one `needle` names by its extension (`src/reader.c`, whose new text includes
    `reader.h`): its naming the file proves no change of it."""
    if call.family not in ("write", "edit"):
        return False
    name = needle.rsplit("/", 1)[-1]
    if _BARE_PATH_END.search(name) is None:
        return False
    target = edit_target(call)
    return target is not None and needle not in target


def _editor_input(call: Call) -> dict[str, Any] | None:
    """A write or edit tool's input, read back from its command (the input's JSON), or
    None where that is no JSON object."""
    try:
        given = json.loads(call.command)
    except ValueError:
        return None
    return given if isinstance(given, dict) else None


# the keys an editor's input names the file it changes by
_PATH_KEYS = ("file_path", "path", "target_file", "file", "filename", "filepath")
# an input opening with one of them and a path of no escape (`{"file_path":"src/a.c",…`)
_PATH_FIRST = later(r'\{"(?:file_path|path|target_file|file|filename|filepath)":"([^"\\]*)"')


def edit_target(call: Call) -> str | None:
    """The path (lowercase) a write or edit tool's input names as the file it changes, or
    None where it names none by one of `_PATH_KEYS` (a patch names its files inside)."""
    command = call.command
    if not command.startswith("{"):
        return None
    first = _PATH_FIRST.match(command)  # the usual input: its path first, read alone
    if first is not None:
        return first.group(1).lower()
    given = _editor_input(call)
    if given is None:
        return None
    path = next((given[key] for key in _PATH_KEYS if isinstance(given.get(key), str)), None)
    return path.lower() if path else None


# Each alternative of _WRITE_SIGNAL / _DELETE_SIGNAL opens with one of these (in any case),
# but `git rm` and `git mv`, 4 characters before theirs: a text holding none is not
# searched (a search costs some twenty microseconds), another only from the first.
_SIGNAL_WORDS = {
    _WRITE_SIGNAL: (">", "tee", "sed -i", "mv", "cp", "touch", "mkdir", "tar", "zip", "to_",
                    "write(", "open(", "savefig(", ".save(", "dump(", "rm", "unlink", "wrote",
                    "written", "created", "save", "updated", "edited", "renamed"),
    _DELETE_SIGNAL: ("rm", "unlink", "del", "DELETE"),
}  # fmt: skip


def _output_given(before: str) -> bool:
    """The text before a path ends with an output option (`-o `, `--output="`): a match
    of `_OUTPUT_GIVEN` is the option (8 characters at most) and characters of
    `_AFTER_OPTION`, so it lies in the text's end those make."""
    tail = len(before) - len(before.rstrip(_AFTER_OPTION)) + len("--output")
    return _OUTPUT_GIVEN.search(before, max(0, len(before) - tail)) is not None


def _signalled(signal: re.Pattern[str], before: str) -> bool:
    if signal is _WRITE_SIGNAL and _output_given(before):
        return True
    if ">" in before and ("'" in before or '"' in before):
        # a `>` quoted is a pattern's, no redirect (`grep -c '^> ' books/*.md`)
        before = _QUOTED.sub("", before)
    # a text with another letter an ASCII one matches under `re.I` (`ſ`, the Kelvin sign)
    # holds it as that one here (`folded`): every text is screened, not only ASCII ones
    lowered = folded(before, before.lower()) if signal.flags & re.I else before
    first = min(filter((0).__le__, map(lowered.find, _SIGNAL_WORDS[signal])), default=-1)
    if first < 0:
        return False
    # a match opens with its word, or 4 characters before it (`git rm`, `git mv`): the
    # search starts there, where the alternation was tried at each character before it
    start = max(0, first - 4) if len(lowered) == len(before) else 0
    return signal.search(before, start) is not None


_QUOTED = later(r"'[^'\n]*'|\"[^\"\n]*\"")


def _git_status(lowered: str, at: int, end: int, folders: bool = False) -> bool:
    """The path at `at`..`end` of an output is one git lists as changed: a status line's
    (`M src/a.py`) or a diffstat's (` src/parser.c | 2293 +++---`, of `--stat`); with
    `folders`, the end of one too (`a.py` of `M src/a.py`)."""
    start = lowered.rfind("\n", 0, at) + 1
    before = lowered[start:at]
    if folders and before[-1:] == "/":
        before = before[: len(before) - len(before.split()[-1])]  # its folders, `tests/a/`
    if _GIT_STATUS.fullmatch(before) is not None:
        return True
    return not before.strip() and _DIFFSTAT.match(lowered, end) is not None


def _listed_in_a_folder(needle: str, calls: list[Call]) -> bool:
    """A git status or diffstat line of one of `calls` lists a path ending in `needle` under
    a folder (`M tests/Api/Api.csproj` for `Api.csproj`): the file a name alone means may
    be that one, so the name is not said unwritten (nor written: another may be meant)."""
    for call in calls:
        lowered = call.output_lower
        at = lowered.find(needle)
        while at >= 0:
            if lowered[at - 1 : at] == "/" and _git_status(lowered, at, at + len(needle), True):
                return True
            at = lowered.find(needle, at + 1)
    return False


_DIFFSTAT = later(r"[^\S\n]+\|[^\S\n]+(?:\d+(?:[^\S\n]+[+-]+)?|bin\b)")


def _only_reads(call: Call, needle: str) -> bool:
    """`call` names `needle` without writing or removing it; asked of calls `_writes` did
    not find writing it, so of an edit or write tool only for a removal: such a tool keeps
    the files it names, but for a patch's `Delete File`."""
    if call.family in ("read", "search", "fetch"):
        return True
    if needle not in call.command_lower:
        return True  # named only in an output (a listing, a log)
    if call.family in ("edit", "write"):
        return "*** delete file" not in call.command_lower
    if call.family != "shell":
        return False
    program = call.command.split()[0] if call.command.split() else ""
    if program in READ_ONLY:
        return True
    # each part naming it runs a program that reads (`cd app && grep -n x pyproject.toml`)
    parts = [p.split() for p in _SEQUENCE_PARTS.split(call.command_lower) if needle in p]
    if parts and all(words and words[0] in READ_ONLY for words in parts):
        return True
    return _tested(call.command_lower, needle)


# a command line's parts run one after another (a pipe's `|` may be a pattern's: `grep -rn
# 'a\|b' x`; what a pipe writes, `| tee x`, a write's sign finds first)
_SEQUENCE_PARTS = later(r"&&|\|\||;|\n")


def _tested(command: str, needle: str) -> bool:
    """`needle` is a test file and each part of `command` naming it runs tests (`cd app
    && mix test test/a_test.exs`): a runner given a test file reads it (an output it
    is given, `--junitxml=report.xml`, it writes)."""
    if _TEST_PATH.search(needle) is None:
        return False
    parts = [p for p in COMMAND_PARTS.split(command) if needle in p]
    return bool(parts) and all(RUNNER.search(p) is not None for p in parts)


def _unseen_writer(needle: str, index: RunIndex) -> bool:
    """Something ran that could have written `needle` without naming it: for a project's
    own notes (`CHANGELOG.md`, `README`) and its prose documents (`docs/config.md`), which
    a build or a test writes nothing into, only what may rewrite the code or generate its
    documents (`code_rewriter_ran`)."""
    opaque, manifests = writers(index)
    name = needle.rstrip("/").rsplit("/", 1)[-1]
    if opaque and (_PROJECT_NOTES.fullmatch(name) or _PROSE.search(name)):
        return code_rewriter_ran(index)
    endings = tuple(manifest for manifest in manifests if manifest[0] == ".")
    return bool(opaque) or name in manifests or (bool(endings) and name.endswith(endings))


# a prose document's name (`config.md`, `index.rst`), written by hand, not by a build
_PROSE = later(r"\.(?:md|rst|adoc)$")
# a project's notes, by their conventional names, any of their spellings
_PROJECT_NOTES = later(
    r"(?:readme|changelog|changes|history|news|contributing|authors)(?:\.(?:md|rst|txt|adoc))?"
)


def writers(index: RunIndex) -> tuple[bool, frozenset[str]]:
    """Whether an opaque program ran, and the manifests package managers may have written
    (read once a run, remembered by the index)."""
    found: tuple[bool, frozenset[str]] = index.remember(
        "writers", "", functools.partial(_writers, index)
    )
    return found


def opaque_ran(index: RunIndex) -> bool:
    """A program the run does not show ran (`writers`): it may have written anything."""
    return writers(index)[0]


def code_rewriter_ran(index: RunIndex) -> bool:
    """A program the run does not show ran that may have written a change into the code:
    an unseen script, git rewriting the tree, or a runner's target that rewrites or
    generates code (`make fmt`, `npm run codegen`, `yarn lint --fix`); not a runner's
    build or test (`make`, `npm run build`, `npm test`), which write their output, not the
    code a claim says the agent changed."""
    if not opaque_ran(index):
        return False
    for call in index.shell_matching(_OPAQUE, _OPAQUE_WORDS):
        if not _opaque(call, index):
            continue
        for found in _OPAQUE.finditer(call.command_lower):
            if found.group(0).startswith("git "):
                return True
            step = call.command_lower[found.end() :].split("&&")[0].split("|")[0]
            if any(word in step for word in _REWRITING_TARGETS):
                return True
    return _unseen_script_ran(index)


def _unseen_script_ran(index: RunIndex) -> bool:
    """A distinct shell command runs a script whose source the run never shows (read once
    a run: `_writers` and `code_rewriter_ran` each read the run's every command for it)."""
    ran: bool = index.remember(
        "unseen script ran",
        "",
        lambda: any(_unseen_script(command, index) for command in index.shell_commands),
    )
    return ran


# the words of a runner's target that rewrites or generates code
_REWRITING_TARGETS = (
    "gen", "fix", "fmt", "format", "lint", "migrat", "update", "upgrade", "bump", "version",
    "sync", "codemod", "install", "tidy", "vendor", "release", "changelog", "doc",
)  # fmt: skip


def _unseen_script(command: str, index: RunIndex) -> bool:
    """`command` runs a script whose source the run never shows."""
    if not any(w in command.lower() for w in _INTERPRETERS):
        return False
    for match in _SCRIPT.finditer(command):
        script = (match.group(1) or match.group(2) or "").lower()
        if script in ("", "-") or script.startswith(_INSTALLED_PROGRAMS):
            continue
        if not _shown(script, index):
            return True
    return False


# where package managers put the programs they install (`./vendor/bin/pest`,
# `./node_modules/.bin/vitest`): a program of its package's, named by its file, not a script
# of the agent's whose source the run never shows
_INSTALLED_PROGRAMS = ("vendor/bin/", "node_modules/.bin/")


def opaque_ran_after(index: RunIndex, order: int) -> bool:
    """A program the run does not show (as `writers` finds them) ran after the call of
    `order`: one before it could not act after it."""
    if not opaque_ran(index):
        return False
    calls = index.shell_matching(_OPAQUE, _OPAQUE_WORDS)
    if any(c.order > order and _opaque(c, index) for c in calls):
        return True
    # an unseen script's last run after it (a call's order is one past its number)
    return any(
        numbers[-1] + 1 > order and _unseen_script(command, index)
        for command, numbers in zip(*index.commands_of(SHELL_FAMILY), strict=True)
    )


def _writers(index: RunIndex) -> tuple[bool, frozenset[str]]:
    manifests: set[str] = set()
    for (pattern, names), words in zip(_MANIFESTS, _MANIFEST_WORDS, strict=True):
        if index.shell_matching(pattern, words):
            manifests.update(names)
    if any(_opaque(call, index) for call in index.shell_matching(_OPAQUE, _OPAQUE_WORDS)):
        return True, frozenset(manifests)
    return _unseen_script_ran(index), frozenset(manifests)


# npm's echo of the package script it runs: `> app@1.0.0 build`, then `> tsc -b && vite build`,
# matched at a line's start only (the line breaks before a `> ` scanned for first: a search
# of the pattern in MULTILINE tried it at each character of a long output)
_ECHOED_SCRIPT = later(r"> \S+@\S+ \S+\n> ([^\n]+)")
_ECHO_LINE = later(r"\n(?=> )")


def _echoed_script(output: str) -> re.Match[str] | None:
    """The first of npm's echoes of a package script in `output` (`_ECHOED_SCRIPT`)."""
    starts = itertools.chain((0,), (m.end() for m in _ECHO_LINE.finditer(output)))
    for start in starts:
        found = _ECHOED_SCRIPT.match(output, start)
        if found is not None:
            return found
    return None


def _opaque(call: Call, index: RunIndex) -> bool:
    """The call runs what the run does not show (`_opaque_call`), read once a call: each
    claim asking whether code was rewritten or a program ran unseen asks it again."""
    opaque: bool = index.remember(
        "opaque", str(call.order), functools.partial(_opaque_call, call, index)
    )
    return opaque


def _opaque_call(call: Call, index: RunIndex) -> bool:
    """The call runs what the run does not show: `make`, a git command rewriting the
    tree, or a package script, except one `npm run` whose echoed script (`> tsc -b && vite
    build`) or one `make` target whose recipe a call before it shows (`_make_recipe`) is
    itself no opaque program nor script."""
    found = _OPAQUE.findall(call.command_lower)
    if len(found) != 1 or found[0] not in ("npm run", "make"):
        return True
    if found[0] == "make":
        script = _make_recipe(call, index)
    else:
        echoed = _echoed_script(call.output)
        script = None if echoed is None else echoed.group(1).lower()
    return script is None or _runs_unseen(script)


def _runs_unseen(script: str) -> bool:
    """The lowercase `script` runs an opaque program or a script."""
    return _OPAQUE.search(script) is not None or _SCRIPT.search(script) is not None


# `make validate`: one target and nothing else in its part of the command
_MAKE_TARGET = later(r"make\s+([\w.-]+)")


def _make_recipe(call: Call, index: RunIndex) -> str | None:
    """The lowercase recipe `make TARGET` runs (its lines `;` apart), where the last call
    before it showing a Makefile's rule for the target (a write, an edit, a read's output)
    gives it without prerequisites nor variables: None where the run does not show it
    whole."""
    targets = [
        found.group(1)
        for part in COMMAND_PARTS.split(call.command_lower)
        if (found := _MAKE_TARGET.fullmatch(part.strip())) is not None
    ]
    if len(targets) != 1:
        return None  # `make`, `make -C web build`: a goal or a place the run does not show
    rule = re.compile(rf"(?m)^{re.escape(targets[0])}[ \t]*:(?![:=])[ \t]*$((?:\n\t.*)*)")
    recipe = None
    for shown in index.inputs_with("makefile"):
        if shown.order >= call.order:
            break
        for text in (_input_text(shown), shown.output):
            for found in rule.finditer(text.lower()):
                recipe = found.group(1)
    if recipe is None or "$" in recipe:
        return None
    # its lines as one command line, without make's prefixes (`@` silences, `-` ignores)
    return "; ".join(line.strip().lstrip("@-+ ") for line in recipe.split("\n") if line.strip())


def _input_text(call: Call) -> str:
    """The text of a call's input: a shell command's, or the strings of an input given as
    JSON (an edit's old and new text), a line apart."""
    if call.family in SHELL_FAMILY or call.command[:1] != "{":
        return call.command
    try:
        given = json.loads(call.command)
    except ValueError:
        return call.command
    if not isinstance(given, dict):
        return call.command
    return "\n".join(value for value in given.values() if isinstance(value, str))


def _shown(script: str, index: RunIndex) -> bool:
    """The script's source is in the run: written, edited or read by a call."""
    return any(
        c.family in ("write", "edit", "read") for c in index.inputs_with(script.lstrip("./"))
    )


def _absent(path: str, index: RunIndex, what: str) -> Finding | None:
    if _code_symbol(path):
        return None  # `InvoiceCalculator.total`, `utils.parse`: code, not a file to write
    return Finding(CONTRADICTED, f"no tool call {what} {path} ({len(index.calls)} tool calls)")


# What ends a file's name: a ticked `Name.word` without a folder whose word is none of
# these is read as a code symbol (`Class.method`, `module.func`).
_FILE_SUFFIXES = frozenset(
    "py pyi pyx ipynb js mjs cjs jsx ts tsx mts cts vue svelte astro json jsonc json5 yml yaml "
    "toml ini cfg conf config env properties xml html htm css scss sass less md mdx rst txt "
    "adoc org csv tsv parquet xlsx xls ods db sqlite sqlite3 sql go mod sum rs java kt kts "
    "scala sc groovy gradle clj cljs edn ex exs erl hrl heex eex leex rb erb rake gemspec php "
    "swift m mm h hh hpp hxx c cc cpp cxx cs fs fsx vb csproj fsproj sln lua pl pm r rmd jl "
    "dart zig nim hs lhs ml mli elm tf tfvars hcl nix sh bash zsh fish ps1 bat cmd mk cmake "
    "bazel bzl build lock log out err pid sock pdf png jpg jpeg gif svg webp ico bmp tiff mp3 "
    "mp4 wav mov zip gz tgz tar bz2 xz zst 7z rar whl jar war egg deb rpm dmg iso bin exe dll "
    "so dylib o a wasm map snap pem crt key pub cer der p12 gpg asc sig sha256 md5 bak orig "
    "tmp old new swp patch diff proto graphql gql prisma ttf woff woff2 otf eot tex bib cls "
    "sty ics vcf eml msg pbtxt onnx pt pth ckpt safetensors h5 npy npz pkl pickle joblib "
    "feather avro orc arrow example sample template tpl j2 jinja jinja2 tmpl dist local dev "
    "prod test spec service timer socket mount desktop plist entitlements xcconfig pbxproj "
    "storyboard xib strings resolved dockerfile dockerignore gitignore editorconfig lockb in am "
    "ac work tfstate pyc pyo class jsonl ndjson geojson cabal opam podspec xcodeproj "
    "xcworkspace ipa apk aab vsix mmd puml drawio rdb aof dump ldif ftl ftlh mustache hbs "
    "handlebars liquid twig njk ejs pug haml slim cshtml razor tera".split()
)


def _code_symbol(path: str) -> bool:
    """`Class.method`, `module.func`: two names joined by a dot, without a folder, whose
    second ends no file name."""
    stem, _, suffix = path.partition(".")
    return stem.isidentifier() and suffix.isidentifier() and suffix.lower() not in _FILE_SUFFIXES


def _negated(text: str, index: RunIndex) -> Finding | None:
    """`I didn't modify any test files`, `No files were deleted`, `I didn't touch X`."""
    match = _NEGATED_ANY.search(text)
    if match is not None:
        scope = (match.group(1) or "").lower()
        if not scope:
            deleting = index.remember("deleting", "", lambda: _first_deleting(index))
            if deleting is None:
                return None
            return Finding(CONTRADICTED, f"a file was deleted: {deleting.cite()}")
        tests = scope.startswith("test")
        test = _TEST_PATH.search if tests else None
        edited = index.remember(
            "edited", str(tests), lambda: _first_holding(_edits(index).done, test)
        )
        if edited is None:
            return None
        return Finding(CONTRADICTED, f"{scope} were modified: {edited.cite()}")
    for verb_paths in _touched(text):
        firsts = _edits(index).first.items()
        touched = next(  # not an edit of another file whose new text names it
            (
                call
                for command, call in firsts
                if verb_paths in command and not _edits_another_file(call, verb_paths)
            ),
            None,
        )
        if touched is not None:
            return Finding(CONTRADICTED, f"{verb_paths} was modified: {touched.cite()}")
    made = _NONE_MADE.search(text) if "no " in text.lower() else None
    if made is not None:
        return _made(made.group(1).lower(), index)
    folder = _UNTOUCHED_FOLDER.search(text)
    if folder is not None:  # "I did not touch the migrations": a folder of an edited path
        inside = re.compile(rf"[/\"' ]{re.escape(folder.group(1).lower())}/")
        touched = _first_holding(_edits(index).done, lambda c: inside.search(c.lower()))
        if touched is not None:
            return Finding(CONTRADICTED, f"{folder.group(1)} were modified: {touched.cite()}")
    return None


# "no baseline was needed": a thing said not made, and an output line saying it was made
# (`Successfully wrote smell baseline to …`), no denial on it
_NONE_MADE = later(
    r"\bno (?:new )?([a-z]{4,}) (?:was|were) (?:needed|required|necessary|added|created|"
    r"generated|written)\b",
    re.I,
)
_MADE_VERB = later(r"\b(?:wrote|written|created|generated|generating|writing)\b")
_DENIAL = later(r"\b(?:no|not|nothing|skipp\w*|without)\b")


def _made(thing: str, index: RunIndex) -> Finding | None:
    """The first output line saying `thing` was made: a made-verb in the forty characters
    before it, no denial on the line."""
    for call, at in itertools.islice(index.outputs_with(thing), 50):
        lowered = line_at(call.output_lower, at)
        before = call.output_lower[call.output_lower.rfind("\n", 0, at) + 1 : at]
        if _MADE_VERB.search(before[-40:]) and _DENIAL.search(lowered) is None:
            line = line_at(call.output, call.written(at)).strip()
            return Finding(CONTRADICTED, f"a {thing} was made: {call.cite_line(line)}")
    return None


def _first_deleting(index: RunIndex) -> Call | None:
    """The first shell call that deleted a file and did not fail (each command read once)."""
    deletes: dict[str, bool] = {}
    for call in index.shell:
        if not call.failed:
            found = deletes.get(call.command)
            if found is None:
                found = deletes[call.command] = _DELETES.search(call.command) is not None
            if found:
                return call
    return None


def _first_holding(
    firsts: dict[str, Call], test: Callable[[str], object] | None = None
) -> Call | None:
    """The earliest of `firsts` (each distinct command's first call, in order) whose
    command `test` finds something in (None: the earliest of them all)."""
    if test is None:
        return next(iter(firsts.values()), None)
    return next((call for command, call in firsts.items() if test(command)), None)


_UNTOUCHED_FOLDER = later(
    r"\b(?:didn't|did not|haven't|have not) (?:touch|modify|change|edit) (?:the|any) "
    r"([a-z][a-z_-]+s)\b(?! \w)"
)


def _touched(text: str) -> list[str]:
    """The paths a claim says were not touched (`I didn't touch `a.py``), none where they
    are the exception to what was not (`anything outside `internal/pool``, `other than`)."""
    match = _UNTOUCHED.search(text)
    if match is None:
        return []
    clause = text[match.end() :]
    if _EXCEPTED.search(clause) is not None:
        return []
    return [m.group(1).lower().lstrip("./") for m in TICKED_PATH.finditer(clause)]


_EXCEPTED = later(r"\b(?:outside|other than|except|besides|apart from|beyond)\b", re.I)
