"""The web app's move round trip under load (issue 4): the time from
sending a move over a table's WebSocket to receiving the view that shows it,
while many tables of computer players run on the same server.

A real ``parlour serve`` (uvicorn, SQLite in a temporary folder) runs in a
child process. The client plays seat 0 of a Polignac table whose three
other seats are computers without delay, a random legal move at each of its
turns, and times every move: first on the idle server, then with
``--tables`` tables of four computer seats (moving after ``--delay``
seconds, so that all of them play at once) running beside it. It prints the
median and the 99th percentile of both, as ratios, and the computer moves
per second the busy tables made meanwhile. These are measurements, not
tests: the exit status is 0 whatever the figures are.

    python benchmarks/bench_web.py [--tables 50] [--moves 300] [--delay 0.05]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import math
import platform
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

from websockets.asyncio.client import ClientConnection, connect

import parlour
from live_server import get_json, live_server, post_json
from timing import ratio

GAME = "polignac"
TARGET = 100
"""The match target of every table: the highest Polignac allows, so that
hardly a table finishes while measured (the report counts those still playing)."""

HUMAN = {"kind": "human"}
COMPUTER = {"kind": "computer", "agent": "random"}
WARM_UP_TIMEOUT = 60.0
"""Seconds the busy tables may take to make their first moves."""


@dataclass(frozen=True)
class Settings:
    """What to measure: busy tables, timed moves per figure, their delay."""

    tables: int
    moves: int
    delay: float
    seed: int


def parse_arguments(argv: Sequence[str] | None) -> Settings:
    """The settings that the command line asks for."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=50,
                        help="tables of four computer seats playing meanwhile (default 50)")
    parser.add_argument("--moves", type=int, default=300,
                        help="moves timed for each figure (default 300)")
    parser.add_argument("--delay", type=float, default=0.05,
                        help="seconds a computer seat of the busy tables waits (default 0.05)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the tables and the client")
    arguments = parser.parse_args(argv)
    if arguments.tables < 0 or arguments.moves < 1 or arguments.delay < 0:
        parser.error("--tables must be >= 0, --moves >= 1 and --delay >= 0")
    return Settings(arguments.tables, arguments.moves, arguments.delay, arguments.seed)


def percentile(values: Sequence[float], fraction: float) -> float:
    """The nearest-rank percentile: the smallest value with ``fraction`` of
    ``values`` at or below it."""
    ordered = sorted(values)
    return ordered[max(0, math.ceil(fraction * len(ordered)) - 1)]


def open_table(base_url: str, seats: list[dict[str, str]], delay: float,
               seed: int) -> dict[str, Any]:
    """A new Polignac table; the server's reply (``id``, ``seats`` with URLs)."""
    created: dict[str, Any] = post_json(base_url, "/api/tables", {
        "game": GAME, "options": {"target": TARGET}, "seats": seats, "seed": seed,
        "delay": delay,
    })
    return created


async def next_view(socket: ClientConnection) -> dict[str, Any]:
    """The next view the server sends; a refusal is an error of the benchmark."""
    message: dict[str, Any] = json.loads(await socket.recv())
    if message["type"] != "view":
        raise RuntimeError(f"the server refused a move: {message}")
    return message


async def play_and_time(socket: ClientConnection, wanted: int, rng: random.Random,
                        round_trips: list[float]) -> None:
    """Play seat 0 until ``round_trips`` holds ``wanted`` times or the match ends.

    Seat 0's turn freezes the table (the other seats wait for it), so the
    view that follows a move is the one that shows it.
    """
    view = await next_view(socket)
    while len(round_trips) < wanted and view["status"] != "finished":
        observation = view["observation"]
        if observation["to_move"] != 0:
            view = await next_view(socket)
            continue
        number = view["move_number"]
        action = rng.choice(observation["legal"])["id"]
        start = time.perf_counter()
        await socket.send(json.dumps({"type": "move", "action": action, "move_number": number}))
        view = await next_view(socket)
        round_trips.append(time.perf_counter() - start)
        if view["move_number"] != number + 1:
            raise RuntimeError(f"move {number} was answered by the view of move "
                               f"{view['move_number']}")


