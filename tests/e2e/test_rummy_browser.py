"""Progress Rummy in a real browser (issue 10: "the web app lets people
play Progress Rummy").

Two seats, seat 0 a person and seat 1 a random computer. The deals are
fixed by the seed (the web API opens tables from a seed, not from a deal):
with seed 67 seat 0 deals, plays first and may take the up-card ``8St#2``
to its ``7St`` and ``9St``; with seed 20 the up-card ``12Mo`` goes with
its ``13Mo`` and a Progress card. The person takes the up-card with the
"take" button, selects the meld's cards by clicking them (a refused line
leaves the selection and shows the engine's sentence), melds them with
"Meld" (a selected P gets a field saying which card it stands for), then
selects a card and discards it. The table shows the round, contract,
stock, discard, the card taken this turn, who is down and each meld with
its owner, kind and cards (a P wearing its declared card), all inside a
1280x800 screen, and inside a phone's width. A meld stays its owner's
when another person lays a card off below it (issue 29; two people, seed
30): the one who laid it down, not the placer of its first card.
"""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import parse_qs, urlsplit

from playwright.sync_api import Page, ViewportSize, expect

from live_server import get_json, post_json

DESKTOP: ViewportSize = {"width": 1280, "height": 800}
PHONE: ViewportSize = {"width": 390, "height": 844}
SEQUENCE_SEED = 67
P_SEED = 20
LAY_OFF_SEED = 30
"""Two seats: P0 deals, plays first and may take the up-card ``2St`` and meld
``3Su 4Su 5Su``, then discard ``7Cr#2``; P1 may take it to his ``5Cr#2 6Cr``
for his contract and lay off his ``2Su#2`` below P0's meld. (Found by
playing every seed from 0 with the engine's ``parse_actions``, P0 laying a
natural sequence not starting at 1 and P1 his contract and the card below
it, in their first turns: 30 is the first.)"""
TAKE = 141
"""The action id of ``take`` (rules/progress.md §3.13, the module docstring)."""

READ_MELDS = """() => [...document.querySelectorAll('[data-testid="melds"] [data-testid="meld"]')]
  .map((meld) => ({
    name: meld.dataset.meld, owner: Number(meld.dataset.owner), kind: meld.dataset.kind,
    cards: [...meld.querySelectorAll('.meld-cards > [data-card]')].map((card) => ({
      code: card.dataset.card, as: card.dataset.as ?? null,
    })),
  }))"""
"""Every meld drawn on the felt, in one synchronous read."""

READ_BOXES = """(selectors) => ({
  viewport: [window.innerWidth, window.innerHeight],
  pageWidth: document.documentElement.scrollWidth,
  boxes: selectors.flatMap((selector) => [...document.querySelectorAll(selector)].map((element) => {
    const box = element.getBoundingClientRect();
    return { selector, left: box.left, top: box.top, right: box.right, bottom: box.bottom,
             width: box.width, height: box.height };
  })),
})"""
"""The boxes (relative to the viewport) of every element matching each selector."""


def open_table(server: str, seed: int) -> tuple[int, str]:
    """Seat 0 a person, seat 1 a random computer; the table id and seat 0's token."""
    created = post_json(server, "/api/tables", {
        "game": "progress-rummy", "options": {"players": 2}, "seed": seed,
        "seats": [{"kind": "human"}, {"kind": "computer", "agent": "random"}],
    })
    token = parse_qs(urlsplit(created["seats"][0]["url"]).fragment)["token"][0]
    return int(created["id"]), token


def open_table_of_two(server: str, seed: int) -> tuple[int, list[str]]:
    """Both seats people; the table id and each seat's token."""
    created = post_json(server, "/api/tables", {
        "game": "progress-rummy", "options": {"players": 2}, "seed": seed,
        "seats": [{"kind": "human"}, {"kind": "human"}],
    })
    tokens = [parse_qs(urlsplit(seat["url"]).fragment)["token"][0] for seat in created["seats"]]
    return int(created["id"]), tokens


def view_of(server: str, table_id: int, token: str) -> dict[str, Any]:
    """The server's view of the table for seat 0."""
    view: dict[str, Any] = get_json(server, f"/api/tables/{table_id}/view?token={token}")
    return view


def open_page(page: Page, server: str, table_id: int, token: str) -> None:
    page.goto(f"{server}/tables/{table_id}?token={token}")
    expect(page.get_by_test_id("turn")).to_have_attribute("data-my-turn", "true")


