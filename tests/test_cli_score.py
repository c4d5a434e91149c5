"""``parlour score GAME ...``: Costly Colours' show (rules §6, worked examples
§11.1) category by category, Bharg's binding (rules §8, worked examples
§16), and one ``error: ...`` line for every bad input."""

from __future__ import annotations

import pytest

import parlour
from cli_run import Cli
from parlour.cli import SCORE_CALCULATORS


def show(cli: Cli, *args: str) -> list[str]:
    """The lines ``parlour score costly-colours ARGS`` prints; it must succeed."""
    run = cli("score", "costly-colours", *args)
    assert (run.status, run.err) == (0, "")
    return run.out.splitlines()


def test_w1_the_34_hand(cli: Cli) -> None:
    assert show(cli, "JD", "JS", "JH", "--turnup", "5H") == [
        "fifteens: 6 (JD+5H, JS+5H, JH+5H)",
        "twenty_fives: 9 (JD+JS+5H, JD+JH+5H, JS+JH+5H)",
        "thirty_one: 0",
        "knaves_deuces: 8 (JD, JS, JH)",
        "pairs_prials: 9 (JD+JS+JH)",
        "colours: 2 (JD+JS+JH+5H: three of a colour)",
        "total: 34",
    ]


def test_w7_four_clubs_are_costly_colours(cli: Cli) -> None:
    assert show(cli, "KC", "5C", "9C", "--turnup", "6C") == [
        "fifteens: 4 (KC+5C, 9C+6C)",
        "twenty_fives: 3 (KC+9C+6C)",
        "thirty_one: 0",
        "knaves_deuces: 0",
        "pairs_prials: 0",
        "colours: 6 (KC+5C+9C+6C: Costly Colours)",
        "total: 13",
    ]


def test_w12_thirty_one_and_a_prial_with_the_turn_up(cli: Cli) -> None:
    assert show(cli, "8D", "8S", "7C", "--turnup", "8H") == [
        "fifteens: 6 (8D+7C, 8S+7C, 7C+8H)",
        "twenty_fives: 0",
        "thirty_one: 4 (8D+8S+7C+8H)",
        "knaves_deuces: 0",
        "pairs_prials: 9 (8D+8S+8H)",
        "colours: 0",
        "total: 19",
    ]


def test_w14_nothing_scores(cli: Cli) -> None:
    assert show(cli, "9C", "AS", "3D", "--turnup", "QH") == [
        "fifteens: 0", "twenty_fives: 0", "thirty_one: 0", "knaves_deuces: 0",
        "pairs_prials: 0", "colours: 0", "total: 0",
    ]


def test_w19_a_turned_knave_pairs_but_is_not_held(cli: Cli) -> None:
    """D6: the turn-up JH makes 15s, 25s and a pair but no Knave value."""
    assert show(cli, "9C", "JS", "5D", "--turnup", "JH") == [
        "fifteens: 4 (JS+5D, 5D+JH)",
        "twenty_fives: 3 (JS+5D+JH)",
        "thirty_one: 0",
        "knaves_deuces: 2 (JS)",
        "pairs_prials: 2 (JS+JH)",
        "colours: 0",
        "total: 11",
    ]


def test_cards_in_any_case_and_with_suit_symbols(cli: Cli) -> None:
    assert show(cli, "jd", "J♠", "Jh", "--turnup", "5♥")[-1] == "total: 34"
    assert cli("score", "Costly_Colours", "JD", "JS", "JH", "--turnup", "5H").status == 0


CALCULATORS = "bharg, costly-colours"


@pytest.mark.parametrize(("args", "message"), [
    (["JD", "JS", "JH"],
     "a Costly Colours show counts three cards with the turn-up: give it with --turnup CARD"),
    (["JD", "JS", "--turnup", "5H"], "a show counts three cards and the turn-up, not 2 cards"),
    (["--turnup", "5H"], "a show counts three cards and the turn-up, not 0 cards"),
    (["JD", "JS", "JH", "2C", "--turnup", "5H"],
     "a show counts three cards and the turn-up, not 4 cards"),
    (["JD", "JS", "JD", "--turnup", "5H"], "JD is listed twice"),
    (["JD", "JS", "JH", "--turnup", "jh"], "JH is listed twice"),
    (["JD", "JS", "XX", "--turnup", "5H"],
     "'XX' is not a card of the French 52-card pack; write a code such as JS, TD, 10D or J♠"),
    (["JD", "JS", "JH", "--turnup", "1H"],
     "'1H' is not a card of the French 52-card pack; write a code such as JS, TD, 10D or J♠"),
    (["JD", "JS", "JH", "--turnup"], "Option '--turnup' requires an argument."),
])
def test_bad_cards_print_one_error_line(cli: Cli, args: list[str], message: str) -> None:
    run = cli("score", "costly-colours", *args)
    assert (run.status, run.err, run.out) == (2, f"error: {message}\n", "")


@pytest.mark.parametrize(("args", "message"), [
    (["whist", "JD"], f"no game called 'whist'; the games with a score calculator are "
                      f"{CALCULATORS}"),
    (["costly-colour", "JD"], "no game called 'costly-colour' (did you mean 'costly-colours'?); "
                              f"the games with a score calculator are {CALCULATORS}"),
    (["polignac", "JD"], f"polignac has no score calculator; the games with one are {CALCULATORS}"),
    ([], "Missing argument 'GAME'."),
])
def test_games_without_a_calculator(cli: Cli, args: list[str], message: str) -> None:
    run = cli("score", *args)
    assert (run.status, run.err, run.out) == (2, f"error: {message}\n", "")


