"""The PettingZoo AEC environment (:mod:`parlour.rl.pettingzoo`): PettingZoo's
own API and seed tests over every game and option set, and what the
adapter promises on top (spaces, masks, rewards, seeding, errors, rendering)."""

from __future__ import annotations

import contextlib
import functools
import io
import random
import re
import warnings
from typing import Any

import numpy as np
import pytest
from gymnasium import spaces
from pettingzoo.test import api_test, render_test, seed_test

import parlour
from parlour import IllegalAction, OptionError, State
from parlour.rl.pettingzoo import ILLEGAL_ACTION_REWARD, ParlourAECEnv, env, raw_env
from support import GAME_NAMES, GAME_OPTION_IDS, GAME_OPTION_SETS, example_lines_twice

API_CYCLES = 1000
"""Cycles of every agent in ``api_test``: more than any fast match lasts,
so that every match is played to its end and the dead agents are stepped."""

SEED_CYCLES = 500
"""Cycles compared by ``seed_test``: also to the end of the match."""

RANTER_DECIDED_AT_ONCE = {"players": 2, "lives": 1, "king_rule": "stops_hand"}
RANTER_DECIDED_SEED = 10
"""A Ranter Go Round match that ends before anyone moves: with one life,
the King turned up in the first hand ends it."""


DICT_OBSERVATION_WARNINGS = {
    "Observation is not a NumPy array",
    "Observation space for each agent probably should be gymnasium.spaces.box or "
    "gymnasium.spaces.discrete",
}
"""What ``api_test`` says of every dict observation outside its list of
PettingZoo's own classic games, which observe the same way; any other
warning (a NaN, an empty mask, a bad reward) fails the test."""


def quietly(check: Any, *arguments: Any, **keywords: Any) -> None:
    """Run one of PettingZoo's checks without its progress prints; it may
    warn only of :data:`DICT_OBSERVATION_WARNINGS`."""
    with contextlib.redirect_stdout(io.StringIO()), \
            warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        check(*arguments, **keywords)
    assert {str(warning.message) for warning in caught} <= DICT_OBSERVATION_WARNINGS


def play_randomly(table: Any, rng: random.Random) -> dict[str, float]:
    """Play random legal actions to the end through the AEC loop; every
    agent's cumulative reward as ``last()`` reports it when it is done."""
    final: dict[str, float] = {}
    for agent in table.agent_iter():
        observation, reward, terminated, truncated, _ = table.last()
        if terminated or truncated:
            final[agent] = reward
            table.step(None)
            continue
        legal = np.flatnonzero(observation["action_mask"])
        table.step(int(rng.choice(list(legal))))
    return final


@pytest.mark.parametrize(("name", "options"), GAME_OPTION_SETS, ids=GAME_OPTION_IDS)
def test_pettingzoo_api_test(name: str, options: dict[str, object]) -> None:
    quietly(api_test, env(name, **options), num_cycles=API_CYCLES)


@pytest.mark.parametrize(("name", "options"), GAME_OPTION_SETS, ids=GAME_OPTION_IDS)
def test_pettingzoo_seed_test(name: str, options: dict[str, object]) -> None:
    quietly(seed_test, lambda: env(name, **options), num_cycles=SEED_CYCLES)


@pytest.mark.parametrize("name", GAME_NAMES)
def test_spaces_agents_and_metadata(name: str) -> None:
    table = env(name)
    game = parlour.make(name)
    agents = [f"player_{seat}" for seat in range(game.num_players)]
    assert table.possible_agents == agents
    assert table.metadata == {
        "name": f"parlour_{name.replace('-', '_')}_v0",
        "render_modes": ["human", "ansi"],
        "render_fps": 4,
        "is_parallelizable": False,
        "game_version": game.version,
        "tensor_version": 1,
    }
    for agent in agents:
        observation_space = table.observation_space(agent)
        assert isinstance(observation_space, spaces.Dict)
        assert set(observation_space) == {"observation", "action_mask"}
        tensor_space = observation_space["observation"]
        assert tensor_space.shape == (game.observation_tensor_size,)
        assert tensor_space.dtype == np.float32
        mask_space = observation_space["action_mask"]
        assert mask_space.shape == (game.num_actions,)
        assert mask_space.dtype == np.int8
        assert table.action_space(agent) == spaces.Discrete(game.num_actions)


