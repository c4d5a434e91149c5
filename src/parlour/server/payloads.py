"""Reading the JSON bodies of requests and socket messages into typed values.

Every refusal is an :class:`ApiError` (400) with a sentence naming what was
wrong; options, games and agents are checked later by the engine itself.
An object holding a field that its request does not know is refused too,
naming the field (a misspelt ``move_numbr`` is never silently ignored).
"""

from __future__ import annotations

import json
import math
import unicodedata
from collections.abc import Collection
from dataclasses import dataclass
from typing import Any, Literal

from parlour.server.errors import BAD_REQUEST, ApiError

HUMAN = "human"
COMPUTER = "computer"
OPEN = "open"
"""A seat any player may take from the lobby (docs/web.md, "Open seats")."""
DEFAULT_AGENT = "random"
DEFAULT_LEVEL = "medium"
"""The level of the computer that takes a seat a person leaves or loses."""
MAX_DELAY = 60.0
"""Longest computer delay a table may ask for, in seconds."""
MAX_TRICK_PAUSE = 10.0
"""Longest time a finished trick may stay in view, in seconds."""
MAX_HAND_WAIT = 3600.0
"""Longest time the next hand may wait for the people, in seconds."""
SEED_LIMIT = 2**64
"""Seeds are whole numbers from 0 to ``SEED_LIMIT - 1``."""

TABLE_FIELDS = ("game", "options", "seats", "seed", "delay", "trick_pause", "hand_wait", "hints",
                "clock", "spectator_chat")
SEAT_FIELDS = ("kind", "agent", "name")
MOVE_FIELDS = ("token", "action", "text", "move_number")
NAME_FIELDS = ("token", "name")
LEAVE_FIELDS = ("token",)
CREATOR_FIELDS = ("creator",)
GIVE_FIELDS = ("creator", "agent")
HINTS_FIELDS = ("creator", "hints")
START_FIELDS = ("creator", "agent")
CLOCK_FIELDS = ("kind", "move", "bank", "on_timeout")
SOCKET_MOVE_FIELDS = ("type", "action", "text", "move_number")
UNDO_FIELDS = ("token", "move_number")
REMATCH_FIELDS = ("token", "accept")
CONTINUE_FIELDS = ("token", "hand")
EVENT_FIELDS = ("options", "level", "seed", "delay", "time_limit")
JOIN_FIELDS = ("code", "name")
HOST_FIELDS = ("token",)
TIMER_FIELDS = ("token", "seconds")
EVENT_MOVE_FIELDS = ("token", "action", "text", "round", "move_number")
CHAT_FIELDS = ("token", "text")
SOCKET_CHAT_FIELDS = ("type", "text")
CHAT_SETTINGS_FIELDS = ("creator", "spectators")
MUTE_FIELDS = ("player", "muted")
"""The fields each kind of body or message may hold, in the order the
refusal of an unknown field lists them."""


@dataclass(frozen=True, slots=True)
class SeatRequest:
    """Who sits at one seat: a person, or a computer agent by name."""

    kind: str
    agent: str | None = None
    name: str | None = None
    """A person's display name (:func:`parse_seat_name`), if given."""


REALTIME = "realtime"
TURN_BASED = "turn"
CLOCK_KINDS = (REALTIME, TURN_BASED)
ON_TIMEOUT_EASY = "easy"
ON_TIMEOUT_FORFEIT = "forfeit"
ON_TIMEOUT = (ON_TIMEOUT_EASY, ON_TIMEOUT_FORFEIT)
"""What happens when a seat's time runs out: the ``easy`` agent plays that
move for it, or the seat forfeits the match."""
MIN_CLOCK_MOVE = 5.0
"""Fewest seconds a clock may give a move."""
MAX_REALTIME_MOVE = 3600.0
"""Most seconds a real-time clock may give a move (one hour)."""
MAX_TURN_MOVE = 14 * 86400.0
"""Most seconds a turn-based clock may give a move (14 days)."""
MAX_CLOCK_BANK = 3600.0
"""Most seconds of time bank a real-time clock may give each seat (one hour)."""


