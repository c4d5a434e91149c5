"""Bytes that a pickled game and a pickled match take, for every game at its
default options: the parlour game, a parlour match at its start and
halfway through a seeded random match, and the OpenSpiel state
(:mod:`parlour.rl.openspiel`) at the same two points with every seat's
information state read (``pickle.dumps``; ``fails`` where it raises).

    python scripts/pickle_sizes.py [--seed 0]
"""

from __future__ import annotations

import argparse
import pickle
import random
from typing import Any

import parlour


def size(value: Any) -> str:
    try:
        return f"{len(pickle.dumps(value)):,}"
    except (TypeError, pickle.PicklingError):
        return "fails"


def parlour_sizes(name: str, seed: int) -> list[str]:
    """The game, and its match at the start and halfway."""
    game = parlour.make(name)
    state = game.new_state(seed=seed)
    rng = random.Random(seed)
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
    halfway = game.new_state(seed=seed)
    for action in state.history[:len(state.history) // 2]:
        halfway.apply(action)
    return [size(game), size(game.new_state(seed=seed)), size(halfway)]


def openspiel_sizes(name: str, seed: int) -> list[str]:
    """The pyspiel state at the start and halfway, information states read."""
    import pyspiel

    import parlour.rl.openspiel as adapter

    game = pyspiel.load_game(adapter.openspiel_name(name))
    state = game.new_initial_state()
    rng = random.Random(seed)
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, weights = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, weights)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    halfway = game.new_initial_state()
    for action in state.history()[:len(state.history()) // 2]:
        halfway.apply_action(action)
    sizes = []
    for sample in (game.new_initial_state(), halfway):
        for seat in range(game.num_players()):
            sample.information_state_string(seat)
            sample.information_state_tensor(seat)
        sizes.append(size(sample))
    return sizes


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=0)
    seed = parser.parse_args().seed
    columns = ["game", "match start", "match half", "pyspiel start", "pyspiel half"]
    print(f"{'':18}" + "".join(f"{column:>15}" for column in columns))
    for name in parlour.games():
        figures = parlour_sizes(name, seed) + openspiel_sizes(name, seed)
        print(f"{name:18}" + "".join(f"{figure:>15}" for figure in figures))


if __name__ == "__main__":
    main()
