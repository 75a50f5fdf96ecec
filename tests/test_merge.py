"""AgentV merge files (SPEC §6.3): layout, shape, reuse of AgentV's own config names."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from agentv_grader import grade_test, jsontext, merge
from agentv_grader.assertions import REGISTRY, about
from agentv_grader.layout import LAYOUTS
from agentv_grader.load import files
from agentv_grader.load.files import read_regular
from agentv_grader.model import ERROR, FAILED, PASSED, AssertionSpec, CheckItem, Outcome, Status
from agentv_grader.names import unique_safe_names
from tests.helpers import files_under, validate_report, write_suite

SUITE = """\
name: demo
tests:
  - id: t1
    assertions:
      - type: contains
        value: Paris
      - type: regex
        value: "^Paris"
      - type: is-json
        negate: true
      - type: contains
        value: Paris
        metric: again
      - "is polite"
"""


def _grade(tmp_path: Path, layout: str = "auto") -> tuple[Path, dict]:
    eval_path, bench = write_suite(tmp_path, SUITE, {"t1": "Paris is the capital."}, name="demo")
    report = grade_test(str(eval_path), "t1", bench_dir=str(bench), layout=layout)
    validate_report(report.data)
    return bench / "t1", dict(report.data)


def test_v4_layout_writes_one_file_per_graded_assertion(tmp_path: Path) -> None:
    folder, data = _grade(tmp_path)
    assert data["files"] == [
        "code_grader_results/contains-Paris.json",
        "code_grader_results/regex-_Paris.json",
        "code_grader_results/is-json.json",
        "code_grader_results/again.json",
    ]
    assert files_under(folder) == {
        "response.md",
        "grader_report.json",
        "eval_critique.json",
        "eval_critique.md",
        *data["files"],
    }
    content = json.loads((folder / "code_grader_results" / "is-json.json").read_text())
    assert content["name"] == "is-json" and content["type"] == "is-json"
    assert content["score"] == 1.0 and content["weight"] == 1.0
    assert content["assertions"] == [
        {
            "text": "Output is not valid JSON",
            "passed": True,
            "evidence": content["assertions"][0]["evidence"],
        }
    ]


def test_head_layout_is_chosen_when_agentv_main_wrote_script_graders(tmp_path: Path) -> None:
    (tmp_path / "run" / "demo" / "other" / "script_graders").mkdir(parents=True)
    _, data = _grade(tmp_path)
    assert all(f.startswith("script_grader_results/") for f in data["files"])


def test_none_layout_writes_only_the_report(tmp_path: Path) -> None:
    folder, data = _grade(tmp_path, layout="none")
    assert data["files"] == []
    assert files_under(folder) == {
        "response.md",
        "grader_report.json",
        "eval_critique.json",
        "eval_critique.md",
    }


def test_agentv_config_names_are_reused_in_order(tmp_path: Path) -> None:
    configs = tmp_path / "run" / "demo" / "t1" / "code_graders"
    configs.mkdir(parents=True)
    (configs / "regex-^Paris.json").write_text(
        json.dumps(
            {
                "name": "regex-^Paris",
                "type": "regex",
                "value": "^Paris",
                "weight": 1,
                "negate": False,
            }
        )
    )
    (configs / "contains-Paris.json").write_text(
        json.dumps(
            {
                "name": "contains-Paris",
                "type": "contains",
                "value": "Paris",
                "weight": 1,
                "negate": False,
            }
        )
    )
    _, data = _grade(tmp_path)
    assert data["files"] == [
        "code_grader_results/contains-Paris.json",
        "code_grader_results/regex-^Paris.json",
        "code_grader_results/is-json.json",
        "code_grader_results/again.json",
    ]


def test_negate_must_match_for_reuse(tmp_path: Path) -> None:
    configs = tmp_path / "run" / "demo" / "t1" / "code_graders"
    configs.mkdir(parents=True)
    (configs / "is-json.json").write_text(
        json.dumps({"name": "is-json", "type": "is-json", "negate": False})
    )
    _, data = _grade(tmp_path)
    assert "code_grader_results/is-json-2.json" in data["files"]


def test_rerun_removes_only_merge_files_this_tool_wrote(tmp_path: Path) -> None:
    folder, _ = _grade(tmp_path)
    foreign = folder / "code_grader_results" / "written-by-agentv.json"
    foreign.write_text("{}")
    (tmp_path / "demo.eval.yaml").write_text(
        SUITE.replace('      - type: regex\n        value: "^Paris"\n', "")
    )
    report = grade_test(
        str(tmp_path / "demo.eval.yaml"), "t1", bench_dir=str(tmp_path / "run" / "demo")
    )
    assert "code_grader_results/regex-_Paris.json" not in report.data["files"]
    assert not (folder / "code_grader_results" / "regex-_Paris.json").exists()
    assert foreign.exists()


def test_errors_get_merge_files_but_pending_and_skipped_do_not(tmp_path: Path) -> None:
    text = (
        "tests:\n  - id: t1\n    assertions:\n      - type: contains\n        value: 42\n"
        "      - type: webhook\n        value: http://x\n      - judge me\n"
    )
    eval_path, bench = write_suite(tmp_path, text, {"t1": "x"})
    report = grade_test(str(eval_path), "t1", bench_dir=str(bench))
    assert report.data["files"] == ["code_grader_results/contains.json"]
    statuses = [a["status"] for a in report.data["assertions"]]
    assert statuses == ["error", "skipped", "pending"]


@pytest.mark.parametrize("layout", ["v4", "head"])
def test_explicit_layouts(tmp_path: Path, layout: str) -> None:
    _, data = _grade(tmp_path, layout=layout)
    prefix = "code_grader_results/" if layout == "v4" else "script_grader_results/"
    assert all(f.startswith(prefix) for f in data["files"])


# ------------------------------------------------------------------ AgentV's config files
def _configs_as_before(test_dir: str, config_dir: str) -> list[tuple[str, tuple[Any, ...]]]:
    """The plain reading `_existing_configs` replaces: a sorted listing, `read_regular`
    (which stats every file) and `json.loads`."""
    folder = os.path.join(test_dir, config_dir)
    found: list[tuple[str, tuple[Any, ...]]] = []
    try:
        names = sorted(os.listdir(folder))
    except OSError:
        return found
    for file_name in names:
        if not file_name.endswith(".json"):
            continue
        try:
            config = json.loads(read_regular(os.path.join(folder, file_name), merge._CONFIG_LIMIT))
        except (OSError, ValueError, RecursionError):
            continue
        if isinstance(config, dict):
            found.append((file_name[: -len(".json")], merge._config_key(config)))
    return found


@pytest.mark.skipif(os.name != "posix", reason="symbolic links and FIFOs")
@pytest.mark.parametrize("fast_json", [False, True])
def test_config_files_are_read_as_the_plain_reading_reads_them(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fast_json: bool
) -> None:
    """Files the listing calls regular are read without a stat; links, folders, FIFOs,
    files over the limit and broken JSON are treated exactly as before."""
    monkeypatch.setattr(merge, "_CONFIG_LIMIT", 1000)
    if fast_json:
        monkeypatch.setattr(jsontext, "_orjson", None)
        jsontext.use_fast_json()
    folder = tmp_path / "code_graders"
    folder.mkdir()
    config = {"type": "contains", "value": "Paris", "negate": False}
    (folder / "b.json").write_text(json.dumps(config))
    (folder / "a.json").write_text(json.dumps({**config, "value": ["x", "é"], "flags": "i"}))
    (folder / "big.json").write_text(json.dumps({**config, "value": "x" * 2000}))
    (folder / "edge.json").write_text(json.dumps({**config, "value": "x" * 950}))  # 1000 bytes
    (folder / "list.json").write_text("[1]")
    (folder / "broken.json").write_text("{")
    (folder / "empty.json").write_text("")
    (folder / "notes.txt").write_text(json.dumps(config))
    (folder / "dir.json").mkdir()
    (folder / "link.json").symlink_to(folder / "b.json")
    (folder / "dangling.json").symlink_to(tmp_path / "gone.json")
    os.mkfifo(folder / "fifo.json")
    os.mkfifo(tmp_path / "pipe")
    (folder / "piped.json").symlink_to(tmp_path / "pipe")  # a link: not read as a file
    writer = os.open(tmp_path / "pipe", os.O_RDWR | os.O_NONBLOCK)
    os.write(writer, json.dumps(config).encode())
    assert (folder / "edge.json").stat().st_size == 1000
    try:
        got = merge._existing_configs(str(tmp_path), "code_graders")
    finally:
        os.close(writer)
    assert got == _configs_as_before(str(tmp_path), "code_graders")
    assert [stem for stem, _ in got] == ["a", "b", "edge", "link"]
    assert merge._existing_configs(str(tmp_path), "script_graders") == []


@given(
    st.one_of(
        st.text(),
        st.lists(st.text(), max_size=3),  # the list-of-strings fast path
        st.lists(st.one_of(st.text(), st.integers(), st.lists(st.text())), max_size=3),
        st.dictionaries(st.text(), st.text(), max_size=3),
        st.none(),
        st.integers(),
    )
)
@settings(max_examples=400, deadline=None)
def test_config_values_are_normalised_as_json_dumps_does(value: Any) -> None:
    assert merge._norm(value) == json.dumps(value, sort_keys=True, ensure_ascii=False)


# ------------------------------------------------------------------ scripts' configs
SCRIPTS = """\
name: demo
tests:
  - id: t1
    assertions:
      - type: code-grader
        name: as-string
        command: "  python3 -c 'print(1)'  "
      - type: code-grader
        name: as-list
        command: [python3, -c, "print(1)"]
        negate: true
      - type: script
        name: other
        command: [python3, -c, "print(0)"]
