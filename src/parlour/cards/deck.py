"""The card model and the five decks (French 52, piquet 32, German 32,
Progress 53 and its double pack, Decktet basic and extended).

Index layout (stable; games and action ids rely on it):

* suited decks with one suit per card: ``index = suit * ranks + rank``, with
  ranks listed low to high (French ``2 … A``, piquet ``7 … A``, German
  ``7 8 9 10 Unter Ober King Ace``, Progress ``1 … 13``), so each suit is a
  contiguous run of bits;
* Progress: the Progress card is index 52; the double pack repeats the 53
  cards, the second copy at ``53 + index`` with codes ending ``#2``;
* Decktet: the order of ``parlour/data/decktet.json`` (basic 36 first).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from importlib import resources

from parlour.cards.bits import iter_bits
from parlour.errors import ParseError


@dataclass(frozen=True, slots=True)
class Card:
    """One card of one deck. ``str(card)`` is its short code."""

    deck: str
    id: int
    code: str
    name: str
    rank: str
    suits: tuple[str, ...]
    symbol: str = field(compare=False)
    red: bool = field(default=False, compare=False)

    def __str__(self) -> str:
        return self.code

    @property
    def suit(self) -> str | None:
        """The card's only suit, or ``None`` for cards with several or none."""
        return self.suits[0] if len(self.suits) == 1 else None


def _normalise(text: str) -> str:
    return re.sub(r"[\s_]+", " ", text.strip().casefold())


class Deck:
    """An ordered set of cards with a parser for every accepted spelling."""

    def __init__(
        self,
        name: str,
        title: str,
        cards: Sequence[Card],
        aliases: dict[str, int],
        suits: Sequence[str],
        example: str,
    ) -> None:
        self.name = name
        self.title = title
        self.cards: tuple[Card, ...] = tuple(cards)
        self.suits: tuple[str, ...] = tuple(suits)
        self.example = example
        self._aliases = {_normalise(key): value for key, value in aliases.items()}
        for card in self.cards:
            self._aliases.setdefault(_normalise(card.code), card.id)
            self._aliases.setdefault(_normalise(card.name), card.id)
        self.suit_masks: tuple[int, ...] = tuple(
            sum(1 << card.id for card in self.cards if suit in card.suits) for suit in self.suits
        )
        self.full_mask = (1 << len(self.cards)) - 1

    def __len__(self) -> int:
        return len(self.cards)

    def __iter__(self) -> Iterator[Card]:
        return iter(self.cards)

    def __getitem__(self, index: int) -> Card:
        return self.cards[index]

    def __repr__(self) -> str:
        return f"Deck({self.name!r}, {len(self.cards)} cards)"

    def parse(self, text: str) -> Card:
        """The card that ``text`` names, in any accepted spelling.

        Raises :class:`ParseError` naming the text and giving an example.
        """
        index = self._aliases.get(_normalise(text))
        if index is None:
            raise ParseError(
                f"{text!r} is not a card of the {self.title}; "
                f"write a code such as {self.example}"
            )
        return self.cards[index]

    def parse_many(self, texts: Iterable[str]) -> list[Card]:
        """Parse several codes; a single string is split on spaces and commas."""
        if isinstance(texts, str):
            texts = [part for part in re.split(r"[\s,]+", texts) if part]
        return [self.parse(text) for text in texts]

    def mask(self, texts: Iterable[str]) -> int:
        """The bitset of the named cards; a repeated card is an error."""
        mask = 0
        for card in self.parse_many(texts):
            if mask >> card.id & 1:
                raise ParseError(f"{card.code} is listed twice")
            mask |= 1 << card.id
        return mask

    def codes(self, mask: int) -> list[str]:
        """The short codes of the cards in ``mask``, by index."""
        return [self.cards[index].code for index in iter_bits(mask)]


_FRENCH_SUITS = ("Spades", "Hearts", "Diamonds", "Clubs")
_FRENCH_LETTERS = "SHDC"
_FRENCH_SYMBOLS = "♠♥♦♣"
_FRENCH_RANK_NAMES = {
    "A": "Ace", "K": "King", "Q": "Queen", "J": "Jack", "T": "10",
    "9": "9", "8": "8", "7": "7", "6": "6", "5": "5", "4": "4", "3": "3", "2": "2",
}


