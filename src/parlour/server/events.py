"""Parties: the live events of the web app's event mode.

A host creates an event (:class:`EventHub.create`) and gets a private host
token and one join link to share; people join before the first round and
pick a name (each gets a private player token); when the host starts round
1 the empty places are filled by computer players of the host's level. The
rules are the event that :func:`parlour.events.party_event` names (Progress
Races): the server keeps to the contract of
:class:`parlour.engine.events.Event` (its ``start_round``, ``play`` and
``signal``, its steps, record and replay, its hands and views).

:class:`EventHub` is the one place that changes an event, the way
:class:`~parlour.server.tables.TableHub` changes a table: a step is
checked (token, phase, turn, move number; a move on a clone of the
table's hand), committed to the database, and only then applied to the
live event and sent to every connection, each as its own view. One asyncio
lock per event serializes the steps. Computer players play from one task
per event (one move at every table where a computer is to move, after the
delay); a round's time limit is a task that gives the signal at the stored
deadline. At start-up every unfinished event is replayed from its steps,
its computers resume and its timer is armed again. The plumbing shared
with the tables (restore, connections, broadcast, the computer loop) is
:class:`~parlour.server.rooms.RoomHub`'s.

Parties are bounded as tables are (:class:`~parlour.server.security.Limits`):
the parties one client address and everyone together may have, those
played by computers only (nobody joined) and their pace; every computer's
search passes the :class:`~parlour.server.flow.ComputerGate` shared with
the tables.
"""

from __future__ import annotations

import asyncio
import base64
import hashlib
import hmac
import logging
import random
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from functools import partial
from typing import Any

from parlour import events
from parlour.agents import choose_action, hint
from parlour.engine.events import OVER, READY, Event
from parlour.engine.events import PLAYING as ROUND_PLAYING
from parlour.errors import ParlourError
from parlour.server.db import (
    FINISHED,
    JOINING,
    PLAYING,
    EventRow,
    StoredEvent,
    aware,
    now,
    store_then_adopt,
)
from parlour.server.errors import (
    CONFLICT,
    FORBIDDEN,
    TOO_MANY_REQUESTS,
    ApiError,
)
from parlour.server.payloads import COMPUTER, HUMAN, EventMoveRequest, EventRequest, name_key
from parlour.server.rooms import (
    LiveRoom,
    RoomHub,
    View,
    check_room,
    engine_error,
    move_actions,
    played,
)
from parlour.server.security import counted
from parlour.server.tables import (
    agent_seed,
    hash_token,
    new_token,
    timestamp,
)

logger = logging.getLogger("parlour.server")

HOST = -1
"""The viewer of the host's pages (players are 0 and up, spectators ``None``)."""

COMPUTER_PARTY, COMPUTER_PARTIES = "party of computers only", "parties of computers only"
"""How the refusals name a party nobody joined."""

LIST_LIMIT = 50
"""Most events that one ``GET /api/events`` lists (the newest)."""

Step = list[Any]


def join_code(host_token: str) -> str:
    """The event's join code, derived from the host's token: the server keeps
    neither, only their hashes, and the host's pages can always show it."""
    digest = hashlib.sha256(f"parlour-event-join:{host_token}".encode()).digest()
    return base64.urlsafe_b64encode(digest).decode("ascii")[:22]


def event_url(event_id: int, token: str | None = None) -> str:
    """The live event page (the host's, with the host token in the fragment,
    which the browser does not send)."""
    return f"/events/{event_id}" if token is None else f"/events/{event_id}#token={token}"


def join_url(event_id: int, code: str) -> str:
    """The one link the host shares (the code in the fragment)."""
    return f"/events/{event_id}/join#code={code}"


def player_url(event_id: int, token: str) -> str:
    """A player's own table page (it follows him from table to table; the
    token in the fragment)."""
    return f"/events/{event_id}/play#token={token}"


