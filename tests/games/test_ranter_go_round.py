"""Ranter Go Round: the worked examples of ``rules/ranter_go_round.md`` §10
(R1-R13, each a test with its exact outcome), the §11 invariants under
random play (hypothesis), what each seat knows, options and presets, the
exact error messages, and the command line.

The examples' players are seats: Ann 0, Ben 1, Cat 2, Dan 3, Eve 4.
"""

from __future__ import annotations

import io
import random
import re
import sys
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import parlour
from parlour.cards import FRENCH_52
from parlour.errors import IllegalAction, OptionError, ParseError
from parlour.games.ranter_go_round import (
    KINGS,
    LOW_CARDS,
    PHASE_PLAY,
    PHASE_STOCK,
    PHASE_TIE_CUT,
    PRESETS,
    Dealt,
    Exchanged,
    KingsDealt,
    LifeLost,
    PlayOff,
    RanterState,
    Showdown,
    ShowedKing,
    Stood,
    first_dealer_odds,
)
from support import random_action

ANN, BEN, CAT, DAN, EVE = range(5)
NAME = "ranter-go-round"


def position(hands: list[str], dealer: int, *, stock: list[str] | None = None,
             cut: int | None = None, lives_left: list[int] | None = None,
             **options: Any) -> RanterState:
    """The first hand of a game dealt as written: one card per seat ("" for a
    seat that is out), the dealer, the stock's top cards, the cut and the
    lives each seat has left."""
    game = parlour.make(NAME, players=len(hands), **options)
    deal: dict[str, Any] = {"dealer": dealer,
                            "hands": [[card] if card else [] for card in hands]}
    if stock is not None:
        deal["stock"] = stock
    if cut is not None:
        deal["cut"] = cut
    if lives_left is not None:
        deal["lives"] = lives_left
    state = game.new_state(seed=1, deal=deal)
    assert isinstance(state, RanterState)
    return state


def play(state: RanterState, *moves: tuple[int, str]) -> None:
    """Apply each (seat, word), checking that the seat is the one to move."""
    for seat, word in moves:
        assert state.current_player() == seat, (
            f"P{state.current_player()} is to move, not P{seat} ({word})")
        state.apply(state.parse_action(word))


def hand_log(state: RanterState) -> list[str]:
    """The public log of the hand that has just ended."""
    observation = state.public_observation()
    start = observation["hand_log_start"]
    log: list[str] = observation["log"]
    return log[start:] if state.is_terminal() else log[:start]


def cards_seen(state: RanterState, seat: int | None) -> list[str | None]:
    """The card that ``seat`` (``None``: a spectator) knows at each seat."""
    observation = state.public_observation() if seat is None else state.observation(seat)
    return [player["card"] for player in observation["players"]]


def lives(state: RanterState) -> list[int]:
    return [player["lives"] for player in state.public_observation()["players"]]


# --- R1-R13: the worked examples ------------------------------------------------


def test_r1_a_king_blocks() -> None:
    state = position(["3C", "9D", "KS", "6H", "8C"], EVE, stock=["4D"], cut=0)
    play(state, (ANN, "exchange"))
    assert cards_seen(state, ANN) == ["9D", "3C", None, None, None]
    assert cards_seen(state, BEN) == ["9D", "3C", None, None, None]
    assert cards_seen(state, CAT) == [None, None, "KS", None, None]
    assert cards_seen(state, None) == [None, None, None, None, None]
    play(state, (BEN, "exchange"), (DAN, "exchange"), (EVE, "stand"))
    assert hand_log(state) == [
        "P4 deals hand 1",
        "P0 exchanges with P1",
        "P1 asks P2, who shows KS (Bo!) and refuses",
        "P3 exchanges with P4",
        "P4 stands",
        "showdown: P0 9D, P1 3C, P2 KS, P3 8C, P4 6H",
        "P1 loses a life: 2 left",
    ]
    assert state.hand_results() == [[0, 1, 0, 0, 0]]
    assert state.scores() == [0, 1, 0, 0, 0]
    assert lives(state) == [3, 2, 3, 3, 3]
    observation = state.public_observation()
    assert (observation["hand_number"], observation["dealer"], observation["pot"]) == (2, ANN, 1)


@pytest.mark.parametrize(("tie_rule", "losses"), [
    ("all_lowest", [0, 1, 0, 0, 1]),
    ("last_revealed", [0, 0, 0, 0, 1]),
])
def test_r2_a_tie_including_the_dealers_cut(tie_rule: str, losses: list[int]) -> None:
    state = position(["2S", "7H", "KD", "5C", "4H"], EVE, stock=["2D"], cut=0,
                     tie_rule=tie_rule)
    play(state, (ANN, "exchange"), (BEN, "exchange"), (DAN, "stand"), (EVE, "exchange"))
    assert hand_log(state)[1:6] == [
        "P0 exchanges with P1",
        "P1 asks P2, who shows KD (Bo!) and refuses",
        "P3 stands",
        "P4 cuts the stock",
        "showdown: P0 7H, P1 2S, P2 KD, P3 5C, P4 2D",
    ]
    assert state.hand_results() == [losses]


@pytest.mark.parametrize(("options", "cut", "lines", "losses"), [
    ({}, 1, ["P3 cuts the stock", "showdown: P0 6C, P1 3H, P2 KC, P3 KH",
             "P1 loses a life: 2 left"], [0, 1, 0, 0]),
    ({"dealer_cuts_king": "keep_original"}, 1, [
        "P3 cuts the stock", "P3 gets KH: it is shown and put back, and P3 keeps his card",
        "showdown: P0 6C, P1 3H, P2 KC, P3 2D", "P3 loses a life: 2 left"], [0, 0, 0, 1]),
    ({"dealer_cuts_king": "dealer_loses"}, 1, [
        "P3 cuts the stock", "P3 gets KH: the hand ends, and only P3 loses a life",
        "P3 loses a life: 2 left"], [0, 0, 0, 1]),
    ({"dealer_exchange": "top"}, None, [
        "P3 takes the top card of the stock", "showdown: P0 6C, P1 3H, P2 KC, P3 7S",
        "P1 loses a life: 2 left"], [0, 1, 0, 0]),
    ({"dealer_exchange": "top", "dealer_cuts_king": "keep_original"}, None, [
        "P3 takes the top card of the stock", "showdown: P0 6C, P1 3H, P2 KC, P3 7S",
        "P1 loses a life: 2 left"], [0, 1, 0, 0]),
    ({"dealer_exchange": "top", "dealer_cuts_king": "dealer_loses"}, None, [
        "P3 takes the top card of the stock", "showdown: P0 6C, P1 3H, P2 KC, P3 7S",
        "P1 loses a life: 2 left"], [0, 1, 0, 0]),
])
def test_r3_the_dealer_cuts_a_king(options: dict[str, str], cut: int | None,
                                   lines: list[str], losses: list[int]) -> None:
    state = position(["6C", "3H", "KC", "2D"], DAN, stock=["7S", "KH"], cut=cut, **options)
    play(state, (ANN, "stand"), (BEN, "exchange"), (DAN, "exchange"))
    assert hand_log(state)[3:] == lines
    assert state.hand_results() == [losses]


