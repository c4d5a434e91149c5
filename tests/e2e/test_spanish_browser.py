"""The web app in Spanish in a real browser (issue 29, item 6): the lobby
picked by the browser's language and by the switch, which the browser
remembers; a whole Polignac hand played by clicking in Spanish; and no page
in Spanish shows a sentence of the web catalogue in English.

The Spanish of the games' sentences (log lines, prompts, calls) is the
games catalogue's: the test reads what the page must show from the
server's view in Spanish (``?lang=es``), and checks the page's own words
(the turn banner, the buttons, the panels) against the web catalogue.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from live_server import get_json, post_json
from parlour.i18n import COOKIE, read_catalogue

SEED = 10
ME = 0
MY_TURN_OR_RESULT = ('[data-testid="turn"][data-my-turn="true"], '
                     '[data-testid="summary"]:not([hidden])')

WEB = read_catalogue("es", "web")
"""The web catalogue's Spanish."""

PAGE_TEXTS = """() => {
  const texts = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const text = walker.currentNode.textContent.trim();
    if (text) texts.push(text);
  }
  for (const element of document.querySelectorAll("[title], [aria-label], [placeholder]")) {
    for (const name of ["title", "aria-label", "placeholder"]) {
      const value = element.getAttribute(name);
      if (value) texts.push(value.trim());
    }
  }
  return [document.title, ...texts];
}"""
"""Every text a person reads or hears on the page: its text nodes, titles,
labels and placeholders."""


@pytest.fixture
def spanish(new_page: Callable[..., Page]) -> Page:
    """A page of a browser whose language is Spanish (``Accept-Language:
    es-ES``)."""
    return new_page(locale="es-ES")


def untranslated(page: Page) -> list[str]:
    """The texts on ``page`` that are a web message left in English."""
    english = {msgid for msgid, msgstr in WEB.items()
               if msgstr != msgid and "{" not in msgid}
    texts: list[str] = page.evaluate(PAGE_TEXTS)
    return sorted({text for text in texts if text in english})


def spanish_view(server: str, table_id: int, token: str) -> dict[str, Any]:
    """The seat's view as the server says it in Spanish."""
    view: dict[str, Any] = get_json(server, f"/api/tables/{table_id}/view?lang=es&token={token}")
    return view


def test_the_lobby_in_spanish_and_the_switch_is_remembered(server: str, page: Page) -> None:
    page.goto(server + "/")
    heading = page.locator("h1")
    expect(heading).to_have_text("Historical card games")
    expect(page.locator("html")).to_have_attribute("lang", "en")
    page.locator('[data-testid="lang"] [data-lang="es"]').click()

    expect(page.locator("html")).to_have_attribute("lang", "es")
    expect(heading).to_have_text("Juegos de cartas históricos")
    expect(page.locator('[data-testid="create"]')).to_have_text("Crear mesa")
    polignac = page.locator('[data-testid="game"][data-game="polignac"]')
    expect(polignac.locator('[data-testid="game-facts"]')).to_have_text(
        re.compile(r"^3–8 jugadores · "))
    expect(polignac.locator('[data-testid="choose-game"]')).to_have_text("Nueva mesa")
    expect(page.locator('[data-testid="seat-kind-0"] option[value="human"]')).to_have_text(
        "persona")
    expect(page.locator('label[for="option-target"]')).to_have_text("Objetivo")
    expect(page.locator('[data-testid="lang"] [data-lang="es"]')).to_have_attribute(
        "aria-pressed", "true")
    assert untranslated(page) == []

    page.reload()
    expect(heading).to_have_text("Juegos de cartas históricos")
    other = page.context.new_page()
    other.goto(server + "/tables/1/replay")
    expect(other.locator("html")).to_have_attribute("lang", "es")
    expect(other.locator('[data-testid="rules-button"]')).to_have_text("Reglas")
    other.close()
    assert [cookie["value"] for cookie in page.context.cookies() if cookie["name"] == COOKIE] \
        == ["es"]

    page.locator('[data-testid="lang"] [data-lang="en"]').click()
    expect(heading).to_have_text("Historical card games")
    page.reload()
    expect(heading).to_have_text("Historical card games")


def check_turn(page: Page, server: str, table_id: int, token: str) -> dict[str, Any]:
    """The page at seat 0's turn against the server's view in Spanish: the
    banner, the calls' labels, the log; returns the view's observation."""
    observation = spanish_view(server, table_id, token)["observation"]
    turn = page.locator('[data-testid="turn"]')
    expect(turn).to_have_text(f"Te toca: {observation['prompt']}.")
    assert page.title().startswith("▶ Te toca — ")
    calls = [action for action in observation["legal"] if action["card"] is None]
    expect(page.locator('[data-testid="call"]')).to_have_text(
        [action["label"] for action in calls])
    expect(page.locator('[data-testid="log"] li')).to_have_text(observation["log"])
    return observation


