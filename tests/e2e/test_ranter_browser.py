"""Ranter Go Round in a real browser (issue 9: "Plays in the web app with
many seats readable on one screen").

A table of 12 (and one of 26) with seat 0 a person and the others random
computers: seat 0 plays its stand or exchange by clicking the call buttons,
and at each of its turns the page shows one tile per seat, in play order
from the dealer's left, with exactly what the server's view for seat 0
says: the seat's lives, its card face up when seat 0 knows it and a back
otherwise, its flags (dealer, elder, stood, exchanged, was asked, out ...)
and whose turn it is; every tile lies inside a 1280x800 screen without
scrolling. After a showdown the life lost shows on the loser's tile, a
seat with no lives left is greyed out, and on a phone 390 px wide the
tiles fit the width.
"""

from __future__ import annotations

import re
import time
from typing import Any
from urllib.parse import parse_qs, urlsplit

from playwright.sync_api import Page, ViewportSize, expect

from live_server import get_json, post_json

ME = 0
DESKTOP: ViewportSize = {"width": 1280, "height": 800}
PHONE: ViewportSize = {"width": 390, "height": 844}
LOW_RANKS = "A23456"
"""Seat 0 exchanges a card of these ranks and stands on anything higher."""

READ_TILES = """() => {
  const tiles = [...document.querySelectorAll('[data-testid="board"] [data-testid="seat"]')];
  return {
    seats: tiles.map((tile) => {
      const card = tile.querySelector('[data-testid="seat-card"]');
      return {
        seat: Number(tile.dataset.seat),
        lives: Number(tile.querySelector('[data-testid="seat-lives"]').dataset.lives),
        hearts: tile.querySelector('[data-testid="seat-lives"] .hearts').textContent,
        face: card.dataset.face,
        card: card.querySelector('[data-card]')?.dataset.card ?? null,
        flags: [...tile.querySelectorAll('[data-flag]')].map((flag) => flag.dataset.flag),
        lostLastHand: Boolean(tile.querySelector('[data-testid="seat-lost"]')),
        toMove: tile.getAttribute('aria-current') === 'true',
        greyed: tile.classList.contains('out') && Number(getComputedStyle(tile).opacity) < 1,
      };
    }),
    hand: [...document.querySelectorAll('[data-testid="hand"] [data-card]')]
      .map((card) => card.dataset.card),
    calls: [...document.querySelectorAll('[data-testid="call"]')]
      .map((call) => [call.textContent, Number(call.dataset.actionId)]),
  };
}"""
"""Every seat tile and seat 0's hand and calls, in one synchronous read."""

READ_GEOMETRY = """() => {
  const tiles = [...document.querySelectorAll('[data-testid="board"] [data-testid="seat"]')];
  return {
    viewport: [window.innerWidth, window.innerHeight],
    pageWidth: document.documentElement.scrollWidth,
    // where each tile lies on the page, whatever the page is scrolled to
    tiles: tiles.map((tile) => {
      const box = tile.getBoundingClientRect();
      return {
        seat: Number(tile.dataset.seat),
        left: box.left + window.scrollX, top: box.top + window.scrollY,
        right: box.right + window.scrollX, bottom: box.bottom + window.scrollY,
        visible: box.width > 0 && box.height > 0 && getComputedStyle(tile).visibility === 'visible',
      };
    }),
    // a name cut short by the tile (its text wider than its box)
    namesCut: tiles.filter((tile) => {
      const name = tile.querySelector('.tile-name');
      return name.scrollWidth > name.clientWidth + 1;
    }).map((tile) => Number(tile.dataset.seat)),
  };
}"""
"""The tiles' boxes on the page, the viewport and the page's width."""


def open_table(server: str, players: int, seed: int,
               options: dict[str, object] | None = None) -> tuple[int, str]:
    """Seat 0 a person, the others random computers; the table id and seat 0's token."""
    computer = {"kind": "computer", "agent": "random"}
    created = post_json(server, "/api/tables", {
        "game": "ranter-go-round", "options": {"players": players, **(options or {})},
        "seed": seed, "seats": [{"kind": "human"}] + [computer] * (players - 1),
    })
    token = parse_qs(urlsplit(created["seats"][ME]["url"]).fragment)["token"][0]
    return int(created["id"]), token