def test_r3_the_king_put_back_stays_public() -> None:
    state = position(["6C", "2D"], BEN, stock=["7S", "KH"], cut=1, lives=1,
                     dealer_cuts_king="keep_original")
    play(state, (ANN, "stand"), (BEN, "exchange"))
    assert state.is_terminal() and state.winners() == [ANN]
    public = state.public_observation()
    assert public["zones"] == {"shown": [{"seat": 0, "card": "6C"}, {"seat": 1, "card": "2D"}],
                               "stock": 50, "stock_shown": "KH"}
    assert state.known_elsewhere(ANN) == FRENCH_52.mask(["2D", "KH"])


@pytest.mark.parametrize(("king_rule", "moves", "showdown", "losses"), [
    ("block", [(ANN, "exchange"), (CAT, "exchange"), (DAN, "exchange")],
     "showdown: P0 2C, P1 KH, P2 TD, P3 8H", [1, 0, 0, 0]),
    ("trade", [(ANN, "exchange"), (BEN, "exchange"), (CAT, "exchange"), (DAN, "exchange")],
     "showdown: P0 KH, P1 5S, P2 TD, P3 8H", [0, 1, 0, 0]),
])
def test_r4_block_versus_king_trade(king_rule: str, moves: list[tuple[int, str]],
                                    showdown: str, losses: list[int]) -> None:
    state = position(["2C", "KH", "5S", "TD"], DAN, stock=["8H"], cut=0, king_rule=king_rule)
    play(state, *moves)
    assert showdown in hand_log(state)
    assert state.hand_results() == [losses]


def test_r5_king_stops_the_hand() -> None:
    state = position(["AD", "9C", "4S", "KH", "QD"], EVE, king_rule="stops_hand")
    # the hand is not played: nobody was asked anything
    assert state.history == []
    assert hand_log(state) == [
        "P4 deals hand 1",
        "Kings dealt: P3 KH; the hand is not played",
        "showdown: P0 AD, P1 9C, P2 4S, P3 KH, P4 QD",
        "P0 loses a life: 2 left",
    ]
    assert state.hand_results() == [[1, 0, 0, 0, 0]]


def test_r5_the_same_cards_under_block() -> None:
    state = position(["AD", "9C", "4S", "KH", "QD"], EVE)
    play(state, (ANN, "exchange"), (BEN, "exchange"), (CAT, "exchange"), (EVE, "stand"))
    assert hand_log(state)[1:] == [
        "P0 exchanges with P1",
        "P1 exchanges with P2",
        "P2 asks P3, who shows KH (Bo!) and refuses",
        "P4 stands",
        "showdown: P0 9C, P1 4S, P2 AD, P3 KH, P4 QD",
        "P2 loses a life: 2 left",
    ]


def test_r6_king_stops_play() -> None:
    state = position(["3C", "8D", "KS", "2H", "JC"], EVE, stock=["6D"], cut=0,
                     king_rule="stops_play")
    play(state, (ANN, "exchange"), (BEN, "exchange"))
    assert hand_log(state)[1:] == [
        "P0 exchanges with P1",
        "P1 asks P2, who shows KS (Bo!) and refuses",
        "a King stops play: every card is turned up",
        "showdown: P0 8D, P1 3C, P2 KS, P3 2H, P4 JC",
        "P3 loses a life: 2 left",
    ]


def test_r6_the_same_cards_under_block() -> None:
    state = position(["3C", "8D", "KS", "2H", "JC"], EVE, stock=["6D"], cut=0)
    play(state, (ANN, "exchange"), (BEN, "exchange"), (DAN, "exchange"), (EVE, "exchange"))
    assert "showdown: P0 8D, P1 3C, P2 KS, P3 JC, P4 6D" in hand_log(state)
    assert state.hand_results() == [[0, 1, 0, 0, 0]]


def test_r6_a_king_shown_on_its_own_turn_stops_play_too() -> None:
    state = position(["3C", "8D", "KS", "2H", "JC"], EVE, king_rule="stops_play")
    play(state, (ANN, "stand"), (BEN, "stand"))
    assert hand_log(state)[3:5] == ["P2 shows KS (Bo!) and stands",
                                    "a King stops play: every card is turned up"]
    assert state.hand_results() == [[0, 0, 0, 1, 0]]


def test_r7a_a_king_on_its_holders_own_turn() -> None:
    state = position(["KD", "3S", "4C"], CAT, stock=["QH"], cut=0)
    assert state.public_observation()["log"] == ["P2 deals hand 1",
                                                 "P0 shows KD (Bo!) and stands"]
    assert cards_seen(state, None) == ["KD", None, None]
    play(state, (BEN, "exchange"), (CAT, "exchange"))
    assert "showdown: P0 KD, P1 4C, P2 QH" in hand_log(state)
    assert state.hand_results() == [[0, 1, 0]]


def test_r7b_a_king_holding_dealer_loses_his_stock_exchange() -> None:
    state = position(["4D", "6S", "KH"], CAT)
    play(state, (ANN, "stand"), (BEN, "exchange"))
    assert hand_log(state)[1:] == [
        "P0 stands",
        "P1 asks P2, who shows KH (Bo!) and refuses",
        "showdown: P0 4D, P1 6S, P2 KH",
        "P0 loses a life: 2 left",
    ]