def test_polignac_sizes_follow_the_options() -> None:
    table = env("polignac", players=6)
    assert table.possible_agents == [f"player_{seat}" for seat in range(6)]
    assert table.action_space("player_5") == spaces.Discrete(34)
    assert table.metadata["name"] == "parlour_polignac_v0"
    assert env("costly-colours").metadata["name"] == "parlour_costly_colours_v0"
    assert env("clock").possible_agents == ["player_0"]


def expected_mask(state: State, seat: int, size: int) -> list[int]:
    mask = [0] * size
    if state.current_player() == seat:
        for action in state.legal_actions():
            mask[action] = 1
    return mask


@pytest.mark.parametrize(("name", "options"), [
    ("polignac", {"players": 4, "target": 8}),
    ("costly-colours", {}),
    ("bharg", {"players": 3}),
    ("progress-rummy", {"players": 3, "max_turns": 6}),
    ("ranter-go-round", {"players": 5, "lives": 1}),
    ("golf", {}),
])
def test_a_full_match_masks_observations_and_rewards(name: str,
                                                     options: dict[str, object]) -> None:
    """Every observation of every agent at every step is the seat's tensor
    and the exact mask of the legal actions; the rewards at the end are the
    match's returns, and the match is the replay of its seed and actions."""
    table = env(name, **options)
    table.reset(seed=11)
    raw = table.unwrapped
    state = raw.match
    assert state.seed == 11
    rng = random.Random(5)
    final: dict[str, float] = {}
    steps = 0
    for agent in table.agent_iter():
        observation, reward, terminated, truncated, info = table.last()
        if terminated or truncated:
            final[agent] = reward
            table.step(None)
            continue
        seat = int(agent.removeprefix("player_"))
        assert seat == state.current_player()
        assert info == {} and reward == 0
        for other, other_agent in enumerate(table.possible_agents):
            seen = raw.observe(other_agent)
            assert seen["observation"].dtype == np.float32
            assert seen["observation"].tolist() == state.observation_tensor(other).tolist()
            assert seen["action_mask"].dtype == np.int8
            assert seen["action_mask"].tolist() == expected_mask(state, other,
                                                                 raw.game.num_actions)
        legal = state.legal_actions()
        assert np.flatnonzero(observation["action_mask"]).tolist() == legal
        table.step(rng.choice(legal))
        steps += 1
    assert state.is_terminal() and steps == len(state.history)
    assert final == {
        agent: reward for agent, reward in zip(table.possible_agents, state.returns(),
                                               strict=True)
    }
    assert table.agents == []
    replayed = parlour.make(name, **options).new_state(seed=11)
    for action in state.history:
        replayed.apply(action)
    assert replayed.returns() == state.returns()


def test_same_seed_same_match_and_as_parlour_deals_it() -> None:
    first, second = env("polignac"), env("polignac")
    first.reset(seed=42)
    second.reset(seed=42)
    assert play_randomly(first, random.Random(1)) == play_randomly(second, random.Random(1))
    assert first.unwrapped.match.history == second.unwrapped.match.history
    table = env("polignac")
    table.reset(seed=42)
    dealt = parlour.make("polignac").new_state(seed=42)
    assert table.unwrapped.match.seed == 42
    for seat, agent in enumerate(table.possible_agents):
        assert table.observe(agent)["observation"].tolist() == \
            dealt.observation_tensor(seat).tolist()


def test_unseeded_resets_follow_the_last_seed() -> None:
    """``reset()`` after ``reset(seed=s)`` deals from ``np_random``: the same
    sequence of deals for the same ``s``, a new deal each time."""
    first, second = env("knaves"), env("knaves")
    seeds: list[list[int]] = []
    for table in (first, second):
        table.reset(seed=3)
        dealt = [table.unwrapped.match.seed]
        for _ in range(3):
            table.reset()
            dealt.append(table.unwrapped.match.seed)
        seeds.append(dealt)
    assert seeds[0] == seeds[1]
    assert seeds[0][0] == 3 and len(set(seeds[0])) == 4


