#!/usr/bin/env bash
# Install everything the tests need (in .venv) and run every test: engines, notebooks (nbval)
# and real-browser tests (JupyterLab in headless Chromium). Extra arguments go to pytest.
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

echo "== pytest (engines, notebooks, browser)"
exec .venv/bin/python -m pytest tests notebooks --nbval-lax -p no:cacheprovider "$@"
