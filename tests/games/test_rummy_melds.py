"""The meld rules of Progress Rummy (``parlour.games.rummy_melds``): what
makes a meld, the cards that extend one, and the search that keeps a
lay-down from leading into a dead end, checked against brute force."""

from __future__ import annotations

import itertools
from functools import cache

from hypothesis import example, given, settings
from hypothesis import strategies as st

import parlour
from parlour.games.rummy_melds import (
    P_FACE,
    MeldRules,
    Owed,
    can_finish,
    extensions,
    is_valid,
    kind,
)

DECK = parlour.make("progress-rummy").deck


def faces(codes: str) -> list[int]:
    return [DECK.parse(code).id % 53 for code in codes.split()]


def test_kinds_and_validity() -> None:
    rules = MeldRules()
    assert kind(faces("9Cr 9Su 9Su"), rules) == "group"
    assert kind(faces("4Mo 5Mo 6Mo"), rules) == "sequence"
    assert kind(faces("4Mo 5Su 6Mo"), rules) is None
    assert kind(faces("4Mo 4Mo 5Mo"), rules) is None
    assert kind(faces("9Cr 9Cr"), MeldRules(duplicate_signs=False)) is None
    assert is_valid(faces("6St 7St 8St"), 2, rules)  # 7St declared for a P
    assert not is_valid(faces("5Cr 6Cr 7Cr"), 1, rules)  # two of them P
    assert is_valid(faces("5Cr 6Cr 7Cr"), 1, MeldRules(min_natural=1))
    assert not is_valid(faces("2Mo 3Mo 4Mo"), 3, rules, minimum=4)


def test_extensions() -> None:
    rules = MeldRules()
    assert extensions(faces("11Cr 12Cr 13Cr"), rules) == faces("10Cr")
    assert extensions(faces("5Cr 6Cr 7Cr"), rules) == faces("4Cr 8Cr")
    assert extensions(faces("11Cr 12Cr 13Cr"), MeldRules(wraparound=True)) == faces("1Cr 10Cr")
    assert extensions(faces("9Cr 9Su 9Mo"), rules) == faces("9Cr 9Su 9Mo 9St")
    assert extensions(faces("9Cr 9Su 9Mo"), MeldRules(duplicate_signs=False)) == faces("9St")
    every = faces(" ".join(f"{number}Cr" for number in range(1, 14)))
    assert extensions(every, rules) == []


@cache
def makes_meld(cards: tuple[int, ...], minimum: int, rules: MeldRules) -> bool:
    """Brute force: some declaration of the Progress cards makes a meld."""
    naturals = [face for face in cards if face != P_FACE]
    wild = len(cards) - len(naturals)
    for identities in itertools.product(range(52), repeat=wild):
        if is_valid(naturals + list(identities), len(naturals), rules, minimum):
            return True
    return False


def brute_force(hand: list[int], melds: int, minimum: int, rules: MeldRules) -> bool:
    """Whether ``melds`` disjoint melds of at least ``minimum`` come out of
    the hand with a card left over."""
    if melds == 0:
        return len(hand) >= 1
    positions = range(len(hand))
    for size in range(minimum, len(hand)):
        for chosen in itertools.combinations(positions, size):
            cards = tuple(sorted(hand[index] for index in chosen))
            if not makes_meld(cards, minimum, rules):
                continue
            rest = [hand[index] for index in positions if index not in chosen]
            if brute_force(rest, melds - 1, minimum, rules):
                return True
    return False


NEAR = [*faces("3Cr 4Cr 5Cr 6Cr 7Cr 5Su 5Mo 5St 6Su 7Su 4Su 6Mo 13Cr 1Cr 12Cr"), P_FACE]


@settings(max_examples=150, deadline=None)
@given(
    hand=st.lists(st.sampled_from(NEAR), min_size=3, max_size=8),
    melds=st.sampled_from([1, 2]),
    minimum=st.sampled_from([3, 4]),
    rules=st.sampled_from([MeldRules(), MeldRules(min_natural=1),
                           MeldRules(wraparound=True), MeldRules(duplicate_signs=False)]),
)
def test_the_search_agrees_with_brute_force(
    hand: list[int], melds: int, minimum: int, rules: MeldRules
) -> None:
    counts = [0] * 53
    for face in hand:
        counts[face] += 1
    if max(counts[:52]) > 2 or counts[P_FACE] > 2:
        return  # two packs: at most two of a card
    if melds * minimum + 1 > len(hand):
        assert not can_finish(counts, None, minimum, Owed(melds, minimum), rules)
        return
    expected = brute_force(sorted(hand), melds, minimum, rules)
    assert can_finish(counts, None, minimum, Owed(melds, minimum), rules) is expected


def test_the_taken_card_must_not_be_the_only_card_left() -> None:
    rules = MeldRules()
    counts = [0] * 53
    for face in faces("3Cr 4Cr 5Cr 9Su"):
        counts[face] += 1
    assert can_finish(counts, None, 3, Owed(1, 3), rules)
    assert not can_finish(counts, None, 3, Owed(1, 3), rules, keep_taken=faces("9Su")[0])
    # the taken card melded: the other card may be discarded
    assert can_finish(counts, None, 3, Owed(1, 3), rules, keep_taken=faces("5Cr")[0])


