"""Whether a table's or party's creator chose its seed; a table's last move.

Revision ID: 0002
Revises: 0001

``seed_chosen`` is false for the tables and parties already there: before
this revision nobody was told that a seed was chosen, and whether one was
is not recorded. A table's ``last_move`` is the time of its last move; for
the tables already there it is not known, so a finished table takes the
time it finished (its last move finished it), a table being played with
at least one move takes the time of the upgrade (so that none looks
abandoned for longer than it is), and a table without moves keeps ``NULL``.
"""

from __future__ import annotations

from datetime import UTC, datetime

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add the three columns and fill ``last_move`` as far as it is known."""
    op.add_column("tables", sa.Column(
        "seed_chosen", sa.Boolean, nullable=False, server_default=sa.false()))
    op.add_column("tables", sa.Column("last_move", sa.DateTime(timezone=True), nullable=True))
    op.add_column("events", sa.Column(
        "seed_chosen", sa.Boolean, nullable=False, server_default=sa.false()))
    tables = sa.table(
        "tables", sa.column("moves", sa.Integer),
        sa.column("finished", sa.DateTime(timezone=True)),
        sa.column("last_move", sa.DateTime(timezone=True)),
    )
    op.execute(tables.update().where(tables.c.finished.is_not(None))
               .values(last_move=tables.c.finished))
    op.execute(tables.update().where(tables.c.finished.is_(None), tables.c.moves > 0)
               .values(last_move=datetime.now(UTC)))
