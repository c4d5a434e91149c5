"""The JSON API of docs/web.md: lobby data, creating and joining tables,
moves (by id and by text, illegal, out of turn, stale), tokens, records and
replays."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient
from web_support import COMPUTER, HUMAN, create_table, move, tokens, view, wait_until

import parlour
from parlour.agents import AGENTS, hint, levels
from parlour.cards import DECKS
from parlour.engine import State, game_class
from parlour.engine.observation import COMMON_KEYS, FRAME_KEYS, STANDING_KEYS
from parlour.errors import IllegalAction
from parlour.server.tables import agent_seed
from support import GAME_NAMES


def _play_first_legal(client: TestClient, table_id: int, seat_tokens: dict[int, str],
                      state: State) -> None:
    """Play the first legal action for whoever is to move, on the server and
    on the local copy ``state``."""
    seat = state.current_player()
    action = state.legal_actions()[0]
    response = move(client, table_id, seat_tokens[seat], len(state.history), action=action)
    assert response.status_code == 200, response.text
    state.apply(action)


def _finish_by_hand(client: TestClient, table_id: int, seat_tokens: dict[int, str],
                    state: State) -> None:
    while not state.is_terminal():
        _play_first_legal(client, table_id, seat_tokens, state)


# --- lobby data ------------------------------------------------------------------
def test_agents_lists_the_levels_first_then_every_other_agent(client: TestClient) -> None:
    listed = client.get("/api/agents").json()
    assert listed[:3] == ["easy", "medium", "hard"]
    assert listed[3:] == sorted(set(AGENTS) - {"easy", "medium", "hard"})


def test_the_browser_reads_the_engines_observation_keys(client: TestClient) -> None:
    """board.js draws from these sets instead of a copy of its own."""
    response = client.get("/api/observation-keys")
    assert response.status_code == 200
    assert response.json() == {
        "common": sorted(COMMON_KEYS), "frame": sorted(FRAME_KEYS),
        "standing": sorted(STANDING_KEYS),
    }
    assert response.json()["frame"] == ["hand_log_start", "log_start", "options", "places"]


@pytest.mark.parametrize(("pack", "deck"), [("german", "german32"), ("french", "piquet32")])
def test_a_view_names_the_deck_its_options_chose(
    client: TestClient, pack: str, deck: str
) -> None:
    """Bassadewitz's pack option picks the deck, which /api/games cannot say."""
    created = create_table(client, "bassadewitz", options={"pack": pack})
    assert view(client, created["id"])["table"]["deck"] == deck


def test_a_polignac_table_of_the_52_card_party_game_names_its_pack(client: TestClient) -> None:
    """Polignac's pack option (issue 33) picks the 52-card deck for the view;
    /api/games offers the option and direction with their choices."""
    created = create_table(client, "polignac", options={"pack": 52, "direction": "right"})
    assert view(client, created["id"])["table"]["deck"] == "french52"
    listed = {game["name"]: game for game in client.get("/api/games").json()}
    options = {option["name"]: option for option in listed["polignac"]["options"]}
    assert options["pack"]["choices"] == [32, 52]
    assert options["direction"]["choices"] == ["left", "right"]


def test_games_lists_every_registered_game_with_its_rules(client: TestClient) -> None:
    listed = client.get("/api/games").json()
    assert [game["name"] for game in listed] == GAME_NAMES
    for game in listed:
        cls = game_class(game["name"])
        assert game["rules"] == cls.rules_help()
        assert game["players"] == [cls.min_players, cls.max_players]
        assert game["player_counts"] == list(cls.player_counts())
        assert game["options"] == cls.schema.describe()
        assert game["title"] == cls.title and game["description"] == cls.description
        assert game["layout"] == cls.layout
        assert game["deck_title"] == DECKS[game["deck"]].title
    # the lobby lists the research games last, marked (static/lobby.js)
    assert [game["name"] for game in listed if game["research"]] == [
        "tiny-polignac", "tiny-ranter-go-round"]


