"""Ranter Go Round (Chase the Ace, Cuckoo, Screw Your Neighbor): one card
each, keep it or swap it leftwards, the lowest card loses a life; the last
player with lives wins the pot. ``rules/ranter_go_round.md`` (rules §1-7,
options §8, decisions §9; the decisions are also in the rules help,
``parlour rules ranter-go-round``).

The rules in brief, with the options that change them, are in the rules help
(French 52, suits ignored, K high and A low; 2 to 26 players, ``lives``
each). The log is told by typed events (:class:`Dealt`, :class:`LifeLost`...)
in the words of :data:`CATALOGUE`.

Scores are the counters each seat has paid into the pot for its lives
lost (lower is better); ``players[i]["lives"]`` in the observation gives
the lives left.

The ante (``ante``, issue #33; the seed's "apuesta inicial al bote"):
each player puts ``ante`` counters into the pot at the start of a game
(default 0: no ante), and the winners take the pot. Sources: the seed's
note b and the English Wikipedia's "Ranter-Go-Round" ("when the game is
played for money, all players contribute the same amount to a central
pot", https://en.wikipedia.org/wiki/Ranter-Go-Round); pagat.com's "Cuckoo"
(John McLeod: "each puts a stake in the pot, which will be collected by
the overall winner", read at https://gambiter.com/cards/cuckoo/cuckoo.html).
Decisions:

* lost lives still go into the pot as counters (Phillips & Westall, rules
  §1.3: "the players may ante into the pot as well"); pagat's stake is
  the only money there, and its lives are counted apart: a table that
  plays so reads the antes alone as the stake;
* every seat pays the ante, the same for all, so it is not in the scores
  (which stay the lives lost): the pot is the carried pot, plus ``n ×
  ante``, plus the scores, at every moment (observation ``pot``, the
  tensor's pot block, the ``PotWon`` line), and the log says so when the
  game starts (:class:`AntesPaid`);
* the winners take the pot: the last player in, or those ``final_tie``
  names (``split``: they share it); ``returns()`` stay the win/loss shares;
* a fixed deal's pot holds the antes whatever its lives (they are paid
  when the game starts, before any hand); ``final_tie="carry_over"`` takes
  the whole pot, antes included, into the next game, whose players ante
  again (pagat's first reading of a carried pot).

Action ids: ``0`` stand (also ``stick``), ``1`` exchange (also
``change``; the dealer may type ``cut``). Chance outcomes, explicit only
with ``explicit_chance``: ``2 + card`` a card dealt (``deal 7S``, elder
first), the card the dealer gets from the stock (``cut 7S``, or ``top
7S`` with ``dealer_exchange="top"``: the stock is not put in an order, so
either way the card is a uniform draw from it), or a card cut to settle
``final_tie="cut"`` (``cut 9S``); ``54 + seat`` the first dealer (``P3
deals first``, with the odds of dealing to the first Jack). Card codes
are never player actions. Without explicit chance the stock has an order
(top first) and the dealer's cut is a position in it drawn from the seed,
or fixed by a deal's ``cut``.

A fixed deal (``new_state(deal=...)``) has ``dealer``, ``hands`` (one list
per seat: one card code for a player with lives, none for one who is
out), and optionally ``stock`` (its top cards, top first; the rest follow
in an order drawn from the seed), ``cut`` (the position the dealer cuts in
the first hand), ``lives`` (per seat, 0 for a player out) or ``scores``
(counters lost), and ``carried_pot`` (counters carried over from an
earlier game, rules §5).

Speed: random play of six players, whole games, runs about 12,000
hands/s on the 2-core reference machine while a tournament keeps it busy,
0.57 of a bare loop of the base rules on plain lists
(``benchmarks/bench_ranter.py``).

Observation tensor (version 1)
------------------------------

``parlour.make('ranter-go-round')`` (n = 6 players): 437 float32 values; how to read the table:
:mod:`parlour.engine.tensors`.

======  ============  ========================  ==========  =======================================
offset  size          block                     values      meaning
======  ============  ========================  ==========  =======================================
0       52            hand                      0/1 a card  this seat's card
52      312 (n × 52)  known                     0/1 a card  the card at each seat, where this seat
                                                            knows it (shown to all, or passed in an
                                                            exchange with it)
364     6 (n)         lives                     / 3         each seat's lives left (/ lives)
370     6 (n)         dealer                    one-hot     the dealer
376     6 (n)         to move                   one-hot     the seat to act (in the play phase)
382     6 (n)         out                       0/1         the seats out of the game (no life
                                                            left)
388     6 (n)         stood                     0/1         whether each seat stood this hand
394     6 (n)         exchanged                 0/1         whether each seat exchanged this hand
400     6 (n)         showed a King             0/1         whether each seat showed a King this
                                                            hand
406     6 (n)         refused with a King       0/1         whether each seat refused with a King
                                                            this hand
412     6 (n)         was refused               0/1         whether each seat was refused this hand
418     6 (n)         exchanged with the stock  0/1         whether each seat exchanged with the
                                                            stock this hand
424     6 (n)         was asked                 0/1         whether each seat was asked this hand
430     6             phase                     one-hot     the phase: first dealer, deal, play,
                                                            stock, tie cut, over
436     1             pot                       / 18        the counters in the pot: lives lost,
                                                            antes, any pot carried over (/ n ×
                                                            lives)
======  ============  ========================  ==========  =======================================
"""

from __future__ import annotations

from collections import ChainMap, Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from typing import Any, ClassVar

import numpy as np
import numpy.typing as npt

from parlour.cards import FRENCH_52
from parlour.cards.bits import bits_of, mask_of
from parlour.engine.game import UNDECIDED_HANDS, Deal, Game, Observation
from parlour.engine.match import Catalogue, Dealt, FirstDealer, Form, GameEvent, Seen, Words, Zone
from parlour.engine.options import Option, OptionSchema, OptionValue
from parlour.engine.registry import register
from parlour.engine.shuffle import seeded_below, shuffled
from parlour.engine.tensors import TensorBlock
from parlour.errors import IllegalAction, OptionError, ParseError
from parlour.games.common import DealReader, MatchState, finishing_places, seat_name

