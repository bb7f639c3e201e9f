"""Score sheets: per-player rows by category, totals, ranking and tie-breaks."""

from __future__ import annotations

import html
from collections.abc import Sequence
from dataclasses import dataclass, field


def _fmt(value: float) -> str:
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


@dataclass(frozen=True)
class ScoreSheet:
    """The scores of one finished (or running) game, as a table.

    Args:
        players (Sequence[str]): one name per seat, e.g. ``["blue", "yellow", ...]``.
        categories (Sequence[str]): the row names, e.g. ``["penalty points"]``.
        values (Sequence[Sequence[float]]): ``values[seat][category]``, shape
            ``(len(players), len(categories))``.
        totals (Sequence[float]): one number per seat, the figure that decides the game.
        tiebreaks (Sequence[tuple]): one key per seat, compared when totals are equal.
        lower_wins (bool): ``True`` when fewer points win (penalty scoring), and then lower
            tie-break keys win too.
        tiebreak_label (str): how the tie-break is named in the table.
        total_label (str): how the total is named in the table (e.g. ``"penalty points"``).
        final (bool): the game is over; otherwise the table says who is *leading*, not who won.
        notes (str): a sentence on how the game is decided (shown under the table).

    Attributes:
        ranking (tuple[int, ...]): ``ranking[seat]`` is that seat's place, 1 for the best;
            seats still tied after the tie-break share a place (a shared win).
        winners (tuple[int, ...]): the seats in first place; empty for a one-player sheet
            (a result to improve on, with nobody to beat: no winner, no ranks).
    """

    players: Sequence[str]
    categories: Sequence[str]
    values: Sequence[Sequence[float]]
    totals: Sequence[float]
    tiebreaks: Sequence[tuple] = ()
    lower_wins: bool = False
    tiebreak_label: str = "tie-break"
    total_label: str = "total"
    final: bool = True
    notes: str = ""
    ranking: tuple[int, ...] = field(init=False)
    winners: tuple[int, ...] = field(init=False)

    def __post_init__(self):
        n = len(self.players)
        if len(self.values) != n or len(self.totals) != n:
            raise ValueError("values and totals need one entry per player")
        tiebreaks = tuple(tuple(t) for t in self.tiebreaks) or tuple(() for _ in range(n))
        object.__setattr__(self, "tiebreaks", tiebreaks)
        sign = 1 if self.lower_wins else -1

        def key(seat: int) -> tuple:
            return (sign * self.totals[seat], tuple(sign * t for t in tiebreaks[seat]))

        ranking = tuple(1 + sum(1 for other in range(n) if key(other) < key(seat)) for seat in range(n))
        object.__setattr__(self, "ranking", ranking)
        object.__setattr__(self, "winners", tuple(s for s in range(n) if ranking[s] == 1) if n > 1 else ())

    def rows(self) -> list[dict]:
        """One dict per seat: ``player``, each category, the total (under ``total_label``), the
        tie-break (under ``tiebreak_label``, when there is one) and ``rank`` (when there is more
        than one player)."""
        out = []
        for seat, name in enumerate(self.players):
            row = {"player": name}
            row.update({cat: self.values[seat][i] for i, cat in enumerate(self.categories)})
            row[self.total_label] = self.totals[seat]
            if any(self.tiebreaks):
                row[self.tiebreak_label] = self.tiebreaks[seat][0] if len(self.tiebreaks[seat]) == 1 else self.tiebreaks[seat]
            if len(self.players) > 1:
                row["rank"] = self.ranking[seat]
            out.append(row)
        return out

    def to_json(self) -> dict:
        """A JSON-able dict with the rows, the winners and the notes."""
        return {"rows": self.rows(), "winners": list(self.winners), "lower_wins": self.lower_wins, "final": self.final, "notes": self.notes}

    def _caption(self, names: str) -> str:
        if len(self.players) == 1:
            return f"{'result' if self.final else 'so far'}: {_fmt(self.totals[0])} {self.total_label}"
        if not self.final:
            return f"game in progress; leading: {names}"
        return f"winner{'s' if len(self.winners) > 1 else ''}: {names}"

    def __str__(self) -> str:
        rows = self.rows()
        headers = list(rows[0].keys()) if rows else ["player"]
        table = [[_fmt(r[h]) if not isinstance(r[h], str) else r[h] for h in headers] for r in rows]
        widths = [max(len(str(h)), *(len(row[i]) for row in table)) for i, h in enumerate(headers)]
        lines = ["  ".join(str(h).ljust(w) for h, w in zip(headers, widths))]
        lines.append("  ".join("-" * w for w in widths))
        lines += ["  ".join(c.ljust(w) for c, w in zip(row, widths)) for row in table]
        lines.append(self._caption(", ".join(self.players[s] for s in self.winners)))
        if self.notes:
            lines.append(self.notes)
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        rows = self.rows()
        headers = list(rows[0].keys()) if rows else ["player"]
        head = "".join(f"<th>{html.escape(str(h))}</th>" for h in headers)
        body = ""
        for seat, r in enumerate(rows):
            style = ' style="font-weight:bold"' if seat in self.winners else ""
            cells = "".join(f"<td>{html.escape(_fmt(r[h]) if not isinstance(r[h], str) else r[h])}</td>" for h in headers)
            body += f"<tr{style}>{cells}</tr>"
        caption = self._caption(", ".join(html.escape(self.players[s]) for s in self.winners))
        notes = f"<br><small>{html.escape(self.notes)}</small>" if self.notes else ""
        return (
            f'<table class="zw-scoresheet"><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>'
            f"<div>{caption}{notes}</div>"
        )
