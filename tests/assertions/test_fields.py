"""field-accuracy (SPEC §5.3): AgentV's matching, reference data, TZ-independent dates."""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from typing import Any

import pytest

from agentv_grader.assertions.fields import parse_date, parse_json_from_text
from agentv_grader.model import Status

from ._grading import grade, texts

INVOICE = {"invoice_number": "INV-001", "amount": 1500, "date": "15-JAN-2025",
           "vendor": {"name": "Acme", "tags": ["a", "b"]}, "paid": False}  # fmt: skip


def fa(fields: list[Any], response: str, reference: Any = INVOICE, **extra: Any) -> Any:
    return grade({"type": "field-accuracy", "fields": fields, **extra}, response=response,
                 expected_output=reference)  # fmt: skip


@pytest.fixture(params=["UTC", "Pacific/Kiritimati", "America/Los_Angeles"])
def zone(request: pytest.FixtureRequest) -> Iterator[str]:
    """Run a date test with the machine's time zone set to each of three zones."""
    saved = os.environ.get("TZ")
    os.environ["TZ"] = request.param
    time.tzset()
    yield str(request.param)
    if saved is None:
        os.environ.pop("TZ", None)
    else:
        os.environ["TZ"] = saved
    time.tzset()


# ------------------------------------------------------------------ exact


def test_exact_match_mismatch_and_type_mismatch() -> None:
    out = fa([{"path": "invoice_number", "match": "exact"}, {"path": "amount", "match": "exact"},
              {"path": "paid", "match": "exact"}],
             '{"invoice_number": "INV-001", "amount": "1500", "paid": 0}')  # fmt: skip
    assert texts(out) == [
        ("invoice_number", True),
        ("amount (type mismatch: got string, expected number)", False),
        ("paid (type mismatch: got number, expected boolean)", False),
    ]
    assert out.score == pytest.approx(1 / 3) and out.text == texts(out)[1][0]


def test_exact_deep_equality_ignores_key_order_not_array_order() -> None:
    fields = [{"path": "vendor", "match": "exact"}]
    assert fa(fields, '{"vendor": {"tags": ["a", "b"], "name": "Acme"}}').score == 1.0
    out = fa(fields, '{"vendor": {"tags": ["b", "a"], "name": "Acme"}}')
    assert texts(out) == [("vendor (value mismatch)", False)]


def test_null_is_an_object_in_type_texts() -> None:
    out = fa([{"path": "amount", "match": "exact"}], '{"amount": null}')
    assert texts(out) == [("amount (type mismatch: got object, expected number)", False)]


def test_paths_with_indexes() -> None:
    out = fa([{"path": "vendor.tags[1]", "match": "exact"}], '{"vendor": {"tags": ["a", "b"]}}')
    assert texts(out) == [("vendor.tags[1]", True)]


# ------------------------------------------------------------------ missing values, weights


def test_missing_required_optional_and_no_expected_value() -> None:
    out = fa([{"path": "invoice_number", "match": "exact"},
              {"path": "amount", "match": "exact", "required": False},
              {"path": "po_number", "match": "exact"},
              {"path": "date", "match": "exact"}], '{"invoice_number": "INV-001"}')  # fmt: skip
    assert texts(out) == [
        ("invoice_number", True),
        ("amount: optional field missing", True),
        ("po_number: no expected value", True),
        ("date (required, missing)", False),
    ]
    assert out.score == pytest.approx(2 / 3)  # the optional field has weight 0


def test_only_weight_zero_fields_score_zero_though_they_passed() -> None:
    out = fa([{"path": "amount", "match": "exact", "required": False}], "{}")
    assert out.score == 0.0 and out.status is Status.FAILED and texts(out)[0][1] is True


def test_weights_and_all_or_nothing() -> None:
    fields = [{"path": "invoice_number", "match": "exact", "weight": 3},
              {"path": "amount", "match": "exact", "weight": 1}]  # fmt: skip
    response = '{"invoice_number": "INV-001", "amount": 1}'
    assert fa(fields, response).score == pytest.approx(0.75)
    assert fa(fields, response, aggregation="all_or_nothing").score == 0.0


# ------------------------------------------------------------------ numeric tolerance


def test_numeric_tolerance_absolute_relative_and_parse_float() -> None:
    out = fa([{"path": "amount", "match": "numeric_tolerance", "tolerance": 1}], '{"amount": 1502}')
    assert texts(out) == [("amount (outside tolerance: diff=2.00, tolerance=1)", False)]
    out = fa([{"path": "amount", "match": "numeric_tolerance", "tolerance": 0.01,
               "relative": True}], '{"amount": "1510.5 USD"}')  # fmt: skip
    assert texts(out) == [("amount (within tolerance: diff=10.50)", True)]
    out = fa([{"path": "amount", "match": "numeric_tolerance"}], '{"amount": "about 1500"}')
    assert texts(out) == [("amount (non-numeric value)", False)]
    out = fa([{"path": "amount", "match": "numeric_tolerance"}], '{"amount": "Infinity"}')
    assert texts(out) == [("amount (invalid numeric value)", False)]


# ------------------------------------------------------------------ dates, in three zones


@pytest.mark.parametrize(
    "written",
    ["2025-01-15", "15-JAN-2025", "15-january-2025", "15 Jan 2025", "Jan 15, 2025",
     "January 15 2025", "01/15/2025", "15/01/2025", "1-15-2025", "2025-01-15T23:30-05:00",
     "2025-01-15T00:30:00+09:00", "2025-01-15T12:00:00Z", "2025-01-15 08:00"],
)  # fmt: skip
def test_dates_are_the_calendar_date_written(zone: str, written: str) -> None:
    out = fa([{"path": "date", "match": "date"}], f'{{"date": "{written}"}}')
    assert texts(out) == [("date", True)], (zone, written)