def _french(name: str, title: str, ranks: str) -> Deck:
    cards: list[Card] = []
    aliases: dict[str, int] = {}
    for suit_index, suit in enumerate(_FRENCH_SUITS):
        letter, symbol = _FRENCH_LETTERS[suit_index], _FRENCH_SYMBOLS[suit_index]
        for rank in ranks:
            index = len(cards)
            rank_name = _FRENCH_RANK_NAMES[rank]
            face = "10" if rank == "T" else rank
            cards.append(
                Card(
                    deck=name,
                    id=index,
                    code=rank + letter,
                    name=f"{rank_name} of {suit}",
                    rank=rank,
                    suits=(suit,),
                    symbol=face + symbol,
                    red=suit in ("Hearts", "Diamonds"),
                )
            )
            for rank_text in {rank, face}:
                aliases[rank_text + letter] = index
                aliases[rank_text + symbol] = index
            aliases[f"{rank_name}-{suit}"] = index
            aliases[f"{rank_name} {suit}"] = index
    return Deck(name, title, cards, aliases, _FRENCH_SUITS, "JS, TD, 10D or J♠")


_GERMAN_SUITS = ("Acorns", "Leaves", "Hearts", "Bells")
_GERMAN_SUIT_LETTERS = "ALHB"
_GERMAN_RANKS = (  # low to high: (short, long name, other names)
    ("7", "7", ()),
    ("8", "8", ()),
    ("9", "9", ()),
    ("T", "10", ()),
    ("U", "Unter", ()),
    ("O", "Ober", ()),
    ("K", "King", ("König",)),
    ("A", "Ace", ("Daus", "Deuce", "Sow", "Sau")),
)


def _german() -> Deck:
    cards: list[Card] = []
    aliases: dict[str, int] = {}
    for suit_index, suit in enumerate(_GERMAN_SUITS):
        letter = _GERMAN_SUIT_LETTERS[suit_index]
        for short, long_name, others in _GERMAN_RANKS:
            index = len(cards)
            cards.append(
                Card(
                    deck="german32",
                    id=index,
                    code=short + letter,
                    name=f"{long_name}-{suit}",
                    rank=long_name,
                    suits=(suit,),
                    symbol=f"{long_name}-{suit}",
                    red=suit in ("Hearts", "Bells"),
                )
            )
            for rank_name in (short, long_name, *others):
                aliases[rank_name + letter] = index
                aliases[f"{rank_name}-{suit}"] = index
                aliases[f"{rank_name} of {suit}"] = index
                aliases[f"{rank_name} {suit}"] = index
    return Deck("german32", "German 32-card pack", cards, aliases, _GERMAN_SUITS,
                "Ober-Acorns, 10-Bells or OA")


_PROGRESS_SIGNS = ("Crown", "Sun", "Moon", "Star")
_PROGRESS_ABBREVIATIONS = ("Cr", "Su", "Mo", "St")


def _progress(copies: int) -> Deck:
    cards: list[Card] = []
    aliases: dict[str, int] = {}
    name = "progress53" if copies == 1 else "progress106"
    for copy in range(copies):
        suffix = "" if copy == 0 else f"#{copy + 1}"
        for sign, abbreviation in zip(_PROGRESS_SIGNS, _PROGRESS_ABBREVIATIONS, strict=True):
            for number in range(1, 14):
                index = len(cards)
                cards.append(
                    Card(
                        deck=name,
                        id=index,
                        code=f"{number}{abbreviation}{suffix}",
                        name=f"{number} of {sign}s{suffix and ' ' + suffix}",
                        rank=str(number),
                        suits=(sign,),
                        symbol=f"{number}{abbreviation}{suffix}",
                    )
                )
                for spelling in (f"{number} {sign}s", f"{number} {sign}", f"{number}-{sign}s"):
                    aliases[spelling + suffix] = index
                    if suffix:
                        aliases[f"{spelling} {suffix}"] = index
        index = len(cards)
        cards.append(
            Card(
                deck=name,
                id=index,
                code="P" + suffix,
                name="Progress" + (suffix and " " + suffix),
                rank="Progress",
                suits=(),
                symbol="P" + suffix,
            )
        )
        aliases["Progress card" + suffix] = index
    title = "Progress pack" if copies == 1 else "double Progress pack"
    return Deck(name, title, cards, aliases, _PROGRESS_SIGNS, "7Su, 13Cr, 1Mo or P")


