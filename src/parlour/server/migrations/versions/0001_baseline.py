"""The schema before Alembic: what ``create_all`` made.

Revision ID: 0001
Revises: (none)

Each table is created unless it is there already: a database from before
Alembic has all of them (or, from before the statistics and the parties,
only ``tables`` and ``moves``), with its rows, and loses none. Its tables
were made by ``create_all`` from these very definitions (the schema only
ever grew by whole tables until Alembic), so an existing table needs no
change; a table of that name with other columns is another program's, and
the upgrade stops (:class:`parlour.server.db.ForeignSchemaError`). The
definitions are frozen here, apart from the ORM classes of
:mod:`parlour.server.db`, which later revisions change.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from parlour.server.db import ForeignSchemaError

revision = "0001"
down_revision: str | None = None
branch_labels = None
depends_on = None

metadata = sa.MetaData()

sa.Table(
    "tables", metadata,
    sa.Column("id", sa.Integer, primary_key=True),
    sa.Column("game", sa.String(64), nullable=False),
    sa.Column("version", sa.Integer, nullable=False),
    sa.Column("options", sa.JSON, nullable=False),
    sa.Column("seed", sa.String(64), nullable=False),
    sa.Column("seats", sa.JSON, nullable=False),
    sa.Column("delay", sa.Float, nullable=True),
    sa.Column("status", sa.String(16), nullable=False, index=True),
    sa.Column("moves", sa.Integer, nullable=False),
    sa.Column("scores", sa.JSON, nullable=False),
    sa.Column("created", sa.DateTime(timezone=True), nullable=False),
    sa.Column("finished", sa.DateTime(timezone=True), nullable=True),
)
sa.Table(
    "moves", metadata,
    sa.Column("table_id", sa.Integer, sa.ForeignKey("tables.id"), primary_key=True),
    sa.Column("move_number", sa.Integer, primary_key=True),
    sa.Column("action", sa.Integer, nullable=False),
)
sa.Table(
    "patience_results", metadata,
    sa.Column("table_id", sa.Integer, sa.ForeignKey("tables.id"), primary_key=True),
    sa.Column("key", sa.String(255), nullable=False, index=True),
    sa.Column("game", sa.String(64), nullable=False, index=True),
    sa.Column("won", sa.Boolean, nullable=False),
    sa.Column("score", sa.Integer, nullable=False),
    sa.Column("finished", sa.DateTime(timezone=True), nullable=False),
)
sa.Table(
    "events", metadata,
    sa.Column("id", sa.Integer, primary_key=True),
    sa.Column("version", sa.Integer, nullable=False),
    sa.Column("options", sa.JSON, nullable=False),
    sa.Column("seed", sa.String(64), nullable=False),
    sa.Column("seating", sa.JSON, nullable=False),
    sa.Column("places", sa.JSON, nullable=False),
    sa.Column("host_hash", sa.String(64), nullable=False),
    sa.Column("join_hash", sa.String(64), nullable=False),
    sa.Column("level", sa.String(32), nullable=False),
    sa.Column("delay", sa.Float, nullable=True),
    sa.Column("time_limit", sa.Float, nullable=True),
    sa.Column("deadline", sa.DateTime(timezone=True), nullable=True),
    sa.Column("status", sa.String(16), nullable=False, index=True),
    sa.Column("steps", sa.Integer, nullable=False),
    sa.Column("created", sa.DateTime(timezone=True), nullable=False),
    sa.Column("finished", sa.DateTime(timezone=True), nullable=True),
)
sa.Table(
    "event_steps", metadata,
    sa.Column("event_id", sa.Integer, sa.ForeignKey("events.id"), primary_key=True),
    sa.Column("number", sa.Integer, primary_key=True),
    sa.Column("step", sa.JSON, nullable=False),
)


def upgrade() -> None:
    """Create the tables that are missing, with their indexes, once the
    tables there are known to be parlour's (a database shared with another
    program may have an ``events`` or a ``tables`` of its own, which no
    later revision may alter)."""
    bind = op.get_bind()
    inspector = sa.inspect(bind)
    for table in metadata.sorted_tables:
        if not inspector.has_table(table.name):
            continue
        found = {column["name"] for column in inspector.get_columns(table.name)}
        if found != set(table.columns.keys()):
            raise ForeignSchemaError(
                f"it has a table {table.name!r} that parlour did not make (its columns are "
                f"{', '.join(sorted(found))}): give parlour a database of its own")
    metadata.create_all(bind, checkfirst=True)