def test_a_match_over_before_any_move_is_dealt_again() -> None:
    assert parlour.make("ranter-go-round", **RANTER_DECIDED_AT_ONCE).new_state(
        seed=RANTER_DECIDED_SEED).is_terminal()
    dealt = []
    for _ in range(2):
        table = env("ranter-go-round", **RANTER_DECIDED_AT_ONCE)
        table.reset(seed=RANTER_DECIDED_SEED)
        state = table.unwrapped.match
        assert not state.is_terminal() and state.seed != RANTER_DECIDED_SEED
        assert not any(table.terminations.values())
        dealt.append(state.seed)
    assert dealt[0] == dealt[1]


def test_an_illegal_action_ends_the_episode_with_the_penalty(
        caplog: pytest.LogCaptureFixture) -> None:
    table = env("polignac")
    table.reset(seed=1)
    offender = table.agent_selection
    observation, *_ = table.last()
    illegal = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    table.step(illegal)
    assert "Illegal move made, game terminating with current player losing" in caplog.text
    assert all(table.terminations.values())
    rewards: dict[str, float] = {}
    for agent in table.agent_iter():
        _, reward, terminated, truncated, _ = table.last()
        assert terminated and truncated
        rewards[agent] = reward
        table.step(None)
    assert rewards == {agent: ILLEGAL_ACTION_REWARD if agent == offender else 0.0
                       for agent in table.possible_agents}
    assert table.unwrapped.match.history == []


def test_the_raw_environment_raises_the_games_illegal_action() -> None:
    table = raw_env("polignac")
    table.reset(seed=1)
    state = table.match
    legal = state.legal_actions()
    illegal = next(action for action in range(table.game.num_actions) if action not in legal)
    with pytest.raises(IllegalAction) as expected:
        parlour.make("polignac").new_state(seed=1).apply(illegal)
    with pytest.raises(IllegalAction, match=f"^{re.escape(str(expected.value))}$"):
        table.step(illegal)
    assert state.history == [] and table.agent_selection == f"player_{state.current_player()}"
    with pytest.raises(ValueError,
                       match=r"^player_1 is to move and must give an action, not None$"):
        table.step(None)


def test_an_action_outside_the_space_is_an_assertion() -> None:
    table = env("polignac")
    table.reset(seed=1)
    with pytest.raises(AssertionError):
        table.step(34)


@pytest.mark.parametrize(("name", "options"), [
    ("nope", {}),
    ("polignac", {"players": 9}),
    ("polignac", {"colour": "red"}),
    ("bharg", {"players": 3, "stock_exhaustion": "never"}),
])
def test_bad_names_and_options_raise_parlours_errors(name: str,
                                                     options: dict[str, object]) -> None:
    with pytest.raises(OptionError) as expected:
        parlour.make(name, **options)
    for factory in (env, raw_env):
        with pytest.raises(OptionError, match=f"^{re.escape(str(expected.value))}$"):
            factory(name, **options)


def test_a_bad_render_mode_is_refused() -> None:
    with pytest.raises(OptionError,
                       match=r"^render_mode must be one of human, ansi or None, not 'rgb_array'$"):
        env("polignac", render_mode="rgb_array")


def test_ansi_renders_the_view_of_the_agent_to_move() -> None:
    table = env("polignac", render_mode="ansi")
    table.reset(seed=7)
    text = table.render()
    assert isinstance(text, str)
    assert text.startswith("Polignac · hand 1")
    seat = table.unwrapped.match.current_player()
    assert f"P{seat} (you)" in text and "Your hand" in text
    play_randomly(table, random.Random(2))
    over = table.render()
    assert "(you)" not in over


