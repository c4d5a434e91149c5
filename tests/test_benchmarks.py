"""``benchmarks/run.py`` prints every figure it promises, with numbers.

Speed itself is never asserted here (benchmarks are measurements); these
tests only check that ``make bench`` keeps working and keeps its lines.
"""

from __future__ import annotations

import importlib
import importlib.util
import random
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from types import ModuleType

import pytest

import parlour
import parlour.vector
from parlour.engine import game_class
from parlour.games.tricks import TrickGame
from toygame import registered as toy_registered
from vector.toyvector import registered as vector_registered

BENCHMARKS = Path(__file__).resolve().parent.parent / "benchmarks"
NUMBER = r"[\d,]+(?:\.\d+)?"
TINY = ["--quick", "--seconds", "0.05", "--runs", "1"]
HAS_OPENSPIEL = importlib.util.find_spec("pyspiel") is not None

HIDE_OPENSPIEL = (
    "import sys; sys.modules['pyspiel'] = None; "
    f"sys.path.insert(0, {str(BENCHMARKS)!r}); import run; sys.exit(run.main(sys.argv[1:]))"
)


def benchmark_module(name: str) -> ModuleType:
    """``benchmarks/<name>.py``."""
    if str(BENCHMARKS) not in sys.path:
        sys.path.insert(0, str(BENCHMARKS))
    return importlib.import_module(name)


def bench_tricks() -> ModuleType:
    """``benchmarks/bench_tricks.py``, which lists the games benchmarked."""
    return benchmark_module("bench_tricks")


def labels() -> list[str]:
    module = bench_tricks()
    return [module.bench_label(name, options) for name, options in module.BENCHES]


def run_benchmarks(*command: str) -> str:
    completed = subprocess.run(
        [sys.executable, *command], capture_output=True, text=True, timeout=300, check=False
    )
    assert completed.returncode == 0, completed.stderr
    return completed.stdout


@pytest.fixture(scope="module")
def output() -> str:
    return run_benchmarks(str(BENCHMARKS / "run.py"), *TINY)


@pytest.fixture(scope="module")
def output_without_openspiel() -> str:
    """The same tiny run with ``pyspiel`` hidden, as if it were not installed."""
    return run_benchmarks("-c", HIDE_OPENSPIEL, *TINY)


def expected_lines(label: str, with_openspiel: bool) -> list[str]:
    """Patterns of the lines one game must print."""
    name = re.escape(label)
    us = rf"{NUMBER} µs"
    ratio = rf"\(ratio {NUMBER}\)"
    hearts = "OpenSpiel hearts"
    if with_openspiel:
        return [
            rf"{name} decisions/s: {NUMBER} vs {hearts} {NUMBER} {ratio}",
            rf"{name} clone: {us} \(bar 10 µs, ratio {NUMBER}\) vs {hearts} clone {us} {ratio}",
            rf"{name} legal_actions: {us} vs {hearts} legal_actions {us} {ratio}",
            rf"{name} observation_tensor: {us} vs {hearts} information_state_tensor {us} "
            rf"{ratio}",
            rf"{name} targets: decisions ratio >= 1 (met|MISSED), clone < 10 µs (met|MISSED)",
        ]
    decision = "one random decision"
    return [
        rf"{name} decisions/s: {NUMBER} \(no reference: open_spiel not installed\)",
        rf"{name} clone: {us} \(bar 10 µs, ratio {NUMBER}\) vs {decision} {us} {ratio}",
        rf"{name} legal_actions: {us} vs {decision} {us} {ratio}",
        rf"{name} observation_tensor: {us} vs {decision} {us} {ratio}",
        rf"{name} targets: clone < 10 µs (met|MISSED)",
    ]


def assert_prints(output: str, patterns: list[str]) -> None:
    lines = output.splitlines()
    for pattern in patterns:
        assert any(re.fullmatch(pattern, line) for line in lines), (
            f"no line matches {pattern!r} in:\n{output}"
        )


def test_benches_list_polignac() -> None:
    assert "polignac players=4" in labels()


