"""Card-play tactics shared by the strategies of the avoidance games.

* :func:`avoid_choice`: the play of a game where the cards or tricks one
  takes cost something (Polignac, the Slobberhannes family, Bassadewitz).
  It scores every legal card by its expected cost and plays the cheapest.
* :func:`take_one_choice`: win one trick, whatever it holds (to break an
  opponent's capot or all-tricks run).
* :func:`take_all_choice`: win every trick (a capot bid, or a run at all
  the tricks in Bassadewitz).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from parlour.agents.heuristic.view import TrickView

OVERTAKE = 0.6
"""How often a follower who holds a higher card of the suit led is taken
to play it: in these games a follower ducks under a costly trick when it
can, so holding a higher card is not the same as taking the trick."""

UNCERTAIN_DUMP_GAIN = 0.5
"""The share of a costly card's value counted as gained when it may or may
not win the trick: a risk-averse player keeps a jack rather than play it
where it may win (it can often be thrown safely later)."""

EPSILON = 1e-9
TIE_BREAK = 1e-4
"""Weight of a card's strength that orders otherwise equal choices."""


def best_by(cards: Sequence[int], key: Callable[[int], float], rng: random.Random) -> int:
    """The card of ``cards`` with the smallest ``key``; exact ties are broken
    by ``rng`` (deterministic for a seeded generator)."""
    scored = [(key(card), card) for card in cards]
    best = min(score for score, _ in scored)
    ties = [card for score, card in scored if score <= best + EPSILON]
    return ties[0] if len(ties) == 1 else ties[rng.randrange(len(ties))]


def win_probability(view: TrickView, card: int) -> float:
    """An estimate of the chance that ``card`` wins the trick: 0 if it does
    not beat the trick now, 1 if no follower can beat it, else lowered for
    each unseen higher card that a follower may hold and play."""
    if not view.beats(card):
        return 0.0
    threats = view.threats(card)
    if threats == 0:
        return 1.0
    higher = view.unseen_above(card).bit_count() or 1
    held = 1.0 - (1.0 - threats / (view.n - 1)) ** higher
    return 1.0 - OVERTAKE * held


def dump_risk(view: TrickView, card: int, cost: Sequence[float]) -> float:
    """Expected cost of the cards the followers may throw onto ``card``'s
    trick: unseen costly cards of the suit led below ``card`` (a follower
    holding one ducks it under) and of other suits (a follower known void
    in the suit led throws them)."""
    followers = view.followers()
    if not followers:
        return 0.0
    led = view.led_suit_mask() or view.tables.card_suit_mask[card]
    void_followers = sum(1 for seat in followers if view.is_void(seat, led))
    share_following = (len(followers) - void_followers) / (view.n - 1)
    share_void = void_followers / (view.n - 1)
    below = view.unseen_below(card) if led >> card & 1 else 0
    risk = 0.0
    costly = view.unseen
    while costly:
        low = costly & -costly
        costly ^= low
        other = low.bit_length() - 1
        value = cost[other]
        if not value:
            continue
        if low & led:
            if low & below:
                risk += share_following * value
        else:
            risk += share_void * value
    return risk


def avoid_choice(
    view: TrickView,
    cost: Sequence[float],
    trick_cost: float,
    shed_weight: float,
    rng: random.Random,
) -> int:
    """The legal card with the smallest expected cost, where ``cost[card]``
    is what taking ``card`` costs, ``trick_cost`` what taking this trick
    costs by itself (first or last trick) and ``shed_weight`` the value of
    getting rid of a card sure to win a later trick.

    Expected cost of a card: if it may win, the chance of winning times the
    cost of the trick (its cards, this card, the costly cards the followers
    may throw on it, ``trick_cost``); if it loses, minus its own cost (a
    costly card thrown on someone else's trick is a gain); always minus
    ``shed_weight`` times its danger (a high card played now cannot win a
    later trick). So the player throws penalty cards when void, ducks with
    its highest losing card, wins a free trick with a high card, and leads
    low cards that someone is likely to beat.
    """
    in_trick = trick_cost + sum(cost[card] for card in view.trick)
    strength = view.tables.strength

    def expected(card: int) -> float:
        # the strength term only orders equal costs: the higher card goes
        shed = shed_weight * view.danger(card) + TIE_BREAK * strength[card]
        p_win = win_probability(view, card)
        if p_win == 0.0:
            return -cost[card] - shed
        taken = in_trick + cost[card] + dump_risk(view, card, cost)
        if p_win == 1.0:
            return taken - shed
        return p_win * taken - (1.0 - p_win) * UNCERTAIN_DUMP_GAIN * cost[card] - shed

    return best_by(view.legal, expected, rng)


def take_one_choice(view: TrickView, rng: random.Random) -> int:
    """Try to win this trick: the lowest sure winner, else the highest card
    that beats the trick; with no card that beats it, the lowest card of
    the shortest suit (keeping high cards for a later try)."""
    strength = view.tables.strength
    winners = [card for card in view.legal if view.beats(card)]
    if winners:
        sure = [card for card in winners if view.is_sure_winner(card)]
        if sure:
            return best_by(sure, lambda card: strength[card], rng)
        return best_by(winners, lambda card: -strength[card], rng)
    return best_by(
        view.legal, lambda card: view.suit_length(card) * 10 + strength[card], rng
    )


def take_all_choice(view: TrickView, rng: random.Random) -> int:
    """Try to win every trick: lead a sure winner (the highest of the
    longest suit), follow with the lowest sure winner or the highest card;
    when the trick is lost anyway, throw the lowest card."""
    strength = view.tables.strength
    if view.is_leading:
        sure = [card for card in view.legal if view.is_sure_winner(card)]
        pool = sure or list(view.legal)
        return best_by(pool, lambda card: -view.suit_length(card) * 10 - strength[card], rng)
    return take_one_choice(view, rng)
