"""The static picture shown beside a live board, kept up to date.

A board is displayed as two outputs: first a picture of the position (HTML), then the live
widget. While the live widget runs, its front end hides the picture (it adds a style rule for
the picture's id). Wherever the widget cannot run, the picture stays: an HTML export made with
``jupyter nbconvert --to html --execute`` opened offline, a saved notebook reopened after its
kernel is gone ("model not found": the picture's own style rule hides that line next to it),
GitHub's preview. The picture carries an IPython display id and is replaced after every change
of position (``update_display``), so a notebook saved or exported later shows the position of
that moment, not the one the cell first showed.
"""

from __future__ import annotations

import html
import uuid
from collections.abc import Callable

__all__ = ["PICTURE_CLASS", "StaticPicture", "picture_html"]

#: The class of a picture's outer element (the board's front end hides it by ``data-zw-board``).
PICTURE_CLASS = "zw-static"

#: Hides the "Error displaying widget: model not found" line of the widget output that follows
#: a picture (JupyterLab and Notebook 7 leave that output, class ``jupyter-widgets``, with that
#: text and no element: a live or loading widget has elements).
_HIDE_DEAD_WIDGET = (
    "<style>.jp-OutputArea-child:has(.zw-static) + .jp-OutputArea-child > .jp-OutputArea-output.jupyter-widgets:not(:has(*))"
    "{display:none}</style>"
)


def picture_html(picture_id: str, body: str, caption: str) -> str:
    """The HTML of a picture output.

    Args:
        picture_id (str): the board's picture id (``data-zw-board``).
        body (str): the picture (HTML or SVG markup).
        caption (str): plain text shown above it.

    Returns:
        str: a ``<div class="zw-static">`` element.
    """
    return (
        f'<div class="{PICTURE_CLASS}" data-zw-board="{html.escape(picture_id)}">{_HIDE_DEAD_WIDGET}'
        f'<div style="font-size:12px;margin:2px 0 4px">{html.escape(caption)}</div>{body}</div>'
    )


class StaticPicture:
    """One board's picture output: shown by :meth:`display`, replaced by :meth:`update`.

    Args:
        make (Callable[[], tuple[str, str]]): returns ``(html, text)``: the picture's HTML
            (see :func:`picture_html`) and a plain-text line for ``text/plain``.

    Attributes:
        id (str): the picture's id (also its IPython display id).
    """

    def __init__(self, make: Callable[[], tuple[str, str]]):
        self.id = uuid.uuid4().hex
        self._make = make
        self._shown = False
        self._last: dict | None = None

    def bundle(self) -> dict:
        """The picture's MIME bundle now (``text/html`` and ``text/plain``)."""
        body, text = self._make()
        return {"text/html": body, "text/plain": text}

    def display(self, widget_bundle: dict | None) -> None:
        """Display the picture, then the live widget's bundle (when given)."""
        from IPython.display import display

        self._last = self.bundle()
        display(self._last, raw=True, display_id=self.id)
        self._shown = True
        if widget_bundle is not None:
            display(widget_bundle, raw=True)

    def update(self) -> None:
        """Replace every displayed copy of the picture with the current one (nothing when
        it was never displayed or has not changed)."""
        if not self._shown:
            return
        from IPython.display import update_display

        bundle = self.bundle()
        if bundle == self._last:
            return
        self._last = bundle
        update_display(bundle, raw=True, display_id=self.id)
