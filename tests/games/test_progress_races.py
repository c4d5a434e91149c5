"""Progress Races: the worked examples of ``rules/progress.md`` §7.3 (RC-1 …
RC-4) with the option variants they name, the RACES invariants of §8 under
random play (hypothesis), the movement options, the signal, the dealer
rule, replay, and clear errors.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from parlour.errors import IllegalAction, OptionError, ParseError
from parlour.games.progress_races import (
    DOWN,
    OVER,
    PLAYING,
    READY,
    UP,
    Chooser,
    Event,
    RaceHandState,
    RaceTable,
    event_options,
    replay,
    run_event,
    tables_for,
)


def random_chooser(seed: int) -> Chooser:
    rng = random.Random(seed)

    def choose(hand: RaceHandState, player: int) -> int:
        return rng.choice(hand.legal_actions())

    return choose


def finish_round(event: Event, scores: dict[int, int]) -> None:
    """End the round with the given hand scores (players not named score 0),
    as if the hands had been played: the event's own end of round, with
    every table's hand result replaced."""
    for table, hand in enumerate(event.hands):
        hand.stop()
        hand.results[-1] = [scores.get(player, 0) for player in event.seating[table]]
    event.signal()


def names_of(event: Event, labels: Sequence[str]) -> list[list[str]]:
    return [[labels[player] for player in row] for row in event.seating]


# ---------------------------------------------------------------------------
# RC-1: the opening at a table

RC1_HANDS = [
    "1Cr 2Cr 3Cr 4Cr 5Cr 6Cr 8Cr 9Cr",       # Ann: no 7
    "7Su 1Su 2Su 3Su 4Su 5Su 6Su 8Su",       # Ben: 7Su
    "7Mo 1Mo 2Mo 3Mo 4Mo 5Mo 6Mo 8Mo",       # Cat: 7Mo
    "7St 1St 2St 3St 4St 5St 6St 8St",       # Dan (the dealer): 7St
]


def test_rc_1_the_dealers_left_is_asked_first() -> None:
    state = RaceTable(players=4).new_state(seed=1, deal={"dealer": 3, "hands": RC1_HANDS})
    assert state.current_player() == 1
    assert [state.action_to_str(action) for action in state.legal_actions()] == ["7Su"]
    assert state.observation(1)["players"][0]["flags"] == ["no 7"]


def test_rc_1_opener_dealer_asks_the_dealer_first() -> None:
    state = RaceTable(players=4, opener="dealer").new_state(
        seed=1, deal={"dealer": 3, "hands": RC1_HANDS})
    assert state.current_player() == 3
    assert [state.action_to_str(action) for action in state.legal_actions()] == ["7St"]


def test_rc_1_nobody_holds_a_seven_the_dealer_plays_any_card() -> None:
    hands = ["1Cr 2Cr 3Cr 4Cr 5Cr 6Cr 8Cr 9Cr", "1Su 2Su 3Su 4Su 5Su 6Su 8Su 9Su",
             "1Mo 2Mo 3Mo 4Mo 5Mo 6Mo 8Mo 9Mo", "1St 2St 3St 4St 5St 6St 8St 9St"]
    state = RaceTable(players=4).new_state(seed=1, deal={"dealer": 3, "hands": hands})
    assert state.current_player() == 3
    assert len(state.legal_actions()) == 8


# ---------------------------------------------------------------------------
# RC-2 and RC-3: moving

RC2 = ["U1", "D1", "U2", "D2", "U3", "D3", "U4", "D4"]


def test_rc_2_moving_two_tables() -> None:
    event = Event(1, {"tables": 2}, seating=[[0, 1, 2, 3], [4, 5, 6, 7]])
    event.start_round()
    scores = {0: 0, 1: 12, 2: 30, 3: 7, 4: 18, 5: 0, 6: 5, 7: 22}
    finish_round(event, scores)
    assert names_of(event, RC2) == [["U4", "D3", "U2", "D1"], ["U3", "D4", "U1", "D2"]]
    moved = {RC2[move.player]: (move.from_table + 1, move.to_table + 1)
             for move in event.moves[-1]}
    assert moved == {"U1": (1, 2), "D2": (1, 2), "U4": (2, 1), "D3": (2, 1)}
    event.start_round()
    dealers = [RC2[event.seating[table][hand.dealer]] for table, hand in enumerate(event.hands)]
    assert dealers == ["U2", "D4"]


