"""Outside programs and Python agents seated by agent specs: the engine
protocol (docs/protocol.md), and the ``easy`` player taking every move they
lose."""

from __future__ import annotations

import json
import shlex
import sys
import textwrap
from pathlib import Path

import pytest

import parlour
from cli_run import Cli
from parlour.agents import choose_action, specs
from parlour.agents.external import ExternalAgent, Forfeit, GuardedAgent, configured_seconds
from parlour.agents.specs import agent_factory, register_name, register_prefix
from parlour.engine.game import State
from parlour.errors import OptionError
from support import first_legal_moves

FIRST_LEGAL = Path(__file__).with_name("first_legal.sh")
"""The player in POSIX shell and sed written from docs/protocol.md."""


def python_bot(tmp_path: Path, body: str, name: str = "bot.py") -> tuple[str, ...]:
    """The command running a Python program whose main loop is ``body``,
    with ``line`` each line read and ``message`` its object, and ``log`` a
    file beside it where the program writes what it was told."""
    path = tmp_path / name
    path.write_text(textwrap.dedent("""\
        import json, sys, time
        log = open(sys.argv[1], "a")
        for line in sys.stdin:
            message = json.loads(line)
            log.write(line)
            log.flush()
        """) + textwrap.indent(textwrap.dedent(body), "    "))
    return (sys.executable, str(path), str(tmp_path / "told.jsonl"))


def told(tmp_path: Path) -> list[dict[str, object]]:
    """What the program of :func:`python_bot` was told, in order."""
    return [json.loads(line) for line in (tmp_path / "told.jsonl").read_text().splitlines()]


def polignac_state(seed: int = 1) -> State:
    return parlour.make("polignac").new_state(seed=seed)


def agent_move(agent: ExternalAgent | GuardedAgent, state: State) -> int:
    return choose_action(agent, state)


# --- the program written from the document alone ----------------------------------
def test_a_shell_player_written_from_the_protocol_plays_a_whole_polignac_match(
        cli: Cli, tmp_path: Path) -> None:
    record = tmp_path / "match.json"
    run = cli("play", "polignac", "--seat", f"cmd:sh {shlex.quote(str(FIRST_LEGAL))}",
              "--seat", "easy", "--seat", "easy", "--seat", "easy", "--seed", "5",
              "--save", str(record))
    assert (run.status, run.err) == (0, "")
    assert "── Match over ──" in run.out
    final = parlour.replay(record)
    assert final.is_terminal()
    # every move of seat 0 is the first legal move offered: the program's, not easy's
    assert first_legal_moves(final, 0) > 20


def test_the_shell_player_in_a_tournament_and_a_simulation(cli: Cli, tmp_path: Path) -> None:
    spec = f"cmd:sh {shlex.quote(str(FIRST_LEGAL))}"
    results = tmp_path / "results.json"
    run = cli("tournament", "polignac", "--agents", spec, "-n", "1", "--seed", "2",
              "--workers", "1", "--option", "target=3", "--json", str(results))
    assert (run.status, run.err) == (0, "")
    [row] = json.loads(results.read_text())["agents"]
    assert (row["agent"], row["matches"]) == (spec, 4)
    run = cli("simulate", "polignac", "-n", "2", "--agents", f"{spec},easy,easy,easy",
              "--seed", "2", "--workers", "1", "--option", "target=3")
    assert (run.status, run.err) == (0, "")


