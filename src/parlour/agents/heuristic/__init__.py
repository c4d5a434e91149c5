"""Heuristic players: the ``easy`` level and a fast rollout policy for
search.

:class:`HeuristicAgent` (registered as ``"heuristic"``) plays Polignac,
Knaves, Slobberhannes, Eichelobern, Grasobern, Bassadewitz, Progress,
Costly Colours, Bharg, Ranter Go Round, Progress Rummy and the four
patiences (Golf, Calculation, Baker's Dozen, Clock) the way a
competent human does. The trick games' ideas are in the docstrings of their strategies in
:mod:`parlour.agents.heuristic.strategies`, which read a trick view of the
observation; Progress, a shedding game with no tricks, plans its turns
from the observation itself (:mod:`parlour.agents.heuristic.progress`),
and so do Costly Colours (:mod:`parlour.agents.heuristic.costly`),
Bharg (:mod:`parlour.agents.heuristic.bharg`), Ranter Go Round
(:mod:`parlour.agents.heuristic.ranter`) and Progress Rummy
(:mod:`parlour.agents.heuristic.rummy`); the patiences follow their hints
(:mod:`parlour.agents.heuristic.patience`).
The agent learns the game from ``observation["game"]`` and its rules from
``observation["options"]`` (the card ranking, penalty values ...), so one
agent serves every table; a game without a strategy raises
:class:`~parlour.errors.OptionError` instead of playing at random. Each
game's module registers its strategy
(:func:`~parlour.agents.registry.register_heuristic`), and importing this
package imports every one of them.

For a rollout policy, call :func:`heuristic_action` with an observation,
the legal action ids and a :class:`random.Random` (used only to break exact
ties): a decision takes a few tens of microseconds in the trick games,
about a tenth of a millisecond in Progress, a few tenths in Costly
Colours and about a millisecond in Bharg.

>>> import random
>>> import parlour
>>> state = parlour.make("slobberhannes").new_state(seed=4)
>>> seat = state.current_player()
>>> action = heuristic_action(state.observation(seat), state.legal_actions(), random.Random(0))
>>> action in state.legal_actions()
True
"""

from __future__ import annotations

# Each game's heuristic module registers its strategy, rollout policy and
# level players with parlour.agents.registry when imported: this list of
# modules is what makes them known.
from parlour.agents.heuristic import (  # noqa: F401
    bharg,
    costly,
    patience,
    progress,
    ranter,
    rummy,
    rummy_lookahead,
    strategies,
)
from parlour.agents.registry import HeuristicAgent, ObservationStrategy, heuristic_action

__all__ = ["HeuristicAgent", "ObservationStrategy", "heuristic_action"]
