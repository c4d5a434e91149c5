"""The registry of games: ``make(name, **options)`` and ``games()``."""

from __future__ import annotations

import difflib
from typing import Any

from parlour.engine.game import Game
from parlour.engine.layouts import LAYOUTS
from parlour.errors import OptionError

_REGISTRY: dict[str, type[Game]] = {}


def register(game_class: type[Game]) -> type[Game]:
    """Class decorator adding a game under its ``name``; its
    :attr:`~parlour.engine.Game.layout` must be a known kind."""
    if game_class.name in _REGISTRY and _REGISTRY[game_class.name] is not game_class:
        raise ValueError(f"two games are called {game_class.name!r}")
    if game_class.layout not in LAYOUTS:
        raise ValueError(
            f"{game_class.name!r} declares the layout {game_class.layout!r}; "
            f"the layouts are {', '.join(sorted(LAYOUTS))}"
        )
    _REGISTRY[game_class.name] = game_class
    return game_class


def unregister(name: str) -> None:
    """Remove the game ``name`` (a test's own game, once the test is done)."""
    _REGISTRY.pop(name, None)


def _load_builtin_games() -> None:
    import parlour.games  # noqa: F401  (registers the built-in games)


def game_class(name: str) -> type[Game]:
    """The class registered under ``name`` (case and ``_``/``-`` insensitive)."""
    _load_builtin_games()
    key = name.strip().casefold().replace("_", "-")
    for registered, cls in _REGISTRY.items():
        if registered.replace("_", "-") == key:
            return cls
    known = sorted(_REGISTRY)
    close = difflib.get_close_matches(key, known, n=1)
    hint = f" (did you mean {close[0]!r}?)" if close else ""
    raise OptionError(f"no game called {name!r}{hint}; the games are {', '.join(known)}")


def make(name: str, /, **options: object) -> Game:
    """The game ``name`` with ``options`` validated (:class:`OptionError` if bad).

    >>> import parlour
    >>> parlour.make("polignac", players=5).num_players
    5
    """
    return game_class(name)(**options)


def games() -> dict[str, dict[str, Any]]:
    """Every registered game's metadata, by name."""
    _load_builtin_games()
    return {name: _REGISTRY[name]().describe() for name in sorted(_REGISTRY)}
