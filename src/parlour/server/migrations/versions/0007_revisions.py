"""A revision number on every table and party, for several server processes.

Revision ID: 0007
Revises: 0006

``revision`` counts the committed changes of a table (or a party): every
write of its row adds one, in the transaction that writes it. A server
process that keeps the table in memory knows by it whether its copy is
behind the database, as when another process applied a move
(docs/cluster.md). The rows already there start at 0.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add the two columns."""
    for table in ("tables", "events"):
        op.add_column(table, sa.Column(
            "revision", sa.Integer, nullable=False, server_default=sa.text("0")))

