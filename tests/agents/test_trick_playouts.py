"""The playouts' policy of the batched ``hard`` in Polignac
(``parlour.agents.heuristic.trick_playouts``): the ``easy`` player's
rules of thumb, move by move in known positions, the same on both kernels,
and always a legal move."""

from __future__ import annotations

import numpy as np
import pytest

import parlour
import parlour.vector
from parlour.agents.heuristic.strategies import POLIGNAC_PLAYOUTS
from parlour.engine import State

HANDS = ["JS 7H 8H 9H 7D 8D 7C 8C", "KS TS QH TH 9D TD 9C TC",
         "QS AS 9S AH KH JH AD KD", "8S 7S KC QC JC AC QD JD"]
"""Dealer seat 3, so seat 0 is eldest. Polignac's order, low to high:
7 8 9 10 A J Q K; the jacks cost 1, the jack of spades 2."""

KERNELS = ["python"] + (["numba"] if parlour.vector.numba_available() else [])


def start() -> State:
    return parlour.make("polignac").new_state(deal={"dealer": 3, "hands": [
        hand.split() for hand in HANDS]})


def policy_move(state: State, kernel: str, seed: int = 0) -> str:
    vector = parlour.vector.make("polignac", batch_size=1, kernel=kernel)
    vector.load([state])
    action = int(POLIGNAC_PLAYOUTS(vector, np.random.default_rng(seed))[0])
    assert action in state.legal_actions()
    return state.action_to_str(action)


def play(state: State, *moves: str) -> State:
    for move in moves:
        state.apply(state.parse_action(move))
    return state


@pytest.mark.parametrize("kernel", KERNELS)
def test_passes_the_call(kernel: str) -> None:
    assert policy_move(start(), kernel) == "pass"


@pytest.mark.parametrize("kernel", KERNELS)
def test_leads_a_lowest_card_that_costs_nothing_any_of_them(kernel: str) -> None:
    state = play(start(), "pass", "pass", "pass", "pass")
    leads = {policy_move(state, kernel, seed) for seed in range(30)}
    assert leads == {"7H", "7D", "7C"}


@pytest.mark.parametrize("kernel", KERNELS)
def test_ducks_with_the_highest_card_that_still_loses(kernel: str) -> None:
    state = play(start(), "pass", "pass", "pass", "pass", "JS")
    assert policy_move(state, kernel) == "TS"
    play(state, "TS")
    assert policy_move(state, kernel) == "AS"  # the ace is below the jack
    play(state, "AS")
    assert policy_move(state, kernel) == "8S"


@pytest.mark.parametrize("kernel", KERNELS)
def test_sheds_a_high_card_when_every_card_wins_and_throws_a_jack_when_void(
        kernel: str) -> None:
    state = play(start(), "pass", "pass", "pass", "pass", "7C")
    assert policy_move(state, kernel) == "TC"
    play(state, "TC")
    assert policy_move(state, kernel) == "JH"  # void in clubs: the dearest card
    play(state, "JH")
    assert policy_move(state, kernel) == "KC"  # every club wins: the highest free one


@pytest.mark.parametrize("kernel", KERNELS)
def test_the_capot_bidder_takes_and_the_others_try_to_stop_him(kernel: str) -> None:
    state = play(start(), "capot")
    assert policy_move(state, kernel) == "JS"
    play(state, "JS")
    assert policy_move(state, kernel) == "KS"  # the one card that beats the jack
    play(state, "KS")
    assert policy_move(state, kernel) == "9S"  # cannot win: the cheapest, lowest


@pytest.mark.parametrize("options", [{}, {"players": 3}, {"players": 5, "capot": False},
                                     {"capot_fail": "jacks_normal", "capot_bidder_leads": True}])
def test_plays_only_legal_moves_whole_matches(options: dict[str, object]) -> None:
    vector = parlour.vector.make("polignac", batch_size=64, target=6, **options)
    vector.reset(3)
    rng = np.random.default_rng(3)
    for _ in range(2000):
        if vector.done.all():
            break
        actions = POLIGNAC_PLAYOUTS(vector, rng)
        legal = vector.legal_mask()
        playing = ~vector.done
        assert legal[np.flatnonzero(playing), actions[playing]].all()
        vector.step(actions)
    assert vector.done.all()
