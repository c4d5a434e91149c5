"""The batched Ranter Go Round (:mod:`parlour.vector.ranter`) against the
reference engine (:mod:`parlour.games.ranter_go_round`): the same game
from any loaded position, on both kernels, over every conformance option
set; its own deals; its refusals.

:func:`parlour.vector.check.check` is the equivalence check (the one
``scripts/vector_equivalence.py`` runs at full count); Ranter's hooks
(:class:`RanterVector`'s ``step_to_chance``, ``chance_in_hand``,
``chance_winners``) have it compare a hand's losses before the batch
deals, give a reference with explicit chance the batch's card from the
stock, and accept the batch's own cut for the pot.

:func:`lockstep` checks the batch's own chance the other way round: whole
matches from :meth:`RanterVector.reset`, each beside a reference match
with explicit chance that is given the batch's first dealer, deals, stock
cards and cuts, compared after every step.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import parlour
import parlour.vector
from parlour.errors import IllegalAction
from parlour.games.ranter_go_round import (
    CARD_BASE,
    DEALER_BASE,
    PHASE_STOCK,
    RANK_VALUES,
    RanterState,
)
from parlour.vector import VectorError
from parlour.vector.check import Summary, check, compare, fresh_state, play, walk
from parlour.vector.ranter import (
    CUT,
    CUT_FOR_POT,
    DEAL,
    DEALER,
    DECK,
    HANDS,
    PENDING,
    WINNERS,
    RanterVector,
)
from support import GAME_OPTION_SETS, option_id

NAME = "ranter-go-round"
OPTION_SETS = [options for name, options in GAME_OPTION_SETS if name == NAME]
IDS = [option_id(options) for options in OPTION_SETS]
HANDS_PER_SET = 100
"""Hands compared in each option set in ``make test`` (the full count:
``scripts/vector_equivalence.py``)."""


def _summary(vg: RanterVector) -> Summary:
    return Summary(NAME, dict(vg.game.options), vg.kernel)


@pytest.mark.parametrize("options", OPTION_SETS, ids=IDS)
def test_the_batch_plays_the_reference_game_from_loaded_positions(
        options: dict[str, Any]) -> None:
    summary = check(NAME, options, HANDS_PER_SET, seed=len(option_id(options)), kernel="auto",
                    batch_size=12)
    assert summary.hands >= HANDS_PER_SET


@pytest.mark.parametrize("options", OPTION_SETS[::4], ids=IDS[::4])
def test_the_python_kernel_plays_the_reference_game_too(options: dict[str, Any]) -> None:
    summary = check(NAME, options, 6, seed=1, kernel="python", batch_size=4)
    assert summary.hands >= 6


@settings(max_examples=25, deadline=None)
@given(options=st.sampled_from(OPTION_SETS), seed=st.integers(0, 2**31 - 1),
       moves=st.integers(0, 80), explicit=st.booleans())
def test_from_random_mid_hand_positions(options: dict[str, Any], seed: int, moves: int,
                                        explicit: bool) -> None:
    game = parlour.make(NAME, **options)
    rng = random.Random(seed)
    state = walk(fresh_state(game, rng, 0, explicit), rng, moves)
    vg = parlour.vector.make(NAME, batch_size=1, **options)
    vg.reset(seed)
    vg.load([state])
    play(vg, [state], rng, 2)


@pytest.mark.parametrize(("options", "cut", "losses"), [
    ({}, 1, [0, 1, 0, 0]),
    ({"dealer_cuts_king": "keep_original"}, 1, [0, 0, 0, 1]),
    ({"dealer_cuts_king": "dealer_loses"}, 1, [0, 0, 0, 1]),
    ({"dealer_exchange": "top", "dealer_cuts_king": "dealer_loses"}, None, [0, 1, 0, 0]),
])
def test_r3_the_dealer_cuts_a_king_from_a_loaded_deal(options: dict[str, str], cut: int | None,
                                                       losses: list[int]) -> None:
    """Rules §10 R3: Ann 6C, Ben 3H, Cat KC, Dan (dealer) 2D; the stock 7S,
    KH...; Ann stands, Ben asks Cat (refused), Dan exchanges with the stock."""
    game = parlour.make(NAME, players=4, **options)
    deal: dict[str, Any] = {"dealer": 3, "hands": [["6C"], ["3H"], ["KC"], ["2D"]],
                            "stock": ["7S", "KH"]}
    if cut is not None:
        deal["cut"] = cut
    state = game.new_state(seed=1, deal=deal)
    vg = parlour.vector.make(NAME, batch_size=1, players=4, **options)
    vg.load([state])
    for action in (0, 1, 1):
        vg.step(np.array([action]))
    assert vg.scores().tolist() == [losses]
    assert vg.hand_number.tolist() == [2]


def test_a_loaded_deal_with_players_out_and_a_carried_pot_plays_as_the_reference() -> None:
    game = parlour.make(NAME, players=5)
    state = game.new_state(seed=3, deal={
        "dealer": 2, "hands": [["5H"], ["2D"], ["5S"], [], ["9C"]], "lives": [1, 2, 1, 0, 3],
        "carried_pot": 4})
    assert isinstance(state, RanterState)
    vg = parlour.vector.make(NAME, batch_size=1, players=5)
    assert isinstance(vg, RanterVector)
    vg.load([state])
    assert play(vg, [state], random.Random(3), 3).hands > 0


# ----------------------------------------------------------------------
# the batch's own matches
def _give_chance(vg: RanterVector, states: list[RanterState], waiting: int) -> None:
    """The batch's chance (its deals, its final tie's cuts), round by round
    as :meth:`RanterVector.step` draws it, each outcome given to the
    reference's explicit chance as well."""
    n = vg.num_players
    while waiting:
        rows = vg.waiting_rows[:waiting].tolist()
        assert rows == np.flatnonzero(vg.small[:, PENDING]).tolist()
        kinds = vg.small[rows, PENDING].tolist()
        cutters = vg.wide[rows, WINNERS].tolist()
        fresh = vg.rng.random((len(rows), n + 1))
        waiting = vg._chance(vg.params, vg.waiting_rows, waiting, fresh, vg.small, vg.wide,
                             vg.done, vg.current_player, vg.hand_number)
        for row, kind, cutting in zip(rows, kinds, cutters, strict=True):
            state = states[row]
            if kind == DEAL:
                for position in range(len(state.order)):  # elder first, as the batch deals
                    state.apply(CARD_BASE + int(vg.small[row, DECK + position]))
                continue
            # the batch's cutters cut in seat order; a tie for highest is
            # cut again in the reference, and the batch's winner cuts a King
            seats = [seat for seat in range(n) if cutting >> seat & 1]
            cards = dict(zip(seats, vg.small[row, DECK:DECK + len(seats)].tolist(), strict=True))
            winner = int(vg.wide[row, WINNERS]).bit_length() - 1
            kings = iter(card for card in range(52) if RANK_VALUES[card] == 13)
            lower = iter(card for card in range(52) if RANK_VALUES[card] < 13)
            while not state.is_terminal():
                for seat in state.cutters[len(state.cut_cards):]:
                    state.apply(CARD_BASE + cards[seat])
                cards = {seat: next(kings) if seat == winner else next(lower)
                         for seat in state.cutters}


