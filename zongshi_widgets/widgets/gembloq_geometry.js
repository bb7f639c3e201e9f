/* zongshi_widgets, GembloQ part 1 of 7: geometry and maths (pure functions, no DOM state).
 *
 * The GembloQ board is the concatenation base.js + gembloq_geometry.js + gembloq_state.js +
 * gembloq_board.js + gembloq_trays.js + gembloq_scores.js + gembloq_input.js + gembloq.js
 * (GembloQBoard._esm, widgets/gembloq.py): one ES module, so every part's top-level names
 * share one scope. Parts define functions only (no top-level code that uses another part).
 *
 * Here: the grid derived from `geometry` (prepare), cells and placements in box units, the
 * SVG path data of cells, the colour patterns, and the compact codes of `legal`.
 */

const S = 20; // SVG units per box of the grid
const PAD = 8; // margin around the playing area
const B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
const B64I = new Map([...B64].map((ch, i) => [ch, i]));

function unpack(text, from) {
  const out = [];
  for (let i = from; i + 1 < text.length; i += 2) out.push(B64I.get(text[i]) * 64 + B64I.get(text[i + 1]));
  return out;
}

/** Everything derived from the static geometry (computed once per view). */
function prepare(geo) {
  const cells = [];
  for (let i = 0; i < geo.cells.length; i += 2) cells.push([geo.cells[i], geo.cells[i + 1]]);
  const key = (x, y) => (y + 1024) * 4096 + (x + 1024);
  const index = new Map(cells.map(([x, y], i) => [key(x, y), i]));
  const ctype = (x, y) => (x + 2 * (y & 1)) & 3;
  /** The three lattice vertices [u, v] of cell (x, y), right angle first. */
  const verts = (x, y) => {
    const k = x >> 1;
    return geo.tri[ctype(x, y)].map(([du, dv]) => [k + du, y + dv]);
  };
  const pieces = geo.pieces.map((p) => {
    const orients = p.o.map((flat) => {
      const cs = [];
      for (let i = 0; i < flat.length; i += 2) cs.push([flat[i], flat[i + 1]]);
      let cu = 0, cv = 0, minU = Infinity, minV = Infinity, maxU = -Infinity, maxV = -Infinity;
      for (const [x, y] of cs) {
        for (const [u, v] of verts(x, y)) {
          cu += u; cv += v;
          minU = Math.min(minU, u); minV = Math.min(minV, v);
          maxU = Math.max(maxU, u); maxV = Math.max(maxV, v);
        }
      }
      return { cells: cs, cu: cu / (3 * cs.length), cv: cv / (3 * cs.length), minU, minV, maxU, maxV };
    });
    return { ...p, orients };
  });
  return { cells, index, key, verts, pieces, W: geo.W, H: geo.H, labels: geo.labels, starts: geo.starts };
}

/** Centre of cell (x, y) in box units. */
function cellCentre(G, x, y) {
  const v = G.verts(x, y);
  return [(v[0][0] + v[1][0] + v[2][0]) / 3, (v[0][1] + v[1][1] + v[2][1]) / 3];
}

/** Is the point (u, v) (box units) inside cell (x, y)? (edges count as inside) */
function inCell(G, x, y, u, v) {
  const [[ax, ay], [bx, by], [cx, cy]] = G.verts(x, y);
  const d1 = (u - bx) * (ay - by) - (ax - bx) * (v - by);
  const d2 = (u - cx) * (by - cy) - (bx - cx) * (v - cy);
  const d3 = (u - ax) * (cy - ay) - (cx - ax) * (v - ay);
  const neg = d1 < -1e-9 || d2 < -1e-9 || d3 < -1e-9;
  const pos = d1 > 1e-9 || d2 > 1e-9 || d3 > 1e-9;
  return !(neg && pos);
}

/** Centre of a set of cells in SVG units. */
function centroid(G, cs) {
  let u = 0, v = 0;
  for (const [x, y] of cs) for (const [a, b] of G.verts(x, y)) { u += a; v += b; }
  return [(u / (3 * cs.length)) * S, (v / (3 * cs.length)) * S];
}

/** Cells of a placement code [piece, orientation, anchor cell id]. */
function codeCells(G, p, o, anchor) {
  const cs = G.pieces[p].orients[o].cells;
  const [ax, ay] = G.cells[anchor];
  const dx = ax - cs[0][0], dy = ay - cs[0][1];
  return cs.map(([x, y]) => [x + dx, y + dy]);
}

/** The label of the cell a placement is said to be at (its notation's first cell; the
 * index comes from Python's naming, geometry.pieces[p].at[o]); cs: its cells, in the
 * orientation's order. */
function nameCell(G, p, o, cs) {
  const [x, y] = cs[G.pieces[p].at[o]];
  return G.labels[G.index.get(G.key(x, y))];
}

/** Translation (a, b), a + b even (the grid's translations), putting orientation o's centre
 * nearest to (pu, pv) in box units, kept inside the board's bounding box. */
