"""What a heuristic player reads from one observation of a trick game.

:func:`read_view` rebuilds the game from ``observation["game"]`` and
``observation["options"]`` (cached per option set, with per-card tables)
and turns the observation's card texts into the engine's int bitsets, so
that a strategy can count cards in a few integer operations:

* ``unseen``: the cards still out, which may be in another seat's hand
  (the pack in play minus this seat's hand, the finished tricks, the
  current trick and a Knaves turn-up);
* ``voids``: per seat, the suits it is publicly known not to hold;
* the current trick, its winning card and the seats still to play to it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from parlour.engine.game import Observation
from parlour.engine.registry import make
from parlour.errors import OptionError
from parlour.games.tricks import TrickGame

TRUMP_BONUS = 100
"""Added to a trump's strength when comparing cards in a trick."""


class Tables:
    """Per-game card tables, built once per option set."""

    def __init__(self, game: TrickGame) -> None:
        self.game = game
        self.ids: dict[str, int] = {label: card for card, label in enumerate(game.labels)}
        self.suit_index: dict[str, int] = {
            suit: index for index, suit in enumerate(game.deck.suits)
        }
        self.strength = game.strength
        self.suit_of = game.suit_of
        self.suit_masks = game.suit_masks
        size = len(game.deck)
        self.card_suit_mask: tuple[int, ...] = tuple(
            game.suit_masks[game.suit_of[card]] for card in range(size)
        )
        self.above: tuple[int, ...] = tuple(
            sum(
                1 << other for other in range(size)
                if game.suit_of[other] == game.suit_of[card]
                and game.strength[other] > game.strength[card]
            )
            for card in range(size)
        )
        """Card id -> the cards of its suit that beat it."""
        self.below: tuple[int, ...] = tuple(
            self.card_suit_mask[card] & ~self.above[card] & ~(1 << card) for card in range(size)
        )
        """Card id -> the cards of its suit that it beats."""


_TABLES: dict[tuple[str, tuple[tuple[str, Any], ...]], Tables] = {}


def tables_for(name: str, options: dict[str, Any]) -> Tables:
    """The (cached) tables of game ``name`` with ``options``."""
    key = (name, tuple(options.items()))
    tables = _TABLES.get(key)
    if tables is None:
        game = make(name, **options)
        if not isinstance(game, TrickGame):
            raise OptionError(f"the heuristic player plays trick games only, not {name!r}")
        tables = _TABLES[key] = Tables(game)
    return tables


