"""Time to see (issue 29, item 1) in Chromium: a finished trick stays on the
felt until the next card or its pause (the leader's until he continues); a
hand's result waits on the felt until both people at the table continue;
a Ranter Go Round showdown stays face up on the tiles until the next hand;
the cards move, unless the reader prefers reduced motion.

The test server pauses for nobody (conftest.py): each table here asks for
its own ``trick_pause`` and ``hand_wait``.
"""

from __future__ import annotations

import contextlib
import re
import time
from collections.abc import Callable
from typing import Any
from urllib.parse import parse_qs, urlsplit

from playwright.sync_api import Page, expect

from live_server import get_json, post_json

HUMAN = {"kind": "human"}
COMPUTER = {"kind": "computer", "agent": "random"}

READ_TRICK = """() => {
  const trick = document.querySelector('[data-testid="board"] [data-testid="trick"]');
  if (!trick) return null;
  return {
    finished: trick.dataset.finished === "true",
    cards: [...trick.querySelectorAll('[data-testid="trick-card"]')].map((figure) => ({
      seat: Number(figure.dataset.seat), card: figure.dataset.card,
      winner: figure.classList.contains("winner"),
    })),
    continues: Boolean(trick.querySelector('[data-testid="trick-continue"]')),
  };
}"""
"""The trick on the felt, in one synchronous read."""

RECORD_ANIMATIONS = """
window.parlourAnimations = [];
document.addEventListener(
  "animationstart", (event) => window.parlourAnimations.push(event.animationName), true);
"""
"""An init script: every CSS animation that starts on the page, by name."""


def open_table(server: str, game: str, seats: list[dict[str, str]], seed: int,
               trick_pause: float, hand_wait: float, delay: float = 0.05,
               options: dict[str, object] | None = None) -> tuple[int, dict[int, str]]:
    """A table with its own pauses; its id and each person's token."""
    created = post_json(server, "/api/tables", {
        "game": game, "options": options or {}, "seats": seats, "seed": seed, "delay": delay,
        "trick_pause": trick_pause, "hand_wait": hand_wait,
    })
    tokens = {seat["seat"]: parse_qs(urlsplit(seat["url"]).fragment)["token"][0]
              for seat in created["seats"] if "url" in seat}
    return int(created["id"]), tokens


def table_view(server: str, table_id: int, token: str | None = None) -> dict[str, Any]:
    view: dict[str, Any] = get_json(
        server, f"/api/tables/{table_id}/view" + ("" if token is None else f"?token={token}"))
    return view


def open_seat(page: Page, server: str, table_id: int, token: str) -> None:
    page.goto(f"{server}/tables/{table_id}#token={token}")
    expect(page.get_by_test_id("connection")).to_have_attribute("data-state", "live")


def choose(observation: dict[str, Any], word: str) -> int:
    """The legal action called ``word`` if offered, else the first legal action."""
    legal = observation["legal"]
    return int(next((action for action in legal if action["text"] == word), legal[0])["id"])


def moved_on(server: str, table_id: int, token: str, move_number: int) -> dict[str, Any]:
    """The view once the table is past ``move_number``."""
    deadline = time.monotonic() + 10
    while (view := table_view(server, table_id, token))["move_number"] <= move_number:
        assert time.monotonic() < deadline, "the move was not played"
        time.sleep(0.02)
    return view


def click_my_move(page: Page) -> None:
    """Seat 0's move by a click: pass when it may, else its first legal card."""
    calls = page.locator('[data-testid="call"]', has_text="pass")
    if calls.count():
        calls.first.click()
    else:
        page.locator('[data-testid="hand"] button[data-legal="true"]').first.click()


