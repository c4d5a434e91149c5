"""OpenSpiel's ISMCTS and MCTS bots as tournament agents
(:mod:`parlour.agents.openspiel_bots`): looked up by name, paced by a
level, playing legal matches through the OpenSpiel adapter.

The levels that pace them are swapped here for a search of a few
iterations, so that the matches take a fraction of a second."""

from __future__ import annotations

import sys
from collections.abc import Sequence

import pytest

pyspiel = pytest.importorskip("pyspiel")

import parlour  # noqa: E402
from parlour.agents import RandomAgent, choose_action  # noqa: E402
from parlour.agents import openspiel_bots as bots  # noqa: E402
from parlour.agents.base import AGENTS  # noqa: E402
from parlour.agents.ismcts import ISMCTSAgent  # noqa: E402
from parlour.agents.openspiel_bots import OPENSPIEL_AGENTS  # noqa: E402
from parlour.agents.specs import OPENSPIEL_BOTS  # noqa: E402
from parlour.cli import main  # noqa: E402
from parlour.engine import OptionError, State  # noqa: E402
from parlour.sim.tournament import TournamentSpec, agent_factory, run_tournament  # noqa: E402

NAMES = ("openspiel-ismcts", "openspiel-ismcts-hard", "openspiel-mcts", "openspiel-mcts-hard")


class CountingPace:
    """A pace that searches a few iterations and counts the positions it was asked about."""

    name = "counting"

    def __init__(self, seed: int | None = None) -> None:
        self.search = ISMCTSAgent(seed, iterations=5)
        self.asked: list[Sequence[int]] = []

    def choose_in(self, state: State, seat: int) -> int:
        self.asked.append(state.legal_actions())
        return self.search.choose_in(state, seat)


def small_pace(seed: int | None) -> ISMCTSAgent:
    return ISMCTSAgent(seed, iterations=5)


def play(agent: bots.OpenSpielAgent, game: str, seed: int, **options: object) -> State:
    """A match with ``agent`` at seat 0 and random players elsewhere; every
    move of the agent checked against the legal ones."""
    state = parlour.make(game, **options).new_state(seed=seed)
    others = [RandomAgent(seed + seat) for seat in range(state.game.num_players)]
    while not state.is_terminal():
        seat = state.current_player()
        legal = state.legal_actions()
        action = choose_action(agent if seat == 0 else others[seat], state)
        assert action in legal
        state.apply(action)
    return state


def test_each_name_makes_its_bot_paced_by_its_level() -> None:
    made = {name: agent_factory(name)(1) for name in NAMES}
    assert {name: (agent.name, agent.bot) for name, agent in made.items()} == {
        "openspiel-ismcts": ("openspiel-ismcts", "ismcts"),
        "openspiel-ismcts-hard": ("openspiel-ismcts-hard", "ismcts"),
        "openspiel-mcts": ("openspiel-mcts", "mcts"),
        "openspiel-mcts-hard": ("openspiel-mcts-hard", "mcts"),
    }
    assert bots.OPENSPIEL_AGENTS == {
        "openspiel-ismcts": ("ismcts", "medium"), "openspiel-ismcts-hard": ("ismcts", "hard"),
        "openspiel-mcts": ("mcts", "medium"), "openspiel-mcts-hard": ("mcts", "hard"),
    }


@pytest.mark.parametrize("bot", ["ismcts", "mcts"])
def test_a_bot_plays_a_legal_match_asking_its_pace_at_every_searched_move(bot: str) -> None:
    agent = bots.OpenSpielAgent(f"openspiel-{bot}", bot, CountingPace, cap=1.0, seed=3)
    state = play(agent, "polignac", 4, players=3, target=1)
    pace = agent._pace
    assert isinstance(pace, CountingPace)
    assert agent.moves == len(pace.asked) > 0
    # a forced move is played at once, without asking the pace
    assert all(len(legal) > 1 for legal in pace.asked)
    least = bots.MIN_ISMCTS_SIMULATIONS if bot == "ismcts" else bots.MCTS_WORLD_SIMULATIONS
    assert agent.simulations >= least * agent.moves
    assert len(state.hand_results()) == 1