@pytest.mark.parametrize("deck", sorted(DECKS))
def test_every_deck_is_described_card_by_card(client: TestClient, deck: str) -> None:
    described = client.get(f"/api/decks/{deck}").json()
    pack = DECKS[deck]
    assert described["name"] == deck and described["suits"] == list(pack.suits)
    assert [card["code"] for card in described["cards"]] == [card.code for card in pack]
    first = described["cards"][0]
    assert set(first) == {"id", "code", "name", "rank", "suits", "red"}


def test_an_unknown_deck_is_404(client: TestClient) -> None:
    response = client.get("/api/decks/tarot78")
    assert response.status_code == 404
    assert "no deck called 'tarot78'" in response.json()["error"]


# --- creating tables -----------------------------------------------------------------
@pytest.mark.parametrize("name", GAME_NAMES)
def test_a_table_of_every_game_opens_with_private_seat_links(
    client: TestClient, name: str
) -> None:
    players = parlour.make(name).num_players
    created = create_table(client, name, [HUMAN] + [COMPUTER] * (players - 1), delay=30)
    assert created["game"] == name and created["url"] == f"/tables/{created['id']}"
    assert [seat["kind"] for seat in created["seats"]] == ["human"] + ["computer"] * (players - 1)
    if players > 1:
        assert created["seats"][1] == {"seat": 1, "kind": "computer", "agent": "random"}
    (token,) = tokens(created).values()
    seen = view(client, created["id"], token)
    assert seen["seat"] == 0 and seen["status"] == "playing" and seen["move_number"] == 0
    # a patience's cards are all on the table: its player holds no hand
    assert seen["observation"]["hand"] or (players == 1 and seen["observation"]["zones"])
    assert seen["table"]["delay"] == 30 and seen["table"]["game"] == name
    spectator = view(client, created["id"])
    assert spectator["seat"] is None and spectator["observation"]["hand"] == []


def test_every_human_seat_gets_its_own_token(client: TestClient) -> None:
    created = create_table(client)
    seat_tokens = tokens(created)
    assert sorted(seat_tokens) == [0, 1, 2, 3]
    assert len(set(seat_tokens.values())) == 4
    assert all(len(token) == 32 for token in seat_tokens.values())
    for seat, token in seat_tokens.items():
        assert view(client, created["id"], token)["seat"] == seat


@pytest.mark.parametrize(("body", "status", "sentence"), [
    ({"game": "polignac", "options": {"players": 9}, "seats": [HUMAN] * 4}, 422,
     "option 'players' must be one of 3, 4, 5, 6, 7, 8, not 9"),
    ({"game": "polignac", "options": {"target": 0}, "seats": [HUMAN] * 4}, 422,
     "option 'target' must be an integer from 1 to 100, not 0"),
    ({"game": "polignac", "options": {"trumps": "hearts"}, "seats": [HUMAN] * 4}, 422,
     "unknown option 'trumps'"),
    ({"game": "polignak", "seats": [HUMAN] * 4}, 422,
     "no game called 'polignak' (did you mean 'polignac'?)"),
    ({"game": "polignac", "seats": [HUMAN] * 3 + [{"kind": "computer", "agent": "deep"}]},
     422, "no agent called 'deep'; agents are "),
    ({"game": "polignac", "seats": [HUMAN] * 3 + [{"kind": "robot"}]}, 400,
     "a seat's kind must be 'human', 'computer' or 'open', not 'robot'"),
    ({"game": "polignac", "seats": [HUMAN] * 3}, 400,
     "Polignac is played here by 4 players: give 4 seats, not 3"),
    ({"game": "golf", "seats": [HUMAN] * 2}, 400,
     "Golf is played here by 1 player: give 1 seat, not 2"),
    ({"game": "polignac", "seats": [HUMAN] * 4, "seed": "seven"}, 400,
     "a seed must be a whole number from 0 to 2**64 - 1, not 'seven'"),
    ({"game": "polignac", "seats": [HUMAN] * 4, "delay": -1}, 400,
     "the delay must be a number of seconds from 0 to 60, not -1"),
    ({"seats": [HUMAN] * 4}, 400, "name the game to play"),
    (["polignac"], 400, "the request must be a JSON object"),
])
def test_bad_tables_are_refused_with_a_sentence(
    client: TestClient, body: Any, status: int, sentence: str
) -> None:
    response = client.post("/api/tables", json=body)
    assert response.status_code == status
    assert sentence in response.json()["error"]


