/* zongshi_widgets, GembloQ part 4 of 7: the trays (see gembloq_geometry.js for how the parts
 * are put together).
 *
 * gqTrays(ctx) builds the pieces in hand: a small tray per colour (shown in that colour's
 * score card, gembloq_scores.js) and the hand of the watching person, big, to pick from, with
 * its rotate / flip / put back buttons and the keys help. drawTrays() shows what is in hand,
 * what is placed and what is picked. The buttons do nothing by themselves: gembloq_input.js
 * listens to them.
 *
 * ctx: {model, G, colours, names, paint: {fillOf, swatch}, ui: {pick}, state}.
 */

function gqTrays({ model, G, colours, names, paint, ui, state }) {
  const { h, s, cap } = zw;
  const { fillOf, swatch } = paint;
  const n = colours.length;

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

  /** "Piece 9 (L4, 4 squares)", "Piece 2 (1½ squares)": the piece's name with its size, said
   * once (made in Python: games/gembloq/naming.py, one naming for the whole board). */
  const pieceTip = (P) => P.title;

  // a small tray per colour, in its score card
  const minis = [];
  const miniTrays = [];
  for (let c = 0; c < n; c++) {
    minis.push(G.pieces.map((_, i) => h("span", { class: "zw-piece zw-mini" }, piecePicture(i, c)[0])));
    miniTrays.push(h("div", { class: "zw-tray zw-mini-tray", "aria-hidden": "true" }, minis[c]));
  }

  // the hand: the looking person's pieces, big, to pick from; with rotate / flip / put back
  const handTitle = h("span", { class: "zw-hand-title" });
  const rotBtn = h("button", { class: "zw-btn", type: "button", title: "Rotate a quarter turn (R; Shift+R the other way)", "aria-keyshortcuts": "R" }, "⟳ Rotate");
  const flipBtn = h("button", { class: "zw-btn", type: "button", title: "Flip over (F)", "aria-keyshortcuts": "F" }, "⇋ Flip");
  const dropBtn = h("button", { class: "zw-btn zw-quiet", type: "button", title: "Put the piece back (Escape)", "aria-keyshortcuts": "Escape" }, "Put back");
  const handTray = h("div", { class: "zw-tray zw-hand-tray", role: "group" });
  const handFills = [];
  const handButtons = G.pieces.map((_, i) => {
    const [pic, fill] = piecePicture(i, 0);
    handFills.push(fill);
    return h("button", { type: "button", class: "zw-piece", "data-piece": i }, pic);
  });
  handTray.append(...handButtons);
  const keysHelp = h("div", { class: "zw-keys" },
    ...[["R", "rotate"], ["F", "flip"], ["←↑→↓", "move half a square (Shift: a whole square)"], ["Enter", "place"], ["Esc", "put back"], ["U", "undo"], ["H", "hint"], ["C", "corner spots"]]
      .map(([k, what], i) => h("span", { "data-key": k }, i ? " · " : "Keys: ", h("kbd", {}, k), ` ${what}`)));
  const hintKey = keysHelp.querySelector("[data-key='H']"); // no board hints in a lesson: no H
  const hand = h("div", { class: "zw-hand" },
    h("div", { class: "zw-hand-head" }, handTitle, h("div", { class: "zw-pickbar", role: "group", "aria-label": "Turn the piece" }, rotBtn, flipBtn, dropBtn)),
    handTray);

  function drawTrays() {
    const { view } = state.decoded();
    const left = view.pieces_left || [];
    const active = state.activeSeat();
    const over = !!view.is_over;
    for (let c = 0; c < n; c++) {
      const mine = new Set(left[c] || []);
      minis[c].forEach((m, i) => m.classList.toggle("zw-placed", !mine.has(G.pieces[i].n)));
    }

    // the hand of the looking person (the colour to move in a hotseat game)
    const seat = state.handColour();
    hand.hidden = seat === null;
    keysHelp.hidden = seat === null || over; // nobody places pieces now
    hintKey.hidden = model.get("hints") === false;
    if (seat !== null) {
      const mine = new Set(left[seat] || []);
      hand.style.setProperty("--zw-seat", colours[seat].fill);
      const what = active === seat ? (ui.pick ? "move it over the board" : "pick one")
        : over ? "" : state.toMove() === seat ? (model.get("blocked") || "no placement is left for you") : "wait for your turn";
      handTitle.replaceChildren(
        h("span", { class: "zw-hand-name" }, swatch(seat, "zw-inline-swatch"), " ", h("strong", {}, `${cap(names[seat])}'s pieces`)),
        what ? h("span", { class: "zw-muted zw-hand-what" }, what) : "");
      handTray.setAttribute("aria-label", `${names[seat]}'s pieces`);
      handButtons.forEach((b, i) => {
        const P = G.pieces[i];
        const inHand = mine.has(P.n);
        const picked = active === seat && ui.pick && ui.pick.p === i;
        handFills[i].setAttribute("fill", fillOf(seat));
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

  return { hand, keysHelp, miniTrays, handButtons, rotBtn, flipBtn, dropBtn, drawTrays };
}
