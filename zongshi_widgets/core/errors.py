"""Errors raised by the kernel and every game engine."""

from __future__ import annotations


class IllegalAction(ValueError):
    """An action that the rules forbid, or notation that names no action.

    Attributes:
        rule (str): a stable id of the rule that is broken, such as
            ``"gembloq.placement.edge-contact"``; tests and lessons match on it.
        message (str): plain words saying what is wrong, citing the rulebook section.

    The state the action was tried on is never changed.
    """

    def __init__(self, rule: str, message: str):
        super().__init__(f"{message} [{rule}]")
        self.rule = rule
        self.message = message


class UnknownName(KeyError):
    """A name (of a game, a bot...) that is not registered; prints as its plain message (a
    bare ``KeyError`` would print it in quotes)."""

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else ""


class CorruptSave(ValueError):
    """A saved game (``to_json`` text or a game record) that cannot be loaded.

    The whole file is refused; nothing of it is loaded. ``reason`` says what is wrong.
    """

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason
