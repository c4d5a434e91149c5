"""``parlour.vector``: the same rules over a batch of B matches at once.

``vg = parlour.vector.make(name, batch_size=B, **options)``, then
``vg.reset(seed)`` or ``vg.load(states)``, and ``vg.step(actions)`` until
``vg.done.all()``. See :mod:`parlour.vector.base` for the contract and
the kernels, and each family's module for its arrays:
:mod:`parlour.vector.tricks` (Polignac and its relatives),
:mod:`parlour.vector.ranter` (Ranter Go Round).
"""

from parlour.vector.base import (
    KERNELS,
    VectorError,
    VectorGame,
    covered,
    kernel_of,
    make,
    numba_available,
    register,
    unregister,
)

__all__ = ["KERNELS", "VectorError", "VectorGame", "covered", "kernel_of", "make",
           "numba_available", "register", "unregister"]