def my_turn(page: Page, server: str, table_id: int, token: str, timeout: float = 15) -> bool:
    """Wait until seat 0 is to move in the page (False once the hand's
    result waits or the match is over)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        view = table_view(server, table_id, token)
        if view["hand_end"] is not None or view["status"] != "playing":
            return False
        if view["observation"]["to_move"] == 0 and \
                page.get_by_test_id("turn").get_attribute("data-my-turn") == "true":
            return True
        time.sleep(0.05)
    raise AssertionError("seat 0 was not asked to move")


def test_a_finished_trick_stays_until_the_next_card_or_the_leaders_continue(
    server: str, page: Page,
) -> None:
    table_id, tokens = open_table(server, "polignac", [HUMAN] + [COMPUTER] * 3, seed=11,
                                  trick_pause=2.0, hand_wait=0)
    open_seat(page, server, table_id, tokens[0])
    seen = {"led": 0, "followed": 0}
    while my_turn(page, server, table_id, tokens[0]) and (not seen["led"] or not seen["followed"]):
        before = table_view(server, table_id, tokens[0])
        click_my_move(page)
        after = moved_on(server, table_id, tokens[0], before["move_number"])
        if len(before["observation"]["zones"]["trick"]) != 3:
            continue  # seat 0's card did not finish the trick
        zones = after["observation"]["zones"]
        last = zones["last_trick"]
        shown = [{"seat": play["seat"], "card": play["card"],
                  "winner": play["seat"] == last["winner"]} for play in last["cards"]]
        expect(page.locator('[data-testid="trick"][data-finished="true"]')).to_be_visible()
        trick = page.evaluate(READ_TRICK)
        assert trick["cards"] == shown
        if last["winner"] == 0:
            # the viewer leads: the trick stays past its pause until he continues
            assert trick["continues"]
            time.sleep(2.5)
            assert page.evaluate(READ_TRICK)["finished"]
            page.get_by_test_id("trick-continue").click()
            expect(page.locator('[data-testid="trick"][data-finished="true"]')).to_have_count(0)
            assert page.evaluate(READ_TRICK)["cards"] == []
            seen["led"] += 1
        else:
            # a computer leads: it waits the trick pause, so the trick is seen
            assert not trick["continues"]
            time.sleep(0.6)
            assert page.evaluate(READ_TRICK)["cards"] == shown
            # then the winner's card leads the next trick
            page.wait_for_function(f"""() => {{
              const trick = ({READ_TRICK})();
              return !trick.finished && trick.cards.length > 0
                && trick.cards[0].seat === {last["winner"]};
            }}""", timeout=5000)
            seen["followed"] += 1
    assert seen["led"] and seen["followed"], seen


def play_people(server: str, table_id: int, tokens: dict[int, str], word: str,
                until: Any) -> dict[str, Any]:
    """Post the people's moves (``word`` where offered) until ``until(view)``."""
    deadline = time.monotonic() + 30
    while True:
        public = table_view(server, table_id)
        if until(public):
            return public
        assert time.monotonic() < deadline, "the table did not get there"
        seat = public["observation"]["to_move"]
        if seat not in tokens or public["hand_end"] is not None:
            time.sleep(0.02)
            continue
        mine = table_view(server, table_id, tokens[seat])
        # refused when the table moved on meanwhile: it is read again
        with contextlib.suppress(OSError):
            post_json(server, f"/api/tables/{table_id}/moves", {
                "token": tokens[seat], "move_number": mine["move_number"],
                "action": choose(mine["observation"], word)})


def test_a_hand_result_waits_until_both_people_continue(
    server: str, page: Page, new_page: Callable[..., Page],
) -> None:
    table_id, tokens = open_table(server, "polignac", [HUMAN, COMPUTER, HUMAN, COMPUTER],
                                  seed=12, trick_pause=0, hand_wait=600)
    other = new_page()
    open_seat(page, server, table_id, tokens[0])
    open_seat(other, server, table_id, tokens[2])
    ended = play_people(server, table_id, tokens, "pass",
                        lambda view: view["hand_end"] is not None)
    observation = ended["observation"]
    change = observation["hand_results"][0]
    first, end = ended["hand_end"]["lines"]
    start = observation["log_start"]
    lines = observation["log"][first - start:end - start]
    for seen_by in (page, other):
        panel = seen_by.get_by_test_id("hand-end")
        expect(panel).to_be_visible()
        expect(panel).to_have_attribute("data-hand", "1")
        expect(panel.locator("h2")).to_have_text("Hand 1 is over")
        rows = panel.get_by_test_id("hand-end-row")
        expect(rows).to_have_count(4)
        assert [int(rows.nth(seat).get_attribute("data-change") or "") for seat in range(4)] \
            == change
        expect(panel.get_by_test_id("hand-end-lines").locator("li")).to_have_text(lines)
        expect(panel.get_by_test_id("continue")).to_be_visible()
        expect(seen_by.get_by_test_id("turn")).to_have_text(
            "The next hand begins when everyone has seen how hand 1 ended.")
    expect(page.get_by_test_id("hand-end-waiting")).to_contain_text(
        "Waiting for P2 to continue.")

    page.get_by_test_id("continue").click()
    expect(page.get_by_test_id("continue")).to_have_count(0)
    expect(page.get_by_test_id("hand-end-waiting")).to_contain_text(
        "Waiting for P2 to continue.")
    expect(other.get_by_test_id("hand-end-waiting")).not_to_contain_text("Waiting for")
    expect(other.get_by_test_id("continue")).to_be_visible()
    # the next hand waits: nobody, the computers neither, has moved
    time.sleep(0.5)
    waiting = table_view(server, table_id)
    assert waiting["move_number"] == ended["move_number"]
    assert waiting["hand_end"]["waiting"] == [2]

    other.get_by_test_id("continue").click()
    for seen_by in (page, other):
        expect(seen_by.get_by_test_id("hand-end")).to_have_count(0)
    assert table_view(server, table_id)["hand_end"] is None


