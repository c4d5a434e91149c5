"""The batched engine's contract (:mod:`parlour.vector.base`): making one,
its refusals, its kernels."""

from __future__ import annotations

import pytest

import parlour.vector
from parlour.errors import OptionError
from parlour.vector import VectorError, kernel_of, numba_available


def test_a_game_the_vector_engine_does_not_play_is_refused_naming_those_it_plays() -> None:
    with pytest.raises(VectorError) as refused:
        parlour.vector.make("golf", batch_size=4)
    covered = parlour.vector.covered()
    assert str(refused.value) == (
        "the vector engine does not play golf; it plays "
        + (", ".join(covered) or "no game yet"))


def test_a_bad_option_is_refused_as_parlour_make_refuses_it() -> None:
    with pytest.raises(OptionError) as refused:
        parlour.vector.make("polignac", batch_size=4, target=0)
    with pytest.raises(OptionError) as reference:
        parlour.make("polignac", target=0)
    assert str(refused.value) == str(reference.value)


@pytest.mark.parametrize("kernel", ["fast", "", "NUMBA"])
def test_an_unknown_kernel_is_refused(kernel: str) -> None:
    with pytest.raises(VectorError) as refused:
        kernel_of(kernel)
    assert str(refused.value) == f"kernel must be one of auto, numba, python, not {kernel!r}"


def test_auto_takes_numba_when_it_is_there() -> None:
    assert kernel_of("auto") == ("numba" if numba_available() else "python")
    assert kernel_of("python") == "python"



def test_a_game_unregistered_is_no_longer_played() -> None:
    family = type(parlour.vector.make("polignac", batch_size=1))
    parlour.vector.unregister("polignac")
    try:
        assert "polignac" not in parlour.vector.covered()
        with pytest.raises(VectorError) as refused:
            parlour.vector.make("polignac", batch_size=1)
        assert str(refused.value) == ("the vector engine does not play polignac; it plays "
                                      + ", ".join(parlour.vector.covered()))
    finally:
        parlour.vector.register(family)
    assert "polignac" in parlour.vector.covered()
