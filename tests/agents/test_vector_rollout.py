"""The batched rollout player (``parlour.agents.vector_rollout``): legal,
deterministic for a seed, played on the vector engine where Numba is and
by its fallback elsewhere, within its budget, and right where one move is
clearly best; the ``hard`` level plays it in Polignac and Ranter Go Round."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

import parlour
import parlour.vector
from parlour.agents import ISMCTSAgent, choose_action, make_agent
from parlour.agents import vector_rollout as module
from parlour.agents.heuristic import heuristic_action
from parlour.agents.heuristic.ranter import (
    RANTER_DEALS,
    RANTER_PLAYOUTS,
    heuristic_policy,
    ranter_action,
    ranter_rollout_hard,
    stood_as_heuristic,
)
from parlour.agents.heuristic.strategies import POLIGNAC_PLAYOUTS, polignac_hard
from parlour.agents.levels import HARD_SECONDS, VECTOR_DEALS, hard, hard_classic, hard_search
from parlour.agents.rollout import RolloutAgent
from parlour.agents.vector_rollout import VectorRolloutAgent
from parlour.engine import State
from parlour.games.ranter_go_round import EXCHANGE, STAND
from support import random_action

pytestmark = pytest.mark.skipif(not parlour.vector.numba_available(),
                                reason="the batched player needs Numba (parlour[vector])")

SEED_5_TO_TRICK_8 = [32, 32, 32, 32, 31, 26, 4, 27, 7, 2, 5, 6, 1, 20, 0, 3, 13, 8, 14, 9,
                     19, 23, 18, 22, 21, 30, 17, 12]
"""Polignac (target 1) from seed 5, the easy players' moves to the seventh
trick's lead: seat 0 leads, holding the 7 of diamonds and the 8 of clubs."""


def short_search(seed: int | None) -> ISMCTSAgent:
    return ISMCTSAgent(seed=seed, iterations=20)


def player(seed: int = 1, deals: int = 40, **knobs: Any) -> VectorRolloutAgent:
    return VectorRolloutAgent(short_search, seed, deals=deals, **knobs)


def polignac(hands: list[str], dealer: int = 3) -> State:
    deal = {"dealer": dealer, "hands": [hand.split() for hand in hands]}
    return parlour.make("polignac").new_state(deal=deal)


def seventh_trick() -> State:
    state = parlour.make("polignac", target=1).new_state(seed=5)
    for action in SEED_5_TO_TRICK_8:
        state.apply(action)
    return state


def final_returns(state: State, seat: int) -> list[float]:
    """``seat``'s return at the end of every way the hand can be played on."""
    if state.is_terminal():
        return [state.returns()[seat]]
    ends: list[float] = []
    for action in state.legal_actions():
        line = state.clone()
        line.apply(action)
        ends += final_returns(line, seat)
    return ends


@pytest.mark.parametrize(("name", "options"), [("polignac", {}), ("polignac", {"capot": True}),
                                               ("ranter-go-round", {"players": 5})])
def test_plays_only_legal_moves_on_the_vector_engine(name: str, options: dict[str, Any]) -> None:
    state = parlour.make(name, **options).new_state(seed=3)
    agent = player(deals=12)
    rng = random.Random(name)
    decided = 0
    while not state.is_terminal() and decided < 10:
        if state.is_chance_node():
            state.apply(random_action(state, rng))
            continue
        move = choose_action(agent, state)
        assert move in state.legal_actions()
        if len(state.legal_actions()) > 1:
            assert (agent.last_engine, agent.last_deals) == ("vector", 12)
            decided += 1
        else:
            assert (agent.last_engine, agent.last_deals) == ("forced", 0)
        state.apply(move)
    assert decided == 10


def test_same_seed_same_moves() -> None:
    state = parlour.make("polignac").new_state(seed=6)
    one, two = player(seed=9, deals=30), player(seed=9, deals=30)
    for _ in range(14):
        move = choose_action(one, state)
        assert choose_action(two, state) == move
        state.apply(move)


