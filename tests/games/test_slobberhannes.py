"""Slobberhannes: the worked examples of ``rules/polignac.md`` §9.3 (S-1 …
S-6), the options of §4.4, the pack and deal for 3-6 players and a
hypothesis invariant over random play.
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
from trick_play import (
    codes,
    expected_penalties,
    hand_codes,
    hand_sizes,
    places,
    play_table,
    play_trick,
)
from trick_play import say as play

# ---------------------------------------------------------------------------
# helpers


def make_state(
    hands: list[str],
    dealer: int = 0,
    scores: list[int] | None = None,
    **options: Any,
) -> Any:
    """A Slobberhannes state from a fixed deal; ``hands`` are space-separated
    codes, one string per seat (the number of seats sets ``players``)."""
    deal: dict[str, Any] = {"dealer": dealer, "hands": [hand.split() for hand in hands]}
    if scores is not None:
        deal["scores"] = scores
    options.setdefault("players", len(hands))
    return parlour.make("slobberhannes", **options).new_state(deal=deal)


def qc_trick_winner(table: list[tuple[str, int]]) -> int:
    """The winner of the trick holding ``QC`` in a trick table."""
    return next(winner for row, winner in table if " QC" in row)


# ---------------------------------------------------------------------------
# S-1. A single trick

S1_HANDS = [
    "7C AS KS QS JS TS 9S 8S",
    "9C AH KH QH JH TH 9H 8H",
    "QC 7S 7H AD KD QD JD TD",
    "AC KC JC TC 8C 9D 8D 7D",
]


def test_s1_single_trick() -> None:
    state = make_state(S1_HANDS)
    assert state.current_player() == 1
    assert play_trick(state, "P1 9C, P2 QC, P3 AC, P0 7C") == 3  # ace high
    observation = state.observation(0)
    assert observation["penalty_card"] == "QC"
    assert observation["penalty_card_winner"] == 3
    assert observation["first_trick_winner"] == 3
    assert observation["log"][-1] == "P3 wins trick 1"
    assert state.current_player() == 3
    # P3 is charged 1 for QC (and 1 for the first trick) whoever takes the last
    while not state.hand_results():
        state.apply(state.legal_actions()[0])
    last = state.observation(0)["zones"]["last_trick"]["winner"]
    expected = [1 if seat == last else 0 for seat in range(4)]
    expected[3] += 2
    if last == 3:  # all three: 4, not 3
        expected = [0, 0, 0, 4]
    assert state.hand_results() == [expected]


# ---------------------------------------------------------------------------
# S-2. Scoring from the facts

S2_DEALS: dict[str, tuple[list[str], list[tuple[str, int]], list[int]]] = {
    # first trick P1, last trick P3, QC in a trick won by P1
    "split": ([
        "QS JS 8S TH 9H 8D JC 9C",
        "AS 7S QH 8H KD TD 7D KC",
        "KS AH KH JH AD QD JD QC",
        "TS 9S 7H 9D AC TC 8C 7C",
    ], [
        ("P1 AS, P2 KS, P3 9S, P0 QS", 1),
        ("P1 8H, P2 KH, P3 7H, P0 9H", 2),
        ("P2 JD, P3 9D, P0 8D, P1 TD", 2),
        ("P2 AH, P3 TC, P0 TH, P1 QH", 2),
        ("P2 QC, P3 7C, P0 JC, P1 KC", 1),
        ("P1 7S, P2 AD, P3 TS, P0 8S", 3),
        ("P3 AC, P0 9C, P1 7D, P2 JH", 3),
        ("P3 8C, P0 JS, P1 KD, P2 QD", 3),
    ], [0, 2, 0, 1]),
    # P2 wins the first trick, the last trick and the trick with QC
    "all_three": ([
        "KS 8S 7S AH KH JH 7H 7C",
        "JS 9S TH 8H AD TD JC 8C",
        "QS 9H QD 9D 8D AC QC 9C",
        "AS TS QH KD JD 7D KC TC",
    ], [
        ("P1 JC, P2 QC, P3 TC, P0 7C", 2),
        ("P2 9D, P3 JD, P0 AH, P1 TD", 3),
        ("P3 QH, P0 7H, P1 8H, P2 9H", 3),
        ("P3 AS, P0 7S, P1 9S, P2 QS", 3),
        ("P3 KD, P0 8S, P1 AD, P2 8D", 1),
        ("P1 8C, P2 AC, P3 KC, P0 JH", 2),
        ("P2 9C, P3 TS, P0 KH, P1 JS", 2),
        ("P2 QD, P3 7D, P0 KS, P1 TH", 2),
    ], [0, 0, 4, 0]),
}


@pytest.mark.parametrize("case", sorted(S2_DEALS))
def test_s2_scoring_from_the_facts(case: str) -> None:
    hands, table, penalties = S2_DEALS[case]
    facts = (table[0][1], table[-1][1], qc_trick_winner(table))
    assert facts == {"split": (1, 3, 1), "all_three": (2, 2, 2)}[case]
    state = make_state(hands)
    play_table(state, table)
    assert state.hand_results() == [penalties]


# ---------------------------------------------------------------------------
# S-3. A complete four-player hand

S3_HANDS = [
    "KS JS 9S KH QH 8H AC TC",
    "8S TH 9H AD 9D 8D 7D JC",
    "AS QS 7S AH KC QC 9C 8C",
    "TS JH 7H KD QD JD TD 7C",
]
S3_TABLE = [
    ("P1 JC, P2 9C, P3 7C, P0 TC", 1),
    ("P1 7D, P2 QC, P3 TD, P0 AC", 3),
    ("P3 TS, P0 9S, P1 8S, P2 7S", 3),
    ("P3 JD, P0 KS, P1 9D, P2 AS", 3),
    ("P3 7H, P0 8H, P1 9H, P2 AH", 2),
    ("P2 8C, P3 KD, P0 KH, P1 AD", 2),
    ("P2 QS, P3 QD, P0 JS, P1 TH", 2),
    ("P2 KC, P3 JH, P0 QH, P1 8D", 2),
]


def test_s3_complete_four_player_hand() -> None:
    state = make_state(S3_HANDS)
    play_table(state, S3_TABLE[:2])
    observation = state.observation(1)
    assert observation["first_trick_winner"] == 1
    assert observation["penalty_card_winner"] == 3
    play_table(state, S3_TABLE[2:])
    assert state.hand_results() == [[0, 1, 1, 1]]
    assert state.scores() == [0, 1, 1, 1]
    assert not state.is_terminal()
    log = state.observation(0)["log"]
    assert "hand 1 scored: P0 +0, P1 +1, P2 +1, P3 +1" in log
    assert state.observation(0)["dealer"] == 1
    assert state.current_player() == 2


def test_s3_discarded_ace_never_wins() -> None:
    # trick 2: P0, void in diamonds, throws AC; P3's ten of the suit led wins
    state = make_state(S3_HANDS)
    play_table(state, S3_TABLE[:1])
    play(state, "7D", "QC", "TD")
    assert {state.action_to_str(action) for action in state.legal_actions()} == {
        "KS", "JS", "9S", "KH", "QH", "8H", "AC"
    }
    play(state, "AC")
    assert state.observation(0)["zones"]["last_trick"]["winner"] == 3


def test_s3_must_follow_suit() -> None:
    state = make_state(S3_HANDS)
    play(state, "JC", "9C", "7C")
    before = (state.legal_actions(), state.card_locations(), list(state.history))
    with pytest.raises(IllegalAction, match=r"^you must follow suit: you hold clubs$"):
        play(state, "KS")
    with pytest.raises(IllegalAction, match=r"^you do not hold 8S$"):
        play(state, "8S")
    assert (state.legal_actions(), state.card_locations(), list(state.history)) == before
    assert {state.action_to_str(action) for action in state.legal_actions()} == {"AC", "TC"}


# ---------------------------------------------------------------------------
# S-4. All three to one player

S4_HANDS = [
    "9S AH QH QD JD 7D AC 8C",
    "JS KH 9H KD TD 9D KC QC",
    "AS 7S 7H AD JC TC 9C 7C",
    "KS QS TS 8S JH TH 8H 8D",
]
S4_TABLE = [
    ("P1 QC, P2 JC, P3 KS, P0 8C", 1),
    ("P1 9H, P2 7H, P3 8H, P0 AH", 0),
    ("P0 AC, P1 KC, P2 TC, P3 QS", 0),
    ("P0 7D, P1 9D, P2 AD, P3 8D", 2),
    ("P2 7S, P3 8S, P0 9S, P1 JS", 1),
    ("P1 KH, P2 AS, P3 JH, P0 QH", 1),
    ("P1 TD, P2 9C, P3 TS, P0 QD", 0),
    ("P0 JD, P1 KD, P2 7C, P3 TH", 1),
]


def test_s4_all_three_to_one_player() -> None:
    state = make_state(S4_HANDS)
    play_table(state, S4_TABLE)
    assert state.hand_results() == [[0, 4, 0, 0]]


# ---------------------------------------------------------------------------
# S-5. A complete five-player hand

S5_HANDS = [
    "9S QH JH 7H 8D JC",
    "KS 8S 9H 8H KD 7D",
    "JS KH AC QC TC 8C",
    "AS QS AD 9D KC 9C",
    "TS AH TH QD JD TD",
]
S5_TABLE = [
    ("P1 8S, P2 JS, P3 QS, P4 TS, P0 9S", 3),
    ("P3 9C, P4 AH, P0 JC, P1 KS, P2 TC", 0),
    ("P0 8D, P1 7D, P2 QC, P3 9D, P4 QD", 4),
    ("P4 TD, P0 QH, P1 KD, P2 AC, P3 AD", 3),
    ("P3 AS, P4 JD, P0 JH, P1 9H, P2 KH", 3),
    ("P3 KC, P4 TH, P0 7H, P1 8H, P2 8C", 3),
]


def test_s5_complete_five_player_hand() -> None:
    state = make_state(S5_HANDS)
    assert state.game.num_players == 5
    assert codes(state, state.card_locations()["out of play"]) == {"7S", "7C"}
    assert hand_sizes(state) == [6] * 5
    play_table(state, S5_TABLE)
    assert state.hand_results() == [[0, 0, 0, 2, 1]]


def test_s5_refused_with_the_wrong_sevens_out() -> None:
    hands = [S5_HANDS[0].replace("9S", "7S"), *S5_HANDS[1:]]
    with pytest.raises(
        ParseError, match=r"^the cards out of play must be 7S 7C, not 9S 7C$"
    ):
        make_state(hands)


# ---------------------------------------------------------------------------
# S-6. End of the match (target 10)

S6_DEALS: dict[str, tuple[list[str], list[tuple[str, int]]]] = {
    # penalties 1, 1, 0, 1
    "a": ([
        "QS TS 8S KH 9H 8H JC 7C",
        "KS QH JH AD KD QD 7D TC",
        "AS 9S 7S 7H KC QC 9C 8C",
        "JS AH TH JD TD 9D 8D AC",
    ], [
        ("P1 JH, P2 7H, P3 AH, P0 8H", 3),
        ("P3 TD, P0 QS, P1 QD, P2 9S", 1),
        ("P1 KD, P2 QC, P3 JD, P0 9H", 1),
        ("P1 TC, P2 9C, P3 AC, P0 JC", 3),
        ("P3 8D, P0 8S, P1 7D, P2 KC", 3),
        ("P3 9D, P0 7C, P1 AD, P2 AS", 1),
        ("P1 KS, P2 7S, P3 JS, P0 TS", 1),
        ("P1 QH, P2 8C, P3 TH, P0 KH", 0),
    ]),
    # penalties 1, 2, 0, 0
    "b": ([
        "KS QS QH 9H 7H JD TD 9C",
        "KH TH KD QD 9D QC JC 8C",
        "AS 8S 7S 8D 7D KC TC 7C",
        "JS TS 9S AH JH 8H AD AC",
    ], [
        ("P1 KH, P2 7S, P3 JH, P0 QH", 1),
        ("P1 8C, P2 7C, P3 AC, P0 9C", 3),
        ("P3 8H, P0 7H, P1 TH, P2 KC", 1),
        ("P1 QC, P2 TC, P3 JS, P0 KS", 1),
        ("P1 QD, P2 7D, P3 AD, P0 TD", 3),
        ("P3 AH, P0 9H, P1 KD, P2 AS", 3),
        ("P3 TS, P0 QS, P1 9D, P2 8S", 0),
        ("P0 JD, P1 JC, P2 8D, P3 9S", 0),
    ]),
}


@pytest.mark.parametrize(
    ("case", "before", "penalties", "after", "losers", "order"),
    [
        ("a", [8, 9, 3, 6], [1, 1, 0, 1], [9, 10, 3, 7], [1], [2, 3, 0, 1]),
        ("b", [9, 8, 4, 7], [1, 2, 0, 0], [10, 10, 4, 7], [0, 1], [2, 3, 0, 1]),
    ],
)
def test_s6_end_of_the_match(
    case: str, before: list[int], penalties: list[int], after: list[int],
    losers: list[int], order: list[int],
) -> None:
    hands, table = S6_DEALS[case]
    state = make_state(hands, scores=before)
    play_table(state, table)
    assert state.hand_results() == [penalties]
    assert state.scores() == after
    assert state.is_terminal()
    assert state.legal_actions() == []
    winners = [seat for seat in range(4) if seat not in losers]
    share = len(losers) / len(winners)
    returns = [-1.0 if seat in losers else share for seat in range(4)]
    assert state.returns() == returns
    assert sum(returns) == pytest.approx(0)
    assert state.result() == {"scores": after, "returns": returns}
    seat_places = places(state)
    assert seat_places is not None
    assert sorted(range(4), key=seat_places.__getitem__) == order
    assert [seat_places[seat] for seat in losers] == [max(seat_places)] * len(losers)
    with pytest.raises(IllegalAction, match=r"^the match is over$"):
        state.apply(0)


def test_s6_places_share_equal_totals() -> None:
    hands, table = S6_DEALS["b"]
    state = make_state(hands, scores=[9, 8, 4, 7])
    play_table(state, table)
    assert places(state) == [3, 3, 1, 2]
    assert state.returns() == [-1.0, -1.0, 1.0, 1.0]


def test_s6_below_target_play_goes_on() -> None:
    hands, table = S6_DEALS["a"]
    state = make_state(hands, scores=[7, 8, 3, 6])
    play_table(state, table)
    assert state.scores() == [8, 9, 3, 7]
    assert not state.is_terminal()
    assert state.returns() == [0.0] * 4
    assert state.result() is None
    assert places(state) is None
    observation = state.observation(2)
    assert (observation["dealer"], observation["hand_number"]) == (1, 2)
    assert hand_sizes(state) == [8] * 4


def test_s6_target_option_moves_the_end() -> None:
    state = make_state(S3_HANDS, target=1)
    play_table(state, S3_TABLE)
    assert state.is_terminal()
    assert state.returns() == [3.0, -1.0, -1.0, -1.0]
    assert places(state) == [1, 2, 2, 2]


def test_s6_everybody_tied_returns_nothing() -> None:
    state = make_state(S3_HANDS, scores=[10, 9, 9, 9])
    play_table(state, S3_TABLE)
    assert state.scores() == [10, 10, 10, 10]
    assert state.is_terminal()
    assert state.returns() == [0.0] * 4
    assert places(state) == [1, 1, 1, 1]


# ---------------------------------------------------------------------------
# §4.4 options


@pytest.mark.parametrize(
    ("name", "value"),
    [("players", 3), ("players", 4), ("players", 5), ("players", 6),
     ("target", 1), ("target", 10), ("target", 25)],
)
def test_options_accepted(name: str, value: int) -> None:
    game = parlour.make("slobberhannes", **{name: value})
    assert game.options[name] == value


def test_option_defaults() -> None:
    game = parlour.make("slobberhannes")
    assert game.options == {"players": 4, "target": 10}
    assert game.num_players == 4


@pytest.mark.parametrize(
    ("name", "value", "message"),
    [
        ("players", 2, "option 'players' must be one of 3, 4, 5, 6, not 2"),
        ("players", 7, "option 'players' must be one of 3, 4, 5, 6, not 7"),
        ("players", "four", "option 'players' must be one of 3, 4, 5, 6, not four"),
        ("target", 0, "option 'target' must be an integer from 1 to 100, not 0"),
        ("target", -10, "option 'target' must be an integer from 1 to 100, not -10"),
        ("target", "ten", "option 'target' must be an integer from 1 to 100, not ten"),
        ("ace_high", True, "unknown option 'ace_high'; the options are players, target"),
    ],
)
def test_options_refused(name: str, value: object, message: str) -> None:
    with pytest.raises(OptionError) as caught:
        parlour.make("slobberhannes", **{name: value})
    assert str(caught.value) == message


# ---------------------------------------------------------------------------
# §4.1 and table 1.1: pack and deal for 3-6 players

PACKETS = {3: (3, 2, 3, 2), 4: (3, 2, 3), 5: (3, 3), 6: (3, 2)}
"""Polignac's table 2.2, which Slobberhannes uses (§4.1, §8.3 item 4)."""


