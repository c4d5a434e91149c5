"""The event contract: a game played by many players over several tables
and rounds (a progressive party), beside the game contract of
:mod:`parlour.engine.game`; and the registry of events.

An event is made from a seed and options (:meth:`Event.__init__`), then
driven by three kinds of step: the start of a round (:meth:`Event.start_round`),
a player's action at his table (:meth:`Event.play`) and the signal that ends
a round (:meth:`Event.signal`). Every table's hand is a
:class:`~parlour.engine.game.State`, so agents, hints and the table's views
work on it as on any game. Its record is its seed, options, first seating,
names and :attr:`Event.steps`; :meth:`Event.replay` rebuilds it.

The server's parties and the CLI's ``parlour event`` use only this module:
an event module registers its class with :func:`register`, and they find it
with :func:`event_class` (by the name a user gives) or :func:`party_event`.
"""

from __future__ import annotations

import difflib
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar, Self

from parlour.engine.game import Observation, State
from parlour.engine.options import OptionSchema, OptionValue
from parlour.errors import IllegalAction, OptionError, ParseError, RecordError
from parlour.help import rules_help as packaged_rules

READY = "ready"
"""Seated, waiting for the round to start."""
PLAYING = "playing"
"""The round's hands are being played."""
OVER = "over"
"""The last round has been scored."""

Step = list[Any]
"""One step of an event: ``["start"]``, ``["play", player, action]`` or ``["signal"]``."""

Chooser = Callable[[State, int], int]
"""Chooses the action of the mover at a table: given the table's hand and
the player (the hand is the seat's to read through its contract only)."""

Column = tuple[str, str, str]
"""A column of the standings as a table: the key of a standings line, its
heading, and ``left`` or ``right``."""


