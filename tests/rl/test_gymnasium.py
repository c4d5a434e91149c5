"""The single-agent Gymnasium environment (:mod:`parlour.rl.gymnasium`):
Gymnasium's own ``check_env`` over every game, and what the adapter
promises on top (ids, spaces, opponents, rewards, the illegal-action
policy, seeding, errors, rendering)."""

from __future__ import annotations

import random
import re
import warnings
from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np
import pytest
from gymnasium import spaces
from gymnasium.utils.env_checker import check_env

import parlour
from parlour import IllegalAction, OptionError, ParseError
from parlour.agents import ISMCTSAgent, RandomAgent, make_agent
from parlour.engine import Observation
from parlour.rl.gymnasium import ENV_IDS, ILLEGAL_ACTION_REWARD, ParlourEnv, env_id
from support import GAME_NAMES, example_lines_twice

INFINITE_BOUND_WARNINGS = {
    "A Box observation space minimum value is -infinity. This is probably too low.",
    "A Box observation space maximum value is infinity. This is probably too high.",
}
"""What ``check_env`` says of the tensor's infinite bounds (a documented
choice); any other warning fails the check."""

CHECKED_OPTION_SETS: list[tuple[str, dict[str, object]]] = [
    ("polignac", {"players": 3, "target": 8}),
    ("polignac", {"players": 6, "capot": False}),
    ("progress", {"players": 8, "target": 10}),
    ("progress", {"players": 6, "large_table": "two_decks", "direction_lock": True}),
    ("bharg", {"players": 3, "excuse": True, "pawns": True, "courts": True}),
    ("costly-colours", {"players": 4}),
    ("ranter-go-round", {"players": 12, "lives": 2}),
    ("progress-rummy", {"players": 2, "max_turns": 6}),
    ("golf", {"progress_card": "wild", "golf_wraparound": True}),
]
"""Option sets checked beside every game's defaults."""

RANTER_DECIDED_AT_ONCE = {"players": 2, "lives": 1, "king_rule": "stops_hand"}
RANTER_DECIDED_SEED = 10
"""A Ranter Go Round match that ends before anyone moves: with one life,
the King turned up in the first hand ends it."""


