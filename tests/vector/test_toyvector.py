"""The test suite's own vector game (``toyvector.py``) is Three Tricks,
action for action: the engine's users (the benchmark, ``simulate --engine
vector``, the Gymnasium vector environment) are tested over it."""

from __future__ import annotations

import random
from collections.abc import Iterator

import numpy as np
import pytest

import parlour
import parlour.vector
from parlour.engine import TERMINAL_PLAYER
from parlour.errors import IllegalAction
from parlour.vector.check import Summary, compare
from toygame import ThreeTricks
from toygame import registered as toy_registered
from vector.toyvector import VectorThreeTricks
from vector.toyvector import registered as vector_registered

KERNELS = ["python", *(["numba"] if parlour.vector.numba_available() else [])]


@pytest.fixture(autouse=True)
def toy() -> Iterator[None]:
    with toy_registered(), vector_registered():
        yield


@pytest.mark.parametrize("kernel", KERNELS)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_same_game_as_the_reference_from_loaded_positions(kernel: str, players: int) -> None:
    game = parlour.make(ThreeTricks.name, players=players)
    rng = random.Random(players)
    states = []
    for index in range(12):
        state = game.new_state(seed=index)
        for _ in range(rng.randrange(game.max_match_decisions())):
            state.apply(rng.choice(state.legal_actions()))
        states.append(state)
    vg = parlour.vector.make(ThreeTricks.name, batch_size=len(states), kernel=kernel,
                             players=players)
    vg.load(states)
    summary = Summary(game.name, {"players": players}, kernel)
    compare(vg, states, summary)
    while not vg.done.all():
        actions = vg.random_actions(np.random.default_rng(rng.randrange(2**32)))
        hands_before = [len(state.hand_results()) for state in states]
        for i, state in enumerate(states):
            if not state.is_terminal():
                assert actions[i] in state.legal_actions()
                state.apply(int(actions[i]))
        vg.step(actions)
        newly_dealt = [i for i, state in enumerate(states)
                       if len(state.hand_results()) > hands_before[i] and not state.is_terminal()]
        if newly_dealt:
            vg.load(states)  # the vector engine's own deal is not the reference's
        compare(vg, states, summary)


def dealt_once(vg: VectorThreeTricks, matches: np.ndarray) -> bool:
    """Every seat of each match of ``matches`` holds three cards, no card twice."""
    for i in matches:
        hands = [int(hand) for hand in vg.hands[i]]
        union = 0
        for hand in hands:
            union |= hand
        if [hand.bit_count() for hand in hands] != [3] * vg.num_players or \
                union.bit_count() != 3 * vg.num_players:
            return False
    return True


@pytest.mark.parametrize("kernel", KERNELS)
def test_every_deal_gives_every_card_once_and_random_play_ends_every_match(kernel: str) -> None:
    vg = parlour.vector.make(ThreeTricks.name, batch_size=64, kernel=kernel, players=4)
    assert isinstance(vg, VectorThreeTricks)
    vg.reset(5)
    assert dealt_once(vg, np.arange(64))
    rng = np.random.default_rng(1)
    steps = 0
    while not vg.done.all():
        before = vg.hand_number.copy()
        vg.step(vg.random_actions(rng))
        steps += 1
        assert dealt_once(vg, np.flatnonzero(vg.hand_number > before))
    assert steps == 3 * 4 * 3
    assert (vg.current_player == TERMINAL_PLAYER).all()
    assert (vg.hand_number == 3).all()
    assert (vg.scores().sum(axis=1) == 9 + vg.counted_events()["sweeps"]).all()


def played_out(kernel: str, batch_size: int, seed: int, choices: int,
               **options: int) -> np.ndarray:
    """The scores of a batch dealt from ``seed`` and played to its end by
    random actions drawn from ``choices``."""
    vg = parlour.vector.make(ThreeTricks.name, batch_size=batch_size, kernel=kernel, **options)
    vg.reset(seed)
    rng = np.random.default_rng(choices)
    while not vg.done.all():
        vg.step(vg.random_actions(rng))
    return vg.scores()


def test_the_same_seed_plays_the_same_matches() -> None:
    assert np.array_equal(played_out("auto", 16, 9, 3), played_out("auto", 16, 9, 3))


def test_both_kernels_play_alike() -> None:
    if not parlour.vector.numba_available():
        pytest.skip("numba is not installed")
    assert np.array_equal(played_out("python", 32, 2, 4, hands=4),
                          played_out("numba", 32, 2, 4, hands=4))


def test_an_illegal_action_is_refused_before_anything_moves() -> None:
    vg = parlour.vector.make(ThreeTricks.name, batch_size=2, kernel="python")
    vg.reset(1)
    legal = vg.legal_mask()
    illegal = int(np.flatnonzero(~legal[1])[0])
    actions = [int(np.flatnonzero(legal[0])[0]), illegal]
    before = vg.hands.copy()
    with pytest.raises(IllegalAction) as refused:
        vg.step(actions)
    assert str(refused.value) == f"action {illegal} is not legal in match 1"
    assert np.array_equal(vg.hands, before)


def test_a_match_takes_a_few_bytes() -> None:
    vg = parlour.vector.make(ThreeTricks.name, batch_size=8, players=4)
    # hands, played, trick, its length, leader, to move, dealer, tricks, voids,
    # totals, hand, phase, sweeps, needs a deal, actions; the base's player, done, hand
    assert vg.memory_per_match() == (8 * 4 + 8 + 4 * 4 + 4 + 4 + 4 + 4 + 4 + 4 + 4 * 4 + 2 + 1
                                     + 4 + 1 + 8 + 8 + 1 + 8)
