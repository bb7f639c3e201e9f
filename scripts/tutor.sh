#!/usr/bin/env bash
# Install zongshi_widgets (in .venv) and open the tutor in JupyterLab at START_HERE.
# The notebooks are copied to my_notebooks/ on first use, so your work never changes the
# repository's copies (delete my_notebooks/ to start again from fresh copies).
# Extra arguments go to jupyter lab (e.g. --no-browser --port 8899).
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -x .venv/bin/python ]; then
  echo "== creating the environment (.venv)"
  python3 -m venv .venv
fi
# the tutor extra: the front end (JupyterLab, Notebook), which the package itself does not require
echo "== installing zongshi_widgets and JupyterLab into .venv (the first time takes a few minutes)"
.venv/bin/python -m pip install -q --disable-pip-version-check -e ".[tutor]"
if [ ! -d my_notebooks ]; then
  echo "== copying the notebooks to my_notebooks/ (your own copies)"
  cp -r notebooks my_notebooks
fi
# trust the copies (this project's own notebooks), so that their saved board pictures (SVG)
# show before the cells are run
find my_notebooks -name '*.ipynb' -not -path '*/.ipynb_checkpoints/*' -exec .venv/bin/jupyter-trust {} + >/dev/null
# Jupyter refuses to start as root ("Running as root is not recommended"), as in a container:
# allow it there, and only there
ROOT_ARGS=()
if [ "$(id -u)" -eq 0 ]; then
  ROOT_ARGS=(--allow-root)
fi
# JupyterLab's news and update pop-up would cover the lower right of the tutor: the settings in
# scripts/tutor-config/labconfig/default_setting_overrides.json turn the notification off (read
# through JUPYTER_CONFIG_PATH, put ahead of any path already set, which is kept), and NO_NEWS
# turns off the server's news feed and its update check
export JUPYTER_CONFIG_PATH="$PWD/scripts/tutor-config${JUPYTER_CONFIG_PATH:+:$JUPYTER_CONFIG_PATH}"
NO_NEWS=(--LabApp.news_url=None --LabApp.check_for_updates_class=jupyterlab.handlers.announcements.NeverCheckForUpdate)
# the venv's own jupyter-lab, so that a JupyterLab elsewhere on PATH is never used instead
echo "== starting JupyterLab at my_notebooks/START_HERE.ipynb (Ctrl+C here stops it)"
exec .venv/bin/jupyter-lab "${ROOT_ARGS[@]}" "${NO_NEWS[@]}" my_notebooks/START_HERE.ipynb "$@"
