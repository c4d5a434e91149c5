"""Ranter Go Round odds (the study in ``scripts/ranter_odds.py``): the exact
figures on tables small enough to check by hand or by brute force, their
invariants (hypothesis), the examples of its docstrings, and real hands
through the engine agreeing with the exact figures."""

from __future__ import annotations

import doctest
import random
import sys
from fractions import Fraction
from math import comb
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from parlour.games.ranter_go_round import EXCHANGE, STAND

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "scripts"))

import ranter_odds
from ranter_odds import (
    KING,
    RANDOM,
    Z_999,
    Strategy,
    loss_probabilities,
    rank_of,
    simulate,
    threshold,
)

NEVER = threshold(1)
ALWAYS = threshold(KING + 1)
CHANCES = st.sampled_from([Fraction(0), Fraction(1, 3), Fraction(1, 2), Fraction(1)])


def strategy_from(chances: list[Fraction]) -> Strategy:
    return Strategy("drawn", tuple(chances))


STRATEGIES = st.lists(CHANCES, min_size=KING, max_size=KING).map(strategy_from)
"""Any chance for each rank (many classes: for two or three players only)."""


def blend(rank: int, below: Fraction, above: Fraction) -> Strategy:
    """A threshold played with a chance of slips: exchange below ``rank``
    with ``below``, from ``rank`` up with ``above``."""
    return Strategy("blend", (below,) * (rank - 1) + (above,) * (KING + 1 - rank))


BLENDS = st.builds(blend, st.integers(2, KING), CHANCES, CHANCES)


def brute_force(strategies: tuple[Strategy, ...]) -> tuple[Fraction, ...]:
    """The rules of one hand played out on ranks over every deal and every
    choice, each deal weighted by its chance (cards without replacement):
    a second computation that shares nothing with the module's classes."""
    players = len(strategies)
    totals = [Fraction(0)] * players

    def draw(left: list[int]) -> list[tuple[int, Fraction, list[int]]]:
        count = sum(left)
        return [(rank, Fraction(left[rank], count), [*left[:rank], left[rank] - 1,
                                                      *left[rank + 1:]])
                for rank in range(KING) if left[rank]]

    def turn(seat: int, cards: list[int], left: list[int], skip: bool,
             weight: Fraction) -> None:
        if seat == players:
            lowest = min(cards)
            for holder, card in enumerate(cards):
                if card == lowest:
                    totals[holder] += weight
            return
        card = cards[seat]
        chance = strategies[seat].exchange[card]
        if skip or card == KING - 1:
            turn(seat + 1, cards, left, False, weight)
            return
        if chance < 1:
            turn(seat + 1, cards, left, False, weight * (1 - chance))
        if chance == 0:
            return
        if seat == players - 1:
            for rank, odds, rest in draw(left):
                turn(seat + 1, [*cards[:seat], rank], rest, False, weight * chance * odds)
            return
        neighbour = cards[seat + 1]
        if neighbour == KING - 1:
            turn(seat + 1, cards, left, True, weight * chance)
            return
        swapped = [*cards]
        swapped[seat], swapped[seat + 1] = neighbour, card
        turn(seat + 1, swapped, left, False, weight * chance)

    def deal(cards: list[int], left: list[int], weight: Fraction) -> None:
        if len(cards) == players:
            turn(0, cards, left, False, weight)
            return
        for rank, odds, rest in draw(left):
            deal([*cards, rank], rest, weight * odds)

    deal([], [4] * KING, Fraction(1))
    return tuple(totals)


def test_two_players_who_never_exchange_each_lose_nine_in_seventeen() -> None:
    # The other card is below mine with 24/51 (as likely as above it, after
    # the 3/51 of a tie), and on a tie both lose: 24/51 + 3/51 = 9/17.
    assert loss_probabilities((NEVER, NEVER)) == (Fraction(9, 17), Fraction(9, 17))


def test_two_players_an_elder_who_always_exchanges_changes_nothing() -> None:
    # With two players the elder's exchange swaps two non-Kings, which are
    # as likely either way round: the odds are those of standing.
    assert loss_probabilities((ALWAYS, NEVER)) == (Fraction(9, 17), Fraction(9, 17))


def test_two_players_a_dealer_who_always_cuts() -> None:
    # Dealer's King (1/13): he stands, the elder loses whatever he holds
    # (on a King too, a tie). Otherwise (12/13) the dealer's card is a cut
    # from the 50 unseen cards: the elder's and the cut card are two draws
    # from the 51 cards other than the dealer's, so tied with
    # (3*2 + 12*4*3) / (51*50) = 1/17 and each lower alike:
    # (1 + 1/17) / 2 = 9/17 each. Elder: 1/13 + 12/13 * 9/17 = 125/221.
    # Dealer: 1/13 * 3/51 + 12/13 * 9/17 = 109/221.
    assert loss_probabilities((NEVER, ALWAYS)) == (Fraction(125, 221), Fraction(109, 221))


