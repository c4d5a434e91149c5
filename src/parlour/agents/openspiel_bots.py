"""OpenSpiel's search bots as parlour players: an outside yardstick for
the levels, through the OpenSpiel adapter (:mod:`parlour.rl.openspiel`).

Names (``parlour tournament GAME --agents hard,openspiel-ismcts-hard``,
and ``parlour simulate``; :data:`OPENSPIEL_AGENTS`):

=========================  ==================================================
``openspiel-ismcts``       OpenSpiel's ISMCTS bot
                           (``open_spiel.python.algorithms.ismcts``), thinking
                           as long as ``medium`` at every move
``openspiel-ismcts-hard``  the same, thinking as long as ``hard``
``openspiel-mcts``         OpenSpiel's MCTS bot
                           (``open_spiel.python.algorithms.mcts``) on
                           determinizations, as long as ``medium``
``openspiel-mcts-hard``    the same, as long as ``hard``
=========================  ==================================================

**The same time a move as the level.** At every decision with more than one
legal move the agent first lets the level it is paced by choose on the same
position, measures the CPU time that took (the thread's, as the levels
count it), throws the level's choice away and gives OpenSpiel's bot exactly
that much CPU time (stopping sooner only at the level's own wall-clock
backstop: :data:`~parlour.agents.ismcts.WALL_FACTOR` times the level's
cap, :class:`Budget`). So each move gets the thinking
time the level spends on that very move, whatever the game, the position
or the load of the machine; a forced move is played at once, as the levels
play it. The price is that such an agent takes twice the level's time, and
that its play depends on the timing (like a level whose cap bites).

**OpenSpiel's bots as shipped, on the adapter's games.** The bots search
the game that the adapter registers: its states, its information-state
strings (perfect recall) as the ISMCTS tree's keys, its
``resample_from_infostate`` (parlour's ``determinize``) for the worlds, and
OpenSpiel's random rollout evaluator (one rollout to the end of the match,
whose returns are the only reward). The exploration constant is UCB1's
``√2`` times the game's utility range (``max_utility - min_utility``), as
OpenSpiel's own tool server sets it (``open_spiel/python/examples/
mcp_tool_server``). The search starts from a determinization of the
position for the seat (a game of the adapter whose matches begin there,
:class:`RootedGames`), so a bot never holds the real hidden cards. What is
changed: ISMCTS's search loop stops on the clock instead of after a count
of simulations (at least two, which its final policy needs), and its
re-deals draw from the agent's seeded generator instead of an unseeded one.

**ISMCTS** plays only games with hidden information (OpenSpiel's bot
refuses the others). **MCTS** (a perfect-information search) is made to
play every game by determinization: it searches one world at a time, a
re-deal of what the seat cannot see (in a perfect-information game the
position itself, only the cards still to come dealt from a fresh seed),
:data:`MCTS_WORLD_SIMULATIONS` simulations a world, world after world
until its time is spent (at least one, so it may overrun by a world's
search: 0.073 s against 0.067 a move in Polignac), and plays the move most visited
over all the worlds (perfect-information Monte Carlo; the strategy fusion
and non-locality this suffers are the reason ISMCTS exists).

This is the one agent module that reads a surface (the OpenSpiel adapter);
it needs the ``openspiel`` extra and is imported only when such an agent is
asked for (:func:`parlour.sim.tournament.agent_factory`).
"""

from __future__ import annotations

import math
import random
import time
from collections import Counter
from collections.abc import Callable
from functools import partial
from typing import Any

import numpy as np
from open_spiel.python.algorithms import ismcts, mcts  # type: ignore[import-untyped]

from parlour.agents import levels
from parlour.agents.ismcts import WALL_FACTOR
from parlour.agents.protocol import AnyAgent, choose_action
from parlour.engine.game import Game, State
from parlour.errors import OptionError
from parlour.rl import openspiel as adapter

__all__ = [
    "MCTS_WORLD_SIMULATIONS",
    "OPENSPIEL_AGENTS",
    "Budget",
    "OpenSpielAgent",
    "RootedGames",
    "make_openspiel_agent",
    "openspiel_agent_factory",
]

MCTS_WORLD_SIMULATIONS = 50
"""Simulations of the MCTS bot in each determinization (world) it searches:
a few worlds at the levels' budgets, each searched deeply enough that its
visit counts mean something."""