@dataclass(frozen=True, slots=True)
class Place:
    """Who plays one of the event's players; a person keeps only his token's hash."""

    name: str
    kind: str
    agent: str | None = None
    token_hash: str | None = None

    @classmethod
    def from_stored(cls, data: dict[str, Any] | None) -> Place | None:
        """The place kept in the database (``None``: not taken yet)."""
        if data is None:
            return None
        return cls(data["name"], data["kind"], data.get("agent"), data.get("token_hash"))

    def stored(self) -> dict[str, Any]:
        """The form kept in the database."""
        return {"name": self.name, "kind": self.kind, "agent": self.agent,
                "token_hash": self.token_hash}

    def describe(self, player: int) -> dict[str, Any]:
        """The public description ``{player, name, kind, agent?}``."""
        description: dict[str, Any] = {"player": player, "name": self.name, "kind": self.kind}
        if self.agent is not None:
            description["agent"] = self.agent
        return description


def placeholder(player: int) -> str:
    """The name of a place nobody has taken yet."""
    return f"Place {player + 1}"


def computer_name(number: int) -> str:
    """The name of the ``number``-th computer (from 1) that fills a place."""
    return f"Computer {number}"


def names_of(places: Sequence[Place | None]) -> list[str]:
    """Every player's name (empty places by number)."""
    return [placeholder(player) if place is None else place.name
            for player, place in enumerate(places)]


def _check_name_is_free(live: LiveEvent, name: str) -> None:
    """409 unless ``name`` can be told apart (by :func:`name_key`) from every
    player's and from every name the party gives places and computers, so
    that nobody can pass for a computer or for another player."""
    places = live.places
    others = [place.name for place in places if place is not None] + [
        text for number in range(1, len(places) + 1)
        for text in (placeholder(number - 1), computer_name(number))
    ]
    key = name_key(name)
    for other in others:
        if name_key(other) != key:
            continue
        if name.casefold() == other.casefold():
            raise ApiError(CONFLICT, f"the name {name!r} is taken at this party: pick another")
        raise ApiError(CONFLICT, f"the name {name!r} looks like {other!r}, which is taken "
                                 "at this party: pick another")


@dataclass(eq=False, kw_only=True)
class LiveEvent(LiveRoom):
    """One event in memory: the rules' event (rebuilt from its steps), its
    places, settings and timer, besides what every :class:`LiveRoom` has
    (its hint searches are per table, by round and move number)."""

    event: Event
    places: list[Place | None]
    host_hash: str
    join_hash: str
    level: str
    time_limit: float | None
    deadline: datetime | None
    created: datetime
    timer: asyncio.Task[None] | None = None

    @property
    def status(self) -> str:
        """``joining`` (before round 1), ``playing`` or ``finished``."""
        if self.event.phase == OVER:
            return FINISHED
        return JOINING if self.event.round == 0 else PLAYING

    def names(self) -> list[str]:
        """Every player's name (empty places by number)."""
        return names_of(self.places)

    @property
    def has_person(self) -> bool:
        """Whether a person has joined (a party without one is played by
        computers only, at a bounded pace)."""
        return any(place is not None and place.kind == HUMAN for place in self.places)

    def viewer_of(self, token: str | None) -> int | None:
        """The player that ``token`` opens, :data:`HOST`, or ``None`` (a
        spectator) without a token; every hash is compared in constant time
        and a token that opens nothing here is refused with 403."""
        if not token:
            return None
        digest = hash_token(token)
        found: int | None = HOST if hmac.compare_digest(self.host_hash, digest) else None
        for player, place in enumerate(self.places):
            if place is not None and place.token_hash is not None \
                    and hmac.compare_digest(place.token_hash, digest):
                found = player
        if found is None:
            raise ApiError(FORBIDDEN, f"this link's token opens nothing at party {self.id}")
        return found

    @property
    def computers_due(self) -> bool:
        """Whether a computer is to move at some table."""
        return bool(self.computer_moves())

    def check_host(self, token: str | None) -> None:
        """403 unless ``token`` is the host's."""
        if not token or self.viewer_of(token) != HOST:
            raise ApiError(FORBIDDEN, "only the host may do this: open the party with the "
                                      "host's link")

    def kind_of(self, player: int) -> str | None:
        """``human`` or ``computer`` (``None`` for a place not taken yet)."""
        place = self.places[player]
        return None if place is None else place.kind

    def computer_moves(self) -> list[tuple[int, int]]:
        """``(table, player)`` for every table where a computer is to move."""
        moves = []
        for table in range(self.event.tables):
            player = self.event.to_move(table)
            if player is not None and self.kind_of(player) == COMPUTER:
                moves.append((table, player))
        return moves


