"""The terminal side of ``parlour simulate``: the heading and the progress
bar (the statistics' tables are :mod:`parlour.sim.report`'s)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager

from rich.console import Console
from rich.text import Text

from parlour.engine import Game
from parlour.i18n import DEFAULT, say
from parlour.sim.simulate import SimulationSpec


def simulation_heading(rules_set: Game, spec: SimulationSpec, played: int,
                       lang: str = DEFAULT) -> str:
    """``parlour.make('polignac') · 12 matches · every seat easy · seed 5`` and
    the run's design, in ``lang``."""
    parts = [repr(rules_set), say("{played} matches", lang, played=played)]
    if len(set(spec.agents)) == 1:
        parts.append(say("every seat {agent}", lang, agent=spec.agents[0]))
    else:
        parts.append(say("seats {agents}", lang, agents=", ".join(spec.agents)))
    if spec.duplicate:
        parts.append(say("{deals} deals, each once per seat", lang, deals=spec.matches))
    if spec.sweep is not None:
        parts.append(say("sweep {option}={values}", lang, option=spec.sweep.option,
                         values=",".join(map(str, spec.sweep.values))))
    return " · ".join([*parts, say("seed {seed}", lang, seed=spec.seed)])


@contextmanager
def simulation_progress(lang: str = DEFAULT) -> Iterator[Callable[[int, int], None]]:
    """A progress callback drawing a bar with games per second and the time
    left on standard error when it is a terminal (else it draws nothing), in ``lang``."""
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
            return Text(say("{speed} games/s", lang,
                            speed="--" if speed is None else f"{speed:,.1f}"))

    console = Console(stderr=True)
    bar = Progress(TextColumn(say("simulating", lang)), BarColumn(), MofNCompleteColumn(),
                   RateColumn(), TimeRemainingColumn(), console=console, transient=True,
                   disable=not console.is_terminal)
    task = bar.add_task("simulate", total=None)

    def update(done: int, total: int) -> None:
        bar.update(task, completed=done, total=total)

    with bar:
        yield update
