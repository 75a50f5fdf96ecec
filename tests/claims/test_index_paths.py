"""The claims index's quick paths (issue 21, speed) answer exactly what the plain form they
stand in for answers: each is held against that form, on generated text and on every run
of the labelled set."""

from __future__ import annotations

import itertools
import json
import random
import re
from types import SimpleNamespace
from typing import TYPE_CHECKING

import pytest

from agentv_grader.claims import _actions, _facts, _files, _index, _tests, _web
from agentv_grader.claims._gate import folded
from agentv_grader.claims._index import (
    _HTTP,
    RunIndex,
    _first_http,
    _may_run_tests,
    _Numbered,
    _places_of,
    _Postings,
    _quoted_line,
    _quoted_line_slowly,
    first_status,
)
from agentv_grader.claims._runners import RUNNER
from agentv_grader.rundata.transcript import read_transcript

from .labelled import RUNS

if TYPE_CHECKING:
    from agentv_grader.rundata.records import ToolCall


def _numbered(texts: list[str]) -> _Numbered:
    """`texts` numbered as `_calls` numbers outputs and commands: the distinct ones in
    order of first appearance, each with its texts' numbers (ascending)."""
    distinct = list(dict.fromkeys(texts))
    number_of = {text: number for number, text in enumerate(distinct)}
    members: list[list[int]] = [[] for _ in distinct]
    for number, text in enumerate(texts):
        members[number_of[text]].append(number)
    return distinct, members


def _indexes() -> list[RunIndex]:
    found = []
    for directory in sorted(p for p in RUNS.iterdir() if p.is_dir()):
        meta = json.loads((directory / "labels.json").read_text(encoding="utf-8"))
        task = (directory / "task.md").read_text(encoding="utf-8")
        transcript, problem, _ = read_transcript(str(directory / meta["transcript"]), task)
        assert transcript is not None, problem
        found.append(RunIndex(transcript, task, None))
    return found


@pytest.fixture(scope="module")
def indexes() -> list[RunIndex]:
    return _indexes()


def test_the_quoted_line_is_the_one_splitting_into_lines_finds() -> None:
    """Line breaks and spaces of every kind str.splitlines()/strip() know, ASCII or not."""
    chars = "ab \t\n\r\x0b\x0c\x1c\x1d\x1e\x1fAB1é\x85\u2028"
    pick = random.Random(21)
    for _ in range(20_000):
        output = "".join(pick.choice(chars) for _ in range(pick.randint(0, 14)))
        needle = "".join(pick.choice(chars) for _ in range(pick.randint(0, 3)))
        quick = _quoted_line(output, output.lower(), needle)
        assert quick == _quoted_line_slowly(output, needle), (output, needle)


def test_no_character_a_line_breaks_at_is_printable() -> None:
    """`_quoted_line` and `line_at` look for breaks only in text that is not printable
    (`str.isprintable`, a test in C): every character str.splitlines() breaks at is not."""
    breaking = [c for c in map(chr, range(0x110000)) if len(f"a{c}b".splitlines()) > 1]
    assert len(breaking) == 10
    assert not any(c.isprintable() for c in breaking)


def test_http_statuses_are_found_where_a_scan_of_every_character_finds_them() -> None:
    pieces = ["HTTP", "/1.1 ", "/2 ", " ", "200", "404", '"status"', "status", "_code",
              "Code", ":", "=", '":', "x", "\n", "1", "é", "_", "xstatus", "ß"]  # fmt: skip
    pick = random.Random(21)
    for _ in range(20_000):
        text = "".join(pick.choice(pieces) for _ in range(pick.randint(0, 12)))
        first, searched = _first_http(text), _HTTP.search(text)
        assert (first and (first.span(), first.groups())) == (
            searched and (searched.span(), searched.groups())
        ), text
        shown = int(next(g for g in searched.groups() if g)) if searched else None
        assert first_status(text) == shown, text


@pytest.mark.parametrize(
    "command",
    ["pytest -q", "py.test", "python3 -m unittest", "npx jest", "vitest run", "mocha", "go test",
     "cargo nextest run", "pnpm run test", "tox -e py", "nox", "rspec", "phpunit", "dotnet test",
     "mvn test", "gradle test", "make check", "ctest", "deno test", "bin/rails test",
     "rake test"],
)  # fmt: skip
def test_every_runner_command_is_read_as_one(command: str) -> None:
    assert RUNNER.search(command) and _may_run_tests(command)


def test_the_word_lists_of_searched_patterns_miss_no_call(indexes: list[RunIndex]) -> None:
    """shell_matching searches only commands holding a listed word: on every labelled run
    (and on commands made to hit each pattern) it finds what searching all of them finds."""
    manifests = zip(_files._MANIFESTS, _files._MANIFEST_WORDS, strict=True)
    patterns = [
        (_files._OPAQUE, _files._OPAQUE_WORDS, True),
        *((pattern, words, True) for (pattern, _), words in manifests),
        (_actions._INSTALL_CALL, _actions._INSTALL_WORDS, False),
        (_facts._COUNT_COMMAND, ("grep", "wc", "jq"), False),
        (_tests._UNKNOWN_RUNNER, _tests._UNKNOWN_RUNNER_WORDS, True),
        (_actions._REMOVE_CALL, _actions._REMOVE_WORDS, True),
        (_actions._MAILER, _actions._MAILER_WORDS, True),
        (_files._PATTERN_REMOVAL, _files._PATTERN_REMOVAL_WORDS, True),
    ]
    made = run_of(
        "make build", "npm run lint", "yarn run x", "pnpm run y", "git checkout -b x",
        "git rebase main", "bun add zod", "npm i left-pad", "poetry lock", "uv add httpx",
        "cargo update", "go mod tidy", "pip3 install requests", "uv pip install x",
        "pipx install ruff", "gem install rails", "apt-get install -y jq", "brew install gh",
        "conda install numpy", "go get golang.org/x/y", "yarn\tadd left-pad", "ls -la",
        "grep -c ERROR app.log", "wc -l rows.csv", "jq '.items | length' a.json",
        "swift test", "deno task check", "yarn lint", "bash -lc bin/ci", "sh -c './run'",
        "just ci", "hatch run all", "scripts/all", "bash all.sh", "bundle update rails",
        "composer require x/y", "mix deps.get", "swift package update", "deno add jsr:@a/b",
        "pipenv install x", "pdm add x", "bun remove x", "npm audit fix", "cargo test",
        "npm uninstall x", "pip uninstall -y x", "composer remove a/b", "pnpm rm x",
        "sendmail a@b.c", "aws ses send-email", "./notify", "perl x.pl", "zsh -c y", "bash run.sh",
        "cargo add serde", "rm -f build/*.log", "find . -name x -delete", "git clean -fdx",
        "dotnet add src/Api package Serilog", "bundle add oj",
        "Rscript -e 'install.packages(\"drc\")'", "Rscript -e 'BiocManager::install(\"DESeq2\")'",
    )  # fmt: skip
    for index in [*indexes, made]:
        for pattern, words, lowered in patterns:
            every = [
                c for c in index.shell if pattern.search(c.command_lower if lowered else c.command)
            ]
            assert index.shell_matching(pattern, words, lowered) == every, pattern.pattern
    assert all(index.shell_matching(p, w, low) for p, w, low in patterns for index in [made])


def test_texts_holding_a_needle_are_found_by_one_search(indexes: list[RunIndex]) -> None:
    for index in indexes:
        texts = [call.command_lower for call in index.calls]
        for needle in ["./...", "/", " ", "-q", "", "\0", "py", *(t[3:9] for t in texts[:5])]:
            expected = [n for n, text in enumerate(texts) if needle in text]
            assert index._inputs.containing(needle) == expected, needle


