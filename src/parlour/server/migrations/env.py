"""Alembic's environment: the migrations run on the connection, and in the
transaction, that :func:`parlour.server.db.upgrade` gives them."""

from __future__ import annotations

from alembic import context

context.configure(connection=context.config.attributes["connection"])
context.run_migrations()
