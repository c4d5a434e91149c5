"""A table's creator's token and its hints switch.

Revision ID: 0005
Revises: 0004

``creator_hash`` is ``NULL`` for the tables already there: nobody was given
a creator's link for them, so their seats stay as they are. ``hints`` is
true for them, as every table had hints before this revision. A seat's
display name needs no column: it is kept in the seat's JSON (``name``).
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add the two columns."""
    op.add_column("tables", sa.Column("creator_hash", sa.String(64), nullable=True))
    op.add_column("tables", sa.Column(
        "hints", sa.Boolean, nullable=False, server_default=sa.true()))