"""


LAYOUT_RESULTS = {layout: results for layout, (_, results) in LAYOUTS.items()}


def _config(folder: Path, stem: str, kind: str, command: list[str]) -> None:
    """A script's config as AgentV's `pipeline input` writes it (no `negate`)."""
    config = {"name": stem, "type": kind, "command": command, "cwd": "/x", "weight": 1,
              "config": {}}  # fmt: skip
    (folder / f"{stem}.json").write_text(json.dumps(config), "utf-8")


@pytest.mark.parametrize(
    ("layout", "config_dir", "kind"),
    [("v4", "code_graders", "code-grader"), ("head", "script_graders", "script")],
)
def test_a_script_reuses_agentvs_config_name_by_its_command(
    tmp_path: Path, layout: str, config_dir: str, kind: str
) -> None:
    """v4 writes a script's config as type `code-grader`, main as `script`; both hold the
    command as AgentV's loader parsed it (a string trimmed, run by `sh -lc`) and no
    `negate`. Each of our scripts takes the config with its command, whatever its name."""
    eval_path, bench = write_suite(tmp_path, SCRIPTS, {"t1": "answer"}, name="demo")
    configs = bench / "t1" / config_dir
    configs.mkdir()
    _config(configs, "agentv-a", kind, ["sh", "-lc", "python3 -c 'print(1)'"])
    _config(configs, "agentv-b", kind, ["python3", "-c", "print(1)"])
    _config(configs, "agentv-c", kind, ["sh", "-lc", "python3 -c 'print(0)'"])  # no script's
    report = grade_test(str(eval_path), "t1", bench_dir=str(bench), layout=layout)
    results = configs.parent / LAYOUT_RESULTS[layout]
    assert report.data["files"] == [
        f"{LAYOUT_RESULTS[layout]}/agentv-a.json",
        f"{LAYOUT_RESULTS[layout]}/agentv-b.json",  # negated: the config has no `negate`
        f"{LAYOUT_RESULTS[layout]}/other.json",
    ]
    assert json.loads((results / "agentv-b.json").read_text("utf-8"))["name"] == "as-list"


def test_agentv_command_is_the_command_agentvs_loader_writes() -> None:
    assert merge.agentv_command({"command": " a b "}) == ["sh", "-lc", "a b"]
    assert merge.agentv_command({"script": "a b"}) == ["sh", "-lc", "a b"]  # v4's old key
    assert merge.agentv_command({"command": ["a", "b"], "script": "c"}) == ["a", "b"]


SCRIPT_ENTRIES = """\
name: demo
tests:
  - id: t1
    assertions:
      - type: code-grader
        command: >-
          echo '{"score": 0.5, "assertions": [{"text": "saw it", "passed": true}],
          "details": {"seen": ["it"], "status": "mine"}}'
      - type: script
        metric: quiet
        command: "echo '{\\"score\\": 1}'"
      - type: script
        metric: plain
        command: "echo all good"
      - type: script
        metric: broken
        command: "exit 3"