function snap(G, p, o, pu, pv) {
  const O = G.pieces[p].orients[o];
  return clampMove(G, p, o, pu - O.cu, pv - O.cv);
}

function clampMove(G, p, o, du, dv) {
  const O = G.pieces[p].orients[o];
  const lo = [-O.minU, -O.minV], hi = [G.W / 2 - O.maxU, G.H - O.maxV];
  const inside = (a, b) => a >= lo[0] && a <= hi[0] && b >= lo[1] && b <= hi[1];
  du = Math.min(Math.max(du, lo[0]), hi[0]);
  dv = Math.min(Math.max(dv, lo[1]), hi[1]);
  let best = null;
  const a0 = Math.round(du), b0 = Math.round(dv);
  for (let a = a0 - 2; a <= a0 + 2; a++) {
    for (let b = b0 - 2; b <= b0 + 2; b++) {
      if ((a + b) & 1 || !inside(a, b)) continue;
      const d = (a - du) ** 2 + (b - dv) ** 2;
      if (!best || d < best[0]) best = [d, a, b];
    }
  }
  return best ? [best[1], best[2]] : [a0 + ((a0 + b0) & 1), b0];
}

/** SVG path data of a set of cells (one closed triangle per cell). */
function trianglesPath(G, cs, scale = S) {
  let d = "";
  for (const [x, y] of cs) {
    const [[a, b], [c, e], [f, g]] = G.verts(x, y);
    d += `M${a * scale} ${b * scale}L${c * scale} ${e * scale}L${f * scale} ${g * scale}Z`;
  }
  return d;
}

/** Outline (edges used once) and inner diamond edges (hypotenuses used twice) of some cells. */
function edgesPath(G, cs, scale = S) {
  const count = new Map();
  const hyp = new Set();
  for (const [x, y] of cs) {
    const v = G.verts(x, y);
    for (const [i, j] of [[0, 1], [0, 2], [1, 2]]) {
      const [p, q] = [v[i], v[j]].sort((m, n) => m[0] - n[0] || m[1] - n[1]);
      const k = `${p[0]},${p[1]},${q[0]},${q[1]}`;
      count.set(k, (count.get(k) || 0) + 1);
      if (i === 1) hyp.add(k);
    }
  }
  let outline = "", inner = "";
  for (const [k, n] of count) {
    const [a, b, c, d] = k.split(",").map(Number);
    const seg = `M${a * scale} ${b * scale}L${c * scale} ${d * scale}`;
    if (n === 1) outline += seg;
    else if (hyp.has(k)) inner += seg;
  }
  return { outline, inner };
}

const PATTERN_MARKS = {
  dots: (s) => s("circle", { cx: 4, cy: 4, r: 1.35, fill: "rgba(255,255,255,.78)" }),
  stripes: (s) => s("path", { d: "M-2,2 L2,-2 M0,8 L8,0 M6,10 L10,6", stroke: "rgba(0,0,0,.42)", "stroke-width": 1.3 }),
  cross: (s) => s("path", { d: "M1,1 L7,7 M7,1 L1,7", stroke: "rgba(255,255,255,.62)", "stroke-width": 1.05 }),
  rings: (s) => s("circle", { cx: 4, cy: 4, r: 2.1, fill: "none", stroke: "rgba(255,255,255,.8)", "stroke-width": 0.95 }),
};

function patternDefs(uid, colours) {
  const { s } = zw;
  return s("defs", {}, colours.map((c, i) => s("pattern", {
    id: `${uid}-p${i}`, width: 8, height: 8, patternUnits: "userSpaceOnUse",
  }, s("rect", { width: 8, height: 8, fill: c.fill }), PATTERN_MARKS[c.pattern] ? PATTERN_MARKS[c.pattern](s) : null)));
}

/** The paint of each colour, from the patterns of this view (`uid`: their id prefix, see
 * patternDefs): fillOf(seat) (an SVG fill) and swatch(seat, cls) (a small colour sample for
 * the score cards, the log and the turn line). */
function seatPaint(uid) {
  const { s } = zw;
  const fillOf = (c) => `url(#${uid}-p${c})`;
  const swatch = (seat, cls = "zw-swatch") =>
    s("svg", { class: cls, viewBox: "0 0 16 16", "aria-hidden": "true" },
      s("rect", { x: 1, y: 1, width: 14, height: 14, rx: 3, fill: fillOf(seat), stroke: "rgba(0,0,0,.45)" }));
  return { uid, fillOf, swatch };
}

/** Near-black or white, whichever has the higher contrast (WCAG 2) on the colour `hex`. */
function inkOn(hex) {
  const lin = (c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  const [r, g, b] = [1, 3, 5].map((i) => lin(parseInt(hex.slice(i, i + 2), 16) / 255));
  const L = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  const dark = (L + 0.05) / (0.0103 + 0.05); // #1a1a1a
  const light = 1.05 / (L + 0.05);
  return dark >= light ? "#1a1a1a" : "#ffffff";
}
