"""The web app in a real browser (issue 4, "Must show"): a Polignac table
made in the lobby with three computer seats, played to the end of the match
by clicking cards and calls, an illegal click refused with the engine's
reason, a reload mid-hand that shows exactly the same table, the summary,
and the replay stepped through move by move.

At each of its turns the test reads the whole table from the page and
checks it against the server's view for the seat (``GET
/api/tables/{id}/view``): hand, legal cards, calls, trick, other hands'
sizes, scores and log. The table's seed is fixed, and the computer seats are
seeded from it, so the match is the same on every run: seed 10 gives seat 0
a capot announcement and a suit to follow in the first hand, and a second
hand before a seat reaches the target of 3.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest
from playwright.sync_api import Page, expect

import parlour
from live_server import get_json, post_json
from parlour.cards import DECKS

SEED = 10
TARGET = 3
ME = 0
PHONE_WIDTH = 390
DESKTOP_WIDTH = 1280

MY_TURN_OR_OVER = '[data-testid="turn"][data-my-turn="true"], [data-testid="summary"]:not([hidden])'

READ_TABLE = """() => {
  const all = (selector) => [...document.querySelectorAll(selector)];
  return {
    hand: all('[data-testid="hand"] [data-card]').map((card) => card.dataset.card),
    legal: Object.fromEntries(all('[data-testid="hand"] [data-legal="true"]')
      .map((card) => [card.dataset.card, Number(card.dataset.actionId)])),
    calls: all('[data-testid="call"]')
      .map((call) => [call.textContent, Number(call.dataset.actionId)]),
    trick: all('[data-testid="trick-card"]')
      .map((card) => [Number(card.dataset.seat), card.dataset.card]),
    backs: all('[data-testid="seat-cards"]').map((fan) => Number(fan.dataset.count)),
    scores: all('[data-testid="score"]').map((cell) => cell.textContent),
    log: all('[data-testid="log"] li').map((line) => line.textContent),
    turn: document.querySelector('[data-testid="turn"]').textContent,
    over: !document.querySelector('[data-testid="summary"]').hidden,
  };
}"""
"""Everything a player reads off the table page, in one synchronous read."""


def table_view(server: str, table_id: int, token: str | None = None) -> dict[str, Any]:
    """The server's view of the table for ``token``'s seat (or a spectator)."""
    query = "" if token is None else f"?token={token}"
    view: dict[str, Any] = get_json(server, f"/api/tables/{table_id}/view{query}")
    return view


def expected_table(observation: dict[str, Any]) -> dict[str, Any]:
    """What :data:`READ_TABLE` must read for ``observation`` (the turn sentence aside)."""
    return {
        "hand": observation["hand"],
        "legal": {action["card"]: action["id"] for action in observation["legal"]
                  if action["card"] is not None},
        "calls": [[action["text"], action["id"]] for action in observation["legal"]
                  if action["card"] is None],
        "trick": [[play["seat"], play["card"]] for play in observation["zones"]["trick"]],
        "backs": [player["cards"] for player in observation["players"] if player["seat"] != ME],
        "scores": [str(player["score"]) for player in observation["players"]],
        "log": observation["log"],
        "over": observation["places"] is not None,
    }


def read_table(page: Page) -> dict[str, Any]:
    """The table as the page shows it now."""
    shown: dict[str, Any] = page.evaluate(READ_TABLE)
    return shown


def suit_name(card: str) -> str:
    """The engine's word for a piquet card's suit (``"9C"`` → ``"clubs"``)."""
    deck = DECKS["piquet32"]
    return next(c for c in deck.cards if c.code == card).suits[0].lower()


def create_polignac_table(page: Page, server: str) -> tuple[int, str]:
    """Make the table through the lobby form; returns its id and seat 0's token."""
    page.goto(server + "/")
    page.locator('[data-testid="choose-game"][data-game="polignac"]').click()
    expect(page.locator('[data-testid="game-select"]')).to_have_value("polignac")
    expect(page.locator('[data-testid="seats"] .seat-row')).to_have_count(4)
    page.locator('[data-testid="seat-kind-0"]').select_option("human")
    for seat in (1, 2, 3):
        page.locator(f'[data-testid="seat-kind-{seat}"]').select_option("computer")
        page.locator(f'[data-testid="seat-agent-{seat}"]').select_option("random")
    page.locator('[data-testid="option-target"]').fill(str(TARGET))
    page.locator('[data-testid="seed"]').fill(str(SEED))
    page.locator('[data-testid="create"]').click()

    expect(page.locator('[data-testid="created"]')).to_be_visible()
    expect(page.locator('[data-testid="seat-link"]')).to_have_count(1)
    seat_link = page.locator('[data-testid="seat-link"] input').input_value()
    spectator_link = page.locator('[data-testid="spectator-link"] input').input_value()
    take_seat = page.locator('[data-testid="take-seat"]')
    expect(take_seat).to_have_text("Take seat 0")
    parts = urlsplit(seat_link)
    table_id = int(parts.path.rsplit("/", 1)[1])
    assert seat_link.startswith(f"{server}/tables/{table_id}#token=")
    assert spectator_link == f"{server}/tables/{table_id}"
    take_seat.click()
    # the page keeps the token in its storage and out of the address bar
    page.wait_for_url(spectator_link)
    token = parse_qs(parts.fragment)["token"][0]
    assert page.evaluate(f"sessionStorage.getItem('parlour:token:/tables/{table_id}')") == token
    return table_id, token


