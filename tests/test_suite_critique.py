"""Batch mode's eval critique, written once for the suite (suite_critique.py, SPEC §6.2):
the same critique of each test as a single-test run gives, in `<bench-dir>/
eval_critique.json` and `.md`, none in the test folders, and what previous runs left."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest
import yaml

from agentv_grader import suite_critique
from agentv_grader.critique.model import SOLID
from agentv_grader.critique.suite import SCHEMA_ID
from tests.helpers import (
    cli,
    critique_of,
    files_under,
    run_importing,
    validate_report,
    write_suite,
)

# Eight tests (enough for a team of two): weak and fit assertions, some with suggestions
# (a decoy from the next test's response among them), some without.
_CITIES = [
    ("France", "Paris"),
    ("Japan", "Tokyo"),
    ("Italy", "Rome"),
    ("Spain", "Madrid"),
    ("Peru", "Lima"),
    ("Chile", "Santiago"),
    ("Kenya", "Nairobi"),
    ("Egypt", "Cairo"),
]


def _suite(tmp: Path) -> tuple[Path, Path]:
    tests: list[dict[str, Any]] = []
    responses = {}
    for n, (country, capital) in enumerate(_CITIES):
        assertions: list[Any] = [{"type": "contains", "value": capital}]
        if n % 2 == 0:
            assertions.append({"type": "icontains-any", "value": ["capital", "city"]})
        if n % 3 == 0:
            assertions.append({"type": "contains", "value": "the"})
        tests.append(
            {
                "id": f"t{n}-{capital.lower()}",
                "input": f"What is the capital of {country}?",
                "expected_output": f"The capital of {country} is {capital}.",
                "assertions": assertions,
            }
        )
        responses[f"t{n}-{capital.lower()}"] = f"The capital of {country} is {capital}.\n"
    text = yaml.safe_dump({"name": "capitals", "tests": tests})
    return write_suite(tmp, text, responses, name="capitals")


def _batch(eval_path: Path, bench: Path, *extra: str) -> tuple[int, str, str]:
    return cli("--eval-path", str(eval_path), "--bench-dir", str(bench), *extra)


def _alone(eval_path: Path, bench: Path, test_id: str, *extra: str) -> tuple[int, str, str]:
    return cli(
        "--eval-path", str(eval_path), "--bench-dir", str(bench), "--test-id", test_id, *extra
    )


def _json(path: Path) -> Any:
    return json.loads(path.read_text("utf-8"))


def _ids(bench: Path) -> list[str]:
    """The suite's test ids, in order."""
    return [f"t{n}-{capital.lower()}" for n, (_, capital) in enumerate(_CITIES)]


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_the_suite_file_holds_each_tests_critique_as_a_single_test_run_gives_it(
    tmp_path: Path, jobs: str
) -> None:
    eval_path, bench = _suite(tmp_path)
    alone = tmp_path / "alone"
    shutil.copytree(bench, alone)
    code, out, err = _batch(eval_path, bench, "--jobs", jobs)
    assert code in (0, 1), err
    doc = _json(bench / "eval_critique.json")
    ids = _ids(bench)
    expected = {}
    sections = []
    for test_id in ids:
        code, _, err = _alone(eval_path, alone, test_id)
        assert code in (0, 1), err
        expected[test_id] = _json(alone / test_id / "eval_critique.json")
        if expected[test_id]["suggestions"]:  # the test's own markdown, a level down
            own = (alone / test_id / "eval_critique.md").read_text("utf-8")
            title, rest = own.split("\n", 1)
            assert title == f"# Eval critique: `{test_id}`"
            sections.append(f"## `{test_id}`\n" + rest.replace("\n## ", "\n### "))
    assert list(doc) == ["schema", "suite", "eval_path", "tests", "counts"]
    assert doc["schema"] == SCHEMA_ID and doc["suite"] == "capitals"
    assert doc["eval_path"] == str(eval_path)
    assert list(doc["tests"]) == ids  # suite order
    assert doc["tests"] == expected
    with_suggestions = [i for i in ids if expected[i]["suggestions"]]
    assert 0 < len(with_suggestions) < len(ids)
    severities = [s["severity"] for c in expected.values() for s in c["suggestions"]]
    assert doc["counts"] == {
        "tests": len(ids),
        "tests_with_suggestions": len(with_suggestions),
        **{s: severities.count(s) for s in ("high", "medium", "low")},
    }
    decoys = [s for c in expected.values() for s in c["suggestions"] if s["rule"] == "decoy-pass"]
    assert any("response" in s["evidence"] for s in decoys)  # the next test's response
    _validate_critique(doc)
    # The markdown: a head with the counts, then the tests with suggestions only.
    markdown = (bench / "eval_critique.md").read_text("utf-8")
    head, _, body = markdown.partition("\n## ")
    assert head.startswith("# Eval critique of suite `capitals`\n")
    assert f"{len(with_suggestions)} of {len(ids)} test(s) with suggestions: " in head
    assert "## " + body == "\n".join(sections)
    # No per-test critique file; each report says where its critique is.
    for test_id in ids:
        assert files_under(bench / test_id) & {"eval_critique.json", "eval_critique.md"} == set()
        report = _json(bench / test_id / "grader_report.json")
        validate_report(report)
        assert report["critique"] == {
            "suggestions": len(expected[test_id]["suggestions"]),
            "path": "../eval_critique.json",
            "entry": test_id,
        }
        assert critique_of(bench / test_id) == expected[test_id]


