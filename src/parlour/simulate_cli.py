"""The terminal side of ``parlour simulate``: the heading, the seat table
kept from before issue 13, and the progress bar (the statistics' own tables
are :mod:`parlour.sim.report`'s)."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager

from rich import box
from rich.console import Console
from rich.table import Table
from rich.text import Text

from parlour.engine import Game
from parlour.render import outcome_word, seat_names
from parlour.sim.records import MatchRecord
from parlour.sim.simulate import SimulationSpec


def simulation_heading(rules_set: Game, spec: SimulationSpec, played: int) -> str:
    """``parlour.make('polignac') · 12 matches · seed 5`` and the run's design."""
    parts = [repr(rules_set), f"{played} matches"]
    if spec.duplicate:
        parts.append(f"{spec.matches} deals, each once per seat")
    if spec.sweep is not None:
        parts.append(f"sweep {spec.sweep.option}={','.join(map(str, spec.sweep.values))}")
    return " · ".join([*parts, f"seed {spec.seed}"])


def print_seat_results(console: Console, rules_set: Game,
                        records: Sequence[MatchRecord]) -> None:
    """Each seat's mean return, wins, losses and mean score, and the mean
    match length (the summary of ``parlour simulate`` before issue 13)."""
    seats = rules_set.num_players
    count = len(records)
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False, show_edge=False)
    for column in ("seat", "mean return", "wins", "losses", "mean score"):
        table.add_column(column, justify="right")
    names = seat_names(rules_set.new_state(seed=0).observation(0))
    for seat in range(seats):
        words = [outcome_word(record.returns[seat], seats == 1) for record in records]
        table.add_row(
            names[seat], f"{sum(record.returns[seat] for record in records) / count:+.3f}",
            str(words.count("won")), str(words.count("lost")),
            f"{sum(record.scores[seat] for record in records) / count:.2f}",
        )
    console.print(table)
    console.print(f"mean hands per match: {sum(record.hands for record in records) / count:.2f}")


@contextmanager
def simulation_progress() -> Iterator[Callable[[int, int], None]]:
    """A progress callback drawing a bar with games per second and the time
    left on standard error when it is a terminal (else it draws nothing)."""
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        ProgressColumn,
        Task,
        TextColumn,
        TimeRemainingColumn,
    )

    class RateColumn(ProgressColumn):
        def render(self, task: Task) -> Text:
            speed = task.finished_speed or task.speed
            return Text("-- games/s" if speed is None else f"{speed:,.1f} games/s")

    console = Console(stderr=True)
    bar = Progress(TextColumn("simulating"), BarColumn(), MofNCompleteColumn(), RateColumn(),
                   TimeRemainingColumn(), console=console, transient=True,
                   disable=not console.is_terminal)
    task = bar.add_task("simulate", total=None)

    def update(done: int, total: int) -> None:
        bar.update(task, completed=done, total=total)

    with bar:
        yield update
