"""Progress Rummy's variants (issue #33): play from right to left
(``direction=anticlockwise``).

Seats: Ann 0, Ben 1, Cat 2, Dan 3; seats are numbered clockwise, so Dan
sits on Ann's right (``rules/progress.md`` §1.3).
"""

from __future__ import annotations

import pytest

import parlour
from parlour.agents.heuristic.rummy import read_seat
from parlour.errors import OptionError
from parlour.games.progress_rummy import DRAW, TAKE
from rummy_positions import draw_and_throw, fill, hand, middle, run

ANN, BEN, CAT, DAN = range(4)


RIGHT_TO_LEFT_HANDS = {
    ANN: "3Cr 4Cr 9Su 9Mo 12St 1St 6Su 11Mo 13Cr 5St",
    BEN: "2Cr 2Mo 4St 7Su 8Cr 10Mo 10St 11Su 13Su 1Mo",
    CAT: "P 3Mo 5Mo 7Cr 9Cr 10Cr 11St 12Su 2St 4Su",
    DAN: "12Cr 12Mo 6Mo 7Mo 8Mo 1Su 2Su 3Su 13St 6Cr",
}


def test_right_to_left_worked_example() -> None:
    """Worked example, hand-computed, of ``direction=anticlockwise``: the
    seed's "El juego continúa como arriba de derecha a izquierda" read
    literally (the turn passes to the player on the right), with the deal
    going the same way, as in Chinchón, the Spanish rummy (Club
    Conservador de Cartes i Jocs, "Chinchón",
    https://cccj.es/reglaments/chinchon.htm: dealt one at a time "en orden
    inverso al de las agujas del reloj", the deal passing to the right) and
    in the games of Spain and Latin America ("Card game", Wikipedia,
    section "Direction of play"). No other text of Progress Rummy exists
    (rules/progress.md §9).

    Round 1, Ann deals and turns up 5Cr; she plays first (the dealer does)
    as in RM-1: takes 5Cr, lays 3Cr 4Cr 5Cr, discards 12St. The turn
    passes to her right: Dan, not Ben. Dan takes 12St and goes out at once:
    his contract 12Cr 12Mo 12St, then 6Mo 7Mo 8Mo and 1Su 2Su 3Su, 6Cr laid
    off on Ann's m1, 13St discarded. Left in hand: Ann 1St 5St 6Su 9Su 9Mo
    11Mo 13Cr = 54; Ben 2+2+4+7+8+10+10+11+13+1 = 68; Cat 15 (P) +3+5+7+9
    +10+11+12+2+4 = 78; Dan 0. Round 2 is dealt by the player on Ann's
    right, Dan, who plays first.
    """
    game = parlour.make("progress-rummy", direction="anticlockwise")
    hands = [RIGHT_TO_LEFT_HANDS[seat].split() for seat in range(4)]
    state = game.new_state(seed=7, deal={"dealer": ANN, "hands": hands, "discard": ["5Cr"]})
    assert state.current_player() == ANN
    state.apply(TAKE)
    run(state, "meld 3Cr 4Cr 5Cr")
    state.apply_text("discard 12St")
    assert state.current_player() == DAN
    assert state.legal_actions() == [DRAW, TAKE]
    state.apply(TAKE)
    run(state, "meld 12Cr 12Mo 12St")
    run(state, "meld 6Mo 7Mo 8Mo")
    run(state, "meld 1Su 2Su 3Su")
    run(state, "m1 6Cr")
    assert hand(state, DAN) == ["13St"]
    state.apply_text("discard 13St")
    assert state.hand_results() == [[54, 68, 78, 0]]
    assert state.scores() == [54, 68, 78, 0]
    view = state.observation(ANN)
    assert view["round"] == 2 and view["dealer"] == DAN
    assert state.current_player() == DAN


def test_right_to_left_order_of_play_and_of_the_deal_round_by_round() -> None:
    """RM-15 played to the right: Ann deals round 1 and plays first, then
    Dan, Cat and Ben; Dan deals round 2, Cat round 3, Ben round 4, Ann round 5."""
    game = parlour.make("progress-rummy", direction="anticlockwise", max_turns=4)
    state = game.new_state(seed=2, deal={"dealer": ANN, "hands": fill({}, 10)})
    dealers = []
    for _ in range(5):
        dealer = state.observation(ANN)["dealer"]
        dealers.append(dealer)
        order = []
        for _ in range(4):
            order.append(state.current_player())
            draw_and_throw(state)
        assert order == [(dealer - offset) % 4 for offset in range(4)]
    assert dealers == [ANN, DAN, CAT, BEN, ANN]
    assert state.is_terminal()


def test_right_to_left_the_cards_are_dealt_from_the_dealers_right() -> None:
    """With the deal as chance actions: the first card goes to the dealer's
    right (Dan when Ann deals), the next to Cat, then Ben, the dealer last."""
    game = parlour.make("progress-rummy", direction="anticlockwise")
    state = game.new_state(seed=1, explicit_chance=True)
    state.apply_text("P0 deals")
    for code in ("7St", "8St", "9St", "10St", "1Cr"):
        state.apply_text(f"deal {code}")
    assert [hand(state, seat) for seat in range(4)] == [["10St"], ["9St"], ["8St"], ["1Cr", "7St"]]


def test_right_to_left_keeps_the_dealer_first() -> None:
    with pytest.raises(OptionError) as refused:
        parlour.make("progress-rummy", direction="anticlockwise", first_player="left_of_dealer")
    assert str(refused.value) == (
        "first_player=left_of_dealer needs direction=clockwise: playing to the right, the "
        "player on the dealer's left plays last")


def test_the_direction_option_is_listed_with_its_values() -> None:
    """What ``parlour.games()`` gives the web form and ``/api/games``."""
    options = {option["name"]: option for option in parlour.games()["progress-rummy"]["options"]}
    assert options["direction"]["default"] == "clockwise"
    assert options["direction"]["choices"] == ["clockwise", "anticlockwise"]


def test_the_rules_help_names_the_variant_and_its_sources() -> None:
    for language in ("en", "es"):
        rules = parlour.make("progress-rummy").rules_help(language)
        for phrase in ("direction=anticlockwise", "https://cccj.es/reglaments/chinchon.htm",
                       "chinchon-o-el-as-combinar", "wiki/Card_game", "derecha a izquierda"):
            assert phrase in rules, (language, phrase)


@pytest.mark.parametrize(("direction", "next_down"), [("clockwise", False),
                                                      ("anticlockwise", True)])
def test_the_heuristic_feeds_no_one_but_the_player_on_the_side_of_play(
        direction: str, next_down: bool) -> None:
    """The heuristic player watches the discards he gives the next player:
    Ann (on Dan's left) playing to the left, Cat (on his right, down) to
    the right."""
    state = middle({DAN: "3Cr 4Cr 9Su 13Mo"}, DAN, melds=[(CAT, "10Mo 11Mo 12Mo")],
                   stock="10Cr", direction=direction)
    assert read_seat(state.observation(DAN)).next_down is next_down
