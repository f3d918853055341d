#!/usr/bin/env bash
# What the test suite needs from the machine that npm does not bring: a Chromium for the browser tests
# (Playwright never downloads one) and a Chinese font, so screenshots of the Chinese screens are legible.
# `npm test` and `npm run test:e2e` run this first, and so does CI (through `npm test`): one place knows it.
# Missing pieces are installed with Debian's apt-get when this user may (root, or sudo without a password);
# otherwise it stops at once with one line saying what to install.
set -uo pipefail

chromium_path="${CHROMIUM_PATH:-/usr/bin/chromium}"

has_chinese_font() {
  if command -v fc-list >/dev/null 2>&1; then
    fc-list :lang=zh 2>/dev/null | grep -q .
  else
    compgen -G '/usr/share/fonts/truetype/wqy/*' >/dev/null
  fi
}

missing_packages() {
  local missing=()
  [ -x "$chromium_path" ] || missing+=(chromium)
  has_chinese_font || missing+=(fonts-wqy-zenhei)
  echo "${missing[@]}"
}

refuse() {
  echo "npm test stopped before running anything: this machine lacks Debian's $missing (Chromium at $chromium_path for the browser tests, a Chinese font for their screenshots) and $1; install with \`sudo apt-get install -y $missing\` (or set CHROMIUM_PATH to a Chromium you have)" >&2
  exit 1
}

missing="$(missing_packages)"
[ -z "$missing" ] && exit 0

if [ -n "${CHROMIUM_PATH:-}" ] && [[ "$missing" == *chromium* ]]; then
  refuse "CHROMIUM_PATH=$CHROMIUM_PATH is not an executable"
fi
command -v apt-get >/dev/null 2>&1 || refuse "there is no apt-get to install them"

if [ "$(id -u)" -eq 0 ]; then
  as_root=()
elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
  as_root=(sudo -n)
else
  refuse "this user may not install packages"
fi

echo "Installing what the browser tests need: $missing" >&2
# shellcheck disable=SC2086 # the package names are words
if ! { "${as_root[@]}" apt-get update -qq &&
  "${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq -o DPkg::Lock::Timeout=300 $missing >/dev/null; }; then
  refuse "apt-get could not install them"
fi
[ -z "$(missing_packages)" ] || refuse "apt-get did not provide them"
