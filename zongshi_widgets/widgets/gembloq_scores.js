/* zongshi_widgets, GembloQ part 5 of 7: the score cards, the turn line and the end-of-game
 * summary (see gembloq_geometry.js for how the parts are put together).
 *
 * gqScores(ctx) builds a card per colour (name, person or bot, penalty points, tie-break,
 * badge; the colour's small tray from gembloq_trays.js below), the summary shown over the
 * board when the game is over, and the "Show the result" button that brings it back. With
 * `reveal_scores` false (a question lesson) Python leaves the scores out of `view`, and the
 * cards and the summary say "scores hidden" instead.
 *
 * ctx: {model, G, colours, names, paint: {swatch}, state, turnLine (the shell's turn
 * element), miniTrays (one per colour)}.
 */

function gqScores({ model, G, colours, names, paint, state, turnLine, miniTrays, seatOf, seatNames }) {
  const { h, cap, seatKind } = zw;
  const { swatch } = paint;
  const n = colours.length;
  const fourColours = n !== seatNames.length; // two players, four colours
  let summaryHidden = false; // the person closed the summary to look at the board

  // score cards, one per colour, each with a small tray of the pieces in hand
  const players = h("div", { class: "zw-players", role: "list", "aria-label": "Players, scores and pieces in hand" });
  const cards = [];
  for (let c = 0; c < n; c++) {
    const nameEl = h("span", { class: "zw-pname" }, cap(names[c]), fourColours ? h("span", { class: "zw-muted" }, ` · player ${seatOf(c) + 1}`) : "");
    const kindEl = h("span", { class: "zw-pkind" });
    const badge = h("span", { class: "zw-badge", hidden: true });
    const pts = h("span", { class: "zw-pts" });
    const tb = h("span", { class: "zw-tb" });
    const hiddenNote = h("span", { class: "zw-tb", hidden: true, title: "This lesson asks you to count the score: the pieces in hand are below" }, "score hidden");
    const head = h("div", { class: "zw-phead" }, swatch(c), h("span", { class: "zw-pwho" }, h("span", { class: "zw-pnameline" }, nameEl, badge), kindEl),
      h("span", { class: "zw-pscore" }, pts, tb, hiddenNote));
    const card = h("div", { class: "zw-player", role: "listitem", "data-seat": c, style: `--zw-seat:${colours[c].fill};--zw-seat-ink:${inkOn(colours[c].fill)}` }, head, miniTrays[c]);
    players.append(card);
    cards.push({ card, kindEl, badge, pts, tb, hiddenNote });
  }

  function drawCards() {
    const { view } = state.decoded();
    const seats = model.get("seats") || [];
    const left = view.pieces_left || [];
    const mover = state.toMove();
    const over = !!view.is_over;
    const winners = view.winners || [];
    const reveal = state.revealScores();
    for (let c = 0; c < n; c++) {
      const card = cards[c];
      const mine = new Set(left[c] || []);
      card.card.classList.toggle("zw-to-move", c === mover);
      const kind = seats[seatOf(c)];
      card.kindEl.textContent = kind === "human" ? "person" : `${kind} bot`;
      card.kindEl.title = fourColours ? `player ${seatOf(c) + 1} plays ${seatNames[seatOf(c)]}` : "";
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
        `${names[c]}, ${fourColours ? `played by player ${seatOf(c) + 1}, ` : ""}${seatKind(seats[seatOf(c)])}: ${reveal ? `${penalty} penalty points, tie-break ${(view.tiebreak || [])[c]}` : "score hidden"}, ` +
        `${mine.size} pieces in hand: ${G.pieces.filter((P) => mine.has(P.n)).map((P) => P.n).join(", ") || "none"}${badge ? "; " + badge : ""}`);
    }
  }

  /** The shell's turn line: who is to move and how many placements they have, or the result. */
  function drawTurn() {
    const { view } = state.decoded();
    const seats = model.get("seats") || [];
    const mover = state.toMove();
    const parts = [];
    if (view.is_over && !state.revealScores()) {
      parts.push(h("strong", {}, "Game over"), h("span", { class: "zw-muted" }, " · scores hidden: count them yourself"));
    } else if (view.is_over && n === 1) {
      parts.push(h("strong", {}, "Game over: "), `${view.penalty[0]} penalty points left in hand.`);
    } else if (view.is_over && fourColours) {
      const wp = [...new Set((view.winners || []).map(seatOf))];
      parts.push(h("strong", {}, "Game over: "), wp.length === 1 ? `player ${wp[0] + 1} (${seatNames[wp[0]]}) wins.` : "the players share the win.");
    } else if (view.is_over) {
      const w = view.winners || [];
      parts.push(h("strong", {}, "Game over: "), ...w.flatMap((c, i) => [i ? " and " : "", swatch(c, "zw-inline-swatch"), ` ${cap(names[c])}`]),
        w.length === 1 ? " wins." : " share the win.");
    } else if (mover !== null) {
      const kind = seats[seatOf(mover)];
      parts.push(swatch(mover, "zw-inline-swatch"), h("strong", {}, ` ${cap(names[mover])}`),
        fourColours ? ` (player ${seatOf(mover) + 1})` : "",
        kind === "human" ? " to move" : ` to move (${kind} bot)`);
      // the person to move: the placements allowed here (a lesson may allow fewer than the
      // rules); a bot: the rules' count
      const blocked = model.get("blocked") || "";
      const mine = kind === "human" && view.seat === seatOf(mover);
      const count = mine ? state.legalInfo().set.size : (view.legal_counts || [])[mover];
      if (blocked) parts.push(h("span", { class: "zw-muted" }, ` · ${blocked}`));
      else if (count !== undefined) parts.push(h("span", { class: "zw-muted" }, ` · ${count} legal placement${count === 1 ? "" : "s"}`));
    }
    turnLine.replaceChildren(...parts);
  }

  // the end-of-game summary (over the board) and the button that brings it back (header)
  const summary = h("div", { class: "zw-summary", hidden: true, role: "status" });
  const showSummaryBtn = h("button", { class: "zw-btn", type: "button", hidden: true }, "Show the result");
  showSummaryBtn.addEventListener("click", () => {
    summaryHidden = false;
    drawSummary();
  });

  function drawSummary() {
    const { view } = state.decoded();
    if (!view.is_over) {
      summary.hidden = true;
      summaryHidden = false;
      return;
    }
    summary.hidden = summaryHidden;
    const hide = h("button", { class: "zw-btn zw-quiet", type: "button" }, "Show the board");
    hide.addEventListener("click", () => {
      summaryHidden = true;
      summary.hidden = true;
      showSummaryBtn.hidden = false;
    });
    showSummaryBtn.hidden = !summaryHidden;
    if (!state.revealScores()) {
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
    if (fourColours) {
      // two players, four colours: a row per player, their two colours' penalty points summed
      const players = [...seatNames.keys()];
      const coloursOf = (p) => [...Array(n).keys()].filter((c) => seatOf(c) === p);
      const rankOf = (p) => view.ranking[coloursOf(p)[0]];
      const won = (p) => (view.winners || []).includes(coloursOf(p)[0]);
      const who = (p) => h("td", { class: "zw-nowrap", title: seatNames[p] }, `Player ${p + 1} `, ...coloursOf(p).map((c) => swatch(c, "zw-inline-swatch")));
      const winnersP = players.filter(won);
      summary.replaceChildren(
        h("div", { class: "zw-summary-title" }, "Game over"),
        h("div", { class: "zw-summary-win" }, winnersP.length === 1 ? `Player ${winnersP[0] + 1} (${seatNames[winnersP[0]]}) wins!` : "The players share the win!"),
        h("table", { class: "zw-summary-table" },
          h("thead", {}, h("tr", {}, h("th", {}, "Place"), h("th", {}, "Player"), h("th", {}, "Penalty points"), h("th", {}, "Tie-break"), h("th", {}, "Pieces left"))),
          h("tbody", {}, players.sort((x, y) => rankOf(x) - rankOf(y) || x - y).map((p) => h("tr", { class: won(p) ? "zw-winner" : "" },
            h("td", {}, String(rankOf(p))),
            who(p),
            h("td", {}, String((view.seat_penalty || [])[p])),
            h("td", {}, String(view.tiebreak[coloursOf(p)[0]])),
            h("td", {}, String(coloursOf(p).reduce((sum, c) => sum + (view.pieces_left[c] || []).length, 0))))))),
        h("div", { class: "zw-summary-note" }, "Each player counts the penalty points of both their colours; fewest wins (a square in hand is 1 point, a half square ½); on a tie, the lower sum of the numbers of the pieces left."),
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

  return { players, summary, showSummaryBtn, drawCards, drawTurn, drawSummary };
}
