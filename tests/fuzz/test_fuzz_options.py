"""Fuzzing ``parlour.make(name, **options)``: any game name and any option
names and values give a playable game or an :class:`OptionError` naming
what was refused."""

from __future__ import annotations

import random

import pytest
from fuzz_support import JSON_SCALARS, arbitrary_text, fuzz_settings, json_values, near_misses
from hypothesis import given
from hypothesis import strategies as st

import parlour
from parlour.engine import Option, game_class, parse_option_assignments
from parlour.errors import OptionError
from support import GAME_NAMES, random_action

GAMES = ", ".join(GAME_NAMES)


@fuzz_settings(3)
@given(name=st.one_of(arbitrary_text(), st.sampled_from(GAME_NAMES).flatmap(near_misses)))
def test_any_game_name_is_a_game_or_an_option_error(name: str) -> None:
    try:
        game = parlour.make(name)
    except OptionError as error:
        message = str(error)
        assert message.startswith(f"no game called {name!r}")
        assert message.endswith(f"; the games are {GAMES}")
        return
    assert game.name.replace("_", "-") == name.strip().casefold().replace("_", "-")


def values_for(option: Option) -> st.SearchStrategy[object]:
    """Values a person or a program might give ``option``: its allowed
    values in other spellings and types, its bounds and beyond, and junk."""
    spelled = st.sampled_from([option.default, *option.choices]).flatmap(
        lambda value: st.sampled_from([value, str(value), f" {value} ", str(value).upper(),
                                       str(value).lower()])
    )
    bounds = [bound for bound in (option.minimum, option.maximum) if bound is not None]
    near = st.sampled_from(bounds or [0]).flatmap(
        lambda bound: st.integers(min_value=bound - 2, max_value=bound + 2)
    )
    numbers = st.one_of(near, st.integers(), near.map(str), near.map(float),
                        st.sampled_from(["1_0", "+3", "٣", "0x10", "1e3", "10" * 3000]))
    words = st.sampled_from(["yes", "no", "on", "off", "true", "false", "1", "0", "", " ",
                             "none", "null"])
    return st.one_of(spelled, numbers, words, JSON_SCALARS, json_values(4),
                     spelled.map(str).flatmap(near_misses))


@st.composite
def option_mappings(draw: st.DrawFn, name: str) -> dict[str, object]:
    """Options for game ``name``: real names with fuzzed values, and now
    and then an unknown name."""
    schema = game_class(name).schema
    options: dict[str, object] = {}
    for option in draw(st.lists(st.sampled_from(list(schema)), max_size=4, unique=True)):
        options[option.name] = draw(values_for(option))
    if draw(st.integers(min_value=0, max_value=4)) == 0:
        unknown = draw(st.one_of(arbitrary_text(12), st.sampled_from(
            [option.name for option in schema] or ["players"]).flatmap(near_misses)))
        options.setdefault(unknown, draw(JSON_SCALARS))
    return options


def check_playable(game: parlour.Game, seed: int) -> None:
    """A game whose options were accepted deals, plays, observes and records."""
    state = game.new_state(seed=seed)
    rng = random.Random(seed)
    for _ in range(30):
        if state.is_terminal():
            break
        state.apply(random_action(state, rng))
    for seat in range(game.num_players):
        assert len(state.observation_tensor(seat)) == game.observation_tensor_size
        state.observation(seat)
    assert parlour.replay(state.record()).history == state.history


@pytest.mark.parametrize("name", GAME_NAMES)
@fuzz_settings(2)
@given(data=st.data())
def test_any_options_give_a_playable_game_or_an_option_error(name: str,
                                                             data: st.DataObject) -> None:
    options = data.draw(option_mappings(name))
    try:
        game = parlour.make(name, **options)
    except OptionError as error:
        message = str(error)
        assert any(key in message or repr(key) in message for key in options), message
        return
    schema = game.schema
    assert set(game.options) == set(schema.options)
    for key, value in game.options.items():
        assert schema.options[key].validate(value) == value
        if key in options:
            assert type(value) is type(schema.options[key].default)
    assert parlour.make(name, **game.options).options == game.options
    check_playable(game, data.draw(st.integers(min_value=0, max_value=2**32)))


@pytest.mark.parametrize("name", GAME_NAMES)
@fuzz_settings()
@given(data=st.data())
def test_a_refused_value_names_the_option_and_what_it_allows(name: str,
                                                             data: st.DataObject) -> None:
    schema = game_class(name).schema
    option = data.draw(st.sampled_from(list(schema)))
    value = data.draw(values_for(option))
    try:
        option.validate(value)
    except OptionError as error:
        allowed = option.allowed_text()
        must_be = f"one of {allowed}" if option.kind == "choice" else allowed
        shown = value if isinstance(value, str) and value.strip() else repr(value)
        assert str(error) == f"option {option.name!r} must be {must_be}, not {shown}"


@fuzz_settings()
@given(assignments=st.lists(
    arbitrary_text(16) | st.builds("{}={}".format, arbitrary_text(8), arbitrary_text(8)),
    max_size=4,
))
def test_command_line_assignments_are_read_or_refused(assignments: list[str]) -> None:
    try:
        values = parse_option_assignments(assignments)
    except OptionError as error:
        bad = next(text for text in assignments
                   if "=" not in text or not text.partition("=")[0].strip())
        assert str(error) == f"write options as name=value, not {bad!r}"
        return
    for text in assignments:
        assert text.partition("=")[0].strip() in values
    assert all(name == name.strip() and value == value.strip() for name, value in values.items())
