"""The request protocol between a board in the browser and Python.

The browser sends JSON objects with a ``type`` (``model.send``). Each request type is a method
a board class registers with the :func:`request` decorator, naming the fields it may carry
(anywidget's command pattern): a game adds ``bid`` or ``choose`` to its own board class without
editing shared code. :class:`RequestHandler` collects the registered types over the class's
bases and dispatches a message to its method after checking it: an unknown type, an unknown
field, a non-integer ``version``, or a request larger than :data:`MAX_REQUEST_CHARS`, nested
deeper than :data:`MAX_REQUEST_DEPTH` or carrying an integer beyond 64 bits is a
:class:`BadRequest`, answered without changing anything and without echoing the request.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any, ClassVar

__all__ = ["MAX_REQUEST_CHARS", "MAX_REQUEST_DEPTH", "BadRequest", "RequestHandler", "check_request_size", "request"]

_log = logging.getLogger(__name__)


class BadRequest(ValueError):
    """A request from the browser that is not well-formed (answered with an error message)."""


#: Largest request accepted, in characters of text (strings and keys; a number counts 8): a
#: board's requests are a move's notation, a seed, a key, far below it.
MAX_REQUEST_CHARS = 16_384
#: Deepest nesting of lists and objects accepted in a request.
MAX_REQUEST_DEPTH = 16


def check_request_size(content: Any) -> None:
    """Refuse a request too large or too deep to be a board's, before anything reads it.

    Args:
        content: the decoded message content.

    Raises:
        BadRequest: more than :data:`MAX_REQUEST_CHARS` characters, deeper than
            :data:`MAX_REQUEST_DEPTH`, or an integer outside the signed 64-bit range. The
            message gives the limit, never the request.
    """
    size, stack = 0, [(content, 0)]
    while stack:
        item, depth = stack.pop()
        if depth > MAX_REQUEST_DEPTH:
            raise BadRequest(f"a board request is nested at most {MAX_REQUEST_DEPTH} deep")
        if isinstance(item, str):
            size += len(item)
        elif isinstance(item, dict):
            size += len(item)
            if size > MAX_REQUEST_CHARS:
                break
            for key, value in item.items():
                size += len(key) if isinstance(key, str) else 8
                stack.append((value, depth + 1))
        elif isinstance(item, (list, tuple)):
            size += len(item)
            if size > MAX_REQUEST_CHARS:
                break
            stack.extend((value, depth + 1) for value in item)
        else:
            if isinstance(item, int) and not isinstance(item, bool) and not -(2**63) <= item < 2**63:
                raise BadRequest("a number in a board request must fit in 64 bits")
            size += 8
        if size > MAX_REQUEST_CHARS:
            break
    if size > MAX_REQUEST_CHARS:
        raise BadRequest(f"a board request is at most {MAX_REQUEST_CHARS} characters long")


def _is_int(value: Any) -> bool:
    """Whether a request field is an integer (JSON numbers arrive as ``int``; ``True`` is no number)."""
    return isinstance(value, int) and not isinstance(value, bool)


def request(name: str, *fields: str) -> Callable[[Callable], Callable]:
    """Register the decorated method as the handler of request type ``name``.

    Args:
        name (str): the ``type`` of the request.
        *fields (str): the fields it may carry besides ``type`` (``version`` is always
            allowed: the board version the request was made at).

    Returns:
        the decorator; the method is called as ``method(self, content: dict)``.
    """

    def mark(fn: Callable) -> Callable:
        fn._zw_request = (name, frozenset({"type", "version", *fields}))
        return fn

    return mark


def _a(word: str) -> str:
    """The article for a word: ``an 'explain'``, ``a 'play'``."""
    return "an" if word[:1].lower() in "aeiou" else "a"


class RequestHandler:
    """Mixin: dispatch browser requests to the methods registered with :func:`request`.

    Subclasses register more request types (or replace one by registering its name again);
    :meth:`request_types` lists them. :meth:`handle_request` never raises: a request that is
    malformed or fails is passed to :meth:`request_failed`.
    """

    _requests: ClassVar[dict[str, tuple[str, frozenset[str]]]] = {}

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        table: dict[str, tuple[str, frozenset[str]]] = {}
        for klass in reversed(cls.__mro__):
            for attr, value in vars(klass).items():
                spec = getattr(value, "_zw_request", None)
                if spec is not None:
                    table[spec[0]] = (attr, spec[1])
        cls._requests = table

    @classmethod
    def request_types(cls) -> dict[str, frozenset[str]]:
        """``{request type: the fields it may carry}`` for this board class."""
        return {name: fields for name, (_, fields) in sorted(cls._requests.items())}

    def handle_request(self, content: Any) -> None:
        """Handle one request from the browser (what ``model.send`` delivers).

        Never raises: a malformed request (:class:`BadRequest`) or a failing handler is passed
        to :meth:`request_failed`, and nothing changes.

        Args:
            content: the message content (a dict with a ``type``).
        """
        try:
            self.dispatch(content)
        except BadRequest as exc:
            self.request_failed(str(exc), exc)
        except Exception as exc:  # never let a request break the kernel side
            _log.exception("board request failed")
            self.request_failed(f"{type(exc).__name__}: {exc}", exc)

    def dispatch(self, content: Any) -> None:
        """Check a request's form and call its handler.

        Raises:
            BadRequest: not an object, too large (:func:`check_request_size`), unknown type,
                unexpected fields, or a non-integer ``version``.
        """
        if not isinstance(content, dict):
            raise BadRequest("a board request must be a JSON object with a 'type'")
        check_request_size(content)
        kind = content.get("type")
        table = type(self)._requests
        if not isinstance(kind, str) or kind not in table:
            raise BadRequest(f"unknown request type {kind!r}; known: {', '.join(sorted(table))}")
        attr, fields = table[kind]
        extra = set(content) - fields
        if extra:
            raise BadRequest(f"unexpected field(s) {sorted(extra)} in {_a(kind)} {kind!r} request")
        version = content.get("version")
        if version is not None and (not isinstance(version, int) or isinstance(version, bool)):
            raise BadRequest("'version' must be an integer")
        getattr(self, attr)(content)

    def request_failed(self, text: str, exc: Exception) -> None:
        """Say that a request failed (override: a board shows it as an error message)."""
        _log.warning("board request failed: %s", text)
