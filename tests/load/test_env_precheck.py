"""`{{ env.X }}` rendering is skipped only where it could change nothing (SPEC §3, §8).

`evalfile.may_render_env(text)` decides from the file's text whether the walk over the
whole document runs; where it says False, the walk must leave every string as it was.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from agentv_grader.load import evalfile
from agentv_grader.load.evalfile import load_suite, may_render_env
from agentv_grader.load.roots import interpolate_env
from agentv_grader.load.yaml12 import load_yaml

_ENV = {"X": "rendered", "N": "7"}

# Strings made of the characters a template is written with, and of what escapes and
# line breaks are written with, so that near misses are common.
_PIECES = st.sampled_from(
    ["{", "}", "{{", "}}", " ", "\n", "\t", "env.", "env", ".", "e", "n", "v", "X", "\\",
     "\\u007b", "\\u0065", "\\n", "\\x2e", "u", "0", "7", "b", "é", ".env.example"]
)  # fmt: skip
_STRINGS = st.lists(_PIECES, max_size=12).map("".join)


def _rendering_changes(text: str) -> bool:
    """Whether rendering the document parsed from `text` changes it."""
    doc = load_yaml(text, "s.eval.yaml")
    return interpolate_env(copy.deepcopy(doc), _ENV) != doc


@settings(max_examples=400, deadline=None)
@given(_STRINGS, st.booleans())
def test_json_text_said_unchanged_is_unchanged(value: str, ascii_only: bool) -> None:
    """JSON text, each string written as `json.dumps` writes it (escapes for non-ASCII
    or not): where `may_render_env` says False, rendering changes nothing."""
    text = json.dumps(
        {"tests": [{"id": "t", "input": value, "note": [value]}]}, ensure_ascii=ascii_only
    )
    if not may_render_env(text):
        assert not _rendering_changes(text)


@settings(max_examples=400, deadline=None)
@given(_STRINGS)
def test_yaml_text_said_unchanged_is_unchanged(value: str) -> None:
    """The same for block YAML with the string written raw in a double-quoted scalar
    (its escapes are YAML's: `\\u007b`, `\\x2e`, an escaped line break) and in a plain
    multi-line one; text YAML refuses is skipped."""
    for text in (
        f'tests:\n  - id: t\n    input: "{value}"\n',
        "tests:\n  - id: t\n    input: >-\n      " + value.replace("\n", "\n      ") + "\n",
    ):
        try:
            changes = _rendering_changes(text)
        except Exception:
            continue
        if not may_render_env(text):
            assert not changes


@pytest.mark.parametrize(
    "written",
    [
        '"{{ env.X }}"',
        '"{{\\n env.X }}"',  # an escaped line break inside the braces
        '"\\u007b{ env.X }}"',  # a brace written as an escape
        '"{{ \\u0065nv.X }}"',
        '"{\\\n  { env.X }}"',  # YAML: an escaped line break joins the braces
        '"{{ en\\\n  v.X }}"',
        "|-\n      {{\n      env.X }}",
    ],
)
def test_every_way_of_writing_a_template_is_rendered(written: str) -> None:
    text = f"tests:\n  - id: t\n    input: {written}\n"
    assert may_render_env(text)
    assert _rendering_changes(text)


def test_a_suite_that_only_mentions_env_loads_the_same_without_the_walk(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A prompt about `.env.example` beside a `{{ q }}` template: the walk is skipped,
    and the suite is what the walk gives."""
    path = tmp_path / "s.eval.yaml"
    path.write_text(
        json.dumps(
            {
                "tests": [
                    {"id": "a", "vars": {"q": "hi"}, "input": "{{ q }} in .env.example?",
                     "assertions": [{"type": "contains", "value": "{{ q }}"}]},
                ]
            }
        )
    )  # fmt: skip
    assert not may_render_env(path.read_text())
    fast = load_suite(str(path))
    monkeypatch.setattr(evalfile, "may_render_env", lambda text: True)
    plain = load_suite(str(path))
    assert fast.tests[0].input_text == plain.tests[0].input_text == "hi in .env.example?"
    assert fast.tests[0].assertions == plain.tests[0].assertions
