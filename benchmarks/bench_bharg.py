"""Bharg's two figures, each beside the figure it is compared with,
measured interleaved in the same run:

* evaluator calls per second (``parlour.games.bharg.arrange``, which the
  win check, the scoring and ``evaluate_hand`` share) on random 7-card
  hands of the basic deck against a random top Ace (or none), against a
  brute-force reference that tries every subset of the hand as a set and
  every collection of disjoint sets (rules/bharg.md §8 taken literally);
* full random games per second (two players, to 50) against Costly
  Colours' (two players, to 61), both played as a Python user's loop plays
  them (``legal_actions`` + ``apply``).

``--worst`` also searches for the 6-, 7- and 8-card hands that cost the
evaluator most (hill climbing on the number of disjoint collections of
sets) and times them: the worst case stated in ``arrange``'s docstring.

    python benchmarks/bench_bharg.py [--seconds S] [--runs N] [--worst]
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from collections.abc import Sequence
from itertools import combinations

from bench_costly import games_runner
from bench_tricks import bench_label, make_game
from parlour.cards.bits import bits_of
from parlour.engine import OptionValue
from parlour.games.bharg import ACE_SUIT, ALL_SUITS, SUIT_BITS, SUIT_CARDS, VALUES, arrange
from parlour.games.bharg import candidate_sets as find_sets
from timing import Runner, bench_parser, format_rate, interleaved_rates, ratio

GAME: tuple[str, dict[str, OptionValue]] = ("bharg", {})
"""The game measured (default options: two players, to 50)."""

REFERENCE_GAME: tuple[str, dict[str, OptionValue]] = ("costly-colours", {"target": 61})

HANDS = 2_000
"""Random hands the evaluator figures sweep, the same for both."""


def random_hands(count: int, size: int = 7, seed: int = 0,
                 cards: int = 36) -> list[tuple[int, int]]:
    """``count`` random (hand bitset, top Ace id or -1) pairs."""
    rng = random.Random(seed)
    hands = []
    for _ in range(count):
        hand = rng.sample(range(cards), size)
        aces = [ace for ace in range(6) if ace not in hand]
        hands.append((sum(1 << card for card in hand), rng.choice([-1, *aces])))
    return hands


def brute_force(hand: int, ace_top: int) -> tuple[int, int]:
    """(penalty, bound cards) by §8 literally: every subset of three or more
    cards whose suits are the six once each, every disjoint collection of
    them, the least penalty and then the most cards bound."""
    cards = bits_of(hand)
    sets = []
    for size in range(3, len(cards) + 1):
        for group in combinations(cards, size):
            suits = [SUIT_BITS[card] for card in group]
            union = 0
            for mask in suits:
                union |= mask
            if all(suits) and union == ALL_SUITS and sum(mask.bit_count() for mask in suits) == 6:
                sets.append(sum(1 << card for card in group))
    by_ace = 0 if ace_top < 0 else hand & SUIT_CARDS[ACE_SUIT[ace_top]]
    excuse = sum(1 << card for card in cards if not SUIT_BITS[card])
    best: tuple[int, int, list[int], int] | None = None

    def visit(start: int, used: int) -> None:
        nonlocal best
        bound = used | by_ace | excuse
        penalty = sum(VALUES[card] for card in cards if not bound >> card & 1)
        key = (penalty, -bound.bit_count(), bits_of(bound), bound)
        if best is None or key < best:
            best = key
        for index in range(start, len(sets)):
            if not sets[index] & used:
                visit(index + 1, used | sets[index])

    visit(0, 0)
    assert best is not None
    return best[0], best[3]


def evaluator_runner(hands: Sequence[tuple[int, int]], reference: bool) -> Runner:
    """A runner that evaluates ``hands`` in turn for a budget and counts the calls."""
    evaluate = brute_force if reference else arrange
    batch = 10

    def run(budget: float, index: int) -> tuple[int, float]:
        calls = 0
        start = time.perf_counter()
        deadline = start + budget
        while True:
            position = calls % len(hands)
            for hand, ace in hands[position:position + batch]:
                evaluate(hand, ace)
            calls += batch
            now = time.perf_counter()
            if now >= deadline:
                return calls, now - start

    return run


def bench_evaluator(seconds: float, runs: int) -> str:
    """The evaluator's line, printed as soon as it is known."""
    hands = random_hands(HANDS)
    for hand, ace in hands[:50]:
        assert brute_force(hand, ace) == tuple(arrange(hand, ace)[:2]), "the evaluators disagree"
    ours, theirs = interleaved_rates(
        [evaluator_runner(hands, reference=False), evaluator_runner(hands, reference=True)],
        seconds, runs,
    )
    line = (f"bharg evaluator calls/s: {format_rate(ours)} vs brute-force reference "
            f"{format_rate(theirs)} (ratio {ratio(ours, theirs)})")
    print(line, flush=True)
    return line


