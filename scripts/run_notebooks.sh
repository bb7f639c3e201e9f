#!/usr/bin/env bash
# Re-execute every notebook in place (for maintainers, after changing a notebook or the
# package), so that the saved outputs match what nbval will see. Widget state is not stored:
# a reopened notebook shows each board's static picture until its cell runs again.
set -euo pipefail
cd "$(dirname "$0")/.."
PY=python3; [ -x .venv/bin/python ] && PY=.venv/bin/python
find notebooks -name '*.ipynb' -not -path '*/.ipynb_checkpoints/*' | sort | while read -r nb; do
  echo "== $nb"
  "$PY" -c "import nbformat, sys; nb = nbformat.read(sys.argv[1], 4); nb.metadata.pop('widgets', None); nbformat.write(nb, sys.argv[1])" "$nb"
  "$PY" -m jupyter nbconvert --to notebook --execute --inplace \
    --ExecutePreprocessor.store_widget_state=False --ExecutePreprocessor.timeout=600 "$nb"
done
