"""The registry: parlour.make, parlour.games() metadata, game classes."""

from __future__ import annotations

import importlib
import json

import pytest

import parlour
from parlour.cards import DECKS
from parlour.engine import Game, Option, game_class, register
from parlour.errors import OptionError, ParseError
from parlour.games.polignac import Polignac
from parlour.games.progress_races import SCHEMA as RACES_SCHEMA
from parlour.games.progress_races import event_options

NAMES = sorted(parlour.games())


def test_games_is_callable_after_the_games_package_is_imported() -> None:
    # importing the subpackage once rebound parlour.games to the module
    importlib.import_module("parlour.games")
    parlour.make("polignac")
    assert callable(parlour.games)
    assert "polignac" in parlour.games()


def test_polignac_is_registered() -> None:
    assert "polignac" in NAMES
    assert game_class("polignac") is Polignac
    assert isinstance(parlour.make("polignac"), Polignac)


@pytest.mark.parametrize("spelling", ["Polignac", " POLIGNAC ", "polignac"])
def test_names_are_case_insensitive(spelling: str) -> None:
    assert type(parlour.make(spelling)) is Polignac


def test_make_unknown_game_names_the_games() -> None:
    known = ", ".join(NAMES)
    with pytest.raises(OptionError) as caught:
        parlour.make("chess")
    assert str(caught.value) == f"no game called 'chess'; the games are {known}"


def test_make_misspelt_game_suggests_the_closest() -> None:
    known = ", ".join(NAMES)
    with pytest.raises(OptionError) as caught:
        parlour.make("polignak", players=4)
    assert str(caught.value) == (
        f"no game called 'polignak' (did you mean 'polignac'?); the games are {known}"
    )


def test_games_metadata_shape() -> None:
    games = parlour.games()
    assert list(games) == sorted(games)
    assert json.loads(json.dumps(games)) == games
    for name, meta in games.items():
        assert set(meta) == {
            "name", "title", "players", "player_counts", "deck", "description",
            "higher_is_better",
            "perfect_information", "layout", "hand_word", "research", "options",
        }
        assert meta["name"] == name
        assert isinstance(meta["title"], str) and meta["title"]
        assert isinstance(meta["description"], str) and meta["description"]
        low, high = meta["players"]
        assert isinstance(low, int) and isinstance(high, int) and 1 <= low <= high
        assert meta["deck"] in DECKS
        cls = game_class(name)
        assert (cls.min_players, cls.max_players) == (low, high)
        assert cls.deck.name == meta["deck"]
        assert meta["higher_is_better"] is cls.higher_is_better
        assert meta["perfect_information"] is cls.perfect_information
        assert meta["layout"] == cls.layout
        assert meta["hand_word"] == cls.hand_word
        names = [option["name"] for option in meta["options"]]
        assert len(set(names)) == len(names)
        for option in meta["options"]:
            assert {"name", "kind", "default", "help", "allowed"} <= set(option)
            assert option["kind"] in ("flag", "integer", "choice")
            assert isinstance(option["help"], str) and option["help"]
            if option["kind"] == "choice":
                assert option["default"] in option["choices"]
                assert option["allowed"] == ", ".join(
                    str(choice) for choice in option["choices"]
                )
            if option["kind"] == "flag":
                assert isinstance(option["default"], bool)
                assert option["allowed"] == "true or false"
            if option["kind"] == "integer":
                assert isinstance(option["default"], int)
                assert option["minimum"] <= option["default"] <= option["maximum"]
                assert option["allowed"] == (
                    f"an integer from {option['minimum']} to {option['maximum']}")
        game = parlour.make(name)
        assert game.describe() == meta
        assert game.options == {option["name"]: option["default"] for option in meta["options"]}


@pytest.mark.parametrize("name", NAMES)
def test_players_option_matches_the_declared_range(name: str) -> None:
    meta = parlour.games()[name]
    low, high = meta["players"]
    players = [option for option in meta["options"] if option["name"] == "players"]
    if low == high:
        return
    assert len(players) == 1
    option = players[0]
    if option["kind"] == "choice":
        assert min(option["choices"]) == low and max(option["choices"]) == high
    for count in meta["player_counts"]:
        assert parlour.make(name, players=count).num_players == count
    with pytest.raises(OptionError, match="'players' must be"):
        parlour.make(name, players=high + 1)


NUMBER_OPTIONS = [
    (name, option) for name in NAMES for option in game_class(name).schema
    if option.kind == "integer" or any(type(choice) is int for choice in option.choices)
]
"""Every option of every game that takes a number: integers, and choices
among numbers (Costly Colours' target 61 or 121)."""


@pytest.mark.parametrize(("name", "option"), NUMBER_OPTIONS,
                         ids=[f"{name}.{option.name}" for name, option in NUMBER_OPTIONS])
