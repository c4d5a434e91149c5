"""Players (issue 32, item 1 and 5): a name and a private key kept in an
HttpOnly cookie; names unique as the eye sees them; rename, revoke, a
one-time "use on another device" link; a player's seat opened by his key
alone (HTTP and socket); his page with the tables in progress, finished
matches and win rates; the limits on players and renames. Every refusal is
checked by its status and sentence."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import timedelta
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient
from web_support import COMPUTER, HUMAN, ManualClock, create_table, secret_of, tokens, view

from parlour.server import create_app
from parlour.server import players as players_module
from parlour.server.db import Database, now
from parlour.server.players import PLAYER_COOKIE, PLAYER_HEADER
from parlour.server.security import Limits
from parlour.server.tables import NO_PAUSES
from toygame import ThreeTricks, registered


@pytest.fixture(autouse=True)
def toy() -> Iterator[type[ThreeTricks]]:
    """Three Tricks, registered for these tests only."""
    with registered() as game:
        yield game


def make_player(client: TestClient, name: str) -> dict[str, Any]:
    """Make the player ``name`` in ``client``'s browser; returns the reply."""
    response = client.post("/api/players", json={"name": name})
    assert response.status_code == 201, response.text
    return dict(response.json())


def key_of(client: Any) -> str:
    """The player's key that ``client``'s browser keeps."""
    key = client.cookies.get(PLAYER_COOKIE)
    assert key
    return key


def me(client: TestClient) -> Any:
    response = client.get("/api/players/me")
    assert response.status_code == 200, response.text
    return response.json()


def refused(response: Any, status: int, sentence: str) -> None:
    assert (response.status_code, response.json()) == (status, {"error": sentence})


class Browser:
    """Another browser on the app of ``client``: its own cookies, its
    requests sent through ``client`` (one event loop for the app)."""

    def __init__(self, client: TestClient) -> None:
        self.client = client
        self.cookies = httpx.Cookies()

    def _as_me(self, send: Any, *args: Any, **kwargs: Any) -> Any:
        saved = self.client.cookies
        self.client.cookies = self.cookies
        try:
            return send(*args, **kwargs)
        finally:
            self.cookies = self.client.cookies
            self.client.cookies = saved

    def get(self, *args: Any, **kwargs: Any) -> Any:
        return self._as_me(self.client.get, *args, **kwargs)

    def post(self, *args: Any, **kwargs: Any) -> Any:
        return self._as_me(self.client.post, *args, **kwargs)


def other_browser(client: TestClient) -> Any:
    """A second browser on the same app (a :class:`Browser`), typed as a
    client for the helpers that take one."""
    return Browser(client)


# --- making a player --------------------------------------------------------------------
def test_a_player_is_made_with_an_httponly_cookie(client: TestClient) -> None:
    response = client.post("/api/players", json={"name": "  Ａnn  "})
    assert (response.status_code, response.json()) == (201, {"id": 1, "name": "Ann"})
    cookie = response.headers["set-cookie"]
    key = key_of(client)
    assert cookie == (f"{PLAYER_COOKIE}={key}; HttpOnly; Max-Age=34560000; Path=/; "
                      "SameSite=lax")
    assert key not in response.text and len(key) == 32
    assert me(client) == {"id": 1, "name": "Ann", "muted": []}
    assert me(other_browser(client)) is None


def test_the_cookie_is_secure_over_https(client: TestClient) -> None:
    response = client.post("https://testserver/api/players", json={"name": "Ann"})
    assert response.status_code == 201
    assert "; Secure" in response.headers["set-cookie"]


