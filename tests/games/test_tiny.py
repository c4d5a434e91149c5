"""The tiny research games (:mod:`parlour.games.tiny`): hands played out by
their parents' rules with exact scores, what each shrinks, and the exact
figures of OpenSpiel's NashConv and CFR through the adapter
(``docs/research.md``; ``scripts/cfr_tiny.py`` measures the larger runs)."""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any

import pytest

import parlour
from parlour.errors import OptionError, ParseError
from parlour.games.tiny import TinyPolignac, TinyRanterGoRound


def polignac(hands: list[str], **options: Any) -> Any:
    """A Tiny Polignac hand dealt by seat 0; ``hands`` space-separated codes."""
    return parlour.make("tiny-polignac", **options).new_state(
        deal={"dealer": 0, "hands": [hand.split() for hand in hands]})


def play(state: Any, *moves: str) -> None:
    for move in moves:
        state.apply_text(move)


def ranter(hands: list[str], **deal: Any) -> Any:
    """A Tiny Ranter Go Round hand dealt by seat 1 (P0 is the elder)."""
    options = deal.pop("options", {})
    return parlour.make("tiny-ranter-go-round", **options).new_state(
        deal={"dealer": 1, "hands": [[hand] for hand in hands], **deal})


# --- Tiny Polignac --------------------------------------------------------------------------

def test_tiny_polignac_deals_two_cards_each_from_its_six_and_plays_one_hand() -> None:
    game = parlour.make("tiny-polignac")
    state = game.new_state(seed=4)
    held = [set(state.observation(seat)["hand"]) for seat in range(3)]
    assert [len(hand) for hand in held] == [2, 2, 2]
    assert set().union(*held) == {"KS", "QS", "JS", "KH", "QH", "JH"}
    assert state.card_locations()["out of play"].bit_count() == 26
    assert (game.num_actions, game.max_hand_decisions(), game.max_match_decisions()) == (34, 9, 9)


def test_a_tiny_polignac_hand_the_polignac_won_by_a_king() -> None:
    """P1 (eldest) leads the jack of spades; P2, void in spades, throws the
    queen of hearts; P0 must follow with the king and takes the Polignac (2).
    P0 leads the jack of hearts; P1, void, throws the queen of spades; P2's
    king takes it (1). P0 has the highest total, 2, and loses alone."""
    state = polignac(["KS JH", "QS JS", "KH QH"])
    assert state.current_player() == 1
    play(state, "JS", "QH")
    assert state.legal_actions() == [state.parse_action("KS")]
    play(state, "KS", "JH", "QS", "KH")
    assert state.is_terminal()
    assert state.scores() == [2, 0, 1]
    assert state.hand_results() == [[2, 0, 1]]
    assert state.returns() == [-1.0, 0.5, 0.5]
    assert state.observation(0)["log"] == [
        "P0 deals hand 1",
        "P1 plays JS", "P2 plays QH", "P0 plays KS", "P0 wins trick 1",
        "P0 plays JH", "P1 plays QS", "P2 plays KH", "P2 wins trick 2",
        "hand 1 scored: P0 +2, P1 +0, P2 +1",
    ]


def test_the_same_tiny_polignac_hand_with_ace_high_penalises_the_queens() -> None:
    """The same cards and plays: P0's first trick now costs the queen of
    hearts (1), and P2's second the queen of spades (2)."""
    state = polignac(["KS JH", "QS JS", "KH QH"], ace_high=True)
    play(state, "JS", "QH", "KS", "JH", "QS", "KH")
    assert state.scores() == [1, 0, 2]
    assert state.returns() == [0.5, 0.5, -1.0]


def test_a_tiny_polignac_capot_made() -> None:
    """With capot on, P1 holding both kings announces capot and wins both
    tricks: the other two take 5 each and share the loss."""
    state = polignac(["QS JH", "KS KH", "JS QH"], capot=True)
    play(state, "capot", "KS", "JS", "QS", "KH", "QH", "JH")
    assert state.scores() == [5, 0, 5]
    assert state.returns() == [-1.0, 2.0, -1.0]