def test_every_number_option_has_a_maximum(name: str, option: Option) -> None:
    """Issue 27: ``target=10**9`` made a match without end. Every number a
    game takes is bounded, the bound is in ``parlour.games()`` (the lobby
    and ``parlour list`` show it) and a value above it is refused naming
    what is allowed."""
    described = next(item for item in parlour.games()[name]["options"]
                     if item["name"] == option.name)
    if option.kind == "integer":
        assert option.maximum is not None and described["maximum"] == option.maximum
        largest = option.maximum
        allowed = f"an integer from {option.minimum} to {option.maximum}"
    else:
        largest = max(int(choice) for choice in option.choices)
        allowed = "one of " + ", ".join(str(choice) for choice in option.choices)
    if option.name != "players":
        assert parlour.make(name, **{option.name: largest}).options[option.name] == largest
    for value in (largest + 1, 10**9):
        with pytest.raises(OptionError) as caught:
            parlour.make(name, **{option.name: value})
        assert str(caught.value) == f"option {option.name!r} must be {allowed}, not {value}"


@pytest.mark.parametrize(("option", "smallest", "largest"),
                         [("tables", 1, 25), ("rounds", 1, 100), ("p_value", 0, 100)])
def test_progress_races_bounds_its_numbers(option: str, smallest: int, largest: int) -> None:
    """The event's options (it is no registered game) are bounded too."""
    assert [item.name for item in RACES_SCHEMA if item.kind == "integer"] == [
        "tables", "rounds", "p_value"]
    assert event_options({option: largest})[option] == largest
    for value in (largest + 1, 10**9):
        with pytest.raises(OptionError) as caught:
            event_options({option: value})
        assert str(caught.value) == (
            f"option {option!r} must be an integer from {smallest} to {largest}, not {value}")


@pytest.mark.parametrize("name", NAMES)
def test_player_counts_are_exactly_the_counts_the_game_accepts(name: str) -> None:
    """Issue 29: the listings said "2–4 players" for Costly Colours, which
    takes 2 or 4. ``player_counts`` names every count the game makes a
    table for, and no other from 1 to one past the largest."""
    meta = parlour.games()[name]
    counts = meta["player_counts"]
    assert counts == sorted(set(counts))
    assert (counts[0], counts[-1]) == tuple(meta["players"])
    accepted = []
    for count in range(1, counts[-1] + 2):
        arguments = {"players": count} if "players" in game_class(name).schema else {}
        try:
            game = parlour.make(name, **arguments)
        except OptionError:
            continue
        if game.num_players == count:
            accepted.append(count)
    assert accepted == counts


def test_player_counts_of_games_with_gaps_and_without_a_players_option() -> None:
    games = parlour.games()
    assert games["costly-colours"]["player_counts"] == [2, 4]
    assert games["bharg"]["player_counts"] == [2, 3]
    assert games["progress"]["player_counts"] == [2, 3, 4, 5, 6, 7, 8]
    assert games["golf"]["player_counts"] == [1]


def test_polignac_metadata() -> None:
    meta = parlour.games()["polignac"]
    assert meta["players"] == [3, 8]
    assert meta["deck"] == "piquet32"
    assert {option["name"]: option["default"] for option in meta["options"]} == {
        "players": 4, "target": 20, "ace_high": False, "pack_reduction": "black_sevens",
        "capot": True, "capot_fail": "bidder_5", "capot_bidder_leads": False, "pack": 32,
        "direction": "left",
    }


def test_registering_a_second_game_under_a_taken_name_fails() -> None:
    before = parlour.games()

    class Impostor(Polignac):
        name = "polignac"

    with pytest.raises(ValueError, match="two games are called 'polignac'"):
        register(Impostor)
    assert register(Polignac) is Polignac
    assert game_class("polignac") is Polignac
    assert parlour.games() == before


def test_a_game_of_an_unknown_layout_is_not_registered() -> None:
    before = parlour.games()

    class Hexagonal(Polignac):
        name = "hexagonal"
        layout = "hexagon"

    with pytest.raises(ValueError) as caught:
        register(Hexagonal)
    assert str(caught.value) == (
        "'hexagonal' declares the layout 'hexagon'; the layouts are columns-and-foundations, "
        "columns-and-pile, dial-of-piles, foundations-and-wastes, meld-table, round-table, "
        "seat-tiles"
    )
    assert parlour.games() == before


def test_game_is_abstract() -> None:
    with pytest.raises(TypeError):
        Game()  # type: ignore[abstract]


@pytest.mark.parametrize("seed", ["7", 7.0, True, None])
def test_new_state_seed_must_be_an_integer(seed: object) -> None:
    game = parlour.make("polignac")
    if seed is None:
        first, second = game.new_state(), game.new_state()
        assert isinstance(first.seed, int) and isinstance(second.seed, int)
        return
    with pytest.raises(ParseError) as caught:
        game.new_state(seed=seed)  # type: ignore[arg-type]
    assert str(caught.value) == f"a seed must be an integer, not {seed!r}"


def test_new_state_deal_and_explicit_chance_exclude_each_other() -> None:
    game = parlour.make("polignac")
    with pytest.raises(ParseError) as caught:
        game.new_state(seed=1, deal={"dealer": 0, "hands": []}, explicit_chance=True)
    assert str(caught.value) == "a fixed deal has no chance events; drop explicit_chance"
