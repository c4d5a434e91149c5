"""The patience solver (issue #11): its winning lines replay on the engine,
its budgets give ``unknown``, its ``lost`` is exact (checked against a plain
search over engine states, and against naive searches over positions near
the end of random games), the default budget decides most deals, Clock is
played out, other games are refused."""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from functools import cache
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import parlour
from parlour import OptionError, ParseError
from parlour.cards import PROGRESS_53
from parlour.games.patience.calculation import BUILDING_ORDERS
from parlour.games.patience.golf import follows
from parlour.games.patience.solver import DEFAULT_NODES, Solution, shortfall, solve

SOLVED = ("golf", "calculation", "bakers-dozen")
SEEDS = range(20)
GOLF_DRAW = 53
TO_WASTE = 4


def replays_to_a_win(name: str, seed: int, line: tuple[int, ...]) -> bool:
    state = parlour.make(name).new_state(seed=seed)
    for action in line:
        state.apply(action)
    return state.is_terminal() and state.returns() == [1.0]


@pytest.mark.parametrize("name", SOLVED)
def test_every_won_line_replays_to_a_win(name: str) -> None:
    counts = {"won": 0, "lost": 0, "unknown": 0}
    began = time.perf_counter()
    for seed in SEEDS:
        solution = solve(parlour.make(name).new_state(seed=seed), nodes=5000)
        counts[solution.verdict] += 1
        assert solution.nodes <= 5000
        if solution.verdict == "won":
            assert replays_to_a_win(name, seed, solution.line)
        else:
            assert solution.line == ()
    mean = (time.perf_counter() - began) / len(SEEDS)
    print(f"{name}: {len(SEEDS)} seeds, won {counts['won']}, lost {counts['lost']}, "
          f"unknown {counts['unknown']}, {mean:.2f} s mean (5000 nodes)")
    assert counts["won"] > 0


@pytest.mark.parametrize("options", [{"progress_card": "wild"}, {"golf_wraparound": True},
                                     {"progress_card": "wild", "golf_wraparound": True}])
def test_golf_options_are_followed(options: dict[str, Any]) -> None:
    won = 0
    for seed in range(6):
        solution = solve(parlour.make("golf", **options).new_state(seed=seed), nodes=5000)
        if solution.verdict == "won":
            won += 1
            state = parlour.make("golf", **options).new_state(seed=seed)
            for action in solution.line:
                state.apply(action)
            assert state.returns() == [1.0]
    assert won > 0


def test_the_state_is_not_changed() -> None:
    state = parlour.make("golf").new_state(seed=9)
    before = state.observation(0)
    assert solve(state).verdict == "won"
    assert state.observation(0) == before


def test_a_position_in_play_is_solved_from_there() -> None:
    state = parlour.make("bakers-dozen").new_state(seed=3)
    solution = solve(state)
    assert solution.verdict == "won"
    state.apply(solution.line[0])
    rest = solve(state)
    assert rest.verdict == "won"
    for action in rest.line:
        state.apply(action)
    assert state.returns() == [1.0]


@pytest.mark.parametrize(("name", "seed"), [("golf", 0), ("calculation", 0),
                                            ("bakers-dozen", 0)])
def test_a_tiny_budget_is_unknown(name: str, seed: int) -> None:
    solution = solve(parlour.make(name).new_state(seed=seed), nodes=5)
    assert solution == Solution("unknown", (), 5, solution.seconds)
    assert solve(parlour.make(name).new_state(seed=seed), seconds=1e-9).verdict == "unknown"


# --- exact losses -------------------------------------------------------------------------

def engine_winnable(state: Any, seen: set[str] | None = None) -> bool:
    """A plain search over engine states (for small positions)."""
    seen = set() if seen is None else seen
    if state.is_terminal():
        return bool(state.returns() == [1.0])
    key = repr(state.observation(0)["zones"])
    if key in seen:
        return False
    seen.add(key)
    for action in state.legal_actions():
        after = state.clone()
        after.apply(action)
        if engine_winnable(after, seen):
            return True
    return False


def golf_stock_drawn(seed: int) -> Any:
    state = parlour.make("golf").new_state(seed=seed)
    while state.stock and not state.is_terminal():
        state.apply(GOLF_DRAW)
    return state


def calculation_late(seed: int, left: int) -> Any:
    """Calculation with the cards turned onto the waste piles in turn, until
    ``left`` are still face down."""
    state = parlour.make("calculation").new_state(seed=seed)
    turn = 0
    while len(state.stock) > left and not state.is_terminal():
        state.apply(TO_WASTE + turn % 4)
        turn += 1
    return state