def test_a_body_that_is_not_json_is_400(client: TestClient) -> None:
    response = client.post("/api/tables", content=b"{game: polignac",
                           headers={"content-type": "application/json"})
    assert response.status_code == 400
    assert response.json() == {"error": "the request body must be JSON"}


# --- joining and tokens ----------------------------------------------------------------
def test_a_wrong_or_foreign_token_is_refused(client: TestClient) -> None:
    first, second = create_table(client), create_table(client)
    foreign = tokens(second)[0]
    for token in ("guess", "x" * 32, foreign):
        response = client.get(f"/api/tables/{first['id']}/view", params={"token": token})
        assert response.status_code == 403
        assert response.json()["error"] == (
            f"this link's token opens no seat at table {first['id']}"
        )
        assert move(client, first["id"], token, 0, text="pass").status_code == 403


def test_an_unknown_table_is_404(client: TestClient) -> None:
    for path in ("/api/tables/999/view", "/api/tables/abc/view", "/api/tables/999/record"):
        response = client.get(path)
        assert response.status_code == 404
        assert response.json()["error"].startswith("there is no table")


def test_the_spectator_view_holds_no_hand_and_no_legal_moves(client: TestClient) -> None:
    created = create_table(client)
    spectator = view(client, created["id"])["observation"]
    state = parlour.make("polignac").new_state(seed=1)
    assert spectator == state.public_observation()
    assert spectator["hand"] == [] and spectator["legal"] == []


# --- moves -------------------------------------------------------------------------------
def test_moves_by_id_and_by_text(client: TestClient) -> None:
    created = create_table(client)
    seat_tokens = tokens(created)
    state = parlour.make("polignac").new_state(seed=1)
    seat = state.current_player()
    response = move(client, created["id"], seat_tokens[seat], 0, action=state.legal_actions()[0])
    assert response.status_code == 200
    state.apply(state.legal_actions()[0])
    assert response.json()["move_number"] == 1
    assert response.json()["observation"] == state.observation(seat)
    seat = state.current_player()
    response = move(client, created["id"], seat_tokens[seat], 1, text="PASS")
    assert response.status_code == 200, response.text
    state.apply(state.parse_action("pass"))
    assert response.json()["seat"] == seat
    assert view(client, created["id"])["observation"] == state.public_observation()


def test_an_illegal_move_gives_the_engines_reason_and_changes_nothing(
    client: TestClient,
) -> None:
    created = create_table(client)
    seat_tokens = tokens(created)
    state = parlour.make("polignac").new_state(seed=1)
    for _ in range(5):
        _play_first_legal(client, created["id"], seat_tokens, state)
    seat = state.current_player()
    before = view(client, created["id"], seat_tokens[seat])
    with pytest.raises(IllegalAction) as refused:
        state.clone().apply(state.parse_action("JS"))
    response = move(client, created["id"], seat_tokens[seat], 5, text="JS")
    assert response.status_code == 400
    assert response.json() == {"error": "you must follow suit: you hold hearts"}
    assert str(refused.value) == "you must follow suit: you hold hearts"
    assert view(client, created["id"], seat_tokens[seat]) == before
    unknown = move(client, created["id"], seat_tokens[seat], 5, text="JX")
    assert unknown.status_code == 400 and "'JX'" in unknown.json()["error"]
    out_of_range = move(client, created["id"], seat_tokens[seat], 5, action=999)
    assert out_of_range.status_code == 400
    assert view(client, created["id"], seat_tokens[seat]) == before


def test_a_move_out_of_turn_is_409_naming_whose_turn_it_is(client: TestClient) -> None:
    created = create_table(client)
    seat_tokens = tokens(created)
    state = parlour.make("polignac").new_state(seed=1)
    to_move = state.current_player()
    other = (to_move + 1) % 4
    response = move(client, created["id"], seat_tokens[other], 0, text="pass")
    assert response.status_code == 409
    assert response.json() == {"error": f"it is P{to_move}'s turn, not yours"}
    assert view(client, created["id"])["move_number"] == 0


