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
:class:`~parlour.errors.OptionError` instead of playing at random.

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

import random
from collections.abc import Callable, Sequence

from parlour.agents.heuristic.bharg import bharg_action
from parlour.agents.heuristic.costly import costly_action
from parlour.agents.heuristic.patience import patience_action
from parlour.agents.heuristic.progress import progress_action
from parlour.agents.heuristic.ranter import ranter_action
from parlour.agents.heuristic.rummy import rummy_action
from parlour.agents.heuristic.strategies import STRATEGIES
from parlour.agents.heuristic.view import read_view
from parlour.engine.game import Observation
from parlour.errors import OptionError

__all__ = ["OBSERVATION_STRATEGIES", "STRATEGIES", "HeuristicAgent", "heuristic_action"]

ObservationStrategy = Callable[[Observation, Sequence[int], random.Random], int]

OBSERVATION_STRATEGIES: dict[str, ObservationStrategy] = {
    "progress": progress_action,
    "costly-colours": costly_action,
    "bharg": bharg_action,
    "ranter-go-round": ranter_action,
    "progress-rummy": rummy_action,
    "golf": patience_action,
    "calculation": patience_action,
    "bakers-dozen": patience_action,
    "clock": patience_action,
}
"""The strategies of the games that no trick view fits, by registry name:
``strategy(observation, legal, rng) -> action id``."""


def heuristic_action(observation: Observation, legal: Sequence[int], rng: random.Random) -> int:
    """The heuristic player's action for the seat of ``observation``.

    ``legal`` are the legal action ids (``state.legal_actions()``); ``rng``
    breaks exact ties only, so equal generators give equal choices. Raises
    :class:`~parlour.errors.OptionError` for a game without a strategy.
    """
    name = observation["game"]
    if name not in STRATEGIES and name not in OBSERVATION_STRATEGIES:
        raise OptionError(
            f"the heuristic player has no strategy for {name!r}; "
            f"it plays {', '.join(sorted([*STRATEGIES, *OBSERVATION_STRATEGIES]))}"
        )
    if not legal:
        raise ValueError("there is no legal action to choose from")
    if len(legal) == 1:
        return legal[0]
    if name in OBSERVATION_STRATEGIES:
        return OBSERVATION_STRATEGIES[name](observation, legal, rng)
    return STRATEGIES[name](read_view(observation, legal), rng)


class HeuristicAgent:
    """Plays :func:`heuristic_action`, breaking ties with its own seeded
    generator (deterministic for a seed)."""

    name = "heuristic"

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    def choose(self, observation: Observation, legal: Sequence[int]) -> int:
        """The heuristic action for ``observation`` (one of ``legal``)."""
        return heuristic_action(observation, legal, self._rng)
