"""The ``parlour`` command line: ``list``, ``rules``, ``play``, ``replay``, ``simulate``,
``tournament``, ``score``, ``serve``.

A surface of DESIGN.md: it talks to games only through the contract and
draws them with the generic :mod:`parlour.render`. Every bad input a person
can give (unknown game, bad option, bad record, missing file, a record file
over the 16 MiB limit or one that never ends such as ``/dev/zero`` ...)
prints one ``error: ...`` line on standard error and exits with status 2.

It speaks English or Spanish: ``--lang en|es``, given anywhere on the line,
else the locale variables (``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``,
``LANG``; see :func:`parlour.i18n.from_environment`). Its own messages are
said from the ``cli`` catalogue (``say``), the games' words (logs, prompts,
moves, refusals, options' help) are translated where they are printed, and
``--help`` is shown in the chosen language too.

Examples::

    parlour list
    parlour rules polignac
    parlour play polignac --seat human --seat random --option target=10 --save game.json
    parlour play polignac --lang es
    parlour rules polignac --lang es
    parlour play --resume game.json
    parlour replay game.json --step
    parlour simulate polignac -n 200 --seed 1
    parlour simulate polignac -n 50 --agents easy,random,random,random --duplicate --out run/
    parlour simulate polignac -n 100000 --engine vector --agents random
    parlour simulate progress -n 500 --sweep target=50,100 --backend ray --workers 8
    parlour play polignac --seat human --seat easy --seat medium --seat hard
    parlour tournament polignac --agents random,easy,medium,hard -n 50 --option target=1
    parlour score costly-colours JD JS JH --turnup 5H
    parlour score bharg "The Sailor" Cave Market Mill Pact Merchant Origin --ace "Ace of Knots"
    parlour serve --port 8000 --db sqlite:///parlour.db
"""

from __future__ import annotations

import difflib
import functools
import os
import random
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
import typer.main
from rich import box
from rich.console import Console
from rich.padding import Padding
from rich.table import Table
from rich.text import Text
from typer.core import TyperArgument, TyperCommand, TyperGroup, TyperOption

from parlour import events
from parlour.agents import AGENTS, HINT_LEVEL, AnyAgent, choose_action, hint
from parlour.agents.specs import agent_factory
from parlour.cli_frame import SpokenCommand, SpokenGroup, frame_in
from parlour.engine import (
    Game,
    IllegalAction,
    OptionError,
    ParlourError,
    State,
    game_class,
    games,
    parse_option_assignments,
    save_record,
)
from parlour.engine import replay as replay_record
from parlour.engine.scoring import ScoreCalculator, ScoreRequest
from parlour.event_cli import event_kind, new_event, play_event
from parlour.games.patience.solver import SOLVED_GAMES, solve
from parlour.i18n import DEFAULT, LANGUAGES, from_environment, messages, say, translate
from parlour.render import (
    Renderer,
    describe_value,
    hand_word,
    new_log_lines,
    outcome_word,
    seat_names,
)
from parlour.stats import (
    STATS_ENV,
    StatsError,
    load_stats,
    record_game,
    stats_key,
    stats_path,
    won_and_score,
)

if TYPE_CHECKING:
    from fastapi import FastAPI

    from parlour.server.engines import Engines
    from parlour.server.security import Limits
    from parlour.server.tables import Pauses

USAGE_ERROR = 2
"""Exit status for every bad input."""

MAX_WORKERS = 64
"""The most server processes ``parlour serve --workers`` starts."""

HUMAN = "human"
"""The ``--seat`` value for a person at the terminal."""

app = typer.Typer(
    name="parlour",
    help="Historical card games played faithfully.\n\n"
    "Every command takes --lang en|es (else the locale variables LANGUAGE, LC_ALL, "
    "LC_MESSAGES, LANG choose).",
    add_completion=False,
    pretty_exceptions_enable=False,
    cls=SpokenGroup,
)


class CommandError(Exception):
    """Bad command-line input that no library call reports (seats, files)."""


def _console() -> Console:
    return Console(highlight=False, soft_wrap=True)


def _lang(context: typer.Context) -> str:
    """The language of the command being run (:func:`main` chose it)."""
    return str(context.obj) if context.obj else DEFAULT


def _typed_line(console: Console, prompt: Text | str) -> str:
    """A line typed at ``prompt``; :class:`CommandError` for bytes that are
    not text in the terminal's encoding (they cannot be read again)."""
    try:
        return console.input(prompt)
    except UnicodeDecodeError as error:
        raise CommandError(f"the line typed is not {error.encoding} text: {error.reason}") \
            from None


# --- setting up a game --------------------------------------------------------
def _make_game(name: str, players: int | None, options: Sequence[str]) -> Game:
    """The game named on the command line with its ``--option`` values."""
    values: dict[str, object] = dict(parse_option_assignments(options))
    cls = game_class(name)
    if players is not None:
        if "players" in values:
            raise CommandError("give the number of players once: --players or --option players")
        if "players" in cls.schema:
            values["players"] = players
        elif players not in cls.player_counts():
            raise OptionError(f"{cls.title} is for {player_counts_text(cls.player_counts())}, "
                              f"not {players}")
    return cls(**values)


def _seat_kinds(seats: Sequence[str], count: int) -> list[str]:
    """Who sits where: the ``--seat`` values in order, then random players.

    With no ``--seat`` at all the person takes seat 0.
    """
    allowed = [HUMAN, *sorted(AGENTS)]
    kinds: list[str] = []
    for text in seats:
        kind = text.strip()
        if ":" in kind:
            agent_factory(kind)
        elif kind.casefold() in allowed:
            kind = kind.casefold()
        else:
            raise CommandError(f"--seat must be {' or '.join(allowed)}, not {text!r}")
        kinds.append(kind)
    if len(kinds) > count:
        raise CommandError(
            f"{len(kinds)} seats given with --seat but the game has {count} players"
        )
    if not kinds:
        kinds = [HUMAN]
    return kinds + ["random"] * (count - len(kinds))


def _agent_seed(state: State, seat: int) -> int:
    """A computer seat's seed, fixed by the match seed and the moves so far,
    so that a seeded game (or a resumed one) plays the same way again."""
    return random.Random(f"parlour-cli:{state.seed}:{seat}:{len(state.history)}").randrange(
        2**63
    )


def _save(state: State, path: Path | None) -> None:
    if path is None:
        return
    try:
        save_record(state, path)
    except OSError as error:
        raise CommandError(f"cannot write {path}: {error.strerror}") from None


# --- interactive play -----------------------------------------------------------
def help_text(lang: str, example: str, level: str) -> str:
    """What a person may type at the table, in ``lang``."""
    return say("""\
Type a move and press Enter:
  a card       its code, e.g. {example} (any case; suit symbols work too)
  a call       a word of the rules (pass, capot ...) when it is a legal move
  legal        show your legal moves
  hint         show what the {level} level would play here (it is not played)
  help         show this help
  quit         leave the game (it is saved if you gave --save)""", lang,
               example=example, level=level)


