#!/usr/bin/env bash
# Install everything the tests need (in .venv) and run every test: engines, notebooks (nbval)
# and real-browser tests (JupyterLab in headless Chromium); then the engine tests and a browser
# smoke test again at the lowest versions pyproject.toml allows (.venv-floors; without the stress
# tests of tests/hardening). .venv runs on the
# newest supported Python found, .venv-floors on the oldest, so both ends of requires-python are
# tested without a second full run. Extra arguments go to both pytest runs in .venv.
set -euo pipefail
cd "$(dirname "$0")/.."

# Pythons: python3 and python3.11 ... python3.15 on PATH, and every CPython that pyenv has (its
# shims only run the versions it has selected). Kept: those that the package supports (3.11 or
# newer) and that can make a venv with pip. Each line: "version<TAB>interpreter<TAB>base prefix".
found_pythons() {
  local candidates=(python3 python3.11 python3.12 python3.13 python3.14 python3.15) root
  if command -v pyenv >/dev/null 2>&1 && root="$(pyenv root 2>/dev/null)"; then
    candidates+=("$root"/versions/[0-9]*/bin/python3)
  fi
  for candidate in "${candidates[@]}"; do
    command -v "$candidate" >/dev/null 2>&1 || continue
    "$candidate" -c 'import sys
if sys.version_info >= (3, 11):
    import ensurepip, ssl, venv  # noqa: F401 (what making a venv and installing into it need)
    print("%d.%d.%d" % sys.version_info[:3], sys.executable, sys.base_prefix, sep="\t")' 2>/dev/null || true
  done | sort -t "$(printf '\t')" -k3,3 -u | sort -V
}
# "version<TAB>base prefix" of the Python that made venv $1 (empty if it does not run)
venv_python() {
  "$1/bin/python" -c 'import sys; print("%d.%d.%d" % sys.version_info[:3], sys.base_prefix, sep="\t")' 2>/dev/null || true
}
pythons="$(found_pythons)"
if [ -z "$pythons" ]; then
  echo "scripts/test.sh needs Python 3.11 or newer with venv and pip (on Debian: apt-get install python3-venv)" >&2
  exit 1
fi
IFS=$'\t' read -r NEWEST_VERSION NEWEST NEWEST_PREFIX <<<"$(tail -n 1 <<<"$pythons")"
IFS=$'\t' read -r OLDEST_VERSION OLDEST OLDEST_PREFIX <<<"$(head -n 1 <<<"$pythons")"
echo "== Pythons found (3.11 or newer): $(cut -f1 <<<"$pythons" | paste -sd ' ')"
echo "== .venv: Python $NEWEST_VERSION ($NEWEST), the newest found"
if [ "${ZW_SKIP_FLOORS:-0}" != "1" ]; then
  echo "== .venv-floors: Python $OLDEST_VERSION ($OLDEST), the oldest found"
fi

if [ ! -x /usr/bin/chromium ]; then
  echo "== installing Debian's chromium for the browser tests"
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  $SUDO apt-get install -y -qq chromium >/dev/null
fi

if [ "$(venv_python .venv)" != "$NEWEST_VERSION"$'\t'"$NEWEST_PREFIX" ]; then
  echo "== making .venv with Python $NEWEST_VERSION"
  "$NEWEST" -m venv --clear .venv
fi
echo "== installing zongshi_widgets with its test extra into .venv"
.venv/bin/python -m pip install -q --disable-pip-version-check -e ".[test]"

echo "== ruff"
.venv/bin/python -m ruff check .

# engines, widgets and notebooks on both cores (a notebook's cells stay together: loadfile);
# then the real-browser tests, also on two workers, each with its own JupyterLab and Chromium
# (a file's tests stay together; they wait on conditions, so a busy machine makes them slower,
# not red)
# the learner's progress file: every pytest run (the notebooks' kernels included) keeps it in a
# fresh temporary file that conftest.py makes, never in the home folder
echo "== pytest: engines, widgets, notebooks (nbval)"
.venv/bin/python -m pytest tests notebooks --nbval-lax --ignore=tests/browser -n 2 --dist loadfile -p no:cacheprovider "$@"
echo "== pytest: real-browser tests (JupyterLab in headless Chromium)"
.venv/bin/python -m pytest tests/browser -n 2 --dist loadfile -p no:cacheprovider "$@"

# The lowest versions pyproject.toml allows, so that a floor that stops working is caught: a second
# venv with every declared floor pinned (constraints derived from pyproject.toml by
# scripts/floors.py), reused while those floors stay the same. ZW_SKIP_FLOORS=1 skips this step.
if [ "${ZW_SKIP_FLOORS:-0}" = "1" ]; then
  echo "== declared floors: skipped (ZW_SKIP_FLOORS=1)"
  exit 0
fi
constraints="$(mktemp)"
trap 'rm -f "$constraints"' EXIT
.venv/bin/python scripts/floors.py constraints > "$constraints"
# reused while the floors and the Python it was made with stay the same
printf '# python: %s\t%s\n' "$OLDEST_VERSION" "$OLDEST_PREFIX" >> "$constraints"
if [ "$(venv_python .venv-floors)" = "$OLDEST_VERSION"$'\t'"$OLDEST_PREFIX" ] && cmp -s "$constraints" .venv-floors/zw-floors.txt; then
  echo "== declared floors: reusing .venv-floors (Python $OLDEST_VERSION)"
else
  echo "== declared floors: installing them into .venv-floors (Python $OLDEST_VERSION)"
  "$OLDEST" -m venv --clear .venv-floors
  .venv-floors/bin/python -m pip install -q --disable-pip-version-check -c "$constraints" -e ".[test]"
  cp "$constraints" .venv-floors/zw-floors.txt  # written last: an interrupted install is redone
fi
# The floors run everything that meets a dependency or the oldest Python (engines, bots, lab,
# widgets, lessons, packaging) but not the stress tests of tests/hardening: those are long random
# games and sessions, pure engine work that the run in .venv has just done.
echo "== declared floors: the tests but the stress tests, and a browser smoke test"
.venv-floors/bin/python -m pytest tests --ignore=tests/browser --ignore=tests/hardening -n 2 --dist loadfile -q -p no:cacheprovider
.venv-floors/bin/python -m pytest tests/browser/test_floor_smoke.py -q -p no:cacheprovider