def _load_decktet() -> list[dict[str, object]]:
    text = resources.files("parlour").joinpath("data/decktet.json").read_text(encoding="utf-8")
    cards: list[dict[str, object]] = json.loads(text)["cards"]
    return cards


DECKTET_SUIT_SYMBOLS = {
    "Moons": "☾", "Suns": "☼", "Waves": "≈", "Leaves": "❦", "Wyrms": "∿", "Knots": "∞",
}
"""A one-character sign per Decktet suit, for text displays."""


def decktet_symbol(short: str, rank: str, suits: Sequence[str]) -> str:
    """How a terminal shows a Decktet card: its name, rank and suit signs.

    >>> decktet_symbol("Sailor", "4", ("Waves", "Leaves"))
    'Sailor (4 ≈❦)'
    >>> decktet_symbol("Ace of Moons", "Ace", ("Moons",)), decktet_symbol("Excuse", "Excuse", ())
    ('Ace of Moons (☾)', 'Excuse')
    """
    signs = "".join(DECKTET_SUIT_SYMBOLS[suit] for suit in suits)
    if not signs:
        return short
    return f"{short} ({signs})" if rank == "Ace" else f"{short} ({rank} {signs})"


def _decktet(extended: bool) -> Deck:
    rows = [row for row in _load_decktet() if extended or not row["extended"]]
    cards: list[Card] = []
    aliases: dict[str, int] = {}
    suit_order = ("Moons", "Suns", "Waves", "Leaves", "Wyrms", "Knots")
    name = "decktet45" if extended else "decktet36"
    for row in rows:
        index = len(cards)
        full_name = str(row["name"])
        short = full_name.removeprefix("The ")
        suits = tuple(str(suit) for suit in row["suits"])  # type: ignore[attr-defined]
        cards.append(
            Card(
                deck=name,
                id=index,
                code=short,
                name=full_name,
                rank=str(row["rank"]),
                suits=suits,
                symbol=decktet_symbol(short, str(row["rank"]), suits),
            )
        )
        aliases[full_name] = index
        aliases["The " + short] = index
        if row["rank"] == "Crown":
            aliases[f"Crown of {suits[0]}"] = index
    title = "extended Decktet" if extended else "Decktet"
    # the Excuse is in the extended deck only, so the basic deck's example
    # names a card that it holds
    example = "Huntress, Ace of Moons or " + ("The Excuse" if extended else "Crown of Knots")
    return Deck(name, title, cards, aliases, suit_order, example)


FRENCH_52 = _french("french52", "French 52-card pack", "23456789TJQKA")
PIQUET_32 = _french("piquet32", "piquet pack", "789TJQKA")
GERMAN_32 = _german()
PROGRESS_53 = _progress(1)
PROGRESS_DOUBLE = _progress(2)
DECKTET_BASIC = _decktet(extended=False)
DECKTET_EXTENDED = _decktet(extended=True)

DECKS: dict[str, Deck] = {
    deck.name: deck
    for deck in (
        FRENCH_52, PIQUET_32, GERMAN_32, PROGRESS_53, PROGRESS_DOUBLE, DECKTET_BASIC,
        DECKTET_EXTENDED,
    )
}


def deck_named(name: str) -> Deck:
    """The deck registered under ``name`` (see :data:`DECKS`)."""
    try:
        return DECKS[name]
    except KeyError:
        raise ParseError(
            f"no deck called {name!r}; decks are {', '.join(sorted(DECKS))}"
        ) from None