class Event(ABC):
    """A whole event: players numbered 0 to ``players - 1``, tables 0 to
    ``tables - 1`` (table 1, the head, is index 0), seats clockwise.

    A subclass sets the class attributes and, from its constructor, every
    instance attribute below; the steps it takes are kept in :attr:`steps`.
    """

    name: ClassVar[str]
    """The registered name (``parlour event NAME``)."""
    title: ClassVar[str]
    """The title shown to people."""
    description: ClassVar[str]
    """One paragraph for ``parlour list``."""
    rules_text: ClassVar[str] = ""
    """The rules help written in the class (English), for an event defined
    outside the package; a packaged event ships it as files
    (:mod:`parlour.help`). Read it with :meth:`rules_help`."""
    schema: ClassVar[OptionSchema]
    """The event's options."""
    version: ClassVar[int]
    """The rules' version; a record of another version does not replay."""
    parties: ClassVar[bool] = False
    """Whether the web app hosts this event as its parties (one event does)."""
    standings_columns: ClassVar[tuple[Column, ...]]
    """The columns of the final standings as the CLI prints them."""

    seed: int
    options: dict[str, OptionValue]
    players: int
    tables: int
    rounds: int
    round: int
    """Rounds started (the current round's number while it is played)."""
    phase: str
    """:data:`READY`, :data:`PLAYING` or :data:`OVER`."""
    names: list[str]
    role: list[str]
    """Every player's role for the whole event (``""`` when the event has none)."""
    seating: list[list[int]]
    """The players at every table, by seat."""
    first: list[list[int]]
    """The first seating."""
    totals: list[int]
    hands: Sequence[State]
    """The current round's hand at every table (empty before round 1)."""
    steps: list[Step]
    """What happened, in order (a signal that follows from the plays by the
    rules is not a step)."""

    @classmethod
    def rules_help(cls, lang: str = "en") -> str:
        """The rules in brief (``parlour rules NAME``, the party form), in
        ``lang``."""
        return packaged_rules(cls.name, cls.rules_text, lang, None)

    @classmethod
    @abstractmethod
    def validate(cls, options: Mapping[str, object]) -> dict[str, OptionValue]:
        """``options`` checked against :attr:`schema`, with the defaults
        (:class:`OptionError` says what is wrong)."""

    @classmethod
    @abstractmethod
    def players_for(cls, options: Mapping[str, OptionValue]) -> int:
        """The number of players an event with the (validated) ``options`` seats."""

    @abstractmethod
    def __init__(self, seed: int, options: Mapping[str, object] | None = None,
                 seating: Sequence[Sequence[int]] | None = None,
                 names: Sequence[str] | None = None) -> None:
        """The event before its first round (a drawn first seating unless
        ``seating`` is given; ``names`` default to "Player N")."""

    # --- play ------------------------------------------------------------------
    @abstractmethod
    def start_round(self) -> None:
        """Deal at every table (:class:`IllegalAction` while a round is
        played or once the event is over)."""

    @abstractmethod
    def play(self, player: int, action: int) -> None:
        """``player`` plays ``action`` at his table (:class:`IllegalAction`
        says why not, and nothing changes)."""

    @abstractmethod
    def signal(self) -> None:
        """End the round being played."""

    @abstractmethod
    def seat_of(self, player: int) -> tuple[int, int]:
        """The table and seat of ``player``."""

    def to_move(self, table: int) -> int | None:
        """The player to move at ``table`` (``None`` when it is not playing)."""
        if self.phase != PLAYING or self.hands[table].is_terminal():
            return None
        return self.seating[table][self.hands[table].current_player()]

    def parse(self, player: int, text: str) -> list[int]:
        """The actions a line of text names for ``player`` at his table."""
        table, _ = self.seat_of(player)
        if self.phase != PLAYING:
            raise IllegalAction("no round is being played")
        return self.hands[table].parse_actions(text)

    @property
    def tables_meet(self) -> bool:
        """Whether the tables of a round depend on one another before the
        signal (then they are played in lockstep, in one process)."""
        return True

    @abstractmethod
    def run(self, choose: Chooser, after_round: Callable[[Event], None] | None = None) -> None:
        """Play the event to its end, every action chosen by ``choose``,
        starting each round and giving each signal; ``after_round`` is
        called after every round has been scored."""

    # --- parallel tables -------------------------------------------------------
    @abstractmethod
    def hand_spec(self, table: int) -> dict[str, Any]:
        """What rebuilds the current hand at ``table`` in another process
        (picklable; :meth:`new_hand`)."""

    @classmethod
    @abstractmethod
    def new_hand(cls, spec: Mapping[str, Any]) -> State:
        """The hand that :meth:`hand_spec` describes, as dealt."""

    @classmethod
    @abstractmethod
    def seed_for(cls, seed: int, *key: object) -> int:
        """A seed for one part of the event of ``seed`` (a hand, an agent's
        decision), fixed by ``key``."""

    # --- outcome and views -----------------------------------------------------
    @abstractmethod
    def standings(self) -> list[dict[str, Any]]:
        """Every player by place: dicts with at least ``player``, ``name``,
        ``place`` and ``total``, and the keys of :attr:`standings_columns`."""

    @abstractmethod
    def winners(self) -> list[int]:
        """The players who won (share) the event, once it is over."""

    @abstractmethod
    def view(self) -> dict[str, Any]:
        """The public state of the event (JSON-able)."""

    @abstractmethod
    def observation(self, player: int) -> Observation:
        """What ``player`` sees: the event's view and his table's observation."""

    @abstractmethod
    def seating_lines(self) -> list[str]:
        """The first seating, as the CLI prints it before round 1."""

    @abstractmethod
    def round_lines(self) -> list[str]:
        """The round just scored, as the CLI prints it under its heading."""

    @abstractmethod
    def result_lines(self) -> list[str]:
        """The winners (and any prizes), as the CLI prints them after the standings."""

    # --- record and replay -----------------------------------------------------
    def apply_step(self, step: Sequence[Any]) -> None:
        """Apply one of :attr:`steps`; a malformed step raises
        :class:`ParseError`, one that does not apply :class:`IllegalAction`."""
        if not isinstance(step, Sequence) or isinstance(step, str) or not step:
            raise ParseError(f"a step is a list such as ['start'], not {step!r}")
        kind = step[0]
        if kind == "start" and len(step) == 1:
            self.start_round()
        elif kind == "signal" and len(step) == 1:
            self.signal()
        elif kind == "play" and len(step) == 3:
            self.play(step[1], step[2])
        else:
            raise ParseError(f"unknown step {list(step)!r}")

    @classmethod
    def replay(cls, seed: int, options: Mapping[str, object], steps: Sequence[Sequence[Any]],
               seating: Sequence[Sequence[int]] | None = None,
               names: Sequence[str] | None = None) -> Self:
        """The event after ``steps``; a step that does not apply raises
        :class:`ParseError` with its index."""
        event = cls(seed, options, seating, names)
        for index, step in enumerate(steps):
            try:
                event.apply_step(step)
            except (IllegalAction, ParseError) as error:
                raise ParseError(f"step {index} does not apply: {error}") from None
        return event

    def record(self) -> dict[str, Any]:
        """What rebuilds the event (:func:`replay`), with its outcome."""
        return {
            "event": self.name, "version": self.version,
            "options": dict(self.options), "seed": self.seed, "seating": self.first,
            "names": self.names, "steps": self.steps,
            "totals": self.totals, "winners": self.winners(),
        }


