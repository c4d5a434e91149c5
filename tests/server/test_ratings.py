"""Ratings at the server (docs/web.md, "Ratings"): which tables are rated,
the end of a match stored with its last move (places, the pool, the table's
rating changes) or not at all, the leaderboards, and the rating change in a
finished table's view."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import insert, select
from web_support import QUICK_COMPUTERS, create_table, view, wait_until

import parlour
from parlour.ratings import Rating, agent_subject, places_from_returns, rate_match
from parlour.server import db as db_module
from parlour.server.db import Database, RatingRow, TableRow, TableSeatRow
from parlour.server.payloads import COMPUTER, HUMAN, MoveRequest, SeatRequest, TableRequest
from parlour.server.players import name_key
from parlour.server.ratings import MatchEnd, is_rated, seat_subjects
from parlour.server.tables import LiveTable, Seat, TableHub, hash_token

QUICK = {"target": 1}
"""Polignac's short match: it ends with the first hand that gives a penalty."""


def computer(agent: str) -> dict[str, str]:
    return {"kind": "computer", "agent": agent}


def finished_view(client: TestClient, table_id: int) -> dict[str, Any]:
    """The table's view once its computers have played it out."""
    wait_until(lambda: view(client, table_id)["status"] == "finished")
    return view(client, table_id)


def expected_pool(client: TestClient, table_ids: list[int]) -> dict[str, Rating]:
    """The pool that the finished tables ``table_ids`` make, worked out here
    from their records: places from the returns, the tables in order."""
    pool: dict[str, Rating] = {}
    for table_id in table_ids:
        record = client.get(f"/api/tables/{table_id}/record").json()
        state = parlour.replay(record)
        seats = view(client, table_id)["table"]["seats"]
        pool.update(rate_match([agent_subject(seat["agent"]) for seat in seats], pool,
                               places_from_returns(state.returns())))
    return pool


def figures(pool: dict[str, Rating]) -> dict[tuple[str, str], float]:
    """A pool as numbers that ``pytest.approx`` compares."""
    return {(subject, name): float(getattr(rating, name))
            for subject, rating in pool.items() for name in ("mu", "sigma", "matches")}


def stored_pool(database_url: str, game: str = "polignac") -> dict[str, Rating]:
    database = Database(database_url)
    try:
        with database.engine.connect() as connection:
            rows = connection.execute(select(RatingRow).where(RatingRow.game == game)).all()
        return {row.subject: Rating(row.mu, row.sigma, row.matches) for row in rows}
    finally:
        database.close()


# --- the rule --------------------------------------------------------------------
@dataclass(frozen=True)
class _Seat:
    kind: str
    agent: str | None = None
    player: int | None = None


@pytest.mark.parametrize(("seats", "hints", "seed_chosen", "rated"), [
    ([_Seat(HUMAN, player=1), _Seat(COMPUTER, "hard")], False, False, True),
    ([_Seat(COMPUTER, "random"), _Seat(COMPUTER, "easy"), _Seat(COMPUTER, "medium")],
     False, False, True),
    ([_Seat(HUMAN, player=1), _Seat(COMPUTER, "hard")], True, False, False),
    ([_Seat(HUMAN, player=1), _Seat(COMPUTER, "hard")], False, True, False),
    # a person known by his link alone, an open seat, an engine, another agent
    ([_Seat(HUMAN, player=1), _Seat(HUMAN)], False, False, False),
    ([_Seat(HUMAN, player=1), _Seat("open")], False, False, False),
    ([_Seat(HUMAN, player=1), _Seat(COMPUTER, "my-engine")], False, False, False),
    ([_Seat(HUMAN, player=1), _Seat(COMPUTER, "hard-classic")], False, False, False),
    # a patience rates nobody
    ([_Seat(HUMAN, player=1)], False, False, False),
])
def test_a_table_is_rated_without_help_foreknowledge_or_unrated_seats(
        seats: list[_Seat], hints: bool, seed_chosen: bool, rated: bool) -> None:
    assert is_rated(seats, hints, seed_chosen) is rated


def test_the_subjects_at_a_tables_end_are_its_players_and_its_levels() -> None:
    seats = [{"kind": HUMAN, "player": 4}, {"kind": COMPUTER, "agent": "easy"},
             {"kind": COMPUTER, "agent": "medium"}]
    assert seat_subjects(seats, {0: 4}) == ["player:4", "agent:easy", "agent:medium"]
    # a player who left keeps his seat's result (his table_seats row stays)
    assert seat_subjects([{"kind": COMPUTER, "agent": "medium"}, *seats[1:]], {0: 4}) \
        == ["player:4", "agent:easy", "agent:medium"]
    # a seat given to a link alone, or to another agent, has no subject
    assert seat_subjects([{"kind": HUMAN}, *seats[1:]], {}) is None
    assert seat_subjects([*seats[:2], {"kind": COMPUTER, "agent": "ismcts"}], {0: 4}) is None


