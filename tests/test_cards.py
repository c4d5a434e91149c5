"""The card model and the seven decks: layout, codes, parsing, errors, bitsets."""

from __future__ import annotations

import itertools
import json
import re
from collections import Counter
from importlib import resources

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from parlour.cards import (
    DECKS,
    DECKTET_BASIC,
    DECKTET_EXTENDED,
    FRENCH_52,
    GERMAN_32,
    PIQUET_32,
    PROGRESS_53,
    PROGRESS_DOUBLE,
    Card,
    Deck,
    bits_of,
    deck_named,
    iter_bits,
    lowest_bit,
    mask_of,
)
from parlour.errors import ParseError

ALL_DECKS = list(DECKS.values())
DECK_IDS = list(DECKS)


# --- sizes and index layout --------------------------------------------------


def test_the_seven_decks_are_registered_by_name() -> None:
    assert {name: len(deck) for name, deck in DECKS.items()} == {
        "french52": 52,
        "piquet32": 32,
        "german32": 32,
        "progress53": 53,
        "progress106": 106,
        "decktet36": 36,
        "decktet45": 45,
    }
    for name, deck in DECKS.items():
        assert deck.name == name
        assert deck_named(name) is deck


def test_deck_named_unknown_lists_the_decks() -> None:
    with pytest.raises(ParseError) as caught:
        deck_named("tarot78")
    assert str(caught.value) == (
        "no deck called 'tarot78'; decks are decktet36, decktet45, french52, german32, "
        "piquet32, progress106, progress53"
    )


@pytest.mark.parametrize("deck", ALL_DECKS, ids=DECK_IDS)
def test_ids_codes_and_masks_are_consistent(deck: Deck) -> None:
    assert [card.id for card in deck] == list(range(len(deck)))
    assert all(deck[index] is card for index, card in enumerate(deck.cards))
    assert all(card.deck == deck.name for card in deck)
    assert len({card.code for card in deck}) == len(deck)
    assert len({card.name.casefold() for card in deck}) == len(deck)
    assert deck.full_mask == (1 << len(deck)) - 1
    for suit, suit_mask in zip(deck.suits, deck.suit_masks, strict=True):
        assert bits_of(suit_mask) == [card.id for card in deck if suit in card.suits]
    assert deck.codes(deck.full_mask) == [card.code for card in deck]


def _french_layout(ranks: str) -> list[str]:
    return [rank + suit for suit in "SHDC" for rank in ranks]


def test_french_52_layout() -> None:
    assert [card.code for card in FRENCH_52] == _french_layout("23456789TJQKA")
    assert FRENCH_52.suits == ("Spades", "Hearts", "Diamonds", "Clubs")
    assert FRENCH_52[0].name == "2 of Spades"
    assert FRENCH_52[51].name == "Ace of Clubs"
    assert FRENCH_52.parse("QH").suit == "Hearts"
    assert FRENCH_52.parse("QH").red and FRENCH_52.parse("QD").red
    assert not FRENCH_52.parse("QS").red and not FRENCH_52.parse("QC").red
    assert FRENCH_52.parse("TD").symbol == "10♦"
    assert bits_of(FRENCH_52.suit_masks[1]) == list(range(13, 26))


def test_piquet_32_layout() -> None:
    assert [card.code for card in PIQUET_32] == _french_layout("789TJQKA")
    assert PIQUET_32.parse("7S").id == 0
    assert PIQUET_32.parse("JS").id == 4
    assert PIQUET_32.parse("AC").id == 31
    assert PIQUET_32.parse("JS").name == "Jack of Spades"


def test_german_32_layout() -> None:
    expected = [rank + suit for suit in "ALHB" for rank in "789TUOKA"]
    assert [card.code for card in GERMAN_32] == expected
    assert GERMAN_32.suits == ("Acorns", "Leaves", "Hearts", "Bells")
    assert [card.rank for card in GERMAN_32.cards[:8]] == [
        "7", "8", "9", "10", "Unter", "Ober", "King", "Ace",
    ]
    assert GERMAN_32.parse("OA").name == "Ober-Acorns"
    assert GERMAN_32.parse("OA").id == 5
    assert GERMAN_32.parse("AB").id == 31


