"""Histories that grow in constant time per action.

A state's :attr:`~zongshi_widgets.core.State.history` is a tuple, but copying that tuple for
every action makes a long game quadratic. A game may instead keep, in each played state, a
:class:`HistoryLink` (the history before plus the last action) and build the tuple on first
use with :func:`history_tuple` (Zong Shi and Majolica do).
"""

from __future__ import annotations

from typing import Any


class HistoryLink:
    """A history as the one before it (a tuple or another link) and one more action.

    Args:
        before (tuple | HistoryLink): the history before ``action``.
        action: the action played last.
    """

    __slots__ = ("before", "action")

    def __init__(self, before: tuple | HistoryLink, action: Any):
        self.before = before
        self.action = action


def history_tuple(node: tuple | HistoryLink) -> tuple:
    """The actions of ``node`` in order, as a tuple (``node`` itself when it is one).

    Args:
        node (tuple | HistoryLink): a history.

    Returns:
        tuple: every action, oldest first.
    """
    if node.__class__ is tuple:
        return node
    tail = []
    while node.__class__ is HistoryLink:
        tail.append(node.action)
        node = node.before
    tail.reverse()
    return node + tuple(tail)
