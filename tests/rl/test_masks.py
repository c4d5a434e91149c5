"""The action masks of the Gymnasium environments at the end of an
episode (docs/rl.md): every action marked, so that a standard masked loop
runs across ``gymnasium.make_vec``'s next-step autoresets, in the single
environment wrapped ``sync`` or ``async`` and in parlour's own vector
environment."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

import gymnasium
import numpy as np
import pytest

import parlour.rl.gymnasium  # noqa: F401  # registers the ids
from parlour.rl.gymnasium import ParlourEnv

DOCS = Path(__file__).resolve().parents[2] / "docs" / "rl.md"
MODES = ("vector_entry_point", "sync", "async")


def masked_choice(observations: dict[str, np.ndarray],
                  rng: np.random.Generator) -> np.ndarray:
    """The standard masked sampler: one legal action a row, drawn uniformly
    (``rng.choice`` raises on a row without any)."""
    masks = observations["action_mask"].astype(bool)
    return np.array([rng.choice(np.flatnonzero(mask)) for mask in masks])


@pytest.mark.parametrize("mode", MODES)
def test_a_masked_loop_runs_across_autoresets(mode: str) -> None:
    envs = gymnasium.make_vec("parlour/Polignac-v0", num_envs=3, vectorization_mode=mode,
                              target=3)
    rng = np.random.default_rng(2)
    observations, _ = envs.reset(seed=4)
    actions = envs.single_action_space.n
    restarting = np.zeros(3, dtype=np.bool_)
    ended = 0
    try:
        for _ in range(150):
            masks = observations["action_mask"]
            assert (masks[restarting] == 1).all()
            assert (masks[~restarting].sum(axis=1) < actions).all()
            observations, rewards, terminated, truncated, infos = envs.step(
                masked_choice(observations, rng))
            assert "illegal_action" not in infos and not truncated.any()
            assert (rewards[restarting] == 0).all() and not terminated[restarting].any()
            ended += int(terminated.sum())
            restarting = terminated
    finally:
        envs.close()
    assert ended >= 10


def test_the_last_observation_of_a_match_marks_every_action() -> None:
    environment = ParlourEnv("polignac", players=3, target=3)
    observation, _ = environment.reset(seed=1)
    rng = np.random.default_rng(0)
    terminated = False
    while not terminated:
        assert 0 < observation["action_mask"].sum() < 34
        observation, _, terminated, _, _ = environment.step(int(rng.choice(
            np.flatnonzero(observation["action_mask"]))))
    assert environment.match.is_terminal()
    assert observation["action_mask"].tolist() == [1] * 34


def test_an_episode_ended_by_an_illegal_action_keeps_the_legal_mask() -> None:
    environment = ParlourEnv("polignac", players=3, target=3)
    observation, _ = environment.reset(seed=1)
    legal = observation["action_mask"].tolist()
    wrong = legal.index(0)
    observation, reward, terminated, _, info = environment.step(wrong)
    assert terminated and reward == -1.0 and "illegal_action" in info
    assert observation["action_mask"].tolist() == legal


def test_the_example_in_the_docs_runs() -> None:
    blocks = re.findall(r"```python\n(.*?)```", DOCS.read_text(encoding="utf-8"), re.DOTALL)
    assert len(blocks) == 1
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        exec(compile(blocks[0], str(DOCS), "exec"), {"__name__": "docs_rl"})
    assert printed.getvalue() == "vector_entry_point True\nsync True\nasync True\n"
