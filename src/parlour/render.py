"""A generic terminal renderer: draws any game from ``observation(seat)``.

It reads only the common keys of DESIGN.md ("What a seat sees") and shows
any other key generically, so a new game needs no drawing code. Cards are
shown with the deck's symbols, red suits in red; Rich drops the colours by
itself when the output is not a terminal.

>>> from parlour.cards import PIQUET_32
>>> renderer = Renderer(PIQUET_32)
>>> renderer.cards(["KH", "QH", "TS"]).plain
'K♥ Q♥  10♠'
>>> renderer.log_line("P1 plays JS").plain
'P1 plays J♠'
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from parlour.cards import Card, Deck
from parlour.engine import Observation
from parlour.errors import ParseError

COMMON_KEYS = frozenset({
    "game", "seat", "players", "hand", "zones", "phase", "to_move", "legal", "log",
    "hand_results", "hand_number", "trick_number", "leader", "dealer", "log_start", "places",
    "options", "hand_log_start",
})
"""Observation keys drawn by name; every other key is shown as a labelled extra."""

_PLAYER_KEYS_SHOWN_ELSEWHERE = frozenset({"seat", "name", "flags", "dealer"})
_YOU_STYLE = "bold cyan"


def new_log_lines(seen: int, observation: Observation) -> tuple[list[str], int]:
    """The lines of the observation's log after the first ``seen`` lines of
    the match's log, and the number of lines seen once they are shown.

    An observation's log is a window of recent public events whose first
    line is line ``log_start`` of the whole match's log.

    >>> new_log_lines(3, {"log_start": 1, "log": ["b", "c", "d", "e"]})
    (['d', 'e'], 5)
    >>> new_log_lines(0, {"log_start": 0, "log": ["a"]})
    (['a'], 1)
    """
    start = int(observation.get("log_start", 0))
    log = list(observation["log"])
    return log[max(0, seen - start):], start + len(log)


def seat_names(observation: Observation) -> list[str]:
    """The name of every seat, by seat index."""
    return [str(player["name"]) for player in observation["players"]]


def describe_value(value: object) -> str:
    """An option or extra value as a person writes it (``true``, ``20``)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "—"
    if isinstance(value, list):
        return ", ".join(describe_value(item) for item in value) or "—"
    return str(value)


