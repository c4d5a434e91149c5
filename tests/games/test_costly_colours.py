"""Costly Colours: the worked examples of ``rules/costly_colours.md`` §11
(W1-W22 show counts, P1-P12 plays, M1-M6 mog and start-of-deal events, G1-G2
complete deals) with the option variants they name, the §12 invariants under
random play (hypothesis), and clear errors for bad deals, misused
``count_show`` and illegal moves.

Two-hand fixed deals put the elder in seat 0 and the dealer in seat 1, so
the log calls them P0 and P1.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field
from itertools import combinations, permutations
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import parlour
from parlour.cards import FRENCH_52
from parlour.cards.bits import bits_of
from parlour.errors import IllegalAction, OptionError, ParseError
from parlour.games.costly_colours import (
    Dealt,
    ShowCount,
    Showed,
    TurnedUp,
    count_show,
    play_score,
)
from trick_play import say

GAME = "costly-colours"
ELDER, DEALER = 0, 1
TWO_HANDS = {"E": ELDER, "D": DEALER}
FOUR_HANDS = {"D": 0, "E1": 1, "P": 2, "E2": 3}
"""Four-hand deals put the dealer in seat 0: E1, P and E2 follow clockwise."""

# ---------------------------------------------------------------------------
# helpers


def pip(code: str) -> int:
    """A card's adding value (§1.2), from its code alone."""
    rank = code[0]
    if rank == "A":
        return 1
    return 10 if rank in "TJQK" else int(rank)


def two_hand_deal(elder: str, dealer: str, turnup: str = "QD",
                  scores: list[int] | None = None, **options: Any) -> Any:
    """A fixed two-hand deal: the elder (seat 0) and the dealer (seat 1)."""
    game = parlour.make(GAME, **options)
    deal: dict[str, Any] = {"dealer": DEALER, "hands": [elder.split(), dealer.split()],
                            "turnup": turnup}
    if scores is not None:
        deal["scores"] = scores
    return game.new_state(seed=7, deal=deal)


def legal(state: Any) -> set[str]:
    """The legal actions as texts."""
    return {state.action_to_str(action) for action in state.legal_actions()}


def hand(state: Any, seat: int) -> set[str]:
    return set(state.observation(seat)["hand"])


def log_mark(state: Any) -> int:
    """The match-log index of the next line to be written."""
    observation = state.public_observation()
    return int(observation["log_start"]) + len(observation["log"])


def lines_since(state: Any, mark: int) -> list[str]:
    """The log lines written since :func:`log_mark` gave ``mark``."""
    observation = state.public_observation()
    lines: list[str] = observation["log"][mark - observation["log_start"]:]
    return lines


def act(state: Any, *words: str) -> list[str]:
    """Apply ``words`` in turn; the log lines they wrote."""
    mark = log_mark(state)
    say(state, *words)
    return lines_since(state, mark)


SCORE_LINE = re.compile(r"^P(\d)(?:'s side)? scores (\d+) for (.+)$")
SHOW_LINE = re.compile(r"^P(\d) shows ((?:\S+ ?)+): (\d+)$")


def score_lines(lines: list[str]) -> list[tuple[int, int, str]]:
    """(seat, points, reason) of each score line."""
    found = []
    for line in lines:
        match = SCORE_LINE.match(line)
        if match:
            found.append((int(match[1]), int(match[2]), match[3]))
    return found


def show_lines(lines: list[str]) -> list[tuple[int, set[str], int]]:
    """(seat, cards, total) of each show line."""
    found = []
    for line in lines:
        match = SHOW_LINE.match(line)
        if match:
            found.append((int(match[1]), set(match[2].split()), int(match[3])))
    return found


def before_show(lines: list[str]) -> list[str]:
    """The lines of the play: those before the first show line."""
    for index, line in enumerate(lines):
        if SHOW_LINE.match(line):
            return lines[:index]
    return lines


def snapshot(state: Any) -> tuple[Any, ...]:
    """Everything an illegal move must leave unchanged."""
    mover = state.current_player()
    return (state.legal_actions(), state.card_locations(), list(state.history),
            state.scores(), state.observation(mover), mover)


def rejects(state: Any, word: str, message: str) -> None:
    """``word`` is refused with exactly ``message``, and nothing changes."""
    before = snapshot(state)
    with pytest.raises(IllegalAction, match=f"^{re.escape(message)}$"):
        say(state, word)
    assert snapshot(state) == before


# ---------------------------------------------------------------------------
# W1-W22: show counts

SHOWS = {
    # id: (held, played, turn-up, 15s, 25s, 31, K&D, pairs, colours, total)
    "W1": ("JD JS", "JH", "5H", 6, 9, 0, 8, 9, 2, 34),
    "W2": ("4H", "5H 8H", "JH", 2, 0, 0, 0, 0, 6, 8),
    "W3": ("", "2H 7C 9H", "JH", 0, 0, 0, 4, 0, 3, 7),
    "W4": ("JC", "JS 9D", "4H", 0, 0, 0, 4, 2, 0, 6),
    "W5": ("JS", "JH 4C", "9H", 0, 0, 0, 6, 2, 0, 8),
    "W6": ("2C", "2D 7S", "KD", 0, 0, 0, 6, 2, 0, 8),
    "W7": ("KC", "5C 9C", "6C", 4, 3, 0, 0, 0, 6, 13),
    "W8": ("8H", "4H 6H", "3D", 3, 0, 0, 0, 0, 5, 8),
    "W9": ("8S", "7S 7C", "8C", 8, 0, 0, 0, 4, 4, 16),
    "W10": ("KD", "9D 6D", "5S", 4, 3, 0, 0, 0, 3, 10),
    "W11": ("8H", "3H 4D", "QC", 3, 4, 0, 0, 0, 2, 9),
    "W12": ("8D", "8S 7C", "8H", 6, 0, 4, 0, 9, 0, 19),
    "W13": ("5C", "5S 5H", "5D", 12, 0, 0, 0, 18, 0, 30),
    "W14": ("9C", "AS 3D", "QH", 0, 0, 0, 0, 0, 0, 0),
    "W15": ("KH", "5S TD", "4C", 4, 3, 0, 0, 0, 0, 7),
    "W16": ("QS", "5C TS", "KS", 6, 9, 0, 0, 0, 5, 20),
    "W17": ("TC", "5H 5D", "KS", 8, 6, 0, 0, 2, 0, 16),
    "W18": ("3D", "2H JS", "AH", 3, 0, 0, 6, 0, 2, 11),
    "W19": ("9C", "JS 5D", "JH", 4, 3, 0, 2, 2, 0, 11),
    "W20": ("8D", "JC 7C", "2C", 2, 3, 0, 4, 0, 3, 12),
    "W21": ("TC", "AD 2S", "2D", 4, 0, 0, 2, 2, 0, 8),
    "W22": ("JS", "JH 3C", "8H", 0, 0, 4, 6, 2, 0, 12),
}
CATEGORIES = ("fifteens", "twenty_fives", "thirty_one", "knaves_deuces", "pairs_prials",
              "colours", "total")


def show_of(example: str) -> tuple[list[str], str, dict[str, int]]:
    """The own three cards, the turn-up and the expected breakdown of a W example."""
    held, played, turnup, *points = SHOWS[example]
    return [*held.split(), *played.split()], turnup, dict(zip(CATEGORIES, points, strict=True))


@pytest.mark.parametrize("example", list(SHOWS))
def test_w_show_counts(example: str) -> None:
    cards, turnup, expected = show_of(example)
    assert points_of(count_show(cards, turnup)) == expected
    # the split between held and played changes nothing, nor does the order
    assert points_of(count_show(list(reversed(cards)), turnup)) == expected
    assert points_of(count_show(" ".join(cards), turnup)) == expected


def points_of(counted: ShowCount) -> dict[str, int]:
    """The points by category and the total (no combinations)."""
    found = counted.as_dict()
    return {name: found[name] for name in CATEGORIES}


def observed_shows(state: Any) -> dict[int, dict[str, int]]:
    """The observation's ``shows`` (one line of words per seat, as
    ``P1: fifteens 2, colours 6 = 8``) read back into points by category."""
    found = {}
    for line in state.public_observation()["shows"]:
        match = re.match(r"^P(\d): (.+) = (\d+)$", line)
        assert match, line
        points = dict.fromkeys(CATEGORIES, 0)
        if match[2] != "nothing":
            for part in match[2].split(", "):
                name, value = part.rsplit(" ", 1)
                points[name.replace(" ", "_")] = int(value)
        points["total"] = int(match[3])
        assert sum(points.values()) == 2 * points["total"], line
        found[int(match[1])] = points
    return found


def combinations_of(cards: list[str], turnup: str) -> dict[str, set[frozenset[str]]]:
    """The scoring combinations by category, each as a set of codes."""
    found = count_show(cards, turnup).combinations
    return {name: {frozenset(combo) for combo in combos} for name, combos in found.items()}


def test_w1_the_34_hand_combinations() -> None:
    assert combinations_of(["JD", "JS", "JH"], "5H") == {
        "fifteens": {frozenset({"JD", "5H"}), frozenset({"JS", "5H"}),
                     frozenset({"JH", "5H"})},
        "twenty_fives": {frozenset({"JD", "JS", "5H"}), frozenset({"JD", "JH", "5H"}),
                         frozenset({"JS", "JH", "5H"})},
        "knaves_deuces": {frozenset({"JH"}), frozenset({"JD"}), frozenset({"JS"})},
        "pairs_prials": {frozenset({"JD", "JS", "JH"})},
        "colours": {frozenset({"JD", "JS", "JH", "5H"})},
    }


def test_w2_the_turned_knave_gives_the_elder_nothing() -> None:
    assert combinations_of(["4H", "5H", "8H"], "JH") == {
        "fifteens": {frozenset({"5H", "JH"})},
        "colours": {frozenset({"4H", "5H", "8H", "JH"})},
    }


