"""The heuristic player of Costly Colours: a cribbage player's judgement.

Every decision reads only the observation (the hand, the cards given and
received in the mog, the turn-up, the cards played in order, the count,
the players' card counts, scores and flags, the options) and the legal
action ids.

* **What a hand is worth.** The show of three cards and the turn-up is
  counted exactly as :func:`~parlour.games.costly_colours.count_show` does
  (15s, 25s and 31 from a table of pip values built at import, Knaves and
  Deuces, pairs, colours). A hand with one card still to come is worth
  its *expected* show over the cards this seat has not seen (by rank for
  the points and pairs, by suit for the colours), plus a little for play
  potential (:data:`PLAY_VALUE`: fives and low cards score in the play).
* **The heels** (``heels_claim``): the dealer says ``claim heels`` at his
  first turn that allows it, before anything else: four points, never lost.
* **The mog.** The exchange is worth the expected show of the best hand
  after giving the weakest card for an unknown one, against the current
  show. The card received is really the giver's weakest, so every
  player's estimate is too high by about the same amount, and what the
  exchange is worth against the other side is the estimate less its
  average (:data:`ESTIMATED_GAIN`). Whoever says no gives the other side
  1 point: the player says yes unless the exchange would cost more than
  that point, and never says no when the point would give the opponents
  the match. With four players a refused mog gives the dealer the pack
  privilege (the dealer counts what it is worth to his own hand, the
  others its average :data:`PACK_VALUE`); under ``elder_side_only`` the
  elder's side, which gives no point by refusing, swaps whenever the swap
  is expected to help the side.
* **The exchange.** Give the card whose loss costs least: the best
  expected hand of the two cards kept, less what the card is worth to the
  receiver (:func:`gift_value`: its Knave or Deuce, a five, a 15 or a pair
  with the turn-up), which counts against the player when the receiver is
  an opponent and for him when it is his partner. A trump Knave or Deuce
  is never given unless ``mog_jack_deuce_credit`` pays the giver for it.
* **The pack privilege** (four players): the card under the turn-up is an
  unknown card, so the dealer puts his weakest card under it when the
  expected hand beats the current one, and says no-pack otherwise.
* **The play.** A short expectimax by rank (suits never matter in the
  play): this card, the next player's reply, and then, if it is this
  player's turn again, his best follow-up; the seat to move after that is
  judged by the chance that it makes 15, 25, 31 or a pair at once. Hidden
  cards are the unseen ones (the card given in the mog is known to be in
  the receiver's hand); a player to reply holds his number of cards,
  drawn without replacement, and plays the card best for his side, so a
  reply is worth the sum over his possible best cards, each weighted by
  the chance that it is the best he holds, plus the chance that he holds
  nothing playable and says go. Every card scores as the rules say (15,
  25, 31 by the number of cards, pairs, prials, runs in any order, the go
  and last points). So the player takes immediate points, does not leave
  the count where a ten makes 15 or 31 (5, 21) nor where the reply pairs
  or prials the card just played (pairing is safe when the other cards of
  the rank are seen), and plays the high card first so that a low one is
  left to reach 31 or to take the last point. When the others are out
  (gone or without cards), the player plays out alone and searches every
  order. With four players partners share a score (the side flags): a
  partner's points count for the player and the opponents' against.

The search is small (at most three own cards and thirteen ranks for a
reply, with the leaves' chances cached): a decision takes a few tenths of
a millisecond, so the player also serves as a rollout policy. ``rng``
only breaks exact ties (equal cards such as two tens in the play).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import combinations, combinations_with_replacement

from parlour.agents.levels import rollout_hard
from parlour.agents.registry import register_heuristic, register_level
from parlour.cards import FRENCH_52
from parlour.engine.game import Observation
from parlour.games.costly_colours import (
    ACCEPT,
    CLAIM_HEELS,
    CONSENT,
    DEUCE,
    GO,
    KNAVE,
    NO_PACK,
    OFFER,
    PIPS,
    PROCEED,
    RUN_RANKS,
    CostlyColours,
    colours_score,
)

ESTIMATED_GAIN = 1.8
"""The average of :func:`exchange_gain` over random hands. The estimate
draws the new card from all unseen cards, but the card received is the
giver's weakest, so every player's estimate is too high by about the same
amount: an exchange is worth the estimate less this average to one player
against one other."""
REALIZED_GAIN = 0.7
"""The average gain a hand actually makes in the exchange (measured over
random deals with both players giving as :func:`give_card` does)."""
PACK_VALUE = 2.1
"""The average gain of the pack privilege to the dealer when he uses it
only when it helps (measured over random deals)."""
PLAY_VALUE = (0.0, 0.25, 0.2, 0.2, 0.2, 0.6, 0.0, 0.0, 0.0, 0.0, 0.1)
"""Play potential of a card in the mog, by pip value (index 1 … 10): a five
makes 15 on a ten, low cards reach 31 or take the last point."""
FIVE_GIFT = 1.0
"""What a five is worth to whoever receives it, besides its show value
with the turn-up: it makes 15 with any ten card."""
REPLY_DEPTH = 1
"""The other seats' turns searched in the play before the seat to move is
judged by what it can score at once."""

CARD_IDS = {card.code: card.id for card in FRENCH_52.cards}
YES_WORDS = frozenset((CONSENT, PROCEED, OFFER, ACCEPT))
PRIAL_POINTS = (0, 0, 2, 9, 18, 0)
"""Play points of 1 … 4 equal ranks ending the pile (a fifth cannot come)."""
EQUAL_PAIRS_POINTS = {0: 0, 1: 2, 2: 4, 3: 9, 6: 18}
"""Show points by the number of equal-rank pairs among four cards."""


def _pip_points(pips: tuple[int, ...]) -> int:
    points = 0
    for size in (2, 3, 4):
        for subset in combinations(pips, size):
            total = sum(subset)
            if total == 15 or (total == 25 and size >= 3):
                points += size
    return points + (4 if sum(pips) == 31 else 0)


PIP_BITS = tuple(1 << (3 * pip) for pip in range(11))
"""A pip value's place in a multiset key: the sum of the four cards'
entries (three bits per value) is the same in any order."""
PIP_POINTS = {sum(PIP_BITS[pip] for pip in key): _pip_points(key)
              for key in combinations_with_replacement(range(1, 11), 4)}
"""15s, 25s and 31 of four pip values, by the sum of their :data:`PIP_BITS`."""
COLOURS = [colours_score([a * 13, b * 13, c * 13, d * 13])
           for a in range(4) for b in range(4) for c in range(4) for d in range(4)]
"""Colour points of four suits a, b, c, d at a*64+b*16+c*4+d."""
KNAVE_DEUCE = [[(4 if card // 13 == trump else 2) if card % 13 in (KNAVE, DEUCE) else 0
                for trump in range(4)] for card in range(52)]
"""A held card's Knave-or-Deuce value, by trump suit."""
RANK_PIPS = tuple(PIPS[rank] for rank in range(13))


