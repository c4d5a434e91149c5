"""Helpers for driving the web app in tests: tables, tokens, waiting."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any
from urllib.parse import parse_qs, urlsplit

from fastapi.testclient import TestClient

from parlour.server.security import Limits

QUICK_COMPUTERS = Limits(computer_pace=0)
"""The default limits but for the pace: tables of computers only play at
their own delay (0 in tests), so that their matches end at once."""

HUMAN: dict[str, str] = {"kind": "human"}
COMPUTER: dict[str, str] = {"kind": "computer", "agent": "random"}


def create_table(
    client: TestClient, game: str = "polignac", seats: list[dict[str, str]] | None = None,
    options: dict[str, object] | None = None, seed: int | None = 1,
    delay: float | None = 0, hints: bool | None = None,
) -> dict[str, Any]:
    """Open a table (four humans at Polignac by default) and return the
    reply; ``hints`` switches its hints on or off (by default they are on
    only when fewer than two people play)."""
    body: dict[str, Any] = {
        "game": game, "options": options or {}, "seats": seats or [HUMAN] * 4,
    }
    if hints is not None:
        body["hints"] = hints
    if seed is not None:
        body["seed"] = seed
    if delay is not None:
        body["delay"] = delay
    response = client.post("/api/tables", json=body)
    assert response.status_code == 201, response.text
    return dict(response.json())


def secret_of(url: str, key: str = "token") -> str:
    """The secret ``key`` (``token``, ``code``) of a private URL the server
    gave: in its fragment (``/tables/7#token=T``), or in the query of an
    older link (``/tables/7?token=T``)."""
    parts = urlsplit(url)
    return (parse_qs(parts.fragment) or parse_qs(parts.query))[key][0]


def token_of(url: str) -> str:
    """The seat token in a private table URL."""
    return secret_of(url)


def tokens(created: dict[str, Any]) -> dict[int, str]:
    """Each human seat's token from a create reply."""
    return {seat["seat"]: token_of(seat["url"]) for seat in created["seats"] if "url" in seat}


def view(client: TestClient, table_id: int, token: str | None = None) -> dict[str, Any]:
    """The table as ``token``'s seat (or a spectator) sees it."""
    params = {} if token is None else {"token": token}
    response = client.get(f"/api/tables/{table_id}/view", params=params)
    assert response.status_code == 200, response.text
    return dict(response.json())


def move(
    client: TestClient, table_id: int, token: str | None, move_number: int, **choice: object
) -> Any:
    """POST a move (``action=id`` or ``text=...``); returns the response."""
    return client.post(
        f"/api/tables/{table_id}/moves",
        json={"token": token, "move_number": move_number, **choice},
    )


def wait_until(condition: Callable[[], bool], timeout: float = 20.0) -> None:
    """Poll ``condition`` until it holds (computer seats play in the background)."""
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "timed out waiting for the table"
        time.sleep(0.01)


class ManualClock:
    """A clock that moves only when a test says so (the app's ``clock``:
    its rate limits and allowances)."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now
