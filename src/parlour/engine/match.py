"""The card-match core every game module stands on: named card zones with
a visibility rule, the hidden-card plumbing derived from them
(:meth:`ZonedState.card_locations`, :meth:`ZonedState.determinize`), typed
events kept in order and the public log window rendered from them by one
message catalogue per game, and the parsing of a fixed deal's cards.

**Zones.** A game declares its zones once (:attr:`ZonedState.zones`): each
names the state field that holds its cards, whether it is one per seat, how
the cards are held (:class:`Form`: a bitmask, an ordered list top last, or
one card id with -1 for none) and who sees it (:class:`Seen`). From that
table alone the core knows where every card is and which cards a seat cannot
see; a game adds only what the rules tell a seat beyond the zones (hooks
:meth:`ZonedState._placed_for`, :meth:`ZonedState._may_hold`,
:meth:`ZonedState._slots`, :meth:`ZonedState._after_redeal`).

**Events.** A game's events are frozen dataclasses deriving from
:class:`GameEvent` (``Played(seat, card)``, ``WentOut(seat)``...). A state
appends them as the match is played; finished hands' events are kept as one
shared tuple of tuples (:attr:`MatchEvents.past`), so :meth:`MatchEvents.match_events`
is the whole match's story and a clone copies only the current hand's.
Text is never built at the point of play: a :class:`Catalogue` (one per game,
every sentence in one place) renders each event, so another language is
another catalogue.
"""

from __future__ import annotations

import enum
import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, fields
from typing import Any, ClassVar, Self

from parlour.cards import Deck
from parlour.cards.bits import bits_of, mask_of
from parlour.engine.determinize import redeal
from parlour.engine.game import State
from parlour.errors import ParseError


class Seen(enum.Enum):
    """Who sees the cards of a zone."""

    OWNER = "owner"
    """Only the seat that owns it (a hand)."""
    EVERYONE = "everyone"
    """Every seat (a pile face up, the cards won)."""
    NOBODY = "nobody"
    """No seat (the stock, the cards not yet dealt, a card set aside)."""


class Form(enum.Enum):
    """How a zone's field holds its cards."""

    MASK = "mask"
    """A bitmask of card ids."""
    ORDER = "order"
    """A list of card ids in order (a stock: top last)."""
    CARD = "card"
    """One card id, or -1 for none."""


@dataclass(frozen=True, slots=True)
class Zone:
    """One named place for cards: ``field`` of the state (a list of one per
    seat when ``per_seat``), held as ``form``, seen by ``seen``. Its
    :meth:`ZonedState.card_locations` key is ``name``, or ``"name seat"``
    for a zone per seat."""

    name: str
    field: str
    seen: Seen
    per_seat: bool = False
    form: Form = Form.MASK


def cards_of(value: Any, form: Form) -> int:
    """The bitmask of a zone's ``value`` held as ``form``."""
    if form is Form.MASK:
        return int(value)
    if form is Form.ORDER:
        return mask_of(value)
    return 1 << value if value >= 0 else 0


