"""Playing levels for people: ``easy``, ``medium`` and ``hard``.

* ``easy``: the heuristic player (:mod:`parlour.agents.heuristic`).
* ``medium``: ISMCTS with :data:`MEDIUM_ITERATIONS` iterations and random
  rollouts (a few tenths of a second a move on a 2-core laptop in the
  trick games), never longer than :data:`MEDIUM_SECONDS` (Progress's long
  hands make every iteration slower).
* ``hard``: ISMCTS with :data:`HARD_ITERATIONS` iterations and random
  rollouts, never thinking longer than :data:`HARD_SECONDS` a move. At the
  first lead of a hand, the slowest point, the search runs about 3,300
  iterations/s in Polignac and its German relatives and 2,000 in Knaves on
  the 2-core reference machine, so the iteration budget, not the cap,
  normally ends the search (and the move is reproducible).

Every level is deterministic for a seed, except that ``medium`` and
``hard`` stop early when their time cap bites (a slow machine, or a game
whose iterations are slow).
"""

from __future__ import annotations

from parlour.agents.heuristic import HeuristicAgent
from parlour.agents.ismcts import ISMCTSAgent

MEDIUM_ITERATIONS = 1000
MEDIUM_SECONDS = 1.0
HARD_ITERATIONS = 3000
HARD_SECONDS = 2.0


def easy(seed: int | None = None) -> HeuristicAgent:
    """The ``easy`` level: the heuristic player."""
    return HeuristicAgent(seed)


def medium(seed: int | None = None) -> ISMCTSAgent:
    """The ``medium`` level: a short ISMCTS search."""
    return ISMCTSAgent(seed=seed, iterations=MEDIUM_ITERATIONS, seconds=MEDIUM_SECONDS)


def hard(seed: int | None = None) -> ISMCTSAgent:
    """The ``hard`` level: a long ISMCTS search, at most two seconds a move."""
    return ISMCTSAgent(seed=seed, iterations=HARD_ITERATIONS, seconds=HARD_SECONDS)


LEVELS = ("easy", "medium", "hard")
"""The level names, weakest first."""
