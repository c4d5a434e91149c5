"""A Progress Races party in a real browser (issue 12): the host makes the
party in the lobby, two people join by its one link in their own browsers
(three browser contexts), computers fill the other six places, the host
starts the round, both people play their table's hand by clicking legal
cards and calls, the host gives the signal, the players move, and the
standings update on every page.

Each page is checked against the server's own view of the party
(``GET /api/events/{id}/view``)."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from live_server import get_json, post_json
from socket_link import SocketLink

NAMES = ("Ann <b>&amp;</b>", "Bob")
"""The second player's name is plain; the first is markup that must show as text."""
HAND_TIMEOUT = 60.0
"""Seconds two people may take to play their hands to the end."""


@pytest.fixture
def contexts(browser: Browser) -> Iterator[list[tuple[BrowserContext, Page]]]:
    """Three separate browsers (the host, two players); each test fails if a
    script on one of their pages throws."""
    opened: list[tuple[BrowserContext, Page]] = []
    errors: list[str] = []
    for _ in range(3):
        context = browser.new_context(viewport={"width": 1280, "height": 900})
        page = context.new_page()
        page.on("pageerror", lambda error: errors.append(str(error)))
        opened.append((context, page))
    yield opened
    for context, _ in opened:
        context.close()
    assert not errors, f"uncaught errors in the pages: {errors}"


def party_view(server: str, event_id: int, token: str | None = None) -> dict[str, Any]:
    """The server's view of the party (a player's with his token)."""
    query = "" if token is None else f"?token={token}"
    view: dict[str, Any] = get_json(server, f"/api/events/{event_id}/view{query}")
    return view


def host_party(page: Page, server: str) -> tuple[int, str, str]:
    """Make a party of two tables and two rounds in the lobby; returns its
    id, the join link and the host's link."""
    page.goto(server + "/")
    form = page.locator('[data-testid="new-party"]')
    expect(form.locator('[data-testid="event-option-tables"]')).to_have_value("2")
    form.locator('[data-testid="event-option-rounds"]').fill("2")
    expect(form.locator('[data-testid="party-level"]')).to_have_value("medium")
    form.locator('[data-testid="party-level"]').select_option("random")
    page.locator('[data-testid="host-party"]').click()
    expect(page.locator('[data-testid="party-created"]')).to_be_visible()
    join_link = page.locator('[data-testid="party-join-link"] input').input_value()
    host_link = page.locator('[data-testid="party-host-link"] input').input_value()
    event_id = int(urlsplit(join_link).path.split("/")[2])
    assert join_link.startswith(f"{server}/events/{event_id}/join#code=")
    expect(page.locator(f'[data-testid="party-row"][data-event-id="{event_id}"]')).to_be_visible()
    return event_id, join_link, host_link


def join_party(page: Page, join_link: str, name: str) -> str:
    """Join as ``name`` on the join page; returns the player's token."""
    page.goto(join_link)
    expect(page.locator('[data-testid="phase"]')).to_have_attribute("data-status", "joining")
    page.locator('[data-testid="name"]').fill(name)
    page.locator('[data-testid="join"]').click()
    # the player's page keeps his token in its storage, out of the address bar
    page.wait_for_url("**/play")
    expect(page.locator('[data-testid="connection"]')).to_have_attribute("data-state", "live")
    token: str = page.evaluate("sessionStorage.getItem('parlour:token:' + location.pathname)")
    return token


def play_one_move(page: Page) -> bool:
    """Click a legal card (or else a call) if it is this player's turn;
    whether the hand at his table is over."""
    turn = page.locator('[data-testid="turn"]')
    if turn.get_attribute("data-hand-over") == "true":
        return True
    if turn.get_attribute("data-my-turn") != "true":
        return False
    board = page.locator('[data-testid="board"]')
    number = board.get_attribute("data-move-number")
    legal = page.locator('[data-testid="hand"] [data-legal="true"]')
    (legal.first if legal.count() else page.locator('[data-testid="call"]').first).click()
    page.wait_for_function(
        """(number) => {
            const board = document.querySelector('[data-testid="board"]');
            const turn = document.querySelector('[data-testid="turn"]');
            return board.dataset.moveNumber !== number || turn.dataset.handOver === "true";
        }""", arg=number)
    return False


