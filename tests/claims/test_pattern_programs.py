"""The claim checker's compiled patterns kept across processes (`claims._later._Programs`,
SPEC §8): a program read back makes the very pattern `re.compile` makes, and a file of
another Python, a broken file or an unwritable folder is as none."""

from __future__ import annotations

import importlib
import marshal
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from agentv_grader.claims import _later
from agentv_grader.claims._later import _Programs

from .test_gates import _MODULES, _later_patterns

pytestmark = pytest.mark.skipif(_later._sre is None, reason="needs re._compiler (3.11+)")


def _checker_patterns() -> list[tuple[str, int]]:
    """The text and flags of every pattern the checker compiles at its first use."""
    found = []
    for module in _MODULES:
        name = f"agentv_grader.claims.{module}".replace(".__init__", "")
        for _, pattern in _later_patterns(vars(importlib.import_module(name))):
            if isinstance(pattern, _later._Later):
                found.append((pattern.pattern, pattern._flags))
    return sorted(set(found))


def _same(made: re.Pattern[str], pattern: str, flags: int) -> None:
    plain = re.compile(pattern, flags)
    assert made == plain, pattern  # the same text, flags and code
    assert (made.groups, made.groupindex) == (plain.groups, plain.groupindex), pattern


@pytest.fixture(autouse=True)
def _bytecode_written(monkeypatch: pytest.MonkeyPatch) -> None:
    """Programs are written as bytecode is: on, whatever `PYTHONDONTWRITEBYTECODE` says
    where the tests run (the test that turns it off says so)."""
    monkeypatch.setattr(sys, "dont_write_bytecode", False)


def test_every_pattern_read_back_is_the_one_re_compile_makes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    patterns = _checker_patterns()
    assert len(patterns) > 150
    path = str(tmp_path / "programs")
    learning = _Programs(path)
    for pattern, flags in patterns:
        _same(learning.compile(pattern, flags), pattern, flags)
    assert len(learning.learned) == len(patterns)
    learning.save()
    reading = _Programs(path)
    assert set(reading.known) == set(patterns)

    def refused(*args: object) -> None:
        raise AssertionError("compiled again")

    made = []
    with monkeypatch.context() as patched:
        patched.setattr(_later.re, "compile", refused)  # every one read back, none parsed
        patched.setattr(_later._parser, "parse", refused)
        made = [reading.compile(pattern, flags) for pattern, flags in patterns]
    for (pattern, flags), compiled in zip(patterns, made, strict=True):
        _same(compiled, pattern, flags)
    assert not reading.learned


def test_a_file_of_another_python_or_a_broken_one_is_as_none(tmp_path: Path) -> None:
    pattern, flags = r"(?P<count>\d+) passed", int(re.I)
    path = tmp_path / "programs"
    learning = _Programs(str(path))
    learning.compile(pattern, flags)
    learning.save()
    stamp, programs = marshal.loads(path.read_bytes())

    other = (*stamp[:2], "3.99.0 (another build)", stamp[3])
    path.write_bytes(marshal.dumps((other, programs)))
    assert _Programs(str(path)).known == {}
    for broken in (b"", b"\x00not marshal", marshal.dumps([1, 2]), marshal.dumps((stamp, [1]))):
        path.write_bytes(broken)
        assert _Programs(str(path)).known == {}

    # a program `_sre` refuses (its code cut short) is compiled again, not trusted
    final_flags, code, groups, names, index = programs[(pattern, flags)]
    path.write_bytes(marshal.dumps((stamp, {(pattern, flags): (final_flags, code[:3], groups,
                                                                names, index)})))  # fmt: skip
    reading = _Programs(str(path))
    _same(reading.compile(pattern, flags), pattern, flags)
    assert (pattern, flags) in reading.learned  # and learned again, to be written right


def test_nothing_is_written_where_python_writes_no_bytecode(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "programs"
    monkeypatch.setattr(sys, "dont_write_bytecode", True)
    programs = _Programs(str(path))
    programs.compile(r"\bdone\b", 0)
    programs.save()
    assert not path.exists()


def test_a_folder_that_cannot_be_written_is_no_error(tmp_path: Path) -> None:
    blocked = tmp_path / "a-file"
    blocked.write_text("not a folder")
    programs = _Programs(str(blocked / "programs"))
    programs.compile(r"\bdone\b", 0)
    programs.save()  # no error, nothing left behind
    assert os.listdir(tmp_path) == ["a-file"]
    assert programs.known == {}


def test_the_programs_are_kept_beside_the_bytecode() -> None:
    from importlib.util import cache_from_source

    expected = cache_from_source(_later.__file__).removesuffix(".pyc") + ".patterns"
    assert _later._path() == expected


def test_a_check_in_a_fresh_process_reads_back_what_the_one_before_learned(
    tmp_path: Path,
) -> None:
    """Two processes, the bytecode kept under one prefix: the first check learns and
    writes the programs, the second compiles none of the patterns it reaches."""
    code = (
        "from agentv_grader.claims import _later, check_claims\n"
        "from agentv_grader.rundata.records import Message, ToolCall, Transcript\n"
        "call = ToolCall('Bash', {'command': 'pytest -q'}, '3 passed in 0.1s', 'ok')\n"
        "message = Message(2, 'assistant', '', (call,))\n"
        "run = Transcript('transcript.json', 'openai-messages', (message,))\n"
        "check_claims('I ran `pytest -q`: all 3 tests pass.', run, '')\n"
        "programs = _later.programs()\n"
        "print(len(programs.known), len(programs.learned))\n"
    )
    root = str(Path(_later.__file__).resolve().parents[2])
    env = {**os.environ, "PYTHONPATH": root, "PYTHONPYCACHEPREFIX": str(tmp_path)}
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    runs = [
        subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True)
        for _ in range(2)
    ]
    assert all(run.returncode == 0 for run in runs), [run.stderr for run in runs]
    (known_first, learned_first), (known_second, learned_second) = (
        map(int, run.stdout.split()) for run in runs
    )
    assert known_first > 10 and learned_first == 0  # learned, then saved after the check
    # every pattern the second check reached was read back: none learned anew
    assert known_second == known_first and learned_second == 0


def test_a_code_generator_that_fails_leaves_the_pattern_compiled_and_nothing_learned(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Another Python's `re` internals (its parser renamed or changed): the pattern is
    still `re.compile`'s, and no program is kept."""
    monkeypatch.setattr(_later, "_parser", object())  # no `parse`: the program cannot be made
    programs = _Programs(str(tmp_path / "programs"))
    _same(programs.compile(r"(\d+) passed", 0), r"(\d+) passed", 0)
    assert not programs.learned
