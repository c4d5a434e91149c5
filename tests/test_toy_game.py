"""A new game is one module (issue 28): Three Tricks (``tests/toygame.py``),
registered for each test through the public registry and gone after it,
keeps every invariant of the registry-wide suites and is played by every
surface with no edit to any of them: ``parlour list``, ``rules``, ``play``,
``replay``, ``simulate`` and ``tournament``, the agents at every level, and
the research environments (PettingZoo, Gymnasium, OpenSpiel, each with
its own API checker). The web app plays it in
``tests/server/test_toy_table.py``."""

from __future__ import annotations

import contextlib
import inspect
import io
import json
import random
import re
import warnings
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import gymnasium
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test

import parlour
import test_conformance
import test_game_metadata
import test_hidden
import test_layouts
import test_registry
import test_tensor_layout
from cli_run import Cli
from parlour import IllegalAction, ParseError
from parlour.agents import choose_action, make_agent
from parlour.cli import _agent_seed
from parlour.engine import game_class
from parlour.engine.game import CHANCE_PLAYER
from parlour.render import Renderer
from parlour.rl import gymnasium as parlour_gymnasium
from parlour.rl.pettingzoo import env as pettingzoo_env
from parlour.sim.tournament import TournamentSpec, run_tournament
from support import GAME_NAMES, option_sets
from toygame import ThreeTricks, ThreeTricksState, registered

NAME = ThreeTricks.name


@pytest.fixture
def toy() -> Iterator[type[ThreeTricks]]:
    """Three Tricks, registered for the test only."""
    with registered() as game:
        yield game


def fixed(hands: list[list[str]], dealer: int = 0, hands_in_match: int = 1) -> ThreeTricksState:
    state = parlour.make(NAME, hands=hands_in_match).new_state(
        deal={"dealer": dealer, "hands": hands})
    assert isinstance(state, ThreeTricksState)
    return state


# --- the registry ---------------------------------------------------------------

def test_the_toy_is_registered_only_inside_the_fixture() -> None:
    assert NAME not in parlour.games()
    with registered():
        assert parlour.games()[NAME]["layout"] == "round-table"
        assert game_class("Three_Tricks") is ThreeTricks
    assert NAME not in parlour.games()
    with pytest.raises(parlour.OptionError) as refusal:
        parlour.make(NAME)
    assert str(refusal.value).startswith("no game called 'three-tricks'; the games are ")


# --- the rules, by hand -------------------------------------------------------------

def test_a_hand_played_by_hand(toy: type[ThreeTricks]) -> None:
    """P1 (the dealer's left) leads the King of spades; P0 must follow with
    the Ace and wins; P1 wins the diamonds, and the Queen of spades when P0
    has only a heart left."""
    state = fixed([["AS", "7H", "8D"], ["KS", "QS", "9D"]])
    assert state.current_player() == 1
    assert [state.action_to_str(action) for action in state.legal_actions()] == [
        "QS", "KS", "9D"]
    state.apply_text("KS")
    with pytest.raises(IllegalAction) as refusal:
        state.apply_text("7H")
    assert str(refusal.value) == "you must follow suit: you hold spades"
    with pytest.raises(IllegalAction) as refusal:
        state.apply_text("QS")
    assert str(refusal.value) == "you do not hold QS"
    for text in ("AS", "8D", "9D", "QS", "7H"):
        state.apply_text(text)
    assert state.is_terminal()
    assert (state.scores(), state.hand_results(), state.returns()) == (
        [1, 2], [[1, 2]], [-1.0, 1.0])
    assert state.observation(0)["log"] == [
        "P0 deals hand 1",
        "P1 plays KS", "P0 plays AS", "P0 wins trick 1",
        "P0 plays 8D", "P1 plays 9D", "P1 wins trick 2",
        "P1 plays QS", "P0 plays 7H", "P1 wins trick 3",
        "hand 1 scored: P0 +1, P1 +2",
    ]
    assert state.observation(1)["players"][0]["cards"] == 0
    assert state.game.count_events(state.match_events()) == {"sweeps": 0}


