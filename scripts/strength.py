"""Run the strength tournaments of every game and write docs/strength.md.

Usage: ``python scripts/strength.py [--workers W] [--games G,G,...] [--report-only]``

Each game is run with ``parlour tournament`` in a subprocess, so that the
commands printed in the report are exactly those that produced it. Each
game's results are kept in ``docs/strength/<game>.json`` and the document
is rebuilt from all of them after every game, so an interrupted run still
leaves the finished games reported, and ``--games`` reruns some games
without losing the others.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import shlex
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from parlour.engine.registry import make
from parlour.sim.statistics import paired_difference

ROOT = Path(__file__).resolve().parent.parent
REPORT = ROOT / "docs" / "strength.md"
RESULTS = ROOT / "docs" / "strength"
SEED = 1
AGENTS = ("random", "easy", "medium", "hard")
OPENSPIEL_PAIRS = (("openspiel-ismcts", "medium"), ("openspiel-ismcts-hard", "hard"))
"""OpenSpiel's ISMCTS bot, paced by a level, and that level."""
OPENSPIEL = ("medium", "openspiel-ismcts", "hard", "openspiel-ismcts-hard")
"""The agents of the runs against OpenSpiel's ISMCTS."""


@dataclass(frozen=True)
class Run:
    """One game's tournament: its short-match options and how many deals."""

    game: str
    options: tuple[str, ...]
    deals: int
    agents: tuple[str, ...] = AGENTS
    players: int | None = None
    tag: str | None = None
    """Tells apart two runs of one game at one player count (``hard``: a
    run of the slow level on fewer deals)."""

    @property
    def name(self) -> str:
        """The run's name: the game's, with the player count when the run
        sets one and the tag when it has one."""
        name = self.game if self.players is None else f"{self.game}-{self.players}p"
        return name if self.tag is None else f"{name}-{self.tag}"

    def command(self, workers: int | None) -> list[str]:
        """The ``parlour tournament`` arguments for this run."""
        args = ["parlour", "tournament", self.game, "--agents", ",".join(self.agents),
                "-n", str(self.deals), "--seed", str(SEED)]
        if self.players is not None:
            args += ["--players", str(self.players)]
        for option in self.options:
            args += ["--option", option]
        if workers is not None:
            args += ["--workers", str(workers)]
        return args


