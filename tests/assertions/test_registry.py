"""The registry (STYLE §1): the one type table, equal to SPEC's type list, every row
documented and covered by a corpus case, and a new type is one function and one row."""

from __future__ import annotations

import io
import json
import re
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from agentv_grader import assertions, cli, grade_test
from agentv_grader.assertions import REGISTRY, Entry
from agentv_grader.load.types import resolve_type
from agentv_grader.model import AssertionSpec, RunData, Status, Verdict
from agentv_grader.record import FrozenInstanceError, replace
from tests.critique.support import critique, rules

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "agentv_grader" / "assertions"
CORPORA = [ROOT / "tests" / "data" / "conformance", ROOT / "tests" / "data" / "cases"]


def _spec_types() -> list[str]:
    """The types SPEC §5.8 lists, in its order."""
    text = (ROOT / "docs" / "SPEC.md").read_text("utf-8")
    section = text.split("### 5.8 The types", 1)[1].split("\n#", 1)[0]
    listing = section.split("Every other spelling", 1)[0]
    return re.findall(r"`([^`]+)`", listing)[1:]  # (the first is `--list-types`)


def test_the_registry_is_specs_type_list() -> None:
    listed = _spec_types()
    assert len(listed) == len(set(listed))
    assert set(REGISTRY) == set(listed)


def _authored_types(node: Any) -> Iterator[str]:
    if isinstance(node, dict):
        if isinstance(node.get("type"), str):
            yield node["type"]
        for value in node.values():
            yield from _authored_types(value)
    elif isinstance(node, list):
        for value in node:
            yield from _authored_types(value)


def test_every_type_has_a_corpus_case() -> None:
    covered = set()
    for folder in CORPORA:
        for path in folder.glob("*.json"):
            for case in json.loads(path.read_text("utf-8"))["cases"]:
                for listed in (case.get("assertion"), case.get("assertions")):
                    covered |= {resolve_type(t).type for t in _authored_types(listed)}
    assert set(REGISTRY) - covered == set()


def test_every_check_has_a_docstring() -> None:
    for name, entry in REGISTRY.items():
        assert entry.check.__doc__ and entry.check.__doc__.strip(), name
        if entry.inverse is not None:
            assert entry.inverse.__doc__ and entry.inverse.__doc__.strip(), name


def test_rows_are_frozen() -> None:
    with pytest.raises(FrozenInstanceError):
        REGISTRY["contains"].family = "regex"  # type: ignore[misc]


def test_checks_never_handle_negation_themselves() -> None:
    found = subprocess.run(
        ["grep", "-rln", "negate", str(PACKAGE), "--include=*.py"],
        capture_output=True,
        text=True,
        check=False,
    ).stdout.split()
    assert found == []


# ------------------------------------------------------------- adding a type (AGENTS.md)
def mentions_zebra(spec: AssertionSpec, run: RunData) -> Verdict:
    """The response mentions a zebra (a type made up by this test)."""
    if "zebra" in run.response:
        return Verdict(status=Status.PASSED, score=1.0, text="Output mentions a zebra")
    return Verdict(status=Status.FAILED, score=0.0, text="Output mentions no zebra")


def decide_mentions_zebra(spec: AssertionSpec) -> Callable[[str], bool]:
    return lambda text: "zebra" in text