RANKS = "23456789TJQKA"
CARD_COUNT = 52
CODES: tuple[str, ...] = tuple(str(card) for card in FRENCH_52.cards)
RANK_VALUES: tuple[int, ...] = tuple(
    1 if card % 13 == RANKS.index("A") else card % 13 + 2 for card in range(CARD_COUNT)
)
"""Each card's rank for the showdown: A 1, 2-10, J 11, Q 12, K 13."""
KINGS = sum(1 << card for card in range(CARD_COUNT) if RANK_VALUES[card] == 13)
JACKS = frozenset(card for card in range(CARD_COUNT) if RANK_VALUES[card] == 11)
LOW_CARDS = sum(1 << card for card in range(CARD_COUNT) if RANK_VALUES[card] <= 3)
"""The A, 2 and 3 that ``announce_low_cards`` exposes."""
NICKNAMES = {1: "the wee", 2: "the pig's toe", 3: "the tailor's yard"}
"""The Cornish names of the low cards (rules §7.4), for the log."""
FULL = (1 << CARD_COUNT) - 1

MIN_PLAYERS = 2
MAX_PLAYERS = 26
STAND = 0
EXCHANGE = 1
CARD_BASE = 2
DEALER_BASE = CARD_BASE + CARD_COUNT
NUM_ACTIONS = DEALER_BASE + MAX_PLAYERS
ACTION_WORDS = ("stand", "exchange")
WORDS = {"stand": STAND, "stick": STAND, "exchange": EXCHANGE, "change": EXCHANGE, "cut": EXCHANGE}
"""The words a player may type for his move (``cut``: the dealer's exchange)."""

PHASE_FIRST_DEALER = 0
PHASE_DEAL = 1
PHASE_PLAY = 2
PHASE_STOCK = 3
PHASE_TIE_CUT = 4
PHASE_OVER = 5
PHASE_NAMES = ("first dealer", "deal", "play", "stock", "tie cut", "over")
PROMPTS = {
    "play": "Stand, or exchange with your left-hand neighbour",
    "dealer": "Stand, or exchange with the stock",
}
"""What the player to move decides (:attr:`MatchState.prompts`): his one
turn, and the dealer's, who exchanges with the stock."""
CHANCE_REASONS = {
    PHASE_FIRST_DEALER: "the first dealer is being found",
    PHASE_DEAL: "the cards are being dealt",
    PHASE_STOCK: "the dealer is getting a card from the stock",
    PHASE_TIE_CUT: "the tied players are cutting",
}

STATUS_WORDS = ("stood", "exchanged", "showed a King", "refused with a King", "was refused",
                "exchanged with the stock", "was asked")
"""What a player did this hand, a bit of ``status`` each, lowest first: REFUSED, asked
to exchange, he showed a King and refused; ASKED, his card was taken in an exchange
by his right-hand neighbour."""
STOOD, EXCHANGED, SHOWED_KING, REFUSED, WAS_REFUSED, TOOK_STOCK, ASKED = (
    1 << index for index in range(len(STATUS_WORDS)))

MORRIS_POINTS = ("off the board", "outer square", "middle square", "inner square", "centre")
"""Where a player's counter stands on the morris board after 0-4 losses (§7.2)."""

PRESETS: dict[str, dict[str, OptionValue]] = {
    "standard": {},
    "cassell_1881": {"king_rule": "trade", "dealer_exchange": "top",
                     "tie_rule": "last_revealed", "lives": 3},
    "hoffmann_1891": {"lives": 4, "life_board": "morris"},
    "screw_your_neighbor": {"lives": 4},
}
"""The defaults each preset gives the other options (rules §7.5)."""


# ----------------------------------------------------------------------
# the events of a game, and its log in words
@dataclass(frozen=True, slots=True)
class Stood(GameEvent):
    """``seat`` kept his card."""
    seat: int


@dataclass(frozen=True, slots=True)
class Exchanged(GameEvent):
    """``seat`` swapped cards with his left-hand neighbour ``holder``."""
    seat: int
    holder: int


@dataclass(frozen=True, slots=True)
class ShowedKing(GameEvent):
    """``seat`` showed his King ``card`` on his turn and stood (block, stops_play)."""
    seat: int
    card: int


@dataclass(frozen=True, slots=True)
class Refused(GameEvent):
    """``seat`` asked ``holder`` to exchange, who showed his King ``card`` and refused."""
    seat: int
    holder: int
    card: int


@dataclass(frozen=True, slots=True)
class Announced(GameEvent):
    """``seat`` now holds the low ``card``, shown by announce_low_cards."""
    seat: int
    card: int


@dataclass(frozen=True, slots=True)
class FromStock(GameEvent):
    """``dealer`` exchanged with the stock: cut it (``cut``), or took its top card."""
    dealer: int
    cut: bool


@dataclass(frozen=True, slots=True)
class StockKing(GameEvent):
    """``dealer`` got the King ``card`` from the stock: shown and ``put_back``
    (keep_original), or the hand ends with his loss (dealer_loses)."""
    dealer: int
    card: int
    put_back: bool


@dataclass(frozen=True, slots=True)
class KingsDealt(GameEvent):
    """The ``(seat, card)`` Kings turned up as dealt: the hand is not played (stops_hand)."""
    kings: tuple[tuple[int, int], ...]


@dataclass(frozen=True, slots=True)
class PlayStopped(GameEvent):
    """A King shown stopped play (stops_play)."""


@dataclass(frozen=True, slots=True)
class Showdown(GameEvent):
    """Every card shown: ``seats`` from the elder to the dealer held ``cards``."""
    seats: tuple[int, ...]
    cards: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class LifeLost(GameEvent):
    """``seat`` lost a life and has ``left``; ``point``: where his counter
    stands on the morris board (an index of :data:`MORRIS_POINTS`, -1: no board)."""
    seat: int
    left: int
    point: int


@dataclass(frozen=True, slots=True)
class PlayOff(GameEvent):
    """Everyone left went out at once: ``seats`` each get a life back (final_tie=playoff)."""
    seats: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class TieCut(GameEvent):
    """Everyone left went out at once: ``seats`` cut for the pot (final_tie=cut)."""
    seats: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Cut(GameEvent):
    """``seat`` cut ``card`` for the pot."""
    seat: int
    card: int