def test_header_names_the_budget(output: str) -> None:
    first = output.splitlines()[0]
    assert re.fullmatch(
        r"parlour \S+ benchmarks: Python \S+ \(\S+\), numpy \S+, open_spiel .+; "
        r"median of 1 run, 0\.05 s per figure",
        first,
    ), first


@pytest.mark.skipif(not HAS_OPENSPIEL, reason="open_spiel is not installed")
@pytest.mark.parametrize("label", labels())
def test_every_line_against_openspiel(output: str, label: str) -> None:
    assert_prints(output, expected_lines(label, with_openspiel=True))


@pytest.mark.parametrize("label", labels())
def test_every_line_without_openspiel(output_without_openspiel: str, label: str) -> None:
    assert "open_spiel not installed" in output_without_openspiel.splitlines()[0]
    assert_prints(output_without_openspiel, expected_lines(label, with_openspiel=False))


def test_default_quick_run_exits_zero() -> None:
    output = run_benchmarks(str(BENCHMARKS / "run.py"), "--quick")
    assert "decisions/s:" in output


def test_the_trick_games_lines_alone() -> None:
    """``bench_tricks.py`` run alone prints Polignac's lines and each
    relative's, and nothing of the other families."""
    alone = run_benchmarks(str(BENCHMARKS / "bench_tricks.py"), *TINY)
    for label in labels():
        assert_prints(alone, expected_lines(label, HAS_OPENSPIEL))
    for label in relative_labels():
        assert_prints(alone, [rf"{re.escape(label)} decisions/s: .*"])
    assert "progress" not in alone


def relative_labels() -> list[str]:
    module = bench_tricks()
    return [module.bench_label(name, options) for name, options in module.RELATIVES]


def test_every_trick_game_is_benchmarked() -> None:
    """Issue 3: each trick game has a decisions/s line."""
    module = bench_tricks()
    benchmarked = {name for name, _ in module.BENCHES + module.RELATIVES}
    trick_games = {
        name for name in parlour.games()
        if issubclass(game_class(name), TrickGame) and not game_class(name).research
    }
    assert trick_games == benchmarked


@pytest.mark.parametrize("label", relative_labels())
def test_relatives_against_polignac(output: str, label: str) -> None:
    reference = re.escape(labels()[0])
    assert_prints(output, [
        rf"{re.escape(label)} decisions/s: {NUMBER} vs {reference} {NUMBER} "
        rf"\(ratio {NUMBER}; bar 0\.8 (met|MISSED)\)"
    ])


def test_every_game_is_benchmarked() -> None:
    """Every registered game has a decisions/s line (issue 6 on), but for
    the research games, whose figures are those of exact methods through
    OpenSpiel (scripts/cfr_tiny.py, docs/research.md)."""
    module = bench_tricks()
    benchmarked = {name for name, _ in module.BENCHES + module.RELATIVES + module.OTHERS}
    benchmarked.add(benchmark_module("bench_costly").GAME[0])
    benchmarked.add(benchmark_module("bench_bharg").GAME[0])
    benchmarked.add(benchmark_module("bench_ranter").GAME[0])
    benchmarked.add(benchmark_module("bench_rummy").GAME[0])
    benchmarked.update(name for name, _ in benchmark_module("bench_patience").GAMES)
    assert benchmarked == {name for name, info in parlour.games().items() if not info["research"]}


@pytest.mark.parametrize(
    "label", [bench_tricks().bench_label(name, options) for name, options in bench_tricks().OTHERS]
)
def test_other_games_beside_polignac(output: str, label: str) -> None:
    """Issue 6: Progress's random play beside Polignac's, with the ratio and no bar."""
    reference = re.escape(labels()[0])
    assert_prints(output, [
        rf"{re.escape(label)} decisions/s: {NUMBER} vs {reference} {NUMBER} \(ratio {NUMBER}\)"
    ])


def test_ismcts_against_openspiel_bot(output: str) -> None:
    """Issue 5: ISMCTS iterations/s beside OpenSpiel's bot's, with the ratio."""
    line = (
        rf"ismcts polignac players=4 iterations/s: {NUMBER} vs OpenSpiel ISMCTSBot hearts "
        rf"{NUMBER} \(ratio {NUMBER}; aim 3 (met|MISSED)\)"
        if HAS_OPENSPIEL else
        rf"ismcts polignac players=4 iterations/s: {NUMBER} "
        r"\(no reference: open_spiel not installed\)"
    )
    assert_prints(output, [line])


