"""The four patiences of progress.md §5: the worked examples of §7.4, each
game's moves, ends, scores and refusals, their fixed deals and options,
and the hints that the ``easy`` player follows."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import parlour
from parlour import IllegalAction, OptionError, ParseError
from parlour.agents.heuristic import heuristic_action
from parlour.agents.heuristic.patience import golf_run
from parlour.cards import PROGRESS_53
from parlour.engine.match import Dealt, TurnedUp
from parlour.games.patience.bakers_dozen import ToFoundation
from parlour.games.patience.base import Lost, Onto, Won
from parlour.games.patience.calculation import (
    TurnedToFoundation,
    TurnedToWaste,
    WasteToFoundation,
    next_number,
    waits_of,
)
from parlour.games.patience.clock import Turned

CODES = [card.code for card in PROGRESS_53.cards]
NUMBERED = CODES[:52]


def legal_texts(state: Any) -> list[str]:
    return [state.action_to_str(action) for action in state.legal_actions()]


# --- Golf ----------------------------------------------------------------------------

def golf_deal(exposed: list[str], top: str, wild: bool = False,
              under: dict[int, list[str]] | None = None) -> dict[str, Any]:
    """A Golf deal whose columns end with ``exposed`` (seven cards), the pile
    begun with ``top``; ``under`` gives the cards above the exposed card of
    some columns (first dealt first); the rest is filled in card order."""
    pack = CODES if wild else NUMBERED
    under = under or {}
    used = set(exposed) | {top} | {code for cards in under.values() for code in cards}
    rest = [code for code in pack if code not in used]
    columns = []
    for index, card in enumerate(exposed):
        cards = under.get(index, [])
        filler = [rest.pop() for _ in range(4 - len(cards))]
        columns.append(filler + cards + [card])
    return {"columns": columns, "stock": [top, *rest]}


OTHERS = ["5Su", "6Mo", "7St", "8Cr"]
"""Exposed cards of the other four columns in PT-2: none joins a 13."""


def test_pt_2_golf_default() -> None:
    state = parlour.make("golf").new_state(deal=golf_deal(["12Su", "1Mo", "5Cr", *OTHERS], "13Cr"))
    assert state.observation(0)["zones"]["pile"] == ["13Cr"]
    assert legal_texts(state) == ["12Su", "draw"]


def test_pt_2_golf_with_wraparound() -> None:
    game = parlour.make("golf", golf_wraparound=True)
    state = game.new_state(deal=golf_deal(["12Su", "1Mo", "5Cr", *OTHERS], "13Cr"))
    assert legal_texts(state) == ["12Su", "1Mo", "draw"]  # by card id


def test_pt_2_golf_with_the_progress_card() -> None:
    game = parlour.make("golf", progress_card="wild")
    exposed = ["12Su", "1Mo", "5Cr", "5Su", "6Mo", "7St", "P"]
    state = game.new_state(deal=golf_deal(exposed, "13Cr", wild=True))
    assert legal_texts(state) == ["12Su", "P", "draw"]
    state.apply_text("P")
    assert state.observation(0)["zones"]["pile"] == ["13Cr", "P"]
    # on P any card goes: every exposed card is legal (the seventh column's
    # new exposed card too)
    exposed_now = [column[-1] for column in state.observation(0)["zones"]["columns"]]
    assert sorted(legal_texts(state)[:-1]) == sorted(exposed_now)
    assert len(exposed_now) == 7


def test_golf_refusals_say_why() -> None:
    state = parlour.make("golf").new_state(deal=golf_deal(["12Su", "1Mo", "5Cr", *OTHERS], "13Cr"))
    column = state.observation(0)["zones"]["columns"][0]
    with pytest.raises(IllegalAction, match=r"^1Mo is not one higher or one lower than 13Cr "
                                            r"\(1 and 13 do not join\)$"):
        state.apply_text("1Mo")
    with pytest.raises(IllegalAction, match=rf"^{column[0]} is not exposed: only the last card "
                                            "of a column may move$"):
        state.apply_text(column[0])
    with pytest.raises(IllegalAction, match=r"^13Cr is not in the columns$"):
        state.apply_text("13Cr")
    with pytest.raises(IllegalAction, match=r"^P is not in the columns$"):
        state.apply_text("P")
    with pytest.raises(ParseError, match=r"'fly' is not a move of Golf; type an exposed card "
                                         r"\(9Su\) or 'draw'"):
        state.parse_action("fly")


def test_golf_is_lost_with_the_column_cards_as_score() -> None:
    state = parlour.make("golf").new_state(deal=golf_deal(["12Su", "1Mo", "5Cr", *OTHERS], "13Cr"))
    state.apply_text("12Su")
    while not state.is_terminal():
        state.apply_text("draw" if "draw" in legal_texts(state) else legal_texts(state)[0])
    left = sum(len(column) for column in state.observation(0)["zones"]["columns"])
    assert state.returns() == [0.0] and state.scores() == [left] and left > 0
    assert state.hand_results() == [[left]]
    assert state.observation(0)["won"] is False
    with pytest.raises(IllegalAction, match=r"^the game is over$"):
        state.apply(53)


def test_golf_won_scores_minus_the_stock_left() -> None:
    # columns that clear in one run: 1 2 3 ... up and down from a 2 turned up
    run = [f"{number}{sign}" for sign in ("Cr", "Su", "Mo") for number in range(1, 14)]
    game = parlour.make("golf", golf_wraparound=True)
    # the pile starts on 13St; the columns hold 1-13 of three signs so that
    # playing them in order, each column's exposed card next, clears them
    order = run[:35]
    columns = [[order[34 - (row * 7 + column)] for row in range(5)] for column in range(7)]
    rest = [code for code in NUMBERED if code not in order and code != "13St"]
    state = game.new_state(deal={"columns": columns, "stock": ["13St", *rest]})
    for code in order:
        state.apply_text(code)
    assert state.is_terminal() and state.returns() == [1.0]
    assert state.scores() == [-len(rest)] == [-16]


def test_the_golf_run_counts_only_cards_in_sight() -> None:
    ids = [PROGRESS_53.parse(code).id for code in ("3Cr", "4Su", "5Mo", "9St")]
    assert golf_run([[ids[2], ids[1]], [ids[0]], [ids[3]]], PROGRESS_53.parse("2St").id,
                    False) == 3
    assert golf_run([[ids[3]]], PROGRESS_53.parse("2St").id, False) == 0


def test_the_golf_hint_takes_the_longest_run() -> None:
    # on a 6: 5Cr leads to nothing more, 7Su to 8Mo then 9St
    deal = golf_deal(["5Cr", "7Su", "1St", "1Mo", "1Cr", "1Su", "11Cr"], "6St",
                     under={1: ["9St", "8Mo"]})
    state = parlour.make("golf").new_state(deal=deal)
    assert legal_texts(state) == ["5Cr", "7Su", "draw"]
    action = heuristic_action(state.observation(0), state.legal_actions(), random.Random(0))
    assert state.action_to_str(action) == "7Su"


# --- Calculation ------------------------------------------------------------------

@pytest.mark.parametrize(("number", "step", "after"), [(12, 2, 1), (11, 3, 1), (10, 4, 1),
                                                       (12, 1, 13)])
def test_pt_1_calculation_next_numbers(number: int, step: int, after: int) -> None:
    assert next_number(number, step) == after


@pytest.mark.parametrize(("step", "order"), [
    (1, list(range(1, 14))),
    (2, [2, 4, 6, 8, 10, 12, 1, 3, 5, 7, 9, 11, 13]),
    (3, [3, 6, 9, 12, 2, 5, 8, 11, 1, 4, 7, 10, 13]),
    (4, [4, 8, 12, 3, 7, 11, 2, 6, 10, 1, 5, 9, 13]),
])
def test_calculation_building_orders(step: int, order: list[int]) -> None:
    built = [step]
    while len(built) < 13:
        built.append(next_number(built[-1], step))
    assert built == order


def calculation_deal(first: list[str]) -> dict[str, Any]:
    rest = [code for code in NUMBERED[4:] if code not in first]
    return {"stock": first + rest}


def test_calculation_places_each_card_turned() -> None:
    state = parlour.make("calculation").new_state(deal=calculation_deal(["2Su", "9Mo", "4St"]))
    zones = state.observation(0)["zones"]
    assert zones["foundations"] == [["1Cr"], ["2Cr"], ["3Cr"], ["4Cr"]]
    assert zones["needs"] == [2, 4, 6, 8] and zones["turned"] == "2Su" and zones["stock"] == 47
    assert legal_texts(state) == ["f1", "w1", "w2", "w3", "w4"]
    state.apply_text("f1")
    assert state.observation(0)["zones"]["turned"] == "9Mo"
    with pytest.raises(IllegalAction, match=r"^foundation 1 needs a 3, not 9Mo$"):
        state.apply_text("f1")
    state.apply_text("w2")
    assert legal_texts(state) == ["f2", "w1", "w2", "w3", "w4"]
    state.apply_text("f2")
    zones = state.observation(0)["zones"]
    assert zones["foundations"][1] == ["2Cr", "4St"] and zones["needs"][1] == 6
    assert zones["wastes"] == [[], ["9Mo"], [], []]
    with pytest.raises(IllegalAction, match=r"^foundation 3 needs a 6, not 9Mo$"):
        state.apply_text("w2 f3")
    with pytest.raises(IllegalAction, match=r"^waste pile 1 is empty$"):
        state.apply_text("w1 f1")
    with pytest.raises(ParseError, match="'w1 w2' is not a move of Calculation"):
        state.parse_action("w1 w2")


def test_a_waste_top_goes_up_at_any_time() -> None:
    state = parlour.make("calculation").new_state(deal=calculation_deal(["2Su", "3Mo", "7St"]))
    state.apply_text("w1")  # 2Su waits on waste pile 1
    assert "w1 f1" in legal_texts(state)
    state.apply_text("w1 f1")
    assert state.observation(0)["zones"]["turned"] == "3Mo"  # no card turned by it
    assert legal_texts(state)[0] == "f1"


def test_calculation_refuses_the_progress_card() -> None:
    with pytest.raises(OptionError, match="excluded"):
        parlour.make("calculation", progress_card="wild")
    for name in ("bakers-dozen", "clock"):
        with pytest.raises(OptionError):
            parlour.make(name, progress_card="wild")


def test_calculation_waits() -> None:
    found = waits_of((1, 1, 1, 1))  # the bases alone on the foundations
    assert found[2] == 0 and found[4] == 0 and found[6] == 0 and found[8] == 0
    assert found[13] == 11  # every foundation ends on a 13: the last card of each
    assert found[3] == 1  # foundation 1's next but one


def test_the_calculation_hint_keeps_13s_together_and_fits_cards() -> None:
    state = parlour.make("calculation").new_state(deal=calculation_deal(["13Su", "12Mo", "9St"]))
    hint = heuristic_action(state.observation(0), state.legal_actions(), random.Random(0))
    assert state.action_to_str(hint) == "w4"
    state.apply(hint)
    hint = heuristic_action(state.observation(0), state.legal_actions(), random.Random(0))
    assert state.action_to_str(hint) == "w1"  # 12Mo: not on the 13s
    state.apply(hint)
    # 9St is needed before 12Mo (foundation 3 needs 6, 9 ...): it goes on it
    hint = heuristic_action(state.observation(0), state.legal_actions(), random.Random(0))
    assert state.action_to_str(hint) == "w1"


# --- Baker's Dozen -----------------------------------------------------------------

def bakers_deal(first: list[str]) -> dict[str, Any]:
    """A deal whose first column is ``first`` (most buried first)."""
    rest = [code for code in NUMBERED if code not in first]
    columns = [first] + [rest[index * 4:index * 4 + 4] for index in range(12)]
    return {"columns": columns}


def test_pt_3_bakers_dozen_13s_go_down() -> None:
    state = parlour.make("bakers-dozen").new_state(deal=bakers_deal(["4Su", "13Cr", "9Mo", "13St"]))
    assert state.observation(0)["zones"]["columns"][0] == ["13Cr", "13St", "4Su", "9Mo"]


def test_bakers_dozen_moves_and_refusals() -> None:
    columns = [["13Cr", "5Su", "2Mo", "1Cr"], ["12Mo", "11St", "9Cr", "3Mo"]]
    rest = [code for code in NUMBERED if code not in {c for column in columns for c in column}]
    # every other column holds nothing that moves: exposed 13s keep them still
    deal = {"columns": columns + [rest[index * 4:index * 4 + 4] for index in range(11)]}
    state = parlour.make("bakers-dozen").new_state(deal=deal)
    zones = state.observation(0)["zones"]
    assert zones["columns"][0] == ["13Cr", "5Su", "2Mo", "1Cr"]
    assert "c1 f" in legal_texts(state)
    with pytest.raises(IllegalAction, match=r"^the Moon foundation begins with its 1, not 3Mo$"):
        state.apply_text("c2 f")
    state.apply_text("c1 f")
    assert state.observation(0)["zones"]["foundations"]["Crown"] == ["1Cr"]
    with pytest.raises(IllegalAction, match=r"^a card cannot move onto its own column$"):
        state.apply_text("c1 c1")
    with pytest.raises(ParseError, match=r"'c14 f' is not a move of Baker's Dozen"):
        state.parse_action("c14 f")
    assert state.parse_action("c2 c1") == 13 + 13 * 1 + 0
    assert state.action_to_str(13 + 13 * 1 + 0) == "c2 c1"


def test_bakers_dozen_ends_after_max_moves() -> None:
    state = parlour.make("bakers-dozen", max_moves=3).new_state(seed=1)
    rng = random.Random(0)
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
    assert state.observation(0)["moves"] <= 3
    placed = sum(len(pile) for pile in state.observation(0)["zones"]["foundations"].values())
    assert state.scores() == [placed]


def test_the_bakers_hint_frees_the_card_a_foundation_needs() -> None:
    # 1Cr under 9Mo; 9Mo can go onto 10St at the end of column 2
    columns = [["13Cr", "13Su", "1Cr", "9Mo"], ["13Mo", "13St", "12Cr", "10St"]]
    used = {code for column in columns for code in column}
    rest = [code for code in NUMBERED if code not in used]
    deal = {"columns": columns + [rest[index * 4:index * 4 + 4] for index in range(11)]}
    state = parlour.make("bakers-dozen").new_state(deal=deal)
    hint = heuristic_action(state.observation(0), state.legal_actions(), random.Random(0))
    assert state.action_to_str(hint) == "c1 c2"


# --- Clock -------------------------------------------------------------------------

PT_4_PILES = [
    ["11Cr", "6Cr", "7Mo", "12Cr"], ["4Cr", "9Cr", "3Mo", "6Su"], ["8St", "1Su", "6Mo", "10Cr"],
    ["3Su", "7St", "5Su", "13Mo"], ["4Mo", "12Mo", "9Su", "5St"], ["2Cr", "1Cr", "2Su", "2Mo"],
    ["8Mo", "10Mo", "8Su", "11St"], ["3St", "7Cr", "7Su", "11Mo"], ["6St", "12Su", "5Cr", "12St"],
    ["10Su", "4St", "3Cr", "13St"], ["9St", "5Mo", "1Mo", "10St"], ["4Su", "11Su", "13Cr", "13Su"],
    ["1St", "8Cr", "9Mo", "2St"],
]


def test_pt_4_clock_lost_with_three_cards_down() -> None:
    state = parlour.make("clock").new_state(deal={"piles": PT_4_PILES})
    assert state.observation(0)["zones"]["next"] == 13
    while not state.is_terminal():
        assert state.legal_actions() == [0]
        state.apply_text("turn")
    zones = state.observation(0)["zones"]
    assert len(zones["piles"][12]["up"]) == 4  # the fourth 13 placed
    assert sum(pile["down"] for pile in zones["piles"]) == 3
    assert state.returns() == [0.0] and state.scores() == [3]
    assert state.observation(0)["log"][-1] == "lost (score 3)"
    assert state.match_events()[-1] == Lost(3)


def test_clock_won_when_every_card_is_up() -> None:
    # each pile's cards point on round the dial, the 13s last
    piles = [[f"{(pile + 1) % 13 + 1}{sign}" for sign in ("Cr", "Su", "Mo", "St")]
             for pile in range(13)]
    state = parlour.make("clock").new_state(deal={"piles": piles})
    while not state.is_terminal():
        state.apply_text("t")
    assert state.returns() == [1.0] and state.scores() == [0]
    assert state.match_events()[-1] == Won(0)
    assert state.observation(0)["log"][-1] == "won (score 0)"
    with pytest.raises(IllegalAction, match=r"^the game is over$"):
        state.apply(0)


@given(seed=st.integers(min_value=0, max_value=2**32))
@settings(max_examples=40, deadline=None)
def test_clock_ends_with_the_fourth_13(seed: int) -> None:
    state = parlour.make("clock").new_state(seed=seed)
    while not state.is_terminal():
        state.apply(0)
    zones = state.observation(0)["zones"]
    assert len(zones["piles"][12]["up"]) == 4
    for number, pile in enumerate(zones["piles"], start=1):
        assert all(PROGRESS_53.parse(code).id % 13 + 1 == number for code in pile["up"])
    assert state.scores() == [sum(pile["down"] for pile in zones["piles"])]


# --- fixed deals -------------------------------------------------------------------

@pytest.mark.parametrize(("name", "deal", "message"), [
    ("golf", {"columns": []}, "a golf deal needs 'stock'"),
    ("golf", {"columns": [], "stock": [], "x": 1}, "unknown deal key 'x'"),
    ("golf", {"columns": [["1Cr"]] * 7, "stock": []}, "column 1 must hold 5 cards, not 1"),
    ("calculation", {"stock": [*NUMBERED[4:51], "1Cr"]}, "1Cr is not in play in Calculation"),
    ("calculation", {"stock": [*NUMBERED[4:51], "5Cr"]}, "5Cr is dealt twice"),
    ("clock", {"piles": [NUMBERED[i * 4:i * 4 + 4] for i in range(13)][:12]},
     "pile must be a list of 13 lists of card codes"),
    ("bakers-dozen", {"columns": [NUMBERED[i * 4:i * 4 + 4] for i in range(12)] + [
        [*NUMBERED[48:51], "P"]]}, "P is not in play in Baker's Dozen"),
    ("golf", {"columns": [["1Cr"] * 5] * 7, "stock": "none"},
     "the stock must be a list of card codes, not 'none'"),
])
def test_bad_deals_are_refused(name: str, deal: dict[str, Any], message: str) -> None:
    with pytest.raises(ParseError, match=message):
        parlour.make(name).new_state(deal=deal)


def test_a_fixed_deal_gives_the_seeded_game() -> None:
    """A deal read back from a seeded game's layout is that game."""
    seeded = parlour.make("bakers-dozen").new_state(seed=9)
    columns = [NUMBERED[0:0]] * 13
    order = seeded.order  # the shuffle, as dealt
    columns = [[CODES[order[row * 13 + column]] for row in range(4)] for column in range(13)]
    fixed = parlour.make("bakers-dozen").new_state(deal={"columns": columns})
    assert fixed.observation(0)["zones"] == seeded.observation(0)["zones"]