RC3 = ["A1", "B1", "A2", "B2", "A3", "B3", "A4", "B4", "A5", "B5", "A6", "B6"]


def test_rc_3_moving_three_tables() -> None:
    event = Event(1, {"tables": 3}, seating=[[0, 1, 2, 3], [4, 5, 6, 7], [8, 9, 10, 11]])
    event.start_round()
    scores = dict(enumerate([9, 0, 14, 21, 0, 33, 6, 10, 25, 8, 0, 17]))
    finish_round(event, scores)
    assert names_of(event, RC3) == [
        ["A3", "B2", "A2", "B5"], ["A6", "B1", "A4", "B3"], ["A5", "B6", "A1", "B4"],
    ]
    event.start_round()
    dealers = [RC3[event.seating[table][hand.dealer]] for table, hand in enumerate(event.hands)]
    assert dealers == ["B2", "B3", "A5"]


def test_rc_2_movers_losers_sends_the_higher_scores() -> None:
    event = Event(1, {"tables": 2, "movers": "losers"}, seating=[[0, 1, 2, 3], [4, 5, 6, 7]])
    event.start_round()
    finish_round(event, {0: 0, 1: 12, 2: 30, 3: 7, 4: 18, 5: 0, 6: 5, 7: 22})
    # table 1: U2 (30) up to table 2, D1 (12) down to table 2, D2 stays and shifts;
    # table 2: U3 (18) up to table 1, D4 (22) down to table 1, D3 shifts
    assert names_of(event, RC2) == [["U1", "D2", "U3", "D4"], ["U2", "D1", "U4", "D3"]]


def test_rc_2_stayer_shift_false_keeps_the_staying_down_player_in_his_seat() -> None:
    event = Event(1, {"tables": 2, "stayer_shift": False},
                  seating=[[0, 1, 2, 3], [4, 5, 6, 7]])
    event.start_round()
    finish_round(event, {0: 0, 1: 12, 2: 30, 3: 7, 4: 18, 5: 0, 6: 5, 7: 22})
    assert names_of(event, RC2) == [["U4", "D1", "U2", "D3"], ["U3", "D2", "U1", "D4"]]


def test_movement_basis_cumulative_compares_running_totals() -> None:
    event = Event(1, {"tables": 2, "movement_basis": "cumulative"},
                  seating=[[0, 1, 2, 3], [4, 5, 6, 7]])
    event.start_round()
    finish_round(event, {0: 10, 1: 10, 2: 20, 3: 20, 4: 10, 5: 10, 6: 20, 7: 20})
    # round 1: the totals are the round's scores: U1, D1, U3 and D3 move
    assert names_of(event, RC2) == [["U3", "D2", "U2", "D3"], ["U1", "D4", "U4", "D1"]]
    event.start_round()
    # round 2 at table 1: U2 scores 0 (total 20), U3 5 (total 15); the
    # running totals send U3, where this round's scores would send U2
    finish_round(event, {2: 0, 4: 5})
    moved = {RC2[move.player] for move in event.moves[-1]}
    assert "U3" in moved and "U2" not in moved


def test_one_table_only_the_down_players_change_seats() -> None:
    event = Event(3, {"tables": 1}, seating=[[0, 1, 2, 3]])
    event.start_round()
    finish_round(event, {0: 5, 1: 3, 2: 8, 3: 9})
    assert event.seating == [[0, 3, 2, 1]]


def test_ties_in_a_pair_go_to_the_lower_running_total() -> None:
    event = Event(1, {"tables": 2}, seating=[[0, 1, 2, 3], [4, 5, 6, 7]])
    event.start_round()
    finish_round(event, {0: 0, 2: 10, 1: 4, 3: 4, 4: 1, 6: 2, 5: 3, 7: 6})
    event.start_round()
    # round 2 at table 1: the Up players tie on 7 (totals differ)
    table = event.seating[0]
    up = [table[0], table[2]]
    scores = {up[0]: 7, up[1]: 7}
    lower = min(up, key=lambda player: event.totals[player])
    finish_round(event, scores)
    assert event.seat_of(lower)[0] == 1