@dataclass(frozen=True, slots=True)
class ClockRequest:
    """A table's clock: ``kind`` (:data:`REALTIME` or :data:`TURN_BASED`),
    the seconds each ``move`` is given, the seconds of time ``bank`` each
    seat has besides (real time only) and what a timeout does."""

    kind: str
    move: float
    bank: float = 0.0
    on_timeout: str = ON_TIMEOUT_EASY

    def stored(self) -> dict[str, Any]:
        """The form kept in ``tables.clock`` and shown in views."""
        return {"kind": self.kind, "move": self.move, "bank": self.bank,
                "on_timeout": self.on_timeout}

    @classmethod
    def from_stored(cls, stored: dict[str, Any] | None) -> ClockRequest | None:
        """The clock :meth:`stored` wrote (``None``: no clock)."""
        if stored is None:
            return None
        return cls(str(stored["kind"]), float(stored["move"]), float(stored.get("bank", 0.0)),
                   str(stored.get("on_timeout", ON_TIMEOUT_EASY)))


@dataclass(frozen=True, slots=True)
class TableRequest:
    """The body of ``POST /api/tables``."""

    game: str
    options: dict[str, object]
    seats: list[SeatRequest]
    seed: int | None
    delay: float | None
    trick_pause: float | None = None
    """Seconds a finished trick stays in view (``None``: the server's default)."""
    hand_wait: float | None = None
    """Most seconds the next hand waits for the people to continue after a
    hand's result (``None``: the server's default)."""
    hints: bool | None = None
    """Whether the seats may ask for hints; ``None``: only when fewer than
    two people play."""
    clock: ClockRequest | None = None
    """The table's clock (``None``: none)."""
    spectator_chat: bool = False
    """Whether spectators (who are players) may chat at the table."""


@dataclass(frozen=True, slots=True)
class MoveRequest:
    """A move: an action id or a text to parse, and the view's move number."""

    action: int | None
    text: str | None
    move_number: int


def _bad(message: str) -> ApiError:
    return ApiError(BAD_REQUEST, message)


def _object(body: object, what: str, fields: Collection[str] | None = None) -> dict[str, Any]:
    """``body`` as a JSON object; with ``fields``, one holding no other key."""
    if not isinstance(body, dict):
        raise _bad(f"{what} must be a JSON object")
    if fields is not None:
        for key in body:
            if key not in fields:
                raise _bad(f"{what} has an unknown field {key!r}; its fields are "
                           f"{', '.join(fields)}" if fields else
                           f"{what} has an unknown field {key!r}; it has no fields")
    return body


def parse_json(text: str | bytes, what: str) -> object:
    """The JSON value of ``text`` (400 naming ``what`` unless it is JSON;
    nesting too deep for the parser counts as not JSON)."""
    try:
        return json.loads(text)
    except (ValueError, RecursionError):
        raise _bad(f"{what} must be JSON") from None


def _parse_seed(value: object) -> int | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < SEED_LIMIT:
        raise _bad(f"a seed must be a whole number from 0 to 2**64 - 1, not {value!r}")
    return value


