"""The rulebook sections each game's lessons teach, and the section of each rule id the
engines raise (package data ``rule_sections.toml``; issue 22, "every rule a lesson").

A lesson's ``rule`` names one section, or several joined by ``"; "``, spelled exactly as
:func:`rulebook_sections` lists them. :func:`rule_summary` gives the project's own summary of a
section, in plain words (package data ``rule_summaries.toml``), which a lesson board opens under
"Rule: <section>".
"""

from __future__ import annotations

import tomllib
from functools import cache
from importlib import resources

from ..core.errors import UnknownName

__all__ = ["lesson_sections", "rule_id_sections", "rule_summary", "rulebook_sections", "section_games"]


@cache
def _data() -> dict:
    return tomllib.loads(resources.files(__package__).joinpath("rule_sections.toml").read_text(encoding="utf-8"))


@cache
def _summaries() -> dict:
    return tomllib.loads(resources.files(__package__).joinpath("rule_summaries.toml").read_text(encoding="utf-8"))


def section_games() -> list[str]:
    """The games whose sections are listed, sorted.

    Returns:
        list[str]: game names such as ``"gembloq"``.
    """
    return sorted(_data())


def _game(game: str) -> dict:
    data = _data()
    if game not in data:
        raise KeyError(f"no rulebook sections listed for game {game!r}; listed: {', '.join(sorted(data))}")
    return data[game]


def rulebook_sections(game: str) -> list[str]:
    """The sections of ``game``'s rulebook a player must know, in rulebook order.

    Args:
        game (str): a game name, e.g. ``"art_gallery"``.

    Returns:
        list[str]: section names, as lessons' ``rule`` fields spell them.

    Raises:
        KeyError: no sections are listed for ``game``.
    """
    return list(_game(game)["sections"])


def rule_id_sections(game: str) -> dict[str, tuple[str, ...]]:
    """The section(s) each rule id of ``game``'s engine belongs to.

    Args:
        game (str): a game name.

    Returns:
        dict[str, tuple[str, ...]]: rule id (as ``IllegalAction.rule``) to section names.

    Raises:
        KeyError: no sections are listed for ``game``.
    """
    ids = _game(game).get("rule_ids", {})
    return {rid: (sec,) if isinstance(sec, str) else tuple(sec) for rid, sec in ids.items()}


def lesson_sections(rule: str) -> list[str]:
    """The section names a lesson's ``rule`` field gives (split at ``"; "``).

    Args:
        rule (str): a lesson's ``rule``.

    Returns:
        list[str]: the section names, stripped; empty for an empty ``rule``.
    """
    return [part.strip() for part in rule.split("; ") if part.strip()]


def rule_summary(game: str, section: str) -> str:
    """The project's own summary of a rulebook section: what a player must know, in two to
    five plain sentences (a paraphrase, never the publisher's text). Where the engine follows a
    project ruling or a reconstructed value (``docs/rulings/<game>.md``), the summary says so.

    Args:
        game (str): a game name, e.g. ``"majolica"``.
        section (str): one of :func:`rulebook_sections` of ``game``, spelled as listed.

    Returns:
        str: the summary, plain text.

    Raises:
        KeyError: no sections are listed for ``game``, or ``section`` is not one of them
            (an ``UnknownName``, whose message names the game's sections).
    """
    sections = rulebook_sections(game)
    summaries = _summaries().get(game, {})
    if section not in sections or section not in summaries:
        raise UnknownName(f"no rulebook section {str(section)[:80]!r} for {game}; its sections: {'; '.join(sections)}")
    return summaries[section]