def test_with_explicit_chance_each_card_is_dealt_from_the_dealers_left(
        toy: type[ThreeTricks]) -> None:
    state = parlour.make(NAME).new_state(seed=0, explicit_chance=True)
    assert state.current_player() == CHANCE_PLAYER
    assert state.chance_outcomes() == [(card, 1 / 32) for card in range(32)]
    for card in range(6):
        state.apply(card)
    assert [state.observation(seat)["hand"] for seat in range(2)] == [
        ["8S", "TS", "QS"], ["7S", "9S", "JS"]]
    assert state.current_player() == 1
    with pytest.raises(IllegalAction) as refusal:
        state.chance_outcomes()
    assert str(refusal.value) == "this is not a chance node"


def test_a_sweep_scores_a_point_more_and_is_counted(toy: type[ThreeTricks]) -> None:
    state = fixed([["7H", "8H", "9H"], ["AS", "KS", "QS"]], hands_in_match=2)
    for text in ("AS", "7H", "KS", "8H", "QS", "9H"):
        state.apply_text(text)
    assert state.hand_results() == [[0, 4]]
    assert state.observation(0)["log"][-4:] == [
        "P1 wins trick 3", "P1 takes every trick", "hand 1 scored: P0 +0, P1 +4",
        "P1 deals hand 2"]
    assert state.game.count_events(state.match_events()) == {"sweeps": 1}
    # the deal passes to the left: P1 deals the second hand and P0 leads it
    assert (state.dealer, state.current_player(), state.hand_index) == (1, 0, 1)


@pytest.mark.parametrize(("deal", "message"), [
    ({"dealer": 2, "hands": [["AS", "7H", "8D"], ["KS", "QS", "9D"]]},
     "the dealer must be a seat from 0 to 1, not 2"),
    ({"hands": [["AS", "7H", "8D"]]}, "a deal names 2 hands, one list of card codes per seat"),
    ({"hands": [["AS", "7H"], ["KS", "QS", "9D"]]}, "hand 0 must be a list of 3 card codes"),
    ({"hands": [["AS", "7H", "8D"], ["AS", "QS", "9D"]]}, "AS is dealt twice"),
    ({"hands": [["AS", "7H", "2D"], ["KS", "QS", "9D"]]},
     "'2D' is not a card of the piquet pack; write a code such as JS, TD, 10D or J♠"),
    ({"hands": [["AS", "7H", "8D"], ["KS", "QS", "9D"]], "turnup": "JD"},
     "a deal of Three Tricks has no 'turnup'; it names the dealer and the hands"),
])
def test_an_impossible_deal_is_refused(toy: type[ThreeTricks], deal: dict[str, Any],
                                       message: str) -> None:
    with pytest.raises(ParseError) as refusal:
        parlour.make(NAME).new_state(deal=deal)
    assert str(refusal.value) == message


def test_the_declared_bounds_are_met_exactly(toy: type[ThreeTricks]) -> None:
    """Every hand takes one decision per card dealt, so the bounds are exact."""
    game = parlour.make(NAME, players=3, hands=2)
    assert (game.max_hand_decisions(), game.max_match_decisions()) == (9, 18)
    rng = random.Random(4)
    state = game.new_state(seed=4)
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
    assert len(state.history) == 18


# --- the registry-wide suites, run on the toy -------------------------------------------

SUITE_MODULES = (test_conformance, test_hidden, test_tensor_layout, test_layouts,
                 test_game_metadata, test_registry)
"""The registry-wide suites: each check taking a game's ``name`` (and
``options`` of its spread, a ``seed``) runs over every registered game."""

TABLED_BY_NAME = {"test_bounds_at_the_defaults"}
"""Checks against figures tabled by game name in the test (the bounds the
research environments have always used); the toy's bounds are checked in
:func:`test_the_declared_bounds_are_met_exactly`."""



