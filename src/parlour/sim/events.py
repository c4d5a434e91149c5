"""Each game's own notable events, counted over a whole match from its
public log: Polignac's capots, Progress's goings out and blocked hands,
Costly Colours' costly colours, Bharg's wins by binding, Ranter Go Round's
lives and Kings.

Only the contract is read (DESIGN.md): the lines of
``state.public_observation()["log"]``. The observation keeps the public
log of the previous and the current hand only (its first line is line
``log_start`` of the match's log), so a whole match's log is gathered
while it is played: :class:`MatchLog` reads the window once each time a
hand ends (``len(state.hand_results())`` grows) and once at the end, and
keeps the lines it had not seen. A finished state alone is enough with
:func:`match_events`, which replays its actions to gather the log.

:data:`COUNTERS` maps a game's name to its counter, a pure function from
the match's log lines to ``{event: count}``; a game without one counts
``{}``.

>>> import parlour
>>> from parlour.agents import RandomAgent, choose_action
>>> state = parlour.make("progress", target=1).new_state(seed=2)
>>> agents = [RandomAgent(seed=seat) for seat in range(4)]
>>> log = MatchLog(state)
>>> while not state.is_terminal():
...     state.apply(choose_action(agents[state.current_player()], state))
...     log.follow(state)
>>> count_events(state, log.finish(state)) == match_events(state)
True
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence

from parlour.engine import State

EventCounter = Callable[[Sequence[str], State], dict[str, int]]
"""A game's counter: ``{event: count}`` from the match's public log lines
and its final state."""


class MatchLog:
    """A whole match's public log, gathered hand by hand while it is played.

    Make it from the new state, call :meth:`follow` after every action and
    :meth:`finish` at the end; the window of the observation's log is read
    at the start, when a hand has ended and at the end.
    ``missing`` counts the lines that no window showed (Bharg's window
    restarts at a reshuffle of the stock, in the middle of a round); the
    counters read lines that close a hand, which every window shows.
    """

    def __init__(self, state: State) -> None:
        self.lines: list[str] = []
        self.missing = 0
        self._next_line = 0
        self._hands = len(state.hand_results())
        self.read(state)

    def follow(self, state: State) -> None:
        """Keep the log's new lines if a hand has just ended."""
        hands = len(state.hand_results())
        if hands != self._hands:
            self._hands = hands
            self.read(state)

    def finish(self, state: State) -> list[str]:
        """The match's whole log so far (read once more from ``state``)."""
        self.read(state)
        return self.lines

    def read(self, state: State) -> None:
        """Keep the lines of the window that are new."""
        observation = state.public_observation()
        window: list[str] = observation["log"]
        start = int(observation.get("log_start", 0))
        if start > self._next_line:
            self.missing += start - self._next_line
            self._next_line = start
        self.lines.extend(window[self._next_line - start:])
        self._next_line = start + len(window)


def match_log(state: State) -> list[str]:
    """The whole public log of ``state``'s match, from a replay of its actions."""
    replayed = state.game.new_state(state.seed, state.deal, state.explicit_chance)
    log = MatchLog(replayed)
    for action in state.history:
        replayed.apply(action)
        log.follow(replayed)
    return log.finish(replayed)


def count_events(state: State, lines: Sequence[str]) -> dict[str, int]:
    """The events of ``state``'s match, whose whole log is ``lines``
    (``{}`` for a game without a counter)."""
    counter = COUNTERS.get(state.game.name)
    return counter(lines, state) if counter is not None else {}


def match_events(state: State) -> dict[str, int]:
    """The events of ``state``'s match so far (its actions are replayed to
    read the whole log)."""
    if state.game.name not in COUNTERS:
        return {}
    return count_events(state, match_log(state))


def _count(lines: Iterable[str], patterns: Mapping[str, re.Pattern[str]]) -> dict[str, int]:
    """How many lines match each pattern (from the line's start)."""
    counts = dict.fromkeys(patterns, 0)
    for line in lines:
        for name, pattern in patterns.items():
            if pattern.match(line):
                counts[name] += 1
    return counts


# --- Polignac and its relatives -------------------------------------------------
_TRICK = re.compile(r"(P\d+) wins trick \d+$")
_HAND_SCORED = re.compile(r"hand \d+ scored: ")
_CAPOT_BID = re.compile(r"(P\d+) announces capot$")


def count_trick_events(lines: Sequence[str], state: State) -> dict[str, int]:
    """``capots``: hands in which one seat won every trick, bid or not
    (Bassadewitz's "all tricks", Grasobern's "Bauer")."""
    capots = 0
    winners: set[str] = set()
    for line in lines:
        if trick := _TRICK.match(line):
            winners.add(trick.group(1))
        elif _HAND_SCORED.match(line):
            capots += len(winners) == 1
            winners.clear()
    return {"capots": capots}


def count_polignac_events(lines: Sequence[str], state: State) -> dict[str, int]:
    """Polignac (``rules/polignac.md`` §2.3): ``capot_bids``, the bids
    ``capots_made`` (the bidder won every trick), and ``capots`` as for
    every trick game."""
    bids = made = 0
    bidder: str | None = None
    beaten = False
    for line in lines:
        if bid := _CAPOT_BID.match(line):
            bids += 1
            bidder, beaten = bid.group(1), False
        elif trick := _TRICK.match(line):
            beaten = beaten or trick.group(1) != bidder
        elif _HAND_SCORED.match(line):
            made += bidder is not None and not beaten
            bidder = None
    return {"capot_bids": bids, "capots_made": made, **count_trick_events(lines, state)}