# --- moves lost to easy --------------------------------------------------------------
def test_an_illegal_move_is_explained_to_the_program_and_played_by_easy(
        tmp_path: Path) -> None:
    command = python_bot(tmp_path, """\
        if message["type"] == "move":
            print(json.dumps({"request": message["request"], "move": 999}), flush=True)
        """)
    reports: list[str] = []
    agent = ExternalAgent(command, seed=4, seconds=20, report=reports.append)
    state = polignac_state()
    seat = state.current_player()
    action = agent_move(agent, state)
    agent.close()
    easy = choose_action(agent_factory("easy")(4), state)
    assert action == easy
    text = state.action_to_str(easy)
    reason = "the move 999 is not one of the legal moves' ids"
    assert agent.forfeits == [Forfeit(seat, 0, reason, text, easy)]
    assert reports == [f"cmd:{' '.join(command)} at seat {seat}, move 0: {reason}; "
                       f"the easy player moved {text} instead"]
    start, move, refused, quit_ = told(tmp_path)
    assert start == {"type": "start", "protocol": 1, "game": "polignac", "title": "Polignac",
                     "options": dict(state.game.options), "seat": seat, "players": 4,
                     "num_actions": state.game.num_actions, "seed": 4}
    assert move["request"] == 1
    assert move["legal"] == [{"id": 32, "text": "pass"}, {"id": 33, "text": "capot"}]
    assert move["observation"] == json.loads(json.dumps(state.observation(seat)))
    assert refused == {"type": "refused", "request": 1, "error": reason,
                       "played": {"id": easy, "text": text}}
    assert quit_ == {"type": "quit"}


@pytest.mark.parametrize(("answer", "reason"), [
    ('"pass"', "the program sent '\"pass\"', which is not a JSON object"),
    ("bonjour", "the program sent 'bonjour', which is not a JSON object"),
    ('{"request": 2, "move": 32}', "the answer names request 2, not 1, the request it answers"),
    ('{"move": 32}', 'the answer has no "request": it must name request 1'),
    ('{"request": 1, "move": "32"}',
     "the move must be a legal move's id (a whole number), not '32'"),
    ('{"request": 1, "move": true}',
     "the move must be a legal move's id (a whole number), not True"),
    ('{"request": 1}', 'the answer has neither "move" (an id) nor "text" (a move as written)'),
    ('{"request": 1, "text": "JS"}', "the move 'JS' is not legal now"),
    ('{"request": 1, "text": "fold"}',
     "the move 'fold' cannot be played: 'fold' is neither a card nor a call; type a card "
     "such as JS, TD, 10D or J♠, or 'pass' or 'capot'"),
])
def test_each_wrong_answer_says_what_was_wrong(tmp_path: Path, answer: str,
                                               reason: str) -> None:
    command = python_bot(tmp_path, f"""\
        if message["type"] == "move":
            print({answer!r}, flush=True)
        """)
    reports: list[str] = []
    agent = ExternalAgent(command, seed=4, seconds=20, report=reports.append)
    state = polignac_state()
    agent_move(agent, state)
    agent.close()
    assert [forfeit.reason for forfeit in agent.forfeits] == [reason]


def test_a_move_named_by_its_text_is_played(tmp_path: Path) -> None:
    command = python_bot(tmp_path, """\
        if message["type"] == "move":
            print(json.dumps({"request": message["request"], "text": "Capot"}), flush=True)
        """)
    agent = ExternalAgent(command, seconds=20, report=print)
    state = polignac_state()
    assert agent_move(agent, state) == state.parse_action("capot")
    agent.close()
    assert agent.forfeits == []


def test_a_silent_program_loses_the_move_and_its_late_answer_is_ignored(
        tmp_path: Path) -> None:
    command = python_bot(tmp_path, """\
        if message["type"] == "move":
            if message["request"] == 1:
                time.sleep(1.0)
            print(json.dumps({"request": message["request"],
                              "move": message["legal"][-1]["id"]}), flush=True)
        """)
    reports: list[str] = []
    agent = ExternalAgent(command, seed=2, seconds=0.5, report=reports.append)
    state = polignac_state()
    seat = state.current_player()
    state.apply(agent_move(agent, state))
    assert [forfeit.reason for forfeit in agent.forfeits] == [
        "the program did not answer within 0.5 s"]
    agent.seconds = 20
    while state.current_player() != seat:
        state.apply(choose_action(agent_factory("random")(1), state))
    # the late answer to request 1 is dropped; request 2 gets its own answer
    assert agent_move(agent, state) == state.legal_actions()[-1]
    agent.close()
    assert len(agent.forfeits) == 1 and len(reports) == 1