@pytest.mark.parametrize("announce", ["off", "passer", "both"])
def test_r8_announcing_low_cards(announce: str) -> None:
    state = position(["2H", "JS", "7D", "3C"], DAN, stock=["9H"], cut=0,
                     announce_low_cards=announce)
    play(state, (ANN, "exchange"))
    public = [None, "2H", None, None] if announce != "off" else [None] * 4
    assert cards_seen(state, None) == public
    assert cards_seen(state, CAT) == [None, public[1], "7D", None]
    play(state, (BEN, "exchange"), (CAT, "exchange"))
    shown = {"off": [None] * 4, "passer": [None, None, None, "2H"],
             "both": [None, None, "3C", "2H"]}[announce]
    assert cards_seen(state, None) == shown
    # Ann and Ben followed 2H round the table through the public exchanges;
    # only under "both" do they learn that Cat holds 3C
    cat = "3C" if announce == "both" else None
    assert cards_seen(state, ANN) == ["JS", None, cat, "2H"]
    assert cards_seen(state, BEN) == ["JS", "7D", cat, "2H"]
    announced = [line for line in state.public_observation()["log"] if "announced" in line]
    assert announced == {
        "off": [],
        "passer": ["P1 has 2H, the pig's toe (announced)",
                   "P2 has 2H, the pig's toe (announced)",
                   "P3 has 2H, the pig's toe (announced)"],
        "both": ["P1 has 2H, the pig's toe (announced)",
                 "P2 has 2H, the pig's toe (announced)",
                 "P3 has 2H, the pig's toe (announced)",
                 "P2 has 3C, the tailor's yard (announced)"],
    }[announce]
    play(state, (DAN, "exchange"))
    assert "showdown: P0 JS, P1 7D, P2 3C, P3 9H" in hand_log(state)
    assert state.hand_results() == [[0, 0, 1, 0]]


@pytest.mark.parametrize(("tie_rule", "losses"), [
    ("all_lowest", [1, 0, 1, 0, 0]),
    ("last_revealed", [0, 0, 1, 0, 0]),
])
def test_r9_tie_rule(tie_rule: str, losses: list[int]) -> None:
    state = position(["4S", "QH", "4D", "7C", "9S"], EVE, tie_rule=tie_rule)
    play(state, *((seat, "stand") for seat in range(5)))
    assert state.hand_results() == [losses]


def test_r10_a_three_way_tie_elimination_and_the_next_dealer() -> None:
    state = position(["5H", "2D", "5S", "9C"], CAT, stock=["5D"], cut=0, lives_left=[1, 2, 1, 3])
    assert state.public_observation()["pot"] == 5
    play(state, (DAN, "stand"), (ANN, "stand"), (BEN, "exchange"), (CAT, "exchange"))
    assert hand_log(state)[5:] == [
        "showdown: P3 9C, P0 5H, P1 5S, P2 5D",
        "P0 loses his last life and is out",
        "P1 loses a life: 1 left",
        "P2 loses his last life and is out",
    ]
    assert lives(state) == [0, 1, 0, 3]
    observation = state.public_observation()
    assert observation["pot"] == 8
    assert observation["dealer"] == DAN
    assert [player["flags"] for player in observation["players"]][:3] == [
        ["out"], ["elder"], ["out"]]
    assert [player["cards"] for player in observation["players"]] == [0, 1, 0, 1]


def r11(final_tie: str) -> RanterState:
    state = position(["5C", "3D"], BEN, stock=["5H"], cut=0, lives=1, final_tie=final_tie)
    play(state, (ANN, "stand"), (BEN, "exchange"))
    return state


def test_r11_split_makes_joint_winners() -> None:
    state = r11("split")
    assert state.is_terminal()
    assert hand_log(state)[3:] == [
        "showdown: P0 5C, P1 5H",
        "P0 loses his last life and is out",
        "P1 loses his last life and is out",
        "nobody is left: P0 and P1 are joint winners and share the pot of 2",
    ]
    assert state.winners() == [ANN, BEN]
    assert state.returns() == [0.0, 0.0]
    assert state.public_observation()["places"] == [1, 1]


def test_r11_split_among_three_of_five() -> None:
    state = position(["5C", "5D", "5H", "", ""], CAT, lives_left=[1, 1, 1, 0, 0], final_tie="split")
    play(state, (ANN, "stand"), (BEN, "stand"), (CAT, "stand"))
    assert state.winners() == [ANN, BEN, CAT]
    assert state.returns() == [2 / 3, 2 / 3, 2 / 3, -1.0, -1.0]


def test_r11_playoff_gives_each_a_life_back() -> None:
    state = r11("playoff")
    assert not state.is_terminal()
    assert hand_log(state)[-1] == "nobody is left: P0 and P1 each get one life back and play off"
    assert lives(state) == [1, 1]
    assert state.hand_results() == [[0, 0]]
    observation = state.public_observation()
    assert observation["dealer"] == ANN
    assert [player["flags"][:1] for player in observation["players"]] == [["dealer"], ["elder"]]


def r11_cut(*cuts: str) -> RanterState:
    """R11 under final_tie=cut with explicit chance: Ben deals, the stock
    yields 5H, then the tied players cut ``cuts`` in turn."""
    game = parlour.make(NAME, players=2, lives=1, final_tie="cut")
    state = game.new_state(seed=0, explicit_chance=True)
    assert isinstance(state, RanterState)
    for text in ("P1 deals first", "deal 5C", "deal 3D"):
        state.apply(state.parse_action(text))
    play(state, (ANN, "stand"), (BEN, "exchange"))
    assert state.chance_outcomes()[0] == (2, 1 / 50)
    for text in ("cut 5H", *cuts):
        state.apply(state.parse_action(text))
    return state


def test_r11_cut_the_highest_rank_wins() -> None:
    state = r11_cut("cut 9S", "cut JD")
    assert state.is_terminal()
    assert hand_log(state)[-4:] == [
        "nobody is left: P0 and P1 cut for the pot, highest rank wins",
        "P0 cuts 9S",
        "P1 cuts JD",
        "P1 wins the pot of 2",
    ]
    assert state.winners() == [BEN]
    assert state.returns() == [-1.0, 1.0]
    assert state.card_locations()["pack"] == FRENCH_52.full_mask


def test_r11_cut_equal_ranks_cut_again() -> None:
    state = r11_cut("cut 9S", "cut 9D")
    assert not state.is_terminal()
    assert state.public_observation()["log"][-1] == "P0 and P1 tie for highest and cut again"
    assert [action for action, _ in state.chance_outcomes()] == list(range(2, 54))
    for text in ("cut 2C", "cut 3C"):
        state.apply(state.parse_action(text))
    assert state.winners() == [BEN]


def test_r11_carry_over_has_no_winner() -> None:
    state = r11("carry_over")
    assert state.is_terminal()
    assert hand_log(state)[-1] == (
        "nobody is left and nobody wins: the pot of 2 is carried into the next game")
    assert state.winners() == []
    assert state.returns() == [0.0, 0.0]


