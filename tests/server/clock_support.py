"""Helpers for the tests of open seats and clocks: a wall clock a test
moves by hand, and players made straight in the database."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta

from parlour.server.db import Database
from parlour.server.players import PLAYER_HEADER, Players

START = datetime(2030, 1, 1, 12, 0, tzinfo=UTC)
"""The moment a :class:`FakeWallClock` starts at."""


class FakeWallClock:
    """A :class:`parlour.server.clocks.WallClock` that stands still until
    the test moves it (:meth:`advance`); a timer waiting on it looks again
    every few milliseconds (the app runs in another thread)."""

    def __init__(self, start: datetime = START) -> None:
        self.moment = start

    def now(self) -> datetime:
        return self.moment

    def advance(self, seconds: float) -> datetime:
        """Move the clock on by ``seconds``; returns the new moment."""
        self.moment += timedelta(seconds=seconds)
        return self.moment

    async def sleep_until(self, moment: datetime) -> None:
        while self.moment < moment:
            await asyncio.sleep(0.005)


def iso(moment: datetime) -> str:
    """How a view writes ``moment``."""
    return moment.isoformat(timespec="seconds")


def make_player(database_url: str, name: str) -> tuple[int, dict[str, str]]:
    """A new player called ``name``: his id and the header that carries his key."""
    database = Database(database_url)
    try:
        player, key = asyncio.run(Players(database).create(name))
    finally:
        database.close()
    return player.id, {PLAYER_HEADER: key}
