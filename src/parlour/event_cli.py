"""``parlour event``: a whole progressive event of computer players in the
terminal, round by round (the movement of every round) and the final
standings; and the events that ``parlour rules`` and ``parlour list`` know.

The event's rules live in :mod:`parlour.games.progress_races`; this module
only seats the players' agents, drives :func:`~parlour.games.progress_races.run_event`
and prints.
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rich import box
from rich.console import Console
from rich.table import Table

from parlour.agents import choose_action, make_agent
from parlour.engine.options import OptionSchema
from parlour.errors import OptionError
from parlour.games import progress_races
from parlour.games.progress_races import Event, RaceHandState, run_event


@dataclass(frozen=True)
class EventKind:
    """An event that the CLI runs: its name, title, rules and options."""

    name: str
    title: str
    description: str
    rules_text: str
    schema: OptionSchema


EVENTS = {
    progress_races.NAME: EventKind(
        progress_races.NAME, progress_races.TITLE,
        "Progress as a progressive party: tables of four, players moving between tables "
        "after every round; 4 x tables players, lowest total wins (parlour event).",
        progress_races.RULES, progress_races.SCHEMA,
    ),
}
"""The events, by name (``parlour event NAME``)."""


def event_kind(name: str) -> EventKind | None:
    """The event called ``name`` (case and ``_``/``-`` insensitive), if any."""
    return EVENTS.get(name.strip().casefold().replace("_", "-"))


def check_event_name(name: str) -> EventKind:
    """The event called ``name``, or :class:`OptionError` naming the events."""
    kind = event_kind(name)
    if kind is None:
        raise OptionError(f"no event called {name!r}; the events are {', '.join(sorted(EVENTS))}")
    return kind


def new_event(name: str, players: int | None, options: Mapping[str, object],
              seed: int) -> Event:
    """The event ``name`` for ``players`` (four a table) with ``options``."""
    check_event_name(name)
    values = dict(options)
    if players is not None:
        if "players" in values or "tables" in values:
            raise OptionError("give the size of the event once: --players, or --option tables")
        values["players"] = players
    return Event(seed, values)


def seat_agents(event: Event, level: str, seed: int) -> list[Any]:
    """One agent of ``level`` for every player, each seeded from ``seed``."""
    return [make_agent(level, random.Random(f"parlour-event:{seed}:{player}").randrange(2**63))
            for player in range(event.players)]


def play_event(event: Event, level: str, console: Console, save: Path | None) -> None:
    """Play ``event`` with computer players of ``level`` and print it."""
    agents = seat_agents(event, level, event.seed)

    def choose(hand: RaceHandState, player: int) -> int:
        return choose_action(agents[player], hand)

    console.print(
        f"{progress_races.TITLE} · {event.players} players at {event.tables} tables · "
        f"{event.rounds} rounds · {level} players · seed {event.seed}", markup=False,
    )
    console.print("First seating (Up players in seats 0 and 2, Down in 1 and 3):",
                  markup=False)
    for table, row in enumerate(event.seating):
        console.print(f"  table {table + 1}: " + ", ".join(
            f"{event.names[player]} ({event.role[player]})" for player in row), markup=False)
    run_event(event, choose, after_round=lambda done: print_round(done, console))
    print_standings(event, console)
    if save is not None:
        save.write_text(json.dumps(event_record(event), indent=1) + "\n", encoding="utf-8")
        console.print(f"event record written to {save}", markup=False)


def print_round(event: Event, console: Console) -> None:
    """The round just scored: every table's hand scores, then who moved."""
    number = len(event.round_scores)
    scores = event.round_scores[-1]
    console.print()
    console.print(f"Round {number}", style="bold", markup=False)
    for table, hand in enumerate(event.hands):
        players = hand.names
        how = "stopped at the signal" if hand.stopped else (
            f"{players[out]} went out" if (out := hand.went_out()) is not None else "blocked")
        line = ", ".join(f"{name} {score}" for name, score in zip(
            players, hand.hand_scores(), strict=True))
        console.print(f"  table {table + 1} ({how}): {line}", markup=False)
    if event.phase == progress_races.OVER:
        return
    moves = event.moves[-1]
    console.print("  moves: " + "; ".join(
        f"{event.names[move.player]} ({move.role}, {scores[move.player]}) "
        f"table {move.from_table + 1} → {move.to_table + 1}"
        for move in moves), markup=False)
    moved = {move.player for move in moves}
    stayed = [event.names[row[seat]] for row in event.seating for seat in (1, 3)
              if row[seat] not in moved]
    if event.options["stayer_shift"]:
        console.print("  the Down players who stay change seats: " + ", ".join(stayed),
                      markup=False)


def print_standings(event: Event, console: Console) -> None:
    """The final standings, the winner(s) and the role prizes."""
    console.print()
    console.print("Final standings", style="bold", markup=False)
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False, show_edge=False)
    for column, justify in (("place", "right"), ("player", "left"), ("role", "left"),
                            ("total", "right"), ("hands won", "right")):
        table.add_column(column, justify=justify)  # type: ignore[arg-type]
    for line in event.standings():
        table.add_row(str(line["place"]), line["name"], line["role"], str(line["total"]),
                      str(line["hands_won"]))
    console.print(table)
    console.print(f"Winner{'s' if len(event.winners()) > 1 else ''}: "
                  + names(event, event.winners()), markup=False)
    for role, players in event.role_winners().items():
        console.print(f"Best {role} player{'s' if len(players) > 1 else ''}: "
                      + names(event, players), markup=False)


def names(event: Event, players: Sequence[int]) -> str:
    """The players' names, with their totals."""
    return ", ".join(f"{event.names[player]} ({event.totals[player]})" for player in players)


def event_record(event: Event) -> dict[str, Any]:
    """What rebuilds ``event`` (:func:`parlour.games.progress_races.replay`),
    with its outcome."""
    return {
        "event": progress_races.NAME, "version": progress_races.VERSION,
        "options": dict(event.options), "seed": event.seed, "seating": event.first,
        "names": event.names, "steps": event.steps,
        "totals": event.totals, "winners": event.winners(),
    }
