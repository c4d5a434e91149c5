"""The patiences in a real browser (issue 11): the tableau drawn at a
glance and played by clicking or dragging.

Golf: the seven columns and the pile are drawn as the server deals them;
a click on a playable exposed card puts it on the pile, a click on the
stock draws. Calculation: a click on the turned card then on a waste pile
puts it there. Baker's Dozen: a click on a column's card then on another
column moves it there; a card whose only move is to its foundation goes
there at one click; a card dragged onto a column moves there. Clock: a
click on the pile to turn from turns. A hint says its move in words and
marks the card to move and the pile it goes to on the tableau, until the
next move. Undo and Redo take a move back and play it again through the
server (issue 29), and a Statistics panel stands instead of the trick
games' Scores. A finished game
shows the server's record of its game beside "Won" or "Lost", and the
lobby lists it. Every table has one human seat and a fixed seed, so the
deal is the same on every run.
"""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import parse_qs, urlsplit

from playwright.sync_api import Page, expect

import parlour
from live_server import get_json, post_json
from parlour.stats import GameStats

SEED = 1


def open_patience(server: str, page: Page, game: str) -> tuple[int, str, dict[str, Any]]:
    """A one-seat table of ``game`` opened in ``page``: its id, the seat's token and its view."""
    created = post_json(server, "/api/tables", {
        "game": game, "options": {}, "seed": SEED, "seats": [{"kind": "human"}],
    })
    table_id = int(created["id"])
    token = parse_qs(urlsplit(created["seats"][0]["url"]).fragment)["token"][0]
    page.goto(f"{server}/tables/{table_id}?token={token}")
    expect(page.locator('[data-testid="tableau"]')).to_have_attribute("data-game", game)
    # moves then go over the socket, answered by one view each
    expect(page.locator('[data-testid="connection"]')).to_have_attribute("data-state", "live")
    # a patience is played alone: no chat
    expect(page.get_by_test_id("chat")).to_be_hidden()
    return table_id, token, view_of(server, table_id, token)


def view_of(server: str, table_id: int, token: str) -> dict[str, Any]:
    """The server's view of the table for the seat."""
    view: dict[str, Any] = get_json(server, f"/api/tables/{table_id}/view?token={token}")
    return view


def column_cards(page: Page, testid: str, index: int) -> list[str]:
    """The cards the page draws in one column or waste pile, in order."""
    cards: list[str] = page.locator(f'[data-testid="{testid}"][data-index="{index}"] [data-card]') \
        .evaluate_all("(cards) => cards.map((card) => card.dataset.card)")
    return cards


def legal_texts(view: dict[str, Any]) -> list[str]:
    return [move["text"] for move in view["observation"]["legal"]]


def bakers_moves(view: dict[str, Any]) -> dict[int, list[str]]:
    """Baker's Dozen's legal moves by source column: its targets ("f", "c9")."""
    moves: dict[int, list[str]] = {}
    for text in legal_texts(view):
        source, target = text.split()
        moves.setdefault(int(source[1:]), []).append(target)
    return moves


def test_golf_columns_and_pile_drawn_and_a_card_played_by_a_click(server: str, page: Page) -> None:
    table_id, token, view = open_patience(server, page, "golf")
    zones = view["observation"]["zones"]
    board = page.locator('[data-testid="board"]')
    expect(board).to_have_attribute("data-move-number", "0")
    expect(page.locator('[data-testid="column"]')).to_have_count(7)
    for index, cards in enumerate(zones["columns"], start=1):
        assert column_cards(page, "column", index) == cards
    pile = page.locator('[data-testid="pile"]')
    expect(pile).to_have_attribute("data-top", zones["pile"][-1])
    expect(pile).to_have_attribute("data-count", "1")
    stock = page.locator('[data-testid="stock"]')
    expect(stock).to_have_attribute("data-count", str(zones["stock"]))
    # the playable exposed cards, and only they, are marked
    playable = [text for text in legal_texts(view) if text != "draw"]
    assert playable, "the deal has a card to play at once"
    marked = page.locator('[data-testid="column"] [data-legal="true"]') \
        .evaluate_all("(cards) => cards.map((card) => card.dataset.card)")
    assert sorted(marked) == sorted(playable)
    card = playable[0]
    page.locator(f'[data-testid="column"] [data-card="{card}"]').click()
    expect(board).to_have_attribute("data-move-number", "1")
    expect(pile).to_have_attribute("data-top", card)
    expect(pile).to_have_attribute("data-count", "2")
    after = view_of(server, table_id, token)
    assert after["move_number"] == 1
    assert after["observation"]["zones"]["pile"][-1] == card
    # a click on the stock draws its next card onto the pile
    stock.click()
    expect(board).to_have_attribute("data-move-number", "2")
    expect(stock).to_have_attribute("data-count", str(zones["stock"] - 1))
    expect(pile).to_have_attribute("data-count", "3")
    # the text buttons are still there as a fallback
    expect(page.locator('[data-testid="call"]', has_text="draw")).to_be_visible()