@pytest.mark.parametrize("seed", range(8))
def test_golf_verdicts_agree_with_a_plain_search(seed: int) -> None:
    state = golf_stock_drawn(seed)
    solution = solve(state)
    assert solution.verdict == ("won" if engine_winnable(state.clone()) else "lost")


@pytest.mark.parametrize("seed", range(6))
def test_calculation_verdicts_agree_with_a_plain_search(seed: int) -> None:
    state = calculation_late(seed, 2)
    solution = solve(state)
    assert solution.verdict == ("won" if engine_winnable(state.clone()) else "lost")
    if solution.verdict == "won":
        for action in solution.line:
            state.apply(action)
        assert state.returns() == [1.0]


def test_a_golf_deal_is_lost_and_stays_lost() -> None:
    state = parlour.make("golf").new_state(seed=10)
    first = solve(state, nodes=100_000)
    assert first.verdict == "lost"
    assert first.nodes > 1000
    again = solve(state, nodes=100_000)
    assert (again.verdict, again.nodes) == ("lost", first.nodes)
    assert solve(state, nodes=100).verdict == "unknown"


def test_a_calculation_position_is_lost_after_a_search() -> None:
    state = calculation_late(0, 0)
    assert not state.is_terminal()
    solution = solve(state, nodes=100_000)
    assert solution.verdict == "lost" and solution.nodes > 1
    again = solve(state, nodes=100_000)
    assert (again.verdict, again.nodes) == ("lost", solution.nodes)


def card(number: int, sign: int) -> str:
    return PROGRESS_53.cards[sign * 13 + number - 1].code


def bakers_dead_deal() -> dict[str, Any]:
    """A Baker's Dozen deal where each 2 can go onto the one 3 in sight and
    then nothing moves: the 1s stay buried."""
    used = {number: 0 for number in range(1, 14)}

    def take(number: int) -> str:
        used[number] += 1
        return card(number, used[number] - 1)

    fill = iter([3, 3, 3] + [4, 6, 8, 10, 11, 12] * 4)
    columns = [[take(13), take(next(fill)), take(9), take(2)] for _ in range(4)]
    columns += [[take(1), take(next(fill)), take(next(fill)), take(5)] for _ in range(4)]
    columns += [[take(next(fill)) for _ in range(3)] + [take(7)] for _ in range(4)]
    columns.append([take(next(fill)) for _ in range(3)] + [take(3)])
    return {"columns": columns}


def test_a_bakers_dozen_deal_is_lost_after_a_search() -> None:
    state = parlour.make("bakers-dozen").new_state(deal=bakers_dead_deal())
    assert not state.is_terminal()
    solution = solve(state, nodes=1000)
    assert solution.verdict == "lost"
    assert solution.nodes < 20
    assert engine_winnable(state.clone()) is False


# --- the default budget -----------------------------------------------------------------

@pytest.mark.parametrize(("name", "least"), [("golf", 8), ("calculation", 8),
                                             ("bakers-dozen", 9)])
def test_the_default_budget_decides_most_deals(name: str, least: int) -> None:
    decided = 0
    for seed in range(1, 11):
        solution = solve(parlour.make(name).new_state(seed=seed))
        decided += solution.verdict != "unknown"
        if solution.verdict == "won":
            assert replays_to_a_win(name, seed, solution.line)
    assert decided >= least


# --- naive searches near the end of random games --------------------------------------------

def naive_golf(state: Any) -> bool:
    """Whether a Golf position can be won: every line, no pruning."""
    columns = tuple(tuple(column) for column in state.columns)
    stock = tuple(reversed(state.stock))
    wraparound = state.game.wraparound

    @cache
    def winnable(lengths: tuple[int, ...], top: int, drawn: int) -> bool:
        if not any(lengths):
            return True
        for index, size in enumerate(lengths):
            if size and follows(columns[index][size - 1], top, wraparound):
                after = list(lengths)
                after[index] -= 1
                if winnable(tuple(after), columns[index][size - 1], drawn):
                    return True
        return drawn < len(stock) and winnable(lengths, stock[drawn], drawn + 1)

    return winnable(tuple(map(len, columns)), state.pile[-1], 0)