def show_value(own: Sequence[int], up: int) -> int:
    """The show of three card ids ``own`` with the turn-up ``up``
    (:func:`~parlour.games.costly_colours.count_show`'s total)."""
    a, b, c = own
    trump = up // 13
    points = PIP_POINTS[PIP_BITS[PIPS[a]] + PIP_BITS[PIPS[b]] + PIP_BITS[PIPS[c]]
                        + PIP_BITS[PIPS[up]]]
    points += KNAVE_DEUCE[a][trump] + KNAVE_DEUCE[b][trump] + KNAVE_DEUCE[c][trump]
    ra, rb, rc, ru = a % 13, b % 13, c % 13, up % 13
    equal = (ra == rb) + (ra == rc) + (ra == ru) + (rb == rc) + (rb == ru) + (rc == ru)
    points += EQUAL_PAIRS_POINTS[equal]
    return points + COLOURS[(a // 13) * 64 + (b // 13) * 16 + (c // 13) * 4 + up // 13]


def play_potential(own: Sequence[int]) -> float:
    """A little for cards that score in the play (:data:`PLAY_VALUE`)."""
    return sum(PLAY_VALUE[PIPS[card]] for card in own)


class Unseen:
    """The cards a seat has not seen, by rank and by suit, with their
    Knave-or-Deuce values for the trump suit."""

    def __init__(self, seen: int, trump: int) -> None:
        self.ranks = [4] * 13
        self.suits = [13] * 4
        self.knave_deuce = 20
        self.total = 52
        self.potential = sum(PLAY_VALUE[PIPS[rank]] for rank in range(13)) * 4
        """The play potential of the unseen cards, summed."""
        while seen:
            low = seen & -seen
            card = low.bit_length() - 1
            seen ^= low
            self.ranks[card % 13] -= 1
            self.suits[card // 13] -= 1
            self.knave_deuce -= KNAVE_DEUCE[card][trump]
            self.potential -= PLAY_VALUE[PIPS[card]]
            self.total -= 1


def expected_show(kept: Sequence[int], up: int, unseen: Unseen, credited: bool) -> float:
    """The expected show of the two cards ``kept`` and an unseen card with
    the turn-up; ``credited``: the new card's Knave or Deuce does not count."""
    a, b = kept
    trump = up // 13
    kept_bits = PIP_BITS[PIPS[a]] + PIP_BITS[PIPS[b]] + PIP_BITS[PIPS[up]]
    ra, rb, ru = a % 13, b % 13, up % 13
    base_equal = (ra == rb) + (ra == ru) + (rb == ru)
    total = 0.0
    for rank, count in enumerate(unseen.ranks):
        if count:
            equal = base_equal + (rank == ra) + (rank == rb) + (rank == ru)
            total += count * (PIP_POINTS[kept_bits + PIP_BITS[RANK_PIPS[rank]]]
                              + EQUAL_PAIRS_POINTS[equal])
    suit_base = (a // 13) * 64 + (b // 13) * 16 + trump
    for suit, count in enumerate(unseen.suits):
        if count:
            total += count * COLOURS[suit_base + suit * 4]
    if not credited:
        total += unseen.knave_deuce
    fixed = KNAVE_DEUCE[a][trump] + KNAVE_DEUCE[b][trump]
    return fixed + (total + unseen.potential) / unseen.total


def gift_value(card: int, up: int, credited: bool) -> float:
    """What ``card`` is worth to a hand that receives it: its Knave or
    Deuce (unless credited to the giver), a five, a 15 or a pair with the
    turn-up."""
    value = 0.0 if credited else float(KNAVE_DEUCE[card][up // 13])
    if PIPS[card] == 5:
        value += FIVE_GIFT
    if PIPS[card] + PIPS[up] == 15:
        value += 2.0
    if card % 13 == up % 13:
        value += 2.0
    return value


class Table:
    """What the observation says, in the form the decisions need."""

    def __init__(self, observation: Observation) -> None:
        self.seat: int = observation["seat"]
        players = observation["players"]
        self.n = len(players)
        self.options = observation["options"]
        self.up = CARD_IDS[observation["zones"]["turnup"]]
        self.hand = [CARD_IDS[code] for code in observation["hand"]]
        self.pile = [(entry["seat"], CARD_IDS[entry["card"]])
                     for entry in observation["zones"]["play"]]
        self.count: int = observation["count"]
        self.scores: list[int] = [player["score"] for player in players]
        self.cards: list[int] = [player["cards"] for player in players]
        self.went: list[bool] = ["go" in player["flags"] for player in players]
        self.dealer = next(seat for seat, player in enumerate(players)
                           if "dealer" in player["flags"])
        sides = [next((flag for flag in player["flags"] if flag.startswith("side")), seat)
                 for seat, player in enumerate(players)]
        self.partners = [seat for seat in range(self.n) if sides[seat] == sides[self.seat]]
        gave = observation["gave"]
        self.gave = CARD_IDS[gave] if gave is not None else -1
        self.target = int(self.options["target"])
        self.credit = bool(self.options.get("mog_jack_deuce_credit", False))

    def own(self) -> list[int]:
        """This seat's three cards: held and played."""
        return [*self.hand, *(card for seat, card in self.pile if seat == self.seat)]

    def unseen(self) -> Unseen:
        """The cards this seat has not seen (nor knows to be elsewhere)."""
        seen = 1 << self.up
        for card in self.own():
            seen |= 1 << card
        for _, card in self.pile:
            seen |= 1 << card
        if self.gave >= 0:
            seen |= 1 << self.gave
        return Unseen(seen, self.up // 13)

    def is_partner(self, seat: int) -> bool:
        """Whether ``seat`` scores for this seat's side."""
        return seat in self.partners


# ----------------------------------------------------------------------
# the mog, the exchange and the pack privilege
def best_give(table: Table, to_partner: bool | None, credited: bool) -> tuple[float, int]:
    """(value, card) of the best card to give for an unknown card: the
    expected hand kept, less (or, to a partner, plus) the card's value to
    the receiver. A trump Knave or Deuce is given only when credited.

    ``to_partner``: the receiver is a partner (True), an opponent (False) or
    nobody (None, the pack). ``credited``: Knaves and Deuces are credited
    to the giver and not counted by the receiver.
    """
    hand = table.own()
    unseen = table.unseen()
    up = table.up
    trump = up // 13
    best: tuple[float, int] | None = None
    candidates = [card for card in hand
                  if credited or not (card // 13 == trump and card % 13 in (KNAVE, DEUCE))]
    candidates = candidates or hand
    for card in sorted(candidates):
        kept = [other for other in hand if other != card]
        value = expected_show(kept, up, unseen, credited) + play_potential(kept)
        if credited:
            value += KNAVE_DEUCE[card][trump]
        if to_partner is not None:
            gift = gift_value(card, up, credited)
            value += gift if to_partner else -gift
        if best is None or value > best[0]:
            best = (value, card)
    assert best is not None
    return best


def exchange_gain(table: Table) -> float:
    """The expected gain of this seat's hand from the mog's exchange."""
    credited = table.credit and table.n == 2
    value, _ = best_give(table, None, credited)
    own = table.own()
    return value - show_value(own, table.up) - play_potential(own)


def pack_gain(table: Table) -> float:
    """The expected gain of this seat's hand from the pack privilege (0
    when it would not use it)."""
    value, _ = best_give(table, None, False)
    own = table.own()
    return max(0.0, value - show_value(own, table.up) - play_potential(own))


def mog_word(table: Table, legal: Sequence[int]) -> int:
    """Yes or no to the mog (the step's two words are ``legal``)."""
    yes = next(word for word in legal if word in YES_WORDS)
    no = next(word for word in legal if word not in YES_WORDS)
    gain = exchange_gain(table)
    if table.n == 4 and table.options.get("four_hand_mog") == "elder_side_only":
        # the elder's side alone swaps; a refusal scores nothing but lets
        # the dealer use the pack privilege
        side_gain = gain - ESTIMATED_GAIN + 2 * REALIZED_GAIN
        return yes if side_gain + PACK_VALUE > 0 else no
    others = [seat for seat in range(table.n) if not table.is_partner(seat)]
    if table.scores[others[0]] + 1 >= table.target:
        return yes
    refusal = -1.0
    if table.n == 4:
        # no mog: the dealer may take the card under the turn-up
        if table.seat == table.dealer:
            refusal += pack_gain(table)
        else:
            refusal += PACK_VALUE if table.is_partner(table.dealer) else -PACK_VALUE
    return yes if gain - ESTIMATED_GAIN > refusal else no


def give_card(table: Table) -> int:
    """The card given in the exchange."""
    to_partner = table.n == 4
    credited = table.credit and table.n == 2
    return best_give(table, to_partner, credited)[1]


def pack_action(table: Table) -> int:
    """The card put under the turn-up, or no-pack."""
    if pack_gain(table) <= 0.0:
        return NO_PACK
    return best_give(table, None, False)[1]


# ----------------------------------------------------------------------
# the play
def hypergeometric_none(total: int, marked: int, draws: int) -> float:
    """The chance that ``draws`` cards from ``total`` miss all ``marked``."""
    chance = 1.0
    for index in range(draws):
        if total - marked - index <= 0:
            return 0.0
        chance *= (total - marked - index) / (total - index)
    return chance


RANK_PIP = (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)
"""Pip value by run rank (A 1 … K 13)."""
HITS = tuple(1 if total in (15, 25, 31) else 0 for total in range(42))
"""Counts that score the number of cards played."""
PIP_RANKS = ((), (1,), (2,), (3,), (4,), (5,), (6,), (7,), (8,), (9,), (10, 11, 12, 13))
"""Run ranks by pip value."""


def tail_equal(pile: Sequence[int]) -> int:
    """How many cards of the last card's rank end ``pile``."""
    if not pile:
        return 0
    last = pile[-1]
    equal = 0
    for rank in reversed(pile):
        if rank != last:
            break
        equal += 1
    return equal


def run_score(pile: Sequence[int], rank: int) -> int:
    """The run a card of run rank ``rank`` makes on ``pile`` (0 for none)."""
    seen = 1 << rank
    low = high = rank
    length = 1
    best = 0
    for other in reversed(pile):
        if seen >> other & 1:
            break
        seen |= 1 << other
        length += 1
        low = min(low, other)
        high = max(high, other)
        if length >= 3 and high - low == length - 1:
            best = length
    return best


def play_points(pile: Sequence[int], count: int, ranks: Sequence[int], pairs: bool,
                runs: bool) -> list[int]:
    """What a card of each run rank of ``ranks`` scores on ``pile`` (run
    ranks, ``count`` their pips), as
    :func:`~parlour.games.costly_colours.play_score` would say."""
    size = len(pile) + 1
    last = pile[-1] if pile else 0
    pair = PRIAL_POINTS[tail_equal(pile) + 1] if pairs and last else 0
    run_points: dict[int, int] = {}
    if runs and size >= 3:
        seen = 0
        low, high, length = 14, 0, 0
        for rank in reversed(pile):
            if seen >> rank & 1:
                break
            seen |= 1 << rank
            length += 1
            low = min(low, rank)
            high = max(high, rank)
            if length < 2:
                continue
            if high - low == length - 1:
                # consecutive: a card at either end makes a longer run
                run_points[low - 1] = run_points[high + 1] = length + 1
            elif high - low == length:
                gap = ((1 << (high + 1)) - (1 << low)) & ~seen
                run_points[gap.bit_length() - 1] = length + 1
    return [size * HITS[count + RANK_PIP[rank]] + (pair if rank == last else 0)
            + run_points.get(rank, 0) for rank in ranks]


class PlaySearch:
    """The expectimax of the play over run ranks (1 … 13) of the cards: the
    player's own turns are always searched, the other seats' turns to
    :data:`REPLY_DEPTH`, and the seat to move after that is judged by the
    chance that it makes 15, 25, 31 or a pair at once."""

    def __init__(self, table: Table) -> None:
        self.me = table.seat
        self.n = table.n
        self.pairs = bool(table.options.get("pairs_in_play", True))
        self.runs = bool(table.options.get("runs_in_play", True))
        self.go_plus = table.options.get("go_rule") == "go_plus_31"
        self.sign = [1.0 if table.is_partner(seat) else -1.0 for seat in range(self.n)]
        self.count = table.count
        self.pile = [RUN_RANKS[card] for _, card in table.pile]
        self.last = table.pile[-1][0] if table.pile else -1
        self.any_go = any(table.went)
        self.out = list(table.went)
        self.cards = list(table.cards)
        self.mine = [RUN_RANKS[card] for card in table.hand]
        self.known: list[list[int]] = [[] for _ in range(self.n)]
        if table.gave >= 0:
            holder = 1 - table.seat if table.n == 2 else (table.seat + 2) % 4
            self.known[holder].append(RUN_RANKS[table.gave])
        self.pool = [0] * 14
        unseen = table.unseen()
        for rank, count in enumerate(unseen.ranks):
            self.pool[RUN_RANKS[rank]] += count
        self.pool_total = unseen.total
        self.hit_chances = [[-1.0] * 32 for _ in range(8 * self.n)]
        """Per seat, number of cards it holds and of those known (at
        ``(seat * 4 + cards) * 2 + known``), and per count, the chance it
        can make 15, 25 or 31 (-1: not worked out yet)."""
        self.pair_chances = [[-1.0] * 14 for _ in range(8 * self.n)]
        """The same per run rank: the chance the seat holds that rank."""

    def root(self, rank: int, depth: int) -> float:
        """The value of playing one of this seat's cards of ``rank``."""
        return self._mine(rank, play_points(self.pile, self.count, (rank,), self.pairs,
                                            self.runs)[0], depth)

    def _mine(self, rank: int, points: int, depth: int) -> float:
        self.mine.remove(rank)
        self.pile.append(rank)
        self.count += RANK_PIP[rank]
        last = self.last
        self.last = self.me
        value = points + self._after(self.me, depth)
        self.last = last
        self.count -= RANK_PIP[rank]
        self.pile.pop()
        self.mine.append(rank)
        return value

    def _next(self, after: int) -> int:
        n = self.n
        for step in range(1, n + 1):
            seat = (after + step) % n
            if not self.out[seat] and (self.mine if seat == self.me else self.cards[seat]):
                return seat
        return -1

    def _after(self, seat: int, depth: int) -> float:
        """The value once ``seat`` has played or said go."""
        if self.count == 31:
            return 0.0
        following = self._next(seat)
        if following < 0:
            if self.go_plus and self.any_go:
                return 0.0
            return self.sign[self.last] if self.last >= 0 else 0.0
        if following == self.me:
            return self._my_turn(depth)
        if depth <= 0:
            pile = self.pile
            return self._leaf(following, self.count, len(pile), pile[-1], tail_equal(pile))
        return self._their_turn(following, depth)

    def _go(self, seat: int, depth: int) -> float:
        self.out[seat] = True
        any_go = self.any_go
        value = self.sign[self.last] if self.go_plus and not any_go and self.last >= 0 else 0.0
        self.any_go = True
        value += self._after(seat, depth)
        self.any_go = any_go
        self.out[seat] = False
        return value

    def _my_turn(self, depth: int) -> float:
        count = self.count
        room = 31 - count
        playable = sorted({rank for rank in self.mine if RANK_PIP[rank] <= room})
        if not playable:
            return self._go(self.me, depth)
        scores = play_points(self.pile, count, playable, self.pairs, self.runs)
        best = -1e9
        if depth <= 0:
            following = self._next(self.me)
            if following != self.me:
                # the common leaf: judge the seat after this one directly
                pile = self.pile
                size = len(pile) + 1
                last = pile[-1] if pile else 0
                equal = tail_equal(pile) + 1
                for rank, points in zip(playable, scores, strict=True):
                    total = count + RANK_PIP[rank]
                    value = float(points)
                    if total != 31:
                        value += self._leaf(following, total, size, rank,
                                            equal if rank == last else 1)
                    best = max(best, value)
                return best
        for rank, points in zip(playable, scores, strict=True):
            best = max(best, self._mine(rank, points, depth))
        return best

    def _their_turn(self, seat: int, depth: int) -> float:
        room = 31 - self.count
        sign = self.sign[seat]
        known = self.known[seat]
        unknown = self.cards[seat] - len(known)
        certain = {rank for rank in known if RANK_PIP[rank] <= room}
        ranks = sorted(certain)
        if unknown > 0:
            top = room + 1 if room < 10 else 14
            ranks += [rank for rank in range(1, top) if self.pool[rank] and rank not in certain]
        scores = play_points(self.pile, self.count, ranks, self.pairs, self.runs)
        following = self._next(seat) if depth == 1 else -1
        if following >= 0 and following != seat and (
                following != self.me or (self.n == 2 and self.cards[seat] > 1)):
            values = self._last_replies(seat, following, ranks, scores, certain)
        else:
            values = [sign * points + self._theirs(seat, rank, rank in certain, depth)
                      for rank, points in zip(ranks, scores, strict=True)]
        options = sorted(zip(values, ranks, strict=True),
                         key=lambda option: -sign * option[0])
        expected = 0.0
        missing = 1.0
        marked = 0
        for value, rank in options:
            if rank in certain:
                expected += missing * value
                missing = 0.0
                break
            marked += self.pool[rank]
            none = hypergeometric_none(self.pool_total, marked, unknown)
            expected += (missing - none) * value
            missing = none
        if missing > 0.0:
            expected += missing * self._go(seat, depth - 1)
        return expected

    def _last_replies(self, seat: int, following: int, ranks: list[int], scores: list[int],
                      certain: set[int]) -> list[float]:
        """The values of ``seat``'s possible cards when the search ends after
        them: ``following`` (another seat) is judged at once, or this
        seat's best reply is, with ``seat`` judged after it."""
        sign = self.sign[seat]
        pile = self.pile
        count = self.count
        size = len(pile) + 1
        last = pile[-1] if pile else 0
        tail = tail_equal(pile) + 1
        values: list[float] = []
        if following != self.me:
            for rank, points in zip(ranks, scores, strict=True):
                total = count + RANK_PIP[rank]
                value = sign * points
                if total != 31:
                    value += self._leaf(following, total, size, rank,
                                        tail if rank == last else 1)
                values.append(value)
            return values
        mine = sorted(set(self.mine))
        for rank, points in zip(ranks, scores, strict=True):
            total = count + RANK_PIP[rank]
            value = sign * points
            if total == 31:
                values.append(value)
                continue
            room = 31 - total
            playable = [own for own in mine if RANK_PIP[own] <= room]
            if not playable:
                values.append(value + self._theirs(seat, rank, rank in certain, 1))
                continue
            equal = tail if rank == last else 1
            best = -1e9
            self.cards[seat] -= 1
            for own in playable:
                own_total = total + RANK_PIP[own]
                own_points = float((size + 1) * HITS[own_total])
                if own == rank:
                    if self.pairs:
                        own_points += PRIAL_POINTS[equal + 1]
                elif self.runs and size >= 2 and abs(own - rank) <= size:
                    # a run needs both cards, so their distance is at most its length - 1
                    pile.append(rank)
                    own_points += run_score(pile, own)
                    pile.pop()
                if own_total != 31:
                    own_points += self._leaf(seat, own_total, size + 1, own,
                                             equal + 1 if own == rank else 1)
                best = max(best, own_points)
            self.cards[seat] += 1
            values.append(value + best)
        return values

    def _theirs(self, seat: int, rank: int, certain: bool, depth: int) -> float:
        if certain:
            self.known[seat].remove(rank)
        else:
            self.pool[rank] -= 1
            self.pool_total -= 1
        self.cards[seat] -= 1
        self.pile.append(rank)
        self.count += RANK_PIP[rank]
        last = self.last
        self.last = seat
        value = self._after(seat, depth - 1)
        self.last = last
        self.count -= RANK_PIP[rank]
        self.pile.pop()
        self.cards[seat] += 1
        if certain:
            self.known[seat].append(rank)
        else:
            self.pool[rank] += 1
            self.pool_total += 1
        return value

    def _leaf(self, seat: int, count: int, size: int, last: int, equal: int) -> float:
        """What ``seat`` is expected to score at once on a pile of ``size``
        cards ending with ``equal`` cards of run rank ``last``, its side's
        gain signed for this seat: 15, 25 or 31 with the next card, or a
        pair (a prial, a double prial)."""
        slot = (seat * 4 + self.cards[seat]) * 2 + len(self.known[seat])
        hits = self.hit_chances[slot]
        chance = hits[count]
        if chance < 0.0:
            chance = hits[count] = self._hit_chance(seat, count)
        gain = (size + 1) * chance
        if self.pairs and RANK_PIP[last] <= 31 - count:
            pairs = self.pair_chances[slot]
            chance = pairs[last]
            if chance < 0.0:
                chance = pairs[last] = self._holds_chance(seat, (last,))
            gain += chance * PRIAL_POINTS[equal + 1]
        return self.sign[seat] * gain

    def _hit_chance(self, seat: int, count: int) -> float:
        """The chance that ``seat`` can make 15, 25 or 31 on ``count``."""
        ranks: list[int] = []
        for total in (15, 25, 31):
            need = total - count
            if 1 <= need <= 10:
                ranks += PIP_RANKS[need]
        return self._holds_chance(seat, ranks)

    def _holds_chance(self, seat: int, ranks: Sequence[int]) -> float:
        """The chance that ``seat`` holds a card of one of ``ranks``."""
        known = self.known[seat]
        if any(rank in known for rank in ranks):
            return 1.0
        marked = sum(self.pool[rank] for rank in ranks)
        unknown = self.cards[seat] - len(known)
        return 1.0 - hypergeometric_none(self.pool_total, marked, unknown)


def play_card(table: Table, legal: Sequence[int], rng: random.Random) -> int:
    """The card played (``legal`` holds cards only)."""
    search = PlaySearch(table)
    depth = REPLY_DEPTH
    values: dict[int, float] = {}
    best = -1e9
    for card in legal:
        rank = RUN_RANKS[card]
        if rank not in values:
            values[rank] = search.root(rank, depth)
        best = max(best, values[RUN_RANKS[card]])
    choices = [card for card in legal if values[RUN_RANKS[card]] >= best - 1e-9]
    return choices[0] if len(choices) == 1 else rng.choice(choices)


def costly_action(observation: Observation, legal: Sequence[int], rng: random.Random) -> int:
    """The heuristic action for the seat of ``observation`` (Costly Colours).

    >>> import random, parlour
    >>> state = parlour.make("costly-colours").new_state(seed=1, deal={
    ...     "dealer": 1, "hands": [["TD", "KH", "3S"], ["5H", "QC", "8S"]],
    ...     "turnup": "4C"})
    >>> state.action_to_str(costly_action(state.observation(1), state.legal_actions(),
    ...                                   random.Random(0)))
    'consent'
    """
    if len(legal) == 1:
        return legal[0]
    if legal[-1] == CLAIM_HEELS:  # heels_claim: four points, before anything else
        return CLAIM_HEELS
    table = Table(observation)
    phase = observation["phase"]
    if phase == "mog":
        return mog_word(table, legal)
    if phase == "exchange":
        return give_card(table)
    if phase == "pack":
        return pack_action(table)
    cards = [action for action in legal if action != GO]
    return play_card(table, cards, rng)


# The ``hard`` player is the rollout player over the heuristic: the search
# played level with the heuristic, which plays close to its best (the
# rollout player departs from it in about one decision in thirty).
register_heuristic(CostlyColours, costly_action)
register_level(CostlyColours, "hard", rollout_hard)