def hand_card(page: Page, code: str) -> Any:
    return page.locator(f'[data-testid="hand"] [data-card="{code}"]')


def take_the_up_card(page: Page, up_card: str) -> None:
    """Seat 0 clicks "take": the card is then marked as taken this turn."""
    page.locator(f'[data-testid="call"][data-action-id="{TAKE}"]').click()
    expect(page.get_by_test_id("info-taken")).to_have_attribute("data-card", up_card)
    expect(hand_card(page, up_card)).to_have_attribute("data-taken", "true")


def select(page: Page, *codes: str) -> None:
    for code in codes:
        hand_card(page, code).click()
        expect(hand_card(page, code)).to_have_attribute("data-selected", "true")


def assert_inside(page: Page, selectors: list[str], width: int, height: int | None) -> None:
    """Every element of ``selectors`` lies inside ``width`` (and ``height``,
    when given) with the page scrolled to the top; the page is no wider."""
    page.evaluate("window.scrollTo(0, 0)")
    read = page.evaluate(READ_BOXES, selectors)
    assert read["pageWidth"] <= width, read["pageWidth"]
    assert {box["selector"] for box in read["boxes"]} == set(selectors)
    for box in read["boxes"]:
        assert box["width"] > 0 and box["height"] > 0, box
        assert box["left"] >= 0 and box["right"] <= width, box
        if height is not None:
            assert box["bottom"] <= height, box


def test_a_person_takes_the_up_card_melds_by_clicking_and_discards(
    page: Page, server: str,
) -> None:
    table_id, token = open_table(server, SEQUENCE_SEED)
    page.set_viewport_size(DESKTOP)
    open_page(page, server, table_id, token)
    first = view_of(server, table_id, token)["observation"]
    assert first["to_move"] == 0 and first["phase"] == "begin"
    expect(page.get_by_test_id("info-round")).to_have_text("Round 1")
    expect(page.get_by_test_id("info-contract")).to_have_text(
        "Contract: one meld of at least 3")
    expect(page.get_by_test_id("zone-stock")).to_have_attribute(
        "data-count", str(first["zones"]["stock"]))
    expect(page.get_by_test_id("zone-discard")).to_have_attribute("data-card", "8St#2")
    expect(page.get_by_test_id("meld")).to_have_count(0)

    take_the_up_card(page, "8St#2")
    # a meld that cannot be finished as sent: the engine's sentence, nothing changes
    select(page, "7St", "8St#2")
    expect(page.get_by_test_id("meld-bar")).to_have_attribute("data-selected", "7St 8St#2")
    page.get_by_test_id("meld-button").click()
    expect(page.get_by_test_id("message")).to_contain_text("meld that is not finished")
    expect(page.get_by_test_id("meld")).to_have_count(0)
    # the selection is still there: one more card makes the contract
    select(page, "9St")
    before = view_of(server, table_id, token)["move_number"]
    page.get_by_test_id("meld-button").click()
    expect(page.get_by_test_id("meld")).to_have_count(1)
    assert page.evaluate(READ_MELDS) == [{
        "name": "m1", "owner": 0, "kind": "sequence",
        "cards": [{"code": "7St", "as": None}, {"code": "8St#2", "as": None},
                  {"code": "9St", "as": None}],
    }]
    after = view_of(server, table_id, token)
    # meld, three cards, done: five actions in one move
    assert after["move_number"] == before + 5
    assert after["observation"]["zones"]["melds"][0]["text"] == "7St 8St#2 9St"
    me = page.locator('[data-testid="board"] [data-testid="seat"][data-seat="0"]')
    expect(me.locator('[data-flag="down"]')).to_have_count(1)
    for code in ("7St", "8St#2", "9St"):
        expect(hand_card(page, code)).to_have_count(0)
    expect(page.get_by_test_id("turn")).to_have_attribute("data-my-turn", "true")
    assert_inside(page, ['[data-testid="melds"]', '[data-testid="meld"]',
                         '[data-testid="hand"] [data-card]', '[data-testid="discard-button"]',
                         '[data-testid="table-info"]'], DESKTOP["width"], DESKTOP["height"])

    # the discard: one selected card and "Discard"
    discard = next(action["card"] for action in after["observation"]["legal"]
                   if action["card"])
    select(page, discard)
    page.get_by_test_id("discard-button").click()
    expect(page.get_by_test_id("log")).to_contain_text(
        f"P0 discards {re.sub(r'#2$', '', discard)}")
    expect(hand_card(page, discard)).to_have_count(0)
    final = view_of(server, table_id, token)
    # (seat 1 may have played meanwhile)
    assert final["move_number"] > after["move_number"]
    assert len(final["observation"]["hand"]) == 7
    # the meld stays on the table whatever seat 1 does next
    expect(page.locator('[data-testid="meld"][data-meld="m1"]')).to_have_attribute(
        "data-text", "7St 8St#2 9St")