def test_a_program_that_crashes_loses_the_move_and_is_started_again(tmp_path: Path) -> None:
    marker = tmp_path / "crashed"
    command = python_bot(tmp_path, f"""\
        if message["type"] == "move":
            if not __import__("os").path.exists({str(marker)!r}):
                open({str(marker)!r}, "w").close()
                sys.exit(3)
            print(json.dumps({{"request": message["request"],
                               "move": message["legal"][0]["id"]}}), flush=True)
        """)
    agent = ExternalAgent(command, seed=2, seconds=20, report=lambda sentence: None)
    state = polignac_state()
    seat = state.current_player()
    state.apply(agent_move(agent, state))
    assert [forfeit.reason for forfeit in agent.forfeits] == ["the program exited with code 3"]
    while state.current_player() != seat:
        state.apply(choose_action(agent_factory("random")(1), state))
    assert agent_move(agent, state) == state.legal_actions()[0]
    agent.close()
    assert [message["type"] for message in told(tmp_path)] == [
        "start", "move", "start", "move", "quit"]


def test_the_time_for_a_move_comes_from_the_environment(
        monkeypatch: pytest.MonkeyPatch) -> None:
    assert configured_seconds() == 10.0
    monkeypatch.setenv("PARLOUR_ENGINE_SECONDS", "2.5")
    assert configured_seconds() == 2.5
    monkeypatch.setenv("PARLOUR_ENGINE_SECONDS", "soon")
    with pytest.raises(OptionError) as refusal:
        configured_seconds()
    assert str(refusal.value) == (
        "PARLOUR_ENGINE_SECONDS must be a number of seconds above 0, not 'soon'")


# --- Python agents ---------------------------------------------------------------
AGENT_FILE = """\
class Last:
    name = "last"

    def __init__(self, seed):
        self.seed = seed

    def choose(self, observation, legal):
        return legal[-1]


class Wrong:
    name = "wrong"

    def __init__(self, seed):
        pass

    def choose(self, observation, legal):
        return 999


class Broken:
    name = "broken"

    def __init__(self, seed):
        pass

    def choose(self, observation, legal):
        raise RuntimeError("out of ideas")
"""


@pytest.mark.parametrize(("name", "reason"), [
    ("Last", None),
    ("Wrong", "the move 999 is not one of the legal moves' ids"),
    ("Broken", "the agent raised RuntimeError: out of ideas"),
])
def test_a_python_agent_from_a_file_plays_and_its_failures_go_to_easy(
        tmp_path: Path, name: str, reason: str | None) -> None:
    path = tmp_path / "mybots.py"
    path.write_text(AGENT_FILE)
    agent = agent_factory(f"module:{path}:{name}")(7)
    assert isinstance(agent, GuardedAgent)
    agent.report = lambda sentence: None
    state = polignac_state()
    action = agent_move(agent, state)
    if reason is None:
        assert action == state.legal_actions()[-1]
        assert agent.forfeits == []
    else:
        assert action == choose_action(agent_factory("easy")(7), state)
        assert [forfeit.reason for forfeit in agent.forfeits] == [reason]


def test_a_python_agent_by_its_dotted_module_name(cli: Cli) -> None:
    run = cli("play", "polignac", "--seat", "module:parlour.agents:RandomAgent", "--seed", "3",
              "--option", "target=3")
    assert (run.status, run.err) == (0, "")
    assert "── Match over ──" in run.out


