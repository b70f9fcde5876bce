"""Money helpers: amounts are ``decimal.Decimal`` in cents, rounded half up (the bookkeeping convention)."""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal
from typing import Any

import numpy as np

CENT = Decimal("0.01")


def cents(value: Any) -> Decimal:
    """``value`` (int, float, str or Decimal) rounded half up to cents; floats go through ``repr`` first.

    Raises:
        decimal.InvalidOperation: ``value`` is not a number.
    """
    if isinstance(value, float):
        value = repr(value)
    return Decimal(value).quantize(CENT, rounding=ROUND_HALF_UP)


def draw_amount(rng: np.random.Generator, low: float, high: float, *, whole: bool = False) -> Decimal:
    """A uniformly drawn amount in [low, high) from ``rng``, in cents (or whole currency units if ``whole``)."""
    if whole:
        return Decimal(int(rng.integers(int(low), int(high))))
    return Decimal(int(rng.integers(int(low * 100), int(high * 100)))) / 100


def fmt(amount: Decimal, *, symbol: str = "", parentheses: bool = False) -> str:
    """``1234.5`` -> ``"1,234.50"``; negatives as ``-1,234.50`` or ``(1,234.50)`` when ``parentheses``."""
    amount = cents(amount)
    text = f"{symbol}{abs(amount):,.2f}"
    if amount < 0:
        return f"({text})" if parentheses else f"-{text}"
    return text