def test_progress_53_layout() -> None:
    expected = [
        f"{number}{sign}" for sign in ("Cr", "Su", "Mo", "St") for number in range(1, 14)
    ] + ["P"]
    assert [card.code for card in PROGRESS_53] == expected
    assert PROGRESS_53.suits == ("Crown", "Sun", "Moon", "Star")
    progress = PROGRESS_53[52]
    assert (progress.code, progress.name, progress.suits, progress.suit) == (
        "P", "Progress", (), None,
    )
    assert PROGRESS_53.parse("7Su").name == "7 of Suns"
    assert PROGRESS_53.parse("13St").id == 51


def test_progress_double_layout() -> None:
    first = [card.code for card in PROGRESS_53]
    assert [card.code for card in PROGRESS_DOUBLE] == first + [code + "#2" for code in first]
    for card in PROGRESS_53:
        twin = PROGRESS_DOUBLE[53 + card.id]
        assert (twin.rank, twin.suits) == (card.rank, card.suits)
        assert PROGRESS_DOUBLE[card.id].code == card.code
    assert PROGRESS_DOUBLE.parse("7Su#2").id == 53 + 13 + 6
    assert PROGRESS_DOUBLE.parse("P#2").id == 105
    assert PROGRESS_DOUBLE.parse("7 of Suns #2").id == 72


def _decktet_rows() -> list[dict[str, object]]:
    text = resources.files("parlour").joinpath("data/decktet.json").read_text("utf-8")
    rows: list[dict[str, object]] = json.loads(text)["cards"]
    return rows


def test_decktet_layout_follows_the_data_file() -> None:
    rows = _decktet_rows()
    assert [card.name for card in DECKTET_EXTENDED] == [row["name"] for row in rows]
    basic = [row for row in rows if not row["extended"]]
    assert [card.name for card in DECKTET_BASIC] == [row["name"] for row in basic]
    assert [row["name"] for row in rows[:36]] == [row["name"] for row in basic]
    for card, row in zip(DECKTET_EXTENDED, rows, strict=True):
        assert card.rank == str(row["rank"])
        assert list(card.suits) == row["suits"]
    assert DECKTET_EXTENDED.suits == ("Moons", "Suns", "Waves", "Leaves", "Wyrms", "Knots")
    assert str(DECKTET_BASIC.parse("The Huntress")) == "Huntress"
    assert str(DECKTET_BASIC[0]) == "Ace of Moons"


def test_shipped_decktet_data_is_a_copy_of_the_shared_file() -> None:
    shared = resources.files("parlour").joinpath("data/decktet.json")
    assert shared.is_file()
    data = json.loads(shared.read_text("utf-8"))
    assert data["header"]["deck"] == "The Decktet"
    assert len(data["cards"]) == 45


# --- round trips -------------------------------------------------------------


@st.composite
def deck_and_card(draw: st.DrawFn) -> tuple[Deck, Card]:
    deck = draw(st.sampled_from(ALL_DECKS))
    return deck, draw(st.sampled_from(deck.cards))


@given(deck_and_card())
@settings(max_examples=300, deadline=None)
def test_parse_str_round_trip(pair: tuple[Deck, Card]) -> None:
    deck, card = pair
    assert deck.parse(str(card)) == card
    assert deck.parse(str(card).lower()) == card
    assert deck.parse(str(card).upper()) == card
    assert deck.parse(card.name) == card
    assert deck.parse(f"  {card.name.upper()}  ") == card


@pytest.mark.parametrize("deck", ALL_DECKS, ids=DECK_IDS)
def test_every_card_round_trips(deck: Deck) -> None:
    for card in deck:
        assert deck.parse(str(card)) is card
        assert deck.parse(card.name) is card


@pytest.mark.parametrize("deck", ALL_DECKS, ids=DECK_IDS)
def test_mask_and_codes_round_trip(deck: Deck) -> None:
    codes = [card.code for card in deck.cards[::3]]
    mask = deck.mask(codes)
    assert deck.codes(mask) == codes
    assert deck.parse_many(codes) == list(deck.cards[::3])


def test_parse_many_splits_a_string_on_spaces_and_commas() -> None:
    assert [card.code for card in PIQUET_32.parse_many("JS, 10d  q♥,KC")] == [
        "JS", "TD", "QH", "KC",
    ]


def test_mask_refuses_a_repeated_card() -> None:
    with pytest.raises(ParseError) as caught:
        PIQUET_32.mask(["JS", "QH", "j♠"])
    assert str(caught.value) == "JS is listed twice"


# --- every accepted spelling -------------------------------------------------

