"""Bharg: P. D. Magnus's set-collecting game for the Decktet, for two
players or three. ``rules/bharg.md`` (rules §1-13, options §14, decisions
§15; the decisions are also in the rules help,
``parlour rules bharg``).

* The Decktet: 36 basic cards, plus The Excuse (``excuse``), the four
  Pawns (``pawns``) and the four Courts (``courts``, a parlour extension).
* Seven cards each (six with three players), dealt singly from the seat
  after the dealer; Aces turned up go to the Ace Pile (the last is the top
  Ace), the first other card starts the discard pile.
* A turn: draw the top card of the stock or take the top discard, then
  discard a card (an Ace onto the Ace Pile, where it becomes the top Ace;
  anything else onto the discard pile). A player whose every card is bound
  right after his discard wins the round (the check is automatic).
* A card is bound when it belongs to a bharg set (three or more cards whose
  suits are the six suits once each; the sets counted are disjoint), when
  it carries the top Ace's suit, or when it is The Excuse
  (:func:`evaluate_hand`).
* The winner scores the penalty of each opponent's hand: the values of its
  unbound cards (Ace 1, numbers their rank, Crowns, Pawns and Courts 10),
  under the most favourable arrangement for the loser
  (``penalty_arrangement``). The match ends when a total reaches
  ``target``; the highest total wins.
* An empty stock at the start of a turn is rebuilt from the piles
  (``stock_exhaustion``); a round of ``max_turns`` turns without a winner
  ends with no score.

Action ids: ``0`` draw from the stock, ``1`` take the top discard,
``2 + i`` discard the card whose index in ``decktet.json`` is ``i``
(``i < 45``; the extended deck's order, so basic cards keep their ids
whatever the options). With explicit chance every card dealt, every card
turned up and every card drawn from the stock is a chance outcome, named by
the same ``2 + i``; a reshuffle only rebuilds the stock (its order never
matters then, since each draw is a chance outcome).

A fixed deal (``new_state(deal=...)``) has ``dealer``, ``hands`` (card
names, the hand size each), ``scores``, and optionally ``stock`` (its top
cards, top first; the other cards follow in an order drawn from the seed).
Without piles the turn-up is made from that stock. With ``ace_pile`` and/or
``discard_pile`` (bottom first) it is a position in the middle of a round
instead, at the start of the turn of ``to_move`` (default: the seat after
the dealer).

The log is rendered from typed events (:class:`Dealt` to :class:`MatchWon`)
by :data:`CATALOGUE`; the observation's window of it (``log``, from line
``log_start`` of the match's log) holds the previous and the current round,
and starts afresh at a reshuffle, whose older lines name cards now face down
in the stock. :meth:`Bharg.count_events` counts the rounds won by binding
and those without a winner.

Speed: :func:`evaluate_hand`'s core (:func:`arrange`) takes about 18 µs on
a random 7-card hand and 150 µs on the worst 8-card hand (a busy 2-core
machine; see its docstring); random play runs about 60,000 decisions/s.

Observation tensor (version 1)
------------------------------

``parlour.make('bharg')`` (n = 2 players): 274 float32 values; how to read the table:
:mod:`parlour.engine.tensors`.

======  ===========  ===========  ==========  =====================================================
offset  size         block        values      meaning
======  ===========  ===========  ==========  =====================================================
0       36           hand         0/1 a card  this seat's cards
36      36           discards     0/1 a card  the cards in the discard pile
72      36           top discard  0/1 a card  the discard pile's top card
108     36           ace pile     0/1 a card  the Aces in the Ace Pile
144     36           taken        0/1 a card  the card taken from the discard pile this turn
180     72 (n × 36)  known        0/1 a card  the cards of each hand that every seat knows: taken
                                              from the discard pile and not discarded since
252     6            top ace      one-hot     the suit of the top Ace, if any: Moons, Suns, Waves,
                                              Leaves, Wyrms, Knots
258     6            phase        one-hot     the phase: deal, turn-up, draw, drawing, discard,
                                              over
264     1            stock        / 36        the cards in the stock (/ cards of the deck)
265     1            turns        / 300       the turns of this round (/ max_turns)
266     2 (n)        cards held   / 7         the cards in each hand (/ hand size)
268     2 (n)        scores       / 50        each seat's match total (/ target)
270     2 (n)        dealer       one-hot     the dealer
272     2 (n)        to move      one-hot     the seat whose turn it is (draw and discard phases)
======  ===========  ===========  ==========  =====================================================
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from contextlib import suppress
from dataclasses import dataclass
from itertools import product
from operator import itemgetter
from typing import Any, ClassVar, NamedTuple, Self

import numpy as np
import numpy.typing as npt

from parlour.cards import DECKTET_BASIC, DECKTET_EXTENDED, Card, Deck
from parlour.cards.bits import bits_of, mask_of
from parlour.engine.game import Deal, Game, Observation
from parlour.engine.match import (
    Catalogue,
    Dealt,
    Discarded,
    Drew,
    Form,
    GameEvent,
    MatchWon,
    Reshuffled,
    Seen,
    Took,
    TurnedUp,
    Words,
    Zone,
)
from parlour.engine.options import Option, OptionSchema
from parlour.engine.registry import register
from parlour.engine.scoring import ScoreCalculator, ScoreRequest
from parlour.engine.shuffle import shuffled
from parlour.engine.tensors import TensorBlock
from parlour.errors import IllegalAction, ParseError
from parlour.games.common import DealReader, MatchState, seat_name

SUIT_NAMES = DECKTET_EXTENDED.suits
CARDS: tuple[Card, ...] = DECKTET_EXTENDED.cards
NAMES: tuple[str, ...] = tuple(card.name for card in CARDS)
"""Each card's name as ``decktet.json`` writes it (``The Sailor``), by card id."""
CARD_COUNT = len(CARDS)

DRAW = 0
TAKE = 1
CARD_BASE = 2
NUM_ACTIONS = CARD_BASE + CARD_COUNT
WORDS = ("draw", "take")

HAND_SIZES = {2: 7, 3: 6}
"""Cards dealt to each hand, by the number of players."""

EXCUSE = NAMES.index("The Excuse")
EXCUSE_BIT = 1 << EXCUSE
ACES = sum(1 << card.id for card in CARDS if card.rank == "Ace")
BASIC = DECKTET_BASIC.full_mask
"""The 36 basic cards (their ids are the same in both decks)."""
PAWNS = sum(1 << card.id for card in CARDS if card.rank == "Pawn")
COURTS = sum(1 << card.id for card in CARDS if card.rank == "Court")
ALL_SUITS = (1 << len(SUIT_NAMES)) - 1

