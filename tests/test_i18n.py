"""The message catalogues and the choice of a language (parlour.i18n)."""

from __future__ import annotations

import ast

import pytest

from parlour.i18n import (
    DOMAINS,
    Messages,
    check_language,
    from_accept_language,
    from_environment,
    language_of,
    translate,
)
from parlour.i18n.extract import message_of

SPANISH = Messages("es", {
    "{seat} plays {card}": "{seat} juega {card}",
    "{seat} wins the trick with {card}": "{seat} gana la baza con {card}",
    "{card} is not in your hand": "{card} no está en tu mano",
    "pass": "paso",
    "{seat} says {word}": "{seat} dice {word}",
    "{seat} gives {card} to {seat}": "{seat} da {card} a {seat}",
})


def test_a_made_message_is_recognised_and_said_in_spanish() -> None:
    assert SPANISH.translate("P1 plays 7Cr") == "P1 juega 7Cr"
    assert SPANISH.translate("Ana wins the trick with KSu") == "Ana gana la baza con KSu"
    assert SPANISH.translate("QMo is not in your hand") == "QMo no está en tu mano"


def test_a_field_that_is_a_message_is_translated_too() -> None:
    assert SPANISH.translate("P2 says pass") == "P2 dice paso"


def test_a_field_that_is_a_list_has_each_item_said() -> None:
    party = Messages("es", {"  table {number}: {players}": "  mesa {number}: {players}",
                            "{name} ({role})": "{name} ({role})", "Up": "Arriba",
                            "Down": "Abajo"})
    assert party.translate("  table 1: Ann (Up), Bob (Down)") == \
        "  mesa 1: Ann (Arriba), Bob (Abajo)"
    assert party.translate("Ann (Up)") == "Ann (Arriba)"


def test_a_repeated_field_must_repeat_its_value() -> None:
    assert SPANISH.translate("P1 gives 7Cr to P1") == "P1 da 7Cr a P1"
    assert SPANISH.translate("P1 gives 7Cr to P2") == "P1 gives 7Cr to P2"


def test_a_template_with_little_text_of_its_own_takes_values_not_sentences() -> None:
    short = Messages("es", {"{code} as {face}": "{code} como {face}",
                            "{names} and {last}": "{names} y {last}", "pass": "paso"})
    assert short.translate("3St as 8St") == "3St como 8St"
    assert short.translate("Jean de la Fontaine as pass") == "Jean de la Fontaine como paso"
    assert short.translate("P1, P2, P3 and P4") == "P1, P2, P3 y P4"
    sentence = "Input should be a valid integer, unable to parse string as an integer"
    assert short.translate(sentence) == sentence
    assert short.translate("the first player to move and the last") == \
        "the first player to move and the last"


def test_a_cards_name_is_said_by_its_rank_and_suit_and_nothing_else_is() -> None:
    words = Messages("es", {"{rank} of {suit}": "{rank} de {suit}",
                            "{rank}-{suit}": "{rank} de {suit}", "Ace": "As",
                            "Moons": "Lunas", "Acorns": "Bellotas", "Hearts": "Corazones",
                            "{seat} plays {card}": "{seat} juega {card}"})
    assert words.translate("Ace of Moons") == "As de Lunas"
    assert words.translate("Unter-Acorns") == "Unter de Bellotas"
    assert words.translate("Jean-Luc plays Ace-Hearts") == "Jean-Luc juega As de Corazones"
    assert words.translate("The Cave") == "The Cave"  # a card with a name of its own
    assert words.translate("Jean-Luc") == "Jean-Luc"  # no card's name
    assert words.translate("Ace of Spoons") == "Ace of Spoons"
    assert translate("7 of Suns #2", "es") == "7 de Soles #2"


def test_text_the_catalogue_does_not_know_stays_english_line_by_line() -> None:
    assert SPANISH.translate("nobody knows this") == "nobody knows this"
    assert SPANISH.translate("P0 plays 8St\nsomething else") == "P0 juega 8St\nsomething else"


def test_say_fills_a_message_in_the_language() -> None:
    assert SPANISH.say("{seat} plays {card}", seat="P0", card="1Cr") == "P0 juega 1Cr"
    assert SPANISH.say("not in the catalogue {x}", x=3) == "not in the catalogue 3"


