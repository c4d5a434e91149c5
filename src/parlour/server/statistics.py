"""Win and loss statistics of the patiences played at this server (issue 11).

Whose statistics they are: the web app has no accounts. A seat is a private
link made for one table, and seats are named by number (``P0``), so nothing
ties two tables to one person. The statistics therefore belong to the
server, that is to its database: everyone who plays patience at one
``parlour serve`` (a household, a club) shares one line per game and option
set, as the terminal's statistics file is shared by everyone who plays under
one user account.

What counts: a one-player game whose seat is a person, once it is over. A
table left unfinished counts for nothing (at the terminal a game saved and
left is not counted either), nor does one played by a computer seat. Each
counted table is one row of ``patience_results`` (keyed by its table id)
committed in the same transaction as the move that ends it, so a table is
counted exactly once: the final move is stored once (a replayed or stale
move is refused), a restart only resumes unfinished tables, and a reload
only reads. Tables that an older parlour finished before results were kept
are counted when the server starts (``TableHub.start``).

The figures are those of :mod:`parlour.stats` (played, won, current and
longest run of wins, best score in the game's direction), computed by the
same rule, :meth:`~parlour.stats.GameStats.add`, over the results in the
order the games finished.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import asdict
from typing import Any

from parlour.engine import State, game_class, games
from parlour.server.db import Database, PatienceResult, PatienceResultRow
from parlour.server.payloads import HUMAN
from parlour.stats import GameStats, stats_key, won_and_score

Line = dict[str, Any]


def patience_result(state: State, seat_kinds: Sequence[str]) -> PatienceResult | None:
    """What ``state`` adds to the statistics, or ``None`` when it counts for
    nothing (not over, not a one-player game, or a computer's seat)."""
    if not state.is_terminal() or state.game.num_players != 1 or seat_kinds[0] != HUMAN:
        return None
    won, score = won_and_score(state)
    return PatienceResult(key=stats_key(state.game), game=state.game.name, won=won, score=score)


def tally(results: Iterable[PatienceResultRow]) -> dict[str, tuple[str, GameStats]]:
    """Each line's game and record from its results, in the order given."""
    lines: dict[str, tuple[str, GameStats]] = {}
    for result in results:
        _game, line = lines.setdefault(result.key, (result.game, GameStats()))
        line.add(result.won, result.score, game_class(result.game).higher_is_better)
    return lines


def describe_line(key: str, game: str, line: GameStats) -> Line:
    """One line as the API gives it: ``{key, game, title, variant, played,
    won, best, streak, longest, summary}``; ``variant`` is the options that
    are not at their defaults (``""`` for none), ``summary`` the sentence
    the terminal prints."""
    return {
        "key": key, "game": game, "title": game_class(game).title,
        "variant": key.removeprefix(game).strip(), **asdict(line), "summary": line.describe(),
    }


def one_player_games() -> list[str]:
    """The registered games that one person may play alone (the patiences)."""
    return [name for name, info in games().items() if info["players"][0] == 1]


def statistics(database: Database, game: str | None = None) -> list[Line]:
    """Every line (or those of ``game``), ordered by line."""
    lines = tally(database.patience_results(game=game))
    return [describe_line(key, name, line) for key, (name, line) in sorted(lines.items())]


def table_statistics(database: Database, state: State, table_id: int) -> Line:
    """The line of the game and options played at a table (all zero before
    its first counted game), and ``counted``: whether this table is in it."""
    key = stats_key(state.game)
    _game, line = tally(database.patience_results(key=key)).get(
        key, (state.game.name, GameStats())
    )
    return {**describe_line(key, state.game.name, line),
            "counted": database.is_counted(table_id)}
