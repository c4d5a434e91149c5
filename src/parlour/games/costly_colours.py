"""Costly Colours: the 1674 cribbage relative, for two hands or four in
partnerships. ``rules/costly_colours.md`` (decisions §10, options §9).

* French 52. Three cards each, dealt singly from the elder (the dealer's
  left); the next card is turned up for trumps. A turned-up Knave or Deuce
  gives the dealer (his side) 4 at once ("four for his heels").
* The mog: one card exchanged face down after a two-step challenge
  (``mog_order`` jackson: the dealer consents or refuses, then the elder
  proceeds or withdraws; cotton: the elder offers, the dealer accepts);
  whoever refuses gives the other 1. With four players partners exchange
  (``four_hand_mog``), and without a mog the dealer may take the card under
  the turn-up (the pack privilege).
* The play: cards onto one running total, never above 31 and never reset;
  15, 25 and 31 score the number of cards played, pairs 2, prials 9,
  double prials 18, runs in any order their length (options
  ``pairs_in_play``, ``runs_in_play``). A player who cannot add a card
  says "go" once; play ends at 31 or when nobody can play; one point for
  the last card below 31 (``go_rule``).
* The show, elder first: each player's three cards and the turn-up
  (:func:`count_show`).
* The match ends the moment a score (a side's, with four) reaches
  ``target`` (61 or 121).

Variants (options off by default; decisions, one a line):

* ``heels_claim``: the seed's "Debe anotarlo antes de que se juegue una
  carta o se perderá" (from English Wikipedia, "Costly Colours",
  https://en.wikipedia.org/wiki/Costly_Colours, after Jackson's
  *Shropshire Folk-Lore*, 1883). No other source on it was found.
* The turned-up Knave or Deuce then scores nothing by itself; the dealer
  says ``claim heels`` (one action id, the last) and scores 4 at once.
* It is legal at each of the dealer's turns from the turn-up to the first
  card played (mog answers, his exchange card, the pack privilege), and
  does not use up the turn: he then takes it (claiming is never a reply).
* Letting a turn pass without the claim loses nothing yet; the four are
  lost when the play begins (the elder leads at once) if still unclaimed.
* A dealer who has had no turn at all before the lead (cotton with no
  offer; ``elder_side_only`` when the elder's side swaps) could not claim:
  his four are scored as the play begins, as he would at a real table.
* A claim that reaches the target ends the match there (§7).
* ``colour_scale="cotton"``: Charles Cotton, *The Compleat Gamester*
  (1674), chapter XIV (EEBO-TCP text, http://name.umdl.umich.edu/A34637.0001.001,
  read in a transcription quoted in a public project's README): four of a
  suit 6 ("Costly-Colours"), three of a colour 2, and in his deal the
  dealer's 2H 9H with the turned JH "three for Colours".
* Read as a ladder: four of a suit 6; else three of a suit 3, whatever the
  fourth card; else three or four of a colour 2 (2+2 of one colour holds
  three of a colour); else 0. Jackson's 5 and 4 do not exist.
* A 1998 reading (hist-games list, http://www.pbm.com/pipermail/hist-games/1998/000261.html)
  gives 6 for three of a suit; Cotton's own deal (three hearts with the
  turn-up counted 3) contradicts it, so it is not followed.

Action ids: ``0 … 51`` a card (``suit * 13 + rank``, suits S H D C, ranks
2 … A); then the words of :data:`WORDS` (``claim heels`` only with
``heels_claim``: without it :attr:`CostlyColours.num_actions` stops
before it, so the default game's ids and tensor are unchanged). With
explicit chance the first dealer (a seat), every card dealt, the turn-up
and the card taken from under it are chance outcomes.

A fixed deal (``new_state(deal=...)``) has ``dealer``, ``hands`` (three
cards each), ``turnup``, and optionally ``under`` (the card under the
turn-up) and ``scores``.

Observation tensor (version 1)
------------------------------

``parlour.make('costly-colours')`` (n = 2 players): 330 float32 values; how to read the table:
:mod:`parlour.engine.tensors`.

======  ============  =======  ==========  ========================================================
offset  size          block    values      meaning
======  ============  =======  ==========  ========================================================
0       52            hand     0/1 a card  this seat's cards
52      52            turn-up  0/1 a card  the turned-up card
104     104 (n × 52)  played   0/1 a card  the cards each seat played this hand, and at the show
                                           the cards it laid down
208     104 (n × 52)  known    0/1 a card  the cards this seat knows in each other hand: one it
                                           gave in the mog (the other seat's part only)
312     9             phase    one-hot     the phase: cut, deal, mog, mog, exchange, pack, pack,
                                           play, over
321     1             count    / 31        the running total of the play
322     2 (n)         scores   / 61        each seat's match total (/ target)
324     2 (n)         dealer   one-hot     the dealer
326     2 (n)         to move  one-hot     the seat to act (none while cutting, dealing or taking
                                           the card under the turn-up, or at the end)
328     2 (n)         went     0/1         the seats that said go in this play
======  ============  =======  ==========  ========================================================

With ``heels_claim`` one value more ends the tensor (331 with two
players): ``heels``, 1 while the dealer's heels wait for his claim. The
default layout above, and so its version, does not change.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any, ClassVar, Self

import numpy as np
import numpy.typing as npt

from parlour.cards import FRENCH_52, Card
from parlour.cards.bits import bits_of, mask_of
from parlour.engine.game import Deal, Game, Observation
from parlour.engine.match import (
    Catalogue,
    Dealt,
    FirstDealer,
    Form,
    GameEvent,
    MatchWon,
    Seen,
    TurnedUp,
    Words,
    Zone,
)
from parlour.engine.options import Option, OptionSchema
from parlour.engine.registry import register
from parlour.engine.scoring import ScoreCalculator, ScoreRequest
from parlour.engine.shuffle import shuffled
from parlour.engine.tensors import TensorBlock
from parlour.errors import IllegalAction, OptionError, ParseError
from parlour.games.common import DealReader, MatchState, seat_name

RANKS = "23456789TJQKA"
SUITS = "SHDC"
SUIT_NAMES = ("spades", "hearts", "diamonds", "clubs")
RED_SUITS = (1, 2)
KNAVE = RANKS.index("J")
DEUCE = RANKS.index("2")
ACE = RANKS.index("A")

WORDS = ("consent", "refuse", "proceed", "withdraw", "offer", "no-offer", "accept", "go",
         "no-pack", "claim heels")
CONSENT, REFUSE, PROCEED, WITHDRAW, OFFER, NO_OFFER, ACCEPT, GO, NO_PACK, CLAIM_HEELS = range(
    52, 62)
WORD_KEYS = tuple("-".join(word.split()) for word in WORDS)
"""The words as :meth:`CostlyState.parse_action` compares them (spaces as
hyphens)."""

(PHASE_CUT, PHASE_DEAL, PHASE_MOG_FIRST, PHASE_MOG_SECOND, PHASE_EXCHANGE, PHASE_PACK,
 PHASE_UNDER, PHASE_PLAY, PHASE_OVER) = range(9)
PHASE_NAMES = ("cut", "deal", "mog", "mog", "exchange", "pack", "pack", "play", "over")
PROMPTS = {
    "mog consent": "Consent to the mog or refuse it",
    "mog proceed": "Proceed with the mog or withdraw",
    "mog offer": "Offer a mog or make no offer",
    "mog accept": "Accept the mog or refuse it",
    "exchange": "Choose a card to give away in the mog",
    "pack": "Put a card under the turn-up, or say no-pack",
    "play": "Play a card without passing 31",
    "go": "Say go: no card keeps the count to 31",
}
"""What the player to move decides (:attr:`MatchState.prompts`): each step
of the mog by the word that agrees to it (:data:`WORDS`), the exchange, the
pack privilege, and the play (``go``, in his own observation, when he holds
no card to play)."""
OUTCOME_WORDS = {PHASE_DEAL: "deal ", PHASE_UNDER: "under "}
"""What an outcome's text starts with in a chance phase after the cut."""


