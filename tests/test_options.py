"""Typed options: validation of flags, integers and choices, messages, schemas."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import parlour
from parlour.engine import Option, OptionSchema, parse_option_assignments
from parlour.errors import OptionError

PLAYERS = Option.choice("players", (3, 4, 5, 6), 4, "number of players")
TARGET = Option.integer("target", 20, "penalty total that ends the match", minimum=1,
                        maximum=100)
CAPOT = Option.flag("capot", True, "whether a capot may be announced")
REDUCTION = Option.choice(
    "pack_reduction", ("black_sevens", "red_sevens", "dealer_discard"), "black_sevens",
    "which cards go",
)
SCHEMA = OptionSchema([PLAYERS, TARGET, CAPOT, REDUCTION])


def refusal(option: Option, value: object) -> str:
    with pytest.raises(OptionError) as caught:
        option.validate(value)
    return str(caught.value)


# --- flags -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        (True, True), (False, False),
        ("true", True), ("false", False), ("yes", True), ("no", False),
        ("on", True), ("off", False), ("1", True), ("0", False),
        ("TRUE", True), (" No ", False), ("Yes", True), ("OFF", False),
    ],
)
def test_flag_accepts(value: object, expected: bool) -> None:
    assert CAPOT.validate(value) is expected


@pytest.mark.parametrize(
    ("value", "shown"),
    [("maybe", "maybe"), ("2", "2"), (1, "1"), (0, "0"), (None, "None"), (1.0, "1.0"),
     ("", "''")],
)
def test_flag_refuses(value: object, shown: str) -> None:
    assert refusal(CAPOT, value) == f"option 'capot' must be true or false, not {shown}"


# --- integers ----------------------------------------------------------------


@pytest.mark.parametrize(("value", "expected"), [(1, 1), (20, 20), ("10", 10), (" 7 ", 7)])
def test_integer_accepts(value: object, expected: int) -> None:
    assert TARGET.validate(value) == expected


@pytest.mark.parametrize(
    ("value", "shown"),
    [(0, "0"), (-3, "-3"), ("0", "0"), ("ten", "ten"), ("2.5", "2.5"), (2.5, "2.5"),
     (True, "True"), (None, "None"), ("", "''"), (" ", "' '")],
)
def test_integer_refuses(value: object, shown: str) -> None:
    assert refusal(TARGET, value) == (
        f"option 'target' must be an integer from 1 to 100, not {shown}")


def test_integer_bounds_in_words() -> None:
    lives = Option.integer("lives", 3, "lives", minimum=1, maximum=5)
    offset = Option.integer("offset", 0, "offset", minimum=-5, maximum=5)
    assert lives.validate("5") == 5
    assert refusal(lives, 6) == "option 'lives' must be an integer from 1 to 5, not 6"
    assert refusal(lives, "0") == "option 'lives' must be an integer from 1 to 5, not 0"
    assert offset.validate("-4") == -4
    assert refusal(offset, "x") == "option 'offset' must be an integer from -5 to 5, not x"


@pytest.mark.parametrize(("value", "shown"), [
    (101, "101"), ("101", "101"), (10**9, "1000000000"), (" 1000000000 ", " 1000000000 "),
    (10**100, str(10**100)),
])
def test_an_integer_over_its_maximum_is_refused_naming_the_range(value: object,
                                                                  shown: str) -> None:
    """Issue 27: ``target=10**9`` asked for a match without end."""
    assert TARGET.validate(100) == 100
    assert refusal(TARGET, value) == (
        f"option 'target' must be an integer from 1 to 100, not {shown}")


@pytest.mark.parametrize(("bounds", "message"), [
    ({}, "integer option 'target' needs a minimum and a maximum"),
    ({"minimum": 1, "maximum": None}, "integer option 'target' needs a minimum and a maximum"),
    ({"minimum": None, "maximum": 100}, "integer option 'target' needs a minimum and a maximum"),
    ({"minimum": 1, "maximum": 10}, "default 20 of 'target' is not from 1 to 10"),
])
def test_an_integer_option_is_declared_with_both_bounds(bounds: dict[str, object],
                                                        message: str) -> None:
    with pytest.raises(ValueError) as caught:
        Option("target", "integer", 20, "penalty total", **bounds)  # type: ignore[arg-type]
    assert str(caught.value) == message


@given(st.integers(min_value=-10**6, max_value=10**6))
@settings(max_examples=100, deadline=None)
def test_integer_from_text_matches_number(number: int) -> None:
    if 1 <= number <= 100:
        assert TARGET.validate(str(number)) == number == TARGET.validate(number)
    else:
        with pytest.raises(OptionError, match=r"must be an integer from 1 to 100, not"):
            TARGET.validate(str(number))


# --- choices -----------------------------------------------------------------


@pytest.mark.parametrize(("value", "expected"), [(3, 3), (6, 6), ("5", 5), (" 4", 4)])
def test_integer_choice_accepts(value: object, expected: int) -> None:
    assert PLAYERS.validate(value) == expected


@pytest.mark.parametrize(
    ("value", "shown"),
    [(7, "7"), (2, "2"), ("seven", "seven"), ("4.0", "4.0"), (4.0, "4.0"), (True, "True")],
)
def test_integer_choice_refuses(value: object, shown: str) -> None:
    assert refusal(PLAYERS, value) == f"option 'players' must be one of 3, 4, 5, 6, not {shown}"


@pytest.mark.parametrize(
    ("value", "expected"),
    [("red_sevens", "red_sevens"), ("Red_Sevens", "red_sevens"),
     (" DEALER_DISCARD ", "dealer_discard")],
)
def test_word_choice_accepts(value: str, expected: str) -> None:
    assert REDUCTION.validate(value) == expected


@pytest.mark.parametrize(("value", "shown"), [("blue", "blue"), (3, "3"), (None, "None")])
def test_word_choice_refuses(value: object, shown: str) -> None:
    assert refusal(REDUCTION, value) == (
        "option 'pack_reduction' must be one of black_sevens, red_sevens, dealer_discard, "
        f"not {shown}"
    )


def test_choice_default_must_be_a_choice() -> None:
    with pytest.raises(ValueError, match="default 7 of 'players' is not among its choices"):
        Option.choice("players", (3, 4), 7, "players")


def test_option_errors_are_value_errors() -> None:
    assert issubclass(OptionError, ValueError)
    with pytest.raises(ValueError, match="must be one of"):
        PLAYERS.validate(9)


# --- schemas -----------------------------------------------------------------


def test_schema_defaults_and_overrides() -> None:
    assert SCHEMA.defaults() == {
        "players": 4, "target": 20, "capot": True, "pack_reduction": "black_sevens",
    }
    assert SCHEMA.validate({}) == SCHEMA.defaults()
    assert SCHEMA.validate({"players": "5", "capot": "no", "target": "3"}) == {
        "players": 5, "target": 3, "capot": False, "pack_reduction": "black_sevens",
    }
    assert "players" in SCHEMA
    assert "colour" not in SCHEMA
    assert [option.name for option in SCHEMA] == [
        "players", "target", "capot", "pack_reduction",
    ]


def test_schema_unknown_option_lists_the_options() -> None:
    with pytest.raises(OptionError) as caught:
        SCHEMA.validate({"colour": "red", "players": 4})
    assert str(caught.value) == (
        "unknown option 'colour'; the options are players, target, capot, pack_reduction"
    )


def test_empty_schema_unknown_option() -> None:
    with pytest.raises(OptionError) as caught:
        OptionSchema([]).validate({"players": 4})
    assert str(caught.value) == "unknown option 'players'; the options are none"


def test_schema_bad_value_is_refused_with_allowed_values() -> None:
    with pytest.raises(OptionError) as caught:
        SCHEMA.validate({"players": 4, "pack_reduction": "jokers"})
    assert str(caught.value) == (
        "option 'pack_reduction' must be one of black_sevens, red_sevens, dealer_discard, "
        "not jokers"
    )


def test_schema_describe() -> None:
    described = SCHEMA.describe()
    assert described == [
        {"name": "players", "kind": "choice", "default": 4, "help": "number of players",
         "allowed": "3, 4, 5, 6", "choices": [3, 4, 5, 6]},
        {"name": "target", "kind": "integer", "default": 20,
         "help": "penalty total that ends the match", "allowed": "an integer from 1 to 100",
         "minimum": 1, "maximum": 100},
        {"name": "capot", "kind": "flag", "default": True,
         "help": "whether a capot may be announced", "allowed": "true or false"},
        {"name": "pack_reduction", "kind": "choice", "default": "black_sevens",
         "help": "which cards go", "allowed": "black_sevens, red_sevens, dealer_discard",
         "choices": ["black_sevens", "red_sevens", "dealer_discard"]},
    ]
    assert json.loads(json.dumps(described)) == described


# --- through parlour.make ------------------------------------------------------


def test_make_converts_command_line_strings() -> None:
    game = parlour.make("polignac", players="5", target="7", capot="off",
                        ace_high="yes", pack_reduction="Dealer_Discard")
    assert game.options == {
        "players": 5, "target": 7, "ace_high": True, "pack_reduction": "dealer_discard",
        "capot": False, "capot_fail": "bidder_5", "capot_bidder_leads": False, "pack": 32,
        "direction": "left",
    }
    assert game.num_players == 5
    assert repr(game) == (
        "parlour.make('polignac', players=5, target=7, ace_high=True, "
        "pack_reduction='dealer_discard', capot=False)"
    )


def test_make_bad_value_names_allowed_values() -> None:
    with pytest.raises(OptionError) as caught:
        parlour.make("polignac", players=9)
    assert str(caught.value) == "option 'players' must be one of 3, 4, 5, 6, 7, 8, not 9"
    with pytest.raises(OptionError) as caught:
        parlour.make("polignac", capot_fail="everyone")
    assert str(caught.value) == (
        "option 'capot_fail' must be one of bidder_5, bidder_5_plus_jacks, jacks_normal, "
        "not everyone"
    )
    with pytest.raises(OptionError) as caught:
        parlour.make("polignac", target="0")
    assert str(caught.value) == "option 'target' must be an integer from 1 to 100, not 0"


def test_make_unknown_option() -> None:
    with pytest.raises(OptionError) as caught:
        parlour.make("polignac", trumps="hearts")
    assert str(caught.value) == (
        "unknown option 'trumps'; the options are players, target, ace_high, pack_reduction, "
        "capot, capot_fail, capot_bidder_leads, pack, direction"
    )


# --- command-line assignments ---------------------------------------------------


def test_parse_option_assignments() -> None:
    assert parse_option_assignments(["target=10", " capot = no ", "mode=a=b", "name="]) == {
        "target": "10", "capot": "no", "mode": "a=b", "name": "",
    }
    assert parse_option_assignments([]) == {}
    assert parse_option_assignments(["players=3", "players=5"]) == {"players": "5"}


@pytest.mark.parametrize("bad", ["target", "=10", " =10", ""])
def test_parse_option_assignments_refuses(bad: str) -> None:
    with pytest.raises(OptionError) as caught:
        parse_option_assignments(["players=4", bad])
    assert str(caught.value) == f"write options as name=value, not {bad!r}"


def test_assignments_feed_make() -> None:
    options = parse_option_assignments(["players=6", "capot=false", "capot_fail=jacks_normal"])
    game = parlour.make("polignac", **options)
    assert (game.num_players, game.options["capot"], game.options["capot_fail"]) == (
        6, False, "jacks_normal",
    )
