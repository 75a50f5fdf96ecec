"""JavaScript's spelling of numbers and JSON (`js/numbers.py`), as AgentV's texts use it."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from agentv_grader.js.numbers import _shortest_digits, js_num, js_stringify, to_fixed


@pytest.mark.parametrize(
    ("value", "text"),
    [(1.0, "1"), (2500, "2500"), (0.5, "0.5"), (1e-7, "1e-7"), (1.5e-5, "0.000015"),
     (1e21, "1e+21"), (-2.5, "-2.5"), (0.1 + 0.2, "0.30000000000000004"),
     (123e18, "123000000000000000000")],
)  # fmt: skip
def test_js_num(value: float, text: str) -> None:
    assert js_num(value) == text


@pytest.mark.parametrize(
    ("value", "places", "text"),
    [(0.125, 2, "0.13"), (1.005, 2, "1.00"), (0.05, 4, "0.0500"), (0.123456, 4, "0.1235"),
     (-0.001, 2, "-0.00"), (2, 2, "2.00")],
)  # fmt: skip
def test_to_fixed_rounds_the_exact_value_half_up(value: float, places: int, text: str) -> None:
    assert to_fixed(value, places) == text


def test_js_stringify_spells_numbers_as_javascript() -> None:
    assert js_stringify({"a": 1.0, "b": [True, None, "x\n"], "c": 0.5}) == (
        '{"a":1,"b":[true,null,"x\\n"],"c":0.5}')  # fmt: skip


def _digits_by_decimal(value: float) -> tuple[str, int]:
    """What `js_num` read off `Decimal(repr(value)).normalize()` before: its digits and
    where the decimal point goes."""
    from decimal import Decimal

    _, digits, exponent = Decimal(repr(value)).normalize().as_tuple()
    text = "".join(map(str, digits))
    assert isinstance(exponent, int)
    return text, exponent + len(text)


@settings(max_examples=2000, deadline=None)
@given(
    st.one_of(
        st.floats(min_value=5e-324, allow_nan=False, allow_infinity=False),
        st.floats(min_value=1e-8, max_value=1e22),
        st.integers(min_value=1, max_value=10**30).map(float),
        st.sampled_from([5e-324, 1e-7, 1e-6, 0.1, 1.0, 100.0, 1e15, 1e16, 1e21, 1.7e308]),
    )
)
def test_digits_are_read_off_the_shortest_repr_as_decimal_gave_them(value: float) -> None:
    """`js_num` reads the digits off `repr` without `decimal` (its import costs 5 M
    instructions): the same digits and point as `Decimal(repr(value)).normalize()`."""
    assert _shortest_digits(value) == _digits_by_decimal(value)