def test_a_full_tie_in_a_pair_is_cut_deterministically() -> None:
    first = Event(11, {"tables": 2}, seating=[[0, 1, 2, 3], [4, 5, 6, 7]])
    second = Event(11, {"tables": 2}, seating=[[0, 1, 2, 3], [4, 5, 6, 7]])
    for event in (first, second):
        event.start_round()
        finish_round(event, {})
    assert first.seating == second.seating
    for row in first.seating:
        assert [first.role[player] for player in row] == [UP, DOWN, UP, DOWN]


# ---------------------------------------------------------------------------
# RC-4: the winner

def test_rc_4_ties_go_to_the_most_hands_won_then_share() -> None:
    event = Event(1, {"tables": 2, "rounds": 1})
    event.start_round()
    event.signal()
    x, y, z = 0, 1, 2
    event.totals = [61, 61, 75, 80, 90, 99, 100, 120]
    event.hands_won = [4, 2, 0, 0, 0, 0, 0, 0]
    assert event.winners() == [x]
    assert [line["player"] for line in event.standings()[:3]] == [x, y, z]
    assert [line["place"] for line in event.standings()[:3]] == [1, 2, 3]
    event.hands_won = [2, 2, 0, 0, 0, 0, 0, 0]
    assert event.winners() == [x, y]
    assert [line["place"] for line in event.standings()[:3]] == [1, 1, 3]


def test_role_prizes_name_the_best_up_and_down_players() -> None:
    event = Event(1, {"tables": 2, "rounds": 1, "role_prizes": True},
                  seating=[[0, 1, 2, 3], [4, 5, 6, 7]])
    event.start_round()
    event.signal()
    event.totals = [30, 40, 20, 50, 60, 10, 70, 80]
    assert event.role_winners() == {UP: [2], DOWN: [5]}
    assert event.view()["role_winners"] == {UP: [2], DOWN: [5]}
    assert Event(1, {"rounds": 1}).role_winners() == {}


# ---------------------------------------------------------------------------
# the round: dealers, scores, the signal

def test_round_one_cuts_and_later_rounds_follow_the_highest_score() -> None:
    event = Event(5, {"tables": 2})
    event.start_round()
    for hand in event.hands:
        assert hand.public_log()[0].endswith("cuts highest and deals first")
    finish_round(event, {player: player for player in range(8)})
    event.start_round()
    for table, hand in enumerate(event.hands):
        previous = event.round_scores[-1]
        best = max(previous[player] for player in event.seating[table])
        assert previous[event.seating[table][hand.dealer]] == best


def test_scores_add_to_running_totals_and_the_table_shows_them() -> None:
    event = Event(5, {"tables": 2, "rounds": 3})
    run_event(event, random_chooser(2))
    assert event.phase == OVER and event.round == 3
    assert len(event.round_scores) == 3 and len(event.moves) == 2
    for player in range(8):
        assert event.totals[player] == sum(row[player] for row in event.round_scores)
    assert sum(event.hands_won) <= 3 * 2


def test_a_hand_scores_cards_left_and_zero_for_going_out() -> None:
    event = Event(5, {"tables": 1, "rounds": 1})
    run_event(event, random_chooser(3))
    hand = event.hands[0]
    values = hand.game.values
    for seat in range(4):
        left = sum(values[card] for card in range(len(values)) if hand.hands[seat] >> card & 1)
        assert event.round_scores[0][event.seating[0][seat]] == left
    out = hand.went_out()
    if out is not None:
        assert event.hands_won[event.seating[0][out]] == 1
        assert event.round_scores[0][event.seating[0][out]] == 0


