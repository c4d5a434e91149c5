"""Bharg: the worked examples of ``rules/bharg.md`` §16 (E1 deal, W1-W16
hand evaluations, S1-S3 scoring, R1 reshuffle, M1 match), the set counts
of §5, the invariants of §17 under random play and random hands
(hypothesis), the evaluator against a brute-force reference, and clear
errors for bad hands, bad deals and illegal moves.

Mid-round positions put seat 0 to move (the dealer is the last seat) with
The Mill alone on the discard pile unless an example says otherwise: the
mover takes it and discards it again, so that the hand judged is exactly
the example's.
"""

from __future__ import annotations

import operator
import random
import re
from functools import reduce
from itertools import combinations
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import parlour
from parlour.cards import DECKTET_BASIC, DECKTET_EXTENDED, Card
from parlour.engine.match import Dealt, Drew, Reshuffled, Words
from parlour.errors import IllegalAction, OptionError, ParseError
from parlour.games.bharg import (
    BASIC,
    CATALOGUE,
    COURTS,
    EXCUSE_BIT,
    NAMES,
    PAWNS,
    SETS,
    RoundVoid,
    Scored,
    WonRound,
    arrange,
    binds_all,
    candidate_sets,
    evaluate_hand,
    names_of,
    parse_cards,
    sets_in_play,
    value_of,
)
from trick_play import say

GAME = "bharg"
SUITS = ("Moons", "Suns", "Waves", "Leaves", "Wyrms", "Knots")

HANDS: dict[str, list[str]] = {
    "W1": ["The Lunatic", "The Penitent", "The Market", "The Origin", "The Mountain",
           "The Soldier", "The Castle"],
    "W3": ["Ace of Moons", "The Bard", "The Cave", "The Market", "The Diplomat", "The Mill",
           "The Betrayal"],
    "W4": ["The Author", "The Desert", "The Origin", "The Sailor", "The Mountain", "The Pact",
           "The Diplomat"],
    "W5a": ["The Journey", "The Painter", "The Savage", "The Forest", "The Chance Meeting",
            "The End", "The Mill"],
    "W5b": ["Ace of Leaves", "The Journey", "The Painter", "The Savage", "The Forest",
            "The Chance Meeting", "The End"],
    "W6": ["Ace of Moons", "Ace of Suns", "Ace of Waves", "The End", "The Calamity",
           "The Windfall", "The Merchant"],
    "W7": ["The Discovery", "Ace of Moons", "The End", "The Calamity", "The Windfall",
           "The Cave", "The Darkness"],
    "W8": ["Ace of Moons", "Ace of Suns", "The Pact", "The Darkness", "The Merchant",
           "The Author", "The Journey"],
    "W9": ["The Huntress", "The Sea", "The Journey", "The Lunatic", "The Penitent", "The Castle",
           "The Betrayal"],
    "W10": ["The Excuse", "The Author", "The Desert", "The Origin", "The Castle", "The Cave",
            "The Chance Meeting"],
    "W11": ["The Excuse", "The Origin", "The Mountain", "The Battle", "The Sailor", "The Pact",
            "The Bard"],
    "W12": ["The Watchman", "The Discovery", "The End", "The Light Keeper", "Ace of Moons",
            "The Savage", "The Merchant"],
    "W13": ["The Harvest", "The Borderland", "The Author", "The Painter", "The Darkness",
            "The Sea", "Ace of Knots"],
    "W14": ["Ace of Moons", "The Bard", "The Cave", "The Market", "The Huntress", "The Painter",
            "The End"],
    "W15": ["The Journey", "The Painter", "The Savage", "The Mountain", "The Sailor",
            "The Battle"],
    "W16": ["The Rite", "The Light Keeper", "The Origin", "The Mountain", "The Soldier",
            "The Consul", "The Island"],
    "S1": ["The Author", "The Desert", "The Origin", "The Forest", "The Discovery",
           "The Soldier", "The Darkness"],
    "S2-1": ["Ace of Moons", "The Bard", "The Cave", "The Market", "The Huntress", "The End"],
    "S2-2": ["The Author", "The Desert", "The Origin", "The Diplomat", "The Darkness",
             "The Calamity"],
    "S3": ["The Harvest", "The Borderland", "The Journey", "The Lunatic", "The Battle",
           "The Pact", "The Sea"],
}

SPARE = ["The Huntress", "The Sea", "The Journey", "The Betrayal", "The Pact", "The Darkness",
         "The Bard"]
"""A hand that shares no card with W1 and W10 and holds no set."""

# ---------------------------------------------------------------------------
# helpers


def position(hands: list[list[str]], *, aces: list[str] | None = None,
             discards: list[str] | None = None, to_move: int | None = None,
             dealer: int | None = None, scores: list[int] | None = None,
             **options: Any) -> Any:
    """A round in progress at the start of ``to_move``'s turn (default: the
    seat after the dealer); every card not named is in the stock."""
    game = parlour.make(GAME, **options)
    deal: dict[str, Any] = {
        "hands": hands, "ace_pile": aces or [],
        "discard_pile": ["The Mill"] if discards is None else discards,
    }
    for key, value in (("to_move", to_move), ("dealer", dealer), ("scores", scores)):
        if value is not None:
            deal[key] = value
    return game.new_state(seed=7, deal=deal)


def legal(state: Any) -> list[str]:
    """The legal actions as texts, in id order."""
    return [state.action_to_str(action) for action in state.legal_actions()]


def log_mark(state: Any) -> int:
    """The match-log index of the next line to be written."""
    observation = state.public_observation()
    return int(observation["log_start"]) + len(observation["log"])


def act(state: Any, *words: str) -> list[str]:
    """Apply ``words`` in turn; the log lines they wrote."""
    mark = log_mark(state)
    say(state, *words)
    observation = state.public_observation()
    lines: list[str] = observation["log"][mark - observation["log_start"]:]
    return lines


def ids(*names: str) -> int:
    """The bitset of the named cards."""
    mask = 0
    for card in parse_cards(list(names)):
        mask |= 1 << card
    return mask


def zones(state: Any) -> dict[str, Any]:
    zone: dict[str, Any] = state.public_observation()["zones"]
    return zone


# ---------------------------------------------------------------------------
# §5: sets


