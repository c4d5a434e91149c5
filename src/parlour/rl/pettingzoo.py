"""A PettingZoo AEC environment for every parlour game, in the style of
PettingZoo's classic environments.

>>> from parlour.rl.pettingzoo import env
>>> table = env("polignac", players=3, target=8)
>>> table.reset(seed=7)
>>> table.agents, table.agent_selection
(['player_0', 'player_1', 'player_2'], 'player_1')
>>> observation, reward, terminated, truncated, info = table.last()
>>> [table.unwrapped.match.action_to_str(action)
...  for action in observation["action_mask"].nonzero()[0]]
['pass', 'capot']

Construction
    ``env(game_name, render_mode=None, reward="match", **options)`` is the environment
    wrapped as PettingZoo's classic environments are
    (``TerminateIllegalWrapper``, ``AssertOutOfBoundsWrapper``,
    ``OrderEnforcingWrapper``); ``raw_env`` is :class:`ParlourAECEnv`
    itself. ``options`` are the game's, validated by ``parlour.make`` (a
    bad name or option raises its :class:`~parlour.OptionError`).
    ``metadata["name"]`` is ``parlour_<game>_v0`` (``parlour_polignac_v0``,
    ``parlour_costly_colours_v0``); ``v0`` is this adapter's version, the
    game's own is ``metadata["game_version"]`` and its observation
    tensor's layout ``metadata["tensor_version"]``. The environment is not
    parallelizable: seats do not move at once.

Agents
    ``player_0`` to ``player_{n-1}``, seat ``i`` being ``player_i``; the
    one-seat patiences have ``player_0`` alone. ``agent_selection`` is the
    seat to move (``State.current_player()``), which follows the game's
    rules, not a fixed rotation (a trick's winner leads the next).

Spaces
    As in PettingZoo's classic games, an observation is a dict:
    ``"observation"``, a float32 ``Box`` of ``game.observation_tensor_size``,
    the seat's ``State.observation_tensor`` (its layout is
    ``game.observation_layout()``, version ``game.tensor_version``, tabled
    in the game module's docstring; the bounds are infinite because the layout,
    not the contract, fixes the ranges of its counts and scores), and
    ``"action_mask"``, an int8 ``Box`` of ``game.num_actions`` holding 1
    for each legal action when that agent is to move and 0 everywhere
    otherwise. The action space is ``Discrete(game.num_actions)``; action
    ids are the game's. An observation holds only what its seat may know.

Rewards
    A match (play to a target, a number of rounds, lives) is one episode,
    at whose end every agent is terminated; there is no truncation, every
    match ends. With ``reward="match"`` (the default) the rewards are 0
    until the match ends, then each agent's match return
    (``State.returns()``: zero-sum shares in the games of several seats,
    1 for a won patience). With ``reward="hand"`` each agent is rewarded
    when a hand ends with the change to its total (``State.hand_results()``,
    in the game's own unit), negated where a lower total is better
    (penalty points, lives lost: ``Game.higher_is_better``); an agent's
    rewards add up to its final total so signed, and the match return is
    not added.

Illegal actions
    In ``env()``, an action outside the mask ends the episode: the
    offending agent gets ``ILLEGAL_ACTION_REWARD`` (-1.0) and the others 0
    (``TerminateIllegalWrapper``, which also marks every agent truncated).
    ``raw_env`` raises the game's :class:`~parlour.IllegalAction`, whose
    message says why in a player's words, and leaves the match unchanged.

Seeding
    ``reset(seed=s)`` deals exactly as ``game.new_state(seed=s)`` (the
    match's ``record()`` replays it in parlour) and reseeds the
    environment's ``np_random``; ``reset()`` without a seed deals from a
    seed drawn from ``np_random``. A match that ends before any seat has
    a move to make (Ranter Go Round with one life, say, where a King
    turned up can end the match at once) is no episode: ``reset`` deals
    again from seeds drawn from ``np_random`` until a seat has one
    (``env.unwrapped.match.seed`` is the seed dealt). Chance (every shuffle and draw) is
    resolved inside the match from that seed. ``reset``'s ``options`` is
    accepted for the API and unused.

Rendering
    ``render_mode="ansi"``: ``render()`` returns the view of the agent to
    move as text (the terminal renderer of :mod:`parlour.render`; once the
    match is over, the public view); ``"human"`` prints it after every
    step.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from gymnasium.utils import seeding
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers
from rich.console import Console

import parlour
from parlour.engine import State
from parlour.rl.gymnasium import (
    ILLEGAL_ACTION_REWARD,
    RENDER_FPS,
    RENDER_MODES,
    MatchHolder,
    SpaceObservation,
    check_render_mode,
    check_reward,
    draw_seed,
    hand_rewards,
    observation_space,
    render_text,
    render_view,
    seat_observation,
)

__all__ = ["ILLEGAL_ACTION_REWARD", "ParlourAECEnv", "agent_name", "env", "raw_env"]


def agent_name(seat: int) -> str:
    """The agent of ``seat``: ``player_<seat>``."""
    return f"player_{seat}"


class ParlourAECEnv(MatchHolder, AECEnv):  # type: ignore[misc]
    """A parlour game as a PettingZoo AEC environment (see the module)."""

    def __init__(self, game_name: str, render_mode: str | None = None, reward: str = "match",
                 **options: object) -> None:
        super().__init__()
        check_render_mode(render_mode)
        check_reward(reward)
        self.game = parlour.make(game_name, **options)
        self.render_mode = render_mode
        self.reward = reward
        self.metadata: dict[str, Any] = {
            "name": f"parlour_{self.game.name.replace('-', '_')}_v0",
            "render_modes": list(RENDER_MODES),
            "render_fps": RENDER_FPS,
            "is_parallelizable": False,
            "game_version": self.game.version,
            "tensor_version": self.game.tensor_version,
        }
        self.possible_agents: list[str] = [
            agent_name(seat) for seat in range(self.game.num_players)
        ]
        self._seats = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        self.observation_spaces = {
            agent: observation_space(self.game) for agent in self.possible_agents
        }
        self.action_spaces = {
            agent: spaces.Discrete(self.game.num_actions) for agent in self.possible_agents
        }
        self.np_random: np.random.Generator | None = None
        self._state: State | None = None
        self._hands_seen = 0

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The dict space of ``agent``'s observations (the same object each call)."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """``Discrete(game.num_actions)`` (the same object each call)."""
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new match; every agent is live and the seat to move is selected."""
        if seed is not None or self.np_random is None:
            self.np_random, _ = seeding.np_random(seed)
        state = self.game.new_state(seed=seed if seed is not None else draw_seed(self.np_random))
        while state.is_terminal():
            state = self.game.new_state(seed=draw_seed(self.np_random))
        self._state = state
        self._hands_seen = 0
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = agent_name(self._state.current_player())

    def observe(self, agent: str) -> SpaceObservation:
        """``agent``'s observation tensor, and its action mask when it is to move."""
        return seat_observation(self.match, self._seats[agent])

    def step(self, action: int | np.integer[Any] | None) -> None:
        """Play ``action`` for the selected agent (``None`` for an agent
        that is done, as PettingZoo asks)."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} is to move and must give an action, not None")
        state = self.match
        state.apply(int(action))
        self._cumulative_rewards[agent] = 0.0
        self.rewards = self._rewards()
        self._accumulate_rewards()
        if state.is_terminal():
            self.terminations = dict.fromkeys(self.agents, True)
            self._deads_step_first()
        else:
            self.agent_selection = agent_name(state.current_player())
        if self.render_mode == "human":
            self.render()

    def _rewards(self) -> dict[str, float]:
        """Every agent's reward for the step just played (see "Rewards")."""
        state = self.match
        if self.reward == "hand":
            rewards = hand_rewards(state, self._hands_seen)
            self._hands_seen = len(state.hand_results())
        else:
            rewards = state.returns()
        return {agent: rewards[seat] for agent, seat in self._seats.items()}

    def _viewer(self) -> int | None:
        """Whose view is rendered: the seat to move, none once the match is over."""
        seat = self.match.current_player()
        return seat if seat >= 0 else None

    def render(self) -> str | None:
        """The view of the agent to move: text for ``ansi``, printed for ``human``."""
        if self.render_mode == "ansi":
            return render_text(self.match, self._viewer())
        if self.render_mode == "human":
            Console().print(render_view(self.match, self._viewer()))
        return None


raw_env = ParlourAECEnv
"""The unwrapped environment, as PettingZoo's classic modules name it."""


def env(game_name: str, render_mode: str | None = None, reward: str = "match",
        **options: object) -> AECEnv:
    """:class:`ParlourAECEnv` wrapped as PettingZoo's classic environments
    are: an illegal action ends the episode with :data:`ILLEGAL_ACTION_REWARD`
    for its agent, an action outside the space is an assertion error, and
    the API's call order is enforced."""
    wrapped = wrappers.TerminateIllegalWrapper(
        raw_env(game_name, render_mode=render_mode, reward=reward, **options),
        illegal_reward=ILLEGAL_ACTION_REWARD,
    )
    wrapped = wrappers.AssertOutOfBoundsWrapper(wrapped)
    return wrappers.OrderEnforcingWrapper(wrapped)