@pytest.mark.parametrize(("value", "lang"), [
    ("es", "es"), ("es_ES.UTF-8", "es"), ("es-419", "es"), ("ES", "es"),
    ("en_GB.UTF-8", "en"), ("fr_FR", "en"), ("", "en"), (None, "en"),
])
def test_language_of_a_locale(value: str | None, lang: str) -> None:
    assert language_of(value) == lang


@pytest.mark.parametrize(("environ", "lang"), [
    ({}, "en"),
    ({"LANG": "es_ES.UTF-8"}, "es"),
    ({"LANG": "es_ES.UTF-8", "LC_ALL": "C"}, "en"),
    ({"LC_MESSAGES": "es_AR", "LANG": "en_US"}, "es"),
    ({"LANGUAGE": "fr:es", "LANG": "en_US"}, "es"),
    ({"LANGUAGE": "en:es", "LANG": "es_ES"}, "en"),
])
def test_language_from_the_locale_variables(environ: dict[str, str], lang: str) -> None:
    assert from_environment(environ) == lang


@pytest.mark.parametrize(("header", "lang"), [
    ("es-ES,es;q=0.9,en;q=0.8", "es"),
    ("en-US,en;q=0.9,es;q=0.8", "en"),
    ("fr-FR,fr;q=0.9,es;q=0.5", "es"),
    ("de, en;q=0.1, es;q=0.7", "es"),
    ("es;q=0", "en"),
    ("", "en"),
    (None, "en"),
])
def test_language_from_accept_language(header: str | None, lang: str) -> None:
    assert from_accept_language(header) == lang


def test_a_language_parlour_does_not_speak_is_refused() -> None:
    with pytest.raises(ValueError, match="parlour does not speak 'fr'; the languages are en, es"):
        check_language("fr")


@pytest.mark.parametrize(("source", "msgid"), [
    ('"plain words"', "plain words"),
    ('f"{card} is not in your hand"', "{card} is not in your hand"),
    ('f"{self.deck.code} twice, {name!r} once"', "{code} twice, {name} once"),
    ('f"{a.code} and {b.code}"', "{code} and {code_2}"),
    ('f"seat from 0 to {n - 1}"', "seat from 0 to {_1}"),
    ('"a {literal} brace"', "a {{literal}} brace"),
])
def test_a_message_is_found_as_the_code_writes_it(source: str, msgid: str) -> None:
    node = ast.parse(source, mode="eval").body
    assert message_of(node) == msgid


COMPLETE = DOMAINS
"""The domains whose Spanish catalogue is finished: each must say every
message its sources hold (all of them)."""


def _spanish_catalogue(domain: str) -> dict[str, tuple[str, bool]]:
    """Every message of ``domain``'s Spanish ``.po``: its translation and
    whether it is fuzzy."""
    from babel.messages.pofile import read_po

    from parlour.i18n import catalogue_path

    with catalogue_path("es", domain).open("rb") as stream:
        catalog = read_po(stream, locale="es")
    return {str(message.id): (str(message.string), message.fuzzy)
            for message in catalog if message.id}


def test_every_finished_domain_is_one_of_parlour_s() -> None:
    from parlour.i18n import DOMAINS

    assert set(COMPLETE) <= set(DOMAINS)


@pytest.mark.parametrize("domain", COMPLETE)
def test_every_message_of_a_finished_domain_has_its_spanish_with_the_same_fields(
        domain: str) -> None:
    from parlour.i18n.extract import FIELD, extract

    catalogue = _spanish_catalogue(domain)
    found = extract(domain)
    assert sorted(set(found) - set(catalogue)) == []  # run `make messages`
    assert sorted(set(catalogue) - set(found)) == []
    assert sorted(msgid for msgid, (msgstr, fuzzy) in catalogue.items()
                  if not msgstr.strip() or fuzzy) == []
    assert sorted(msgid for msgid, (msgstr, _) in catalogue.items()
                  if sorted(FIELD.findall(msgid)) != sorted(FIELD.findall(msgstr))) == []
