"""Thinking time a move of ``hard`` and ``hard-classic`` on the same positions.

Usage: ``python scripts/hard_time.py [--deals N]``

Plays Polignac (``target=1``) and Ranter Go Round (5 players) with the
``easy`` player at every seat; at each decision with a choice, both
levels are asked for their move in the same position, and the CPU time of
the asking thread (what their caps count) is measured. Prints, per game,
the decisions, the mean and the largest time of each, and how often they
chose alike.
"""

from __future__ import annotations

import argparse
import time

import parlour
from parlour.agents import choose_action, make_agent

GAMES = (("polignac", {"target": 1}), ("ranter-go-round", {"players": 5}))


def measure(name: str, options: dict[str, int], deals: int) -> None:
    """Print the times of the two levels in ``deals`` matches of ``name``."""
    times: dict[str, list[float]] = {"hard": [], "hard-classic": []}
    alike = 0
    for seed in range(deals):
        state = parlour.make(name, **options).new_state(seed=seed)
        field = make_agent("easy", seed)
        levels = {level: make_agent(level, seed) for level in times}
        while not state.is_terminal():
            if len(state.legal_actions()) > 1:
                moves = set()
                for level, agent in levels.items():
                    start = time.thread_time()
                    moves.add(choose_action(agent, state))
                    times[level].append(time.thread_time() - start)
                alike += len(moves) == 1
            state.apply(choose_action(field, state))
    count = len(times["hard"])
    print(f"{name} {options}: {count} decisions in {deals} matches, "
          f"the same move {alike / count:.0%} of them")
    for level, spent in times.items():
        # the first decision of a process loads the compiled kernels
        print(f"  {level:13} mean {sum(spent[1:]) / (count - 1):.3f} s CPU, "
              f"largest {max(spent[1:]):.3f} s")


def main() -> None:
    """Measure every game of :data:`GAMES`."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=3, help="matches a game")
    arguments = parser.parse_args()
    for name, options in GAMES:
        measure(name, options, arguments.deals)


if __name__ == "__main__":
    main()