# --- specs ------------------------------------------------------------------------
@pytest.mark.parametrize(("spec", "message"), [
    ("nobody", "no agent called 'nobody'; agents are easy, hard, hard-classic, heuristic, "
               "ismcts, medium, openspiel-ismcts, openspiel-ismcts-hard, openspiel-mcts, "
               "openspiel-mcts-hard, random, or PREFIX:ARGUMENT with the prefixes cmd, ismcts, "
               "llm, module"),
    ("bot:x", "'bot:x': no kind of agent called 'bot'; the prefixes are cmd, ismcts, llm, "
              "module"),
    ("cmd:", "cmd:COMMAND needs the command that starts the program"),
    ("cmd:no-such-program-here --fast",
     "'cmd:no-such-program-here --fast': there is no program 'no-such-program-here' to run"),
    ('cmd:sh "bot', "'cmd:sh \"bot': the command cannot be read: No closing quotation"),
    ("module:RandomAgent", "'module:RandomAgent': write module:MODULE:CLASS, e.g. "
     "module:mybots.greedy:GreedyAgent or module:bots/greedy.py:GreedyAgent"),
    ("module:no_such_module_here:Bot", "'module:no_such_module_here:Bot': cannot import "
     "no_such_module_here: No module named 'no_such_module_here'"),
    ("module:parlour.agents:Nobody", "'module:parlour.agents:Nobody': parlour.agents has no "
     "class Nobody"),
    ("module:missing.py:Bot", "'module:missing.py:Bot': there is no file missing.py"),
    ("ismcts:0", "'ismcts:0': ismcts:N needs a whole number of iterations N from 1 to "
                 "999999999"),
])
def test_a_wrong_spec_says_what_is_wrong(spec: str, message: str) -> None:
    with pytest.raises(OptionError) as refusal:
        agent_factory(spec)
    assert str(refusal.value) == message


def test_a_wrong_spec_at_a_seat_is_one_error_line(cli: Cli) -> None:
    run = cli("play", "polignac", "--seat", "cmd:no-such-program-here")
    assert (run.status, run.out, run.err) == (
        2, "", "error: 'cmd:no-such-program-here': there is no program "
        "'no-such-program-here' to run\n")


def test_a_new_prefix_or_name_is_one_registration(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(specs, "_PREFIXES", dict(specs._PREFIXES))
    monkeypatch.setattr(specs, "_NAMES", dict(specs._NAMES))
    told: list[str] = []

    def read(argument: str) -> specs.AgentFactory:
        told.append(argument)
        return lambda seed: FirstAgent()

    register_prefix("always-first", read)
    register_name("first-bot", read)
    state = polignac_state()
    assert choose_action(agent_factory("Always-First: anything")(1), state) == \
        state.legal_actions()[0]
    assert choose_action(agent_factory("First-Bot")(1), state) == state.legal_actions()[0]
    assert told == ["anything", "first-bot"]
    with pytest.raises(OptionError) as refusal:
        agent_factory("second-bot")
    assert str(refusal.value) == (
        "no agent called 'second-bot'; agents are easy, first-bot, hard, hard-classic, "
        "heuristic, ismcts, medium, openspiel-ismcts, openspiel-ismcts-hard, openspiel-mcts, "
        "openspiel-mcts-hard, random, or PREFIX:ARGUMENT with the prefixes "
        "always-first, cmd, ismcts, llm, module")
    with pytest.raises(ValueError) as wrong:
        register_prefix("My Bots", read)
    assert str(wrong.value) == (
        "a spec prefix is lower-case letters, digits and hyphens, not 'My Bots'")


class FirstAgent:
    name = "first"

    def choose(self, observation: object, legal: list[int]) -> int:
        return legal[0]


def test_the_shell_player_plays_every_computer_seat_of_an_event(cli: Cli) -> None:
    run = cli("event", "progress-races", "--players", "8", "--rounds", "1", "--seed", "1",
              "--workers", "1", "--seat-level", f"cmd:sh {shlex.quote(str(FIRST_LEGAL))}")
    assert (run.status, run.err) == (0, "")
    assert "Final standings" in run.out


def test_a_program_that_reads_nothing_cannot_stall_the_match(tmp_path: Path) -> None:
    """Messages once went straight to the program's input: when it read
    nothing, its pipe filled (64 KiB, some twenty moves) and the next write
    waited for ever."""
    path = tmp_path / "deaf.py"
    path.write_text("import time\ntime.sleep(60)\n")
    agent = ExternalAgent((sys.executable, str(path)), seconds=0.01,
                          report=lambda sentence: None)
    state = polignac_state()
    for _ in range(40):
        assert agent_move(agent, state) in state.legal_actions()
    agent.close()
    assert {forfeit.reason for forfeit in agent.forfeits} == {
        "the program did not answer within 0.01 s"}
