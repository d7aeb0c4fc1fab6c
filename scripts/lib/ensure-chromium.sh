#!/usr/bin/env bash
# Finds a Chromium for Playwright, in e2e/support/browser.ts's order: CHROMIUM_PATH, Playwright's own browser when one
# was installed (`npx playwright install chromium`, e.g. on macOS), Debian's chromium — installing Debian's package
# when none is found (docs/DEVELOPMENT.md: Playwright's own browser download cannot work on these machines). Exports
# CHROMIUM_PATH.
ensure_chromium() {
  local c own
  # a CHROMIUM_PATH that is set must be a browser: a wrong path is an error, not a silent fallback (as in browser.ts)
  if [[ -n "${CHROMIUM_PATH:-}" ]]; then
    if [[ -x "$CHROMIUM_PATH" && ! -d "$CHROMIUM_PATH" ]]; then export CHROMIUM_PATH; return 0; fi
    echo "✗ CHROMIUM_PATH=$CHROMIUM_PATH is not an executable file" >&2; return 1
  fi
  own=$(cd e2e 2>/dev/null && node -e "process.stdout.write(require('@playwright/test').chromium.executablePath())" 2>/dev/null || true)
  for c in "$own" /usr/lib/chromium/chromium /usr/bin/chromium /usr/bin/chromium-browser; do
    if [[ -n "$c" && -x "$c" ]]; then export CHROMIUM_PATH="$c"; return 0; fi
  done
  echo "› No Chromium found: installing Debian's chromium package (about a minute)…"
  local sudo=""
  if [[ $(id -u) -ne 0 ]]; then
    if command -v sudo >/dev/null 2>&1; then sudo="sudo -n"; else
      echo "✗ Chromium is missing and this user cannot install it. Run: apt-get install -y chromium" >&2; return 1
    fi
  fi
  DEBIAN_FRONTEND=noninteractive $sudo apt-get update -qq >/dev/null
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq chromium >/dev/null
  for c in /usr/lib/chromium/chromium /usr/bin/chromium; do
    if [[ -x "$c" ]]; then export CHROMIUM_PATH="$c"; return 0; fi
  done
  echo "✗ chromium installed but no binary found" >&2; return 1
}