def checked(environment: gymnasium.Env[Any, Any]) -> None:
    """``check_env`` with every render check; it may warn only of the bounds."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        check_env(environment)
    messages = {str(warning.message).removeprefix("\x1b[33mWARN: ").removesuffix("\x1b[0m")
                for warning in caught}
    assert messages <= INFINITE_BOUND_WARNINGS


def legal_of(observation: dict[str, Any]) -> list[int]:
    return [int(action) for action in np.flatnonzero(observation["action_mask"])]


@pytest.mark.parametrize("name", GAME_NAMES)
def test_check_env_on_every_game(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    checked(gymnasium.make(env_id(parlour.make(name)), render_mode="ansi").unwrapped)
    assert parlour.make(name).title in capsys.readouterr().out  # the human render


@pytest.mark.parametrize(("name", "options"), CHECKED_OPTION_SETS,
                         ids=[f"{name}{options}" for name, options in CHECKED_OPTION_SETS])
def test_check_env_with_options(name: str, options: dict[str, object]) -> None:
    checked(gymnasium.make(env_id(parlour.make(name)), **options).unwrapped)


def test_every_game_is_registered_by_its_title() -> None:
    assert ENV_IDS == [
        "parlour/BakersDozen-v0", "parlour/Bassadewitz-v0", "parlour/Bharg-v0",
        "parlour/Calculation-v0", "parlour/Clock-v0", "parlour/CostlyColours-v0",
        "parlour/Eichelobern-v0", "parlour/Golf-v0", "parlour/Grasobern-v0",
        "parlour/Knaves-v0", "parlour/Polignac-v0", "parlour/Progress-v0",
        "parlour/ProgressRummy-v0", "parlour/RanterGoRound-v0", "parlour/Slobberhannes-v0",
        "parlour/TinyPolignac-v0", "parlour/TinyRanterGoRound-v0",
    ]
    assert len(ENV_IDS) == len(GAME_NAMES)
    for identifier, name in zip(ENV_IDS, GAME_NAMES, strict=True):
        assert gymnasium.spec(identifier).kwargs == {"game": name}


@pytest.mark.parametrize("name", GAME_NAMES)
def test_spaces(name: str) -> None:
    environment = ParlourEnv(name)
    game = parlour.make(name)
    space = environment.observation_space
    assert isinstance(space, spaces.Dict) and set(space) == {"observation", "action_mask"}
    assert space["observation"].shape == (game.observation_tensor_size,)
    assert space["observation"].dtype == np.float32
    assert space["action_mask"].shape == (game.num_actions,)
    assert space["action_mask"].dtype == np.int8
    assert environment.action_space == spaces.Discrete(game.num_actions)


def test_options_reach_the_game() -> None:
    environment = gymnasium.make("parlour/Polignac-v0", players=6, target=8)
    assert environment.unwrapped.game.options["players"] == 6
    assert environment.action_space == spaces.Discrete(34)
    assert gymnasium.make("parlour/Clock-v0").action_space == spaces.Discrete(53)


@pytest.mark.parametrize(("name", "options", "seat"), [
    ("polignac", {"target": 8}, 0),
    ("polignac", {"players": 5, "target": 8}, 3),
    ("costly-colours", {"players": 4}, 2),
    ("progress-rummy", {"players": 3, "max_turns": 6}, 1),
    ("ranter-go-round", {"players": 5, "lives": 1}, 4),
    ("calculation", {}, 0),
])
def test_a_full_match_against_random_opponents(name: str, options: dict[str, object],
                                                seat: int) -> None:
    """Every observation is the seat's, with the exact mask, when the seat
    is to move; the last reward is the seat's match return."""
    environment = ParlourEnv(name, seat=seat, **options)
    observation, info = environment.reset(seed=21)
    state = environment.match
    assert info == {} and state.seed == 21
    rng = random.Random(4)
    rewards = []
    terminated = False
    while not terminated:
        assert state.current_player() == seat
        assert observation["observation"].tolist() == state.observation_tensor(seat).tolist()
        assert legal_of(observation) == state.legal_actions()
        observation, reward, terminated, truncated, info = environment.step(
            rng.choice(legal_of(observation)))
        assert not truncated and info == {}
        rewards.append(reward)
    assert state.is_terminal()
    assert rewards[:-1] == [0.0] * (len(rewards) - 1)
    assert rewards[-1] == state.returns()[seat]
    assert legal_of(observation) == list(range(state.game.num_actions))  # docs/rl.md
    others = len(state.history) - len(rewards)
    assert (others > 0) == (state.game.num_players > 1)
    with pytest.raises(RuntimeError, match=r"^the episode is over; call reset"):
        environment.step(0)


def episode(environment: ParlourEnv, seed: int, actions_seed: int) -> tuple[list[int], float]:
    """A random episode's match history and last reward."""
    observation, _ = environment.reset(seed=seed)
    rng = random.Random(actions_seed)
    terminated = False
    reward = 0.0
    while not terminated:
        observation, reward, terminated, _, _ = environment.step(
            rng.choice(legal_of(observation)))
    return list(environment.match.history), reward


@pytest.mark.parametrize("opponents", [None, "easy", ["random", "heuristic", "easy"]])
def test_same_seed_same_episode(opponents: Any) -> None:
    first = ParlourEnv("polignac", seat=1, opponents=opponents, target=8)
    second = ParlourEnv("polignac", seat=1, opponents=opponents, target=8)
    assert episode(first, 5, 1) == episode(second, 5, 1)
    assert episode(first, 5, 1) != episode(first, 6, 1)


def test_reset_deals_as_parlour_and_unseeded_resets_follow_the_seed() -> None:
    environment = ParlourEnv("knaves")
    observation, _ = environment.reset(seed=8)
    dealt = parlour.make("knaves").new_state(seed=8)
    assert environment.match.seed == 8
    while dealt.current_player() != 0:
        dealt.apply(environment.match.history[len(dealt.history)])
    assert observation["observation"].tolist() == dealt.observation_tensor(0).tolist()
    seeds = []
    for _ in range(2):
        environment.reset(seed=8)
        environment.reset()
        seeds.append(environment.match.seed)
    assert seeds[0] == seeds[1] != 8


