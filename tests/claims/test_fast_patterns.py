"""Patterns spelt for speed (issue 21) find what their plain spelling finds: each value or
boundary pattern that opens with its first character's class is held against the plain
pattern (kept here) on every text of the labelled sets and on made-up text of its own
characters, and each test runner's lines are scanned only in outputs holding what every
match of them holds."""

from __future__ import annotations

import gc
import itertools
import json
import random
import re
from collections.abc import Callable, Iterator
from functools import cache
from pathlib import Path
from re import _compiler, _constants, _parser  # type: ignore[attr-defined]
from typing import Any, cast

import pytest

import agentv_grader.claims as claims_package
from agentv_grader.claims import (
    _actions,
    _builds,
    _facts,
    _figure_words,
    _files,
    _rows,
    _runners,
    _tests,
    _units,
    _web,
)
from agentv_grader.claims._gate import Gated
from agentv_grader.claims._index import Call, RunIndex
from agentv_grader.claims._later import _Later
from agentv_grader.rundata.records import Message, ToolCall, Transcript
from agentv_grader.rundata.transcript import read_transcript

from .labelled import SETS, load_run
from .test_runners import CASES

# The plain spellings: the lookbehind first, then the pattern.
PLAIN = {
    "_facts._UNIT_TOKEN": (
        _facts._UNIT_TOKEN,
        re.compile(r"(?<![\w.])\d+(?:\.\d+)?(?:\s?(?:[KMGT]i?B|[KMGT])|ms)(?![\w])"),
    ),
    "_facts._VERSION": (
        _facts._VERSION,
        re.compile(r"(?<![\w.])v?\d+\.\d+\.\d+(?:[-.+]\w+)*"),
    ),
    "_facts._MODEL_NAME": (
        _facts._MODEL_NAME,
        re.compile(r"(?<![A-Za-z])[A-Z][a-z]+ \d{1,2}(?= \d+[A-Z]+\b)"),
    ),
    "_figure_words._COUNT_PAIR": (
        _figure_words._COUNT_PAIR,
        re.compile(r"(?<![\w.,])(\d[\d,]*)[ ]+(?:to[ ]+)?([a-z]+)\b"),
    ),
    "_runners._FILTERED": (
        _runners._FILTERED,
        re.compile(r"\b[1-9]\d* (?:filtered out|deselected)\b"),
    ),
    "_facts._OPEN_DIGIT": (_facts._OPEN_DIGIT, re.compile(r"(?<!\w)\d")),
    "_facts._PASSED_ROW": (
        _facts._PASSED_ROW,
        re.compile(r"[✓✔]|\b(?:success|succeeded|passed|passing)\b"),
    ),
    "_runners._RSPEC": (
        _runners._RSPEC,
        re.compile(r"(?<!\d)(\d+) examples?, (\d+) failures?(?:, (\d+) pending)?"),
    ),
    "_runners._CTEST": (
        _runners._CTEST,
        re.compile(r"(?<!\d)\d+% tests passed, (\d+) tests? failed out of (\d+)"),
    ),
    "_tests._HOOK_REPORT": (
        _tests._HOOK_REPORT,
        re.compile(r"(?<!\.)\.{3,}(?:\([^)\n]*\))?(passed|failed|skipped)$", re.M),
    ),
    "_builds._JOB_VERDICT": (_builds._JOB_VERDICT, re.compile(r"\bJob (succeeded|failed)\b")),
    "_builds._NOTHING_BUILT": (
        _builds._NOTHING_BUILT,
        re.compile(r"\bno work to do\b|\bNothing to be done for\b"),
    ),
    "_files._CLAUSE_END": (
        _files._CLAUSE_END,
        re.compile(
            r",\s*(?:which|so|because|and then)\b|;|\bbecause\b|\bwhich\b"
            r"|\(\s*(?:it|they|this|that|which)\s"
            r"|,\s*(?:then\s+)?(?!(?:named|called|titled|labell?ed|located)\b)"
            r"(?:[a-z]+ed|ran|re-ran|reset|wrote|rewrote|made|built)\s+(?:the\s+)?`"
        ),
    ),
    "_web._CURL": (_web._CURL, re.compile(r"\b(curl|wget)\b")),
    "_tests._CLAUSE": (
        _tests._CLAUSE,
        re.compile(
            r"[;()]|,\s+|\s+and\s+"
            r"(?=(?:\d(?![\d,]*\s+(?:errors?|doc-?tests)\b)|all\b|the\b|I\b|it\b))"
            r"|(?<!\b[Aa]ll)(?<!\s)\s+but\s+"
        ),
    ),
}

# What the patterns read, and characters next to it: spaces of each kind, digits other
# than ASCII, letters, marks.
_PIECES = [
    *"0123456789", "12", "3.4", "1.2.3", "v", "V", "v2", ".", ",", "-", "+", "_", "/",
    "K", "M", "G", "T", "i", "B", "KB", "MiB", "ms", "m", "s", "so", "so ", "a", "Z", "Q",
    "é", "٣", "→", "—", " ", " ", " ", "  ", "\n", "\t", "\u00a0", "\u2003", "'", '"', ")",
    "]", "(", "[", "`", "*", "$", ";", ":", "!", "?", "e.g.", "x.py", "The", "I ran",
    "which", "because", "and then", "and", "but", "all", "the", "it", "I", "errors", "b",
    "w", "ecause", "hich", "1,2", "Ryzen 7 5800X", "Ryzen", "5800X", "7 ", "to", "passed", "Fo",
    "% tests passed, ", " tests failed out of ", " test failed out of ", " examples, ",
    " example, ", " failures", " failure, ", ", 1 pending", "...", "..", "(x)", "failed",
    "skipped", "Job", "xJob", "Job succeeded", " failed", "no work to do", "Nothing to be done for",
    "nothing", "Ⅷ", "success", "succeeded", "successful", "passing", "xpass", "✓", "✔", "s",
    "p",
]  # fmt: skip


def _made(count: int, seed: int) -> Iterator[str]:
    pick = random.Random(seed)
    for _ in range(count):
        yield "".join(pick.choice(_PIECES) for _ in range(pick.randint(1, 24)))