def test_w12_four_card_thirty_one_and_prial() -> None:
    found = combinations_of(["8D", "8S", "7C"], "8H")
    assert found["fifteens"] == {frozenset({"8D", "7C"}), frozenset({"8S", "7C"}),
                                 frozenset({"8H", "7C"})}
    assert found["thirty_one"] == {frozenset({"8D", "8S", "7C", "8H"})}
    assert found["pairs_prials"] == {frozenset({"8D", "8S", "8H"})}
    assert "colours" not in found and "twenty_fives" not in found


def test_w13_double_prial_and_four_three_card_fifteens() -> None:
    found = combinations_of(["5C", "5S", "5H"], "5D")
    fives = ["5C", "5S", "5H", "5D"]
    assert found["fifteens"] == {frozenset(three) for three in combinations(fives, 3)}
    assert found["pairs_prials"] == {frozenset(fives)}


def test_w14_nothing_scores() -> None:
    counted = count_show(["9C", "AS", "3D"], "QH")
    assert counted.total == 0
    assert counted.combinations == {}


def test_w16_double_jenkin_twenty_fives() -> None:
    found = combinations_of(["QS", "5C", "TS"], "KS")
    assert found["twenty_fives"] == {frozenset({"5C", "QS", "TS"}),
                                     frozenset({"5C", "QS", "KS"}),
                                     frozenset({"5C", "TS", "KS"})}


def test_w19_the_turned_knave_is_not_held() -> None:
    found = combinations_of(["9C", "JS", "5D"], "JH")
    assert found["knaves_deuces"] == {frozenset({"JS"})}
    assert found["pairs_prials"] == {frozenset({"JS", "JH"})}


def test_w21_four_card_fifteen() -> None:
    found = combinations_of(["TC", "AD", "2S"], "2D")
    assert frozenset({"TC", "AD", "2S", "2D"}) in found["fifteens"]
    assert found["knaves_deuces"] == {frozenset({"2S"})}


def test_w1_through_the_match_engine_show() -> None:
    """The dealer holds the 34 hand; his show ends the match, so both shows
    stay in the observation."""
    state = two_hand_deal("9C 8C 7S", "JD JS JH", turnup="5H", scores=[0, 27])
    act(state, "refuse")  # the elder +1
    lines = act(state, "9C", "JD", "8C", "go")
    assert score_lines(lines) == [(ELDER, 1, "last card"), (ELDER, 4, "the show"),
                                  (DEALER, 34, "the show")]
    assert show_lines(lines) == [(ELDER, {"9C", "8C", "7S"}, 4),
                                 (DEALER, {"JD", "JS", "JH"}, 34)]
    assert state.is_terminal()
    assert state.scores() == [6, 61]
    _, _, expected = show_of("W1")
    assert observed_shows(state) == {
        ELDER: points_of(count_show(["9C", "8C", "7S"], "5H")), DEALER: expected}
    assert observed_shows(state)[ELDER]["total"] == 4


# ---------------------------------------------------------------------------
# P1-P12: the play


Scored = tuple[str, int, str]
"""(who scores, points, reason as the log words it)."""


@dataclass
class Step:
    """One action of the play: who, the card or ``go``, the count after it,
    and the scores it makes (the last point included on the final step)."""

    who: str
    action: str
    count: int
    scores: tuple[Scored, ...] = ()


@dataclass
class PlayExample:
    """The hands by seat name, the steps, and the cards left in hand when
    the play ends."""

    hands: dict[str, str]
    steps: list[Step]
    unplayed: dict[str, str] = field(default_factory=dict)


def start_two_hand_play(example: PlayExample, turnup: str = "QD", **options: Any) -> Any:
    """The deal at the start of the play: the dealer refuses the mog (the
    elder +1, before the play, so it is not among the example's points)."""
    state = two_hand_deal(example.hands["E"], example.hands["D"], turnup, **options)
    order = options.get("mog_order", "jackson")
    assert act(state, "refuse" if order == "jackson" else "no-offer")
    assert state.public_observation()["phase"] == "play"
    return state


def start_four_hand_play(example: PlayExample, turnup: str = "QD") -> Any:
    """The four-hand deal at the start of the play: the dealer refuses the
    mog (side A +1) and declines the pack privilege."""
    game = parlour.make(GAME, players=4)
    hands = [example.hands[name].split() for name in ("D", "E1", "P", "E2")]
    state = game.new_state(seed=7, deal={"dealer": 0, "hands": hands, "turnup": turnup})
    act(state, "refuse")
    assert state.scores() == [0, 1, 0, 1]
    act(state, "no-pack")
    assert state.public_observation()["phase"] == "play"
    return state


def play_through(state: Any, example: PlayExample, seats: dict[str, int],
                 turnup: str = "QD") -> dict[str, int]:
    """Play the example's steps, checking at each one who moves, the legal
    actions, the count, the points (from the log and from the score deltas)
    and that the play ends exactly at the last step; the points per name."""
    n = state.game.num_players
    names = {seat: name for name, seat in seats.items()}
    held = {seat: hand(state, seat) for seat in range(n)}
    assert held == {seat: set(example.hands[names[seat]].split()) for seat in range(n)}
    count = 0
    points = dict.fromkeys(seats, 0)
    for index, step in enumerate(example.steps):
        seat = seats[step.who]
        final = index == len(example.steps) - 1
        assert state.current_player() == seat, step
        fits = {code for code in held[seat] if pip(code) <= 31 - count}
        assert legal(state) == (fits or {"go"}), step
        if fits:
            rejects(state, "go",
                    "you must play while you can: go only when no card keeps the count to 31")
        for code in sorted(held[seat] - fits):
            rejects(state, code, f"{code} would pass 31 (the count is {count})")
        before = state.scores()
        lines = act(state, step.action)
        play = before_show(lines)
        if step.action == "go":
            assert step.count == count
            assert play[0] == f"P{seat} says go"
        else:
            held[seat].remove(step.action)
            assert play[0] == f"P{seat} plays {step.action}: count {step.count}"
        count = step.count
        expected = [(seats[who], value, reason) for who, value, reason in step.scores]
        assert score_lines(play) == expected, step
        for who, value, _ in step.scores:
            points[who] += value
        ended = len(play) < len(lines)
        assert ended == final, step
        if not final:
            observation = state.public_observation()
            assert observation["phase"] == "play"
            assert observation["count"] == count
            deltas = [after - prior for after, prior in zip(state.scores(), before, strict=True)]
            gained = [0] * n
            for scorer, value, _ in expected:
                for member in side_of(scorer, n):
                    gained[member] += value
            assert deltas == gained, step
            continue
        # the play is over: every player shows his three cards, held ones too
        dealer = seats["D"]
        shown = show_lines(lines)
        assert [shower for shower, _, _ in shown] == [(dealer + offset) % n
                                                      for offset in range(1, n + 1)]
        for shower, cards, total in shown:
            assert cards == set(example.hands[names[shower]].split())
            assert total == count_show(sorted(cards), turnup).total
    assert {names[seat]: cards for seat, cards in held.items() if cards} == {
        name: set(cards.split()) for name, cards in example.unplayed.items()}
    return points


def side_of(seat: int, n: int) -> list[int]:
    """The seats that share ``seat``'s score."""
    return [seat, (seat + 2) % 4] if n == 4 else [seat]


def test_runs_in_play_ace_is_low_only_and_a_pair_breaks_a_run() -> None:
    """§5.3 with the cards named in the rules: A-2-3 is a run, Q-K-A is not,
    and 7, 9, 8 then a 6 or a 10 makes a run of 4."""
    def scored(codes: str) -> list[tuple[str, int]]:
        return play_score([FRENCH_52.parse(code).id for code in codes.split()], True, True)

    assert scored("AS 2H 3D") == [("run of 3", 3)]
    assert scored("3D AS 2H") == [("run of 3", 3)]
    assert scored("QS KH AD") == []
    assert scored("7S 9H 8D") == [("run of 3", 3)]
    assert scored("7S 9H 8D 6C") == [("run of 4", 4)]
    assert scored("7S 9H 8D TC") == [("run of 4", 4)]
    assert scored("7S 8H 8D") == [("pair", 2)]
    assert scored("6S 7S 8H 8D") == [("pair", 2)]
    assert scored("JS JH") == [("pair", 2)]
    assert scored("JS QH") == []


P1 = PlayExample(
    {"E": "TD KH 3S", "D": "5H QC 8S"},
    [Step("E", "TD", 10),
     Step("D", "5H", 15, (("D", 2, "fifteen"),)),
     Step("E", "KH", 25, (("E", 3, "twenty-five"),)),
     Step("D", "go", 25),
     Step("E", "3S", 28, (("E", 1, "last card"),))],
    unplayed={"D": "QC 8S"},
)


def test_p1_go_then_the_elder_plays_his_last_card() -> None:
    assert play_through(start_two_hand_play(P1), P1, TWO_HANDS) == {"E": 4, "D": 2}


P2 = PlayExample(
    {"E": "KS 5C 9D", "D": "QS 6H 8C"},
    [Step("E", "KS", 10),
     Step("D", "QS", 20),
     Step("E", "5C", 25, (("E", 3, "twenty-five"),)),
     Step("D", "6H", 31, (("D", 4, "thirty-one"),))],
    unplayed={"E": "9D", "D": "8C"},
)


def test_p2_ten_cards_of_different_rank_are_not_a_pair() -> None:
    assert play_through(start_two_hand_play(P2), P2, TWO_HANDS) == {"E": 3, "D": 4}


P3 = PlayExample(
    {"E": "KD 6S 5C", "D": "KS 5D 9C"},
    [Step("E", "KD", 10),
     Step("D", "KS", 20, (("D", 2, "pair"),)),
     Step("E", "6S", 26),
     Step("D", "5D", 31, (("D", 4, "thirty-one"),))],
    unplayed={"E": "5C", "D": "9C"},
)


def test_p3_pair_then_thirty_one() -> None:
    assert play_through(start_two_hand_play(P3), P3, TWO_HANDS) == {"E": 0, "D": 6}


