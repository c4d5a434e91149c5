"""Agents: anything that chooses an action from what one seat may know.

An agent sees ``observation(seat)`` and the legal action ids, never the
state, so it cannot read hidden cards. A search agent (:class:`SearchAgent`,
such as :class:`ISMCTSAgent`) gets the state but reads it only through
``determinize(seat, rng)`` and what the seat may know. Surfaces ask either
kind with :func:`choose_action`.

>>> import parlour
>>> from parlour.agents import RandomAgent
>>> state = parlour.make("polignac").new_state(seed=1)
>>> agent = RandomAgent(seed=3)
>>> seat = state.current_player()
>>> agent.choose(state.observation(seat), state.legal_actions()) in state.legal_actions()
True
"""

from __future__ import annotations

from parlour.agents.base import (
    AGENTS,
    Agent,
    AnyAgent,
    RandomAgent,
    SearchAgent,
    choose_action,
    make_agent,
)
from parlour.agents.hint import HINT_LEVEL, Hint, hint
from parlour.agents.ismcts import ISMCTSAgent

__all__ = [
    "AGENTS",
    "HINT_LEVEL",
    "Agent",
    "AnyAgent",
    "Hint",
    "ISMCTSAgent",
    "RandomAgent",
    "SearchAgent",
    "choose_action",
    "hint",
    "make_agent",
]
