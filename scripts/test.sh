#!/usr/bin/env bash
# The whole suite: types, lint, unit and API tests (SQLite, and PostgreSQL when TEST_DATABASE_URL is
# set), then the browser end-to-end tests in Chromium against the built server.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ -z "${TEST_DATABASE_URL:-}" ]; then
  echo "!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!"
  echo "!! TEST_DATABASE_URL is not set: the API suite runs on SQLite only."
  echo "!! PostgreSQL is NOT tested in this run."
  echo "!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!"
fi

echo "== typecheck"; npx tsc --noEmit -p tsconfig.json
echo "== lint"; npx biome check .
echo "== audit of production dependencies"; npx tsx scripts/audit.ts
echo "== unit and API tests"; TZ=UTC npx vitest run
echo "== build"; npm run build --silent
echo "== end-to-end tests (Chromium)"; TZ=UTC npx playwright test