P4 = PlayExample(
    {"E": "7S 7D 3C", "D": "7H 8C 9S"},
    [Step("E", "7S", 7),
     Step("D", "7H", 14, (("D", 2, "pair"),)),
     Step("E", "7D", 21, (("E", 9, "prial"),)),
     Step("D", "8C", 29),
     Step("E", "go", 29, (("D", 1, "last card"),))],
    unplayed={"E": "3C", "D": "9S"},
)


def test_p4_pair_prial_both_blocked() -> None:
    assert play_through(start_two_hand_play(P4), P4, TWO_HANDS) == {"E": 9, "D": 3}


P5 = PlayExample(
    {"E": "5S 5D KC", "D": "5H 5C 6S"},
    [Step("E", "5S", 5),
     Step("D", "5H", 10, (("D", 2, "pair"),)),
     Step("E", "5D", 15, (("E", 3, "fifteen"), ("E", 9, "prial"))),
     Step("D", "5C", 20, (("D", 18, "double prial"),)),
     Step("E", "KC", 30),
     Step("D", "go", 30, (("E", 1, "last card"),))],
    unplayed={"D": "6S"},
)


def test_p5_double_prial() -> None:
    assert play_through(start_two_hand_play(P5), P5, TWO_HANDS) == {"E": 13, "D": 20}


def test_p5_without_pairs_in_play() -> None:
    example = PlayExample(
        P5.hands,
        [Step("E", "5S", 5),
         Step("D", "5H", 10),
         Step("E", "5D", 15, (("E", 3, "fifteen"),)),
         Step("D", "5C", 20),
         Step("E", "KC", 30),
         Step("D", "go", 30, (("E", 1, "last card"),))],
        unplayed={"D": "6S"},
    )
    state = start_two_hand_play(example, pairs_in_play=False)
    assert play_through(state, example, TWO_HANDS) == {"E": 4, "D": 0}


P6 = PlayExample(
    {"E": "7S 8D KC", "D": "9H 6C TD"},
    [Step("E", "7S", 7),
     Step("D", "9H", 16),
     Step("E", "8D", 24, (("E", 3, "run of 3"),)),
     Step("D", "6C", 30, (("D", 4, "run of 4"),)),
     Step("E", "go", 30, (("D", 1, "last card"),))],
    unplayed={"E": "KC", "D": "TD"},
)


def test_p6_runs_in_any_order() -> None:
    assert play_through(start_two_hand_play(P6), P6, TWO_HANDS) == {"E": 3, "D": 5}


P7 = PlayExample(
    {"E": "AS 5D 4C", "D": "3H 2S KH"},
    [Step("E", "AS", 1),
     Step("D", "3H", 4),
     Step("E", "5D", 9),
     Step("D", "2S", 11),
     Step("E", "4C", 15, (("E", 5, "fifteen"), ("E", 5, "run of 5"))),
     Step("D", "KH", 25, (("D", 6, "twenty-five"), ("D", 1, "last card")))],
)


def test_p7_the_seeds_run_example() -> None:
    assert play_through(start_two_hand_play(P7), P7, TWO_HANDS) == {"E": 10, "D": 7}


P8 = PlayExample(
    {"E": "AS 2H 3D", "D": "4C 5S 6H"},
    [Step("E", "AS", 1),
     Step("D", "4C", 5),
     Step("E", "2H", 7),
     Step("D", "5S", 12),
     Step("E", "3D", 15, (("E", 5, "fifteen"), ("E", 5, "run of 5"))),
     Step("D", "6H", 21, (("D", 6, "run of 6"), ("D", 1, "last card")))],
)


def test_p8_runs_of_five_and_six() -> None:
    assert play_through(start_two_hand_play(P8), P8, TWO_HANDS) == {"E": 10, "D": 7}


def test_p8_without_runs_in_play() -> None:
    example = PlayExample(
        P8.hands,
        [Step("E", "AS", 1), Step("D", "4C", 5), Step("E", "2H", 7), Step("D", "5S", 12),
         Step("E", "3D", 15, (("E", 5, "fifteen"),)),
         Step("D", "6H", 21, (("D", 1, "last card"),))],
    )
    state = start_two_hand_play(example, runs_in_play=False)
    assert play_through(state, example, TWO_HANDS) == {"E": 5, "D": 1}


def p9_steps(go_rule: str) -> list[Step]:
    go_point: tuple[Scored, ...] = (("E", 1, "go"),) if go_rule == "go_plus_31" else ()
    last_point: tuple[Scored, ...] = () if go_point else (("E", 1, "last card"),)
    return [Step("E", "KS", 10), Step("D", "9H", 19), Step("E", "8D", 27),
            Step("D", "go", 27, go_point), Step("E", "2C", 29, last_point)]


@pytest.mark.parametrize("go_rule", ["last_card", "go_plus_31"])
def test_p9_go_then_the_other_plays_on_short_of_31(go_rule: str) -> None:
    example = PlayExample({"E": "KS 8D 2C", "D": "9H 9C 5D"}, p9_steps(go_rule),
                          unplayed={"D": "9C 5D"})
    state = start_two_hand_play(example, go_rule=go_rule)
    assert play_through(state, example, TWO_HANDS) == {"E": 1, "D": 0}


@pytest.mark.parametrize(("go_rule", "elder_points"), [("last_card", 4), ("go_plus_31", 5)])
def test_p10_go_then_the_other_plays_on_to_31(go_rule: str, elder_points: int) -> None:
    steps = p9_steps(go_rule)[:4]
    steps.append(Step("E", "4C", 31, (("E", 4, "thirty-one"),)))
    example = PlayExample({"E": "KS 8D 4C", "D": "9H 9C 5D"}, steps, unplayed={"D": "9C 5D"})
    state = start_two_hand_play(example, go_rule=go_rule)
    assert play_through(state, example, TWO_HANDS) == {"E": elder_points, "D": 0}


def p11(go_rule: str, runs: bool) -> PlayExample:
    run: tuple[Scored, ...] = (("D", 3, "run of 3"),) if runs else ()
    go_point: tuple[Scored, ...] = (("D", 1, "go"),) if go_rule == "go_plus_31" else ()
    return PlayExample(
        {"E": "5H 4H 8H", "D": "2H 7C 9H"},
        [Step("E", "5H", 5), Step("D", "7C", 12), Step("E", "8H", 20),
         Step("D", "9H", 29, run), Step("E", "go", 29, go_point),
         Step("D", "2H", 31, (("D", 5, "thirty-one"),))],
        unplayed={"E": "4H"},
    )


@pytest.mark.parametrize(("go_rule", "runs", "dealer_points"), [
    ("last_card", True, 8), ("go_plus_31", True, 9),
    ("last_card", False, 5), ("go_plus_31", False, 6),
])
def test_p11_the_play_of_cottons_deal(go_rule: str, runs: bool, dealer_points: int) -> None:
    example = p11(go_rule, runs)
    state = start_two_hand_play(example, turnup="JH", go_rule=go_rule, runs_in_play=runs)
    assert state.scores() == [1, 4]  # heels and the refused mog, before the play
    points = play_through(state, example, TWO_HANDS, turnup="JH")
    assert points == {"E": 0, "D": dealer_points}


def test_a_cards_score_is_one_event_at_the_target() -> None:
    """§5.3 sums a card's parts and §7 scores each played card as one event:
    P8's 3D reaches 61 with its fifteen and still scores its run."""
    state = two_hand_deal(P8.hands["E"], P8.hands["D"], scores=[56, 0])
    act(state, "refuse", "AS", "4C", "2H", "5S")
    assert state.scores() == [57, 0]
    lines = act(state, "3D")
    assert lines == ["P0 plays 3D: count 15", "P0 scores 5 for fifteen",
                     "P0 scores 5 for run of 5", "P0 wins the match"]
    assert state.scores() == [67, 0]
    assert state.is_terminal() and state.legal_actions() == []


P12 = PlayExample(
    {"E1": "3S 9C KD", "P": "4H 8S QC", "E2": "5C 2H 7D", "D": "3D 6S AH"},
    [Step("E1", "3S", 3),
     Step("P", "4H", 7),
     Step("E2", "5C", 12, (("E2", 3, "run of 3"),)),
     Step("D", "6S", 18, (("D", 4, "run of 4"),)),
     Step("E1", "9C", 27),
     Step("P", "go", 27),
     Step("E2", "2H", 29),
     Step("D", "AH", 30),
     Step("E1", "go", 30, (("D", 1, "last card"),))],
    unplayed={"E1": "KD", "P": "8S QC", "E2": "7D", "D": "3D"},
)


def test_p12_four_hand_play() -> None:
    state = start_four_hand_play(P12)
    before = state.scores()
    points = play_through(state, P12, FOUR_HANDS)
    side_a = points["E1"] + points["E2"]
    side_b = points["D"] + points["P"]
    assert (side_a, side_b) == (3, 5)
    # partners share one score: seats 1/3 are side A, 0/2 side B
    results = state.hand_results()[0]
    shows = show_lines(state.public_observation()["log"])
    show_points = [0, 0]
    for seat, _, total in shows:
        show_points[seat % 2] += total
    assert results == [before[0] + side_b + show_points[0], before[1] + side_a + show_points[1],
                       before[0] + side_b + show_points[0], before[1] + side_a + show_points[1]]


P12_ACTIONS = "3S 4H 5C 6S 9C go 2H AH go"


def test_p12_action_list() -> None:
    game = parlour.make(GAME, players=4)
    hands = [P12.hands[name].split() for name in ("D", "E1", "P", "E2")]
    state = game.new_state(seed=7, deal={"dealer": 0, "hands": hands, "turnup": "QD"})
    act(state, "refuse", "no-pack")
    lines = act(state, *P12_ACTIONS.split())
    assert score_lines(before_show(lines)) == [(3, 3, "run of 3"), (0, 4, "run of 4"),
                                                (0, 1, "last card")]
    assert "P1's side scores 3 for run of 3" not in lines
    assert "P3's side scores 3 for run of 3" in lines
    assert "P0's side scores 1 for last card" in lines