def test_the_tournament_seats_a_bot_by_its_name(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(bots.PACES, "medium", (small_pace, 1.0))
    spec = TournamentSpec("slobberhannes", {"target": 1}, ("openspiel-ismcts",), deals=1, seed=2)
    (row,) = run_tournament(spec, workers=1).agents
    assert (row.agent, row.matches) == ("openspiel-ismcts", 4)


def test_ismcts_refuses_a_game_without_hidden_cards() -> None:
    agent = bots.make_openspiel_agent("openspiel-ismcts", 1)
    state = parlour.make("bakers-dozen").new_state(seed=1)
    assert len(state.legal_actions()) > 1
    with pytest.raises(OptionError) as error:
        agent.choose_in(state, 0)
    assert str(error.value) == (
        "openspiel-ismcts plays games with hidden cards, and Baker's Dozen has none; "
        "OpenSpiel's MCTS plays it: openspiel-mcts")


def test_the_search_starts_from_a_copy_of_the_position_with_no_past() -> None:
    position = parlour.make("polignac", target=1).new_state(seed=5)
    for _ in range(6):
        position.apply(position.legal_actions()[0])
    seat = position.current_player()
    root = bots.RootedGames().start(position)
    assert root.current_player() == seat
    assert root.legal_actions() == position.legal_actions()
    assert root.parlour_state.observation(seat) == position.observation(seat)
    assert root.parlour_state is not position
    action = root.legal_actions()[0]
    root.apply_action(action)
    assert len(position.history) == 6
    after = position.clone()
    after.apply(action)
    # what the search reads after a step (recall included) starts at the position
    assert root.parlour_state.observation(seat) == after.observation(seat)
    assert root.information_state_string(seat).startswith(root.observation_string(seat))
    world = root.resample_from_infostate(seat, pyspiel.UniformProbabilitySampler(1, 0.0, 1.0))
    assert world.information_state_string(seat) == root.information_state_string(seat)


UNKNOWN = ("no agent called 'openspiel-deep'; agents are "
           + ", ".join(sorted({*AGENTS, *OPENSPIEL_BOTS}))
           + ", or PREFIX:ARGUMENT with the prefixes cmd, ismcts, llm, module")


def test_the_spec_parser_knows_every_bot_by_name() -> None:
    assert tuple(OPENSPIEL_AGENTS) == OPENSPIEL_BOTS
    assert {"openspiel-ismcts", "openspiel-mcts-hard"} <= set(UNKNOWN.split(", "))


def test_an_unknown_bot_is_refused_naming_the_bots() -> None:
    with pytest.raises(OptionError) as error:
        agent_factory("openspiel-deep")
    assert str(error.value) == UNKNOWN


def test_the_cli_refuses_an_unknown_bot_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tournament", "polignac", "--agents", "hard,openspiel-deep", "-n", "1"]) == 2
    assert capsys.readouterr().err == f"error: {UNKNOWN}\n"


def test_without_openspiel_the_bots_ask_for_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delitem(sys.modules, "parlour.agents.openspiel_bots", raising=False)
    monkeypatch.setitem(sys.modules, "open_spiel.python.algorithms", None)
    with pytest.raises(OptionError) as error:
        agent_factory("openspiel-ismcts")
    assert str(error.value) == (
        "'openspiel-ismcts' is one of OpenSpiel's bots, which need the openspiel extra: "
        "pip install 'parlour[openspiel]'")


@pytest.mark.parametrize(
    ("seconds", "cap", "spent"),
    [(0.0, 100.0, True), (100.0, 0.0, True), (100.0, 100.0, False)],
)
def test_a_budget_ends_with_its_cpu_time_or_the_levels_wall_clock_backstop(
    seconds: float, cap: float, spent: bool
) -> None:
    assert bots.Budget(seconds, cap).run_out() is spent


def test_mcts_plays_a_game_without_hidden_cards_from_the_position_itself() -> None:
    agent = bots.OpenSpielAgent("openspiel-mcts", "mcts", small_pace, cap=1.0, seed=2)
    # a short game, so that the random rollouts are short
    state = parlour.make("bakers-dozen", max_moves=20).new_state(seed=1)
    legal = state.legal_actions()
    assert len(legal) > 1
    assert agent.choose_in(state, 0) in legal
    assert agent.moves == 1
    assert agent.simulations >= bots.MCTS_WORLD_SIMULATIONS
