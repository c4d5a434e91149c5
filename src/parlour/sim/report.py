"""A :class:`~parlour.sim.statistics.Summary` for people and programs:
tables for the terminal, JSON and CSV files, and plots.

:func:`write_outputs` writes into one folder:

* ``summary.json``: :meth:`Summary.as_dict`;
* ``records.jsonl``: every match in full, one JSON object a line
  (:meth:`MatchRecord.as_dict`; :func:`read_records` reads it back), so a
  run can be summarised again without replaying it;
* ``records.csv``: one row a match (index, seed, deal, rotation, hands,
  actions, then ``agent_<seat>``, ``return_<seat>``, ``score_<seat>``,
  ``event_<name>`` and ``option_<name>`` columns);
* ``seats.csv``: one row a seat; ``sweep.csv`` (a sweep only): one row a
  seat at each option value;
* with ``plot``: ``scores``, ``hands``, ``seats`` and (a sweep only)
  ``sweep``, each as PNG and SVG. Plotting needs matplotlib, the ``plot``
  extra (``pip install 'parlour[plot]'``); it is imported only then.
"""

from __future__ import annotations

import csv
import gzip
import json
import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rich.table import Table

from parlour.engine.files import MIB, open_input, read_at_most
from parlour.errors import ParlourError
from parlour.i18n import DEFAULT, translate
from parlour.sim.events import event_label
from parlour.sim.records import MatchRecord, records_of
from parlour.sim.statistics import (
    Distribution,
    Estimate,
    Interval,
    JointTest,
    SeatSummary,
    Summary,
)

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

PLOT_FORMATS = ("png", "svg")


class PlotError(ParlourError):
    """Plots were asked for but matplotlib is not installed."""


# ----------------------------------------------------------------------
# text


def fixed(value: float, places: int, sign: str = "") -> str:
    """``value`` with ``places`` decimals (``sign="+"``: a sign always), a
    figure that rounds to zero written without a minus.

    >>> fixed(-0.0001, 3), fixed(-0.0001, 3, "+"), fixed(-0.25, 1, "+")
    ('0.000', '+0.000', '-0.2')
    """
    text = f"{value:{sign}.{places}f}"
    if text.startswith("-") and float(text) == 0:
        return ("+" if sign else "") + text[1:]
    return text


def estimate_text(estimate: Estimate | None, digits: int = 3, percent: bool = False) -> str:
    """``0.512 [0.481, 0.543]``, or ``51.2% [48.1, 54.3]`` with ``percent``.

    >>> estimate_text(Estimate(0.5, 0.25, 0.75), percent=True)
    '50.0% [25.0, 75.0]'
    >>> estimate_text(Estimate(2.0, -math.inf, math.inf))
    '2.000 [one deal]'
    """
    if estimate is None:
        return "-"
    scale, unit, places = (100.0, "%", 1) if percent else (1.0, "", digits)
    value = f"{fixed(estimate.value * scale, places)}{unit}"
    if not (math.isfinite(estimate.low) and math.isfinite(estimate.high)):
        return f"{value} [one deal]"
    low, high = fixed(estimate.low * scale, places), fixed(estimate.high * scale, places)
    return f"{value} [{low}, {high}]"


def interval_text(interval: Interval, places: int = 3) -> str:
    """A tournament's interval, signed: ``[-0.120, +0.050]`` (no figure
    written ``-0.000``), or ``one deal`` when one deal gives none.

    >>> interval_text(Interval(0.0004, 0.0006)), interval_text(Interval(1.0, math.inf))
    ('[+0.000, +0.001]', 'one deal')
    """
    if not math.isfinite(interval.half_width):
        return "one deal"
    return f"[{fixed(interval.low, places, '+')}, {fixed(interval.high, places, '+')}]"


def distribution_text(spread: Distribution) -> str:
    """``median 7 (5-95%: 3-12.5), range 1-19``: percentiles to one decimal.

    >>> from parlour.sim.statistics import distribution
    >>> distribution_text(distribution([1, 2, 4, 100], [0, 1, 2, 3]))
    'median 3 (5-95%: 1.1-85.6), range 1-100'
    """
    quantiles = spread.quantiles
    return (f"median {number_text(quantiles[50])} (5-95%: {number_text(quantiles[5])}-"
            f"{number_text(quantiles[95])}), range {spread.minimum}-{spread.maximum}")


