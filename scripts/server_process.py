"""A ``parlour serve`` of its own, as a child process on a loopback port, for
the load script (``scripts/load.py``) and the crash test
(``tests/server/test_crash.py``); and several of them on one PostgreSQL
database (:class:`ServerCluster`, docs/cluster.md), for the test cluster
(``tests/cluster_support.py``) and the load script's ``--servers``.

The child is the real command line (``python -m parlour serve``) on a
database URL (an SQLite file, or PostgreSQL), so what is measured or killed
is the server people run.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from types import TracebackType

import httpx
from sqlalchemy import make_url

LOOPBACK = "127.0.0.1"
START_TIMEOUT = 60.0
"""Seconds the server may take to answer its first request."""
STOP_TIMEOUT = 10.0
"""Seconds the server may take to stop after SIGINT before it is killed."""


def free_port() -> int:
    """A TCP port on the loopback interface that nothing listens on now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind((LOOPBACK, 0))
        return int(probe.getsockname()[1])


class ServerProcess:
    """``parlour serve`` on the database at ``database_url`` (any SQLAlchemy
    URL) at a free loopback port; its output goes to ``log``. Use as a
    context manager: the server is started and ready inside, and stopped
    (killed if need be) after.

    ``options`` are more options of ``parlour serve`` (``--max-connections``);
    ``before_start`` runs in the child before the server does (to lower its
    limits, say)."""

    def __init__(self, database_url: str, log: Path, computer_delay: float = 0.0,
                 options: Sequence[str] = (),
                 before_start: Callable[[], None] | None = None) -> None:
        self.database_url = database_url
        self.log = log
        self.computer_delay = computer_delay
        self.options = list(options)
        self.before_start = before_start
        self.port = free_port()
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        """The server's base URL (``http://127.0.0.1:PORT``)."""
        return f"http://{LOOPBACK}:{self.port}"

    @property
    def pid(self) -> int:
        """The server's process id."""
        assert self.process is not None, "the server is started"
        return self.process.pid

    @property
    def name(self) -> str:
        """The server's name in the database (``host:pid``, as
        ``parlour.server.cluster.default_process`` makes it): what
        ``cluster.owners`` says of the tables it owns."""
        return f"{socket.gethostname()}:{self.pid}"

    @property
    def is_running(self) -> bool:
        """Whether the server was started and has not exited."""
        return self.process is not None and self.process.poll() is None

    def start(self) -> None:
        """Start the server and wait until it answers (``START_TIMEOUT``)."""
        self.launch()
        self.wait_until_ready()

    def launch(self) -> None:
        """Start the server's process, without waiting for it to answer."""
        command = [
            sys.executable, "-m", "parlour", "serve", "--host", LOOPBACK,
            "--port", str(self.port), "--db", self.database_url,
            "--computer-delay", str(self.computer_delay), *self.options,
        ]
        with self.log.open("ab") as output:
            self.process = subprocess.Popen(command, stdout=output, stderr=subprocess.STDOUT,
                                            preexec_fn=self.before_start)

    def wait_until_ready(self) -> None:
        """Wait until the launched server answers (``START_TIMEOUT``); raise
        if it exits or stays silent (then it is stopped)."""
        assert self.process is not None, "the server is launched"
        deadline = time.monotonic() + START_TIMEOUT
        with httpx.Client(base_url=self.url, timeout=5.0, trust_env=False) as client:
            while True:
                if self.process.poll() is not None:
                    raise RuntimeError(
                        f"parlour serve exited with {self.process.returncode}:\n"
                        f"{self.log.read_text(errors='replace')[-2000:]}"
                    )
                try:
                    if client.get("/api/server").status_code == 200:
                        return
                except httpx.TransportError:
                    pass
                if time.monotonic() > deadline:
                    self.stop()
                    raise RuntimeError(f"parlour serve did not answer within {START_TIMEOUT} s")
                time.sleep(0.05)

    def kill(self) -> None:
        """SIGKILL: the server gets no chance to flush, close or clean up
        (nor to unlock anything in the database: its connections just end)."""
        assert self.process is not None
        if self.process.poll() is None:
            os.kill(self.process.pid, signal.SIGKILL)
        self.process.wait()

    def stop(self) -> None:
        """Stop the server as Ctrl-C does (SIGINT), or kill it after
        ``STOP_TIMEOUT`` seconds."""
        if self.is_running:
            self.interrupt()
            self.wait_or_kill()

    def interrupt(self) -> None:
        """Send SIGINT (Ctrl-C): the server begins to stop."""
        assert self.process is not None, "the server is started"
        self.process.send_signal(signal.SIGINT)

    def wait_or_kill(self) -> None:
        """Wait ``STOP_TIMEOUT`` seconds for the server to exit, then kill it."""
        assert self.process is not None, "the server is started"
        try:
            self.process.wait(timeout=STOP_TIMEOUT)
        except subprocess.TimeoutExpired:
            self.kill()

    def __enter__(self) -> ServerProcess:
        self.start()
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.stop()


def is_postgresql(database_url: str) -> bool:
    """Whether ``database_url`` (an SQLAlchemy URL) is a PostgreSQL database."""
    return make_url(database_url).get_backend_name() == "postgresql"


class ServerCluster:
    """``count`` ``parlour serve`` processes on the one PostgreSQL database
    at ``database_url``, each on a loopback port of its own, with no load
    balancer in front (a client chooses one: :attr:`servers`); server
    ``i``'s output goes to ``folder/server-<i>.log``. Every other argument
    is :class:`ServerProcess`'s, the same for each. Use as a context
    manager: every server is started and ready inside (they start at
    once, each waiting for the database's migration lock), and stopped
    after, the ones killed meanwhile included.

    A single server (``count`` 1) may be on any database; several must be
    on PostgreSQL, where they share the live tables (docs/cluster.md):
    processes on one SQLite file would each serve their own stale copy."""

    def __init__(self, database_url: str, folder: Path, count: int,
                 computer_delay: float = 0.0, options: Sequence[str] = ()) -> None:
        if count < 1:
            raise ValueError(f"a cluster has 1 server or more, not {count}")
        if count > 1 and not is_postgresql(database_url):
            backend = make_url(database_url).get_backend_name()
            raise ValueError(f"several server processes need a PostgreSQL database, "
                             f"not {backend}: on any other database parlour serves from one "
                             "process")
        self.servers: list[ServerProcess] = []
        ports: set[int] = set()
        for index in range(count):
            server = ServerProcess(database_url, folder / f"server-{index}.log",
                                   computer_delay, options)
            while server.port in ports:  # free_port may name a port twice
                server.port = free_port()
            ports.add(server.port)
            self.servers.append(server)

    @property
    def urls(self) -> list[str]:
        """Every server's base URL, in order."""
        return [server.url for server in self.servers]

    def start(self) -> None:
        """Start every server and wait until each answers; if one fails,
        stop them all and raise."""
        try:
            for server in self.servers:
                server.launch()
            for server in self.servers:
                server.wait_until_ready()
        except BaseException:
            self.stop()
            raise

    def stop(self) -> None:
        """Stop every server still running, all at once (SIGINT, then SIGKILL
        for one still running after ``STOP_TIMEOUT`` seconds)."""
        running = [server for server in self.servers if server.is_running]
        for server in running:
            server.interrupt()
        for server in running:
            server.wait_or_kill()

    def __enter__(self) -> ServerCluster:
        self.start()
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.stop()