def test_nobody_exchanging_matches_the_hypergeometric_formula() -> None:
    # Holding rank r, a seat loses when the other n-1 cards are all of rank
    # r or higher: C(4 * (14 - r) - 1, n - 1) of the C(51, n - 1) draws.
    for players in (3, 5, 10):
        each = sum(Fraction(4, 52) * Fraction(comb(4 * (14 - rank) - 1, players - 1),
                                              comb(51, players - 1))
                   for rank in range(1, KING + 1))
        assert loss_probabilities((NEVER,) * players) == (each,) * players


@pytest.mark.parametrize("strategies", [
    (threshold(8), threshold(8)),
    (RANDOM, RANDOM),
    (threshold(8), threshold(8), threshold(8)),
    (RANDOM, threshold(8), RANDOM),
])
def test_the_exact_figures_match_a_brute_force_over_every_deal(
        strategies: tuple[Strategy, ...]) -> None:
    assert loss_probabilities(strategies) == brute_force(strategies)


def test_the_threshold_figures_for_two_players() -> None:
    assert loss_probabilities((threshold(8), threshold(8))) == (Fraction(337, 663),
                                                                Fraction(1867, 3315))


def test_five_players_threshold_eight_and_random() -> None:
    assert loss_probabilities((threshold(8),) * 5) == (
        Fraction(792177, 5089630), Fraction(5099158, 22903335), Fraction(1295169, 5089630),
        Fraction(126829, 469812), Fraction(2163965, 9161334))
    assert loss_probabilities((RANDOM,) * 5) == (Fraction(91101, 391510),) * 4 + (
        Fraction(86871, 391510),)


@settings(max_examples=25, deadline=None)
@given(st.lists(STRATEGIES, min_size=2, max_size=2))
def test_two_players_any_strategies_match_the_brute_force(
        strategies: list[Strategy]) -> None:
    assert loss_probabilities(tuple(strategies)) == brute_force(tuple(strategies))


@settings(max_examples=20, deadline=None)
@given(st.lists(BLENDS, min_size=2, max_size=5))
def test_the_chances_add_up_to_at_least_one_loser(strategies: list[Strategy]) -> None:
    chances = loss_probabilities(tuple(strategies))
    assert all(0 < chance < 1 for chance in chances)
    # all_lowest: the sum is the expected number of losers, 1 plus the ties.
    assert 1 < sum(chances) < 2


@settings(max_examples=20, deadline=None)
@given(st.lists(CHANCES, min_size=3, max_size=5))
def test_card_blind_players_leave_every_non_dealer_seat_alike(
        chances: list[Fraction]) -> None:
    # A choice that ignores the card swaps two non-Kings, which are as
    # likely either way round; a King never moves. So the seats before the
    # dealer are alike whatever each seat's own chance of exchanging.
    blind = tuple(Strategy("blind", (chance,) * KING) for chance in chances)
    seats = loss_probabilities(blind)[:-1]
    assert seats == (seats[0],) * len(seats)


def test_a_threshold_is_a_rank_from_one_to_fourteen() -> None:
    with pytest.raises(ValueError, match="from 1"):
        threshold(0)
    with pytest.raises(ValueError, match="13 chances"):
        Strategy("short", (Fraction(1),) * 12)
    with pytest.raises(ValueError, match="at least 2"):
        loss_probabilities((NEVER,))


def test_a_strategy_reads_its_card_from_the_observation() -> None:
    rng = random.Random(1)
    assert [rank_of(code) for code in ("AS", "7D", "TH", "KC")] == [1, 7, 10, 13]
    low = {"hand": ["7D"]}
    high = {"hand": ["8D"]}
    assert threshold(8).choose(low, [STAND, EXCHANGE], rng) == EXCHANGE
    assert threshold(8).choose(high, [STAND, EXCHANGE], rng) == STAND
    assert threshold(8).choose(low, [STAND], rng) == STAND


@pytest.mark.parametrize("strategy", [threshold(8), RANDOM])
def test_real_hands_agree_with_the_exact_figures(strategy: Strategy) -> None:
    strategies = (strategy,) * 5
    rates = simulate(strategies, hands=3000, seed=1, z=Z_999)
    exact = loss_probabilities(strategies)
    assert [rate.hands for rate in rates] == [3000] * 5
    assert all(rate.agrees(chance) for rate, chance in zip(rates, exact, strict=True)), (
        [(rate.low, float(chance), rate.high) for rate, chance in zip(rates, exact, strict=True)])


def test_a_simulation_is_the_same_for_the_same_seed() -> None:
    strategies = (RANDOM, threshold(8), RANDOM)
    assert simulate(strategies, hands=200, seed=5) == simulate(strategies, hands=200, seed=5)


def test_the_docstring_examples_hold() -> None:
    """The study's doctests (pytest collects doctests in src, not in scripts)."""
    outcome = doctest.testmod(ranter_odds)
    assert outcome.attempted == 4
    assert outcome.failed == 0