def number_text(value: float) -> str:
    """``value`` to one decimal, without a trailing ``.0``."""
    return f"{value:.1f}".removesuffix(".0")


@dataclass(frozen=True)
class TextTable:
    """A table of text cells, drawn for the terminal (:meth:`rich`) or for a
    page (:meth:`markdown`); the first column is a label, the others figures."""

    title: str
    headers: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]

    def rich(self, lang: str = DEFAULT) -> Table:
        """The table for the terminal, its title, headings and cells in
        ``lang`` (a figure's words: "median", "range"; numbers as they are)."""
        table = Table(title=translate(self.title, lang))
        for column, header in enumerate(self.headers):
            table.add_column(translate(header, lang),
                             justify="left" if column == 0 else "right")
        for row in self.rows:
            table.add_row(*(translate(cell, lang) for cell in row))
        return table

    def markdown(self) -> str:
        """The table in Markdown (a pipe in a cell is escaped).

        >>> print(TextTable("t", ("seat", "wins"), (("0", "3"),)).markdown())
        | seat | wins |
        |---|---:|
        | 0 | 3 |
        """
        def line(cells: Sequence[str]) -> str:
            return "| " + " | ".join(cell.replace("|", "\\|") for cell in cells) + " |"

        rule = "|" + "|".join("---" if column == 0 else "---:"
                              for column in range(len(self.headers))) + "|"
        return "\n".join([line(self.headers), rule, *map(line, self.rows)])


def seat_text(summary: Summary) -> TextTable:
    """One row a seat: wins, win rate, mean return and mean score, with
    their 95% intervals."""
    return TextTable(
        f"{summary.matches} matches, {summary.deals} deals: seats",
        ("seat", "wins", "win rate (95%)", "mean return (95%)", "mean score (95%)"),
        tuple((str(seat.seat), f"{seat.wins:.1f}".removesuffix(".0"),
               estimate_text(seat.win_rate, percent=True),
               estimate_text(seat.mean_return), estimate_text(seat.scores.mean, 2))
              for seat in summary.seats),
    )


def agent_text(summary: Summary) -> TextTable | None:
    """One row an agent (``None`` when one agent played every seat: the
    heading names it)."""
    if len(summary.agents) < 2:
        return None
    return TextTable(
        "agents", ("agent", "matches", "win rate (95%)", "mean return (95%)", "mean score (95%)"),
        tuple((row.agent, str(row.matches), estimate_text(row.win_rate, percent=True),
               estimate_text(row.mean_return), estimate_text(row.mean_score, 2))
              for row in summary.agents),
    )


def shape_text(summary: Summary) -> TextTable:
    """The spread of scores, match lengths and decisions."""
    rows = (("final score", summary.scores), ("hands a match", summary.hands),
            ("decisions a match", summary.actions))
    return TextTable("distributions", ("measure", "mean (95%)", "spread"), tuple(
        (name, estimate_text(spread.mean, 2), distribution_text(spread))
        for name, spread in rows))


def event_text(summary: Summary) -> TextTable | None:
    """The game's events (``None`` when the game reports none)."""
    if not summary.events:
        return None
    return TextTable("events", ("event", "per match (95%)", "matches with one (95%)"), tuple(
        (event_label(row.event), estimate_text(row.per_match),
         estimate_text(row.share, percent=True))
        for row in summary.events))


def design_text(summary: Summary) -> TextTable | None:
    """The design measures (``None`` in a one-player game)."""
    design = summary.design
    if design is None:
        return None
    fair = design.fairness
    rows = [] if fair is None else [
        ("seat fairness (CardStock, least fair seat)", f"{fair.cardstock:.3f}"),
        ("win-rate spread (best - worst seat)", f"{100 * fair.spread:.1f} points"),
        ("equal win rates, chi-square test",
         f"χ² = {fair.chi_square:.2f}, {fair.degrees_of_freedom} df, p = {fair.p_value:.3g}"),
        ("equal mean returns, Hotelling's test", joint_test_text(fair.equal_returns)),
    ]
    return TextTable("design measures (95%)", ("measure", "value"), (
        *rows,
        ("lead changes a match", estimate_text(design.lead_changes, 2)),
        ("lead changes a hand", estimate_text(design.lead_change_rate)),
        ("drama (CardStock)", estimate_text(design.drama)),
        ("security (CardStock)", estimate_text(design.security)),
        ("decisiveness", estimate_text(design.decisiveness)),
        ("winner came from behind", estimate_text(design.comeback_rate, percent=True)),
        ("winner's largest deficit", estimate_text(design.largest_deficit, 2)),
        ("matches with one winner", str(design.decided)),
    ))


