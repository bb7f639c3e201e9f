"""Helpers for the real-browser test harness (JupyterLab / Notebook 7 + Chromium).

Everything here is plain functions and small classes so that it can be used
from fixtures (see ``conftest.py``) and directly from tests::

    from _jupyter import open_notebook, run_all_cells, screenshot, write_notebook

Design notes
------------
* The server is started with ``--expose-app-in-browser`` so that the
  JupyterLab / Notebook 7 application object is reachable as
  ``window.jupyterapp``.  All "is the kernel idle", "run all cells" and
  "change theme" logic goes through the application's command registry and
  session context instead of CSS selectors, which change between releases.
* All Jupyter state (config, user settings, workspaces, runtime files,
  IPython profile) lives in a temporary directory, so test runs neither read
  nor write ``~/.jupyter`` and parallel runs do not interfere.
* User settings written before start-up disable the news/update popups,
  silence notification toasts and switch off autosave (so running a
  notebook of the repository in the browser never rewrites the file).
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
#: Repository root (``tests/browser/`` -> ``tests/`` -> repo).
REPO_ROOT = HERE.parents[1]
#: Where :func:`screenshot` stores PNGs (git-ignored).
ARTIFACTS_DIR = HERE / "artifacts"
#: Debian's chromium; Playwright's own browser downloads are never used.
CHROMIUM_PATH = os.environ.get("ZW_CHROMIUM_PATH", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
]

THEMES = {"light": "JupyterLab Light", "dark": "JupyterLab Dark"}

#: Name of the throw-away folder (inside the served root) for generated notebooks.
TMP_NOTEBOOK_PREFIX = "_zw_browser_tmp_"

#: User settings written into the temporary JupyterLab settings dir.
USER_SETTINGS: dict[str, dict[str, Any]] = {
    # No "Would you like to receive official Jupyter news?" toast, no news
    # fetching, no update check, and no toasts at all (they can cover widgets
    # in screenshots and intercept clicks; they still go to the notification
    # center).
    "@jupyterlab/apputils-extension/notification": {
        "fetchNews": "false",
        "checkForUpdates": False,
        "doNotDisturbMode": True,
    },
    # Restarting a kernel from a test should not open a confirmation dialog.
    "@jupyterlab/apputils-extension/sessionDialogs": {
        "skipKernelRestartDialog": True,
    },
    # Never write outputs back into notebooks of the repository.
    "@jupyterlab/docmanager-extension/plugin": {
        "autosave": False,
        "confirmClosingDocument": False,
    },
}


# --------------------------------------------------------------------------
# Server
# --------------------------------------------------------------------------


def find_free_port(host: str = "127.0.0.1") -> int:
    """Return a TCP port that is free on ``host`` right now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind((host, 0))
        return s.getsockname()[1]


