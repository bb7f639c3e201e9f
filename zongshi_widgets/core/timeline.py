"""Timelines: undo, redo and branches over the states of one game.

A :class:`Timeline` is a tree of positions. Playing from an earlier position does not erase
what came after it: it starts a new branch, and every branch can be listed and revisited
("what if I had played that instead?").
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .game import State


@dataclass(eq=False)
class Node:
    """One position in a :class:`Timeline`.

    Attributes:
        id (int): unique within its timeline, in creation order (the root is 0).
        state (State): the position.
        parent (Node | None): the position before (``None`` for the root).
        action: the action that led here from ``parent`` (``None`` for the root).
        children (list[Node]): the continuations tried from here, oldest first.
    """

    id: int
    state: State = field(repr=False)
    parent: Node | None = field(default=None, repr=False)
    action: Any = None
    children: list[Node] = field(default_factory=list, repr=False)
    _last_child: Node | None = field(default=None, repr=False)

    def __repr__(self) -> str:
        return f"Node({self.id}, ply={self.ply}, action={str(self.action) if self.action is not None else None!r})"

    @property
    def ply(self) -> int:
        """How many actions lead from the root to here (int)."""
        n, node = 0, self
        while node.parent is not None:
            n, node = n + 1, node.parent
        return n


class Timeline:
    """Undo, redo and branches over the states of one game.

    Args:
        state (State): the starting position (the root).

    Attributes:
        root (Node): the starting position.
        cursor (Node): the position shown now.
    """

    def __init__(self, state: State):
        if not isinstance(state, State):
            raise TypeError(f"a Timeline starts from a game State, not {type(state).__name__}")
        self.root = Node(0, state)
        self.cursor = self.root
        self._nodes = [self.root]

    @property
    def state(self) -> State:
        """The state at the cursor."""
        return self.cursor.state

    def play(self, action: Any) -> State:
        """Play ``action`` (object or notation) at the cursor and move the cursor to the result.

        If the same action was already tried from here, its branch is revisited rather than
        copied; otherwise a new branch starts and the old ones are kept.

        Returns:
            State: the new cursor state.

        Raises:
            IllegalAction: the action is illegal; the timeline is unchanged.
        """
        new_state = self.cursor.state.play(action)
        played = new_state.history[-1] if new_state.history else action
        for child in self.cursor.children:
            if str(child.action) == str(played):
                return self._move_to_child(child)
        node = Node(len(self._nodes), new_state, self.cursor, played)
        self._nodes.append(node)
        self.cursor.children.append(node)
        return self._move_to_child(node)

    def _move_to_child(self, child: Node) -> State:
        self.cursor._last_child = child
        self.cursor = child
        return child.state

    def can_undo(self) -> bool:
        """``True`` when the cursor is not at the root."""
        return self.cursor.parent is not None

    def can_redo(self) -> bool:
        """``True`` when the cursor has a continuation."""
        return bool(self.cursor.children)

    def undo(self) -> State:
        """Move the cursor one action back.

        Raises:
            IndexError: already at the start.
        """
        if self.cursor.parent is None:
            raise IndexError("nothing to undo: this is the starting position")
        self.cursor = self.cursor.parent
        return self.cursor.state

    def redo(self) -> State:
        """Move the cursor one action forward, along the branch visited last.

        Raises:
            IndexError: nothing was played from here.
        """
        if not self.cursor.children:
            raise IndexError("nothing to redo from this position")
        self.cursor = self.cursor._last_child or self.cursor.children[-1]
        return self.cursor.state

    def node(self, node_id: int) -> Node:
        """The node with that id.

        Raises:
            KeyError: no such node.
        """
        if not isinstance(node_id, int) or isinstance(node_id, bool) or not 0 <= node_id < len(self._nodes):
            raise KeyError(f"no position {node_id!r} in this timeline (node ids are 0..{len(self._nodes) - 1})")
        return self._nodes[node_id]

    def goto(self, node_id: int) -> State:
        """Move the cursor to any position of any branch (by node id); returns its state."""
        target = self.node(node_id)
        node = target
        while node.parent is not None:  # make redo follow the way we came
            node.parent._last_child = node
            node = node.parent
        self.cursor = target
        return target.state

    def goto_ply(self, ply: int) -> State:
        """Move the cursor to the position after ``ply`` actions of the current line.

        Raises:
            IndexError: the current line is shorter.
        """
        line = self.line()
        if not isinstance(ply, int) or isinstance(ply, bool):
            raise TypeError(f"ply must be an int, not {ply!r}")
        if not 0 <= ply < len(line):
            raise IndexError(f"the current line has positions 0..{len(line) - 1}, not {ply}")
        return self.goto(line[ply].id)

    def line(self) -> list[Node]:
        """The current line: root to cursor, then on along the branches visited last."""
        path = []
        node: Node | None = self.cursor
        while node is not None:
            path.append(node)
            node = node.parent
        path.reverse()
        node = self.cursor
        while node.children:
            node = node._last_child or node.children[-1]
            path.append(node)
        return path

    def branches(self) -> list[list[Node]]:
        """Every line from the root to a leaf (one list of nodes per branch), oldest first."""
        out: list[list[Node]] = []
        stack = [self.root]  # depth first without recursion: a game may be thousands of actions long
        while stack:
            node = stack.pop()
            if node.children:
                stack.extend(reversed(node.children))
                continue
            path = []
            leaf: Node | None = node
            while leaf is not None:
                path.append(leaf)
                leaf = leaf.parent
            path.reverse()
            out.append(path)
        return out

    def __len__(self) -> int:
        return len(self._nodes)
