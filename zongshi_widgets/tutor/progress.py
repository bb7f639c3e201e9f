"""A learner's progress through the lessons, kept in a small local JSON file, and the teacher's
table of many learners' files.

**The path.** Each game's course is its packaged lessons in the order of the game's lesson file
(``tutor/lessons/<game>.toml``, :func:`course`): every packaged lesson, once, in that order (the
notebooks show most of them, some in another order where the notebook's story needs it; the
file's order is the course). A :class:`~zongshi_widgets.tutor.board.LessonBoard` whose lesson is
solved offers *Next lesson*: the next lesson of that path, on the same board.

**The file.** When a learner solves a lesson on a LessonBoard the board records, once (the first
solve), the lesson (``"<game>/<id>"``), when it was solved, the tries (wrong attempts before
solving) and the hints used. The file is ``$ZONGSHI_WIDGETS_PROGRESS`` when that variable is
set, else ``~/.zongshi_widgets/progress.json`` (:func:`progress_path`); a learner's name is kept
in it too (:func:`set_learner`). It is written whole to a temporary file beside it and renamed
over it, so it is never left half written; a file that is not a progress file is refused
(:class:`ProgressError`, naming the file and how to fix it) and never overwritten. The format::

    {"format": "zongshi_widgets progress", "version": 1, "learner": "Ana",
     "lessons": {"gembloq/first-move": {"solved_at": "2026-12-03T18:30:00Z", "tries": 1, "hints": 0}}}

**The teacher's table.** :func:`class_progress` reads many learners' files (a folder of them, or
a list) into one table: a learner per row, a lesson per column group (solved, tries, hints), with
a summary per lesson (how many solved it, the median tries) and per learner (the first lesson
of each game's path not solved yet: who is stuck where). A file that cannot be read does not
stop the table: it is left out and named, with the reason, in the table's ``bad`` list (and in
a warning).
"""

from __future__ import annotations

import html
import json
import math
import os
import tempfile
import warnings
from collections.abc import Iterable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pandas as pd

from .. import core
from .lesson import Lesson, load_lessons, packaged_games

#: The environment variable naming the progress file (tests point it at a temporary file).
ENV = "ZONGSHI_WIDGETS_PROGRESS"
FORMAT = "zongshi_widgets progress"
VERSION = 1
_FIELDS = ("solved_at", "tries", "hints")


class ProgressError(ValueError):
    """A progress file that cannot be used: not JSON, not a progress file, or unreadable. The
    message names the file and says how to fix it; the file is left as it is."""


def progress_path() -> Path:
    """The learner's progress file: ``$ZONGSHI_WIDGETS_PROGRESS`` when set (and not empty), else
    ``~/.zongshi_widgets/progress.json``.

    Returns:
        Path: the file (it need not exist yet).
    """
    named = os.environ.get(ENV, "").strip()
    return Path(named).expanduser() if named else Path.home() / ".zongshi_widgets" / "progress.json"


def _empty() -> dict:
    return {"format": FORMAT, "version": VERSION, "learner": None, "lessons": {}}


def _refuse(path: Path, why: str) -> ProgressError:
    return ProgressError(
        f"the progress file {str(path)!r} {why}; it was left as it is. Move it away or delete it to start afresh (or fix it), or set {ENV} to another file"
    )


