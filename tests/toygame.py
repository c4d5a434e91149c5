"""Three Tricks: a toy game that lives only in the test suite, to show that
a new game is one module and every surface plays it from the contract
alone (issue 28). ``tests/test_toy_game.py`` registers it
(:func:`parlour.engine.register`) for a test and unregisters it after.

* Players: 2 to 4 (``players`` 2). Deck: piquet 32, ranking A K Q J 10 9
  8 7.
* A hand: the dealer deals three cards to each seat, one at a time from
  the seat at his left; the rest of the pack stays face down, unseen by
  anyone. The seat at the dealer's left leads; a seat must follow the suit
  led if it can, and may play any card if it cannot. The highest card of
  the suit led wins the trick, and its winner leads the next.
* Score: 1 point a trick; a seat that takes all three tricks of a hand
  (a sweep) scores 1 more.
* Match: ``hands`` hands (3), seat 0 dealing the first and the deal
  passing to the left; the highest total wins, tied seats sharing the win.
* Action ids: 0-31 a card, ``suit * 8 + rank`` (suits S H D C, ranks 7 …
  A): a card played, or at a chance node the card dealt. No call words. A
  fixed deal names the ``"dealer"`` and the ``"hands"`` of the first hand.

Observation tensor (version 1)
------------------------------

``parlour.make('three-tricks')`` (n = 2 players): 148 float32 values; how to read the table:
:mod:`parlour.engine.tensors`.

======  ===========  ===========  ==========  =====================================================
offset  size         block        values      meaning
======  ===========  ===========  ==========  =====================================================
0       32           hand         0/1 a card  this seat's cards
32      32           played       0/1 a card  the cards of the hand's finished tricks
64      64 (n × 32)  trick        0/1 a card  the card each seat played to the current trick
128     8 (n × 4)    void         0/1         the suits (S H D C) each seat failed to follow
136     3            phase        one-hot     the phase: deal, play, over
139     2 (n)        dealer       0/1         the dealer
141     2 (n)        to move      0/1         the seat to move
143     2 (n)        score        / 12        the match totals
145     2 (n)        tricks       / 3         the tricks won this hand
147     1            hand number  / 3         the hands begun
======  ===========  ===========  ==========  =====================================================
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import ClassVar, Self

import numpy as np
import numpy.typing as npt

from parlour.cards import PIQUET_32, bits_of
from parlour.engine import (
    Deal,
    Game,
    Observation,
    Option,
    OptionSchema,
    State,
    TensorBlock,
    register,
    unregister,
)
from parlour.engine.determinize import redeal
from parlour.engine.game import CHANCE_PLAYER, TERMINAL_PLAYER
from parlour.engine.match import Catalogue, GameEvent, Words
from parlour.errors import IllegalAction, ParseError

HAND_SIZE = 3
"""Cards dealt to each seat, and tricks in a hand."""

SWEEP_BONUS = 1
"""The point more for taking every trick of a hand."""

PHASES = ("deal", "play", "over")
DEAL, PLAY, OVER = range(3)

CARDS = len(PIQUET_32)
SUIT_MASKS = PIQUET_32.suit_masks
RANKS = CARDS // len(SUIT_MASKS)


def suit_of(card: int) -> int:
    """The suit index of ``card`` (S H D C)."""
    return card // RANKS


def seat_name(seat: int) -> str:
    """How the log names ``seat``."""
    return f"P{seat}"


@dataclass(frozen=True, slots=True)
class Dealt(GameEvent):
    """``dealer`` dealt hand ``number``."""

    dealer: int
    number: int


@dataclass(frozen=True, slots=True)
class Played(GameEvent):
    """``seat`` played ``card`` to the trick."""

    seat: int
    card: int


@dataclass(frozen=True, slots=True)
class TrickWon(GameEvent):
    """``winner`` took trick ``number`` of the hand."""

    winner: int
    number: int


@dataclass(frozen=True, slots=True)
class Swept(GameEvent):
    """``seat`` took every trick of the hand."""

    seat: int


@dataclass(frozen=True, slots=True)
class HandScored(GameEvent):
    """Hand ``number`` changed the totals by ``changes``."""

    number: int
    changes: tuple[int, ...]


CATALOGUE = Catalogue({
    Dealt: "{dealer} deals hand {number}",
    Played: "{seat} plays {card}",
    TrickWon: "{winner} wins trick {number}",
    Swept: "{seat} takes every trick",
    HandScored: lambda event, words: f"hand {event.number} scored: "
                                     f"{words.changes(event.changes)}",
})
"""Every sentence of the log."""


class ThreeTricks(Game):
    """Three tricks a hand, a point a trick, a point more for all three."""

    name = "three-tricks"
    title = "Three Tricks"
    version = 1
    tensor_version = 1
    min_players = 2
    max_players = 4
    deck = PIQUET_32
    description = "A toy trick game of three-card hands, a point a trick (the test suite's own)."
    higher_is_better = True
    schema = OptionSchema([
        Option.integer("players", 2, "seats at the table", minimum=2, maximum=4),
        Option.integer("hands", 3, "hands in the match", minimum=1, maximum=6),
    ])
    rules_text = (
        "Three Tricks (the test suite's toy game)\n\n"
        "The dealer deals three cards to each seat, one at a time; the rest of the pack is "
        "not seen. The seat at the dealer's left leads. Follow suit if you can; the highest "
        "card of the suit led wins the trick and leads the next. A trick scores 1 point and "
        "all three tricks of a hand 1 more. After the last hand the highest total wins.\n"
    )

    @property
    def hands(self) -> int:
        """Hands in a match."""
        return int(self.options["hands"])

    @property
    def num_actions(self) -> int:
        return CARDS

    @property
    def observation_tensor_size(self) -> int:
        return sum(block.size for block in self.observation_layout())

    def observation_layout(self) -> tuple[TensorBlock, ...]:
        n = self.num_players
        return (
            TensorBlock.cards("hand", CARDS, "this seat's cards"),
            TensorBlock.cards("played", CARDS, "the cards of the hand's finished tricks"),
            TensorBlock.cards("trick", CARDS, "the card each seat played to the current trick",
                              parts=n, per_seat=True),
            TensorBlock("void", n * len(SUIT_MASKS),
                        "the suits (S H D C) each seat failed to follow", "flags",
                        parts=n, per_seat=True),
            TensorBlock.choice("phase", PHASES, "the phase"),
            TensorBlock.seats("dealer", n, "the dealer", "flags"),
            TensorBlock.seats("to move", n, "the seat to move", "flags"),
            TensorBlock.seats("score", n, "the match totals", scale=self.best_total),
            TensorBlock.seats("tricks", n, "the tricks won this hand", scale=HAND_SIZE),
            TensorBlock("hand number", 1, "the hands begun", scale=self.hands),
        )

    @property
    def best_total(self) -> int:
        """The highest total a match allows: a sweep every hand."""
        return (HAND_SIZE + SWEEP_BONUS) * self.hands

    def max_hand_decisions(self) -> int:
        """Every seat plays each of its three cards: exactly ``3 n`` decisions."""
        return HAND_SIZE * self.num_players

    def max_match_decisions(self) -> int:
        """Exactly ``hands`` hands of ``3 n`` decisions."""
        return self.max_hand_decisions() * self.hands

    counted_events: ClassVar[dict[str, str]] = {
        "sweeps": "hands in which one player took every trick"}

    def count_events(self, events: Sequence[GameEvent]) -> dict[str, int]:
        """``sweeps``: hands in which one seat took every trick."""
        return {"sweeps": sum(isinstance(event, Swept) for event in events)}

    def _new_state(self, seed: int, deal: Deal | None, explicit_chance: bool) -> ThreeTricksState:
        return ThreeTricksState(self, seed, deal, explicit_chance)


class ThreeTricksState(State):
    """A match of Three Tricks."""

    game: ThreeTricks

    def __init__(self, game: ThreeTricks, seed: int, deal: Deal | None,
                 explicit_chance: bool) -> None:
        n = game.num_players
        self.game = game
        self.seed = seed
        self.deal = deal
        self.explicit_chance = explicit_chance
        self.history: list[int] = []
        self.deal_key = seed
        """Seeds the shuffle of every hand dealt by the seed (a determinized
        world draws its own: the later deals are unknown too)."""
        self.totals = [0] * n
        self.results: list[list[int]] = []
        self.events: list[GameEvent] = []
        self.hand_index = -1
        self.dealer = n - 1
        if deal is None:
            self._start_hand(0)
        else:
            self._start_fixed_hand(deal)

    # --- dealing ---------------------------------------------------------
    def _reset_hand(self, dealer: int) -> None:
        n = self.game.num_players
        self.hand_index += 1
        self.dealer = dealer
        self.hands = [0] * n
        self.undealt = PIQUET_32.full_mask
        self.played = 0
        self.trick: list[int] = []
        self.leader = (dealer + 1) % n
        self.to_move = self.leader
        self.tricks = [0] * n
        self.trick_number = 0
        self.void = [0] * n
        self.events.append(Dealt(dealer, self.hand_index + 1))

    def _start_hand(self, dealer: int) -> None:
        self._reset_hand(dealer)
        if self.explicit_chance:
            self.phase = DEAL
            return
        order = list(range(CARDS))
        random.Random(f"three-tricks:{self.deal_key}:{self.hand_index}").shuffle(order)
        for card in order[:HAND_SIZE * self.game.num_players]:
            self._deal_card(card)
        self.phase = PLAY

    def _deal_card(self, card: int) -> None:
        """``card`` to the next seat round from the dealer's left."""
        n = self.game.num_players
        dealt = CARDS - self.undealt.bit_count()
        self.hands[(self.dealer + 1 + dealt) % n] |= 1 << card
        self.undealt &= ~(1 << card)

    def _start_fixed_hand(self, deal: Deal) -> None:
        n = self.game.num_players
        unknown = sorted(set(deal) - {"dealer", "hands"})
        if unknown:
            raise ParseError(f"a deal of Three Tricks has no {', '.join(map(repr, unknown))}; "
                             "it names the dealer and the hands")
        dealer = deal.get("dealer", 0)
        if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < n:
            raise ParseError(f"the dealer must be a seat from 0 to {n - 1}, not {dealer!r}")
        hands = deal.get("hands")
        if not isinstance(hands, list) or len(hands) != n:
            raise ParseError(f"a deal names {n} hands, one list of card codes per seat")
        self._reset_hand(dealer)
        taken = 0
        for seat, codes in enumerate(hands):
            if not isinstance(codes, list) or len(codes) != HAND_SIZE:
                raise ParseError(f"hand {seat} must be a list of {HAND_SIZE} card codes")
            for code in codes:
                card = PIQUET_32.parse(str(code)).id
                if taken >> card & 1:
                    raise ParseError(f"{PIQUET_32.cards[card].code} is dealt twice")
                taken |= 1 << card
                self.hands[seat] |= 1 << card
        self.undealt = PIQUET_32.full_mask & ~taken
        self.phase = PLAY

    # --- whose turn --------------------------------------------------------
    def current_player(self) -> int:
        if self.phase == PLAY:
            return self.to_move
        return CHANCE_PLAYER if self.phase == DEAL else TERMINAL_PLAYER

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self.phase != DEAL:
            raise IllegalAction("this is not a chance node")
        cards = bits_of(self.undealt)
        return [(card, 1.0 / len(cards)) for card in cards]

    def is_terminal(self) -> bool:
        return self.phase == OVER

    # --- moves -------------------------------------------------------------
    def _playable(self) -> int:
        hand = self.hands[self.to_move]
        if not self.trick:
            return hand
        follow = hand & SUIT_MASKS[suit_of(self.trick[0])]
        return follow or hand

    def legal_actions(self) -> list[int]:
        if self.phase == PLAY:
            return bits_of(self._playable())
        return bits_of(self.undealt) if self.phase == DEAL else []

    def apply(self, action: int) -> None:
        if isinstance(action, bool) or not isinstance(action, int | np.integer):
            raise IllegalAction(f"an action is an integer id, not {action!r}")
        action = int(action)
        if self.phase == OVER:
            raise IllegalAction("the match is over")
        if not 0 <= action < CARDS:
            raise IllegalAction(f"there is no action {action}; the cards are 0 to {CARDS - 1}")
        if self.phase == DEAL:
            if not self.undealt >> action & 1:
                raise IllegalAction(f"{self.action_to_str(action)} is dealt already")
            self.history.append(action)
            self._deal_card(action)
            if self.undealt.bit_count() == CARDS - HAND_SIZE * self.game.num_players:
                self.phase = PLAY
            return
        seat = self.to_move
        if not self.hands[seat] >> action & 1:
            raise IllegalAction(f"you do not hold {self.action_to_str(action)}")
        if not self._playable() >> action & 1:
            suit = PIQUET_32.suits[suit_of(self.trick[0])].lower()
            raise IllegalAction(f"you must follow suit: you hold {suit}")
        self.history.append(action)
        if self.trick and suit_of(action) != suit_of(self.trick[0]):
            self.void[seat] |= 1 << suit_of(self.trick[0])
        self.hands[seat] &= ~(1 << action)
        self.trick.append(action)
        self.events.append(Played(seat, action))
        if len(self.trick) < self.game.num_players:
            self.to_move = (seat + 1) % self.game.num_players
        else:
            self._finish_trick()

    def _finish_trick(self) -> None:
        n = self.game.num_players
        led = suit_of(self.trick[0])
        best = max((card, position) for position, card in enumerate(self.trick)
                   if suit_of(card) == led)[1]
        winner = (self.leader + best) % n
        for card in self.trick:
            self.played |= 1 << card
        self.trick = []
        self.tricks[winner] += 1
        self.trick_number += 1
        self.events.append(TrickWon(winner, self.trick_number))
        self.leader = self.to_move = winner
        if self.trick_number == HAND_SIZE:
            self._finish_hand()

    def _finish_hand(self) -> None:
        changes = list(self.tricks)
        for seat, tricks in enumerate(self.tricks):
            if tricks == HAND_SIZE:
                changes[seat] += SWEEP_BONUS
                self.events.append(Swept(seat))
        self.results.append(changes)
        self.totals = [total + change for total, change in zip(self.totals, changes, strict=True)]
        self.events.append(HandScored(self.hand_index + 1, tuple(changes)))
        if len(self.results) == self.game.hands:
            self.phase = OVER
        else:
            self._start_hand((self.dealer + 1) % self.game.num_players)

    def action_to_str(self, action: int) -> str:
        if not 0 <= action < CARDS:
            raise IllegalAction(f"there is no action {action}; the cards are 0 to {CARDS - 1}")
        return PIQUET_32.cards[action].code

    def parse_action(self, text: str) -> int:
        return PIQUET_32.parse(text).id

    # --- outcome -------------------------------------------------------------
    def scores(self) -> list[int]:
        return list(self.totals)

    def hand_results(self) -> list[list[int]]:
        return [list(row) for row in self.results]

    def winners(self) -> list[int]:
        """The seats with the highest total."""
        best = max(self.totals)
        return [seat for seat, total in enumerate(self.totals) if total == best]

    def returns(self) -> list[float]:
        """Zero-sum: each loser pays 1, the winners share it (zeros for a tie
        of every seat, and before the end)."""
        n = self.game.num_players
        winners = self.winners()
        if self.phase != OVER or len(winners) == n:
            return [0.0] * n
        share = (n - len(winners)) / len(winners)
        return [share if seat in winners else -1.0 for seat in range(n)]

    def match_events(self) -> Sequence[GameEvent]:
        return list(self.events)

    # --- what a seat sees ------------------------------------------------------
    def _codes(self, mask: int) -> list[str]:
        return PIQUET_32.codes(mask)

    def observation(self, seat: int) -> Observation:
        self.check_seat(seat)
        return self._observation(seat)

    def public_observation(self) -> Observation:
        return self._observation(None)

    def _observation(self, seat: int | None) -> Observation:
        n = self.game.num_players
        players = [
            {
                "seat": other,
                "name": seat_name(other),
                "cards": self.hands[other].bit_count(),
                "score": self.totals[other],
                "tricks": self.tricks[other],
                "dealer": other == self.dealer,
                "flags": ["dealer"] if other == self.dealer else [],
            }
            for other in range(n)
        ]
        to_move = self.current_player()
        legal = [] if seat is None or seat != to_move else [
            {"id": action, "text": self.action_to_str(action),
             "card": self.action_to_str(action)}
            for action in self.legal_actions()
        ]
        words = Words([seat_name(other) for other in range(n)],
                      [card.code for card in PIQUET_32.cards])
        return {
            "game": self.game.name,
            "seat": seat,
            "players": players,
            "hand": [] if seat is None else self._codes(self.hands[seat]),
            "zones": {
                "trick": [
                    {"seat": (self.leader + position) % n, "card": PIQUET_32.cards[card].code}
                    for position, card in enumerate(self.trick)
                ],
                "played": self._codes(self.played),
            },
            "phase": PHASES[self.phase],
            "to_move": to_move,
            "prompt": "Play a card to the trick" if to_move >= 0 else None,
            "legal": legal,
            "log": CATALOGUE.lines(self.events, words),
            "log_start": 0,
            "hand_results": self.hand_results(),
            "hand_number": self.hand_index + 1,
            "trick_number": self.trick_number + (1 if self.phase == PLAY else 0),
            "leader": self.leader,
            "dealer": self.dealer,
            "places": self._places() if self.phase == OVER else None,
            "options": dict(self.game.options),
        }

    def _places(self) -> list[int]:
        ordered = sorted(self.totals, reverse=True)
        return [ordered.index(total) + 1 for total in self.totals]

    def observation_tensor(self, seat: int) -> npt.NDArray[np.float32]:
        """The blocks of :meth:`ThreeTricks.observation_layout`."""
        self.check_seat(seat)
        game = self.game
        n = game.num_players
        order = [(seat + offset) % n for offset in range(n)]
        trick_masks = [0] * n
        for position, card in enumerate(self.trick):
            trick_masks[((self.leader + position) - seat) % n] = 1 << card
        values: list[float] = []
        for mask in (self.hands[seat], self.played, *trick_masks):
            values.extend(float(mask >> card & 1) for card in range(CARDS))
        for other in order:
            values.extend(float(self.void[other] >> suit & 1) for suit in range(len(SUIT_MASKS)))
        values.extend(float(phase == self.phase) for phase in range(len(PHASES)))
        values.extend(float(other == self.dealer) for other in order)
        values.extend(float(self.phase == PLAY and other == self.to_move) for other in order)
        values.extend(self.totals[other] / game.best_total for other in order)
        values.extend(self.tricks[other] / HAND_SIZE for other in order)
        values.append((self.hand_index + 1) / game.hands)
        return np.array(values, dtype=np.float32)

    def card_locations(self) -> dict[str, int]:
        locations = {f"hand {seat}": hand for seat, hand in enumerate(self.hands)}
        trick = 0
        for card in self.trick:
            trick |= 1 << card
        locations.update(trick=trick, played=self.played, undealt=self.undealt)
        return locations

    # --- search ----------------------------------------------------------------
    def clone(self) -> Self:
        other = object.__new__(type(self))
        other.__dict__.update(self.__dict__)
        other.history = self.history.copy()
        other.totals = self.totals.copy()
        other.results = self.results.copy()
        other.events = self.events.copy()
        other.hands = self.hands.copy()
        other.trick = self.trick.copy()
        other.tricks = self.tricks.copy()
        other.void = self.void.copy()
        return other

    def determinize(self, seat: int, rng: random.Random) -> Self:
        """The other seats' hands and the unseen pack dealt again from the
        cards ``seat`` has not seen, each seat kept out of the suits it
        failed to follow; the later hands are shuffled anew."""
        self.check_seat(seat)
        world = self.clone()
        others = [other for other in range(self.game.num_players) if other != seat]
        unseen = self.undealt
        slots = [(self.undealt.bit_count(), PIQUET_32.full_mask)]
        for other in others:
            unseen |= self.hands[other]
            allowed = PIQUET_32.full_mask
            for suit in bits_of(self.void[other]):
                allowed &= ~SUIT_MASKS[suit]
            slots.append((self.hands[other].bit_count(), allowed))
        dealt = redeal(unseen, slots, rng)
        world.undealt = dealt[0]
        for other, hand in zip(others, dealt[1:], strict=True):
            world.hands[other] = hand
        world.deal_key = rng.randrange(2**63)
        return world



@contextmanager
def registered() -> Iterator[type[ThreeTricks]]:
    """:class:`ThreeTricks` among the registered games while the block runs,
    through the public registry, as a game module registers itself."""
    register(ThreeTricks)
    try:
        yield ThreeTricks
    finally:
        unregister(ThreeTricks.name)