def games_checked(function: Callable[..., None]) -> set[str]:
    """The games a test function is parametrized over (by its ``name``)."""
    games: set[str] = set()
    for mark in getattr(function, "pytestmark", []):
        if mark.name != "parametrize":
            continue
        names, values = mark.args[0], mark.args[1]
        names = [part.strip() for part in names.split(",")] if isinstance(names, str) else names
        if "name" in names:
            position = names.index("name")
            games |= {value if len(names) == 1 else value[position] for value in values}
    return games


SUITES: list[Callable[..., None]] = [
    function
    for module in SUITE_MODULES
    for name, function in sorted(vars(module).items())
    if name.startswith("test_") and name not in TABLED_BY_NAME
    and games_checked(function) == set(GAME_NAMES)
    and set(inspect.signature(function).parameters) <= {"name", "options", "seed"}
]
"""Every check of those suites over every registered game."""


def test_the_suites_read_are_the_registry_wide_checks() -> None:
    assert {check.__name__ for check in SUITES} >= {
        "test_legal_actions_turns_and_terminal", "test_card_conservation_at_every_step",
        "test_scores_hand_results_and_returns", "test_observation_schema",
        "test_observation_tensor", "test_clone_equals_and_is_independent",
        "test_illegal_action_leaves_state_unchanged", "test_record_round_trips",
        "test_explicit_chance", "test_determinize", "test_random_play_to_the_end",
        "test_no_observation_shows_another_seats_hidden_cards",
        "test_a_spectator_sees_no_hidden_card",
        "test_a_redeal_leaves_what_a_seat_knows_unchanged",
        "test_each_module_docstring_holds_its_table", "test_the_values_read_as_the_layout_says",
        "test_observations_keep_the_promise_of_the_declared_layout",
        "test_random_matches_stay_within_the_bounds",
        "test_the_information_type_is_what_a_re_deal_shows",
        "test_players_option_matches_the_declared_range",
    }


@pytest.mark.parametrize("check", SUITES, ids=lambda check: check.__name__)
def test_every_registry_wide_check_passes(toy: type[ThreeTricks],
                                          check: Callable[..., None]) -> None:
    sets = option_sets(NAME)
    assert {json.dumps(options, sort_keys=True) for options in sets} == {
        '{"hands": 1}', '{"hands": 1, "players": 3}', '{"hands": 1, "players": 4}'}
    parameters = inspect.signature(check).parameters
    seeds = [0] if "seed" in parameters else []
    for options in sets if "options" in parameters else [None]:
        check(NAME, *([] if options is None else [options]), *seeds)


# --- the command line ----------------------------------------------------------------



def test_list_shows_the_toy(toy: type[ThreeTricks], cli: Cli) -> None:
    run = cli("list")
    assert run.status == 0, run.err
    lines = run.out.splitlines()
    start = lines.index("three-tricks  Three Tricks · 2-4 players · piquet32 deck")
    assert [line.rstrip() for line in lines[start + 1:start + 7]] == [
        "  A toy trick game of three-card hands, a point a trick (the test suite's own).",
        "option    default   allowed",
        "──────────────────────────────────────────",
        "players   2         an integer from 2 to 4",
        "hands     3         an integer from 1 to 6",
        "",
    ]


def test_rules_shows_the_toys_rules_and_options(toy: type[ThreeTricks], cli: Cli) -> None:
    run = cli("rules", "three_tricks")
    assert run.status == 0, run.err
    lines = [line.rstrip() for line in run.out.splitlines()]
    assert lines[0] == "Three Tricks (the test suite's toy game)"
    assert lines[2].startswith("The dealer deals three cards to each seat, one at a time;")
    assert lines[-5:] == [
        "option    default   allowed                  meaning",
        "───────────────────────────────────────────────────────────────",
        "players   2         an integer from 2 to 4   seats at the table",
        "hands     3         an integer from 1 to 6   hands in the match",
        "Set them with --option NAME=VALUE, e.g. parlour play three-tricks --option hands=3",
    ]


