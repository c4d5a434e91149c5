"""Typed option schemas: defaults, allowed values, validation, introspection.

A game declares its options once; the CLI's ``--option k=v``, the web
forms and :func:`parlour.make` all validate through the same schema.

>>> schema = OptionSchema([
...     Option.choice("players", (3, 4, 5, 6), 4, "number of players"),
...     Option.integer("target", 20, "penalty points that end the match", minimum=1,
...                    maximum=100),
...     Option.flag("capot", True, "whether a capot may be bid"),
... ])
>>> schema.validate({"target": "10", "capot": "no"})
{'players': 4, 'target': 10, 'capot': False}
>>> schema.validate({"players": 7})
Traceback (most recent call last):
...
parlour.errors.OptionError: option 'players' must be one of 3, 4, 5, 6, not 7
>>> schema.validate({"target": 10**9})
Traceback (most recent call last):
...
parlour.errors.OptionError: option 'target' must be an integer from 1 to 100, not 1000000000

Every integer option has both bounds: a value with no upper bound would let
anyone ask for a match without end (``target=10**9``), so the schema names
the largest value a real table would use.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from parlour.errors import OptionError

OptionValue = bool | int | str
OptionKind = Literal["flag", "integer", "choice"]

_TRUE = frozenset({"true", "yes", "on", "1"})
_FALSE = frozenset({"false", "no", "off", "0"})


@dataclass(frozen=True, slots=True)
class Option:
    """One option: its name, kind, default, allowed values and help text.

    An integer option has a ``minimum`` and a ``maximum`` (and its default
    lies between them); the other kinds have neither."""

    name: str
    kind: OptionKind
    default: OptionValue
    help: str
    choices: tuple[OptionValue, ...] = ()
    minimum: int | None = None
    maximum: int | None = None

    def __post_init__(self) -> None:
        if self.kind != "integer":
            return
        if self.minimum is None or self.maximum is None:
            raise ValueError(f"integer option {self.name!r} needs a minimum and a maximum")
        if not self.minimum <= int(self.default) <= self.maximum:
            raise ValueError(f"default {self.default!r} of {self.name!r} is not from "
                             f"{self.minimum} to {self.maximum}")

    @classmethod
    def flag(cls, name: str, default: bool, help: str) -> Option:
        """A true/false option."""
        return cls(name, "flag", default, help, choices=(True, False))

    @classmethod
    def integer(
        cls, name: str, default: int, help: str, *, minimum: int, maximum: int,
    ) -> Option:
        """An integer option from ``minimum`` to ``maximum``, both included."""
        return cls(name, "integer", default, help, minimum=minimum, maximum=maximum)

    @classmethod
    def choice(
        cls, name: str, choices: Sequence[OptionValue], default: OptionValue, help: str
    ) -> Option:
        """An option taking one of a fixed list of values (ints or words)."""
        if default not in choices:
            raise ValueError(f"default {default!r} of {name!r} is not among its choices")
        return cls(name, "choice", default, help, choices=tuple(choices))

    def allowed_text(self) -> str:
        """The allowed values in words, as error messages and help show them."""
        if self.kind == "flag":
            return "true or false"
        if self.kind == "choice":
            return ", ".join(show_value(choice) for choice in self.choices)
        return f"an integer from {self.minimum} to {self.maximum}"

    def validate(self, value: object) -> OptionValue:
        """``value`` converted to this option's type, or :class:`OptionError`."""
        if self.kind == "flag":
            return self._validate_flag(value)
        if self.kind == "integer":
            return self._validate_integer(value)
        return self._validate_choice(value)

    def _refuse(self, value: object, allowed: str | None = None) -> OptionError:
        # an empty or blank string is quoted, or the message would end in "not "
        shown = value if isinstance(value, str) and value.strip() else repr(value)
        return OptionError(
            f"option {self.name!r} must be {allowed or self._must_be()}, not {shown}"
        )

    def _must_be(self) -> str:
        return "one of " + self.allowed_text() if self.kind == "choice" else self.allowed_text()

    def _validate_flag(self, value: object) -> bool:
        if isinstance(value, bool):
            return value
        if isinstance(value, str) and value.strip().casefold() in _TRUE | _FALSE:
            return value.strip().casefold() in _TRUE
        raise self._refuse(value)

    def _validate_integer(self, value: object) -> int:
        number = _as_int(value)
        if number is None:
            raise self._refuse(value)
        assert self.minimum is not None and self.maximum is not None  # __post_init__
        if not self.minimum <= number <= self.maximum:
            raise self._refuse(value)
        return number

    def _validate_choice(self, value: object) -> OptionValue:
        for choice in self.choices:
            if isinstance(choice, bool):
                continue
            if isinstance(choice, int):
                if _as_int(value) == choice:
                    return choice
            elif isinstance(value, str) and value.strip().casefold() == choice.casefold():
                return choice
        raise self._refuse(value)

    def describe(self) -> dict[str, Any]:
        """A JSON-able description for help pages and web forms."""
        description: dict[str, Any] = {
            "name": self.name,
            "kind": self.kind,
            "default": self.default,
            "help": self.help,
            "allowed": self.allowed_text(),
        }
        if self.kind == "choice":
            description["choices"] = list(self.choices)
        if self.kind == "integer":
            description["minimum"] = self.minimum
            description["maximum"] = self.maximum
        return description


def _as_int(value: object) -> int | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, str):
        try:
            return int(value.strip())
        except ValueError:
            return None
    return None


def show_value(value: OptionValue) -> str:
    """An option's value as a command line or a sentence writes it
    (``true``, ``black_sevens``, ``52``)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


class OptionSchema:
    """The ordered options of one game."""

    def __init__(self, options: Iterable[Option]) -> None:
        self.options: dict[str, Option] = {option.name: option for option in options}

    def __iter__(self) -> Any:
        return iter(self.options.values())

    def __contains__(self, name: object) -> bool:
        return name in self.options

    def defaults(self) -> dict[str, OptionValue]:
        """Every option at its default."""
        return {name: option.default for name, option in self.options.items()}

    def validate(self, values: Mapping[str, object]) -> dict[str, OptionValue]:
        """Defaults overridden by ``values``; unknown names and bad values raise."""
        unknown = [name for name in values if name not in self.options]
        if unknown:
            known = ", ".join(self.options) or "none"
            raise OptionError(f"unknown option {unknown[0]!r}; the options are {known}")
        result = self.defaults()
        for name, value in values.items():
            result[name] = self.options[name].validate(value)
        return result

    def describe(self) -> list[dict[str, Any]]:
        """Every option's JSON-able description, in declaration order."""
        return [option.describe() for option in self.options.values()]


def parse_option_assignments(assignments: Iterable[str]) -> dict[str, str]:
    """``["target=10", "capot=no"]`` as a mapping, for command lines."""
    result: dict[str, str] = {}
    for assignment in assignments:
        name, separator, value = assignment.partition("=")
        if not separator or not name.strip():
            raise OptionError(f"write options as name=value, not {assignment!r}")
        result[name.strip()] = value.strip()
    return result