_REGISTRY: dict[str, type[Event]] = {}


def register(event_class: type[Event]) -> type[Event]:
    """Class decorator adding an event under its ``name``."""
    if event_class.name in _REGISTRY and _REGISTRY[event_class.name] is not event_class:
        raise ValueError(f"two events are called {event_class.name!r}")
    if event_class.parties and any(other.parties and other is not event_class
                                   for other in _REGISTRY.values()):
        raise ValueError("one event is played as the web app's parties")
    _REGISTRY[event_class.name] = event_class
    return event_class


def unregister(name: str) -> None:
    """Remove the event ``name`` (a test's own event, once the test is done)."""
    _REGISTRY.pop(name, None)


def _load_builtin_events() -> None:
    import parlour.games  # noqa: F401  (registers the built-in events)


def names() -> list[str]:
    """The registered events' names, sorted."""
    _load_builtin_events()
    return sorted(_REGISTRY)


def find(name: str) -> type[Event] | None:
    """The event called ``name`` (case and ``_``/``-`` insensitive), if any."""
    _load_builtin_events()
    key = name.strip().casefold().replace("_", "-")
    for registered, cls in _REGISTRY.items():
        if registered.replace("_", "-") == key:
            return cls
    return None


def event_class(name: str) -> type[Event]:
    """The event called ``name``, or :class:`OptionError` naming the events."""
    found = find(name)
    if found is None:
        known = names()
        close = difflib.get_close_matches(name.strip().casefold().replace("_", "-"), known, n=1)
        hint = f" (did you mean {close[0]!r}?)" if close else ""
        raise OptionError(f"no event called {name!r}{hint}; the events are {', '.join(known)}")
    return found


def party_event() -> type[Event]:
    """The event the web app hosts as its parties."""
    _load_builtin_events()
    for cls in _REGISTRY.values():
        if cls.parties:
            return cls
    raise LookupError("no registered event is played as the web app's parties")


def make(name: str, /, seed: int, *, seating: Sequence[Sequence[int]] | None = None,
         names: Sequence[str] | None = None, **options: object) -> Event:
    """The event ``name`` from ``seed`` with ``options`` validated
    (:class:`OptionError` if bad)."""
    return event_class(name)(seed, options, seating, names)


def replay(record: Mapping[str, Any]) -> Event:
    """The event that ``record`` (:meth:`Event.record`) describes, its steps
    replayed (:class:`RecordError` if it is not one of this parlour's)."""
    cls = event_class(str(record.get("event", "")))
    if record.get("version") != cls.version:
        raise RecordError(f"the record is of {cls.title} version {record.get('version')!r}; "
                          f"this parlour plays version {cls.version}")
    return cls.replay(record["seed"], record["options"], record["steps"],
                      record.get("seating"), record.get("names"))
