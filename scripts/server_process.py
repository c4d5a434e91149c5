"""A ``parlour serve`` of its own, as a child process on a loopback port, for
the load script (``scripts/load.py``) and the crash test
(``tests/server/test_crash.py``).

The child is the real command line (``python -m parlour serve``) on an
SQLite file, so what is measured or killed is the server people run.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from types import TracebackType

import httpx

LOOPBACK = "127.0.0.1"
START_TIMEOUT = 60.0
"""Seconds the server may take to answer its first request."""


def free_port() -> int:
    """A TCP port on the loopback interface that nothing listens on now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind((LOOPBACK, 0))
        return int(probe.getsockname()[1])


class ServerProcess:
    """``parlour serve`` on ``database`` (an SQLite file) at a free loopback
    port, with any further command-line ``options`` (limits); its output
    goes to ``log``. Use as a context manager: the server is started and
    ready inside, and stopped (killed if need be) after."""

    def __init__(
        self, database: Path, log: Path, computer_delay: float = 0.0,
        options: Sequence[str] = (),
    ) -> None:
        self.database = database
        self.log = log
        self.computer_delay = computer_delay
        self.options = list(options)
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

    def start(self) -> None:
        """Start the server and wait until it answers (``START_TIMEOUT``)."""
        command = [
            sys.executable, "-m", "parlour", "serve", "--host", LOOPBACK,
            "--port", str(self.port), "--db", f"sqlite:///{self.database}",
            "--computer-delay", str(self.computer_delay), *self.options,
        ]
        with self.log.open("ab") as output:
            self.process = subprocess.Popen(command, stdout=output, stderr=subprocess.STDOUT)
        self._wait_until_ready()

    def _wait_until_ready(self) -> None:
        assert self.process is not None
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
        """SIGKILL: the server gets no chance to flush, close or clean up."""
        assert self.process is not None
        os.kill(self.process.pid, signal.SIGKILL)
        self.process.wait()

    def stop(self) -> None:
        """Stop the server as Ctrl-C does (SIGINT), or kill it after 10 s."""
        if self.process is None or self.process.poll() is not None:
            return
        self.process.send_signal(signal.SIGINT)
        try:
            self.process.wait(timeout=10)
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
