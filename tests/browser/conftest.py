"""Fixtures for real-browser tests: a JupyterLab server and headless Chromium.

Fixtures
--------
notebook_root (session)     Path served by Jupyter; the repository root by default.
                            Override it in a conftest/test module to serve another dir.
jupyter_server (session)    Running ``jupyter lab`` -> ``_jupyter.JupyterServer``
                            (``.url``, ``.token``, ``.root``, ``.execute(...)``, ...).
browser (session)           Playwright ``Browser`` (Debian ``/usr/bin/chromium``, headless).
page (function)             Playwright ``Page`` in a fresh 1280x900 context, with
                            ``page.console_errors`` (list of console errors + page errors).
tmp_notebook_dir (function) Fresh folder inside the served root, removed afterwards
                            (kernels of notebooks in it are shut down first).
make_notebook (function)    ``make_notebook(cells, name="test.ipynb") -> relpath``.

Helpers (import from ``_jupyter``): ``open_notebook``, ``run_all_cells``,
``screenshot``, ``set_theme``, ``write_notebook``, ``wait_for_kernel_idle``,
``dismiss_popups``.

If Chromium or Playwright is missing the browser tests fail, unless
``ZW_ALLOW_SKIP_BROWSER=1`` is set, in which case they are skipped.
``ZW_CHROMIUM_PATH`` overrides the browser binary (default /usr/bin/chromium).
``ZW_KEEP_JUPYTER_STATE=1`` keeps the server's temp state dir (log: jupyter.log).
All tests here get the ``browser`` marker: deselect them with ``-m "not browser"``.
"""

from __future__ import annotations

import os
import re
import shutil
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
if str(HERE) not in sys.path:  # make ``import _jupyter`` work under any import mode
    sys.path.insert(0, str(HERE))

import _jupyter  # noqa: E402
from _jupyter import (  # noqa: E402
    CHROMIUM_ARGS,
    CHROMIUM_PATH,
    attach_error_collectors,
    make_tmp_notebook_dir,
    screenshot,
    start_jupyter_server,
    write_notebook,
)


def _missing(reason: str) -> None:
    """Skip when ZW_ALLOW_SKIP_BROWSER=1, otherwise fail loudly."""
    if os.environ.get("ZW_ALLOW_SKIP_BROWSER") == "1":
        pytest.skip(f"{reason} (skipped because ZW_ALLOW_SKIP_BROWSER=1)")
    pytest.fail(
        f"{reason}. Browser tests need it; set ZW_ALLOW_SKIP_BROWSER=1 to skip them instead.",
        pytrace=False,
    )


@pytest.fixture(scope="session")
def notebook_root() -> Path:
    """Directory served by the Jupyter server (repository root by default)."""
    return _jupyter.REPO_ROOT


@pytest.fixture(scope="session")
def jupyter_server(notebook_root: Path):
    try:
        import jupyterlab  # noqa: F401
    except ImportError:
        _missing("jupyterlab is not installed")
    with start_jupyter_server(notebook_root) as server:
        yield server


@pytest.fixture(scope="session")
def browser():
    if not os.path.exists(CHROMIUM_PATH):
        _missing(f"{CHROMIUM_PATH} not found (apt-get install chromium)")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _missing("the python package 'playwright' is not installed")
    from playwright.sync_api import expect

    # Assertions wait on their condition for up to 30 s (Playwright's default is 5 s): a loaded
    # CI machine can take longer than 5 s to run a cell, and a condition met sooner ends the wait.
    expect.set_options(timeout=30_000)
    # Never `playwright install`: we always use the system chromium.
    with sync_playwright() as pw:
        b = pw.chromium.launch(
            executable_path=CHROMIUM_PATH,
            headless=True,
            args=CHROMIUM_ARGS,
        )
        try:
            yield b
        finally:
            b.close()


def pytest_collection_modifyitems(config, items):
    """Mark every test below tests/browser/ with ``@pytest.mark.browser``."""
    for item in items:
        if HERE in Path(str(item.path)).resolve().parents:
            item.add_marker(pytest.mark.browser)


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(item, call):
    rep = yield
    setattr(item, f"rep_{rep.when}", rep)
    return rep


@pytest.fixture
def page(request, browser, jupyter_server):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.set_default_timeout(30_000)
    pg = context.new_page()
    errors = attach_error_collectors(pg)
    try:
        yield pg
    finally:
        rep = getattr(request.node, "rep_call", None)
        if rep is not None and rep.failed:
            name = "FAILED-" + re.sub(r"[^A-Za-z0-9_.-]+", "_", request.node.nodeid)[-120:]
            try:
                path = screenshot(pg, name)
                print(f"\nfailure screenshot: {path}")
            except Exception as exc:  # noqa: BLE001
                print(f"\n(could not take failure screenshot: {exc})")
            if errors:
                print("console errors:\n  " + "\n  ".join(errors))
        context.close()


@pytest.fixture
def tmp_notebook_dir(jupyter_server):
    d = make_tmp_notebook_dir(jupyter_server)
    try:
        yield d
    finally:
        jupyter_server.shutdown_kernels(under=d)
        shutil.rmtree(d, ignore_errors=True)


@pytest.fixture
def make_notebook(jupyter_server, tmp_notebook_dir):
    """Factory: ``make_notebook(cells, name="test.ipynb", markdown=()) -> relpath``."""

    def make(cells, name: str = "test.ipynb", markdown=()) -> str:
        path = write_notebook(tmp_notebook_dir / name, cells, markdown=markdown)
        return jupyter_server.relpath(path)

    return make
