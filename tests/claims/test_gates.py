"""The claims' word gates (issue 21, speed) skip a pattern or a rule only where it finds
nothing: each gated search is held against the plain search, and each gated rule against
the rule run without its gate, on every claim of both labelled sets and on text made of
the patterns' own words."""

from __future__ import annotations

import importlib.util
import random
import re
from collections.abc import Callable, Iterator
from functools import cache, partial
from pathlib import Path

import pytest

import agentv_grader.claims as claims_package
from agentv_grader.claims import (
    _actions,
    _builds,
    _facts,
    _figure_words,
    _files,
    _gate,
    _rows,
    _tests,
    _units,
    _web,
)
from agentv_grader.claims._gate import Gated, Words
from agentv_grader.claims._index import RunIndex
from agentv_grader.claims._units import units

from .labelled import SETS
from .test_index_paths import _indexes

# the modules whose gates are held against their patterns
_RULE_MODULES = (claims_package, _actions, _builds, _facts, _figure_words, _files, _rows, _tests,
                 _web)  # fmt: skip


def _gated() -> list[tuple[str, Gated]]:
    found = []
    for module in _RULE_MODULES:
        for name, value in vars(module).items():
            if isinstance(value, Gated):
                found.append((f"{module.__name__}.{name}", value))
    return found


@cache
def _claims() -> tuple[str, ...]:
    texts: list[str] = []
    for root in SETS:
        for run in sorted(p for p in root.iterdir() if p.is_dir()):
            for name in ("response.md", "task.md"):
                texts += [u.text for u in units((run / name).read_text(encoding="utf-8"))]
    return tuple(texts)


def _made_of(pattern: re.Pattern[str], count: int, seed: int = 21) -> Iterator[str]:
    """Text made of the pattern's own words (any case, glued or spaced) and some noise."""
    pick = random.Random(seed)
    words = re.findall(r"[A-Za-z]+(?:['-][A-Za-z]+)?", pattern.pattern) or ["x"]
    words += ["I", "we", "3", "12", "files", "the", "`x.py`", "ſ", "é", "un", "s", "ed", "-", "→"]
    glue = [" ", " ", " ", "", ", ", "; ", ". ", "-", "`", "\n", ": "]
    for _ in range(count):
        parts = []
        for _ in range(pick.randint(1, 7)):
            word = pick.choice(words)
            word = pick.choice([word, word.lower(), word.upper(), word.capitalize()])
            if pick.random() < 0.2:  # a letter `re.I` matches to an ASCII one, or another
                at = pick.randrange(len(word) + 1)
                word = word[:at] + pick.choice(_OTHER_LETTERS) + word[at + 1 :]
            parts += [word, pick.choice(glue)]
        yield "".join(parts).strip()


# `re.I`'s matches of ASCII letters (`ſ`, Kelvin's `K`, `İ`, `ı`), other letters, a digit
# and a mark that are not ASCII
_OTHER_LETTERS = ["\u017f", "\u212a", "\u0130", "\u0131", "é", "ß", "Å", "٣", "→", "—"]


@pytest.mark.parametrize(("name", "gated"), _gated(), ids=[n for n, _ in _gated()])
def test_a_gated_pattern_finds_what_the_plain_pattern_finds(name: str, gated: Gated) -> None:
    for text in [*_claims(), *_made_of(gated.pattern, 4_000)]:
        plain = [m.span() for m in gated.pattern.finditer(text)]
        assert [m.span() for m in gated.finditer(text)] == plain, (name, text)
        found = gated.search(text)
        assert (found.span() if found else None) == (plain[0] if plain else None), (name, text)


def test_a_claim_of_what_happens_now_and_then_is_found_by_its_last_word() -> None:
    """`_figure_words._NOW_AND_THEN`'s phrases, in any case and with `re.I`'s folds."""
    gated = _figure_words._NOW_AND_THEN
    phrases = ["sometimes", "occasionally", "at times", "now and then", "NOW AND THEN"]
    phrases += ["at tımes", "ſometimes", "now and thens", "at  times", "xat times", "then"]
    pick = random.Random(21)
    for _ in range(4_000):
        text = " ".join(pick.choices([*phrases, "it", "fails", ",", "."], k=pick.randint(1, 5)))
        found, plain = gated.search(text), gated.pattern.search(text)
        assert (found and found.span()) == (plain and plain.span()), text


def test_the_ascii_folds_are_every_letter_re_i_matches_to_an_ascii_one() -> None:
    """A gate reads text other than ASCII with these letters spelt as ASCII ones."""
    from agentv_grader.claims._gate import ASCII_FOLDS

    letters = re.compile("[a-z]", re.I)
    found = {chr(c) for c in range(128, 0x110000) if letters.fullmatch(chr(c))}
    assert found == set(ASCII_FOLDS)
    for letter, ascii_letter in ASCII_FOLDS.items():
        assert re.fullmatch(ascii_letter, letter, re.I) and letter.isalpha()
        assert (
            re.fullmatch(r"\w", letter) and letter.translate(str.maketrans(ASCII_FOLDS)).isalpha()
        )


def test_the_gates_cover_every_gated_pattern_of_the_rules() -> None:
    names = {name.rsplit(".", 1)[1] for name, _ in _gated()}
    assert {"_ONLY_GATED", "_NEGATED_GATED", "_PROCESS_GATED", "_TASK_WORDS_GATED"} <= names


