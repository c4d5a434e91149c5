"""Chat at a table (docs/web.md, "Chat").

The people at a table's seats send short messages; its spectators may too
when the table's creator lets them (``TableRow.spectator_chat``), and then
only as players (a name the others can mute). A message is text only: read
by :func:`~parlour.server.payloads.parse_chat_text` (NFKC, trimmed, 1 to
:data:`~parlour.server.payloads.MAX_CHAT_LENGTH` characters, no control
characters), stored and sent as it was written, and shown by the pages as
text (never as HTML).

Every message is a ``chat_messages`` row, kept with the table: numbered 1,
2, ... at its table, with the sender's seat (``None``: a spectator), player
and name, and the table's move count when it was sent (where a replay shows
it). A table keeps at most :data:`MAX_TABLE_MESSAGES`; a sender (a player,
or a seat held by its link alone) sends at most :data:`CHAT_BURST` at once
and one every :data:`CHAT_INTERVAL` seconds (a :class:`TokenBucket` on the
app's clock). Each message goes to every socket of the table but those of
players who muted its sender (:meth:`parlour.server.players.Players.set_muted`),
and the chat a player reads leaves them out too.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from parlour.server.db import CHAT, ChatRow, now
from parlour.server.errors import (
    BAD_REQUEST,
    CONFLICT,
    FORBIDDEN,
    NOT_FOUND,
    TOO_MANY_REQUESTS,
    ApiError,
)
from parlour.server.players import Player, Players
from parlour.server.rooms import Connection
from parlour.server.security import TokenBucket
from parlour.server.tables import LiveTable, TableHub, timestamp

logger = logging.getLogger("parlour.server")

CHAT_BURST = 5
"""Messages one sender may send at once."""

CHAT_INTERVAL = 2.0
"""Seconds in which one more message is allowed, once the burst is spent."""

MAX_TABLE_MESSAGES = 2000
"""Most chat messages a table keeps: beyond, its chat is full (409)."""

MAX_SENDERS = 10_000
"""Senders whose allowance is kept before those with a full one (who have
not sent for :data:`CHAT_BURST` × :data:`CHAT_INTERVAL` seconds) are forgotten."""

MAX_MUTED = 500
"""Most players one player may mute."""


@dataclass(frozen=True, slots=True)
class Sender:
    """Who sends a message: a seat (``None``: a spectator), the player (if
    known) and the name shown."""

    seat: int | None
    player: int | None
    name: str


def chat_message(row: ChatRow) -> dict[str, Any]:
    """A stored message as the API and the sockets give it: ``{number, seat,
    player, name, text, move_number, sent}``."""
    return {"number": row.number, "seat": row.seat, "player": row.player_id, "name": row.name,
            "text": row.text, "move_number": row.move_number, "sent": timestamp(row.sent)}


def refusal_too_fast() -> str:
    """The sentence of a sender past his allowance."""
    return (f"you are sending chat messages too fast: at most {CHAT_BURST} at once, "
            f"then one every {CHAT_INTERVAL:g} seconds")


class ChatHub:
    """The chat of every table of ``tables``: who may send, the senders'
    allowances (on ``clock``, seconds), storing and delivering messages."""

    def __init__(self, tables: TableHub, players: Players, clock: Callable[[], float]) -> None:
        self.tables = tables
        self.players = players
        self.database = tables.database
        self.clock = clock
        self._allowances: dict[tuple[object, ...], TokenBucket] = {}
        self._locks: dict[int, asyncio.Lock] = {}
        self._deliveries: set[asyncio.Task[None]] = set()
        if tables.cluster is not None:
            # every process's sockets get a message as it is heard, the sender's too
            tables.cluster.bus.subscribe(self._heard, lambda: None, CHAT)

    def sender(self, table: LiveTable, seat: int | None, player: Player | None) -> Sender:
        """The sender of a message at ``table`` from ``seat`` (``None``: a
        spectator) by ``player`` (``None``: no player's key); 403 for a
        spectator unless the table lets spectators chat and he is a player."""
        if seat is not None:
            player_id = player.id if player is not None else table.seats[seat].player
            return Sender(seat, player_id, table.seat_name(seat))
        if not table.spectator_chat:
            raise ApiError(FORBIDDEN, (
                "only the people at this table's seats may chat: its creator has not "
                "opened the chat to spectators"))
        if player is None:
            raise ApiError(FORBIDDEN, "a spectator chats as a player: choose a name first")
        return Sender(None, player.id, player.name)

    async def sender_of(self, table: LiveTable, connection: Connection) -> Sender:
        """The sender of a message on the socket ``connection``."""
        player = None if connection.player is None else await self.players.find(connection.player)
        return self.sender(table, connection.seat, player)

    async def send(self, table: LiveTable, sender: Sender, text: str) -> dict[str, Any]:
        """Store ``sender``'s message ``text`` (read already) at ``table`` and
        send it to the table's sockets; returns it. 429 past the sender's
        allowance, 409 when the table's chat is full."""
        self._take_allowance(table, sender)
        row = ChatRow(table_id=table.id, seat=sender.seat, player_id=sender.player,
                      name=sender.name, text=text, move_number=len(table.state.history),
                      sent=now())
        async with self._lock(table.id):
            stored = await asyncio.to_thread(
                self.database.add_chat_message, row, MAX_TABLE_MESSAGES)
        if stored is None:
            raise ApiError(CONFLICT, (
                f"this table's chat is full: it keeps at most {MAX_TABLE_MESSAGES} messages"))
        message = chat_message(stored)
        if self.tables.cluster is None:
            await self._deliver(table, message)
        return message

    async def messages(self, table: LiveTable, player: Player | None,
                       after: int = 0) -> list[dict[str, Any]]:
        """The table's messages numbered above ``after``, in order, but those
        of the players whom ``player`` muted."""
        muted = () if player is None else player.muted
        rows = await asyncio.to_thread(self.database.chat_messages, table.id, muted, after)
        return [chat_message(row) for row in rows]

    async def mute(self, player: Player, other: int, muted: bool) -> Player:
        """``player`` muting the player ``other`` (or hearing him again, when
        not ``muted``); 400 for himself or past :data:`MAX_MUTED`, 404 for
        no player."""
        if other == player.id:
            raise ApiError(BAD_REQUEST, "you cannot mute yourself")
        if not muted:
            return await self.players.set_muted(
                player, tuple(each for each in player.muted if each != other))
        if other in player.muted:
            return player
        if await self.players.find(other) is None:
            raise ApiError(NOT_FOUND, f"there is no player {other}")
        if len(player.muted) >= MAX_MUTED:
            raise ApiError(BAD_REQUEST, (
                f"you mute {len(player.muted)} players already, the most one may: "
                "hear one again first"))
        return await self.players.set_muted(player, (*player.muted, other))

    async def muted(self, player: Player) -> list[dict[str, object]]:
        """The players whom ``player`` mutes, ``{id, name}`` each, in the
        order he muted them (one no longer there is left out)."""
        found = [await self.players.find(other) for other in player.muted]
        return [other.describe() for other in found if other is not None]

    def _take_allowance(self, table: LiveTable, sender: Sender) -> None:
        key: tuple[object, ...] = ("player", sender.player) if sender.player is not None \
            else ("seat", table.id, sender.seat)
        allowance = self._allowances.get(key)
        if allowance is None:
            if len(self._allowances) >= MAX_SENDERS:
                self._forget_idle_senders()
            allowance = self._allowances[key] = TokenBucket(
                CHAT_BURST, 1 / CHAT_INTERVAL, self.clock)
        if not allowance.take():
            raise ApiError(TOO_MANY_REQUESTS, refusal_too_fast())

    def _forget_idle_senders(self) -> None:
        """Forget the allowances that are full again (a new one is the same)."""
        moment = self.clock()
        refill = CHAT_BURST * CHAT_INTERVAL
        self._allowances = {key: allowance for key, allowance in self._allowances.items()
                            if moment - allowance.updated < refill}

    def _lock(self, table_id: int) -> asyncio.Lock:
        """The lock that numbers one table's messages in turn (a move's lock
        is not taken: a computer thinking holds it for seconds)."""
        lock = self._locks.get(table_id)
        if lock is None:
            if len(self._locks) >= MAX_SENDERS:
                self._locks = {key: kept for key, kept in self._locks.items() if kept.locked()}
            lock = self._locks[table_id] = asyncio.Lock()
        return lock

    def _heard(self, table_id: int, number: int) -> None:
        """A process stored message ``number`` of table ``table_id``: the
        sockets here that follow the table get it (in the order heard)."""
        table = self.tables.live_table(table_id)
        if table is None or not table.connections:
            return

        async def deliver() -> None:
            try:
                async with self._lock(table_id):
                    rows = await asyncio.to_thread(
                        self.database.chat_messages, table_id, (), number - 1)
                    for row in rows:
                        if row.number == number:
                            await self._deliver(table, chat_message(row))
            except Exception:
                logger.exception("chat message %s of table %s was not delivered",
                                 number, table_id)

        task = asyncio.create_task(deliver(), name=f"parlour table {table_id} chat")
        self._deliveries.add(task)
        task.add_done_callback(self._deliveries.discard)

    async def _deliver(self, table: LiveTable, message: dict[str, Any]) -> None:
        """Send ``message`` to every socket of ``table`` but those of the
        players who muted its sender."""
        connections = list(table.connections)
        viewers = sorted({each.player for each in connections if each.player is not None})
        muting: set[int] = set()
        if message["player"] is not None and viewers:
            muting = await asyncio.to_thread(
                self.database.players_muting, message["player"], viewers)
        for connection in connections:
            if connection.player is None or connection.player not in muting:
                connection.send({"type": "chat", "message": message})


def replay_chat(messages: list[dict[str, Any]], move_number: int,
                total: int) -> list[dict[str, Any]]:
    """The ``messages`` a replay shows at ``move_number`` of ``total`` moves:
    those sent while the table was there (at the last, also those sent
    after a patience's move taken back had left it more moves)."""
    return [message for message in messages
            if min(message["move_number"], total) == move_number]
