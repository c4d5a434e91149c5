"""The trick-play core shared by Polignac and its relatives.

One place for dealing in packets, following suit, trumps, trick winners,
won piles, hand scoring hooks, the match loop, observations and tensors
(``rules/polignac.md`` §1), on the card-match core
(:mod:`parlour.engine.match`): the cards lie in zones (hands, won piles, the
trick, out of play, undealt), from which ``card_locations`` and
``determinize`` follow; a hand's story is typed events (:class:`Dealt`,
:class:`TrickTaken`, :class:`HandScored`, and a game's own), told by one
:data:`CATALOGUE` a game extends. The tensor's blocks are
:meth:`TrickGame.observation_layout` (each game's module docstring has
their table). A game module subclasses
:class:`TrickGame` (its pack, ranking, packets and options) and
:class:`TrickState` (only what differs: extra phases, forced cards, hand
scoring, match end).

Action ids: ``0 … len(deck) - 1`` play (or discard) that card; the game's
call words (``TrickGame.words``) follow, in order. At an explicit chance
node the outcomes are card ids: "the next card dealt is this one".
"""

from __future__ import annotations

import hashlib
import struct
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from operator import add, itemgetter
from typing import Any, ClassVar, Self

import numpy as np
import numpy.typing as npt

from parlour.cards import GERMAN_32, Deck
from parlour.cards.bits import bits_of, mask_of
from parlour.engine.game import (
    Deal,
    Game,
    Observation,
)
from parlour.engine.match import Catalogue, Dealt, GameEvent, HandScored, Seen, Words, Zone
from parlour.engine.tensors import TensorBlock
from parlour.errors import IllegalAction, ParseError
from parlour.games.common import (
    DealReader,
    MatchState,
    as_action,
    finishing_places,
    seat_name,
    share_returns,
)

__all__ = ["finishing_places", "seat_name", "share_returns"]

PHASE_DEAL = 0
PHASE_DISCARD = 1
PHASE_ANNOUNCE = 2
PHASE_PLAY = 3
PHASE_OVER = 4
PHASE_NAMES = ("deal", "discard", "announce", "play", "over")
PROMPTS = {
    "lead": "Lead a card to the trick",
    "play": "Play a card to the trick",
}
"""What the player to move decides (:attr:`MatchState.prompts`): ``lead``
to an empty trick, ``play`` to one already led. A game with discard or
announce phases adds their sentences."""

TURNUP = -2
"""A deal-schedule entry for the card turned up (Knaves)."""

_BYTE0, _BYTE1, _BYTE2, _BYTE3 = (
    tuple(tuple(8 * at + bit for bit in range(8) if byte >> bit & 1) for byte in range(256))
    for at in range(4)
)
"""The card ids of each byte of a hand of 32 bits, for listing it with a
look-up a byte (a wider hand is listed a suit at a time)."""


@dataclass(frozen=True, slots=True)
class Played(GameEvent):
    """``seat`` plays ``card``: told, not kept (a trick's event holds its
    cards)."""

    seat: int
    card: int


@dataclass(frozen=True, slots=True)
class TrickTaken(GameEvent):
    """The trick ``number`` (from 1) led by ``leader``, its ``cards`` in
    play order, is won by ``winner``."""

    leader: int
    cards: tuple[int, ...]
    winner: int
    number: int


_KEYS = np.dtype("<u8")
"""The deal's sort keys: little-endian 64-bit words (dtypes made once: NumPy
converts a type or a string to one on every call)."""
_BYTE = np.dtype(np.uint8)
_SHAKE = hashlib.shake_256
_OR_AT = np.bitwise_or.reduceat
_FLOAT = np.dtype(np.float32)

_NEW = object.__new__
"""The events made on the hot path of every search are made with it and
their slots' setters below: a frozen dataclass's ``__init__`` goes through
``object.__setattr__`` field by field, twice as slow."""
(_SET_LEADER, _SET_CARDS, _SET_WINNER, _SET_NUMBER, _SET_DEALER, _SET_DEALT, _SET_SCORED,
 _SET_DELTAS) = (event.__dict__[name].__set__
                 for event in (TrickTaken, Dealt, HandScored) for name in event.__slots__)


CATALOGUE = Catalogue({
    Dealt: "{dealer} deals hand {number}",
    Played: "{seat} plays {card}",
    TrickTaken: "{winner} wins trick {number}",
    HandScored: lambda event, words: f"hand {event.number} scored: "
                                     f"{words.changes(event.deltas)}",
})
"""The sentences of every trick game's own events; a game with events of
its own extends it."""


Follow = tuple[int, int, tuple[tuple[int, ...], ...], tuple[int, ...]]
"""One suit's tables: its mask, the shift that brings it to bit 0, the card
ids of every subset of it and the strongest card of every subset (by the
subset's bits shifted down; -1 for the empty one)."""

_FOLLOW_TABLES: dict[tuple[str, tuple[int, ...]], tuple[Follow, ...]] = {}


