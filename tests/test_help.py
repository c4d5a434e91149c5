"""The rules help shipped as files, one per language (:mod:`parlour.help`)."""

from __future__ import annotations

from importlib import resources

import pytest

from parlour.engine import events
from parlour.engine.registry import game_class, games
from parlour.help import LANGUAGES, rules_help


def packaged_names(lang: str) -> set[str]:
    folder = resources.files("parlour.help").joinpath(lang)
    return {entry.name.removesuffix(".txt") for entry in folder.iterdir()
            if entry.name.endswith(".txt")}


def test_every_game_and_event_has_a_help_file_and_no_file_is_stray() -> None:
    names = set(games()) | set(events.names())
    for lang in LANGUAGES:
        assert packaged_names(lang) == names


@pytest.mark.parametrize("name", sorted(games()))
def test_a_games_help_names_it_and_fills_in_its_commands(name: str) -> None:
    cls = game_class(name)
    text = cls.rules_help()
    assert "{commands}" not in text
    assert text.split(" ", 1)[0].rstrip(",") in cls.title.upper().replace("’", "'")
    if cls.commands_help is not None:
        assert f"\n\n{cls.commands_help}\n\n" in text


def test_the_commands_line_stands_for_the_commands_help() -> None:
    raw = resources.files("parlour.help").joinpath("en", "progress.txt").read_text()
    assert "{commands}" in raw
    assert rules_help("progress", "", "en", "Commands: X.") == raw.replace(
        "{commands}", "Commands: X.")
    with pytest.raises(ValueError) as error:
        rules_help("progress", "", "en", None)
    assert str(error.value) == ("the help of progress has a {commands} line but the game no "
                                "commands help")


def test_an_unknown_language_or_a_game_without_help_is_named() -> None:
    with pytest.raises(ValueError) as error:
        game_class("polignac").rules_help("xx")
    assert str(error.value) == "there is no rules help in 'xx'; the languages are en"
    with pytest.raises(ValueError) as error:
        rules_help("no-such-game", "", "en", None)
    assert str(error.value) == "no-such-game has no rules help in 'en'"


def test_a_game_outside_the_package_keeps_its_help_in_its_class() -> None:
    assert rules_help("no-such-game", "TOY: a game.", "en", None) == "TOY: a game."
