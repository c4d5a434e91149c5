"""Measure what calling the seats by name costs a table's view (issue 29,
item 3): :func:`parlour.server.seats.named_observation` against the
observation it renames.

Usage: ``python scripts/named_views.py [--moves 20] [--repeat 2000]``

A Polignac match and a 26-seat Ranter Go Round are played ``--moves``
random moves from seed 3; then, ``--repeat`` times each, seat 0's
observation is made and renamed (one person and computers called after
their level, as at a table of one person): the microseconds of each, the
best of five runs. A view is renamed for every seat at every move, so the
renaming must stay small beside the observation.
"""

from __future__ import annotations

import argparse
import random
import sys
import timeit
from collections.abc import Callable, Sequence
from functools import partial

import parlour
from parlour.server.seats import computer_names, named_observation


def best_microseconds(action: Callable[[], object], repeat: int) -> float:
    """The best of five runs of ``repeat`` calls of ``action``, per call."""
    timer = timeit.Timer(action)
    return min(timer.repeat(5, repeat)) / repeat * 1e6


def main(arguments: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=20)
    parser.add_argument("--repeat", type=int, default=2000)
    options = parser.parse_args(arguments)
    print(f"{'game':<24} {'log lines':>9} {'observation µs':>15} {'renamed µs':>11}")
    for name, game_options in (("polignac", {}), ("ranter-go-round", {"players": 26})):
        state = parlour.make(name, **game_options).new_state(seed=3)
        chooser = random.Random(1)
        for _ in range(options.moves):
            if state.is_terminal():
                break
            state.apply(chooser.choice(state.legal_actions()))
        seats = state.game.num_players
        names = ["Ann", *(computer or "" for computer in computer_names(["random"] * (seats - 1)))]
        observation = state.observation(0)
        made = best_microseconds(partial(state.observation, 0), options.repeat)
        renamed = best_microseconds(partial(named_observation, observation, names),
                                    options.repeat)
        print(f"{name:<24} {len(observation['log']):>9} {made:>15.1f} {renamed:>11.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
