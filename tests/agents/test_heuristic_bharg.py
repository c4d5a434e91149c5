"""The Bharg heuristic (``parlour.agents.heuristic.bharg``): it takes and
discards to win, discards the Ace that binds its hand, leaves a useless
discard, and values a hand by its unbound cards, their points and the sets
it nearly holds."""

from __future__ import annotations

import random
from typing import Any

import pytest

import parlour
from parlour.agents.heuristic import heuristic_action
from parlour.agents.heuristic.bharg import (
    FAR_VALUE,
    LATE_POINT_COST,
    LATE_TURNS,
    NEAR_VALUE,
    POINT_COST,
    UNBOUND_COST,
    WIN_VALUE,
    LookaheadAgent,
    deck_in_play,
    hand_value,
)
from parlour.games.bharg import BASIC, CARD_BASE, DRAW, NAMES, TAKE, evaluate_hand

TWO_SETS = ["The Lunatic", "The Penitent", "The Market", "The Origin", "The Mountain",
            "The Soldier"]
"""Two disjoint sets: Lunatic + Penitent + Market, Origin + Mountain + Soldier."""
OTHER = ["The Author", "The Desert", "The Journey", "The Painter", "The Savage", "The Sailor",
         "The Forest"]


def position(hands: list[list[str]], aces: list[str], discards: list[str],
             **options: Any) -> Any:
    deal = {"dealer": 1, "hands": hands, "ace_pile": aces, "discard_pile": discards,
            "to_move": 0}
    return parlour.make("bharg", **options).new_state(deal=deal)


def move(state: Any) -> int:
    seat = state.current_player()
    return heuristic_action(state.observation(seat), state.legal_actions(), random.Random(0))


def card(name: str) -> int:
    return CARD_BASE + NAMES.index(name)


def bits(*names: str) -> int:
    return sum(1 << NAMES.index(name) for name in names)


def test_takes_the_discard_that_wins_and_discards_the_stray_card() -> None:
    """The Castle (Suns, Knots) is bound by the Ace of Knots: taking it and
    discarding The Huntress (Moons, unbound) binds the whole hand."""
    state = position([[*TWO_SETS, "The Huntress"], OTHER], ["Ace of Knots"], ["The Castle"])
    assert move(state) == TAKE
    state.apply(TAKE)
    assert move(state) == card("The Huntress")
    state.apply(card("The Huntress"))
    assert state.hand_results() == [[penalty_of(OTHER, "Ace of Knots"), 0]]


def penalty_of(names: list[str], ace: str | None) -> int:
    """The penalty of the loser's hand, by the game's own evaluator."""
    return evaluate_hand(names, ace).penalty


def test_discards_the_ace_that_binds_the_hand() -> None:
    """Taking The Soldier completes the second set; then discarding the Ace
    of Suns makes it the top Ace, which binds The Bard (Suns): the hand
    wins. Discarding The Bard instead would leave the Ace unbound."""
    state = position([[*TWO_SETS[:5], "The Bard", "Ace of Suns"], OTHER], [],
                     ["The Soldier"])
    assert move(state) == TAKE
    state.apply(TAKE)
    assert move(state) == card("Ace of Suns")
    state.apply(card("Ace of Suns"))
    assert state.hand_results() == [[penalty_of(OTHER, "Ace of Suns"), 0]]


def test_draws_when_the_discard_does_not_help() -> None:
    """The Windfall (a Crown of Knots) makes no set with a stray Sun in a
    hand of two sets: it would only replace one stray by another."""
    state = position([[*TWO_SETS, "The Bard"], OTHER], [], ["The Windfall"])
    assert move(state) == DRAW


def test_takes_a_crown_that_rebuilds_a_set_around_the_stray() -> None:
    """The Huntress (Moons) and The Bard (Suns) together stand for The
    Mountain (Moons, Suns): take her, discard the Mountain, and
    Origin + Huntress + Bard + Soldier is a set; the hand wins."""
    state = position([[*TWO_SETS, "The Bard"], OTHER], [], ["The Huntress"])
    assert move(state) == TAKE
    state.apply(TAKE)
    assert move(state) == card("The Mountain")
    state.apply(card("The Mountain"))
    assert state.hand_results() == [[penalty_of(OTHER, None), 0]]


def test_hand_value_counts_unbound_cards_points_and_near_sets() -> None:
    """The Author (Moons, Knots) and The Desert (Suns, Wyrms) lack only
    The Origin (Waves, Leaves) for a set; The Huntress is bound by nothing."""
    in_play = deck_in_play({})
    assert in_play == BASIC
    hand = bits(*TWO_SETS[:3], "The Author", "The Desert", "The Huntress")
    unseen = BASIC & ~hand
    value = hand_value(hand, -1, unseen, in_play, turns=0)
    assert value < 0
    without_origin = hand_value(hand, -1, unseen & ~bits("The Origin"), in_play, turns=0)
    assert value > without_origin
    # the whole hand of two sets wins
    assert hand_value(bits(*TWO_SETS), -1, unseen, in_play, turns=0) == WIN_VALUE
    # a lone stray: one unbound card and its points, nothing near
    stray = bits(*TWO_SETS, "The Huntress")
    assert hand_value(stray, -1, 0, in_play, turns=0) == -UNBOUND_COST - POINT_COST * 10
    # a cheaper stray is kept more gladly; late in the round points weigh more
    cheap = bits(*TWO_SETS, "The Author")
    assert hand_value(cheap, -1, 0, in_play, turns=0) == -UNBOUND_COST - POINT_COST * 2
    assert hand_value(cheap, -1, 0, in_play, turns=LATE_TURNS) == (
        -UNBOUND_COST - LATE_POINT_COST * 2)
    assert FAR_VALUE < NEAR_VALUE


# ---------------------------------------------------------------------------
# the hard player: one draw deeper


def look(state: Any) -> int:
    return LookaheadAgent(seed=1).choose(state.observation(0), state.legal_actions())


def test_lookahead_takes_and_discards_to_win() -> None:
    state = position([[*TWO_SETS, "The Bard"], OTHER], [], ["The Huntress"])
    assert look(state) == TAKE
    state.apply(TAKE)
    assert look(state) == card("The Mountain")


def test_lookahead_discards_the_ace_that_binds_the_hand() -> None:
    state = position([[*TWO_SETS[:5], "The Bard", "Ace of Suns"], OTHER], [],
                     ["The Soldier"])
    assert look(state) == TAKE
    state.apply(TAKE)
    assert look(state) == card("Ace of Suns")


def test_lookahead_draws_when_the_stock_promises_more() -> None:
    """A stray Sun beside two sets: The Windfall changes one stray for
    another, while the stock may bring a card that rebuilds a set around
    The Bard (as The Huntress would) and wins."""
    state = position([[*TWO_SETS, "The Bard"], OTHER], [], ["The Windfall"])
    assert look(state) == DRAW


def test_lookahead_budget_is_checked() -> None:
    with pytest.raises(ValueError, match="draws must be at least 1, not 0"):
        LookaheadAgent(draws=0)
