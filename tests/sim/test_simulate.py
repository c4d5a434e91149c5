"""``parlour simulate``'s engine: specs, batches, determinism across
backends and worker counts, duplicate rotations, sweeps, the games' event
counters and the command line."""

from __future__ import annotations

import importlib
import json
import re
import sys
from pathlib import Path
from typing import Any

import pytest

import parlour
from parlour.agents import RandomAgent, choose_action
from parlour.cli import main
from parlour.engine import OptionError
from parlour.sim.events import count_events, meanings
from parlour.sim.simulate import (
    LocalBackend,
    SimulationSpec,
    batch_size,
    make_batches,
    parse_agents,
    parse_sweep,
    run_simulation,
)
from parlour.sim.tournament import derived_seed
from trick_play import play_table, say

SHORT = {"target": 3}


def polignac(matches: int = 4, **fields: Any) -> SimulationSpec:
    """A short four-player Polignac run."""
    return SimulationSpec("polignac", SHORT, fields.pop("agents", ("random",)), matches,
                          seed=11, **fields)


# --- the spec and its plan ------------------------------------------------------
def test_duplicate_replays_each_deal_once_per_rotation_of_the_agents() -> None:
    spec = polignac(matches=2, agents=("easy", "random", "random", "ismcts:1"), duplicate=True)
    plans = spec.plans()
    assert [(plan.index, plan.deal, plan.rotation) for plan in plans] == [
        (index, index // 4, index % 4) for index in range(8)]
    assert [plan.agents for plan in plans[:4]] == [
        ("easy", "random", "random", "ismcts:1"),
        ("ismcts:1", "easy", "random", "random"),
        ("random", "ismcts:1", "easy", "random"),
        ("random", "random", "ismcts:1", "easy"),
    ]
    records = run_simulation(spec, workers=1)
    assert [record.agents.index("easy") for record in records] == [0, 1, 2, 3] * 2
    assert len({record.seed for record in records[:4]}) == 1  # one deal, four rotations
    assert records[0].seed == derived_seed(11, "deal", 0) != records[4].seed


def test_without_duplicate_every_match_is_a_new_deal_at_rotation_zero() -> None:
    records = run_simulation(polignac(matches=3, agents=("easy", "random", "random", "random")),
                             workers=1)
    assert [(record.deal, record.rotation) for record in records] == [(0, 0), (1, 0), (2, 0)]
    assert {record.agents for record in records} == {("easy", "random", "random", "random")}


def test_a_sweep_plays_the_same_seeds_at_each_value() -> None:
    spec = SimulationSpec("polignac", {}, ("random",), 3, seed=2,
                          sweep=parse_sweep("target=2,4"))
    records = run_simulation(spec, workers=1)
    assert [record.options["target"] for record in records] == [2, 2, 2, 4, 4, 4]
    assert [record.index for record in records] == list(range(6))
    assert [record.seed for record in records[:3]] == [record.seed for record in records[3:]]
    assert all(max(record.scores) >= record.options["target"] for record in records)


def test_a_sweep_of_players_seats_every_table() -> None:
    spec = SimulationSpec("polignac", SHORT, ("random",), 1, seed=2,
                          sweep=parse_sweep("players=3,5"))
    assert [record.players for record in run_simulation(spec, workers=1)] == [3, 5]


@pytest.mark.parametrize(("make", "message"), [
    (lambda: parse_sweep("target"), "write a sweep as name=value,value,..., not 'target'"),
    (lambda: parse_sweep("target=1,,2"), "write a sweep as name=value,value,..., not "
     "'target=1,,2'"),
    (lambda: parse_sweep("target=5"), "a sweep compares at least two values, not only '5'"),
    (lambda: parse_agents("easy,,random"), "name the agents separated by commas, not "
     "'easy,,random'"),
    (lambda: SimulationSpec("polignac", {}, ("random",), 1, 1, sweep=parse_sweep("trumps=a,b")),
     "unknown option 'trumps'; the options are players, target, ace_high, pack_reduction, "
     "capot, capot_fail, capot_bidder_leads, pack, direction"),
    (lambda: SimulationSpec("polignac", {}, ("random",), 1, 1,
                            sweep=parse_sweep("capot=yes,true")),
     "the sweep gives capot=true twice"),
    (lambda: SimulationSpec("polignac", {"target": 5}, ("random",), 1, 1,
                            sweep=parse_sweep("target=3,4")),
     "option 'target' is both set and swept; give it once"),
    (lambda: polignac(agents=("easy", "random")),
     "2 agents named for 4 seats: name one agent for every seat or one per seat"),
    (lambda: polignac(agents=("robot",)), "no agent called 'robot'; agents are "),
    (lambda: polignac(matches=0), "a simulation needs at least 1 match, not 0"),
    (lambda: run_simulation(polignac(), backend="spark"),
     "the backend must be local or ray, not 'spark'"),
    (lambda: run_simulation(polignac(), workers=0), "workers must be at least 1, not 0"),
    (lambda: run_simulation(polignac(), address="127.0.0.1:6379"),
     "an address is for the ray backend; the local backend has none"),
])
def test_bad_specs_say_what_is_wrong(make: Any, message: str) -> None:
    with pytest.raises(OptionError) as error:
        make()
    assert str(error.value).startswith(message)


def test_batches_are_large_enough_and_cover_every_match_once() -> None:
    assert [batch_size(total, 2) for total in (1, 12, 40, 1_000, 100_000)] == [1, 6, 16, 125, 256]
    assert batch_size(100, 1) == 25
    batches = make_batches(polignac(matches=9, duplicate=True), workers=2)
    assert [len(batch.plans) for batch in batches] == [16, 16, 4]
    assert [plan.index for batch in batches for plan in batch.plans] == list(range(36))


# --- determinism ----------------------------------------------------------------
def test_results_do_not_depend_on_the_number_of_workers() -> None:
    spec = polignac(matches=5, agents=("easy", "random", "random", "random"), duplicate=True)
    seen: list[tuple[int, int]] = []
    one = run_simulation(spec, workers=1, progress=lambda done, total: seen.append((done, total)))
    assert one == run_simulation(spec, workers=2)
    assert seen[0] == (0, 20) and seen[-1] == (20, 20)
    assert [record.index for record in one] == list(range(20))


def test_a_backend_object_is_used_as_given() -> None:
    spec = polignac(matches=2)
    with LocalBackend(workers=1) as backend:
        assert run_simulation(spec, backend) == run_simulation(spec, workers=1)


def test_ray_gives_the_records_of_the_local_backend(local_ray: Any) -> None:
    spec = SimulationSpec("costly-colours", {}, ("easy", "random"), 5, seed=4,
                          duplicate=True, sweep=parse_sweep("target=61,121"))
    on_ray = run_simulation(spec, backend="ray", workers=2)
    assert on_ray == run_simulation(spec, workers=1)
    assert local_ray.is_initialized()  # a running instance is left running


def test_simulate_command_on_ray_prints_what_the_local_backend_prints(
        local_ray: Any, capsys: pytest.CaptureFixture[str]) -> None:
    args = ["simulate", "progress", "-n", "3", "--seed", "2", "--option", "target=20"]
    assert main([*args, "--backend", "ray"]) == 0
    on_ray = capsys.readouterr().out
    assert main([*args, "--workers", "2"]) == 0
    assert capsys.readouterr().out == on_ray


def test_the_benchmark_prints_scaling_and_ray_lines(local_ray: Any,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    benchmarks = str(Path(__file__).resolve().parents[2] / "benchmarks")
    if benchmarks not in sys.path:
        sys.path.insert(0, benchmarks)
    bench = importlib.import_module("bench_simulate")
    assert bench.main(["--seconds", "0.02", "--runs", "1"]) == 0
    number = r"[\d,]+(?:\.\d+)?"
    label = r"simulate polignac players=4"
    lines = capsys.readouterr().out.splitlines()
    assert re.fullmatch(rf"{label} games/s: 1 worker {number}, 2 workers {number} "
                        rf"\(scaling ratio {number}; 32 matches a run\)", lines[0])
    assert re.fullmatch(rf"{label} ray games/s: 2 workers {number} vs local 2 workers "
                        rf"{number} \(ratio {number}, overhead [+-]\d+%\)", lines[1])
    assert re.fullmatch(rf"{label} vector engine games/s: .*", lines[2])


# --- events -----------------------------------------------------------------------
P5_HANDS = ["7S 7H 8D 7D TC 9C 8C 7C", "KH QH JH AH KD QD KC QC",
            "KS QS JS AS TH 9H JD AD", "TS 9S 8S 8H TD 9D JC AC"]
P5_TABLE = [(f"P1 {one}, P2 {two}, P3 {three}, P0 {four}", 1) for one, two, three, four in [
    ("KH", "9H", "8H", "7H"), ("QH", "TH", "JC", "7S"), ("JH", "JS", "TS", "TC"),
    ("AH", "JD", "9S", "9C"), ("KD", "AD", "TD", "8D"), ("QD", "KS", "9D", "7D"),
    ("KC", "QS", "AC", "8C"), ("QC", "AS", "8S", "7C")]]


def polignac_deal(hands: list[str]) -> Any:
    deal = {"dealer": 0, "hands": [hand.split() for hand in hands]}
    return parlour.make("polignac").new_state(deal=deal)


def test_polignac_p5_capot_bid_and_made() -> None:
    state = polignac_deal(P5_HANDS)
    say(state, "capot")
    play_table(state, P5_TABLE)
    assert count_events(state) == {"capot_bids": 1, "capots_made": 1, "capots": 1}


def test_polignac_p5_same_cards_without_a_bid_is_an_unbid_capot() -> None:
    state = polignac_deal(P5_HANDS)
    say(state, "pass", "pass", "pass", "pass")
    play_table(state, P5_TABLE)
    assert count_events(state) == {"capot_bids": 0, "capots_made": 0, "capots": 1}


def test_polignac_p6_capot_bid_and_lost() -> None:
    state = polignac_deal(["9S 8S TH 9H 7D 9C 8C 7C", "KS 7S 7H TD 9D KC QC JC",
                           "AS KH QH JH AH KD QD JD", "QS JS TS 8H AD 8D AC TC"])
    say(state, "pass", "capot")
    play_table(state, [
        ("P1 KS, P2 AS, P3 QS, P0 9S", 1), ("P1 JC, P2 JD, P3 AC, P0 7C", 1),
        ("P1 7S, P2 AH, P3 JS, P0 8S", 3), ("P3 8H, P0 9H, P1 7H, P2 JH", 2),
        ("P2 KD, P3 8D, P0 7D, P1 9D", 2), ("P2 QD, P3 AD, P0 TH, P1 TD", 2),
        ("P2 KH, P3 TS, P0 9C, P1 QC", 2), ("P2 QH, P3 TC, P0 8C, P1 KC", 2)])
    assert count_events(state) == {"capot_bids": 1, "capots_made": 0, "capots": 0}


COUNTING_GAMES = sorted(name for name in parlour.games()
                        if parlour.engine.game_class(name).counted_events)


def random_match(game: str, seed: int) -> Any:
    """A finished seeded random match of ``game`` (short: one point wins
    where the game has a target it may lower that far)."""
    options = {"target": 1} if game != "costly-colours" and \
        "target" in parlour.make(game).options else {}
    state = parlour.make(game, **options).new_state(seed=seed)
    agents = [RandomAgent(seed) for seed in range(state.game.num_players)]
    while not state.is_terminal():
        state.apply(choose_action(agents[state.current_player()], state))
    return state


def test_the_games_that_count_events_are_every_family_with_notable_events() -> None:
    assert COUNTING_GAMES == [
        "bassadewitz", "bharg", "costly-colours", "eichelobern", "grasobern", "knaves",
        "polignac", "progress", "progress-rummy", "ranter-go-round", "slobberhannes",
        "tiny-polignac", "tiny-ranter-go-round"]


@pytest.mark.parametrize("game", COUNTING_GAMES)
def test_a_replayed_match_counts_the_same_events_as_the_match_played(game: str) -> None:
    state = random_match(game, 3)
    counted = count_events(state)
    assert set(counted) == set(state.game.counted_events)
    assert count_events(parlour.replay(state.record())) == counted


def test_a_game_without_counted_events_counts_nothing() -> None:
    assert count_events(random_match("golf", 1)) == {}
    records = run_simulation(SimulationSpec("golf", {}, ("random",), 2, seed=1), workers=1)
    assert [record.events for record in records] == [{}, {}]


def test_every_counted_event_has_a_meaning_in_a_players_words() -> None:
    said = meanings()
    assert said["capots"] == "hands in which one player won every trick, announced or not"
    assert all(said[name].strip() for game in COUNTING_GAMES
               for name in parlour.engine.game_class(game).counted_events)


# --- the command ----------------------------------------------------------------
def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = main(list(args))
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def test_simulate_with_every_flag_writes_the_records(capsys: pytest.CaptureFixture[str],
                                                     tmp_path: Path) -> None:
    status, out, err = run(
        capsys, "simulate", "polignac", "-n", "2", "--seed", "3", "--players", "3",
        "--agents", "easy,random,random", "--duplicate", "--sweep", "target=2,3",
        "--workers", "2", "--backend", "local", "--out", str(tmp_path / "run"))
    assert (status, err) == (0, "")
    lines = out.splitlines()
    assert lines[0] == ("parlour.make('polignac', players=3) · 12 matches · seats easy, random, "
                        "random · 2 deals, each once per seat · sweep target=2,3 · seed 3")
    assert "sweep" in out and "capots announced" in out
    written = sorted(path.name for path in (tmp_path / "run").iterdir())
    assert "summary.json" in written
    rows = [json.loads(line) for line in (tmp_path / "run" / "records.jsonl").read_text(
        encoding="utf-8").splitlines()]
    assert [(row["options"]["target"], row["deal"], row["rotation"]) for row in rows] == [
        (target, deal, rotation) for target in (2, 3) for deal in range(2)
        for rotation in range(3)]


def test_simulate_seats_easy_unless_told_and_says_so(capsys: pytest.CaptureFixture[str],
                                                     tmp_path: Path) -> None:
    status, out, err = run(capsys, "simulate", "slobberhannes", "-n", "2", "--seed", "4",
                           "--option", "target=1", "--workers", "1", "--out", str(tmp_path))
    assert (status, err) == (0, "")
    assert out.splitlines()[0] == ("parlour.make('slobberhannes', target=1) · 2 matches · "
                                   "every seat easy · seed 4")
    saved = json.loads((tmp_path / "summary.json").read_text(encoding="utf-8"))
    assert (saved["game"], saved["seed"], saved["seat_agents"], saved["duplicate"]) == (
        "slobberhannes", 4, ["easy"] * 4, False)
    assert [(row["agent"], row["matches"]) for row in saved["agents"]] == [("easy", 2)]
    rows = (tmp_path / "records.jsonl").read_text(encoding="utf-8").splitlines()
    assert {tuple(json.loads(row)["agents"]) for row in rows} == {("easy",) * 4}


def test_simulate_output_does_not_depend_on_the_workers(
        capsys: pytest.CaptureFixture[str]) -> None:
    args = ("simulate", "ranter-go-round", "-n", "6", "--seed", "9", "--agents", "easy")
    one = run(capsys, *args, "--workers", "1")
    assert one == run(capsys, *args, "--workers", "2")
    assert one[0] == 0 and "lives lost" in one[1]


@pytest.mark.parametrize(("args", "message"), [
    (["--backend", "spark"], "the backend must be local or ray, not 'spark'"),
    (["--sweep", "target"], "write a sweep as name=value,value,..., not 'target'"),
    (["--sweep", "trumps=1,2"], "unknown option 'trumps'; the options are players, target, "
     "ace_high, pack_reduction, capot, capot_fail, capot_bidder_leads, pack, direction"),
    (["--sweep", "target=5,6", "--option", "target=3"],
     "option 'target' is both set and swept; give it once"),
    (["--agents", "easy,random"],
     "2 agents named for 4 seats: name one agent for every seat or one per seat"),
    (["--plot"], "--plot draws into the folder of --out DIR: give --out too"),
    (["--ray-address", "127.0.0.1:1"],
     "an address is for the ray backend; the local backend has none"),
    (["--workers", "0"],
     "Invalid value for '--workers': Input should be greater than or equal to 1"),
])
def test_bad_simulate_input_prints_one_error_line(capsys: pytest.CaptureFixture[str],
                                                  args: list[str], message: str) -> None:
    assert run(capsys, "simulate", "polignac", "-n", "2", *args) == (2, "", f"error: {message}\n")
