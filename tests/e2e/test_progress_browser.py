"""A Progress table in a real browser (issue 6): the recent turns are laid
out one row per turn, in the order and with the cards the engine reports,
the latest turn marked; the top card and the stock show; seat 0 plays a
whole hand by clicking cards and the draw, pass and stop buttons; and the
table fits a phone without scrolling sideways."""

from __future__ import annotations

import time
from typing import Any
from urllib.parse import parse_qs, urlsplit

from playwright.sync_api import Page, expect

from live_server import get_json, post_json

MY_TURN_OR_OVER = '[data-testid="turn"][data-my-turn="true"], [data-testid="summary"]:not([hidden])'
READ_PROGRESS = """() => {
  const all = (selector) => [...document.querySelectorAll(selector)];
  return {
    turns: all('[data-testid="turns"] li').map((row) => ({
      seat: Number(row.dataset.seat),
      cards: [...row.querySelectorAll('[data-card]')].map((card) => card.dataset.card),
      latest: row.classList.contains('latest'),
    })),
    top: document.querySelector('[data-testid="zone-top"] [data-card]')?.dataset.card ?? null,
    stock: document.querySelector('[data-testid="zone-stock"]')?.textContent ?? null,
    legal: Object.fromEntries(all('[data-testid="hand"] [data-legal="true"]')
      .map((card) => [card.dataset.card, Number(card.dataset.actionId)])),
    calls: all('[data-testid="call"]').map((call) => call.textContent),
    lastTrickHidden: document.querySelector('[data-testid="last-trick-panel"]').hidden,
  };
}"""


def open_progress_table(server: str, seed: int) -> tuple[int, str]:
    """Seat 0 a person, three random computers; the table id and seat 0's token."""
    computer = {"kind": "computer", "agent": "random"}
    created = post_json(server, "/api/tables", {
        "game": "progress", "options": {"target": 1}, "seed": seed,
        "seats": [{"kind": "human"}, computer, computer, computer],
    })
    token = parse_qs(urlsplit(created["seats"][0]["url"]).query)["token"][0]
    return int(created["id"]), token


def expected(observation: dict[str, Any]) -> dict[str, Any]:
    """What :data:`READ_PROGRESS` must read for seat 0's ``observation``."""
    turns = observation["zones"]["turns"]
    stock = observation["zones"]["stock"]
    return {
        "turns": [
            {"seat": turn["seat"], "cards": turn["cards"], "latest": index == len(turns) - 1}
            for index, turn in enumerate(turns)
        ],
        "top": observation["zones"]["top"],
        "stock": f"Stock{stock} card{'' if stock == 1 else 's'}",
        "legal": {move["card"]: move["id"] for move in observation["legal"] if move["card"]},
        "calls": [move["text"] for move in observation["legal"] if not move["card"]],
        "lastTrickHidden": True,
    }


def view_of(server: str, table_id: int, token: str) -> dict[str, Any]:
    """The server's view of the table for seat 0."""
    view: dict[str, Any] = get_json(server, f"/api/tables/{table_id}/view?token={token}")
    return view


def my_settled_turn(page: Page, server: str, table_id: int, token: str,
                    after: int) -> dict[str, Any]:
    """Seat 0's view once the server is past move ``after`` and it is seat 0's
    turn (or the match is over) and the page shows exactly that view."""
    deadline = time.monotonic() + 15
    shown: dict[str, Any] = {}
    while time.monotonic() < deadline:
        view = view_of(server, table_id, token)
        if view["status"] == "finished":
            return view
        if view["move_number"] > after and view["observation"]["to_move"] == 0:
            shown = page.evaluate(READ_PROGRESS)
            if shown == expected(view["observation"]):
                return view
        time.sleep(0.05)
    view = view_of(server, table_id, token)
    assert shown == expected(view["observation"]), "the page does not show the server's view"
    raise AssertionError(f"seat 0 was not asked to move after move {after}")


def test_a_hand_of_progress_played_by_clicks(server: str, page: Page) -> None:
    table_id, token = open_progress_table(server, seed=5)
    page.goto(f"{server}/tables/{table_id}?token={token}")
    expect(page.locator('[data-testid="title"]')).to_have_text(f"Progress — table {table_id}")
    turns_seen = 0
    words: set[str] = set()
    moves = -1
    while True:
        view = my_settled_turn(page, server, table_id, token, moves)
        if view["status"] == "finished":
            break
        observation = view["observation"]
        turns_seen = max(turns_seen, len(observation["zones"]["turns"]))
        move = observation["legal"][0]
        if move["card"]:
            page.locator(f'[data-testid="hand"] [data-card="{move["card"]}"]').click()
        else:
            words.add(move["text"])
            page.locator('[data-testid="call"]', has_text=move["text"]).click()
        moves = view["move_number"]
    assert turns_seen >= 3, "the table showed several turns at once"
    assert words, "seat 0 drew, passed or stopped by clicking a button"
    final = view_of(server, table_id, token)["observation"]
    assert len(final["hand_results"]) == 1
    expect(page.locator('[data-testid="summary"]')).to_be_visible()


def test_a_progress_table_fits_a_phone(server: str, page: Page) -> None:
    page.set_viewport_size({"width": 390, "height": 844})
    table_id, token = open_progress_table(server, seed=5)
    page.goto(f"{server}/tables/{table_id}?token={token}")
    page.locator(MY_TURN_OR_OVER).wait_for()
    expect(page.locator('[data-testid="turns"]')).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