def test_every_calculator_belongs_to_a_registered_game() -> None:
    assert set(SCORE_CALCULATORS) <= set(parlour.games())
    assert ", ".join(sorted(SCORE_CALCULATORS)) == CALCULATORS


# --- Bharg ----------------------------------------------------------------------


def binding(cli: Cli, *args: str) -> list[str]:
    """The lines ``parlour score bharg ARGS`` prints; it must succeed."""
    run = cli("score", "bharg", *args)
    assert (run.status, run.err) == (0, "")
    return run.out.splitlines()


W1 = ["The Lunatic", "The Penitent", "The Market", "The Origin", "The Mountain", "The Soldier",
      "The Castle"]


def test_bharg_w1_two_sets_and_the_ace_win(cli: Cli) -> None:
    assert binding(cli, *W1, "--ace", "Ace of Knots") == [
        "top Ace: Ace of Knots",
        "set: The Origin + The Mountain + The Soldier",
        "set: The Lunatic + The Penitent + The Market",
        "bound: The Origin, The Mountain, The Soldier, The Lunatic, The Penitent, The Market, "
        "The Castle",
        "unbound: none",
        "wins: yes",
        "penalty: 0",
    ]


def test_bharg_w2_the_castle_is_left_unbound(cli: Cli) -> None:
    lines = binding(cli, *W1, "--ace", "Ace of Waves")
    assert lines[-3:] == ["unbound: The Castle", "wins: no", "penalty: 7"]


def test_bharg_w9_no_set_and_names_as_loose_words(cli: Cli) -> None:
    """The cards may be typed as words: the longest name wins."""
    assert binding(cli, "Huntress", "The", "Sea", "Journey", "Lunatic", "Penitent", "castle",
                   "BETRAYAL", "--ace", "ace of wyrms") == [
        "top Ace: Ace of Wyrms",
        "sets: none",
        "bound: The Penitent, The Betrayal",
        "unbound: The Journey, The Lunatic, The Castle, The Huntress, The Sea",
        "wins: no",
        "penalty: 36",
    ]


def test_bharg_w8_by_each_penalty_arrangement(cli: Cli) -> None:
    hand = ["Ace of Moons", "Ace of Suns", "The Pact", "The Darkness", "The Merchant",
            "The Author", "The Journey"]
    assert binding(cli, *hand) == [
        "top Ace: none",
        "set: The Pact + The Darkness + The Merchant",
        "bound: The Pact, The Darkness, The Merchant",
        "unbound: Ace of Moons, Ace of Suns, The Author, The Journey",
        "wins: no",
        "penalty: 7",
    ]
    assert binding(cli, *hand, "--option", "penalty_arrangement=max_bound")[-1] == "penalty: 14"


def test_bharg_extended_cards_need_no_option(cli: Cli) -> None:
    w12 = ["The Watchman", "The Discovery", "The End", "The Light Keeper", "Ace of Moons",
           "The Savage", "The Merchant"]
    assert binding(cli, *w12, "--ace", "Ace of Leaves")[-2:] == ["wins: yes", "penalty: 0"]
    w10 = ["Excuse", "Author", "Desert", "Origin", "Castle", "Cave", "Chance Meeting"]
    assert binding(cli, *w10)[-2:] == ["wins: yes", "penalty: 0"]


@pytest.mark.parametrize(("args", "message"), [
    ([], 'give the cards of the hand, e.g. parlour score bharg "The Sailor" Cave Market '
         '--ace "Ace of Knots"'),
    (["Sailor", "Cave", "--ace", "The Mill"],
     "the top Ace must be an Ace, such as Ace of Knots, not The Mill"),
    (["Sailor", "Cave", "--ace", "Ace of Knots Ace of Suns"], "the top Ace is one card, not 2"),
    (["Sailor", "Cave", "--ace", "Ace of Cups"],
     "'Ace of Cups' is not a card of the extended Decktet; write a code such as Huntress, "
     "Ace of Moons or The Excuse"),
    (["Sailor", "The Sailor"], "The Sailor is listed twice"),
    (["Sailor", "Ace", "of", "Knots", "--ace", "Ace of Knots"],
     "Ace of Knots cannot be both the top Ace and in the hand"),
    (["The", "Sailer", "Cave"],
     "'The Sailer' is not a card of the extended Decktet; write a code such as Huntress, "
     "Ace of Moons or The Excuse"),
    (["Sailor", "--turnup", "Cave"],
     "a Bharg hand has no turn-up: give the top Ace with --ace CARD"),
    (["Watchman", "--option", "pawns=false"], "The Watchman is not in play (pawns=false)"),
    (["Sailor", "--option", "arrangement=max_bound"],
     "unknown option 'arrangement'; the options are players, target, excuse, pawns, courts, "
     "stock_exhaustion, penalty_arrangement, rediscard, max_turns"),
    (["Sailor", "--option", "penalty_arrangement"],
     "write options as name=value, not 'penalty_arrangement'"),
])
def test_bharg_bad_input_prints_one_error_line(cli: Cli, args: list[str], message: str) -> None:
    run = cli("score", "bharg", *args)
    assert (run.status, run.err, run.out) == (2, f"error: {message}\n", "")


@pytest.mark.parametrize(("args", "message"), [
    (["JD", "JS", "JH", "--turnup", "5H", "--ace", "Ace of Knots"],
     "a Costly Colours show has no top Ace: give the turn-up with --turnup CARD"),
    (["JD", "JS", "JH", "--turnup", "5H", "--option", "target=121"],
     "a Costly Colours show takes no --option"),
])
def test_costly_colours_refuses_bharg_arguments(cli: Cli, args: list[str], message: str) -> None:
    run = cli("score", "costly-colours", *args)
    assert (run.status, run.err, run.out) == (2, f"error: {message}\n", "")
