"""The batched engine's contract: :class:`VectorGame`, its registry and
its kernels.

A vector game holds B matches of one game (one option set) as arrays, one
row a match, and moves them all at once: every call takes or returns an
array with the batch on its first axis. It is the same game as the
reference engine (:mod:`parlour.games`), action for action: the same action
ids, legal moves, players to move, observation tensors, scores and
returns, from any position :meth:`VectorGame.load` is given. Only the
chance is its own: the deals of :meth:`VectorGame.reset` and of every new
hand come from the batch's own random generator, not from the reference's
seeded deal.

Kernels: a game's rules are written once, as plain Python over NumPy
arrays and integers (one loop over the batch, a match's state as bitmasks
in a row of each array), and run either compiled by Numba
(``kernel="numba"``, the ``parlour[vector]`` extra: the speed this engine
is for) or by the Python interpreter over the same arrays
(``kernel="python"``: the same results everywhere NumPy is, far slower,
for machines without Numba and for reading the rules in a debugger).
``kernel="auto"`` (the default) takes Numba when it can be imported.
"""

from __future__ import annotations

import importlib
import importlib.util
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from typing import Any, ClassVar

import numpy as np
import numpy.typing as npt

from parlour.engine import TERMINAL_PLAYER, Game, State
from parlour.engine import make as make_game
from parlour.errors import ParlourError

KERNELS = ("auto", "numba", "python")
"""The kernels a vector game can run on (see the module's docstring)."""

MODULES = ("parlour.vector.tricks", "parlour.vector.ranter")
"""The modules that register vector games, imported on first use."""

IntArray = npt.NDArray[np.int64]
BoolArray = npt.NDArray[np.bool_]
FloatArray = npt.NDArray[np.float64]


class VectorError(ParlourError):
    """A vector game that cannot be made: a game or an option it does not
    cover, a batch size or kernel that cannot be, positions that do not fit."""


def numba_available() -> bool:
    """Whether Numba can be imported (the ``parlour[vector]`` extra)."""
    return importlib.util.find_spec("numba") is not None


def kernel_of(kernel: str) -> str:
    """The kernel ``kernel`` names (``auto`` resolved), or :class:`VectorError`."""
    if kernel not in KERNELS:
        raise VectorError(f"kernel must be one of {', '.join(KERNELS)}, not {kernel!r}")
    if kernel == "auto":
        return "numba" if numba_available() else "python"
    if kernel == "numba" and not numba_available():
        raise VectorError("the numba kernel needs Numba: pip install 'parlour[vector]'")
    return kernel


