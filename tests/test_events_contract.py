"""The event contract (issue 28, item 5): an event registered with
``parlour.events`` is made, started, played, recorded and replayed through
the contract alone, and ``parlour event``, ``parlour rules`` and ``parlour
list`` run it with no other edit; the server and the CLI know events only
through the contract."""

from __future__ import annotations

import ast
import json
import random
from collections.abc import Callable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

import pytest

import parlour
from parlour import events
from parlour.cli import main
from parlour.engine.game import Observation, State
from parlour.engine.options import Option, OptionSchema, OptionValue
from parlour.errors import IllegalAction, OptionError, ParseError, RecordError

TABLE_GAME = "slobberhannes"


class ToyRotation(events.Event):
    """A toy event: tables of three each play a match of the table game; at
    the signal the matches' scores are added up and the player in seat 0 of
    every table moves on to the next table."""

    name = "toy-rotation"
    title = "Toy Rotation"
    description = "A toy event of the tests: tables of three, seat 0 moves on."
    rules_text = "TOY ROTATION: a match at every table; seat 0 moves on to the next table."
    schema = OptionSchema([
        Option.integer("tables", 2, "tables of three", minimum=1, maximum=4),
        Option.integer("rounds", 2, "rounds", minimum=1, maximum=5),
    ])
    version = 3
    standings_columns = (("place", "place", "right"), ("name", "player", "left"),
                         ("total", "total", "right"))

    @classmethod
    def validate(cls, options: Mapping[str, object]) -> dict[str, OptionValue]:
        return cls.schema.validate(dict(options))

    @classmethod
    def players_for(cls, options: Mapping[str, OptionValue]) -> int:
        return 3 * int(options["tables"])

    def __init__(self, seed: int, options: Mapping[str, object] | None = None,
                 seating: Sequence[Sequence[int]] | None = None,
                 names: Sequence[str] | None = None) -> None:
        self.seed = seed
        self.options = self.validate(options or {})
        self.tables, self.rounds = int(self.options["tables"]), int(self.options["rounds"])
        self.players = self.players_for(self.options)
        self.names = list(names) if names is not None else [
            f"Toy {player + 1}" for player in range(self.players)]
        self.seating = [list(row) for row in seating] if seating is not None else [
            [3 * table + seat for seat in range(3)] for table in range(self.tables)]
        self.first = [list(row) for row in self.seating]
        self.role = [""] * self.players
        self.totals = [0] * self.players
        self.round, self.phase = 0, events.READY
        self.hands: list[State] = []
        self.steps: list[events.Step] = []

    def start_round(self) -> None:
        if self.phase != events.READY:
            raise IllegalAction("no round may start now")
        self.round += 1
        self.hands = []
        for table in range(self.tables):
            self.hands.append(self.new_hand(self.hand_spec(table)))
        self.phase = events.PLAYING
        self.steps.append(["start"])

    def play(self, player: int, action: int) -> None:
        table, _ = self.seat_of(player)
        if self.to_move(table) != player:
            raise IllegalAction(f"it is not {self.names[player]}'s turn")
        self.hands[table].apply(action)
        self.steps.append(["play", player, action])

    def signal(self) -> None:
        if self.phase != events.PLAYING:
            raise IllegalAction("no round is being played")
        self.steps.append(["signal"])
        for table, hand in enumerate(self.hands):
            if hand.is_terminal():
                for seat, score in enumerate(hand.scores()):
                    self.totals[self.seating[table][seat]] += score
        movers = [row[0] for row in self.seating]
        for table, row in enumerate(self.seating):
            row[0] = movers[table - 1]
        self.phase = events.OVER if self.round == self.rounds else events.READY

    def seat_of(self, player: int) -> tuple[int, int]:
        for table, row in enumerate(self.seating):
            if player in row:
                return table, row.index(player)
        raise IllegalAction(f"there is no player {player!r}")

    def run(self, choose: events.Chooser,
            after_round: Callable[[events.Event], None] | None = None) -> None:
        while self.phase != events.OVER:
            self.start_round()
            while any(self.to_move(table) is not None for table in range(self.tables)):
                for table in range(self.tables):
                    player = self.to_move(table)
                    if player is not None:
                        self.play(player, choose(self.hands[table], player))
            self.signal()
            if after_round is not None:
                after_round(self)

    def hand_spec(self, table: int) -> dict[str, Any]:
        return {"seed": self.seed_for(self.seed, "hand", self.round, table)}

    @classmethod
    def new_hand(cls, spec: Mapping[str, Any]) -> State:
        return parlour.make(TABLE_GAME, players=3).new_state(seed=spec["seed"])

    @classmethod
    def seed_for(cls, seed: int, *key: object) -> int:
        return random.Random(":".join(map(str, ("toy", seed, *key)))).randrange(2**63)

    def standings(self) -> list[dict[str, Any]]:
        order = sorted(range(self.players), key=lambda player: (self.totals[player], player))
        return [{"player": player, "name": self.names[player], "total": self.totals[player],
                 "place": 1 + sum(total < self.totals[player] for total in self.totals)}
                for player in order]

    def winners(self) -> list[int]:
        if self.phase != events.OVER:
            return []
        return [player for player in range(self.players)
                if self.totals[player] == min(self.totals)]

    def view(self) -> dict[str, Any]:
        return {"round": self.round, "phase": self.phase, "totals": list(self.totals)}

    def observation(self, player: int) -> Observation:
        table, seat = self.seat_of(player)
        hand = self.hands[table] if self.phase == events.PLAYING else None
        return {"event": self.view(),
                "observation": None if hand is None else hand.observation(seat)}

    def seating_lines(self) -> list[str]:
        return [f"  table {table + 1}: " + ", ".join(self.names[player] for player in row)
                for table, row in enumerate(self.seating)]

    def round_lines(self) -> list[str]:
        return ["  totals: " + ", ".join(f"{name} {total}" for name, total in zip(
            self.names, self.totals, strict=True))]

    def result_lines(self) -> list[str]:
        return ["Winners: " + ", ".join(self.names[player] for player in self.winners())]


