"""The rules help of the games and events that come with parlour: one text
file per language and game, ``help/<lang>/<name>.txt`` (``parlour rules``,
the web app's rules panel), in English and Spanish.

A line ``{commands}`` in a file stands for the game's
:attr:`~parlour.engine.game.Game.commands_help`, so that the terminal's
help on moves is written once. The commands a player types are English
words in every language, so the Spanish files keep that line and say so
just above it. A game defined outside the package (a test's toy game)
writes its help in its class instead
(:attr:`~parlour.engine.game.Game.rules_text`, English); asked for in
Spanish, that help comes in English, as any message not yet translated
does (:mod:`parlour.i18n`).

>>> rules_help("polignac", "", "en", None).splitlines()[0]
'POLIGNAC — for 3 to 8 players with a piquet pack of 32 cards.'
>>> rules_help("polignac", "", "es", None).splitlines()[0]
'POLIGNAC — de 3 a 8 jugadores, con una baraja de piquet de 32 cartas.'
>>> rules_help("toy", "TOY: a game.", "es", None)
'TOY: a game.'
>>> rules_help("polignac", "", "xx", None)
Traceback (most recent call last):
...
ValueError: there is no rules help in 'xx'; the languages are en, es
"""

from __future__ import annotations

from functools import cache
from importlib import resources

LANGUAGES = ("en", "es")
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
    file in ``lang``, else the ``inline`` text of its class, in English
    whatever ``lang`` is (a game outside the package has only that, and a
    player who asks for Spanish is better served by English than by no
    help); ``commands`` fills the file's ``{commands}`` line. An unknown
    language, or a name with no help at all, is refused with
    :class:`ValueError`."""
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