def _is_integer(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def parse_table_request(body: object) -> TableRequest:
    """The new table that ``body`` asks for (shape only; the engine checks the rest)."""
    data = _object(body, "the request", TABLE_FIELDS)
    game = data.get("game")
    if not isinstance(game, str) or not game.strip():
        raise _bad("name the game to play: {\"game\": NAME}, a name that GET /api/games lists")
    options = _object(data.get("options", {}), "'options'")
    seats = data.get("seats")
    if not isinstance(seats, list) or not seats:
        raise _bad("list the seats, e.g. [{\"kind\": \"human\"}, {\"kind\": \"computer\"}]")
    parsed = [_parse_seat(seat) for seat in seats]
    clock = parse_clock(data.get("clock"))
    if clock is not None and all(seat.kind == COMPUTER for seat in parsed):
        raise _bad("a clock times people's seats: this table has none (computers move at "
                   "their own pace)")
    return TableRequest(
        game=game, options=options, seats=parsed, clock=clock,
        seed=_parse_seed(data.get("seed")), delay=_parse_delay(data.get("delay")),
        trick_pause=_parse_seconds(data.get("trick_pause"), "trick_pause", MAX_TRICK_PAUSE),
        hand_wait=_parse_seconds(data.get("hand_wait"), "hand_wait", MAX_HAND_WAIT),
        hints=_parse_hints(data.get("hints"), required=False),
        spectator_chat=_parse_spectator_chat(data.get("spectator_chat", False)),
    )


def _parse_spectator_chat(value: object) -> bool:
    """Whether spectators may chat at a new table: ``true`` or ``false``."""
    if not isinstance(value, bool):
        raise _bad(f"spectator_chat is true (spectators who are players may chat) or false, "
                   f"not {value!r}")
    return value


def _parse_hints(value: object, required: bool = True) -> bool | None:
    """A table's hints switch: ``true`` or ``false`` (or absent when not ``required``)."""
    if value is None and not required:
        return None
    if not isinstance(value, bool):
        raise _bad(f"hints are switched on with true or off with false, not {value!r}")
    return value


def _parse_seconds(value: object, name: str, most: float) -> float | None:
    """A number of seconds from 0 to ``most`` at ``name`` (``None`` when not given)."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int | float) or not (
        math.isfinite(value) and 0 <= value <= most
    ):
        raise _bad(f"{name} must be a number of seconds from 0 to {most:g}, not {value!r}")
    return float(value)


def parse_continue_request(body: object) -> tuple[str | None, int]:
    """The token and the hand of a ``POST /api/tables/{id}/continue`` body."""
    data = _object(body, "the request", CONTINUE_FIELDS)
    hand = data.get("hand")
    if not _is_integer(hand):
        raise _bad("give the hand whose result you have seen: {\"hand\": N}, "
                   "the view's hand_end.hand")
    assert isinstance(hand, int)
    return token_of(data), hand


def _parse_seat(value: object) -> SeatRequest:
    seat = _object(value, "a seat", SEAT_FIELDS)
    kind = seat.get("kind")
    if kind == HUMAN:
        if "agent" in seat:
            raise _bad("a human seat has no agent")
        name = seat.get("name")
        return SeatRequest(HUMAN, name=None if name is None else parse_seat_name(name))
    if kind == COMPUTER:
        if "name" in seat:
            raise _bad("a computer seat is named after its level: give a name to a person's seat")
        return SeatRequest(COMPUTER, _parse_agent(seat.get("agent", DEFAULT_AGENT)))
    if kind == OPEN:
        if "agent" in seat or "name" in seat:
            raise _bad("an open seat is the player's who takes it: it has no agent and no name")
        return SeatRequest(OPEN)
    raise _bad(f"a seat's kind must be 'human', 'computer' or 'open', not {kind!r}")


def parse_clock(value: object) -> ClockRequest | None:
    """A table's ``clock``: ``null`` (or absent) for none, else ``{"kind":
    "realtime", "move": S, "bank": S, "on_timeout": "easy" | "forfeit"}``
    or ``{"kind": "turn", "move": S, "on_timeout": ...}``, within
    :data:`MIN_CLOCK_MOVE`, :data:`MAX_REALTIME_MOVE`, :data:`MAX_TURN_MOVE`
    and :data:`MAX_CLOCK_BANK` (docs/web.md, "Clocks")."""
    if value is None:
        return None
    data = _object(value, "the clock", CLOCK_FIELDS)
    kind = data.get("kind")
    if kind not in CLOCK_KINDS:
        raise _bad(f"a clock's kind is 'realtime' (seconds a move and a time bank) or 'turn' "
                   f"(a turn-based game: hours or days a move), not {kind!r}")
    most = MAX_REALTIME_MOVE if kind == REALTIME else MAX_TURN_MOVE
    move = _clock_seconds(data.get("move"), "move", MIN_CLOCK_MOVE, most)
    if move is None:
        raise _bad(f"give the seconds each move may take: \"move\", from {MIN_CLOCK_MOVE:g} "
                   f"to {most:g}")
    bank = _clock_seconds(data.get("bank"), "bank", 0.0, MAX_CLOCK_BANK)
    if kind == TURN_BASED and bank is not None:
        raise _bad("a turn-based clock has no time bank: give a real-time clock a bank")
    on_timeout = data.get("on_timeout", ON_TIMEOUT_EASY)
    if on_timeout not in ON_TIMEOUT:
        raise _bad(f"on_timeout is 'easy' (the easy computer plays the move) or 'forfeit' "
                   f"(the seat forfeits the match), not {on_timeout!r}")
    return ClockRequest(str(kind), move, bank or 0.0, str(on_timeout))


def _clock_seconds(value: object, name: str, least: float, most: float) -> float | None:
    """A clock's number of seconds at ``name``, from ``least`` to ``most``
    (``None`` when not given)."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int | float) or not (
        math.isfinite(value) and least <= value <= most
    ):
        raise _bad(f"the clock's {name} must be a number of seconds from {least:g} to "
                   f"{most:g}, not {value!r}")
    return float(value)