def test_a_progress_card_is_declared_in_its_field_and_shown_on_the_table(
    page: Page, server: str,
) -> None:
    table_id, token = open_table(server, P_SEED)
    page.set_viewport_size(PHONE)
    open_page(page, server, table_id, token)
    take_the_up_card(page, "12Mo")
    select(page, "P", "13Mo", "12Mo")
    field = page.locator('[data-testid="p-as"][data-card="P"]')
    # 12Mo 13Mo: the P can only be the 11Mo below them
    expect(field).to_have_value("11Mo")
    page.get_by_test_id("meld-button").click()
    expect(page.get_by_test_id("meld")).to_have_count(1)
    assert page.evaluate(READ_MELDS) == [{
        "name": "m1", "owner": 0, "kind": "sequence",
        "cards": [{"code": "P", "as": "11Mo"}, {"code": "12Mo", "as": None},
                  {"code": "13Mo", "as": None}],
    }]
    expect(page.get_by_test_id("p-as-label")).to_have_text("= 11Mo")
    observation = view_of(server, table_id, token)["observation"]
    assert observation["zones"]["melds"][0]["text"] == "P=11Mo 12Mo 13Mo"
    assert_inside(page, ['[data-testid="board"]', '[data-testid="meld"]',
                         '[data-testid="hand"] [data-card]', '[data-testid="meld-button"]',
                         '[data-testid="board"] [data-testid="seat"]'], PHONE["width"], None)


def test_a_lay_off_below_a_sequence_leaves_the_meld_with_its_owner(
    page: Page, server: str,
) -> None:
    table_id, tokens = open_table_of_two(server, LAY_OFF_SEED)
    # P0's whole first turn through the API: the contract 3Su 4Su 5Su
    post_json(server, f"/api/tables/{table_id}/moves", {
        "token": tokens[0], "text": "take meld 3Su 4Su 5Su discard 7Cr",
        "move_number": view_of(server, table_id, tokens[0])["move_number"],
    })
    page.set_viewport_size(DESKTOP)
    open_page(page, server, table_id, tokens[1])
    m1 = page.locator('[data-testid="meld"][data-meld="m1"]')
    expect(m1).to_have_attribute("data-owner", "0")
    take_the_up_card(page, "7Cr#2")
    select(page, "5Cr#2", "6Cr", "7Cr#2")
    page.get_by_test_id("meld-button").click()
    expect(page.get_by_test_id("meld")).to_have_count(2)
    # P1 lays off 2Su#2 at the low end of P0's meld: its first card is now P1's
    select(page, "2Su#2")
    m1.click()
    expect(m1).to_have_attribute("data-text", "2Su#2 3Su 4Su 5Su")
    assert page.evaluate(READ_MELDS) == [
        {"name": "m1", "owner": 0, "kind": "sequence",
         "cards": [{"code": "2Su#2", "as": None}, {"code": "3Su", "as": None},
                   {"code": "4Su", "as": None}, {"code": "5Su", "as": None}]},
        {"name": "m2", "owner": 1, "kind": "sequence",
         "cards": [{"code": "5Cr#2", "as": None}, {"code": "6Cr", "as": None},
                   {"code": "7Cr#2", "as": None}]},
    ]
    expect(m1.locator(".meld-caption")).to_have_text("m1 P0 · sequence")
    expect(m1).to_have_attribute("aria-label", "m1, P0's sequence: 2Su#2 3Su 4Su 5Su")
    expect(m1).not_to_have_class(re.compile(r"\bmine\b"))
    expect(page.get_by_test_id("log")).to_contain_text("P1 lays off 2Su#2 on m1")
    melds = view_of(server, table_id, tokens[0])["observation"]["zones"]["melds"]
    assert [meld["owner"] for meld in melds] == [0, 1]


