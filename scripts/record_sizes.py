"""Measure how large a game record file gets, against the 16 MiB limit on
the record files that the command line reads (issue 27,
:data:`parlour.engine.record.RECORD_LIMIT`).

Usage: ``python scripts/record_sizes.py [--seeds N]``

Every registered game is played by random players to the end of the match,
at its default options and at the longest options its schema allows (the
largest target, table and turn safeguard, where the game has them), ``N``
seeds each (default 3); a row gives the largest record of each, written as
``parlour play --save`` writes it (indented JSON), in KiB, with its number
of actions. Random players make the longest matches: they seldom go out.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Sequence

import parlour
from parlour.engine import game_class
from parlour.engine.record import RECORD_LIMIT

LONGEST: dict[str, dict[str, object]] = {
    "progress-rummy": {"players": 8, "stock_exhaustion": "reshuffle"},
    "bharg": {"players": 3, "stock_exhaustion": "reshuffle"},
    "polignac": {"players": 6},
    "progress": {"players": 8},
    "ranter-go-round": {"players": 26},
    "costly-colours": {"players": 4, "target": 121},
}
"""Per game, the options beside its integer maxima that make a match
longest: the most seats, and a stock that is shuffled again for ever
(a round then runs to the turn safeguard)."""


def longest_options(name: str) -> dict[str, object]:
    """Every integer option of ``name`` at its maximum but the player
    count, with :data:`LONGEST`'s choices."""
    options: dict[str, object] = {
        option.name: option.maximum for option in game_class(name).schema
        if option.kind == "integer" and option.name not in ("players", "min_natural_cards")
    }
    return {**options, **LONGEST.get(name, {})}


def largest_record(name: str, options: dict[str, object], seeds: int) -> tuple[int, int]:
    """The size in bytes and the number of actions of the largest record of
    ``seeds`` random matches."""
    game = parlour.make(name, **options)
    largest = (0, 0)
    for seed in range(seeds):
        state = game.new_state(seed=seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            state.apply(rng.choice(state.legal_actions()))
        size = len((json.dumps(state.record(), indent=1) + "\n").encode("utf-8"))
        largest = max(largest, (size, len(state.history)))
    return largest


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=3, help="matches per game and options")
    arguments = parser.parse_args(argv)
    print(f"record limit: {RECORD_LIMIT // 1024} KiB; {arguments.seeds} random matches each")
    print(f"{'game':16} {'options':60} {'KiB':>8} {'actions':>8} {'seconds':>8}")
    for name in sorted(parlour.games()):
        longest = longest_options(name)
        for options in ({}, longest) if longest else ({},):
            started = time.perf_counter()
            size, actions = largest_record(name, options, arguments.seeds)
            shown = " ".join(f"{key}={value}" for key, value in options.items()) or "defaults"
            print(f"{name:16} {shown:60} {size / 1024:8.1f} {actions:8} "
                  f"{time.perf_counter() - started:8.1f}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
