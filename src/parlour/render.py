"""A generic terminal renderer: draws any game from ``observation(seat)``.

It reads only the common keys of DESIGN.md ("What a seat sees") and shows
any other key generically, so a new game needs no drawing code. Cards are
shown with the deck's symbols, red suits in red; Rich drops the colours by
itself when the output is not a terminal.

A renderer speaks one language (``lang``, see :mod:`parlour.i18n`): its own
labels are messages of the ``cli`` catalogue, and the games' words (log
lines, prompts, moves, flags, phases, the names of zones and extras) are
said through :func:`parlour.i18n.translate` as they are drawn; card codes
stay as they are.

>>> from parlour.cards import PIQUET_32
>>> renderer = Renderer(PIQUET_32)
>>> renderer.cards(["KH", "QH", "TS"]).plain
'K♥ Q♥  10♠'
>>> renderer.log_line("P1 plays JS").plain
'P1 plays J♠'

A few shapes that some games use are drawn as the players read them: melds
on the table (Progress Rummy's ``zones.melds``), a wild card with its
declared identity, ``P(7St)``, a mapping with a ``text``, one list of cards
per seat. The second copy of a card in a doubled pack looks like the first.

>>> from parlour.cards import PROGRESS_DOUBLE
>>> Renderer(PROGRESS_DOUBLE).placed_cards(
...     [{"code": "6St"}, {"code": "P#2", "as": "7St"}, {"code": "8St#2"}]).plain
'6St P(7St) 8St'
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
from parlour.engine import Observation, game_class
from parlour.engine.observation import COMMON_KEYS, FRAME_KEYS, STANDING_KEYS
from parlour.errors import OptionError, ParseError
from parlour.i18n import DEFAULT, say, translate

DRAWN_KEYS = COMMON_KEYS | FRAME_KEYS | STANDING_KEYS
"""Observation keys drawn by name (the schema's); every other key is shown as a
labelled extra."""

_PLAYER_KEYS_SHOWN_ELSEWHERE = frozenset({"seat", "name", "flags", "dealer"})
_YOU_STYLE = "bold cyan"
_COPY_MARK = re.compile(r"#\d+$")
"""How a code or symbol names the second copy of a card in a doubled pack (``7St#2``)."""


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


def keys_shown_inside(observation: Observation) -> frozenset[str]:
    """The extras that the observation's game draws inside another key
    (:attr:`parlour.engine.Game.keys_shown_inside`); none when the
    observation names no registered game.

    >>> sorted(keys_shown_inside({"game": "progress-rummy"}))
    ['pending', 'target']
    >>> keys_shown_inside({})
    frozenset()
    """
    try:
        return game_class(str(observation.get("game"))).keys_shown_inside
    except OptionError:
        return frozenset()


def hand_word(observation: Observation) -> str:
    """What the observation's game calls its hands
    (:attr:`parlour.engine.Game.hand_word`); ``hand`` when the observation
    names no registered game.

    >>> hand_word({"game": "progress-rummy"}), hand_word({})
    ('round', 'hand')
    """
    try:
        return game_class(str(observation.get("game"))).hand_word
    except OptionError:
        return "hand"


def key_label(name: str) -> str:
    """The English label of an observation key (a zone, an extra):
    ``penalty_cards`` is ``Penalty cards``.

    >>> key_label("capot_bidder")
    'Capot bidder'
    """
    return name.replace("_", " ").capitalize()


def column_heading(key: str) -> str:
    """The English heading of a player's column in the players table.

    >>> column_heading("dealer_turns")
    'dealer turns'
    """
    return key.replace("_", " ")


def player_columns(players: Sequence[Mapping[str, Any]]) -> list[str]:
    """The keys of the players that the players table shows as columns:
    not those drawn elsewhere (name, flags, dealer) nor a yes/no key that
    says just what a flag says.

    >>> player_columns([{"seat": 0, "name": "P0", "cards": 8, "score": 0, "flags": []}])
    ['cards', 'score']
    """
    return [key for key in players[0]
            if key not in _PLAYER_KEYS_SHOWN_ELSEWHERE and not _is_flag_column(key, players)]


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
    names are highlighted and marked "(you)". ``lang`` is the language of
    every word drawn.
    """

    def __init__(self, deck: Deck, you: Sequence[int] = (), lang: str = DEFAULT) -> None:
        self.deck = deck
        self.you = frozenset(you)
        self.lang = lang
        # a card's name in lang (Unter de Bellotas), as a translated log line says it
        self._spoken = {said: card for card in deck.cards
                        if (said := translate(card.name, lang)) != card.name}
        spaced = any(" " in self._symbol(card) for card in deck.cards)
        self._separator = " · " if spaced else " "
        self._suit_separator = "  ·  " if spaced else "  "
        self._known: dict[str, Card | None] = {}
        # a card named by a word of the pack's title (the Progress card) is
        # text in a log line ("P0 goes out: Progress!"); its code still names it
        title_words = frozenset(deck.title.split())
        spellings = sorted(
            {text for card in deck.cards for text in (card.code, card.name)
             if text not in title_words} | set(self._spoken),
            key=len, reverse=True,
        )
        self._card_pattern = re.compile(
            r"(?<![\w#-])(" + "|".join(re.escape(text) for text in spellings) + r")(?![\w#-])"
        )

    # --- cards --------------------------------------------------------------
    def lookup(self, text: str) -> Card | None:
        """The card that ``text`` names (a code or a label), or ``None``."""
        if text not in self._known:
            try:
                self._known[text] = self._spoken.get(text) or self.deck.parse(text)
            except ParseError:
                self._known[text] = None
        return self._known[text]

    def _symbol(self, card: Card) -> str:
        """How ``card`` is drawn: its symbol, a name in it said in the
        renderer's language (``Unter de Bellotas``, ``As de Lunas (☾)``)."""
        if card.name in card.symbol and self.lang != DEFAULT:
            return card.symbol.replace(card.name, translate(card.name, self.lang))
        return card.symbol

    def card(self, text: str, dim: bool = False) -> Text:
        """One card by its code or label: its symbol, red suits in red.
        Other text is shown as it is, with any card it names drawn as a
        card (``The Cave + The Market``)."""
        card = self.lookup(text)
        if card is None:
            return self.log_line(text)
        # both copies of a card in a doubled pack are the same to a player
        symbol = _COPY_MARK.sub("", self._symbol(card))
        if dim:
            return Text(symbol, style="dim")
        return Text(symbol, style="bold red" if card.red else "bold")

    def same_card(self, code: str) -> str:
        """``code`` without the mark of a second copy (``7St#2`` is ``7St``):
        what tells a playable card from another."""
        return _COPY_MARK.sub("", code)

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
            dim = playable is not None and self.same_card(code) not in playable
            text.append_text(self.card(code, dim=dim))
            previous_suit = suit
        return text

    def words(self, text: str) -> str:
        """A game's words (a log line, a prompt, a move) in the renderer's language."""
        return translate(text, self.lang)

    def log_line(self, line: str, names: Sequence[str] = ()) -> Text:
        """A log line, in the renderer's language, with its cards drawn as
        cards and your name highlighted."""
        line = self.words(line)
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
            return Text(say("{name} (you)", self.lang, name=names[seat]), style=_YOU_STYLE)
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
        """``Polignac · hand 2 · trick 5`` (or the phase outside trick play;
        ``round 2`` in a game of rounds)."""
        parts = [title]
        number = observation.get("round") or observation.get("hand_number")
        if number:
            parts.append(f"{self.words(hand_word(observation))} {number}")
        if observation["phase"] == "play" and observation.get("trick_number"):
            parts.append(say("trick {number}", self.lang, number=observation["trick_number"]))
        elif observation["phase"] != "play":
            parts.append(self.words(str(observation["phase"])))
        return " · ".join(parts)

    def players_table(self, observation: Observation) -> Table:
        """One row per seat: name, counts and scores, flags; ▶ marks whose turn."""
        players: list[Mapping[str, Any]] = observation["players"]
        names = seat_names(observation)
        columns = player_columns(players)
        table = Table(box=box.SIMPLE_HEAD, pad_edge=False, show_edge=False)
        table.add_column("")
        table.add_column(say("player", self.lang))
        for column in columns:
            table.add_column(self.words(column_heading(column)), justify="right")
        table.add_column("")
        for seat, player in enumerate(players):
            marker = "▶" if seat == observation["to_move"] else ""
            flags = ", ".join(self.words(str(flag)) for flag in player.get("flags", ()))
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
        """Zones, game-specific extras, whose turn it is and what he decides
        (the observation's prompt), the seat's hand and its legal moves."""
        names = seat_names(observation)
        target = observation.get("target")
        target = target if isinstance(target, str) else None
        pending = observation.get("pending") is True
        rows: list[tuple[str, Text]] = [
            (self.words(key_label(name)), self.zone(value, names, target, pending))
            for name, value in observation["zones"].items()
        ]
        elsewhere = keys_shown_inside(observation)
        rows.extend(
            (self.words(key_label(name)), self.extra(value, names, pending and target is None))
            for name, value in observation.items()
            if name not in DRAWN_KEYS and name not in elsewhere
            and not _is_empty(value, len(names))
        )
        legal: list[Mapping[str, Any]] = observation["legal"]
        playable = frozenset(
            self.same_card(str(move["card"])) for move in legal if move.get("card")
        )
        prompt = observation["prompt"]
        if prompt:
            who = self.turn_words(observation["to_move"], names)
            rows.append((say("Turn", self.lang), Text(f"{who}: {self.words(prompt)}")))
        if observation["hand"] or len(names) > 1:
            # a patience's cards are all on the table: no hand to show
            rows.append((
                say("Your hand", self.lang) if observation["seat"] in self.you
                else say("Hand", self.lang),
                self.cards(observation["hand"], playable if legal else None),
            ))
        if legal:
            rows.append((say("Legal", self.lang), self.moves(legal, observation["hand"])))
        width = max(len(label) for label, _ in rows) + 2
        lines: list[Text] = []
        for label, value in rows:
            # a value of several lines (recent turns) hangs under its label
            first, *rest = value.split("\n")
            lines.append(Text.assemble((label.ljust(width), "bold"), first))
            lines.extend(Text.assemble(" " * width, line) for line in rest)
        return Group(*lines)

    def turn_words(self, seat: int, names: Sequence[str]) -> str:
        """Whose turn it is, before the decision: ``Your turn`` or ``P2 to move``."""
        if seat in self.you:
            return say("Your turn", self.lang)
        return say("{name} to move", self.lang, name=names[seat])

    def moves(self, legal: Sequence[Mapping[str, Any]], hand: Sequence[str] = ()) -> Text:
        """The legal moves: cards as cards (in the order of ``hand``), calls as
        words. When every card move is the same word and the card
        (``discard 7St``), that word leads the cards: ``discard 7St 9Cr``."""
        order = {code: index for index, code in enumerate(hand)}
        card_moves = [move for move in legal if move.get("card")]
        cards = sorted(
            (str(move["card"]) for move in card_moves),
            key=lambda code: order.get(code, len(order)),
        )
        words = [self.words(str(move["text"])) for move in legal if not move.get("card")]
        text = Text()
        verb = self._card_verb(card_moves)
        if verb:
            text.append(f"{self.words(verb)} ", style="bold")
        text.append_text(self.cards(cards))
        for word in words:
            if text:
                text.append(" · ")
            text.append(word, style="bold")
        return text

    def _card_verb(self, card_moves: Sequence[Mapping[str, Any]]) -> str | None:
        """The one word before the card in every card move's text, if any."""
        verbs = set()
        for move in card_moves:
            verb, _, rest = str(move["text"]).partition(" ")
            if not rest or self.lookup(rest) is None or self.lookup(str(move["text"])):
                return None
            verbs.add(verb)
        return verbs.pop() if len(verbs) == 1 else None

    def zone(
        self, value: object, names: Sequence[str], target: str | None = None,
        pending: bool = False,
    ) -> Text:
        """A public pile, whatever its shape: melds on the table (``target``
        the one a card is being laid off on, ``pending`` when that card is a
        wild one still to declare), plays by seat, a trick with its winner, a
        list of cards, one card, or a count."""
        if isinstance(value, list) and value and isinstance(value[0], Mapping) and (
            "name" in value[0] and "cards" in value[0]
        ):
            return self.melds(value, names, target, pending)
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
        if isinstance(value, list) and value and isinstance(value[0], Mapping) and (
            "up" in value[0]
        ):
            return self.clock_piles(value)
        if isinstance(value, list) and value and isinstance(value[0], list):
            return self.tableau(value)
        if isinstance(value, Mapping):
            return self.named_piles(value)
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

    def tableau(self, columns: Sequence[Sequence[str]]) -> Text:
        """Piles of cards side by side (a patience's columns), numbered, each
        read downwards to its last card (the exposed one), an empty one
        shown ``—``."""
        cells = [[self.card(str(code)) for code in column] for column in columns]
        width = max([len(card.plain) for column in cells for card in column] + [3]) + 2
        text = Text()
        for index in range(len(columns)):
            text.append(str(index + 1).ljust(width), style="dim")
        for row in range(max(len(column) for column in cells) or 1):
            text.append("\n")
            for column in cells:
                if row < len(column):
                    cell = column[row].copy()
                    if row == len(column) - 1:
                        cell.stylize("bold")
                elif row == 0:
                    cell = Text("—")
                else:
                    cell = Text()
                cell.pad_right(width - len(cell.plain))
                text.append_text(cell)
        return text

    def named_piles(self, piles: Mapping[str, Any]) -> Text:
        """Piles by name (a patience's foundations by sign): ``Crown 1Cr 2Cr · Sun —``."""
        text = Text()
        for index, (name, cards) in enumerate(piles.items()):
            if index:
                text.append(" · ")
            text.append(f"{self.words(name)} ", style="bold")
            text.append_text(self.zone(cards, ()))
        return text

    def clock_piles(self, piles: Sequence[Mapping[str, Any]]) -> Text:
        """Clock's piles, one a line: the cards face up, then how many are down."""
        text = Text()
        for index, pile in enumerate(piles):
            if index:
                text.append("\n")
            text.append(f"{pile['pile']:>2} ", style="bold")
            up = [str(code) for code in pile["up"]]
            text.append_text(self.cards(up) if up else Text("—"))
            if pile["down"]:
                text.append("  " + say("({count} down)", self.lang, count=pile["down"]),
                            style="dim")
        return text

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

    def melds(
        self, melds: Sequence[Mapping[str, Any]], names: Sequence[str],
        target: str | None = None, pending: bool = False,
    ) -> Text:
        """The melds on the table, one a line: name, owner, kind and cards,
        each wild card with what it stands for:
        ``m1  P1  sequence  6St P(7St) 8St``; ◀ marks ``target``, the meld
        a card is being laid off on (``P(?)`` when ``pending``: a wild card
        still to declare)."""
        owners = [
            self.seat_label(int(meld["owner"]), names) if meld.get("owner") is not None
            else Text("") for meld in melds
        ]
        name_width = max(len(str(meld["name"])) for meld in melds)
        owner_width = max(len(owner.plain) for owner in owners)
        kinds = [self.words(str(meld.get("kind") or "")) for meld in melds]
        kind_width = max(len(kind) for kind in kinds)
        text = Text()
        for index, (meld, owner, kind) in enumerate(zip(melds, owners, kinds, strict=True)):
            if index:
                text.append("\n")
            text.append(str(meld["name"]).ljust(name_width), style="bold")
            text.append("  ")
            owner.pad_right(owner_width - len(owner.plain))
            text.append_text(owner)
            text.append("  ")
            text.append(kind.ljust(kind_width), style="dim")
            text.append("  ")
            text.append_text(self.placed_cards(meld["cards"]))
            if target is not None and meld["name"] == target:
                text.append("  ◀ " + (say("laying off P(?)", self.lang) if pending
                                      else say("laying off here", self.lang)), style="bold")
        return text

    def placed_cards(self, cards: Sequence[Mapping[str, Any]]) -> Text:
        """Cards put down in a meld, a wild card with the card it was
        declared as: ``6St P(7St) 8St``; ``P(?)`` while undeclared."""
        text = Text()
        for index, entry in enumerate(cards):
            if index:
                text.append(" ")
            text.append_text(self.placed_card(entry))
        return text

    def placed_card(self, entry: Mapping[str, Any]) -> Text:
        """One card of a meld: ``7St``, or a wild one as ``P(7St)``."""
        code = str(entry["code"])
        text = self.card(code)
        identity = entry.get("as")
        if identity is not None:
            text.append("(")
            text.append_text(self.card(str(identity)))
            text.append(")")
        elif self.same_card(code) == "P" and "as" in entry:
            text.append("(?)")
        return text

    def building(self, melds: Sequence[Sequence[Mapping[str, Any]]], pending: bool = False) -> Text:
        """Melds being put together, the last one still open, with ``P(?)``
        when a wild card was just put in and is still to declare:
        ``[3Cr 4Cr 5Cr]  [4Mo P(?) …]``."""
        text = Text()
        for index, meld in enumerate(melds):
            is_open = index == len(melds) - 1
            if index:
                text.append("  ")
            text.append("[")
            text.append_text(self.placed_cards(meld))
            if is_open and pending:
                text.append(" P(?)" if meld else "P(?)")
            if is_open:
                text.append(" …" if meld or pending else "…")
            text.append("]")
        return text

    def extra(self, value: object, names: Sequence[str], pending: bool = False) -> Text:
        """A game-specific observation value: cards drawn as cards, melds
        being built (``pending``: with a wild card still to declare), one
        number or one list of cards per seat shown by seat, a description by
        its text."""
        if isinstance(value, list) and all(isinstance(item, str) for item in value):
            return self.cards([str(item) for item in value])
        if isinstance(value, list) and all(
            isinstance(meld, list) and all(isinstance(card, Mapping) and "code" in card
                                           for card in meld)
            for meld in value
        ):
            return self.building(value, pending)
        if isinstance(value, list) and len(value) == len(names) and all(
            isinstance(item, list) and all(isinstance(card, str) for card in item)
            for item in value
        ):
            return self.cards_by_seat(names, value)
        if isinstance(value, Mapping) and isinstance(value.get("text"), str):
            return self.log_line(value["text"])
        if isinstance(value, list) and len(value) == len(names) and all(
            isinstance(item, int | float) and not isinstance(item, bool) for item in value
        ):
            return self.totals(names, value)
        if isinstance(value, str):
            return self.card(value)
        return Text(describe_value(value))

    def cards_by_seat(self, names: Sequence[str], hands: Sequence[Sequence[str]]) -> Text:
        """``P1 4Mo 9Su · P3 P``: the seats that have cards, with their cards."""
        text = Text()
        for seat, cards in enumerate(hands):
            if not cards:
                continue
            if text:
                text.append(" · ")
            text.append_text(self.seat_label(seat, names))
            text.append(" ")
            text.append_text(self.cards(cards))
        return text

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
        table.add_column(say("player", self.lang))
        table.add_column(say("score", self.lang), justify="right")
        table.add_column(say("return", self.lang), justify="right")
        table.add_column(say("result", self.lang))
        for seat, (score, outcome) in enumerate(zip(scores, returns, strict=True)):
            table.add_row(
                self.seat_label(seat, names), str(score), f"{outcome:+.2f}",
                outcome_words(outcome_word(outcome, len(names) == 1), self.lang),
            )
        return table


def outcome_word(outcome: float, alone: bool = False) -> str:
    """``won``, ``lost`` or ``drew`` for a seat's return; ``alone``: the
    one seat of a patience, whose return is 1 won and 0 lost."""
    if outcome > 0:
        return "won"
    if outcome < 0 or alone:
        return "lost"
    return "drew"


def outcome_words(word: str, lang: str) -> str:
    """An :func:`outcome_word` in ``lang`` (``won`` is ``ganó`` in Spanish)."""
    if word == "won":
        return say("won", lang)
    if word == "lost":
        return say("lost", lang)
    return say("drew", lang)


def _is_empty(value: object, seats: int) -> bool:
    """Whether an extra has nothing to show: none, no items, or an empty
    list for each of the ``seats`` (nobody's known cards)."""
    if value is None or value == []:
        return True
    return isinstance(value, list) and len(value) == seats and all(item == [] for item in value)


def _is_flag_column(key: str, players: Sequence[Mapping[str, Any]]) -> bool:
    """Whether a yes/no column says just what the flags say (Progress
    Rummy's ``down`` is also the flag "down"): it is not repeated."""
    return all(
        isinstance(player[key], bool) and player[key] == (key in player.get("flags", ()))
        for player in players
    )