def test_ismcts_line_without_openspiel(output_without_openspiel: str) -> None:
    assert_prints(output_without_openspiel, [
        rf"ismcts polignac players=4 iterations/s: {NUMBER} "
        r"\(no reference: open_spiel not installed\)"
    ])


COSTLY = rf"costly-colours target=61 games/s: {NUMBER}"


def test_costly_colours_games_against_cribbage(output: str) -> None:
    """Full Costly Colours games to 61 per second beside OpenSpiel cribbage's, with the ratio."""
    line = (
        rf"{COSTLY} vs OpenSpiel cribbage {NUMBER} \(ratio {NUMBER}\)"
        if HAS_OPENSPIEL else
        rf"{COSTLY} \(no reference: open_spiel not installed\)"
    )
    assert_prints(output, [line])


def test_costly_colours_line_without_openspiel(output_without_openspiel: str) -> None:
    assert_prints(output_without_openspiel, [
        rf"{COSTLY} \(no reference: open_spiel not installed\)"
    ])


def test_bharg_evaluator_and_games(output: str, output_without_openspiel: str) -> None:
    """Issue 8: Bharg's evaluator against a brute-force one, its games against
    Costly Colours', each with the ratio (neither needs OpenSpiel)."""
    for printed in (output, output_without_openspiel):
        assert_prints(printed, [
            rf"bharg evaluator calls/s: {NUMBER} vs brute-force reference {NUMBER} "
            rf"\(ratio {NUMBER}\)",
            rf"bharg games/s: {NUMBER} vs costly-colours target=61 {NUMBER} \(ratio {NUMBER}\)",
        ])


def test_bharg_worst_hands_are_found_and_timed(capsys: pytest.CaptureFixture[str]) -> None:
    module = benchmark_module("bench_bharg")
    hands = module.worst_hands(7, climbs=2, steps=300)
    assert hands and all(hand.bit_count() == 7 for hand in hands)
    for hand, ace in module.random_hands(40, size=8, cards=45):
        assert module.brute_force(hand, ace) == tuple(module.arrange(hand, ace)[:2])
    assert module.main(["--seconds", "0.02", "--runs", "1"]) == 0
    assert len(capsys.readouterr().out.splitlines()) == 2


def test_ranter_go_round_hands_against_a_bare_loop(output: str,
                                                   output_without_openspiel: str) -> None:
    """Issue 9: Ranter Go Round's hands per second beside a bare loop of its
    rules, with the ratio (no OpenSpiel needed)."""
    for printed in (output, output_without_openspiel):
        assert_prints(printed, [
            rf"ranter-go-round hands/s: {NUMBER} vs a bare loop of the same rules {NUMBER} "
            rf"\(ratio {NUMBER}\)",
        ])


@pytest.mark.parametrize("name", ["golf", "calculation", "bakers-dozen", "clock"])
def test_patience_games_against_openspiel_solitaire(output: str, output_without_openspiel: str,
                                                     name: str) -> None:
    """Issue 11: each patience's games per second beside OpenSpiel's
    solitaire, with the ratio; without OpenSpiel, alone."""
    assert_prints(output, [
        rf"{name} games/s: {NUMBER} vs OpenSpiel solitaire {NUMBER} \(ratio {NUMBER}\)",
    ])
    assert_prints(output_without_openspiel, [
        rf"{name} games/s: {NUMBER} \(no reference: open_spiel not installed\)",
    ])


@pytest.mark.parametrize("name", ["golf", "calculation", "bakers-dozen"])
def test_patience_solver_against_the_hint_player(output: str, name: str) -> None:
    """Issue 11: deals solved per second per game and the share decided
    within the default budget, beside the hint player's games per second."""
    assert_prints(output, [
        rf"{name} solver deals/s: {NUMBER} \(decided within the default budget of "
        rf"[\d,]+ positions: \d+ of \d+, \d+%\) vs the hint player {NUMBER} \(ratio {NUMBER}\)",
    ])


