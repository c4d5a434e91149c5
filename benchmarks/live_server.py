"""A real ``parlour serve`` in a child process, for the web benchmark, the
browser tests and the screenshot script.

The server runs in its own process (its own interpreter lock), so a client
measuring or driving it from this process does not slow it down.

    with live_server(tmp_folder, computer_delay=0.05) as base_url:
        ...  # http://127.0.0.1:PORT
"""

from __future__ import annotations

import json
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

START_TIMEOUT = 30.0
"""Seconds a server may take to answer its first request."""

STOP_TIMEOUT = 10.0
"""Seconds a server may take to stop after SIGTERM before it is killed."""


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on right now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@contextmanager
def live_server(
    folder: Path, computer_delay: float, options: Sequence[str] = ()
) -> Iterator[str]:
    """Run ``parlour serve`` on a fresh SQLite file in ``folder``, with any
    further command-line ``options`` (limits); yields its base URL.

    The server's output goes to ``folder/server.log``, whose end is shown if
    the server dies before it answers. It is stopped (SIGTERM, then killed)
    on leaving.
    """
    port = free_port()
    database = folder / "parlour.db"
    log_path = folder / "server.log"
    command = [
        sys.executable, "-m", "parlour", "serve", "--port", str(port),
        "--db", f"sqlite:///{database}", "--computer-delay", str(computer_delay), *options,
    ]
    base_url = f"http://127.0.0.1:{port}"
    with log_path.open("w") as log, subprocess.Popen(
        command, stdout=log, stderr=subprocess.STDOUT
    ) as process:
        try:
            _wait_until_serving(process, base_url, log_path)
            yield base_url
        finally:
            process.terminate()
            try:
                process.wait(STOP_TIMEOUT)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()


def _wait_until_serving(process: subprocess.Popen[bytes], base_url: str, log_path: Path) -> None:
    deadline = time.monotonic() + START_TIMEOUT
    while True:
        if process.poll() is not None:
            raise RuntimeError(f"parlour serve exited with {process.returncode}:\n"
                               f"{log_path.read_text()[-2000:]}")
        try:
            get_json(base_url, "/api/games")
            return
        except (urllib.error.URLError, ConnectionError):
            if time.monotonic() > deadline:
                raise RuntimeError(f"parlour serve did not answer within {START_TIMEOUT:g} s:\n"
                                   f"{log_path.read_text()[-2000:]}") from None
            time.sleep(0.05)


def get_json(base_url: str, path: str) -> Any:
    """``GET base_url + path`` decoded from JSON (raises on any error status)."""
    with urllib.request.urlopen(base_url + path, timeout=10) as response:
        return json.load(response)


def post_json(base_url: str, path: str, body: object) -> Any:
    """``POST`` ``body`` as JSON; the decoded reply (raises on any error status)."""
    request = urllib.request.Request(
        base_url + path, data=json.dumps(body).encode(), method="POST",
        headers={"Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.load(response)
