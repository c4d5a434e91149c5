"""Random play on the batched engine: decisions a second at several batch
sizes, and the memory a match of the batch takes.

    python scripts/vector_speed.py polignac [--seconds 2] [--kernel numba] [--option key=value]

A decision is one match's action: each step plays ``random_actions`` (a
uniformly random legal action per match) on every match in play, and a
finished match starts again (``reset`` when the whole batch is over). The
compilation (Numba's, cached on disk) happens before the clock starts.

The rate is per second of this process's CPU time (``time.process_time``):
one core's throughput, also on a machine that others share; the wall-clock
rate is printed beside it.
"""

from __future__ import annotations

import argparse
import json
import time

import numpy as np

import parlour.vector

SIZES = (1, 64, 1024, 8192)


def _value(text: str) -> object:
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        return text


def measure(name: str, batch_size: int, seconds: float, kernel: str,
            options: dict[str, object], fresh: int = 0) -> tuple[float, float, float]:
    """Decisions a CPU second, decisions a wall-clock second and bytes a
    match of random play at ``batch_size`` (``fresh``: only the first so
    many steps after each reset, while nearly every match is in play)."""
    vg = parlour.vector.make(name, batch_size=batch_size, kernel=kernel, **options)
    rng = np.random.default_rng(0)
    vg.reset(0)
    for _ in range(3):  # compile, warm
        vg.step(vg.random_actions(rng))
    decisions = 0
    seed = 1
    steps = 0
    elapsed = wall = 0.0
    while elapsed < seconds:
        start = time.perf_counter()
        cpu = time.process_time()
        for _ in range(20):
            if vg.done.all() or (fresh and steps == fresh):
                vg.reset(seed)
                seed += 1
                steps = 0
            decisions += int(np.count_nonzero(~vg.done))
            vg.step(vg.random_actions(rng))
            steps += 1
        elapsed += time.process_time() - cpu
        wall += time.perf_counter() - start
    return decisions / elapsed, decisions / wall, vg.memory_per_match()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="+", help="game names (parlour.vector.covered())")
    parser.add_argument("--seconds", type=float, default=2.0, help="time a batch size")
    parser.add_argument("--kernel", default="numba", help="numba or python")
    parser.add_argument("--sizes", default=",".join(map(str, SIZES)),
                        help="batch sizes, comma-separated")
    parser.add_argument("--fresh", type=int, default=0, metavar="STEPS",
                        help="reset after so many steps (the steady rate, every match in "
                             "play; default: play every match to its end, the batch's tail "
                             "of long matches included)")
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                        help="a game option (JSON value), repeatable")
    args = parser.parse_args()
    options = {key: _value(value) for key, value in
               (item.split("=", 1) for item in args.option)}
    for name in args.games:
        for size in (int(text) for text in args.sizes.split(",")):
            rate, wall, memory = measure(name, size, args.seconds, args.kernel, options,
                                         args.fresh)
            print(f"{name} {options or ''} B={size:5d} [{args.kernel}]: "
                  f"{rate / 1e6:7.2f} M decisions/s of CPU ({wall / 1e6:.2f} M/s wall), "
                  f"{memory:4.0f} bytes a match", flush=True)


if __name__ == "__main__":
    main()
