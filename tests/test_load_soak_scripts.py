"""The load and soak scripts of issue #15 (``scripts/load.py``,
``scripts/soak.py``) and the attack measurements of issue #27
(``scripts/limits.py``, ``scripts/half_open.py``) in tiny configurations: they run, count what they
should and report failures; their real figures are in docs/reliability.md.
Nothing here asserts a speed."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "scripts"))

import half_open
import limits
import load
import soak

from database_support import fresh_database, postgresql_only
from parlour.engine.invariants import InvariantError


def test_a_few_tables_are_played_without_an_error(tmp_path: Path) -> None:
    with fresh_database(tmp_path) as database:
        config = load.LoadConfig(tables=3, duration=3.0, think=0.1, ramp=0.5, database=database,
                                 logs=str(tmp_path / "logs"))
        result = load.run_load(config)
    assert result.errors == []
    assert "Application startup complete" in (tmp_path / "logs" / "server-0.log").read_text()
    assert result.latencies and result.moves_total >= len(result.latencies)
    assert result.tables_started >= 3
    assert result.memory_kib is not None and result.peak_memory_kib is not None
    assert 0 < result.memory_kib <= result.peak_memory_kib
    report = load.markdown(result, "python scripts/load.py --tables 3")
    assert "| errors | 0 |" in report and "latency, 99th percentile" in report
    assert "| server processes | 1 |" in report
    assert result.client_cpu_seconds > 0 and "| this script's CPU time |" in report


@postgresql_only
def test_a_few_tables_are_played_over_two_server_processes(tmp_path: Path) -> None:
    with fresh_database(tmp_path) as database:
        # a table that stands still for 3 s is an error: one whose moves
        # the other process never tells its sockets of
        config = load.LoadConfig(tables=3, duration=3.0, think=0.1, ramp=0.5, database=database,
                                 servers=2, stall_margin=2.0)
        result = load.run_load(config)
    assert result.errors == []
    assert result.latencies and result.moves_total >= len(result.latencies)
    assert result.tables_started >= 3
    assert result.memory_kib is not None and result.peak_memory_kib is not None
    assert 0 < result.memory_kib <= result.peak_memory_kib
    report = load.markdown(result, "python scripts/load.py --tables 3 --servers 2")
    assert "| errors | 0 |" in report
    assert ("| server processes | 2 on one database (table t on server t mod 2, its seat i's "
            "socket on (t + i) mod 2) |") in report
    assert "| server CPU time, summed over 2 processes |" in report


@pytest.mark.parametrize(("url", "is_local"), [
    ("http://127.0.0.1:8000", True),
    ("http://127.8.9.10:8000", True),
    ("http://[::1]:8000/", True),
    ("http://localhost:8000", True),
    ("http://192.168.1.4:8000", False),
    ("https://parlour.example.org", False),
    ("not a url", False),
])
def test_only_loopback_is_loaded(url: str, is_local: bool) -> None:
    assert load.is_loopback(url) == is_local


def test_another_host_or_an_unbounded_run_is_refused(
    capsys: pytest.CaptureFixture[str]
) -> None:
    assert load.main(["--url", "http://192.168.1.4:8000"]) == 2
    assert "loopback only" in capsys.readouterr().err
    assert load.main(["--duration", "100000"]) == 2
    assert "--duration" in capsys.readouterr().err
    assert load.main(["--url", "http://127.0.0.1:8000", "--db", "sqlite:///x.db"]) == 2
    assert capsys.readouterr().err == (
        "error: --db is for the server the script starts: not with --url\n")


def test_several_servers_need_postgresql_and_servers_of_the_scripts_own(
    capsys: pytest.CaptureFixture[str]
) -> None:
    refusal = ("error: --servers 2 needs a PostgreSQL database at --db: several server "
               "processes share the live tables on PostgreSQL only\n")
    assert load.main(["--servers", "2"]) == 2
    assert capsys.readouterr().err == refusal
    assert load.main(["--servers", "2", "--db", "sqlite:///x.db"]) == 2
    assert capsys.readouterr().err == refusal
    assert load.main(["--url", "http://127.0.0.1:8000", "--servers", "2"]) == 2
    assert capsys.readouterr().err == (
        "error: --servers is for the servers the script starts: not with --url\n")
    assert load.main(["--url", "http://127.0.0.1:8000", "--logs", "logs"]) == 2
    assert capsys.readouterr().err == (
        "error: --logs is for the servers the script starts: not with --url\n")
    for servers in ("0", "9"):
        assert load.main(["--servers", servers]) == 2
        assert capsys.readouterr().err == "error: --servers must be from 1 to 8\n"
    assert load.main(["--servers", "2", "--spread", "rows"]) == 2
    assert capsys.readouterr().err == "error: --spread is seats or tables, not 'rows'\n"


def test_percentile_is_the_nearest_rank() -> None:
    values = [float(value) for value in range(1, 101)]
    assert load.percentile(values, 0.99) == 99.0
    assert load.percentile(values, 0.5) == 50.0
    assert load.percentile([3.0], 0.99) == 3.0


def test_the_soak_checks_a_few_matches_of_some_games(
    capsys: pytest.CaptureFixture[str]
) -> None:
    games = "golf,costly-colours,ranter-go-round"
    assert soak.main(["--count", "2", "--games", games, "--workers", "1"]) == 0
    report = capsys.readouterr().out
    for game in games.split(","):
        assert f"| {game} | 2 |" in report
    assert "| **all** | 6 |" in report


def test_a_broken_invariant_is_reported_with_its_seed(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(_state: object) -> None:
        raise InvariantError("missing 7Cr")

    monkeypatch.setattr(soak, "check_conservation", broken)
    tally = soak.play_chunk("golf", 0, 0, 2)
    seeds = [soak.match_seed(0, "golf", number) for number in range(2)]
    assert tally.matches == 2
    assert tally.failures == [
        f"golf seed {seed}: InvariantError: missing 7Cr" for seed in seeds
    ]


def test_the_soak_plays_a_variant_named_with_its_options(
    capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["--count", "2", "--games", "polignac,slobberhannes", "--option", "players=5",
            "--option", "target=1", "--workers", "1"]
    assert soak.main(argv) == 0
    report = capsys.readouterr().out
    assert "| polignac players=5 target=1 | 2 |" in report
    assert "| slobberhannes players=5 target=1 | 2 |" in report
    state = soak.make("polignac players=5 target=1").new_state(seed=1)
    assert state.game.options["players"] == 5
    assert soak.match_seed(0, "polignac", 0) != soak.match_seed(0, "polignac players=5", 0)


@pytest.mark.parametrize(("option", "error"), [
    ("target=0", "error: option 'target' must be an integer from 1 to 100, not 0"),
    ("colour=red", "error: unknown option 'colour'; the options are players, target, "),
    ("players", "error: write options as name=value, not 'players'"),
])
def test_a_variant_the_game_refuses_is_refused_before_any_match(
    capsys: pytest.CaptureFixture[str], option: str, error: str
) -> None:
    assert soak.main(["--games", "polignac", "--option", option]) == 2
    assert capsys.readouterr().err.startswith(error)


def test_an_unknown_game_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert soak.main(["--games", "whist"]) == 2
    assert "whist" in capsys.readouterr().err


def soak_lines(path: Path) -> list[dict[str, object]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def test_a_soak_with_a_results_file_resumes_where_it_stopped(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    results = tmp_path / "soak.jsonl"
    arguments = ["--count", "30", "--games", "golf,clock", "--workers", "1",
                 "--results", str(results)]
    assert soak.main(arguments) == 0
    whole = capsys.readouterr()
    chunks = soak_lines(results)
    # every game's first chunk of 25 matches, then its last 5
    assert [(chunk["game"], chunk["first"], chunk["count"], chunk["matches"], chunk["seed"])
            for chunk in chunks] == [("golf", 0, 25, 25, 0), ("clock", 0, 25, 25, 0),
                                     ("golf", 25, 5, 5, 0), ("clock", 25, 5, 5, 0)]
    assert whole.err.splitlines()[-1].startswith("soak: 60/60 matches, 0 failures; about ")
    # stopped while a line was written: the finished chunks stand, the cut
    # line goes, and only the missing chunks are played again
    text = results.read_text(encoding="utf-8")
    cut = text[:text.index('{"seed": 0, "count": 5, "game": "golf"') + 20]
    results.write_text(cut, encoding="utf-8")
    assert soak.main(arguments) == 0
    resumed = capsys.readouterr()
    def played(chunk: dict[str, object]) -> tuple[object, ...]:
        return (chunk["game"], chunk["first"], chunk["matches"], chunk["actions"],
                chunk["failures"])

    again = soak_lines(results)
    assert again[:2] == chunks[:2]
    assert sorted(map(played, again[2:])) == sorted(map(played, chunks[2:]))
    assert resumed.err.splitlines()[0].startswith("soak: ")
    # the same matches, actions and failures; only CPU seconds and times differ
    assert [line.split(" | ")[:3] for line in resumed.out.splitlines()[4:7]] == \
        [line.split(" | ")[:3] for line in whole.out.splitlines()[4:7]]


def test_a_report_plays_nothing_and_shows_what_the_file_holds(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    results = tmp_path / "soak.jsonl"
    assert soak.main(["--count", "3", "--games", "golf", "--workers", "1",
                      "--results", str(results)]) == 0
    capsys.readouterr()
    kept = results.read_text(encoding="utf-8")
    assert soak.main(["--count", "10000", "--games", "golf,clock", "--results", str(results),
                      "--report"]) == 0
    report = capsys.readouterr()
    assert "| golf | 3 |" in report.out and "| clock | 0 |" in report.out
    assert "CPU seconds of play and checks in the results file's chunks; 95 states" \
        in report.out
    # a later, longer run replays the short last chunk as part of a whole
    # one; the report counts those matches once
    assert soak.main(["--count", "30", "--games", "golf", "--workers", "1",
                      "--results", str(results)]) == 0
    capsys.readouterr()
    kept = results.read_text(encoding="utf-8")
    assert soak.main(["--count", "1", "--games", "golf", "--results", str(results),
                      "--report"]) == 0
    assert "| golf | 30 |" in capsys.readouterr().out
    assert report.err == ""
    assert results.read_text(encoding="utf-8") == kept
    assert soak.main(["--report"]) == 2
    assert capsys.readouterr().err == (
        "error: --report prints what a --results file holds: give --results FILE\n")


def test_chunks_of_another_seed_are_not_counted(tmp_path: Path) -> None:
    results = tmp_path / "soak.jsonl"
    assert soak.main(["--count", "3", "--games", "golf", "--workers", "1", "--seed", "1",
                      "--results", str(results)]) == 0
    assert soak.read_results(results, 2) == {}
    assert list(soak.read_results(results, 1)) == [soak.Chunk("golf", 0, 3)]


def test_a_results_file_that_is_not_chunks_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    results = tmp_path / "soak.jsonl"
    results.write_text('{"seed": 0}\n{"game": "golf"}\n', encoding="utf-8")
    assert soak.main(["--count", "3", "--games", "golf", "--results", str(results)]) == 2
    assert capsys.readouterr().err == (
        f"error: {results}, line 1, is not a soak chunk: '{{\"seed\": 0}}'\n")
    assert results.read_text(encoding="utf-8") == '{"seed": 0}\n{"game": "golf"}\n'


def test_a_one_line_file_of_something_else_is_refused_not_cut(tmp_path: Path) -> None:
    results = tmp_path / "notes.txt"
    results.write_text("my notes", encoding="utf-8")
    with pytest.raises(soak.ResultsError) as caught:
        soak.read_results(results, 0)
    assert str(caught.value) == f"{results}, line 1, is not a soak chunk: 'my notes'"
    assert results.read_text(encoding="utf-8") == "my notes"


def test_durations_read_as_people_write_them() -> None:
    assert [soak.duration(seconds) for seconds in (0.4, 12, 250, 7500)] == [
        "0 s", "12 s", "4 min 10 s", "2 h 05 min"]


def test_the_limits_script_measures_a_stalled_socket_and_a_persons_moves() -> None:
    memory = limits.measure_memory(2, wait_for_close=False)
    assert len(memory.samples) == 3 and all(sample > 0 for sample in memory.samples)
    assert memory.moves > 0
    attacked = limits.measure_latency("attacked", 3, 4)
    assert len(attacked.latencies) == 3
    assert (attacked.created, attacked.refused) == (2, 2)
    report = limits.markdown(memory, [attacked], "python scripts/limits.py --seconds 2")
    assert "| attacked | 3 |" in report and "server RSS, highest, MiB" in report


def test_the_half_open_script_counts_refusals_and_a_persons_requests() -> None:
    rows = dict(half_open.measure(
        12, None, ["--max-connections", "8", "--request-timeout", "3"], 4, None))
    assert rows["half-sent requests"] == "12"
    assert int(rows["answered 503 at once"]) >= 4
    assert rows["a person's request while held"].startswith("503 in ")
    assert rows["a person's request 4 s later"].startswith("200 in ")
    assert rows["tracebacks in it"] == "0"
    assert int(rows["lines about refused connections"]) >= 4
