"""Progress Races: Progress played as a progressive party over several tables.

``rules/progress.md`` §4 (the decisions of §6.4, the options of §6.6).

* ``tables`` tables of four (default 2), numbered 1 (the head) to T (the
  foot), in a circle: up from table 1 is table T, down from T is table 1
  (RA9). Exactly four players a table; any other number of players is
  refused with :class:`~parlour.errors.OptionError` (RA11).
* Every player has a movement role for the whole event, Up or Down; Up
  players sit in seats 0 and 2 of their table, Down players in 1 and 3.
  The first seating is drawn by lot from the event's seed (or given).
* A round is one Progress hand at every table (:class:`RaceTable`, the
  Progress engine playing one hand): in round 1 each table cuts for the
  deal; later the player at the table with the highest hand score of the
  previous round deals (ties: the higher running total, then a cut among
  the tied). The player on the dealer's left is asked first to open with
  a 7, the dealer last (``opener``); ``follow_sign`` "same" keeps a turn's
  first sequence card to the top card's sign (RA4). Every Progress play
  option applies. Cards left in hand score as in Progress; there is no
  target (RA13).
* The signal (``signal``): "all_tables" once every table has finished
  its hand; "head_table" as soon as table 1's hand ends, and the other
  tables stop where they are and score the cards in hand. After the
  signal (not after the last round) one player of each role moves at
  every table: of the two Up players the one with the lower hand score
  moves up a table, of the two Down players the lower one moves down; the
  Down player who stays shifts to the other Down seat (``stayer_shift``),
  and the arrivals fill the empty seats of their roles. Ties in a pair:
  the lower running total, then a cut (the higher card moves).
  ``movers`` "losers" sends the higher score of each pair instead (ties
  then go to the higher running total); ``movement_basis`` "cumulative"
  compares running totals first and this round's scores second.
* After the last round the lowest running total wins; ties go to the
  most hands won (hands in which the player went out), then share the
  win. ``role_prizes`` also names the best Up and the best Down player.

Decisions beyond the rules file, for play with people (the web app's
host): the host starts each round; the host's signal may come while
tables still play (a time limit, or a stuck table), and then those tables
stop and score as under ``signal`` "head_table". The last round ends
by itself once every table has finished (no movement follows it). Under
"head_table" the signal is automatic.

:class:`Event` is the whole event as a pure state machine, driven either
table by table as people play (:meth:`Event.play`, :meth:`Event.signal`)
or by :func:`run_event`, which plays the tables' turns in lockstep (table
1 one turn, then table 2, ..., §4.3) and gives each signal itself: the
deterministic engine of the CLI's ``parlour event``. Its record is its
seed, options, first seating and :attr:`Event.steps`; :func:`replay`
rebuilds it.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from parlour.engine import events as contract
from parlour.engine.events import OVER, PLAYING, READY, Chooser
from parlour.engine.game import Observation, State
from parlour.engine.match import Catalogue, Dealt, GameEvent, WentOut, Words
from parlour.engine.options import Option, OptionSchema, OptionValue
from parlour.engine.shuffle import shuffled
from parlour.errors import IllegalAction, OptionError, ParseError
from parlour.games.common import share_returns
from parlour.games.progress import (
    CATALOGUE,
    PHASE_OVER,
    Progress,
    ProgressState,
    cut_for_dealer,
    cut_rank,
)
from parlour.i18n import _

NAME = "progress-races"
TITLE = "Progress Races"
VERSION = 1


PLAY_OPTIONS = (
    "p_may_open", "reopen_only_when_blocked", "p_followup", "deferral", "defer_sevens",
    "direction_lock", "wraparound", "p_value",
)
"""The PROGRESS play options that RACES accepts (§6.6)."""

TABLE_OPTIONS = (
    Option.choice("opener", ("left_of_dealer", "dealer"), "left_of_dealer",
                  "who is asked first to open with a 7 (RA2)"),
    Option.choice("follow_sign", ("any", "same"), "any",
                  "may a turn's first card change sign (RA4)"),
)

SCHEMA = OptionSchema([
    Option.integer("tables", 2, "tables of four; players = 4 x tables (at most 100 players)",
                   minimum=1, maximum=25),
    Option.integer("rounds", 12, "rounds: one hand at every table each (RA11: 12)",
                   minimum=1, maximum=100),
    *TABLE_OPTIONS,
    Option.choice("signal", ("all_tables", "head_table"), "all_tables",
                  "when play stops and players move (RA7)"),
    Option.choice("movers", ("winners", "losers"), "winners",
                  "which of each role's pair moves (RA8)"),
    Option.choice("movement_basis", ("round", "cumulative"), "round",
                  "this round's hand scores or the running totals decide who moves (RA10)"),
    Option.flag("stayer_shift", True, "the Down player who stays moves to the other Down seat"),
    Option.flag("role_prizes", False, "also name the best Up and the best Down player"),
    *(Progress.schema.options[name] for name in PLAY_OPTIONS),
])
"""The event's options (§6.6, ``progress_races``)."""