RUNS = (
    Run("polignac", ("target=1",), 40),
    Run("slobberhannes", ("target=1",), 60, ("random", "easy", "hard")),
    Run("eichelobern", ("target=1",), 40),
    Run("grasobern", ("target=1",), 40),
    Run("knaves", ("target=1",), 30),
    # a round is four hands, so even easy against easy varies a lot: the
    # paired comparison on the same deals is the sharper test here
    Run("bassadewitz", ("rounds=1",), 60, ("random", "easy", "hard")),
    # the newer games measure the levels that their issues ask about
    # the cards decide most hands of Progress: many deals
    Run("progress", ("target=1",), 400, ("random", "easy", "hard")),
    # a two-player match to 61 is nearly a coin flip, and the rollout
    # player departs from the heuristic rarely: many deals
    Run("costly-colours", (), 400, ("random", "easy", "hard")),
    Run("bharg", ("target=1",), 60, ("random", "easy", "hard")),
    # a match is decided by many small edges in one binary choice a hand: many deals
    Run("ranter-go-round", ("players=5",), 120, ("random", "easy", "hard")),
    # hard (the lookahead) sheds points before a round ends: fewer points
    # a match; whether that wins more matches at four needs many deals
    Run("progress-rummy", (), 80, ("random", "easy", "hard")),
    # heads-up each player's pace tells directly (nobody else goes out
    # first), and a match is decided by fewer catches: many deals
    Run("progress-rummy", (), 600, ("random", "easy", "hard"), players=2),
    # the patiences: one seat, so a mean return is the share of deals won;
    # easy follows the hint, hard is the solver player, seconds a deal, so
    # it has runs of its own on fewer deals (easy again, for the paired
    # comparison); Clock has no decisions
    Run("golf", (), 2000, ("random", "easy")),
    Run("golf", (), 200, ("easy", "hard"), tag="hard"),
    Run("calculation", (), 2000, ("random", "easy")),
    Run("calculation", (), 100, ("easy", "hard"), tag="hard"),
    Run("bakers-dozen", (), 300, ("random", "easy")),
    Run("bakers-dozen", (), 200, ("easy", "hard"), tag="hard"),
    Run("clock", (), 2000, ("random", "easy")),
    # the batched rollout player (hard since issue 30) against the hard it
    # replaced, on the same deals; each run took 17 to 25 minutes of one
    # worker on the shared 2-core machine
    Run("polignac", ("target=1",), 48, ("hard", "hard-classic"), tag="vector"),
    Run("ranter-go-round", ("players=5",), 48, ("hard", "hard-classic"), tag="vector"),
    # OpenSpiel's ISMCTS bot (issue 31), given at every move the CPU time of
    # the level it is measured against, in the games with hidden cards
    # (Baker's Dozen has none, Clock no decisions). Each paced bot costs
    # twice its level's time; left out for their cost: Progress Rummy
    # (medium thinks about a second at each of hundreds of decisions a
    # match) and Calculation (medium 17 s of CPU a deal, hard's solver
    # more); Bassadewitz on fewer deals (about 8 s of CPU a match for
    # medium and hard together)
    Run("polignac", ("target=1",), 40, OPENSPIEL, tag="openspiel"),
    Run("slobberhannes", ("target=1",), 40, OPENSPIEL, tag="openspiel"),
    Run("eichelobern", ("target=1",), 40, OPENSPIEL, tag="openspiel"),
    Run("grasobern", ("target=1",), 40, OPENSPIEL, tag="openspiel"),
    Run("knaves", ("target=1",), 30, OPENSPIEL, tag="openspiel"),
    Run("bassadewitz", ("rounds=1",), 20, OPENSPIEL, tag="openspiel"),
    Run("progress", ("target=1",), 40, OPENSPIEL, tag="openspiel"),
    Run("costly-colours", (), 60, OPENSPIEL, tag="openspiel"),
    Run("bharg", ("target=1",), 40, OPENSPIEL, tag="openspiel"),
    Run("ranter-go-round", ("players=5",), 60, OPENSPIEL, tag="openspiel"),
    Run("golf", (), 100, OPENSPIEL, tag="openspiel"),
)


def run(spec: Run, workers: int | None) -> tuple[dict[str, Any], float]:
    """Play one tournament; its JSON results and the seconds it took."""
    with tempfile.TemporaryDirectory() as folder:
        output = Path(folder) / "result.json"
        args = [sys.executable, "-m", "parlour", *spec.command(workers)[1:], "--json", str(output)]
        start = time.perf_counter()
        subprocess.run(args, check=True, cwd=ROOT)
        return json.loads(output.read_text()), time.perf_counter() - start


def verdict(rows: dict[str, dict[str, Any]], weaker: str, stronger: str) -> str:
    """Whether ``stronger``'s 95% interval lies wholly above ``weaker``'s, in words."""
    missing = [agent for agent in (weaker, stronger) if agent not in rows]
    if missing:
        return f"not measured (no `{missing[0]}` in this run)"
    low = rows[stronger]["mean_return"] - (rows[stronger]["ci95_half_width"] or 0.0)
    high = rows[weaker]["mean_return"] + (rows[weaker]["ci95_half_width"] or 0.0)
    if low > high:
        return f"**yes**: `{stronger}` beats `{weaker}`, the intervals are separated"
    return (f"**no**: the intervals of `{stronger}` and `{weaker}` overlap "
            "(not shown to be stronger)")


def paired(rows: dict[str, dict[str, Any]], weaker: str, stronger: str) -> str | None:
    """The paired comparison of two agents on the same deals, in words
    (``None`` when the run kept no per-deal results)."""
    one, two = rows[stronger].get("per_deal"), rows[weaker].get("per_deal")
    if not one or not two or len(one) < 2:
        return None
    difference = paired_difference(one, two)
    verdict = "above zero" if difference.low > 0 else "not clear of zero"
    return (f"`{stronger}` − `{weaker}` on the same deals: {difference.mean:+.3f} ± "
            f"{difference.half_width:.3f} ({verdict})")


