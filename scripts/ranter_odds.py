"""Write docs/ranter-odds.md: each seat's chance of losing a life in one
hand of Ranter Go Round, exactly and by simulation (issue #9).

Usage: ``python scripts/ranter_odds.py [--hands N] [--mixed-hands M]
[--seed S] [--stdout]``

For 5 and 10 players: everyone standing on 8 or higher, everyone choosing
at random, one threshold player in each seat among random players, and a
table of thresholds for everyone. The exact figures come from
:func:`loss_probabilities`, the simulated ones from real hands through the
engine (:func:`simulate`). The document depends only on the arguments, so a
rerun with the command it names reproduces it.

This is a study of one game, kept here rather than in the package: the
rules are in ``parlour.games.ranter_go_round`` (rules only, no analysis),
and the study plays the game only through the contract (with the game's
action ids for standing and exchanging).

The question, in a card player's words: at a table of ``n`` players with
full lives, every player following a fixed *strategy* (a chance of
exchanging for each rank he may hold), how likely is each seat, from the
elder (seat 1, the dealer's left) round to the dealer (seat ``n``), to hold
the lowest card at the showdown? Two strategies are named here:

* :func:`threshold` ``t``: stand on a card of rank ``t`` or higher (A=1 ...
  K=13), exchange a lower one; the dealer likewise cuts the stock when his
  card is below ``t``.
* :data:`RANDOM`: stand or exchange with probability 1/2 whatever the card.

The rules modelled are those of the ``standard`` preset
(``rules/ranter_go_round.md`` §4, the defaults of §8), which
:data:`MODELLED_OPTIONS` lists: one card each from a 52-card pack, suits
ignored; each player has one turn, elder to dealer; a King is shown and
stands, and refuses an exchange, which uses up its holder's turn
(``king_rule="block"``); the dealer exchanges with a uniformly random stock
card (``dealer_exchange="cut"``; ``"top"`` has the same odds) and keeps a
King he cuts (``dealer_cuts_king="take"``); every holder of the lowest rank
loses a life (``tie_rule="all_lowest"``), so the seats' chances add up to
the expected number of losers, 1 or more.

**Exact method** (:func:`loss_probabilities`). Seat ``k`` loses exactly when
some rank ``r`` is its final rank and no final card is below ``r``; the
events for different ``r`` are disjoint, so ``P(k loses)`` is a sum over
``r``. For one ``r`` a card matters only through its *class*: the maximal
runs of ranks that lie on the same side of ``r`` (below, equal, above), on
the same side of the King, and on which every seat's strategy gives the
same chance of exchanging (with one threshold for everyone there are at
most five classes). The hand is then a Markov chain over the seats in turn
order whose state is the seat to act, the class of the card it holds and
how many cards of each class have been dealt (the pack is drawn without
replacement, so these counts fix the chance of the next card). Cards are
dealt lazily, each when first needed: the next seat's card when a seat
stands or asks for it, the stock card when the dealer cuts. Only a seat's
right-hand neighbour can change its card, and he acts before it, so a
seat's final card is known when its own turn is over; a path on which a
final card falls below ``r`` is dropped at once. A memoised recursion
returns, for the seats still to act, the weight of no card below ``r``
and, for each of them, of that and its own card being ``r``. The weights
are whole numbers (ordered deals times the strategies' chances over a
common denominator), turned into :class:`fractions.Fraction` at the end:
the figures are exact. Ten players take about a second.

**Simulation** (:func:`simulate`). Real hands through the game's public
contract (``parlour.make``, ``new_state``, ``current_player``,
``observation``, ``legal_actions``, ``apply``, ``hand_results``), the
strategy of each seat reading only its observation (its own card); the
first hand of each game, each with its own seed, so hands are independent.
A seat's position is counted from the dealer named in the observation.
Each position's rate comes with a Wilson score interval
(:func:`parlour.sim.statistics.wilson`).

>>> [str(p) for p in loss_probabilities((threshold(8), threshold(8)))]
['337/663', '1867/3315']
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from pathlib import Path

from parlour.engine.game import Observation
from parlour.engine.registry import make
from parlour.games.ranter_go_round import EXCHANGE, STAND
from parlour.sim.statistics import Z_95, wilson

GAME = "ranter-go-round"
RANK_CODES = "A23456789TJQK"
"""The ranks from the ace (1) to the King (13), as the first letter of a card code."""
KING = 13
CARDS_PER_RANK = 4
PACK = CARDS_PER_RANK * KING
MODELLED_OPTIONS: dict[str, str] = {
    "king_rule": "block",
    "dealer_exchange": "cut",
    "dealer_cuts_king": "take",
    "tie_rule": "all_lowest",
    "announce_low_cards": "off",
}
"""The options whose values the exact computation models (the defaults);
lives and the match ending play no part in one hand's odds."""

