"""Chat in a real browser (issue 32, item 4): two seats of one table chat
from two browsers, HTML is shown as the text it is, a sender is muted and
heard again, and the messages are in the replay at the move they were sent."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any
from urllib.parse import parse_qs, urlsplit

from playwright.sync_api import Page, expect

from live_server import get_json, post_json

HUMAN = {"kind": "human"}


def secret(url: str) -> str:
    """The token in a seat link's fragment."""
    return parse_qs(urlsplit(url).fragment)["token"][0]


def finish(server: str, table_id: int, seat_tokens: dict[int, str]) -> None:
    """Play the people's seats with their first legal card until the match is over."""
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        for seat, token in seat_tokens.items():
            view: dict[str, Any] = get_json(server, f"/api/tables/{table_id}/view?token={token}")
            if view["status"] == "finished":
                return
            observation = view["observation"]
            if observation["to_move"] == seat and observation["legal"]:
                post_json(server, f"/api/tables/{table_id}/moves", {
                    "token": token, "action": observation["legal"][0]["id"],
                    "move_number": view["move_number"]})
        time.sleep(0.05)
    raise AssertionError(f"table {table_id} did not finish")


def test_two_seats_chat_and_the_replay_shows_it(
    server: str, new_page: Callable[..., Page],
) -> None:
    created = post_json(server, "/api/tables", {
        "game": "tiny-polignac", "seats": [HUMAN, HUMAN, {"kind": "computer", "agent": "random"}],
        "seed": 1, "delay": 0})
    table_id = created["id"]
    seat_tokens = {seat["seat"]: secret(seat["url"]) for seat in created["seats"] if "url" in seat}
    ann, bob = new_page(), new_page()
    ann.goto(server + created["seats"][0]["url"])
    bob.goto(server + created["seats"][1]["url"])
    for page in (ann, bob):
        expect(page.get_by_test_id("connection")).to_have_attribute("data-state", "live")
        expect(page.get_by_test_id("chat-form")).to_be_visible()

    # Ann writes and sends with the keyboard alone
    ann.get_by_test_id("chat-input").focus()
    ann.keyboard.type("good luck")
    ann.keyboard.press("Enter")
    expect(ann.get_by_test_id("chat-input")).to_have_value("")
    first = bob.get_by_test_id("chat-message").first
    expect(first.get_by_test_id("chat-text")).to_have_text("good luck")
    expect(first.get_by_test_id("chat-name")).to_have_text("P0")

    bob.get_by_test_id("chat-input").fill("<b>x</b>")
    bob.get_by_test_id("chat-send").click()
    shown = ann.get_by_test_id("chat-message").nth(1)
    expect(shown.get_by_test_id("chat-text")).to_have_text("<b>x</b>")
    assert shown.locator("b").count() == 0
    # one's own messages have no mute button; another's has
    expect(ann.get_by_test_id("chat-message").first.get_by_test_id("chat-mute")).to_have_count(0)

    # Bob holds his seat by its link alone: Ann mutes him in her page
    shown.get_by_test_id("chat-mute").click()
    expect(ann.get_by_test_id("chat-message")).to_have_count(1)
    expect(ann.get_by_test_id("chat-muted")).to_contain_text("P1")
    bob.get_by_test_id("chat-input").fill("can you hear me")
    bob.get_by_test_id("chat-input").press("Enter")
    expect(bob.get_by_test_id("chat-message")).to_have_count(3)
    expect(ann.get_by_test_id("chat-message")).to_have_count(1)
    ann.get_by_test_id("chat-unmute").click()
    expect(ann.get_by_test_id("chat-message")).to_have_count(3)

    # a message too long is refused with the server's sentence
    bob.get_by_test_id("chat-input").evaluate("(input) => { input.maxLength = 1000; }")
    bob.get_by_test_id("chat-input").fill("y" * 201)
    bob.get_by_test_id("chat-send").click()
    expect(bob.get_by_test_id("chat-error")).to_have_text(
        "a chat message has at most 200 characters, not 201")

    finish(server, table_id, seat_tokens)
    ann.goto(f"{server}/tables/{table_id}/replay")
    expect(ann.get_by_test_id("replay-position")).to_have_attribute("data-move", "0")
    said = ann.get_by_test_id("replay-chat-message")
    expect(said).to_have_count(3)
    expect(said.first).to_contain_text("good luck")
    expect(said.nth(1)).to_contain_text("<b>x</b>")
    expect(said.first).to_have_attribute("data-current", "true")
    ann.get_by_test_id("replay-last").click()
    expect(ann.get_by_test_id("replay-position")).not_to_have_attribute("data-move", "0")
    expect(said).to_have_count(3)
    expect(said.first).to_have_attribute("data-current", "false")


def test_the_creator_opens_the_chat_to_spectators(
    server: str, new_page: Callable[..., Page],
) -> None:
    created = post_json(server, "/api/tables", {
        "game": "polignac", "seats": [HUMAN] * 4, "seed": 1, "delay": 30})
    creator, spectator = new_page(), new_page()
    spectator.goto(f"{server}/tables/{created['id']}")
    expect(spectator.get_by_test_id("chat-note")).to_have_text(
        "Only the people at the seats chat at this table.")
    expect(spectator.get_by_test_id("chat-form")).to_be_hidden()
    creator.goto(server + created["creator_url"])
    switch = creator.get_by_test_id("spectator-chat-switch")
    expect(switch).not_to_be_checked()
    switch.check()
    expect(spectator.get_by_test_id("chat-form")).to_be_visible()
    expect(spectator.get_by_test_id("chat-note")).to_be_hidden()
    # a spectator without a player is told to choose a name
    spectator.get_by_test_id("chat-input").fill("hello")
    spectator.get_by_test_id("chat-send").click()
    expect(spectator.get_by_test_id("chat-error")).to_have_text(
        "a spectator chats as a player: choose a name first")
    assert get_json(server, f"/api/tables/{created['id']}/view")["table"]["spectator_chat"] is True
