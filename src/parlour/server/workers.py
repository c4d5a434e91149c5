"""``parlour serve --workers N`` (docs/web.md, "Several processes"): N server
processes on one machine serving one host and port, each an ordinary server
of its own on the same PostgreSQL database, exactly as N machines would be
(docs/cluster.md): no sticky sessions and no proxy of parlour's own.

The process that runs ``parlour serve`` becomes the :class:`Supervisor`: it
serves nothing itself but starts N worker processes (fresh interpreters:
``multiprocessing``'s *spawn*). Each worker builds its own app and serves
it with :func:`parlour.server.serve` on a listening socket of its own bound
with ``SO_REUSEPORT`` (:func:`parlour.server.transport.shared_socket`): the
kernel spreads the new connections among the workers. Each keeps the
request deadline, the connection cap (its own) and the token-free log, and
its log lines start ``worker <pid>:``.

The supervisor

- stops the workers when it is told to stop (SIGINT, as Ctrl-C sends, or
  SIGTERM): it sends each SIGTERM, which ends a worker as Ctrl-C ends a
  single ``parlour serve`` (the open connections closed, the tables
  stopped, the database closed), and waits for them all; a second signal
  sends them SIGINT, which cuts their shutdown short, as a second Ctrl-C
  does;
- starts a new worker in place of one that exits while it is not stopping
  (its way of ending logged), unless more than :data:`RESTARTS` have
  exited within :data:`RESTART_WINDOW` seconds: then a worker cannot live
  (say, the database is gone), and the supervisor stops the others and
  exits with :data:`GAVE_UP`, rather than start crashing workers forever.

A worker whose supervisor is gone (killed with SIGKILL) stops by itself
within :data:`ORPHAN_CHECK` seconds.
"""

from __future__ import annotations

import collections
import contextlib
import dataclasses
import functools
import logging
import multiprocessing
import multiprocessing.connection
import os
import signal
import sys
import threading
import time
from collections.abc import Callable
from types import FrameType
from typing import TYPE_CHECKING, Any

from uvicorn.config import STARTUP_FAILURE
from uvicorn.logging import DefaultFormatter

from parlour.server.transport import TransportSettings, cannot_listen, shared_socket

if TYPE_CHECKING:
    from multiprocessing.process import BaseProcess

RESTARTS = 5
"""Workers that may exit unexpectedly within :data:`RESTART_WINDOW`
seconds, each started again; one more and the supervisor gives up."""

RESTART_WINDOW = 60.0
"""Seconds over which the workers' unexpected exits are counted."""

GAVE_UP = 1
"""The supervisor's exit status when its workers keep exiting."""

ORPHAN_CHECK = 1.0
"""Seconds between a worker's looks at whether its supervisor still lives."""

STOP_SIGNALS = (signal.SIGINT, signal.SIGTERM)
"""The signals that stop the supervisor and its workers."""

logger = logging.getLogger("parlour.server.workers")

Clock = Callable[[], float]


def ending(exitcode: int) -> str:
    """How a process with this ``exitcode`` ended, in words.

    >>> ending(3), ending(-9)
    ('exited with status 3', 'was killed by SIGKILL')
    """
    if exitcode < 0:
        try:
            return f"was killed by {signal.Signals(-exitcode).name}"
        except ValueError:
            return f"was killed by signal {-exitcode}"
    return f"exited with status {exitcode}"


