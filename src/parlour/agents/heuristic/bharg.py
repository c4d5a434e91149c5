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


def bharg_action(observation: Observation, legal: Sequence[int], rng: random.Random) -> int:
    """The heuristic's action in a Bharg position (see the module docstring)."""
    options = observation["options"]
    in_play = deck_in_play(options)
    hand = 0
    for name in observation["hand"]:
        hand |= 1 << _ID[name]
    zones = observation["zones"]
    top_ace = zones["top_ace"]
    ace = -1 if top_ace is None else _ID[top_ace]
    seen = hand
    for name in (*zones["ace_pile"], *zones["discard_pile"]):
        seen |= 1 << _ID[name]
    for player in observation["players"]:
        for name in player["known"]:
            seen |= 1 << _ID[name]
    unseen = in_play & ~seen
    turns = int(observation.get("turns") or 0)

    def kept(cards: int, discard: int) -> float:
        after = ace if not ACES >> discard & 1 else discard
        return hand_value(cards & ~(1 << discard), after, unseen, in_play, turns)

    if DRAW in legal or TAKE in legal:
        if TAKE not in legal:
            return DRAW
        top = _ID[zones["top_discard"]]
        forbidden = options.get("rediscard") == "forbidden"
        with_top = hand | 1 << top
        take = max(kept(with_top, card) for card in bits_of(with_top)
                   if not (forbidden and card == top))
        if DRAW not in legal or take >= WIN_VALUE:
            return TAKE
        now = hand_value(hand, ace, unseen, in_play, turns)
        return TAKE if take > now + TAKE_MARGIN else DRAW
    choices = [(kept(hand, action - CARD_BASE), rng.random(), action) for action in legal]
    return max(choices)[2]