def _parse_agent(agent: object) -> str:
    if not isinstance(agent, str):
        raise _bad(f"a computer seat's agent is a name such as 'random', not {agent!r}")
    return agent.strip().casefold()


def _parse_delay(value: object) -> float | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int | float) or not (
        math.isfinite(value) and 0 <= value <= MAX_DELAY
    ):
        raise _bad(f"the delay must be a number of seconds from 0 to {MAX_DELAY:g}, not {value!r}")
    return float(value)


def parse_move_request(body: object) -> tuple[str | None, MoveRequest]:
    """The token and the move of a ``POST /api/tables/{id}/moves`` body."""
    data = _object(body, "the request", MOVE_FIELDS)
    return token_of(data), parse_move(data)


def parse_undo_request(body: object) -> tuple[str | None, int]:
    """The token and the view's move number of a ``POST
    /api/tables/{id}/undo`` or ``/redo`` body."""
    data = _object(body, "the request", UNDO_FIELDS)
    move_number = data.get("move_number")
    if not _is_integer(move_number):
        raise _bad("give the move_number of the view the undo or redo was chosen from")
    assert isinstance(move_number, int)
    return token_of(data), move_number


def parse_rematch_request(body: object) -> tuple[str | None, bool]:
    """The token and the answer of a ``POST /api/tables/{id}/rematch`` body."""
    data = _object(body, "the request", REMATCH_FIELDS)
    accept = data.get("accept")
    if not isinstance(accept, bool):
        raise _bad("say whether you accept the rematch: {\"accept\": true} or "
                   "{\"accept\": false}")
    return token_of(data), accept


TAKE_OVER: Literal["take_over"] = "take_over"
"""A table socket's message ``{"type": "take_over"}``: this window acts for
its seat from now on, not the other one that has it open."""


@dataclass(frozen=True, slots=True)
class ChatRequest:
    """A chat message a socket sends: its text, read by :func:`parse_chat_text`."""

    text: str


def parse_socket_message(text: str) -> MoveRequest | ChatRequest | Literal["take_over"]:
    """A table socket's message: the move of ``{"type": "move", ...}``,
    :data:`TAKE_OVER`, or the chat message of ``{"type": "chat", "text": ...}``."""
    message = parse_json(text, "a message")
    kind = message.get("type") if isinstance(message, dict) else None
    if kind == TAKE_OVER:
        _object(message, "a take-over message", ("type",))
        return TAKE_OVER
    if kind == "chat":
        data = _object(message, "a chat message", SOCKET_CHAT_FIELDS)
        return ChatRequest(parse_chat_text(data.get("text")))
    if kind != "move":
        raise _bad("a message is {\"type\": \"move\", ...}, {\"type\": \"take_over\"} or "
                   "{\"type\": \"chat\", \"text\": ...}")
    return parse_move(_object(message, "a move message", SOCKET_MOVE_FIELDS))


def parse_move(data: dict[str, Any]) -> MoveRequest:
    """The move in ``data``: ``action`` (an id) or ``text``, and ``move_number``
    (the caller has checked ``data``'s fields)."""
    action, text = data.get("action"), data.get("text")
    if action is None and text is None:
        raise _bad("give the move as an action id ('action') or as text ('text')")
    if action is not None and text is not None:
        raise _bad("give the move as an action id or as text, not both")
    if action is not None and not _is_integer(action):
        raise _bad(f"an action is an integer id, not {action!r}")
    if text is not None and not isinstance(text, str):
        raise _bad(f"a move's text must be text, not {text!r}")
    move_number = data.get("move_number")
    if not isinstance(move_number, int) or isinstance(move_number, bool):
        raise _bad("give the move_number of the view the move was chosen from")
    return MoveRequest(action=action, text=text, move_number=move_number)


# --- Progress Races parties (server/events.py) --------------------------------------
DEFAULT_EVENT_LEVEL = "medium"
"""The computer level that fills an event's empty places unless the host
chooses another."""
MAX_NAME_LENGTH = 24
"""Longest name a person may pick when joining an event."""
MAX_TIME_LIMIT = 24 * 3600.0
"""Longest time limit of a round, in seconds."""


