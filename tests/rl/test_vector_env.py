"""The Gymnasium vector environment over the batched engine
(:mod:`parlour.rl.vector`), played over the test suite's vector game
(``tests/vector/toyvector.py``, Three Tricks)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import gymnasium
import numpy as np
import pytest
from gymnasium.utils import env_checker
from gymnasium.vector import AutoresetMode

import parlour.rl.gymnasium as parlour_gymnasium
import parlour.vector
from parlour.engine import OptionError, ParseError
from parlour.rl.vector import ParlourVectorEnv, match_arrays
from toygame import ThreeTricks
from toygame import registered as toy_registered
from vector.toyvector import VectorThreeTricks
from vector.toyvector import registered as vector_registered

ENV_ID = "parlour/ThreeTricks-v0"
MODE = "vector_entry_point"


@pytest.fixture(autouse=True)
def toy() -> Iterator[None]:
    """Three Tricks in both registries and in Gymnasium's for each test."""
    with toy_registered(), vector_registered():
        parlour_gymnasium.register()
        yield
    parlour_gymnasium.register()


def make(num_envs: int, **kwargs: Any) -> ParlourVectorEnv:
    envs = gymnasium.make_vec(ENV_ID, num_envs=num_envs, vectorization_mode=MODE, **kwargs)
    assert isinstance(envs, ParlourVectorEnv)
    return envs


def masked_random(envs: ParlourVectorEnv, observations: dict[str, Any],
                  rng: np.random.Generator) -> np.ndarray:
    """A uniformly random legal action in each sub-environment (every
    action is marked in one that has just ended: docs/rl.md)."""
    mask = observations["action_mask"].astype(bool)
    return np.array([rng.choice(np.flatnonzero(row)) for row in mask], dtype=np.int64)


def play(envs: ParlourVectorEnv, episodes: int, seed: int) -> list[list[tuple[int, float]]]:
    """Masked random play until every sub-environment has finished
    ``episodes`` episodes: per sub-environment, (learner steps, final
    reward) of each episode; every step is checked against the spaces and
    the learning seat is to move in every match that goes on."""
    rng = np.random.default_rng(seed)
    observations, infos = envs.reset(seed=seed)
    finished: list[list[tuple[int, float]]] = [[] for _ in range(envs.num_envs)]
    steps = np.zeros(envs.num_envs, dtype=np.int64)
    restarting = np.zeros(envs.num_envs, dtype=np.bool_)
    while min(map(len, finished)) < episodes:
        assert envs.observation_space.contains(observations)
        assert np.array_equal(infos["action_mask"], observations["action_mask"])
        playing = ~restarting
        assert (observations["action_mask"][playing].sum(axis=1) > 0).all()
        assert (observations["action_mask"][restarting] == 1).all()
        assert (envs.vg.current_player[playing] == envs.seat).all()
        hand = observations["observation"][:, :32]
        assert (hand[playing] >= observations["action_mask"][playing, :32]).all()
        actions = masked_random(envs, observations, rng)
        observations, rewards, terminated, truncated, infos = envs.step(actions)
        assert not truncated.any() and "illegal_action" not in infos
        assert (rewards[restarting] == 0).all() and not terminated[restarting].any()
        steps[playing] += 1
        for env in np.flatnonzero(terminated):
            finished[env].append((int(steps[env]), float(rewards[env])))
            steps[env] = 0
        assert (rewards[playing & ~terminated] == 0).all()
        restarting = terminated
    return finished


def test_make_vec_builds_the_vector_environment_for_a_covered_game() -> None:
    envs = make(16, players=3)
    assert envs.metadata["autoreset_mode"] == AutoresetMode.NEXT_STEP
    assert isinstance(envs.vg, VectorThreeTricks) and envs.vg.batch_size == 16
    single = gymnasium.make(ENV_ID, players=3)
    assert envs.single_observation_space == single.observation_space
    assert envs.single_action_space == single.action_space == gymnasium.spaces.Discrete(32)
    assert envs.action_space == gymnasium.spaces.MultiDiscrete([32] * 16)
    assert envs.observation_space["observation"].shape == (16, 32 + 32 + 3 * 32 + 3 * 4 + 3
                                                           + 4 * 3 + 1)
    default = gymnasium.make_vec(ENV_ID, num_envs=2)
    assert isinstance(default, ParlourVectorEnv)  # the vector entry point is the default
    sync = gymnasium.make_vec(ENV_ID, num_envs=2, vectorization_mode="sync")
    assert isinstance(sync, gymnasium.vector.SyncVectorEnv)


def test_a_game_the_vector_engine_does_not_cover_has_no_vector_entry_point() -> None:
    with pytest.raises(gymnasium.error.Error) as refused:
        gymnasium.make_vec("parlour/Golf-v0", num_envs=2, vectorization_mode=MODE)
    assert str(refused.value) == ("Cannot create vectorized environment for parlour/Golf-v0 "
                                  "because it doesn't have a vector entry point defined.")


