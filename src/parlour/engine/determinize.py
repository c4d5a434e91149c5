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
    the number of cards. Returns one bitset per slot. With no binding
    constraint the result is a uniform random deal. Otherwise cards are
    taken in a random order, each into a random allowed slot with room;
    when every allowed slot is full, an augmenting path over the slots
    (a breadth-first search moving one card per step) makes room, so
    every constraint holds whenever some deal satisfies them all. The
    search is over slots (a few) rather than card positions, so it stays
    cheap with many constrained cards (Progress's draws).
    """
    pool = bits_of(cards)
    rng.shuffle(pool)
    if all(pool_mask_covers(cards, allowed) for _, allowed in slots):
        return _split(pool, [count for count, _ in slots])
    capacity = [count for count, _ in slots]
    allowed = [mask for _, mask in slots]
    members: list[list[int]] = [[] for _ in slots]
    everywhere = range(len(slots))
    # the slots with room, in slot order (most fill up after a card or two)
    open_slots = [slot for slot in everywhere if capacity[slot]]
    for card in pool:
        room = [slot for slot in open_slots if allowed[slot] >> card & 1]
        if room:
            slot = rng.choice(room)
            members[slot].append(card)
            if len(members[slot]) == capacity[slot]:
                open_slots.remove(slot)
            continue
        options = [slot for slot in everywhere if allowed[slot] >> card & 1]
        _make_room(card, options, members, capacity, allowed)
        open_slots = [slot for slot in everywhere if len(members[slot]) < capacity[slot]]
    result = [0] * len(slots)
    for slot, held in enumerate(members):
        for card in held:
            result[slot] |= 1 << card
    return result


def _make_room(
    card: int, options: list[int], members: list[list[int]], capacity: list[int],
    allowed: list[int],
) -> None:
    """Place ``card`` (whose allowed slots ``options`` are all full) by
    moving a chain of cards along a shortest augmenting path."""
    parent: dict[int, tuple[int, int] | None] = {slot: None for slot in options}
    queue = list(options)
    found = -1
    while queue and found < 0:
        slot = queue.pop(0)
        for moved in members[slot]:
            for target in range(len(members)):
                if target in parent or not allowed[target] >> moved & 1:
                    continue
                parent[target] = (slot, moved)
                if len(members[target]) < capacity[target]:
                    found = target
                    break
                queue.append(target)
            if found >= 0:
                break
    if found < 0:
        raise ValueError("no deal satisfies what the seat knows")
    target = found
    step = parent[target]
    while step is not None:
        slot, moved = step
        members[slot].remove(moved)
        members[target].append(moved)
        target = slot
        step = parent[target]
    members[target].append(card)


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