@pytest.fixture
def toy() -> Iterator[type[ToyRotation]]:
    events.register(ToyRotation)
    yield ToyRotation
    events.unregister(ToyRotation.name)


def random_chooser(seed: int) -> events.Chooser:
    rng = random.Random(seed)
    return lambda hand, player: rng.choice(hand.legal_actions())


def test_a_toy_event_is_made_played_and_replayed_through_parlour_events(
    toy: type[ToyRotation],
) -> None:
    assert events.names() == ["progress-races", "toy-rotation"]
    assert events.event_class("Toy_Rotation") is toy
    event = parlour.events.make("toy-rotation", seed=5, tables=2, rounds=2)
    assert isinstance(event, toy) and event.players == 6 and event.phase == events.READY

    # round 1 by hand: every move read from its text, as a player types it
    event.start_round()
    assert event.phase == events.PLAYING
    rng = random.Random(1)
    while any(event.to_move(table) is not None for table in range(event.tables)):
        for table in range(event.tables):
            player = event.to_move(table)
            if player is None:
                continue
            hand = event.hands[table]
            assert player == event.seating[table][hand.current_player()]
            text = hand.action_to_str(rng.choice(hand.legal_actions()))
            for action in event.parse(player, text):
                event.play(player, action)
    event.signal()
    assert event.phase == events.READY and event.seating == [[3, 1, 2], [0, 4, 5]]
    with pytest.raises(IllegalAction, match=r"^no round is being played$"):
        event.parse(0, "pass")

    # round 2 by the event's own driver
    rounds: list[int] = []
    event.run(random_chooser(2), after_round=lambda done: rounds.append(done.round))
    assert rounds == [2] and event.phase == events.OVER and event.winners()

    record = json.loads(json.dumps(event.record()))
    assert record["event"] == "toy-rotation" and record["version"] == 3
    again = events.replay(record)
    assert (again.steps, again.totals, again.seating, again.standings(), again.winners()) == (
        event.steps, event.totals, event.seating, event.standings(), event.winners())


def test_records_and_names_that_do_not_fit_are_refused(toy: type[ToyRotation]) -> None:
    event = events.make("toy-rotation", seed=1, tables=1, rounds=1)
    event.run(random_chooser(1))
    record = event.record()
    with pytest.raises(RecordError) as error:
        events.replay({**record, "version": 2})
    assert str(error.value) == ("the record is of Toy Rotation version 2; this parlour plays "
                                "version 3")
    steps = [*record["steps"][:-1], ["signal", 1]]
    with pytest.raises(ParseError) as error:
        events.replay({**record, "steps": steps})
    assert str(error.value) == f"step {len(steps) - 1} does not apply: unknown step ['signal', 1]"
    with pytest.raises(OptionError) as error:
        events.make("toy-rotatio", seed=1)
    assert str(error.value) == ("no event called 'toy-rotatio' (did you mean 'toy-rotation'?); "
                                "the events are progress-races, toy-rotation")
    with pytest.raises(ValueError, match=r"^two events are called 'toy-rotation'$"):
        events.register(type("Other", (toy,), {}))
    with pytest.raises(ValueError, match=r"^one event is played as the web app's parties$"):
        events.register(type("Parties", (toy,), {"name": "toy-parties", "parties": True}))


def test_the_cli_runs_lists_and_explains_a_toy_event(
    toy: type[ToyRotation], capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
) -> None:
    monkeypatch.setenv("COLUMNS", "120")
    saved = tmp_path / "toy.json"
    assert main(["event", "toy_rotation", "--option", "tables=1", "--rounds", "2",
                 "--seat-level", "random", "--seed", "2", "--workers", "1",
                 "--save", str(saved)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Toy Rotation · 3 players at 1 tables · 2 rounds · random players · "
                          "seed 2\n  table 1: Toy 1, Toy 2, Toy 3\n\nRound 1\n  totals: ")
    record = json.loads(saved.read_text())
    event = events.replay(record)
    assert event.totals == record["totals"] and event.phase == events.OVER
    assert f"Winners: {', '.join(event.names[p] for p in event.winners())}\n" in out
    assert main(["rules", "toy-rotation"]) == 0
    assert capsys.readouterr().out.startswith(toy.rules_text + "\n")
    assert main(["list"]) == 0
    assert "toy-rotation  Toy Rotation · an event (parlour event)" in capsys.readouterr().out


SOURCE = Path(parlour.__file__).resolve().parent
SURFACES = sorted([SOURCE / "cli.py", SOURCE / "event_cli.py", *(SOURCE / "server").glob("*.py")])


def imported_modules(tree: ast.AST) -> set[str]:
    """Every module that ``tree`` imports (``from a import b`` counts a.b too)."""
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module is not None:
            found.add(node.module)
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
    return found


@pytest.mark.parametrize("path", SURFACES, ids=lambda path: path.name)
def test_the_server_and_the_cli_know_events_only_through_the_contract(path: Path) -> None:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    event_modules = {cls.__module__ for cls in map(events.event_class, events.names())}
    assert event_modules == {"parlour.games.progress_races"}
    assert not imported_modules(tree) & event_modules
    prose = {id(node.value) for node in ast.walk(tree)
             if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)}
    literals = [node.value for node in ast.walk(tree) if isinstance(node, ast.Constant)
                and isinstance(node.value, str) and id(node) not in prose]
    assert [text for text in literals for name in events.names() if name in text] == []