def test_write_signals_are_searched_only_where_they_can_match() -> None:
    pick = random.Random(21)
    words = ["> ", "tee ", "sed -i", "mv ", "cp ", "touch", "mkdir -p", "tar -czf", "zip",
             "to_csv(", "write(", "open(", "savefig(", "dump(", "-o ", "--output", "rm -rf",
             "git rm", "git mv", "unlink", "Wrote", "written", "CREATED", "saved", "updated",
             "edited", "renamed", "rmdir", "del", "DELETE", "x", " ", "|", ";", "\n", "ſaved",
             "save it as ", "-o utf ", "term", "é", "…", "±", "\u212a", "-O", "--output=\"",
             "= "]  # fmt: skip
    # what _WRITE_SIGNAL and an output option before the path (`_output_given`) find
    output_option = re.compile(r"(?:-o|--output)(?:[\s=]\s*)?[\"']?$", re.I)
    for _ in range(20_000):
        before = "".join(pick.choice(words) for _ in range(pick.randint(0, 6)))
        for signal in (_files._WRITE_SIGNAL, _files._DELETE_SIGNAL):
            found = bool(signal.search(before))
            if signal is _files._WRITE_SIGNAL:
                found = found or bool(output_option.search(before))
            assert _files._signalled(signal, before) == found, before


def test_a_nouns_figures_are_those_a_search_of_the_whole_output_finds(
    indexes: list[RunIndex],
) -> None:
    """`_facts._noun_figures` searches only the lines holding the noun."""

    def whole(output: str, stem: str, named: bool) -> list[tuple[float, str]]:
        noun = re.escape(stem) + r"(?:e?s|\(s\))?"
        figure = _facts._FIGURE
        shapes = (
            rf"\b{noun}:? {figure}(?![\w.])"
            if named
            else rf"(?<![\w.,]){figure} {noun}\b"
            rf"|\b{noun}(?: [a-z]+)?: (?:[a-z]+ )?{figure}(?![\w.])"
        )
        found = re.finditer(shapes, output)
        return [(float(m.group(m.lastindex or 1).replace(",", "")), m.group(0)) for m in found]

    stems = ["test", "warning", "error", "file", "suite", "seed", "pass", "line", "item"]
    outputs = {call.output_lower for index in indexes for call in index.calls}
    pick = random.Random(21)
    parts = [*stems, "s", "es", "(s)", " ", " ", ": ", ":", "\n", "\r\n", "1", "17", "1,204",
             "0.5", ".", ",", "-", "run", "é", "٣", "x"]  # fmt: skip
    outputs |= {"".join(pick.choices(parts, k=pick.randint(0, 12))) for _ in range(20_000)}
    for output in outputs:
        for stem in stems:
            for named in (False, True):
                expected = whole(output, stem, named)
                assert _facts._noun_figures(output, stem, named) == expected, (output, stem)


def test_a_crossed_line_is_the_one_the_pattern_finds(indexes: list[RunIndex]) -> None:
    """`_actions._crossed` searches only outputs holding one of `_CROSSED`'s marks."""
    outputs = {call.output for index in indexes for call in index.calls}
    pick = random.Random(21)
    parts = ["✖", "✗", "✘", "❌", "✔", " ", "\t", "\n", "\r", "de: 3 missing", "lint", "é", "x"]
    outputs |= {"".join(pick.choices(parts, k=pick.randint(0, 8))) for _ in range(20_000)}
    for output in outputs:
        found = _actions._CROSSED.search(output)
        crossed = _actions._crossed(output)
        assert (crossed and crossed.span()) == (found and found.span()), output


def test_a_tools_closing_failure_is_searched_for_where_a_reading_of_it_can_be(
    indexes: list[RunIndex],
) -> None:
    """`_index._tool_failed` answers as `_TOOL_FAILED.search` of the output's tail."""
    tails = {call.output[-300:] for index in indexes for call in index.calls}
    pieces = ["make: *** [x] Error 1", "make[2]: *** [Makefile:14: test] Error 2", "make",
              "make: *** Error 0", ": ", "*** ", "***", "Error ", "Error", "1", "0", "12", " ",
              "Command failed with exit code 1.", "Command failed", "npm ERR! code 1", "npm ",
              "npm error code ELIFECYCLE", "npm ERR! code 0", "ERR!", " code ", "code", "x",
              "\n", "\n", ".", "done (warnings were emitted)", "done ", "warnings were emitted",
              ")"]  # fmt: skip
    pick = random.Random(21)
    tails |= {"".join(pick.choices(pieces, k=pick.randint(0, 8))) for _ in range(40_000)}
    for tail in tails:
        assert _index._tool_failed(tail) == bool(_index._TOOL_FAILED.search(tail)), tail


def run_of(*commands: str) -> RunIndex:
    from agentv_grader.rundata.records import Message, ToolCall, Transcript

    messages = tuple(
        Message(n, "assistant", "", (ToolCall("Bash", {"command": c}, "", "ok"),))
        for n, c in enumerate(commands, start=1)
    )
    return RunIndex(Transcript("t.json", "openai-messages", messages), "", None)


def test_context_words_split_camel_case_as_the_pattern_does() -> None:
    from agentv_grader.claims._facts import _STOP, _UNITS, _context, _stem

    for text in ["fooBar", "FOO", "foo", "Foo", "fooBAR", "aB1c", "x", "maxRetries ms", "ID"]:
        expected = {
            _stem(part)
            for word in re.findall(r"[A-Za-z][A-Za-z0-9]*", text)
            for part in re.split(r"_|(?<=[a-z])(?=[A-Z])", word)
            if len(part) > 1 and part.lower() not in _STOP | _UNITS
        }
        assert _context(text, 0, 0) == expected, text


def test_a_flat_input_is_spelt_as_json_dumps_spells_it() -> None:
    from agentv_grader.claims._index import _dumped

    pick = random.Random(21)
    chars = 'ab "\\\n\t\x00\x1fé\u2028\ud800/'
    for _ in range(5_000):
        value = {
            "".join(pick.choice(chars) for _ in range(pick.randint(0, 4))): "".join(
                pick.choice(chars) for _ in range(pick.randint(0, 6))
            )
            for _ in range(pick.randint(0, 3))
        }
        for separators in ((",", ":"), (", ", ": ")):
            expected = json.dumps(value, ensure_ascii=False, separators=separators)
            assert _dumped(value, separators) == expected
    assert _dumped({"n": 1, "s": "x"}, (",", ":")) == '{"n":1,"s":"x"}'  # not flat: json itself


def test_an_input_is_flat_when_every_key_and_value_is_a_plain_str() -> None:
    """`_flat_strings` is the set test it replaced: the types of the keys and of the
    values are all exactly `str` (a subclass, a number, a nested object or None is not)."""
    from agentv_grader.claims._index import _dumped, _flat_strings

    class Text(str):
        pass

    parts: list[object] = ["a", "", Text("t"), 1, 1.5, None, True, ["x"], {"k": "v"}]
    pick = random.Random(22)
    for _ in range(3_000):
        value = {
            pick.choice(
                [k for k in parts if isinstance(k, (str, int, float, bool)) or k is None]
            ): (pick.choice(parts))
            for _ in range(pick.randint(0, 4))
        }
        plain = {type(k) for k in value} <= {str} and {type(v) for v in value.values()} <= {str}
        assert _flat_strings(value) is plain, value
        separators = (",", ":")
        if all(isinstance(k, str) for k in value):
            expected = json.dumps(value, ensure_ascii=False, separators=separators)
            assert _dumped(value, separators) == expected, value


def test_claim_positions_are_the_ones_counted_from_the_start() -> None:
    from agentv_grader.claims._units import Positions, position

    for text in ["", "a", "\n", "ab\ncd\n\nef", "\r\n x \n", "é\n\u2028z\n"]:
        place = Positions(text)
        for offset in range(len(text) + 1):
            assert place(offset) == position(text, offset), (text, offset)


