"""A bounded load test of ``parlour serve`` on loopback (issue #15).

Usage: ``python scripts/load.py [--tables 200] [--duration 60] [--think 1.0]
[--game polignac] [--ramp 10] [--seed 1] [--db URL [--servers N]
[--spread seats|tables] | --url http://127.0.0.1:PORT]``

Without ``--url`` the script starts its own ``parlour serve``
(``scripts/server_process.py``) on a temporary SQLite file, or on the
database at ``--db`` (an SQLAlchemy URL: an empty PostgreSQL database, say),
with room for ``MAX_TABLES`` tables from one address, and stops it at the
end; with ``--url`` it drives a server already running on this machine (any
other host is refused: this is not a tool for loading someone else's
server), whose ``--max-tables-per-address`` must leave room for
``--tables``.

With ``--servers N`` (issue #34, docs/cluster.md) the script starts N
``parlour serve`` processes on the one database at ``--db``, which must
then be PostgreSQL (several processes share the live tables on PostgreSQL
only), each on a loopback port of its own, with no load balancer: the
script spreads the work itself, table ``t`` (counted from 0 in the order
the tables are opened) opened on server ``t mod N`` and the socket of its
seat ``i`` on server ``(t + i) mod N``, so every table is played through
several processes, as a load balancer without sticky sessions would send
them (``--spread tables``: every seat of table ``t`` on server ``t mod N``,
to see what playing a table through several processes costs). Memory and
CPU are then summed over the N processes.

It opens ``--tables`` tables of people, started evenly over
the first ``--ramp`` seconds, and plays each through the documented WebSocket
protocol (docs/web.md, "Live updates"): every seat has its own socket
with its own token; the seat to move waits a think time (``--think``
seconds on average, 0.5 to 1.5 times it) and sends a random legal move
from its own view's ``legal`` list with the view's ``move_number``. When
the next hand waits for the people to see a hand's result (the view's
``hand_end``, docs/web.md "Time to see"), every seat says it has seen it
(``POST /api/tables/{id}/continue``) after a think time, as a person
clicks on. A table whose match ends is replaced by a new one, so
``--tables`` are being played at once for the whole run.

A move is *acknowledged* when the mover's socket receives the view with
the higher move number (the server sends it only after the move's commit);
its latency is the time from sending the move to that view. Moves and
latencies are counted over the steady window, from the end of the ramp to
the end of ``--duration``. Errors are every ``{"type": "error"}`` message,
every socket closed by the server, every refused request, every move
not acknowledged within ``ACK_TIMEOUT`` seconds and every table whose
sockets hear of no move for ten think times and ``ACK_TIMEOUT`` seconds
more (a move that some processes never told their sockets of); a
healthy server has none. The server's memory is its resident set (``VmRSS`` and its peak
``VmHWM`` in ``/proc``), and its CPU time is read from ``/proc`` too,
both only for servers started by the script (summed over them).

The run is bounded: at most ``MAX_DURATION`` seconds of play and
``MAX_TABLES`` tables. The result is printed as a Markdown snippet for
docs/reliability.md, with the command that produced it.
"""

from __future__ import annotations

import argparse
import asyncio
import ipaddress
import json
import math
import os
import platform
import random
import shlex
import statistics
import sys
import tempfile
import time
from collections.abc import Sequence
from contextlib import AsyncExitStack
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import httpx
from server_process import ServerCluster, is_postgresql
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

import parlour

MAX_DURATION = 600.0
MAX_TABLES = 1000
MAX_SERVERS = 8
SPREADS = ("seats", "tables")
"""``--spread``: the seats of a table on several servers (as a load balancer
without sticky sessions would send them), or all on its table's server."""
ACK_TIMEOUT = 30.0
"""Seconds a move may wait for its acknowledgement before it is an error."""
RECEIVE_POLL = 1.0
"""Seconds a socket waits for a message before looking at the clock again."""
STALL_THINKS = 10
"""A table being played that hears of no move for ``STALL_THINKS`` think
times and ``LoadConfig.stall_margin`` seconds more is an error
(:func:`stall_limit`)."""