def undo_help(lang: str) -> str:
    """The patience's undo and redo commands, in ``lang``."""
    return say("""\
  undo         take back your last move (a patience: one player)
  redo         play again the move you took back""", lang)


COMMANDS = ("legal", "hint", "help", "quit", "undo", "redo")
"""The commands typed at the table (besides moves), in English."""


def command_words(lang: str) -> dict[str, str]:
    """Each word typed at the table that is a command, in ``lang`` and in
    English (always understood), with the English command it means."""
    spoken = (say("legal", lang), say("hint", lang), say("help", lang), say("quit", lang),
              say("undo", lang), say("redo", lang))
    words = {word.casefold(): command for word, command in zip(spoken, COMMANDS, strict=True)}
    return {**words, **{command: command for command in COMMANDS}, "exit": "quit", "?": "help"}


class TerminalMatch:
    """One match at the terminal: people type, computer seats move by themselves.

    The screen shows only what the person's seat observes; computer moves
    are reported from the public log.
    """

    def __init__(
        self, state: State, kinds: Sequence[str], console: Console, save_path: Path | None,
        lang: str = DEFAULT,
    ) -> None:
        self.state = state
        self.console = console
        self.save_path = save_path
        self.lang = lang
        self._commands = command_words(lang)
        humans = [seat for seat, kind in enumerate(kinds) if kind == HUMAN]
        self.viewer = humans[0] if humans else 0
        self.renderer = Renderer(state.game.deck, humans, lang)
        self.agents: dict[int, AnyAgent] = {
            seat: agent_factory(kind)(_agent_seed(state, seat))
            for seat, kind in enumerate(kinds) if kind != HUMAN
        }
        self._chance = random.Random(f"parlour-cli:chance:{state.seed}:{len(state.history)}")
        self._log_seen = 0
        self._hand_number = state.observation(self.viewer).get("hand_number")
        self._echo_input = not sys.stdin.isatty()
        # a patience's undo: the history length before each move typed, and
        # the moves taken back (each with the forced moves that followed it)
        self._marks: list[int] = []
        self._redo: list[list[int]] = []

    def run(self) -> None:
        """Play until the match ends or the person leaves."""
        _save(self.state, self.save_path)
        self._report()
        while not self.state.is_terminal():
            state = self.state
            seat = state.current_player()
            if state.is_chance_node():
                outcomes, weights = zip(*state.chance_outcomes(), strict=True)
                state.apply(self._chance.choices(outcomes, weights)[0])
            elif seat in self.agents:
                state.apply(choose_action(self.agents[seat], state))
            elif (forced := _forced_call(state)) is not None:
                # drawing from the stock or passing when nothing else is
                # legal: the rules leave no choice, so it is not asked
                state.apply(forced)
            elif not self._human_move(seat):
                self._leave()
                return
            _save(self.state, self.save_path)
            self._report()
        self._finish()

    def _report(self) -> None:
        """Print the public events since the last report, and a heading for a new hand."""
        observation = self.state.observation(self.viewer)
        names = seat_names(observation)
        lines, self._log_seen = new_log_lines(self._log_seen, observation)
        for line in lines:
            self.console.print(self.renderer.log_line(line, names))
        hand_number = observation.get("hand_number")
        if hand_number != self._hand_number and not self.state.is_terminal():
            totals = self.renderer.totals(names, self.state.scores())
            heading = say("{hand} {number} · totals ", self.lang,
                          hand=translate(hand_word(observation), self.lang).capitalize(),
                          number=hand_number)
            self.console.rule(Text.assemble(heading, totals))
        self._hand_number = hand_number

    def _human_move(self, seat: int) -> bool:
        """Ask the person at ``seat`` until a legal move is applied; ``False`` to leave."""
        state = self.state
        observation = state.observation(seat)
        names = seat_names(observation)
        self.console.print()
        self.console.print(self.renderer.view(observation, translate(state.game.title,
                                                                     self.lang)))
        prompt = Text.assemble(self.renderer.seat_label(seat, names), " › ")
        while True:
            try:
                text = _typed_line(self.console, prompt)
            except (EOFError, KeyboardInterrupt):
                self.console.print()
                return False
            if self._echo_input:
                self.console.print(text, markup=False)
            typed = text.strip().casefold()
            if not typed:
                continue
            command = self._commands.get(typed)
            if command == "quit":
                return False
            if command == "help":
                self.console.print(help_text(self.lang, state.game.deck.example, HINT_LEVEL),
                                   markup=False)
                if state.game.num_players == 1:
                    self.console.print(undo_help(self.lang), markup=False)
                if state.game.commands_help is not None:
                    self.console.print(translate(state.game.commands_help, self.lang),
                                       markup=False)
                continue
            if command in ("undo", "redo"):
                if self._undo_redo(command):
                    return True
                continue
            if command == "hint":
                self._hint(seat)
                continue
            if command == "legal":
                self.console.print(
                    self.renderer.moves(observation["legal"], observation["hand"])
                )
                continue
            before = len(state.history)
            try:
                for action in _line_actions(state, seat, self._english_move(text)):
                    state.apply(action)
            except ParlourError as error:
                self.console.print(Text(f"✗ {translate(str(error), self.lang)}", style="red"))
                continue
            self._marks.append(before)
            self._redo.clear()
            return True

    def _english_move(self, text: str) -> str:
        """The line typed, as the game reads it: a legal move typed as the
        table shows it in the chosen language (``paso``) is its English
        text (``pass``); anything else is read as it was typed."""
        if self.lang == DEFAULT:
            return text
        typed = text.strip().casefold()
        for move in self.state.observation(self.state.current_player())["legal"]:
            english = str(move["text"])
            if translate(english, self.lang).casefold() == typed:
                return english
        return text

    def _undo_redo(self, command: str) -> bool:
        """Take back the last move typed, or play again the last one taken
        back (a one-player game only); ``True`` when the state changed."""
        state = self.state
        lang = self.lang
        if state.game.num_players != 1:
            self.console.print(Text("✗ " + say("undo and redo are for patiences (one player): "
                                               "at a table the others have seen your move",
                                               lang), style="red"))
            return False
        if command == "undo":
            if not self._marks:
                self.console.print(Text("✗ " + say("there is no move to take back", lang),
                                        style="red"))
                return False
            target = self._marks.pop()
            self._redo.append(state.history[target:])
            self._replace(state.history[:target])
            self.console.print(say("move taken back", lang), markup=False)
            return True
        if not self._redo:
            self.console.print(Text("✗ " + say("there is no move to play again", lang),
                                    style="red"))
            return False
        actions = self._redo.pop()
        self._marks.append(len(state.history))
        for action in actions:
            state.apply(action)
        self.console.print(say("move played again", lang), markup=False)
        return True

    def _replace(self, actions: Sequence[int]) -> None:
        """Play the match again from its deal through ``actions`` only."""
        state = self.state
        fresh = state.game.new_state(seed=state.seed, deal=state.deal,
                                     explicit_chance=state.explicit_chance)
        for action in actions:
            fresh.apply(action)
        self.state = fresh
        self._log_seen = len(fresh.observation(self.viewer)["log"])

    def _hint(self, seat: int) -> None:
        """Print what the hint level would play for ``seat`` here, without playing it."""
        self.console.print(Text(say("thinking…", self.lang), style="dim"))
        suggestion = hint(self.state, _agent_seed(self.state, seat))
        self.console.print(
            say("hint: {level} would play {move}", self.lang, level=suggestion.level,
                move=translate(suggestion.text, self.lang)),
            markup=False,
        )

    def _leave(self) -> None:
        _save(self.state, self.save_path)
        self.console.print(say("You left the game after {moves} moves.", self.lang,
                               moves=len(self.state.history)))
        if self.save_path is not None:
            self.console.print(
                say("Saved to {path}; continue with: parlour play --resume {path}", self.lang,
                    path=self.save_path),
                markup=False,
            )

    def _finish(self) -> None:
        state = self.state
        names = seat_names(state.observation(self.viewer))
        print_result(self.console, self.renderer, names, state)
        humans = sorted(self.renderer.you)
        if len(humans) == 1:
            word = outcome_word(state.returns()[humans[0]], state.game.num_players == 1)
            self.console.print(Text(_you(word, self.lang), style="bold"))
        if state.game.num_players == 1 and humans:
            self._record_patience()

    def _record_patience(self) -> None:
        """Add a patience played by a person to the statistics file."""
        state = self.state
        path = stats_path()
        key = stats_key(state.game)
        try:
            won, score = won_and_score(state)
            line = record_game(path, key, won=won, score=score,
                               higher_is_better=state.game.higher_is_better)
        except StatsError as error:
            self.console.print(Text(f"✗ {translate(str(error), self.lang)}", style="red"))
            return
        self.console.print(f"{translate(state.game.title, self.lang)} ({key}): "
                           f"{line.describe(self.lang)}", markup=False)


