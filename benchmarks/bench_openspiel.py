"""The reference: OpenSpiel ``hearts`` driven from Python the way a Python
user drives it (``legal_actions`` + ``apply_action``, chance outcomes
sampled in Python). Only player decisions are counted, not chance steps.

Everything here needs ``pyspiel`` (``pip install 'parlour[openspiel]'``);
:func:`timing.load_openspiel` returns ``None`` when it is missing.
"""

from __future__ import annotations

import functools
import importlib.metadata
import random
import time
from collections.abc import Sequence
from typing import Any

from timing import Call, Runner, middle_half

REFERENCE = "OpenSpiel hearts"


def openspiel_version() -> str:
    """The installed open_spiel version, for the report header."""
    try:
        return importlib.metadata.version("open_spiel")
    except importlib.metadata.PackageNotFoundError:
        return "unknown"


def _chance_action(state: Any, rng: random.Random) -> int:
    # Hearts' chance nodes (pass direction, each card dealt) are uniform, so
    # an index into the list is an exact sample and the cheapest one.
    outcomes = state.chance_outcomes()
    action: int = outcomes[rng.randrange(len(outcomes))][0]
    return action


def hearts_runner(game: Any) -> Runner:
    """A runner that plays seeded random hearts games for a budget and
    counts player decisions."""

    def run(budget: float, index: int) -> tuple[int, float]:
        rng = random.Random(index)
        decisions = 0
        start = time.perf_counter()
        deadline = start + budget
        while True:
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    state.apply_action(_chance_action(state, rng))
                    continue
                legal = state.legal_actions()
                state.apply_action(legal[rng.randrange(len(legal))])
                decisions += 1
            now = time.perf_counter()
            if now >= deadline:
                return decisions, now - start

    return run


def mid_hand_states(game: Any, count: int, seed: int = 0) -> list[Any]:
    """``count`` hearts decision states from the middle of random games."""
    rng = random.Random(seed)
    pool: list[Any] = []
    while len(pool) < 4 * count:
        state = game.new_initial_state()
        decisions: list[Any] = []
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(_chance_action(state, rng))
                continue
            decisions.append(state.clone())
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))])
        pool.extend(middle_half([decisions]))
    return rng.sample(pool, count)


def tensor_calls(states: Sequence[Any]) -> list[Call]:
    """Bound ``information_state_tensor(player)`` calls for the player to
    move: hearts offers no ``observation_tensor``, and this is its tensor."""
    return [
        functools.partial(state.information_state_tensor, state.current_player())
        for state in states
    ]