@cache
def _texts() -> tuple[str, ...]:
    """Every response, task and tool output of the labelled sets, and their claims."""
    texts: list[str] = []
    for root in SETS:
        for run in sorted(p for p in root.iterdir() if p.is_dir()):
            for name in ("response.md", "task.md"):
                text = (run / name).read_text(encoding="utf-8")
                texts += [text, *(u.text for u in _units.units(text))]
            texts += _outputs(run)
    return tuple(texts)


def _outputs(run: Path) -> list[str]:
    meta = json.loads((run / "labels.json").read_text(encoding="utf-8"))
    transcript, _, _ = read_transcript(str(run / meta["transcript"]), "")
    assert transcript is not None
    return [str(c.output) for m in transcript.messages for c in m.tool_calls]


def _found(pattern: re.Pattern[str], text: str, *where: int) -> list[tuple[object, ...]]:
    return [(m.span(), m.groups(), m.group(0)) for m in pattern.finditer(text, *where)]


# Split over a whole claim only: its spaces before `and`/`but` open at the first of their
# run (test_backtracking), so a search from inside a run finds less than the plain one.
_WHOLE_TEXTS_ONLY = {"_tests._CLAUSE"}


@pytest.mark.parametrize("name", sorted(PLAIN))
def test_a_pattern_opening_with_a_class_finds_what_the_plain_pattern_finds(name: str) -> None:
    fast, plain = PLAIN[name]
    pick = random.Random(21)
    for text in [*_texts(), *_made(30_000, 21)]:
        assert _found(fast, text) == _found(plain, text), (name, text)
        if name in _WHOLE_TEXTS_ONLY:
            continue
        start = pick.randint(0, len(text))  # as _units searches a block: from and to
        end = pick.randint(start, len(text))
        assert _found(fast, text, start, end) == _found(plain, text, start, end), (name, text)
        found, expected = fast.search(text, start), plain.search(text, start)
        assert (found and found.span()) == (expected and expected.span()), (name, text)


# The units' boundaries, plainly: a match starts after a sentence's mark, at a separator's.
_PLAIN_BOUNDARY = re.compile(
    r"(?<=[.!?])[\"')\]]*\s+(?=[\"'(\[`*]?[A-Z0-9`$])"
    r"|;\s+"
    r"|(?<=\w|`|\)):\s+(?=\S)"
    r"|,\s+(?=so\s)"
)


def _cuts(text: str, *where: int) -> list[tuple[int, int]]:
    """Where `_units._BOUNDARY` cuts `text`: each unit's end and the next one's start."""
    return [(_units._piece_end(m), m.end()) for m in _units._BOUNDARY.finditer(text, *where)]


def test_a_boundary_found_from_its_mark_cuts_where_the_plain_pattern_cuts() -> None:
    """_BOUNDARY opens with a sentence's mark or a separator; searched from a place after no
    sentence mark (a block's start, the end of a boundary), it cuts where the plain
    pattern, which starts after the mark, matches."""
    pick = random.Random(21)
    for text in [*_texts(), *_made(30_000, 21)]:
        plain = [m.span() for m in _PLAIN_BOUNDARY.finditer(text)]
        assert _cuts(text) == plain, text
        start = pick.randint(0, len(text))
        while start and text[start - 1] in ".!?":
            start -= 1
        end = pick.randint(start, len(text))
        plain = [m.span() for m in _PLAIN_BOUNDARY.finditer(text, start, end)]
        assert _cuts(text, start, end) == plain, (text, start, end)
    assert _units._BOUNDARY.pattern.startswith("[.!?;:,]")


def test_no_white_space_but_the_space_is_printable() -> None:
    """A unit's text is its body itself where the body is printable and holds no two spaces
    together (`_units._split`): every other character `str.split()` splits at is not
    printable, so such a body's words joined by single spaces are the body."""
    spaces = [c for c in map(chr, range(0x110000)) if len(f"a{c}b".split()) > 1]
    assert len(spaces) == 29
    assert [c for c in spaces if c.isprintable()] == [" "]


def test_a_unit_is_its_pieces_words_joined_by_single_spaces() -> None:
    pieces = [*_PIECES, " ", "  ", "\n", "\t", "\u00a0", "\u2028", ". ", "; ", "x", "→"]
    pick = random.Random(21)
    made = ["".join(pick.choices(pieces, k=pick.randint(0, 12))) for _ in range(20_000)]
    for text in [*_texts(), *made]:
        for unit in _units._split(text, 0, len(text)):
            raw = text[unit.start : unit.end]
            assert unit.text == " ".join(raw.split()) and raw == raw.strip() != "", text


def _skips(pattern: re.Pattern[str]) -> bool:
    """`re` searches for the pattern's opening literal or class before trying it at a
    place (its program's INFO block holds a prefix or a charset), not at each character."""
    flags = pattern.flags
    code = _compiler._code(_parser.parse(pattern.pattern, flags), flags)
    opening = _constants.SRE_INFO_PREFIX | _constants.SRE_INFO_CHARSET
    return code[0] == _compiler.INFO and bool(code[2] & opening)


def test_the_fast_spellings_open_with_a_class() -> None:
    """Else the regex engine tries them at every character again (the point of them); a
    group's first class is the pattern's (`re` reads into the group)."""
    for name, (fast, plain) in PLAIN.items():
        assert _skips(fast) and not _skips(plain), name


def test_a_bare_path_is_looked_for_only_in_text_ending_one() -> None:
    """_BARE_PATH finds nothing where _BARE_PATH_END finds nothing."""
    pick = random.Random(21)
    pieces = [*_PIECES, "x.py", "a/b.md", "-.js", "/.ts", "`x.c`", ".py", "x.pyc", "a-b/c_d.tar"]
    made = ["".join(pick.choices(pieces, k=pick.randint(1, 10))) for _ in range(30_000)]
    for text in [*_texts(), *made]:
        if _files._BARE_PATH_END.search(text) is None:
            assert _files._BARE_PATH.search(text) is None, text


