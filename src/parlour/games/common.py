"""Helpers that every game module shares: seat names, action ids given as
other integer types, and the zero-sum returns and places of a match."""

from __future__ import annotations

import operator
from collections.abc import Collection, Sequence

from parlour.errors import IllegalAction


def as_action(action: object) -> int:
    """An action id given as another integer type (NumPy's, say)."""
    if isinstance(action, bool):
        raise IllegalAction(f"an action is an integer id, not {action!r}")
    try:
        return operator.index(action)  # type: ignore[arg-type]
    except TypeError:
        raise IllegalAction(f"an action is an integer id, not {action!r}") from None


def seat_name(seat: int) -> str:
    """The neutral name of a seat in logs and messages."""
    return f"P{seat}"


def share_returns(winners: Collection[int], n: int) -> list[float]:
    """Zero-sum returns: every other seat pays 1, the winners share it
    equally (all zero when nobody or everybody wins)."""
    if not winners or len(winners) == n:
        return [0.0] * n
    share = (n - len(winners)) / len(winners)
    return [share if seat in winners else -1.0 for seat in range(n)]


def finishing_places(totals: Sequence[int], lowest_first: bool) -> list[int]:
    """Each seat's place (1 = best); equal totals share a place."""
    ordered = sorted(totals) if lowest_first else sorted(totals, reverse=True)
    return [ordered.index(total) + 1 for total in totals]