def counted(hand: list[int]) -> list[int]:
    counts = [0] * 53
    for face in hand:
        counts[face] += 1
    return counts


def test_a_run_begun_at_both_ends_may_still_be_finished() -> None:
    """Issue #33: the search tries every run that holds the cards laid so
    far, not only those at most two longer than the minimum."""
    rules = MeldRules()
    hand = counted(faces("4St 5St 6St 7St 8St 1Su"))
    assert can_finish(hand, (faces("3St 9St"), 2), 3, Owed(0, 3), rules)
    # the P declared five above the 3St: 4St-7St fill the run
    assert can_finish(hand, (faces("3St 8St"), 1), 3, Owed(0, 3), rules)
    # and a second meld still owed after the long one
    owed = counted(faces("4St 5St 6St 7St 8St 2Mo 2Cr 2Su 1Su"))
    assert can_finish(owed, (faces("3St 9St"), 2), 3, Owed(1, 3), rules)
    assert not can_finish(hand, (faces("3St 10St"), 2), 3, Owed(0, 3), rules)


@cache
def finishes_meld(
    laid: tuple[int, ...], naturals: int, cards: tuple[int, ...], minimum: int, rules: MeldRules
) -> bool:
    """Brute force: the cards added to the meld laid so far make a meld
    under some declaration of their Progress cards."""
    added = [face for face in cards if face != P_FACE]
    wild = len(cards) - len(added)
    for identities in itertools.product(range(52), repeat=wild):
        if is_valid([*laid, *added, *identities], naturals + len(added), rules, minimum):
            return True
    return False


def brute_force_open(
    hand: list[int], laid: tuple[int, ...], naturals: int, minimum: int, melds: int,
    rules: MeldRules,
) -> bool:
    """Brute force: some cards of the hand finish the meld laid so far and
    the rest makes ``melds`` more melds with a card left over."""
    positions = range(len(hand))
    for size in range(0, len(hand)):
        for chosen in itertools.combinations(positions, size):
            cards = tuple(sorted(hand[index] for index in chosen))
            if not finishes_meld(laid, naturals, cards, minimum, rules):
                continue
            rest = [hand[index] for index in positions if index not in chosen]
            if brute_force(rest, melds, minimum, rules):
                return True
    return False


OPEN_LAID = faces("1Cr 3Cr 4Cr 7Cr 9Cr 10Cr 13Cr 5Su 5Mo")
OPEN_HAND = [*faces("2Cr 3Cr 4Cr 5Cr 6Cr 7Cr 8Cr 9Cr 11Cr 12Cr 5Su 5Mo 5St 6Su"), P_FACE]


@settings(max_examples=150, deadline=None)
@given(
    laid=st.lists(st.sampled_from(OPEN_LAID), min_size=1, max_size=3),
    declared=st.integers(0, 1),
    hand=st.lists(st.sampled_from(OPEN_HAND), min_size=1, max_size=8),
    melds=st.sampled_from([0, 0, 1]),
    minimum=st.sampled_from([3, 4]),
    rules=st.sampled_from([MeldRules(), MeldRules(min_natural=1), MeldRules(wraparound=True)]),
)
@example(laid=faces("3Cr 9Cr"), declared=0, hand=faces("4Cr 5Cr 6Cr 7Cr 8Cr 5St"), melds=0,
         minimum=3, rules=MeldRules())
@example(laid=faces("3Cr 8Cr"), declared=1, hand=faces("4Cr 5Cr 6Cr 7Cr 5St"), melds=0,
         minimum=3, rules=MeldRules())
def test_finishing_a_meld_laid_in_any_order_agrees_with_brute_force(
    laid: list[int], declared: int, hand: list[int], melds: int, minimum: int, rules: MeldRules
) -> None:
    """A meld being built, its cards laid in any order (``declared`` of
    them Progress cards already declared), finished from the hand with the
    melds still owed and a card left over: the search against brute force."""
    counts = counted(hand)
    if max(counts[:52]) > 2 or counts[P_FACE] + declared > 2 or len(hand) > 7 + (melds == 0):
        return  # two packs: at most two of a card; the brute force kept small
    naturals = len(laid) - min(declared, len(laid))
    expected = brute_force_open(sorted(hand), tuple(laid), naturals, minimum, melds, rules)
    found = can_finish(counts, (laid, naturals), minimum, Owed(melds, minimum), rules)
    assert found is expected


def test_the_taken_cards_twin_does_not_count_as_a_card_to_discard() -> None:
    """Issue #33, RU19 with two packs: the copy of the taken card left in
    hand is the same card, so it is no discard while no copy is melded."""
    rules = MeldRules()
    nine = faces("9Su")[0]
    twins = counted(faces("3Cr 4Cr 5Cr 9Su 9Su"))
    assert can_finish(twins, None, 3, Owed(1, 3), rules)
    assert not can_finish(twins, None, 3, Owed(1, 3), rules, keep_taken=nine)
    # a copy melded: the card taken is used, the other may be discarded
    group = counted(faces("9Cr 9Mo 9Su 9Su"))
    assert can_finish(group, None, 3, Owed(1, 3), rules, keep_taken=nine)