@pytest.fixture
def zebra_type(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The one row AGENTS.md asks for; nothing else in the package is told about the type."""
    row = Entry(
        lambda: mentions_zebra,
        "text",
        load_decide=lambda: decide_mentions_zebra,
        needle="whole",
        probe=True,
    )
    monkeypatch.setitem(REGISTRY, "mentions-zebra", row)
    resolve_type.cache_clear()
    yield
    resolve_type.cache_clear()


@pytest.mark.usefixtures("zebra_type")
@pytest.mark.parametrize(("response", "status"), [("A zebra.", "passed"), ("A tiger.", "failed")])
def test_a_new_type_is_graded(tmp_path: Path, response: str, status: str) -> None:
    """Loaded from an eval file, graded, and negated by the engine, like every type."""
    eval_path = tmp_path / "zoo.eval.yaml"
    eval_path.write_text(
        "tests:\n  - id: t\n    input: Name an animal with stripes.\n    assertions:\n"
        "      - type: mentions-zebra\n      - type: not-mentions-zebra\n",
        "utf-8",
    )
    (tmp_path / "run" / "t").mkdir(parents=True)
    (tmp_path / "run" / "t" / "response.md").write_text(response, "utf-8")
    report = grade_test(str(eval_path), "t", bench_dir=str(tmp_path / "run"), write=False)
    plain, negated = report.data["assertions"]
    assert (plain["type"], plain["status"]) == ("mentions-zebra", status)
    assert (negated["type"], negated["negate"]) == ("mentions-zebra", True)
    assert negated["status"] == ("failed" if status == "passed" else "passed")


@pytest.mark.usefixtures("zebra_type")
def test_a_new_type_is_critiqued(tmp_path: Path) -> None:
    """Its row says decoys may be graded with it: the critique finds that the input itself,
    which names the answer, passes."""
    test = {"input": "Zebra or lion: which has stripes?", "assert": [{"type": "mentions-zebra"}]}
    assert "answer-in-input" not in rules(critique(tmp_path, test))  # (case-sensitive)
    test = {"input": "The zebra or the lion?", "assert": [{"type": "mentions-zebra"}]}
    assert "answer-in-input" in rules(critique(tmp_path, test))


@pytest.mark.usefixtures("zebra_type")
def test_a_new_type_is_listed() -> None:
    out, err = io.StringIO(), io.StringIO()
    assert cli.run(["--list-types"], out, err) == 0
    listed = out.getvalue()
    assert re.search(r"^mentions-zebra +text +The response mentions a zebra", listed, re.M)


def test_checks_are_imported_on_first_use() -> None:
    """Reading the table imports no family module; asking for a check imports its own."""
    code = (
        "import sys\nfrom agentv_grader.assertions import REGISTRY\n"
        "assert 'agentv_grader.assertions.text' not in sys.modules\n"
        "REGISTRY['contains'].check\n"
        "assert 'agentv_grader.assertions.text' in sys.modules\n"
        "assert 'agentv_grader.assertions.fields' not in sys.modules\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True, cwd=ROOT)


def test_an_unregistered_type_has_no_facts() -> None:
    entry = assertions.about("no-such-type")
    assert (entry.probe, entry.needle, entry.runs_programs, entry.members) == (
        False,
        None,
        False,
        None,
    )


@pytest.mark.usefixtures("zebra_type")
@pytest.mark.parametrize(
    ("named_by", "value", "name"),
    [
        (None, "stripes", "mentions-zebra"),
        ("value", "stripes", "mentions-zebra-stripes"),
        ("value", ["a", "b"], "mentions-zebra"),
        ("value-prefix", "z" * 40, "mentions-zebra-" + "z" * 30),
        ("count", ["a", "b"], "mentions-zebra-2"),
        ("count", "stripes", "mentions-zebra"),
        ("value-or-count", ["a", "b", "c"], "mentions-zebra-3"),
    ],
)
def test_a_new_types_generated_name_follows_its_row(
    tmp_path: Path, named_by: Any, value: object, name: str
) -> None:
    """AgentV's naming rule is a field of the row (`named_by`), not a list in the loader."""
    row = replace(REGISTRY["mentions-zebra"], named_by=named_by)
    REGISTRY["mentions-zebra"] = row  # (the fixture's monkeypatch removes it afterwards)
    eval_path = tmp_path / "zoo.eval.yaml"
    eval_path.write_text(
        json.dumps(
            {"tests": [{"id": "t", "assertions": [{"type": "mentions-zebra", "value": value}]}]}
        ),  # fmt: skip
        "utf-8",
    )
    (tmp_path / "run" / "t").mkdir(parents=True)
    (tmp_path / "run" / "t" / "response.md").write_text("A zebra.", "utf-8")
    report = grade_test(str(eval_path), "t", bench_dir=str(tmp_path / "run"), write=False)
    assert report.data["assertions"][0]["name"] == name


@pytest.mark.usefixtures("zebra_type")
def test_a_new_types_text_fact_reaches_the_critiques_pair_rules() -> None:
    """The pair rules (contradictions, implied checks) read what a type requires of the
    response from its row (`text_fact`), not from a list of types."""
    from agentv_grader.critique.pairs import facts

    spec = AssertionSpec(index=0, name="z", type="mentions-zebra", options={"value": "Zebra"})
    assert facts(spec) == []
    REGISTRY["mentions-zebra"] = replace(
        REGISTRY["mentions-zebra"], text_fact="prefix"
    )  # (the fixture's monkeypatch removes it afterwards)
    assert [(f.kind, f.text) for f in facts(spec)] == [("prefix", "Zebra")]