@pytest.mark.parametrize("name", ["_COUNTED", "_OF", "_SLASH_OF", "_TOTAL", "_EXCEPT"])
def test_a_case_free_pattern_finds_in_ascii_lowercase_what_re_i_finds(name: str) -> None:
    """The test checker's counts are read from an ASCII clause's lowercase without `re.I`:
    the same spans, and the groups lowercase."""
    pattern = getattr(_tests, name)
    numbers = [*_figure_words.NUMBER_WORDS, "0", "12", "007"]
    words = re.findall(r"[a-z]+", pattern.lowercase.pattern) + numbers
    pick = random.Random(21)
    made = [
        "".join(
            pick.choice([w, w.upper(), w.capitalize()]) + pick.choice([" ", "  ", "", "(", ")"])
            for w in pick.choices(words, k=pick.randint(1, 8))
        )
        for _ in range(20_000)
    ]
    for text in [*_texts(), *made]:
        if not text.isascii():
            continue
        plain = [(m.span(), tuple(g and g.lower() for g in m.groups()))
                 for m in pattern.anycase.finditer(text)]  # fmt: skip
        lowered = [(m.span(), m.groups()) for m in pattern.lowercase.finditer(text.lower())]
        assert lowered == plain, (name, text)


def _runner_text(count: int, seed: int) -> Iterator[str]:
    """Lines made of the runners' own words, marks and numbers."""
    pick = random.Random(seed)
    words = ["passed", "failed", "error", "errors", "skipped", "deselected", "xfailed",
             "xpassed", "warning", "warnings", "in", "0.2s", "1.5s", "Tests:", "Tests", "|",
             "(97)", "passing", "failing", "pending", "Ran", "tests", "test", "OK", "FAILED",
             "(failures=3)", "ok", "FAIL", "FAIL:", "---", "--- FAIL:", "TestX", "::test_a",
             "●", "×", "✕", "...", "=====", "3", "12", ",", "\t", "github.com/a/b", "total",
             "3 passed", "1 failed,", "2 errors", "4 warnings", "= 1 skipped, 2 xfailed",
             "in 0.31s", "in 2s", "7 passed in 0.1s", "  3 passing", "1 failing",
             "Ran 4 tests in 0.2s", "Ran 1 test in", "FAILED (errors=1)", "ok  \tpkg\t0.4s",
             "  Tests  1 failed | 96 passed (97)", "Tests  3 passed (3)",
             "Tests: 5, Assertions: 9, Failures: 1.", "Tests: 4, Assertions: 4.",
             "OK (3 tests, 5 assertions)", "Skipped: 1.", "  24 tests passed",
             "1 test failed", "  2 tests skipped", "DONE 14 tests, 2 failures in 0.4s",
             "DONE 3 tests in 0.1s", "DONE 5 tests, 1 skipped in 1s",
             "[==========] 43 tests from 7 test suites ran. (2 ms total)",
             "[  PASSED  ] 42 tests.", "[  FAILED  ] 1 test, listed below:",
             "[  FAILED  ] A.B", "[  SKIPPED ] 2 tests, listed below:",
             "Executed 118 of 118 SUCCESS", "Executed 3 of 9 (1 FAILED)",
             "Executed 5 of 5 (skipped 1) SUCCESS", "# test_cobs: 9/9 passed",
             "test_ihex: 4/5 passed", "[        14 tests successful      ]",
             "[         3 tests failed          ]", "% 1 test failed", "% All 9 tests passed",
             "% 8 tests passed", "%", "00:09", "+41", "~1", "-2:", "+3:",
             "All tests passed!", "Some tests failed.", "All tests skipped.",
             "Files=2, Tests=21,", "Result: PASS", "Result: FAIL",
             "Tests: 9 Failed: 3)", "[info] Suites: completed 3, aborted 0",
             "Tests: succeeded 16, failed 1, canceled 0, ignored 2, pending 0",
             "[error] Failed: Total 14, Failed 1, Errors 0, Passed 13",
             "Passed: Total 27, Failed 0, Errors 0, Passed 26, Skipped 1",
             " Test Files  1 failed | 11 passed (12)", "Test Files  14 passed (14)",
             "Test Suites: 1 failed, 11 passed, 12 total"]  # fmt: skip
    for _ in range(count):
        lines = []
        for _ in range(pick.randint(1, 4)):
            glue = pick.choice([" ", "  ", ", ", "\t"])
            lines.append(glue.join(pick.choice(words) for _ in range(pick.randint(1, 8))))
        yield "\n".join(lines)


def _runner_outputs() -> list[str]:
    return [*_texts(), *(output for _, output, *_ in CASES), *_runner_text(20_000, 21)]


_GATED_RUNNERS = sorted(
    name for name, value in vars(_runners).items()
    if any(value is pattern for pattern in _runners._HOLDS)
)  # fmt: skip


@pytest.mark.parametrize("name", _GATED_RUNNERS)
def test_every_match_of_a_runner_pattern_holds_its_gate(name: str) -> None:
    pattern: re.Pattern[str] = getattr(_runners, name)
    matched = 0
    for output in _runner_outputs():
        for match in pattern.finditer(output):
            matched += 1
            for group in _runners._HOLDS[pattern]:
                assert any(text in match.group(0) for text in group), (name, match.group(0))
    assert matched > 20, name  # the made-up text reaches the pattern


_LINE_RUNNERS = sorted(
    name for name, value in vars(_runners).items()
    if isinstance(getattr(value, "pattern", None), str)
    and value.pattern.startswith("^") and value.flags & re.M
)  # fmt: skip


@pytest.mark.parametrize("name", _LINE_RUNNERS)
def test_a_runner_pattern_matched_at_line_starts_finds_what_its_scan_finds(name: str) -> None:
    pattern: re.Pattern[str] = getattr(_runners, name)
    lines = [text.replace(" ", "\n", 3) for text in _runner_text(2_000, 22)]
    matched = 0
    for output in ["", "\n", "\n\n", *_runner_outputs(), *lines]:
        found = [(m.span(), m.groups(), m.group(0))
                 for m in _runners._at_line_starts(pattern, output)]  # fmt: skip
        assert found == _found(pattern, output), (name, output)
        matched += len(found)
    assert matched > 20, name


def test_a_gated_runner_summary_is_the_plain_one(monkeypatch: pytest.MonkeyPatch) -> None:
    outputs = _runner_outputs()
    gated = [_runners.summarise(output) for output in outputs]
    monkeypatch.setattr(_runners, "_may_find", lambda pattern, output: True)
    assert [_runners.summarise(output) for output in outputs] == gated


