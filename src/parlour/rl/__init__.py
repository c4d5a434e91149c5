"""Research environments over the game contract (issue #14): thin adapters
for the three APIs reinforcement-learning researchers use.

- :mod:`parlour.rl.pettingzoo`: a PettingZoo AEC environment per game.
- :mod:`parlour.rl.gymnasium`: a single-agent Gymnasium environment in which
  the other seats are played by parlour agents, registered as
  ``parlour/<Game>-v0``.
- :mod:`parlour.rl.openspiel`: every game registered with
  ``pyspiel.register_game``.

They need the ``rl`` extra (``pip install 'parlour[rl]'``) and, for
OpenSpiel, the ``openspiel`` extra. They see a match only through
``State.observation(seat)``, ``State.observation_tensor(seat)`` and
``State.legal_actions()``, never a hidden card.
"""
