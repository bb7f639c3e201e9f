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
