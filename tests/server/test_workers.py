"""``parlour serve --workers N`` (docs/web.md, "Several processes"): the
refusal of SQLite and of a count out of range, before anything starts; the
supervisor (``parlour.server.workers``: the workers' signals, the restarts
and their bound) with workers of the tests' own (``worker_support.py``);
and, on PostgreSQL only (``PARLOUR_TEST_DATABASE_URL``: ``bash
scripts/with_postgres.sh pytest ...``), the real command: two workers
answering on one port, a worker killed and replaced, SIGTERM stopping
them all, workers stopping by themselves when their supervisor is killed."""

from __future__ import annotations

import functools
import logging
import os
import pickle
import random
import re
import signal
import socket
import subprocess
import sys
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

import parlour.server
import parlour.server.workers
from database_support import postgresql_only
from parlour.cli import _served_app, main
from parlour.server import TransportSettings
from parlour.server.tables import Pauses
from parlour.server.workers import GAVE_UP, Supervisor

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "scripts"))

from server_process import LOOPBACK, ServerProcess, free_port
from worker_support import exit_at_once, signals, started, wait_for_signals

SQLITE_REFUSAL = ("error: several server processes need a PostgreSQL database, not sqlite: "
                  "on any other database parlour serves from one process\n")
SQLITE_REFUSAL_ES = ("error: varios procesos de servidor necesitan una base de datos "
                     "PostgreSQL, no sqlite: con cualquier otra base de datos parlour sirve "
                     "desde un solo proceso\n")

WAIT = 60.0
"""Seconds a test waits for processes to start, answer or end before it
fails (never reached when all is well: speed is not what is tested)."""

HOST = socket.gethostname()

_PID = r"[0-9]+"


def wait_until(condition: Callable[[], bool], what: str) -> None:
    """Poll ``condition`` until it holds (``what`` names it in the failure)."""
    deadline = time.monotonic() + WAIT
    while not condition():
        assert time.monotonic() < deadline, f"waited {WAIT} s for {what}"
        time.sleep(0.05)


