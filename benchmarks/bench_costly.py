"""Full games per second of seeded random play: Costly Colours to 61 (two
players, default options) against OpenSpiel's ``cribbage`` (two players, to
121) driven from Python, measured interleaved in the same run.

Both are played the way a Python user's loop plays them: ours with
``legal_actions`` + ``apply`` (the deal is drawn inside ``new_state``),
OpenSpiel's with ``legal_actions`` + ``apply_action`` and its chance nodes
(the deal and the starter) sampled in Python. A game is counted once it is
over. Cribbage is the nearest game OpenSpiel has: a longer one (six cards
dealt each, two laid away to the crib, to 121), so the ratio compares
engines playing whole games, not equal work.

Without ``pyspiel`` (``pip install 'parlour[openspiel]'``) the line is
printed without the reference.

    python benchmarks/bench_costly.py [--seconds S] [--runs N]
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable, Sequence
from typing import Any

from bench_tricks import bench_label, make_game
from parlour.engine import Game, OptionValue, State
from timing import (
    Runner,
    bench_parser,
    format_rate,
    interleaved_rates,
    load_openspiel,
    ratio,
    seeded_runner,
)

GAME: tuple[str, dict[str, OptionValue]] = ("costly-colours", {"target": 61})
"""The game and options measured."""

REFERENCE = "OpenSpiel cribbage"


def games_runner(game: Game, counted: Callable[[State], int] | None = None) -> Runner:
    """A runner that plays seeded random matches of ``game`` for a budget
    and counts the finished ones (or, with ``counted``, what it counts in
    each finished match: its hands, say)."""

    def one(rng: random.Random) -> int:
        state = game.new_state(seed=rng.randrange(2**32))
        while not state.is_terminal():
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
        return 1 if counted is None else counted(state)

    return seeded_runner(one)


def openspiel_runner(game: Any) -> Runner:
    """A runner that plays seeded random games of an OpenSpiel ``game`` for a
    budget and counts the finished ones. Its chance outcomes must be
    uniform, as cribbage's (each card dealt, the starter) and solitaire's
    (each hidden card revealed) are: an index is then an exact sample."""

    def one(rng: random.Random) -> int:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
                continue
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))])
        return 1

    return seeded_runner(one)


def bench_costly(seconds: float, runs: int, cribbage: Any | None) -> str:
    """The benchmark line, printed as soon as it is known; ``cribbage`` is
    OpenSpiel's game or ``None`` when open_spiel is not installed."""
    name, options = GAME
    label = bench_label(name, options)
    ours = games_runner(make_game(name, options))
    if cribbage is None:
        (rate,) = interleaved_rates([ours], seconds, runs)
        line = f"{label} games/s: {format_rate(rate)} (no reference: open_spiel not installed)"
    else:
        rate, reference = interleaved_rates([ours, openspiel_runner(cribbage)], seconds, runs)
        line = (
            f"{label} games/s: {format_rate(rate)} vs {REFERENCE} {format_rate(reference)} "
            f"(ratio {ratio(rate, reference)})"
        )
    print(line, flush=True)
    return line


def main(argv: Sequence[str] | None = None) -> int:
    """Print the line alone."""
    parser = bench_parser(__doc__)
    arguments = parser.parse_args(argv)
    bench_costly(arguments.seconds, arguments.runs, load_openspiel("cribbage"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
