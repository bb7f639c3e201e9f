"""Static SVG pictures of GembloQ positions (for notebooks where widgets cannot run, GitHub
previews, nbconvert HTML, and the lessons' text)."""

from __future__ import annotations

from .geometry import vertices

#: Fill colour and pattern of each colour; the pattern keeps colours apart without colour vision.
PALETTE = (
    ("#2f6fd6", "dots"),  # blue
    ("#e8b90c", "stripes"),  # yellow
    ("#d8433b", "cross"),  # red
    ("#2e9e4f", "rings"),  # green
)


def _defs(prefix: str) -> str:
    out = []
    for c, (fill, pattern) in enumerate(PALETTE):
        pid = f"{prefix}p{c}"
        mark = {
            "dots": '<circle cx="3" cy="3" r="1.1" fill="rgba(255,255,255,.75)"/>',
            "stripes": '<path d="M0,6 L6,0" stroke="rgba(0,0,0,.45)" stroke-width="1.2"/>',
            "cross": '<path d="M0,0 L6,6 M6,0 L0,6" stroke="rgba(255,255,255,.6)" stroke-width=".9"/>',
            "rings": '<circle cx="3" cy="3" r="1.6" fill="none" stroke="rgba(255,255,255,.75)" stroke-width=".8"/>',
        }[pattern]
        out.append(f'<pattern id="{pid}" width="6" height="6" patternUnits="userSpaceOnUse"><rect width="6" height="6" fill="{fill}"/>{mark}</pattern>')
    return "<defs>" + "".join(out) + "</defs>"


def state_svg(state, size: int = 14, highlight: list[int] | None = None, prefix: str = "zwg") -> str:
    """An SVG picture of a GembloQ position.

    Args:
        state (GembloQState): the position.
        size (int): pixels per box (a square's diagonal); default 14.
        highlight (list[int] | None): area cell indexes to outline (e.g. a lesson's answer).
        prefix (str): prefix of the SVG pattern ids, to keep several pictures on one page apart.

    Returns:
        str: an ``<svg>`` element, about ``size * H`` pixels square.
    """
    tables = state.game.tables
    owner = {}
    for c in range(state.game.colours):
        for i in state.cells_of(c):
            owner[i] = c
    starts = {i: c for c, sq in enumerate(tables.starts[: state.game.colours]) for i in sq}
    hl = set(highlight or ())
    w, h = tables.W // 2 * size, tables.H * size
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="-2 -2 {w + 4} {h + 4}" width="{w + 4}" height="{h + 4}" '
        f'role="img" aria-label="GembloQ board, {len(state.history)} pieces placed">',
        _defs(prefix),
    ]
    groups: dict[str, list[str]] = {}
    for i, (x, y) in enumerate(tables.cells):
        (a, b), (c, d), (e, f) = vertices(x, y)
        path = f"M{a * size} {b * size}L{c * size} {d * size}L{e * size} {f * size}Z"
        c = owner.get(i)
        if c is not None:
            key = f"url(#{prefix}p{c})|rgba(0,0,0,.35)|1"
        elif i in starts:  # a starting square not yet covered: a pale square of its colour
            key = f"{PALETTE[starts[i]][0]}|{PALETTE[starts[i]][0]}|.35"
        else:
            key = "#f4f1ea|#d6d0c4|1"
        groups.setdefault(key, []).append(path)
    for key, paths in groups.items():
        fill, stroke, opacity = key.split("|")
        parts.append(f'<path d="{"".join(paths)}" fill="{fill}" fill-opacity="{opacity}" stroke="{stroke}" stroke-width=".6"/>')
    for i in hl:
        x, y = tables.cells[i]
        pts = " ".join(f"{u * size},{v * size}" for u, v in vertices(x, y))
        parts.append(f'<polygon points="{pts}" fill="none" stroke="#000" stroke-width="2"/>')
    for c, sq in enumerate(tables.starts[: state.game.colours]):
        if any(i in owner for i in sq):
            continue
        u, v = vertices(*tables.cells[sq[0]])[0]
        fill = PALETTE[c][0]
        parts.append(f'<circle cx="{u * size}" cy="{v * size}" r="{size * 0.35}" fill="{fill}" stroke="#000" stroke-width=".8"/>')
    parts.append("</svg>")
    return "".join(parts)


