"""The test cluster of issue #34 (docs/cluster.md): two or three real
``parlour serve`` processes on one fresh PostgreSQL database, each on a
loopback port of its own (``scripts/server_process.py``'s
:class:`ServerCluster`), and a client without a load balancer that sends
each request and socket to the process a test chooses, or to each in turn.

Several processes share the live tables on PostgreSQL only (on SQLite
parlour serves from one process): the tests that use the cluster are
skipped otherwise, saying why (:data:`postgresql_cluster`).
"""

from __future__ import annotations

import json
import sys
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any

import httpx
import pytest
from sqlalchemy import create_engine
from sqlalchemy.pool import NullPool
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect
from websockets.typing import Subprotocol

from database_support import ON_POSTGRESQL, SERVER_VARIABLE
from parlour.server.cluster import owners

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "scripts"))

from server_process import ServerCluster, ServerProcess

postgresql_cluster = pytest.mark.skipif(not ON_POSTGRESQL, reason=(
    f"several server processes share the live tables on PostgreSQL only: {SERVER_VARIABLE} "
    "is not set"))
"""For the tests of several processes: skipped without a PostgreSQL server."""

AT_ONCE = 5.0
"""Seconds within which every process's sockets must see a change made
through any process ("at once": the notification, a catch-up and a view;
never reached by a working cluster, even on a busy machine)."""

TAKEOVER = 30.0
"""Seconds within which a surviving process must take over a dead
process's table (asked for it, or on its sweep)."""

SERVE_OPTIONS = ["--trick-pause", "0", "--hand-wait", "0", "--computer-pace", "0",
                 "--max-tables-per-address", "200"]
"""The cluster's servers play on through tricks and hands (no pause for
people to see them) and let one address open the tests' tables."""


def socket_url(base_url: str, table_id: int) -> str:
    """The table's WebSocket address at the server of ``base_url``."""
    return base_url.replace("http://", "ws://", 1) + f"/ws/tables/{table_id}"


class LiveSocket:
    """A table's socket on one process, as a page holds it (its token in
    the subprotocol; no token: a spectator's), read by a thread of its own:
    every message is kept, in order, for the test to wait on."""

    def __init__(self, base_url: str, table_id: int, token: str | None = None) -> None:
        protocols = [Subprotocol("parlour")]
        if token is not None:
            protocols.append(Subprotocol(f"parlour.token.{token}"))
        self.base_url = base_url
        self._stack = ExitStack()
        self._connection: ClientConnection = self._stack.enter_context(connect(
            socket_url(base_url, table_id), subprotocols=protocols, open_timeout=AT_ONCE,
            proxy=None))
        self.messages: list[dict[str, Any]] = []
        self.closed = False
        self._arrived = threading.Condition()
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self) -> None:
        try:
            for text in self._connection:
                with self._arrived:
                    self.messages.append(json.loads(text))
                    self._arrived.notify_all()
        except ConnectionClosed:
            pass
        with self._arrived:
            self.closed = True
            self._arrived.notify_all()

    def wait_for(self, condition: Callable[[dict[str, Any]], bool], what: str,
                 timeout: float = AT_ONCE) -> dict[str, Any]:
        """The first message so far or to come that meets ``condition``;
        fails (naming ``what`` and what did come) after ``timeout`` seconds."""
        deadline = time.monotonic() + timeout
        with self._arrived:
            while True:
                found = next((message for message in self.messages if condition(message)), None)
                if found is not None:
                    return found
                left = deadline - time.monotonic()
                assert left > 0 and not self.closed, (
                    f"the socket at {self.base_url} did not get {what} within {timeout:g} s"
                    f"{' (it was closed)' if self.closed else ''}; it got "
                    f"{[self.describe(message) for message in self.messages[-5:]]}")
                self._arrived.wait(left)

    def wait_for_view(self, move_number: int, timeout: float = AT_ONCE) -> dict[str, Any]:
        """The first view at ``move_number`` (see :meth:`wait_for`)."""
        return self.wait_for(
            lambda message: message["type"] == "view" and message["move_number"] == move_number,
            f"the view at move {move_number}", timeout)

    def views(self) -> list[dict[str, Any]]:
        """The views received so far, in order."""
        with self._arrived:
            return [message for message in self.messages if message["type"] == "view"]

    def move_numbers(self) -> list[int]:
        """The move numbers of the views received so far, each once, in order."""
        numbers: list[int] = []
        for view in self.views():
            if not numbers or numbers[-1] != view["move_number"]:
                numbers.append(view["move_number"])
        return numbers

    def send(self, message: dict[str, Any]) -> None:
        """Send ``message`` (a move, a chat ...) as JSON."""
        self._connection.send(json.dumps(message))

    def close(self) -> None:
        """Close the socket and let its reader end."""
        self._stack.close()
        self._reader.join(AT_ONCE)

    @staticmethod
    def describe(message: dict[str, Any]) -> str:
        """A message in a few words, for a failure's explanation."""
        if message.get("type") == "view":
            return f"view at {message['move_number']} ({message['status']})"
        return json.dumps(message)