def naive_calculation(state: Any) -> bool:
    """Whether a Calculation position can be won: every line, no pruning."""
    turned = [state.turned] if state.turned >= 0 else []
    stock = tuple(card % 13 + 1 for card in turned + state.stock[::-1])

    @cache
    def winnable(heights: tuple[int, ...], wastes: tuple[tuple[int, ...], ...],
                 next_card: int) -> bool:
        if all(height == 13 for height in heights):
            return True
        needs = [BUILDING_ORDERS[pile][height] if height < 13 else 0
                 for pile, height in enumerate(heights)]
        for pile, need in enumerate(needs):
            raised = (*heights[:pile], heights[pile] + 1, *heights[pile + 1:])
            if next_card < len(stock) and stock[next_card] == need \
                    and winnable(raised, wastes, next_card + 1):
                return True
            for index, waste in enumerate(wastes):
                if waste and waste[-1] == need:
                    fewer = (*wastes[:index], waste[:-1], *wastes[index + 1:])
                    if winnable(raised, fewer, next_card):
                        return True
        if next_card < len(stock):
            for index, waste in enumerate(wastes):
                more = (*wastes[:index], (*waste, stock[next_card]), *wastes[index + 1:])
                if winnable(heights, more, next_card + 1):
                    return True
        return False

    return winnable(tuple(map(len, state.foundations)),
                    tuple(tuple(card % 13 + 1 for card in waste) for waste in state.wastes), 0)