@dataclass(frozen=True, slots=True)
class EventRequest:
    """The body of ``POST /api/events``."""

    options: dict[str, object]
    level: str
    seed: int | None
    delay: float | None
    time_limit: float | None


@dataclass(frozen=True, slots=True)
class EventMoveRequest:
    """A player's move at his table: the move and the round it was chosen in
    (the move number counts the moves of that round's hand at his table)."""

    move: MoveRequest
    round: int


def parse_event_request(body: object) -> EventRequest:
    """The party that ``body`` asks for (shape only; the rules check the options)."""
    data = _object(body, "the request", EVENT_FIELDS)
    options = _object(data.get("options", {}), "'options'")
    level = data.get("level", DEFAULT_EVENT_LEVEL)
    if not isinstance(level, str) or not level.strip():
        raise _bad(f"the computers' level is a name such as 'medium', not {level!r}")
    return EventRequest(
        options=options, level=level.strip().casefold(), seed=_parse_seed(data.get("seed")),
        delay=_parse_delay(data.get("delay")), time_limit=parse_time_limit(data.get("time_limit")),
    )


def parse_time_limit(value: object) -> float | None:
    """A round's time limit in seconds (``None``: no limit)."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int | float) or not (
        math.isfinite(value) and 1 <= value <= MAX_TIME_LIMIT
    ):
        raise _bad(
            f"a round's time limit is a number of seconds from 1 to {MAX_TIME_LIMIT:g} "
            f"(or null for none), not {value!r}"
        )
    return float(value)


def parse_name(value: object) -> str:
    """The name a person picks (spaces trimmed; 1 to 24 printable characters)."""
    if not isinstance(value, str):
        raise _bad("pick a name, e.g. {\"name\": \"Samuel\"}")
    name = " ".join(value.split())
    if not name:
        raise _bad("pick a name: it may not be empty")
    if len(name) > MAX_NAME_LENGTH:
        raise _bad(f"a name has at most {MAX_NAME_LENGTH} characters; {name!r} has {len(name)}")
    if not name.isprintable():
        raise _bad("a name may not hold control characters")
    return name


def parse_seat_name(value: object) -> str:
    """The name a person shows at a table: its compatibility forms folded
    (NFKC: ``Ａｎｎ`` is ``Ann``, a no-break space a space), spaces trimmed
    and runs of them made one; 1 to 24 characters, none of them a control
    or invisible formatting character (a tab, a line break, a zero-width
    space), which would garble the table's log.

    >>> parse_seat_name("  Ａｎｎ\u00a0 Lee ")
    'Ann Lee'
    """
    if not isinstance(value, str):
        raise _bad("pick a name, e.g. {\"name\": \"Samuel\"}")
    folded = unicodedata.normalize("NFKC", value)
    if not all(character == " " or character.isprintable() for character in folded):
        raise _bad("a name may not hold control characters (tabs, line breaks, invisible marks)")
    name = " ".join(folded.split())
    if not name:
        raise _bad("pick a name: it may not be empty")
    if len(name) > MAX_NAME_LENGTH:
        raise _bad(f"a name has at most {MAX_NAME_LENGTH} characters; {name!r} has {len(name)}")
    return name


def parse_name_request(body: object) -> tuple[str | None, str]:
    """The seat's token and the name of a ``POST /api/tables/{id}/name`` body."""
    data = _object(body, "the request", NAME_FIELDS)
    return token_of(data), parse_seat_name(data.get("name"))


def parse_leave_request(body: object) -> str | None:
    """The seat's token of a ``POST /api/tables/{id}/leave`` body."""
    return token_of(_object(body, "the request", LEAVE_FIELDS))


def parse_creator_request(body: object) -> str | None:
    """The creator's token of a body that holds only it (a seat's new link)."""
    return token_of(_object(body, "the request", CREATOR_FIELDS), "creator")


def parse_give_request(body: object) -> tuple[str | None, str]:
    """The creator's token and the computer's agent (``medium`` unless
    named) of a ``POST /api/tables/{id}/seats/{seat}/computer`` body."""
    data = _object(body, "the request", GIVE_FIELDS)
    return token_of(data, "creator"), _parse_agent(data.get("agent", DEFAULT_LEVEL))


def parse_start_request(body: object) -> tuple[str | None, str]:
    """The creator's token and the computers' agent (``medium`` unless
    named) of a ``POST /api/tables/{id}/start`` body."""
    data = _object(body, "the request", START_FIELDS)
    return token_of(data, "creator"), _parse_agent(data.get("agent", DEFAULT_LEVEL))