def test_the_stock_is_hidden_and_redealt() -> None:
    state = parlour.make("calculation").new_state(seed=4)
    text = repr(state.observation(0))
    stock = state.card_locations()["face down stock"]
    assert stock.bit_count() == 47
    assert not [code for code in PROGRESS_53.codes(stock) if f"'{code}'" in text]
    other = state.determinize(0, random.Random(1))
    assert other.observation(0) == state.observation(0)
    assert other.card_locations()["face down stock"] == stock
    assert other.stock != state.stock


def test_explicit_chance_deals_card_by_card() -> None:
    state = parlour.make("golf").new_state(seed=1, explicit_chance=True)
    assert state.is_chance_node() and len(state.chance_outcomes()) == 52
    assert state.action_to_str(5) == "deal 6Cr" and state.parse_action("deal 6Cr") == 5
    for card in range(52):
        state.apply(card)
    zones = state.observation(0)["zones"]
    assert zones["columns"][0] == ["1Cr", "8Cr", "2Su", "9Su", "3Mo"]
    assert zones["pile"] == ["10Mo"] and zones["stock"] == 16


def test_every_patience_has_rules_and_one_seat() -> None:
    for name in ("golf", "calculation", "bakers-dozen", "clock"):
        game = parlour.make(name)
        assert game.num_players == 1 and game.num_actions >= 53
        assert "Decisions" in game.rules_help()
        with pytest.raises(ParseError, match="seats are 0 to 0"):
            game.new_state(seed=1).observation(1)