@dataclass
class JupyterServer:
    """A running ``jupyter lab`` process (as yielded by the ``jupyter_server`` fixture)."""

    url: str  # base URL without trailing slash, e.g. http://127.0.0.1:8888
    token: str
    root: Path  # served root directory (``--ServerApp.root_dir``)
    port: int
    state_dir: Path  # temporary JUPYTER_CONFIG_DIR / runtime / IPython dir parent
    process: subprocess.Popen | None = None
    log_path: Path | None = None
    env: dict[str, str] = field(default_factory=dict, repr=False)

    # -- URLs -------------------------------------------------------------
    def page_url(self, path: str, **query: str) -> str:
        """``{url}/{path}?token=...&<query>`` with ``path`` URL-quoted."""
        q = {"token": self.token, **query}
        qs = urllib.parse.urlencode(q)
        # ``reset`` is a bare flag in JupyterLab URLs (``?reset``); encode as "reset=".
        return f"{self.url}/{urllib.parse.quote(path.lstrip('/'))}?{qs}"

    def relpath(self, path: str | os.PathLike) -> str:
        """Path of a file inside the served root, relative and POSIX-style."""
        p = Path(path)
        if p.is_absolute():
            p = p.resolve().relative_to(self.root)
        return p.as_posix()

    # -- REST API -----------------------------------------------------------
    def api(self, method: str, path: str, body: Any = None, timeout: float = 10) -> Any:
        """Call the Jupyter server REST API (``path`` like ``/api/sessions``)."""
        data = None if body is None else json.dumps(body).encode()
        req = urllib.request.Request(
            f"{self.url}{path}",
            data=data,
            method=method,
            headers={
                "Authorization": f"token {self.token}",
                "Content-Type": "application/json",
            },
        )
        with urllib.request.urlopen(req, timeout=timeout) as resp:
            raw = resp.read()
        return json.loads(raw) if raw else None

    def sessions(self) -> list[dict]:
        return self.api("GET", "/api/sessions")

    def kernel_id_for(self, relpath: str, timeout: float = 30) -> str:
        """Kernel id of the session whose notebook is ``relpath``."""
        relpath = self.relpath(relpath)
        deadline = time.monotonic() + timeout
        while True:
            for s in self.sessions():
                if s.get("path") == relpath and s.get("kernel"):
                    return s["kernel"]["id"]
            if time.monotonic() > deadline:
                raise TimeoutError(f"no kernel session for {relpath!r}: {self.sessions()!r}")
            time.sleep(0.2)

    def shutdown_kernels(self, under: str | None = None) -> None:
        """Delete sessions (and their kernels); only those below ``under`` if given."""
        prefix = None if under is None else self.relpath(under).rstrip("/") + "/"
        with contextlib.suppress(Exception):
            for s in self.sessions():
                if prefix is None or s.get("path", "").startswith(prefix):
                    with contextlib.suppress(Exception):
                        self.api("DELETE", f"/api/sessions/{s['id']}")
        if prefix is None:
            with contextlib.suppress(Exception):
                for k in self.api("GET", "/api/kernels"):
                    with contextlib.suppress(Exception):
                        self.api("DELETE", f"/api/kernels/{k['id']}")

    def execute(self, relpath: str, code: str, timeout: float = 30) -> str:
        """Run ``code`` in the kernel of notebook ``relpath`` and return its stdout.

        Connects a second client to the very kernel the browser uses (through
        the connection file in our private runtime dir), so it sees all
        variables defined by the notebook.  The browser ignores replies to
        this client.  Raises ``RuntimeError`` if the code raised.
        """
        from jupyter_client import BlockingKernelClient

        kid = self.kernel_id_for(relpath)
        cf = self.state_dir / "runtime" / f"kernel-{kid}.json"
        client = BlockingKernelClient(connection_file=str(cf))
        client.load_connection_file()
        client.start_channels()
        out: list[str] = []
        errors: list[str] = []

        def hook(msg: dict) -> None:
            t, c = msg["msg_type"], msg["content"]
            if t == "stream" and c.get("name") == "stdout":
                out.append(c["text"])
            elif t == "error":
                errors.append("\n".join(c.get("traceback", [])) or c.get("evalue", ""))

        try:
            client.wait_for_ready(timeout=timeout)
            reply = client.execute_interactive(code, output_hook=hook, timeout=timeout, store_history=False)
        finally:
            client.stop_channels()
        if reply["content"]["status"] != "ok" or errors:
            raise RuntimeError(f"kernel code failed: {errors or reply['content']}")
        return "".join(out)


def notebook_windowing_settings(prefix: str | os.PathLike = sys.prefix) -> dict[str, dict[str, Any]]:
    """User settings that keep every notebook cell attached to the page, where needed.

    JupyterLab 4.2 to 4.4 (and Notebook 7 on them) default to the ``"full"`` windowing mode,
    which attaches only the cells inside the viewport: a board further down is then missing
    from the page, and Playwright judges it hidden although a learner who scrolls sees it.
    When the installed JupyterLab's default (read from its settings schema under ``prefix``)
    is ``"full"``, or cannot be read, the mode is set to ``"none"`` (every cell attached);
    other defaults (``"defer"``, ``"contentVisibility"``) keep every cell attached already and
    are left as they are, so the tests see what a learner sees.
    """
    schema = Path(prefix, "share", "jupyter", "lab", "schemas", "@jupyterlab", "notebook-extension", "tracker.json")
    try:
        default = json.loads(schema.read_text())["properties"]["windowingMode"]["default"]
    except (OSError, ValueError, KeyError, TypeError):
        default = None
    if default in ("defer", "none", "contentVisibility"):
        return {}
    return {"@jupyterlab/notebook-extension/tracker": {"windowingMode": "none"}}


