"""Polignac: issue 33's part. The rules help says that a hand is played
out after a failed capot; the variants (``pack`` 52, 7-8 players,
``direction`` right), each with a worked example computed by hand from its
sources (named in each test's docstring and in ``parlour rules polignac``).
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import parlour
from parlour.engine.registry import game_class
from parlour.errors import IllegalAction, ParseError
from trick_play import codes, hand_sizes, play_table, play_trick, say, texts


def test_the_help_says_a_hand_is_played_out_after_a_failed_capot() -> None:
    """§2.3: "The hand is always played to the end, even after the capot has
    failed"; the help said what a failed capot costs but not that play goes
    on (issue 33, deviation 5)."""
    cls = game_class("polignac")
    assert ("The hand is always played out, even once the capot has failed: "
            "the tricks after the first one the bidder loses still count"
            in " ".join(cls.rules_help("en").split()))
    assert ("La mano se juega siempre hasta el final, aunque el capote ya haya "
            "fallado: las bazas que siguen a la primera que pierde el que lo "
            "anunció también cuentan" in " ".join(cls.rules_help("es").split()))


def test_after_the_capot_fails_the_hand_is_played_to_its_last_trick() -> None:
    """P-6 (rules §9.1): the capot fails at trick 1 and all eight tricks are
    still played; under ``jacks_normal`` the jacks of the later tricks count."""
    hands = ["9S 8S TH 9H 7D 9C 8C 7C", "KS 7S 7H TD 9D KC QC JC",
             "AS KH QH JH AH KD QD JD", "QS JS TS 8H AD 8D AC TC"]
    state = parlour.make("polignac", capot_fail="jacks_normal").new_state(
        deal={"dealer": 0, "hands": [hand.split() for hand in hands]})
    say(state, "pass", "capot")
    say(state, "KS", "AS", "QS", "9S")  # P1 wins trick 1: the capot has failed
    assert state.observation(0)["phase"] == "play"
    assert state.current_player() == 1
    assert state.hand_results() == []
    say(state, "JC", "JD", "AC", "7C", "7S", "AH", "JS", "8S", "8H", "9H", "7H", "JH")
    assert state.observation(0)["trick_number"] == 5
    assert state.hand_results() == []
    say(state, "KD", "8D", "7D", "9D", "QD", "AD", "TH", "TD", "KH", "TS", "9C", "QC",
        "QH", "TC", "8C", "KC")
    assert state.hand_results() == [[0, 2, 1, 2]]




# ---------------------------------------------------------------------------
# helpers


def make_state(hands: list[str], dealer: int = 0, **options: Any) -> Any:
    """A state dealt ``hands`` (space-separated codes, P0 first)."""
    return parlour.make("polignac", **options).new_state(
        deal={"dealer": dealer, "hands": [hand.split() for hand in hands]})


def out_of_play(state: Any) -> set[str]:
    return codes(state, state.card_locations()["out of play"])


# ---------------------------------------------------------------------------
# 7 and 8 players (piquet pack)

P8_HANDS = ["KS 8S 9D AC", "JS 9H TD 8C", "QS TH JD 9C", "AS JH QD TC",
            "TS QH KD JC", "9S KH AD QC", "8H AH 8D KC"]
P8_TABLE = [
    ("P1 JS, P2 QS, P3 AS, P4 TS, P5 9S, P6 KC, P0 8S", 2),
    ("P2 9C, P3 TC, P4 JC, P5 QC, P6 8D, P0 AC, P1 8C", 5),
    ("P5 AD, P6 AH, P0 9D, P1 TD, P2 JD, P3 QD, P4 KD", 4),
    ("P4 QH, P5 KH, P6 8H, P0 KS, P1 9H, P2 TH, P3 JH", 5),
]


def test_p8_a_seven_player_hand() -> None:
    """Seven players (J. Boussac, *Encyclopédie des jeux de cartes*, 1896,
    pp. 184-186, https://www.jouerenlignefr.org/encyclopedie/le-polignac;
    "Le Polignac", https://www.adpoker.fr/polignac.html): the four sevens
    out, 28 cards, four each; dealer P0, everyone passes. P6, void in
    spades, throws KC; P2's QS beats the ace and takes the Polignac; P5
    takes JC in trick 2 and JH in trick 4 (void P0 throws KS on hearts),
    P4 takes JD under his own king. Penalties: P2 2, P4 1, P5 2."""
    state = make_state(P8_HANDS, players=7)
    assert out_of_play(state) == {"7S", "7H", "7D", "7C"}
    assert hand_sizes(state) == [4] * 7
    say(state, *["pass"] * 7)
    play_table(state, P8_TABLE)
    assert state.hand_results() == [[0, 0, 2, 0, 1, 2, 0]]
    assert state.observation(0)["dealer"] == 1  # the deal passes to the left


@pytest.mark.parametrize(("players", "absent"), [
    (7, {"7S", "7H", "7D", "7C"}), (8, set())])
@pytest.mark.parametrize("reduction", ["black_sevens", "red_sevens"])
def test_seven_and_eight_players_hold_four_cards(
        players: int, absent: set[str], reduction: str) -> None:
    """S3/S4: four each at 7 and 8; 28 cards at 7 whichever sevens the
    option names (all four go), the whole pack at 8."""
    state = parlour.make("polignac", players=players, pack_reduction=reduction).new_state(seed=5)
    assert out_of_play(state) == absent
    assert hand_sizes(state) == [4] * players
    assert state.game.packets == (2, 2)


P7_DISCARD_HANDS = ["JS JH 7S 7H 7D 7C 8S 8H", "9S TS QS KS", "AS 9H TH QH", "KH AH 8D 9D",
                    "TD JD QD KD", "AD 8C 9C TC", "JC QC KC AC"]


def test_seven_players_dealer_discards_four_but_never_a_jack() -> None:
    """S4's second method at seven: the dealer takes the four cards over
    and discards four, never a jack; then the announcements begin at P1."""
    state = make_state(P7_DISCARD_HANDS, players=7, pack_reduction="dealer_discard")
    assert state.current_player() == 0
    assert texts(state, state.legal_actions()) == {"7S", "7H", "7D", "7C", "8S", "8H"}
    with pytest.raises(IllegalAction) as refused:
        state.apply(state.parse_action("JS"))
    assert str(refused.value) == "you may not discard a penalty card (JS)"
    with pytest.raises(IllegalAction) as refused:
        state.apply(state.parse_action("pass"))
    assert str(refused.value) == ("the dealer must first discard face down as many cards as "
                                  "he was dealt beyond his hand (4)")
    say(state, "7S", "7H", "8S", "7C")
    assert out_of_play(state) == {"7S", "7H", "8S", "7C"}
    assert state.observation(0)["discards"] == ["8S", "7S", "7H", "7C"]
    assert "discards" not in state.observation(1)
    assert state.observation(0)["phase"] == "announce"
    assert state.current_player() == 1
    assert hand_sizes(state) == [4] * 7


# ---------------------------------------------------------------------------
# the 52-card party game

P9_HANDS = ["8S 9S 7H 6D TD TC", "3S 8H KH KD 3C QC", "KS 3H AH 7D 4C AC",
            "JS QS 4H 8D 9D 5C", "4S QH TH 3D QD 6C", "5S AS JH 4D 7C JC",
            "6S 5H 9H 5D AD 8C", "7S TS 6H JD 9C KC"]
P9_TABLE = [
    ("P1 3S, P2 KS, P3 JS, P4 4S, P5 5S, P6 6S, P7 7S, P0 8S", 2),
    ("P2 3H, P3 4H, P4 QH, P5 JH, P6 5H, P7 6H, P0 7H, P1 8H", 4),
    ("P4 3D, P5 4D, P6 5D, P7 JD, P0 6D, P1 KD, P2 7D, P3 8D", 1),
    ("P1 3C, P2 4C, P3 5C, P4 6C, P5 7C, P6 8C, P7 9C, P0 TC", 0),
    ("P0 9S, P1 KH, P2 AH, P3 QS, P4 TH, P5 AS, P6 9H, P7 TS", 3),
    ("P3 9D, P4 QD, P5 JC, P6 AD, P7 KC, P0 TD, P1 QC, P2 AC", 4),
]


def test_p9_an_eight_player_hand_with_the_52_card_pack() -> None:
    """The party game with the 52-card pack (the seed; Wikipedia,
    https://en.wikipedia.org/wiki/Polignac_(card_game): "sometimes played as
    a party game with the 52-card pack", no rules given; decisions in the
    rules help): eight players, the four twos out, six cards each; K Q J A
    10 9 … 3. Dealer P0, everyone passes. Trick 4 goes to the ten of clubs
    (nothing above it was played); in trick 5 the queen beats the ace of
    spades; P5 throws JC on P4's queen of diamonds in trick 6.
    Penalties: P1 1 (JD), P2 2 (JS), P4 2 (JH, JC)."""
    state = make_state(P9_HANDS, players=8, pack=52)
    assert out_of_play(state) == {"2S", "2H", "2D", "2C"}
    assert state.game.num_actions == 54
    say(state, *["pass"] * 8)
    play_table(state, P9_TABLE)
    assert state.hand_results() == [[0, 1, 2, 0, 2, 0, 0, 0]]


def test_the_52_card_ranking_and_action_ids() -> None:
    """The ace between the jack and the ten, the 6 … 2 below the 7 (and
    A K Q … 2 under ace_high); pass and capot follow the 52 cards."""
    game = parlour.make("polignac", pack=52)
    order = sorted(("KH", "QH", "JH", "AH", "TH", "7H", "6H", "2H"),
                   key=lambda code: -game.strength[game.deck.parse(code).id])
    assert order == ["KH", "QH", "JH", "AH", "TH", "7H", "6H", "2H"]
    high = parlour.make("polignac", pack=52, ace_high=True)
    assert max(range(13, 26), key=lambda card: high.strength[card]) == high.deck.parse("AH").id
    assert game.deck.codes(game.penalty_mask) == ["JS", "JH", "JD", "JC"]
    state = game.new_state(seed=1)
    assert [state.action_to_str(action) for action in state.legal_actions()] == ["pass", "capot"]
    assert state.parse_action("pass") == 52 and state.parse_action("capot") == 53


@pytest.mark.parametrize(("players", "reduction", "absent", "hand"), [
    (3, "black_sevens", {"2S"}, 17), (3, "red_sevens", {"2H"}, 17), (4, "red_sevens", set(), 13),
    (5, "black_sevens", {"2S", "2C"}, 10), (5, "red_sevens", {"2H", "2D"}, 10),
    (6, "black_sevens", {"2S", "2H", "2D", "2C"}, 8),
    (7, "black_sevens", {"2S", "2C", "2H"}, 7), (7, "red_sevens", {"2H", "2D", "2S"}, 7),
    (8, "red_sevens", {"2S", "2H", "2D", "2C"}, 6),
])
def test_the_52_card_pack_leaves_out_the_twos(
        players: int, reduction: str, absent: set[str], hand: int) -> None:
    """The decision for the 52-card pack: the twos that do not divide
    evenly go, of the colour pack_reduction names first."""
    state = parlour.make("polignac", players=players, pack=52,
                         pack_reduction=reduction).new_state(seed=3)
    assert out_of_play(state) == absent
    assert hand_sizes(state) == [hand] * players
    assert sum(state.game.packets) == hand  # one round of packets
    assert max(state.game.packets) <= 3


def test_the_52_card_dealer_discard_with_three_players() -> None:
    """Three players, 52 cards, dealer_discard: the dealer is dealt 18 and
    discards one (not a jack)."""
    state = parlour.make("polignac", players=3, pack=52,
                         pack_reduction="dealer_discard").new_state(seed=4)
    assert hand_sizes(state) == [18, 17, 17]
    assert state.game.surplus == 1
    legal = state.legal_actions()
    assert not set(texts(state, legal)) & {"JS", "JH", "JD", "JC"}
    state.apply(legal[0])
    assert hand_sizes(state) == [17, 17, 17]
    assert state.observation(0)["phase"] == "announce"


def test_a_52_card_deal_without_the_right_twos_is_refused() -> None:
    hands = [hand.split() for hand in P9_HANDS]
    hands[0][0] = "2S"
    with pytest.raises(ParseError) as refused:
        parlour.make("polignac", players=8, pack=52).new_state(deal={"dealer": 0, "hands": hands})
    assert str(refused.value) == "the cards out of play must be 2S 2H 2D 2C, not 8S 2H 2D 2C"


def test_the_tensor_grows_with_the_pack_and_the_table_and_keeps_the_default_layout() -> None:
    default = parlour.make("polignac")
    assert (default.tensor_version, default.observation_tensor_size) == (1, 511)
    for options, size in (({"pack": 52, "players": 8}, 52 * 27 + 5 + 40 + 1 + 9),
                          ({"players": 7}, 32 * 24 + 5 + 35 + 1 + 8)):
        game = parlour.make("polignac", **options)
        assert game.observation_tensor_size == size
        assert sum(block.size for block in game.observation_layout()) == size
        state = game.new_state(seed=2)
        tensor = state.observation_tensor(1)
        assert tensor.shape == (size,)
        assert tensor[:len(game.deck)].sum() == game.hand_size


# ---------------------------------------------------------------------------
# dealing and playing to the right

P10_HANDS = ["KS JS 9S KH QH 8H AC TC", "8S TH 9H AD 9D 8D 7D JC",
             "QS AS 7S AH KC QC 9C 8C", "TS JH 7H KD QD JD TD 7C"]
"""P-3's cards (rules §9.1), played to the right."""
P10_TABLE = [
    ("P3 7C, P2 9C, P1 JC, P0 AC", 1),
    ("P1 7D, P0 JS, P3 TD, P2 8C", 3),
    ("P3 TS, P2 7S, P1 8S, P0 9S", 3),
    ("P3 JD, P2 QC, P1 AD, P0 KH", 3),
    ("P3 7H, P2 AH, P1 9H, P0 8H", 2),
    ("P2 KC, P1 TH, P0 TC, P3 JH", 2),
    ("P2 AS, P1 8D, P0 KS, P3 QD", 0),
    ("P0 QH, P3 KD, P2 QS, P1 9D", 0),
]


def test_p10_a_hand_dealt_and_played_to_the_right() -> None:
    """Boussac (1896, https://www.jouerenlignefr.org/encyclopedie/le-polignac)
    deals from the right and has the player at the dealer's right lead; so
    do the French and Italian Wikipedias. Dealer P0: P3 speaks and leads
    first, then P2, P1, P0. P0, void in diamonds, throws the Polignac on
    P3's ten in trick 2; P3 wins his own JD in trick 4 (the jack above the
    ace); void P3 throws JH on P2's king of clubs in trick 6.
    Penalties: P1 1 (JC), P2 1 (JH), P3 3 (JS, JD); the deal then passes
    to P3, and P2 speaks first."""
    state = make_state(P10_HANDS, direction="right")
    assert state.current_player() == 3
    for seat in (3, 2, 1, 0):
        assert state.current_player() == seat
        say(state, "pass")
    say(state, "7C", "9C")
    assert state.current_player() == 1
    trick = state.observation(1)["zones"]["trick"]
    assert trick == [{"seat": 3, "card": "7C"}, {"seat": 2, "card": "9C"}]
    assert state.public_log()[-2:] == ["P3 plays 7C", "P2 plays 9C"]
    tensor = state.observation_tensor(1)  # the trick block: P1's place, then clockwise
    played = [int(tensor[96 + 32 * place:128 + 32 * place].argmax()) for place in (1, 2)]
    assert played == [state.parse_action("9C"), state.parse_action("7C")]
    play_trick(state, "P1 JC, P0 AC")
    play_table(state, P10_TABLE[1:])
    assert state.hand_results() == [[0, 1, 1, 3]]
    assert state.observation(0)["dealer"] == 3
    assert state.current_player() == 2


def test_to_the_right_the_deal_goes_round_counter_clockwise() -> None:
    """A seeded deal to the right gives the first packet to the dealer's
    right-hand neighbour: the explicit-chance deal's first three cards go
    to P3 when P0 deals."""
    state = parlour.make("polignac", direction="right").new_state(seed=8, explicit_chance=True)
    seats = state.game.schedule_seats[0]
    assert seats[:9] == (3, 3, 3, 2, 2, 2, 1, 1, 1)
    assert seats[9:12] == (0, 0, 0)
    assert parlour.make("polignac").schedule_seats[0][:9] == (1, 1, 1, 2, 2, 2, 3, 3, 3)


def test_the_heuristic_player_knows_who_plays_after_it_to_the_right() -> None:
    from parlour.agents.heuristic.view import read_view

    state = make_state(P10_HANDS, direction="right")
    say(state, "pass", "pass", "pass", "pass", "7C")
    view = read_view(state.observation(2), state.legal_actions())
    assert view.followers() == [1, 0]


def test_the_options_are_listed_for_the_web_form_and_the_cli() -> None:
    described = {option["name"]: option for option in parlour.games()["polignac"]["options"]}
    assert described["players"]["choices"] == [3, 4, 5, 6, 7, 8]
    assert (described["pack"]["choices"], described["pack"]["default"]) == ([32, 52], 32)
    assert (described["direction"]["choices"], described["direction"]["default"]) == (
        ["left", "right"], "left")
    text = game_class("polignac").rules_help("en")
    for source in ("https://www.jouerenlignefr.org/encyclopedie/le-polignac",
                   "https://www.adpoker.fr/polignac.html",
                   "https://en.wikipedia.org/wiki/Polignac_(card_game)"):
        assert source in text and source in game_class("polignac").rules_help("es")


# ---------------------------------------------------------------------------
# random play over the variants

VARIANTS = st.fixed_dictionaries({
    "players": st.sampled_from([3, 4, 5, 6, 7, 8]),
    "pack": st.sampled_from([32, 52]),
    "direction": st.sampled_from(["left", "right"]),
    "pack_reduction": st.sampled_from(["black_sevens", "red_sevens", "dealer_discard"]),
    "ace_high": st.booleans(),
    "capot": st.booleans(),
    "target": st.integers(min_value=1, max_value=6),
})


@settings(max_examples=40, deadline=None)
@given(options=VARIANTS, seed=st.integers(0, 2**32))
def test_random_matches_of_the_variants_keep_the_rules(options: dict[str, Any], seed: int) -> None:
    """Every card in one place; each trick played round in the game's
    direction from its leader; a hand without a capot bid hands out
    exactly 5 penalty points; the dealer turn moves in the direction."""
    game = parlour.make("polignac", **options)
    state = game.new_state(seed=seed)
    rng = random.Random(seed)
    step = -1 if options["direction"] == "right" else 1
    n = game.num_players
    bid, dealer = False, 0
    while not state.is_terminal():
        union = 0
        for mask in state.card_locations().values():
            assert union & mask == 0
            union |= mask
        assert union == game.deck.full_mask
        legal = state.legal_actions()
        action = legal[rng.randrange(len(legal))]
        bid = bid or state.action_to_str(action) == "capot"
        hands = len(state.hand_results())
        state.apply(action)
        last = state.observation(0)["zones"].get("last_trick")
        if last is not None:
            seats = [entry["seat"] for entry in last["cards"]]
            assert seats == [(seats[0] + step * place) % n for place in range(n)]
        if len(state.hand_results()) > hands:
            deltas = state.hand_results()[-1]
            assert min(deltas) >= 0
            assert bid or sum(deltas) == 5
            bid = False
            if not state.is_terminal():
                assert state.observation(0)["dealer"] == (dealer + step) % n
                dealer = (dealer + step) % n
