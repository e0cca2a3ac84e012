#!/usr/bin/env bash
# What `npm test` needs besides the npm packages, made ready before the first stage runs:
#
# - Chromium for the end-to-end tests (Debian's `chromium`, or the one CHROMIUM_PATH names),
#   and Noto CJK fonts, so that Chinese pages render (and the layout test measures them) with
#   real glyphs, not boxes. Missing ones are installed with apt-get when running as root;
#   otherwise this says what to run and stops.
# - The databases: the API tests always run on PGlite, and again on PostgreSQL at
#   TEST_DATABASE_URL. When that is unset and a server answers at 127.0.0.1:5432 (started
#   here if it is installed but down), that server is used.
#
# scripts/test.sh sources this file and calls both functions; `bash scripts/test-tools.sh`
# runs them alone.

readonly DEBIAN_CHROMIUM=/usr/bin/chromium
readonly LOCAL_POSTGRES_URL=postgres://postgres@127.0.0.1:5432/postgres

# Installs Chromium and the CJK fonts when they are missing (root), or stops and says how.
ensure_browser_and_fonts() {
  local missing=()
  if [ -n "${CHROMIUM_PATH:-}" ]; then
    if [ ! -x "$CHROMIUM_PATH" ]; then
      echo "CHROMIUM_PATH is $CHROMIUM_PATH, which is not an executable file." >&2
      echo "Point it at a Chromium, or unset it to use Debian's (apt-get install chromium)." >&2
      return 1
    fi
  elif [ ! -x "$DEBIAN_CHROMIUM" ]; then
    missing+=(chromium)
  fi
  has_cjk_fonts || missing+=(fonts-noto-cjk)
  [ ${#missing[@]} -eq 0 ] && return 0

  if ! command -v apt-get > /dev/null 2>&1; then
    echo "The browser tests need Chromium and a CJK font (Noto CJK); missing: ${missing[*]}." >&2
    echo "Install them with your system's package manager (set CHROMIUM_PATH to the" >&2
    echo "browser if it is not at $DEBIAN_CHROMIUM), then run npm test again." >&2
    return 1
  fi
  if [ "$(id -u)" -ne 0 ]; then
    echo "The browser tests need Debian packages that are not installed: ${missing[*]}." >&2
    echo "Install them, then run npm test again:" >&2
    echo "  sudo apt-get update && sudo apt-get install -y ${missing[*]}" >&2
    return 1
  fi
  echo "Installing ${missing[*]} from Debian's packages..."
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" > /dev/null
}

# Debian's package, or (elsewhere) any font fontconfig knows for Chinese.
has_cjk_fonts() {
  dpkg -s fonts-noto-cjk > /dev/null 2>&1 && return 0
  command -v fc-list > /dev/null 2>&1 && [ -n "$(fc-list :lang=zh family 2> /dev/null)" ]
}

# Sets TEST_DATABASE_URL for the PostgreSQL pass when a local server can take it, and says
# which databases the tests will run on.
choose_test_databases() {
  if [ -z "${TEST_DATABASE_URL:-}" ]; then
    local reason
    if reason="$(local_postgres)"; then
      export TEST_DATABASE_URL="$LOCAL_POSTGRES_URL"
    else
      echo "$reason"
    fi
  fi
  if [ -n "${TEST_DATABASE_URL:-}" ]; then
    echo "Databases: PGlite, then PostgreSQL at $(without_password "$TEST_DATABASE_URL")."
  else
    echo "Databases: PGlite only (set TEST_DATABASE_URL to add a PostgreSQL pass)."
  fi
}

# Succeeds when PostgreSQL answers at 127.0.0.1:5432 and lets postgres in without a password,
# starting an installed cluster that is down; otherwise prints why not and fails.
local_postgres() {
  if ! command -v pg_isready > /dev/null 2>&1; then
    echo "No PostgreSQL client tools (pg_isready) here."
    return 1
  fi
  if ! pg_isready -q -h 127.0.0.1 -p 5432; then
    local version
    version="$(ls /etc/postgresql 2> /dev/null | sort -V | tail -n 1)"
    if [ -z "$version" ] || ! command -v pg_ctlcluster > /dev/null 2>&1; then
      echo "No PostgreSQL server answers at 127.0.0.1:5432."
      return 1
    fi
    echo "Starting PostgreSQL $version..." >&2
    pg_ctlcluster --skip-systemctl-redirect "$version" main start > /dev/null 2>&1 || true
    for _ in $(seq 1 30); do
      pg_isready -q -h 127.0.0.1 -p 5432 && break
      sleep 1
    done
    if ! pg_isready -q -h 127.0.0.1 -p 5432; then
      echo "PostgreSQL $version is installed but did not start; to include it, start it with"
      echo "  sudo pg_ctlcluster --skip-systemctl-redirect $version main start"
      return 1
    fi
  fi
  # The tests create and drop a database per file, as postgres, without a password (as on a
  # fresh Debian server). Checked here, so a refusal is said now and not after the first pass.
  if command -v psql > /dev/null 2>&1 &&
    ! psql "$LOCAL_POSTGRES_URL" -Atqc 'select 1' > /dev/null 2>&1; then
    echo "PostgreSQL at 127.0.0.1:5432 does not let postgres in without a password; to include"
    echo "it, set TEST_DATABASE_URL=postgres://<user>:<password>@127.0.0.1:5432/postgres"
    echo "(a user that may create databases)."
    return 1
  fi
}

without_password() {
  printf '%s' "$1" | sed -E 's#^([a-z]+://[^:/@]+):[^@]*@#\1:***@#'
}

if [ "${BASH_SOURCE[0]}" = "$0" ]; then
  set -euo pipefail
  ensure_browser_and_fonts
  choose_test_databases
fi