def test_a_search_result_link_is_found_in_any_case_as_the_pattern_finds_it() -> None:
    """Outputs that cannot hold the name are skipped only where that is certain: the
    output folded (`_gate.folded`, as `_ok_searches` spells it) lacks the name lowercased,
    also where `re.I` matches an ASCII letter to another (`ſ`, Kelvin's `K`, `İ`, `ı`)."""
    outputs = [
        "1. Nothing here https://a.example/x",
        "2. FASTAPI guide https://b.example/fastapi-guide\n3. other https://c.example",
        "4. ſtarlette https://d.example/s",
        "5. \u212aohavi's paper https://e.example/k\n6. P\u0130P and p\u0131p https://f.example",
        "7. é Kohav https://g.example",
    ]
    searches = [c._replace(output=o, output_lower=o.lower()) for c, o in zip(
        [*run_of("a", "b", "c", "d", "e").calls], outputs, strict=True)]  # fmt: skip
    names = ["FastAPI", "fastapi", "Starlette", "nothing", "absent", "Kohavi", "PIP", "Kohav"]
    for name in names:
        pattern = re.compile(rf"(?<![\w-]){re.escape(name)}(?![\w-])", re.I)
        plain = next((c for c in searches for _ in pattern.finditer(c.output)), None)
        link = _web._result_link(
            name, [(c.output, folded(c.output, c.output_lower)) for c in searches]
        )
        assert (link is None) == (plain is None), name


def _plainly_holding(texts: list[str], needle: str) -> list[int]:
    """What `_Postings.holding` stands for, read text by text: the needle's words whole
    words of the text (its last may begin a longer one) and the needle itself in it."""
    from agentv_grader.claims._index import _words

    if not needle:
        return []
    words = _words(needle)
    found = []
    for number, text in enumerate(texts):
        have = set(_words(text))
        ok = all(
            any(w.startswith(word) for w in have)
            if _Postings._is_prefix(needle, word, at == len(words) - 1)
            else word in have
            for at, word in enumerate(words)
        )
        if ok and needle in text:
            found.append(number)
    return found


