"""A Gymnasium vector environment over the batched engine
(:mod:`parlour.vector`): ``num_envs`` matches stepped together, one seat
learning in each, random opponents at the others.

>>> import gymnasium
>>> import parlour.rl.gymnasium
>>> envs = gymnasium.make_vec("parlour/Polignac-v0", num_envs=1024,
...                           vectorization_mode="vector_entry_point")  # doctest: +SKIP
>>> observations, infos = envs.reset(seed=7)  # doctest: +SKIP

Ids
    ``parlour.rl.gymnasium`` registers this class as the
    ``vector_entry_point`` of ``parlour/<Title>-v0`` for every game the
    vector engine covers (``parlour.vector.covered()``), so
    ``gymnasium.make_vec(id, num_envs=N)`` builds it by default (Gymnasium
    names the mode ``vectorization_mode="vector_entry_point"``; ``"sync"``
    and ``"async"`` still build N single environments). A game the vector
    engine does not cover has no vector entry point (Gymnasium says so).
    Keyword arguments are those of the single environment
    (:class:`parlour.rl.gymnasium.ParlourEnv`: ``seat``, ``opponents``,
    ``reward`` and the game's options) and ``kernel`` (the vector engine's:
    ``auto``, ``numba`` or ``python``).

Spaces
    As the single environment's, batched: ``observation_space`` is the
    ``Dict`` of ``"observation"`` (float32, N × the game's tensor) and
    ``"action_mask"`` (int8, N × the game's actions, 1 for each legal
    action of the learning seat), ``action_space`` a ``MultiDiscrete`` of
    the game's action ids. ``infos["action_mask"]`` holds the same masks
    (for learners that read masks from the infos). The observation of a
    match that has just ended is all zeros (the vector engine observes
    for the player to move only; the single environment gives the seat's
    final view), and its mask marks every action, as the single
    environment's does (:mod:`parlour.rl.gymnasium`, "Masks at the end of
    an episode"): the action given for it on the next step, the one that
    resets the match, is ignored, and a masked sampler always has an
    action to draw.

Opponents
    Random only (``None``, ``"random"`` or one of those per other seat): a
    uniformly random legal action, what the single environment's default
    opponents play; any other is refused.

Episodes
    A match is an episode; rewards as the single environment's
    (``"match"``: the seat's return when the match ends; ``"hand"``: the
    change of the seat's score since the previous step, negated where a
    lower total is better). An illegal action ends the episode with
    reward -1.0 and the match untouched, ``infos["illegal_action"]`` saying
    which action was refused. The sub-environments reset themselves on the
    step after the one that ended them (Gymnasium's ``NEXT_STEP``
    autoreset: that step's action is ignored, its reward 0); a new match
    that ends before the seat has a move is dealt again.

How only some matches move
    The vector engine steps every match in play at once. A match waiting
    for its learner while the opponents of the others play is given a legal
    action and then put back as it was, row by row: a vector game keeps its
    whole state in arrays with one row a match (the arrays
    ``VectorGame.memory_per_match`` counts; those that are as long as the
    batch at two batch sizes). A new match is such a row, copied from a
    second batch reset for the purpose.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

import parlour.vector
from parlour.engine import OptionError, ParseError
from parlour.rl.gymnasium import (
    ILLEGAL_ACTION_REWARD,
    SpaceObservation,
    check_reward,
    draw_seed,
    observation_space,
)
from parlour.vector import VectorGame

Rows = npt.NDArray[np.bool_]
"""A bool per match of the batch."""


def match_arrays(vg: VectorGame, probe: VectorGame) -> list[str]:
    """The names of ``vg``'s arrays with a row a match: its whole state.

    ``probe`` is a batch of the same game of another size: an array is a
    match's only if it is as long as the batch in both (a table of the
    game as long as the batch by chance, 32 cards for 32 matches, is not).
    """
    def lengths(batch: VectorGame) -> dict[str, int]:
        return {name: value.shape[0] for name, value in vars(batch).items()
                if isinstance(value, np.ndarray) and value.ndim > 0}

    theirs = lengths(probe)
    return [name for name, length in lengths(vg).items()
            if length == vg.batch_size and theirs.get(name) == probe.batch_size]


def random_opponents(opponents: object, count: int) -> None:
    """:class:`~parlour.OptionError` unless ``opponents`` are random ones
    (``None``, ``"random"``, or one of those for each of ``count`` seats)."""
    entries = opponents if isinstance(opponents, Sequence) and not isinstance(opponents, str) \
        else [opponents] * count
    if len(entries) != count:
        raise OptionError(f"{count} opponents are needed, one for each other seat, "
                          f"not {len(entries)}")
    others = [repr(entry) for entry in entries if entry not in (None, "random")]
    if others:
        raise OptionError("the vector environment's opponents are random agents only, not "
                          f"{', '.join(others)}; use the single environment for them")


class ParlourVectorEnv(VectorEnv[dict[str, Any], npt.NDArray[np.int64], npt.NDArray[Any]]):
    """``num_envs`` matches of ``game``, one seat learning in each against
    random opponents (see the module)."""

    metadata = {"autoreset_mode": AutoresetMode.NEXT_STEP, "render_modes": []}  # noqa: RUF012

    def __init__(self, game: str, num_envs: int = 1, seat: int = 0, opponents: object = None,
                 render_mode: str | None = None, reward: str = "match", kernel: str = "auto",
                 **options: Any) -> None:
        if render_mode is not None:
            raise OptionError("the vector environment draws nothing: render_mode must be None, "
                              f"not {render_mode!r}")
        check_reward(reward)
        self.vg = parlour.vector.make(game, batch_size=num_envs, kernel=kernel, **options)
        self.spare = parlour.vector.make(game, batch_size=num_envs, kernel=kernel, **options)
        self.game = self.vg.game
        players = self.game.num_players
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
            raise ParseError(f"seat {seat!r} does not exist; seats are 0 to {players - 1}")
        random_opponents(opponents, players - 1)
        self.seat = seat
        self.reward = reward
        self.render_mode = None
        self.num_envs = num_envs
        self.single_observation_space = observation_space(self.game)
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.single_action_space = spaces.Discrete(self.game.num_actions)
        self.action_space = batch_space(self.single_action_space, num_envs)
        probe = parlour.vector.make(game, batch_size=num_envs + 1, kernel=kernel, **options)
        self._arrays = match_arrays(self.vg, probe)
        self._spare_used = num_envs
        self._ended = np.zeros(num_envs, dtype=np.bool_)
        self._sign = 1.0 if self.game.higher_is_better else -1.0

    # --- moving some matches only -------------------------------------------------
    def _step_some(self, actions: npt.NDArray[np.int64], hold: Rows) -> None:
        """Step the batch with ``actions``, the ``hold`` matches put back as they were."""
        rows = np.flatnonzero(hold)
        kept = {name: getattr(self.vg, name)[rows].copy() for name in self._arrays}
        self.vg.step(actions)
        for name, values in kept.items():
            getattr(self.vg, name)[rows] = values

    def _deal_new(self, rows: npt.NDArray[np.intp]) -> None:
        """New matches in ``rows``, copied from the spare batch (reset when used up)."""
        while rows.size:
            if self._spare_used == self.num_envs:
                self.spare.reset(draw_seed(self.np_random))
                self._spare_used = 0
            take = min(rows.size, self.num_envs - self._spare_used)
            source = np.arange(self._spare_used, self._spare_used + take)
            for name in self._arrays:
                getattr(self.vg, name)[rows[:take]] = getattr(self.spare, name)[source]
            self._spare_used += take
            rows = rows[take:]

    def _play_opponents(self, frozen: Rows, new: Rows) -> None:
        """Random opponents move in every match in play but the ``frozen``
        ones until the learning seat is to move; a ``new`` match that ends
        before the seat has a move is dealt again."""
        vg = self.vg
        while True:
            over = new & vg.done
            if over.any():
                self._deal_new(np.flatnonzero(over))
                continue
            in_play = ~vg.done
            movers = in_play & (vg.current_player != self.seat) & ~frozen
            if not movers.any():
                return
            new = new & (vg.current_player != self.seat)
            self._step_some(vg.random_actions(self.np_random), in_play & ~movers)

    # --- the Gymnasium API ----------------------------------------------------------
    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[SpaceObservation, dict[str, Any]]:
        """New matches in every sub-environment (``options`` is accepted for
        the API and unused)."""
        super().reset(seed=seed)
        self.vg.reset(draw_seed(self.np_random))
        self._spare_used = self.num_envs
        self._ended[:] = False
        everyone = np.ones(self.num_envs, dtype=np.bool_)
        self._play_opponents(~everyone, everyone)
        return self._observe()

    def step(self, actions: npt.ArrayLike) -> tuple[SpaceObservation, npt.NDArray[np.float64],
                                                    Rows, Rows, dict[str, Any]]:
        """The learning seat's action in each sub-environment, then the
        opponents' until the seat is to move again or its match is over."""
        vg = self.vg
        moves = np.asarray(actions, dtype=np.int64).reshape(self.num_envs)
        restarting = self._ended.copy()
        playing = ~restarting
        known = (moves >= 0) & (moves < self.game.num_actions)
        mask = vg.legal_mask()
        legal = playing & known
        legal[legal] = mask[np.flatnonzero(legal), moves[legal]]
        illegal = playing & ~legal
        before = vg.scores()
        if legal.any():
            chosen = vg.random_actions(self.np_random).copy()  # a batch may lend its own buffer
            chosen[legal] = moves[legal]
            self._step_some(chosen, ~vg.done & ~legal)
        self._deal_new(np.flatnonzero(restarting))
        self._play_opponents(illegal, restarting)
        ended = legal & vg.done
        rewards = np.zeros(self.num_envs, dtype=np.float64)
        if self.reward == "match":
            rewards[ended] = vg.returns()[ended, self.seat]
        else:
            change = (vg.scores() - before)[:, self.seat]
            rewards[legal] = self._sign * change[legal]
        rewards[illegal] = ILLEGAL_ACTION_REWARD
        terminated = ended | illegal
        self._ended = terminated.copy()
        observations, infos = self._observe()
        if illegal.any():
            infos["illegal_action"] = np.array(
                [f"action {move} is not legal here" if wrong else None
                 for move, wrong in zip(moves.tolist(), illegal.tolist(), strict=True)],
                dtype=object)
            infos["_illegal_action"] = illegal
        return observations, rewards, terminated, np.zeros(self.num_envs, dtype=np.bool_), infos

    def _observe(self) -> tuple[SpaceObservation, dict[str, Any]]:
        vg = self.vg
        to_move = (vg.current_player == self.seat)[:, None]
        mask = (vg.legal_mask() & to_move).astype(np.int8)
        mask[vg.done] = 1
        observations = {"observation": vg.observation_tensor(), "action_mask": mask}
        infos = {"action_mask": mask, "_action_mask": np.ones(self.num_envs, dtype=np.bool_)}
        return observations, infos
