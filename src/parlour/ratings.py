"""Ratings: how strong a player is at one game, from the places of his matches.

The model is OpenSkill's Bradley-Terry "full pairing" model (Weng and Lin,
2011, their Algorithm 1; the ``openskill`` package), a Bayesian rating for
matches of any number of seats with ties: each subject's skill is a normal
distribution of mean ``mu`` and deviation ``sigma``, starting at ``mu`` 25
and ``sigma`` 25/3 (OpenSkill's defaults, kept), and a match of ``n`` seats
counts as the ``n (n - 1) / 2`` games between each pair of seats, each won,
lost or drawn (equal places): it moves every seat's ``mu`` toward what its
places say and narrows its ``sigma`` (OpenSkill's ``tau`` widens it a
little first, so that a rating keeps following a player who improves).

Why not OpenSkill's default, Plackett-Luce: its ties split a place among
the tied seats, so that a seat placed *behind* a tie can gain more than the
tied winners (places 1, 1, 1, 4, 5 among equals: the fourth gains more
than the three first; openskill.py issues #155 and #201), and card games
tie often (Polignac's winners always do). The pairs model never puts a
worse place above a better one among equals, and each pair's game is the
same two-player update as Plackett-Luce's.

The rating people see is OpenSkill's *ordinal*, ``mu - 3 sigma`` (a skill
the subject exceeds with 99.7% certainty), on a scale of its own:

    rating = 1000 + 20 * (mu - 3 * sigma), rounded to a whole number

so a new subject starts at exactly 1000 (``25 - 3 * 25/3 = 0``), and one
that plays on rises as its ``sigma`` narrows, as far as its skill allows:
an average subject sure of its skill (``mu`` 25, ``sigma`` 1) shows 1440.

A match's *places* come from the game's returns
(:func:`places_from_returns`): 1 is first, and seats with equal returns
share a place (1, 1, 3, 4). The subjects of one pool are named
``player:<id>`` (a player, :mod:`parlour.server.players`) and
``agent:<level>`` (a computer level, :data:`RATED_LEVELS`), so that a person's
first match against a level already means something.

>>> new = Rating()
>>> new.rating, new.matches
(1000, 0)
>>> places_from_returns([-1.0, 1 / 3, 1 / 3, 1 / 3])
[4, 1, 1, 1]
>>> winner, loser = update([new, new], [1, 2])
>>> winner.rating, loser.rating, winner.matches
(1069, 963, 1)
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from openskill.models import BradleyTerryFull

__all__ = [
    "BASE",
    "MODEL",
    "RATED_LEVELS",
    "SCALE",
    "Rating",
    "agent_subject",
    "forfeit_places",
    "level_of",
    "places_from_returns",
    "player_of",
    "player_subject",
    "rate_match",
    "update",
]

MODEL = BradleyTerryFull()
"""The rating model: OpenSkill's Bradley-Terry full pairing with its default
parameters (``mu`` 25, ``sigma`` 25/3, ``beta`` 25/6, ``tau`` 25/300)."""

BASE = 1000
"""The displayed rating of a new subject."""
SCALE = 20.0
"""Displayed points per unit of OpenSkill's ordinal."""
Z = 3.0
"""The deviations the ordinal takes off the mean."""

RATED_LEVELS = ("random", "easy", "medium", "hard")
"""The computer levels rated in the pool (engines and other agents are not)."""

PLAYER_PREFIX = "player:"
AGENT_PREFIX = "agent:"
RETURN_DIGITS = 9
"""Returns equal to this many decimals are a tie (a share such as 1/3
computed two ways may differ in its last bit)."""


@dataclass(frozen=True, slots=True)
class Rating:
    """One subject's rating: OpenSkill's ``mu`` and ``sigma`` and how many
    rated matches it has played."""

    mu: float = MODEL.mu
    sigma: float = MODEL.sigma
    matches: int = 0

    @property
    def ordinal(self) -> float:
        """OpenSkill's ordinal, ``mu - 3 sigma``."""
        return self.mu - Z * self.sigma

    @property
    def rating(self) -> int:
        """The displayed rating, ``1000 + 20 * ordinal`` rounded."""
        return round(BASE + SCALE * self.ordinal)

    def describe(self) -> dict[str, Any]:
        """``{mu, sigma, rating}``, as a rating change shows it."""
        return {"mu": self.mu, "sigma": self.sigma, "rating": self.rating}


def player_subject(player_id: int) -> str:
    """The subject of a player: ``player:<id>``."""
    return f"{PLAYER_PREFIX}{player_id}"


