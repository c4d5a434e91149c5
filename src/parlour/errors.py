"""The error types of parlour's public API.

Each subclasses :class:`ValueError` and carries a sentence a player can
read, naming the input that was refused.
"""

from __future__ import annotations


class ParlourError(ValueError):
    """Base of every error parlour raises on purpose."""


class ParseError(ParlourError):
    """Text that could not be read: a card code, an action, a deal, a record."""


class OptionError(ParlourError):
    """An unknown game, an unknown option or an option value not allowed."""


class IllegalAction(ParlourError):
    """An action that the rules do not allow now; the state is unchanged."""


class RecordError(ParseError):
    """A game record that cannot be replayed.

    ``index`` is the position of the first bad action, or ``None`` when the
    record is wrong before its actions (bad JSON, unknown game, bad options).
    """

    def __init__(self, message: str, index: int | None = None) -> None:
        super().__init__(message)
        self.index = index
