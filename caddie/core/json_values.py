"""Checks on values read from JSON someone sent (a record's file): what JSON calls a number may be
a fraction, and Python's ``True`` is an ``int``; a count is neither."""

from __future__ import annotations

from typing import Any, TypeGuard

__all__ = ["whole", "whole_in"]


def whole(value: Any) -> TypeGuard[int]:
    """Whether ``value`` is a whole number (not a fraction, not a bool)."""
    return isinstance(value, int) and not isinstance(value, bool)


def whole_in(value: Any, low: int, high: int) -> TypeGuard[int]:
    """Whether ``value`` is a whole number from ``low`` to ``high``."""
    return whole(value) and low <= value <= high