def _you(word: str, lang: str) -> str:
    """``You won.``, ``You lost.`` or ``You drew.`` in ``lang``."""
    if word == "won":
        return say("You won.", lang)
    if word == "lost":
        return say("You lost.", lang)
    return say("You drew.", lang)


def _line_actions(state: State, seat: int, text: str) -> list[int]:
    """The actions of a line typed by the person at ``seat`` (a rummy
    lay-down ``meld 5Cr 6Cr P=7Cr`` names several): the engine reads the
    whole line on a clone (:meth:`State.parse_actions`), all of them the
    seat's own, or says why not."""
    if state.current_player() != seat:
        raise IllegalAction("it is not your turn")
    return state.parse_actions(text)


def _forced_call(state: State) -> int | None:
    """The only legal action when it is a call word such as ``draw`` or
    ``pass`` rather than a card (``None`` otherwise)."""
    legal = state.legal_actions()
    if len(legal) != 1:
        return None
    entry = state.observation(state.current_player())["legal"][0]
    return legal[0] if entry.get("card") is None else None


def print_result(console: Console, renderer: Renderer, names: Sequence[str], state: State) -> None:
    """The final scores, returns and who won and lost, in the renderer's language."""
    lang = renderer.lang
    console.rule(say("Match over", lang))
    returns = state.returns()
    console.print(renderer.result_table(names, state.scores(), returns))
    alone = len(returns) == 1
    words = [outcome_word(outcome, alone) for outcome in returns]
    winners = [names[seat] for seat, word in enumerate(words) if word == "won"]
    losers = [names[seat] for seat, word in enumerate(words) if word == "lost"]
    if winners or losers:
        nobody = say("nobody", lang)
        console.print(say("Won: {winners}. Lost: {losers}.", lang,
                          winners=", ".join(winners) or nobody,
                          losers=", ".join(losers) or nobody))
    else:
        console.print(say("Nobody won: the match is drawn.", lang))


# --- commands -------------------------------------------------------------------
GameArgument = Annotated[
    str, typer.Argument(metavar="GAME", help="the game, as `parlour list` names it")
]
PlayersOption = Annotated[
    int | None, typer.Option("--players", "-p", metavar="N", help="number of players")
]
GameOptions = Annotated[
    list[str] | None,
    typer.Option(
        "--option", "-o", metavar="NAME=VALUE", help="a game option (repeat for several)"
    ),
]
SeedOption = Annotated[
    int | None, typer.Option(metavar="S", help="fix every shuffle and computer move")
]


def _options_table(options: Sequence[Mapping[str, Any]], with_help: bool, lang: str) -> Table:
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False, show_edge=False)
    table.add_column(say("option", lang), no_wrap=True)
    table.add_column(say("default", lang), no_wrap=True)
    table.add_column(say("allowed", lang))
    if with_help:
        table.add_column(say("meaning", lang))
    for option in options:
        row = [option["name"], describe_value(option["default"]), _allowed_text(option, lang)]
        if with_help:
            row.append(translate(option["help"], lang))
        table.add_row(*row)
    return table


def _allowed_text(option: Mapping[str, Any], lang: str) -> str:
    """An option's allowed values (:meth:`parlour.engine.options.Option.allowed_text`)
    in ``lang``; a choice's values are written as they are typed."""
    if option["kind"] == "flag":
        return say("true or false", lang)
    if option["kind"] == "integer":
        return say("an integer from {minimum} to {maximum}", lang,
                   minimum=option["minimum"], maximum=option["maximum"])
    return str(option["allowed"])


def player_counts_text(counts: Sequence[int], lang: str = DEFAULT) -> str:
    """The numbers of players a game allows (:meth:`Game.player_counts`) in
    words, as ``parlour list`` shows them.

    >>> player_counts_text([1]), player_counts_text([2, 4]), player_counts_text([3, 4, 5, 6])
    ('1 player', '2 or 4 players', '3-6 players')
    >>> player_counts_text([3, 4, 6])
    '3, 4 or 6 players'
    """
    if len(counts) == 1:
        if counts[0] == 1:
            return say("1 player", lang)
        return say("{count} players", lang, count=counts[0])
    low, high = counts[0], counts[-1]
    if len(counts) > 2 and list(counts) == list(range(low, high + 1)):
        return say("{low}-{high} players", lang, low=low, high=high)
    return say("{counts} or {high} players", lang,
               counts=", ".join(str(count) for count in counts[:-1]), high=high)


