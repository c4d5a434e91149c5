"""Full matches per second of seeded random play: Progress Rummy (five
rounds, four players, default options) against OpenSpiel's ``gin_rummy``
(default parameters) driven from Python, measured interleaved in the same
run; and, since a rummy match is long, the steps per second of the same
runs.

Both are played the way a Python user's loop plays them: ours with
``legal_actions`` + ``apply`` (the deals and draws are made inside
``new_state`` and ``apply``), OpenSpiel's with ``legal_actions`` +
``apply_action`` and its chance outcomes (each card dealt or drawn)
sampled in Python by their probabilities. A match is counted once it is
over; a step is an action a player chooses (OpenSpiel's chance outcomes
are not counted). Gin rummy is the nearest game OpenSpiel has, but a much
shorter one: one hand of two players against five rounds of four, where
random players seldom go out and most rounds run the stock down (about
2,000 steps a match, one card into a meld being one step), so the games
ratio compares engines playing whole matches, not equal work; the steps
ratio is the nearer comparison.

Without ``pyspiel`` (``pip install 'parlour[openspiel]'``) the lines are
printed without the reference.

    python benchmarks/bench_rummy.py [--seconds S] [--runs N]
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from collections.abc import Sequence
from typing import Any

from bench_tricks import bench_label, make_game
from parlour.engine import Game, OptionValue
from timing import Runner, bench_parser, format_rate, interleaved_rates, load_openspiel, ratio

GAME: tuple[str, dict[str, OptionValue]] = ("progress-rummy", {"players": 4})
"""The game and options measured (four players is the default)."""

REFERENCE = "OpenSpiel gin_rummy"


def format_matches(value: float) -> str:
    """A matches-per-second figure: two decimals below 100 (a Progress
    Rummy match takes a sizeable part of a second), else as
    :func:`~timing.format_rate`."""
    return f"{value:.2f}" if value < 100 else format_rate(value)


def sample_outcome(outcomes: Sequence[tuple[int, float]], rng: random.Random) -> int:
    """One of OpenSpiel's ``(action, probability)`` chance outcomes, drawn
    by its probability."""
    point = rng.random()
    for action, probability in outcomes:
        point -= probability
        if point < 0:
            return action
    return outcomes[-1][0]  # the probabilities summed a rounding short of 1


def matches_runner(game: Game, step_rates: list[float]) -> Runner:
    """A runner that plays seeded random matches of ``game`` for a budget
    and counts the finished ones; each run appends its steps per second to
    ``step_rates``."""

    def run(budget: float, index: int) -> tuple[int, float]:
        rng = random.Random(index)
        matches = 0
        steps = 0
        start = time.perf_counter()
        deadline = start + budget
        while True:
            state = game.new_state(seed=rng.randrange(2**32))
            while not state.is_terminal():
                legal = state.legal_actions()
                state.apply(legal[rng.randrange(len(legal))])
                steps += 1
            matches += 1
            now = time.perf_counter()
            if now >= deadline:
                step_rates.append(steps / (now - start))
                return matches, now - start

    return run


def gin_rummy_runner(game: Any, step_rates: list[float]) -> Runner:
    """A runner that plays seeded random gin rummy games for a budget and
    counts the finished ones; each run appends its player steps per second
    to ``step_rates``."""

    def run(budget: float, index: int) -> tuple[int, float]:
        rng = random.Random(index)
        games = 0
        steps = 0
        start = time.perf_counter()
        deadline = start + budget
        while True:
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    state.apply_action(sample_outcome(state.chance_outcomes(), rng))
                    continue
                legal = state.legal_actions()
                state.apply_action(legal[rng.randrange(len(legal))])
                steps += 1
            games += 1
            now = time.perf_counter()
            if now >= deadline:
                step_rates.append(steps / (now - start))
                return games, now - start

    return run


def bench_rummy(seconds: float, runs: int, gin_rummy: Any | None) -> list[str]:
    """The two benchmark lines (matches, then steps, per second), each
    printed as soon as it is known; ``gin_rummy`` is OpenSpiel's game or
    ``None`` when open_spiel is not installed."""
    name, options = GAME
    label = bench_label(name, options)
    our_steps: list[float] = []
    runners = [matches_runner(make_game(name, options), our_steps)]
    their_steps: list[float] = []
    if gin_rummy is not None:
        runners.append(gin_rummy_runner(gin_rummy, their_steps))
    rates = interleaved_rates(runners, seconds, runs)
    steps = statistics.median(our_steps)
    if gin_rummy is None:
        missing = "(no reference: open_spiel not installed)"
        lines = [f"{label} games/s: {format_matches(rates[0])} {missing}",
                 f"{label} steps/s: {format_rate(steps)} {missing}"]
    else:
        reference_steps = statistics.median(their_steps)
        lines = [
            f"{label} games/s: {format_matches(rates[0])} vs {REFERENCE} "
            f"{format_matches(rates[1])} (ratio {ratio(rates[0], rates[1])})",
            f"{label} steps/s: {format_rate(steps)} vs {REFERENCE} "
            f"{format_rate(reference_steps)} (ratio {ratio(steps, reference_steps)})",
        ]
    for line in lines:
        print(line, flush=True)
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    """Print the lines alone."""
    parser = bench_parser(__doc__, "the figures (both measured in the same runs)")
    arguments = parser.parse_args(argv)
    bench_rummy(arguments.seconds, arguments.runs, load_openspiel("gin_rummy"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
