"""Every critique rule: cases it must flag and near cases it must not (SPEC §6.2)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from agentv_grader.critique import RULES, critique_test
from agentv_grader.load.evalfile import load_suite
from agentv_grader.rundata.records import Figure, Timing

from .support import at, critique, make_suite

P = "Paris"


def a(kind: str, value: Any = None, **extra: Any) -> dict[str, Any]:
    """One authored assertion."""
    item: dict[str, Any] = {"type": kind, **extra}
    if value is not None:
        item["value"] = value
    return item


# (rule, test, response or None, expected findings of that rule at `index`)
FLAG: list[tuple[str, dict[str, Any], str | None, int | None]] = [
    ("decoy-pass", {"assertions": [a("regex", r"\w+")]}, None, 0),
    ("decoy-pass", {"assertions": [a("starts-with", "I'm sorry")]}, None, 0),
    ("decoy-pass", {"assertions": [a("ends-with", "!")]}, None, 0),
    ("decoy-pass", {"input": '{"a": 1}', "assertions": [a("is-json")]}, None, 0),
    ("decoy-pass", {"assertions": [a("regex", "^$")]}, None, 0),
    ("trivial", {"assertions": [a("contains", "the")]}, None, 0),
    ("trivial", {"assertions": [a("icontains", "AND")]}, None, 0),
    ("trivial", {"assertions": [a("contains", " ")]}, None, 0),
    ("trivial", {"assertions": [a("contains", "?!")]}, None, 0),
    ("trivial", {"assertions": [a("contains", "7")]}, None, 0),
    ("trivial", {"assertions": [a("contains", "")]}, None, 0),
    ("trivial", {"assertions": [a("contains-any", [P, "of"])]}, None, 0),
    ("trivial", {"assertions": [a("regex", "a*")]}, None, 0),
    ("trivial", {"assertions": [a("regex", "(?i)x?")]}, None, 0),
    ("trivial", {"assertions": [a("regex", "^|Paris")]}, None, 0),
    ("trivial", {"assertions": [a("regex", "(Paris)?$")]}, None, 0),
    ("trivial", {"assertions": [a("output-matches", "\\s*")]}, None, 0),
    ("trivial", {"assertions": [a("starts-with", "   ")]}, None, 0),
    ("zero-weight", {"assertions": [a("contains", P, weight=0)]}, None, 0),
    ("generic-needle", {"input": "Review it.", "assertions": [a("contains", "fix")]}, None, 0),
    (
        "generic-needle",
        {"input": "Reset it.", "assertions": [a("icontains-any", ["irreversible", "force"])]},
        None,
        0,
    ),
    (
        "format-only",
        {"input": 'Return JSON with a "total" key.', "assertions": [a("is-json")]},
        None,
        0,
    ),
    (
        "format-only",
        {"expected_output": {"total": 12.5}, "assertions": [a("is-json"), "Totals right"]},
        None,
        0,
    ),
    (
        "vacuous-negation",
        {"input": "Name no brand.", "assertions": [a("not-contains-any", ["BrandA", "BrandB"])]},
        None,
        0,
    ),
    ("negative-only", {"assertions": [a("not-skill-used", "deploy")]}, None, None),
    ("trivial", {"assertions": [a("llm-rubric", "Names Paris", threshold=0)]}, None, 0),
    ("trivial", {"execution": {"threshold": 0}, "assertions": [a("contains", P)]}, None, None),
    (
        "answer-in-input",
        {"input": "Capital of France?", "assertions": [a("contains", "France")]},
        None,
        0,
    ),
    (
        "answer-in-input",
        {"input": "Capital of FRANCE?", "assertions": [a("icontains", "france")]},
        None,
        0,
    ),
    (
        "answer-in-input",
        {"input": "Capital of France?", "assertions": [a("regex", "Fr\\w+")]},
        None,
        0,
    ),
    (
        "answer-in-input",
        {"input": "Capital of France?", "assertions": [a("contains-any", [P, "France"])]},
        None,
        0,
    ),
    (
        "answer-in-input",
        {"vars": {"question": "Is 17 prime?"}, "assertions": [a("contains", "17")]},
        None,
        0,
    ),
    (
        "negative-only",
        {"assertions": [a("not-contains", "Lyon"), a("contains", "Nice", negate=True)]},
        None,
        None,
    ),
    ("unverifiable", {"assertions": [a("latency", threshold=1000)]}, P, 0),
    ("unverifiable", {"assertions": [a("cost", budget=0.1)]}, P, 0),
    ("unverifiable", {"assertions": [a("trajectory:tool-used", ["search"])]}, P, 0),
    ("unverifiable", {"assertions": [a("transcript-contains", P)]}, P, 0),
    ("contradictory", {"assertions": [a("contains", P), a("not-contains", P)]}, None, 1),
    ("contradictory", {"assertions": [a("equals", P), a("equals", "Rome")]}, None, 1),
    ("contradictory", {"assertions": [a("starts-with", "Yes"), a("starts-with", "No")]}, None, 1),
    ("contradictory", {"assertions": [a("ends-with", "."), a("ends-with", "!")]}, None, 1),
    ("contradictory", {"assertions": [a("is-json"), a("is-json", negate=True)]}, None, 1),
    ("contradictory", {"assertions": [a("equals", P), a("contains", "France")]}, None, 1),
    ("contradictory", {"assertions": [a("equals", P), a("not-icontains", "paris")]}, None, 1),
    (
        "contradictory",
        {"assertions": [a("contains", "Paris, France"), a("not-contains", P)]},
        None,
        1,
    ),
    ("contradictory", {"assertions": [a("not-contains", P), a("contains-all", [P, "F"])]}, None, 1),
    (
        "contradictory",
        {"assertions": [a("starts-with", "Paris is"), a("not-starts-with", P)]},
        None,
        1,
    ),
    ("redundant", {"assertions": [a("contains", P), a("contains", P)]}, None, 1),
    ("redundant", {"assertions": [a("contains", P), a("contains", P, weight=2)]}, None, 1),
    (
        "redundant",
        {"assertions": [a("contains-any", ["x1", "y2"]), a("contains-any", ["y2", "x1"])]},
        None,
        1,
    ),
    ("redundant", {"assertions": [a("not-contains", P), a("contains", P, negate=True)]}, None, 1),
    ("runaway-regex", {"assertions": [a("regex", "^(a+)+$")]}, None, 0),
    ("runaway-regex", {"assertions": [a("regex", "(\\w+\\s?)*$")]}, None, 0),
    ("runaway-regex", {"assertions": [a("regex", "(x+x+)+y")]}, None, 0),
    ("runaway-regex", {"assertions": [a("regex", "\\d+\\d+x")]}, None, 0),
    ("runaway-regex", {"assertions": [a("regex", "(.*),(.*),(.*)$")]}, None, 0),
    ("runaway-regex", {"assertions": [a("output-matches", pattern="^(\\d+)*$")]}, None, 0),
    ("runaway-regex", {"assertions": [a("regex", "(?i)^(A|a)+$")]}, None, 0),
    (
        "uncovered-outcome",
        {"criteria": "Says it costs 42 dollars.", "assertions": [a("contains", "dollars")]},
        None,
        None,
    ),
    (
        "uncovered-outcome",
        {"criteria": "Mentions the river Seine.", "assertions": [a("contains", P)]},
        None,
        None,
    ),
    (
        "uncovered-outcome",
        {"criteria": 'Uses the word "bonjour".', "assertions": [a("contains", P)]},
        None,
        None,
    ),
    (
        "uncovered-outcome",
        {"expected_output": "Paris", "assertions": [a("contains", "France")]},
        None,
        None,
    ),
    (
        "uncovered-outcome",
        {"expected_output": {"total": 12.5}, "assertions": [a("contains", "total")]},
        None,
        None,
    ),
    ("near-miss", {"assertions": [a("contains", P)]}, "the capital is paris", 0),
    ("near-miss", {"assertions": [a("contains", "New York")]}, "in New\n York", 0),
    ("near-miss", {"assertions": [a("equals", "It's done")]}, "It’s done", 0),
    ("near-miss", {"assertions": [a("starts-with", "Answer: 42")]}, "ANSWER: 42", 0),
    ("near-miss", {"assertions": [a("ends-with", "well-known")]}, "it is well–known", 0),
    (
        "near-miss",
        {"assertions": [a("equals", P, target_output_key="city")]},
        '{"city": "PARIS"}',
        0,
    ),
    ("vacuous-pass", {"assertions": [a("not-contains", "Lyon")]}, "", 0),
]

OKAY: list[tuple[str, dict[str, Any], str | None]] = [
    ("decoy-pass", {"assertions": [a("regex", "\\bParis\\b")]}, None),
    ("decoy-pass", {"assertions": [a("contains", P)]}, None),
    ("decoy-pass", {"assertions": [a("not-contains", "sorry")]}, None),
    ("decoy-pass", {"input": "Capital of France?", "assertions": [a("contains", "France")]}, None),
    ("decoy-pass", {"assertions": [a("is-json")]}, None),
    ("decoy-pass", {"assertions": [a("contains", "the")]}, None),
    ("decoy-pass", {"assertions": [a("latency", threshold=10)]}, None),
    ("trivial", {"assertions": [a("contains", P)]}, None),
    ("trivial", {"assertions": [a("contains", "the capital")]}, None),
    ("trivial", {"assertions": [a("regex", "^a*$")]}, None),
    ("trivial", {"assertions": [a("regex", "\\bthe\\b")]}, None),
    ("trivial", {"assertions": [a("regex", "(?m)^$")]}, None),
    ("trivial", {"assertions": [a("contains", "the", negate=True)]}, None),
    ("trivial", {"assertions": [a("contains-all", [P, "the"])]}, None),
    ("trivial", {"assertions": [a("starts-with", "{")]}, None),
    ("trivial", {"assertions": [a("latency", threshold=0)]}, None),
    ("trivial", {"assertions": [a("contains", P, weight=0.5)]}, None),
    ("trivial", {"threshold": 0.5, "assertions": [a("contains", P)]}, None),
    ("answer-in-input", {"input": "Capital of France?", "assertions": [a("contains", P)]}, None),
    (
        "answer-in-input",
        {"input": "Capital of France?", "assertions": [a("contains", "france")]},
        None,
    ),
    (
        "answer-in-input",
        {"input": "Capital of France?", "assertions": [a("not-contains", "France")]},
        None,
    ),
    (
        "answer-in-input",
        {"input": "Capital of France?", "assertions": [a("contains-all", [P, "France"])]},
        None,
    ),
    (
        "answer-in-input",
        {
            "input": "Capital of France?",
            "vars": {"city": P},
            "assertions": [a("contains", "{{ city }}")],
        },
        None,
    ),
    (
        "answer-in-input",
        {"vars": {"q": "Capital?", "expected": P}, "assertions": [a("contains", P)]},
        None,
    ),
    ("negative-only", {"assertions": [a("not-contains", "Lyon"), a("contains", P)]}, None),
    ("negative-only", {"assertions": ["Answers politely"]}, None),
    ("negative-only", {"assertions": [a("not-contains", "Lyon"), "Names Paris"]}, None),
    ("zero-weight", {"assertions": [a("contains", P, weight=0.5)]}, None),
    ("generic-needle", {"input": "Review it.", "assertions": [a("contains", "off-by-one")]}, None),
    ("generic-needle", {"input": "Fix it.", "assertions": [a("contains", "fix")]}, None),
    ("generic-needle", {"input": "Greet me.", "assertions": [a("contains", "Hello")]}, None),
    ("format-only", {"input": "Return any JSON.", "assertions": [a("is-json")]}, None),
    (
        "format-only",
        {"input": 'Return a "total" key.', "assertions": [a("is-json"), a("contains", "total")]},
        None,
    ),
    (
        "vacuous-negation",
        {"input": "Never name BrandA.", "assertions": [a("not-contains", "BrandA")]},
        None,
    ),
    ("vacuous-negation", {"input": "Capital?", "assertions": [a("not-contains", "Lyon")]}, None),
    ("negative-only", {"assertions": [a("contains", P)]}, None),
    ("unverifiable", {"assertions": [a("latency", threshold=1000)]}, None),
    ("unverifiable", {"assertions": [a("contains", P)]}, P),
    ("contradictory", {"assertions": [a("contains", P), a("not-contains", "Rome")]}, None),
    ("contradictory", {"assertions": [a("starts-with", "Yes"), a("starts-with", "Yes, ")]}, None),
    ("contradictory", {"assertions": [a("equals", P), a("contains", "ari")]}, None),
    ("contradictory", {"assertions": [a("equals", P), a("icontains", "PARIS")]}, None),
    ("contradictory", {"assertions": [a("icontains", "paris"), a("not-contains", P)]}, None),
    ("contradictory", {"assertions": [a("not-contains", P), a("not-contains", "Rome")]}, None),
    (
        "contradictory",
        {
            "assertions": [
                a("equals", P, target_output_key="a"),
                a("equals", "Rome", target_output_key="b"),
            ]
        },
        None,
    ),
    (
        "contradictory",
        {
            "assertions": [
                a("is-json", schema={"type": "object"}),
                a("not-is-json", schema={"type": "array"}),
            ]
        },
        None,
    ),
    ("contradictory", {"assertions": [a("contains-any", [P, "Rome"]), a("not-contains", P)]}, None),
    ("redundant", {"assertions": [a("contains", P), a("icontains", P)]}, None),
    ("redundant", {"assertions": [a("contains", P), a("not-contains", P)]}, None),
    ("redundant", {"assertions": [a("regex", "x"), a("regex", "x", flags="i")]}, None),
    (
        "redundant",
        {"assertions": [a("contains", P), a("contains", P, target_output_key="city")]},
        None,
    ),
    ("runaway-regex", {"assertions": [a("regex", "^a+$")]}, None),
    ("runaway-regex", {"assertions": [a("regex", "\\s+$")]}, None),
    ("runaway-regex", {"assertions": [a("regex", "(a+)+")]}, None),
    ("runaway-regex", {"assertions": [a("regex", "\\d+(\\.\\d+)?%")]}, None),
    ("runaway-regex", {"assertions": [a("regex", ".*\\d+.*")]}, None),
    ("runaway-regex", {"assertions": [a("regex", "^\\d{3}-\\d{4}$")]}, None),
    ("runaway-regex", {"assertions": [a("regex", '"name":\\s*"[^"]+"')]}, None),
    ("runaway-regex", {"assertions": [a("regex", "(a|b)+$")]}, None),
    ("runaway-regex", {"assertions": [a("regex", "([")]}, None),
    (
        "uncovered-outcome",
        {"criteria": "Says it costs 42 dollars.", "assertions": [a("regex", "\\b42\\b")]},
        None,
    ),
    (
        "uncovered-outcome",
        {"criteria": "Lists 3 reasons.", "assertions": [a("contains", "reason")]},
        None,
    ),
    (
        "uncovered-outcome",
        {"criteria": "Paris is named.", "assertions": [a("contains", "capital")]},
        None,
    ),
    (
        "uncovered-outcome",
        {"expected_output": "Paris", "assertions": [a("icontains", "paris")]},
        None,
    ),
    (
        "uncovered-outcome",
        {"criteria": "Names Paris.", "assertions": ["Mentions Paris correctly"]},
        None,
    ),
    (
        "uncovered-outcome",
        {"criteria": "Gives 1,000.", "assertions": [a("contains", "1000")]},
        None,
    ),
    (
        "uncovered-outcome",
        {
            "expected_output": {"total": 12.5, "city": P},
            "assertions": [a("field-accuracy", fields=[{"path": "total"}, {"path": "city"}])],
        },
        None,
    ),
    (
        "uncovered-outcome",
        {"criteria": "Says 42.", "assertions": [a("script", command=["true"])]},
        None,
    ),
    ("near-miss", {"assertions": [a("contains", P)]}, "the capital is Rome"),
    ("near-miss", {"assertions": [a("contains", P)]}, "the capital is Paris"),
    ("near-miss", {"assertions": [a("not-contains", P)]}, "the capital is Paris"),
    ("near-miss", {"assertions": [a("contains", P)]}, None),
    ("vacuous-pass", {"assertions": [a("not-contains", "Lyon")]}, "Paris"),
    ("vacuous-pass", {"assertions": [a("contains", "Lyon")]}, ""),
    ("vacuous-pass", {"assertions": [a("not-contains", "Lyon")]}, None),
]


@pytest.mark.parametrize(
    ("rule", "test", "response", "index"), FLAG, ids=[f"{c[0]}-{i}" for i, c in enumerate(FLAG)]
)
def test_flags(
    tmp_path: Path, rule: str, test: dict[str, Any], response: str | None, index: int | None
) -> None:
    result = critique(tmp_path, test, response=response)
    assert rule in at(result, index), [(f.index, f.rule, f.reason) for f in result.suggestions]
    found = next(f for f in result.suggestions if f.rule == rule)
    assert found.severity == RULES[rule].severity
    assert found.reason and found.evidence and found.fix


@pytest.mark.parametrize(
    ("rule", "test", "response"), OKAY, ids=[f"{c[0]}-{i}" for i, c in enumerate(OKAY)]
)
def test_okay(tmp_path: Path, rule: str, test: dict[str, Any], response: str | None) -> None:
    result = critique(tmp_path, test, response=response)
    assert rule not in [f.rule for f in result.suggestions], [
        (f.index, f.rule, f.reason, f.evidence) for f in result.suggestions if f.rule == rule
    ]


def test_every_rule_has_flag_and_okay_cases() -> None:
    assert {c[0] for c in FLAG} == set(RULES)
    assert {c[0] for c in OKAY} == set(RULES)


def test_unverifiable_is_quiet_when_the_data_is_there(tmp_path: Path) -> None:
    timing = Timing(path="timing.json", duration_ms=Figure(500.0, "timing.json"))
    test = {"assertions": [a("latency", threshold=1000)]}
    result = critique(tmp_path, test, response=P, run_changes={"timing": timing})
    assert "unverifiable" not in [f.rule for f in result.suggestions]


def test_decoy_from_the_next_tests_expected_output(tmp_path: Path) -> None:
    test = {"expected_output": {"city": P}, "assertions": [a("is-json")]}
    result = critique(
        tmp_path, test, others=[{"input": "x"}, {"expected_output": {"city": "Rome"}}]
    )
    found = [f for f in result.suggestions if f.rule == "decoy-pass"]
    assert found and "test 'o1''s expected_output" in found[0].evidence


def test_next_expected_output_wraps_around_and_skips_tests_without_one(tmp_path: Path) -> None:
    suite = make_suite(
        tmp_path,
        [
            {"id": "a", "expected_output": "Rome", "assertions": [a("regex", "[A-Z]")]},
            {"id": "b", "input": "no reference here"},
            {"id": "c", "expected_output": "Oslo", "assertions": [a("regex", "[A-Z]")]},
            {"id": "d", "input": "none either"},
        ],
    )
    for test, other in ((suite.tests[0], "c"), (suite.tests[2], "a")):
        found = [f for f in critique_test(suite, test).suggestions if f.rule == "decoy-pass"]
        assert found and f"test '{other}''s expected_output" in found[0].evidence


@pytest.mark.parametrize("timeout", [0, -5, 1e300, "soon"])
def test_probe_keeps_an_invalid_regex_deadline_so_it_is_no_decoy_pass(
    tmp_path: Path, timeout: Any
) -> None:
    """The assertion grades as error; its probes must be error too, never a pass."""
    weak = a("regex", "[a-z]", timeout_ms=timeout)
    assert "decoy-pass" not in at(critique(tmp_path, {"assertions": [weak]}, response="ok"), 0)
    valid = a("regex", "[a-z]", timeout_ms=50)
    assert "decoy-pass" in at(critique(tmp_path, {"assertions": [valid]}, response="ok"), 0)


def test_next_tests_expected_output_equal_to_ours_is_not_a_decoy(tmp_path: Path) -> None:
    test = {"expected_output": "Paris", "assertions": [a("contains", P)]}
    result = critique(tmp_path, test, others=[{"expected_output": "Paris"}])
    assert "decoy-pass" not in [f.rule for f in result.suggestions]


@pytest.mark.parametrize("padding", [1, 1 << 16])  # small answers by a copy, big by bounds
@pytest.mark.parametrize("same", [True, False])
def test_next_tests_response_equal_to_ours_once_trimmed_is_not_a_decoy(
    tmp_path: Path, padding: int, same: bool
) -> None:
    from agentv_grader.critique import context
    from agentv_grader.model import RunData

    bench = tmp_path / "run"
    (bench / "o0").mkdir(parents=True)
    (bench / "o0" / "response.md").write_text("\n Paris is the capital.\t")
    suite = make_suite(tmp_path, [{"id": "t", "input": "Q"}, {"id": "o0", "input": "R"}])
    ours = " " * padding + ("Paris is the capital." if same else "Paris is a capital.") + "\n"
    run = RunData(test=suite.tests[0], response=ours)
    ctx = context.build_context(suite, suite.tests[0], run, None, str(bench))
    found = [d.label for d in ctx.decoys if "'s response" in d.label]
    assert found == ([] if same else ["test 'o0''s response"])


def test_decoy_from_the_next_tests_response(tmp_path: Path) -> None:
    bench = tmp_path / "run"
    (bench / "o0").mkdir(parents=True)
    (bench / "o0" / "response.md").write_text("Rome. Paris is in France.", encoding="utf-8")
    test = {"input": "Capital of France?", "assertions": [a("contains", P)]}
    result = critique(tmp_path, test, others=[{"input": "Capital of Italy?"}], bench_dir=str(bench))
    found = [f for f in result.suggestions if f.rule == "decoy-pass"]
    assert found and "test 'o0''s response" in found[0].evidence


def test_trivial_supersedes_decoy_pass_and_answer_in_input(tmp_path: Path) -> None:
    result = critique(tmp_path, {"input": "Is the sky blue?", "assertions": [a("contains", "the")]})
    assert at(result, 0) == ["trivial"]


def test_runaway_confirmed_by_the_deadline(tmp_path: Path) -> None:
    result = critique(tmp_path, {"assertions": [a("regex", "(a|aa)+$")]})
    found = next(f for f in result.suggestions if f.rule == "runaway-regex")
    assert "exponential" in found.reason
    assert "confirmed: the search timed out" in found.evidence
    assert '"a" × 32 + "!"' in found.evidence


def test_runaway_unconfirmed_without_the_engine(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from agentv_grader.critique import regex_risk

    def missing(name: str) -> object:
        raise ImportError(name)

    regex_risk.assess.cache_clear()
    monkeypatch.setattr(regex_risk.importlib, "import_module", missing)
    try:
        result = critique(tmp_path, {"assertions": [a("regex", "^(b+)+$")]})
    finally:
        regex_risk.assess.cache_clear()
    found = next(f for f in result.suggestions if f.rule == "runaway-regex")
    assert "unconfirmed" in found.evidence


def test_group_children_are_critiqued(tmp_path: Path) -> None:
    from agentv_grader.critique import critique_test
    from agentv_grader.record import replace

    suite = make_suite(
        tmp_path, [{"id": "t", "assertions": [a("contains", P), a("contains", "the")]}]
    )
    test = suite.tests[0]
    parent = replace(
        test.assertions[0], type="assert-set", name="group", children=(test.assertions[1],)
    )
    result = critique_test(suite, replace(test, assertions=(parent,)))
    found = [f for f in result.suggestions if f.rule == "trivial"]
    assert found and found[0].assertion == "group > contains-the" and found[0].index == 0


def test_order_is_test_level_then_index_then_rule(tmp_path: Path) -> None:
    test = {
        "execution": {"threshold": 0},
        "criteria": "Says 42.",
        "assertions": [a("contains", P), a("contains", P), a("contains", "the", weight=0)],
    }
    result = critique(tmp_path, test)
    keys = [(-1 if f.index is None else f.index, f.rule) for f in result.suggestions]
    assert keys == sorted(keys)
    assert result.suggestions[0].index is None


def test_json_and_markdown_shapes(tmp_path: Path) -> None:
    result = critique(tmp_path, {"assertions": [a("contains", "the")]})
    data = result.to_json()
    assert list(data) == ["suggestions", "overall"]
    assert list(data["suggestions"][0]) == [
        "assertion", "index", "rule", "severity", "reason", "evidence", "fix"
    ]  # fmt: skip
    assert data["overall"].startswith("1 suggestion (1 high); most severe: [trivial]")
    markdown = result.to_markdown()
    assert markdown.startswith("# Eval critique: `t`")
    assert "## 1. [high] `trivial`: assertion 0 'contains-the'" in markdown


def test_solid_critique(tmp_path: Path) -> None:
    result = critique(tmp_path, {"input": "Capital of France?", "assertions": [a("contains", P)]})
    assert result.to_json() == {"suggestions": [], "overall": "No suggestions, evals look solid."}
    assert "No suggestions, evals look solid." in result.to_markdown()


def test_near_miss_is_not_computed_on_huge_responses(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """docs/SPEC.md §6.2: the memory bound wins over an advisory hint."""
    from agentv_grader.critique import coverage

    test = {"input": "Q", "assert": [a("contains", "Paris")]}
    hits = critique(tmp_path, test, response="The capital is paris.")
    assert "near-miss" in at(hits, 0)
    monkeypatch.setattr(coverage, "NEAR_MISS_MAX_CHARS", 5)
    again = critique(tmp_path, test, response="The capital is paris.")
    assert "near-miss" not in at(again, 0)


def _probed_passing(ctx: Any, spec: Any) -> list[Any]:
    """The test's decoys on which `spec` passes when each is graded in full."""
    return [d for d in ctx.decoys if ctx.probe(spec, d.text).status.value == "passed"]


