"""What the games give the agents is registered by each game's own
heuristic module (:mod:`parlour.agents.registry`): no other agent module
names a game, and a game that registers nothing plays at every level."""

from __future__ import annotations

import ast
import importlib
import importlib.util
import pkgutil
import random
from pathlib import Path
from typing import Any, Self

import numpy as np
import numpy.typing as npt
import pytest

import parlour
import parlour.agents
from parlour.agents import ISMCTSAgent, RandomAgent, choose_action, make_agent, registry
from parlour.agents.heuristic import HeuristicAgent
from parlour.agents.levels import EASY_ITERATIONS, HARD_ITERATIONS, MEDIUM_ITERATIONS, LevelAgent
from parlour.cards import PIQUET_32
from parlour.engine import registry as games_registry
from parlour.engine.game import TERMINAL_PLAYER, Deal, Game, Observation, State
from parlour.engine.options import Option, OptionSchema
from parlour.errors import IllegalAction

AGENTS_DIR = Path(parlour.agents.__file__).parent


def agent_modules() -> list[str]:
    """Every module of :mod:`parlour.agents`, by dotted name."""
    return ["parlour.agents", *(info.name for info in pkgutil.walk_packages(
        parlour.agents.__path__, "parlour.agents."))]


def module_path(name: str) -> Path:
    module = importlib.import_module(name)
    assert module.__file__ is not None
    return Path(module.__file__)


def registered_by(name: str, monkeypatch: pytest.MonkeyPatch) -> set[str]:
    """The games that module ``name`` registers something for: its source
    run again with the registry's functions recording instead of
    registering."""
    games: set[str] = set()

    def record(game: type[Game], *rest: Any) -> None:
        games.add(game.name)

    with monkeypatch.context() as patch:
        for function in ("register_heuristic", "register_rollout", "register_level"):
            patch.setattr(registry, function, record)
        spec = importlib.util.find_spec(name)
        assert spec is not None and spec.loader is not None
        spec.loader.exec_module(importlib.util.module_from_spec(spec))
    return games


def game_names_in(path: Path) -> dict[str, list[int]]:
    """The registered games' names written as string literals in ``path``,
    with their lines."""
    names = set(parlour.games())
    found: dict[str, list[int]] = {}
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) \
                and node.value in names:
            found.setdefault(node.value, []).append(node.lineno)
    return found


def test_every_agent_module_is_read() -> None:
    files = {module_path(name) for name in agent_modules()}
    assert files == set(AGENTS_DIR.rglob("*.py"))


def test_no_agent_module_names_a_game_it_does_not_register(
        monkeypatch: pytest.MonkeyPatch) -> None:
    strays = {}
    for name in agent_modules():
        own = registered_by(name, monkeypatch)
        stray = {game: lines for game, lines in game_names_in(module_path(name)).items()
                 if game not in own}
        if stray:
            strays[name] = stray
    assert strays == {}


def test_each_game_is_registered_by_its_own_module(monkeypatch: pytest.MonkeyPatch) -> None:
    owners = {name: registered_by(name, monkeypatch) for name in agent_modules()}
    assert {name: games for name, games in owners.items() if games} == {
        "parlour.agents.heuristic.bharg": {"bharg"},
        "parlour.agents.heuristic.costly": {"costly-colours"},
        "parlour.agents.heuristic.patience": {"golf", "calculation", "bakers-dozen", "clock"},
        "parlour.agents.heuristic.progress": {"progress"},
        "parlour.agents.heuristic.ranter": {"ranter-go-round", "tiny-ranter-go-round"},
        "parlour.agents.heuristic.rummy": {"progress-rummy"},
        "parlour.agents.heuristic.rummy_lookahead": {"progress-rummy"},
        "parlour.agents.heuristic.strategies": {
            "polignac", "knaves", "slobberhannes", "eichelobern", "grasobern", "bassadewitz",
            "tiny-polignac",
        },
    }


def test_a_level_a_game_cannot_give_a_player_is_refused() -> None:
    with pytest.raises(ValueError) as refusal:
        registry.register_level(HighCard, "medium", RandomAgent)
    assert str(refusal.value) == (
        "a game gives players to the levels easy, hard, hard-classic, not to 'medium'")
    assert HighCard.name not in registry.level_players("medium")


# ---------------------------------------------------------------------------
# a toy game that registers nothing with the agents

KEEP, CHANGE = 0, 1
"""Keep the card dealt, or change it for the top of the stock."""


class HighCard(Game):
    """Each of two seats is dealt one hidden card and in turn keeps it or
    changes it for the top card of the stock; the higher card wins."""

    name = "high-card"
    title = "High Card"
    version = 1
    min_players = 2
    max_players = 2
    deck = PIQUET_32
    description = "a toy game that registers nothing with the agents"
    rules_text = ""
    higher_is_better = True
    schema = OptionSchema([Option.integer("players", 2, "seats", minimum=2, maximum=2)])

    @property
    def num_actions(self) -> int:
        return 2

    @property
    def observation_tensor_size(self) -> int:
        return 1

    def _new_state(self, seed: int, deal: Deal | None, explicit_chance: bool) -> HighCardState:
        cards = list(range(len(self.deck)))
        random.Random(seed).shuffle(cards)
        return HighCardState(self, seed, cards[:2], cards[2:])


