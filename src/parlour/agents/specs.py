"""Agent specs: the one way every surface names the player of a seat.

A spec is either an agent's name (:data:`parlour.agents.AGENTS`:
``easy``, ``hard``, ``random`` ...) or ``PREFIX:ARGUMENT``, where each
prefix is registered with :func:`register_prefix` and reads its own
argument:

* ``ismcts:N``: ISMCTS with ``N`` iterations a move, random rollouts and
  no time limit;
* ``cmd:COMMAND``: an outside program speaking the engine protocol
  (``docs/protocol.md``; :class:`~parlour.agents.external.ExternalAgent`),
  the command split as a POSIX shell would split it, but run without a
  shell;
* ``module:MODULE:CLASS``: a Python agent in this process, ``CLASS``
  (any callable) of the importable ``MODULE`` (a dotted name, or a ``.py``
  file) called with the seed;
* ``llm:MODEL@BASE_URL``: a language model behind an OpenAI-compatible
  chat endpoint (:class:`~parlour.agents.llm.LanguageModelAgent`).

``parlour play --seat``, ``simulate --agents``, ``tournament --agents``
and ``event --seat-level`` all read their agents with
:func:`agent_factory`. Another kind of player is one prefix more::

    register_prefix("mybots", read_mybots_argument)

where ``read_mybots_argument(argument)`` checks the argument (raising
:class:`~parlour.errors.OptionError` with a sentence if it is wrong) and
returns a factory that makes the player from a seed. A player named
without an argument, whose package is imported only when it is named, is
one name more: ``register_name("mybot", read_mybot)``, ``read_mybot``
called with the name.

>>> agent_factory("ismcts:7")(1).iterations
7
>>> agent_factory("cmd:")
Traceback (most recent call last):
...
parlour.errors.OptionError: cmd:COMMAND needs the command that starts the program
"""

from __future__ import annotations

import importlib
import importlib.util
import re
import shlex
import shutil
import sys
from collections.abc import Callable
from functools import partial
from pathlib import Path
from types import ModuleType

from parlour.agents.base import AGENTS, make_agent
from parlour.agents.ismcts import ISMCTSAgent
from parlour.agents.protocol import AnyAgent
from parlour.errors import OptionError

__all__ = ["AgentFactory", "agent_factory", "register_name", "register_prefix"]

AgentFactory = Callable[[int | None], AnyAgent]
"""Makes a player from a seed."""

ArgumentReader = Callable[[str], AgentFactory]
"""Reads a prefix's argument into a factory (:class:`OptionError` if wrong)."""


_PREFIXES: dict[str, ArgumentReader] = {}
_NAMES: dict[str, ArgumentReader] = {}


def register_prefix(prefix: str, read: ArgumentReader) -> None:
    """Make ``prefix:ARGUMENT`` a spec that ``read(ARGUMENT)`` turns into
    a factory. A prefix is lower-case letters, digits and hyphens, starting
    with a letter."""
    _check_word(prefix, "a spec prefix")
    _PREFIXES[prefix] = read


def register_name(name: str, read: ArgumentReader) -> None:
    """Make the name ``name`` a spec that ``read(name)`` turns into a
    factory: a player outside :data:`~parlour.agents.AGENTS`, such as one
    that needs an optional package and is imported only when named."""
    _check_word(name, "an agent's name")
    _NAMES[name] = read


def _check_word(word: str, what: str) -> None:
    if not re.fullmatch(r"[a-z][a-z0-9-]*", word):
        raise ValueError(f"{what} is lower-case letters, digits and hyphens, not {word!r}")


def agent_factory(spec: str) -> AgentFactory:
    """A factory making the player that ``spec`` names from a seed, the
    spec checked now (:class:`OptionError` saying what is wrong)."""
    text = spec.strip()
    prefix, colon, argument = text.partition(":")
    if colon:
        read = _PREFIXES.get(prefix.strip().casefold())
        if read is None:
            raise OptionError(f"{spec!r}: no kind of agent called {prefix.strip()!r}; "
                              f"the prefixes are {', '.join(sorted(_PREFIXES))}")
        return read(argument.strip())
    name = text.casefold()
    if name in AGENTS:
        return partial(make_agent, name)
    if name in _NAMES:
        return _NAMES[name](name)
    raise OptionError(
        f"no agent called {spec!r}; agents are {', '.join(sorted({*AGENTS, *_NAMES}))}, or "
        f"PREFIX:ARGUMENT with the prefixes {', '.join(sorted(_PREFIXES))}")