def naive_bakers_dozen(state: Any) -> bool:
    """Whether a Baker's Dozen position can be won (the move limit aside):
    every move, each layout searched once."""
    start = (tuple(tuple(column) for column in state.columns),
             tuple(len(pile) for pile in state.foundations))
    seen = {start}
    stack = [start]
    while stack:
        columns, heights = stack.pop()
        if sum(heights) == 52:
            return True
        for source, column in enumerate(columns):
            if not column:
                continue
            card = column[-1]
            after = list(columns)
            after[source] = column[:-1]
            moves = []
            if card % 13 == heights[card // 13]:
                raised = list(heights)
                raised[card // 13] += 1
                moves.append((tuple(after), tuple(raised)))
            for target, other in enumerate(columns):
                if target != source and other and other[-1] % 13 == card % 13 + 1:
                    onto = list(after)
                    onto[target] = (*other, card)
                    moves.append((tuple(onto), heights))
            for move in moves:
                if move not in seen:
                    seen.add(move)
                    stack.append(move)
    return False


def random_late_golf(rng: random.Random) -> Any:
    """A game of Golf (any options) played at random, or along a line the
    solver wins, until at most nine cards are face down; then a few random
    moves."""
    options = rng.choice([{}, {"golf_wraparound": True}, {"progress_card": "wild"},
                          {"progress_card": "wild", "golf_wraparound": True}])
    state = parlour.make("golf", **options).new_state(seed=rng.randrange(10**6))
    left = rng.randrange(10)
    line = list(solve(state, nodes=5000).line) if rng.random() < 0.5 else []
    while not state.is_terminal() and len(state.stock) > left:
        state.apply(line.pop(0) if line else rng.choice(state.legal_actions()))
    for _ in range(rng.randrange(3)):
        if not state.is_terminal():
            state.apply(rng.choice(state.legal_actions()))
    return state


def random_late_calculation(rng: random.Random) -> Any:
    """A game played at random (foundation moves first when a coin says
    so), or along a line the solver wins, until at most three cards are
    face down; then a few random moves."""
    state = parlour.make("calculation").new_state(seed=rng.randrange(10**6))
    left = rng.randrange(4)
    line = list(solve(state, nodes=5000).line) if rng.random() < 0.5 else []
    while not state.is_terminal() and len(state.stock) > left:
        legal = state.legal_actions()
        ups = [action for action in legal if action < TO_WASTE or action >= 2 * TO_WASTE]
        if line:
            state.apply(line.pop(0))
        else:
            state.apply(rng.choice(ups if ups and rng.random() < 0.8 else legal))
    for _ in range(rng.randrange(3)):
        if not state.is_terminal():
            state.apply(rng.choice(state.legal_actions()))
    return state


def random_late_bakers_dozen(rng: random.Random) -> Any:
    """A deal the solver wins, followed along its line to a few cards from
    the end, then a few random moves; or (half the time) a contrived
    position: the last few cards of each sign scattered over a few columns."""
    if rng.random() < 0.5:
        state = parlour.make("bakers-dozen").new_state(seed=rng.randrange(10**6))
        heights = [rng.randrange(6, 13) for _ in range(4)]
        cards = [sign * 13 + number for sign in range(4) for number in range(heights[sign], 13)]
        rng.shuffle(cards)
        state.columns = [[] for _ in range(13)]
        used = rng.randrange(4, 9)
        for card in cards:
            state.columns[rng.randrange(used)].append(card)
        state.foundations = [list(range(sign * 13, sign * 13 + heights[sign]))
                             for sign in range(4)]
        state._legal_at = -1  # the legal moves are those of the new layout
        state._check_end()
        return state
    line: tuple[int, ...] = ()
    while not line:
        state = parlour.make("bakers-dozen").new_state(seed=rng.randrange(100))
        line = solve(state).line
    for action in line[:len(line) - rng.randrange(4, 16)]:
        state.apply(action)
    for _ in range(rng.randrange(6)):
        if state.is_terminal():
            break
        state.apply(rng.choice(state.legal_actions()))
    return state


def verdicts_agree(name: str, seed: int, deal: Any, naive: Any, count: int) -> dict[str, int]:
    """Compare the solver with a naive search on ``count`` positions dealt
    by ``deal``; every won line replays to a win. The verdicts seen."""
    rng = random.Random(seed)
    seen = {"won": 0, "lost": 0}
    while sum(seen.values()) < count:
        state = deal(rng)
        if state.is_terminal():
            continue
        solution = solve(state, nodes=200_000)
        assert solution.verdict != "unknown", (name, state.seed, state.history)
        assert (solution.verdict == "won") == naive(state), (name, state.seed, state.history)
        seen[solution.verdict] += 1
        if solution.verdict == "won":
            for action in solution.line:
                state.apply(action)
            assert state.returns() == [1.0]
    return seen


def test_golf_verdicts_agree_with_a_naive_search_near_the_end() -> None:
    seen = verdicts_agree("golf", 1, random_late_golf, naive_golf, 80)
    assert seen["won"] >= 5 and seen["lost"] >= 5


def test_calculation_verdicts_agree_with_a_naive_search_near_the_end() -> None:
    seen = verdicts_agree("calculation", 2, random_late_calculation, naive_calculation, 60)
    assert seen["won"] >= 5 and seen["lost"] >= 5


def test_bakers_dozen_verdicts_agree_with_a_naive_search_near_the_end() -> None:
    seen = verdicts_agree("bakers-dozen", 3, random_late_bakers_dozen, naive_bakers_dozen, 60)
    assert seen["won"] >= 5 and seen["lost"] >= 5


def largest_matching(demand: Sequence[int], supply: Sequence[int], wraparound: bool) -> int:
    """Augmenting paths over single cards: cards of number n go onto n - 1 or n + 1."""
    wanting = [number for number, count in enumerate(demand) for _ in range(count)]
    hosts = [number for number, count in enumerate(supply) for _ in range(count)]
    taken: dict[int, int] = {}

    def next_to(one: int, other: int) -> bool:
        gap = abs(one - other)
        return gap == 1 or (wraparound and gap == 12)

    def augment(card: int, visited: set[int]) -> bool:
        for host, number in enumerate(hosts):
            if host in visited or not next_to(wanting[card], number):
                continue
            visited.add(host)
            if host not in taken or augment(taken[host], visited):
                taken[host] = card
                return True
        return False

    return sum(augment(card, set()) for card in range(len(wanting)))


@given(demand=st.lists(st.integers(0, 4), min_size=13, max_size=13),
       supply=st.lists(st.integers(0, 5), min_size=13, max_size=13),
       wraparound=st.booleans())
@settings(max_examples=300, deadline=None)
def test_shortfall_is_the_demand_a_largest_matching_leaves(demand: list[int], supply: list[int],
                                                           wraparound: bool) -> None:
    assert shortfall(demand, supply, wraparound) == \
        sum(demand) - largest_matching(demand, supply, wraparound)


# --- Clock and the refusals ---------------------------------------------------------------

@pytest.mark.parametrize("seed", range(12))
def test_clock_is_played_out(seed: int) -> None:
    state = parlour.make("clock").new_state(seed=seed)
    solution = solve(state)
    played = state.clone()
    while not played.is_terminal():
        played.apply(played.legal_actions()[0])
    assert solution.verdict == ("won" if played.returns() == [1.0] else "lost")
    assert replays_to_a_win("clock", seed, solution.line) == (solution.verdict == "won")


def test_another_game_is_refused() -> None:
    with pytest.raises(ParseError, match="golf, calculation, bakers-dozen, clock"):
        solve(parlour.make("polignac").new_state(seed=1))
    with pytest.raises(ParseError, match="solver handles"):
        solve("golf")


def test_a_game_still_being_dealt_is_refused() -> None:
    state = parlour.make("golf").new_state(seed=1, explicit_chance=True)
    with pytest.raises(ParseError, match="dealt"):
        solve(state)


@pytest.mark.parametrize(("nodes", "seconds"), [(0, None), (-3, None), (True, None),
                                                (10, 0.0), (10, -1.0)])
def test_a_bad_budget_is_refused(nodes: Any, seconds: Any) -> None:
    with pytest.raises(OptionError):
        solve(parlour.make("golf").new_state(seed=1), nodes=nodes, seconds=seconds)


def test_a_finished_game_is_its_outcome() -> None:
    state = golf_stock_drawn(4)
    assert state.is_terminal()
    solution = solve(state)
    assert (solution.verdict, solution.line, solution.nodes) == ("lost", (), 0)
    assert DEFAULT_NODES >= 1000