def test_a_toy_match_with_computers_only_is_played_saved_and_replayed(
        toy: type[ThreeTricks], cli: Cli, tmp_path: Path) -> None:
    record = tmp_path / "toy.json"
    run = cli("play", "three-tricks", "--seat", "random", "--seat", "easy", "--seed", "3",
              "--option", "hands=1", "--save", str(record))
    assert run.status == 0, run.err
    state = parlour.replay(record)
    assert state.is_terminal() and len(state.history) == 6
    log = state.observation(0)["log"]
    shown = run.out.splitlines()
    assert shown[:len(log)] == [Renderer(ThreeTricks.deck).log_line(line).plain for line in log]
    assert shown[1].startswith("P1 plays ")
    winner = state.returns().index(1.0)
    assert shown[-1] == f"Won: P{winner}. Lost: P{1 - winner}."
    replayed = cli("replay", str(record))
    assert replayed.status == 0, replayed.err
    assert replayed.out.splitlines()[0] == \
        "parlour.make('three-tricks', hands=1) · seed 3 · 6 moves"
    assert replayed.out.splitlines()[-1] == shown[-1]


def test_a_person_plays_the_toy_at_the_terminal(toy: type[ThreeTricks], cli: Cli) -> None:
    """Seat 0 is typed (its lowest legal card each turn, after a card it does
    not hold and a call for its legal moves); seat 1 is the random player
    the command seeds."""
    state = parlour.make(NAME, hands=2).new_state(seed=11)
    computer = make_agent("random", _agent_seed(state, 1))
    typed: list[str] = []
    while not state.is_terminal():
        if state.current_player() == 1:
            state.apply(choose_action(computer, state))
            continue
        held = state.observation(0)["hand"]
        not_held = next(card.code for card in state.game.deck if card.code not in held)
        lowest = state.action_to_str(state.legal_actions()[0])
        typed += [not_held, "legal", lowest]
        state.apply_text(lowest)
    run = cli("play", "three-tricks", "--seed", "11", "--option", "hands=2",
              stdin="\n".join(typed) + "\n")
    assert run.status == 0, run.err
    refusals = [line for line in run.out.splitlines() if line.startswith("✗")]
    assert refusals == [f"✗ you do not hold {code}" for code in typed[0::3]]
    assert len(refusals) == 6
    outcome = {1.0: "won", -1.0: "lost", 0.0: "drew"}[state.returns()[0]]
    assert run.out.splitlines()[-1] == f"You {outcome}."


def test_the_toy_has_no_score_calculator(toy: type[ThreeTricks], cli: Cli) -> None:
    run = cli("score", "three-tricks", "AS")
    assert run.status == 2
    assert run.err == ("error: three-tricks has no score calculator; the games with one are "
                       "bharg, costly-colours\n")


def test_simulate_plays_the_toy(toy: type[ThreeTricks], cli: Cli) -> None:
    run = cli("simulate", "three-tricks", "-n", "6", "--seed", "2", "--players", "3",
              "--agents", "random")
    assert run.status == 0, run.err
    lines = run.out.splitlines()
    assert lines[:2] == ["parlour.make('three-tricks', players=3) · 6 matches · every seat "
                         "random · seed 2", "6 matches, 6 deals: seats"]
    rows = {match.group(1): match.group(2) for line in lines
            if (match := re.fullmatch(r"│ (hands a match|decisions a match)\s+│\s+(\S+) .*", line))}
    # three hands of three cards a seat, whoever plays them
    assert rows == {"hands a match": "3.00", "decisions a match": "27.00"}
    # the toy's own counted event, found through Game.count_events alone
    assert any(re.fullmatch(r"│ hands in which one player took every trick │ 1\.667 \[1\.125, "
                            r"2\.209\] │ +100\.0% \[61\.0, 100\.0\] │", line) for line in lines)