def _follow_tables(deck: Deck, strength: tuple[int, ...]) -> tuple[Follow, ...]:
    """Per suit, its :data:`Follow` tables (each suit is a contiguous run of
    ids), so that following suit and finding a trick's winner are one
    look-up each. Built once per deck and ranking."""
    key = (deck.name, strength)
    tables = _FOLLOW_TABLES.get(key)
    if tables is None:
        per_suit = []
        for mask in deck.suit_masks:
            shift = (mask & -mask).bit_length() - 1
            width = mask.bit_count()
            if mask >> shift != (1 << width) - 1:
                raise AssertionError(f"the {deck.title}'s suits are not contiguous")
            cards = tuple(tuple(shift + bit for bit in bits_of(subset))
                          for subset in range(1 << width))
            best = [-1] * (1 << width)
            for subset in range(1, 1 << width):
                low = (subset & -subset).bit_length() - 1
                rest = best[subset & (subset - 1)]
                card = shift + low
                best[subset] = card if rest < 0 or strength[card] > strength[rest] else rest
            per_suit.append((mask, shift, cards, tuple(best)))
        tables = _FOLLOW_TABLES[key] = tuple(per_suit)
    return tables


class TrickGame(Game):
    """A trick game's fixed configuration, computed from its options.

    Subclasses set the class attributes and fill the instance attributes in
    :meth:`_configure`.
    """

    words: tuple[str, ...] = ()
    """Call words after the card actions (``pass``, ``capot`` ...); a game
    whose options add calls sets its own in :meth:`_configure` (Grasobern's
    contracts)."""
    word_aliases: ClassVar[dict[str, str]] = {}
    """Other spellings a player may type for a word."""
    out_of_play_text: ClassVar[str]
    """What the tensor's ``out of play`` block holds in this game."""
    known_absent_text: ClassVar[str] = (
        "the cards each seat is known not to hold: the suits it failed to follow")
    """What the tensor's ``known absent`` block holds in this game."""
    score_text: ClassVar[str] = "target"
    """What :attr:`score_scale` is, in a word or two."""

    # instance configuration (set by _configure)
    restricts_void_play: bool
    """Whether ``TrickState._void_play_mask`` may refuse cards (Grasobern's
    forced throw; an instance field: CPython 3.11 reads a class attribute
    through an instance slowly, and it is read at every play of a void seat)."""
    in_play: int
    """Cards dealt each hand (the pack after any reduction)."""
    hand_size: int
    packets: tuple[int, ...]
    """Packet sizes of one round of the table, eldest first."""
    surplus: int
    """Extra cards dealt face down to the dealer (Polignac's dealer_discard)."""
    turnup: bool
    """Whether the next card after the hands is turned up (Knaves)."""
    strength: tuple[int, ...]
    """Card id -> rank within its suit, higher wins."""
    display_order: tuple[int, ...]
    """Card ids sorted for showing a hand: by suit, highest first."""

    def __init__(self, /, **options: object) -> None:
        super().__init__(**options)
        self.restricts_void_play = False
        self._configure()
        deck = self.deck
        self.suit_of = tuple(deck.suits.index(card.suits[0]) for card in deck.cards)
        if len(deck) > 64:
            raise AssertionError("the deal packs card bits into 64-bit words")
        # (a game keeps at most 29 fields: CPython 3.11 reads the fields of
        # an instance with more through a slower path)
        follow = _follow_tables(deck, self.strength)
        self.card_follow: tuple[Follow, ...] = tuple(follow[suit] for suit in self.suit_of)
        """Card id -> the :data:`Follow` tables of its suit."""
        width = len(deck) // 4
        if [table[1] for table in follow] != [0, width, 2 * width, 3 * width]:
            raise AssertionError(f"the {deck.title} is not four suits of {width} cards")
        first, second, third, fourth = (table[2] for table in follow)
        self.hand_lists = (width, first, second, third, fourth)
        """How a hand wider than 32 bits is listed, a look-up a suit: the
        suits' width and each suit's card ids of its subsets (see :data:`Follow`)."""
        self.in_play_cards = bits_of(self.in_play)
        self.labels: tuple[str, ...] = tuple(
            card.name if deck is GERMAN_32 else card.code for card in deck.cards)
        """How each card is written in actions, logs and observations: the
        short code, or German cards by their pack names (``Ober-Acorns``)."""
        self.n = n = self.num_players
        step = -1 if self.plays_to_the_right else 1
        self.seat_order = tuple(
            tuple((seat + step * offset) % n for offset in range(n)) for seat in range(n))
        """Per seat, every seat in the order of play from it (itself first):
        clockwise, or counter-clockwise when the game plays to the right."""
        self.next_seat = tuple(order[1] for order in self.seat_order)
        schedule = self._make_schedule()
        self.schedule_seats: tuple[tuple[int, ...], ...] = tuple(
            tuple(TURNUP if offset == TURNUP else self.seat_order[self.next_seat[dealer]][offset]
                  for offset in schedule)
            for dealer in range(n))
        """Per dealer, the seat (or :data:`TURNUP`) of each card dealt, in order."""
        self.log_words = Words([seat_name(seat) for seat in range(n)], self.labels)
        """How the log names seats and cards."""
        self._tensor_tables()
        bits = np.array([1 << card for card in self.in_play_cards], dtype=np.uint64)
        self.deal_plans = tuple(self._deal_plan(seats, bits) for seats in self.schedule_seats)
        self.display_order = tuple(sorted(
            range(len(deck)), key=lambda card: (self.suit_of[card], -self.strength[card])))
        self._word_ids = {word: len(deck) + index for index, word in enumerate(self.words)}
        for alias, word in self.word_aliases.items():
            self._word_ids[alias] = self._word_ids[word]

    @property
    def suit_masks(self) -> tuple[int, ...]:
        """Each suit's cards, as a bitmask."""
        return self.deck.suit_masks

    @property
    def plays_to_the_right(self) -> bool:
        """Whether the deal, the play and the turn to deal go to the right
        (counter-clockwise): a game's ``direction`` option set to ``right``
        (Polignac's 19th-century French rule); else to the left."""
        return self.options.get("direction") == "right"

    def _configure(self) -> None:
        """Fill the instance configuration from ``self.options``."""
        raise NotImplementedError

    def _make_schedule(self) -> tuple[int, ...]:
        """Place in the order of play from the eldest (0 … n-1) of the seat
        each card is dealt to, in order."""
        n = self.num_players
        schedule: list[int] = []
        dealt = 0
        while dealt < self.hand_size:
            for packet in self.packets:
                for offset in range(n):
                    schedule.extend([offset] * packet)
                dealt += packet
        if dealt != self.hand_size:
            raise AssertionError(f"packets {self.packets} do not make {self.hand_size} cards")
        schedule.extend([n - 1] * self.surplus)
        if self.turnup:
            schedule.append(TURNUP)
        return tuple(schedule)

    def _deal_plan(self, seats: tuple[int, ...], bits: npt.NDArray[np.uint64]) -> tuple[
            npt.NDArray[np.uint64], npt.NDArray[np.intp], npt.NDArray[np.intp], bool]:
        """Where a shuffled pack goes (``seats``: the seat or :data:`TURNUP`
        of each place of the pack, the places after them out of play): the
        ``bits`` of the cards in play, the places grouped by seat, then the
        turn-up's, then the rest; the groups' starts; whether there is a
        rest. One OR-reduction of the pack's card bits in this order gives
        the hands at once."""
        places: list[int] = []
        starts: list[int] = []
        for seat in (*range(self.n), TURNUP):
            group = [place for place, owner in enumerate(seats) if owner == seat]
            if group:
                starts.append(len(places))
                places.extend(group)
        rest = range(len(seats), len(self.in_play_cards))
        if rest:
            starts.append(len(places))
            places.extend(rest)
        return bits, np.array(places, dtype=np.intp), np.array(starts, dtype=np.intp), bool(rest)

    def _tensor_tables(self) -> None:
        """What :meth:`TrickState.observation_tensor` writes with: the card
        blocks and the one-hot seats are unpacked from words of bits."""
        n = self.n
        width = len(self.deck)
        self.tensor_shape = (
            f"<{3 + 3 * n + 1}{'I' if width == 32 else 'Q'}",
            (3 + 3 * n) * width + len(PHASE_NAMES) + 3 * n,
            self.observation_tensor_size,
            width == 32,
        )
        """The struct format of the card blocks' masks and the one-hot seats'
        bits as words (a format, not a ``struct.Struct``: a game pickles);
        how many 0/1 values they make at the start of the tensor; its size;
        whether the words are 32 bits (else 64, cut to the pack's width)."""
        self.rotations = tuple(
            itemgetter(*[(seat + offset) % n for offset in range(n)]) for seat in range(n))
        """Per seat, what picks a per-seat list's values from that seat on."""
        self.won_share = tuple(
            cards // n / self.hand_size for cards in range(n * self.hand_size + 1))
        """The tricks in a pile of so many cards, as a share of the hand."""
        self.tensor_scale = self.score_scale

    counted_events: ClassVar[dict[str, str]] = {
        "capots": "hands in which one player won every trick, announced or not",
    }

    def count_events(self, events: Sequence[GameEvent]) -> dict[str, int]:
        """``capots``: hands in which one seat won every trick, bid or not
        (Bassadewitz's "all tricks", Grasobern's "Bauer")."""
        capots = 0
        winners: set[int] = set()
        for event in events:
            if type(event) is TrickTaken:
                winners.add(event.winner)
            elif type(event) is HandScored:
                capots += len(winners) == 1
                winners.clear()
        return {"capots": capots}

    @property
    def num_actions(self) -> int:
        return len(self.deck) + len(self.words)

    @property
    def extra_feature_size(self) -> int:
        """Length of the game's own features at the end of the tensor."""
        return 0

    @property
    def observation_tensor_size(self) -> int:
        n = self.num_players
        return len(self.deck) * (3 + 3 * n) + len(PHASE_NAMES) + 5 * n + 1 + \
            self.extra_feature_size

    @property
    def score_scale(self) -> float:
        """Divisor that brings match totals to about [-1, 1] in the tensor
        (the ``target`` option unless the game says otherwise)."""
        return float(self.options["target"])

    def observation_layout(self) -> tuple[TensorBlock, ...]:
        """The blocks of :meth:`TrickState.observation_tensor`: the common
        ones, then the game's own (:meth:`extra_blocks`)."""
        n = self.num_players
        width = len(self.deck)
        return (
            TensorBlock.cards("hand", width, "this seat's cards"),
            TensorBlock.cards("out of play", width, self.out_of_play_text),
            TensorBlock.cards("played", width, "the cards of the hand's finished tricks"),
            TensorBlock.cards("trick", width, "the card each seat played to the current trick",
                              parts=n, per_seat=True),
            TensorBlock.cards("won", width, "the cards in each seat's won tricks this hand",
                              parts=n, per_seat=True),
            TensorBlock.cards("known absent", width, self.known_absent_text,
                              parts=n, per_seat=True),
            TensorBlock.choice("phase", PHASE_NAMES, "the phase"),
            TensorBlock.seats("dealer", n, "the dealer", "one-hot"),
            TensorBlock.seats("to move", n, "the seat to act (in the discard, announce and "
                              "play phases only)", "one-hot"),
            TensorBlock.seats("leader", n, "the seat that leads or led the current trick (in "
                              "those phases only)", "one-hot"),
            TensorBlock.seats("scores", n, f"each seat's match total (/ {self.score_text})",
                              scale=self.score_scale),
            TensorBlock.seats("tricks", n, "the tricks each seat won this hand (/ hand size)",
                              scale=self.hand_size),
            TensorBlock("tricks played", 1, "the finished tricks of the hand (/ hand size)",
                        scale=self.hand_size),
            *self.extra_blocks(),
        )

    def extra_blocks(self) -> tuple[TensorBlock, ...]:
        """The layout of the game's own features (``extra_feature_size`` values)."""
        return ()

    def max_hand_decisions(self) -> int:
        """One play of every card dealt (Knaves, Bassadewitz)."""
        return len(self.deck)

    def card_list(self, mask: int) -> str:
        """The cards of ``mask`` as text for messages ("none" if empty)."""
        return " ".join(self.labels[card] for card in bits_of(mask)) or "none"

    def word_id(self, word: str) -> int:
        """The action id of a call word."""
        return self._word_ids[word]

    def card_word_text(self, deck: Deck, action: int) -> str:
        """Canonical text of an action id (card code or word)."""
        if action < len(deck):
            return self.labels[action]
        return self.words[action - len(deck)]


HAND_SIZES_32 = {3: 10, 4: 8, 5: 6, 6: 5}
"""§1.1: cards per hand with a 32-card pack (30 cards unless four play)."""

NATURAL_32 = (0, 1, 2, 3, 4, 5, 6, 7)
"""Strength by rank index of a 32-card pack (7 8 9 10 U/J O/Q K A): A high."""


class ThirtyTwoCardGame(TrickGame):
    """A piquet- or German-pack game for 3-6 players (§1.1).

    With 3, 5 or 6 players the two sevens of :attr:`removed_sevens` leave
    the pack; the cards are dealt in the packets of :attr:`packet_table`.
    Subclasses set those, the ranking (:attr:`ranking`, strength by rank
    index within the suit) and their own rules in :meth:`_configure_rules`.
    """

    packet_table: ClassVar[dict[int, tuple[int, ...]]]
    removed_sevens: ClassVar[tuple[str, str]]
    out_of_play_text = "the two sevens left out of the pack with 3, 5 or 6 players"
    ranking: tuple[int, ...] = NATURAL_32

    def _configure(self) -> None:
        players = self.num_players
        self.hand_size = HAND_SIZES_32[players]
        self.packets = self.packet_table[players]
        self.turnup = False
        self.surplus = 0
        self.in_play = self.deck.full_mask
        if players != 4:
            self.in_play &= ~self.deck.mask(self.removed_sevens)
        self._configure_rules()
        self.strength = tuple(self.ranking[card % 8] for card in range(len(self.deck)))

    def _configure_rules(self) -> None:
        """Set the game's own configuration (ranking, penalty cards ...)."""

    def max_hand_decisions(self) -> int:
        """A hand is its card plays, one call per seat and the dealer's
        discards."""
        return len(self.deck) + self.num_players + 2

    def max_match_decisions(self) -> int:
        """The penalty match of §1.3 (every 32-card game here plays it):
        every hand costs some seat at least one penalty point (a jack, a
        capot, the first trick), so some total reaches the target within
        ``n * (target - 1) + 1`` hands."""
        hands = self.num_players * (int(self.options["target"]) - 1) + 1
        return hands * self.max_hand_decisions()


class TrickState(MatchState):
    """A match of a trick game; game modules override the hooks only.

    The cards lie in the :attr:`zones` (``card_locations()`` keys ``hand
    <seat>``, ``won <seat>``, ``trick``, ``out of play``, ``undealt``); a
    seat's known voids limit what a re-deal gives it (:meth:`_may_hold`),
    and the out-of-play cards it has seen stay put
    (:meth:`_hidden_out_of_play`).
    """

    game: TrickGame
    zones = (
        Zone("hand", "hands", Seen.OWNER, per_seat=True),
        Zone("won", "won", Seen.EVERYONE, per_seat=True),
        Zone("trick", "trick_mask", Seen.EVERYONE),
        Zone("out of play", "out_of_play", Seen.NOBODY),
        Zone("undealt", "undealt", Seen.NOBODY),
    )
    catalogue = CATALOGUE
    phase_names = PHASE_NAMES
    prompts = PROMPTS
    over_phase = PHASE_OVER
    chance_phases = frozenset({PHASE_DEAL})
    hands: list[int]
    won: list[int]
    """The cards in each seat's won tricks this hand."""
    known_absent: list[int]
    """Cards each seat is publicly known not to hold (failed to follow)."""
    trick_mask: int
    """The cards of the current trick (in play order: the last of
    ``history``, see :attr:`trick`)."""
    led: Follow | None
    """The tables of the suit led to the current trick (``None``: no card yet)."""
    leader: int
    trick_number: int
    """The tricks finished this hand."""
    turnup: int
    """The card turned up for trumps (Knaves), or -1."""
    out_of_play: int
    undealt: int

    def __init__(
        self, game: TrickGame, seed: int, deal: Deal | None, explicit_chance: bool
    ) -> None:
        self._begin_match(game, seed, deal, explicit_chance)
        self._init_match()
        self._start_match(deal)

    def __getstate__(self) -> dict[str, Any]:
        """The fields to pickle: the suit led as a card of that suit, not as
        its tables (Knaves' are 0.15 MB; they are the game's, which pickles
        by reference)."""
        fields = dict(self.__dict__)
        if self.led is not None:
            fields["led"] = self.game.card_follow.index(self.led)
        return fields

    def __setstate__(self, fields: dict[str, Any]) -> None:
        led = fields["led"]
        if led is not None:
            fields["led"] = fields["game"].card_follow[led]
        self.__dict__ = fields

    # ------------------------------------------------------------------
    # hooks for game modules
    def _init_match(self) -> None:
        """Set the game's own match fields (called once, before any deal)."""

    def _after_deal(self) -> None:
        """Enter the first phase after the cards are dealt (default: play)."""
        self._begin_play(self.eldest)

    def _void_play_mask(self, seat: int, hand: int) -> int:
        """Cards a seat unable to follow may play; called, as
        :meth:`_note_void_play`, only in a game that sets
        ``TrickGame.restricts_void_play``."""
        return hand

    def _note_void_play(self, seat: int, card: int) -> None:
        """Record what failing to follow reveals, beyond the void suit."""

    def _apply_call(self, action: int) -> None:
        """Apply a discard or call in the game's extra phases."""
        raise IllegalAction("the game has no such phase")

    def _extra_legal(self) -> list[int]:
        """Legal actions in the game's extra phases."""
        return []

    def _score_hand(self) -> list[int]:
        """The change to each total for the hand just finished."""
        raise NotImplementedError

    def _is_match_over(self) -> bool:
        """Whether the match ends after the hand just scored."""
        raise NotImplementedError

    def _next_dealer(self) -> int:
        """The dealer of the next hand (default: the next seat, to the left
        or the right as the game plays)."""
        return self.game.next_seat[self.dealer]

    def _extra_features(self, seat: int) -> Sequence[float]:
        """The game's own tensor features (``game.extra_feature_size`` long,
        laid out as ``game.extra_blocks()``)."""
        return ()

    def _extra_observation(self, seat: int | None) -> dict[str, Any]:
        """Game-specific observation keys (``None``: a spectator's)."""
        return {}

    def _player_flags(self, seat: int) -> list[str]:
        return ["dealer"] if seat == self.dealer else []

    def _hidden_out_of_play(self, seat: int) -> int:
        """The out-of-play cards ``seat`` has not seen (default: none)."""
        return 0

    def _validate_fixed_hand(self, hands: list[int], absent: int) -> None:
        """Check a fixed deal's out-of-play cards; raise ParseError if wrong."""
        expected = self.game.deck.full_mask & ~self.game.in_play
        if absent != expected:
            cards = self.game.card_list
            raise ParseError(
                f"the cards out of play must be {cards(expected)}, not {cards(absent)}"
            )

    def _extra_deal_keys(self) -> tuple[str, ...]:
        """Deal keys beyond dealer, hands and scores (Knaves: turnup)."""
        return ()

    def _apply_fixed_extras(self, reader: DealReader, absent: int) -> int:
        """Apply the deal's extra keys (the cards not in a hand are
        ``absent``); returns the absent cards still unexplained."""
        return absent

    # ------------------------------------------------------------------
    # the core's hooks
    def _placed_for(self, seat: int) -> int:
        return self.out_of_play & ~self._hidden_out_of_play(seat)

    def _may_hold(self, zone: Zone, owner: int) -> int:
        if zone.per_seat:
            return self.game.deck.full_mask & ~self.known_absent[owner]
        return self.game.deck.full_mask

    def _words(self) -> Words:
        return self.game.log_words

    # ------------------------------------------------------------------
    # what the hand so far says
    @property
    def tricks(self) -> list[int]:
        """The tricks each seat won this hand."""
        n = self.game.n
        return [pile.bit_count() // n for pile in self.won]

    @property
    def first_winner(self) -> int:
        """The seat that won the hand's first trick, or -1."""
        for event in self.events:
            if type(event) is TrickTaken:
                return event.winner
        return -1

    @property
    def trick(self) -> list[int]:
        """The cards of the current trick in play order."""
        played = self.trick_mask.bit_count()
        return self.history[-played:] if played else []

    @property
    def last_winner(self) -> int:
        """The seat that won the last trick finished, or -1 (read when the
        hand is over)."""
        last = self.last_trick
        return -1 if last is None else last.winner

    @property
    def last_trick(self) -> TrickTaken | None:
        """The last trick finished, in this hand or the one before."""
        for events in (self.events, self._previous):
            for event in reversed(events):
                if type(event) is TrickTaken:
                    return event
        return None

    def top_seats(self) -> list[int]:
        """The seats sharing the highest total."""
        highest = max(self.totals)
        return [seat for seat, total in enumerate(self.totals) if total == highest]

    # ------------------------------------------------------------------
    # dealing
    @property
    def eldest(self) -> int:
        """The dealer's next seat (his left neighbour, or his right one in a
        game played to the right), who leads to the first trick."""
        return self.game.next_seat[self.dealer]

    def _reset_hand(self) -> None:
        game = self.game
        n = game.n
        self.phase = PHASE_DEAL
        self.hands = [0] * n
        self.won = [0] * n
        self.known_absent = [0] * n
        self.trick_mask = 0
        self.led = None
        self.leader = self.to_move = game.next_seat[self.dealer]
        self.trick_number = 0
        self.turnup = -1
        self.out_of_play = game.deck.full_mask & ~game.in_play
        self.undealt = 0
        event = _NEW(Dealt)  # Dealt(self.dealer, self.hand_index + 1)
        _SET_DEALER(event, self.dealer)
        _SET_DEALT(event, self.hand_index + 1)
        self._new_hand_log(event)

    def _line_count(self, events: Sequence[GameEvent]) -> int:
        # a finished hand: every trick told card by card, then its winner
        return len(events) + self.game.n * self.game.hand_size

    def _start_hand(self) -> None:
        self._reset_hand()
        game = self.game
        if self.explicit_chance:
            self.undealt = game.in_play
            return
        # The order of shuffled(game.in_play_cards, "parlour", seed, hand):
        # the cards sorted by 64-bit keys from SHAKE-256, stably, here in
        # one NumPy call; the hands are OR-reductions of the cards' bits.
        count = len(game.in_play_cards)
        key = f"parlour:{self.seed}:{self.hand_index}".encode()
        order = np.frombuffer(_SHAKE(key).digest(8 * count), _KEYS)
        bits, places, starts, rest = game.deal_plans[self.dealer]
        # (arguments by position: NumPy parses keywords slowly)
        groups: list[int] = _OR_AT(bits[order.argsort(-1, "stable")][places], starts).tolist()
        self.hands = groups[:game.n]
        if game.turnup:
            self._turn_up(groups[game.n].bit_length() - 1)
        if rest:
            self.out_of_play |= groups[-1]
        self._after_deal()

    def _turn_up(self, card: int) -> None:
        self.turnup = card
        self.out_of_play |= 1 << card

    def _start_fixed_hand(self, deal: Deal) -> None:
        game = self.game
        reader = DealReader(game, deal, ("hands", *self._extra_deal_keys()), 0)
        self.dealer = dealer = reader.dealer
        if reader.scores is not None:
            self.totals = reader.scores
        self._reset_hand()
        hands = reader.hands(lambda seat: game.hand_size + (game.surplus if seat == dealer else 0))
        self.hands = [mask_of(cards) for cards in hands]
        absent = self._apply_fixed_extras(reader, game.deck.full_mask & ~reader.taken)
        self._validate_fixed_hand(self.hands, absent)
        self.out_of_play = absent
        self._after_deal()

    # ------------------------------------------------------------------
    # the contract
    def is_terminal(self) -> bool:
        return self.phase == PHASE_OVER

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self.phase != PHASE_DEAL:
            raise IllegalAction("this is not a chance node")
        cards = bits_of(self.undealt)
        probability = 1.0 / len(cards)
        return [(card, probability) for card in cards]

    def legal_actions(self) -> list[int]:
        phase = self.phase
        if phase == PHASE_PLAY:
            hand = self.hands[self.to_move]
            led = self.led
            if led is not None:
                follow = hand & led[0]
                if follow:
                    return [*led[2][follow >> led[1]]]
                if self.game.restricts_void_play:
                    hand = self._void_play_mask(self.to_move, hand)
            if hand < 0x100000000:  # bits_of, unrolled
                return [*_BYTE0[hand & 0xFF], *_BYTE1[hand >> 8 & 0xFF],
                        *_BYTE2[hand >> 16 & 0xFF], *_BYTE3[hand >> 24]]
            width, first, second, third, fourth = self.game.hand_lists
            low = (1 << width) - 1
            return [*first[hand & low], *second[hand >> width & low],
                    *third[hand >> 2 * width & low], *fourth[hand >> 3 * width]]
        if phase == PHASE_DEAL:
            return bits_of(self.undealt)
        if phase == PHASE_OVER:
            return []
        return self._extra_legal()

    def apply(self, action: int) -> None:
        if action.__class__ is not int:
            action = as_action(action)
        phase = self.phase
        if phase == PHASE_PLAY:
            # Checking and playing a card, and the trick's end, inlined: the
            # hot path of every search.
            seat = self.to_move
            hands = self.hands
            hand = hands[seat]
            if action < 0 or not hand >> action & 1:
                raise IllegalAction(self._why_not_playable(action))
            game = self.game
            led = self.led
            if led is None:
                self.led = game.card_follow[action]
            elif not led[0] >> action & 1:
                led_mask = led[0]
                if hand & led_mask:
                    raise IllegalAction(self._why_not_playable(action))
                if game.restricts_void_play:
                    if not self._void_play_mask(seat, hand) >> action & 1:
                        raise IllegalAction(self._why_not_playable(action))
                    self._note_void_play(seat, action)
                self.known_absent[seat] |= led_mask
            history = self.history
            history.append(action)
            bit = 1 << action
            hands[seat] = hand ^ bit
            seat = game.next_seat[seat]
            leader = self.leader
            if seat != leader:
                self.to_move = seat
                self.trick_mask |= bit
                return
            cards = self.trick_mask | bit
            trick = tuple(history[-game.n:])
            turnup = self.turnup
            if turnup >= 0 and cards & game.card_follow[turnup][0]:
                led = game.card_follow[turnup]
            suit, shift, _, best = led  # type: ignore[misc]
            winner = game.seat_order[leader][trick.index(best[(cards & suit) >> shift])]
            self.won[winner] |= cards
            self.trick_number = number = self.trick_number + 1
            event = _NEW(TrickTaken)  # TrickTaken(leader, trick, winner, number)
            _SET_LEADER(event, leader)
            _SET_CARDS(event, trick)
            _SET_WINNER(event, winner)
            _SET_NUMBER(event, number)
            self.events.append(event)
            self.trick_mask = 0
            self.led = None
            if number < game.hand_size:
                self.leader = self.to_move = winner
            else:
                self._finish_hand()
        elif phase == PHASE_DEAL:
            self._deal_card(action)
        elif phase == PHASE_OVER:
            raise IllegalAction("the match is over")
        else:
            self._apply_call(action)

    def _deal_card(self, card: int) -> None:
        """The next card of an explicit-chance deal is ``card``."""
        undealt = self.undealt
        if card < 0 or not undealt >> card & 1:
            raise IllegalAction(f"{self._text(card)} is not an undealt card")
        game = self.game
        place = len(game.in_play_cards) - undealt.bit_count()
        self.history.append(card)
        self.undealt = undealt = undealt ^ 1 << card
        seat = game.schedule_seats[self.dealer][place]
        if seat == TURNUP:
            self._turn_up(card)
        else:
            self.hands[seat] |= 1 << card
        if place + 1 == len(game.schedule_seats[0]):
            self.out_of_play |= undealt
            self.undealt = 0
            self._after_deal()

    def _text(self, action: int) -> str:
        if 0 <= action < self.game.num_actions:
            return self.game.card_word_text(self.game.deck, action)
        return f"action {action}"

    def _why_not_playable(self, action: int) -> str:
        game = self.game
        deck = game.deck
        if not 0 <= action < game.num_actions:
            return f"there is no action {action}; actions are 0 to {game.num_actions - 1}"
        if action >= len(deck):
            return f"you cannot say {self._text(action)!r} now: play a card"
        hand = self.hands[self.to_move]
        if not hand >> action & 1:
            return f"you do not hold {game.labels[action]}"
        led = game.suit_of[self.trick[0]]
        if hand & game.suit_masks[led]:
            return f"you must follow suit: you hold {deck.suits[led].lower()}"
        return self._why_not_void_play(action)

    def _why_not_void_play(self, action: int) -> str:
        """Why a card may not be played by a seat void in the suit led."""
        return f"{self.game.labels[action]} cannot be played now"

    def action_to_str(self, action: int) -> str:
        if not 0 <= action < self.game.num_actions:
            raise ParseError(f"there is no action {action}")
        text = self.game.card_word_text(self.game.deck, action)
        return f"deal {text}" if self.phase == PHASE_DEAL else text

    def parse_action(self, text: str) -> int:
        if not isinstance(text, str):
            raise ParseError(f"an action is text, not {text!r}")
        words = text.strip().split(None, 1)
        if len(words) == 2 and words[0].casefold() in ("play", "deal", "discard", "lead"):
            text = words[1]
        key = text.strip().casefold()
        word = self.game._word_ids.get(key)
        if word is not None:
            return word
        try:
            return self.game.deck.parse(text).id
        except ParseError:
            example = self.game.deck.example
            choices = " or ".join(f"'{w}'" for w in self.game.words)
            raise ParseError(
                f"{text!r} is neither a card nor a call; type a card such as {example}, "
                f"or {choices}" if choices else
                f"{text!r} is neither a card nor a call; type a card such as {example}"
            ) from None

    # ------------------------------------------------------------------
    # trick play
    def _begin_play(self, leader: int) -> None:
        self.phase = PHASE_PLAY
        self.leader = self.to_move = leader

    def _finish_hand(self) -> None:
        deltas = self._score_hand()
        self.totals = list(map(add, self.totals, deltas))
        self.results.append(deltas)
        event = _NEW(HandScored)  # HandScored(self.hand_index + 1, tuple(deltas))
        _SET_SCORED(event, self.hand_index + 1)
        _SET_DELTAS(event, tuple(deltas))
        self.events.append(event)
        if self._is_match_over():
            self.phase = PHASE_OVER
            return
        self.dealer = self._next_dealer()
        self.hand_index += 1
        self._start_hand()

    # ------------------------------------------------------------------
    # copies
    def clone(self) -> Self:
        other = object.__new__(type(self))
        # A new plain dict, not an update of the clone's own: CPython reads
        # an attribute of a dict copied into place twice as slowly.
        fields = dict(self.__dict__)
        fields["history"] = self.history.copy()
        fields["hands"] = self.hands.copy()
        fields["won"] = self.won.copy()
        fields["known_absent"] = self.known_absent.copy()
        fields["totals"] = self.totals.copy()
        fields["results"] = self.results.copy()
        fields["events"] = self.events.copy()
        other.__dict__ = fields
        return other

    # ------------------------------------------------------------------
    # what a seat sees
    def _sorted_codes(self, mask: int) -> list[str]:
        labels = self.game.labels
        return [labels[card] for card in self.game.display_order if mask >> card & 1]

    def _lines(self, events: Iterable[GameEvent]) -> list[str]:
        # a trick is told card by card, then its winner
        words = self._words()
        line = self.catalogue.line
        seat_order = self.game.seat_order
        lines: list[str] = []
        for event in events:
            if type(event) is TrickTaken:
                order = seat_order[event.leader]
                lines.extend(line(Played(order[position], card), words)
                             for position, card in enumerate(event.cards))
            lines.append(line(event, words))
        return lines

    def public_log(self) -> list[str]:
        lines = super().public_log()
        words = self._words()
        order = self.game.seat_order[self.leader]
        lines.extend(self.catalogue.line(Played(order[position], card), words)
                     for position, card in enumerate(self.trick))
        return lines

    def _player(self, seat: int) -> dict[str, Any]:
        game = self.game
        absent = self.known_absent[seat]
        return {
            "seat": seat,
            "name": seat_name(seat),
            "cards": self.hands[seat].bit_count(),
            "score": self.totals[seat],
            "tricks": self.won[seat].bit_count() // game.n,
            "dealer": seat == self.dealer,
            "flags": self._player_flags(seat),
            "void": [suit for suit, mask in zip(game.deck.suits, game.suit_masks, strict=True)
                     if absent & mask == mask],
        }

    def _legal_card(self, action: int) -> str | None:
        return self.game.labels[action] if action < len(self.game.deck) else None

    def _prompt_key(self, seat: int | None) -> str:
        if self.phase == PHASE_PLAY:
            return "play" if self.trick else "lead"
        return self.phase_names[self.phase]

    def _observation(self, seat: int | None) -> Observation:
        """The observation of ``seat``, or of a spectator for ``None``.

        Besides the common keys it holds ``options``: the game's validated
        options (public knowledge, e.g. the card ranking), so that an agent
        given only observations can rebuild the game with
        ``parlour.make(observation["game"], **observation["options"])``.
        """
        game = self.game
        labels = game.labels
        seat_order = game.seat_order
        order = seat_order[self.leader]
        played = 0
        for pile in self.won:
            played |= pile
        zones: dict[str, Any] = {
            "played": self._sorted_codes(played),
            "trick": [
                {"seat": order[position], "card": labels[card]}
                for position, card in enumerate(self.trick)
            ],
        }
        if seat is not None:
            zones["won"] = self._sorted_codes(self.won[seat])
        last = self.last_trick
        if last is not None:
            zones["last_trick"] = {
                "cards": [
                    {"seat": seat_order[last.leader][position], "card": labels[card]}
                    for position, card in enumerate(last.cards)
                ],
                "winner": last.winner,
            }
        if self.turnup >= 0:
            zones["turnup"] = labels[self.turnup]
        hand = [] if seat is None else self._sorted_codes(self.hands[seat])
        observation = self._frame(seat, hand, zones)
        observation["trick_number"] = self.trick_number + (self.phase == PHASE_PLAY)
        observation["leader"] = self.leader
        observation.update(self._extra_observation(seat))
        return observation

    def observation_tensor(self, seat: int) -> npt.NDArray[np.float32]:
        """The blocks of :meth:`TrickGame.observation_layout` (the table in
        each game's module docstring): the card blocks and the one-hot seats
        unpacked from words of bits at once, then the scalars."""
        game = self.game
        n = game.n
        if seat.__class__ is not int or not 0 <= seat < n:
            self.check_seat(seat)
        # every per-seat block starts with this seat
        rotate = game.rotations[seat]
        won = rotate(self.won)
        trick = [0] * n
        leader = self.leader - seat
        count = self.trick_mask.bit_count()
        if count:  # each card at its seat's place from this seat (the trick is short)
            places = game.seat_order[leader % n]
            for place, card in enumerate(self.history[-count:]):
                trick[places[place]] = 1 << card
        phase = self.phase
        flags = 1 << phase | 1 << 5 + (self.dealer - seat) % n
        if PHASE_DEAL < phase < PHASE_OVER:  # discard, announce, play
            flags |= 1 << 5 + n + (self.to_move - seat) % n | 1 << 5 + 2 * n + leader % n
        words_format, bits, size, narrow = game.tensor_shape
        words = np.frombuffer(struct.pack(
            words_format,
            self.hands[seat], self.out_of_play & ~self._hidden_out_of_play(seat),
            sum(won),  # the played cards: the piles are disjoint
            *trick, *won, *rotate(self.known_absent), flags,
        ), _BYTE)
        # (unpackbits' arguments by position: NumPy parses keywords slowly)
        if narrow:  # a 32-card pack: the words' bits, then zeros
            tensor = np.unpackbits(words, None, size, "little").astype(_FLOAT)
        else:  # 64-bit words, each cut to the pack's width
            tensor = np.empty(size, _FLOAT)
            tensor[:bits] = np.unpackbits(words, None, None, "little").reshape(-1, 64)[
                :, :len(game.deck)].reshape(-1)[:bits]
        scale = game.tensor_scale
        share = game.won_share
        values = [total / scale for total in rotate(self.totals)]
        values += [share[pile.bit_count()] for pile in won]
        values.append(share[self.trick_number * n])
        values += self._extra_features(seat)
        tensor[bits:] = values
        return tensor


class PenaltyMatchState(TrickState):
    """The match of §1.3 (Polignac, Slobberhannes, Eichelobern, Grasobern):
    penalty points until some total reaches the ``target`` option; the
    highest total loses (ties all lose), every other seat wins."""

    lowest_wins = True

    def _is_match_over(self) -> bool:
        return max(self.totals) >= int(self.game.options["target"])

    def losers(self) -> list[int]:
        """The seats sharing the highest total."""
        return self.top_seats()

    def winners(self) -> list[int]:
        losers = self.losers()
        return [seat for seat in range(self.game.n) if seat not in losers]


class HighestTotalWinsState(TrickState):
    """A match won by the highest total (Knaves' points, Bassadewitz's
    chips): the seats sharing it win and share the others' stakes."""

    lowest_wins = False

    def winners(self) -> list[int]:
        """The seats sharing the highest total."""
        return self.top_seats()