def test_r11_a_carried_pot_goes_to_the_next_winner() -> None:
    game = parlour.make(NAME, players=2, lives=1)
    state = game.new_state(seed=1, deal={"dealer": 1, "hands": [["5C"], ["3D"]],
                                         "carried_pot": 2})
    assert state.public_observation()["pot"] == 2
    play(state, (ANN, "stand"), (BEN, "stand"))
    assert hand_log(state)[-1] == "P0 wins the pot of 3"


# --- the ante (issue #33) ------------------------------------------------------------
# The seed's "apuesta inicial al bote" (note b): each player puts ``ante``
# counters into the pot when the game starts, and the winners take the pot.
# Sources: English Wikipedia, "Ranter-Go-Round"
# (https://en.wikipedia.org/wiki/Ranter-Go-Round: "all players contribute the
# same amount to a central pot"); pagat.com, "Cuckoo" by John McLeod, read at
# https://gambiter.com/cards/cuckoo/cuckoo.html ("each puts a stake in the
# pot, which will be collected by the overall winner"). Lost lives still go
# into the pot (Phillips & Westall, rules §1.3).


def test_ante_a_game_of_two_for_the_pot() -> None:
    """Ann and Ben, one life each, ante 3: the pot opens at 2 × 3 = 6. Ben
    deals; Ann 5C, Ben 3D; both stand: Ben's 3D is lowest, he pays his life
    (pot 7) and is out. Ann wins the pot of 7; the scores are the lives
    lost, [0, 1], and 6 + 0 + 1 = 7."""
    state = position(["5C", "3D"], BEN, lives=1, ante=3)
    observation = state.public_observation()
    assert observation["pot"] == 6
    assert observation["log"][:2] == ["each player antes 3 into the pot, which holds 6",
                                      "P1 deals hand 1"]
    assert state.observation_tensor(ANN)[-1] == pytest.approx(6 / 2)
    play(state, (ANN, "stand"), (BEN, "stand"))
    assert state.is_terminal()
    assert hand_log(state)[-3:] == ["showdown: P0 5C, P1 3D", "P1 loses his last life and is out",
                                    "P0 wins the pot of 7"]
    assert state.scores() == [0, 1]
    assert state.hand_results() == [[0, 1]]
    assert state.returns() == [1.0, -1.0]
    assert state.public_observation()["pot"] == 7
    assert state.observation_tensor(BEN)[-1] == pytest.approx(7 / 2)


def test_ante_a_position_in_the_middle_of_a_game() -> None:
    """Ann, Ben, Cat, three lives, ante 2: the antes are 3 × 2 = 6. Cat is
    out (3 lives lost), Ann has lost 2 and Ben 1: the pot holds 6 + 6 = 12.
    Ben deals; Ann 4S, Ben 9D; both stand. Ann loses her last life: Ben wins
    the pot of 13, the scores [3, 1, 3] (13 = 6 + 3 + 1 + 3)."""
    state = position(["4S", "9D", ""], BEN, lives_left=[1, 2, 0], ante=2)
    assert state.public_observation()["pot"] == 12
    play(state, (ANN, "stand"), (BEN, "stand"))
    assert hand_log(state)[-1] == "P1 wins the pot of 13"
    assert state.scores() == [3, 1, 3]
    assert state.winners() == [BEN]
    assert state.returns() == [-1.0, 2.0, -1.0]


@pytest.mark.parametrize(("final_tie", "last_line"), [
    ("split", "nobody is left: P0 and P1 are joint winners and share the pot of 6"),
    ("carry_over", "nobody is left and nobody wins: the pot of 6 is carried into the next game"),
])
def test_ante_r11_the_last_two_tie(final_tie: str, last_line: str) -> None:
    """R11 with ante 2: the pot is 2 × 2 antes + 2 lives = 6; split shares it
    (3 each), carry_over takes it, antes included, into the next game."""
    state = position(["5C", "3D"], BEN, stock=["5H"], cut=0, lives=1, final_tie=final_tie,
                     ante=2)
    play(state, (ANN, "stand"), (BEN, "exchange"))
    assert hand_log(state)[-1] == last_line
    assert state.scores() == [1, 1]


def test_ante_a_carried_pot_and_new_antes() -> None:
    """The next game after R11's carry_over: the pot of 6 comes in, and both
    ante 2 again (pagat's "each player adding a new stake"): 10; Ann wins 11."""
    game = parlour.make(NAME, players=2, lives=1, ante=2)
    state = game.new_state(seed=1, deal={"dealer": 1, "hands": [["5C"], ["3D"]],
                                         "carried_pot": 6})
    assert state.public_observation()["log"][0] == (
        "each player antes 2 into the pot, which holds 10")
    play(state, (ANN, "stand"), (BEN, "stand"))
    assert hand_log(state)[-1] == "P0 wins the pot of 11"


def test_ante_in_a_seeded_game_is_logged_before_the_first_deal() -> None:
    state = parlour.make(NAME, players=4, ante=1).new_state(seed=5)
    log = state.public_observation()["log"]
    assert log[1:3] == ["each player antes 1 into the pot, which holds 4",
                        f"P{state.public_observation()['dealer']} deals hand 1"]
    assert "ante" not in " ".join(parlour.make(NAME).new_state(seed=5).public_observation()["log"])


def test_ante_is_listed_in_the_games_options_in_both_languages() -> None:
    """The listing that /api/games serves (and the web form is built from)."""
    from parlour.server.language import localized_game

    for lang, words in (("en", "counters each player puts into the pot at the start; the "
                                "winner takes the pot"),
                        ("es", "fichas que cada jugador pone en el bote al empezar; el ganador "
                               "se lleva el bote")):
        listed = localized_game(parlour.games()[NAME], lang)
        option = next(option for option in listed["options"] if option["name"] == "ante")
        assert (option["default"], option["minimum"], option["maximum"], option["help"]) == (
            0, 0, 100, words)


def test_r12_the_morris_board() -> None:
    game = parlour.make(NAME, players=4, lives=4, life_board="morris")
    seen = []
    for lost in range(4):
        state = game.new_state(seed=1, deal={"dealer": DAN,
                                             "hands": [["KS"], ["JS"], ["TS"], ["AS"]],
                                             "lives": [4, 4, 4, 4 - lost]})
        assert state.public_observation()["players"][DAN]["board"] == [
            "off the board", "outer square", "middle square", "inner square"][lost]
        play(state, (BEN, "stand"), (CAT, "stand"), (DAN, "stand"))
        seen.append(hand_log(state)[-1])
        assert state.public_observation()["players"][DAN]["board"] == [
            "outer square", "middle square", "inner square", "centre"][lost]
    assert seen == [
        "P3 loses a life: 3 left; his counter moves to the outer square",
        "P3 loses a life: 2 left; his counter moves to the middle square",
        "P3 loses a life: 1 left; his counter moves to the inner square",
        "P3 loses his last life and is out; his counter moves to the centre",
    ]


