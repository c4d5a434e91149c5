"""Players: a person who keeps a name here, without a password or an e-mail.

A player is a display name and a private key. The key lives in the
browser as an HttpOnly cookie (:data:`PLAYER_COOKIE`; a script may send it
in the :data:`PLAYER_HEADER` header instead) and in the database only as
its hash, as a seat's token does. Names are unique among players as the
eye sees them (:func:`parlour.server.payloads.name_key`: case, accents and
look-alike letters do not tell two names apart) and may not imitate a
computer's name or a game's name of a seat (:func:`check_player_name`).

A "use on another device" link carries a one-time code and the key in its
fragment (which no server or proxy log sees): the other browser hands both
back, and the code, spent at the first use or after
:data:`DEVICE_LINK_SECONDS`, is what makes the link work once. Revoking the
key makes a new one for the browser that asks: every other device and every
link given out stop working.
"""

from __future__ import annotations

import asyncio
import hmac
import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import timedelta
from typing import Any, NoReturn

from starlette.requests import HTTPConnection

from parlour.engine import game_class
from parlour.ratings import Rating, player_subject
from parlour.server.db import FINISHED, Database, PlayerRow, TableRow, aware, now
from parlour.server.errors import BAD_REQUEST, CONFLICT, FORBIDDEN, ApiError
from parlour.server.payloads import name_key, parse_seat_name
from parlour.server.seats import check_name
from parlour.server.tables import (
    LiveTable,
    Seat,
    TableHub,
    hash_token,
    new_token,
    seat_names,
    timestamp,
)

PLAYER_COOKIE = "parlour_player"
"""The cookie that holds a player's private key (HttpOnly, SameSite=Lax)."""

PLAYER_HEADER = "X-Parlour-Player"
"""The header in which a script may send a player's key instead of the cookie."""

SEEN_EVERY = 3600
"""Seconds between two writes of a player's ``seen`` (when he last made a
request, to the hour: what an operator reads to find players long gone),
so that requests seldom write."""

DEVICE_LINK_SECONDS = 15 * 60
"""How long a "use on another device" link works (once)."""

SEAT_NAMES = tuple(f"P{seat}" for seat in range(100))
"""The games' own names of seats, which no player may take (a log would
confuse them)."""

PLAYER_COOKIE_SECONDS = 400 * 24 * 3600
"""How long a browser keeps the player's cookie (400 days, the most
browsers allow; each new key, e.g. after revoking, sets it again)."""


@dataclass(frozen=True, slots=True)
class Player:
    """A player as the server knows him for one request."""

    id: int
    name: str
    muted: tuple[int, ...] = ()

    @classmethod
    def from_row(cls, row: PlayerRow) -> Player:
        """The player of a ``players`` row."""
        return cls(row.id, row.name, tuple(int(other) for other in row.muted or ()))

    def describe(self) -> dict[str, object]:
        """The public form ``{id, name}`` (never anything of the key)."""
        return {"id": self.id, "name": self.name}


def player_key(connection: HTTPConnection) -> str | None:
    """The player's key that a request or socket carries (the cookie, or
    :data:`PLAYER_HEADER`), ``None`` when none."""
    return connection.headers.get(PLAYER_HEADER) or connection.cookies.get(PLAYER_COOKIE) or None


def check_player_name(value: object, engines: Sequence[str] = ()) -> str:
    """A player's name from a request: a seat's name rules
    (:func:`parse_seat_name`: NFKC, 1 to 24 characters, no control
    characters), and 400 when it imitates a computer (an agent's name, or
    one of the server's ``engines``) or a game's seat."""
    name = parse_seat_name(value)
    check_name(name, (), SEAT_NAMES)
    keys = {name_key(name), name_key(re.sub(r"\s*\d+$", "", name))}
    if any(name_key(engine) in keys for engine in engines):
        raise ApiError(BAD_REQUEST, f"the name {name!r} is a computer player's: pick another")
    return name


