"""One strategy per trick game: ``strategy(view, rng) -> action id``,
registered for its games here (:data:`STRATEGIES`).

Every strategy reads only the seat's :class:`~parlour.agents.heuristic.view.TrickView`
(built from its observation) and breaks exact ties with ``rng``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from parlour.agents import levels
from parlour.agents.heuristic.tactics import (
    TIE_BREAK,
    avoid_choice,
    best_by,
    dump_risk,
    take_all_choice,
    take_one_choice,
)
from parlour.agents.heuristic.trick_playouts import avoiding_policy
from parlour.agents.heuristic.view import TrickView, read_view
from parlour.agents.registry import ObservationStrategy, register_heuristic, register_level
from parlour.agents.vector_rollout import VectorRolloutAgent
from parlour.cards.bits import few_bits_of
from parlour.engine.game import Observation
from parlour.games.bassadewitz import Bassadewitz
from parlour.games.knaves import Knaves
from parlour.games.polignac import Polignac
from parlour.games.slobberhannes import Eichelobern, FirstLastGame, Grasobern, Slobberhannes
from parlour.games.tiny import TinyPolignac
from parlour.games.tricks import TrickGame

Strategy = Callable[[TrickView, random.Random], int]

POLIGNAC_SHED = 0.6
"""Polignac: penalty points saved by getting rid of a card sure to win a
later trick (five penalty points in eight tricks: about 0.6 a trick)."""
FIRST_LAST_SHED = 0.5
"""Slobberhannes family: the value of shedding a high card in a free trick
(a high card kept to the end risks the last trick)."""
BASSADEWITZ_SHED = 6.0
"""Bassadewitz: card points saved by getting rid of a card sure to win a
later trick (120 points in eight tricks, discounted for the chance of
throwing it on another seat's trick)."""
BASSADEWITZ_DANGER_POINTS = 70
"""Bassadewitz: from this many card points on, a hand nears the 100 that
pays every other seat 4 chips; each further trick then costs
:data:`BASSADEWITZ_DANGER_COST` more."""
BASSADEWITZ_DANGER_COST = 30.0
BASSADEWITZ_RUN = 5
"""Bassadewitz: after winning this many tricks and every trick so far, go
for all eight (rule 1 pays 4 chips from each seat; the points are lost
anyway)."""
BASSADEWITZ_STOP_RUN = 3
"""Bassadewitz: an opponent who has won every trick, at least this many,
is stopped by winning one trick."""
KNAVES_WASTE = 0.4
"""Knaves: the value of a card that may win a later trick, lost when it is
played without winning."""
KNAVES_THROW_GAIN = 0.5
"""Knaves: the share of a jack's value gained by throwing it on an
opponent's trick (it costs that opponent, in a three-way race)."""


# --- Polignac ----------------------------------------------------------------
def polignac(view: TrickView, rng: random.Random) -> int:
    """Polignac (avoid the jacks, above all the jack of spades).

    * Capot: bid only on a hand that cannot fail: in every suit held, the
      cards that no unseen card beats (the top run) are all the cards held
      or at least as many as the unseen cards of that suit (leading the top
      run draws them), and the seat leads to trick 1 or holds every suit
      that others hold (so that no lead can find it void).
    * Dealer's discard: the high cards of short suits (never a penalty card,
      the rules forbid it), so that the hand can throw penalty cards soon.
    * Play (:func:`~parlour.agents.heuristic.tactics.avoid_choice` with each
      penalty card's value): throw the jack of spades, then the other jacks,
      when void; duck with the highest card that still loses, dropping a jack
      under a higher card; win a trick that cannot hold a jack with a high
      card (shedding it); lead low cards that others can beat; count the
      unseen cards and the known voids for all of it.
    * Against a capot: win one trick at any price; as the bidder: win all.
    """
    game = view.tables.game
    assert isinstance(game, Polignac)
    phase = view.observation["phase"]
    if phase == "announce":
        capot = game.word_id("capot")
        return capot if _capot_is_sure(view) else game.word_id("pass")
    if phase == "discard":
        return best_by(view.legal, lambda card: view.suit_length(card) - 3 * view.danger(card), rng)
    bidder = view.observation.get("capot_bidder")
    if bidder is not None:
        if bidder == view.seat:
            return take_all_choice(view, rng)
        finished = view.trick_number - 1
        if view.observation["players"][bidder]["tricks"] == finished:
            return take_one_choice(view, rng)
    return avoid_choice(view, game.penalty_values, 0.0, POLIGNAC_SHED, rng)


def _capot_is_sure(view: TrickView) -> bool:
    """Whether this hand is certain to win every trick (see :func:`polignac`)."""
    game = view.tables.game
    leads = view.observation["leader"] == view.seat or bool(game.options["capot_bidder_leads"])
    return _every_trick_is_sure(view, leads)


def _every_trick_is_sure(view: TrickView, leads: bool) -> bool:
    """Whether this hand is certain to win every trick, leading to trick 1
    or not: in every suit held the top run (no unseen card beats it) is all
    the suit held or at least the unseen cards of the suit, and a void suit
    is one nobody else holds unless the seat leads."""
    for suit_mask in view.tables.suit_masks:
        held = view.hand & suit_mask
        outside = view.unseen & suit_mask
        if not held:
            if outside and not leads:
                return False
            continue
        top_run = sum(1 for card in few_bits_of(held) if not view.unseen_above(card))
        if top_run < held.bit_count() and top_run < outside.bit_count():
            return False
    return True


# --- Slobberhannes, Eichelobern, Grasobern -------------------------------
def first_last(view: TrickView, rng: random.Random) -> int:
    """Slobberhannes, Eichelobern and Grasobern (avoid the first trick, the
    last trick and the penalty card).

    :func:`~parlour.agents.heuristic.tactics.avoid_choice` with the penalty
    card's value and 1 for winning trick 1 or the last trick: duck the first
    trick with the highest card that still loses, and lead it low; throw the
    penalty card on someone else's trick when void (Grasobern forces it
    anyway) or under a higher card of its suit; in the free middle tricks
    win with high cards to shed them, so that low cards are left to duck
    the last trick; count the unseen cards and known voids to judge which
    cards are sure to lose.

    Grasobern's contracts: announce Mord only on a hand sure of every trick
    (as Polignac's capot), never Bettel; under a contract see
    :func:`_contract_play`.
    """
    game = view.tables.game
    assert isinstance(game, FirstLastGame)
    if view.observation["phase"] == "announce":
        # Grasobern's contracts: Mord on a hand sure of every trick, else pass
        mord = view.observation["leader"] == view.seat
        return game.word_id("mord" if _every_trick_is_sure(view, mord) else "pass")
    contract = view.observation.get("contract")
    if contract is not None:
        return _contract_play(view, contract, rng)
    cost = [0] * len(game.deck)
    cost[game.penalty_card] = game.penalty_value
    trick_cost = float(view.trick_number == 1) + float(view.is_last_trick)
    return avoid_choice(view, cost, trick_cost, FIRST_LAST_SHED, rng)


def _contract_play(view: TrickView, contract: str, rng: random.Random) -> int:
    """Grasobern under Mord or Bettel: the declarer of a Mord takes every
    trick and the others one; the declarer of a Bettel ducks every trick,
    and the others duck too, leaving the tricks to him."""
    declarer = view.observation["declarer"]
    if contract == "mord":
        if declarer == view.seat:
            return take_all_choice(view, rng)
        return take_one_choice(view, rng)
    return avoid_choice(view, [0.0] * len(view.tables.game.deck), 1.0, 0.0, rng)


# --- Bassadewitz -------------------------------------------------------------
def bassadewitz(view: TrickView, rng: random.Random) -> int:
    """Bassadewitz (take as few card points as possible).

    * :func:`~parlour.agents.heuristic.tactics.avoid_choice` with the card
      points (and the trick bonus): throw aces and tens on other seats'
      tricks when void, duck under a higher card with the most points that
      still lose, lead low cards.
    * Near 100 card points every trick costs much more (the 100-point rule
      costs 12 chips).
    * Someone else has won every trick so far (at least three): win one to
      stop the all-tricks payment. This seat has won every trick so far (at
      least five): go for all eight.
    """
    game = view.tables.game
    assert isinstance(game, Bassadewitz)
    finished = view.trick_number - 1
    players = view.observation["players"]
    runner = next(
        (player["seat"] for player in players if finished and player["tricks"] == finished),
        None,
    )
    if runner == view.seat and finished >= BASSADEWITZ_RUN:
        return take_all_choice(view, rng)
    if runner is not None and runner != view.seat and finished >= BASSADEWITZ_STOP_RUN:
        return take_one_choice(view, rng)
    points = view.observation["card_points"][view.seat]
    trick_cost = float(game.options["trick_bonus"])
    if points >= BASSADEWITZ_DANGER_POINTS:
        trick_cost += BASSADEWITZ_DANGER_COST
    return avoid_choice(view, game.card_points, trick_cost, BASSADEWITZ_SHED, rng)


# --- Knaves ------------------------------------------------------------------
def knaves(view: TrickView, rng: random.Random) -> int:
    """Knaves (win tricks, +1 each, but not jacks: hearts 4, diamonds 3,
    clubs 2, spades 1).

    Each card is scored by the chance it wins the trick (0 if it cannot,
    1 if no follower can beat it, counting unseen higher cards, trumps and
    known voids) times the trick's worth (1 minus the jacks in it, its own
    jack and the jacks followers may throw on it):

    * win cheaply: the lowest sure winner; trump a trick when void and the
      trump cannot be over-trumped; lead sure winners (trumps drawn early);
    * dodge the jacks: never win a trick worth less than nothing when a card
      can lose; never lead a jack;
    * when the trick is lost anyway: throw a jack on it (it costs an
      opponent), else the least useful card, from a short side suit (to
      make a void for trumping), keeping trumps and high cards.
    """
    game = view.tables.game
    assert isinstance(game, Knaves)
    jacks = game.jack_values
    in_trick = 1 - sum(jacks[card] for card in view.trick)
    strength = view.tables.strength

    def score(card: int) -> float:
        waste = KNAVES_WASTE * view.danger(card)
        p_win = _knaves_win_probability(view, card)
        if p_win == 0.0:
            keep = 0.5 if view.trumps >> card & 1 else 0.0
            short = 0.05 * view.suit_length(card)
            return KNAVES_THROW_GAIN * jacks[card] - waste - keep - short
        value = in_trick - jacks[card] - dump_risk(view, card, jacks)
        # the strength term orders equal winners: the lowest wins
        return p_win * value - (1.0 - p_win) * waste - 0.25 * waste - TIE_BREAK * strength[card]

    return best_by(view.legal, lambda card: -score(card), rng)


def _knaves_win_probability(view: TrickView, card: int) -> float:
    """The chance that ``card`` wins the trick when followers gladly
    overtake: none of the unseen higher cards (or trumps) is with a
    follower that can play it."""
    if not view.beats(card):
        return 0.0
    threats = view.threats(card)
    if threats == 0:
        return 1.0
    higher = view.unseen_above(card).bit_count() or 1
    return (1.0 - threats / (view.n - 1)) ** higher


def from_view(strategy: Strategy) -> ObservationStrategy:
    """``strategy`` as a heuristic strategy: it reads the trick view of the
    observation (:func:`~parlour.agents.heuristic.view.read_view`)."""
    def on_observation(observation: Observation, legal: Sequence[int],
                       rng: random.Random) -> int:
        return strategy(read_view(observation, legal), rng)
    return on_observation


STRATEGIES: tuple[tuple[type[TrickGame], Strategy], ...] = (
    (Polignac, polignac),
    (Knaves, knaves),
    (Slobberhannes, first_last),
    (Eichelobern, first_last),
    (Grasobern, first_last),
    (Bassadewitz, bassadewitz),
    (TinyPolignac, polignac),
)
"""The heuristic strategy of each trick game (registered here); Tiny
Polignac plays Polignac's rules, and so Polignac's strategy."""

for _game, _strategy in STRATEGIES:
    register_heuristic(_game, from_view(_strategy))


def polignac_hard(seed: int | None = None) -> VectorRolloutAgent:
    """The ``hard`` Polignac player: batched rollouts on the vector engine
    (:class:`~parlour.agents.vector_rollout.VectorRolloutAgent`),
    :data:`~parlour.agents.levels.VECTOR_DEALS` determinizations a move,
    each legal move played out once from each by the ``easy`` player's rules
    of thumb (:mod:`~parlour.agents.heuristic.trick_playouts`), at most
    :data:`~parlour.agents.levels.HARD_SECONDS` a move. The long search it
    replaced (:func:`~parlour.agents.levels.hard_search`) is
    ``hard-classic`` and its fallback where Numba or the vector engine is
    missing; docs/strength.md compares the two on duplicate deals."""
    return VectorRolloutAgent(levels.hard_search, seed, deals=levels.VECTOR_DEALS,
                              seconds=levels.HARD_SECONDS, policy=POLIGNAC_PLAYOUTS)


POLIGNAC_PLAYOUTS = avoiding_policy(lambda game: game.penalty_values, "pass")
"""How the batched ``hard`` plays Polignac's playouts: the table avoids the
jacks by their penalties, passes every call and plays capots out."""

register_level(Polignac, "hard", polignac_hard)
register_level(Polignac, "hard-classic", levels.hard_search)