@app.command("list", cls=SpokenCommand)
def list_games(ctx: typer.Context) -> None:
    """List every game: players, description and options with their defaults."""
    console = _console()
    lang = _lang(ctx)
    for index, (name, info) in enumerate(games().items()):
        if index:
            console.print()
        console.print(Text.assemble(
            (name, "bold"), "  " + say("{title} · {players} · {deck} deck", lang,
                                       title=translate(info["title"], lang),
                                       players=player_counts_text(info["player_counts"], lang),
                                       deck=info["deck"]),
        ))
        console.print(Padding(Text(translate(info["description"], lang)), (0, 0, 0, 2)),
                      soft_wrap=False)
        console.print(_options_table(info["options"], with_help=False, lang=lang))
    for name in events.names():
        kind = events.event_class(name)
        console.print()
        console.print(Text.assemble((name, "bold"), "  " + say(
            "{title} · an event (parlour event)", lang, title=translate(kind.title, lang))))
        console.print(Padding(Text(translate(kind.description, lang)), (0, 0, 0, 2)),
                      soft_wrap=False)
        console.print(_options_table(kind.schema.describe(), with_help=False, lang=lang))


@app.command(cls=SpokenCommand)
def rules(
    ctx: typer.Context,
    game: GameArgument,
) -> None:
    """Show a game's (or an event's) rules in brief, the decisions taken and its options."""
    lang = _lang(ctx)
    kind = event_kind(game)
    if kind is not None:
        name, rules_text, schema, command = kind.name, kind.rules_help(lang), kind.schema, "event"
    else:
        cls = game_class(game)
        name, rules_text, schema, command = cls.name, cls.rules_help(lang), cls.schema, "play"
    console = _console()
    console.print(rules_text.rstrip(), markup=False)
    console.print()
    console.print(Text(say("Options", lang), style="bold"))
    console.print(_options_table(schema.describe(), with_help=True, lang=lang))
    example = next((option for option in schema if option.name != "players"), None)
    if example is not None:
        console.print(
            say("Set them with --option NAME=VALUE, e.g. parlour {command} {name} "
                "--option {option}={value}", lang, command=command, name=name,
                option=example.name, value=describe_value(example.default)),
            markup=False,
        )


@app.command(cls=SpokenCommand)
def stats(ctx: typer.Context) -> None:
    """Show your patience statistics: games played and won, best scores."""
    console = _console()
    lang = _lang(ctx)
    path = stats_path()
    try:
        everything = load_stats(path)
    except StatsError as error:
        console.print(Text(f"✗ {translate(str(error), lang)}", style="red"))
        raise typer.Exit(1) from None
    if not everything:
        console.print(say("No patience finished yet (statistics: {path}).", lang, path=path),
                      markup=False)
        return
    for key, line in everything.items():
        console.print(f"{key}: {line.describe(lang)}", markup=False)
    console.print(say("(kept in {path}; set {variable} to keep them elsewhere)", lang,
                      path=path, variable=STATS_ENV), markup=False)


@app.command(cls=SpokenCommand)
def play(
    ctx: typer.Context,
    game: Annotated[
        str | None, typer.Argument(metavar="GAME", help="the game to play (omit it with --resume)")
    ] = None,
    players: PlayersOption = None,
    seat: Annotated[
        list[str] | None,
        typer.Option(
            "--seat", metavar="KIND",
            help="who sits at the next seat: human or a computer agent "
            f"({', '.join(sorted(AGENTS))}), or an outside program (cmd:COMMAND, "
            "see docs/protocol.md), a Python agent (module:MODULE:CLASS) or a language "
            "model (llm:MODEL@BASE_URL); repeat for each seat, the rest are random",
        ),
    ] = None,
    option: GameOptions = None,
    seed: SeedOption = None,
    save: Annotated[
        Path | None,
        typer.Option(metavar="FILE", help="write the game record to FILE after every move"),
    ] = None,
    resume: Annotated[
        Path | None,
        typer.Option(
            metavar="FILE",
            help="continue the game recorded in FILE (saved back to it unless --save; "
            "a record is at most 16 MiB)",
        ),
    ] = None,
    solvable_only: Annotated[
        bool,
        typer.Option("--solvable-only",
                     help="a patience: deal only a game that the solver shows can be won"),
    ] = False,
) -> None:
    """Play a game at the terminal against computer players."""
    console = _console()
    lang = _lang(ctx)
    if resume is not None:
        state = _resumed_state(resume, game, players, option, seed)
        save = save if save is not None else resume
        console.print(
            say("Resuming {title} after {moves} moves.", lang,
                title=translate(state.game.title, lang), moves=len(state.history)),
            markup=False,
        )
    elif game is None:
        raise CommandError("name the game to play, or give --resume FILE")
    elif solvable_only:
        state = _solvable_state(_make_game(game, players, option or []), seed, console, lang)
    else:
        state = _make_game(game, players, option or []).new_state(seed=seed)
    kinds = _seat_kinds(seat or [], state.game.num_players)
    TerminalMatch(state, kinds, console, save, lang).run()


SOLVABLE_TRIES = 100
"""Deals tried by ``--solvable-only`` before it gives up."""


def _solvable_state(rules_set: Game, seed: int | None, console: Console, lang: str) -> State:
    """The first deal, from seeds drawn from ``seed``, that the solver shows
    can be won (its own seed recorded, so the game replays)."""
    if rules_set.name not in SOLVED_GAMES:
        raise CommandError(f"--solvable-only is for the patiences the solver plays "
                           f"({', '.join(SOLVED_GAMES)}), not {rules_set.name}")
    rng = random.Random(seed if seed is not None else random.SystemRandom().randrange(2**63))
    for tries in range(1, SOLVABLE_TRIES + 1):
        state = rules_set.new_state(seed=rng.randrange(2**63))
        if solve(state).verdict == "won":
            console.print(say("A deal the solver wins (seed {seed}; {tries} dealt).", lang,
                              seed=state.seed, tries=tries), markup=False)
            return state
    raise CommandError(f"no deal of {SOLVABLE_TRIES} was shown winnable within the solver's "
                       "budget; play without --solvable-only")


def _resumed_state(
    path: Path, game: str | None, players: int | None, options: list[str] | None,
    seed: int | None,
) -> State:
    """The state recorded in ``path``; the record fixes the game and its options."""
    if players is not None or options or seed is not None:
        raise CommandError("--resume continues a recorded game: drop --players, --option, --seed")
    state = replay_record(path)
    if game is not None and game_class(game) is not type(state.game):
        raise CommandError(f"{path} records a game of {state.game.name}, not {game}")
    return state


