"""The batched engine against the reference engine, at full count.

    python scripts/vector_equivalence.py polignac knaves ... [--hands 100000] [--kernel numba]

For each game, every option set of the conformance suite
(``tests/support.py``), at least ``--hands`` hands in all (shared out
evenly over the option sets): both engines from the same loaded positions
with the same random actions, compared after every step
(:func:`parlour.vector.check.check`: players to move, legal masks,
observation tensors, scores, returns, hands begun, counted events). Prints
what each option set compared; exits 1 at the first difference, saying
where. ``--all`` checks every game the vector engine plays.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import parlour.vector
from parlour.vector.check import Mismatch, check

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from support import option_sets


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", help="game names (default with --all: every one)")
    parser.add_argument("--all", action="store_true", help="every game the vector engine plays")
    parser.add_argument("--hands", type=int, default=100_000,
                        help="hands a game, over all its option sets")
    parser.add_argument("--kernel", default="auto", help="auto, numba or python")
    parser.add_argument("--seed", type=int, default=0, help="the reference matches' seed")
    parser.add_argument("--batch", type=int, default=16, help="matches compared at once")
    args = parser.parse_args()
    games = parlour.vector.covered() if args.all else args.games
    if not games:
        parser.error("name a game, or --all")
    for name in games:
        sets = option_sets(name)
        each = -(-args.hands // len(sets))
        total = whole = 0
        start = time.perf_counter()
        for index, options in enumerate(sets):
            try:
                summary = check(name, options, each, args.seed + index, args.kernel,
                                batch_size=args.batch)
            except Mismatch as mismatch:
                print(f"MISMATCH {mismatch}", flush=True)
                return 1
            total += summary.hands
            whole += summary.whole
            print(summary, flush=True)
        print(f"{name}: {total} hands ({whole} from their start) over {len(sets)} "
              f"option sets identical "
              f"({time.perf_counter() - start:.0f} s)", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