def test_a_tournament_of_the_toy(toy: type[ThreeTricks], cli: Cli) -> None:
    args = ("tournament", "three-tricks", "--agents", "random,easy", "-n", "3", "--field",
            "random", "--option", "hands=2", "--seed", "1")
    run = cli(*args)
    assert run.status == 0, run.err
    lines = run.out.splitlines()
    assert lines[0] == ("parlour.make('three-tricks', hands=2) · 3 deals × 2 seats · "
                        "field random · seed 1")
    result = run_tournament(TournamentSpec(NAME, {"hands": 2}, ("random", "easy"), deals=3,
                                           seed=1, field_agent="random"), workers=1)
    for row, line in zip(result.agents, lines[3:5], strict=True):
        assert line.split()[0] == row.agent
        assert line.split()[1] == f"{row.outcome.mean:+.3f}"
        assert line.split()[-1] == "6"
    assert cli(*args) == run


# --- the agents --------------------------------------------------------------------------

@pytest.mark.parametrize("level", ["random", "easy", "medium", "hard"])
def test_every_level_plays_the_toy(toy: type[ThreeTricks], level: str) -> None:
    state = parlour.make(NAME, hands=1).new_state(seed=5)
    agents = [make_agent(level, seat) for seat in range(2)]
    while not state.is_terminal():
        action = choose_action(agents[state.current_player()], state)
        assert action in state.legal_actions()
        state.apply(action)
    assert len(state.history) == 6


@pytest.mark.parametrize("level", ["easy", "medium"])
def test_the_search_keeps_its_ace_for_the_last_trick(toy: type[ThreeTricks],
                                                     level: str) -> None:
    """P1 leads the 8 of hearts to the second trick; P0 holds the Ace and
    the 9. The 9 wins this trick and the Ace the last, whatever P1 holds;
    the Ace now leaves the 9 to lose to any higher heart."""
    state = fixed([["AH", "9H", "7S"], ["8S", "8H", "KH"]])
    for text in ("8S", "7S", "8H"):
        state.apply_text(text)
    assert state.current_player() == 0
    assert state.legal_actions() == [state.parse_action("9H"), state.parse_action("AH")]
    assert choose_action(make_agent(level, 1), state) == state.parse_action("9H")


# --- the research environments --------------------------------------------------------------

DICT_OBSERVATION_WARNINGS = {
    "Observation is not a NumPy array",
    "Observation space for each agent probably should be gymnasium.spaces.box or "
    "gymnasium.spaces.discrete",
}
"""What PettingZoo's checks say of every dict observation (as in
``tests/rl/test_pettingzoo.py``)."""


INFINITE_BOUND_WARNINGS = {
    "A Box observation space minimum value is -infinity. This is probably too low.",
    "A Box observation space maximum value is infinity. This is probably too high.",
}
"""What Gymnasium's ``check_env`` says of the tensor's infinite bounds (as
in ``tests/rl/test_gymnasium.py``)."""


def quietly(check: Callable[..., Any], *arguments: Any, **keywords: Any) -> set[str]:
    """Run a checker without its prints; the warnings it gave."""
    with contextlib.redirect_stdout(io.StringIO()), \
            warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        check(*arguments, **keywords)
    return {str(warning.message) for warning in caught}


@pytest.mark.parametrize("players", [2, 4])
def test_pettingzoo_api_and_seed_tests_pass(toy: type[ThreeTricks], players: int) -> None:
    table = pettingzoo_env(NAME, players=players, hands=1)
    assert table.metadata["name"] == "parlour_three_tricks_v0"
    assert quietly(api_test, table, num_cycles=100) <= DICT_OBSERVATION_WARNINGS
    assert quietly(seed_test, lambda: pettingzoo_env(NAME, players=players, hands=1),
                   num_cycles=100) <= DICT_OBSERVATION_WARNINGS