def lockstep(options: dict[str, Any], seed: int, batch_size: int) -> int:
    """Whole matches of the batch from :meth:`RanterVector.reset`, each
    beside a reference match with explicit chance given the batch's
    first dealer, deals, stock cards and cuts, compared after every step
    until every match is over; the decisions compared."""
    game = parlour.make(NAME, **options)
    vg = parlour.vector.make(NAME, batch_size=batch_size, **options)
    assert isinstance(vg, RanterVector)
    step_chance = vg._resolve_chance
    vg._resolve_chance = lambda waiting: None  # type: ignore[method-assign]
    vg.reset(seed)
    vg._resolve_chance = step_chance  # type: ignore[method-assign]
    states = []
    for row in range(batch_size):
        state = game.new_state(seed=0, explicit_chance=True)
        assert isinstance(state, RanterState)
        state.apply(DEALER_BASE + int(vg.small[row, DEALER]))
        states.append(state)
    _give_chance(vg, states, batch_size)
    summary = _summary(vg)
    compare(vg, states, summary)
    rng = random.Random(seed)
    decisions = 0
    while not vg.done.all():
        actions = np.zeros(batch_size, dtype=np.int64)
        for row, state in enumerate(states):
            if state.is_terminal():
                continue
            actions[row] = rng.choice(state.legal_actions())
            state.apply(int(actions[row]))
            if state.phase == PHASE_STOCK:
                active = len(state.order)
                cut = int(vg.small[row, CUT])
                state.apply(CARD_BASE + int(vg.small[row, DECK + active + cut]))
            decisions += 1
        bad, waiting = vg._step(vg.params, actions, vg.small, vg.wide, vg.done,
                                vg.current_player, vg.hand_number, vg.waiting_rows)
        assert bad == -1
        _give_chance(vg, states, waiting)
        compare(vg, states, summary)
    return decisions