def test_a_forfeits_ending_puts_the_forfeiter_last() -> None:
    assert MatchEnd.from_forfeit([-3, -1, -5], 1) == MatchEnd((1, 3, 2), forfeited=1)
    assert MatchEnd.from_returns([-1.0, 1 / 3, 1 / 3, 1 / 3]) == MatchEnd((4, 1, 1, 1))


# --- tables of computer levels, through the API ------------------------------------
def test_matches_between_levels_update_the_pool_as_their_records_say(
        client: TestClient, database_url: str) -> None:
    finished = []
    for seats in (["random", "easy", "easy"], ["easy", "random", "random"],
                  ["random", "easy", "easy"]):
        created = create_table(client, seats=[computer(agent) for agent in seats],
                               options={"players": 3, **QUICK}, seed=None, hints=False)
        assert view(client, created["id"])["table"]["rated"] is True
        finished.append(created["id"])
        finished_view(client, created["id"])
    assert figures(stored_pool(database_url)) == pytest.approx(
        figures(expected_pool(client, finished)))
    assert {subject: rating.matches for subject, rating in stored_pool(database_url).items()} \
        == {"agent:easy": 3, "agent:random": 3}


def test_a_finished_rated_tables_view_shows_each_seats_change(
        client: TestClient, database_url: str) -> None:
    created = create_table(client, seats=[computer("random"), computer("easy"),
                                          computer("medium")],
                           options={"players": 3, **QUICK}, seed=None, hints=False)
    shown = finished_view(client, created["id"])
    pool = expected_pool(client, [created["id"]])
    fresh = Rating().describe()
    assert shown["ratings"] == [
        {"subject": subject, "before": fresh, "after": pool[subject].describe()}
        for subject in ("agent:random", "agent:easy", "agent:medium")]
    assert [entry["after"]["rating"] for entry in shown["ratings"]] \
        == [pool[subject].rating for subject in ("agent:random", "agent:easy", "agent:medium")]
    # the same from the database, for a server that starts again
    database = Database(database_url)
    stored = database.table(created["id"])
    database.close()
    assert stored is not None and stored.row.ratings == shown["ratings"]


@pytest.mark.parametrize(("seats", "seed", "hints"), [
    (["random", "easy", "easy"], None, True),            # hints on
    (["random", "easy", "easy"], 5, False),              # a chosen seed
    (["random", "easy", "heuristic"], None, False),      # an agent that is no level
])
def test_an_unrated_table_leaves_the_pool_alone(
        client: TestClient, database_url: str, seats: list[str], seed: int | None,
        hints: bool) -> None:
    created = create_table(client, seats=[computer(agent) for agent in seats],
                           options={"players": 3, **QUICK}, seed=seed, hints=hints)
    shown = finished_view(client, created["id"])
    assert shown["table"]["rated"] is False and "ratings" not in shown
    assert stored_pool(database_url) == {}


# --- the leaderboards ----------------------------------------------------------------
def _store_ratings(database_url: str, rows: list[tuple[str, float, float, int]],
                   game: str = "polignac") -> None:
    database = Database(database_url)
    moment = datetime(2026, 12, 1, tzinfo=UTC)
    with database.engine.begin() as connection:
        connection.execute(insert(RatingRow), [
            {"game": game, "subject": subject, "mu": mu, "sigma": sigma, "matches": matches,
             "updated": moment} for subject, mu, sigma, matches in rows])
    database.close()


def _add_player(database_url: str, name: str) -> int:
    database = Database(database_url)
    row = database.add_player(name, name_key(name), hash_token(f"key of {name}"))
    database.close()
    assert row is not None
    return row.id


