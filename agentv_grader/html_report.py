"""`agentv-grade report`: one self-contained HTML page for a graded run (SPEC §10).

The page is built only from the files a run already wrote (`grade_summary.json`, each
test's `grader_report.json`, and the critique its report points to: the suite's
`eval_critique.json` for a batch-graded test, else the test's own), never by grading
again. Everything in those files is text nobody vetted (responses quoted in evidence,
test ids, assertion values), so the page carries it as JSON in a `<script
type="application/json">` block with `<`, `>`, `&`, U+2028 and U+2029 escaped, and the
page's script builds the DOM from it with `textContent` only. Styles and script are
inline: the page opens from disk with no network. A test checked for claims (SPEC §5.9)
also brings its `claims.json`: every claim, so the page can show the contradicted ones
with their evidence and the rest on demand.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from . import __version__
from .errors import GradeInputError

_DATA = Path(__file__).resolve().parent / "data"
_SUMMARY = "grade_summary.json"
_REPORT = "grader_report.json"
_CRITIQUE = "eval_critique.json"
_CLAIMS = "claims.json"
# The statuses a claim can have (`claims.STATUSES`, not imported: the page never loads
# the checker), in the order the page counts them.
CLAIM_STATUSES = ("verified", "contradicted", "unverifiable")
_REPORT_SCHEMA = "agentv-grade/report/v1"
_SUMMARY_SCHEMA = "agentv-grade/summary/v1"
# A string longer than this (a quoted 100 MB response in an error's evidence) is cut on the
# page, with a note saying how much is left in the JSON file: the page stays small.
MAX_TEXT = 2000
# The verdicts a row can have, in the order the chart and the filters show them.
VERDICTS = ("pass", "fail", "pending", "skipped", "not graded", "no response")
_BINS = 10


@dataclass(frozen=True, slots=True)
class PageStats:
    """What `write_page` wrote: where, how many bytes, how many tests."""

    path: str
    size: int
    tests: int


def write_page(bench_dir: str, output: str | None = None) -> PageStats:
    """Read a graded run under `bench_dir` and write its HTML page.

    Args:
        bench_dir: the folder the run was graded into (`--bench-dir`).
        output: where the page goes [default: `<bench_dir>/report.html`].

    Raises:
        GradeInputError: the folder holds no graded test, or a result file is unreadable.
    """
    from .outputs import check_targets, write_atomic

    page = build_page_data(bench_dir)
    target = output if output is not None else os.path.join(bench_dir, "report.html")
    check_targets([target])
    html = render_page(page)
    data = html.encode("utf-8", "backslashreplace")
    write_atomic(target, data)
    return PageStats(path=target, size=len(data), tests=len(page["tests"]))


# ------------------------------------------------------------------ reading the run
def build_page_data(bench_dir: str) -> dict[str, Any]:
    """The page's data: one record per test of the run, in the summary's order (the
    suite's), else in folder-name order when the run has no `grade_summary.json`."""
    if not os.path.isdir(bench_dir):
        raise GradeInputError(
            f"bench dir {bench_dir!r} is not a folder", hint="pass the run's --bench-dir"
        )
    summary = _read_summary(bench_dir)
    suite_critique = _SuiteCritique(os.path.join(bench_dir, _CRITIQUE))
    tests: list[dict[str, Any]] = []
    if summary is not None:
        for test_id, row in summary["tests"].items():
            tests.append(_summary_test(bench_dir, str(test_id), row, suite_critique))
        for test_id in summary["no_response"]:
            tests.append(_missing(str(test_id), "no response", "no response.md in the run"))
    else:
        for test_id in _report_folders(bench_dir):
            tests.append(_graded_test(bench_dir, test_id, suite_critique))
    if not tests:
        raise GradeInputError(
            f"no graded test in {bench_dir!r}",
            hint="grade the run first: agentv-grade --eval-path FILE --bench-dir DIR",
        )
    suites = sorted({t["suite"] for t in tests if t.get("suite")})
    types = sorted({a["type"] for t in tests for a in t["assertions"]})
    return {
        "title": ", ".join(suites) or os.path.basename(os.path.abspath(bench_dir)),
        "bench_dir": bench_dir,
        "tool_version": __version__,
        "verdicts": list(VERDICTS),
        "types": types,
        "claims": claim_totals(tests),
        "tests": tests,
    }


def claim_totals(tests: Sequence[Mapping[str, Any]]) -> dict[str, int]:
    """The suite's claims: how many tests were checked (had a transcript), the claims by
    status across them, and how many tests have a contradicted claim."""
    checked = [t["claims"] for t in tests if t.get("claims") is not None]
    totals = {"tests": len(checked), "total": sum(c["total"] for c in checked)}
    for status in CLAIM_STATUSES:
        totals[status] = sum(c[status] for c in checked)
    totals["tests_contradicted"] = sum(1 for c in checked if c["contradicted"])
    return totals


def _read_summary(bench_dir: str) -> dict[str, Any] | None:
    path = os.path.join(bench_dir, _SUMMARY)
    if not os.path.exists(path):
        return None
    data = _read_json(path)
    if (
        not isinstance(data, dict)
        or data.get("schema") != _SUMMARY_SCHEMA
        or not isinstance(data.get("tests"), dict)
        or not isinstance(data.get("no_response", []), list)
    ):
        raise GradeInputError(
            f"not an agentv-grade summary (expected schema {_SUMMARY_SCHEMA!r})",
            file=path,
            hint="grade the run again in batch mode, or remove the file",
        )
    data.setdefault("no_response", [])
    return data


def _report_folders(bench_dir: str) -> list[str]:
    """The test folders that hold a report, by name."""
    with os.scandir(bench_dir) as entries:
        names = [e.name for e in entries if e.is_dir()]
    return sorted(n for n in names if os.path.isfile(os.path.join(bench_dir, n, _REPORT)))


def _summary_test(
    bench_dir: str, test_id: str, row: Any, suite_critique: _SuiteCritique
) -> dict[str, Any]:
    """A test the summary lists: its report, or why it has none."""
    from .names import unsafe_test_id

    problem = unsafe_test_id(test_id)
    if problem is not None:  # never a path outside the run
        return _missing(test_id, "not graded", problem)
    if isinstance(row, dict) and row.get("verdict") is None:
        problem = _text(row.get("problem")) or "not graded"
        return _missing(test_id, "not graded", problem)
    if not os.path.isfile(os.path.join(bench_dir, test_id, _REPORT)):
        return _missing(test_id, "not graded", f"{_REPORT} is missing")
    return _graded_test(bench_dir, test_id, suite_critique)


def _missing(test_id: str, verdict: str, problem: str) -> dict[str, Any]:
    return {
        "id": test_id,
        "suite": None,
        "verdict": verdict,
        "score": None,
        "threshold": None,
        "counts": None,
        "assertions": [],
        "pending": [],
        "critique": None,
        "claims": None,
        "warnings": [],
        "problem": problem,
    }


def _graded_test(bench_dir: str, test_id: str, suite_critique: _SuiteCritique) -> dict[str, Any]:
    folder = os.path.join(bench_dir, test_id)
    path = os.path.join(folder, _REPORT)
    report = _read_json(path)
    if not isinstance(report, dict) or report.get("schema") != _REPORT_SCHEMA:
        raise GradeInputError(
            f"not an agentv-grade report (expected schema {_REPORT_SCHEMA!r})",
            file=path,
            hint="grade the test again",
        )
    critique = None
    block = report.get("critique")
    critique_path = os.path.join(folder, _CRITIQUE)
    if isinstance(block, Mapping) and isinstance(block.get("entry"), str):  # batch-graded
        critique = suite_critique.entry(block["entry"])
    elif block is not None and os.path.isfile(critique_path):
        critique = _critique(_read_json(critique_path), critique_path)
    verdict = report.get("verdict")
    return {
        "id": test_id,
        "suite": _text(report.get("suite")),
        "verdict": verdict if verdict in VERDICTS else "not graded",
        "score": _number(report.get("score")),
        "threshold": _number(report.get("threshold")),
        "counts": _counts(report.get("summary")),
        "assertions": [_assertion(a) for a in _list(report.get("assertions"))],
        "pending": [_pending(test_id, p) for p in _list(report.get("pending"))],
        "critique": critique,
        "claims": _claims(report.get("claims"), folder),
        "warnings": [_cut(_text(w)) for w in _list(report.get("warnings"))],
        "problem": None,
    }


def _read_json(path: str) -> Any:
    from .jsontext import parse_json

    try:
        with open(path, "rb") as handle:
            raw = handle.read()
    except OSError as exc:
        raise GradeInputError(f"cannot read: {exc.strerror}", file=path) from None
    try:
        return parse_json(raw)
    except ValueError as exc:
        line = getattr(exc, "lineno", None)
        col = getattr(exc, "colno", None)
        message = getattr(exc, "msg", None) or str(exc)
        raise GradeInputError(
            f"invalid JSON: {message}",
            file=path,
            line=line,
            col=col,
            hint="the file is not as agentv-grade wrote it: grade the run again",
        ) from None


class _SuiteCritique:
    """The suite's `eval_critique.json` a batch wrote (SPEC §6.2), read once, when a
    batch-graded test's report first points to it."""

    def __init__(self, path: str) -> None:
        self._path = path
        self._tests: Mapping[str, Any] | None = None

    def entry(self, test_id: str) -> dict[str, Any] | None:
        """The test's critique on the page; None when the file or its entry is missing
        (as a missing per-test file shows no critique)."""
        if self._tests is None:
            self._tests = self._read()
        data = self._tests.get(test_id)
        return None if data is None else _critique(data, self._path)

    def _read(self) -> Mapping[str, Any]:
        if not os.path.isfile(self._path):
            return {}
        data = _read_json(self._path)
        tests = data.get("tests") if isinstance(data, dict) else None
        if not isinstance(tests, dict):
            raise GradeInputError(
                "not an agentv-grade suite critique (no 'tests' object)",
                file=self._path,
                hint="grade the run again",
            )
        return tests


def _critique(data: Any, path: str) -> dict[str, Any]:
    if not isinstance(data, dict) or not isinstance(data.get("suggestions"), list):
        raise GradeInputError(
            "not an agentv-grade critique (no 'suggestions' list)",
            file=path,
            hint="grade the test again",
        )
    keys = ("assertion", "rule", "severity", "reason", "evidence", "fix")
    return {
        "overall": _cut(_text(data.get("overall"))),
        "suggestions": [
            {key: _cut(_text(item.get(key))) for key in keys}
            for item in data["suggestions"]
            if isinstance(item, dict)
        ],
    }


def _claims(block: Any, folder: str) -> dict[str, Any] | None:
    """A test's claims: the counts as its report gives them, and every claim from the
    `claims.json` beside it; without that file, the contradicted ones the report quotes,
    with a note saying so. None when the test was not checked (no transcript)."""
    if not isinstance(block, Mapping):
        return None
    counts = {key: _count(block.get(key)) for key in ("total", *CLAIM_STATUSES)}
    path = os.path.join(folder, _CLAIMS)
    note = None
    if os.path.isfile(path):
        data = _read_json(path)
        if not isinstance(data, dict) or not isinstance(data.get("claims"), list):
            raise GradeInputError(
                "not an agentv-grade claims file (no 'claims' list)",
                file=path,
                hint="grade the test again",
            )
        items = [_claim(c, None) for c in data["claims"]]
    else:
        items = [_claim(c, "contradicted") for c in _list(block.get("contradicted_claims"))]
        note = f"{_CLAIMS} is missing: only the contradicted claims the report quotes are listed"
    return {**counts, "items": items, "note": note}


def _claim(item: Any, status: str | None) -> dict[str, Any]:
    item = item if isinstance(item, Mapping) else {}
    listed = _text(item.get("status"))
    return {
        "text": _cut(_text(item.get("text"))) or "",
        "kind": _text(item.get("kind")) or "?",
        "line": _count(item.get("line")),
        "col": _count(item.get("col")),
        "status": status or (listed if listed in CLAIM_STATUSES else "?"),
        "evidence": _cut(_text(item.get("evidence"))) or "",
    }


def _count(value: Any) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


def _assertion(item: Any) -> dict[str, Any]:
    item = item if isinstance(item, Mapping) else {}
    return {
        "name": _cut(_text(item.get("name"))),
        "type": _text(item.get("type")) or "?",
        "status": _text(item.get("status")) or "?",
        "score": _number(item.get("score")),
        "weight": _number(item.get("weight")),
        "negate": item.get("negate") is True,
        "required": item.get("required") is True,
        "text": _cut(_text(item.get("text"))),
        "evidence": _cut(_text(item.get("evidence"))),
    }


def _pending(test_id: str, item: Any) -> dict[str, Any]:
    """A pending item as the agent's to-do: which file to write, judged against what."""
    item = item if isinstance(item, Mapping) else {}
    rubrics = []
    for rubric in _list(item.get("rubrics")):
        if isinstance(rubric, Mapping):
            rubrics.append(_cut(_text(rubric.get("outcome") or rubric.get("id"))))
        else:
            rubrics.append(_cut(_text(rubric)))
    result_path = _text(item.get("result_path"))
    return {
        "name": _cut(_text(item.get("name"))),
        "type": _text(item.get("type")) or "?",
        "path": f"{test_id}/{result_path}" if result_path else None,
        "criteria": _cut(_text(item.get("criteria"))),
        "rubrics": rubrics,
        "stale": _stale(item.get("stale")),
    }


def _stale(stale: Any) -> str | None:
    """Why an item is handed out again: its result file was judged against something older."""
    if not isinstance(stale, Mapping):
        return None
    return _cut(f"{_text(stale.get('path'))} was judged against {_text(stale.get('reason'))}")


def _counts(summary: Any) -> dict[str, int]:
    summary = summary if isinstance(summary, Mapping) else {}
    keys = ("passed", "failed", "errors", "skipped", "pending", "total")
    return {key: v if isinstance(v := summary.get(key), int) else 0 for key in keys}


def _list(value: Any) -> list[Any]:
    return value if isinstance(value, list) else []


def _text(value: Any) -> str | None:
    if value is None:
        return None
    return value if isinstance(value, str) else str(value)


def _number(value: Any) -> float | None:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    return float(value)


def _cut(text: str | None) -> str | None:
    """`text`, or its first `MAX_TEXT` characters and how many more the files hold."""
    if text is None or len(text) <= MAX_TEXT:
        return text
    rest = len(text) - MAX_TEXT
    return text[:MAX_TEXT] + f"… ({rest} more characters in the JSON file)"


# ------------------------------------------------------------------ packing
# The fields of a record written as an array, in this order (the page's script has the
# same lists): 2,000 tests repeat the same names, texts and critique reasons thousands of
# times, so every string of these records is written once, in `strings`, and referred to by
# its index there. This halves the page.
ASSERTION_FIELDS = (
    "name", "type", "status", "score", "weight", "negate", "required", "text", "evidence"
)  # fmt: skip
SUGGESTION_FIELDS = ("assertion", "rule", "severity", "reason", "evidence", "fix")
PENDING_FIELDS = ("name", "type", "path", "criteria", "rubrics", "stale")
CLAIM_FIELDS = ("text", "kind", "line", "col", "status", "evidence")


class _Strings:
    """A string table: each distinct string gets one index."""

    def __init__(self) -> None:
        self.index: dict[str, int] = {}
        self.strings: list[str] = []

    def ref(self, value: Any) -> Any:
        """The index of a string (added on first sight); other values as they are; a list
        of strings as a list of indexes."""
        if isinstance(value, str):
            found = self.index.get(value)
            if found is None:
                found = self.index[value] = len(self.strings)
                self.strings.append(value)
            return found
        if isinstance(value, list):
            return [self.ref(item) for item in value]
        return value

    def row(self, record: Mapping[str, Any], fields: tuple[str, ...]) -> list[Any]:
        return [self.ref(record[field]) for field in fields]


def pack(page: Mapping[str, Any]) -> dict[str, Any]:
    """The page data as embedded: records as arrays, strings by index (`unpack` in the
    page's script undoes it)."""
    table = _Strings()
    tests = []
    for test in page["tests"]:
        critique = test["critique"]
        claims = test["claims"]
        tests.append(
            {
                **test,
                "assertions": [table.row(a, ASSERTION_FIELDS) for a in test["assertions"]],
                "pending": [table.row(p, PENDING_FIELDS) for p in test["pending"]],
                "critique": None
                if critique is None
                else {
                    "overall": critique["overall"],
                    "suggestions": [
                        table.row(s, SUGGESTION_FIELDS) for s in critique["suggestions"]
                    ],
                },
                "claims": None
                if claims is None
                else {**claims, "items": [table.row(c, CLAIM_FIELDS) for c in claims["items"]]},
            }
        )
    return {
        **page,
        "fields": {
            "assertion": list(ASSERTION_FIELDS),
            "suggestion": list(SUGGESTION_FIELDS),
            "pending": list(PENDING_FIELDS),
            "claim": list(CLAIM_FIELDS),
        },
        "strings": table.strings,
        "tests": tests,
    }


# ------------------------------------------------------------------ rendering
def script_json(data: Any) -> str:
    """JSON that is inert inside a `<script>` element: no `<`, `>` or `&` (so no
    `</script>` or `<!--` can end or change the element), and no U+2028/U+2029 (line
    ends to older JavaScript parsers). Each is written as its `\\uXXXX` escape, which
    `JSON.parse` reads back as the same character."""
    from .jsontext import dump_json_line

    text = dump_json_line(data)
    for char, escape in (
        ("<", "\\u003c"),
        (">", "\\u003e"),
        ("&", "\\u0026"),
        ("\u2028", "\\u2028"),
        ("\u2029", "\\u2029"),
    ):
        text = text.replace(char, escape)
    return text


def script_hash(script: str) -> str:
    """The page's Content-Security-Policy source for its one script: only that exact
    text runs, so neither an injected `<script>` nor an inline event handler (`onerror=`)
    could, even if some text escaped the escaping."""
    import base64
    import hashlib

    digest = hashlib.sha256(script.encode("utf-8")).digest()
    return "sha256-" + base64.b64encode(digest).decode("ascii")


def render_page(page: Mapping[str, Any]) -> str:
    """The page's HTML: the template with the styles, the script, the charts and the data."""
    import jinja2
    from markupsafe import Markup

    environment = jinja2.Environment(autoescape=True, keep_trailing_newline=True)
    template = environment.from_string((_DATA / "report_page.html").read_text("utf-8"))
    tests = page["tests"]
    script = (_DATA / "report_page.js").read_text("utf-8")
    return template.render(
        title=page["title"],
        tool_version=page["tool_version"],
        css=Markup((_DATA / "report_page.css").read_text("utf-8")),
        script=Markup(script),
        script_hash=script_hash(script),
        data=Markup(script_json(pack(page))),
        verdict_bar=verdict_bar(tests),
        histogram=score_histogram(tests),
        claims=page["claims"],
    )


def verdict_counts(tests: list[Mapping[str, Any]]) -> dict[str, int]:
    """Tests per verdict, every verdict listed (zeros included), in `VERDICTS` order."""
    counts = dict.fromkeys(VERDICTS, 0)
    for test in tests:
        counts[test["verdict"]] += 1
    return counts


def pass_rate(tests: list[Mapping[str, Any]]) -> float | None:
    """Tests that pass / tests that have a verdict (not graded and no response left out)."""
    counts = verdict_counts(tests)
    graded = sum(counts[v] for v in ("pass", "fail", "pending", "skipped"))
    return counts["pass"] / graded if graded else None


def verdict_bar(tests: list[Mapping[str, Any]]) -> dict[str, Any]:
    """The stacked bar of verdicts: one segment per verdict with tests, widths in %."""
    counts = verdict_counts(tests)
    total = sum(counts.values())
    segments = []
    x = 0.0
    for verdict in VERDICTS:
        if counts[verdict]:
            width = 100.0 * counts[verdict] / total
            segments.append(
                {
                    "verdict": verdict,
                    "count": counts[verdict],
                    "x": round(x, 3),
                    "width": round(width, 3),
                    "css": verdict.replace(" ", "-"),
                }
            )
            x += width
    rate = pass_rate(tests)
    return {
        "segments": segments,
        "total": total,
        "rate": None if rate is None else f"{100 * rate:.1f}%",
        "passed": counts["pass"],
        "graded": total - counts["not graded"] - counts["no response"],
    }


def score_bins(tests: list[Mapping[str, Any]]) -> list[int]:
    """Tests per tenth of the score range: [0, 0.1), …, [0.9, 1.0] (1.0 in the last)."""
    bins = [0] * _BINS
    for test in tests:
        score = test["score"]
        if score is not None:
            bins[min(_BINS - 1, max(0, int(score * _BINS)))] += 1
    return bins


def score_histogram(tests: list[Mapping[str, Any]]) -> dict[str, Any]:
    """The score distribution's bars, as heights in a 100-unit-high chart."""
    bins = score_bins(tests)
    top = max(bins) or 1
    bars = []
    for index, count in enumerate(bins):
        height = 100.0 * count / top
        bars.append(
            {
                "count": count,
                "x": index * 30 + 2,
                "y": round(100 - height, 3),
                "height": round(height, 3),
                "label": f"{index / _BINS:.1f}–{(index + 1) / _BINS:.1f}",
            }
        )
    return {"bars": bars, "scored": sum(bins)}