# Each gate asked once for a group of rules (`Words.either`), with the gates it answers for
_EITHERS = (
    (claims_package._UNSTATED, (claims_package._HEDGE_WORDS, claims_package._PREDICTION,
                                claims_package._ADVICE, claims_package._LATER_ASKED)),
    (_files._FILE_RULES, (_files._KEPT_GATED, _files._DELETED_THING_GATED, _files._ONLY_GATED,
                          _files._FILES_COUNT_GATED, _files._TESTS_SAID_NEW_GATED)),
    (_web._WEB_WORDS, (_web._SEARCHED_GATED, _web._FETCHED_GATED, _web._CONTENT_GATED,
                       _web._COUNT_SOURCES_GATED, _web._SECOND_GATED, _web._DOC_GATED,
                       _web._FILLED_ALL_GATED, _web._FIRST_FAILED_GATED,
                       _web._READ_SOURCE_GATED, _web._CHECKED_SITE, _web._SOURCE_HEAD)),
)  # fmt: skip


@pytest.mark.parametrize(("either", "gates"), _EITHERS)
def test_a_gate_asked_for_a_group_of_rules_refuses_only_what_each_of_them_refuses(
    either: Words, gates: tuple[Words | Gated, ...]
) -> None:
    """A text the group's gate refuses is one every rule's own gate refuses: `_UNSTATED`
    before the hedge, the prediction and advice, `_FILE_RULES` before the five file rules after
    the paths, `_WEB_WORDS` before the eleven web checks (each opening with its gated
    search)."""
    each = [gate if isinstance(gate, Words) else gate.words for gate in gates]
    assert either.words == frozenset().union(*(words.words for words in each))
    assert set(either.marks) == {mark for words in each for mark in words.marks}
    for text in [
        *_claims(),
        *(t for g in gates if isinstance(g, Gated) for t in _made_of(g.pattern, 500)),
    ]:
        if not either.may_hold(text):
            assert not any(words.may_hold(text) for words in each), text
            assert not any(g.pattern.search(text) for g in gates if isinstance(g, Gated)), text


def test_a_hedge_is_searched_only_in_claims_holding_a_hedge_word() -> None:
    hedge, main = claims_package._HEDGE, claims_package._MAIN_CLAUSE
    for text in [*_claims(), *_made_of(hedge, 20_000)]:
        if hedge.search(main.split(text, 1)[0]):
            assert claims_package._HEDGE_WORDS.may_hold(text), text


def test_a_claim_without_a_digit_holds_no_value() -> None:
    """value_findings stops at a claim with no digit: none of its patterns finds one."""
    patterns = (_facts._DATE, _facts._VERSION, _facts._ID, _facts._UNIT_TOKEN, _facts._DOC_ID,
                _facts._NUMBER)  # fmt: skip
    for text in [*_claims(), *(t for p in patterns for t in _made_of(p, 3_000)), "٣ tests"]:
        if _facts._DIGIT.search(text) is None:
            assert not any(p.search(text) for p in patterns), text


# The patterns whose finding in a test clause its words decide (_tests._Clause), as the
# test checker searched them.
_TEST_READINGS = {
    "noun": re.compile(r"\b(?:tests?|test suites?|suites?|specs?|test cases?|testsuite)\b", re.I),
    "ran": re.compile(r"\b(ran|run|running|re-?ran|executed|re-?ran)\b", re.I),
    "good": re.compile(
        r"\b(pass(?:es|ed|ing)?|green|succeed(?:s|ed)?|successful|clean|all ok)\b", re.I
    ),
    "bad": re.compile(
        r"\b(not (?:clean|green|passing)|fail(?:s|ed|ing|ures?)?|errored|red|broken)\b|\b"
        + f"(?:{_tests._NOT_ALL}|{_tests._ONLY_SOME})"
        + r"(?:es|ed|ing)?\b",
        re.I,
    ),
    "rerun": re.compile(r"\b(rerun|re-run|second run|retry|again)\b", re.I),
    "full": re.compile(
        r"\b(whole|full|entire|complete|every test|"
        r"(?:every|all|each) other (?:suites?|packages?|tests?|specs?))\b",
        re.I,
    ),
    "skipped": re.compile(r"\b(?:skipped|pending|ignored)\b", re.I),
}


# The patterns whose finding in a claim its words decide (_actions), as they were searched.
_ACTION_READINGS = {
    "success": re.compile(
        r"\b(pass(?:es|ed)?|succeed(?:s|ed)?|successfully|clean(?:ly)?|"
        r"(?:no|zero|without(?: any)?) (?:[a-z]+ )?"
        r"(?:warnings|errors|issues|problems|violations|offen[cs]es|vulnerabilities|advisories|"
        r"findings|diffs?|differences|hints|suggestions|(?:warning|error|issue|problem|violation)"
        r"(?=\s+(?:detected|found|reported|left)\b|\s*(?:[.,;:!)\"'”]|$)))|"
        r"reported nothing|reports nothing|nothing to (?:fix|format|reformat)|green|valid|ok|"
        r"spotless|" + _actions._EXIT_0 + r")\b",
        re.I,
    ),
    "failure": re.compile(r"\b(fail(?:s|ed)?|errored|error|crashed|rejected|refused)\b", re.I),
    "clean": re.compile(
        r"\b(?:clean|(?:no|0|zero|without(?: any)?) (?:[a-z]+ )?(?:warnings|errors|issues|"
        r"problems|violations|offen[cs]es|"
        r"vulnerabilities|advisories|hints|suggestions))\b",
        re.I,
    ),
    "every": re.compile(r"\b(every|all|each)\b", re.I),
    "acted": re.compile(
        r"\b(uploaded|pushed|deleted|removed|sent|submitted|posted|deployed|"
        r"published|downloaded|created|updated|cancelled|refunded)\b",
        re.I,
    ),
}