class VectorGame(ABC):
    """B matches of one game, stepped together.

    The attributes every vector game keeps current: :attr:`current_player`
    (int, B: the seat to move, :data:`parlour.engine.TERMINAL_PLAYER` once
    the match is over, as the reference says it), :attr:`done` (bool, B)
    and :attr:`hand_number` (int, B: the hands begun, the reference
    observation's ``hand_number``; a report reads the scores each time it
    grows).
    """

    names: ClassVar[tuple[str, ...]] = ()
    """The registered games this class plays."""

    def __init__(self, game: Game, batch_size: int, kernel: str) -> None:
        if not isinstance(batch_size, int) or isinstance(batch_size, bool) or batch_size < 1:
            raise VectorError(f"batch_size must be a whole number of at least 1, "
                              f"not {batch_size!r}")
        self.game = game
        self.batch_size = batch_size
        self.kernel = kernel
        self.num_players = game.num_players
        self.num_actions = game.num_actions
        self.observation_size = game.observation_tensor_size
        self.current_player: IntArray = np.full(batch_size, TERMINAL_PLAYER, dtype=np.int64)
        self.done: BoolArray = np.ones(batch_size, dtype=np.bool_)
        self.hand_number: IntArray = np.zeros(batch_size, dtype=np.int64)

    @classmethod
    def refusal(cls, game: Game) -> str | None:
        """Why this class cannot play ``game`` (an option value it does not
        cover, in words), or ``None`` when it can."""
        return None

    @abstractmethod
    def reset(self, seed: int | None = None) -> None:
        """Start B new matches, dealt from ``seed`` (each match its own deal)."""

    @abstractmethod
    def load(self, states: Sequence[State]) -> None:
        """Start the batch from B reference states of this game (any position:
        mid-hand, mid-match, over); a state at a chance node is refused."""

    @abstractmethod
    def legal_mask(self) -> BoolArray:
        """Bool, B × :attr:`num_actions`: each match's legal actions (none
        for a match that is over)."""

    @abstractmethod
    def step(self, actions: npt.ArrayLike) -> None:
        """Play ``actions`` (int, B), one a match; a match that is over
        ignores its entry, an illegal action for a match in play is refused
        with :class:`parlour.errors.IllegalAction` before anything moves."""

    @abstractmethod
    def observation_tensor(self) -> npt.NDArray[np.float32]:
        """Float32, B × :attr:`observation_size`: the player to move's view,
        laid out as :meth:`parlour.engine.State.observation_tensor` (zeros for
        a match that is over)."""

    @abstractmethod
    def returns(self) -> FloatArray:
        """Float, B × players: each match's returns (zeros until it is over),
        as :meth:`parlour.engine.State.returns`."""

    @abstractmethod
    def scores(self) -> IntArray:
        """Int, B × players: each match's scores so far, as
        :meth:`parlour.engine.State.scores`."""

    def counted_events(self) -> dict[str, IntArray]:
        """Each notable event the reference counts
        (:attr:`parlour.engine.Game.counted_events`), by name: how many times
        it happened in each match so far (int, B); ``{}`` for a game that
        counts none."""
        return {}

    def random_actions(self, rng: np.random.Generator) -> IntArray:
        """A uniformly random legal action for each match in play (0 for a
        match that is over)."""
        mask = self.legal_mask()
        counts = mask.sum(axis=1)
        picks = np.floor(rng.random(self.batch_size) * np.maximum(counts, 1)).astype(np.int64)
        order = np.cumsum(mask, axis=1) - 1
        chosen = np.argmax((order == picks[:, None]) & mask, axis=1)
        return np.where(counts > 0, chosen, 0).astype(np.int64)

    # ------------------------------------------------------------------
    # hooks of the equivalence check (parlour.vector.check): where a family
    # differs from the reference at a hand's end, its class says so here
    def step_to_chance(self, actions: npt.ArrayLike) -> BoolArray | None:
        """:meth:`step`, stopped before the chance that follows: a match
        whose hand ended waits for its next deal (its scores, events and
        hands begun as the hand left them) until :meth:`resolve_chance`;
        which matches wait (bool, B).

        ``None``, the default: the game deals its next hands within
        :meth:`step` (it has stepped), and who opens a hand does not hang on
        its deal, so the check compares a hand's end after the deal. A game
        whose deal decides who opens (or may end the hand at once)
        overrides this pair."""
        self.step(actions)
        return None

    def resolve_chance(self) -> None:
        """Deal (or cut) for every match :meth:`step_to_chance` left waiting,
        as :meth:`step` would have; nothing waits by default."""
        return None

    def chance_in_hand(self, row: int, state: State) -> int | None:
        """The outcome match ``row`` of the batch takes at the chance node
        of ``state`` (a reference state with explicit chance, at the same
        point as the row, within a hand: e.g. a card drawn from a stock the
        row keeps), so that the reference is given the batch's chance;
        ``None`` (the default) when the batch has no such chance."""
        return None

    def chance_winners(self, state: State) -> tuple[int, ...] | None:
        """When the reference match ``state`` was ended by a chance that the
        batch draws for itself (a cut for the pot), the seats one of whom
        that chance makes the winner; ``None`` (the default) when the
        match's end is the same in both engines."""
        return None

    def match_length(self) -> int:
        """About how many decisions a match of this game takes: the check
        loads positions up to this many random actions into a match."""
        return 120

    def memory_per_match(self) -> float:
        """Bytes of array state a match of the batch takes (every NumPy array
        attribute, shared tables excluded)."""
        total = sum(value.nbytes for value in vars(self).values()
                    if isinstance(value, np.ndarray) and value.shape[:1] == (self.batch_size,))
        return total / self.batch_size

    def _check_states(self, states: Sequence[State]) -> None:
        """:class:`VectorError` unless ``states`` are B states of this game
        with its options, none at a chance node."""
        if len(states) != self.batch_size:
            raise VectorError(f"load needs {self.batch_size} states, one a match; "
                              f"{len(states)} were given")
        for index, state in enumerate(states):
            if state.game.name != self.game.name or state.game.options != self.game.options:
                raise VectorError(f"state {index} is {state.game!r}, not {self.game!r}")
            if not state.is_terminal() and state.is_chance_node():
                raise VectorError(f"state {index} is at a chance node (a card being dealt); "
                                  "load a state where a player is to move")