def parse_take_request(body: object) -> None:
    """A ``POST /api/tables/{id}/seats/{seat}/take`` body: ``{}`` (the
    player is known by his key)."""
    _object(body, "the request", ())


def parse_hints_request(body: object) -> tuple[str | None, bool]:
    """The creator's token and the switch of a ``POST /api/tables/{id}/hints`` body."""
    data = _object(body, "the request", HINTS_FIELDS)
    hints = _parse_hints(data.get("hints"))
    assert hints is not None, "a required switch is given"
    return token_of(data, "creator"), hints


LOOKALIKES = str.maketrans({
    # Cyrillic letters drawn as Latin ones
    "А": "A", "В": "B", "Е": "E", "К": "K", "М": "M", "Н": "H", "О": "O", "Р": "P",
    "С": "C", "Т": "T", "Х": "X", "У": "Y", "Ү": "Y", "І": "l", "Ј": "J", "Ѕ": "S",
    "Һ": "h", "Ԛ": "Q", "Ԝ": "W", "Ӏ": "l",
    "а": "a", "е": "e", "о": "o", "р": "p", "с": "c", "у": "y", "ү": "y", "х": "x",
    "і": "i", "ј": "j", "ѕ": "s", "һ": "h", "ԁ": "d", "ԛ": "q", "ԝ": "w", "ӏ": "l",
    # Greek
    "Α": "A", "Β": "B", "Ε": "E", "Ζ": "Z", "Η": "H", "Ι": "l", "Κ": "K", "Μ": "M",
    "Ν": "N", "Ο": "O", "Ρ": "P", "Τ": "T", "Υ": "Y", "Χ": "X",
    "ο": "o", "ν": "v", "ι": "i", "κ": "k", "ρ": "p", "υ": "u", "χ": "x", "α": "a",
    "γ": "y",
    # Armenian, and Latin letters that stand for others
    "օ": "o", "ս": "u", "հ": "h", "ı": "i", "ȷ": "j",
    # digits and strokes drawn like letters: 1, I, | (and the Cyrillic and Greek I
    # above) all read as l; mapped before casefolding, which would make I an i
    "0": "o", "1": "l", "I": "l", "|": "l", "ǀ": "l",
})
"""Letters of other scripts (and digits) that look like a Latin letter, and
the letter: the confusables of Unicode's UTS #39 that matter for names
such as ``Computer 1``, kept small enough to read."""


def name_key(name: str) -> str:
    """What ``name`` looks like, for telling whether two names can be told
    apart: compatibility forms folded (NFKC: ``Ｃ`` and ``𝐂`` are ``C``),
    accents, other combining marks and invisible characters dropped, the
    letters of :data:`LOOKALIKES` replaced, case folded, runs of spaces made one.

    >>> name_key("Computer 1") == name_key("cоmputer  l") == name_key("Ｃómputer I")
    True
    >>> name_key("Ann") == name_key("Anna")
    False
    """
    decomposed = unicodedata.normalize("NFD", unicodedata.normalize("NFKC", name))
    visible = "".join(
        character for character in decomposed
        if not unicodedata.category(character).startswith(("M", "C"))
    )
    folded = visible.translate(LOOKALIKES).casefold().translate(LOOKALIKES)
    return " ".join(folded.split())


def token_of(data: dict[str, Any], key: str = "token") -> str | None:
    """The text token at ``key`` of a request body (``None`` when missing)."""
    token = data.get(key)
    if token is not None and not isinstance(token, str):
        raise _bad(f"the {key} must be text")
    return token


def parse_join_request(body: object) -> tuple[str | None, str]:
    """The join code and the name of a ``POST /api/events/{id}/join`` body."""
    data = _object(body, "the request", JOIN_FIELDS)
    return token_of(data, "code"), parse_name(data.get("name"))


def parse_host_request(body: object) -> str | None:
    """The host's token of a ``start`` or ``signal`` body."""
    return token_of(_object(body, "the request", HOST_FIELDS))


def parse_timer_request(body: object) -> tuple[str | None, float | None]:
    """The host's token and the time limit of a ``timer`` body."""
    data = _object(body, "the request", TIMER_FIELDS)
    return token_of(data), parse_time_limit(data.get("seconds"))


