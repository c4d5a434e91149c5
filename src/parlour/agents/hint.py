"""Hints for people: what the ``hard`` level would play in a position.

The hint asks the ``hard`` agent through :func:`choose_action` on the real
state; being a search agent, it reads only what the seat to move may know
(it determinizes from that seat's view), so a hint reveals no hidden card.
"""

from __future__ import annotations

from dataclasses import dataclass

from parlour.agents.base import choose_action, make_agent
from parlour.engine.game import State

HINT_LEVEL = "hard"
"""The level whose move a hint shows."""


@dataclass(frozen=True, slots=True)
class Hint:
    """A suggested move: its action id, how a person writes it and who suggests it."""

    action: int
    text: str
    """The card's symbol (``J♠``) or the call's word (``pass``)."""
    level: str


def move_text(state: State, action: int) -> str:
    """``action`` of the seat to move as a person reads it: a card's symbol
    (``J♠``) or the call's word (``pass``)."""
    legal = state.observation(state.current_player())["legal"]
    move = next(move for move in legal if move["id"] == action)
    card = move.get("card")
    return state.game.deck.parse(str(card)).symbol if card else str(move["text"])


def hint(state: State, seed: int | None = None) -> Hint:
    """What :data:`HINT_LEVEL` would play for the seat to move in ``state``
    (which is left as it was); up to that level's thinking time."""
    action = choose_action(make_agent(HINT_LEVEL, seed), state)
    return Hint(action, move_text(state, action), HINT_LEVEL)