class Renderer:
    """Turns observations and log lines into Rich text for one deck.

    ``you`` is the set of seats the person at the terminal plays; their
    names are highlighted and marked "(you)".
    """

    def __init__(self, deck: Deck, you: Sequence[int] = ()) -> None:
        self.deck = deck
        self.you = frozenset(you)
        spaced = any(" " in card.symbol for card in deck.cards)
        self._separator = " · " if spaced else " "
        self._suit_separator = "  ·  " if spaced else "  "
        self._known: dict[str, Card | None] = {}
        spellings = sorted(
            {text for card in deck.cards for text in (card.code, card.name)}, key=len, reverse=True
        )
        self._card_pattern = re.compile(
            r"(?<![\w#-])(" + "|".join(re.escape(text) for text in spellings) + r")(?![\w#-])"
        )

    # --- cards --------------------------------------------------------------
    def lookup(self, text: str) -> Card | None:
        """The card that ``text`` names (a code or a label), or ``None``."""
        if text not in self._known:
            try:
                self._known[text] = self.deck.parse(text)
            except ParseError:
                self._known[text] = None
        return self._known[text]

    def card(self, text: str, dim: bool = False) -> Text:
        """One card by its code or label: its symbol, red suits in red.
        Other text is shown as it is, with any card it names drawn as a
        card (``The Cave + The Market``)."""
        card = self.lookup(text)
        if card is None:
            return self.log_line(text)
        if dim:
            return Text(card.symbol, style="dim")
        return Text(card.symbol, style="bold red" if card.red else "bold")

    def cards(self, codes: Sequence[str], playable: frozenset[str] | None = None) -> Text:
        """Several cards; a wider gap between suits. With ``playable`` given,
        the other cards are dimmed."""
        text = Text()
        previous_suit: str | None = None
        for index, code in enumerate(codes):
            card = self.lookup(code)
            suit = card.suit if card is not None else None
            if index:
                text.append(self._suit_separator if suit != previous_suit else self._separator)
            text.append_text(self.card(code, dim=playable is not None and code not in playable))
            previous_suit = suit
        return text

    def log_line(self, line: str, names: Sequence[str] = ()) -> Text:
        """A log line with its cards drawn as cards and your name highlighted."""
        text = Text()
        position = 0
        for match in self._card_pattern.finditer(line):
            text.append(line[position:match.start()])
            text.append_text(self.card(match.group(1)))
            position = match.end()
        text.append(line[position:])
        for seat in self.you:
            if seat < len(names):
                text.highlight_regex(rf"\b{re.escape(names[seat])}\b", _YOU_STYLE)
        return text

    def seat_label(self, seat: int, names: Sequence[str]) -> Text:
        """A seat's name, "(you)" added for the person's seats."""
        if seat in self.you:
            return Text(f"{names[seat]} (you)", style=_YOU_STYLE)
        return Text(names[seat])

    # --- the table ----------------------------------------------------------
    def view(self, observation: Observation, title: str) -> RenderableType:
        """Everything ``observation`` shows: players, zones, extras, hand, moves."""
        return Group(
            Text(self.heading(observation, title), style="bold"),
            self.players_table(observation),
            self.details(observation),
        )

    def heading(self, observation: Observation, title: str) -> str:
        """``Polignac · hand 2 · trick 5`` (or the phase outside trick play)."""
        parts = [title]
        if observation.get("hand_number"):
            parts.append(f"hand {observation['hand_number']}")
        if observation["phase"] == "play" and observation.get("trick_number"):
            parts.append(f"trick {observation['trick_number']}")
        elif observation["phase"] != "play":
            parts.append(str(observation["phase"]))
        return " · ".join(parts)

    def players_table(self, observation: Observation) -> Table:
        """One row per seat: name, counts and scores, flags; ▶ marks whose turn."""
        players: list[Mapping[str, Any]] = observation["players"]
        names = seat_names(observation)
        columns = [key for key in players[0] if key not in _PLAYER_KEYS_SHOWN_ELSEWHERE]
        table = Table(box=box.SIMPLE_HEAD, pad_edge=False, show_edge=False)
        table.add_column("")
        table.add_column("player")
        for column in columns:
            table.add_column(column.replace("_", " "), justify="right")
        table.add_column("")
        for seat, player in enumerate(players):
            marker = "▶" if seat == observation["to_move"] else ""
            flags = ", ".join(str(flag) for flag in player.get("flags", ()))
            table.add_row(
                marker,
                self.seat_label(seat, names),
                *(self.cell(player[column]) for column in columns),
                flags,
            )
        return table

    def cell(self, value: object) -> Text:
        """A value in the players table: a card (Ranter Go Round's card
        known at a seat) as a card, anything else in words."""
        if isinstance(value, str) and self.lookup(value) is not None:
            return self.card(value)
        return Text(describe_value(value))

    def details(self, observation: Observation) -> Group:
        """Zones, game-specific extras, the seat's hand and its legal moves."""
        names = seat_names(observation)
        rows: list[tuple[str, Text]] = [
            (_label(name), self.zone(value, names)) for name, value in observation["zones"].items()
        ]
        rows.extend(
            (_label(name), self.extra(value, names)) for name, value in observation.items()
            if name not in COMMON_KEYS and value is not None and value != []
        )
        legal: list[Mapping[str, Any]] = observation["legal"]
        playable = frozenset(str(move["card"]) for move in legal if move.get("card"))
        rows.append((
            "Your hand" if observation["seat"] in self.you else "Hand",
            self.cards(observation["hand"], playable if legal else None),
        ))
        if legal:
            rows.append(("Legal", self.moves(legal, observation["hand"])))
        width = max(len(label) for label, _ in rows) + 2
        lines: list[Text] = []
        for label, value in rows:
            # a value of several lines (recent turns) hangs under its label
            first, *rest = value.split("\n")
            lines.append(Text.assemble((label.ljust(width), "bold"), first))
            lines.extend(Text.assemble(" " * width, line) for line in rest)
        return Group(*lines)

    def moves(self, legal: Sequence[Mapping[str, Any]], hand: Sequence[str] = ()) -> Text:
        """The legal moves: cards as cards (in the order of ``hand``), calls as words."""
        order = {code: index for index, code in enumerate(hand)}
        cards = sorted(
            (str(move["card"]) for move in legal if move.get("card")),
            key=lambda code: order.get(code, len(order)),
        )
        words = [str(move["text"]) for move in legal if not move.get("card")]
        text = self.cards(cards)
        for word in words:
            if text:
                text.append(" · ")
            text.append(word, style="bold")
        return text

    def zone(self, value: object, names: Sequence[str]) -> Text:
        """A public pile, whatever its shape: plays by seat, a trick with its
        winner, a list of cards, one card, or a count."""
        if isinstance(value, Mapping) and "cards" in value:
            text = self.zone(value["cards"], names)
            if value.get("winner") is not None:
                text.append("  → ")
                text.append_text(self.seat_label(int(value["winner"]), names))
            return text
        if isinstance(value, list) and value and isinstance(value[0], Mapping) and (
            "cards" in value[0]
        ):
            return self.turns(value, names)
        if isinstance(value, list) and value and isinstance(value[0], Mapping):
            text = Text()
            for index, play in enumerate(value):
                if index:
                    text.append("   ")
                text.append_text(self.seat_label(int(play["seat"]), names))
                text.append(" ")
                text.append_text(self.card(str(play["card"])))
            return text
        if isinstance(value, list):
            return self.cards([str(code) for code in value]) if value else Text("—")
        if isinstance(value, str):
            return self.card(value)
        return Text(describe_value(value))

    def turns(self, turns: Sequence[Mapping[str, Any]], names: Sequence[str]) -> Text:
        """Several seats' runs of cards (Progress's recent turns), one line
        each, oldest first: ``P1  7Mo 8Mo 9Mo``."""
        text = Text()
        width = max(len(self.seat_label(int(turn["seat"]), names).plain) for turn in turns)
        for index, turn in enumerate(turns):
            if index:
                text.append("\n")
            label = self.seat_label(int(turn["seat"]), names)
            label.pad_right(width - len(label.plain))
            text.append_text(label)
            text.append("  ")
            text.append_text(self.cards([str(code) for code in turn["cards"]]))
        return text

    def extra(self, value: object, names: Sequence[str]) -> Text:
        """A game-specific observation value: cards drawn as cards, one number
        per seat shown by seat."""
        if isinstance(value, list) and all(isinstance(item, str) for item in value):
            return self.cards([str(item) for item in value])
        if isinstance(value, list) and len(value) == len(names) and all(
            isinstance(item, int | float) and not isinstance(item, bool) for item in value
        ):
            return self.totals(names, value)
        if isinstance(value, str):
            return self.card(value)
        return Text(describe_value(value))

    # --- results ------------------------------------------------------------
    def totals(self, names: Sequence[str], scores: Sequence[float]) -> Text:
        """``P0 3 · P1 0 · …``"""
        text = Text()
        for seat, score in enumerate(scores):
            if seat:
                text.append(" · ")
            text.append_text(self.seat_label(seat, names))
            text.append(f" {score}")
        return text

    def result_table(
        self, names: Sequence[str], scores: Sequence[int], returns: Sequence[float]
    ) -> Table:
        """The end of a match: each seat's score, return and whether it won."""
        table = Table(box=box.SIMPLE_HEAD, pad_edge=False, show_edge=False)
        table.add_column("player")
        table.add_column("score", justify="right")
        table.add_column("return", justify="right")
        table.add_column("result")
        for seat, (score, outcome) in enumerate(zip(scores, returns, strict=True)):
            table.add_row(
                self.seat_label(seat, names), str(score), f"{outcome:+.2f}", outcome_word(outcome)
            )
        return table


def outcome_word(outcome: float) -> str:
    """``won``, ``lost`` or ``drew`` for a seat's return."""
    if outcome > 0:
        return "won"
    if outcome < 0:
        return "lost"
    return "drew"


def _label(name: str) -> str:
    return name.replace("_", " ").capitalize()