def joint_test_text(test: JointTest | None) -> str:
    """``T² = 6.41, 3 df, p = 0.0932``, or ``too few deals``."""
    if test is None:
        return "too few deals"
    return f"T² = {test.statistic:.2f}, {test.degrees_of_freedom} df, p = {test.p_value:.3g}"


SIGNIFICANCE = 0.05
"""The level at which :func:`fairness_text` calls a test's answer a difference."""


def fairness_text(summary: Summary) -> list[str]:
    """Sentences saying why the fairness figures seem to disagree, when they
    do (see :mod:`parlour.sim.statistics`, "seat fairness"): a seat's
    interval that leaves out the fair value while the joint test on the same
    measure finds no difference (one interval among several misses by
    chance more often than one time in twenty), and a seat's mean return
    apart from the others' while the chi-square test on wins finds nothing
    (the two measure different things); empty when they agree."""
    fair = None if summary.design is None else summary.design.fairness
    if fair is None:
        return []
    players = summary.players
    average = math.fsum(row.mean_return.value for row in summary.seats) / players
    share = 1 / players
    off_return = _seats_leaving_out(summary, average, lambda row: row.mean_return)
    off_win = _seats_leaving_out(summary, share, lambda row: row.win_rate)
    returns = fair.equal_returns
    equal_share, seats_average = fixed(100 * share, 1), fixed(average, 3)
    wins_p = f"{fair.p_value:.3g}"
    returns_p = "-" if returns is None else f"{returns.p_value:.3g}"
    notes = []
    if off_win and fair.p_value >= SIGNIFICANCE:
        notes.append(
            f"The win-rate interval of seat {off_win} leaves out the equal share "
            f"({equal_share}%), but the chi-square test of all seats together finds "
            f"no difference (p = {wins_p}): each interval is 95% sure of one seat "
            f"alone, and among {players} seats one of them misses by chance more often than "
            "one time in twenty.")
    if off_return and returns is not None and returns.p_value >= SIGNIFICANCE:
        notes.append(
            f"The mean-return interval of seat {off_return} leaves out the seats' average "
            f"({seats_average}), but the test of equal mean returns of all seats together "
            f"finds no difference (p = {returns_p}): each interval is 95% sure of "
            f"one seat alone, and among {players} seats one of them misses by chance more "
            "often than one time in twenty.")
    elif off_return and returns is not None and fair.p_value >= SIGNIFICANCE:
        notes.append(
            f"The mean-return interval of seat {off_return} leaves out the seats' average "
            f"({seats_average}) while the chi-square test finds no difference in win rates "
            f"(p = {wins_p}): they measure different things. The chi-square test "
            "counts matches won (a shared win its share); the mean return also weighs what "
            "each match gave, so a seat that loses less often, or less, gains return without "
            "winning more. The test of equal mean returns, the intervals' own measure, "
            f"gives p = {returns_p}.")
    return notes


def _seats_leaving_out(summary: Summary, value: float,
                       estimate: Callable[[SeatSummary], Estimate]) -> str:
    """The seats whose interval of ``estimate`` leaves ``value`` out, as ``0, 2``."""
    return ", ".join(str(row.seat) for row in summary.seats
                     if estimate(row).low > value or estimate(row).high < value)


def sweep_text(summary: Summary) -> TextTable | None:
    """One row an option value of a sweep (``None`` without a sweep)."""
    if not summary.sweep:
        return None
    headers = ("options", "matches", *(f"seat {seat} wins" for seat in range(summary.players)),
               "hands (95%)")
    rows = []
    for point in summary.sweep:
        rates = [estimate_text(row.win_rate, percent=True) for row in point.summary.seats]
        padding = ["-"] * (summary.players - len(rates))
        rows.append((point.label, str(point.summary.matches), *rates, *padding,
                     estimate_text(point.summary.hands.mean, 2)))
    return TextTable("sweep", headers, tuple(rows))


