"""Bounds on the server's work for one socket and for the computers.

- :class:`Outbox`: what one socket has yet to send, at most one view and a
  few error replies, so a client that stops reading costs a bounded amount
  of memory (the app closes its socket when a message cannot be sent in
  time).
- :class:`ComputerGate`: the one gate every computer player's search passes,
  tables and parties with a person first.
"""

from __future__ import annotations

import asyncio
from collections import deque
from collections.abc import AsyncIterator
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from typing import Any

from parlour.server.security import SOCKET_QUEUED_ERRORS


class Outbox:
    """The messages one socket has yet to send, in order, bounded: at most one
    view (a new view replaces the one queued: only the newest matters) and
    :data:`SOCKET_QUEUED_ERRORS` other messages (beyond, the oldest goes).

    >>> outbox = Outbox()
    >>> for message in ({"type": "view", "n": 1}, {"type": "error"}, {"type": "view", "n": 2}):
    ...     outbox.put(message)
    >>> outbox.messages()
    [{'type': 'error'}, {'type': 'view', 'n': 2}]
    """

    def __init__(self) -> None:
        self._queued: deque[dict[str, Any]] = deque()
        self._sending = 0
        self._changed = asyncio.Event()

    def put(self, message: dict[str, Any]) -> None:
        """Queue ``message``, dropping the view it replaces or the oldest error."""
        if message.get("type") == "view":
            self._queued = deque(queued for queued in self._queued
                                 if queued.get("type") != "view")
        elif sum(queued.get("type") != "view" for queued in self._queued) \
                >= SOCKET_QUEUED_ERRORS:
            oldest = next(queued for queued in self._queued if queued.get("type") != "view")
            self._queued.remove(oldest)
        self._queued.append(message)
        self._changed.set()

    def messages(self) -> list[dict[str, Any]]:
        """What is queued, oldest first."""
        return list(self._queued)

    async def get(self) -> dict[str, Any]:
        """The oldest queued message, once there is one; call :meth:`task_done`
        when it is sent."""
        while not self._queued:
            self._changed.clear()
            await self._changed.wait()
        self._sending += 1
        return self._queued.popleft()

    def task_done(self) -> None:
        """A message from :meth:`get` has been sent (or given up)."""
        self._sending -= 1
        self._changed.set()

    async def join(self) -> None:
        """Wait until everything queued has been sent."""
        while self._queued or self._sending:
            self._changed.clear()
            await self._changed.wait()


class ComputerGate:
    """The one way computer players think, shared by every table and party:
    searches for a table with a person go at once, and those of tables
    played by computers only run one at a time, only while no search for a
    person is waiting or running. A busy server therefore spends at most
    one thread on computer-only play, and never ahead of a person's table.
    """

    def __init__(self) -> None:
        self._for_people = 0
        self._computers_only = False
        self._changed = asyncio.Event()

    @asynccontextmanager
    async def for_people(self) -> AsyncIterator[None]:
        """Hold while searching for a table or party with a person."""
        self._for_people += 1
        try:
            yield
        finally:
            self._for_people -= 1
            self._changed.set()

    @asynccontextmanager
    async def for_computers_only(self) -> AsyncIterator[None]:
        """Hold while searching for a table or party of computers only: waits
        until no other such search runs and no search for people is held."""
        while self._for_people or self._computers_only:
            self._changed.clear()
            await self._changed.wait()
        self._computers_only = True
        try:
            yield
        finally:
            self._computers_only = False
            self._changed.set()

    def enter(self, has_person: bool) -> AbstractAsyncContextManager[None]:
        """:meth:`for_people` or :meth:`for_computers_only`."""
        return self.for_people() if has_person else self.for_computers_only()
