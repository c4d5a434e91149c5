"""Re-dealing hidden cards under constraints, for ``State.determinize``.

Each hidden place (a hand, a face-down discard) is a *slot* with the number
of cards it holds and the bitset of cards it may hold (a seat known to be
void in a suit may not receive that suit). The real deal is one solution,
so a solution always exists; :func:`redeal` finds a random one.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from parlour.cards.bits import bits_of


def redeal(
    cards: int, slots: Sequence[tuple[int, int]], rng: random.Random
) -> list[int]:
    """Distribute the cards of bitset ``cards`` into ``slots``.

    ``slots`` is a list of ``(count, allowed_mask)``; the counts add up to
    the number of cards. Returns one bitset per slot. Cards are taken in a
    random order and matched to slots by augmenting paths, so every
    constraint holds; with no binding constraint the result is a uniform
    random deal.
    """
    pool = bits_of(cards)
    rng.shuffle(pool)
    if all(pool_mask_covers(cards, allowed) for _, allowed in slots):
        return _split(pool, [count for count, _ in slots])
    places: list[int] = []  # one entry per card position, naming its slot
    for slot, (count, _) in enumerate(slots):
        places.extend([slot] * count)
    rng.shuffle(places)
    allowed_by_place = [slots[slot][1] for slot in places]
    owner: list[int] = [-1] * len(places)  # place -> index into pool

    def augment(card_index: int, seen: list[bool]) -> bool:
        card = pool[card_index]
        for place, allowed in enumerate(allowed_by_place):
            if seen[place] or not allowed >> card & 1:
                continue
            seen[place] = True
            if owner[place] == -1 or augment(owner[place], seen):
                owner[place] = card_index
                return True
        return False

    for card_index in range(len(pool)):
        if not augment(card_index, [False] * len(places)):
            raise ValueError("no deal satisfies what the seat knows")
    result = [0] * len(slots)
    for place, card_index in enumerate(owner):
        result[places[place]] |= 1 << pool[card_index]
    return result


def pool_mask_covers(cards: int, allowed: int) -> bool:
    """Whether ``allowed`` admits every card of ``cards``."""
    return cards & ~allowed == 0


def _split(pool: list[int], counts: list[int]) -> list[int]:
    result: list[int] = []
    start = 0
    for count in counts:
        mask = 0
        for card in pool[start:start + count]:
            mask |= 1 << card
        result.append(mask)
        start += count
    return result
