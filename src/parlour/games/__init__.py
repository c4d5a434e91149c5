"""The rules of every game; importing this package registers them."""

from __future__ import annotations

from parlour.games import polignac

__all__ = ["polignac"]
