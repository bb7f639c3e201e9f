/* zongshi_widgets: the GembloQ board (appended to base.js, which defines `zw`).
 *
 * Draws the triangle grid from `geometry` (sent once), the pieces from `view`, the trays and
 * the score; lets a person pick, turn and place a piece. Legality is Python's: a preview is
 * green when its code is in `legal`, otherwise red, and Python is asked why (an "explain"
 * request, debounced). Placing sends {"type": "play", "action": <cell labels>, "version"}.
 * With `reveal_scores` false (a question lesson) Python leaves the scores out of `view`, and
 * the cards and the end-of-game summary say "scores hidden" instead.
 */

const S = 20; // SVG units per box of the grid
const PAD = 8; // margin around the playing area
const B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
const B64I = new Map([...B64].map((ch, i) => [ch, i]));
const EXPLAIN_DELAY = 90; // ms before asking Python why a preview is illegal

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

/** "Piece 9 (L4, 4 squares)", "Piece 2 (1½ squares)": the piece's name with its size, said
 * once (made in Python: games/gembloq/naming.py, one naming for the whole board). */
function pieceTip(P) {
  return P.title;
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

function render({ model, el }) {
  const { h, s, cap, seatKind } = zw;
  const geo = model.get("geometry");
  const G = prepare(geo);
  const uid = "zwg" + Math.random().toString(36).slice(2, 9);
  const colours = geo.colours;
  const names = geo.seat_names;
  const n = colours.length;
  const fillOf = (c) => `url(#${uid}-p${c})`;

  // small colour samples (score panel, log, turn line) use the board's patterns
  const swatch = (seat, cls = "zw-swatch") =>
    s("svg", { class: cls, viewBox: "0 0 16 16", "aria-hidden": "true" },
      s("rect", { x: 1, y: 1, width: 14, height: 14, rx: 3, fill: fillOf(seat), stroke: "rgba(0,0,0,.45)" }));

  // ---------------------------------------------------------------------- local UI state
  const ui = {
    pick: null, // {p, o, a, b}: piece, orientation, translation (x + 2a, y + b)
    showAttach: false,
    summaryHidden: false,
    reasons: new Map(), // explain key -> {legal, text, rule}
    explainTimer: null,
    explainKey: null,
    legal: { set: new Set(), byPiece: new Map(), src: null },
    pointer: null, // the pointer over the board, box units (null when it is elsewhere)
    grab: [0, 0], // where the pointer holds the picked piece: pointer - piece centre
    byPointer: false, // the pointer, not the keyboard, placed the piece last
    refusedSig: null, // the preview Python refused last (its reason is in the message line)
  };

  const shell = zw.shell(model, el, {
    name: "gembloq",
    label: `GembloQ board, ${geo.players} player${geo.players > 1 ? "s" : ""}`,
    swatch,
    onKey,
    hintText: (hint) => hint.text.replace(/^\w+ placed /, ""),
    onGone: () => {
      ui.pick = null;
      gPreview.replaceChildren();
      svg.classList.remove("zw-picking");
    },
  });

  // ---------------------------------------------------------------------- the board SVG
  const Wb = (G.W / 2) * S, Hb = G.H * S;
  const svg = s("svg", {
    class: "zw-gq-board",
    viewBox: `${-PAD} ${-PAD} ${Wb + 2 * PAD} ${Hb + 2 * PAD}`,
    tabindex: 0,
    role: "application",
    "aria-roledescription": "game board",
    "aria-label": "GembloQ board. Pick a piece in your tray first; then arrow keys move it half a square (Shift+arrow: a whole square), R rotates, F flips, Enter places, Escape drops it.",
  });
  const layer = (cls) => s("g", { class: cls });
  const gBase = layer("zw-gq-base"), gStart = layer("zw-gq-starts"), gPieces = layer("zw-gq-pieces");
  const gMarks = layer("zw-gq-marks"), gHint = layer("zw-gq-hint"), gPreview = layer("zw-gq-preview");
  svg.append(patternDefs(uid, colours), gBase, gStart, gPieces, gMarks, gHint, gPreview);
  {
    const all = G.cells;
    const { outline } = edgesPath(G, all);
    // grid lines: hypotenuses (the sides of the diamond squares) and legs (the halves)
    const hyp = new Set(), legs = new Set();
    for (const [x, y] of all) {
      const v = G.verts(x, y);
      const add = (set, p, q) => {
        [p, q] = [p, q].sort((m, k) => m[0] - k[0] || m[1] - k[1]);
        set.add(`M${p[0] * S} ${p[1] * S}L${q[0] * S} ${q[1] * S}`);
      };
      add(hyp, v[1], v[2]);
      add(legs, v[0], v[1]);
      add(legs, v[0], v[2]);
    }
    gBase.append(
      s("path", { class: "zw-gq-cells", d: trianglesPath(G, all) }),
      s("path", { class: "zw-gq-legs", d: [...legs].join("") }),
      s("path", { class: "zw-gq-hyps", d: [...hyp].join("") }),
      s("path", { class: "zw-gq-outline", d: outline }),
    );
  }
  // the layout sizes the board's column from its shape (board.css, gembloq.css)
  shell.root.style.setProperty("--zw-gq-ratio", ((Wb + 2 * PAD) / (Hb + 2 * PAD)).toFixed(4));
  const boardWrap = h("div", { class: "zw-gq-boardwrap" }, svg);
  const summary = h("div", { class: "zw-summary", hidden: true, role: "status" });
  boardWrap.append(summary);

  // what the marks on the board mean
  const legendIcon = (...kids) => s("svg", { class: "zw-legend-icon", viewBox: "-11 -11 22 22", "aria-hidden": "true" }, ...kids);
  const legendLast = h("span", { class: "zw-legend-item" },
    legendIcon(s("circle", { class: "zw-gq-last", cx: 0, cy: 0, r: 5.5 })), " last move");
  // one of your squares (below), a free spot (above, shaded), touching at the dot
  const legendSpotIcon = legendIcon(
    s("path", { class: "zw-legend-own", d: "M0 0L-5.5 5.5L0 11L5.5 5.5Z" }),
    s("path", { class: "zw-gq-spot-cell", d: "M0 0L-5.5 -5.5L0 -11L5.5 -5.5Z" }),
    s("circle", { class: "zw-gq-spot", cx: 0, cy: 0, r: 2.6 }));
  const legendSpot = h("span", { class: "zw-legend-item" }, legendSpotIcon,
    " corner spot: a new piece may start on a shaded triangle, touching your pieces only at the dot");
  const legend = h("div", { class: "zw-gq-legend" }, legendLast, legendSpot);
  shell.stage.append(boardWrap);

  // ---------------------------------------------------------------------- trays and score
  /** A small picture of piece p (orientation 0) in colour `seat`: [svg, fill path]. */
  function piecePicture(p, seat) {
    const o = G.pieces[p].orients[0];
    const bw = o.maxU - o.minU, bh = o.maxV - o.minV;
    const fill = s("path", { class: "zw-tray-fill", d: trianglesPath(G, o.cells), fill: fillOf(seat) });
    const pic = s("svg", {
      viewBox: `${o.minU * S - 2} ${o.minV * S - 2} ${bw * S + 4} ${bh * S + 4}`,
      style: `--bw:${bw};--bh:${bh}`,
      "aria-hidden": "true",
    }, fill, s("path", { class: "zw-tray-edge", d: edgesPath(G, o.cells).outline }));
    return [pic, fill];
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

  // score cards, one per colour, each with a small tray of the pieces in hand
  const players = h("div", { class: "zw-players", role: "list", "aria-label": "Players, scores and pieces in hand" });
  shell.sideTop.append(players);
  const cards = [];
  for (let c = 0; c < n; c++) {
    const nameEl = h("span", { class: "zw-pname" }, cap(names[c]));
    const kindEl = h("span", { class: "zw-pkind" });
    const badge = h("span", { class: "zw-badge", hidden: true });
    const pts = h("span", { class: "zw-pts" });
    const tb = h("span", { class: "zw-tb" });
    const hiddenNote = h("span", { class: "zw-tb", hidden: true, title: "This lesson asks you to count the score: the pieces in hand are below" }, "score hidden");
    const head = h("div", { class: "zw-phead" }, swatch(c), h("span", { class: "zw-pwho" }, h("span", { class: "zw-pnameline" }, nameEl, badge), kindEl),
      h("span", { class: "zw-pscore" }, pts, tb, hiddenNote));
    const minis = G.pieces.map((_, i) => h("span", { class: "zw-piece zw-mini" }, piecePicture(i, c)[0]));
    const tray = h("div", { class: "zw-tray zw-mini-tray", "aria-hidden": "true" }, minis);
    const card = h("div", { class: "zw-player", role: "listitem", "data-seat": c, style: `--zw-seat:${colours[c].fill};--zw-seat-ink:${inkOn(colours[c].fill)}` }, head, tray);
    players.append(card);
    cards.push({ card, kindEl, badge, pts, tb, hiddenNote, tray, minis });
  }

  // the hand: the looking person's pieces, big, to pick from; with rotate / flip / put back
  const handTitle = h("span", { class: "zw-hand-title" });
  const rotBtn = h("button", { class: "zw-btn", type: "button", title: "Rotate a quarter turn (R; Shift+R the other way)", "aria-keyshortcuts": "R" }, "⟳ Rotate");
  const flipBtn = h("button", { class: "zw-btn", type: "button", title: "Flip over (F)", "aria-keyshortcuts": "F" }, "⇋ Flip");
  const dropBtn = h("button", { class: "zw-btn zw-quiet", type: "button", title: "Put the piece back (Escape)", "aria-keyshortcuts": "Escape" }, "Put back");
  const handTray = h("div", { class: "zw-tray zw-hand-tray", role: "group" });
  const handButtons = G.pieces.map((_, i) => {
    const [pic, fill] = piecePicture(i, 0);
    const b = h("button", { type: "button", class: "zw-piece", "data-piece": i }, pic);
    b.addEventListener("click", (ev) => pickPiece(i, ev.detail === 0)); // detail 0: Enter or Space
    b._fill = fill;
    return b;
  });
  handTray.append(...handButtons);
  const keysHelp = h("div", { class: "zw-keys" },
    ...[["R", "rotate"], ["F", "flip"], ["←↑→↓", "move half a square (Shift: a whole square)"], ["Enter", "place"], ["Esc", "put back"], ["U", "undo"], ["H", "hint"], ["C", "corner spots"]]
      .map(([k, what], i) => h("span", { "data-key": k }, i ? " · " : "Keys: ", h("kbd", {}, k), ` ${what}`)));
  const hintKey = keysHelp.querySelector("[data-key='H']"); // no board hints in a lesson: no H
  const hand = h("div", { class: "zw-hand" },
    h("div", { class: "zw-hand-head" }, handTitle, h("div", { class: "zw-pickbar", role: "group", "aria-label": "Turn the piece" }, rotBtn, flipBtn, dropBtn)),
    handTray);
  shell.stage.append(shell.lines, legend, keysHelp); // the status line right under the board, then the legends
  shell.side.prepend(hand); // the tray beside the board (under it when the cell is narrow)
  rotBtn.addEventListener("click", () => turn("rot"));
  flipBtn.addEventListener("click", () => turn("flip"));
  dropBtn.addEventListener("click", () => drop(true));

  const attachBox = h("input", { type: "checkbox", class: "zw-check" });
  const attachLabel = h("label", { class: "zw-toggle", title: "Mark the free corner spots where the colour to move may attach a piece (C)" },
    attachBox, " Show corner spots (C)");
  shell.toolbar.append(attachLabel);
  attachBox.addEventListener("change", () => {
    ui.showAttach = attachBox.checked;
    drawMarks();
  });

  // ---------------------------------------------------------------------- decoding traits
  let cache = { version: -1, view: null };
  function decoded() {
    const version = model.get("version");
    const view = model.get("view") || {};
    if (cache.version === version && cache.view === view) return cache;
    const owner = view.owner || "";
    const byColour = Array.from({ length: n }, () => []);
    for (let i = 0; i < owner.length; i++) {
      const ch = owner.charCodeAt(i) - 48;
      if (ch >= 0 && ch < n) byColour[ch].push(i);
    }
    cache = { version, view, byColour };
    return cache;
  }

  function legalInfo() {
    const src = model.get("legal");
    if (ui.legal.src === src) return ui.legal;
    const set = new Set(), byPiece = new Map();
    for (const text of src || []) {
      const p = B64I.get(text[0]), o = B64I.get(text[1]);
      for (const a of unpack(text, 2)) {
        set.add(`${p}.${o}.${a}`);
        if (!byPiece.has(p)) byPiece.set(p, []);
        byPiece.get(p).push([o, a]);
      }
    }
    ui.legal = { set, byPiece, src };
    return ui.legal;
  }

  /** The label of the cell a placement is said to be at (its notation's first cell; the
   * index comes from Python's naming, geometry.pieces[p].at[o]); cs: its cells, in the
   * orientation's order. */
  function nameCell(p, o, cs) {
    const [x, y] = cs[G.pieces[p].at[o]];
    return G.labels[G.index.get(G.key(x, y))];
  }

  /** Cells of a placement code [piece, orientation, anchor cell id]. */
  function codeCells(p, o, anchor) {
    const cs = G.pieces[p].orients[o].cells;
    const [ax, ay] = G.cells[anchor];
    const dx = ax - cs[0][0], dy = ay - cs[0][1];
    return cs.map(([x, y]) => [x + dx, y + dy]);
  }

  function toMove() {
    const v = decoded().view;
    return v.to_move === null || v.to_move === undefined ? null : v.to_move;
  }

  /** Show scores? Not while a question lesson asks for them (Python then leaves them out). */
  function revealScores() {
    return model.get("reveal_scores") !== false && Array.isArray(decoded().view.penalty);
  }

  /** The colour a person may place for now (null when it's a bot's turn or the game is over). */
  function activeSeat() {
    const c = toMove();
    const seats = model.get("seats") || [];
    return c !== null && seats[c] === "human" && (model.get("legal") || []).length && !shell.isDead() ? c : null;
  }

  // ---------------------------------------------------------------------- picking & preview
  function pickPiece(p, viaKeyboard) {
    const seat = activeSeat();
    if (seat === null) return;
    const left = decoded().view.pieces_left || [];
    if (!(left[seat] || []).includes(G.pieces[p].n)) return;
    shell.dismiss(); // another piece: an old "Not allowed" no longer applies
    ui.refusedSig = null;
    if (ui.pick && ui.pick.p === p && !viaKeyboard) {
      drop(false);
      return;
    }
    const options = legalInfo().byPiece.get(p) || [];
    let o = 0, a = 0, b = 0;
    ui.grab = [0, 0];
    ui.byPointer = !!(ui.pointer && !viaKeyboard);
    if (ui.byPointer) {
      // the pointer is over the board: start there (keyboard picks start on a legal spot)
      [a, b] = snap(p, o, ui.pointer[0], ui.pointer[1]);
    } else if (options.length) {
      const [o0, anchor] = options[0];
      o = o0;
      const first = G.pieces[p].orients[o].cells[0];
      const [ax, ay] = G.cells[anchor];
      a = (ax - first[0]) / 2;
      b = ay - first[1];
    } else {
      [a, b] = snap(p, 0, G.W / 4, G.H / 2);
    }
    ui.pick = { p, o, a, b };
    svg.focus({ preventScroll: true });
    drawPreview();
    drawTrays();
  }

  function drop(refocus) {
    shell.dismiss();
    ui.refusedSig = null;
    if (!ui.pick) return;
    const p = ui.pick.p;
    ui.pick = null;
    drawPreview();
    drawTrays();
    if (refocus && !handButtons[p].disabled) handButtons[p].focus({ preventScroll: true });
  }

  /** Translation (a, b), a + b even (the grid's translations), putting orientation o's centre
   * nearest to (pu, pv) in box units, kept inside the board's bounding box. */
  function snap(p, o, pu, pv) {
    const O = G.pieces[p].orients[o];
    return clampMove(p, o, pu - O.cu, pv - O.cv);
  }

  function clampMove(p, o, du, dv) {
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

  /** The point (box units) a turn keeps still: the pointer, when it placed the piece and is
   * on it; else the centre of the piece's cell nearest the piece's middle. */
  function pivot() {
    const { p, o, a, b } = ui.pick;
    const cs = previewCells();
    if (ui.byPointer && ui.pointer && cs.some(([x, y]) => inCell(G, x, y, ...ui.pointer))) return ui.pointer;
    const O = G.pieces[p].orients[o];
    const mid = [O.cu + a, O.cv + b];
    let best = null;
    for (const [x, y] of cs) {
      const c = cellCentre(G, x, y);
      const d = (c[0] - mid[0]) ** 2 + (c[1] - mid[1]) ** 2;
      if (!best || d < best[0]) best = [d, c];
    }
    return best[1];
  }

  /** Rotate a quarter turn (R; back: Shift+R) or flip (F) about the pivot: the piece keeps
   * covering the cell under the pointer (the nearest grid position to the exact turn). */
  function turn(kind, back = false) {
    if (!ui.pick) return;
    const { p, o, a, b } = ui.pick;
    const P = G.pieces[p];
    let o2 = o;
    const steps = kind === "rot" ? (back ? 3 : 1) : 1;
    for (let i = 0; i < steps; i++) o2 = P[kind][o2];
    const O = P.orients[o], O2 = P.orients[o2];
    const piv = pivot();
    // the piece's middle, turned about the pivot as the engine turns shapes:
    // a quarter turn maps (du, dv) to (-dv, du); a flip maps it to (-du, dv)
    const du = O.cu + a - piv[0], dv = O.cv + b - piv[1];
    const [tu, tv] = kind === "flip" ? [-du, dv] : back ? [dv, -du] : [-dv, du];
    const want = [piv[0] + tu, piv[1] + tv]; // where the new middle should be
    const lo = [-O2.minU, -O2.minV], hi = [G.W / 2 - O2.maxU, G.H - O2.maxV];
    const a0 = Math.round(want[0] - O2.cu), b0 = Math.round(want[1] - O2.cv);
    let best = null;
    for (let a2 = a0 - 3; a2 <= a0 + 3; a2++) {
      for (let b2 = b0 - 3; b2 <= b0 + 3; b2++) {
        if ((a2 + b2) & 1 || a2 < lo[0] || a2 > hi[0] || b2 < lo[1] || b2 > hi[1]) continue;
        const covers = O2.cells.some(([x, y]) => inCell(G, x + 2 * a2, y + b2, piv[0], piv[1]));
        const d = (O2.cu + a2 - want[0]) ** 2 + (O2.cv + b2 - want[1]) ** 2 + (covers ? 0 : 1000);
        if (!best || d < best[0]) best = [d, a2, b2];
      }
    }
    const [a2, b2] = best ? [best[1], best[2]] : snap(p, o2, want[0], want[1]);
    ui.pick = { p, o: o2, a: a2, b: b2 };
    if (ui.byPointer && ui.pointer) ui.grab = [ui.pointer[0] - (O2.cu + a2), ui.pointer[1] - (O2.cv + b2)];
    drawPreview();
  }

  function move(da, db) {
    if (!ui.pick) return;
    ui.byPointer = false;
    const { p, o, a, b } = ui.pick;
    [ui.pick.a, ui.pick.b] = clampMove(p, o, a + da, b + db);
    drawPreview();
  }

  function previewCells() {
    const { p, o, a, b } = ui.pick;
    return G.pieces[p].orients[o].cells.map(([x, y]) => [x + 2 * a, y + b]);
  }

  /** {cells, ids (null when off the area), key (legal-set key or null), action (request form)} */
  function previewInfo() {
    const cs = previewCells();
    const ids = cs.map(([x, y]) => G.index.get(G.key(x, y)));
    const onArea = ids.every((i) => i !== undefined);
    const { p, o } = ui.pick;
    const key = onArea ? `${p}.${o}.${ids[0]}` : null;
    const action = onArea ? ids.map((i) => G.labels[i]).join(",") : cs;
    const sig = onArea ? action : JSON.stringify(cs);
    return { cs, ids, key, action, sig, legal: key !== null && legalInfo().set.has(key) };
  }

  function place() {
    if (!ui.pick) return;
    const info = previewInfo();
    ui.refusedSig = info.legal ? null : info.sig; // Python will say why in the message line
    ui.placing = { sent: performance.now(), version: model.get("version") };
    model.send({ type: "play", action: info.action, version: model.get("version") });
  }

  // ---------------------------------------------------------------------- explain requests
  function askWhy(info) {
    const version = model.get("version");
    const key = `${version}|${info.sig}`;
    ui.explainKey = key;
    if (ui.reasons.has(key)) return;
    clearTimeout(ui.explainTimer);
    ui.explainTimer = setTimeout(() => {
      if (ui.explainKey !== key || ui.reasons.has(key)) return;
      model.send({ type: "explain", action: info.action, version, key });
    }, EXPLAIN_DELAY);
  }

  shell.on("msg:custom", (msg) => {
    if (!msg || msg.type !== "explain") return;
    ui.reasons.set(msg.key, msg);
    if (ui.reasons.size > 400) ui.reasons.delete(ui.reasons.keys().next().value);
    if (msg.key === ui.explainKey) drawPreviewStatus();
  });

  // ---------------------------------------------------------------------- drawing
  function pieceGroup(seat, cs, label, cls) {
    const { outline, inner } = edgesPath(G, cs);
    return s("g", { class: cls, role: "img", "aria-label": label },
      s("path", { class: "zw-gq-fill", d: trianglesPath(G, cs), fill: fillOf(seat) }),
      s("path", { class: "zw-gq-inner", d: inner }),
      s("path", { class: "zw-gq-edge", d: outline }));
  }

  function centroid(cs) {
    let u = 0, v = 0;
    for (const [x, y] of cs) for (const [a, b] of G.verts(x, y)) { u += a; v += b; }
    return [(u / (3 * cs.length)) * S, (v / (3 * cs.length)) * S];
  }

  function drawPieces() {
    const { view } = decoded();
    const frag = document.createDocumentFragment();
    const placed = view.pieces || [];
    placed.forEach(([seat, p, o, anchor], i) => {
      const cs = codeCells(p, o, anchor);
      const first = nameCell(p, o, cs);
      frag.append(pieceGroup(seat, cs, `${names[seat]} ${G.pieces[p].label}, placed at ${first}`, "zw-gq-piece"));
      if (i === placed.length - 1) {
        const [cx, cy] = centroid(cs);
        frag.append(s("circle", { class: "zw-gq-last", cx, cy, r: S * 0.32, role: "img", "aria-label": `last move: ${names[seat]} ${G.pieces[p].label} at ${first}` },
          s("title", {}, `last move (${names[seat]} ${G.pieces[p].label})`)));
      }
    });
    gPieces.replaceChildren(frag);
    legendLast.hidden = !placed.length;

    // starting squares not covered yet
    const owner = view.owner || "";
    const sfrag = document.createDocumentFragment();
    G.starts.forEach((sq, c) => {
      if (sq.some((i) => owner[i] !== "." && owner[i] !== undefined)) return;
      const cs = sq.map((i) => G.cells[i]);
      const [[u, v]] = G.verts(...cs[0]);
      sfrag.append(s("g", { class: "zw-gq-start", role: "img", "aria-label": `${names[c]} starting square (${sq.map((i) => G.labels[i]).join(", ")})`, style: `--zw-seat:${colours[c].fill}` },
        s("path", { class: "zw-gq-start-fill", d: trianglesPath(G, cs) }),
        s("path", { class: "zw-gq-start-edge", d: edgesPath(G, cs).outline }),
        s("circle", { class: "zw-gq-start-dot", cx: u * S, cy: v * S, r: S * 0.3, fill: fillOf(c) })));
    });
    gStart.replaceChildren(sfrag);
  }

  function drawMarks() {
    const { view } = decoded();
    const frag = document.createDocumentFragment();
    const hl = model.get("highlight") || [];
    if (hl.length) {
      const cs = hl.filter((i) => i >= 0 && i < G.cells.length).map((i) => G.cells[i]);
      const { outline } = edgesPath(G, cs);
      frag.append(s("path", { class: "zw-gq-hl-fill", d: trianglesPath(G, cs) }), s("path", { class: "zw-gq-hl", d: outline }));
    }
    const seat = toMove();
    const spots = ui.showAttach && seat !== null ? view.attach || [] : [];
    if (spots.length) {
      // each free spot's triangle, shaded; a dot at each corner point where a piece started
      // there would touch the mover's pieces (the spots touch them at corners only)
      const own = new Set();
      for (const i of decoded().byColour[seat]) for (const [u, v] of G.verts(...G.cells[i])) own.add(`${u},${v}`);
      const points = new Map();
      for (const i of spots) {
        for (const [u, v] of G.verts(...G.cells[i])) {
          const k = `${u},${v}`;
          if (own.has(k)) points.set(k, [u, v]);
        }
      }
      const cells = spots.map((i) => G.cells[i]);
      const g = s("g", { class: "zw-gq-spots", role: "img", style: `--zw-seat:${colours[seat].fill}`,
        "aria-label": `${names[seat]} corner spots: ${points.size || spots.length} corner${(points.size || spots.length) === 1 ? "" : "s"} where a new piece may touch, ${spots.length} free triangle${spots.length === 1 ? "" : "s"} next to them` },
      s("path", { class: "zw-gq-spot-cell", d: trianglesPath(G, cells) }));
      for (const [u, v] of points.values()) g.append(s("circle", { class: "zw-gq-spot", cx: u * S, cy: v * S, r: S * 0.18 }));
      frag.append(g);
    }
    legendSpot.hidden = !spots.length;
    gMarks.replaceChildren(frag);
  }

  function drawHint() {
    const hint = model.get("hint") || {};
    if (!hint.code || hint.version !== model.get("version")) {
      gHint.replaceChildren();
      return;
    }
    const [p, o, anchor] = hint.code;
    const cs = codeCells(p, o, anchor);
    const seat = toMove() ?? 0;
    const { outline } = edgesPath(G, cs);
    gHint.replaceChildren(
      s("path", { class: "zw-gq-hint-fill", d: trianglesPath(G, cs), fill: fillOf(seat) }),
      s("path", { class: "zw-gq-hint-edge", d: outline }));
  }

  function drawPreview() {
    if (!ui.pick) {
      gPreview.replaceChildren();
      svg.classList.remove("zw-picking");
      drawPreviewStatus();
      return;
    }
    svg.classList.add("zw-picking");
    const info = previewInfo();
    const seat = toMove() ?? 0;
    const { outline } = edgesPath(G, info.cs);
    const [cx, cy] = centroid(info.cs);
    const ok = info.legal;
    const where = info.ids.every((i) => i !== undefined) ? ` at ${nameCell(ui.pick.p, ui.pick.o, info.cs)}` : " partly off the board";
    if (ui.refusedSig !== null && info.sig !== ui.refusedSig) {
      ui.refusedSig = null; // moved on from the refused spot: its "Not allowed" goes
      shell.dismiss();
    }
    gPreview.replaceChildren(s("g", {
      class: ok ? "zw-gq-ok" : "zw-gq-bad",
      role: "img",
      "aria-label": `${names[seat]} ${G.pieces[ui.pick.p].label}${where}: ${ok ? "fits" : "cannot go here"}`,
    },
      s("path", { class: "zw-gq-pv-fill", d: trianglesPath(G, info.cs), fill: fillOf(seat) }),
      ok ? null : s("path", { class: "zw-gq-pv-hatch", d: trianglesPath(G, info.cs) }),
      s("path", { class: "zw-gq-pv-edge", d: outline }),
      s("circle", { class: "zw-gq-pv-badge", cx, cy, r: S * 0.55 }),
      s("text", { class: "zw-gq-pv-mark", x: cx, y: cy, "text-anchor": "middle", "dominant-baseline": "central" }, ok ? "✓" : "✗")));
    if (!ok) askWhy(info);
    drawPreviewStatus();
  }

  function drawPreviewStatus() {
    if (!ui.pick) {
      if (shell.isDead()) return;
      const seat = activeSeat();
      shell.setStatus(seat !== null ? `${cap(names[seat])}: pick a piece in your tray (click it, or Tab to it and press Enter).` : "", "info");
      return;
    }
    const info = previewInfo();
    const label = cap(G.pieces[ui.pick.p].label);
    const fits = `✓ ${label} fits here — click or press Enter to place it.`;
    if (info.legal) {
      shell.setStatus(fits, "ok");
      return;
    }
    if (ui.refusedSig === info.sig && zw.isRefusal(model.get("message"))) {
      // the message line under this one says why: say it once
      shell.setStatus(`✗ ${label} cannot go here: the reason is just below.`, "bad");
      return;
    }
    const reason = ui.reasons.get(ui.explainKey);
    if (reason && reason.key === `${model.get("version")}|${info.sig}`) {
      shell.setStatus(reason.legal ? fits : `✗ ${reason.text}`, reason.legal ? "ok" : "bad");
    } else {
      shell.setStatus(`✗ ${label} cannot go here…`, "bad");
    }
  }

  function drawTrays() {
    const { view } = decoded();
    const seats = model.get("seats") || [];
    const left = view.pieces_left || [];
    const active = activeSeat();
    const mover = toMove();
    const over = !!view.is_over;
    const winners = view.winners || [];
    const reveal = revealScores();
    for (let c = 0; c < n; c++) {
      const card = cards[c];
      const mine = new Set(left[c] || []);
      card.card.classList.toggle("zw-to-move", c === mover);
      card.kindEl.textContent = seats[c] === "human" ? "person" : `${seats[c]} bot`;
      const penalty = (view.penalty || [])[c];
      card.pts.hidden = !reveal;
      card.tb.hidden = !reveal || n === 1; // one colour alone: no tie-break
      card.hiddenNote.hidden = reveal;
      card.pts.textContent = reveal ? `${penalty ?? ""}` : "";
      card.pts.title = "penalty points: the squares still in hand";
      card.tb.textContent = reveal ? `tie-break ${(view.tiebreak || [])[c] ?? ""}` : "";
      card.tb.title = "tie-break: the sum of the numbers of the pieces still in hand";
      let badge = "";
      if (over) badge = !reveal || n === 1 ? "" : winners.includes(c) ? "★ winner" : `place ${(view.ranking || [])[c]}`;
      else if (c === mover) badge = "to move";
      else if ((view.legal_counts || [])[c] === 0) badge = "out of moves";
      card.badge.textContent = badge;
      card.badge.hidden = !badge;
      card.badge.dataset.kind = over ? (winners.includes(c) ? "win" : "rank") : c === mover ? "move" : "out";
      card.card.setAttribute("aria-label",
        `${names[c]}, ${seatKind(seats[c])}: ${reveal ? `${penalty} penalty points, tie-break ${(view.tiebreak || [])[c]}` : "score hidden"}, ` +
        `${mine.size} pieces in hand: ${G.pieces.filter((P) => mine.has(P.n)).map((P) => P.n).join(", ") || "none"}${badge ? "; " + badge : ""}`);
      card.minis.forEach((m, i) => m.classList.toggle("zw-placed", !mine.has(G.pieces[i].n)));
    }

    // the hand of the looking person (the colour to move in a hotseat game)
    const seat = view.seat === null || view.seat === undefined ? null : view.seat;
    hand.hidden = seat === null;
    keysHelp.hidden = seat === null || over; // nobody places pieces now
    hintKey.hidden = model.get("hints") === false;
    if (seat !== null) {
      const mine = new Set(left[seat] || []);
      hand.style.setProperty("--zw-seat", colours[seat].fill);
      const what = active === seat ? (ui.pick ? "move it over the board" : "pick one")
        : over ? "" : toMove() === seat ? (model.get("blocked") || "no placement is left for you") : "wait for your turn";
      handTitle.replaceChildren(
        h("span", { class: "zw-hand-name" }, swatch(seat, "zw-inline-swatch"), " ", h("strong", {}, `${cap(names[seat])}'s pieces`)),
        what ? h("span", { class: "zw-muted zw-hand-what" }, what) : "");
      handTray.setAttribute("aria-label", `${names[seat]}'s pieces`);
      handButtons.forEach((b, i) => {
        const P = G.pieces[i];
        const inHand = mine.has(P.n);
        const picked = active === seat && ui.pick && ui.pick.p === i;
        b._fill.setAttribute("fill", fillOf(seat));
        b.classList.toggle("zw-placed", !inHand);
        b.classList.toggle("zw-picked", !!picked);
        b.disabled = !(active === seat && inHand);
        b.setAttribute("aria-pressed", picked ? "true" : "false");
        b.setAttribute("aria-label", `${names[seat]} ${pieceTip(P).replace(/^P/, "p")}, ${inHand ? "in hand" : "placed"}${picked ? ", picked" : ""}`);
        b.title = `${pieceTip(P)}${inHand ? "" : ": placed"}`;
      });
    }
    rotBtn.disabled = flipBtn.disabled = dropBtn.disabled = !ui.pick;
  }

  function drawTurn() {
    const { view } = decoded();
    const seats = model.get("seats") || [];
    const mover = toMove();
    const parts = [];
    if (view.is_over && !revealScores()) {
      parts.push(h("strong", {}, "Game over"), h("span", { class: "zw-muted" }, " · scores hidden: count them yourself"));
    } else if (view.is_over && n === 1) {
      parts.push(h("strong", {}, "Game over: "), `${view.penalty[0]} penalty points left in hand.`);
    } else if (view.is_over) {
      const w = view.winners || [];
      parts.push(h("strong", {}, "Game over: "), ...w.flatMap((c, i) => [i ? " and " : "", swatch(c, "zw-inline-swatch"), ` ${cap(names[c])}`]),
        w.length === 1 ? " wins." : " share the win.");
    } else if (mover !== null) {
      parts.push(swatch(mover, "zw-inline-swatch"), h("strong", {}, ` ${cap(names[mover])}`),
        seats[mover] === "human" ? " to move" : ` to move (${seats[mover]} bot)`);
      // the person to move: the placements allowed here (a lesson may allow fewer than the
      // rules); a bot: the rules' count
      const blocked = model.get("blocked") || "";
      const mine = seats[mover] === "human" && view.seat === mover;
      const count = mine ? legalInfo().set.size : (view.legal_counts || [])[mover];
      if (blocked) parts.push(h("span", { class: "zw-muted" }, ` · ${blocked}`));
      else if (count !== undefined) parts.push(h("span", { class: "zw-muted" }, ` · ${count} legal placement${count === 1 ? "" : "s"}`));
    }
    shell.turn.replaceChildren(...parts);
  }

  function drawSummary() {
    const { view } = decoded();
    if (!view.is_over) {
      summary.hidden = true;
      ui.summaryHidden = false;
      return;
    }
    summary.hidden = ui.summaryHidden;
    const hide = h("button", { class: "zw-btn zw-quiet", type: "button" }, "Show the board");
    hide.addEventListener("click", () => {
      ui.summaryHidden = true;
      summary.hidden = true;
      showSummaryBtn.hidden = false;
    });
    showSummaryBtn.hidden = !ui.summaryHidden;
    if (!revealScores()) {
      // a question lesson asks for the score: only what is on the table
      summary.replaceChildren(
        h("div", { class: "zw-summary-title" }, "Game over"),
        h("div", { class: "zw-summary-win" }, "Scores hidden: count them yourself"),
        h("table", { class: "zw-summary-table zw-scores-hidden" },
          h("thead", {}, h("tr", {}, h("th", {}, "Colour"), h("th", {}, "Pieces left"))),
          h("tbody", {}, [...Array(n).keys()].map((c) => h("tr", {},
            h("td", { class: "zw-nowrap" }, swatch(c, "zw-inline-swatch"), ` ${cap(names[c])}`),
            h("td", {}, String((view.pieces_left[c] || []).length)))))),
        h("div", { class: "zw-summary-note" }, "The pieces still in hand are in the trays beside the board: a square is 1 penalty point, a half square ½."),
        hide);
      return;
    }
    if (n === 1) {
      // the one-player challenge: a result to improve on, no winner and no tie-break
      summary.replaceChildren(
        h("div", { class: "zw-summary-title" }, "Game over"),
        h("div", { class: "zw-summary-win" }, `${view.penalty[0]} penalty points left in hand (${(view.pieces_left[0] || []).length} pieces)`),
        h("div", { class: "zw-summary-note" }, "Fewer is better: 0 means every piece was placed. Try again and beat it."),
        hide);
      return;
    }
    const order = [...Array(n).keys()].sort((x, y) => view.ranking[x] - view.ranking[y] || x - y);
    const w = view.winners || [];
    summary.replaceChildren(
      h("div", { class: "zw-summary-title" }, "Game over"),
      h("div", { class: "zw-summary-win" }, w.length === 1 ? `${cap(names[w[0]])} wins!` : `${w.map((c) => cap(names[c])).join(" and ")} share the win!`),
      h("table", { class: "zw-summary-table" },
        h("thead", {}, h("tr", {}, h("th", {}, "Place"), h("th", {}, "Colour"), h("th", {}, "Penalty points"), h("th", {}, "Tie-break"), h("th", {}, "Pieces left"))),
        h("tbody", {}, order.map((c) => h("tr", { class: w.includes(c) ? "zw-winner" : "" },
          h("td", {}, String(view.ranking[c])),
          h("td", { class: "zw-nowrap" }, swatch(c, "zw-inline-swatch"), ` ${cap(names[c])}`),
          h("td", {}, String(view.penalty[c])),
          h("td", {}, String(view.tiebreak[c])),
          h("td", {}, String((view.pieces_left[c] || []).length)))))),
      h("div", { class: "zw-summary-note" }, "Fewest penalty points wins (a square in hand is 1 point, a half square ½); on a tie, the lower sum of the numbers of the pieces left."),
      hide);
  }
  const showSummaryBtn = h("button", { class: "zw-btn", type: "button", hidden: true }, "Show the result");
  showSummaryBtn.addEventListener("click", () => {
    ui.summaryHidden = false;
    drawSummary();
  });
  shell.header.append(showSummaryBtn);

  // ---------------------------------------------------------------------- pointer & keys
  function toBox(ev) {
    const m = svg.getScreenCTM();
    if (!m) return null;
    const q = new DOMPoint(ev.clientX, ev.clientY).matrixTransform(m.inverse());
    return [q.x / S, q.y / S];
  }

  /** Follow the pointer: the preview moves to the placement nearest it. The preview is the
   * one decision: a click places exactly what the preview shows (the click's own
   * coordinates are rounded differently on zoomed and HiDPI screens, so they are not used
   * again). */
  function follow(ev) {
    const pt = toBox(ev);
    if (!pt) return;
    ui.pointer = pt;
    if (!ui.pick) return;
    if (!ui.byPointer) ui.grab = [0, 0]; // the pointer takes over from the keys: centre the piece on it
    ui.byPointer = true;
    const [a, b] = snap(ui.pick.p, ui.pick.o, pt[0] - ui.grab[0], pt[1] - ui.grab[1]);
    if (a !== ui.pick.a || b !== ui.pick.b) {
      ui.pick.a = a;
      ui.pick.b = b;
      drawPreview();
    }
  }
  svg.addEventListener("pointermove", follow);
  svg.addEventListener("pointerdown", (ev) => {
    // a tap without a hover first (touch): the preview goes where the finger is
    if (ui.pick && !ui.byPointer) follow(ev);
  });
  svg.addEventListener("pointerleave", () => {
    ui.pointer = null;
  });
  svg.addEventListener("click", () => {
    if (!ui.pick) return;
    place();
  });

  function onKey(ev) {
    const key = ev.key;
    const lower = key.length === 1 ? key.toLowerCase() : key;
    const onTray = ev.target.closest && ev.target.closest(".zw-piece");
    if (lower === "r") { turn("rot", ev.shiftKey); return !!ui.pick; }
    if (lower === "f") { turn("flip"); return !!ui.pick; }
    if (lower === "c") {
      attachBox.checked = !attachBox.checked;
      ui.showAttach = attachBox.checked;
      drawMarks();
      return true;
    }
    if (key === "Escape") {
      if (!ui.pick && !zw.isRefusal(model.get("message"))) return false;
      drop(true); // also clears a "Not allowed" message
      return true;
    }
    if (ui.pick && key.startsWith("Arrow")) {
      const { a, b } = ui.pick;
      if (ev.shiftKey) {
        const step = { ArrowLeft: [-2, 0], ArrowRight: [2, 0], ArrowUp: [0, -2], ArrowDown: [0, 2] }[key];
        move(...step);
      } else if (key === "ArrowLeft" || key === "ArrowRight") {
        move(key === "ArrowLeft" ? -1 : 1, b % 2 === 0 ? 1 : -1); // one box sideways: the grid makes it zigzag a row
      } else {
        move(a % 2 === 0 ? 1 : -1, key === "ArrowUp" ? -1 : 1);
      }
      return true;
    }
    if ((key === "Enter" || key === " ") && ui.pick && !onTray) {
      place();
      return true;
    }
    return false;
  }

  // ---------------------------------------------------------------------- redraw on change
  let lastVersion = null;
  let scheduled = false;
  function redraw() {
    scheduled = false;
    const version = model.get("version");
    if (version !== lastVersion) {
      lastVersion = version;
      ui.refusedSig = null; // a new position: Python's message is about it now
      // the position changed: keep the picked piece only if it can still be placed
      if (ui.pick) {
        const seat = activeSeat();
        const left = (decoded().view.pieces_left || [])[seat] || [];
        if (seat === null || !left.includes(G.pieces[ui.pick.p].n)) ui.pick = null;
      }
      drawPieces();
      if (ui.placing) {
        root.dataset.placeMs = String(Math.round(performance.now() - ui.placing.sent));
        ui.placing = null;
      }
    }
    drawTurn();
    drawTrays();
    drawMarks();
    drawHint();
    drawPreview();
    drawSummary();
    shell.update();
  }
  const root = shell.root;
  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    queueMicrotask(redraw);
  };
  for (const name of ["view", "legal", "moves", "cursor", "seats", "version", "hint", "thinking", "highlight", "task", "message", "feedback", "reveal_scores", "blocked", "hints", "allow_new_game"]) {
    shell.on(`change:${name}`, schedule);
  }
  redraw();
  return () => {
    clearTimeout(ui.explainTimer);
    shell.destroy();
  };
}

export default { render };