@pytest.fixture(params=["words", "tokens"])
def indexed_by(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    """Texts indexed by word (small runs), or by token with every needle of token
    characters looked up in the tokens (large runs; forced here on small texts)."""
    if request.param == "tokens":
        monkeypatch.setattr(_index, "_TOKENS_FROM", 0)
        monkeypatch.setattr(_index, "_TOKENS_WHEN_READING", 0)
    return str(request.param)


def test_a_needles_texts_are_listed_in_order_as_they_are_read(indexed_by: str) -> None:
    """A needle of more distinct texts than `candidates` lists first: its texts, read in
    part, then in whole, then again, are the texts holding it, in order."""
    pick = random.Random(22)
    for _ in range(40):
        distinct = [
            f"row {n} of {pick.choice(['ok', 'fail'])}" for n in range(pick.randint(20, 90))
        ]
        texts = [pick.choice(distinct) for _ in range(pick.randint(0, 300))]
        postings = _Postings(_numbered(texts))
        assert postings.tokened == (indexed_by == "tokens")
        for needle in ("row", "ok", "fail", "of ok", "of fail"):
            expected = [n for n, text in enumerate(texts) if needle in text]
            read = pick.randint(0, len(expected) + 1)
            assert list(itertools.islice(postings.candidates(needle), read)) == expected[:read]
            assert list(postings.candidates(needle)) == expected, (texts, needle)
            assert list(postings.candidates(needle)) == expected, (texts, needle)


def test_a_needle_is_found_in_the_texts_reading_each_finds_it_in(indexed_by: str) -> None:
    """Each distinct text is indexed and searched once; what it finds stands for every
    text equal to it, and the order is the texts' own; the places of a needle are every
    place of it in those texts, looked up by word or by token."""
    pick = random.Random(21)
    pieces = ["ok", "months", "month", "12", "1,2", "a b", "./...", "-q", " ", "\n", "é", "x1",
              "pytest", "py", "\0", "--warmup 3", "warm", "status: 200", "1.2", "11.2",
              "1.7.4", "5,111", "x-1", "-", ".", "2-", "0.1", "a.b", "v1.2.3-rc"]  # fmt: skip
    for _ in range(300):
        distinct = ["".join(pick.choice(pieces) for _ in range(pick.randint(0, 5)))
                    for _ in range(pick.randint(1, 6))]  # fmt: skip
        texts = [pick.choice(distinct) for _ in range(pick.randint(0, 12))]
        postings = _Postings(_numbered(texts))
        assert postings.tokened == (indexed_by == "tokens")
        calls = tuple(SimpleNamespace(number=n, output_lower=t) for n, t in enumerate(texts))
        needles = {*pieces, "", "mon", "onth", "2", "ok ", "1.", ".2", "1,", "ok mon", "a mon"}
        for needle in {*needles, "12 month", "x1 pyt", *texts[:3]}:
            holding = _plainly_holding(texts, needle)
            assert postings.holding(needle) == holding, (texts, needle)
            places = [(n, m.start()) for n in holding
                      for m in re.finditer(f"(?={re.escape(needle)})", texts[n])]  # fmt: skip
            found = _places_of(postings, calls, needle)  # type: ignore[arg-type]
            assert [(call.number, at) for call, at in found] == places, (texts, needle)
            assert postings.first(needle) == (holding[0] if holding else None), (texts, needle)
            expected = [n for n, text in enumerate(texts) if needle in text] if needle else []
            assert postings.containing(needle) == expected or not needle, (texts, needle)


def test_a_words_texts_are_those_of_the_tokens_it_is_a_word_of(indexed_by: str) -> None:
    """Indexed by token, a word's texts are merged from its tokens' (and the words are
    sorted for a prefix's lookup, indexed by word as they stand): the same as indexing
    each text by word."""
    from agentv_grader.claims._index import _words

    pick = random.Random(21)
    pieces = ["1.2", "11.2", "1.7.4", "5,111", "x-1", "-", ".", "a b", "12", "month", "v1.2-rc"]
    for _ in range(300):
        texts = ["".join(pick.choice(pieces) for _ in range(pick.randint(0, 6)))
                 for _ in range(pick.randint(1, 6))]  # fmt: skip
        postings = _Postings(_numbered(texts))
        distinct = postings.distinct
        words = sorted({w for text in distinct for w in _words(text)})
        for word in words:
            plain = [d for d, text in enumerate(distinct) if word in _words(text)]
            assert postings.word(word) == plain, (texts, word)
        assert postings.word(b"absent") == []
        postings._starting(b"")  # the sorted words, made on first use
        assert postings._sorted == words


def test_a_tokens_texts_are_those_holding_it_in_any_of_their_lines() -> None:
    """Indexed by token, each distinct line is split once and a text's bit ORed in for each
    line and token met, a repeated one again (no set made of either): the same bit sets as
    each whole text's tokens, and each word's those of the tokens it is a word of."""
    from agentv_grader.claims._index import _WORD_BYTES, _by_line, _parts_of, _tokens

    pick = random.Random(21)
    pieces = ["ok", "a.b", "1,2", "x-1", "ok ok", " ", "\n", "\n\n", "é", "1.2-3", "ok\n"]
    for _ in range(2000):
        texts = ["".join(pick.choice(pieces) for _ in range(pick.randint(0, 8)))
                 for _ in range(pick.randint(1, 6))]  # fmt: skip
        plain: dict[bytes, int] = {}
        parts: dict[bytes, int] = {}
        for number, text in enumerate(texts):
            for token in set(_tokens(text)):
                plain[token] = plain.get(token, 0) | 1 << number
                for word in set(token.translate(_WORD_BYTES).split()) - {token}:
                    parts[word] = parts.get(word, 0) | 1 << number
        bits = _by_line(texts)
        assert bits == plain, texts
        assert _parts_of(bits) == parts, texts


def test_a_bit_sets_members_are_its_set_bits_in_order() -> None:
    """Indexed by token, a token's texts are a bit set, listed by `_members`."""
    from agentv_grader.claims._index import _members

    pick = random.Random(21)
    for size in (0, 1, 2, 7, 8, 9, 63, 64, 65, 300, 2000):
        for _ in range(50):
            numbers = sorted(pick.sample(range(size), pick.randint(0, size))) if size else []
            bits = sum(1 << n for n in numbers)
            assert _members(bits) == numbers


def test_the_runs_lookups_find_what_reading_every_call_finds(indexed_by: str) -> None:
    for index in _indexes():
        outputs = [c.output_lower for c in index.calls]
        inputs = [c.command_lower for c in index.calls]
        needles = {"pytest", "passed", "--warmup", "200", "status", "./...", "src/app.py", "0",
                   "1.2", "0.5", "2024-06-15", "1,200", "a-1", "-"}  # fmt: skip
        for needle in needles:
            assert [c.order - 1 for c in index.inputs_with(needle)] == _plainly_holding(
                inputs, needle
            )
            assert [c.order - 1 for c in index.calls_with_output(needle)] == _plainly_holding(
                outputs, needle
            )
            plain = [(n, m.start()) for n in _plainly_holding(outputs, needle)
                     for m in re.finditer(f"(?={re.escape(needle)})", outputs[n])]  # fmt: skip
            assert [(c.order - 1, at) for c, at in index.outputs_with(needle)] == plain
            first = index.first_output(needle)
            assert (first.order - 1 if first else None) == (plain[0][0] if plain else None)
            assert index.mentions(needle) == index.union(
                index.inputs_with(needle), index.calls_with_output(needle)
            )


def test_calls_tested_by_distinct_command_are_those_testing_every_call_finds(
    indexes: list[RunIndex],
) -> None:
    """`inputs_where` tests each distinct command holding a needle once, and keeps those
    of some families by each distinct command's family (its calls asked only where two
    families give it): it finds the calls a test of each call of `inputs_with` finds, of
    any family or of some, on every labelled run, on it run twice over and on runs
    sharing a command between the shell and another tool."""
    needles = ["pytest", "test", "npm", "curl", "src/app.py", "-q", "./...", "", "200", "ok"]
    families = [None, frozenset({"shell"}), frozenset({"shell", "http", "fetch", "other"})]
    runs = [*indexes, *map(_with_repeats, indexes), *_shared_test_commands()]
    for index in runs:
        for needle in needles:
            tests = [re.compile(rf"\b{re.escape(needle)}\b").search, str.isascii,
                     lambda text: "-q" in text, lambda text: "Q" in text]  # fmt: skip
            for test, kept in itertools.product(tests, families):
                for lowered in (True, False):
                    plain = [
                        c
                        for c in index.inputs_with(needle)
                        if (kept is None or c.family in kept)
                        and test(c.command_lower if lowered else c.command)
                    ]
                    assert index.inputs_where(needle, test, kept, lowered) == plain, needle


def test_calls_of_several_groups_are_joined_as_one_ordered_list(indexes: list[RunIndex]) -> None:
    pick = random.Random(21)
    for index in indexes:
        calls = list(index.calls)
        for _ in range(20):
            groups = [sorted(pick.sample(calls, pick.randint(0, len(calls)))) for _ in range(3)]
            plain = {c.order: c for group in groups for c in group}
            expected = [plain[order] for order in sorted(plain)]
            assert index.union(*groups) == expected
            assert index.union(*(iter(g) for g in groups)) == expected


def test_the_latest_call_of_each_reading_is_the_latest_passing_a_test(
    indexes: list[RunIndex],
) -> None:
    """`_files._latest_of_each`: the first of its calls passing a test of a call's family,
    command, output and failure (a path's write, read or move) is the last of all the
    calls naming the path that pass it, on every labelled run and on it run twice over."""
    tests = [
        lambda c: not c.failed,
        lambda c: c.failed,
        lambda c: c.family in ("write", "edit") and not c.failed,
        lambda c: "0" in c.output and not c.failed,
        lambda c: "py" in c.command_lower,
        lambda c: True,
    ]
    for index in [*indexes, *map(_with_repeats, indexes)]:
        for needle in ["src/app.py", "py", "test", "0", "json", "-", "report"]:
            mentions = index.mentions(needle)
            latest = _files._latest_of_each(mentions)
            assert len(set(latest)) == len(latest) and set(latest) <= set(mentions)
            for test in tests:
                plain = [c for c in mentions if test(c)]
                assert next(filter(test, latest), None) == (plain[-1] if plain else None)


def test_an_output_opening_with_an_error_is_seen_as_the_pattern_sees_it() -> None:
    from agentv_grader.claims._index import _ERROR_START, _failed

    pick = random.Random(21)
    pieces = ["Error", "ERROR", "error:", "Traceback (most recent", "fatal:", "npm ERR!", " ",
              "\t", "\n", "\u2003", "\x1c", "x", "e", "E", "T", "f", "n", "ok", "é"]  # fmt: skip
    for _ in range(20_000):  # no exit code nor HTTP status among the pieces
        output = "".join(pick.choice(pieces) for _ in range(pick.randint(0, 4)))
        assert _failed(output) == (_ERROR_START.match(output[:200]) is not None), output


def _with_repeats(index: RunIndex) -> RunIndex:
    """The same run with every tool call made a second time after the first pass (a run
    that repeats its commands and outputs, as agents re-run tests)."""
    from agentv_grader.rundata.records import Message, ToolCall, Transcript

    calls = [ToolCall(c.name, {"command": c.command} if c.family == "shell" else c.command,
                      c.output, "error" if c.failed else "ok") for c in index.calls]  # fmt: skip
    messages = tuple(
        Message(n, "assistant", "", (call,)) for n, call in enumerate(calls + calls, start=1)
    )
    return RunIndex(Transcript("t.json", "openai-messages", messages), index.task, None)


def _plain_writers(index: RunIndex) -> tuple[bool, frozenset[str]]:
    manifests: set[str] = set()
    for (pattern, names), words in zip(_files._MANIFESTS, _files._MANIFEST_WORDS, strict=True):
        if index.shell_matching(pattern, words):
            manifests.update(names)
    if any(
        _files._opaque_call(c, index) for c in index.shell if _files._OPAQUE.search(c.command_lower)
    ):
        return True, frozenset(manifests)
    for call in index.shell:
        if any(w in call.command_lower for w in _files._INTERPRETERS):
            for match in _files._SCRIPT.finditer(call.command):
                script = (match.group(1) or match.group(2) or "").lower()
                if script not in ("", "-") and not _files._shown(script, index):
                    return True, frozenset(manifests)
    return False, frozenset(manifests)


def _plain_test_runs(index: RunIndex) -> list[_index.Call]:
    """The test runs read call by call: each shell call whose command a runner reads."""
    return [c for c in index.shell if RUNNER.search(c.command_lower)]


def _ends(calls: list[_index.Call]) -> tuple[_index.Call, ...]:
    return tuple(dict.fromkeys(calls[:1] + calls[-1:]))


def _plain_runs(clause: str, index: RunIndex) -> tuple[tuple[_index.Call, ...], bool]:
    """`_tests._runs` listing every run of a selection: the ends of those lists."""
    from agentv_grader.claims import _tests

    read = _tests._Clause(clause)
    runs = _plain_test_runs(index)
    full = [c for c in runs if _tests._unscoped(c.command)]
    if not read.words.isdisjoint(_tests._FULL.words) or _tests._FULL_PHRASE.search(clause):
        counted = any(ch.isdigit() for ch in clause)
        now = bool(full) and (counted and not index.changed_after(full[-1]))
        return _ends(full), bool(full) and (full[-1] is runs[-1] or now)
    if read.names:
        named = [c for c in runs if any(name in c.output for name in read.names)]
        if not named or not full:
            return _ends(named), True
        first = full[0] if full[0].order < named[0].order else named[0]
        if full[-1].order > named[-1].order:
            return (first, full[-1]), False
        return _ends([first, *named]), True
    words = [w.lower() for w in _tests._SCOPE_WORD.findall(clause)]
    scope = [w.rstrip("s") for w in words if w not in _tests._SCOPE_SKIP and len(w) > 2]
    paths = _tests._ticked_paths(clause) if "/" in clause else []
    for word in scope:
        path = next((p for p in paths if word in p), "")
        holding = {c.order for c in index.inputs_with(word)}
        matching = [
            c
            for c in runs
            if c.order in holding
            and not (path and _tests._in_other_paths(c.command_lower, word, path))
        ]
        if matching:
            return _ends(matching), True
    if any(w in ("unit", "integration", "e2e", "smoke", "api") for w in words):
        return _ends(full), False
    scope = [w for w in scope if w not in _tests._RUNNER_NAMES]
    return _ends(runs), not scope or (bool(runs) and _tests._unscoped(runs[-1].command))


def _plain_negated(clause: str, index: RunIndex) -> str | None:
    from agentv_grader.claims import _tests

    if _tests._SKIPPED.may_hold(clause) or not _tests._RAN.may_hold(clause):
        return "not asked"
    # the scope is said before a time or a condition (`with `python -m unittest``)
    scope = re.split(
        r"\b(?:after|since|once|before|until|when|while)\b", clause, maxsplit=1, flags=re.I
    )[0]
    scope = re.split(r"\b(?:under|with|using|against)\b", scope, maxsplit=1, flags=re.I)[0]
    words = [w.lower() for w in re.findall(r"[A-Za-z][\w-]+", scope)]
    for word in (w for w in words if w not in _tests._SCOPE_SKIP and len(w) > 3):
        for call in _plain_test_runs(index):
            command = call.command_lower
            if word in command and not re.search(
                _tests._NOT_SCOPE.format(re.escape(word)), command
            ):
                return f"{word} tests were run: {call.cite()}"
    return None


def _plain_file_negated(text: str, index: RunIndex) -> str | None:
    """`_files._negated` reading every call: its evidence."""
    found = None
    match = _files._NEGATED_ANY.search(text)
    if match is not None:
        scope = (match.group(1) or "").lower()
        for call in index.of_families("write", "edit") if scope else index.shell:
            if call.failed:
                continue
            if not scope and _files._DELETES.search(call.command):
                return f"a file was deleted: {call.cite()}"
            if scope:
                if scope.startswith("test") and not _files._TEST_PATH.search(call.command):
                    continue
                return f"{scope} were modified: {call.cite()}"
        return None
    for verb_paths in _files._touched(text):
        found = next((c for c in index.of_families("write", "edit")
                      if verb_paths in c.command_lower), None)  # fmt: skip
        if found is not None:
            return f"{verb_paths} was modified: {found.cite()}"
    folder = _files._UNTOUCHED_FOLDER.search(text)
    if folder is not None:
        inside = re.compile(rf"[/\"' ]{re.escape(folder.group(1).lower())}/")
        for call in index.calls:
            if call.family in ("write", "edit") and not call.failed:
                if inside.search(call.command_lower):
                    return f"{folder.group(1)} were modified: {call.cite()}"
    return None


def _plain_nothing_written(index: RunIndex) -> bool:
    if not index.calls or any(c.family not in _files._QUIET_FAMILIES for c in index.calls):
        return False
    return (
        not any(_files._MAY_WRITE.search(c.command) for c in index.shell)
        and not any(_files._PACKAGE_CHANGE.search(c.command_lower) for c in index.shell)
        and not _plain_writers(index)[0]
    )


def _plain_install(text: str, index: RunIndex) -> list[_facts.Finding]:
    """`_actions.install_findings` reading every install call."""
    match = _actions._INSTALLED.search(text)
    if match is None:
        return []
    installs = index.shell_matching(_actions._INSTALL_CALL, _actions._INSTALL_WORDS, False)
    package = (match.group(1) or match.group(3) or "").lower()
    chosen = [c for c in installs if package in c.command_lower] if package else installs
    if not chosen:
        what = f"`{package}`" if package else "anything"
        seen = "; ".join(c.cite() for c in installs[:2])
        evidence = f"no tool call installs {what}" + (f" ({seen})" if seen else "")
        return [_facts.Finding(_facts.CONTRADICTED, evidence)]
    if all(c.failed for c in chosen):
        evidence = f"every install failed: {chosen[-1].cite()}"
        return [_facts.Finding(_facts.CONTRADICTED, evidence)]
    ok = [c for c in chosen if not c.failed][-1]
    return [_facts.Finding(_facts.VERIFIED, ok.cite("install"))]


def _plain_fetch(text: str, index: RunIndex) -> _facts.Finding | None:
    """`_web._fetch` reading every fetch call."""
    if not _web._FETCHED_GATED.search(text):
        return None
    calls = _web.fetches(index)
    hosts = [
        h.group(0).lower()
        for h in _web._HOST.finditer(text)
        if "." in h.group(0) and not _web._FILE_SUFFIX.search(h.group(0))
    ]
    if hosts:
        naming = {c.order for h in hosts for c in index.inputs_containing(h)}
        calls = [c for c in calls if c.order in naming]
        if not calls:
            return _facts.Finding(_facts.CONTRADICTED, f"no call fetched {hosts[0]}")
    if not calls:
        return None
    ok = [c for c in calls if not c.failed]
    return _facts.Finding(_facts.VERIFIED, ok[-1].cite()) if ok else None


def _plain_unread(text: str, index: RunIndex) -> _facts.Finding | None:
    """`_web._unread` reading every fetch call."""
    if not _web._READ_SOURCE_GATED.search(text):
        return None
    searches = _web._ok_searches(index)
    if not searches:
        return None
    fetched = _web.fetches(index)
    names = [  # a name, not a word that opens the sentence: an acronym, a possessive
        m.group(1)
        for m in _web._NAME.finditer(text)
        if m.start() > 0 or m.group(1).isupper() or m.group(0).endswith("'s")
    ]
    for name in dict.fromkeys(names):
        link = _web._result_link(name, searches)
        if link is None:
            continue
        link_lower = link.lower()
        read = [c for c in fetched if not c.failed and link_lower in c.command_lower]
        elsewhere = [
            c
            for c in index.calls_with_output(name.lower())
            if c.family != "search" and not c.failed
        ]
        linked = _actions.host(link)
        # another way in (`gh`, `git clone`, an API of the same host): not shown unread
        reached = (
            [c for c in index.inputs_containing(linked) if c.family != "search"] if linked else []
        )
        if not read and not elsewhere and all(c.failed for c in reached):
            tried = [c for c in fetched if link_lower in c.command_lower]
            how = f"its fetch failed: {tried[-1].cite()}" if tried else "no call fetched it"
            evidence = f"{name} is only a search result ({link}); {how}"
            return _facts.Finding(_facts.CONTRADICTED, evidence)
    return None


def _runs_of(*runs: list[ToolCall]) -> list[RunIndex]:
    """Each list of calls indexed as a run, one call to a message."""
    from agentv_grader.rundata.records import Message, Transcript

    return [
        RunIndex(
            Transcript(
                "t.json",
                "openai-messages",
                tuple(Message(n, "assistant", "", (call,)) for n, call in enumerate(run, start=1)),
            ),
            "",
            None,
        )  # fmt: skip
        for run in runs
    ]


def _searched_runs() -> list[RunIndex]:
    """Runs whose search found a paper, fetched after it by a call that failed, then by
    one that did not, and by another that failed."""
    from agentv_grader.rundata.records import ToolCall

    link = "https://exp-platform.com/paper.pdf"
    calls = [
        ToolCall("WebSearch", {"query": "kohavi"}, f"Kohavi et al. {link}", "ok"),
        ToolCall("WebFetch", {"url": link}, "HTTP 404", "error"),
        ToolCall("WebFetch", {"url": link}, "the paper", "ok"),
        ToolCall("WebFetch", {"url": link.upper()}, "HTTP 500", "error"),
    ]
    return _runs_of(calls[:2], calls, calls[:2] + calls[3:])


def _shared_test_commands() -> list[RunIndex]:
    """Runs whose test command is also another tool's input, before and after the shell
    ran it, with runs of a test file and of everything, and an install."""
    from agentv_grader.rundata.records import ToolCall

    calls = [
        ToolCall("Task", "pytest -q", "delegated", "ok"),
        ToolCall("Bash", {"command": "pytest -q tests/test_user.py"}, "1 failed, 2 passed"),
        ToolCall("Bash", {"command": "pytest -q"}, "FAILED test_login - 1 failed, 4 passed"),
        ToolCall("Bash", {"command": "PYTEST -q"}, "5 passed"),
        ToolCall("Bash", {"command": "pytest -q tests/test_user.py"}, "3 passed"),
        ToolCall("Task", "pytest -q", "done", "ok"),
        ToolCall("Bash", {"command": "pip install requests"}, "Successfully installed"),
    ]
    return _runs_of(calls[:2], calls, calls[2:] + calls[:2], calls[::-1])


def _shared_edits() -> list[RunIndex]:
    """Runs whose edits repeat, fail, differ only in case and share their input with a
    read, before and after the edit."""
    from agentv_grader.rundata.records import ToolCall

    calls = [
        ToolCall("Read", "src/app.py", "print(1)", "ok"),
        ToolCall("Write", "src/app.py", "Error: permission denied", "error"),
        ToolCall("Write", "SRC/app.py", "written", "ok"),
        ToolCall("Write", "src/app.py", "written", "ok"),
        ToolCall("Edit", {"file_path": "a.py", "old": "x"}, "no match", "error"),
        ToolCall("Edit", {"file_path": "a.py", "old": "x"}, "no match", "error"),
        ToolCall("Read", "src/app.py", "print(2)", "ok"),
    ]
    return _runs_of(calls, calls[::-1], calls[1:] + calls[:1])


def _plain_edits(index: RunIndex) -> tuple[dict[str, _index.Call], dict[str, _index.Call]]:
    first: dict[str, _index.Call] = {}
    done: dict[str, _index.Call] = {}
    for call in index.of_families("write", "edit"):
        first.setdefault(call.command_lower, call)
        if not call.failed:
            done.setdefault(call.command, call)
    return first, done


def _plain_tool_runs(index: RunIndex, word: str) -> list[_index.Call]:
    named = re.compile(rf"\b{re.escape(word)}\b")
    plain_runs = [
        c
        for c in index.inputs_with(word)
        if named.search(c.command_lower) and c.family not in ("edit", "write")
    ]
    if plain_runs:
        return plain_runs
    echoed = re.compile(rf"[$>] +{re.escape(word)}\b")  # a package script's echo of its command
    return [c for c in index.shell if echoed.search(c.output_lower)]


def test_whole_run_questions_read_each_distinct_command_as_reading_every_call_does(
    indexes: list[RunIndex],
) -> None:
    """The per-run answers that read each distinct command or output once (writers,
    fetch hosts, fetches, the shell's distinct commands and the calls a pattern finds in
    them, the test runs a clause speaks of, HTTP statuses, counts, negated test runs)
    against the plain reading of every call, on every labelled run, on it run twice over
    and on runs sharing a test command with another tool."""
    from agentv_grader.claims import _tests
    from agentv_grader.claims._units import units

    clauses = [u.text for d in sorted(p for p in RUNS.iterdir() if p.is_dir())
               for u in units((d / "response.md").read_text(encoding="utf-8"))]  # fmt: skip
    clauses += ["I did not run the integration tests", "I never ran pytest -k slow",
                "All user tests pass", "test_login failed", "The full suite passed",
                "The unit tests pass", "Initially the tests failed"]  # fmt: skip
    web = [
        "I fetched https://docs.python.org/3/ and pypi.org", "I fetched the page",
        "I read MDN's page on fetch", "The PyPI page confirms 2.1", "I visited example.com",
        "I read Kohavi's paper", "I fetched exp-platform.com",
    ]  # fmt: skip
    negated_files = [
        "I didn't modify any test files", "No files were deleted", "I didn't modify any files",
        "I didn't touch `src/app.py`", "I did not touch the migrations", "I didn't edit the tests",
    ]  # fmt: skip
    runs = [*indexes, *map(_with_repeats, indexes), *_searched_runs(), *_shared_test_commands(),
            *_shared_edits()]  # fmt: skip
    for index in runs:
        assert _files.writers(index) == _plain_writers(index)
        fetched = _web.fetches(index)
        for calls in (fetched, fetched[:1], fetched[:2], fetched[::-1], []):
            hosts = {_actions.domain(c) or c.name for c in calls}
            assert _web._one_source(calls) == (len(hosts) < 2)
        shell = [c for word in ("curl", "wget") for c in index.inputs_with(word)]
        plain = index.union(index.of_families("fetch", "http"),
                            [c for c in shell if _web._CURL.search(c.command_lower)])  # fmt: skip
        assert _web._fetches(index) == plain
        edits = _files._Edits(index)
        assert (edits.first, edits.done) == _plain_edits(index)
        written = list(dict.fromkeys(c.command for c in index.shell))
        assert index.shell_commands == written
        lowered, members = index._shell_distinct
        assert lowered == [command.lower() for command in written]
        assert [[index.calls[n] for n in numbers] for numbers in members] == [
            [c for c in index.shell if c.command == command] for command in written
        ]
        for pattern, words, as_written in (
            (_facts._COUNT_COMMAND, ("grep", "wc", "jq"), True),
            (_actions._INSTALL_CALL, _actions._INSTALL_WORDS, True),
            (_files._OPAQUE, _files._OPAQUE_WORDS, False),
        ):
            assert index.shell_matching(pattern, words, lowered=not as_written) == [
                c
                for c in index.shell
                if pattern.search(c.command if as_written else c.command_lower)
            ]
        plain_tests = _plain_test_runs(index)
        numbers = sorted(itertools.chain.from_iterable(index.tests.by_command))
        assert [index.calls[n] for n in numbers] == plain_tests
        assert tuple(run.call for run in index.tests.every) == _ends(plain_tests)
        for clause in clauses:
            for part in _tests._CLAUSE.split(clause):
                runs, scoped = _tests._runs(_tests._Clause(part), index)
                assert (tuple(run.call for run in runs), scoped) == _plain_runs(part, index)
        candidates = {c.order: c for n in ("http", "status") for c in index.calls_with_output(n)}
        shown = {c: _HTTP.search(c.output[:4000]) for c in candidates.values()}
        statuses = {
            c: int(next(g for g in found.groups() if g))
            for _, c in sorted(candidates.items())
            if (found := shown[c]) is not None
        }
        read = _actions._Statuses(index)
        assert read.calls == list(statuses)
        assert read.codes == list(statuses.values())
        assert read.at == {c.order: place for place, c in enumerate(statuses)}
        methods = [_actions._method(c) for c in statuses]  # each call's command read
        assert read.methods() == methods
        for method in ("GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"):
            assert read.using(method) == [p for p, m in enumerate(methods) if m == method]
        for word in sorted(_actions.TOOLS):
            assert _actions._runs_of(index, word) == _plain_tool_runs(index, word)
        # each count's call and count as shown under each word of its label, in order
        plain_by_word: dict[str, list[tuple[_index.Call, str]]] = {}
        for call in index.shell:
            label = _facts._count_output(call)
            for word in dict.fromkeys(label.split() if label else ()):
                plain_by_word.setdefault(word, []).append((call, call.output.strip()))
        assert _facts._counts_by_word(index) == plain_by_word
        assert _files._nothing_written(index) == _plain_nothing_written(index)
        installs = index.shell_matching(_actions._INSTALL_CALL, _actions._INSTALL_WORDS, False)
        packages = {w.strip("`'\"") for c in installs for w in c.command_lower.split()}
        claims = ["I installed it", "Installed nothing", *(f"I installed `{p}`" for p in packages)]
        for claim in claims:
            assert list(_actions.install_findings(claim, index)) == _plain_install(claim, index)
        for clause in [*clauses, *web]:
            assert _web._fetch(clause, index) == _plain_fetch(clause, index), clause
            assert _web._unread(clause, index) == _plain_unread(clause, index), clause
        for clause in [*clauses, *negated_files]:
            found_file = _files._negated(clause, index)
            expected = _plain_file_negated(clause, index)
            assert (found_file.evidence if found_file else None) == expected, clause
        for clause in clauses:
            plain_finding = _plain_negated(clause, index)
            if plain_finding != "not asked":
                found = _tests._negated(clause, index)
                assert (found.evidence if found else None) == plain_finding, clause


def test_a_runs_calls_are_those_reading_each_tool_call_makes() -> None:
    """_calls reads and lowercases each distinct output and command (as written) once (an
    output read for failure at its first call whose status is not error) and spells each
    distinct input once: the calls are those made call by call, on every labelled run,
    on it run twice over and on a run repeating inputs of every kind; each family's calls
    are those calls of it, in order."""
    from agentv_grader.claims._index import (
        Call,
        _calls,
        _command,
        _failed,
        _family,
        _grouped,
        _text,
    )
    from agentv_grader.rundata.records import Message, ToolCall, Transcript

    # inputs spelt once per distinct one: equal values of other types (1, True, 1.0),
    # -0.0 and 0.0, null and what orjson writes as null (NaN, infinity), what orjson
    # refuses (an integer past 64 bits, a lone surrogate, nesting past 255 levels), lists,
    # nesting past the recursion limit, each seen twice; outputs differing in case only;
    # one tool name given three categories in turn (each a kind of its own); outputs
    # that fail or not given by calls with an error status, then without, and the reverse
    deep: object = "x"
    for _ in range(5000):
        deep = {"a": deep}
    nested: object = "x"
    for _ in range(300):
        nested = [nested]
    inputs = [{"n": 1}, {"n": True}, {"n": 1.0}, {"n": 0.0}, {"n": -0.0}, {"n": None},
              {"n": float("nan")}, {"n": float("inf")}, {"n": -float("inf")}, {"n": 2**70},
              {"n": "\ud800"}, {"n": nested}, {"n": [1, "x"]}, {"n": [True, "x"]},
              {"command": ["ls", "-l"]}, {"cmd": 1}, [1, 2], 1, None, 1.5,
              {"q": "x", "max_results": 10}, deep]  # fmt: skip
    categories = (None, "web_search", None, "shell")
    outputs, statuses = ("ok", "OK", "İ", "Error: no", "Exit code 1"), ("error", "ok", "ok")
    made = Transcript("t.json", "messages", tuple(
        Message(n, "assistant", "", (ToolCall("search", value, outputs[n % 5], statuses[n % 3],
                                              category=categories[n % 4]),))
        for n, value in enumerate(inputs * 2)
    ), False)  # fmt: skip
    # a tool of no known family is a shell where its first input gives a command line
    own = Transcript("r.json", "messages", tuple(
        Message(n, "assistant", "", (ToolCall(name, value, "ok", "ok"),))
        for n, (name, value) in enumerate([("run", {"cmd": "ls -l"}), ("run", {"q": "x"}),
                                           ("view", {"cmd": 2}), ("go", {"command": "ls"})])
    ), False)  # fmt: skip
    runs = [made, own]
    for directory in sorted(p for p in RUNS.iterdir() if p.is_dir()):
        meta = json.loads((directory / "labels.json").read_text(encoding="utf-8"))
        transcript, _, _ = read_transcript(str(directory / meta["transcript"]), "")
        assert transcript is not None
        twice = Transcript(transcript.path, transcript.shape, transcript.messages * 2, False)
        runs += [transcript, twice]
    for run in runs:
        plain = []
        kinds: dict[str, tuple[str | None, str]] = {}  # a name's family, from its first input
        for message in run.messages:
            for tool in message.tool_calls:
                output = tool.output if isinstance(tool.output, str) else _text(tool.output)
                command = _command(tool.input)
                known = kinds.get(tool.name)
                if known is None or known[0] != tool.category:
                    family = _family(tool.name, tool.category, tool.input)
                    known = kinds[tool.name] = (tool.category, family)
                plain.append(Call(len(plain) + 1, message.index, tool.name,
                                  known[1], command, output,
                                  tool.status == "error" or _failed(output), command.lower(),
                                  output.lower()))  # fmt: skip
        result = _calls(run)
        assert result.calls == plain
        # numbered by the text as written, each distinct one lowercased
        for numbered, texts in ((result.outputs, [call.output for call in plain]),
                                (result.commands, [call.command for call in plain])):  # fmt: skip
            written, members = _numbered(texts)
            assert numbered == ([text.lower() for text in written], members)
        by_family: dict[str, list[Call]] = {}
        by_name: dict[str, list[Call]] = {}
        by_kind: dict[tuple[str, str | None], list[Call]] = {}
        tools = [tool for message in run.messages for tool in message.tool_calls]
        for call, tool in zip(plain, tools, strict=True):
            by_family.setdefault(call.family, []).append(call)
            by_name.setdefault(call.name, []).append(call)
            by_kind.setdefault((tool.name, tool.category), []).append(call)
        assert result.by_kind == by_kind
        assert list(result.by_kind) == list(by_kind)
        assert result.by_family == by_family
        assert list(result.by_family) == list(by_family)
        by_group = _grouped(result.by_kind, {kind: kind[0] for kind in result.by_kind})
        assert by_group == {key: tuple(calls) for key, calls in by_name.items()}
        assert list(by_group) == list(by_name)


def test_the_index_makes_no_reference_cycle() -> None:
    """The collector is paused while claims are checked: the index, with everything its
    cache keeps (the number places read so far, with the lookup still reading them), must
    be freed as soon as the checking is done, not left to a later collection."""
    import gc
    import weakref

    from agentv_grader.claims import _checked

    for directory in sorted(p for p in RUNS.iterdir() if p.is_dir()):
        meta = json.loads((directory / "labels.json").read_text(encoding="utf-8"))
        task = (directory / "task.md").read_text(encoding="utf-8")
        transcript, _, _ = read_transcript(str(directory / meta["transcript"]), task)
        assert transcript is not None
        response = (directory / "response.md").read_text(encoding="utf-8")
        was_enabled = gc.isenabled()
        gc.disable()
        try:
            index = RunIndex(transcript, task, None)
            alive = weakref.ref(index)
            _checked(response, index)
            del index
            assert alive() is None, directory.name
        finally:
            if was_enabled:
                gc.enable()


def _occurrences_afresh(
    index: RunIndex, literal: str, value: float, decimals: int
) -> list[tuple[_index.Call, int, int]]:
    """A number's occurrences read from the outputs with nothing kept: each form's first
    `_MAX_LOOKS` places (`outputs_with`), those where the number read shows the value."""
    found = []
    for form in _facts._forms(literal, value, decimals):
        for call, start in itertools.islice(index.outputs_with(form), _facts._MAX_LOOKS):
            number = _facts._number_at(call.output_lower, start, form)
            if number is not None and _facts._same(value, decimals, number[0]):
                found.append((call, start, number[1]))
    return found


def test_number_places_remembered_are_those_a_fresh_lookup_reads(
    indexes: list[RunIndex],
) -> None:
    """`_places` keeps what claims read of a number's places for later claims: read
    partly, then whole, they are what reading the outputs afresh finds, the first
    `_MAX_LOOKS`; `_shown` and `_labelled`, asked twice, answer as the first time."""
    forms = ["0", "1", "2", "3", "12", "14", "200", "404", "1,000", "2024", "99999"]
    for index in indexes:
        for form in forms:
            plain = []
            for call, start in itertools.islice(index.outputs_with(form), _facts._MAX_LOOKS):
                plain.append((call, start, _facts._number_at(call.output_lower, start, form)))
            literal = form.replace(",", "")
            stopped = _facts._occurrences(index, literal, float(literal), 0)
            next(stopped, None)
            read, _ = _facts._places(index, form)
            assert read == plain[: len(read)]
            list(_facts._occurrences(index, literal, float(literal), 0))
            assert read == plain
            assert _facts._shown(index, form) == _facts._shown(index, form)
            assert _facts._shown(index, form) == _facts._shown_in(index, form)
        for key in ("test", "row", "month", "total", "error"):
            assert _facts._labelled(index, key) is _facts._labelled(index, key)
            assert _facts._labelled(index, key) == _facts._labelled_in(index, key)


def _shown_afresh(index: RunIndex, literal: str) -> bool:
    """Whether `literal` stands alone at one of its first `_MAX_LOOKS` places, or has
    more, read from the outputs with nothing kept."""
    for looked, (call, at) in enumerate(_facts._number_places(index, literal)):
        if looked >= _facts._MAX_LOOKS or _facts._stands_alone(
            call.output_lower, at, at + len(literal)
        ):
            return True
    return False


def test_a_number_is_shown_where_a_fresh_reading_shows_it() -> None:
    """`_shown_in` reads the places kept for a number's claims, and past them: before any
    claim read them, after a claim stopped at its first occurrence and after one read
    them all, it answers what reading the outputs afresh answers, and the places it
    kept are those a fresh lookup reads."""
    literals = ["0", "1", "3", "12", "14", "200", "404", "2024", "1.2", "1,000", "99999"]
    for stop in (0, 1, None):
        for index in _indexes():
            for literal in literals:
                value = float(literal.replace(",", ""))
                decimals = len(literal.partition(".")[2])
                occurrences = _facts._occurrences(index, literal, value, decimals)
                list(itertools.islice(occurrences, stop))
                assert _facts._shown_in(index, literal) == _shown_afresh(index, literal)
                read, _ = _facts._places(index, literal)
                plain = list(itertools.islice(_facts._number_places(index, literal), len(read)))
                assert [(call, at) for call, at, _ in read] == plain, literal


def test_a_numbers_places_are_those_outputs_with_finds(indexes: list[RunIndex]) -> None:
    """`_number_places` reads a decimal's or a separated number's places from the calls
    holding it: the places `outputs_with` finds, in order."""
    numbers = ["0", "12", "1.2", "0.5", "4.1", "11.2", "1,000", "1,200", "2,450", "3.14", "9.99"]
    for index in indexes:
        for number in numbers:
            assert list(_facts._number_places(index, number)) == list(index.outputs_with(number))


def test_number_occurrences_kept_are_those_a_fresh_reading_finds(
    indexes: list[RunIndex],
) -> None:
    """`_occurrences` keeps a number's occurrences once read to the end: read again,
    after a reading stopped early or read whole, they are those a fresh reading finds."""
    literals = [("3", 3.0, 0), ("12", 12.0, 0), ("14.7", 14.7, 1), ("1.50", 1.5, 2)]
    for index in _indexes():
        for literal, value, decimals in literals:
            plain = _occurrences_afresh(index, literal, value, decimals)
            stopped = _facts._occurrences(index, literal, value, decimals)
            assert [next(stopped, None)] == (plain[:1] or [None])
            assert list(_facts._occurrences(index, literal, value, decimals)) == plain
            assert list(_facts._occurrences(index, literal, value, decimals)) == plain
            assert list(stopped) == plain[1:]


def test_a_place_shares_a_claims_words_where_its_words_do(indexes: list[RunIndex]) -> None:
    """`_shares_context` answers what the intersection with the place's words answers:
    for every place of small numbers in the labelled runs, with each of the place's own
    words, those words spelt longer or shorter and other places' words; and on made-up
    outputs of camelCase, plural, upper-case and non-ASCII words (Kelvin's `K` lowers to
    `k`), and bare counts (`grep -c`), whose words are not
    around the number. (`İ`, which lowers to two characters, is left out: the places are
    found in the lowercase output and read in the output as given.)"""
    from agentv_grader.rundata.records import Message, ToolCall, Transcript

    def agrees(index: RunIndex, context: set[str], call: _index.Call, at: int, end: int) -> None:
        plain = bool(context & _facts._output_context(index, call, at, end))
        assert _facts._shares_context(index, context, call, at, end) == plain, (context, at)

    seen: list[str] = []
    for index in indexes:
        for literal in ("1", "2", "3", "5", "12", "14", "42"):
            value = float(literal)
            for call, at, end in _facts._occurrences(index, literal, value, 0):
                words = _facts._output_context_of(call, at, end)
                contexts = [{w} for w in words] + [{w + "s"} for w in words]
                contexts += [{w[:-1]} for w in words if len(w) > 2] + [set(seen[-5:])]
                for context in contexts:
                    agrees(index, context, call, at, end)
                seen += sorted(words)
    pieces = ["fooBar", "maxRetries", "rows", "ROWS", "Row", "errors", "Item", "\u212aeys",
              "é", "Σ", " ", "  ", "_", "-", ":", "\n", "x", "3", "30", "ms", "the"]  # fmt: skip
    words = ["foo", "bar", "max", "retrie", "row", "error", "tem", "item", "key", "eys", "x"]
    pick = random.Random(21)
    for _ in range(300):
        outputs = ["".join(pick.choice(pieces) for _ in range(pick.randint(1, 40))) + " 3"]
        commands = ["grep -c ERROR app.log" if pick.random() < 0.2 else "cat out.txt"]
        if commands[0].startswith("grep"):
            outputs[0] = pick.choice(["3", " 3\n", "3 rows"])
        calls = (ToolCall("Bash", {"command": commands[0]}, outputs[0], "ok"),)
        transcript = Transcript("t.json", "openai-messages", (Message(1, "assistant", "", calls),))
        index = RunIndex(transcript, "", None)
        for call, at, end in _facts._occurrences(index, "3", 3.0, 0):
            for _ in range(10):
                agrees(index, set(pick.sample(words, pick.randint(1, 3))), call, at, end)


def test_an_output_is_lowered_as_str_lower_lowers_it(indexes: list[RunIndex]) -> None:
    """`_lowercase` (UTF-8 bytes lowered where no character other than ASCII has a
    lowercase) is `str.lower`, on every labelled output and on made texts of the
    characters whose lowercase differs or is longer (`É`, `İ`, a final `Σ`)."""
    texts = [call.output for index in indexes for call in index.calls]
    pick = random.Random(53)
    marks = ["…", "±", "─", "é", "É", "İ", "ı", "Σ", "ΑΣ", "ß", "ẞ", "ſ", "K", "\ud800", "٣"]
    for _ in range(2_000):
        texts.append("".join(pick.choice([*marks, "A", "b", " ", "\n", "Ok"]) for _ in range(9)))
    for text in texts:
        assert _index._lowercase(text) == text.lower(), text
    assert not all(map(str.isascii, texts))