def view_of(server: str, table_id: int, token: str) -> dict[str, Any]:
    """The server's view of the table for seat 0."""
    view: dict[str, Any] = get_json(server, f"/api/tables/{table_id}/view?token={token}")
    return view


def play_order(observation: dict[str, Any]) -> list[int]:
    """The seats from the dealer's left round to the dealer."""
    seats = [player["seat"] for player in observation["players"]]
    dealer = observation["dealer"]
    return seats[dealer + 1:] + seats[:dealer + 1]


def expected_tiles(observation: dict[str, Any]) -> dict[str, Any]:
    """What :data:`READ_TILES` must read for seat 0's ``observation``."""
    lives = observation["options"]["lives"]
    last_hand = observation["hand_results"][-1] if observation["hand_results"] else None
    seats = []
    for seat in play_order(observation):
        player = observation["players"][seat]
        card = player["card"]
        seats.append({
            "seat": seat,
            "lives": player["lives"],
            "hearts": "♥" * player["lives"] + "♡" * (lives - player["lives"]),
            "face": "up" if card else "down" if player["cards"] else "none",
            "card": card,
            "flags": player["flags"],
            "lostLastHand": last_hand is not None and last_hand[seat] > 0,
            "toMove": observation["to_move"] == seat and observation["places"] is None,
            "greyed": "out" in player["flags"],
        })
    return {
        "seats": seats,
        "hand": observation["hand"],
        "calls": [[action["text"], action["id"]] for action in observation["legal"]],
    }


def settled(page: Page, server: str, table_id: int, token: str, after: int) -> dict[str, Any]:
    """Seat 0's view once the server is past move ``after`` and waits for
    seat 0 (or the match is over) and the page shows exactly that view."""
    deadline = time.monotonic() + 30
    shown: dict[str, Any] = {}
    view = view_of(server, table_id, token)
    while time.monotonic() < deadline:
        view = view_of(server, table_id, token)
        waiting = view["observation"]["to_move"] == ME or view["status"] == "finished"
        if view["move_number"] > after and waiting:
            shown = page.evaluate(READ_TILES)
            if shown == expected_tiles(view["observation"]):
                return view
        time.sleep(0.05)
    assert shown == expected_tiles(view["observation"]), "the page does not show the server's view"
    raise AssertionError(f"seat 0 was not asked to move after move {after}")


def assert_tiles_on_one_screen(page: Page, players: int) -> None:
    """Every seat's tile lies inside the viewport as the page opens, unscrolled."""
    geometry = page.evaluate(READ_GEOMETRY)
    width, height = geometry["viewport"]
    assert sorted(tile["seat"] for tile in geometry["tiles"]) == list(range(players))
    outside = [tile["seat"] for tile in geometry["tiles"]
               if not (tile["visible"] and tile["left"] >= 0 and tile["top"] >= 0
                       and tile["right"] <= width and tile["bottom"] <= height)]
    assert not outside, f"seats {outside} are not on the first {width}x{height} screen"
    assert geometry["pageWidth"] <= width
    assert not geometry["namesCut"], f"seats {geometry['namesCut']} have their names cut"


def click_my_decision(page: Page, observation: dict[str, Any]) -> str:
    """Seat 0 exchanges a low card and stands on a high one, by clicking the
    call's button; the word clicked."""
    words = {action["text"]: action["id"] for action in observation["legal"]}
    low = observation["hand"][0][0] in LOW_RANKS
    word: str = next((w for w in words if (w != "stand") == low), next(iter(words)))
    page.locator(f'[data-testid="call"][data-action-id="{words[word]}"]').click()
    return word


def play_hands(page: Page, server: str, table_id: int, token: str, players: int,
               hands: int) -> tuple[dict[str, Any], set[str]]:
    """Seat 0 plays by clicks until hand ``hands + 1`` waits for it (or the
    match ends), the tiles checked at every turn; the last view and the
    words clicked."""
    moves = -1
    words: set[str] = set()
    while True:
        view = settled(page, server, table_id, token, moves)
        observation = view["observation"]
        assert_tiles_on_one_screen(page, players)
        if view["status"] == "finished" or observation["hand_number"] > hands:
            return view, words
        expect(page.locator('[data-testid="hand"] [data-card]')).to_have_attribute(
            "data-card", observation["hand"][0])
        words.add(click_my_decision(page, observation))
        moves = view["move_number"]


