#!/usr/bin/env bash
# Issue 38: the Debian package. Builds it from the debug binary `swift test` made (the script's
# --binary), with its man pages, shows it with dpkg-deb, lints it (no lintian errors), extracts it into a temporary
# root, runs the extracted kiosk (--version, then status on a fresh data directory) and verifies
# its systemd unit where systemd-analyze is present.
set -euo pipefail
cd "$(dirname "$0")/.."

kiosk=.build/debug/kiosk
[ -x "$kiosk" ] || { echo "package: $kiosk is not built" >&2; exit 1; }

deb=$(scripts/package-deb --binary "$kiosk" --output .build/deb)
dpkg-deb --info "$deb"
dpkg-deb --contents "$deb" | tee "$(dirname "$deb")/contents.txt"
for page in kiosk.1.gz kiosk.serve.1.gz kiosk.qa.run.1.gz; do
    grep -q "usr/share/man/man1/$page\$" "$(dirname "$deb")/contents.txt" \
        || { echo "package: man page $page is missing" >&2; exit 1; }
done
lintian --fail-on error "$deb"

root=$(mktemp -d)
data=$(mktemp -d)
trap 'rm -rf "$root" "$data"' EXIT
dpkg -x "$deb" "$root"
# A package of the debug binary carries no path to the toolchain's Swift runtime (a release
# build links it in), so the extracted binary is pointed at it here.
export LD_LIBRARY_PATH=/opt/swift/usr/lib/swift/linux
"$root/usr/bin/kiosk" --version
# `status` is a read and never creates a store (issue 41): the packaged binary makes one first.
"$root/usr/bin/kiosk" store reset --data-dir "$data/fresh"
"$root/usr/bin/kiosk" status --data-dir "$data/fresh"
# `kiosk` hands the server's commands to the installed kiosk-server beside it.
"$root/usr/bin/kiosk" accounts create --data-dir "$data/fresh" --email packaged@example.com --name Packaged
if command -v systemd-analyze >/dev/null 2>&1; then
    # The unit as installed, with its ExecStart pointed at the extracted binary (this machine has
    # no /usr/bin/kiosk); man pages are not installed here, so their links are not looked up.
    sed "s|/usr/bin/kiosk|$root/usr/bin/kiosk|" "$root/usr/lib/systemd/system/kiosk.service" >"$data/kiosk.service"
    systemd-analyze verify --man=no "$data/kiosk.service"
fi
echo "package: $deb checked"