def test_r12_the_morris_board_needs_four_lives() -> None:
    with pytest.raises(OptionError) as caught:
        parlour.make(NAME, lives=3, life_board="morris")
    assert str(caught.value) == (
        "life_board='morris' needs lives=4 (the fourth loss reaches the centre), not lives=3")


def test_r13_limits() -> None:
    state = parlour.make(NAME, players=26, lives=4).new_state(seed=3)
    locations = state.card_locations()
    assert sum(locations[f"hand {seat}"].bit_count() for seat in range(26)) == 26
    assert locations["stock"].bit_count() == 26
    for players in (27, 1):
        with pytest.raises(OptionError) as caught:
            parlour.make(NAME, players=players)
        assert str(caught.value) == (
            f"option 'players' must be an integer from 2 to 26, not {players}")


# --- options and presets ----------------------------------------------------------


def test_the_defaults() -> None:
    assert parlour.make(NAME).options == {
        "players": 6, "lives": 3, "life_board": "counters", "king_rule": "block",
        "dealer_exchange": "cut", "dealer_cuts_king": "take", "tie_rule": "all_lowest",
        "final_tie": "split", "announce_low_cards": "off", "preset": "standard", "ante": 0,
    }


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_a_preset_sets_the_other_options_defaults(preset: str) -> None:
    options = parlour.make(NAME, preset=preset).options
    standard = parlour.make(NAME).options
    assert {key: value for key, value in options.items()
            if value != standard[key] and key != "preset"} == {
        "standard": {},
        "cassell_1881": {"king_rule": "trade", "dealer_exchange": "top",
                         "tie_rule": "last_revealed"},
        "hoffmann_1891": {"lives": 4, "life_board": "morris"},
        "screw_your_neighbor": {"lives": 4},
    }[preset]


def test_an_option_given_explicitly_wins_over_the_preset() -> None:
    options = parlour.make(NAME, preset="cassell_1881", king_rule="block", lives="5").options
    assert (options["king_rule"], options["dealer_exchange"], options["tie_rule"],
            options["lives"]) == ("block", "top", "last_revealed", 5)
    assert parlour.make(NAME, preset="screw_your_neighbor", players=26).options["lives"] == 4
    with pytest.raises(OptionError) as caught:
        parlour.make(NAME, preset="hoffmann_1891", lives=3)
    assert str(caught.value) == (
        "life_board='morris' needs lives=4 (the fourth loss reaches the centre), not lives=3")


@pytest.mark.parametrize(("options", "message"), [
    ({"preset": "parlett"}, "option 'preset' must be one of standard, cassell_1881, "
                            "hoffmann_1891, screw_your_neighbor, not parlett"),
    ({"king_rule": "bo"}, "option 'king_rule' must be one of block, trade, stops_hand, "
                          "stops_play, not bo"),
    ({"lives": 0}, "option 'lives' must be an integer from 1 to 10, not 0"),
    ({"ante": -1}, "option 'ante' must be an integer from 0 to 100, not -1"),
    ({"final_tie": "draw"}, "option 'final_tie' must be one of split, playoff, cut, "
                            "carry_over, not draw"),
])
def test_bad_options_name_the_allowed_values(options: dict[str, object], message: str) -> None:
    with pytest.raises(OptionError) as caught:
        parlour.make(NAME, **options)
    assert str(caught.value) == message


def test_the_first_dealer_is_dealt_the_first_jack() -> None:
    odds = first_dealer_odds(5)
    assert sum(odds) == 1 and odds[0] > odds[1] > odds[2] > odds[3] > odds[4]
    state = parlour.make(NAME, players=5).new_state(seed=0, explicit_chance=True)
    assert state.chance_outcomes() == [(54 + seat, float(odds[seat])) for seat in range(5)]
    assert state.action_to_str(56) == "P2 deals first"
    dealers = {parlour.make(NAME, players=5).new_state(seed=seed).observation(0)["dealer"]
               for seed in range(30)}
    assert dealers == set(range(5))


# --- words and errors -----------------------------------------------------------------


def r1() -> RanterState:
    return position(["3C", "9D", "KS", "6H", "8C"], EVE, stock=["4D"], cut=0)


def test_the_words_of_the_rules_in_any_case() -> None:
    state = r1()
    assert [state.parse_action(text) for text in ("stand", "STICK", " Exchange ", "change")] == [
        0, 0, 1, 1]
    assert [state.action_to_str(action) for action in state.legal_actions()] == [
        "stand", "exchange"]
    play(state, (ANN, "stand"), (BEN, "stand"), (DAN, "stand"))
    assert state.parse_action("Cut") == 1
    play(state, (EVE, "cut"))
    assert "P4 cuts the stock" in hand_log(state)


@pytest.mark.parametrize(("text", "message"), [
    ("9S", "'9S' is a card, and cards are never played in Ranter Go Round; type stand or "
           "exchange"),
    ("k♠", "'k♠' is a card, and cards are never played in Ranter Go Round; type stand or "
           "exchange"),
    ("fold", "'fold' is not a move; type stand (or stick) to keep your card, or exchange (or "
             "change) to swap it"),
    ("", "'' is not a move; type stand (or stick) to keep your card, or exchange (or change) "
         "to swap it"),
    ("cut", "only the dealer cuts the stock; type stand or exchange"),
    ("deal ZZ", "'zz' is not a card of the French 52-card pack; write a code such as JS, TD, "
                "10D or J♠"),
])
def test_bad_words_say_what_is_wrong(text: str, message: str) -> None:
    with pytest.raises(ParseError) as caught:
        r1().parse_action(text)
    assert str(caught.value) == message


def test_illegal_actions_say_why_and_change_nothing() -> None:
    state = r1()
    before = state.public_observation()
    for action, message in [
        (54, "'P0 deals first' is a chance outcome, not a move: P0 must stand or exchange"),
        (2, "'deal 2S' is a chance outcome, not a move: P0 must stand or exchange"),
        (80, "there is no action 80; actions are 0 to 79"),
        (-1, "there is no action -1; actions are 0 to 79"),
    ]:
        with pytest.raises(IllegalAction) as caught:
            state.apply(action)
        assert str(caught.value) == message
    assert state.public_observation() == before
    with pytest.raises(ParseError, match="there is no action 99; actions are 0 to 79"):
        state.action_to_str(99)
    ended = r11("split")
    with pytest.raises(IllegalAction, match=r"^the match is over$"):
        ended.apply(0)


