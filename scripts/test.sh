#!/usr/bin/env bash
# The whole test suite, as README's `npm test` and CI run it: first what it needs
# (Chromium and CJK fonts, installed when missing; PostgreSQL when a local server answers:
# scripts/test-tools.sh), then lint, types, catalogs, unit and API tests on PGlite (and on
# PostgreSQL), the production build, and the end-to-end tests in Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."

# Each stage's header says when it started (seconds since the suite began), so a slow CI
# run shows which stage took the time.
step() { printf '\n=== %s (at %d s) ===\n' "$1" "$SECONDS"; }

step "test tools and databases"
source scripts/test-tools.sh
ensure_browser_and_fonts
choose_test_databases

step "lint"
npm run --silent lint
step "type check"
npm run --silent typecheck
step "catalogs"
npm run --silent i18n:check
step "unit and API tests (PGlite)"
env -u TEST_DATABASE_URL npx vitest run
if [ -n "${TEST_DATABASE_URL:-}" ]; then
  step "API and hostile tests (PostgreSQL)"
  npx vitest run tests/api tests/hostile
else
  echo "(no PostgreSQL: skipping the PostgreSQL pass)"
fi
step "build"
npm run --silent build
step "end-to-end (Chromium)"
chromium="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$chromium" ]; then
  CHROMIUM_PATH="$chromium" npx playwright test
  # The end-to-end server has stopped; its embedded database now holds every trade the
  # browser placed. Every settled outcome must re-derive from the recorded ticks, and the
  # ledger must balance.
  step "trades verify and ledger check (end-to-end data)"
  e2e_data="${E2E_DATA_DIR:-${TMPDIR:-/tmp}/tradewallet-e2e}"
  DATA_DIR="$e2e_data" DATABASE_URL= npm run --silent trades:verify
  DATA_DIR="$e2e_data" DATABASE_URL= npm run --silent ledger:check
  step "end-to-end: every machine in the Stately inspector (a VITE_INSPECT=1 build)"
  CHROMIUM_PATH="$chromium" npx playwright test -c playwright.inspector.config.ts
else
  echo "No Chromium at $chromium: install it (apt-get install -y chromium) or set CHROMIUM_PATH." >&2
  exit 1
fi
echo
echo "All test stages passed in $SECONDS s."
