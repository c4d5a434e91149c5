"""The trick family's batched engine (:mod:`parlour.vector.tricks`) is the
reference's game: every option set of the conformance suite, both kernels,
random mid-hand positions; its own deals; its refusals."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import parlour
import parlour.vector
from parlour.errors import IllegalAction
from parlour.vector import VectorError, numba_available
from parlour.vector.check import check, cross_check, play, walk
from parlour.vector.tricks import GAMES, TrickVectorGame
from support import option_sets

KERNEL = "numba" if numba_available() else "python"
HANDS = 100
"""Hands compared a conformance option set in ``make test`` (the full count:
``scripts/vector_equivalence.py``)."""

EVERY_SET = [(name, options) for name in GAMES for options in option_sets(name)]
REFUSED = [(name, options) for name, options in EVERY_SET
           if TrickVectorGame.refusal(parlour.make(name, **options)) is not None]
"""The option sets the kernels do not play (Polignac's ``direction`` right)."""
OPTION_SETS = [entry for entry in EVERY_SET if entry not in REFUSED]


@pytest.mark.parametrize(("name", "options"), OPTION_SETS,
                         ids=[f"{name}-{options}" for name, options in OPTION_SETS])
def test_every_option_set_plays_the_reference_game(name: str, options: dict[str, object]) -> None:
    summary = check(name, options, HANDS, seed=11, kernel=KERNEL)
    assert summary.hands >= HANDS
    assert summary.matches > 0


@pytest.mark.parametrize(("name", "options"), REFUSED,
                         ids=[f"{name}-{options}" for name, options in REFUSED])
def test_an_option_set_it_does_not_play_is_refused_in_words(
        name: str, options: dict[str, object]) -> None:
    assert options.get("direction") == "right"
    with pytest.raises(VectorError) as refused:
        parlour.vector.make(name, batch_size=1, kernel=KERNEL, **options)
    assert str(refused.value) == (
        f"the vector engine does not play {parlour.make(name, **options)!r}: "
        "it deals and plays to the left only (direction=left)")


@pytest.mark.parametrize("name", GAMES)
def test_the_python_kernel_plays_the_reference_game(name: str) -> None:
    summary = check(name, option_sets(name)[0], 6, seed=5, kernel="python", batch_size=4)
    assert summary.hands >= 6


@pytest.mark.skipif(not numba_available(), reason="the numba kernel needs Numba")
@pytest.mark.parametrize("name", GAMES)
def test_both_kernels_deal_and_play_alike(name: str) -> None:
    assert cross_check(name, option_sets(name)[0], steps=150, seed=3, batch_size=16) >= 4


@settings(max_examples=30, deadline=None)
@given(name=st.sampled_from(GAMES), seed=st.integers(0, 2**31 - 1),
       actions=st.integers(0, 150), players=st.integers(3, 6))
def test_from_any_mid_hand_position_the_hand_plays_out_alike(
        name: str, seed: int, actions: int, players: int) -> None:
    options = dict(option_sets(name)[0])
    if name not in ("knaves", "bassadewitz"):
        options["players"] = players
    game = parlour.make(name, **options)
    rng = random.Random(seed)
    state = walk(game.new_state(seed=seed), rng, actions)
    vg = parlour.vector.make(name, batch_size=1, kernel=KERNEL, **options)
    vg.load([state])
    assert play(vg, [state], rng, 1).hands == 1


@pytest.mark.parametrize("name", GAMES)
def test_reset_deals_every_card_once_and_the_same_seed_the_same_matches(name: str) -> None:
    options = option_sets(name)[0]
    game = parlour.make(name, **options)
    batch = parlour.vector.make(name, batch_size=64, kernel=KERNEL, **options)
    again = parlour.vector.make(name, batch_size=64, kernel=KERNEL, **options)
    batch.reset(21)
    again.reset(21)
    tables: Any = game  # a TrickGame, and a TrickVectorGame's arrays
    arrays: Any = batch
    full = (1 << len(tables.deck)) - 1
    for index in range(64):
        hands = [int(hand) for hand in arrays.hands[index]]
        union = int(arrays.out_of_play[index])
        for hand in hands:
            assert union & hand == 0
            union |= hand
        assert union == full
        assert [hand.bit_count() for hand in hands] == [tables.hand_size] * game.num_players
    assert np.array_equal(batch.observation_tensor(), again.observation_tensor())
    assert len({tuple(row) for row in arrays.hands.tolist()}) == 64
    rng = np.random.default_rng(1)
    for _ in range(100_000):
        if batch.done.all():
            break
        batch.step(batch.random_actions(rng))
    assert batch.done.all()
    assert np.array_equal(batch.current_player, np.full(64, -4))
    assert (np.abs(batch.returns().sum(axis=1)) < 1e-9).all()


def test_a_polignac_dealer_discarding_is_dealt_two_cards_more() -> None:
    batch = parlour.vector.make("polignac", batch_size=8, kernel=KERNEL, players=3,
                                pack_reduction="dealer_discard")
    batch.reset(2)
    arrays: Any = batch  # a TrickVectorGame's arrays
    sizes = [[int(hand).bit_count() for hand in row] for row in arrays.hands]
    assert sizes == [[12, 10, 10]] * 8  # seat 0 deals the first hand
    assert (batch.current_player == 0).all()


def test_states_of_another_game_or_option_set_are_refused() -> None:
    batch = parlour.vector.make("polignac", batch_size=1, kernel=KERNEL)
    with pytest.raises(VectorError) as refused:
        batch.load([parlour.make("knaves").new_state(seed=1)])
    assert str(refused.value) == "state 0 is parlour.make('knaves'), not parlour.make('polignac')"
    with pytest.raises(VectorError) as refused:
        batch.load([parlour.make("polignac", target=10).new_state(seed=1)])
    assert str(refused.value) == ("state 0 is parlour.make('polignac', target=10), "
                                  "not parlour.make('polignac')")
    with pytest.raises(VectorError) as refused:
        batch.load([])
    assert str(refused.value) == "load needs 1 states, one a match; 0 were given"


def test_a_state_at_a_chance_node_is_refused() -> None:
    batch = parlour.vector.make("slobberhannes", batch_size=1, kernel=KERNEL)
    state = parlour.make("slobberhannes").new_state(seed=1, explicit_chance=True)
    with pytest.raises(VectorError) as refused:
        batch.load([state])
    assert str(refused.value) == ("state 0 is at a chance node (a card being dealt); "
                                  "load a state where a player is to move")


def test_an_illegal_action_is_refused_before_any_match_moves() -> None:
    batch = parlour.vector.make("polignac", batch_size=3, kernel=KERNEL)
    batch.reset(4)
    before = batch.observation_tensor()
    actions = batch.random_actions(np.random.default_rng(0))
    actions[2] = 5  # a card: every match is announcing capot or passing
    with pytest.raises(IllegalAction) as refused:
        batch.step(actions)
    assert str(refused.value) == "match 2 cannot take action 5: it is not one of its legal actions"
    assert np.array_equal(batch.observation_tensor(), before)
    with pytest.raises(IllegalAction) as refused:
        batch.step(np.array([32, 32, 99]))
    assert str(refused.value) == "match 2 cannot take action 99: it is not one of its legal actions"
    with pytest.raises(IllegalAction) as refused:
        batch.step([32, 32])
    assert str(refused.value) == ("step needs 3 integer actions, one a match; it was given an "
                                  "array of shape (2,) and type int64")


def test_a_match_that_is_over_ignores_its_action() -> None:
    game = parlour.make("polignac", target=1)
    state = game.new_state(seed=3)
    rng = random.Random(3)
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
    batch = parlour.vector.make("polignac", batch_size=1, kernel=KERNEL, target=1)
    batch.load([state])
    batch.step(np.array([12345]))
    assert batch.scores().tolist() == [state.scores()]
    assert batch.returns().tolist() == [state.returns()]
    assert batch.legal_mask().tolist() == [[False] * 34]


def test_a_batch_of_no_matches_is_refused() -> None:
    with pytest.raises(VectorError) as refused:
        parlour.vector.make("knaves", batch_size=0)
    assert str(refused.value) == "batch_size must be a whole number of at least 1, not 0"


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("batch_size", [1, 8192])
def test_a_match_takes_at_most_a_kilobyte(name: str, batch_size: int) -> None:
    options = {"players": 6} if name not in ("knaves", "bassadewitz") else {}
    assert parlour.vector.make(name, batch_size=batch_size, kernel=KERNEL,
                               **options).memory_per_match() <= 1024
