"""``parlour.events``: the events (games of many tables and rounds) by name.

>>> import parlour
>>> event = parlour.events.make("progress-races", seed=7, tables=1, rounds=1)
>>> event.start_round()
>>> event.phase
'playing'

See :mod:`parlour.engine.events` for the contract an event keeps.
"""

from __future__ import annotations

from parlour.engine.events import (
    OVER,
    PLAYING,
    READY,
    Chooser,
    Event,
    Step,
    event_class,
    find,
    make,
    names,
    party_event,
    register,
    replay,
    unregister,
)

__all__ = [
    "OVER",
    "PLAYING",
    "READY",
    "Chooser",
    "Event",
    "Step",
    "event_class",
    "find",
    "make",
    "names",
    "party_event",
    "register",
    "replay",
    "unregister",
]