def paired_points(rows: dict[str, dict[str, Any]], weaker: str, stronger: str,
                  higher_is_better: bool) -> str | None:
    """The paired comparison of two agents' final scores on the same deals,
    in words (``None`` when the run kept no per-deal scores)."""
    one, two = rows[stronger].get("per_deal_score"), rows[weaker].get("per_deal_score")
    if not one or not two or len(one) < 2:
        return None
    difference = paired_difference(one, two)
    better = difference.low > 0 if higher_is_better else difference.high < 0
    verdict = "better" if better else "not clearly better"
    direction = "more" if higher_is_better else "fewer"
    return (f"`{stronger}` − `{weaker}` in points on the same deals: {difference.mean:+.2f} ± "
            f"{difference.half_width:.2f} ({direction} is better: {verdict})")


def game_section(spec: Run, saved: dict[str, Any]) -> str:
    """The report's section for one game, from its saved run."""
    result = saved["result"]
    rows = {row["agent"]: row for row in result["agents"]}
    lines = [
        f"## {spec.game}" + ("" if spec.players is None else f", {spec.players} players")
        + ("" if spec.tag is None else f" ({spec.tag})"), "",
        f"Options {', '.join(spec.options) or 'the defaults'}; {result['deals']} deals, "
        "each replayed at every "
        f"seat; field `{result['field']}`; {saved['seconds']:.0f} s on {saved['workers']} "
        f"worker process{'' if saved['workers'] == 1 else 'es'}, {saved['date']}.", "",
        "```", saved["command"], "```", "",
        "| agent | mean return ± 95% CI | interval | mean score | deals n | matches |",
        "|---|---|---|---|---|---|",
    ]
    for row in result["agents"]:
        half = row["ci95_half_width"] or 0.0
        mean = row["mean_return"] + 0.0
        lines.append(
            f"| `{row['agent']}` | {mean:+.3f} ± {half:.3f} | "
            f"[{mean - half:+.3f}, {mean + half:+.3f}] | {row['mean_score']:.2f} | "
            f"{row['deals']} | {row['matches']} |"
        )
    if make(spec.game).num_players == 1:
        lines += ["", "One player: a mean return is the share of deals won (1 a win, 0 a loss)."]
    higher = make(spec.game).higher_is_better
    yardsticks = [(yardstick, level) for yardstick, level in OPENSPIEL_PAIRS
                  if yardstick in rows]
    if yardsticks:
        for yardstick, level in yardsticks:
            lines += ["", f"- {level} beats {yardstick}: {verdict(rows, yardstick, level)}."]
            for line in (paired(rows, yardstick, level),
                         paired_points(rows, yardstick, level, higher)):
                if line:
                    lines.append(f"- {line}.")
        return "\n".join([*lines, ""])
    if "hard-classic" in rows:
        lines += ["", f"- hard beats hard-classic: {verdict(rows, 'hard-classic', 'hard')}."]
        for line in (paired(rows, "hard-classic", "hard"),
                     paired_points(rows, "hard-classic", "hard", higher)):
            if line:
                lines.append(f"- {line}.")
        return "\n".join([*lines, ""])
    lines += [
        "",
        f"- easy beats random: {verdict(rows, 'random', 'easy')}.",
        f"- hard beats easy: {verdict(rows, 'easy', 'hard')}.",
    ]
    for weaker, stronger in (("random", "easy"), ("easy", "hard")):
        if stronger not in rows or weaker not in rows:
            continue
        for line in (paired(rows, weaker, stronger),
                     paired_points(rows, weaker, stronger, higher)):
            if line:
                lines.append(f"- {line}.")
    if "medium" in rows:
        lines += [
            f"- medium beats easy: {verdict(rows, 'easy', 'medium')}.",
            f"- hard beats medium: {verdict(rows, 'medium', 'hard')}.",
        ]
    lines += [
        "",
    ]
    return "\n".join(lines)