def test_the_leaderboard_lists_players_and_levels_best_first(
        client: TestClient, database_url: str) -> None:
    ann = _add_player(database_url, "Ann")
    bob = _add_player(database_url, "Bob")
    _store_ratings(database_url, [
        (f"player:{ann}", 30.0, 2.0, 12),       # 1000 + 20 * 24 = 1480
        ("agent:hard", 28.0, 1.0, 300),         # 1500
        (f"player:{bob}", 20.0, 5.0, 2),        # 1100
        ("agent:random", 15.0, 1.0, 300),       # 1240
        ("agent:easy", 25.0, 25 / 3, 0),        # no match: not listed
    ])
    _store_ratings(database_url, [("agent:medium", 40.0, 1.0, 5)], game="slobberhannes")
    response = client.get("/api/ratings/polignac")
    assert response.status_code == 200
    assert response.json() == {"game": "polignac", "title": "Polignac", "ratings": [
        {"rank": 1, "subject": "agent:hard", "kind": "agent", "name": "Hard", "level": "hard",
         "rating": 1500, "mu": 28.0, "sigma": 1.0, "matches": 300},
        {"rank": 2, "subject": f"player:{ann}", "kind": "player", "name": "Ann",
         "player": ann, "rating": 1480, "mu": 30.0, "sigma": 2.0, "matches": 12},
        {"rank": 3, "subject": "agent:random", "kind": "agent", "name": "Random",
         "level": "random", "rating": 1240, "mu": 15.0, "sigma": 1.0, "matches": 300},
        {"rank": 4, "subject": f"player:{bob}", "kind": "player", "name": "Bob",
         "player": bob, "rating": 1100, "mu": 20.0, "sigma": 5.0, "matches": 2},
    ]}
    top = client.get("/api/ratings/polignac", params={"limit": "2"}).json()["ratings"]
    assert [entry["subject"] for entry in top] == ["agent:hard", f"player:{ann}"]
    assert client.get("/api/ratings/polignac", params={"lang": "es"}).json()["title"] \
        == "Polignac"


def test_one_subjects_rating_new_or_stored(client: TestClient, database_url: str) -> None:
    ann = _add_player(database_url, "Ann")
    _store_ratings(database_url, [("agent:hard", 28.0, 1.0, 300)])
    assert client.get("/api/ratings/polignac/agent:hard").json() == {
        "game": "polignac", "subject": "agent:hard", "kind": "agent", "name": "Hard",
        "level": "hard", "rating": 1500, "mu": 28.0, "sigma": 1.0, "matches": 300}
    assert client.get(f"/api/ratings/polignac/player:{ann}").json() == {
        "game": "polignac", "subject": f"player:{ann}", "kind": "player", "name": "Ann",
        "player": ann, "rating": 1000, "mu": 25.0, "sigma": 25 / 3, "matches": 0}


@pytest.mark.parametrize(("path", "status", "error"), [
    ("/api/ratings/chess", 404, "no game called 'chess'"),
    ("/api/ratings/golf", 404,
     "ratings are kept for the games of several players; Golf is a patience"),
    ("/api/ratings/polignac/agent:hard-classic", 404,
     "there is no rated subject 'agent:hard-classic': subjects are player:<id> and "
     "agent:<level>, the levels being random, easy, medium, hard"),
    ("/api/ratings/polignac/player:99", 404, "there is no player 99"),
    ("/api/ratings/polignac?limit=0", 400,
     "limit must be a whole number from 1 to 200, not '0'"),
    ("/api/ratings/polignac?limit=x", 400,
     "limit must be a whole number from 1 to 200, not 'x'"),
])
def test_a_leaderboard_refuses_what_it_does_not_know(
        client: TestClient, path: str, status: int, error: str) -> None:
    response = client.get(path)
    assert response.status_code == status
    assert response.json()["error"].startswith(error)


def test_the_leaderboard_page_is_served(client: TestClient) -> None:
    response = client.get("/ratings/polignac")
    assert response.status_code == 200
    assert '<script type="module" src="/static/ratings.js"></script>' in response.text
    assert 'data-testid="leaderboard"' in response.text


# --- players' tables, through the hub ---------------------------------------------------
@pytest.fixture
def database(database_url: str) -> Iterator[Database]:
    opened = Database(database_url)
    yield opened
    opened.close()


async def _players_table(hub: TableHub, database: Database, names: list[str | None],
                         agents: dict[int, str], hints: bool = False) -> LiveTable:
    """A Polignac table to 1 whose seat ``i`` is the player ``names[i]``
    (``None``: a person by his link alone) or the computer ``agents[i]``,
    seated as the players' work seats a player: ``Seat.player``, the
    ``table_seats`` row, and the rated flag decided again."""
    seats = [SeatRequest(COMPUTER, agents[index]) if index in agents else SeatRequest(HUMAN)
             for index in range(len(names))]
    table, _ = await hub.create(TableRequest("polignac", dict(QUICK), seats, seed=None,
                                             delay=0, hints=hints))
    for index, name in enumerate(names):
        if name is None or index in agents:
            continue
        player = database.add_player(name, name_key(name), hash_token(f"key of {name}"))
        assert player is not None
        table.seats[index] = replace(table.seats[index], player=player.id, name=name)
        database.set_seat_player(table.id, index, player.id)
    database.set_table_seats(table.id, [seat.stored() for seat in table.seats])
    table.rated = is_rated(table.seats, table.hints, table.seed_chosen)
    database.set_table_rated(table.id, table.rated)
    return table


