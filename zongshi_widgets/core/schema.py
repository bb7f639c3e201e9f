"""Validation of the files people bring (component data, lesson files, saves) against the JSON
Schemas shipped next to the files they describe, with :mod:`jsonschema`.

A schema declares the structure (keys, types, ranges, allowed words); the loaders keep only the
checks a schema cannot state (a cost no supply can pay, totals that must add up). Errors name
the file, the place in it and what is wrong, using the schema's ``description`` of the part.
"""

from __future__ import annotations

import json
import math
from functools import cache
from importlib import resources
from typing import Any

__all__ = ["SchemaError", "load_schema", "validate"]


class SchemaError(ValueError):
    """Data that breaks its schema; the message names the place (``projects.merchant_statue.time``)
    and what is wrong.

    Attributes:
        where (str): the dotted path of the offending part (``"the top level"`` for the root).
        problem (str): what is wrong there.
    """

    def __init__(self, what: str, where: str, problem: str):
        super().__init__(f"{what}: {where}: {problem}")
        self.where = where
        self.problem = problem


@cache
def load_schema(package: str, name: str) -> dict:
    """A packaged JSON Schema (read once).

    Args:
        package (str): the package holding it, e.g. ``"zongshi_widgets.games.zongshi"``.
        name (str): its path inside the package, e.g. ``"data/components.schema.json"``.

    Returns:
        dict: the schema, checked against its own meta-schema.
    """
    import jsonschema  # imported on first use: jsonschema's format checkers take about a second to import

    schema = json.loads(resources.files(package).joinpath(name).read_text(encoding="utf-8"))
    jsonschema.validators.validator_for(schema).check_schema(schema)
    return schema


def _where(path: Any) -> str:
    parts = [f"[{p + 1}]" if isinstance(p, int) else ("." if i else "") + str(p) for i, p in enumerate(path)]
    text = "".join(parts).lstrip(".")
    return text or "the top level"


def _non_finite(data: Any) -> list | None:
    """The path of the first float in ``data`` that is infinite or NaN (JSON has none, but
    Python's parser reads ``1e999`` and ``NaN``; schema keywords such as ``multipleOf`` would
    overflow on them), or ``None``."""
    stack: list[tuple[Any, list]] = [(data, [])]
    while stack:
        value, path = stack.pop()
        if isinstance(value, float) and not math.isfinite(value):
            return path
        if isinstance(value, dict):
            stack.extend((v, [*path, k]) for k, v in value.items())
        elif isinstance(value, list):
            stack.extend((v, [*path, i]) for i, v in enumerate(value))
    return None


def validate(data: Any, schema: dict, what: str) -> None:
    """Check ``data`` against ``schema``.

    Args:
        data: the parsed file (dicts, lists, strings, numbers).
        schema (dict): a JSON Schema (from :func:`load_schema`).
        what (str): how the file is named in the message (``"component file my_cards.toml"``).

    Raises:
        SchemaError: the first (most relevant) violation: where it is, what is wrong, and the
            schema's description of that part when it has one. List positions count from 1.
    """
    import jsonschema  # imported on first use (see load_schema)
    from jsonschema.exceptions import best_match

    validator = jsonschema.validators.validator_for(schema)(schema)
    bad_number = _non_finite(data)
    if bad_number is not None:
        raise SchemaError(what, _where(bad_number), "a number that is infinite or not a number (too large for a data file)")
    try:
        error = best_match(validator.iter_errors(data))
    except RecursionError:
        raise SchemaError(what, "the top level", "nested too deeply to be a data file") from None
    if error is None:
        return
    problem = error.message
    if len(problem) > 300:
        problem = problem[:300] + "…"
    described = error.schema.get("description") if isinstance(error.schema, dict) else None
    if described:
        problem = f"{problem} ({described})"
    raise SchemaError(what, _where(error.absolute_path), problem)