def test_a_showdown_stays_face_up_on_the_tiles_until_the_next_hand(
    server: str, page: Page,
) -> None:
    table_id, tokens = open_table(server, "ranter-go-round", [HUMAN] + [COMPUTER] * 3, seed=3,
                                  trick_pause=0, hand_wait=600, options={"players": 4})
    open_seat(page, server, table_id, tokens[0])
    ended = play_people(server, table_id, tokens, "stand",
                        lambda view: view["hand_end"] is not None)
    shown = {item["seat"]: item["card"] for item in ended["hand_end"]["shown"]}
    assert len(shown) == 4, "the first hand ends in a showdown"
    expect(page.get_by_test_id("hand-end")).to_be_visible()
    for seat, card in shown.items():
        tile_card = page.locator(
            f'[data-testid="seat"][data-seat="{seat}"] [data-testid="seat-card"]')
        expect(tile_card).to_have_attribute("data-face", "up")
        expect(tile_card).to_have_attribute("data-shown", "true")
        expect(tile_card.locator("[data-card]")).to_have_attribute("data-card", card)
    page.get_by_test_id("continue").click()
    expect(page.get_by_test_id("hand-end")).to_have_count(0)
    # the next hand: seat 0's own new card, the others face down
    new_card = table_view(server, table_id, tokens[0])["observation"]["hand"][0]
    mine = page.locator('[data-testid="seat"][data-seat="0"] [data-testid="seat-card"]')
    expect(mine).to_have_attribute("data-card", new_card)
    expect(page.locator('[data-testid="seat-card"][data-shown="true"]')).to_have_count(0)


def animations_in_tricks(server: str, page: Page) -> list[str]:
    """The CSS animations that start while seat 0 makes five moves against
    three computers (trick pause 1 s, computers 0.3 s apart): cards played,
    tricks won by a computer going to him."""
    page.add_init_script(RECORD_ANIMATIONS)
    table_id, tokens = open_table(server, "polignac", [HUMAN] + [COMPUTER] * 3, seed=11,
                                  trick_pause=1.0, hand_wait=0, delay=0.3)
    open_seat(page, server, table_id, tokens[0])
    for _ in range(5):
        assert my_turn(page, server, table_id, tokens[0])
        click_my_move(page)
    time.sleep(1.5)  # a kept trick's pause ends, a card or two arrives
    animations: list[str] = page.evaluate("window.parlourAnimations")
    return animations


def test_cards_move_unless_the_reader_prefers_reduced_motion(server: str, page: Page) -> None:
    moving = animations_in_tricks(server, page)
    assert "card-arrive" in moving and "card-to-winner" in moving, moving
    expect(page.get_by_test_id("board")).to_have_attribute("data-motion", "full")

    page.emulate_media(reduced_motion="reduce")
    assert animations_in_tricks(server, page) == []
    expect(page.get_by_test_id("board")).to_have_attribute("data-motion", "reduced")


def test_the_lobby_sets_a_tables_pauses(server: str, page: Page) -> None:
    page.goto(server + "/")
    page.locator('[data-testid="choose-game"][data-game="polignac"]').click()
    expect(page.locator('[data-testid="seats"] .seat-row')).to_have_count(4)
    page.get_by_test_id("trick-pause").fill("soon")
    page.get_by_test_id("create").click()
    expect(page.get_by_test_id("trick-pause-error")).to_have_text(
        "the time a trick is shown must be a number of seconds >= 0")
    page.get_by_test_id("trick-pause").fill("3")
    page.get_by_test_id("hand-wait").fill("4000")
    page.get_by_test_id("create").click()
    expect(page.get_by_test_id("form-error")).to_have_text(
        "hand_wait must be a number of seconds from 0 to 3600, not 4000")
    page.get_by_test_id("hand-wait").fill("20")
    page.get_by_test_id("create").click()
    spectator_link = page.locator('[data-testid="spectator-link"] input')
    expect(spectator_link).to_have_value(re.compile(r"/tables/\d+$"))
    table_id = int(spectator_link.input_value().rsplit("/", 1)[1])
    assert table_view(server, table_id)["table"]["pauses"] == {"trick": 3.0, "hand": 20.0}
