"""Write docs/analysis/<game>.md: what simulated matches show of each game,
for a card-game historian (issue #13).

Usage: ``python scripts/analysis.py [--workers W] [--games G,G,...] [--report-only]``

Each game is simulated with ``parlour simulate`` in a subprocess, so that the
command printed on the page is exactly the one that produced it; the run's
files (``summary.json``, ``records.jsonl``, CSV and plots) stay in
``docs/analysis/<game>/``. The page is rebuilt from ``records.jsonl``, so
``--report-only`` rewrites the pages without playing again.
"""

from __future__ import annotations

import argparse
import shlex
import subprocess
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from parlour.sim.report import estimate_text, number_text, read_records, text_tables
from parlour.sim.statistics import Estimate, Summary, options_label, summarise

ROOT = Path(__file__).resolve().parent.parent
PAGES = ROOT / "docs" / "analysis"
SEED = 1
PLOTS = ("seats", "scores", "hands", "sweep")
"""The plots a page shows, when the run drew them."""


@dataclass(frozen=True)
class Run:
    """One game's simulation: its options, agents and how many matches."""

    game: str
    matches: int
    options: tuple[str, ...] = ()
    sweep: str | None = None
    """``option=v1,v2,...``: one summary per value."""
    agents: str | None = None

    def command(self, out_dir: Path, workers: int | None) -> list[str]:
        """The ``parlour simulate`` arguments (the command line on the page)."""
        args = ["parlour", "simulate", self.game, "-n", str(self.matches),
                "--seed", str(SEED), "--out", str(out_dir.relative_to(ROOT)), "--plot"]
        for option in self.options:
            args += ["--option", option]
        if self.sweep is not None:
            args += ["--sweep", self.sweep]
        if self.agents is not None:
            args += ["--agents", self.agents]
        if workers is not None:
            args += ["--workers", str(workers)]
        return args


RUNS = (
    Run("polignac", 400, sweep="target=10,20,30"),
    Run("progress", 400),
    Run("costly-colours", 300),
    Run("bharg", 300),
    Run("ranter-go-round", 400, ("players=5",)),
)


def simulate(run: Run, workers: int | None) -> str:
    """Play ``run`` into its folder; the command line, as shown on the page."""
    out_dir = PAGES / run.game
    args = run.command(out_dir, workers)
    subprocess.run([sys.executable, "-m", "parlour", *args[1:]], check=True, cwd=ROOT)
    (out_dir / "command.txt").write_text(shlex.join(args) + "\n", encoding="utf-8")
    return shlex.join(args)


# ----------------------------------------------------------------------
# the page


def _percent(estimate: Estimate) -> str:
    return estimate_text(estimate, percent=True)


def in_brief(summary: Summary) -> list[str]:
    """The page's findings in a player's words, one bullet each."""
    lines = []
    seats = summary.seats
    if summary.players == 1:
        lines.append(f"The patience comes out in {_percent(seats[0].win_rate)} of deals.")
    else:
        best = max(seats, key=lambda row: row.win_rate.value)
        worst = min(seats, key=lambda row: row.win_rate.value)
        lines.append(
            f"Seat {best.seat} wins most often ({_percent(best.win_rate)}), seat {worst.seat} "
            f"least ({_percent(worst.win_rate)}); an equal share would be "
            f"{100 / summary.players:.1f}%.")
    design = summary.design
    if design is not None and design.fairness is not None:
        fair = design.fairness
        verdict = ("the seats do not win equally often" if fair.p_value < 0.05
                   else "no seat is shown to win more often than its share")
        lines.append(f"Testing equal win rates (chi-square, p = {fair.p_value:.3g}): {verdict}.")
    hands = summary.hands
    lines.append(
        f"A match lasts {hands.mean.value:.1f} hands on average (median "
        f"{number_text(hands.quantiles[50])}; nine matches in ten between "
        f"{number_text(hands.quantiles[5])} and {number_text(hands.quantiles[95])}).")
    for event in summary.events:
        lines.append(
            f"{event.event.replace('_', ' ').capitalize()}: in {_percent(event.share)} of "
            f"matches, {event.per_match.value:.2f} a match.")
    if design is not None and design.lead_changes is not None:
        lines.append(f"The lead changed hands {design.lead_changes.value:.2f} times a match.")
    if design is not None and design.comeback_rate is not None:
        lines.append(f"The winner had been behind at some point in "
                     f"{_percent(design.comeback_rate)} of matches.")
    if design is not None and design.decisiveness is not None:
        lines.append(
            f"On average the winner took the lead for good with "
            f"{100 * design.decisiveness.value:.0f}% of the match still to play.")
    return lines


