"""Fixed Progress Rummy positions for the tests: a round in progress with
given hands, melds, discard pile and stock, the other seats holding cards
that meld with nothing; and the moves the tests make on them."""

from __future__ import annotations

from typing import Any

import parlour
from parlour.games.progress_rummy import DRAW

SIGN_CODES = ("Cr", "Su", "Mo", "St")


def fill(hands: dict[int, str], size: int, n: int = 4, avoid: str = "") -> list[list[str]]:
    """Every seat's hand: the given ones, and for the others ``size`` cards
    that meld with nothing: distinct numbers, the signs turning so that two
    cards of a sign are four numbers apart (seat ``k`` holds number ``i``
    of sign ``i + k``), none of a face that the example uses."""
    used = {code.split("#")[0] for code in " ".join([*hands.values(), avoid]).split()}
    result = []
    for seat in range(n):
        if seat in hands:
            result.append(hands[seat].split())
            continue
        cards = [f"{number + 1}{SIGN_CODES[(number + seat) % 4]}" for number in range(13)]
        cards = [code for code in cards if code not in used][:size]
        assert len(cards) == size, f"not enough fillers for seat {seat}"
        result.append(cards)
    return result


def middle(
    hands: dict[int, str], to_move: int, *, round: int = 1, melds: list[tuple[int, str]] = (),  # type: ignore[assignment]
    down: tuple[int, ...] = (), discard: str = "", stock: str = "", dealer: int = 0,
    filler: int = 5, **options: Any,
) -> Any:
    """A round in progress at the start of ``to_move``'s turn."""
    game = parlour.make("progress-rummy", **options)
    table = " ".join(cards for _, cards in melds).replace("P=", "P ").split()
    avoid = " ".join([*table, discard, stock])
    deal: dict[str, Any] = {
        "dealer": dealer, "round": round, "to_move": to_move,
        "hands": fill(hands, filler, game.num_players, avoid),
        "melds": [{"owner": owner, "cards": cards.split()} for owner, cards in melds],
        "down": sorted(set(down) | {owner for owner, _ in melds}),
    }
    if discard:
        deal["discard"] = discard.split()
    if stock:
        deal["stock"] = stock.split()
    return game.new_state(seed=5, deal=deal)


def hand(state: Any, seat: int) -> list[str]:
    """The codes of the cards ``seat`` holds."""
    return state.observation(seat)["hand"]


def run(state: Any, line: str) -> None:
    """Apply a whole command line."""
    for action in state.parse_actions(line):
        state.apply(action)


def draw_and_throw(state: Any) -> None:
    """The turn of a player who never melds: draw, discard the card drawn."""
    seat = state.current_player()
    before = set(hand(state, seat))
    state.apply(DRAW)
    drawn = [code for code in hand(state, seat) if code not in before] or hand(state, seat)
    state.apply_text(f"discard {drawn[0].split('#')[0]}")