def test_the_lobby_lists_every_game_and_builds_the_form(server: str, page: Page) -> None:
    games = get_json(server, "/api/games")
    page.goto(server + "/")
    expect(page.locator('[data-testid="game"] h3')).to_have_text([g["title"] for g in games])
    page.locator('[data-testid="choose-game"][data-game="knaves"]').click()
    knaves = next(g for g in games if g["name"] == "knaves")
    fields = page.locator('[data-testid="options"] [data-testid^="option-"]:not(.field-error)')
    expect(fields).to_have_count(len(knaves["options"]))
    expect(page.locator('[data-testid="seats"] .seat-row')).to_have_count(3)
    expect(page.locator('[data-testid="option-hand_size"] option')).to_have_text(["17", "13"])


def test_the_lobby_names_the_player_counts_each_game_allows(server: str, page: Page) -> None:
    """Issue 29: "1 players" for the patiences, and "2–4 players" for Costly
    Colours, which is played by 2 or 4."""
    page.goto(server + "/")
    facts = {
        "golf": "1 player · Progress pack",
        "costly-colours": "2 or 4 players · French 52-card pack",
        "bharg": "2 or 3 players · Decktet",
        "knaves": "3 players · French 52-card pack",
        "polignac": "3–8 players · piquet pack",
    }
    for name, text in facts.items():
        shown = page.locator(f'[data-testid="game"][data-game="{name}"] [data-testid="game-facts"]')
        expect(shown).to_have_text(text)


def test_the_seat_rows_follow_only_an_allowed_number_of_players(
    server: str, page: Page
) -> None:
    """Issue 29: 30 typed into Progress's players field (2 to 8) drew 30
    seat rows; the rows stay at the last allowed count, beside the refusal."""
    page.goto(server + "/")
    page.locator('[data-testid="choose-game"][data-game="progress"]').click()
    rows = page.locator('[data-testid="seats"] .seat-row')
    expect(rows).to_have_count(4)
    players = page.locator('[data-testid="option-players"]')
    players.fill("6")
    players.press("Tab")
    expect(rows).to_have_count(6)
    players.fill("30")
    players.press("Tab")
    expect(page.locator('[data-testid="option-error-players"]')).to_have_text(
        "option 'players' must be an integer from 2 to 8, not 30")
    expect(rows).to_have_count(6)
    page.locator('[data-testid="create"]').click()
    expect(players).to_be_focused()
    expect(page.locator('[data-testid="created"]')).to_be_hidden()
    players.fill("8")
    expect(page.locator('[data-testid="option-error-players"]')).to_have_text("")
    expect(rows).to_have_count(8)


def test_a_bad_option_is_explained_and_nothing_is_created(server: str, page: Page) -> None:
    page.goto(server + "/")
    page.locator('[data-testid="choose-game"][data-game="polignac"]').click()
    page.locator('[data-testid="option-target"]').fill("0")
    expect(page.locator('[data-testid="option-error-target"]')).to_have_text(
        "option 'target' must be an integer from 1 to 100, not 0")
    page.locator('[data-testid="create"]').click()
    expect(page.locator('[data-testid="option-target"]')).to_be_focused()
    expect(page.locator('[data-testid="created"]')).to_be_hidden()


