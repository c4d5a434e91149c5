"""Each game's own notable events, counted over a whole match: Polignac's
capots, Progress's goings out and blocked hands, Costly Colours' costly
colours, Bharg's wins by binding, Ranter Go Round's lives and Kings.

Only the contract is read (DESIGN.md, "The card-match core"): a state keeps
its match's typed events (``State.match_events()``) and the game counts them
(``Game.count_events``); the events each game counts, with their meanings,
are its ``Game.counted_events``. No line of the log is read, so a sentence
reworded (or shown in another language) changes no figure.

>>> import parlour
>>> from parlour.agents import RandomAgent, choose_action
>>> state = parlour.make("progress", target=1).new_state(seed=2)
>>> agents = [RandomAgent(seed=seat) for seat in range(4)]
>>> while not state.is_terminal():
...     state.apply(choose_action(agents[state.current_player()], state))
>>> sorted(count_events(state))
['blocked', 'going_out']
"""

from __future__ import annotations

from parlour.engine import State
from parlour.engine.registry import game_class, games


def count_events(state: State) -> dict[str, int]:
    """The notable events of ``state``'s match so far, by name (``{}`` for
    a game that counts none)."""
    return state.game.count_events(state.match_events())


def meanings() -> dict[str, str]:
    """What each event that a registered game counts means, in a player's
    words."""
    found: dict[str, str] = {}
    for name in games():
        found.update(game_class(name).counted_events)
    return found


def event_label(name: str) -> str:
    """How a report names the counted event ``name``: what it means, up to
    a colon (``capot_bids`` is ``capots announced``, ``capots_made``
    ``announced capots made``); the name's words for an event no
    registered game counts."""
    meaning = meanings().get(name)
    return meaning.partition(":")[0] if meaning else name.replace("_", " ")