@dataclass(frozen=True, slots=True)
class Scored(GameEvent):
    """``seat`` (his side, with four) scores ``points`` for ``reason``."""
    seat: int
    points: int
    reason: str


@dataclass(frozen=True, slots=True)
class Credited(GameEvent):
    """``seat`` scores ``points`` for the Knave or Deuce ``card`` he gave in
    the mog (``mog_jack_deuce_credit``)."""
    seat: int
    points: int
    card: int


@dataclass(frozen=True, slots=True)
class Said(GameEvent):
    """``seat`` says ``word`` (one of :data:`WORDS`: a mog answer, go, no-pack)."""
    seat: int
    word: str


@dataclass(frozen=True, slots=True)
class HeelsLost(GameEvent):
    """The dealer ``seat`` did not claim his heels before a card was played
    (``heels_claim``): his four are lost."""
    seat: int


@dataclass(frozen=True, slots=True)
class Committed(GameEvent):
    """``seat`` chose the card he gives in the mog (face down)."""
    seat: int


@dataclass(frozen=True, slots=True)
class Swapped(GameEvent):
    """The mog's cards changed hands among ``seats``."""
    seats: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Packed(GameEvent):
    """The dealer ``seat`` took the card under the turn-up for one of his."""
    seat: int


@dataclass(frozen=True, slots=True)
class PlayBegins(GameEvent):
    """The play to 31 begins."""


@dataclass(frozen=True, slots=True)
class Played(GameEvent):
    """``seat`` played ``card``, bringing the running total to ``count``."""
    seat: int
    card: int
    count: int


@dataclass(frozen=True, slots=True)
class Showed(GameEvent):
    """``seat`` showed his three ``cards``, worth ``total`` with the turn-up."""
    seat: int
    cards: tuple[int, ...]
    total: int


def _scorer(seat: int, words: Words) -> str:
    """Who scores: the seat, or with four players his side (partners share)."""
    return f"{words.seat(seat)}'s side" if len(words.names) == 4 else words.seat(seat)


CATALOGUE = Catalogue({
    FirstDealer: "{dealer} cuts lowest and deals first",
    Dealt: "{dealer} deals (deal {number})",
    TurnedUp: lambda event, words: (f"turn-up {words.card(event.card)}: "
                                    f"{SUIT_NAMES[event.card // 13]} are trumps"),
    Scored: lambda event, words: (f"{_scorer(event.seat, words)} scores {event.points} "
                                  f"for {event.reason}"),
    Credited: lambda event, words: (f"{_scorer(event.seat, words)} scores {event.points} "
                                    f"for {words.card(event.card)} given in the mog"),
    Said: "{seat} says {word}",
    HeelsLost: "{seat} did not claim his heels before a card was played: they are lost",
    Committed: "{seat} chooses a card to give",
    Swapped: "the mog: the cards are exchanged face down",
    Packed: "{seat} exchanges a card with the one under the turn-up",
    PlayBegins: "the play begins",
    Played: "{seat} plays {card}: count {count}",
    Showed: "{seat} shows {cards}: {total}",
    MatchWon: "{seat} wins the match",
})
"""Every line of the public log."""


CODES = tuple(card.code for card in FRENCH_52.cards)
PIPS = tuple(1 if card % 13 == ACE else min(card % 13 + 2, 10) for card in range(52))
"""A card's value when adding, by id: A 1, 2-9 face value, 10 J Q K 10."""
RUN_RANKS = tuple(1 if card % 13 == ACE else card % 13 + 2 for card in range(52))
"""A card's place in a run, by id: A 1 … K 13 (the ace low only)."""
FITS = tuple(sum(1 << card for card in range(52) if PIPS[card] <= room) for room in range(32))
"""The cards that fit in ``room`` points below 31, by ``room``."""


@dataclass(frozen=True)
class ShowCount:
    """One show: points by category (the names of §6) and the combinations
    that scored, as card codes."""

    fifteens: int = 0
    twenty_fives: int = 0
    thirty_one: int = 0
    knaves_deuces: int = 0
    pairs_prials: int = 0
    colours: int = 0
    combinations: dict[str, list[list[str]]] = field(default_factory=dict)

    @property
    def total(self) -> int:
        """The whole show."""
        return (self.fifteens + self.twenty_fives + self.thirty_one + self.knaves_deuces
                + self.pairs_prials + self.colours)

    def as_dict(self) -> dict[str, Any]:
        """The categories, ``total`` and ``combinations`` (JSON-able)."""
        return {**{name: getattr(self, name) for name in CATEGORIES}, "total": self.total,
                "combinations": self.combinations}


CATEGORIES = ("fifteens", "twenty_fives", "thirty_one", "knaves_deuces", "pairs_prials",
              "colours")
COLOUR_NAMES = {6: "Costly Colours", 5: "four of a colour (3+1)", 4: "four of a colour (2+2)",
                3: "three of a suit", 2: "three of a colour"}