@dataclass(frozen=True)
class LoadConfig:
    """What one run plays."""

    tables: int = 200
    duration: float = 60.0
    think: float = 1.0
    ramp: float = 10.0
    game: str = "polignac"
    seed: int = 1
    url: str | None = None
    database: str | None = None
    """The database URL of the server the run starts (``None``: a temporary
    SQLite file)."""
    servers: int = 1
    """How many server processes the run starts on ``database`` (more
    than 1: PostgreSQL only)."""
    stall_margin: float = ACK_TIMEOUT
    """Seconds beyond ``STALL_THINKS`` think times that a table may go
    without a move before it is an error (by default the time a move may
    wait for its acknowledgement; a short run checks with less)."""
    logs: str | None = None
    """The folder where the servers the run starts write their output
    (``server-<i>.log``; ``None``: a temporary one, removed at the end)."""
    spread: str = "seats"
    """How the seats of a table are spread over the servers: ``seats``,
    seat ``i`` of table ``t`` on server ``(t + i) mod N``; ``tables``, every
    seat of table ``t`` on server ``t mod N`` (:data:`SPREADS`)."""


@dataclass
class LoadResult:
    """What one run measured."""

    config: LoadConfig
    window: float = 0.0
    """Seconds of the steady window (ramp end to duration end)."""
    latencies: list[float] = field(default_factory=list)
    """Send-to-acknowledgement seconds of every move acknowledged in the window."""
    moves_total: int = 0
    """Moves acknowledged over the whole run, ramp included."""
    tables_started: int = 0
    tables_finished: int = 0
    errors: list[str] = field(default_factory=list)
    memory_kib: int | None = None
    """The server's resident set at the end (``VmRSS``; summed over the
    servers)."""
    peak_memory_kib: int | None = None
    """The largest resident set the server reached (``VmHWM``; summed over
    the servers: each one's peak, which they may not reach at once)."""
    cpu_seconds: float | None = None
    """CPU time the server used over the whole run (summed over the servers)."""
    elapsed: float = 0.0
    """Seconds from the first table to the last acknowledgement waited for."""
    client_cpu_seconds: float = 0.0
    """CPU time this script used over the same seconds."""
    machine_busy: float | None = None
    """The share of the machine's CPU time that was not idle over the same
    seconds (everything on it: servers, database, this script, others' work);
    ``None`` without ``/proc/stat``."""

    @property
    def moves_per_second(self) -> float:
        """Acknowledged moves a second over the steady window."""
        return len(self.latencies) / self.window if self.window > 0 else 0.0


@dataclass
class Run:
    """The shared state of a run: its clock, its stop signal and its tallies."""

    config: LoadConfig
    result: LoadResult
    base_urls: list[str]
    """The servers' base URLs: tables and sockets are spread over them."""
    start: float
    stopping: asyncio.Event = field(default_factory=asyncio.Event)
    tables_opened: int = 0
    """How many tables were asked for so far: the next one's number."""

    @property
    def window_start(self) -> float:
        """When the steady window begins (the end of the ramp)."""
        return self.start + self.config.ramp

    @property
    def window_end(self) -> float:
        """When the steady window ends: no move is sent after it."""
        return self.start + self.config.ramp + self.config.duration

    def acknowledged(self, sent: float, received: float) -> None:
        """Count one acknowledged move sent at ``sent``."""
        self.result.moves_total += 1
        if self.window_start <= sent and received <= self.window_end:
            self.result.latencies.append(received - sent)


def is_loopback(url: str) -> bool:
    """Whether ``url``'s host is this machine (``localhost`` or a loopback address)."""
    host = urlsplit(url).hostname
    if host is None:
        return False
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def socket_url(base_url: str, table_id: int, token: str) -> str:
    """The table's WebSocket address for the seat of ``token``."""
    parts = urlsplit(base_url)
    scheme = "wss" if parts.scheme == "https" else "ws"
    return f"{scheme}://{parts.netloc}/ws/tables/{table_id}?token={token}"


def token_of(url: str) -> str:
    """The seat token in a private table URL (``/tables/7#token=T``)."""
    return url.split("token=", 1)[1]


@dataclass(frozen=True)
class SeatLink:
    """Where one seat of a table is played from: its token and its server."""

    seat: int
    token: str
    server: int
    """The index of the server its socket and requests go to."""


