#!/usr/bin/env bash
# Install everything the tests need (in .venv) and run every test: engines, notebooks (nbval)
# and real-browser tests (JupyterLab in headless Chromium); then the engine tests and a browser
# smoke test again at the lowest versions pyproject.toml allows (.venv-floors). Extra arguments go
# to both pytest runs in .venv.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ ! -x /usr/bin/chromium ]; then
  echo "== installing Debian's chromium for the browser tests"
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  $SUDO apt-get install -y -qq chromium >/dev/null
fi

if [ ! -x .venv/bin/python ]; then
  python3 -m venv .venv
fi
echo "== installing zongshi_widgets with its test extra into .venv"
.venv/bin/python -m pip install -q --disable-pip-version-check -e ".[test]"

echo "== ruff"
.venv/bin/python -m ruff check .

# engines, widgets and notebooks on both cores (a notebook's cells stay together: loadfile);
# then the real-browser tests, one at a time (each drives one JupyterLab)
echo "== pytest: engines, widgets, notebooks (nbval)"
.venv/bin/python -m pytest tests notebooks --nbval-lax --ignore=tests/browser -n 2 --dist loadfile -p no:cacheprovider "$@"
echo "== pytest: real-browser tests (JupyterLab in headless Chromium)"
.venv/bin/python -m pytest tests/browser -p no:cacheprovider "$@"

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
if [ -x .venv-floors/bin/python ] && cmp -s "$constraints" .venv-floors/zw-floors.txt; then
  echo "== declared floors: reusing .venv-floors"
else
  echo "== declared floors: installing them into .venv-floors"
  python3 -m venv --clear .venv-floors
  .venv-floors/bin/python -m pip install -q --disable-pip-version-check -c "$constraints" -e ".[test]"
  cp "$constraints" .venv-floors/zw-floors.txt  # written last: an interrupted install is redone
fi
echo "== declared floors: engine tests and a browser smoke test"
.venv-floors/bin/python -m pytest tests --ignore=tests/browser -n 2 --dist loadfile -q -p no:cacheprovider
.venv-floors/bin/python -m pytest tests/browser/test_floor_smoke.py -q -p no:cacheprovider
