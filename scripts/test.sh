#!/usr/bin/env bash
# The README's test command (`pnpm test`): format, lint and type checks, every package's tests, then the
# Playwright e2e suite in Chromium.
# - installs Debian's chromium when no browser is found (docs/DEVELOPMENT.md), runs headless;
# - in CI (or with OFW_TEST_POSTGRES=1) starts a throw-away Debian PostgreSQL so join-api's suite runs on
#   Postgres as well as on PGlite.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/ensure-chromium.sh
source scripts/lib/ensure-postgres.sh

log=$(mktemp /tmp/ofw-test.XXXXXX.log)
cleanup() { stop_postgres; rm -f "$log"; }
trap cleanup EXIT

ensure_chromium
echo "› Chromium: $CHROMIUM_PATH"
if [[ -n "${CI:-}" || -n "${OFW_TEST_POSTGRES:-}" ]]; then ensure_postgres; fi

status=0
failed_checks=()
# Static checks first (cheap); a failure fails the run but the tests still run, so one report shows everything.
echo "› Format (prettier --check)"
pnpm run -s format:check || failed_checks+=(format)
echo "› Lint (eslint, type-aware; builds the packages first so their types resolve)"
pnpm run -s lint || failed_checks+=(lint)
echo "› Typecheck (tsc --noEmit in every workspace)"
pnpm exec turbo run typecheck --output-logs=errors-only || failed_checks+=(typecheck)
echo "› Component catalogue (@ofw/ui stories, Ladle build)"
pnpm --filter @ofw/ui run -s catalogue >/dev/null || failed_checks+=(catalogue)
echo "› Dependency audit (pnpm audit: high/critical advisories not in audit-allowlist.json; CONTRIBUTING.md \"Dependency audit\")"
# No report from the registry (offline, or an audit endpoint it retired) prints "✗ audit NOT run" and does not fail
# the run unless OFW_AUDIT_REQUIRED=1 (scripts/audit.mjs).
node scripts/audit.mjs || failed_checks+=(audit)
echo "› Repository checks (workflow YAML, registry policy, the test summary: node --test scripts/test/*.test.mjs)"
# A file glob expanded by bash: Node ≥ 21 reads a directory argument as a glob pattern, Node 20 as a folder. The spec
# reporter's "ℹ pass N" / "ℹ fail N" lines go into the log, so the closing line counts these checks too.
repo_log="$(mktemp)"
# One file at a time: dev-smoke and node-runtime each build with turbo and start the servers (as on a 2-core machine).
# A non-zero exit is marked in the log (summarize-tests.mjs `exitMarker`): with no failing test reported, it crashed.
node --test --test-concurrency=1 --test-reporter=spec scripts/test/*.test.mjs >"$repo_log" 2>&1 || {
  echo "› runner exited: repository-checks $?" >>"$repo_log"
  failed_checks+=(repo-tests)
  status=1
}
cat "$repo_log" >>"$log"
grep -E '^\s*✖|^ℹ (pass|fail) ' "$repo_log" || true
rm -f "$repo_log"
echo "› Release check (publint --strict, attw, changeset version when changesets are pending + publish to a local Verdaccio, installed from it in scratch ESM and CommonJS projects; docs/RELEASING.md)"
release_log="$(mktemp)"
pnpm run -s release:check >"$release_log" 2>&1 || { tail -n 40 "$release_log"; failed_checks+=(release:check); }
grep -E '^› (Release state|Timings)' "$release_log" || true
rm -f "$release_log"

echo "› Unit and integration tests (turbo run test)"
pnpm exec turbo run test --filter='!e2e' --concurrency=1 --continue --output-logs=full 2>&1 | tee -a "$log" || status=1
echo "› End-to-end tests (Playwright, Chromium)"
pnpm exec turbo run test --filter=e2e --output-logs=full 2>&1 | tee -a "$log" || status=1

# One closing line over every runner: vitest prints "Tests  N passed | M failed (T)", Playwright "N passed"; a runner
# that exited non-zero (turbo's "<package>#test: ERROR … exited (N)", the marker above) without a failing test in its
# report crashed: the line says "failed" and names it.
node scripts/lib/summarize-tests.mjs "$log" "$status"
if ((${#failed_checks[@]})); then
  echo "✗ static checks failed: ${failed_checks[*]}"
  status=1
fi
exit $status
