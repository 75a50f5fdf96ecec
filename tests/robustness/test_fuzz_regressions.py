"""Every crash the fuzz target found, kept (issue 7), and a short bounded fuzz run for CI.

`tests/data/fuzz/*.bin` are the crash inputs as the fuzzer wrote them; they are replayed
through the current target (scripts/fuzz.py). Since a change to the input builder can map
the same bytes to another bench dir, each crash also has a plain test below that rebuilds
its essence by hand; tests/data/fuzz/README.md says which is which.
"""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.helpers import cli, files_under, grade_json, write_suite

ROOT = Path(__file__).resolve().parents[2]
CRASHES = sorted((ROOT / "tests" / "data" / "fuzz").glob("*.bin"))


def _load_target() -> ModuleType:
    spec = importlib.util.spec_from_file_location("agentv_fuzz", ROOT / "scripts" / "fuzz.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


FUZZ = _load_target()


def test_every_crash_file_is_described() -> None:
    readme = (ROOT / "tests" / "data" / "fuzz" / "README.md").read_text("utf-8")
    assert CRASHES
    for path in CRASHES:
        assert f"`{path.name}`" in readme, path.name


@pytest.mark.parametrize("path", CRASHES, ids=lambda p: p.stem)
def test_crash_input_replays_cleanly(path: Path, tmp_path: Path) -> None:
    with FUZZ.fuzzing(str(tmp_path)):
        FUZZ.one_input(path.read_bytes())
    assert list(tmp_path.iterdir()) == []  # each input's bench dir is removed


def test_the_target_refuses_to_run_outside_its_harness() -> None:
    """Outside `fuzzing()` the real process runner is in place: fuzzed commands would run."""
    with pytest.raises(RuntimeError, match="one_input must run inside fuzzing"):
        FUZZ.one_input(b"")


def test_no_grader_program_runs_while_fuzzing(tmp_path: Path) -> None:
    from agentv_grader.assertions import _process, scripts

    real = scripts.run_program
    with FUZZ.fuzzing(str(tmp_path)):
        assert scripts.run_program is not real and _process.run_program is not real
    assert scripts.run_program is real and _process.run_program is real


# --- each crash, rebuilt by hand -------------------------------------------------------------


def test_yaml_control_character_is_one_line_with_its_place(tmp_path: Path) -> None:
    """yaml-reader-error-two-lines.bin: PyYAML's reader error spans two lines."""
    eval_path, bench = write_suite(tmp_path, "tests:\n  - id: t\x00\n", {"t": "x"})
    code, out, err = cli("--eval-path", str(eval_path), "--test-id", "t", "--bench-dir", str(bench))
    assert (code, out) == (2, "")
    assert err == (
        f"agentv-grade: error: {eval_path}:2:10: YAML error: character U+0000 is not allowed "
        "(control characters are not allowed) (remove it, or write it as an escape in a "
        "double-quoted string)\n"
    )


def test_criteria_that_is_not_text_is_ignored_with_a_warning(tmp_path: Path) -> None:
    """criteria-not-text-breaks-schema.bin: `criteria: 2` reached the report's pending item."""
    suite = "tests:\n  - id: t\n    criteria: 2\n    assertions: [{type: llm-rubric}]\n"
    eval_path, bench = write_suite(tmp_path, suite, {"t": "x"})
    code, report = grade_json(eval_path, bench)
    assert code == 0
    assert report["pending"][0]["criteria"] is None
    assert report["warnings"] == [f"{eval_path}:2: test 't' criteria must be text, got a "
                                  "number; it was ignored"]  # fmt: skip


def test_an_empty_type_still_names_the_assertion(tmp_path: Path) -> None:
    """empty-type-gives-empty-name.bin: `type: ''` gave the assertion an empty name."""
    suite = "tests:\n  - id: t\n    assertions: [{type: ''}, {type: ' ', metric: ''}]\n"
    eval_path, bench = write_suite(tmp_path, suite, {"t": "x"})
    code, report = grade_json(eval_path, bench)
    assert code == 1
    assert [a["name"] for a in report["assertions"]] == ["assertion", "assertion"]
    assert {a["status"] for a in report["assertions"]} == {"error"}


def test_a_count_bound_that_is_not_finite_is_a_config_error(tmp_path: Path) -> None:
    """skill-count-nan-internal-error.bin: `max: .nan` reached `int()` inside the check."""
    suite = (
        "tests:\n  - id: t\n    assertions:\n"
        "      - {type: not-skill-used, value: {name: pdf, max: .nan}}\n"
        "      - {type: skill-used, value: {name: pdf, min: .inf}}\n"
    )
    eval_path, bench = write_suite(tmp_path, suite, {"t": "x"})
    (bench / "t" / "transcript.json").write_text('[{"role": "assistant", "content": "hi"}]')
    code, report = grade_json(eval_path, bench)
    assert code == 1
    assert [(a["status"], a["evidence"]) for a in report["assertions"]] == [
        ("error", "skill-used assertion object max must be a finite non-negative integer"),
        ("error", "skill-used assertion object min must be a finite non-negative integer"),
    ]


def test_a_test_id_with_a_nul_is_no_critique_decoy(tmp_path: Path) -> None:
    """critique-decoy-id-with-nul.bin: the decoy read of `u\\0v/response.md` raised."""
    suite = 'tests:\n  - id: t\n    assertions: [{type: contains, value: x}]\n  - id: "u\\0v"\n'
    eval_path, bench = write_suite(tmp_path, suite, {"t": "x"})
    code, report = grade_json(eval_path, bench)
    assert code == 0
    assert [a["status"] for a in report["assertions"]] == ["passed"]


@pytest.mark.parametrize(
    ("schema", "message"),
    [
        ('{$ref: "http://x"}', "schema $ref 'http://x' cannot be resolved"),
        ('{$ref: "#/definitions/nope"}', "schema $ref '/definitions/nope' cannot be resolved"),
        ('{$ref: "#"}', "schema $ref loops forever (a $ref that resolves to itself)"),
    ],
)
def test_a_schema_ref_that_cannot_be_followed_is_a_config_error(
    tmp_path: Path, schema: str, message: str
) -> None:
    """is-json-remote-ref-internal-error.bin: the refusal escaped as an internal error."""
    suite = f"tests:\n  - id: t\n    assertions: [{{type: is-json, schema: {schema}}}]\n"
    eval_path, bench = write_suite(tmp_path, suite, {"t": '{"a": 1}'})
    code, report = grade_json(eval_path, bench)
    assert code == 1
    [item] = report["assertions"]
    assert item["status"] == "error" and item["evidence"].startswith(message), item


def test_no_bug_is_skipped_by_the_target() -> None:
    """`KNOWN_BUGS` lets a campaign go on past a bug reported to its owner; none is open."""
    assert FUZZ.KNOWN_BUGS == ()


# --- a bounded fuzz run, so CI exercises the target ------------------------------------------


@settings(
    max_examples=150,
    derandomize=True,
    database=None,
    deadline=None,
    suppress_health_check=list(HealthCheck),
)
@given(data=st.binary(max_size=2048))
def test_bounded_fuzz_run_in_process(data: bytes, tmp_path_factory: pytest.TempPathFactory) -> None:
    with FUZZ.fuzzing(str(tmp_path_factory.mktemp("fuzz"))):
        FUZZ.one_input(data)


def _atheris_available() -> bool:
    return importlib.util.find_spec("atheris") is not None


@pytest.mark.skipif(not _atheris_available(), reason="atheris is not installed for this Python")
def test_bounded_coverage_guided_run(tmp_path: Path) -> None:
    corpus, scratch = tmp_path / "corpus", tmp_path / "scratch"
    corpus.mkdir()
    scratch.mkdir()
    for path in CRASHES:
        (corpus / path.name).write_bytes(path.read_bytes())
    done = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "fuzz.py"), "-runs=600", "-seed=1",
         "-max_len=2048", "-timeout=30", f"-artifact_prefix={tmp_path}{os.sep}", str(corpus)],
        capture_output=True, text=True, timeout=300, check=False, cwd=tmp_path,
        env={**os.environ, "AGENTV_FUZZ_SCRATCH": str(scratch)},
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-3000:]
    assert "Done 600 runs" in done.stderr
    assert not any(p.name.startswith("crash-") for p in tmp_path.iterdir())
    assert files_under(tmp_path) >= {f"corpus/{p.name}" for p in CRASHES}
    assert list(scratch.iterdir()) == []
