"""A table's pauses for people to see a trick and a hand's result.

Revision ID: 0004
Revises: 0003

``tables.pauses`` holds how long a finished trick stays on the felt and how
long the next hand waits for the people to continue, and the wait in
progress. The tables already there keep ``NULL``: they take the server's
defaults, with nothing waiting.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add ``tables.pauses``."""
    op.add_column("tables", sa.Column("pauses", sa.JSON, nullable=True))