def text_tables(summary: Summary) -> list[TextTable]:
    """Every table that has something to show, in reading order."""
    tables = [seat_text(summary), agent_text(summary), shape_text(summary),
              event_text(summary), design_text(summary), sweep_text(summary)]
    return [table for table in tables if table is not None]


def summary_table(summary: Summary, lang: str = DEFAULT) -> Table:
    """The seats' table for the terminal (:func:`seat_text`), in ``lang``."""
    return seat_text(summary).rich(lang)


def summary_tables(summary: Summary, lang: str = DEFAULT) -> list[Table]:
    """Every table for the terminal (:func:`text_tables`), in ``lang``."""
    return [table.rich(lang) for table in text_tables(summary)]


def agents_caption(seat_agents: Sequence[str], duplicate: bool) -> str:
    """Who played: ``every seat easy``, or ``seats easy, random, random``
    (``rotated each deal`` under ``--duplicate``).

    >>> agents_caption(("easy",) * 4, False), agents_caption(("easy", "random"), True)
    ('every seat easy', 'seats easy, random, rotated each deal')
    """
    if len(set(seat_agents)) == 1:
        return f"every seat {seat_agents[0]}"
    text = f"seats {', '.join(seat_agents)}"
    return f"{text}, rotated each deal" if duplicate else text


def run_caption(summary: Summary) -> str:
    """What a plot measured: the game, who played, the matches and the seed,
    as far as the summary knows them.

    >>> from parlour.sim.records import MatchRecord
    >>> from parlour.sim.statistics import summarise
    >>> record = MatchRecord(index=0, seed=5, deal=0, rotation=0, agents=("easy", "easy"),
    ...     returns=(1.0, -1.0), scores=(3, 2), hand_results=((3, 2),), actions=4,
    ...     higher_is_better=True)
    >>> run_caption(summarise([record], game="slobberhannes", seed=7))
    'slobberhannes · every seat easy · 1 match · seed 7'
    """
    parts = [] if summary.game is None else [summary.game]
    parts.append(agents_caption(summary.seat_agents, summary.duplicate))
    parts.append(f"{summary.matches} match" + ("" if summary.matches == 1 else "es"))
    if summary.seed is not None:
        parts.append(f"seed {summary.seed}")
    return " · ".join(parts)


# ----------------------------------------------------------------------
# files


def write_outputs(summary: Summary, records: Sequence[MatchRecord], out_dir: Path,
                  plot: bool) -> list[Path]:
    """Write the files named in the module docstring into ``out_dir``
    (created if needed); the paths written, in order."""
    out_dir.mkdir(parents=True, exist_ok=True)
    written = [out_dir / "summary.json", out_dir / "records.jsonl"]
    written[0].write_text(json.dumps(summary.as_dict(), indent=1) + "\n", encoding="utf-8")
    written[1].write_text("".join(json.dumps(record.as_dict()) + "\n" for record in records),
                          encoding="utf-8")
    written.append(_write_csv(out_dir / "records.csv", record_rows(records)))
    written.append(_write_csv(out_dir / "seats.csv", seat_rows(summary)))
    if summary.sweep:
        written.append(_write_csv(out_dir / "sweep.csv", [
            {**{f"option_{name}": json.dumps(value) for name, value in point.options.items()},
             **row}
            for point in summary.sweep for row in seat_rows(point.summary)]))
    if plot:
        written.extend(write_plots(summary, records, out_dir))
    return written


RESULTS_LIMIT = 256 * MIB
"""The largest ``records.jsonl`` read, uncompressed (the largest in
``docs/analysis/`` is under 1 MiB); a gzip file is inflated only that far."""