# --- the log: typed events, each game's catalogue says them ---------------------------

@pytest.mark.parametrize(("name", "seed", "moves", "events", "log"), [
    ("golf", 1, ["draw", "5Su", "draw"],
     [Dealt(0, 1), TurnedUp(42), Onto(17, 42), TurnedUp(1)],
     ["Golf: the cards are dealt", "draw: 4St turned onto the pile", "5Su onto 4St",
      "draw: 2Cr turned onto the pile"]),
    ("calculation", 38, ["w1", "w1", "f4", "w1 f4"],
     [Dealt(0, 1), TurnedToWaste(9, 1), TurnedToWaste(37, 1), TurnedToFoundation(7, 4),
      WasteToFoundation(37, 1, 4)],
     ["Calculation: the cards are dealt", "10Cr turned onto waste pile 1",
      "12Mo turned onto waste pile 1", "8Cr turned onto foundation 4",
      "12Mo from waste pile 1 onto foundation 4"]),
    ("bakers-dozen", 3, ["c2 f", "c8 c12"],
     [Dealt(0, 1), ToFoundation(0), Onto(49, 37)],
     ["Baker's Dozen: the cards are dealt", "1Cr onto the Crown foundation", "11St onto 12Mo"]),
    ("clock", 1, ["turn", "turn"],
     [Dealt(0, 1), Turned(8, 13, 9), Turned(16, 9, 4)],
     ["Clock: the cards are dealt", "9Cr turned from pile 13 under pile 9",
      "4Su turned from pile 9 under pile 4"]),
])
def test_the_log_says_the_typed_events(name: str, seed: int, moves: list[str],
                                       events: list[object], log: list[str]) -> None:
    state = parlour.make(name).new_state(seed=seed)
    for move in moves:
        state.apply_text(move)
    assert list(state.match_events()) == events
    assert state.observation(0)["log"] == log
    assert state.public_observation()["log"] == log