class ZonedState(State):
    """A state whose cards lie in declared :attr:`zones`.

    :meth:`card_locations` and :meth:`determinize` come from the zone table;
    a game overrides the hooks for what its rules reveal: the cards a seat
    knows the place of, the cards a zone cannot hold, a zone's cards split
    into slots with their own constraints, and state that follows from the
    cards dealt again.
    """

    zones: ClassVar[tuple[Zone, ...]]
    """Every zone of the game, in the order a re-deal fills them."""

    def _zone_values(self, zone: Zone) -> list[tuple[int, Any]]:
        """``(owner, value)`` of each part of ``zone`` (owner -1: shared)."""
        value = getattr(self, zone.field)
        if zone.per_seat:
            return list(enumerate(value))
        return [(-1, value)]

    def card_locations(self) -> dict[str, int]:
        locations: dict[str, int] = {}
        for zone in self.zones:
            for owner, value in self._zone_values(zone):
                name = f"{zone.name} {owner}" if zone.per_seat else zone.name
                locations[name] = cards_of(value, zone.form)
        return locations

    # -- hooks --------------------------------------------------------------
    def _placed_for(self, seat: int) -> int:
        """Cards in zones ``seat`` cannot see whose place he knows all the
        same (taken from a face-up pile, shown): they stay where they are."""
        return 0

    def _may_hold(self, zone: Zone, owner: int) -> int:
        """The cards ``zone`` (of ``owner``) may hold in a re-deal: a seat
        known to be void in a suit may not receive it."""
        return self.game.deck.full_mask

    def _slots(self, zone: Zone, owner: int, hidden: int, seat: int) -> list[tuple[int, int]]:
        """``(count, allowed)`` slots that share the ``hidden`` cards of
        ``zone``: one slot unless the rules say more (a card the mover is
        known to hold, cards drawn since a reshuffle)."""
        return [(hidden.bit_count(), self._may_hold(zone, owner))]

    def _after_redeal(self, source: Self, seat: int, rng: random.Random) -> None:
        """Bring the fields that follow from the hidden cards into line with
        the cards this copy of ``source`` was dealt (which card was drawn,
        committed, passed)."""

    def _put(self, zone: Zone, owner: int, kept: int, cards: int, rng: random.Random) -> None:
        """Give ``zone`` (of ``owner``) the re-dealt ``cards`` beside the
        ``kept`` ones: a bitmask takes them, an ordered zone puts them in a
        random order in the places its hidden cards had, a one-card zone
        holds the one."""
        form = zone.form
        if form is Form.MASK:
            new: Any = kept | cards
        elif form is Form.CARD:
            new = cards.bit_length() - 1
        else:
            order = bits_of(cards)
            rng.shuffle(order)
            if not kept:
                new = order
            else:
                value = getattr(self, zone.field)
                new = list(value[owner] if zone.per_seat else value)
                places = (index for index, card in enumerate(new) if not kept >> card & 1)
                for index, card in zip(places, order, strict=False):
                    new[index] = card
        if zone.per_seat:
            getattr(self, zone.field)[owner] = new
        else:
            setattr(self, zone.field, new)

    def determinize(self, seat: int, rng: random.Random) -> Self:
        """A clone with every card ``seat`` cannot place dealt again among
        the zones hidden from him, each zone keeping its size and the
        constraints of :meth:`_may_hold` and :meth:`_slots`; the clone's seed
        is fresh, so later deals are out of a search's reach."""
        self.check_seat(seat)
        other = self.clone()
        other.seed = rng.getrandbits(63)
        placed = self._placed_for(seat)
        hidden = 0
        slots: list[tuple[int, int]] = []
        # each part re-dealt: its zone, owner, the cards it keeps, its slots
        parts: list[tuple[Zone, int, int, int]] = []
        for zone in self.zones:
            seen = zone.seen
            if seen is Seen.EVERYONE:
                continue
            value = getattr(self, zone.field)
            form = zone.form
            owned = enumerate(value) if zone.per_seat else ((-1, value),)
            for owner, held in owned:
                if seen is Seen.OWNER and owner == seat:
                    continue
                cards = held if form is Form.MASK else cards_of(held, form)
                secret = cards & ~placed
                if not secret:
                    continue
                hidden |= secret
                own = self._slots(zone, owner, secret, seat)
                slots += own
                parts.append((zone, owner, cards & placed, len(own)))
        dealt = iter(redeal(hidden, slots, rng))
        for zone, owner, stays, count in parts:
            cards = 0
            for _ in range(count):
                cards |= next(dealt)
            other._put(zone, owner, stays, cards, rng)
        other._after_redeal(self, seat, rng)
        return other


@dataclass(frozen=True, slots=True)
class GameEvent:
    """Something that happened in a match, told to every seat. A game's
    events derive from it as frozen dataclasses; its catalogue says each in
    words."""

    def values(self) -> dict[str, Any]:
        """The event's fields by name."""
        names = _FIELD_NAMES.get(type(self))
        if names is None:
            names = _FIELD_NAMES[type(self)] = tuple(field.name for field in fields(self))
        return {name: getattr(self, name) for name in names}

    def __reduce__(self) -> tuple[Any, ...]:
        """An event pickles as its class and its field values in order, the
        smallest form (a pickled match carries every event of its log)."""
        return type(self), tuple(self.values().values())


_FIELD_NAMES: dict[type[GameEvent], tuple[str, ...]] = {}
"""The field names of each event type, found once."""


SEAT_FIELDS = frozenset({
    "seat", "dealer", "winner", "leader", "bidder", "holder", "giver", "receiver", "loser",
    "opener", "taker", "caller",
})
"""Event fields that hold a seat: a catalogue's sentence shows its name."""

