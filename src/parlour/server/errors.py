"""The one error type of the web app: a sentence for the player and a status code."""

from __future__ import annotations

BAD_REQUEST = 400
FORBIDDEN = 403
NOT_FOUND = 404
CONFLICT = 409
BAD_OPTIONS = 422


class ApiError(Exception):
    """A refused request: ``message`` is shown to the player as it is.

    The status codes follow docs/web.md: 400 illegal move or bad input, 403
    bad token or hidden data, 404 no such table, 409 not your turn or stale
    move number, 422 bad options (any :class:`parlour.OptionError`).
    """

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
