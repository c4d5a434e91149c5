"""parlour: historical card games played faithfully.

>>> import parlour
>>> game = parlour.make("polignac", players=4, target=20)
>>> state = game.new_state(seed=7)
>>> state.current_player(), state.action_to_str(state.legal_actions()[0])
(1, 'pass')
"""

from __future__ import annotations

# Importing the subpackage parlour.games binds the attribute parlour.games
# to the module; load it first so that the registry function below wins.
from parlour import events
from parlour import games as _builtin_games  # noqa: F401
from parlour.engine import (
    CHANCE_PLAYER,
    TERMINAL_PLAYER,
    Game,
    IllegalAction,
    OptionError,
    ParlourError,
    ParseError,
    RecordError,
    State,
    games,
    make,
    replay,
)

__version__ = "0.1.0"

__all__ = [
    "CHANCE_PLAYER",
    "TERMINAL_PLAYER",
    "Game",
    "IllegalAction",
    "OptionError",
    "ParlourError",
    "ParseError",
    "RecordError",
    "State",
    "__version__",
    "events",
    "games",
    "make",
    "replay",
]