Z_999 = 3.290526731491926
"""The normal quantile of a two-sided 99.9% interval."""


@dataclass(frozen=True)
class Strategy:
    """A way to play a hand: the chance of exchanging with each rank held.

    ``exchange`` holds 13 chances, for the ace (1) up to the King (13); the
    King's is never used, since under ``king_rule="block"`` a King is shown
    and stands.
    """

    name: str
    exchange: tuple[Fraction, ...]

    def __post_init__(self) -> None:
        if len(self.exchange) != KING or not all(0 <= p <= 1 for p in self.exchange):
            raise ValueError(f"{self.name}: a strategy needs 13 chances from 0 to 1")

    def choose(self, observation: Observation, legal: Sequence[int],
               rng: random.Random) -> int:
        """The action for the card in ``observation`` (``rng`` draws a mixed choice)."""
        if len(legal) == 1:
            return legal[0]
        chance = self.exchange[rank_of(observation["hand"][0]) - 1]
        if chance == 1 or (chance and rng.random() < chance):
            return EXCHANGE
        return STAND


def threshold(rank: int) -> Strategy:
    """Stand on ``rank`` or higher (A=1 ... K=13), exchange below it.

    >>> threshold(8).exchange[6:8]
    (Fraction(1, 1), Fraction(0, 1))
    """
    if not 1 <= rank <= KING + 1:
        raise ValueError(f"a threshold is a rank from 1 (stand on anything) to 14, not {rank}")
    return Strategy(f"stand on {rank}+",
                    tuple(Fraction(int(held < rank)) for held in range(1, KING + 1)))


RANDOM = Strategy("random", (Fraction(1, 2),) * KING)
"""Stand or exchange with probability 1/2, whatever the card."""


def rank_of(code: str) -> int:
    """The rank of a card code: ``AS`` 1, ``7D`` 7, ``TH`` 10, ``KC`` 13."""
    return RANK_CODES.index(code[0].upper()) + 1


# ----------------------------------------------------------------------
# exact


def loss_probabilities(strategies: Sequence[Strategy]) -> tuple[Fraction, ...]:
    """Each seat's exact chance of losing a life in one hand, in turn order
    (the elder first, the dealer last), seat ``i`` playing ``strategies[i]``.

    Two players who never exchange each lose when their card is not the
    higher: 24/51 below and 3/51 equal, so 27/51 = 9/17 each.

    >>> never = threshold(1)
    >>> [str(p) for p in loss_probabilities((never, never))]
    ['9/17', '9/17']
    """
    players = len(strategies)
    if players < 2:
        raise ValueError("a hand needs at least 2 players")
    scale = math.lcm(*(chance.denominator for strategy in strategies
                       for chance in strategy.exchange))
    chances = tuple(tuple(int(chance * scale) for chance in strategy.exchange)
                    for strategy in strategies)
    totals = [0] * players
    for lowest in range(1, KING + 1):
        for seat, count in enumerate(_lowest_is(chances, scale, lowest)):
            totals[seat] += count
    paths = scale ** players * math.perm(PACK, players + 1)
    return tuple(Fraction(total, paths) for total in totals)


