"""The two kinds of agent and :func:`choose_action`, through which every
surface asks either kind for a move (re-exported by
:mod:`parlour.agents.base`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, runtime_checkable

from parlour.engine.game import Observation, State


@runtime_checkable
class Agent(Protocol):
    """Chooses one of ``legal`` (action ids) from a seat's observation."""

    name: str

    def choose(self, observation: Observation, legal: Sequence[int]) -> int:
        """The chosen action id; must be one of ``legal``."""
        ...


@runtime_checkable
class SearchAgent(Protocol):
    """Chooses by searching: it needs the state, to sample what it cannot see.

    :meth:`choose_in` may call ``state.determinize(seat, rng)``, and
    ``current_player()``, ``legal_actions()``, ``observation(seat)`` and
    the public totals (``scores()``, ``hand_results()``);
    it must read nothing else of ``state`` (no other seat's cards, no
    future deals), so that it plays alike in every state that ``seat``
    cannot tell apart.
    """

    name: str

    def choose_in(self, state: State, seat: int) -> int:
        """The chosen action id for ``seat``, which is to move in ``state``."""
        ...


AnyAgent = Agent | SearchAgent
"""What :data:`AGENTS` makes; :func:`choose_action` asks either kind."""


def choose_action(agent: AnyAgent, state: State) -> int:
    """``agent``'s move for the seat to move in ``state``.

    A :class:`SearchAgent` gets the state (and reads only what the seat may
    know); any other agent gets the seat's observation and legal actions.
    """
    seat = state.current_player()
    if seat < 0:
        raise ValueError("no seat is to move: the match is over or chance is to act")
    if isinstance(agent, SearchAgent):
        return agent.choose_in(state, seat)
    return agent.choose(state.observation(seat), state.legal_actions())
