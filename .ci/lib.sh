# Sourced by the CI and benchmark scripts that drive a running `kiosk serve` with a peer tool.

# pinned_venv DIR REQUIREMENT...: a virtual environment in DIR (under .build) holding exactly
# these pinned PyPI packages ("asyncssh==2.24.1"), made again only when the pins change.
pinned_venv() {
    local venv=$1; shift
    local pins; pins=$(printf '%s\n' "$@" | sort)
    [ "$(cat "$venv/kiosk-pins" 2>/dev/null)" = "$pins" ] && return 0
    rm -rf "$venv"
    python3 -m venv "$venv"
    "$venv/bin/pip" install -q "$@"
    printf '%s\n' "$pins" >"$venv/kiosk-pins"
}

# wait_for_line FILE PATTERN PID [NAME]: waits (up to 30 s) until the output FILE of the server
# PID has a line matching PATTERN (a grep regex); fails naming the server if it exits or never does.
wait_for_line() {
    local file=$1 pattern=$2 pid=$3 name=${4:-kiosk serve}
    for _ in $(seq 1 300); do
        grep -q "$pattern" "$file" 2>/dev/null && return 0
        kill -0 "$pid" 2>/dev/null || { echo "$name exited before printing '$pattern'" >&2; return 1; }
        sleep 0.1
    done
    echo "$name printed no '$pattern' in 30 s" >&2
    return 1
}
