"""Agents: anything that chooses an action from what one seat may know.

An agent sees ``observation(seat)`` and the legal action ids, never the
state, so it cannot read hidden cards.

>>> import parlour
>>> from parlour.agents import RandomAgent
>>> state = parlour.make("polignac").new_state(seed=1)
>>> agent = RandomAgent(seed=3)
>>> seat = state.current_player()
>>> agent.choose(state.observation(seat), state.legal_actions()) in state.legal_actions()
True
"""

from __future__ import annotations

from parlour.agents.base import AGENTS, Agent, RandomAgent, make_agent

__all__ = ["AGENTS", "Agent", "RandomAgent", "make_agent"]
