"""Playing levels for people: ``easy``, ``medium`` and ``hard``.

* ``easy``: the heuristic player (:mod:`parlour.agents.heuristic`).
* ``medium``: ISMCTS with :data:`MEDIUM_ITERATIONS` iterations (a few
  tenths of a second a move on a 2-core laptop in the trick games), never
  thinking longer than :data:`MEDIUM_SECONDS`.
* ``hard``: ISMCTS with :data:`HARD_ITERATIONS` iterations, never thinking
  longer than :data:`HARD_SECONDS` a move; in the games of
  :data:`HARD_BY_GAME` (Bharg, Progress, Costly Colours, Ranter Go
  Round, Progress Rummy) a player of the game's own that searches deeper than the
  heuristic, and in the patiences the deal solver (a :class:`LevelAgent`
  picks it by game).

Thinking time is the CPU time of the searching thread (see
:data:`parlour.agents.ismcts.WALL_FACTOR`): a busy machine makes a level
slower, not weaker. At the first lead of a hand, the slowest point, the
search runs about 3,300 iterations/s in Polignac and its German relatives
and 2,000 in Knaves on the 2-core reference machine, so the iteration
budget, not the cap, normally ends the search there (and the move is
reproducible).

Both searches play their simulations at random, except in the games of
:data:`HEURISTIC_ROLLOUTS` (Progress), where the heuristic player plays
them.

Every level is deterministic for a seed, except that ``medium`` and
``hard`` stop early when their time cap bites (a slow machine, or a game
whose iterations are slow).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from parlour.agents.heuristic import HeuristicAgent, heuristic_action
from parlour.agents.heuristic.bharg import LookaheadAgent
from parlour.agents.heuristic.ranter import stood_as_heuristic
from parlour.agents.heuristic.rummy_lookahead import RummyLookaheadAgent
from parlour.agents.ismcts import ISMCTSAgent, RolloutPolicy
from parlour.agents.protocol import AnyAgent, choose_action
from parlour.agents.rollout import RolloutAgent
from parlour.agents.solving import SolverAgent
from parlour.engine.game import State

HEURISTIC_ROLLOUTS: dict[str, RolloutPolicy] = {"progress": heuristic_action}
"""Games whose searches play their simulations with the heuristic player:
in Progress random playouts rarely go out and draw the whole stock, so
they are long and say little; the heuristic's are short and informative
(a position that 300 random-rollout iterations get wrong, 50 heuristic
ones get right, in less time)."""

MEDIUM_ITERATIONS = 1000
MEDIUM_SECONDS = 1.0
HARD_ITERATIONS = 3000
HARD_SECONDS = 2.0


def easy(seed: int | None = None) -> HeuristicAgent:
    """The ``easy`` level: the heuristic player."""
    return HeuristicAgent(seed)


def medium(seed: int | None = None) -> ISMCTSAgent:
    """The ``medium`` level: a short ISMCTS search."""
    return ISMCTSAgent(seed=seed, iterations=MEDIUM_ITERATIONS, seconds=MEDIUM_SECONDS,
                       rollouts_by_game=HEURISTIC_ROLLOUTS)


def hard_search(seed: int | None = None) -> ISMCTSAgent:
    """The ``hard`` level's search: a long ISMCTS, at most two seconds a move."""
    return ISMCTSAgent(seed=seed, iterations=HARD_ITERATIONS, seconds=HARD_SECONDS,
                       rollouts_by_game=HEURISTIC_ROLLOUTS)


ROLLOUT_ITERATIONS = 100
"""Sampled deals of a ``hard`` rollout player's decision (each plays every
choice out: about half a second a decision in Progress and Ranter Go
Round, a little more in Costly Colours)."""


def rollout_hard(seed: int | None = None) -> RolloutAgent:
    """The ``hard`` Progress and Costly Colours player: the rollout player
    over the heuristic."""
    return RolloutAgent(heuristic_action, seed, iterations=ROLLOUT_ITERATIONS,
                        seconds=HARD_SECONDS)


def ranter_hard(seed: int | None = None) -> RolloutAgent:
    """The ``hard`` Ranter Go Round player: the rollout player over the
    heuristic, believing that a player who stood holds a card the
    heuristic stands on (:func:`~parlour.agents.heuristic.ranter.stood_as_heuristic`)."""
    return RolloutAgent(heuristic_action, seed, iterations=ROLLOUT_ITERATIONS,
                        seconds=HARD_SECONDS, belief=stood_as_heuristic)


def exact_solver(seed: int | None = None) -> SolverAgent:
    """The solver player where nothing is hidden (Baker's Dozen): one
    sample, the deal itself, and its winning line followed."""
    return SolverAgent(seed, samples=1)


CALCULATION_SAMPLES = 4
CALCULATION_NODES = 1500
"""The solver player's budget in Calculation, where every card turned is a
decision among four piles (about 50 a deal): four sampled stocks of 1,500
positions a decision keep a deal to some ten seconds."""


def calculation_solver(seed: int | None = None) -> SolverAgent:
    """The solver player with Calculation's smaller budget
    (:data:`CALCULATION_SAMPLES`, :data:`CALCULATION_NODES`)."""
    return SolverAgent(seed, samples=CALCULATION_SAMPLES, nodes=CALCULATION_NODES)


HARD_BY_GAME: dict[str, Callable[[int | None], AnyAgent]] = {
    "bakers-dozen": exact_solver,
    "bharg": LookaheadAgent,
    "calculation": calculation_solver,
    "clock": SolverAgent,
    "golf": SolverAgent,
    "costly-colours": rollout_hard,
    "progress": rollout_hard,
    "progress-rummy": RummyLookaheadAgent,
    "ranter-go-round": ranter_hard,
}
"""Games whose ``hard`` player is not the search. In Bharg a round lasts
dozens of turns whichever way it is played out, so playouts are too slow
to be many within the time cap (random ones rarely end a round at all);
its ``hard`` player searches the next draw exactly instead
(:class:`~parlour.agents.heuristic.bharg.LookaheadAgent`), and so does
Progress Rummy's, where a round is a few hundred decisions and the
search managed some 55 random playouts a move
(:class:`~parlour.agents.heuristic.rummy_lookahead.RummyLookaheadAgent`,
which also weighs points by the danger of being caught). In Progress,
Costly Colours and Ranter Go Round the ``hard`` player is the rollout
player over the heuristic (:class:`~parlour.agents.rollout.RolloutAgent`),
which departs from the heuristic only where the playouts show a better
move: in Progress, where the cards decide most hands, the search played
no better than the heuristic; in Costly Colours it played level with
the heuristic, which plays close to its best (the rollout player departs
from it in about one decision in thirty); in
Ranter Go Round the search's uniform
determinizations miss what the table says (a player who stood likely
holds a 7 or better, so the last players and the dealer misjudge how low
their cards are) and played below it. In the patiences the ``hard``
player is the deal solver (:class:`~parlour.agents.solving.SolverAgent`):
exact where nothing is hidden (Baker's Dozen), asked about sampled
stocks in Golf and Calculation, the hint's move where it finds no win
(Clock has no decisions)."""


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


def hard(seed: int | None = None) -> LevelAgent:
    """The ``hard`` level: the long search (:func:`hard_search`), or the
    game's own strong player (:data:`HARD_BY_GAME`)."""
    return LevelAgent("hard", hard_search, HARD_BY_GAME, seed)


LEVELS = ("easy", "medium", "hard")
"""The level names, weakest first."""