def test_no_events_before_the_cards_are_dealt() -> None:
    state = parlour.make("clock").new_state(seed=1, explicit_chance=True)
    for card in range(51):
        state.apply(card)
    assert list(state.match_events()) == [] and state.observation(0)["log"] == []
    state.apply(51)
    assert list(state.match_events()) == [Dealt(0, 1)]


@pytest.mark.parametrize(("name", "layout"), [
    ("golf", [*(f"column {index}" for index in range(1, 8)), "pile", "face down stock"]),
    ("calculation", [*(f"foundation {index}" for index in range(1, 5)),
                     *(f"waste {index}" for index in range(1, 5)), "turned", "face down stock"]),
    ("bakers-dozen", [*(f"column {index}" for index in range(1, 14)), "foundations"]),
    ("clock", [*(f"pile {index}" for index in range(1, 14)), "face down piles"]),
])
def test_card_locations_name_the_layout(name: str, layout: list[str]) -> None:
    state = parlour.make(name).new_state(seed=2)
    assert list(state.card_locations()) == ["hand 0", "out of play", *layout]
    dealing = parlour.make(name).new_state(seed=2, explicit_chance=True)
    dealing.apply(dealing.legal_actions()[0])
    locations = dealing.card_locations()
    assert list(locations) == ["hand 0", "out of play", "set out", "face down undealt",
                               "face down dealt"]
    assert locations["face down dealt"] == 1 << dealing.history[0]