@pytest.mark.parametrize(("name", "status", "sentence"), [
    ("ann", 409, "the name 'ann' is another player's: pick another"),
    ("Аnn", 409, "the name 'Аnn' looks like 'Ann', another player's name: pick another"),
    ("ÁNN", 409, "the name 'ÁNN' looks like 'Ann', another player's name: pick another"),
    ("Medium 2", 400, "the name 'Medium 2' is a computer player's: pick another"),
    ("random", 400, "the name 'random' is a computer player's: pick another"),
    ("p3", 400, "the name 'p3' is how the games name a seat: pick another"),
    ("P12", 400, "the name 'P12' is how the games name a seat: pick another"),
    ("   ", 400, "pick a name: it may not be empty"),
    ("a\tb", 400, "a name may not hold control characters (tabs, line breaks, invisible marks)"),
    ("x" * 25, 400, f"a name has at most 24 characters; {'x' * 25!r} has 25"),
    (7, 400, 'pick a name, e.g. {"name": "Samuel"}'),
])
def test_a_name_taken_or_imitating_is_refused(
    client: TestClient, name: object, status: int, sentence: str,
) -> None:
    make_player(client, "Ann")
    refused(other_browser(client).post("/api/players", json={"name": name}), status, sentence)


def test_a_body_with_an_unknown_field_is_refused(client: TestClient) -> None:
    refused(client.post("/api/players", json={"name": "Ann", "key": "x"}), 400,
            "the request has an unknown field 'key'; its fields are name")
    make_player(client, "Ann")
    refused(client.post("/api/players/me/revoke", json={"name": "x"}), 400,
            "the request has an unknown field 'name'; it has no fields")


def test_one_player_per_browser_until_it_forgets_him(client: TestClient) -> None:
    make_player(client, "Ann")
    refused(client.post("/api/players", json={"name": "Bob"}), 409,
            "this browser is already the player 'Ann': rename him, or forget him on this "
            "browser before making another")
    forgotten = client.post("/api/players/me/forget", json={})
    assert forgotten.status_code == 200 and forgotten.json() is None
    assert PLAYER_COOKIE not in client.cookies and me(client) is None
    assert make_player(client, "Bob") == {"id": 2, "name": "Bob"}


def test_without_a_player_me_is_null_and_changes_are_refused(client: TestClient) -> None:
    assert me(client) is None
    need = "this needs a player: choose a name first"
    refused(client.post("/api/players/me/name", json={"name": "Ann"}), 403, need)
    refused(client.post("/api/players/me/revoke", json={}), 403, need)
    refused(client.post("/api/players/me/device", json={}), 403, need)


def test_a_players_page_is_public_and_a_missing_one_is_404(client: TestClient) -> None:
    ann = make_player(client, "Ann")
    page = other_browser(client).get(f"/api/players/{ann['id']}")
    assert page.json() == {"id": 1, "name": "Ann", "playing": [], "finished": [],
                           "win_rates": [], "ratings": []}
    refused(client.get("/api/players/9"), 404, "there is no player '9'")
    refused(client.get("/api/players/x"), 404, "there is no player 'x'")


# --- rename, revoke, device links -------------------------------------------------------
def test_a_rename_shows_at_his_unfinished_tables_only(client: TestClient) -> None:
    ann = make_player(client, "Ann")
    playing = create_table(client, ThreeTricks.name, [HUMAN, HUMAN], {"hands": 1})
    assert playing["seats"][0] == {"seat": 0, "kind": "human", "name": "Ann", "player": 1,
                                   "url": playing["seats"][0]["url"]}
    with client.websocket_connect(f"/ws/tables/{playing['id']}") as socket:
        assert socket.receive_json()["table"]["seats"][0]["name"] == "Ann"
        renamed = client.post("/api/players/me/name", json={"name": "Anna"})
        assert (renamed.status_code, renamed.json()) == (200, {"id": ann["id"], "name": "Anna"})
        pushed = socket.receive_json()
    assert pushed["table"]["seats"][0] == {"seat": 0, "kind": "human", "name": "Anna",
                                           "player": 1, "named": True, "present": True}
    assert view(client, playing["id"])["table"]["seats"][0]["name"] == "Anna"
    assert me(client)["name"] == "Anna"
    assert client.get(f"/api/players/{ann['id']}").json()["name"] == "Anna"
    # his own name in another case is his; another player's is not
    assert client.post("/api/players/me/name", json={"name": "ANNA"}).json()["name"] == "ANNA"
    make_player(other_browser(client), "Bob")
    refused(client.post("/api/players/me/name", json={"name": "bob"}), 409,
            "the name 'bob' is another player's: pick another")


