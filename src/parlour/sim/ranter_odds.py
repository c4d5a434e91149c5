"""Ranter Go Round: each seat's chance of losing a life in one hand, exactly
and by simulation (issue #9).

The question, in a card player's words: at a table of ``n`` players with
full lives, every player following a fixed *strategy* (a chance of
exchanging for each rank he may hold), how likely is each seat, from the
elder (seat 1, the dealer's left) round to the dealer (seat ``n``), to hold
the lowest card at the showdown? Two strategies are named here:

* :func:`threshold` ``t``: stand on a card of rank ``t`` or higher (A=1 ...
  K=13), exchange a lower one; the dealer likewise cuts the stock when his
  card is below ``t``.
* :data:`RANDOM`: stand or exchange with probability 1/2 whatever the card.

The rules modelled are those of the ``standard`` preset
(``rules/ranter_go_round.md`` §4, the defaults of §8), which
:data:`MODELLED_OPTIONS` lists: one card each from a 52-card pack, suits
ignored; each player has one turn, elder to dealer; a King is shown and
stands, and refuses an exchange, which uses up its holder's turn
(``king_rule="block"``); the dealer exchanges with a uniformly random stock
card (``dealer_exchange="cut"``; ``"top"`` has the same odds) and keeps a
King he cuts (``dealer_cuts_king="take"``); every holder of the lowest rank
loses a life (``tie_rule="all_lowest"``), so the seats' chances add up to
the expected number of losers, 1 or more.

**Exact method** (:func:`loss_probabilities`). Seat ``k`` loses exactly when
some rank ``r`` is its final rank and no final card is below ``r``; the
events for different ``r`` are disjoint, so ``P(k loses)`` is a sum over
``r``. For one ``r`` a card matters only through its *class*: the maximal
runs of ranks that lie on the same side of ``r`` (below, equal, above), on
the same side of the King, and on which every seat's strategy gives the
same chance of exchanging (with one threshold for everyone there are at
most five classes). The hand is then a Markov chain over the seats in turn
order whose state is the seat to act, the class of the card it holds and
how many cards of each class have been dealt (the pack is drawn without
replacement, so these counts fix the chance of the next card). Cards are
dealt lazily, each when first needed: the next seat's card when a seat
stands or asks for it, the stock card when the dealer cuts. Only a seat's
right-hand neighbour can change its card, and he acts before it, so a
seat's final card is known when its own turn is over; a path on which a
final card falls below ``r`` is dropped at once. A memoised recursion
returns, for the seats still to act, the weight of no card below ``r``
and, for each of them, of that and its own card being ``r``. The weights
are whole numbers (ordered deals times the strategies' chances over a
common denominator), turned into :class:`fractions.Fraction` at the end:
the figures are exact. Ten players take about a second.

**Simulation** (:func:`simulate`). Real hands through the game's public
contract (``parlour.make``, ``new_state``, ``current_player``,
``observation``, ``legal_actions``, ``apply``, ``hand_results``), the
strategy of each seat reading only its observation (its own card); the
first hand of each game, each with its own seed, so hands are independent.
A seat's position is counted from the dealer named in the observation.
Each position's rate comes with a Wilson score interval (:func:`wilson`).

>>> [str(p) for p in loss_probabilities((threshold(8), threshold(8)))]
['337/663', '1867/3315']
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache

from parlour.engine.game import Observation
from parlour.engine.registry import make
from parlour.games.ranter_go_round import EXCHANGE, STAND

GAME = "ranter-go-round"
RANK_CODES = "A23456789TJQK"
"""The ranks from the ace (1) to the King (13), as the first letter of a card code."""
KING = 13
CARDS_PER_RANK = 4
PACK = CARDS_PER_RANK * KING
MODELLED_OPTIONS: dict[str, str] = {
    "king_rule": "block",
    "dealer_exchange": "cut",
    "dealer_cuts_king": "take",
    "tie_rule": "all_lowest",
    "announce_low_cards": "off",
}
"""The options whose values the exact computation models (the defaults);
lives and the match ending play no part in one hand's odds."""

Z_95 = 1.959963984540054
"""The normal quantile of a two-sided 95% interval."""
Z_999 = 3.290526731491926
"""The normal quantile of a two-sided 99.9% interval."""