async def _play_out(hub: TableHub, table: LiveTable) -> None:
    """The people play their first legal action until the match is over;
    the computers play theirs."""
    while not table.state.is_terminal():
        seat = table.state.current_player()
        if table.seats[seat].kind == COMPUTER:
            await asyncio.sleep(0.005)
            continue
        action = table.state.legal_actions()[0]
        await hub.play(table, seat, MoveRequest(action, None, len(table.state.history)))


def _places(database: Database, table_id: int) -> dict[int, int | None]:
    with database.engine.connect() as connection:
        return dict(connection.execute(select(TableSeatRow.seat, TableSeatRow.place)
                                       .where(TableSeatRow.table_id == table_id)).all())


def test_a_rated_players_match_stores_places_pool_and_changes_with_its_last_move(
        database: Database) -> None:
    async def scenario() -> None:
        hub = TableHub(database, computer_delay=0, limits=QUICK_COMPUTERS)
        table = await _players_table(hub, database, ["Ann", "Bob", None, None],
                                     {2: "random", 3: "easy"})
        assert table.rated
        await _play_out(hub, table)
        places = places_from_returns(table.state.returns())
        ann, bob = table.seats[0].player, table.seats[1].player
        subjects = [f"player:{ann}", f"player:{bob}", "agent:random", "agent:easy"]
        after = rate_match(subjects, {}, places)
        assert _places(database, table.id) == {0: places[0], 1: places[1]}
        with database.engine.connect() as connection:
            pool = {row.subject: Rating(row.mu, row.sigma, row.matches)
                    for row in connection.execute(select(RatingRow)).all()}
        assert figures(pool) == pytest.approx(figures(after))
        changes = [{"subject": subject, "before": Rating().describe(),
                    "after": after[subject].describe()} for subject in subjects]
        assert table.rating_changes == changes
        assert hub.view(table, 0)["ratings"] == changes
        stored = database.table(table.id)
        assert stored is not None and stored.row.ratings == changes
        await hub.stop()

    asyncio.run(scenario())


def test_an_unrated_players_match_stores_places_but_leaves_the_pool(
        database: Database) -> None:
    async def scenario() -> None:
        hub = TableHub(database, computer_delay=0, limits=QUICK_COMPUTERS)
        # a person known by his link alone sits at seat 1
        table = await _players_table(hub, database, ["Ann", None, None, "Cy"],
                                     {2: "medium"})
        assert not table.rated
        await _play_out(hub, table)
        places = places_from_returns(table.state.returns())
        assert _places(database, table.id) == {0: places[0], 3: places[3]}
        assert database.rating("polignac", f"player:{table.seats[0].player}") is None
        assert table.rating_changes is None and "ratings" not in hub.view(table, 0)
        await hub.stop()

    asyncio.run(scenario())


def test_hints_switched_on_during_a_match_unrate_it(database: Database) -> None:
    async def scenario() -> None:
        hub = TableHub(database, computer_delay=0, limits=QUICK_COMPUTERS)
        table = await _players_table(hub, database, ["Ann", "Bob", "Cy", "Di"], {})
        assert table.rated
        table.creator_hash = hash_token("creator")
        await hub.set_hints(table, "creator", True)
        await hub.set_hints(table, "creator", False)
        assert not table.rated
        await _play_out(hub, table)
        stored = database.table(table.id)
        assert stored is not None and not stored.row.rated and stored.row.ratings is None
        with database.engine.connect() as connection:
            assert connection.execute(select(RatingRow)).all() == []
        await hub.stop()

    asyncio.run(scenario())


