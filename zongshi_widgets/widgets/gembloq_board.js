/* zongshi_widgets, GembloQ part 3 of 7: the board (see gembloq_geometry.js for how the parts
 * are put together).
 *
 * gqBoard(ctx) draws the triangle grid once, then on request the placed pieces and starting
 * squares, the lesson's highlight and the corner spots, the hint's outline, and the preview
 * of the picked piece with its status line: a preview is green when its code is in `legal`,
 * otherwise red, and Python is asked why (an "explain" request, debounced).
 *
 * ctx: {model, shell, G, colours, names, paint: {fillOf}, ui: {pick, refusedSig}, state}.
 * Returns the elements the layout places (svg, wrap, legend, attachLabel) and draw functions.
 */

const EXPLAIN_DELAY = 90; // ms before asking Python why a preview is illegal

function gqBoard({ model, shell, G, colours, names, paint, ui, state }) {
  const { h, s, cap } = zw;
  const { fillOf } = paint;
  const uid = paint.uid;
  const reasons = new Map(); // explain key -> {legal, text, rule}
  let explainTimer = null;
  let explainKey = null;
  let showAttach = false;

  // ---------------------------------------------------------------------- the SVG and its grid
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
  const ratio = ((Wb + 2 * PAD) / (Hb + 2 * PAD)).toFixed(4);
  const wrap = h("div", { class: "zw-gq-boardwrap" }, svg);

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

  // the corner spots toggle (in the shell's toolbar; C toggles it too)
  const attachBox = h("input", { type: "checkbox", class: "zw-check" });
  const attachLabel = h("label", { class: "zw-toggle", title: "Mark the free corner spots where the colour to move may attach a piece (C)" },
    attachBox, " Show corner spots (C)");
  attachBox.addEventListener("change", () => {
    showAttach = attachBox.checked;
    drawMarks();
  });
  function toggleAttach() {
    attachBox.checked = !attachBox.checked;
    showAttach = attachBox.checked;
    drawMarks();
  }

  // ---------------------------------------------------------------------- the picked piece
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
    return { cs, ids, key, action, sig, legal: key !== null && state.legalInfo().set.has(key) };
  }

  // ---------------------------------------------------------------------- explain requests
  function askWhy(info) {
    const version = model.get("version");
    const key = `${version}|${info.sig}`;
    explainKey = key;
    if (reasons.has(key)) return;
    clearTimeout(explainTimer);
    explainTimer = setTimeout(() => {
      if (explainKey !== key || reasons.has(key)) return;
      model.send({ type: "explain", action: info.action, version, key });
    }, EXPLAIN_DELAY);
  }

  shell.on("msg:custom", (msg) => {
    if (!msg || msg.type !== "explain") return;
    reasons.set(msg.key, msg);
    if (reasons.size > 400) reasons.delete(reasons.keys().next().value);
    if (msg.key === explainKey) drawPreviewStatus();
  });

  // ---------------------------------------------------------------------- drawing
  function pieceGroup(seat, cs, label, cls) {
    const { outline, inner } = edgesPath(G, cs);
    return s("g", { class: cls, role: "img", "aria-label": label },
      s("path", { class: "zw-gq-fill", d: trianglesPath(G, cs), fill: fillOf(seat) }),
      s("path", { class: "zw-gq-inner", d: inner }),
      s("path", { class: "zw-gq-edge", d: outline }));
  }

  /** The placed pieces (the last one marked) and the starting squares not covered yet. */
  function drawPieces() {
    const { view } = state.decoded();
    const frag = document.createDocumentFragment();
    const placed = view.pieces || [];
    placed.forEach(([seat, p, o, anchor], i) => {
      const cs = codeCells(G, p, o, anchor);
      const first = nameCell(G, p, o, cs);
      frag.append(pieceGroup(seat, cs, `${names[seat]} ${G.pieces[p].label}, placed at ${first}`, "zw-gq-piece"));
      if (i === placed.length - 1) {
        const [cx, cy] = centroid(G, cs);
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

  /** A lesson's highlight and (when shown) the corner spots of the colour to move. */
  function drawMarks() {
    const { view } = state.decoded();
    const frag = document.createDocumentFragment();
    const hl = model.get("highlight") || [];
    if (hl.length) {
      const cs = hl.filter((i) => i >= 0 && i < G.cells.length).map((i) => G.cells[i]);
      const { outline } = edgesPath(G, cs);
      frag.append(s("path", { class: "zw-gq-hl-fill", d: trianglesPath(G, cs) }), s("path", { class: "zw-gq-hl", d: outline }));
    }
    const seat = state.toMove();
    const spots = showAttach && seat !== null ? view.attach || [] : [];
    if (spots.length) {
      // each free spot's triangle, shaded; a dot at each corner point where a piece started
      // there would touch the mover's pieces (the spots touch them at corners only)
      const own = new Set();
      for (const i of state.decoded().byColour[seat]) for (const [u, v] of G.verts(...G.cells[i])) own.add(`${u},${v}`);
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

  /** The hint's placement, outlined (only while the hint is about this position). */
  function drawHint() {
    const hint = model.get("hint") || {};
    if (!hint.code || hint.version !== model.get("version")) {
      gHint.replaceChildren();
      return;
    }
    const [p, o, anchor] = hint.code;
    const cs = codeCells(G, p, o, anchor);
    const seat = state.toMove() ?? 0;
    const { outline } = edgesPath(G, cs);
    gHint.replaceChildren(
      s("path", { class: "zw-gq-hint-fill", d: trianglesPath(G, cs), fill: fillOf(seat) }),
      s("path", { class: "zw-gq-hint-edge", d: outline }));
  }

  /** The picked piece where it would go, green (fits) or red and hatched (cannot go there). */
  function drawPreview() {
    if (!ui.pick) {
      gPreview.replaceChildren();
      svg.classList.remove("zw-picking");
      drawPreviewStatus();
      return;
    }
    svg.classList.add("zw-picking");
    const info = previewInfo();
    const seat = state.toMove() ?? 0;
    const { outline } = edgesPath(G, info.cs);
    const [cx, cy] = centroid(G, info.cs);
    const ok = info.legal;
    const where = info.ids.every((i) => i !== undefined) ? ` at ${nameCell(G, ui.pick.p, ui.pick.o, info.cs)}` : " partly off the board";
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

  /** The status line under the board: what to do, or whether (and why not) the preview fits. */
  function drawPreviewStatus() {
    if (!ui.pick) {
      if (shell.isDead()) return;
      const seat = state.activeSeat();
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
    const reason = reasons.get(explainKey);
    if (reason && reason.key === `${model.get("version")}|${info.sig}`) {
      shell.setStatus(reason.legal ? fits : `✗ ${reason.text}`, reason.legal ? "ok" : "bad");
    } else {
      shell.setStatus(`✗ ${label} cannot go here…`, "bad");
    }
  }

  /** The kernel is gone: nothing is picked any more. */
  function onGone() {
    ui.pick = null;
    gPreview.replaceChildren();
    svg.classList.remove("zw-picking");
  }

  return {
    svg, wrap, legend, attachLabel, ratio,
    previewCells, previewInfo, toggleAttach,
    drawPieces, drawMarks, drawHint, drawPreview, drawPreviewStatus,
    onGone,
    destroy: () => clearTimeout(explainTimer),
  };
}
