"""The patience solver (issue #11): its winning lines replay on the engine,
its budgets give ``unknown``, its ``lost`` is exact (checked against a plain
search over engine states), Clock is played out, other games are refused."""

from __future__ import annotations

import time
from typing import Any

import pytest

import parlour
from parlour import OptionError, ParseError
from parlour.cards import PROGRESS_53
from parlour.games.patience.solver import DEFAULT_NODES, Solution, solve

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
    assert first.nodes > 5000
    assert solve(state, nodes=100_000).verdict == "lost"
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