class Supervisor:
    """``count`` worker processes each running ``work`` (a function that
    can be pickled: it runs in a fresh interpreter), kept running until a
    SIGINT or SIGTERM (module docstring). ``restarts`` and ``window``
    bound the unexpected exits (:data:`RESTARTS`, :data:`RESTART_WINDOW`);
    ``clock`` measures the window."""

    def __init__(self, count: int, work: Callable[[], object], *,
                 restarts: int = RESTARTS, window: float = RESTART_WINDOW,
                 clock: Clock = time.monotonic) -> None:
        if count < 1:
            raise ValueError(f"a supervisor needs 1 worker or more, not {count}")
        self.count = count
        self.work = work
        self.restarts = restarts
        self.window = window
        self.clock = clock
        self.stops = 0
        """The stop signals received (or given by the supervisor itself)."""
        self._context = multiprocessing.get_context("spawn")
        self._workers: list[BaseProcess] = []
        self._exits: collections.deque[float] = collections.deque()

    def pids(self) -> list[int]:
        """The process ids of the workers started and not yet reaped."""
        return [worker.pid for worker in self._workers if worker.pid is not None]

    def run(self) -> int:
        """Start the workers and keep them running until told to stop, then
        wait for them all; the exit status: 0, or :data:`GAVE_UP`. The
        handlers of SIGINT and SIGTERM are the supervisor's meanwhile (it
        must run in the main thread)."""
        previous = {number: signal.signal(number, self._on_signal) for number in STOP_SIGNALS}
        try:
            for _ in range(self.count):
                if self.stops:
                    break
                self._start()
            return self._supervise()
        finally:
            for number, handler in previous.items():
                signal.signal(number, handler)

    def _supervise(self) -> int:
        status = 0
        while self._workers:
            sentinels = {worker.sentinel: worker for worker in self._workers}
            for ready in multiprocessing.connection.wait(list(sentinels)):
                assert isinstance(ready, int), "a process's sentinel is a descriptor"
                worker = sentinels[ready]
                worker.join()
                self._workers.remove(worker)
                exitcode = worker.exitcode
                assert exitcode is not None, "a joined process has its exit code"
                if self.stops:
                    if exitcode in (0, -signal.SIGTERM, -signal.SIGINT):
                        logger.info("worker %s stopped", worker.pid)
                    else:
                        logger.warning("worker %s %s while stopping", worker.pid,
                                       ending(exitcode))
                elif self._too_many_exits():
                    logger.error("worker %s %s: %d workers exited within %g s, more than %d: "
                                 "stopping the others", worker.pid, ending(exitcode),
                                 len(self._exits), self.window, self.restarts)
                    status = GAVE_UP
                    self._stop(signal.SIGTERM)
                else:
                    logger.warning("worker %s %s: starting another", worker.pid,
                                   ending(exitcode))
                    self._start()
        return status

    def _start(self) -> None:
        worker = self._context.Process(target=self.work, name="parlour worker")
        worker.start()
        self._workers.append(worker)
        logger.info("started worker %s", worker.pid)
        if self.stops:  # a stop signal came while it was being started
            _signal(worker, signal.SIGTERM)

    def _too_many_exits(self) -> bool:
        now = self.clock()
        self._exits.append(now)
        while self._exits and self._exits[0] <= now - self.window:
            self._exits.popleft()
        return len(self._exits) > self.restarts

    def _on_signal(self, number: int, _frame: FrameType | None) -> None:
        if not self.stops:
            logger.info("%s: stopping %d workers", signal.Signals(number).name,
                        len(self._workers))
        self._stop(signal.SIGTERM if not self.stops else signal.SIGINT)

    def _stop(self, number: signal.Signals) -> None:
        self.stops += 1
        for worker in list(self._workers):
            _signal(worker, number)


def _signal(worker: BaseProcess, number: signal.Signals) -> None:
    if worker.pid is not None:
        with contextlib.suppress(ProcessLookupError):  # it has just ended
            os.kill(worker.pid, number)


def stop_when_orphaned(supervisor: int, every: float = ORPHAN_CHECK) -> None:
    """Send this process SIGTERM once its parent is no longer the process
    ``supervisor`` (it is gone, or was gone before this worker looked),
    looking every ``every`` seconds in a thread of its own."""
    def watch() -> None:
        while os.getppid() == supervisor:
            time.sleep(every)
        logging.getLogger("uvicorn.error").warning(
            "the supervisor %d is gone: stopping", supervisor)
        os.kill(os.getpid(), signal.SIGTERM)

    threading.Thread(target=watch, name="parlour orphan check", daemon=True).start()


def serve_worker(make_app: Callable[[], Any], host: str, port: int,
                 settings: TransportSettings, supervisor: int) -> None:
    """One worker's life: build the app and serve it on the shared port
    until SIGTERM (or until the process ``supervisor`` is gone)."""
    # Ctrl-C reaches every process of the terminal: the supervisor says
    # when its workers stop (uvicorn's handlers take it once it serves)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    stop_when_orphaned(supervisor)
    from parlour.server import serve

    serve(make_app(), host, port, dataclasses.replace(settings, worker=True))


def serve_workers(count: int, make_app: Callable[[], Any], host: str, port: int,
                  settings: TransportSettings) -> int:
    """Serve at ``host``:``port`` from ``count`` workers each serving the app
    that ``make_app`` (a function that can be pickled) builds, until told
    to stop; the exit status. A port that cannot be shared is said at
    once, before any worker starts (status :data:`STARTUP_FAILURE`)."""
    _log_to_standard_error()
    try:
        shared_socket(host, port).close()
    except OSError as error:
        logger.error(cannot_listen(host, port, error))
        return STARTUP_FAILURE
    work = functools.partial(serve_worker, make_app, host, port, settings, os.getpid())
    return Supervisor(count, work).run()


def _log_to_standard_error() -> None:
    """The supervisor's log lines on standard error, as uvicorn writes its
    own (``INFO:     supervisor 4242: started worker 4243``)."""
    if logger.handlers:
        return
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(DefaultFormatter("%(levelprefix)s supervisor %(process)d: %(message)s"))
    logger.addHandler(handler)
    logger.setLevel(logging.INFO)
    logger.propagate = False