UP = "Up"
DOWN = "Down"
ROLE_NAMES = (UP, DOWN)
"""The two movement roles (§4.1: the seed's ladies and gentlemen), in words."""
UP_SEATS = (0, 2)
DOWN_SEATS = (1, 3)

DESCRIPTION = (
    "Progress as a progressive party: tables of four, players moving between tables "
    "after every round; 4 x tables players, lowest total wins (parlour event)."
)
"""The event in one paragraph (``parlour list``)."""


def event_options(options: Mapping[str, object]) -> dict[str, OptionValue]:
    """``options`` checked against :data:`SCHEMA`, with the defaults.

    ``players`` may stand for ``tables`` (four a table).

    >>> event_options({"players": 16})["tables"]
    4
    """
    values = dict(options)
    if "players" in values:
        players = values.pop("players")
        tables = tables_for(players)
        if "tables" in values and values["tables"] != tables:
            raise OptionError(f"{players} players make {tables} tables, not {values['tables']}")
        values["tables"] = tables
    return SCHEMA.validate(values)


def tables_for(players: object) -> int:
    """The number of tables that seats ``players`` (four a table, RA11)."""
    # isdecimal, not isdigit: int() refuses digits such as ², and a run of
    # thousands of digits; so many players are refused below all the same
    if isinstance(players, str) and players.strip().isdecimal() and len(players) < 10:
        players = int(players)
    if isinstance(players, bool) or not isinstance(players, int) or players < 4:
        raise OptionError(f"Progress Races needs at least 4 players (one table), not {players!r}")
    if players % 4:
        below, above = players - players % 4, players - players % 4 + 4
        raise OptionError(
            f"Progress Races seats exactly four players at every table, two Up and two Down: "
            f"{players} players cannot be seated; play with {below} or {above}"
        )
    return players // 4


def derived_seed(seed: int, *key: object) -> int:
    """A seed for one part of the event (a table's hand, a cut), fixed by the
    event's seed and ``key``."""
    return random.Random(":".join(map(str, ("progress-races", seed, *key)))).randrange(2**63)


class RaceTable(Progress):
    """The Progress rules of one race table: four players, one hand, the
    RACES opener and sign options; the event sets the dealer and the
    players' running totals. Not registered: the event deals it.

    It keeps Progress's name, so that every Progress player (heuristic,
    ISMCTS) plays it."""

    title = "Progress Races"
    schema = OptionSchema([*Progress.schema.options.values(), *TABLE_OPTIONS])

    def __init__(self, /, **options: object) -> None:
        super().__init__(**options)
        if self.n != 4:
            raise OptionError("a Progress Races table seats four players")
        self.single_hand = True


@dataclass(frozen=True, slots=True)
class PlayStopped(GameEvent):
    """The signal stopped play at the table (§4.3)."""