def test_head_table_signal_stops_the_other_tables() -> None:
    event = Event(7, {"tables": 3, "rounds": 2, "signal": "head_table"})
    rounds: list[list[str]] = []
    run_event(event, random_chooser(4),
              after_round=lambda ev: rounds.append([ev.table_status(t) for t in range(3)]))
    assert event.phase == OVER
    # table 1's hand ended by itself; the others stopped unless they had
    # finished first in the lockstep
    final = [hand for hand in event.hands]
    assert not final[0].stopped
    assert any(hand.stopped for hand in final[1:]) or all(
        hand.is_terminal() for hand in final)


def test_a_stopped_table_logs_the_signal() -> None:
    event = Event(7, {"tables": 2})
    event.start_round()
    event.signal()
    for hand in event.hands:
        assert hand.stopped
        assert "the signal: play stops and the cards in hand score" in hand.public_log()
    assert event.phase == READY and event.round == 1


def test_the_last_round_ends_by_itself_when_every_table_has_finished() -> None:
    event = Event(9, {"tables": 2, "rounds": 1})
    event.start_round()
    choose = random_chooser(5)
    while event.phase == PLAYING:
        for table in range(2):
            player = event.to_move(table)
            if player is not None:
                event.play(player, choose(event.hands[table], player))
    assert event.phase == OVER
    assert ["signal"] not in event.steps
    assert event.winners()


def test_follow_sign_same_keeps_the_first_card_to_the_top_sign() -> None:
    game = RaceTable(players=4, follow_sign="same")
    state = game.new_state(seed=1, deal={
        "dealer": 0, "hands": ["8Su 6Cr 1Mo", "9St", "9Mo", "9Cr"], "pile": ["7Cr"],
        "to_move": 0,
    })
    assert [state.action_to_str(action) for action in state.legal_actions()] == ["6Cr"]
    with pytest.raises(IllegalAction, match=r"^you must keep to the top card's sign "
                       r"\(follow_sign is same\): 8Su is not a Crown$"):
        state.apply(state.parse_action("8Su"))
    any_sign = RaceTable(players=4).new_state(seed=1, deal={
        "dealer": 0, "hands": ["8Su 6Cr 1Mo", "9St", "9Mo", "9Cr"], "pile": ["7Cr"],
        "to_move": 0,
    })
    assert sorted(any_sign.action_to_str(a) for a in any_sign.legal_actions()) == ["6Cr", "8Su"]


def test_a_race_hand_plays_one_hand_and_its_winners_are_the_lowest_hand_score() -> None:
    event = Event(4, {"tables": 1, "rounds": 1})
    run_event(event, random_chooser(1))
    hand = event.hands[0]
    assert hand.is_terminal() and len(hand.results) == 1
    scores = hand.hand_scores()
    winners = [seat for seat in range(4) if scores[seat] == min(scores)]
    assert hand.winners() == winners
    assert sum(hand.returns()) == pytest.approx(0.0)


# ---------------------------------------------------------------------------
# invariants (§8 RACES) under random play

@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 2**32), tables=st.integers(1, 4), rounds=st.integers(1, 4),
       signal=st.sampled_from(["all_tables", "head_table"]),
       movers=st.sampled_from(["winners", "losers"]),
       basis=st.sampled_from(["round", "cumulative"]), shift=st.booleans())
def test_every_round_keeps_two_of_each_role_at_every_table(
    seed: int, tables: int, rounds: int, signal: str, movers: str, basis: str, shift: bool,
) -> None:
    event = Event(seed, {"tables": tables, "rounds": rounds, "signal": signal,
                         "movers": movers, "movement_basis": basis, "stayer_shift": shift})
    roles = list(event.role)

    def check(ev: Event) -> None:
        seated = sorted(player for row in ev.seating for player in row)
        assert seated == list(range(4 * tables)), "nobody lost or duplicated"
        for row in ev.seating:
            assert [ev.role[player] for player in row] == [UP, DOWN, UP, DOWN]
        assert ev.role == roles
        for player in range(4 * tables):
            assert ev.totals[player] == sum(row[player] for row in ev.round_scores)
            assert ev.totals[player] >= 0
        if ev.moves and ev.phase != OVER:
            assert len(ev.moves[-1]) == 2 * tables
            for move in ev.moves[-1]:
                step = -1 if move.role == UP else 1
                assert move.to_table == (move.from_table + step) % tables

    run_event(event, random_chooser(seed), after_round=check)
    assert event.phase == OVER and len(event.round_scores) == rounds
    assert event.winners()
    again = replay(seed, event.options, event.steps, event.first)
    assert again.totals == event.totals and again.seating == event.seating