def _read_ismcts(argument: str) -> AgentFactory:
    # ASCII digits only (int() refuses ²), and no more than int() reads at once
    if not (argument.isascii() and argument.isdigit() and len(argument) <= 9) \
            or int(argument) < 1:
        raise OptionError(
            f"'ismcts:{argument}': ismcts:N needs a whole number of iterations N "
            "from 1 to 999999999")
    return partial(_budgeted_ismcts, int(argument))


def _budgeted_ismcts(iterations: int, seed: int | None) -> ISMCTSAgent:
    return ISMCTSAgent(seed=seed, iterations=iterations)


def _read_command(argument: str) -> AgentFactory:
    from parlour.agents.external import ExternalAgent

    try:
        command = shlex.split(argument)
    except ValueError as error:
        raise OptionError(f"'cmd:{argument}': the command cannot be read: {error}") from None
    if not command:
        raise OptionError("cmd:COMMAND needs the command that starts the program")
    if shutil.which(command[0]) is None:
        raise OptionError(f"'cmd:{argument}': there is no program {command[0]!r} to run")
    return partial(ExternalAgent, tuple(command))


def _read_module(argument: str) -> AgentFactory:
    module_name, colon, attribute = argument.rpartition(":")
    if not colon or not module_name or not attribute.isidentifier():
        raise OptionError(f"'module:{argument}': write module:MODULE:CLASS, e.g. "
                          "module:mybots.greedy:GreedyAgent or module:bots/greedy.py:GreedyAgent")
    try:
        if module_name.endswith(".py"):
            module = _file_module(argument, Path(module_name))
        else:
            module = importlib.import_module(module_name)
    except ImportError as error:
        raise OptionError(f"'module:{argument}': cannot import {module_name}: {error}") from None
    factory = getattr(module, attribute, None)
    if not callable(factory):
        raise OptionError(f"'module:{argument}': {module_name} has no class {attribute}")
    return partial(_guarded_module_agent, factory, f"module:{argument}")


_FILE_MODULES: dict[Path, ModuleType] = {}
"""The ``.py`` files of ``module:`` specs, each run once (a tournament
reads its agents' specs again for every match)."""


def _file_module(argument: str, path: Path) -> ModuleType:
    """The module of the file ``path``, run the first time it is named."""
    if not path.is_file():
        raise OptionError(f"'module:{argument}': there is no file {path}")
    key = path.resolve()
    if key not in _FILE_MODULES:
        loader_spec = importlib.util.spec_from_file_location(path.stem, path)
        if loader_spec is None or loader_spec.loader is None:
            raise OptionError(f"'module:{argument}': {path} cannot be imported")
        module = importlib.util.module_from_spec(loader_spec)
        # as importlib's recipe does: a dataclass in the file finds its module by name
        sys.modules.setdefault(path.stem, module)
        loader_spec.loader.exec_module(module)
        _FILE_MODULES[key] = module
    return _FILE_MODULES[key]


def _guarded_module_agent(factory: Callable[[int | None], AnyAgent], label: str,
                          seed: int | None) -> AnyAgent:
    from parlour.agents.external import GuardedAgent

    return GuardedAgent(factory(seed), label, seed)


def _read_openspiel(name: str) -> AgentFactory:
    try:
        from parlour.agents.openspiel_bots import openspiel_agent_factory
    except ModuleNotFoundError as error:
        if (error.name or "").partition(".")[0] not in ("pyspiel", "open_spiel"):
            raise
        raise OptionError(f"{name!r} is one of OpenSpiel's bots, which need the openspiel "
                          "extra: pip install 'parlour[openspiel]'") from None
    return openspiel_agent_factory(name)


OPENSPIEL_BOTS = ("openspiel-ismcts", "openspiel-ismcts-hard", "openspiel-mcts",
                  "openspiel-mcts-hard")
"""OpenSpiel's bots, each given the CPU time of ``medium`` or ``hard`` at
every move (:data:`parlour.agents.openspiel_bots.OPENSPIEL_AGENTS`, whose
module needs the ``openspiel`` extra, so it is imported when one is named)."""


def _read_language_model(argument: str) -> AgentFactory:
    from parlour.agents.llm import read_spec

    return read_spec(argument)


register_prefix("ismcts", _read_ismcts)
register_prefix("cmd", _read_command)
register_prefix("module", _read_module)
register_prefix("llm", _read_language_model)
for _bot in OPENSPIEL_BOTS:
    register_name(_bot, _read_openspiel)
