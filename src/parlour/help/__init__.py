"""The rules help of the games and events that come with parlour: one text
file per language and game, ``help/<lang>/<name>.txt`` (``parlour rules``,
the web app's rules panel).

A line ``{commands}`` in a file stands for the game's
:attr:`~parlour.engine.game.Game.commands_help`, so that the terminal's
help on moves is written once. A game defined outside the package (a
test's toy game) writes its help in its class instead
(:attr:`~parlour.engine.game.Game.rules_text`, English).

>>> rules_help("polignac", "", "en", None).splitlines()[0]
'POLIGNAC — for 3 to 6 players with a piquet pack of 32 cards.'
>>> rules_help("polignac", "", "xx", None)
Traceback (most recent call last):
...
ValueError: there is no rules help in 'xx'; the languages are en
"""

from __future__ import annotations

from functools import cache
from importlib import resources

LANGUAGES = ("en",)
"""The languages the help is written in, the first the default."""

COMMANDS = "{commands}"
"""The line of a help file that stands for the game's commands help."""


@cache
def _packaged(name: str, lang: str) -> str | None:
    """The help file of ``name`` in ``lang`` (``None``: the package has none)."""
    path = resources.files(__name__).joinpath(lang, f"{name}.txt")
    return path.read_text(encoding="utf-8") if path.is_file() else None


def rules_help(name: str, inline: str, lang: str, commands: str | None) -> str:
    """The rules help of the game or event ``name`` in ``lang``: its help
    file, else (English only) the ``inline`` text of its class; ``commands``
    fills the file's ``{commands}`` line."""
    if lang not in LANGUAGES:
        raise ValueError(
            f"there is no rules help in {lang!r}; the languages are {', '.join(LANGUAGES)}"
        )
    text = _packaged(name, lang)
    if text is None:
        if not inline:
            raise ValueError(f"{name} has no rules help in {lang!r}")
        return inline
    if COMMANDS in text:
        if commands is None:
            raise ValueError(f"the help of {name} has a {COMMANDS} line but the game no "
                             "commands help")
        text = text.replace(COMMANDS, commands)
    return text