class RaceHandState(ProgressState):
    """One hand at one race table."""

    game: RaceTable
    catalogue = Catalogue({
        **CATALOGUE.sentences,
        Dealt: "{dealer} deals",
        PlayStopped: "the signal: play stops and the cards in hand score",
    })

    def __init__(self, game: RaceTable, seed: int, dealer: int | None,
                 totals: Sequence[int], names: Sequence[str]) -> None:
        self._begin_match(game, seed, None, False)
        self.names = list(names)
        self.words = Words(self.names, game.words.codes)
        """The log names the players at the table."""
        self._clear_hand()
        self.totals = list(totals)
        self.stopped = False
        if dealer is None:
            self._choose_first_dealer()
        else:
            self.dealer = dealer
        self._start_hand()

    def _words(self) -> Words:
        return self.words

    def stop(self) -> None:
        """The signal stops play: every player scores the cards in hand
        (§4.3); nothing happens to a finished hand."""
        if self.phase == PHASE_OVER:
            return
        self.stopped = True
        self.events.append(PlayStopped())
        self._finish_hand()

    def hand_scores(self) -> list[int]:
        """The hand's score of every seat (once it is over)."""
        return list(self.results[-1]) if self.results else [0] * 4

    def went_out(self) -> int | None:
        """The seat that played its last card, if any."""
        for event in self.events:
            if isinstance(event, WentOut):
                return event.seat
        return None

    def winners(self) -> list[int]:
        """The seats with the lowest score of this hand (what a table's
        players play for: the lower score moves and adds less)."""
        scores = self.hand_scores()
        lowest = min(scores)
        return [seat for seat, score in enumerate(scores) if score == lowest]

    def returns(self) -> list[float]:
        if self.phase != PHASE_OVER:
            return [0.0] * 4
        return share_returns(self.winners(), 4)

    def record(self) -> dict[str, Any]:
        raise ParseError("a race table's hand is recorded by its event (progress_races.replay)")


@dataclass(frozen=True, slots=True)
class Move:
    """One player's move after a signal."""

    player: int
    role: str
    from_table: int
    from_seat: int
    to_table: int
    to_seat: int

    def as_dict(self) -> dict[str, Any]:
        """The JSON form (tables numbered from 1)."""
        return {"player": self.player, "role": self.role, "from_table": self.from_table + 1,
                "from_seat": self.from_seat, "to_table": self.to_table + 1,
                "to_seat": self.to_seat}


def first_seating(seed: int, tables: int) -> list[list[int]]:
    """The seating by lot: players 0..4T-1 in an order drawn from ``seed``,
    four to a table."""
    order = shuffled(range(4 * tables), "progress-races-seating", seed)
    return [order[4 * table:4 * table + 4] for table in range(tables)]


def check_seating(seating: Sequence[Sequence[int]], tables: int) -> list[list[int]]:
    """A given first seating checked: ``tables`` lists of four players, every
    player 0..4T-1 once."""
    rows = [list(row) for row in seating]
    players = 4 * tables
    if len(rows) != tables or any(len(row) != 4 for row in rows):
        raise OptionError(f"a seating is {tables} tables of four players")
    seated = sorted(player for row in rows for player in row)
    if seated != list(range(players)):
        raise OptionError(f"a seating places every player from 0 to {players - 1} exactly once")
    return rows