def bench_games(seconds: float, runs: int) -> str:
    """The games line, printed as soon as it is known."""
    runners = [games_runner(make_game(*GAME)), games_runner(make_game(*REFERENCE_GAME))]
    ours, theirs = interleaved_rates(runners, seconds, runs)
    line = (f"{bench_label(*GAME)} games/s: {format_rate(ours)} vs "
            f"{bench_label(*REFERENCE_GAME)} {format_rate(theirs)} (ratio {ratio(ours, theirs)})")
    print(line, flush=True)
    return line


def bench_bharg(seconds: float, runs: int) -> list[str]:
    """Both lines."""
    return [bench_evaluator(seconds, runs), bench_games(seconds, runs)]


def _collections(hand: int) -> int:
    """How many disjoint collections of sets ``hand`` holds (the cost driver)."""
    ways = [0]
    for mask in find_sets(hand):
        ways += [used | mask for used in ways if not used & mask]
    return len(ways)


def worst_hands(size: int, seed: int = 5, climbs: int = 8, steps: int = 3000) -> list[int]:
    """The costliest ``size``-card hands that hill climbing finds (extended deck)."""
    rng = random.Random(seed)
    deck = [card for card in range(45) if SUIT_BITS[card]]
    found = []
    for _ in range(climbs):
        hand = rng.sample(deck, size)
        score = _collections(sum(1 << card for card in hand))
        for _ in range(steps):
            trial = hand[:]
            trial[rng.randrange(size)] = rng.choice([card for card in deck if card not in hand])
            trial_score = _collections(sum(1 << card for card in trial))
            if trial_score >= score:
                hand, score = trial, trial_score
        found.append((score, sum(1 << card for card in hand)))
    best = max(score for score, _ in found)
    return sorted({hand for score, hand in found if score == best})


def bench_worst(repeats: int = 2_000) -> list[str]:
    """The worst hands' times in µs (median of five runs), one line per size."""
    lines = []
    for size in (6, 7, 8):
        hands = worst_hands(size)
        samples = []
        for _ in range(5):
            start = time.perf_counter()
            for _ in range(repeats):
                for hand in hands:
                    arrange(hand, -1)
            samples.append((time.perf_counter() - start) / (repeats * len(hands)) * 1e6)
        line = (f"bharg evaluator worst {size}-card hand: {statistics.median(samples):.1f} µs "
                f"({_collections(hands[0])} disjoint collections of {len(find_sets(hands[0]))} "
                "sets)")
        print(line, flush=True)
        lines.append(line)
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    """Print the lines alone."""
    parser = bench_parser(__doc__, "each figure")
    parser.add_argument("--worst", action="store_true", help="also time the costliest hands")
    arguments = parser.parse_args(argv)
    bench_bharg(arguments.seconds, arguments.runs)
    if arguments.worst:
        bench_worst()
    return 0


if __name__ == "__main__":
    sys.exit(main())