def test_set_counts_per_deck() -> None:
    assert len(SETS) == 1142
    assert len(sets_in_play(BASIC)) == 1012
    assert len(sets_in_play(BASIC | EXCUSE_BIT)) == 1012
    assert len(sets_in_play(BASIC | PAWNS)) == 1080
    assert len(sets_in_play(BASIC | PAWNS | COURTS)) == 1142
    assert len(sets_in_play(BASIC | COURTS)) == 1074
    sizes = [mask.bit_count() for mask in sets_in_play(BASIC)]
    assert {size: sizes.count(size) for size in (3, 4, 5, 6)} == {3: 72, 4: 492, 5: 384, 6: 64}


def test_every_set_shows_each_suit_once() -> None:
    for mask in SETS:
        cards = [DECKTET_EXTENDED[card] for card in range(45) if mask >> card & 1]
        shown = sorted(suit for card in cards for suit in card.suits)
        assert len(cards) >= 3 and shown == sorted(SUITS)


def test_the_seeds_sets_and_the_non_sets() -> None:
    assert ids("The Origin", "The Mountain", "The Soldier") in SETS
    assert ids("Ace of Moons", "The Bard", "The Cave", "The Market") in SETS
    for rank in range(2, 10):
        same = [card.name for card in DECKTET_BASIC if card.rank == str(rank)]
        assert ids(*same) in SETS, f"the three {rank}s"
    aces = [card.name for card in DECKTET_BASIC if card.rank == "Ace"]
    assert ids(*aces[:3]) not in SETS
    assert ids("The Light Keeper", "The Rite") not in SETS  # D5: two cards
    assert candidate_sets(ids("The Light Keeper", "The Rite", "The Excuse")) == []


def test_candidate_sets_of_the_examples() -> None:
    def found(name: str) -> list[list[str]]:
        return [list(names_of(mask)) for mask in candidate_sets(ids(*HANDS[name]))]

    assert sorted(found("W3")) == sorted([
        ["The Market", "The Cave", "The Diplomat"], ["The Diplomat", "The Mill", "The Betrayal"],
        ["Ace of Moons", "The Market", "The Cave", "The Bard"],
        ["Ace of Moons", "The Mill", "The Betrayal", "The Bard"],
    ])
    assert sorted(found("W14")) == sorted([
        ["Ace of Moons", "The Market", "The Cave", "The Bard"],
        ["Ace of Moons", "The Painter", "The Cave", "The End"],
        ["The Market", "The Cave", "The Huntress", "The Bard"],
        ["The Painter", "The Cave", "The Huntress", "The End"],
    ])
    assert sorted(found("W8")) == sorted([
        ["The Pact", "The Darkness", "The Merchant"],
        ["Ace of Moons", "Ace of Suns", "The Darkness", "The Merchant"],
    ])
    assert all("The Battle" in cards for cards in found("W11")) and len(found("W11")) == 4


# ---------------------------------------------------------------------------
# §16.2-16.4: hand evaluations


EVALUATIONS = [
    # (example, hand, top Ace, options, wins, penalty, unbound, sets)
    ("W1", "W1", "Ace of Knots", {}, True, 0, [],
     [["The Origin", "The Mountain", "The Soldier"],
      ["The Lunatic", "The Penitent", "The Market"]]),
    ("W2", "W1", "Ace of Waves", {}, False, 7, ["The Castle"],
     [["The Origin", "The Mountain", "The Soldier"],
      ["The Lunatic", "The Penitent", "The Market"]]),
    # two disjoint pairs bind all seven; the pair whose sets come first in
    # card order is reported (the rules' table shows the other)
    ("W3", "W3", None, {}, True, 0, [],
     [["Ace of Moons", "The Market", "The Cave", "The Bard"],
      ["The Diplomat", "The Mill", "The Betrayal"]]),
    ("W4", "W4", "Ace of Suns", {}, False, 2, ["The Origin"],
     [["The Author", "The Desert", "The Sailor"]]),
    ("W4 max_bound", "W4", "Ace of Suns", {"penalty_arrangement": "max_bound"}, False, 2,
     ["The Origin"], [["The Author", "The Desert", "The Sailor"]]),
    ("W5a", "W5a", "Ace of Leaves", {}, True, 0, [],
     [["The Journey", "The Painter", "The Savage"]]),
    ("W5b", "W5b", "Ace of Wyrms", {}, False, 23,
     ["Ace of Leaves", "The Forest", "The Chance Meeting", "The End"],
     [["The Journey", "The Painter", "The Savage"]]),
    ("W6", "W6", "Ace of Knots", {}, True, 0, [],
     [["Ace of Moons", "Ace of Suns", "Ace of Waves", "The End", "The Calamity",
       "The Windfall"]]),
    ("W7", "W7", "Ace of Waves", {}, True, 0, [],
     [["Ace of Moons", "The Discovery", "The End", "The Calamity", "The Windfall"]]),
    ("W8", "W8", None, {}, False, 7, ["Ace of Moons", "Ace of Suns", "The Author", "The Journey"],
     [["The Pact", "The Darkness", "The Merchant"]]),
    ("W8 max_bound", "W8", None, {"penalty_arrangement": "max_bound"}, False, 14,
     ["The Author", "The Journey", "The Pact"],
     [["Ace of Moons", "Ace of Suns", "The Darkness", "The Merchant"]]),
    ("W9", "W9", "Ace of Wyrms", {}, False, 36,
     ["The Journey", "The Lunatic", "The Castle", "The Huntress", "The Sea"], []),
    ("W14", "W14", None, {}, False, 14, ["Ace of Moons", "The Painter", "The End"],
     [["The Market", "The Cave", "The Huntress", "The Bard"]]),
    ("W10", "W10", None, {"excuse": True}, True, 0, [],
     [["The Author", "The Desert", "The Origin"],
      ["The Chance Meeting", "The Castle", "The Cave"]]),
    ("W11", "W11", "Ace of Suns", {"excuse": True}, False, 2, ["The Origin"],
     [["The Mountain", "The Sailor", "The Battle"]]),
    ("W12", "W12", "Ace of Leaves", {"pawns": True}, True, 0, [],
     [["Ace of Moons", "The Savage", "The Light Keeper"],
      ["The Discovery", "The End", "The Watchman"]]),
    ("W13", "W13", "Ace of Leaves", {"pawns": True}, False, 15,
     ["The Author", "The Painter", "The Sea"], [["Ace of Knots", "The Darkness", "The Harvest"]]),
    ("W16", "W16", "Ace of Suns", {"pawns": True, "courts": True}, False, 20,
     ["The Consul", "The Rite"], [["The Origin", "The Mountain", "The Soldier"]]),
    ("W15", "W15", None, {"players": 3}, True, 0, [],
     [["The Journey", "The Painter", "The Savage"], ["The Mountain", "The Sailor", "The Battle"]]),
]


