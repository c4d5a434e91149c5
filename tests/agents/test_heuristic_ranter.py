"""The Ranter Go Round heuristic (``parlour.agents.heuristic.ranter``):
the median rule against unknown cards, a known card decides, and the
dealer counts a King from the stock as the rules make it."""

from __future__ import annotations

import random
from typing import Any

import pytest

import parlour
from parlour.agents.heuristic import heuristic_action
from parlour.agents.heuristic.ranter import rank_of
from parlour.games.ranter_go_round import EXCHANGE, STAND


def position(hands: list[str], dealer: int, **options: Any) -> Any:
    game = parlour.make("ranter-go-round", players=len(hands), **options)
    return game.new_state(deal={"dealer": dealer, "hands": [[card] for card in hands]})


def move(state: Any) -> int:
    seat = state.current_player()
    return heuristic_action(state.observation(seat), state.legal_actions(), random.Random(0))


def test_ranks_run_from_the_ace_to_the_king() -> None:
    assert [rank_of(code) for code in ("AS", "7H", "TD", "KC")] == [0, 6, 9, 12]


@pytest.mark.parametrize(("card", "expected"), [
    ("AS", EXCHANGE), ("5H", EXCHANGE), ("6H", EXCHANGE),
    ("7H", STAND), ("8H", STAND), ("QD", STAND),
])
def test_the_median_rule_against_an_unknown_card(card: str, expected: int) -> None:
    """Seat 0 (the elder, dealer 3) knows only his own card. The
    neighbour's Kings would refuse and change nothing, so a 6 faces 24
    higher cards (7 to Q) and 20 lower: exchange; a 7 faces 20 higher and
    24 lower: stand."""
    state = position([card, "9C", "TC", "JC"], dealer=3)
    assert state.current_player() == 0
    assert move(state) == expected


def test_a_known_card_decides() -> None:
    """Seat 0 stands on his 9 (12 higher non-Kings, 32 lower). Seat 1
    exchanges his 3 with seat 2's ten; seat 2, who now holds the 3, knows
    that seat 1 holds the ten, but not seat 3's card: he exchanges by the
    median rule. Had seat 3 been known to hold a lower card, he would have
    stood."""
    state = position(["9D", "3H", "TC", "JC"], dealer=3)
    assert move(state) == STAND
    state.apply(STAND)
    assert move(state) == EXCHANGE
    state.apply(EXCHANGE)
    assert state.current_player() == 2
    assert state.observation(2)["players"][1]["card"] == "TC"
    assert move(state) == EXCHANGE


def test_a_shown_king_is_counted_as_seen() -> None:
    """Seat 0 shows the King of spades; the dealer holds a 6 and a King
    cut would cost him a life: 24 cards are higher (7 to Q) and 20 lower,
    plus the 3 Kings still unseen: he exchanges (without seeing the King,
    24 against 24, he would stand, as in the next test)."""
    state = position(["KS", "QH", "QD", "6C"], dealer=3, dealer_cuts_king="dealer_loses")
    for _ in range(2):
        assert move(state) == STAND
        state.apply(STAND)
    assert state.current_player() == 3
    assert move(state) == EXCHANGE


@pytest.mark.parametrize(("rule", "expected"), [
    ("take", EXCHANGE), ("keep_original", EXCHANGE), ("dealer_loses", STAND),
])
def test_the_dealer_counts_a_stock_king_as_the_rules_make_it(rule: str, expected: int) -> None:
    """Everyone stands on a Queen; the dealer holds a 6 and knows nothing
    else: 24 cards from 7 to Q are higher, 20 from A to 5 lower, so he
    exchanges unless a King cut would cost him a life (24 against 24)."""
    state = position(["QS", "QH", "QD", "6C"], dealer=3, dealer_cuts_king=rule)
    for _ in range(3):
        assert move(state) == STAND
        state.apply(STAND)
    assert state.current_player() == 3
    assert move(state) == expected
