"""Eichelobern: the worked examples of ``rules/polignac.md`` §9.4 (E-1 … E-6),
the options of §5.4, German card names, three-, five- and six-player
tables (§1.1, §5.1) and hypothesis invariants under random play.
"""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import parlour
from parlour.errors import IllegalAction, OptionError, ParseError
from trick_play import expected_penalties, finish_hand_lowest, play_table, play_trick, say, texts

GAME = "eichelobern"
EICHELOBER = "Ober-Acorns"


# ---------------------------------------------------------------------------
# helpers


def make_state(
    hands: list[str], dealer: int = 0, scores: list[int] | None = None, **options: Any
) -> Any:
    """An Eichelobern state from a fixed deal; ``hands`` are space-separated names."""
    deal: dict[str, Any] = {"dealer": dealer, "hands": [hand.split() for hand in hands]}
    if scores is not None:
        deal["scores"] = scores
    return parlour.make(GAME, **options).new_state(deal=deal)


# ---------------------------------------------------------------------------
# E-1. Ranking: Ace above 10 above Ober above Unter

E1_HANDS = [
    "Ace-Acorns 7-Acorns Ace-Leaves King-Leaves Ober-Leaves Unter-Leaves 10-Leaves 9-Leaves",
    "Unter-Acorns 8-Acorns 8-Leaves 7-Leaves Ace-Hearts King-Hearts Ober-Hearts Unter-Hearts",
    "Ober-Acorns 9-Acorns 10-Hearts 9-Hearts 8-Hearts 7-Hearts Ace-Bells King-Bells",
    "10-Acorns King-Acorns Ober-Bells Unter-Bells 10-Bells 9-Bells 8-Bells 7-Bells",
]


def test_e1_ranking() -> None:
    state = make_state(E1_HANDS)
    assert play_trick(state, "P1 Unter-Acorns, P2 Ober-Acorns, P3 10-Acorns, P0 Ace-Acorns") == 0
    observation = state.observation(0)
    assert observation["penalty_card_winner"] == 0
    assert observation["first_trick_winner"] == 0
    last = finish_hand_lowest(state)
    # charged 1 for the Eichelober (and 1 for the first trick; 4 if also the last)
    assert state.hand_results() == [expected_penalties(4, 0, last, 0)]
    assert state.hand_results()[0][0] >= 2


# ---------------------------------------------------------------------------
# E-2. The Ober discarded by a player void in the suit led

E2_HANDS = [
    "9-Hearts Ace-Hearts King-Hearts Ace-Acorns King-Acorns Unter-Acorns 10-Acorns 9-Acorns",
    "10-Hearts Ober-Hearts 8-Acorns 7-Acorns Ace-Leaves King-Leaves Ober-Leaves Unter-Leaves",
    "Unter-Hearts 8-Hearts 7-Hearts 10-Leaves 9-Leaves 8-Leaves 7-Leaves Ace-Bells",
    "Ober-Acorns King-Bells Ober-Bells Unter-Bells 10-Bells 9-Bells 8-Bells 7-Bells",
]


def test_e2_the_ober_discarded() -> None:
    state = make_state(E2_HANDS)
    say(state, "10-Hearts", "Unter-Hearts")
    assert state.current_player() == 3
    # P3 holds no hearts: every card may be played (no forced Ober in Eichelobern)
    assert len(state.legal_actions()) == 8
    say(state, EICHELOBER)
    assert state.current_player() == 0
    assert texts(state, state.legal_actions()) == {"9-Hearts", "Ace-Hearts", "King-Hearts"}
    say(state, "9-Hearts")
    assert state.observation(0)["zones"]["last_trick"]["winner"] == 2  # Unter above 10
    assert state.observation(1)["penalty_card_winner"] == 2
    last = finish_hand_lowest(state)
    assert state.hand_results() == [expected_penalties(4, 2, last, 2)]


# ---------------------------------------------------------------------------
# E-3. A complete hand

