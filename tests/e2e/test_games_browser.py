"""Games beyond the trick games in a real browser.

Progress (issue 6): the recent turns are laid out one row per turn, in the
order and with the cards the engine reports, the latest turn marked; the
top card and the stock show; seat 0 plays a whole hand by clicking cards
and the draw, pass and stop buttons; and the table fits a phone.

Costly Colours (issue 7): seat 0 plays a match by clicking the mog words
and its cards; at every turn the page shows the running count and the
cards played with their players exactly as the server reports them, and
the log gives each score with its reason as it happens.

Bharg (issue 8): seat 0 plays whole turns by clicking (the draw or the
take, then a card of its hand to discard); after each click the page shows
its hand as Decktet cards with each card's name, rank and suit glyphs, the
piles, the top Ace (or none), the top discard, the stock, its bound and
unbound cards, the opponent's known cards and the log exactly as the
server reports them; and the table fits a phone."""

from __future__ import annotations

import time
from collections.abc import Callable
from functools import partial
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


def open_table(server: str, game: str, options: dict[str, object], players: int,
               seed: int) -> tuple[int, str]:
    """Seat 0 a person, the others random computers; the table id and seat 0's token."""
    computer = {"kind": "computer", "agent": "random"}
    created = post_json(server, "/api/tables", {
        "game": game, "options": options, "seed": seed,
        "seats": [{"kind": "human"}] + [computer] * (players - 1),
    })
    token = parse_qs(urlsplit(created["seats"][0]["url"]).fragment)["token"][0]
    return int(created["id"]), token


def open_progress_table(server: str, seed: int) -> tuple[int, str]:
    """A one-hand Progress table of four."""
    return open_table(server, "progress", {"target": 1}, 4, seed)


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


def my_settled_turn(page: Page, server: str, table_id: int, token: str, after: int,
                    reader: str, expect_from: Callable[[dict[str, Any]], dict[str, Any]],
                    ) -> dict[str, Any]:
    """Seat 0's view once the server is past move ``after`` and it is seat 0's
    turn (or the match is over) and the page, read by the script
    ``reader``, shows exactly ``expect_from(observation)``."""
    deadline = time.monotonic() + 15
    shown: dict[str, Any] = {}
    while time.monotonic() < deadline:
        view = view_of(server, table_id, token)
        if view["status"] == "finished":
            return view
        if view["move_number"] > after and view["observation"]["to_move"] == 0:
            shown = page.evaluate(reader)
            if shown == expect_from(view["observation"]):
                return view
        time.sleep(0.05)
    view = view_of(server, table_id, token)
    assert shown == expect_from(view["observation"]), "the page does not show the server's view"
    raise AssertionError(f"seat 0 was not asked to move after move {after}")


def test_a_hand_of_progress_played_by_clicks(server: str, page: Page) -> None:
    table_id, token = open_progress_table(server, seed=5)
    page.goto(f"{server}/tables/{table_id}?token={token}")
    expect(page.locator('[data-testid="title"]')).to_have_text(f"Progress — table {table_id}")
    turns_seen = 0
    words: set[str] = set()
    moves = -1
    while True:
        view = my_settled_turn(page, server, table_id, token, moves, READ_PROGRESS, expected)
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


READ_COSTLY = """() => {
  const all = (selector) => [...document.querySelectorAll(selector)];
  return {
    count: document.querySelector('[data-testid="count"]')?.textContent ?? null,
    plays: all('[data-testid="play-card"]').map((play) => [
      Number(play.dataset.seat), play.querySelector('[data-card]').dataset.card]),
    legal: Object.fromEntries(all('[data-testid="hand"] [data-legal="true"]')
      .map((card) => [card.dataset.card, Number(card.dataset.actionId)])),
    calls: all('[data-testid="call"]').map((call) => call.textContent),
    log: all('[data-testid="log"] li').map((line) => line.textContent),
    turn: document.querySelector('[data-testid="turn"]').textContent,
    marked: document.title.startsWith("▶ Your turn — "),
  };
}"""


def expected_costly(observation: dict[str, Any]) -> dict[str, Any]:
    """What :data:`READ_COSTLY` must read for seat 0's ``observation``."""
    plays = observation["zones"]["play"]
    return {
        "count": f"Count {observation['count']}",
        "plays": [[play["seat"], play["card"]] for play in plays],
        "legal": {move["card"]: move["id"] for move in observation["legal"] if move["card"]},
        "calls": [move["text"] for move in observation["legal"] if not move["card"]],
        "log": observation["log"],
        "turn": f"Your turn: {observation['prompt']}.",
        "marked": True,
    }


