"""The patiences' ``hard`` player: the solver asked about sampled deals."""

from __future__ import annotations

import random

import pytest

import parlour
from parlour.agents import levels
from parlour.agents.base import choose_action
from parlour.agents.heuristic import heuristic_action
from parlour.agents.heuristic.patience import exact_solver
from parlour.agents.solving import SAMPLES, SolverAgent
from parlour.games.patience import solver
from parlour.games.patience.solver import solve

BAKERS_WON = 1
"""A Baker's Dozen deal the solver wins at once with its default budget."""


def play_out(agent: SolverAgent, state: parlour.State) -> parlour.State:
    while not state.is_terminal():
        state.apply(choose_action(agent, state))
    return state


def test_the_hard_level_of_each_patience_is_the_solver_player() -> None:
    level = levels.hard(seed=1)
    for name in ("golf", "clock"):
        player = level.player(name)
        assert isinstance(player, SolverAgent) and player.samples == SAMPLES
    calculation = level.player("calculation")
    assert isinstance(calculation, SolverAgent)
    assert (calculation.samples, calculation.nodes) == (4, 1500)
    bakers = level.player("bakers-dozen")
    assert isinstance(bakers, SolverAgent) and bakers.samples == 1


def test_where_nothing_is_hidden_one_solve_wins_the_deal(monkeypatch: pytest.MonkeyPatch) -> None:
    state = parlour.make("bakers-dozen").new_state(seed=BAKERS_WON)
    assert solve(state).verdict == "won"
    calls = []
    real = solver.solve

    def counted(position: object, nodes: int = solver.DEFAULT_NODES,
                seconds: float | None = None) -> solver.Solution:
        calls.append(nodes)
        return real(position, nodes, seconds)

    monkeypatch.setattr("parlour.agents.solving.solve", counted)
    agent = SolverAgent(seed=3, samples=1, nodes=solver.DEFAULT_NODES)
    finished = play_out(agent, state)
    assert finished.returns() == [1.0]
    assert len(calls) == 1


def test_a_deal_the_hint_loses_is_won_by_the_exact_solver_player() -> None:
    game = parlour.make("bakers-dozen")
    rng = random.Random(0)
    hinted = game.new_state(seed=BAKERS_WON)
    while not hinted.is_terminal():
        hinted.apply(heuristic_action(hinted.observation(0), hinted.legal_actions(), rng))
    assert hinted.returns() == [0.0]
    assert play_out(exact_solver(seed=1), game.new_state(seed=BAKERS_WON)).returns() == [1.0]


def test_with_no_sampled_win_the_hints_move_is_played() -> None:
    # one node a sample: the solver never finds a win, so every move is the hint's
    game = parlour.make("golf")
    state = game.new_state(seed=4)
    agent = SolverAgent(seed=2, samples=2, nodes=1)
    rng = random.Random(9)
    moves = 0
    while not state.is_terminal() and moves < 20:
        legal = state.legal_actions()
        move = choose_action(agent, state)
        assert move == heuristic_action(state.observation(0), legal, rng)
        assert not agent.last_votes or len(legal) == 1
        state.apply(move)
        moves += 1


@pytest.mark.parametrize("name", ["golf", "calculation"])
def test_the_move_is_the_same_in_every_deal_the_seat_cannot_tell_apart(name: str) -> None:
    rng = random.Random(name)
    game = parlour.make(name)
    state = game.new_state(seed=21)
    checked = 0
    while checked < 3 and not state.is_terminal():
        legal = state.legal_actions()
        if len(legal) > 1 and rng.random() < 0.3:
            twin = state.determinize(0, rng)
            one = SolverAgent(seed=checked, samples=3, nodes=400)
            two = SolverAgent(seed=checked, samples=3, nodes=400)
            assert choose_action(one, twin) == choose_action(two, state)
            assert one.last_votes == two.last_votes
            checked += 1
        state.apply(heuristic_action(state.observation(0), legal, rng))
    assert checked == 3


def test_with_one_card_face_down_every_sample_is_the_deal_and_votes_alike() -> None:
    # Golf deal 1 along the solver's winning line until one card is left in
    # the stock and there is a choice: every sample is the deal, so all
    # four votes go to a winning move
    state = parlour.make("golf").new_state(seed=1)
    for move in solve(state).line:
        if state.observation(0)["zones"]["stock"] == 1 and len(state.legal_actions()) > 1:
            break
        state.apply(move)
    assert state.observation(0)["zones"]["stock"] == 1
    agent = SolverAgent(seed=5, samples=4, nodes=solver.DEFAULT_NODES)
    move = choose_action(agent, state)
    assert agent.last_votes == {move: 4}
    state.apply(move)
    assert solve(state).verdict == "won"


@pytest.mark.parametrize(("arguments", "message"), [
    ({"samples": 0}, "samples must be at least 1, not 0"),
    ({"nodes": 0}, "nodes must be at least 1, not 0"),
    ({"seconds": 0.0}, "seconds must be positive, not 0.0"),
])
def test_a_bad_budget_is_refused(arguments: dict[str, float], message: str) -> None:
    with pytest.raises(ValueError, match=f"^{message}$"):
        SolverAgent(**arguments)  # type: ignore[arg-type]


def test_another_seats_turn_is_refused() -> None:
    state = parlour.make("golf").new_state(seed=1)
    with pytest.raises(ValueError, match=r"^seat 1 is not to move$"):
        SolverAgent(seed=1).choose_in(state, 1)
