"""The clocks of tables (docs/web.md, "Clocks"): how long the person to move
has, what each seat has left of its time bank, and the timeouts so far.

A table's clock (:class:`~parlour.server.payloads.ClockRequest`) is chosen
when it is made: real time (seconds a move, and a time bank per seat from
which a move's time beyond them is taken) or turn-based (hours or days a
move). Only people's seats are timed: while a computer is to move, or the
match is over, no clock runs. The running part, :class:`ClockState`, is
stored with every move (``tables.clock_state``, and the deadline in
``tables.deadline``), so a restarted server finds every deadline again.

Time is read from a :class:`WallClock`, which tests replace by one they
move by hand.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from typing import Any, Protocol

from parlour.server.db import aware, now
from parlour.server.payloads import REALTIME, ClockRequest

TIMEOUT_AGENT = "easy"
"""The agent that plays a move for a seat whose time ran out (``on_timeout:
"easy"``), seeded as a computer seat's would be for that move."""


class WallClock(Protocol):
    """What the clocks read the time from and wait on."""

    def now(self) -> datetime:
        """The current time, with its time zone."""

    async def sleep_until(self, moment: datetime) -> None:
        """Return at ``moment`` (at once if it has passed)."""


class SystemClock:
    """The computer's own clock (:func:`parlour.server.db.now`)."""

    def now(self) -> datetime:
        """The current time in UTC."""
        return now()

    async def sleep_until(self, moment: datetime) -> None:
        """Sleep until ``moment``."""
        await asyncio.sleep(max(0.0, (aware(moment) - now()).total_seconds()))


@dataclass(frozen=True, slots=True)
class Timeout:
    """A seat whose time ran out: at which move (the number of moves made
    before it), what followed (``easy``: the easy computer played the move;
    ``forfeit``: the seat forfeited the match) and the public log's line
    count then (where the page shows it)."""

    move: int
    seat: int
    outcome: str
    line: int

    def stored(self) -> dict[str, Any]:
        """The stored and shown form ``{move, seat, outcome, line}``."""
        return {"move": self.move, "seat": self.seat, "outcome": self.outcome,
                "line": self.line}

    @classmethod
    def from_stored(cls, stored: dict[str, Any]) -> Timeout:
        """The timeout :meth:`stored` wrote."""
        return cls(int(stored["move"]), int(stored["seat"]), str(stored["outcome"]),
                   int(stored.get("line", 0)))


@dataclass(frozen=True, slots=True)
class ClockState:
    """A table's clock as it runs: each seat's time bank left (seconds),
    the person's seat whose time runs (``None``: nobody's), since when and
    until when, and the timeouts so far."""

    banks: tuple[float, ...]
    seat: int | None = None
    since: datetime | None = None
    deadline: datetime | None = None
    timeouts: tuple[Timeout, ...] = ()

    @classmethod
    def fresh(cls, clock: ClockRequest, seats: int) -> ClockState:
        """A clock that has not run yet: every bank full."""
        return cls(banks=(clock.bank if clock.kind == REALTIME else 0.0,) * seats)

    def stored(self) -> dict[str, Any]:
        """``tables.clock_state`` (the deadline has a column of its own)."""
        return {"banks": list(self.banks), "seat": self.seat,
                "since": None if self.since is None else aware(self.since).isoformat(),
                "timeouts": [timeout.stored() for timeout in self.timeouts]}

    def columns(self) -> dict[str, Any]:
        """The table's columns that hold this state."""
        return {"clock_state": self.stored(), "deadline": self.deadline}

    @classmethod
    def from_stored(cls, stored: dict[str, Any], deadline: datetime | None) -> ClockState:
        """The state :meth:`stored` wrote, running until ``deadline``."""
        since = stored.get("since")
        return cls(
            banks=tuple(float(bank) for bank in stored["banks"]), seat=stored.get("seat"),
            since=None if since is None else aware(datetime.fromisoformat(since)),
            deadline=None if deadline is None else aware(deadline),
            timeouts=tuple(Timeout.from_stored(timeout)
                           for timeout in stored.get("timeouts", ())))

    def spent(self, clock: ClockRequest, seat: int, moment: datetime) -> ClockState:
        """The clock once ``seat`` has moved at ``moment``: a real-time
        move's time beyond the clock's ``move`` comes out of the seat's bank
        (to 0 at least); nobody's time runs."""
        banks = list(self.banks)
        if clock.kind == REALTIME and self.seat == seat and self.since is not None:
            used = (moment - self.since).total_seconds()
            banks[seat] = max(0.0, banks[seat] - max(0.0, used - clock.move))
        return replace(self, banks=tuple(banks), seat=None, since=None, deadline=None)

    def running(self, clock: ClockRequest, seat: int | None, start: datetime) -> ClockState:
        """The clock with ``seat``'s time running from ``start`` (``None``:
        nobody's: a computer is to move, or the match is over)."""
        if seat is None:
            return replace(self, seat=None, since=None, deadline=None)
        allowance = clock.move + (self.banks[seat] if clock.kind == REALTIME else 0.0)
        return replace(self, seat=seat, since=start,
                       deadline=start + timedelta(seconds=allowance))

    def timed_out(self, timeout: Timeout) -> ClockState:
        """The clock once ``timeout`` happened: the seat's bank is spent."""
        banks = list(self.banks)
        banks[timeout.seat] = 0.0
        return replace(self, banks=tuple(banks), timeouts=(*self.timeouts, timeout))

    def describe(self, clock: ClockRequest) -> dict[str, Any]:
        """The view's ``clock``: the clock chosen, the seat whose time runs
        (``to_move``), its ``deadline`` (ISO 8601, UTC), each seat's bank
        left and the timeouts so far."""
        return {**clock.stored(), "to_move": self.seat,
                "deadline": None if self.deadline is None
                else aware(self.deadline).isoformat(timespec="seconds"),
                "banks": list(self.banks) if clock.kind == REALTIME else None,
                "timeouts": [timeout.stored() for timeout in self.timeouts]}