def test_costly_colours_played_by_clicks_shows_the_count_and_each_score(
    server: str, page: Page
) -> None:
    table_id, token = open_table(server, "costly-colours", {}, 2, seed=3)
    page.goto(f"{server}/tables/{table_id}?token={token}")
    expect(page.locator('[data-testid="title"]')).to_have_text(
        f"Costly Colours — table {table_id}")
    moves = -1
    cards_clicked = words_clicked = 0
    banners = set()
    while True:
        view = my_settled_turn(page, server, table_id, token, moves, READ_COSTLY,
                               expected_costly)
        if view["status"] == "finished":
            break
        banners.add(page.locator('[data-testid="turn"]').text_content())
        move = view["observation"]["legal"][0]
        if move["card"]:
            cards_clicked += 1
            page.locator(f'[data-testid="hand"] [data-card="{move["card"]}"]').click()
        else:
            words_clicked += 1
            page.locator('[data-testid="call"]', has_text=move["text"]).click()
        moves = view["move_number"]
    final = view_of(server, table_id, token)["observation"]
    assert max(player["score"] for player in final["players"]) >= 61
    assert cards_clicked >= 10 and words_clicked >= 3
    # the banner says each decision in the game's words (seed 3: P0 deals first)
    assert {"Your turn: Play a card without passing 31.",
            "Your turn: Consent to the mog or refuse it.",
            "Your turn: Choose a card to give away in the mog."} <= banners, banners
    scored = [line for line in final["log"] if " scores " in line and " for " in line]
    assert scored, "the log names each score and its reason"
    expect(page.locator('[data-testid="summary"]')).to_be_visible()


READ_BHARG = """() => {
  const all = (selector) => [...document.querySelectorAll(selector)];
  const cards = (element) =>
    [...element.querySelectorAll('[data-card]')].map((card) => card.dataset.card);
  // a pile's cards, or the words it shows instead ("none", "15 cards")
  const zone = (name) => {
    const figure = document.querySelector(`[data-testid="zone-${name}"]`);
    if (!figure) return null;
    const shown = cards(figure);
    return shown.length ? shown : figure.lastElementChild.textContent;
  };
  const face = (card) => ({
    card: card.dataset.card,
    label: card.getAttribute('aria-label'),
    rank: card.querySelector('text.rank')?.textContent ?? null,
    name: [...card.querySelectorAll('text.name')].map((line) => line.textContent).join(' '),
    suits: [...new Set([...card.querySelectorAll('[data-suit]')]
      .map((glyph) => glyph.dataset.suit))].sort(),
    actionId: card.dataset.legal === 'true' ? Number(card.dataset.actionId) : null,
  });
  const extra = (key) => cards(document.querySelector(`[data-extra="${key}"]`));
  return {
    hand: all('[data-testid="hand"] [data-card]').map(face),
    zones: Object.fromEntries(['ace_pile', 'top_ace', 'discard_pile', 'top_discard', 'stock']
      .map((name) => [name, zone(name)])),
    calls: all('[data-testid="call"]')
      .map((call) => [call.textContent, Number(call.dataset.actionId)]),
    bound: extra('bound'),
    unbound: extra('unbound'),
    known: all('[data-testid="scores"] tbody tr').map((row) => row.lastElementChild.textContent),
    log: all('[data-testid="log"] li').map((line) => line.textContent),
  };
}"""
RANK_MARKS = {"Ace": "A", "Crown": "C"}
"""How a Decktet face writes a rank that is not a number."""


def shown_zone(value: object) -> object:
    """What :data:`READ_BHARG` reads for a zone holding ``value``."""
    if isinstance(value, int):
        return f"{value} card{'' if value == 1 else 's'}"
    if isinstance(value, str):
        return [value]
    return value or "none"


def expected_bharg(deck: dict[str, dict[str, Any]], observation: dict[str, Any]
                   ) -> dict[str, Any]:
    """What :data:`READ_BHARG` must read for seat 0's ``observation``;
    ``deck`` is the Decktet as ``GET /api/decks/decktet36`` lists it, by name."""
    legal = {move["card"]: move["id"] for move in observation["legal"] if move["card"]}
    return {
        "hand": [{
            "card": name,
            "label": name,
            "rank": RANK_MARKS.get(deck[name]["rank"], deck[name]["rank"]),
            "name": name.removeprefix("The "),
            "suits": sorted(deck[name]["suits"]),
            "actionId": legal.get(name),
        } for name in observation["hand"]],
        "zones": {name: shown_zone(observation["zones"][name])
                  for name in ("ace_pile", "top_ace", "discard_pile", "top_discard", "stock")},
        "calls": [[move["text"], move["id"]] for move in observation["legal"] if not move["card"]],
        "bound": observation["bound"],
        "unbound": observation["unbound"],
        "known": [", ".join(player["known"]) for player in observation["players"]],
        "log": observation["log"],
    }