@app.command("replay", cls=SpokenCommand)
def replay_command(
    ctx: typer.Context,
    file: Annotated[
        Path, typer.Argument(metavar="FILE", help="a game record saved by `parlour play --save` "
                             "(at most 16 MiB)")
    ],
    step: Annotated[bool, typer.Option("--step", help="wait for Enter between moves")] = False,
) -> None:
    """Print a recorded game move by move: plays, tricks, hand scores and result."""
    recorded = replay_record(file)
    game = recorded.game
    console = _console()
    lang = _lang(ctx)
    state = game.new_state(
        seed=recorded.seed, deal=recorded.deal, explicit_chance=recorded.explicit_chance
    )
    names = seat_names(state.observation(0))
    renderer = Renderer(game.deck, lang=lang)
    console.print(
        say("{game} · seed {seed} · {moves} moves", lang, game=repr(game), seed=recorded.seed,
            moves=len(recorded.history)),
        markup=False,
    )
    seen = 0
    shown_hand: object = None
    for index in range(len(recorded.history) + 1):
        if index:
            if step:
                step = _wait_for_enter(console, lang)
            state.apply(recorded.history[index - 1])
        observation = state.observation(0)
        lines, seen = new_log_lines(seen, observation)
        for line in lines:
            console.print(renderer.log_line(line, names))
        if observation["phase"] not in ("deal", "over") and \
                observation.get("hand_number") != shown_hand:
            shown_hand = observation.get("hand_number")
            _print_hands(console, renderer, state, names)
    if state.is_terminal():
        print_result(console, renderer, names, state)
    else:
        console.print(Text.assemble(
            say("The record stops before the end of the match. Totals: ", lang),
            renderer.totals(names, state.scores()),
        ))


def _wait_for_enter(console: Console, lang: str) -> bool:
    """Wait for Enter; ``False`` (stop stepping) at end of input or on ``q``
    (or the word for quit in ``lang``)."""
    try:
        answer = _typed_line(console, Text(
            say("Enter: next move, q: print the rest", lang) + " ", style="dim"))
    except EOFError:
        console.print()
        return False
    return answer.strip().casefold() not in ("q", "quit", say("quit", lang).casefold())


def _print_hands(console: Console, renderer: Renderer, state: State, names: Sequence[str]) -> None:
    """Every seat's hand as that seat sees it (a replay shows the whole deal)."""
    for seat, name in enumerate(names):
        hand = state.observation(seat)["hand"]
        console.print(Text.assemble("  " + say("{name} holds ", renderer.lang, name=name),
                                    renderer.cards(hand)))


@app.command(cls=SpokenCommand)
def event(
    ctx: typer.Context,
    name: Annotated[
        str, typer.Argument(metavar="EVENT", help="the event: " + ", ".join(events.names()))
    ],
    players: Annotated[
        int | None, typer.Option("--players", "-p", metavar="N",
                                 help="number of players (four at every table)")
    ] = None,
    rounds: Annotated[
        int | None, typer.Option(min=1, metavar="R", help="number of rounds")
    ] = None,
    seat_level: Annotated[
        str, typer.Option(metavar="LEVEL", help="the computer players' level or agent")
    ] = "medium",
    seed: SeedOption = None,
    option: GameOptions = None,
    save: Annotated[
        Path | None,
        typer.Option(metavar="FILE", help="write the event's record to FILE at the end"),
    ] = None,
    workers: Annotated[
        int | None, typer.Option(min=1, metavar="W",
                                 help="worker processes for a round's tables (default: all cores)")
    ] = None,
) -> None:
    """Run a whole progressive event of computer players: every round's
    movement, then the final standings."""
    values: dict[str, object] = dict(parse_option_assignments(option or []))
    if rounds is not None:
        if "rounds" in values:
            raise CommandError("give the number of rounds once: --rounds or --option rounds")
        values["rounds"] = rounds
    if seed is None:
        seed = random.SystemRandom().randrange(2**32)
    play_event(new_event(name, players, values, seed), seat_level, _console(), save,
               workers or os.cpu_count() or 1, _lang(ctx))


@app.command(cls=SpokenCommand)
def simulate(
    ctx: typer.Context,
    game: GameArgument,
    matches: Annotated[
        int, typer.Option("-n", "--matches", min=1, metavar="N",
                          help="number of matches (with --duplicate: of deals, each played "
                               "once per seat)")
    ],
    agents: Annotated[
        str | None, typer.Option(metavar="A[,B,...]",
                                 help="the agent at every seat, or one per seat, "
                                      "comma-separated: names from `parlour play --seat`, or "
                                      "ismcts:N (default: easy; --engine vector plays random "
                                      "only, named with --agents random)")
    ] = None,
    seed: SeedOption = None,
    players: PlayersOption = None,
    option: GameOptions = None,
    workers: Annotated[
        int | None, typer.Option(min=1, metavar="W", help="workers (default: all cores)")
    ] = None,
    backend: Annotated[
        str, typer.Option(metavar="local|ray",
                          help="local processes, or Ray (pip install 'parlour[ray]')")
    ] = "local",
    ray_address: Annotated[
        str | None, typer.Option(metavar="ADDR",
                                 help="the Ray cluster to use (default: a local instance)")
    ] = None,
    duplicate: Annotated[
        bool, typer.Option("--duplicate", help="replay each deal with the agents rotated "
                                               "round the seats")
    ] = False,
    sweep: Annotated[
        str | None, typer.Option(metavar="NAME=V1,V2,...",
                                 help="play the run once per value of an option, side by side")
    ] = None,
    out: Annotated[
        Path | None, typer.Option(metavar="DIR", help="write the records and the summary here")
    ] = None,
    plot: Annotated[bool, typer.Option("--plot", help="also draw plots into --out")] = False,
    engine: Annotated[
        str, typer.Option(metavar="reference|vector",
                          help="the game's own engine, or the batched one (random agents "
                               "only, many times faster)")
    ] = "reference",
) -> None:
    """Play N matches between agents and summarise the results.

    Every seat is played by easy, the heuristic player, unless --agents says
    otherwise; the heading names the agents and the seed. The results depend
    only on the seed, whatever the backend and the number of workers. A
    progress bar shows on a terminal.
    """
    from parlour.sim.report import fairness_text, summary_tables, write_outputs
    from parlour.sim.simulate import (
        DEFAULT_AGENT,
        SimulationSpec,
        parse_agents,
        parse_sweep,
        run_simulation,
    )
    from parlour.sim.statistics import summarise
    from parlour.simulate_cli import simulation_heading, simulation_progress

    if plot and out is None:
        raise CommandError("--plot draws into the folder of --out DIR: give --out too")
    if agents is None and engine.strip().casefold() == "vector":
        agent = DEFAULT_AGENT
        raise CommandError(f"the vector engine plays random agents only, and simulate's "
                           f"players are {agent} unless named: give --agents random")
    rules_set = _make_game(game, players, option or [])
    if seed is None:
        seed = random.SystemRandom().randrange(2**32)
    given = set(parse_option_assignments(option or []))
    if players is not None:
        given.add("players")
    spec = SimulationSpec(
        rules_set.name,
        {name: rules_set.options[name] for name in sorted(given) if name in rules_set.options},
        parse_agents(agents) if agents is not None else (DEFAULT_AGENT,), matches, seed,
        duplicate,
        parse_sweep(sweep) if sweep is not None else None, engine.strip().casefold(),
    )
    lang = _lang(ctx)
    with simulation_progress(lang) as progress:
        records = run_simulation(spec, backend, workers, progress, ray_address)
    console = _console()
    console.print(simulation_heading(rules_set, spec, len(records), lang), markup=False)
    summary = summarise(records, rules_set.name, seed)
    for table in summary_tables(summary, lang):
        console.print(table)
    for note in fairness_text(summary):
        console.print(translate(note, lang), markup=False)
    if out is not None:
        try:
            written = write_outputs(summary, records, out, plot)
        except OSError as error:
            raise CommandError(f"cannot write into {out}: {error.strerror}") from None
        console.print(say("wrote {files} into {out}", lang,
                          files=", ".join(path.name for path in written), out=out),
                      markup=False)