E3_HANDS = [
    "9-Acorns 7-Acorns King-Leaves Ober-Leaves Unter-Hearts 8-Hearts 10-Bells 9-Bells",
    "Ace-Acorns Ace-Leaves 9-Leaves 8-Leaves 7-Leaves 9-Hearts 7-Hearts Ace-Bells",
    "Unter-Acorns 8-Acorns Unter-Leaves Ace-Hearts Ober-Hearts King-Bells Ober-Bells Unter-Bells",
    "King-Acorns Ober-Acorns 10-Acorns 10-Leaves King-Hearts 10-Hearts 8-Bells 7-Bells",
]
E3_TABLE = [
    ("P1 Ace-Acorns, P2 Unter-Acorns, P3 King-Acorns, P0 9-Acorns", 1),
    ("P1 Ace-Bells, P2 King-Bells, P3 8-Bells, P0 10-Bells", 1),
    ("P1 7-Hearts, P2 Ober-Hearts, P3 10-Hearts, P0 Unter-Hearts", 2),
    ("P2 Unter-Bells, P3 7-Bells, P0 9-Bells, P1 Ace-Leaves", 2),
    ("P2 Ace-Hearts, P3 King-Hearts, P0 8-Hearts, P1 9-Hearts", 2),
    ("P2 Ober-Bells, P3 Ober-Acorns, P0 King-Leaves, P1 9-Leaves", 2),
    ("P2 8-Acorns, P3 10-Acorns, P0 7-Acorns, P1 8-Leaves", 3),
    ("P3 10-Leaves, P0 Ober-Leaves, P1 7-Leaves, P2 Unter-Leaves", 0),
]


def test_e3_complete_hand() -> None:
    state = make_state(E3_HANDS)
    play_table(state, E3_TABLE[:6])
    assert state.observation(0)["penalty_card_winner"] == 2
    assert state.observation(0)["first_trick_winner"] == 1
    play_table(state, E3_TABLE[6:])
    assert state.hand_results() == [[1, 1, 1, 0]]
    assert state.scores() == [1, 1, 1, 0]
    assert not state.is_terminal()
    assert state.observation(0)["dealer"] == 1


def test_e3_log_and_observation_use_german_names() -> None:
    state = make_state(E3_HANDS)
    observation = state.observation(1)
    assert observation["hand"] == [
        "Ace-Acorns", "Ace-Leaves", "9-Leaves", "8-Leaves", "7-Leaves", "9-Hearts",
        "7-Hearts", "Ace-Bells",
    ]
    assert observation["penalty_card"] == EICHELOBER
    legal = observation["legal"]
    assert [entry["text"] for entry in legal] == [entry["card"] for entry in legal]
    assert {entry["text"] for entry in legal} == set(observation["hand"])
    play_table(state, E3_TABLE[:5])
    say(state, "Ober-Bells", EICHELOBER)
    observation = state.observation(0)
    assert observation["zones"]["trick"] == [
        {"seat": 2, "card": "Ober-Bells"}, {"seat": 3, "card": EICHELOBER},
    ]
    assert observation["log"][-2:] == ["P2 plays Ober-Bells", "P3 plays Ober-Acorns"]
    say(state, "King-Leaves", "9-Leaves")
    observation = state.observation(2)
    assert observation["zones"]["last_trick"] == {
        "cards": [{"seat": 2, "card": "Ober-Bells"}, {"seat": 3, "card": EICHELOBER},
                  {"seat": 0, "card": "King-Leaves"}, {"seat": 1, "card": "9-Leaves"}],
        "winner": 2,
    }
    assert EICHELOBER in observation["zones"]["won"]
    assert observation["log"][-5:] == [
        "P2 plays Ober-Bells", "P3 plays Ober-Acorns", "P0 plays King-Leaves",
        "P1 plays 9-Leaves", "P2 wins trick 6",
    ]
    play_table(state, E3_TABLE[6:])
    assert "hand 1 scored: P0 +1, P1 +1, P2 +1, P3 +0" in state.observation(0)["log"]