@dataclass(slots=True)
class TrickView:
    """One seat's view of a trick game, as bitsets (see the module docstring)."""

    tables: Tables
    observation: Observation
    seat: int
    n: int
    hand: int
    legal: Sequence[int]
    trick: list[int]
    """Cards of the current trick, in play order."""
    trick_seats: list[int]
    played: int
    unseen: int
    voids: list[int]
    """Per seat, a bitset of suit indices it is known to be void in."""
    trumps: int
    """The trump suit's cards (Knaves), else 0."""
    trick_number: int
    """1-based number of the trick being played."""
    hand_size: int

    # --- the trick --------------------------------------------------------
    @property
    def is_leading(self) -> bool:
        """Whether this seat leads the trick."""
        return not self.trick

    @property
    def is_last_trick(self) -> bool:
        """Whether this is the hand's last trick."""
        return self.trick_number == self.hand_size

    def led_suit_mask(self) -> int:
        """The cards of the suit led (0 when leading)."""
        return self.tables.card_suit_mask[self.trick[0]] if self.trick else 0

    def followers(self) -> list[int]:
        """The seats still to play to this trick after this seat (in the
        game's order of play: to the left, or to the right)."""
        order = self.tables.game.seat_order[self.seat]
        return [order[k] for k in range(1, self.n - len(self.trick))]

    def trick_key(self, card: int, led: int) -> int:
        """How strongly ``card`` stands in a trick of suit ``led`` (-1: it cannot win)."""
        if self.trumps >> card & 1:
            return TRUMP_BONUS + self.tables.strength[card]
        if led >> card & 1:
            return self.tables.strength[card]
        return -1

    def winning_key(self) -> int:
        """The key of the card winning the trick so far (-1 when leading)."""
        led = self.led_suit_mask()
        return max((self.trick_key(card, led) for card in self.trick), default=-1)

    def beats(self, card: int) -> bool:
        """Whether ``card`` would win the trick as it stands."""
        if not self.trick:
            return True
        return self.trick_key(card, self.led_suit_mask()) > self.winning_key()

    def is_void(self, seat: int, suit_mask: int) -> bool:
        """Whether ``seat`` is known void in the suit of ``suit_mask``."""
        suit = self.tables.suit_of[(suit_mask & -suit_mask).bit_length() - 1]
        return bool(self.voids[seat] >> suit & 1)

    def threats(self, card: int) -> int:
        """How many followers could still beat ``card`` if it took the lead
        of the trick now (seats holding possibly higher cards that may play
        them: followers of the suit led, or void followers with trumps)."""
        tables = self.tables
        led = self.led_suit_mask() or tables.card_suit_mask[card]
        higher = self.unseen & tables.above[card]
        trumps = self.trumps
        count = 0
        if trumps >> card & 1:
            # only a higher trump beats it, from a seat that holds trumps and
            # either follows a trump lead or is void in the suit led
            if higher:
                for follower in self.followers():
                    if not self.is_void(follower, trumps) and (
                        led == trumps or self.is_void(follower, led)
                    ):
                        count += 1
            return count
        higher_trumps = self.unseen & trumps
        for follower in self.followers():
            if not self.is_void(follower, led):
                if higher:
                    count += 1
            elif higher_trumps and not self.is_void(follower, trumps):
                count += 1
        return count

    def is_sure_winner(self, card: int) -> bool:
        """Whether ``card`` wins the trick whatever the followers hold."""
        return self.beats(card) and self.threats(card) == 0

    # --- counting cards ---------------------------------------------------
    def unseen_above(self, card: int) -> int:
        """Unseen cards of ``card``'s suit that beat it."""
        return self.unseen & self.tables.above[card]

    def unseen_below(self, card: int) -> int:
        """Unseen cards of ``card``'s suit that it beats."""
        return self.unseen & self.tables.below[card]

    def suit_length(self, card: int) -> int:
        """How many cards of ``card``'s suit this seat holds."""
        return (self.hand & self.tables.card_suit_mask[card]).bit_count()

    def danger(self, card: int) -> float:
        """How likely ``card`` is to win a trick later, in [0, 1]: the share
        of the unseen cards of its suit that it beats (1 for a card that
        beats every unseen card of its suit)."""
        below = self.unseen_below(card).bit_count()
        above = self.unseen_above(card).bit_count()
        if below + above == 0:
            return 1.0
        return below / (below + above)


def read_view(observation: Observation, legal: Sequence[int]) -> TrickView:
    """The bitset view of ``observation`` (see :class:`TrickView`)."""
    options = observation.get("options")
    if not isinstance(options, dict):
        raise OptionError(
            f"the observation of {observation.get('game')!r} has no 'options'; "
            "the heuristic player needs them to know the card ranking"
        )
    tables = tables_for(str(observation["game"]), options)
    ids = tables.ids
    hand = 0
    for text in observation["hand"]:
        hand |= 1 << ids[text]
    played = 0
    for text in observation["zones"]["played"]:
        played |= 1 << ids[text]
    trick: list[int] = []
    trick_seats: list[int] = []
    seen = hand | played
    for play in observation["zones"]["trick"]:
        card = ids[play["card"]]
        trick.append(card)
        trick_seats.append(int(play["seat"]))
        seen |= 1 << card
    turnup = observation["zones"].get("turnup")
    if turnup is not None:
        seen |= 1 << ids[turnup]
    trumps = 0
    trump_suit = observation.get("trumps")
    if trump_suit is not None:
        trumps = tables.suit_masks[tables.suit_index[trump_suit]]
    suit_index = tables.suit_index
    voids = []
    for player in observation["players"]:
        bits = 0
        for suit in player["void"]:
            bits |= 1 << suit_index[suit]
        voids.append(bits)
    game = tables.game
    return TrickView(
        tables=tables,
        observation=observation,
        seat=int(observation["seat"]),
        n=game.n,
        hand=hand,
        legal=legal,
        trick=trick,
        trick_seats=trick_seats,
        played=played,
        unseen=game.in_play & ~seen,
        voids=voids,
        trumps=trumps,
        trick_number=int(observation["trick_number"]),
        hand_size=game.hand_size,
    )