@pytest.mark.parametrize(
    ("hand", "ace", "options", "wins", "penalty", "unbound", "sets"),
    [row[1:] for row in EVALUATIONS], ids=[row[0] for row in EVALUATIONS],
)
def test_worked_example_evaluations(hand: str, ace: str | None, options: dict[str, Any],
                                    wins: bool, penalty: int, unbound: list[str],
                                    sets: list[list[str]]) -> None:
    cards = HANDS[hand]
    result = evaluate_hand(cards, ace, **options)
    assert (result.wins, result.penalty) == (wins, penalty)
    assert list(result.unbound) == unbound
    assert set(result.bound) == set(cards) - set(unbound)
    assert [list(found) for found in result.sets] == sets
    assert result.ace_top == ace
    assert sorted(result.hand) == sorted(cards)


def test_w8_and_w14_a_greedy_choice_would_be_wrong() -> None:
    """The biggest set first would score W8 at 14 and W6 as a loss."""
    assert evaluate_hand(HANDS["W8"], None).penalty == 7
    assert evaluate_hand(HANDS["W6"], "Ace of Knots").wins
    # W14's four sets each need The Cave: one counts; 23, 26, 14, 17 points
    hand = ids(*HANDS["W14"])
    assert sorted(value_of(hand & ~mask) for mask in candidate_sets(hand)) == [14, 17, 23, 26]


def test_evaluation_takes_names_codes_cards_and_mixed_texts() -> None:
    by_name = evaluate_hand(HANDS["W1"], "Ace of Knots")
    by_code = evaluate_hand(["lunatic", "PENITENT", "Market", "the origin", "Mountain",
                             "Soldier", "castle"], DECKTET_BASIC.parse("Ace of Knots"))
    in_one_text = evaluate_hand(["Lunatic Penitent Market, Origin Mountain Soldier Castle"],
                                "ace of knots")
    cards: list[str | Card] = [DECKTET_BASIC.parse(name) for name in HANDS["W1"]]
    assert by_name == by_code == in_one_text == evaluate_hand(cards, "Ace of Knots")


@pytest.mark.parametrize(("cards", "ace", "options", "error", "message"), [
    (["The Sailor", "Sailor"], None, {}, ParseError, "The Sailor is listed twice"),
    (["The Sailer"], None, {}, ParseError,
     "'The Sailer' is not a card of the extended Decktet; write a code such as Huntress, "
     "Ace of Moons or The Excuse"),
    (["The Sailor"], "The Mill", {}, ParseError,
     "the top Ace must be an Ace, such as Ace of Knots, not The Mill"),
    (["Ace of Knots"], "Ace of Knots", {}, ParseError,
     "Ace of Knots cannot be both the top Ace and in the hand"),
    ([card.name for card in DECKTET_BASIC][:13], None, {}, ParseError,
     "a hand to evaluate has at most 12 cards, not 13"),
    (["The Watchman"], None, {"pawns": False}, ParseError,
     "The Watchman is not in play (pawns=false)"),
    (["The Excuse"], None, {"excuse": "no"}, ParseError,
     "The Excuse is not in play (excuse=false)"),
    (["The Sailor"], None, {"colour": "red"}, OptionError,
     "unknown option 'colour'; the options are players, target, excuse, pawns, courts, "
     "stock_exhaustion, penalty_arrangement, rediscard, max_turns"),
    (["The Sailor"], None, {"penalty_arrangement": "most"}, OptionError,
     "option 'penalty_arrangement' must be one of min_penalty, max_bound, not most"),
    ([3], None, {}, ParseError, "a card is a name such as The Sailor, not 3"),
])
def test_bad_hands_say_what_is_wrong(cards: list[Any], ace: str | None, options: dict[str, Any],
                                     error: type[Exception], message: str) -> None:
    with pytest.raises(error) as caught:
        evaluate_hand(cards, ace, **options)
    assert str(caught.value) == message


def test_extended_cards_are_accepted_unless_refused() -> None:
    assert evaluate_hand(["The Excuse"], None).wins
    assert evaluate_hand(["The Watchman"], None, pawns=True).penalty == 10
    assert evaluate_hand(["The Watchman"], "Ace of Wyrms").wins
    assert evaluate_hand([], None).wins


# ---------------------------------------------------------------------------
# the brute-force reference (§8, written out the slow way)


def card_points(card: Card) -> int:
    if card.rank == "Ace":
        return 1
    if card.rank == "Excuse":
        return 0
    return int(card.rank) if card.rank.isdigit() else 10


def reference(cards: list[Card], ace: Card | None, max_bound: bool
              ) -> tuple[int, list[int], list[list[int]]]:
    """(penalty, bound ids, sets as id lists) by enumerating every subset
    and every collection of disjoint sets."""
    candidates = [
        frozenset(card.id for card in group)
        for size in range(3, len(cards) + 1)
        for group in combinations(cards, size)
        if all(card.suits for card in group)  # never The Excuse
        and sorted(suit for card in group for suit in card.suits) == sorted(SUITS)
    ]
    collections: list[list[frozenset[int]]] = []

    def extend(start: int, chosen: list[frozenset[int]], used: frozenset[int]) -> None:
        collections.append(chosen)
        for index in range(start, len(candidates)):
            if not candidates[index] & used:
                extend(index + 1, [*chosen, candidates[index]], used | candidates[index])

    extend(0, [], frozenset())
    options = []
    for chosen in collections:
        in_sets = frozenset().union(*chosen)
        bound = sorted(card.id for card in cards if card.id in in_sets or card.rank == "Excuse"
                       or (ace is not None and ace.suits[0] in card.suits))
        penalty = sum(card_points(card) for card in cards if card.id not in bound)
        set_lists = sorted(sorted(group) for group in chosen)
        first = (-len(bound), penalty) if max_bound else (penalty, -len(bound))
        options.append((first, bound, len(chosen), set_lists))
    best = min(options)
    penalty = best[0][1] if max_bound else best[0][0]
    return penalty, best[1], best[3]


