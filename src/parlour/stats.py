"""Win and loss statistics of one-player games (the patiences), kept across
sessions in a small JSON file, as patience programs keep them.

The file is ``$PARLOUR_STATS`` when set, else ``~/.parlour/stats.json``.
Each game and option set (``golf``, ``golf golf_wraparound=true``) has its
own line: games played, won, the current and the longest run of wins, and
the best score (lowest or highest, as the game counts). A file that cannot
be read is never overwritten: :class:`StatsError` says where it is, so
nothing a player has recorded is lost.

The web app keeps the same lines in its database, counted by the same rule
(:meth:`GameStats.add`; see :mod:`parlour.server.statistics`).

>>> import tempfile, pathlib
>>> path = pathlib.Path(tempfile.mkdtemp()) / "stats.json"
>>> record_game(path, "golf", won=False, score=7, higher_is_better=False).played
1
>>> line = record_game(path, "golf", won=True, score=-3, higher_is_better=False)
>>> (line.played, line.won, line.best, line.streak, line.describe())
(2, 1, -3, 1, 'played 2, won 1 (50%), best score -3, current run of wins 1, longest 1')
"""

from __future__ import annotations

import json
import os
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from parlour.engine.files import MIB, read_limited
from parlour.engine.game import Game, State
from parlour.errors import ParlourError
from parlour.i18n import DEFAULT, say

STATS_ENV = "PARLOUR_STATS"

STATS_LIMIT = 16 * MIB
"""The largest statistics file read (a line a game and option set: a few
kilobytes); a larger one is refused like any file that cannot be read."""


class StatsError(ParlourError):
    """The statistics file cannot be read or written."""


@dataclass
class GameStats:
    """One game's record."""

    played: int = 0
    won: int = 0
    best: int | None = None
    streak: int = 0
    longest: int = 0

    def add(self, won: bool, score: int, higher_is_better: bool) -> None:
        """Count one more finished game: the rule of every surface that keeps
        statistics (this file for the CLI, the web app's database).

        >>> line = GameStats()
        >>> for won, score in [(True, 5), (True, 2), (False, 9), (True, 4)]:
        ...     line.add(won, score, higher_is_better=False)
        >>> line
        GameStats(played=4, won=3, best=2, streak=1, longest=2)
        """
        self.played += 1
        self.won += won
        self.streak = self.streak + 1 if won else 0
        self.longest = max(self.longest, self.streak)
        if self.best is None or (score > self.best if higher_is_better else score < self.best):
            self.best = score

    def describe(self, lang: str = DEFAULT) -> str:
        """``played 12, won 3 (25%), best score -4, ...`` in a player's words, in ``lang``."""
        share = f" ({100 * self.won / self.played:.0f}%)" if self.played else ""
        best = say(", best score {best}", lang, best=self.best) if self.best is not None else ""
        return say("played {played}, won {won}{share}{best}, current run of wins {streak}, "
                   "longest {longest}", lang, played=self.played, won=self.won, share=share,
                   best=best, streak=self.streak, longest=self.longest)


def stats_path() -> Path:
    """Where the statistics are kept (see the module docstring)."""
    named = os.environ.get(STATS_ENV)
    return Path(named) if named else Path.home() / ".parlour" / "stats.json"


def stats_key(game: Game) -> str:
    """The line of ``game``: its name and every option not at its default."""
    changed = [f"{key}={json.dumps(value)}" for key, value in sorted(game.options.items())
               if value != game.schema.options[key].default]
    return " ".join([game.name, *changed])


def won_and_score(state: State) -> tuple[bool, int]:
    """What a finished one-player game adds to its line: whether it was
    won (a patience returns 1 for a win, 0 for a loss) and its score."""
    return state.returns()[0] > 0, state.scores()[0]


def load_stats(path: Path) -> dict[str, GameStats]:
    """Every game's record in ``path`` (none when the file does not exist)."""
    if not path.exists():
        return {}
    try:
        raw: Any = json.loads(read_limited(path, STATS_LIMIT, "a statistics file"))
        if not isinstance(raw, dict):
            raise ValueError("not an object")
        return {str(key): GameStats(**value) for key, value in raw.items()}
    except (OSError, ValueError, TypeError) as error:
        raise StatsError(f"the statistics file {path} cannot be read ({error}); "
                         "move it away to start new statistics") from None


def record_game(path: Path, key: str, won: bool, score: int,
                higher_is_better: bool) -> GameStats:
    """Add one finished game to ``path`` and return its line's record."""
    everything = load_stats(path)
    line = everything.setdefault(key, GameStats())
    line.add(won, score, higher_is_better)
    text = json.dumps({name: asdict(stats) for name, stats in sorted(everything.items())},
                      indent=1)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        spare = path.with_name(path.name + ".new")
        spare.write_text(text + "\n", encoding="utf-8")
        spare.replace(path)
    except OSError as error:
        raise StatsError(f"the statistics file {path} cannot be written ({error})") from None
    return line