@dataclass
class TableWatch:
    """What the sockets of one table have heard, shared by its seats: a
    table that stands still (a move its sockets are never told of) is an
    error."""

    id: int
    move_number: int = 0
    last_change: float = field(default_factory=time.perf_counter)
    """When a socket of the table last heard of a new move (or it was opened)."""
    is_stalled: bool = False

    def heard(self, move_number: int) -> None:
        """A socket of the table heard of the view at ``move_number``."""
        if move_number > self.move_number:
            self.move_number = move_number
            self.last_change = time.perf_counter()

    def check(self, run: Run) -> None:
        """Report the table once if it has stood still longer than a
        healthy table ever does (:func:`stall_limit`)."""
        still = time.perf_counter() - self.last_change
        if not self.is_stalled and still > stall_limit(run.config):
            self.is_stalled = True
            run.result.errors.append(
                f"table {self.id} stood still at move {self.move_number} for {still:.1f} s: "
                "its sockets heard of no move")


def stall_limit(config: LoadConfig) -> float:
    """Seconds a table being played may go without a move before it is an
    error: ``STALL_THINKS`` think times (a move, or a hand's result seen by
    every seat, takes at most 1.5 think times and then one more for the
    next move) and ``config.stall_margin`` seconds for a busy server."""
    return STALL_THINKS * config.think + config.stall_margin


async def open_table(run: Run, http: Sequence[httpx.AsyncClient],
                     rng: random.Random) -> tuple[int, list[SeatLink]]:
    """Open a table of people for ``run``'s game; its id and its seats.
    Table ``t`` is opened on server ``t mod N`` (``http`` holds a client of
    each server), its seat ``i`` is played on server ``(t + i) mod N``
    (``t mod N`` with ``--spread tables``)."""
    players = parlour.make(run.config.game).num_players
    number = run.tables_opened
    run.tables_opened += 1
    servers = len(run.base_urls)
    response = await http[number % servers].post("/api/tables", json={
        "game": run.config.game, "seed": rng.randrange(2**32),
        "seats": [{"kind": "human"}] * players,
    })
    if response.status_code != 201:
        raise RuntimeError(f"POST /api/tables: {response.status_code} {response.text}")
    created = response.json()
    run.result.tables_started += 1
    shift = 1 if run.config.spread == "seats" else 0
    return created["id"], [SeatLink(seat["seat"], token_of(seat["url"]),
                                    (number + shift * seat["seat"]) % servers)
                           for seat in created["seats"]]


class SeatPlayer:
    """One seat's socket: moves when its view says it is to move, times the
    acknowledgement, continues after a hand's result as a person does when
    the next hand waits for him (``POST .../continue``), and stops at the
    end of the match or of the run."""

    def __init__(self, run: Run, table: TableWatch, link: SeatLink, socket: ClientConnection,
                 http: httpx.AsyncClient, rng: random.Random) -> None:
        self.run = run
        self.table = table
        self.seat = link.seat
        self.token = link.token
        self.socket = socket
        self.http = http
        self.rng = rng
        self.pending: tuple[int, float] | None = None
        """The move number and send time of the move awaiting its acknowledgement."""
        self.continued = 0
        """The last hand whose result this seat said it has seen."""

    async def play(self) -> bool:
        """Play until the match ends (``True``) or the run stops (``False``)."""
        while True:
            if self.pending is not None and time.perf_counter() - self.pending[1] > ACK_TIMEOUT:
                self.run.result.errors.append(
                    f"a move at {self.pending[0]} was not acknowledged in {ACK_TIMEOUT} s")
                return False
            if self.pending is None and self.run.stopping.is_set():
                self.table.check(self.run)
                return False
            try:
                text = await asyncio.wait_for(self.socket.recv(), RECEIVE_POLL)
            except TimeoutError:
                self.table.check(self.run)
                continue
            except ConnectionClosed as closed:
                self.run.result.errors.append(f"seat {self.seat}: the server closed: {closed}")
                return False
            message = json.loads(text)
            if message.get("type") != "view":
                self.run.result.errors.append(f"seat {self.seat}: {message}")
                self.pending = None
                continue
            self.table.heard(message["move_number"])
            await self._on_view(message)
            if message["status"] == "finished":
                return True

    async def _on_view(self, view: dict[str, Any]) -> None:
        received = time.perf_counter()
        if self.pending is not None and view["move_number"] > self.pending[0]:
            self.run.acknowledged(self.pending[1], received)
            self.pending = None
        hand_end = view["hand_end"]
        if hand_end is not None:
            if self.seat in hand_end["waiting"] and hand_end["hand"] > self.continued:
                await self._continue(hand_end["hand"])
            return
        observation = view["observation"]
        legal = observation["legal"]
        if observation["to_move"] != self.seat or not legal or view["status"] != "playing":
            return
        if not await self._think():
            return
        self.pending = (view["move_number"], time.perf_counter())
        await self.socket.send(json.dumps({
            "type": "move", "action": self.rng.choice(legal)["id"],
            "move_number": view["move_number"],
        }))

    async def _think(self) -> bool:
        """Wait a think time; ``False`` (at once) if it would end after the window."""
        think = self.run.config.think * self.rng.uniform(0.5, 1.5)
        if time.perf_counter() + think > self.run.window_end:
            return False
        await asyncio.sleep(think)
        return True

    async def _continue(self, hand: int) -> None:
        """Say, after a think time, that this seat has seen hand ``hand``'s result."""
        if not await self._think():
            return
        self.continued = hand
        response = await self.http.post(f"/api/tables/{self.table.id}/continue",
                                        json={"token": self.token, "hand": hand})
        if response.status_code != 200:
            self.run.result.errors.append(
                f"seat {self.seat}: continue: {response.status_code} {response.text}")


