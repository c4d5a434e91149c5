"""The HTTP transport of ``parlour serve`` (docs/web.md, "Running it in public").

uvicorn alone lets a client hold a connection without end by sending half a
request, accepts connections until the process runs out of file
descriptors (then logs a traceback for every accept that fails), and writes
every URL it serves, tokens included, to its log. This module runs the app
on uvicorn with:

- a deadline for every request (:attr:`TransportSettings.request_timeout`):
  a request whose head or body does not arrive in time is answered 408 and
  its connection closed;
- a cap on open connections (:attr:`TransportSettings.max_connections`,
  kept below the descriptor limit, which is raised to its hard limit at
  start): a connection beyond it is answered 503 the moment it is accepted
  and closed (after at most :data:`LINGER_SECONDS`), so it holds no
  descriptor for long;
- one log line per refused connection, per request cut off by its deadline
  and per failed accept, never a traceback, at most :data:`LOG_BURST` at once and
  :data:`LOG_RATE` a second (the lines left out are counted in the next);
- :class:`RedactTokens` on uvicorn's loggers: ``token=``, ``code=``,
  ``key=`` and ``parlour_player=`` in a logged URL show as ``token=…``;
- for a worker of ``parlour serve --workers N``, a listening socket that
  shares the port with the other workers' (``SO_REUSEPORT``) and the
  worker's pid on every log line; in cluster mode, the process's name on
  every response (:data:`PROCESS_HEADER`).
"""

from __future__ import annotations

import asyncio
import contextlib
import copy
import logging
import re
import socket
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar
from urllib.parse import unquote_plus

import h11
import uvicorn
from uvicorn.config import STARTUP_FAILURE
from uvicorn.protocols.http.h11_impl import H11Protocol

from parlour.server.security import TokenBucket

DEFAULT_REQUEST_TIMEOUT = 10.0
"""Seconds a client has to send a whole request (head and body), counted
from the connection or from the first byte of a request that follows
another on the same connection."""

DEFAULT_MAX_CONNECTIONS = 1000
"""Open connections (requests being read or answered, idle keep-alive
connections and live sockets) beyond which a new one is refused."""

DESCRIPTOR_RESERVE = 100
"""File descriptors kept out of the connection cap for everything else the
process opens: the database, the log, the listening socket, the event loop,
and up to :data:`MAX_LINGERING` refused connections being closed."""

MAX_LINGERING = 50
"""Refused connections that may linger at once (see :data:`LINGER_SECONDS`);
beyond them a refused connection is closed at once, its client may then see
its 503 cut off by a reset."""

LINGER_SECONDS = 2.0
"""Seconds a refused connection stays half open after its 503, reading and
dropping what the client still sends, until the client closes it: closing a
socket with unread data sends a reset, which can destroy the 503 before the
client reads it."""

KEEP_ALIVE_TIMEOUT = 5
"""Seconds an idle keep-alive connection stays open (uvicorn's default)."""

LOG_BURST = 20
"""Transport log lines (refusals, timeouts, failed accepts) written at once."""

LOG_RATE = 1.0
"""Transport log lines a second once a burst is spent."""

SECRET_PARAMETERS = frozenset({"token", "code", "key", "parlour_player"})
"""Query parameters whose values are secrets: seat, host and player tokens,
a party's join code, and a player's key (a device link's ``code`` and
``key``, which live in its fragment and reach no log, and the name of the
player's cookie ``parlour_player``, should a client put either in a URL)."""

BUSY_BODY = b"The server is busy: too many open connections. Try again in a moment.\n"
BUSY_RESPONSE = (
    b"HTTP/1.1 503 Service Unavailable\r\n"
    b"Content-Type: text/plain; charset=utf-8\r\n"
    b"Content-Length: " + str(len(BUSY_BODY)).encode("ascii") + b"\r\n"
    b"Retry-After: 5\r\n"
    b"Connection: close\r\n\r\n" + BUSY_BODY
)
"""The answer to a connection beyond the cap, written as soon as it is accepted."""

TIMEOUT_BODY = b"The request did not arrive in time.\n"
TIMEOUT_RESPONSE = (
    b"HTTP/1.1 408 Request Timeout\r\n"
    b"Content-Type: text/plain; charset=utf-8\r\n"
    b"Content-Length: " + str(len(TIMEOUT_BODY)).encode("ascii") + b"\r\n"
    b"Connection: close\r\n\r\n" + TIMEOUT_BODY
)
"""The answer to a connection whose request did not arrive in time."""

