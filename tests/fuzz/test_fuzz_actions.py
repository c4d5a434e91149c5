"""Fuzzing the move entry points of every game at reachable positions:
``parse_action``, ``parse_actions``, ``apply_text``, ``apply`` and
``observation`` take any input, and either do what they document or raise
the documented error leaving the state exactly as it was."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from fuzz_support import action_texts, arbitrary_text, fuzz_settings, positions, texts_near
from hypothesis import given
from hypothesis import strategies as st

from parlour.engine import State
from parlour.errors import IllegalAction, ParseError
from support import GAME_NAMES

READ_ERRORS = (ParseError, IllegalAction)
"""What reading a move may raise: text that names no action, or (for a
sequence such as a rummy meld) a step that the rules refuse."""


def fingerprint(state: State) -> dict[str, Any]:
    """What a failed call must leave as it was: the record, whose turn it
    is, the legal moves, where every card is, the scores and what a
    spectator sees."""
    return {
        "record": state.record(),
        "current_player": state.current_player(),
        "legal": state.legal_actions(),
        "locations": state.card_locations(),
        "scores": state.scores(),
        "public": state.public_observation(),
    }


def check_action_id(state: State, action: object) -> None:
    """``action`` is an id of the game's action space (a plain ``int``)."""
    assert type(action) is int, action
    assert 0 <= action < state.game.num_actions, action


def texts_for(state: State) -> st.SearchStrategy[object]:
    """Arbitrary text, near misses of the texts of the game's actions, and
    now and then a value that is not text at all (a JSON payload's)."""
    texts = action_texts(state)
    not_text = st.one_of(st.none(), st.integers(), st.binary(max_size=4),
                         st.lists(st.sampled_from(texts), max_size=2))
    return st.one_of(arbitrary_text(), texts_near(texts), texts_near(texts), not_text)


def check_read(state: State, text: object) -> None:
    """``parse_action``, ``parse_actions`` and ``apply_text`` on ``text``."""
    before = fingerprint(state)
    history = list(state.history)
    try:
        check_action_id(state, state.parse_action(text))  # type: ignore[arg-type]
    except READ_ERRORS as error:
        assert str(error)
    assert fingerprint(state) == before
    try:
        for action in state.parse_actions(text):  # type: ignore[arg-type]
            check_action_id(state, action)
    except READ_ERRORS as error:
        assert str(error)
    assert fingerprint(state) == before
    try:
        action = state.apply_text(text)  # type: ignore[arg-type]
    except READ_ERRORS as error:
        assert str(error)
        assert fingerprint(state) == before
    else:
        assert action in before["legal"]
        assert state.history == [*history, action]


@pytest.mark.parametrize("name", GAME_NAMES)
@fuzz_settings(2)
@given(data=st.data())
def test_reading_any_text_gives_an_action_or_a_documented_error(
    name: str, data: st.DataObject
) -> None:
    state = data.draw(positions(name))
    for _ in range(3):
        check_read(state, data.draw(texts_for(state)))


def action_values(state: State) -> st.SearchStrategy[object]:
    """Anything that a caller might pass to ``apply``: ids in and out of
    range, legal ones in other integer types, and things that are no id."""
    legal = state.legal_actions()
    size = state.game.num_actions
    integers = st.one_of(
        st.integers(),
        st.integers(min_value=-3, max_value=size + 3),
        st.sampled_from([-1, size, 2**63, -(2**63), 2**64 + 1]),
    )
    others: st.SearchStrategy[object] = st.one_of(
        st.booleans(), st.none(), st.floats(), st.text(max_size=8), st.binary(max_size=4),
        st.lists(st.integers(min_value=0, max_value=size), max_size=2),
        st.complex_numbers(),
    )
    if legal:
        chosen = st.sampled_from(legal)
        others = others | chosen.map(np.int64) | chosen.map(np.uint8 if size < 256 else np.int32) \
            | chosen.map(float) | chosen.map(str)
    return st.one_of(integers, others)


@pytest.mark.parametrize("name", GAME_NAMES)
@fuzz_settings(2)
@given(data=st.data())
def test_apply_takes_a_legal_id_or_raises_illegal_action(name: str,
                                                         data: st.DataObject) -> None:
    state = data.draw(positions(name))
    for _ in range(4):
        value = data.draw(action_values(state))
        before = fingerprint(state)
        try:
            state.apply(value)  # type: ignore[arg-type]
        except IllegalAction as error:
            assert str(error)
            assert fingerprint(state) == before
        else:
            assert isinstance(value, int | np.integer) and not isinstance(value, bool)
            assert int(value) in before["legal"]
            assert state.history[-1] == int(value)
            assert type(state.history[-1]) is int


@pytest.mark.parametrize("name", GAME_NAMES)
@fuzz_settings()
@given(data=st.data())
def test_observation_of_any_seat_or_a_parse_error(name: str, data: st.DataObject) -> None:
    state = data.draw(positions(name))
    players = state.game.num_players
    seat = data.draw(st.one_of(
        st.integers(min_value=-2, max_value=players + 2), st.integers(), st.booleans(),
        st.none(), st.text(max_size=3), st.floats(),
    ))
    try:
        observation = state.observation(seat)  # type: ignore[arg-type]
    except ParseError as error:
        assert str(error) == f"seat {seat!r} does not exist; seats are 0 to {players - 1}"
        return
    assert type(seat) is int and 0 <= seat < players
    assert observation["seat"] == seat