def trays_svg(state, size: int = 7, width: int | None = None, prefix: str = "zwg") -> str:
    """An SVG picture of the pieces each colour still has in hand (the trays), each piece
    drawn as it is shaped with its number (the tie-break value, rulebook "In Case of a Tie")
    under it. No score is written: a question lesson may ask for it.

    Args:
        state (GembloQState): the position.
        size (int): pixels per box of the pieces; default 7.
        width (int | None): the picture's width in pixels (pieces wrap to more rows); default:
            as wide as :func:`state_svg` draws the board at size 14.
        prefix (str): prefix of the SVG pattern ids (as in :func:`state_svg`).

    Returns:
        str: an ``<svg>`` element.
    """
    from .naming import piece_title

    tables = state.game.tables
    width = width or tables.W // 2 * 14 + 4
    names = state.game.colour_names  # the trays are the colours' (two per player with four colours)
    rows: list[str] = []
    y = 0.0
    for c in range(state.game.colours):
        left = state.pieces_left(c)
        rows.append(
            f'<text x="2" y="{y + 12:g}" font-family="sans-serif" font-size="12" fill="#222">'
            f"{names[c].capitalize()}: {len(left)} piece{'' if len(left) == 1 else 's'} in hand</text>"
        )
        y += 18
        x, line_h = 2.0, 0.0
        for piece in left:
            pts = [vertices(cx, cy) for cx, cy in piece.orientations[0]]
            us = [u for tri in pts for u, _ in tri]
            vs = [v for tri in pts for _, v in tri]
            u0, v0 = min(us), min(vs)
            bw, bh = (max(us) - u0) * size, (max(vs) - v0) * size
            slot = max(bw, 14) + 8
            if x + slot > width and x > 2:
                x, y = 2.0, y + line_h + 4
                line_h = 0.0
            d = "".join("M" + "L".join(f"{(u - u0) * size + x:g} {(v - v0) * size + y:g}" for u, v in tri) + "Z" for tri in pts)
            rows.append(
                f'<g><title>{piece_title(piece)}</title><path d="{d}" fill="url(#{prefix}p{c})" stroke="rgba(0,0,0,.45)" stroke-width=".6"/>'
                f'<text x="{x + bw / 2:g}" y="{y + bh + 11:g}" text-anchor="middle" font-family="sans-serif" font-size="10" fill="#222">'
                f"{piece.number}</text></g>"
            )
            x += slot
            line_h = max(line_h, bh + 13)
        y += line_h + 8
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {y:g}" width="{width}" height="{y:g}" role="img" '
        f'aria-label="GembloQ trays: the pieces each colour has in hand">{_defs(prefix)}{"".join(rows)}</svg>'
    )


def position_html(state, prefix: str = "zwg", highlight: list[int] | None = None) -> str:
    """The static picture of a position as HTML: the board (:func:`state_svg`) and, under it,
    the trays (:func:`trays_svg`), on a light background of their own (readable in light and
    dark notebook themes).

    Args:
        state (GembloQState): the position.
        prefix (str): prefix of the SVG pattern ids, unique per picture on a page.
        highlight (list[int] | None): area cell indexes to outline.

    Returns:
        str: a ``<div>`` element.
    """
    return (
        '<div style="display:inline-block;background:#fff;color:#222;padding:6px;border-radius:4px">'
        f"{state_svg(state, highlight=highlight, prefix=prefix)}<br>{trays_svg(state, prefix=prefix + 't')}</div>"
    )