NON_ACES = [card.id for card in DECKTET_EXTENDED if card.rank != "Ace"]


@st.composite
def hands(draw: st.DrawFn, size: int) -> tuple[list[int], int]:
    """A hand of ``size`` cards (basic or extended) and a top Ace (-1: none);
    half the hands are built around two sets, so that arrangements matter."""
    extended = draw(st.booleans())
    pool = list(range(45)) if extended else list(range(36))
    chosen: list[int] = []
    if draw(st.booleans()):
        usable = [mask for mask in SETS if extended or mask & ~BASIC == 0]
        for _ in range(2):
            mask = draw(st.sampled_from(usable))
            chosen += [card for card in range(45) if mask >> card & 1 and card not in chosen]
        chosen = chosen[:size]
    rest = [card for card in pool if card not in chosen]
    chosen += draw(st.permutations(rest))[:size - len(chosen)]
    aces = [card for card in range(6) if card not in chosen]
    ace = draw(st.sampled_from([-1, *aces]))
    return chosen, ace


@pytest.mark.parametrize("size", [6, 7, 8])
@given(data=st.data())
@settings(max_examples=150, deadline=None)
def test_evaluator_agrees_with_the_brute_force_reference(size: int, data: st.DataObject) -> None:
    cards, ace = data.draw(hands(size))
    mask = sum(1 << card for card in cards)
    ace_card = DECKTET_EXTENDED[ace] if ace >= 0 else None
    for max_bound in (False, True):
        penalty, bound, set_lists = reference([DECKTET_EXTENDED[card] for card in cards],
                                              ace_card, max_bound)
        result = arrange(mask, ace, max_bound)
        assert (result.penalty, sorted(names_of(result.bound))) == (
            penalty, sorted(NAMES[card] for card in bound))
        assert [sorted(card for card in range(45) if found >> card & 1)
                for found in result.sets] == set_lists


# ---------------------------------------------------------------------------
# §17: invariants of evaluation


def test_binds_all_is_the_arrangement_binding_every_card() -> None:
    # hands of one to three sets (overlapping or not) and a stray card or
    # two, against every top Ace: the quick check of a discard agrees with
    # the full arrangement under both penalty_arrangement choices
    rng = random.Random(7)
    aces = [-1, *(card for card in range(45) if NAMES[card].startswith("Ace of"))]
    wins = 0
    for _ in range(3000):
        hand = 0
        for _ in range(rng.randint(1, 3)):
            hand |= rng.choice(SETS)
        for card in rng.sample(range(45), rng.randint(0, 2)):
            hand |= 1 << card
        ace = rng.choice(aces)
        expected = arrange(hand, ace).bound == hand
        assert binds_all(hand, ace) is expected
        assert (arrange(hand, ace, max_bound=True).bound == hand) is expected
        wins += expected
    assert wins == 894  # both answers are met


@given(data=st.data())
@settings(max_examples=200, deadline=None)
def test_evaluation_invariants(data: st.DataObject) -> None:
    size = data.draw(st.integers(0, 9))
    cards, ace = data.draw(hands(size))
    names = [NAMES[card] for card in cards]
    ace_name = NAMES[ace] if ace >= 0 else None
    result = evaluate_hand(names, ace_name)
    shuffled = data.draw(st.permutations(names))
    assert evaluate_hand(shuffled, ace_name) == result
    total = sum(card_points(DECKTET_EXTENDED[card]) for card in cards)
    assert 0 <= result.penalty <= total
    if result.wins:
        assert set(result.bound) == set(names) and result.penalty == 0
        assert result.unbound == ()
    else:
        assert result.penalty > 0
    assert set(result.bound) | set(result.unbound) == set(names)
    for found in result.sets:
        assert set(found) <= set(result.bound)
    maximal = evaluate_hand(names, ace_name, penalty_arrangement="max_bound")
    assert maximal.wins == result.wins
    assert len(maximal.bound) >= len(result.bound)
    assert maximal.penalty >= result.penalty


# ---------------------------------------------------------------------------
# §16.1: the deal (E1)


E1_HANDS = [
    ["The Author", "The Journey", "The Mountain", "The Forest", "The Lunatic", "The Castle",
     "The Pact"],
    ["The Desert", "The Painter", "The Battle", "The Discovery", "The Market", "The Cave",
     "The Huntress"],
]


def test_e1_the_deal_and_turn_up_with_two_aces() -> None:
    state = parlour.make(GAME).new_state(seed=3, deal={
        "hands": E1_HANDS, "stock": ["Ace of Suns", "Ace of Knots", "The Sailor"]})
    observation = state.observation(0)
    assert observation["dealer"] == 1 and state.current_player() == 0
    assert observation["zones"] == {
        "ace_pile": ["Ace of Suns", "Ace of Knots"], "top_ace": "Ace of Knots",
        "discard_pile": ["The Sailor"], "top_discard": "The Sailor", "stock": 19,
    }
    assert observation["log"] == [
        "P1 deals round 1",
        "Ace of Suns is turned up and goes on the Ace Pile",
        "Ace of Knots is turned up and goes on the Ace Pile",
        "The Sailor is turned up and starts the discard pile",
    ]
    assert legal(state) == ["draw", "take The Sailor"]


def test_e1_with_explicit_chance_one_card_at_a_time_from_seat_0() -> None:
    state = parlour.make(GAME).new_state(seed=3, explicit_chance=True)
    assert state.observation(0)["phase"] == "deal"
    for position in range(7):
        for seat in (0, 1):
            card = E1_HANDS[seat][position]
            assert state.action_to_str(state.parse_action(f"deal {card}")) == f"deal {card}"
            state.apply_text(f"deal {card}")
            assert card in state.observation(seat)["hand"]
            assert len(state.observation(seat)["hand"]) == position + 1
    assert state.observation(0)["phase"] == "turn-up"
    say(state, "turn up Ace of Suns", "turn up Ace of Knots")
    assert state.is_chance_node()
    state.apply_text("turn up The Sailor")
    assert state.current_player() == 0 and zones(state)["stock"] == 19
    assert zones(state)["top_ace"] == "Ace of Knots"
    state.apply_text("draw")
    assert state.is_chance_node() and len(state.chance_outcomes()) == 19
    state.apply_text("draw The Bard")
    assert "The Bard" in state.observation(0)["hand"]
    assert state.observation(0)["drawn"] == "The Bard"
    assert state.observation(1).get("drawn") is None


