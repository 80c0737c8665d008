#!/usr/bin/env bash
# The end-to-end tests drive Debian's Chromium (browser downloads do not work here).
set -euo pipefail
chromium="${CHROMIUM_PATH:-/usr/bin/chromium}"
[ -x "$chromium" ] && exit 0
if [ "$(id -u)" = 0 ]; then
  echo "Chromium is missing: installing Debian's chromium package (apt-get)..."
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  [ -x "$chromium" ] || { echo "apt-get installed chromium, but $chromium is still missing." >&2; exit 1; }
else
  echo "Chromium is missing: run 'sudo apt-get install -y chromium', then run the tests again." >&2
  exit 1
fi
