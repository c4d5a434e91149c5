"""Live rooms: what a table (:mod:`parlour.server.tables`) and a party
(:mod:`parlour.server.events`) have in common while they are played.

A room is rebuilt from the database at start-up or when it is asked for,
changed under its own asyncio lock (a step is tried on a clone, committed,
and only then taken in), sent to each of its connections as that viewer's
own view, and played by its computers from one asyncio task after the
room's delay, each search passing the :class:`ComputerGate`.
:class:`RoomHub` does all of that once; :class:`~parlour.server.tables.TableHub`
and :class:`~parlour.server.events.EventHub` keep only what is their own (a
table's seats, tokens and archive; a party's places, rounds, signal, timer
and standings).
"""

from __future__ import annotations

import asyncio
import logging
from abc import ABC, abstractmethod
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, Protocol, TypeVar, cast

from sqlalchemy.orm import Mapped

from parlour.agents import Hint
from parlour.engine import State
from parlour.errors import OptionError, ParlourError
from parlour.i18n import DEFAULT as DEFAULT_LANGUAGE
from parlour.server.cluster import Cluster, Rooms
from parlour.server.db import FINISHED, Database
from parlour.server.engines import Engines
from parlour.server.errors import (
    BAD_OPTIONS,
    BAD_REQUEST,
    NOT_FOUND,
    TOO_MANY_REQUESTS,
    ApiError,
)
from parlour.server.flow import ComputerGate, Outbox
from parlour.server.language import localized_view
from parlour.server.payloads import MoveRequest
from parlour.server.security import Limits, counted

logger = logging.getLogger("parlour.server")

View = dict[str, Any]

Sleep = Callable[[float], Awaitable[None]]
"""How a computer waits before moving (:func:`asyncio.sleep`; tests record it)."""


def engine_error(error: ParlourError) -> ApiError:
    """The engine's sentence with its status: 422 for options, games and
    agents (:class:`OptionError`), 400 for everything else."""
    return ApiError(BAD_OPTIONS if isinstance(error, OptionError) else BAD_REQUEST, str(error))


def played(state: State, seat: int, actions: Sequence[int]) -> State:
    """A clone of ``state`` with ``actions`` applied, all of them ``seat``'s
    in turn; 400 (the engine's sentence, or a line that runs on past the
    seat's turn) otherwise. ``state`` itself is never changed."""
    state = state.clone()
    try:
        for action in actions:
            if state.is_terminal() or state.current_player() != seat:
                raise ApiError(BAD_REQUEST, (
                    "this line runs on past your turn: send one turn's actions at a time"
                ))
            state.apply(action)
    except ParlourError as error:
        raise engine_error(error) from None
    return state


def move_actions(state: State, move: MoveRequest) -> list[int]:
    """The actions of a move at ``state``: its action id, or those its line
    of text names, read on a clone by the engine (:meth:`State.parse_actions`:
    one action in most games; a rummy lay-down ``meld 5Cr 6Cr P=7Cr`` is
    several, all of the mover's)."""
    if move.text is None:
        assert move.action is not None, "a move is an action or a line"
        return [move.action]
    try:
        return state.parse_actions(move.text)
    except ParlourError as error:
        raise engine_error(error) from None


def check_room(mine: int, held: int, per_address: int, most: int,
               singular: str, plural: str) -> None:
    """429 when one address already has ``mine`` unfinished rooms (at most
    ``per_address``) or the server ``held`` (at most ``most``); the rooms
    are named ``singular`` or ``plural`` (``unfinished table``)."""
    if mine >= per_address:
        raise ApiError(TOO_MANY_REQUESTS, (
            f"you already have {counted(mine, singular, plural)} here, the most one address "
            f"may have ({per_address}): finish one before opening another"))
    if held >= most:
        raise ApiError(TOO_MANY_REQUESTS, (
            f"this server already has {counted(held, singular, plural)}, its limit ({most}): "
            "try again when some are finished"))