def test_chance_outcomes_refuse_moves_and_other_outcomes() -> None:
    state = parlour.make(NAME, players=3).new_state(seed=0, explicit_chance=True)
    with pytest.raises(IllegalAction) as caught:
        state.apply(0)
    assert str(caught.value) == "nobody can stand now: the first dealer is being found"
    state.apply(state.parse_action("P0 deals first"))
    state.apply(state.parse_action("deal 5C"))
    with pytest.raises(IllegalAction) as caught:
        state.apply(state.parse_action("deal 5C"))
    assert str(caught.value) == (
        "'deal 5C' is not a possible outcome here: the cards are being dealt")
    with pytest.raises(IllegalAction, match="this is not a chance node"):
        r1().chance_outcomes()


@pytest.mark.parametrize(("deal", "message"), [
    ({"dealer": 0, "hands": [["3C"], ["4C"]]},
     "a deal needs 'hands': one list of card codes for each of 3 seats"),
    ({"dealer": 0, "hands": [["3C"], ["4C", "5C"], ["6C"]]},
     "P1 must hold 1 card, not 2"),
    ({"dealer": 0, "hands": [["3C"], [], ["6C"]]}, "P1 must hold 1 card, not 0"),
    ({"dealer": 0, "hands": [["3C"], ["4C"], ["6C"]], "lives": [3, 0, 3]},
     "P1 must hold 0 cards, not 1"),
    ({"dealer": 0, "hands": [["3C"], ["3C"], ["6C"]]}, "3C is dealt twice (the hand of P1)"),
    ({"dealer": 0, "hands": [["3C"], ["4C"], ["6C"]], "stock": ["6C"]},
     "6C is dealt twice (the stock)"),
    ({"dealer": 0, "hands": [["3C"], ["ZZ"], ["6C"]]},
     "in the hand of P1: 'ZZ' is not a card of the French 52-card pack; write a code such as "
     "JS, TD, 10D or J♠"),
    ({"dealer": 0, "hands": [["3C"], ["4C"], ["6C"]], "cut": 49},
     "the cut must be a stock position from 0 (the top) to 48, not 49"),
    ({"dealer": 0, "hands": [["3C"], ["4C"], ["6C"]], "lives": [3, 4, 3]},
     "each player has from 0 to 3 lives (the lives option), not [3, 4, 3]"),
    ({"dealer": 0, "hands": [["3C"], ["4C"], ["6C"]], "lives": [3, 3, 3], "scores": [0, 0, 0]},
     "give the deal's 'lives' or its 'scores', not both"),
    ({"dealer": 0, "hands": [["3C"], [], []], "lives": [3, 0, 0]},
     "at least two players must have lives left, or the game is over"),
    ({"dealer": 2, "hands": [["3C"], ["4C"], []], "lives": [3, 3, 0]},
     "the dealer P2 has no lives left: he is out"),
    ({"dealer": 0, "hands": [["3C"], ["4C"], ["6C"]], "carried_pot": -1},
     "carried_pot must be a number of counters, 0 or more, not -1"),
    ({"dealer": 0, "hands": [["3C"], ["4C"], ["6C"]], "turnup": "5C"},
     "unknown deal key 'turnup'; a ranter-go-round deal has carried_pot, cut, dealer, hands, "
     "lives, scores, stock"),
])
def test_bad_deals_say_what_is_wrong(deal: dict[str, Any], message: str) -> None:
    with pytest.raises(ParseError) as caught:
        parlour.make(NAME, players=3).new_state(seed=1, deal=deal)
    assert str(caught.value) == message


def test_a_cut_needs_the_cut_rule() -> None:
    game = parlour.make(NAME, players=3, dealer_exchange="top")
    with pytest.raises(ParseError) as caught:
        game.new_state(deal={"dealer": 0, "hands": [["3C"], ["4C"], ["6C"]], "cut": 0})
    assert str(caught.value) == ("the deal's 'cut' needs dealer_exchange='cut': with 'top' the "
                                 "dealer takes the top card")


def test_scores_in_a_deal_are_the_counters_lost() -> None:
    state = parlour.make(NAME, players=3).new_state(
        seed=1, deal={"dealer": 0, "hands": [["3C"], [], ["6C"]], "scores": [1, 3, 0]})
    assert lives(state) == [2, 0, 3]
    assert state.scores() == [1, 3, 0]
    assert state.public_observation()["pot"] == 4


# --- what each seat knows -----------------------------------------------------------


def test_an_exchanged_card_is_known_to_both_and_followed_through_public_exchanges() -> None:
    state = position(["5C", "9D", "QS", "6H", "8C"], EVE, stock=["4D"], cut=0)
    play(state, (ANN, "exchange"))
    assert state.known_elsewhere(ANN) == FRENCH_52.mask(["5C"])
    assert state.known_elsewhere(BEN) == FRENCH_52.mask(["9D"])
    assert state.known_elsewhere(CAT) == 0
    play(state, (BEN, "exchange"))
    # Ben's 5C went on to Cat: Ann, Ben and Cat know it; Ben and Cat know QS
    assert cards_seen(state, ANN) == ["9D", None, "5C", None, None]
    assert cards_seen(state, BEN) == ["9D", "QS", "5C", None, None]
    assert cards_seen(state, CAT) == [None, "QS", "5C", None, None]
    assert cards_seen(state, DAN) == [None, None, None, "6H", None]
    assert cards_seen(state, None) == [None] * 5
    flags = [player["flags"] for player in state.public_observation()["players"]]
    assert flags == [["elder", "exchanged"], ["exchanged", "was asked"], ["was asked"], [],
                     ["dealer"]]


def test_the_tensor_holds_the_cards_the_seat_knows() -> None:
    state = position(["5C", "9D", "QS"], CAT)
    play(state, (ANN, "exchange"))
    width = 52
    tensor = state.observation_tensor(ANN)
    own, *seats = (tensor[block * width:(block + 1) * width] for block in range(4))
    assert [int(index) for index in own.nonzero()[0]] == [FRENCH_52.parse("9D").id]
    assert [[int(index) for index in block.nonzero()[0]] for block in seats] == [
        [FRENCH_52.parse("9D").id], [FRENCH_52.parse("5C").id], []]


def test_shown_kings_are_public_and_nothing_else() -> None:
    state = r1()
    play(state, (ANN, "exchange"), (BEN, "exchange"))
    public = state.public_observation()
    assert public["zones"]["shown"] == [{"seat": CAT, "card": "KS"}]
    assert [player["card"] for player in public["players"]] == [None, None, "KS", None, None]
    assert public["hand"] == [] and public["legal"] == []


