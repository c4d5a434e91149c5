"""The board layouts a game may declare (:attr:`parlour.engine.Game.layout`).

A surface that draws a table picks its board by the layout its game
declares, never by the game's name: the browser reads it from
``GET /api/games`` (``static/board.js`` and ``static/patience.js`` draw one
board per kind). Each kind names the shape of the board and promises what
the game's observations carry for it; a patience kind promises the text of
its legal moves too, since the board turns a click on a card into a move.

>>> sorted(LAYOUTS)[:3]
['columns-and-foundations', 'columns-and-pile', 'dial-of-piles']
"""

from __future__ import annotations

DEFAULT_LAYOUT = "round-table"
"""The layout of a game that declares none: it draws any observation."""

LAYOUTS: dict[str, str] = {
    "round-table": (
        "a panel per seat round the felt and what is played in the middle: the"
        " trick (zones.trick), recent turns (zones.turns) or plays to a count"
        " (zones.play); any other zone as a named pile"
    ),
    "seat-tiles": (
        "a grid of compact seat tiles in play order, for up to 26 seats: every"
        " player carries its one card (card, null when unseen) and its lives"
    ),
    "meld-table": (
        "rows: the round, contract and piles, the seats, the named melds on the"
        " table (zones.melds: name, owner, kind, text, cards of {code, as}) and"
        " the melds being built (building); the hand selects cards to meld"
    ),
    "columns-and-pile": (
        "a one-seat patience: a stock (zones.stock, a count), one pile"
        " (zones.pile) and columns (zones.columns); a move is the exposed card"
        " of a column onto the pile (its code) or 'draw'"
    ),
    "foundations-and-wastes": (
        "a one-seat patience: a stock, the turned card (zones.turned), four"
        " foundations (zones.foundations, zones.needs) and four wastes"
        " (zones.wastes); a move is 'f2' or 'w3' (the turned card onto"
        " foundation 2 or waste 3) or 'w2 f3' (waste 2's top onto foundation 3)"
    ),
    "columns-and-foundations": (
        "a one-seat patience: foundations by sign (zones.foundations, a"
        " mapping) and columns (zones.columns); a move is 'c5 f' (column 5's"
        " card onto its foundation) or 'c5 c9' (onto column 9)"
    ),
    "dial-of-piles": (
        "a one-seat patience: thirteen piles round a dial, the thirteenth in"
        " the centre (zones.piles of {pile, up, down}, zones.next); the move"
        " 'turn' turns the next pile"
    ),
}
"""Every layout kind, with the shape of its board and what it needs."""
