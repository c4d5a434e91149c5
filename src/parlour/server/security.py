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
"""

from __future__ import annotations

from collections.abc import Callable

from starlette.datastructures import MutableHeaders
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