def determinized_cards(state: RanterState, seat: int, holder: int, tries: int = 200) -> set[int]:
    """The cards ``holder`` gets in ``tries`` re-deals made for ``seat``."""
    rng = random.Random(7)
    cards = set()
    for _ in range(tries):
        other = state.determinize(seat, rng)
        assert other.observation(seat) == state.observation(seat)
        cards.add(other.hands[holder])
    return cards


def test_determinize_keeps_what_is_known() -> None:
    state = position(["5C", "9D", "QS", "6H", "8C"], EVE, stock=["4D"], cut=0)
    play(state, (ANN, "exchange"), (BEN, "exchange"))
    # Ann knows where 5C is (Cat); Cat's card never moves in her re-deals
    assert determinized_cards(state, ANN, CAT) == {FRENCH_52.parse("5C").id}
    # under block a player who has had his turn holds no King
    for card in determinized_cards(state, DAN, ANN) | determinized_cards(state, DAN, BEN):
        assert not KINGS >> card & 1
    assert any(KINGS >> card & 1 for card in determinized_cards(state, ANN, EVE))


def test_determinize_knows_an_unannounced_card_is_not_low() -> None:
    state = position(["9C", "JS", "7D", "3C"], DAN, announce_low_cards="passer")
    play(state, (ANN, "exchange"))
    # Ben now holds 9C, passed without an announcement: not an A, 2 or 3
    held = determinized_cards(state, DAN, BEN)
    assert len(held) > 10 and all(not LOW_CARDS >> card & 1 for card in held)
    assert any(LOW_CARDS >> card & 1 for card in determinized_cards(state, BEN, CAT))


# --- the events of a match ----------------------------------------------------------


def card(code: str) -> int:
    return FRENCH_52.parse(code).id


def test_the_events_of_a_hand_and_their_counts() -> None:
    state = position(["KS", "3C", "9D"], CAT, lives_left=[1, 1, 1])
    play(state, (BEN, "exchange"), (CAT, "stand"))
    assert list(state.match_events()) == [
        Dealt(CAT, 1), ShowedKing(ANN, card("KS")), Exchanged(BEN, CAT), Stood(CAT),
        Showdown((ANN, BEN, CAT), (card("KS"), card("9D"), card("3C"))),
        LifeLost(CAT, 0, -1), Dealt(ANN, 2),
    ]
    assert state.game.count_events(state.match_events()) == {
        "lives_lost": 1, "kings_shown": 1, "king_stops": 0}


def test_a_play_off_gives_the_lives_back_in_the_count() -> None:
    state = position(["3C", "3D"], BEN, lives_left=[1, 1], final_tie="playoff")
    play(state, (ANN, "stand"), (BEN, "stand"))
    assert list(state.match_events())[-4:] == [
        LifeLost(ANN, 0, -1), LifeLost(BEN, 0, -1), PlayOff((ANN, BEN)), Dealt(ANN, 2)]
    assert state.hand_results() == [[0, 0]]
    assert state.game.count_events(state.match_events()) == {
        "lives_lost": 0, "kings_shown": 0, "king_stops": 0}


def test_hands_stopped_by_kings_are_all_counted() -> None:
    # six hands stopped by a King as dealt; a reader of the observation's
    # log window misses two (a hand without a decision can push the one
    # before it out of the window unread), the events miss none
    game = parlour.make(NAME, players=6, king_rule="stops_hand")
    state = game.new_state(seed=0)
    while not state.is_terminal():
        state.apply(random_action(state, random.Random(len(state.history))))
    events = state.match_events()
    assert sum(isinstance(event, KingsDealt) for event in events) == 6
    assert game.count_events(events) == {"lives_lost": 17, "kings_shown": 0, "king_stops": 6}


# --- the invariants of §11 under random play --------------------------------------

OPTIONS = st.fixed_dictionaries({
    "players": st.sampled_from([2, 3, 5, 8, 12]),
    "lives": st.integers(1, 3),
    "king_rule": st.sampled_from(["block", "trade", "stops_hand", "stops_play"]),
    "dealer_exchange": st.sampled_from(["cut", "top"]),
    "dealer_cuts_king": st.sampled_from(["take", "keep_original", "dealer_loses"]),
    "tie_rule": st.sampled_from(["all_lowest", "last_revealed"]),
    "final_tie": st.sampled_from(["split", "playoff", "cut", "carry_over"]),
    "announce_low_cards": st.sampled_from(["off", "passer", "both"]),
    "ante": st.sampled_from([0, 0, 1, 5]),
})


class HandWatch:
    """What the invariants follow through one hand: who has taken a turn,
    where each King sits, and the cards each seat has seen."""

    def __init__(self, state: RanterState) -> None:
        self.players = [seat for seat, count in enumerate(lives(state)) if count]
        self.turns: set[int] = set()
        self.kings: dict[int, int] = {}
        self.seen: list[set[int]] = [set() for _ in lives(state)]


def check_hand_in_play(state: RanterState, watch: HandWatch, block: bool) -> None:
    """Each player holds one card; Kings stay put under block (unless the
    dealer takes one from the stock); a seat names only cards it has seen."""
    n = state.game.num_players
    observation = state.public_observation()
    order = [seat for seat in range(n) if lives(state)[seat]]
    assert sorted(order) == sorted(watch.players)
    for seat in range(n):
        card = state.hands[seat]
        assert (card >= 0) == (seat in order)
        if card < 0:
            continue
        watch.seen[seat].add(card)
        if KINGS >> card & 1 and block:
            assert watch.kings.setdefault(card, seat) == seat, "a King moved"
    for line in observation["log"][observation["hand_log_start"]:]:
        for word in re.findall(r"\b[2-9TJQKA][SHDC]\b", line):
            for seat in range(n):
                watch.seen[seat].add(FRENCH_52.parse(word).id)
    for seat in range(n):
        for other, card in enumerate(cards_seen(state, seat)):
            if card is not None and other != seat:
                assert FRENCH_52.parse(card).id in watch.seen[seat], (
                    f"P{seat} sees {card} at P{other} without having seen it")


def check_hand_result(state: RanterState, row: list[int], watch: HandWatch,
                      log: list[str]) -> None:
    """At least one player loses a life and at most all; exactly one under
    last_revealed or when the dealer loses for a King from the stock."""
    options = state.game.options
    cancelled = any("play off" in line for line in log)
    losers = [seat for seat, delta in enumerate(row) if delta]
    assert all(delta in (0, 1) for delta in row)
    assert set(losers) <= set(watch.players)
    if cancelled:
        assert losers == []
        return
    assert 1 <= len(losers) <= len(watch.players)
    dealer_lost = any("only" in line and "loses a life" in line for line in log)
    if options["tie_rule"] == "last_revealed" or dealer_lost:
        assert len(losers) == 1