SPELLINGS: list[tuple[Deck, str, str]] = [
    # French (and piquet) codes: rank letter or 10, suit letter or symbol
    (FRENCH_52, "JS", "JS"),
    (FRENCH_52, "TD", "TD"),
    (FRENCH_52, "10D", "TD"),
    (FRENCH_52, "10♦", "TD"),
    (FRENCH_52, "J♠", "JS"),
    (FRENCH_52, "js", "JS"),
    (FRENCH_52, "j♠", "JS"),
    (FRENCH_52, "td", "TD"),
    (FRENCH_52, "Q♥", "QH"),
    (FRENCH_52, "qh", "QH"),
    (FRENCH_52, "A♣", "AC"),
    (FRENCH_52, "2♠", "2S"),
    (FRENCH_52, "Queen of Hearts", "QH"),
    (FRENCH_52, "ace of spades", "AS"),
    (PIQUET_32, "10♥", "TH"),
    (PIQUET_32, "7c", "7C"),
    (PIQUET_32, "KD", "KD"),
    # German: short codes and long names
    (GERMAN_32, "Ober-Acorns", "OA"),
    (GERMAN_32, "Ober of Acorns", "OA"),
    (GERMAN_32, "ober of acorns", "OA"),
    (GERMAN_32, "OA", "OA"),
    (GERMAN_32, "oa", "OA"),
    (GERMAN_32, "10-Bells", "TB"),
    (GERMAN_32, "10B", "TB"),
    (GERMAN_32, "Ace-Leaves", "AL"),
    (GERMAN_32, "Daus-Leaves", "AL"),
    (GERMAN_32, "Unter-Hearts", "UH"),
    (GERMAN_32, "King of Bells", "KB"),
    (GERMAN_32, "7-Acorns", "7A"),
    # Progress
    (PROGRESS_53, "7Su", "7Su"),
    (PROGRESS_53, "7su", "7Su"),
    (PROGRESS_53, "13Cr", "13Cr"),
    (PROGRESS_53, "1Mo", "1Mo"),
    (PROGRESS_53, "10St", "10St"),
    (PROGRESS_53, "P", "P"),
    (PROGRESS_53, "p", "P"),
    (PROGRESS_53, "Progress", "P"),
    (PROGRESS_53, "7 of Suns", "7Su"),
    (PROGRESS_53, "13 of crowns", "13Cr"),
    (PROGRESS_DOUBLE, "7Su", "7Su"),
    (PROGRESS_DOUBLE, "7Su#2", "7Su#2"),
    (PROGRESS_DOUBLE, "p#2", "P#2"),
    # Decktet
    (DECKTET_BASIC, "The Huntress", "Huntress"),
    (DECKTET_BASIC, "Huntress", "Huntress"),
    (DECKTET_BASIC, "the huntress", "Huntress"),
    (DECKTET_BASIC, "Ace of Moons", "Ace of Moons"),
    (DECKTET_BASIC, "ace of moons", "Ace of Moons"),
    (DECKTET_BASIC, "Crown of Knots", "Windfall"),
    (DECKTET_BASIC, "Crown of Moons", "Huntress"),
    (DECKTET_BASIC, "The Chance Meeting", "Chance Meeting"),
    (DECKTET_BASIC, "chance meeting", "Chance Meeting"),
    (DECKTET_EXTENDED, "Excuse", "Excuse"),
    (DECKTET_EXTENDED, "The Excuse", "Excuse"),
    (DECKTET_EXTENDED, "The Watchman", "Watchman"),
    (DECKTET_EXTENDED, "Light Keeper", "Light Keeper"),
    (DECKTET_EXTENDED, "the light keeper", "Light Keeper"),
    (DECKTET_EXTENDED, "Harvest", "Harvest"),
    (DECKTET_EXTENDED, "Borderland", "Borderland"),
    (DECKTET_EXTENDED, "The Consul", "Consul"),
    (DECKTET_EXTENDED, "Rite", "Rite"),
    (DECKTET_EXTENDED, "The Window", "Window"),
    (DECKTET_EXTENDED, "Island", "Island"),
    (DECKTET_EXTENDED, "Crown of Wyrms", "Calamity"),
]


@pytest.mark.parametrize(("deck", "text", "code"), SPELLINGS,
                         ids=[f"{deck.name}:{text}" for deck, text, _ in SPELLINGS])
def test_accepted_spelling(deck: Deck, text: str, code: str) -> None:
    assert deck.parse(text).code == code