@dataclass(frozen=True, slots=True)
class CutAgain(GameEvent):
    """``seats`` tied for the highest cut and cut again."""
    seats: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class AntesPaid(GameEvent):
    """The game starts: each player puts ``ante`` counters into the pot,
    which now holds ``pot`` (``ante``)."""
    ante: int
    pot: int


@dataclass(frozen=True, slots=True)
class PotWon(GameEvent):
    """The game is over: ``winners`` share the ``pot`` (none: it is carried over)."""
    winners: tuple[int, ...]
    pot: int


# The common events, each value made once (events are immutable): making a
# frozen dataclass is a fair part of a turn's cost here (bench_ranter.py)
_stood = cache(Stood)
_exchanged = cache(Exchanged)
_dealt = cache(Dealt)
_from_stock = cache(FromStock)
_showed_king = cache(ShowedKing)
_refused = cache(Refused)
_life_lost_event = cache(LifeLost)


def _names(seats: Sequence[int], words: Words) -> str:
    names = [words.seat(seat) for seat in seats]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _pairs(pairs: Iterable[tuple[int, int]], words: Words) -> str:
    return ", ".join(f"{words.seat(seat)} {words.card(card)}" for seat, card in pairs)


def _life_lost(event: LifeLost, words: Words) -> str:
    seat = words.seat(event.seat)
    if event.point < 0:
        if not event.left:
            return f"{seat} loses his last life and is out"
        return f"{seat} loses a life: {event.left} left"
    point = MORRIS_POINTS[event.point]
    if not event.left:
        return f"{seat} loses his last life and is out; his counter moves to the {point}"
    return f"{seat} loses a life: {event.left} left; his counter moves to the {point}"


def _pot_won(event: PotWon, words: Words) -> str:
    if len(event.winners) == 1:
        return f"{words.seat(event.winners[0])} wins the pot of {event.pot}"
    if event.winners:
        return (f"nobody is left: {_names(event.winners, words)} are joint winners and share "
                f"the pot of {event.pot}")
    return f"nobody is left and nobody wins: the pot of {event.pot} is carried into the next game"


CATALOGUE = Catalogue({
    FirstDealer: "{dealer} is dealt the first Jack and deals first",
    Dealt: "{dealer} deals hand {number}",
    Stood: "{seat} stands",
    Exchanged: "{seat} exchanges with {holder}",
    ShowedKing: "{seat} shows {card} (Bo!) and stands",
    Refused: "{seat} asks {holder}, who shows {card} (Bo!) and refuses",
    Announced: lambda event, words: (f"{words.seat(event.seat)} has {words.card(event.card)}, "
                                     f"{NICKNAMES[RANK_VALUES[event.card]]} (announced)"),
    FromStock: lambda event, words: (
        f"{words.seat(event.dealer)} cuts the stock" if event.cut
        else f"{words.seat(event.dealer)} takes the top card of the stock"),
    StockKing: lambda event, words: (
        "{dealer} gets {card}: it is shown and put back, and {dealer} keeps his card"
        if event.put_back else "{dealer} gets {card}: the hand ends, and only {dealer} loses a life"
    ).format(dealer=words.seat(event.dealer), card=words.card(event.card)),
    KingsDealt: lambda event, words: f"Kings dealt: {_pairs(event.kings, words)}; the hand is "
                                     "not played",
    PlayStopped: "a King stops play: every card is turned up",
    Showdown: lambda event, words: (
        f"showdown: {_pairs(zip(event.seats, event.cards, strict=True), words)}"),
    LifeLost: _life_lost,
    PlayOff: lambda event, words: (f"nobody is left: {_names(event.seats, words)} each get one "
                                   "life back and play off"),
    TieCut: lambda event, words: (f"nobody is left: {_names(event.seats, words)} cut for the "
                                  "pot, highest rank wins"),
    Cut: "{seat} cuts {card}",
    CutAgain: lambda event, words: f"{_names(event.seats, words)} tie for highest and cut again",
    AntesPaid: "each player antes {ante} into the pot, which holds {pot}",
    PotWon: _pot_won,
})
"""Every sentence of the game's log."""


@cache
def first_dealer_odds(players: int, cards: int = CARD_COUNT,
                      jacks: int = len(JACKS)) -> tuple[Fraction, ...]:
    """Each seat's chance of being dealt the first Jack when a pack of
    ``cards`` holding ``jacks`` Jacks (the full pack's 52 and 4 by default)
    is dealt face up one at a time from seat 0 (rules §3), exactly.

    >>> [str(odds) for odds in first_dealer_odds(2)]
    ['433/833', '400/833']
    >>> [str(odds) for odds in first_dealer_odds(2, 12, 2)]
    ['6/11', '5/11']
    """
    odds = [Fraction(0)] * players
    no_jack_yet = Fraction(1)
    for position in range(cards - jacks + 1):
        remaining = cards - position
        odds[position % players] += no_jack_yet * Fraction(jacks, remaining)
        no_jack_yet *= Fraction(remaining - jacks, remaining)
    return tuple(odds)


def showdown_losers(cards: list[int], last_revealed: bool) -> list[int]:
    """The indices, in ``cards``' reveal order, of the cards that lose a life
    (rules §4.7): every lowest rank, or only the last one revealed.

    >>> showdown_losers([FRENCH_52.parse(code).id for code in ("4S", "QH", "4D")], False)
    [0, 2]
    """
    lowest = min(RANK_VALUES[card] for card in cards)
    holders = [index for index, card in enumerate(cards) if RANK_VALUES[card] == lowest]
    return holders[-1:] if last_revealed else holders