@dataclass(frozen=True)
class Strategy:
    """A way to play a hand: the chance of exchanging with each rank held.

    ``exchange`` holds 13 chances, for the ace (1) up to the King (13); the
    King's is never used, since under ``king_rule="block"`` a King is shown
    and stands.
    """

    name: str
    exchange: tuple[Fraction, ...]

    def __post_init__(self) -> None:
        if len(self.exchange) != KING or not all(0 <= p <= 1 for p in self.exchange):
            raise ValueError(f"{self.name}: a strategy needs 13 chances from 0 to 1")

    def choose(self, observation: Observation, legal: Sequence[int],
               rng: random.Random) -> int:
        """The action for the card in ``observation`` (``rng`` draws a mixed choice)."""
        if len(legal) == 1:
            return legal[0]
        chance = self.exchange[rank_of(observation["hand"][0]) - 1]
        if chance == 1 or (chance and rng.random() < chance):
            return EXCHANGE
        return STAND


def threshold(rank: int) -> Strategy:
    """Stand on ``rank`` or higher (A=1 ... K=13), exchange below it.

    >>> threshold(8).exchange[6:8]
    (Fraction(1, 1), Fraction(0, 1))
    """
    if not 1 <= rank <= KING + 1:
        raise ValueError(f"a threshold is a rank from 1 (stand on anything) to 14, not {rank}")
    return Strategy(f"stand on {rank}+",
                    tuple(Fraction(int(held < rank)) for held in range(1, KING + 1)))


RANDOM = Strategy("random", (Fraction(1, 2),) * KING)
"""Stand or exchange with probability 1/2, whatever the card."""


def rank_of(code: str) -> int:
    """The rank of a card code: ``AS`` 1, ``7D`` 7, ``TH`` 10, ``KC`` 13."""
    return RANK_CODES.index(code[0].upper()) + 1


# ----------------------------------------------------------------------
# exact


def loss_probabilities(strategies: Sequence[Strategy]) -> tuple[Fraction, ...]:
    """Each seat's exact chance of losing a life in one hand, in turn order
    (the elder first, the dealer last), seat ``i`` playing ``strategies[i]``.

    Two players who never exchange each lose when their card is not the
    higher: 24/51 below and 3/51 equal, so 27/51 = 9/17 each.

    >>> never = threshold(1)
    >>> [str(p) for p in loss_probabilities((never, never))]
    ['9/17', '9/17']
    """
    players = len(strategies)
    if players < 2:
        raise ValueError("a hand needs at least 2 players")
    scale = math.lcm(*(chance.denominator for strategy in strategies
                       for chance in strategy.exchange))
    chances = tuple(tuple(int(chance * scale) for chance in strategy.exchange)
                    for strategy in strategies)
    totals = [0] * players
    for lowest in range(1, KING + 1):
        for seat, count in enumerate(_lowest_is(chances, scale, lowest)):
            totals[seat] += count
    paths = scale ** players * math.perm(PACK, players + 1)
    return tuple(Fraction(total, paths) for total in totals)


def _classes(chances: tuple[tuple[int, ...], ...], lowest: int) -> tuple[int, ...]:
    """The first rank of each class (see the module docstring) for ``lowest``."""
    starts = {1, lowest, lowest + 1, KING}
    for seat_chances in chances:
        starts.update(rank for rank in range(2, KING)
                      if seat_chances[rank - 1] != seat_chances[rank - 2])
    return tuple(sorted(start for start in starts if start <= KING))