def _refuse_taken(name: str, other: str) -> NoReturn:
    """409: ``name`` is the player ``other``'s, or looks like it."""
    if name.casefold() == other.casefold():
        raise ApiError(CONFLICT, f"the name {name!r} is another player's: pick another")
    raise ApiError(CONFLICT, (
        f"the name {name!r} looks like {other!r}, another player's name: pick another"))


class Players:
    """The players of one database: made, found by their key, renamed,
    their key revoked or carried to another device. Every method runs the
    blocking database work in a thread."""

    def __init__(self, database: Database, engines: Sequence[str] = ()) -> None:
        self.database = database
        self.engines = tuple(engines)
        """The names of the server's outside engines, which no player may take."""

    async def create(self, value: object) -> tuple[Player, str]:
        """A new player called ``value`` and his private key (given out once:
        only its hash is kept). 400 for a name no player may take, 409 for one
        another player has or that looks like his."""
        name = check_player_name(value, self.engines)
        key = new_token()
        row = await asyncio.to_thread(
            self.database.add_player, name, name_key(name), hash_token(key))
        if row is None:
            await self._conflict(name)
        return Player.from_row(row), key

    async def _conflict(self, name: str) -> NoReturn:
        other = await asyncio.to_thread(self.database.player_by_name_key, name_key(name))
        _refuse_taken(name, other.name if other is not None else name)

    async def current(self, connection: HTTPConnection) -> Player | None:
        """The player whose key the request carries; ``None`` without one.
        A key that is no player's (revoked, or a guess) is refused with 403."""
        key = player_key(connection)
        if key is None:
            return None
        row = await asyncio.to_thread(self.database.player_by_key, hash_token(key))
        if row is None:
            raise ApiError(FORBIDDEN, (
                "this browser's player key is no longer valid (it was revoked, or made on "
                "another server): make a new player or use a link from another device"))
        moment = now()
        if row.seen is None or aware(row.seen) <= moment - timedelta(seconds=SEEN_EVERY):
            await asyncio.to_thread(self.database.update_player, row.id, {"seen": moment})
        return Player.from_row(row)

    async def valid(self, connection: HTTPConnection) -> Player | None:
        """:meth:`current`, but ``None`` for a key that is no player's: what
        opens a seat (a stale cookie leaves the tables to watch) and what
        decides whether a browser may make a player or take another's."""
        try:
            return await self.current(connection)
        except ApiError:
            return None

    async def required(self, connection: HTTPConnection) -> Player:
        """:meth:`current`, with 403 when the request carries no player's key."""
        player = await self.current(connection)
        if player is None:
            raise ApiError(FORBIDDEN, "this needs a player: choose a name first")
        return player

    async def find(self, player_id: int) -> Player | None:
        """The player ``player_id``, or ``None``."""
        row = await asyncio.to_thread(self.database.player, player_id)
        return None if row is None else Player.from_row(row)

    async def rename(self, player: Player, value: object) -> Player:
        """``player`` under a new name (the same checks as :meth:`create`;
        his own name in another case or spelling is his to take)."""
        name = check_player_name(value, self.engines)
        changed = await asyncio.to_thread(
            self.database.update_player, player.id, {"name": name, "name_key": name_key(name)})
        if not changed:
            await self._conflict(name)
        return Player(player.id, name, player.muted)

    async def revoke(self, player: Player) -> str:
        """A new key for ``player`` (returned, for the asking browser's
        cookie); the old one, and any link waiting, stop working."""
        key = new_token()
        await asyncio.to_thread(self.database.update_player, player.id, {
            "key_hash": hash_token(key), "device_hash": None, "device_expires": None})
        return key

    async def device_link(self, player: Player, key: str) -> str:
        """The "use on another device" link of ``player``, whose key ``key``
        the asking request carried: ``/players/device#code=...&key=...``,
        good once within :data:`DEVICE_LINK_SECONDS` (a new link replaces
        the one before)."""
        code = new_token()
        await asyncio.to_thread(self.database.update_player, player.id, {
            "device_hash": hash_token(code),
            "device_expires": now() + timedelta(seconds=DEVICE_LINK_SECONDS)})
        return f"/players/device#code={code}&key={key}"

    async def redeem(self, code: str, key: str) -> Player:
        """The player whose device link holds ``code`` and ``key``
        (:func:`parlour.server.payloads.parse_device_request`): the code
        is spent; 403 when it was spent, expired, or the key is not his."""
        row = await asyncio.to_thread(
            self.database.redeem_device_code, hash_token(code), now())
        if row is None or not hmac.compare_digest(row.key_hash, hash_token(key)):
            raise ApiError(FORBIDDEN, (
                "this device link is spent or expired (a link works once, for "
                f"{DEVICE_LINK_SECONDS // 60} minutes): make a new one on your other device"))
        return Player.from_row(row)

    async def set_muted(self, player: Player, muted: tuple[int, ...]) -> Player:
        """``player`` muting exactly ``muted`` (players' ids)."""
        await asyncio.to_thread(self.database.update_player, player.id, {"muted": list(muted)})
        return Player(player.id, player.name, muted)



