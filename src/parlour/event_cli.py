"""``parlour event``: a whole progressive event of computer players in the
terminal, round by round (the movement of every round) and the final
standings; and the events that ``parlour rules`` and ``parlour list`` know.

An event's rules live in its own module, registered with
:mod:`parlour.events`; this module finds events there by the name a user
gives, seats the players' agents, drives the event and prints what the
event reports.

Every decision's agent is seeded by the event's seed, the player, the round
and the move number at the table, so the event is the same whether its
tables are played one after another or in parallel worker processes: with
``signal`` "all_tables" the tables of a round do not meet until the
signal, and ``workers`` > 1 plays them at once; "head_table" needs the
tables' turns in lockstep (§4.3) and is played in one process
(:attr:`~parlour.engine.events.Event.tables_meet`). (The
``medium`` and ``hard`` levels also stop thinking after a time limit, so a
loaded machine can change their moves.)
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from rich import box
from rich.console import Console
from rich.table import Table

from parlour import events
from parlour.agents import choose_action
from parlour.agents.specs import agent_factory
from parlour.engine.game import State
from parlour.errors import OptionError
from parlour.i18n import DEFAULT, say, translate

EventClass = type[events.Event]


def event_kind(name: str) -> EventClass | None:
    """The event called ``name`` (case and ``_``/``-`` insensitive), if any."""
    return events.find(name)


def check_event_name(name: str) -> EventClass:
    """The event called ``name``, or :class:`OptionError` naming the events."""
    kind = events.find(name)
    if kind is None:
        raise OptionError(f"no event called {name!r}; the events are "
                          f"{', '.join(events.names())}")
    return kind


def new_event(name: str, players: int | None, options: Mapping[str, object],
              seed: int) -> events.Event:
    """The event ``name`` for ``players`` with ``options``."""
    kind = check_event_name(name)
    values = dict(options)
    if players is not None:
        if "players" in values or "tables" in values:
            raise OptionError("give the size of the event once: --players, or --option tables")
        values["players"] = players
    return kind(seed, values)


def decision_seed(kind: EventClass, seed: int, player: int, round_number: int,
                  move: int) -> int:
    """The seed of ``player``'s agent for move ``move`` of his table's hand
    in ``round_number`` of the event of ``seed``."""
    return kind.seed_for(seed, "agent", player, round_number, move)


def choose(kind: EventClass, level: str, seed: int, round_number: int, hand: State,
           player: int) -> int:
    """The move of ``player`` (a computer of ``level``) at ``hand``."""
    agent = agent_factory(level)(decision_seed(kind, seed, player, round_number,
                                               len(hand.history)))
    return choose_action(agent, hand)


def play_table(kind: EventClass, spec: Mapping[str, Any], players: list[int], level: str,
               event_seed: int, round_number: int) -> list[int]:
    """A worker's job: one table's hand of a round (:meth:`~parlour.engine.events.Event.hand_spec`),
    played to its end; its actions."""
    hand = kind.new_hand(spec)
    while not hand.is_terminal():
        hand.apply(choose(kind, level, event_seed, round_number, hand,
                          players[hand.current_player()]))
    return hand.history


def play_rounds_in_parallel(event: events.Event, level: str, workers: int,
                            after_round: Callable[[events.Event], None]) -> None:
    """Play ``event`` (whose tables do not meet before the signal) with its
    tables' hands in ``workers`` processes, each round's results applied in
    table order."""
    kind = type(event)
    with ProcessPoolExecutor(max_workers=workers) as pool:
        while event.phase != events.OVER:
            if event.phase == events.READY:
                event.start_round()
            jobs = [
                pool.submit(play_table, kind, event.hand_spec(table), event.seating[table],
                            level, event.seed, event.round)
                for table in range(event.tables)
            ]
            for table, job in enumerate(jobs):
                for action in job.result():
                    hand = event.hands[table]
                    event.play(event.seating[table][hand.current_player()], action)
            if event.phase == events.PLAYING:
                event.signal()
            after_round(event)


def play_event(event: events.Event, level: str, console: Console, save: Path | None,
               workers: int = 1, lang: str = DEFAULT) -> None:
    """Play ``event`` with computer players of ``level`` and print it in ``lang``."""
    agent_factory(level)
    console.print(
        say("{title} · {players} players at {tables} tables · {rounds} rounds · "
            "{level} players · seed {seed}", lang, title=translate(event.title, lang),
            players=event.players, tables=event.tables, rounds=event.rounds, level=level,
            seed=event.seed),
        markup=False,
    )
    for line in event.seating_lines():
        console.print(translate(line, lang), markup=False)

    def report(done: events.Event) -> None:
        print_round(done, console, lang)

    workers = min(workers, event.tables)
    if workers > 1 and not event.tables_meet:
        play_rounds_in_parallel(event, level, workers, report)
    else:
        kind = type(event)
        event.run(lambda hand, player: choose(kind, level, event.seed, event.round, hand,
                                              player), after_round=report)
    print_standings(event, console, lang)
    if save is not None:
        save.write_text(json.dumps(event.record(), indent=1) + "\n", encoding="utf-8")
        console.print(say("event record written to {save}", lang, save=save), markup=False)


def print_round(event: events.Event, console: Console, lang: str = DEFAULT) -> None:
    """The round just scored, as the event reports it, in ``lang``."""
    console.print()
    console.print(say("Round {number}", lang, number=event.round), style="bold", markup=False)
    for line in event.round_lines():
        console.print(translate(line, lang), markup=False)


def print_standings(event: events.Event, console: Console, lang: str = DEFAULT) -> None:
    """The final standings, then the winner(s) and any prizes, in ``lang``."""
    console.print()
    console.print(say("Final standings", lang), style="bold", markup=False)
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False, show_edge=False)
    columns = event.standings_columns
    for _, heading, justify in columns:
        table.add_column(translate(heading, lang), justify=justify)  # type: ignore[arg-type]
    for line in event.standings():
        table.add_row(*(translate(str(line[key]), lang) for key, _, _ in columns))
    console.print(table)
    for result in event.result_lines():
        console.print(translate(result, lang), markup=False)
