"""Ratings at the server: which tables are rated, how a match's end is
recorded, and the leaderboards (docs/web.md, "Ratings").

The model and its scale are :mod:`parlour.ratings`'s. A table is *rated*
(:func:`is_rated`) when nobody can have had help or known the deals: no
hints, no seed its creator chose, and at every seat a player or a computer
level of :data:`~parlour.ratings.RATED_LEVELS` (not an engine, whose
strength its operator may change, nor a person known by a link alone, who
has no rating to keep). The flag is decided when the table is made and when
an open table starts; switching hints on during the match unrates it.

When a match ends (its last move, or a forfeit: :class:`MatchEnd`), the
database stores, in the transaction of that last move
(:meth:`parlour.server.db.Database.add_moves`, :meth:`~parlour.server.db.Database.end_match`),
every player's place in ``table_seats`` (rated or not: the history needs
them) and, at a rated table, every subject's new rating and the table's
rating changes.

The subject of a seat at the end (:func:`seat_subjects`) is the player who
sat there (his ``table_seats`` row, kept when he leaves: leaving a rated
match does not escape its result) or else the seat's computer level; a
seat that is neither by then (a seat given to an engine, or to a link
alone) makes the match unrated.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from parlour.engine import game_class
from parlour.errors import ParlourError
from parlour.ratings import (
    RATED_LEVELS,
    Rating,
    agent_subject,
    forfeit_places,
    level_of,
    places_from_returns,
    player_of,
    player_subject,
)
from parlour.server.errors import BAD_REQUEST, NOT_FOUND, ApiError
from parlour.server.seats import computer_name

COMPUTER = "computer"
"""A computer's seat kind (:data:`parlour.server.payloads.COMPUTER`)."""

LEADERBOARD_SIZE = 50
"""Subjects a leaderboard lists unless asked for fewer or more."""
LEADERBOARD_MOST = 200
"""The most subjects one leaderboard lists."""


class SeatLike(Protocol):
    """What :func:`is_rated` reads of a seat (:class:`parlour.server.tables.Seat`)."""

    @property
    def kind(self) -> str: ...
    @property
    def agent(self) -> str | None: ...
    @property
    def player(self) -> int | None: ...


def is_rated(seats: Sequence[SeatLike], hints: bool, seed_chosen: bool) -> bool:
    """Whether a table of ``seats`` with ``hints`` on or off and a seed its
    creator chose or not counts for the ratings: no hints, no chosen seed,
    at least two seats and each a player's or a rated computer level's (an
    open seat not yet taken is neither)."""
    return not hints and not seed_chosen and len(seats) >= 2 and all(
        seat.player is not None or (seat.kind == COMPUTER and seat.agent in RATED_LEVELS)
        for seat in seats)


@dataclass(frozen=True, slots=True)
class MatchEnd:
    """How a match ended: each seat's ``places`` (1: first, ties share a
    place) and the seat that ``forfeited`` it (``None``: it was played out)."""

    places: tuple[int, ...]
    forfeited: int | None = None

    @classmethod
    def from_returns(cls, returns: Sequence[float]) -> MatchEnd:
        """A match played to its end: places by the game's returns."""
        return cls(tuple(places_from_returns(returns)))

    @classmethod
    def from_forfeit(cls, standing: Sequence[float], forfeiter: int) -> MatchEnd:
        """A match that seat ``forfeiter`` forfeited: it is last, the others
        placed by ``standing`` (higher is better: see
        :func:`parlour.ratings.forfeit_places`)."""
        return cls(tuple(forfeit_places(standing, forfeiter)), forfeiter)


def seat_subjects(seats: Sequence[Mapping[str, Any]],
                  players: Mapping[int, int]) -> list[str] | None:
    """The subject of each of a finished table's ``seats`` (their stored
    forms), ``players`` giving the player of each seat a player held
    (``table_seats``); ``None`` when a seat has no rated subject."""
    subjects = []
    for index, seat in enumerate(seats):
        if index in players:
            subjects.append(player_subject(players[index]))
        elif seat.get("kind") == COMPUTER and seat.get("agent") in RATED_LEVELS:
            subjects.append(agent_subject(str(seat["agent"])))
        else:
            return None
    return subjects


def rating_change(subject: str, before: Rating, after: Rating) -> dict[str, Any]:
    """One seat's entry of ``tables.ratings``: ``{subject, before: {mu,
    sigma, rating}, after: {...}}``."""
    return {"subject": subject, "before": before.describe(), "after": after.describe()}


def rated_game(name: str) -> str:
    """The registered name of the game ``name`` (404 naming the games when
    there is none, or when it is a patience: nobody is rated at those)."""
    try:
        cls = game_class(name)
    except ParlourError as error:
        raise ApiError(NOT_FOUND, str(error)) from None
    if cls.max_players < 2:
        raise ApiError(NOT_FOUND, (
            f"ratings are kept for the games of several players; {cls.title} is a patience"))
    return cls.name


def parse_subject(text: str) -> str:
    """A subject from a path: ``player:<id>`` or ``agent:<level>`` (404
    otherwise)."""
    if player_of(text) is None and level_of(text) is None:
        levels = ", ".join(RATED_LEVELS)
        raise ApiError(NOT_FOUND, (
            f"there is no rated subject {text!r}: subjects are player:<id> and "
            f"agent:<level>, the levels being {levels}"))
    return text


def describe_rating(subject: str, rating: Rating, player_name: str | None) -> dict[str, Any]:
    """One subject's entry of a leaderboard: ``{subject, kind, name,
    player?, level?, rating, mu, sigma, matches}``."""
    entry: dict[str, Any] = {"subject": subject}
    player = player_of(subject)
    if player is not None:
        entry.update(kind="player", name=player_name, player=player)
    else:
        level = level_of(subject)
        assert level is not None, "a rated subject is a player's or a level's"
        entry.update(kind="agent", name=computer_name(level), level=level)
    entry.update(rating=rating.rating, mu=rating.mu, sigma=rating.sigma, matches=rating.matches)
    return entry


def leaderboard_size(text: str | None) -> int:
    """How many subjects a leaderboard lists: ``limit`` from 1 to
    :data:`LEADERBOARD_MOST` (400 otherwise), :data:`LEADERBOARD_SIZE`
    when not given."""
    if text is None:
        return LEADERBOARD_SIZE
    most = LEADERBOARD_MOST
    if not (text.isascii() and text.isdigit()) or not 1 <= int(text) <= most:
        raise ApiError(BAD_REQUEST, f"limit must be a whole number from 1 to {most}, not {text!r}")
    return int(text)