def test_a_claims_words_decide_what_the_action_patterns_they_replace_find() -> None:
    patterns = list(_ACTION_READINGS.values())
    texts = [*_claims(), *(t for p in patterns for t in _made_of(p, 3_000))]
    texts += [
        "no  warnings",
        "reported nothing",
        "ok",
        "NO ERRORS",
        "re-pushed",
        "exited with code 0",
        "Nothing to reformat",
    ]
    for text in texts:
        readings = {
            "success": _actions._SUCCESS.may_hold(text)
            or _actions._SUCCESS_PHRASE.search(text) is not None,
            "failure": _actions._FAILURE.may_hold(text),
            "clean": _actions._CLEAN.may_hold(text)
            or _actions._CLEAN_PHRASE.search(text) is not None,
            "every": _actions._EVERY.may_hold(text),
            "acted": _actions._ACTED.may_hold(text),
        }
        plain = {name: p.search(text) is not None for name, p in _ACTION_READINGS.items()}
        assert readings == plain, text


def _test_readings(text: str) -> dict[str, object]:
    clause = _tests._Clause(text)
    words = clause.words
    return {
        "noun": clause.noun,
        "ran": clause.ran,
        "good": clause.good,
        "bad": clause.bad,
        "rerun": not words.isdisjoint(_tests._RERUN.words)
        or _tests._RERUN_PHRASE.search(text) is not None,
        "full": not words.isdisjoint(_tests._FULL.words)
        or _tests._FULL_PHRASE.search(text) is not None,
        "skipped": _tests._SKIPPED.may_hold(text),
    }


# A failure word said not to have happened (`with no failures`) is no failure claimed.
_NO_FAILURE = re.compile(
    r"\b(?:no|without|zero|nothing|none)\s+(?:of\s+(?:the\s+)?)?"
    r"(?:(?:[a-z]+\s+){0,2}(?:tests?|specs?|cases?)\s+|(?:new|other|more)\s+)?"
    r"(?:(?:are|were|is|was|have|has|had|now|still)\s+){0,2}"
    r"(?:fail(?:s|ed|ing|ures?)?|red|broken)\b",
    re.I,
)
_NOT_PASSING = re.compile(
    r"\bnot (?:clean|green|passing)\b|\b"
    + f"(?:{_tests._NOT_ALL}|{_tests._ONLY_SOME})"
    + r"(?:es|ed|ing)?\b",
    re.I,
)


# a ticked name of code (`fail.Keyring`): its words say no failure
_TICKED_CODE = re.compile(r"`[^`\s]*[._:(][^`\s]*`")


def _bad(text: str) -> bool:
    """A failure said: `not passing`, or a failure word outside the denials and the ticked
    names of code."""
    if _NOT_PASSING.search(text):
        return True
    return (
        _TEST_READINGS["bad"].search(_TICKED_CODE.sub(" ", _NO_FAILURE.sub(" ", text))) is not None
    )


def test_a_test_clauses_words_decide_what_the_patterns_they_replace_find() -> None:
    """Each reading of a test clause made from its words (and a gated phrase) is whether
    the pattern the test checker searched finds something, and its test names are
    _NAMED's."""
    patterns = list(_TEST_READINGS.values())
    texts = [*_claims(), *(t for p in patterns for t in _made_of(p, 3_000))]
    texts += ["re-ran it", "ſkipped", "not  clean", "all ok", "every test", "TestLogin"]
    texts += ["pass with no failures", "no tests failed, 1 failure", "NO  failing", "zero red"]
    for text in texts:
        readings = _test_readings(text)
        plain = {name: p.search(text) is not None for name, p in _TEST_READINGS.items()}
        plain["good"] = plain["good"] or _NO_FAILURE.search(text) is not None
        plain["bad"] = _bad(text)
        assert readings == plain, text
        assert _tests._Clause(text).names == _tests._NAMED.findall(text), text


