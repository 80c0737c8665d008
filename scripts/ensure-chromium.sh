#!/usr/bin/env bash
# The end-to-end tests drive Debian's Chromium (browser downloads do not work here), and the
# dashboard PDF prints Chinese with Debian's Noto Sans CJK (the Docker image installs the same).
set -euo pipefail
chromium="${CHROMIUM_PATH:-/usr/bin/chromium}"
font="${PDF_FONT_PATH:-/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc}"
missing=()
[ -x "$chromium" ] || missing+=(chromium)
[ -f "$font" ] || missing+=(fonts-noto-cjk)
[ ${#missing[@]} = 0 ] && exit 0
if [ "$(id -u)" = 0 ]; then
  echo "Missing ${missing[*]}: installing Debian's packages (apt-get)..."
  bash "$(dirname "$0")/apt-install.sh" "${missing[@]}"
  [ -x "$chromium" ] || { echo "apt-get installed chromium, but $chromium is still missing." >&2; exit 1; }
  [ -f "$font" ] || { echo "apt-get installed fonts-noto-cjk, but $font is still missing." >&2; exit 1; }
else
  echo "Missing ${missing[*]}: run 'sudo apt-get install -y ${missing[*]}', then run the tests again." >&2
  exit 1
fi