@register
class RanterGoRound(Game):
    """Ranter Go Round; see the module docstring and the rules help (:mod:`parlour.help`)."""

    name = "ranter-go-round"
    title = "Ranter Go Round"
    version = 1
    tensor_version = 1
    higher_is_better = False
    layout = "seat-tiles"
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    deck = FRENCH_52
    description = (
        "Chase the Ace: one card each, keep it or swap it with your left-hand neighbour; "
        "the lowest card loses a life, the last player left wins; 2-26 players."
    )
    schema = OptionSchema([
        Option.integer("players", 6, "players at the start", minimum=MIN_PLAYERS,
                       maximum=MAX_PLAYERS),
        Option.integer("lives", 3, "lives per player (the presets may change it)", minimum=1,
                       maximum=10),
        Option.choice("life_board", ("counters", "morris"), "counters",
                      "lives shown as counters, or on a nine men's morris board (needs lives=4)"),
        Option.choice("king_rule", ("block", "trade", "stops_hand", "stops_play"), "block",
                      "what a King does: blocks an exchange, none, stops the hand, stops play"),
        Option.choice("dealer_exchange", ("cut", "top"), "cut",
                      "the dealer cuts the stock, or takes its top card"),
        Option.choice("dealer_cuts_king", ("take", "keep_original", "dealer_loses"), "take",
                      "a King from the stock: the dealer keeps it, puts it back, or loses a life"),
        Option.choice("tie_rule", ("all_lowest", "last_revealed"), "all_lowest",
                      "ties for lowest: all lose a life, or the last revealed only"),
        Option.choice("final_tie", ("split", "playoff", "cut", "carry_over"), "split",
                      "everyone left out at once: joint winners, play off, cut, or no winner"),
        Option.choice("announce_low_cards", ("off", "passer", "both"), "off",
                      "an A, 2 or 3 that moves in an exchange is shown: never, when passed, "
                      "or also when handed back"),
        Option.choice("preset", tuple(PRESETS), "standard",
                      "a historical source's defaults for the other options"),
        Option.integer("ante", 0, "counters each player puts into the pot at the start; the "
                       "winner takes the pot", minimum=0, maximum=100),
    ])

    pack_cards: ClassVar[tuple[int, ...]] = tuple(range(CARD_COUNT))
    """The cards dealt from, in the order a seeded shuffle starts from: the
    whole pack here, a short one in a relative
    (:class:`~parlour.games.tiny.TinyRanterGoRound`)."""
    fixed_options: ClassVar[Mapping[str, OptionValue]] = {}
    """The values a relative fixes for the options it does not offer (the
    tiny game's one life): the rules read them as if given, and they are not
    among :attr:`options`."""

    def __init__(self, /, **options: object) -> None:
        super().__init__(**options)
        # (presets write into the options themselves; fixed values only fill gaps)
        settings = ChainMap(self.options, dict(self.fixed_options))
        for name, value in PRESETS[str(settings["preset"])].items():
            if name not in options:
                settings[name] = value
        if settings["life_board"] == "morris" and settings["lives"] != 4:
            raise OptionError(
                f"life_board='morris' needs lives=4 (the fourth loss reaches the centre), "
                f"not lives={settings['lives']}"
            )
        self.n = self.num_players
        self.lives = int(settings["lives"])
        king_rule = settings["king_rule"]
        self.kings_block = king_rule in ("block", "stops_play")
        self.kings_stop_play = king_rule == "stops_play"
        self.kings_stop_hand = king_rule == "stops_hand"
        self.cuts = settings["dealer_exchange"] == "cut"
        self.stock_king = str(settings["dealer_cuts_king"])
        self.last_revealed = settings["tie_rule"] == "last_revealed"
        self.final_tie = str(settings["final_tie"])
        self.announce = str(settings["announce_low_cards"])
        self.morris = settings["life_board"] == "morris"
        self.ante = int(settings.get("ante", 0))
        """The counters each player puts into the pot when a game starts."""
        self.card_verbs = {PHASE_STOCK: "cut" if self.cuts else "top", PHASE_TIE_CUT: "cut"}
        """How a card outcome reads in each phase (``deal`` where not named)."""
        self.pack = mask_of(self.pack_cards)
        """The cards dealt from, as a bitmask."""
        self.first_dealer_odds = first_dealer_odds(
            self.n, len(self.pack_cards), len(JACKS & set(self.pack_cards)))
        """Each seat's chance of dealing first (rules §3, from this pack)."""

    @property
    def num_actions(self) -> int:
        return NUM_ACTIONS

    def observation_layout(self) -> tuple[TensorBlock, ...]:
        n = self.n
        return (
            TensorBlock.cards("hand", CARD_COUNT, "this seat's card"),
            TensorBlock.cards("known", CARD_COUNT, "the card at each seat, where this seat "
                              "knows it (shown to all, or passed in an exchange with it)",
                              parts=n, per_seat=True),
            TensorBlock.seats("lives", n, "each seat's lives left (/ lives)", scale=self.lives),
            TensorBlock.seats("dealer", n, "the dealer", "one-hot"),
            TensorBlock.seats("to move", n, "the seat to act (in the play phase)", "one-hot"),
            TensorBlock.seats("out", n, "the seats out of the game (no life left)", "flags"),
            *(TensorBlock.seats(word, n, f"whether each seat {word} this hand", "flags")
              for word in STATUS_WORDS),
            TensorBlock.choice("phase", PHASE_NAMES, "the phase"),
            TensorBlock("pot", 1, "the counters in the pot: lives lost, antes, any pot "
                        "carried over (/ n × lives)", scale=n * self.lives),
        )

    def max_hand_decisions(self) -> int:
        """At most one turn a seat and the dealer's cut."""
        return 2 * self.num_players

    def max_match_decisions(self) -> int:
        """Every hand costs a life, except a play-off's (allowed
        :data:`UNDECIDED_HANDS` of them)."""
        hands = self.num_players * self.lives + UNDECIDED_HANDS
        return hands * self.max_hand_decisions()

    counted_events: ClassVar[dict[str, str]] = {
        "lives_lost": "lives lost",
        "kings_shown": 'Kings shown ("Bo!") to refuse or stop an exchange',
        "king_stops": "hands stopped by a King",
    }

    def count_events(self, events: Sequence[GameEvent]) -> dict[str, int]:
        """``lives_lost`` (the counters paid: a play-off gives the tied
        players theirs back), ``kings_shown`` (a King shown, "Bo!", to
        stand or to refuse) and ``king_stops`` (a hand stopped by a King:
        ``king_rule`` stops_play or stops_hand)."""
        kinds = Counter(type(event) for event in events)
        returned = sum(len(event.seats) for event in events if isinstance(event, PlayOff))
        return {"lives_lost": kinds[LifeLost] - returned,
                "kings_shown": kinds[ShowedKing] + kinds[Refused],
                "king_stops": kinds[PlayStopped] + kinds[KingsDealt]}

    def _new_state(self, seed: int, deal: Deal | None, explicit_chance: bool) -> RanterState:
        return RanterState(self, seed, deal, explicit_chance)


