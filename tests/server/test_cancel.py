"""A commit outlives the request that asked for it: a move whose caller is
cancelled while the database stores it (a server stopping, a computer's
task cancelled) is still adopted by the live table before anything else
may move there, so the memory never lags behind the database."""

from __future__ import annotations

import asyncio
import threading

import pytest

from parlour.server.db import Database, store_then_adopt
from parlour.server.payloads import HUMAN, MoveRequest, SeatRequest, TableRequest
from parlour.server.tables import TableHub


class Gate:
    """A blocking call held at its start until :meth:`release`."""

    def __init__(self) -> None:
        self.entered = threading.Event()
        self.released = threading.Event()

    def hold(self) -> None:
        self.entered.set()
        assert self.released.wait(10), "the gate was never released"

    def release(self) -> None:
        self.released.set()

    async def until_entered(self) -> None:
        assert await asyncio.to_thread(self.entered.wait, 10), "the call never started"


async def cancel_while_held(gate: Gate, task: asyncio.Task[object]) -> None:
    """Cancel ``task`` while its store is held, then let the store finish."""
    await gate.until_entered()
    task.cancel()
    await asyncio.sleep(0.05)
    assert not task.done(), "the cancellation did not wait for the store"
    gate.release()
    with pytest.raises(asyncio.CancelledError):
        await task


def test_a_store_cancelled_midway_is_finished_and_adopted() -> None:
    gate, adopted = Gate(), []

    def store() -> str:
        gate.hold()
        return "stored"

    async def scenario() -> None:
        task = asyncio.ensure_future(store_then_adopt(store, adopted.append))
        await cancel_while_held(gate, task)

    asyncio.run(scenario())
    assert adopted == ["stored"]


def test_a_store_that_fails_adopts_nothing_and_its_error_goes_on() -> None:
    adopted: list[None] = []

    def store() -> None:
        raise RuntimeError("the disk is full")

    with pytest.raises(RuntimeError, match="the disk is full"):
        asyncio.run(store_then_adopt(store, adopted.append))
    assert adopted == []


def test_a_move_cancelled_while_it_is_stored_is_the_tables_move(database_url: str) -> None:
    database = Database(database_url)
    hub = TableHub(database, computer_delay=0)
    gate = Gate()
    add_moves = database.add_moves

    def held_add_moves(*arguments: object) -> None:
        gate.hold()
        add_moves(*arguments)  # type: ignore[arg-type]

    async def scenario() -> None:
        table, _ = await hub.create(TableRequest(
            "polignac", {}, [SeatRequest(HUMAN)] * 4, seed=7, delay=None))
        first = table.state.current_player()
        action = table.state.legal_actions()[0]
        database.add_moves = held_add_moves  # type: ignore[method-assign]
        task = asyncio.ensure_future(hub.play(table, first, MoveRequest(action, None, 0)))
        await cancel_while_held(gate, task)
        database.add_moves = add_moves  # type: ignore[method-assign]
        assert table.state.history == [action]
        stored = database.table(table.id)
        assert stored is not None and stored.actions == [action]
        # the next move, at move 1, is taken: the table and the database agree
        second = table.state.current_player()
        reply = table.state.legal_actions()[0]
        await hub.play(table, second, MoveRequest(reply, None, 1))
        stored = database.table(table.id)
        assert stored is not None and stored.actions == [action, reply]
        await hub.stop()

    asyncio.run(scenario())