DEFINITIONS = """\
## How the figures are made

- **Win rate.** A match's win is shared equally by the seats with the best
  result; a match in which everyone ends level gives each seat its share.
  In a patience a deal is won when it comes out. The 95% interval is a Wilson
  score interval.
- **Intervals.** Every figure has a 95% interval in brackets. When the same
  deal is replayed with the players moved round the table (duplicate deals),
  its replays count together as one deal, so the interval is not made
  narrower than the luck of the cards allows.
- **Lead changes.** After each hand, the seat with the best running total,
  if it is alone there, holds the lead; the count is how often the lead
  passes to another seat (hands after which two or more share the lead are
  skipped).
- **Drama** (CardStock): after each hand the eventual winner's rank among the
  running totals is put on a scale from 1 (alone in the lead) to 0 (last);
  for each hand after which he was behind, the distance below the point
  midway between first and second place is taken, square-rooted so that deep
  deficits count more, and averaged. 0 means the winner was never behind.
- **Security** (CardStock): the share of the hands after which the eventual
  winner was not behind anyone.
- **Decisiveness**: the share of the match still to play when the winner went
  into the lead alone and stayed there; 0 when the last hand decided.
- **Came from behind**: the share of matches whose winner was behind after
  some hand; the **largest deficit** is how far behind, in the game's own
  points, he was at worst.
- **Seat fairness** (CardStock): 1 when a seat wins exactly its share of the
  matches, falling to 0 for a seat that always or never wins; the figure is
  that of the least fair seat. The **chi-square test** asks whether the
  differences between seats are larger than chance alone would make them.

The definitions in full are in `parlour.sim.statistics`.
"""


def render_page(game: str, summary: Summary, command: str | Sequence[str],
                images: Sequence[str] = ()) -> str:
    """The Markdown page of ``game`` from its ``summary``; ``command`` is the
    command line (or lines) that produced it, ``images`` the plots to show
    (paths relative to the page)."""
    commands = [command] if isinstance(command, str) else list(command)
    options = ", ".join(f"`{options_label({name: value})}`"
                        for name, value in summary.options.items())
    unit = "higher" if summary.higher_is_better else "lower"
    lines = [
        f"# {game}: what {summary.matches} simulated matches show", "",
        f"{summary.matches} matches ({summary.deals} deals) of {game} at "
        f"{summary.players} seat{'s' if summary.players != 1 else ''}, "
        f"options {options or 'the defaults'}; the {unit} score is the better.", "",
        "Produced by:", "", "```", *commands, "```", "",
        "## In brief", "", *(f"- {line}" for line in in_brief(summary)), "",
    ]
    for table in text_tables(summary):
        lines += [f"## {table.title.capitalize()}", "", table.markdown(), ""]
    if images:
        lines += ["## Plots", ""]
        lines += [f"![{Path(image).stem}]({image})" for image in images]
        lines.append("")
    lines.append(DEFINITIONS)
    return "\n".join(lines)


def write_page(run: Run, command: str) -> Path:
    """Summarise the run's saved records and write its page."""
    out_dir = PAGES / run.game
    summary = summarise(read_records(out_dir / "records.jsonl"))
    images = [f"{run.game}/{name}.svg" for name in PLOTS
              if (out_dir / f"{name}.svg").exists()]
    page = PAGES / f"{run.game}.md"
    page.write_text(render_page(run.game, summary, command, images), encoding="utf-8")
    return page


def main(argv: Sequence[str] | None = None) -> None:
    """Simulate the chosen games and write their pages."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--workers", type=int, default=None)
    parser.add_argument("--games", default=None, help="comma-separated games (default: all)")
    parser.add_argument("--report-only", action="store_true",
                        help="rewrite the pages from the saved runs without playing")
    args = parser.parse_args(argv)
    chosen = None if args.games is None else set(args.games.split(","))
    for run in RUNS:
        if chosen is not None and run.game not in chosen:
            continue
        if args.report_only:
            command = (PAGES / run.game / "command.txt").read_text(encoding="utf-8").strip()
        else:
            command = simulate(run, args.workers)
        print(write_page(run, command))


if __name__ == "__main__":
    main()