@pytest.mark.parametrize(
    ("players", "absent", "hand_size"),
    [(3, {"7S", "7C"}, 10), (4, set(), 8), (5, {"7S", "7C"}, 6), (6, {"7S", "7C"}, 5)],
)
@pytest.mark.parametrize("seed", [1, 2])
def test_pack_and_hands_by_player_count(
    players: int, absent: set[str], hand_size: int, seed: int
) -> None:
    state = parlour.make("slobberhannes", players=players).new_state(seed=seed)
    assert codes(state, state.card_locations()["out of play"]) == absent
    assert hand_sizes(state) == [hand_size] * players
    assert state.current_player() == 1
    plays = 0
    while not state.hand_results():
        state.apply(state.legal_actions()[-1])
        plays += 1
    assert plays == hand_size * players  # one trick per card in hand
    assert sum(state.hand_results()[0]) in (3, 4)


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_french_packets(players: int) -> None:
    game = parlour.make("slobberhannes", players=players)
    state = game.new_state(seed=7, explicit_chance=True)
    receivers: list[int] = []
    while state.is_chance_node():
        before = [hand_codes(state, seat) for seat in range(players)]
        state.apply(state.legal_actions()[0])
        after = [hand_codes(state, seat) for seat in range(players)]
        receivers.extend(seat for seat in range(players) if after[seat] != before[seat])
    expected = [
        (1 + offset) % players
        for packet in PACKETS[players]
        for offset in range(players)
        for _ in range(packet)
    ]
    assert receivers == expected
    assert codes(state, state.card_locations()["out of play"]) == (
        set() if players == 4 else {"7S", "7C"}
    )