SUIT_BITS: tuple[int, ...] = tuple(
    sum(1 << SUIT_NAMES.index(suit) for suit in card.suits) for card in CARDS
)
"""Each card's suits as a 6-bit mask (bit ``k``: ``SUIT_NAMES[k]``)."""
SUIT_CARDS: tuple[int, ...] = tuple(
    sum(1 << card for card in range(CARD_COUNT) if SUIT_BITS[card] >> suit & 1)
    for suit in range(len(SUIT_NAMES))
)
"""Per suit, the bitset of the cards that show it."""
ACE_SUIT: dict[int, int] = {card.id: SUIT_NAMES.index(card.suits[0]) for card in CARDS
                            if card.rank == "Ace"}
BOUND_ALONE: dict[int, int] = {-1: EXCUSE_BIT} | {
    ace: EXCUSE_BIT | SUIT_CARDS[suit] for ace, suit in ACE_SUIT.items()}
"""The cards bound without a set (The Excuse, the top Ace's suit), by the
top Ace (-1: none)."""


def card_value(card: Card) -> int:
    """What an unbound card costs (§1.3): Ace 1, 2-9 their number, Crowns,
    Pawns and Courts 10, The Excuse 0."""
    if card.rank == "Ace":
        return 1
    if card.rank == "Excuse":
        return 0
    return int(card.rank) if card.rank.isdigit() else 10