def _classes(chances: tuple[tuple[int, ...], ...], lowest: int) -> tuple[int, ...]:
    """The first rank of each class (see the module docstring) for ``lowest``."""
    starts = {1, lowest, lowest + 1, KING}
    for seat_chances in chances:
        starts.update(rank for rank in range(2, KING)
                      if seat_chances[rank - 1] != seat_chances[rank - 2])
    return tuple(sorted(start for start in starts if start <= KING))


def _lowest_is(chances: tuple[tuple[int, ...], ...], scale: int,
               lowest: int) -> tuple[int, ...]:
    """Per seat, the weight of the hands in which no final card is below
    ``lowest`` and the seat's own final card is ``lowest``.

    Weights are whole numbers, for speed: each card drawn counts the cards
    it could be (so a path's count is its number of ordered deals), and each
    choice its chance times ``scale`` (``scale`` when there is no choice).
    Every path then draws ``players + 1`` cards (a dealer who does not cut
    counts the stock cards he might have cut) and meets ``players``
    choices, so a weight over ``scale ** players`` times the falling
    factorial ``52 * 51 * ... * (52 - players)`` is a chance.
    """
    starts = _classes(chances, lowest)
    ends = (*starts[1:], KING + 1)
    sizes = tuple(CARDS_PER_RANK * (end - start) for start, end in zip(starts, ends, strict=True))
    classes = range(len(starts))
    below = tuple(start < lowest for start in starts)
    equal = tuple(start == lowest for start in starts)
    king = len(starts) - 1
    exchange = tuple(tuple(seat_chances[start - 1] for start in starts)
                     for seat_chances in chances)
    players = len(chances)
    dealer = players - 1
    stock = PACK - players

    def draws(dealt: tuple[int, ...]) -> list[tuple[int, int, tuple[int, ...]]]:
        """Each class the next card may be, its count and the new dealt counts."""
        return [(kind, sizes[kind] - dealt[kind],
                 (*dealt[:kind], dealt[kind] + 1, *dealt[kind + 1:]))
                for kind in classes if sizes[kind] > dealt[kind]]

    @cache
    def after(seat: int, dealt: tuple[int, ...]) -> tuple[int, ...]:
        """``play`` for ``seat`` holding the card dealt to it, drawn now."""
        totals = [0] * (players - seat + 1)
        for kind, count, counts in draws(dealt):
            for index, value in enumerate(play(seat, kind, counts)):
                totals[index] += count * value
        return tuple(totals)

    def final(seat: int, held: int, rest: tuple[int, ...]) -> tuple[int, ...]:
        """The seat's final card is of class ``held``; ``rest`` is what
        ``play`` gives for the seats after it (for the dealer, only the
        weight of what follows his choice)."""
        if below[held]:
            return (0,) * (players - seat + 1)
        return (rest[0], rest[0] if equal[held] else 0, *rest[1:])

    @cache
    def play(seat: int, held: int, dealt: tuple[int, ...]) -> tuple[int, ...]:
        """From ``seat``'s turn, holding a card of class ``held``: the weight
        of no final card from this seat on being below ``lowest``, then, for
        each seat from this one on, of that and its final card being
        ``lowest``."""
        if held == king:
            chance, stays = 0, scale
        else:
            chance = exchange[seat][held]
            stays = scale - chance
        parts: list[tuple[int, tuple[int, ...]]] = []
        if stays:
            if seat < dealer:
                parts.append((stays, final(seat, held, after(seat + 1, dealt))))
            else:
                parts.append((stays, final(seat, held, (stock,))))
        if chance:
            for kind, count, counts in draws(dealt):
                if seat == dealer:
                    parts.append((chance * count, final(seat, kind, (1,))))
                elif kind == king:
                    parts.append((chance * count,
                                  final(seat, held, play(seat + 1, king, counts))))
                else:
                    parts.append((chance * count,
                                  final(seat, kind, play(seat + 1, held, counts))))
        totals = [0] * (players - seat + 1)
        for weight, values in parts:
            for index, value in enumerate(values):
                totals[index] += weight * value
        return tuple(totals)

    return after(0, (0,) * len(starts))[1:]


