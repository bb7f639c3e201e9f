/* zongshi_widgets, GembloQ part 7 of 7: render, which wires the parts together.
 *
 * The GembloQ board draws the triangle grid from `geometry` (sent once), the pieces from
 * `view`, the trays and the score; it lets a person pick, turn and place a piece. Legality is
 * Python's. The module is base.js (the shell: log, hints, undo / redo, message line) followed
 * by the parts, one job each, each a factory given an explicit context:
 *
 *   gembloq_geometry.js  grid, cells, paths, patterns, codes (pure functions)
 *   gembloq_state.js     gqState: the traits decoded (view, legal, who may act)
 *   gembloq_board.js     gqBoard: the SVG board (pieces, marks, hint, preview and its status)
 *   gembloq_trays.js     gqTrays: the pieces in hand (a tray per colour, the hand)
 *   gembloq_scores.js    gqScores: score cards, turn line, end-of-game summary
 *   gembloq_input.js     gqInput: pointer and keys (pick, drop, turn, move, place)
 *   gembloq.js           render: builds the parts, places them in the shell, redraws
 *
 * (GembloQBoard._esm in widgets/gembloq.py lists them in this order.)
 */

function render({ model, el }) {
  const geo = model.get("geometry");
  const G = prepare(geo);
  const colours = geo.colours;
  // colours place pieces; a player plays one colour, or two in the Two-Player Four-Color game
  const names = geo.colour_names || geo.seat_names;
  const seatOf = (c) => (geo.colour_seat ? geo.colour_seat[c] : c);
  const paint = seatPaint("zwg" + Math.random().toString(36).slice(2, 9));
  // what the parts share: the picked piece {p, o, a, b} (piece, orientation, translation
  // (x + 2a, y + b)), the preview Python refused last (its reason is in the message line),
  // and the placement on its way to Python (for the timing in data-place-ms)
  const ui = { pick: null, refusedSig: null, placing: null };

  const shell = zw.shell(model, el, {
    name: "gembloq",
    label: `GembloQ board, ${geo.players} player${geo.players > 1 ? "s" : ""}`,
    swatch: paint.swatch,
    onKey: (ev) => input.onKey(ev),
    hintText: (hint) => hint.text.replace(/^\w+ placed /, ""),
    logMover: (seat, code) => (code && code.length > 3 ? [code[3], names[code[3]]] : [seat, names[seat]]), // the colour that placed
    onGone: () => board.onGone(),
  });
  const ctx = { model, shell, G, colours, names, paint, ui, seatOf, seatNames: geo.seat_names };
  const state = gqState({ model, G, n: colours.length, shell, seatOf });
  const board = gqBoard({ ...ctx, state });
  const trays = gqTrays({ ...ctx, state });
  const scores = gqScores({ ...ctx, state, turnLine: shell.turn, miniTrays: trays.miniTrays });
  const input = gqInput({ ...ctx, state, board, trays });

  // the layout: the board's column sized from its shape (board.css, gembloq.css); the status
  // line right under the board, then the legends; the hand beside the board (under it when
  // the cell is narrow), the score cards under the shell's move controls
  const root = shell.root;
  root.style.setProperty("--zw-gq-ratio", board.ratio);
  board.wrap.append(scores.summary);
  shell.stage.append(board.wrap);
  shell.sideTop.append(scores.players);
  shell.stage.append(shell.lines, board.legend, trays.keysHelp);
  shell.side.prepend(trays.hand);
  shell.toolbar.append(board.attachLabel);
  shell.header.append(scores.showSummaryBtn);

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
      if (ui.pick && !state.stillPlaceable(ui.pick.p)) ui.pick = null;
      board.drawPieces();
      if (ui.placing) {
        root.dataset.placeMs = String(Math.round(performance.now() - ui.placing.sent));
        ui.placing = null;
      }
    }
    scores.drawTurn();
    scores.drawCards();
    trays.drawTrays();
    board.drawMarks();
    board.drawHint();
    board.drawPreview();
    scores.drawSummary();
    shell.update();
  }
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
    board.destroy();
    shell.destroy();
  };
}

export default { render };
