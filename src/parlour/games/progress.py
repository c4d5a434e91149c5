"""Progress: the Pepys sevens game of 1938 for the 53-card Progress pack.

``rules/progress.md`` §1-2 (the decisions of §6.1-6.2, the options of §6.6).

* Players 2-8. Four signs (Crown, Sun, Moon, Star) numbered 1-13 and the
  Progress card ``P``. Up to four players get 8 cards each; five to eight
  get 6 (``large_table`` six_cards) or 8 from two packs shuffled together
  (two_decks). The rest is the stock.
* The first dealer is found by cutting (P highest, then the number, then
  Crown > Sun > Moon > Star; only tied players cut again); the deal passes
  to the left after every hand.
* Opening: asked in turn from the dealer, the first player holding a 7
  must open with one (the Progress card may not open unless
  ``p_may_open``); players without one are skipped. With ``p_may_open``
  P *may* open, it need not (PR4; issue #33): a player asked who holds P
  and no 7 opens with P or says ``pass`` and passes the opening on, as a
  player without an opener is skipped (he does not draw, and it is not a
  pass of §2.6). If nobody holds a 7, the dealer opens with any card.
* A turn is a sequence of primitive actions: the first card may be of any
  sign if its number is next to the top card's (13 and 1 are next to each
  other unless ``wraparound`` is false); later cards must keep to the sign
  of the last card played. A 7 reopens (any sign) only while no sequence
  card is held (``reopen_only_when_blocked``). The Progress card may be
  played at any moment of one's turn and must be followed by a free card
  of any number and sign (``p_followup``). Once the player has played a
  sequence card this turn he may stop while every legal card is a 7 or P
  (``deferral``, ``defer_sevens``). A player with nothing to play at the
  start of his turn draws one card at a time until he can play (he must
  then play the card drawn) or the stock is empty (he passes).
* A hand ends when a player plays his last card, or when the stock is
  empty and every player has passed in a row. Cards left in hand score
  their numbers, P counts ``p_value`` (15); the match ends after a hand
  in which some total reaches ``target`` (100), and the lowest total wins
  (ties share the win, or ``tie`` play_on deals again).

Action ids: ``0 … 52`` play a card (``sign * 13 + number - 1``, P is 52;
with two packs both copies of a card are one action, and the engine plays
the copy with the lower card id); ``53`` draw, ``54`` pass (also passing
the opening on, above), ``55`` stop.
With explicit chance the first dealer is a chance outcome (the seat), and
every card dealt or drawn is a chance outcome (its action id as above).

A fixed deal (``new_state(deal=...)``) has ``dealer``, ``hands``,
``scores``, and optionally ``stock`` (its top cards, top first; the other
undealt cards follow in an order drawn from the seed) and ``pile`` (cards
already played, oldest first) with ``to_move`` (the seat whose turn
starts; default the dealer's left): a position in the middle of a hand.
Hand sizes are checked only without a pile.

Observation tensor (version 1)
------------------------------

``parlour.make('progress')`` (n = 4 players): 406 float32 values; how to read the table:
:mod:`parlour.engine.tensors`.

======  ============  ===============  ==========  ================================================
offset  size          block            values      meaning
======  ============  ===============  ==========  ================================================
0       53            hand             0/1 a face  this seat's cards
53      53            played           0/1 a face  the cards played this hand (the pile)
106     53            top              one-hot     the face of the pile's top card
159     212 (n × 53)  known absent     0/1 a face  the faces each seat is known to hold no copy of:
                                                   the openers when it was skipped, the cards it
                                                   could not play when it passed, drew or ended its
                                                   turn, the sequence cards when it reopened
                                                   (reopen_only_when_blocked)
371     8             phase            one-hot     the phase: cut, deal, opening, start, continue,
                                                   free card, drawing, over
379     4             sign             one-hot     the sign the turn keeps to, if any (none before
                                                   its first card): Crown, Sun, Moon, Star
383     1             sequence played  0/1         a sequence card was played this turn (the player
                                                   may stop, deferral)
384     1             free start       0/1         the turn starts with a free card: the player
                                                   before played P and stopped (p_followup
                                                   optional)
385     1             drawn            0/1         the player drew a card it must play
386     1             stock            / 53        the cards in the stock (/ pack size)
387     1             passes           / 4         the passes in a row (/ n)
388     1             going up         0/1         the same-sign run goes up (direction_lock)
389     1             going down       0/1         the same-sign run goes down (direction_lock)
390     4 (n)         cards held       / 8         the cards in each hand (/ hand size)
394     4 (n)         scores           / 100       each seat's match total (/ target)
398     4 (n)         dealer           one-hot     the dealer
402     4 (n)         to move          one-hot     the seat whose turn it is (in the opening,
                                                   start, continue and free card phases)
======  ============  ===============  ==========  ================================================
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Self

import numpy as np
import numpy.typing as npt

from parlour.cards import PROGRESS_53, PROGRESS_DOUBLE, Deck
from parlour.cards.bits import bits_of, few_bits_of, mask_of
from parlour.engine.game import UNDECIDED_HANDS, Deal, Game, Observation
from parlour.engine.match import (
    Catalogue,
    Dealt,
    Drew,
    FirstDealer,
    Form,
    GameEvent,
    HandScored,
    Passed,
    Seen,
    WentOut,
    Words,
    Zone,
)
from parlour.engine.options import Option, OptionSchema
from parlour.engine.registry import register
from parlour.engine.shuffle import shuffled
from parlour.engine.tensors import TensorBlock
from parlour.errors import IllegalAction, ParseError
from parlour.games.common import DealReader, MatchState, seat_name

COMMANDS_HELP = """\
Commands: a card code (7Su, P) plays it; draw, pass and stop."""
"""How to type the moves at the terminal (``parlour play`` shows it with its
help); a paragraph of the rules help (:mod:`parlour.help`)."""


SIGNS = ("Crown", "Sun", "Moon", "Star")
P_FACE = 52
FACES = 53
DRAW = 53
PASS = 54
STOP = 55
WORDS = ("draw", "pass", "stop")
WORD_ALIASES = {"draw": DRAW, "pass": PASS, "stop": STOP, "end": STOP, "end turn": STOP,
                "done": STOP}

PHASE_CUT = 0
PHASE_DEAL = 1
PHASE_OPEN = 2
PHASE_START = 3
PHASE_CONTINUE = 4
PHASE_FREE = 5
PHASE_DRAW = 6
PHASE_OVER = 7
PHASE_NAMES = ("cut", "deal", "opening", "start", "continue", "free card", "drawing", "over")
PROMPTS = {
    "opening": "Open with a 7",
    "opening any": "Open with any card: nobody holds a 7",
    "opening p": "Open with the Progress card, or pass the opening on",
    "start": "Play a card next to the top card",
    "continue": "Go on in your sign, or stop if you may",
    "free card": "Play any card after the Progress card",
    "drawn": "Play the card you drew",
    "draw": "Draw a card: you cannot play",
    "pass": "Pass: you cannot play and the stock is empty",
}
"""What the player to move decides (:attr:`MatchState.prompts`): by phase,
and in his own observation when he must play the card he drew, draw, or
pass."""
CHANCE_VERBS = {PHASE_DEAL: "deal ", PHASE_DRAW: "draw "}
"""How a card action reads in a chance phase."""

KIND_OPEN = "open"
KIND_SEQUENCE = "sequence"
KIND_REOPEN = "reopen"
KIND_PROGRESS = "progress"
KIND_FREE = "free"

HAND_SIZE_SMALL = 8
HAND_SIZE_LARGE = 6
RECENT_TURNS = 6
"""Turns of the current hand that the ``turns`` zone shows (the latest last)."""


# ---------------------------------------------------------------------------
# what happens in a hand, and the log's sentences for it


@dataclass(frozen=True, slots=True)
class NoSeven(GameEvent):
    """``seat`` holds no card that may open and is skipped."""

    seat: int


@dataclass(frozen=True, slots=True)
class OpeningPassed(GameEvent):
    """``seat`` holds P and no 7 and passes the opening on (p_may_open: P
    may open, it need not)."""

    seat: int


@dataclass(frozen=True, slots=True)
class OpenAny(GameEvent):
    """Nobody holds a 7: ``dealer`` opens with any card."""

    dealer: int


@dataclass(frozen=True, slots=True)
class Played(GameEvent):
    """``seat`` played ``card``, ``how``: one of the ``KIND_*`` names (an
    opening, a sequence card...). A turn's plays are those between two
    :data:`TURN_ENDS`."""

    seat: int
    card: int
    how: str


@dataclass(frozen=True, slots=True)
class Stopped(GameEvent):
    """``seat`` ended his turn holding back 7s or P (deferral)."""

    seat: int


@dataclass(frozen=True, slots=True)
class CannotPlay(GameEvent):
    """``seat``'s turn ended: he had nothing more to play."""

    seat: int