def _write_user_settings(settings_dir: Path, settings: dict[str, dict[str, Any]]) -> None:
    for plugin, values in settings.items():
        pkg, _, name = plugin.rpartition("/")
        target = settings_dir / pkg / f"{name}.jupyterlab-settings"
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(json.dumps(values, indent=2))


def _wait_until_up(server: JupyterServer, proc: subprocess.Popen, timeout: float) -> None:
    deadline = time.monotonic() + timeout
    status_url = f"{server.url}/api/status?token={server.token}"
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"jupyter lab exited with code {proc.returncode}")
        try:
            with urllib.request.urlopen(status_url, timeout=2) as resp:
                if resp.status == 200:
                    return
        except (urllib.error.URLError, ConnectionError, OSError):
            pass
        time.sleep(0.1)
    raise TimeoutError(f"jupyter lab did not answer on {status_url} within {timeout}s")


def _stop_process_group(proc: subprocess.Popen, timeout: float = 10) -> None:
    if proc.poll() is not None:
        return
    try:
        pgid = os.getpgid(proc.pid)
    except ProcessLookupError:
        return
    # SIGTERM lets jupyter_server shut kernels down cleanly; SIGKILL the group after.
    with contextlib.suppress(ProcessLookupError):
        os.killpg(pgid, signal.SIGTERM)
    try:
        proc.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        pass
    # Kernels are in the same process group: make sure nothing survives.
    with contextlib.suppress(ProcessLookupError):
        os.killpg(pgid, signal.SIGKILL)
    with contextlib.suppress(subprocess.TimeoutExpired):
        proc.wait(timeout=5)