def test_the_test_checker_skips_only_claims_it_finds_nothing_in(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """test_findings with its word gates, and with gates that let every clause through;
    asked of no claim whose screen holds no test word, where it finds nothing."""
    indexes = _indexes()[:12]
    vocabulary = re.compile(
        "|".join(
            p.pattern
            for p in (
                _TEST_READINGS["noun"],
                _tests._COUNTED.anycase,
                _TEST_READINGS["good"],
                _TEST_READINGS["bad"],
                _tests._NAMED,
                _TEST_READINGS["rerun"],
            )
        )  # fmt: skip
    )
    texts = [*_claims(), *_made_of(vocabulary, 3_000)]
    texts += ["TestLogin fails again", "test_login failed on retry", "3 ran", "ſuite", "x re-run"]

    def findings() -> list[list[_facts.Finding]]:
        return [list(_tests.test_findings(text, index, negated))
                for index in indexes for text in texts for negated in (False, True)
                if claims_package._screen(text) & claims_package._TEST]  # fmt: skip

    for text in texts:  # asked only of a claim whose screen holds a test word or mark
        if not claims_package._screen(text) & claims_package._TEST:
            for index in indexes[:3]:
                assert not list(_tests.test_findings(text, index, False)), text
                assert not list(_tests.test_findings(text, index, True)), text
    gated = findings()
    for text in texts:  # a clause the claim's words leave out is about no tests
        if text.isascii():
            held = _gate.words_of(text)[0] & _tests._TEST_WORDS.words
            for clause in _tests._CLAUSE.split(text):
                if not _tests._holds_test_word(clause.lower(), held):
                    assert not _tests._Clause(clause).about_tests(), (text, clause)

    monkeypatch.setattr(_tests, "_holds_test_word", lambda lowered, words: True)
    assert findings() == gated


def test_a_claims_words_are_its_lowercase_runs_of_word_characters() -> None:
    text = "Ran `pytest -q`: 14 passed, re-run OK"
    assert _gate.words_of(text) == (
        frozenset({"ran", "pytest", "q", "14", "passed", "re", "run", "ok"}),
        text.lower(),
    )
    # other text: the letters `re.I` matches to ASCII ones are read as those
    assert _gate.words_of("ſhould Kit İs ıt → é") == (
        frozenset({"should", "kit", "is", "it", "é"}),
        "should kit is it → é",
    )
    assert _gate.words_of("Éte") == (frozenset({"éte"}), "éte")
    assert Words("x", marks=("lint",)).may_hold("ran Linters")
    assert not Words("x", marks=("lint",)).may_hold("ran lnt")


def _gates() -> list[tuple[str, Words]]:
    found = []
    for module in _RULE_MODULES:
        for name, value in vars(module).items():
            words = value.words if isinstance(value, Gated) else value
            if isinstance(words, Words):
                found.append((f"{module.__name__}.{name}", words))
    return found


def test_a_gate_reads_a_texts_screen_as_it_would_read_the_texts_words() -> None:
    """`may_hold` and `Gated.search` ask the text's gate words, found once a text
    (`_screen`, kept for the last text asked): the same answers as the text's words and
    lowercase read whole, whichever texts were asked before (an equal text not the same
    object, a text asked again after another)."""
    gates = _gates()
    assert len(gates) > 40
    pick = random.Random(21)
    texts = list(_claims())
    for _, words in gates:  # text made of each gate's words and marks
        pattern = re.compile("|".join([*words.words, *words.marks]) or "x")
        texts += _made_of(pattern, 50)
    for text in texts + pick.sample(texts, 2_000) + ["".join(t) for t in pick.sample(texts, 500)]:
        held, lowered = _gate.words_of(text)
        for name, words in gates:
            plain = not held.isdisjoint(words.words) or any(m in lowered for m in words.marks)
            assert words.may_hold(text) == plain, (name, text)
    screened = "the frobnicated step ran"
    assert not Words("x").may_hold(screened)
    assert Words("frobnicated").may_hold(screened)  # made after the text was screened


def test_an_ascii_claims_words_are_the_ones_the_word_pattern_finds() -> None:
    """ASCII text is split at what its byte table spells as spaces, not searched with
    `\\w+`: the same words, every ASCII character among them."""
    word = re.compile(r"\w+")
    pick = random.Random(21)
    pieces = [chr(c) for c in range(128)] + ["Ran", "re-run", "x_y", "14"]
    for _ in range(20_000):
        text = "".join(pick.choice(pieces) for _ in range(pick.randint(0, 12)))
        _gate.words_of.cache_clear()
        assert _gate.words_of(text)[0] == frozenset(word.findall(text.lower())), text


def test_the_value_checker_skips_only_what_it_finds_nothing_in(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """value_findings with its gates (a digit, an id noun), and with both opened."""
    indexes = _indexes()[:12]
    texts = [*_claims(), *_made_of(re.compile(_facts._ID_NOUN.pattern + "|12 34 5.5"), 2_000)]
    texts += ["order 1042, 1077 and 1110", "user #7 has 3 items", "٣ rows", "PEP 8 at 12"]

    def findings() -> list[list[_facts.Finding]]:
        return [list(_facts.value_findings(text, index, [])) for index in indexes for text in texts]

    gated = findings()

    class Open(Words):
        def may_hold(self, text: str) -> bool:
            return True

    monkeypatch.setattr(_facts, "_ID_NOUN_WORDS", Open(""))
    monkeypatch.setattr(_facts, "_APPROX_WORDS", Open(""))
    monkeypatch.setattr(_facts, "_DIGIT", re.compile(""))
    assert findings() == gated


def test_a_hedge_before_a_value_is_looked_for_only_in_claims_holding_its_words() -> None:
    """`_APPROX` is searched in the text before a value only if the claim holds one of its
    words: that text ends where no value pattern lets a word character stand."""
    values = (_facts._NUMBER, _facts._DATE, _facts._VERSION, _facts._ID, _facts._UNIT_TOKEN,
              _facts._DOC_ID)  # fmt: skip
    mixed = re.compile(_facts._APPROX.pattern.replace(r"\s*$", "") + "|12 5.5 v1.2.3 3 MB a-1")
    hedges = _facts._APPROX.pattern.split("(?:", 1)[1].split(")", 1)[0].replace("\\.?", "")
    texts = [*_claims(), *_made_of(mixed, 6_000), "about5", "almoſt 5", "~3", "approx. 7"]
    texts += [f"{hedge} {value}" for hedge in hedges.split("|") for value in ("12", "v1.2.3")]
    for text in texts:
        if _facts._APPROX_WORDS.may_hold(text):
            continue
        for pattern in values:
            for match in pattern.finditer(text):
                assert _facts._APPROX.search(text[: match.start()]) is None, (text, match)


def test_an_http_status_is_read_only_from_claims_holding_three_digits() -> None:
    for text in [*_claims(), *_made_of(_actions._HTTP_CLAIM, 20_000), "got ٢٠٠", "→ 5٠٠"]:
        if _actions._STATUS_LIKE.search(text) is None:
            assert _actions._HTTP_CLAIM.search(text) is None, text


def test_a_claim_is_split_into_tool_words_only_where_it_may_name_a_tool() -> None:
    """`may_name_tools` says no only of text whose `[a-z][\\w-]*` words hold no tool name,
    glued to digits, `_` or `-` as they may be."""
    pick = random.Random(33)
    pieces = [*_actions.TOOLS, "x", "3", "42", "_", "-", "x-", "3-", "_3", "a1", " ", " ", ".",
              "`", "/", "é", "ſ", "Ruff", "JQ"]  # fmt: skip
    made = ["".join(pick.choice(pieces) for _ in range(pick.randint(1, 6))) for _ in range(40_000)]
    named = skipped = 0
    for text in [*_claims(), *made]:
        plain = not _actions.TOOLS.isdisjoint(_actions.lower_words(text.lower()))
        may_name = _actions.may_name_tools(text)
        assert may_name or not plain, text
        named += plain
        skipped += not may_name
    assert named > 5_000
    assert skipped > 5_000


def test_the_tool_findings_are_asked_only_of_claims_that_may_name_a_tool() -> None:
    """`_findings` asks `tool_findings` only where the claim's screen says it may name a
    tool (`may_name_tools`): where it says no, the claim holds no word of TOOLS for
    `tool_findings` to read."""
    for text in _claims():
        if not claims_package._screen(text) & claims_package._TOOL:
            assert _actions.TOOLS.isdisjoint(_actions.lower_words(text.lower())), text


# The families of claims._families and the words it asks of each, as a table it read in a
# loop (the order is the order it yields them in).
_FAMILY_WORDS = (
    (("`",), "command_findings"),
    (("install", "removed", "dropped", "bumped", "upgraded", " packages", " dependencies",
      "resolved to"),
     "install_findings"),
    (("commit", "push", "pull request", "merge request", " pr", "diff", "insertion", "tagged",
      " files changed", "cleanly", "conflict"),
     "git_findings"),
    (("review",), "review_findings"),
    (("#", "quer", "ed all "), "batch_findings"),
    (("0", "1", "2", "3", "4", "5", "request"), "http_findings"),
    (("upload", "push", "delet", "remov", "sent", "submit", "post", "deploy", "publish",
      "download", "creat", "updat", "cancel", "refund", "mail", "purged", "flushed",
      "invalidated", "as read", "assign", "stopped", "killed", "shut down", "convert", "chose",
      "selected", "picked", "restarted", "reloaded", "terminated"),
     "attempt_findings"),
    (("search", "fetch", "quer", "visit", "brows", "download", "page", "summari", "extract",
      "quot", "took", "read", "source", "check", "verif", "confirm", "compar", "pep", "rfc",
      "cve", "ghsa", "iso", "fill", "first", "initial", "retry", "review", "consult", "ran",
      "tested", "matched", "validated", "reconciled", "opened", "viewed"),
     "web_findings"),
    (("took", "tool call", "lasted", "spent", "finished in", "completed in", "runtime",
      "run time", "in total"), "timing_findings"),
    (("completed", "succeeded", "finished", "went through", "successful"), "step_findings"),
    (("health", "success", "deliver", "settled", "cleared", "accepted", "switched", "turned",
      "abled"), "state_findings"),
    (("coverage", "re-ran", "reran", "skipped", "sessions", "env", "second ", "twice",
      "first ", "third ", " times"), "suite_findings"),
    (("warning", "first t", "first a", "first g", "clean"), "build_findings"),
    (("checks", "ci", "runs", "job"), "ci_findings"),
)  # fmt: skip


# what, beside a backtick, routes a claim to the git rules: a commit named by its hash
# alone, with its branch or size (`` `4c1d2e9` on `fix/x` (2 files, +21/−6) ``)
_HASHED = ("branch", " file", "+")


def test_a_claims_families_are_those_whose_words_it_holds() -> None:
    pick = random.Random(34)
    pieces = [w for words, _ in _FAMILY_WORDS for w in words]
    pieces += [w.upper() for w in pieces] + ["x", " ", "-", "\u017f", "İ", "é", "pr", "in", "`"]
    pieces += list(_HASHED)
    made = ["".join(pick.choice(pieces) for _ in range(pick.randint(1, 4))) for _ in range(20_000)]
    counted = 0
    for text in [*_claims(), *made]:
        lowered = text.lower()
        plain = [
            name
            for words, name in _FAMILY_WORDS
            if any(w in lowered for w in words)
            or (name == "git_findings" and "`" in text and any(w in lowered for w in _HASHED))
        ]
        if not _web._WEB_WORDS.may_hold(text):  # the eleven web checks' own words
            plain = [name for name in plain if name != "web_findings"]
        screen = claims_package._screen(text)
        ruled = claims_package._families(lowered, screen)
        found = [rule for bit, rule in claims_package._RULES.items() if ruled & bit]
        assert [family.__name__ for family in found] == plain, text  # type: ignore[attr-defined]
        counted += len(plain)
    assert counted > 40_000


@cache
def _bench_claims() -> tuple[str, ...]:
    """Every sentence of the bench's response (scripts/bench_claims.py: the labelled
    responses' pieces again, their figures shifted)."""
    spec = importlib.util.spec_from_file_location("bench_claims", _SCRIPTS / "bench_claims.py")
    assert spec is not None and spec.loader is not None
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    response, _, _ = bench.inputs(20, 0)
    return tuple(unit.text for unit in units(response))


_SCRIPTS = Path(__file__).resolve().parents[2] / "scripts"
_C = claims_package
# Each bit of a claim's screen and the gate it answers for, asked of the claim as before.
_SCREEN_GATES: tuple[tuple[int, Callable[[str], object]], ...] = (
    (_C._NEGATION, _C._NEGATED_GATED.words.may_hold),
    (_C._UNSTATED_WORD, _C._UNSTATED.may_hold),
    (_C._FILE_NEGATION_WORD, _C._FILE_NEGATION_GATED.words.may_hold),
    (_C._PROCESS_SURE_WORD, lambda text: not _C._PROCESS_SURE.isdisjoint(_words(text))),
    (_C._PROCESS_WORD, _C._PROCESS_GATED.words.may_hold),
    (_C._QUALITY_WORD, _C._QUALITY_GATED.words.may_hold),
    (_C._TOOL, _actions.may_name_tools),
    (_C._TEST, _tests._TEST_WORDS.may_hold),
    (_C._FILE_VERB, lambda text: not _files._VERB_WORDS.isdisjoint(_words(text))),
    (_C._FILE_RULE, _files._FILE_RULES.may_hold),
    (_C._BROWSER, lambda text: not _C._BROWSERS.isdisjoint(_words(text))),
    (_C._EVERY_WORD, lambda text: not {"every", "each", "all"}.isdisjoint(_words(text))),
    (_C._NO, lambda text: "no" in _words(text)),
    (_C._COLUMNS, lambda text: "columns" in _words(text)),
    (_C._WEB, _web._WEB_WORDS.may_hold),
    (_C._BACKTICK, lambda text: "`" in text),
    (_C._COLON, lambda text: ":" in text),
    (_C._DIGIT, _facts.holds_digit),
    (_C._MONTH, lambda text: not _facts.MONTH_WORDS.isdisjoint(_words(text))),
)


def _words(text: str) -> frozenset[str]:
    return _gate.words_of(text)[0]


def test_a_claims_screen_holds_the_bits_of_the_gates_it_replaces() -> None:
    """`_screen` reads a claim once for the gates `_judge` and the rules it calls asked in
    turn: each bit is set exactly where its gate lets the claim through (the signal bit
    where a backtick, a digit or a word of `_SIGNAL_WORDS` is), on every sentence of the
    labelled sets and of the bench's response, and on text made of the gates' words."""
    made = _made_of(re.compile(" ".join(sorted(_C._WORD_BITS)) + " lint test pep rfc"), 20_000)
    bits = 0
    for text in [*_claims(), *_bench_claims(), *made]:
        screen = _C._screen(text)
        for bit, gate in _SCREEN_GATES:
            assert bool(screen & bit) == bool(gate(text)), (text, bit)
        signalled = "`" in text or _facts.holds_digit(text)
        signalled = signalled or not _C._SIGNAL_WORDS.isdisjoint(_words(text))
        assert bool(screen & _C._SIGNALLED) == signalled, text
        bits |= screen
    assert bits == (1 << 20) - 1  # every bit set by some claim


def test_the_tools_files_and_browsers_the_claims_screen_leaves_out_find_nothing() -> None:
    """`_findings` calls a rule of `_RULES` only where `_ruled` sets its bit: the tool, file
    and browser rules left out, run on the claim against the labelled runs, find nothing
    (every sentence of the labelled sets and of the bench's response); a family is asked
    where it was (`test_a_claims_families_are_those_whose_words_it_holds`)."""
    indexes = _indexes()[:4]
    asked = 0
    for text in dict.fromkeys([*_claims(), *_bench_claims()]):
        ruled = _C._ruled(text, _C._screen(text))
        for bit in (_C._TOOLS, _C._FILES, _C._BROWSERS_NAMED):
            rule = _C._RULES[bit]
            if ruled & bit:
                asked += 1
                continue
            for index in indexes:
                assert not list(rule(text, index)), (text, rule)
    assert asked > 1_000


def test_a_fence_is_looked_for_only_in_lines_holding_its_marks() -> None:
    for line in ["```", "  ~~~py", " \u2003```", "x```", "`` `", "~~", "\t~~~", "plain"]:
        if _units._FENCE.match(line):
            assert "`" in line or "~" in line
    text = "a\n```\ncode\n```\n\u2003~~~\nb\n~~~\n- item\n---\n# h\nend"
    assert [text[a:b] for a, b in _units._blocks(text)] == ["a", "item", "end"]


def test_a_line_of_rule_characters_only_is_a_rule() -> None:
    """A line is a rule when every character of it (stripped) is one of `-=*_ `, asked by
    stripping them all (nothing left), not by making the set of its characters."""
    pick = random.Random(21)
    pieces = [chr(c) for c in range(128)] + list("-=*_ " * 20) + ["é", "\u2003"]
    for _ in range(20_000):
        stripped = "".join(pick.choice(pieces) for _ in range(pick.randint(1, 6))).strip()
        if stripped:
            rule = set(stripped) <= set("-=*_ ")
            assert (not stripped.strip(_units._RULE_CHARS)) == rule, stripped
    for char in "-=*_ xa1.é":
        line = f"-{char}-"
        blocks = [(a, b) for a, b in _units._blocks(f"x\n\n{line}\n\ny") if a > 1]
        assert (len(blocks) == 1) == (char in "-=*_ "), (line, blocks)


def test_value_patterns_are_skipped_only_in_claims_they_find_nothing_in() -> None:
    for number, value in enumerate(_facts._VALUES):
        pattern = value.pattern
        texts = [*_claims(), *_made_of(pattern, 5_000), "12 Ｊanuary 2024", "PEP８"]
        texts += ["on 2024-06-01", "March 3, 2024", "3 March 2024", "RFC-9110", "v1_2", "a-1"]
        texts += ["v1.2.3", "1.2.3-rc1", "48M", "380 KiB", "2.5\u2003GB", "12ms", "3 T.", "٣K"]
        texts += ["3 ms", "3\nM", "1.2", "4 m", "9Mi", "3 kB", "v٣.1.2", "2x", "12 \tG"]
        for text in texts:
            scans = _facts._ASCII_DIGIT_SCANS if text.isascii() else _facts._DIGIT_SCANS
            found = [m.span() for m in _facts._value_matches(text, scans[1])[number]]
            assert found == [m.span() for m in pattern.finditer(text)], (pattern, text)
    for text in _claims():
        assert (_facts._KEY_TEXT.match(text) is None) or ":" in text


def test_a_claim_signals_what_the_signal_pattern_finds() -> None:
    texts = [*_claims(), *_made_of(claims_package._SIGNAL, 5_000), "`", "٣", "nothing here"]
    for text in texts:
        signals = claims_package._signals(text, claims_package._screen(text))
        assert signals == bool(claims_package._SIGNAL.search(text)), text


def test_a_path_is_looked_for_only_in_clauses_holding_its_marks() -> None:
    """targets() reads backticked paths only in a clause holding a backtick, bare ones only
    in a clause holding a `.`."""
    for pattern, mark in ((_files.TICKED_PATH, "`"), (_files._BARE_PATH, ".")):
        for text in [*_claims(), *_made_of(pattern, 3_000), "`src/`", "a.py", "x/y.tar"]:
            assert pattern.search(text) is None or mark in text, (pattern, text)


def test_bare_paths_found_from_their_ends_are_those_the_path_pattern_finds() -> None:
    """targets() finds a clause's bare paths from where each ends (`_bare_paths`), not by
    `_BARE_PATH` tried at every character: the same paths, in order."""
    pick = random.Random(21)
    pieces = ["a", "Z", "_", "-", "/", ".", "`", " ", "py", "js", "tsx", "ts", "x", "é", "\u0661",
              "md", ".py", "./", "//", ",", "yaml", "yml", "c", "tar", "gz", "\n"]  # fmt: skip
    made = ("".join(pick.choice(pieces) for _ in range(pick.randint(0, 14))) for _ in range(50_000))
    for text in [*_claims(), *_made_of(_files._BARE_PATH, 3_000), *made]:
        plain = [m.group(0) for m in _files._BARE_PATH.finditer(text)]
        assert _files._bare_paths(text) == plain, text


_MODULES = ("__init__", "_actions", "_builds", "_facts", "_figure_words", "_files", "_gate",
            "_index", "_runners", "_tests", "_timing", "_units", "_web")  # fmt: skip


# The patterns asked per claim or per tool call, hundreds of times a check: compiled at
# import (_later's docstring says why).
_COMPILED_AT_IMPORT = {
    "__init__._NOT_A_CLAIM", "_actions._LOWER_WORD",
    "_facts._NUMBER",
    "_facts._LABEL_VALUE", "_facts._WORD", "_facts._NUMBER_OPENS", "_facts._COUNT_COMMAND",
    "_facts._DIGIT", "_facts._ASCII_DIGIT", "_facts._ASCII_NUMBER_OPENS", "_facts._CAMEL",
    "_facts._DIGIT_SCANS", "_facts._ASCII_DIGIT_SCANS",
    "_files._GIT_STATUS", "_index._HTTP",
    "_index._LINE_START", "_index._OTHER_BREAK", "_index._ASCII_BREAKS",
    "_units._ITEM", "_units._BOUNDARY",
}  # fmt: skip


def _later_patterns(namespace: dict[str, object]) -> list[tuple[str, object]]:
    """Every pattern the checker's modules hold (compiled at its first use, or not): their
    own names, and the patterns inside their gates, value patterns and tables."""
    from agentv_grader.claims._later import _Later

    found: list[tuple[str, object]] = []

    def walk(name: str, value: object, depth: int) -> None:
        if isinstance(value, (_Later, re.Pattern)):
            found.append((name, value))
        elif depth < 3 and isinstance(value, (tuple, list, dict, Gated, _facts._Value)):
            if isinstance(value, dict):
                items = [*value.keys(), *value.values()]
            elif isinstance(value, (Gated, _facts._Value)):
                items = [value.pattern]
            else:
                items = list(value)
            for item in items:
                walk(name, item, depth + 1)

    for key, value in namespace.items():
        walk(key, value, 0)
    return found


def test_every_pattern_compiled_at_first_use_is_the_one_re_compiles() -> None:
    """A pattern of the checker is compiled when first asked, not at import (cold start):
    each compiles (no typo waits for a claim that reaches it) to what re.compile makes of
    its text and flags, and answers as that pattern does."""
    import importlib

    from agentv_grader.claims._later import _Later

    patterns = [
        (f"{module}.{name}", value)
        for module in _MODULES
        for name, value in _later_patterns(
            vars(importlib.import_module(f"agentv_grader.claims.{module}".replace(".__init__", "")))
        )
    ]
    assert len(patterns) > 150
    eager = {name for name, pattern in patterns if not isinstance(pattern, _Later)}
    assert eager == _COMPILED_AT_IMPORT  # made by re.compile, not `later`: these only
    text = "I ran `pytest -q`: 14 passed, 2 failed in 0.31s; wrote src/app.py (HTTP 200)."
    for name, pattern in patterns:
        if name in _COMPILED_AT_IMPORT:
            continue
        plain = re.compile(pattern.pattern, pattern._flags)
        assert pattern.flags == plain.flags and pattern.groups == plain.groups, name
        assert [m.span() for m in pattern.finditer(text)] == [
            m.span() for m in plain.finditer(text)
        ], name
        assert pattern.search is pattern.search  # the compiled pattern's own, kept


def test_importing_the_checker_compiles_no_pattern() -> None:
    """In a fresh interpreter, the checker's import leaves every pattern uncompiled."""
    import os
    import subprocess
    import sys
    from pathlib import Path

    code = (
        "import gc\n"
        "import agentv_grader.claims\n"
        "from agentv_grader.claims._later import _Later\n"
        "later = [o for o in gc.get_objects() if type(o) is _Later]\n"
        "compiled = 0\n"
        "for pattern in later:\n"
        "    try:\n"
        "        _Later.search.__get__(pattern, _Later)\n"
        "        compiled += 1\n"
        "    except AttributeError:\n"
        "        pass\n"
        "print(len(later), compiled)\n"
    )
    package_root = str(Path(claims_package.__file__).resolve().parents[2])
    env = {**os.environ, "PYTHONPATH": package_root}
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, env=env
    )
    count, compiled = map(int, done.stdout.split())
    assert count > 150 and compiled == 0


def test_a_claims_changed_paths_are_found_only_when_a_place_of_its_values_asks() -> None:
    """value_findings finds the paths a claim names that a call wrote (`_facts.Changes`)
    when a place of one of its values asks: what it finds is what it finds with them found
    first, and a claim whose values are read at no place does not find them."""
    for index in _indexes()[:8]:
        for text in _claims():
            found = partial(_files.changed_later, text, index)
            first = _facts.Changes(found)
            bool(first)
            rank = _facts.ranked(text)
            lazily = list(_facts.value_findings(text, index, [], rank, _facts.Changes(found)))
            assert lazily == list(_facts.value_findings(text, index, [], rank, first)), text
    unasked: list[str] = []
    counted = _facts.Changes(lambda: unasked.append("asked") or [])
    list(
        _facts.value_findings("All 12 tests pass on 3 March 2024.", index, [(4, 6)], None, counted)
    )
    assert unasked == []


def test_the_value_rules_are_made_only_where_the_claims_screen_lets_them_find_something() -> None:
    """`_value_rules` (one screen of the claim: its words, a digit, a `:`) against the six
    value rules each run on every claim."""
    indexes = _indexes()[:12]
    texts = [*_claims(), "There are no duplicate order IDs", "audit_events has 6 columns"]
    texts += ["License: MIT", "every module resolves x 2.1.0", "NO 3 rows", "ſ: 5", "٣ rows"]

    def every(text: str, index: RunIndex) -> list[_facts.Finding]:
        other = (
            claims_package.every_version(text, index)
            or claims_package.every_flag(text, index)
            or claims_package.every_given(text, index)
        )
        return [] if other is None else [_facts.Finding(_facts.CONTRADICTED, other)]

    for index in indexes:
        for text in texts:
            rank = _facts.ranked(text)
            changed = _facts.Changes(partial(_files.changed_later, text, index))
            spans = (
                claims_package._test_spans(text)
                if claims_package._outcome(text, index, False)
                else []
            )
            each = [
                *every(text, index),
                *_facts.none_findings(text, index),
                *_facts.column_findings(text, index),
                *claims_package._rows_restated(text, index),
                *_facts.listed_numbers_findings(text, index),
                *_facts.key_text_findings(text, index, rank),
                *_facts.value_findings(text, index, spans, rank, changed),
            ]
            screen = claims_package._screen(text)
            assert list(claims_package._value_rules(text, index, False, screen)) == each, text
