"""Fuzzing the card-code parsers of every deck: any text gives a card of
that deck or a :class:`ParseError` naming the text, and every card's code
and name read back as that card in any case and spacing."""

from __future__ import annotations

import pytest
from fuzz_support import SPACES, arbitrary_text, fuzz_settings, texts_near
from hypothesis import given
from hypothesis import strategies as st

from parlour.cards import DECKS, Deck, deck_named
from parlour.errors import ParseError

DECK_NAMES = sorted(DECKS)


def spellings(deck: Deck) -> list[str]:
    """Every card's code and name: the real texts that near misses start from."""
    return [text for card in deck for text in (card.code, card.name, card.symbol)]


def check_parse(deck: Deck, text: str) -> None:
    """``deck.parse(text)`` is a card of ``deck`` or the documented refusal."""
    try:
        card = deck.parse(text)
    except ParseError as error:
        assert str(error) == (
            f"{text!r} is not a card of the {deck.title}; write a code such as {deck.example}"
        )
        return
    assert deck[card.id] is card
    assert deck.parse(str(card)) is card


@pytest.mark.parametrize("name", DECK_NAMES)
def test_every_card_reads_back_from_its_code_and_name(name: str) -> None:
    deck = DECKS[name]
    assert [card.id for card in deck] == list(range(len(deck)))
    for card in deck:
        for text in (str(card), card.name):
            for spelling in (text, text.upper(), text.lower(), text.swapcase(), f" {text}\t"):
                assert deck.parse(spelling) is card, spelling


@pytest.mark.parametrize("name", DECK_NAMES)
@fuzz_settings(3)
@given(text=arbitrary_text())
def test_arbitrary_text_is_a_card_or_a_parse_error(name: str, text: str) -> None:
    check_parse(DECKS[name], text)


@pytest.mark.parametrize("name", DECK_NAMES)
@fuzz_settings(5)
@given(data=st.data())
def test_near_misses_of_real_codes_are_a_card_or_a_parse_error(name: str,
                                                               data: st.DataObject) -> None:
    deck = DECKS[name]
    check_parse(deck, data.draw(texts_near(spellings(deck))))


@pytest.mark.parametrize("name", DECK_NAMES)
@fuzz_settings(2)
@given(data=st.data())
def test_case_and_outer_spaces_never_change_the_card(name: str, data: st.DataObject) -> None:
    deck = DECKS[name]
    card = data.draw(st.sampled_from(deck.cards))
    text = data.draw(st.sampled_from([card.code, card.name]))
    before = data.draw(st.text(alphabet=SPACES, max_size=3))
    after = data.draw(st.text(alphabet=SPACES, max_size=3))
    swapped = "".join(
        character.swapcase() if data.draw(st.booleans()) else character for character in text
    )
    assert deck.parse(before + swapped + after) is card


@pytest.mark.parametrize("name", DECK_NAMES)
@fuzz_settings(2)
@given(data=st.data())
def test_lists_of_codes_give_cards_or_a_parse_error(name: str, data: st.DataObject) -> None:
    deck = DECKS[name]
    texts = data.draw(st.lists(texts_near(spellings(deck)) | arbitrary_text(8), max_size=6))
    joined = data.draw(st.sampled_from([" ", ",", ", ", "\n"])).join(texts)
    for value in (texts, joined):
        try:
            mask = deck.mask(value)
        except ParseError:
            continue
        assert mask & ~deck.full_mask == 0
        assert mask.bit_count() == len(deck.parse_many(value))


@fuzz_settings()
@given(text=arbitrary_text())
def test_deck_names_are_a_deck_or_a_parse_error(text: str) -> None:
    try:
        deck = deck_named(text)
    except ParseError as error:
        assert str(error) == (
            f"no deck called {text!r}; decks are {', '.join(sorted(DECKS))}"
        )
        return
    assert DECKS[text] is deck
