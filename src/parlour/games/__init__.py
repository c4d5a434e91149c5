"""The rules of every game; importing this package registers them."""

from __future__ import annotations

from parlour.games import (
    bassadewitz,
    bharg,
    costly_colours,
    knaves,
    patience,
    polignac,
    progress,
    progress_races,
    progress_rummy,
    ranter_go_round,
    slobberhannes,
    tiny,
)

__all__ = [
    "bassadewitz", "bharg", "costly_colours", "knaves", "patience", "polignac", "progress",
    "progress_races", "progress_rummy", "ranter_go_round", "slobberhannes", "tiny",
]