def test_a_rename_that_clashes_at_his_table_is_refused(client: TestClient) -> None:
    make_player(client, "Ann")
    created = create_table(client, ThreeTricks.name, [HUMAN, HUMAN], {"hands": 1})
    guest = tokens(created)[1]
    named = client.post(f"/api/tables/{created['id']}/name", json={"token": guest, "name": "Cy"})
    assert named.status_code == 200
    refused(client.post("/api/players/me/name", json={"name": "CY"}), 409,
            f"the name 'CY' cannot be told apart from another seat's at table {created['id']}, "
            "where you sit: pick another")
    assert me(client)["name"] == "Ann"


def test_a_players_seat_keeps_the_players_name(client: TestClient) -> None:
    make_player(client, "Ann")
    created = create_table(client, ThreeTricks.name, [HUMAN, HUMAN], {"hands": 1})
    refused(client.post(f"/api/tables/{created['id']}/name", json={"name": "Zed"}), 409,
            "this seat is Ann's, a player's: it shows the player's name (change it on the "
            "lobby, for all of his tables)")


def test_revoking_makes_a_new_key_and_the_old_one_opens_nothing(client: TestClient) -> None:
    make_player(client, "Ann")
    old = key_of(client)
    other = other_browser(client)
    link = client.post("/api/players/me/device", json={}).json()["url"]
    revoked = client.post("/api/players/me/revoke", json={})
    assert (revoked.status_code, revoked.json()) == (200, {"id": 1, "name": "Ann"})
    new = key_of(client)
    assert new != old and new not in revoked.text
    assert me(client)["name"] == "Ann"
    stale = other.get("/api/players/me", headers={PLAYER_HEADER: old})
    refused(stale, 403, "this browser's player key is no longer valid (it was revoked, or made "
            "on another server): make a new player or use a link from another device")
    # the link given out before the revoke opens nothing either
    refused(other.post("/api/players/device", json={
        "code": secret_of(link, "code"), "key": secret_of(link, "key")}), 403,
        "this device link is spent or expired (a link works once, for 15 minutes): make a new "
        "one on your other device")


def test_a_device_link_works_once(client: TestClient) -> None:
    make_player(client, "Ann")
    made = client.post("/api/players/me/device", json={})
    assert made.status_code == 200
    link = made.json()["url"]
    code, key = secret_of(link, "code"), secret_of(link, "key")
    assert made.json() == {"url": f"/players/device#code={code}&key={key}", "seconds": 900}
    assert key == key_of(client)
    phone = other_browser(client)
    used = phone.post("/api/players/device", json={"code": code, "key": key})
    assert (used.status_code, used.json()) == (200, {"id": 1, "name": "Ann"})
    assert key_of(phone) == key and me(phone)["name"] == "Ann"
    spent = "this device link is spent or expired (a link works once, for 15 minutes): make a " \
        "new one on your other device"
    refused(other_browser(client).post("/api/players/device", json={"code": code, "key": key}),
            403, spent)
    refused(phone.post("/api/players/device", json={"code": code, "key": 3}), 400,
            "a device link gives a code and a key, both text")


