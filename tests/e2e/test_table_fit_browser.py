"""The table page's bugs of issue 29, each pinned in a real browser: the
"server cannot be reached" line goes once the socket is back, the piles on
the felt never cover a seat box, and every column of the Scores panel shows
within its box.

Boxes are read in one synchronous ``page.evaluate``: a live update may
redraw the page between two separate reads.
"""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import Page, WebSocketRoute, expect

from live_server import get_json, post_json

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
    # every socket of the page goes through this route, so the test can cut it
    link = {"down": False, "open": []}

    def route(socket: WebSocketRoute) -> None:
        if link["down"]:
            socket.close()
            return
        socket.connect_to_server()
        link["open"].append(socket)

    page.route_web_socket(re.compile(rf"/ws/tables/{table_id}$"), route)
    page.goto(server + created["seats"][to_move]["url"])
    connection = page.locator('[data-testid="connection"]')
    expect(connection).to_have_attribute("data-state", "live")
    message = page.locator('[data-testid="message"]')

    link["down"] = True
    for socket in link["open"]:
        socket.close()
    expect(connection).to_have_attribute("data-state", "offline")
    # without the socket a click goes over HTTP, which cannot get through either
    page.context.set_offline(True)
    page.locator('[data-testid="call"]', has_text="pass").click()
    expect(message).to_have_text(UNREACHABLE)

    page.context.set_offline(False)
    link["down"] = False
    expect(connection).to_have_attribute("data-state", "live")
    expect(message).to_be_hidden()
    assert get_json(server, f"/api/tables/{table_id}/view")["move_number"] == 0, \
        "no move was made: the reconnect alone took the line away"