PROCESS_HEADER = "X-Parlour-Process"
"""The response header that names the process that answered, ``host:pid``
(:func:`parlour.server.cluster.default_process`), in cluster mode."""

ACCEPT_FAILURE = "socket.accept() out of system resource"
"""asyncio's message when it cannot accept a connection (no descriptor left)."""

_QUERY_PARAMETER = re.compile(r"(?<=[?&;])([^=&;\s\"#]*)=([^&;\s\"#]*)")

Clock = Callable[[], float]


@dataclass(frozen=True, slots=True)
class TransportSettings:
    """How ``parlour serve`` guards its connections (its command-line options)."""

    request_timeout: float = DEFAULT_REQUEST_TIMEOUT
    """Seconds a client has for a whole request (:data:`DEFAULT_REQUEST_TIMEOUT`)."""
    max_connections: int = DEFAULT_MAX_CONNECTIONS
    """Open connections at most (lowered by :func:`connection_cap` to fit the
    limit of open files)."""
    forwarded_allow_ips: str = "127.0.0.1,::1"
    """Addresses of reverse proxies whose ``X-Forwarded-For`` and
    ``X-Forwarded-Proto`` headers are believed (``*``: any)."""
    process_header: bool = False
    """Whether every response names the process that made it
    (:data:`PROCESS_HEADER`): in cluster mode, where several processes
    serve one site (docs/cluster.md)."""
    worker: bool = False
    """Whether this process is one of the workers of ``parlour serve
    --workers N`` (:mod:`parlour.server.workers`): its listening socket
    shares the port with theirs (:func:`shared_socket`) and its log lines
    name it (:func:`worker_log_config`)."""


def redact(text: str) -> str:
    """``text`` with the value of every secret query parameter hidden.

    >>> redact('GET /api/tables/1/view?token=abc&x=1 HTTP/1.1')
    'GET /api/tables/1/view?token=…&x=1 HTTP/1.1'
    >>> redact('WebSocket /ws/events/3?tok%65n=abc')
    'WebSocket /ws/events/3?tok%65n=…'
    """
    def hide(match: re.Match[str]) -> str:
        name = match.group(1)
        return f"{name}=…" if unquote_plus(name) in SECRET_PARAMETERS else match.group(0)

    return _QUERY_PARAMETER.sub(hide, text)


class RedactTokens(logging.Filter):
    """A logging filter that :func:`redact`\\ s a record's message and its
    text arguments (uvicorn's access lines pass the URL as an argument)."""

    def filter(self, record: logging.LogRecord) -> bool:
        """Redact ``record`` in place; every record is kept."""
        if isinstance(record.msg, str):
            record.msg = redact(record.msg)
        if isinstance(record.args, tuple):
            record.args = tuple(
                redact(argument) if isinstance(argument, str) else argument
                for argument in record.args
            )
        return True


REDACTED_LOGGERS = ("uvicorn.access", "uvicorn.error")
"""The loggers whose lines hold URLs: the access log and the WebSocket lines."""


def install_redaction() -> None:
    """Put :class:`RedactTokens` on :data:`REDACTED_LOGGERS` (once)."""
    for name in REDACTED_LOGGERS:
        logger = logging.getLogger(name)
        if not any(isinstance(existing, RedactTokens) for existing in logger.filters):
            logger.addFilter(RedactTokens())


class RateLimitedLog:
    """Warnings on ``logger``, at most ``burst`` at once and ``rate`` a second;
    the lines left out are counted in the next line written."""

    def __init__(self, logger: logging.Logger, burst: int = LOG_BURST,
                 rate: float = LOG_RATE, clock: Clock = time.monotonic) -> None:
        self.logger = logger
        self.bucket = TokenBucket(burst, rate, clock)
        self.left_out = 0

    def warning(self, message: str) -> None:
        """Log ``message`` (one line) unless the rate is spent."""
        if not self.bucket.take():
            self.left_out += 1
            return
        if self.left_out:
            message = f"{message} ({self.left_out} more such lines left out)"
            self.left_out = 0
        self.logger.warning(message)


def raise_descriptor_limit() -> int | None:
    """Raise the soft limit of open files to the hard limit; returns the
    limit now in force (``None`` where the platform has none to read)."""
    if sys.platform == "win32":
        return None
    import resource

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard != resource.RLIM_INFINITY and soft != hard:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
            soft = hard
        except (ValueError, OSError):
            pass
    return None if soft == resource.RLIM_INFINITY else soft