def _passing_as_probed(suite: Any) -> Any:
    """From an empty memo, every assertion of every test of `suite` passes, through the
    memo (`Context.passing`), on exactly the decoys a full grading passes it on. Returns
    the last test's context."""
    from agentv_grader.critique import context

    context._PASSES.clear()
    for test in suite.tests:
        ctx = context.build_context(suite, test, None, None, None)
        for spec in test.assertions:
            assert list(ctx.passing(spec)) == _probed_passing(ctx, spec), (test.id, spec.name)
    return ctx


def test_remembered_probe_results_equal_fresh_ones(tmp_path: Path) -> None:
    """`Context.passes` remembers results across tests; each must equal a fresh probe, and
    two assertions that differ in type, value, flags or negation never share one."""
    from agentv_grader.critique import context

    variants = [
        a("contains", "sorry"),
        a("contains", "Sorry"),
        a("icontains", "SORRY"),
        a("contains", "sorry", negate=True),
        a("regex", "^I'm"),
        a("regex", "^i'm", flags="i"),
        a("regex", "^i'm"),
        a("starts-with", "Sure"),
        a("ends-with", "questions!"),
        a("equals", ""),
        a("is-json"),
        a("is-json", negate=True),
        a("contains-any", ["help", "nope"]),
        a("contains-all", ["help", "nope"]),
    ]
    suite = make_suite(
        tmp_path,
        [{"id": f"t{i}", "input": "Q?", "assertions": [v]} for i, v in enumerate(variants)],
    )
    context._PASSES.clear()
    for _ in range(2):  # the second round answers from what the first remembered
        for test in suite.tests:
            ctx = context.build_context(suite, test, None, None, None)
            for spec in test.assertions:
                for decoy in ctx.decoys:
                    fresh = ctx.probe(spec, decoy.text).status.value == "passed"
                    assert ctx.passes(spec, decoy.text) == fresh, (spec.name, decoy.label)
    assert context._PASSES  # the cache was used


