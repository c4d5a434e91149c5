"""Write docs/analysis/<game>.md: what simulated matches show of each game,
for a card-game historian (issue #13), and docs/analysis/README.md, the
index of the pages.

Usage: ``python scripts/analysis.py [--workers W] [--games G,G,...] [--report-only]``

Each game is simulated with ``parlour simulate`` in a subprocess, so that the
command printed on the page is exactly the one that produced it: one run at
the game's usual options and, where an option's effect is worth seeing, a
sweep of that option. Every seat is played by the ``easy`` level (the
heuristic player: sensible, quick, and the same at every seat). A run's
files stay in ``docs/analysis/<game>/`` (a sweep's in a folder named after
it): ``summary.json``, ``seats.csv``, ``sweep.csv``, the SVG plots and
``records.jsonl.gz``, every match in full. The pages are rebuilt from the
records, so ``--report-only`` rewrites them without playing again.
"""

from __future__ import annotations

import argparse
import gzip
import shlex
import subprocess
import sys
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import parlour
from parlour.sim.events import meanings
from parlour.sim.records import MatchRecord
from parlour.sim.report import (
    TextTable,
    estimate_text,
    number_text,
    read_records,
    text_tables,
)
from parlour.sim.statistics import Estimate, Summary, options_label, summarise

ROOT = Path(__file__).resolve().parent.parent
PAGES = ROOT / "docs" / "analysis"
SEED = 1
AGENTS = "easy"
PLOTS = ("seats", "scores", "hands", "sweep")
"""The plots a page shows, when the run drew them."""
RECORDS = "records.jsonl.gz"
"""The run's matches, compressed (the plain file and the CSV copy of it
are not kept: they are as large as every other file together)."""
DROPPED = ("records.jsonl", "records.csv", *(f"{name}.png" for name in PLOTS))
"""Files of ``parlour simulate --out`` that the pages do not keep (the
pages show the SVG plots)."""
SWEEP_DROPPED = tuple(f"{name}.svg" for name in PLOTS if name != "sweep")
"""A sweep's plots of every match pooled, which mix the option values: its
page shows the sweep plot alone."""


@dataclass(frozen=True)
class Run:
    """One ``parlour simulate`` run of a page: the game, how many matches,
    its options and, for a sweep, the option and its values."""

    game: str
    matches: int
    options: tuple[str, ...] = ()
    sweep: str | None = None
    """``option=v1,v2,...``: one summary per value."""

    @property
    def folder(self) -> Path:
        """Where the run's files go."""
        if self.sweep is None:
            return PAGES / self.game
        return PAGES / self.game / f"sweep-{self.sweep.split('=')[0]}"

    def command(self, workers: int | None) -> list[str]:
        """The ``parlour simulate`` arguments (the command line on the page)."""
        args = ["parlour", "simulate", self.game, "-n", str(self.matches),
                "--agents", AGENTS, "--seed", str(SEED),
                "--out", str(self.folder.relative_to(ROOT)), "--plot"]
        for option in self.options:
            args += ["--option", option]
        if self.sweep is not None:
            args += ["--sweep", self.sweep]
        if workers is not None:
            args += ["--workers", str(workers)]
        return args


@dataclass(frozen=True)
class Page:
    """A game's page: its main run and the sweeps compared below it."""

    game: str
    main: Run
    sweeps: tuple[Run, ...] = ()

    @property
    def runs(self) -> tuple[Run, ...]:
        """Every run of the page, the main one first."""
        return (self.main, *self.sweeps)


def page(game: str, matches: int, *sweeps: tuple[str, int],
         options: tuple[str, ...] = ()) -> Page:
    """A page of ``matches`` at ``options`` and a sweep of ``matches`` at each
    value for each ``(option=v1,v2,..., matches)`` of ``sweeps``."""
    return Page(game, Run(game, matches, options),
                tuple(Run(game, count, options, sweep) for sweep, count in sweeps))


PAGES_TO_WRITE = (
    page("polignac", 1000, ("players=3,4,5,6", 300), ("ace_high=false,true", 300)),
    page("knaves", 1000, ("hand_size=17,13", 300)),
    page("slobberhannes", 1000, ("players=3,4,5,6", 300)),
    page("eichelobern", 1000, ("players=3,4,5,6", 300)),
    page("grasobern", 1000, ("grasober_forced_discard=true,false", 300)),
    page("bassadewitz", 1000, ("ranking=ace_ten,natural", 300)),
    page("progress", 1000, ("players=2,4,6,8", 200), ("p_may_open=false,true", 300)),
    page("progress-rummy", 200),
    page("costly-colours", 1000, ("go_rule=last_card,go_plus_31", 300),
         ("players=2,4", 300)),
    page("bharg", 400, ("excuse=false,true", 200), ("pawns=false,true", 200),
         ("courts=false,true", 200)),
    page("ranter-go-round", 1000, ("players=3,6,10", 300), ("king_rule=block,trade", 300)),
    page("golf", 1000, ("golf_wraparound=false,true", 500)),
    page("calculation", 1000),
    page("clock", 2000),
    page("bakers-dozen", 200),
)