def test_date_mismatch_and_unparseable(zone: str) -> None:
    out = fa([{"path": "date", "match": "date"}], '{"date": "2025-01-16T00:30+14:00"}')
    assert texts(out) == [("date (date mismatch: got 2025-01-16, expected 2025-01-15)", False)]
    out = fa([{"path": "date", "match": "date"}], '{"date": "next Tuesday"}')
    assert texts(out) == [("date (unparseable candidate date)", False)]
    out = fa([{"path": "date", "match": "date"}], '{"date": "2025-02-30"}')
    assert texts(out) == [("date (unparseable candidate date)", False)]
    out = fa([{"path": "d", "match": "date"}], '{"d": "2025-01-01"}', {"d": "soon"})
    assert texts(out) == [("d (unparseable expected date)", False)]


def test_numeric_dates_us_unless_formats_say_eu(zone: str) -> None:
    assert parse_date("05/01/2025", []) == (2025, 5, 1)
    assert parse_date("05/01/2025", ["DD/MM/YYYY"]) == (2025, 1, 5)
    assert parse_date("05/01/2025", ["MM/DD/YYYY"]) == (2025, 5, 1)
    assert parse_date("13/01/2025", ["MM/DD/YYYY", "DD/MM/YYYY"]) == (2025, 1, 13)
    assert parse_date("13/01/2025", ["MM/DD/YYYY"]) is None  # month 13
    # AgentV's own substring test: "YYYY-MM-DD" counts as a US format, "DD-MMM" as EU.
    assert parse_date("05-01-2025", ["DD-MMM-YYYY", "YYYY-MM-DD"]) == (2025, 5, 1)


# ------------------------------------------------------------------ the candidate's JSON


@pytest.mark.parametrize(
    ("response", "ok"),
    [('Result:\n```json\n{"invoice_number": "INV-001"}\n```', True),
     ('Here it is: {"invoice_number": "INV-001"} - hope that helps', True),
     ('first {"a": 1} and second {"invoice_number": "INV-001"}', False),
     ("not json", False)],
)  # fmt: skip
def test_json_is_found_in_prose_and_fences(response: str, ok: bool) -> None:
    out = fa([{"path": "invoice_number", "match": "exact"}], response)
    if ok:
        assert out.status is Status.PASSED
    else:
        assert texts(out) == [("Failed to parse candidate answer as JSON", False)]
        assert out.status is Status.FAILED and out.score == 0.0


def test_passed_values_are_forced_to_booleans() -> None:
    assert parse_json_from_text('{"passed": "yes", "PASSED": True}') == {
        "passed": False, "PASSED": True}  # fmt: skip


# ------------------------------------------------------------------ reference data


def test_reference_from_vars_expected_output() -> None:
    out = grade({"type": "field-accuracy", "fields": [{"path": "a", "match": "exact"}]},
                response='{"a": 1}', variables={"expected_output": {"a": 1}})  # fmt: skip
    assert out.status is Status.PASSED


@pytest.mark.parametrize(
    "reference",
    ['{"a": 1}', "Expected: ```json\n{\"a\": 1}\n```",
     [{"role": "user", "content": "q"}, {"role": "assistant", "content": {"a": 1}}],
     [{"role": "assistant", "content": {"a": 1}}, {"role": "assistant", "content": "prose"}]],
)  # fmt: skip
def test_reference_shapes(reference: Any) -> None:
    assert fa([{"path": "a", "match": "exact"}], '{"a": 1}', reference).status is Status.PASSED


@pytest.mark.parametrize(
    ("reference", "words"),
    [
        (None, "needs expected_output"),
        ([], "needs expected_output"),
        ("just prose", "holds no JSON object"),
    ],
)
def test_no_usable_reference_is_an_error(reference: Any, words: str) -> None:
    out = fa([{"path": "a", "match": "exact"}], '{"a": 1}', reference)
    assert out.status is Status.ERROR and words in out.text


def test_expected_form_scores_matched_over_total() -> None:
    item = {"type": "field-accuracy", "expected": {"city": "Paris", "country": "France",
                                                   "pop": 2.1}}  # fmt: skip
    out = grade(item, response='{"city": "Paris", "country": "FR"}')
    assert texts(out) == [("city", True), ("country (value mismatch)", False),
                          ("pop (required, missing)", False)]  # fmt: skip
    assert out.score == pytest.approx(1 / 3) and out.status is Status.FAILED
    assert 'got "FR", expected "France"' in out.checks[1].evidence


@pytest.mark.parametrize(
    ("extra", "words"),
    [({"fields": []}, "needs 'fields'"),
     ({"fields": [{"match": "exact"}]}, "fields[0].path"),
     ({"fields": [{"path": "a", "match": "fuzzy"}]}, "fields[0].match"),
     ({"fields": [{"path": "a", "match": "exact", "weight": -1}]}, "fields[0].weight"),
     ({"fields": [{"path": "a", "match": "exact", "required": "yes"}]}, "fields[0].required"),
     ({"fields": [{"path": "a", "match": "date", "formats": "DD/MM"}]}, "fields[0].formats"),
     ({"fields": [{"path": "a", "match": "exact"}], "aggregation": "max"}, "aggregation"),
     ({"expected": {}}, "empty mapping")],
)  # fmt: skip
def test_bad_configuration_is_an_error(extra: Any, words: str) -> None:
    out = grade({"type": "field-accuracy", **extra}, response="{}", expected_output={"a": 1})
    assert out.status is Status.ERROR and words in out.text