def _is_count(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def read_progress(path: str | Path | None = None) -> dict:
    """Read a progress file.

    Args:
        path (str | Path | None): the file; ``None``: :func:`progress_path`.

    Returns:
        dict: ``{"format", "version", "learner", "lessons": {"<game>/<id>": {"solved_at",
        "tries", "hints"}}}``; an empty record when the file does not exist.

    Raises:
        ProgressError: the file cannot be read, is not UTF-8 JSON, or is not a progress file of
            this format (the message names the file and the field, and how to fix it).
    """
    path = Path(path) if path is not None else progress_path()
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return _empty()
    except IsADirectoryError:
        raise _refuse(path, "is a folder, not a file") from None
    except OSError as exc:
        raise _refuse(path, f"cannot be read ({exc.strerror or exc})") from None
    except UnicodeDecodeError:
        raise _refuse(path, "is not UTF-8 text") from None
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, RecursionError) as exc:
        raise _refuse(path, f"is not valid JSON ({str(exc)[:120]})") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise _refuse(path, f'is not a zongshi_widgets progress file (no "format": {FORMAT!r})')
    if data.get("version") != VERSION:
        raise _refuse(path, f"has version {data.get('version')!r}, and this zongshi_widgets reads version {VERSION}")
    learner = data.get("learner")
    if learner is not None and not isinstance(learner, str):
        raise _refuse(path, f"has a learner that is not text ({learner!r})")
    lessons = data.get("lessons")
    if not isinstance(lessons, dict):
        raise _refuse(path, 'has no "lessons" table')
    for key, entry in lessons.items():
        if key.count("/") != 1 or not isinstance(entry, dict):
            raise _refuse(path, f'has a bad lesson entry {key[:80]!r} (a key "<game>/<lesson id>" and a table)')
        if not isinstance(entry.get("solved_at"), str) or not _is_count(entry.get("tries")) or not _is_count(entry.get("hints")):
            raise _refuse(path, f"has a bad entry for {key[:80]!r} (solved_at text, tries and hints whole numbers from 0)")
    return {"format": FORMAT, "version": VERSION, "learner": learner, "lessons": dict(lessons)}


def write_progress(data: dict, path: str | Path | None = None) -> Path:
    """Write a progress record atomically: to a temporary file in the same folder, flushed to
    disk, then renamed over the file (readers see the old file or the new one, never half of
    one). The folder is made if needed.

    Args:
        data (dict): a record as :func:`read_progress` returns.
        path (str | Path | None): the file; ``None``: :func:`progress_path`.

    Returns:
        Path: the file written.

    Raises:
        OSError: the folder cannot be made or written (the old file is unchanged).
    """
    path = Path(path) if path is not None else progress_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            json.dump(data, f, indent=1, sort_keys=True, ensure_ascii=False)
            f.write("\n")
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return path


def lesson_key(item: Lesson) -> str:
    """The key of a lesson in progress files: ``"<game>/<id>"``."""
    return f"{item.game}/{item.id}"


def record_solve(item: Lesson, tries: int, hints: int, path: str | Path | None = None) -> bool:
    """Record that the learner solved ``item`` (kept once: the first solve stays).

    Args:
        item (Lesson): the lesson solved.
        tries (int): wrong attempts before solving.
        hints (int): hints shown before solving.
        path (str | Path | None): the file; ``None``: :func:`progress_path`.

    Returns:
        bool: ``True`` when this is the first solve (the file was written), ``False`` when the
        lesson was solved before (the file is unchanged).

    Raises:
        ProgressError: the file is not a progress file (it is left untouched).
        ValueError: ``tries`` or ``hints`` is not a whole number from 0.
        OSError: the file cannot be written.
    """
    if not _is_count(tries) or not _is_count(hints):
        raise ValueError(f"tries and hints are whole numbers from 0, not {tries!r} and {hints!r}")
    data = read_progress(path)
    key = lesson_key(item)
    if key in data["lessons"]:
        return False
    stamp = datetime.now(UTC).replace(microsecond=0).isoformat().replace("+00:00", "Z")
    data["lessons"][key] = {"solved_at": stamp, "tries": tries, "hints": hints}
    write_progress(data, path)
    return True


def set_learner(name: str, path: str | Path | None = None) -> None:
    """Set the learner's name, kept in the progress file (a teacher's table shows it).

    Args:
        name (str): the name, 1 to 80 characters (spaces around it are dropped).
        path (str | Path | None): the file; ``None``: :func:`progress_path`.

    Raises:
        ValueError: the name is empty, too long or not text.
        ProgressError: the file is not a progress file (it is left untouched).
    """
    if not isinstance(name, str) or not name.strip() or len(name.strip()) > 80:
        raise ValueError(f"a learner's name is text of 1 to 80 characters, not {name!r}")
    data = read_progress(path)
    data["learner"] = name.strip()
    write_progress(data, path)


