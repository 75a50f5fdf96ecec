"""The report page (SPEC §10) without a browser: what it reads, what it embeds, how it
escapes, what it refuses. The browser tests (test_report_browser.py) render it."""

from __future__ import annotations

import base64
import hashlib
import json
import os
import re
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from agentv_grader import html_report
from agentv_grader.errors import GradeInputError
from tests.helpers import cli, critique_of
from tests.report_runs import (
    CLAIMS_RESPONSE,
    CLAIMS_TOOL_OUTPUT,
    graded_claims_run,
    graded_example,
    graded_hostile_run,
)


@pytest.fixture
def example(tmp_path: Path) -> Path:
    return graded_example(tmp_path)[1]


def _embedded(html: str) -> Any:
    """The page's data block, parsed as the page's script parses it."""
    match = re.search(r'<script type="application/json" id="report-data">(.*?)</script>', html)
    assert match is not None
    return json.loads(match.group(1))


def _unpacked(html: str) -> dict[str, Any]:
    """The embedded data with its records unpacked, as the page's script does."""
    data = _embedded(html)
    strings = data["strings"]

    def text(value: Any) -> Any:
        if isinstance(value, int) and not isinstance(value, bool):
            return strings[value]
        if isinstance(value, list):
            return [text(v) for v in value]
        return value

    def record(row: list[Any], fields: list[str], keep: tuple[str, ...] = ()) -> dict[str, Any]:
        return {f: v if f in keep else text(v) for f, v in zip(fields, row, strict=True)}

    numbers = ("score", "weight", "negate", "required")
    for test in data["tests"]:
        test["assertions"] = [
            record(a, data["fields"]["assertion"], numbers) for a in test["assertions"]
        ]
        test["pending"] = [record(p, data["fields"]["pending"]) for p in test["pending"]]
        if test["critique"]:
            test["critique"]["suggestions"] = [
                record(s, data["fields"]["suggestion"]) for s in test["critique"]["suggestions"]
            ]
        if test["claims"]:
            test["claims"]["items"] = [
                record(c, data["fields"]["claim"], ("line", "col")) for c in test["claims"]["items"]
            ]
    return data


@pytest.fixture
def claims_run(tmp_path: Path) -> Path:
    return graded_claims_run(tmp_path)


def _json(path: Path) -> Any:
    return json.loads(path.read_text("utf-8"))


# ------------------------------------------------------------------ what the page holds
def test_the_example_page_holds_each_test_as_its_files_say(example: Path) -> None:
    page = html_report.build_page_data(str(example))
    assert [t["id"] for t in page["tests"]] == ["paris", "tokyo", "berlin"]  # suite order
    by_id = {t["id"]: t for t in page["tests"]}
    for test_id, test in by_id.items():
        report = json.loads((example / test_id / "grader_report.json").read_text("utf-8"))
        critique = critique_of(example / test_id)
        assert test["verdict"] == report["verdict"]
        assert test["score"] == report["score"]
        assert test["counts"] == {k: report["summary"][k] for k in test["counts"]}
        assert [(a["name"], a["status"], a["evidence"]) for a in test["assertions"]] == [
            (a["name"], a["status"], a["evidence"]) for a in report["assertions"]
        ]
        assert [s["reason"] for s in test["critique"]["suggestions"]] == [
            s["reason"] for s in critique["suggestions"]
        ]
    report = json.loads((example / "paris" / "grader_report.json").read_text("utf-8"))
    assert by_id["paris"]["pending"] == [
        {
            "name": item["name"],
            "type": "llm-rubric",
            "path": "paris/" + item["result_path"],
            "criteria": "Names Paris as the capital of France.",
            "rubrics": ["Answers in a single, friendly sentence"],
            "stale": None,
        }
        for item in report["pending"]
    ]
    assert len(report["pending"]) == 1
    assert page["title"] == "capital"
    assert "llm-rubric" in page["types"] and "contains" in page["types"]


def test_the_embedded_data_unpacks_to_the_page_data(example: Path) -> None:
    page = html_report.build_page_data(str(example))
    html = html_report.render_page(page)
    assert _unpacked(html)["tests"] == page["tests"]


