"""A single-agent Gymnasium environment for every parlour game: one seat
learns, parlour agents play the other seats.

>>> import gymnasium
>>> import parlour.rl.gymnasium
>>> env = gymnasium.make("parlour/Polignac-v0", players=3, target=8)
>>> observation, info = env.reset(seed=7)
>>> env.action_space, observation["action_mask"].shape
(Discrete(34), (34,))
>>> observation, reward, terminated, truncated, info = env.step(0)
>>> terminated, reward, info["illegal_action"]
(True, -1.0, 'you do not hold 7S')

Ids
    Importing this module registers ``parlour/<Title>-v0`` for every
    registered game, the title without spaces or apostrophes:
    ``parlour/Polignac-v0``, ``parlour/CostlyColours-v0``,
    ``parlour/BakersDozen-v0`` (:data:`ENV_IDS`); a game registered later
    (a plugin's, a test's) gets its id from :func:`register`. Keyword arguments of
    ``gymnasium.make`` other than ``seat``, ``opponents``, ``render_mode``
    and ``reward`` are the game's options, validated by
    ``parlour.make`` (a bad one raises its :class:`~parlour.OptionError`).
    ``v0`` is this adapter's version; a game's own version (which changes
    with its action ids or observations) is ``env.unwrapped.game.version``.
    A game the batched engine covers (``parlour.vector.covered()``) also
    has a vector environment, many matches stepped at once:
    ``gymnasium.make_vec(id, num_envs=N)`` (:mod:`parlour.rl.vector`).

Spaces
    The observation is a ``Dict``: ``"observation"``, a float32 ``Box`` of
    ``game.observation_tensor_size`` (the seat's
    ``State.observation_tensor``: its layout is
    ``game.observation_layout()``, version ``game.tensor_version``, tabled
    in the game module's docstring; the bounds are infinite because the layout, not the
    contract, fixes the ranges of its counts and scores), and
    ``"action_mask"``, an int8 ``Box`` of ``game.num_actions`` holding 1
    for each of ``State.legal_actions()`` when the seat is to move. The
    action space is ``Discrete(game.num_actions)``: action ids are the
    game's.

Masks at the end of an episode
    When the match is over the seat has no move to make, and the mask of
    that last observation marks *every* action (all ones), as Pgx's
    environments do at a terminal state: a mask of zeros would leave a
    masked sampler nothing to draw from (``numpy``'s ``choice`` raises,
    a masked softmax divides by zero). Nothing is played with such an
    action: the episode is over (``step`` raises until ``reset``), and
    under ``gymnasium.make_vec``'s next-step autoreset the action of the
    step that resets is ignored. So a standard masked loop runs across
    autoresets unchanged; read ``terminated``, not the mask, to know that
    an episode ended (docs/rl.md). An episode ended by an illegal action
    keeps the mask of the seat's legal actions (the match is untouched).

Opponents
    ``opponents`` plays every seat but ``seat``: ``None`` for the random
    agent, an agent name of :data:`parlour.agents.AGENTS` (``"random"``,
    ``"heuristic"``, ``"easy"``, ``"medium"``, ``"hard"``, ``"ismcts"``),
    an agent object (:class:`~parlour.agents.Agent` or
    :class:`~parlour.agents.SearchAgent`), or a sequence of those with one
    entry per other seat in seat order. They are asked through
    :func:`parlour.agents.choose_action`, as every surface asks them: an
    agent sees only its seat's observation, a search agent reads the
    state only as that seat may.

Rewards
    A match (play to a target, a number of rounds, lives) is one episode.
    With ``reward="match"`` (the default) the reward is 0 on every step
    but the last, and the learning seat's match return
    (``State.returns()``) when the match ends. With ``reward="hand"`` a
    step's reward is the change to the seat's total of the hands finished
    since the previous step (``State.hand_results()``, in the game's own
    unit), negated where a lower total is better (penalty points, lives
    lost: ``Game.higher_is_better``); an episode's rewards add up to the
    seat's final total so signed, and the match return is not added.

Illegal actions
    An action that is not legal ends the episode without changing the
    match: the step returns ``terminated=True``, the reward
    :data:`ILLEGAL_ACTION_REWARD` (-1.0, what a losing seat gets in every
    game of several seats) and ``info["illegal_action"]``, the game's
    sentence saying why. Stepping an ended episode raises ``RuntimeError``.

Seeding
    ``reset(seed=s)`` deals exactly as ``game.new_state(seed=s)`` (the
    match's ``record()`` replays it in parlour), and reseeds the
    environment's ``np_random``; ``reset()`` without a seed deals from a
    seed drawn from ``np_random``. A match that ends before the learning
    seat has a move to make (Ranter Go Round with one life, say, where a
    King turned up can end the match at once) is no episode: ``reset``
    deals again from seeds drawn from ``np_random`` until the seat has
    one (``env.unwrapped.match.seed`` is the seed dealt). Opponents made by name are made afresh
    at every reset with seeds derived from the deal's seed, so the same
    seed and the same actions give the same episode; an agent object keeps
    its own random state.

Rendering
    ``render_mode="ansi"`` returns the learning seat's view as text (the
    terminal renderer of :mod:`parlour.render`, without colours);
    ``"human"`` prints it, in colour on a terminal, after every reset and
    step.
"""

