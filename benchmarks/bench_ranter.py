"""Ranter Go Round's hands per second of seeded random play (six players,
default options, whole games to the last player in, played as a Python
user's loop plays them: ``legal_actions`` + ``apply``), against a bare loop
of the same rules measured interleaved in the same run.

The bare loop is the least code that plays the base game (Kings block,
the dealer cuts, every lowest card loses a life) on plain lists, with no
observation, history, knowledge or checks: the ratio is the price of the
engine's contract on the cheapest game it holds.

    python benchmarks/bench_ranter.py [--seconds S] [--runs N]
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Sequence

from bench_costly import games_runner
from bench_tricks import bench_label, make_game
from parlour.engine import Game, OptionValue
from timing import Runner, bench_parser, format_rate, interleaved_rates, ratio

GAME: tuple[str, dict[str, OptionValue]] = ("ranter-go-round", {})
"""The game measured (default options: six players, three lives)."""

REFERENCE = "a bare loop of the same rules"

PLAYERS = 6
LIVES = 3
KING = 13
RANKS = [1 if card % 13 == 12 else card % 13 + 2 for card in range(52)]
"""Each card's rank (A low, K 13), in the engine's card order."""


def hands_runner(game: Game) -> Runner:
    """A runner that plays seeded random games of ``game`` for a budget and
    counts the hands of the finished ones."""
    return games_runner(game, lambda state: len(state.hand_results()))


def bare_hand(rng: random.Random, lives: list[int], dealer: int) -> None:
    """One hand of the base game on plain lists; ``lives`` is updated."""
    order = [seat for seat in ((dealer + offset) % PLAYERS for offset in range(1, PLAYERS + 1))
             if lives[seat]]
    pack = rng.sample(range(52), 52)
    cards = [RANKS[card] for card in pack[:len(order)]]
    stock = pack[len(order):]
    turn = 0
    while turn < len(order):
        if cards[turn] == KING or rng.randrange(2) == 0:
            turn += 1
        elif turn == len(order) - 1:
            cards[turn] = RANKS[stock[rng.randrange(len(stock))]]
            turn += 1
        elif cards[turn + 1] == KING:
            turn += 2
        else:
            cards[turn], cards[turn + 1] = cards[turn + 1], cards[turn]
            turn += 1
    lowest = min(cards)
    for position, seat in enumerate(order):
        if cards[position] == lowest:
            lives[seat] -= 1


def bare_runner() -> Runner:
    """A runner that plays seeded random games of the bare loop and counts hands."""

    def run(budget: float, index: int) -> tuple[int, float]:
        rng = random.Random(index)
        hands = 0
        start = time.perf_counter()
        deadline = start + budget
        while True:
            lives = [LIVES] * PLAYERS
            dealer = rng.randrange(PLAYERS)
            while True:
                bare_hand(rng, lives, dealer)
                hands += 1
                if sum(1 for count in lives if count) < 2:
                    break  # one player left, or none (the last ones tied)
                dealer = next(seat for seat in ((dealer + offset) % PLAYERS
                                                for offset in range(1, PLAYERS + 1))
                              if lives[seat])
            now = time.perf_counter()
            if now >= deadline:
                return hands, now - start

    return run


def bench_ranter(seconds: float, runs: int) -> str:
    """The benchmark line, printed as soon as it is known."""
    name, options = GAME
    ours, reference = interleaved_rates(
        [hands_runner(make_game(name, options)), bare_runner()], seconds, runs)
    line = (f"{bench_label(name, options)} hands/s: {format_rate(ours)} vs {REFERENCE} "
            f"{format_rate(reference)} (ratio {ratio(ours, reference)})")
    print(line, flush=True)
    return line


def main(argv: Sequence[str] | None = None) -> int:
    """Print the line alone."""
    parser = bench_parser(__doc__)
    arguments = parser.parse_args(argv)
    bench_ranter(arguments.seconds, arguments.runs)
    return 0


if __name__ == "__main__":
    sys.exit(main())
