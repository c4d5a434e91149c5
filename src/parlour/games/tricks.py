"""The trick-play core shared by Polignac and its relatives.

One place for dealing in packets, following suit, trumps, trick winners,
won piles, hand scoring hooks, the match loop, observations, tensors and
determinization (``rules/polignac.md`` §1). The tensor's blocks are
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

import random
from collections.abc import Callable, Sequence
from typing import Any, ClassVar, Self

import numpy as np
import numpy.typing as npt

from parlour.cards import GERMAN_32, Deck
from parlour.cards.bits import bits_of, bits_of_32
from parlour.engine.determinize import redeal
from parlour.engine.game import (
    CHANCE_PLAYER,
    TERMINAL_PLAYER,
    Deal,
    Game,
    Observation,
    State,
)
from parlour.engine.shuffle import shuffled
from parlour.engine.tensors import TensorBlock
from parlour.errors import IllegalAction, ParseError
from parlour.games.common import (
    as_action,
    finishing_places,
    fixed_deal_header,
    mask_bits,
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

TURNUP = -2
"""A deal-schedule entry for the card turned up (Knaves)."""


_SUIT_CARD_TABLES: dict[str, tuple[tuple[tuple[int, ...], ...], ...]] = {}


def _suit_card_tables(deck: Deck) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """Per suit, the card ids of every subset of that suit, indexed by the
    subset's bits shifted down to bit 0 (each suit is a contiguous run of
    ids), so that following suit needs one look-up. Built once per deck."""
    tables = _SUIT_CARD_TABLES.get(deck.name)
    if tables is None:
        per_suit = []
        for mask in deck.suit_masks:
            shift = (mask & -mask).bit_length() - 1
            width = mask.bit_count()
            if mask >> shift != (1 << width) - 1:
                raise AssertionError(f"the {deck.title}'s suits are not contiguous")
            per_suit.append(
                tuple(tuple(shift + bit for bit in bits_of(subset)) for subset in range(1 << width))
            )
        tables = _SUIT_CARD_TABLES[deck.name] = tuple(per_suit)
    return tables


class TrickGame(Game):
    """A trick game's fixed configuration, computed from its options.

    Subclasses set the class attributes and fill the instance attributes in
    :meth:`_configure`.
    """

    restricts_void_play: ClassVar[bool] = False
    """Whether ``TrickState._void_play_mask`` may refuse cards (Grasobern)."""
    words: ClassVar[tuple[str, ...]] = ()
    """Call words after the card actions (``pass``, ``capot`` ...)."""
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
        self._configure()
        deck = self.deck
        self.suit_of: tuple[int, ...] = tuple(
            deck.suits.index(card.suits[0]) for card in deck.cards
        )
        self.suit_masks: tuple[int, ...] = deck.suit_masks
        self.suit_shift: tuple[int, ...] = tuple(
            (mask & -mask).bit_length() - 1 for mask in self.suit_masks
        )
        self.suit_cards = _suit_card_tables(deck)
        self.list_cards: Callable[[int], list[int]] = (
            bits_of_32 if len(deck) <= 32 else bits_of
        )
        """:func:`bits_of`, unrolled for packs of 32 cards or fewer."""
        self.in_play_cards = bits_of(self.in_play)
        self.labels: tuple[str, ...] = tuple(
            card.name if deck is GERMAN_32 else card.code for card in deck.cards
        )
        """How each card is written in actions, logs and observations: the
        short code, or German cards by their pack names (``Ober-Acorns``)."""
        self.n = self.num_players
        self.schedule: tuple[int, ...] = self._make_schedule()
        self.schedule_seats: tuple[tuple[int, ...], ...] = tuple(
            tuple(
                TURNUP if offset == TURNUP else (dealer + 1 + offset) % self.n
                for offset in self.schedule
            )
            for dealer in range(self.n)
        )
        self.display_order = tuple(
            sorted(range(len(deck)), key=lambda card: (self.suit_of[card], -self.strength[card]))
        )
        self._word_ids = {word: len(deck) + index for index, word in enumerate(self.words)}
        for alias, word in self.word_aliases.items():
            self._word_ids[alias] = self._word_ids[word]

    def _configure(self) -> None:
        """Fill the instance configuration from ``self.options``."""
        raise NotImplementedError

    def _make_schedule(self) -> tuple[int, ...]:
        """Seat offset from the eldest (0 … n-1) of each card dealt, in order."""
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


class TrickState(State):
    """A match of a trick game; game modules override the hooks only."""

    game: TrickGame
    phase: int
    hands: list[int]
    """Each seat's cards."""
    won: list[int]
    """The cards in each seat's won tricks this hand."""
    tricks: list[int]
    known_absent: list[int]
    """Cards each seat is publicly known not to hold (failed to follow)."""
    trick: list[int]
    leader: int
    to_move: int
    led_suit: int
    trick_number: int
    first_winner: int
    last_winner: int
    trump_mask: int
    turnup: int
    out_of_play: int
    undealt: int
    deal_position: int

    def __init__(
        self, game: TrickGame, seed: int, deal: Deal | None, explicit_chance: bool
    ) -> None:
        n = game.num_players
        self.game = game
        self.seed = seed
        self.deal = deal
        self.explicit_chance = explicit_chance
        self.history: list[int] = []
        self.totals = [0] * n
        self.results: list[list[int]] = []
        self.dealer = 0
        self.hand_index = 0
        self.events: list[tuple[Any, ...]] = []
        self._previous_events: list[tuple[Any, ...]] = []
        self._previous_lines: list[str] | None = None
        self.log_start = 0
        self.last_trick: tuple[int, tuple[int, ...], int] | None = None
        self._init_match()
        if deal is None:
            self._start_hand()
        else:
            self._start_fixed_hand(deal)

    # ------------------------------------------------------------------
    # hooks for game modules
    def _init_match(self) -> None:
        """Set the game's own match fields (called once, before any deal)."""

    def _after_deal(self) -> None:
        """Enter the first phase after the cards are dealt (default: play)."""
        self._begin_play(self.eldest)

    def _void_play_mask(self, seat: int, hand: int) -> int:
        """Cards a seat unable to follow may play (default: any).

        A game that restricts them sets ``TrickGame.restricts_void_play``.
        """
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
        """The dealer of the next hand (default: the left neighbour)."""
        return (self.dealer + 1) % self.game.n

    def returns(self) -> list[float]:
        raise NotImplementedError

    def top_seats(self) -> list[int]:
        """The seats sharing the highest total."""
        highest = max(self.totals)
        return [seat for seat, total in enumerate(self.totals) if total == highest]

    def places(self) -> list[int]:
        """Each seat's finishing place by its total (1 = best; ties share)."""
        return finishing_places(self.totals, lowest_first=False)

    def _extra_features(self, seat: int) -> list[float]:
        """The game's own tensor features (``game.extra_feature_size`` long,
        laid out as ``game.extra_blocks()``)."""
        return []

    def _extra_observation(self, seat: int | None) -> dict[str, Any]:
        """Game-specific observation keys (``None``: a spectator's)."""
        return {}

    def _hidden_out_of_play(self, seat: int) -> tuple[int, int]:
        """Out-of-play cards ``seat`` cannot see, with the cards they may be."""
        return 0, 0

    def _replace_hidden_out_of_play(self, hidden: int, cards: int) -> None:
        """Put re-dealt ``cards`` where the hidden out-of-play cards were
        (``determinize``); games that track those cards update them too."""
        self.out_of_play = (self.out_of_play & ~hidden) | cards

    def _validate_fixed_hand(self, hands: list[int], absent: int) -> None:
        """Check a fixed deal's out-of-play cards; raise ParseError if wrong."""
        expected = self.game.deck.full_mask & ~self.game.in_play
        if absent != expected:
            cards = self.game.card_list
            raise ParseError(
                f"the cards out of play must be {cards(expected)}, not {cards(absent)}"
            )

    # ------------------------------------------------------------------
    # dealing
    @property
    def eldest(self) -> int:
        """The dealer's left neighbour, who leads to the first trick."""
        return (self.dealer + 1) % self.game.n

    def _reset_hand(self) -> None:
        n = self.game.num_players
        self.hands = [0] * n
        self.won = [0] * n
        self.tricks = [0] * n
        self.known_absent = [0] * n
        self.trick: list[int] = []
        self.leader = self.to_move = self.eldest
        self.led_suit = -1
        self.trick_number = 0
        self.first_winner = self.last_winner = -1
        self.trump_mask = 0
        self.turnup = -1
        self.out_of_play = self.game.deck.full_mask & ~self.game.in_play
        self.undealt = 0
        self.deal_position = 0
        previous = self._previous_events
        if previous:
            # every trick event of a finished hand is n + 1 lines, others one
            self.log_start += len(previous) + self.game.n * self.game.hand_size
        self._previous_events = self.events
        self._previous_lines = None
        self.events = [("deal", self.dealer, self.hand_index)]

    def _start_hand(self) -> None:
        self._reset_hand()
        if self.explicit_chance:
            self.phase = PHASE_DEAL
            self.undealt = self.game.in_play
            return
        pack = shuffled(self.game.in_play_cards, "parlour", self.seed, self.hand_index)
        hands = self.hands
        for card, seat in zip(pack, self.game.schedule_seats[self.dealer], strict=False):
            if seat == TURNUP:
                self._turn_up(card)
            else:
                hands[seat] |= 1 << card
        self.deal_position = len(self.game.schedule)
        for card in pack[self.deal_position:]:
            self.out_of_play |= 1 << card
        self._after_deal()

    def _deal_card(self, card: int) -> None:
        seat = self.game.schedule_seats[self.dealer][self.deal_position]
        self.deal_position += 1
        if seat == TURNUP:
            self._turn_up(card)
        else:
            self.hands[seat] |= 1 << card

    def _turn_up(self, card: int) -> None:
        self.turnup = card
        self.out_of_play |= 1 << card
        self.trump_mask = self.game.suit_masks[self.game.suit_of[card]]

    def _start_fixed_hand(self, deal: Deal) -> None:
        game = self.game
        n = game.num_players
        allowed_keys = {"dealer", "hands", "scores", *self._extra_deal_keys()}
        dealer, scores = fixed_deal_header(deal, game.name, n, allowed_keys, 0)
        self.dealer = dealer
        if scores is not None:
            self.totals = scores
        self._reset_hand()
        hands = self._parse_hands(deal.get("hands"))
        seen = 0
        for seat, hand in enumerate(hands):
            expected = game.hand_size + (game.surplus if seat == dealer else 0)
            if hand.bit_count() != expected:
                raise ParseError(
                    f"{seat_name(seat)} must hold {expected} cards, not {hand.bit_count()}"
                )
            if seen & hand:
                raise ParseError(f"{game.card_list(seen & hand)} is dealt twice")
            seen |= hand
        self.hands = hands
        absent = game.deck.full_mask & ~seen
        absent = self._apply_fixed_extras(deal, absent)
        self._validate_fixed_hand(hands, absent)
        self.out_of_play = absent
        self._after_deal()

    def _extra_deal_keys(self) -> tuple[str, ...]:
        """Deal keys beyond dealer, hands and scores (Knaves: turnup)."""
        return ()

    def _apply_fixed_extras(self, deal: Deal, absent: int) -> int:
        """Apply extra deal keys; returns the absent cards still unexplained."""
        return absent

    def _parse_hands(self, hands: object) -> list[int]:
        n = self.game.num_players
        if not isinstance(hands, list) or len(hands) != n:
            raise ParseError(f"a deal needs 'hands': one list of card codes for each of {n} seats")
        masks: list[int] = []
        for seat, hand in enumerate(hands):
            if isinstance(hand, str):
                hand = hand.split()
            if not isinstance(hand, list) or not all(isinstance(code, str) for code in hand):
                raise ParseError(f"the hand of {seat_name(seat)} must be a list of card codes")
            try:
                masks.append(self.game.deck.mask(hand))
            except ParseError as error:
                raise ParseError(f"in the hand of {seat_name(seat)}: {error}") from None
        return masks

    # ------------------------------------------------------------------
    # the contract
    def current_player(self) -> int:
        phase = self.phase
        if phase == PHASE_OVER:
            return TERMINAL_PLAYER
        if phase == PHASE_DEAL:
            return CHANCE_PLAYER
        return self.to_move

    def is_terminal(self) -> bool:
        return self.phase == PHASE_OVER

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self.phase != PHASE_DEAL:
            raise IllegalAction("this is not a chance node")
        cards = bits_of(self.undealt)
        probability = 1.0 / len(cards)
        return [(card, probability) for card in cards]

    def _legal_play_mask(self) -> int:
        hand = self.hands[self.to_move]
        if self.led_suit < 0:
            return hand
        follow = hand & self.game.suit_masks[self.led_suit]
        return follow if follow else self._void_play_mask(self.to_move, hand)

    def legal_actions(self) -> list[int]:
        phase = self.phase
        if phase == PHASE_PLAY:
            hand = self.hands[self.to_move]
            if self.led_suit < 0:
                return self.game.list_cards(hand)
            game = self.game
            led = self.led_suit
            follow = hand & game.suit_masks[led]
            if follow:
                return list(game.suit_cards[led][follow >> game.suit_shift[led]])
            return game.list_cards(self._void_play_mask(self.to_move, hand))
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
            # Checking and playing a card, inlined: the hot path of every search.
            game = self.game
            seat = self.to_move
            hand = self.hands[seat]
            if action < 0 or not hand >> action & 1:
                raise IllegalAction(self._why_not_playable(action))
            bit = 1 << action
            trick = self.trick
            if trick:
                led_mask = game.suit_masks[self.led_suit]
                if not bit & led_mask:
                    if hand & led_mask or (
                        game.restricts_void_play
                        and not self._void_play_mask(seat, hand) >> action & 1
                    ):
                        raise IllegalAction(self._why_not_playable(action))
                    self.known_absent[seat] |= led_mask
                    self._note_void_play(seat, action)
            else:
                self.led_suit = game.suit_of[action]
            self.history.append(action)
            self.hands[seat] = hand ^ bit
            trick.append(action)
            if len(trick) < game.n:
                self.to_move = seat + 1 if seat + 1 < game.n else 0
            else:
                self._finish_trick()
        elif phase == PHASE_DEAL:
            if action < 0 or not self.undealt >> action & 1:
                raise IllegalAction(f"{self._text(action)} is not an undealt card")
            self.history.append(action)
            self.undealt &= ~(1 << action)
            self._deal_card(action)
            if self.deal_position == len(self.game.schedule):
                self.out_of_play |= self.undealt
                self.undealt = 0
                self._after_deal()
        elif phase == PHASE_OVER:
            raise IllegalAction("the match is over")
        else:
            self._apply_call(action)

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
        suit = deck.suits[self.led_suit].lower()
        if hand & game.suit_masks[self.led_suit]:
            return f"you must follow suit: you hold {suit}"
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
            choices = " or ".join(f"'{w}'" for w in self.game.words)
            extra = f", or {choices}" if choices else ""
            raise ParseError(
                f"{text!r} is neither a card nor a call; type a card such as "
                f"{self.game.deck.example}{extra}"
            ) from None

    # ------------------------------------------------------------------
    # trick play
    def _begin_play(self, leader: int) -> None:
        self.phase = PHASE_PLAY
        self.leader = self.to_move = leader

    def trick_winner(self, leader: int, cards: Sequence[int]) -> int:
        """The seat that wins ``cards`` (in play order from ``leader``)."""
        game = self.game
        strength = game.strength
        trumps = self.trump_mask
        led = game.suit_masks[game.suit_of[cards[0]]]
        best = 0
        best_key = -1
        for position, card in enumerate(cards):
            bit = 1 << card
            if bit & trumps:
                key = 100 + strength[card]
            elif bit & led:
                key = strength[card]
            else:
                continue
            if key > best_key:
                best, best_key = position, key
        return (leader + best) % game.n

    def _finish_trick(self) -> None:
        cards = tuple(self.trick)
        winner = self.trick_winner(self.leader, cards)
        mask = 0
        for card in cards:
            mask |= 1 << card
        self.won[winner] |= mask
        self.tricks[winner] += 1
        if self.trick_number == 0:
            self.first_winner = winner
        self.trick_number += 1
        self.last_trick = (self.leader, cards, winner)
        self.events.append(("trick", self.leader, cards, winner, self.trick_number))
        self.trick = []
        self.led_suit = -1
        if self.trick_number < self.game.hand_size:
            self.leader = self.to_move = winner
            return
        self.last_winner = winner
        self._finish_hand()

    def _finish_hand(self) -> None:
        deltas = self._score_hand()
        for seat, delta in enumerate(deltas):
            self.totals[seat] += delta
        self.results.append(deltas)
        self.events.append(("score", self.hand_index, tuple(deltas)))
        if self._is_match_over():
            self.phase = PHASE_OVER
            return
        self.dealer = self._next_dealer()
        self.hand_index += 1
        self._start_hand()

    # ------------------------------------------------------------------
    # outcome
    def scores(self) -> list[int]:
        return list(self.totals)

    def hand_results(self) -> list[list[int]]:
        return [list(deltas) for deltas in self.results]

    # ------------------------------------------------------------------
    # copies
    def clone(self) -> Self:
        other = object.__new__(type(self))
        fields = other.__dict__
        fields.update(self.__dict__)
        fields["history"] = self.history.copy()
        fields["hands"] = self.hands.copy()
        fields["won"] = self.won.copy()
        fields["tricks"] = self.tricks.copy()
        fields["known_absent"] = self.known_absent.copy()
        fields["trick"] = self.trick.copy()
        fields["totals"] = self.totals.copy()
        fields["results"] = self.results.copy()
        fields["events"] = self.events.copy()
        return other

    def determinize(self, seat: int, rng: random.Random) -> Self:
        self.check_seat(seat)
        other = self.clone()
        # Later hands are dealt from the seed: a fresh one keeps the real
        # future deals out of a search's reach.
        other.seed = rng.getrandbits(63)
        n = self.game.num_players
        hidden = 0
        slots: list[tuple[int, int]] = []
        owners: list[int] = []
        full = self.game.deck.full_mask
        for other_seat in range(n):
            hand = self.hands[other_seat]
            if other_seat == seat or not hand:
                continue
            hidden |= hand
            slots.append((hand.bit_count(), full & ~self.known_absent[other_seat]))
            owners.append(other_seat)
        out_hidden, out_allowed = self._hidden_out_of_play(seat)
        if out_hidden:
            hidden |= out_hidden
            slots.append((out_hidden.bit_count(), out_allowed))
            owners.append(-1)
        if self.undealt:
            hidden |= self.undealt
            slots.append((self.undealt.bit_count(), full))
            owners.append(-2)
        dealt = redeal(hidden, slots, rng)
        for owner, cards in zip(owners, dealt, strict=True):
            if owner >= 0:
                other.hands[owner] = cards
            elif owner == -1:
                other._replace_hidden_out_of_play(out_hidden, cards)
            else:
                other.undealt = cards
        return other

    def card_locations(self) -> dict[str, int]:
        locations: dict[str, int] = {}
        for seat, hand in enumerate(self.hands):
            locations[f"hand {seat}"] = hand
            locations[f"won {seat}"] = self.won[seat]
        trick = 0
        for card in self.trick:
            trick |= 1 << card
        locations["trick"] = trick
        locations["out of play"] = self.out_of_play
        locations["undealt"] = self.undealt
        return locations

    # ------------------------------------------------------------------
    # what a seat sees
    def _sorted_codes(self, mask: int) -> list[str]:
        labels = self.game.labels
        return [labels[card] for card in self.game.display_order if mask >> card & 1]

    def _play_lines(self, leader: int, cards: Sequence[int]) -> list[str]:
        labels = self.game.labels
        n = self.game.n
        return [
            f"{seat_name((leader + position) % n)} plays {labels[card]}"
            for position, card in enumerate(cards)
        ]

    def _event_lines(self, event: tuple[Any, ...]) -> list[str]:
        """The public log lines of one event."""
        kind = event[0]
        if kind == "deal":
            return [f"{seat_name(event[1])} deals hand {event[2] + 1}"]
        if kind == "trick":
            _, leader, cards, winner, number = event
            return [*self._play_lines(leader, cards), f"{seat_name(winner)} wins trick {number}"]
        if kind == "score":
            changes = ", ".join(
                f"{seat_name(seat)} {delta:+d}" for seat, delta in enumerate(event[2])
            )
            return [f"hand {event[1] + 1} scored: {changes}"]
        return [self._extra_event_text(event)]

    def public_log(self) -> list[str]:
        """The public events of the previous and the current hand, oldest
        first; the first line is line ``log_start`` of the match's log."""
        if self._previous_lines is None:
            # The previous hand is finished: render its lines once (a cache
            # that clones share, since nobody mutates it).
            self._previous_lines = [
                line for event in self._previous_events for line in self._event_lines(event)
            ]
        lines = self._previous_lines.copy()
        for event in self.events:
            lines.extend(self._event_lines(event))
        lines.extend(self._play_lines(self.leader, self.trick))
        return lines

    def _extra_event_text(self, event: tuple[Any, ...]) -> str:
        return " ".join(str(part) for part in event)

    def observation(self, seat: int) -> Observation:
        self.check_seat(seat)
        return self._observation(seat)

    def public_observation(self) -> Observation:
        return self._observation(None)

    def _observation(self, seat: int | None) -> Observation:
        """The observation of ``seat``, or of a spectator for ``None``.

        Besides the common keys it holds ``options``: the game's validated
        options (public knowledge, e.g. the card ranking), so that an agent
        given only observations can rebuild the game with
        ``parlour.make(observation["game"], **observation["options"])``.
        """
        game = self.game
        labels = game.labels
        n = game.num_players
        to_move = self.current_player()
        players = [
            {
                "seat": other,
                "name": seat_name(other),
                "cards": self.hands[other].bit_count(),
                "score": self.totals[other],
                "tricks": self.tricks[other],
                "dealer": other == self.dealer,
                "flags": self._player_flags(other),
                "void": [
                    suit for index, suit in enumerate(game.deck.suits)
                    if self.known_absent[other] & game.suit_masks[index]
                    == game.suit_masks[index]
                ],
            }
            for other in range(n)
        ]
        leader = self.leader
        played = 0
        for pile in self.won:
            played |= pile
        zones: dict[str, Any] = {
            "played": self._sorted_codes(played),
            "trick": [
                {"seat": (leader + position) % n, "card": labels[card]}
                for position, card in enumerate(self.trick)
            ],
        }
        if seat is not None:
            zones["won"] = self._sorted_codes(self.won[seat])
        if self.last_trick is not None:
            last_leader, last_cards, last_winner = self.last_trick
            zones["last_trick"] = {
                "cards": [
                    {"seat": (last_leader + position) % n, "card": labels[card]}
                    for position, card in enumerate(last_cards)
                ],
                "winner": last_winner,
            }
        if self.turnup >= 0:
            zones["turnup"] = labels[self.turnup]
        legal: list[dict[str, Any]] = []
        if seat is not None and to_move == seat:
            size = len(labels)
            text = game.card_word_text
            legal = [
                {
                    "id": action,
                    "text": text(game.deck, action),
                    "card": labels[action] if action < size else None,
                }
                for action in self.legal_actions()
            ]
        log = self.public_log()
        observation: Observation = {
            "game": game.name,
            "seat": seat,
            "players": players,
            "hand": [] if seat is None else self._sorted_codes(self.hands[seat]),
            "zones": zones,
            "phase": PHASE_NAMES[self.phase],
            "to_move": to_move,
            "legal": legal,
            "log": log,
            "log_start": self.log_start,
            "hand_results": self.hand_results(),
            "hand_number": self.hand_index + 1,
            "trick_number": self.trick_number + (1 if self.phase == PHASE_PLAY else 0),
            "leader": leader,
            "dealer": self.dealer,
            "places": self.places() if self.phase == PHASE_OVER else None,
            "options": dict(game.options),
        }
        observation.update(self._extra_observation(seat))
        return observation

    def _player_flags(self, seat: int) -> list[str]:
        return ["dealer"] if seat == self.dealer else []

    def observation_tensor(self, seat: int) -> npt.NDArray[np.float32]:
        """The blocks of :meth:`TrickGame.observation_layout` (the table in
        each game's module docstring)."""
        self.check_seat(seat)
        game = self.game
        n = game.n
        size = len(game.deck)
        order = [(seat + offset) % n for offset in range(n)]
        trick_masks = [0] * n
        for position, card in enumerate(self.trick):
            trick_masks[(self.leader + position - seat) % n] = 1 << card
        played = 0
        for pile in self.won:
            played |= pile
        masks = [
            self.hands[seat],
            self.out_of_play & ~self._hidden_out_of_play(seat)[0],
            played,
            *trick_masks,
            *(self.won[other] for other in order),
            *(self.known_absent[other] for other in order),
        ]
        width = len(masks) * size
        bits = mask_bits(masks, size)
        scalars = [0.0] * (len(PHASE_NAMES) + 5 * n + 1)
        scalars[self.phase] = 1.0
        base = len(PHASE_NAMES)
        scalars[base + (self.dealer - seat) % n] = 1.0
        if self.phase in (PHASE_PLAY, PHASE_ANNOUNCE, PHASE_DISCARD):
            scalars[base + n + (self.to_move - seat) % n] = 1.0
            scalars[base + 2 * n + (self.leader - seat) % n] = 1.0
        scale = game.score_scale
        for offset, other in enumerate(order):
            scalars[base + 3 * n + offset] = self.totals[other] / scale
            scalars[base + 4 * n + offset] = self.tricks[other] / game.hand_size
        scalars[-1] = self.trick_number / game.hand_size
        scalars.extend(self._extra_features(seat))
        tensor = np.empty(width + len(scalars), dtype=np.float32)
        tensor[:width] = bits
        tensor[width:] = scalars
        return tensor


class PenaltyMatchState(TrickState):
    """The match of §1.3 (Polignac, Slobberhannes, Eichelobern, Grasobern):
    penalty points until some total reaches the ``target`` option; the
    highest total loses (ties all lose), every other seat wins."""

    def _is_match_over(self) -> bool:
        return max(self.totals) >= int(self.game.options["target"])

    def losers(self) -> list[int]:
        """The seats sharing the highest total."""
        return self.top_seats()

    def returns(self) -> list[float]:
        n = self.game.n
        if self.phase != PHASE_OVER:
            return [0.0] * n
        losers = self.losers()
        return share_returns([seat for seat in range(n) if seat not in losers], n)

    def places(self) -> list[int]:
        return finishing_places(self.totals, lowest_first=True)


class HighestTotalWinsState(TrickState):
    """A match won by the highest total (Knaves' points, Bassadewitz's
    chips): the seats sharing it win and share the others' stakes."""

    def winners(self) -> list[int]:
        """The seats sharing the highest total."""
        return self.top_seats()

    def returns(self) -> list[float]:
        if self.phase != PHASE_OVER:
            return [0.0] * self.game.n
        return share_returns(self.winners(), self.game.n)
