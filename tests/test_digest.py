"""`agentv_grader.digest.sha256_hex`: hashlib's digest, whichever SHA-256 computes it."""

from __future__ import annotations

import hashlib
from typing import Any

import pytest

from agentv_grader import digest


@pytest.mark.parametrize(
    "size", [0, 1, 63, 64, 65, 1000, digest.BIG - 1, digest.BIG, digest.BIG + 7]
)
def test_the_digest_is_hashlibs(size: int) -> None:
    data = bytes(range(256)) * (size // 256) + bytes(range(size % 256))
    expected = hashlib.sha256(data).hexdigest()
    assert digest.sha256_hex(data) == expected
    assert digest.sha256_hex(memoryview(data)) == expected
    assert digest.sha256_hex(bytearray(data)) == expected


def test_small_data_uses_the_interpreters_own_sha256_when_there_is_one(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    calls: list[int] = []
    real = digest._builtin_sha256()
    assert real is not None  # CPython builds have it

    def counted(data: bytes) -> object:
        calls.append(len(data))
        return real(data)

    monkeypatch.setattr(digest, "_builtin", counted)
    assert digest.sha256_hex(b"abc") == hashlib.sha256(b"abc").hexdigest()
    assert digest.sha256_hex(b"x" * digest.BIG) == hashlib.sha256(b"x" * digest.BIG).hexdigest()
    assert calls == [3]  # the big one went to hashlib


def test_without_a_built_in_sha256_hashlib_answers(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(digest, "_builtin", None)
    monkeypatch.setattr(digest, "_builtin_sha256", lambda: None)
    assert digest.sha256_hex(b"abc") == hashlib.sha256(b"abc").hexdigest()


def test_after_use_fast_sha256_small_data_goes_to_hashlib(monkeypatch: pytest.MonkeyPatch) -> None:
    """Batch mode's switch: every size then hashed by hashlib (OpenSSL), same digest."""
    calls: list[int] = []
    real = hashlib.sha256

    def counted(data: bytes) -> Any:
        calls.append(len(data))
        return real(data)

    monkeypatch.setattr(digest, "_builtin", None)
    monkeypatch.setattr(hashlib, "sha256", counted)
    digest.use_fast_sha256()
    for size in (0, 3, 2048):
        data = b"q" * size
        assert digest.sha256_hex(data) == real(data).hexdigest()
    assert calls == [0, 3, 2048]