def check_actions(event: Event, player: int, actions: Sequence[int]) -> None:
    """Refuse (400, the engine's sentence) unless ``actions`` are all legal
    plays of ``player`` in turn, tried on a clone of his table's hand."""
    table, seat = event.seat_of(player)
    played(event.hands[table], seat, actions)


class EventHub(RoomHub[LiveEvent, StoredEvent]):
    """Every live event, and the database behind them (a
    :class:`~parlour.server.rooms.RoomHub`, as
    :class:`~parlour.server.tables.TableHub` is)."""

    noun = "event"
    name = "party"
    computers_stopped = "the computers of party %s stopped"

    @property
    def kind(self) -> type[Event]:
        """The event that the parties play."""
        return events.party_event()

    # --- lifetime ------------------------------------------------------------
    def _unfinished(self) -> list[StoredEvent]:
        return self.database.unfinished_events()

    def _stored(self, room_id: int) -> StoredEvent | None:
        return self.database.event(room_id)

    async def _resumes(self, live: LiveEvent) -> bool:
        if live.status == FINISHED:  # its last step was stored, not its status
            await asyncio.to_thread(self.database.update_event, live.id,
                                    {"status": FINISHED, "finished": now()})
            return False
        return True

    def _set_going(self, live: LiveEvent) -> None:
        """Start the event's computers and arm its timer (where this process
        runs the party)."""
        self._wake(live)
        self._arm_timer(live)

    def _tasks(self) -> list[asyncio.Task[None]]:
        timers = [live.timer for live in self._rooms.values() if live.timer is not None]
        return [*super()._tasks(), *timers]

    # --- several processes (docs/cluster.md) --------------------------------------
    def _snapshot(self, room: LiveEvent) -> StoredEvent | None:
        return self.database.event(room.id, snapshot=True)

    def _revision(self, room_id: int) -> int | None:
        return self.database.event_revision(room_id)

    def _live_ids(self) -> list[int]:
        return self.database.live_event_ids()

    def _adopt(self, room: LiveEvent, stored: StoredEvent) -> None:
        """Take the party as another process stored it (replayed from its
        steps), arm its timer again where this process runs it, and tell
        every socket."""
        fresh = self._restore(stored)
        for name in ("event", "places", "host_hash", "join_hash", "level", "delay",
                     "time_limit", "deadline", "created", "seed_chosen", "revision"):
            setattr(room, name, getattr(fresh, name))
        if room.status == FINISHED:
            self._rooms.pop(room.id, None)
        self._broadcast(room)
        self._wake(room)
        self._arm_timer(room)

    def _stop_running(self, room: LiveEvent) -> None:
        super()._stop_running(room)
        if room.timer is not None:
            room.timer.cancel()
            room.timer = None

    def _restore(self, stored: StoredEvent) -> LiveEvent:
        row = stored.row
        kind = self.kind
        if row.version != kind.version:
            raise ParlourError(f"it was played with {kind.title} version {row.version}; "
                               f"this parlour plays version {kind.version}")
        places = [Place.from_stored(place) for place in row.places]
        event = kind.replay(int(row.seed), row.options, stored.steps, row.seating,
                            names_of(places))
        return LiveEvent(
            id=row.id, event=event, places=places, host_hash=row.host_hash,
            join_hash=row.join_hash, level=row.level, delay=row.delay,
            time_limit=row.time_limit,
            deadline=None if row.deadline is None else aware(row.deadline),
            created=aware(row.created), seed_chosen=bool(row.seed_chosen),
            revision=row.revision,
        )

    async def event(self, event_id: int) -> LiveEvent:
        """The event ``event_id`` (404 if there is none); finished events are
        read from the database when they are not in memory."""
        return await self.current(await self.find(event_id))

    # --- the host --------------------------------------------------------------
    def _check_room(self, owner: str | None) -> None:
        """429 naming the limit that a new party of ``owner`` would pass."""
        owners = [live.owner for live in [*self._rooms.values(), *self._opening]
                  if live.status != FINISHED]
        mine = sum(owner is not None and other == owner for other in owners)
        check_room(mine, len(owners), self.limits.parties_per_address, self.limits.parties,
                   "unfinished party", "unfinished parties")

    def _check_computer_room(self, live: LiveEvent) -> None:
        """429 naming the limit that starting ``live`` with nobody joined would pass."""
        limits = self.limits
        running = [other for other in self._rooms.values()
                   if other.status == PLAYING and not other.has_person]
        mine = sum(live.owner is not None and other.owner == live.owner for other in running)
        if mine >= limits.computer_parties_per_address:
            held = counted(mine, COMPUTER_PARTY, COMPUTER_PARTIES)
            raise ApiError(TOO_MANY_REQUESTS, (
                f"you already have {held} being played, the most one address may have "
                f"({limits.computer_parties_per_address}): wait until one is over, or let "
                "people join first"))
        if len(running) >= limits.computer_parties:
            held = counted(len(running), COMPUTER_PARTY, COMPUTER_PARTIES)
            raise ApiError(TOO_MANY_REQUESTS, (
                f"this server already plays {held}, its limit ({limits.computer_parties}): "
                "wait until one is over, or let people join first"))

    async def create(
        self, request: EventRequest, owner: str | None = None
    ) -> tuple[LiveEvent, str]:
        """Open a new party for the client address ``owner`` (429 over a limit
        of :class:`Limits`); returns it and the host's token."""
        try:
            kind = self.kind
            options = kind.validate(request.options)
            self.engines.check(request.level)
            seed = request.seed if request.seed is not None \
                else random.SystemRandom().randrange(2**63)
            players = kind.players_for(options)
            event = kind(seed, options, names=names_of([None] * players))
        except ParlourError as error:
            raise engine_error(error) from None
        self._check_room(owner)
        host_token = new_token()
        row = EventRow(
            version=kind.version, options=dict(event.options), seed=str(seed), seating=event.first,
            places=[None] * players, host_hash=hash_token(host_token),
            join_hash=hash_token(join_code(host_token)), level=request.level,
            delay=request.delay, time_limit=request.time_limit, deadline=None,
            status=JOINING, steps=0, created=now(), finished=None,
            seed_chosen=request.seed is not None,
        )
        opening = LiveEvent(
            id=0, event=event, places=[None] * players, host_hash=row.host_hash,
            join_hash=row.join_hash, level=request.level, delay=request.delay,
            time_limit=request.time_limit, deadline=None, created=row.created,
            seed_chosen=row.seed_chosen, owner=owner,
        )
        return await self._open(opening, partial(self.database.add_event, row)), host_token

    async def join(self, live: LiveEvent, code: str | None, name: str) -> tuple[int, str]:
        """Take the first free place as ``name``; returns the player and his token."""
        if not code or not hmac.compare_digest(hash_token(code), live.join_hash):
            raise ApiError(FORBIDDEN, f"this join link is not the one of party {live.id}: "
                                      "ask the host for the link")
        async with self._locked(live):
            if live.status != JOINING:
                raise ApiError(CONFLICT, (
                    "this party has already started: places are taken before round 1 only "
                    "(you can watch it from the party's page)"
                ))
            _check_name_is_free(live, name)
            free = [player for player, place in enumerate(live.places) if place is None]
            if not free:
                raise ApiError(CONFLICT, "every place at this party is taken")
            token = new_token()
            places = list(live.places)
            places[free[0]] = Place(name, HUMAN, None, hash_token(token))
            await self._store_places(live, places, {})
        self._broadcast(live)
        return free[0], token

    async def _store_places(self, live: LiveEvent, places: list[Place | None],
                            values: dict[str, Any], steps: Sequence[Step] = ()) -> None:
        """Commit new places (before round 1 only: the names are the event's)
        with ``values`` and ``steps``, then rebuild the event with them."""
        assert not live.event.steps, "places change before the first round only"
        stored = [None if place is None else place.stored() for place in places]
        await asyncio.to_thread(self.database.update_event, live.id,
                                {**values, "places": stored}, 0, list(steps))
        live.places = places
        event = live.event
        live.event = type(event)(event.seed, event.options, event.first, live.names())
        for step in steps:
            live.event.apply_step(step)

    async def start_round(self, live: LiveEvent, token: str | None) -> View:
        """The host starts the next round (round 1 fills the empty places with
        computers first); returns the host's view."""
        live.check_host(token)
        async with self._locked(live):
            event = live.event
            if event.phase == OVER:
                raise ApiError(CONFLICT, "the party is over")
            if event.phase == ROUND_PLAYING:
                raise ApiError(CONFLICT, f"round {event.round} is being played: give the "
                                         "signal to end it first")
            deadline = None if live.time_limit is None \
                else now() + timedelta(seconds=live.time_limit)
            values: dict[str, Any] = {"deadline": deadline, "status": PLAYING}
            if event.round == 0:
                if not live.has_person:
                    self._check_computer_room(live)
                await self._store_places(live, self._filled(live), values, [["start"]])
            else:
                await self._commit(live, [["start"]], values)
            live.deadline = deadline
            await self._after_step(live)
            return self.view(live, HOST)

    def _filled(self, live: LiveEvent) -> list[Place | None]:
        """The places with every empty one given to a computer of the host's level."""
        places: list[Place | None] = []
        computers = 0
        for place in live.places:
            if place is None:
                computers += 1
                place = Place(computer_name(computers), COMPUTER, live.level)
            places.append(place)
        return places

    async def signal(self, live: LiveEvent, token: str | None) -> View:
        """The host's signal: tables still playing stop and score; players move."""
        live.check_host(token)
        async with self._locked(live):
            self._check_round(live)
            await self._commit(live, [["signal"]], {"deadline": None})
            await self._after_step(live)
            return self.view(live, HOST)

    @staticmethod
    def _check_round(live: LiveEvent) -> None:
        event = live.event
        if event.phase == OVER:
            raise ApiError(CONFLICT, "the party is over")
        if event.phase == READY:
            raise ApiError(CONFLICT, f"round {event.round + 1} has not started: the host "
                                     "starts it")

    async def set_timer(self, live: LiveEvent, token: str | None, seconds: float | None) -> View:
        """The host sets (or with ``None`` clears) the rounds' time limit; a
        round being played gets ``seconds`` from now."""
        live.check_host(token)
        async with self._locked(live):
            if live.event.phase == OVER:
                raise ApiError(CONFLICT, "the party is over")
            deadline = now() + timedelta(seconds=seconds) \
                if seconds is not None and live.event.phase == ROUND_PLAYING else None
            await asyncio.to_thread(self.database.update_event, live.id,
                                    {"time_limit": seconds, "deadline": deadline})
            live.time_limit, live.deadline = seconds, deadline
            self._broadcast(live)
            self._arm_timer(live)
            return self.view(live, HOST)

    # --- players -----------------------------------------------------------------
    async def play(self, live: LiveEvent, viewer: int | None, request: EventMoveRequest) -> View:
        """A player's move at his table; returns his new view once committed."""
        if viewer is None or viewer == HOST:
            raise ApiError(FORBIDDEN, "only a player moves: open the table with your own "
                                      "player's link")
        async with self._locked(live):
            event = live.event
            if event.phase != ROUND_PLAYING:
                raise ApiError(CONFLICT, "the party is over" if event.phase == OVER else
                               f"round {event.round + 1} has not started: wait for the host")
            table, _ = event.seat_of(viewer)
            hand = event.hands[table]
            if request.round != event.round or request.move.move_number != len(hand.history):
                raise ApiError(CONFLICT, (
                    f"your table has moved on: this move was chosen at round {request.round}, "
                    f"move {request.move.move_number}; the table is at round {event.round}, "
                    f"move {len(hand.history)}"
                ))
            if hand.is_terminal():
                raise ApiError(CONFLICT, f"the hand at table {table + 1} is over: wait for "
                                         "the signal")
            mover = event.seating[table][hand.current_player()]
            if mover != viewer:
                raise ApiError(CONFLICT, f"it is {event.names[mover]}'s turn, not yours")
            actions = move_actions(hand, request.move)
            check_actions(event, viewer, actions)
            await self._commit(live, [["play", viewer, action] for action in actions], {})
            await self._after_step(live)
            return self.view(live, viewer)

    async def hint(self, live: LiveEvent, viewer: int | None) -> dict[str, Any]:
        """What the hint level would play for the player, who must be to move
        at his table: ``{action, text, level, round, move_number}``; one
        search a position, shared by repeated or simultaneous requests."""
        if viewer is None or viewer == HOST:
            raise ApiError(FORBIDDEN, "a hint is for a player: open your own player's link")
        event = live.event
        if event.phase != ROUND_PLAYING:
            raise ApiError(CONFLICT, "no round is being played")
        table, _ = event.seat_of(viewer)
        hand = event.hands[table]
        if event.to_move(table) != viewer:
            raise ApiError(CONFLICT, "it is not your turn")
        number = len(hand.history)
        suggestion = await self._hint(live, table, (event.round, number), partial(
            hint, hand.clone(), agent_seed(event.seed, viewer, len(event.steps))))
        return {"action": suggestion.action, "text": suggestion.text, "level": suggestion.level,
                "round": event.round, "move_number": number}

    # --- steps -------------------------------------------------------------------
    async def _commit(self, live: LiveEvent, steps: list[Step], values: dict[str, Any]) -> None:
        """Store ``steps`` (already checked) with ``values``, then apply them."""
        event = live.event

        def adopt(_: None) -> None:
            for step in steps:
                event.apply_step(step)

        await store_then_adopt(partial(self.database.update_event, live.id, values,
                                       len(event.steps), steps), adopt)

    async def _after_step(self, live: LiveEvent) -> None:
        """After a committed step: tell every connection, wake the computers,
        arm the timer, and store the end of the party."""
        if live.event.phase != ROUND_PLAYING:
            live.deadline = None
        if live.status == FINISHED:
            # the step that ends the party is stored; so is this, or a restart does it
            await asyncio.to_thread(self.database.update_event, live.id,
                                    {"status": FINISHED, "finished": now()})
            self._rooms.pop(live.id, None)
        self._broadcast(live)
        self._wake(live)
        self._arm_timer(live)

    # --- views -------------------------------------------------------------------
    def describe(self, live: LiveEvent) -> dict[str, Any]:
        """The ``event`` part of a view: the rules' public view and the party's settings."""
        joined = sum(1 for place in live.places if place is not None and place.kind == HUMAN)
        return {
            "id": live.id, "title": live.event.title, "status": live.status, "level": live.level,
            "delay": self.delay_of(live), "time_limit": live.time_limit,
            "deadline": timestamp(live.deadline), "created": timestamp(live.created),
            "joined": joined, "steps": len(live.event.steps), "seed_chosen": live.seed_chosen,
            "places": [{"player": player, "name": placeholder(player), "kind": None}
                       if place is None else place.describe(player)
                       for player, place in enumerate(live.places)],
            "url": event_url(live.id),
            **live.event.view(),
        }

    def view(self, live: LiveEvent, viewer: int | None,
             described: dict[str, Any] | None = None) -> View:
        """What ``viewer`` (a player, :data:`HOST` or ``None``) sees."""
        event = live.event
        view: View = {
            "event": described if described is not None else self.describe(live),
            "host": viewer == HOST, "player": None, "table": None, "seat": None,
            "role": None, "round": event.round, "move_number": 0, "observation": None,
            "seats": [],
        }
        if viewer is None or viewer == HOST:
            return view
        table, seat = event.seat_of(viewer)
        view.update(player=viewer, table=table + 1, seat=seat, role=event.role[viewer])
        view["seats"] = [
            {"seat": index, "player": player, "name": event.names[player],
             "kind": live.kind_of(player)}
            for index, player in enumerate(event.seating[table])
        ]
        if event.phase == ROUND_PLAYING:
            hand = event.hands[table]
            view["move_number"] = len(hand.history)
            view["observation"] = hand.observation(seat)
        return view

    async def list_events(self) -> list[dict[str, Any]]:
        """The newest parties: ``{id, title, status, tables, rounds, created, url}``."""
        rows = await asyncio.to_thread(self.database.list_events, LIST_LIMIT)
        title = self.kind.title
        return [{"id": row.id, "title": title, "status": row.status,
                 "tables": row.options.get("tables"), "rounds": row.options.get("rounds"),
                 "created": timestamp(row.created), "url": event_url(row.id)} for row in rows]

    def form(self) -> dict[str, Any]:
        """What the lobby's party form is built from: the options and the rules."""
        kind = self.kind
        return {"title": kind.title, "options": kind.schema.describe(), "rules": kind.rules_help()}

    # --- computers and the timer ---------------------------------------------------
    async def _computers_play(self, live: LiveEvent) -> bool:
        """One move at every table where a computer is to move."""
        for table, player in live.computer_moves():
            await self._computer_move(live, table, player)
        return True

    async def _computer_move(self, live: LiveEvent, table: int, player: int) -> None:
        event = live.event
        hand, number, round_number = event.hands[table], len(event.hands[table].history), \
            event.round
        place = live.places[player]
        assert place is not None and place.agent is not None, "a computer names its agent"
        agent = self.engines.make(place.agent, agent_seed(event.seed, player, len(event.steps)))
        # a clone: the live hand changes while the agent thinks in its thread
        async with self.gate.enter(live.has_person):
            action = await asyncio.to_thread(choose_action, agent, hand.clone())
        async with self._locked(live):
            event = live.event  # another process's step may have replaced it
            if event.round != round_number or event.to_move(table) != player \
                    or len(event.hands[table].history) != number or not self._runs(live):
                return
            await self._commit(live, [["play", player, action]], {})
            await self._after_step(live)

    def _arm_timer(self, live: LiveEvent) -> None:
        """(Re)start the task that gives the signal at the round's deadline."""
        if live.timer is not None and live.timer is not asyncio.current_task():
            live.timer.cancel()
        live.timer = None
        if live.event.phase == ROUND_PLAYING and live.deadline is not None \
                and self._runs(live):
            live.timer = asyncio.create_task(
                self._run_timer(live, live.event.round, live.deadline),
                name=f"parlour event {live.id} timer")

    async def _run_timer(self, live: LiveEvent, round_number: int, deadline: datetime) -> None:
        try:
            await asyncio.sleep(max(0.0, (deadline - now()).total_seconds()))
            async with self._locked(live):
                event = live.event
                if event.phase != ROUND_PLAYING or event.round != round_number \
                        or live.deadline != deadline:
                    return
                await self._commit(live, [["signal"]], {"deadline": None})
                await self._after_step(live)
        except Exception:
            logger.exception("the timer of party %s stopped", live.id)