def agent_subject(level: str) -> str:
    """The subject of a computer level: ``agent:<level>`` (a :data:`RATED_LEVELS`)."""
    if level not in RATED_LEVELS:
        raise ValueError(f"only the levels {', '.join(RATED_LEVELS)} are rated, not {level!r}")
    return f"{AGENT_PREFIX}{level}"


def player_of(subject: str) -> int | None:
    """The player id of a ``player:<id>`` subject (``None``: another subject)."""
    number = subject.removeprefix(PLAYER_PREFIX)
    if number == subject or not number.isascii() or not number.isdigit():
        return None
    return int(number)


def level_of(subject: str) -> str | None:
    """The level of an ``agent:<level>`` subject (``None``: another subject)."""
    level = subject.removeprefix(AGENT_PREFIX)
    return level if level != subject and level in RATED_LEVELS else None


def places_from_returns(returns: Sequence[float]) -> list[int]:
    """Each seat's place from the game's ``returns`` (higher is better): 1 is
    first, and equal returns share the best of their places.

    >>> places_from_returns([3, 7, 7, 1])
    [3, 1, 1, 4]
    """
    rounded = [round(value, RETURN_DIGITS) for value in returns]
    if any(math.isnan(value) for value in rounded):
        raise ValueError(f"returns are numbers, not {list(returns)}")
    return [1 + sum(other > mine for other in rounded) for mine in rounded]


def forfeit_places(standing: Sequence[float], forfeiter: int) -> list[int]:
    """The places of a match that seat ``forfeiter`` forfeited: it is last,
    alone, and the others are placed among themselves by ``standing``
    (higher is better: the returns, or the scores of a game whose higher
    score is better, negated otherwise).

    >>> forfeit_places([5, 2, 9, 2], forfeiter=2)
    [1, 2, 4, 2]
    """
    if not 0 <= forfeiter < len(standing):
        raise ValueError(f"seat {forfeiter} forfeited, but the seats are 0 to "
                         f"{len(standing) - 1}")
    others = [value for seat, value in enumerate(standing) if seat != forfeiter]
    ranked = iter(places_from_returns(others))
    return [len(standing) if seat == forfeiter else next(ranked)
            for seat in range(len(standing))]


def _check_places(count: int, places: Sequence[int]) -> None:
    if count < 2:
        raise ValueError(f"a rated match has at least 2 seats, not {count}")
    if len(places) != count:
        raise ValueError(f"{count} seats need {count} places, not {len(places)}")
    if any(isinstance(place, bool) or not isinstance(place, int) or not 1 <= place <= count
           for place in places):
        raise ValueError(f"places run from 1 to {count}, not {list(places)}")


def update(ratings: Sequence[Rating], places: Sequence[int]) -> list[Rating]:
    """The seats' new ratings after a match in which seat ``i``, rated
    ``ratings[i]``, took place ``places[i]`` (1: first; equal places tie).
    Any number of seats from 2; each counts one more match.

    >>> first, second, third = update([Rating(), Rating(), Rating()], [1, 2, 2])
    >>> first.mu > 25 > second.mu == third.mu, first.sigma < 25 / 3
    (True, True)
    """
    _check_places(len(ratings), places)
    teams = [[MODEL.rating(mu=rating.mu, sigma=rating.sigma)] for rating in ratings]
    rated = MODEL.rate(teams, ranks=[float(place) for place in places])
    return [Rating(team[0].mu, team[0].sigma, rating.matches + 1)
            for team, rating in zip(rated, ratings, strict=True)]


def rate_match(
    subjects: Sequence[str], ratings: Mapping[str, Rating], places: Sequence[int],
) -> dict[str, Rating]:
    """The new rating of every subject of a match: seat ``i`` is played by
    ``subjects[i]``, rated ``ratings[subject]`` (absent: a new subject), and
    took place ``places[i]``.

    A subject may hold several seats (a person against two ``medium``
    computers): each of its seats is rated as a separate player from the
    subject's rating, so that the others are rated against every seat they
    met, and the subject then moves by the mean of its seats' changes, one
    match more. A level's rating so stays the mean of what its seats did.

    >>> after = rate_match(["player:1", "agent:medium", "agent:medium"], {}, [2, 1, 3])
    >>> sorted(after), after["agent:medium"].matches
    (['agent:medium', 'player:1'], 1)
    """
    _check_places(len(subjects), places)
    before = {subject: ratings.get(subject, Rating()) for subject in subjects}
    seats = update([before[subject] for subject in subjects], places)
    changed: dict[str, Rating] = {}
    for subject, prior in before.items():
        mine = [seat for seat, name in zip(seats, subjects, strict=True) if name == subject]
        changed[subject] = Rating(
            prior.mu + sum(seat.mu - prior.mu for seat in mine) / len(mine),
            sum(seat.sigma for seat in mine) / len(mine),
            prior.matches + 1)
    return changed