def test_a_wrong_token_shows_the_servers_refusal(server: str, page: Page) -> None:
    table_id = people_table(server)["id"]
    page.goto(f"{server}/tables/{table_id}#token=not-a-token")
    expect(page.locator('[data-testid="message"]')).to_have_text(
        f"this link's token opens no seat at table {table_id}")
    expect(page.locator('[data-testid="connection"]')).to_have_attribute("data-state", "offline")


class MatchLog:
    """What happened at the table while the test played: for the final checks."""

    def __init__(self) -> None:
        self.cards_played: Counter[int] = Counter()
        """Cards clicked per hand number."""
        self.refusals: list[str] = []
        self.reloaded = False


def take_turn(page: Page, server: str, table_id: int, token: str, log: MatchLog) -> None:
    """Check the page against the server's view, then make seat 0's move by a click.

    The first time it can, it also clicks a card before announcing, clicks
    a card that does not follow suit, and reloads the page mid-hand.
    """
    shown = read_table(page)
    observation = table_view(server, table_id, token)["observation"]
    assert {**shown, "turn": None} == {**expected_table(observation), "turn": None}
    assert shown["turn"] == f"Your turn: {observation['prompt']}."
    assert page.title().startswith("▶ Your turn — ")
    hand = page.locator('[data-testid="hand"] [data-card]')
    message = page.locator('[data-testid="message"]')

    if shown["calls"]:
        assert [text for text, _ in shown["calls"]] == ["pass", "capot"]
        if not log.refusals:
            hand.first.click()
            sentence = "announce first: say 'capot' or 'pass'"
            expect(message).to_have_text(sentence)
            log.refusals.append(sentence)
        page.locator('[data-testid="call"]', has_text="pass").click()
        expect(page.locator('[data-testid="call"]')).to_have_count(0)
        return

    illegal = [card for card in shown["hand"] if card not in shown["legal"]]
    if shown["trick"] and illegal and len(log.refusals) == 1:
        page.locator(f'[data-testid="hand"] [data-card="{illegal[0]}"]').click()
        sentence = f"you must follow suit: you hold {suit_name(shown['trick'][0][1])}"
        expect(message).to_have_text(sentence)
        log.refusals.append(sentence)
        assert read_table(page) == shown, "a refused card changes nothing"

    if shown["trick"] and observation["trick_number"] >= 3 and not log.reloaded:
        page.reload()
        expect(page.locator('[data-testid="connection"]')).to_have_attribute("data-state", "live")
        page.locator(MY_TURN_OR_OVER).wait_for()
        assert read_table(page) == shown, "a reload shows exactly the same table"
        expect(message).to_be_hidden()
        log.reloaded = True

    count = len(shown["hand"])
    first_legal = next(card for card in shown["hand"] if card in shown["legal"])
    page.locator(f'[data-testid="hand"] [data-card="{first_legal}"]').click()
    expect(hand).not_to_have_count(count)
    expect(message).to_be_hidden()
    log.cards_played[observation["hand_number"]] += 1


def check_summary(page: Page, observation: dict[str, Any]) -> None:
    """The end-of-match summary shows every seat's place and score."""
    places = observation["places"]
    summary = page.locator('[data-testid="summary"]')
    expect(summary.locator("h2")).to_have_text("Match over")
    winners = [player["seat"] for player in observation["players"]
               if places[player["seat"]] == min(places)]
    # the view's names: computers are called after their level ("Random 3")
    names = [f"{observation['players'][seat]['name']} ({'you' if seat == ME else 'computer'})"
             for seat in winners]
    label = "Winners" if len(names) > 1 else "Winner"
    expect(summary.locator(".winners")).to_have_text(f"{label}: {', '.join(names)}")
    for player in observation["players"]:
        row = summary.locator(f'tr[data-seat="{player["seat"]}"]')
        expect(row).to_have_attribute("data-place", str(places[player["seat"]]))
        expect(row.locator("td").nth(1)).to_have_text(str(player["score"]))
    expect(page.locator('[data-testid="turn"]')).to_have_text("The match is over.")


def replayed_hands(record: dict[str, Any], moves: int) -> list[list[str]]:
    """Every seat's hand after the first ``moves`` moves of ``record``, by the engine."""
    state = parlour.replay({**record, "actions": record["actions"][:moves], "result": None})
    return [state.observation(seat)["hand"] for seat in range(len(state.scores()))]