def test_seeded_deals_follow_the_rotation() -> None:
    state = parlour.make(GAME).new_state(seed=11)
    observation = state.public_observation()
    aces = len(observation["zones"]["ace_pile"])
    assert observation["dealer"] == 1 and state.current_player() == 0
    assert [player["cards"] for player in observation["players"]] == [7, 7]
    assert observation["zones"]["stock"] == 36 - 14 - aces - 1
    three = parlour.make(GAME, players=3).new_state(seed=11)
    assert [player["cards"] for player in three.public_observation()["players"]] == [6, 6, 6]
    assert three.public_observation()["dealer"] == 2 and three.current_player() == 0


# ---------------------------------------------------------------------------
# §4 and W5: a turn


OTHER = ["The Huntress", "The Sea", "The Lunatic", "The Penitent", "The Castle", "The Betrayal",
         "The Bard"]
"""A hand with no set and no card showing Leaves; it shares no card with
W5's."""


def w5_position(**options: Any) -> Any:
    return position([HANDS["W5b"], OTHER], aces=["Ace of Wyrms"], **options)


def test_w5a_discarding_the_ace_of_leaves_wins() -> None:
    state = w5_position()
    assert legal(state) == ["draw", "take The Mill"]
    assert act(state, "take") == ["P0 takes The Mill"]
    assert state.observation(1)["players"][0]["known"] == ["The Mill"]
    assert legal(state) == sorted(HANDS["W5b"] + ["The Mill"], key=NAMES.index)
    lines = act(state, "Ace of Leaves")
    assert lines[:2] == [
        "P0 discards Ace of Leaves: the new top Ace",
        "P0 is fully bound and wins round 1: The Journey, The Painter, The Savage, The Forest, "
        "The Chance Meeting, The Mill, The End",
    ]
    assert lines[2:4] == ["P1 has unbound The Lunatic, The Penitent, The Castle, The Betrayal, "
                          "The Huntress, The Bard, The Sea: 57 points", "P0 scores 57 for round 1"]
    assert state.hand_results() == [[57, 0]]


def test_w5b_discarding_the_mill_does_not_win() -> None:
    state = w5_position()
    assert act(state, "take The Mill", "The Mill") == ["P0 takes The Mill", "P0 discards The Mill"]
    observation = state.observation(0)
    assert observation["penalty"] == 23
    assert observation["unbound"] == ["Ace of Leaves", "The Forest", "The Chance Meeting",
                                      "The End"]
    assert observation["sets"] == ["The Journey + The Painter + The Savage"]
    assert state.current_player() == 1 and state.hand_results() == []
    assert zones(state)["top_ace"] == "Ace of Wyrms"
    assert state.observation(1)["players"][0]["known"] == []


def test_rediscard_forbidden_keeps_the_card_taken() -> None:
    state = w5_position(rediscard="forbidden")
    state.apply_text("take")
    assert "The Mill" not in legal(state) and len(legal(state)) == 7
    with pytest.raises(IllegalAction) as caught:
        state.apply_text("The Mill")
    assert str(caught.value) == ("you took The Mill from the discard pile this turn: discard "
                                 "another card (rediscard is forbidden)")
    state.apply_text("The End")
    assert zones(state)["top_discard"] == "The End"


def test_nobody_wins_out_of_turn() -> None:
    """D14: an Ace discarded by P0 binds P1's whole hand; P1 wins only after
    his own discard."""
    state = position([["The Huntress", "The Sea", "The Journey", "The Lunatic", "The Castle",
                       "The Betrayal", "Ace of Leaves"],
                      ["The Forest", "The Chance Meeting", "The Origin", "The Sailor",
                       "The Mill", "The Merchant", "The End"]], aces=["Ace of Knots"],
                     discards=["The Savage"])
    say(state, "take", "Ace of Leaves")
    assert state.hand_results() == [] and state.current_player() == 1
    assert state.observation(1)["unbound"] == []
    assert legal(state) == ["draw"]  # the Ace emptied the discard pile
    state.apply_text("draw")
    lines = act(state, state.observation(1)["drawn"])
    assert lines[1].startswith("P1 is fully bound and wins round 1")
    # P0 keeps The Castle + The Savage + The Huntress + The Sea as a set
    assert lines[2] == "P0 has unbound The Journey, The Lunatic, The Betrayal: 17 points"
    assert state.hand_results() == [[0, 17]]


def test_illegal_moves_say_why_and_change_nothing() -> None:
    state = w5_position()
    before = state.observation(0)
    for text, message in (
        ("The Mill", "draw first: draw from the stock or take the top discard"),
        ("The Journey", "draw first: draw from the stock or take the top discard"),
    ):
        with pytest.raises(IllegalAction) as caught:
            state.apply_text(text)
        assert str(caught.value) == message
    with pytest.raises(IllegalAction, match="there is no action 47; actions are 0 to 46"):
        state.apply(47)
    assert state.observation(0) == before
    state.apply_text("draw")
    for text, message in (("draw", "you have drawn already: discard a card"),
                          ("take", "you have drawn already: discard a card"),
                          ("The Sailor", "you do not hold The Sailor")):
        with pytest.raises(IllegalAction) as caught:
            state.apply_text(text)
        assert str(caught.value) == message


def test_chance_outcomes_and_the_end_refuse_in_the_same_words() -> None:
    """The outcome refused names the card alone, not the chance phase's verb."""
    state = parlour.make(GAME).new_state(seed=3, explicit_chance=True)
    state.apply_text("deal The Sailor")
    for action, message in ((2 + NAMES.index("The Sailor"),
                             "'The Sailor' is not a possible outcome here"),
                            (0, "'draw' is not a possible outcome here")):
        with pytest.raises(IllegalAction) as caught:
            state.apply(action)
        assert str(caught.value) == message
    over = w5_position(target=57)
    say(over, "take", "Ace of Leaves")
    assert over.is_terminal() and over.winners() == [0]
    with pytest.raises(IllegalAction) as caught:
        over.apply(0)
    assert str(caught.value) == "the match is over"