def learner(path: str | Path | None = None) -> str | None:
    """The learner's name in the progress file (``None`` when none was set).

    Raises:
        ProgressError: the file is not a progress file.
    """
    return read_progress(path)["learner"]


def course(game: str) -> list[Lesson]:
    """A game's path: its packaged lessons in the order of its lesson file.

    Raises:
        FileNotFoundError: the game has no packaged lessons.
    """
    return load_lessons(game)


def _title(game: str) -> str:
    try:
        return core.game_type(game).long_name
    except (KeyError, AttributeError):
        return game


def next_lesson(item: Lesson) -> tuple[Lesson | None, bool]:
    """The lesson after ``item`` in its game's path.

    Args:
        item (Lesson): a lesson.

    Returns:
        tuple[Lesson | None, bool]: ``(next, on_path)``: ``on_path`` is ``False`` for a lesson
        that is not one of the packaged path's (a teacher's own: no next lesson); ``next`` is
        ``None`` after the last lesson of the path.
    """
    if item.game not in packaged_games():
        return None, False
    path = course(item.game)
    for i, other in enumerate(path):
        if other == item:
            return (path[i + 1] if i + 1 < len(path) else None), True
    return None, False


def _lesson_rows(record: dict, games: Iterable[str]) -> list[dict]:
    rows = []
    seen = set()
    done = record["lessons"]
    for game in games:
        for step, item in enumerate(course(game), start=1):
            key = lesson_key(item)
            seen.add(key)
            entry = done.get(key)
            rows.append(
                {
                    "game": game,
                    "step": step,
                    "lesson": item.id,
                    "title": item.title,
                    "solved": entry is not None,
                    "tries": entry["tries"] if entry else pd.NA,
                    "hints": entry["hints"] if entry else pd.NA,
                    "solved_at": entry["solved_at"] if entry else None,
                }
            )
        # lessons of this game recorded but not on its path (a teacher's own): after the path
        for key in sorted(k for k in done if k.split("/")[0] == game and k not in seen):
            entry = done[key]
            rows.append({"game": game, "step": pd.NA, "lesson": key.split("/", 1)[1], "title": "", "solved": True, **entry})
    return rows


def _games(games: str | Iterable[str] | None) -> list[str]:
    known = packaged_games()
    if games is None:
        return known
    games = [games] if isinstance(games, str) else list(games)
    for game in games:
        if game not in known:
            raise ValueError(f"no course for the game {str(game)[:80]!r}; games with lessons: {', '.join(known)}")
    return games


def _frame(rows: list[dict]) -> pd.DataFrame:
    df = pd.DataFrame(rows, columns=["game", "step", "lesson", "title", "solved", "tries", "hints", "solved_at"])
    for col in ("step", "tries", "hints"):
        df[col] = df[col].astype("Int64")
    df["solved"] = df["solved"].astype(bool)
    return df