def check_replay_position(page: Page, record: dict[str, Any], moves: int) -> None:
    """The replay page shows move ``moves``: its number, last action and every hand."""
    total = len(record["actions"])
    expect(page.locator('[data-testid="replay-position"]')).to_have_text(
        f"Move {moves} of {total}")
    last_action = page.locator('[data-testid="replay-last-action"]')
    if moves:
        expect(last_action).to_have_text(f"— {record['actions'][moves - 1]}")
    else:
        expect(last_action).to_have_text("")
    for seat, hand in enumerate(replayed_hands(record, moves)):
        cards = page.locator(f'[data-testid="seat"][data-seat="{seat}"] [data-card]')
        expect(cards).to_have_count(len(hand))
        assert sorted(cards.evaluate_all("cards => cards.map(c => c.dataset.card)")) == \
            sorted(hand)


def test_a_whole_match_against_three_computers(server: str, page: Page) -> None:
    table_id, token = create_polignac_table(page, server)
    expect(page.locator('[data-testid="title"]')).to_have_text(f"Polignac — table {table_id}")
    expect(page.locator('[data-testid="connection"]')).to_have_attribute("data-state", "live")
    expect(page.locator('[data-testid="rules"]')).to_contain_text("Polignac")

    log = MatchLog()
    while True:
        page.locator(MY_TURN_OR_OVER).wait_for()
        if read_table(page)["over"]:
            break
        take_turn(page, server, table_id, token, log)

    final = table_view(server, table_id, token)
    observation = final["observation"]
    assert final["status"] == "finished" and max(observation["players"][s]["score"]
                                                  for s in range(4)) >= TARGET
    assert log.cards_played[1] == 8, "seat 0 played its whole first hand by clicks"
    assert len(log.refusals) == 2, "both refusals were seen"
    assert log.reloaded
    check_summary(page, observation)
    results = page.locator('[data-testid="hand-results"] tbody tr')
    expect(results).to_have_count(len(observation["hand_results"]))
    assert len(observation["hand_results"]) >= 2

    record = get_json(server, f"/api/tables/{table_id}/record")
    assert len(record["actions"]) == final["move_number"]
    assert parlour.replay(record).scores() == [p["score"] for p in observation["players"]]

    page.locator('[data-testid="summary"] [data-testid="replay-link"]').click()
    page.wait_for_url(f"{server}/tables/{table_id}/replay")
    expect(page.locator('[data-testid="title"]')).to_have_text(
        f"Polignac — replay of table {table_id}")
    expect(page.locator('[data-testid="download-record"]')).to_have_attribute(
        "href", f"/api/tables/{table_id}/record")
    check_replay_position(page, record, 0)
    for moves in range(1, 7):
        page.locator('[data-testid="replay-forward"]').click()
        check_replay_position(page, record, moves)
    page.locator('[data-testid="replay-back"]').click()
    check_replay_position(page, record, 5)
    page.keyboard.press("End")
    total = len(record["actions"])
    check_replay_position(page, record, total)
    expect(page.locator('[data-testid="summary"]')).to_be_visible()
    page.locator('[data-testid="replay-back"]').click()
    check_replay_position(page, record, total - 1)
    expect(page.locator('[data-testid="summary"]')).to_be_hidden()


@pytest.mark.parametrize("width", [PHONE_WIDTH, DESKTOP_WIDTH])
def test_a_spectator_sees_backs_and_no_hand_and_no_sideways_scroll(
    server: str, page: Page, width: int
) -> None:
    page.set_viewport_size({"width": width, "height": 844})
    table_id = people_table(server)["id"]
    page.goto(f"{server}/tables/{table_id}")
    expect(page.locator('[data-testid="spectator"]')).to_be_visible()
    expect(page.locator('[data-testid="hand"] [data-card]')).to_have_count(0)
    observation = table_view(server, table_id)["observation"]
    expect(page.locator('[data-testid="seat-cards"]')).to_have_count(4)
    assert read_table(page)["backs"] == [player["cards"] for player in observation["players"]]
    expect(page.locator('[data-testid="turn"]')).to_have_text(
        f"P{observation['to_move']} to move: Announce capot (win every trick) or pass.")
    assert not page.title().startswith("▶")
    assert page.evaluate("document.documentElement.scrollWidth") <= width, \
        f"the table fits {width} px without scrolling sideways"


