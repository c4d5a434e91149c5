"""The patiences of the Progress pack (progress.md §5): Golf, Calculation,
Baker's Dozen and Clock, each a registered one-player game (``golf``,
``calculation``, ``bakers-dozen``, ``clock``) over the machinery of
:mod:`parlour.games.patience.base`."""

from __future__ import annotations

from parlour.games.patience import bakers_dozen, calculation, clock, golf

__all__ = ["bakers_dozen", "calculation", "clock", "golf"]