HEADER = """\
# Strength report

Generated by `python scripts/strength.py` (last rebuilt {date}), on {machine}.
Do not edit by hand: rerun the script.

## How to read it

`parlour tournament` seats each tested agent at one seat of a table whose
other seats are all played by the **field**, here `easy` (the heuristic
player). Every deal is a fixed seed and is replayed once per seat with the
tested agent at that seat (duplicate deals), so every agent plays the same
cards from every position. *Mean return* is the agent's share of the match
stakes (zero-sum; winners split what the losers pay). The 95% interval is
clustered by deal: an agent's result on a deal is its mean over the
rotations, and the interval is mean ± 1.96·s/√n over the n deals. One agent
*beats* another when its interval lies wholly above the other's. Runs
that kept per-deal results also give the paired comparison: the mean of
the per-deal differences between two agents on the same deals, with its
95% interval, which cancels the luck of each deal (the point of duplicate
deals) and so separates smaller differences.

`easy` in a field of `easy` is the yardstick: it is the same player as the
rest of the table (only its seed for breaking ties differs), so its
expected return is 0 and its interval is narrow.

**Budgets.** The matches are short (`target=1`: one hand; one round of
Bassadewitz) so that many deals fit in the time; Costly Colours plays
whole matches to 61, its shortest target. The levels are measured
as people meet them: `medium` is ISMCTS with 1,000 iterations a move
capped at 1 second, `hard` 3,000 iterations capped at 2 seconds a move
(both with random rollouts, except in Progress, where the heuristic
player plays the simulations: random playouts there are long and say
little); in Bharg and Progress Rummy `hard` is the game's own lookahead
player, an expectimax one draw deeper than the heuristic (in Progress
Rummy also weighing points by the danger of being caught); in Progress, Costly
Colours and Ranter Go Round it is the rollout player over the heuristic
(each choice played out by the heuristic from 100 sampled deals; in
Ranter Go Round with the belief that a player who stood holds a card the
heuristic stands on), departing from the heuristic only on evidence. The
caps count the search's CPU time (runs made before 2026-11-30's change to
CPU time counted wall-clock time, which other processes could make bite:
those rows are reproducible only on an idle machine). The newer games
(Progress, Costly Colours, Bharg, Ranter Go Round, Progress Rummy)
measure `random`, `easy` and `hard`, the levels their issues ask about.
Progress Rummy plays whole matches of five rounds, at four players and
heads-up (`progress-rummy-2p`): a player caught without his contract pays
about 60 points, so at four a match is won by a player who is never
caught, and a level that pays fewer points when caught shows it in points
a match before it shows it in wins; heads-up each player's pace tells
directly, and the run has many deals.

**The batched `hard` (issue 30).** Since 2026-12-02 `hard` plays
Polignac and Ranter Go Round with batched determinized rollouts on the
vector engine (`parlour.agents.vector_rollout`): Polignac 3,000 sampled
deals a move, each legal move played out once from each by the `easy`
player's rules of thumb (duck, shed high cards, throw the jacks when
void, pass every call, play a capot out;
`parlour.agents.heuristic.trick_playouts`), all in vector batches;
Ranter Go Round the 100 believing deals of the rollout player, each
choice played out 16 times by the heuristic itself (read from the
batch's tensors), departing from the heuristic only on evidence; both
capped at 2 seconds of CPU time a move, as before. The rows above of
those games were measured with the `hard` of their date, which is now
`hard-classic`. The `-vector` runs seat both against the `easy` field on
the same deals (no `random` nor `easy` rows: the paired difference
`hard` − `hard-classic` is the measure). In Polignac the batched `hard`
is the stronger: its paired interval lies above zero (the playouts play
as the table does; played out at random, as first tried, it was +0.010 ±
0.099 on the same deals, and with playouts that only ducked and never
played a capot out, −0.111 ± 0.102). In Ranter Go Round it is not shown
stronger: both players are the heuristic departing from it only on
evidence, they choose alike at 96% of decisions and the rest are close
calls, so the two play the same 48 deals to the same results whatever
the playouts (stand-on-7 or the heuristic) or the number of
believing deals (400: +0.010 ± 0.074, six times the time); an edge of a
few hundredths there would need well over a thousand deals. Their
thinking time (`python scripts/hard_time.py --deals 2`, CPU time a
decision on the same positions): Polignac 0.28 s a move against 0.23
(largest 0.61 and 0.32), Ranter Go Round 0.09 against 0.06 (largest
0.28 and 0.32) with the stand-on-7 playouts, and 0.11 against 0.07 a
move with the heuristic's (whole matches from seeds 0 and 1, 80
decisions each).

**Against OpenSpiel's ISMCTS (issue 31).** The `-openspiel` runs seat
`medium`, `hard` and OpenSpiel's own ISMCTS bot
(`open_spiel.python.algorithms.ismcts`, playing through parlour's
OpenSpiel adapter) at the same `easy` table on the same deals, in every
game with hidden cards but Progress Rummy and Calculation (left out for
the hours they would take: `medium` thinks up to a second at each of
their many decisions a match). The bot gets the same
time a move as the level it is measured against: at every decision
`openspiel-ismcts` first lets `medium` choose on the same position, times
its CPU time, discards its move and lets OpenSpiel's bot search exactly
that long (`openspiel-ismcts-hard` likewise with `hard`; a forced move is
played at once; both stop sooner only at the level's own wall-clock
backstop; `parlour.agents.openspiel_bots`). The bot is OpenSpiel's as
shipped: information-state strings (perfect recall) as tree keys, re-deals
by `resample_from_infostate` (parlour's `determinize`), UCT with `c` =
√2 times the game's utility range, one random rollout to the end of the
match, the most visited move; only its loop stops on the clock. The
paired differences `medium` − `openspiel-ismcts` and `hard` −
`openspiel-ismcts-hard` are the measure (the table above the games). In
the same time the bot runs far fewer simulations than `medium`'s
iterations (`python scripts/openspiel_pace.py polignac --option target=1
--deals 4 --agent openspiel-ismcts`, and `-hard`): in Polignac 82
simulations in `medium`'s 0.073 s a move (its 1,000 iterations) and 280 in
`hard`'s 0.251 s (its 3,000 batched deals); in Slobberhannes 232 in
`hard`'s 0.198 s (3,000 iterations). Its simulations go through the
adapter (its record of every step, a JSON information-state string a
tree node, pyspiel's calls and numpy's generator at every rollout step),
so the runs compare the two searches as they run, implementation
included, not the algorithms at equal iterations. The bot's play depends on the timing, so
these runs are not reproducible move for move. Over the eleven games,
`hard` is above OpenSpiel's bot given its time in six (Polignac,
Bassadewitz, Costly Colours, Bharg, Ranter Go Round, Golf) and not clear
of it in five (Slobberhannes, Eichelobern, Grasobern, Knaves, Progress),
below it in none; `medium` is above it in two (Knaves, Bassadewitz),
below it in Progress (−0.250 ± 0.226) and not clear of it in the other
eight.

The patiences have one seat, so an agent's mean return is the share of
deals it wins (the same deals for every agent). `easy` follows the hint
(the heuristic); `hard` is the solver player: each decision asks the
solver about sampled orders of the cards still face down and plays the
first move of the most winning lines (Golf 8 samples of 4,000 positions,
Calculation 4 of 1,500), and in Baker's Dozen, where nothing is hidden,
the solver's winning line itself. It takes seconds a deal, so it has runs
of its own on fewer deals (`-hard`), with `easy` again for the paired
comparison. Clock has no decisions. The share of deals that can be won
at all is in [patience.md](patience.md).

"""