class RecordingAgent:
    """A random agent that keeps what it was shown."""

    name = "recording"

    def __init__(self) -> None:
        self.seen: list[Observation] = []
        self._random = RandomAgent(0)

    def choose(self, observation: Observation, legal: Sequence[int]) -> int:
        self.seen.append(observation)
        return self._random.choose(observation, legal)


def test_agent_objects_play_their_seats_from_their_observations() -> None:
    recorder = RecordingAgent()
    environment = ParlourEnv("polignac", seat=0, opponents=[recorder, "random", "random"])
    episode(environment, 3, 3)
    assert recorder.seen and all(observation["seat"] == 1 for observation in recorder.seen)
    shared = RecordingAgent()
    environment = ParlourEnv("knaves", seat=2, opponents=shared)
    episode(environment, 3, 3)
    assert {observation["seat"] for observation in shared.seen} == {0, 1}


def test_a_search_agent_plays_a_seat() -> None:
    search = ISMCTSAgent(seed=1, iterations=20)
    environment = ParlourEnv("polignac", seat=0, opponents=search, target=8)
    _, reward = episode(environment, 2, 2)
    assert environment.match.is_terminal() and reward == environment.match.returns()[0]


def test_an_illegal_action_ends_the_episode_with_the_penalty() -> None:
    environment = ParlourEnv("polignac")
    observation, _ = environment.reset(seed=1)
    before = list(environment.match.history)
    illegal = next(action for action in range(34) if action not in legal_of(observation))
    copy = environment.match.clone()
    with pytest.raises(IllegalAction) as expected:
        copy.apply(illegal)
    observation, reward, terminated, truncated, info = environment.step(illegal)
    assert (reward, terminated, truncated) == (ILLEGAL_ACTION_REWARD, True, False)
    assert ILLEGAL_ACTION_REWARD == -1.0
    assert info == {"illegal_action": str(expected.value)}
    assert environment.match.history == before
    with pytest.raises(RuntimeError, match=r"^the episode is over; call reset"):
        environment.step(legal_of(observation)[0])


def test_an_action_outside_the_space_is_illegal_too() -> None:
    environment = ParlourEnv("polignac")
    environment.reset(seed=1)
    with pytest.raises(IllegalAction) as expected:
        environment.match.clone().apply(500)
    _, reward, terminated, _, info = environment.step(500)
    assert (reward, terminated) == (ILLEGAL_ACTION_REWARD, True)
    assert info == {"illegal_action": str(expected.value)}


def test_a_match_over_before_the_seat_moves_is_dealt_again() -> None:
    assert parlour.make("ranter-go-round", **RANTER_DECIDED_AT_ONCE).new_state(
        seed=RANTER_DECIDED_SEED).is_terminal()
    dealt = []
    for _ in range(2):
        environment = ParlourEnv("ranter-go-round", **RANTER_DECIDED_AT_ONCE)
        observation, _ = environment.reset(seed=RANTER_DECIDED_SEED)
        assert environment.match.seed != RANTER_DECIDED_SEED
        assert legal_of(observation) == environment.match.legal_actions() != []
        dealt.append(environment.match.seed)
    assert dealt[0] == dealt[1]


@pytest.mark.parametrize(("name", "options"), [
    ("nope", {}),
    ("polignac", {"players": 9}),
    ("polignac", {"colour": "red"}),
])
def test_bad_names_and_options_raise_parlours_errors(name: str,
                                                     options: dict[str, object]) -> None:
    with pytest.raises(OptionError) as expected:
        parlour.make(name, **options)
    with pytest.raises(OptionError, match=f"^{re.escape(str(expected.value))}$"):
        ParlourEnv(name, **options)
    if name != "nope":
        with pytest.raises(OptionError, match=f"^{re.escape(str(expected.value))}$"):
            gymnasium.make(env_id(parlour.make(name)), **options)