def four_hand_deal(**options: Any) -> Any:
    """P12's hands with the card under the turn-up fixed (AS)."""
    game = parlour.make(GAME, players=4, **options)
    hands = [P12.hands[name].split() for name in ("D", "E1", "P", "E2")]
    return game.new_state(seed=7, deal={"dealer": 0, "hands": hands, "turnup": "QD",
                                        "under": "AS"})


def test_four_hand_partners_exchange_e1_p_e2_d() -> None:
    state = four_hand_deal()
    assert state.current_player() == FOUR_HANDS["D"]
    act(state, "consent")
    assert state.current_player() == FOUR_HANDS["E1"]
    act(state, "proceed")
    order = []
    for code in ("KD", "QC", "7D", "AH"):  # E1, P, E2, D each name a card
        order.append(state.current_player())
        say(state, code)
    assert order == [FOUR_HANDS[name] for name in ("E1", "P", "E2", "D")]
    assert state.scores() == [0, 0, 0, 0]
    assert hand(state, FOUR_HANDS["E1"]) == {"3S", "9C", "7D"}
    assert hand(state, FOUR_HANDS["E2"]) == {"5C", "2H", "KD"}
    assert hand(state, FOUR_HANDS["D"]) == {"3D", "6S", "QC"}
    assert hand(state, FOUR_HANDS["P"]) == {"4H", "8S", "AH"}
    assert state.public_observation()["phase"] == "play"
    assert state.current_player() == FOUR_HANDS["E1"]


def test_four_hand_pack_privilege_after_a_refused_mog() -> None:
    state = four_hand_deal()
    act(state, "consent", "withdraw")  # side B (the dealer's) +1
    assert state.scores() == [1, 0, 1, 0]
    assert state.current_player() == FOUR_HANDS["D"]
    assert legal(state) == {"3D", "6S", "AH", "no-pack"}
    rejects(state, "9C", "you do not hold 9C")
    say(state, "3D")
    assert hand(state, FOUR_HANDS["D"]) == {"6S", "AH", "AS"}
    stock = state.card_locations()["stock"]
    assert stock >> FRENCH_52.parse("3D").id & 1
    assert not stock >> FRENCH_52.parse("AS").id & 1
    assert state.public_observation()["phase"] == "play"


def test_four_hand_elder_side_only_mog() -> None:
    state = four_hand_deal(four_hand_mog="elder_side_only")
    assert state.current_player() == FOUR_HANDS["E1"]
    assert legal(state) == {"offer", "no-offer"}
    act(state, "offer")
    assert state.current_player() == FOUR_HANDS["E2"]
    assert legal(state) == {"accept", "refuse"}
    act(state, "refuse")
    assert state.scores() == [0, 0, 0, 0]  # no point for refusing
    assert legal(state) == {"3D", "6S", "AH", "no-pack"}
    state = four_hand_deal(four_hand_mog="elder_side_only")
    act(state, "offer", "accept", "KD", "2H")
    assert hand(state, FOUR_HANDS["E1"]) == {"3S", "9C", "2H"}
    assert hand(state, FOUR_HANDS["E2"]) == {"5C", "KD", "7D"}
    assert state.public_observation()["phase"] == "play"  # no pack privilege after a swap


# ---------------------------------------------------------------------------
# M1-M6: the mog and the start of a deal

MOG_HANDS = ("9C 4S QH", "2D 8H KS")


def test_m1_dealer_refuses() -> None:
    state = two_hand_deal(*MOG_HANDS, turnup="5C")
    assert state.current_player() == DEALER
    assert legal(state) == {"consent", "refuse"}
    assert act(state, "refuse") == ["P1 says refuse", "P0 scores 1 for the mog refused",
                                    "the play begins"]
    assert state.scores() == [1, 0]
    assert (hand(state, ELDER), hand(state, DEALER)) == ({"9C", "4S", "QH"}, {"2D", "8H", "KS"})
    assert state.current_player() == ELDER
    assert state.public_observation()["phase"] == "play"


def test_m2_dealer_consents_elder_withdraws() -> None:
    state = two_hand_deal(*MOG_HANDS, turnup="5C")
    act(state, "consent")
    assert state.current_player() == ELDER
    assert legal(state) == {"proceed", "withdraw"}
    assert act(state, "withdraw") == ["P0 says withdraw", "P1 scores 1 for the mog refused",
                                      "the play begins"]
    assert state.scores() == [0, 1]
    assert (hand(state, ELDER), hand(state, DEALER)) == ({"9C", "4S", "QH"}, {"2D", "8H", "KS"})
    assert state.public_observation()["phase"] == "play"


def test_m3_exchange_face_down() -> None:
    state = two_hand_deal(*MOG_HANDS, turnup="5C")
    act(state, "consent", "proceed")
    assert state.public_observation()["phase"] == "exchange"
    assert state.current_player() == ELDER
    assert legal(state) == {"9C", "4S", "QH"}
    act(state, "9C")
    assert state.current_player() == DEALER
    assert legal(state) == {"2D", "8H", "KS"}
    # the dealer commits without knowing the elder's choice
    dealer_view = state.observation(DEALER)
    assert dealer_view["committed"] is None
    assert "9C" not in str(dealer_view)
    assert state.observation(ELDER)["committed"] == "9C"
    assert act(state, "KS") == ["P1 chooses a card to give",
                                "the mog: the cards are exchanged face down", "the play begins"]
    assert hand(state, ELDER) == {"4S", "QH", "KS"}
    assert hand(state, DEALER) == {"2D", "8H", "9C"}
    assert state.scores() == [0, 0]
    elder_view, dealer_view = state.observation(ELDER), state.observation(DEALER)
    assert (elder_view["gave"], elder_view["received"]) == ("9C", "KS")
    assert (dealer_view["gave"], dealer_view["received"]) == ("KS", "9C")
    assert state.current_player() == ELDER


def test_m3_mog_words_are_accepted_at_either_step() -> None:
    state = two_hand_deal(*MOG_HANDS, turnup="5C")
    act(state, "MOG", "mog")
    assert state.public_observation()["phase"] == "exchange"
    state = two_hand_deal(*MOG_HANDS, turnup="5C")
    act(state, "mog", "No-Mog")
    assert state.scores() == [0, 1]


def test_m4_cotton_elder_makes_no_offer() -> None:
    state = two_hand_deal(*MOG_HANDS, turnup="5C", mog_order="cotton")
    assert state.current_player() == ELDER
    assert legal(state) == {"offer", "no-offer"}
    assert act(state, "no-offer") == ["P0 says no-offer", "P1 scores 1 for the mog refused",
                                      "the play begins"]
    assert state.scores() == [0, 1]


def test_m4_cotton_elder_offers_dealer_refuses() -> None:
    state = two_hand_deal(*MOG_HANDS, turnup="5C", mog_order="cotton")
    act(state, "offer")
    assert state.current_player() == DEALER
    assert legal(state) == {"accept", "refuse"}
    assert act(state, "refuse") == ["P1 says refuse", "P0 scores 1 for the mog refused",
                                    "the play begins"]
    assert state.scores() == [1, 0]
    assert (hand(state, ELDER), hand(state, DEALER)) == ({"9C", "4S", "QH"}, {"2D", "8H", "KS"})


def test_m4_cotton_accepted_goes_to_the_exchange() -> None:
    state = two_hand_deal(*MOG_HANDS, turnup="5C", mog_order="cotton")
    act(state, "offer", "accept", "QH", "2D")
    assert hand(state, ELDER) == {"9C", "4S", "2D"}
    assert state.scores() == [0, 0]


def test_m5_heels_ends_the_match_before_the_mog() -> None:
    state = two_hand_deal(*MOG_HANDS, turnup="2C", scores=[40, 57])
    assert state.scores() == [40, 61]
    assert state.is_terminal()
    assert state.legal_actions() == []
    assert state.returns() == [-1.0, 1.0]
    log = state.public_observation()["log"]
    assert log[-3:] == ["turn-up 2C: clubs are trumps", "P1 scores 4 for four for his heels",
                        "P1 wins the match"]
    with pytest.raises(IllegalAction, match=r"^the match is over$"):
        say(state, "consent")


def test_m5_heels_below_the_target_and_knave_heels() -> None:
    state = two_hand_deal(*MOG_HANDS, turnup="JC", scores=[40, 50])
    assert state.scores() == [40, 54]
    assert state.current_player() == DEALER
    assert legal(state) == {"consent", "refuse"}
    state = two_hand_deal(*MOG_HANDS, turnup="3C")
    assert state.scores() == [0, 0]


def m6_deal(credit: bool) -> Any:
    """Hearts trumps; the elder gives 2H, the dealer 8D. The dealer's show
    ends the match (he starts on 53), so both shows stay observable."""
    state = two_hand_deal("2H KC QC", "5S 6S 8D", turnup="9H", scores=[0, 53],
                          mog_jack_deuce_credit=credit)
    act(state, "consent", "proceed", "2H")
    return state


def test_m6_credit_for_a_deuce_given_in_the_mog() -> None:
    state = m6_deal(credit=True)
    lines = act(state, "8D")
    assert score_lines(lines) == [(ELDER, 4, "2H given in the mog")]
    assert state.scores() == [4, 53]
    assert hand(state, DEALER) == {"5S", "6S", "2H"}
    lines = act(state, "KC", "5S", "QC", "6S")
    assert score_lines(lines) == [(DEALER, 2, "fifteen"), (ELDER, 3, "twenty-five"),
                                  (DEALER, 4, "thirty-one"), (DEALER, 2, "the show")]
    assert state.is_terminal() and state.scores() == [7, 61]
    shows = observed_shows(state)
    assert shows[DEALER] == points_of(count_show("5S 6S 2H", "9H", credited=["2H"]))
    assert shows[DEALER]["knaves_deuces"] == 0
    assert shows[DEALER]["fifteens"] == 2
    assert shows[ELDER]["total"] == 0


def test_m6_without_the_option_the_receiver_counts_the_deuce() -> None:
    state = m6_deal(credit=False)
    assert score_lines(act(state, "8D")) == []
    assert state.scores() == [0, 53]
    act(state, "KC", "5S", "QC", "6S")
    assert state.is_terminal() and state.scores() == [3, 65]
    shows = observed_shows(state)
    assert shows[DEALER] == points_of(count_show("5S 6S 2H", "9H"))
    assert shows[DEALER]["knaves_deuces"] == 4
    assert shows[DEALER]["total"] == 6


