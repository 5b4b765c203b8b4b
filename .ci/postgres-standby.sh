#!/usr/bin/env bash
# `kiosk serve --database URL --migrate-only` against a hot standby must refuse with exit 78 and
# say so, changing nothing. A standby needs a second server streaming from a primary, which the
# Swift tests do not start; this script does, with the binary `swift build` made.
#
#   bash .ci/postgres-standby.sh [path/to/kiosk]     (default .build/debug/kiosk)
set -euo pipefail
cd "$(dirname "$0")/.."
kiosk=${1:-.build/debug/kiosk}

primary_url=$(bash .ci/postgres.sh start)
dir=${primary_url##*host=}
port=${primary_url##*localhost:}
port=${port%%/*}
standby_port=$(( port + 1 ))
bin=$(dirname "$(ls /usr/lib/postgresql/*/bin/pg_ctl | tail -1)")
as_owner() {
    if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}
cleanup() {
    [ -f "$dir/standby/postmaster.pid" ] && as_owner "$bin/pg_ctl" -D "$dir/standby" -m immediate stop >/dev/null
    bash .ci/postgres.sh stop "$primary_url"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

as_owner "$bin/pg_basebackup" --checkpoint=fast -D "$dir/standby" -R -h "$dir" -p "$port" -U kiosk
as_owner "$bin/pg_ctl" -D "$dir/standby" -l "$dir/standby.log" -w \
    -o "-k $dir -p $standby_port -c listen_addresses=''" start >/dev/null

status=0
message=$("$kiosk" serve --database "postgres://kiosk@localhost:$standby_port/kiosk?host=$dir" --migrate-only 2>&1) || status=$?
tables=$(as_owner "$bin/psql" -h "$dir" -p "$port" -U kiosk -d kiosk -tAc \
    "SELECT count(*) FROM information_schema.tables WHERE table_schema = 'public'")
if [ "$status" -ne 78 ] || [[ "$message" != *"hot standby"* ]] || [ "$tables" -ne 0 ]; then
    echo "FAIL: against a hot standby kiosk exited $status (expected 78), said: $message; tables on the primary: $tables" >&2
    exit 1
fi
echo "ok: a hot standby is refused with exit 78: $message"