def test_equal_assertions_of_different_tests_share_what_is_remembered(tmp_path: Path) -> None:
    """Suite defaults are built per test (other objects, other indexes) but are equal, so
    they share one remembered entry, verdict-only path included; each test's answers
    still equal fresh probes, and `probe` still grades that test's own assertion."""
    from agentv_grader.critique import context

    defaults = [
        a("regex", "^I'm"),
        a("regex", "^Sure", timeout_ms=-1),  # invalid: error, never a pass
        a("icontains", "SORRY"),
        a("is-json"),  # no verdict-only path: graded in full on each test's run
    ]
    tests = [
        {"id": "t0", "input": "Q?", "assertions": [a("contains", "x")]},
        {"id": "t1", "input": "Q?"},
        {"id": "t2", "input": "Q?", "assertions": [a("contains", "y"), a("contains", "z")]},
    ]
    path = tmp_path / "s.eval.yaml"
    path.write_text(json.dumps({"name": "s", "assert": defaults, "tests": tests}))
    suite = load_suite(str(path))
    context._PASSES.clear()
    for test in suite.tests:
        ctx = context.build_context(suite, test, None, None, None)
        for spec in test.assertions:
            assert list(ctx.passing(spec)) == _probed_passing(ctx, spec), (test.id, spec.name)
            assert ctx.probe(spec, "").spec.index == spec.index
            long = "I'm sorry" + " x" * 2100  # past what is remembered: decided every time
            assert ctx.passes(spec, long) == (ctx.probe(spec, long).status.value == "passed")
    assert len(context._PASSES.by_key) == len(defaults) + 3  # + contains x, y, z