def test_m6_credit_counts_pips_pairs_and_colours_of_the_card() -> None:
    plain = count_show("2H 2S 9C", "4H")
    credited = count_show("2H 2S 9C", "4H", credited=["2H"])
    assert plain.knaves_deuces == 6 and credited.knaves_deuces == 2
    assert credited.pairs_prials == plain.pairs_prials == 2
    assert credited.colours == plain.colours == 0
    assert credited.fifteens == plain.fifteens == 6  # 2H 9C 4H and 2S 9C 4H


# ---------------------------------------------------------------------------
# G1-G2: complete deals

G1_ACTIONS = "no-offer 5H 7C 8H 9H go 2H"


@pytest.mark.parametrize(("options", "dealer_total"), [
    ({}, 20), ({"go_rule": "go_plus_31"}, 21), ({"runs_in_play": False}, 17),
])
def test_g1_cottons_deal(options: dict[str, Any], dealer_total: int) -> None:
    state = two_hand_deal("5H 4H 8H", "2H 7C 9H", turnup="JH", mog_order="cotton", **options)
    deal_lines = state.public_observation()["log"]
    assert deal_lines[-1] == "P1 scores 4 for four for his heels"
    lines = act(state, *G1_ACTIONS.split())
    expected = [(DEALER, 1, "the mog refused")]
    if options.get("runs_in_play", True):
        expected.append((DEALER, 3, "run of 3"))
    if options.get("go_rule") == "go_plus_31":
        expected.append((DEALER, 1, "go"))
    expected += [(DEALER, 5, "thirty-one"), (ELDER, 8, "the show"), (DEALER, 7, "the show")]
    assert score_lines(lines)[:len(expected)] == expected
    assert show_lines(lines) == [(ELDER, {"5H", "4H", "8H"}, 8), (DEALER, {"2H", "7C", "9H"}, 7)]
    assert "P0 plays 4H" not in " ".join(lines)
    assert state.hand_results()[0] == [8, dealer_total]
    # the next deal: the former elder deals
    assert state.public_observation()["dealer"] == ELDER
    assert state.public_observation()["hand_number"] == 2


G2_ACTIONS = "consent proceed QS 2S 7D 6H 2S 9H go"


def test_g2_elder_wins_in_the_middle_of_the_count() -> None:
    state = two_hand_deal("7D 8C QS", "9H 2S 6H", turnup="3H", scores=[55, 57])
    words = G2_ACTIONS.split()
    act(state, *words[:4])
    assert hand(state, ELDER) == {"7D", "8C", "2S"}
    assert hand(state, DEALER) == {"9H", "6H", "QS"}
    assert act(state, "7D", "6H") == ["P0 plays 7D: count 7", "P1 plays 6H: count 13"]
    assert score_lines(act(state, "2S")) == [(ELDER, 3, "fifteen")]
    assert state.scores() == [58, 57]
    act(state, "9H")
    assert legal(state) == {"go"}
    rejects(state, "8C", "8C would pass 31 (the count is 24)")
    lines = act(state, "go")
    assert lines == ["P0 says go", "P1 scores 1 for last card", "P0 shows 2S 7D 8C: 4",
                     "P0 scores 4 for the show", "P0 wins the match"]
    assert state.scores() == [62, 58]
    assert state.is_terminal() and state.legal_actions() == []
    assert state.returns() == [1.0, -1.0]
    # the dealer does not count; his hand would have been worth 8
    shows = observed_shows(state)
    assert list(shows) == [ELDER]
    assert shows[ELDER] == {"fifteens": 2, "twenty_fives": 0, "thirty_one": 0,
                            "knaves_deuces": 2, "pairs_prials": 0, "colours": 0, "total": 4}
    assert count_show("9H 6H QS", "3H").total == 8
    assert state.hand_results() == [[7, 1]]


def test_g2_action_list_in_one_go() -> None:
    state = two_hand_deal("7D 8C QS", "9H 2S 6H", turnup="3H", scores=[55, 57])
    act(state, *G2_ACTIONS.split())
    assert state.is_terminal() and state.scores() == [62, 58]


# ---------------------------------------------------------------------------
# the match's events


def test_g1_events_and_the_costly_colour_counted() -> None:
    """G1's elder shows 4H 5H 8H with the JH turned up: one costly colour
    (``parlour simulate``'s ``costly_colours``), counted from the typed events."""
    state = two_hand_deal("5H 4H 8H", "2H 7C 9H", turnup="JH", mog_order="cotton")
    act(state, *G1_ACTIONS.split())
    codes = FRENCH_52.mask
    assert [event for event in state.match_events() if isinstance(event, Showed)] == [
        Showed(ELDER, tuple(bits_of(codes(["4H", "5H", "8H"]))), 8),
        Showed(DEALER, tuple(bits_of(codes(["2H", "7C", "9H"]))), 7)]
    assert state.match_events()[-2:] == [Dealt(ELDER, 2), TurnedUp(FRENCH_52.parse("5C").id)]
    assert state.game.count_events(state.match_events()) == {"costly_colours": 1}


def test_costly_colours_counted_over_a_seeded_match() -> None:
    game = parlour.make(GAME)
    state = game.new_state(seed=20)
    rng = random.Random(20)
    while not state.is_terminal():
        actions = state.legal_actions()
        state.apply(actions[rng.randrange(len(actions))])
    assert (state.scores(), len(state.hand_results())) == ([61, 34], 7)
    assert game.count_events(state.match_events()) == {"costly_colours": 2}


# ---------------------------------------------------------------------------
# clear errors

HANDS = [["TD", "KH", "3S"], ["5H", "QC", "8S"]]


@pytest.mark.parametrize(("deal", "message"), [
    ({"dealer": 1, "hands": [["TD", "KH"], HANDS[1]], "turnup": "9C"},
     "P0 must hold 3 cards, not 2"),
    ({"dealer": 1, "hands": [HANDS[0], ["5H", "QC", "8S", "4S"]], "turnup": "9C"},
     "P1 must hold 3 cards, not 4"),
    ({"dealer": 1, "hands": [HANDS[0], ["5H", "QC", "TD"]], "turnup": "9C"},
     "TD is dealt twice (the hand of P1)"),
    ({"dealer": 1, "hands": [["TD", "KH", "TD"], HANDS[1]], "turnup": "9C"},
     "TD is dealt twice (the hand of P0)"),
    ({"dealer": 1, "hands": HANDS, "turnup": "KH"}, "KH is dealt twice (the turn-up)"),
    ({"dealer": 1, "hands": HANDS, "turnup": "9C", "pile": []},
     "unknown deal key 'pile'; a costly-colours deal has dealer, hands, scores, turnup, under"),
    ({"dealer": 1, "hands": HANDS, "turnup": "9C", "scores": [61, 0]},
     "a score of 61 has already reached the target"),
    ({"dealer": 1, "hands": HANDS, "turnup": "9C", "scores": [3, 75]},
     "a score of 75 has already reached the target"),
    ({"dealer": 1, "hands": HANDS, "turnup": "9C", "scores": [3]},
     "the deal's scores must be a list of 2 integers"),
    ({"dealer": 2, "hands": HANDS, "turnup": "9C"},
     "the dealer must be a seat from 0 to 1, not 2"),
    ({"dealer": 1, "hands": [HANDS[0]], "turnup": "9C"},
     "a deal needs 'hands': three card codes for each of 2 seats"),
    ({"dealer": 1, "hands": HANDS}, "a costly-colours deal needs a 'turnup' card"),
    ({"dealer": 1, "hands": HANDS, "turnup": "9C", "under": "QC"},
     "QC is dealt twice (the card under the turn-up)"),
    ({"dealer": 1, "hands": [["TD", "KH", "3X"], HANDS[1]], "turnup": "9C"},
     "in the hand of P0: '3X' is not a card of the French 52-card pack; write a code such "
     "as JS, TD, 10D or J♠"),
])
def test_bad_deal_is_refused(deal: dict[str, Any], message: str) -> None:
    game = parlour.make(GAME)
    with pytest.raises(ParseError, match=f"^{re.escape(message)}$"):
        game.new_state(seed=7, deal=deal)


def test_bad_deal_scores_at_121_target() -> None:
    game = parlour.make(GAME, target=121)
    state = game.new_state(seed=7, deal={"dealer": 1, "hands": HANDS, "turnup": "9C",
                                         "scores": [100, 120]})
    assert state.scores() == [100, 120]
    with pytest.raises(ParseError, match=r"^a score of 121 has already reached the target$"):
        game.new_state(seed=7, deal={"dealer": 1, "hands": HANDS, "turnup": "9C",
                                     "scores": [0, 121]})


def test_bad_four_hand_deal_partners_share_a_score() -> None:
    game = parlour.make(GAME, players=4)
    hands = [["TD", "KH", "3S"], ["5H", "QC", "8S"], ["2C", "3C", "4C"], ["5D", "6D", "7D"]]
    message = "partners share a score: seats 0 and 2, and 1 and 3, must have equal scores"
    with pytest.raises(ParseError, match=f"^{re.escape(message)}$"):
        game.new_state(seed=7, deal={"dealer": 0, "hands": hands, "turnup": "9C",
                                     "scores": [1, 2, 3, 2]})


@pytest.mark.parametrize(("cards", "turnup", "message"), [
    (["JD", "JS"], "5H", "a show counts three cards and the turn-up, not 2 cards"),
    ("JD JS 5D 4H", "5H", "a show counts three cards and the turn-up, not 4 cards"),
    (["JD", "JS", "JD"], "5H", "JD is listed twice"),
    (["JD", "JS", "5H"], "5H", "5H is listed twice"),
    (["JD", "JS", "ZZ"], "5H",
     "'ZZ' is not a card of the French 52-card pack; write a code such as JS, TD, 10D or J♠"),
    (["JD", "JS", "4H"], "XH",
     "'XH' is not a card of the French 52-card pack; write a code such as JS, TD, 10D or J♠"),
    (["JD", "JS", "4H"], 5, "the turn-up must be one card code"),
    (42, "5H", "the hand must be card codes"),
])
def test_count_show_misuse(cards: Any, turnup: Any, message: str) -> None:
    with pytest.raises(ParseError, match=f"^{re.escape(message)}$"):
        count_show(cards, turnup)