@pytest.fixture
def nothing_served(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """What ``parlour serve`` would have started: nothing, the test checks."""
    calls: list[str] = []
    monkeypatch.setattr(parlour.server, "serve", lambda *_: calls.append("serve"))
    monkeypatch.setattr(parlour.server.workers, "serve_workers",
                        lambda *_: calls.append("serve_workers") or 0)
    yield calls


# --- refusals -----------------------------------------------------------------
@pytest.mark.parametrize(("lang", "refusal"), [
    ([], SQLITE_REFUSAL), (["--lang", "es"], SQLITE_REFUSAL_ES),
])
def test_several_workers_on_sqlite_are_refused_before_anything_starts(
    lang: list[str], refusal: str, tmp_path: Path, nothing_served: list[str],
    capsys: pytest.CaptureFixture[str],
) -> None:
    database = tmp_path / "parlour.db"
    assert main([*lang, "serve", "--workers", "2", "--db", f"sqlite:///{database}"]) == 2
    captured = capsys.readouterr()
    assert (captured.out, captured.err) == ("", refusal)
    assert nothing_served == []
    assert not database.exists()  # not even opened


def test_the_refusal_of_sqlite_needs_no_postgresql_driver(
    tmp_path: Path, nothing_served: list[str], monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    import parlour.server.cluster

    # as if the postgres extra were not installed (and the cluster layer not
    # imported yet): it is imported again, without its driver
    monkeypatch.setitem(sys.modules, "psycopg", None)
    monkeypatch.delitem(sys.modules, "parlour.server.cluster")
    monkeypatch.setattr(parlour.server, "cluster", parlour.server.cluster)
    assert main(["serve", "--workers", "3", "--db", f"sqlite:///{tmp_path / 'p.db'}"]) == 2
    assert capsys.readouterr().err == SQLITE_REFUSAL
    assert nothing_served == []


@pytest.mark.parametrize(("count", "problem"), [
    ("0", "Input should be greater than or equal to 1"),
    ("65", "Input should be less than or equal to 64"),
    ("-3", "Input should be greater than or equal to 1"),
    ("two", "Input should be a valid integer, unable to parse string as an integer"),
    ("1.5", "Input should be a valid integer, unable to parse string as an integer"),
])
def test_a_count_of_workers_from_1_to_64_is_asked_for(
    count: str, problem: str, tmp_path: Path, nothing_served: list[str],
    capsys: pytest.CaptureFixture[str],
) -> None:
    database = tmp_path / "parlour.db"
    assert main(["serve", "--workers", count, "--db", f"sqlite:///{database}"]) == 2
    assert capsys.readouterr().err == f"error: Invalid value for '--workers': {problem}\n"
    assert nothing_served == [] and not database.exists()


def test_a_database_that_cannot_be_opened_is_said_before_any_worker_starts(
    nothing_served: list[str], capsys: pytest.CaptureFixture[str],
) -> None:
    # port 1 on loopback: nothing listens, so the connection is refused at once
    url = "postgresql+psycopg://parlour:hunter2@127.0.0.1:1/parlour"
    assert main(["serve", "--workers", "2", "--db", url]) == 2
    error = capsys.readouterr().err
    assert error.startswith(
        "error: cannot open the database postgresql+psycopg://parlour:***@127.0.0.1:1/parlour: ")
    assert error.count("\n") == 1
    assert nothing_served == []


def test_one_worker_is_the_single_process_of_old(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
) -> None:
    started_with: list[tuple[Any, ...]] = []
    monkeypatch.setattr(parlour.server, "serve", lambda *arguments: started_with.append(
        arguments))
    monkeypatch.setattr(parlour.server.workers, "serve_workers",
                        lambda *_: pytest.fail("no supervisor for one worker"))
    url = f"sqlite:///{tmp_path / 'parlour.db'}"
    assert main(["serve", "--workers", "1", "--db", url, "--port", "8124"]) == 0
    assert capsys.readouterr().out == "parlour is serving at http://127.0.0.1:8124/\n"
    (_app, host, port, settings), = started_with
    assert (host, port, settings) == ("127.0.0.1", 8124, TransportSettings())


# --- the supervisor, with workers of the tests' own ---------------------------------------
def supervise(supervisor: Supervisor, drive: Callable[[], None]) -> int:
    """Run ``supervisor`` here (the main thread: it takes the stop
    signals) while ``drive`` acts on it from a thread; the supervisor's
    exit status."""
    failures: list[BaseException] = []

    def driver() -> None:
        try:
            drive()
        except BaseException as error:  # raised again below, in the test's thread
            failures.append(error)
            for pid in supervisor.pids():  # no worker outlives a failed test
                os.kill(pid, signal.SIGKILL)

    thread = threading.Thread(target=driver)
    before = {number: signal.getsignal(number) for number in (signal.SIGINT, signal.SIGTERM)}
    thread.start()
    try:
        status = supervisor.run()
    finally:
        thread.join()
    assert {number: signal.getsignal(number) for number in before} == before  # restored
    if failures:
        raise failures[0]
    return status


def messages(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [record.getMessage() for record in caplog.records
            if record.name == "parlour.server.workers"]


def test_a_stop_signal_reaches_every_worker_as_sigterm(
    tmp_path: Path, caplog: pytest.LogCaptureFixture,
) -> None:
    caplog.set_level(logging.INFO, "parlour.server.workers")
    supervisor = Supervisor(3, functools.partial(wait_for_signals, str(tmp_path), 1))

    def stop() -> None:
        wait_until(lambda: len(started(tmp_path)) == 3, "three workers")
        os.kill(os.getpid(), signal.SIGINT)  # as Ctrl-C sends the supervisor

    assert supervise(supervisor, stop) == 0
    workers = started(tmp_path)
    assert {pid: signals(tmp_path, pid) for pid in workers} == {
        pid: ["SIGTERM"] for pid in workers}
    assert sorted(messages(caplog)) == sorted([
        *(f"started worker {pid}" for pid in workers), "SIGINT: stopping 3 workers",
        *(f"worker {pid} stopped" for pid in workers)])


def test_a_second_stop_signal_reaches_the_workers_as_sigint(tmp_path: Path) -> None:
    supervisor = Supervisor(2, functools.partial(wait_for_signals, str(tmp_path), 2))

    def stop_twice() -> None:
        wait_until(lambda: len(started(tmp_path)) == 2, "two workers")
        os.kill(os.getpid(), signal.SIGTERM)
        wait_until(lambda: all(signals(tmp_path, pid) for pid in started(tmp_path)),
                   "the first signal at every worker")
        os.kill(os.getpid(), signal.SIGTERM)

    assert supervise(supervisor, stop_twice) == 0
    workers = started(tmp_path)
    assert len(workers) == 2
    assert {pid: signals(tmp_path, pid) for pid in workers} == {
        pid: ["SIGTERM", "SIGINT"] for pid in workers}


def test_a_worker_killed_is_replaced(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO, "parlour.server.workers")
    supervisor = Supervisor(2, functools.partial(wait_for_signals, str(tmp_path), 1))
    killed: list[int] = []

    def kill_one() -> None:
        wait_until(lambda: len(started(tmp_path)) == 2, "two workers")
        killed.append(min(started(tmp_path)))
        os.kill(killed[0], signal.SIGKILL)
        wait_until(lambda: len(started(tmp_path)) == 3, "a worker in place of the killed one")
        assert killed[0] not in supervisor.pids() and len(supervisor.pids()) == 2
        os.kill(os.getpid(), signal.SIGTERM)

    assert supervise(supervisor, kill_one) == 0
    victim, = killed
    assert signals(tmp_path, victim) == []
    others = started(tmp_path) - {victim}
    assert {pid: signals(tmp_path, pid) for pid in others} == {pid: ["SIGTERM"] for pid in others}
    assert f"worker {victim} was killed by SIGKILL: starting another" in messages(caplog)


def test_workers_that_keep_exiting_are_given_up(caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO, "parlour.server.workers")
    supervisor = Supervisor(2, functools.partial(exit_at_once, 4), restarts=3, window=60.0)
    assert supervise(supervisor, lambda: None) == GAVE_UP
    said = messages(caplog)
    # two workers, three restarts; the fourth exit within the minute gives up
    assert sum(line.startswith("started worker ") for line in said) == 5
    assert sum(line.endswith(" exited with status 4: starting another") for line in said) == 3
    given_up = [line for line in said if "stopping the others" in line]
    assert len(given_up) == 1 and given_up[0].endswith(
        " exited with status 4: 4 workers exited within 60 s, more than 3: stopping the others")


def test_exits_are_counted_within_the_window_only(caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO, "parlour.server.workers")
    # four exits a window apart each, then the clock stands still
    times = iter([0.0, 100.0, 200.0, 300.0])
    supervisor = Supervisor(1, functools.partial(exit_at_once, 1), restarts=2, window=60.0,
                            clock=lambda: next(times, 300.0))
    assert supervise(supervisor, lambda: None) == GAVE_UP
    said = messages(caplog)
    # restarted after the exits at 0, 100, 200, 300 and the second at 300;
    # the third at 300 is one more than 2 within 60 s
    assert sum(line.startswith("started worker ") for line in said) == 6
    assert said[-1].endswith(
        " exited with status 1: 3 workers exited within 60 s, more than 2: stopping the others")


def test_a_supervisor_needs_a_worker() -> None:
    with pytest.raises(ValueError, match=r"^a supervisor needs 1 worker or more, not 0$"):
        Supervisor(0, functools.partial(exit_at_once, 0))


# --- the real command -----------------------------------------------------------------
def worker_pids(supervisor: int) -> set[int]:
    """The supervisor's living worker processes, read from /proc (its
    children that ``multiprocessing`` spawned, not its resource tracker)."""
    found = set()
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            status = (entry / "stat").read_text()
            command = (entry / "cmdline").read_bytes()
        except OSError:  # it has just ended
            continue
        _state, parent = status.rpartition(")")[2].split()[:2]
        if int(parent) == supervisor and b"spawn_main" in command:
            found.add(int(entry.name))
    return found


def alive(pid: int) -> bool:
    """Whether process ``pid`` runs (a zombie has ended)."""
    try:
        state = (Path("/proc") / str(pid) / "stat").read_text().rpartition(")")[2].split()[0]
    except OSError:
        return False
    return state != "Z"


def answering(url: str, requests: int) -> Counter[str]:
    """Which process answered each of ``requests`` requests, each on a
    connection of its own (the kernel hands every new connection to one
    worker)."""
    with httpx.Client(base_url=url, timeout=10.0, trust_env=False,
                      headers={"Connection": "close"}) as client:
        return Counter(client.get("/api/server").headers["X-Parlour-Process"]
                       for _ in range(requests))


def wait_for_answers(url: str, names: set[str]) -> Counter[str]:
    """Requests until every one of ``names`` has answered; who answered."""
    seen: Counter[str] = Counter()

    def all_answered() -> bool:
        try:
            seen.update(answering(url, 20))
        except httpx.ConnectError:
            # a connection the kernel refused while a killed worker's socket
            # was going (docs/web.md, "Several processes"): asked again
            return False
        return set(seen) >= names

    wait_until(all_answered, f"answers from {sorted(names)}")
    return seen


def names(pids: set[int]) -> set[str]:
    return {f"{HOST}:{pid}" for pid in pids}


def test_a_single_server_names_itself_in_cluster_mode_only(
    database_url: str, tmp_path: Path,
) -> None:
    with ServerProcess(database_url, tmp_path / "serve.log") as server:
        with httpx.Client(base_url=server.url, trust_env=False) as client:
            response = client.get("/api/server")
        cluster = database_url.startswith("postgresql")
        assert response.headers.get("X-Parlour-Process") == (
            f"{HOST}:{server.pid}" if cluster else None)


@postgresql_only
def test_several_workers_are_set_going_by_the_command_line(
    database_url: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
) -> None:
    calls: list[tuple[Any, ...]] = []
    monkeypatch.setattr(parlour.server.workers, "serve_workers",
                        lambda *arguments: calls.append(arguments) or 0)
    monkeypatch.setattr(parlour.server, "serve", lambda *_: pytest.fail("no single server"))
    assert main(["serve", "--workers", "64", "--db", database_url, "--port", "8125",
                 "--max-tables", "7", "--trick-pause", "0.5"]) == 0
    assert capsys.readouterr().out == "parlour is serving at http://127.0.0.1:8125/ " \
        "from 64 processes\n"
    (count, make_app, host, port, settings), = calls
    assert (count, host, port) == (64, "127.0.0.1", 8125)
    assert settings == TransportSettings(process_header=True)
    # what each worker builds its app with, as it reaches a fresh interpreter
    again = pickle.loads(pickle.dumps(make_app))
    assert again.func is _served_app
    db, computer_delay, limits, allowed_origins, pauses = again.args
    assert (db, computer_delay, limits.tables, allowed_origins, pauses) == (
        database_url, 0.6, 7, (), Pauses(0.5, 60.0))


@postgresql_only
def test_a_port_that_cannot_be_shared_is_said_before_any_worker_starts(
    database_url: str,
) -> None:
    with socket.socket() as taken:  # a server that does not share its port
        taken.bind((LOOPBACK, free_port()))
        taken.listen()
        port = taken.getsockname()[1]
        finished = subprocess.run(
            [sys.executable, "-m", "parlour", "serve", "--workers", "2", "--host", LOOPBACK,
             "--port", str(port), "--db", database_url],
            capture_output=True, text=True, timeout=WAIT, check=False)
    assert finished.returncode == 3
    assert finished.stdout == f"parlour is serving at http://{LOOPBACK}:{port}/ from 2 processes\n"
    assert re.fullmatch(
        rf"ERROR:    supervisor {_PID}: cannot listen at {LOOPBACK}:{port}: "
        r"Address already in use\n", finished.stderr), finished.stderr


@postgresql_only
def test_two_workers_answer_on_one_port(database_url: str, tmp_path: Path) -> None:
    log = tmp_path / "serve.log"
    with ServerProcess(database_url, log, options=["--workers", "2"]) as server:
        wait_until(lambda: len(worker_pids(server.pid)) == 2, "two workers")
        workers = worker_pids(server.pid)
        seen = wait_for_answers(server.url, names(workers))
        assert set(seen) == names(workers)  # never the supervisor
        spread = answering(server.url, 40)
        assert set(spread) == names(workers) and spread.total() == 40
    text = log.read_text()
    assert f"parlour is serving at {server.url}/ from 2 processes\n" in text
    for pid in workers:
        assert f"INFO:     supervisor {server.pid}: started worker {pid}\n" in text
        assert f"INFO:     worker {pid}: Application startup complete.\n" in text
        assert f'INFO:     worker {pid}: 127.0.0.1:' in text  # its access lines


@postgresql_only
def test_a_table_is_played_to_its_end_across_the_workers(
    database_url: str, tmp_path: Path,
) -> None:
    options = ["--workers", "2", "--hand-wait", "0"]
    with ServerProcess(database_url, tmp_path / "serve.log", options=options) as server:
        wait_until(lambda: len(worker_pids(server.pid)) == 2, "two workers")
        workers = worker_pids(server.pid)
        wait_for_answers(server.url, names(workers))
        moved_by: Counter[str] = Counter()
        rng = random.Random(7)
        with httpx.Client(base_url=server.url, timeout=30.0, trust_env=False,
                          headers={"Connection": "close"}) as client:
            created = client.post("/api/tables", json={
                "game": "polignac", "options": {"target": 3}, "seed": 7,
                "seats": [{"kind": "human"}] * 4})
            assert created.status_code == 201, created.text
            table = created.json()["id"]
            tokens = {seat["seat"]: seat["url"].split("token=", 1)[1]
                      for seat in created.json()["seats"]}
            public = client.get(f"/api/tables/{table}/view").json()
            while public["status"] == "playing":
                token = tokens[public["observation"]["to_move"]]
                mine = client.get(f"/api/tables/{table}/view", params={"token": token}).json()
                response = client.post(f"/api/tables/{table}/moves", json={
                    "token": token, "move_number": mine["move_number"],
                    "action": rng.choice([entry["id"] for entry in mine["observation"]["legal"]]),
                })
                assert response.status_code == 200, response.text
                moved_by[response.headers["X-Parlour-Process"]] += 1
                public = response.json()
            # every worker sees the finished table
            seen = {(response.headers["X-Parlour-Process"], response.json()["move_number"])
                    for response in (client.get(f"/api/tables/{table}/view") for _ in range(20))}
    assert set(moved_by) == names(workers)  # the moves were applied by both
    assert public["status"] == "finished"
    assert seen == {(name, public["move_number"]) for name in names(workers)}


@postgresql_only
def test_a_killed_worker_is_replaced_and_sigterm_stops_them_all(
    database_url: str, tmp_path: Path,
) -> None:
    log = tmp_path / "serve.log"
    with ServerProcess(database_url, log, options=["--workers", "2"]) as server:
        wait_until(lambda: len(worker_pids(server.pid)) == 2, "two workers")
        first = worker_pids(server.pid)
        victim = min(first)
        os.kill(victim, signal.SIGKILL)
        wait_until(lambda: len(worker_pids(server.pid) - first) == 1,
                   "a worker in place of the killed one")
        workers = worker_pids(server.pid)
        assert victim not in workers and len(workers) == 2
        wait_for_answers(server.url, names(workers))
        assert server.process is not None
        server.process.send_signal(signal.SIGTERM)
        assert server.process.wait(timeout=WAIT) == 0
    assert not any(alive(pid) for pid in first | workers)
    text = log.read_text()
    assert (f"WARNING:  supervisor {server.pid}: worker {victim} was killed by SIGKILL: "
            "starting another\n") in text
    assert f"INFO:     supervisor {server.pid}: SIGTERM: stopping 2 workers\n" in text
    for pid in workers:
        assert f"INFO:     worker {pid}: Application shutdown complete.\n" in text
        assert f"INFO:     supervisor {server.pid}: worker {pid} stopped\n" in text


@postgresql_only
def test_workers_stop_by_themselves_when_their_supervisor_is_killed(
    database_url: str, tmp_path: Path,
) -> None:
    log = tmp_path / "serve.log"
    with ServerProcess(database_url, log, options=["--workers", "2"]) as server:
        wait_until(lambda: len(worker_pids(server.pid)) == 2, "two workers")
        workers = worker_pids(server.pid)
        wait_for_answers(server.url, names(workers))
        server.kill()
        wait_until(lambda: not any(alive(pid) for pid in workers), "the workers' end")
    text = log.read_text()
    for pid in workers:
        assert (f"WARNING:  worker {pid}: the supervisor {server.pid} is gone: stopping\n"
                in text)
        assert f"INFO:     worker {pid}: Application shutdown complete.\n" in text