def _verb_text(count: int, seed: int) -> Iterator[str]:
    """The file verbs in any case, glued to words and marks, some letters not ASCII."""
    pick = random.Random(seed)
    words = [*re.findall(r"[a-z ]+", _files._VERB.pattern), "analyzed", "re", "un", "x", "ed"]
    glue = [" ", "", "-", "_", ".", "`", "/", ", ", "é", "ſ", "\u212a", "İ", "\n", "ı", "²",
            "٣", "Ⅷ", "-é", "-٣", "-²", "-Ⅷ", "\u00a0"]  # fmt: skip
    for _ in range(count):
        parts = []
        for _ in range(pick.randint(1, 6)):
            word = pick.choice(words)
            parts += [pick.choice([word, word.upper(), word.capitalize()]), pick.choice(glue)]
        yield "".join(parts)


def test_a_file_verb_is_found_where_the_case_blind_pattern_finds_it() -> None:
    """_verbs finds a claim's verbs from its words, each looked for whole."""
    for text in [*_texts(), *_verb_text(30_000, 21)]:
        plain = [(*m.span(), m.group(1).lower()) for m in _files._VERB.finditer(text)]
        assert _files._verbs(text) == plain, text


def test_a_number_is_found_where_the_plain_pattern_finds_it() -> None:
    for text in [*_texts(), *_made(30_000, 5), *_number_text(30_000, 5)]:
        scans = _facts._ASCII_DIGIT_SCANS if text.isascii() else _facts._DIGIT_SCANS
        found = [(m.span(), m.groups()) for m in _facts._numbers(text, scans[2])]
        assert found == [(m.span(), m.groups()) for m in _facts._NUMBER.finditer(text)], text


def _number_text(count: int, seed: int) -> Iterator[str]:
    """Numbers with signs, currency, separators and the marks _NUMBER refuses next to them."""
    pick = random.Random(seed)
    pieces = [*"0123456789", "-", "$", ",", ".", "/", "#", "@", "+", "_", "a", " ", "٣", "1,234",
              "²", "é", "\n"]  # fmt: skip
    for _ in range(count):
        yield "".join(pick.choice(pieces) for _ in range(pick.randint(1, 16)))


def _number_at_plainly(
    output: str, start: int, grouped: list[tuple[int, int]]
) -> tuple[float, int] | None:
    """The number `_NUMBER` reads at `start` (or from the `-` before it), as read before
    `_facts._number_at` read runs of digits without the pattern; none inside one of the
    `grouped` numbers (`500` in `4,498,500`: `_GROUPED_NUMBERS`' spans)."""
    if any(first < start < last for first, last in grouped):
        return None
    before = output[start - 1] if start else ""
    match = _facts._NUMBER.match(output, start) if not before.isdigit() else None
    if match is None and before == "-":
        match = _facts._NUMBER.match(output, start - 1)
    if match is None:
        return None
    sign, digits, fraction = match.groups()
    return float(sign + digits.replace(",", "") + (fraction or "")), match.end()


# the numbers with thousands separators that no digit or comma carries on
_GROUPED_NUMBERS = re.compile(r"(?<![\d,])\d{1,3}(?:,\d{3})+(?![\d,])")


def test_a_number_is_read_at_a_place_as_the_plain_pattern_reads_it() -> None:
    """At every place of a spelling (digits, other digits than ASCII, separators) in the
    labelled outputs and in made-up text, `_number_at` reads what `_NUMBER` reads."""
    pick = random.Random(33)
    forms = [*"0123456789", "12", "42", "100", "1,234", "٣", "3٣", "007"]
    made = []
    for text in _number_text(30_000, 33):
        at = pick.randint(0, len(text))
        made += [text, text[:at] + pick.choice(forms) + text[at:]]
    texts = [text.lower() for text in _texts()] + made
    for text in texts:
        grouped = [m.span() for m in _GROUPED_NUMBERS.finditer(text)]
        for form in forms:
            at = text.find(form)
            while at >= 0:
                plainly = _number_at_plainly(text, at, grouped)
                assert _facts._number_at(text, at, form) == plainly, (
                    text,
                    at,
                    form,
                )
                at = text.find(form, at + 1)


def test_a_number_stands_alone_where_the_glue_patterns_find_nothing() -> None:
    """`_stands_alone` answers what the two patterns it replaces answered, at every place
    of some spellings in the labelled texts and in made-up text."""
    glued_before, glued_after = re.compile(r"[\w./-]"), re.compile(r"\w|[.,]\d")
    forms = [*"0123456789", "12", "1.2", "1,234", "٣"]
    for text in [*(text.lower() for text in _texts()), *_number_text(30_000, 34)]:
        for form in forms:
            at = text.find(form)
            while at >= 0:
                end = at + len(form)
                plain = (at == 0 or not glued_before.match(text[at - 1])) and (
                    end >= len(text) or not glued_after.match(text[end : end + 2])
                )
                assert _facts._stands_alone(text, at, end) is plain, (text, at, form)
                at = text.find(form, at + 1)