def test_each_test_holds_its_claims_as_claims_json_lists_them(claims_run: Path) -> None:
    """Every claim of claims.json (text, kind, position, status, evidence), the counts as
    the report gives them; a test without a transcript has none."""
    by_id = {t["id"]: t for t in html_report.build_page_data(str(claims_run))["tests"]}
    for test_id in ("lied", "honest"):
        listed = _json(claims_run / test_id / "claims.json")["claims"]
        block = _json(claims_run / test_id / "grader_report.json")["claims"]
        claims = by_id[test_id]["claims"]
        assert claims["items"] == listed
        assert claims["note"] is None
        for key in ("total", "verified", "contradicted", "unverifiable"):
            assert claims[key] == block[key]
    lied = by_id["lied"]["claims"]
    (contradicted,) = [c for c in lied["items"] if c["status"] == "contradicted"]
    assert contradicted["text"] == CLAIMS_RESPONSE.splitlines()[1]
    assert (contradicted["line"], contradicted["col"]) == (2, 1)
    assert "1 failed, 11 passed" in contradicted["evidence"]
    assert by_id["honest"]["claims"]["contradicted"] == 0
    assert by_id["no-transcript"]["claims"] is None


def test_the_page_counts_the_suites_claims(claims_run: Path) -> None:
    page = html_report.build_page_data(str(claims_run))
    listed = [
        c for t in ("lied", "honest") for c in _json(claims_run / t / "claims.json")["claims"]
    ]
    expected = {status: sum(c["status"] == status for c in listed) for status in
                ("verified", "contradicted", "unverifiable")}  # fmt: skip
    assert page["claims"] == {
        "tests": 2, "total": len(listed), **expected, "tests_contradicted": 1
    }  # fmt: skip
    assert expected["contradicted"] == 1 and expected["verified"] >= 3
    html = html_report.render_page(page)
    assert f'<strong id="claims-total">{len(listed)}</strong> in 2 test(s)' in html
    assert '<span id="claims-contradicted" class="c-contradicted">1</span>' in html


def test_a_run_without_transcripts_says_no_claims_were_checked(example: Path) -> None:
    page = html_report.build_page_data(str(example))
    assert all(t["claims"] is None for t in page["tests"])
    assert page["claims"]["tests"] == 0
    assert "No claims checked: no test has a transcript." in html_report.render_page(page)


def test_the_embedded_claims_unpack_to_the_page_data(claims_run: Path) -> None:
    page = html_report.build_page_data(str(claims_run))
    assert _unpacked(html_report.render_page(page))["tests"] == page["tests"]


def test_without_claims_json_the_reports_contradicted_claims_are_listed(
    claims_run: Path,
) -> None:
    (claims_run / "lied" / "claims.json").unlink()
    report = _json(claims_run / "lied" / "grader_report.json")
    lied = next(
        t for t in html_report.build_page_data(str(claims_run))["tests"] if t["id"] == "lied"
    )
    claims = lied["claims"]
    assert [(c["text"], c["status"], c["evidence"]) for c in claims["items"]] == [
        (c["text"], "contradicted", c["evidence"]) for c in report["claims"]["contradicted_claims"]
    ]
    assert claims["total"] == report["claims"]["total"] > len(claims["items"])
    assert "claims.json is missing" in claims["note"]


def test_a_claims_file_of_another_shape_is_an_input_error(claims_run: Path) -> None:
    path = claims_run / "lied" / "claims.json"
    path.write_text('{"claims": {}}', "utf-8")
    with pytest.raises(GradeInputError, match="not an agentv-grade claims file") as caught:
        html_report.build_page_data(str(claims_run))
    assert caught.value.file == str(path)
    path.write_text('{"claims": [\n', "utf-8")
    with pytest.raises(GradeInputError, match="invalid JSON") as caught:
        html_report.build_page_data(str(claims_run))
    assert str(caught.value).startswith(f"{path}:2:")


