"""The heuristic player of Bharg: keep the cards that are, or nearly are, bound.

Every decision reads only the observation (the hand, the top Ace, the
piles, the cards known in the other hands because they were taken from
the discard pile, the turn count, the options) and the legal action ids.
The hand is judged with the game's own evaluator
(:func:`parlour.games.bharg.arrange`), never a copy of it.

* **What a hand is worth** (:func:`hand_value`, for the hand that is kept
  after a discard). A fully bound hand wins at once and is worth
  everything. Otherwise, under the arrangement that leaves the least
  penalty: every unbound card costs (:data:`UNBOUND_COST`), and so does
  every point of it (:data:`POINT_COST`, rising as the round grows long:
  the opponent is ever more likely to go out and score them). Against
  that, each unbound card's prospects: the bharg sets that would bind it
  and lack only one card that is still unseen (in the stock or a hidden
  hand, not buried in the discard pile nor on the Ace Pile) are worth up
  to :data:`NEAR_VALUE`, those lacking two up to :data:`FAR_VALUE`, with
  diminishing returns (an unbound card never outweighs its cost).
  Cards of the top Ace's suit are bound already, so a hand built around
  that suit is cheap; the player does not bet on the top Ace staying.
* **The discard.** Discard the card whose loss leaves the best hand. An
  Ace discarded becomes the top Ace, so the hand it leaves is judged
  against it (an Ace of the suit most of the hand shows may bind several
  cards at once and win).
* **The draw.** Take the top discard when the best hand it makes (after
  the best discard) beats the hand kept now by :data:`TAKE_MARGIN` (a
  card taken is shown to everyone, and a stock card may be better);
  always when it wins at once. Otherwise draw from the stock.

A decision judges at most eight hands, each with one call of the
evaluator and a pass over the sets that hold its unbound cards: about a
millisecond, so the player also serves as a rollout policy.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import cache

import numpy as np

from parlour.agents.heuristic.lookahead import DrawLookahead
from parlour.agents.registry import register_heuristic, register_level
from parlour.cards.bits import bits_of
from parlour.engine.game import Observation
from parlour.games.bharg import (
    ACES,
    BASIC,
    CARD_BASE,
    COURTS,
    DRAW,
    EXCUSE_BIT,
    NAMES,
    PAWNS,
    TAKE,
    Bharg,
    arrange,
    sets_in_play,
)

WIN_VALUE = 1000.0
"""The worth of a fully bound hand: the round is won."""
UNBOUND_COST = 6.0
"""Cost of each unbound card: one more card to bind before going out."""
POINT_COST = 0.3
"""Cost of each point of the unbound cards early in the round."""
LATE_POINT_COST = 1.0
"""Cost of a point once the round has lasted :data:`LATE_TURNS` turns."""
LATE_TURNS = 30
"""See :data:`LATE_POINT_COST`; the cost rises linearly up to it."""
NEAR_VALUE = 3.0
"""Worth of the sets that would bind an unbound card and lack one unseen
card: ``NEAR_VALUE * (1 - 2**-k)`` for ``k`` such sets (the first counts
most; below :data:`UNBOUND_COST`, so a card bound is always better)."""
FAR_VALUE = 1.0
"""Likewise for the sets lacking two unseen cards."""
TAKE_MARGIN = 1.0
"""How much the top discard must improve the hand to be taken."""

_ID = {name: card for card, name in enumerate(NAMES)}


class _Sets:
    """The bharg sets of one deck in play, laid out for counting prospects
    with NumPy: the set masks, and per card a 0/1 row of the sets that
    hold it."""

    def __init__(self, in_play: int) -> None:
        masks = sets_in_play(in_play)
        self.masks = np.array(masks, dtype=np.uint64)
        self.holding = np.array(
            [[mask >> card & 1 for mask in masks] for card in range(len(NAMES))],
            dtype=np.float64,
        )


@cache
def _sets(in_play: int) -> _Sets:
    return _Sets(in_play)


_ALL = np.uint64((1 << 64) - 1)


def deck_in_play(options: dict[str, object]) -> int:
    """The bitset of the cards shuffled in under ``options``."""
    deck = BASIC
    if options.get("excuse"):
        deck |= EXCUSE_BIT
    if options.get("pawns"):
        deck |= PAWNS
    if options.get("courts"):
        deck |= COURTS
    return deck


def hand_value(hand: int, ace: int, unseen: int, in_play: int, turns: int) -> float:
    """The worth of keeping ``hand`` (a bitset) against the top Ace ``ace``
    (card id, -1 for none), with ``unseen`` the cards that may still come,
    ``turns`` into the round (see the module docstring)."""
    best = arrange(hand, ace)
    if best.bound == hand:
        return WIN_VALUE
    unbound = hand & ~best.bound
    lateness = min(turns, LATE_TURNS) / LATE_TURNS
    point_cost = POINT_COST + (LATE_POINT_COST - POINT_COST) * lateness
    value = -UNBOUND_COST * unbound.bit_count() - point_cost * best.penalty
    sets = _sets(in_play)
    missing = sets.masks & (np.uint64(hand) ^ _ALL)
    # the sets whose missing cards may all still come, lacking one or two
    open_ = (missing & (np.uint64(unseen) ^ _ALL)) == 0
    rest = missing & (missing - np.uint64(1))
    one = open_ & (missing != 0) & (rest == 0)
    two = open_ & (rest != 0) & ((rest & (rest - np.uint64(1))) == 0)
    rows = sets.holding[bits_of(unbound)]
    near = rows @ one
    far = rows @ two
    value += float(NEAR_VALUE * (1.0 - 0.5**near).sum() + FAR_VALUE * (1.0 - 0.5**far).sum())
    return value


class _Position:
    """What one seat knows of a Bharg position, as bitsets: its hand, the
    top Ace (-1: none), the top discard (-1: none), the unseen cards, the
    deck in play, the turns played and whether a taken card may be
    discarded again."""

    def __init__(self, observation: Observation) -> None:
        options = observation["options"]
        self.in_play = deck_in_play(options)
        self.hand = 0
        for name in observation["hand"]:
            self.hand |= 1 << _ID[name]
        zones = observation["zones"]
        self.ace = -1 if zones["top_ace"] is None else _ID[zones["top_ace"]]
        self.top = -1 if zones["top_discard"] is None else _ID[zones["top_discard"]]
        seen = self.hand
        for name in (*zones["ace_pile"], *zones["discard_pile"]):
            seen |= 1 << _ID[name]
        for player in observation["players"]:
            for name in player["known"]:
                seen |= 1 << _ID[name]
        self.unseen = self.in_play & ~seen
        self.turns = int(observation.get("turns") or 0)
        self.rediscard = options.get("rediscard") != "forbidden"

    def value(self, hand: int, ace: int) -> float:
        """:func:`hand_value` of ``hand`` kept against ``ace`` here."""
        return hand_value(hand, ace, self.unseen & ~hand, self.in_play, self.turns)

    def kept(self, cards: int, discard: int, ace: int) -> float:
        """The worth of ``cards`` less ``discard`` with ``ace`` on top of the
        Ace Pile (an Ace discarded takes its place)."""
        after = discard if ACES >> discard & 1 else ace
        return self.value(cards & ~(1 << discard), after)

    def best_kept(self, cards: int, ace: int, keep: int = -1) -> float:
        """The best worth of ``cards`` after one discard (never ``keep``)."""
        return max(self.kept(cards, card, ace) for card in bits_of(cards) if card != keep)

    def after_draw(self, hand: int, ace: int, draws: Sequence[int]) -> float:
        """The expected worth of ``hand`` after the next draw from the stock
        and the best discard, the draw being any of ``draws`` (unseen cards),
        each as likely."""
        now = self.value(hand, ace)
        cards = [card for card in draws if not hand >> card & 1]
        if now >= WIN_VALUE or not cards:
            return now
        return sum(self.best_kept(hand | 1 << card, ace) for card in cards) / len(cards)


def bharg_action(observation: Observation, legal: Sequence[int], rng: random.Random) -> int:
    """The heuristic's action in a Bharg position (see the module docstring)."""
    here = _Position(observation)
    if DRAW in legal or TAKE in legal:
        if TAKE not in legal:
            return DRAW
        take = here.best_kept(here.hand | 1 << here.top, here.ace,
                              -1 if here.rediscard else here.top)
        if DRAW not in legal or take >= WIN_VALUE:
            return TAKE
        now = here.value(here.hand, here.ace)
        return TAKE if take > now + TAKE_MARGIN else DRAW
    choices = [(here.kept(here.hand, action - CARD_BASE, here.ace), rng.random(), action)
               for action in legal]
    return max(choices)[2]