def _key_plainly(text: str, match: re.Match[str]) -> str | None:
    """`_facts._key` as it read the claim before: both windows' words found first, from
    slices of the claim."""
    stop, units, word_pattern = _facts._STOP, _facts._UNITS, _facts._WORD
    before = word_pattern.findall(text[max(0, match.start() - 40) : match.start()])
    after_text = text[match.end() : match.end() + 40]
    phrase = re.search(r"->|[^\w\s%'’*`-]", after_text)  # an arrow or a mark ends it
    if _facts._OF_NUMBER.match(text[match.end() :]):
        return None
    if re.match(
        r"[^\S\n]?%[^\S\n]+of[^\S\n]+(?:the|all|our|your|its|their|this|that)\b",
        text[match.end() :],
        re.I,
    ):
        return None  # `63% of the base weight`: a share of the base
    if re.search(r"\d:$", text[: match.start()]) or re.match(r":\d\d", text[match.end() :]):
        return None  # `47:54`: a part of a time
    if re.search(r"\b(?:top|bottom)\s+$", text[max(0, match.start() - 8) : match.start()], re.I):
        return None  # `Top 5 SKUs`: a list's length
    if re.search(r"[\w-]\.[A-Za-z]\w{0,7}:(?:\d+:)?$", text[: match.start()]):
        return None  # `bad.json:4:5`: a place in a file
    figure = re.fullmatch(r"[\W_]*(\d+): ", text[: match.start()])  # `504: 61`
    if figure is not None:
        return figure.group(1)
    gap = text[max(0, match.start() - 12) : match.start()].lower()
    length = re.match(r"\s+(?:characters?|chars|digits?|letters?)\b", text[match.end() :])
    if before and _facts._IS_BEFORE.search(gap) and not length:
        opening = max(0, match.start() - 40)
        found = list(word_pattern.finditer(text[opening : match.start()]))
        last = next(
            (w for w in reversed(found) if w.group(0).lower() not in stop | {"was", "is"}), None
        )
        if last is not None and text[opening + last.start() - 1 : opening + last.start()] == ".":
            return None  # `flags_test.go: 4`: a file's extension
        word = last.group(0) if last is not None else None
        if word is not None and word.lower() not in units:
            return _facts._stem(word)
    segment = after_text[: phrase.start()] if phrase else after_text
    for word in list(word_pattern.finditer(segment))[:3]:
        at = match.end() + word.start()
        if text[at - 2 : at] in ("--", " -"):
            return None  # another flag follows
        if word.group(0).lower() not in stop and word.group(0).lower() not in units:
            either = re.match(r"\s+or\s+[A-Za-z`]", after_text[word.end() :])
            return None if either else _facts._stem(word.group(0))
    return None


def test_a_numbers_key_is_the_word_the_plain_reading_finds() -> None:
    """`_key` finds, for every number of the labelled texts' claims and of made-up claims
    (labels, `is`, `:` and `=` before numbers, `of` after them), what the plain reading
    finds."""
    pick = random.Random(35)
    words = ["p95", "is", "was", "of", "out of", "rows", "ms", "the", "Total", "x", ":", "=",
             "$", "-", " ", "  ", "\n", "é", "months", "12", "3.5", "1,200", "were", "→", "->",
             "(", "%"]  # fmt: skip
    made = [
        "".join(pick.choice(words) + pick.choice(["", " "]) for _ in range(pick.randint(1, 14)))
        for _ in range(30_000)
    ]
    for text in [*(u.text for u in _units.units("\n".join(_texts()))), *made]:
        for match in _facts._numbers(text, _facts._NUMBER_OPENS):
            assert _facts._key(text, match) == _key_plainly(text, match), (text, match)


def test_an_abbreviation_is_looked_for_in_the_last_characters_only() -> None:
    pick = random.Random(3)
    pieces = ["e.g", "i.e", "etc", "vs", "approx", "cf", "Dr", "Mr", "Ms", "No", ".", " ", "\n",
              "x", "_", "é", "E.G", "1"]  # fmt: skip
    made = ["".join(pick.choice(pieces) for _ in range(pick.randint(1, 9))) for _ in range(30_000)]
    for text in [*_texts(), *made]:
        for _ in range(3):
            cut = pick.randint(0, len(text))
            end = pick.randint(cut, len(text))
            plain = _units._ABBREVIATION.search(text, cut, end) is not None
            assert _units._abbreviated(text, cut, end) is plain, (text, cut, end)


def test_a_claim_signals_where_the_signal_pattern_finds_something() -> None:
    """Each of _SIGNAL_WORDS alone is found by _SIGNAL, in any case and with the letters
    `re.I` matches to ASCII ones; and _signals answers as the plain search."""
    pick = random.Random(4)
    for word in claims_package._SIGNAL_WORDS:
        for spelt in (word, word.upper(), word.capitalize(), word.replace("i", "\u0131")):
            assert claims_package._SIGNAL.search(f"x {spelt}, y") is not None, spelt
    words = [*claims_package._SIGNAL_WORDS, "tested", "x", "é", "ed", "ſ", "İ", "a.py", ": b",
             "X.JSON", "Result:", "é.py", "_.md", ".py", "a.pyc", "fixed", "FIXED", "ſed", "9ed",
             "x_ed", "Result :  y", "\n", "b.Yaml", "ok"]  # fmt: skip
    spaced = (
        " ".join(pick.choice(words) for _ in range(pick.randint(1, 5))) for _ in range(20_000)
    )
    glued = ("".join(pick.choice(words) for _ in range(pick.randint(1, 4))) for _ in range(20_000))
    for text in [*_texts(), *spaced, *glued]:
        plain = "`" in text or claims_package._SIGNAL.search(text) is not None
        assert claims_package._signals(text, claims_package._screen(text)) is plain, text


def test_an_http_code_is_read_where_the_plain_pattern_reads_it() -> None:
    pick = random.Random(6)
    pieces = ["returned", "responded", "responded with", "received", "answered", "gave", "got",
              "with status", "status", "unreturned", "a ", "an ", "HTTP ", "→", "->", "=>",
              "(HTTP ", ")", "200", "404", "503", "5000", "x", "_", "٢٠٠", "1", " ", "  ", "\n",
              " OK", " Not Found", " Created", " Too Many Requests", "OK", ":", "returns",
              "`HTTP/1.1 ", "HTTP/2 ", "`"]  # fmt: skip
    made = ["".join(pick.choice(pieces) for _ in range(pick.randint(1, 10))) for _ in range(40_000)]
    found = 0
    for text in [*_texts(), *made]:
        fast = [(m.span(), next(g for g in m.groups() if g))
                for m in _actions._HTTP_CLAIM_SCAN.finditer(text)]  # fmt: skip
        plain = [(m.span(), next(g for g in m.groups() if g))
                 for m in _actions._HTTP_CLAIM.finditer(text)]  # fmt: skip
        assert fast == plain, text
        found += len(plain)
    assert found > 1_000


def _plain_kind(text: str) -> str:
    """claims._kind as it read before its process words were looked up first."""
    if any(claims_package._writes(verb) for verb, _ in _files.targets(text)) or (
        claims_package._FILE_NEGATION_GATED.search(text)
    ):
        return "file"
    words = map(str.lower, claims_package._WORD_OR_HYPHENED.findall(text))
    if (
        not claims_package.TOOLS.isdisjoint(words)
        or claims_package._BACKTICK_COMMAND.search(text)
        or claims_package._PROCESS_GATED.search(text)
    ):
        return "process"
    if claims_package._QUALITY_GATED.search(text) and not claims_package._CONCRETE.search(text):
        return "quality"
    return "factual"


