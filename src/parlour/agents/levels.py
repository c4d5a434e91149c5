"""Playing levels for people: ``easy``, ``medium`` and ``hard``.

* ``easy``: the heuristic player (:mod:`parlour.agents.heuristic`) in the
  games that register a heuristic; elsewhere a short search
  (:data:`EASY_ITERATIONS`).
* ``medium``: ISMCTS with :data:`MEDIUM_ITERATIONS` iterations (a few
  tenths of a second a move on a 2-core laptop in the trick games), never
  thinking longer than :data:`MEDIUM_SECONDS`.
* ``hard``: ISMCTS with :data:`HARD_ITERATIONS` iterations, never thinking
  longer than :data:`HARD_SECONDS` a move, except in the games that
  register a ``hard`` player of their own
  (:func:`~parlour.agents.registry.register_level`): Bharg, Progress,
  Costly Colours and Progress Rummy a player that searches
  deeper than the heuristic, the patiences the deal solver, Polignac and
  Ranter Go Round the batched rollout player on the vector engine
  (:mod:`parlour.agents.vector_rollout`, :data:`VECTOR_DEALS`; each
  game's heuristic module says why). Their previous ``hard`` players stay
  available as ``hard-classic`` (:func:`hard_classic`).

A game registers nothing to play at every level: a :class:`LevelAgent`
plays each game with the game's own player of the level where one is
registered and with the level's generic player elsewhere.

Thinking time is the CPU time of the searching thread (see
:data:`parlour.agents.ismcts.WALL_FACTOR`): a busy machine makes a level
slower, not weaker. At the first lead of a hand, the slowest point, the
search runs about 3,300 iterations/s in Polignac and its German relatives
and 2,000 in Knaves on the 2-core reference machine, so the iteration
budget, not the cap, normally ends the search there (and the move is
reproducible).

Both searches play their simulations at random, except in the games that
register a rollout policy (:func:`~parlour.agents.registry.register_rollout`:
Progress, where the heuristic player plays them).

Every level is deterministic for a seed, except that ``medium`` and
``hard`` stop early when their time cap bites (a slow machine, or a game
whose iterations are slow).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from parlour.agents.ismcts import ISMCTSAgent
from parlour.agents.protocol import AnyAgent, choose_action
from parlour.agents.registry import (
    AgentFactory,
    HeuristicAgent,
    heuristic_action,
    heuristics,
    level_players,
    rollout_policies,
)
from parlour.agents.rollout import RolloutAgent
from parlour.engine.game import State

EASY_ITERATIONS = 100
"""The ``easy`` level's search in a game without a heuristic: a tenth of
``medium``'s."""
MEDIUM_ITERATIONS = 1000
MEDIUM_SECONDS = 1.0
HARD_ITERATIONS = 3000
HARD_SECONDS = 2.0


def easy_search(seed: int | None = None) -> ISMCTSAgent:
    """The ``easy`` level in a game without a heuristic: a very short
    ISMCTS search."""
    return ISMCTSAgent(seed=seed, iterations=EASY_ITERATIONS, seconds=MEDIUM_SECONDS,
                       rollouts_by_game=rollout_policies())


def medium(seed: int | None = None) -> ISMCTSAgent:
    """The ``medium`` level: a short ISMCTS search."""
    return ISMCTSAgent(seed=seed, iterations=MEDIUM_ITERATIONS, seconds=MEDIUM_SECONDS,
                       rollouts_by_game=rollout_policies())


def hard_search(seed: int | None = None) -> ISMCTSAgent:
    """The ``hard`` level's search: a long ISMCTS, at most two seconds a move."""
    return ISMCTSAgent(seed=seed, iterations=HARD_ITERATIONS, seconds=HARD_SECONDS,
                       rollouts_by_game=rollout_policies())


VECTOR_DEALS = 3000
"""Determinizations of a ``hard`` batched rollout player's decision
(:class:`~parlour.agents.vector_rollout.VectorRolloutAgent`), each playing
every legal move out once: as many as the search's iterations, in about
as much time (a tenth to a half of a second a move in Polignac)."""

ROLLOUT_ITERATIONS = 100
"""Sampled deals of a ``hard`` rollout player's decision (each plays every
choice out: about half a second a decision in Progress and Ranter Go
Round, a little more in Costly Colours)."""


def rollout_hard(seed: int | None = None) -> RolloutAgent:
    """A ``hard`` player a game may register: the rollout player over the
    heuristic (:class:`~parlour.agents.rollout.RolloutAgent`), which departs
    from the heuristic only where the playouts show a better move."""
    return RolloutAgent(heuristic_action, seed, iterations=ROLLOUT_ITERATIONS,
                        seconds=HARD_SECONDS)


class LevelAgent:
    """A level that plays each game with its own player: ``by_game``'s
    factory for the games it names, ``default``'s for the others, each
    made with the level's seed when its game first comes up."""

    def __init__(
        self,
        name: str,
        default: Callable[[int | None], AnyAgent],
        by_game: Mapping[str, Callable[[int | None], AnyAgent]],
        seed: int | None = None,
    ) -> None:
        self.name = name
        self._factories = dict(by_game)
        self._default = default
        self._seed = seed
        self._players: dict[str, AnyAgent] = {}

    def player(self, game: str) -> AnyAgent:
        """The player of this level for ``game`` (a registry name)."""
        if game not in self._players:
            factory = self._factories.get(game, self._default)
            self._players[game] = factory(self._seed)
        return self._players[game]

    def choose_in(self, state: State, seat: int) -> int:
        """The move of this level's player for ``state.game`` (reading the
        state as that player may: a search through determinizations,
        anything else through the seat's observation)."""
        if state.current_player() != seat:
            raise ValueError(f"seat {seat} is not to move")
        return choose_action(self.player(state.game.name), state)


def easy(seed: int | None = None) -> LevelAgent:
    """The ``easy`` level: the heuristic player where the game registers a
    heuristic, a very short search (:func:`easy_search`) elsewhere."""
    by_game: dict[str, AgentFactory] = {name: HeuristicAgent for name in heuristics()}
    by_game.update(level_players("easy"))
    return LevelAgent("easy", easy_search, by_game, seed)


def hard(seed: int | None = None) -> LevelAgent:
    """The ``hard`` level: the long search (:func:`hard_search`), or the
    game's own strong player where it registers one."""
    return LevelAgent("hard", hard_search, level_players("hard"), seed)


def hard_classic(seed: int | None = None) -> LevelAgent:
    """``hard`` as it was before a game registered a new ``hard`` player:
    the game's ``hard-classic`` player where it registers one (Polignac's
    search, Ranter Go Round's rollout player over the heuristic), its
    ``hard`` player elsewhere. For comparing the two (``parlour
    tournament``); not a level people choose."""
    by_game = {**level_players("hard"), **level_players("hard-classic")}
    return LevelAgent("hard-classic", hard_search, by_game, seed)


LEVELS = ("easy", "medium", "hard")
"""The level names, weakest first."""
