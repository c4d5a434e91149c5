"""The frame of a lookahead player: an expectimax one draw deep, its
draws optionally sampled (Bharg's and Progress Rummy's ``hard``)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import ClassVar, Protocol

from parlour.engine.game import Observation


class LookaheadAction(Protocol):
    """``action(observation, legal, rng, draws) -> action id``."""

    def __call__(self, observation: Observation, legal: Sequence[int], rng: random.Random,
                 draws: int | None = None) -> int: ...


class DrawLookahead:
    """A player choosing by its game's :attr:`action`; it reads only the
    observation. ``draws`` limits the unseen cards each decision considers
    drawing to a seeded sample of that many (all when ``None``, the
    levels' setting)."""

    name = "lookahead"
    action: ClassVar[LookaheadAction]

    def __init__(self, seed: int | None = None, draws: int | None = None) -> None:
        if draws is not None and draws < 1:
            raise ValueError(f"draws must be at least 1, not {draws}")
        self._rng = random.Random(seed)
        self.draws = draws

    def choose(self, observation: Observation, legal: Sequence[int]) -> int:
        """The lookahead action for ``observation`` (one of ``legal``)."""
        if len(legal) == 1:
            return legal[0]
        return type(self).action(observation, legal, self._rng, self.draws)