def bharg_discard(observation: dict[str, Any]) -> str:
    """Seat 0's discard: an Ace if it holds one (it becomes the top Ace),
    else its first unbound card other than the one it took, else its first card."""
    aces = [card for card in observation["hand"] if card.startswith("Ace of ")]
    unbound = [card for card in observation["unbound"] if card != observation["taken"]]
    return (aces or unbound or observation["hand"])[0]


def test_bharg_played_by_clicks_shows_the_decktet_cards_and_both_piles(
    server: str, page: Page
) -> None:
    deck = {card["name"]: card for card in get_json(server, "/api/decks/decktet36")["cards"]}
    settled = partial(my_settled_turn, reader=READ_BHARG, expect_from=partial(expected_bharg, deck))
    table_id, token = open_table(server, "bharg", {}, 2, seed=2)
    page.goto(f"{server}/tables/{table_id}?token={token}")
    expect(page.locator('[data-testid="title"]')).to_have_text(f"Bharg — table {table_id}")
    top_aces: list[str | None] = []
    view = settled(page, server, table_id, token, after=-1)
    for turn in range(4):
        observation = view["observation"]
        assert (view["status"], observation["phase"]) == ("playing", "draw")
        top_aces.append(observation["zones"]["top_ace"])
        top_discard = observation["zones"]["top_discard"]
        takes = turn % 2 == 1
        page.locator(f'[data-testid="call"][data-action-id="{1 if takes else 0}"]').click()

        view = settled(page, server, table_id, token, after=view["move_number"])
        observation = view["observation"]
        assert observation["phase"] == "discard" and len(observation["hand"]) == 8
        if takes:
            assert observation["taken"] == top_discard and top_discard in observation["hand"]
        discard = bharg_discard(observation)
        page.locator(f'[data-testid="hand"] [data-card="{discard}"]').click()

        view = settled(page, server, table_id, token, after=view["move_number"])
        ace = ": the new top Ace" if discard.startswith("Ace of ") else ""
        assert f"P0 discards {discard}{ace}" in view["observation"]["log"]
    top_aces.append(view["observation"]["zones"]["top_ace"])
    assert top_aces[0] is None and top_aces[-1] is not None, "the empty Ace Pile, then a top Ace"


def test_a_bharg_table_fits_a_phone(server: str, page: Page) -> None:
    page.set_viewport_size({"width": 390, "height": 844})
    table_id, token = open_table(server, "bharg", {}, 2, seed=2)
    page.goto(f"{server}/tables/{table_id}?token={token}")
    page.locator(MY_TURN_OR_OVER).wait_for()
    hand = page.locator('[data-testid="hand"] [data-card]')
    expect(hand).to_have_count(7)
    # one synchronous read of the boxes: a live update may redraw the hand
    # between two separate reads (a card's box was once None that way)
    edges = page.evaluate("""() => [...document.querySelectorAll(
        '[data-testid="hand"] [data-card]')].map((card) => {
          const box = card.getBoundingClientRect();
          return [box.left, box.right];
        })""")
    assert len(edges) == 7
    for left, right in edges:
        assert left >= 0 and right <= 390
    expect(page.locator('[data-testid="zone-top_discard"] [data-card]')).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= 390



def test_a_game_that_plays_rounds_says_round_in_its_scores(server: str, page: Page) -> None:
    """Bharg's hands are rounds (``Game.hand_word``): its Scores panel heads
    the column of finished rounds "Round", where a trick game says "Hand".
    Two people's seats play their first legal moves through the API until
    the first round is over, then the page is opened."""
    created = post_json(server, "/api/tables", {
        "game": "bharg", "options": {}, "seed": 3, "seats": [{"kind": "human"}] * 2,
    })
    table_id = int(created["id"])
    tokens = [parse_qs(urlsplit(seat["url"]).fragment)["token"][0] for seat in created["seats"]]
    view = view_of(server, table_id, tokens[0])
    while not view["observation"]["hand_results"]:
        mover = view["observation"]["to_move"]
        seat_view = view_of(server, table_id, tokens[mover])
        post_json(server, f"/api/tables/{table_id}/moves", {
            "token": tokens[mover], "action": seat_view["observation"]["legal"][0]["id"],
            "move_number": seat_view["move_number"],
        })
        view = view_of(server, table_id, tokens[0])
    page.goto(f"{server}/tables/{table_id}?token={tokens[0]}")
    results = page.locator('[data-testid="hand-results"]')
    expect(results.locator("thead th").first).to_have_text("Round")
    expect(results.locator("tbody tr")).to_have_count(1)