THREE_HANDS = [
    "AS KS QS JS TS 9S 8S AH KH QH",
    "JH TH 9H 8H 7H AD KD QD JD TD",
    "9D 8D 7D AC KC QC JC TC 9C 8C",
]
SIX_HANDS = [
    "AS KS QS JS TS", "9S 8S AH KH QH", "JH TH 9H 8H 7H",
    "AD KD QD JD TD", "9D 8D 7D AC KC", "QC JC TC 9C 8C",
]


@pytest.mark.parametrize("hands", [THREE_HANDS, SIX_HANDS], ids=["three", "six"])
def test_three_and_six_player_fixed_deals(hands: list[str]) -> None:
    players = len(hands)
    state = make_state(hands, dealer=players - 1)
    assert codes(state, state.card_locations()["out of play"]) == {"7S", "7C"}
    assert state.current_player() == 0  # the dealer's left neighbour leads
    while not state.hand_results():
        state.apply(state.legal_actions()[0])
    penalties = state.hand_results()[0]
    assert len(penalties) == players
    assert sum(penalties) in (3, 4)


@pytest.mark.parametrize(
    ("players", "deal", "message"),
    [
        (3, {"hands": [THREE_HANDS[0].replace("AS", "7S"), *THREE_HANDS[1:]]},
         "the cards out of play must be 7S 7C, not AS 7C"),
        (4, {"hands": [S3_HANDS[0].replace("KS", "QS"), *S3_HANDS[1:]]}, "QS is dealt twice"),
        (4, {"hands": [S3_HANDS[0] + " 7S", *S3_HANDS[1:]]}, "P0 must hold 8 cards, not 9"),
        (4, {"hands": S3_HANDS, "turnup": "AS"},
         "unknown deal key 'turnup'; a slobberhannes deal has dealer, hands, scores"),
        (6, {"hands": [SIX_HANDS[0] + " AH", *SIX_HANDS[1:]]}, "P0 must hold 5 cards, not 6"),
        (5, {"hands": S5_HANDS, "dealer": 5}, "the dealer must be a seat from 0 to 4, not 5"),
    ],
)
def test_impossible_deals_are_refused(players: int, deal: dict[str, Any], message: str) -> None:
    game = parlour.make("slobberhannes", players=players)
    deal = {**deal, "hands": [hand.split() for hand in deal["hands"]]}
    with pytest.raises(ParseError, match=f"^{re.escape(message)}"):
        game.new_state(deal=deal)