@dataclass(frozen=True, slots=True)
class Blocked(GameEvent):
    """The stock was empty and every player passed in a row: the hand ends."""


@dataclass(frozen=True, slots=True)
class PileGiven(GameEvent):
    """A fixed deal starts the hand with ``pile`` played (oldest first)."""

    pile: tuple[int, ...]


TURN_ENDS = (CannotPlay, Stopped, Passed)
"""The events that end a turn (a player going out ends the hand)."""

_SEATS = range(8)
NO_SEVEN = tuple(NoSeven(seat) for seat in _SEATS)
DREW = tuple(Drew(seat) for seat in _SEATS)
PASSED = tuple(Passed(seat) for seat in _SEATS)
STOPPED = tuple(Stopped(seat) for seat in _SEATS)
CANNOT_PLAY = tuple(CannotPlay(seat) for seat in _SEATS)
WENT_OUT = tuple(WentOut(seat) for seat in _SEATS)
BLOCKED = Blocked()
"""The events of a seat, made at import: a frozen dataclass costs more to
make than the rest of a draw or a pass."""

_PLAYED: dict[tuple[int, int, str], Played] = {}
"""Every play made so far, by seat, card and kind (at most 8 x 106 x 5):
the same plays recur in every hand, and making a frozen dataclass (about
0.5 µs) costs a sixth of a decision of random play."""

PLAYS = {
    KIND_OPEN: "{seat} opens with {card}",
    KIND_REOPEN: "{seat} reopens with {card}",
    KIND_PROGRESS: "{seat} plays {card}: a free turn",
    KIND_FREE: "{seat} plays {card} (free card)",
    KIND_SEQUENCE: "{seat} plays {card}",
}
"""The sentence of each kind of play."""

CATALOGUE = Catalogue({
    # the cut cards go back into the pack before the deal: naming them
    # would look like naming cards now in a hand
    FirstDealer: "{dealer} cuts highest and deals first",
    Dealt: "{dealer} deals hand {number}",
    NoSeven: "{seat} has no 7",
    OpeningPassed: "{seat} has no 7 and passes the opening on",
    OpenAny: "nobody holds a 7: {dealer} opens with any card",
    Played: lambda event, words: PLAYS[event.how].format(seat=words.seat(event.seat),
                                                         card=words.card(event.card)),
    Drew: "{seat} draws a card",
    Passed: "{seat} passes",
    Stopped: "{seat} stops",
    CannotPlay: "{seat} can play no more",
    WentOut: "{seat} goes out",
    Blocked: "nobody can play: the hand is blocked",
    PileGiven: lambda event, words: f"the hand starts with {len(event.pile)} cards played",
    HandScored: lambda event, words: f"hand {event.number} scored: {words.changes(event.deltas)}",
})
"""Every sentence of the Progress log."""

