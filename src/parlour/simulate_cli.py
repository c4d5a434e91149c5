"""The terminal side of ``parlour simulate``: the heading and the progress
bar (the statistics' tables are :mod:`parlour.sim.report`'s)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager

from rich.console import Console
from rich.text import Text

from parlour.engine import Game
from parlour.sim.simulate import SimulationSpec


def simulation_heading(rules_set: Game, spec: SimulationSpec, played: int) -> str:
    """``parlour.make('polignac') · 12 matches · seed 5`` and the run's design."""
    parts = [repr(rules_set), f"{played} matches"]
    if spec.duplicate:
        parts.append(f"{spec.matches} deals, each once per seat")
    if spec.sweep is not None:
        parts.append(f"sweep {spec.sweep.option}={','.join(map(str, spec.sweep.values))}")
    return " · ".join([*parts, f"seed {spec.seed}"])


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