def test_one_and_two_jobs_write_the_same_suite_files(tmp_path: Path) -> None:
    eval_path, bench = _suite(tmp_path)
    other = tmp_path / "other"
    shutil.copytree(bench, other)
    _batch(eval_path, bench, "--jobs", "1")
    _batch(eval_path, other, "--jobs", "2")
    for name in ("eval_critique.json", "eval_critique.md"):
        assert (bench / name).read_bytes() == (other / name).read_bytes(), name


def test_stdout_names_the_suite_file_in_one_line_after_the_table(tmp_path: Path) -> None:
    eval_path, bench = _suite(tmp_path)
    quiet = tmp_path / "quiet"
    shutil.copytree(bench, quiet)
    _, without, _ = _batch(eval_path, quiet, "--no-critique", "--jobs", "1")
    _, out, _ = _batch(eval_path, bench, "--jobs", "1")
    counts = _json(bench / "eval_critique.json")["counts"]
    total = counts["high"] + counts["medium"] + counts["low"]
    line = (
        f"critique: {total} suggestion(s) ({counts['high']} high, {counts['medium']} medium, "
        f"{counts['low']} low) in {counts['tests_with_suggestions']} of {counts['tests']} "
        f"test(s): {bench / 'eval_critique.json'}"
    )
    assert out == without.replace(str(quiet), str(bench)) + line + "\n"
    code, out, err = _batch(eval_path, bench, "--jobs", "1", "--format", "json")
    assert line not in out and err.endswith("\n" + line + "\n")


def test_a_batch_removes_the_critique_files_a_single_test_run_wrote(tmp_path: Path) -> None:
    eval_path, bench = _suite(tmp_path)
    first, second = _ids(bench)[:2]
    _alone(eval_path, bench, first)
    assert (bench / first / "eval_critique.md").is_file()
    (bench / second / "eval_critique.json").write_text("mine", "utf-8")  # not the tool's
    _batch(eval_path, bench, "--jobs", "1")
    assert not (bench / first / "eval_critique.json").exists()
    assert not (bench / first / "eval_critique.md").exists()
    assert (bench / second / "eval_critique.json").read_text("utf-8") == "mine"
    # A batch's report names no per-test file: a later batch leaves one it finds alone.
    (bench / first / "eval_critique.json").write_text("mine too", "utf-8")
    _batch(eval_path, bench, "--jobs", "1")
    assert (bench / first / "eval_critique.json").read_text("utf-8") == "mine too"


