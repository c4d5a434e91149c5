"""``parlour event``: a whole progressive event of computer players in the
terminal, round by round (the movement of every round) and the final
standings; and the events that ``parlour rules`` and ``parlour list`` know.

The event's rules live in :mod:`parlour.games.progress_races`; this module
only seats the players' agents, drives the event and prints.

Every decision's agent is seeded by the event's seed, the player, the round
and the move number at the table, so the event is the same whether its
tables are played one after another or in parallel worker processes: with
``signal`` "all_tables" the tables of a round do not meet until the
signal, and ``workers`` > 1 plays them at once; "head_table" needs the
tables' turns in lockstep (§4.3) and is played in one process. (The
``medium`` and ``hard`` levels also stop thinking after a time limit, so a
loaded machine can change their moves.)
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
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
from parlour.games.progress_races import (
    OVER,
    PLAYING,
    READY,
    Event,
    RaceHandState,
    RaceTable,
    derived_seed,
    run_event,
)


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


def decision_seed(seed: int, player: int, round_number: int, move: int) -> int:
    """The seed of ``player``'s agent for move ``move`` of his table's hand
    in ``round_number``."""
    return derived_seed(seed, "agent", player, round_number, move)


def choose(level: str, seed: int, round_number: int, hand: RaceHandState, player: int) -> int:
    """The move of ``player`` (a computer of ``level``) at ``hand``."""
    agent = make_agent(level, decision_seed(seed, player, round_number, len(hand.history)))
    return choose_action(agent, hand)


def play_table(options: Mapping[str, object], seed: int, dealer: int, totals: list[int],
               names: list[str], players: list[int], level: str, event_seed: int,
               round_number: int) -> list[int]:
    """A worker's job: one table's hand of a round, played to its end; its
    actions."""
    hand = RaceHandState(RaceTable(**options), seed, dealer, totals, names)
    while not hand.is_terminal():
        hand.apply(choose(level, event_seed, round_number, hand,
                          players[hand.current_player()]))
    return hand.history


def play_rounds_in_parallel(event: Event, level: str, workers: int,
                            after_round: Callable[[Event], None]) -> None:
    """Play ``event`` (signal "all_tables") with its tables' hands in ``workers``
    processes, each round's results applied in table order."""
    with ProcessPoolExecutor(max_workers=workers) as pool:
        while event.phase != OVER:
            if event.phase == READY:
                event.start_round()
            jobs = [
                pool.submit(play_table, dict(event.table_game.options), hand.seed, hand.dealer,
                            hand.totals, hand.names, event.seating[table], level, event.seed,
                            event.round)
                for table, hand in enumerate(event.hands)
            ]
            for table, job in enumerate(jobs):
                for action in job.result():
                    hand = event.hands[table]
                    event.play(event.seating[table][hand.current_player()], action)
            if event.phase == PLAYING:
                event.signal()
            after_round(event)


def play_event(event: Event, level: str, console: Console, save: Path | None,
               workers: int = 1) -> None:
    """Play ``event`` with computer players of ``level`` and print it."""
    make_agent(level)
    console.print(
        f"{progress_races.TITLE} · {event.players} players at {event.tables} tables · "
        f"{event.rounds} rounds · {level} players · seed {event.seed}", markup=False,
    )
    console.print("First seating (Up players in seats 0 and 2, Down in 1 and 3):",
                  markup=False)
    for table, row in enumerate(event.seating):
        console.print(f"  table {table + 1}: " + ", ".join(
            f"{event.names[player]} ({event.role[player]})" for player in row), markup=False)

    def report(done: Event) -> None:
        print_round(done, console)

    workers = min(workers, event.tables)
    if workers > 1 and event.options["signal"] == "all_tables":
        play_rounds_in_parallel(event, level, workers, report)
    else:
        run_event(event, lambda hand, player: choose(level, event.seed, event.round, hand,
                                                     player), after_round=report)
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
    if event.phase == OVER:
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
