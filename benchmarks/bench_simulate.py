"""``parlour simulate``'s engine: whole matches per second with one worker
and with two (and the scaling ratio between them), the Ray backend
against the local one on the same work, and the vector engine against the
reference one.

Every run plays the same matches (random agents, Polignac for four to 20
penalty points, the default), through :func:`run_simulation` as the
command does: batches, the process pool (started anew each run, as each
command starts its own), the records and the game's event counts. The
number of matches a run is chosen so that one worker takes about the
budget of a run (at least :data:`MIN_MATCHES`, so that both workers have
a batch). The Ray figure uses a local instance of two CPUs started
once before the runs (its start-up, several seconds, is not counted),
against the local backend with two workers; without Ray (``pip install
'parlour[ray]'``) that line says so.

The vector engine (``--engine vector``, :mod:`parlour.sim.vector`) against
the reference one, one worker each, on the command's whole work: the
matches and their statistics (:func:`parlour.sim.statistics.summarise`),
:data:`VECTOR_MATCHES` matches a run on the vector engine (one batch)
against the calibrated number on the reference one; the issue's aim is
:data:`VECTOR_AIM` times as many games a second.

    python benchmarks/bench_simulate.py [--seconds S] [--runs N]
"""

from __future__ import annotations

import importlib.util
import math
import sys
import time
from collections.abc import Sequence

from bench_tricks import bench_label
from parlour.engine import OptionValue
from parlour.sim.simulate import Backend, LocalBackend, SimulationSpec, run_simulation
from parlour.sim.statistics import summarise
from timing import Runner, bench_parser, interleaved_rates, ratio

GAME: tuple[str, dict[str, OptionValue]] = ("polignac", {"players": 4})
"""The game and options simulated."""

CALIBRATION_MATCHES = 4
"""Matches played once, in process, to size the runs."""

MIN_MATCHES = 32
"""The fewest matches a run: two batches of 16, one for each worker."""


VECTOR_MATCHES = 4_096
"""Matches a run on the vector engine: one batch."""

VECTOR_AIM = 20
"""Issue 30: the vector engine's games a second over the reference's."""


def spec_for(matches: int, seed: int, engine: str = "reference") -> SimulationSpec:
    """The work of one run: ``matches`` random matches from ``seed``."""
    name, options = GAME
    return SimulationSpec(name, options, ("random",), matches, seed, engine=engine)


def matches_per_run(budget: float) -> int:
    """How many matches one worker plays in about ``budget`` seconds."""
    start = time.perf_counter()
    run_simulation(spec_for(CALIBRATION_MATCHES, -1), workers=1)
    one = (time.perf_counter() - start) / CALIBRATION_MATCHES
    return max(MIN_MATCHES, math.ceil(budget / one))


def backend_runner(backend: Backend, matches: int) -> Runner:
    """A runner that plays ``matches`` matches (seeded by the run's index)
    on ``backend`` and counts them."""

    def run(budget: float, index: int) -> tuple[int, float]:
        start = time.perf_counter()
        run_simulation(spec_for(matches, index), backend)
        return matches, time.perf_counter() - start

    return run


def summarised_runner(engine: str, matches: int) -> Runner:
    """A runner that plays ``matches`` matches on ``engine`` with one worker
    and summarises them, as the command does."""

    def run(budget: float, index: int) -> tuple[int, float]:
        start = time.perf_counter()
        summarise(run_simulation(spec_for(matches, index, engine), workers=1))
        return matches, time.perf_counter() - start

    return run


def bench_vector_engine(seconds: float, runs: int, matches: int) -> str:
    """The vector engine's line (``matches``: the reference engine's matches
    a run), printed as soon as it is known."""
    label = f"simulate {bench_label(*GAME)} vector engine games/s"
    summarised_runner("vector", 1)(0.0, -1)  # the kernels compiled before any clock
    vector, reference = interleaved_rates(
        [summarised_runner("vector", VECTOR_MATCHES), summarised_runner("reference", matches)],
        seconds, runs)
    met = "met" if vector / reference >= VECTOR_AIM else "MISSED"
    line = (f"{label}: {format_games(vector)} vs reference engine {format_games(reference)} "
            f"(ratio {ratio(vector, reference)}; aim {VECTOR_AIM} {met}; one worker each, "
            "statistics included)")
    print(line, flush=True)
    return line


def format_games(value: float) -> str:
    """Games per second: two decimals below 100, else whole."""
    return f"{value:.2f}" if value < 100 else f"{value:,.0f}"


def bench_simulate(seconds: float, runs: int) -> list[str]:
    """The two benchmark lines, each printed as soon as it is known."""
    label = f"simulate {bench_label(*GAME)}"
    matches = matches_per_run(seconds / runs)
    one, two = LocalBackend(workers=1), LocalBackend(workers=2)
    rates = interleaved_rates([backend_runner(one, matches), backend_runner(two, matches)],
                              seconds, runs)
    lines = [f"{label} games/s: 1 worker {format_games(rates[0])}, 2 workers "
             f"{format_games(rates[1])} (scaling ratio {ratio(rates[1], rates[0])}; "
             f"{matches} matches a run)"]
    print(lines[-1], flush=True)
    if importlib.util.find_spec("ray") is None:
        lines.append(f"{label} ray games/s: (not measured: ray not installed)")
    else:
        from parlour.sim.simulate import RayBackend

        with RayBackend(workers=2) as ray:
            ray_rates = interleaved_rates(
                [backend_runner(ray, matches), backend_runner(two, matches)], seconds, runs)
        lines.append(f"{label} ray games/s: 2 workers {format_games(ray_rates[0])} vs local "
                     f"2 workers {format_games(ray_rates[1])} (ratio "
                     f"{ratio(ray_rates[0], ray_rates[1])}, overhead "
                     f"{100 * (ray_rates[1] / ray_rates[0] - 1):+.0f}%)")
    print(lines[-1], flush=True)
    lines.append(bench_vector_engine(seconds, runs, matches))
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    """Run this benchmark alone."""
    arguments = bench_parser(__doc__, "each figure").parse_args(argv)
    bench_simulate(arguments.seconds, arguments.runs)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