# ----------------------------------------------------------------------
# simulation


@dataclass(frozen=True)
class Rate:
    """A seat's losses in ``hands`` hands, with its Wilson interval."""

    losses: int
    hands: int
    low: float
    high: float

    @property
    def rate(self) -> float:
        """The share of hands lost."""
        return self.losses / self.hands

    def agrees(self, exact: Fraction) -> bool:
        """Whether ``exact`` lies in the interval."""
        return self.low <= exact <= self.high


def simulate(strategies: Sequence[Strategy], hands: int, seed: int,
             z: float = Z_95) -> tuple[Rate, ...]:
    """Play the first hand of ``hands`` games through the engine, seat ``i``
    from the dealer's left playing ``strategies[i]`` (the dealer last); each
    seat's losses with their interval at quantile ``z``.

    The games are seeded ``seed``, ``seed + 1``, ...; the strategies' coin
    flips come from one generator seeded with ``seed``.
    """
    players = len(strategies)
    game = make(GAME, players=players)
    for name, value in MODELLED_OPTIONS.items():
        if game.options[name] != value:
            raise ValueError(f"the default {name} is {game.options[name]!r}, not {value!r}: "
                             "the figures here model the standard preset")
    rng = random.Random(seed)
    losses = [0] * players
    for index in range(hands):
        state = game.new_state(seed=seed + index)
        while not state.hand_results():
            seat = state.current_player()
            observation = state.observation(seat)
            position = (seat - observation["dealer"] - 1) % players
            state.apply(strategies[position].choose(observation, state.legal_actions(), rng))
        # The second hand is dealt by the first dealer's left-hand neighbour,
        # since nobody is out after one hand; this also covers a first hand
        # that ends without a decision (every card a King).
        dealer = (state.observation(0)["dealer"] - 1) % players
        for seat, lost in enumerate(state.hand_results()[0]):
            losses[(seat - dealer - 1) % players] += lost
    return tuple(Rate(lost, hands, *wilson(lost, hands, z)) for lost in losses)


# the report

ROOT = Path(__file__).resolve().parent.parent
REPORT = ROOT / "docs" / "ranter-odds.md"
TABLES = (5, 10)
STAND_ON = 8
THRESHOLDS = range(4, 12)


class Cells:
    """How many simulated figures fell inside their interval."""

    def __init__(self) -> None:
        self.inside = 0
        self.total = 0
        self.largest_z = 0.0
        """The largest gap between a simulated and an exact figure, in standard errors."""

    def mark(self, rate: Rate, exact: Fraction) -> str:
        """Count one comparison; its word for the table."""
        self.total += 1
        error = math.sqrt(float(exact * (1 - exact)) / rate.hands)
        self.largest_z = max(self.largest_z, abs(rate.rate - float(exact)) / error)
        if rate.agrees(exact):
            self.inside += 1
            return "yes"
        return "**no**"


def seat_name(index: int, players: int) -> str:
    """Seat 1 is the elder; the last seat is the dealer."""
    if index == players - 1:
        return f"{index + 1} (dealer)"
    return f"{index + 1} (elder)" if index == 0 else str(index + 1)


def percent(value: float | Fraction, places: int = 2) -> str:
    return f"{100 * float(value):.{places}f}%"


def interval(rate: Rate) -> str:
    return f"{percent(rate.rate)} [{percent(rate.low)}, {percent(rate.high)}]"


