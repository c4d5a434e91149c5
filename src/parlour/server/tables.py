"""Live tables: the state of every match being played, its seats, its
connections and its computer players.

:class:`TableHub` is the one place that changes a table. A move is checked
(seat token, turn, move number), applied to a clone by the engine, committed
to the database, and only then made the table's state and sent to every
connection, each as its own view: a seat's connection gets
``observation(seat)``, a spectator's ``public_observation()``. One asyncio
lock per table serializes moves; computer seats play from an asyncio task
per table, after the table's delay, choosing from their seat's observation
and the legal actions only. All of that plumbing, shared with the parties,
is :class:`~parlour.server.rooms.RoomHub`'s; a table adds its seats,
tokens, hints, archive and rematch (:mod:`parlour.server.rematch`).

The server's work is bounded (:class:`~parlour.server.security.Limits`):
the tables one client address and everyone together may have, a least
delay for tables of computers only, and one :class:`ComputerGate` through
which every computer's search passes, those of tables with a person first.
A table nobody has moved at or watched from a seat for
``Limits.archive_after`` seconds is *archived*: marked so in the database
and dropped from memory, it is read again when asked for and revived by a
seat holder's move.

Each connection's :class:`Outbox` holds at most one view (the newest) and a
few error replies, so a client that stops reading costs a bounded amount of
memory; the app closes its socket when a message cannot be sent in time.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import logging
import random
import secrets
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime, timedelta
from functools import partial
from typing import Any

from parlour.agents import choose_action, hint
from parlour.engine import Game, State, game_class, make
from parlour.engine.match import CARD_FIELDS, CARDS_FIELDS, SEAT_FIELDS
from parlour.errors import ParlourError
from parlour.games.patience.base import PatienceState
from parlour.i18n import DEFAULT as DEFAULT_LANGUAGE
from parlour.i18n import _, translate
from parlour.server.clocks import TIMEOUT_AGENT, ClockState, SystemClock, Timeout, WallClock
from parlour.server.db import (
    ARCHIVED,
    FINISHED,
    OPEN,
    PLAYING,
    StoredTable,
    TableRow,
    aware,
    now,
    store_then_adopt,
)
from parlour.server.errors import (
    BAD_REQUEST,
    CONFLICT,
    FORBIDDEN,
    NOT_FOUND,
    TOO_MANY_REQUESTS,
    ApiError,
)
from parlour.server.payloads import (
    COMPUTER,
    DEFAULT_LEVEL,
    HUMAN,
    ON_TIMEOUT_FORFEIT,
    ClockRequest,
    MoveRequest,
    TableRequest,
)
from parlour.server.payloads import OPEN as OPEN_SEAT
from parlour.server.ratings import MatchEnd, is_rated
from parlour.server.rematch import Answer, Rematch, new_seat, rematch_token
from parlour.server.rooms import (
    Connection,
    LiveRoom,
    RoomHub,
    View,
    check_room,
    engine_error,
    move_actions,
    played,
)
from parlour.server.seats import check_name, computer_names, named_observation
from parlour.server.security import counted
from parlour.server.statistics import (
    Line,
    one_player_games,
    patience_result,
    statistics,
    table_statistics,
)

logger = logging.getLogger("parlour.server")

LIST_LIMIT = 200
"""Most tables that one ``GET /api/tables`` lists (the newest)."""

COMPUTER_TABLE, COMPUTER_TABLES = "table of computers only", "tables of computers only"
"""How the refusals name a table without a person."""

ARCHIVE_CHECK = 3600.0
"""Seconds between two looks for abandoned tables (at most; as little as
1 s when ``Limits.archive_after`` is shorter)."""


TRICK_PAUSE = 1.5
"""Seconds a finished trick stays on the felt at a table with a person,
unless the table says otherwise: a computer to lead waits that long, and
the page keeps the trick in view as long."""

HAND_WAIT = 60.0
"""Seconds the next hand waits at most for the people at a table to continue
after a hand's result, unless the table says otherwise."""


@dataclass(frozen=True, slots=True)
class Pauses:
    """How long people are given to see what happened: ``trick``, the
    seconds a finished trick stays (0: none), and ``hand``, the most seconds
    the next hand waits for every person to continue (0: it does not wait)."""

    trick: float = TRICK_PAUSE
    hand: float = HAND_WAIT


NO_PAUSES = Pauses(0.0, 0.0)
"""No pause at all: the tables of scripts and tests that play on at once."""


@dataclass(slots=True)
class HandEnd:
    """A finished hand whose result the people at the table are seeing: the
    next hand waits until every seat of ``waiting`` has continued, or until
    ``deadline``."""

    hand: int
    """The hand's number (from 1): its change is ``hand_results()[hand - 1]``."""
    waiting: set[int]
    """The people's seats that have not continued yet."""
    deadline: datetime
    lines: tuple[int, int]
    """The log lines (numbered in the match, as ``log_start`` numbers them)
    that the hand's last move added: how it ended."""
    shown: list[dict[str, Any]]
    """The cards the hand's last move showed with their seats (``[{seat,
    card}]``, a showdown's), from the public events it added."""

    def describe(self) -> dict[str, Any]:
        """The ``hand_end`` of a view."""
        return {"hand": self.hand, "waiting": sorted(self.waiting),
                "deadline": timestamp(self.deadline), "lines": list(self.lines),
                "shown": self.shown}

    def stored(self) -> dict[str, Any]:
        """The form kept in the database (``tables.pauses["waiting"]``)."""
        return {**self.describe(), "deadline": aware(self.deadline).isoformat()}

    @classmethod
    def from_stored(cls, stored: dict[str, Any]) -> HandEnd:
        """The wait that :meth:`stored` wrote."""
        first, end = stored["lines"]
        return cls(hand=int(stored["hand"]), waiting={int(seat) for seat in stored["waiting"]},
                   deadline=aware(datetime.fromisoformat(stored["deadline"])),
                   lines=(int(first), int(end)), shown=list(stored["shown"]))


def log_end(state: State) -> int:
    """The number (in the match) of the line after the last of the public log."""
    observation = state.public_observation()
    return int(observation.get("log_start", 0)) + len(observation["log"])


def shown_cards(state: State, events_before: int) -> list[dict[str, Any]]:
    """The cards that the public events of ``state`` after the first
    ``events_before`` show with their seats, later ones first replaced: an
    event with a seat and a card (a King shown), or one with ``seats`` and
    ``cards`` side by side (a showdown). Read by the engine's field names
    (:data:`SEAT_FIELDS`, :data:`CARD_FIELDS`, :data:`CARDS_FIELDS`), never
    by the event's game."""
    codes = [card.code for card in state.game.deck.cards]
    by_seat: dict[int, str] = {}
    for event in list(state.match_events())[events_before:]:
        values = event.values()
        seats = [value for name, value in values.items() if name in SEAT_FIELDS]
        cards = [value for name, value in values.items() if name in CARD_FIELDS]
        if len(seats) == 1 and len(cards) == 1:
            by_seat[seats[0]] = codes[cards[0]]
        holders = values.get("seats")
        held = next((value for name, value in values.items() if name in CARDS_FIELDS), None)
        if isinstance(holders, tuple) and isinstance(held, tuple) and len(holders) == len(held):
            by_seat.update((seat, codes[card]) for seat, card in zip(holders, held, strict=True))
    return [{"seat": seat, "card": card} for seat, card in sorted(by_seat.items())]


def finished_a_trick(before: State, after: State) -> bool:
    """Whether the move from ``before`` to ``after`` finished a trick: the
    public ``last_trick`` zone changed and holds cards."""
    last = after.public_observation()["zones"].get("last_trick")
    return bool(last and last.get("cards")) \
        and last != before.public_observation()["zones"].get("last_trick")


def new_token() -> str:
    """A fresh private seat token (192 random bits, URL-safe)."""
    return secrets.token_urlsafe(24)


def hash_token(token: str) -> str:
    """The stored form of a token: its SHA-256, in hex."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def seat_url(table_id: int, token: str | None = None) -> str:
    """A table's page; a seat's carries its token in the fragment, which
    the browser keeps to itself (the page moves it into its storage)."""
    return f"/tables/{table_id}" if token is None else f"/tables/{table_id}#token={token}"


def agent_seed(table_seed: int, seat: int, move_number: int) -> int:
    """The seed of a computer seat's agent for one move: fixed by the table's
    seed, the seat and the move number, so that a restarted server plays on
    exactly as it would have."""
    return random.Random(f"parlour-server:{table_seed}:{seat}:{move_number}").randrange(2**63)


def timestamp(moment: datetime | None) -> str | None:
    """ISO 8601 in UTC (databases without time zones give naive UTC times back)."""
    if moment is None:
        return None
    return aware(moment).astimezone(UTC).isoformat(timespec="seconds")


@dataclass(frozen=True, slots=True)
class Seat:
    """Who sits at a seat; a human seat keeps only its token's hash."""

    kind: str
    agent: str | None = None
    token_hash: str | None = None
    name: str | None = None
    """The display name a person chose (``None``: not chosen yet, or a computer)."""
    player: int | None = None
    """The id of the player (:mod:`parlour.server.players`) who sits here
    (``None``: a computer, or a person known by the seat's link alone)."""

    def describe(self, index: int) -> dict[str, Any]:
        """The public description ``{seat, kind, agent?, name?, player?}``."""
        description: dict[str, Any] = {"seat": index, "kind": self.kind}
        if self.agent is not None:
            description["agent"] = self.agent
        if self.name is not None:
            description["name"] = self.name
        if self.player is not None:
            description["player"] = self.player
        return description

    def stored(self) -> dict[str, Any]:
        """The form kept in the database."""
        stored: dict[str, Any] = {
            "kind": self.kind, "agent": self.agent, "token_hash": self.token_hash}
        if self.name is not None:
            stored["name"] = self.name
        if self.player is not None:
            stored["player"] = self.player
        return stored

    @classmethod
    def from_stored(cls, stored: dict[str, Any]) -> Seat:
        """The seat kept in the database as ``stored``."""
        return cls(stored["kind"], stored.get("agent"), stored.get("token_hash"),
                   stored.get("name"), stored.get("player"))


