"""Helpers for the trick games' worked-example tests: apply the words a
player types, and play tricks written as in the rules tables
(``"P1 JC, P2 9C, P3 7C, P0 AC"``), checking whose turn each card is."""

from __future__ import annotations

from typing import Any


def say(state: Any, *words: str) -> None:
    """Apply cards or calls in turn, whoever is to move."""
    for word in words:
        state.apply(state.parse_action(word))


def texts(state: Any, actions: list[int]) -> set[str]:
    """The canonical texts of ``actions``."""
    return {state.action_to_str(action) for action in actions}


def play_trick(state: Any, row: str) -> int:
    """Play one trick written as in the rules tables, checking that each
    seat is the one to move; returns the trick's winner."""
    for entry in row.split(","):
        seat_text, card = entry.split()
        seat = int(seat_text.removeprefix("P"))
        assert state.current_player() == seat, f"{entry}: P{state.current_player()} to move"
        state.apply(state.parse_action(card))
    winner: int = state.observation(0)["zones"]["last_trick"]["winner"]
    return winner


def play_table(state: Any, table: list[tuple[str, int]]) -> None:
    """Play a whole hand from its trick table, checking every winner."""
    for number, (row, winner) in enumerate(table, start=1):
        assert play_trick(state, row) == winner, f"trick {number}: {row}"
