"""Games per second of seeded random play of each patience (Golf,
Calculation, Baker's Dozen, Clock; default options), against OpenSpiel's
``solitaire`` (Klondike) driven from Python, measured interleaved in the
same run.

Ours are played the way a Python user's loop plays them: ``legal_actions``
+ ``apply``, the deal drawn inside ``new_state``; OpenSpiel's with
``legal_actions`` + ``apply_action`` and its chance nodes (each card
revealed) sampled in Python. A game is counted once it is over. Klondike is
the one patience OpenSpiel has, a longer game than any of ours, so the
ratio compares engines playing whole games, not equal work.

Without ``pyspiel`` (``pip install 'parlour[openspiel]'``) the lines are
printed without the reference.

The solver's lines: deals of Golf, Calculation and Baker's Dozen solved
per second at the default node budget (``DEFAULT_NODES``), with the share
decided (won or lost, not "unknown"), against games per second of the hint
player (the ``easy`` level) on the same seeds, measured interleaved. A
typical deal is decided in a fraction of the budget; the rate is set by
the few that use it all.

    python benchmarks/bench_patience.py [--seconds S] [--runs N]
"""

from __future__ import annotations

import random
import sys
from collections.abc import Sequence
from typing import Any

import parlour
from bench_costly import games_runner, openspiel_runner
from bench_tricks import bench_label, make_game
from parlour.agents.heuristic import heuristic_action
from parlour.engine import OptionValue
from parlour.games.patience.solver import DEFAULT_NODES, solve
from timing import (
    Runner,
    bench_parser,
    format_rate,
    interleaved_rates,
    load_openspiel,
    ratio,
    seeded_runner,
)

GAMES: tuple[tuple[str, dict[str, OptionValue]], ...] = (
    ("golf", {}), ("calculation", {}), ("bakers-dozen", {}), ("clock", {}),
)
"""The patiences measured (default options)."""

REFERENCE = "OpenSpiel solitaire"


def bench_patience(seconds: float, runs: int, solitaire: Any | None) -> list[str]:
    """The benchmark lines, each printed as soon as it is known;
    ``solitaire`` is OpenSpiel's game or ``None`` when open_spiel is not
    installed."""
    lines = []
    for name, options in GAMES:
        label = bench_label(name, options)
        ours = games_runner(make_game(name, options))
        if solitaire is None:
            (rate,) = interleaved_rates([ours], seconds, runs)
            line = f"{label} games/s: {format_rate(rate)} (no reference: open_spiel not installed)"
        else:
            rate, reference = interleaved_rates([ours, openspiel_runner(solitaire)],
                                                  seconds, runs)
            line = (f"{label} games/s: {format_rate(rate)} vs {REFERENCE} "
                    f"{format_rate(reference)} (ratio {ratio(rate, reference)})")
        print(line, flush=True)
        lines.append(line)
    return lines


SOLVED = ("golf", "calculation", "bakers-dozen")
"""The patiences with decisions, which the solver searches."""


def solver_runner(name: str, decided: list[int]) -> Runner:
    """A runner that solves seeded deals of ``name`` for a budget and counts
    them; ``decided`` gathers [deals decided, deals solved]."""
    game = parlour.make(name)

    def one(rng: random.Random) -> int:
        verdict = solve(game.new_state(seed=rng.randrange(2**32))).verdict
        decided[0] += verdict != "unknown"
        decided[1] += 1
        return 1

    return seeded_runner(one)


def hint_runner(name: str) -> Runner:
    """A runner that plays seeded deals of ``name`` by the hint and counts them."""
    game = parlour.make(name)

    def one(rng: random.Random) -> int:
        state = game.new_state(seed=rng.randrange(2**32))
        while not state.is_terminal():
            state.apply(heuristic_action(state.observation(0), state.legal_actions(), rng))
        return 1

    return seeded_runner(one)


def bench_solver(seconds: float, runs: int) -> list[str]:
    """The solver's benchmark lines, each printed as soon as it is known."""
    lines = []
    for name in SOLVED:
        decided = [0, 0]
        rate, hint_rate = interleaved_rates([solver_runner(name, decided), hint_runner(name)],
                                            seconds, runs)
        share = 100 * decided[0] / decided[1]
        line = (f"{name} solver deals/s: {format_rate(rate)} (decided within the default "
                f"budget of {DEFAULT_NODES:,} positions: {decided[0]} of {decided[1]}, "
                f"{share:.0f}%) vs the hint player {format_rate(hint_rate)} "
                f"(ratio {ratio(rate, hint_rate)})")
        print(line, flush=True)
        lines.append(line)
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    """Print the lines alone."""
    parser = bench_parser(__doc__)
    arguments = parser.parse_args(argv)
    bench_patience(arguments.seconds, arguments.runs, load_openspiel("solitaire"))
    bench_solver(arguments.seconds, arguments.runs)
    return 0


if __name__ == "__main__":
    sys.exit(main())