def test_an_empty_discard_pile_leaves_only_the_stock() -> None:
    state = position([HANDS["W1"], SPARE], aces=["Ace of Suns"], discards=[])
    assert legal(state) == ["draw"]
    with pytest.raises(IllegalAction) as caught:
        state.apply_text("take")
    assert str(caught.value) == "the discard pile is empty: draw from the stock"


@pytest.mark.parametrize(("text", "message"), [
    ("take The Sailor", "the top discard is The Mill, not The Sailor"),
    ("fly", "'fly' is neither a card nor a word; type draw, take or the name of a card such as "
            "The Sailor"),
    ("draw The Sailor", "draw takes no card name: type draw to draw the top card of the stock"),
    ("The Excuse", "'The Excuse' is neither a card nor a word; type draw, take or the name of a "
                   "card such as The Sailor"),
    ("discard The Excuse",
     "'The Excuse' is not a card of the Decktet; write a code such as Huntress, Ace of Moons or "
     "Crown of Knots"),
])
def test_bad_words_say_what_is_wrong(text: str, message: str) -> None:
    with pytest.raises(ParseError) as caught:
        w5_position().parse_action(text)
    assert str(caught.value) == message


def test_action_words_are_forgiving() -> None:
    state = w5_position()
    assert [state.parse_action(text) for text in ("DRAW", " take ", "Take the mill",
                                                  "journey", "discard the journey",
                                                  "Crown of Leaves")] == [
        0, 1, 1, 2 + NAMES.index("The Journey"), 2 + NAMES.index("The Journey"),
        2 + NAMES.index("The End")]


# ---------------------------------------------------------------------------
# §16.5: scoring


def test_s1_two_players_basic_deck() -> None:
    state = position([HANDS["S1"], HANDS["W9"]], aces=["Ace of Wyrms"])
    lines = act(state, "take", "The Mill")
    assert lines[:6] == [
        "P0 takes The Mill",
        "P0 discards The Mill",
        "P0 is fully bound and wins round 1: The Author, The Desert, The Origin, The Forest, "
        "The Discovery, The Soldier, The Darkness",
        "P1 has unbound The Journey, The Lunatic, The Castle, The Huntress, The Sea: 36 points",
        "P0 scores 36 for round 1",
        "P0 deals round 2",
    ]
    assert state.hand_results() == [[36, 0]] and state.scores() == [36, 0]
    assert not state.is_terminal() and state.public_observation()["dealer"] == 0
    assert state.current_player() == 1


def test_s2_three_players_the_winner_scores_both() -> None:
    state = position([HANDS["W15"], HANDS["S2-1"], HANDS["S2-2"]], aces=["Ace of Knots"],
                     players=3)
    lines = act(state, "take", "The Mill")
    assert lines[3:6] == [
        "P1 has unbound Ace of Moons, The End: 11 points",
        "P2 has unbound The Diplomat, The Darkness, The Calamity: 27 points",
        "P0 scores 38 for round 1",
    ]
    assert state.hand_results() == [[38, 0, 0]]


def test_s3_an_unbound_pawn_costs_ten() -> None:
    state = position([HANDS["W10"], HANDS["S3"]], excuse=True, pawns=True)
    lines = act(state, "take", "The Mill")
    assert lines[3] == ("P1 has unbound The Journey, The Lunatic, The Pact, The Borderland: "
                        "28 points")
    assert state.hand_results() == [[28, 0]]


def test_an_ace_discarded_to_win_binds_the_losers_cards_too() -> None:
    """D15: W5a's Ace of Leaves also binds the Leaves cards of the loser."""
    loser = ["The Origin", "The Sailor", "The Market", "The Merchant", "The Author", "The Pact",
             "The Diplomat"]
    state = position([HANDS["W5b"], loser], aces=["Ace of Wyrms"])
    assert state.observation(1)["penalty"] == 2 + 4 + 6 + 9 + 2 + 9 + 8
    say(state, "take", "Ace of Leaves")
    assert state.hand_results() == [[2 + 9 + 8, 0]]


@pytest.mark.parametrize(("arrangement", "points"), [("min_penalty", 7), ("max_bound", 14)])
def test_w8_scores_by_penalty_arrangement(arrangement: str, points: int) -> None:
    winner = ["The Huntress", "The Bard", "The Cave", "The Market", "The Forest",
              "The Discovery", "The Soldier"]
    state = position([winner, HANDS["W8"]], penalty_arrangement=arrangement)
    assert state.observation(1)["penalty"] == points
    say(state, "take", "The Mill")
    assert state.hand_results() == [[points, 0]]


# ---------------------------------------------------------------------------
# §16.6: reshuffle (R1)

R1_HANDS = [
    ["The Author", "The Desert", "The Origin", "The Journey", "The Painter", "The Savage"],
    ["The Mountain", "The Sailor", "The Battle", "The Forest", "The Discovery", "The Soldier"],
    ["The Lunatic", "The Market", "The Chance Meeting", "The Cave", "The Diplomat",
     "The Betrayal"],
]
R1_BELOW = ["Ace of Moons", "Ace of Leaves", "Ace of Wyrms", "The Pact", "The Darkness",
            "The Merchant", "The Huntress", "The Bard", "The End", "The Calamity", "The Windfall"]
"""R1 names 25 cards; the other 11 of the pack must be somewhere too: they
lie under its four discards and go into the new stock with them (the
example's five-card stock would need them out of the pack)."""


def r1_position(**options: Any) -> Any:
    """R1 with the 11 other cards under the piles (the three Aces under the
    Ace Pile)."""
    return position(R1_HANDS, players=3, to_move=2,
                    aces=[*R1_BELOW[:3], "Ace of Suns", "Ace of Knots", "Ace of Waves"],
                    discards=[*R1_BELOW[3:], "The Castle", "The Mill", "The Sea",
                              "The Penitent"], **options)


