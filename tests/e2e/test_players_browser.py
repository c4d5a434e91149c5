"""Players in a real browser (issue 32, items 1 and 5): the first visit
chooses a name, the player's table is on his page, a rename shows there and
at the table, and a "use on another device" link makes a second browser the
same player (the table's seat opens there by the player's key alone)."""

from __future__ import annotations

import secrets
from collections.abc import Callable
from urllib.parse import urlsplit

from playwright.sync_api import Page, expect

from live_server import get_json


def test_a_player_chooses_a_name_plays_renames_and_uses_another_device(
    server: str, new_page: Callable[..., Page],
) -> None:
    page = new_page()
    name = f"Ann {secrets.token_hex(3)}"
    page.goto(server + "/")
    # the first visit asks for a name (skippable)
    expect(page.get_by_test_id("player-prompt")).to_be_visible()
    expect(page.get_by_test_id("player-skip")).to_be_visible()
    page.get_by_test_id("player-name-input").fill(name)
    page.get_by_test_id("player-create").click()
    expect(page.get_by_test_id("identity-name")).to_have_text(f"You are {name}")
    player_id = int(page.get_by_test_id("identity-name").get_attribute("data-player-id") or 0)
    assert player_id > 0
    # the key is an HttpOnly cookie: no script reads it
    assert "parlour_player" not in page.evaluate("document.cookie")

    # a table made by the player seats him at the first person's seat
    page.locator('[data-testid="choose-game"][data-game="polignac"]').click()
    page.locator('[data-testid="seat-kind-0"]').select_option("human")
    for seat in (1, 2, 3):
        page.locator(f'[data-testid="seat-kind-{seat}"]').select_option("computer")
    page.get_by_test_id("delay").fill("30")
    page.get_by_test_id("create").click()
    take_seat = page.get_by_test_id("take-seat")
    expect(take_seat).to_be_visible()
    table_id = int(urlsplit(take_seat.get_attribute("href") or "").path.rsplit("/", 1)[1])
    seats = get_json(server, f"/api/tables/{table_id}/view")["table"]["seats"]
    assert (seats[0]["name"], seats[0]["player"]) == (name, player_id)

    # his page lists it
    page.get_by_test_id("identity-name").click()
    expect(page.get_by_test_id("player-name")).to_have_text(name)
    row = page.locator(f'[data-testid="player-table"][data-table-id="{table_id}"]')
    expect(row).to_be_visible()
    expect(row).to_contain_text(name)

    # a rename shows on his page and at his table
    new_name = f"Anna {secrets.token_hex(3)}"
    page.goto(server + "/")
    page.get_by_test_id("player-rename").click()
    page.get_by_test_id("rename-input").fill(new_name)
    page.get_by_test_id("rename-save").click()
    expect(page.get_by_test_id("identity-name")).to_have_text(f"You are {new_name}")
    page.goto(f"{server}/players/{player_id}")
    expect(page.get_by_test_id("player-name")).to_have_text(new_name)
    expect(page.locator(f'[data-testid="player-table"][data-table-id="{table_id}"]')) \
        .to_contain_text(new_name)
    assert get_json(server, f"/api/tables/{table_id}/view")["table"]["seats"][0]["name"] \
        == new_name

    # "use on another device": a second browser becomes the same player
    page.goto(server + "/")
    page.get_by_test_id("player-device").click()
    link = page.locator('[data-testid="device-link"] input').input_value()
    assert link.startswith(f"{server}/players/device#code=")
    phone = new_page()
    phone.goto(link)
    expect(phone.get_by_test_id("device-status")).to_contain_text(
        f"You are {new_name} on this browser too.")
    # the link's secrets left the address bar
    assert phone.url == f"{server}/players/device"
    phone.goto(server + "/")
    expect(phone.get_by_test_id("identity-name")).to_have_text(f"You are {new_name}")
    # his table's seat opens there by his key alone (no seat link)
    phone.goto(f"{server}/tables/{table_id}")
    expect(phone.get_by_test_id("my-name")).to_have_text(f"You are {new_name} at this table.")
    # the link works once
    spent = new_page()
    spent.goto(link)
    expect(spent.get_by_test_id("device-error")).to_contain_text(
        "this device link is spent or expired")