@contextlib.contextmanager
def start_jupyter_server(
    root: str | os.PathLike,
    *,
    startup_timeout: float = 60,
    extra_args: Sequence[str] = (),
    user_settings: dict[str, dict[str, Any]] | None = None,
) -> Iterator[JupyterServer]:
    """Start ``jupyter lab`` serving ``root``; yield a :class:`JupyterServer`; stop it.

    Notebook 7 (``/tree``, ``/notebooks/...``) is served by the same process
    when the ``notebook`` package is installed.
    """
    root = Path(root).resolve()
    state_dir = Path(tempfile.mkdtemp(prefix="zw-jupyter-"))
    config_dir = state_dir / "config"
    runtime_dir = state_dir / "runtime"
    ipython_dir = state_dir / "ipython"
    settings_dir = config_dir / "lab" / "user-settings"
    workspaces_dir = config_dir / "lab" / "workspaces"
    for d in (config_dir, runtime_dir, ipython_dir, settings_dir, workspaces_dir):
        d.mkdir(parents=True, exist_ok=True)
    _write_user_settings(settings_dir, {**USER_SETTINGS, **notebook_windowing_settings(), **(user_settings or {})})

    env = dict(os.environ)
    env.update(
        JUPYTER_CONFIG_DIR=str(config_dir),
        JUPYTER_RUNTIME_DIR=str(runtime_dir),
        IPYTHONDIR=str(ipython_dir),
        JUPYTER_PLATFORM_DIRS="1",
        PYTHONUNBUFFERED="1",
        # Kernels can import the package from the working tree without an install.
        PYTHONPATH=os.pathsep.join(p for p in (str(REPO_ROOT), os.environ.get("PYTHONPATH", "")) if p),
    )
    env.pop("JUPYTER_TOKEN", None)

    token = secrets.token_hex(24)
    proc: subprocess.Popen | None = None
    server: JupyterServer | None = None
    log_path = state_dir / "jupyter.log"
    last_error: Exception | None = None
    try:
        for _attempt in range(3):  # the port may get taken between probe and bind
            port = find_free_port()
            cmd = [  # this interpreter's own JupyterLab, never another one found on PATH
                sys.executable,
                "-m",
                "jupyterlab",
                "--no-browser",
                "--allow-root",
                f"--port={port}",
                "--port-retries=0",
                "--ServerApp.ip=127.0.0.1",
                f"--ServerApp.token={token}",
                f"--ServerApp.root_dir={root}",
                f"--LabApp.user_settings_dir={settings_dir}",
                f"--LabApp.workspaces_dir={workspaces_dir}",
                # window.jupyterapp (Lab and Notebook 7).
                "--LabApp.expose_app_in_browser=True",
                "--JupyterNotebookApp.expose_app_in_browser=True",
                # No announcements feed and no update check (no internet anyway).
                "--LabApp.news_url=None",
                "--LabApp.check_for_updates_class=jupyterlab.handlers.announcements.NeverCheckForUpdate",
                *extra_args,
            ]
            log = open(log_path, "ab")  # noqa: SIM115 - closed below
            proc = subprocess.Popen(
                cmd,
                cwd=str(root),
                env=env,
                stdout=log,
                stderr=subprocess.STDOUT,
                stdin=subprocess.DEVNULL,
                start_new_session=True,  # own process group -> killpg at the end
            )
            log.close()
            server = JupyterServer(
                url=f"http://127.0.0.1:{port}",
                token=token,
                root=root,
                port=port,
                state_dir=state_dir,
                process=proc,
                log_path=log_path,
                env=env,
            )
            try:
                _wait_until_up(server, proc, startup_timeout)
                break
            except Exception as exc:  # noqa: BLE001
                last_error = exc
                _stop_process_group(proc)
                proc = None
        else:
            tail = log_path.read_text(errors="replace")[-4000:] if log_path.exists() else ""
            raise RuntimeError(f"could not start jupyter lab: {last_error}\n--- log ---\n{tail}")
        assert server is not None
        yield server
    finally:
        if proc is not None:
            _stop_process_group(proc)
        if os.environ.get("ZW_KEEP_JUPYTER_STATE") != "1":
            shutil.rmtree(state_dir, ignore_errors=True)


# --------------------------------------------------------------------------
# Notebooks on disk
# --------------------------------------------------------------------------


def write_notebook(
    path: str | os.PathLike,
    cells: Iterable[str],
    *,
    markdown: Iterable[str] = (),
) -> Path:
    """Write a notebook of code cells ``cells`` (preceded by ``markdown`` cells).

    The notebook carries a ``python3`` kernelspec, so opening it never shows
    the "Select Kernel" dialog.
    """
    import nbformat

    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_markdown_cell(m) for m in markdown] + [nbformat.v4.new_code_cell(src) for src in cells]
    nb.metadata["kernelspec"] = {
        "name": "python3",
        "display_name": "Python 3 (ipykernel)",
        "language": "python",
    }
    nb.metadata["language_info"] = {"name": "python"}
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    nbformat.write(nb, str(path))
    return path


def make_tmp_notebook_dir(server: JupyterServer) -> Path:
    """Create a fresh (non-hidden, so the server shows it) folder in the served root."""
    # Sweep folders left behind by runs that were killed (older than 6 hours, so
    # folders of concurrent runs, e.g. other xdist workers, are never touched).
    for stale in server.root.glob(f"{TMP_NOTEBOOK_PREFIX}*"):
        with contextlib.suppress(OSError):
            if stale.is_dir() and time.time() - stale.stat().st_mtime > 6 * 3600:
                shutil.rmtree(stale, ignore_errors=True)
    d = server.root / f"{TMP_NOTEBOOK_PREFIX}{uuid.uuid4().hex[:10]}"
    d.mkdir()
    return d


# --------------------------------------------------------------------------
# Browser side
# --------------------------------------------------------------------------

