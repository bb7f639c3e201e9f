"""The answer box of a question lesson: a text field and a Check button, as one widget.

Enter in the field and a click on Check both send the submitted text itself, in one
``{"event": "submit", "value": text}`` message, an empty text too: Python judges exactly
what the learner submitted. (Jupyter's own text widget sends its value only when it
changes, and apart from Enter, so an empty box gave no feedback and a value could arrive
after the Enter that submitted it.)
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import anywidget
import traitlets as t

_HERE = Path(__file__).parent

#: the longest answer taken from the browser (the rest is cut off before it is judged)
MAX_ANSWER = 4000


class AnswerBox(anywidget.AnyWidget):
    """A text field and a Check button; :meth:`on_submit` callbacks get the submitted text.

    Args:
        placeholder (str): the field's grey text (and its accessible name).
        button (str): the button's label.

    Attributes:
        value (str): the text in the field (kept in step as the learner types).
    """

    _esm = (_HERE / "answer_box.js").read_text(encoding="utf-8")
    _css = (_HERE / "answer_box.css").read_text(encoding="utf-8")
    value = t.Unicode("").tag(sync=True)
    placeholder = t.Unicode("your answer").tag(sync=True)
    button = t.Unicode("Check").tag(sync=True)

    def __init__(self, **kwargs: Any):
        super().__init__(**kwargs)
        self._submitted: list[Callable[[str], Any]] = []
        self.on_msg(self._handle_message)

    def on_submit(self, callback: Callable[[str], Any]) -> None:
        """Call ``callback(text)`` with every submitted text (Enter or Check), empty or not."""
        self._submitted.append(callback)

    def submit(self, text: str | None = None) -> None:
        """Submit ``text`` (default: :attr:`value`) as the learner does with Enter or Check."""
        text = (self.value if text is None else str(text))[:MAX_ANSWER]
        for callback in list(self._submitted):
            callback(text)

    def _handle_message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        """A message of the browser: ``{"event": "submit", "value": text}``; any other is
        ignored (nothing is judged)."""
        if not isinstance(content, dict) or content.get("event") != "submit":
            return
        value = content.get("value", "")
        if not isinstance(value, str):
            return
        self.submit(value)
