"""Single-observer information-set Monte Carlo tree search (SO-ISMCTS).

Cowling, Powley and Whitehouse, "Information Set Monte Carlo Tree Search",
IEEE Transactions on Computational Intelligence and AI in Games 4(2), 2012.

One tree is grown for the seat to move (the observer). Its nodes are
sequences of actions from the observer's present position; every
iteration works on a fresh *determinization*, ``state.determinize(seat,
rng)``: the seat's own knowledge is kept and every card it cannot see is
re-dealt consistently with it (known voids included), later hands are
dealt from a fresh seed. That call is the only way the search looks at
the state, so it can never use another seat's hidden cards: two states
that the seat cannot tell apart give the same determinizations and the
same move.

Each iteration has the four MCTS steps, restricted to the actions that are
legal in its determinization:

1. **Selection.** While every legal action of the node already has a
   child, pick the child maximising UCB1 over *availability counts*
   ``mean + c * sqrt(ln(available) / visits)``, where ``available`` counts
   the iterations in which that child was legal when its parent was
   selected from (not the parent's visits: a card is often not in the
   hand that a determinization deals).
2. **Expansion.** Otherwise add one child for a random untried legal action.
3. **Simulation.** Play on from there with the rollout policy (uniformly
   random by default) to the end of the current hand or of the match.
4. **Backpropagation.** Every node on the path stores the reward of the
   seat that moved into it; each seat maximises its own reward (max^n),
   so the same tree serves 1 to 26 seats.

Chance nodes (explicit deals, draws) are not tree nodes: an outcome is
sampled from ``chance_outcomes()`` and the descent continues from the same
node, so what chance reveals is treated like any other hidden information.

Rewards (per seat, computed once per iteration):

* The match ended: ``returns()`` times the number of seats. With the
  usual zero-sum shares (winners split the losers' stakes) every winner
  then gets more than 1 and every loser at most -1, so a match decided in
  a rollout always outweighs one hand's points.
* Otherwise the hand's score changes, the deltas of the hands finished
  since the search began (``hand_results()``; one hand, unless a hand
  ended at once). They are made zero-sum by subtracting their mean (a
  lone seat keeps its own delta), negated when ``game.higher_is_better``
  is false (penalty points), and divided by the largest absolute value
  seen so far in this search, so that they lie in [-1, 1] whatever the
  game's unit while keeping their proportions (two jacks cost twice one).

The move played is the root's most visited action (ties: the better mean,
then the lower action id). With an iteration budget and a seed the search
is deterministic; a time budget (CPU time of the searching thread, so that
other work on the machine does not weaken it) depends on the machine's
speed.

>>> import parlour
>>> from parlour.agents.base import choose_action
>>> state = parlour.make("polignac").new_state(seed=1)
>>> action = choose_action(ISMCTSAgent(seed=3, iterations=50), state)
>>> action in state.legal_actions()
True
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Mapping, Sequence

from parlour.engine.game import CHANCE_PLAYER, TERMINAL_PLAYER, Observation, State

RolloutPolicy = Callable[[Observation, Sequence[int], random.Random], int]
"""Chooses a rollout move for the seat to move from its observation, the
legal actions and the search's generator (for example
:func:`parlour.agents.heuristic.heuristic_action`); ``None`` in
:class:`ISMCTSAgent` means uniformly random. It is not asked about forced
moves (one legal action)."""

DEFAULT_ITERATIONS = 1000
"""Iterations per move of the registered ``"ismcts"`` agent."""

HAND_CHECK_INTERVAL = 8
"""A rollout confirms with ``hand_results()`` at least this often whether
the hand is over; a hand that changes no total is noticed that late (the
moves after it change nothing: only finished hands are scored)."""

WALL_FACTOR = 3.0
"""A time budget of ``seconds`` is thinking time: the search stops once
its thread has used that much CPU time, so that a loaded machine (a busy
server, a tournament on every core) slows a level down without making it
weaker; it also stops, weaker, after ``WALL_FACTOR`` times ``seconds`` of
wall-clock time, so that nobody waits for long."""

DEFAULT_EXPLORATION = 0.7
"""UCB1 exploration constant ``c`` (rewards lie in about [-1, 1])."""


def check_budget(searcher: str, iterations: int | None, seconds: float | None,
                 least: int) -> None:
    """Raise ``ValueError`` unless ``iterations`` (at least ``least``) or
    ``seconds`` (positive) or both bound each decision of ``searcher``."""
    if iterations is None and seconds is None:
        raise ValueError(f"{searcher} needs a budget: iterations, seconds or both")
    if iterations is not None and iterations < least:
        raise ValueError(f"iterations must be at least {least}, not {iterations}")
    if seconds is not None and seconds <= 0:
        raise ValueError(f"seconds must be positive, not {seconds}")


class Clock:
    """A decision's time budget of ``seconds`` (``None``: no limit): the
    searching thread's CPU time, with :data:`WALL_FACTOR` times as much
    wall-clock time as a backstop."""

    def __init__(self, seconds: float | None) -> None:
        self.limited = seconds is not None
        self.thinking = self.waiting = math.inf
        if seconds is not None:
            self.thinking = time.thread_time() + seconds
            self.waiting = time.perf_counter() + WALL_FACTOR * seconds

    def run_out(self) -> bool:
        """Whether the budget is spent."""
        return self.limited and (
            time.thread_time() >= self.thinking or time.perf_counter() >= self.waiting
        )


class ISMCTSAgent:
    """An SO-ISMCTS player (see the module docstring).

    ``iterations`` and ``seconds`` bound each move's search; when both are
    given the search stops at the first limit reached, and at least one is
    needed. ``seconds`` is the search thread's CPU time (see
    :data:`WALL_FACTOR`). ``exploration`` is UCB1's ``c``;
    ``rollout_policy`` plays the simulations (uniformly random when
    ``None``); ``rollouts_by_game`` gives a policy for some games by
    registry name, used when ``rollout_policy`` is ``None`` (a game whose
    random playouts are long and uninformative, such as Progress, searches
    better with its heuristic player's). ``opponent_model`` (or, by game,
    ``opponent_models_by_game``) plays the other seats' moves inside the
    tree too, from their own observations of each determinization (see
    :class:`_Search`); without one they are searched like the observer's.
    """

    name = "ismcts"

    def __init__(
        self,
        seed: int | None = None,
        iterations: int | None = DEFAULT_ITERATIONS,
        seconds: float | None = None,
        exploration: float = DEFAULT_EXPLORATION,
        rollout_policy: RolloutPolicy | None = None,
        rollouts_by_game: Mapping[str, RolloutPolicy] | None = None,
        opponent_model: RolloutPolicy | None = None,
        opponent_models_by_game: Mapping[str, RolloutPolicy] | None = None,
    ) -> None:
        check_budget("an ISMCTS search", iterations, seconds, 1)
        self.iterations = iterations
        self.seconds = seconds
        self.exploration = exploration
        self.rollout_policy = rollout_policy
        self.rollouts_by_game = dict(rollouts_by_game or {})
        self.opponent_model = opponent_model
        self.opponent_models_by_game = dict(opponent_models_by_game or {})
        self._rng = random.Random(seed)
        self.last_iterations = 0
        """Iterations run by the latest search (0 when the move was forced)."""

    def choose_in(self, state: State, seat: int) -> int:
        """The move for ``seat``, which is to move in ``state``.

        Besides ``state.determinize(seat, rng)``, only public facts and the
        seat's own are read: ``current_player()``, ``legal_actions()`` (the
        seat's moves), the number of finished hands and the game's
        metadata (seats, ``higher_is_better``).
        """
        if state.current_player() != seat:
            raise ValueError(f"seat {seat} is not to move")
        legal = state.legal_actions()
        if len(legal) == 1:
            self.last_iterations = 0
            return legal[0]
        policy = self.rollout_policy
        if policy is None:
            policy = self.rollouts_by_game.get(state.game.name)
        model = self.opponent_model
        if model is None:
            model = self.opponent_models_by_game.get(state.game.name)
        search = _Search(state, seat, self.exploration, policy, self._rng, model)
        clock = Clock(self.seconds)
        limit = self.iterations
        count = 0
        while limit is None or count < limit:
            search.iterate()
            count += 1
            if clock.run_out():
                break
        self.last_iterations = count
        return search.best_action(legal)


class _Search:
    """One move's tree, held in flat per-node lists (node 0 is the root):
    ``children`` (action -> node), ``followed`` (see below), ``visits``,
    ``available`` and ``reward_sums`` (of the seat that moved into the
    node). ``state`` is the real position; iterations see it only through
    ``determinize``.

    With an ``opponent_model`` the tree branches by UCB1 on the observer's
    decisions only: another seat's move in the tree is the model's choice
    from that seat's observation of the determinization (so each opponent
    plays from its sampled hand, instead of one move that must serve all
    its possible hands, the strategy fusion of single-observer ISMCTS),
    and the descent follows that move's child in ``followed`` without
    counting it as an expansion. Those children keep no statistics:
    nothing selects among them."""

    def __init__(
        self,
        state: State,
        seat: int,
        exploration: float,
        rollout_policy: RolloutPolicy | None,
        rng: random.Random,
        opponent_model: RolloutPolicy | None = None,
    ) -> None:
        self.state = state
        self.seat = seat
        self.exploration = exploration
        self.rollout_policy = rollout_policy
        self.opponent_model = opponent_model
        self.rng = rng
        game = state.game
        self.players = game.num_players
        self.sign = 1.0 if game.higher_is_better else -1.0
        self.hands_before = len(state.hand_results())
        self.scale = 0.0
        """The largest absolute zero-sum hand delta seen (reward divisor)."""
        self.children: list[dict[int, int]] = [{}]
        self.followed: list[dict[tuple[int, int], int]] = [{}]
        """The opponent model's moves from each node: (seat, action) -> node
        (apart from ``children``: who moves at a node may depend on hidden
        cards, and these children have no statistics to select by)."""
        self.visits: list[int] = [0]
        self.available: list[int] = [0]
        self.reward_sums: list[float] = [0.0]

    def iterate(self) -> None:
        """One determinization: select, expand, simulate, backpropagate."""
        rng = self.rng
        state = self.state.determinize(self.seat, rng)
        hands_before = self.hands_before
        children = self.children
        followed = self.followed
        visits = self.visits
        available = self.available
        reward_sums = self.reward_sums
        exploration = self.exploration
        log = math.log
        sqrt = math.sqrt
        model = self.opponent_model
        seat = self.seat
        path: list[int] = []
        movers: list[int] = []
        node = 0
        expanded = False
        while not expanded:
            player = state.current_player()
            if player == TERMINAL_PLAYER:
                break
            if player == CHANCE_PLAYER:
                state.apply(sample_chance(state, rng))
            elif model is not None and player != seat:
                legal = state.legal_actions()
                action = legal[0] if len(legal) == 1 else model(
                    state.observation(player), legal, rng)
                replies = followed[node]
                child = replies.get((player, action))
                if child is None:
                    child = replies[player, action] = self._add_node(available=0)
                state.apply(action)
                node = child
            else:
                legal = state.legal_actions()
                kids = children[node]
                untried = [action for action in legal if action not in kids]
                if untried:
                    action = untried[int(rng.random() * len(untried))]
                    for other in legal:
                        child = kids.get(other)
                        if child is not None:
                            available[child] += 1
                    child = kids[action] = self._add_node(available=1)
                    expanded = True
                else:
                    best_score = -math.inf
                    child = action = -1
                    for other in legal:
                        candidate = kids[other]
                        seen = available[candidate] + 1
                        available[candidate] = seen
                        count = visits[candidate]
                        score = reward_sums[candidate] / count + exploration * sqrt(
                            log(seen) / count
                        )
                        if score > best_score:
                            best_score, child, action = score, candidate, other
                state.apply(action)
                path.append(child)
                movers.append(player)
                node = child
            if len(state.hand_results()) != hands_before:
                break
        else:
            self._roll_out(state)
        rewards = self._rewards(state)
        for child, mover in zip(path, movers, strict=True):
            visits[child] += 1
            reward_sums[child] += rewards[mover]

    def _add_node(self, available: int) -> int:
        """A new node with no children nor visits yet: its index."""
        self.children.append({})
        self.followed.append({})
        self.visits.append(0)
        self.available.append(available)
        self.reward_sums.append(0.0)
        return len(self.visits) - 1

    def _roll_out(self, state: State) -> None:
        """Play on to the end of the current hand or of the match."""
        play_out(state, self.rollout_policy, self.rng, self.hands_before)

    def _rewards(self, state: State) -> list[float]:
        """Each seat's reward for the simulation that ended in ``state``."""
        players = self.players
        if state.is_terminal():
            return [value * players for value in state.returns()]
        deltas = hand_deltas(state, self.hands_before)
        largest = max(abs(delta) for delta in deltas)
        if largest > self.scale:
            self.scale = largest
        if self.scale == 0.0:
            return deltas
        factor = self.sign / self.scale
        return [delta * factor for delta in deltas]

    def best_action(self, legal: Sequence[int]) -> int:
        """The root's most visited legal action (ties: better mean, lower id)."""
        root = self.children[0]
        visits = self.visits
        reward_sums = self.reward_sums

        def key(action: int) -> tuple[int, float, int]:
            child = root.get(action)
            if child is None or visits[child] == 0:
                return (0, 0.0, -action)
            return (visits[child], reward_sums[child] / visits[child], -action)

        return max(legal, key=key)