def test_a_claims_kind_is_the_plain_one() -> None:
    """Each sure process word alone is found by _PROCESS, in any case and with the letters
    `re.I` matches to ASCII ones; and _kind answers as before."""
    for word in claims_package._PROCESS_SURE:
        for spelt in (word, word.upper(), word.capitalize(), word.replace("s", "\u017f")):
            assert claims_package._PROCESS.search(f"x {spelt}, y") is not None, spelt
    pick = random.Random(8)
    words = [*claims_package._PROCESS_SURE, "cross", "cross-checked", "linted", "I", "wrote",
             "`app.py`", "pytest", "good", "3", "x", "é", "ſ", "İ", "ı", "-", "the", "3jq",
             "x-gzip", "gzip-x", "_ruff", "2_jq", "jq3", "bs4", "-_3tar"]  # fmt: skip
    made = [" ".join(pick.choice(words) for _ in range(pick.randint(1, 6))) for _ in range(20_000)]
    for text in [*_texts(), *made]:
        assert claims_package._kind(text, claims_package._screen(text)) == _plain_kind(text), text


def _flaw_text(count: int, seed: int) -> Iterator[str]:
    """Linter and auditor lines: counts, `warning:` and `path:1:2: E501` reports at and
    away from a line's start, in any case, glued to words and marks."""
    pick = random.Random(seed)
    pieces = ["1", "0", "12", "3 new ", " ", "  ", "\n", "\r", "\t", "warning", "Warning",
              "error", "errors", "ERROR", ": ", "[E0308]", "[", "]", "a", "ab", "src/x.py",
              ":12", ":5", "E501", "W", "problems", "issue", "vulnerabilities", "ſ", "\u212a",
              "_", "-", ".", "/", "é", "٣", "\nerror: ", "\nsrc/a.py:3:1: W291 ",
              "warning[E1]: "]  # fmt: skip
    for _ in range(count):
        yield "".join(pick.choice(pieces) for _ in range(pick.randint(1, 24)))


def _flaw_log(count: int, seed: int) -> Iterator[str]:
    """Outputs of several lines, some of them made-up linter lines, the others log lines
    holding numbers before words: `_flaw_count` reads only the lines from the first to the
    last holding one of its words."""
    pick = random.Random(seed)
    log = "2024-06-01T02:00:01Z INFO worker-1 processed batch 37 in 3 ms (queue depth 1)"
    for _ in range(count):
        texts = list(_flaw_text(pick.randint(1, 4), pick.randrange(1 << 30)))
        lines = texts + [log] * pick.randint(0, 4)
        pick.shuffle(lines)
        yield pick.choice(["\n", "\r\n", "\n\n"]).join(lines)


def test_a_flaw_is_what_the_plain_pattern_finds_first() -> None:
    counts = lines = 0
    for text in [*_texts(), *_flaw_text(60_000, 21), *_flaw_log(20_000, 22)]:
        match = _actions._FLAWS.search(text)
        assert _actions._flaw(text) == (match.group(0) if match else None), text
        if match is not None:
            counted = _actions._FLAW_COUNT.match(text, match.start()) is not None
            counts, lines = counts + counted, lines + (not counted)
    assert counts > 300 and lines > 300  # the made-up text reaches every alternative


def test_a_flaw_count_or_line_is_found_within_the_flaw_lines() -> None:
    """`_actions._flaw_lines` holds every match of `_FLAW_COUNT` and `_KIND_LINE`."""
    for text in [*_texts(), *_flaw_text(60_000, 21), *_flaw_log(20_000, 22)]:
        lines = _actions._flaw_lines(text)
        for pattern in (_actions._FLAW_COUNT, _actions._KIND_LINE):
            found = _found(pattern, text, *lines) if lines is not None else []
            assert found == _found(pattern, text), (pattern.pattern, text)


def test_a_source_position_is_found_from_the_line_of_the_first_line_and_column() -> None:
    """`_actions._report_places` finds what `_REPORT_PLACE.finditer` finds."""
    pieces = ["./main.go", "a.py", "src/x.ts", "x", "é", ".", "-", "/", ":", ": ", ":7", ":2",
              ":12", "7", " ", "\n", "\r\n", "\t", "cannot use", ":7:2: ", "_"]  # fmt: skip
    pick = random.Random(21)
    made = ["".join(pick.choices(pieces, k=pick.randint(0, 16))) for _ in range(40_000)]
    for text in [*_texts(), *made]:
        expected = _found(_actions._REPORT_PLACE, text)
        assert [(m.span(), m.groups(), m.group(0)) for m in _actions._report_places(text)] == (
            expected
        ), text


def _ending_text(count: int, seed: int) -> Iterator[str]:
    """The words of _ID_NOUN and _APPROX in any case, glued to letters, spaces of every
    kind, `#`, `.` and line breaks, some letters not ASCII."""
    pick = random.Random(seed)
    words = [w for p in (_facts._ID_NOUN, _facts._APPROX)
             for w in re.findall(r"[a-z][a-z ]*[a-z]|[a-z]", p.pattern, re.I)]  # fmt: skip
    glue = [" ", "", "  ", "#", " #", "# ", ".", "x", "ſ", "\u212a", "\n", "\t", "\u00a0",
            "\u2003", "~", "1"]  # fmt: skip
    for _ in range(count):
        parts = []
        for _ in range(pick.randint(1, 5)):
            word = pick.choice(words)
            parts += [pick.choice([word, word.upper(), word.capitalize()]), pick.choice(glue)]
        yield "".join(parts)


