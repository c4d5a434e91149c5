"""The words of the command line's frame in the command's language.

Typer draws ``--help`` and reports bad command lines in words of its own:
``Usage:``, the ``Options``, ``Arguments`` and ``Commands`` panels,
``[default: 100]``, ``[required]``, the help option's ``Show this message
and exit.``, and errors such as ``No such option: --nope``. The commands'
own help texts are translated by :func:`parlour.cli.command_in`; this
module says the frame around them in the same language:

- the usage line's prefix and the help option's help, through the
  command classes Typer accepts (``cls=``): :class:`SpokenGroup` and
  :class:`SpokenCommand` read the language from the context (``ctx.obj``,
  set by :func:`parlour.cli.main`);
- the panel titles and the default and required marks, which Typer keeps
  as constants of :mod:`typer.rich_utils`, for the time of one command
  (:func:`frame_in`), then given back;
- the error sentences, recognised in Typer's English message by their
  templates (:data:`ERRORS`) when :func:`parlour.cli.main` translates the
  message it prints. A message another Typer version words differently
  stays in English rather than being half translated.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from typer.core import TyperCommand, TyperGroup

from parlour.i18n import DEFAULT, _, say

USAGE = _("Usage:")
"""The usage line's prefix."""

HELP_OPTION = _("Show this message and exit.")
"""The help of ``--help``."""

RICH_CONSTANTS: dict[str, str] = {
    "ARGUMENTS_PANEL_TITLE": _("Arguments"),
    "OPTIONS_PANEL_TITLE": _("Options"),
    "COMMANDS_PANEL_TITLE": _("Commands"),
    "DEFAULT_STRING": _("[default: {}]"),
    "REQUIRED_LONG_STRING": _("[required]"),
}
"""The words :mod:`typer.rich_utils` keeps as constants, by name, in English."""

ERRORS = (
    _("No such option: {option}"),
    _("No such option: {option} (Possible options: {options})"),
    _("No such command {command}."),
    _("Missing command."),
    _("Missing argument {argument}."),
    _("Missing option {option}."),
    _("Missing parameter: {parameter}"),
    _("Got unexpected extra argument(s) ({arguments})"),
    _("Option {option} requires an argument."),
    _("Option {option} requires {count} arguments."),
    _("Option {option} does not take a value."),
    _("Invalid value for {parameter}: {problem}"),
    _("Invalid value: {problem}"),
    _("{value} is not one of {choices}."),
    _("Input should be a valid integer, unable to parse string as an integer"),
    _("Input should be a valid number, unable to parse string as a number"),
)
"""Typer's sentences for a bad command line, as templates of the ``cli``
catalogue (a quoted name or value is a field)."""


def _lang(ctx: Any) -> str:
    return str(ctx.obj) if isinstance(ctx.obj, str) else DEFAULT


class _Spoken:
    """What :class:`SpokenGroup` and :class:`SpokenCommand` add to Typer's
    classes: the usage prefix and the help option's help in ``ctx.obj``'s
    language."""

    # ctx and formatter are Any: Typer's own context and formatter types
    # (its own click copy's in recent Typer, click's in older)
    def format_usage(self, ctx: Any, formatter: Any) -> None:
        pieces = self.collect_usage_pieces(ctx)  # type: ignore[attr-defined]
        formatter.write_usage(ctx.command_path, " ".join(pieces),
                              prefix=say(USAGE, _lang(ctx)) + " ")

    def get_help_option(self, ctx: Any) -> Any:
        option = super().get_help_option(ctx)  # type: ignore[misc]
        if option is not None:
            option.help = say(HELP_OPTION, _lang(ctx))
        return option


class SpokenGroup(_Spoken, TyperGroup):
    """Typer's group of commands, its frame in the command's language."""


class SpokenCommand(_Spoken, TyperCommand):
    """Typer's command, its frame in the command's language."""


@contextmanager
def frame_in(lang: str) -> Iterator[None]:
    """Typer's help panels and marks (:data:`RICH_CONSTANTS`) in ``lang``
    while the block runs; in English again after it."""
    import typer.rich_utils as rich_utils

    try:
        for name, english in RICH_CONSTANTS.items():
            setattr(rich_utils, name, say(english, lang))
        yield
    finally:
        for name, english in RICH_CONSTANTS.items():
            setattr(rich_utils, name, english)