"""


@pytest.mark.parametrize(("layout", "kind"), [("v4", "code-grader"), ("head", "script")])
def test_a_scripts_merge_file_holds_its_own_entries_as_agentv_writes_them(
    tmp_path: Path, layout: str, kind: str
) -> None:
    """AgentV's pipeline writes a script's own entries (none when it printed none), typed
    `code-grader` (v4) or `script` (main); an error keeps agentv-grade's one entry."""
    eval_path, bench = write_suite(tmp_path, SCRIPT_ENTRIES, {"t1": "answer"}, name="demo")
    grade_test(str(eval_path), "t1", bench_dir=str(bench), layout=layout)
    results = bench / "t1" / LAYOUT_RESULTS[layout]
    written = {p.stem: json.loads(p.read_text("utf-8")) for p in results.glob("*.json")}
    assert sorted(written) == ["broken", "code-grader", "plain", "quiet"]
    entries = {n: [(e["text"], e["passed"]) for e in c["assertions"]] for n, c in written.items()}
    assert entries["code-grader"] == [("saw it", True)]
    assert entries["quiet"] == []
    assert entries["plain"] == [("all good", True)]
    [(text, passed)] = entries["broken"]
    assert "exited with code 3" in text and passed is False
    assert {c["type"] for c in written.values()} == {kind}
    assert written["code-grader"]["name"] == "code-grader"
    # the script's own details, as pipeline grade writes them, with agentv-grade's marks
    assert written["code-grader"]["details"] == {
        "seen": ["it"],
        "status": "failed",
        "graded_by": "agentv-grade",
    }
    assert written["quiet"]["details"] == {"status": "passed", "graded_by": "agentv-grade"}


