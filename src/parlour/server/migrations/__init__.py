"""The Alembic migrations of the web app's database.

:class:`parlour.server.db.Database` runs them to the newest revision
whenever it opens a database (:func:`parlour.server.db.upgrade`); nobody
needs to call the ``alembic`` command. ``env.py`` takes the connection
that ``upgrade`` hands it, and ``versions/`` holds one file per revision:

- ``0001``: the schema as parlour made it with ``create_all`` before
  Alembic (``tables``, ``moves``, ``patience_results``, ``events``,
  ``event_steps``). It creates the tables that are missing, so it turns an
  empty database, a file from before Alembic, and one from before the
  statistics or the parties alike into that schema, leaving the rows there;
- ``0002``: ``tables.seed_chosen``, ``tables.last_move`` and
  ``events.seed_chosen``;
- ``0003``: ``tables.pauses`` (a table's pauses for people to see a trick
  and a hand's result, and the wait in progress).

The revisions have no ``downgrade``: a parlour only ever moves a database
forward, and an older parlour refuses one that a newer one upgraded (keep a
copy of the database from before, to go back). A new revision is a new
file in ``versions/`` whose ``down_revision`` is the newest one's
``revision``; the ORM classes of :mod:`parlour.server.db` must then agree
with the migrated schema, which ``tests/server/test_migrations.py`` checks
on every engine it runs on.
"""
