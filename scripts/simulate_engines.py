"""``parlour simulate``'s two engines side by side (issue 30): the same
game played by random agents on the reference engine and on the vector
engine (``--engine vector``), the time each took for its matches and their
statistics, and each figure of one beside the other's with the 95%
interval of their difference.

    python scripts/simulate_engines.py polignac [-n 100000] [--reference 2000]
        [--workers W] [--option key=value ...] [--seed S]

Each engine plays its own number of matches (the reference engine is the
slow one), through :func:`parlour.sim.simulate.run_simulation` and
:func:`parlour.sim.statistics.summarise`, as the command does; the speed
compared is matches a second with the statistics included. A figure
"agrees" when the interval of the difference of the two means holds 0:
about one figure in twenty may disagree by chance alone.
"""

from __future__ import annotations

import argparse
import json
import math
import time
from collections.abc import Callable, Sequence

from parlour.sim.records import MatchRecord
from parlour.sim.simulate import SimulationSpec, run_simulation
from parlour.sim.statistics import summarise

Figure = Callable[[MatchRecord], float]


def figures(players: int, events: Sequence[str]) -> dict[str, Figure]:
    """The figures compared, by name: a value of each match."""
    table: dict[str, Figure] = {}
    for seat in range(players):
        table[f"seat {seat} wins"] = lambda record, seat=seat: (
            1 / len(record.winners()) if seat in record.winners()
            and len(record.winners()) < record.players else 0.0)
        table[f"seat {seat} final score"] = lambda record, seat=seat: record.scores[seat]
    table["hands a match"] = lambda record: record.hands
    table["decisions a match"] = lambda record: record.actions
    for name in events:
        table[f"{name} a match"] = lambda record, name=name: record.events.get(name, 0)
    return table


def mean_and_error(values: list[float]) -> tuple[float, float]:
    """The mean and its standard error."""
    count = len(values)
    mean = sum(values) / count
    variance = sum((value - mean) ** 2 for value in values) / max(count - 1, 1)
    return mean, math.sqrt(variance / count)


def play(game: str, options: dict[str, object], matches: int, seed: int, engine: str,
         workers: int | None) -> tuple[list[MatchRecord], float]:
    """The records of ``matches`` matches on ``engine`` and the seconds they
    and their statistics took."""
    start = time.perf_counter()
    records = run_simulation(SimulationSpec(game, options, ("random",), matches, seed,
                                            engine=engine), workers=workers)
    summarise(records)
    return records, time.perf_counter() - start


def main(argv: Sequence[str] | None = None) -> int:
    """Play both engines and print the comparison."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game")
    parser.add_argument("-n", "--matches", type=int, default=100_000,
                        help="matches on the vector engine")
    parser.add_argument("--reference", type=int, default=2_000,
                        help="matches on the reference engine")
    parser.add_argument("--workers", type=int, default=None, help="workers (default: all)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                        help="a game option (JSON value), repeatable")
    arguments = parser.parse_args(argv)
    options: dict[str, object] = {}
    for item in arguments.option:
        key, _, text = item.partition("=")
        try:
            options[key] = json.loads(text)
        except json.JSONDecodeError:
            options[key] = text
    vector, vector_seconds = play(arguments.game, options, arguments.matches, arguments.seed,
                                  "vector", arguments.workers)
    reference, reference_seconds = play(arguments.game, options, arguments.reference,
                                        arguments.seed, "reference", arguments.workers)
    vector_rate = len(vector) / vector_seconds
    reference_rate = len(reference) / reference_seconds
    print(f"{arguments.game} {options or ''}: vector engine {len(vector):,} matches in "
          f"{vector_seconds:.1f} s ({vector_rate:,.0f}/s), reference engine "
          f"{len(reference):,} in {reference_seconds:.1f} s ({reference_rate:,.1f}/s): "
          f"{vector_rate / reference_rate:.1f}x as fast (statistics included, "
          f"workers {arguments.workers or 'all cores'})")
    events = sorted(reference[0].events)
    agreed = 0
    table = figures(reference[0].players, events)
    for name, figure in table.items():
        ours, our_error = mean_and_error([float(figure(record)) for record in vector])
        theirs, their_error = mean_and_error([float(figure(record)) for record in reference])
        spread = 1.96 * math.hypot(our_error, their_error)
        agrees = abs(ours - theirs) <= spread
        agreed += agrees
        print(f"  {name:28} vector {ours:9.4f} ± {1.96 * our_error:.4f}   reference "
              f"{theirs:9.4f} ± {1.96 * their_error:.4f}   difference {ours - theirs:+.4f} "
              f"± {spread:.4f} {'agrees' if agrees else 'DIFFERS'}")
    print(f"{agreed} of {len(table)} figures agree within the 95% interval of their difference")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