@app.command(cls=SpokenCommand)
def tournament(
    ctx: typer.Context,
    game: GameArgument,
    agents: Annotated[
        str, typer.Option(
            metavar="A,B,...",
            help="the agents to test, comma-separated: names from `parlour play --seat`, "
            "ismcts:N for ISMCTS with N iterations a move, or OpenSpiel's bots "
            "openspiel-ismcts and openspiel-mcts (as long as medium a move; "
            "openspiel-ismcts-hard and openspiel-mcts-hard: as long as hard)",
        ),
    ],
    deals: Annotated[
        int, typer.Option("-n", "--deals", min=1, metavar="N", help="number of deals")
    ],
    field: Annotated[
        str, typer.Option(metavar="AGENT", help="the agent playing every other seat")
    ] = "easy",
    seed: SeedOption = None,
    players: PlayersOption = None,
    option: GameOptions = None,
    workers: Annotated[
        int | None, typer.Option(min=1, metavar="W", help="worker processes (default: all cores)")
    ] = None,
    json_file: Annotated[
        Path | None, typer.Option("--json", metavar="FILE", help="also write the results as JSON")
    ] = None,
) -> None:
    """Rank agents by duplicate deals: each takes one seat against a field, at every seat.

    Every deal is replayed once per seat with the tested agent at that seat
    and the field agent at the others; intervals are 95%, clustered by deal
    (Student's t). Then each agent against each one named before it, deal
    by deal: the paired differences, the sharper comparison.
    """
    import json

    from parlour.sim.report import fixed, interval_text
    from parlour.sim.tournament import TournamentSpec, result_json, run_tournament

    rules_set = _make_game(game, players, option or [])
    if seed is None:
        seed = random.SystemRandom().randrange(2**32)
    names = tuple(name.strip() for name in agents.split(",") if name.strip())
    spec = TournamentSpec(rules_set.name, rules_set.options, names, deals, seed, field.strip())
    result = run_tournament(spec, workers)
    console = _console()
    lang = _lang(ctx)
    console.print(
        say("{game} · {deals} deals × {seats} seats · field {field} · seed {seed}", lang,
            game=repr(rules_set), deals=deals, seats=rules_set.num_players,
            field=spec.field_agent, seed=seed),
        markup=False,
    )
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False, show_edge=False)
    for column in (say("agent", lang), say("mean return", lang), say("95% interval", lang),
                   say("mean score", lang), say("matches", lang)):
        table.add_column(column, justify="right")
    for row in result.agents:
        table.add_row(row.agent, fixed(row.outcome.mean, 3, "+"),
                      translate(interval_text(row.outcome), lang), fixed(row.mean_score, 2),
                      str(row.matches))
    console.print(table)
    pairs = result.paired()
    if pairs:
        console.print(say("paired differences, deal by deal: the first agent's mean return "
                          "and score minus the second's", lang), markup=False)
        paired = Table(box=box.SIMPLE_HEAD, pad_edge=False, show_edge=False)
        rows = [(f"{pair.agent} - {pair.versus}", fixed(pair.outcome.mean, 3, "+"),
                 translate(interval_text(pair.outcome), lang), fixed(pair.score.mean, 2, "+"),
                 translate(interval_text(pair.score, 2), lang)) for pair in pairs]
        headings = (say("agents", lang), say("return", lang), say("95% interval", lang),
                    say("score", lang), say("95% interval", lang))
        # on a narrow terminal or a pipe (80 columns) the agents' names wrap,
        # never the figures
        paired.add_column(headings[0], justify="right", overflow="fold")
        for index, heading in enumerate(headings[1:], start=1):
            paired.add_column(heading, justify="right", no_wrap=True,
                              min_width=max(len(heading), *(len(cells[index]) for cells in rows)))
        for cells in rows:
            paired.add_row(*cells)
        console.print(paired)
    if json_file is not None:
        try:
            json_file.write_text(json.dumps(result_json(result), indent=2) + "\n")
        except OSError as error:
            raise CommandError(f"cannot write {json_file}: {error.strerror}") from None


def score_calculators() -> dict[str, ScoreCalculator]:
    """``parlour score``'s calculators, by registered game name: those the
    games declare (:attr:`parlour.engine.Game.score_calculator`)."""
    found = {name: game_class(name).score_calculator for name in games()}
    return {name: calculator for name, calculator in found.items() if calculator is not None}


SCORE_CALCULATORS = score_calculators()
"""The calculators of the games registered when the command line is loaded,
named in ``parlour score``'s help."""


def _score_calculator(game: str) -> ScoreCalculator:
    """The calculator of the game named on the command line."""
    calculators = score_calculators()
    known = ", ".join(sorted(calculators))
    try:
        chosen = game_class(game)
    except OptionError:
        close = difflib.get_close_matches(game.strip().casefold(), calculators, n=1)
        hint = f" (did you mean {close[0]!r}?)" if close else ""
        raise CommandError(
            f"no game called {game!r}{hint}; the games with a score calculator are {known}"
        ) from None
    if chosen.score_calculator is None:
        raise CommandError(f"{chosen.name} has no score calculator; the games with one are {known}")
    return chosen.score_calculator


@app.command(cls=SpokenCommand)
def score(
    ctx: typer.Context,
    game: Annotated[
        str, typer.Argument(
            metavar="GAME", help=f"a game with a score calculator: {', '.join(SCORE_CALCULATORS)}"
        ),
    ],
    cards: Annotated[
        list[str] | None, typer.Argument(metavar="CARD", help="the cards counted, e.g. JD 5H")
    ] = None,
    turnup: Annotated[
        str | None, typer.Option(metavar="CARD", help="the turn-up (Costly Colours)")
    ] = None,
    ace: Annotated[
        str | None, typer.Option(metavar="CARD", help="the top Ace (Bharg; none if omitted)")
    ] = None,
    option: GameOptions = None,
) -> None:
    """Count a hand by a game's scoring: each category, what scored in it, the total.

    Costly Colours: a show of three cards and the turn-up. Bharg: the bound
    cards of a hand against the top Ace, and the penalty of its unbound ones.
    """
    calculator = _score_calculator(game)
    request = ScoreRequest(cards or [], turnup, ace, parse_option_assignments(option or []))
    console = _console()
    lang = _lang(ctx)
    for line in calculator.count(request):
        console.print(translate(line, lang), markup=False)