def machine() -> str:
    """A one-line description of this computer."""
    return (f"{platform.node() or 'an unnamed host'} ({platform.system()} {platform.machine()}, "
            f"{os.cpu_count()} cores, Python {platform.python_version()})")


def saved_path(name: str) -> Path:
    """Where one run (:attr:`Run.name`) is kept."""
    return RESULTS / f"{name}.json"


def save(spec: Run, result: dict[str, Any], seconds: float, workers: int | None) -> None:
    """Keep one game's run for the report."""
    RESULTS.mkdir(parents=True, exist_ok=True)
    saved = {"command": shlex.join(spec.command(workers)), "seconds": round(seconds, 1),
             "workers": workers or os.cpu_count(), "date": datetime.date.today().isoformat(),
             "machine": machine(), "result": result}
    saved_path(spec.name).write_text(json.dumps(saved, indent=1) + "\n")


def difference_cell(rows: dict[str, dict[str, Any]], weaker: str, stronger: str) -> str:
    """``stronger`` − ``weaker`` in returns on the same deals, for a table cell."""
    if weaker not in rows or stronger not in rows:
        return "not measured"
    one, two = rows[stronger].get("per_deal"), rows[weaker].get("per_deal")
    if not one or not two or len(one) < 2:
        return "no per-deal results"
    difference = paired_difference(one, two)
    side = ("above zero" if difference.low > 0 else "below zero" if difference.high < 0
            else "not clear of zero")
    return f"{difference.mean:+.3f} ± {difference.half_width:.3f} ({side})"