def test_a_single_test_run_after_a_batch_writes_its_own_files(tmp_path: Path) -> None:
    eval_path, bench = _suite(tmp_path)
    test_id = _ids(bench)[0]
    _batch(eval_path, bench, "--jobs", "1")
    suite_file = (bench / "eval_critique.json").read_bytes()
    _alone(eval_path, bench, test_id)
    assert _json(bench / test_id / "grader_report.json")["critique"]["path"] == (
        "eval_critique.json"
    )
    assert critique_of(bench / test_id) == _json(bench / "eval_critique.json")["tests"][test_id]
    assert (bench / test_id / "eval_critique.md").is_file()
    assert (bench / "eval_critique.json").read_bytes() == suite_file  # the batch's, as it was


def test_no_critique_removes_a_previous_batchs_suite_files_only(tmp_path: Path) -> None:
    eval_path, bench = _suite(tmp_path)
    _batch(eval_path, bench, "--jobs", "1")
    assert (bench / "eval_critique.md").is_file()
    _batch(eval_path, bench, "--jobs", "1", "--no-critique")
    assert not (bench / "eval_critique.json").exists()
    assert not (bench / "eval_critique.md").exists()
    assert all(_json(bench / i / "grader_report.json")["critique"] is None for i in _ids(bench))
    # Files of those names that this tool's batch did not write stay: the `critique`
    # command's JSON redirected there, a markdown file of the user's.
    _, printed, _ = cli("critique", "--eval-path", str(eval_path), "--format", "json")
    (bench / "eval_critique.json").write_text(printed, "utf-8")
    (bench / "eval_critique.md").write_text("# Eval critique notes\n", "utf-8")
    _batch(eval_path, bench, "--jobs", "1", "--no-critique")
    assert (bench / "eval_critique.json").read_text("utf-8") == printed
    assert (bench / "eval_critique.md").read_text("utf-8") == "# Eval critique notes\n"


def test_a_suite_critique_path_that_is_a_folder_is_refused_before_anything_is_written(
    tmp_path: Path,
) -> None:
    eval_path, bench = _suite(tmp_path)
    (bench / "eval_critique.md").mkdir()
    code, _, err = _batch(eval_path, bench, "--jobs", "1")
    assert code == 2 and str(bench / "eval_critique.md") in err
    assert not (bench / "grade_summary.json").exists()
    assert not (bench / _ids(bench)[0] / "grader_report.json").exists()


def test_the_suite_file_without_suggestions_says_so(tmp_path: Path) -> None:
    suite = (
        "name: fit\ntests:\n  - id: a\n    input: What is 2 + 2?\n"
        "    assertions: [{type: equals, value: '4'}]\n"
    )
    eval_path, bench = write_suite(tmp_path, suite, {"a": "4"}, name="fit")
    _batch(eval_path, bench, "--jobs", "1")
    doc = _json(bench / "eval_critique.json")
    assert doc["tests"] == {"a": {"suggestions": [], "overall": SOLID}}
    assert (bench / "eval_critique.md").read_text("utf-8") == (
        f"# Eval critique of suite `fit`\n\nEval file: `{eval_path}`.\n\n{SOLID}\n"
    )


def _validate_critique(doc: Any) -> None:
    """The shipped schema of the `critique` command's JSON, which the suite file shares."""
    from importlib import resources

    import jsonschema

    text = resources.files("agentv_grader").joinpath("schemas/critique.schema.json")
    validator = jsonschema.Draft202012Validator(json.loads(text.read_text("utf-8")))
    assert [e.message for e in validator.iter_errors(doc)] == []


def test_a_batch_without_the_critique_does_not_import_it(tmp_path: Path) -> None:
    """The critique package (every rule) is loaded only to write the suite files or to
    recognise a previous batch's: a `--no-critique` batch on a folder without them never
    imports it (SPEC §8); with one there, it is read and removed as before."""
    eval_path, bench = _suite(tmp_path)
    argv = ["--eval-path", str(eval_path), "--bench-dir", str(bench), "--jobs", "1"]
    plain = [*argv, "--no-critique"]
    before = run_importing(plain, "agentv_grader.critique")
    status = _batch(eval_path, bench, "--jobs", "1")[0]  # some tests fail: exit 1
    assert before == (status, False)
    assert run_importing(plain, "agentv_grader.critique") == (status, True)  # files to read
    assert not (bench / "eval_critique.json").exists()


