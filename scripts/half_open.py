"""Half-sent requests against a real ``parlour serve`` (issue 27, item 4).

Opens N connections that each send half a request and then nothing (a
slowloris), then measures what that costs the server and whether a person
can still use it: the server's open file descriptors (``/proc/<pid>/fd``),
how many of the N it answered at once (503) or could not accept, and a
person's ``GET /api/server`` (status and time), first while the N are held
and again after the request deadline has passed. Last, the size of the
server's log, its tracebacks and its lines about refused connections.

    python scripts/half_open.py --connections 19990
    python scripts/half_open.py --connections 5000 --server-open-files 4096 \
        --source /path/to/old/src

``--source`` runs the server from another checkout's ``src`` (to measure a
release before the transport limits); ``--serve-option`` passes an option
on to ``parlour serve`` (repeat it: ``--serve-option=--max-connections=500``);
``--server-open-files`` lowers the server's limit of open files (soft and
hard: the server cannot raise it), for a server that runs out before this
script does.
The figures go to docs/reliability.md with the command that made them.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import resource
import socket
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent))

from server_process import LOOPBACK, ServerProcess

HALF_SENT = b"GET /api/server HTTP/1.1\r\nHost: parlour\r\n"
CONNECT_TIMEOUT = 1.0
"""Seconds a connection may take to open (a server that stopped accepting
leaves new ones waiting in its backlog, then unanswered)."""
SETTLE = 1.0
"""Seconds the server is given to accept what was opened before it is measured."""
PERSON_TIMEOUT = 10.0
"""Seconds a person waits for the server before giving up."""


def open_files(pid: int) -> int:
    """The number of file descriptors process ``pid`` holds."""
    return len(os.listdir(f"/proc/{pid}/fd"))


def person_request(url: str) -> str:
    """A person's ``GET /api/server``: its status and time, or why it failed."""
    started = time.perf_counter()
    try:
        with httpx.Client(base_url=url, timeout=PERSON_TIMEOUT, trust_env=False) as client:
            status = client.get("/api/server").status_code
    except httpx.HTTPError as error:
        return f"failed after {time.perf_counter() - started:.1f} s ({type(error).__name__})"
    return f"{status} in {1000 * (time.perf_counter() - started):.0f} ms"


def hold(port: int, count: int) -> tuple[list[socket.socket], int, int]:
    """Open ``count`` half-sent requests; the sockets, how many the server
    answered 503 at once (within :data:`SETTLE`), and how many could not
    even be opened."""
    held: list[socket.socket] = []
    unopened = 0
    for _ in range(count):
        try:
            connection = socket.create_connection((LOOPBACK, port), timeout=CONNECT_TIMEOUT)
            connection.sendall(HALF_SENT)
        except OSError:
            unopened += 1
            continue
        held.append(connection)
    time.sleep(SETTLE)
    busy = 0
    for connection in held:
        connection.setblocking(False)
        with contextlib.suppress(BlockingIOError, ConnectionResetError):
            busy += connection.recv(64).startswith(b"HTTP/1.1 503")
    return held, busy, unopened


def limit_open_files(limit: int | None) -> Callable[[], None] | None:
    """What the server's child runs first: at most ``limit`` open files."""
    if limit is None:
        return None

    def apply() -> None:
        resource.setrlimit(resource.RLIMIT_NOFILE, (limit, limit))

    return apply


def measure(connections: int, source: Path | None, serve_options: list[str],
            wait: float, server_open_files: int | None) -> list[tuple[str, str]]:
    """Run the experiment; the figures as (what, value) rows."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    if source is not None:
        os.environ["PYTHONPATH"] = str(source)
    rows = [("half-sent requests", str(connections)),
            ("server options", " ".join(serve_options) or "(defaults)"),
            ("server's limit of open files", str(server_open_files or hard))]
    with tempfile.TemporaryDirectory() as folder:
        log = Path(folder) / "server.log"
        with ServerProcess(f"sqlite:///{Path(folder) / 'parlour.db'}", log, options=serve_options,
                           before_start=limit_open_files(server_open_files)) as server:
            rows.append(("open files of the idle server", str(open_files(server.pid))))
            started = time.perf_counter()
            held, busy, unopened = hold(server.port, connections)
            rows += [
                ("time to open them", f"{time.perf_counter() - started:.1f} s"),
                ("answered 503 at once", str(busy)),
                ("could not be opened", str(unopened)),
                ("open files of the server while held", str(open_files(server.pid))),
                ("a person's request while held", person_request(server.url)),
            ]
            time.sleep(wait)
            rows += [
                (f"open files {wait:g} s later", str(open_files(server.pid))),
                (f"a person's request {wait:g} s later", person_request(server.url)),
            ]
            for connection in held:
                connection.close()
        text = log.read_text(errors="replace")
        rows += [
            ("server log", f"{len(text.encode()) / 1024:.0f} KiB"),
            ("tracebacks in it", str(text.count("Traceback"))),
            ("lines about refused connections", str(text.count("refused a connection"))),
            ("lines about requests that timed out", str(text.count("did not arrive"))),
            ("lines telling how many were left out", str(text.count("more such lines left out"))),
        ]
    resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))
    return rows


def main() -> None:
    """Parse the options, run the measurement, print a Markdown table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--connections", type=int, default=19990,
                        help="half-sent requests to hold (default 19990)")
    parser.add_argument("--source", type=Path, default=None,
                        help="the src folder of the parlour to serve (default: this one)")
    parser.add_argument("--serve-option", action="append", default=[],
                        help="an option of parlour serve, "
                             "e.g. --serve-option=--max-connections=500")
    parser.add_argument("--wait", type=float, default=12.0,
                        help="seconds to wait before measuring again (default 12: past "
                             "the default request deadline of 10 s)")
    parser.add_argument("--server-open-files", type=int, default=None,
                        help="the server's limit of open files, soft and hard (default: "
                             "this process's hard limit)")
    arguments = parser.parse_args()
    rows = measure(arguments.connections, arguments.source, arguments.serve_option,
                   arguments.wait, arguments.server_open_files)
    print("| what | figure |\n| --- | --- |")
    for what, value in rows:
        print(f"| {what} | {value} |")


if __name__ == "__main__":
    main()