@pytest.mark.parametrize("deck", [FRENCH_52, PIQUET_32], ids=["french52", "piquet32"])
def test_every_french_spelling(deck: Deck) -> None:
    for card in deck:
        rank, letter = card.code
        symbol = "♠♥♦♣"["SHDC".index(letter)]
        ranks = {rank, "10"} if rank == "T" else {rank}
        for rank_text, suit_text in itertools.product(ranks, {letter, symbol}):
            for text in (rank_text + suit_text, (rank_text + suit_text).lower()):
                assert deck.parse(text) is card, text


def test_every_german_spelling() -> None:
    long_ranks = {"7": "7", "8": "8", "9": "9", "T": "10", "U": "Unter", "O": "Ober",
                  "K": "King", "A": "Ace"}
    for card in GERMAN_32:
        short, letter = card.code
        suit = {"A": "Acorns", "L": "Leaves", "H": "Hearts", "B": "Bells"}[letter]
        long_rank = long_ranks[short]
        for text in (f"{long_rank}-{suit}", f"{long_rank} of {suit}", card.code,
                     f"{long_rank}{letter}", f"{long_rank.upper()}-{suit.lower()}"):
            assert GERMAN_32.parse(text) is card, text


def test_every_progress_spelling() -> None:
    signs = {"Cr": "Crown", "Su": "Sun", "Mo": "Moon", "St": "Star"}
    for card in PROGRESS_53.cards[:52]:
        match = re.fullmatch(r"(\d+)(\w\w)", card.code)
        assert match is not None
        number, abbreviation = match.groups()
        for text in (f"{number}{abbreviation}", f"{number} of {signs[abbreviation]}s",
                     f"{number}{abbreviation.upper()}"):
            assert PROGRESS_53.parse(text) is card, text


@pytest.mark.parametrize("deck", [DECKTET_BASIC, DECKTET_EXTENDED], ids=["36", "45"])
def test_every_decktet_name_with_or_without_the(deck: Deck) -> None:
    for card in deck:
        short = card.name.removeprefix("The ")
        assert deck.parse(short) is card
        assert deck.parse("The " + short) is card
        assert deck.parse(short.upper()) is card
        if card.rank == "Crown":
            assert deck.parse(f"Crown of {card.suits[0]}") is card


@pytest.mark.parametrize("deck", ALL_DECKS, ids=DECK_IDS)
def test_the_example_codes_in_errors_are_cards_of_that_deck(deck: Deck) -> None:
    examples = re.split(r",\s*|\s+or\s+", deck.example)
    assert len(examples) >= 2
    for example in examples:
        deck.parse(example)


# --- errors ------------------------------------------------------------------


def test_parse_error_message_french() -> None:
    with pytest.raises(ParseError) as caught:
        FRENCH_52.parse("ZZ")
    assert str(caught.value) == (
        "'ZZ' is not a card of the French 52-card pack; write a code such as JS, TD, 10D or J♠"
    )


def test_parse_error_message_german() -> None:
    with pytest.raises(ParseError) as caught:
        GERMAN_32.parse("Ober-Moons")
    assert str(caught.value) == (
        "'Ober-Moons' is not a card of the German 32-card pack; "
        "write a code such as Ober-Acorns, 10-Bells or OA"
    )


def test_parse_error_message_progress() -> None:
    with pytest.raises(ParseError) as caught:
        PROGRESS_53.parse("14Cr")
    assert str(caught.value) == (
        "'14Cr' is not a card of the Progress pack; write a code such as 7Su, 13Cr, 1Mo or P"
    )


BAD_CODES: list[tuple[Deck, str]] = [
    (FRENCH_52, ""),
    (FRENCH_52, "1S"),
    (FRENCH_52, "11S"),
    (FRENCH_52, "JX"),
    (FRENCH_52, "J"),
    (FRENCH_52, "OA"),
    (PIQUET_32, "6S"),
    (PIQUET_32, "2♥"),
    (GERMAN_32, "QA"),
    (GERMAN_32, "JS"),
    (GERMAN_32, "6-Bells"),
    (PROGRESS_53, "0Su"),
    (PROGRESS_53, "14Cr"),
    (PROGRESS_53, "7Su#2"),
    (PROGRESS_53, "7 of Moonz"),
    (PROGRESS_DOUBLE, "7Su#3"),
    (DECKTET_BASIC, "Excuse"),
    (DECKTET_BASIC, "Watchman"),
    (DECKTET_BASIC, "Ace of Stars"),
    (DECKTET_BASIC, "Crown of Crowns"),
    (DECKTET_EXTENDED, "The Fool"),
]


