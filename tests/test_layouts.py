"""Every game keeps the promises of the layout it declares
(``Game.layout``, :data:`parlour.engine.layouts.LAYOUTS`): the browser's
board for that kind reads the observation's keys named there without
checking them, and a patience's tableau turns each legal move's text into a
click, so every observation along random matches carries what its board
draws and every legal move reads as the kind's move text."""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Mapping
from typing import Any

import pytest

import parlour
from parlour.engine import State, game_class
from parlour.engine.layouts import LAYOUTS
from support import GAME_NAMES, random_action

Observation = Mapping[str, Any]


def _is_cards(value: object) -> bool:
    return isinstance(value, list) and all(isinstance(code, str) for code in value)


def _seat_tiles(observation: Observation) -> bool:
    players = observation["players"]
    return bool(players) and all(
        (player["card"] is None or isinstance(player["card"], str))
        and isinstance(player["lives"], int) for player in players
    )


def _meld_table(observation: Observation) -> bool:
    melds = observation["zones"]["melds"]
    return isinstance(melds, list) and all(
        isinstance(meld["name"], str) and {"owner", "kind", "text"} <= set(meld)
        and all(isinstance(card["code"], str) for card in meld["cards"]) for meld in melds
    )


def _one_seat(observation: Observation) -> bool:
    return len(observation["players"]) == 1


def _columns_and_pile(observation: Observation) -> bool:
    zones = observation["zones"]
    tops = {column[-1] for column in zones["columns"] if column}
    return (
        _one_seat(observation) and isinstance(zones["stock"], int) and _is_cards(zones["pile"])
        and all(_is_cards(column) for column in zones["columns"])
        and all(move["text"] == "draw" or move["text"] in tops for move in observation["legal"])
    )


def _foundations_and_wastes(observation: Observation) -> bool:
    zones = observation["zones"]
    return (
        _one_seat(observation) and isinstance(zones["stock"], int)
        and len(zones["foundations"]) == 4 and len(zones["wastes"]) == 4
        and all(_is_cards(pile) for pile in zones["foundations"] + zones["wastes"])
        and all(re.fullmatch(r"[fw][1-4]|w[1-4] f[1-4]", move["text"])
                for move in observation["legal"])
    )


def _columns_and_foundations(observation: Observation) -> bool:
    zones = observation["zones"]
    return (
        _one_seat(observation) and isinstance(zones["foundations"], dict)
        and all(_is_cards(pile) for pile in zones["foundations"].values())
        and all(_is_cards(column) for column in zones["columns"])
        and all(re.fullmatch(r"c\d+ (f|c\d+)", move["text"]) for move in observation["legal"])
    )


def _dial_of_piles(observation: Observation) -> bool:
    zones = observation["zones"]
    return (
        _one_seat(observation) and len(zones["piles"]) == 13
        and all(_is_cards(pile["up"]) and isinstance(pile["down"], int) for pile in zones["piles"])
        and all(move["text"] == "turn" for move in observation["legal"])
    )


PROMISES: dict[str, Callable[[Observation], bool]] = {
    "round-table": lambda observation: True,
    "seat-tiles": _seat_tiles,
    "meld-table": _meld_table,
    "columns-and-pile": _columns_and_pile,
    "foundations-and-wastes": _foundations_and_wastes,
    "columns-and-foundations": _columns_and_foundations,
    "dial-of-piles": _dial_of_piles,
}
"""What each kind's board reads, as a check of one observation (the round
table draws any observation)."""

STEPS = 300
"""Actions played per match: the first hands of the long games, whole patiences."""


def test_every_kind_has_its_promise_checked() -> None:
    assert sorted(PROMISES) == sorted(LAYOUTS)


def observations(state: State) -> list[Observation]:
    seats = range(state.game.num_players)
    return [state.public_observation(), *(state.observation(seat) for seat in seats)]


@pytest.mark.parametrize("name", GAME_NAMES)
def test_observations_keep_the_promise_of_the_declared_layout(name: str) -> None:
    promise = PROMISES[game_class(name).layout]
    for seed in range(2):
        state, rng = parlour.make(name).new_state(seed=seed), random.Random(seed)
        for _ in range(STEPS):
            assert all(promise(observation) for observation in observations(state))
            if state.is_terminal():
                break
            state.apply(random_action(state, rng))
