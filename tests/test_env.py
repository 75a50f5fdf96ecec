"""Settings read from the environment (agentv_grader.env)."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any, cast

import pytest

from agentv_grader import batch
from agentv_grader.env import positive_int_env, settled


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


def test_inside_settled_each_setting_is_read_once_and_nothing_is_kept_after(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A batch's run of tests reads each setting once (`settled`); a change of the
    environment is seen again after the block, and a nested block keeps the outer one's."""
    name = "AGENTV_GRADE_TEST_SETTING"
    monkeypatch.setenv(name, "12")
    with settled():
        assert positive_int_env(name, 7) == 12
        monkeypatch.setenv(name, "30")
        assert positive_int_env(name, 7) == 12
        assert positive_int_env(name, 9) == 30  # another default: another setting
        with settled():
            monkeypatch.delenv(name)
            assert positive_int_env(name, 7) == 12
        assert positive_int_env(name, 7) == 12
    assert positive_int_env(name, 7) == 7
    monkeypatch.setenv(name, "5")
    assert positive_int_env(name, 7) == 5


def test_a_batch_grades_its_tests_with_the_settings_settled(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Both places a batch grades a run of tests in one process hold `settled` open."""
    seen: list[bool] = []

    def graded(*args: object, **kwargs: object) -> batch.TestResult:
        from agentv_grader import env

        seen.append(env._settled is not None)
        return batch.TestResult("t", None, no_response=True)

    monkeypatch.setattr(batch, "grade_one", graded)
    test = SimpleNamespace(id="t")
    suite: Any = SimpleNamespace(tests=[test])
    batch._grade_piece(suite, "bench", cast(Any, None), [(0, "t")])
    list(batch._alone(suite, [test], "bench", cast(Any, None)))
    assert seen == [True, True]
    assert positive_int_env("AGENTV_GRADE_TEST_SETTING", 7) == 7  # (nothing kept after)