COLOUR_SCALES = ("jackson", "cotton")
"""The values of the ``colour_scale`` option: Jackson's ladder (§6.5) and
Cotton's coarser scale."""


def colours_score(cards: list[int], scale: str = "jackson") -> int:
    """§6.5: the highest colour line of four cards, on Jackson's ladder
    (6, 5, 4, 3, 2) or, with ``scale="cotton"``, on Cotton's coarser scale:
    four of a suit 6, three of a suit 3, three (or four) of a colour 2.

    >>> def both(text):
    ...     cards = [FRENCH_52.parse(code).id for code in text.split()]
    ...     return colours_score(cards), colours_score(cards, "cotton")
    >>> both("2H 5H 9H KS"), both("2H 5H 9H KD"), both("2H 5H 9D KD"), both("2H 5H 9D KS")
    ((3, 3), (5, 3), (4, 2), (2, 2))
    """
    suits = [card // 13 for card in cards]
    most = max(suits.count(suit) for suit in range(4))
    red = sum(1 for suit in suits if suit in RED_SUITS)
    if most == 4:
        return 6
    if scale == "cotton":
        if most == 3:
            return 3
        return 2 if red != 2 else 0
    if red in (0, 4):
        return 5 if most == 3 else 4
    if most == 3:
        return 3
    if red in (1, 3):
        return 2
    return 0


def _card_ids(cards: object, what: str) -> list[int]:
    if isinstance(cards, str):
        cards = cards.split()
    if not isinstance(cards, list | tuple):
        raise ParseError(f"{what} must be card codes")
    ids = []
    for text in cards:
        if isinstance(text, Card):
            text = text.code
        if not isinstance(text, str):
            raise ParseError(f"{what} must be card codes, not {text!r}")
        ids.append(FRENCH_52.parse(text).id)
    return ids


def count_show(cards: object, turnup: object, credited: object = (),
               colour_scale: str = "jackson") -> ShowCount:
    """The show of a player's three cards (played or not) with the turn-up
    (§6): points by category and the combinations that scored.

    ``cards`` are three card codes (a list, or one string), ``turnup`` one
    code; ``credited`` lists cards whose Knave or Deuce value was already
    scored when given away in the mog (``mog_jack_deuce_credit``);
    ``colour_scale`` is the option's value (:func:`colours_score`).
    Duplicate or unknown cards raise :class:`~parlour.errors.ParseError`.

    >>> count_show(["JD", "JS", "JH"], "5H").total
    34
    >>> count_show("4H 5H 8H", "JH").as_dict()["colours"]
    6
    """
    if colour_scale not in COLOUR_SCALES:
        raise ParseError(f"colour_scale is jackson or cotton, not {colour_scale!r}")
    own = _card_ids(cards, "the hand")
    if len(own) != 3:
        raise ParseError(f"a show counts three cards and the turn-up, not {len(own)} cards")
    if isinstance(turnup, Card):
        turnup = turnup.code
    if not isinstance(turnup, str):
        raise ParseError("the turn-up must be one card code")
    up = FRENCH_52.parse(turnup).id
    given = set(_card_ids(credited, "the credited cards"))
    four = [*own, up]
    if len(set(four)) != 4:
        repeated = sorted({FRENCH_52[card].code for card in four if four.count(card) > 1})
        raise ParseError(f"{', '.join(repeated)} is listed twice")
    return _count(own, up, given, colour_scale)


def _count(own: list[int], up: int, credited: set[int] | frozenset[int] = frozenset(),
           colour_scale: str = "jackson") -> ShowCount:
    code = CODES
    four = [*own, up]
    combos: dict[str, list[list[str]]] = {name: [] for name in CATEGORIES}
    fifteens = twenty_fives = 0
    for size in (2, 3, 4):
        for subset in combinations(four, size):
            total = sum(PIPS[card] for card in subset)
            if total == 15:
                fifteens += size
                combos["fifteens"].append([code[card] for card in subset])
            elif total == 25 and size >= 3:
                twenty_fives += size
                combos["twenty_fives"].append([code[card] for card in subset])
    thirty_one = 4 if sum(PIPS[card] for card in four) == 31 else 0
    if thirty_one:
        combos["thirty_one"].append([code[card] for card in four])
    trump = up // 13
    knaves_deuces = 0
    for card in own:
        if card % 13 in (KNAVE, DEUCE) and card not in credited:
            knaves_deuces += 4 if card // 13 == trump else 2
            combos["knaves_deuces"].append([code[card]])
    pairs = 0
    for rank in range(13):
        same = [card for card in four if card % 13 == rank]
        value = {2: 2, 3: 9, 4: 18}.get(len(same), 0)
        if value:
            pairs += value
            combos["pairs_prials"].append([code[card] for card in same])
    colours = colours_score(four, colour_scale)
    if colours:
        combos["colours"].append([code[card] for card in four])
    return ShowCount(fifteens, twenty_fives, thirty_one, knaves_deuces, pairs, colours,
                     {name: found for name, found in combos.items() if found})


POINT_WORDS = {15: "fifteen", 25: "twenty-five", 31: "thirty-one"}
"""The points of the count (§5.3), as the log names them."""
SAME_RANK_WORDS = {2: "pair", 3: "prial", 4: "double prial"}
"""Cards of one rank played in a row, as the log names them."""
RUN_WORDS = {length: f"run of {length}" for length in range(3, 14)}
"""A run of each length, as the log names it (each a whole message, for the
catalogues)."""


def play_score(pile: list[int], pairs: bool, runs: bool) -> list[tuple[str, int]]:
    """§5.3: what the last card of ``pile`` scores, as (reason, points)."""
    total = sum(PIPS[card] for card in pile)
    scores: list[tuple[str, int]] = []
    if total in POINT_WORDS:
        scores.append((POINT_WORDS[total], len(pile)))
    last = pile[-1] % 13
    same = 0
    for card in reversed(pile):
        if card % 13 != last:
            break
        same += 1
    if pairs and same >= 2:
        scores.append((SAME_RANK_WORDS[same], {2: 2, 3: 9, 4: 18}[same]))
    if runs and same == 1:
        best = 0
        for length in range(3, len(pile) + 1):
            ranks = {RUN_RANKS[card] for card in pile[-length:]}
            if len(ranks) == length and max(ranks) - min(ranks) == length - 1:
                best = length
        if best:
            scores.append((RUN_WORDS[best], best))
    return scores


def score_show(request: ScoreRequest) -> list[str]:
    """``parlour score``'s count of a show (rules §6): each category with its
    points and the combinations that scored, in the order of counting, then
    the total."""
    if request.ace is not None:
        raise ParseError("a Costly Colours show has no top Ace: give the turn-up with "
                         "--turnup CARD")
    if request.options:
        raise ParseError("a Costly Colours show takes no --option")
    if request.turnup is None:
        raise ParseError("a Costly Colours show counts three cards with the turn-up: "
                         "give it with --turnup CARD")
    show = count_show(request.cards, request.turnup)
    lines = []
    for category in CATEGORIES:
        points: int = getattr(show, category)
        found = ", ".join("+".join(cards) for cards in show.combinations.get(category, []))
        if category == "colours" and points:
            found = f"{found}: {COLOUR_NAMES[points]}"
        lines.append(f"{category}: {points} ({found})" if found else f"{category}: {points}")
    return [*lines, f"total: {show.total}"]


@register
class CostlyColours(Game):
    """Costly Colours; see the module docstring and the rules help (:mod:`parlour.help`)."""

    name = "costly-colours"
    title = "Costly Colours"
    version = 1
    tensor_version = 1
    higher_is_better = True
    scores_mid_hand = True
    min_players = 2
    max_players = 4
    deck = FRENCH_52
    description = (
        "Cotton's 1674 cribbage relative: three cards each, the mog, play to 31 "
        "and a show of colours; 2 players or 4 in partnerships, to 61."
    )
    score_calculator = ScoreCalculator(score_show)
    labels = CODES
    schema = OptionSchema([
        Option.choice("players", (2, 4), 2, "2 players, or 4 in two partnerships"),
        Option.choice("target", (61, 121), 61, "points that win the match"),
        Option.choice("mog_order", ("jackson", "cotton"), "jackson",
                      "who decides first in the mog"),
        Option.choice("go_rule", ("last_card", "go_plus_31"), "last_card",
                      "how the go/last point works"),
        Option.flag("pairs_in_play", True, "pairs and prials score during the play"),
        Option.flag("runs_in_play", True, "runs score during the play"),
        Option.flag("mog_jack_deuce_credit", False,
                    "the giver scores a Knave or Deuce given in the mog"),
        Option.choice("four_hand_mog", ("partners", "elder_side_only"), "partners",
                      "the four-hand mog (ignored with 2 players)"),
        Option.flag("heels_claim", False,
                    "the dealer must claim his heels (a Knave or Deuce turned up) before a "
                    "card is played, or lose them"),
        Option.choice("colour_scale", COLOUR_SCALES, "jackson",
                      "the colours' scale: Jackson's ladder, or Cotton's coarser one"),
    ])

    def __init__(self, /, **options: object) -> None:
        super().__init__(**options)
        self.n = self.num_players
        if self.n == 4 and self.options["go_rule"] != "last_card":
            raise OptionError("go_rule=go_plus_31 needs players=2: four hands use the last "
                              "card point only")
        if self.n == 4 and self.options["mog_jack_deuce_credit"]:
            raise OptionError("mog_jack_deuce_credit needs players=2")
        self.target = int(self.options["target"])
        self.elder_side = self.n == 4 and self.options["four_hand_mog"] == "elder_side_only"
        """Whether only the elder's side exchanges in the mog (four players)."""
        self.elder_offers = self.elder_side or self.options["mog_order"] != "jackson"
        """Whether the elder offers the mog first (cotton, or his side alone)
        rather than the dealer consenting first (jackson)."""
        self.heels_claim = bool(self.options["heels_claim"])
        """Whether the dealer's heels wait for his ``claim heels`` (§3.3)."""
        self.colour_scale = str(self.options["colour_scale"])
        """The scale the show counts colours on, Jackson's or Cotton's (§6.5)."""

    @property
    def num_actions(self) -> int:
        # ``claim heels`` exists only in the heels_claim variant
        return 52 + len(WORDS) - (0 if self.heels_claim else 1)

    def observation_layout(self) -> tuple[TensorBlock, ...]:
        n = self.n
        return (
            TensorBlock.cards("hand", 52, "this seat's cards"),
            TensorBlock.cards("turn-up", 52, "the turned-up card"),
            TensorBlock.cards("played", 52, "the cards each seat played this hand, and at the "
                              "show the cards it laid down", parts=n, per_seat=True),
            TensorBlock.cards("known", 52, "the cards this seat knows in each other hand: one "
                              "it gave in the mog (the other seat's part only)",
                              parts=n, per_seat=True),
            TensorBlock.choice("phase", PHASE_NAMES, "the phase"),
            TensorBlock("count", 1, "the running total of the play", scale=31),
            TensorBlock.seats("scores", n, "each seat's match total (/ target)",
                              scale=self.target),
            TensorBlock.seats("dealer", n, "the dealer", "one-hot"),
            TensorBlock.seats("to move", n, "the seat to act (none while cutting, dealing or "
                              "taking the card under the turn-up, or at the end)", "one-hot"),
            TensorBlock.seats("went", n, "the seats that said go in this play", "flags"),
            # the heels_claim variant only, so that the default layout stays version 1
            *((TensorBlock("heels", 1, "1 while the dealer's heels wait for his claim",
                           "flags"),) if self.heels_claim else ()),
        )

    def text(self, action: int) -> str:
        """The canonical text of an action id."""
        if 0 <= action < 52:
            return CODES[action]
        if 52 <= action < self.num_actions:
            return WORDS[action - 52]
        raise ParseError(f"there is no action {action}; actions are 0 to {self.num_actions - 1}")

    def max_hand_decisions(self) -> int:
        """A few mog and pack decisions, three cards a seat and their goes."""
        return 10 * self.num_players + 10

    def max_match_decisions(self) -> int:
        """Every hand scores at least the last card's point for one of the
        two sides."""
        return 2 * int(self.options["target"]) * self.max_hand_decisions()

    counted_events: ClassVar[dict[str, str]] = {
        "costly_colours": "shows of a costly colour: the three cards held and the turn-up "
                          "all of one suit",
    }

    def count_events(self, events: Sequence[GameEvent]) -> dict[str, int]:
        """``costly_colours``: the shows of three cards of the trump suit,
        with the turn-up a costly colour (§6.5)."""
        costly = 0
        trumps = -1
        for event in events:
            if isinstance(event, TurnedUp):
                trumps = event.card // 13
            elif isinstance(event, Showed):
                costly += {card // 13 for card in event.cards} == {trumps}
        return {"costly_colours": costly}

    def _new_state(self, seed: int, deal: Deal | None, explicit_chance: bool) -> CostlyState:
        return CostlyState(self, seed, deal, explicit_chance)


class CostlyState(MatchState):
    """A Costly Colours match."""

    game: CostlyColours
    over_phase = PHASE_OVER
    cut_phase = PHASE_CUT
    chance_phases = frozenset({PHASE_CUT, PHASE_DEAL, PHASE_UNDER})
    copied_fields = ("history", "hands", "played", "pile", "pile_seats", "went", "committed",
                     "known", "absent", "totals", "results", "events", "deal_deltas",
                     "received", "credited", "shows")
    zones = (
        Zone("hand", "hands", Seen.OWNER, per_seat=True),
        Zone("played", "played", Seen.EVERYONE, per_seat=True),
        Zone("turn-up", "turnup", Seen.EVERYONE, form=Form.CARD),
        Zone("stock", "stock", Seen.NOBODY),
        Zone("undealt", "undealt", Seen.NOBODY),
    )
    catalogue = CATALOGUE
    phase_names = PHASE_NAMES
    prompts = PROMPTS
    lowest_wins = False

    def __init__(self, game: CostlyColours, seed: int, deal: Deal | None,
                 explicit_chance: bool) -> None:
        # totals are per seat; partners in a four-hand game always hold the same
        self._begin_match(game, seed, deal, explicit_chance)
        self.dealer = game.n - 1
        self._clear_hand()
        self._start_match(deal)

    # ------------------------------------------------------------------
    # dealing
    def _clear_hand(self) -> None:
        n = self.game.n
        self.phase = PHASE_DEAL
        self.hands = [0] * n
        self.played = [0] * n
        self.pile: list[int] = []
        self.pile_seats: list[int] = []
        self.turnup = -1
        self.under = -1
        self.stock = 0
        self.undealt = 0
        self.deal_position = 0
        self.total = 0
        self.to_move = 0
        self.went = [False] * n
        self.last_player = -1
        self.committed = [-1] * n
        self.exchangers: list[int] = []
        self.known: list[int] = [0] * n
        """Per seat, cards it knows are in another seat's hand or under the
        turn-up (cards it gave away)."""
        self.absent = [0] * n
        """Per seat, cards the table knows it does not hold (its go)."""
        self.credited: set[int] = set()
        self.shows: dict[int, dict[str, Any]] = {}
        self.deal_deltas = [0] * n
        self.mog_agreed = False
        self.put_under = -1
        self.received = [-1] * n
        self.heels = ""
        """With ``heels_claim``: "open" while the dealer may still claim a
        Knave or Deuce turned up, then "claimed" or "lost" ("" otherwise)."""
        self.heels_passed = False
        """Whether the dealer has let one of his turns pass with his heels
        open (he had his chance to claim them)."""

    @property
    def elder(self) -> int:
        """The dealer's left-hand neighbour."""
        return (self.dealer + 1) % self.game.n

    def _choose_first_dealer(self) -> None:
        """§3.1: everyone cuts; the lowest card deals (ace high); ties cut again."""
        cutters = list(range(self.game.n))
        attempt = 0
        while True:
            pack = shuffled(range(52), "costly-cut", self.seed, attempt)
            ranks = [pack[index] % 13 for index in range(len(cutters))]
            lowest = min(ranks)
            tied = [seat for seat, rank in zip(cutters, ranks, strict=True) if rank == lowest]
            if len(tied) == 1:
                self.dealer = tied[0]
                self.events.append(FirstDealer(self.dealer))
                return
            cutters = tied
            attempt += 1

    def _start_hand(self) -> None:
        self._clear_hand()
        self._new_hand_log(Dealt(self.dealer, self.hand_index + 1))
        self.undealt = FRENCH_52.full_mask
        if not self.explicit_chance:
            # the seeded pack is dealt as explicit chance deals it, card by card
            dealt = 3 * self.game.n + 1
            pack = shuffled(range(52), "costly", self.seed, self.hand_index)
            self.under = pack[dealt]
            for card in pack[:dealt]:
                self._deal_card(card)

    def _deal_card(self, card: int) -> None:
        n = self.game.n
        self.undealt &= ~(1 << card)
        if self.deal_position < 3 * n:
            self.hands[(self.elder + self.deal_position) % n] |= 1 << card
            self.deal_position += 1
            return
        self.stock = self.undealt
        self.undealt = 0
        self._turn_up(card)

    def _turn_up(self, card: int) -> None:
        self.turnup = card
        self.stock &= ~(1 << card)
        self.events.append(TurnedUp(card))
        heels = card % 13 in (KNAVE, DEUCE)
        if heels and self.game.heels_claim:
            self.heels = "open"
        elif heels and self._score(Scored(self.dealer, 4, "four for his heels")):
            return
        self.phase = PHASE_MOG_FIRST
        self.to_move = self.elder if self.game.elder_offers else self.dealer

    def _start_fixed_hand(self, deal: Deal) -> None:
        game = self.game
        reader = DealReader(game, deal, {"hands", "turnup", "under"}, game.n - 1)
        self.dealer = reader.dealer
        scores = reader.scores
        if scores is not None:
            if game.n == 4 and (scores[0] != scores[2] or scores[1] != scores[3]):
                raise ParseError("partners share a score: seats 0 and 2, and 1 and 3, "
                                 "must have equal scores")
            if max(scores) >= game.target:
                raise ParseError(f"a score of {max(scores)} has already reached the target")
            self.totals = scores
        self.hands = [mask_of(hand) for hand in reader.hands(3, "three card codes")]
        up = reader.card("turnup", "the turn-up")
        if up is None:
            raise ParseError("a costly-colours deal needs a 'turnup' card")
        self.stock = FRENCH_52.full_mask & ~reader.taken
        under = reader.card("under", "the card under the turn-up")
        self.under = reader.rest(range(52), "costly", self.seed, 0)[0] if under is None else under
        self._new_hand_log()
        self._turn_up(up)

    # ------------------------------------------------------------------
    # scoring
    def _add_points(self, event: Scored | Credited) -> None:
        """Add ``event``'s points to the scorer's side: one part of a scoring event."""
        seat = event.seat
        for member in (seat, (seat + 2) % 4) if self.game.n == 4 else (seat,):
            self.totals[member] += event.points
            self.deal_deltas[member] += event.points
        self.events.append(event)

    def _score(self, event: Scored | Credited) -> bool:
        """Score ``event`` as a whole event; True when the match is won."""
        self._add_points(event)
        return self._check_won(event.seat)

    def _check_won(self, seat: int) -> bool:
        """After an event of ``seat``'s: end the match if his side has reached
        the target (§7)."""
        if self.totals[seat] >= self.game.target:
            self.results.append(self.deal_deltas)
            self.events.append(MatchWon(seat))
            self.phase = PHASE_OVER
            return True
        return False

    # ------------------------------------------------------------------
    # the mog
    def _mog_words(self) -> tuple[int, int]:
        """The (yes, no) words of the mog step now."""
        if self.phase == PHASE_MOG_FIRST:
            return (OFFER, NO_OFFER) if self.game.elder_offers else (CONSENT, REFUSE)
        return (ACCEPT, REFUSE) if self.game.elder_offers else (PROCEED, WITHDRAW)

    def _claim_heels(self) -> bool:
        """The dealer's four for his heels, claimed (``heels_claim``); True
        when they win the match."""
        self.heels = "claimed"
        return self._score(Scored(self.dealer, 4, "four for his heels"))

    def _dealer_claims(self, action: int) -> bool:
        """Before the play, with the dealer's heels open: True when
        ``action`` is his claim (scored; he stays to move, unless the match
        is won), else note that he let a turn pass without it."""
        if action == CLAIM_HEELS:
            self.events.append(Said(self.dealer, "claim heels"))
            self._claim_heels()
            return True
        if self.to_move == self.dealer:
            self.heels_passed = True
        return False

    def _mog_answer(self, word: int) -> None:
        if self.heels == "open" and self._dealer_claims(word):
            return
        game = self.game
        seat = self.to_move
        self.events.append(Said(seat, WORDS[word - 52]))
        other = self.elder if seat == self.dealer else self.dealer
        if word != self._mog_words()[0]:
            if not game.elder_side and self._score(Scored(other, 1, "the mog refused")):
                return
            if game.n == 4:
                self.phase = PHASE_PACK
                self.to_move = self.dealer
            else:
                self._begin_play()
            return
        if self.phase == PHASE_MOG_FIRST:
            self.phase = PHASE_MOG_SECOND
            self.to_move = (self.elder + 2) % 4 if game.elder_side else other
            return
        self.mog_agreed = True
        # each exchanger chooses his card in turn, from the elder clockwise
        self.exchangers = sorted({seat for pair in self._exchange_pairs() for seat in pair},
                                 key=lambda seat: (seat - self.elder) % game.n)
        self.phase = PHASE_EXCHANGE
        self.to_move = self.exchangers[0]

    def _cut(self, dealer: int) -> None:
        self.dealer = dealer
        self.events.append(FirstDealer(dealer))
        self._start_hand()

    def _commit(self, card: int) -> None:
        if self.heels == "open" and self._dealer_claims(card):
            return
        seat = self.to_move
        self.committed[seat] = card
        self.events.append(Committed(seat))
        index = self.exchangers.index(seat)
        if index + 1 < len(self.exchangers):
            self.to_move = self.exchangers[index + 1]
            return
        self._swap()

    def _exchange_pairs(self) -> list[tuple[int, int]]:
        """The seats that swap cards with each other in this deal's mog."""
        if self.game.n == 2:
            return [(self.elder, self.dealer)]
        if self.game.elder_side:
            return [(self.elder, (self.elder + 2) % 4)]
        return [(self.elder, (self.elder + 2) % 4), (self.dealer, (self.dealer + 2) % 4)]

    def _swap(self) -> None:
        pairs = self._exchange_pairs()
        for one, two in pairs:
            give_one, give_two = self.committed[one], self.committed[two]
            self.hands[one] ^= (1 << give_one) | (1 << give_two)
            self.hands[two] ^= (1 << give_one) | (1 << give_two)
            self.known[one] |= 1 << give_one
            self.known[two] |= 1 << give_two
            self.received[one] = give_two
            self.received[two] = give_one
        self.events.append(Swapped(tuple(self.exchangers)))
        self.committed = [-1] * self.game.n
        if self.game.options["mog_jack_deuce_credit"]:
            trump = self.turnup // 13
            for one, two in pairs:
                for giver, taker in ((one, two), (two, one)):
                    card = self.received[taker]
                    if card % 13 in (KNAVE, DEUCE):
                        self.credited.add(card)
                        value = 4 if card // 13 == trump else 2
                        if self._score(Credited(giver, value, card)):
                            return
        self._begin_play()

    def _pack(self, card: int) -> None:
        """The dealer's pack privilege: ``card`` goes under the turn-up, he
        takes the card that was there (or he says no-pack)."""
        if self.heels == "open" and self._dealer_claims(card):
            return
        dealer = self.dealer
        if card == NO_PACK:
            self.events.append(Said(dealer, "no-pack"))
            self._begin_play()
            return
        self.known[dealer] |= 1 << card
        self.events.append(Packed(dealer))
        self.put_under = card
        if self.explicit_chance:
            self.phase = PHASE_UNDER
            return
        self._take_under(self.under)

    def _take_under(self, card: int) -> None:
        self.hands[self.dealer] &= ~(1 << self.put_under)
        self.stock &= ~(1 << card)
        self.stock |= 1 << self.put_under
        self.hands[self.dealer] |= 1 << card
        self.under = self.put_under
        self._begin_play()

    # ------------------------------------------------------------------
    # the play
    def _begin_play(self) -> None:
        if self.heels == "open":
            # the elder leads at once: the claim's time is over
            if self.heels_passed:
                self.heels = "lost"
                self.events.append(HeelsLost(self.dealer))
            elif self._claim_heels():
                return
        self.phase = PHASE_PLAY
        self.events.append(PlayBegins())
        self.to_move = self.elder

    def _playable(self, seat: int) -> int:
        return self.hands[seat] & FITS[31 - self.total]

    def _anyone_can_play(self) -> bool:
        fits = FITS[31 - self.total]
        return any(hand & fits for hand in self.hands)

    def _play_card(self, card: int) -> None:
        if card == GO:
            self._say_go()
            return
        game = self.game
        seat = self.to_move
        self.hands[seat] &= ~(1 << card)
        self.played[seat] |= 1 << card
        self.pile.append(card)
        self.pile_seats.append(seat)
        self.total += PIPS[card]
        self.last_player = seat
        self.events.append(Played(seat, card, self.total))
        # a card's score is one event (§5.3, §7): its parts are summed, so
        # all of them count before the target is checked
        for reason, points in play_score(self.pile, bool(game.options["pairs_in_play"]),
                                         bool(game.options["runs_in_play"])):
            self._add_points(Scored(seat, points, reason))
        if self._check_won(seat):
            return
        self._next_turn(seat, went=False)

    def _say_go(self) -> None:
        seat = self.to_move
        self.went[seat] = True
        self.absent[seat] |= FITS[31 - self.total]
        self.events.append(Said(seat, "go"))
        go_point = self.game.options["go_rule"] == "go_plus_31" and self.last_player >= 0
        if go_point and self._score(Scored(self.last_player, 1, "go")):
            return
        self._next_turn(seat, went=True)

    def _next_turn(self, after: int, went: bool) -> None:
        n = self.game.n
        if self.total == 31 or not any(self.hands) or (went and not self._anyone_can_play()):
            self._end_play()
            return
        seat = after
        for _ in range(n):
            seat = (seat + 1) % n
            # a seat that cannot play is asked once, to say go
            if self._playable(seat) or (self.hands[seat] and not self.went[seat]):
                self.to_move = seat
                return
            if not self._anyone_can_play():
                break
        self._end_play()

    def _end_play(self) -> None:
        last_point = self.total != 31 and (
            self.game.options["go_rule"] == "last_card" or not any(self.went)
        )
        if last_point and self._score(Scored(self.last_player, 1, "last card")):
            return
        self._show()

    def _show(self) -> None:
        n = self.game.n
        for offset in range(1, n + 1):
            seat = (self.dealer + offset) % n
            own = bits_of(self.hands[seat] | self.played[seat])
            # the show lays the cards still held face up beside the played ones
            self.played[seat] |= self.hands[seat]
            self.hands[seat] = 0
            counted = _count(own, self.turnup, self.credited, self.game.colour_scale)
            self.shows[seat] = counted.as_dict()
            self.events.append(Showed(seat, tuple(own), counted.total))
            if counted.total and self._score(Scored(seat, counted.total, "the show")):
                return
        self.results.append(self.deal_deltas)
        self.dealer = (self.dealer + 1) % n
        self.hand_index += 1
        self._start_hand()

    # ------------------------------------------------------------------
    # the contract
    def chance_outcomes(self) -> list[tuple[int, float]]:
        phase = self.phase
        if phase == PHASE_CUT:
            return self.cut_outcomes()
        if phase not in (PHASE_DEAL, PHASE_UNDER):
            raise IllegalAction("this is not a chance node")
        cards = bits_of(self.undealt if phase == PHASE_DEAL else self.stock)
        return [(card, 1.0 / len(cards)) for card in cards]

    def legal_actions(self) -> list[int]:
        phase = self.phase
        if phase == PHASE_PLAY:
            playable = self._playable(self.to_move)
            return bits_of(playable) if playable else [GO]
        if phase in (PHASE_MOG_FIRST, PHASE_MOG_SECOND, PHASE_EXCHANGE, PHASE_PACK):
            legal = self._pre_play_actions()
            if self.heels == "open" and self.to_move == self.dealer:
                legal.append(CLAIM_HEELS)  # the highest id: the list stays sorted
            return legal
        if phase == PHASE_OVER:
            return []
        return [action for action, _ in self.chance_outcomes()]

    def _pre_play_actions(self) -> list[int]:
        """The legal actions of a mog step, the exchange or the pack
        privilege, without the heels' claim."""
        phase = self.phase
        if phase == PHASE_EXCHANGE:
            return bits_of(self.hands[self.to_move])
        if phase == PHASE_PACK:
            return [*bits_of(self.hands[self.dealer]), NO_PACK]
        return sorted(self._mog_words())

    def _why_not_outcome(self, action: int) -> str:
        return f"{self.game.text(action)} is not a possible outcome here"

    def _why_no_claim(self) -> str:
        """Why the player to move may not say ``claim heels`` now."""
        if self.heels == "claimed":
            return "the heels are already claimed"
        if self.heels == "lost":
            return "too late: the heels are lost once a card is played"
        if self.heels == "open":
            return f"only the dealer claims his heels ({seat_name(self.dealer)} deals)"
        return (f"there are no heels to claim: the turn-up {CODES[self.turnup]} is not a Knave "
                f"or a Deuce")

    def _why_not(self, action: int) -> str:
        game = self.game
        phase = self.phase
        text = game.text(action)
        if action == CLAIM_HEELS:
            return self._why_no_claim()
        if phase in (PHASE_MOG_FIRST, PHASE_MOG_SECOND):
            yes, no = self._mog_words()
            return f"say {game.text(yes)} or {game.text(no)}"
        hand = self.hands[self.to_move]
        if action < 52 and not hand >> action & 1:
            return f"you do not hold {text}"
        if phase == PHASE_EXCHANGE:
            return f"name the card you give in the mog, not {text!r}"
        if phase == PHASE_PACK:
            return f"name the card you put under the turn-up, or say no-pack, not {text!r}"
        if action == GO:
            return "you must play while you can: go only when no card keeps the count to 31"
        if action < 52:
            return f"{text} would pass 31 (the count is {self.total})"
        return f"you cannot say {text!r} now"

    def action_to_str(self, action: int) -> str:
        if self.phase != PHASE_CUT:
            return OUTCOME_WORDS.get(self.phase, "") + self.game.text(action)
        if 0 <= action < self.game.n:
            return f"{seat_name(action)} deals"
        raise ParseError(f"there is no action {action} at the cut")

    def parse_action(self, text: str) -> int:
        if not isinstance(text, str):
            raise ParseError(f"an action is text, not {text!r}")
        words = text.strip().split(None, 1)
        if len(words) == 2 and words[0].casefold() in ("play", "give", "deal", "under"):
            text = words[1]
        key = "-".join(text.split()).casefold()
        if key in WORD_KEYS:
            action = 52 + WORD_KEYS.index(key)
            if action >= self.game.num_actions:
                raise ParseError("claim heels belongs to the heels_claim variant: here the "
                                 "dealer's heels are scored when the card is turned up")
            return action
        if key in ("mog", "no-mog") and self.phase in (PHASE_MOG_FIRST, PHASE_MOG_SECOND):
            return self._mog_words()[0 if key == "mog" else 1]
        if self.phase == PHASE_CUT:
            for seat in range(self.game.n):
                if key in (seat_name(seat).casefold(), f"{seat_name(seat)}-deals".casefold()):
                    return seat
        try:
            return FRENCH_52.parse(text).id
        except ParseError:
            raise ParseError(
                f"{text!r} is neither a card nor a word; type a card such as 7D or QS, or "
                f"one of {', '.join(WORDS[:self.game.num_actions - 52])}"
            ) from None

    # ------------------------------------------------------------------
    # outcome
    def winners(self) -> list[int]:
        """The seats of the side that reached the target (empty before)."""
        if self.phase != PHASE_OVER:
            return []
        top = max(self.totals)
        return [seat for seat, total in enumerate(self.totals) if total == top]

    # ------------------------------------------------------------------
    # what a seat knows
    def _placed_for(self, seat: int) -> int:
        # the card a seat gave in the mog or put under the turn-up stays where he put it
        return self.known[seat]

    def _may_hold(self, zone: Zone, owner: int) -> int:
        # a seat that said go holds no card that would have kept the count to 31
        if zone.field == "hands":
            return ~self.absent[owner] & FRENCH_52.full_mask
        return FRENCH_52.full_mask

    def _after_redeal(self, source: Self, seat: int, rng: random.Random) -> None:
        known = source.known[seat]
        for owner, committed in enumerate(source.committed):
            if owner != seat and committed >= 0 and not known >> committed & 1:
                # the seat does not know which card was committed
                self.committed[owner] = rng.choice(bits_of(self.hands[owner] & ~known))
        if source.mog_agreed and source.phase != PHASE_EXCHANGE:
            for one, two in source._exchange_pairs():
                if seat in (one, two):
                    continue
                # a swap the seat did not see: any unplayed card may have
                # been the one received (a played one cannot be known)
                for receiver, giver in ((one, two), (two, one)):
                    choices = bits_of(self.hands[receiver])
                    was = source.received[receiver]
                    if choices and not source.played[receiver] >> was & 1:
                        card = rng.choice(choices)
                        self.received[receiver] = card
                        self.known[giver] = (self.known[giver] & ~(1 << was)) | (1 << card)
        if self.under >= 0 and not known >> self.under & 1 and self.stock:
            # the card under the turn-up is one of the unseen stock cards
            self.under = rng.choice(bits_of(self.stock))

    def known_elsewhere(self, seat: int) -> int:
        hidden = self.stock
        for other, hand in enumerate(self.hands):
            if other != seat:
                hidden |= hand
        return self.known[seat] & hidden

    # ------------------------------------------------------------------
    # what a seat sees
    def _player(self, seat: int) -> dict[str, Any]:
        flags = [flag for flag, on in (("dealer", seat == self.dealer),
                                       ("elder", seat == self.elder), ("go", self.went[seat]))
                 if on]
        if self.game.n == 4:  # partners sit opposite
            flags.append("side A" if seat % 2 == self.elder % 2 else "side B")
        return {**super()._player(seat), "flags": flags}

    def _legal_card(self, action: int) -> str | None:
        return CODES[action] if action < 52 else None

    def _prompt_key(self, seat: int | None) -> str:
        phase = self.phase
        if phase in (PHASE_MOG_FIRST, PHASE_MOG_SECOND):
            return f"mog {WORDS[self._mog_words()[0] - 52]}"
        if phase == PHASE_PLAY and seat == self.to_move and not self._playable(seat):
            return "go"
        return self.phase_names[phase]

    def _observation(self, seat: int | None) -> Observation:
        """The observation of ``seat`` (``None``: a spectator's).

        Game keys: ``hand_log_start`` (the index in ``log`` of this deal's
        first line), ``count`` (the running total of the play), ``trumps``,
        ``shows`` (each show counted so far this deal, in words),
        ``gave`` and ``received`` (this seat's mog cards), ``committed``
        (the card it has chosen to give, before the swap) and ``heels``
        (``heels_claim``: "open", "claimed" or "lost" once a Knave or Deuce
        is turned up; otherwise ``None``).
        """
        def code(card: int) -> str | None:
            return CODES[card] if card >= 0 else None

        zones: dict[str, Any] = {
            "turnup": code(self.turnup),
            "play": [{"seat": who, "card": CODES[card]}
                     for who, card in zip(self.pile_seats, self.pile, strict=True)],
            "stock": self.stock.bit_count(),
        }
        hand = [] if seat is None else [CODES[card] for card in bits_of(self.hands[seat])]
        return {
            **self._frame(seat, hand, zones),
            "hand_log_start": len(self._previous),
            "count": self.total,
            "trumps": SUIT_NAMES[self.turnup // 13] if self.turnup >= 0 else None,
            "shows": [self._show_line(other) for other in sorted(self.shows)],
            # the card this seat gave in the mog, or put under the turn-up
            "gave": None if seat is None else code(self.known_elsewhere(seat).bit_length() - 1),
            "received": None if seat is None else code(self.received[seat]),
            "committed": None if seat is None else code(self.committed[seat]),
            "heels": self.heels or None,
        }

    def _show_line(self, seat: int) -> str:
        """One counted show in words: ``P0: fifteens 2, colours 6 = 8``."""
        count = self.shows[seat]
        parts = [f"{name.replace('_', ' ')} {count[name]}" for name in CATEGORIES if count[name]]
        return f"{seat_name(seat)}: {', '.join(parts) or 'nothing'} = {count['total']}"

    def observation_tensor(self, seat: int) -> npt.NDArray[np.float32]:
        """The blocks of :meth:`CostlyColours.observation_layout` (the table
        in the module docstring)."""
        self.check_seat(seat)
        known = self.known[seat]
        acting = self.phase not in (PHASE_OVER, PHASE_CUT, PHASE_DEAL, PHASE_UNDER)
        return self.game.tensor_writer.write(seat, [
            self.hands[seat], (1 << self.turnup) if self.turnup >= 0 else 0, self.played,
            [hand & known if other != seat else 0 for other, hand in enumerate(self.hands)],
            self.phase, self.total, self.totals, self.dealer,
            self.to_move if acting else None, self.went,
            *((self.heels == "open",) if self.game.heels_claim else ()),
        ])

    phase_moves: ClassVar[Mapping[int, Callable[[Any, int], None]]] = {
        PHASE_CUT: _cut, PHASE_DEAL: _deal_card, PHASE_MOG_FIRST: _mog_answer,
        PHASE_MOG_SECOND: _mog_answer, PHASE_EXCHANGE: _commit, PHASE_PACK: _pack,
        PHASE_UNDER: _take_under, PHASE_PLAY: _play_card,
    }