def test_copies_of_a_check_under_other_names_share_remembered_results(tmp_path: Path) -> None:
    """Remembered results are keyed by the options less `name` (no response check reads
    it): one check under three names is one key, and every answer still equals a fresh
    probe, also for checks that share a name but not their value."""
    from agentv_grader.critique import context

    tests = [
        {
            "id": f"t{i}",
            "input": '{"Is": "N"}',  # (every screen below admits the echo: each is graded)
            "assertions": [
                a("regex", "^I", name=f"a{i}"),
                a("regex", "^S" if i % 2 else "^N", name="same"),
                a("is-json", name=f"j{i}"),
            ],
        }
        for i in range(3)
    ]
    suite = make_suite(tmp_path, tests)
    _passing_as_probed(suite)
    keys = [_nameless(key[0].options) for key in context._PASSES.by_key]
    assert sorted(keys) == sorted(
        ["{'type': 'regex', 'value': '^I'}", "{'type': 'is-json'}"]
        + ["{'type': 'regex', 'value': '^S'}", "{'type': 'regex', 'value': '^N'}"]
    )


def _nameless(options: Any) -> str:
    """`repr` of an assertion's options less `name` (what a probe key's entry stands for)."""
    return repr({key: value for key, value in options.items() if key != "name"})


def test_an_assertion_seen_once_leaves_only_its_key(tmp_path: Path) -> None:
    """An assertion with a value of its own is seen once in a suite: of it only the key is
    remembered (no verdict-only path, no results outlive its test). An equal assertion of
    another test is remembered from then on, and answers stay those of fresh probes. One
    that no decoy's screen admits (`zz`) is graded on none and leaves nothing. (Any case:
    a `contains` is decided by its screen alone, never graded, so it leaves no key.)"""
    from agentv_grader.critique import context

    needles = ["Q", "?", "Q?"]  # each in the echoed input, so each is graded there
    tests = [
        {
            "id": f"t{i}",
            "input": "Q?",
            "assertions": [a("icontains", needles[i]), a("regex", "^I"), a("contains", "zz")],
        }
        for i in range(3)
    ]
    suite = make_suite(tmp_path, tests)
    ctx = _passing_as_probed(suite)
    by_key = context._PASSES.by_key
    assert len(by_key) == 4  # icontains Q, ?, Q? and the regex

    def remembered(value: str) -> Any:
        (known,) = [k for key, k in by_key.items() if repr(value) in _nameless(key[0].options)]
        return known

    assert [remembered(n) for n in needles] == [None] * 3
    regex = remembered("^I")
    assert regex is not None and regex.fast is not None
    admitted = [d.text for d in ctx.decoys if "I" in d.text]  # the pattern's screen: "I"
    assert regex.results == {text: text.startswith("I") for text in admitted}