@contract.register
class Event(contract.Event):
    """A whole Progress Races event; see the module docstring.

    Players are numbered 0 to 4T-1; tables 0 to T-1 here (table 1, the
    head, is index 0), and seats 0-3 clockwise.
    """

    name = NAME
    title = TITLE
    description = DESCRIPTION
    schema = SCHEMA
    version = VERSION
    parties = True
    standings_columns = (
        ("place", "place", "right"), ("name", "player", "left"), ("role", "role", "left"),
        ("total", "total", "right"), ("hands_won", "hands won", "right"),
    )

    @classmethod
    def validate(cls, options: Mapping[str, object]) -> dict[str, OptionValue]:
        return event_options(options)

    @classmethod
    def players_for(cls, options: Mapping[str, OptionValue]) -> int:
        return 4 * int(options["tables"])

    def __init__(self, seed: int, options: Mapping[str, object] | None = None,
                 seating: Sequence[Sequence[int]] | None = None,
                 names: Sequence[str] | None = None) -> None:
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise ParseError(f"a seed must be an integer, not {seed!r}")
        self.options = event_options(options or {})
        self.seed = seed
        self.tables = int(self.options["tables"])
        self.rounds = int(self.options["rounds"])
        self.players = 4 * self.tables
        if names is not None and len(names) != self.players:
            raise OptionError(f"give {self.players} names, not {len(names)}")
        self.names = list(names) if names is not None else [
            f"Player {player + 1}" for player in range(self.players)
        ]
        table_options = {name: self.options[name] for name in (*PLAY_OPTIONS, "opener",
                                                                "follow_sign")}
        self.table_game = RaceTable(players=4, **table_options)
        self.seating = first_seating(seed, self.tables) if seating is None \
            else check_seating(seating, self.tables)
        self.first = [list(row) for row in self.seating]
        self.role = [""] * self.players
        for row in self.seating:
            for seat, player in enumerate(row):
                self.role[player] = UP if seat in UP_SEATS else DOWN
        self.totals = [0] * self.players
        self.hands_won = [0] * self.players
        self.round = 0
        """Rounds started (the current round's number while it is played)."""
        self.phase = READY
        self.hands: list[RaceHandState] = []
        self.round_scores: list[list[int]] = []
        """Per finished round, every player's hand score."""
        self.moves: list[list[Move]] = []
        """Per signal, the players who moved."""
        self.steps: list[list[Any]] = []
        """What happened, in order: ``["start"]``, ``["play", player, action]``,
        ``["signal"]`` (a signal given by the host; the automatic ones follow
        from the plays)."""

    # --- seats ---------------------------------------------------------------
    def seat_of(self, player: int) -> tuple[int, int]:
        """The table and seat of ``player``."""
        self._check_player(player)
        for table, row in enumerate(self.seating):
            if player in row:
                return table, row.index(player)
        raise AssertionError("every player is seated")

    def _check_player(self, player: int) -> None:
        if isinstance(player, bool) or not isinstance(player, int) \
                or not 0 <= player < self.players:
            raise IllegalAction(f"there is no player {player!r}: players are 0 to "
                                f"{self.players - 1}")

    # --- the round -----------------------------------------------------------
    def start_round(self) -> None:
        """Deal at every table (the host's "start")."""
        if self.phase == OVER:
            raise IllegalAction("the event is over")
        if self.phase == PLAYING:
            raise IllegalAction(f"round {self.round} is being played")
        self.round += 1
        previous = self.round_scores[-1] if self.round_scores else None
        self.hands = []
        for table, row in enumerate(self.seating):
            dealer = None if previous is None else self._dealer(table, previous)
            self.hands.append(RaceHandState(
                self.table_game, derived_seed(self.seed, "hand", self.round, table), dealer,
                [self.totals[player] for player in row], [self.names[player] for player in row],
            ))
        self.phase = PLAYING
        self.steps.append(["start"])

    def _dealer(self, table: int, previous: Sequence[int]) -> int:
        """§4.2.1: the highest hand score of the previous round at the table
        deals; ties: the higher running total, then a cut."""
        row = self.seating[table]
        best = max((previous[player], self.totals[player]) for player in row)
        tied = [seat for seat, player in enumerate(row)
                if (previous[player], self.totals[player]) == best]
        if len(tied) == 1:
            return tied[0]
        deck = self.table_game
        winner = cut_for_dealer(deck.all_cards, deck.face_of, len(tied), "progress-races-cut",
                                derived_seed(self.seed, "dealer", self.round, table))
        return tied[winner]

    def play(self, player: int, action: int) -> None:
        """``player`` plays ``action`` at his table (:class:`IllegalAction`
        says why not, and nothing changes)."""
        table, seat = self.seat_of(player)
        if self.phase == READY:
            raise IllegalAction(f"round {self.round + 1} has not started")
        if self.phase == OVER:
            raise IllegalAction("the event is over")
        hand = self.hands[table]
        if hand.is_terminal():
            raise IllegalAction(f"the hand at table {table + 1} is over: wait for the signal")
        mover = hand.current_player()
        if mover != seat:
            raise IllegalAction(f"it is {self.names[self.seating[table][mover]]}'s turn at "
                                f"table {table + 1}, not yours")
        hand.apply(action)
        self.steps.append(["play", player, action])
        if not hand.is_terminal():
            return
        head = table == 0 and self.options["signal"] == "head_table"
        if head or (self.round == self.rounds and all(other.is_terminal()
                                                       for other in self.hands)):
            self._end_round()

    def signal(self) -> None:
        """The host's signal: tables still playing stop and score; players move."""
        if self.phase != PLAYING:
            raise IllegalAction("the signal ends a round: start the round first"
                                if self.phase == READY else "the event is over")
        self.steps.append(["signal"])
        self._end_round()

    def _end_round(self) -> None:
        scores = [0] * self.players
        for table, hand in enumerate(self.hands):
            hand.stop()
            out = hand.went_out()
            for seat, score in enumerate(hand.hand_scores()):
                player = self.seating[table][seat]
                scores[player] = score
                self.totals[player] += score
            if out is not None:
                self.hands_won[self.seating[table][out]] += 1
        self.round_scores.append(scores)
        if self.round == self.rounds:
            self.phase = OVER
            return
        self.moves.append(self._move(scores))
        self.phase = READY

    def _move(self, scores: Sequence[int]) -> list[Move]:
        """§4.4: who moves where; changes :attr:`seating`."""
        tables = self.tables
        new = [list(row) for row in self.seating]
        moves: list[Move] = []
        arrivals: list[dict[str, int]] = [{} for _ in range(tables)]
        for table, row in enumerate(self.seating):
            for role, seats, step in ((UP, UP_SEATS, -1), (DOWN, DOWN_SEATS, 1)):
                first, second = seats
                mover_seat = self._mover(table, first, second, scores, role)
                stayer_seat = second if mover_seat == first else first
                target = (table + step) % tables
                arrivals[target][role] = row[mover_seat]
                moves.append(Move(row[mover_seat], role, table, mover_seat, target, -1))
                if role == DOWN and self.options["stayer_shift"]:
                    new[table][mover_seat] = row[stayer_seat]
                    new[table][stayer_seat] = -1
                else:
                    new[table][mover_seat] = -1
        placed: dict[int, tuple[int, int]] = {}
        for table, row in enumerate(new):
            for role in ROLE_NAMES:
                seat = next(seat for seat in (UP_SEATS if role == UP else DOWN_SEATS)
                            if row[seat] == -1)
                row[seat] = arrivals[table][role]
                placed[row[seat]] = (table, seat)
        self.seating = new
        return [Move(move.player, move.role, move.from_table, move.from_seat,
                     *placed[move.player]) for move in moves]

    def _mover(self, table: int, first: int, second: int, scores: Sequence[int],
               role: str) -> int:
        """The seat (``first`` or ``second``) of the pair's player who moves."""
        row = self.seating[table]
        cumulative = self.options["movement_basis"] == "cumulative"

        def key(seat: int) -> tuple[int, int]:
            player = row[seat]
            if cumulative:
                return self.totals[player], scores[player]
            return scores[player], self.totals[player]

        a, b = key(first), key(second)
        if a != b:
            lower = first if a < b else second
            if self.options["movers"] == "winners":
                return lower
            return second if lower == first else first
        deck = self.table_game
        cut = shuffled(deck.all_cards, "progress-races-pair", self.seed, self.round, table, role)
        ranks = [cut_rank(deck.face_of[cut[0]]), cut_rank(deck.face_of[cut[1]])]
        if ranks[0] == ranks[1]:  # pragma: no cover - one pack has no equal cards
            raise AssertionError("two cards of one pack cut equal")
        return first if ranks[0] > ranks[1] else second

    # --- standings -----------------------------------------------------------
    def standings(self) -> list[dict[str, Any]]:
        """Every player by place: the lowest total first, ties to the most
        hands won; equal on both share a place."""
        order = sorted(range(self.players),
                       key=lambda player: (self.totals[player], -self.hands_won[player], player))
        keys = [(self.totals[player], -self.hands_won[player]) for player in range(self.players)]
        lines = []
        for player in order:
            place = 1 + sum(1 for other in keys if other < keys[player])
            table, seat = self.seat_of(player)
            lines.append({"player": player, "name": self.names[player], "role": self.role[player],
                          "total": self.totals[player], "hands_won": self.hands_won[player],
                          "place": place, "table": table + 1, "seat": seat})
        return lines

    def winners(self) -> list[int]:
        """The players who won (share) the event, once it is over (§4.5)."""
        return self._best(range(self.players)) if self.phase == OVER else []

    def role_winners(self) -> dict[str, list[int]]:
        """With ``role_prizes``: the best Up and the best Down players."""
        if self.phase != OVER or not self.options["role_prizes"]:
            return {}
        return {role: self._best([p for p in range(self.players) if self.role[p] == role])
                for role in ROLE_NAMES}

    def _best(self, players: Sequence[int] | range) -> list[int]:
        best = min((self.totals[player], -self.hands_won[player]) for player in players)
        return [player for player in players
                if (self.totals[player], -self.hands_won[player]) == best]

    # --- driving the whole event ---------------------------------------------
    @property
    def tables_meet(self) -> bool:
        """Under ``signal`` "head_table" table 1's end stops the others."""
        return self.options["signal"] != "all_tables"

    def run(self, choose: Chooser,
            after_round: Callable[[contract.Event], None] | None = None) -> None:
        """:func:`run_event`: the tables' turns in lockstep (§4.3)."""
        run_event(self, choose, after_round)

    def hand_spec(self, table: int) -> dict[str, Any]:
        hand = self.hands[table]
        return {"options": dict(self.table_game.options), "seed": hand.seed,
                "dealer": hand.dealer, "totals": hand.totals, "names": hand.names}

    @classmethod
    def new_hand(cls, spec: Mapping[str, Any]) -> State:
        return RaceHandState(RaceTable(**spec["options"]), spec["seed"], spec["dealer"],
                             spec["totals"], spec["names"])

    @classmethod
    def seed_for(cls, seed: int, *key: object) -> int:
        return derived_seed(seed, *key)

    # --- what the CLI prints -----------------------------------------------------
    def seating_lines(self) -> list[str]:
        """The first seating, a line a table (each line a whole message of
        the catalogue, said in the reader's language by the surface)."""
        lines = [_("First seating (Up players in seats 0 and 2, Down in 1 and 3):")]
        for table, row in enumerate(self.seating):
            number = table + 1
            players = ", ".join(self._with_role(player) for player in row)
            lines.append(_(f"  table {number}: {players}"))
        return lines

    def _with_role(self, player: int) -> str:
        name, role = self.names[player], self.role[player]
        return _(f"{name} ({role})")

    def round_lines(self) -> list[str]:
        """Every table's hand scores, then who moved."""
        scores = self.round_scores[-1]
        lines = []
        for table, hand in enumerate(self.hands):
            players = hand.names
            number = table + 1
            if hand.stopped:
                how = _("stopped at the signal")
            elif (out := hand.went_out()) is not None:
                name = players[out]
                how = _(f"{name} went out")
            else:
                how = _("blocked")
            line = ", ".join(f"{name} {score}" for name, score in zip(
                players, hand.hand_scores(), strict=True))
            lines.append(_(f"  table {number} ({how}): {line}"))
        if self.phase == OVER:
            return lines
        moved_lines = "; ".join(self._move_text(move, scores[move.player])
                                for move in self.moves[-1])
        lines.append(_(f"  moves: {moved_lines}"))
        moved = {move.player for move in self.moves[-1]}
        stayed = ", ".join(self.names[row[seat]] for row in self.seating for seat in DOWN_SEATS
                           if row[seat] not in moved)
        if self.options["stayer_shift"]:
            lines.append(_(f"  the Down players who stay change seats: {stayed}"))
        return lines

    def _move_text(self, move: Move, total: int) -> str:
        name, role = self.names[move.player], move.role
        origin, target = move.from_table + 1, move.to_table + 1
        return _(f"{name} ({role}, {total}) table {origin} → {target}")

    def result_lines(self) -> list[str]:
        """The winner(s) and the role prizes, with their totals."""
        winners = self._with_totals(self.winners())
        lines = [_(f"Winners: {winners}") if len(self.winners()) > 1
                 else _(f"Winner: {winners}")]
        for role, players in self.role_winners().items():
            best = self._with_totals(players)
            lines.append(_(f"Best {role} players: {best}") if len(players) > 1
                         else _(f"Best {role} player: {best}"))
        return lines

    def _with_totals(self, players: Sequence[int]) -> str:
        return ", ".join(f"{self.names[player]} ({self.totals[player]})" for player in players)

    # --- views -----------------------------------------------------------------
    def table_status(self, table: int) -> str:
        """``waiting`` (before the round), ``playing``, ``finished`` or ``stopped``."""
        if self.phase == READY or not self.hands:
            return "waiting"
        hand = self.hands[table]
        if not hand.is_terminal():
            return PLAYING
        return "stopped" if hand.stopped else "finished"

    def view(self) -> dict[str, Any]:
        """The public state of the event (JSON-able): what the live event
        page shows."""
        tables = []
        for table, row in enumerate(self.seating):
            hand = self.hands[table] if self.phase == PLAYING else None
            seats = []
            for seat, player in enumerate(row):
                entry: dict[str, Any] = {"seat": seat, "player": player,
                                         "name": self.names[player], "role": self.role[player],
                                         "total": self.totals[player]}
                if hand is not None:
                    entry["cards"] = hand.hands[seat].bit_count()
                    entry["dealer"] = seat == hand.dealer
                    if hand.is_terminal():
                        entry["hand_score"] = hand.hand_scores()[seat]
                seats.append(entry)
            tables.append({"number": table + 1, "seats": seats,
                           "status": self.table_status(table),
                           "to_move": self.to_move(table)})
        return {
            "round": self.round, "rounds": self.rounds, "phase": self.phase,
            "tables": tables,
            "standings": self.standings(),
            "moves": [move.as_dict() for move in self.moves[-1]]
            if self.moves and self.phase == READY else [],
            "round_scores": [list(row) for row in self.round_scores],
            "winners": self.winners(),
            "role_winners": self.role_winners(),
            "options": dict(self.options),
        }

    def observation(self, player: int) -> Observation:
        """What ``player`` sees at his table: the Progress observation of his
        seat (``None`` before the first round), with the event's view."""
        table, seat = self.seat_of(player)
        observation: Observation = {"event": self.view(), "player": player,
                                    "table": table + 1, "seat": seat}
        if self.hands and self.phase == PLAYING:
            observation["observation"] = self.hands[table].observation(seat)
        else:
            observation["observation"] = None
        return observation