VALUES: tuple[int, ...] = tuple(card_value(card) for card in CARDS)
_VALUE_BYTES: tuple[tuple[int, ...], ...] = tuple(
    tuple(
        sum(VALUES[8 * k + bit] for bit in range(8) if byte >> bit & 1 and 8 * k + bit < CARD_COUNT)
        for byte in range(256)
    )
    for k in range((CARD_COUNT + 7) // 8)
)


def value_of(mask: int) -> int:
    """The summed values of the cards in ``mask`` (six table look-ups)."""
    table = _VALUE_BYTES
    return (table[0][mask & 0xFF] + table[1][mask >> 8 & 0xFF] + table[2][mask >> 16 & 0xFF]
            + table[3][mask >> 24 & 0xFF] + table[4][mask >> 32 & 0xFF]
            + table[5][mask >> 40 & 0xFF])


# ---------------------------------------------------------------------------
# bharg sets


def _all_sets() -> tuple[int, ...]:
    """Every bharg set of the 45 cards as a bitmask (§5): exact covers of
    the six suits by three or more cards, The Excuse never in one."""
    found: list[int] = []
    usable = [card for card in range(CARD_COUNT) if SUIT_BITS[card]]

    def extend(covered: int, chosen: int) -> None:
        if covered == ALL_SUITS:
            if chosen.bit_count() >= 3:
                found.append(chosen)
            return
        lowest = (covered + 1) & ~covered  # the first suit not yet shown
        for card in usable:
            suits = SUIT_BITS[card]
            if suits & lowest and not suits & covered:
                extend(covered | suits, chosen | 1 << card)

    extend(0, 0)
    return tuple(sorted(found))


SETS: tuple[int, ...] = _all_sets()
"""All 1142 bharg sets of the full 45-card deck, as bitmasks, ascending."""

SET_ORDER: dict[int, int] = {
    mask: rank for rank, mask in enumerate(sorted(SETS, key=bits_of))
}
"""Each set's place when the sets are written as sorted lists of card ids
and sorted (the order in which :func:`arrange` prefers them)."""


def sets_in_play(in_play: int) -> tuple[int, ...]:
    """The bharg sets made only of the cards in bitset ``in_play``: 1012 in
    the basic deck, 1080 with the Pawns, 1142 with Pawns and Courts, 1074
    with Courts alone (§5; The Excuse adds none).

    >>> len(sets_in_play(BASIC)), len(sets_in_play(BASIC | PAWNS | EXCUSE_BIT))
    (1012, 1080)
    """
    return tuple(mask for mask in SETS if mask & ~in_play == 0)


_KEY_SUITS = (SUIT_CARDS[0], SUIT_CARDS[1], SUIT_CARDS[2])


def _index_sets() -> dict[tuple[int, int, int], tuple[int, ...]]:
    index: dict[tuple[int, int, int], list[int]] = {}
    for mask in SETS:
        moons, suns, waves = ((mask & suit).bit_length() - 1 for suit in _KEY_SUITS)
        index.setdefault((moons, suns, waves), []).append(mask)
    return {key: tuple(masks) for key, masks in index.items()}


_SETS_BY_KEY = _index_sets()
"""Every set shows Moons, Suns and Waves once each: the sets by their
(Moons card, Suns card, Waves card), at most 20 per key."""


def _sets_inside(hand: int) -> list[int]:
    """The bharg sets inside ``hand`` (a bitset), in no particular order.

    Each set is found from the cards of the hand that show Moons, Suns and
    Waves (one of each, possibly the same card twice), so a 7-card hand
    costs a few dozen look-ups, not 2^7 subsets.
    """
    found: list[int] = []
    get = _SETS_BY_KEY.get
    moons, suns, waves = _KEY_SUITS
    for key in product(bits_of(hand & moons), bits_of(hand & suns), bits_of(hand & waves)):
        masks = get(key)
        if masks:
            found += [mask for mask in masks if mask & hand == mask]
    return found


def candidate_sets(hand: int) -> list[int]:
    """The bharg sets inside ``hand`` (a bitset), in :data:`SET_ORDER` (§8 step 1)."""
    found = _sets_inside(hand)
    found.sort(key=SET_ORDER.__getitem__)
    return found


# ---------------------------------------------------------------------------
# evaluating a hand


class Arrangement(NamedTuple):
    """The arrangement of a hand that :func:`arrange` reports: its penalty,
    the bound cards and the sets used (bitsets)."""

    penalty: int
    bound: int
    sets: tuple[int, ...]


_CRITERIA = itemgetter(0, 1)


def _set_lists(sets: tuple[int, ...]) -> tuple[int, list[int]]:
    """How arrangements binding the same cards are ranked: the fewest sets,
    then the sets' sorted card ids first (``sets`` are in :data:`SET_ORDER`)."""
    return len(sets), [SET_ORDER[mask] for mask in sets]


def arrange(hand: int, ace_top: int, max_bound: bool = False) -> Arrangement:
    """The best arrangement of ``hand`` (a bitset of card ids) against the
    top Ace ``ace_top`` (a card id, or -1 for an empty Ace Pile), §8:
    the least penalty, or with ``max_bound`` the most cards bound and then
    the least penalty. Ties go to the arrangement binding more cards, then
    to the bound cards whose sorted ids come first; among arrangements with
    the same bound cards, to the fewest sets, then to the sets whose
    sorted ids come first. The hand wins when ``bound == hand``.

    Every disjoint collection of candidate sets is tried (no greedy choice),
    so the answer is exact for any hand. Time, measured by
    ``benchmarks/bench_bharg.py --worst`` on the 2-core reference machine
    while a tournament kept both cores busy (load 5.5; an idle machine does
    better): a random 7-card hand about 18 µs; the worst hands, those with
    the most disjoint collections of sets, 60 µs for 6 cards (8 sets, 13
    collections), 86 µs for 7 (12 sets, 25 collections) and 150 µs for 8
    (18 sets, 55 collections). The time grows with the collections, at
    most a few dozen in a hand of 8 cards.
    """
    fixed = hand & BOUND_ALONE[ace_top]
    free = hand & ~fixed
    if not free:
        return Arrangement(0, hand, ())
    # a set of cards all bound already changes nothing
    candidates = [mask for mask in candidate_sets(hand & ~EXCUSE_BIT) if mask & free]
    if not candidates:
        return Arrangement(value_of(free), fixed, ())
    # every disjoint collection of candidates, each as (cards covered, sets)
    ways: list[tuple[int, tuple[int, ...]]] = [(0, ())]
    for mask in candidates:
        ways += [(used | mask, (*sets, mask)) for used, sets in ways if not used & mask]
    # (first criterion, second criterion, cards covered, sets) per collection
    if max_bound:
        scored = [((free & ~used).bit_count(), value_of(free & ~used), used, sets)
                  for used, sets in ways]
    else:
        scored = [(value_of(free & ~used), (free & ~used).bit_count(), used, sets)
                  for used, sets in ways]
    first = min(scored, key=_CRITERIA)
    ties = [item for item in scored if item[0] == first[0] and item[1] == first[1]]
    chosen = first
    if len(ties) > 1:
        bound = min({fixed | item[2] for item in ties}, key=bits_of)
        chosen = min((item for item in ties if fixed | item[2] == bound),
                     key=lambda item: _set_lists(item[3]))
    return Arrangement(first[1] if max_bound else first[0], fixed | chosen[2], chosen[3])


def binds_all(hand: int, ace_top: int) -> bool:
    """Whether every card of ``hand`` is bound against the top Ace
    ``ace_top`` (§9: the hand wins), under either ``penalty_arrangement``:
    ``arrange(hand, ace_top).bound == hand``, found by looking for one
    collection of disjoint sets that covers the cards not bound already,
    without ranking every collection (a discard checks it every turn).

    >>> sailor = [NAMES.index(name) for name in ("The Sailor", "The Cave")]
    >>> binds_all(mask_of(sailor), -1), binds_all(1 << NAMES.index("The Excuse"), -1)
    (False, True)
    """
    fixed = hand & BOUND_ALONE[ace_top]
    free = hand & ~fixed
    if not free:
        return True
    sets = [mask for mask in _sets_inside(hand & ~EXCUSE_BIT) if mask & free]
    covered = 0
    for mask in sets:
        covered |= mask
    return not free & ~covered and _covered_by(free, sets)


def _covered_by(cards: int, sets: list[int]) -> bool:
    """Whether some of ``sets``, pairwise disjoint, cover ``cards``: the
    lowest card is in one of them, and the rest is covered by the sets
    disjoint from that one."""
    if not cards:
        return True
    lowest = cards & -cards
    for mask in sets:
        if mask & lowest and _covered_by(cards & ~mask,
                                         [other for other in sets if not other & mask]):
            return True
    return False


@dataclass(frozen=True)
class HandEvaluation:
    """A hand judged by §8: its cards, the top Ace, the sets of the chosen
    arrangement, the bound and unbound cards (names as in ``decktet.json``,
    in deck order), whether the hand is fully bound and the penalty its
    unbound cards would cost."""

    hand: tuple[str, ...]
    ace_top: str | None
    sets: tuple[tuple[str, ...], ...]
    bound: tuple[str, ...]
    unbound: tuple[str, ...]
    wins: bool
    penalty: int


MAX_EVALUATED = 12
"""The most cards :func:`evaluate_hand` takes (a Bharg hand has 6 to 8)."""


def evaluate_hand(cards: Iterable[str | Card], ace_top: str | Card | None, /,
                  **options: object) -> HandEvaluation:
    """Judge a hand against the top Ace (``None``: an empty Ace Pile), §8.

    ``cards`` are card names or codes (``The Sailor``, ``Sailor``,
    ``Ace of Knots``); a text may hold several names (``"Cave Market"``).
    ``options`` are Bharg options: ``penalty_arrangement`` decides which
    arrangement is scored; ``excuse``, ``pawns`` and ``courts``, when given
    as false, refuse those cards. Unknown, repeated or out-of-play cards and
    a top Ace that is not an Ace (or that is also in the hand) raise
    :class:`~parlour.errors.ParseError`; bad options
    :class:`~parlour.errors.OptionError`.

    >>> result = evaluate_hand(["The Lunatic", "The Penitent", "The Market", "The Origin",
    ...                         "The Mountain", "The Soldier", "The Castle"], "Ace of Knots")
    >>> result.wins, result.penalty, len(result.sets)
    (True, 0, 2)
    >>> evaluate_hand(["Pact", "Darkness", "Merchant", "Author", "Journey", "Ace of Moons",
    ...                "Ace of Suns"], None, penalty_arrangement="max_bound").penalty
    14
    """
    checked = Bharg.schema.validate(options)
    hand = 0
    for card in parse_cards(cards):
        if hand >> card & 1:
            raise ParseError(f"{NAMES[card]} is listed twice")
        hand |= 1 << card
    if hand.bit_count() > MAX_EVALUATED:
        raise ParseError(f"a hand to evaluate has at most {MAX_EVALUATED} cards, "
                         f"not {hand.bit_count()}")
    for flag, kind in (("excuse", EXCUSE_BIT), ("pawns", PAWNS), ("courts", COURTS)):
        if flag in options and not checked[flag] and hand & kind:
            raise ParseError(f"{NAMES[(hand & kind).bit_length() - 1]} is not in play "
                             f"({flag}=false)")
    ace = -1
    if ace_top is not None:
        named = parse_cards([ace_top])
        if len(named) != 1:
            raise ParseError(f"the top Ace is one card, not {len(named)}")
        ace = named[0]
        if not ACES >> ace & 1:
            raise ParseError(f"the top Ace must be an Ace, such as Ace of Knots, not {NAMES[ace]}")
        if hand >> ace & 1:
            raise ParseError(f"{NAMES[ace]} cannot be both the top Ace and in the hand")
    result = arrange(hand, ace, checked["penalty_arrangement"] == "max_bound")
    return HandEvaluation(
        hand=names_of(hand),
        ace_top=None if ace < 0 else NAMES[ace],
        sets=tuple(names_of(mask) for mask in result.sets),
        bound=names_of(result.bound),
        unbound=names_of(hand & ~result.bound),
        wins=result.bound == hand,
        penalty=result.penalty,
    )


def names_of(mask: int) -> tuple[str, ...]:
    """The names of the cards in ``mask``, in deck order."""
    return tuple(NAMES[card] for card in bits_of(mask))


_LONGEST_NAME = 3
"""Words in the longest spelling of a Decktet card (``The Chance Meeting``,
``Ace of Moons``, ``Crown of Knots``)."""


def parse_cards(cards: Iterable[str | Card], deck: Deck = DECKTET_EXTENDED) -> list[int]:
    """The card ids that ``cards`` name, in order: each item a
    :class:`~parlour.cards.Card` or a text holding one or more card names
    (the longest name wins: ``"Chance Meeting Cave"`` is two cards).
    A word that starts no card name raises :class:`~parlour.errors.ParseError`.

    >>> [NAMES[card] for card in parse_cards(["the sailor", "Chance Meeting Ace of Knots"])]
    ['The Sailor', 'The Chance Meeting', 'Ace of Knots']
    """
    if isinstance(cards, str | Card):
        cards = [cards]
    ids: list[int] = []
    for item in cards:
        if isinstance(item, Card):
            ids.append(deck.parse(item.name).id)
            continue
        if not isinstance(item, str):
            raise ParseError(f"a card is a name such as The Sailor, not {item!r}")
        ids.extend(_parse_names(item, deck))
    return ids


def _parse_names(text: str, deck: Deck) -> list[int]:
    """The cards of one text: one name, or else the longest name at each
    word; words that start no name raise the deck's error, naming them."""
    try:
        return [deck.parse(text).id]
    except ParseError:
        pass
    words = text.replace(",", " ").split()
    ids: list[int] = []
    unknown: list[str] = []
    start = 0
    while start < len(words):
        for end in range(min(start + _LONGEST_NAME, len(words)), start, -1):
            with suppress(ParseError):
                ids.append(deck.parse(" ".join(words[start:end])).id)
                break
        else:
            unknown.append(words[start])
            start += 1
            continue
        if unknown:
            break
        start = end
    if unknown or not ids:
        deck.parse(" ".join(unknown) or text)
    return ids


# ---------------------------------------------------------------------------
# events and the log


@dataclass(frozen=True, slots=True)
class WonRound(GameEvent):
    """``seat`` is fully bound after his discard, holding ``hand`` (a
    bitset), and wins round ``number`` (§9)."""

    seat: int
    hand: int
    number: int


@dataclass(frozen=True, slots=True)
class Unbound(GameEvent):
    """A loser's hand judged: ``seat``'s ``unbound`` cards (a bitset) cost
    ``penalty``."""

    seat: int
    unbound: int
    penalty: int


@dataclass(frozen=True, slots=True)
class Scored(GameEvent):
    """The winner ``seat`` scores ``points`` for round ``number``."""

    seat: int
    points: int
    number: int


@dataclass(frozen=True, slots=True)
class RoundVoid(GameEvent):
    """Round ``number`` ends without a winner: ``cause`` is ``"stock"``
    (the stock ran out, ``stock_exhaustion=void_round``), ``"piles"``
    (nothing left to reshuffle and no discard to take) or ``"turns"``
    (``turns`` turns were played, ``max_turns``)."""

    number: int
    cause: str
    turns: int = 0


_SEATS = range(max(HAND_SIZES))
DREW = tuple(Drew(seat) for seat in _SEATS)
TOOK = tuple(tuple(Took(seat, card) for card in range(CARD_COUNT)) for seat in _SEATS)
DISCARDED = tuple(tuple(Discarded(seat, card) for card in range(CARD_COUNT)) for seat in _SEATS)
"""The events of every turn, made at import: a turn appends one of each
kind, and a frozen dataclass costs more to make than the rest of a draw."""

VOID_CAUSES = {
    "stock": "the stock is empty",
    "piles": "the stock and the discard pile are empty",
    "turns": "{turns} turns without a winner",
}
"""Why a round ended without a winner, in words (:class:`RoundVoid`)."""


def _listed(cards: int, words: Words) -> str:
    """The names of ``cards`` (a bitset), comma-separated."""
    return ", ".join(words.card(card) for card in bits_of(cards))


CATALOGUE = Catalogue({
    Dealt: "{dealer} deals round {number}",
    TurnedUp: lambda event, words: (
        f"{words.card(event.card)} is turned up and goes on the Ace Pile"
        if ACES >> event.card & 1
        else f"{words.card(event.card)} is turned up and starts the discard pile"),
    Drew: "{seat} draws from the stock",
    Took: "{seat} takes {card}",
    Discarded: lambda event, words: (
        f"{words.seat(event.seat)} discards {words.card(event.card)}: the new top Ace"
        if ACES >> event.card & 1
        else f"{words.seat(event.seat)} discards {words.card(event.card)}"),
    Reshuffled: lambda event, words: (
        f"the stock is empty: {event.count} cards are shuffled into a new stock" if event.count
        else "the stock is empty and no card can be shuffled into it"),
    WonRound: lambda event, words: f"{words.seat(event.seat)} is fully bound and wins round "
    f"{event.number}: {_listed(event.hand, words)}",
    Unbound: lambda event, words: (
        f"{words.seat(event.seat)} has unbound {_listed(event.unbound, words)}: "
        f"{event.penalty} points" if event.unbound
        else f"{words.seat(event.seat)} has every card bound: 0 points"),
    Scored: "{seat} scores {points} for round {number}",
    RoundVoid: lambda event, words: (
        f"round {event.number} ends without a winner: "
        f"{VOID_CAUSES[event.cause].format(turns=event.turns)}"),
    MatchWon: "{seat} wins the match",
})
"""Every line of Bharg's log; cards are named as in ``decktet.json``."""


# ---------------------------------------------------------------------------
# the game

PHASE_DEAL = 0
PHASE_TURNUP = 1
PHASE_DRAW = 2
PHASE_STOCK = 3
PHASE_DISCARD = 4
PHASE_OVER = 5
PHASE_NAMES = ("deal", "turn-up", "draw", "drawing", "discard", "over")
PROMPTS = {
    "draw": "Draw from the stock or take the top discard",
    "discard": "Discard a card (an Ace goes on the Ace Pile)",
}
"""What the player to move decides in each phase (:attr:`MatchState.prompts`)."""
CHANCE_VERBS = {PHASE_DEAL: "deal", PHASE_TURNUP: "turn up", PHASE_STOCK: "draw"}
"""How a chance outcome (a card) reads in each chance phase."""

def score_binding(request: ScoreRequest) -> list[str]:
    """``parlour score``'s count of a binding (rules §8): the sets of the
    arrangement scored, the bound and unbound cards, whether the hand wins,
    then its penalty. The cards may be given as one word list (``The Chance
    Meeting Cave``); ``--option penalty_arrangement=max_bound`` scores the
    other way."""
    if request.turnup is not None:
        raise ParseError("a Bharg hand has no turn-up: give the top Ace with --ace CARD")
    if not request.cards:
        raise ParseError('give the cards of the hand, e.g. parlour score bharg "The Sailor" '
                         'Cave Market --ace "Ace of Knots"')
    result = evaluate_hand([" ".join(request.cards)], request.ace, **request.options)
    sets = [f"set: {' + '.join(cards)}" for cards in result.sets] or ["sets: none"]
    return [
        f"top Ace: {result.ace_top or 'none'}",
        *sets,
        f"bound: {', '.join(result.bound) or 'none'}",
        f"unbound: {', '.join(result.unbound) or 'none'}",
        f"wins: {'yes' if result.wins else 'no'}",
        f"penalty: {result.penalty}",
    ]


@register
class Bharg(Game):
    """Bharg; see the module docstring and the rules help (:mod:`parlour.help`)."""

    name = "bharg"
    title = "Bharg"
    hand_word = "round"
    version = 1
    tensor_version = 1
    higher_is_better = True
    min_players = 2
    max_players = 3
    deck: Deck = DECKTET_BASIC
    description = (
        "P. D. Magnus's Decktet game of bharg sets: draw, discard and bind every "
        "card by sets and the top Ace; 2 or 3 players, to 50."
    )
    score_calculator = ScoreCalculator(score_binding)
    schema = OptionSchema([
        Option.choice("players", (2, 3), 2, "2 players, or 3 with six-card hands"),
        Option.integer("target", 50, "the match ends when a total reaches this (the seed: 50)",
                       minimum=1, maximum=500),
        Option.flag("excuse", False, "shuffle in The Excuse (always bound, no suit)"),
        Option.flag("pawns", False, "shuffle in the four Pawns (three suits, worth 10)"),
        Option.flag("courts", False,
                    "shuffle in the four Courts, played like Pawns (not in the source)"),
        Option.choice("stock_exhaustion", ("reshuffle", "void_round"), "reshuffle",
                      "an empty stock: rebuild it from the piles, or end the round unscored"),
        Option.choice("penalty_arrangement", ("min_penalty", "max_bound"), "min_penalty",
                      "a loser's hand is arranged for the least penalty or the most cards bound"),
        Option.choice("rediscard", ("allowed", "forbidden"), "allowed",
                      "may the card just taken from the discard pile be discarded again"),
        Option.integer("max_turns", 300,
                       "a round of this many turns without a winner ends unscored",
                       minimum=1, maximum=3000),
    ])

    def __init__(self, /, **options: object) -> None:
        super().__init__(**options)
        settings = self.options
        self.n = self.num_players
        self.in_play = BASIC | (EXCUSE_BIT if settings["excuse"] else 0) | (
            PAWNS if settings["pawns"] else 0) | (COURTS if settings["courts"] else 0)
        self.deck = DECKTET_BASIC if self.in_play == BASIC else DECKTET_EXTENDED
        self.out_of_play = self.deck.full_mask & ~self.in_play
        self.cards_in_play = tuple(bits_of(self.in_play))
        self.hand_size = HAND_SIZES[self.n]
        self.target = int(settings["target"])
        self.max_turns = int(settings["max_turns"])
        self.max_bound = settings["penalty_arrangement"] == "max_bound"
        self.reshuffles = settings["stock_exhaustion"] == "reshuffle"
        self.rediscard = settings["rediscard"] == "allowed"
        self.width = len(self.deck)
        self.words = Words([seat_name(seat) for seat in range(self.n)], NAMES)
        """How the log names seats and cards (``The Sailor``, as ``decktet.json``)."""

    @property
    def num_actions(self) -> int:
        return NUM_ACTIONS

    def observation_layout(self) -> tuple[TensorBlock, ...]:
        n = self.n
        width = self.width
        return (
            TensorBlock.cards("hand", width, "this seat's cards"),
            TensorBlock.cards("discards", width, "the cards in the discard pile"),
            TensorBlock.cards("top discard", width, "the discard pile's top card"),
            TensorBlock.cards("ace pile", width, "the Aces in the Ace Pile"),
            TensorBlock.cards("taken", width, "the card taken from the discard pile this turn"),
            TensorBlock.cards("known", width, "the cards of each hand that every seat knows: "
                              "taken from the discard pile and not discarded since",
                              parts=n, per_seat=True),
            TensorBlock.choice("top ace", SUIT_NAMES, "the suit of the top Ace, if any"),
            TensorBlock.choice("phase", PHASE_NAMES, "the phase"),
            TensorBlock("stock", 1, "the cards in the stock (/ cards of the deck)", scale=width),
            TensorBlock("turns", 1, "the turns of this round (/ max_turns)",
                        scale=self.max_turns),
            TensorBlock.seats("cards held", n, "the cards in each hand (/ hand size)",
                              scale=self.hand_size),
            TensorBlock.seats("scores", n, "each seat's match total (/ target)",
                              scale=self.target),
            TensorBlock.seats("dealer", n, "the dealer", "one-hot"),
            TensorBlock.seats("to move", n, "the seat whose turn it is (draw and discard "
                              "phases)", "one-hot"),
        )

    def text(self, action: int) -> str:
        """The canonical text of an action id: ``draw``, ``take`` or a card's name."""
        if 0 <= action < CARD_BASE:
            return WORDS[action]
        if CARD_BASE <= action < NUM_ACTIONS:
            return NAMES[action - CARD_BASE]
        raise ParseError(f"there is no action {action}; actions are 0 to {NUM_ACTIONS - 1}")

    def parse_card(self, text: str) -> int:
        """The id of the card in play that ``text`` names (:class:`ParseError` if none)."""
        return self.deck.parse(text).id

    def max_hand_decisions(self) -> int:
        """A round is at most ``max_turns`` turns of a draw and a discard."""
        return 2 * int(self.options["max_turns"]) + 2

    def max_match_decisions(self) -> int:
        """Rounds without a winner score nothing, so ten rounds are allowed
        a point of the target per seat."""
        rounds = 10 * self.num_players * int(self.options["target"])
        return rounds * self.max_hand_decisions()

    counted_events: ClassVar[dict[str, str]] = {
        "wins_by_binding": "rounds won by a player binding every card",
        "rounds_without_winner": "rounds that ended without a winner",
    }

    def count_events(self, events: Sequence[GameEvent]) -> dict[str, int]:
        """Rounds won by binding every card, and rounds that ended without a
        winner."""
        return {
            "wins_by_binding": sum(isinstance(event, WonRound) for event in events),
            "rounds_without_winner": sum(isinstance(event, RoundVoid) for event in events),
        }

    def _new_state(self, seed: int, deal: Deal | None, explicit_chance: bool) -> BhargState:
        return BhargState(self, seed, deal, explicit_chance)


class BhargState(MatchState):
    """A Bharg match.

    What follows from other fields is derived, not kept (the undealt cards,
    the deal position, the card taken this turn): a state of more than 29
    fields loses CPython's shared instance dict (3.11 shares up to 30
    keys), and every field read of random play gets slower (about 5%).
    """

    game: Bharg
    over_phase = PHASE_OVER
    chance_phases = frozenset({PHASE_DEAL, PHASE_TURNUP, PHASE_STOCK})
    phase_names = PHASE_NAMES
    prompts = PROMPTS
    lowest_wins = False
    catalogue = CATALOGUE
    zones = (
        Zone("hand", "hands", Seen.OWNER, per_seat=True),
        Zone("shown", "shown", Seen.EVERYONE, per_seat=True),
        Zone("stock", "stock", Seen.NOBODY, form=Form.ORDER),
        Zone("discard pile", "discard_pile", Seen.EVERYONE, form=Form.ORDER),
        Zone("ace pile", "ace_pile", Seen.EVERYONE, form=Form.ORDER),
        Zone("undealt", "undealt", Seen.NOBODY),
        Zone("out of play", "out_of_play", Seen.EVERYONE),
    )
    copied_fields = ("history", "hands", "stock", "discard_pile", "ace_pile", "totals", "results",
                     "events", "shown", "draws_since")

    def __init__(self, game: Bharg, seed: int, deal: Deal | None, explicit_chance: bool) -> None:
        self._begin_match(game, seed, deal, explicit_chance)
        self.dealer = game.n - 1
        self.shown = [0] * game.n
        """Each seat's last hand, laid face up when the match ends."""
        self._start_match(deal)

    # ------------------------------------------------------------------
    # setting up a round
    def _clear_hand(self) -> None:
        n = self.game.n
        self.phase = PHASE_DEAL
        self.hands = [0] * n
        self.stock: list[int] = []
        """The stock, top card last (with explicit chance its order is never used)."""
        self.discard_pile: list[int] = []
        self.ace_pile: list[int] = []
        self.known = 0
        """Cards in hands that everyone knows: taken from the discard pile."""
        self.drawn = -1
        self.turns = 0
        self.reshuffle_count = 0
        self.reshuffled = 0
        """The cards shuffled into the stock at this round's last reshuffle."""
        self.draws_since = [0] * n
        """Per seat, the cards drawn from the stock since that reshuffle."""
        self.to_move = (self.dealer + 1) % n
        self._new_hand_log(Dealt(self.dealer, self.hand_index + 1))

    def _start_hand(self) -> None:
        game = self.game
        self._clear_hand()
        if self.explicit_chance:
            return
        pack = shuffled(game.cards_in_play, "bharg", self.seed, self.hand_index)
        dealt = game.n * game.hand_size
        for card in pack[:dealt]:
            self._deal(CARD_BASE + card)
        self.stock = pack[dealt:][::-1]
        self._turn_up_from_stock()

    def _turn_up_from_stock(self) -> None:
        self.phase = PHASE_TURNUP
        while self.phase == PHASE_TURNUP and self.stock:
            self._turn_up(CARD_BASE + self.stock.pop())

    @property  # derived here, where other games keep it as a field
    def undealt(self) -> int:  # type: ignore[override]
        """The cards not dealt yet (explicit chance, at the deal and the
        turn-up): in play and in no hand, pile or stock."""
        if self.phase > PHASE_TURNUP:
            return 0
        placed = mask_of(self.stock) | mask_of(self.discard_pile) | mask_of(self.ace_pile)
        for hand in self.hands:
            placed |= hand
        return self.game.in_play & ~placed

    @property
    def out_of_play(self) -> int:
        """The cards of the deck that the options leave out."""
        return self.game.out_of_play

    def _deal(self, action: int) -> None:
        """The next card of the deal (a chance outcome, or the seed's)."""
        game = self.game
        dealt = sum(hand.bit_count() for hand in self.hands)
        self.hands[(self.dealer + 1 + dealt) % game.n] |= 1 << action - CARD_BASE
        if dealt + 1 == game.n * game.hand_size:
            self.phase = PHASE_TURNUP

    def _turn_up(self, action: int) -> None:
        """§3.4: an Ace goes on the Ace Pile, any other card starts the
        discard pile and the play begins."""
        card = action - CARD_BASE
        self.events.append(TurnedUp(card))
        if ACES >> card & 1:
            self.ace_pile.append(card)
            return
        self.discard_pile.append(card)
        if self.explicit_chance and not self.stock:
            self.stock = bits_of(self.undealt)
        self._start_turn((self.dealer + 1) % self.game.n)

    def _start_fixed_hand(self, deal: Deal) -> None:
        game = self.game
        reader = DealReader(game, deal, ("hands", "stock", "ace_pile", "discard_pile", "to_move"),
                            game.n - 1, read=self._read_names)
        self.dealer = reader.dealer
        if reader.scores is not None:
            if max(reader.scores) >= game.target:
                raise ParseError(f"a score of {max(reader.scores)} has already reached the target")
            if min(reader.scores) < 0:
                raise ParseError("scores in Bharg are never negative")
            self.totals = reader.scores
        self._clear_hand()
        hands = reader.hands(game.hand_size, f"{game.hand_size} card names")
        self.hands = [mask_of(cards) for cards in hands]
        self.ace_pile = reader.cards("ace_pile", "the Ace Pile")
        for card in self.ace_pile:
            if not ACES >> card & 1:
                raise ParseError(f"the Ace Pile holds only Aces, not {NAMES[card]}")
        self.discard_pile = reader.cards("discard_pile", "the discard pile")
        for card in self.discard_pile:
            if ACES >> card & 1:
                raise ParseError(f"{NAMES[card]} cannot be on the discard pile: Aces go on "
                                 "the Ace Pile")
        top = reader.cards("stock", "the stock")
        self.stock = (top + reader.rest(game.cards_in_play, "bharg", self.seed, 0))[::-1]
        if "ace_pile" not in reader and "discard_pile" not in reader:
            if "to_move" in reader:
                raise ParseError("'to_move' needs an 'ace_pile' or a 'discard_pile': without "
                                 "them the round starts with the turn-up")
            self._turn_up_from_stock()
            return
        self._start_turn(reader.seat("to_move", (self.dealer + 1) % game.n))

    def _read_names(self, cards: object, where: str) -> list[int]:
        """The ids of a fixed deal's list of card names (Decktet names hold
        spaces: not the core's list of codes)."""
        if not isinstance(cards, list | str):
            raise ParseError(f"{where} must be a list of card names")
        try:
            return parse_cards(cards, self.game.deck)
        except ParseError as error:
            raise ParseError(f"in {where}: {error}") from None

    # ------------------------------------------------------------------
    # turns
    @property
    def taken(self) -> int:
        """The card taken from the discard pile this turn, or -1: the
        turn's last event says it (one field fewer, see the class
        docstring)."""
        if self.phase == PHASE_DISCARD:
            last = self.events[-1]
            if isinstance(last, Took):
                return last.card
        return -1

    def top_ace(self) -> int:
        """The card id of the top Ace, or -1 for an empty Ace Pile."""
        return self.ace_pile[-1] if self.ace_pile else -1

    def _start_turn(self, seat: int) -> None:
        """§4 and §10: the turn of ``seat`` begins; an empty stock is
        rebuilt (or ends the round) before the draw."""
        self.to_move = seat
        self.drawn = -1
        if not self.stock:
            if not self.game.reshuffles:
                self._void_round("stock")
                return
            self._reshuffle()
            if not self.stock and not self.discard_pile:
                self._void_round("piles")
                return
        self.phase = PHASE_DRAW

    def _reshuffle(self) -> None:
        """§10: all but the top discard and all but the top Ace form the new
        stock. The log starts afresh: its older lines name cards that are
        now face down in the stock."""
        cards = [*self.discard_pile[:-1], *self.ace_pile[:-1]]
        self.discard_pile = self.discard_pile[-1:]
        self.ace_pile = self.ace_pile[-1:]
        mask = mask_of(cards)
        if self.explicit_chance:
            self.stock = bits_of(mask)
        else:
            self.stock = shuffled(sorted(cards), "bharg-reshuffle", self.seed, self.hand_index,
                                  self.reshuffle_count)
        self.reshuffle_count += 1
        self.reshuffled = mask
        self.draws_since = [0] * self.game.n
        self._new_hand_log(Reshuffled(len(cards)))
        # every event is one line: the window moves on by all it showed
        self.log_start += len(self._previous)
        self._previous = ()

    def _draw(self, action: int) -> None:
        """§4: draw the top card of the stock (with explicit chance, a chance
        outcome says which), or take the top discard, known to all."""
        seat = self.to_move
        if action == TAKE:
            card = self.discard_pile.pop()
            self.known |= 1 << card
            self.events.append(TOOK[seat][card])
        else:
            self.events.append(DREW[seat])
            self.draws_since[seat] += 1
            if self.explicit_chance:
                self.phase = PHASE_STOCK
                return
            card = self.drawn = self.stock.pop()
        self.hands[seat] |= 1 << card
        self.phase = PHASE_DISCARD

    def _draw_outcome(self, action: int) -> None:
        card = self.drawn = action - CARD_BASE
        self.stock.remove(card)
        self.hands[self.to_move] |= 1 << card
        self.phase = PHASE_DISCARD

    def _discard(self, action: int) -> None:
        """§4: the discard, then the automatic check of the discarder alone."""
        game = self.game
        seat = self.to_move
        card = action - CARD_BASE
        bit = 1 << card
        self.hands[seat] &= ~bit
        self.known &= ~bit
        if ACES & bit:
            self.ace_pile.append(card)
        else:
            self.discard_pile.append(card)
        self.events.append(DISCARDED[seat][card])
        self.drawn = -1
        hand = self.hands[seat]
        if binds_all(hand, self.top_ace()):
            self._win(seat)
            return
        self.turns += 1
        if self.turns >= game.max_turns:
            self._void_round("turns", game.max_turns)
            return
        self._start_turn((seat + 1) % game.n)

    # ------------------------------------------------------------------
    # the end of a round and of the match
    def _win(self, seat: int) -> None:
        """§9: the winner scores every opponent's penalty against the top Ace."""
        game = self.game
        n = game.n
        ace = self.top_ace()
        self.events.append(WonRound(seat, self.hands[seat], self.hand_index + 1))
        points = 0
        for offset in range(1, n):
            other = (seat + offset) % n
            hand = self.hands[other]
            result = arrange(hand, ace, game.max_bound)
            points += result.penalty
            self.events.append(Unbound(other, hand & ~result.bound, result.penalty))
        deltas = [0] * n
        deltas[seat] = points
        self.totals[seat] += points
        self.results.append(deltas)
        self.events.append(Scored(seat, points, self.hand_index + 1))
        if self.totals[seat] >= game.target:
            # the hands are laid face up: the match is over
            self.shown = self.hands
            self.hands = [0] * n
            self.known = 0
            self.events.append(MatchWon(seat))
            self.phase = PHASE_OVER
            return
        self._next_round()

    def _void_round(self, cause: str, turns: int = 0) -> None:
        self.results.append([0] * self.game.n)
        self.events.append(RoundVoid(self.hand_index + 1, cause, turns))
        self._next_round()

    def _next_round(self) -> None:
        self.dealer = (self.dealer + 1) % self.game.n
        self.hand_index += 1
        self._start_hand()

    def winners(self) -> list[int]:
        """The seat whose total reached the target (only the winner of a
        round scores, and the match ends when he reaches it)."""
        return [seat for seat, total in enumerate(self.totals) if total >= self.game.target]

    # ------------------------------------------------------------------
    # the contract
    def _choices(self) -> int:
        """The legal action ids as a bitmask: a chance phase's outcomes, the
        draw or the take, or the cards that may be discarded."""
        phase = self.phase
        if phase == PHASE_DISCARD:
            hand = self.hands[self.to_move]
            if not self.game.rediscard and self.taken >= 0:
                hand &= ~(1 << self.taken)
            return hand << CARD_BASE
        if phase == PHASE_DRAW:
            return (1 << DRAW if self.stock else 0) | (1 << TAKE if self.discard_pile else 0)
        if phase == PHASE_STOCK:
            return mask_of(self.stock) << CARD_BASE
        return self.undealt << CARD_BASE  # none once the round is dealt, or over

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self.phase not in self.chance_phases:
            raise IllegalAction("this is not a chance node")
        actions = bits_of(self._choices())
        probability = 1.0 / len(actions)
        return [(action, probability) for action in actions]

    def legal_actions(self) -> list[int]:
        return bits_of(self._choices())

    def _is_legal(self, action: int) -> bool:
        return action >= 0 and bool(self._choices() >> action & 1)

    def _why_not_outcome(self, action: int) -> str:
        return f"{self.game.text(action)!r} is not a possible outcome here"

    def _why_not(self, action: int) -> str:
        text = self.game.text(action)
        if self.phase == PHASE_DRAW:
            if action == DRAW:
                return "the stock is empty: take the top discard"
            if action == TAKE:
                return "the discard pile is empty: draw from the stock"
            return "draw first: draw from the stock or take the top discard"
        if action < CARD_BASE:
            return "you have drawn already: discard a card"
        if not self.hands[self.to_move] >> (action - CARD_BASE) & 1:
            return f"you do not hold {text}"
        return (f"you took {text} from the discard pile this turn: discard another card "
                "(rediscard is forbidden)")

    def action_to_str(self, action: int) -> str:
        text = self.game.text(action)
        phase = self.phase
        if action >= CARD_BASE and phase in CHANCE_VERBS:
            return f"{CHANCE_VERBS[phase]} {text}"
        if action == TAKE and phase == PHASE_DRAW and self.discard_pile:
            return f"take {NAMES[self.discard_pile[-1]]}"
        return text

    def parse_action(self, text: str) -> int:
        if not isinstance(text, str):
            raise ParseError(f"an action is text, not {text!r}")
        words = " ".join(text.split())
        key = words.casefold()
        if key in WORDS:
            return WORDS.index(key)
        game = self.game
        for verb in ("turn up", "turn-up", "deal", "discard", "draw", "take"):
            if key.startswith(verb + " "):
                card = game.parse_card(words[len(verb) + 1:])
                if verb == "take":
                    return self._take_named(card)
                if verb == "draw" and self.phase != PHASE_STOCK:
                    raise ParseError("draw takes no card name: type draw to draw the top card "
                                     "of the stock")
                return CARD_BASE + card
        try:
            return CARD_BASE + game.parse_card(words)
        except ParseError:
            raise ParseError(
                f"{text!r} is neither a card nor a word; type draw, take or the name of a "
                f"card such as The Sailor"
            ) from None

    def _take_named(self, card: int) -> int:
        """``take CARD``: the take, if ``CARD`` is the top discard."""
        if not self.discard_pile:
            raise ParseError("the discard pile is empty: there is no card to take")
        top = self.discard_pile[-1]
        if card != top:
            raise ParseError(f"the top discard is {NAMES[top]}, not {NAMES[card]}")
        return TAKE

    # ------------------------------------------------------------------
    # hidden cards
    def known_elsewhere(self, seat: int) -> int:
        return self.known & ~self.hands[seat]

    def _placed_for(self, seat: int) -> int:
        """The cards taken from the discard pile stay in their hands."""
        return self.known

    def _slots(self, zone: Zone, owner: int, hidden: int, seat: int) -> list[tuple[int, int]]:
        """After a reshuffle the stock holds only reshuffled cards, and a
        hand holds at most as many of them as it has drawn since."""
        if not self.reshuffle_count or zone.name not in ("hand", "stock"):
            return super()._slots(zone, owner, hidden, seat)
        count = hidden.bit_count()
        if zone.name == "stock":
            return [(count, self.reshuffled)]
        full = self.game.deck.full_mask
        drawn = min(self.draws_since[owner], count)
        return [(drawn, full), (count - drawn, full & ~self.reshuffled)]

    def _put(self, zone: Zone, owner: int, kept: int, cards: int, rng: random.Random) -> None:
        # the undealt cards are those no other zone holds: they follow
        if zone.field != "undealt":
            super()._put(zone, owner, kept, cards, rng)

    def _after_redeal(self, source: Self, seat: int, rng: random.Random) -> None:
        """Which of the mover's unseen cards came from the stock is unknown."""
        mover = source.to_move
        if source.drawn >= 0 and mover != seat:
            self.drawn = rng.choice(bits_of(self.hands[mover] & ~source.known))

    # ------------------------------------------------------------------
    # what a seat sees
    def _words(self) -> Words:
        return self.game.words

    def _player(self, seat: int) -> dict[str, Any]:
        hand = self.hands[seat]
        dealer = seat == self.dealer
        return {
            "seat": seat, "name": seat_name(seat), "cards": hand.bit_count(),
            "score": self.totals[seat], "dealer": dealer,
            "known": list(names_of(hand & self.known)),
            "flags": ["dealer"] if dealer else [],
        }

    def _legal_card(self, action: int) -> str | None:
        return NAMES[action - CARD_BASE] if action >= CARD_BASE else None

    def _observation(self, seat: int | None) -> Observation:
        """The observation of ``seat`` (``None``: a spectator's).

        Game keys: ``hand_log_start`` (the index in ``log`` of this round's
        first line), ``taken`` (the card taken from the discard pile this
        turn), ``turns`` (turns played this round), and for the seat itself
        ``drawn`` (the card it drew from the stock this turn) and its hand
        judged against the top Ace: ``sets`` (each written ``A + B + C``),
        ``bound``, ``unbound`` and ``penalty`` (:func:`arrange`).
        """
        zones: dict[str, Any] = {
            "ace_pile": [NAMES[card] for card in self.ace_pile],
            "top_ace": NAMES[self.ace_pile[-1]] if self.ace_pile else None,
            "discard_pile": [NAMES[card] for card in self.discard_pile],
            "top_discard": NAMES[self.discard_pile[-1]] if self.discard_pile else None,
            "stock": len(self.stock),
        }
        if self.phase == PHASE_OVER:
            zones["shown"] = [{"seat": other, "cards": list(names_of(hand))}
                              for other, hand in enumerate(self.shown)]
        hand = [] if seat is None else list(names_of(self.hands[seat]))
        observation = self._frame(seat, hand, zones)
        # every event is one line: the previous round's lines come first
        observation["hand_log_start"] = len(self._previous)
        observation["taken"] = NAMES[self.taken] if self.taken >= 0 else None
        observation["turns"] = self.turns
        if seat is not None and self.hands[seat]:
            observation.update(self._own_hand(seat))
        return observation

    def _own_hand(self, seat: int) -> dict[str, Any]:
        """The seat's private keys: the card it drew and its hand judged now."""
        hand = self.hands[seat]
        result = arrange(hand, self.top_ace(), self.game.max_bound)
        drawn = self.drawn if seat == self.to_move and self.phase == PHASE_DISCARD else -1
        return {
            "drawn": NAMES[drawn] if drawn >= 0 else None,
            "sets": [" + ".join(names_of(mask)) for mask in result.sets],
            "bound": list(names_of(result.bound)),
            "unbound": list(names_of(hand & ~result.bound)),
            "penalty": result.penalty,
        }

    def observation_tensor(self, seat: int) -> npt.NDArray[np.float32]:
        """The blocks of :meth:`Bharg.observation_layout` (the table in the
        module docstring)."""
        self.check_seat(seat)
        discards = self.discard_pile
        taken = self.taken
        hands = self.hands
        return self.game.tensor_writer.write(seat, [
            hands[seat], mask_of(discards), 1 << discards[-1] if discards else 0,
            mask_of(self.ace_pile), 1 << taken if taken >= 0 else 0,
            [hand & self.known for hand in hands],
            ACE_SUIT[self.ace_pile[-1]] if self.ace_pile else None, self.phase,
            len(self.stock), self.turns, [hand.bit_count() for hand in hands], self.totals,
            self.dealer, self.to_move if self.phase in (PHASE_DRAW, PHASE_DISCARD) else None,
        ])

    phase_moves: ClassVar[Mapping[int, Callable[[Any, int], None]]] = {
        PHASE_DEAL: _deal, PHASE_TURNUP: _turn_up, PHASE_DRAW: _draw, PHASE_STOCK: _draw_outcome,
        PHASE_DISCARD: _discard,
    }