class ProgressTable(pd.DataFrame):
    """What :func:`progress` returns: a DataFrame (a lesson per row) whose notebook display is
    a course summary per game, with the lessons in a fold. ``learner`` is the learner's name."""

    _metadata = ["learner"]

    @property
    def _constructor(self):
        return pd.DataFrame  # a slice or a computation is a plain DataFrame

    def _repr_html_(self) -> str:
        name = self.learner
        who = f"Progress of <b>{html.escape(name)}</b>" if name else 'Progress (no learner name yet: <code>zw.set_learner("your name")</code>)'
        parts = [f"<div class='zw-progress'><p>{who}</p>"]
        for game, rows in self.groupby("game", sort=False):
            path = rows[rows["step"].notna()]
            solved = int(path["solved"].sum())
            todo = path[~path["solved"]]
            if todo.empty:
                nxt = "the course is done"
            else:
                first = todo.iloc[0]
                nxt = f"next: <i>{html.escape(first['title'])}</i> (<code>zw.tutor.show_lesson({game!r}, {first['lesson']!r})</code>)"
            lines = []
            for _, r in rows.iterrows():
                step = "" if pd.isna(r["step"]) else int(r["step"])
                mark = "✓" if r["solved"] else ""
                tries = "" if pd.isna(r["tries"]) else int(r["tries"])
                hints = "" if pd.isna(r["hints"]) else int(r["hints"])
                lines.append(
                    f"<tr><td>{step}</td><td style='text-align:left'>{html.escape(r['title'])}</td>"
                    f"<td style='text-align:left'><code>{html.escape(r['lesson'])}</code></td>"
                    f"<td>{mark}</td><td>{tries}</td><td>{hints}</td></tr>"
                )
            table = (
                "<table><thead><tr><th>step</th><th style='text-align:left'>lesson</th><th style='text-align:left'>id</th>"
                "<th>solved</th><th>tries</th><th>hints</th></tr></thead><tbody>" + "".join(lines) + "</tbody></table>"
            )
            parts.append(f"<details><summary><b>{html.escape(_title(game))}</b>: {solved} of {len(path)} lessons solved; {nxt}</summary>{table}</details>")
        parts.append("</div>")
        return "".join(parts)


def progress(games: str | Iterable[str] | None = None, path: str | Path | None = None) -> ProgressTable:
    """This learner's progress: every lesson of each game's path, in path order.

    Args:
        games (str | Iterable[str] | None): a game or games (default: every game with lessons).
        path (str | Path | None): the progress file; ``None``: :func:`progress_path`.

    Returns:
        ProgressTable: a DataFrame with columns ``game``, ``step`` (place in the path, from 1;
        empty for a recorded lesson not on the path), ``lesson`` (id), ``title``, ``solved``
        (bool), ``tries``, ``hints`` (empty when not solved), ``solved_at`` (UTC, ISO 8601);
        shown in a notebook as a summary per game.

    Raises:
        ProgressError: the file is not a progress file (it is left untouched).
        ValueError: a game without lessons.
    """
    record = read_progress(path)
    table = ProgressTable(_frame(_lesson_rows(record, _games(games))))
    table.learner = record["learner"]
    return table


class ClassTable(pd.DataFrame):
    """What :func:`class_progress` returns: a DataFrame with a learner per row and, per lesson
    of the paths (columns ``(game/lesson, solved|tries|hints)``), whether it is solved and its
    tries and hints; and the summaries.

    Attributes:
        by_lesson (pandas.DataFrame): per lesson (path order): ``game``, ``step``, ``lesson``,
            ``title``, ``learners``, ``solved`` (how many solved it), ``median_tries``,
            ``median_hints`` (of those who solved it).
        by_learner (pandas.DataFrame): per learner: ``file``, ``solved`` (lessons), and per
            game the first lesson of its path not solved yet (``""``: the course is done):
            where each learner is stuck.
        bad (list[tuple[str, str]]): the files left out: ``(file name, reason)``.
    """

    _metadata = ["by_lesson", "by_learner", "bad"]

    @property
    def _constructor(self):
        return pd.DataFrame

    def _repr_html_(self) -> str:
        parts = ["<div class='zw-class-progress'><p><b>Who is stuck where</b> (first lesson not solved, per game)</p>", self.by_learner.to_html()]
        parts += ["<p><b>Per lesson</b></p>", self.by_lesson.to_html(index=False)]
        if self.bad:
            items = "".join(f"<li><code>{html.escape(name)}</code>: {html.escape(why)}</li>" for name, why in self.bad)
            parts.append(f"<p><b>Files left out</b> ({len(self.bad)}):</p><ul>{items}</ul>")
        parts.append("</div>")
        return "".join(parts)


def _files(files_or_folder: str | Path | Iterable[str | Path]) -> list[Path]:
    if isinstance(files_or_folder, (str, Path)):
        where = Path(files_or_folder)
        if where.is_dir():
            found = sorted(p for p in where.glob("*.json") if p.is_file())
            if not found:
                raise ValueError(f"no progress files (*.json) in the folder {str(where)!r}")
            return found
        return [where]
    files = [Path(p) for p in files_or_folder]
    if not files:
        raise ValueError("class_progress needs progress files: a folder of them or a list")
    return files