class HighCardState(State):
    def __init__(self, game: HighCard, seed: int, hands: list[int], stock: list[int]) -> None:
        self.game = game
        self.seed = seed
        self.deal = None
        self.explicit_chance = False
        self.history: list[int] = []
        self.hands = hands
        self.stock = stock

    def current_player(self) -> int:
        return TERMINAL_PLAYER if self.is_terminal() else len(self.history)

    def is_terminal(self) -> bool:
        return len(self.history) == 2

    def legal_actions(self) -> list[int]:
        return [] if self.is_terminal() else [KEEP, CHANGE]

    def apply(self, action: int) -> None:
        if action not in self.legal_actions():
            raise IllegalAction(f"no {action} now")
        if action == CHANGE:
            self.hands[len(self.history)] = self.stock.pop()
        self.history.append(action)

    def action_to_str(self, action: int) -> str:
        return ("keep", "change")[action]

    def parse_action(self, text: str) -> int:
        return ("keep", "change").index(text)

    def scores(self) -> list[int]:
        return list(self.hands) if self.is_terminal() else [0, 0]

    def hand_results(self) -> list[list[int]]:
        return [self.scores()] if self.is_terminal() else []

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0, 0.0]
        return [1.0, 0.0] if self.hands[0] > self.hands[1] else [0.0, 1.0]

    def observation(self, seat: int) -> Observation:
        return {"game": self.game.name, "seat": seat, "card": self.hands[seat],
                "history": list(self.history)}

    def public_observation(self) -> Observation:
        return {"game": self.game.name, "seat": None, "history": list(self.history)}

    def observation_tensor(self, seat: int) -> npt.NDArray[np.float32]:
        return np.array([self.hands[seat]], dtype=np.float32)

    def card_locations(self) -> dict[str, int]:
        return {}

    def clone(self) -> Self:
        other = object.__new__(type(self))
        other.__dict__.update(self.__dict__)
        other.history = self.history.copy()
        other.hands = self.hands.copy()
        other.stock = self.stock.copy()
        return other

    def determinize(self, seat: int, rng: random.Random) -> Self:
        """The other seat's card and the stock dealt again from the cards
        ``seat`` has not seen."""
        world = self.clone()
        other = 1 - seat
        unseen = [world.hands[other], *world.stock]
        rng.shuffle(unseen)
        world.hands[other], world.stock = unseen[0], unseen[1:]
        return world


@pytest.fixture
def high_card(monkeypatch: pytest.MonkeyPatch) -> type[HighCard]:
    """:class:`HighCard`, registered with the games for the test only."""
    games_registry._load_builtin_games()
    monkeypatch.setitem(games_registry._REGISTRY, HighCard.name, HighCard)
    return HighCard


def play(level: str, seed: int) -> list[int]:
    """A whole match of High Card with ``level`` in both seats; its actions."""
    state = parlour.make(HighCard.name).new_state(seed=seed)
    agents = [make_agent(level, seed * 10 + seat) for seat in range(2)]
    while not state.is_terminal():
        state.apply(choose_action(agents[state.current_player()], state))
    return state.history


@pytest.mark.parametrize("level", ["easy", "medium", "hard", "random"])
def test_a_game_that_registers_nothing_plays_at_every_level(
        high_card: type[HighCard], level: str) -> None:
    moves = play(level, seed=3)
    assert len(moves) == 2
    assert play(level, seed=3) == moves


@pytest.mark.parametrize(("level", "iterations"), [
    ("easy", EASY_ITERATIONS), ("medium", MEDIUM_ITERATIONS), ("hard", HARD_ITERATIONS),
])
def test_the_levels_play_a_game_that_registers_nothing_with_the_search(
        high_card: type[HighCard], level: str, iterations: int) -> None:
    agent = make_agent(level, 1)
    player = agent.player(HighCard.name) if isinstance(agent, LevelAgent) else agent
    assert isinstance(player, ISMCTSAgent)
    assert (player.iterations, player.rollout_policy, player.rollouts_by_game.get(HighCard.name)) \
        == (iterations, None, None)


def test_the_search_changes_a_low_card_and_keeps_a_high_one(high_card: type[HighCard]) -> None:
    state = parlour.make(HighCard.name).new_state(seed=0)
    assert isinstance(state, HighCardState)
    state.hands = [0, 31]
    assert choose_action(make_agent("easy", 1), state) == CHANGE
    state.hands = [31, 0]
    assert choose_action(make_agent("easy", 1), state) == KEEP


@pytest.mark.parametrize("level", ["easy", "hard"])
def test_a_game_that_registers_a_player_for_a_level_gets_it(
        high_card: type[HighCard], level: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(registry, "_LEVELS", {})
    registry.register_level(HighCard, level, RandomAgent)
    agent = make_agent(level, 1)
    assert isinstance(agent, LevelAgent)
    assert isinstance(agent.player(HighCard.name), RandomAgent)
    assert isinstance(agent.player("polignac"), ISMCTSAgent if level == "hard" else HeuristicAgent)
    assert len(play(level, seed=3)) == 2