@dataclass(eq=False)
class Connection:
    """One open WebSocket: its viewer (a seat or player; ``None`` for a
    spectator), the language it reads, the token it showed, the client (the
    window) it says it is, and its outbox."""

    seat: int | None
    lang: str = DEFAULT_LANGUAGE
    outbox: Outbox = field(default_factory=Outbox)
    token: str | None = field(default=None, repr=False)
    """The token the socket was opened with, kept in memory only: what is
    made for its holder alone comes from it (a table's rematch link)."""
    client: str | None = None
    """The id that the page's window made for itself (``None``: not given)."""
    player: int | None = None
    """The id of the player whose key the socket carried (``None``: none),
    whose mutes the chat it is sent follows."""

    def send(self, message: dict[str, Any]) -> None:
        """Queue ``message``; the socket's sender task delivers it in order."""
        self.outbox.put(message)


@dataclass(eq=False, kw_only=True)
class LiveRoom(ABC):
    """One room in memory: its id, delay, owner, lock, open connections,
    computer task and shared hint searches."""

    id: int
    delay: float | None
    """Seconds before a computer moves; ``None``: the server's default."""
    seed_chosen: bool = False
    """Whether the creator chose the seed, and so can know every deal."""
    owner: str | None = None
    """The client address that opened the room (``None`` after a restart)."""
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    connections: set[Connection] = field(default_factory=set)
    computers: asyncio.Task[None] | None = None
    revision: int = 0
    """The database's revision of the room that this copy holds (several
    processes: docs/cluster.md)."""
    hint_searches: dict[int, tuple[tuple[int, ...], asyncio.Task[Hint]]] = field(
        default_factory=dict)
    """Per table of the room, the hint search of the latest position asked
    for, shared by every request for it (a search takes seconds of a
    worker thread)."""

    @property
    @abstractmethod
    def status(self) -> str:
        """The room's status as the database keeps it (``finished`` at the end)."""

    @property
    @abstractmethod
    def has_person(self) -> bool:
        """Whether a person plays here (a room without one is played by
        computers only, at a bounded pace)."""

    @property
    @abstractmethod
    def computers_due(self) -> bool:
        """Whether a computer is to move (and may)."""


Room = TypeVar("Room", bound=LiveRoom)


class _Row(Protocol):
    id: Mapped[int]
    revision: Mapped[int]


class StoredRoom(Protocol):
    """What the database gives back for a room: its row and what was played."""

    @property
    def row(self) -> _Row:
        """The room's row."""


Stored = TypeVar("Stored", bound=StoredRoom)


