"""Progress Rummy: five contract rounds with two Progress packs and the
wild Progress card.

``rules/progress.md`` §3 (the decisions of §6.3, the options of §6.6).

* Players 2-8, two Progress packs shuffled together (106 cards, two of
  them the Progress card ``P``). Five rounds; each deals 10 cards to every
  player one at a time from the dealer's left, turns up the next card to
  start the discard pile (a ``P`` turned up stays, or with ``upcard_p``
  bury goes into the stock at a random place) and leaves the rest as the
  stock. The first dealer is found by cutting as in Progress; the deal
  passes to the left every round; the dealer plays first
  (``first_player``).
* Direction (``direction``, rules/progress.md §3.12, RU1): ``clockwise``
  (default) plays, deals and passes the deal to the left; the variant
  ``anticlockwise`` reads the leaflet's "de derecha a izquierda" literally
  and does all three to the right: the cards go out one at a time from the
  dealer's right, the turn passes to the right, and the next round's
  dealer is the player on the right. No text of Progress Rummy but the
  seed says so; the variant follows the Spanish custom where the seed was
  written: Chinchón, the Spanish rummy, is dealt anticlockwise and its
  deal passes to the right (https://cccj.es/reglaments/chinchon.htm;
  https://diariopopular.com.ar/suerte/chinchon-o-el-as-combinar-n400778),
  and play goes to the right in Spain and Latin America ("Card game",
  Wikipedia, "Direction of play"). The dealer still plays first (the
  seed's own rule); ``first_player=left_of_dealer`` (who would
  then play last) is refused with it.
* A turn: draw the top card of the stock, or take the top discard; then
  meld as you like; then discard one card (compulsory). Instead of
  drawing, a player may give the natural card that a Progress card on the
  table was declared to be and take the ``P`` back: that swap is his whole
  turn (no meld, no discard).
* Melds: a group (three or more of one number, signs may repeat with
  ``group_duplicate_signs``) or a sequence (three or more of one sign in
  a row, no wrap unless ``sequence_wraparound``). A ``P`` in a meld stands
  for one declared card, number and sign; every meld keeps
  ``min_natural_cards`` (2) natural cards.
* Contracts (round 1 to 5): one meld of 3; two of 3; one of 4; two of 4;
  one of 5, laid down at once as a player's first melds of the round.
  Once down he may lay off single cards on any meld and lay new melds
  (``extra_melds``), in the same turn too (``same_turn_layoff``). Nothing
  may leave him without a card to discard, and the card taken from the
  pile this turn may not be discarded (``rediscard``), nor the other copy
  of it, which is the same card (§1.1): a player whose one card is the
  twin of the top discard may therefore not take it. Once a copy of the
  card taken has gone into a meld (a meld takes the taken copy first),
  the other copy may be discarded.
* A meld is typed one card at a time in any order; each step is legal
  when the meld (and the rest of the lay-down) can still be finished with
  a card left to discard (§3.13): ``meld 3St 9St 4St 5St 6St 7St 8St``.
* A player who discards his last card goes out and the round ends; so does
  a round whose stock runs out at the start of a turn after its one
  reshuffle of the discards (``stock_exhaustion``) or after ``max_turns``
  turns. Everyone scores the numbers of the cards left in hand (``P``
  counts ``p_value``, 15); after five rounds the lowest total wins, ties
  share the win.

Action ids (145): ``0 … 52`` a card (``sign * 13 + number - 1``, ``P`` is
52; both copies of a card are one action): discard it, put it into the
meld being built, lay it off on the meld named, or give it in a swap,
whatever the step calls for; ``53 … 104`` declare the Progress card just
placed as a numbered card (``as 7St``); ``105 … 139`` name a meld on the
table, ``m1`` … ``m35``, in the order they were put down this round (to
lay off on it, or after ``swap`` to swap its ``P``); ``140`` draw, ``141``
take, ``142`` swap, ``143`` meld (start a meld), ``144`` done (put the
melds built on the table). A lay-down is the sequence ``meld`` cards
(``meld`` cards ...) ``done``; :meth:`ProgressRummyState.parse_actions`
reads a whole line (``meld 5Cr 6Cr P=7Cr``). With explicit chance the
first dealer is a chance outcome (the seat), and every card dealt, turned
up or drawn is one (its card action id).

A fixed deal (``new_state(deal=...)``) has ``dealer``, ``hands`` (10
cards each), ``scores``, ``round`` (1-5) and optionally ``discard``
(oldest first; at the start of a round just the up-card) and ``stock``
(its top cards, top first; the other cards follow in an order drawn from
the seed). A position in the middle of a round adds ``to_move`` (whose
turn begins; hand sizes are then free), ``melds`` (each
``{"owner": seat, "cards": ["6St", "P=7St", "8St"]}``) and ``down`` (the
seats that have laid their contract; every meld's owner is down).

Observation tensor (version 1)
------------------------------

``parlour.make('progress-rummy')`` (n = 4 players): 572 float32 values; how to read the table:
:mod:`parlour.engine.tensors`.

======  ============  =============  ==========  ==================================================
offset  size          block          values      meaning
======  ============  =============  ==========  ==================================================
0       53            hand           copies / 2  this seat's cards
53      53            top discard    one-hot     the face of the discard pile's top card
106     53            discards       copies / 2  the cards in the discard pile
159     53            melds          copies / 2  the cards in the melds on the table, by the card
                                                 each stands for (the Progress cards at P)
212     53            building       copies / 2  the cards of the melds being built this turn, by
                                                 the card each stands for
265     53            taken          one-hot     the face of the card taken from the discard pile
                                                 this turn (in the phases from begin to swap card)
318     212 (n × 53)  known          copies / 2  the cards each seat is known to hold: taken from
                                                 the discard pile, or a P taken back in a swap
530     13            phase          one-hot     the phase: cut, deal, up-card, drawing, begin,
                                                 meld, building, declare, lay off, declare lay-off,
                                                 swap, swap card, over
543     5             round          one-hot     the round: 1, 2, 3, 4, 5
548     1             stock          / 106       the cards in the stock
549     1             discard count  / 106       the cards in the discard pile
550     1             reshuffles     as is       how often the discards were shuffled into the
                                                 stock this round
551     1             meld count     / 35        the melds on the table
552     4 (n)         down           0/1         the seats that laid down their contract
556     4 (n)         cards held     / 11        the cards in each hand
560     4 (n)         scores         / 100       each seat's match total
564     4 (n)         dealer         one-hot     the dealer
568     4 (n)         to move        one-hot     the seat whose turn it is (in the phases from
                                                 begin to swap card)
======  ============  =============  ==========  ==================================================
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Self

import numpy as np
import numpy.typing as npt

from parlour.cards import PROGRESS_53, PROGRESS_DOUBLE, Deck
from parlour.cards.bits import bits_of
from parlour.engine.game import Deal, Game, Observation
from parlour.engine.match import (
    Catalogue,
    Dealt,
    Discarded,
    Drew,
    FirstDealer,
    Form,
    GameEvent,
    HandScored,
    Reshuffled,
    Seen,
    Took,
    TurnedUp,
    WentOut,
    Words,
    Zone,
)
from parlour.engine.options import Option, OptionSchema
from parlour.engine.registry import register
from parlour.engine.shuffle import seeded_below, shuffled
from parlour.engine.tensors import TensorBlock
from parlour.errors import IllegalAction, OptionError, ParseError
from parlour.games.common import DealReader, MatchState, seat_name
from parlour.games.progress import cut_for_dealer, face_odds
from parlour.games.rummy_melds import (
    P_FACE,
    MeldRules,
    Owed,
    can_finish,
    extensions,
    is_valid,
    kind,
    run_order,
    shape,
)

COMMANDS_HELP = """\
Commands (one step at a time, or a whole line):
  draw | take                  begin your turn
  meld 5Cr 6Cr P=7Cr           lay a meld (P=7Cr declares the P as 7Cr)
  meld 3St 4St 5St meld 9Cr 9Su 9Mo
                               two melds at once (a double contract)
  m2 6Cr                       lay off 6Cr on meld m2 (m2 P=4Cr for a P)
  7St  (or: discard 7St)       discard 7St
  swap m3 7St                  give 7St for the P of meld m3