_REGISTRY: dict[str, type[VectorGame]] = {}


def register(cls: type[VectorGame]) -> type[VectorGame]:
    """Registers ``cls`` for each game it names (a class decorator)."""
    for name in cls.names:
        _REGISTRY[name] = cls
    return cls


def unregister(name: str) -> None:
    """Removes the vector game ``name`` from the registry (a test's own
    game, once the test is done)."""
    _REGISTRY.pop(name, None)


def _load() -> None:
    for module in MODULES:
        if importlib.util.find_spec(module) is not None:
            importlib.import_module(module)


def covered() -> list[str]:
    """The games the vector engine plays, sorted."""
    _load()
    return sorted(_REGISTRY)


def make(name: str, /, batch_size: int, kernel: str = "auto", **options: Any) -> VectorGame:
    """B matches of the game ``name`` with ``options`` (the same names and
    options as :func:`parlour.make`), on ``kernel``.

    :class:`parlour.errors.OptionError` for a bad option, as
    :func:`parlour.make`; :class:`VectorError` for a game or an option
    value the vector engine does not cover (naming what it covers).
    """
    game = make_game(name, **options)
    _load()
    cls = _REGISTRY.get(game.name)
    if cls is None:
        raise VectorError(f"the vector engine does not play {game.name}; it plays "
                          f"{', '.join(covered()) or 'no game yet'}")
    why = cls.refusal(game)
    if why is not None:
        raise VectorError(f"the vector engine does not play {game!r}: {why}")
    return cls(game, batch_size, kernel_of(kernel))


Kernel = Callable[..., Any]
"""A compiled or plain function over a batch's arrays."""


def jitable(function: Kernel) -> Kernel:
    """Marks a helper of the kernels (a rule over one match's numbers) as
    callable both from Python and from Numba-compiled code
    (``numba.extending.register_jitable``); itself when Numba is absent."""
    if not numba_available():
        return function
    from numba.extending import register_jitable

    return register_jitable(function)


def compiled(function: Kernel, kernel: str, *, allocates: bool = True) -> Kernel:
    """``function`` compiled by Numba (``nopython``, cached) for the numba
    kernel, or as it is for the python kernel.

    ``allocates=False`` compiles it without Numba's reference counting
    (``_nrt=False``): safe only for a loop that allocates nothing (no array
    made or returned, in it or in a helper it calls), and much faster for
    one that hands arrays to helpers once a match, whose references Numba
    would otherwise count at every call."""
    if kernel != "numba":
        return function
    import numba  # the parlour[vector] extra

    if allocates:
        return numba.njit(cache=True, nogil=True)(function)
    jit: Any = numba.njit  # (its stubs do not know the _nrt flag)
    return jit(cache=True, nogil=True, _nrt=False)(function)  # type: ignore[no-any-return]