async def play_slot(run: Run, http: Sequence[httpx.AsyncClient], slot: int) -> None:
    """Keep one table being played at this slot until the run stops."""
    rng = random.Random(f"parlour-load:{run.config.seed}:{slot}")
    await asyncio.sleep(run.config.ramp * slot / run.config.tables)
    while not run.stopping.is_set():
        try:
            table_id, links = await open_table(run, http, rng)
            table = TableWatch(table_id)
            async with AsyncExitStack() as stack:
                players = [
                    SeatPlayer(run, table, link, await stack.enter_async_context(connect(
                        socket_url(run.base_urls[link.server], table_id, link.token),
                        open_timeout=ACK_TIMEOUT, proxy=None)),
                        http[link.server], random.Random(rng.random()))
                    for link in links
                ]
                finished = await asyncio.gather(*(player.play() for player in players))
            if all(finished):
                run.result.tables_finished += 1
        except (ConnectionClosed, OSError, RuntimeError, httpx.HTTPError) as error:
            run.result.errors.append(f"slot {slot}: {type(error).__name__}: {error}")
            return


def read_proc(pid: int) -> tuple[int, int, float]:
    """A process's resident set and its peak (KiB) and its CPU seconds, from /proc."""
    fields: dict[str, int] = {}
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        name, _, value = line.partition(":")
        if name in ("VmRSS", "VmHWM"):
            fields[name] = int(value.split()[0])
    stat = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    ticks = os.sysconf("SC_CLK_TCK")
    cpu = (int(stat[11]) + int(stat[12])) / ticks
    return fields["VmRSS"], fields["VmHWM"], cpu


def read_machine() -> tuple[int, int] | None:
    """The machine's busy and total CPU ticks since it started (``/proc/stat``),
    or ``None`` where there is no such file."""
    stat = Path("/proc/stat")
    if not stat.exists():
        return None
    ticks = [int(value) for value in stat.read_text().splitlines()[0].split()[1:9]]
    idle = ticks[3] + ticks[4]  # idle and waiting for input or output
    return sum(ticks) - idle, sum(ticks)


async def drive(config: LoadConfig, base_urls: Sequence[str]) -> LoadResult:
    """Play ``config``'s tables against the servers at ``base_urls``."""
    result = LoadResult(config)
    machine_before, client_before = read_machine(), time.process_time()
    run = Run(config, result, list(base_urls), time.perf_counter())
    limits = httpx.Limits(max_connections=50)
    async with AsyncExitStack() as stack:
        http = [await stack.enter_async_context(httpx.AsyncClient(
                    base_url=base_url, timeout=ACK_TIMEOUT, limits=limits, trust_env=False))
                for base_url in base_urls]
        slots = [asyncio.create_task(play_slot(run, http, slot))
                 for slot in range(config.tables)]
        await asyncio.sleep(max(0.0, run.window_end - time.perf_counter()))
        run.stopping.set()
        await asyncio.gather(*slots)
    result.window = config.duration
    result.elapsed = time.perf_counter() - run.start
    result.client_cpu_seconds = time.process_time() - client_before
    machine_after = read_machine()
    if machine_before is not None and machine_after is not None \
            and machine_after[1] > machine_before[1]:
        result.machine_busy = ((machine_after[0] - machine_before[0])
                               / (machine_after[1] - machine_before[1]))
    return result