CARD_FIELDS = frozenset({"card", "turnup", "top", "taken", "given", "ace"})
"""Event fields that hold one card id: a sentence shows its code."""

CARDS_FIELDS = frozenset({"cards", "pile", "shown", "meld"})
"""Event fields that hold card ids (a bitmask or a sequence): a sentence
shows their codes, space-separated."""


class Words:
    """How a catalogue names seats and cards for one state: ``names`` of the
    seats and ``codes`` of the card ids."""

    def __init__(self, names: Sequence[str], codes: Sequence[str]) -> None:
        self.names = names
        self.codes = codes

    def seat(self, seat: int) -> str:
        """The name of ``seat``."""
        return self.names[seat]

    def card(self, card: int) -> str:
        """The code of the card ``card``."""
        return self.codes[card]

    def cards(self, cards: int | Iterable[int]) -> str:
        """The codes of ``cards`` (a bitmask or card ids), space-separated."""
        ids = bits_of(cards) if isinstance(cards, int) else cards
        return " ".join(self.codes[card] for card in ids)

    def changes(self, deltas: Sequence[int]) -> str:
        """``P0 +3, P1 -1``: each seat's change of score."""
        return ", ".join(f"{self.names[seat]} {delta:+d}" for seat, delta in enumerate(deltas))

    def field(self, name: str, value: Any) -> Any:
        """A field's value as a sentence shows it (see :data:`SEAT_FIELDS`,
        :data:`CARD_FIELDS`, :data:`CARDS_FIELDS`)."""
        if name in SEAT_FIELDS:
            return self.names[value]
        if name in CARD_FIELDS:
            return self.codes[value]
        if name in CARDS_FIELDS:
            return self.cards(value)
        return value


Sentence = str | Callable[[Any, Words], str]
"""A catalogue entry: a format string over the event's fields (shown as
:meth:`Words.field` shows them), or a function of the event and the words
for a sentence a format cannot say."""


class Catalogue:
    """Every sentence of a game's log, one per event type.

    >>> @dataclass(frozen=True, slots=True)
    ... class WentOut(GameEvent):
    ...     seat: int
    >>> catalogue = Catalogue({WentOut: "{seat} goes out"})
    >>> catalogue.line(WentOut(1), Words(["P0", "P1"], []))
    'P1 goes out'
    """

    def __init__(self, sentences: Mapping[type[GameEvent], Sentence]) -> None:
        self.sentences = dict(sentences)

    def line(self, event: GameEvent, words: Words) -> str:
        """``event`` in words."""
        sentence = self.sentences[type(event)]
        if callable(sentence):
            return sentence(event, words)
        return sentence.format(**{
            name: words.field(name, value) for name, value in event.values().items()
        })

    def lines(self, events: Iterable[GameEvent], words: Words) -> list[str]:
        """Each of ``events`` in words, in order."""
        return [self.line(event, words) for event in events]


class MatchEvents:
    """The events of a match, kept by a state: :attr:`events` of the hand
    being played, :attr:`past` of the hands before it, and the public log
    window (the previous and the current hand) rendered from them.

    A state mixes it in, sets :attr:`catalogue`, calls :meth:`_begin_events`
    when the match starts and :meth:`_new_hand_log` when a hand starts, and
    gives its :meth:`_words`.
    """

    catalogue: ClassVar[Catalogue]
    events: list[GameEvent]
    past: tuple[tuple[GameEvent, ...], ...]
    """The events of every finished hand, a tuple each (shared by clones:
    never mutated; a hand's end adds one, not a copy of them all)."""
    _previous: tuple[GameEvent, ...]
    _made: tuple[list[str] | None, int, GameEvent | None, tuple[str, ...]]
    """The lines made so far, in one field (a state's fields are counted:
    CPython reads them fastest up to 29): the previous hand's (``None``: not
    yet), how many of the current hand's events have been made into lines,
    the last of them, and their lines."""
    log_start: int

    def _begin_events(self) -> None:
        self.events = []
        self.past = ()
        self._previous = ()
        self._made = (None, 0, None, ())
        self.log_start = 0

    def _new_hand_log(self, *first: GameEvent) -> None:
        """Close the hand's events and start the next hand's with ``first``:
        the window moves on by the lines of the hand it drops."""
        if self._previous:
            self.log_start += self._line_count(self._previous)
        self._previous = tuple(self.events)
        self.past += (self._previous,)
        self._made = (None, 0, None, ())
        self.events = list(first)

    def match_events(self) -> Sequence[GameEvent]:
        """Every event of the match so far, oldest first."""
        return [event for hand in self.past for event in hand] + self.events

    def _words(self) -> Words:
        """How this state's log names seats and cards."""
        raise NotImplementedError

    def _lines(self, events: Iterable[GameEvent]) -> list[str]:
        return self.catalogue.lines(events, self._words())

    def _line_count(self, events: Sequence[GameEvent]) -> int:
        """How many lines :meth:`_lines` makes of ``events`` (one an event,
        as the catalogue says each), counted without making them."""
        return len(events)

    def public_log(self) -> list[str]:
        """The public events of the previous and the current hand, oldest
        first; the first line is line :attr:`log_start` of the match's log.

        Lines are made once: the previous hand's when it is first read, the
        current hand's as its events come (a search reads the log at every
        step). Clones share what was made, which stays true because events
        are only ever added: lines made for a list whose event at the same
        place is the same object still stand."""
        previous, done, last, lines = self._made
        if previous is None:
            previous = self._lines(self._previous)
        events = self.events
        if done > len(events) or (done and events[done - 1] is not last):
            done, lines = 0, ()
        if done < len(events):
            lines += tuple(self._lines(events[done:]))
            done, last = len(events), events[-1]
        self._made = (previous, done, last, lines)
        return previous + list(lines)