def test_a_last_move_whose_commit_fails_stores_no_rating_no_place_and_no_move(
        database: Database, monkeypatch: pytest.MonkeyPatch) -> None:
    end_match = db_module._end_match

    def end_then_fail(*arguments: Any) -> Any:
        end_match(*arguments)
        raise RuntimeError("the disk is full")

    async def scenario() -> None:
        hub = TableHub(database, computer_delay=0, limits=QUICK_COMPUTERS)
        table = await _players_table(hub, database, ["Ann", "Bob", "Cy", "Di"], {})
        while True:
            seat, action = table.state.current_player(), table.state.legal_actions()[0]
            after = table.state.clone()
            after.apply(action)
            if after.is_terminal():
                break
            await hub.play(table, seat, MoveRequest(action, None, len(table.state.history)))
        moves = len(table.state.history)
        monkeypatch.setattr(db_module, "_end_match", end_then_fail)
        with pytest.raises(RuntimeError, match="the disk is full"):
            await hub.play(table, seat, MoveRequest(action, None, moves))
        stored = database.table(table.id)
        assert stored is not None
        assert (len(stored.actions), stored.row.status, stored.row.ratings) \
            == (moves, "playing", None)
        assert set(_places(database, table.id).values()) == {None}
        with database.engine.connect() as connection:
            assert connection.execute(select(RatingRow)).all() == []
        assert not table.state.is_terminal() and table.rating_changes is None
        # the move made again once the disk has room: all of it is stored
        monkeypatch.setattr(db_module, "_end_match", end_match)
        await hub.play(table, seat, MoveRequest(action, None, moves))
        assert len(_places(database, table.id)) == 4
        assert None not in _places(database, table.id).values()
        assert table.rating_changes is not None and len(table.rating_changes) == 4
        await hub.stop()

    asyncio.run(scenario())


def test_a_forfeit_ends_the_match_through_the_same_hook(database: Database) -> None:
    async def scenario() -> None:
        hub = TableHub(database, computer_delay=0, limits=QUICK_COMPUTERS)
        table = await _players_table(hub, database, ["Ann", "Bob", "Cy", "Di"], {})
        await hub.stop()
        ending = MatchEnd.from_forfeit([0, 0, 0, 0], forfeiter=2)
        changes = database.end_match(table.id, ending, {"status": "finished"})
        players = [seat.player for seat in table.seats]
        after = rate_match([f"player:{player}" for player in players], {}, [1, 1, 4, 1])
        assert changes == [
            {"subject": f"player:{player}", "before": Rating().describe(),
             "after": after[f"player:{player}"].describe()} for player in players]
        assert _places(database, table.id) == {0: 1, 1: 1, 2: 4, 3: 1}
        stored = database.table(table.id)
        assert stored is not None
        assert (stored.row.status, stored.row.forfeited, stored.row.ratings) \
            == ("finished", 2, changes)

    asyncio.run(scenario())


def test_a_table_with_an_unrated_seat_at_its_end_is_unrated_then(database: Database) -> None:
    async def scenario() -> None:
        hub = TableHub(database, computer_delay=0, limits=QUICK_COMPUTERS)
        table = await _players_table(hub, database, ["Ann", "Bob", "Cy", None],
                                     {3: "easy"})
        assert table.rated
        await hub.stop()
        # seat 3 given to an engine meanwhile
        seats = [*table.seats[:3], Seat(COMPUTER, "my-engine")]
        database.set_table_seats(table.id, [seat.stored() for seat in seats])
        assert database.end_match(table.id, MatchEnd((1, 2, 3, 4)), {}) is None
        with database.engine.connect() as connection:
            assert connection.execute(select(TableRow.rated)
                                      .where(TableRow.id == table.id)).scalar() is False
            assert connection.execute(select(RatingRow)).all() == []
        assert _places(database, table.id) == {0: 1, 1: 2, 2: 3}

    asyncio.run(scenario())


def test_matches_ending_at_once_update_a_subject_one_after_the_other(
        database: Database) -> None:
    """Eight rated tables of `easy` and `random` end together, each in a
    thread of its own: every update reads the one before it (no update is
    lost), so the changes chain from the start to the stored rating."""
    def add_table() -> int:
        return database.add_table(TableRow(
            game="polignac", version=1, options={"players": 3}, seed="1",
            seats=[{"kind": COMPUTER, "agent": agent, "token_hash": None}
                   for agent in ("easy", "random", "random")],
            status="playing", moves=0, scores=[0, 0, 0], created=datetime.now(UTC),
            rated=True, hints=False))

    tables = [add_table() for _ in range(8)]
    with ThreadPoolExecutor(max_workers=8) as pool:
        endings = list(pool.map(
            lambda table_id: database.end_match(table_id, MatchEnd((1, 2, 3)), {}), tables))
    stored = database.rating("polignac", "agent:easy")
    assert stored is not None and stored.matches == 8
    steps = {}
    for changes in endings:
        assert changes is not None
        steps[changes[0]["before"]["mu"]] = changes[0]["after"]["mu"]
    mu = 25.0
    for _ in range(8):
        mu = steps.pop(mu)
    assert steps == {} and mu == stored.mu
