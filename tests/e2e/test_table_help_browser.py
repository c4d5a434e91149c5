"""Issue 29, "Know what to do", in a real browser: the rules open from the
table (and the replay) in one click; a table's pack and options are shown
in words, each with its one-line explanation, never as the engine's
identifiers (``black_sevens``, ``progress53``); a seat's action buttons
never start below the fold at 1280x800.

Boxes are read in one synchronous ``page.evaluate``: a live update may
redraw the page between two separate reads.
"""

from __future__ import annotations

import random
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest
from playwright.sync_api import Page, expect

from live_server import get_json, post_json
from parlour.engine.registry import games as get_games

POLIGNAC_OPTIONS = {"players": 3, "pack_reduction": "red_sevens", "ace_high": True,
                    "capot_fail": "bidder_5_plus_jacks"}
"""A Polignac table whose options are not all at their defaults."""

SHOWN_PACK = "piquet pack — the cards this table is dealt from"
"""What the Rules dialog says of that table's pack."""
SHOWN_OPTIONS = {
    "players": "3 — number of players",
    "pack_reduction":
        "red sevens — when the cards do not divide evenly: which sevens go (twos with 52 "
        "cards), or the dealer discards the surplus",
    "pack": "32 — the piquet pack of 32 cards, or the full 52 of the party game",
    "ace_high": "yes — rank A K Q J 10 9 8 7 and penalise queens",
    "capot": "yes — whether a capot (general) may be announced",
    "capot_fail": "bidder 5 plus jacks — scoring of a failed capot",
}
"""What it says of some of its options (Polignac's own ``pack`` among them)."""

DIALOG_BOX = """() => {
  const dialog = document.querySelector('[data-testid="rules-dialog"]');
  const box = dialog.getBoundingClientRect();
  const close = document.querySelector('[data-testid="rules-close"]').getBoundingClientRect();
  return {
    open: dialog.open,
    left: box.left, right: box.right, top: box.top, bottom: box.bottom,
    closeInView: close.top >= 0 && close.bottom <= innerHeight
      && close.left >= 0 && close.right <= innerWidth,
    // the rules scroll in the dialog, never sideways
    sideways: dialog.scrollWidth > dialog.clientWidth,
    width: innerWidth, height: innerHeight,
  };
}"""


def polignac_table(server: str) -> dict[str, Any]:
    """A new Polignac table of three people with :data:`POLIGNAC_OPTIONS`."""
    created: dict[str, Any] = post_json(server, "/api/tables", {
        "game": "polignac", "options": POLIGNAC_OPTIONS, "seats": [{"kind": "human"}] * 3,
        "seed": 1,
    })
    return created


def rules_of(server: str, game: str) -> str:
    """The game's rules help as GET /api/games gives it."""
    listed = get_json(server, "/api/games")
    return str(next(entry for entry in listed if entry["name"] == game)["rules"])


def check_the_rules_dialog(page: Page, server: str) -> None:
    """One click on Rules opens the dialog with the table's options in words
    and Polignac's rules; Close and then Escape close it."""
    dialog = page.locator('[data-testid="rules-dialog"]')
    expect(dialog).to_be_hidden()
    page.locator('[data-testid="rules-button"]').click()
    expect(dialog).to_be_visible()
    expect(dialog.locator('[data-testid="rules-heading"]')).to_have_text("Rules of Polignac")
    assert dialog.locator('[data-testid="rules"]').text_content() == rules_of(server, "polignac")
    expect(dialog.locator('[data-testid="table-pack"]')).to_have_text(SHOWN_PACK)
    for name, text in SHOWN_OPTIONS.items():
        expect(dialog.locator(f'[data-option="{name}"]')).to_have_text(text)
    shown = dialog.locator('[data-testid="table-options"]').text_content() or ""
    assert "_" not in shown and "piquet32" not in shown
    page.locator('[data-testid="rules-close"]').click()
    expect(dialog).to_be_hidden()
    page.locator('[data-testid="rules-button"]').click()
    expect(dialog).to_be_visible()
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()


@pytest.mark.parametrize(("width", "height"), [(1280, 800), (390, 844)])
def test_the_rules_open_from_the_table_in_one_click_and_fit_the_window(
    server: str, page: Page, width: int, height: int
) -> None:
    page.set_viewport_size({"width": width, "height": height})
    created = polignac_table(server)
    page.goto(server + created["seats"][0]["url"])
    expect(page.locator('[data-testid="connection"]')).to_have_attribute("data-state", "live")
    check_the_rules_dialog(page, server)

    page.locator('[data-testid="rules-button"]').click()
    box = page.evaluate(DIALOG_BOX)
    assert box["open"] and box["closeInView"] and not box["sideways"]
    assert box["left"] >= 0 and box["right"] <= width
    assert box["top"] >= 0 and box["bottom"] <= height


def test_the_rules_and_options_open_from_the_replay(server: str, page: Page) -> None:
    """A table of three people plays one hand (the match's target) by their
    first legal moves through the API: its replay has the same Rules dialog."""
    created = post_json(server, "/api/tables", {
        "game": "polignac", "options": {**POLIGNAC_OPTIONS, "target": 1},
        "seats": [{"kind": "human"}] * 3, "seed": 1,
    })
    table_id = created["id"]
    tokens = [parse_qs(urlsplit(seat["url"]).fragment)["token"][0] for seat in created["seats"]]
    view = get_json(server, f"/api/tables/{table_id}/view")
    while view["status"] != "finished":
        mover = view["observation"]["to_move"]
        seat_view = get_json(server, f"/api/tables/{table_id}/view?token={tokens[mover]}")
        view = post_json(server, f"/api/tables/{table_id}/moves", {
            "token": tokens[mover], "action": seat_view["observation"]["legal"][0]["id"],
            "move_number": seat_view["move_number"],
        })
    page.goto(f"{server}/tables/{table_id}/replay")
    expect(page.locator('[data-testid="replay-position"]')).to_have_attribute("data-move", "0")
    check_the_rules_dialog(page, server)