from __future__ import annotations

import io
import random
from collections.abc import Sequence
from typing import Any, Final, TypeAlias

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from rich.console import Console, RenderableType

import parlour
from parlour.agents import AnyAgent, RandomAgent, choose_action, make_agent
from parlour.engine import Game, IllegalAction, OptionError, ParseError, State, game_class
from parlour.render import Renderer

__all__ = [
    "ENV_IDS",
    "ILLEGAL_ACTION_REWARD",
    "RENDER_FPS",
    "RENDER_MODES",
    "REWARDS",
    "VECTOR_ENTRY_POINT",
    "Opponents",
    "ParlourEnv",
    "SpaceObservation",
    "action_mask",
    "check_render_mode",
    "check_reward",
    "draw_seed",
    "env_id",
    "episode_mask",
    "hand_rewards",
    "observation_space",
    "register",
    "render_text",
    "render_view",
    "seat_observation",
]

ILLEGAL_ACTION_REWARD: Final = -1.0
"""Reward of a step whose action is not legal (the episode ends)."""

RENDER_MODES: Final = ("human", "ansi")
"""The render modes of the parlour environments (Gymnasium and PettingZoo)."""

REWARDS: Final = ("match", "hand")
"""The reward schemes: the match return at the end, or per-hand score changes."""

RENDER_FPS: Final = 4
"""Frames a second that ``human`` rendering aims at (metadata only: a
text view is printed once a step)."""

SpaceObservation: TypeAlias = dict[str, npt.NDArray[Any]]
"""An observation of the spaces: ``{"observation": ..., "action_mask": ...}``."""

OpponentSpec: TypeAlias = str | AnyAgent
Opponents: TypeAlias = OpponentSpec | Sequence[OpponentSpec] | None
"""What plays the other seats (see the module's "Opponents")."""


def env_id(game: type[Game] | Game) -> str:
    """The Gymnasium id of ``game``: ``parlour/`` and its title without
    spaces or apostrophes, version 0.

    >>> env_id(parlour.make("costly-colours"))
    'parlour/CostlyColours-v0'
    """
    title = "".join(character for character in game.title if character.isalnum())
    return f"parlour/{title}-v0"


def observation_space(game: Game) -> spaces.Dict:
    """``{"observation": Box(float32), "action_mask": Box(int8)}`` for ``game``."""
    return spaces.Dict({
        "observation": spaces.Box(-np.inf, np.inf, (game.observation_tensor_size,),
                                  dtype=np.float32),
        "action_mask": spaces.Box(0, 1, (game.num_actions,), dtype=np.int8),
    })


def action_mask(state: State, seat: int) -> npt.NDArray[np.int8]:
    """1 for each legal action when ``seat`` is to move, else all 0."""
    mask = np.zeros(state.game.num_actions, dtype=np.int8)
    if state.current_player() == seat:
        mask[state.legal_actions()] = 1
    return mask


def episode_mask(state: State, seat: int) -> npt.NDArray[np.int8]:
    """The Gymnasium environments' mask: :func:`action_mask`, or every
    action once the match is over (see the module's "Masks at the end of an
    episode").

    >>> state = parlour.make("polignac", target=1).new_state(seed=1)
    >>> while not state.is_terminal():
    ...     state.apply(state.legal_actions()[0])
    >>> int(action_mask(state, 0).sum()), int(episode_mask(state, 0).sum())
    (0, 34)
    """
    if state.is_terminal():
        return np.ones(state.game.num_actions, dtype=np.int8)
    return action_mask(state, seat)


