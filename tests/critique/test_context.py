"""The critique's shared context (agentv_grader/critique/context.py)."""

from __future__ import annotations

from typing import Any

import pytest


def test_shipped_data_is_read_beside_the_modules_or_through_importlib(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The common-word list is read as a plain file (no `importlib.resources` imports on a
    cold start), and through `importlib.resources` where that cannot be done: the same
    text either way."""
    import builtins
    from importlib import resources

    from agentv_grader.critique import context

    shipped = resources.files("agentv_grader").joinpath("data/common_words.txt")
    expected = shipped.read_text("utf-8")
    assert context._shipped_text("data/common_words.txt") == expected
    real_open = builtins.open

    def no_plain_files(file: Any, *args: Any, **kwargs: Any) -> Any:
        if str(file).endswith("common_words.txt"):
            raise FileNotFoundError(2, "inside a zip archive", str(file))
        return real_open(file, *args, **kwargs)

    monkeypatch.setattr(builtins, "open", no_plain_files)
    assert context._shipped_text("data/common_words.txt") == expected
    assert "the" in context.common_words()