@settings(max_examples=60, deadline=None)
@given(options=OPTIONS, seed=st.integers(0, 2**32), chance=st.booleans())
def test_invariants_under_random_play(options: dict[str, Any], seed: int, chance: bool) -> None:
    game = parlour.make(NAME, **options)
    state = game.new_state(seed=seed, explicit_chance=chance)
    assert isinstance(state, RanterState)
    rng = random.Random(seed)
    block = options["king_rule"] in ("block", "stops_play")
    watch = HandWatch(state)
    hands = len(state.hand_results())  # hands that Kings stopped before any turn
    while True:
        locations = state.card_locations()
        union = 0
        for mask in locations.values():
            assert union & mask == 0
            union |= mask
        assert union == FRENCH_52.full_mask
        results = state.hand_results()
        if len(results) == hands + 1:
            observation = state.public_observation()
            start = observation["hand_log_start"]
            log = observation["log"][start:] if state.is_terminal() else observation["log"][:start]
            check_hand_result(state, results[-1], watch, log)
        for row in results[hands:]:
            # several hands end at once when Kings stop them before any turn
            assert all(delta in (0, 1) for delta in row)
        if len(results) != hands:
            hands = len(results)
            watch = HandWatch(state)
        counts = lives(state)
        assert all(count >= 0 for count in counts)
        assert [game.options["lives"] - score for score in state.scores()] == counts
        assert state.public_observation()["pot"] == (
            sum(state.scores()) + options["ante"] * options["players"])
        active = sum(1 for count in counts if count)
        if state.is_terminal():
            break
        # nobody has lives while the last players cut for the pot
        assert active >= 2 or (active == 0 and state.phase == PHASE_TIE_CUT)
        if state.phase in (PHASE_PLAY, PHASE_STOCK):
            check_hand_in_play(state, watch, block)
        if state.phase == PHASE_PLAY:
            mover = state.current_player()
            assert mover not in watch.turns, "a second turn in one hand"
            watch.turns.add(mover)
        state.apply(random_action(state, rng))
    winners = state.winners()
    if active == 1:
        assert winners == [seat for seat, count in enumerate(counts) if count]
    else:
        assert active == 0 and options["final_tie"] != "playoff"
        if options["final_tie"] == "split":
            assert len(winners) >= 2
        else:
            assert len(winners) == (1 if options["final_tie"] == "cut" else 0)


@settings(max_examples=30, deadline=None)
@given(options=OPTIONS, seed=st.integers(0, 2**32))
def test_announcing_changes_information_only(options: dict[str, Any], seed: int) -> None:
    outcomes = []
    history: list[int] | None = None
    for announce in ("off", "passer", "both"):
        state = parlour.make(NAME, **{**options, "announce_low_cards": announce}).new_state(
            seed=seed)
        if history is None:
            rng = random.Random(seed)
            while not state.is_terminal():
                state.apply(random_action(state, rng))
            history = list(state.history)
        else:
            for action in history:
                state.apply(action)
        outcomes.append((state.hand_results(), state.returns(), state.is_terminal()))
    assert outcomes[0] == outcomes[1] == outcomes[2]


# --- the command line -------------------------------------------------------------


def run_cli(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
            *args: str, stdin: str = "") -> str:
    from parlour.cli import main

    for variable in ("FORCE_COLOR", "TTY_COMPATIBLE", "TTY_INTERACTIVE"):
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setenv("COLUMNS", "100")
    monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    assert main(list(args)) == 0
    return capsys.readouterr().out


def test_the_rules_state_the_decisions(monkeypatch: pytest.MonkeyPatch,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    out = run_cli(monkeypatch, capsys, "rules", NAME)
    assert "Decisions taken where the sources disagree (rules/ranter_go_round.md §9):" in out
    for decision in range(1, 15):
        assert f"- D{decision}:" in out
    assert "- D15, D16: ace high and \"pairing up\" are not implemented." in out
    for option in parlour.make(NAME).options:
        assert option in out
    for preset in PRESETS:
        assert preset in out


def test_a_game_at_the_terminal(monkeypatch: pytest.MonkeyPatch,
                                capsys: pytest.CaptureFixture[str]) -> None:
    out = run_cli(monkeypatch, capsys, "play", NAME, "-p", "5", "--seed", "4",
                  stdin="9S\nfold\ncut\n" + "stand\n" * 40)
    assert "✗ '9S' is a card, and cards are never played in Ranter Go Round" in out
    assert "✗ 'fold' is not a move" in out
    assert "✗ only the dealer cuts the stock" in out
    assert "Match over" in out
    assert re.search(r"^Won: P\d\. Lost: (P\d, ){3}P\d\.$", out, re.MULTILINE)


def test_twenty_six_seats_are_readable(monkeypatch: pytest.MonkeyPatch,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    out = run_cli(monkeypatch, capsys, "play", NAME, "-p", "26", "--seed", "1",
                  stdin="quit\n")
    lines = out.splitlines()
    rows = [line for line in lines if re.match(r"^[ ▶]   P\d+", line)]
    assert len(rows) == 26
    assert all(len(line) <= 100 for line in lines if not line.startswith("showdown"))
    # P25 took P0's card: P0 knows where it is, and the table shows it
    assert rows[0].split() == ["▶", "P0", "(you)", "1", "0", "3", "10♥", "was", "asked"]
    assert rows[25].split() == ["P25", "1", "0", "3", "2♣", "exchanged"]
    assert re.search(r"^Legal\s+stand · exchange$", out, re.MULTILINE)


def test_simulate_plays_twenty_games(monkeypatch: pytest.MonkeyPatch,
                                     capsys: pytest.CaptureFixture[str]) -> None:
    out = run_cli(monkeypatch, capsys, "simulate", NAME, "-n", "20", "--seed", "1")
    lines = out.splitlines()
    assert lines[0] == "parlour.make('ranter-go-round') · 20 matches · every seat easy · seed 1"
    assert lines[1] == "20 matches, 20 deals: seats"
    assert [line.split()[1] for line in lines[5:11]] == [str(seat) for seat in range(6)]
    # one seat wins each match (a final tie is split): the wins add up to 20
    assert sum(float(line.split()[3]) for line in lines[5:11]) == 20
    assert any(line.startswith("│ hands a match") for line in lines)
