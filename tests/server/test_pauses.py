"""Time to see (issue 29): the next hand waits for every person to continue
after a hand's result (or its deadline), kept across a restart; a computer
waits the trick pause after a move that finished a trick; a showdown's
cards are in the wait's ``shown``."""

from __future__ import annotations

import asyncio
import re
import time
from typing import Any

from fastapi.testclient import TestClient
from web_support import COMPUTER, HUMAN, QUICK_COMPUTERS, tokens, view, wait_until

from parlour.server import create_app
from parlour.server.db import Database
from parlour.server.payloads import MoveRequest, SeatRequest, TableRequest
from parlour.server.tables import NO_PAUSES, TableHub, finished_a_trick

WAITING = "the next hand waits until everyone has seen how hand 1 ended: "


def create(client: TestClient, game: str, seats: list[dict[str, str]], seed: int,
           hand_wait: float, options: dict[str, object] | None = None) -> dict[str, Any]:
    response = client.post("/api/tables", json={
        "game": game, "options": options or {}, "seats": seats, "seed": seed, "delay": 0,
        "trick_pause": 0, "hand_wait": hand_wait,
    })
    assert response.status_code == 201, response.text
    return dict(response.json())


def choice(observation: dict[str, Any], word: str) -> int:
    """The legal action named ``word`` if there is one, else the first."""
    legal = observation["legal"]
    return int(next((action for action in legal if action["text"] == word), legal[0])["id"])


def play_to_hand_end(client: TestClient, table_id: int, seat_tokens: dict[int, str],
                     word: str = "pass") -> dict[str, Any]:
    """Play the people's moves (``word`` where offered, else the first legal
    action) until the view says that a hand's result waits; returns that view."""
    deadline = time.monotonic() + 20
    while True:
        public = view(client, table_id)
        if public["hand_end"] is not None:
            return public
        assert time.monotonic() < deadline, "the hand did not end"
        seat = public["observation"]["to_move"]
        if seat not in seat_tokens:
            time.sleep(0.01)  # a computer's turn
            continue
        mine = view(client, table_id, seat_tokens[seat])
        response = client.post(f"/api/tables/{table_id}/moves", json={
            "token": seat_tokens[seat], "move_number": mine["move_number"],
            "action": choice(mine["observation"], word)})
        assert response.status_code in (200, 409), response.text


def go_on(client: TestClient, table_id: int, token: str | None, hand: int) -> Any:
    return client.post(f"/api/tables/{table_id}/continue", json={"token": token, "hand": hand})


def test_the_next_hand_waits_until_every_person_has_continued(client: TestClient) -> None:
    table = create(client, "polignac", [HUMAN, COMPUTER, HUMAN, COMPUTER], seed=4, hand_wait=600)
    table_id, seat_tokens = table["id"], tokens(table)
    ended = play_to_hand_end(client, table_id, seat_tokens)
    hand_end = ended["hand_end"]
    observation = ended["observation"]
    assert hand_end["hand"] == 1 and hand_end["waiting"] == [0, 2]
    assert len(observation["hand_results"]) == 1
    # the lines of the hand's last move: the last card, the trick, the score
    # and the next deal, numbered as the log numbers them
    first, end = hand_end["lines"]
    lines = observation["log"][first - observation["log_start"]:end - observation["log_start"]]
    names = [seat["name"] for seat in ended["table"]["seats"]]
    assert names == ["P0", "Random 1", "P2", "Random 2"]
    assert re.fullmatch(r"(P0|Random 1|P2|Random 2) plays \w+", lines[0])
    assert lines[-2].startswith("hand 1 scored: ") and lines[-1] == "Random 1 deals hand 2"
    assert end == observation["log_start"] + len(observation["log"])

    # nobody moves meanwhile, the computers neither
    mover = observation["to_move"]
    refused = client.post(f"/api/tables/{table_id}/moves", json={
        "token": seat_tokens.get(mover, seat_tokens[0]), "action": 0,
        "move_number": ended["move_number"]})
    assert refused.status_code == 409
    assert refused.json() == {"error": WAITING + "P0 and P2 still to continue"}

    assert go_on(client, table_id, None, 1).status_code == 403
    assert go_on(client, table_id, None, 1).json() == {
        "error": "a continue needs the token of a seat"}
    assert go_on(client, table_id, seat_tokens[0], 2).json() == {
        "error": "the result of hand 2 no longer waits: the next hand is being played"}
    first_continue = go_on(client, table_id, seat_tokens[0], 1)
    assert first_continue.status_code == 200
    assert first_continue.json()["hand_end"]["waiting"] == [2]
    # twice is once
    assert go_on(client, table_id, seat_tokens[0], 1).json()["hand_end"]["waiting"] == [2]
    time.sleep(0.2)
    still = view(client, table_id)
    assert still["move_number"] == ended["move_number"]
    refused = client.post(f"/api/tables/{table_id}/moves", json={
        "token": seat_tokens[0], "action": 0, "move_number": ended["move_number"]})
    assert refused.json() == {"error": WAITING + "P2 still to continue"}

    last = go_on(client, table_id, seat_tokens[2], 1)
    assert last.status_code == 200 and last.json()["hand_end"] is None
    assert go_on(client, table_id, seat_tokens[2], 1).json() == {
        "error": "the result of hand 1 no longer waits: the next hand is being played"}
    # the table plays on: the computers, then the people
    wait_until(lambda: view(client, table_id)["move_number"] > ended["move_number"]
               or view(client, table_id)["observation"]["to_move"] in seat_tokens)