def test_a_long_claim_is_cut_on_the_page(claims_run: Path) -> None:
    path = claims_run / "honest" / "claims.json"
    listed = _json(path)
    listed["claims"][0]["evidence"] = "y" * (html_report.MAX_TEXT + 7)
    path.write_text(json.dumps(listed), "utf-8")
    honest = next(
        t for t in html_report.build_page_data(str(claims_run))["tests"] if t["id"] == "honest"
    )
    evidence = honest["claims"]["items"][0]["evidence"]
    assert evidence == "y" * html_report.MAX_TEXT + "… (7 more characters in the JSON file)"


def test_charts_count_verdicts_and_scores(example: Path) -> None:
    tests = html_report.build_page_data(str(example))["tests"]
    assert html_report.verdict_counts(tests)["pass"] == 1
    assert html_report.pass_rate(tests) == pytest.approx(1 / 3)
    assert html_report.score_bins(tests) == [1, 0, 0, 0, 0, 0, 0, 0, 0, 2]
    html = html_report.render_page(html_report.build_page_data(str(example)))
    assert "33.3%" in html
    assert "<title>score 0.9–1.0: 2 tests</title>" in html


def test_the_page_is_built_from_the_files_never_by_grading(example: Path, tmp_path: Path) -> None:
    """A verdict edited in the report file is what the page shows, and building the page
    writes nothing but the page."""
    path = example / "berlin" / "grader_report.json"
    report = json.loads(path.read_text("utf-8"))
    report["verdict"] = "skipped"
    path.write_text(json.dumps(report), "utf-8")
    before = {p: p.stat().st_mtime_ns for p in example.rglob("*")}
    stats = html_report.write_page(str(example), str(tmp_path / "page.html"))
    assert {p: p.stat().st_mtime_ns for p in example.rglob("*")} == before
    page = _unpacked((tmp_path / "page.html").read_text("utf-8"))
    assert {t["id"]: t["verdict"] for t in page["tests"]}["berlin"] == "skipped"
    assert stats.tests == 3 and stats.size == (tmp_path / "page.html").stat().st_size


def test_the_default_output_is_report_html_in_the_bench_dir(example: Path) -> None:
    stats = html_report.write_page(str(example))
    assert stats.path == os.path.join(str(example), "report.html")
    assert (example / "report.html").read_text("utf-8").startswith("<!DOCTYPE html>")


def test_a_run_without_summary_lists_the_folders_with_a_report(tmp_path: Path) -> None:
    _, bench = graded_example(tmp_path)
    (bench / "grade_summary.json").unlink()
    (bench / "tokyo" / "grader_report.json").unlink()
    page = html_report.build_page_data(str(bench))
    assert [t["id"] for t in page["tests"]] == ["berlin", "paris"]


def test_tests_without_a_report_are_rows_that_say_why(example: Path) -> None:
    summary_path = example / "grade_summary.json"
    summary = json.loads(summary_path.read_text("utf-8"))
    summary["tests"]["broken"] = {"verdict": None, "score": None, "problem": "bad timing"}
    summary["tests"]["../../outside"] = {"verdict": "pass", "score": 1.0}
    summary["no_response"] = ["silent"]
    summary_path.write_text(json.dumps(summary), "utf-8")
    (example / "tokyo" / "grader_report.json").unlink()
    rows = {t["id"]: t for t in html_report.build_page_data(str(example))["tests"]}
    assert (rows["broken"]["verdict"], rows["broken"]["problem"]) == ("not graded", "bad timing")
    assert rows["tokyo"]["verdict"] == "not graded"
    assert "grader_report.json is missing" in rows["tokyo"]["problem"]
    assert rows["../../outside"]["verdict"] == "not graded"  # never read outside the run
    assert rows["silent"]["verdict"] == "no response"


def test_long_texts_are_cut_on_the_page_with_what_is_left(example: Path) -> None:
    path = example / "berlin" / "grader_report.json"
    report = json.loads(path.read_text("utf-8"))
    report["assertions"][0]["evidence"] = "x" * (html_report.MAX_TEXT + 500)
    path.write_text(json.dumps(report), "utf-8")
    rows = {t["id"]: t for t in html_report.build_page_data(str(example))["tests"]}
    evidence = rows["berlin"]["assertions"][0]["evidence"]
    assert evidence == "x" * html_report.MAX_TEXT + "… (500 more characters in the JSON file)"


