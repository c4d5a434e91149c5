"""The patience statistics of the web app (issue 11): every finished
patience played by a person counted once in the server's database, by the
rule of parlour.stats, and shown by ``GET /api/stats``, ``GET
/api/stats/{game}`` and ``GET /api/tables/{id}/stats``.

The games are played with the first legal action every move, so each seed
ends the same way every time: Clock (the lowest score is best) is lost with
seed 1 (1 card left), seed 2 (8) and seed 4 (10) and won with seeds 18 and
33 (0); Calculation (the highest is best) ends with 18 cards built with
seed 1, 17 with seed 2 and 22 with seed 4; Golf is won with seed 9 (0
left), and with Golf's wraparound lost with seed 9 (1 left) and seed 2 (10).
"""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient
from sqlalchemy import create_engine, inspect
from web_support import (
    COMPUTER,
    HUMAN,
    QUICK_COMPUTERS,
    create_table,
    move,
    tokens,
    view,
    wait_until,
)

import parlour
from parlour.server import create_app


def play_out(client: TestClient, game: str, seed: int, options: dict[str, object] | None = None,
             leave: int = 0) -> dict[str, Any]:
    """A one-person table of ``game`` played with the first legal action
    until the end, or until ``leave`` moves are left; returns its create reply."""
    created = create_table(client, game=game, seats=[HUMAN], options=options, seed=seed)
    state = parlour.make(game, **(options or {})).new_state(seed=seed)
    ending = state.clone()
    while not ending.is_terminal():
        ending.apply(ending.legal_actions()[0])
    for action in ending.history[:len(ending.history) - leave]:
        response = move(client, created["id"], tokens(created)[0], len(state.history),
                        action=action)
        assert response.status_code == 200, response.text
        state.apply(action)
    return created


def line(key: str, title: str, played: int, won: int, best: int | None, streak: int,
         longest: int, summary: str) -> dict[str, Any]:
    """A line of ``GET /api/stats`` as it must read."""
    game, _, variant = key.partition(" ")
    return {"key": key, "game": game, "title": title, "variant": variant, "played": played,
            "won": won, "best": best, "streak": streak, "longest": longest, "summary": summary}


def stats(client: TestClient, path: str = "/api/stats") -> Any:
    response = client.get(path)
    assert response.status_code == 200, response.text
    return response.json()


def test_runs_of_wins_and_the_lowest_best_score_of_clock(client: TestClient) -> None:
    for seed in (2, 18, 33, 4, 1):
        play_out(client, "clock", seed)
    assert stats(client) == [line(
        "clock", "Clock", 5, 2, 0, 0, 2,
        "played 5, won 2 (40%), best score 0, current run of wins 0, longest 2",
    )]


def test_the_highest_best_score_of_calculation_and_a_line_per_option_set(
    client: TestClient,
) -> None:
    for seed in (1, 4, 2):
        play_out(client, "calculation", seed)
    play_out(client, "golf", 9)
    play_out(client, "golf", 9, {"golf_wraparound": True})
    play_out(client, "golf", 2, {"golf_wraparound": True})
    calculation = line("calculation", "Calculation", 3, 0, 22, 0, 0,
                       "played 3, won 0 (0%), best score 22, current run of wins 0, longest 0")
    golf = [
        line("golf", "Golf", 1, 1, 0, 1, 1,
             "played 1, won 1 (100%), best score 0, current run of wins 1, longest 1"),
        line("golf golf_wraparound=true", "Golf", 2, 0, 1, 0, 0,
             "played 2, won 0 (0%), best score 1, current run of wins 0, longest 0"),
    ]
    assert stats(client) == [calculation, *golf]
    assert stats(client, "/api/stats/golf") == golf
    assert stats(client, "/api/stats/clock") == []


def test_a_table_is_counted_once_however_often_its_end_is_sent_or_read(
    database_url: str,
) -> None:
    """The last move is refused when sent again (over HTTP or the socket);
    reading the table, its view or the statistics counts nothing; a
    restart before the last move and one after it count nothing either."""
    with TestClient(create_app(database_url, computer_delay=0, limits=QUICK_COMPUTERS)) as client:
        created = play_out(client, "clock", 18, leave=1)
        table_id, token = created["id"], tokens(created)[0]
        last = view(client, table_id, token)["observation"]["legal"][0]["id"]
    with TestClient(create_app(database_url, computer_delay=0, limits=QUICK_COMPUTERS)) as client:
        assert stats(client) == []
        assert move(client, table_id, token, 51, action=last).status_code == 200
        again = move(client, table_id, token, 51, action=last)
        assert again.status_code == 409 and again.json() == {"error": "the match is over"}
        with client.websocket_connect(f"/ws/tables/{table_id}?token={token}") as socket:
            assert socket.receive_json()["status"] == "finished"
            socket.send_json({"type": "move", "action": last, "move_number": 51})
            assert socket.receive_json() == {
                "type": "error", "message": "the match is over", "status": 409,
            }
        view(client, table_id, token)
        first = stats(client)
        assert stats(client, f"/api/tables/{table_id}/stats") == {**first[0], "counted": True}
    with TestClient(create_app(database_url, computer_delay=0, limits=QUICK_COMPUTERS)) as client:
        assert stats(client) == first == [line(
            "clock", "Clock", 1, 1, 0, 1, 1,
            "played 1, won 1 (100%), best score 0, current run of wins 1, longest 1",
        )]


