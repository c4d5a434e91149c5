"""The agent interface and the seeded random agent."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Protocol, runtime_checkable

from parlour.agents.heuristic import HeuristicAgent
from parlour.engine.game import Observation
from parlour.errors import OptionError


@runtime_checkable
class Agent(Protocol):
    """Chooses one of ``legal`` (action ids) from a seat's observation."""

    name: str

    def choose(self, observation: Observation, legal: Sequence[int]) -> int:
        """The chosen action id; must be one of ``legal``."""
        ...


class RandomAgent:
    """Plays a uniformly random legal action from its own seeded generator."""

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    def choose(self, observation: Observation, legal: Sequence[int]) -> int:
        if not legal:
            raise ValueError("there is no legal action to choose from")
        return legal[self._rng.randrange(len(legal))]


AGENTS: dict[str, Callable[[int | None], Agent]] = {
    "random": RandomAgent,
    "heuristic": HeuristicAgent,
}
"""Agent factories by name; each takes a seed."""


def make_agent(name: str, seed: int | None = None) -> Agent:
    """The agent registered as ``name`` (:class:`OptionError` if unknown)."""
    try:
        factory = AGENTS[name.strip().casefold()]
    except KeyError:
        raise OptionError(
            f"no agent called {name!r}; agents are {', '.join(sorted(AGENTS))}"
        ) from None
    return factory(seed)