# ---------------------------------------------------------------------------
# hypothesis: every hand hands out 3 or 4 penalty points (§4.2)

OPTION_SETS = st.fixed_dictionaries({
    "players": st.sampled_from([3, 4, 5, 6]),
    "target": st.integers(min_value=1, max_value=12),
})


@settings(max_examples=80, deadline=None)
@given(options=OPTION_SETS, seed=st.integers(0, 2**32), play_seed=st.integers(0, 2**32))
def test_random_matches_hand_out_three_or_four(
    options: dict[str, Any], seed: int, play_seed: int
) -> None:
    game = parlour.make("slobberhannes", **options)
    state = game.new_state(seed=seed)
    rng = random.Random(play_seed)
    n = game.num_players
    hand_size = {3: 10, 4: 8, 5: 6, 6: 5}[n]
    hands = 0
    while not state.is_terminal():
        locations = state.card_locations()
        union = 0
        for mask in locations.values():
            assert union & mask == 0
            union |= mask
        assert union == game.deck.full_mask
        winners = []
        holder = -1
        for _ in range(hand_size):
            for _ in range(n):
                state.apply(rng.choice(state.legal_actions()))
            last = state.observation(0)["zones"]["last_trick"]
            winners.append(last["winner"])
            if any(entry["card"] == "QC" for entry in last["cards"]):
                holder = last["winner"]
        hands += 1
        penalties = state.hand_results()[-1]
        assert len(state.hand_results()) == hands
        assert sum(penalties) in (3, 4)
        assert penalties == expected_penalties(n, winners[0], winners[-1], holder)
        totals = state.scores()
        assert totals == [sum(column) for column in zip(*state.hand_results(), strict=True)]
        assert state.is_terminal() == (max(totals) >= options["target"])
    totals = state.scores()
    losers = [seat for seat in range(n) if totals[seat] == max(totals)]
    returns = state.returns()
    assert sum(returns) == pytest.approx(0)
    if len(losers) == n:
        assert returns == [0.0] * n
    else:
        assert [seat for seat in range(n) if returns[seat] == -1.0] == losers
        share = len(losers) / (n - len(losers))
        assert all(returns[seat] == share for seat in range(n) if seat not in losers)