# ------------------------------------------------------------------ bad input
def test_a_missing_bench_dir_is_an_input_error(tmp_path: Path) -> None:
    with pytest.raises(GradeInputError, match="is not a folder"):
        html_report.build_page_data(str(tmp_path / "nope"))


def test_a_folder_without_results_is_an_input_error(tmp_path: Path) -> None:
    (tmp_path / "t").mkdir()
    with pytest.raises(GradeInputError, match="no graded test .*grade the run first"):
        html_report.build_page_data(str(tmp_path))


def test_a_broken_report_names_its_file_and_line(example: Path) -> None:
    path = example / "tokyo" / "grader_report.json"
    path.write_text('{\n  "schema": "agentv-grade/report/v1",\n  "verdict": \n}', "utf-8")
    with pytest.raises(GradeInputError) as caught:
        html_report.build_page_data(str(example))
    assert str(caught.value).startswith(f"{path}:4:")
    assert "invalid JSON" in str(caught.value) and "grade the run again" in str(caught.value)


def test_each_test_shows_the_critique_its_report_points_to(example: Path) -> None:
    """A batch-graded test's critique is its entry in the suite's file; a test graded
    alone since has its own file, which its report now names (SPEC §6.1)."""
    eval_path = example.parent.parent / "capital.eval.yaml"
    code, _, err = cli(
        "--eval-path", str(eval_path), "--bench-dir", str(example), "--test-id", "paris"
    )  # fmt: skip
    assert code == 0, err
    own = _json(example / "paris" / "eval_critique.json")
    suite = _json(example / "eval_critique.json")
    own["suggestions"][0]["reason"] = "graded alone"  # to tell the two files apart
    (example / "paris" / "eval_critique.json").write_text(json.dumps(own), "utf-8")
    suite["tests"]["tokyo"] = {"suggestions": [own["suggestions"][1]], "overall": "batch"}
    (example / "eval_critique.json").write_text(json.dumps(suite), "utf-8")
    by_id = {t["id"]: t for t in html_report.build_page_data(str(example))["tests"]}
    assert [s["reason"] for s in by_id["paris"]["critique"]["suggestions"]] == [
        s["reason"] for s in own["suggestions"]
    ]
    assert by_id["tokyo"]["critique"]["overall"] == "batch"
    assert [s["reason"] for s in by_id["tokyo"]["critique"]["suggestions"]] == [
        own["suggestions"][1]["reason"]
    ]
    (example / "paris" / "eval_critique.json").write_text('{"overall": "x"}', "utf-8")
    with pytest.raises(GradeInputError, match="not an agentv-grade critique") as caught:
        html_report.build_page_data(str(example))
    assert caught.value.file == str(example / "paris" / "eval_critique.json")
    (example / "paris" / "eval_critique.json").unlink()
    (example / "eval_critique.json").unlink()  # no critique file: no critique shown
    tests = html_report.build_page_data(str(example))["tests"]
    assert [t["critique"] for t in tests] == [None, None, None]


@pytest.mark.parametrize(
    ("name", "content", "message"),
    [
        ("grade_summary.json", '{"schema": "other"}', "not an agentv-grade summary"),
        ("tokyo/grader_report.json", "[]", "not an agentv-grade report"),
        ("eval_critique.json", '{"tests": []}', "not an agentv-grade suite critique"),
        (
            "eval_critique.json",
            '{"tests": {"paris": {"overall": "x"}}}',
            "not an agentv-grade critique",
        ),
    ],
)
def test_files_of_another_shape_are_input_errors(
    example: Path, name: str, content: str, message: str
) -> None:
    (example / name).write_text(content, "utf-8")
    with pytest.raises(GradeInputError, match=message) as caught:
        html_report.build_page_data(str(example))
    assert caught.value.file == str(example / name)


