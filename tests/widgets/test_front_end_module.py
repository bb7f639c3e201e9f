"""The GembloQ board's front end is one ES module made of small parts (base.js, then
gembloq_*.js, then gembloq.js with ``export default { render }``), joined by ``read_asset``:
check the joined text without a browser (the browser tests render it)."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

import zongshi_widgets.widgets as zww
from zongshi_widgets.widgets import GembloQBoard

HERE = Path(zww.__file__).parent


def test_every_gembloq_part_is_in_the_module_once():
    esm = GembloQBoard._esm
    parts = sorted(p.name for p in HERE.glob("gembloq_*.js"))
    assert parts, "the board's parts are missing from the package"
    for name in [*parts, "gembloq.js", "base.js"]:
        assert esm.count((HERE / name).read_text(encoding="utf-8")) == 1, name
    assert esm.endswith((HERE / "gembloq.js").read_text(encoding="utf-8"))  # render last
    assert len(re.findall(r"^export default", esm, flags=re.M)) == 1


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_the_joined_module_parses():
    done = subprocess.run(["node", "--input-type=module", "--check"], input=GembloQBoard._esm, text=True, capture_output=True, timeout=60)
    assert done.returncode == 0, done.stderr
