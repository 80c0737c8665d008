#!/usr/bin/env bash
# Installs Debian's packages with apt-get, one installer at a time. The test suites ask for what they
# need when it is missing (HAProxy, Redis, PostgreSQL, Chromium), and two of them can ask at once on
# a fresh machine: a second apt-get beside the first fails on its lock instead of waiting (the fleet
# suite did, beside the balancer's). So each waits its turn here, then installs only what is still
# missing once it has it.
set -euo pipefail
# The lock is this script itself, opened for reading: no file to create in a folder others can write.
exec 9<"$0"
flock 9
missing=()
for package in "$@"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'install ok installed' || missing+=("$package")
done
[ ${#missing[@]} = 0 ] && exit 0
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