def test_a_party_round_with_two_people_and_computers(
    server: str, contexts: list[tuple[BrowserContext, Page]]
) -> None:
    (_, host), (_, first), (_, second) = contexts
    event_id, join_link, host_link = host_party(host, server)
    host.goto(host_link)
    expect(host.locator('[data-testid="host-controls"]')).to_be_visible()
    expect(host.locator('[data-testid="join-link"]')).to_have_value(join_link)

    players = [first, second]
    tokens = [join_party(page, join_link, name) for page, name in zip(players, NAMES, strict=True)]
    expect(host.locator('[data-testid="place"][data-kind="human"]')).to_have_count(2)
    expect(host.locator('[data-testid="place"][data-player="0"]')).to_have_text(NAMES[0])

    host.locator('[data-testid="start-round"]').click()
    expect(host.locator('[data-testid="phase"]')).to_have_attribute("data-phase", "playing")
    expect(host.locator('[data-testid="place"][data-kind="computer"]')).to_have_count(6)
    expect(host.locator('[data-testid="event-table"][data-status="playing"]')).not_to_have_count(0)
    for page, token in zip(players, tokens, strict=True):
        mine = party_view(server, event_id, token)
        where = page.locator('[data-testid="where"]')
        expect(where).to_have_attribute("data-table", str(mine["table"]))
        expect(where).to_have_attribute("data-seat", str(mine["seat"]))
        expect(page.locator('[data-testid="hand"] [data-card]')).to_have_count(8)
    expect(first.locator('[data-testid="title"]')).to_contain_text(NAMES[0])
    # the party's rules and options open from the header, as on a table page
    first.locator('[data-testid="rules-button"]').click()
    dialog = first.locator('[data-testid="rules-dialog"]')
    expect(dialog).to_be_visible()
    expect(dialog.locator('[data-option="rounds"] [data-testid="option-value"]')).to_have_text("2")
    expect(dialog.locator('[data-testid="rules"]')).to_contain_text("PROGRESS RACES")
    first.locator('[data-testid="rules-close"]').click()
    expect(dialog).to_be_hidden()
    # the tab title says whose turn it is, on every player's page
    for page in players:
        mine, title = page.evaluate(
            "[document.querySelector('[data-testid=\"turn\"]').dataset.myTurn, document.title]")
        assert title.startswith("▶ Your turn — ") == (mine == "true"), title

    # both people play their table's hand to its end, by clicks only
    deadline = time.monotonic() + HAND_TIMEOUT
    done = [False, False]
    while not all(done):
        for index, page in enumerate(players):
            if not done[index]:
                done[index] = play_one_move(page)
        assert time.monotonic() < deadline, "the hands did not end"
        time.sleep(0.02)

    before = party_view(server, event_id)
    assert before["event"]["phase"] == "playing"
    assert all(line["total"] == 0 for line in before["event"]["standings"])
    host.locator('[data-testid="signal"]').click()
    expect(host.locator('[data-testid="phase"]')).to_have_attribute("data-phase", "ready")

    after = party_view(server, event_id)["event"]
    assert after["phase"] == "ready" and len(after["moves"]) == 4
    assert any(line["total"] > 0 for line in after["standings"])
    for page in (host, first, second):
        moves = page.locator('[data-testid="move"]')
        expect(moves).to_have_count(4)
        for move in after["moves"]:
            shown = page.locator(f'[data-testid="move"][data-player="{move["player"]}"]')
            expect(shown).to_have_attribute("data-to-table", str(move["to_table"]))
        rows = page.locator('[data-testid="standing"]')
        expect(rows).to_have_count(8)
        expect(page.locator('[data-testid="standing-total"]')).to_have_text(
            [str(line["total"]) for line in after["standings"]])
    # the players' pages follow them to their new seats
    for page, token in zip(players, tokens, strict=True):
        mine = party_view(server, event_id, token)
        where = page.locator('[data-testid="where"]')
        expect(where).to_have_attribute("data-table", str(mine["table"]))
        expect(where).to_have_attribute("data-seat", str(mine["seat"]))
        expect(page.locator('[data-testid="moved"]')).to_be_visible()
        expect(page.locator('[data-testid="turn"]')).to_have_text(
            "Waiting for the host to start round 2.")
    expect(host.locator('[data-testid="start-round"]')).to_have_text("Start round 2")
    expect(host.locator('[data-testid="start-round"]')).to_be_enabled()


ONE_TABLE_SEED = 0
"""A party of one table whose first seating and deal make its first joiner
(player 0) the Down player who moves after round 1, from seat 3 to seat 1
of the same table, and player 2 the Up player, who keeps seat 2."""


def secret_of(link: str, name: str) -> str:
    """The secret a link carries in its fragment (``#token=...``, ``#code=...``)."""
    fragment = urlsplit(link).fragment
    assert fragment.startswith(f"{name}="), link
    return fragment.removeprefix(f"{name}=")