def replay(seed: int, options: Mapping[str, object], steps: Sequence[Sequence[Any]],
           seating: Sequence[Sequence[int]] | None = None,
           names: Sequence[str] | None = None) -> Event:
    """The event after ``steps`` (see :attr:`Event.steps`); a step that does
    not apply raises :class:`ParseError` with its index."""
    return Event.replay(seed, options, steps, seating, names)


def run_event(event: Event, choose: Chooser,
              after_round: Callable[[Event], None] | None = None) -> Event:
    """Play ``event`` to its end with the tables taking turns in lockstep
    (table 1 one turn, then table 2, ..., §4.3), starting each round and
    giving each signal (once every table has finished, or at table 1's
    end under ``signal`` "head_table"). ``after_round`` is called after
    every round has been scored (and the players moved)."""
    while event.phase != OVER:
        if event.phase == READY:
            event.start_round()
        number = event.round
        while event.phase == PLAYING and event.round == number:
            for table in range(event.tables):
                _play_turn(event, table, choose)
                if event.phase != PLAYING or event.round != number:
                    break
            else:
                if all(hand.is_terminal() for hand in event.hands):
                    event.signal()
        if after_round is not None:
            after_round(event)
    return event


def _play_turn(event: Event, table: int, choose: Chooser) -> None:
    """One turn at ``table`` (nothing if its hand is over)."""
    hand = event.hands[table]
    if hand.is_terminal():
        return
    seat, turn = hand.current_player(), hand.turn_number
    number = event.round
    while (event.phase == PLAYING and event.round == number and not hand.is_terminal()
           and hand.current_player() == seat and hand.turn_number == turn):
        player = event.seating[table][seat]
        event.play(player, choose(hand, player))