def test_e3_must_follow_suit_names_the_suit() -> None:
    state = make_state(E3_HANDS)
    say(state, "Ace-Acorns")
    with pytest.raises(IllegalAction, match=r"^you must follow suit: you hold acorns$"):
        state.apply(state.parse_action("Ace-Hearts"))
    with pytest.raises(IllegalAction, match=r"^you do not hold 9-Acorns$"):
        state.apply(state.parse_action("9-Acorns"))
    assert state.current_player() == 2
    assert texts(state, state.legal_actions()) == {"Unter-Acorns", "8-Acorns"}


# ---------------------------------------------------------------------------
# E-4. All three to one player

E4_HANDS = [
    "Ober-Acorns 10-Acorns Ober-Leaves 10-Leaves Ober-Hearts Ace-Bells Unter-Bells 10-Bells",
    "8-Acorns Ace-Leaves King-Leaves 9-Leaves 7-Leaves King-Hearts Unter-Hearts 9-Hearts",
    "Ace-Acorns King-Acorns Unter-Acorns 9-Acorns 7-Acorns 8-Leaves 9-Bells 7-Bells",
    "Unter-Leaves Ace-Hearts 10-Hearts 8-Hearts 7-Hearts King-Bells Ober-Bells 8-Bells",
]
E4_TABLE = [
    ("P1 8-Acorns, P2 7-Acorns, P3 Ace-Hearts, P0 Ober-Acorns", 0),
    ("P0 10-Acorns, P1 Ace-Leaves, P2 9-Acorns, P3 King-Bells", 0),
    ("P0 10-Bells, P1 King-Leaves, P2 9-Bells, P3 8-Bells", 0),
    ("P0 10-Leaves, P1 9-Leaves, P2 8-Leaves, P3 Unter-Leaves", 3),
    ("P3 7-Hearts, P0 Ober-Hearts, P1 Unter-Hearts, P2 Ace-Acorns", 0),
    ("P0 Unter-Bells, P1 King-Hearts, P2 7-Bells, P3 Ober-Bells", 3),
    ("P3 8-Hearts, P0 Ace-Bells, P1 9-Hearts, P2 King-Acorns", 1),
    ("P1 7-Leaves, P2 Unter-Acorns, P3 10-Hearts, P0 Ober-Leaves", 0),
]


def test_e4_all_three_to_one_player() -> None:
    state = make_state(E4_HANDS)
    play_table(state, E4_TABLE)
    assert state.hand_results() == [[4, 0, 0, 0]]


# ---------------------------------------------------------------------------
# E-5. Three players (and five and six): §1.1 and the packets of §5.1

PACKETS = {3: (3, 4, 3), 4: (4, 4), 5: (3, 3), 6: (3, 2)}


def packets_dealt(players: int, seed: int) -> list[tuple[int, int]]:
    """Deal a hand card by card (explicit chance) and return the runs of
    (seat, cards) in the order dealt."""
    state = parlour.make(GAME, players=players).new_state(seed=seed, explicit_chance=True)
    rng = random.Random(seed)
    runs: list[tuple[int, int]] = []
    while state.is_chance_node():
        before = [len(state.observation(seat)["hand"]) for seat in range(players)]
        state.apply(rng.choice(state.legal_actions()))
        after = [len(state.observation(seat)["hand"]) for seat in range(players)]
        (seat,) = [seat for seat in range(players) if after[seat] != before[seat]]
        if runs and runs[-1][0] == seat:
            runs[-1] = (seat, runs[-1][1] + 1)
        else:
            runs.append((seat, 1))
    return runs


@pytest.mark.parametrize(("players", "hand_size"), [(3, 10), (5, 6), (6, 5)])
def test_e5_three_five_and_six_players(players: int, hand_size: int) -> None:
    runs = packets_dealt(players, seed=players)
    # clockwise from the eldest (P1), one round of the table per packet size
    expected = [
        ((1 + offset) % players, size)
        for size in PACKETS[players] for offset in range(players)
    ]
    assert runs == expected
    state: Any = parlour.make(GAME, players=players).new_state(seed=11)
    locations = state.card_locations()
    assert state.game.card_list(locations["out of play"]) == "7-Acorns 7-Leaves"
    assert [locations[f"hand {seat}"].bit_count() for seat in range(players)] == (
        [hand_size] * players
    )
    tricks = 0
    while not state.hand_results():
        state.apply(state.legal_actions()[0])
        if not state.observation(0)["zones"]["trick"]:
            tricks += 1
    assert tricks == hand_size
    assert sum(state.hand_results()[0]) in (3, 4)