def test_a_whole_polignac_hand_played_by_clicking_in_spanish(
    server: str, spanish: Page
) -> None:
    page = spanish
    created = post_json(server, "/api/tables", {
        "game": "polignac", "seed": SEED, "options": {"target": 100},
        "seats": [{"kind": "human"}] + [{"kind": "computer", "agent": "random"}] * 3,
    })
    table_id = created["id"]
    seat_url = next(seat["url"] for seat in created["seats"] if seat["seat"] == ME)
    token = seat_url.split("#token=")[1]
    page.goto(server + seat_url)
    expect(page.locator("html")).to_have_attribute("lang", "es")
    expect(page.locator('[data-testid="title"]')).to_have_text(f"Polignac — mesa {table_id}")
    expect(page.locator('[data-testid="connection"]')).to_have_text("en directo")
    expect(page.locator('[data-testid="scores-panel"] h2')).to_have_text("Tanteo")
    expect(page.locator('[data-testid="hint"]')).to_have_text("Pista")
    # each card is named in Spanish to a screen reader and in its tooltip
    card = page.locator('[data-testid="hand"] [data-card]').first
    spanish_name = re.compile(
        r"^(As|Rey|Reina|Sota|10|9|8|7) de (Picas|Corazones|Diamantes|Tréboles)$")
    expect(card).to_have_attribute("aria-label", spanish_name)
    expect(card).to_have_attribute("title", spanish_name)

    cards_played = 0
    while True:
        page.locator(MY_TURN_OR_RESULT).wait_for()
        view = get_json(server, f"/api/tables/{table_id}/view?token={token}")
        if view["observation"]["hand_results"]:
            break
        observation = check_turn(page, server, table_id, token)
        calls = [action for action in observation["legal"] if action["card"] is None]
        if calls:
            passing = next(action for action in calls if action["text"] == "pass")
            page.locator(f'[data-testid="call"][data-action-id="{passing["id"]}"]').click()
            expect(page.locator('[data-testid="call"]')).to_have_count(0)
            continue
        hand = page.locator('[data-testid="hand"] [data-card]')
        count = hand.count()
        page.locator('[data-testid="hand"] [data-legal="true"]').first.click()
        expect(hand).not_to_have_count(count)
        cards_played += 1
        if cards_played == 8:
            break
    assert cards_played == 8, "seat 0 played its whole hand by clicks"

    # the hand is over once the computers have played the last trick
    expect(page.locator('[data-testid="hand-results"] tbody tr')).to_have_count(1)
    expect(page.locator('[data-testid="hand-results"] tfoot th')).to_have_text("Total")
    observation = spanish_view(server, table_id, token)["observation"]
    expect(page.locator('[data-testid="log"] li').last).to_have_text(observation["log"][-1])
    expect(page.locator('[data-testid="last-trick"] p')).to_have_text(
        re.compile(r"^La gana (P0|Random \d \(ordenador\))"))
    assert untranslated(page) == []


def finished_match(server: str) -> int:
    """A Polignac match to a target of 1 whose seat 0 plays its first legal
    action each turn through the API; returns the finished table's id."""
    created = post_json(server, "/api/tables", {
        "game": "polignac", "seed": SEED, "options": {"target": 1}, "delay": 0,
        "seats": [{"kind": "human"}] + [{"kind": "computer", "agent": "random"}] * 3,
    })
    table_id = created["id"]
    token = next(seat["url"] for seat in created["seats"] if seat["seat"] == ME).split("#token=")[1]
    deadline = time.monotonic() + 60
    while (view := get_json(server, f"/api/tables/{table_id}/view?token={token}"))["status"] \
            != "finished":
        assert time.monotonic() < deadline, "the match did not end"
        observation = view["observation"]
        if observation["to_move"] == ME:
            post_json(server, f"/api/tables/{table_id}/moves", {
                "token": token, "move_number": view["move_number"],
                "action": observation["legal"][0]["id"]})
        else:
            time.sleep(0.02)
    return int(table_id)


def test_no_page_in_spanish_shows_a_web_message_in_english(server: str, spanish: Page) -> None:
    page = spanish
    page.goto(server + "/")
    expect(page.locator('[data-testid="game"]').first).to_be_visible()
    page.locator('[data-testid="create"]').click()
    expect(page.locator('[data-testid="created"]')).to_be_visible()
    assert untranslated(page) == []

    # a finished match, seen by a spectator, and its replay
    table_id = finished_match(server)
    page.goto(f"{server}/tables/{table_id}")
    expect(page.locator('[data-testid="summary"]')).to_be_visible()
    expect(page.locator('[data-testid="summary"] h2')).to_have_text("Partida terminada")
    expect(page.locator('[data-testid="spectator"]')).to_have_text(
        "Miras esta mesa como espectador: solo ves la información pública.")
    page.locator('[data-testid="rules-button"]').click()
    expect(page.locator('[data-testid="rules-heading"]')).to_have_text("Reglas de Polignac")
    assert untranslated(page) == []
    page.keyboard.press("Escape")

    page.goto(f"{server}/tables/{table_id}/replay")
    expect(page.locator('[data-testid="replay-position"]')).to_have_text(
        re.compile(r"^Jugada 0 de "))
    page.keyboard.press("End")
    expect(page.locator('[data-testid="summary"]')).to_be_visible()
    assert untranslated(page) == []

    party = post_json(server, "/api/events", {})
    page.goto(server + party["host_url"])
    expect(page.locator('[data-testid="start-round"]')).to_have_text("Empezar la ronda 1")
    assert untranslated(page) == []
    page.goto(server + party["join_url"])
    expect(page.locator('[data-testid="join"]')).to_have_text("Unirse a la fiesta")
    assert untranslated(page) == []