def test_a_patience_played_by_a_computer_or_left_unfinished_counts_for_nothing(
    client: TestClient,
) -> None:
    computer = create_table(client, game="clock", seats=[COMPUTER], seed=18)
    wait_until(lambda: view(client, computer["id"])["status"] == "finished")
    unfinished = play_out(client, "clock", 2, leave=3)
    assert stats(client) == []
    nothing = line("clock", "Clock", 0, 0, None, 0, 0,
                   "played 0, won 0, current run of wins 0, longest 0")
    for table in (computer, unfinished):
        assert stats(client, f"/api/tables/{table['id']}/stats") == {**nothing, "counted": False}


def test_statistics_are_kept_for_patiences_only(client: TestClient) -> None:
    polignac = create_table(client)
    refused = client.get(f"/api/tables/{polignac['id']}/stats")
    assert refused.status_code == 404
    assert refused.json() == {"error": (
        f"statistics are kept for the games of one player (the patiences); table "
        f"{polignac['id']} plays Polignac for 4"
    )}
    not_one = client.get("/api/stats/polignac")
    assert not_one.status_code == 404
    assert not_one.json() == {"error": (
        "statistics are kept for the games of one player (the patiences: bakers-dozen, "
        "calculation, clock, golf); Polignac is not one"
    )}
    unknown = client.get("/api/stats/golfing")
    assert unknown.status_code == 404
    assert unknown.json()["error"].startswith("no game called 'golfing' (did you mean 'golf'?)")
    assert client.get("/api/tables/99/stats").status_code == 404


def test_an_older_database_opens_with_its_finished_patiences_counted(
    database_url: str,
) -> None:
    """A database from before the statistics (no ``patience_results``, and
    from before Alembic: no ``alembic_version`` and none of the later
    columns; the other tables are as they were) opens with every table
    intact; the patiences it finished are counted in the order they
    finished, once."""
    with TestClient(create_app(database_url, computer_delay=0, limits=QUICK_COMPUTERS)) as client:
        won = play_out(client, "clock", 18)
        lost = play_out(client, "clock", 2)
        golf = play_out(client, "golf", 9)
        computer = create_table(client, game="clock", seats=[COMPUTER], seed=33)
        wait_until(lambda: view(client, computer["id"])["status"] == "finished")
        unfinished = play_out(client, "clock", 4, leave=5)
        seat_tokens = {table["id"]: tokens(table).get(0)
                       for table in (won, lost, golf, computer, unfinished)}
        before = {table_id: view(client, table_id, token)
                  for table_id, token in seat_tokens.items()}
    engine = create_engine(database_url)
    with engine.begin() as connection:
        for statement in (
            "DROP TABLE patience_results",
            # and the Progress Races parties, which came later still
            "DROP TABLE event_steps", "DROP TABLE events",
            "DROP TABLE alembic_version",
            "ALTER TABLE tables DROP COLUMN seed_chosen",
            "ALTER TABLE tables DROP COLUMN last_move",
            "ALTER TABLE tables DROP COLUMN rematch",
            "ALTER TABLE tables DROP COLUMN pauses",
            "ALTER TABLE tables DROP COLUMN creator_hash",
            "ALTER TABLE tables DROP COLUMN hints",
            # and the players, open seats, clocks, chat and ratings, later again
            "DROP TABLE table_seats", "DROP TABLE chat_messages", "DROP TABLE ratings",
            "DROP TABLE players", "DROP INDEX ix_tables_deadline",
            *(f"ALTER TABLE tables DROP COLUMN {column}" for column in (
                "clock", "clock_state", "deadline", "forfeited", "rated", "ratings",
                "spectator_chat", "revision")),
        ):
            connection.exec_driver_sql(statement)
        assert set(inspect(connection).get_table_names()) == {"tables", "moves"}
    engine.dispose()
    expected = [
        line("clock", "Clock", 2, 1, 0, 0, 1,
             "played 2, won 1 (50%), best score 0, current run of wins 0, longest 1"),
        line("golf", "Golf", 1, 1, 0, 1, 1,
             "played 1, won 1 (100%), best score 0, current run of wins 1, longest 1"),
    ]
    for _restart in range(2):
        with TestClient(create_app(
                database_url, computer_delay=0, limits=QUICK_COMPUTERS)) as client:
            assert stats(client) == expected
            for table_id, token in seat_tokens.items():
                # an older database did not keep who chose a seed: the upgrade
                # says no one did
                assert view(client, table_id, token) == {
                    **before[table_id],
                    "table": {**before[table_id]["table"], "seed_chosen": False},
                }
            assert stats(client, f"/api/tables/{computer['id']}/stats")["counted"] is False
            assert stats(client, f"/api/tables/{lost['id']}/stats")["counted"] is True


def test_the_record_of_a_table_is_its_own_option_set(client: TestClient) -> None:
    plain = play_out(client, "golf", 1)
    wrapped = play_out(client, "golf", 9, {"golf_wraparound": True})
    assert stats(client, f"/api/tables/{plain['id']}/stats")["key"] == "golf"
    assert stats(client, f"/api/tables/{wrapped['id']}/stats") == {**line(
        "golf golf_wraparound=true", "Golf", 1, 0, 1, 0, 0,
        "played 1, won 0 (0%), best score 1, current run of wins 0, longest 0",
    ), "counted": True}