def test_falls_back_without_numba(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(parlour.vector, "numba_available", lambda: False)
    state = parlour.make("polignac").new_state(seed=6)
    agent = player(seed=4)
    fallback = short_search(4)
    for _ in range(6):
        move = choose_action(agent, state)
        assert move == choose_action(fallback, state)
        assert agent.last_engine == ("fallback" if len(state.legal_actions()) > 1 else "forced")
        state.apply(move)


def test_falls_back_in_a_game_the_vector_engine_does_not_play() -> None:
    state = parlour.make("costly-colours").new_state(seed=2)
    agent = player(seed=4)
    assert choose_action(agent, state) == choose_action(short_search(4), state)
    assert agent.last_engine == "fallback"


def test_stops_at_the_deal_budget_in_rounds_of_one_batch() -> None:
    """Two legal moves, a batch of 64 rows: 32 deals a round, so 70 deals
    take rounds of 32, 32 and 6."""
    state = seventh_trick()
    agent = player(deals=70, batch_size=64)
    choose_action(agent, state)
    assert (agent.last_deals, agent.last_rounds) == (70, 3)


class SpentClock:
    """A clock that has run out after ``allowed`` looks."""

    allowed = 0

    def __init__(self, seconds: float | None) -> None:
        self.looks = 0

    def run_out(self) -> bool:
        self.looks += 1
        return self.looks > self.allowed


@pytest.mark.parametrize(("allowed", "deals", "rounds"), [(0, 2, 1), (3, 5, 1), (40, 43, 2)])
def test_the_time_cap_stops_the_draws_and_the_rounds(
        monkeypatch: pytest.MonkeyPatch, allowed: int, deals: int, rounds: int) -> None:
    """The clock is read before each draw of a round from its third on and
    after each round: at least two deals, then none once it has run out.
    Two legal moves in 64 rows make rounds of 32 deals: 40 looks are 30 in
    the first round, one after it and 9 in the second, which draws 11."""
    monkeypatch.setattr(SpentClock, "allowed", allowed)
    monkeypatch.setattr(module, "Clock", SpentClock)
    agent = player(deals=None, seconds=1.0, batch_size=64)
    choose_action(agent, seventh_trick())
    assert (agent.last_deals, agent.last_rounds) == (deals, rounds)


def test_leads_the_card_that_cannot_lose_the_match() -> None:
    """Seventh trick of a one-hand match: whatever the others hold and
    however the hand ends, leading the 8 of clubs never loses and leading
    the 7 of diamonds may."""
    state = seventh_trick()
    seat = state.current_player()
    diamond, club = state.parse_action("7D"), state.parse_action("8C")
    assert state.legal_actions() == [diamond, club]
    rng = random.Random(0)
    worlds = [state.determinize(seat, rng) for _ in range(30)]
    ends = {move: [end for world in worlds for end in final_returns(_after(world, move), seat)]
            for move in (diamond, club)}
    assert min(ends[club]) >= max(ends[diamond]) and min(ends[diamond]) < min(ends[club])
    for seed in (1, 2, 3):
        assert choose_action(player(seed=seed, deals=200), state) == club


def _after(state: State, move: int) -> State:
    line = state.clone()
    line.apply(move)
    return line


def test_ducks_under_the_polignac() -> None:
    """Seat 1 led the jack of spades (the Polignac); seat 2 ducks with the
    ten rather than take it with the king."""
    hands = ["JS 7H 8H 9H 7D 8D 7C 8C", "KS TS QH TH 9D TD 9C TC",
             "QS AS 9S AH KH JH AD KD", "8S 7S KC QC JC AC QD JD"]
    state = polignac(hands)
    for _ in range(4):
        state.apply(state.parse_action("pass"))
    state.apply(state.parse_action("JS"))
    assert choose_action(player(seed=2, deals=300), state) == state.parse_action("TS")


def test_the_ranter_belief_cuts_the_stock_on_a_seven() -> None:
    """As the believing rollout player (tests/agents/test_rollout.py): the
    four before the dealer stood, so his 7 is likely the lowest card."""
    deal = {"dealer": 4, "hands": [["TS"], ["9H"], ["JD"], ["QS"], ["7C"]]}
    state = parlour.make("ranter-go-round", players=5).new_state(seed=1, deal=deal)
    for _ in range(4):
        state.apply(STAND)
    for seed in (1, 2):
        plain = player(seed=seed, deals=300, playouts=4, policy=heuristic_policy,
                       base=heuristic_action)
        believing = player(seed=seed, deals=300, playouts=4, policy=heuristic_policy,
                           base=heuristic_action, belief=stood_as_heuristic)
        assert plain.choose_in(state, 4) == STAND
        assert believing.choose_in(state, 4) == EXCHANGE


@pytest.mark.parametrize("options", [
    {"players": 5}, {"players": 3, "dealer_cuts_king": "dealer_loses"},
    {"players": 6, "announce_low_cards": "both", "lives": 1},
    {"players": 4, "king_rule": "stops_play", "dealer_cuts_king": "keep_original"}])
def test_the_playouts_play_as_the_heuristic(options: dict[str, Any]) -> None:
    """Every decision of a few whole matches: the batch's policy (read from
    the tensors) chooses what the heuristic chooses from the observation."""
    vector = parlour.vector.make("ranter-go-round", batch_size=1, **options)
    rng = random.Random(5)
    chosen = set()
    for seed in range(6):
        state = parlour.make("ranter-go-round", **options).new_state(seed=seed)
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply(random_action(state, rng))
                continue
            seat = state.current_player()
            expected = ranter_action(state.observation(seat), state.legal_actions(), rng)
            vector.load([state])
            action = int(heuristic_policy(vector, np.random.default_rng(0))[0])
            assert action == expected
            chosen.add((len(state.legal_actions()), action))
            state.apply(action)
    assert {(2, STAND), (2, EXCHANGE)} <= chosen


def test_bad_budgets() -> None:
    with pytest.raises(ValueError, match="a batched rollout player needs a budget"):
        VectorRolloutAgent(short_search, deals=None)
    with pytest.raises(ValueError, match="iterations must be at least 2, not 1"):
        VectorRolloutAgent(short_search, deals=1)
    with pytest.raises(ValueError, match="playouts must be at least 1, not 0"):
        VectorRolloutAgent(short_search, playouts=0)


def test_hard_plays_polignac_and_ranter_with_batched_rollouts() -> None:
    level = hard(seed=3)
    search = level.player("polignac")
    assert isinstance(search, VectorRolloutAgent)
    assert (search.deals, search.seconds, search.fallback, search.policy) == (
        VECTOR_DEALS, HARD_SECONDS, hard_search, POLIGNAC_PLAYOUTS)
    ranter = level.player("ranter-go-round")
    assert isinstance(ranter, VectorRolloutAgent)
    assert (ranter.deals, ranter.playouts, ranter.belief, ranter.base, ranter.policy,
            ranter.fallback) == (RANTER_DEALS, RANTER_PLAYOUTS, stood_as_heuristic,
                                 heuristic_action, heuristic_policy, ranter_rollout_hard)
    assert isinstance(level.player("knaves"), ISMCTSAgent)
    assert polignac_hard(1).deals == VECTOR_DEALS


def test_hard_classic_keeps_the_players_hard_had() -> None:
    level = make_agent("hard-classic", 3)
    assert level is not None and level.name == "hard-classic"
    classic = hard_classic(seed=3)
    assert isinstance(classic.player("polignac"), ISMCTSAgent)
    assert isinstance(classic.player("ranter-go-round"), RolloutAgent)
    assert type(classic.player("bharg")) is type(hard(seed=3).player("bharg"))