def run_load(config: LoadConfig) -> LoadResult:
    """One bounded run: against ``config.url``, or a server of its own."""
    if not 0 < config.duration <= MAX_DURATION:
        raise ValueError(f"--duration must be over 0 and at most {MAX_DURATION:.0f} s")
    if not 0 < config.tables <= MAX_TABLES:
        raise ValueError(f"--tables must be from 1 to {MAX_TABLES}")
    if config.think <= 0 or config.ramp < 0:
        raise ValueError("--think must be over 0 and --ramp at least 0")
    if not 0 < config.servers <= MAX_SERVERS:
        raise ValueError(f"--servers must be from 1 to {MAX_SERVERS}")
    if config.spread not in SPREADS:
        raise ValueError(f"--spread is {' or '.join(SPREADS)}, not {config.spread!r}")
    if config.url is not None:
        if config.database is not None:
            raise ValueError("--db is for the server the script starts: not with --url")
        if config.servers != 1:
            raise ValueError("--servers is for the servers the script starts: not with --url")
        if config.logs is not None:
            raise ValueError("--logs is for the servers the script starts: not with --url")
        if not is_loopback(config.url):
            raise ValueError(f"{config.url} is not on this machine: the load test runs on "
                             "loopback only (127.0.0.1, ::1 or localhost)")
        return asyncio.run(drive(config, [config.url.rstrip("/")]))
    if config.servers > 1 and (config.database is None or not is_postgresql(config.database)):
        raise ValueError(f"--servers {config.servers} needs a PostgreSQL database at --db: "
                         "several server processes share the live tables on PostgreSQL only")
    with tempfile.TemporaryDirectory(prefix="parlour-load-") as folder:
        database = config.database or f"sqlite:///{Path(folder) / 'parlour.db'}"
        logs = Path(folder) if config.logs is None else Path(config.logs)
        logs.mkdir(parents=True, exist_ok=True)
        with ServerCluster(database, logs, config.servers,
                           options=["--max-tables-per-address", str(MAX_TABLES)]) as cluster:
            pids = [server.pid for server in cluster.servers]
            cpu_before = sum(read_proc(pid)[2] for pid in pids)
            result = asyncio.run(drive(config, cluster.urls))
            after = [read_proc(pid) for pid in pids]
            result.memory_kib = sum(memory for memory, _, _ in after)
            result.peak_memory_kib = sum(peak for _, peak, _ in after)
            result.cpu_seconds = sum(cpu for _, _, cpu in after) - cpu_before
    return result


def percentile(values: Sequence[float], fraction: float) -> float:
    """The ``fraction`` quantile of ``values`` (nearest rank)."""
    ordered = sorted(values)
    rank = math.ceil(fraction * len(ordered))
    return ordered[min(len(ordered), max(1, rank)) - 1]