def seat_names(seats: Sequence[Seat], seat_tokens: Sequence[str]) -> list[str]:
    """Each seat's name as the views write it (:mod:`parlour.server.seats`):
    a computer's after its level, a person's the one he chose, else the
    game's name of the seat in ``seat_tokens`` (``P2``)."""
    computers = computer_names([seat.agent if seat.kind == COMPUTER else None for seat in seats])
    return [computer or seat.name or token
            for seat, computer, token in zip(seats, computers, seat_tokens, strict=True)]


@dataclass(eq=False, kw_only=True)
class LiveTable(LiveRoom):
    """One table in memory: its state (rebuilt from seed and moves) and seats,
    besides what every :class:`LiveRoom` has."""

    state: State
    seats: list[Seat]
    rematch: Rematch
    """The answers to the rematch offered once the match is over."""
    last_move: datetime = field(default_factory=now)
    """When the latest move was made (or the table opened)."""
    archived: bool = False
    """Whether the table is archived (abandoned; revived by a seat's move)."""
    undone: list[int] = field(default_factory=list)
    """A patience's actions taken back, the latest last: what redo plays
    again. Kept in memory only (a restart or an archive forgets them, as a
    new move does); the record holds no move taken back."""
    pauses: Pauses = field(default_factory=Pauses)
    hand_end: HandEnd | None = None
    """The finished hand whose result the next hand waits for the people to see."""
    trick_done: bool = False
    """Whether the latest move finished a trick (a computer then waits the trick pause)."""
    wait_timer: asyncio.Task[None] | None = None
    """The task that ends :attr:`hand_end` at its deadline."""

    def stored_pauses(self) -> dict[str, Any]:
        """``tables.pauses``: the pauses and the wait in progress."""
        waiting = None if self.hand_end is None else self.hand_end.stored()
        return {"trick": self.pauses.trick, "hand": self.pauses.hand, "waiting": waiting}
    creator_hash: str | None = None
    """The hash of the creator's token (``None``: a table made before
    tables had a creator's link, whose seats nobody manages)."""
    hints: bool = True
    """Whether the seats may ask for a hint."""
    spectator_chat: bool = False
    """Whether spectators who are players may chat (:mod:`parlour.server.chat`)."""
    holders: dict[int, str] = field(default_factory=dict)
    """Per seat, the client (a browser's window, by the id its page makes)
    that acts for it: the first to open it, or the last to take it over.
    Kept in memory only: after a restart the first window back holds it."""
    seat_tokens: list[str] = field(default_factory=list)
    """The games' own name of each seat (``P0``), which the views replace
    by the seats' names."""
    clock: ClockRequest | None = None
    """The table's clock (``None``: none; docs/web.md, "Clocks")."""
    clock_state: ClockState | None = None
    """The clock as it runs (``None`` without a clock)."""
    clock_timer: asyncio.Task[None] | None = None
    """The task that acts at :attr:`clock_state`'s deadline."""
    forfeited: int | None = None
    """The seat that forfeited the match on time (the match is then over)."""
    rated: bool = False
    """Whether the match counts for the ratings (:func:`is_rated`)."""
    rating_changes: list[dict[str, Any]] | None = None
    """A finished rated match's rating changes (``tables.ratings``)."""
    elsewhere: dict[int, int] = field(default_factory=dict)
    """In a cluster, per other process (the pid of its presence connection),
    the seats whose pages it has open (a bit a seat)."""
    said: int | None = None
    """The seats open here that this process last said (``None``: nothing yet)."""

    def __post_init__(self) -> None:
        if not self.seat_tokens:
            self.seat_tokens = [str(player["name"])
                                for player in self.state.public_observation()["players"]]

    @property
    def game(self) -> Game:
        """The rules being played."""
        return self.state.game

    @property
    def status(self) -> str:
        """``"playing"``, ``"finished"`` (the match over, or forfeited),
        ``"open"`` (an open seat waits for a player) or ``"archived"``."""
        if self.is_over:
            return FINISHED
        if any(seat.kind == OPEN_SEAT for seat in self.seats):
            return OPEN
        return ARCHIVED if self.archived else PLAYING

    @property
    def is_over(self) -> bool:
        """Whether the match is over: played to its end, or forfeited."""
        return self.forfeited is not None or self.state.is_terminal()

    @property
    def open_seats(self) -> list[int]:
        """The seats that wait for a player to take them."""
        return [index for index, seat in enumerate(self.seats) if seat.kind == OPEN_SEAT]

    @property
    def clock_running(self) -> bool:
        """Whether a person's time runs (the clock's deadline moves the table on)."""
        return self.clock_state is not None and self.clock_state.deadline is not None \
            and self.status == PLAYING

    @property
    def is_patience(self) -> bool:
        """Whether a person plays a one-player game here: the tables that
        may undo and redo."""
        return self.game.num_players == 1 and self.seats[0].kind == HUMAN

    @property
    def has_person(self) -> bool:
        """Whether a person sits at the table, or an open seat waits for
        one (a table without one is played by computers only, at a bounded
        pace)."""
        return any(seat.kind in (HUMAN, OPEN_SEAT) for seat in self.seats)

    @property
    def people(self) -> list[int]:
        """The seats where a person sits."""
        return [index for index, seat in enumerate(self.seats) if seat.kind == HUMAN]

    @property
    def offers_rematch(self) -> bool:
        """Whether the table offers a rematch: its match is over and a person
        sits at it (who may accept)."""
        return self.status == FINISHED and self.has_person

    @property
    def computers_due(self) -> bool:
        """Whether a computer seat is to move (never at an archived table:
        its computers sleep until it is revived; nor while the next hand
        waits for the people to see the last one's result)."""
        return not self.archived and self.hand_end is None \
            and self.computer_to_move() is not None

    @property
    def is_watched_from_a_seat(self) -> bool:
        """Whether a seat holder has the table open (its socket is connected,
        here or, in a cluster, at another process)."""
        return any(connection.seat is not None for connection in self.connections) \
            or any(self.elsewhere.values())

    @property
    def seats_open_here(self) -> int:
        """The seats whose pages have a socket at this process (a bit a seat)."""
        seats = 0
        for connection in self.connections:
            if connection.seat is not None:
                seats |= 1 << connection.seat
        return seats

    def seat_of(self, token: str | None) -> int | None:
        """The seat that ``token`` opens; ``None`` (a spectator) without a token.

        Every seat's hash is compared in constant time; a token that opens
        no seat here (a guess, or another table's) is refused with 403.
        """
        if not token:
            return None
        digest = hash_token(token)
        found: int | None = None
        for index, seat in enumerate(self.seats):
            if seat.token_hash is not None and hmac.compare_digest(seat.token_hash, digest):
                found = index
        if found is None:
            raise ApiError(FORBIDDEN, f"this link's token opens no seat at table {self.id}")
        return found

    def seat_of_player(self, player: int | None) -> int | None:
        """The seat where the player ``player`` sits here (``None``: he does
        not, or no player is given)."""
        if player is None:
            return None
        return next((index for index, seat in enumerate(self.seats) if seat.player == player),
                    None)

    def seat_name(self, seat: int) -> str:
        """The seat's name as the views write it (``Ann``, ``Medium``, or
        the game's ``P2`` for a person who has not named himself)."""
        return self.names()[seat]

    def names(self) -> list[str]:
        """Every seat's name (:func:`seat_names`)."""
        return seat_names(self.seats, self.seat_tokens)

    def is_open(self, seat: int) -> bool:
        """Whether the seat's page is open somewhere (its socket connected,
        here or, in a cluster, at another process)."""
        return any(connection.seat == seat for connection in self.connections) \
            or any(seats >> seat & 1 for seats in self.elsewhere.values())

    def acting_client(self, seat: int) -> str | None:
        """The client that acts for ``seat``, while it has the seat open."""
        holder = self.holders.get(seat)
        if holder is not None and any(connection.seat == seat and connection.client == holder
                                      for connection in self.connections):
            return holder
        return None

    def is_elsewhere(self, seat: int | None, client: str | None) -> bool:
        """Whether another window than ``client``'s acts for ``seat`` (a page
        that says no client, such as a script's, is never elsewhere)."""
        if seat is None or client is None:
            return False
        acting = self.acting_client(seat)
        return acting is not None and acting != client

    def check_creator(self, token: str | None) -> None:
        """403 unless ``token`` is the creator's of this table."""
        if not token:
            raise ApiError(FORBIDDEN, (
                "only the table's creator may change its seats and hints: "
                "open the table with the creator's link"))
        if self.creator_hash is None \
                or not hmac.compare_digest(self.creator_hash, hash_token(token)):
            raise ApiError(FORBIDDEN, f"this creator's link is not table {self.id}'s")

    def seat_index(self, seat: int) -> int:
        """``seat`` if the table has it (404 otherwise)."""
        if not 0 <= seat < len(self.seats):
            raise ApiError(NOT_FOUND, (
                f"there is no seat {seat}: table {self.id} has seats 0 to {len(self.seats) - 1}"))
        return seat

    def computer_to_move(self) -> int | None:
        """The computer seat whose turn it is, if any (none before an open
        table starts, nor once the match is over)."""
        state = self.state
        if self.status in (FINISHED, OPEN):
            return None
        seat = state.current_player()
        if 0 <= seat < len(self.seats) and self.seats[seat].kind == COMPUTER:
            return seat
        return None


_REFUSAL_WHILE_OPEN = _("the table waits for players: it starts when every open seat is "
                         "taken, or when its creator starts it")
"""Why nobody moves at a table with an open seat."""


def _refusal_for_an_open_seat(seat: int) -> str:
    """Why the creator cannot give an open seat to a computer or make a link
    to it (its sentence is in the server's catalogue)."""
    return (f"seat {seat} is open: a player takes it from the lobby, or start the table "
            "to give every open seat to a computer")


def _refusal_after_leaving(computer: str) -> str:
    """What the pages of a person who left his seat are told (its sentence
    is in the server's catalogue)."""
    return f"You left the table: {computer}, a computer, plays your seat now."