def _lowest_is(chances: tuple[tuple[int, ...], ...], scale: int,
               lowest: int) -> tuple[int, ...]:
    """Per seat, the weight of the hands in which no final card is below
    ``lowest`` and the seat's own final card is ``lowest``.

    Weights are whole numbers, for speed: each card drawn counts the cards
    it could be (so a path's count is its number of ordered deals), and each
    choice its chance times ``scale`` (``scale`` when there is no choice).
    Every path then draws ``players + 1`` cards (a dealer who does not cut
    counts the stock cards he might have cut) and meets ``players``
    choices, so a weight over ``scale ** players`` times the falling
    factorial ``52 * 51 * ... * (52 - players)`` is a chance.
    """
    starts = _classes(chances, lowest)
    ends = (*starts[1:], KING + 1)
    sizes = tuple(CARDS_PER_RANK * (end - start) for start, end in zip(starts, ends, strict=True))
    classes = range(len(starts))
    below = tuple(start < lowest for start in starts)
    equal = tuple(start == lowest for start in starts)
    king = len(starts) - 1
    exchange = tuple(tuple(seat_chances[start - 1] for start in starts)
                     for seat_chances in chances)
    players = len(chances)
    dealer = players - 1
    stock = PACK - players

    def draws(dealt: tuple[int, ...]) -> list[tuple[int, int, tuple[int, ...]]]:
        """Each class the next card may be, its count and the new dealt counts."""
        return [(kind, sizes[kind] - dealt[kind],
                 (*dealt[:kind], dealt[kind] + 1, *dealt[kind + 1:]))
                for kind in classes if sizes[kind] > dealt[kind]]

    @cache
    def after(seat: int, dealt: tuple[int, ...]) -> tuple[int, ...]:
        """``play`` for ``seat`` holding the card dealt to it, drawn now."""
        totals = [0] * (players - seat + 1)
        for kind, count, counts in draws(dealt):
            for index, value in enumerate(play(seat, kind, counts)):
                totals[index] += count * value
        return tuple(totals)

    def final(seat: int, held: int, rest: tuple[int, ...]) -> tuple[int, ...]:
        """The seat's final card is of class ``held``; ``rest`` is what
        ``play`` gives for the seats after it (for the dealer, only the
        weight of what follows his choice)."""
        if below[held]:
            return (0,) * (players - seat + 1)
        return (rest[0], rest[0] if equal[held] else 0, *rest[1:])

    @cache
    def play(seat: int, held: int, dealt: tuple[int, ...]) -> tuple[int, ...]:
        """From ``seat``'s turn, holding a card of class ``held``: the weight
        of no final card from this seat on being below ``lowest``, then, for
        each seat from this one on, of that and its final card being
        ``lowest``."""
        if held == king:
            chance, stays = 0, scale
        else:
            chance = exchange[seat][held]
            stays = scale - chance
        parts: list[tuple[int, tuple[int, ...]]] = []
        if stays:
            if seat < dealer:
                parts.append((stays, final(seat, held, after(seat + 1, dealt))))
            else:
                parts.append((stays, final(seat, held, (stock,))))
        if chance:
            for kind, count, counts in draws(dealt):
                if seat == dealer:
                    parts.append((chance * count, final(seat, kind, (1,))))
                elif kind == king:
                    parts.append((chance * count,
                                  final(seat, held, play(seat + 1, king, counts))))
                else:
                    parts.append((chance * count,
                                  final(seat, kind, play(seat + 1, held, counts))))
        totals = [0] * (players - seat + 1)
        for weight, values in parts:
            for index, value in enumerate(values):
                totals[index] += weight * value
        return tuple(totals)

    return after(0, (0,) * len(starts))[1:]


# ----------------------------------------------------------------------
# simulation


@dataclass(frozen=True)
class Rate:
    """A seat's losses in ``hands`` hands, with its Wilson interval."""

    losses: int
    hands: int
    low: float
    high: float

    @property
    def rate(self) -> float:
        """The share of hands lost."""
        return self.losses / self.hands

    def agrees(self, exact: Fraction) -> bool:
        """Whether ``exact`` lies in the interval."""
        return self.low <= exact <= self.high


def wilson(successes: float, trials: float, z: float = Z_95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (counts may be fractional:
    an effective number of trials).

    >>> [round(end, 4) for end in wilson(20, 100)]
    [0.1334, 0.2888]
    """
    if trials < 1:
        raise ValueError("an interval needs at least one trial")
    share = successes / trials
    scale = 1 + z * z / trials
    centre = (share + z * z / (2 * trials)) / scale
    half = z * math.sqrt(share * (1 - share) / trials + z * z / (4 * trials * trials)) / scale
    return max(0.0, centre - half), min(1.0, centre + half)


def simulate(strategies: Sequence[Strategy], hands: int, seed: int,
             z: float = Z_95) -> tuple[Rate, ...]:
    """Play the first hand of ``hands`` games through the engine, seat ``i``
    from the dealer's left playing ``strategies[i]`` (the dealer last); each
    seat's losses with their interval at quantile ``z``.

    The games are seeded ``seed``, ``seed + 1``, ...; the strategies' coin
    flips come from one generator seeded with ``seed``.
    """
    players = len(strategies)
    game = make(GAME, players=players)
    for name, value in MODELLED_OPTIONS.items():
        if game.options[name] != value:
            raise ValueError(f"the default {name} is {game.options[name]!r}, not {value!r}: "
                             "the figures here model the standard preset")
    rng = random.Random(seed)
    losses = [0] * players
    for index in range(hands):
        state = game.new_state(seed=seed + index)
        while not state.hand_results():
            seat = state.current_player()
            observation = state.observation(seat)
            position = (seat - observation["dealer"] - 1) % players
            state.apply(strategies[position].choose(observation, state.legal_actions(), rng))
        # The second hand is dealt by the first dealer's left-hand neighbour,
        # since nobody is out after one hand; this also covers a first hand
        # that ends without a decision (every card a King).
        dealer = (state.observation(0)["dealer"] - 1) % players
        for seat, lost in enumerate(state.hand_results()[0]):
            losses[(seat - dealer - 1) % players] += lost
    return tuple(Rate(lost, hands, *wilson(lost, hands, z)) for lost in losses)