def test_the_bytes_read_of_a_previous_file_hold_either_mark() -> None:
    assert all(len(mark) < suite_critique._MARK_LIMIT for mark in suite_critique._marks())


def _result(test_id: str, critique: Any) -> Any:
    """A test's result as a batch worker makes it, with its share of the suite files."""
    from agentv_grader.batch import TestResult

    member, section, tally = suite_critique.share(test_id, critique)
    return TestResult(test_id, None, None, 0, "", False, member, section, tally)


@pytest.mark.parametrize("refused", [False, True])
def test_the_suite_files_are_those_of_the_whole_document(tmp_path: Path, refused: bool) -> None:
    """The JSON file joined from the members the workers wrote is the whole document as
    one write gives it; where a test's critique holds what only that write can spell (a
    lone surrogate makes the whole text ASCII), its worker sends the data and the file is
    written whole. The counts and the markdown are those of the critiques themselves."""
    from agentv_grader.critique.model import Critique, Finding
    from agentv_grader.critique.suite import counts_line, suite_counts
    from agentv_grader.jsontext import json_bytes, use_fast_json

    use_fast_json()
    odd = "x\ud800" if refused else "xé"
    critiques = {
        "a": Critique((), SOLID),
        "b": Critique(
            (
                Finding("c1", 1, "trivial", "high", "r", "e", "f"),
                Finding(None, None, "decoy-pass", "low", "r2", odd, "f2"),
            ),
            "two suggestions",
        ),
        "c": Critique((Finding("c2", 2, "trivial", "medium", "r", "e", "f"),), "one"),
        "d": Critique((), "not analysed: one LLM-judged item"),
    }
    results = [_result(test_id, c) for test_id, c in critiques.items()]
    assert isinstance(results[1].critique, dict) == refused
    written = suite_critique.write(str(tmp_path), "s\u00e9", "p.yaml", results)
    data = {test_id: c.to_json() for test_id, c in critiques.items()}
    counts = suite_counts(data.values())
    assert (
        written.counts
        == counts
        == {"tests": 4, "tests_with_suggestions": 2, "high": 1, "medium": 1, "low": 1}
    )
    doc = {"schema": SCHEMA_ID, "suite": "s\u00e9", "eval_path": "p.yaml", "tests": data}
    assert (tmp_path / "eval_critique.json").read_bytes() == json_bytes({**doc, "counts": counts})
    head = (
        "# Eval critique of suite `s\u00e9`\n\nEval file: `p.yaml`.\n\n"
        f"{counts_line(counts)}. Tests without suggestions are counted, not listed.\n"
    )
    markdown = "\n".join([head, *(critiques[i].markdown_section(i) for i in "bc")])
    assert (tmp_path / "eval_critique.md").read_bytes() == markdown.encode(
        "utf-8", "backslashreplace"
    )


def test_the_suite_markdown_without_suggestions_counts_the_tests_not_analysed(
    tmp_path: Path,
) -> None:
    from agentv_grader.critique.model import Critique

    critiques = {
        "a": Critique((), SOLID),
        "b": Critique((), "not analysed: a script"),
        "c": Critique((), "not analysed: an LLM-judged item"),
    }
    results = [_result(test_id, c) for test_id, c in critiques.items()]
    suite_critique.write(str(tmp_path), "s", "p.yaml", results)
    assert (
        (tmp_path / "eval_critique.md")
        .read_text("utf-8")
        .endswith(
            "\n\nNo suggestions; 2 of 3 test(s) have assertions the critique does not analyse "
            "(LLM-judged, programs, trace checks, turns: see --format json)\n"
        )
    )