def test_a_pettingzoo_match_ends_with_the_toys_returns(toy: type[ThreeTricks]) -> None:
    table = pettingzoo_env(NAME, hands=2)
    table.reset(seed=9)
    rng = random.Random(9)
    rewards = dict.fromkeys(table.agents, 0.0)
    for agent in table.agent_iter():
        observation, reward, terminated, truncated, _ = table.last()
        rewards[agent] += reward
        legal = observation["action_mask"].nonzero()[0]
        table.step(None if terminated or truncated else int(rng.choice(legal)))
    match = table.unwrapped.match
    assert len(match.history) == 12
    assert list(rewards.values()) == match.returns()


def test_gymnasium_check_env_passes_and_the_id_is_registered(
        toy: type[ThreeTricks]) -> None:
    assert "parlour/ThreeTricks-v0" in parlour_gymnasium.register()
    environment = gymnasium.make("parlour/ThreeTricks-v0", hands=1, opponents="easy")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        check_env(environment.unwrapped)
    assert {str(warning.message).removeprefix("\x1b[33mWARN: ").removesuffix("\x1b[0m")
            for warning in caught} <= INFINITE_BOUND_WARNINGS
    observation, _ = environment.reset(seed=3)
    assert observation["observation"].shape == (148,)
    terminated, reward = False, 0.0
    while not terminated:
        action = int(observation["action_mask"].nonzero()[0][0])
        observation, reward, terminated, _, _ = environment.step(action)
    match = environment.unwrapped.match
    assert reward == match.returns()[0]


def test_openspiel_plays_the_toy(toy: type[ThreeTricks]) -> None:
    pyspiel = pytest.importorskip("pyspiel")
    from parlour.rl import openspiel

    assert "parlour_three_tricks" in openspiel.register()
    game = pyspiel.load_game("parlour_three_tricks", {"players": 3, "hands": 2})
    assert game.get_type().information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert (game.num_distinct_actions(), game.max_game_length(), game.num_players()) == (
        32, 18, 3)
    pyspiel.random_sim_test(game, num_sims=3, serialize=False, verbose=False)
    state = game.new_initial_state()
    rng = random.Random(1)
    decisions = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, probabilities)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
            decisions += 1
    assert decisions == 18
    assert sum(state.returns()) == 0.0


def test_openspiels_environment_and_ismcts_bot_play_the_toy(toy: type[ThreeTricks]) -> None:
    """OpenSpiel's RL environment on information-state tensors, and its
    ISMCTS bot (which re-deals through ``resample_from_infostate``) against
    its random bot, each to the end of a match."""
    pytest.importorskip("pyspiel")
    import numpy as np
    from open_spiel.python import rl_environment
    from open_spiel.python.algorithms import ismcts, mcts

    from openspiel_play import play_with_bots
    from parlour.rl import openspiel

    openspiel.register()
    environment = rl_environment.Environment("parlour_three_tricks", players=3, hands=1)
    size = environment.game.information_state_tensor_size()
    environment.seed(3)
    rng = np.random.RandomState(3)
    time_step, decisions = environment.reset(), 0
    while not time_step.last():
        observations = time_step.observations
        assert [len(info) for info in observations["info_state"]] == [size] * 3
        time_step = environment.step([int(rng.choice(
            observations["legal_actions"][observations["current_player"]]))])
        decisions += 1
    assert decisions == 9
    assert sum(time_step.rewards) == 0.0

    game = environment.game
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    state = play_with_bots(
        game, ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=10, random_state=rng),
        rng)
    assert state.parlour_state.is_terminal() and len(state.parlour_state.hand_results()) == 1
    assert sorted(state.returns()) in ([-1.0, -1.0, 2.0], [-1.0, 0.5, 0.5], [0.0, 0.0, 0.0])