class TableHub(RoomHub[LiveTable, StoredTable]):
    """Every live table, and the database behind them (a :class:`RoomHub`);
    ``limits`` also says when a table is archived."""

    noun = "table"
    name = "table"
    computers_stopped = "the computer seats of table %s stopped"

    _archiver: asyncio.Task[None] | None = None
    """The task that looks for abandoned tables (from :meth:`start` on)."""

    def __init__(self, *args: Any, pauses: Pauses | None = None,
                 wall: WallClock | None = None, **kwargs: Any) -> None:
        """A :class:`RoomHub` whose new tables pause as ``pauses`` says
        unless they ask for other pauses (:class:`Pauses`' defaults), and
        whose clocks read ``wall`` (the computer's clock by default)."""
        super().__init__(*args, **kwargs)
        self.pauses = pauses or Pauses()
        self.wall: WallClock = wall or SystemClock()

    # --- lifetime ------------------------------------------------------------
    async def start(self) -> None:
        """Count the patiences an older parlour finished (see
        :mod:`parlour.server.statistics`); replay every unfinished table from
        its seed and moves and resume its computers."""
        counted = await asyncio.to_thread(self._count_older_patiences)
        if counted:
            logger.info("%d finished patiences added to the statistics", counted)
        archived = await asyncio.to_thread(self.database.archive_idle_tables, self._idle_since())
        if archived:
            logger.info("%d abandoned tables archived", archived)
        if self.cluster is not None:
            self.cluster.bus.subscribe_presence(self._heard_presence)
        await super().start()
        self._archiver = asyncio.create_task(self._archive_periodically(),
                                             name="parlour table archiver")

    def _tasks(self) -> list[asyncio.Task[None]]:
        archiver = [] if self._archiver is None else [self._archiver]
        timers = [timer for table in self._rooms.values()
                  for timer in (table.wait_timer, table.clock_timer) if timer is not None]
        return [*super()._tasks(), *archiver, *timers]

    def _set_going(self, room: LiveTable) -> None:
        """Arm the end of a wait for the people (at once if its deadline
        passed while the server was down), and wake the computers (only
        where this process runs the table)."""
        if not self._runs(room):
            return
        self._arm_wait(room)
        self._arm_clock(room)
        super()._set_going(room)

    def _arm_wait(self, table: LiveTable) -> None:
        """Set the timer that ends the table's wait for its people, if it
        waits and this process runs it."""
        if table.hand_end is not None and table.wait_timer is None and self._runs(table):
            table.wait_timer = asyncio.create_task(
                self._end_wait_at_deadline(table, table.hand_end),
                name=f"parlour table {table.id} hand wait")

    # --- several processes (docs/cluster.md) --------------------------------------
    def _adopt(self, table: LiveTable, stored: StoredTable) -> None:
        """Take into ``table`` what another process stored of it: its moves
        (those after the copy's own only, when they follow on), seats,
        switches, rematch, wait and clock; the timers follow where this
        process runs the table; every socket gets its view, and a socket
        whose seat its person left is told so."""
        fresh = self._restore(stored, base=table.state)
        before = table.state
        for name in _STORED_FIELDS:
            setattr(table, name, getattr(fresh, name))
        table.revision = fresh.revision
        if fresh.state.history != before.history:
            table.undone.clear()
            table.trick_done = table.has_person and table.pauses.trick > 0 \
                and finished_a_trick(before, fresh.state)
        if _stored_wait(table.hand_end) != _stored_wait(fresh.hand_end):
            self._stop_waiting(table)
            table.hand_end = fresh.hand_end
            self._arm_wait(table)
        if _stored_clock(table.clock_state) != _stored_clock(fresh.clock_state):
            table.clock_state = fresh.clock_state
            self._arm_clock(table)
        if table.archived and table.computers is not None:
            table.computers.cancel()
        names = table.names()
        for connection in table.connections:
            seat = connection.seat
            if seat is not None and table.seats[seat].kind == COMPUTER:
                connection.send({"type": "error", "status": FORBIDDEN, "message": translate(
                    _refusal_after_leaving(names[seat]), connection.lang)})
                connection.seat = None
                table.holders.pop(seat, None)
        self._broadcast(table)
        self._say_presence(table)
        self._wake(table)

    def _stop_running(self, room: LiveTable) -> None:
        """Stop the table's computers and its clock and wait timers."""
        super()._stop_running(room)
        for task in (room.clock_timer, room.wait_timer):
            if task is not None:
                task.cancel()
        room.clock_timer = room.wait_timer = None

    def _say_presence(self, table: LiveTable, ask: bool = False) -> None:
        """In a cluster, tell the other processes which seats' pages are
        open here at ``table`` when that changed (and with ``ask``, ask
        them to say theirs)."""
        if self.cluster is None:
            return
        seats = table.seats_open_here
        if seats == table.said and not ask:
            return
        table.said = seats
        task = asyncio.create_task(self.cluster.presence.say(
            table.id, seats | (ASK_PRESENCE if ask else 0)),
            name=f"parlour table {table.id} presence")
        self._refreshes.add(task)
        task.add_done_callback(self._refreshes.discard)

    def _heard_presence(self, table_id: int, said: int, pid: int) -> None:
        """Another process said which seats' pages it has open at table
        ``table_id``: the pages here learn it; asked, this process says its own."""
        assert self.cluster is not None, "presence is said in a cluster"
        table = self._rooms.get(table_id)
        if table is None or pid == self.cluster.presence.pid:
            return
        seats = said & ~ASK_PRESENCE
        if table.elsewhere.get(pid, 0) != seats:
            if seats:
                table.elsewhere[pid] = seats
            else:
                table.elsewhere.pop(pid, None)
            self._tell_windows(table)
        if said & ASK_PRESENCE and table.seats_open_here:
            table.said = None  # say it again, for the one who asks
            self._say_presence(table)

    async def sweep(self) -> list[int]:
        """:meth:`RoomHub.sweep`, and the word of dead processes on which
        seats' pages they had open forgotten."""
        taken = await super().sweep()
        assert self.cluster is not None, "a cluster sweeps"
        alive = await asyncio.to_thread(self.cluster.presence.speakers, self.database)
        for table in list(self._rooms.values()):
            dead = [pid for pid in table.elsewhere if pid not in alive]
            for pid in dead:
                del table.elsewhere[pid]
            if dead:
                self._tell_windows(table)
        return taken

    def _snapshot(self, room: LiveTable) -> StoredTable | None:
        # a match of two or more only ever gains moves: the copy's are read
        # no more; a patience takes moves back (undo), so all of its are
        moves_from = len(room.state.history) if room.game.num_players > 1 else 0
        return self.database.table(room.id, snapshot=True, moves_from=moves_from)

    def _revision(self, room_id: int) -> int | None:
        return self.database.revision(room_id)

    def _live_ids(self) -> list[int]:
        return self.database.live_table_ids()

    def _unfinished(self) -> list[StoredTable]:
        return self.database.unfinished_tables()

    def _stored(self, room_id: int) -> StoredTable | None:
        return self.database.table(room_id)

    def _restore(self, stored: StoredTable, base: State | None = None) -> LiveTable:
        """The table rebuilt from what is stored: its state replayed from
        its seed, or from ``base`` (a copy's state) on, when the moves
        stored begin with ``base``'s."""
        row = stored.row
        game = make(row.game, **row.options)
        if game.version != row.version:
            raise ParlourError(
                f"it was played with {game.name} version {row.version}; "
                f"this parlour plays version {game.version}"
            )
        actions = stored.actions
        if stored.first:
            # the moves from the copy's on (:meth:`_snapshot`)
            assert base is not None and len(base.history) == stored.first, \
                "moves read from a copy's are played on from it"
            state = base.clone()
        elif base is not None and base.seed == int(row.seed) \
                and base.history == actions[:len(base.history)]:
            state = base.clone()
            actions = actions[len(base.history):]
        else:
            state = game.new_state(seed=int(row.seed))
        for action in actions:
            state.apply(action)
        seats = [Seat.from_stored(seat) for seat in row.seats]
        stored_pauses = row.pauses or {}
        pauses = Pauses(float(stored_pauses.get("trick", self.pauses.trick)),
                        float(stored_pauses.get("hand", self.pauses.hand)))
        waiting = stored_pauses.get("waiting")
        clock = ClockRequest.from_stored(row.clock)
        clock_state = None if clock is None else ClockState.fresh(clock, len(seats)) \
            if row.clock_state is None else ClockState.from_stored(row.clock_state, row.deadline)
        return LiveTable(id=row.id, state=state, seats=seats, delay=row.delay,
                         rematch=Rematch.from_stored(row.rematch, len(seats)),
                         last_move=aware(row.last_move or row.created),
                         seed_chosen=bool(row.seed_chosen), archived=row.status == ARCHIVED,
                         pauses=pauses,
                         hand_end=None if waiting is None else HandEnd.from_stored(waiting),
                         creator_hash=row.creator_hash, hints=bool(row.hints),
                         clock=clock, clock_state=clock_state, forfeited=row.forfeited,
                         spectator_chat=bool(row.spectator_chat), rated=bool(row.rated),
                         rating_changes=row.ratings, revision=row.revision)

    def _count_older_patiences(self) -> int:
        """Add the finished patiences that have no result yet; returns how many."""
        added = 0
        for row in self.database.finished_without_result(one_player_games()):
            if [seat["kind"] for seat in row.seats] != [HUMAN]:
                continue
            stored = self.database.table(row.id)
            assert stored is not None, "a listed table is stored"
            try:
                table = self._restore(stored)
            except ParlourError as error:
                logger.error("table %s cannot be counted in the statistics: %s", row.id, error)
                continue
            result = patience_result(table.state, [HUMAN])
            if result is not None:
                self.database.add_patience_result(row.id, result, row.finished or row.created)
                added += 1
        return added

    async def table(self, table_id: int) -> LiveTable:
        """The table ``table_id`` (404 if there is none).

        Unfinished tables stay in memory; a finished table is read from the
        database when it is not there, and so is an archived one, which then
        stays in memory while it is used (its computers asleep) and is
        dropped again by the next look for abandoned tables. In a cluster a
        copy in memory that is behind the database catches up first: a
        request answered here sees every change made anywhere before it.
        """
        return await self.current(await self.find(table_id))

    async def followed(self, table_id: int) -> LiveTable:
        """The table ``table_id`` for a socket to follow: a finished one read
        from the database is kept in memory while it is followed, so that
        every socket and every answer to its rematch share one copy."""
        table = await self.table(table_id)
        return self._rooms.setdefault(table.id, table)

    # --- tables --------------------------------------------------------------
    def _check_room(self, owner: str | None, has_person: bool) -> None:
        """429 naming the limit that a new table of ``owner`` would pass."""
        limits = self.limits
        live = [table for table in [*self._rooms.values(), *self._opening]
                if table.status in (PLAYING, OPEN)]
        mine = [table for table in live if owner is not None and table.owner == owner]
        check_room(len(mine), len(live), limits.tables_per_address, limits.tables,
                   "unfinished table", "unfinished tables")
        if has_person:
            return
        if sum(not table.has_person for table in mine) >= limits.computer_tables_per_address:
            held = counted(limits.computer_tables_per_address, COMPUTER_TABLE, COMPUTER_TABLES)
            raise ApiError(TOO_MANY_REQUESTS, (
                f"you already have {held} being played, the most one address may have: "
                "wait until one is finished, or take a seat yourself"))
        if sum(not table.has_person for table in live) >= limits.computer_tables:
            held = counted(limits.computer_tables, COMPUTER_TABLE, COMPUTER_TABLES)
            raise ApiError(TOO_MANY_REQUESTS, (
                f"this server already plays {held}, its limit: wait until one is finished, "
                "or take a seat yourself"))

    def _check_player_tables(self, player: int) -> None:
        """429 when the ``player`` already sits at the most unfinished tables
        a player may (:attr:`Limits.tables_per_player`, counted in memory as
        the other limits are)."""
        most = self.limits.tables_per_player
        held = sum(table.status in (PLAYING, OPEN) and table.seat_of_player(player) is not None
                   for table in [*self._rooms.values(), *self._opening])
        if held >= most:
            raise ApiError(TOO_MANY_REQUESTS, (
                f"you sit at {counted(held, 'unfinished table', 'unfinished tables')} already, "
                f"the most a player may ({most}): finish one before you sit at another"))

    async def create(
        self, request: TableRequest, owner: str | None = None, creator: str | None = None,
        player: tuple[int, str] | None = None,
    ) -> tuple[LiveTable, list[str | None]]:
        """Open a new table for the client address ``owner`` (429 over a limit
        of :class:`Limits`), managed by the holder of the token ``creator``
        (:func:`new_token`; ``None``: nobody); returns it and each seat's
        token (``None`` for computers). Its hints are on when asked for,
        else only when fewer than two people play. The ``player`` (his id
        and name) who creates it sits at its first person's seat under his
        name, and his ``table_seats`` row is stored with the table."""
        if player is not None:
            self._check_player_tables(player[0])
        try:
            game = make(request.game, **request.options)
            for seat in request.seats:
                if seat.agent is not None:
                    self.engines.check(seat.agent)
            if len(request.seats) != game.num_players:
                count = game.num_players
                raise ApiError(BAD_REQUEST, (
                    f"{game.title} is played here by {counted(count, 'player', 'players')}: "
                    f"give {counted(count, 'seat', 'seats')}, not {len(request.seats)}"
                ))
            seed = request.seed if request.seed is not None \
                else random.SystemRandom().randrange(2**63)
            state = game.new_state(seed=seed)
        except ParlourError as error:
            raise engine_error(error) from None
        tokens = [new_token() if seat.kind == HUMAN else None for seat in request.seats]
        # an open seat is nobody's yet: no token, until a player takes it
        seats = [
            Seat(seat.kind, seat.agent, None if token is None else hash_token(token))
            for seat, token in zip(request.seats, tokens, strict=True)
        ]
        names = [seat.name for seat in request.seats]
        first = next((index for index, seat in enumerate(seats) if seat.kind == HUMAN), None)
        if player is not None and first is not None:
            # stored with the table: Database.add_table writes his table_seats row
            seats[first] = replace(seats[first], player=player[0])
            names[first] = player[1]
        # an open seat is a person's to come
        people = sum(seat.kind in (HUMAN, OPEN_SEAT) for seat in seats)
        pauses = Pauses(
            self.pauses.trick if request.trick_pause is None else request.trick_pause,
            self.pauses.hand if request.hand_wait is None else request.hand_wait)
        table = await self._open_table(
            state, seats, request.delay, request.seed is not None, owner,
            self.database.add_table, pauses=pauses,
            hints=request.hints if request.hints is not None else people < 2,
            creator_hash=None if creator is None else hash_token(creator),
            names=names, clock=request.clock, spectator_chat=request.spectator_chat)
        return table, tokens

    async def _open_table(
        self, state: State, seats: list[Seat], delay: float | None, seed_chosen: bool,
        owner: str | None, add: Callable[[TableRow], int], *, pauses: Pauses, hints: bool,
        creator_hash: str | None, names: Sequence[str | None] = (),
        clock: ClockRequest | None = None,
        spectator_chat: bool = False,
    ) -> LiveTable:
        """Open a table of ``seats`` playing ``state`` for the client address
        ``owner`` (429 over a limit of :class:`Limits`) with the people's
        ``pauses``, its ``hints`` switch, the creator's token hash and the
        seats' display ``names`` (each checked: :func:`check_name`), its
        ``clock`` (which starts at once unless a seat is open) and whether its
        spectators may chat: ``add``
        stores its row and returns its id. Its computers start if one is to
        move."""
        game = state.game
        opening = LiveTable(id=0, state=state, seats=seats, delay=delay,
                            rematch=Rematch.offered(len(seats)), seed_chosen=seed_chosen,
                            owner=owner, pauses=pauses, hints=hints, creator_hash=creator_hash,
                            clock=clock, spectator_chat=spectator_chat)
        if clock is not None:
            opening.clock_state = self._clock_started(opening)
        for index, name in enumerate(names):
            if name is not None:
                check_name(name, opening.names(), opening.seat_tokens)
                opening.seats[index] = replace(opening.seats[index], name=name)
        opening.rated = is_rated(opening.seats, hints, seed_chosen)
        self._check_room(owner, opening.has_person)
        row = TableRow(
            game=game.name, version=game.version, options=dict(game.options),
            seed=str(state.seed), seats=[seat.stored() for seat in opening.seats], delay=delay,
            status=opening.status, moves=0, scores=state.scores(), created=opening.last_move,
            finished=None, seed_chosen=seed_chosen, pauses=opening.stored_pauses(),
            creator_hash=creator_hash, hints=hints, spectator_chat=spectator_chat,
            clock=None if clock is None else clock.stored(),
            **({} if opening.clock_state is None else opening.clock_state.columns()),
            rated=opening.rated,
        )
        table = await self._open(opening, partial(add, row))
        self._arm_clock(table)
        self._wake(table)
        return table

    async def list_tables(self, status: str | None) -> list[dict[str, Any]]:
        """The newest tables, all or those ``"playing"`` or ``"finished"``."""
        rows = await asyncio.to_thread(self.database.list_tables, status, LIST_LIMIT)
        return [self._summary(row) for row in rows]

    @staticmethod
    def _summary(row: TableRow) -> dict[str, Any]:
        seats = [Seat.from_stored(seat).describe(index) for index, seat in enumerate(row.seats)]
        return {
            "id": row.id, "game": row.game, "title": game_class(row.game).title,
            "status": row.status, "seats": seats, "moves": row.moves, "scores": row.scores,
            "created": timestamp(row.created), "finished": timestamp(row.finished),
            "seed_chosen": bool(row.seed_chosen), "clock": row.clock,
            "forfeited": row.forfeited,
        }

    def describe(self, table: LiveTable) -> dict[str, Any]:
        """The ``table`` part of a view: each seat with its name (and for a
        person's, whether he chose it and whether his page is open now),
        whether hints are on and whether spectators may chat."""
        seats = []
        for index, (seat, name) in enumerate(zip(table.seats, table.names(), strict=True)):
            description = {**seat.describe(index), "name": name}
            if seat.kind == HUMAN:
                description.update(named=seat.name is not None, present=table.is_open(index))
            seats.append(description)
        return {
            "id": table.id, "game": table.game.name, "title": table.game.title,
            "deck": table.game.deck.name, "status": table.status, "seats": seats,
            "delay": self.delay_of(table), "options": dict(table.game.options),
            "seed_chosen": table.seed_chosen, "hints": table.hints,
            "pauses": {"trick": table.pauses.trick, "hand": table.pauses.hand},
            "spectator_chat": table.spectator_chat,
            "rated": table.rated,
        }

    def view(self, table: LiveTable, seat: int | None,
             described: dict[str, Any] | None = None, client: str | None = None) -> View:
        """What the connection or request of ``seat`` (``None``: a spectator)
        sees, every seat called by its name; a seat's view says whether
        another window than ``client``'s acts for the seat (``elsewhere``)."""
        state = table.state
        observation = state.public_observation() if seat is None else state.observation(seat)
        view: View = {
            "table": described if described is not None else self.describe(table),
            "seat": seat,
            "move_number": len(state.history),
            "status": table.status,
            "observation": named_observation(observation, table.names()),
            "hand_end": None if table.hand_end is None else table.hand_end.describe(),
            "clock": None if table.clock is None or table.clock_state is None
            else table.clock_state.describe(table.clock),
            "forfeited": table.forfeited,
        }
        if seat is not None:
            view["elsewhere"] = table.is_elsewhere(seat, client)
        if table.is_patience:
            view["can_undo"] = bool(state.history) and not state.is_terminal()
            view["can_redo"] = bool(table.undone) and not state.is_terminal()
        if table.rating_changes is not None and table.status == FINISHED:
            view["ratings"] = table.rating_changes
        if table.offers_rematch:
            # a seat's link to its new seat is added for its holder alone
            view["rematch"] = table.rematch.describe(
                [seat.describe(index) for index, seat in enumerate(table.seats)], table.people)
        return view

    # --- rematch ---------------------------------------------------------------
    @staticmethod
    def with_rematch_link(table: LiveTable, view: View, seat: int | None,
                          token: str | None) -> View:
        """``view`` of ``seat``, asked for with ``token`` (which opens that
        seat), with the link to the seat's place in the rematch once it is
        made: ``rematch.url``, whose token only that seat's holder can work
        out. Any other view is given back as it is."""
        made = table.rematch.table
        if made is None or seat is None or not token or "rematch" not in view:
            return view
        answer = table.rematch.answers[seat]
        new_token = rematch_token(token, table.id)
        if answer is None or answer.token_hash is None \
                or not hmac.compare_digest(answer.token_hash, hash_token(new_token)):
            return view
        return {**view, "rematch": {**view["rematch"], "url": seat_url(made, new_token)}}

    def _own_view(self, table: LiveTable, connection: Connection, view: View) -> View:
        if connection.seat is None:
            return view
        view = {**view, "elsewhere": table.is_elsewhere(connection.seat, connection.client)}
        return self.with_rematch_link(table, view, connection.seat, connection.token)

    async def answer_rematch(self, table: LiveTable, token: str, accept: bool,
                             owner: str | None) -> View:
        """The answer of the person whose seat ``token`` opens to the rematch
        of ``table`` (a finished table); returns his view. The answer is
        stored, and every socket told; the acceptance that completes the
        people's makes the rematch table for the client address ``owner``
        (429 over a limit of :class:`Limits`, and then nothing is stored).
        Accepting again is no change; any other answer once the rematch is
        made is 409."""
        seat = table.seat_of(token)
        assert seat is not None, "a token opens a seat or is refused"
        if table.status != FINISHED:
            raise ApiError(CONFLICT, "a rematch is offered once the match is over")
        # the one copy in memory, which the sockets follow
        table = self._rooms.setdefault(table.id, table)
        async with self._locked(table):
            # another copy may have taken an answer before this one was kept
            stored = await asyncio.to_thread(self.database.rematch, table.id)
            table.rematch = rematch = Rematch.from_stored(stored, len(table.seats))
            if rematch.table is not None:
                if not (accept and rematch.has_accepted(seat)):
                    raise ApiError(CONFLICT, (
                        f"the rematch is already made: it is table {rematch.table}"))
            else:
                answer = Answer(True, hash_token(rematch_token(token, table.id))) if accept \
                    else Answer(False)
                await self._take_answer(table, rematch.answered(seat, answer), owner)
            view = self.view(table, seat)
        return self.with_rematch_link(table, view, seat, token)

    async def _take_answer(self, table: LiveTable, answered: Rematch,
                           owner: str | None) -> None:
        """Store ``answered``, the rematch with a new answer, and tell every
        socket; once no person is waiting, make the rematch table too."""
        if answered.waiting(table.people):
            def adopt(_: None) -> None:
                table.rematch = answered
                self._broadcast(table)

            await store_then_adopt(partial(
                self.database.set_rematch, table.id, answered.stored()), adopt)
            return
        count = len(table.seats)
        seats = list(table.seats)
        for index, seat in enumerate(table.seats):
            answer = answered.answers[index]
            seats[new_seat(index, count)] = replace(
                seat, token_hash=None if answer is None else answer.token_hash)
        state = table.game.new_state(seed=random.SystemRandom().randrange(2**63))
        # the same pauses, hints and creator; the seats keep their names
        made = await self._open_table(
            state, seats, table.delay, False, owner, partial(
                self.database.add_rematch_table, table.id, rematch=answered.stored()),
            pauses=table.pauses, hints=table.hints, creator_hash=table.creator_hash,
            clock=table.clock, spectator_chat=table.spectator_chat)
        table.rematch = Rematch(answered.answers, made.id)
        logger.info("table %s: its rematch is table %s", table.id, made.id)
        self._broadcast(table)

    # --- statistics ------------------------------------------------------------
    async def statistics(self, game: str | None) -> list[Line]:
        """Every patience statistics line, or those of ``game`` (404 unless it
        is a one-player game)."""
        if game is not None:
            try:
                cls = game_class(game)
            except ParlourError as error:
                raise ApiError(NOT_FOUND, str(error)) from None
            if cls.min_players != 1:
                raise ApiError(NOT_FOUND, (
                    f"statistics are kept for the games of one player (the patiences: "
                    f"{', '.join(one_player_games())}); {cls.title} is not one"
                ))
            game = cls.name
        return await asyncio.to_thread(statistics, self.database, game)

    async def table_statistics(self, table: LiveTable) -> Line:
        """The statistics line of the game and options played at ``table``."""
        if table.game.num_players != 1:
            raise ApiError(NOT_FOUND, (
                f"statistics are kept for the games of one player (the patiences); "
                f"table {table.id} plays {table.game.title} for {table.game.num_players}"
            ))
        return await asyncio.to_thread(table_statistics, self.database, table.state, table.id)

    # --- moves ---------------------------------------------------------------
    async def play(self, table: LiveTable, seat: int | None, move: MoveRequest,
                   client: str | None = None) -> View:
        """Apply a person's move, sent by the window ``client``; returns the
        mover's new view once it is committed. A move at an archived table
        revives it; a new move forgets the moves a patience took back
        (there is nothing to redo)."""

        async def change(table: LiveTable, seat: int) -> None:
            await self._commit(table, seat, move_actions(table.state, move))
            table.undone.clear()

        return await self._change(table, seat, move.move_number, "move", change, client)

    async def undo(self, table: LiveTable, seat: int | None, move_number: int,
                   client: str | None = None) -> View:
        """Take back a patience's last move (one action): the record and the
        database lose it, and redo may play it again. 409 at a table of more
        than one player, with no move to take back, or once the game is over."""

        async def change(table: LiveTable, _seat: int) -> None:
            history = table.state.history
            if not history:
                raise ApiError(CONFLICT, "there is no move to take back: none has been made")
            state = table.game.new_state(seed=table.state.seed)
            for action in history[:-1]:
                state.apply(action)
            taken_back = history[-1]

            def adopt(_: None) -> None:
                table.state = state
                table.last_move = now()
                table.undone.append(taken_back)
                self._broadcast(table)

            await store_then_adopt(partial(
                self.database.take_back_moves, table.id, len(state.history), state.scores(),
            ), adopt)

        self._check_patience(table, "undo")
        return await self._change(table, seat, move_number, "undo", change, client)

    async def redo(self, table: LiveTable, seat: int | None, move_number: int,
                   client: str | None = None) -> View:
        """Play again the last move a patience took back (409 when there is
        none: none taken back, or a move made since)."""

        async def change(table: LiveTable, seat: int) -> None:
            if not table.undone:
                raise ApiError(CONFLICT, "there is no move to play again: no move was taken "
                                         "back since the last one made")
            # taken off first: the views the commit sends say what is left to redo
            action = table.undone.pop()
            try:
                await self._commit(table, seat, [action])
            except BaseException:
                table.undone.append(action)
                raise

        self._check_patience(table, "redo")
        return await self._change(table, seat, move_number, "redo", change, client)

    @staticmethod
    def _check_patience(table: LiveTable, what: str) -> None:
        """409 unless ``table`` is a person's patience (the only tables that
        undo and redo)."""
        if not table.is_patience:
            raise ApiError(CONFLICT, (
                f"{what} is for a patience (one person alone): at table {table.id} "
                "the other seats have seen every move"))

    async def _change(
        self, table: LiveTable, seat: int | None, move_number: int, what: str,
        change: Callable[[LiveTable, int], Awaitable[None]], client: str | None = None,
    ) -> View:
        """Check that ``seat`` may change the table (``what``: a move, an
        undo or a redo) at ``move_number`` from the window ``client``, then
        ``change`` it under the table's lock; returns the seat's new view. A
        change at an archived table revives it."""
        if seat is None:
            raise ApiError(FORBIDDEN, (
                f"a spectator cannot {what}: open the table with a seat's link"))
        check_acting(table, seat, client)
        if table.archived:
            # the one copy in memory, which every later request shares
            table = self._rooms.setdefault(table.id, table)
        async with self._locked(table):
            state = table.state
            if table.is_over:
                raise ApiError(CONFLICT, "the match is over")
            if table.status == OPEN:
                raise ApiError(CONFLICT, _REFUSAL_WHILE_OPEN)
            if move_number != len(state.history):
                raise ApiError(CONFLICT, (
                    f"the table has moved on: this {what} was chosen at move {move_number}, "
                    f"the table is at move {len(state.history)}"
                ))
            if table.hand_end is not None:
                raise ApiError(CONFLICT, self._refusal_while_waiting(table, table.hand_end))
            to_move = state.current_player()
            if to_move != seat:
                raise ApiError(CONFLICT, f"it is {table.seat_name(to_move)}'s turn, not yours")
            revived, table.archived = table.archived, False
            try:
                await change(table, seat)
            except BaseException:
                table.archived = revived
                raise
            if revived:
                await asyncio.to_thread(self.database.set_table_status, table.id, PLAYING)
                logger.info("table %s revived by a %s", table.id, what)
            view = self.view(table, seat, client=client)
        self._wake(table)
        return view

    async def hint(self, table: LiveTable, seat: int | None,
                   client: str | None = None) -> dict[str, Any]:
        """What the hint level would play for ``seat``, which must be to move:
        ``{action, text, level, move_number, sentence}`` (``sentence``: a
        patience's move in words, :meth:`PatienceState.move_sentence`;
        ``None`` in other games).

        The search runs in a thread, on the table's state of the moment
        (a move replaces the state, it never changes it), and reads only
        what ``seat`` may know. It runs once a move number: repeated or
        simultaneous requests share its answer (a flood of hints costs one).
        A table whose hints are off refuses it (403).
        """
        if seat is None:
            raise ApiError(FORBIDDEN, "a hint is for a seat: open the table with a seat's link")
        if not table.hints:
            raise ApiError(FORBIDDEN, f"hints are switched off at table {table.id}")
        check_acting(table, seat, client)
        state = table.state
        if table.is_over:
            raise ApiError(CONFLICT, "the match is over")
        to_move = state.current_player()
        if to_move != seat:
            raise ApiError(CONFLICT, f"it is {table.seat_name(to_move)}'s turn, not yours")
        move_number = len(state.history)
        # the whole history names the position: after an undo, another move
        # makes a different position with the same move number
        suggestion = await self._hint(table, 0, tuple(state.history), partial(
            hint, state, agent_seed(state.seed, seat, move_number)))
        # a patience's hint also says in words what the move does
        sentence = state.move_sentence(suggestion.action) \
            if isinstance(state, PatienceState) else None
        return {"action": suggestion.action, "text": suggestion.text,
                "level": suggestion.level, "move_number": move_number, "sentence": sentence}

    async def _commit(self, table: LiveTable, seat: int, actions: Sequence[int],
                      timeout: Timeout | None = None) -> None:
        """Apply ``actions``, all of them ``seat``'s, to a clone, store them
        together, then adopt the clone and tell every connection: one move,
        however many actions (a line of text may name several). A move that
        ends a hand of a match going on, at a table with a person, makes the
        next hand wait for the people to see its result (:class:`HandEnd`),
        stored with the move; so is the clock's new state (a ``timeout``
        first, when the move is the easy computer's for a seat out of time)."""
        before = table.state
        state = played(before, seat, actions)
        result = patience_result(state, [seat.kind for seat in table.seats])
        hand_end = self._hand_end(table, before, state)
        trick_done = table.has_person and table.pauses.trick > 0 \
            and finished_a_trick(before, state)
        pauses = None if hand_end is None else {
            "trick": table.pauses.trick, "hand": table.pauses.hand, "waiting": hand_end.stored()}
        clock_state = self._clock_after(table, seat, state, hand_end, timeout)
        ending = MatchEnd.from_returns(state.returns()) \
            if state.is_terminal() and len(table.seats) >= 2 else None

        def adopt(rating_changes: list[dict[str, Any]] | None) -> None:
            if ending is not None:
                table.rated = table.rated and rating_changes is not None
                table.rating_changes = rating_changes
            table.state = state
            if clock_state is not None:
                table.clock_state = clock_state
                self._arm_clock(table)
            table.last_move = now()
            table.trick_done = trick_done
            if hand_end is not None:
                table.hand_end = hand_end
                self._arm_wait(table)
            self._broadcast(table)

        await store_then_adopt(partial(
            self.database.add_moves, table.id, len(before.history), actions,
            state.scores(), state.is_terminal(), result, pauses,
            None if clock_state is None else clock_state.columns(), ending,
        ), adopt)

    @staticmethod
    def _hand_end(table: LiveTable, before: State, after: State) -> HandEnd | None:
        """The wait for the people if the move from ``before`` to ``after``
        ends a hand and the match goes on (none at a table of computers
        only, or one whose hand pause is 0)."""
        if after.is_terminal() or not table.has_person or table.pauses.hand <= 0:
            return None
        hand = len(after.hand_results())
        if hand == len(before.hand_results()):
            return None
        people = {index for index, seat in enumerate(table.seats) if seat.kind == HUMAN}
        return HandEnd(hand=hand, waiting=people,
                       deadline=now() + timedelta(seconds=table.pauses.hand),
                       lines=(log_end(before), log_end(after)),
                       shown=shown_cards(after, len(before.match_events())))

    @staticmethod
    def _refusal_while_waiting(table: LiveTable, hand_end: HandEnd) -> str:
        """Why nobody moves while the people see a hand's result (one
        sentence for one person and one for several, each in the catalogue)."""
        names = [table.seat_name(seat) for seat in sorted(hand_end.waiting)]
        if len(names) == 1:
            return (f"the next hand waits until everyone has seen how hand {hand_end.hand} "
                    f"ended: {names[0]} still to continue")
        first, last = ", ".join(names[:-1]), names[-1]
        return (f"the next hand waits until everyone has seen how hand {hand_end.hand} "
                f"ended: {first} and {last} still to continue")

    # --- the people's pauses ---------------------------------------------------------
    async def continue_hand(self, table: LiveTable, seat: int | None, hand: int) -> View:
        """``seat`` has seen the result of ``hand``: once every person has,
        the next hand is played. Continuing twice changes nothing; 403 for a
        spectator, 409 when that hand's result no longer waits."""
        if seat is None:
            raise ApiError(FORBIDDEN, (
                "a spectator has nothing to continue: open the table with a seat's link"))
        ended = False
        async with self._locked(table):
            hand_end = table.hand_end
            if hand_end is None or hand_end.hand != hand:
                raise ApiError(CONFLICT, (
                    f"the result of hand {hand} no longer waits: the next hand is being played"))
            if seat in hand_end.waiting:
                left = hand_end.waiting - {seat}
                waiting = None if not left else {**hand_end.stored(), "waiting": sorted(left)}
                await asyncio.to_thread(self.database.set_table_pauses, table.id, {
                    "trick": table.pauses.trick, "hand": table.pauses.hand, "waiting": waiting})
                hand_end.waiting = left
                ended = not left
                if ended:
                    self._stop_waiting(table)
                self._broadcast(table)
            view = self.view(table, seat)
        if ended:
            self._wake(table)
        return view

    @staticmethod
    def _stop_waiting(table: LiveTable) -> None:
        """Forget the wait (its timer too, unless it is the one ending it)."""
        table.hand_end = None
        timer, table.wait_timer = table.wait_timer, None
        if timer is not None and timer is not asyncio.current_task():
            timer.cancel()

    async def _end_wait_at_deadline(self, table: LiveTable, hand_end: HandEnd) -> None:
        """End the wait ``hand_end`` at its deadline (at once if it passed),
        whoever has not continued: a person away never holds a table."""
        try:
            await asyncio.sleep(max(0.0, (hand_end.deadline - now()).total_seconds()))
            async with self._locked(table):
                if table.hand_end is not hand_end:
                    return
                await asyncio.to_thread(self.database.set_table_pauses, table.id, {
                    "trick": table.pauses.trick, "hand": table.pauses.hand, "waiting": None})
                self._stop_waiting(table)
                self._broadcast(table)
            self._wake(table)
        except Exception:
            logger.exception("the wait of table %s for its people failed", table.id)

    def _wait_of(self, room: LiveTable) -> float:
        """A computer's delay, or the trick pause after a move that finished
        a trick at a table with a person, if longer: he sees the trick."""
        delay = self.delay_of(room)
        return max(delay, room.pauses.trick) if room.trick_done and room.has_person else delay
    # --- seats -----------------------------------------------------------------
    async def _change_seats(
        self, table: LiveTable, change: Callable[[LiveTable], dict[int, str]],
        while_playing: bool = True,
    ) -> LiveTable:
        """``change`` the table's seats under its lock (it returns the seats
        whose open pages lose them, each with the sentence they are told;
        their sockets then follow the table as a spectator's), store them,
        and tell every connection; returns the table in memory. The seats
        stay as they are once the match is over, if ``while_playing``."""
        if table.archived:
            table = self._rooms.setdefault(table.id, table)
        async with self._locked(table):
            if while_playing and table.is_over:
                raise ApiError(CONFLICT, "the match is over: its seats stay as they were")
            before = list(table.seats)
            try:
                dismissed = change(table)
                seats = [seat.stored() for seat in table.seats]
            finally:
                changed, table.seats = table.seats, before

            def adopt(_: None) -> None:
                table.seats = changed
                for connection in table.connections:
                    if connection.seat in dismissed:
                        connection.send({"type": "error", "status": FORBIDDEN,
                                         "message": translate(dismissed[connection.seat],
                                                              connection.lang)})
                        connection.seat = None
                for seat in dismissed:
                    table.holders.pop(seat, None)
                self._broadcast(table)
                self._say_presence(table)

            players = {index: seat.player for index, (seat, old) in
                       enumerate(zip(changed, before, strict=True)) if seat.player != old.player}
            await store_then_adopt(
                partial(self.database.set_table_seats, table.id, seats, players), adopt)
        self._wake(table)
        return table

    async def rename(self, table: LiveTable, seat: int | None, name: str,
                     client: str | None = None) -> View:
        """Give ``seat`` (a person's, by its token) the display name ``name``
        (:func:`parlour.server.payloads.parse_seat_name`; refused by
        :func:`check_name`); returns the seat's new view."""
        if seat is None:
            raise ApiError(FORBIDDEN, "a name is for a seat: open the table with a seat's link")

        def change(table: LiveTable) -> dict[int, str]:
            names = table.names()
            if table.seats[seat].player is not None:
                holder = names[seat]
                raise ApiError(CONFLICT, (
                    f"this seat is {holder}'s, a player's: it shows the player's name "
                    "(change it on the lobby, for all of his tables)"))
            check_name(name, [other for index, other in enumerate(names) if index != seat],
                       table.seat_tokens)
            table.seats[seat] = replace(table.seats[seat], name=name)
            return {}

        table = await self._change_seats(table, change, while_playing=False)
        return self.view(table, seat, client=client)

    async def leave(self, table: LiveTable, seat: int | None) -> View:
        """``seat``'s person leaves the table: a computer at the
        :data:`DEFAULT_LEVEL` takes his seat, and his link opens it no
        more; returns the spectator's view."""
        if seat is None:
            raise ApiError(FORBIDDEN, "a spectator has no seat to leave")

        def change(table: LiveTable) -> dict[int, str]:
            table.seats[seat] = Seat(COMPUTER, DEFAULT_LEVEL)
            return {seat: _refusal_after_leaving(table.names()[seat])}

        table = await self._change_seats(table, change)
        return self.view(table, None)

    async def give_to_computer(self, table: LiveTable, creator: str | None, seat: int,
                               agent: str) -> dict[str, Any]:
        """The creator gives an absent person's ``seat`` to the computer
        ``agent``; the person's link opens it no more. Returns the seat's
        description."""
        table.check_creator(creator)
        table.seat_index(seat)
        try:
            self.engines.check(agent)
        except ParlourError as error:
            raise engine_error(error) from None

        def change(table: LiveTable) -> dict[int, str]:
            if table.seats[seat].kind == COMPUTER:
                raise ApiError(CONFLICT, f"seat {seat} is played by a computer already")
            if table.seats[seat].kind == OPEN_SEAT:
                raise ApiError(CONFLICT, _refusal_for_an_open_seat(seat))
            if table.is_open(seat):
                raise ApiError(CONFLICT, (
                    f"{table.seat_name(seat)} has the table open: a seat is given to a "
                    "computer only when its person is away"))
            table.seats[seat] = Seat(COMPUTER, agent)
            return {}

        table = await self._change_seats(table, change)
        description: dict[str, Any] = self.describe(table)["seats"][seat]
        return description

    async def new_link(self, table: LiveTable, creator: str | None, seat: int) -> str:
        """The creator makes a new link to ``seat``, which a person takes
        with it (a computer's seat too, such as one whose person left): any
        earlier link to the seat opens it no more. Returns the new token."""
        table.check_creator(creator)
        table.seat_index(seat)
        token = new_token()

        def change(table: LiveTable) -> dict[int, str]:
            if table.seats[seat].kind == OPEN_SEAT:
                raise ApiError(CONFLICT, _refusal_for_an_open_seat(seat))
            if table.seats[seat].kind == HUMAN and table.is_open(seat):
                raise ApiError(CONFLICT, (
                    f"{table.seat_name(seat)} has the table open: a new link is made only "
                    "for a seat nobody has open"))
            table.seats[seat] = Seat(HUMAN, token_hash=hash_token(token))
            return {}

        await self._change_seats(table, change)
        return token

    async def set_hints(self, table: LiveTable, creator: str | None, hints: bool) -> None:
        """The creator switches the table's hints on or off (on: its match
        is rated no more)."""

        def adopt(table: LiveTable) -> None:
            table.hints = hints
            table.rated = table.rated and not hints

        await self._creator_switch(
            table, creator, partial(self.database.set_table_hints, table.id, hints), adopt)

    async def set_spectator_chat(self, table: LiveTable, creator: str | None,
                                 allowed: bool) -> None:
        """The creator lets the table's spectators chat, or not (every
        socket's next view says so)."""

        def adopt(table: LiveTable) -> None:
            table.spectator_chat = allowed

        await self._creator_switch(
            table, creator, partial(self.database.set_spectator_chat, table.id, allowed), adopt)

    async def _creator_switch(self, table: LiveTable, creator: str | None,
                              store: Callable[[], None],
                              adopt: Callable[[LiveTable], None]) -> None:
        """A switch of the table that only its creator turns: ``store`` it
        (blocking, in a thread), then ``adopt`` it in memory and tell every
        connection, under the table's lock (an archived table is taken back
        into memory)."""
        table.check_creator(creator)
        if table.archived:
            table = self._rooms.setdefault(table.id, table)
        async with self._locked(table):
            await asyncio.to_thread(store)
            adopt(table)
            self._broadcast(table)

    # --- players ---------------------------------------------------------------
    def live_table(self, table_id: int) -> LiveTable | None:
        """The table ``table_id`` if it is in memory (being played), else ``None``."""
        return self._rooms.get(table_id)

    async def check_player_name(self, player: int, name: str, table_ids: Sequence[int]) -> None:
        """409 when ``name``, the new name of the ``player`` sitting at the
        tables ``table_ids``, cannot be told apart from another seat's name
        at one of them (:func:`check_name`)."""
        for table_id in table_ids:
            table = await self.table(table_id)
            seat = table.seat_of_player(player)
            if seat is None:
                continue
            others = [other for index, other in enumerate(table.names()) if index != seat]
            try:
                check_name(name, others, table.seat_tokens)
            except ApiError as error:
                raise ApiError(error.status, (
                    f"the name {name!r} cannot be told apart from another seat's at table "
                    f"{table_id}, where you sit: pick another")) from None

    async def rename_player(self, player: int, name: str, table_ids: Sequence[int]) -> None:
        """Show the ``player``'s new ``name`` at his seats of the unfinished
        tables ``table_ids`` (stored, and every connection told)."""
        for table_id in table_ids:
            table = await self.table(table_id)
            if table.state.is_terminal():
                continue

            def change(table: LiveTable) -> dict[int, str]:
                for index, seat in enumerate(table.seats):
                    if seat.player == player:
                        table.seats[index] = replace(seat, name=name)
                return {}

            await self._change_seats(table, change)

    def take_over(self, table: LiveTable, connection: Connection) -> None:
        """``connection``'s window acts for its seat from now on; the window
        that did is told so by its next view (``elsewhere``)."""
        if connection.seat is None:
            raise ApiError(FORBIDDEN, "a spectator has no seat to take over")
        if connection.client is None:
            raise ApiError(BAD_REQUEST, (
                "a window takes a seat over by its client id: open the socket with ?client=ID"))
        table.holders[connection.seat] = connection.client
        self._broadcast(table)

    # --- open seats ------------------------------------------------------------
    async def take_seat(self, table: LiveTable, seat: int, player: int,
                        name: str) -> tuple[LiveTable, str]:
        """The player ``player``, called ``name``, takes the open ``seat``:
        it becomes his (a person's seat with his name, a token for links and
        his ``table_seats`` row, stored together), and the table starts when
        no seat is open any more. 409 when the seat is not open (taken a
        moment ago) or the player sits at the table already; 429 when he sits
        at the most unfinished tables a player may already. Returns the
        table in memory and the seat's token."""
        table.seat_index(seat)
        if table.seat_of_player(player) is None:
            self._check_player_tables(player)
        token = new_token()

        def change(table: LiveTable) -> None:
            if table.seats[seat].kind != OPEN_SEAT:
                raise ApiError(CONFLICT, (
                    f"seat {seat} is not open: {table.seat_name(seat)} sits there"))
            held = table.seat_of_player(player)
            if held is not None:
                raise ApiError(CONFLICT, (
                    f"you sit at table {table.id} already, at seat {held}: "
                    "a player takes one seat a table"))
            names = table.names()
            check_name(name, [other for index, other in enumerate(names) if index != seat],
                       table.seat_tokens)
            table.seats[seat] = Seat(HUMAN, token_hash=hash_token(token), name=name,
                                     player=player)

        return await self._fill_seats(table, change, seat, player), token

    async def start_table(self, table: LiveTable, creator: str | None, agent: str) -> LiveTable:
        """The creator starts a table whose seats are not all taken: the
        computer ``agent`` takes every open seat. 409 once it has started."""
        table.check_creator(creator)
        try:
            self.engines.check(agent)
        except ParlourError as error:
            raise engine_error(error) from None

        def change(table: LiveTable) -> None:
            for index in table.open_seats:
                table.seats[index] = Seat(COMPUTER, agent)

        return await self._fill_seats(table, change)

    async def _fill_seats(self, table: LiveTable, change: Callable[[LiveTable], None],
                          seat: int | None = None, player: int | None = None) -> LiveTable:
        """``change`` the seats of a table that waits for players under its
        lock (409 when it does not wait any more) and store them, with the
        ``table_seats`` row of ``player`` at ``seat`` if given; once no seat
        is open the table starts, its clock too, in the same store."""
        table = self._rooms.setdefault(table.id, table)
        async with self._locked(table):
            if table.status != OPEN:
                raise ApiError(CONFLICT, (
                    f"table {table.id} has started: it has no open seat any more"))
            before = list(table.seats)
            try:
                change(table)
                changed = list(table.seats)
                started = table.status != OPEN
                clock_state = self._clock_started(table) if started else None
            finally:
                table.seats = before
            values: dict[str, Any] = {}
            rated = table.rated
            if started:
                # the seats it starts with decide whether the match is rated
                rated = is_rated(changed, table.hints, table.seed_chosen)
                values = {"status": PLAYING, "rated": rated,
                          **({} if clock_state is None else clock_state.columns())}

            def adopt(_: None) -> None:
                table.seats = changed
                table.rated = rated
                if started:
                    table.last_move = now()
                    table.clock_state = clock_state
                    self._arm_clock(table)
                    logger.info("table %s starts", table.id)
                self._broadcast(table)

            await store_then_adopt(partial(
                self.database.fill_seats, table.id, [seat.stored() for seat in changed],
                values, seat, player), adopt)
        self._wake(table)
        return table

    async def open_tables(self) -> list[dict[str, Any]]:
        """The newest tables that wait for players (``GET /api/lobby/open``):
        each with its game, seats, open seats and clock."""
        rows = await asyncio.to_thread(self.database.list_tables, OPEN, LIST_LIMIT)
        listed = []
        for row in rows:
            summary = self._summary(row)
            seats = [Seat.from_stored(seat) for seat in row.seats]
            computers = computer_names(
                [seat.agent if seat.kind == COMPUTER else None for seat in seats])
            for description, computer in zip(summary["seats"], computers, strict=True):
                if computer is not None:
                    description["name"] = computer
            summary["open_seats"] = [index for index, seat in enumerate(seats)
                                     if seat.kind == OPEN_SEAT]
            listed.append(summary)
        return listed

    # --- clocks ----------------------------------------------------------------
    async def turns(self, player: int) -> list[dict[str, Any]]:
        """The tables being played where it is the player ``player``'s turn,
        the most urgent first (the nearest deadline; tables without a clock
        last, newest first): ``{id, game, title, seat, move_number, deadline,
        clock, url}``."""
        seats = await asyncio.to_thread(self.database.player_seats, player, (PLAYING,))
        turns = []
        for table_id, seat in seats:
            try:
                table = await self.find(table_id)
            except ApiError:
                continue
            if table.status != PLAYING or table.hand_end is not None \
                    or not 0 <= seat < len(table.seats) or table.seats[seat].player != player \
                    or table.state.current_player() != seat:
                continue
            running = table.clock_state
            deadline = running.deadline if running is not None and running.seat == seat \
                else None
            turns.append({
                "id": table.id, "game": table.game.name, "title": table.game.title,
                "seat": seat, "move_number": len(table.state.history),
                "deadline": timestamp(deadline),
                "clock": None if table.clock is None else table.clock.kind,
                "url": seat_url(table.id)})
        # ISO 8601 in UTC sorts as the moments do
        turns.sort(key=lambda turn: (turn["deadline"] is None, turn["deadline"] or ""))
        return turns

    def _person_to_move(self, table: LiveTable, state: State) -> int | None:
        """The person's seat to move at ``state`` (``None``: a computer's
        turn, an open table, or the match is over)."""
        if state.is_terminal() or table.forfeited is not None or table.status == OPEN:
            return None
        seat = state.current_player()
        return seat if 0 <= seat < len(table.seats) and table.seats[seat].kind == HUMAN \
            else None

    def _clock_started(self, table: LiveTable) -> ClockState | None:
        """A new clock of ``table`` (``None`` without one), the time of the
        person to move running from now (nobody's while seats are open)."""
        if table.clock is None:
            return None
        return ClockState.fresh(table.clock, len(table.seats)).running(
            table.clock, self._person_to_move(table, table.state), self.wall.now())

    def _clock_after(self, table: LiveTable, mover: int, state: State,
                     hand_end: HandEnd | None, timeout: Timeout | None) -> ClockState | None:
        """``table``'s clock once ``mover`` has made the move that leads to
        ``state`` (after ``timeout``, when the easy computer made it for
        him): his bank pays what the move took beyond its time, and the next
        person's time runs, from the end of the wait ``hand_end`` (at the
        latest) when the move ended a hand. ``None`` without a clock."""
        if table.clock is None or table.clock_state is None:
            return None
        moment = self.wall.now()
        clock_state = table.clock_state if timeout is None \
            else table.clock_state.timed_out(timeout)
        start = moment if hand_end is None else max(moment, hand_end.deadline)
        return clock_state.spent(table.clock, mover, moment).running(
            table.clock, self._person_to_move(table, state), start)

    def _arm_clock(self, table: LiveTable) -> None:
        """Set the timer of ``table``'s clock to its deadline (forgetting the
        one set before, unless it is the one running now)."""
        timer, table.clock_timer = table.clock_timer, None
        if timer is not None and timer is not asyncio.current_task():
            timer.cancel()
        if table.clock_running and self._runs(table):
            assert table.clock_state is not None, "a running clock has a state"
            table.clock_timer = asyncio.create_task(
                self._clock_at_deadline(table, table.clock_state),
                name=f"parlour table {table.id} clock")

    async def _clock_at_deadline(self, table: LiveTable, running: ClockState) -> None:
        """At the deadline of ``running`` (at once if it passed while the
        server was down), time the seat out, unless it moved meanwhile."""
        try:
            assert running.deadline is not None, "a timer waits for a deadline"
            await self.wall.sleep_until(running.deadline)
            async with self._locked(table):
                if table.clock_state is not running or not table.clock_running \
                        or table.hand_end is not None:
                    return
                await self._time_out(table, running)
            self._wake(table)
        except Exception:
            logger.exception("the clock of table %s failed", table.id)

    async def _time_out(self, table: LiveTable, running: ClockState) -> None:
        """The person of ``running`` ran out of time: the easy computer plays
        his move (seeded as a computer seat's would be), or he forfeits the
        match, as the clock says; the timeout is kept in the clock's state."""
        clock, seat, state = table.clock, running.seat, table.state
        assert clock is not None and seat is not None, "a running clock times a seat"
        timeout = Timeout(len(state.history), seat, clock.on_timeout, log_end(state))
        logger.info("table %s: seat %s ran out of time (%s)", table.id, seat, clock.on_timeout)
        if clock.on_timeout == ON_TIMEOUT_FORFEIT:
            await self._forfeit(table, seat, running.timed_out(timeout).running(
                clock, None, self.wall.now()))
            return
        agent = self.engines.make(TIMEOUT_AGENT, agent_seed(state.seed, seat, len(state.history)))
        async with self.gate.enter(True):
            action = await asyncio.to_thread(choose_action, agent, state)
        await self._commit(table, seat, [action], timeout)
        table.undone.clear()

    async def _forfeit(self, table: LiveTable, seat: int, clock_state: ClockState) -> None:
        """End the match of ``table`` by ``seat``'s forfeit: stored with the
        end of the match (:meth:`Database.end_match`: the forfeiter last, the
        others placed by the game's returns at that point, the ratings of a
        rated table), then every connection told; the rematch is offered as
        after a match played to its end."""
        ending = MatchEnd.from_forfeit(table.state.returns(), seat)
        values = {"status": FINISHED, "finished": now(), "deadline": None,
                  "clock_state": clock_state.stored()}

        def adopt(rating_changes: list[dict[str, Any]] | None) -> None:
            table.forfeited = seat
            table.rated = table.rated and rating_changes is not None
            table.rating_changes = rating_changes
            table.clock_state = clock_state
            self._arm_clock(table)
            self._broadcast(table)

        await store_then_adopt(
            partial(self.database.end_match, table.id, ending, values), adopt)

    # --- connections -----------------------------------------------------------
    def connect(self, table: LiveTable, seat: int | None, lang: str = DEFAULT_LANGUAGE,
                token: str | None = None, client: str | None = None) -> Connection:
        """Register a socket for ``seat``, opened with ``token``, from the
        window ``client``, which acts for the seat unless another window
        does (it is told it may take the seat over); every page (a window
        that gave its id) learns that the seat is open."""
        if seat is not None and client is not None and table.acting_client(seat) is None:
            table.holders[seat] = client
        connection = super().connect(table, seat, lang, token, client)
        if seat is not None:
            self._tell_windows(table)
        # the first socket here asks the other processes which pages they have open
        self._say_presence(table, ask=len(table.connections) == 1)
        return connection

    def _tell_windows(self, table: LiveTable) -> None:
        """Send a fresh view to every connection that gave its window's id
        (the pages), after a seat's page opened or closed: who is present,
        and which window acts. Other clients get views after changes only."""
        self._broadcast(table, pages_only=True)

    def disconnect(self, table: LiveTable, connection: Connection) -> None:
        """Forget a closed socket (and an archived or finished table nobody
        watches any more); when it was a seat's, every page learns who has
        it open now."""
        super().disconnect(table, connection)
        if connection.seat is not None:
            self._tell_windows(table)
        self._say_presence(table)
        if (table.status != PLAYING or not self._runs(table)) and not table.connections \
                and not table.lock.locked() and self._rooms.get(table.id) is table:
            del self._rooms[table.id]

    # --- abandoned tables ----------------------------------------------------------
    def _idle_since(self) -> datetime:
        """The moment before which a table without a move is abandoned."""
        return now() - timedelta(seconds=self.limits.archive_after)

    async def _archive_periodically(self) -> None:
        while True:
            await asyncio.sleep(max(1.0, min(ARCHIVE_CHECK, self.limits.archive_after)))
            try:
                await self.archive_abandoned()
            except Exception:
                logger.exception("the look for abandoned tables failed")

    async def archive_abandoned(self) -> list[int]:
        """Archive every table played here with no move since
        ``Limits.archive_after`` seconds ago and no seat's socket open, and
        forget the archived and finished tables (and, in a cluster, the copies of
        other processes' tables) that nobody watches; returns
        the ids archived. An archived table stays in the database and is
        read again when asked for."""
        archived = []
        for table in list(self._rooms.values()):
            if table.status != PLAYING or not self._runs(table):
                # a copy of another process's table is read again when asked for
                if not table.connections and not table.lock.locked():
                    self._rooms.pop(table.id, None)
                continue
            if table.is_watched_from_a_seat or table.last_move >= self._idle_since() \
                    or table.clock_running or not self._runs(table):
                continue
            async with self._locked(table):
                if table.status != PLAYING or table.is_watched_from_a_seat \
                        or table.last_move >= self._idle_since() or table.clock_running:
                    continue
                await asyncio.to_thread(self.database.set_table_status, table.id, ARCHIVED)
                table.archived = True
                if table.computers is not None:
                    table.computers.cancel()
                self._broadcast(table)
            if not table.connections:
                self._rooms.pop(table.id, None)
            archived.append(table.id)
        if archived:
            logger.info("%d abandoned tables archived", len(archived))
        return archived

    # --- computer seats ----------------------------------------------------------
    async def _computers_play(self, table: LiveTable) -> bool:
        """The move of the computer seat to move (none at an archived table)."""
        async with self._locked(table):
            if table.archived or table.hand_end is not None or not self._runs(table):
                return False
            seat = table.computer_to_move()
            if seat is None:
                return True
            state = table.state
            name = table.seats[seat].agent
            assert name is not None, "a computer seat names its agent"
            agent = self.engines.make(name, agent_seed(state.seed, seat, len(state.history)))
            async with self.gate.enter(table.has_person):
                action = await asyncio.to_thread(choose_action, agent, state)
            await self._commit(table, seat, [action])
        return True