def connection_cap(requested: int, descriptors: int | None) -> int:
    """The connection cap in force: ``requested``, lowered to leave
    :data:`DESCRIPTOR_RESERVE` of ``descriptors`` free (at least 1).

    >>> connection_cap(1000, 1024), connection_cap(1000, 65536), connection_cap(50, None)
    (924, 1000, 50)
    """
    if descriptors is None:
        return requested
    return max(1, min(requested, descriptors - DESCRIPTOR_RESERVE))


def _peer(transport: asyncio.BaseTransport) -> str:
    peer = transport.get_extra_info("peername")
    if isinstance(peer, tuple) and len(peer) >= 2:
        return f"{peer[0]}:{peer[1]}"
    return "a client"


class GuardedH11Protocol(H11Protocol):
    """uvicorn's h11 protocol with the cap and the request deadline of
    :class:`TransportSettings` (make one for a server with :func:`guarded_protocol`)."""

    max_connections: ClassVar[int] = DEFAULT_MAX_CONNECTIONS
    request_timeout: ClassVar[float] = DEFAULT_REQUEST_TIMEOUT
    log: ClassVar[RateLimitedLog]
    lingering: ClassVar[set[GuardedH11Protocol]]
    """The server's refused connections that are not closed yet."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.refused = False
        self.upgraded = False
        self.has_sent = False
        self.deadline: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        """Refuse the connection at once beyond the cap; else serve it and
        start its request deadline."""
        assert isinstance(transport, asyncio.Transport)
        if len(self.server_state.connections) >= self.max_connections:
            self._refuse(transport)
            return
        super().connection_made(transport)
        self._start_deadline()

    def _refuse(self, transport: asyncio.Transport) -> None:
        """Answer 503 and close: at once under a flood of refusals, else
        once the client has read the answer and closed (or after
        :data:`LINGER_SECONDS`), so that its unread request causes no reset."""
        self.refused = True
        transport.write(BUSY_RESPONSE)
        if len(self.lingering) >= MAX_LINGERING:
            transport.close()
        else:
            transport.write_eof()
            self.lingering.add(self)
            self.deadline = self.loop.call_later(LINGER_SECONDS, transport.close)
        self.log.warning(
            f"refused a connection from {_peer(transport)}: {self.max_connections} "
            "connections are open, the most allowed (--max-connections)")

    def connection_lost(self, exc: Exception | None) -> None:
        """Forget the connection (a refused one was never counted)."""
        self._stop_deadline()
        if self.refused:
            self.lingering.discard(self)
            return
        super().connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        """Read ``data``; the deadline runs while a request is incomplete.
        A refused connection's data is dropped."""
        if self.refused:
            return
        self.has_sent = True
        super().data_received(data)
        if self.upgraded or self.transport.is_closing():
            self._stop_deadline()
        elif self.conn.their_state in (h11.IDLE, h11.SEND_BODY):
            self._start_deadline()
        else:
            self._stop_deadline()

    def handle_websocket_upgrade(self, event: h11.Request) -> None:
        """Hand the connection to the socket protocol, without a deadline."""
        self.upgraded = True
        self._stop_deadline()
        super().handle_websocket_upgrade(event)

    def _start_deadline(self) -> None:
        if self.deadline is None:
            self.deadline = self.loop.call_later(self.request_timeout, self._time_out)

    def _stop_deadline(self) -> None:
        if self.deadline is not None:
            self.deadline.cancel()
            self.deadline = None

    def _time_out(self) -> None:
        self.deadline = None
        if self.transport.is_closing():
            return
        cycle = self.cycle
        if cycle is None or cycle.response_complete or not cycle.response_started:
            # the app's answer, if any comes, is dropped: the cycle learns of
            # the disconnection from connection_lost
            self.transport.write(TIMEOUT_RESPONSE)
        self.transport.close()
        # a connection that never sent a byte is most often a browser's
        # speculative one, left unused: not worth a line
        if self.has_sent:
            self.log.warning(
                f"closed the connection from {_peer(self.transport)}: its request did not "
                f"arrive within {self.request_timeout:g} s (--request-timeout)")


def guarded_protocol(max_connections: int, request_timeout: float,
                     log: RateLimitedLog) -> type[GuardedH11Protocol]:
    """A :class:`GuardedH11Protocol` class with these limits, for one server."""
    return type("ParlourH11Protocol", (GuardedH11Protocol,), {
        "max_connections": max_connections, "request_timeout": request_timeout, "log": log,
        "lingering": set(),
    })


