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

from agentv_grader.claims import _REFERENCES
from agentv_grader.claims._runners import RUNNER
from agentv_grader.claims._tests import _COMMAND_LINE

from .labelled import BLIND, HELDOUT, RUNS

# The spellings replaced: the same language, read in every way it splits.
_FLAGS_BEFORE = r"(?:\s+(?:--filter[= ]\S+|-\S+))*"
RUNNER_BEFORE = re.compile(
    r"\b(?:py\.?test|python3? -m (?:pytest|unittest)|unittest|jest|vitest|mocha|go test|"
    rf"cargo (?:test|nextest)|(?:npm|yarn|pnpm|bun){_FLAGS_BEFORE}(?: run)? test|tox|nox|rspec|"
    rf"phpunit|dotnet test|mvnw?{_FLAGS_BEFORE}(?: clean)? (?:test|verify)|"
    rf"gradlew?{_FLAGS_BEFORE} (?::?[\w-]+:)*(?:test|check)|make (?:test|check)|ctest|deno test)\b"
)
REFERENCES_BEFORE = re.compile(
    r"(?:(?:Sources|References)\b:?\s*)?(?:\[\d{1,3}\]:?\s*(?:<?https?://\S+?>?)?\s*)+"
)
COMMAND_LINE_BEFORE = re.compile(r"`[^`\n]*?\s[^`\n]*`")
_FILTER_OF_GOAL = re.compile(r"--filter (?:run|clean|test|verify|check|:?[\w-]+:)")

_HOSTILE = """
import sys, time
from agentv_grader.claims import _REFERENCES
from agentv_grader.claims._runners import RUNNER
from agentv_grader.claims._tests import _COMMAND_LINE
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
    for root in (RUNS, HELDOUT, BLIND):
        for run in sorted(p for p in root.iterdir() if p.is_dir()):
            for name in ("response.md", "task.md"):
                text = (run / name).read_text(encoding="utf-8")
                yield text
                yield from text.splitlines()
    pieces = ["pnpm", "npm", "yarn", "mvn", "mvnw", "gradlew", " ", "  ", "\n", "\t", "-r",
              " --filter", "=", "api", " test", " run", " verify", " clean", ":app:", "check",
              "[1]", "[12]", ":", "<", ">", "http://", "https://", "a.b/c", "`", "x", "Sources",
              "References", "\u00a0", "\r"]  # fmt: skip
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