Step by step, a meld is 'meld', its cards, 'P' then 'as 7Cr', and 'done'."""
"""How to type the moves at the terminal (``parlour play`` shows it with its
help); a paragraph of the rules help (:mod:`parlour.help`)."""


CONTRACTS = ((1, 3), (2, 3), (1, 4), (2, 4), (1, 5))
"""Per round: (melds, least cards in each)."""
ROUNDS = len(CONTRACTS)
HAND_SIZE = 10
FACES = 53
AS_BASE = 53
"""``AS_BASE + face`` declares a Progress card as the numbered face."""
MELD_BASE = 105
MAX_MELDS = 35
"""Melds a round can hold at most: 106 cards, three a meld."""
DRAW, TAKE, SWAP, MELD, DONE = range(140, 145)
NUM_ACTIONS = 145
MEMO_SIZE = 200_000
"""Answers of the meld search a game remembers before it starts afresh."""
COUNTS_MEMO_SIZE = 10_000
"""Hands counted by face that a game remembers before it starts afresh."""
REDEAL_TRIES = 64
"""Deals a determinization tries for a mover who must finish a step."""
WORDS = {DRAW: "draw", TAKE: "take", SWAP: "swap", MELD: "meld", DONE: "done"}
WORD_ALIASES = {"draw": DRAW, "draw_stock": DRAW, "stock": DRAW, "take": TAKE,
                "take_discard": TAKE, "pick": TAKE, "swap": SWAP, "swap_p": SWAP,
                "meld": MELD, "done": DONE}

(PHASE_CUT, PHASE_DEAL, PHASE_UPCARD, PHASE_DRAW, PHASE_BEGIN, PHASE_MELD, PHASE_BUILD,
 PHASE_DECLARE, PHASE_LAYOFF, PHASE_LAYOFF_DECLARE, PHASE_SWAP_MELD, PHASE_SWAP_CARD,
 PHASE_OVER) = range(13)
PHASE_NAMES = ("cut", "deal", "up-card", "drawing", "begin", "meld", "building", "declare",
               "lay off", "declare lay-off", "swap", "swap card", "over")
PROMPTS = {
    "begin": "Draw from the stock or take the top discard",
    "begin swap": ("Draw from the stock, take the top discard, or swap for a wild card "
                   "on the table"),
    "meld": "Meld, lay off, or discard",
    "meld contract": "Lay down your contract, or discard",
    "building": "Add a card to your meld, start the next meld, or say done",
    "declare": "Say which card your wild card stands for",
    "lay off": "Choose the card to lay off on the meld",
    "declare lay-off": "Say which card the wild card you lay off stands for",
    "swap": "Choose the meld whose wild card you take",
    "swap card": "Give the card that the wild card stands for",
}
"""What the player to move decides (:attr:`MatchState.prompts`): by phase,
at the start of a turn whether a swap is open to him (in his own
observation: it depends on his cards), and before he is down
(no lay-off yet) his contract."""
CHANCE = frozenset(range(PHASE_BEGIN))
CHANCE_VERBS = {PHASE_DEAL: "deal", PHASE_UPCARD: "turn up", PHASE_DRAW: "draw"}
"""How a card chance outcome reads in each phase: ``deal 7St``, ``turn up P``, ``draw 3Mo``."""
MID_STEP = frozenset(range(PHASE_BUILD, PHASE_OVER))
"""Phases in which the mover is in the middle of a step that his hand must finish."""

Meld = tuple[tuple[int, int, int], ...]
"""A meld on the table: (card id, identity face, seat that placed it) per
card, in the order shown."""


def face_code(face: int) -> str:
    """The code of a face (``7St``, ``P``)."""
    return PROGRESS_53[face].code


def meld_name(index: int) -> str:
    """The name of the meld at ``index`` (``m1`` first)."""
    return f"m{index + 1}"


def meld_text(meld: Meld) -> str:
    """A meld as players read it: ``6St P=7St 8St`` (a second copy's code
    ends ``#2``: ``8St#2``, ``P#2=7St``)."""
    cards = PROGRESS_DOUBLE.cards
    return " ".join(
        f"{cards[card].code}={face_code(identity)}" if card % FACES == P_FACE
        else cards[card].code
        for card, identity, _ in meld
    )


def contract_text(hand: int, at_least: bool = False) -> str:
    """The contract of round ``hand + 1`` in words: ``two melds of 4``
    (``at_least``: ``two melds of at least 4``); each wording whole, so that
    a catalogue recognises it."""
    melds, size = CONTRACTS[hand]
    if at_least:
        return f"one meld of at least {size}" if melds == 1 else f"two melds of at least {size}"
    return f"one meld of {size}" if melds == 1 else f"two melds of {size}"


@dataclass(frozen=True, slots=True)
class Buried(GameEvent):
    """The Progress card ``card`` was turned up and went into the stock
    (``upcard_p=bury``)."""

    card: int


@dataclass(frozen=True, slots=True)
class LaidDown(GameEvent):
    """``seat`` put ``melds`` on the table as they were then, the first
    named ``first`` (its index); ``contract``: they were his contract."""

    seat: int
    contract: bool
    first: int
    melds: tuple[Meld, ...]


@dataclass(frozen=True, slots=True)
class LaidOff(GameEvent):
    """``seat`` laid ``card`` off on the meld at ``index``, standing for
    the face ``identity``."""

    seat: int
    index: int
    card: int
    identity: int


@dataclass(frozen=True, slots=True)
class Swapped(GameEvent):
    """``seat`` gave ``given`` for the Progress card ``taken`` of the meld
    at ``index``."""

    seat: int
    index: int
    given: int
    taken: int


@dataclass(frozen=True, slots=True)
class Exhausted(GameEvent):
    """The stock ran out again: the round ends."""


@dataclass(frozen=True, slots=True)
class TurnLimit(GameEvent):
    """The round ended after ``turns`` turns (``max_turns``)."""

    turns: int


@dataclass(frozen=True, slots=True)
class Midway(GameEvent):
    """A fixed deal started the round in its middle, ``count`` melds down."""

    count: int


def _laid_down(event: LaidDown, words: Words) -> str:
    shown = "; ".join(f"{meld_name(event.first + offset)} {meld_text(meld)}"
                      for offset, meld in enumerate(event.melds))
    if event.contract:
        return f"{words.seat(event.seat)} lays the contract: {shown}"
    return f"{words.seat(event.seat)} melds: {shown}"


def _laid_off(event: LaidOff, words: Words) -> str:
    code = words.card(event.card)
    if event.card % FACES == P_FACE:
        code = f"{code} as {face_code(event.identity)}"
    return f"{words.seat(event.seat)} lays off {code} on {meld_name(event.index)}"


CATALOGUE = Catalogue({
    FirstDealer: "{dealer} cuts highest and deals first",
    Dealt: lambda event, words: (f"{words.seat(event.dealer)} deals round {event.number} "
                                 f"(contract: {contract_text(event.number - 1)})"),
    TurnedUp: "{card} is turned up",
    Buried: "{card} is turned up and goes back into the stock",
    Drew: "{seat} draws from the stock",
    Took: "{seat} takes {card}",
    Discarded: "{seat} discards {card}",
    LaidDown: _laid_down,
    LaidOff: _laid_off,
    Swapped: lambda event, words: (f"{words.seat(event.seat)} swaps {words.card(event.given)} "
                                   f"for {words.card(event.taken)} in {meld_name(event.index)}"),
    WentOut: "{seat} goes out: Progress!",
    Reshuffled: "the stock is empty: {count} discards are shuffled into a new stock",
    Exhausted: "the stock is empty again: the round ends",
    TurnLimit: "{turns} turns without anyone going out: the round ends",
    Midway: "the round starts in the middle, with {count} melds on the table",
    HandScored: lambda event, words: f"round {event.number} scored: {words.changes(event.deltas)}",
})
"""Every line of a Progress Rummy log."""


@register
class ProgressRummy(Game):
    """Progress Rummy; see the module docstring and the rules help (:mod:`parlour.help`)."""

    name = "progress-rummy"
    title = "Progress Rummy"
    version = 1
    tensor_version = 1
    higher_is_better = False
    layout = "meld-table"
    keys_shown_inside = frozenset({"pending", "target"})
    hand_word = "round"
    min_players = 2
    max_players = 8
    deck: Deck = PROGRESS_DOUBLE
    description = (
        "Contract rummy of 1938 with two Progress packs: five rounds of contracts, "
        "the Progress card wild and swappable; 2-8 players, lowest total wins."
    )
    commands_help = COMMANDS_HELP
    schema = OptionSchema([
        Option.integer("players", 4, "number of players", minimum=2, maximum=8),
        Option.choice("first_player", ("dealer", "left_of_dealer"), "dealer",
                      "who plays first in a round"),
        Option.choice("direction", ("clockwise", "anticlockwise"), "clockwise",
                      "play and the deal pass to the left (clockwise) or to the right"),
        Option.choice("extra_melds", ("any", "contract_size", "none"), "any",
                      "new melds after the contract"),
        Option.flag("same_turn_layoff", True,
                    "lay off and lay new melds in the turn you lay the contract"),
        Option.flag("sequence_wraparound", False, "12-13-1 is a sequence"),
        Option.integer("min_natural_cards", 2, "natural cards every meld keeps",
                       minimum=1, maximum=2),
        Option.flag("group_duplicate_signs", True, "a group may repeat a sign"),
        Option.flag("owner_may_swap", False,
                    "the player who placed a P may swap it back"),
        Option.flag("swap_requires_down", False, "a swapper must have laid his contract"),
        Option.choice("rediscard", ("forbidden", "allowed"), "forbidden",
                      "discard the card just taken from the pile"),
        Option.choice("upcard_p", ("leave", "bury"), "leave",
                      "a P turned up after the deal stays, or goes into the stock"),
        Option.choice("stock_exhaustion", ("reshuffle_once", "reshuffle", "end_round"),
                      "reshuffle_once", "what an empty stock does at the start of a turn"),
        Option.integer("max_turns", 1000, "a round ends after this many turns (safeguard)",
                       minimum=1, maximum=10_000),
        Option.integer("p_value", 15, "penalty for a Progress card left in hand (RU16: 15)",
                       minimum=0, maximum=100),
        Option.choice("tie", ("shared",), "shared", "ties for the lowest total"),
    ])

    def __init__(self, /, **options: object) -> None:
        super().__init__(**options)
        self.n = self.num_players
        self.rules = MeldRules(
            wraparound=bool(self.options["sequence_wraparound"]),
            min_natural=int(self.options["min_natural_cards"]),
            duplicate_signs=bool(self.options["group_duplicate_signs"]),
        )
        self.extra_melds = str(self.options["extra_melds"])
        self.same_turn_layoff = bool(self.options["same_turn_layoff"])
        self.owner_may_swap = bool(self.options["owner_may_swap"])
        self.swap_requires_down = bool(self.options["swap_requires_down"])
        self.rediscard = self.options["rediscard"] == "allowed"
        self.bury = self.options["upcard_p"] == "bury"
        self.exhaustion = str(self.options["stock_exhaustion"])
        self.max_turns = int(self.options["max_turns"])
        self.p_value = int(self.options["p_value"])
        self.dealer_first = self.options["first_player"] == "dealer"
        self.step = 1 if self.options["direction"] == "clockwise" else -1
        """The seat after each seat: +1 to the left (clockwise), -1 to the right."""
        if self.step < 0 and not self.dealer_first:
            raise OptionError("first_player=left_of_dealer needs direction=clockwise: playing "
                              "to the right, the player on the dealer's left plays last")
        size = len(self.deck)
        self.all_cards = tuple(range(size))
        self.face_of = tuple(card % FACES for card in range(size))
        self.face_masks = tuple((1 << face) | (1 << (face + FACES)) for face in range(FACES))
        self.values = tuple(
            self.p_value if face == P_FACE else face % 13 + 1 for face in self.face_of
        )
        self.words = Words([seat_name(seat) for seat in range(self.n)],
                           [card.code for card in self.deck.cards])
        """How the log names seats and cards (made once: a search reads the log at every step)."""
        self._finish_memo: dict[tuple[object, ...], bool] = {}
        self._counts_memo: dict[int, tuple[int, ...]] = {}

    def can_finish(self, counts: list[int], open_meld: tuple[list[int], int] | None,
                   open_minimum: int, owed: Owed, keep: int) -> bool:
        """:func:`~parlour.games.rummy_melds.can_finish`, remembered (the
        same hands come up again and again in a search)."""
        key = (tuple(counts), None if open_meld is None else tuple(open_meld[0]),
               0 if open_meld is None else open_meld[1], open_minimum, owed.melds,
               owed.minimum, keep)
        found = self._finish_memo.get(key)
        if found is None:
            if len(self._finish_memo) >= MEMO_SIZE:
                self._finish_memo.clear()
            found = can_finish(counts, open_meld, open_minimum, owed, self.rules, keep)
            self._finish_memo[key] = found
        return found

    @property
    def num_actions(self) -> int:
        return NUM_ACTIONS

    def observation_layout(self) -> tuple[TensorBlock, ...]:
        n = self.n
        size = len(self.deck)
        return (
            TensorBlock.faces("hand", FACES, "this seat's cards", 2),
            TensorBlock("top discard", FACES, "the face of the discard pile's top card",
                        "one-hot"),
            TensorBlock.faces("discards", FACES, "the cards in the discard pile", 2),
            TensorBlock.faces("melds", FACES, "the cards in the melds on the table, by the "
                              "card each stands for (the Progress cards at P)", 2),
            TensorBlock.faces("building", FACES, "the cards of the melds being built this "
                              "turn, by the card each stands for", 2),
            TensorBlock("taken", FACES, "the face of the card taken from the discard pile this "
                        "turn (in the phases from begin to swap card)", "one-hot"),
            TensorBlock.faces("known", FACES, "the cards each seat is known to hold: taken "
                              "from the discard pile, or a P taken back in a swap", 2,
                              parts=n, per_seat=True),
            TensorBlock.choice("phase", PHASE_NAMES, "the phase"),
            TensorBlock.choice("round", [str(round_number + 1) for round_number in range(ROUNDS)],
                               "the round"),
            TensorBlock("stock", 1, "the cards in the stock", scale=size),
            TensorBlock("discard count", 1, "the cards in the discard pile", scale=size),
            TensorBlock("reshuffles", 1, "how often the discards were shuffled into the stock "
                        "this round"),
            TensorBlock("meld count", 1, "the melds on the table", scale=MAX_MELDS),
            TensorBlock.seats("down", n, "the seats that laid down their contract", "flags"),
            TensorBlock.seats("cards held", n, "the cards in each hand",
                              scale=HAND_SIZE + 1),
            TensorBlock.seats("scores", n, "each seat's match total", scale=100),
            TensorBlock.seats("dealer", n, "the dealer", "one-hot"),
            TensorBlock.seats("to move", n, "the seat whose turn it is (in the phases from "
                              "begin to swap card)", "one-hot"),
        )

    def max_hand_decisions(self) -> int:
        """A round is at most ``max_turns`` turns; a turn draws, places each
        of at most eleven cards with its declaration and meld name, and
        discards."""
        return int(self.options["max_turns"]) * 60

    def max_match_decisions(self) -> int:
        """Five rounds."""
        return 5 * self.max_hand_decisions()

    counted_events: ClassVar[dict[str, str]] = {
        "going_out": "rounds ended by a player going out",
        "blocked": "rounds that ended with nobody going out",
    }

    def count_events(self, events: Sequence[GameEvent]) -> dict[str, int]:
        """Rounds ended by a player ``going_out``, and the others
        (``blocked``: the stock ran out, or the turn limit came)."""
        going_out = sum(isinstance(event, WentOut) for event in events)
        return {"going_out": going_out,
                "blocked": sum(isinstance(event, HandScored) for event in events) - going_out}

    def _new_state(self, seed: int, deal: Deal | None, explicit_chance: bool) -> ProgressRummyState:
        return ProgressRummyState(self, seed, deal, explicit_chance)

    def text(self, action: int) -> str:
        """The canonical text of an action id."""
        if 0 <= action < FACES:
            return face_code(action)
        if AS_BASE <= action < MELD_BASE:
            return f"as {face_code(action - AS_BASE)}"
        if MELD_BASE <= action < MELD_BASE + MAX_MELDS:
            return meld_name(action - MELD_BASE)
        if action in WORDS:
            return WORDS[action]
        raise ParseError(f"there is no action {action}; actions are 0 to {NUM_ACTIONS - 1}")

    def counts(self, mask: int) -> list[int]:
        """How many cards of each face ``mask`` holds (remembered: a turn
        asks about the same hand at every step)."""
        found = self._counts_memo.get(mask)
        if found is None:
            if len(self._counts_memo) >= COUNTS_MEMO_SIZE:
                self._counts_memo.clear()
            counts = [0] * FACES
            for face in bits_of(mask & ((1 << FACES) - 1)):
                counts[face] += 1
            for face in bits_of(mask >> FACES):
                counts[face] += 1
            found = self._counts_memo[mask] = tuple(counts)
        return list(found)

    def codes(self, mask: int) -> list[str]:
        """Card codes of ``mask`` by sign and number (a second copy ends ``#2``)."""
        cards = self.deck.cards
        return [cards[card].code for card in sorted(bits_of(mask), key=self.face_of.__getitem__)]


class ProgressRummyState(MatchState):
    """A Progress Rummy match."""

    game: ProgressRummy
    over_phase = PHASE_OVER
    cut_phase = PHASE_CUT
    chance_phases = CHANCE
    phase_names = PHASE_NAMES
    prompts = PROMPTS
    lowest_wins = True
    catalogue = CATALOGUE
    copied_fields = ("history", "hands", "stock", "discard", "melds", "totals", "results",
                     "events", "known", "building")
    zones = (
        Zone("hand", "hands", Seen.OWNER, per_seat=True),
        Zone("stock", "stock", Seen.NOBODY, form=Form.ORDER),
        Zone("discard", "discard", Seen.EVERYONE, form=Form.ORDER),
        Zone("melds", "meld_cards", Seen.EVERYONE),
        Zone("building", "building_cards", Seen.EVERYONE),
        Zone("undealt", "undealt", Seen.NOBODY),
    )
    kept = -1
    """A seat whose whole hand a re-deal leaves where it is (-1: none)."""

    def __init__(
        self, game: ProgressRummy, seed: int, deal: Deal | None, explicit_chance: bool
    ) -> None:
        self._begin_match(game, seed, deal, explicit_chance)
        self._clear_hand()
        self._start_match(deal)

    # ------------------------------------------------------------------
    # rounds
    def _clear_hand(self) -> None:
        n = self.game.n
        self.phase = PHASE_DEAL
        self.hands = [0] * n
        self.stock: list[int] = []
        """The stock, top card last."""
        self.discard: list[int] = []
        """The discard pile, top card last."""
        self.melds: list[Meld] = []
        self.meld_owners: tuple[int, ...] = ()
        """The seat that laid each meld down, by meld index: its owner
        whatever cards others lay off at either end or swap in (a meld's
        cards are kept in run order, so its first card may be anyone's). A
        tuple, replaced at each lay-down, so that a clone shares it."""
        self.down = 0
        self.known = [0] * n
        """Cards each hand is publicly known to hold (taken from the pile or a swap)."""
        self.to_move = 0
        self.turns = 0
        self.reshuffles = 0
        self.taken = -1
        self.went_down = False
        self.building: list[tuple[tuple[int, int], ...]] = []
        """Melds being built this step: (card id, identity) per card; the last is open."""
        self.build_contract = False
        self.pending = -1
        """The Progress card id waiting for its declaration."""
        self.target = -1
        """The meld named for a lay-off or a swap."""
        self.undealt = 0
        self.buried = 0
        """Progress cards turned up and buried (explicit chance): not the next up-card."""

    def _choose_first_dealer(self) -> None:
        game = self.game
        self.dealer = cut_for_dealer(game.all_cards, game.face_of, game.n, "progress-rummy-cut",
                                     self.seed)
        self.events.append(FirstDealer(self.dealer))

    def _start_hand(self) -> None:
        self._clear_hand()
        self._new_hand_log(Dealt(self.dealer, self.hand_index + 1))
        game = self.game
        self.undealt = game.deck.full_mask
        if self.explicit_chance:
            return
        pack = shuffled(game.all_cards, "progress-rummy", self.seed, self.hand_index)
        dealt = game.n * HAND_SIZE
        for card in pack[:dealt]:
            self._deal_card(card)
        self.undealt = 0
        self._turn_up(pack[dealt:][::-1])

    def _turn_up(self, stock: list[int]) -> None:
        """Turn up the top of ``stock`` (top last) and start play."""
        game = self.game
        card = stock.pop()
        while card % FACES == P_FACE and game.bury:
            self.events.append(Buried(card))
            # anywhere but the top, which is turned up next
            place = seeded_below(len(stock), "progress-rummy-bury", self.seed,
                                 self.hand_index, card)
            stock.insert(place, card)
            card = stock.pop()
        self.stock = stock
        self._up_card(card)

    def _up_card(self, card: int) -> None:
        self.discard = [card]
        self.events.append(TurnedUp(card))
        first = self.dealer if self.game.dealer_first else (self.dealer + 1) % self.game.n
        self._begin_turn(first)

    def _deal_card(self, card: int) -> None:
        """Deal ``card`` to the next hand from the dealer's left (his right
        with ``direction=anticlockwise``), or turn it up."""
        game = self.game
        dealt = len(game.deck) - self.undealt.bit_count()
        self.undealt &= ~(1 << card)
        if self.phase == PHASE_DEAL:
            self.hands[(self.dealer + game.step * (1 + dealt)) % game.n] |= 1 << card
            if dealt + 1 == game.n * HAND_SIZE:
                self.phase = PHASE_UPCARD
            return
        # the up-card
        if card % FACES == P_FACE and game.bury:
            # into the stock, below the card turned up next
            self.undealt |= 1 << card
            self.buried |= 1 << card
            self.events.append(Buried(card))
            return
        self.stock = bits_of(self.undealt)
        self.undealt = 0
        self._up_card(card)

    # ------------------------------------------------------------------
    # fixed deals
    def _start_fixed_hand(self, deal: Deal) -> None:
        game = self.game
        keys = {"hands", "round", "discard", "stock", "to_move", "melds", "down"}
        reader = DealReader(game, deal, keys, 0,
                            same=lambda card: game.face_masks[game.face_of[card]])
        self.dealer = reader.dealer
        if reader.scores is not None:
            self.totals = reader.scores
        number = deal.get("round", 1)
        if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= ROUNDS:
            raise ParseError(f"the round must be a number from 1 to {ROUNDS}, not {number!r}")
        self.hand_index = number - 1
        self._new_hand_log(Dealt(self.dealer, number))
        mid_round = "to_move" in deal
        for key in ("melds", "down"):
            if key in deal and not mid_round:
                raise ParseError(f"{key!r} needs 'to_move': a position in the middle of a round")
        for seat, cards in enumerate(reader.hands(None if mid_round else HAND_SIZE)):
            if not cards:
                raise ParseError(f"{seat_name(seat)} holds no cards: the round would be over")
            self.hands[seat] = sum(1 << card for card in cards)
        self._fixed_melds(reader)
        discard = reader.cards("discard", "the discard pile")
        if "discard" in deal and not mid_round and len(discard) != 1:
            raise ParseError("at the start of a round the discard pile is the up-card alone")
        top_of_stock = reader.cards("stock", "the stock")
        rest = reader.rest(game.all_cards, "progress-rummy", self.seed, self.hand_index)
        if mid_round and not discard:
            discard = [rest.pop()]
        stock = (top_of_stock + rest)[::-1]
        if not mid_round:
            if discard:
                self.stock = stock
                self._up_card(discard[0])
            else:
                self._turn_up(stock)
            return
        to_move = reader.seat("to_move", 0)
        self.stock = stock
        self.discard = discard
        self.events.append(Midway(len(self.melds)))
        self._begin_turn(to_move)

    def _fixed_melds(self, reader: DealReader) -> None:
        n = self.game.n
        down = reader.deal.get("down", [])
        if not isinstance(down, list) or not all(
            isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < n for seat in down
        ):
            raise ParseError(f"'down' must be a list of seats from 0 to {n - 1}")
        for seat in down:
            self.down |= 1 << seat
        melds = reader.deal.get("melds", [])
        if not isinstance(melds, list) or len(melds) > MAX_MELDS:
            raise ParseError(f"'melds' must be a list of at most {MAX_MELDS} melds")
        for index, entry in enumerate(melds):
            where = f"meld {meld_name(index)}"
            if not isinstance(entry, dict) or set(entry) != {"owner", "cards"}:
                raise ParseError(f"{where} must be {{'owner': seat, 'cards': [codes]}}")
            owner = entry["owner"]
            if isinstance(owner, bool) or not isinstance(owner, int) or not 0 <= owner < n:
                raise ParseError(f"the owner of {where} must be a seat from 0 to {n - 1}")
            if not self.down >> owner & 1:
                raise ParseError(f"{seat_name(owner)} owns {where} and so must be down")
            codes = entry["cards"]
            if isinstance(codes, str):
                codes = codes.split()
            if not isinstance(codes, list):
                raise ParseError(f"{where} must list its cards")
            cards: list[tuple[int, int, int]] = []
            for code in codes:
                if not isinstance(code, str):
                    raise ParseError(f"{where} must list card codes")
                code, declares, declared = code.partition("=")
                [card] = reader.place([code], where)
                if card % FACES == P_FACE:
                    if not declares:
                        raise ParseError(f"the P of {where} needs its card: P=7St")
                    identity = self._numbered(declared, where)
                elif declares:
                    raise ParseError(f"only P is declared in {where}, not {code}")
                else:
                    identity = card % FACES
                cards.append((card, identity, owner))
            meld = self._ordered(cards)
            if not is_valid([identity for _, identity, _ in meld],
                            sum(card % FACES != P_FACE for card, _, _ in meld), self.game.rules):
                raise ParseError(f"{where} ({meld_text(meld)}) is not a valid meld")
            self.melds.append(meld)
            self.meld_owners += (owner,)

    def _numbered(self, code: str, where: str) -> int:
        try:
            face = self.game.face_of[self.game.deck.parse(code).id]
        except ParseError as error:
            raise ParseError(f"in {where}: {error}") from None
        if face == P_FACE:
            raise ParseError(f"a P stands for a numbered card, not P ({where})")
        return face

    # ------------------------------------------------------------------
    # turns
    def _begin_turn(self, seat: int) -> None:
        game = self.game
        self.to_move = seat
        self.taken = -1
        self.went_down = False
        self.target = -1
        self.pending = -1
        self.building = []
        if self.turns >= game.max_turns:
            self.events.append(TurnLimit(game.max_turns))
            self._finish_round()
            return
        if not self.stock:
            if self._may_reshuffle():
                self._reshuffle()
            else:
                self.events.append(Exhausted())
                self._finish_round()
                return
        self.turns += 1
        self.phase = PHASE_BEGIN

    def _may_reshuffle(self) -> bool:
        exhaustion = self.game.exhaustion
        if exhaustion == "end_round" or len(self.discard) < 2:
            return False
        return exhaustion == "reshuffle" or self.reshuffles == 0

    def _reshuffle(self) -> None:
        cards = self.discard[:-1]
        self.discard = self.discard[-1:]
        self.reshuffles += 1
        if self.explicit_chance:
            self.stock = sorted(cards)
        else:
            self.stock = shuffled(cards, "progress-rummy-reshuffle", self.seed, self.hand_index,
                                  self.reshuffles)
        self.events.append(Reshuffled(len(cards)))

    def _contract(self) -> tuple[int, int]:
        return CONTRACTS[self.hand_index]

    def _is_down(self, seat: int) -> bool:
        return bool(self.down >> seat & 1)

    def _may_add(self) -> bool:
        """Whether the mover may lay off and lay new melds now."""
        return self._is_down(self.to_move) and (self.game.same_turn_layoff or not self.went_down)

    def _extra_minimum(self) -> int:
        return self._contract()[1] if self.game.extra_melds == "contract_size" else 3

    def _keep_face(self) -> int:
        """The face of the card taken this turn while it is held and may not
        be discarded (-1: none)."""
        if self.game.rediscard or self.taken < 0 or not self.hands[self.to_move] >> self.taken & 1:
            return -1
        return self.taken % FACES

    # ------------------------------------------------------------------
    # what may be done
    def _hand_counts(self) -> list[int]:
        return self.game.counts(self.hands[self.to_move])

    def _discardable(self, hand: int | None = None) -> int:
        """The mover's cards (or those of ``hand``, his hand after a card
        leaves it) that may be discarded: while he holds the card taken from
        the pile this turn, neither copy of it (the two are one card, §1.1;
        the taken copy is the first to go into a meld)."""
        if hand is None:
            hand = self.hands[self.to_move]
        if self.taken >= 0 and not self.game.rediscard and hand >> self.taken & 1:
            hand &= ~self.game.face_masks[self.taken % FACES]
        return hand

    def _may_take(self) -> bool:
        """Whether the mover may take the top discard: not when his one card
        is its twin, since he could then discard neither (rediscard
        forbidden; a hand of two cards makes no meld)."""
        hand = self.hands[self.to_move]
        if self.game.rediscard or hand & (hand - 1):
            return True
        return self.game.face_of[hand.bit_length() - 1] != self.game.face_of[self.discard[-1]]

    def _can_make(self, contract: bool, built: int) -> bool:
        """Whether the mover's hand makes the contract's melds but the
        ``built`` ones (``contract``), or else one more meld, and keeps a
        card to discard."""
        if contract:
            melds, size = self._contract()
            owed = Owed(melds - built, size)
        else:
            size = self._extra_minimum()
            owed = Owed(1, size)
        return self.game.can_finish(self._hand_counts(), None, size, owed, self._keep_face())

    def _may_start_meld(self) -> bool:
        down = self._is_down(self.to_move)
        if down and (not self._may_add() or self.game.extra_melds == "none"):
            return False
        return self._can_make(not down, 0)

    def _open(self) -> tuple[list[int], int]:
        """The open meld's identities and natural count."""
        cards = self.building[-1] if self.building else ()
        return [identity for _, identity in cards], sum(card % FACES != P_FACE
                                                        for card, _ in cards)

    def _build_owed(self) -> tuple[int, Owed]:
        """(least size of the open meld, the melds still owed after it)."""
        if self.build_contract:
            melds, size = self._contract()
            return size, Owed(melds - len(self.building), size)
        size = self._extra_minimum()
        return size, Owed(0, size)

    def _may_place(self, face: int, identities: Iterable[int]) -> bool:
        """Whether the mover's card of ``face`` (-1: the Progress card being
        declared, already out of his hand) may go into the open meld as one
        of ``identities``: the meld and the rest of the lay-down can then be
        finished with a card left to discard (the taken copy leaves first)."""
        built, naturals = self._open()
        counts = self._hand_counts()
        keep = self._keep_face()
        if face >= 0:
            counts[face] -= 1
            keep = -1 if keep == face else keep
            naturals += face != P_FACE
        for identity in identities:
            grown = [*built, identity]
            if shape(grown, self.game.rules) is None:
                continue
            size, owed = self._build_owed()
            if self.game.can_finish(counts, (grown, naturals), size, owed, keep):
                return True
        return False

    def _open_complete(self) -> bool:
        identities, naturals = self._open()
        size, _ = self._build_owed()
        return is_valid(identities, naturals, self.game.rules, size)

    def _may_next_meld(self) -> bool:
        built = len(self.building)
        return self._open_complete() and not (
            self.build_contract and built >= self._contract()[0]
        ) and self._can_make(self.build_contract, built)

    def _may_finish(self) -> bool:
        return self._open_complete() and not (
            self.build_contract and len(self.building) != self._contract()[0]
        ) and bool(self._discardable())

    def _layoff_faces(self, index: int) -> list[int]:
        """Faces of the mover's hand that may be laid off on meld ``index``."""
        fits = extensions([identity for _, identity, _ in self.melds[index]], self.game.rules)
        counts = self._hand_counts()
        # a P fits wherever a natural card does
        return [face for face in (*fits, P_FACE)
                if fits and counts[face] and self._leaves_discard(face)]

    def _leaves_discard(self, face: int) -> bool:
        """Whether a card of ``face`` may leave the mover's hand (a card to
        discard remains)."""
        hand = self.hands[self.to_move]
        return bool(self._discardable(hand & ~(1 << self._pick(hand & self.game.face_masks[face]))))

    def _pick(self, copies: int) -> int:
        """The copy that leaves the hand for a meld: the card taken this
        turn if it is one of them, else the lower."""
        if self.taken >= 0 and copies >> self.taken & 1:
            return self.taken
        return (copies & -copies).bit_length() - 1

    def _swappable(self, index: int) -> list[int]:
        """The identities of the Progress cards of meld ``index`` that the
        mover may swap with a card he holds."""
        seat = self.to_move
        game = self.game
        if game.swap_requires_down and not self._is_down(seat):
            return []
        return sorted({identity for card, identity, placer in self.melds[index]
                       if card % FACES == P_FACE and (placer != seat or game.owner_may_swap)
                       and self.hands[seat] & game.face_masks[identity]})

    def _can_swap(self) -> bool:
        return any(self._swappable(index) for index in range(len(self.melds)))

    def legal_actions(self) -> list[int]:
        phase = self.phase
        if phase == PHASE_OVER:
            return []
        if phase in CHANCE:
            return [action for action, _ in self.chance_outcomes()]
        if phase == PHASE_BEGIN:
            begin = [DRAW, TAKE] if self._may_take() else [DRAW]
            return [*begin, SWAP] if self._can_swap() else begin
        if phase == PHASE_MELD:
            actions = sorted({card % FACES for card in bits_of(self._discardable())})
            if self._may_add():
                actions += [MELD_BASE + index for index in range(len(self.melds))
                            if self._layoff_faces(index)]
            if self._may_start_meld():
                actions.append(MELD)
            return actions
        if phase == PHASE_BUILD:
            counts = self._hand_counts()
            actions = [face for face in range(52)
                       if counts[face] and self._may_place(face, (face,))]
            if counts[P_FACE] and self._may_place(P_FACE, range(52)):
                actions.append(P_FACE)
            if self._may_next_meld():
                actions.append(MELD)
            if self._may_finish():
                actions.append(DONE)
            return actions
        if phase == PHASE_DECLARE:
            return [AS_BASE + face for face in range(52) if self._may_place(-1, (face,))]
        if phase == PHASE_LAYOFF:
            return self._layoff_faces(self.target)
        if phase == PHASE_LAYOFF_DECLARE:
            identities = [identity for _, identity, _ in self.melds[self.target]]
            return [AS_BASE + face for face in extensions(identities, self.game.rules)]
        if phase == PHASE_SWAP_MELD:
            return [MELD_BASE + index for index in range(len(self.melds))
                    if self._swappable(index)]
        return self._swappable(self.target)  # PHASE_SWAP_CARD

    def _is_legal(self, action: int) -> bool:
        """Whether ``action`` is legal (the common moves checked without
        listing every legal action)."""
        phase = self.phase
        if phase == PHASE_BEGIN and action in (DRAW, TAKE):
            return action == DRAW or self._may_take()
        if phase == PHASE_CUT:
            return 0 <= action < self.game.n
        if phase in CHANCE:
            return 0 <= action < FACES and self._chance_card(action) >= 0
        if phase == PHASE_MELD:
            if 0 <= action < FACES:
                return bool(self._discardable() & self.game.face_masks[action])
            if action == MELD:
                return self._may_start_meld()
            index = action - MELD_BASE
            return (0 <= index < len(self.melds) and self._may_add()
                    and bool(self._layoff_faces(index)))
        return action in self.legal_actions()

    # ------------------------------------------------------------------
    # chance
    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self.phase == PHASE_CUT:
            return self.cut_outcomes()
        if self.phase not in CHANCE:
            raise IllegalAction("this is not a chance node")
        return face_odds(self._chance_cards(), self.game.face_of)

    def _chance_cards(self) -> list[int]:
        """The cards that the card dealt, turned up or drawn next may be."""
        return self.stock if self.phase == PHASE_DRAW else bits_of(self.undealt & ~self.buried)

    def _chance_card(self, face: int) -> int:
        """The lower of those cards of ``face`` (-1: none)."""
        if self.phase == PHASE_DRAW:
            return min((card for card in self.stock if card % FACES == face), default=-1)
        free = self.undealt & ~self.buried & self.game.face_masks[face]
        return (free & -free).bit_length() - 1

    def _why_not_outcome(self, action: int) -> str:
        if self.phase == PHASE_CUT:
            return f"the cut names the dealer: a seat from 0 to {self.game.n - 1}"
        if action >= FACES:
            return f"a card dealt is a card action 0 to {FACES - 1}, not {action}"
        where = "in the stock" if self.phase == PHASE_DRAW else "left to deal"
        return f"{face_code(action)} is not {where}"

    def _cut_move(self, seat: int) -> None:
        self.dealer = seat
        self.events.append(FirstDealer(seat))
        self._start_hand()

    def _chance_card_move(self, face: int) -> None:
        """Deal, turn up or draw the lower card of ``face`` left there."""
        card = self._chance_card(face)
        if self.phase == PHASE_DRAW:
            self.stock.remove(card)
            self._drawn(card)
        else:
            self._deal_card(card)

    # ------------------------------------------------------------------
    # moves
    def _begin_move(self, action: int) -> None:
        seat = self.to_move
        if action == DRAW:
            self.events.append(Drew(seat))
            if self.explicit_chance:
                self.phase = PHASE_DRAW
            else:
                self._drawn(self.stock.pop())
        elif action == TAKE:
            card = self.discard.pop()
            self.taken = card
            self.hands[seat] |= 1 << card
            self.known[seat] |= 1 << card
            self.events.append(Took(seat, card))
            self.phase = PHASE_MELD
        else:
            self.phase = PHASE_SWAP_MELD

    def _meld_move(self, action: int) -> None:
        if action < FACES:
            self._discard(action)
        elif action == MELD:
            self.building = [()]
            self.build_contract = not self._is_down(self.to_move)
            self.phase = PHASE_BUILD
        else:
            self.target = action - MELD_BASE
            self.phase = PHASE_LAYOFF

    def _build_move(self, action: int) -> None:
        if action == MELD:
            self.building.append(())
        elif action == DONE:
            self._lay_built()
        else:
            self._place(action, PHASE_DECLARE)

    def _declare_move(self, action: int) -> None:
        self.building[-1] = (*self.building[-1], (self.pending, action - AS_BASE))
        self.pending = -1
        self.phase = PHASE_BUILD

    def _layoff_move(self, face: int) -> None:
        self._place(face, PHASE_LAYOFF_DECLARE)

    def _layoff_declare_move(self, action: int) -> None:
        card = self.pending
        self.pending = -1
        self._lay_off(card, action - AS_BASE)

    def _swap_meld_move(self, action: int) -> None:
        self.target = action - MELD_BASE
        self.phase = PHASE_SWAP_CARD

    def _place(self, face: int, declare: int) -> None:
        """Take the mover's card of ``face`` from his hand into the meld being
        built or laid off on: a natural card at once, a Progress card once it
        is declared in phase ``declare``."""
        card = self._pick(self.hands[self.to_move] & self.game.face_masks[face])
        self._leave_hand(card)
        self.pending = card
        if face == P_FACE:
            self.phase = declare
        else:
            self.phase_moves[declare](self, AS_BASE + face)

    def _drawn(self, card: int) -> None:
        self.hands[self.to_move] |= 1 << card
        self.phase = PHASE_MELD

    def _leave_hand(self, card: int) -> None:
        seat = self.to_move
        self.hands[seat] &= ~(1 << card)
        self.known[seat] &= ~(1 << card)

    def _discard(self, face: int) -> None:
        seat = self.to_move
        copies = self._discardable() & self.game.face_masks[face]
        card = (copies & -copies).bit_length() - 1
        self._leave_hand(card)
        self.discard.append(card)
        self.events.append(Discarded(seat, card))
        if not self.hands[seat]:
            self.events.append(WentOut(seat))
            self._finish_round()
            return
        self._begin_turn((self.to_move + self.game.step) % self.game.n)

    def _ordered(self, cards: Sequence[tuple[int, int, int]]) -> Meld:
        identities = [identity for _, identity, _ in cards]
        return tuple(cards[position] for position in run_order(identities, self.game.rules))

    def _lay_built(self) -> None:
        seat = self.to_move
        first = len(self.melds)
        for built in self.building:
            self.melds.append(self._ordered([(card, identity, seat) for card, identity in built]))
            self.meld_owners += (seat,)
        if self.build_contract:
            self.down |= 1 << seat
            self.went_down = True
        self.events.append(LaidDown(seat, self.build_contract, first, tuple(self.melds[first:])))
        self.building = []
        self.build_contract = False
        self.phase = PHASE_MELD

    def _lay_off(self, card: int, identity: int) -> None:
        seat = self.to_move
        index = self.target
        self.melds[index] = self._ordered([*self.melds[index], (card, identity, seat)])
        self.events.append(LaidOff(seat, index, card, identity))
        self.target = -1
        self.phase = PHASE_MELD

    def _swap(self, face: int) -> None:
        seat = self.to_move
        game = self.game
        index = self.target
        meld = list(self.melds[index])
        position = next(
            position for position, (card, identity, placer) in enumerate(meld)
            if card % FACES == P_FACE and identity == face
            and (placer != seat or game.owner_may_swap)
        )
        progress = meld[position][0]
        natural_card = self._pick(self.hands[seat] & game.face_masks[face])
        meld[position] = (natural_card, face, seat)
        self.melds[index] = tuple(meld)
        self._leave_hand(natural_card)
        self.hands[seat] |= 1 << progress
        self.known[seat] |= 1 << progress
        self.events.append(Swapped(seat, index, natural_card, progress))
        self.target = -1
        self._begin_turn((self.to_move + self.game.step) % self.game.n)

    # ------------------------------------------------------------------
    # explanations
    def _why_not(self, action: int) -> str:
        phase = self.phase
        game = self.game
        text = game.text(action)
        if phase == PHASE_BEGIN:
            if action == SWAP:
                return self._why_no_swap()
            if action == TAKE:
                code = face_code(self.discard[-1] % FACES)
                return (f"you may not take {code}: you hold only the other {code}, which is "
                        "the same card, and could discard neither this turn (rediscard is "
                        "forbidden)")
            if self._can_swap():
                return f"begin your turn with draw or take (or swap), not {text}"
            return f"begin your turn with draw or take, not {text}"
        if action in (DRAW, TAKE, SWAP):
            return f"you cannot {text} now: you have already begun your turn"
        if phase in (PHASE_DECLARE, PHASE_LAYOFF_DECLARE):
            if not AS_BASE <= action < MELD_BASE:
                return "declare the card that the P stands for first, e.g. 'as 7St'"
            return self._why_not_identity(action - AS_BASE)
        if AS_BASE <= action < MELD_BASE:
            return "'as' declares a P just placed in a meld; no P is waiting for it"
        if phase in (PHASE_SWAP_MELD, PHASE_SWAP_CARD):
            return self._why_not_swap_step(action)
        hand = self.hands[self.to_move]
        if action < FACES and not hand & game.face_masks[action]:
            return f"you do not hold {text}"
        if phase == PHASE_MELD:
            return self._why_not_in_meld(action)
        if phase == PHASE_BUILD:
            return self._why_not_in_build(action)
        # PHASE_LAYOFF
        meld = self.melds[self.target]
        if action >= FACES:
            return f"name the card to lay off on {meld_name(self.target)} ({meld_text(meld)})"
        identities = [identity for _, identity, _ in meld]
        if action != P_FACE and action not in extensions(identities, game.rules):
            return f"{text} does not fit {meld_name(self.target)} ({meld_text(meld)})"
        return f"laying off {text} would leave you no card to discard"

    def _why_no_swap(self) -> str:
        game = self.game
        seat = self.to_move
        progress = [(index, identity, placer) for index, meld in enumerate(self.melds)
                    for card, identity, placer in meld if card % FACES == P_FACE]
        if not progress:
            return "there is no P on the table to swap"
        if game.swap_requires_down and not self._is_down(seat):
            return "you must lay your contract before you may swap (swap_requires_down)"
        others = [entry for entry in progress if entry[2] != seat or game.owner_may_swap]
        if not others:
            return "you placed every P on the table and may not swap it back"
        wanted = ", ".join(f"{face_code(identity)} for the P of {meld_name(index)}"
                           for index, identity, _ in others)
        return f"a swap needs the exact card a P stands for: {wanted}"

    def _why_not_swap_step(self, action: int) -> str:
        if self.phase == PHASE_SWAP_MELD:
            if not MELD_BASE <= action < MELD_BASE + MAX_MELDS:
                return "name the meld whose P you swap, e.g. 'm2'"
            index = action - MELD_BASE
            if index >= len(self.melds):
                return f"there is no meld {meld_name(index)}"
            return f"you cannot swap a P of {meld_name(index)}: {self._why_no_swap()}"
        wanted = ", ".join(face_code(face) for face in self._swappable(self.target))
        return f"give the card the P stands for: {wanted}"

    def _why_not_identity(self, identity: int) -> str:
        if self.phase == PHASE_LAYOFF_DECLARE:
            meld = self.melds[self.target]
            fits = extensions([ident for _, ident, _ in meld], self.game.rules)
            allowed = ", ".join(face_code(face) for face in fits)
            return (f"the P cannot be {face_code(identity)} on {meld_name(self.target)} "
                    f"({meld_text(meld)}): it may be {allowed}")
        identities, _ = self._open()
        shown = " ".join(face_code(face) for face in identities)
        if shape([*identities, identity], self.game.rules) is None:
            return f"the P cannot be {face_code(identity)}: it does not fit {shown}"
        if self.build_contract:
            return (f"the P as {face_code(identity)} leaves no way to finish the meld and the "
                    "contract with a card to discard")
        return (f"the P as {face_code(identity)} leaves no way to finish the meld with a card "
                "to discard")

    def _why_not_in_meld(self, action: int) -> str:
        seat = self.to_move
        game = self.game
        if action < FACES:
            if (self.hands[seat] & game.face_masks[action]).bit_count() > 1:
                return (f"{face_code(action)} is the card you took from the pile: your other "
                        f"{face_code(action)} is the same card, so you may not discard it this "
                        "turn either (rediscard is forbidden)")
            return (f"{face_code(action)} is the card you took from the pile: you may not "
                    "discard it this turn (rediscard is forbidden)")
        if action == DONE:
            return "there is no meld being built: start one with 'meld'"
        if action == MELD:
            if self._is_down(seat):
                if game.extra_melds == "none":
                    return "no new melds after the contract (extra_melds is none): lay off"
                if not self._may_add():
                    return ("you went down this turn: new melds wait for your next turn "
                            "(same_turn_layoff is false)")
                return (f"you hold no further meld of at least {self._extra_minimum()} cards "
                        "that leaves a card to discard")
            return (f"your hand does not make this round's contract "
                    f"({contract_text(self.hand_index, at_least=True)}) "
                    "with a card left to discard")
        index = action - MELD_BASE
        if index >= len(self.melds):
            return f"there is no meld {meld_name(index)}"
        if not self._is_down(seat):
            return "you may lay off only once you have laid down your contract"
        if not self._may_add():
            return ("you went down this turn: lay-offs wait for your next turn "
                    "(same_turn_layoff is false)")
        return (f"nothing in your hand fits {meld_name(index)} ({meld_text(self.melds[index])}) "
                "and leaves a card to discard")

    def _why_not_in_build(self, action: int) -> str:
        identities, _ = self._open()
        shown = " ".join(face_code(face) for face in identities) or "the new meld"
        if action in (DONE, MELD):
            size, _ = self._build_owed()
            if not self._open_complete():
                return f"{shown} is not yet a meld of at least {size} cards"
            if action == MELD:
                return "no further meld can be started here"
            melds, _ = self._contract()
            return f"the contract needs {melds} melds: start the next with 'meld'"
        if MELD_BASE <= action < MELD_BASE + MAX_MELDS:
            return "finish the meld being built with 'done' before laying off"
        text = face_code(action)
        if action != P_FACE and shape([*identities, action], self.game.rules) is None:
            return f"{text} does not go with {shown}"
        if self.build_contract:
            return (f"with {text} the meld and the contract cannot be finished with a card left "
                    "to discard")
        return f"with {text} the meld cannot be finished with a card left to discard"

    # ------------------------------------------------------------------
    # text
    def action_to_str(self, action: int) -> str:
        phase = self.phase
        game = self.game
        if phase == PHASE_CUT:
            if 0 <= action < game.n:
                return f"{seat_name(action)} deals"
            raise ParseError(f"there is no action {action} at the cut")
        text = game.text(action)
        if phase in CHANCE:
            return f"{CHANCE_VERBS[phase]} {text}"
        if action < FACES:
            # the copy that would move (two packs: ``6Cr#2`` when only the
            # second copy is held); ``parse_action`` reads either
            text = self._copy_code(action) or text
            if phase == PHASE_MELD:
                return f"discard {text}"
        return text

    def _copy_code(self, face: int) -> str | None:
        """The code of the mover's card of ``face`` that a card action would
        move now (``None``: he holds none that it may move)."""
        if not PHASE_BEGIN <= self.phase <= PHASE_SWAP_CARD:
            return None
        copies = self.hands[self.to_move] & self.game.face_masks[face]
        if self.phase == PHASE_MELD:
            copies &= self._discardable()
        elif copies and self.phase != PHASE_SWAP_CARD:
            copies = 1 << self._pick(copies)
        if not copies:
            return None
        return self.game.deck.cards[(copies & -copies).bit_length() - 1].code

    def parse_action(self, text: str) -> int:
        if not isinstance(text, str):
            raise ParseError(f"an action is text, not {text!r}")
        words = text.split()
        if not words:
            raise ParseError("an empty action; type draw, take, a card, meld, done or a meld name")
        verb = words[0].casefold()
        if (len(words) == 2 and verb in ("discard", "deal", "play")) or (
            verb == "draw" and len(words) == 2 and self.phase == PHASE_DRAW
        ) or (verb == "turn" and len(words) == 3 and words[1].casefold() == "up"):
            return self._card_face(words[-1], text)
        if len(words) == 2 and verb == "as":
            face = self._card_face(words[1], text)
            if face == P_FACE:
                raise ParseError("a P stands for a numbered card such as 7St, not for P")
            return AS_BASE + face
        key = " ".join(words).casefold()
        if key in WORD_ALIASES:
            return WORD_ALIASES[key]
        if self.phase == PHASE_CUT:
            for seat in range(self.game.n):
                if key in (seat_name(seat).casefold(), f"{seat_name(seat)} deals".casefold()):
                    return seat
        if len(words) == 1 and key[:1] == "m" and key[1:].isdecimal():
            # int() refuses digits such as ² and a run of thousands; so long a
            # number names no meld either
            number = int(key[1:]) if len(key) < 10 else 0
            if not 1 <= number <= MAX_MELDS:
                raise ParseError(f"melds are named m1 to m{MAX_MELDS}, not {words[0]}")
            return MELD_BASE + number - 1
        return self._card_face(text, text)

    def _card_face(self, code: str, text: str) -> int:
        try:
            return self.game.face_of[self.game.deck.parse(code.strip()).id]
        except ParseError:
            raise ParseError(
                f"{text!r} is neither a card nor a command; type a card such as 7St or P, "
                "'draw', 'take', 'swap', 'meld', 'done', 'as 7St' or a meld name such as m1"
            ) from None

    def parse_actions(self, text: str) -> list[int]:
        """The actions that a whole line names, in order, read against this
        state (it is not changed): ``meld 5Cr 6Cr P=7Cr`` (a ``done`` is
        added when the line ends inside a lay-down), ``m2 P=4Cr``, ``swap
        m3 7St``, ``draw``, ``discard 7St``; all of them the mover's. A
        line ends at a draw from the stock and at the discard or swap that
        ends the turn (:meth:`why_a_line_ends_at`): ``take meld 3Cr 4Cr 5Cr
        discard 12St`` is one line, ``draw meld 3Cr 4Cr 5Cr`` is refused
        whatever the stock holds. Raises
        :class:`~parlour.errors.ParseError` or
        :class:`~parlour.errors.IllegalAction` naming the word that fails;
        nothing is applied."""
        if not isinstance(text, str):
            raise ParseError(f"an action is text, not {text!r}")
        words = text.replace(",", " ").split()
        if not words:
            raise ParseError("an empty line; type draw, take, a card, meld, done or a meld name")
        steps: list[str] = []
        rest = iter(words)
        for word in rest:
            lowered = word.casefold()
            if "=" in word and lowered.split("=", 1)[0] == "p":
                steps += ["P", f"as {word.split('=', 1)[1]}"]
            elif lowered in ("as", "discard") and (following := next(rest, None)) is not None:
                steps.append(f"{lowered} {following}")
            else:
                steps.append(word)
        state = self.clone()
        if len(steps) == 1:
            # one step alone: a meld built step by step may stop anywhere
            action = state.parse_action(steps[0])
            state.apply(action)
            return [action]
        actions: list[int] = []
        started = False
        for index, step in enumerate(steps):
            try:
                action = state.parse_action(step)
                if state._closes_build(action, step.casefold().startswith("discard ")):
                    # 'discard 12St', 'm2 6Cr' or a new 'meld' after a
                    # finished lay-down: put the melds built on the table
                    state.apply(DONE)
                    actions.append(DONE)
                started = started or (action == MELD and state.phase == PHASE_MELD)
            except (ParseError, IllegalAction) as error:
                problem = type(error)
                raise problem(f"at {step!r}: {error}") from None
            if index + 1 < len(steps):
                # before the action is played: whether the line may go on
                # must not depend on what it shows
                state.check_the_line_goes_on(action, steps[index + 1])
            try:
                state.apply(action)
            except IllegalAction as error:
                raise IllegalAction(f"at {step!r}: {error}") from None
            actions.append(action)
        if started and state.to_move == self.to_move and state.phase in (PHASE_BUILD,
                                                                         PHASE_DECLARE):
            if state.phase == PHASE_BUILD and DONE in state.legal_actions():
                actions.append(DONE)
            else:
                raise IllegalAction("the line ends inside a meld that is not finished: "
                                    f"{state._why_not(DONE)}")
        return actions

    def why_a_line_ends_at(self, action: int) -> str | None:
        """A draw from the stock ends a line (the card drawn is hidden
        until then), and so do the discard and the swap that end a turn
        (the next turn may begin with a reshuffle of the stock, or a new
        round with a new deal) and every chance event."""
        if self.phase in CHANCE:
            return "a card dealt or drawn ends the line: type what follows it once it is seen"
        if self.phase == PHASE_BEGIN and action == DRAW:
            return "a draw ends the line: type what follows it once you have seen the card drawn"
        if action < FACES and self.phase in (PHASE_MELD, PHASE_SWAP_CARD):
            ending = "discard" if self.phase == PHASE_MELD else "swap"
            return (f"the line runs on past your turn, which the {ending} ends: type one "
                    "turn's moves at a time")
        return None

    def _closes_build(self, action: int, discard: bool) -> bool:
        """Whether a line's next action (``discard``: typed as 'discard
        CARD') means that the lay-down being built is finished: it cannot
        be a step of it, and ``done`` is legal."""
        if self.phase != PHASE_BUILD or action == DONE:
            return False
        if (action < FACES and not discard) or (action == MELD and self._may_next_meld()):
            return False
        return DONE in self.legal_actions()

    # ------------------------------------------------------------------
    # the end of a round and of the match
    def _finish_round(self) -> None:
        game = self.game
        values = game.values
        deltas = [sum(values[card] for card in bits_of(hand)) for hand in self.hands]
        self.totals = [total + delta for total, delta in zip(self.totals, deltas, strict=True)]
        self.results.append(deltas)
        self.events.append(HandScored(self.hand_index + 1, tuple(deltas)))
        self.building = []
        if self.hand_index == ROUNDS - 1:
            self.phase = PHASE_OVER
            return
        self.dealer = (self.dealer + game.step) % game.n
        self.hand_index += 1
        self._start_hand()

    def winners(self) -> list[int]:
        """The seats sharing the lowest total."""
        lowest = min(self.totals)
        return [seat for seat, total in enumerate(self.totals) if total == lowest]

    # ------------------------------------------------------------------
    # hidden cards
    @property
    def meld_cards(self) -> int:
        """The cards of the melds on the table."""
        return sum(1 << card for meld in self.melds for card, _, _ in meld)

    @property
    def building_cards(self) -> int:
        """The cards of the melds being built, and a Progress card waiting
        for its declaration."""
        cards = sum(1 << card for built in self.building for card, _ in built)
        return cards if self.pending < 0 else cards | 1 << self.pending

    def _placed_for(self, seat: int) -> int:
        placed = self.known_elsewhere(seat)
        return placed if self.kept < 0 else placed | self.hands[self.kept]

    def determinize(self, seat: int, rng: random.Random) -> Self:
        """A clone whose hidden cards (the other hands but for the cards
        known to be there, the stock) are dealt again. A mover in the
        middle of a step (a lay-down, a lay-off, a swap) must still be able
        to finish it: hands that cannot are dealt again, up to
        :data:`REDEAL_TRIES` times, and then he keeps his own (only a seat
        that is not to move sees such a position)."""
        for _ in range(REDEAL_TRIES):
            other = super().determinize(seat, rng)
            if seat == self.to_move or self.phase not in MID_STEP or other.legal_actions():
                return other
        keeper = self.clone()
        keeper.kept = self.to_move
        other = super(ProgressRummyState, keeper).determinize(seat, rng)
        other.kept = -1
        return other

    def known_elsewhere(self, seat: int) -> int:
        """The cards in other hands that everyone saw go there: taken from
        the discard pile, or a Progress card won in a swap."""
        # each card is in one hand: the sum of the masks is their union
        return sum(self.known) - self.known[seat]

    # ------------------------------------------------------------------
    # what a seat sees
    def _words(self) -> Words:
        return self.game.words

    def meld_views(self) -> list[dict[str, Any]]:
        """The melds on the table as the observation shows them: each
        ``{name, owner, kind, text, cards}``, ``owner`` the seat that laid it
        down (whoever laid cards off on it since), each card
        ``{code, as, placed_by}``."""
        cards = self.game.deck.cards
        rules = self.game.rules
        views = []
        for index, (meld, owner) in enumerate(zip(self.melds, self.meld_owners, strict=True)):
            identities = [identity for _, identity, _ in meld]
            views.append({
                "name": meld_name(index),
                "owner": owner,
                "kind": kind(identities, rules),
                "text": meld_text(meld),
                "cards": [
                    {"code": cards[card].code,
                     "as": face_code(identity) if card % FACES == P_FACE else None,
                     "placed_by": placer}
                    for card, identity, placer in meld
                ],
            })
        return views

    def _player(self, seat: int) -> dict[str, Any]:
        player = super()._player(seat)
        player["down"] = self._is_down(seat)
        if player["down"]:
            player["flags"].append("down")
        return player

    def _legal_card(self, action: int) -> str | None:
        return self._copy_code(action) if action < FACES else None

    def _prompt_key(self, seat: int | None) -> str:
        if self.phase == PHASE_BEGIN and seat == self.to_move and self._can_swap():
            return "begin swap"
        if self.phase == PHASE_MELD and not self._is_down(self.to_move):
            return "meld contract"
        return self.phase_names[self.phase]

    def _observation(self, seat: int | None) -> Observation:
        """The observation of ``seat`` (``None``: a spectator's).

        Game keys: ``round`` (1-5), ``hand_log_start`` (where this round's
        lines begin in ``log``), ``contract`` ({melds, size, text}),
        ``building`` (the melds the mover is putting together, each a list
        of {code, as}; the last is open), ``taken`` (the card the mover took
        from the pile this turn), ``known`` (per seat, the cards it is
        publicly known to hold: taken from the pile or won in a swap),
        ``options``. Zones: ``melds`` (see :meth:`meld_views`),
        ``discard`` (the top card), ``discards`` (how many), ``stock``.
        """
        game = self.game
        cards = game.deck.cards
        zones: dict[str, Any] = {
            "melds": self.meld_views(),
            "discard": cards[self.discard[-1]].code if self.discard else None,
            "discards": len(self.discard),
            "stock": len(self.stock),
        }
        observation = self._frame(seat, [] if seat is None else game.codes(self.hands[seat]),
                                  zones)
        melds, size = self._contract()
        in_turn = PHASE_BEGIN <= self.phase <= PHASE_SWAP_CARD
        observation.update({
            "hand_log_start": len(observation["log"]) - len(self.events),
            "round": self.hand_index + 1,
            "contract": {"melds": melds, "size": size,
                         "text": contract_text(self.hand_index, at_least=True)},
            "building": [
                [{"code": cards[card].code,
                  "as": face_code(identity) if card % FACES == P_FACE else None}
                 for card, identity in built]
                for built in self.building
            ] if in_turn else [],
            "pending": self.pending >= 0,
            "target": meld_name(self.target) if self.target >= 0 and in_turn else None,
            "taken": cards[self.taken].code if self.taken >= 0 and in_turn else None,
            "known": [game.codes(mask) for mask in self.known],
        })
        return observation

    def observation_tensor(self, seat: int) -> npt.NDArray[np.float32]:
        """The blocks of :meth:`ProgressRummy.observation_layout` (the table
        in the module docstring)."""
        self.check_seat(seat)
        game = self.game
        counts = game.counts
        melds = [0] * FACES
        for meld in self.melds:
            for card, identity, _ in meld:
                melds[P_FACE if card % FACES == P_FACE else identity] += 1
        building = [0] * FACES
        for built in self.building:
            for _, identity in built:
                building[identity] += 1
        in_turn = PHASE_BEGIN <= self.phase <= PHASE_SWAP_CARD
        return game.tensor_writer.write(seat, [
            counts(self.hands[seat]), self.discard[-1] % FACES if self.discard else None,
            counts(sum(1 << card for card in self.discard)), melds, building,
            self.taken % FACES if self.taken >= 0 and in_turn else None,
            [counts(known) for known in self.known], self.phase, self.hand_index,
            len(self.stock), len(self.discard), self.reshuffles, len(self.melds),
            [self._is_down(other) for other in range(game.n)],
            [hand.bit_count() for hand in self.hands], self.totals, self.dealer,
            self.to_move if in_turn else None,
        ])

    phase_moves: ClassVar[Mapping[int, Callable[[Any, int], None]]] = {
        PHASE_CUT: _cut_move, PHASE_DEAL: _chance_card_move, PHASE_UPCARD: _chance_card_move,
        PHASE_DRAW: _chance_card_move, PHASE_BEGIN: _begin_move, PHASE_MELD: _meld_move,
        PHASE_BUILD: _build_move, PHASE_DECLARE: _declare_move, PHASE_LAYOFF: _layoff_move,
        PHASE_LAYOFF_DECLARE: _layoff_declare_move, PHASE_SWAP_MELD: _swap_meld_move,
        PHASE_SWAP_CARD: _swap,
    }
