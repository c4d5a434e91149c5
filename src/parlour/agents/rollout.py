"""Policy improvement by rollouts: a good player made better by sampling.

Tesauro and Galperin, "On-line Policy Improvement using Monte-Carlo
Search", NIPS 1996; Bertsekas's rollout algorithm. Given a base policy
(the heuristic player), the rollout player judges each of its legal
moves by playing the rest of the hand with the base policy for every seat
from many sampled positions, and plays the move that does best. Where the
base policy's choice is already the best, nothing changes; where it errs,
the samples show it.

Each iteration draws one *determinization* of the position
(``state.determinize(seat, rng)``, the only way the player looks at the
state besides its own observation, so it reads no hidden card) and plays
**every** legal move on it, each followed by a playout seeded alike:
common random numbers, so that the comparison between two moves is not
drowned by the luck of the deal and the draws (a move's advantage is
measured on the same hidden cards and, as far as the moves allow, the same
later draws). A playout ends with the hand (or the match), and is scored
as ISMCTS scores it (:mod:`parlour.agents.ismcts`): a match that ends
counts its returns times the number of seats; otherwise the seat's
zero-sum share of the hand's score changes, signed so that more is
better, in units of the largest such share seen in this decision.

A game may also give a *belief* (:data:`Belief`): a test that a
determinization agrees with what the other seats did, had they played as
the base policy plays. Determinizations that fail it are drawn again (at
most :data:`BELIEF_TRIES` times; then the last one drawn is used), so that
the samples lean the way the others' actions point: in Ranter Go Round a
player who stood is likely to hold a high card, which the uniform
determinization ignores.

The move played is the best mean, but only when it beats the base
policy's own choice by more than :data:`MARGIN` standard errors of their
paired difference; otherwise the base policy's move stands. So the player
departs from the heuristic only on evidence, and is never much worse.

>>> import parlour
>>> from parlour.agents.base import choose_action
>>> from parlour.agents.heuristic import heuristic_action
>>> state = parlour.make("costly-colours").new_state(seed=1)
>>> player = RolloutAgent(heuristic_action, seed=3, iterations=20)
>>> choose_action(player, state) in state.legal_actions()
True
"""

from __future__ import annotations

import math
import random
import statistics
from collections.abc import Callable

from parlour.agents.ismcts import Clock, RolloutPolicy, check_budget, hand_deltas, play_out
from parlour.engine.game import State

Belief = Callable[[State, int], bool]
"""Whether a determinization drawn for a seat (the state, the seat) agrees
with what the other seats have done, had they played as the base policy
plays. It reads the determinization as the base policy would: each
seat's own observation of it."""

BELIEF_TRIES = 64
"""How many determinizations a decision draws at most to find one that its
:data:`Belief` accepts."""

MARGIN = 1.64
"""How many standard errors of the paired difference the best move must
gain over the base policy's to be played instead (one-sided 95%)."""


class RolloutAgent:
    """The rollout player over the base policy ``policy`` (see the module
    docstring).

    ``iterations`` (determinizations, each playing every legal move) and
    ``seconds`` (CPU time of the searching thread, with the wall-clock
    backstop of :data:`~parlour.agents.ismcts.WALL_FACTOR`) bound each
    decision; at least one is needed. ``belief`` filters the
    determinizations (see the module docstring).
    """

    name = "rollout"

    def __init__(
        self,
        policy: RolloutPolicy,
        seed: int | None = None,
        iterations: int | None = 200,
        seconds: float | None = None,
        margin: float = MARGIN,
        belief: Belief | None = None,
    ) -> None:
        check_budget("a rollout player", iterations, seconds, 2)
        self.policy = policy
        self.iterations = iterations
        self.seconds = seconds
        self.margin = margin
        self.belief = belief
        self._rng = random.Random(seed)
        self.last_iterations = 0
        """Determinizations sampled by the latest decision (0: forced)."""
        self.last_departed = False
        """Whether the latest decision overruled the base policy."""

    def choose_in(self, state: State, seat: int) -> int:
        """The move for ``seat``, which is to move in ``state``.

        Reads ``state.determinize(seat, rng)``, the seat's own observation
        (for the base policy's choice), ``current_player()``,
        ``legal_actions()``, the number of finished hands and the game's
        metadata, nothing else.
        """
        if state.current_player() != seat:
            raise ValueError(f"seat {seat} is not to move")
        legal = state.legal_actions()
        self.last_departed = False
        if len(legal) == 1:
            self.last_iterations = 0
            return legal[0]
        rng = self._rng
        policy = self.policy
        own = policy(state.observation(seat), legal, rng)
        hands_before = len(state.hand_results())
        players = state.game.num_players
        # per move, per iteration: (terminal return, hand share)
        outcomes: dict[int, list[tuple[float | None, float]]] = {move: [] for move in legal}
        clock = Clock(self.seconds)
        limit = self.iterations
        count = 0
        while limit is None or count < limit:
            world = sample_world(state, seat, rng, self.belief)
            seed = rng.getrandbits(64)
            for move in legal:
                line = world.clone()
                line.apply(move)
                play_out(line, policy, random.Random(seed), hands_before)
                if line.is_terminal():
                    outcomes[move].append((line.returns()[seat] * players, 0.0))
                else:
                    outcomes[move].append((None, hand_deltas(line, hands_before)[seat]))
            count += 1
            if count >= 2 and clock.run_out():
                break
        self.last_iterations = count
        values = scaled_rewards(outcomes, 1.0 if state.game.higher_is_better else -1.0)
        move, self.last_departed = pick_move(values, legal, own, self.margin)
        return move



def sample_world(state: State, seat: int, rng: random.Random, belief: Belief | None) -> State:
    """A determinization of ``state`` for ``seat`` (``state.determinize(seat,
    rng)``), drawn again while ``belief`` rejects it (at most
    :data:`BELIEF_TRIES` draws; then the last one drawn)."""
    world = state.determinize(seat, rng)
    if belief is None:
        return world
    for _ in range(BELIEF_TRIES - 1):
        if belief(world, seat):
            return world
        world = state.determinize(seat, rng)
    return world


def pick_move(values: dict[int, list[float]], legal: list[int], own: int | None,
              margin: float) -> tuple[int, bool]:
    """The move to play from each legal move's rewards (one a sample, the
    samples paired across the moves), and whether it overrules ``own``.

    The best mean (ties: ``own``, then the lower id); without a base
    policy's move (``own`` ``None``) that is the move, else it must gain
    more than ``margin`` standard errors of the paired difference over
    ``own``, or ``own`` stands.
    """
    best = max(legal, key=lambda move: (statistics.fmean(values[move]), move == own, -move))
    if own is None or best == own:
        return best, False
    gains = [one - two for one, two in zip(values[best], values[own], strict=True)]
    spread = statistics.stdev(gains) / math.sqrt(len(gains))
    if statistics.fmean(gains) > margin * spread:
        return best, True
    return own, False


def scaled_rewards(
    outcomes: dict[int, list[tuple[float | None, float]]], sign: float
) -> dict[int, list[float]]:
    """The playouts' rewards: a finished match's return as it is, a hand's
    share signed and divided by the largest share of the decision."""
    largest = max(
        (abs(share) for results in outcomes.values() for end, share in results if end is None),
        default=0.0,
    )
    factor = sign / largest if largest else 0.0
    return {
        move: [share * factor if end is None else end for end, share in results]
        for move, results in outcomes.items()
    }