MIN_ISMCTS_SIMULATIONS = 2
"""The fewest simulations of an ISMCTS search: the first only expands the
root, and OpenSpiel's final policy needs a visited child."""

PACES: dict[str, tuple[Callable[[int | None], AnyAgent], float]] = {
    "medium": (levels.medium, levels.MEDIUM_SECONDS),
    "hard": (levels.hard, levels.HARD_SECONDS),
}
"""The levels an OpenSpiel bot can be paced by, by name, with their caps
on a move's CPU time (whose wall-clock backstop the bot shares)."""

OPENSPIEL_AGENTS: dict[str, tuple[str, str]] = {
    "openspiel-ismcts": ("ismcts", "medium"),
    "openspiel-ismcts-hard": ("ismcts", "hard"),
    "openspiel-mcts": ("mcts", "medium"),
    "openspiel-mcts-hard": ("mcts", "hard"),
}
"""The agents of this module by name: the bot and the level that paces it."""


class RootedGames:
    """The adapter's games with matches that begin at a chosen position:
    one ``pyspiel`` game per parlour game (and options), whose
    ``initial_parlour_state()`` is :attr:`root` (the adapter starts every
    new match from it)."""

    def __init__(self) -> None:
        self._games: dict[tuple[str, tuple[tuple[str, Any], ...]], Any] = {}

    def start(self, position: State) -> Any:
        """A ``pyspiel`` state of the adapter's game of ``position`` whose
        match is ``position`` (a copy of it), with no past: a search tree's
        root."""
        game = self.game(position.game)
        game.root = position
        return game.new_initial_state()

    def game(self, game: Game) -> Any:
        """The rooted ``pyspiel`` game of the parlour ``game``."""
        key = (game.name, tuple(sorted(game.options.items())))
        if key not in self._games:
            registered = adapter.openspiel_game_class(game.name)
            rooted = type(f"Rooted{registered.__name__}", (registered,), {
                "root": None,
                "initial_parlour_state": _root,
            })
            self._games[key] = rooted(dict(game.options))
        return self._games[key]


def _root(game: Any) -> State:
    """A rooted game's ``initial_parlour_state``: its root (a match plays on
    a copy)."""
    root: State = game.root
    return root


class Budget:
    """A move's thinking time: ``seconds`` of the thread's CPU time, or
    :data:`~parlour.agents.ismcts.WALL_FACTOR` times the pace's ``cap`` of
    wall-clock time, whichever runs out first (the backstop of the level
    itself, so that a loaded machine cuts the bot short no sooner than
    the level)."""

    def __init__(self, seconds: float, cap: float) -> None:
        self.thinking = time.thread_time() + seconds
        self.waiting = time.perf_counter() + WALL_FACTOR * cap

    def run_out(self) -> bool:
        """Whether the time is spent."""
        return time.thread_time() >= self.thinking or time.perf_counter() >= self.waiting


class _TimedISMCTSBot(ismcts.ISMCTSBot):  # type: ignore[misc]
    """OpenSpiel's ISMCTS bot searching until its :attr:`budget` runs out
    instead of for a count of simulations."""

    budget: Budget
    simulations = 0
    """Simulations run by the latest search."""

    def run_search(self, state: Any) -> list[tuple[int, float]]:
        """OpenSpiel's ``run_search``, its loop stopping on the clock."""
        self.reset()
        legal = state.legal_actions()
        if len(legal) == 1:
            return [(legal[0], 1.0)]
        self._root_node = self.create_new_node(state)
        self.simulations = 0
        while self.simulations < MIN_ISMCTS_SIMULATIONS or not self.budget.run_out():
            self.run_simulation(self.sample_root_state(state))
            self.simulations += 1
        policy: list[tuple[int, float]] = self.get_final_policy(state, self._root_node)
        return policy


