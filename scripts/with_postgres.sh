#!/usr/bin/env bash
# Run a command with PARLOUR_TEST_DATABASE_URL set to a throwaway PostgreSQL
# cluster, made for it and removed after it: trust authentication, a Unix
# socket in its own folder and no TCP port, no fsync (nothing in it outlives
# the run). PostgreSQL refuses to run as root: then it runs as the user
# `postgres` (Debian's package makes it; made here if missing).
#
#   bash scripts/with_postgres.sh COMMAND [ARGUMENT ...]
#
# Exits 3, saying so, when this machine has no PostgreSQL server programs
# (Debian: apt-get install postgresql); otherwise with the command's status.
set -euo pipefail

# The folder of PostgreSQL's server programs: beside a pg_ctl on the PATH,
# or where Debian's package puts them (the newest version first).
postgres_programs() {
    local folder
    for folder in "$(dirname "$(command -v pg_ctl || echo /none/pg_ctl)")" \
            $(printf '%s\n' /usr/lib/postgresql/*/bin | sort -rV); do
        if [ -x "$folder/initdb" ] && [ -x "$folder/pg_ctl" ] && [ -x "$folder/postgres" ]; then
            echo "$folder"
            return 0
        fi
    done
    return 1
}

if [ "${1:-}" = "--check" ]; then
    postgres_programs >/dev/null
    exit
fi
if [ $# -eq 0 ]; then
    echo "usage: bash scripts/with_postgres.sh COMMAND [ARGUMENT ...]" >&2
    exit 2
fi
if ! programs="$(postgres_programs)"; then
    echo "with_postgres.sh: no PostgreSQL server programs (initdb, pg_ctl, postgres) on this" \
         "machine: install Debian's postgresql" >&2
    exit 3
fi

# (/tmp: the user postgres must reach it, and a socket's path must be short)
cluster="$(mktemp -d /tmp/parlour-postgres.XXXXXX)"
as_owner=()
if [ "$(id -u)" -eq 0 ]; then
    id -u postgres >/dev/null 2>&1 || useradd --system --no-create-home postgres
    chown postgres "$cluster"
    as_owner=(runuser -u postgres --)
fi
stop_cluster() {
    ${as_owner[@]+"${as_owner[@]}"} "$programs/pg_ctl" --pgdata="$cluster/data" \
        --mode=immediate stop >/dev/null 2>&1 || true
    rm -rf "$cluster"
}
trap stop_cluster EXIT
${as_owner[@]+"${as_owner[@]}"} "$programs/initdb" --pgdata="$cluster/data" --username=parlour \
    --auth=trust --encoding=UTF8 --no-locale --no-sync >"$cluster/initdb.log"
${as_owner[@]+"${as_owner[@]}"} "$programs/pg_ctl" --pgdata="$cluster/data" \
    --log="$cluster/server.log" --wait --options="-k $cluster -c listen_addresses='' \
-c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200" start \
    >/dev/null || { cat "$cluster/server.log"; exit 1; }
PARLOUR_TEST_DATABASE_URL="postgresql+psycopg://parlour@/postgres?host=$cluster" "$@"