def test_a_stale_move_number_is_409(client: TestClient) -> None:
    created = create_table(client)
    seat_tokens = tokens(created)
    state = parlour.make("polignac").new_state(seed=1)
    seat = state.current_player()
    assert move(client, created["id"], seat_tokens[seat], 0, text="pass").status_code == 200
    again = move(client, created["id"], seat_tokens[state.current_player()], 0, text="pass")
    assert again.status_code == 409
    assert again.json()["error"] == (
        "the table has moved on: this move was chosen at move 0, the table is at move 1"
    )


def test_a_hint_names_what_hard_would_play_without_playing_it(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(levels, "HARD_ITERATIONS", 30)
    monkeypatch.setattr(levels, "VECTOR_DEALS", 30)
    created = create_table(client, options={"target": 1}, hints=True)
    table_id = created["id"]
    seat_tokens = tokens(created)
    state = parlour.make("polignac", target=1).new_state(seed=1)
    seat = state.current_player()
    expected = hint(state, agent_seed(1, seat, 0))
    response = client.get(f"/api/tables/{table_id}/hint", params={"token": seat_tokens[seat]})
    assert response.status_code == 200, response.text
    assert response.json() == {
        "action": expected.action, "text": expected.text, "level": "hard", "move_number": 0,
        "sentence": None,
    }
    assert expected.action in state.legal_actions()
    assert view(client, table_id)["move_number"] == 0

    other = client.get(f"/api/tables/{table_id}/hint",
                       params={"token": seat_tokens[(seat + 1) % 4]})
    assert other.status_code == 409
    assert other.json() == {"error": f"it is P{seat}'s turn, not yours"}
    for params in ({"token": "guess"}, {}):
        refused = client.get(f"/api/tables/{table_id}/hint", params=params)
        assert refused.status_code == 403, params
    _finish_by_hand(client, table_id, seat_tokens, state)
    over = client.get(f"/api/tables/{table_id}/hint", params={"token": seat_tokens[0]})
    assert over.status_code == 409 and over.json() == {"error": "the match is over"}


@pytest.mark.parametrize(("body", "sentence"), [
    ({"move_number": 0, "text": "pass"}, "a move needs the token of the seat to move"),
    ({"token": "t", "text": "pass"}, "give the move_number of the view"),
    ({"token": "t", "move_number": 0}, "give the move as an action id"),
    ({"token": "t", "move_number": 0, "action": 1, "text": "pass"}, "not both"),
    ({"token": "t", "move_number": 0, "action": "32"}, "an action is an integer id"),
])
def test_malformed_moves_are_refused(
    client: TestClient, body: dict[str, object], sentence: str
) -> None:
    created = create_table(client)
    response = client.post(f"/api/tables/{created['id']}/moves", json=body)
    assert response.status_code in (400, 403)
    assert sentence in response.json()["error"]


# --- records and replays ------------------------------------------------------------------
def test_the_record_and_replay_are_refused_until_the_match_is_over(client: TestClient) -> None:
    created = create_table(client, options={"target": 1})
    table_id = created["id"]
    for path in (f"/api/tables/{table_id}/record", f"/api/tables/{table_id}/replay/0"):
        response = client.get(path)
        assert response.status_code == 403
        assert "over" in response.json()["error"]
    state = parlour.make("polignac", target=1).new_state(seed=1)
    _finish_by_hand(client, table_id, tokens(created), state)
    record = client.get(f"/api/tables/{table_id}/record").json()
    assert record == {**state.record(), "chat": []}
    assert parlour.replay(record).history == state.history
    finished = view(client, table_id)
    assert finished["status"] == "finished" and finished["table"]["status"] == "finished"
    late = move(client, table_id, tokens(created)[0], len(state.history), text="pass")
    assert late.status_code == 409 and late.json()["error"] == "the match is over"


def test_a_finished_table_replays_move_by_move(client: TestClient) -> None:
    created = create_table(client, options={"target": 1})
    state = parlour.make("polignac", target=1).new_state(seed=1)
    _finish_by_hand(client, created["id"], tokens(created), state)
    total = len(state.history)
    replayed = state.game.new_state(seed=1)
    last_action: str | None = None
    for k in [*range(6), total]:
        while len(replayed.history) < k:
            action = state.history[len(replayed.history)]
            last_action = replayed.action_to_str(action)
            replayed.apply(action)
        position = client.get(f"/api/tables/{created['id']}/replay/{k}").json()
        assert position["move_number"] == k and position["total"] == total
        assert position["public"] == replayed.public_observation()
        assert position["hands"] == [replayed.observation(seat)["hand"] for seat in range(4)]
        assert position["last_action"] == last_action
    beyond = client.get(f"/api/tables/{created['id']}/replay/{total + 1}")
    assert beyond.status_code == 400
    assert beyond.json()["error"] == (
        f"there is no move {total + 1}: this match has moves 0 to {total}"
    )


# --- computer seats and listings ------------------------------------------------------------
def test_computer_seats_play_a_whole_match(client: TestClient) -> None:
    created = create_table(client, seats=[COMPUTER] * 4, options={"target": 5}, seed=9)
    table_id = created["id"]
    wait_until(lambda: view(client, table_id)["status"] == "finished")
    record = client.get(f"/api/tables/{table_id}/record").json()
    state = parlour.replay(record)
    assert state.is_terminal() and state.seed == 9
    assert view(client, table_id)["move_number"] == len(state.history)
    finished = client.get("/api/tables", params={"status": "finished"}).json()
    assert [table["id"] for table in finished] == [table_id]
    assert finished[0]["moves"] == len(state.history)
    assert finished[0]["scores"] == state.scores() and finished[0]["finished"]
    assert client.get("/api/tables", params={"status": "open"}).json() == []


def test_computer_seats_wait_for_the_person_and_then_play_on(client: TestClient) -> None:
    created = create_table(client, seats=[HUMAN] + [COMPUTER] * 3, seed=4)
    table_id, token = created["id"], tokens(created)[0]
    for _ in range(3):
        wait_until(lambda: view(client, table_id, token)["observation"]["to_move"] == 0)
        seen = view(client, table_id, token)
        action = seen["observation"]["legal"][0]["id"]
        response = move(client, table_id, token, seen["move_number"], action=action)
        assert response.status_code == 200, response.text


def test_the_table_listing_filters_by_status(client: TestClient) -> None:
    first, second = create_table(client), create_table(client, game="knaves",
                                                        seats=[HUMAN] * 3)
    listed = client.get("/api/tables", params={"status": "open"}).json()
    assert [table["id"] for table in listed] == [second["id"], first["id"]]
    assert listed[0]["title"] == "Knaves" and listed[0]["moves"] == 0
    assert listed[0]["seats"] == [{"seat": seat, "kind": "human"} for seat in range(3)]
    assert listed[0]["created"] and listed[0]["finished"] is None
    assert len(client.get("/api/tables").json()) == 2
    bad = client.get("/api/tables", params={"status": "closed"})
    assert bad.status_code == 400
    assert bad.json() == {
        "error": "status must be open, finished or archived, not 'closed'"}


def test_the_knaves_and_grasobern_variants_are_listed_for_the_form(client: TestClient) -> None:
    games = {game["name"]: game for game in client.get("/api/games").json()}
    knaves = {option["name"]: option for option in games["knaves"]["options"]}
    assert knaves["turned_jack"]["choices"] == ["out_of_play", "to_last_trick", "no_trumps"]
    assert (knaves["no_trumps_on_repeat"]["default"], knaves["all_jacks_bonus"]["default"]) == (
        False, False)
    grasobern = {option["name"]: option for option in games["grasobern"]["options"]}
    assert grasobern["contracts"]["kind"] == "flag"
    assert grasobern["contracts"]["default"] is False
    spanish = {game["name"]: game for game in client.get("/api/games?lang=es").json()}
    [contracts] = [option for option in spanish["grasobern"]["options"]
                   if option["name"] == "contracts"]
    assert contracts["help"] == ("se pueden anunciar Mord (ganar todas las bazas) y Bettel "
                                 "(no ganar ninguna)")
