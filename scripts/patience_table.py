"""Write docs/patience.md: the share of deals of each patience that can be
won, and the share the hint player wins (issue #11).

Usage: ``python scripts/patience_table.py [--deals N] [--nodes K] [--stdout]``

Deals 1 to N of Golf, Calculation and Baker's Dozen (default options) are
each solved with :func:`parlour.games.patience.solver.solve` within K
positions and no time limit, and played out by the hint (the ``easy``
level's :func:`~parlour.agents.heuristic.heuristic_action`, seeded with the
deal's seed) through :func:`parlour.agents.ismcts.play_out`. Clock has no
decisions: each deal is played out, and the share won is the share
winnable. Intervals are 95% Wilson score intervals
(:func:`parlour.sim.statistics.wilson`). The document depends only on the
arguments (the solver has no time limit), so a rerun with the command it
names reproduces it, but for the date, the machine and the times.
"""

from __future__ import annotations

import argparse
import datetime
import random
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from strength import machine

from parlour.agents.heuristic import heuristic_action
from parlour.agents.ismcts import play_out
from parlour.engine.registry import make
from parlour.games.patience.solver import DEFAULT_NODES, solve
from parlour.sim.statistics import wilson

ROOT = Path(__file__).resolve().parent.parent
REPORT = ROOT / "docs" / "patience.md"
DEALS = 500
SOLVED = (("golf", "Golf"), ("calculation", "Calculation"), ("bakers-dozen", "Baker's Dozen"))
CLOCK = ("clock", "Clock")


@dataclass
class Tally:
    """One game's deals: the solver's verdicts and the hint's wins."""

    name: str
    title: str
    deals: int = 0
    won: int = 0
    lost: int = 0
    unknown: int = 0
    hint_won: int = 0
    solve_seconds: float = 0.0
    hint_seconds: float = 0.0
    nodes: int = 0
    most_nodes: int = 0


def hint_wins(name: str, seed: int) -> bool:
    """Whether the hint player wins deal ``seed`` of ``name``."""
    state = make(name).new_state(seed=seed)
    play_out(state, heuristic_action, random.Random(seed), 0)
    return state.returns() == [1.0]


def tally(name: str, title: str, deals: int, nodes: int | None) -> Tally:
    """Solve (unless ``nodes`` is ``None``: Clock) and play deals 1 to ``deals``."""
    counts = Tally(name, title, deals)
    for seed in range(1, deals + 1):
        began = time.perf_counter()
        won = hint_wins(name, seed)
        counts.hint_won += won
        counts.hint_seconds += time.perf_counter() - began
        if nodes is None:
            counts.won += won
            counts.lost += not won
            continue
        began = time.perf_counter()
        solution = solve(make(name).new_state(seed=seed), nodes=nodes)
        counts.solve_seconds += time.perf_counter() - began
        counts.nodes += solution.nodes
        counts.most_nodes = max(counts.most_nodes, solution.nodes)
        if solution.verdict == "won":
            counts.won += 1
        elif solution.verdict == "lost":
            counts.lost += 1
        else:
            counts.unknown += 1
        if seed % 50 == 0:
            progress(f"{name}: {seed} deals, won {counts.won}, lost {counts.lost}, "
                     f"unknown {counts.unknown}, hint {counts.hint_won}")
    return counts