def test_count_show_accepts_ten_as_10() -> None:
    assert count_show(["10H", "5C", "KD"], "2S").total == count_show("TH 5C KD", "2S").total


def test_illegal_card_that_would_pass_31() -> None:
    state = start_two_hand_play(P1)
    say(state, "TD", "5H", "KH")
    assert legal(state) == {"go"}
    rejects(state, "QC", "QC would pass 31 (the count is 25)")
    rejects(state, "8S", "8S would pass 31 (the count is 25)")


def test_illegal_go_while_able_to_play() -> None:
    state = start_two_hand_play(P1)
    rejects(state, "go", "you must play while you can: go only when no card keeps the count to 31")
    say(state, "TD", "5H")
    rejects(state, "go", "you must play while you can: go only when no card keeps the count to 31")


def test_illegal_card_not_held() -> None:
    state = start_two_hand_play(P1)
    rejects(state, "5H", "you do not hold 5H")  # the dealer's card
    rejects(state, "AS", "you do not hold AS")
    state = two_hand_deal(*MOG_HANDS, turnup="5C")
    say(state, "consent", "proceed")
    rejects(state, "KS", "you do not hold KS")
    rejects(state, "go", "name the card you give in the mog, not 'go'")


def test_illegal_mog_words() -> None:
    state = two_hand_deal(*MOG_HANDS, turnup="5C")
    for word in ("proceed", "withdraw", "offer", "accept", "go", "9C", "no-pack"):
        rejects(state, word, "say consent or refuse")
    say(state, "consent")
    for word in ("consent", "refuse", "no-offer", "4S"):
        rejects(state, word, "say proceed or withdraw")
    state = two_hand_deal(*MOG_HANDS, turnup="5C", mog_order="cotton")
    rejects(state, "consent", "say offer or no-offer")
    say(state, "offer")
    rejects(state, "proceed", "say accept or refuse")
    state = four_hand_deal(four_hand_mog="elder_side_only")
    rejects(state, "consent", "say offer or no-offer")
    say(state, "offer")
    rejects(state, "withdraw", "say accept or refuse")


def test_illegal_words_in_the_play_and_after_the_match() -> None:
    state = start_two_hand_play(P1)
    rejects(state, "consent", "you cannot say 'consent' now")
    rejects(state, "no-pack", "you cannot say 'no-pack' now")
    with pytest.raises(ParseError, match=r"^'xyz' is neither a card nor a word"):
        state.parse_action("xyz")
    state = two_hand_deal(*MOG_HANDS, turnup="2C", scores=[0, 60])
    with pytest.raises(IllegalAction, match=r"^the match is over$"):
        say(state, "refuse")


@pytest.mark.parametrize(("options", "message"), [
    ({"players": 4, "go_rule": "go_plus_31"},
     "go_rule=go_plus_31 needs players=2: four hands use the last card point only"),
    ({"players": 4, "mog_jack_deuce_credit": True}, "mog_jack_deuce_credit needs players=2"),
])
def test_four_hand_option_errors(options: dict[str, Any], message: str) -> None:
    with pytest.raises(OptionError, match=f"^{re.escape(message)}$"):
        parlour.make(GAME, **options)


# ---------------------------------------------------------------------------
# hypothesis: the show (§12)

CODES = [rank + suit for suit in "SHDC" for rank in "23456789TJQKA"]
RED = {"H", "D"}
COLOUR_KEEPING = [dict(zip("SHDC", order, strict=True))
                  for order in ("SHDC", "SDHC", "CHDS", "CDHS")]
"""The suit relabellings that keep each suit's colour (the trump suit
follows the turn-up)."""


def reference_show(own: list[str], turnup: str) -> dict[str, int]:
    """§6 written out again from the rules text, category by category."""
    four = [*own, turnup]
    sums = [(len(subset), sum(pip(code) for code in subset))
            for size in (2, 3, 4) for subset in combinations(four, size)]
    suits = [code[1] for code in four]
    most = max(suits.count(suit) for suit in "SHDC")
    reds = sum(1 for suit in suits if suit in RED)
    if most == 4:
        colours = 6
    elif reds in (0, 4):
        colours = 5 if most == 3 else 4
    elif most == 3:
        colours = 3
    else:
        colours = 2 if reds in (1, 3) else 0
    ranks = [code[0] for code in four]
    points = {
        "fifteens": sum(size for size, total in sums if total == 15),
        "twenty_fives": sum(size for size, total in sums if total == 25),
        "thirty_one": 4 if sum(pip(code) for code in four) == 31 else 0,
        "knaves_deuces": sum(4 if code[1] == turnup[1] else 2
                             for code in own if code[0] in "J2"),
        "pairs_prials": sum({2: 2, 3: 9, 4: 18}.get(ranks.count(rank), 0)
                            for rank in set(ranks)),
        "colours": colours,
    }
    points["total"] = sum(points.values())
    return points


@settings(max_examples=150, deadline=None)
@given(four=st.lists(st.sampled_from(CODES), min_size=4, max_size=4, unique=True),
       relabel=st.sampled_from(COLOUR_KEEPING))
def test_show_is_bounded_and_independent_of_order_and_colour_keeping_suits(
    four: list[str], relabel: dict[str, str]
) -> None:
    own, turnup = four[:3], four[3]
    counted = points_of(count_show(own, turnup))
    assert counted == reference_show(own, turnup)
    assert counted["colours"] in {0, 2, 3, 4, 5, 6}
    assert counted["pairs_prials"] in {0, 2, 4, 9, 18}
    assert 0 <= counted["knaves_deuces"] <= 10
    assert counted["thirty_one"] in {0, 4}
    assert counted["fifteens"] >= 0 and counted["twenty_fives"] >= 0
    for order in permutations(own):
        assert points_of(count_show(list(order), turnup)) == counted
    moved = [code[0] + relabel[code[1]] for code in four]
    assert points_of(count_show(moved[:3], moved[3])) == counted


# ---------------------------------------------------------------------------
# hypothesis: the play and the match under random legal play (§12)


def allowed(options: dict[str, Any]) -> dict[str, Any]:
    """Drop the option values that four players may not use (§9)."""
    if options["players"] == 4:
        return {**options, "go_rule": "last_card", "mog_jack_deuce_credit": False}
    return options


OPTION_SETS = st.fixed_dictionaries({
    "players": st.sampled_from([2, 4]),
    "target": st.sampled_from([61, 121]),
    "mog_order": st.sampled_from(["jackson", "cotton"]),
    "go_rule": st.sampled_from(["last_card", "go_plus_31"]),
    "pairs_in_play": st.booleans(),
    "runs_in_play": st.booleans(),
    "mog_jack_deuce_credit": st.booleans(),
    "four_hand_mog": st.sampled_from(["partners", "elder_side_only"]),
}).map(allowed)

PLAY_LINE = re.compile(r"^P(\d) plays (\S+): count (\d+)$")
DEAL_LINE = re.compile(r"^P(\d) deals \(deal (\d+)\)$")
GO_LAST = ("go", "last card")


def reference_play_points(pile: list[str], options: dict[str, Any]) -> list[tuple[int, str]]:
    """§5.3 for the last card of ``pile``, written out again from the rules."""
    found: list[tuple[int, str]] = []
    total = sum(pip(code) for code in pile)
    if total in (15, 25, 31):
        found.append((len(pile), {15: "fifteen", 25: "twenty-five", 31: "thirty-one"}[total]))
    same = 1
    while same < len(pile) and pile[-same - 1][0] == pile[-1][0]:
        same += 1
    if options["pairs_in_play"] and same > 1:
        found.append(({2: 2, 3: 9, 4: 18}[same], {2: "pair", 3: "prial", 4: "double prial"}[same]))
    run_order = "A23456789TJQK"
    if options["runs_in_play"]:
        for length in range(len(pile), 2, -1):
            places = sorted(run_order.index(code[0]) for code in pile[-length:])
            if places == list(range(places[0], places[0] + length)):
                found.append((length, f"run of {length}"))
                break
    return found


def hands_of(state: Any) -> dict[int, set[str]]:
    """Each seat's cards in hand (from the card locations)."""
    locations = state.card_locations()
    return {seat: {CODES[card] for card in range(52) if locations[f"hand {seat}"] >> card & 1}
            for seat in range(state.game.num_players)}


def check_conservation(state: Any) -> None:
    union = 0
    for mask in state.card_locations().values():
        assert union & mask == 0
        union |= mask
    assert union == (1 << 52) - 1


@dataclass
class DealRecord:
    """What the random-play test saw of one deal."""

    turnup: str | None = None
    hands_at_play: dict[int, set[str]] | None = None
    count: int = 0


def check_step(state: Any, record: DealRecord, options: dict[str, Any]) -> None:
    """The invariants that hold before every action."""
    n = state.game.num_players
    check_conservation(state)
    observation = state.public_observation()
    phase = observation["phase"]
    scores = state.scores()
    assert max(scores) < options["target"]
    if n == 4:
        assert scores[0] == scores[2] and scores[1] == scores[3]
    turnup = observation["zones"]["turnup"]
    if record.turnup is None:
        record.turnup = turnup
    assert turnup == record.turnup
    count = observation["count"]
    assert record.count <= count <= 31
    record.count = count
    held = hands_of(state)
    if phase in ("mog", "exchange", "pack"):
        assert all(len(cards) == 3 for cards in held.values())
        assert count == 0
    mover = state.current_player()
    if phase != "play":
        return
    if record.hands_at_play is None:
        record.hands_at_play = {seat: set(cards) for seat, cards in held.items()}
    fits = {code for code in held[mover] if pip(code) <= 31 - count}
    assert held[mover], "a player without cards is passed over"
    assert legal(state) == (fits or {"go"})