def _without_password(url: str) -> str:
    """A database URL as it may be printed: its password, if any, as ``***``.

    >>> _without_password("postgresql+psycopg://parlour:secret@db/parlour")
    'postgresql+psycopg://parlour:***@db/parlour'
    >>> _without_password("sqlite:///parlour.db")
    'sqlite:///parlour.db'
    """
    from sqlalchemy.engine import make_url
    from sqlalchemy.exc import ArgumentError

    try:
        parsed = make_url(url)
    except (ArgumentError, ValueError):
        return url
    return url if parsed.password is None else parsed.render_as_string(hide_password=True)


def _served_app(db: str, computer_delay: float, limits: Limits,
                 allowed_origins: tuple[str, ...], pauses: Pauses,
                 engines: Engines | None = None) -> FastAPI:
    """The app that ``parlour serve`` serves; ``engines`` read from the
    environment when not given (a worker of ``--workers`` builds its app
    with this, pickled: engines cannot be)."""
    from parlour.server import create_app
    from parlour.server.engines import Engines

    return create_app(db, computer_delay, limits=limits, allowed_origins=allowed_origins,
                      pauses=pauses,
                      engines=Engines.from_environment() if engines is None else engines)


def _cluster_mode(db: str, workers: int) -> bool:
    """Whether ``parlour serve`` on ``db`` runs in cluster mode (a
    PostgreSQL database: docs/cluster.md). ``workers`` above 1 on any other
    database are refused in the cluster's own words (its
    :class:`~parlour.server.cluster.ClusterError`)."""
    from parlour.server.cluster import ClusterError, connection_parameters

    try:
        connection_parameters(db)
    except ClusterError as error:
        if workers > 1:
            raise CommandError(str(error)) from None
        return False
    return True


@app.command(cls=SpokenCommand)
def serve(
    ctx: typer.Context,
    host: Annotated[str, typer.Option(help="address to listen on")] = "127.0.0.1",
    port: Annotated[int, typer.Option(min=1, max=65535, help="port to listen on")] = 8000,
    db: Annotated[
        str, typer.Option(metavar="URL", help="SQLAlchemy database URL (SQLite file or PostgreSQL)")
    ] = "sqlite:///parlour.db",
    workers: Annotated[int, typer.Option(
        min=1, max=MAX_WORKERS, metavar="N",
        help="server processes sharing the port, each an ordinary server of its own "
             "(more than 1 needs a PostgreSQL database)",
    )] = 1,
    computer_delay: Annotated[
        float, typer.Option(min=0, metavar="S", help="seconds a computer seat waits before moving")
    ] = 0.6,
    request_timeout: Annotated[float, typer.Option(
        min=0.1, max=3600, metavar="S",
        help="seconds a client has to send a whole request (head and body); a request "
             "head that is late is answered 408, a late body closes the connection",
    )] = 10.0,
    max_connections: Annotated[int, typer.Option(
        min=1, metavar="N",
        help="open connections (live sockets included) beyond which a new one is "
             "answered 503 at once; kept below the limit of open files",
    )] = 1000,
    forwarded_allow_ips: Annotated[str, typer.Option(
        metavar="ADDRESSES",
        help="comma-separated addresses of reverse proxies whose X-Forwarded-For and "
             "X-Forwarded-Proto headers are believed ('*': any)",
    )] = "127.0.0.1,::1",
    allowed_origin: Annotated[
        list[str] | None, typer.Option(
            metavar="URL", help="a site (https://host[:port]) besides this server whose pages "
            "may change tables and parties, e.g. the public name of a reverse proxy; repeatable",
        ),
    ] = None,
    max_tables_per_address: Annotated[
        int, typer.Option(min=0, metavar="N", help="unfinished tables one client address may open")
    ] = 50,
    max_tables: Annotated[
        int, typer.Option(min=0, metavar="N", help="unfinished tables on the server")
    ] = 2000,
    max_tables_per_player: Annotated[
        int, typer.Option(min=0, metavar="N",
                          help="unfinished tables where one player may sit")
    ] = 50,
    max_computer_tables_per_address: Annotated[
        int, typer.Option(min=0, metavar="N",
                          help="tables of computers only one client address may have running")
    ] = 2,
    max_computer_tables: Annotated[
        int, typer.Option(min=0, metavar="N", help="tables of computers only on the server")
    ] = 8,
    max_parties_per_address: Annotated[
        int, typer.Option(min=0, metavar="N", help="unfinished parties one client address may open")
    ] = 3,
    max_parties: Annotated[
        int, typer.Option(min=0, metavar="N", help="unfinished parties on the server")
    ] = 50,
    max_computer_parties_per_address: Annotated[
        int, typer.Option(min=0, metavar="N", help="parties nobody joined one client address "
                          "may have played by computers")
    ] = 1,
    max_computer_parties: Annotated[
        int, typer.Option(min=0, metavar="N",
                          help="parties nobody joined played by computers on the server")
    ] = 4,
    computer_pace: Annotated[
        float, typer.Option(min=0, metavar="S", help="least seconds between two moves of a "
                            "table or party of computers only")
    ] = 1.0,
    archive_after: Annotated[
        float, typer.Option(min=0, metavar="DAYS", help="days without a move and without a "
                            "seat's socket after which a table is archived")
    ] = 7.0,
    max_players_per_address_hour: Annotated[
        int, typer.Option(min=0, metavar="N", help="players one client address may make in an hour")
    ] = 5,
    max_players_per_address_day: Annotated[
        int, typer.Option(min=0, metavar="N", help="players one client address may make in a day")
    ] = 20,
    max_renames_per_player_hour: Annotated[
        int, typer.Option(min=0, metavar="N", help="times a player may change his name in an hour")
    ] = 10,
    trick_pause: Annotated[
        float, typer.Option(min=0, max=10, metavar="S", help="seconds a finished trick stays "
                            "on the felt at a table with a person (unless the table chooses)")
    ] = 1.5,
    hand_wait: Annotated[
        float, typer.Option(min=0, max=3600, metavar="S", help="most seconds the next hand "
                            "waits for the people to continue after a hand's result (unless "
                            "the table chooses; 0: no wait)")
    ] = 60.0,
) -> None:
    """Run the web app: a lobby, tables with friends and computer seats, replays.

    Strangers' work is bounded by the --max-* limits (counted per client
    address and in all; a request over one is refused with 429), the pace of
    tables of computers only, and the archiving of abandoned tables
    (docs/web.md, "Limits and security"); slow clients by the request
    deadline and the connection cap. docs/web.md says how to run it in
    public, behind a reverse proxy.

    With --workers N, N server processes share the port, each an ordinary
    server of its own on one PostgreSQL database (docs/web.md, "Several
    processes").
    """
    from sqlalchemy.exc import SQLAlchemyError

    from parlour.server import TransportSettings
    from parlour.server import serve as serve_app
    from parlour.server.db import Database
    from parlour.server.engines import Engines
    from parlour.server.security import DAY, Limits
    from parlour.server.tables import Pauses
    from parlour.server.workers import serve_workers

    shown_db = _without_password(db)
    limits = Limits(
        tables_per_address=max_tables_per_address, tables=max_tables,
        tables_per_player=max_tables_per_player,
        computer_tables_per_address=max_computer_tables_per_address,
        computer_tables=max_computer_tables, parties_per_address=max_parties_per_address,
        parties=max_parties, computer_parties_per_address=max_computer_parties_per_address,
        computer_parties=max_computer_parties, computer_pace=computer_pace,
        archive_after=archive_after * DAY,
        players_per_address_hour=max_players_per_address_hour,
        players_per_address_day=max_players_per_address_day,
        renames_per_player_hour=max_renames_per_player_hour,
    )
    engines = Engines.from_environment()
    pauses = Pauses(trick_pause, hand_wait)
    try:
        if workers > 1:
            cluster = _cluster_mode(db, workers)  # refused before anything starts
            # the schema upgraded once, and a database's fault said, before any worker starts
            Database(db).close()
        else:
            web_app = _served_app(db, computer_delay, limits, tuple(allowed_origin or ()),
                                  pauses, engines)
            cluster = _cluster_mode(db, workers)
    except SQLAlchemyError as error:
        reason = str(error).splitlines()[0]
        raise CommandError(f"cannot open the database {shown_db}: {reason}") from None
    except ImportError as error:
        raise CommandError(
            f"the database driver {error.name} for {shown_db} is not installed "
            "(for PostgreSQL: pip install 'parlour[postgres]')"
        ) from None
    shown_host = "localhost" if host in ("0.0.0.0", "::") else host
    shown_host = f"[{shown_host}]" if ":" in shown_host else shown_host
    url = f"http://{shown_host}:{port}/"
    _console().print(say("parlour is serving at {url}", _lang(ctx), url=url) if workers == 1
                     else say("parlour is serving at {url} from {workers} processes",
                              _lang(ctx), url=url, workers=workers), markup=False)
    if engines.names():
        _console().print(say("the engines offered: {names}", _lang(ctx),
                             names=", ".join(engines.names())), markup=False)
    settings = TransportSettings(
        request_timeout=request_timeout, max_connections=max_connections,
        forwarded_allow_ips=forwarded_allow_ips, process_header=cluster,
    )
    if workers > 1:
        raise typer.Exit(serve_workers(workers, functools.partial(
            _served_app, db, computer_delay, limits, tuple(allowed_origin or ()), pauses,
        ), host, port, settings))
    serve_app(web_app, host, port, settings)