def lookahead_action(observation: Observation, legal: Sequence[int], rng: random.Random,
                     draws: int | None = None) -> int:
    """The ``hard`` player's action: the heuristic's judgement one draw
    deeper (see :class:`LookaheadAgent`); ``draws`` limits the stock cards
    it considers to that many, drawn with ``rng`` (all unseen cards when
    ``None``)."""
    here = _Position(observation)
    cards = bits_of(here.unseen)
    if draws is not None and len(cards) > draws:
        cards = sorted(rng.sample(cards, draws))
    if DRAW in legal or TAKE in legal:
        if TAKE not in legal:
            return DRAW
        take = here.best_kept(here.hand | 1 << here.top, here.ace,
                              -1 if here.rediscard else here.top)
        if DRAW not in legal or take >= WIN_VALUE:
            return TAKE
        draw = here.after_draw(here.hand, here.ace, cards)
        return TAKE if take > draw else DRAW
    choices = []
    for action in legal:
        card = action - CARD_BASE
        after = card if ACES >> card & 1 else here.ace
        kept = here.hand & ~(1 << card)
        choices.append((here.after_draw(kept, after, cards), here.value(kept, after), rng.random(),
                        action))
    return max(choices)[3]


class LookaheadAgent(DrawLookahead):
    """Bharg's ``hard`` player: an expectimax one draw deep over the
    heuristic's judgement of hands (:func:`hand_value`).

    * **The draw.** Drawing from the stock is worth the expected worth of
      the hand after the best discard, over every unseen card (each as
      likely to be the top of the stock: the opponents' hidden cards and
      the stock are alike to this seat); taking the top discard is worth
      the hand after the best discard with it. The better is chosen, where
      the heuristic only takes a discard that improves on the hand now.
    * **The discard.** Each discard is judged by what the hand it leaves is
      expected to be worth after the next draw and discard (so a hand that
      has more cards that would win, or bind, is kept), ties by the hand's
      worth now.

    It reads only the observation. A discard decision judges about
    8 x 25 x 8 hands: a few tenths of a second. ``draws`` limits the stock
    cards considered to a seeded sample of that many (all when ``None``).
    """

    action = staticmethod(lookahead_action)


# In Bharg a round lasts dozens of turns whichever way it is played out, so
# the search's playouts are too slow to be many within its time cap (random
# ones rarely end a round at all): the ``hard`` player searches the next
# draw exactly instead.
register_heuristic(Bharg, bharg_action)
register_level(Bharg, "hard", LookaheadAgent)
