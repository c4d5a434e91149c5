"""Speed of parlour's trick games under seeded random play.

:data:`BENCHES` lists the games and option sets that ``benchmarks/run.py``
measures in full, :data:`RELATIVES` the trick games whose decisions/s are
compared with Polignac's; a new game adds one line to either. For each it measures decisions
per second over full random matches, and µs per ``clone()``,
``legal_actions()`` and ``observation_tensor(seat)`` on a fixed set of
mid-hand states.

Alone, it prints the trick games' lines of ``make bench`` (Polignac against
OpenSpiel hearts, then each relative against Polignac), with the budget
arguments of ``benchmarks/run.py``:

    python benchmarks/bench_tricks.py [--quick] [--seconds S] [--runs N]
"""

from __future__ import annotations

import functools
import random
import sys
import time
from collections.abc import Sequence

import parlour
from parlour.engine import Game, OptionValue, State
from timing import Call, Runner, middle_half

BENCHES: list[tuple[str, dict[str, OptionValue]]] = [
    ("polignac", {"players": 4}),
]
"""(game name, options) pairs measured in full against OpenSpiel hearts."""

RELATIVES: list[tuple[str, dict[str, OptionValue]]] = [
    ("knaves", {}),
    ("slobberhannes", {"players": 4}),
    ("eichelobern", {"players": 4}),
    ("grasobern", {"players": 4}),
    ("bassadewitz", {}),
]
"""Polignac's relatives (issue 3): decisions/s each, against the first
entry of :data:`BENCHES` measured in the same run; none should fall below
:data:`RELATIVE_BAR` of it."""

RELATIVE_BAR = 0.8

OTHERS: list[tuple[str, dict[str, OptionValue]]] = [
    ("progress", {"players": 4}),
]
"""Games of other families (issue 6 on): decisions/s of random play beside
the first entry of :data:`BENCHES`, measured in the same run, with no bar
(their decisions are different things: a Progress turn is several)."""


def bench_label(name: str, options: dict[str, OptionValue]) -> str:
    """How a benchmark line names its game: ``polignac players=4``."""
    settings = " ".join(f"{key}={value}" for key, value in options.items())
    return f"{name} {settings}" if settings else name


def random_play_runner(game: Game) -> Runner:
    """A runner that plays seeded random matches of ``game`` for a budget
    and counts decisions, exactly as a Python user's loop would."""

    def run(budget: float, index: int) -> tuple[int, float]:
        rng = random.Random(index)
        decisions = 0
        start = time.perf_counter()
        deadline = start + budget
        while True:
            state = game.new_state(seed=rng.randrange(2**32))
            while not state.is_terminal():
                legal = state.legal_actions()
                state.apply(legal[rng.randrange(len(legal))])
                decisions += 1
            now = time.perf_counter()
            if now >= deadline:
                return decisions, now - start

    return run


def mid_hand_states(game: Game, count: int, seed: int = 0) -> list[State]:
    """``count`` decision states drawn from the middle of the hands of
    seeded random matches (clones; the matches themselves are discarded)."""
    rng = random.Random(seed)
    pool: list[State] = []
    while len(pool) < 4 * count:
        state = game.new_state(seed=rng.randrange(2**32))
        hands: list[list[State]] = [[]]
        while not state.is_terminal():
            hands[-1].append(state.clone())
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
            if len(state.hand_results()) == len(hands):
                hands.append([])
        pool.extend(middle_half(hands))
    return rng.sample(pool, count)


def observation_tensor_calls(states: Sequence[State]) -> list[Call]:
    """Bound ``observation_tensor(seat)`` calls, for the seat to move."""
    return [
        functools.partial(state.observation_tensor, state.current_player())
        for state in states
    ]


def make_game(name: str, options: dict[str, OptionValue]) -> Game:
    """The game a benchmark line measures."""
    return parlour.make(name, **options)


def main(argv: Sequence[str] | None = None) -> int:
    """Print the trick games' benchmark lines (see the module docstring)."""
    import bench_openspiel
    import run  # run.py imports this module: imported here, once both exist
    from timing import load_openspiel

    budget = run.parse_arguments(argv)
    hearts = load_openspiel("hearts")
    print(run.header(budget, hearts), flush=True)
    hearts_states = (bench_openspiel.mid_hand_states(hearts, budget.states)
                     if hearts is not None else [])
    for name, options in BENCHES:
        run.bench_game(name, options, budget, hearts, hearts_states)
    for name, options in RELATIVES:
        run.bench_relative(name, options, BENCHES[0], budget)
    return 0


if __name__ == "__main__":
    sys.exit(main())