def markdown(result: LoadResult, command: str) -> str:
    """The run's figures as a Markdown snippet."""
    config = result.config
    latencies = result.latencies
    lines = [
        f"Command: `{command}`",
        "",
        "| measure | value |",
        "| --- | --- |",
        f"| tables played at once | {config.tables} ({config.game}, people at every seat, "
        f"one socket a seat) |",
    ]
    if config.url is None and config.servers > 1:
        seats = "(t + i)" if config.spread == "seats" else "t"
        lines.append(f"| server processes | {config.servers} on one database (table t on "
                     f"server t mod {config.servers}, its seat i's socket on {seats} mod "
                     f"{config.servers}) |")
    elif config.url is None:
        lines.append("| server processes | 1 |")
    summed = f", summed over {config.servers} processes" if config.servers > 1 else ""
    lines += [
        f"| think time a move | {config.think:g} s on average (0.5 to 1.5 times) |",
        f"| steady window | {result.window:g} s after a ramp of {config.ramp:g} s |",
        f"| moves acknowledged in the window | {len(latencies)} |",
        f"| moves per second | {result.moves_per_second:.1f} |",
    ]
    if latencies:
        lines += [
            f"| latency, median | {statistics.median(latencies) * 1000:.1f} ms |",
            f"| latency, 99th percentile | {percentile(latencies, 0.99) * 1000:.1f} ms |",
            f"| latency, largest | {max(latencies) * 1000:.1f} ms |",
        ]
    lines += [
        f"| tables opened / finished | {result.tables_started} / {result.tables_finished} |",
        f"| errors | {len(result.errors)} |",
    ]
    if result.memory_kib is not None and result.peak_memory_kib is not None:
        lines.append(f"| server memory (RSS{summed}) at the end / peak | "
                     f"{result.memory_kib / 1024:.0f} MiB / "
                     f"{result.peak_memory_kib / 1024:.0f} MiB |")
    if result.cpu_seconds is not None:
        share = result.cpu_seconds / result.elapsed * 100 if result.elapsed else 0.0
        lines.append(f"| server CPU time{summed} | {result.cpu_seconds:.1f} s over "
                     f"{result.elapsed:.0f} s ({share:.0f}% of one core) |")
    client_share = result.client_cpu_seconds / result.elapsed * 100 if result.elapsed else 0.0
    lines.append(f"| this script's CPU time | {result.client_cpu_seconds:.1f} s "
                 f"({client_share:.0f}% of one core) |")
    if result.machine_busy is not None:
        lines.append(f"| the machine's CPUs busy (everything on it) | "
                     f"{result.machine_busy * 100:.0f}% of {os.cpu_count()} CPUs |")
    lines += ["", f"Python {platform.python_version()} on {platform.system()}, "
              f"{os.cpu_count()} CPUs."]
    if result.errors:
        lines += ["", "Errors (first 10):", ""]
        lines += [f"- {error}" for error in result.errors[:10]]
    return "\n".join(lines) + "\n"


def parse_arguments(argv: Sequence[str] | None) -> LoadConfig:
    """The run's settings from the command line."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    defaults = LoadConfig()
    parser.add_argument("--tables", type=int, default=defaults.tables)
    parser.add_argument("--duration", type=float, default=defaults.duration,
                        help="seconds of the steady window")
    parser.add_argument("--think", type=float, default=defaults.think,
                        help="average seconds a seat waits before moving")
    parser.add_argument("--ramp", type=float, default=defaults.ramp,
                        help="seconds over which the tables are opened")
    parser.add_argument("--game", default=defaults.game)
    parser.add_argument("--seed", type=int, default=defaults.seed)
    parser.add_argument("--url", default=None, help="a parlour server on this machine")
    parser.add_argument("--db", default=None,
                        help="the database of the server the script starts (an SQLAlchemy "
                             "URL; default: a temporary SQLite file)")
    parser.add_argument("--servers", type=int, default=defaults.servers,
                        help="server processes to start on --db (more than 1: PostgreSQL "
                             "only), the tables and sockets spread over them")
    parser.add_argument("--logs", default=None, metavar="FOLDER",
                        help="keep the output of the servers the script starts in FOLDER "
                             "(server-0.log ...)")
    parser.add_argument("--spread", default=defaults.spread,
                        help="with several servers, seat i of table t on server (t + i) mod N "
                             "(seats) or on server t mod N (tables)")
    arguments = parser.parse_args(argv)
    return LoadConfig(
        tables=arguments.tables, duration=arguments.duration, think=arguments.think,
        ramp=arguments.ramp, game=arguments.game, seed=arguments.seed, url=arguments.url,
        database=arguments.db, servers=arguments.servers, spread=arguments.spread,
        logs=arguments.logs,
    )


def main(argv: Sequence[str] | None = None) -> int:
    """Run the load test and print its figures; 1 if there were errors, 2 if refused."""
    config = parse_arguments(argv)
    try:
        result = run_load(config)
    except ValueError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    arguments = sys.argv[1:] if argv is None else list(argv)
    command = shlex.join(["python", "scripts/load.py", *arguments])
    print(markdown(result, command), end="")
    return 1 if result.errors else 0


if __name__ == "__main__":
    raise SystemExit(main())