def test_a_tiny_polignac_deal_holds_the_six_cards_and_nothing_else() -> None:
    with pytest.raises(ParseError) as error:
        polignac(["KS JH", "QS JS", "KH 7H"])
    assert str(error.value) == (
        "the cards out of play must be 7S 8S 9S TS AS 7H 8H 9H TH AH 7D 8D 9D TD JD QD KD AD "
        "7C 8C 9C TC JC QC KC AC, not 7S 8S 9S TS AS 8H 9H TH QH AH 7D 8D 9D TD JD QD KD AD "
        "7C 8C 9C TC JC QC KC AC")


def test_tiny_polignac_offers_no_pack_reduction_and_three_players_only() -> None:
    with pytest.raises(OptionError) as error:
        parlour.make("tiny-polignac", pack_reduction="red_sevens")
    assert str(error.value).startswith("unknown option 'pack_reduction'")
    with pytest.raises(OptionError) as error:
        parlour.make("tiny-polignac", players=4)
    assert str(error.value) == "option 'players' must be one of 3, not 4"


# --- Tiny Ranter Go Round -------------------------------------------------------------------

def test_the_first_tiny_ranter_dealer_is_found_in_the_short_pack() -> None:
    """Dealt face up from seat 0, the first of the two Jacks of twelve cards
    comes to seat 0 with 6/11 (positions 0, 2, ... 10: (11 + 9 + ... + 1)
    of the 66 places of the two Jacks)."""
    state = parlour.make("tiny-ranter-go-round").new_state(seed=0, explicit_chance=True)
    assert state.chance_outcomes() == [(54, float(Fraction(6, 11))), (55, float(Fraction(5, 11)))]
    state.apply(55)
    assert len(state.chance_outcomes()) == 12
    assert {state.action_to_str(action) for action, _ in state.chance_outcomes()} == {
        f"deal {code}" for code in ("AS", "2S", "3S", "JS", "QS", "KS",
                                    "AH", "2H", "3H", "JH", "QH", "KH")}


def test_a_tiny_ranter_hand_the_elder_exchanges_and_the_dealer_cuts_an_ace() -> None:
    """P0 (elder) holds 2S and exchanges with the dealer P1, who gets it for
    his QH; P1 cuts the stock at its top card, AS: the ace is lowest, P1
    loses his only life, and P0 wins the pot of 1."""
    state = ranter(["2S", "QH"], stock=["AS"], cut=0)
    play(state, "exchange", "exchange")
    assert state.is_terminal()
    assert state.scores() == [0, 1]
    assert state.returns() == [1.0, -1.0]
    assert state.observation(0)["log"] == [
        "P1 deals hand 1", "P0 exchanges with P1", "P1 cuts the stock",
        "showdown: P0 QH, P1 AS", "P1 loses his last life and is out", "P0 wins the pot of 1",
    ]


@pytest.mark.parametrize(("final_tie", "returns", "last_line"), [
    ("split", [0.0, 0.0], "nobody is left: P0 and P1 are joint winners and share the pot of 2"),
    ("carry_over", [0.0, 0.0],
     "nobody is left and nobody wins: the pot of 2 is carried into the next game"),
])
def test_a_tiny_ranter_tie_for_lowest_puts_both_out(final_tie: str, returns: list[float],
                                                   last_line: str) -> None:
    """Two threes (suits do not matter), both stand: both lose their life."""
    state = ranter(["3S", "3H"], options={"final_tie": final_tie})
    play(state, "stand", "stand")
    assert state.scores() == [1, 1]
    assert state.returns() == returns
    assert state.observation(0)["log"][-1] == last_line


