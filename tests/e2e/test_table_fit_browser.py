"""The table page's bugs of issue 29, each pinned in a real browser: the
"server cannot be reached" line goes once the socket is back, the piles on
the felt never cover a seat box, and every column of the Scores panel shows
within its box.

Boxes are read in one synchronous ``page.evaluate``: a live update may
redraw the page between two separate reads.
"""

from __future__ import annotations

import random
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest
from playwright.sync_api import Page, expect

import parlour
from live_server import get_json, post_json
from parlour.engine.registry import games as get_games
from socket_link import SocketLink

UNREACHABLE = "The server cannot be reached; check your connection."


def people_table(server: str, game: str = "polignac", seed: int = 1) -> dict[str, Any]:
    """A new table of four people: nobody moves, so it stays put."""
    created: dict[str, Any] = post_json(server, "/api/tables", {
        "game": game, "options": {}, "seats": [{"kind": "human"}] * 4, "seed": seed,
    })
    return created


def test_the_unreachable_line_goes_as_soon_as_the_socket_is_back(
    server: str, page: Page
) -> None:
    """The socket drops, a click finds the server unreachable, the socket
    comes back: its view takes the line away, with no move made."""
    created = people_table(server)
    table_id = created["id"]
    to_move = get_json(server, f"/api/tables/{table_id}/view")["observation"]["to_move"]
    # every socket of the page goes through this link, so the test can cut it
    link = SocketLink(page, rf"/ws/tables/{table_id}$")
    page.goto(server + created["seats"][to_move]["url"])
    connection = page.locator('[data-testid="connection"]')
    expect(connection).to_have_attribute("data-state", "live")
    message = page.locator('[data-testid="message"]')

    link.cut()
    expect(connection).to_have_attribute("data-state", "offline")
    # without the socket a click goes over HTTP, which cannot get through either
    page.context.set_offline(True)
    page.locator('[data-testid="call"]', has_text="pass").click()
    expect(message).to_have_text(UNREACHABLE)

    page.context.set_offline(False)
    link.restore()
    expect(connection).to_have_attribute("data-state", "live")
    expect(message).to_be_hidden()
    assert get_json(server, f"/api/tables/{table_id}/view")["move_number"] == 0, \
        "no move was made: the reconnect alone took the line away"


SCORE_COLUMNS_SHOWN = """async (observations) => {
  const { renderScores, Seating } = await import('/static/board.js');
  const element = document.querySelector('[data-testid="scores"]');
  const cut = [];
  for (const observation of observations) {
    // every other seat a computer: the longest names ("P1 (computer)")
    const seats = observation.players.map(
      ({ seat }) => ({ seat, kind: seat ? 'computer' : 'human' }));
    renderScores(element, observation, new Seating(observation, seats, 0));
    const box = element.getBoundingClientRect();
    for (const cell of element.querySelectorAll('th, td')) {
      const edge = cell.getBoundingClientRect();
      if (edge.left < box.left - 0.5 || edge.right > box.right + 0.5) {
        cut.push(`${cell.textContent} out of the box`);
      }
    }
    if (element.scrollWidth > element.clientWidth) {
      cut.push(`${element.scrollWidth} px in ${element.clientWidth} px`);
    }
  }
  return [...new Set(cut)];
}"""
"""Draws each observation's Scores panel with the page's own renderer and
returns every cell that does not show whole within the panel's box."""


def sampled_observations(game: str, players: int, seed: int) -> list[dict[str, Any]]:
    """Seat 0's observations along a seeded random playout of ``game``: every
    tenth one, and the last (a finished match shows every column)."""
    rng = random.Random(seed)
    state = parlour.make(game, players=players).new_state(seed=seed)
    seen: list[dict[str, Any]] = []
    while not state.is_terminal() and len(state.history) < 3000:
        if state.is_chance_node():
            state.apply(rng.choice([action for action, _ in state.chance_outcomes()]))
            continue
        if len(state.history) % 10 == 0:
            seen.append(state.observation(0))
        state.apply(rng.choice(state.legal_actions()))
    seen.append(state.observation(0))
    return seen


GAMES = {name: game["players"] for name, game in get_games().items() if game["players"][1] > 1}
"""Every game of more than one seat, with its least and most seats (a
patience has no Scores panel of several rows)."""


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_column_of_the_scores_panel_shows_within_its_box(
    server: str, page: Page, game: str
) -> None:
    page.set_viewport_size({"width": 1280, "height": 800})
    lowest, highest = GAMES[game]
    players = min(highest, 8)
    created = post_json(server, "/api/tables", {
        "game": game, "options": {"players": players} if lowest != highest else {},
        "seats": [{"kind": "human"}] * players, "seed": 1,
    })
    page.goto(f"{server}/tables/{created['id']}")
    expect(page.locator('[data-testid="scores"] [data-testid="score"]')).to_have_count(players)
    observations = [observation for seed in (1, 2) for observation in
                    sampled_observations(game, players, seed)]
    assert page.evaluate(SCORE_COLUMNS_SHOWN, observations) == []


PILES_OVER_SEATS = """() => {
  const felt = document.querySelector('[data-testid="board"]');
  const seats = [...felt.querySelectorAll('[data-testid="seat"]')];
  const piles = [...felt.querySelectorAll('figure, [data-testid^="zone-"], [data-testid="turnup"]')]
    .filter((pile) => !pile.closest('[data-testid="seat"]'));
  const overlaps = (a, b) =>
    a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
  const over = [];
  for (const pile of piles) {
    for (const seat of seats) {
      if (overlaps(pile.getBoundingClientRect(), seat.getBoundingClientRect())) {
        over.push(`${pile.dataset.testid ?? pile.className} over seat ${seat.dataset.seat}`);
      }
    }
  }
  return { seats: seats.length, piles: piles.length, over: [...new Set(over)] };
}"""
"""Every pile or card on the felt (outside the seat boxes) that covers a seat box."""

END_OF_HAND_SEED = 55
END_OF_HAND_MOVES = 32
"""Polignac's seed 55, every seat playing its first legal move: after 32
moves (four announcements, seven tricks) the last trick of the hand starts,
the Played pile holds 28 cards and P0 has won 24 (the most any pile holds)."""


@pytest.mark.parametrize(("width", "height"), [(1280, 800), (390, 844)])
def test_no_pile_on_the_felt_covers_a_seat_at_the_end_of_a_hand(
    server: str, page: Page, width: int, height: int
) -> None:
    created = people_table(server, seed=END_OF_HAND_SEED)
    table_id = created["id"]
    tokens = [parse_qs(urlsplit(seat["url"]).fragment)["token"][0] for seat in created["seats"]]
    for _ in range(END_OF_HAND_MOVES):
        to_move = get_json(server, f"/api/tables/{table_id}/view")["observation"]["to_move"]
        view = get_json(server, f"/api/tables/{table_id}/view?token={tokens[to_move]}")
        post_json(server, f"/api/tables/{table_id}/moves", {
            "token": tokens[to_move], "action": view["observation"]["legal"][0]["id"],
            "move_number": view["move_number"],
        })
    mine = get_json(server, f"/api/tables/{table_id}/view?token={tokens[0]}")
    zones = mine["observation"]["zones"]
    assert (len(zones["played"]), len(zones["won"])) == (28, 24)

    page.set_viewport_size({"width": width, "height": height})
    page.goto(server + created["seats"][0]["url"])
    expect(page.locator('[data-testid="board"]')).to_have_attribute(
        "data-move-number", str(END_OF_HAND_MOVES))
    shown = page.evaluate(PILES_OVER_SEATS)
    assert shown["seats"] == 4
    assert shown["over"] == []