def class_progress(files_or_folder: str | Path | Iterable[str | Path], games: str | Iterable[str] | None = None) -> ClassTable:
    """A class's progress: many learners' progress files in one table.

    Args:
        files_or_folder: a folder (its ``*.json`` files, by name), one file, or a list of files.
        games (str | Iterable[str] | None): the games to show (default: every game with lessons).

    Returns:
        ClassTable: a learner per row (the name in the file, else the file's stem; a name
        given twice is told apart by its file name), columns ``(lesson, field)`` for each
        lesson of each path, ``lesson`` as ``"<game>/<id>"`` and ``field`` one of ``solved``,
        ``tries``, ``hints``; with ``by_lesson``, ``by_learner`` and ``bad`` (see
        :class:`ClassTable`). A file that cannot be read is left out, named in ``bad`` with
        the reason, and warned about; it does not stop the table.

    Raises:
        ValueError: no files given, an empty folder, no file could be read, or a game without
            lessons.
    """
    games = _games(games)
    files = _files(files_or_folder)
    bad: list[tuple[str, str]] = []
    learners: list[tuple[str, str, dict]] = []
    for file in files:
        try:
            record = read_progress(file) if file.exists() else None
        except ProgressError as exc:
            bad.append((file.name, str(exc)))
            continue
        if record is None:
            bad.append((file.name, "no such file"))
            continue
        learners.append((record["learner"] or file.stem, file.name, record))
    if bad:
        warnings.warn(f"class_progress left out {len(bad)} file(s): {', '.join(name for name, _ in bad)} (see the table's .bad)", stacklevel=2)
    if not learners:
        raise ValueError(f"no progress file could be read: {'; '.join(f'{n}: {w}' for n, w in bad)}")
    names = [name for name, _, _ in learners]
    rows, stuck, index = {}, [], []
    paths = {game: course(game) for game in games}
    for name, file, record in learners:
        label = f"{name} ({file})" if names.count(name) > 1 else name
        index.append(label)
        row = {}
        done = record["lessons"]
        where = {"file": file, "solved": 0}
        for game, items in paths.items():
            where[_title(game)] = ""
            for item in items:
                key = lesson_key(item)
                entry = done.get(key)
                row[(key, "solved")] = entry is not None
                row[(key, "tries")] = entry["tries"] if entry else pd.NA
                row[(key, "hints")] = entry["hints"] if entry else pd.NA
                if entry:
                    where["solved"] += 1
                elif not where[_title(game)]:
                    where[_title(game)] = item.id
        rows[label] = row
        stuck.append(where)
    keys = [(lesson_key(item), f) for items in paths.values() for item in items for f in ("solved", "tries", "hints")]
    columns = pd.MultiIndex.from_tuples(keys, names=["lesson", "field"])
    frame = pd.DataFrame.from_dict(rows, orient="index", columns=columns)
    frame = frame.astype({col: bool if col[1] == "solved" else "Int64" for col in columns})
    frame.index.name = "learner"
    table = ClassTable(frame)
    summary = []
    for game, items in paths.items():
        for step, item in enumerate(items, start=1):
            key = lesson_key(item)
            tries = table[(key, "tries")].dropna()
            hints = table[(key, "hints")].dropna()
            summary.append(
                {
                    "game": game,
                    "step": step,
                    "lesson": item.id,
                    "title": item.title,
                    "learners": len(table),
                    "solved": int(table[(key, "solved")].sum()),
                    "median_tries": float(tries.median()) if len(tries) else math.nan,
                    "median_hints": float(hints.median()) if len(hints) else math.nan,
                }
            )
    table.by_lesson = pd.DataFrame(summary)
    table.by_learner = pd.DataFrame(stuck, index=pd.Index(index, name="learner"))
    table.bad = bad
    return table
