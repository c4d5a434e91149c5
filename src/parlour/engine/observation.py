"""The observation schema (DESIGN.md, "What a seat sees"): the keys that
mean the same in every game, defined once for every surface.

The invariants require :data:`COMMON_KEYS` of every observation; the
terminal renderer (``parlour.render``) and the browser's board (which reads
these sets from ``GET /api/observation-keys``) draw the keys of the schema
in their own places and show every other key as a game's labelled extra.

>>> sorted(FRAME_KEYS)
['hand_log_start', 'log_start', 'options', 'places']
>>> COMMON_KEYS & FRAME_KEYS or FRAME_KEYS & STANDING_KEYS or COMMON_KEYS & STANDING_KEYS
frozenset()
"""

from __future__ import annotations

COMMON_KEYS = frozenset({
    "game", "seat", "players", "hand", "zones", "phase", "to_move", "prompt", "legal",
    "log", "hand_results",
})
"""The keys every observation has: the game, the seat it is for, the players,
the seat's hand, the public zones, the phase, the seat to move, the prompt
(what the player to move decides, one sentence in the game's words, or
``None`` while chance acts and at the end), the legal actions, the public log
(newest last) and the results of the hands played."""

FRAME_KEYS = frozenset({"log_start", "hand_log_start", "places", "options"})
"""Keys an observation may have about the match rather than the game: where
the log window starts (in the match, in the hand), the places once the match
is over (1 is best) and the options it is played with. No surface shows them
as a game's extras."""

STANDING_KEYS = frozenset({"hand_number", "round", "trick_number", "leader", "dealer"})
"""Keys an observation may have saying where the match stands: the hand (or
round) being played, the trick, the seat that led it and the seat that dealt.
The terminal draws them in its heading and players table; the browser shows
them as labelled extras, seats by name."""