def test_bad_seats_opponents_and_render_modes() -> None:
    with pytest.raises(ParseError, match=r"^seat 4 does not exist; seats are 0 to 3$"):
        ParlourEnv("polignac", seat=4)
    with pytest.raises(OptionError) as expected:
        make_agent("grandmaster")
    with pytest.raises(OptionError, match=f"^{re.escape(str(expected.value))}$"):
        ParlourEnv("polignac", opponents="grandmaster")
    with pytest.raises(OptionError,
                       match=r"^3 opponents are needed, one for each other seat, not 2$"):
        ParlourEnv("polignac", opponents=["easy", "easy"])
    with pytest.raises(OptionError,
                       match=r"^render_mode must be one of human, ansi or None, not 'rgb'$"):
        ParlourEnv("polignac", render_mode="rgb")
    with pytest.raises(OptionError,
                       match=r"^options players go to parlour.make, not with a made game$"):
        ParlourEnv(parlour.make("polignac"), players=3)
    with pytest.raises(RuntimeError, match=r"^the environment has no match yet; call reset"):
        ParlourEnv("polignac").step(0)


def test_a_made_game_is_accepted() -> None:
    environment = ParlourEnv(parlour.make("polignac", players=3, target=8), seat=2)
    observation, _ = environment.reset(seed=1)
    assert environment.match.game.num_players == 3
    assert legal_of(observation) == environment.match.legal_actions()


def test_ansi_and_human_rendering(capsys: pytest.CaptureFixture[str]) -> None:
    environment = ParlourEnv("polignac", seat=2, render_mode="ansi")
    environment.reset(seed=7)
    text = environment.render()
    assert isinstance(text, str) and text.startswith("Polignac · hand 1")
    assert "P2 (you)" in text and "Your hand" in text
    human = ParlourEnv("polignac", seat=2, render_mode="human")
    observation, _ = human.reset(seed=7)
    assert "P2 (you)" in capsys.readouterr().out
    human.step(legal_of(observation)[0])
    assert "P2 (you)" in capsys.readouterr().out
    assert human.render() is None
    assert "P2 (you)" in capsys.readouterr().out
    silent = ParlourEnv("polignac")
    silent.reset(seed=7)
    assert silent.render() is None
    assert capsys.readouterr().out == ""


def test_the_example_plays_episodes_and_prints_the_rewards() -> None:
    lines = example_lines_twice("gymnasium_random.py", "Polignac", "--episodes", "2",
                                "--seed", "4", "--seat", "1", "--opponents", "easy", "target=8")
    assert len(lines) == 2
    for index, line in enumerate(lines):
        match = re.fullmatch(
            rf"episode {index + 1} \(seed {4 + index}\): reward (\S+) after (\d+) steps", line)
        assert match is not None, line
        # Polignac's returns at four seats: -1 for the loser, 1/3 for the others
        assert float(match.group(1)) in (-1.0, pytest.approx(1 / 3, abs=1e-5))
        assert int(match.group(2)) >= 8  # a hand is eight tricks


@pytest.mark.parametrize(("name", "options", "seat"), [
    ("polignac", {"target": 8}, 2),
    ("costly-colours", {}, 1),
    ("ranter-go-round", {"players": 5, "lives": 1}, 3),
    ("golf", {}, 0),
])
def test_hand_rewards_are_the_seats_signed_hand_results(name: str, options: dict[str, object],
                                                        seat: int) -> None:
    environment = gymnasium.make(env_id(parlour.make(name)), seat=seat, reward="hand",
                                 **options).unwrapped
    assert isinstance(environment, ParlourEnv)
    checked(environment)
    observation, _ = environment.reset(seed=13)
    state = environment.match
    sign = 1 if environment.game.higher_is_better else -1
    rng = random.Random(13)
    counted = 0
    total = 0.0
    terminated = False
    while not terminated:
        observation, reward, terminated, _, _ = environment.step(
            rng.choice(legal_of(observation)))
        results = state.hand_results()
        assert reward == sign * sum(hand[seat] for hand in results[counted:])
        counted = len(results)
        total += reward
    assert total == sign * sum(hand[seat] for hand in state.hand_results())
    assert counted == len(state.hand_results()) >= 1


def test_a_bad_reward_scheme_is_refused() -> None:
    with pytest.raises(OptionError, match=r"^reward must be one of match, hand, not 'trick'$"):
        gymnasium.make("parlour/Polignac-v0", reward="trick")
