"""The ``cli`` fixture's pieces, shared by the command-line tests: a run's
exit status and output (:class:`Run`), and the runner it gives
(:data:`Cli`); the fixture itself is in ``conftest.py``."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass


@dataclass
class Run:
    """One ``parlour`` command's exit status and its plain output."""

    status: int
    out: str
    err: str


Cli = Callable[..., Run]
"""``cli(*args, stdin="")``: run ``parlour *args`` with ``stdin`` as its input."""
