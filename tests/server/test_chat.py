"""Chat at a table (docs/web.md, "Chat"): who may send, what a message may
hold, the limits, mutes over HTTP and the socket, a restart, the record
and the replay."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import pytest
from fastapi.testclient import TestClient
from web_support import HUMAN, ManualClock, create_table, move, tokens, view

import parlour
from parlour.server import chat, create_app
from parlour.server.db import Database
from parlour.server.payloads import name_key
from parlour.server.players import PLAYER_HEADER
from parlour.server.tables import hash_token

SPECTATORS_REFUSED = {"error": (
    "only the people at this table's seats may chat: its creator has not opened the chat "
    "to spectators")}
NOT_A_PLAYER = {"error": "a spectator chats as a player: choose a name first"}
TOO_FAST = {"error": (
    "you are sending chat messages too fast: at most 5 at once, then one every 2 seconds")}


def add_player(database_url: str, name: str) -> tuple[int, str]:
    """A player made straight in the database: his id and his key."""
    database = Database(database_url)
    try:
        key = f"key-of-{name}"
        row = database.add_player(name, name_key(name), hash_token(key))
        assert row is not None
        return row.id, key
    finally:
        database.close()


def as_player(key: str) -> dict[str, str]:
    return {PLAYER_HEADER: key}


def say(client: TestClient, table_id: int, text: object, token: str | None = None,
        headers: dict[str, str] | None = None) -> Any:
    body: dict[str, object] = {"text": text}
    if token is not None:
        body["token"] = token
    return client.post(f"/api/tables/{table_id}/chat", json=body, headers=headers)


def sent(reply: Any, status: int = 201) -> dict[str, Any]:
    """The message of a reply, without its time (checked to be an ISO 8601 moment)."""
    assert reply.status_code == status, reply.text
    message = dict(reply.json())
    assert datetime.fromisoformat(message.pop("sent")).tzinfo is not None
    return message


def listed(client: TestClient, table_id: int, headers: dict[str, str] | None = None,
           path: str = "chat") -> list[dict[str, Any]]:
    response = client.get(f"/api/tables/{table_id}/{path}", headers=headers)
    assert response.status_code == 200, response.text
    messages = response.json() if path == "chat" else response.json()["chat"]
    return [{key: value for key, value in message.items() if key != "sent"}
            for message in messages]


def message(number: int, seat: int | None, name: str, text: str, move_number: int = 0,
            player: int | None = None) -> dict[str, Any]:
    return {"number": number, "seat": seat, "player": player, "name": name, "text": text,
            "move_number": move_number}


def test_a_seat_chats_with_its_token_in_the_body_or_a_header(client: TestClient) -> None:
    created = create_table(client)
    table_id, seat_tokens = created["id"], tokens(created)
    assert sent(say(client, table_id, "  good luck, all  ", seat_tokens[0])) == \
        message(1, 0, "P0", "good luck, all")
    by_header = say(client, table_id, "thanks",
                    headers={"Authorization": f"Bearer {seat_tokens[2]}"})
    assert sent(by_header) == message(2, 2, "P2", "thanks")
    assert listed(client, table_id) == [message(1, 0, "P0", "good luck, all"),
                                        message(2, 2, "P2", "thanks")]
    assert say(client, table_id, "hi", "guess").json() == {
        "error": f"this link's token opens no seat at table {table_id}"}
    assert client.get("/api/tables/999/chat").json() == {"error": "there is no table 999"}


def test_a_browser_whose_player_key_is_stale_reads_and_chats_by_its_seat_link(
    client: TestClient,
) -> None:
    """A revoked (or another server's) key is no player: the chat is read as
    anyone reads it, and the seat's link still chats; nothing is refused
    for the stale cookie."""
    created = create_table(client)
    table_id, seat_tokens = created["id"], tokens(created)
    stale = as_player("a key no player has")
    assert sent(say(client, table_id, "still here", seat_tokens[0], headers=stale)) == \
        message(1, 0, "P0", "still here")
    assert listed(client, table_id, headers=stale) == [message(1, 0, "P0", "still here")]


def test_a_message_is_sent_under_the_seat_s_name_and_the_move_it_was_sent_at(
    client: TestClient,
) -> None:
    created = create_table(client)
    table_id, seat_tokens = created["id"], tokens(created)
    assert client.post(f"/api/tables/{table_id}/name",
                       json={"token": seat_tokens[3], "name": "Ann"}).status_code == 200
    state = parlour.make("polignac").new_state(seed=1)
    mover = state.current_player()
    assert move(client, table_id, seat_tokens[mover], 0,
                action=state.legal_actions()[0]).status_code == 200
    assert sent(say(client, table_id, "nice lead", seat_tokens[3])) == \
        message(1, 3, "Ann", "nice lead", move_number=1)


def test_spectators_chat_only_when_the_creator_allows_it_and_only_as_players(
    client: TestClient, database_url: str,
) -> None:
    created = create_table(client)
    table_id = created["id"]
    bob, key = add_player(database_url, "Bob")
    assert say(client, table_id, "hello").json() == SPECTATORS_REFUSED
    refused = say(client, table_id, "hello", headers=as_player(key))
    assert (refused.status_code, refused.json()) == (403, SPECTATORS_REFUSED)
    assert view(client, table_id)["table"]["spectator_chat"] is False

    creator = created["creator_url"].split("#creator=")[1]
    path = f"/api/tables/{table_id}/chat-settings"
    assert client.post(path, json={"creator": "guess", "spectators": True}).json() == {
        "error": f"this creator's link is not table {table_id}'s"}
    assert client.post(path, json={"creator": creator, "spectators": "yes"}).json() == {
        "error": 'say whether spectators may chat: {"spectators": true} or '
                 '{"spectators": false}'}
    allowed = client.post(path, json={"creator": creator, "spectators": True})
    assert (allowed.status_code, allowed.json()) == (200, {"spectators": True})
    assert view(client, table_id)["table"]["spectator_chat"] is True

    anonymous = say(client, table_id, "hello")
    assert (anonymous.status_code, anonymous.json()) == (403, NOT_A_PLAYER)
    assert sent(say(client, table_id, "hello", headers=as_player(key))) == \
        message(1, None, "Bob", "hello", player=bob)
    revoked = say(client, table_id, "hello", headers=as_player("not-a-key"))
    assert revoked.status_code == 403

    assert client.post(path, json={"creator": creator, "spectators": False}).status_code == 200
    assert say(client, table_id, "again", headers=as_player(key)).json() == SPECTATORS_REFUSED


def test_a_table_made_with_spectator_chat_lets_spectators_chat_from_the_start(
    client: TestClient, database_url: str,
) -> None:
    body = {"game": "polignac", "seats": [HUMAN] * 4, "spectator_chat": True}
    created = client.post("/api/tables", json=body).json()
    _, key = add_player(database_url, "Cy")
    assert say(client, created["id"], "hi", headers=as_player(key)).status_code == 201
    bad = client.post("/api/tables", json={**body, "spectator_chat": 1})
    assert (bad.status_code, bad.json()) == (400, {"error": (
        "spectator_chat is true (spectators who are players may chat) or false, not 1")})


@pytest.mark.parametrize(("text", "error"), [
    ("", "a chat message may not be empty"),
    ("   \t ", "a chat message may not be empty"),
    ("x" * 201, "a chat message has at most 200 characters, not 201"),
    ("one\ntwo", "a chat message may not hold control characters "
                 "(line breaks, tabs, invisible marks)"),
    ("a\u202eb", "a chat message may not hold control characters "
                 "(line breaks, tabs, invisible marks)"),
    ("bell\x07", "a chat message may not hold control characters "
                 "(line breaks, tabs, invisible marks)"),
    (5, 'write the chat message as text: {"text": "..."}'),
    (None, 'write the chat message as text: {"text": "..."}'),
])
def test_a_message_that_is_empty_too_long_or_holds_control_characters_is_refused(
    client: TestClient, text: object, error: str,
) -> None:
    created = create_table(client)
    reply = say(client, created["id"], text, tokens(created)[0])
    assert (reply.status_code, reply.json()) == (400, {"error": error})
    assert listed(client, created["id"]) == []


def test_a_message_is_folded_trimmed_and_may_hold_200_characters_and_joiners(
    client: TestClient,
) -> None:
    created = create_table(client)
    table_id, token = created["id"], tokens(created)[0]
    assert sent(say(client, table_id, "x" * 200, token))["text"] == "x" * 200
    assert sent(say(client, table_id, " Ｗｅｌｌ\u00a0played ", token))["text"] == "Well played"
    family = "\U0001f468\u200d\U0001f469\u200d\U0001f467"
    assert sent(say(client, table_id, family, token))["text"] == family
    unknown = client.post(f"/api/tables/{table_id}/chat", json={"token": token, "txt": "hi"})
    assert unknown.json() == {
        "error": "the request has an unknown field 'txt'; its fields are token, text"}


def test_html_is_kept_and_given_back_as_text(client: TestClient) -> None:
    created = create_table(client)
    text = "<script>alert('x')</script> & <b>x</b>"
    reply = say(client, created["id"], text, tokens(created)[0])
    assert reply.headers["content-type"] == "application/json"
    assert sent(reply)["text"] == text
    assert listed(client, created["id"])[0]["text"] == text
    assert text.encode() in client.get(f"/api/tables/{created['id']}/chat").content


def test_a_sender_past_five_messages_waits_two_seconds_a_message(
    timed_client: TestClient, clock: ManualClock,
) -> None:
    created = create_table(timed_client)
    table_id, seat_tokens = created["id"], tokens(created)
    for number in range(1, 6):
        assert say(timed_client, table_id, f"m{number}", seat_tokens[0]).status_code == 201
    refused = say(timed_client, table_id, "m6", seat_tokens[0])
    assert (refused.status_code, refused.json()) == (429, TOO_FAST)
    # another seat has its own allowance
    assert say(timed_client, table_id, "other", seat_tokens[1]).status_code == 201
    clock.now += 1.9
    assert say(timed_client, table_id, "m6", seat_tokens[0]).status_code == 429
    clock.now += 0.1
    assert say(timed_client, table_id, "m6", seat_tokens[0]).status_code == 201
    assert say(timed_client, table_id, "m7", seat_tokens[0]).status_code == 429
    clock.now += 10
    for number in range(7, 12):
        assert say(timed_client, table_id, f"m{number}", seat_tokens[0]).status_code == 201
    assert say(timed_client, table_id, "m12", seat_tokens[0]).status_code == 429
    assert [each["text"] for each in listed(timed_client, table_id)] == [
        "m1", "m2", "m3", "m4", "m5", "other", "m6", "m7", "m8", "m9", "m10", "m11"]


def test_the_socket_s_chat_has_the_same_allowance(
    timed_client: TestClient, clock: ManualClock,
) -> None:
    created = create_table(timed_client)
    table_id, token = created["id"], tokens(created)[0]
    with timed_client.websocket_connect(f"/ws/tables/{table_id}?token={token}") as socket:
        socket.receive_json()
        for number in range(5):
            socket.send_json({"type": "chat", "text": f"m{number}"})
            assert socket.receive_json()["message"]["text"] == f"m{number}"
        socket.send_json({"type": "chat", "text": "m5"})
        assert socket.receive_json() == {"type": "error", "status": 429, **{
            "message": TOO_FAST["error"]}}
        clock.now += 2
        socket.send_json({"type": "chat", "text": "m5"})
        assert socket.receive_json()["message"]["number"] == 6


def test_a_table_keeps_at_most_its_cap_of_messages(
    client: TestClient, monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(chat, "MAX_TABLE_MESSAGES", 3)
    created = create_table(client)
    table_id, seat_tokens = created["id"], tokens(created)
    for seat in range(3):
        assert say(client, table_id, "hi", seat_tokens[seat]).status_code == 201
    full = say(client, table_id, "one more", seat_tokens[3])
    assert (full.status_code, full.json()) == (409, {
        "error": "this table's chat is full: it keeps at most 3 messages"})
    other = create_table(client)
    assert say(client, other["id"], "hi", tokens(other)[0]).status_code == 201


def test_the_socket_sends_chat_to_every_connection_and_refuses_as_http_does(
    client: TestClient,
) -> None:
    created = create_table(client)
    table_id, seat_tokens = created["id"], tokens(created)
    with client.websocket_connect(f"/ws/tables/{table_id}?token={seat_tokens[1]}") as seat, \
            client.websocket_connect(f"/ws/tables/{table_id}") as spectator:
        seat.receive_json()
        spectator.receive_json()
        seat.send_json({"type": "chat", "text": "<b>x</b>"})
        for socket in (seat, spectator):
            pushed = socket.receive_json()
            assert pushed["type"] == "chat"
            pushed["message"].pop("sent")
            assert pushed["message"] == message(1, 1, "P1", "<b>x</b>")
        spectator.send_json({"type": "chat", "text": "hello"})
        assert spectator.receive_json() == {
            "type": "error", "status": 403, "message": SPECTATORS_REFUSED["error"]}
        seat.send_json({"type": "chat", "text": "a" * 201})
        assert seat.receive_json() == {
            "type": "error", "status": 400,
            "message": "a chat message has at most 200 characters, not 201"}
        seat.send_json({"type": "chat", "text": "hi", "to": 2})
        assert seat.receive_json()["message"] == (
            "a chat message has an unknown field 'to'; its fields are type, text")
    assert listed(client, table_id) == [message(1, 1, "P1", "<b>x</b>")]


def test_a_muted_player_s_messages_are_left_out_for_the_player_who_muted_him(
    client: TestClient, database_url: str,
) -> None:
    body = {"game": "polignac", "seats": [HUMAN] * 4, "seed": 1, "spectator_chat": True}
    created = client.post("/api/tables", json=body).json()
    table_id, seat_tokens = created["id"], tokens(created)
    ann, ann_key = add_player(database_url, "Ann")
    bob, bob_key = add_player(database_url, "Bob")
    path = f"/ws/tables/{table_id}"
    with client.websocket_connect(path, headers=as_player(ann_key)) as ann_socket, \
            client.websocket_connect(path, headers=as_player(bob_key)) as bob_socket:
        ann_socket.receive_json()
        bob_socket.receive_json()
        muting = client.post("/api/players/me/mute", json={"player": bob, "muted": True},
                             headers=as_player(ann_key))
        assert (muting.status_code, muting.json()) == (200, {"muted": [bob]})
        bob_socket.send_json({"type": "chat", "text": "from Bob"})
        assert bob_socket.receive_json()["message"]["text"] == "from Bob"
        assert say(client, table_id, "from P0", seat_tokens[0]).status_code == 201
        # Ann's socket skipped Bob's message: the seat's is the next she gets
        assert ann_socket.receive_json()["message"]["text"] == "from P0"
        assert bob_socket.receive_json()["message"]["text"] == "from P0"
        ann_socket.send_json({"type": "chat", "text": "from Ann"})
        assert ann_socket.receive_json()["message"]["text"] == "from Ann"
        assert bob_socket.receive_json()["message"]["text"] == "from Ann"

        every = [message(1, None, "Bob", "from Bob", player=bob),
                 message(2, 0, "P0", "from P0"),
                 message(3, None, "Ann", "from Ann", player=ann)]
        assert listed(client, table_id) == every
        assert listed(client, table_id, as_player(bob_key)) == every
        assert listed(client, table_id, as_player(ann_key)) == [every[1], every[2]]
        for key in (ann_key, bob_key, hash_token(ann_key), hash_token(bob_key)):
            assert key not in client.get(f"/api/tables/{table_id}/chat").text

        assert client.get("/api/players/me/mute", headers=as_player(ann_key)).json() == {
            "muted": [{"id": bob, "name": "Bob"}]}
        # a browser without a player mutes nobody (every table page asks)
        assert client.get("/api/players/me/mute").json() == {"muted": []}
        assert client.get("/api/players/me/mute", headers=as_player("stale")).json() == {
            "muted": []}
        hearing = client.post("/api/players/me/mute", json={"player": bob, "muted": False},
                              headers=as_player(ann_key))
        assert hearing.json() == {"muted": []}
        bob_socket.send_json({"type": "chat", "text": "heard again"})
        assert ann_socket.receive_json()["message"]["text"] == "heard again"
        assert listed(client, table_id, as_player(ann_key))[0] == every[0]


def test_muting_needs_a_player_and_another_player_who_exists(
    client: TestClient, database_url: str,
) -> None:
    ann, key = add_player(database_url, "Ann")
    path = "/api/players/me/mute"
    cases = [
        ({"player": 2, "muted": True}, {}, 403, "this needs a player: choose a name first"),
        ({"player": ann, "muted": True}, as_player(key), 400, "you cannot mute yourself"),
        ({"player": 99, "muted": True}, as_player(key), 404, "there is no player 99"),
        ({"player": "Bob", "muted": True}, as_player(key), 400,
         'name the player by his id: {"player": ID, "muted": true}'),
        ({"player": 2}, as_player(key), 400,
         'say whether the player is muted: {"muted": true}, or false to hear him again'),
    ]
    for body, headers, status, error in cases:
        reply = client.post(path, json=body, headers=headers)
        assert (reply.status_code, reply.json()) == (status, {"error": error}), body


def test_the_chat_and_its_setting_survive_a_restart(database_url: str) -> None:
    with TestClient(create_app(database_url, computer_delay=0)) as client:
        created = create_table(client)
        table_id, seat_tokens = created["id"], tokens(created)
        creator = created["creator_url"].split("#creator=")[1]
        assert say(client, table_id, "before", seat_tokens[0]).status_code == 201
        assert client.post(f"/api/tables/{table_id}/chat-settings",
                           json={"creator": creator, "spectators": True}).status_code == 200
    with TestClient(create_app(database_url, computer_delay=0)) as client:
        assert view(client, table_id)["table"]["spectator_chat"] is True
        assert sent(say(client, table_id, "after", seat_tokens[1])) == \
            message(2, 1, "P1", "after")
        assert listed(client, table_id) == [message(1, 0, "P0", "before"),
                                            message(2, 1, "P1", "after")]


def test_the_record_and_the_replay_show_the_chat_at_the_moves_it_was_sent(
    client: TestClient,
) -> None:
    created = create_table(client, game="tiny-polignac", seats=[HUMAN] * 3)
    table_id, seat_tokens = created["id"], tokens(created)
    state = parlour.make("tiny-polignac").new_state(seed=1)
    said_at = {0: "good luck", 2: "ouch", 6: "well played"}
    for move_number in range(7):
        if move_number in said_at:
            assert say(client, table_id, said_at[move_number],
                       seat_tokens[move_number % 3]).status_code == 201
        if state.is_terminal():
            break
        action = state.legal_actions()[0]
        assert move(client, table_id, seat_tokens[state.current_player()], move_number,
                    action=action).status_code == 200
        state.apply(action)
    assert view(client, table_id)["status"] == "finished"
    every = [message(1, 0, "P0", "good luck", 0), message(2, 2, "P2", "ouch", 2),
             message(3, 0, "P0", "well played", 6)]
    record = client.get(f"/api/tables/{table_id}/record").json()
    assert [{key: value for key, value in each.items() if key != "sent"}
            for each in record.pop("chat")] == every
    assert record == state.record()
    assert parlour.replay(client.get(f"/api/tables/{table_id}/record").json()).is_terminal()
    for move_number, shown in [(0, every[:1]), (1, []), (2, every[1:2]), (5, []),
                               (6, every[2:])]:
        assert listed(client, table_id, path=f"replay/{move_number}") == shown, move_number


def seat_player(database_url: str, table_id: int, seat: int, player: int, name: str) -> None:
    """Seat the player at the table as the players' work does (his id and
    name in the seat, a ``table_seats`` row), while no app runs."""
    database = Database(database_url)
    try:
        stored = database.table(table_id)
        assert stored is not None
        seats = [dict(each) for each in stored.row.seats]
        seats[seat].update(player=player, name=name)
        database.set_table_seats(table_id, seats)
        database.set_seat_player(table_id, seat, player)
    finally:
        database.close()


def test_a_player_s_key_opens_his_seat_for_the_chat(database_url: str) -> None:
    with TestClient(create_app(database_url, computer_delay=0)) as client:
        created = create_table(client)
    table_id = created["id"]
    ann, ann_key = add_player(database_url, "Ann")
    _, bob_key = add_player(database_url, "Bob")
    seat_player(database_url, table_id, 2, ann, "Ann")
    with TestClient(create_app(database_url, computer_delay=0)) as client:
        assert sent(say(client, table_id, "mine", headers=as_player(ann_key))) == \
            message(1, 2, "Ann", "mine", player=ann)
        with client.websocket_connect(f"/ws/tables/{table_id}",
                                      headers=as_player(ann_key)) as socket:
            assert socket.receive_json()["seat"] == 2
            socket.send_json({"type": "chat", "text": "by socket"})
            pushed = socket.receive_json()["message"]
            assert (pushed["seat"], pushed["player"], pushed["name"]) == (2, ann, "Ann")
        # Bob is a spectator: the table's chat is the seats' only
        assert say(client, table_id, "hi", headers=as_player(bob_key)).json() == \
            SPECTATORS_REFUSED
        assert client.post("/api/players/me/mute", json={"player": ann, "muted": True},
                           headers=as_player(bob_key)).json() == {"muted": [ann]}
        assert listed(client, table_id, as_player(bob_key)) == []
        assert len(listed(client, table_id)) == 2


def test_a_rematch_keeps_the_spectators_chat(client: TestClient) -> None:
    body = {"game": "tiny-polignac", "seats": [HUMAN] * 3, "seed": 1, "spectator_chat": True}
    created = client.post("/api/tables", json=body).json()
    table_id, seat_tokens = created["id"], tokens(created)
    state = parlour.make("tiny-polignac").new_state(seed=1)
    while not state.is_terminal():
        action = state.legal_actions()[0]
        assert move(client, table_id, seat_tokens[state.current_player()], len(state.history),
                    action=action).status_code == 200
        state.apply(action)
    for token in seat_tokens.values():
        answered = client.post(f"/api/tables/{table_id}/rematch",
                               json={"token": token, "accept": True})
        assert answered.status_code == 200, answered.text
    made = answered.json()["rematch"]["table"]
    assert isinstance(made, int) and made != table_id
    assert view(client, made)["table"]["spectator_chat"] is True