# --- Progress and Progress Rummy -------------------------------------------------
_GOES_OUT = re.compile(r"P\d+ goes out$")
_RUMMY_GOES_OUT = re.compile(r"P\d+ goes out: Progress!$")


def _out_or_blocked(lines: Sequence[str], state: State, goes_out: re.Pattern[str]
                    ) -> dict[str, int]:
    """Hands ended by a player ``going_out``, and the others (``blocked``)."""
    going_out = sum(1 for line in lines if goes_out.match(line))
    return {"going_out": going_out, "blocked": len(state.hand_results()) - going_out}


def count_progress_events(lines: Sequence[str], state: State) -> dict[str, int]:
    """Progress (``rules/progress.md`` §2): hands ended by a player
    ``going_out`` or ``blocked`` (the stock empty and everyone passing)."""
    return _out_or_blocked(lines, state, _GOES_OUT)


def count_progress_rummy_events(lines: Sequence[str], state: State) -> dict[str, int]:
    """Progress Rummy (``rules/progress.md`` §3): rounds ended by a player
    ``going_out`` or ``blocked`` (the stock run out, or the turn limit)."""
    return _out_or_blocked(lines, state, _RUMMY_GOES_OUT)


# --- Costly Colours ---------------------------------------------------------------
_TURNUP = re.compile(r"turn-up \S*(\S): ")
_SHOW = re.compile(r"P\d+ shows (.+): \d+$")


def count_costly_colours_events(lines: Sequence[str], state: State) -> dict[str, int]:
    """Costly Colours (``rules/costly_colours.md`` §6.5): shows of
    ``costly_colours``, the three cards held and the turn-up all of one
    suit (worth 6)."""
    costly = 0
    trumps = ""
    for line in lines:
        if turnup := _TURNUP.match(line):
            trumps = turnup.group(1)
        elif show := _SHOW.match(line):
            costly += {code[-1] for code in show.group(1).split()} == {trumps}
    return {"costly_colours": costly}


# --- Bharg --------------------------------------------------------------------------
_BHARG = {
    "wins_by_binding": re.compile(r"P\d+ is fully bound and wins round \d+"),
    "rounds_without_winner": re.compile(r"round \d+ ends without a winner"),
}


def count_bharg_events(lines: Sequence[str], state: State) -> dict[str, int]:
    """Bharg (``rules/bharg.md``): rounds won by binding every card, and
    rounds that ended without a winner."""
    return _count(lines, _BHARG)


# --- Ranter Go Round -----------------------------------------------------------------
_RANTER = {
    "kings_shown": re.compile(r".*\(Bo!\)"),
    "king_stops": re.compile(r"a King stops play|Kings dealt: "),
}


def count_ranter_events(lines: Sequence[str], state: State) -> dict[str, int]:
    """Ranter Go Round (``rules/ranter_go_round.md`` §4-6): ``lives_lost``
    (the counters paid, from the hand results), ``kings_shown`` (a King
    shown, "Bo!", to refuse or stop an exchange) and ``king_stops`` (a
    hand stopped by a King: ``king_rule`` stops_play or stops_hand).

    A hand that ends without a decision (a King stopping the hand as it is
    dealt) can push the hand before it out of the observation's log
    window before any reader sees it, so the King counts may fall short
    there (:attr:`MatchLog.missing` says how many lines were lost)."""
    lives_lost = sum(delta for hand in state.hand_results() for delta in hand if delta > 0)
    return {"lives_lost": lives_lost, **_count(lines, _RANTER)}


COUNTERS: dict[str, EventCounter] = {
    "polignac": count_polignac_events,
    "slobberhannes": count_trick_events,
    "eichelobern": count_trick_events,
    "grasobern": count_trick_events,
    "knaves": count_trick_events,
    "bassadewitz": count_trick_events,
    "progress": count_progress_events,
    "progress-rummy": count_progress_rummy_events,
    "costly-colours": count_costly_colours_events,
    "bharg": count_bharg_events,
    "ranter-go-round": count_ranter_events,
}
"""Each game's event counter, by the game's registered name."""

MEANINGS: dict[str, str] = {
    "capot_bids": "capots announced",
    "capots_made": "announced capots made: the bidder won every trick",
    "capots": "hands in which one player won every trick, announced or not",
    "going_out": "hands (rounds) ended by a player going out",
    "blocked": "hands (rounds) that ended with nobody going out",
    "costly_colours": "shows of a costly colour: the three cards held and the turn-up "
                      "all of one suit",
    "wins_by_binding": "rounds won by a player binding every card",
    "rounds_without_winner": "rounds that ended without a winner",
    "lives_lost": "lives lost",
    "kings_shown": 'Kings shown ("Bo!") to refuse or stop an exchange',
    "king_stops": "hands stopped by a King",
}
"""What each event of :data:`COUNTERS` counts, in a player's words."""
