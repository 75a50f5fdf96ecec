"""JSON text and JSON value kinds (agentv_grader.jsontext)."""

from __future__ import annotations

from typing import Any

import pytest

from agentv_grader.jsontext import described_kind, json_kind


@pytest.mark.parametrize(
    ("value", "kind", "described"),
    [
        (None, "null", "null"),
        (True, "boolean", "a boolean"),
        (3, "number", "a number"),
        (2.5, "number", "a number"),
        ("x", "string", "a string"),
        ([1], "array", "a list"),
        ({"a": 1}, "object", "a mapping"),
        ((1,), None, "tuple"),
    ],
)
def test_json_kinds_and_their_names_in_messages(
    value: Any, kind: str | None, described: str
) -> None:
    assert json_kind(value) == kind
    assert described_kind(value) == described


def test_null_may_be_named_as_the_message_needs() -> None:
    assert described_kind(None, none="missing") == "missing"