HISTORY_LIMIT = 100
"""Most tables a player's page lists (his newest)."""


def _stored_names(row: TableRow) -> list[str]:
    """The seats' names of a table row not in memory, as its views write
    them (:meth:`LiveTable.names`, with the games' ``P2`` for a person who
    has not named himself)."""
    return seat_names([Seat.from_stored(stored) for stored in row.seats],
                      [f"P{index}" for index in range(len(row.seats))])


def _seats(row: TableRow, live: LiveTable | None) -> list[dict[str, object]]:
    names = live.names() if live is not None else _stored_names(row)
    seats = live.seats if live is not None else [Seat.from_stored(seat) for seat in row.seats]
    return [{**seat.describe(index), "name": name}
            for index, (seat, name) in enumerate(zip(seats, names, strict=True))]


async def player_page(database: Database, hub: TableHub, player: Player) -> dict[str, Any]:
    """The public page of ``player`` (``GET /api/players/{id}``): his
    tables in progress (each seat's name and whose turn it is), his
    finished matches (his place, the scores, the replay) and his win rate
    per game (a finished match with a place counts; place 1 is a win),
    nothing of his key."""
    rows, rates, ratings = await asyncio.gather(
        asyncio.to_thread(database.player_tables, player.id, HISTORY_LIMIT),
        asyncio.to_thread(database.player_win_rates, player.id),
        asyncio.to_thread(database.subject_ratings, player_subject(player.id)))
    playing: list[dict[str, Any]] = []
    finished: list[dict[str, Any]] = []
    for row, seat, place in rows:
        live = hub.live_table(row.id)
        entry: dict[str, Any] = {
            "table": row.id, "game": row.game, "title": game_class(row.game).title,
            "seat": seat, "seats": _seats(row, live), "scores": row.scores,
        }
        if row.status == FINISHED:
            finished.append({**entry, "place": place, "finished": timestamp(row.finished),
                             "rating": _rating_change(row, seat),
                             "replay_url": f"/tables/{row.id}/replay"})
            continue
        to_move = None
        state = None if live is None else live.state
        if state is not None and not state.is_terminal() \
                and 0 <= state.current_player() < len(row.seats):
            to_move = state.current_player()
        playing.append({**entry, "status": row.status if live is None else live.status,
                        "to_move": to_move, "your_turn": to_move == seat,
                        "url": f"/tables/{row.id}"})
    return {
        **player.describe(), "playing": playing, "finished": finished,
        "win_rates": [{"game": game, "title": game_class(game).title, "played": played,
                       "won": won, "rate": round(won / played, 3)}
                      for game, played, won in rates],
        "ratings": [{"game": row.game, "title": game_class(row.game).title,
                     "rating": Rating(row.mu, row.sigma, row.matches).rating,
                     "matches": row.matches, "url": f"/ratings/{row.game}"}
                    for row in ratings],
    }


def _rating_change(row: TableRow, seat: int) -> dict[str, int] | None:
    """The player's rating before and after a finished rated match
    (``{before, after}``; ``None``: the match was not rated)."""
    changes = row.ratings
    if not changes or seat >= len(changes):
        return None
    change = changes[seat]
    return {"before": int(change["before"]["rating"]), "after": int(change["after"]["rating"])}