def test_e5_four_players_use_the_whole_pack() -> None:
    assert packets_dealt(4, seed=4) == [
        (1, 4), (2, 4), (3, 4), (0, 4), (1, 4), (2, 4), (3, 4), (0, 4),
    ]
    state = parlour.make(GAME).new_state(seed=4)
    assert state.card_locations()["out of play"] == 0


THREE_HANDS = [
    "Ace-Acorns King-Acorns Ober-Acorns Unter-Acorns 10-Acorns 9-Acorns 8-Acorns "
    "Ace-Leaves King-Leaves Ober-Leaves",
    "Unter-Leaves 10-Leaves 9-Leaves 8-Leaves Ace-Hearts King-Hearts Ober-Hearts "
    "Unter-Hearts 10-Hearts 9-Hearts",
    "8-Hearts 7-Hearts Ace-Bells King-Bells Ober-Bells Unter-Bells 10-Bells 9-Bells "
    "8-Bells 7-Bells",
]


def test_e5_three_player_fixed_deal_plays_ten_tricks() -> None:
    state = make_state(THREE_HANDS, players=3)
    assert state.current_player() == 1
    assert state.game.card_list(state.card_locations()["out of play"]) == "7-Acorns 7-Leaves"
    winners = []
    while not state.hand_results():
        state.apply(state.legal_actions()[0])
        observation = state.observation(0)
        if not observation["zones"]["trick"]:
            winners.append(observation["zones"]["last_trick"]["winner"])
    assert len(winners) == 10
    assert sum(state.hand_results()[0]) in (3, 4)


def test_e5_three_player_deal_must_leave_out_the_black_sevens() -> None:
    hands = [THREE_HANDS[0].replace("8-Acorns", "7-Acorns"), *THREE_HANDS[1:]]
    with pytest.raises(
        ParseError, match=r"^the cards out of play must be 7-Acorns 7-Leaves, not 8-Acorns 7-Leaves"
    ):
        make_state(hands, players=3)


# ---------------------------------------------------------------------------
# E-6. End of the match


def test_e6_end_of_the_match() -> None:
    state = make_state(E4_HANDS, scores=[7, 9, 5, 8], target=10)
    play_table(state, E4_TABLE)
    assert state.hand_results() == [[4, 0, 0, 0]]
    assert state.scores() == [11, 9, 5, 8]
    assert state.is_terminal()
    assert state.legal_actions() == []
    assert state.losers() == [0]
    assert state.returns() == pytest.approx([-1.0, 1 / 3, 1 / 3, 1 / 3])
    assert state.observation(2)["places"] == [4, 3, 1, 2]


def test_e6_below_the_target_play_goes_on() -> None:
    state = make_state(E4_HANDS, scores=[7, 9, 5, 8], target=12)
    play_table(state, E4_TABLE)
    assert state.scores() == [11, 9, 5, 8]
    assert not state.is_terminal()
    assert state.returns() == [0.0] * 4


# ---------------------------------------------------------------------------
# options (§5.4)


@pytest.mark.parametrize("players", [3, 4, 5, 6, "5"])
def test_players_option_accepted(players: object) -> None:
    game = parlour.make(GAME, players=players)
    assert game.num_players == int(str(players))


@pytest.mark.parametrize("players", [2, 7, "four", 0])
def test_players_option_refused(players: object) -> None:
    with pytest.raises(OptionError) as caught:
        parlour.make(GAME, players=players)
    assert str(caught.value) == f"option 'players' must be one of 3, 4, 5, 6, not {players}"


@pytest.mark.parametrize("target", [1, 10, 25, "7"])
def test_target_option_accepted(target: object) -> None:
    assert parlour.make(GAME, target=target).options["target"] == int(str(target))