def test_a_tiny_ranter_king_blocks_the_exchange() -> None:
    """P1's King refuses P0's exchange and uses up P1's turn: the hand goes
    to the showdown, and P0's jack loses to it."""
    state = ranter(["JS", "KH"])
    play(state, "exchange")
    assert state.is_terminal()
    assert state.returns() == [-1.0, 1.0]
    assert "P0 asks P1, who shows KH (Bo!) and refuses" in state.observation(1)["log"]


def test_a_tiny_ranter_deal_from_outside_the_short_pack_is_refused() -> None:
    with pytest.raises(ParseError) as error:
        ranter(["7S", "QH"])
    assert str(error.value) == ("7S is not in the pack; it holds 2S 3S JS QS KS AS 2H 3H JH QH "
                                "KH AH")


def test_tiny_ranter_fixes_one_life_and_two_players() -> None:
    game = parlour.make("tiny-ranter-go-round")
    assert "lives" not in game.options and game.lives == 1
    assert (game.max_hand_decisions(), game.max_match_decisions()) == (4, 4)
    with pytest.raises(OptionError) as error:
        parlour.make("tiny-ranter-go-round", lives=3)
    assert str(error.value).startswith("unknown option 'lives'")
    with pytest.raises(OptionError) as error:
        parlour.make("tiny-ranter-go-round", final_tie="playoff")
    assert str(error.value) == ("option 'final_tie' must be one of split, carry_over, "
                                "not playoff")


def test_the_tiny_games_are_research_games_and_their_parents_are_not() -> None:
    listing = parlour.games()
    assert [name for name, info in listing.items() if info["research"]] == [
        TinyPolignac.name, TinyRanterGoRound.name]


# --- exact methods through the OpenSpiel adapter ---------------------------------------------

@pytest.fixture(scope="module")
def tiny_ranter() -> Any:
    pyspiel = pytest.importorskip("pyspiel")
    import parlour.rl.openspiel  # noqa: F401  (registers the games)

    return pyspiel.load_game("parlour_tiny_ranter_go_round")


def test_the_uniform_policy_of_tiny_ranter_has_nash_conv_157_330(tiny_ranter: Any) -> None:
    from open_spiel.python import policy
    from open_spiel.python.algorithms import exploitability

    value = exploitability.nash_conv(tiny_ranter, policy.UniformRandomPolicy(tiny_ranter))
    assert value == pytest.approx(157 / 330, abs=1e-12)


def test_two_iterations_of_cfr_halve_tiny_ranters_nash_conv(tiny_ranter: Any) -> None:
    from open_spiel.python.algorithms import cfr, exploitability

    solver = cfr.CFRSolver(tiny_ranter)
    solver.evaluate_and_update_policy()
    solver.evaluate_and_update_policy()
    value = exploitability.nash_conv(tiny_ranter, solver.average_policy())
    assert value == pytest.approx(569 / 2420, abs=1e-12)
    assert value < 157 / 330 / 2


def test_a_research_game_keeps_a_match_the_deal_ends_unless_asked_to_deal_again() -> None:
    """Exact methods walk a finite tree: tiny Ranter Go Round keeps the
    match two kings end (the rules), where its parent deals again for RL;
    ``redeal_undecided=true`` deals it again for an RL loop."""
    import pyspiel

    import parlour.rl.openspiel  # noqa: F401

    tiny = pyspiel.load_game("parlour_tiny_ranter_go_round")
    assert tiny.get_parameters()["redeal_undecided"] is False
    assert pyspiel.load_game("parlour_ranter_go_round").get_parameters()[
        "redeal_undecided"] is True
    again = pyspiel.load_game("parlour_tiny_ranter_go_round", {"redeal_undecided": True})
    for game, ends in ((tiny, True), (again, False)):
        found = False
        for seed in range(200):
            state = game.new_initial_state()
            rng = random.Random(seed)
            while state.is_chance_node():
                outcomes, weights = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(outcomes, weights)[0])
            found |= state.is_terminal()
        assert found is ends