def read_records(path: Path) -> list[MatchRecord]:
    """The records of a ``records.jsonl`` file that :func:`write_outputs`
    wrote, or of its gzip-compressed copy (a name ending ``.gz``); over
    :data:`RESULTS_LIMIT` bytes of records raise
    :class:`~parlour.engine.files.FileTooLarge`."""
    with open_input(path) as handle:
        if path.suffix == ".gz":
            with gzip.GzipFile(fileobj=handle) as compressed:
                data = read_at_most(compressed, RESULTS_LIMIT, path, "a results file")
        else:
            data = read_at_most(handle, RESULTS_LIMIT, path, "a results file")
    lines = data.decode("utf-8").splitlines()
    return records_of([json.loads(line) for line in lines if line.strip()])


def record_rows(records: Sequence[MatchRecord]) -> list[dict[str, Any]]:
    """One CSV row a match (see the module docstring)."""
    seats = max((record.players for record in records), default=0)
    events = sorted({name for record in records for name in record.events})
    options = list(dict.fromkeys(name for record in records for name in record.options))
    rows = []
    for record in records:
        row: dict[str, Any] = {
            "index": record.index, "seed": record.seed, "deal": record.deal,
            "rotation": record.rotation, "hands": record.hands, "actions": record.actions,
        }
        for prefix, values in (("agent", record.agents), ("return", record.returns),
                               ("score", record.scores)):
            row.update({f"{prefix}_{seat}": values[seat] if seat < len(values) else ""
                        for seat in range(seats)})
        row.update({f"event_{name}": record.events.get(name, 0) for name in events})
        row.update({f"option_{name}": json.dumps(record.options.get(name))
                    for name in options})
        rows.append(row)
    return rows


def seat_rows(summary: Summary) -> list[dict[str, Any]]:
    """One CSV row a seat: wins and each estimate as value, low and high."""
    rows = []
    for seat in summary.seats:
        row: dict[str, Any] = {"seat": seat.seat, "matches": seat.scores.count,
                               "wins": seat.wins}
        for name, estimate in (("win_rate", seat.win_rate), ("mean_return", seat.mean_return),
                               ("mean_score", seat.scores.mean)):
            row.update({name: estimate.value, f"{name}_low": _cell(estimate.low),
                        f"{name}_high": _cell(estimate.high)})
        rows.append(row)
    return rows


def _cell(value: float) -> float | str:
    return value if math.isfinite(value) else ""


def _write_csv(path: Path, rows: Sequence[dict[str, Any]]) -> Path:
    columns = list(dict.fromkeys(column for row in rows for column in row))
    with path.open("w", newline="", encoding="utf-8") as handle:
        writer = csv.DictWriter(handle, fieldnames=columns, restval="")
        writer.writeheader()
        writer.writerows(rows)
    return path


# ----------------------------------------------------------------------
# plots


def _figure_class() -> type[Figure]:
    try:
        from matplotlib.figure import Figure
    except ImportError:
        raise PlotError("plots need matplotlib: pip install 'parlour[plot]' "
                        "(or leave out --plot)") from None
    return Figure


def write_plots(summary: Summary, records: Sequence[MatchRecord], out_dir: Path) -> list[Path]:
    """Draw the plots named in the module docstring as PNG and SVG into
    ``out_dir``; the paths written. Figures are drawn without pyplot, so no
    window opens and no global state is touched (the Agg renderer)."""
    figure_class = _figure_class()
    drawings = [("scores", _draw_scores), ("hands", _draw_hands), ("seats", _draw_seats)]
    if summary.sweep:
        drawings.append(("sweep", _draw_sweep))
    written = []
    for name, draw in drawings:
        figure = figure_class(figsize=(10.5 if name == "sweep" else 7.5, 4.5),
                              layout="constrained")
        draw(figure, summary, records)
        figure.suptitle(run_caption(summary), fontsize="medium")
        for extension in PLOT_FORMATS:
            path = out_dir / f"{name}.{extension}"
            figure.savefig(path, format=extension, dpi=120)
            written.append(path)
    return written


def _draw_scores(figure: Figure, summary: Summary, records: Sequence[MatchRecord]) -> None:
    axes = figure.subplots()
    values = [score for record in records for score in record.scores]
    bins = _bins(min(values), max(values))
    for seat in range(summary.players):
        axes.hist([record.scores[seat] for record in records if seat < record.players],
                  bins=bins, histtype="step", linewidth=1.5, label=f"seat {seat}")
    axes.set_xlabel("final score")
    axes.set_ylabel("matches")
    axes.set_title("Final scores by seat")
    if summary.players > 1:
        axes.legend()