@pytest.mark.parametrize(("players", "seat"), [(2, 0), (3, 1), (4, 3)])
def test_masked_random_play_to_the_end_of_several_matches(players: int, seat: int) -> None:
    """Every episode is one match: the learner plays each of its three
    cards in each of the three hands, and the last step's reward is its
    return (a winner's share, -1 for a loser, 0 when all tie)."""
    envs = make(12, players=players, seat=seat)
    shares = {0.0, -1.0, *((players - winners) / winners for winners in range(1, players))}
    for episodes in play(envs, 3, seed=players):
        assert [steps for steps, _ in episodes] == [9] * len(episodes)
        assert {reward for _, reward in episodes} <= shares


@pytest.mark.parametrize("check", [
    env_checker.check_reset_seed_determinism, env_checker.check_reset_options,
    env_checker.check_reset_return_type, env_checker.check_reset_return_info_deprecation,
])
def test_gymnasiums_checks_that_apply_to_a_vector_environment(check: Any) -> None:
    """Gymnasium's ``check_env`` is for single environments; these of its
    checks read only what a vector environment has too (its step checks
    take one reward and one ``terminated``, not arrays)."""
    check(make(4, players=3))


def test_the_same_seed_plays_the_same_episodes() -> None:
    runs = [play(make(8, players=3), 2, seed=5) for _ in range(2)]
    assert runs[0] == runs[1]
    assert play(make(8, players=3), 2, seed=6) != runs[0]


def test_hand_rewards_add_up_to_the_learners_total() -> None:
    envs = make(6, players=2, reward="hand")
    rng = np.random.default_rng(1)
    observations, _ = envs.reset(seed=3)
    totals = np.zeros(6)
    for _ in range(9):  # three hands of three cards: every match ends together
        observations, rewards, terminated, _, _ = envs.step(masked_random(envs, observations, rng))
        totals += rewards
    assert terminated.all()
    assert np.array_equal(totals, envs.vg.scores()[:, 0])


def test_an_illegal_action_ends_the_episode_and_leaves_the_match_as_it_was() -> None:
    envs = make(3, players=2)
    observations, _ = envs.reset(seed=2)
    rng = np.random.default_rng(0)
    actions = masked_random(envs, observations, rng)
    wrong = int(np.flatnonzero(observations["action_mask"][1] == 0)[0])
    actions[1] = wrong
    hands = envs.vg.hands.copy()
    observations, rewards, terminated, _, infos = envs.step(actions)
    assert terminated.tolist() == [False, True, False]
    assert rewards[1] == -1.0
    assert infos["illegal_action"].tolist() == [None, f"action {wrong} is not legal here", None]
    assert infos["_illegal_action"].tolist() == [False, True, False]
    assert np.array_equal(envs.vg.hands[1], hands[1])
    observations, rewards, terminated, _, _ = envs.step(masked_random(envs, observations, rng))
    assert rewards[1] == 0.0 and not terminated[1]  # reset on the next step
    assert envs.vg.hand_number[1] == 1 and envs.vg.current_player[1] == 0


@pytest.mark.parametrize(("kwargs", "error", "message"), [
    ({"opponents": "easy"}, OptionError,
     "the vector environment's opponents are random agents only, not 'easy'; "
     "use the single environment for them"),
    ({"opponents": ["random", "hard"], "players": 3}, OptionError,
     "the vector environment's opponents are random agents only, not 'hard'; "
     "use the single environment for them"),
    ({"opponents": [None, None]}, OptionError,
     "1 opponents are needed, one for each other seat, not 2"),
    ({"seat": 2}, ParseError, "seat 2 does not exist; seats are 0 to 1"),
    ({"reward": "trick"}, OptionError, "reward must be one of match, hand, not 'trick'"),
    ({"render_mode": "ansi"}, OptionError,
     "the vector environment draws nothing: render_mode must be None, not 'ansi'"),
])
def test_what_the_vector_environment_cannot_do_is_refused(kwargs: dict[str, Any],
                                                          error: type[Exception],
                                                          message: str) -> None:
    with pytest.raises(error) as refused:
        ParlourVectorEnv(ThreeTricks.name, num_envs=2, **kwargs)
    assert str(refused.value) == message


def test_random_opponents_may_be_named_one_per_seat() -> None:
    envs = ParlourVectorEnv(ThreeTricks.name, num_envs=2, players=3,
                            opponents=["random", None])
    observations, _ = envs.reset(seed=1)
    assert observations["action_mask"].sum(axis=1).min() > 0


def test_polignac_to_the_end_of_several_matches() -> None:
    """The issue's own call (Gymnasium names the mode ``vector_entry_point``),
    over the trick family's vector engine."""
    envs = gymnasium.make_vec("parlour/Polignac-v0", num_envs=32, vectorization_mode=MODE,
                              target=5)
    assert isinstance(envs, ParlourVectorEnv)
    returns = {-1.0, 1 / 3, 1.0, 3.0}  # 1, 2 or 3 winners share the losers' stakes
    for episodes in play(envs, 2, seed=11):
        assert {reward for _, reward in episodes} <= returns


def test_a_table_as_long_as_the_batch_is_not_taken_for_a_match() -> None:
    batches = [parlour.vector.make(ThreeTricks.name, batch_size=size, players=2)
               for size in (32, 33)]
    for batch in batches:
        batch.card_values = np.arange(32)  # type: ignore[attr-defined]  # a table, one entry a card
    names = match_arrays(*batches)
    assert "hands" in names and "current_player" in names and "done" in names
    assert "card_values" not in names
