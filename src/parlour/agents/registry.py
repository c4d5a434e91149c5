"""What each game gives the agents, registered by the game's own heuristic
module, and the heuristic player that plays what is registered.

A game's heuristic module (:mod:`parlour.agents.heuristic.bharg`,
:mod:`~parlour.agents.heuristic.patience`, ...) registers, under the
registry name of the game class it imports (``Bharg.name``), its heuristic
strategy (:func:`register_heuristic`), the policy its searches play their
simulations with when random playouts say little
(:func:`register_rollout`), and its own player for a level
(:func:`register_level`). No other agent module names a game: the levels
(:mod:`parlour.agents.levels`) read these tables and fall back to the
generic players for a game that registers nothing, so a new game plays at
every level without an edit to :mod:`parlour.agents`.

The heuristic modules register when :mod:`parlour.agents` is imported
(:mod:`parlour.agents.heuristic` imports each of them).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence

from parlour.agents.ismcts import RolloutPolicy
from parlour.agents.protocol import AnyAgent
from parlour.engine.game import Game, Observation
from parlour.errors import OptionError

__all__ = [
    "GAME_LEVELS",
    "AgentFactory",
    "HeuristicAgent",
    "ObservationStrategy",
    "heuristic_action",
    "heuristics",
    "level_players",
    "register_heuristic",
    "register_level",
    "register_rollout",
    "rollout_policies",
]

ObservationStrategy = Callable[[Observation, Sequence[int], random.Random], int]
"""A game's heuristic: ``strategy(observation, legal, rng) -> action id``,
``rng`` breaking exact ties only."""

AgentFactory = Callable[[int | None], AnyAgent]
"""Makes a player from a seed."""

_HEURISTICS: dict[str, ObservationStrategy] = {}
_ROLLOUTS: dict[str, RolloutPolicy] = {}
_LEVELS: dict[str, dict[str, AgentFactory]] = {}

GAME_LEVELS = ("easy", "hard", "hard-classic")
"""The levels a game may give a player of its own (``medium`` is the
search in every game); ``hard-classic`` is the ``hard`` player a game
had before it registered a new one, kept for comparison."""


def register_heuristic(game: type[Game], strategy: ObservationStrategy) -> None:
    """Make ``strategy`` the heuristic player's strategy for ``game``."""
    _HEURISTICS[game.name] = strategy


def register_rollout(game: type[Game], policy: RolloutPolicy) -> None:
    """Make the searches of the levels play ``game``'s simulations with
    ``policy`` instead of at random."""
    _ROLLOUTS[game.name] = policy


def register_level(game: type[Game], level: str, factory: AgentFactory) -> None:
    """Make ``factory``'s player the player of ``level`` (``"hard"`` ...)
    in ``game``, in place of the level's generic player (``level`` one of
    :data:`GAME_LEVELS`)."""
    if level not in GAME_LEVELS:
        raise ValueError(f"a game gives players to the levels {', '.join(GAME_LEVELS)}, "
                         f"not to {level!r}")
    _LEVELS.setdefault(level, {})[game.name] = factory


def heuristics() -> Mapping[str, ObservationStrategy]:
    """The registered heuristic strategies, by game name."""
    return _HEURISTICS


def rollout_policies() -> Mapping[str, RolloutPolicy]:
    """The registered rollout policies, by game name."""
    return _ROLLOUTS


def level_players(level: str) -> Mapping[str, AgentFactory]:
    """The games' own players of ``level``, by game name."""
    return _LEVELS.get(level, {})


def heuristic_action(observation: Observation, legal: Sequence[int], rng: random.Random) -> int:
    """The heuristic player's action for the seat of ``observation``.

    ``legal`` are the legal action ids (``state.legal_actions()``); ``rng``
    breaks exact ties only, so equal generators give equal choices. Raises
    :class:`~parlour.errors.OptionError` for a game without a strategy.
    """
    name = observation["game"]
    strategy = _HEURISTICS.get(name)
    if strategy is None:
        raise OptionError(
            f"the heuristic player has no strategy for {name!r}; "
            f"it plays {', '.join(sorted(_HEURISTICS))}"
        )
    if not legal:
        raise ValueError("there is no legal action to choose from")
    if len(legal) == 1:
        return legal[0]
    return strategy(observation, legal, rng)


class HeuristicAgent:
    """Plays :func:`heuristic_action`, breaking ties with its own seeded
    generator (deterministic for a seed)."""

    name = "heuristic"

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    def choose(self, observation: Observation, legal: Sequence[int]) -> int:
        """The heuristic action for ``observation`` (one of ``legal``)."""
        return heuristic_action(observation, legal, self._rng)
