"""The web app of ``parlour serve``: lobby, tables, live updates, replays.

A surface of DESIGN.md: it talks to games only through the contract
(``parlour.make``, ``new_state``, ``legal_actions``, ``apply``,
``observation``, ``public_observation``, ``record``). docs/web.md is the
API it implements: ``create_app(database_url)`` builds it (tests use a
temporary SQLite file), ``serve(app, host, port, settings)`` runs it on uvicorn with the
connection limits of :class:`TransportSettings`.
"""

from __future__ import annotations

from parlour.server.app import create_app, serve
from parlour.server.transport import TransportSettings

__all__ = ["TransportSettings", "create_app", "serve"]
