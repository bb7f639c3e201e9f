"""The tutor's launcher (scripts/tutor.sh) starts JupyterLab without its news and update pop-up,
which would cover the lower right of the tutor: the flags it passes are JupyterLab's own traits
(parsed here by ``LabApp``), the settings folder it puts on ``JUPYTER_CONFIG_PATH`` is read by
jupyterlab_server as the notification's defaults, and the script really passes both. No
JupyterLab is started.
"""

from __future__ import annotations

import json
import os
import re
import shlex
import subprocess
from pathlib import Path

import pytest

pytest.importorskip("jupyterlab")

REPO = Path(__file__).resolve().parents[1]
SCRIPT = (REPO / "scripts" / "tutor.sh").read_text()
CONFIG = REPO / "scripts" / "tutor-config"
NOTIFICATION = "@jupyterlab/apputils-extension:notification"


def _no_news_flags() -> list[str]:
    """The NO_NEWS array of tutor.sh, as bash would split it."""
    found = re.search(r"^NO_NEWS=\((.*)\)$", SCRIPT, re.MULTILINE)
    assert found, "tutor.sh defines no NO_NEWS=(...) array of JupyterLab flags"
    return shlex.split(found.group(1))


def test_the_flags_turn_off_jupyterlabs_news_feed_and_update_check():
    from jupyterlab.handlers.announcements import CheckForUpdate, NeverCheckForUpdate
    from jupyterlab.labapp import LabApp

    flags = _no_news_flags()
    assert sorted(f.split("=")[0] for f in flags) == ["--LabApp.check_for_updates_class", "--LabApp.news_url"]
    default = LabApp()
    assert default.news_url and default.check_for_updates_class is CheckForUpdate  # what the flags change
    app = LabApp()
    app.parse_command_line(flags)
    assert app.news_url is None
    assert app.check_for_updates_class is NeverCheckForUpdate


def test_the_settings_folder_turns_the_notification_off_through_the_jupyter_config_path(tmp_path, monkeypatch):
    from jupyterlab_server.settings_utils import _get_overrides

    written = json.loads((CONFIG / "labconfig" / "default_setting_overrides.json").read_text())
    assert written == {NOTIFICATION: {"fetchNews": "false", "checkForUpdates": False}}
    monkeypatch.setenv("JUPYTER_CONFIG_DIR", str(tmp_path / "user"))  # no user settings of this machine
    monkeypatch.setenv("JUPYTER_CONFIG_PATH", os.pathsep.join([str(CONFIG), str(tmp_path / "other")]))
    overrides, error = _get_overrides(str(tmp_path / "app-settings"))
    assert not error
    assert overrides[NOTIFICATION] == {"fetchNews": "false", "checkForUpdates": False}
    # the values are ones the notification's schema accepts ("false": Never)
    import jsonschema
    import jupyterlab

    schema = json.loads((Path(jupyterlab.__file__).parent / "schemas" / "@jupyterlab" / "apputils-extension" / "notification.json").read_text())
    jsonschema.validate(overrides[NOTIFICATION], schema)
    monkeypatch.setenv("JUPYTER_CONFIG_PATH", str(tmp_path / "other"))
    overrides, _ = _get_overrides(str(tmp_path / "app-settings"))
    assert NOTIFICATION not in overrides or overrides[NOTIFICATION] != written[NOTIFICATION]


def test_tutor_sh_puts_the_folder_first_on_the_config_path_keeps_the_rest_and_passes_the_flags():
    exports = [line for line in SCRIPT.splitlines() if line.startswith("export JUPYTER_CONFIG_PATH=")]
    assert len(exports) == 1, exports
    for before, after in [(None, str(CONFIG)), ("/etc/elsewhere", f"{CONFIG}:/etc/elsewhere")]:
        env = {k: v for k, v in os.environ.items() if k != "JUPYTER_CONFIG_PATH"}
        if before is not None:
            env["JUPYTER_CONFIG_PATH"] = before
        run = subprocess.run(
            ["bash", "-c", f'set -euo pipefail; {exports[0]}; printf %s "$JUPYTER_CONFIG_PATH"'], cwd=REPO, env=env, capture_output=True, text=True, check=True
        )
        assert run.stdout == after, run
    # the export comes before JupyterLab starts, and JupyterLab is started with the flags
    launch = [line for line in SCRIPT.splitlines() if line.startswith("exec ") and "jupyter-lab" in line]
    assert len(launch) == 1 and '"${NO_NEWS[@]}"' in launch[0], launch
    assert SCRIPT.index(exports[0]) < SCRIPT.index(launch[0])