def test_human_rendering_prints_after_each_step(capsys: pytest.CaptureFixture[str]) -> None:
    table = env("clock", render_mode="human")
    table.reset(seed=1)
    assert table.render() is None
    assert "Clock" in capsys.readouterr().out
    table.step(0)
    assert "Clock" in capsys.readouterr().out
    quiet = env("clock")
    quiet.reset(seed=1)
    assert quiet.render() is None
    assert capsys.readouterr().out == ""


def test_the_state_api_is_not_offered() -> None:
    """AEC's optional global ``state()`` would show every hand; the
    environment leaves it out (PettingZoo's NotImplementedError)."""
    table = raw_env("polignac")
    table.reset(seed=1)
    assert isinstance(table, ParlourAECEnv)
    with pytest.raises(NotImplementedError):
        table.state()


def test_the_example_plays_matches_and_prints_zero_sum_rewards() -> None:
    lines = example_lines_twice("pettingzoo_random.py", "polignac", "--matches", "2",
                                "--seed", "4", "target=8")
    assert len(lines) == 2
    for index, line in enumerate(lines):
        match = re.fullmatch(
            rf"match {index + 1} \(seed {4 + index}\): "
            r"player_0 (\S+), player_1 (\S+), player_2 (\S+), player_3 (\S+)", line)
        assert match is not None, line
        rewards = sorted(float(value) for value in match.groups())
        # one loser pays 1, shared by the three others (Polignac's returns)
        assert rewards[0] == -1.0 and rewards[1:] == pytest.approx([1 / 3] * 3, abs=1e-5)


HAND_REWARD_SETS: list[tuple[str, dict[str, object]]] = [
    ("polignac", {"target": 8}),
    ("costly-colours", {"players": 4}),
    ("bharg", {"players": 3}),
    ("ranter-go-round", {"players": 5, "lives": 1}),
    ("progress-rummy", {"players": 3, "max_turns": 6}),
    ("golf", {}),
]
"""Games of both signs (points, penalty points, lives lost) and a patience."""


@pytest.mark.parametrize(("name", "options"), HAND_REWARD_SETS)
def test_hand_rewards_pass_pettingzoos_tests(name: str, options: dict[str, object]) -> None:
    quietly(api_test, env(name, reward="hand", **options), num_cycles=API_CYCLES)
    quietly(seed_test, lambda: env(name, reward="hand", **options), num_cycles=SEED_CYCLES)


@pytest.mark.parametrize(("name", "options"), HAND_REWARD_SETS)
def test_hand_rewards_are_the_signed_hand_results(name: str,
                                                  options: dict[str, object]) -> None:
    """Each step rewards every agent with the signed change of the hands it
    finished (none mid-hand); an agent's rewards add up to its signed total."""
    table = env(name, reward="hand", **options)
    table.reset(seed=9)
    raw = table.unwrapped
    state = raw.match
    sign = 1 if raw.game.higher_is_better else -1
    rng = random.Random(9)
    collected = dict.fromkeys(table.possible_agents, 0.0)
    for agent in table.agent_iter():
        _, reward, terminated, truncated, _ = table.last()
        collected[agent] += reward
        if terminated or truncated:
            table.step(None)
            continue
        hands_before = len(state.hand_results())
        table.step(rng.choice(state.legal_actions()))
        finished = state.hand_results()[hands_before:]
        expected = [sign * sum(hand[seat] for hand in finished) for seat in seats_of(raw)]
        assert [raw.rewards[agent] for agent in table.possible_agents] == expected
    totals = [sign * sum(hand[seat] for hand in state.hand_results()) for seat in seats_of(raw)]
    assert list(collected.values()) == totals
    assert any(totals)


def seats_of(raw: ParlourAECEnv) -> range:
    return range(raw.game.num_players)


def test_a_bad_reward_scheme_is_refused() -> None:
    with pytest.raises(OptionError, match=r"^reward must be one of match, hand, not 'trick'$"):
        env("polignac", reward="trick")


@pytest.mark.parametrize("name", GAME_NAMES)
def test_pettingzoo_render_test(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    render_test(functools.partial(env, name))
    assert parlour.make(name).title in capsys.readouterr().out
