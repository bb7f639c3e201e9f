#!/usr/bin/env bash
# Re-execute every notebook (or the ones named) in place (for maintainers, after changing a notebook or the
# package), so that the saved outputs match what nbval will see.
#
# Saved boards keep only their static picture: the live widget view is dropped from the
# stored outputs (and no widget state is stored), so a notebook opened without running it,
# on GitHub or through nbconvert shows each board as a picture instead of "model not found";
# running the cell brings the live board back. Progress bars (the lab's tqdm widgets) are
# dropped from the saved outputs: they show while a cell runs.
#
# Saved notebooks open clean in JupyterLab (not marked as modified): JupyterLab overwrites the
# notebook's kernelspec and language_info with what the running kernel reports, and marks the
# notebook changed when they differ. So the kernelspec saved here is exactly the installed
# kernel's (name, display name, language), language_info is the kernel's own (nbconvert stores
# it), and cells keep no timing metadata. tests/test_notebook_files.py checks the saved files.
set -euo pipefail
cd "$(dirname "$0")/.."
# Each notebook runs with a fresh, empty progress file (not the maintainer's own in the home
# folder): START_HERE saves the empty progress view that nbval then compares.
progress_dir="$(mktemp -d)"
trap 'rm -rf "$progress_dir"' EXIT
PY=python3; [ -x .venv/bin/python ] && PY=.venv/bin/python
# Arguments: the notebooks to re-run (default: all of them).
if [ "$#" -gt 0 ]; then printf '%s\n' "$@"; else find notebooks -name '*.ipynb' -not -path '*/.ipynb_checkpoints/*' | sort; fi | while read -r nb; do
  echo "== $nb"
  rm -f "$progress_dir/progress.json"
  export ZONGSHI_WIDGETS_PROGRESS="$progress_dir/progress.json"
  "$PY" -m jupyter nbconvert --to notebook --execute --inplace \
    --ExecutePreprocessor.store_widget_state=False --ExecutePreprocessor.record_timing=False \
    --ExecutePreprocessor.timeout=600 "$nb"
  "$PY" - "$nb" <<'PY'
import re
import sys

import nbformat
from jupyter_client.kernelspec import KernelSpecManager

WIDGET = "application/vnd.jupyter.widget-view+json"
TQDM = re.compile(r"^[^|\n]*\d+%\|")
path = sys.argv[1]
nb = nbformat.read(path, 4)
nb.metadata.pop("widgets", None)
name = nb.metadata.get("kernelspec", {}).get("name", "python3")
spec = KernelSpecManager().get_kernel_spec(name)
nb.metadata["kernelspec"] = {"name": name, "display_name": spec.display_name, "language": spec.language}
for cell in nb.cells:
    cell.metadata.pop("execution", None)
    if cell.cell_type != "code":
        continue
    kept = []
    for out in cell.get("outputs", []):
        data = out.get("data", {})
        if WIDGET in data and ({"image/svg+xml", "text/html"} & set(data)):
            del data[WIDGET]
        # a board's live view right after its picture output (widgets/static.py): the picture stays
        if WIDGET in data and kept and "zw-static" in "".join(kept[-1].get("data", {}).get("text/html", "")):
            continue
        # a progress bar (tqdm's widget): saved, it would show its first frame ("0/30") for ever
        if WIDGET in data and TQDM.match("".join(data.get("text/plain", ""))):
            continue
        kept.append(out)
    cell["outputs"] = kept
nbformat.write(nb, path)
PY
done