async def time_moves(base_url: str, moves: int, rng: random.Random) -> list[float]:
    """Seconds of ``moves`` move round trips at seat 0 of fresh measured tables."""
    round_trips: list[float] = []
    while len(round_trips) < moves:
        created = open_table(base_url, [HUMAN, COMPUTER, COMPUTER, COMPUTER], delay=0,
                             seed=rng.randrange(2**31))
        # a private link carries its token in the fragment, never sent to a server
        fragment = urlsplit(created["seats"][0]["url"]).fragment
        token = parse_qs(fragment)["token"][0]
        socket_url = f"{base_url.replace('http', 'ws', 1)}/ws/tables/{created['id']}"
        async with connect(f"{socket_url}?token={token}") as socket:
            await play_and_time(socket, moves, rng, round_trips)
    return round_trips


def busy_moves(base_url: str, table_ids: set[int]) -> tuple[int, int]:
    """Moves made so far by the tables ``table_ids``, and how many still play."""
    listed = get_json(base_url, "/api/tables")
    mine = [table for table in listed if table["id"] in table_ids]
    return (sum(table["moves"] for table in mine),
            sum(table["status"] == "playing" for table in mine))


def start_busy_tables(base_url: str, settings: Settings) -> set[int]:
    """Open the tables of four computer seats; returns once each has moved."""
    table_ids = {
        int(open_table(base_url, [COMPUTER] * 4, settings.delay, settings.seed + index)["id"])
        for index in range(settings.tables)
    }
    deadline = time.monotonic() + WARM_UP_TIMEOUT
    while True:
        listed = get_json(base_url, "/api/tables?status=open")
        if all(table["moves"] > 0 for table in listed if table["id"] in table_ids):
            return table_ids
        if time.monotonic() > deadline:
            raise RuntimeError("the busy tables did not start playing")
        time.sleep(0.05)


def milliseconds(seconds: float) -> str:
    """``seconds`` in ms, two decimals."""
    return f"{seconds * 1000:.2f} ms"


def report(settings: Settings, idle: list[float], busy: list[float], background_rate: float,
           still_playing: int) -> list[str]:
    """The benchmark's lines."""
    where = f"{settings.tables} busy tables"
    lines = [
        f"parlour {parlour.__version__} web benchmark: Python {platform.python_version()}, "
        f"uvicorn and SQLite in a child process; {settings.tables} tables of 4 computer "
        f"seats ({settings.delay:g} s delay) playing {GAME}; {settings.moves} moves per "
        "figure, timed from sending a move over the WebSocket to receiving its view",
    ]
    for name, figure in (("median", statistics.median), ("p99", lambda values: percentile(
            values, 0.99))):
        ours, reference = figure(busy), figure(idle)
        lines.append(f"move round trip {name}, {where}: {milliseconds(ours)} vs idle server "
                     f"{milliseconds(reference)} (ratio {ratio(ours, reference)})")
    lines.append(f"background load: {background_rate:.0f} computer moves/s over "
                 f"{settings.tables} tables, {still_playing} still playing")
    return lines


def run(settings: Settings) -> list[str]:
    """Start a server, take both figures and return the lines."""
    rng = random.Random(settings.seed)
    with tempfile.TemporaryDirectory() as folder, \
            live_server(Path(folder), settings.delay, [
                # the busy tables are the load measured: none refused, none paced
                "--max-computer-tables-per-address", str(settings.tables),
                "--max-computer-tables", str(settings.tables), "--computer-pace", "0",
                # the measured seat plays on: no pause to see a trick or a hand's result
                "--trick-pause", "0", "--hand-wait", "0",
            ]) as base_url:
        idle = asyncio.run(time_moves(base_url, settings.moves, rng))
        table_ids = start_busy_tables(base_url, settings)
        before, _ = busy_moves(base_url, table_ids)
        start = time.perf_counter()
        busy = asyncio.run(time_moves(base_url, settings.moves, rng))
        elapsed = time.perf_counter() - start
        after, still_playing = busy_moves(base_url, table_ids)
    return report(settings, idle, busy, (after - before) / elapsed, still_playing)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the benchmark and print its lines."""
    for line in run(parse_arguments(argv)):
        print(line, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