def test_a_person_away_holds_the_next_hand_only_until_the_deadline(client: TestClient) -> None:
    table = create(client, "polignac", [HUMAN] + [COMPUTER] * 3, seed=4, hand_wait=0.5)
    ended = play_to_hand_end(client, table["id"], tokens(table))
    assert ended["hand_end"]["waiting"] == [0]
    wait_until(lambda: view(client, table["id"])["hand_end"] is None)


def test_a_table_of_computers_only_never_waits(client: TestClient) -> None:
    table = create(client, "polignac", [COMPUTER] * 4, seed=4, hand_wait=600,
                   options={"target": 1})
    wait_until(lambda: view(client, table["id"])["status"] == "finished")
    assert view(client, table["id"])["hand_end"] is None


def test_a_wait_is_kept_across_a_restart_and_ends_if_its_deadline_passed(
    database_url: str,
) -> None:
    def app() -> TestClient:
        return TestClient(create_app(database_url, computer_delay=0, limits=QUICK_COMPUTERS,
                                     pauses=NO_PAUSES))

    with app() as client:
        long = create(client, "polignac", [HUMAN] + [COMPUTER] * 3, seed=4, hand_wait=600)
        short = create(client, "polignac", [HUMAN] + [COMPUTER] * 3, seed=5, hand_wait=1)
        long_end = play_to_hand_end(client, long["id"], tokens(long))["hand_end"]
        assert go_on(client, short["id"], tokens(short)[0], 1).status_code == 409
        play_to_hand_end(client, short["id"], tokens(short))
    time.sleep(1.2)  # the short wait's deadline passes while the server is down
    with app() as client:
        assert view(client, long["id"])["hand_end"] == long_end
        assert view(client, long["id"])["table"]["pauses"] == {"trick": 0.0, "hand": 600.0}
        wait_until(lambda: view(client, short["id"])["hand_end"] is None)
        assert go_on(client, long["id"], tokens(long)[0], 1).json()["hand_end"] is None
    with app() as client:
        assert view(client, long["id"])["hand_end"] is None


def test_a_showdowns_cards_are_shown_with_their_seats(client: TestClient) -> None:
    table = create(client, "ranter_go_round", [HUMAN] * 4, seed=3, hand_wait=600,
                   options={"players": 4})
    ended = play_to_hand_end(client, table["id"], tokens(table), word="stand")
    observation = ended["observation"]
    showdown = next(line for line in observation["log"] if line.startswith("showdown: "))
    pairs = dict(pair.split() for pair in showdown.removeprefix("showdown: ").split(", "))
    assert {f"P{item['seat']}": item["card"] for item in ended["hand_end"]["shown"]} == pairs
    assert len(pairs) == 4


def test_a_table_asks_for_its_own_pauses_within_bounds(client: TestClient) -> None:
    body = {"game": "polignac", "seats": [HUMAN] * 4, "trick_pause": 11}
    refused = client.post("/api/tables", json=body)
    assert refused.status_code == 400
    assert refused.json() == {
        "error": "trick_pause must be a number of seconds from 0 to 10, not 11"}
    refused = client.post("/api/tables", json={**body, "trick_pause": 1, "hand_wait": -1})
    assert refused.json() == {
        "error": "hand_wait must be a number of seconds from 0 to 3600, not -1"}
    created = client.post("/api/tables", json={**body, "trick_pause": 2.5}).json()
    # the fixture's server pauses for nobody unless a table asks
    assert view(client, created["id"])["table"]["pauses"] == {"trick": 2.5, "hand": 0.0}


class RecordedSleep:
    """A computer's wait that records how long it would have been and returns at once."""

    def __init__(self) -> None:
        self.waits: list[float] = []

    async def __call__(self, seconds: float) -> None:
        self.waits.append(seconds)
        await asyncio.sleep(0)


async def trick_waits(database_url: str) -> tuple[list[float], list[float]]:
    """The computers' waits at a table of a person and three computers
    (trick pause 2 s, delay 0) over one hand, and the waits expected: the
    trick pause before each computer move that follows a finished trick."""
    sleep = RecordedSleep()
    database = Database(database_url)
    hub = TableHub(database, computer_delay=0, sleep=sleep, pauses=NO_PAUSES)
    seats = [SeatRequest("human")] + [SeatRequest("computer", "random")] * 3
    table, _ = await hub.create(TableRequest(
        "polignac", {}, seats, seed=4, delay=0.0, trick_pause=2.0, hand_wait=0.0))
    while not table.state.hand_results():
        state = table.state
        if not table.state.is_terminal() and state.current_player() == 0 \
                and not (table.computers and not table.computers.done()):
            observation = state.observation(0)
            await hub.play(table, 0, MoveRequest(choice(observation, "pass"), None,
                                                 len(state.history)))
        await asyncio.sleep(0.001)
    expected = []
    game = table.game
    replayed = game.new_state(seed=4)
    previous = None
    for action in table.state.history:
        mover = replayed.current_player()
        if mover != 0:
            expected.append(2.0 if previous is not None and finished_a_trick(*previous) else 0.0)
        before = replayed.clone()
        replayed.apply(action)
        previous = (before, replayed.clone())
    for task in [table.computers]:
        if task is not None:
            task.cancel()
    database.close()
    return sleep.waits[:len(expected)], expected


def test_a_computer_waits_the_trick_pause_after_a_finished_trick(database_url: str) -> None:
    waits, expected = asyncio.run(trick_waits(database_url))
    assert waits == expected
    assert expected.count(2.0) >= 4 and set(expected) == {0.0, 2.0}