# --- entry point ----------------------------------------------------------------
LANG_OPTION = "--lang"
"""The option that chooses the language, taken anywhere on the line."""


def language_argument(args: Sequence[str], default: str) -> tuple[str, list[str]]:
    """The language ``--lang`` names in ``args`` (``--lang es`` or
    ``--lang=es``, anywhere before a ``--``; the last one wins), else
    ``default``, and ``args`` without it; :class:`CommandError` for a
    language parlour does not speak.

    >>> language_argument(["rules", "polignac", "--lang", "es"], "en")
    ('es', ['rules', 'polignac'])
    >>> language_argument(["--lang=en", "list"], "es")
    ('en', ['list'])
    """
    lang, rest = default, list[str]()
    index = 0
    while index < len(args):
        arg = args[index]
        if arg == "--":
            rest.extend(args[index:])
            break
        if arg == LANG_OPTION or arg.startswith(LANG_OPTION + "="):
            if arg == LANG_OPTION:
                if index + 1 == len(args):
                    raise CommandError(f"--lang needs a language: one of {', '.join(LANGUAGES)}")
                value, index = args[index + 1], index + 1
            else:
                value = arg.partition("=")[2]
            if value not in LANGUAGES:
                raise CommandError(
                    f"--lang must be one of {', '.join(LANGUAGES)}, not {value!r}")
            lang = value
        else:
            rest.append(arg)
        index += 1
    return lang, rest


Command = TyperGroup | TyperCommand
"""A command of the command line as Typer builds it."""


def _commands() -> list[Command]:
    """The command line as Typer builds it: the group, then each command."""
    group = typer.main.get_command(app)
    assert isinstance(group, TyperGroup)
    return [group, *(command for command in group.commands.values()
                     if isinstance(command, TyperGroup | TyperCommand))]


def command_in(lang: str) -> TyperGroup:
    """The command line, its help (``--help``: each command's and option's
    own text) in ``lang``; the words of Typer's frame around them
    (``Usage:``, ``Options``, ``[default: ...]``) are said by
    :mod:`parlour.cli_frame`."""
    commands = _commands()
    if lang != DEFAULT:
        spoken = messages(lang)
        for command in commands:
            command.help = spoken.gettext(command.help) if command.help else command.help
            command.short_help = spoken.gettext(command.short_help) if command.short_help \
                else command.short_help
            for param in command.params:
                if isinstance(param, TyperArgument | TyperOption) and param.help:
                    param.help = spoken.gettext(param.help)
    group = commands[0]
    assert isinstance(group, TyperGroup)
    return group


def help_messages() -> list[str]:
    """Every help text of the command line (``--help``) in English, the
    messages :func:`command_in` translates."""
    found: list[str] = []
    for command in _commands():
        found.extend(text for text in (command.help, command.short_help) if text)
        found.extend(param.help for param in command.params
                     if isinstance(param, TyperArgument | TyperOption) and param.help)
    return found


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line on ``argv`` (default ``sys.argv[1:]``); returns the exit status.

    With no arguments at all it shows the help. ``--lang`` (anywhere) or
    the locale variables choose the language of everything it says.
    """
    lang = from_environment()
    try:
        lang, args = language_argument(list(sys.argv[1:] if argv is None else argv), lang)
    except CommandError as error:
        return _fail(translate(str(error), lang), lang)
    command = command_in(lang)
    try:
        with frame_in(lang):
            status = command.main(args=args or ["--help"], prog_name="parlour",
                                  standalone_mode=False, obj=lang)
    except (ParlourError, CommandError) as error:
        return _fail(translate(str(error), lang), lang)
    except typer.TyperException as error:
        return _fail(translate(error.format_message(), lang), lang)
    except typer.Abort:
        return 1
    return status if isinstance(status, int) else 0


def _fail(message: str, lang: str) -> int:
    print(say("error: {message}", lang, message=message), file=sys.stderr)
    return USAGE_ERROR
