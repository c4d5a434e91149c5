"""Save the README's screenshots of the web app under docs/screenshots/.

Starts ``parlour serve`` on a temporary database, opens a few tables
through the JSON API, plays seat 0 to the middle of a hand and photographs
the pages in Debian's headless Chromium:

- ``lobby.png``: the lobby with open and finished tables;
- ``table.png``: a Polignac table mid-hand, seat 0's view (its person named Ana);
- ``table-es.png``: the same table in Spanish (the page's ``?lang=es``);
- ``table-phone.png``: the same table 390 px wide;
- ``german.png``: a Grasobern table (German pack) mid-hand;
- ``progress.png``: a Progress table with its recent turns laid out;
- ``costly.png``: a Costly Colours table in the play, the count and the plays shown;
- ``bharg.png``: a Bharg table a few turns in, its hand of Decktet cards and both piles;
- ``ranter.png``: a Ranter Go Round table of 26 seats in its fifth hand, every seat on one screen;
- ``progress-rummy.png``: a Progress Rummy table of four (three easy computers) with melds down.

    .venv/bin/python scripts/screenshots.py [--out docs/screenshots]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

from playwright.sync_api import Browser, ViewportSize, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))

from live_server import get_json, live_server, post_json  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-background-networking",
    "--disable-component-update",
]
DESKTOP: ViewportSize = {"width": 1280, "height": 860}
PHONE: ViewportSize = {"width": 390, "height": 844}
HUMAN = {"kind": "human"}
ANA = {"kind": "human", "name": "Ana"}
COMPUTER = {"kind": "computer", "agent": "random"}
EASY = {"kind": "computer", "agent": "easy"}
WAIT_SECONDS = 30.0
"""Longest wait for the computer seats to bring the turn back to seat 0."""


def open_table(base_url: str, game: str, seats: list[dict[str, str]], seed: int,
               options: dict[str, object] | None = None) -> tuple[int, str | None]:
    """A new table with no computer delay; its id and seat 0's token (if human)."""
    created = post_json(base_url, "/api/tables", {
        "game": game, "options": options or {}, "seats": seats, "seed": seed, "delay": 0,
    })
    url = created["seats"][0].get("url")
    token = parse_qs(urlsplit(url).fragment)["token"][0] if url else None
    return int(created["id"]), token


def wait_for_seat_0(base_url: str, table_id: int, token: str) -> dict[str, Any]:
    """Seat 0's view once it is to move (the computer seats play meanwhile)."""
    deadline = time.monotonic() + WAIT_SECONDS
    while True:
        view: dict[str, Any] = get_json(base_url, f"/api/tables/{table_id}/view?token={token}")
        observation = view["observation"]
        if observation["to_move"] == 0 or view["status"] == "finished":
            return view
        if time.monotonic() > deadline:
            raise RuntimeError(f"table {table_id}: seat 0 was not asked to move")
        time.sleep(0.02)


def play_to_mid_hand(base_url: str, table_id: int, token: str, tricks: int) -> None:
    """Play seat 0 (passing every announcement, else its first legal card)
    until ``tricks`` tricks are done and seat 0 is to follow a trick."""
    while True:
        view = wait_for_seat_0(base_url, table_id, token)
        observation = view["observation"]
        if view["status"] == "finished":
            raise RuntimeError(f"table {table_id} finished before the picture")
        if observation["trick_number"] >= tricks and observation["zones"]["trick"]:
            return
        legal = observation["legal"]
        action = next((a for a in legal if a["text"] == "pass"), legal[0])
        post_json(base_url, f"/api/tables/{table_id}/moves", {
            "token": token, "action": action["id"], "move_number": view["move_number"],
        })


def play_first_legal_until(base_url: str, table_id: int, token: str,
                           ready: Callable[[dict[str, Any]], bool]) -> None:
    """Play seat 0's first legal action until ``ready(observation)`` holds
    when seat 0 is to move."""
    while True:
        view = wait_for_seat_0(base_url, table_id, token)
        observation = view["observation"]
        if view["status"] == "finished":
            raise RuntimeError(f"table {table_id} finished before the picture")
        if ready(observation):
            return
        post_json(base_url, f"/api/tables/{table_id}/moves", {
            "token": token, "action": observation["legal"][0]["id"],
            "move_number": view["move_number"],
        })


def progress_turns_shown(turns: int) -> Callable[[dict[str, Any]], bool]:
    """Ready when a Progress table shows ``turns`` turns and seat 0 has a card to play."""
    return lambda observation: (
        len(observation["zones"]["turns"]) >= turns and observation["phase"] == "start"
        and len([action for action in observation["legal"] if action["card"]]) > 1)


def costly_plays_shown(plays: int) -> Callable[[dict[str, Any]], bool]:
    """Ready when ``plays`` cards are on a Costly Colours count (mog words
    come first in the list, then seat 0's first card) and seat 0 is to play."""
    return lambda observation: (
        observation["phase"] == "play" and len(observation["zones"]["play"]) >= plays)


def bharg_turns_played(turns: int) -> Callable[[dict[str, Any]], bool]:
    """Ready when a Bharg round has had ``turns`` turns (seat 0 draws from
    the stock and discards its first card, an Ace when it holds one) and
    seat 0 is to draw."""
    return lambda observation: observation["turns"] >= turns and observation["phase"] == "draw"