def test_a_device_link_expires(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    make_player(client, "Ann")
    link = client.post("/api/players/me/device", json={}).json()["url"]
    later = now() + timedelta(minutes=16)
    monkeypatch.setattr(players_module, "now", lambda: later)
    refused(other_browser(client).post("/api/players/device", json={
        "code": secret_of(link, "code"), "key": secret_of(link, "key")}), 403,
        "this device link is spent or expired (a link works once, for 15 minutes): make a new "
        "one on your other device")


def test_when_a_player_was_last_seen_is_kept_to_the_hour(
    client: TestClient, database_url: str, monkeypatch: pytest.MonkeyPatch,
) -> None:
    ann = make_player(client, "Ann")

    def seen() -> Any:
        database = Database(database_url)
        try:
            row = database.player(ann["id"])
            assert row is not None
            return row.seen
        finally:
            database.close()

    assert seen() is None, "made, not seen yet"
    start = now()
    monkeypatch.setattr(players_module, "now", lambda: start)
    me(client)
    first = seen()
    assert first is not None
    monkeypatch.setattr(players_module, "now", lambda: start + timedelta(minutes=59))
    me(client)
    assert seen() == first, "no write within the hour"
    monkeypatch.setattr(players_module, "now", lambda: start + timedelta(minutes=61))
    me(client)
    assert seen() != first


def test_a_device_link_does_not_replace_another_player(client: TestClient) -> None:
    make_player(client, "Ann")
    link = client.post("/api/players/me/device", json={}).json()["url"]
    body = {"code": secret_of(link, "code"), "key": secret_of(link, "key")}
    bob = other_browser(client)
    make_player(bob, "Bob")
    refused(bob.post("/api/players/device", json=body), 409,
            "this browser is already the player 'Bob': forget him on this browser before using "
            "another player's link")
    # the refusal did not spend the link
    assert other_browser(client).post("/api/players/device", json=body).status_code == 200


def test_a_wrong_key_with_a_good_code_spends_the_code(client: TestClient) -> None:
    make_player(client, "Ann")
    link = client.post("/api/players/me/device", json={}).json()["url"]
    code = secret_of(link, "code")
    phone = other_browser(client)
    assert phone.post("/api/players/device", json={"code": code, "key": "guess"}).status_code \
        == 403
    assert phone.post("/api/players/device", json={
        "code": code, "key": secret_of(link, "key")}).status_code == 403


# --- seats opened by a player's key -----------------------------------------------------
def test_a_players_key_opens_his_seat_by_http_and_socket(client: TestClient) -> None:
    make_player(client, "Ann")
    created = create_table(client, ThreeTricks.name, [HUMAN, HUMAN], {"hands": 1}, seed=4)
    table_id = created["id"]
    seen = view(client, table_id)
    assert seen["seat"] == 0 and seen["table"]["seats"][0]["player"] == 1
    stranger = other_browser(client)
    assert view(stranger, table_id)["seat"] is None
    # a key that is no player's (revoked, or a guess) opens nothing: the table is watched
    guessed = stranger.get(f"/api/tables/{table_id}/view", headers={PLAYER_HEADER: "guess"})
    assert guessed.status_code == 200 and guessed.json()["seat"] is None
    # another seat's token still opens that seat for the player's browser
    assert view(client, table_id, tokens(created)[1])["seat"] == 1
    guest = tokens(created)[1]
    with client.websocket_connect(f"/ws/tables/{table_id}") as socket:
        first = socket.receive_json()
        # the seat at the dealer's (seat 0's) left leads
        assert (first["seat"], first["observation"]["to_move"]) == (0, 1)
        refused(client.post(f"/api/tables/{table_id}/moves",
                            json={"action": 0, "move_number": 0}),
                409, "it is P1's turn, not yours")
        lead = view(client, table_id, guest)["observation"]["legal"][0]["id"]
        moved = client.post(f"/api/tables/{table_id}/moves",
                            json={"token": guest, "action": lead, "move_number": 0})
        assert moved.status_code == 200
        answer = socket.receive_json()
        assert (answer["move_number"], answer["observation"]["to_move"]) == (1, 0)
        socket.send_json({"type": "move", "action": answer["observation"]["legal"][0]["id"],
                          "move_number": 1})
        assert socket.receive_json()["move_number"] == 2
    refused(stranger.post(f"/api/tables/{table_id}/moves", json={"action": 0,
                                                                 "move_number": 2}),
            403, "a move needs the token of the seat to move")
    assert view(client, table_id)["move_number"] == 2


def test_a_players_key_opens_his_patience_for_hints_undo_and_redo(client: TestClient) -> None:
    make_player(client, "Ann")
    table_id = create_table(client, "golf", [HUMAN], seed=3)["id"]
    hint = client.get(f"/api/tables/{table_id}/hint")
    assert hint.status_code == 200 and hint.json()["move_number"] == 0
    action = view(client, table_id)["observation"]["legal"][0]["id"]
    moved = client.post(f"/api/tables/{table_id}/moves", json={"action": action,
                                                                "move_number": 0})
    assert moved.status_code == 200 and moved.json()["can_undo"] is True
    undone = client.post(f"/api/tables/{table_id}/undo", json={"move_number": 1})
    assert undone.status_code == 200 and undone.json()["move_number"] == 0
    redone = client.post(f"/api/tables/{table_id}/redo", json={"move_number": 0})
    assert redone.status_code == 200 and redone.json()["move_number"] == 1
    refused(other_browser(client).post(f"/api/tables/{table_id}/undo", json={"move_number": 1}),
            403, "an undo needs the token of the patience's seat")


def test_a_player_who_leaves_his_seat_leaves_his_page(client: TestClient) -> None:
    ann = make_player(client, "Ann")
    created = create_table(client, ThreeTricks.name, [HUMAN, HUMAN], {"hands": 1})
    page = client.get(f"/api/players/{ann['id']}").json()
    assert [entry["table"] for entry in page["playing"]] == [created["id"]]
    left = client.post(f"/api/tables/{created['id']}/leave", json={})
    assert left.status_code == 200 and left.json()["seat"] is None
    assert client.get(f"/api/players/{ann['id']}").json()["playing"] == []
    assert view(client, created["id"])["seat"] is None


def test_a_table_of_computers_seats_no_player(client: TestClient) -> None:
    ann = make_player(client, "Ann")
    created = create_table(client, ThreeTricks.name, [COMPUTER, COMPUTER], {"hands": 1})
    assert all("player" not in seat for seat in created["seats"])
    assert client.get(f"/api/players/{ann['id']}").json()["playing"] == []


# --- history and win rates --------------------------------------------------------------
def play_out(client: TestClient, table_id: int) -> dict[str, Any]:
    """Play the player's seat (his key alone) with its first legal card
    until the match is over; the computer answers at once."""
    while True:
        seen = view(client, table_id)
        if seen["status"] == "finished":
            return seen
        if seen["observation"]["to_move"] != seen["seat"]:
            continue
        moved = client.post(f"/api/tables/{table_id}/moves", json={
            "action": seen["observation"]["legal"][0]["id"],
            "move_number": seen["move_number"]})
        assert moved.status_code in (200, 409), moved.text


def expected_place(scores: list[int]) -> int:
    """Seat 0's place at a finished Three Tricks table: the highest total
    wins, ties share (what the end of a match writes to ``table_seats``)."""
    return 1 + sum(score > scores[0] for score in scores)


def test_the_players_page_lists_his_tables_and_win_rates(
    client: TestClient, database_url: str,
) -> None:
    ann = make_player(client, "Ann")
    places = []
    finished_ids = []
    for seed in (4, 5):
        table_id = create_table(client, ThreeTricks.name, [HUMAN, COMPUTER], {"hands": 1},
                                seed=seed)["id"]
        assert play_out(client, table_id)["status"] == "finished"
        listed = client.get("/api/tables", params={"status": "finished"}).json()
        scores = next(row["scores"] for row in listed if row["id"] == table_id)
        places.append(expected_place(scores))
        finished_ids.append(table_id)
    playing = create_table(client, ThreeTricks.name, [HUMAN, HUMAN], {"hands": 1}, seed=1)
    page = other_browser(client).get(f"/api/players/{ann['id']}").json()
    to_move = view(client, playing["id"])["observation"]["to_move"]
    assert page["playing"] == [{
        "table": playing["id"], "game": "three-tricks", "title": "Three Tricks", "seat": 0,
        "seats": [{"seat": 0, "kind": "human", "name": "Ann", "player": 1},
                  {"seat": 1, "kind": "human", "name": "P1"}],
        "scores": [0, 0], "status": "playing", "to_move": to_move,
        "your_turn": to_move == 0, "url": f"/tables/{playing['id']}",
    }]
    finished = page["finished"]
    assert [entry["table"] for entry in finished] == finished_ids[::-1]
    for entry, place in zip(finished, places[::-1], strict=True):
        assert entry["place"] == place
        assert entry["replay_url"] == f"/tables/{entry['table']}/replay"
        assert entry["seats"] == [{"seat": 0, "kind": "human", "name": "Ann", "player": 1},
                                  {"seat": 1, "kind": "computer", "agent": "random",
                                   "name": "Random"}]
        assert entry["finished"] is not None and len(entry["scores"]) == 2
        assert entry["rating"] is None, "a chosen seed: not rated"
    won = places.count(1)
    assert page["win_rates"] == [{"game": "three-tricks", "title": "Three Tricks",
                                  "played": 2, "won": won, "rate": round(won / 2, 3)}]
    assert page["ratings"] == []


def test_the_players_page_shows_his_rating_and_its_change_after_a_rated_match(
    client: TestClient,
) -> None:
    ann = make_player(client, "Ann")
    made = client.post("/api/tables", json={
        "game": ThreeTricks.name, "options": {"hands": 1}, "hints": False,
        "seats": [HUMAN, {"kind": "computer", "agent": "easy"}]})
    assert made.status_code == 201, made.text
    table_id = made.json()["id"]
    seen = play_out(client, table_id)
    assert seen["table"]["rated"] is True
    change = seen["ratings"][0]
    assert change["subject"] == f"player:{ann['id']}"
    page = client.get(f"/api/players/{ann['id']}").json()
    assert page["finished"][0]["rating"] == {"before": change["before"]["rating"],
                                             "after": change["after"]["rating"]}
    assert change["before"]["rating"] == 1000
    assert page["ratings"] == [{"game": "three-tricks", "title": "Three Tricks",
                                "rating": change["after"]["rating"], "matches": 1,
                                "url": "/ratings/three-tricks"}]
    board = client.get("/api/ratings/three-tricks").json()["ratings"]
    assert {entry["subject"]: entry["rating"] for entry in board}[f"player:{ann['id']}"] \
        == change["after"]["rating"]


def test_a_player_keeps_his_seat_in_the_rematch(client: TestClient) -> None:
    ann = make_player(client, "Ann")
    created = create_table(client, ThreeTricks.name, [HUMAN, HUMAN], {"hands": 1}, seed=4)
    table_id, seat_tokens = created["id"], tokens(created)
    while (seen := view(client, table_id))["status"] != "finished":
        mover = seen["observation"]["to_move"]
        legal = view(client, table_id, seat_tokens[mover])["observation"]["legal"]
        assert client.post(f"/api/tables/{table_id}/moves", json={
            "token": seat_tokens[mover], "action": legal[0]["id"],
            "move_number": seen["move_number"]}).status_code == 200
    for token in seat_tokens.values():
        answered = client.post(f"/api/tables/{table_id}/rematch",
                               json={"token": token, "accept": True})
        assert answered.status_code == 200, answered.text
    rematch = view(client, table_id)["rematch"]["table"]
    # the seats move on by one: the player sits at seat 1 now, by his key alone
    seen = view(client, rematch)
    assert seen["seat"] == 1
    assert seen["table"]["seats"][1]["player"] == ann["id"]
    page = client.get(f"/api/players/{ann['id']}").json()
    assert [entry["table"] for entry in page["playing"]] == [rematch]
    assert [(entry["table"], entry["seat"]) for entry in page["finished"]] == [(table_id, 0)]


# --- limits ------------------------------------------------------------------------------
def test_players_an_address_makes_are_limited_an_hour_and_a_day(database_url: str) -> None:
    clock = ManualClock()
    limits = Limits(computer_pace=0, players_per_address_hour=2, players_per_address_day=3)
    app = create_app(database_url, computer_delay=0, limits=limits, pauses=NO_PAUSES,
                     clock=clock)
    with TestClient(app) as client:
        for name in ("Ann", "Bob"):
            make_player(client, name)
            client.post("/api/players/me/forget", json={})
        refused(client.post("/api/players", json={"name": "Cy"}), 429,
                "this address has made 2 players in the last hour, the most one address may: "
                "try again later")
        clock.now = 3601
        make_player(client, "Cy")
        client.post("/api/players/me/forget", json={})
        clock.now = 2 * 3601
        refused(client.post("/api/players", json={"name": "Dee"}), 429,
                "this address has made 3 players in the last day, the most one address may: "
                "try again later")
        clock.now = 24 * 3600 + 1
        make_player(client, "Dee")


def test_renames_are_limited_an_hour(database_url: str) -> None:
    clock = ManualClock()
    limits = Limits(computer_pace=0, renames_per_player_hour=2)
    app = create_app(database_url, computer_delay=0, limits=limits, pauses=NO_PAUSES,
                     clock=clock)
    with TestClient(app) as client:
        make_player(client, "Ann")
        for name in ("Anna", "Annie"):
            assert client.post("/api/players/me/name", json={"name": name}).status_code == 200
        refused(client.post("/api/players/me/name", json={"name": "Ana"}), 429,
                "you have changed your name 2 times in the last hour, the most a player may: "
                "try again later")
        clock.now = 3601
        assert client.post("/api/players/me/name", json={"name": "Ana"}).json()["name"] == "Ana"


def test_the_tables_a_player_sits_at_are_limited(database_url: str) -> None:
    limits = Limits(computer_pace=0, tables_per_player=2)
    app = create_app(database_url, computer_delay=0, limits=limits, pauses=NO_PAUSES)
    with TestClient(app) as client:
        make_player(client, "Ann")
        bob = other_browser(client)
        assert bob.post("/api/players", json={"name": "Bob"}).status_code == 201
        too_many = ("you sit at 2 unfinished tables already, the most a player may (2): "
                    "finish one before you sit at another")
        seats = [HUMAN, HUMAN]
        for _ in range(2):
            create_table(client, ThreeTricks.name, seats, {"hands": 1})
        refused(client.post("/api/tables", json={
            "game": ThreeTricks.name, "options": {"hands": 1}, "seats": seats}), 429, too_many)
        # nor take an open seat at a third, which a person with a link alone made
        made = client.post("/api/tables", headers={"X-Parlour-Player": "no one's"}, json={
            "game": ThreeTricks.name, "options": {"hands": 1}, "seats": [HUMAN, {"kind": "open"}]})
        assert made.status_code == 201, made.text
        take = f"/api/tables/{made.json()['id']}/seats/1/take"
        refused(client.post(take, json={}), 429, too_many)
        # Bob, who sits nowhere yet, may
        assert bob.post(take, json={}).status_code == 200


def test_the_default_limits() -> None:
    limits = Limits()
    assert (limits.players_per_address_hour, limits.players_per_address_day,
            limits.renames_per_player_hour, limits.tables_per_player) == (5, 20, 10, 50)

