"""The web app of ``parlour serve``: lobby, tables, live updates, replays.

A surface of DESIGN.md: it talks to games only through the contract
(``parlour.make``, ``new_state``, ``legal_actions``, ``apply``,
``observation``, ``public_observation``, ``record``). docs/web.md is the
API it implements: ``create_app(database_url)`` builds it (tests use a
temporary SQLite file), ``serve(app, host, port)`` runs it on uvicorn.
"""

from __future__ import annotations

from parlour.server.app import create_app, serve

__all__ = ["create_app", "serve"]