def test_r1_the_stock_is_rebuilt_at_the_start_of_the_turn() -> None:
    state = r1_position()
    assert state.current_player() == 2
    assert zones(state) == {
        "ace_pile": ["Ace of Waves"], "top_ace": "Ace of Waves",
        "discard_pile": ["The Penitent"], "top_discard": "The Penitent", "stock": 16,
    }
    assert state.public_observation()["log"] == [
        "the stock is empty: 16 cards are shuffled into a new stock"]
    stock = state.card_locations()["stock"]
    assert stock == ids("The Castle", "The Mill", "The Sea", "Ace of Suns", "Ace of Knots",
                        *R1_BELOW)
    assert legal(state) == ["draw", "take The Penitent"]
    state.apply_text("draw")
    assert state.observation(2)["drawn"] is not None


def test_r1_void_round_ends_the_round_unscored() -> None:
    state = r1_position(stock_exhaustion="void_round")
    assert state.hand_results() == [[0, 0, 0]]
    observation = state.public_observation()
    assert observation["log"][observation["hand_log_start"] - 1] == \
        "round 1 ends without a winner: the stock is empty"
    assert observation["dealer"] == 0 and observation["hand_number"] == 2
    assert state.current_player() == 1


def test_after_a_reshuffle_redealt_stocks_hold_only_reshuffled_cards() -> None:
    state = r1_position()
    stock = state.card_locations()["stock"]
    state.apply_text("draw")
    hands = 0
    for seed in range(30):
        other = state.determinize(0, random.Random(seed))
        locations = other.card_locations()
        assert locations["stock"] & ~stock == 0
        assert locations["hand 1"] & stock == 0  # P1 has drawn nothing since
        assert (locations["hand 2"] & stock).bit_count() <= 1  # P2 has drawn one card
        hands |= locations["hand 1"]
        assert other.observation(0) == state.observation(0)
    assert hands & ~state.card_locations()["hand 1"], "P1's cards are never re-dealt"


def test_a_reshuffle_restarts_the_log_window_but_keeps_the_events() -> None:
    state = r1_position()
    assert state.match_events() == [Dealt(2, 1), Reshuffled(16)]
    observation = state.public_observation()
    assert observation["log_start"] == 1 and observation["hand_log_start"] == 0
    state.apply_text("draw")
    assert state.match_events()[1:] == [Reshuffled(16), Drew(2)]


def test_a_void_round_is_an_event_with_its_cause() -> None:
    state = r1_position(stock_exhaustion="void_round")
    assert state.match_events()[:2] == [Dealt(2, 1), RoundVoid(1, "stock")]
    assert state.game.count_events(state.match_events()) == {
        "wins_by_binding": 0, "rounds_without_winner": 1}


def test_count_events_of_a_seeded_match() -> None:
    """Seed 2, random play: P1 wins rounds 2 and 5 by binding, three rounds
    end after 40 turns, one reshuffle; the log window is the tail of the
    whole match's events in words."""
    game = parlour.make(GAME, target=20, max_turns=40)
    state = game.new_state(seed=2)
    rng = random.Random(2)
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
    events = state.match_events()
    assert len(state.history) == 374
    assert game.count_events(events) == {"wins_by_binding": 2, "rounds_without_winner": 3}
    assert sum(isinstance(event, Reshuffled) for event in events) == 1
    assert [event for event in events if isinstance(event, WonRound | Scored)] == [
        WonRound(1, ids("Ace of Suns", "The Lunatic", "The Market", "The Chance Meeting",
                        "The Castle", "The Darkness", "The Calamity"), 2),
        Scored(1, 11, 2),
        WonRound(1, ids("Ace of Knots", "The Painter", "The Mountain", "The Sailor",
                        "The Forest", "The Cave", "The Calamity"), 5),
        Scored(1, 24, 5),
    ]
    assert state.public_observation()["log"][-4:] == [
        "P1 is fully bound and wins round 5: Ace of Knots, The Painter, The Mountain, "
        "The Sailor, The Forest, The Cave, The Calamity",
        "P0 has unbound The Savage, The Soldier, The Market, The End: 24 points",
        "P1 scores 24 for round 5",
        "P1 wins the match",
    ]
    observation = state.public_observation()
    lines = CATALOGUE.lines(events, Words(["P0", "P1"], NAMES))
    assert lines[observation["log_start"]:] == observation["log"]


def test_max_turns_ends_a_round_unscored() -> None:
    state = position([HANDS["W1"], SPARE], max_turns=2)
    state.apply_text("draw")
    state.apply_text(state.observation(0)["drawn"])
    assert state.hand_results() == [] and state.observation(1)["turns"] == 1
    say(state, "take", state.public_observation()["zones"]["top_discard"])
    assert state.hand_results() == [[0, 0]]
    observation = state.public_observation()
    assert observation["log"][observation["hand_log_start"] - 1] == \
        "round 1 ends without a winner: 2 turns without a winner"
    assert observation["dealer"] == 0 and observation["turns"] == 0


# ---------------------------------------------------------------------------
# §16.7: the match (M1)


def test_m1_the_match_to_50() -> None:
    first = position([HANDS["S1"], HANDS["W9"]], aces=["Ace of Wyrms"], pawns=True)
    say(first, "take", "The Mill")
    assert first.scores() == [36, 0] and first.public_observation()["dealer"] == 0
    second = position([HANDS["W14"], ["The Author", "The Desert", "The Origin", "The Pact",
                                      "The Darkness", "Ace of Leaves", "Ace of Knots"]],
                      dealer=0, scores=[36, 0], pawns=True)
    assert second.current_player() == 1
    say(second, "take", "The Mill")
    assert second.scores() == [36, 14] and second.public_observation()["dealer"] == 1
    third = position([["The Lunatic", "The Penitent", "The Market", "The Forest",
                       "The Chance Meeting", "The Mill", "The Merchant"], HANDS["W13"]],
                     aces=["Ace of Leaves"], discards=["The Cave"], dealer=1, scores=[36, 14],
                     pawns=True)
    assert third.current_player() == 0
    lines = act(third, "take", "The Cave")
    assert lines[-2:] == ["P0 scores 15 for round 1", "P0 wins the match"]
    assert third.is_terminal() and third.scores() == [51, 14]
    assert third.returns() == [1.0, -1.0]
    observation = third.public_observation()
    assert observation["places"] == [1, 2]
    assert observation["zones"]["shown"][1] == {"seat": 1, "cards": sorted(
        HANDS["W13"], key=NAMES.index)}
    assert [player["cards"] for player in observation["players"]] == [0, 0]


