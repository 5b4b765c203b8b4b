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

# The PyPI peer tools CI drives Kiosk with, each pinned, in one table so that .ci/run can make
# every venv while the build runs. peer_venv NAME makes (or reuses) NAME's venv and sets $venv.
peer_tools="apple-verifier webhooks metrics schemathesis ssh"
peer_venv() {
    case $1 in
        apple-verifier) venv=.build/apple-verifier-venv; pinned_venv "$venv" "app-store-server-library==3.1.2" ;;
        webhooks) venv=.build/ci-webhooks-venv; pinned_venv "$venv" "standardwebhooks==1.1.0" ;;
        metrics) venv=.build/metrics-venv; pinned_venv "$venv" "prometheus-client==0.26.0" ;;
        schemathesis) venv=.build/schemathesis-venv; pinned_venv "$venv" "schemathesis==4.32.5" ;;
        ssh) venv=.build/ssh-venv; pinned_venv "$venv" "asyncssh==2.24.1" ;;
        ssh-bench) venv=.build/ssh-bench-venv; pinned_venv "$venv" "asyncssh==2.24.1" "pyte==0.8.2" ;;
        *) echo "peer_venv: no peer tool named $1" >&2; return 64 ;;
    esac
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