def test_the_lobby_form_shows_option_values_and_packs_in_words(server: str, page: Page) -> None:
    page.goto(server + "/")
    facts = page.locator('[data-testid="game"][data-game="polignac"] [data-testid="game-facts"]')
    expect(facts).to_have_text("3–8 players · piquet pack")
    page.locator('[data-testid="choose-game"][data-game="polignac"]').click()
    expect(page.locator('[data-testid="option-pack_reduction"] option')).to_have_text(
        ["black sevens", "red sevens", "dealer discard"])
    expect(page.locator('[data-testid="option-capot_fail"] option')).to_have_text(
        ["bidder 5", "bidder 5 plus jacks", "jacks normal"])
    expect(page.locator("#option-pack_reduction-help")).to_have_text(
        "when the cards do not divide evenly: which sevens go (twos with 52 cards), or the "
        "dealer discards the surplus")
    expect(page.locator("#option-target-help")).to_have_text(
        "penalty total that ends the match (usually 10 or 20) (an integer from 1 to 100)")
    assert "_" not in (page.locator('[data-testid="options"]').inner_text())
    # the values in words still make the table the engine's identifiers name
    page.locator('[data-testid="option-pack_reduction"]').select_option(label="dealer discard")
    page.locator('[data-testid="option-players"]').select_option("3")
    page.locator('[data-testid="create"]').click()
    expect(page.locator('[data-testid="created"]')).to_be_visible()
    listed = get_json(server, "/api/tables")
    newest = max(listed, key=lambda table: table["id"])
    view = get_json(server, f"/api/tables/{newest['id']}/view")
    assert view["table"]["options"]["pack_reduction"] == "dealer_discard"


ACTIONS_BOX = """() => {
  const calls = document.querySelector('[data-testid="calls"]').getBoundingClientRect();
  const first = document.querySelector(
    '[data-testid="meld-bar"]:not([hidden]) button, [data-testid="calls"] button');
  const hand = [...document.querySelectorAll('[data-testid="hand"] [data-legal="true"]')];
  return {
    row: calls.top,
    first: first ? first.getBoundingClientRect().bottom : null,
    card: hand.length ? Math.max(...hand.map((card) => card.getBoundingClientRect().top)) : null,
    height: innerHeight, scrolled: scrollY,
  };
}"""
"""Where the calls row starts, where the first action button ends and the
lowest legal card of the hand starts, in the window as the page opens."""

SAMPLED_MOVES = (0, 7, 20, 45)
"""The moves after which a table is looked at from the seat to move."""

ALL_GAMES = {name: game["players"] for name, game in get_games().items()}
SHORT_MATCHES = {name for name, game in get_games().items() if game["research"]}
"""The research games: a match of a few moves, looked at from its first two."""


@pytest.mark.parametrize("game", sorted(ALL_GAMES))
def test_the_actions_start_above_the_fold_at_1280_by_800(
    server: str, page: Page, game: str
) -> None:
    """Each game at its most seats (up to 8), with the seed notice shown: the
    seats play random legal moves through the API, and at each sampled move
    the page of the seat to move shows its calls row, its first action button
    and its legal cards within the 800 px window, without scrolling."""
    page.set_viewport_size({"width": 1280, "height": 800})
    lowest, highest = ALL_GAMES[game]
    players = min(highest, 8)
    created = post_json(server, "/api/tables", {
        "game": game, "options": {"players": players} if lowest != highest else {},
        "seats": [{"kind": "human"}] * players, "seed": 1,
    })
    table_id = created["id"]
    tokens = [parse_qs(urlsplit(seat["url"]).fragment)["token"][0] for seat in created["seats"]]
    rng = random.Random(1)
    view = get_json(server, f"/api/tables/{table_id}/view")
    looked = 0
    for sampled in (0, 1) if game in SHORT_MATCHES else SAMPLED_MOVES:
        while view["move_number"] < sampled and view["status"] != "finished":
            mover = view["observation"]["to_move"]
            seat_view = get_json(server, f"/api/tables/{table_id}/view?token={tokens[mover]}")
            post_json(server, f"/api/tables/{table_id}/moves", {
                "token": tokens[mover], "move_number": seat_view["move_number"],
                "action": rng.choice(seat_view["observation"]["legal"])["id"],
            })
            view = get_json(server, f"/api/tables/{table_id}/view")
        if view["status"] == "finished":
            break
        page.goto(server + created["seats"][view["observation"]["to_move"]]["url"])
        expect(page.locator('[data-testid="board"]')).to_have_attribute(
            "data-move-number", str(view["move_number"]))
        expect(page.locator('[data-testid="turn"]')).to_have_attribute("data-my-turn", "true")
        box = page.evaluate(ACTIONS_BOX)
        where = f"{game} after move {view['move_number']}: {box}"
        assert box["scrolled"] == 0, where
        assert box["row"] < box["height"], where
        assert box["first"] is None or box["first"] <= box["height"], where
        assert box["card"] is None or box["card"] < box["height"], where
        looked += 1
    assert looked >= 2, f"{game} finished before two of its sampled moves"