def test_one_meld_button_lays_the_selection_or_a_meld_card_by_card(
    page: Page, server: str,
) -> None:
    """Issue 29: "one meld button in Progress Rummy". Once the turn has
    begun, Meld is the only button that melds (no "+ Another meld", no
    "meld" call beside it); with nothing selected it begins a meld laid
    card by card (rules/progress.md 3.4: ``meld``, each card, ``done``)."""
    table_id, token = open_table(server, SEQUENCE_SEED)
    page.set_viewport_size(DESKTOP)
    open_page(page, server, table_id, token)
    take_the_up_card(page, "8St#2")
    melding = page.locator(".my-hand button", has_text=re.compile("meld", re.IGNORECASE))
    expect(melding).to_have_count(1)
    expect(melding).to_have_attribute("data-testid", "meld-button")
    expect(melding).to_be_enabled()

    melding.click()
    expect(page.get_by_test_id("meld-bar")).to_be_hidden()
    assert view_of(server, table_id, token)["observation"]["phase"] == "building"
    for code in ("7St", "8St#2", "9St"):
        hand_card(page, code).click()
        expect(hand_card(page, code)).to_have_count(0)
    page.locator('[data-testid="call"]', has_text="done").click()
    expect(page.get_by_test_id("meld")).to_have_count(1)
    expect(page.locator('[data-testid="meld"][data-meld="m1"]')).to_have_attribute(
        "data-text", "7St 8St#2 9St")


SEND_A_DOUBLE_CONTRACT = """async (clicks) => {
  const { MeldHand } = await import('/static/meldhand.js');
  const { CardBook } = await import('/static/cards.js');
  const book = new CardBook();
  await book.load('progress106', (path) => fetch(path).then((answer) => answer.json()));
  const elements = { hand: document.createElement('div'), calls: document.createElement('div'),
                     bar: document.createElement('div') };
  document.body.append(elements.hand, elements.calls, elements.bar);
  const hand = ['3St', '9Cr', '4St', '9Su#2', '5St', '9Mo', '6St', '7St', '8St', '12Cr'];
  const observation = {
    seat: 0, to_move: 0, places: null, phase: 'meld', round: 2,
    players: [{ seat: 0, down: false }, { seat: 1, down: false }],
    contract: { melds: 2, size: 3, text: 'two melds of at least 3' },
    hand, zones: { melds: [] }, options: {},
    legal: [...hand.map((card, id) => ({ id, text: card, card })),
            { id: 99, text: 'meld', card: null }],
  };
  const sent = [];
  const meldHand = new MeldHand();
  const options = { book, onPlay: (text) => sent.push(text), onMessage: () => {}, hinted: null };
  const lines = [];
  for (const cards of clicks) {
    meldHand.clear();
    meldHand.render(observation, elements, options);
    for (const card of cards) elements.hand.querySelector(`[data-card="${card}"]`).click();
    elements.bar.querySelector('[data-testid="meld-button"]').click();
    lines.push(sent.pop() ?? null);
  }
  const help = elements.bar.querySelector('[data-testid="meld-help"]').textContent;
  elements.hand.remove(); elements.calls.remove(); elements.bar.remove();
  return { lines, help };
}"""
"""Draws a seat's hand in round 2 (a double contract) with the page's own
meldhand.js, clicks each list of cards then Meld, and returns the lines sent."""


def test_one_meld_button_splits_a_double_contract(page: Page, server: str) -> None:
    """Round 2's contract is two melds of three: the selected run of six is
    sent split in two (rules/progress.md 3.3: "offer the split"), a group
    and a run clicked in any order as the two melds they are."""
    table_id, token = open_table(server, SEQUENCE_SEED)
    open_page(page, server, table_id, token)
    shown = page.evaluate(SEND_A_DOUBLE_CONTRACT, [
        ["3St", "4St", "5St", "6St", "7St", "8St"],
        ["9Cr", "5St", "9Su#2", "3St", "9Mo", "4St"],
    ])
    assert shown["lines"] == [
        "meld 3St 4St 5St meld 6St 7St 8St",
        "meld 9Cr 9Su 9Mo meld 3St 4St 5St",
    ]
    assert shown["help"] == "6 cards selected: Meld lays them down as the contract's 2 melds."