def split_deals(log: list[str]) -> list[tuple[int, list[str]]]:
    """The match log cut into deals: (dealer, lines from the turn-up on)."""
    deals: list[tuple[int, list[str]]] = []
    for line in log:
        match = DEAL_LINE.match(line)
        if match:
            deals.append((int(match[1]), []))
        elif deals:
            deals[-1][1].append(line)
    return deals


def check_deal_log(dealer: int, lines: list[str], record: DealRecord,
                   options: dict[str, Any]) -> None:
    """The play and the show of one deal, read back from its log lines."""
    n = options["players"]
    elder = (dealer + 1) % n
    turnup = lines[0].split()[1].rstrip(":")
    assert turnup == record.turnup
    pile: list[str] = []
    players: list[int] = []
    played: dict[int, set[str]] = {seat: set() for seat in range(n)}
    goes: list[int] = []
    last_player = -1
    credited = [reason.split()[0] for _, _, reason in score_lines(lines)
                if reason.endswith("given in the mog")]
    index = 0
    while index < len(lines):
        line = lines[index]
        index += 1
        match = PLAY_LINE.match(line)
        if match:
            seat, code, count = int(match[1]), match[2], int(match[3])
            assert seat not in goes, "a player who said go never plays again in the deal"
            if n == 2 and not goes:
                assert seat == (elder + len(pile)) % 2, "before a go the play alternates"
            pile.append(code)
            players.append(seat)
            played[seat].add(code)
            last_player = seat
            assert count == sum(pip(card) for card in pile) <= 31
            scored = []
            while index < len(lines) and SCORE_LINE.match(lines[index]):
                scored.append(score_lines([lines[index]])[0])
                index += 1
            assert [(points, reason) for who, points, reason in scored
                    if reason not in GO_LAST] == reference_play_points(pile, options)
            assert all(who == seat for who, _, reason in scored if reason not in GO_LAST)
        elif re.match(r"^P\d says go$", line):
            goes.append(int(line[1]))
    if n == 2:
        assert len(goes) <= 1
    total = sum(pip(code) for code in pile)
    go_last = [(who, reason) for who, _, reason in score_lines(lines) if reason in GO_LAST]
    shows = show_lines(lines)
    won_in_play = lines[-1].endswith("wins the match") and not shows and not any(
        reason == "last card" for _, reason in go_last)
    if record.hands_at_play is None or won_in_play:
        return
    if n == 2:
        # the total is at most 20 after two cards: the elder plays two, the dealer one
        assert players.count(elder) >= 2 and players.count(dealer) >= 1
    # the play ended at 31 or with nobody able to add a card
    left = {seat: record.hands_at_play[seat] - played[seat] for seat in range(n)}
    assert total == 31 or all(pip(code) > 31 - total for cards in left.values()
                              for code in cards)
    if total < 31:
        assert len(go_last) == 1
    elif options["go_rule"] == "last_card":
        assert go_last == []
    if options["go_rule"] == "last_card" and total < 31:
        assert go_last == [(last_player, "last card")]
    # the shows: elder first, each his three cards and the turn-up
    assert [seat for seat, _, _ in shows] == [(elder + offset) % n for offset in range(n)][
        :len(shows)]
    for seat, cards, points in shows:
        assert cards == record.hands_at_play[seat]
        assert points == count_show(sorted(cards), turnup, credited=[
            code for code in credited if code in cards]).total


PLAY_REASONS = re.compile(r"^(fifteen|twenty-five|thirty-one|pair|prial|double prial|run of \d)$")


def score_events(log: list[str]) -> list[list[tuple[int, int, str]]]:
    """The score lines grouped into events (§7): the parts of one played
    card's score form one event, every other score line is one."""
    events: list[list[tuple[int, int, str]]] = []
    card_event: list[tuple[int, int, str]] | None = None
    """The event of the card just played, while its parts are logged."""
    for line in log:
        if PLAY_LINE.match(line):
            card_event = []
            continue
        scored = score_lines([line])
        if not scored:
            card_event = None
            continue
        part = scored[0]
        if card_event is not None and PLAY_REASONS.match(part[2]):
            if not card_event:
                events.append(card_event)
            card_event.append(part)
        else:
            card_event = None
            events.append([part])
    return events


def check_match_log(log: list[str], state: Any, options: dict[str, Any]) -> None:
    """Scores add up to the totals, and the match ends at the first event
    that reaches the target."""
    n = options["players"]
    totals = [0] * n
    events = score_events(log)
    for number, event in enumerate(events):
        assert len({seat for seat, _, _ in event}) == 1, "one player scores in an event"
        for seat, points, _ in event:
            for member in side_of(seat, n):
                totals[member] += points
        reached = totals[event[0][0]] >= options["target"]
        assert reached == (number == len(events) - 1)
    assert totals == state.scores()
    assert log[-1] == f"P{events[-1][0][0]} wins the match"


@settings(max_examples=60, deadline=None)
@given(options=OPTION_SETS, seed=st.integers(0, 2**32), play_seed=st.integers(0, 2**32))
def test_random_matches_keep_the_invariants(
    options: dict[str, Any], seed: int, play_seed: int
) -> None:
    game = parlour.make(GAME, **options)
    state = game.new_state(seed=seed)
    rng = random.Random(play_seed)
    log = list(state.public_observation()["log"])
    records = [DealRecord()]
    while not state.is_terminal():
        number = state.public_observation()["hand_number"]
        while len(records) < number:
            records.append(DealRecord())
        check_step(state, records[number - 1], options)
        mark = log_mark(state)
        state.apply(rng.choice(state.legal_actions()))
        log += lines_since(state, mark)
    assert state.legal_actions() == []
    assert sorted(state.returns()) != [0.0] * game.num_players
    deals = split_deals(log)
    assert len(deals) == len(records) or len(deals) == len(records) + 1
    for (dealer, lines), record in zip(deals, records, strict=False):
        check_deal_log(dealer, lines, record, options)
    check_match_log(log, state, options)


# ---------------------------------------------------------------------------
# issue 33: the heels_claim variant (the dealer claims his heels or loses them)

COTTON_HANDS = ("5H 4H 8H", "2H 7C 9H")
"""G1's cards (Cotton's deal): the turned-up JH gives the dealer heels."""
G1_PLAY = "5H 7C 8H 9H go 2H"


def heels_deal(turnup: str = "JH", **options: Any) -> Any:
    return two_hand_deal(*COTTON_HANDS, turnup=turnup, heels_claim=True, **options)


def test_heels_claim_worked_example_claimed_at_the_first_turn() -> None:
    """Cotton's deal (G1, hand-computed: heels 4 + withdrawn mog 1 + run 3 +
    thirty-one 5 + show 7 = 20 for the dealer, 8 for the elder) with
    ``heels_claim``: nothing is scored at the turn-up; the dealer claims
    before his mog answer and keeps the turn. Source of the rule: the seed
    ("Debe anotarlo antes de que se juegue una carta o se perderá"), from
    English Wikipedia, "Costly Colours",
    https://en.wikipedia.org/wiki/Costly_Colours (after Jackson, 1883)."""
    state = heels_deal()
    assert state.public_observation()["log"][-1] == "turn-up JH: hearts are trumps"
    assert state.scores() == [0, 0] and state.current_player() == DEALER
    assert legal(state) == {"consent", "refuse", "claim heels"}
    assert state.legal_actions()[-1] == 61 == state.parse_action("Claim  Heels")
    assert state.observation(ELDER)["heels"] == "open"
    assert act(state, "claim heels") == ["P1 says claim heels",
                                         "P1 scores 4 for four for his heels"]
    assert state.scores() == [0, 4] and state.current_player() == DEALER
    assert legal(state) == {"consent", "refuse"}
    rejects(state, "claim heels", "the heels are already claimed")
    lines = act(state, "consent", "withdraw", *G1_PLAY.split())
    assert "P1 did not claim his heels before a card was played: they are lost" not in lines
    assert state.hand_results()[0] == [8, 20]


def test_heels_claim_worked_example_lost_when_the_play_begins() -> None:
    """The same deal, the dealer forgetting: his four are lost when the
    elder is to lead (20 - 4 = 16 for the dealer)."""
    state = heels_deal()
    lines = act(state, "consent", "withdraw")
    assert lines == ["P1 says consent", "P0 says withdraw", "P1 scores 1 for the mog refused",
                     "P1 did not claim his heels before a card was played: they are lost",
                     "the play begins"]
    assert state.scores() == [0, 1] and state.observation(DEALER)["heels"] == "lost"
    assert legal(state) == {"5H", "4H", "8H"}
    act(state, "5H")
    assert state.current_player() == DEALER
    rejects(state, "claim heels", "too late: the heels are lost once a card is played")
    act(state, *G1_PLAY.split()[1:])
    assert state.hand_results()[0] == [8, 16]


def test_heels_claim_is_still_in_time_at_the_dealers_exchange() -> None:
    """A turn let pass (consent) loses nothing yet: the dealer claims when he
    chooses his card for the exchange, and then chooses it."""
    state = heels_deal()
    act(state, "consent", "proceed")
    assert legal(state) == {"5H", "4H", "8H"}  # the elder: no claim for him
    rejects(state, "claim heels", "only the dealer claims his heels (P1 deals)")
    act(state, "8H")
    assert legal(state) == {"2H", "7C", "9H", "claim heels"}
    act(state, "claim heels")
    assert state.scores() == [0, 4] and legal(state) == {"2H", "7C", "9H"}
    assert act(state, "7C")[-1] == "the play begins"
    assert hand(state, DEALER) == {"2H", "9H", "8H"}


def test_heels_claim_scored_when_the_dealer_never_had_a_turn() -> None:
    """Cotton's order, the elder making no offer: the elder leads before the
    dealer has had a turn, so the four are scored as the play begins and
    G1 ends as without the option (E 8, D 20)."""
    state = heels_deal(mog_order="cotton")
    assert state.current_player() == ELDER and legal(state) == {"offer", "no-offer"}
    assert act(state, "no-offer") == ["P0 says no-offer", "P1 scores 1 for the mog refused",
                                      "P1 scores 4 for four for his heels", "the play begins"]
    act(state, *G1_PLAY.split())
    assert state.hand_results()[0] == [8, 20]


