"""Settings read from the environment (agentv_grader.env)."""

from __future__ import annotations

import pytest

from agentv_grader.env import positive_int_env


@pytest.mark.parametrize(
    ("raw", "expected"),
    [(None, 7), ("", 7), ("  ", 7), ("12", 12), (" 12 ", 12), ("0", 7), ("-3", 7), ("1.5", 7)],
)
def test_a_positive_integer_or_the_default(
    monkeypatch: pytest.MonkeyPatch, raw: str | None, expected: int
) -> None:
    if raw is None:
        monkeypatch.delenv("AGENTV_GRADE_TEST_SETTING", raising=False)
    else:
        monkeypatch.setenv("AGENTV_GRADE_TEST_SETTING", raw)
    assert positive_int_env("AGENTV_GRADE_TEST_SETTING", 7) == expected