def seat_observation(state: State, seat: int) -> SpaceObservation:
    """What ``seat`` observes, in the shape of :func:`observation_space`
    (the mask as PettingZoo has it: all 0 when the seat is not to move)."""
    return {
        "observation": state.observation_tensor(seat),
        "action_mask": action_mask(state, seat),
    }


def render_view(state: State, seat: int | None) -> RenderableType:
    """The terminal renderer's view of the match as ``seat`` sees it (the
    public view, nothing hidden shown, when ``seat`` is ``None``)."""
    if seat is None:
        return Renderer(state.game.deck).view(state.public_observation(), state.game.title)
    return Renderer(state.game.deck, [seat]).view(state.observation(seat), state.game.title)


def render_text(state: State, seat: int | None) -> str:
    """:func:`render_view` as plain text, 100 columns wide."""
    buffer = io.StringIO()
    Console(file=buffer, width=100, no_color=True).print(render_view(state, seat))
    return buffer.getvalue()


def draw_seed(generator: np.random.Generator) -> int:
    """A deal seed drawn from an environment's ``np_random``."""
    return int(generator.integers(2**63 - 1))


def check_reward(reward: str) -> None:
    """Raise :class:`~parlour.OptionError` unless ``reward`` is one of :data:`REWARDS`."""
    if reward not in REWARDS:
        raise OptionError(f"reward must be one of {', '.join(REWARDS)}, not {reward!r}")


def hand_rewards(state: State, hands_seen: int) -> list[float]:
    """Per seat, the change to its total in the hands finished after the
    first ``hands_seen``, negated when a lower total is better."""
    sign = 1.0 if state.game.higher_is_better else -1.0
    finished = state.hand_results()[hands_seen:]
    return [sign * sum(hand[seat] for hand in finished) for seat in range(state.game.num_players)]


def check_render_mode(render_mode: str | None) -> None:
    """Raise :class:`~parlour.OptionError` unless ``render_mode`` is one of
    :data:`RENDER_MODES` or ``None``."""
    if render_mode is not None and render_mode not in RENDER_MODES:
        raise OptionError(
            f"render_mode must be one of {', '.join(RENDER_MODES)} or None, not {render_mode!r}"
        )


class MatchHolder:
    """What both environments share: the match in progress, ``None`` before
    the first reset."""

    _state: State | None

    @property
    def match(self) -> State:
        """The match in progress (for records and tests: a learner should
        read only its observations, which hide the other seats' cards)."""
        if self._state is None:
            raise RuntimeError("the environment has no match yet; call reset() first")
        return self._state


