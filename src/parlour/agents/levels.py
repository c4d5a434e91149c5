"""Playing levels for people: ``easy``, ``medium`` and ``hard``.

* ``easy``: the heuristic player (:mod:`parlour.agents.heuristic`).
* ``medium``: ISMCTS with :data:`MEDIUM_ITERATIONS` iterations (a few
  tenths of a second a move on a 2-core laptop in the trick games), never
  thinking longer than :data:`MEDIUM_SECONDS`.
* ``hard``: ISMCTS with :data:`HARD_ITERATIONS` iterations, never thinking
  longer than :data:`HARD_SECONDS` a move.

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

from parlour.agents.heuristic import HeuristicAgent, heuristic_action
from parlour.agents.ismcts import ISMCTSAgent, RolloutPolicy

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


def hard(seed: int | None = None) -> ISMCTSAgent:
    """The ``hard`` level: a long ISMCTS search, at most two seconds a move."""
    return ISMCTSAgent(seed=seed, iterations=HARD_ITERATIONS, seconds=HARD_SECONDS,
                       rollouts_by_game=HEURISTIC_ROLLOUTS)


LEVELS = ("easy", "medium", "hard")
"""The level names, weakest first."""
