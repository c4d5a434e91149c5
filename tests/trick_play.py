"""Helpers for the trick games' worked-example tests: apply the words a
player types, and play tricks written as in the rules tables
(``"P1 JC, P2 9C, P3 7C, P0 AC"``), checking whose turn each card is."""

from __future__ import annotations

from typing import Any


def say(state: Any, *words: str) -> None:
    """Apply cards or calls in turn, whoever is to move."""
    for word in words:
        state.apply(state.parse_action(word))


def texts(state: Any, actions: list[int]) -> set[str]:
    """The canonical texts of ``actions``."""
    return {state.action_to_str(action) for action in actions}


def play_trick(state: Any, row: str) -> int:
    """Play one trick written as in the rules tables, checking that each
    seat is the one to move; returns the trick's winner."""
    for entry in row.split(","):
        seat_text, card = entry.split()
        seat = int(seat_text.removeprefix("P"))
        assert state.current_player() == seat, f"{entry}: P{state.current_player()} to move"
        state.apply(state.parse_action(card))
    winner: int = state.observation(0)["zones"]["last_trick"]["winner"]
    return winner


def play_table(state: Any, table: list[tuple[str, int]]) -> None:
    """Play a whole hand from its trick table, checking every winner."""
    for number, (row, winner) in enumerate(table, start=1):
        assert play_trick(state, row) == winner, f"trick {number}: {row}"


def codes(state: Any, mask: int) -> set[str]:
    """The short codes of the cards in ``mask``."""
    return set(state.game.deck.codes(mask))


def hand_codes(state: Any, seat: int) -> set[str]:
    """The cards ``seat`` holds, as short codes."""
    return codes(state, state.card_locations()[f"hand {seat}"])


def hand_sizes(state: Any) -> list[int]:
    """How many cards each seat holds."""
    locations = state.card_locations()
    return [locations[f"hand {seat}"].bit_count() for seat in range(state.game.num_players)]


def places(state: Any) -> list[int] | None:
    """The ``places`` of every seat's observation (they must agree)."""
    n = state.game.num_players
    seen: list[list[int] | None] = [state.observation(seat)["places"] for seat in range(n)]
    assert seen.count(seen[0]) == n
    return seen[0]


def expected_penalties(n: int, first: int, last: int, holder: int, value: int = 1) -> list[int]:
    """§4.2 / §5.2 / §6.3 from who won the first trick, the last trick and
    the penalty card (worth ``value``); one seat with all three pays 4."""
    penalties = [0] * n
    penalties[first] += 1
    penalties[last] += 1
    penalties[holder] += value
    if first == last == holder:
        penalties[holder] = 4
    return penalties


def finish_hand_lowest(state: Any) -> int:
    """Play the rest of the hand with the first legal card; the last winner."""
    hands = len(state.hand_results())
    while len(state.hand_results()) == hands:
        state.apply(state.legal_actions()[0])
    winner: int = state.observation(0)["zones"]["last_trick"]["winner"]
    return winner