def test_config_keys_come_from_each_files_own_bytes(tmp_path: Path) -> None:
    """A config's key is remembered by the file's bytes (tests share configs), never by
    its name: a file of the same name with other contents gets its own key, and one read
    again gets the key the plain reading gives."""
    configs = {
        "one": {"type": "contains", "value": "Paris", "negate": False},
        "two": {"type": "contains", "value": "Lyon", "negate": True},
        "three": {"type": "regex", "value": "^P", "flags": "i"},
    }
    found = []
    for folder, config in [*configs.items(), ("again", configs["one"])]:
        (tmp_path / folder / "code_graders").mkdir(parents=True)
        (tmp_path / folder / "code_graders" / "a1.json").write_text(json.dumps(config))
        (tmp_path / folder / "code_graders" / "list.json").write_text("[]")
        got = merge._existing_configs(str(tmp_path / folder), "code_graders")
        assert got == _configs_as_before(str(tmp_path / folder), "code_graders")
        found.append(got)
    assert found[0] == found[3] != found[1] != found[2]
    assert [stem for stem, _ in found[0]] == ["a1"]


def test_a_config_longer_than_the_first_read_is_read_whole(tmp_path: Path) -> None:
    """`_existing_configs` reads a listed file as `read_listed` does, with one read of
    `_FIRST_READ` bytes: a config that fills it, or is one byte short or over, is read
    whole, as the plain reading reads it."""
    first_read = files._FIRST_READ
    folder = tmp_path / "code_graders"
    folder.mkdir()
    long_value = "x" * (first_read + 10)
    (folder / "long.json").write_text(json.dumps({"type": "contains", "value": long_value}))
    exact = {"type": "contains", "value": ""}
    for stem, size in [("exact", first_read), ("short", first_read - 1), ("over", first_read + 1)]:
        padding = size - len(json.dumps(exact))
        (folder / f"{stem}.json").write_text(json.dumps({**exact, "value": "y" * padding}))
        assert (folder / f"{stem}.json").stat().st_size == size
    got = merge._existing_configs(str(tmp_path), "code_graders")
    assert got == _configs_as_before(str(tmp_path), "code_graders")
    assert [stem for stem, _ in got] == ["exact", "long", "over", "short"]


# ------------------------------------------------------------------ the plan as before
def _key_as_before(outcome: Outcome) -> tuple[Any, ...]:
    """An outcome's match key as `plan` first worked it out: `json.dumps` of its value."""
    spec = outcome.spec

    def norm(value: Any) -> str:
        return json.dumps(value, sort_keys=True, ensure_ascii=False)

    if spec.type == "script":
        return ("script", norm(merge.agentv_command(spec.options)), None, None)
    value = spec.options.get(REGISTRY.get(spec.type, about("")).value_key)
    return (spec.type, norm(value), spec.options.get("flags") or None, spec.negate)


def _content_as_before(outcome: Outcome, script_type: str) -> dict[str, Any]:
    """`merge_content` as first written: every entry through one path."""
    spec, status = outcome.spec, outcome.status

    def checks() -> list[dict[str, Any]]:
        return [
            {"text": c.text, "passed": c.passed, "evidence": c.evidence} for c in outcome.checks
        ]

    def entries() -> list[dict[str, Any]]:
        if outcome.checks:
            return checks()
        return [{"text": outcome.text, "passed": status is PASSED, "evidence": outcome.evidence}]

    kind = spec.type
    details: dict[str, Any] = {"status": status.value, "graded_by": "agentv-grade"}
    if kind != "script":
        listed = entries()
    else:
        if status is not ERROR:
            printed = outcome.details.get("script_details")
            details = {**(printed if isinstance(printed, dict) else {}), **details}
        if "custom_type" in spec.options:
            listed = entries()
        else:
            kind = script_type
            listed = entries() if status is ERROR else checks()
    return {"name": spec.name, "type": kind,
            "score": outcome.score if outcome.score is not None else 0.0,
            "weight": spec.weight, "assertions": listed, "details": details}  # fmt: skip