def _bins(low: int, high: int) -> list[float] | str:
    """One bin a whole number when there are few, else matplotlib's choice."""
    if high - low <= 60:
        return [value - 0.5 for value in range(low, high + 2)]
    return "auto"


def _draw_hands(figure: Figure, summary: Summary, records: Sequence[MatchRecord]) -> None:
    axes = figure.subplots()
    if summary.sweep:
        for point in summary.sweep:
            counts = point.summary.hands.counts
            axes.step(list(counts), list(counts.values()), where="mid", linewidth=1.5,
                      label=f"{point.label} (mean {point.summary.hands.mean.value:.2f})")
    else:
        counts = summary.hands.counts
        axes.bar(list(counts), list(counts.values()), width=0.8, color="tab:blue")
        axes.axvline(summary.hands.mean.value, color="black", linestyle="--",
                     label=f"mean {summary.hands.mean.value:.2f}")
    axes.set_xlabel("hands in the match")
    axes.set_ylabel("matches")
    axes.set_title("Match length")
    axes.legend()


def _draw_seats(figure: Figure, summary: Summary, records: Sequence[MatchRecord]) -> None:
    rates, returns = figure.subplots(1, 2)
    seats = [row.seat for row in summary.seats]
    _error_bars(rates, seats, [row.win_rate for row in summary.seats], scale=100)
    if summary.players > 1:
        rates.axhline(100 / summary.players, color="grey", linestyle="--", label="equal share")
        rates.legend()
    rates.set_ylabel("win rate (%)")
    rates.set_title("Win rate by seat (95%)")
    _error_bars(returns, seats, [row.mean_return for row in summary.seats])
    if summary.players > 1:
        # the fair value a seat's interval is read against (fairness_text)
        average = math.fsum(row.mean_return.value for row in summary.seats) / summary.players
        returns.axhline(average, color="grey", linestyle="--", label="seats' average")
        returns.legend()
    returns.set_ylabel("mean return")
    returns.set_title("Mean return by seat (95%)")
    for axes in (rates, returns):
        axes.set_xlabel("seat")
        axes.set_xticks(seats)


def _error_bars(axes: Axes, positions: Sequence[float], estimates: Iterable[Estimate],
                scale: float = 1.0, label: str | None = None) -> None:
    values, below, above = [], [], []
    for estimate in estimates:
        values.append(estimate.value * scale)
        low = estimate.low if math.isfinite(estimate.low) else estimate.value
        high = estimate.high if math.isfinite(estimate.high) else estimate.value
        below.append((estimate.value - low) * scale)
        above.append((high - estimate.value) * scale)
    axes.errorbar(positions, values, yerr=[below, above], fmt="o", capsize=4, label=label)


def _draw_sweep(figure: Figure, summary: Summary, records: Sequence[MatchRecord]) -> None:
    rates, hands, scores = figure.subplots(1, 3)
    positions = list(range(len(summary.sweep)))
    labels = [point.label for point in summary.sweep]
    for seat in range(summary.players):
        present = [(position, point.summary.seats[seat].win_rate)
                   for position, point in zip(positions, summary.sweep, strict=True)
                   if seat < len(point.summary.seats)]
        offset = (seat - (summary.players - 1) / 2) * 0.08
        _error_bars(rates, [position + offset for position, _ in present],
                    [estimate for _, estimate in present], scale=100, label=f"seat {seat}")
    rates.set_ylabel("win rate (%)")
    rates.set_title("Win rate by seat (95%)")
    if summary.players > 1:
        rates.legend(fontsize="small")
    _error_bars(hands, positions, [point.summary.hands.mean for point in summary.sweep])
    hands.set_ylabel("hands a match")
    hands.set_title("Match length (95%)")
    _error_bars(scores, positions, [point.summary.scores.mean for point in summary.sweep])
    scores.set_ylabel("final score")
    scores.set_title("Mean final score (95%)")
    for axes in (rates, hands, scores):
        axes.set_xticks(positions, labels, rotation=30, ha="right", fontsize="small")