# ---------------------------------------------------------------------------
# fixed deals


@pytest.mark.parametrize(("deal", "message"), [
    ({"hands": [HANDS["W1"], SPARE[:6]]}, "P1 must hold 7 cards, not 6"),
    ({"hands": [HANDS["W1"], HANDS["W4"]]},
     "Origin is dealt twice (the hand of P1)"),
    ({"hands": [HANDS["W1"], SPARE], "ace_pile": ["The Sailor"]},
     "the Ace Pile holds only Aces, not The Sailor"),
    ({"hands": [HANDS["W1"], SPARE], "discard_pile": ["Ace of Knots"]},
     "Ace of Knots cannot be on the discard pile: Aces go on the Ace Pile"),
    ({"hands": [HANDS["W10"], SPARE]},
     "in the hand of P0: 'The Excuse' is not a card of the Decktet; write a code such as "
     "Huntress, Ace of Moons or Crown of Knots"),
    ({"hands": [HANDS["W1"], SPARE], "to_move": 1},
     "'to_move' needs an 'ace_pile' or a 'discard_pile': without them the round starts with "
     "the turn-up"),
    ({"hands": [HANDS["W1"], SPARE], "scores": [50, 0]},
     "a score of 50 has already reached the target"),
    ({"hands": [HANDS["W1"], SPARE], "turnup": "The Sailor"},
     "unknown deal key 'turnup'; a bharg deal has ace_pile, dealer, discard_pile, hands, "
     "scores, stock, to_move"),
    ({"hands": HANDS["W1"]}, "a deal needs 'hands': 7 card names for each of 2 seats"),
    ({"hands": [HANDS["W1"], SPARE], "discard_pile": [], "to_move": 2},
     "to_move must be a seat from 0 to 1, not 2"),
    ({"hands": [HANDS["W1"], SPARE], "stock": 5},
     "the stock must be a list of card names"),
])
def test_bad_deals_say_what_is_wrong(deal: dict[str, Any], message: str) -> None:
    with pytest.raises(ParseError) as caught:
        parlour.make(GAME).new_state(seed=1, deal=deal)
    assert str(caught.value) == message


# ---------------------------------------------------------------------------
# §17: invariants under random play


OPTION_SETS = [{}, {"players": 3}, {"excuse": True, "pawns": True, "courts": True},
               {"players": 3, "pawns": True, "stock_exhaustion": "void_round"},
               {"rediscard": "forbidden", "penalty_arrangement": "max_bound"}]

WIN_LINE = re.compile(r"^P(\d) is fully bound and wins round \d+")


@pytest.mark.parametrize("options", OPTION_SETS, ids=[str(options) for options in OPTION_SETS])
@given(seed=st.integers(0, 2**32), chance=st.booleans())
@settings(max_examples=8, deadline=None)
def test_invariants_under_random_play(options: dict[str, Any], seed: int, chance: bool) -> None:
    game = parlour.make(GAME, target=30, max_turns=150, **options)
    state = game.new_state(seed=seed, explicit_chance=chance)
    rng = random.Random(seed)
    size = game.hand_size
    while not state.is_terminal():
        locations = state.card_locations()
        places = list(locations.values())
        assert reduce(operator.or_, places) == game.deck.full_mask  # every card somewhere,
        assert sum(mask.bit_count() for mask in places) == len(game.deck)  # and once
        assert locations["ace pile"] & ~0b111111 == 0
        assert locations["discard pile"] & 0b111111 == 0
        phase = state.observation(0)["phase"]
        if phase == "draw":
            assert [locations[f"hand {seat}"].bit_count() for seat in range(game.n)] == \
                [size] * game.n
        seat = state.current_player()
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            action = rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0]
        else:
            action = rng.choice(state.legal_actions())
        judged = None
        if phase == "discard":
            assert locations[f"hand {seat}"].bit_count() == size + 1
            card = action - 2
            hand = locations[f"hand {seat}"] & ~(1 << card)
            ace = card if card < 6 else state.top_ace()
            judged = arrange(hand, ace).bound == hand
        mark = log_mark(state)
        rounds = len(state.hand_results())
        state.apply(action)
        observation = state.public_observation()
        new_lines = observation["log"][max(0, mark - observation["log_start"]):]
        winners = [int(match[1]) for line in new_lines if (match := WIN_LINE.match(line))]
        if judged is None:
            assert winners == []
        else:
            assert winners == ([seat] if judged else [])
        if len(state.hand_results()) != rounds:
            assert phase == "discard"
    assert max(state.scores()) >= 30


# ---------------------------------------------------------------------------
# information


def test_cards_taken_from_the_discard_pile_are_known_to_all() -> None:
    state = w5_position()
    state.apply_text("take")
    assert state.known_elsewhere(1) == ids("The Mill")
    assert state.known_elsewhere(0) == 0
    for seed in range(10):
        other = state.determinize(1, random.Random(seed))
        assert other.card_locations()["hand 0"] & ids("The Mill")
        assert other.observation(1) == state.observation(1)


def test_observation_keys_for_the_seat_and_for_spectators() -> None:
    state = w5_position()
    public = state.public_observation()
    for key in ("drawn", "sets", "bound", "unbound", "penalty"):
        assert key not in public
    mine = state.observation(0)
    assert mine["penalty"] == 23 and mine["drawn"] is None
    assert mine["taken"] is None and mine["turns"] == 0
    assert mine["hand_number"] == 1 and mine["options"]["target"] == 50


def test_the_rules_state_the_decisions(capsys: pytest.CaptureFixture[str]) -> None:
    from parlour.cli import main

    assert main(["rules", "bharg"]) == 0
    out = capsys.readouterr().out
    assert "Decisions taken where the source is silent or unclear (rules/bharg.md §15):" in out
    for option in ("penalty_arrangement", "stock_exhaustion", "rediscard", "max_turns",
                   "courts"):
        assert option in out