def accept_failure_handler(
    log: RateLimitedLog,
) -> Callable[[asyncio.AbstractEventLoop, dict[str, Any]], None]:
    """An event-loop exception handler that reports a failed accept (no
    descriptor left: asyncio retries a second later) as one rate-limited
    line instead of a traceback, and leaves every other error to asyncio."""
    def handle(loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        if context.get("message") != ACCEPT_FAILURE:
            loop.default_exception_handler(context)
            return
        error = context.get("exception")
        reason = error.strerror if isinstance(error, OSError) and error.strerror else str(error)
        log.warning(f"cannot accept a connection: {reason}; trying again in a second")

    return handle


class _Server(uvicorn.Server):
    """uvicorn's server with :func:`accept_failure_handler` on its loop."""

    def __init__(self, config: uvicorn.Config, log: RateLimitedLog) -> None:
        super().__init__(config)
        self.transport_log = log

    async def serve(self, sockets: list[socket.socket] | None = None) -> None:
        """Serve on the running loop, with the accept-failure handler installed."""
        asyncio.get_running_loop().set_exception_handler(
            accept_failure_handler(self.transport_log))
        await super().serve(sockets)


SHARED_BACKLOG = 2048
"""The listening backlog of a worker's socket (uvicorn's own default)."""


def shared_socket(host: str, port: int) -> socket.socket:
    """A TCP socket bound to ``host``:``port`` with ``SO_REUSEPORT``, so that
    the other workers' sockets bind there too and the kernel spreads the
    new connections among those that listen; :class:`OSError` when the
    port is taken by a socket that does not share it."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    shared = socket.socket(family, socket.SOCK_STREAM)
    try:
        shared.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        shared.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
        shared.bind((host, port))
        # listening at once: a socket of the group that is bound but not yet
        # listening (its worker starting) had the kernel refuse some of the
        # new connections; listening, it holds them until its worker serves
        shared.listen(SHARED_BACKLOG)
    except BaseException:
        shared.close()
        raise
    return shared


def cannot_listen(host: str, port: int, error: OSError) -> str:
    """The log line of a port that :func:`shared_socket` could not bind.

    >>> cannot_listen("::1", 8000, OSError(98, "Address already in use"))
    'cannot listen at [::1]:8000: Address already in use'
    """
    where = f"[{host}]" if ":" in host else host
    return f"cannot listen at {where}:{port}: {error.strerror or error}"


def worker_log_config() -> dict[str, Any]:
    """uvicorn's logging with the process id on every line (``worker 4242:
    ...``), parlour's own warnings included, for the workers of ``parlour
    serve --workers N``."""
    config = copy.deepcopy(uvicorn.config.LOGGING_CONFIG)
    for formatter in config["formatters"].values():
        formatter["fmt"] = formatter["fmt"].replace(
            "%(levelprefix)s ", "%(levelprefix)s worker %(process)d: ", 1)
    config["loggers"]["parlour"] = {"handlers": ["default"], "level": "WARNING",
                                    "propagate": False}
    return config


def run(app: Any, host: str, port: int, settings: TransportSettings,
        ws_max_size: int) -> None:
    """Serve ``app`` at ``host``:``port`` with ``settings`` until interrupted."""
    descriptors = raise_descriptor_limit()
    cap = connection_cap(settings.max_connections, descriptors)
    log = RateLimitedLog(logging.getLogger("uvicorn.error"))
    more: dict[str, Any] = {}
    if settings.worker:
        more["log_config"] = worker_log_config()
    if settings.process_header:
        from parlour.server.cluster import default_process

        more["headers"] = [(PROCESS_HEADER, default_process())]
    config = uvicorn.Config(
        app, host=host, port=port, ws_max_size=ws_max_size,
        http=guarded_protocol(cap, settings.request_timeout, log),
        timeout_keep_alive=KEEP_ALIVE_TIMEOUT, proxy_headers=True,
        forwarded_allow_ips=settings.forwarded_allow_ips, **more,
    )
    install_redaction()
    if cap < settings.max_connections:
        logging.getLogger("uvicorn.error").warning(
            f"--max-connections {settings.max_connections} is more than {descriptors} "
            f"open files allow: at most {cap} connections will be open at once")
    sockets = None
    if settings.worker:
        try:
            sockets = [shared_socket(host, port)]
        except OSError as error:
            logging.getLogger("uvicorn.error").error(cannot_listen(host, port, error))
            sys.exit(STARTUP_FAILURE)
    config.load_app()
    server = _Server(config, log)
    with contextlib.suppress(KeyboardInterrupt):
        server.run(sockets)
    if not server.started:
        sys.exit(STARTUP_FAILURE)