ASK_PRESENCE = 1 << 20
"""The bit of a presence notification that asks the others for theirs."""

_STORED_FIELDS = ("state", "seats", "delay", "rematch", "last_move", "seed_chosen", "archived",
                  "pauses", "creator_hash", "hints", "clock", "forfeited", "spectator_chat",
                  "rated", "rating_changes")
"""What a live table takes as stored when another process changed it (its
wait and clock too, with their timers: :meth:`TableHub._adopt`)."""


def _stored_wait(hand_end: HandEnd | None) -> dict[str, Any] | None:
    return None if hand_end is None else hand_end.stored()


def _stored_clock(clock_state: ClockState | None) -> dict[str, Any] | None:
    return None if clock_state is None else clock_state.columns()


def check_acting(table: LiveTable, seat: int, client: str | None) -> None:
    """409 when another window than ``client``'s acts for ``seat``."""
    if table.is_elsewhere(seat, client):
        raise ApiError(CONFLICT, (
            "this seat is open in another window, which plays it now: "
            "take the seat over here to play"))


def replay_position(table: LiveTable, move_number: int) -> dict[str, Any]:
    """A finished table's position after ``move_number`` moves, every hand
    shown, every seat called by its name as at the table: ``mover`` is the
    seat that made the last of them (``None`` before the first), ``seats``
    the table's seats as :meth:`Seat.describe` gives them, each with its
    name, for the page to name him."""
    if table.status != FINISHED:
        raise ApiError(FORBIDDEN, "a table is replayed once its match is over")
    history = table.state.history
    if not 0 <= move_number <= len(history):
        raise ApiError(BAD_REQUEST, (
            f"there is no move {move_number}: this match has moves 0 to {len(history)}"
        ))
    state = table.game.new_state(seed=table.state.seed)
    last_action: str | None = None
    mover: int | None = None
    for action in history[:move_number]:
        last_action = state.action_to_str(action)
        mover = state.current_player()
        state.apply(action)
    return {
        "move_number": move_number,
        "total": len(history),
        "deck": table.game.deck.name,
        "public": named_observation(state.public_observation(), table.names()),
        "hands": [state.observation(seat)["hand"] for seat in range(table.game.num_players)],
        "last_action": last_action,
        "mover": mover,
        "seats": [{**seat.describe(index), "name": name}
                  for index, (seat, name) in enumerate(zip(table.seats, table.names(),
                                                           strict=True))],
    }


def table_record(table: LiveTable) -> dict[str, Any]:
    """The game record of a finished table (403 while it is played: it shows every hand)."""
    if table.status != FINISHED:
        raise ApiError(
            FORBIDDEN, "the record is shown once the match is over: it reveals every hand"
        )
    return table.state.record()
