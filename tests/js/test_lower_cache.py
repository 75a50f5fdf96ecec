"""`js_lower` remembers the lowercase of texts of a few KiB by identity (the critique lowers
each decoy once per case-insensitive check): the answer is always the uncached one."""

from __future__ import annotations

from agentv_grader.js import strings
from agentv_grader.js.strings import js_lower


def test_mid_size_texts_are_lowered_once_and_answered_as_uncached() -> None:
    texts = [f"Order {n} İSTANBUL ΣΊΣΥΦΟΣ " * 40 for n in range(strings._MID_CACHE_SIZE + 3)]
    assert all(strings._MID_CACHE_FROM <= len(t) < strings._LOWER_CACHE_FROM for t in texts)
    first = [js_lower(t) for t in texts]
    assert first == [strings._lower(t) for t in texts]
    assert len(strings._mid_cache) == strings._MID_CACHE_SIZE
    assert js_lower(texts[-1]) is first[-1]  # remembered
    equal = "".join(list(texts[-1]))  # equal text, another object: lowered again, same answer
    assert equal is not texts[-1] and js_lower(equal) == first[-1]
    short = "ABC" * 10
    assert js_lower(short) == "abc" * 10 and all(k is not short for k, _ in strings._mid_cache)