def progress(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


def percent(value: float) -> str:
    return f"{100 * value:.1f}%"


def share(successes: int, trials: int) -> str:
    """``successes / trials`` with its 95% Wilson interval."""
    if not trials:
        return "n/a"
    low, high = wilson(successes, trials)
    return f"{percent(successes / trials)} [{percent(low)}, {percent(high)}]"


def summary_row(counts: Tally) -> str:
    decided = counts.won + counts.lost
    if counts.name == CLOCK[0]:
        winnable = share(counts.won, counts.deals)
        bounds = "(no unknown)"
    else:
        winnable = share(counts.won, decided)
        bounds = (f"{percent(counts.won / counts.deals)} - "
                  f"{percent((counts.won + counts.unknown) / counts.deals)}")
    return (f"| {counts.title} | {counts.deals} | {counts.won} | {counts.lost} | "
            f"{counts.unknown} | {winnable} | {bounds} | "
            f"{share(counts.hint_won, counts.deals)} |")


def game_section(counts: Tally, nodes: int) -> list[str]:
    """The section of one solved game."""
    n = counts.deals
    decided = counts.won + counts.lost
    low_all, _ = wilson(counts.won, n)
    _, high_all = wilson(counts.won + counts.unknown, n)
    mean = counts.solve_seconds / n
    return [
        f"## {counts.title}",
        "",
        "| figure | value |",
        "|---|---|",
        f"| deals | {n} (seeds 1-{n}) |",
        f"| won / lost / unknown | {counts.won} / {counts.lost} / {counts.unknown} |",
        f"| winnable, of the {decided} decided [95% CI] | {share(counts.won, decided)} |",
        f"| winnable if every unknown is lost / won | {percent(counts.won / n)} / "
        f"{percent((counts.won + counts.unknown) / n)} |",
        f"| winnable, allowing for both [95%] | {percent(low_all)} - {percent(high_all)} |",
        f"| won by the hint player [95% CI] | {share(counts.hint_won, n)} |",
        f"| solver: positions a deal, mean / most | {counts.nodes // n:,} / "
        f"{counts.most_nodes:,} (budget {nodes:,}) |",
        f"| solver: seconds a deal, mean | {mean:.2f} |",
        "",
    ]


def clock_section(counts: Tally) -> list[str]:
    """The section of Clock, which is played out."""
    n = counts.deals
    return [
        f"## {counts.title}",
        "",
        "Clock has no decisions: a deal is won or lost as it lies, so the share "
        "winnable is the share won, and the hint player (who can only `turn`) wins "
        "exactly the deals that can be won. The chance of a win is exactly 1/13 "
        f"({percent(1 / 13)}) over all deals.",
        "",
        "| figure | value |",
        "|---|---|",
        f"| deals | {n} (seeds 1-{n}) |",
        f"| won / lost | {counts.won} / {counts.lost} |",
        f"| winnable = won [95% CI] | {share(counts.won, n)} |",
        "",
    ]


def document(tallies: Sequence[Tally], nodes: int, command: str, seconds: float) -> str:
    solved = [counts for counts in tallies if counts.name != CLOCK[0]]
    lines = [
        "# Patience: how many deals can be won?",
        "",
        "For each patience, the share of deals that can be won (with perfect play, "
        "knowing every card), and the share won by the hint player (the `easy` level, "
        "who sees only what a player sees).",
        "",
        "- **The solver** (`parlour.games.patience.solver.solve`) knows the whole deal, "
        "the stock order included, as PySolFC's solver does: it is an analyser, not a "
        "player. It answers *won* with a winning line (the tests replay such lines on the "
        "game), *lost* only after searching every line (exactly: every shortcut it takes "
        "is proven to lose no win), and *unknown* when its budget ran out first. Here "
        f"the budget is {nodes:,} positions a deal and no time limit, so the figures "
        "do not depend on the machine.",
        "- **Winnable** is the share of the decided deals (won or lost) that are won, with "
        "its 95% Wilson interval. That treats the unknown deals as being like the "
        "decided ones, which they need not be (they are the hard ones to search), so the "
        "share is also given counting every unknown deal as lost, and every one as won, "
        "and the widest interval allowing for both (the lower end of the first share's "
        "interval to the upper end of the second's).",
        "- **Hint** is the share of the same deals won by playing the hint at every move "
        "(`parlour.agents.heuristic.heuristic_action`, tie-breaks seeded by the deal's "
        "seed), with its 95% Wilson interval.",
        "- Options are the defaults: Golf without the Progress card and without "
        "wrap-around; the rules are in `shared/rules/progress.md` §5.",
        "",
        "Produced by:",
        "",
        "```",
        command,
        "```",
        "",
        f"on {datetime.date.today().isoformat()}, {machine()}, in {seconds / 60:.0f} "
        "minutes (other work was running on the machine: the times are rough).",
        "",
        "| game | deals | won | lost | unknown | winnable of decided [95% CI] | "
        "unknown as lost - as won | hint player wins [95% CI] |",
        "|---|---|---|---|---|---|---|---|",
    ]
    lines += [summary_row(counts) for counts in tallies]
    lines.append("")
    for counts in solved:
        lines += game_section(counts, nodes)
    lines += [section for counts in tallies if counts.name == CLOCK[0]
              for section in clock_section(counts)]
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=DEALS,
                        help=f"deals of each game, seeds 1 to N (default {DEALS})")
    parser.add_argument("--nodes", type=int, default=DEFAULT_NODES,
                        help=f"the solver's budget a deal (default {DEFAULT_NODES:,})")
    parser.add_argument("--stdout", action="store_true", help="print instead of writing")
    arguments = parser.parse_args(argv)
    if arguments.deals < 1 or arguments.nodes < 1:
        parser.error("--deals and --nodes must be at least 1")
    command = (f"python scripts/patience_table.py --deals {arguments.deals} "
               f"--nodes {arguments.nodes}")
    began = time.perf_counter()
    tallies = []
    for name, title in SOLVED:
        tallies.append(tally(name, title, arguments.deals, arguments.nodes))
        progress(summary_row(tallies[-1]))
    tallies.append(tally(*CLOCK, arguments.deals, None))
    text = document(tallies, arguments.nodes, command, time.perf_counter() - began)
    if arguments.stdout:
        print(text)
    else:
        REPORT.write_text(text + "\n")
        progress(f"wrote {REPORT}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
