"""Grasobern: the worked examples of ``rules/polignac.md`` §9.5 (G-1 … G-6),
the forced throw of the Grasober (§6.2), the options of §6.5, German card
names, three-, five- and six-player tables and hypothesis invariants.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import parlour
from parlour.errors import IllegalAction, OptionError, ParseError
from trick_play import expected_penalties, finish_hand_lowest, play_table, play_trick, say, texts

GAME = "grasobern"
GRASOBER = "Ober-Leaves"
FORCED_MESSAGE = "you cannot follow suit, so you must throw the Ober-Leaves"


# ---------------------------------------------------------------------------
# helpers


def make_state(
    hands: list[str], dealer: int = 0, scores: list[int] | None = None, **options: Any
) -> Any:
    """A Grasobern state from a fixed deal; ``hands`` are space-separated names."""
    deal: dict[str, Any] = {"dealer": dealer, "hands": [hand.split() for hand in hands]}
    if scores is not None:
        deal["scores"] = scores
    return parlour.make(GAME, **options).new_state(deal=deal)


def play_cards(state: Any, cards: list[str]) -> tuple[list[int], int]:
    """Play the cards of one hand in order; the trick winners and the
    winner of the trick holding the Grasober."""
    winners: list[int] = []
    holder = -1
    for card in cards:
        state.apply(state.parse_action(card))
        zones = state.observation(0)["zones"]
        if not zones["trick"]:
            winners.append(zones["last_trick"]["winner"])
            if GRASOBER in [entry["card"] for entry in zones["last_trick"]["cards"]]:
                holder = zones["last_trick"]["winner"]
    return winners, holder


# ---------------------------------------------------------------------------
# G-2's deal, also used by G-1

G2_HANDS = [
    "Ace-Leaves King-Leaves Ober-Leaves Ober-Hearts 10-Hearts 8-Hearts Ace-Bells 9-Bells",
    "Ace-Acorns Ober-Acorns Unter-Acorns Unter-Leaves 8-Leaves 7-Hearts Ober-Bells 7-Bells",
    "9-Acorns 7-Acorns 7-Leaves Ace-Hearts King-Bells Unter-Bells 10-Bells 8-Bells",
    "King-Acorns 10-Acorns 8-Acorns 10-Leaves 9-Leaves King-Hearts Unter-Hearts 9-Hearts",
]
G2_TABLE = [
    ("P1 Unter-Acorns, P2 9-Acorns, P3 10-Acorns, P0 Ober-Leaves", 1),
    ("P1 Ober-Acorns, P2 7-Acorns, P3 8-Acorns, P0 Ace-Leaves", 1),
    ("P1 7-Hearts, P2 Ace-Hearts, P3 King-Hearts, P0 Ober-Hearts", 2),
    ("P2 8-Bells, P3 King-Acorns, P0 9-Bells, P1 7-Bells", 0),
    ("P0 King-Leaves, P1 Unter-Leaves, P2 7-Leaves, P3 10-Leaves", 0),
    ("P0 Ace-Bells, P1 Ober-Bells, P2 King-Bells, P3 Unter-Hearts", 0),
    ("P0 8-Hearts, P1 Ace-Acorns, P2 Unter-Bells, P3 9-Hearts", 3),
    ("P3 9-Leaves, P0 10-Hearts, P1 8-Leaves, P2 10-Bells", 3),
]
G1_HAND = set(G2_HANDS[0].split())


# ---------------------------------------------------------------------------
# G-1. The forced Grasober


def test_g1_forced_grasober_acorns_led() -> None:
    state = make_state(G2_HANDS)
    say(state, "Unter-Acorns", "9-Acorns", "10-Acorns")
    assert state.current_player() == 0
    assert texts(state, state.legal_actions()) == {GRASOBER}
    assert [entry["text"] for entry in state.observation(0)["legal"]] == [GRASOBER]


def test_g1_without_the_forced_discard_all_eight_cards() -> None:
    state = make_state(G2_HANDS, grasober_forced_discard=False)
    say(state, "Unter-Acorns", "9-Acorns", "10-Acorns")
    assert texts(state, state.legal_actions()) == G1_HAND
    say(state, "Ace-Bells")  # accepted
    assert state.observation(0)["zones"]["last_trick"]["winner"] == 1


@pytest.mark.parametrize("forced", [True, False])
def test_g1_leaves_led_the_holder_follows_suit(forced: bool) -> None:
    state = make_state(G2_HANDS, grasober_forced_discard=forced)
    say(state, "Unter-Leaves", "7-Leaves", "9-Leaves")
    assert state.current_player() == 0
    assert texts(state, state.legal_actions()) == {"Ace-Leaves", "King-Leaves", GRASOBER}
    say(state, "King-Leaves")  # no duty to throw the Grasober on a Leaves lead
    assert state.observation(0)["zones"]["last_trick"]["winner"] == 0


def test_g1_refusal_when_another_card_is_tried() -> None:
    state = make_state(G2_HANDS)
    say(state, "Unter-Acorns", "9-Acorns", "10-Acorns")
    before = (state.history.copy(), state.observation(0))
    for card in ("Ace-Bells", "Ace-Leaves", "10-Hearts"):
        with pytest.raises(IllegalAction) as caught:
            state.apply(state.parse_action(card))
        assert str(caught.value) == FORCED_MESSAGE
        assert (state.history, state.observation(0)) == before
    with pytest.raises(IllegalAction, match=r"^you do not hold 7-Bells$"):
        state.apply(state.parse_action("7-Bells"))
    say(state, GRASOBER)
    assert state.observation(0)["zones"]["last_trick"]["winner"] == 1


def test_g1_a_follower_is_not_forced() -> None:
    state = make_state(G2_HANDS)
    say(state, "Unter-Acorns", "9-Acorns", "10-Acorns", GRASOBER, "Ober-Acorns", "7-Acorns")
    # P3 holds Acorns: the ordinary message, not the Grasober's
    with pytest.raises(IllegalAction, match=r"^you must follow suit: you hold acorns$"):
        state.apply(state.parse_action("King-Hearts"))


# ---------------------------------------------------------------------------
# G-2. A complete hand


@pytest.mark.parametrize(("value", "penalties"), [(2, [0, 3, 0, 1]), (1, [0, 2, 0, 1])])
def test_g2_complete_hand(value: int, penalties: list[int]) -> None:
    options: dict[str, Any] = {} if value == 2 else {"grasober_value": value}
    state = make_state(G2_HANDS, **options)
    play_table(state, G2_TABLE[:1])
    observation = state.observation(3)
    assert observation["first_trick_winner"] == 1
    assert observation["penalty_card_winner"] == 1
    assert observation["penalty_card"] == GRASOBER
    play_table(state, G2_TABLE[1:])
    assert state.hand_results() == [penalties]
    assert state.scores() == penalties


# ---------------------------------------------------------------------------
# G-3. Scoring from the facts: complete hands (found once by a random search
# over seeded deals and random legal play) that produce exactly each row's
# first-trick, last-trick and Grasober winners.

G3_CASES: dict[str, tuple[list[str], list[str], tuple[int, int, int]]] = {
    "a": (
        [
            "Ober-Acorns 9-Acorns Ober-Leaves King-Hearts 10-Hearts 9-Hearts 10-Bells 9-Bells",
            "10-Acorns 9-Leaves 8-Hearts Ace-Bells Ober-Bells Unter-Bells 8-Bells 7-Bells",
            "King-Acorns 8-Acorns Ace-Leaves 10-Leaves 8-Leaves Ace-Hearts Ober-Hearts King-Bells",
            "Ace-Acorns Unter-Acorns 7-Acorns King-Leaves Unter-Leaves 7-Leaves Unter-Hearts "
            "7-Hearts",
        ],
        [
            "Unter-Bells King-Bells Ace-Acorns 10-Bells 8-Leaves 7-Leaves Ober-Leaves 9-Leaves",
            "King-Hearts 8-Hearts Ace-Hearts 7-Hearts 8-Acorns 7-Acorns 9-Acorns 10-Acorns",
            "7-Bells 10-Leaves Unter-Hearts 9-Bells 9-Hearts Ace-Bells Ober-Hearts Unter-Leaves",
            "King-Acorns Unter-Acorns Ober-Acorns 8-Bells Ace-Leaves King-Leaves 10-Hearts "
            "Ober-Bells",
        ],
        (2, 2, 0),
    ),
    "b": (
        [
            "King-Leaves Ober-Leaves 9-Leaves 9-Hearts 8-Hearts 7-Hearts Ace-Bells 9-Bells",
            "Unter-Acorns Ace-Leaves Unter-Leaves 7-Leaves King-Hearts 10-Hearts Ober-Bells "
            "7-Bells",
            "Ace-Acorns 10-Acorns 9-Acorns 8-Acorns Ace-Hearts Ober-Hearts Unter-Hearts "
            "Unter-Bells",
            "King-Acorns Ober-Acorns 7-Acorns 10-Leaves 8-Leaves King-Bells 10-Bells 8-Bells",
        ],
        [
            "Unter-Acorns 8-Acorns 7-Acorns Ober-Leaves King-Hearts Unter-Hearts 8-Leaves 9-Hearts",
            "7-Leaves 9-Acorns 10-Leaves King-Leaves 7-Hearts 10-Hearts Ace-Hearts King-Bells",
            "Ober-Hearts 10-Bells 8-Hearts Unter-Leaves Ace-Acorns King-Acorns 9-Bells 7-Bells",
            "Unter-Bells 8-Bells Ace-Bells Ober-Bells 9-Leaves Ace-Leaves 10-Acorns Ober-Acorns",
        ],
        (1, 1, 1),
    ),
    "c": (
        [
            "Ace-Acorns Unter-Acorns 9-Leaves 9-Hearts 8-Hearts 7-Hearts Unter-Bells 7-Bells",
            "King-Acorns Unter-Leaves 8-Leaves 7-Leaves Ober-Hearts King-Bells 10-Bells 9-Bells",
            "Ober-Acorns 10-Acorns 7-Acorns Ace-Leaves Ober-Leaves 10-Leaves King-Hearts "
            "10-Hearts",
            "9-Acorns 8-Acorns King-Leaves Ace-Hearts Unter-Hearts Ace-Bells Ober-Bells 8-Bells",
        ],
        [
            "10-Bells Ober-Leaves Ace-Bells 7-Bells 9-Acorns Ace-Acorns King-Acorns Ober-Acorns",
            "7-Hearts Ober-Hearts 10-Hearts Unter-Hearts Unter-Leaves 10-Leaves King-Leaves "
            "9-Leaves",
            "8-Acorns Unter-Acorns King-Bells 10-Acorns 9-Hearts 8-Leaves King-Hearts Ace-Hearts",
            "8-Bells Unter-Bells 9-Bells 7-Acorns 8-Hearts 7-Leaves Ace-Leaves Ober-Bells",
        ],
        (3, 0, 3),
    ),
    # d: P2 holds every Ace and King, so wins every trick; the others follow
    # suit with two cards of each suit.
    "d": (
        [
            "Ober-Acorns Unter-Acorns Ober-Leaves Unter-Leaves Ober-Hearts Unter-Hearts "
            "Ober-Bells Unter-Bells",
            "10-Acorns 9-Acorns 10-Leaves 9-Leaves 10-Hearts 9-Hearts 10-Bells 9-Bells",
            "Ace-Acorns King-Acorns Ace-Leaves King-Leaves Ace-Hearts King-Hearts Ace-Bells "
            "King-Bells",
            "8-Acorns 7-Acorns 8-Leaves 7-Leaves 8-Hearts 7-Hearts 8-Bells 7-Bells",
        ],
        [
            "10-Hearts Ace-Hearts 8-Hearts Ober-Hearts",
            "King-Hearts 7-Hearts Unter-Hearts 9-Hearts",
            "Ace-Leaves 8-Leaves Ober-Leaves 10-Leaves",
            "King-Leaves 7-Leaves Unter-Leaves 9-Leaves",
            "Ace-Acorns 8-Acorns Ober-Acorns 10-Acorns",
            "King-Acorns 7-Acorns Unter-Acorns 9-Acorns",
            "Ace-Bells 8-Bells Ober-Bells 10-Bells",
            "King-Bells 7-Bells Unter-Bells 9-Bells",
        ],
        (2, 2, 2),
    ),
}
G3_PENALTIES = {
    "a": ([2, 0, 2, 0], [1, 0, 2, 0]),
    "b": ([0, 4, 0, 0], [0, 4, 0, 0]),
    "c": ([1, 0, 0, 3], [1, 0, 0, 2]),
    "d": ([0, 0, 4, 0], [0, 0, 4, 0]),
}


@pytest.mark.parametrize("value", [2, 1])
@pytest.mark.parametrize("case", sorted(G3_CASES))
def test_g3_scoring_from_the_facts(case: str, value: int) -> None:
    hands, rows, (first, last, holder) = G3_CASES[case]
    state = make_state(hands, grasober_value=value)
    winners, grasober_winner = play_cards(state, " ".join(rows).split())
    assert len(winners) == 8
    assert (winners[0], winners[-1], grasober_winner) == (first, last, holder)
    if case == "b":
        assert len(set(winners)) > 1  # all three, not every trick
    if case == "d":
        assert winners == [2] * 8
    default, with_value_1 = G3_PENALTIES[case]
    assert state.hand_results() == [default if value == 2 else with_value_1]


# ---------------------------------------------------------------------------
# G-4. A trick in Leaves

G4_HANDS = [
    "9-Leaves Ace-Leaves Ace-Acorns King-Acorns Ober-Acorns Unter-Acorns 10-Acorns 9-Acorns",
    "Ober-Leaves Unter-Leaves 8-Acorns 7-Acorns Ace-Hearts King-Hearts Ober-Hearts Unter-Hearts",
    "7-Leaves 10-Leaves 10-Hearts 9-Hearts 8-Hearts 7-Hearts Ace-Bells King-Bells",
    "King-Leaves 8-Leaves Ober-Bells Unter-Bells 10-Bells 9-Bells 8-Bells 7-Bells",
]


def test_g4_trick_in_leaves() -> None:
    state = make_state(G4_HANDS)
    assert play_trick(state, "P1 Ober-Leaves, P2 7-Leaves, P3 King-Leaves, P0 9-Leaves") == 3
    assert state.observation(0)["penalty_card_winner"] == 3
    last = finish_hand_lowest(state)
    penalties = expected_penalties(4, 3, last, 3, value=2)
    assert state.hand_results() == [penalties]
    assert penalties[3] in (3, 4)  # the first trick and the Grasober (2)


# ---------------------------------------------------------------------------
# G-5. End of the match (a hand found by search with exactly the facts:
# first trick P1, Grasober P2, last trick P3)

G5_HANDS = [
    "King-Acorns Unter-Acorns 9-Acorns Ober-Leaves 10-Leaves 7-Leaves 7-Hearts 7-Bells",
    "Ace-Leaves 8-Leaves King-Hearts Unter-Hearts 10-Hearts 9-Hearts 8-Hearts Ober-Bells",
    "10-Acorns 7-Acorns Ace-Hearts Ober-Hearts Ace-Bells King-Bells 10-Bells 8-Bells",
    "Ace-Acorns Ober-Acorns 8-Acorns King-Leaves Unter-Leaves 9-Leaves Unter-Bells 9-Bells",
]
G5_PLAYS = (
    "Ace-Leaves Ace-Bells King-Leaves 10-Leaves King-Hearts Ober-Hearts 9-Bells 7-Hearts "
    "9-Hearts Ace-Hearts 8-Acorns Ober-Leaves 7-Acorns Ace-Acorns 9-Acorns Unter-Hearts "
    "Ober-Acorns King-Acorns Ober-Bells 10-Acorns 7-Bells 8-Leaves 8-Bells Unter-Bells "
    "9-Leaves 7-Leaves 10-Hearts King-Bells Unter-Leaves Unter-Acorns 8-Hearts 10-Bells"
)


def test_g5_end_of_the_match() -> None:
    state = make_state(G5_HANDS, scores=[8, 6, 9, 4])
    winners, holder = play_cards(state, G5_PLAYS.split())
    assert (winners[0], holder, winners[-1]) == (1, 2, 3)
    assert state.hand_results() == [[0, 1, 2, 1]]
    assert state.scores() == [8, 7, 11, 5]
    assert state.is_terminal()
    assert state.losers() == [2]
    assert state.returns() == pytest.approx([1 / 3, 1 / 3, -1.0, 1 / 3])
    assert state.observation(0)["places"] == [3, 2, 4, 1]


# ---------------------------------------------------------------------------
# G-6. Winning one's own Grasober (one deal, two plays found by search)

G6_HANDS = [
    "King-Acorns 8-Acorns Ace-Leaves Unter-Leaves 7-Leaves King-Hearts 8-Hearts 7-Bells",
    "Ober-Acorns Unter-Acorns King-Leaves Ober-Leaves 9-Hearts 7-Hearts Ace-Bells 8-Bells",
    "Ace-Acorns 10-Acorns 8-Leaves Ace-Hearts 10-Hearts Ober-Bells 10-Bells 9-Bells",
    "9-Acorns 7-Acorns 10-Leaves 9-Leaves Ober-Hearts Unter-Hearts King-Bells Unter-Bells",
]
G6_PLAYS = {
    0: (
        "Ace-Bells 10-Bells King-Bells 7-Bells Ober-Acorns Ace-Acorns 9-Acorns King-Acorns "
        "10-Hearts Ober-Hearts 8-Hearts 7-Hearts Unter-Bells 7-Leaves 8-Bells 9-Bells "
        "7-Acorns 8-Acorns Unter-Acorns 10-Acorns King-Leaves Ace-Hearts 9-Leaves Ace-Leaves "
        "King-Hearts 9-Hearts Ober-Bells Unter-Hearts",
        [1, 3, 0, 0],
    ),
    1: (
        "9-Hearts Ace-Hearts Unter-Hearts 8-Hearts Ace-Acorns 7-Acorns 8-Acorns Unter-Acorns "
        "10-Hearts Ober-Hearts King-Hearts 7-Hearts King-Acorns Ober-Acorns 10-Acorns 9-Acorns "
        "7-Leaves King-Leaves Ober-Bells 9-Leaves 8-Bells 9-Bells King-Bells 7-Bells "
        "Unter-Bells Ace-Leaves Ace-Bells 10-Bells",
        [0, 4, 0, 0],
    ),
}


@pytest.mark.parametrize("last", [0, 1])
def test_g6_winning_ones_own_grasober(last: int) -> None:
    state = make_state(G6_HANDS)
    assert play_trick(state, "P1 Ober-Leaves, P2 8-Leaves, P3 10-Leaves, P0 Unter-Leaves") == 1
    observation = state.observation(1)
    assert (observation["first_trick_winner"], observation["penalty_card_winner"]) == (1, 1)
    plays, penalties = G6_PLAYS[last]
    winners, _holder = play_cards(state, plays.split())
    assert winners[-1] == last
    assert state.hand_results() == [penalties]


# ---------------------------------------------------------------------------
# determinize never gives the Grasober to a seat that was void and did not
# throw it


def void_without_grasober(forced: bool) -> Any:
    """G-2's deal; P1 leads Ober-Bells, P2 follows, P3 (no Bells, no
    Grasober) discards 8-Acorns."""
    state = make_state(G2_HANDS, grasober_forced_discard=forced)
    say(state, "Ober-Bells", "King-Bells", "8-Acorns")
    return state


@pytest.mark.parametrize("seat", [1, 2])
def test_determinize_keeps_the_grasober_from_a_void_seat(seat: int) -> None:
    state = void_without_grasober(forced=True)
    grasober = state.parse_action(GRASOBER)
    bells = state.game.deck.suit_masks[3]
    holders: set[int] = set()
    for index in range(200):
        world = state.determinize(seat, random.Random(index))
        assert world.observation(seat) == state.observation(seat)
        assert not world.hands[3] >> grasober & 1
        assert not world.hands[3] & bells
        holders.update(other for other in range(4) if world.hands[other] >> grasober & 1)
    assert holders == {0, 1, 2} - {seat}
    # the real game: the Grasober is still in play and must come out on a void
    assert state.hands[0] >> grasober & 1


def test_determinize_without_the_forced_discard_may_give_it_to_the_void_seat() -> None:
    state = void_without_grasober(forced=False)
    grasober = state.parse_action(GRASOBER)
    holders: set[int] = set()
    for index in range(200):
        world = state.determinize(1, random.Random(index))
        holders.update(other for other in range(4) if world.hands[other] >> grasober & 1)
    assert 3 in holders


# ---------------------------------------------------------------------------
# three, five and six players


@pytest.mark.parametrize(("players", "hand_size"), [(3, 10), (5, 6), (6, 5)])
def test_other_table_sizes(players: int, hand_size: int) -> None:
    game: Any = parlour.make(GAME, players=players)
    assert game.packets == {3: (3, 4, 3), 5: (3, 3), 6: (3, 2)}[players]
    state = game.new_state(seed=players)
    locations = state.card_locations()
    assert game.card_list(locations["out of play"]) == "7-Acorns 7-Leaves"
    assert [locations[f"hand {seat}"].bit_count() for seat in range(players)] == (
        [hand_size] * players
    )
    rng = random.Random(players)
    plays = 0
    while not state.hand_results():
        state.apply(rng.choice(state.legal_actions()))
        plays += 1
    assert plays == hand_size * players
    assert sum(state.hand_results()[0]) == 4


# ---------------------------------------------------------------------------
# options (§6.5)


@pytest.mark.parametrize(
    ("options", "expected"),
    [
        ({}, {"players": 4, "target": 10, "grasober_value": 2,
              "grasober_forced_discard": True}),
        ({"players": 3}, {"players": 3}),
        ({"players": 5}, {"players": 5}),
        ({"players": "6"}, {"players": 6}),
        ({"target": 1}, {"target": 1}),
        ({"target": "30"}, {"target": 30}),
        ({"grasober_value": 1}, {"grasober_value": 1}),
        ({"grasober_value": "2"}, {"grasober_value": 2}),
        ({"grasober_forced_discard": False}, {"grasober_forced_discard": False}),
        ({"grasober_forced_discard": "off"}, {"grasober_forced_discard": False}),
        ({"grasober_forced_discard": "true"}, {"grasober_forced_discard": True}),
    ],
)
def test_options_accepted(options: dict[str, Any], expected: dict[str, Any]) -> None:
    game = parlour.make(GAME, **options)
    assert {name: game.options[name] for name in expected} == expected


@pytest.mark.parametrize(
    ("name", "value", "message"),
    [
        ("players", 2, "option 'players' must be one of 3, 4, 5, 6, not 2"),
        ("players", 7, "option 'players' must be one of 3, 4, 5, 6, not 7"),
        ("target", 0, "option 'target' must be an integer from 1 to 100, not 0"),
        ("target", "x", "option 'target' must be an integer from 1 to 100, not x"),
        ("grasober_value", 3, "option 'grasober_value' must be one of 1, 2, not 3"),
        ("grasober_value", 0, "option 'grasober_value' must be one of 1, 2, not 0"),
        ("grasober_value", "two", "option 'grasober_value' must be one of 1, 2, not two"),
        ("grasober_forced_discard", "maybe",
         "option 'grasober_forced_discard' must be true or false, not maybe"),
        ("grasober_forced_discard", 2,
         "option 'grasober_forced_discard' must be true or false, not 2"),
    ],
)
def test_options_refused(name: str, value: object, message: str) -> None:
    with pytest.raises(OptionError) as caught:
        parlour.make(GAME, **{name: value})
    assert str(caught.value) == message


# ---------------------------------------------------------------------------
# German display and parsing


@pytest.mark.parametrize("text", ["Ober-Leaves", "Ober of Leaves", "ober-leaves", "OL"])
def test_typed_forms_of_the_grasober(text: str) -> None:
    state = make_state(G2_HANDS)
    action = state.parse_action(text)
    assert action == 13  # suit * 8 + rank: Leaves, Ober
    assert state.action_to_str(action) == GRASOBER


def test_hand_and_log_use_german_names() -> None:
    state = make_state(G2_HANDS)
    assert state.observation(0)["hand"] == [
        "Ace-Leaves", "King-Leaves", "Ober-Leaves", "Ober-Hearts", "10-Hearts", "8-Hearts",
        "Ace-Bells", "9-Bells",
    ]
    play_table(state, G2_TABLE[:1])
    assert state.observation(2)["log"][-5:] == [
        "P1 plays Unter-Acorns", "P2 plays 9-Acorns", "P3 plays 10-Acorns",
        "P0 plays Ober-Leaves", "P1 wins trick 1",
    ]


# ---------------------------------------------------------------------------
# hypothesis: a hand hands out 4 penalty points by default; 3 or 4 with
# grasober_value = 1 (4 exactly when one seat incurs all three)


@settings(max_examples=30, deadline=None)
@given(
    players=st.sampled_from([3, 4, 4, 5, 6]),
    value=st.sampled_from([1, 2]),
    forced=st.booleans(),
    seed=st.integers(0, 2**32),
    play_seed=st.integers(0, 2**32),
)
def test_random_hands_hand_out_the_penalties(
    players: int, value: int, forced: bool, seed: int, play_seed: int
) -> None:
    game: Any = parlour.make(
        GAME, players=players, target=6, grasober_value=value, grasober_forced_discard=forced
    )
    state: Any = game.new_state(seed=seed)
    rng = random.Random(play_seed)
    grasober = state.parse_action(GRASOBER)
    first = holder = -1
    while not state.is_terminal():
        hands = len(state.hand_results())
        seat = state.current_player()
        legal = state.legal_actions()
        trick = state.observation(0)["zones"]["trick"]
        if forced and trick and state.hands[seat] >> grasober & 1:
            led = state.game.suit_of[state.parse_action(trick[0]["card"])]
            if not state.hands[seat] & state.game.suit_masks[led]:
                assert legal == [grasober]
        state.apply(rng.choice(legal))
        zones = state.observation(0)["zones"]
        if zones["trick"]:
            continue
        last_trick = zones["last_trick"]
        if first < 0:
            first = last_trick["winner"]
        if GRASOBER in [entry["card"] for entry in last_trick["cards"]]:
            holder = last_trick["winner"]
        if len(state.hand_results()) > hands:
            deltas = state.hand_results()[-1]
            last = last_trick["winner"]
            assert deltas == expected_penalties(players, first, last, holder, value)
            if value == 2:
                assert sum(deltas) == 4
            else:
                assert sum(deltas) == (4 if first == last == holder else 3)
            first = holder = -1
    assert max(state.scores()) >= 6


# ---------------------------------------------------------------------------
# Issue #33: the Mord and Bettel contracts (``contracts``). Sources, named in
# the rules help: Bayerischer Rundfunk, "Grasoberln - In der Oberpfalz
# beliebt" (br.de/radio/bayern2/sendungen/zeit-fuer-bayern/grasoberln-100.html);
# Chamerau, "Kulturgut - und Kopfarbeit" (chamerau.de); gamerules.com,
# "Grasobern". Payments: no source found; decided 4 (the "Bauer" rate).

ACORNS = "Ace-Acorns King-Acorns Ober-Acorns Unter-Acorns 10-Acorns 9-Acorns 8-Acorns 7-Acorns"
LEAVES = "7-Leaves 8-Leaves 9-Leaves 10-Leaves Unter-Leaves Ober-Leaves King-Leaves Ace-Leaves"
HEARTS = "7-Hearts 8-Hearts 9-Hearts 10-Hearts Unter-Hearts Ober-Hearts King-Hearts Ace-Hearts"
BELLS = "7-Bells 8-Bells 9-Bells 10-Bells Unter-Bells Ober-Bells King-Bells Ace-Bells"
SUIT_HANDS = [LEAVES, ACORNS, HEARTS, BELLS]
"""Each seat one whole suit: P0 Leaves, P1 Acorns, P2 Hearts, P3 Bells."""
MORD_TABLE = [
    (f"P1 {acorn}, P2 {heart}, P3 {bell}, P0 {leaf}", 1)
    for acorn, heart, bell, leaf in zip(ACORNS.split(), HEARTS.split(), BELLS.split(),
                                        LEAVES.split(), strict=True)
]
"""P1 leads his Acorns from the Ace down; the others, void, throw theirs
from the 7 up (P0 keeps the Grasober to trick 6): P1 wins every trick."""


def contract_state(hands: list[str], **options: Any) -> Any:
    return make_state(hands, contracts=True, **options)


def test_contracts_the_announcements_come_first_with_their_own_action_ids() -> None:
    state = contract_state(SUIT_HANDS)
    assert state.game.num_actions == 35
    assert state.observation(1)["phase"] == "announce"
    assert state.current_player() == 1  # the eldest speaks first
    assert state.legal_actions() == [32, 33, 34]
    assert texts(state, state.legal_actions()) == {"pass", "mord", "bettel"}
    assert [state.parse_action(word) for word in ("pass", "Mord", "BETTEL")] == [32, 33, 34]
    assert state.observation(1)["prompt"] == (
        "Announce Mord (win every trick), Bettel (win no trick) or pass")
    assert state.observation(1)["contract"] is None
    default = make_state(SUIT_HANDS)
    assert default.game.num_actions == 32
    assert default.observation(1)["phase"] == "play"
    assert "contract" not in default.observation(1)


def test_contracts_mord_made() -> None:
    """Mord made. P1 announces Mord (the announcements end). The eldest P1
    leads his eight Acorns from the Ace; each other seat holds one other
    suit, so is void and throws its cards from the 7 up. At trick 1 P0,
    void in Acorns and holding the Grasober, may throw any card: under a
    contract the Grasober need not be thrown. P1 wins all 8 tricks.
    Penalties: P0 4, P1 0, P2 4, P3 4 (the Grasober, the first and the last
    trick count nothing)."""
    state = contract_state(SUIT_HANDS)
    say(state, "mord")
    assert state.observation(0)["phase"] == "play"
    assert state.observation(0)["contract"] == "mord"
    assert state.observation(0)["declarer"] == 1
    assert "mord" in state.observation(0)["players"][1]["flags"]
    say(state, "Ace-Acorns", "7-Hearts", "7-Bells")
    assert texts(state, state.legal_actions()) == set(LEAVES.split())
    say(state, "7-Leaves")
    play_table(state, MORD_TABLE[1:])
    assert state.hand_results() == [[4, 0, 4, 4]]
    assert "P1 announces Mord" in state.observation(0)["log"]


def test_contracts_mord_made_without_a_contract_is_the_bauer() -> None:
    """The same deal without an announcement: P0 must throw the Grasober on
    trick 1, and P1, winning every trick, is "Bauer" and pays 4."""
    state = contract_state(SUIT_HANDS)
    say(state, "pass", "pass", "pass", "pass")
    say(state, "Ace-Acorns", "7-Hearts", "7-Bells")
    assert texts(state, state.legal_actions()) == {GRASOBER}
    say(state, GRASOBER)
    for acorn, heart, bell in zip(ACORNS.split()[1:], HEARTS.split()[1:], BELLS.split()[1:],
                                  strict=True):
        say(state, acorn, heart, bell)
        state.apply(state.legal_actions()[0])
    assert state.hand_results() == [[0, 4, 0, 0]]


def test_contracts_mord_failed_after_overcalling_a_bettel() -> None:
    """Mord failed. P1 holds the Hearts, P2 the Acorns, P3 the Bells, P0 the
    Leaves. P1 announces Bettel; P2 overcalls with Mord (Mord beats Bettel),
    which ends the announcements; P1's Bettel is void. The eldest P1 leads
    his Hearts from the Ace down and, the others void, wins every trick:
    P2's Mord fails at trick 1. Penalties: P0 0, P1 0, P2 4, P3 0 (P1 pays
    nothing for taking every trick: the contract replaces the plain
    scoring)."""
    hands = [LEAVES, HEARTS, ACORNS, BELLS]
    state = contract_state(hands)
    say(state, "bettel")
    assert state.current_player() == 2
    assert state.legal_actions() == [32, 33]  # no second Bettel
    with pytest.raises(IllegalAction) as refused:
        say(state, "bettel")
    assert str(refused.value) == "Bettel is announced already: say 'mord' to overcall it, or 'pass'"
    say(state, "mord")
    assert state.observation(3)["phase"] == "play"
    assert state.current_player() == 1
    assert (state.observation(3)["contract"], state.observation(3)["declarer"]) == ("mord", 2)
    table = [(f"P1 {heart}, P2 {acorn}, P3 {bell}, P0 {leaf}", 1)
             for heart, acorn, bell, leaf in zip(reversed(HEARTS.split()), reversed(ACORNS.split()),
                                                 BELLS.split(), LEAVES.split(), strict=True)]
    play_table(state, table)
    assert state.hand_results() == [[0, 0, 4, 0]]
    log = state.observation(0)["log"]
    assert log.index("P1 announces Bettel") < log.index("P2 announces Mord")


BETTEL_HANDS = [
    "King-Acorns Ace-Acorns King-Leaves Ace-Leaves King-Hearts Ace-Hearts King-Bells Ace-Bells",
    "7-Acorns 8-Acorns 7-Leaves 8-Leaves 7-Hearts 8-Hearts 7-Bells 8-Bells",
    "9-Acorns 10-Acorns 9-Leaves 10-Leaves 9-Hearts 10-Hearts 9-Bells 10-Bells",
    "Unter-Acorns Ober-Acorns Unter-Leaves Ober-Leaves Unter-Hearts Ober-Hearts "
    "Unter-Bells Ober-Bells",
]
BETTEL_TABLE = [
    ("P1 7-Acorns, P2 9-Acorns, P3 Unter-Acorns, P0 King-Acorns", 0),
    ("P0 Ace-Acorns, P1 8-Acorns, P2 10-Acorns, P3 Ober-Acorns", 0),
    ("P0 King-Leaves, P1 7-Leaves, P2 9-Leaves, P3 Unter-Leaves", 0),
    ("P0 Ace-Leaves, P1 8-Leaves, P2 10-Leaves, P3 Ober-Leaves", 0),
    ("P0 King-Hearts, P1 7-Hearts, P2 9-Hearts, P3 Unter-Hearts", 0),
    ("P0 Ace-Hearts, P1 8-Hearts, P2 10-Hearts, P3 Ober-Hearts", 0),
    ("P0 King-Bells, P1 7-Bells, P2 9-Bells, P3 Unter-Bells", 0),
    ("P0 Ace-Bells, P1 8-Bells, P2 10-Bells, P3 Ober-Bells", 0),
]


def test_contracts_bettel_made() -> None:
    """Bettel made. P1 holds the 7 and 8 of every suit, P2 the 9s and 10s,
    P3 the Unters and Obers, P0 the Kings and Aces. P1 announces Bettel; P2,
    P3 and the dealer P0 pass. Every seat holds every suit and follows; P1's
    cards are always the lowest, so P1 wins no trick (P0 wins them all, the
    Grasober among them). Penalties: P0 4, P1 0, P2 4, P3 4."""
    state = contract_state(BETTEL_HANDS)
    say(state, "bettel", "pass", "pass")
    assert state.current_player() == 0
    say(state, "pass")
    assert (state.observation(0)["contract"], state.observation(0)["declarer"]) == ("bettel", 1)
    play_table(state, BETTEL_TABLE)
    assert state.hand_results() == [[4, 0, 4, 4]]


def test_contracts_bettel_failed() -> None:
    """Bettel failed. As above, but P1 holds Ace-Bells and P0 8-Bells. Tricks
    1-6 go as before; trick 7 (P0 8-Bells, P1 7-Bells, P2 9-Bells, P3
    Unter-Bells) goes to P3; trick 8 (P3 Ober-Bells, P0 King-Bells, P1
    Ace-Bells, P2 10-Bells), P1's last card, goes to P1: the Bettel fails.
    Penalties: P0 0, P1 4, P2 0, P3 0."""
    hands = [BETTEL_HANDS[0].replace("Ace-Bells", "8-Bells"),
             BETTEL_HANDS[1].replace("8-Bells", "Ace-Bells"), *BETTEL_HANDS[2:]]
    state = contract_state(hands)
    say(state, "bettel", "pass", "pass", "pass")
    play_table(state, [*BETTEL_TABLE[:6],
                       ("P0 8-Bells, P1 7-Bells, P2 9-Bells, P3 Unter-Bells", 3)])
    assert state.current_player() == 3
    say(state, "Ober-Bells", "King-Bells")
    assert texts(state, state.legal_actions()) == {"Ace-Bells"}
    say(state, "Ace-Bells", "10-Bells")
    assert state.hand_results() == [[0, 4, 0, 0]]


def test_contracts_the_dealer_may_announce_last() -> None:
    state = contract_state(BETTEL_HANDS)
    say(state, "pass", "pass", "pass", "bettel")
    assert (state.observation(0)["contract"], state.observation(0)["declarer"]) == ("bettel", 0)
    assert state.current_player() == 1  # the eldest leads


def test_contracts_refusals() -> None:
    state = contract_state(SUIT_HANDS)
    with pytest.raises(IllegalAction) as refused:
        say(state, "Ace-Acorns")
    assert str(refused.value) == "announce first: say 'pass', 'mord' or 'bettel'"
    say(state, "mord")
    with pytest.raises(IllegalAction) as refused:
        say(state, "bettel")
    assert str(refused.value) == "you cannot say 'bettel' now: play a card"
    with pytest.raises(ParseError) as caught:
        make_state(SUIT_HANDS).parse_action("mord")
    assert str(caught.value) == ("'mord' is neither a card nor a call; type a card such as "
                                 "Ober-Acorns, 10-Bells or OA")


def test_contracts_tensor_blocks_only_under_the_option() -> None:
    default = make_state(SUIT_HANDS)
    state = contract_state(SUIT_HANDS)
    n = 4
    assert len(state.observation_tensor(0)) == len(default.observation_tensor(0)) + n + 2
    assert list(state.observation_tensor(0)[-(n + 2):]) == [0.0] * (n + 2)
    say(state, "bettel", "mord")  # P2 declares Mord
    # P0 sees the declarer two seats on, and Mord
    assert list(state.observation_tensor(0)[-(n + 2):]) == [0, 0, 1, 0, 1, 0]
    assert list(state.observation_tensor(2)[-(n + 2):]) == [1, 0, 0, 0, 1, 0]
    state = contract_state(SUIT_HANDS)
    say(state, "pass", "pass", "bettel")  # P3 declares Bettel
    assert list(state.observation_tensor(1)[-(n + 2):]) == [0, 0, 1, 0, 0, 1]


@pytest.mark.parametrize("players", [3, 5, 6])
def test_contracts_other_table_sizes_play_to_the_end(players: int) -> None:
    state = parlour.make(GAME, players=players, contracts=True).new_state(seed=4)
    assert state.legal_actions() == [32, 33, 34]
    say(state, *["pass"] * (players - 1), "bettel")
    while not state.hand_results():
        state.apply(state.legal_actions()[0])
    [penalties] = state.hand_results()
    assert sorted(penalties) in ([0] * (players - 1) + [4], [0] + [4] * (players - 1))
    assert (penalties[0] == 0) == (penalties.count(4) == players - 1)


def test_contracts_the_heuristic_player_announces_mord_on_a_sure_hand() -> None:
    """P1, the eldest, holds all eight Acorns: sure of every trick, the
    heuristic player announces Mord and takes every trick; on a hand that
    is not sure it passes."""
    from parlour.agents.heuristic import HeuristicAgent

    state = contract_state(SUIT_HANDS)
    agents = [HeuristicAgent(seed=seat) for seat in range(4)]
    assert state.action_to_str(agents[1].choose(state.observation(1),
                                                state.legal_actions())) == "mord"
    while not state.hand_results():
        seat = state.current_player()
        state.apply(agents[seat].choose(state.observation(seat), state.legal_actions()))
    assert state.hand_results() == [[4, 0, 4, 4]]
    state = contract_state(BETTEL_HANDS)
    assert state.action_to_str(agents[1].choose(state.observation(1),
                                                state.legal_actions())) == "pass"


def test_contracts_option_values() -> None:
    assert parlour.make(GAME, contracts="on").options["contracts"] is True
    with pytest.raises(OptionError) as caught:
        parlour.make(GAME, contracts="maybe")
    assert str(caught.value) == "option 'contracts' must be true or false, not maybe"