# ---------------------------------------------------------------------------
# replay and errors

def test_replay_rebuilds_a_host_driven_event() -> None:
    event = Event(21, {"tables": 2, "rounds": 2})
    event.start_round()
    choose = random_chooser(8)
    for _ in range(30):
        player = event.to_move(0)
        if player is None:
            break
        event.play(player, choose(event.hands[0], player))
    event.signal()
    again = replay(21, {"tables": 2, "rounds": 2}, event.steps, event.first)
    assert again.view() == event.view()


def test_replay_names_the_first_bad_step() -> None:
    with pytest.raises(ParseError, match=r"^step 2 does not apply: round 2 has not started$"):
        replay(1, {}, [["start"], ["signal"], ["play", 0, 0]])
    with pytest.raises(ParseError, match=r"^step 0 does not apply: unknown step \['deal'\]$"):
        replay(1, {}, [["deal"]])


def test_players_must_be_a_multiple_of_four() -> None:
    assert tables_for(16) == 4
    assert event_options({"players": 8})["tables"] == 2
    with pytest.raises(OptionError, match=r"^Progress Races seats exactly four players at every "
                       r"table, two Up and two Down: 18 players cannot be seated; play with 16 "
                       r"or 20$"):
        tables_for(18)
    with pytest.raises(OptionError, match="at least 4 players"):
        tables_for(2)
    with pytest.raises(OptionError, match="12 players make 3 tables, not 2"):
        event_options({"players": 12, "tables": 2})
    with pytest.raises(OptionError, match="signal"):
        Event(1, {"signal": "bell"})


def test_moves_out_of_turn_or_out_of_round_are_refused() -> None:
    event = Event(2, {"tables": 2}, names=[f"N{index}" for index in range(8)])
    with pytest.raises(IllegalAction, match=r"^round 1 has not started$"):
        event.play(0, 0)
    with pytest.raises(IllegalAction, match="start the round first"):
        event.signal()
    event.start_round()
    with pytest.raises(IllegalAction, match="is being played"):
        event.start_round()
    table, _ = event.seat_of(0)
    mover = event.to_move(table)
    assert mover is not None
    other = next(player for player in event.seating[table] if player != mover)
    with pytest.raises(IllegalAction, match=rf"^it is N{mover}'s turn at table {table + 1}, "
                       r"not yours$"):
        event.play(other, event.hands[table].legal_actions()[0])
    with pytest.raises(IllegalAction, match="there is no player 8"):
        event.seat_of(8)
    steps = list(event.steps)
    with pytest.raises(IllegalAction):
        event.play(mover, 55)  # stop, never legal at the start of a turn
    assert event.steps == steps


def test_a_given_seating_is_checked() -> None:
    with pytest.raises(OptionError, match="exactly once"):
        Event(1, {"tables": 1}, seating=[[0, 1, 2, 2]])
    with pytest.raises(OptionError, match="2 tables of four"):
        Event(1, {"tables": 2}, seating=[[0, 1, 2, 3]])


def test_the_views_are_json_and_hide_other_hands() -> None:
    import json

    event = Event(3, {"tables": 2})
    assert event.observation(0)["observation"] is None
    event.start_round()
    view = event.view()
    json.dumps(view)
    assert view["phase"] == PLAYING and view["round"] == 1
    assert [len(table["seats"]) for table in view["tables"]] == [4, 4]
    table, seat = event.seat_of(0)
    seen = event.observation(0)
    json.dumps(seen)
    assert seen["table"] == table + 1 and seen["seat"] == seat
    inner = seen["observation"]
    assert inner["hand"] and inner["players"][seat]["name"] == "Player 1"
    assert inner["seat"] == seat
