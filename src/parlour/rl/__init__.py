"""Research environments over the game contract (issue #14): thin adapters
for the three APIs reinforcement-learning researchers use.

- :mod:`parlour.rl.pettingzoo`: a PettingZoo AEC environment per game.
- :mod:`parlour.rl.gymnasium`: a single-agent Gymnasium environment in which
  the other seats are played by parlour agents, registered as
  ``parlour/<Game>-v0``.
- :mod:`parlour.rl.openspiel`: every game registered with
  ``pyspiel.register_game``.

They need the ``rl`` extra (``pip install 'parlour[rl]'``) and, for
OpenSpiel, the ``openspiel`` extra. A seat sees a match only through its
``State.observation(seat)`` and ``State.observation_tensor(seat)``, the
legal actions when it is to move, and what is public (the seat to move,
the finished hands' results): never a hidden card.
"""