def parse_event_move(body: object) -> tuple[str | None, EventMoveRequest]:
    """The token and the move at an event's table of a ``moves`` body:
    ``action`` or ``text``, ``move_number`` and ``round``."""
    data = _object(body, "the request", EVENT_MOVE_FIELDS)
    token = token_of(data)
    move = parse_move(data)
    number = data.get("round")
    if not _is_integer(number):
        raise _bad("give the round of the view the move was chosen from")
    assert isinstance(number, int)
    return token, EventMoveRequest(move=move, round=number)


# --- chat (server/chat.py) ------------------------------------------------------------
MAX_CHAT_LENGTH = 200
"""Most characters (Unicode code points, after NFKC and trimming) of a chat message."""

JOINERS = frozenset({"\u200c", "\u200d"})
"""The invisible marks a chat message may hold: the zero-width non-joiner and
joiner, which some scripts and emoji sequences need."""


def parse_chat_text(value: object) -> str:
    """A chat message's text: compatibility forms folded (NFKC), spaces
    trimmed at both ends; 1 to :data:`MAX_CHAT_LENGTH` characters, none of
    them a control or invisible formatting character (a line break, a tab,
    a right-to-left override) but the joiners of :data:`JOINERS`. The text
    is kept and sent as it is written: it is never read as HTML.

    >>> parse_chat_text("  Ｗｅｌｌ played <b>!</b> ")
    'Well played <b>!</b>'
    """
    if not isinstance(value, str):
        raise _bad("write the chat message as text: {\"text\": \"...\"}")
    text = unicodedata.normalize("NFKC", value).strip()
    if not text:
        raise _bad("a chat message may not be empty")
    if not all(character == " " or character.isprintable() or character in JOINERS
               for character in text):
        raise _bad("a chat message may not hold control characters "
                   "(line breaks, tabs, invisible marks)")
    if len(text) > MAX_CHAT_LENGTH:
        raise _bad(f"a chat message has at most {MAX_CHAT_LENGTH} characters, not {len(text)}")
    return text


def parse_chat_request(body: object) -> tuple[str | None, str]:
    """The seat's token (if any) and the text of a ``POST /api/tables/{id}/chat`` body."""
    data = _object(body, "the request", CHAT_FIELDS)
    return token_of(data), parse_chat_text(data.get("text"))


def parse_chat_settings_request(body: object) -> tuple[str | None, bool]:
    """The creator's token and the switch of a ``POST
    /api/tables/{id}/chat-settings`` body."""
    data = _object(body, "the request", CHAT_SETTINGS_FIELDS)
    spectators = data.get("spectators")
    if not isinstance(spectators, bool):
        raise _bad("say whether spectators may chat: {\"spectators\": true} or "
                   "{\"spectators\": false}")
    return token_of(data, "creator"), spectators


def parse_mute_request(body: object) -> tuple[int, bool]:
    """The player and the switch of a ``POST /api/players/me/mute`` body."""
    data = _object(body, "the request", MUTE_FIELDS)
    player, muted = data.get("player"), data.get("muted")
    if not _is_integer(player):
        raise _bad("name the player by his id: {\"player\": ID, \"muted\": true}")
    if not isinstance(muted, bool):
        raise _bad("say whether the player is muted: {\"muted\": true}, or false to hear "
                   "him again")
    assert isinstance(player, int)
    return player, muted


PLAYER_FIELDS = ("name",)
DEVICE_FIELDS = ("code", "key")
"""The fields of the players' bodies (docs/web.md, "Players")."""


def parse_player_request(body: object) -> object:
    """The name asked for in a ``POST /api/players`` or
    ``POST /api/players/me/name`` body (checked by
    :func:`parlour.server.players.check_player_name`)."""
    return _object(body, "the request", PLAYER_FIELDS).get("name")


def parse_device_request(body: object) -> tuple[str, str]:
    """The code and key of a ``POST /api/players/device`` body (a device
    link's fragment)."""
    data = _object(body, "the request", DEVICE_FIELDS)
    code, key = data.get("code"), data.get("key")
    if not isinstance(code, str) or not isinstance(key, str) or not code or not key:
        raise _bad("a device link gives a code and a key, both text")
    return code, key


def parse_empty_request(body: object) -> None:
    """A body that holds nothing, ``{}``: a player's revoke, device link or
    forget (the body is JSON so that no other site's form can send it)."""
    _object(body, "the request", ())
