"""Cards and the five decks parlour plays with.

Inside the engine a card is a small integer (its index in its deck) and a
hand is an ``int`` bitset of those indices. :class:`Card` objects and text
codes exist only at the boundary, for people and files.

>>> from parlour.cards import FRENCH_52, PIQUET_32, PROGRESS_53, GERMAN_32
>>> str(FRENCH_52.parse("10♦"))
'TD'
>>> PIQUET_32.parse("js").name
'Jack of Spades'
>>> str(GERMAN_32.parse("Ober of Acorns")), GERMAN_32.parse("OA").name
('OA', 'Ober-Acorns')
>>> str(PROGRESS_53.parse("7 of Suns")), str(PROGRESS_53.parse("p"))
('7Su', 'P')
"""

from __future__ import annotations

from parlour.cards.bits import bits_of, bits_of_32, iter_bits, lowest_bit, mask_of
from parlour.cards.deck import (
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
    deck_named,
)

__all__ = [
    "DECKS",
    "DECKTET_BASIC",
    "DECKTET_EXTENDED",
    "FRENCH_52",
    "GERMAN_32",
    "PIQUET_32",
    "PROGRESS_53",
    "PROGRESS_DOUBLE",
    "Card",
    "Deck",
    "bits_of",
    "bits_of_32",
    "deck_named",
    "iter_bits",
    "lowest_bit",
    "mask_of",
]
