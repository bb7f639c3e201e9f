#!/usr/bin/env bash
# Re-execute every notebook in place (for maintainers, after changing a notebook or the
# package), so that the saved outputs match what nbval will see.
#
# Saved boards keep only their static picture: the live widget view is dropped from the
# stored outputs (and no widget state is stored), so a notebook opened without running it,
# on GitHub or through nbconvert shows each board as a picture instead of "model not found";
# running the cell brings the live board back.
set -euo pipefail
cd "$(dirname "$0")/.."
PY=python3; [ -x .venv/bin/python ] && PY=.venv/bin/python
find notebooks -name '*.ipynb' -not -path '*/.ipynb_checkpoints/*' | sort | while read -r nb; do
  echo "== $nb"
  "$PY" -m jupyter nbconvert --to notebook --execute --inplace \
    --ExecutePreprocessor.store_widget_state=False --ExecutePreprocessor.timeout=600 "$nb"
  "$PY" - "$nb" <<'PY'
import sys

import nbformat

WIDGET = "application/vnd.jupyter.widget-view+json"
path = sys.argv[1]
nb = nbformat.read(path, 4)
nb.metadata.pop("widgets", None)
for cell in nb.cells:
    kept = []
    for out in cell.get("outputs", []):
        data = out.get("data", {})
        if WIDGET in data and ({"image/svg+xml", "text/html"} & set(data)):
            del data[WIDGET]
        # a board's live view right after its picture output (widgets/static.py): the picture stays
        if WIDGET in data and kept and "zw-static" in "".join(kept[-1].get("data", {}).get("text/html", "")):
            continue
        kept.append(out)
    cell["outputs"] = kept
nbformat.write(nb, path)
PY
done