def openspiel_summary(runs: list[tuple[Run, dict[str, Any]]]) -> str:
    """The table of the runs against OpenSpiel's ISMCTS: each level's paired
    difference in returns with the bot paced by it, game by game."""
    levels = [f"`{level}` − `{yardstick}`" for yardstick, level in OPENSPIEL_PAIRS]
    lines = [
        "## Against OpenSpiel's ISMCTS", "",
        "Each level's mean return minus that of OpenSpiel's ISMCTS bot given the "
        "level's CPU time at every move, on the same deals (95% intervals; the "
        "game sections below have the details).", "",
        f"| game | deals | {' | '.join(levels)} |",
        "|---|---|" + "---|" * len(levels),
    ]
    for spec, saved in runs:
        rows = {row["agent"]: row for row in saved["result"]["agents"]}
        cells = [difference_cell(rows, yardstick, level) for yardstick, level in OPENSPIEL_PAIRS]
        lines.append(f"| {spec.game} ({', '.join(spec.options) or 'defaults'}) | "
                     f"{saved['result']['deals']} | {' | '.join(cells)} |")
    return "\n".join([*lines, "", ""])


def write_report() -> None:
    """Write docs/strength.md from every saved run."""
    sections, missing, machines = [], [], set()
    yardsticks: list[tuple[Run, dict[str, Any]]] = []
    for spec in RUNS:
        path = saved_path(spec.name)
        if not path.exists():
            missing.append(spec.name)
            continue
        saved = json.loads(path.read_text())
        machines.add(saved["machine"])
        sections.append(game_section(spec, saved))
        if set(spec.agents) & {yardstick for yardstick, _ in OPENSPIEL_PAIRS}:
            yardsticks.append((spec, saved))
    text = HEADER.format(date=datetime.date.today().isoformat(),
                         machine="; ".join(sorted(machines)) or machine())
    if yardsticks:
        text += openspiel_summary(yardsticks)
    text += "\n".join(sections)
    if missing:
        text += "\nNot run yet: " + ", ".join(missing) + ".\n"
    REPORT.write_text(text)


def main() -> None:
    """Run the chosen tournaments of :data:`RUNS` and rebuild the report after each."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--workers", type=int, default=None, help="worker processes")
    parser.add_argument("--games", default=None,
                        help="comma-separated runs to run, by game name (with -Np for a "
                        "run at N players; default: all)")
    parser.add_argument("--report-only", action="store_true",
                        help="rebuild docs/strength.md from the saved runs without playing")
    arguments = parser.parse_args()
    names = [spec.name for spec in RUNS]
    chosen = names if arguments.games is None else arguments.games.split(",")
    unknown = [name for name in chosen if name not in names]
    if unknown:
        parser.error(f"unknown game(s) {', '.join(unknown)}; choose from {', '.join(names)}")
    if not arguments.report_only:
        for spec in RUNS:
            if spec.name in chosen:
                result, seconds = run(spec, arguments.workers)
                save(spec, result, seconds, arguments.workers)
                write_report()
    write_report()


if __name__ == "__main__":
    main()
