"""Smoke tests for the browser harness: a tiny anywidget, round-tripped in a real browser."""

from __future__ import annotations

import importlib.util

import pytest
from _jupyter import open_notebook, run_all_cells, screenshot, set_theme

WIDGET_CELL = '''
import anywidget
import traitlets


class W(anywidget.AnyWidget):
    _esm = """
    export default {
      render({ model, el }) {
        const b = document.createElement('button');
        b.className = 'smoke-btn';
        b.textContent = 'count ' + model.get('value');
        b.onclick = () => { model.set('value', model.get('value') + 1); model.save_changes(); };
        model.on('change:value', () => { b.textContent = 'count ' + model.get('value'); });
        el.appendChild(b);
      }
    };
    """
    value = traitlets.Int(0).tag(sync=True)


w = W()
w
'''


def assert_widget_roundtrip(page, jupyter_server, relpath, app, prefix):
    from playwright.sync_api import expect

    open_notebook(page, jupyter_server, relpath, theme="light", app=app)
    run_all_cells(page)

    button = page.locator("button.smoke-btn")
    expect(button).to_have_count(1, timeout=30_000)
    expect(button).to_have_text("count 0")
    button.click()
    expect(button).to_have_text("count 1")

    # The Python object in the very kernel the browser uses saw the change.
    # (Polled: the comm message may still be in flight right after the click.)
    value = None
    for _ in range(50):
        value = jupyter_server.execute(relpath, "print(w.value)").strip()
        if value == "1":
            break
        page.wait_for_timeout(100)
    assert value == "1"

    assert page.evaluate("document.body.dataset.jpThemeLight") == "true"
    light = screenshot(page, f"{prefix}-light")
    cell = page.locator(".jp-Cell").filter(has=button)
    screenshot(page, f"{prefix}-light-cell", locator=cell)

    # Theme switch on the open page (no reload, widget state kept).
    set_theme(page, "dark")
    expect(button).to_have_text("count 1")
    assert page.evaluate("document.body.dataset.jpThemeLight") == "false"
    dark = screenshot(page, f"{prefix}-dark")
    screenshot(page, f"{prefix}-dark-cell", locator=cell)
    assert light.stat().st_size > 0 and dark.stat().st_size > 0

    assert page.console_errors == []


def test_anywidget_roundtrip_jupyterlab(page, jupyter_server, make_notebook):
    relpath = make_notebook([WIDGET_CELL])
    assert_widget_roundtrip(page, jupyter_server, relpath, "lab", "smoke-lab")


@pytest.mark.skipif(importlib.util.find_spec("notebook") is None, reason="notebook not installed")
def test_anywidget_roundtrip_notebook7(page, jupyter_server, make_notebook):
    relpath = make_notebook([WIDGET_CELL])
    assert_widget_roundtrip(page, jupyter_server, relpath, "notebook", "smoke-nb7")
