"""The agent interfaces, the seeded random agent, the registry of agents
and :func:`choose_action`, through which every surface asks an agent for
a move."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from parlour.agents import levels
from parlour.agents.heuristic import HeuristicAgent
from parlour.agents.ismcts import ISMCTSAgent
from parlour.agents.protocol import Agent, AnyAgent, SearchAgent, choose_action
from parlour.engine.game import Observation
from parlour.errors import OptionError

__all__ = ["AGENTS", "Agent", "AnyAgent", "RandomAgent", "SearchAgent", "choose_action",
           "make_agent"]




class RandomAgent:
    """Plays a uniformly random legal action from its own seeded generator."""

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    def choose(self, observation: Observation, legal: Sequence[int]) -> int:
        if not legal:
            raise ValueError("there is no legal action to choose from")
        return legal[self._rng.randrange(len(legal))]


AGENTS: dict[str, Callable[[int | None], AnyAgent]] = {
    "random": RandomAgent,
    "heuristic": HeuristicAgent,
    "ismcts": ISMCTSAgent,
    "easy": levels.easy,
    "medium": levels.medium,
    "hard": levels.hard,
    "hard-classic": levels.hard_classic,
}
"""Agent factories by name; each takes a seed."""


def make_agent(name: str, seed: int | None = None) -> AnyAgent:
    """The agent registered as ``name`` (:class:`OptionError` if unknown)."""
    try:
        factory = AGENTS[name.strip().casefold()]
    except KeyError:
        raise OptionError(
            f"no agent called {name!r}; agents are {', '.join(sorted(AGENTS))}"
        ) from None
    return factory(seed)
