"""Progress Rummy's ``hard`` player, the heuristic one draw deeper: the
moves it makes differently from the heuristic in fixed positions, and
legal play through whole matches.

Seats: Ann 0, Ben 1, Cat 2, Dan 3.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import parlour
from parlour.agents.heuristic import HeuristicAgent, heuristic_action
from parlour.agents.heuristic.rummy import read_seat
from parlour.agents.heuristic.rummy_lookahead import (
    RummyLookaheadAgent,
    lookahead_action,
    round_risk,
)
from parlour.agents.levels import hard
from parlour.agents.protocol import choose_action
from parlour.games.progress_rummy import DRAW, TAKE
from rummy_positions import middle

ANN, BEN, CAT, DAN = range(4)

ANN_HAND = "9Cr 9Su 13Mo 13St 2Su 6Mo 11Cr 4St 8Su 1Mo"


def both(state: Any) -> tuple[str, str]:
    """The heuristic's and the lookahead's move, as text."""
    seat = state.current_player()
    observation, legal = state.observation(seat), state.legal_actions()
    one = heuristic_action(observation, legal, random.Random(0))
    two = lookahead_action(observation, legal, random.Random(0))
    return state.action_to_str(one), state.action_to_str(two)


def after_draw(hands: dict[int, str], **position: Any) -> Any:
    state = middle(hands, ANN, discard="12St", stock="12Cr", **position)
    state.apply(DRAW)
    return state


def test_nobody_down_means_no_hurry_to_shed_points() -> None:
    state = after_draw({ANN: ANN_HAND})
    assert round_risk(read_seat(state.observation(ANN)), state.observation(ANN)) == 0.0
    assert both(state)[1] != "discard 13Mo"


def test_the_risk_of_a_point_grows_with_the_gap_and_the_players_near_going_out() -> None:
    # Ben is down with one card (he goes out before Ann's next turn one
    # time in five); Ann needs one card for her three of a kind: a point
    # costs her the chance that the round ends within 1 + 2 x 1 turns
    state = after_draw({ANN: ANN_HAND, BEN: "10St"}, melds=((BEN, "3Cr 4Cr 5Cr"),))
    observation = state.observation(ANN)
    assert round_risk(read_seat(observation), observation) == pytest.approx(1 - 0.8 ** 3)
    # with a second player down holding four cards
    state = after_draw({ANN: ANN_HAND, BEN: "10St", CAT: "1Su 2St 6Cr 12Mo"},
                       melds=((BEN, "3Cr 4Cr 5Cr"), (CAT, "7Su 7Mo 7St")))
    observation = state.observation(ANN)
    assert round_risk(read_seat(observation), observation) == pytest.approx(
        1 - (0.8 * 0.98) ** 3)


def test_sheds_a_king_of_a_pair_when_a_player_may_go_out_at_once() -> None:
    # Ben is down with one card: the round may end before Ann's next turn,
    # so the king of her pair of kings is worth more out of her hand
    state = after_draw({ANN: ANN_HAND, BEN: "10St"}, melds=((BEN, "3Cr 4Cr 5Cr"),))
    assert both(state) == ("discard 6Mo", "discard 13Mo")


def test_takes_the_up_card_only_when_it_beats_a_draw() -> None:
    # the up-card 9Mo makes Ann's three nines: taken by both players
    state = middle({ANN: ANN_HAND}, ANN, discard="9Mo", stock="5Cr")
    assert both(state) == (state.action_to_str(TAKE), state.action_to_str(TAKE))
    # 3St helps nothing: both draw
    state = middle({ANN: ANN_HAND}, ANN, discard="3St", stock="5Cr")
    assert both(state) == (state.action_to_str(DRAW), state.action_to_str(DRAW))


def test_is_the_hard_level_of_progress_rummy() -> None:
    player = hard(seed=1).player("progress-rummy")
    assert isinstance(player, RummyLookaheadAgent)


OPTION_SETS = [
    {"players": 2},
    {"players": 3, "rediscard": "allowed", "extra_melds": "none"},
    {"players": 5, "sequence_wraparound": True, "same_turn_layoff": False},
    {"players": 4, "min_natural_cards": 1, "group_duplicate_signs": False,
     "owner_may_swap": True, "stock_exhaustion": "end_round"},
]


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda options: str(options["players"]))
def test_plays_whole_matches_legally(options: dict[str, Any]) -> None:
    game = parlour.make("progress-rummy", max_turns=24, **options)
    state = game.new_state(seed=3)
    hard_player, easy = RummyLookaheadAgent(seed=1), HeuristicAgent(seed=2)
    rng = random.Random(0)
    moves = 0
    down_moves = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply(rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0])
            continue
        player = hard_player if state.current_player() == 0 else easy
        if player is hard_player and state.observation(0)["players"][0]["down"]:
            down_moves += 1
        action = choose_action(player, state)
        assert action in state.legal_actions()
        state.apply(action)
        moves += 1
    assert len(state.hand_results()) == 5
    assert sorted(state.returns()) != [0.0] * game.num_players
    assert moves > 50
    assert down_moves > 0  # the lookahead played once down as well


def test_a_sample_of_draws_is_seeded_and_bounded() -> None:
    with pytest.raises(ValueError, match=r"^draws must be at least 1, not 0$"):
        RummyLookaheadAgent(seed=1, draws=0)
    state = after_draw({ANN: ANN_HAND, BEN: "10St"}, melds=((BEN, "3Cr 4Cr 5Cr"),))
    observation, legal = state.observation(ANN), state.legal_actions()
    one = [RummyLookaheadAgent(seed=4, draws=3).choose(observation, legal) for _ in range(2)]
    assert one[0] == one[1] and one[0] in legal
    # every unseen face considered: the level's own choice
    assert RummyLookaheadAgent(seed=4).choose(observation, legal) == lookahead_action(
        observation, legal, random.Random(0))