def ranter_hand_reached(hand: int) -> Callable[[dict[str, Any]], bool]:
    """Ready when a Ranter Go Round match is in hand ``hand`` (seat 0
    stands whenever it is asked before) and seat 0 is to choose."""
    return lambda observation: observation["hand_number"] >= hand


def rummy_melds_down(melds: int) -> Callable[[dict[str, Any]], bool]:
    """Ready when a Progress Rummy round has ``melds`` melds on the table
    (seat 0 draws and discards its first card; the computers meld) and seat 0
    is to begin its turn."""
    return lambda observation: (
        len(observation["zones"]["melds"]) >= melds and observation["phase"] == "begin")


def wait_until_finished(base_url: str, table_id: int) -> None:
    """Wait for a table of computers to finish its match."""
    deadline = time.monotonic() + WAIT_SECONDS
    while get_json(base_url, f"/api/tables/{table_id}/view")["status"] != "finished":
        if time.monotonic() > deadline:
            raise RuntimeError(f"table {table_id} did not finish")
        time.sleep(0.05)


def photograph(browser: Browser, url: str, path: Path, viewport: ViewportSize,
               ready: str, full_page: bool = True) -> None:
    """Save a PNG of ``url`` (the full page, or what the viewport shows)
    once ``ready`` (a CSS selector) shows."""
    page = browser.new_page(viewport=viewport, device_scale_factor=1)
    page.goto(url)
    page.locator(ready).first.wait_for()
    page.wait_for_load_state("networkidle")
    page.screenshot(path=str(path), full_page=full_page)
    page.close()
    print(f"saved {path}")


def main(argv: Sequence[str] | None = None) -> int:
    """Start a server, set up the tables and save the pictures."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots",
                        help="folder for the PNG files")
    out: Path = parser.parse_args(argv).out
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as folder, \
            live_server(Path(folder), 0, ["--trick-pause", "0", "--hand-wait", "0",
                                                 "--computer-pace", "0"]) as base_url, \
            sync_playwright() as playwright:
        finished, _ = open_table(base_url, "knaves", [COMPUTER] * 3, seed=3, options={"target": 5})
        polignac, polignac_token = open_table(base_url, "polignac", [ANA] + [COMPUTER] * 3,
                                              seed=10)
        german, german_token = open_table(base_url, "grasobern", [HUMAN] + [COMPUTER] * 3,
                                          seed=4)
        progress, progress_token = open_table(base_url, "progress", [HUMAN] + [COMPUTER] * 3,
                                              seed=5)
        assert polignac_token is not None and german_token is not None
        assert progress_token is not None
        costly, costly_token = open_table(base_url, "costly-colours", [HUMAN, COMPUTER], seed=3)
        bharg, bharg_token = open_table(base_url, "bharg", [HUMAN, COMPUTER], seed=2)
        ranter, ranter_token = open_table(base_url, "ranter-go-round",
                                          [HUMAN] + [COMPUTER] * 25, seed=5,
                                          options={"players": 26})
        assert costly_token is not None and bharg_token is not None
        assert ranter_token is not None
        rummy, rummy_token = open_table(base_url, "progress-rummy", [HUMAN] + [EASY] * 3,
                                        seed=5, options={"players": 4})
        assert rummy_token is not None
        wait_until_finished(base_url, finished)
        play_to_mid_hand(base_url, polignac, polignac_token, tricks=3)
        play_to_mid_hand(base_url, german, german_token, tricks=2)
        play_first_legal_until(base_url, progress, progress_token, progress_turns_shown(5))
        play_first_legal_until(base_url, costly, costly_token, costly_plays_shown(3))
        play_first_legal_until(base_url, bharg, bharg_token, bharg_turns_played(8))
        play_first_legal_until(base_url, ranter, ranter_token, ranter_hand_reached(5))
        play_first_legal_until(base_url, rummy, rummy_token, rummy_melds_down(4))

        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        table_ready = '[data-testid="turn"][data-my-turn="true"]'
        photograph(browser, f"{base_url}/", out / "lobby.png", DESKTOP,
                   '[data-testid="finished-tables"] [data-testid="table-row"]')
        seat_url = f"{base_url}/tables/{polignac}#token={polignac_token}"
        photograph(browser, seat_url, out / "table.png", DESKTOP, table_ready)
        photograph(browser, seat_url, out / "table-phone.png", PHONE, table_ready)
        photograph(browser, f"{base_url}/tables/{polignac}?lang=es#token={polignac_token}",
                   out / "table-es.png", DESKTOP, table_ready)
        photograph(browser, f"{base_url}/tables/{german}#token={german_token}",
                   out / "german.png", DESKTOP, table_ready)
        photograph(browser, f"{base_url}/tables/{progress}#token={progress_token}",
                   out / "progress.png", DESKTOP, table_ready)
        photograph(browser, f"{base_url}/tables/{costly}#token={costly_token}",
                   out / "costly.png", DESKTOP, table_ready)
        photograph(browser, f"{base_url}/tables/{bharg}#token={bharg_token}",
                   out / "bharg.png", DESKTOP, table_ready)
        photograph(browser, f"{base_url}/tables/{ranter}#token={ranter_token}",
                   out / "ranter.png", {"width": 1280, "height": 800}, table_ready,
                   full_page=False)
        photograph(browser, f"{base_url}/tables/{rummy}#token={rummy_token}",
                   out / "progress-rummy.png", {"width": 1280, "height": 800}, table_ready,
                   full_page=False)
        browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