@pytest.mark.parametrize("options", OPTION_SETS, ids=IDS)
def test_the_batch_deals_and_plays_whole_matches_as_the_reference(
        options: dict[str, Any]) -> None:
    assert lockstep(options, seed=len(IDS), batch_size=8) > 0


def _arrays(vg: RanterVector) -> list[list[Any]]:
    return [vg.small.tolist(), vg.wide.tolist(), vg.current_player.tolist(),
            vg.done.tolist(), vg.hand_number.tolist(), vg.observation_tensor().tolist(),
            vg.legal_mask().tolist(), vg.scores().tolist(), vg.returns().tolist()]


@pytest.mark.parametrize("options", OPTION_SETS[::3], ids=IDS[::3])
def test_both_kernels_play_the_same_matches_from_the_same_seed(options: dict[str, Any]) -> None:
    games = [parlour.vector.make(NAME, batch_size=6, kernel=kernel, **options)
             for kernel in ("numba", "python")]
    rngs = [np.random.default_rng(5) for _ in games]
    for vg in games:
        vg.reset(11)
    steps = 0
    while not games[0].done.all():
        first, second = (_arrays(vg) for vg in games)
        assert first == second, f"the kernels differ after {steps} steps"
        actions = [vg.random_actions(rng) for vg, rng in zip(games, rngs, strict=True)]
        assert actions[0].tolist() == actions[1].tolist()
        for vg, chosen in zip(games, actions, strict=True):
            vg.step(chosen)
        steps += 1
    assert _arrays(games[0]) == _arrays(games[1])
    assert games[1].done.all()


def _deal_is_whole(vg: RanterVector) -> None:
    """Each match in play: one card a seat with lives, none for a seat out,
    and the pack (hands, then stock) holds every card once."""
    n = vg.num_players
    for row in range(vg.batch_size):
        if vg.done[row]:
            continue
        hands = vg.small[row, HANDS:HANDS + n].tolist()
        lives = vg.small[row, HANDS + n:HANDS + 2 * n].tolist()
        assert [card >= 0 for card in hands] == [left > 0 for left in lives]
        assert sorted(vg.small[row, DECK:HANDS].tolist()) == list(range(52))
        assert len({card for card in hands if card >= 0}) == sum(left > 0 for left in lives)


@pytest.mark.parametrize("options", [{}, {"players": 26, "king_rule": "stops_hand"},
                                     {"players": 2, "lives": 1, "final_tie": "cut"}],
                         ids=["defaults", "26-stops_hand", "2-cut"])
def test_reset_deals_the_same_matches_from_the_same_seed_and_random_play_ends_them(
        options: dict[str, Any]) -> None:
    first, second = (parlour.vector.make(NAME, batch_size=64, **options) for _ in range(2))
    first.reset(3)
    second.reset(3)
    assert _arrays(first) == _arrays(second)
    other = parlour.vector.make(NAME, batch_size=64, **options)
    other.reset(4)
    assert _arrays(other) != _arrays(first)
    rng = np.random.default_rng(0)
    for _ in range(2000):
        _deal_is_whole(first)
        if first.done.all():
            break
        first.step(first.random_actions(rng))
    assert first.done.all()
    returns = first.returns()
    assert np.allclose(returns.sum(axis=1), 0.0)
    assert (first.current_player == parlour.TERMINAL_PLAYER).all()


def test_a_match_over_ignores_its_action_and_gives_zeros() -> None:
    vg = parlour.vector.make(NAME, batch_size=2, players=2, lives=1)
    vg.reset(0)
    rng = np.random.default_rng(1)
    while not vg.done[0]:
        vg.step(vg.random_actions(rng))
    before = _arrays(vg)
    if not vg.done[1]:
        return
    vg.step(np.array([57, 99]))
    assert _arrays(vg) == before
    assert not vg.observation_tensor().any()
    assert not vg.legal_mask().any()


