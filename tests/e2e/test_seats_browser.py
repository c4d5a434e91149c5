"""Names and seats in a real browser (issue 29, item 3, "Must show"): names
at the table and in the log, a seat replaced by a computer and taken back
with a fresh link, a second browser on one seat, a table's hints switch."""

from __future__ import annotations

import urllib.error
from collections.abc import Callable
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest
from playwright.sync_api import Page, expect

import parlour
from live_server import get_json, post_json

READ_NAMES = """() => {
  const texts = (selector) => [...document.querySelectorAll(selector)].map((n) => n.textContent);
  return {
    seats: texts('[data-testid="seat"] .seat-name'),
    scores: texts('[data-testid="scores"] tbody th'),
    log: texts('[data-testid="log"] li'),
  };
}"""
"""The names the table page shows: on the seat panels, in the scores and the log."""


def secret(url: str, key: str = "token") -> str:
    """The secret ``key`` in a private link's fragment."""
    return parse_qs(urlsplit(url).fragment)[key][0]


def table_view(server: str, table_id: int, token: str | None = None) -> dict[str, Any]:
    query = "" if token is None else f"?token={token}"
    view: dict[str, Any] = get_json(server, f"/api/tables/{table_id}/view{query}")
    return view


def new_table(server: str, seats: list[dict[str, Any]], **body: Any) -> dict[str, Any]:
    """A Polignac table of seed 1 whose computers wait 30 s: nothing moves unless told."""
    created: dict[str, Any] = post_json(server, "/api/tables", {
        "game": "polignac", "options": {}, "seats": seats, "seed": 1, "delay": 30, **body})
    return created


HUMAN = {"kind": "human"}
MEDIUM = {"kind": "computer", "agent": "medium"}


@pytest.fixture
def second(new_page: Callable[..., Page]) -> Page:
    """A page in a browser of its own (its own storage)."""
    return new_page()


def test_a_name_chosen_in_the_lobby_is_shown_at_the_table_and_in_the_log(
    server: str, page: Page,
) -> None:
    page.goto(server + "/")
    page.locator('[data-testid="choose-game"][data-game="polignac"]').click()
    page.get_by_test_id("my-name").fill("Ann")
    page.locator('[data-testid="seat-kind-0"]').select_option("human")
    for seat in (1, 2, 3):
        page.locator(f'[data-testid="seat-kind-{seat}"]').select_option("computer")
        page.locator(f'[data-testid="seat-agent-{seat}"]').select_option("random")
    page.get_by_test_id("delay").fill("30")
    page.get_by_test_id("seed").fill("1")
    page.get_by_test_id("create").click()
    expect(page.get_by_test_id("creator-link")).to_be_visible()
    take_seat = page.get_by_test_id("take-seat")
    href = take_seat.get_attribute("href") or ""
    table_id = int(urlsplit(href).path.rsplit("/", 1)[1])
    take_seat.click()
    expect(page.get_by_test_id("my-name")).to_have_text("You are Ann at this table.")
    assert page.evaluate("localStorage.getItem('parlour:name')") == "Ann"

    state = parlour.make("polignac").new_state(seed=1)
    names = {"P0": "Ann", "P1": "Random 1", "P2": "Random 2", "P3": "Random 3"}
    log = [" ".join(names.get(word, word) for word in line.split(" "))
           for line in state.observation(0)["log"]]
    expect(page.locator('[data-testid="seat"][data-seat="0"] .seat-name')).to_have_text(
        "Ann (you)")
    shown = page.evaluate(READ_NAMES)
    assert sorted(shown["seats"]) == sorted(
        ["Ann (you)", "Random 1 (computer)", "Random 2 (computer)", "Random 3 (computer)"])
    assert [name.strip() for name in shown["scores"]] == [
        "Ann (you)", "Random 1 (computer)", "Random 2 (computer)", "Random 3 (computer)"]
    assert shown["log"] == log and any("Ann" in line for line in log)
    assert not any(word in line.split(" ") for line in shown["log"] for word in names)
    # the creator's panel came with the seat's link
    expect(page.get_by_test_id("creator-panel")).to_be_visible()

    # a new name, kept in the browser, is every page's
    page.get_by_test_id("change-name").click()
    page.get_by_test_id("name-input").fill("Annie")
    page.get_by_test_id("name-save").click()
    expect(page.get_by_test_id("my-name")).to_have_text("You are Annie at this table.")
    expect(page.locator('[data-testid="seat"][data-seat="0"] .seat-name')).to_have_text(
        "Annie (you)")
    assert page.evaluate("localStorage.getItem('parlour:name')") == "Annie"
    assert table_view(server, table_id)["observation"]["players"][0]["name"] == "Annie"

    # a name the table refuses is explained, and the form stays
    page.get_by_test_id("change-name").click()
    page.get_by_test_id("name-input").fill("Random 1")
    page.get_by_test_id("name-save").click()
    expect(page.get_by_test_id("message")).to_have_text(
        "the name 'Random 1' is a computer player's: pick another")
    expect(page.get_by_test_id("name-form")).to_be_visible()


