"""The score calculators a game offers (``parlour score GAME``): a game
declares one as :attr:`parlour.engine.Game.score_calculator`, and the
command line finds it there, never by the game's name."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field


@dataclass(frozen=True)
class ScoreRequest:
    """What ``parlour score`` was given, for a game's calculator to check and
    count: the cards, the turn-up (``--turnup``), the top Ace (``--ace``) and
    the ``--option`` assignments."""

    cards: list[str]
    turnup: str | None
    ace: str | None = None
    options: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class ScoreCalculator:
    """A game's hand counter for ``parlour score``.

    ``count`` checks a request by the game's rules and counts it: the lines
    to print, the last the hand's count (``total: N``, ``penalty: N``); it
    raises a :class:`parlour.errors.ParlourError` naming what is missing or
    wrong. (A frozen wrapper, so that the function stays a plain function
    when it is a class attribute of a game.)
    """

    count: Callable[[ScoreRequest], list[str]]