def test_calculation_turned_card_clicked_then_a_waste_pile(server: str, page: Page) -> None:
    table_id, token, view = open_patience(server, page, "calculation")
    turned = view["observation"]["zones"]["turned"]
    expect(page.locator('[data-testid="foundation"]')).to_have_count(4)
    expect(page.locator('[data-testid="waste"]')).to_have_count(4)
    card = page.locator(f'[data-testid="turned"] [data-card="{turned}"]')
    expect(card).to_have_attribute("data-legal", "true")
    card.click()
    expect(card).to_have_attribute("data-selected", "true")
    waste = page.locator('[data-testid="waste"][data-index="2"]')
    expect(waste).to_have_attribute("data-target-legal", "true")
    waste.click()
    expect(page.locator('[data-testid="board"]')).to_have_attribute("data-move-number", "1")
    expect(waste).to_have_attribute("data-count", "1")
    assert column_cards(page, "waste", 2) == [turned]
    after = view_of(server, table_id, token)
    assert after["observation"]["zones"]["wastes"][1] == [turned]
    expect(page.locator('[data-testid="turned"]')).to_have_attribute(
        "data-card", after["observation"]["zones"]["turned"])


def test_bakers_dozen_moved_by_clicks_and_by_dragging(server: str, page: Page) -> None:
    table_id, token, view = open_patience(server, page, "bakers-dozen")
    board = page.locator('[data-testid="board"]')
    expect(page.locator('[data-testid="column"]')).to_have_count(13)
    columns = view["observation"]["zones"]["columns"]
    # click-click: a column's exposed card, then the column it goes onto
    source, target = next((source, int(targets[0][1:])) for source, targets
                          in bakers_moves(view).items() if targets[0] != "f" and len(targets) == 1)
    card = columns[source - 1][-1]
    exposed = page.locator(f'[data-testid="column"][data-index="{source}"] [data-card="{card}"]')
    exposed.click()
    expect(exposed).to_have_attribute("data-selected", "true")
    onto = page.locator(f'[data-testid="column"][data-index="{target}"]')
    expect(onto).to_have_attribute("data-target-legal", "true")
    expect(page.locator('[data-target-legal="true"]')).to_have_count(1)
    onto.click()
    expect(board).to_have_attribute("data-move-number", "1")
    assert column_cards(page, "column", target) == columns[target - 1] + [card]
    assert column_cards(page, "column", source) == columns[source - 1][:-1]
    view = view_of(server, table_id, token)
    assert view["observation"]["zones"]["columns"][target - 1][-1] == card

    # one click: a card whose only move is to its foundation
    home = next(source for source, targets in bakers_moves(view).items() if targets == ["f"])
    card = view["observation"]["zones"]["columns"][home - 1][-1]
    page.locator(f'[data-testid="column"][data-index="{home}"] [data-card="{card}"]').click()
    expect(board).to_have_attribute("data-move-number", "2")
    foundation = page.locator(f'[data-testid="foundation"][data-top="{card}"]')
    expect(foundation).to_have_attribute("data-count", "1")

    # dragging a card onto a column
    view = view_of(server, table_id, token)
    columns = view["observation"]["zones"]["columns"]
    source, target = next((source, int(target[1:])) for source, targets
                          in bakers_moves(view).items() for target in targets if target != "f")
    card = columns[source - 1][-1]
    page.locator(f'[data-testid="column"][data-index="{source}"] [data-card="{card}"]').drag_to(
        page.locator(f'[data-testid="column"][data-index="{target}"]'))
    expect(board).to_have_attribute("data-move-number", "3")
    assert column_cards(page, "column", target)[-1] == card
    after = view_of(server, table_id, token)["observation"]["zones"]
    assert after["columns"][target - 1][-1] == card