@pytest.mark.parametrize(("deck", "text"), BAD_CODES,
                         ids=[f"{deck.name}:{text}" for deck, text in BAD_CODES])
def test_bad_codes_raise_parse_error_naming_text_and_example(deck: Deck, text: str) -> None:
    with pytest.raises(ParseError) as caught:
        deck.parse(text)
    message = str(caught.value)
    assert repr(text) in message
    assert deck.title in message
    assert message.endswith(f"write a code such as {deck.example}")


def test_parse_error_is_a_value_error() -> None:
    with pytest.raises(ValueError, match="not a card"):
        PIQUET_32.parse("6S")


@given(st.sampled_from(ALL_DECKS), st.text(max_size=30))
@settings(max_examples=400, deadline=None)
def test_parse_arbitrary_text_raises_only_parse_error(deck: Deck, text: str) -> None:
    try:
        card = deck.parse(text)
    except ParseError as error:
        assert repr(text) in str(error)
        assert deck.example in str(error)
    else:
        assert card in deck.cards
        assert deck.parse(str(card)) is card


@given(st.sampled_from(ALL_DECKS),
       st.lists(st.text(alphabet="AKQJT10987♠♥♦♣SHDCOUabc #-", max_size=6), max_size=4))
@settings(max_examples=200, deadline=None)
def test_mask_of_arbitrary_codes_raises_only_parse_error(deck: Deck, texts: list[str]) -> None:
    try:
        mask = deck.mask(texts)
    except ParseError:
        return
    assert mask.bit_count() == len(texts)


# --- the Decktet's data invariants (header of decktet.json) --------------------

SUITS = ("Moons", "Suns", "Waves", "Leaves", "Wyrms", "Knots")


def _header() -> dict[str, object]:
    text = resources.files("parlour").joinpath("data/decktet.json").read_text("utf-8")
    header: dict[str, object] = json.loads(text)["header"]
    return header


def _by_rank(deck: Deck, rank: str) -> list[Card]:
    return [card for card in deck if card.rank == rank]


def _numbered(deck: Deck) -> list[Card]:
    return [card for card in deck if card.rank.isdigit()]


def test_decktet_counts_match_the_header() -> None:
    counts = _header()["counts"]
    assert counts == {
        "basic": 36, "extended_extra": 9, "total": 45, "aces": 6, "numbered_per_rank": 3,
        "crowns": 6, "pawns": 4, "courts": 4, "excuse": 1,
    }
    deck = DECKTET_EXTENDED
    assert len(DECKTET_BASIC) == 36
    assert len(deck) - len(DECKTET_BASIC) == 9
    assert len(deck) == 45
    assert len(_by_rank(deck, "Ace")) == 6
    assert Counter(card.rank for card in _numbered(deck)) == {str(r): 3 for r in range(2, 10)}
    assert len(_by_rank(deck, "Crown")) == 6
    assert len(_by_rank(deck, "Pawn")) == 4
    assert len(_by_rank(deck, "Court")) == 4
    assert len(_by_rank(deck, "Excuse")) == 1
    assert not any(card.rank in ("Pawn", "Court", "Excuse") for card in DECKTET_BASIC)


def test_decktet_invariant_numbered_ranks_cover_all_six_suits() -> None:
    for rank in range(2, 10):
        cards = _by_rank(DECKTET_BASIC, str(rank))
        assert len(cards) == 3
        suits = [suit for card in cards for suit in card.suits]
        assert sorted(suits) == sorted(SUITS), rank
        assert all(len(card.suits) == 2 for card in cards)


def test_decktet_invariant_suit_appearances() -> None:
    for suit in SUITS:
        holders = [card for card in DECKTET_EXTENDED if suit in card.suits]
        by_rank = Counter(
            "numbered" if card.rank.isdigit() else card.rank for card in holders
        )
        assert by_rank == {"Ace": 1, "Crown": 1, "numbered": 8, "Pawn": 2, "Court": 2}, suit
        assert sum(1 for card in DECKTET_BASIC if suit in card.suits) == 10
        assert len(holders) == 14
        suit_index = DECKTET_EXTENDED.suits.index(suit)
        assert DECKTET_EXTENDED.suit_masks[suit_index].bit_count() == 14
        assert DECKTET_BASIC.suit_masks[suit_index].bit_count() == 10
    excuse = DECKTET_EXTENDED.parse("Excuse")
    assert excuse.suits == ()
    assert excuse.suit is None


