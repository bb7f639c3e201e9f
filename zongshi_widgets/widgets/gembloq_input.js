/* zongshi_widgets, GembloQ part 6 of 7: input (see gembloq_geometry.js for how the parts are
 * put together).
 *
 * gqInput(ctx) lets a person pick a piece from the hand, move it over the board (pointer or
 * arrow keys), turn it (R, Shift+R, F or the buttons), drop it (Escape, "Put back") and place
 * it (click, Enter or Space): placing sends {"type": "play", "action": <cell labels>,
 * "version"}; legality is Python's. It listens to the board's SVG and the trays' buttons and
 * returns onKey for the shell (which handles U, Shift+U and H itself).
 *
 * ctx: {model, shell, G, ui: {pick, refusedSig, placing}, state, board, trays}.
 */

function gqInput({ model, shell, G, ui, state, board, trays }) {
  const { svg } = board;
  const { handButtons } = trays;
  let pointer = null; // the pointer over the board, box units (null when it is elsewhere)
  let grab = [0, 0]; // where the pointer holds the picked piece: pointer - piece centre
  let byPointer = false; // the pointer, not the keyboard, placed the piece last

  // ---------------------------------------------------------------------- pick, drop, turn, move, place
  function pickPiece(p, viaKeyboard) {
    const seat = state.activeSeat();
    if (seat === null) return;
    const left = state.decoded().view.pieces_left || [];
    if (!(left[seat] || []).includes(G.pieces[p].n)) return;
    shell.dismiss(); // another piece: an old "Not allowed" no longer applies
    ui.refusedSig = null;
    if (ui.pick && ui.pick.p === p && !viaKeyboard) {
      drop(false);
      return;
    }
    const options = state.legalInfo().byPiece.get(p) || [];
    let o = 0, a = 0, b = 0;
    grab = [0, 0];
    byPointer = !!(pointer && !viaKeyboard);
    if (byPointer) {
      // the pointer is over the board: start there (keyboard picks start on a legal spot)
      [a, b] = snap(G, p, o, pointer[0], pointer[1]);
    } else if (options.length) {
      const [o0, anchor] = options[0];
      o = o0;
      const first = G.pieces[p].orients[o].cells[0];
      const [ax, ay] = G.cells[anchor];
      a = (ax - first[0]) / 2;
      b = ay - first[1];
    } else {
      [a, b] = snap(G, p, 0, G.W / 4, G.H / 2);
    }
    ui.pick = { p, o, a, b };
    svg.focus({ preventScroll: true });
    board.drawPreview();
    trays.drawTrays();
  }

  function drop(refocus) {
    shell.dismiss();
    ui.refusedSig = null;
    if (!ui.pick) return;
    const p = ui.pick.p;
    ui.pick = null;
    board.drawPreview();
    trays.drawTrays();
    if (refocus && !handButtons[p].disabled) handButtons[p].focus({ preventScroll: true });
  }

  /** The point (box units) a turn keeps still: the pointer, when it placed the piece and is
   * on it; else the centre of the piece's cell nearest the piece's middle. */
  function pivot() {
    const { p, o, a, b } = ui.pick;
    const cs = board.previewCells();
    if (byPointer && pointer && cs.some(([x, y]) => inCell(G, x, y, ...pointer))) return pointer;
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
    const [a2, b2] = best ? [best[1], best[2]] : snap(G, p, o2, want[0], want[1]);
    ui.pick = { p, o: o2, a: a2, b: b2 };
    if (byPointer && pointer) grab = [pointer[0] - (O2.cu + a2), pointer[1] - (O2.cv + b2)];
    board.drawPreview();
  }

  function move(da, db) {
    if (!ui.pick) return;
    byPointer = false;
    const { p, o, a, b } = ui.pick;
    [ui.pick.a, ui.pick.b] = clampMove(G, p, o, a + da, b + db);
    board.drawPreview();
  }

  function place() {
    if (!ui.pick) return;
    const info = board.previewInfo();
    ui.refusedSig = info.legal ? null : info.sig; // Python will say why in the message line
    ui.placing = { sent: performance.now(), version: model.get("version") };
    model.send({ type: "play", action: info.action, version: model.get("version") });
  }

  // ---------------------------------------------------------------------- the trays' buttons
  handButtons.forEach((b, i) => b.addEventListener("click", (ev) => pickPiece(i, ev.detail === 0))); // detail 0: Enter or Space
  trays.rotBtn.addEventListener("click", () => turn("rot"));
  trays.flipBtn.addEventListener("click", () => turn("flip"));
  trays.dropBtn.addEventListener("click", () => drop(true));

  // ---------------------------------------------------------------------- the pointer
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
    pointer = pt;
    if (!ui.pick) return;
    if (!byPointer) grab = [0, 0]; // the pointer takes over from the keys: centre the piece on it
    byPointer = true;
    const [a, b] = snap(G, ui.pick.p, ui.pick.o, pt[0] - grab[0], pt[1] - grab[1]);
    if (a !== ui.pick.a || b !== ui.pick.b) {
      ui.pick.a = a;
      ui.pick.b = b;
      board.drawPreview();
    }
  }
  svg.addEventListener("pointermove", follow);
  svg.addEventListener("pointerdown", (ev) => {
    // a tap without a hover first (touch): the preview goes where the finger is
    if (ui.pick && !byPointer) follow(ev);
  });
  svg.addEventListener("pointerleave", () => {
    pointer = null;
  });
  svg.addEventListener("click", () => {
    if (!ui.pick) return;
    place();
  });

  // ---------------------------------------------------------------------- the keys
  /** The board's keys (the shell calls this first; true: handled). */
  function onKey(ev) {
    const key = ev.key;
    const lower = key.length === 1 ? key.toLowerCase() : key;
    const onTray = ev.target.closest && ev.target.closest(".zw-piece");
    if (lower === "r") { turn("rot", ev.shiftKey); return !!ui.pick; }
    if (lower === "f") { turn("flip"); return !!ui.pick; }
    if (lower === "c") {
      board.toggleAttach();
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

  return { onKey, pickPiece, drop, turn, move, place };
}