def test_a_party_of_one_table_says_who_stays_and_when_it_is_over(
    server: str, contexts: list[tuple[BrowserContext, Page]]
) -> None:
    """Issue 29: at a party of one table the movers stay at table 1, which
    the pages told as "you move up from table 1 to table 1, seat 2"; after
    the last round the moves said "the round is being played", and the host
    was still offered the join link."""
    (_, host), (_, player), (_, guest) = contexts
    party = post_json(server, "/api/events", {
        "options": {"tables": 1, "rounds": 2}, "level": "random", "seed": ONE_TABLE_SEED,
        # the computers wait: the host's signal ends each round before they move
        "delay": 60,
    })
    event_id, host_token = party["id"], secret_of(party["host_url"], "token")
    joined = post_json(server, f"/api/events/{event_id}/join",
                       {"code": secret_of(party["join_url"], "code"), "name": "Ann"})
    assert joined["player"] == 0
    host.goto(server + party["host_url"])
    expect(host.locator('[data-testid="join-row"]')).to_be_visible()
    expect(host.locator('[data-testid="no-moves"]')).to_have_text("Nobody has moved yet.")
    player.goto(server + joined["url"])
    expect(player.locator('[data-testid="connection"]')).to_have_attribute("data-state", "live")

    for step in ("start", "signal"):
        post_json(server, f"/api/events/{event_id}/{step}", {"token": host_token})
    moves = party_view(server, event_id)["event"]["moves"]
    assert [(m["player"], m["role"], m["from_table"], m["to_table"], m["from_seat"],
             m["to_seat"]) for m in moves] == [(2, "Up", 1, 1, 2, 2), (0, "Down", 1, 1, 3, 1)]
    expect(player.locator('[data-testid="moved"]')).to_have_text(
        "After round 1 you stay at table 1 and move to seat 1.")
    # one table has no table up or down to move to
    expect(player.locator('[data-testid="where"]')).to_have_text(
        "Table 1 (the head table), seat 1 — you play Down.")
    for page in (host, player):
        expect(page.locator('[data-testid="move"][data-player="0"]')).to_have_text(
            "Ann (Down) stays at table 1 and moves to seat 1")
        expect(page.locator('[data-testid="move"][data-player="2"]')).to_have_text(
            "Computer 2 (Up) stays at table 1, seat 2")
    # nobody may join once round 1 has started: the link is no longer offered
    expect(host.locator('[data-testid="join-row"]')).to_be_hidden()

    for step in ("start", "signal"):
        post_json(server, f"/api/events/{event_id}/{step}", {"token": host_token})
    assert party_view(server, event_id)["event"]["phase"] == "over"
    for page in (host, player):
        expect(page.locator('[data-testid="phase"]')).to_have_attribute("data-phase", "over")
        expect(page.locator('[data-testid="no-moves"]')).to_have_text(
            "Nobody moves after the last round: the party is over; see the standings.")
        expect(page.locator('[data-testid="winners"]')).to_be_visible()
    expect(host.locator('[data-testid="join-row"]')).to_be_hidden()
    expect(host.locator('[data-testid="join-note"]')).to_be_hidden()
    expect(player.locator('[data-testid="turn"]')).to_have_text(
        "The party is over: see the standings.")
    # the join link itself, opened after the end, offers no place
    guest.goto(server + party["join_url"])
    expect(guest.locator('[data-testid="join-error"]')).to_have_text(
        "This party is over: its standings are on the party's page.")
    expect(guest.locator('[data-testid="name"]')).to_be_hidden()
    expect(guest.locator('[data-testid="join"]')).to_be_hidden()


UNREACHABLE = "The server cannot be reached; check your connection."


def test_the_unreachable_line_goes_when_the_party_socket_is_back(
    server: str, contexts: list[tuple[BrowserContext, Page]]
) -> None:
    """Issue 29 (as on the table page): the socket drops, a hint asked finds
    the server unreachable, the socket comes back: its view takes the line
    away, with nothing else done."""
    (_, player), _, _ = contexts
    party = post_json(server, "/api/events", {
        "options": {"tables": 1, "rounds": 1}, "level": "random", "seed": ONE_TABLE_SEED,
        "delay": 0,
    })
    event_id, host_token = party["id"], secret_of(party["host_url"], "token")
    joined = post_json(server, f"/api/events/{event_id}/join",
                       {"code": secret_of(party["join_url"], "code"), "name": "Ann"})
    link = SocketLink(player, rf"/ws/events/{event_id}$")
    post_json(server, f"/api/events/{event_id}/start", {"token": host_token})
    player.goto(server + joined["url"])
    connection = player.locator('[data-testid="connection"]')
    expect(connection).to_have_attribute("data-state", "live")
    # the computers play at once until it is Ann's turn
    expect(player.locator('[data-testid="hint"]')).to_be_visible(timeout=HAND_TIMEOUT * 1000)

    link.cut()
    expect(connection).to_have_attribute("data-state", "offline")
    player.context.set_offline(True)
    player.locator('[data-testid="hint"]').click()
    message = player.locator('[data-testid="message"]')
    expect(message).to_have_text(UNREACHABLE)

    player.context.set_offline(False)
    link.restore()
    expect(connection).to_have_attribute("data-state", "live")
    expect(message).to_be_hidden()