@pytest.mark.parametrize("size", [0, 5, (1 << 20) - 1, 1 << 20, (1 << 20) + 1, 3 << 20])
def test_the_next_tests_response_is_read_whole_up_to_one_mib(tmp_path: Path, size: int) -> None:
    """Read through the open file (no stat of the path first): every size up to the
    limit whole, a longer response cut at 1 MiB, a blank one is no decoy."""
    from agentv_grader.critique import context

    bench = tmp_path / "run"
    (bench / "o0").mkdir(parents=True)
    (bench / "o0" / "response.md").write_bytes(b"a" * size)
    suite = make_suite(tmp_path, [{"id": "t", "input": "Q"}, {"id": "o0", "input": "R"}])
    ctx = context.build_context(suite, suite.tests[0], None, None, str(bench))
    found = [d.text for d in ctx.decoys if "'s response" in d.label]
    assert found == ([] if size == 0 else ["a" * min(size, 1 << 20)])


def test_a_missing_response_passes_to_the_next_and_a_link_to_a_file_is_read(
    tmp_path: Path,
) -> None:
    from agentv_grader.critique import context

    bench = tmp_path / "run"
    for name in ("o0", "o1"):
        (bench / name).mkdir(parents=True)
    (tmp_path / "elsewhere.md").write_text("the linked answer")
    (bench / "o1" / "response.md").symlink_to(tmp_path / "elsewhere.md")
    tests = [{"id": i, "input": "Q"} for i in ("t", "o0", "o1")]
    suite = make_suite(tmp_path, tests)
    ctx = context.build_context(suite, suite.tests[0], None, None, str(bench))
    found = [(d.label, d.text) for d in ctx.decoys if "'s response" in d.label]
    assert found == [("test 'o1''s response", "the linked answer")]


