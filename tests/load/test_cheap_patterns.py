"""Patterns of the loader written so that a cold start compiles them cheaply (SPEC §8): the
same characters as the patterns they stand for. PyYAML is imported with its reader's
forbidden-character pattern written the cheap way (`yaml12.import_pyyaml`), `re.compile`
left as it was; the JSON fast path checks an ASCII text for the ASCII characters alone."""

from __future__ import annotations

import re
import subprocess
import sys
from array import array

from agentv_grader.errors import GradeInputError
from agentv_grader.load import yaml12


def _every_code_point() -> str:
    return array("I", range(0x110000)).tobytes().decode("utf-32-le", "surrogatepass")


def test_the_cheap_pattern_finds_exactly_the_characters_pyyamls_finds() -> None:
    text = _every_code_point()
    theirs = re.compile(yaml12.PYYAML_NON_PRINTABLE)
    ours = re.compile(yaml12.NON_PRINTABLE)
    found = [m.start() for m in ours.finditer(text)]
    assert found == [m.start() for m in theirs.finditer(text)]
    assert len(found) == 9 + 2 + 18 + 6 + 26 + 2048 + 2  # the forbidden ranges' sizes


def test_pyyaml_is_imported_with_it_and_re_compile_restored() -> None:
    """In a process that has not imported PyYAML yet (this one has, through the tests)."""
    code = (
        "import re, sys\n"
        "real = re.compile\n"
        "from agentv_grader.load import yaml12\n"
        "yaml12.import_pyyaml()\n"
        "import yaml, yaml.reader\n"
        "assert re.compile is real\n"
        "pattern = yaml.reader.Reader.NON_PRINTABLE\n"
        "print(pattern.pattern == yaml12.NON_PRINTABLE, pattern.flags == re.compile('x').flags)\n"
        "try:\n"
        "    yaml.load('a: \\x01', Loader=yaml.SafeLoader)\n"
        "except yaml.reader.ReaderError as exc:\n"
        "    print(exc.character, exc.position)\n"
        "print(yaml.load('a: \\u00e9\\U0001f600', Loader=yaml.SafeLoader) == {'a': 'é😀'})\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.split() == ["True", "True", "1", "3", "True"]


def test_a_second_call_does_nothing() -> None:
    import yaml

    before = yaml.reader.Reader.NON_PRINTABLE
    yaml12.import_pyyaml()
    assert yaml.reader.Reader.NON_PRINTABLE is before


def test_an_ascii_text_is_checked_for_the_ascii_characters_json_text_refuses() -> None:
    full = re.compile(yaml12._JSON_BAD_CHAR)
    for cp in range(128):
        assert yaml12._has_bad_ascii(f'["a{chr(cp)}b"]') == bool(full.search(chr(cp))), cp
    for text in ['{"a": "\x01"}', '{"a": "\u2028"}', '{"a": "\x85"}', '{"a": "é"}', '["\t"]']:
        assert _loaded(text, fast=True) == _loaded(text, fast=False), text


def test_an_ascii_text_shows_a_blank_before_a_colon_where_the_four_searches_find_one() -> None:
    for first in range(128):
        for second in (":", " :", "\t:", "x"):
            text = f'["a{chr(first)}{second}b"]'
            four = " :" in text or "\t:" in text or "\n:" in text or "\r:" in text
            assert (b" :" in yaml12._ascii_classes(text)) == four, (first, second)


def _loaded(text: str, fast: bool) -> object:
    try:
        return yaml12.load_yaml(text, "x.yaml", fast=fast)
    except GradeInputError as exc:
        return str(exc)


def test_the_brackets_are_found_where_a_pattern_finds_them() -> None:
    opener = re.compile(r"[\[{]")
    for text in ["", "{}", '{"a": [1, {"b": "[x{"}], "c": {}}', "é[😀{ü", "no brackets", "[[{{"]:
        found = yaml12._bracket_offsets(text)
        assert found == [m.start() for m in opener.finditer(text)], text