@pytest.mark.parametrize(("pick", "winner"), [(0.2, 0), (0.7, 1)])
def test_a_tie_for_the_highest_cut_is_settled_by_one_more_number(pick: float,
                                                                  winner: int) -> None:
    """Three players out at once cut KS, KH and 4S (a shuffle's first three
    draws): P0 and P1 tie, and the last number picks one of them."""
    vg = parlour.vector.make(NAME, batch_size=1, players=3, lives=1, final_tie="cut")
    assert isinstance(vg, RanterVector)
    vg.reset(0)
    vg.small[0, DECK:HANDS] = np.arange(52)
    vg.small[0, PENDING] = CUT_FOR_POT
    vg.wide[0, WINNERS] = 0b111
    vg.waiting_rows[0] = 0
    fresh = np.array([[11.5 / 52, 23.5 / 51, 0.5 / 50, pick]])  # KS (11), KH (24), 4S (2)
    assert vg._chance(vg.params, vg.waiting_rows, 1, fresh, vg.small, vg.wide, vg.done,
                      vg.current_player, vg.hand_number) == 0
    assert vg.small[0, DECK:DECK + 3].tolist() == [11, 24, 2]
    assert vg.done.tolist() == [True]
    assert vg.returns().tolist() == [[2.0 if seat == winner else -1.0 for seat in range(3)]]


def test_the_first_dealer_is_drawn_with_the_odds_of_the_first_jack() -> None:
    vg = parlour.vector.make(NAME, batch_size=20000, players=2)
    assert isinstance(vg, RanterVector)
    vg.reset(9)
    from parlour.vector.ranter import DEALER
    # the first dealer dealt hand 1; P0's odds are 433/833 (0.5198)
    share = float((vg.small[:, DEALER] == 0).mean())
    assert abs(share - 433 / 833) < 0.02


def test_memory_a_match_is_under_a_kilobyte_at_any_table() -> None:
    for players in (2, 6, 26):
        vg = parlour.vector.make(NAME, batch_size=8, players=players)
        assert vg.memory_per_match() <= 1024


# ----------------------------------------------------------------------
# refusals
def test_an_illegal_action_is_refused_naming_the_match_and_nothing_moves() -> None:
    vg = parlour.vector.make(NAME, batch_size=3)
    vg.reset(2)
    before = _arrays(vg)
    player = int(vg.current_player[1])
    with pytest.raises(IllegalAction) as refused:
        vg.step(np.array([0, 7, 1]))
    assert str(refused.value) == (f"match 1: there is no move 7 for P{player}; the moves are "
                                  "0 (stand) and 1 (exchange)")
    assert _arrays(vg) == before


def test_actions_not_one_a_match_are_refused() -> None:
    vg = parlour.vector.make(NAME, batch_size=3)
    vg.reset(2)
    with pytest.raises(VectorError) as refused:
        vg.step([0, 1])
    assert str(refused.value) == "step needs 3 actions, one a match; (2,) were given"


def test_loading_states_of_other_options_or_another_game_is_refused() -> None:
    vg = parlour.vector.make(NAME, batch_size=1)
    other = parlour.make(NAME, players=5).new_state(seed=1)
    with pytest.raises(VectorError) as refused:
        vg.load([other])
    assert str(refused.value) == (f"state 0 is {other.game!r}, not {vg.game!r}")
    golf = parlour.make("polignac").new_state(seed=1)
    with pytest.raises(VectorError) as refused:
        vg.load([golf])
    assert str(refused.value) == f"state 0 is {golf.game!r}, not {vg.game!r}"
    with pytest.raises(VectorError) as refused:
        vg.load([])
    assert str(refused.value) == "load needs 1 states, one a match; 0 were given"


def test_a_state_at_a_chance_node_is_refused() -> None:
    vg = parlour.vector.make(NAME, batch_size=1)
    state = parlour.make(NAME).new_state(seed=1, explicit_chance=True)
    assert state.is_chance_node()
    with pytest.raises(VectorError) as refused:
        vg.load([state])
    assert str(refused.value) == ("state 0 is at a chance node (a card being dealt); load a "
                                  "state where a player is to move")


def test_a_batch_of_no_matches_is_refused() -> None:
    with pytest.raises(VectorError) as refused:
        parlour.vector.make(NAME, batch_size=0)
    assert str(refused.value) == "batch_size must be a whole number of at least 1, not 0"


def test_every_option_is_covered() -> None:
    for options in OPTION_SETS:
        assert RanterVector.refusal(parlour.make(NAME, **options)) is None
    assert NAME in parlour.vector.covered()
