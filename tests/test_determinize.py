"""``redeal``: every constraint holds, and a deal is found whenever one exists."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from parlour.engine.determinize import redeal


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_redeal_meets_every_constraint_when_a_deal_exists(data: st.DataObject) -> None:
    cards = data.draw(st.integers(1, 24), label="cards")
    slots = data.draw(st.integers(1, 5), label="slots")
    owner = data.draw(st.lists(st.integers(0, slots - 1), min_size=cards, max_size=cards))
    extra = data.draw(st.lists(st.integers(0, (1 << cards) - 1), min_size=slots,
                               max_size=slots))
    counts = [owner.count(slot) for slot in range(slots)]
    allowed = [
        sum(1 << card for card in range(cards) if owner[card] == slot) | extra[slot]
        for slot in range(slots)
    ]
    seed = data.draw(st.integers(0, 2**32), label="seed")
    dealt = redeal((1 << cards) - 1, list(zip(counts, allowed, strict=True)), random.Random(seed))
    assert sum(dealt) == (1 << cards) - 1
    assert [mask.bit_count() for mask in dealt] == counts
    assert all(mask & ~permitted == 0 for mask, permitted in zip(dealt, allowed, strict=True))


def test_redeal_says_when_no_deal_exists() -> None:
    # two cards, both allowed only in the one-card slot
    with pytest.raises(ValueError, match="no deal satisfies what the seat knows"):
        redeal(0b11, [(1, 0b11), (1, 0b00)], random.Random(1))


def test_an_unconstrained_redeal_is_a_uniform_shuffle() -> None:
    rng = random.Random(5)
    seen = {tuple(redeal(0b1111, [(2, 0b1111), (2, 0b1111)], rng)) for _ in range(400)}
    assert len(seen) == 6  # every way of splitting four cards in two pairs