@pytest.mark.parametrize(("name", "moves", "move", "sentence"), [
    ("golf", [], "1Cr", "Move 1Cr from column 7 onto 2Mo on the pile"),
    ("golf", [], "draw", "Draw the next card from the stock onto the pile"),
    ("calculation", [], "w2", "Move 10St to waste pile 2"),
    ("calculation", ["w1", "w2", "w3", "w4", "w1", "w2", "w3", "w4", "w1", "w1"], "w4 f3",
     "Move 6Su from waste pile 4 to foundation 3"),
    ("clock", [], "turn", "Turn the top card of pile 13"),
    ("bakers-dozen", [], "c2 f", "Move 1Su from column 2 to the Sun foundation"),
    ("bakers-dozen", [], "c1 c8", "Move 7Cr from column 1 onto 8Cr in column 8"),
])
def test_a_move_in_words(name: str, moves: list[str], move: str, sentence: str) -> None:
    """The web app's hint in words: what a move does, from seed 1's deal."""
    state = parlour.make(name).new_state(seed=1)
    for text in moves:
        state.apply(state.parse_action(text))
    assert state.move_sentence(state.parse_action(move)) == sentence


def test_a_turned_card_to_a_foundation_in_words() -> None:
    state = parlour.make("calculation").new_state(seed=1)
    while not any(text.startswith("f") for text in legal_texts(state)):
        state.apply(state.legal_actions()[-1])
    turned = state.observation(0)["zones"]["turned"]
    action = state.parse_action(next(text for text in legal_texts(state) if text[0] == "f"))
    assert state.move_sentence(action) == \
        f"Move {turned} to foundation {state.action_to_str(action)[1:]}"