@pytest.mark.parametrize("name", ["_ID_NOUN", "_APPROX"])
def test_a_pattern_ending_the_text_is_found_searching_near_the_end(name: str) -> None:
    pattern: re.Pattern[str] = getattr(_facts, name)
    longest: int = getattr(_facts, name + "_LONGEST")
    found = 0
    for text in [*_texts(), *_ending_text(40_000, 21)]:
        for before in (text, text[: len(text) // 2]):
            match, plain = _facts._ending(pattern, before, longest), pattern.search(before)
            assert (match and match.span()) == (plain and plain.span()), (name, before)
            found += plain is not None
    assert found > 500, name  # the made-up text reaches the pattern


def _said_otherwise_plainly(
    text: str, match: re.Match[str], index: RunIndex
) -> _facts.Finding | None:
    """`_facts._said_otherwise` as written before its two shortcuts: every place of the
    phrase searched for a figure, whether or not an output (or the place) holds the lead."""
    after = _facts._PHRASE_AFTER.match(text, match.end())
    before = _facts._WORD.findall(text, max(0, match.start() - 60), match.start())
    if after is None or len(before) < _facts._SHARED_WORDS + 1:
        return None
    phrase = after.group(1).lower()
    if phrase in _facts._STOP or f"{match.group(0).lower()} {phrase}" in index.task_lower:
        return None
    lead = before[-1].lower()
    stem = _facts._stem
    words = {stem(w) for w in before[-7:-1] if w.lower() not in _facts._STOP} - {stem(lead)}
    if len(words) < _facts._SHARED_WORDS:
        return None
    claimed = float(match.group(2).replace(",", "") + (match.group(3) or ""))
    other: tuple[Call, str] | None = None
    for call, at in itertools.islice(index.outputs_with(f" {phrase}"), _facts._MAX_LOOKS):
        output = call.output_lower
        figure = _facts._NUMBER_BEFORE.search(output, max(0, at - 24), at + 1)
        if figure is None or not output.endswith(f" {lead} ", 0, figure.start()):
            continue
        if output[at + 1 + len(phrase) : at + 2 + len(phrase)].isalpha():
            continue
        line = _facts.line_at(call.output, call.written(at))
        shared = {stem(w) for w in _facts._WORD.findall(line.lower())} & words
        if len(shared) < _facts._SHARED_WORDS:
            continue
        if float(figure.group(1).replace(",", "")) == claimed:
            return None
        other = other or (call, line)
    if other is None:
        return None
    call, line = other
    return _facts.Finding(
        _facts.CONTRADICTED, f"{match.group(0)} {phrase}, but {call.cite_line(line)}"
    )


_SAID = (
    "They review new vendors within 3 business days.",
    "npm audit fix resolved 5 of the 7 vulnerabilities.",
    "The team reviews new vendors in 1,000 business days now.",
    "I fixed 2 of the 3 findings in the new vendors list.",
)


def _said_outputs(count: int, seed: int) -> Iterator[str]:
    """Outputs of lines saying the claims' words, a lead, a figure and a phrase, each
    piece at times another or left out, with noise between."""
    pick = random.Random(seed)
    words = ["review", "reviews", "new", "vendors", "npm", "audit", "findings", "x" * 30]
    leads = ["within", "in", "resolved", "fixed", "x", "İn"]
    figures = ["3", "5", "2", "1,000", "3.0", "x3", "", "9" * 22, "9" * 24, "9" * 25]
    phrases = ["business days", "of the", "daysx", "business"]
    noise = ["", "  ", "-", ".", "\t"]
    for _ in range(count):
        lines = []
        for _ in range(pick.randint(1, 4)):
            line = [pick.choice(words) for _ in range(pick.randint(0, 4))]
            line += [pick.choice(leads), pick.choice(figures), pick.choice(phrases)]
            line += [pick.choice(words) for _ in range(pick.randint(0, 2))]
            lines.append(
                "".join(w + (" " if pick.random() < 0.85 else pick.choice(noise)) for w in line)
            )
        yield "\n".join(lines)


def test_a_figure_said_otherwise_is_looked_for_as_the_plain_reading_looks() -> None:
    """`_said_otherwise` reads no place whose 24 characters before it lack the lead, and no
    place at all where no output holds it: what the plain reading finds either way."""
    cases: list[tuple[str, RunIndex]] = []
    for root in SETS:
        for run in sorted(p for p in root.iterdir() if p.is_dir()):
            meta = json.loads((run / "labels.json").read_text(encoding="utf-8"))
            task = (run / "task.md").read_text(encoding="utf-8")
            transcript, _, _ = read_transcript(str(run / meta["transcript"]), task)
            assert transcript is not None
            index = RunIndex(transcript, task, None)
            response = (run / "response.md").read_text(encoding="utf-8")
            cases += [(u.text, index) for u in _units.units(response)]
    for output in _said_outputs(5_000, 23):
        call = ToolCall("Bash", {"command": "cat vendors.txt"}, output, "ok")
        made = Transcript("t.json", "openai-messages", (Message(1, "assistant", "", (call,)),))
        index = RunIndex(made, "", None)
        cases += [(text, index) for text in _SAID]
    contradicted = 0
    for text, index in cases:
        for match in _facts._NUMBER.finditer(text):
            found = _facts._said_otherwise(text, match, index)
            assert found == _said_otherwise_plainly(text, match, index), (text, match)
            contradicted += found is not None
    assert contradicted > 80  # the made-up outputs reach the rule


# What every match of a pattern holds, searched first (its whole text where it finds none).
_CORES = {
    "_rows._NAMED_FIGURE": (_rows._NAMED_FIGURE, _rows._NAMED_FIGURE_CORE),
    "_facts._SET_QUANTITY": (_facts._SET_QUANTITY, _facts._SET_TO_FIGURE),
}
_CORE_PIECES = [*_PIECES, "$699.00", " (Glacier 3P)", "(G", "(Ab", "raised", " to ", "to",
                "768Mi", "to **1", "`", "_", "*", "\n", "request", "x-y"]  # fmt: skip


@pytest.mark.parametrize("name", sorted(_CORES))
def test_every_match_of_a_pattern_holds_its_core(name: str) -> None:
    """A text the core is not found in is not searched: the pattern finds nothing there,
    and each match it finds holds the core."""
    pattern, core = _CORES[name]
    pick = random.Random(21)
    made = ["".join(pick.choices(_CORE_PIECES, k=pick.randint(1, 12))) for _ in range(40_000)]
    found = 0
    for text in [*_texts(), *made]:
        for match in pattern.finditer(text):
            assert core.search(text, match.start(), match.end()) is not None, (name, text)
            found += 1
    assert found > 20, name  # the made-up text reaches the pattern


def test_an_output_ending_in_an_error_is_found_from_its_last_line() -> None:
    pieces = ["error", "Error: x", "fatal", "FATAL: y", "errors", "ok", "\n", "\n\n", " ",
              "\t", "\r\n", "\x85", "\u2028", "\x1c", "x", "  error"]  # fmt: skip
    pick = random.Random(21)
    made = ["".join(pick.choices(pieces, k=pick.randint(0, 10))) for _ in range(40_000)]
    found = 0
    for text in [*_texts(), *made]:
        plain = _actions._ENDS_IN_ERROR.search(text) is not None
        assert _actions._ends_in_error(text) == plain, text
        found += plain
    assert found > 1000


# The patterns searched over a stretch of an output (a thousand characters or more at once,
# in the labelled runs) that `re` tries at each character of it: a line's start in
# MULTILINE (`^`, `(?:^|\n)`, `(?<![^\n])`, each a runner's or a tool's report read only
# from outputs holding its words), or words a class of their first letters would not skip
# far in. A pattern opening with a literal or a class is searched for that first (`_skips`).
_TRIED_AT_EACH_CHARACTER = {
    # a test's definition, and what no count of definitions reads, in each edit's text:
    # searched only for a claim counting tests added (`Added 5 unit tests`), once an edit
    "_files._TEST_DEFINED",
    "_files._TESTS_GENERATED",
    "_actions._KIND_LINE",
    "_actions._LOGGED_COMMIT",
    "_actions._MADE_COMMIT",
    "_builds._COMPILER_WARNING",
    "_facts._FAILING_LINE",
    # a long command's steps (a heredoc's script), split by a class matching to the next
    # separator: each match consumes what it was tried at, no character tried twice; and
    # its parts, split at `&&`, `||`, `;`, `|` or a line (three tries a character, in C)
    "_files._STEP",
    "_tests.COMMAND_PARTS",
    # a command said to run tests, searched whole once per distinct command (a heredoc's
    # long script among them): its words share no first letter a class would skip on
    "_tests.RUNNER",
    "_runners._EXUNIT",
    # the scripts a command runs, read once a run (remembered) where a rule asks whether a
    # program the run does not show ran: its interpreters share no first letter either
    "_files._SCRIPT",
    # a package manager's change, searched once per distinct command holding a manager's
    # name (a long script naming `npm` among them): the managers share no first letter
    "_files._PACKAGE_CHANGE",
    # an install, searched once per distinct command holding an installer's word (a long
    # script naming `install` among them): the installers share no first letter either
    "_actions._INSTALL_CALL",
    # a line of a listing read for its figures (a JSON page's one long line among them):
    # its opening lookahead is one class test a character, no engine entered
    "_rows._ROW_VALUE",
    "_tests._COVERAGE_HEADER",
    "_tests._COVERAGE_TOTAL",
    "_tests._SESSION_LINE",
    # a compiler's report line, searched from the line of the output's first line and
    # column (`:7:2: `) on, found by a plain search first (`_report_places`)
    "_actions._REPORT_PLACE",
    # a removal of files by a pattern, searched only in the distinct commands holding one
    # of its words (`rm`, `-delete`, `clean`: `shell_matching`), once a run; and what may
    # send a message, likewise (`mail`, `curl`, `slack`), once a run a message is said sent
    "_files._PATTERN_REMOVAL",
    "_actions._MAILER",
    # a command's parts, split only where a class of their marks (`_SEQUENCE_MARKS`) is
    # found first, each distinct command once
    "_actions._SEQUENCE",
    # what may write a file, asked of the few commands naming a file said to hold tests
    # added, each once
    "_files._MAY_WRITE",
    # a listing line's cells cut at its gaps: each match consumes what it was tried at
    "_listings._SPACED_CELL",
    # a program the run does not show, searched only in the distinct commands holding one
    # of its words (`shell_matching`), a long heredoc's among them; and a build's program,
    # searched in each part of the few commands a claim about a build asks of
    "_files._OPAQUE",
    "_index.BUILD_CALL",
}


def test_a_pattern_searched_over_an_output_skips_to_where_a_match_can_open(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A rule's new pattern searched over long outputs shows here (each such search tried
    it at each of some 4,000 characters, tens of microseconds, where its opening character
    is scanned for in C): spell it opening with a literal or a class (`test_fast_patterns`'
    PLAIN), search it where a match can be, or list it above with the reason."""
    runs = [run for root in SETS for run in sorted(p for p in root.iterdir() if p.is_dir())]
    for run in runs:  # the patterns a check makes at first use (`_runners._opening`) made
        load_run(run)
    modules = {"claims": claims_package, **{
        name: getattr(claims_package, name)
        for name in ("_actions", "_builds", "_facts", "_figure_words", "_files", "_index",
                     "_listings", "_rows", "_runners", "_tests", "_timing", "_units", "_web")
    }}  # fmt: skip
    names = {
        id(value.pattern if isinstance(value, Gated) else value): f"{module}.{name}"
        for module, namespace in modules.items()
        for name, value in vars(namespace).items()
        if isinstance(value, (_Later, Gated))
    }
    longest: dict[int, tuple[int, _Later]] = {}

    def recorded(pattern: _Later, method: str) -> Callable[..., Any]:
        search = getattr(pattern, method)

        def recording(*arguments: Any) -> Any:
            # (text, pos, endpos), or (replacement, text) and (text) for the whole text
            text = arguments[1] if method in ("sub", "subn") else arguments[0]
            where = arguments[1:] if method in ("search", "finditer", "findall") else ()
            start = where[0] if where else 0
            end = min(where[1], len(text)) if len(where) > 1 else len(text)
            if end - start > longest.get(id(pattern), (0, pattern))[0]:
                longest[id(pattern)] = end - start, pattern
            return search(*arguments)

        return recording

    for pattern in [o for o in gc.get_objects() if type(o) is _Later]:
        assert isinstance(pattern.flags, int)  # compiled: its methods are in their slots
        for method in ("search", "finditer", "findall", "split", "sub", "subn"):
            monkeypatch.setattr(pattern, method, recorded(pattern, method))
    for run in runs:
        load_run(run)
    tried = {
        names.get(key, pattern.pattern)
        for key, (span, pattern) in longest.items()
        if span >= 1000 and not _skips(cast("re.Pattern[str]", pattern))
    }
    assert tried == _TRIED_AT_EACH_CHARACTER