class RanterState(MatchState):
    """A game of Ranter Go Round, from the first deal to the last player in.

    Zones: a card per seat in ``hands`` (-1: none), the ``stock`` (top
    first), the dealer's card ``set_aside`` after his exchange with the
    stock, the cards ``undealt`` (explicit chance) and the ``pack`` of the
    final tie's cut; every seat also places the cards of :attr:`known` and
    :attr:`public`, and a re-deal gives no hand a card of :attr:`excluded`.
    """

    game: RanterGoRound
    over_phase = PHASE_OVER
    chance_phases = frozenset({PHASE_FIRST_DEALER, PHASE_DEAL, PHASE_STOCK, PHASE_TIE_CUT})
    cut_phase = PHASE_FIRST_DEALER
    copied_fields = ("history", "hands", "stock", "known", "excluded", "status", "lives",
                     "totals", "results", "events", "out_hand")
    phase_names = PHASE_NAMES
    prompts = PROMPTS
    lowest_wins = True
    catalogue = CATALOGUE
    zones: ClassVar[tuple[Zone, ...]] = (
        Zone("hand", "hands", Seen.OWNER, per_seat=True, form=Form.CARD),
        Zone("stock", "stock", Seen.NOBODY, form=Form.ORDER),
        Zone("set aside", "set_aside", Seen.NOBODY, form=Form.CARD),
        Zone("undealt", "undealt", Seen.NOBODY),
        Zone("pack", "pack", Seen.NOBODY),
    )

    def __init__(self, game: RanterGoRound, seed: int, deal: Deal | None,
                 explicit_chance: bool) -> None:
        self._begin_match(game, seed, deal, explicit_chance)
        n = game.n
        self.lives = [game.lives] * n
        self.carried_pot = 0
        self.out_hand = [-1] * n
        """The hand in which each seat went out (-1: still in)."""
        self.winner_seats: tuple[int, ...] = ()
        self.dealer = n - 1
        self.pack = 0
        """The whole pack once the cards are gathered for the final tie's cut."""
        self.cutters: tuple[int, ...] = ()
        self.cut_cards: tuple[int, ...] = ()
        self._clear_hand()
        self._start_match(deal)

    # ------------------------------------------------------------------
    # the deal
    def _clear_hand(self) -> None:
        n = self.game.n
        self.phase = PHASE_DEAL
        self.order: tuple[int, ...] = ()
        """The active seats in turn order, the elder first and the dealer last."""
        self.turn = 0
        self.to_move = -1
        self.hands = [-1] * n
        self.stock: list[int] = []
        """The stock, top card first."""
        self.set_aside = -1
        self.undealt = 0
        self.public = 0
        """Cards whose place everyone knows (shown Kings, announced cards, the showdown)."""
        self.known = [0] * n
        """Per seat, the cards whose place it knows from its own exchanges."""
        self.excluded = [0] * n
        """Per seat, cards that everyone knows its card is not (a King, a low card)."""
        self.status = [0] * n
        self.stock_shown = -1
        self.pending_cut = -1
        """A fixed deal's cut position for the first hand (-1: from the seed)."""

    def _choose_first_dealer(self) -> None:
        """§3: cards dealt face up round the table from seat 0, the first Jack deals."""
        pack = shuffled(self.game.pack_cards, "ranter-first-dealer", self.seed)
        first_jack = next(position for position, card in enumerate(pack) if card in JACKS)
        self.dealer = first_jack % self.game.n

    def _first_dealer(self, action: int) -> None:
        self.dealer = action - DEALER_BASE
        self._start_hand()

    def _start_hand(self) -> None:
        self._clear_hand()
        first: tuple[GameEvent, ...] = ()
        if self.hand_index == 0 and self.deal is None:
            first = (FirstDealer(self.dealer), *self._antes())
        self._new_hand_log(*first, _dealt(self.dealer, self.hand_index + 1))
        self.order = self._turn_order()
        if self.explicit_chance:
            self.undealt = self.game.pack
            return
        pack = shuffled(self.game.pack_cards, "ranter", self.seed, self.hand_index)
        for position, seat in enumerate(self.order):
            self.hands[seat] = pack[position]
        self.stock = pack[len(self.order):]
        self._begin_play()

    def _turn_order(self) -> tuple[int, ...]:
        lives = self.lives
        after = self.dealer + 1
        return tuple([seat for seat in (*range(after, self.game.n), *range(after)) if lives[seat]])

    def _deal_card(self, action: int) -> None:
        """Explicit chance: the next card, to the next hand (elder first);
        after the dealer's, the rest is the stock."""
        self.undealt &= ~(1 << action - CARD_BASE)
        dealt = len(self.game.pack_cards) - self.undealt.bit_count()
        self.hands[self.order[dealt - 1]] = action - CARD_BASE
        if dealt == len(self.order):
            self.stock = bits_of(self.undealt)
            self.undealt = 0
            self._begin_play()

    def _start_fixed_hand(self, deal: Deal) -> None:
        game = self.game
        reader = DealReader(game, deal, {"hands", "stock", "cut", "lives", "carried_pot"},
                            game.n - 1)
        self.dealer = reader.dealer
        self._fixed_lives(deal, reader.scores)
        if self.lives[self.dealer] == 0:
            raise ParseError(f"the dealer {seat_name(self.dealer)} has no lives left: he is out")
        self._new_hand_log(*self._antes(), _dealt(self.dealer, 1))
        self.order = self._turn_order()
        self.hands = [cards[0] if cards else -1
                      for cards in reader.hands(lambda seat: int(self.lives[seat] > 0))]
        self.stock = reader.cards("stock", "the stock") + reader.rest(
            game.pack_cards, "ranter", self.seed, 0)
        outside = reader.taken & ~game.pack
        if outside:
            card = CODES[bits_of(outside)[0]]
            pack = " ".join(map(CODES.__getitem__, game.pack_cards))
            raise ParseError(f"{card} is not in the pack; it holds {pack}")
        cut = deal.get("cut")
        if cut is not None:
            if not game.cuts:
                raise ParseError("the deal's 'cut' needs dealer_exchange='cut': with 'top' the "
                                 "dealer takes the top card")
            if isinstance(cut, bool) or not isinstance(cut, int) or not (
                    0 <= cut < len(self.stock)):
                raise ParseError(f"the cut must be a stock position from 0 (the top) to "
                                 f"{len(self.stock) - 1}, not {cut!r}")
            self.pending_cut = cut
        self._begin_play()

    def _fixed_lives(self, deal: Deal, scores: list[int] | None) -> None:
        """A fixed deal's lives (or scores, the counters lost) and carried pot."""
        game = self.game
        lives = deal.get("lives")
        if lives is not None and scores is not None:
            raise ParseError("give the deal's 'lives' or its 'scores', not both")
        if lives is not None:
            if not isinstance(lives, list) or len(lives) != game.n or not all(
                    isinstance(count, int) and not isinstance(count, bool) for count in lives):
                raise ParseError(f"the deal's lives must be a list of {game.n} integers")
            scores = [game.lives - count for count in lives]
        if scores is not None:
            if not all(0 <= score <= game.lives for score in scores):
                given = [game.lives - score for score in scores]
                raise ParseError(f"each player has from 0 to {game.lives} lives (the lives "
                                 f"option), not {given}")
            self.totals = list(scores)
            self.lives = [game.lives - score for score in scores]
            for seat, count in enumerate(self.lives):
                if not count:
                    self.out_hand[seat] = 0
        if sum(1 for count in self.lives if count) < 2:
            raise ParseError("at least two players must have lives left, or the game is over")
        carried = deal.get("carried_pot", 0)
        if isinstance(carried, bool) or not isinstance(carried, int) or carried < 0:
            raise ParseError(f"carried_pot must be a number of counters, 0 or more, not "
                             f"{carried!r}")
        self.carried_pot = carried

    # ------------------------------------------------------------------
    # the turns (rules §4.6)
    def _begin_play(self) -> None:
        self.phase = PHASE_PLAY
        if self.game.kings_stop_hand:
            kings = tuple((seat, self.hands[seat]) for seat in self.order
                          if KINGS >> self.hands[seat] & 1)
            if kings:
                for _, card in kings:
                    self.public |= 1 << card
                self._showdown(KingsDealt(kings))
                return
            for seat in self.order:
                self.excluded[seat] |= KINGS
        self.turn = 0
        self._advance()

    def _advance(self) -> None:
        """Show the Kings of the players whose turn comes (block, stops_play)
        until a player must choose, or the showdown."""
        game = self.game
        while self.turn < len(self.order):
            seat = self.order[self.turn]
            card = self.hands[seat]
            if game.kings_block:
                if KINGS >> card & 1:
                    self.public |= 1 << card
                    self.status[seat] |= SHOWED_KING
                    self.events.append(_showed_king(seat, card))
                    if game.kings_stop_play:
                        self._showdown(PlayStopped())
                        return
                    self.turn += 1
                    continue
                self.excluded[seat] |= KINGS
            self.to_move = seat
            self.phase = PHASE_PLAY
            return
        self._showdown()

    def _turn(self, action: int) -> None:
        """The player to move stands, or exchanges with his left-hand
        neighbour (the dealer: with the stock)."""
        seat = self.to_move
        if action == STAND:
            self.status[seat] |= STOOD
            self.events.append(_stood(seat))
            self.turn += 1
            self._advance()
            return
        if seat == self.dealer:
            self._exchange_with_stock()
            return
        game = self.game
        neighbour = self.order[self.turn + 1]
        theirs = self.hands[neighbour]
        if game.kings_block and KINGS >> theirs & 1:
            self.public |= 1 << theirs
            self.status[seat] |= WAS_REFUSED
            self.status[neighbour] |= REFUSED
            self.events.append(_refused(seat, neighbour, theirs))
            if game.kings_stop_play:
                self._showdown(PlayStopped())
                return
            self.turn += 2
            self._advance()
            return
        mine = self.hands[seat]
        self.hands[seat], self.hands[neighbour] = theirs, mine
        excluded = self.excluded
        excluded[seat], excluded[neighbour] = excluded[neighbour], excluded[seat]
        if game.kings_block:
            excluded[seat] |= KINGS
        # each sees the card he gets, and knows where his own went
        swapped = 1 << theirs | 1 << mine
        self.known[seat] |= swapped
        self.known[neighbour] |= swapped
        self.status[seat] |= EXCHANGED
        self.status[neighbour] |= ASKED
        self.events.append(_exchanged(seat, neighbour))
        if game.announce != "off":
            self._announce(neighbour, mine)
            if game.announce == "both":
                self._announce(seat, theirs)
        self.turn += 1
        self._advance()

    def _announce(self, holder: int, card: int) -> None:
        """§7.1: a low card that moved is shown with its new holder; any
        other card is now known by everyone not to be low."""
        if LOW_CARDS >> card & 1:
            self.public |= 1 << card
            self.events.append(Announced(holder, card))
        else:
            self.excluded[holder] |= LOW_CARDS

    def _exchange_with_stock(self) -> None:
        game = self.game
        self.status[self.dealer] |= TOOK_STOCK
        self.events.append(_from_stock(self.dealer, game.cuts))
        if self.explicit_chance:
            self.phase = PHASE_STOCK
        elif not game.cuts:
            self._take_from_stock(0)
        elif self.pending_cut >= 0:
            self._take_from_stock(self.pending_cut)
        else:
            self._take_from_stock(
                seeded_below(len(self.stock), "ranter-cut", self.seed, self.hand_index))

    def _stock_card(self, action: int) -> None:
        """Explicit chance: the card the dealer gets from the stock."""
        self._take_from_stock(self.stock.index(action - CARD_BASE))

    def _take_from_stock(self, position: int) -> None:
        """§4.5: the dealer's card from the stock, and a King by ``dealer_cuts_king``."""
        game = self.game
        dealer = self.dealer
        card = self.stock[position]
        if KINGS >> card & 1 and game.stock_king != "take":
            self.public |= 1 << card
            self.stock_shown = card
            self.events.append(StockKing(dealer, card, game.stock_king == "keep_original"))
            if game.stock_king == "keep_original":
                self._showdown()
            else:
                self._lose_lives([dealer])
            return
        del self.stock[position]
        self.set_aside = self.hands[dealer]
        self.hands[dealer] = card
        self.excluded[dealer] = 0 if game.stock_king == "take" else KINGS
        self._showdown()

    # ------------------------------------------------------------------
    # the end of a hand and of the game (rules §4.7, §5)
    def _showdown(self, *cause: GameEvent) -> None:
        """Every card turned up (after the ``cause`` of an early end), and
        the lowest lose a life."""
        self.events.extend(cause)
        order = self.order
        cards = [self.hands[seat] for seat in order]
        for card in cards:
            self.public |= 1 << card
        self.events.append(Showdown(order, tuple(cards)))
        losers = showdown_losers(cards, self.game.last_revealed)
        self._lose_lives([order[index] for index in losers])

    def _lose_lives(self, losers: list[int]) -> None:
        game = self.game
        deltas = [0] * game.n
        for seat in losers:
            self.lives[seat] -= 1
            deltas[seat] = 1
            left = self.lives[seat]
            point = game.lives - left if game.morris else -1
            self.events.append(_life_lost_event(seat, left, point))
            if not left:
                self.out_hand[seat] = self.hand_index
        active = [seat for seat in range(game.n) if self.lives[seat]]
        tied = self.order
        rule = game.final_tie
        if not active and rule == "playoff":
            for seat in tied:
                self.lives[seat] = 1
                deltas[seat] = 0
                self.out_hand[seat] = -1
            self.events.append(PlayOff(tied))
            active = list(tied)
        self.results.append(deltas)
        for seat, delta in enumerate(deltas):
            self.totals[seat] += delta
        if len(active) > 1:
            self.dealer = self._turn_order()[0]  # the next player still in
            self.hand_index += 1
            self._start_hand()
        elif active:
            self._end_game(tuple(active))
        elif rule == "cut":
            self._begin_tie_cut(tied)
        else:
            self._end_game(tied if rule == "split" else ())

    def pot(self) -> int:
        """The counters in the pot: every life lost, the antes, and any pot
        carried over."""
        game = self.game
        return self.carried_pot + game.ante * game.n + sum(self.totals)

    def _antes(self) -> tuple[GameEvent, ...]:
        """The log's line for the antes when the game starts (none without)."""
        ante = self.game.ante
        return (AntesPaid(ante, self.pot()),) if ante else ()

    def _end_game(self, winners: tuple[int, ...]) -> None:
        self.winner_seats = winners
        self.events.append(PotWon(winners, self.pot()))
        self.phase = PHASE_OVER

    def _begin_tie_cut(self, tied: tuple[int, ...]) -> None:
        """§5 final_tie=cut: the cards are gathered and the tied players cut."""
        self.pack = self.game.pack
        self.hands = [-1] * self.game.n
        self.stock = []
        self.set_aside = -1
        self.cutters = tied
        self.events.append(TieCut(tied))
        if self.explicit_chance:
            self.phase = PHASE_TIE_CUT
            return
        attempt = 0
        while self.phase != PHASE_OVER:
            pack = shuffled(self.game.pack_cards, "ranter-tie-cut", self.seed, attempt)
            for card in pack[:len(self.cutters)]:
                self._cut_for_the_pot(CARD_BASE + card)
            attempt += 1

    def _cut_for_the_pot(self, action: int) -> None:
        card = action - CARD_BASE
        self.events.append(Cut(self.cutters[len(self.cut_cards)], card))
        self.cut_cards = (*self.cut_cards, card)
        if len(self.cut_cards) < len(self.cutters):
            return
        best = max(RANK_VALUES[cut] for cut in self.cut_cards)
        highest = tuple(seat for seat, cut in zip(self.cutters, self.cut_cards, strict=True)
                        if RANK_VALUES[cut] == best)
        if len(highest) == 1:
            self._end_game(highest)
            return
        self.events.append(CutAgain(highest))
        self.cutters = highest
        self.cut_cards = ()

    def winners(self) -> list[int]:
        """The winners: the last player in, or those the final tie names."""
        return list(self.winner_seats)

    # ------------------------------------------------------------------
    # the contract
    def _coming(self) -> int:
        """The cards that may come now (a card's chance phase only)."""
        phase = self.phase
        if phase == PHASE_DEAL:
            return self.undealt
        if phase == PHASE_STOCK:
            return mask_of(self.stock)
        if phase == PHASE_TIE_CUT:
            return self.game.pack & ~mask_of(self.cut_cards)
        raise IllegalAction("this is not a chance node")

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self.phase == PHASE_FIRST_DEALER:
            return [(DEALER_BASE + seat, float(odds))
                    for seat, odds in enumerate(self.game.first_dealer_odds)]
        cards = bits_of(self._coming())
        return [(CARD_BASE + card, 1.0 / len(cards)) for card in cards]

    def legal_actions(self) -> list[int]:
        phase = self.phase
        if phase == PHASE_PLAY:
            return [STAND, EXCHANGE]
        if phase == PHASE_OVER:
            return []
        return [action for action, _ in self.chance_outcomes()]

    def _is_legal(self, action: int) -> bool:
        phase = self.phase
        if phase == PHASE_PLAY:
            return action in (STAND, EXCHANGE)
        if phase == PHASE_FIRST_DEALER:
            return 0 <= action - DEALER_BASE < self.game.n
        card = action - CARD_BASE
        return phase != PHASE_OVER and 0 <= card < CARD_COUNT and bool(self._coming() >> card & 1)

    def _why_not(self, action: int) -> str:
        return (f"{self.action_to_str(action)!r} is a chance outcome, not a move: "
                f"{seat_name(self.to_move)} must stand or exchange")

    def _why_not_outcome(self, action: int) -> str:
        text = self.action_to_str(action)
        if action in (STAND, EXCHANGE):
            return f"nobody can {text} now: {CHANCE_REASONS[self.phase]}"
        return f"{text!r} is not a possible outcome here: {CHANCE_REASONS[self.phase]}"

    def action_to_str(self, action: int) -> str:
        if action in (STAND, EXCHANGE):
            return ACTION_WORDS[action]
        if CARD_BASE <= action < DEALER_BASE:
            return f"{self.game.card_verbs.get(self.phase, 'deal')} {CODES[action - CARD_BASE]}"
        if DEALER_BASE <= action < NUM_ACTIONS:
            return f"{seat_name(action - DEALER_BASE)} deals first"
        raise ParseError(f"there is no action {action}; actions are 0 to {NUM_ACTIONS - 1}")

    def parse_action(self, text: str) -> int:
        if not isinstance(text, str):
            raise ParseError(f"an action is text, not {text!r}")
        key = " ".join(text.split()).casefold()
        if key == "cut" and self.phase == PHASE_PLAY and self.to_move != self.dealer:
            raise ParseError("only the dealer cuts the stock; type stand or exchange")
        if key in WORDS:
            return WORDS[key]
        verb, _, rest = key.partition(" ")
        seats = [seat_name(seat).casefold() for seat in range(self.game.n)]
        if rest == "deals first" and verb in seats:
            return DEALER_BASE + seats.index(verb)
        if verb in ("deal", "cut", "top") and rest:
            return CARD_BASE + FRENCH_52.parse(rest).id
        try:
            FRENCH_52.parse(text)
        except ParseError:
            raise ParseError(
                f"{text!r} is not a move; type stand (or stick) to keep your card, or "
                "exchange (or change) to swap it"
            ) from None
        raise ParseError(f"{text.strip()!r} is a card, and cards are never played in Ranter Go "
                         "Round; type stand or exchange")

    # ------------------------------------------------------------------
    # hidden cards
    def known_elsewhere(self, seat: int) -> int:
        own = self.hands[seat]
        return (self.known[seat] | self.public) & ~(1 << own if own >= 0 else 0)

    def _placed_for(self, seat: int) -> int:
        """The cards ``seat`` knows the place of: those of its exchanges and
        the public ones (followed since: every move is public), and every
        card once the pack is gathered."""
        return self.known[seat] | self.public | self.pack

    def _may_hold(self, zone: Zone, owner: int) -> int:
        """A hand cannot hold a card that everyone knows it is not (a King,
        a low card)."""
        return FULL & ~self.excluded[owner] if zone.per_seat else FULL

    # ------------------------------------------------------------------
    # what a seat sees
    def _player(self, seat: int) -> dict[str, Any]:
        player = {
            "seat": seat, "name": seat_name(seat), "cards": int(self.hands[seat] >= 0),
            "score": self.totals[seat], "lives": self.lives[seat],
            "dealer": seat == self.dealer, "flags": self._flags(seat),
        }
        if self.game.morris:
            player["board"] = MORRIS_POINTS[self.game.lives - self.lives[seat]]
        return player

    def _prompt_key(self, seat: int | None) -> str:
        return "dealer" if self.to_move == self.dealer else "play"

    def _observation(self, seat: int | None) -> Observation:
        """The observation of ``seat`` (``None``: a spectator's).

        Zones: ``shown`` (the face-up cards in hands, with their holders),
        ``stock`` (its size) and ``stock_shown`` (a King from the stock
        shown by ``dealer_cuts_king``, while it is there). Game keys:
        ``hand_log_start`` (the index in ``log`` of this hand's first
        line), ``pot``, ``winners`` (at the end). Each player has
        ``lives``, ``flags`` (dealer, elder, out and what he did this hand),
        ``card`` (the card at that seat if this seat knows it: its own, a
        shown or announced card, one it gave or received and has followed
        since, or every card after the showdown; else ``None``) and, with
        the morris board, ``board`` (where his counter stands).
        """
        shown = [{"seat": other, "card": CODES[card]} for other in self.order
                 if (card := self.hands[other]) >= 0 and self.public >> card & 1]
        zones: dict[str, Any] = {"shown": shown, "stock": len(self.stock)}
        if self.stock_shown >= 0:
            zones["stock_shown"] = CODES[self.stock_shown]
        own = -1 if seat is None else self.hands[seat]
        observation = self._frame(seat, [CODES[own]] if own >= 0 else [], zones)
        knows = self.public | (0 if seat is None else self.known[seat])
        for player in observation["players"]:
            card = self.hands[player["seat"]]
            visible = card >= 0 and (player["seat"] == seat or bool(knows >> card & 1))
            player["card"] = CODES[card] if visible else None
        over = self.phase == PHASE_OVER
        observation.update(hand_log_start=len(self._previous), pot=self.pot(),
                           places=self._places() if over else None,
                           winners=list(self.winner_seats) if over else None)
        return observation

    def _flags(self, seat: int) -> list[str]:
        flags = []
        if seat == self.dealer:
            flags.append("dealer")
        if self.order and seat == self.order[0]:
            flags.append("elder")
        if not self.lives[seat]:
            flags.append("out")
        status = self.status[seat]
        flags.extend(word for index, word in enumerate(STATUS_WORDS) if status >> index & 1)
        return flags

    def _places(self) -> list[int]:
        """Winners first; then by the hand in which each went out, later better."""
        last = len(self.results) + 1
        keys = [last if seat in self.winner_seats or self.out_hand[seat] < 0
                else self.out_hand[seat] for seat in range(self.game.n)]
        return finishing_places(keys, lowest_first=False)

    def observation_tensor(self, seat: int) -> npt.NDArray[np.float32]:
        """The blocks of :meth:`RanterGoRound.observation_layout` (the table
        in the module docstring)."""
        self.check_seat(seat)
        knows = self.public | self.known[seat]
        own = self.hands[seat]
        return self.game.tensor_writer.write(seat, [
            1 << own if own >= 0 else 0,
            [1 << card if card >= 0 and knows >> card & 1 else 0 for card in self.hands],
            self.lives,
            self.dealer,
            self.to_move if self.phase == PHASE_PLAY else None,
            [not lives for lives in self.lives],
            *([status >> bit & 1 for status in self.status] for bit, _ in enumerate(STATUS_WORDS)),
            self.phase,
            self.pot(),
        ])

    phase_moves: ClassVar[Mapping[int, Callable[[Any, int], None]]] = {
        PHASE_FIRST_DEALER: _first_dealer, PHASE_DEAL: _deal_card, PHASE_PLAY: _turn,
        PHASE_STOCK: _stock_card, PHASE_TIE_CUT: _cut_for_the_pot,
    }
