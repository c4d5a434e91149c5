"""The one error type of the web app: a sentence for the player and a status code."""

from __future__ import annotations

BAD_REQUEST = 400
FORBIDDEN = 403
NOT_FOUND = 404
CONFLICT = 409
PAYLOAD_TOO_LARGE = 413
UNSUPPORTED_MEDIA_TYPE = 415
BAD_OPTIONS = 422
TOO_MANY_REQUESTS = 429


class ApiError(Exception):
    """A refused request: ``message`` is shown to the player as it is.

    The status codes follow docs/web.md: 400 illegal move or bad input, 403
    bad token or hidden data, 404 no such table, 409 not your turn or stale
    move number, 413 a body or socket message over the size limit, 415 a
    body that is not sent as JSON, 422 bad options (any
    :class:`parlour.OptionError`), 429 a socket sending too fast or a limit
    of live tables, parties or computer work reached.
    """

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