def progress(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


def timed_simulation(strategies: Sequence[Strategy], hands: int,
                     seed: int) -> tuple[Rate, ...]:
    """:func:`simulate`, saying on stderr how long it took."""
    started = time.perf_counter()
    rates = simulate(strategies, hands, seed)
    progress(f"  {len(strategies)} players, {hands} hands: "
             f"{time.perf_counter() - started:.0f} s")
    return rates


def everyone_table(players: int, hands: int, seed: int, cells: Cells) -> list[str]:
    """Everyone on the threshold, and everyone at random: exact and simulated."""
    rows = [
        f"| seat | stand on {STAND_ON}+: exact | simulated [95% CI] | inside | "
        "random: exact | simulated [95% CI] | inside |",
        "|---|---|---|---|---|---|---|",
    ]
    columns = []
    for strategy in (threshold(STAND_ON), RANDOM):
        table = (strategy,) * players
        columns.append((loss_probabilities(table), timed_simulation(table, hands, seed)))
    for seat in range(players):
        cells_text = []
        for exact, rates in columns:
            rate = rates[seat]
            cells_text += [percent(exact[seat], 3), interval(rate), cells.mark(rate, exact[seat])]
        rows.append(f"| {seat_name(seat, players)} | " + " | ".join(cells_text) + " |")
    sums = [sum(exact, Fraction(0)) for exact, _ in columns]
    rows.append(f"| sum (losers per hand) | {float(sums[0]):.4f} | | | {float(sums[1]):.4f} | | |")
    return rows


def exact_fractions(players: int) -> list[str]:
    """The exact rationals behind the first table."""
    rows = ["| seat | stand on 8+ | random |", "|---|---|---|"]
    threshold_odds = loss_probabilities((threshold(STAND_ON),) * players)
    random_odds = loss_probabilities((RANDOM,) * players)
    for seat in range(players):
        rows.append(f"| {seat_name(seat, players)} | {threshold_odds[seat]} | "
                    f"{random_odds[seat]} |")
    return rows


def threshold_table(players: int) -> list[str]:
    """Exact figures for everyone standing on each threshold."""
    header = "| stand on | " + " | ".join(str(seat + 1) for seat in range(players - 1))
    rows = [header + " | dealer | sum |", "|---" * (players + 2) + "|"]
    for rank in THRESHOLDS:
        odds = loss_probabilities((threshold(rank),) * players)
        cells_text = [percent(chance, 1) for chance in odds]
        rows.append(f"| {rank}+ | " + " | ".join(cells_text)
                    + f" | {float(sum(odds, Fraction(0))):.3f} |")
    return rows


def lone_table(players: int, hands: int, seed: int, cells: Cells) -> list[str]:
    """One threshold player in each seat, random players elsewhere."""
    random_odds = loss_probabilities((RANDOM,) * players)
    rows = [
        f"| seat of the stand-on-{STAND_ON} player | his chance: exact | simulated [95% CI] "
        "| inside | a random player there | saved |",
        "|---|---|---|---|---|---|",
    ]
    for seat in range(players):
        table = [RANDOM] * players
        table[seat] = threshold(STAND_ON)
        exact = loss_probabilities(table)[seat]
        rate = timed_simulation(table, hands, seed)[seat]
        saved = 1 - exact / random_odds[seat]
        rows.append(f"| {seat_name(seat, players)} | {percent(exact, 3)} | {interval(rate)} | "
                    f"{cells.mark(rate, exact)} | {percent(random_odds[seat], 3)} | "
                    f"{percent(saved, 0)} |")
    return rows


def reading(players: int) -> list[str]:
    """The plain-language reading, its numbers computed."""
    good = loss_probabilities((threshold(STAND_ON),) * players)
    blind = loss_probabilities((RANDOM,) * players)
    worst = max(range(players), key=lambda seat: good[seat])
    lone = []
    for seat in range(players):
        table = [RANDOM] * players
        table[seat] = threshold(STAND_ON)
        lone.append(loss_probabilities(table)[seat])
    good_mean = sum(good, Fraction(0)) / players
    blind_mean = sum(blind, Fraction(0)) / players
    return [
        f"- **{players} players.** When everyone stands on {STAND_ON} or better the elder "
        f"is safest ({percent(good[0], 1)}) and seat {seat_name(worst, players)} the most "
        f"exposed ({percent(good[worst], 1)}); the dealer ({percent(good[-1], 1)}) is "
        f"{'better' if good[-1] < good[-2] else 'worse'} off than the seat on his right. "
        f"With random play every seat but the "
        f"dealer has the same chance ({percent(blind[0], 1)}), the dealer a little less "
        f"({percent(blind[-1], 1)}). A fair share would be {percent(Fraction(1, players), 1)}. "
        f"Averaged over the table the threshold saves little ({percent(good_mean, 1)} a seat "
        f"against {percent(blind_mean, 1)}): someone must hold the lowest card, and good "
        f"play only makes ties a little rarer. One careful player among careless ones gains "
        f"a great deal: {percent(min(lone), 1)} to {percent(max(lone), 1)} depending on the "
        f"seat, against {percent(blind[-1], 1)}-{percent(blind[0], 1)} for a random player.",
    ]


def threshold_reading() -> list[str]:
    """Which threshold for everyone gives the fewest losers, per table size."""
    best = []
    for players in TABLES:
        losers = {rank: sum(loss_probabilities((threshold(rank),) * players), Fraction(0))
                  for rank in range(1, 14)}
        rank = min(losers, key=lambda key: losers[key])
        best.append(f"{rank} with {players} players ({float(losers[rank]):.3f} losers a hand)")
    return [
        "- **Thresholds.** Over the whole table the threshold matters little. The fewest "
        f"losers a hand (the fewest ties for lowest) come from standing on {best[0]} and on "
        f"{best[1]}: at a bigger table a middling card is more likely to be beaten by "
        "someone else's. A higher threshold evens out the seats: more players exchange, "
        "and the elder's advantage fades.",
    ]


def document(hands: int, mixed_hands: int, seed: int, command: str) -> str:
    cells = Cells()
    sections: list[str] = []
    for players in TABLES:
        progress(f"{players} players")
        sections += [
            f"## {players} players",
            "",
            f"### Everyone the same: stand on {STAND_ON}+, or random",
            "",
            f"Exact chance of losing a life in the hand, and the share of {hands:,} "
            "simulated hands, with its 95% Wilson interval; *inside* says whether the exact "
            "figure lies in the interval.",
            "",
            *everyone_table(players, hands, seed, cells),
            "",
        ]
        if players == TABLES[0]:
            sections += [
                "The exact figures as fractions:",
                "",
                *exact_fractions(players),
                "",
            ]
        sections += [
            "### Everyone on the same threshold (exact)",
            "",
            "Each seat's chance when every player, the dealer included, stands on the "
            "given rank or higher (A=1, J=11, Q=12); *sum* is the expected number of "
            "players who lose a life.",
            "",
            *threshold_table(players),
            "",
            f"### One stand-on-{STAND_ON} player among random players",
            "",
            f"The threshold player sits in each seat in turn ({mixed_hands:,} simulated "
            "hands each); the others stand or exchange at random. *A random player there* "
            "is that seat's chance when everyone is random, and *saved* the share of it "
            "that the threshold takes away.",
            "",
            *lone_table(players, mixed_hands, seed, cells),
            "",
        ]
    expected = round(0.95 * cells.total)
    options = ", ".join(f"`{name}={value}`" for name, value in MODELLED_OPTIONS.items())
    head = [
        "# Ranter Go Round: who loses a life?",
        "",
        "Each seat's chance of losing a life in one hand of Ranter Go Round (Chase the Ace), "
        "for 5 and 10 players, when every player follows a simple rule: **stand on 8 or "
        "higher, otherwise exchange** (the dealer likewise cuts the stock when below 8), "
        "or **stand or exchange at random** (one chance in two, whatever the card). Seats "
        "are numbered in turn order: seat 1 is the elder, on the dealer's left, who acts "
        "first; the dealer acts last. The hand is the first of a game, everyone with full "
        "lives, though lives play no part in one hand's odds.",
        "",
        "The rules are those of the standard game (`shared/rules/ranter_go_round.md` §4 "
        "and the defaults of §8: "
        f"{options}): a King is shown and refuses an exchange, the dealer keeps a King he "
        "cuts, and everyone tied for the lowest card loses a life, so the chances add up to "
        "the expected number of losers, a little over one.",
        "",
        "Produced by:",
        "",
        "```",
        command,
        "```",
        "",
        "## How the figures are made",
        "",
        "- **Exact**: `loss_probabilities` (in scripts/ranter_odds.py). A seat loses "
        "when its final card has some rank r and no final card is lower; for each r only a few "
        "classes of cards matter (below r, r, above r, the threshold, the King), and the "
        "hand becomes a chain over the seats in turn order whose state is the class of the "
        "card held and how many cards of each class have been dealt. It is exact (whole "
        "numbers, turned into fractions) and takes about a second for 10 players, so both "
        "table sizes are exact. Tests check it against a brute force over every deal for "
        "2 and 3 players and against the closed form when nobody exchanges.",
        "- **Simulated**: `simulate` (in scripts/ranter_odds.py) plays the first "
        "hand of games seeded "
        f"{seed}, {seed + 1}, ... through the engine's public interface, each seat's "
        "strategy reading only its own observation. Every simulated table uses the same "
        "deals. Intervals are 95% Wilson score intervals.",
        f"- **Agreement**: {cells.inside} of {cells.total} simulated figures have the exact "
        f"figure inside their 95% interval (about {expected} expected by chance alone; the "
        "tables share their deals, so the misses come less evenly than independent ones "
        f"would). The largest gap is {cells.largest_z:.2f} standard errors, "
        f"{'inside' if cells.largest_z < Z_999 else 'outside'} a 99.9% interval "
        f"({Z_999:.2f}).",
        "",
        "## Reading the tables",
        "",
        "The lowest card travels to the left. A player who exchanges a low card hands it "
        "to his neighbour, who now holds a low card and usually passes it on in turn, and so "
        "on round the table until it reaches the dealer, who puts it aside and cuts a fresh "
        "card: hence the old name *Chase the Ace*. The elder is the one player nobody can "
        "hand a card to: he keeps a good card and swaps a bad one once. Every later seat "
        "may be handed a card its neighbour did not want, and then has only one exchange "
        "left, into an unknown card; the further round the table, the more often that "
        "happens. A King stops the chase: the player asking a King holder keeps his low "
        "card. The dealer is spared most of this, because his exchange is with the stock, "
        "which cannot refuse him, and a King cut from the stock is his to keep. Random "
        "choices ignore the card: they move cards about without sorting them, so no seat "
        "before the dealer is better placed than another (this holds for any choices that "
        "ignore the card, and the tests check it).",
        "",
        *reading(TABLES[0]),
        *reading(TABLES[1]),
        *threshold_reading(),
        "",
    ]
    return "\n".join(head + sections)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=100_000,
                        help="simulated hands for each everyone-the-same table")
    parser.add_argument("--mixed-hands", type=int, default=20_000,
                        help="simulated hands for each seat of the lone threshold player")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--stdout", action="store_true", help="print instead of writing")
    args = parser.parse_args(argv)
    command = (f"python scripts/ranter_odds.py --hands {args.hands} "
               f"--mixed-hands {args.mixed_hands} --seed {args.seed}")
    text = document(args.hands, args.mixed_hands, args.seed, command)
    if args.stdout:
        print(text)
    else:
        REPORT.write_text(text)
        progress(f"wrote {REPORT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
