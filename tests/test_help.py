"""The rules help shipped as files, one per language (:mod:`parlour.help`)."""

from __future__ import annotations

import re
from importlib import resources

import pytest

from parlour import i18n
from parlour.engine import events
from parlour.engine.registry import game_class, games
from parlour.help import LANGUAGES, rules_help

NAMES = sorted(set(games()) | set(events.names()))


def packaged_names(lang: str) -> set[str]:
    folder = resources.files("parlour.help").joinpath(lang)
    return {entry.name.removesuffix(".txt") for entry in folder.iterdir()
            if entry.name.endswith(".txt")}


def raw(lang: str, name: str) -> str:
    return resources.files("parlour.help").joinpath(lang, f"{name}.txt").read_text(
        encoding="utf-8")


def test_the_help_speaks_every_language_parlour_speaks() -> None:
    assert LANGUAGES == i18n.LANGUAGES == ("en", "es")


def test_every_game_and_event_has_a_help_file_and_no_file_is_stray() -> None:
    names = set(NAMES)
    for lang in LANGUAGES:
        assert packaged_names(lang) == names


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("name", sorted(games()))
def test_a_games_help_names_it_and_fills_in_its_commands(name: str, lang: str) -> None:
    cls = game_class(name)
    text = cls.rules_help(lang)
    assert "{commands}" not in text
    assert text.split(" ", 1)[0].rstrip(",") in cls.title.upper().replace("’", "'")
    if cls.commands_help is not None:
        assert f"\n\n{cls.commands_help}\n\n" in text


@pytest.mark.parametrize("name", NAMES)
def test_the_spanish_help_keeps_the_commands_line_and_the_shape_of_the_english(
        name: str) -> None:
    english, spanish = raw("en", name), raw("es", name)
    assert spanish.count("{commands}") == english.count("{commands}")
    assert ("\n\n{commands}\n\n" in spanish) == ("\n\n{commands}\n\n" in english)
    # The same sections: as many paragraphs (and one more, saying that the
    # commands are typed in English, before a commands line) and as many
    # points in each list.
    assert spanish.count("\n\n") == english.count("\n\n") + english.count("{commands}")
    assert spanish.count("\n- ") == english.count("\n- ")
    assert spanish.endswith("\n") and not spanish.endswith("\n\n")
    assert max(len(line) for line in spanish.splitlines()) <= 77


OPTION = re.compile(r"\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+(?:=[a-z0-9_\"]+)?|\b[a-z_]+=[\w\"]+")
NUMBER = re.compile(r"\d+")
CARD = re.compile(r"\b(?:\d{1,2}|[AKQJ])(?:Cr|Su|Mo|St|[SCHD])\b|\bP\b")
SOURCE = re.compile(r"rules/\w+\.md §[\d.]+|progress\.md [\d.]+|\b(?:RA|D|PA)\d+\b")


@pytest.mark.parametrize("name", NAMES)
def test_the_spanish_help_keeps_the_options_sources_numbers_and_cards_of_the_english(
        name: str) -> None:
    english, spanish = raw("en", name), raw("es", name)
    assert set(OPTION.findall(spanish)) == set(OPTION.findall(english))
    assert SOURCE.findall(" ".join(spanish.split())) == SOURCE.findall(" ".join(english.split()))
    # Every number the English gives (1,000 is 1000 in Spanish); the Spanish
    # may add some, explaining the commands.
    assert set(NUMBER.findall(english.replace(",000", "000"))) <= set(NUMBER.findall(spanish))
    assert set(CARD.findall(english)) <= set(CARD.findall(spanish))


ENGLISH_HEADINGS = ("Aim:", "Cards:", "Deal:", "The pack:", "Your turn:", "Melds:",
                    "Contracts:", "The swap:", "Scoring:", "Opening:", "Options:",
                    "Capot:", "The mog:", "The play:", "The show", "The event:",
                    "A round:", "The signal:", "Moving,", "The winner:", "Bound cards:",
                    "Winning a round:", "Decisions", "Engine choices", "Commands",
                    "Won when", "Lost when", "Score:")