def simulate(run: Run, workers: int | None) -> str:
    """Play ``run`` into its folder; the command line, as shown on the page."""
    args = run.command(workers)
    subprocess.run([sys.executable, "-m", "parlour", *args[1:]], check=True, cwd=ROOT,
                   stdout=subprocess.DEVNULL)
    folder = run.folder
    (folder / RECORDS).write_bytes(gzip.compress((folder / "records.jsonl").read_bytes(),
                                                 mtime=0))
    for name in DROPPED + (SWEEP_DROPPED if run.sweep is not None else ()):
        (folder / name).unlink(missing_ok=True)
    shown = args if workers is None else args[:-2]  # the figures do not depend on it
    (folder / "command.txt").write_text(shlex.join(shown) + "\n", encoding="utf-8")
    return shlex.join(shown)


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


@dataclass(frozen=True)
class Comparison:
    """A sweep shown on a page: its summary, command line and plots."""

    option: str
    summary: Summary
    command: str
    images: tuple[str, ...] = ()


def comparison_table(summary: Summary) -> TextTable:
    """One row an option value of a sweep: the seats' win rates, the match
    length, the chi-square test of equal win rates, lead changes and the
    game's events a match."""
    events = sorted({event.event for point in summary.sweep for event in point.summary.events})
    headers = ("options", "matches", *(f"seat {seat} wins" for seat in range(summary.players)),
               "hands a match", "equal seats (p)", "lead changes",
               *(f"{event.replace('_', ' ')} a match" for event in events))
    rows = []
    for point in summary.sweep:
        found = point.summary
        rates = [_percent(row.win_rate) for row in found.seats]
        rates += ["-"] * (summary.players - len(rates))
        design = found.design
        fair = design.fairness if design is not None else None
        per_match = {event.event: event.per_match for event in found.events}
        rows.append((
            point.label, str(found.matches), *rates, estimate_text(found.hands.mean, 2),
            "-" if fair is None else f"{fair.p_value:.3g}",
            estimate_text(design.lead_changes if design is not None else None, 2),
            *(estimate_text(per_match.get(event), 3) for event in events)))
    return TextTable("comparison", headers, tuple(rows))


def _played_by(summary: Summary, agents: str) -> str:
    return f"played by {agents}" if summary.players == 1 else f"every seat played by {agents}"


def first_dealer(game: str, records: Sequence[MatchRecord]) -> str | None:
    """Who dealt the first hand of ``records``' matches of ``game``, in a sentence
    (``None`` in a patience): a fixed seat, or each seat's share when the
    game's rules find the first dealer anew for every match."""
    dealers = Counter(
        parlour.make(game, **record.options).new_state(seed=record.seed)
        .public_observation().get("dealer") for record in records)
    if None in dealers:
        return None
    if len(dealers) == 1:
        return (f"Seat {next(iter(dealers))} deals the first hand of every match, so the "
                "seats differ in when they deal.")
    shares = ", ".join(f"seat {seat} in {100 * count / len(records):.1f}%"
                       for seat, count in sorted(dealers.items()))
    return ("The game's rules find the first dealer anew for every match; in these "
            f"matches the first dealer was {shares} of them.")


def render_page(game: str, summary: Summary, command: str | Sequence[str],
                images: Sequence[str] = (), comparisons: Sequence[Comparison] = (),
                dealing: str | None = None) -> str:
    """The Markdown page of ``game`` from its ``summary``; ``command`` is the
    command line (or lines) that produced it, ``images`` the plots to show
    (paths relative to the page), ``comparisons`` the sweeps below,
    ``dealing`` who deals first (:func:`first_dealer`)."""
    commands = [command] if isinstance(command, str) else list(command)
    options = ", ".join(f"`{options_label({name: value})}`"
                        for name, value in summary.options.items())
    unit = "higher" if summary.higher_is_better else "lower"
    agents = " and ".join(f"`{name}`" for name in summary.agent_names)
    lines = [
        f"# {game}: what {summary.matches} simulated matches show", "",
        f"{summary.matches} matches ({summary.deals} deals) of {game} at "
        f"{summary.players} seat{'s' if summary.players != 1 else ''}, "
        f"options {options or 'the defaults'}, {_played_by(summary, agents)}; "
        f"the {unit} score is the better.{'' if dealing is None else ' ' + dealing}", "",
        "Produced by:", "", "```", *commands, "```", "",
        "## In brief", "", *(f"- {line}" for line in in_brief(summary)), "",
    ]
    for table in text_tables(summary):
        lines += [f"## {table.title.capitalize()}", "", table.markdown(), ""]
        if table.title == "events":
            said = meanings()
            lines += [*(f"- `{event.event}`: {said.get(event.event, event.event)}."
                        for event in summary.events), ""]
    if images:
        lines += ["## Plots", ""]
        lines += [f"![{Path(image).stem}]({image})" for image in images]
        lines.append("")
    for comparison in comparisons:
        lines += [
            f"## Comparing `{comparison.option}`", "",
            f"{comparison.summary.matches} more matches, the same number at each value "
            f"(the other options as above; {_played_by(summary, agents)}):", "",
            "```", comparison.command, "```", "",
            comparison_table(comparison.summary).markdown(), "",
            *(f"![{Path(image).stem}]({image})" for image in comparison.images), "",
        ]
    lines.append(DEFINITIONS)
    return "\n".join(lines)


