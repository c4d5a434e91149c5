"""The parts of the card-match core that every game uses to write less:
:class:`~parlour.engine.tensors.TensorWriter` (a tensor from one value per
block) and :class:`~parlour.games.common.DealReader` (a fixed deal read
once)."""

from __future__ import annotations

import numpy as np
import pytest

import parlour
from parlour.engine.registry import games
from parlour.engine.shuffle import shuffled
from parlour.engine.tensors import TensorBlock, TensorWriter
from parlour.errors import ParseError
from parlour.games.common import DealReader

LAYOUT = (
    TensorBlock.cards("hand", 4, "the cards"),
    TensorBlock.cards("known", 2, "what each seat is known to hold", parts=3, per_seat=True),
    TensorBlock.faces("faces", 3, "copies of each face", copies=2),
    TensorBlock.choice("phase", ("deal", "play", "over"), "the phase"),
    TensorBlock.choice("led", ("a", "b"), "each trick's led suit", parts=2),
    TensorBlock.flag("drawn", "a card was drawn"),
    TensorBlock("stock", 1, "the stock", scale=4),
    TensorBlock.seats("scores", 3, "the totals", scale=10),
    TensorBlock.seats("to move", 3, "the seat to move", "one-hot"),
)


def test_each_encoding_is_written_where_the_layout_says() -> None:
    writer = TensorWriter(LAYOUT, 3)
    tensor = writer.write(2, [0b0110, [0b01, 0b10, 0b11], [2, 0, 1], 1, [None, 0], True, 3,
                              [10, 20, 30], None])
    assert tensor.dtype == np.float32 and writer.size == len(tensor) == 28
    assert tensor.tolist() == [
        0, 1, 1, 0,              # hand
        1, 1, 1, 0, 0, 1,        # known: seat 2 first, then 0, then 1
        1, 0, 0.5,               # faces: copies / 2
        0, 1, 0,                 # phase
        0, 0, 1, 0,              # led: none, then a
        1,                       # drawn
        0.75,                    # stock / 4
        3, 1, 2,                 # scores / 10, seat 2 first
        0, 0, 0,                 # nobody to move
    ]
    several = TensorWriter([TensorBlock("heights", 3, "each pile's height", scale=2)], 1)
    assert several.write(0, [[1, 0, 4]]).tolist() == [0.5, 0, 2]
    with pytest.raises(ValueError) as error:
        TensorWriter([TensorBlock("flags", 2, "two flags", "flags")], 1)
    assert str(error.value) == "block 'flags': a flag is one value a part"
    one_copy = TensorWriter([TensorBlock.faces("faces", 3, "each face", copies=1)], 3)
    assert one_copy.write(0, [0b101]).tolist() == [1, 0, 1]
    assert writer.write(2, [0, [0, 0, 0], [0, 0, 0], None, [None, None], False, 0, [0, 0, 0],
                            0]).tolist()[25:] == [0, 1, 0]


def test_a_writer_refuses_values_that_do_not_fit_its_layout() -> None:
    writer = TensorWriter(LAYOUT, 3)
    with pytest.raises(ValueError) as error:
        writer.write(0, [0])
    assert str(error.value) == "1 values for 9 blocks"
    with pytest.raises(TypeError) as type_error:
        writer.write(0, ["AS", [0, 0, 0], 0, None, [None, None], False, 0, [0, 0, 0], None])
    assert str(type_error.value) == "the value of block 'hand' does not fit it: 'AS'"


def test_every_game_makes_its_writer_once_with_its_tensors_size() -> None:
    for name in games():
        game = parlour.make(name)
        assert game.tensor_writer is game.tensor_writer
        assert game.tensor_writer.size == sum(block.size for block in game.observation_layout())


def reader(deal: dict[str, object], keys: tuple[str, ...] = ("hands", "stock", "to_move"),
           ) -> DealReader:
    return DealReader(parlour.make("knaves"), deal, keys, 0)


def refusal(deal: dict[str, object], *steps: str) -> str:
    with pytest.raises(ParseError) as error:
        read = reader(deal)
        for step in steps:
            if step == "hands":
                read.hands(2)
            elif step == "stock":
                read.cards("stock", "the stock")
            else:
                read.seat(step, 0)
    return str(error.value)


def test_a_fixed_deal_is_read_once_with_one_wording_for_every_game() -> None:
    read = reader({"dealer": 2, "scores": [1, 2, 3], "hands": [["AS", "KS"], "QS JS", ["TS", "9S"]],
                   "stock": ["AH"], "to_move": 1})
    assert (read.dealer, read.scores) == (2, [1, 2, 3])
    assert read.hands(2) == [[12, 11], [10, 9], [8, 7]]
    assert read.cards("stock", "the stock") == [25]
    assert read.card("under", "the card under") is None
    assert read.seat("to_move", 0) == 1 and "stock" in read and "pile" not in read
    rest = read.rest(range(52), "knaves", 7, 0)
    assert len(rest) == 52 - 7 and not set(rest) & {12, 11, 10, 9, 8, 7, 25}
    assert rest == [card for card in shuffled(range(52), "knaves", 7, 0)
                    if card not in {12, 11, 10, 9, 8, 7, 25}]
    assert refusal({"hand": []}) == ("unknown deal key 'hand'; a knaves deal has dealer, hands, "
                                     "scores, stock, to_move")
    assert refusal({}, "hands") == \
        "a deal needs 'hands': one list of card codes for each of 3 seats"
    assert refusal({"hands": [["AS"], [], []]}, "hands") == "P0 must hold 2 cards, not 1"
    one_each = reader({"hands": [["AS", "KS"], [], []]})
    with pytest.raises(ParseError) as error:
        one_each.hands(1)
    assert str(error.value) == "P0 must hold 1 card, not 2"
    assert refusal({"hands": [["AS", "AS"], [], []]}, "hands") == \
        "AS is dealt twice (the hand of P0)"
    assert refusal({"hands": [["AS", "XX"], [], []]}, "hands").startswith("in the hand of P0: ")
    assert refusal({"hands": [["AS", "KS"], ["QS", "JS"], ["TS", "9S"]], "stock": ["KS"]},
                   "hands", "stock") == "KS is dealt twice (the stock)"
    assert refusal({"to_move": 3}, "to_move") == "to_move must be a seat from 0 to 2, not 3"
    assert refusal({"to_move": True}, "to_move") == "to_move must be a seat from 0 to 2, not True"