def test_the_bare_loop_plays_the_base_rules() -> None:
    module = benchmark_module("bench_ranter")
    lives = [3] * module.PLAYERS
    rng = random.Random(3)
    hands = 0
    while sum(1 for count in lives if count) > 1:
        before = sum(lives)
        module.bare_hand(rng, lives, hands % module.PLAYERS)
        assert 1 <= before - sum(lives) <= module.PLAYERS and min(lives) >= 0
        hands += 1
    assert module.main(["--seconds", "0.02", "--runs", "1"]) == 0


RUMMY = "progress-rummy players=4"
RUMMY_MISSING = r"\(no reference: open_spiel not installed\)"


def rummy_lines(with_openspiel: bool) -> list[str]:
    """Patterns of Progress Rummy's games/s and steps/s lines."""
    if with_openspiel:
        return [
            rf"{RUMMY} {figure}/s: {NUMBER} vs OpenSpiel gin_rummy {NUMBER} \(ratio {NUMBER}\)"
            for figure in ("games", "steps")
        ]
    return [rf"{RUMMY} {figure}/s: {NUMBER} {RUMMY_MISSING}" for figure in ("games", "steps")]


def test_progress_rummy_games_and_steps_against_gin_rummy(output: str) -> None:
    """Issue 10: full Progress Rummy matches per second beside OpenSpiel
    gin_rummy's games, and the steps per second of both, with the ratios."""
    assert_prints(output, rummy_lines(with_openspiel=HAS_OPENSPIEL))


def test_progress_rummy_lines_without_openspiel(output_without_openspiel: str) -> None:
    assert_prints(output_without_openspiel, rummy_lines(with_openspiel=False))


def test_progress_rummy_alone_and_the_chance_sampler(capsys: pytest.CaptureFixture[str]) -> None:
    module = benchmark_module("bench_rummy")
    rng = random.Random(10)
    outcomes = [(4, 0.25), (7, 0.0), (9, 0.75)]
    drawn = [module.sample_outcome(outcomes, rng) for _ in range(400)]
    assert set(drawn) == {4, 9} and 60 < drawn.count(4) < 140
    assert module.sample_outcome([(3, 0.0), (5, 0.0)], rng) == 5  # what rounding leaves
    assert module.main(["--seconds", "0.02", "--runs", "1"]) == 0
    assert_prints(capsys.readouterr().out, rummy_lines(with_openspiel=HAS_OPENSPIEL))


RL = rf"pettingzoo aec polignac players=4 steps/s: {NUMBER}"
RL_MISSING = rf"{RL} \(no reference: open_spiel not installed\)"


def rl_line(with_openspiel: bool) -> str:
    """The pattern of the AEC environment's steps/s line."""
    if with_openspiel:
        return rf"{RL} vs OpenSpiel hearts rl_environment {NUMBER} \(ratio {NUMBER}\)"
    return RL_MISSING


def test_pettingzoo_steps_against_openspiel_rl_environment(
        output: str, output_without_openspiel: str) -> None:
    """Issue 14: steps per second through the PettingZoo AEC environment
    beside OpenSpiel's hearts RL environment, with the ratio; without
    OpenSpiel, alone."""
    assert_prints(output, [rl_line(with_openspiel=HAS_OPENSPIEL)])
    assert_prints(output_without_openspiel, [RL_MISSING])


def test_rl_benchmark_alone(capsys: pytest.CaptureFixture[str]) -> None:
    module = benchmark_module("bench_rl")
    assert module.main(["--seconds", "0.02", "--runs", "1"]) == 0
    assert_prints(capsys.readouterr().out, [rl_line(with_openspiel=HAS_OPENSPIEL)])


HAS_CC = shutil.which("cc") is not None
LIMIT = r"C limit random polignac players=4 decisions/s: "