# JS predicate: the current document's kernel is connected and idle.
_JS_KERNEL_IDLE = """
() => {
  const app = window.jupyterapp;
  if (!app || !app.shell) return false;
  const w = app.shell.currentWidget;
  const sc = w && w.sessionContext;
  if (!sc || !sc.isReady) return false;
  const k = sc.session && sc.session.kernel;
  return !!k && k.status === 'idle' && k.connectionStatus === 'connected';
}
"""

# JS predicate: no code cell of the current notebook is queued/running.
_JS_NO_RUNNING_CELLS = """
() => {
  const app = window.jupyterapp;
  const w = app && app.shell && app.shell.currentWidget;
  const nb = w && w.content;
  if (!nb || !nb.widgets) return false;
  for (const cell of nb.widgets) {
    if (cell.model.type !== 'code') continue;
    if (cell.model.executionState === 'running') return false;
    const p = cell.node.querySelector('.jp-InputPrompt');
    if (p && p.textContent.includes('[*]')) return false;
  }
  return true;
}
"""


#: Known benign errors, ignored by :func:`attach_error_collectors`.  Each entry is
#: (kind, message regex, regex the stack/location must match, why it is harmless).
#: Keep this list short and specific; never add a pattern that could hide an
#: error coming from widget code.
KNOWN_BENIGN_ERRORS: list[tuple[str, str, str, str]] = [
    (
        "pageerror",
        r"^Cannot read properties of undefined \(reading 'schema'\)$",
        r"/static/notebook/notebook_core\.",
        "Notebook 7.6 startup bug (happens on an empty notebook with all third-party "
        "extensions disabled): the shortcuts plugin handles a pluginChanged signal for "
        "'@jupyterlab/docmanager-extension:plugin', which the Notebook settings registry "
        "never loaded.",
    ),
    (
        "pageerror",
        r"^Command 'filebrowser:open-path' not registered\.$",
        r"/static/notebook/notebook_core\.",
        "Notebook 7.6 race on the /notebooks/ page: the file-browser restorer runs the "
        "open-path command, which only the /tree page registers (seen once the server "
        "is warm, e.g. after a JupyterLab page was opened).",
    ),
    (
        "console",
        r"^(Failed to update the table of contents\. )?TypeError: Cannot (read|set) properties of undefined \((reading|setting) 'isRunning'\)(\n|$)",
        r"/static/lab/jlab_core\.",
        "JupyterLab 4.3 table-of-contents bug (jupyterlab/jupyterlab#16401): while a notebook with "
        "headings runs with every cell attached (windowing mode 'none', which the harness sets on "
        "JupyterLab 4.2-4.4), the ToC panel looks up the running state of a heading it no longer "
        "holds. Seen at the jupyterlab floor (4.3.6), not on 4.6.",
    ),
    (
        "console",
        r"^Could not restore the debugger state: Canceled future for debug_request message before replies were done$",
        r"/static/lab/jlab_core\.",
        "JupyterLab's debugger extension asks a fresh kernel for its debug state; when the "
        "kernel is restarted while that request is in flight (the restart test does exactly "
        "this), the request is cancelled and the extension logs it. Seen once in CI, "
        "timing-dependent; nothing of ours is involved.",
    ),
]


def _is_benign(kind: str, message: str, where: str) -> bool:
    return any(k == kind and re.search(msg_re, message) and re.search(where_re, where or "") for k, msg_re, where_re, _why in KNOWN_BENIGN_ERRORS)


