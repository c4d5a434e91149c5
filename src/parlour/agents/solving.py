"""The patiences' ``hard`` player: the deal solver, asked about sampled deals.

:func:`~parlour.games.patience.solver.solve` knows the whole deal, which a
player does not: in Golf and Calculation the stock is face down. So this
player asks it about *determinizations* (``state.determinize(seat, rng)``:
the stock reshuffled, everything in sight kept), as perfect-information
Monte Carlo players do (Ginsberg's GIB at bridge; Yan, Diaconis, Rusmevichientong
and Van Roy's Klondike player): each sampled deal that the solver wins
votes for the first move of its winning line, and the move with the most
votes is played. A sample lost or left ``"unknown"`` votes for nothing;
with no vote at all (the game looks lost whatever the stock holds, or the
solver ran out of budget) the hint's move is played, so the player is never
worse than the hint where the solver cannot see a way. Ties go to the
hint's move when it is among them, else to the lowest action id.

Where nothing is hidden (Baker's Dozen deals every card face up) one
sample is the deal itself and the solver is exact: a winning line, once
found, is followed move by move for as long as the position is the one
the line expects (so a whole game costs about one solve), and the player
wins every deal that the solver can win within its budget.

Voting over deals the player cannot tell apart is the classic
determinization approach (the "strategy fusion" error of PIMC, playing as
if it will know the stock, remains); it is the ``hard`` level's search in
the patiences, as ISMCTS is in the trick games.

>>> import parlour
>>> from parlour.agents.base import choose_action
>>> state = parlour.make("bakers-dozen").new_state(seed=1)
>>> choose_action(SolverAgent(seed=2, samples=1), state) in state.legal_actions()
True
"""

from __future__ import annotations

import random
from collections import Counter

from parlour.agents.ismcts import Clock
from parlour.agents.registry import heuristic_action
from parlour.engine.game import Observation, State
from parlour.games.patience.solver import solve

SAMPLES = 8
"""Sampled deals a decision asks the solver about (where the stock is hidden)."""
NODES = 4000
"""The solver's node budget for each sampled deal."""
SECONDS = 2.0
"""The CPU time after which a decision samples no more deals (at least one
is always solved), as the other ``hard`` players are capped."""


class SolverAgent:
    """The solver player (see the module docstring): ``samples`` sampled
    deals a decision (1 where nothing is hidden, which makes it exact and
    lets it follow a winning line), each solved within ``nodes`` positions,
    sampling stopped after ``seconds`` of CPU time."""

    name = "solver"

    def __init__(self, seed: int | None = None, samples: int = SAMPLES,
                 nodes: int = NODES, seconds: float | None = SECONDS) -> None:
        if samples < 1:
            raise ValueError(f"samples must be at least 1, not {samples}")
        if nodes < 1:
            raise ValueError(f"nodes must be at least 1, not {nodes}")
        if seconds is not None and seconds <= 0:
            raise ValueError(f"seconds must be positive, not {seconds}")
        self.samples = samples
        self.nodes = nodes
        self.seconds = seconds
        self._rng = random.Random(seed)
        self._plan: list[tuple[Observation, int]] = []
        self.last_votes: Counter[int] = Counter()
        """The votes of the latest decision that asked the solver."""

    def choose_in(self, state: State, seat: int) -> int:
        """The move for ``seat``, which is to move in ``state``.

        Reads ``state.determinize(seat, rng)``, the seat's observation and
        ``legal_actions()``, nothing else.
        """
        if state.current_player() != seat:
            raise ValueError(f"seat {seat} is not to move")
        legal = state.legal_actions()
        observation = state.observation(seat)
        if self._plan and self._plan[0][0] == observation:
            return self._plan.pop(0)[1]
        self._plan = []
        if len(legal) == 1:
            return legal[0]
        own = heuristic_action(observation, legal, self._rng)
        votes: Counter[int] = Counter()
        clock = Clock(self.seconds)
        for count in range(self.samples):
            if count and clock.run_out():
                break
            world = state.determinize(seat, self._rng)
            solution = solve(world, nodes=self.nodes)
            if solution.verdict != "won" or not solution.line:
                continue
            votes[solution.line[0]] += 1
            if self.samples == 1:
                self._plan = planned(world, seat, solution.line)
        self.last_votes = votes
        if not votes:
            return own
        most = max(votes.values())
        best = sorted(move for move, count in votes.items() if count == most)
        move = own if own in best else best[0]
        if self._plan and self._plan[0][1] != move:
            self._plan = []
        elif self._plan:
            self._plan.pop(0)
        return move


def planned(world: State, seat: int, line: tuple[int, ...]) -> list[tuple[Observation, int]]:
    """The winning ``line`` from ``world`` as (the observation ``seat``
    has before each move, the move): the plan is followed while the game
    shows the observation it expects."""
    plan = []
    position = world.clone()
    for move in line:
        if position.current_player() != seat:
            break
        plan.append((position.observation(seat), move))
        position.apply(move)
    return plan