@pytest.mark.parametrize("target", [0, -1, "ten"])
def test_target_option_refused(target: object) -> None:
    with pytest.raises(OptionError) as caught:
        parlour.make(GAME, target=target)
    assert str(caught.value) == f"option 'target' must be an integer from 1 to 100, not {target}"


def test_defaults_and_no_grasobern_options() -> None:
    assert parlour.make(GAME).options == {"players": 4, "target": 10}
    with pytest.raises(OptionError, match=r"^unknown option 'grasober_value'"):
        parlour.make(GAME, grasober_value=2)


# ---------------------------------------------------------------------------
# German display and parsing


@pytest.mark.parametrize(
    "text",
    ["Ober-Acorns", "Ober of Acorns", "ober-acorns", "OA", "play Ober-Acorns", " OA "],
)
def test_typed_forms_of_the_eichelober(text: str) -> None:
    state = parlour.make(GAME).new_state(seed=1)
    action = state.parse_action(text)
    assert action == 5  # suit * 8 + rank: Acorns, Ober
    assert state.action_to_str(action) == EICHELOBER


@pytest.mark.parametrize(
    ("text", "canonical"),
    [("10-Bells", "10-Bells"), ("TB", "10-Bells"), ("Unter of Hearts", "Unter-Hearts"),
     ("ace-leaves", "Ace-Leaves"), ("7-Acorns", "7-Acorns")],
)
def test_typed_forms(text: str, canonical: str) -> None:
    state = parlour.make(GAME).new_state(seed=1)
    assert state.action_to_str(state.parse_action(text)) == canonical


def test_every_action_round_trips() -> None:
    state = parlour.make(GAME).new_state(seed=1)
    for action in range(state.game.num_actions):
        text = state.action_to_str(action)
        assert re.fullmatch(r"(Ace|King|Ober|Unter|10|9|8|7)-(Acorns|Leaves|Hearts|Bells)", text)
        assert state.parse_action(text) == action


def test_french_codes_are_refused() -> None:
    state = parlour.make(GAME).new_state(seed=1)
    with pytest.raises(ParseError, match=r"^'QC' is neither a card nor a call"):
        state.parse_action("QC")


# ---------------------------------------------------------------------------
# hypothesis: every hand hands out 3 penalty points, or 4 to one seat


@settings(max_examples=25, deadline=None)
@given(
    players=st.sampled_from([3, 4, 5, 6]),
    seed=st.integers(0, 2**32),
    play_seed=st.integers(0, 2**32),
)
def test_random_hands_follow_the_scoring(players: int, seed: int, play_seed: int) -> None:
    state = parlour.make(GAME, players=players, target=6).new_state(seed=seed)
    rng = random.Random(play_seed)
    first = holder = -1
    tricks = 0
    while not state.is_terminal():
        hands = len(state.hand_results())
        state.apply(rng.choice(state.legal_actions()))
        zones = state.observation(0)["zones"]
        if zones["trick"]:
            continue
        tricks += 1
        last_trick = zones["last_trick"]
        if first < 0:
            first = last_trick["winner"]
        if EICHELOBER in [entry["card"] for entry in last_trick["cards"]]:
            holder = last_trick["winner"]
        if len(state.hand_results()) > hands:
            deltas = state.hand_results()[-1]
            assert tricks == {3: 10, 4: 8, 5: 6, 6: 5}[players]
            assert deltas == expected_penalties(players, first, last_trick["winner"], holder)
            assert sum(deltas) == (4 if 4 in deltas else 3)
            first = holder = -1
            tricks = 0
    assert max(state.scores()) >= 6


# ---------------------------------------------------------------------------
# Issue #33: the rules help says what a seat void in the suit led may play


def test_the_help_says_a_void_seat_plays_any_card() -> None:
    game = parlour.make(GAME)
    english = " ".join(game.rules_help("en").split())
    spanish = " ".join(game.rules_help("es").split())
    assert "no trumps; follow suit if you can, otherwise play any card. Eldest leads." in english
    assert ("no hay triunfo; hay que asistir al palo si se puede y, si no, se juega cualquier "
            "carta. Sale el mano.") in spanish
