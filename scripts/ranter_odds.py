"""Write docs/ranter-odds.md: each seat's chance of losing a life in one
hand of Ranter Go Round, exactly and by simulation (issue #9).

Usage: ``python scripts/ranter_odds.py [--hands N] [--mixed-hands M]
[--seed S] [--stdout]``

For 5 and 10 players: everyone standing on 8 or higher, everyone choosing
at random, one threshold player in each seat among random players, and a
table of thresholds for everyone. The exact figures come from
:func:`parlour.sim.ranter_odds.loss_probabilities`, the simulated ones from
real hands through the engine (:func:`parlour.sim.ranter_odds.simulate`).
The document depends only on the arguments, so a rerun with the command it
names reproduces it.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from collections.abc import Sequence
from fractions import Fraction
from pathlib import Path

from parlour.sim.ranter_odds import (
    MODELLED_OPTIONS,
    RANDOM,
    Z_999,
    Rate,
    Strategy,
    loss_probabilities,
    simulate,
    threshold,
)

ROOT = Path(__file__).resolve().parent.parent
REPORT = ROOT / "docs" / "ranter-odds.md"
TABLES = (5, 10)
STAND_ON = 8
THRESHOLDS = range(4, 12)


class Cells:
    """How many simulated figures fell inside their interval."""

    def __init__(self) -> None:
        self.inside = 0
        self.total = 0
        self.largest_z = 0.0
        """The largest gap between a simulated and an exact figure, in standard errors."""

    def mark(self, rate: Rate, exact: Fraction) -> str:
        """Count one comparison; its word for the table."""
        self.total += 1
        error = math.sqrt(float(exact * (1 - exact)) / rate.hands)
        self.largest_z = max(self.largest_z, abs(rate.rate - float(exact)) / error)
        if rate.agrees(exact):
            self.inside += 1
            return "yes"
        return "**no**"


def seat_name(index: int, players: int) -> str:
    """Seat 1 is the elder; the last seat is the dealer."""
    if index == players - 1:
        return f"{index + 1} (dealer)"
    return f"{index + 1} (elder)" if index == 0 else str(index + 1)


def percent(value: float | Fraction, places: int = 2) -> str:
    return f"{100 * float(value):.{places}f}%"


def interval(rate: Rate) -> str:
    return f"{percent(rate.rate)} [{percent(rate.low)}, {percent(rate.high)}]"


def progress(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


def play(strategies: Sequence[Strategy], hands: int, seed: int) -> tuple[Rate, ...]:
    started = time.perf_counter()
    rates = simulate(strategies, hands, seed)
    progress(f"  {len(strategies)} players, {hands} hands: "
             f"{time.perf_counter() - started:.0f} s")
    return rates


def everyone_table(players: int, hands: int, seed: int, cells: Cells) -> list[str]:
    """Everyone on the threshold, and everyone at random: exact and simulated."""
    rows = [
        f"| seat | stand on {STAND_ON}+: exact | simulated [95% CI] | inside | "
        "random: exact | simulated [95% CI] | inside |",
        "|---|---|---|---|---|---|---|",
    ]
    columns = []
    for strategy in (threshold(STAND_ON), RANDOM):
        table = (strategy,) * players
        columns.append((loss_probabilities(table), play(table, hands, seed)))
    for seat in range(players):
        cells_text = []
        for exact, rates in columns:
            rate = rates[seat]
            cells_text += [percent(exact[seat], 3), interval(rate), cells.mark(rate, exact[seat])]
        rows.append(f"| {seat_name(seat, players)} | " + " | ".join(cells_text) + " |")
    sums = [sum(exact, Fraction(0)) for exact, _ in columns]
    rows.append(f"| sum (losers per hand) | {float(sums[0]):.4f} | | | {float(sums[1]):.4f} | | |")
    return rows


def exact_fractions(players: int) -> list[str]:
    """The exact rationals behind the first table."""
    rows = ["| seat | stand on 8+ | random |", "|---|---|---|"]
    threshold_odds = loss_probabilities((threshold(STAND_ON),) * players)
    random_odds = loss_probabilities((RANDOM,) * players)
    for seat in range(players):
        rows.append(f"| {seat_name(seat, players)} | {threshold_odds[seat]} | "
                    f"{random_odds[seat]} |")
    return rows


def threshold_table(players: int) -> list[str]:
    """Exact figures for everyone standing on each threshold."""
    header = "| stand on | " + " | ".join(str(seat + 1) for seat in range(players - 1))
    rows = [header + " | dealer | sum |", "|---" * (players + 2) + "|"]
    for rank in THRESHOLDS:
        odds = loss_probabilities((threshold(rank),) * players)
        cells_text = [percent(chance, 1) for chance in odds]
        rows.append(f"| {rank}+ | " + " | ".join(cells_text)
                    + f" | {float(sum(odds, Fraction(0))):.3f} |")
    return rows


def lone_table(players: int, hands: int, seed: int, cells: Cells) -> list[str]:
    """One threshold player in each seat, random players elsewhere."""
    random_odds = loss_probabilities((RANDOM,) * players)
    rows = [
        f"| seat of the stand-on-{STAND_ON} player | his chance: exact | simulated [95% CI] "
        "| inside | a random player there | saved |",
        "|---|---|---|---|---|---|",
    ]
    for seat in range(players):
        table = [RANDOM] * players
        table[seat] = threshold(STAND_ON)
        exact = loss_probabilities(table)[seat]
        rate = play(table, hands, seed)[seat]
        saved = 1 - exact / random_odds[seat]
        rows.append(f"| {seat_name(seat, players)} | {percent(exact, 3)} | {interval(rate)} | "
                    f"{cells.mark(rate, exact)} | {percent(random_odds[seat], 3)} | "
                    f"{percent(saved, 0)} |")
    return rows


def reading(players: int) -> list[str]:
    """The plain-language reading, its numbers computed."""
    good = loss_probabilities((threshold(STAND_ON),) * players)
    blind = loss_probabilities((RANDOM,) * players)
    worst = max(range(players), key=lambda seat: good[seat])
    lone = []
    for seat in range(players):
        table = [RANDOM] * players
        table[seat] = threshold(STAND_ON)
        lone.append(loss_probabilities(table)[seat])
    good_mean = sum(good, Fraction(0)) / players
    blind_mean = sum(blind, Fraction(0)) / players
    return [
        f"- **{players} players.** When everyone stands on {STAND_ON} or better the elder "
        f"is safest ({percent(good[0], 1)}) and seat {seat_name(worst, players)} the most "
        f"exposed ({percent(good[worst], 1)}); the dealer ({percent(good[-1], 1)}) is "
        f"{'better' if good[-1] < good[-2] else 'worse'} off than the seat on his right. "
        f"With random play every seat but the "
        f"dealer has the same chance ({percent(blind[0], 1)}), the dealer a little less "
        f"({percent(blind[-1], 1)}). A fair share would be {percent(Fraction(1, players), 1)}. "
        f"Averaged over the table the threshold saves little ({percent(good_mean, 1)} a seat "
        f"against {percent(blind_mean, 1)}): someone must hold the lowest card, and good "
        f"play only makes ties a little rarer. One careful player among careless ones gains "
        f"a great deal: {percent(min(lone), 1)} to {percent(max(lone), 1)} depending on the "
        f"seat, against {percent(blind[-1], 1)}-{percent(blind[0], 1)} for a random player.",
    ]


def threshold_reading() -> list[str]:
    """Which threshold for everyone gives the fewest losers, per table size."""
    best = []
    for players in TABLES:
        losers = {rank: sum(loss_probabilities((threshold(rank),) * players), Fraction(0))
                  for rank in range(1, 14)}
        rank = min(losers, key=lambda key: losers[key])
        best.append(f"{rank} with {players} players ({float(losers[rank]):.3f} losers a hand)")
    return [
        "- **Thresholds.** Over the whole table the threshold matters little. The fewest "
        f"losers a hand (the fewest ties for lowest) come from standing on {best[0]} and on "
        f"{best[1]}: at a bigger table a middling card is more likely to be beaten by "
        "someone else's. A higher threshold evens out the seats: more players exchange, "
        "and the elder's advantage fades.",
    ]


def document(hands: int, mixed_hands: int, seed: int, command: str) -> str:
    cells = Cells()
    sections: list[str] = []
    for players in TABLES:
        progress(f"{players} players")
        sections += [
            f"## {players} players",
            "",
            f"### Everyone the same: stand on {STAND_ON}+, or random",
            "",
            f"Exact chance of losing a life in the hand, and the share of {hands:,} "
            "simulated hands, with its 95% Wilson interval; *inside* says whether the exact "
            "figure lies in the interval.",
            "",
            *everyone_table(players, hands, seed, cells),
            "",
        ]
        if players == TABLES[0]:
            sections += [
                "The exact figures as fractions:",
                "",
                *exact_fractions(players),
                "",
            ]
        sections += [
            "### Everyone on the same threshold (exact)",
            "",
            "Each seat's chance when every player, the dealer included, stands on the "
            "given rank or higher (A=1, J=11, Q=12); *sum* is the expected number of "
            "players who lose a life.",
            "",
            *threshold_table(players),
            "",
            f"### One stand-on-{STAND_ON} player among random players",
            "",
            f"The threshold player sits in each seat in turn ({mixed_hands:,} simulated "
            "hands each); the others stand or exchange at random. *A random player there* "
            "is that seat's chance when everyone is random, and *saved* the share of it "
            "that the threshold takes away.",
            "",
            *lone_table(players, mixed_hands, seed, cells),
            "",
        ]
    expected = round(0.95 * cells.total)
    options = ", ".join(f"`{name}={value}`" for name, value in MODELLED_OPTIONS.items())
    head = [
        "# Ranter Go Round: who loses a life?",
        "",
        "Each seat's chance of losing a life in one hand of Ranter Go Round (Chase the Ace), "
        "for 5 and 10 players, when every player follows a simple rule: **stand on 8 or "
        "higher, otherwise exchange** (the dealer likewise cuts the stock when below 8), "
        "or **stand or exchange at random** (one chance in two, whatever the card). Seats "
        "are numbered in turn order: seat 1 is the elder, on the dealer's left, who acts "
        "first; the dealer acts last. The hand is the first of a game, everyone with full "
        "lives, though lives play no part in one hand's odds.",
        "",
        "The rules are those of the standard game (`shared/rules/ranter_go_round.md` §4 "
        "and the defaults of §8: "
        f"{options}): a King is shown and refuses an exchange, the dealer keeps a King he "
        "cuts, and everyone tied for the lowest card loses a life, so the chances add up to "
        "the expected number of losers, a little over one.",
        "",
        "Produced by:",
        "",
        "```",
        command,
        "```",
        "",
        "## How the figures are made",
        "",
        "- **Exact**: `parlour.sim.ranter_odds.loss_probabilities`. A seat loses when its "
        "final card has some rank r and no final card is lower; for each r only a few "
        "classes of cards matter (below r, r, above r, the threshold, the King), and the "
        "hand becomes a chain over the seats in turn order whose state is the class of the "
        "card held and how many cards of each class have been dealt. It is exact (whole "
        "numbers, turned into fractions) and takes about a second for 10 players, so both "
        "table sizes are exact. Tests check it against a brute force over every deal for "
        "2 and 3 players and against the closed form when nobody exchanges.",
        "- **Simulated**: `parlour.sim.ranter_odds.simulate` plays the first hand of "
        "games seeded "
        f"{seed}, {seed + 1}, ... through the engine's public interface, each seat's "
        "strategy reading only its own observation. Every simulated table uses the same "
        "deals. Intervals are 95% Wilson score intervals.",
        f"- **Agreement**: {cells.inside} of {cells.total} simulated figures have the exact "
        f"figure inside their 95% interval (about {expected} expected by chance alone; the "
        "tables share their deals, so the misses come less evenly than independent ones "
        f"would). The largest gap is {cells.largest_z:.2f} standard errors, "
        f"{'inside' if cells.largest_z < Z_999 else 'outside'} a 99.9% interval "
        f"({Z_999:.2f}).",
        "",
        "## Reading the tables",
        "",
        "The lowest card travels to the left. A player who exchanges a low card hands it "
        "to his neighbour, who now holds a low card and usually passes it on in turn, and so "
        "on round the table until it reaches the dealer, who puts it aside and cuts a fresh "
        "card: hence the old name *Chase the Ace*. The elder is the one player nobody can "
        "hand a card to: he keeps a good card and swaps a bad one once. Every later seat "
        "may be handed a card its neighbour did not want, and then has only one exchange "
        "left, into an unknown card; the further round the table, the more often that "
        "happens. A King stops the chase: the player asking a King holder keeps his low "
        "card. The dealer is spared most of this, because his exchange is with the stock, "
        "which cannot refuse him, and a King cut from the stock is his to keep. Random "
        "choices ignore the card: they move cards about without sorting them, so no seat "
        "before the dealer is better placed than another (this holds for any choices that "
        "ignore the card, and the tests check it).",
        "",
        *reading(TABLES[0]),
        *reading(TABLES[1]),
        *threshold_reading(),
        "",
    ]
    return "\n".join(head + sections)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=100_000,
                        help="simulated hands for each everyone-the-same table")
    parser.add_argument("--mixed-hands", type=int, default=20_000,
                        help="simulated hands for each seat of the lone threshold player")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--stdout", action="store_true", help="print instead of writing")
    args = parser.parse_args(argv)
    command = (f"python scripts/ranter_odds.py --hands {args.hands} "
               f"--mixed-hands {args.mixed_hands} --seed {args.seed}")
    text = document(args.hands, args.mixed_hands, args.seed, command)
    if args.stdout:
        print(text)
    else:
        REPORT.write_text(text)
        progress(f"wrote {REPORT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