# ------------------------------------------------------------------ escaping
@given(st.recursive(st.text(), lambda inner: st.lists(inner, max_size=3), max_leaves=8))
@settings(max_examples=200)
def test_script_json_is_inert_in_a_script_element_and_reads_back(value: Any) -> None:
    text = html_report.script_json({"v": value})
    for char in "<>&\u2028\u2029":
        assert char not in text
    assert json.loads(text) == {"v": value}


def test_a_hostile_run_embeds_no_markup_anywhere(tmp_path: Path) -> None:
    """Every `<` of the run's text is escaped: the page's only tags are its own."""
    bench = graded_hostile_run(tmp_path)
    html = html_report.render_page(html_report.build_page_data(str(bench)))
    tags = re.findall(r"</?([a-zA-Z][a-zA-Z0-9]*)", html)
    assert tags.count("script") == 4  # the data block and the page's script, opened and closed
    assert "img" not in tags and "a" not in tags
    assert "&lt;/title&gt;&lt;script&gt;" in html  # the suite name in <title>, escaped
    data = _unpacked(html)
    report_path = bench / "plain" / "grader_report.json"
    report = json.loads(report_path.read_text("utf-8"))
    plain = next(t for t in data["tests"] if t["id"] == "plain")
    assert [a["evidence"] for a in plain["assertions"]] == [
        a["evidence"] for a in report["assertions"]
    ]


def test_hostile_claims_embed_no_markup(claims_run: Path) -> None:
    """A claim and its evidence holding `</script>`, `<script>` and `<img onerror>` travel
    escaped: the page's only tags are its own, and they read back as written."""
    html = html_report.render_page(html_report.build_page_data(str(claims_run)))
    tags = re.findall(r"</?([a-zA-Z][a-zA-Z0-9]*)", html)
    assert tags.count("script") == 4 and "img" not in tags
    lied = next(t for t in _unpacked(html)["tests"] if t["id"] == "lied")
    texts = [c["text"] for c in lied["claims"]["items"]]
    assert CLAIMS_RESPONSE.splitlines()[1] in texts and CLAIMS_RESPONSE.splitlines()[2] in texts
    assert any(CLAIMS_TOOL_OUTPUT.splitlines()[0] in c["evidence"] for c in lied["claims"]["items"])


# ------------------------------------------------------------------ self-contained
class _References(HTMLParser):
    """Every attribute that can load or link something, and every tag."""

    def __init__(self) -> None:
        super().__init__()
        self.links: list[tuple[str, str, str]] = []
        self.tags: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)
        for name, value in attrs:
            if name in ("src", "href", "xlink:href", "action", "srcset", "poster", "data"):
                self.links.append((tag, name, value or ""))


def test_the_page_references_nothing_outside_itself(example: Path) -> None:
    html = html_report.render_page(html_report.build_page_data(str(example)))
    parser = _References()
    parser.feed(html)
    assert parser.links == []  # no src, no href at all: nothing to fetch or follow
    assert "link" not in parser.tags and "iframe" not in parser.tags
    assert "url(" not in html and "@import" not in html
    assert not re.search(r"https?://", html)


def test_the_content_security_policy_allows_only_the_page_script(example: Path) -> None:
    html = html_report.render_page(html_report.build_page_data(str(example)))
    policy = re.search(r'http-equiv="Content-Security-Policy" content="([^"]*)"', html)
    assert policy is not None
    assert "default-src 'none'" in policy.group(1)
    script = re.search(r"<script>(.*?)</script>", html, re.S)
    assert script is not None
    digest = base64.b64encode(hashlib.sha256(script.group(1).encode("utf-8")).digest())
    assert f"script-src 'sha256-{digest.decode()}'" in policy.group(1)


def test_a_run_of_2000_tests_gives_a_page_under_5_mb(big_graded_run: Path, tmp_path: Path) -> None:
    stats = html_report.write_page(str(big_graded_run), str(tmp_path / "big.html"))
    assert stats.tests == 2000
    assert stats.size < 5_000_000, stats