def attach_error_collectors(page: Any) -> list[str]:
    """Record console ``error`` messages and uncaught page errors on ``page``.

    Unexpected ones go to ``page.console_errors`` (returned); the ones matched
    by :data:`KNOWN_BENIGN_ERRORS` go to ``page.ignored_console_errors``.
    """
    errors: list[str] = []
    ignored: list[str] = []

    def on_console(msg: Any) -> None:
        if msg.type != "error":
            return
        loc = msg.location or {}
        where = f"{loc.get('url', '')}:{loc.get('lineNumber', '')}"
        text = f"console.error: {msg.text} ({where})"
        (ignored if _is_benign("console", msg.text, where) else errors).append(text)

    def on_pageerror(exc: Any) -> None:
        message = getattr(exc, "message", None) or str(exc)
        stack = getattr(exc, "stack", "") or ""
        first_frame = next((ln.strip() for ln in stack.splitlines() if ln.strip().startswith("at ")), "")
        text = f"pageerror: {message}" + (f" ({first_frame})" if first_frame else "")
        (ignored if _is_benign("pageerror", message, stack) else errors).append(text)

    page.on("console", on_console)
    page.on("pageerror", on_pageerror)
    page.console_errors = errors
    page.ignored_console_errors = ignored
    return errors


def dismiss_popups(page: Any) -> None:
    """Close modal dialogs and notification toasts that are showing.

    A "Select Kernel" dialog (notebook without kernelspec) is *accepted*, so the
    default kernel starts; any other dialog is rejected / escaped.
    """
    for _ in range(5):
        dialog = page.locator(".jp-Dialog")
        if dialog.count() == 0:
            break
        is_kernel_picker = dialog.locator("select").count() > 0 or "kernel" in (dialog.first.locator(".jp-Dialog-header").inner_text(timeout=2000).lower())
        button = dialog.locator(".jp-Dialog-button.jp-mod-accept" if is_kernel_picker else ".jp-Dialog-button.jp-mod-reject")
        if button.count():
            button.first.click(timeout=5000)
        else:
            page.keyboard.press("Escape")
        page.wait_for_timeout(200)
    toasts = page.locator(".jp-Notification-Toast-Close, .Toastify__close-button")
    for i in range(toasts.count()):
        with contextlib.suppress(Exception):
            toasts.nth(i).click(timeout=1000)


def wait_for_kernel_idle(page: Any, timeout: float = 60) -> None:
    """Wait until the current document's kernel is connected and idle."""
    page.wait_for_function(_JS_KERNEL_IDLE, timeout=timeout * 1000, polling=100)


def set_theme(page: Any, theme: str, timeout: float = 15) -> None:
    """Switch the JupyterLab theme (``"light"``, ``"dark"`` or a full theme name).

    Uses the ``apputils:change-theme`` command of ``window.jupyterapp`` and waits
    until ``<body data-jp-theme-name>`` reports the new theme (set after the
    theme CSS has loaded).  The choice is saved in the per-session temporary
    user settings, so :func:`open_notebook` always sets it explicitly.
    """
    name = THEMES.get(theme, theme)
    page.wait_for_function("() => !!(window.jupyterapp && window.jupyterapp.commands)")
    page.evaluate(
        """async (name) => {
             const app = window.jupyterapp;
             if (document.body.dataset.jpThemeName !== name) {
               await app.commands.execute('apputils:change-theme', {theme: name});
             }
           }""",
        name,
    )
    page.wait_for_function(
        "(name) => document.body.dataset.jpThemeName === name",
        arg=name,
        timeout=timeout * 1000,
    )
    # JupyterLab covers the page with its splash screen while the theme loads.
    wait_for_splash_gone(page, timeout=timeout)
    # Let the new CSS variables apply before screenshots.
    page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")


def wait_for_splash_gone(page: Any, timeout: float = 30) -> None:
    """Wait until JupyterLab's splash overlay (start-up, theme change) is removed."""
    page.wait_for_selector("#jupyterlab-splash", state="detached", timeout=timeout * 1000)


