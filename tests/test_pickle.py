"""Pickling games and matches (worker processes receive them): a game goes
by reference, as its class and options, so that a pickled match does not
carry the game's tables; the copy plays on as the original does."""

from __future__ import annotations

import pickle
import random

import numpy as np
import pytest

import parlour
from parlour.engine import State
from support import GAME_NAMES, GAME_OPTION_SETS, option_id

LIMIT = 20_000
"""The most bytes a pickled match may take at the start and halfway."""


def random_actions(name: str, seed: int) -> list[int]:
    """The actions of a whole random match of ``name`` at its defaults."""
    state = parlour.make(name).new_state(seed=seed)
    rng = random.Random(seed)
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
    return state.history


def assert_plays_on_alike(copy: State, state: State, actions: list[int]) -> None:
    """``copy`` and ``state`` answer alike after each of ``actions``."""
    for action in actions:
        copy.apply(action)
        state.apply(action)
        assert copy.legal_actions() == state.legal_actions()
        assert copy.observation(0) == state.observation(0)
        assert np.array_equal(copy.observation_tensor(0), state.observation_tensor(0))
    assert copy.record() == state.record()


@pytest.mark.parametrize("name", GAME_NAMES)
def test_a_pickled_match_is_small_and_plays_on(name: str) -> None:
    """At the start and halfway through a random match at the defaults,
    under 20 KB (a Knaves match took 597 KB, its game's suit tables), and
    the copy plays on to the same end."""
    actions = random_actions(name, 0)
    half = len(actions) // 2
    game = parlour.make(name)
    for played in (0, half):
        state = game.new_state(seed=0)
        for action in actions[:played]:
            state.apply(action)
        data = pickle.dumps(state)
        assert len(data) < LIMIT
        assert_plays_on_alike(pickle.loads(data), state, actions[played:])


@pytest.mark.parametrize(
    ("name", "options"), GAME_OPTION_SETS,
    ids=[f"{name}[{option_id(options)}]" for name, options in GAME_OPTION_SETS],
)
def test_a_game_pickles_by_its_class_and_options(name: str, options: dict[str, object]) -> None:
    game = parlour.make(name, **options)
    data = pickle.dumps(game)
    assert len(data) < 1000
    copy = pickle.loads(data)
    assert type(copy) is type(game)
    assert copy.options == game.options
    # unpickled once per process and options: every copy shares its tables
    assert pickle.loads(data) is copy


def test_a_trick_match_pickles_the_suit_led_in_mid_trick() -> None:
    """Knaves' suits are thirteen cards (tables of 8,192 subsets): in
    mid-trick the copy knows the suit led, as one card of it."""
    actions = random_actions("knaves", 4)
    state = parlour.make("knaves").new_state(seed=4)
    state.apply(actions[0])
    assert state.led is not None
    assert len(pickle.dumps(state)) < 2000
    copy = pickle.loads(pickle.dumps(state))
    assert copy.led is copy.game.card_follow[actions[0]]
    assert_plays_on_alike(copy, state, actions[1:])