class RoomHub(ABC, Generic[Room, Stored]):
    """Every live room of one kind, and the database behind them.

    ``limits`` bounds the rooms that may be opened and the pace of those
    of computers only; ``gate`` orders every computer's search (one shared
    by tables and parties); ``sleep`` is how a computer waits before moving;
    ``engines`` are the outside players the operator offers besides the
    agents (:class:`~parlour.server.engines.Engines`).
    """

    noun: ClassVar[str]
    """The room in the log (``table``, ``event``)."""
    name: ClassVar[str]
    """The room in a refusal (``table``, ``party``)."""
    computers_stopped: ClassVar[str]
    """The log line of a computer task that failed (``%s``: the room's id)."""

    def __init__(
        self, database: Database, computer_delay: float, limits: Limits | None = None,
        gate: ComputerGate | None = None, sleep: Sleep = asyncio.sleep,
        engines: Engines | None = None, cluster: Cluster | None = None,
    ) -> None:
        self.database = database
        self.cluster = cluster
        """The processes this one shares its rooms with (``None``: it serves
        every room alone; docs/cluster.md)."""
        self.shared: Rooms | None = None if cluster is None else cluster.rooms[self.noun]
        self._sweeper: asyncio.Task[None] | None = None
        self._refreshes: set[asyncio.Task[None]] = set()
        self.engines = engines or Engines()
        self.computer_delay = computer_delay
        self.limits = limits or Limits()
        self.gate = gate or ComputerGate()
        self.sleep = sleep
        self._rooms: dict[int, Room] = {}
        self._opening: list[Room] = []
        """Rooms being stored (counted for the limits before they have an id)."""

    # --- what each kind of room says -------------------------------------------
    @abstractmethod
    def _unfinished(self) -> list[Stored]:
        """Every unfinished room stored (blocking)."""

    @abstractmethod
    def _stored(self, room_id: int) -> Stored | None:
        """The room ``room_id`` as stored (blocking)."""

    @abstractmethod
    def _restore(self, stored: Stored) -> Room:
        """The live room rebuilt from what is stored."""

    async def _resumes(self, room: Room) -> bool:
        """Whether a restored unfinished room is kept in memory at start-up."""
        return True

    def _set_going(self, room: Room) -> None:
        """Start what plays the room on its own (its computers)."""
        self._wake(room)

    def _tasks(self) -> list[asyncio.Task[None]]:
        """Every task the hub runs (stopped by :meth:`stop`)."""
        computers = [room.computers for room in self._rooms.values()
                     if room.computers is not None]
        sweeper = [] if self._sweeper is None else [self._sweeper]
        return [*computers, *sweeper, *self._refreshes]

    @abstractmethod
    def describe(self, room: Room) -> dict[str, Any]:
        """The part of a view that every viewer shares."""

    @abstractmethod
    def view(self, room: Room, viewer: int | None,
             described: dict[str, Any] | None = None) -> View:
        """What ``viewer`` sees (``described``: :meth:`describe`, if made already)."""

    @abstractmethod
    async def _computers_play(self, room: Room) -> bool:
        """The computers' moves once their delay is over; ``False`` stops them."""

    # --- lifetime ------------------------------------------------------------
    async def start(self) -> None:
        """Replay every unfinished room and set it going (in a cluster,
        those that no other process owns, and listen to the others)."""
        if self.cluster is not None and self.shared is not None:
            self.shared.ownership.on_lost(self._lost)
            self.cluster.bus.subscribe(self._heard, self._heard_nothing, self.noun)
            self._sweeper = asyncio.create_task(self._sweep_periodically(),
                                                name=f"parlour {self.noun} sweep")
        for stored in await asyncio.to_thread(self._unfinished):
            if not await self._own(cast(int, stored.row.id)):
                continue
            try:
                room = self._restore(stored)
            except ParlourError as error:
                logger.error("%s %s cannot be restored: %s", self.noun, stored.row.id, error)
                continue
            if await self._resumes(room):
                self._rooms[room.id] = room
                self._set_going(room)
        logger.info("%d unfinished %ss resumed", len(self._rooms), self.noun)

    async def stop(self) -> None:
        """Stop every task of the hub (its rooms resume at the next start)."""
        tasks = self._tasks()
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        self._rooms.clear()

    async def find(self, room_id: int) -> Room:
        """The room ``room_id`` (404 if there is none); one that is not in
        memory is read from the database, and kept there (set going) unless
        it is finished."""
        room = self._rooms.get(room_id)
        if room is not None:
            return room
        stored = await asyncio.to_thread(self._stored, room_id)
        if stored is None:
            raise ApiError(NOT_FOUND, f"there is no {self.name} {room_id}")
        try:
            restored = self._restore(stored)
        except ParlourError as error:
            raise ApiError(NOT_FOUND, f"{self.name} {room_id} cannot be restored: {error}") \
                from None
        if restored.status == FINISHED:
            return restored
        room = self._rooms.setdefault(room_id, restored)
        if await self._own(room_id):
            self._set_going(room)
        return room

    async def _open(self, opening: Room, add: Callable[[], int]) -> Room:
        """Store a new room with ``add`` (which returns its id), counting it
        for the limits meanwhile; returns the room in memory."""
        self._opening.append(opening)
        try:
            room_id = await asyncio.to_thread(add)
        finally:
            self._opening.remove(opening)
        opening.id = room_id
        # setdefault: a request for the new id may have loaded it meanwhile
        room = self._rooms.setdefault(room_id, opening)
        room.owner = opening.owner
        await self._own(room_id)
        return room

    def delay_of(self, room: Room) -> float:
        """Seconds a computer of ``room`` waits before moving: a room of
        computers only waits at least ``Limits.computer_pace``."""
        delay = self.computer_delay if room.delay is None else room.delay
        return delay if room.has_person else max(delay, self.limits.computer_pace)

    def _wait_of(self, room: Room) -> float:
        """Seconds a computer of ``room`` waits before its next move: its
        delay (:meth:`delay_of`), unless the kind of room says more."""
        return self.delay_of(room)

    @staticmethod
    async def _hint(room: Room, table: int, position: tuple[int, ...],
                    search: Callable[[], Hint]) -> Hint:
        """The answer of the hint ``search`` (blocking, run in a thread on a
        state no move changes) at ``table`` for ``position``: it runs once a
        position, and repeated or simultaneous requests share its answer (a
        flood of hints costs one)."""
        running = room.hint_searches.get(table)
        if running is None or running[0] != position:
            running = (position, asyncio.create_task(asyncio.to_thread(search)))
            room.hint_searches[table] = running
        # shielded: a client that leaves does not stop the search others wait for
        return await asyncio.shield(running[1])

    # --- several processes (docs/cluster.md) --------------------------------------
    def _runs(self, room: Room) -> bool:
        """Whether this process runs ``room``'s computers and timers: it
        does every room alone, or owns it in a cluster."""
        return self.shared is None or room.id in self.shared.ownership.owned()

    async def _own(self, room_id: int) -> bool:
        """Whether this process runs the room ``room_id``: always alone; in
        a cluster, if it owns the room now (it takes it if nobody does)."""
        return self.shared is None or await self.shared.ownership.try_own(room_id)

    @asynccontextmanager
    async def _locked(self, room: Room) -> AsyncIterator[None]:
        """Hold ``room`` for a change: its lock in this process and, in a
        cluster, its lock in the database too, the copy in memory first
        brought up to the database's (another process may have changed it)."""
        async with room.lock:
            if self.shared is None:
                yield
                return
            async with self.shared.locks.hold(room.id) as held:
                if held.revision is not None and held.revision != room.revision:
                    await self._catch_up(room)
                yield
            if held.after is not None:
                room.revision = held.after

    async def current(self, room: Room) -> Room:
        """``room``, brought up to the database's first in a cluster when it
        is behind: a request answered here sees every change made anywhere
        before it."""
        if self.shared is not None:
            revision = await asyncio.to_thread(self._revision, room.id)
            if revision is not None and revision != room.revision:
                async with room.lock:
                    await self._catch_up(room)
        return room

    async def _catch_up(self, room: Room) -> None:
        """Bring ``room`` (held) to the database's latest (:meth:`_adopt`)."""
        stored = await asyncio.to_thread(self._snapshot, room)
        if stored is None or stored.row.revision == room.revision:
            return
        self._adopt(room, stored)

    def _snapshot(self, room: Room) -> Stored | None:
        """The room as stored, row and steps of one committed state
        (blocking; called under ``room``'s lock)."""
        raise NotImplementedError

    def _revision(self, room_id: int) -> int | None:
        """The room's revision in the database (blocking)."""
        raise NotImplementedError

    def _live_ids(self) -> list[int]:
        """The ids of every room not over (blocking)."""
        raise NotImplementedError

    def _adopt(self, room: Room, stored: Stored) -> None:
        """Take into ``room`` what another process stored of it, and tell
        its sockets."""
        raise NotImplementedError

    def _heard(self, room_id: int, revision: int) -> None:
        """A process (another, or this one) changed room ``room_id``: a copy
        here that is behind catches up, in a task of its own."""
        room = self._rooms.get(room_id)
        if room is not None and revision > room.revision:
            self._refresh(room, revision)

    def _heard_nothing(self) -> None:
        """Changes may have gone unheard: every room here catches up."""
        for room in list(self._rooms.values()):
            self._refresh(room)

    def _refresh(self, room: Room, revision: int | None = None) -> None:
        """Catch ``room`` up in a task, unless by then its copy is at
        ``revision`` (this process's own change, heard back) or beyond."""
        async def refresh() -> None:
            try:
                async with room.lock:
                    if revision is None or revision > room.revision:
                        await self._catch_up(room)
            except Exception:
                logger.exception("%s %s could not catch up with the database",
                                 self.noun, room.id)

        task = asyncio.create_task(refresh(), name=f"parlour {self.noun} {room.id} refresh")
        self._refreshes.add(task)
        task.add_done_callback(self._refreshes.discard)

    def _lost(self, room_ids: frozenset[int]) -> None:
        """The database took back the rooms this process owned (its
        connection dropped): stop what runs them (another process takes
        them over)."""
        for room_id in room_ids:
            room = self._rooms.get(room_id)
            if room is not None:
                self._stop_running(room)

    def _stop_running(self, room: Room) -> None:
        """Stop the room's computers (and, per kind, its timers)."""
        if room.computers is not None:
            room.computers.cancel()
            room.computers = None

    async def _sweep_periodically(self) -> None:
        assert self.cluster is not None, "a cluster sweeps"
        while True:
            await asyncio.sleep(self.cluster.sweep_every)
            try:
                await self.sweep()
            except Exception:
                logger.exception("the sweep for %ss without an owner failed", self.noun)

    async def sweep(self) -> list[int]:
        """Take over every room not over that no process owns (its owner
        died), each caught up with the database and set going; let go of
        the owned rooms that are over. Returns the ids taken over."""
        cluster, shared = self.cluster, self.shared
        assert cluster is not None and shared is not None, "a cluster sweeps"
        await shared.ownership.check()
        live = set(await asyncio.to_thread(self._live_ids))
        owned_by = await asyncio.to_thread(shared.owners, self.database)
        taken = []
        for room_id in sorted(live - owned_by.keys()):
            if not await shared.ownership.try_own(room_id):
                continue
            room = self._rooms.get(room_id)
            if room is None:
                stored = await asyncio.to_thread(self._stored, room_id)
                if stored is None:
                    continue
                try:
                    room = self._rooms.setdefault(room_id, self._restore(stored))
                except ParlourError as error:
                    logger.error("%s %s cannot be restored: %s", self.noun, room_id, error)
                    continue
            else:
                async with room.lock:
                    await self._catch_up(room)
            self._set_going(room)
            taken.append(room_id)
            logger.info("%s %s taken over by %s", self.noun, room_id, cluster.process)
        for room_id in shared.ownership.owned() - live:
            await shared.ownership.release(room_id)
        return taken

    # --- connections -----------------------------------------------------------
    def connect(self, room: Room, viewer: int | None, lang: str = DEFAULT_LANGUAGE,
                token: str | None = None, client: str | None = None) -> Connection:
        """Register a socket for ``viewer``, opened with ``token`` from the
        window ``client``, who reads ``lang``, and queue its first view."""
        connection = Connection(viewer, lang, token=token, client=client)
        room.connections.add(connection)
        connection.send(self._own_view(room, connection, {
            "type": "view", **localized_view(self.view(room, viewer), lang)}))
        return connection

    def _own_view(self, room: Room, connection: Connection, view: View) -> View:
        """``view`` as ``connection`` gets it: a kind of room adds what only
        the holder of the socket's token may see (a table's rematch link)
        and what differs between the windows of one viewer."""
        return view

    def disconnect(self, room: Room, connection: Connection) -> None:
        """Forget a closed socket."""
        room.connections.discard(connection)

    def _broadcast(self, room: Room, pages_only: bool = False) -> None:
        """Send every connection (every page's, one that gave its window's
        id, if ``pages_only``) its own fresh view (the shared part made
        once, and one view per viewer and language)."""
        if not room.connections:
            return
        described = self.describe(room)
        views: dict[tuple[int | None, str], View] = {}
        for connection in room.connections:
            if pages_only and connection.client is None:
                continue
            key = (connection.seat, connection.lang)
            if key not in views:
                views[key] = {"type": "view", **localized_view(
                    self.view(room, connection.seat, described), connection.lang)}
            connection.send(self._own_view(room, connection, views[key]))

    # --- computers -----------------------------------------------------------------
    def _wake(self, room: Room) -> None:
        """Start the room's computer task if a computer is to move (and
        this process runs the room)."""
        if (room.computers is not None and not room.computers.done()) \
                or not self._runs(room):
            return
        if room.computers_due:
            room.computers = asyncio.create_task(
                self._run_computers(room), name=f"parlour {self.noun} {room.id} computers")

    async def _run_computers(self, room: Room) -> None:
        """Play the computers, each time after the room's delay, until
        people are to move or the room is over."""
        try:
            while room.computers_due:
                await self.sleep(self._wait_of(room))
                if not await self._computers_play(room):
                    return
        except Exception:
            logger.exception(self.computers_stopped, room.id)