def open_notebook(
    page: Any,
    server: JupyterServer,
    relpath: str | os.PathLike,
    theme: str = "light",
    *,
    app: str = "lab",
    timeout: float = 90,
) -> None:
    """Open notebook ``relpath`` (relative to ``server.root``) and wait for its kernel.

    ``app="lab"`` opens ``/lab/tree/<relpath>?reset`` (fresh workspace, so
    tabs of earlier tests are not restored); ``app="notebook"`` opens the
    Notebook 7 page ``/notebooks/<relpath>``.  ``theme`` is ``"light"``,
    ``"dark"`` or any installed theme name; ``None`` leaves it unchanged.
    """
    relpath = server.relpath(relpath)
    if app == "lab":
        url = server.page_url(f"lab/tree/{relpath}") + "&reset"
    elif app == "notebook":
        url = server.page_url(f"notebooks/{relpath}")
    else:
        raise ValueError(f"app must be 'lab' or 'notebook', not {app!r}")
    page.goto(url, wait_until="domcontentloaded", timeout=timeout * 1000)
    # App started and the notebook is the current widget.
    page.wait_for_function(
        """(path) => {
             const app = window.jupyterapp;
             const w = app && app.shell && app.shell.currentWidget;
             return !!(w && w.context && w.context.path === path && w.context.isReady);
           }""",
        arg=relpath,
        timeout=timeout * 1000,
        polling=100,
    )
    wait_for_splash_gone(page, timeout=timeout)
    dismiss_popups(page)
    if theme is not None:
        set_theme(page, theme)
    # The kernel may still be starting; a dialog can show up meanwhile.
    deadline = time.monotonic() + timeout
    while not page.evaluate(_JS_KERNEL_IDLE):
        dismiss_popups(page)
        if time.monotonic() > deadline:
            wait_for_kernel_idle(page, timeout=1)  # raises with Playwright's message
        page.wait_for_timeout(100)
    dismiss_popups(page)


def run_all_cells(page: Any, timeout: float = 120) -> None:
    """Run all cells of the current notebook and wait until execution finished.

    Awaits the ``notebook:run-all-cells`` command (which resolves once every
    cell has run), then waits for an idle kernel and no ``[*]`` prompt.
    Widget views render asynchronously afterwards: wait for their selectors.
    """
    wait_for_kernel_idle(page, timeout=timeout)
    page.evaluate("async () => { await window.jupyterapp.commands.execute('notebook:run-all-cells'); }")
    page.wait_for_function(_JS_NO_RUNNING_CELLS, timeout=timeout * 1000, polling=100)
    wait_for_kernel_idle(page, timeout=timeout)
    dismiss_popups(page)


def screenshot(page: Any, name: str, *, locator: Any = None, full_page: bool = False) -> Path:
    """Save a PNG to ``tests/browser/artifacts/<name>.png`` and return its path.

    With ``locator`` only that element is captured.
    """
    ensure_artifacts_dir()
    fname = name if name.endswith(".png") else f"{name}.png"
    path = ARTIFACTS_DIR / fname
    if locator is not None:
        locator.screenshot(path=str(path))
    else:
        page.screenshot(path=str(path), full_page=full_page)
    return path


def ensure_artifacts_dir() -> Path:
    ARTIFACTS_DIR.mkdir(parents=True, exist_ok=True)
    gi = ARTIFACTS_DIR / ".gitignore"
    if not gi.exists():
        gi.write_text("*\n!.gitignore\n")
    return ARTIFACTS_DIR


def cell_output_text(page: Any, index: int) -> str:
    """Text of the output area of code/markdown cell number ``index`` (0-based)."""
    return page.locator(".jp-Notebook .jp-Cell").nth(index).locator(".jp-OutputArea").inner_text()


def kernel(server: JupyterServer, relpath: str, code: str) -> str:
    """Run ``code`` in the kernel of the notebook at ``relpath``; its printed output, stripped."""
    return server.execute(relpath, code).strip()


def wait_kernel(server: JupyterServer, relpath: str, code: str, want, timeout: float = 60) -> str:
    """Poll ``code`` in the notebook's kernel until it prints ``want`` (a string, or any of
    several); the output it printed. Raises AssertionError after ``timeout`` seconds, naming
    what it printed last."""
    wants = (want,) if isinstance(want, str) else tuple(want)
    deadline = time.monotonic() + timeout
    got = ""
    while time.monotonic() < deadline:
        got = kernel(server, relpath, code)
        if got in wants:
            return got
        time.sleep(0.15)
    raise AssertionError(f"kernel: {code!r} printed {got!r}, expected {' or '.join(map(repr, wants))}")