def _images(run: Run) -> tuple[str, ...]:
    folder = run.folder.relative_to(PAGES)
    return tuple(f"{folder.as_posix()}/{name}.svg" for name in PLOTS
                 if (run.folder / f"{name}.svg").exists())


def _command(run: Run) -> str:
    return (run.folder / "command.txt").read_text(encoding="utf-8").strip()


def write_page(chosen: Page) -> tuple[Path, Summary]:
    """Summarise the page's saved runs and write it; the page and the main
    run's summary."""
    title = parlour.make(chosen.game).title
    records = read_records(chosen.main.folder / RECORDS)
    summary = summarise(records)
    comparisons = [
        Comparison(run.sweep.split("=")[0], summarise(read_records(run.folder / RECORDS)),
                   _command(run), _images(run))
        for run in chosen.sweeps if run.sweep is not None]
    path = PAGES / f"{chosen.game}.md"
    path.write_text(render_page(title, summary, _command(chosen.main), _images(chosen.main),
                                comparisons, first_dealer(chosen.game, records)),
                     encoding="utf-8")
    return path, summary


def render_index(summaries: Sequence[tuple[str, str, Summary]]) -> str:
    """docs/analysis/README.md: one row a game (file name, title, summary)."""
    lines = [
        "# What simulated matches show", "",
        "One page per game, each made by `python scripts/analysis.py` from "
        "`parlour simulate` runs (the command lines are on the pages; every seat "
        f"is played by the `{AGENTS}` level, the heuristic player). The pages explain "
        "how each figure is made; the run's files are in the folder named after the game.", "",
        "| game | matches | seats | hands a match | seat win rates (best, worst) | "
        "equal seats (p) |",
        "|---|---:|---:|---:|---|---:|",
    ]
    for name, title, summary in summaries:
        design = summary.design
        fair = design.fairness if design is not None else None
        if summary.players == 1:
            rates = f"comes out in {_percent(summary.seats[0].win_rate)}"
        else:
            best = max(summary.seats, key=lambda row: row.win_rate.value)
            worst = min(summary.seats, key=lambda row: row.win_rate.value)
            rates = (f"seat {best.seat} {_percent(best.win_rate)}, "
                     f"seat {worst.seat} {_percent(worst.win_rate)}")
        lines.append(
            f"| [{title}]({name}.md) | {summary.matches} | {summary.players} | "
            f"{summary.hands.mean.value:.1f} | {rates} | "
            f"{'-' if fair is None else f'{fair.p_value:.3g}'} |")
    lines.append("")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> None:
    """Simulate the chosen games and write their pages and the index."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--workers", type=int, default=None)
    parser.add_argument("--games", default=None, help="comma-separated games (default: all)")
    parser.add_argument("--report-only", action="store_true",
                        help="rewrite the pages from the saved runs without playing")
    args = parser.parse_args(argv)
    known = {chosen.game for chosen in PAGES_TO_WRITE}
    wanted = known if args.games is None else set(args.games.split(","))
    if wanted - known:
        parser.error(f"no page for {', '.join(sorted(wanted - known))}; "
                     f"the pages are {', '.join(sorted(known))}")
    for chosen in PAGES_TO_WRITE:
        if chosen.game in wanted and not args.report_only:
            for run in chosen.runs:
                simulate(run, args.workers)
    summaries = []
    for chosen in PAGES_TO_WRITE:
        if not (chosen.main.folder / RECORDS).exists():
            continue
        path, summary = write_page(chosen)
        summaries.append((chosen.game, parlour.make(chosen.game).title, summary))
        print(path)
    index = PAGES / "README.md"
    index.write_text(render_index(summaries), encoding="utf-8")
    print(index)


if __name__ == "__main__":
    main()
