"""What the workers of the supervisor's tests (``test_workers.py``) do: each
runs in a process of its own (``multiprocessing``'s spawn imports this
module by name: ``conftest.py`` puts this folder on ``sys.path``), and says
what happened to it in files of ``folder``: ``<pid>.started`` once it runs,
``<pid>.signals`` the signals it received, one name a line."""

from __future__ import annotations

import os
import signal
import sys
import time
from pathlib import Path
from types import FrameType

LIFETIME = 60.0
"""Seconds a waiting worker lives at most: a test that failed leaves no
process behind for long."""


def started(folder: Path) -> set[int]:
    """The pids of the workers that have started."""
    return {int(path.stem) for path in folder.glob("*.started")}


def signals(folder: Path, pid: int) -> list[str]:
    """The signals that worker ``pid`` received, in order."""
    path = folder / f"{pid}.signals"
    return path.read_text().split() if path.exists() else []


def exit_at_once(status: int) -> None:
    """A worker that exits with ``status`` as soon as it starts."""
    sys.exit(status)


def wait_for_signals(folder: str, signals_to_live: int) -> None:
    """A worker that writes each signal it gets (SIGINT, SIGTERM) and
    exits with status 0 on the ``signals_to_live``-th."""
    pid = os.getpid()
    record = Path(folder) / f"{pid}.signals"
    received: list[str] = []

    def on_signal(number: int, _frame: FrameType | None) -> None:
        received.append(signal.Signals(number).name)
        with record.open("a") as stream:
            stream.write(received[-1] + "\n")
        if len(received) == signals_to_live:
            sys.exit(0)

    for number in (signal.SIGINT, signal.SIGTERM):
        signal.signal(number, on_signal)
    (Path(folder) / f"{pid}.started").touch()
    deadline = time.monotonic() + LIFETIME
    while time.monotonic() < deadline:
        time.sleep(0.05)
    sys.exit(1)
