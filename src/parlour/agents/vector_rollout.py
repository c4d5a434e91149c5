"""Batched determinized rollouts: the rollout player's playouts run on the
vector engine (:mod:`parlour.vector`), thousands at once.

At a decision the player draws determinizations of the position as the
rollout player does (:func:`~parlour.agents.rollout.sample_world`:
``state.determinize(seat, rng)``, filtered by the game's belief where it
gives one), plays **every** legal move on each (common random numbers:
each move is judged on the same hidden cards), and loads all those
positions, ``playouts`` copies of each, into ONE vector batch
(``vg.load``). The batch is then stepped with a cheap policy (uniformly
random unless the game gives one, :data:`VectorPolicy`) until every
playout's hand is over. A Python playout of a Polignac hand costs a few
hundred microseconds; a row of the batch costs ten to twenty (most of it the
determinization and the load), so a decision weighs up to tens of thousands of
playouts in the time the reference engine plays a few thousand.

A playout ends with its hand (or its match), and is scored as the
rollout player and ISMCTS score theirs: a match that ends counts its
returns times the number of seats; otherwise the seat's zero-sum share of
the hand's score changes, signed so that more is better, in units of the
largest share of the decision (:func:`~parlour.agents.rollout.scaled_rewards`).
The hand, not the match, because the hand is what the move changes: later
hands are new deals, whose random play only adds noise to the comparison
(the same choice ISMCTS and the rollout player make). The move played is
the best mean; with a base policy (``base``) it must beat the base
policy's own move by :data:`~parlour.agents.rollout.MARGIN` standard errors
of their paired difference, as in the rollout player
(:func:`~parlour.agents.rollout.pick_move`).

The batch's chance (a hand dealt after the one that counts, a Ranter Go
Round cut) is seeded from the player's generator, so a decision is
deterministic for a seed unless the time cap bites (CPU time, as the
searches: :class:`~parlour.agents.ismcts.Clock`, checked between rounds of
one batch each).

Without Numba (the ``parlour[vector]`` extra), or in a game or option set
the vector engine does not cover, the player plays its ``fallback``
(the game's previous ``hard`` player): the vector engine's pure-Python
kernel is the same game but far too slow to search with.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from parlour.agents.ismcts import Clock, RolloutPolicy, check_budget, sample_chance
from parlour.agents.protocol import AnyAgent, choose_action
from parlour.agents.rollout import MARGIN, Belief, pick_move, sample_world, scaled_rewards
from parlour.engine.game import Game, State

if TYPE_CHECKING:
    from parlour.vector import VectorGame

VectorPolicy = Callable[["VectorGame", np.random.Generator], npt.NDArray[np.int64]]
"""Chooses an action for every match of a vector batch (any entry for a
match that is over) with the player's NumPy generator: the playouts'
policy."""

BATCH_SIZE = 4096
"""Rows of a round's batch (determinizations × legal moves × playouts):
large enough that a step's fixed cost is spread thin, small enough that a
round ends well within a time cap."""


def random_policy(vector: VectorGame, rng: np.random.Generator) -> npt.NDArray[np.int64]:
    """A uniformly random legal action for each match (the default policy)."""
    return vector.random_actions(rng)


class VectorRolloutAgent:
    """The batched rollout player (see the module docstring).

    ``deals`` (determinizations a decision, each playing every legal move
    ``playouts`` times) and ``seconds`` (CPU time of the searching thread)
    bound each decision; at least one is needed. ``fallback`` makes the
    player used where the vector engine cannot serve (made with the same
    seed, on first need). ``policy`` plays the playouts; ``base`` and
    ``margin`` make the player depart from a base policy only on evidence;
    ``belief`` filters the determinizations (as the rollout player's).
    """

    name = "vector-rollout"

    def __init__(
        self,
        fallback: Callable[[int | None], AnyAgent],
        seed: int | None = None,
        deals: int | None = 1000,
        seconds: float | None = None,
        playouts: int = 1,
        policy: VectorPolicy = random_policy,
        base: RolloutPolicy | None = None,
        margin: float = MARGIN,
        belief: Belief | None = None,
        batch_size: int = BATCH_SIZE,
    ) -> None:
        check_budget("a batched rollout player", deals, seconds, 2)
        if playouts < 1:
            raise ValueError(f"playouts must be at least 1, not {playouts}")
        self.fallback = fallback
        self.deals = deals
        self.seconds = seconds
        self.playouts = playouts
        self.policy = policy
        self.base = base
        self.margin = margin
        self.belief = belief
        self.batch_size = batch_size
        self._seed = seed
        self._rng = random.Random(seed)
        self._engines: dict[str, VectorGame | None] = {}
        self._fallback: AnyAgent | None = None
        self.last_deals = 0
        """Determinizations sampled by the latest decision (0: forced, or
        played by the fallback)."""
        self.last_rounds = 0
        """Vector batches the latest decision played out."""
        self.last_engine = ""
        """Who made the latest decision: ``"vector"``, ``"fallback"`` or
        ``"forced"`` (one legal move)."""

    def choose_in(self, state: State, seat: int) -> int:
        """The move for ``seat``, which is to move in ``state``.

        Reads what the rollout player reads
        (:meth:`~parlour.agents.rollout.RolloutAgent.choose_in`) and the
        public scores, nothing else.
        """
        if state.current_player() != seat:
            raise ValueError(f"seat {seat} is not to move")
        legal = state.legal_actions()
        self.last_deals = self.last_rounds = 0
        if len(legal) == 1:
            self.last_engine = "forced"
            return legal[0]
        vector = self.engine(state.game)
        if vector is None:
            self.last_engine = "fallback"
            if self._fallback is None:
                self._fallback = self.fallback(self._seed)
            return choose_action(self._fallback, state)
        self.last_engine = "vector"
        rng = self._rng
        own = None if self.base is None else self.base(state.observation(seat), legal, rng)
        outcomes: dict[int, list[tuple[float | None, float]]] = {move: [] for move in legal}
        per_deal = len(legal) * self.playouts
        clock = Clock(self.seconds)
        limit = self.deals
        count = 0
        while limit is None or count < limit:
            take = vector.batch_size // per_deal
            if limit is not None:
                take = min(take, limit - count)
            count += self._round(vector, state, seat, legal, max(take, 1), outcomes, clock)
            self.last_rounds += 1
            if count >= 2 and clock.run_out():
                break
        self.last_deals = count
        values = scaled_rewards(outcomes, 1.0 if state.game.higher_is_better else -1.0)
        move, _ = pick_move(values, legal, own, self.margin)
        return move

    def engine(self, game: Game) -> VectorGame | None:
        """This player's vector batch for ``game`` (made once, of at least
        :attr:`batch_size` rows and room for a deal of every action's
        playouts), or ``None`` when Numba or the vector engine cannot play it."""
        key = repr(game)
        if key not in self._engines:
            self._engines[key] = None
            try:
                import parlour.vector as vector
            except ImportError:
                return None
            if not vector.numba_available():
                return None
            size = max(self.batch_size, game.num_actions * self.playouts)
            try:
                made = vector.make(game.name, batch_size=size, kernel="numba", **game.options)
            except vector.VectorError:
                return None
            self._engines[key] = made
        return self._engines[key]

    def _round(self, vector: VectorGame, state: State, seat: int, legal: list[int],
               deals: int, outcomes: dict[int, list[tuple[float | None, float]]],
               clock: Clock) -> int:
        """Play up to ``deals`` determinizations' moves out in one batch, add
        each playout's (terminal return, hand share) to ``outcomes`` and
        return how many determinizations were played (fewer when the clock
        runs out while they are drawn: a belief can make them dear)."""
        rng = self._rng
        players = state.game.num_players
        hands_before = len(state.hand_results())
        before = np.asarray(state.scores(), dtype=np.float64)
        rows: list[State] = []
        # per deal, per move: a result known without a playout, or the
        # index of its first row in the batch
        slots: list[tuple[int, tuple[float | None, float] | int]] = []
        drawn = 0
        while drawn < deals and not (drawn >= 2 and clock.run_out()):
            drawn += 1
            world = sample_world(state, seat, rng, self.belief)
            for move in legal:
                line = world.clone()
                line.apply(move)
                while not _hand_over(line, hands_before) and line.is_chance_node():
                    line.apply(sample_chance(line, rng))
                if _hand_over(line, hands_before):
                    slots.append((move, _outcome(line, seat, players, before)))
                else:
                    slots.append((move, len(rows)))
                    rows += [line] * self.playouts
        matches, scores, returns = self._play_out(vector, rows, rng)
        for move, slot in slots:
            if not isinstance(slot, int):
                outcomes[move] += [slot] * self.playouts
                continue
            for row in range(slot, slot + self.playouts):
                if matches[row]:
                    outcomes[move].append((float(returns[row, seat]) * players, 0.0))
                else:
                    outcomes[move].append((None, _share(scores[row] - before, seat)))
        return drawn

    def _play_out(self, vector: VectorGame, rows: list[State], rng: random.Random
                  ) -> tuple[npt.NDArray[np.bool_], npt.NDArray[np.float64],
                             npt.NDArray[np.float64]]:
        """Step ``rows`` (padded to the batch with copies of the first) until
        each one's hand is over: whether its match ended then, the scores
        at that moment and the final returns."""
        size = vector.batch_size
        count = len(rows)
        ended = np.zeros(size, dtype=np.bool_)
        ended[count:] = True
        scores = np.zeros((size, vector.num_players), dtype=np.float64)
        matches = np.zeros(size, dtype=np.bool_)
        if not count:
            return matches, scores, np.zeros_like(scores)
        vector.reset(rng.getrandbits(63))
        vector.load(rows + rows[:1] * (size - count))
        start = vector.hand_number.copy()
        steps = np.random.default_rng(rng.getrandbits(63))
        while not ended.all():
            vector.step(self.policy(vector, steps))
            now = vector.done | (vector.hand_number != start)
            new = now & ~ended
            if new.any():
                scores[new] = vector.scores()[new]
                matches[new] = vector.done[new]
                ended |= now
        return matches, scores, vector.returns()


def _hand_over(state: State, hands_before: int) -> bool:
    """Whether the match or the hand of the decision is over in ``state``."""
    return state.is_terminal() or len(state.hand_results()) != hands_before


def _outcome(state: State, seat: int, players: int,
             before: npt.NDArray[np.float64]) -> tuple[float | None, float]:
    """The (terminal return, hand share) of a position whose hand is over."""
    if state.is_terminal():
        return state.returns()[seat] * players, 0.0
    return None, _share(np.asarray(state.scores(), dtype=np.float64) - before, seat)


def _share(deltas: npt.NDArray[np.float64], seat: int) -> float:
    """``seat``'s zero-sum share of the score changes ``deltas`` (a lone
    seat keeps its own), as :func:`~parlour.agents.ismcts.hand_deltas`."""
    if len(deltas) > 1:
        return float(deltas[seat] - deltas.mean())
    return float(deltas[seat])