class OpenSpielAgent:
    """OpenSpiel's ``bot`` (``"ismcts"`` or ``"mcts"``) paced by ``pace``:
    at every decision it thinks as long as ``pace``'s player thinks on the
    same position (see the module docstring), ``cap`` being the pace's
    limit on a move's CPU time (for the wall-clock backstop,
    :class:`Budget`). Seeded by ``seed`` (its re-deals, rollouts and ties;
    the pace gets the same seed).

    The counters add up over the agent's life: :attr:`moves` searched (forced
    moves not counted), :attr:`paced_seconds` the pace's CPU time on them,
    :attr:`searched_seconds` the bot's, :attr:`simulations` the bot's
    simulations.
    """

    def __init__(self, name: str, bot: str, pace: Callable[[int | None], AnyAgent],
                 cap: float, seed: int | None = None) -> None:
        if bot not in ("ismcts", "mcts"):
            raise ValueError(f"the OpenSpiel bots are ismcts and mcts, not {bot!r}")
        self.name = name
        self.bot = bot
        self._pace = pace(seed)
        self._cap = cap
        self._rng = random.Random(seed)
        self._numpy = np.random.RandomState(self._rng.getrandbits(32))
        self._games = RootedGames()
        self.moves = 0
        self.paced_seconds = 0.0
        self.searched_seconds = 0.0
        self.simulations = 0

    def choose_in(self, state: State, seat: int) -> int:
        """The bot's move for ``seat`` after as much CPU time as the pace's.

        Reads ``state`` as a search agent may: the pace is itself an agent,
        and the bot sees only determinizations for ``seat``.
        """
        if state.current_player() != seat:
            raise ValueError(f"seat {seat} is not to move")
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        if self.bot == "ismcts" and state.game.perfect_information:
            raise OptionError(
                f"{self.name} plays games with hidden cards, and {state.game.title} has "
                f"none; OpenSpiel's MCTS plays it: "
                f"{self.name.replace('ismcts', 'mcts')}")
        start = time.thread_time()
        choose_action(self._pace, state)
        budget = time.thread_time() - start
        start = time.thread_time()
        if self.bot == "ismcts":
            action, simulations = self._ismcts(state, seat, Budget(budget, self._cap))
        else:
            action, simulations = self._mcts(state, seat, Budget(budget, self._cap), legal)
        self.searched_seconds += time.thread_time() - start
        self.paced_seconds += budget
        self.moves += 1
        self.simulations += simulations
        return action

    def _uct_c(self, game: Any) -> float:
        return math.sqrt(2.0) * float(game.max_utility() - game.min_utility())

    def _ismcts(self, state: State, seat: int, budget: Budget) -> tuple[int, int]:
        root = self._games.start(state.determinize(seat, self._rng))
        game = root.get_game()
        evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=self._numpy)
        bot = _TimedISMCTSBot(game, evaluator, self._uct_c(game), max_simulations=None,
                              random_state=self._numpy)
        bot.budget = budget
        bot.set_resampler(self._resample)
        action = int(bot.step(root))
        return action, bot.simulations

    def _resample(self, state: Any, player: int) -> Any:
        return state.resample_from_infostate(player, self._rng.random)

    def _mcts(self, state: State, seat: int, budget: Budget,
              legal: list[int]) -> tuple[int, int]:
        votes: Counter[int] = Counter()
        worlds = 0
        while worlds == 0 or not budget.run_out():
            root = self._games.start(state.determinize(seat, self._rng))
            game = root.get_game()
            evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=self._numpy)
            bot = mcts.MCTSBot(game, self._uct_c(game), MCTS_WORLD_SIMULATIONS, evaluator,
                               random_state=self._numpy)
            for child in bot.mcts_search(root).children:
                votes[int(child.action)] += child.explore_count
            worlds += 1
        best = max(legal, key=lambda action: (votes[action], -action))
        return best, worlds * MCTS_WORLD_SIMULATIONS


def make_openspiel_agent(name: str, seed: int | None = None) -> OpenSpielAgent:
    """The agent of :data:`OPENSPIEL_AGENTS` called ``name``
    (:class:`OptionError` naming them if there is none)."""
    key = name.strip().casefold()
    if key not in OPENSPIEL_AGENTS:
        raise OptionError(
            f"no OpenSpiel bot called {name!r}; they are {', '.join(OPENSPIEL_AGENTS)}")
    bot, pace = OPENSPIEL_AGENTS[key]
    level, cap = PACES[pace]
    return OpenSpielAgent(key, bot, level, cap, seed)


def openspiel_agent_factory(name: str) -> Callable[[int | None], OpenSpielAgent]:
    """A seeded factory for the agent ``name`` (checked now)."""
    make_openspiel_agent(name, 0)
    return partial(make_openspiel_agent, name)
