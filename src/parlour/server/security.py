"""The web app's limits and security headers (docs/web.md, "Limits and security").

- Request bodies and socket messages are at most :data:`MAX_BODY_BYTES` and
  :data:`MAX_MESSAGE_BYTES`: a body over the limit is refused with 413, a
  socket message over it with a 413 error and the close code 4413.
- Every socket has a :class:`TokenBucket` of :data:`SOCKET_BURST` messages
  refilled at :data:`SOCKET_RATE` a second: a message beyond it is refused
  with 429; :data:`SOCKET_FLOOD_REFUSALS` refusals in a row close the
  socket with 4429.
- Every HTTP response carries :data:`SECURITY_HEADERS`
  (:class:`SecurityHeaders`, an ASGI middleware).
- A request that changes something (any method but GET, HEAD and OPTIONS)
  and every socket handshake sent by a page of another site (an ``Origin``
  that is neither the server's own nor allowed) is refused with 403, a
  socket with the close code 4403 (:class:`OriginGuard`).
- :class:`Limits`: how many live tables and parties, and how many of them
  played by computers only, one client address and the whole server may
  have; the pace of computer-only tables; when an abandoned table is
  archived.
- A socket whose client does not take a message within
  :data:`SOCKET_SEND_TIMEOUT` seconds is closed with 4408.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from urllib.parse import urlsplit

from starlette.datastructures import Headers, MutableHeaders
from starlette.types import ASGIApp, Message, Receive, Scope, Send

MAX_BODY_BYTES = 64 * 1024
"""Largest request body the JSON API reads (the biggest real one, a table
of 26 seats, is under 2 KiB)."""

MAX_MESSAGE_BYTES = 64 * 1024
"""Largest message a client may send on a socket (a move is under 1 KiB)."""

TRANSPORT_MAX_MESSAGE_BYTES = 16 * MAX_MESSAGE_BYTES
"""Largest socket message uvicorn reads at all: a bigger one is cut off by
the transport with the standard close code 1009 before the app sees it."""

SOCKET_BURST = 60
"""Messages a socket may send at once (a person sends one per move)."""

SOCKET_RATE = 20.0
"""Messages a second that refill a socket's allowance."""

SOCKET_FLOOD_REFUSALS = 30
"""Messages in a row refused for flooding after which the socket is closed."""

SOCKET_SEND_TIMEOUT = 30.0
"""Seconds a message may take to reach a socket's client (whose network or
program has stopped reading) before the server closes the socket with 4408."""

SOCKET_CLOSE_TIMEOUT = 5.0
"""Seconds the server tries to send the 4408 close to a client that stays
behind before it lets the socket go without it."""

SOCKET_QUEUED_ERRORS = SOCKET_BURST + SOCKET_FLOOD_REFUSALS
"""Most error replies a socket keeps queued for a client that does not read
(beyond, the oldest goes): enough for the answers to a whole burst and to
the flood that closes the socket. Views are never queued more than one: the
newest replaces it."""

DAY = 24 * 3600.0


@dataclass(frozen=True, slots=True)
class Limits:
    """How much work one client address, and everyone together, may give the
    server (docs/web.md, "Limits and security"). A request over a limit is
    refused with 429 naming it.

    The counts are of what the server holds in memory: the tables and
    parties being played. A table or party resumed after a restart counts
    for the totals but for no address (addresses are not stored).
    """

    tables_per_address: int = 50
    """Unfinished tables that one address may have started."""
    tables_per_player: int = 50
    """Unfinished tables (being played or waiting for players) where one
    player sits: made by him or an open seat he took."""
    tables: int = 2000
    """Unfinished tables on the server."""
    computer_tables_per_address: int = 2
    """Unfinished tables without a person that one address may have started."""
    computer_tables: int = 8
    """Unfinished tables without a person on the server."""
    parties_per_address: int = 3
    """Unfinished parties that one address may have started."""
    parties: int = 50
    """Unfinished parties on the server."""
    computer_parties_per_address: int = 1
    """Parties that one address started and nobody joined, being played by
    computers only."""
    computer_parties: int = 4
    """Parties played by computers only on the server."""
    computer_pace: float = 1.0
    """Least number of seconds between two moves of a table or party played
    by computers only (a table may ask for more, never less)."""
    archive_after: float = 7 * DAY
    """Seconds without a move and without a person's socket after which a
    table is archived."""
    players_per_address_hour: int = 5
    """Players one client address may make in an hour."""
    players_per_address_day: int = 20
    """Players one client address may make in a day."""
    renames_per_player_hour: int = 10
    """Times a player may change his name in an hour."""


def origin_of(url: str) -> str | None:
    """``scheme://host:port`` of ``url``, lower case with the port always
    written (``None`` for what is no web origin, e.g. ``null``).

    >>> origin_of("HTTPS://Parlour.example.org/")
    'https://parlour.example.org:443'
    >>> origin_of("null") is None
    True
    """
    try:
        parts = urlsplit(url.strip())
        port = parts.port
    except ValueError:
        return None
    scheme = {"ws": "http", "wss": "https"}.get(parts.scheme.lower(), parts.scheme.lower())
    if scheme not in ("http", "https") or not parts.hostname:
        return None
    host = f"[{parts.hostname}]" if ":" in parts.hostname else parts.hostname
    return f"{scheme}://{host}:{port or (443 if scheme == 'https' else 80)}"



def counted(number: int, singular: str, plural: str) -> str:
    """``number`` and the noun that goes with it, for a refusal's sentence.

    >>> counted(1, "unfinished table", "unfinished tables"), counted(2, "party", "parties")
    ('1 unfinished table', '2 parties')
    """
    return f"{number} {singular if number == 1 else plural}"

SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
"""Methods that change nothing: the only ones a page of another site may use."""


class OriginGuard:
    """ASGI middleware that refuses what a page of another site sends: a
    request that changes something, or a socket handshake, whose ``Origin``
    header is neither the server's own (its scheme and ``Host``) nor one of
    ``allowed_origins``. Clients that send no ``Origin`` (the command line,
    scripts, tests) are not browsers' cross-site requests and pass."""

    def __init__(self, app: ASGIApp, allowed_origins: Iterable[str] = ()) -> None:
        self.app = app
        self.allowed = {origin for origin in map(origin_of, allowed_origins) if origin}

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Pass the request on unless its origin is refused."""
        refusal = self.refusal(scope)
        if refusal is None:
            await self.app(scope, receive, send)
        elif scope["type"] == "http":
            body = json.dumps({"error": refusal}).encode()
            await send({"type": "http.response.start", "status": 403, "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(body)).encode()),
            ]})
            await send({"type": "http.response.body", "body": body})
        else:  # a socket: refused the way the app refuses one (docs/web.md)
            await receive()
            await send({"type": "websocket.accept"})
            await send({"type": "websocket.send", "text": json.dumps(
                {"type": "error", "message": refusal, "status": 403})})
            await send({"type": "websocket.close", "code": 4403})

    def refusal(self, scope: Scope) -> str | None:
        """The sentence refusing ``scope``'s origin, or ``None`` if it may pass."""
        if (scope["type"] == "http" and scope["method"] in SAFE_METHODS) \
                or scope["type"] not in ("http", "websocket"):
            return None
        headers = Headers(scope=scope)
        sent = headers.get("origin")
        if sent is None:
            return None
        origin = origin_of(sent)
        host = headers.get("host", "")
        own = origin_of(f"{scope.get('scheme', 'http')}://{host}") if host else None
        if origin is not None and (origin == own or origin in self.allowed):
            return None
        if origin is None:
            return (f"a page whose origin is {sent!r} may not change anything here: only this "
                    "server's own pages may")
        return (f"the page at {sent} may not change anything here: only this server's own "
                f"pages may (to allow that site, start the server with "
                f"--allowed-origin {sent})")


CONTENT_SECURITY_POLICY = "; ".join([
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "connect-src 'self'",
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
])
"""The pages load only the server's own files: scripts are modules under
/static, styles are app.css (elements get their custom properties through
the CSSOM, never a style attribute), the one image is the empty
``data:`` icon, and sockets go to the same host."""

SECURITY_HEADERS = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Cross-Origin-Resource-Policy": "same-origin",
}
"""Headers of every HTTP response. ``no-referrer``: a seat's page address
holds its private token, which no other site may learn."""


class SecurityHeaders:
    """ASGI middleware that adds :data:`SECURITY_HEADERS` to every HTTP response."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Pass the request on; add the headers to an HTTP response's start."""
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                for name, value in SECURITY_HEADERS.items():
                    headers[name] = value
            await send(message)

        await self.app(scope, receive, send_with_headers)


class RecentEvents:
    """When each key (a client address, a player) last did something, kept
    in memory for ``keep`` seconds of ``clock``: how many times it did so in
    a window, for limits such as :attr:`Limits.players_per_address_hour`.
    A key whose events are all older than ``keep`` is forgotten.

    >>> now = [0.0]
    >>> recent = RecentEvents(lambda: now[0], keep=60)
    >>> recent.add("a"); recent.add("a"); now[0] = 30; recent.add("a")
    >>> recent.count("a", 60), recent.count("a", 10), recent.count("b", 60)
    (3, 1, 0)
    >>> now[0] = 100
    >>> recent.count("a", 60), len(recent.moments)
    (0, 0)
    """

    def __init__(self, clock: Callable[[], float], keep: float) -> None:
        self.clock = clock
        self.keep = keep
        self.moments: dict[str, list[float]] = {}

    def _forget_old(self) -> None:
        oldest = self.clock() - self.keep
        for key in [key for key, moments in self.moments.items() if moments[-1] <= oldest]:
            del self.moments[key]

    def count(self, key: str, seconds: float) -> int:
        """How many times ``key`` did it in the last ``seconds``."""
        self._forget_old()
        since = self.clock() - seconds
        return sum(moment > since for moment in self.moments.get(key, ()))

    def add(self, key: str) -> None:
        """``key`` does it now."""
        self._forget_old()
        moment = self.clock()
        kept = [old for old in self.moments.get(key, ()) if old > moment - self.keep]
        self.moments[key] = [*kept, moment]


class TokenBucket:
    """A rate limit: up to ``capacity`` events at once, refilled at ``rate``
    a second by ``clock`` (seconds, e.g. :func:`time.monotonic`).

    >>> now = [0.0]
    >>> bucket = TokenBucket(2, 1.0, lambda: now[0])
    >>> [bucket.take(), bucket.take(), bucket.take()]
    [True, True, False]
    >>> now[0] = 1.5
    >>> [bucket.take(), bucket.take()]
    [True, False]
    """

    def __init__(self, capacity: int, rate: float, clock: Callable[[], float]) -> None:
        self.capacity = capacity
        self.rate = rate
        self.clock = clock
        self.tokens = float(capacity)
        self.updated = clock()

    def take(self) -> bool:
        """Spend one token if there is one; ``False`` when the limit is reached."""
        moment = self.clock()
        elapsed = max(0.0, moment - self.updated)
        self.tokens = min(float(self.capacity), self.tokens + elapsed * self.rate)
        self.updated = moment
        if self.tokens < 1.0:
            return False
        self.tokens -= 1.0
        return True