def test_heels_claim_at_the_cotton_dealers_answer() -> None:
    state = heels_deal(mog_order="cotton")
    act(state, "offer")
    assert legal(state) == {"accept", "refuse", "claim heels"}
    act(state, "refuse")  # no claim: lost as the elder leads
    assert state.scores() == [1, 0] and state.observation(ELDER)["heels"] == "lost"


def test_heels_claim_that_reaches_the_target_ends_the_match() -> None:
    state = two_hand_deal(*MOG_HANDS, turnup="2C", scores=[0, 58], heels_claim=True)
    assert state.scores() == [0, 58] and not state.is_terminal()
    assert act(state, "claim heels")[-1] == "P1 wins the match"
    assert state.is_terminal() and state.scores() == [0, 62]


def test_heels_claim_refusals_without_heels_and_without_the_option() -> None:
    state = two_hand_deal(*MOG_HANDS, turnup="5C", heels_claim=True)
    assert legal(state) == {"consent", "refuse"}
    assert state.observation(DEALER)["heels"] is None
    rejects(state, "claim heels", "there are no heels to claim: the turn-up 5C is not a Knave "
                                  "or a Deuce")
    state = two_hand_deal(*MOG_HANDS, turnup="2C")
    assert state.scores() == [0, 4] and state.game.num_actions == 61
    with pytest.raises(ParseError, match=r"^claim heels belongs to the heels_claim variant: "
                                         r"here the dealer's heels are scored when the card is "
                                         r"turned up$"):
        state.parse_action("claim heels")
    with pytest.raises(IllegalAction, match=r"^there is no action 61; actions are 0 to 60$"):
        state.apply(61)
    with pytest.raises(ParseError, match=r"'xyz' is neither a card nor a word; type a card "
                                         r"such as 7D or QS, or one of consent, refuse, proceed, "
                                         r"withdraw, offer, no-offer, accept, go, no-pack$"):
        state.parse_action("xyz")


def test_heels_claim_four_hands() -> None:
    """Four hands: the dealer claims at the pack privilege; with
    ``elder_side_only`` and the elder's side swapping he has no turn before
    the lead, so the four are scored as the play begins."""
    hands = {"hands": [["3D", "6S", "AH"], ["3S", "9C", "KD"], ["4H", "8S", "QC"],
                       ["5C", "2H", "7D"]], "turnup": "JS", "dealer": 0}
    state = parlour.make(GAME, players=4, heels_claim=True).new_state(seed=1, deal=hands)
    act(state, "refuse")  # the dealer refuses without claiming: E1's side scores 1
    assert state.scores() == [0, 1, 0, 1]
    assert legal(state) == {"3D", "6S", "AH", "no-pack", "claim heels"}
    act(state, "claim heels", "no-pack")
    assert state.scores() == [4, 1, 4, 1]
    state = parlour.make(GAME, players=4, heels_claim=True,
                         four_hand_mog="elder_side_only").new_state(seed=1, deal=hands)
    lines = act(state, "offer", "accept", "3S", "5C")
    assert lines[-3:] == ["the mog: the cards are exchanged face down",
                          "P0's side scores 4 for four for his heels", "the play begins"]
    assert state.scores() == [4, 0, 4, 0]


def test_heels_claim_tensor_flag_only_with_the_option() -> None:
    state = heels_deal()
    layout = state.game.observation_layout()
    assert (layout[-1].name, layout[-1].size) == ("heels", 1)
    before = state.observation_tensor(ELDER)
    assert before.shape == (331,) and before[-1] == 1.0
    act(state, "claim heels")
    assert state.observation_tensor(ELDER)[-1] == 0.0
    default = two_hand_deal(*COTTON_HANDS, turnup="JH")
    assert default.observation_tensor(ELDER).shape == (330,)
    assert [block.name for block in default.game.observation_layout()] == [
        block.name for block in layout[:-1]]
    assert default.game.tensor_version == state.game.tensor_version == 1


def test_heels_claim_the_heuristic_dealer_claims_first() -> None:
    from parlour.agents.heuristic.costly import costly_action
    from parlour.games.costly_colours import CLAIM_HEELS
    state = heels_deal()
    choice = costly_action(state.observation(DEALER), state.legal_actions(), random.Random(0))
    assert choice == CLAIM_HEELS
    state = heels_deal()
    act(state, "consent", "proceed", "8H")
    choice = costly_action(state.observation(DEALER), state.legal_actions(), random.Random(0))
    assert choice == CLAIM_HEELS


@pytest.mark.parametrize("options", [
    {"heels_claim": True}, {"heels_claim": True, "mog_order": "cotton"},
    {"heels_claim": True, "players": 4},
    {"heels_claim": True, "players": 4, "four_hand_mog": "elder_side_only"},
])
def test_heels_claim_random_matches_keep_the_rules(options: dict[str, Any]) -> None:
    """Random play: every turned Knave or Deuce ends claimed or lost before
    the first card, and a claim is legal only to the dealer."""
    game = parlour.make(GAME, **options)
    for seed in range(6):
        state = game.new_state(seed=seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            actions = state.legal_actions()
            if 61 in actions:
                assert state.current_player() == state.public_observation()["dealer"]
            state.apply(actions[rng.randrange(len(actions))])
            heels = state.observation(0)["heels"]
            if state.observation(0)["zones"]["play"]:
                assert heels in (None, "claimed", "lost")
        assert parlour.replay(state.record()).scores() == state.scores()


# ---------------------------------------------------------------------------
# issue 33: colour_scale="cotton", Cotton's coarser colours

COTTON_COLOURS = {
    # W example: Jackson's colours -> Cotton's
    "W2": (6, 6), "W3": (3, 3), "W8": (5, 3), "W9": (4, 2), "W10": (3, 3), "W14": (0, 0),
    "W16": (5, 3), "W18": (2, 2),
}


@pytest.mark.parametrize("example", sorted(COTTON_COLOURS))
def test_cotton_colour_scale_on_the_w_examples(example: str) -> None:
    """Cotton, *The Compleat Gamester* (1674), chapter XIV
    (http://name.umdl.umich.edu/A34637.0001.001): four of a suit 6, three
    of a suit 3 (his dealer's 2H 9H with the turned JH), three of a colour 2;
    Jackson's 5 and 4 for four of a colour do not exist."""
    own, turnup, expected = show_of(example)
    jackson, cotton = COTTON_COLOURS[example]
    assert expected["colours"] == jackson
    counted = points_of(count_show(own, turnup, colour_scale="cotton"))
    assert counted == {**expected, "colours": cotton,
                       "total": expected["total"] - jackson + cotton}


def test_cotton_colour_scale_worked_deal() -> None:
    """A whole deal hand-computed under both scales. E 4H 6H 8H, D 5H 9H TD,
    turn-up 3D; the dealer refuses the mog (E 1). Play: 8H 5H 4H TD (27),
    E cannot add 6H: go; D cannot add 9H: the last card, D 1. Shows:
    E 4H+8H+3D = 15 (3), four reds split 3+1: Jackson 5, Cotton 3 (three of
    a suit); D 5H+TD = 15 (2), four reds 2+2: Jackson 4, Cotton 2 (three of
    a colour). Totals: Jackson E 9, D 7; Cotton E 7, D 5. Source of the
    scale: Cotton, *The Compleat Gamester* (1674), chapter XIV, EEBO text
    http://name.umdl.umich.edu/A34637.0001.001."""
    for scale, totals, shows in (("jackson", [9, 7], (8, 6)), ("cotton", [7, 5], (6, 4))):
        state = two_hand_deal("4H 6H 8H", "5H 9H TD", turnup="3D", colour_scale=scale)
        lines = act(state, "refuse", "8H", "5H", "4H", "TD", "go")
        assert score_lines(lines) == [(ELDER, 1, "the mog refused"), (DEALER, 1, "last card"),
                                      (ELDER, shows[0], "the show"),
                                      (DEALER, shows[1], "the show")]
        assert state.hand_results()[0] == totals
    assert count_show("4H 6H 8H", "3D", colour_scale="cotton").colours == 3
    assert count_show("5H 9H TD", "3D", colour_scale="cotton").colours == 2


def test_cotton_colour_scale_bad_value() -> None:
    with pytest.raises(ParseError, match=r"^colour_scale is jackson or cotton, not 'crib'$"):
        count_show("4H 6H 8H", "3D", colour_scale="crib")
    with pytest.raises(OptionError, match="colour_scale"):
        parlour.make(GAME, colour_scale="crib")


@settings(max_examples=150, deadline=None)
@given(four=st.lists(st.sampled_from(CODES), min_size=4, max_size=4, unique=True))
def test_cotton_colours_are_jacksons_coarsened(four: list[str]) -> None:
    """Cotton's scale keeps Jackson's 6, 3, 2 and 0 and lowers four of a
    colour: 3+1 (5) to three of a suit (3), 2+2 (4) to three of a colour (2)."""
    own, turnup = four[:3], four[3]
    jackson = count_show(own, turnup)
    cotton = count_show(own, turnup, colour_scale="cotton")
    assert cotton.colours == {5: 3, 4: 2}.get(jackson.colours, jackson.colours)
    assert cotton.total - cotton.colours == jackson.total - jackson.colours


def test_variants_are_listed_for_the_web_form(tmp_path: Any) -> None:
    from fastapi.testclient import TestClient

    from database_support import fresh_database
    from parlour.server import create_app
    with fresh_database(tmp_path) as url, TestClient(create_app(url)) as client:
        listed = {game["name"]: game for game in client.get("/api/games").json()}
    options = {option["name"]: option for option in listed[GAME]["options"]}
    assert (options["heels_claim"]["kind"], options["heels_claim"]["default"]) == ("flag", False)
    assert (options["colour_scale"]["choices"], options["colour_scale"]["default"]) == (
        ["jackson", "cotton"], "jackson")