def test_clock_dial_turned_by_a_click_on_the_next_pile(server: str, page: Page) -> None:
    table_id, token, view = open_patience(server, page, "clock")
    expect(page.locator('[data-testid="clock-pile"]')).to_have_count(13)
    nxt = page.locator('[data-testid="clock-pile"][data-next="true"]')
    expect(nxt).to_have_attribute("data-index", str(view["observation"]["zones"]["next"]))
    nxt.locator('[data-legal="true"]').click()
    expect(page.locator('[data-testid="board"]')).to_have_attribute("data-move-number", "1")
    after = view_of(server, table_id, token)["observation"]["zones"]
    turned = next(pile for pile in after["piles"] if pile["up"])
    assert column_cards(page, "clock-pile", turned["pile"]) == turned["up"]
    expect(page.locator('[data-testid="clock-pile"][data-next="true"]')).to_have_attribute(
        "data-index", str(after["next"]))


def test_a_finished_patience_says_won_or_lost_with_its_record(server: str, page: Page) -> None:
    """Clock played to its end by clicks: the page says how it ended, as
    the library does for the same seed, and the server's record of Clock
    with this game counted; the lobby's statistics show the same record."""
    lines = get_json(server, "/api/stats/clock")
    record = GameStats(**{name: lines[0][name] for name in
                          ("played", "won", "best", "streak", "longest")}) if lines else GameStats()
    open_patience(server, page, "clock")
    state = parlour.make("clock").new_state(seed=SEED)
    while not state.is_terminal():
        state.apply(0)
    board = page.locator('[data-testid="board"]')
    for move in range(len(state.history)):
        expect(board).to_have_attribute("data-move-number", str(move))
        page.locator('[data-testid="clock-pile"][data-next="true"] [data-legal="true"]').click()
    won, score = state.returns()[0] > 0, state.scores()[0]
    expect(page.locator('[data-testid="patience-result"]')).to_have_text(
        f"{'Won' if won else 'Lost'}, score {score}")
    record.add(won, score, higher_is_better=False)
    expect(page.locator('[data-testid="patience-record"]')).to_have_text(
        f"Clock record: {record.describe()}")
    page.goto(f"{server}/")
    line = page.locator('[data-testid="stats-line"][data-key="clock"]')
    expect(line.locator('[data-testid="stats-name"]')).to_have_text("Clock")
    expect(line.locator('[data-testid="stats-summary"]')).to_have_text(record.describe())


def test_a_hint_marks_the_card_and_its_pile_until_the_next_move(
    server: str, page: Page
) -> None:
    """Golf: the hint says its move in words, and its card is marked in its
    column and the pile it goes to; playing it clears the sentence and both
    marks."""
    _table_id, _token, view = open_patience(server, page, "golf")
    tableau = page.locator('[data-testid="tableau"]')
    page.locator('[data-testid="hint"]').click()
    hint_text = page.locator('[data-testid="hint-text"]')
    sentence = re.compile(r"^Move (\S+) from column (\d) onto (\S+) on the pile$")
    expect(hint_text).to_have_text(sentence, timeout=30_000)
    said = sentence.match(hint_text.inner_text())
    assert said is not None
    card, column, top = said.group(1), int(said.group(2)), said.group(3)
    assert card in legal_texts(view)
    assert (column, top) == (column_of(view, card), view["observation"]["zones"]["pile"][-1])
    marked = tableau.locator('[data-hinted="true"]')
    expect(marked).to_have_count(1)
    expect(marked).to_have_attribute("data-card", card)
    expect(marked).to_have_attribute("data-source", f"c{column_of(view, card)}")
    target = tableau.locator('[data-hint-target="true"]')
    expect(target).to_have_count(1)
    expect(target).to_have_attribute("data-testid", "pile")
    marked.click()
    board = page.locator('[data-testid="board"]')
    expect(board).to_have_attribute("data-move-number", "1")
    expect(page.locator('[data-testid="pile"]')).to_have_attribute("data-top", card)
    expect(tableau.locator('[data-hinted="true"], [data-hint-target="true"]')).to_have_count(0)
    expect(hint_text).to_have_text("")