def test_the_vector_engine_beside_the_c_limit(output: str) -> None:
    """Issue 30: the C limit measured in the same run (or why not), then each
    covered game's lines, or a line saying none is covered yet."""
    if HAS_CC:
        limit = rf"{LIMIT}{NUMBER} \(polignac_limit\.c, cc -O2, one core\)"
    else:
        limit = rf"{LIMIT}\(not measured: no C compiler: cc is not on the PATH\)"
    lines = [limit]
    for name, options in benchmark_module("bench_vector").games():
        label = re.escape(f"vector {bench_tricks().bench_label(name, options)}")
        lines.append(rf"{label} B=8192 decisions/s: {NUMBER} .*target .* (met|MISSED).*")
        lines.append(rf"{label} memory per match: {NUMBER} bytes at B=8192 "
                     r"\(bar 1,024 bytes (met|MISSED)\)")
    for name, options in benchmark_module("bench_vector").games()[:1]:
        label = re.escape(bench_tricks().bench_label(name, options))
        lines.append(rf"gymnasium vector {label} N=1024 steps/s: {NUMBER} vs single environment "
                     rf"{NUMBER} \(ratio {NUMBER}\)")
    assert_prints(output, lines)


def toy_vector_lines(limit: str, target: str) -> list[str]:
    """Patterns of the toy vector game's lines, beside ``limit``."""
    label = "vector three-tricks players=4"
    return [
        *(rf"{label} B={size} decisions/s: {NUMBER} {limit}\)"
          for size in (1, 64, 1024)),
        rf"{label} B=8192 decisions/s: {NUMBER} {limit}{target}\)",
        rf"{label} memory per match: 129 bytes at B=8192 \(bar 1,024 bytes met\)",
        rf"gymnasium vector three-tricks players=4 N=1024 steps/s: {NUMBER} vs single "
        rf"environment {NUMBER} \(ratio {NUMBER}\)",
    ]


def test_a_covered_game_at_every_batch_size_against_the_c_limit(
        capsys: pytest.CaptureFixture[str]) -> None:
    """The toy vector game (``tests/vector/toyvector.py``) measured at each
    B beside the C loop built with ``cc`` in the same run."""
    if not HAS_CC:
        pytest.skip("no C compiler (cc) on this machine")
    if not parlour.vector.numba_available():
        pytest.skip("the lines name the python kernel without numba")
    module = benchmark_module("bench_vector")
    with toy_registered(), vector_registered():
        module.bench_vector(0.02, 1, [("three-tricks", {"players": 4})])
    assert_prints(capsys.readouterr().out, [
        rf"{LIMIT}{NUMBER} \(polignac_limit\.c, cc -O2, one core\)",
        *toy_vector_lines(rf"vs C limit {NUMBER} \(ratio {NUMBER}",
                          r"; target 5,000,000 (met|MISSED)"),
    ])


def test_without_cc_the_vector_figures_are_printed_alone(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    if not parlour.vector.numba_available():
        pytest.skip("the lines name the python kernel without numba")
    module = benchmark_module("bench_vector")
    monkeypatch.setattr(module.shutil, "which", lambda name: None)
    with toy_registered(), vector_registered():
        module.bench_vector(0.02, 1, [("three-tricks", {"players": 4})])
    why = "no C compiler: cc is not on the PATH"
    assert_prints(capsys.readouterr().out, [
        rf"{LIMIT}\(not measured: {why}\)",
        *toy_vector_lines(rf"\(no C limit: {why}", r"; target 5,000,000 (met|MISSED)"),
    ])


def test_the_c_limit_plays_whole_matches() -> None:
    """The C loop builds and reports decisions in whole hands of 32 (four
    seats, eight cards), and about five penalty points a hand (the four
    jacks, the Polignac counting two)."""
    if not HAS_CC:
        pytest.skip("no C compiler (cc) on this machine")
    module = benchmark_module("bench_vector")
    with tempfile.TemporaryDirectory() as folder:
        program, why = module.build_limit(Path(folder))
        assert why == "" and program is not None
        printed = subprocess.run([str(program), "0.05"], capture_output=True, text=True,
                                 check=True).stdout
    found = re.fullmatch(r"polignac_limit: \d+ decisions/s \((\d+) matches, (\d+) hands, "
                         r"(\d+) decisions, (\d+) penalty points in [\d.]+ s\)\n", printed)
    assert found is not None, printed
    matches, hands, decisions, penalties = map(int, found.groups())
    assert decisions == 32 * hands and penalties == 5 * hands and hands >= 2 * matches