def people_table(server: str) -> dict[str, Any]:
    """A new Polignac table of four people, its hints on: nobody moves, so
    it stays put."""
    created: dict[str, Any] = post_json(server, "/api/tables", {
        "game": "polignac", "options": {}, "seats": [{"kind": "human"}] * 4, "seed": 1,
        "hints": True,
    })
    return created


def test_the_seat_menu_offers_the_levels_and_hint_shows_what_hard_would_play(
    server: str, page: Page
) -> None:
    page.goto(server + "/")
    page.locator('[data-testid="choose-game"][data-game="polignac"]').click()
    agent = page.locator('[data-testid="seat-agent-1"]')
    expect(agent).to_have_value("medium")
    assert agent.locator("option").all_text_contents()[:3] == [
        "easy (heuristic)", "medium (search)", "hard (deep search)",
    ]

    created = people_table(server)
    table_id = created["id"]
    to_move = table_view(server, table_id)["observation"]["to_move"]
    seat_url = created["seats"][to_move]["url"]
    page.goto(server + seat_url)
    token = parse_qs(urlsplit(seat_url).fragment)["token"][0]
    expect(page.locator('[data-hinted="true"]')).to_have_count(0)
    page.locator('[data-testid="hint"]').click()
    hint_text = page.locator('[data-testid="hint-text"]')
    expect(hint_text).to_have_text(re.compile(r"^Hard would play \S+$"), timeout=15_000)
    hinted = page.locator('[data-hinted="true"]')
    expect(hinted).to_have_count(1)
    seen = table_view(server, table_id, token)
    assert seen["move_number"] == 0, "the hint is not played"
    legal = {move["id"]: move for move in seen["observation"]["legal"]}
    move = legal[int(hinted.get_attribute("data-action-id") or "-1")]
    assert move["card"] is None, "seed 1 opens with pass or capot: the hint is a call"
    expect(hinted).to_have_text(move["text"])
    expect(hint_text).to_have_text(f"Hard would play {move['text']}")


ANNOUNCE = "Announce capot (win every trick) or pass"


def test_the_banner_says_the_decision_and_the_tab_title_and_sound_say_the_turn(
    server: str, page: Page
) -> None:
    """The turn banner gives the game's sentence for the decision; the tab
    title is marked while it is the viewer's turn, and the sound, once
    turned on (and remembered), beeps when the turn becomes his."""
    created = people_table(server)
    table_id = created["id"]
    first = table_view(server, table_id)["observation"]["to_move"]
    second = (first + 1) % 4
    page.goto(server + created["seats"][first]["url"])
    turn = page.locator('[data-testid="turn"]')
    expect(turn).to_have_text(f"Your turn: {ANNOUNCE}.")
    expect(page).to_have_title(re.compile(r"^▶ Your turn — Polignac — table \d+ — parlour$"))
    sound = page.locator('[data-testid="turn-sound"]')
    expect(sound).to_be_visible()
    expect(sound).not_to_be_checked()

    other = page.context.new_page()
    other.goto(server + created["seats"][second]["url"])
    other_turn = other.locator('[data-testid="turn"]')
    expect(other_turn).to_have_text(f"P{first} to move: {ANNOUNCE}.")
    expect(other).to_have_title(re.compile(r"^Polignac — table \d+ — parlour$"))
    other_sound = other.locator('[data-testid="turn-sound"]')
    other_sound.check()
    other.reload()
    expect(other_sound).to_be_checked()
    expect(other_sound).to_have_attribute("data-beeps", "0")

    page.locator('[data-testid="call"]', has_text="pass").click()
    expect(other_turn).to_have_text(f"Your turn: {ANNOUNCE}.")
    expect(other).to_have_title(re.compile(r"^▶ Your turn — "))
    expect(other_sound).to_have_attribute("data-beeps", "1")
    expect(turn).to_have_text(f"P{second} to move: {ANNOUNCE}.")
    expect(page).to_have_title(re.compile(r"^Polignac — table \d+ — parlour$"))
    expect(sound).to_have_attribute("data-beeps", "0")
    other.close()


def test_a_spectator_has_no_turn_sound(server: str, page: Page) -> None:
    table_id = people_table(server)["id"]
    page.goto(f"{server}/tables/{table_id}")
    expect(page.locator('[data-testid="spectator"]')).to_be_visible()
    expect(page.locator('[data-testid="turn-sound"]')).to_be_hidden()