def column_of(view: dict[str, Any], card: str) -> int:
    """The Golf column (from 1) whose exposed card is ``card``."""
    columns = view["observation"]["zones"]["columns"]
    return next(index for index, cards in enumerate(columns, start=1)
                if cards and cards[-1] == card)


def tableau_cards(page: Page) -> list[str]:
    """Every card the tableau draws face up, in the page's order."""
    cards: list[str] = page.locator('[data-testid="tableau"] [data-card]').evaluate_all(
        "(cards) => cards.map((card) => card.dataset.card)")
    return cards


def test_undo_then_redo_by_clicking_restores_the_same_tableau(server: str, page: Page) -> None:
    """Golf: Undo is disabled before the first move; a card played, Undo
    puts back the tableau of the deal (and the server's table, whose record
    loses the move), Redo the tableau after the move."""
    table_id, token, view = open_patience(server, page, "golf")
    board = page.locator('[data-testid="board"]')
    undo, redo = page.locator('[data-testid="undo"]'), page.locator('[data-testid="redo"]')
    expect(undo).to_be_visible()
    expect(undo).to_be_disabled()
    expect(redo).to_be_disabled()
    dealt = tableau_cards(page)
    card = next(text for text in legal_texts(view) if text != "draw")
    page.locator(f'[data-testid="column"] [data-card="{card}"]').click()
    expect(board).to_have_attribute("data-move-number", "1")
    expect(undo).to_be_enabled()
    played = tableau_cards(page)
    assert played != dealt

    undo.click()
    expect(board).to_have_attribute("data-move-number", "0")
    expect(page.locator('[data-testid="pile"]')).to_have_attribute("data-count", "1")
    assert tableau_cards(page) == dealt
    expect(undo).to_be_disabled()
    expect(redo).to_be_enabled()
    assert view_of(server, table_id, token)["observation"] == view["observation"]
    listed = next(row for row in get_json(server, "/api/tables") if row["id"] == table_id)
    assert listed["moves"] == 0

    redo.click()
    expect(board).to_have_attribute("data-move-number", "1")
    expect(page.locator('[data-testid="pile"]')).to_have_attribute("data-top", card)
    assert tableau_cards(page) == played
    expect(redo).to_be_disabled()
    expect(undo).to_be_enabled()


def test_a_patience_shows_its_statistics_instead_of_the_scores(
    server: str, page: Page
) -> None:
    """Clock: the Statistics panel shows the server's line of Clock (games
    played and won) and this game's moves; the Scores panel is not shown."""
    lines = get_json(server, "/api/stats/clock")
    played, won = (lines[0]["played"], lines[0]["won"]) if lines else (0, 0)
    open_patience(server, page, "clock")
    expect(page.locator('[data-testid="scores-panel"]')).to_be_hidden()
    panel = page.locator('[data-testid="patience-stats-panel"]')
    expect(panel).to_be_visible()
    expect(panel.locator('[data-testid="patience-stats-title"]')).to_have_text(
        "Clock at this server")
    expect(panel.locator('[data-stat="played"]')).to_have_text(str(played))
    expect(panel.locator('[data-stat="won"]')).to_have_text(str(won))
    expect(panel.locator('[data-stat="moves"]')).to_have_text("0")
    page.locator('[data-testid="clock-pile"][data-next="true"] [data-legal="true"]').click()
    expect(page.locator('[data-testid="board"]')).to_have_attribute("data-move-number", "1")
    expect(panel.locator('[data-stat="moves"]')).to_have_text("1")