def test_twelve_seats_on_one_screen_played_by_clicks(server: str, page: Page) -> None:
    page.set_viewport_size(DESKTOP)
    table_id, token = open_table(server, 12, seed=3)
    page.goto(f"{server}/tables/{table_id}?token={token}")
    expect(page.locator('[data-testid="title"]')).to_have_text(
        f"Ranter Go Round — table {table_id}")
    first = view_of(server, table_id, token)["observation"]
    assert all(player["lives"] == 3 for player in first["players"])

    view, words = play_hands(page, server, table_id, token, 12, hands=3)

    observation = view["observation"]
    assert words == {"stand", "exchange"}, "seat 0 both stood and exchanged by clicking"
    assert len(observation["hand_results"]) >= 3
    losers = [seat for seat, change in enumerate(observation["hand_results"][-1]) if change > 0]
    assert losers, "somebody lost a life in the last showdown"
    for seat in losers:
        tile = page.locator(f'[data-testid="seat"][data-seat="{seat}"]')
        lives = observation["players"][seat]["lives"]
        assert lives < 3
        shown_lives = tile.locator('[data-testid="seat-lives"]')
        expect(shown_lives).to_have_attribute("data-lives", str(lives))
        expect(tile.locator('[data-testid="seat-lost"]')).to_be_visible()
    me = page.locator(f'[data-testid="seat"][data-seat="{ME}"]')
    expect(me.locator('[data-testid="seat-card"] [data-card]')).to_have_attribute(
        "data-card", observation["hand"][0])
    expect(me).to_have_attribute("aria-current", "true")


def test_twenty_six_seats_on_one_screen(server: str, page: Page) -> None:
    page.set_viewport_size(DESKTOP)
    table_id, token = open_table(server, 26, seed=5)
    page.goto(f"{server}/tables/{table_id}?token={token}")
    view, _ = play_hands(page, server, table_id, token, 26, hands=1)
    observation = view["observation"]
    assert observation["hand_number"] == 2
    assert sum(player["lives"] for player in observation["players"]) < 26 * 3
    dealer = page.locator(f'[data-testid="seat"][data-seat="{observation["dealer"]}"]')
    expect(dealer.locator('[data-flag="dealer"]')).to_be_visible()
    # the dealer's tile closes the play order, the elder's opens it
    expect(page.locator('[data-testid="board"] [data-testid="seat"]').last).to_have_attribute(
        "data-seat", str(observation["dealer"]))


def test_a_seat_out_of_lives_is_greyed(server: str, page: Page) -> None:
    page.set_viewport_size(DESKTOP)
    table_id, token = open_table(server, 12, seed=3, options={"lives": 1})
    page.goto(f"{server}/tables/{table_id}?token={token}")
    view, _ = play_hands(page, server, table_id, token, 12, hands=1)
    observation = view["observation"]
    out = [player["seat"] for player in observation["players"] if "out" in player["flags"]]
    assert out, "the first showdown put somebody out"
    for seat in out:
        tile = page.locator(f'[data-testid="seat"][data-seat="{seat}"]')
        expect(tile).to_have_class(re.compile(r"\bout\b"))
        expect(tile.locator('[data-testid="seat-card"]')).to_have_attribute("data-face", "none")
        expect(tile.locator('[data-testid="seat-lives"]')).to_have_attribute("data-lives", "0")


def test_twenty_six_seats_fit_a_phone(server: str, page: Page) -> None:
    page.set_viewport_size(PHONE)
    table_id, token = open_table(server, 26, seed=5)
    page.goto(f"{server}/tables/{table_id}?token={token}")
    view = settled(page, server, table_id, token, -1)
    geometry = page.evaluate(READ_GEOMETRY)
    assert geometry["pageWidth"] <= PHONE["width"], "the page scrolls sideways"
    assert len(geometry["tiles"]) == 26
    for tile in geometry["tiles"]:
        assert tile["visible"] and tile["left"] >= 0 and tile["right"] <= PHONE["width"]
        # wide enough for the card, the name, the hearts and a flag
        assert tile["right"] - tile["left"] >= 100
    assert not geometry["namesCut"]
    # seat 0's click reaches the server, and the tiles follow it on the phone
    click_my_decision(page, view["observation"])
    after = settled(page, server, table_id, token, view["move_number"])
    assert after["move_number"] > view["move_number"]