def test_decktet_invariant_suit_pair_frequencies() -> None:
    pairs = Counter(frozenset(card.suits) for card in _numbered(DECKTET_BASIC))
    assert sum(pairs.values()) == 24

    def count(first: str, second: str) -> int:
        return pairs[frozenset((first, second))]

    for first, second in (("Moons", "Suns"), ("Waves", "Leaves"), ("Wyrms", "Knots")):
        assert count(first, second) == 3
    for first, second in (("Moons", "Knots"), ("Suns", "Waves"), ("Leaves", "Wyrms")):
        assert count(first, second) == 1
    never = {frozenset(pair) for pair in
             (("Moons", "Wyrms"), ("Suns", "Leaves"), ("Waves", "Knots"))}
    for pair in never:
        assert pairs[pair] == 0
    named = {frozenset(pair) for pair in (
        ("Moons", "Suns"), ("Waves", "Leaves"), ("Wyrms", "Knots"),
        ("Moons", "Knots"), ("Suns", "Waves"), ("Leaves", "Wyrms"),
    )} | never
    others = [frozenset(pair) for pair in itertools.combinations(SUITS, 2)
              if frozenset(pair) not in named]
    assert len(others) == 6
    for pair in others:
        assert pairs[pair] == 2, sorted(pair)


@pytest.mark.parametrize("rank", ["Pawn", "Court"])
def test_decktet_invariant_pawns_and_courts_share_one_suit(rank: str) -> None:
    cards = _by_rank(DECKTET_EXTENDED, rank)
    assert len(cards) == 4
    assert all(len(card.suits) == 3 for card in cards)
    for first, second in itertools.combinations(cards, 2):
        assert len(set(first.suits) & set(second.suits)) == 1, (first.name, second.name)


def test_decktet_invariant_names() -> None:
    names = [card.name for card in DECKTET_EXTENDED]
    assert len(set(names)) == len(names)
    aces = _by_rank(DECKTET_EXTENDED, "Ace")
    assert [card.name for card in aces] == [f"Ace of {suit}" for suit in SUITS]
    assert all(card.name.startswith("The ") for card in DECKTET_EXTENDED if card.rank != "Ace")


def test_decktet_invariants_in_the_header_are_the_ones_tested() -> None:
    invariants = _header()["invariants"]
    assert isinstance(invariants, list)
    assert len(invariants) == 5


# --- bitsets -------------------------------------------------------------------

index_sets = st.frozensets(st.integers(min_value=0, max_value=300), max_size=40)


@given(index_sets)
@settings(max_examples=300, deadline=None)
def test_bits_round_trip(indices: frozenset[int]) -> None:
    mask = mask_of(indices)
    assert mask == sum(1 << index for index in indices)
    assert bits_of(mask) == sorted(indices)
    assert list(iter_bits(mask)) == sorted(indices)
    assert mask_of(bits_of(mask)) == mask
    assert mask.bit_count() == len(indices)
    if indices:
        assert lowest_bit(mask) == min(indices)


@given(st.integers(min_value=0, max_value=(1 << 140) - 1))
@settings(max_examples=300, deadline=None)
def test_bits_of_any_mask(mask: int) -> None:
    expected = [index for index in range(mask.bit_length()) if mask >> index & 1]
    assert bits_of(mask) == expected
    assert list(iter_bits(mask)) == expected
    assert mask_of(expected) == mask


def test_bits_edge_cases() -> None:
    assert mask_of([]) == 0
    assert bits_of(0) == []
    assert list(iter_bits(0)) == []
    assert mask_of([3, 3, 3]) == 8
    assert lowest_bit(1 << 105) == 105
    assert bits_of((1 << 106) - 1) == list(range(106))
    assert bits_of(1 << 200 | 1) == [0, 200]


def test_parse_error_message_decktet_basic_gives_a_basic_card() -> None:
    with pytest.raises(ParseError) as caught:
        DECKTET_BASIC.parse("Excuse")
    assert str(caught.value) == (
        "'Excuse' is not a card of the Decktet; "
        "write a code such as Huntress, Ace of Moons or Crown of Knots"
    )
