"""The outside players a server's operator offers at its tables: each a
name, shown as a computer player beside the levels, for an agent spec
(:mod:`parlour.agents.specs`: ``cmd:`` a program speaking the engine
protocol, ``llm:`` a language model, ``module:`` a Python class).

Only the operator names them (:data:`ENGINES_ENV`, read by ``parlour
serve``); a client picks a name, never a spec, so nobody at a table can
make the server run a command.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Mapping

from parlour.agents import AGENTS, AnyAgent, make_agent
from parlour.agents.specs import AgentFactory, agent_factory
from parlour.errors import OptionError

__all__ = ["ENGINES_ENV", "Engines"]

ENGINES_ENV = "PARLOUR_ENGINES"
"""The environment variable holding the engines: a JSON object from each
name to its agent spec."""

_NAME = re.compile(r"[a-z][a-z0-9-]{0,31}")


class Engines:
    """The operator's engines by name: ``specs`` maps each name (lower-case
    letters, digits and hyphens, no agent's name) to its agent spec, every
    spec checked now (:class:`OptionError` naming the engine)."""

    def __init__(self, specs: Mapping[str, str] | None = None) -> None:
        self._factories: dict[str, AgentFactory] = {}
        for name, spec in (specs or {}).items():
            if not isinstance(name, str) or not _NAME.fullmatch(name) or name in AGENTS:
                raise OptionError(
                    f"an engine's name is lower-case letters, digits and hyphens (at most 32) "
                    f"and no agent's name, not {name!r}")
            if not isinstance(spec, str):
                raise OptionError(f"the engine {name!r} needs an agent spec such as "
                                  f"'cmd:./mybot', not {spec!r}")
            try:
                self._factories[name] = agent_factory(spec)
            except OptionError as error:
                raise OptionError(f"the engine {name!r}: {error}") from None

    @classmethod
    def from_environment(cls, environ: Mapping[str, str] | None = None) -> Engines:
        """The engines that :data:`ENGINES_ENV` names (none when it is unset)."""
        text = (os.environ if environ is None else environ).get(ENGINES_ENV, "").strip()
        if not text:
            return cls()
        try:
            specs = json.loads(text)
        except json.JSONDecodeError as error:
            raise OptionError(f"{ENGINES_ENV} is not JSON: {error.msg}") from None
        if not isinstance(specs, dict):
            raise OptionError(f"{ENGINES_ENV} must be a JSON object from each engine's name "
                              "to its agent spec")
        return cls(specs)

    def names(self) -> list[str]:
        """The engines' names, in alphabetical order."""
        return sorted(self._factories)

    def check(self, name: str) -> None:
        """Refuse ``name`` unless it is an agent's or an engine's
        (:class:`OptionError`, as :func:`~parlour.agents.make_agent`)."""
        if name not in self._factories:
            make_agent(name)

    def make(self, name: str, seed: int | None = None) -> AnyAgent:
        """The player called ``name``: an engine, else the agent of that name."""
        factory = self._factories.get(name)
        return make_agent(name, seed) if factory is None else factory(seed)
