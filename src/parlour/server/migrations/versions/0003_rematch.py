"""The answers to a finished table's rematch.

Revision ID: 0003
Revises: 0002

``tables.rematch`` holds the answers given to the rematch of a finished
table and the new table once it is made (:class:`parlour.server.rematch.Rematch`);
it is ``NULL`` until somebody answers, as it is for every table already
there.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add the column."""
    op.add_column("tables", sa.Column("rematch", sa.JSON, nullable=True))