def test_a_seat_given_to_a_computer_is_taken_back_with_a_fresh_link(
    server: str, page: Page, second: Page,
) -> None:
    created = new_table(server, [{"kind": "human", "name": "Ann"}, HUMAN, MEDIUM, MEDIUM])
    table_id = created["id"]
    old_link = created["seats"][1]["url"]
    creator = secret(created["creator_url"], "creator")
    page.goto(f"{server}{created['seats'][0]['url']}&creator={creator}")
    row = page.locator('[data-testid="creator-seat"][data-seat="1"]')
    expect(row).to_have_attribute("data-present", "false")
    row.get_by_test_id("to-computer").click()
    expect(row).to_have_attribute("data-kind", "computer")
    expect(page.locator('[data-testid="seat"][data-seat="1"] .seat-name')).to_have_text(
        "Medium 1 (computer)")
    with pytest.raises(urllib.error.HTTPError) as refused:
        table_view(server, table_id, secret(old_link))
    assert refused.value.code == 403

    row.get_by_test_id("new-link").click()
    fresh = row.get_by_test_id("fresh-link")
    expect(fresh).to_be_visible()
    link = fresh.input_value()
    assert link.startswith(f"{server}/tables/{table_id}#token=")
    expect(row).to_have_attribute("data-kind", "human")

    # a person takes the seat back with it and names himself
    second.goto(link)
    expect(second.get_by_test_id("name-form")).to_be_visible()
    second.get_by_test_id("name-input").fill("Bob")
    second.get_by_test_id("name-save").click()
    expect(second.get_by_test_id("my-name")).to_have_text("You are Bob at this table.")
    expect(second.locator('[data-testid="seat"][data-seat="1"] .seat-name')).to_have_text(
        "Bob (you)")
    expect(row).to_have_attribute("data-present", "true")
    expect(row.get_by_test_id("to-computer")).to_have_count(0)
    expect(page.locator('[data-testid="seat"][data-seat="1"] .seat-name')).to_have_text("Bob")

    # he leaves: a computer plays on, and his page watches
    second.get_by_test_id("leave").click()
    expect(second.get_by_test_id("message")).to_contain_text("You left the table")
    expect(second.get_by_test_id("spectator")).to_be_visible()
    expect(second.get_by_test_id("seat-bar")).to_be_hidden()
    expect(row).to_have_attribute("data-kind", "computer")
    assert second.evaluate(f"sessionStorage.getItem('parlour:token:/tables/{table_id}')") is None


def test_a_second_browser_on_one_seat_may_take_it_over(
    server: str, page: Page, second: Page,
) -> None:
    created = new_table(server, [HUMAN] * 4)
    table_id = created["id"]
    mover = table_view(server, table_id)["observation"]["to_move"]
    link = server + created["seats"][mover]["url"]
    page.goto(link)
    expect(page.get_by_test_id("connection")).to_have_attribute("data-state", "live")
    expect(page.get_by_test_id("calls").locator('[data-testid="call"]')).to_have_count(2)
    second.goto(link)
    banner = second.get_by_test_id("elsewhere")
    expect(banner).to_contain_text(
        "This seat is already open in another window or browser, which plays it.")
    assert second.evaluate("document.querySelector('.my-hand').inert") is True
    expect(page.get_by_test_id("elsewhere")).to_be_hidden()

    banner.get_by_test_id("take-over").click()
    expect(banner).to_be_hidden()
    expect(page.get_by_test_id("elsewhere")).to_contain_text(
        "This seat was taken over in another window or browser: "
        "this window no longer plays it.")
    assert page.evaluate("document.querySelector('.my-hand').inert") is True
    second.get_by_test_id("calls").get_by_text("pass", exact=True).click()
    expect(second.get_by_test_id("board")).to_have_attribute("data-move-number", "1")
    expect(page.get_by_test_id("board")).to_have_attribute("data-move-number", "1")
    assert table_view(server, table_id)["move_number"] == 1


def test_the_creator_switches_a_tables_hints(server: str, page: Page) -> None:
    created = new_table(server, [HUMAN, HUMAN, MEDIUM, MEDIUM])
    table_id = created["id"]
    mover = table_view(server, table_id)["observation"]["to_move"]
    assert mover in (0, 1), "seed 1: a person opens"
    creator = secret(created["creator_url"], "creator")
    page.goto(f"{server}{created['seats'][mover]['url']}&creator={creator}")
    switch = page.get_by_test_id("hints-switch")
    expect(page.get_by_test_id("turn")).to_have_attribute("data-my-turn", "true")
    expect(switch).not_to_be_checked()
    expect(page.get_by_test_id("hint-row")).to_be_hidden()
    switch.check()
    expect(page.get_by_test_id("hint-row")).to_be_visible()
    assert table_view(server, table_id)["table"]["hints"] is True
    page.get_by_test_id("hints-switch").uncheck()
    expect(page.get_by_test_id("hint-row")).to_be_hidden()
    assert table_view(server, table_id)["table"]["hints"] is False
