"""Players, open seats, clocks, chat and ratings.

Revision ID: 0006
Revises: 0005

New tables: ``players`` (a display name and the hash of a private key),
``table_seats`` (which player sits where, and his place once the match is
over), ``chat_messages`` and ``ratings`` (per game and subject). New columns
of ``tables``: the clock and its running part, the deadline of the seat to
move, the seat that forfeited on time, whether the match is rated, its
rating changes, and whether spectators may chat. The tables already there
keep no clock, are not rated and let no spectator chat. An open seat needs
no column: it is a seat of kind ``open`` in the seats' JSON.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add the tables and the columns."""
    op.create_table(
        "players",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("name_key", sa.String(128), nullable=False, unique=True),
        sa.Column("key_hash", sa.String(64), nullable=False, unique=True),
        sa.Column("device_hash", sa.String(64), nullable=True, unique=True),
        sa.Column("device_expires", sa.DateTime(timezone=True), nullable=True),
        sa.Column("muted", sa.JSON, nullable=False),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
        sa.Column("seen", sa.DateTime(timezone=True), nullable=True),
    )
    op.create_table(
        "table_seats",
        sa.Column("table_id", sa.Integer, sa.ForeignKey("tables.id"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("player_id", sa.Integer, sa.ForeignKey("players.id"), nullable=False,
                  index=True),
        sa.Column("place", sa.Integer, nullable=True),
    )
    op.create_table(
        "chat_messages",
        sa.Column("table_id", sa.Integer, sa.ForeignKey("tables.id"), primary_key=True),
        sa.Column("number", sa.Integer, primary_key=True),
        sa.Column("seat", sa.Integer, nullable=True),
        sa.Column("player_id", sa.Integer, sa.ForeignKey("players.id"), nullable=True),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("text", sa.String(500), nullable=False),
        sa.Column("move_number", sa.Integer, nullable=False),
        sa.Column("sent", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "ratings",
        sa.Column("game", sa.String(64), primary_key=True),
        sa.Column("subject", sa.String(80), primary_key=True),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("matches", sa.Integer, nullable=False),
        sa.Column("updated", sa.DateTime(timezone=True), nullable=False),
    )
    op.add_column("tables", sa.Column("clock", sa.JSON, nullable=True))
    op.add_column("tables", sa.Column("clock_state", sa.JSON, nullable=True))
    op.add_column("tables", sa.Column("deadline", sa.DateTime(timezone=True), nullable=True))
    op.create_index("ix_tables_deadline", "tables", ["deadline"])
    op.add_column("tables", sa.Column("forfeited", sa.Integer, nullable=True))
    op.add_column("tables", sa.Column(
        "rated", sa.Boolean, nullable=False, server_default=sa.false()))
    op.add_column("tables", sa.Column("ratings", sa.JSON, nullable=True))
    op.add_column("tables", sa.Column(
        "spectator_chat", sa.Boolean, nullable=False, server_default=sa.false()))
