#!/usr/bin/env bash
# A throwaway PostgreSQL cluster for the tests, usable by CI and by a developer.
#
#   url=$(bash .ci/postgres.sh start)     # prints postgres://kiosk@localhost:PORT/kiosk?host=DIR
#   export KIOSK_TEST_POSTGRES_URL="$url"
#   bash .ci/postgres.sh stop "$url"      # stops the cluster and deletes DIR
#   bash .ci/postgres.sh pause "$url"     # stops the server, keeping its data (an outage)
#   bash .ci/postgres.sh resume "$url"    # starts it again on the same socket
#
# Tests run it with fsync off (nothing outlives them); `KIOSK_POSTGRES_FSYNC=on` keeps the
# server's durability for benchmarks.
#
# The cluster lives in a new `mktemp -d` directory and listens on a Unix socket in that directory
# only (no TCP), so it can clash with nothing: the port merely names the socket file. It trusts
# every local connection except members of the role `kiosk_password_users`, who must give a
# SCRAM password, so the tests can check what a wrong password does, and allows local replication
# connections, so `.ci/postgres-standby.sh` can make a standby from it. The server refuses to run
# as root: as root the directory belongs to the `postgres` system user and the commands run as it.
set -euo pipefail

bin_dir() {
    local dir
    for dir in /usr/lib/postgresql/*/bin; do
        [ -x "$dir/initdb" ] && { echo "$dir"; return; }
    done
    command -v initdb >/dev/null 2>&1 && { dirname "$(command -v initdb)"; return; }
    echo "postgres.sh: initdb not found; install PostgreSQL 15 or later (apt-get install postgresql)" >&2
    exit 69
}

# Runs a command as the cluster's owner: `postgres` when we are root, else ourselves.
as_owner() {
    if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

start() {
    local bin port
    bin=$(bin_dir)
    started_dir=$(mktemp -d /tmp/kiosk-postgres.XXXXXX)
    # Whatever fails from here on, nothing is left running or on disk.
    trap 'status=$?; [ $status -eq 0 ] || { cat "$started_dir"/*.log >&2 2>/dev/null; stop "$started_dir"; }' EXIT
    chmod 700 "$started_dir"
    [ "$(id -u)" -eq 0 ] && chown postgres: "$started_dir"
    port=$(( 20000 + RANDOM % 10000 ))
    as_owner "$bin/initdb" -D "$started_dir/db" -U kiosk -A trust --no-sync >"$started_dir/initdb.log" 2>&1
    as_owner sh -c "printf '%s\n' \
        'local all +kiosk_password_users scram-sha-256' \
        'local all all trust' 'local replication all trust' > '$started_dir/db/pg_hba.conf'"
    serve "$bin" "$started_dir" "$port"
    as_owner "$bin/psql" -h "$started_dir" -p "$port" -U kiosk -d postgres -v ON_ERROR_STOP=1 -q \
        -c "CREATE ROLE kiosk_password_users NOLOGIN" -c "CREATE DATABASE kiosk" >/dev/null
    echo "postgres://kiosk@localhost:$port/kiosk?host=$started_dir"
}

# Starts the server of the cluster in $2 on the socket named by port $3.
serve() {
    as_owner "$1/pg_ctl" -D "$2/db" -l "$2/server.log" -w \
        -o "-k $2 -p $3 -c listen_addresses='' -c fsync=${KIOSK_POSTGRES_FSYNC:-off}" start >/dev/null
}

# The cluster directory of the URL `start` printed, refusing any directory it did not make.
cluster_dir() {
    local target=${1:?usage: postgres.sh stop|pause|resume URL} dir
    dir=${target##*host=}
    dir=${dir%%&*}
    case "$dir" in
        /tmp/kiosk-postgres.*) echo "$dir" ;;
        *) echo "postgres.sh: $dir is not a directory this script made" >&2; exit 64 ;;
    esac
}

# Takes the URL `start` printed (or its socket directory).
stop() {
    local target=${1:?usage: postgres.sh stop URL-or-DIR} dir
    dir=${target##*host=}
    dir=${dir%%&*}
    case "$dir" in
        /tmp/kiosk-postgres.*) ;;
        *) echo "postgres.sh: $dir is not a directory this script made" >&2; exit 64 ;;
    esac
    if [ -f "$dir/db/postmaster.pid" ]; then
        as_owner "$(bin_dir)/pg_ctl" -D "$dir/db" -m immediate stop >/dev/null
    fi
    rm -rf "$dir"
}

case "${1:-}" in
    start) start ;;
    stop) stop "${2:-}" ;;
    pause) dir=$(cluster_dir "${2:-}"); as_owner "$(bin_dir)/pg_ctl" -D "$dir/db" -m immediate stop >/dev/null ;;
    resume)
        dir=$(cluster_dir "${2:-}"); port=${2##*localhost:}; port=${port%%/*}
        serve "$(bin_dir)" "$dir" "$port" ;;
    *) echo "usage: postgres.sh start | stop URL-or-DIR | pause URL | resume URL" >&2; exit 64 ;;
esac
