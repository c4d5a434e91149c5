"""``benchmarks/bench_web.py`` prints its figures, each beside the idle
server's, with tiny numbers (latency itself is never asserted: benchmarks
are measurements)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import bench_web
import run

BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"

NUMBER = r"\d+(?:\.\d+)?"


def test_bench_web_prints_both_figures_against_the_idle_server() -> None:
    completed = subprocess.run(
        [sys.executable, str(BENCHMARKS / "bench_web.py"), "--tables", "2", "--moves", "5"],
        capture_output=True, text=True, timeout=120, check=False,
    )
    assert completed.returncode == 0, completed.stderr
    lines = completed.stdout.splitlines()
    patterns = [
        r"parlour \S+ web benchmark: Python \S+, uvicorn and SQLite in a child process; "
        r"2 tables of 4 computer seats \(0\.05 s delay\) playing polignac; 5 moves per "
        r"figure, timed from sending a move over the WebSocket to receiving its view",
        *(rf"move round trip {name}, 2 busy tables: {NUMBER} ms vs idle server {NUMBER} ms "
          rf"\(ratio {NUMBER}\)" for name in ("median", "p99")),
        rf"background load: {NUMBER} computer moves/s over 2 tables, 2 still playing",
    ]
    assert len(lines) == len(patterns), completed.stdout
    for pattern, line in zip(patterns, lines, strict=True):
        assert re.fullmatch(pattern, line), (pattern, line)


def test_percentile_is_the_nearest_rank() -> None:
    values = [float(n) for n in range(100, 0, -1)]
    assert bench_web.percentile(values, 0.99) == 99.0
    assert bench_web.percentile(values, 0.5) == 50.0
    assert bench_web.percentile([7.0], 0.99) == 7.0


def test_run_py_adds_the_web_benchmark_behind_web() -> None:
    assert run.parse_arguments([]).web_moves is None
    assert run.parse_arguments(["--web"]).web_moves == 300
    assert run.parse_arguments(["--web", "--quick"]).web_moves == 50