ENGLISH_WORDS = re.compile(r"\b(?:the|and|of|with|when|each|players?|cards?|tricks?|"
                           r"you|your|is|are|not)\b", re.IGNORECASE)
PROPER_NAMES = ("Chase the Ace", "Screw Your Neighbor", "nine men's morris", "pairing up",
                "The Light Keeper", "The Rite", "lots-of-kids-games.com")
"""English names the Spanish help keeps (other names of a game, a board, a
variant, Decktet cards, a source's web address)."""


@pytest.mark.parametrize("name", NAMES)
def test_the_spanish_help_has_no_english_left(name: str) -> None:
    # a source's web address is no English prose (gambiter.com/cards/...)
    text = re.sub(r"https?://\S+", "", " ".join(raw("es", name).split()))
    for proper in PROPER_NAMES:
        text = text.replace(proper, "")
    assert [heading for heading in ENGLISH_HEADINGS if heading in text] == []
    assert ENGLISH_WORDS.findall(text) == []


def test_the_spanish_help_says_the_game_in_spanish() -> None:
    assert game_class("polignac").rules_help("es").splitlines()[0] == (
        "POLIGNAC — de 3 a 8 jugadores, con una baraja de piquet de 32 cartas.")
    assert "la sota de picas («el Polignac») 2" in " ".join(
        game_class("polignac").rules_help("es").split())
    progress = game_class("progress").rules_help("es")
    assert progress.startswith("PROGRESS (Progreso) — el juego de sietes de Pepys (1938)")
    assert "Corona, Sol, Luna y Estrella" in progress
    assert "Las órdenes se escriben en inglés:" in progress
    assert events.event_class("progress-races").rules_help("es").startswith(
        "PROGRESS RACES (Carreras de Progreso) — Progress en una velada progresiva")


def test_the_spanish_help_says_the_commands_are_typed_in_english() -> None:
    commands_help = game_class("progress-rummy").commands_help
    assert commands_help is not None
    text = game_class("progress-rummy").rules_help("es")
    before = " ".join(text.split(f"\n\n{commands_help}\n\n")[0].rsplit("\n\n", 1)[1].split())
    assert before.startswith("Las órdenes se escriben en inglés: draw (robar del mazo) o "
                             "take (coger el descarte)")


def test_the_commands_line_stands_for_the_commands_help() -> None:
    for lang in LANGUAGES:
        text = raw(lang, "progress")
        assert "{commands}" in text
        assert rules_help("progress", "", lang, "Commands: X.") == text.replace(
            "{commands}", "Commands: X.")
        with pytest.raises(ValueError) as error:
            rules_help("progress", "", lang, None)
        assert str(error.value) == ("the help of progress has a {commands} line but the game "
                                    "no commands help")


def test_an_unknown_language_or_a_game_without_help_is_named() -> None:
    with pytest.raises(ValueError) as error:
        game_class("polignac").rules_help("xx")
    assert str(error.value) == "there is no rules help in 'xx'; the languages are en, es"
    with pytest.raises(ValueError) as error:
        rules_help("no-such-game", "", "en", None)
    assert str(error.value) == "no-such-game has no rules help in 'en'"
    with pytest.raises(ValueError) as error:
        rules_help("no-such-game", "", "es", None)
    assert str(error.value) == "no-such-game has no rules help in 'es'"


def test_a_game_outside_the_package_keeps_its_help_in_its_class() -> None:
    assert rules_help("no-such-game", "TOY: a game.", "en", None) == "TOY: a game."


def test_a_game_outside_the_package_gives_its_english_help_to_a_spanish_player() -> None:
    assert rules_help("no-such-game", "TOY: a game.", "es", None) == "TOY: a game."
