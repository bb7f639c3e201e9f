#!/usr/bin/env bash
# Install zongshi_widgets (in .venv) and open the tutor in JupyterLab at START_HERE.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -x .venv/bin/python ]; then
  python3 -m venv .venv
fi
.venv/bin/python -m pip install -q --disable-pip-version-check -e .
exec .venv/bin/python -m jupyter lab notebooks/START_HERE.ipynb "$@"