def _plan_as_before(
    outcomes: tuple[Outcome, ...], test_dir: str, layout: str
) -> list[tuple[str, dict[str, Any]]]:
    """`plan` as first written, on the plain reading of the configs (no LLM items here)."""
    config_dir, result_dir = LAYOUTS[layout]
    graded = [o for o in outcomes if o.status in (PASSED, FAILED, ERROR)]
    configs = _configs_as_before(test_dir, config_dir)
    unused = list(configs)
    stems: list[str | None] = []
    for outcome in graded:
        key = _key_as_before(outcome)
        matched = next((c for c in unused if c[1] == key), None)
        if matched is not None:
            unused.remove(matched)
        stems.append(matched[0] if matched is not None else None)
    unmatched = [o.spec.name for o, s in zip(graded, stems, strict=True) if s is None]
    fresh = iter(unique_safe_names(unmatched, {stem for stem, _ in configs}))
    stems = [s if s is not None else next(fresh) for s in stems]
    script_type = {"v4": "code-grader", "head": "script"}[layout]
    return [
        (f"{result_dir}/{stem}.json", _content_as_before(o, script_type))
        for o, stem in zip(graded, stems, strict=True)
    ]


_VALUES = st.one_of(
    st.sampled_from(["Paris", "^P", "x", "", "é"]),
    st.lists(st.sampled_from(["a", "b", "é"]), max_size=2),
    st.none(),
    st.integers(0, 2),
)
_ITEMS = st.tuples(
    st.sampled_from(["contains", "regex", "is-json", "equals", "script", "code-grader"]),
    _VALUES,  # the value (a script's command)
    st.sampled_from([None, "i"]),  # flags
    st.booleans(),  # negate
    st.sampled_from(["a", "b", "a b", "C", "c"]),  # name
    st.sampled_from(list(Status)),
    st.integers(0, 2),  # checks
    st.booleans(),  # a `custom_type` option
)


@given(
    items=st.lists(_ITEMS, max_size=6),
    configs=st.lists(st.tuples(st.sampled_from(["a", "b", "c", "a b", "z"]), _ITEMS), max_size=5),
    layout=st.sampled_from(["v4", "head"]),
    shared=st.booleans(),
)
@settings(max_examples=300, deadline=None)
def test_the_plan_is_the_plan_as_first_written(
    items: list[Any], configs: list[Any], layout: str, shared: bool
) -> None:
    """Whatever the items and AgentV's configs (matching or not, names taken or not, read
    for the first time or known by their bytes), `plan` names and fills the merge files as
    its first, plain writing did."""
    import tempfile

    outcomes = []
    for at, (kind, value, flags, negate, name, status, checks, custom) in enumerate(items):
        options: dict[str, Any] = {"type": kind}
        options["command" if kind in ("script", "code-grader") else "value"] = value
        if flags is not None:
            options["flags"] = flags
        if custom:
            options["custom_type"] = "mine"
        kind = "script" if kind == "code-grader" else kind
        spec = AssertionSpec(at, name, kind, options, weight=1.0 + at, negate=negate)
        made = tuple(CheckItem(f"c{n}", n % 2 == 0, "e") for n in range(checks))
        details = {"script_details": {"seen": at}} if at % 2 else {}
        outcomes.append(Outcome(spec, status, 0.5 if at % 3 else None, "t", "ev", made, details))
    if not shared:
        merge._keys_of.clear()
    with tempfile.TemporaryDirectory() as test_dir:
        folder = Path(test_dir) / LAYOUTS[layout][0]
        folder.mkdir()
        for stem, (kind, value, flags, negate, *_) in configs:
            config: dict[str, Any] = {"name": stem, "type": kind}
            config["command" if kind in ("script", "code-grader") else "value"] = value
            if flags is not None:
                config["flags"] = flags
            if negate:
                config["negate"] = True
            (folder / f"{stem}.json").write_text(json.dumps(config), "utf-8")
        got = [(m.relpath, m.content) for m in merge.plan(tuple(outcomes), test_dir, layout)]
        assert got == _plan_as_before(tuple(outcomes), test_dir, layout)