def play_out(
    state: State, policy: RolloutPolicy | None, rng: random.Random, hands_before: int
) -> None:
    """Play ``state`` on with ``policy`` (uniformly random when ``None``)
    until the match ends or ``hand_results()`` holds more than
    ``hands_before`` hands; chance events are sampled with ``rng``."""
    random_unit = rng.random
    apply = state.apply
    legal_actions = state.legal_actions
    current_player = state.current_player
    hand_results = state.hand_results
    scores = state.scores
    totals = scores()
    steps = 0
    while True:
        player = current_player()
        if player == TERMINAL_PLAYER:
            return
        if player == CHANCE_PLAYER:
            apply(sample_chance(state, rng))
        else:
            legal = legal_actions()
            if len(legal) == 1:
                apply(legal[0])
            elif policy is None:
                apply(legal[int(random_unit() * len(legal))])
            else:
                apply(policy(state.observation(player), legal, rng))
        # hand_results() copies every finished hand: ask it only when the
        # totals move (a hand scored) or every few moves (a hand may score
        # nothing), comparing the cheap totals in between.
        steps += 1
        now = scores()
        if now != totals or not steps % HAND_CHECK_INTERVAL:
            if len(hand_results()) != hands_before:
                return
            totals = now


def hand_deltas(state: State, hands_before: int) -> list[float]:
    """Each seat's score change over the hands finished after the first
    ``hands_before``, made zero-sum by subtracting their mean (a lone seat
    keeps its own), in the game's units (not yet signed or scaled)."""
    players = state.game.num_players
    deltas = [0.0] * players
    for hand in state.hand_results()[hands_before:]:
        for seat, delta in enumerate(hand):
            deltas[seat] += delta
    if players > 1:
        mean = sum(deltas) / players
        deltas = [delta - mean for delta in deltas]
    return deltas


def sample_chance(state: State, rng: random.Random) -> int:
    """An outcome of the chance node ``state``, drawn by its probability
    (with ``rng``)."""
    outcomes = state.chance_outcomes()
    threshold = rng.random()
    cumulative = 0.0
    for action, probability in outcomes:
        cumulative += probability
        if threshold < cumulative:
            return action
    return outcomes[-1][0]
