# browser-deps.sh: installs what the dashboard's browser test needs (sourced by bin/test).
# Expects RELEARN_ROOT (the repository root) to be set by the caller.
#
# relearn_browser_deps: makes sure there is a Chromium (Debian's package, via apt-get as root
# when missing) and the browser test's npm packages (npm ci in server/src/test/browser), then
# exports RELEARN_CHROMIUM and RELEARN_BROWSER_TEST_DIR for the tests. It never fails the run:
# when something cannot be installed it says so, and the browser test then fails naming it.

relearn_find_chromium() {
  if [ -n "${RELEARN_CHROMIUM:-}" ] && [ -x "$RELEARN_CHROMIUM" ]; then
    return 0
  fi
  local candidate
  for candidate in /usr/bin/chromium "$(command -v chromium 2>/dev/null || true)"; do
    if [ -n "$candidate" ] && [ -x "$candidate" ]; then
      RELEARN_CHROMIUM=$candidate
      return 0
    fi
  done
  return 1
}

relearn_install_chromium() {
  relearn_find_chromium && return 0
  if ! command -v apt-get >/dev/null 2>&1 || [ "$(id -u)" != 0 ]; then
    echo "relearn: chromium not found; the browser test needs it (Debian/Ubuntu, as root:" \
      "apt-get install chromium; or set RELEARN_CHROMIUM to a Chromium binary)" >&2
    return 1
  fi
  echo "relearn: chromium not found; installing Debian's chromium with apt-get..." >&2
  export DEBIAN_FRONTEND=noninteractive
  if ! apt-get install -y -q chromium >&2; then
    # a fresh machine may have no (or stale) package lists
    { apt-get update -q && apt-get install -y -q chromium; } >&2 || true
  fi
  relearn_find_chromium && return 0
  echo "relearn: could not install chromium with apt-get (see above)" >&2
  return 1
}

relearn_install_browser_packages() {
  local dir="$RELEARN_ROOT/server/src/test/browser"
  if ! command -v npm >/dev/null 2>&1; then
    echo "relearn: npm not found; the browser test needs Node.js 20+ and npm" >&2
    return 1
  fi
  # package-lock.json is newer than the installed tree's record: reinstall exactly the lock
  if [ -f "$dir/node_modules/.package-lock.json" ] \
      && [ ! "$dir/package-lock.json" -nt "$dir/node_modules/.package-lock.json" ] \
      && [ -d "$dir/node_modules/playwright-core" ]; then
    return 0
  fi
  echo "relearn: installing the browser test's npm packages (npm ci in $dir)..." >&2
  (cd "$dir" && npm ci --no-audit --no-fund >&2) && return 0
  echo "relearn: npm ci failed in $dir (see above)" >&2
  return 1
}

relearn_browser_deps() {
  if relearn_install_chromium; then
    export RELEARN_CHROMIUM
    echo "relearn: browser tests use $RELEARN_CHROMIUM" >&2
  fi
  if relearn_install_browser_packages; then
    export RELEARN_BROWSER_TEST_DIR="$RELEARN_ROOT/server/src/test/browser"
  fi
  return 0
}