def parse_card_list(deck: Deck, text: object, where: str, taken: int,
                    same: Callable[[int], int] | None = None) -> tuple[list[int], int]:
    """Card codes (a list, or one string) of a fixed deal as card ids, each
    card placed once; ``taken`` are the ids already placed. ``same`` gives
    the ids a code may stand for (every copy of a card in a pack of two),
    the first free one is used. Returns the ids and the new ``taken``."""
    if isinstance(text, str):
        text = text.split()
    if not isinstance(text, list) or not all(isinstance(code, str) for code in text):
        raise ParseError(f"{where} must be a list of card codes")
    cards = []
    for code in text:
        try:
            card = deck.parse(code).id
        except ParseError as error:
            raise ParseError(f"in {where}: {error}") from None
        copies = same(card) if same is not None else 1 << card
        free = copies & ~taken
        if not free:
            code = deck.cards[(copies & -copies).bit_length() - 1].code
            if copies.bit_count() > 1:
                raise ParseError(f"both copies of {code} are already placed ({where})")
            raise ParseError(f"{code} is dealt twice ({where})")
        card = (free & -free).bit_length() - 1
        taken |= 1 << card
        cards.append(card)
    return cards, taken


# -- the events many games share: one class each, said by each game's catalogue


@dataclass(frozen=True, slots=True)
class FirstDealer(GameEvent):
    """The cut (or the rules) made ``dealer`` the first dealer."""

    dealer: int


@dataclass(frozen=True, slots=True)
class Dealt(GameEvent):
    """``dealer`` dealt hand ``number`` (from 1; a round or a deal is a hand)."""

    dealer: int
    number: int


@dataclass(frozen=True, slots=True)
class TurnedUp(GameEvent):
    """``card`` was turned up (a turn-up, an up-card)."""

    card: int


@dataclass(frozen=True, slots=True)
class Drew(GameEvent):
    """``seat`` drew a card from the stock (which, only he knows)."""

    seat: int


@dataclass(frozen=True, slots=True)
class Took(GameEvent):
    """``seat`` took ``card``, face up, from the discard pile."""

    seat: int
    card: int


@dataclass(frozen=True, slots=True)
class Discarded(GameEvent):
    """``seat`` discarded ``card`` face up."""

    seat: int
    card: int


@dataclass(frozen=True, slots=True)
class Passed(GameEvent):
    """``seat`` passed."""

    seat: int


@dataclass(frozen=True, slots=True)
class WentOut(GameEvent):
    """``seat`` got rid of his last card, ending the hand."""

    seat: int


@dataclass(frozen=True, slots=True)
class Reshuffled(GameEvent):
    """``count`` cards were shuffled into a new stock."""

    count: int


@dataclass(frozen=True, slots=True)
class HandScored(GameEvent):
    """Hand ``number`` (from 1) changed each seat's total by ``deltas``."""

    number: int
    deltas: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class MatchWon(GameEvent):
    """``seat`` won the match."""

    seat: int
