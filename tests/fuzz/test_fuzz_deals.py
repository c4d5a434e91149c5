"""Fuzzing fixed deals, ``game.new_state(deal=...)``: any JSON-like mapping,
and valid deals spoiled (a card twice, a card missing, a seat too many or
too few, a value of the wrong type), give a position in which every card is
in exactly one place, or the :class:`ParseError` or :class:`OptionError`
that DESIGN.md documents for an impossible deal."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest
from fuzz_support import (
    JSON_SCALARS,
    OPTION_SETS,
    arbitrary_text,
    check_conservation,
    fuzz_settings,
    json_values,
    near_misses,
    valid_deal,
)
from hypothesis import given
from hypothesis import strategies as st

import parlour
from parlour.engine import Game
from parlour.errors import OptionError, ParseError
from support import GAME_NAMES, random_action

DEAL_ERRORS = (ParseError, OptionError)

DEAL_KEYS = ["dealer", "hands", "scores", "turnup", "under", "stock", "pile", "to_move",
             "round", "discard", "melds", "down", "cut", "lives", "carried_pot", "ace_pile",
             "discard_pile", "columns", "piles"]
"""Every key that some game's deal names (DESIGN.md, "Public API")."""

Place = tuple[str | int, ...]
"""Where a value sits inside a deal: keys and list indices from the top."""


def paths(value: Any, prefix: Place = ()) -> list[Place]:
    """Every place inside a deal: each key of a mapping, each list item."""
    found: list[Place] = [prefix] if prefix else []
    if isinstance(value, dict):
        for key, item in value.items():
            found.extend(paths(item, (*prefix, key)))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found.extend(paths(item, (*prefix, index)))
    return found


def container(deal: dict[str, Any], path: Place) -> Any:
    """The mapping or list that holds the place ``path``."""
    holder: Any = deal
    for step in path[:-1]:
        holder = holder[step]
    return holder


@st.composite
def spoiled(draw: st.DrawFn, deal: dict[str, Any], codes: list[str]) -> dict[str, Any]:
    """``deal`` after one to three slips: a value replaced (by another
    card's code, a near miss of its own, or anything JSON), a key or item
    dropped, an item doubled, or a key added."""
    result = copy.deepcopy(deal)
    for _ in range(draw(st.integers(min_value=1, max_value=3))):
        places = paths(result)
        if not places:
            break
        path = draw(st.sampled_from(places))
        holder = container(result, path)
        key = path[-1]
        old = holder[key]
        slip = draw(st.sampled_from(["replace", "drop", "double", "add"]))
        if slip == "replace":
            holder[key] = draw(st.one_of(
                st.sampled_from(codes), json_values(6),
                near_misses(old) if isinstance(old, str) else JSON_SCALARS,
                st.just(" ".join(old)) if isinstance(old, list) and all(
                    isinstance(item, str) for item in old) else JSON_SCALARS,
            ))
        elif slip == "drop":
            del holder[key]
        elif slip == "double" and isinstance(holder, list):
            holder.insert(key, copy.deepcopy(old))  # type: ignore[arg-type]
        else:
            new_key = draw(st.sampled_from(DEAL_KEYS) | arbitrary_text(8))
            result.setdefault(new_key, draw(json_values(6)))
    return result


def check_deal(game: Game, deal: Any, seed: int) -> None:
    """``deal`` starts a sound match or is refused with a documented error."""
    before = copy.deepcopy(deal)
    try:
        state = game.new_state(seed=seed, deal=deal)
    except DEAL_ERRORS as error:
        assert str(error)
        assert deal == before
        return
    assert deal == before
    check_conservation(state)
    legal = state.legal_actions()
    assert legal == sorted(set(legal))
    assert state.is_terminal() or legal
    for seat in range(game.num_players):
        state.observation(seat)
    rng = random.Random(seed)
    for _ in range(10):
        if state.is_terminal():
            break
        state.apply(random_action(state, rng))
        check_conservation(state)
    assert parlour.replay(state.record()).history == state.history


@pytest.mark.parametrize("name", GAME_NAMES)
@fuzz_settings(2)
@given(data=st.data())
def test_spoiled_deals_start_a_sound_match_or_are_refused(name: str,
                                                          data: st.DataObject) -> None:
    options = data.draw(st.sampled_from(OPTION_SETS[name]))
    seed = data.draw(st.integers(min_value=0, max_value=2**32))
    game = parlour.make(name, **options)
    codes = [card.code for card in game.deck]
    deal = valid_deal(name, options, seed)
    check_deal(game, data.draw(spoiled(deal, codes)), seed)


@pytest.mark.parametrize("name", GAME_NAMES)
@fuzz_settings()
@given(data=st.data())
def test_arbitrary_mappings_start_a_sound_match_or_are_refused(name: str,
                                                               data: st.DataObject) -> None:
    options = data.draw(st.sampled_from(OPTION_SETS[name]))
    game = parlour.make(name, **options)
    codes = [card.code for card in game.deck]
    value = st.one_of(json_values(8), st.lists(st.sampled_from(codes), max_size=20),
                      st.lists(st.lists(st.sampled_from(codes), max_size=9), max_size=8))
    deal = data.draw(st.dictionaries(st.sampled_from(DEAL_KEYS) | arbitrary_text(8), value,
                                     max_size=5))
    check_deal(game, deal, data.draw(st.integers(min_value=0, max_value=2**32)))


@pytest.mark.parametrize("name", GAME_NAMES)
def test_valid_deals_start_a_sound_match(name: str) -> None:
    for options in OPTION_SETS[name]:
        game = parlour.make(name, **options)
        state = game.new_state(seed=1, deal=valid_deal(name, options, 1))
        check_conservation(state)