def test_the_next_tests_response_is_read_up_to_one_mib(tmp_path: Path) -> None:
    from agentv_grader.critique import context

    bench = tmp_path / "run"
    (bench / "o0").mkdir(parents=True)
    (bench / "o0" / "response.md").write_bytes(b"\xef\xbb\xbf" + b"a" * (1 << 20))
    suite = make_suite(tmp_path, [{"id": "t", "input": "Q"}, {"id": "o0", "input": "R"}])
    ctx = context.build_context(suite, suite.tests[0], None, None, str(bench))
    (decoy,) = [d for d in ctx.decoys if "'s response" in d.label]
    assert decoy.text == "a" * ((1 << 20) - 3)  # 1 MiB read, the BOM dropped


def test_a_response_that_is_not_a_regular_file_is_no_decoy(tmp_path: Path) -> None:
    """A folder, a FIFO or a device named response.md is skipped (nothing waits for a
    writer or reads an endless device): the next test's response is the decoy instead."""
    import os

    from agentv_grader.critique import context

    bench = tmp_path / "run"
    for name in ("o0", "o1", "o2", "o3"):
        (bench / name).mkdir(parents=True)
    (bench / "o0" / "response.md").mkdir()
    os.mkfifo(bench / "o1" / "response.md")
    (bench / "o2" / "response.md").symlink_to("/dev/zero")
    (bench / "o3" / "response.md").write_text("the fourth answer")
    tests = [{"id": i, "input": "Q"} for i in ("t", "o0", "o1", "o2", "o3")]
    suite = make_suite(tmp_path, tests)
    ctx = context.build_context(suite, suite.tests[0], None, None, str(bench))
    (decoy,) = [d for d in ctx.decoys if "'s response" in d.label]
    assert (decoy.label, decoy.text) == ("test 'o3''s response", "the fourth answer")