def cut_rank(face: int) -> int:
    """How high a card cuts (§1.4): P above all, then number, then sign
    (Crown > Sun > Moon > Star)."""
    if face == P_FACE:
        return 1000
    return (face % 13 + 1) * 4 + (3 - face // 13)


def cut_winners(faces: list[int]) -> list[int]:
    """The positions in ``faces`` (one cut card per player) that cut highest:
    one position, or several (identical cards of two packs) who cut again.

    >>> from parlour.cards import PROGRESS_53
    >>> cut_winners([PROGRESS_53.parse(code).id for code in ("13Su", "13Cr", "2Mo", "9St")])
    [1]
    """
    best = max(cut_rank(face) for face in faces)
    return [position for position, face in enumerate(faces) if cut_rank(face) == best]


def cut_for_dealer(cards: Sequence[int], face_of: Sequence[int], players: int, tag: str,
                   seed: int) -> int:
    """§1.4: every player cuts a card from ``cards`` (shuffled by ``tag``
    and ``seed``); the highest deals; only tied players cut again. Returns
    the dealer's seat."""
    cutters = list(range(players))
    attempt = 0
    while True:
        pack = shuffled(cards, tag, seed, attempt)
        best = cut_winners([face_of[card] for card in pack[:len(cutters)]])
        if len(best) == 1:
            return cutters[best[0]]
        cutters = [cutters[position] for position in best]
        attempt += 1


def face_odds(cards: Sequence[int], face_of: Sequence[int]) -> list[tuple[int, float]]:
    """The chance outcomes of drawing one of ``cards``: each face (both
    copies of a two-pack card are one outcome) with its probability,
    sorted by face."""
    counts = Counter(face_of[card] for card in cards)
    return [(face, counts[face] / len(cards)) for face in sorted(counts)]


@register
class Progress(Game):
    """Progress; see the module docstring and the rules help (:mod:`parlour.help`)."""

    name = "progress"
    title = "Progress"
    version = 1
    tensor_version = 1
    higher_is_better = False
    min_players = 2
    max_players = 8
    deck: Deck = PROGRESS_53
    description = (
        "The Pepys sevens game of 1938: play runs up or down from the 7s, "
        "P is a free turn; 2-8 players, lowest total wins."
    )
    commands_help = COMMANDS_HELP
    schema = OptionSchema([
        Option.integer("players", 4, "number of players", minimum=2, maximum=8),
        Option.integer("target", 100, "the match ends when a total reaches this (100 or 250)",
                       minimum=1, maximum=1000),
        Option.choice("large_table", ("six_cards", "two_decks"), "six_cards",
                      "with 5-8 players: 6 cards each, or two packs and 8 each"),
        Option.flag("p_may_open", False, "the Progress card may open the hand"),
        Option.flag("reopen_only_when_blocked", True,
                    "a 7 reopens only when you hold no sequence card"),
        Option.choice("p_followup", ("mandatory", "optional"), "mandatory",
                      "must a free card follow the Progress card"),
        Option.choice("deferral", ("after_sequence_card", "after_any_card", "never"),
                      "after_sequence_card", "when a player may stop holding 7s or P"),
        Option.choice("defer_sevens", ("any", "reopening_only"), "any",
                      "may a 7 that continues the sequence be held back"),
        Option.flag("direction_lock", False,
                    "up or down is fixed within a same-sign run (two packs only)"),
        Option.flag("wraparound", True, "13 and 1 are next to each other"),
        Option.integer("p_value", 15, "penalty for the Progress card left in hand (PR16: 15)",
                       minimum=0, maximum=100),
        Option.choice("tie", ("shared", "play_on"), "shared", "ties for the lowest total"),
    ])

    def __init__(self, /, **options: object) -> None:
        super().__init__(**options)
        n = self.num_players
        two = n > 4 and self.options["large_table"] == "two_decks"
        self.deck = PROGRESS_DOUBLE if two else PROGRESS_53
        self.copies = 2 if two else 1
        self.n = n
        self.hand_size = HAND_SIZE_SMALL if n <= 4 or two else HAND_SIZE_LARGE
        self.target = int(self.options["target"])
        self.p_value = int(self.options["p_value"])
        self.reopen_only = bool(self.options["reopen_only_when_blocked"])
        self.p_optional = self.options["p_followup"] == "optional"
        self.deferral = str(self.options["deferral"])
        self.defer_any_seven = self.options["defer_sevens"] == "any"
        self.direction_lock = bool(self.options["direction_lock"])
        self.wraparound = bool(self.options["wraparound"])
        self.p_may_open = bool(self.options["p_may_open"])
        # PROGRESS RACES' table options (§4.2, RA2, RA4); plain Progress has
        # neither: the dealer is asked first and a turn may change sign
        self.opener_offset = 1 if self.options.get("opener") == "left_of_dealer" else 0
        self.follow_same = self.options.get("follow_sign") == "same"
        self.single_hand = False
        """Whether the match is one hand (a Progress Races table)."""
        size = len(self.deck)
        self.all_cards = tuple(range(size))
        self.face_of = tuple(card % FACES for card in range(size))
        self.face_masks = tuple(
            sum(1 << (face + FACES * copy) for copy in range(self.copies)) for face in range(FACES)
        )
        self.labels = tuple(PROGRESS_53[face].code for face in range(FACES))
        self.values = tuple(
            self.p_value if face == P_FACE else face % 13 + 1 for face in self.face_of
        )
        self.sign_masks = tuple(
            sum(self.face_masks[sign * 13 + number] for number in range(13)) for sign in range(4)
        )
        self.sevens = sum(self.face_masks[sign * 13 + 6] for sign in range(4))
        self.p_mask = self.face_masks[P_FACE]
        self.fold = (1 << FACES) - 1
        # per numbered face: the same-sign cards one up and one down
        up: list[int] = []
        down: list[int] = []
        for face in range(52):
            sign, number = divmod(face, 13)
            higher = number + 1 if number < 12 else (0 if self.wraparound else -1)
            lower = number - 1 if number > 0 else (12 if self.wraparound else -1)
            up.append(self.face_masks[sign * 13 + higher] if higher >= 0 else 0)
            down.append(self.face_masks[sign * 13 + lower] if lower >= 0 else 0)
        self.up = tuple(up)
        self.down = tuple(down)
        self.adjacent_sign = tuple(up[face] | down[face] for face in range(52))
        self.adjacent_any = tuple(
            sum(self.adjacent_sign[start + face % 13] for start in range(0, 52, 13))
            for face in range(52)
        )
        # per card id, what continues the sequence on it as the top card
        # (no run direction kept): its own sign only, or the first card of a
        # turn, of any sign unless follow_sign is same
        self.next_same = tuple(
            self.adjacent_sign[face] if face < P_FACE else 0 for face in self.face_of
        )
        self.next_any = tuple(
            self.adjacent_sign[face] | (
                0 if self.follow_same else self.adjacent_any[face] & ~self.sign_masks[face // 13])
            if face < P_FACE else 0 for face in self.face_of
        )
        self.reserve = self.sevens | self.p_mask
        """The cards that need no sequence: the 7s and P."""
        self.openers = self.sevens | (self.p_mask if self.p_may_open else 0)
        """The cards that may open a hand."""
        self.words = Words([seat_name(seat) for seat in range(n)],
                           [card.code for card in self.deck.cards])
        """How the log names seats and cards."""

    @property
    def num_actions(self) -> int:
        return FACES + len(WORDS)

    def observation_layout(self) -> tuple[TensorBlock, ...]:
        n = self.n
        copies = self.copies
        return (
            TensorBlock.faces("hand", FACES, "this seat's cards", copies),
            TensorBlock.faces("played", FACES, "the cards played this hand (the pile)", copies),
            TensorBlock("top", FACES, "the face of the pile's top card", "one-hot"),
            TensorBlock.faces("known absent", FACES, "the faces each seat is known to hold no "
                              "copy of: the openers when it was skipped, the cards it could "
                              "not play when it passed, drew or ended its turn, the sequence "
                              "cards when it reopened (reopen_only_when_blocked)", 1,
                              parts=n, per_seat=True),
            TensorBlock.choice("phase", PHASE_NAMES, "the phase"),
            TensorBlock.choice("sign", SIGNS, "the sign the turn keeps to, if any (none "
                               "before its first card)"),
            TensorBlock.flag("sequence played", "a sequence card was played this turn (the "
                             "player may stop, deferral)"),
            TensorBlock.flag("free start", "the turn starts with a free card: the player "
                             "before played P and stopped (p_followup optional)"),
            TensorBlock.flag("drawn", "the player drew a card it must play"),
            TensorBlock("stock", 1, "the cards in the stock (/ pack size)",
                        scale=len(self.deck)),
            TensorBlock("passes", 1, "the passes in a row (/ n)", scale=n),
            TensorBlock.flag("going up", "the same-sign run goes up (direction_lock)"),
            TensorBlock.flag("going down", "the same-sign run goes down (direction_lock)"),
            TensorBlock.seats("cards held", n, "the cards in each hand (/ hand size)",
                              scale=self.hand_size),
            TensorBlock.seats("scores", n, "each seat's match total (/ target)",
                              scale=self.target),
            TensorBlock.seats("dealer", n, "the dealer", "one-hot"),
            TensorBlock.seats("to move", n, "the seat whose turn it is (in the opening, start, "
                              "continue and free card phases)", "one-hot"),
        )

    def max_hand_decisions(self) -> int:
        """A hand plays or draws every card once and passes at most n times
        between plays."""
        return len(self.deck) * (self.num_players + 3) + self.num_players

    def max_match_decisions(self) -> int:
        """Every hand leaves cards in hands (at least n - 1 points while P
        counts above 0), so some total reaches the target within
        ``n * target`` hands; ties for the lowest played on may deal
        :data:`UNDECIDED_HANDS` more."""
        hands = self.num_players * int(self.options["target"]) + UNDECIDED_HANDS
        return hands * self.max_hand_decisions()

    counted_events: ClassVar[dict[str, str]] = {
        "going_out": "hands ended by a player going out",
        "blocked": "hands that ended with nobody going out",
    }

    def count_events(self, events: Sequence[GameEvent]) -> dict[str, int]:
        """Hands ended by a player ``going_out``, and the others ``blocked``
        (the stock empty and everyone passing)."""
        hands = sum(isinstance(event, HandScored) for event in events)
        going_out = sum(isinstance(event, WentOut) for event in events)
        return {"going_out": going_out, "blocked": hands - going_out}

    def _new_state(self, seed: int, deal: Deal | None, explicit_chance: bool) -> ProgressState:
        return ProgressState(self, seed, deal, explicit_chance)

    def face_list(self, mask: int) -> list[int]:
        """The distinct faces (action ids) of the cards in ``mask``, ascending."""
        if self.copies == 2:
            mask = (mask & self.fold) | (mask >> FACES)
        return few_bits_of(mask)

    def codes(self, mask: int) -> list[str]:
        """The codes of the cards in ``mask`` by sign and number (a second
        copy's code ends ``#2``)."""
        cards = self.deck.cards
        face_of = self.face_of
        return [cards[card].code for card in sorted(bits_of(mask), key=face_of.__getitem__)]

    def faces(self, mask: int) -> int | list[int]:
        """The cards of ``mask`` as a ``faces`` tensor block takes them: the
        mask with one pack, else the copies of each face."""
        if self.copies == 1:
            return mask
        return [(mask >> face & 1) + (mask >> (face + FACES) & 1) for face in range(FACES)]


class ProgressState(MatchState):
    """A Progress match."""

    game: Progress
    over_phase = PHASE_OVER
    cut_phase = PHASE_CUT
    chance_phases = frozenset({PHASE_CUT, PHASE_DEAL, PHASE_DRAW})
    phase_names = PHASE_NAMES
    prompts = PROMPTS
    lowest_wins = True
    catalogue = CATALOGUE
    zones = (
        Zone("hand", "hands", Seen.OWNER, per_seat=True),
        Zone("pile", "pile", Seen.EVERYONE, form=Form.ORDER),
        Zone("stock", "stock", Seen.NOBODY, form=Form.ORDER),
        Zone("undealt", "undealt", Seen.NOBODY),
    )
    copied_fields = ("history", "hands", "stock", "pile", "totals", "results", "events",
                     "known_absent", "drew")

    def __init__(self, game: Progress, seed: int, deal: Deal | None, explicit_chance: bool) -> None:
        self._begin_match(game, seed, deal, explicit_chance)
        self._clear_hand()
        self._start_match(deal)

    # ------------------------------------------------------------------
    # dealing
    def _clear_hand(self) -> None:
        n = self.game.n
        self.phase = PHASE_DEAL
        self.hands = [0] * n
        self.stock: list[int] = []
        """The stock, top card last."""
        self.pile: list[int] = []
        self.top = -1
        self.lock = -1
        self.defer = False
        self.free_start = False
        self.drawn = -1
        self.passes = 0
        self.segment_direction = 0
        self.open_any = False
        self.skipped = 0
        self.known_absent = [0] * n
        self.drew = [0] * n
        self.to_move = 0
        self.turn_number = 0
        self.undealt = 0

    def _choose_first_dealer(self) -> None:
        """§1.4: every player cuts a card; the highest deals; ties cut again."""
        game = self.game
        self.dealer = cut_for_dealer(game.all_cards, game.face_of, game.n, "progress-cut",
                                     self.seed)
        self.events.append(FirstDealer(self.dealer))

    def _start_hand(self) -> None:
        self._clear_hand()
        self._new_hand_log(Dealt(self.dealer, self.hand_index + 1))
        game = self.game
        self.undealt = game.deck.full_mask
        if self.explicit_chance:
            return
        # the seed's pack is dealt as explicit chance deals it, card by card;
        # the rest, turned over, is the stock
        pack = shuffled(game.all_cards, "progress", self.seed, self.hand_index)
        dealt = game.n * game.hand_size
        self._deal_cards(pack[:dealt])
        self._begin_opening(pack[dealt:][::-1])

    def _deal_cards(self, cards: Sequence[int]) -> None:
        """Deal ``cards`` one at a time round the table, on from the cards
        dealt so far (the first to the dealer's left)."""
        game = self.game
        position = self.dealer + 1 + len(game.deck) - self.undealt.bit_count()
        for card in cards:
            self.hands[position % game.n] |= 1 << card
            self.undealt ^= 1 << card
            position += 1

    def _start_fixed_hand(self, deal: Deal) -> None:
        game = self.game
        reader = DealReader(game, deal, {"hands", "stock", "pile", "to_move"}, 0,
                            same=lambda card: game.face_masks[game.face_of[card]])
        self.dealer = reader.dealer
        if reader.scores is not None:
            self.totals = reader.scores
        self._new_hand_log(Dealt(self.dealer, 1))
        pile_given = "pile" in reader
        for seat, cards in enumerate(reader.hands(None if pile_given else game.hand_size)):
            if not cards:
                raise ParseError(f"{seat_name(seat)} holds no cards: the hand would be over")
            self.hands[seat] = mask_of(cards)
        pile = reader.cards("pile", "the pile")
        if pile_given:
            numbered = [card for card in pile if game.face_of[card] != P_FACE]
            if not numbered:
                raise ParseError("the pile needs a numbered card on which to play")
            self.top = numbered[-1]
        stock = reader.cards("stock", "the stock")
        stock = (stock + reader.rest(game.all_cards, "progress", self.seed, 0))[::-1]
        if not pile_given:
            if "to_move" in reader:
                raise ParseError("'to_move' needs a 'pile': without one the hand starts "
                                 "with the opening")
            self._begin_opening(stock)
            return
        self.stock = stock
        self.pile = pile
        self.events.append(PileGiven(tuple(pile)))
        self.phase = PHASE_START
        self.to_move = reader.seat("to_move", (self.dealer + 1) % game.n)
        self.turn_number = 1

    # ------------------------------------------------------------------
    # the opening and turns
    def _begin_opening(self, stock: list[int]) -> None:
        """The cards dealt, ``stock`` (top last) is the stock; the opening
        is asked in turn: the first seat holding an opener opens, else the
        dealer with any card."""
        self.stock = stock
        self.undealt = 0
        self.phase = PHASE_OPEN
        self.turn_number = 1
        self._ask_opening(0)

    def _ask_opening(self, first: int) -> None:
        """Ask the seats to open in turn, from the ``first``-th asked on
        (§2.3): the first holding an opener is to move; a seat without one
        is passed over; when none is left, the dealer opens with any card."""
        game = self.game
        for offset in range(first, game.n):
            seat = (self.dealer + game.opener_offset + offset) % game.n
            if self.hands[seat] & game.openers:
                self.to_move = seat
                return
            self.skipped |= 1 << seat
            self.known_absent[seat] |= game.openers
            self.events.append(NO_SEVEN[seat])
        self.open_any = True
        self.to_move = self.dealer
        self.events.append(OpenAny(self.dealer))

    def _may_pass_opening(self) -> bool:
        """Whether the seat asked to open may pass it on: he holds P and no
        7 (p_may_open; a 7 must open, P may)."""
        return not self.open_any and not self.hands[self.to_move] & self.game.sevens

    def _pass_opening(self) -> None:
        """The seat asked holds P and no 7 and passes the opening on, as a
        seat without an opener is passed over (not a pass of §2.6: he does
        not draw, and the passes in a row do not count it)."""
        game = self.game
        seat = self.to_move
        self.skipped |= 1 << seat
        self.known_absent[seat] |= game.sevens
        self.events.append(OpeningPassed(seat))
        self._ask_opening((seat - self.dealer - game.opener_offset) % game.n + 1)

    def _end_turn(self, free_start: bool = False) -> None:
        """The next player's turn; ``free_start``: it starts with a free card."""
        self.phase = PHASE_START
        self.to_move = (self.to_move + 1) % self.game.n
        self.lock = -1
        self.defer = False
        self.drawn = -1
        self.free_start = free_start
        self.turn_number += 1

    def _sequence_candidates(self, any_sign: bool) -> int:
        """The cards that would continue the sequence on the top card."""
        game = self.game
        if not self.segment_direction:
            return (game.next_any if any_sign else game.next_same)[self.top]
        # a run's direction is kept only with direction_lock
        top = game.face_of[self.top]
        same = game.up[top] if self.segment_direction > 0 else game.down[top]
        if not any_sign or game.follow_same:
            return same
        return (game.adjacent_any[top] & ~game.sign_masks[top // 13]) | same

    def _playable(self) -> int:
        """Every card that would be legal in START or CONTINUE, whatever the
        hand holds."""
        return self._sequence_candidates(self.phase == PHASE_START) | self.game.reserve

    def _legal_mask(self) -> int:
        """The cards of the mover's hand that may be played now (both copies
        of a face or neither, but for the card just drawn)."""
        hand = self.hands[self.to_move]
        phase = self.phase
        if phase in (PHASE_START, PHASE_CONTINUE):
            if self.drawn >= 0:
                return 1 << self.drawn
            if self.free_start:
                return hand
            game = self.game
            if self.segment_direction:
                sequence = hand & self._sequence_candidates(phase == PHASE_START)
            else:
                # _sequence_candidates written out: this is the hottest path
                table = game.next_any if phase == PHASE_START else game.next_same
                sequence = hand & table[self.top]
            if sequence and game.reopen_only:
                return sequence | (hand & game.p_mask)
            return sequence | (hand & game.reserve)
        if phase == PHASE_FREE:
            return hand
        if phase == PHASE_OPEN:
            return hand if self.open_any else hand & self.game.openers
        return 0

    def _may_stop(self, legal: int) -> bool:
        game = self.game
        if self.phase == PHASE_FREE:
            return game.p_optional
        if self.phase != PHASE_CONTINUE or not legal or game.deferral == "never" or (
                game.deferral == "after_sequence_card" and not self.defer):
            return False
        if game.defer_any_seven:
            return legal & ~(game.sevens | game.p_mask) == 0
        sequence = self._sequence_candidates(False)
        return legal & ~(game.p_mask | (game.sevens & ~sequence)) == 0

    # ------------------------------------------------------------------
    # the contract
    def chance_outcomes(self) -> list[tuple[int, float]]:
        phase = self.phase
        if phase == PHASE_CUT:
            return self.cut_outcomes()
        if phase == PHASE_DEAL:
            return face_odds(bits_of(self.undealt), self.game.face_of)
        if phase == PHASE_DRAW:
            return face_odds(self.stock, self.game.face_of)
        raise IllegalAction("this is not a chance node")

    def legal_actions(self) -> list[int]:
        phase = self.phase
        if PHASE_OPEN <= phase <= PHASE_FREE:
            legal = self._legal_mask()
            if not legal:
                return [DRAW] if self.stock else [PASS]
            actions = self.game.face_list(legal)
            if phase >= PHASE_CONTINUE:
                if self._may_stop(legal):
                    actions.append(STOP)
            elif phase == PHASE_OPEN and self._may_pass_opening():
                actions.append(PASS)
            return actions
        if phase == PHASE_OVER:
            return []
        return [face for face, _ in self.chance_outcomes()]

    def _is_legal(self, action: int) -> bool:
        if not PHASE_OPEN <= self.phase <= PHASE_FREE:
            return super()._is_legal(action)
        legal = self._legal_mask()
        if 0 <= action < FACES:
            return bool(legal & self.game.face_masks[action])
        if action == STOP:
            return bool(legal) and self._may_stop(legal)
        if self.phase == PHASE_OPEN:
            return action == PASS and self._may_pass_opening()
        return action in (DRAW, PASS) and not legal and bool(self.stock) == (action == DRAW)

    def _why_not_outcome(self, action: int) -> str:
        game = self.game
        if self.phase == PHASE_CUT:
            return f"the cut names the dealer: a seat from 0 to {game.n - 1}"
        if action >= FACES:
            return f"a card dealt is a card action 0 to {FACES - 1}, not {action}"
        if self.phase == PHASE_DEAL:
            return f"{game.labels[action]} is not left to deal"
        return f"{game.labels[action]} is not in the stock"

    def _cut(self, seat: int) -> None:
        self.dealer = seat
        self.events.append(FirstDealer(seat))
        self._start_hand()

    def _deal(self, face: int) -> None:
        game = self.game
        free = self.undealt & game.face_masks[face]
        self._deal_cards([(free & -free).bit_length() - 1])
        if self.undealt.bit_count() == len(game.deck) - game.n * game.hand_size:
            self._begin_opening(bits_of(self.undealt))

    def _draw(self, face: int) -> None:
        game = self.game
        card = min(card for card in self.stock if game.face_of[card] == face)
        self.stock.remove(card)
        self.phase = PHASE_START
        self._take_drawn(card)

    def _why_not(self, action: int) -> str:
        """Why the card or word ``action`` may not be played now."""
        if action >= FACES:
            return self._why_not_word(action)
        game = self.game
        label = game.labels[action]
        hand = self.hands[self.to_move]
        if not hand & game.face_masks[action]:
            return f"you do not hold {label}"
        if self.phase == PHASE_OPEN:
            if action == P_FACE:
                return "the Progress card cannot open the hand (p_may_open is false)"
            if game.p_may_open:
                return "you must open with a 7 or the Progress card"
            return "you must open with a 7"
        if self.drawn >= 0:
            return f"you must play the card you drew, {game.labels[game.face_of[self.drawn]]}"
        top_face = game.face_of[self.top]
        top = game.labels[top_face]
        sequence = hand & self._sequence_candidates(self.phase == PHASE_START)
        if action % 13 == 6 and sequence:
            options = ", ".join(game.labels[face] for face in game.face_list(sequence))
            return f"a 7 can reopen only when you hold no sequence card: you can play {options}"
        next_to_top = game.adjacent_any[top_face] & game.face_masks[action]
        if self.phase == PHASE_CONTINUE and action // 13 != self.lock and next_to_top:
            return f"you must keep to {SIGNS[self.lock]}s in this turn: {label} is not a " \
                f"{SIGNS[self.lock]}"
        if game.follow_same and action // 13 != top_face // 13 and next_to_top:
            return f"you must keep to the top card's sign (follow_sign is same): {label} " \
                f"is not a {SIGNS[top_face // 13]}"
        if game.direction_lock and self.segment_direction and (
            game.adjacent_sign[top_face] & game.face_masks[action]
        ):
            way = "up" if self.segment_direction > 0 else "down"
            return f"this {SIGNS[action // 13]} run goes {way} (direction_lock): {label} " \
                f"cannot follow {top}"
        return f"{label} is not next to {top}"

    def _why_not_word(self, action: int) -> str:
        legal = self.legal_actions()
        cards = [self.game.labels[face] for face in legal if face < FACES]
        can_play = f"you can play {', '.join(cards)}" if cards else ""
        if action == DRAW:
            if self.phase != PHASE_START or cards:
                return f"you cannot draw: {can_play or 'you must play'}"
            return "the stock is empty: pass"
        if action == PASS:
            if self.phase == PHASE_OPEN:
                if self.open_any:
                    return "you cannot pass: nobody holds a 7, so you must open with any card"
                return "you cannot pass the opening: you hold a 7 and must open with it"
            if DRAW in legal:
                return "you cannot pass while the stock has cards: draw"
            return f"you cannot pass: {can_play}"
        if self.phase == PHASE_FREE:
            return "you must play a free card after the Progress card (p_followup is mandatory)"
        if self.phase != PHASE_CONTINUE:
            return f"you cannot stop now: {can_play}" if cards else "there is nothing to stop"
        if self.game.deferral == "never":
            return f"you must play on while you can (deferral is never): {can_play}"
        if self.game.deferral == "after_sequence_card" and not self.defer:
            return ("you cannot stop yet: only a sequence card played this turn gives the "
                    f"right to hold back 7s and P; {can_play}")
        return f"you cannot stop while you hold a sequence card: {can_play}"

    def _turn_move(self, action: int) -> None:
        """Play the face ``action`` (the lower copy held: both copies of a
        face are legal or neither) or say draw, pass or stop."""
        if action >= FACES:
            self._word(action)
            return
        game = self.game
        seat = self.to_move
        phase = self.phase
        held = self.hands[seat] & game.face_masks[action]
        card = (held & -held).bit_length() - 1
        bit = 1 << card
        self.hands[seat] ^= bit
        self.drew[seat] &= ~bit
        self.pile.append(card)
        self.passes = 0
        self.drawn = -1
        if action == P_FACE:
            kind = KIND_PROGRESS
        elif phase == PHASE_FREE or self.free_start:
            kind = KIND_FREE
        elif phase == PHASE_OPEN:
            kind = KIND_OPEN
        else:
            sequence = self._sequence_candidates(phase == PHASE_START)
            if bit & sequence:
                kind = KIND_SEQUENCE
            else:
                kind = KIND_REOPEN
                if game.reopen_only:
                    self.known_absent[seat] |= sequence
        key = (seat, card, kind)
        event = _PLAYED.get(key)
        if event is None:
            event = _PLAYED[key] = Played(seat, card, kind)
        self.events.append(event)
        self.free_start = False
        if not self.hands[seat]:
            self.events.append(WENT_OUT[seat])
            self._finish_hand()
            return
        if kind == KIND_PROGRESS:
            self.phase = PHASE_FREE
            return
        if kind == KIND_SEQUENCE:
            self.defer = True
            if game.direction_lock:
                old = game.face_of[self.top]
                if old // 13 == action // 13:
                    self.segment_direction = 1 if game.up[old] & bit else -1
                else:
                    self.segment_direction = 0
        else:
            self.segment_direction = 0
        self.top = card
        self.lock = action // 13
        self.phase = PHASE_CONTINUE
        if not self._legal_mask():
            # §2.5.2: nothing more to play ends the turn; the table learns
            # that the player holds none of the cards that were legal
            self.known_absent[seat] |= self._playable()
            self.events.append(CANNOT_PLAY[seat])
            self._end_turn()

    def _word(self, action: int) -> None:
        seat = self.to_move
        if action == STOP:
            self.events.append(STOPPED[seat])
            self._end_turn(self.phase == PHASE_FREE and self.game.p_optional)
            return
        if action == PASS:
            if self.phase == PHASE_OPEN:
                self._pass_opening()
                return
            self.known_absent[seat] |= self._playable()
            self.passes += 1
            self.events.append(PASSED[seat])
            if self.passes >= self.game.n:
                self.events.append(BLOCKED)
                self._finish_hand()
                return
            self._end_turn()
            return
        # draw: everything the player holds is unplayable now, and so will be
        # every card he draws and keeps
        self.known_absent[seat] = self._playable()
        self.events.append(DREW[seat])
        if self.explicit_chance:
            self.phase = PHASE_DRAW
            return
        self._take_drawn(self.stock.pop())

    def _take_drawn(self, card: int) -> None:
        seat = self.to_move
        bit = 1 << card
        self.hands[seat] |= bit
        self.drew[seat] |= bit
        if bit & self._playable():
            self.drawn = card

    def action_to_str(self, action: int) -> str:
        phase = self.phase
        game = self.game
        if phase == PHASE_CUT:
            if 0 <= action < game.n:
                return f"{seat_name(action)} deals"
            raise ParseError(f"there is no action {action} at the cut")
        if not 0 <= action < game.num_actions:
            raise ParseError(f"there is no action {action}; actions are 0 to "
                             f"{game.num_actions - 1}")
        text = game.labels[action] if action < FACES else WORDS[action - FACES]
        if action < FACES and PHASE_OPEN <= phase <= PHASE_FREE:
            # the copy that would be played (two packs: ``8Cr#2`` when only
            # the second copy is held); ``parse_action`` reads either
            held = self.hands[self.to_move] & game.face_masks[action]
            if held:
                return game.deck.cards[(held & -held).bit_length() - 1].code
        return CHANCE_VERBS.get(phase, "") + text

    def parse_action(self, text: str) -> int:
        if not isinstance(text, str):
            raise ParseError(f"an action is text, not {text!r}")
        words = text.strip().split(None, 1)
        verb = words[0].casefold() if len(words) == 2 else ""
        if verb in ("play", "deal", "open") or (verb == "draw" and self.phase == PHASE_DRAW):
            text = words[1]
        key = " ".join(text.split()).casefold()
        if key in WORD_ALIASES:
            return WORD_ALIASES[key]
        if self.phase == PHASE_CUT:
            for seat in range(self.game.n):
                if key in (seat_name(seat).casefold(), f"{seat_name(seat)} deals".casefold()):
                    return seat
        try:
            return self.game.face_of[self.game.deck.parse(text).id]
        except ParseError:
            raise ParseError(
                f"{text!r} is neither a card nor a command; type a card such as 7Su, 13Cr or "
                "P, or 'draw', 'pass' or 'stop'"
            ) from None

    # ------------------------------------------------------------------
    # the end of a hand and of the match
    def _finish_hand(self) -> None:
        game = self.game
        values = game.values
        deltas = [sum(values[card] for card in bits_of(hand)) for hand in self.hands]
        for seat, delta in enumerate(deltas):
            self.totals[seat] += delta
        self.results.append(deltas)
        self.events.append(HandScored(self.hand_index + 1, tuple(deltas)))
        if game.single_hand:
            self.phase = PHASE_OVER
            return
        if max(self.totals) >= game.target and (
                game.options["tie"] == "shared" or len(self.winners()) == 1):
            self.phase = PHASE_OVER
            return
        self.dealer = (self.dealer + 1) % game.n
        self.hand_index += 1
        self._start_hand()

    def winners(self) -> list[int]:
        """The seats sharing the lowest total."""
        lowest = min(self.totals)
        return [seat for seat, total in enumerate(self.totals) if total == lowest]

    # ------------------------------------------------------------------
    # what a seat cannot see
    def _must_hold(self) -> int:
        """Cards of which the mover is publicly known to hold at least one
        (0: nothing known)."""
        phase = self.phase
        game = self.game
        if self.drawn >= 0 or phase == PHASE_CONTINUE:
            return self._playable()
        if phase == PHASE_OPEN and not self.open_any:
            return game.openers
        return 0

    def _may_hold(self, zone: Zone, owner: int) -> int:
        """A hand holds none of the cards its seat is known to lack."""
        full = self.game.deck.full_mask
        return full & ~self.known_absent[owner] if zone.per_seat else full

    def _slots(self, zone: Zone, owner: int, hidden: int, seat: int) -> list[tuple[int, int]]:
        """The mover's hand keeps one card the rules say he holds: the card
        just drawn is playable, an opener holds a 7, a turn goes on only
        while a card can be played."""
        slots = super()._slots(zone, owner, hidden, seat)
        required = self._must_hold() if zone.per_seat and owner == self.to_move else 0
        if not required:
            return slots
        if self.drawn < 0:
            required &= ~self.known_absent[owner]
        (count, allowed), = slots
        return [(1, required), (count - 1, allowed)]

    def _after_redeal(self, source: Self, seat: int, rng: random.Random) -> None:
        """No re-dealt hand holds cards drawn this hand; the mover's card
        drawn is the one playable card of his new hand (the others are
        known unplayable)."""
        for other in range(self.game.n):
            if other != seat:
                self.drew[other] = 0
        if source.drawn >= 0 and source.to_move != seat:
            self.drawn = (self.hands[self.to_move] & source._playable()).bit_length() - 1

    # ------------------------------------------------------------------
    # what a seat sees
    def _words(self) -> Words:
        return self.game.words

    def turns(self) -> list[dict[str, Any]]:
        """The latest turns of this hand, oldest first: each seat's plays."""
        cards = self.game.deck.cards
        turns: list[dict[str, Any]] = []
        new_turn = True
        for event in self.events:
            if isinstance(event, TURN_ENDS):
                new_turn = True
            elif isinstance(event, Played):
                if new_turn:
                    if len(turns) == RECENT_TURNS:
                        turns.pop(0)
                    turns.append({"seat": event.seat, "cards": []})
                    new_turn = False
                turns[-1]["cards"].append(cards[event.card].code)
        return turns

    def _player(self, seat: int) -> dict[str, Any]:
        # the frame's entry, written out: finding the hand zone costs a
        # spectator's observation a tenth; the name is the table's (Races)
        flags = ["dealer"] if seat == self.dealer else []
        if self.skipped >> seat & 1:
            flags.append("no 7")
        return {"seat": seat, "name": self._words().seat(seat),
                "cards": self.hands[seat].bit_count(), "score": self.totals[seat],
                "dealer": seat == self.dealer, "flags": flags}

    def _legal_card(self, action: int) -> str | None:
        return self.action_to_str(action) if action < FACES else None

    def _prompt_key(self, seat: int | None) -> str:
        if self.phase == PHASE_OPEN and self.open_any:
            return "opening any"
        if seat != self.to_move:
            return self.phase_names[self.phase]
        if not self._legal_mask():
            return "draw" if self.stock else "pass"
        if self.drawn >= 0:
            return "drawn"
        if self.phase == PHASE_OPEN and self._may_pass_opening():
            return "opening p"
        return self.phase_names[self.phase]

    def _observation(self, seat: int | None) -> Observation:
        """The observation of ``seat`` (``None``: a spectator's).

        Game keys: ``top`` (the card to play on), ``sign`` (the sign the
        mover must keep to, once he has played), ``sequence_played``
        (whether he has earned the right to stop, §2.5.2), ``passes``,
        ``drawn`` (this seat's cards drawn this hand and still held) and
        ``options``.
        """
        game = self.game
        in_turn = PHASE_OPEN <= self.phase <= PHASE_FREE
        zones: dict[str, Any] = {
            "turns": self.turns(),
            "top": game.deck.cards[self.top].code if self.top >= 0 else None,
            "stock": len(self.stock),
            "played": game.codes(mask_of(self.pile)),
        }
        hand = [] if seat is None else game.codes(self.hands[seat])
        return {
            **self._frame(seat, hand, zones),
            "sign": SIGNS[self.lock] if in_turn and self.lock >= 0 else None,
            "sequence_played": self.defer if in_turn else False,
            "passes": self.passes,
            "drawn": [] if seat is None else game.codes(self.drew[seat]),
        }

    def observation_tensor(self, seat: int) -> npt.NDArray[np.float32]:
        """The blocks of :meth:`Progress.observation_layout` (the table in
        the module docstring)."""
        self.check_seat(seat)
        game = self.game
        absent = self.known_absent
        if game.copies == 2:
            # a face is known absent when both of its copies are
            absent = [mask & mask >> FACES & game.fold for mask in absent]
        direction = self.segment_direction
        return game.tensor_writer.write(seat, [
            game.faces(self.hands[seat]), game.faces(mask_of(self.pile)),
            game.face_of[self.top] if self.top >= 0 else None, absent, self.phase,
            self.lock if self.lock >= 0 else None, self.defer, self.free_start,
            self.drawn >= 0, len(self.stock), self.passes, direction > 0, direction < 0,
            [hand.bit_count() for hand in self.hands], self.totals, self.dealer,
            self.to_move if PHASE_OPEN <= self.phase <= PHASE_FREE else None,
        ])

    phase_moves: ClassVar[Mapping[int, Callable[[Any, int], None]]] = {
        PHASE_CUT: _cut, PHASE_DEAL: _deal, PHASE_DRAW: _draw,
        **dict.fromkeys(range(PHASE_OPEN, PHASE_FREE + 1), _turn_move),
    }
