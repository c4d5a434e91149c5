"""A socket's sender (``app._send_outbox``) stops when the socket's handler
stops it, whenever the stop comes: also in the very step in which a
message's send completes. With Python 3.11's ``asyncio.wait_for`` around
the send, such a stop was lost: the sender waited for a next message for
ever, and so did the socket's handler (which waits for its sender) and the
server's shutdown ("Waiting for background tasks to complete", found by
``scripts/load.py`` over two processes: about one server in two never
exited after a run)."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from parlour.server.app import _send_outbox
from parlour.server.flow import Outbox

WAIT = 5.0
"""Seconds the test gives a stopped sender to end (it ends at once)."""


class Socket:
    """A client that takes every message at once."""

    def __init__(self) -> None:
        self.sent: list[dict[str, Any]] = []

    async def send_json(self, message: dict[str, Any]) -> None:
        self.sent.append(message)


@pytest.mark.parametrize("steps", range(6))
def test_a_sender_stops_whenever_it_is_stopped(steps: int) -> None:
    message = {"type": "view", "move_number": 1}

    async def run() -> None:
        outbox = Outbox()
        outbox.put(message)
        socket = Socket()
        sender = asyncio.create_task(_send_outbox(socket, outbox, 30.0, 1.0))
        for _ in range(steps):  # the stop comes before, during or after the send
            await asyncio.sleep(0)
        sender.cancel()
        done, _ = await asyncio.wait({sender}, timeout=WAIT)
        assert done == {sender} and sender.cancelled()
        assert socket.sent == ([] if steps == 0 else [message])

    asyncio.run(run())