class ParlourEnv(MatchHolder, gymnasium.Env[dict[str, Any], np.int64]):
    """One seat of a parlour game against parlour agents (see the module).

    ``game`` is a registered name (with ``options``) or a made game;
    ``reward`` is ``"match"`` or ``"hand"`` (see the module's "Rewards").
    """

    # a class attribute, as Gymnasium declares it: gymnasium.make reads it
    # from the class to check a render mode before making the environment
    metadata = {"render_modes": list(RENDER_MODES), "render_fps": RENDER_FPS}  # noqa: RUF012

    def __init__(self, game: str | Game, seat: int = 0, opponents: Opponents = None,
                 render_mode: str | None = None, reward: str = "match",
                 **options: object) -> None:
        if isinstance(game, Game):
            if options:
                raise OptionError(
                    f"options {', '.join(sorted(options))} go to parlour.make, not with a made game"
                )
            self.game = game
        else:
            self.game = parlour.make(game, **options)
        players = self.game.num_players
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
            raise ParseError(f"seat {seat!r} does not exist; seats are 0 to {players - 1}")
        check_render_mode(render_mode)
        check_reward(reward)
        self.seat = seat
        self.reward = reward
        self.render_mode = render_mode
        self._opponent_specs = self._opponents_by_seat(opponents)
        self.observation_space = observation_space(self.game)
        self.action_space = spaces.Discrete(self.game.num_actions)
        self._state: State | None = None
        self._agents: dict[int, AnyAgent] = {}
        self._finished = False
        self._hands_seen = 0

    def _opponents_by_seat(self, opponents: Opponents) -> dict[int, OpponentSpec | None]:
        """Each other seat's opponent (``None``: random), names checked now."""
        others = [seat for seat in range(self.game.num_players) if seat != self.seat]
        if opponents is None or isinstance(opponents, str) or not isinstance(opponents, Sequence):
            entries: list[OpponentSpec | None] = [opponents] * len(others)
        else:
            entries = list(opponents)
            if len(entries) != len(others):
                raise OptionError(
                    f"{len(others)} opponents are needed, one for each other seat, "
                    f"not {len(entries)}"
                )
        for entry in entries:
            if isinstance(entry, str):
                make_agent(entry, 0)
        return dict(zip(others, entries, strict=True))

    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[SpaceObservation, dict[str, Any]]:
        """A new match (``options`` is accepted for the API and unused)."""
        super().reset(seed=seed)
        deal_seed = seed if seed is not None else draw_seed(self.np_random)
        while not self._start(deal_seed):
            deal_seed = draw_seed(self.np_random)
        if self.render_mode == "human":
            self.render()
        return self._observe(), {}

    def _start(self, deal_seed: int) -> bool:
        """Deal the match of ``deal_seed`` and play the opponents up to the
        learning seat's first move; whether the seat has one to make."""
        self._state = self.game.new_state(seed=deal_seed)
        self._hands_seen = 0
        self._agents = {
            seat: self._make_opponent(spec, deal_seed, seat)
            for seat, spec in self._opponent_specs.items()
        }
        self._play_opponents()
        self._finished = self._state.is_terminal()
        return not self._finished

    @staticmethod
    def _make_opponent(spec: OpponentSpec | None, deal_seed: int, seat: int) -> AnyAgent:
        if spec is None or isinstance(spec, str):
            agent_seed = random.Random(f"parlour-rl:{deal_seed}:{seat}").randrange(2**63)
            return RandomAgent(agent_seed) if spec is None else make_agent(spec, agent_seed)
        return spec

    def step(self, action: np.int64 | int) -> tuple[SpaceObservation, float, bool, bool,
                                                     dict[str, Any]]:
        """Play ``action`` for the learning seat, then the opponents until the
        seat is to move again or the match ends."""
        state = self.match
        if self._finished:
            raise RuntimeError("the episode is over; call reset() to start another")
        try:
            state.apply(int(action))
        except IllegalAction as error:
            self._finished = True
            return self._observe(), ILLEGAL_ACTION_REWARD, True, False, {
                "illegal_action": str(error)
            }
        self._play_opponents()
        self._finished = state.is_terminal()
        if self.reward == "hand":
            reward = hand_rewards(state, self._hands_seen)[self.seat]
            self._hands_seen = len(state.hand_results())
        else:
            reward = state.returns()[self.seat] if self._finished else 0.0
        if self.render_mode == "human":
            self.render()
        return self._observe(), reward, self._finished, False, {}

    def _play_opponents(self) -> None:
        state = self.match
        while not state.is_terminal() and state.current_player() != self.seat:
            state.apply(choose_action(self._agents[state.current_player()], state))

    def _observe(self) -> SpaceObservation:
        return {
            "observation": self.match.observation_tensor(self.seat),
            "action_mask": episode_mask(self.match, self.seat),
        }

    def render(self) -> str | None:
        """The learning seat's view: text for ``ansi``, printed for ``human``."""
        if self.render_mode == "ansi":
            return render_text(self.match, self.seat)
        if self.render_mode == "human":
            Console().print(render_view(self.match, self.seat))
        return None


VECTOR_ENTRY_POINT: Final = "parlour.rl.vector:ParlourVectorEnv"
"""The vector environment of the games the vector engine covers
(:mod:`parlour.rl.vector`)."""


def register() -> list[str]:
    """Register the environment of every registered game, again harmlessly
    (a game registered after this module was imported gets its id), with
    the vector environment as its ``vector_entry_point`` when the vector
    engine covers it; returns the ids in registry order."""
    import parlour.vector  # the covered games' vector modules, not their kernels

    covered = set(parlour.vector.covered())
    ids = []
    for name in parlour.games():
        identifier = env_id(game_class(name))
        vector = VECTOR_ENTRY_POINT if name in covered else None
        if identifier not in gymnasium.registry:
            gymnasium.register(identifier, entry_point="parlour.rl.gymnasium:ParlourEnv",
                               vector_entry_point=vector, kwargs={"game": name})
        else:
            gymnasium.registry[identifier].vector_entry_point = vector
        ids.append(identifier)
    return ids


ENV_IDS: Final[list[str]] = register()
"""The ids registered on import, in the order of the game names."""