class Cluster:
    """The running servers of a :class:`ServerCluster` (index 0, 1, 2 ...)
    and a client of each: no load balancer, the test says which process
    serves what (or :meth:`next_client` takes each running one in turn)."""

    def __init__(self, servers: ServerCluster, database_url: str) -> None:
        self.servers: list[ServerProcess] = servers.servers
        self.database_url = database_url
        self._clients = [httpx.Client(base_url=server.url, timeout=30.0, trust_env=False)
                         for server in self.servers]
        self._sockets: list[LiveSocket] = []
        self._turn = 0
        self._engine = create_engine(database_url, poolclass=NullPool)

    def client(self, index: int) -> httpx.Client:
        """An HTTP client of server ``index``."""
        return self._clients[index]

    def running(self) -> list[int]:
        """The indexes of the servers still running."""
        return [index for index, server in enumerate(self.servers) if server.is_running]

    def next_client(self, among: Sequence[int] | None = None) -> httpx.Client:
        """The client of the next running server in turn (round robin,
        ``among`` these servers only if given)."""
        choices = [index for index in self.running() if among is None or index in among]
        assert choices, "no server is running"
        self._turn += 1
        return self._clients[choices[self._turn % len(choices)]]

    def socket(self, index: int, table_id: int, token: str | None = None) -> LiveSocket:
        """A socket of table ``table_id`` on server ``index``, closed with
        the cluster."""
        opened = LiveSocket(self.servers[index].url, table_id, token)
        self._sockets.append(opened)
        return opened

    def owners(self) -> dict[int, str]:
        """Which process owns which table, read from the database's locks
        (``parlour.server.cluster.owners``)."""
        with self._engine.connect() as connection:
            return owners(connection)

    def owner(self, table_id: int) -> int | None:
        """The index of the server that owns ``table_id`` now (``None``:
        no server of the cluster does)."""
        name = self.owners().get(table_id)
        return next((index for index, server in enumerate(self.servers)
                     if server.process is not None and server.name == name), None)

    def wait_for_owner(self, table_id: int, among: Sequence[int],
                       timeout: float = AT_ONCE) -> int:
        """The index of the server among ``among`` that owns ``table_id``,
        once one does; fails after ``timeout`` seconds."""
        deadline = time.monotonic() + timeout
        while True:
            index = self.owner(table_id)
            if index in among:
                return index
            assert time.monotonic() < deadline, (
                f"no server among {list(among)} owns table {table_id} after {timeout:g} s: "
                f"the owners are {self.owners()}, the servers "
                f"{[server.name for server in self.servers]}")
            time.sleep(0.05)

    def close(self) -> None:
        """Close every socket and client (the servers are stopped by their
        :class:`ServerCluster`)."""
        for opened in self._sockets:
            opened.close()
        for client in self._clients:
            client.close()
        self._engine.dispose()

    def log_tails(self, characters: int = 3000) -> str:
        """The end of every server's output, for a failure's explanation."""
        return "\n".join(
            f"--- server {index} ({server.url}, {server.log.name}):\n"
            f"{server.log.read_text(errors='replace')[-characters:]}"
            for index, server in enumerate(self.servers) if server.log.exists())


@contextmanager
def running_cluster(database_url: str, folder: Path, count: int = 3,
                    options: Sequence[str] = SERVE_OPTIONS) -> Iterator[Cluster]:
    """``count`` servers on the database at ``database_url`` (PostgreSQL),
    started and ready, with their :class:`Cluster` client; everything is
    stopped after. Their output stays in ``folder`` (``server-<i>.log``)."""
    with ServerCluster(database_url, folder, count, options=options) as servers:
        cluster = Cluster(servers, database_url)
        try:
            yield cluster
        finally:
            cluster.close()
