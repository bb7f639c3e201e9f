/* zongshi_widgets: the Zong Shi board (appended to base.js, which defines `zw`).
 *
 * Draws the town board (the two bins of the Marketplace, the Temple, the Pawn Shop, the four
 * townsfolk, the projects and masterworks), the decision bar and every workshop from the
 * traits, and offers what the watching seat may do as clickable choices ON the board: every
 * legal action arrives as [notation, target, label] (widgets/zongshi.py), and the part of the
 * board named by `target` becomes a button. One action: a click plays it; several (the ways to
 * visit a townsperson, the boxes to pay...): a click opens a short menu in the decision bar. A
 * part that offers nothing now asks Python why (the `explain` request) and shows the rule.
 * Legality is Python's alone. Parts named in `highlight` (board.mark) are outlined.
 * Keys: Tab / Shift+Tab and the arrow keys move through the choices, Enter picks, Escape
 * closes a menu (U undo, Shift+U redo, H hint come from the shell).
 */

function render({ model, el }) {
  const { h } = zw;
  const geo = model.get("geometry");
  const n = geo.players;
  const labels = geo.seat_labels;
  const seatColours = geo.seat_colours;
  const M = geo.materials;
  const MC = geo.material_colours;
  const cards = geo.cards;
  const LETTER = { g: 0, i: 1, j: 2, b: 3 };
  const PLACE = { large: "large bin", small: "small bin", temple: "Temple", pawnshop: "Pawn Shop", visits: "Respectful Visits", pass: "passed" };

  const swatch = (seat, cls = "zw-swatch") =>
    h("span", { class: `${cls} zs-seat`, style: `--zs-seat:${seatColours[seat]}`, title: labels[seat], "aria-hidden": "true" }, String(seat + 1));

  const shell = zw.shell(model, el, {
    name: "zongshi",
    label: `Zong Shi board, ${n} players`,
    swatch,
    onKey,
    hintText: (hint) => `“${hint.text}”`, // "The greedy bot would play “take a jade box from the draft”."
  });
  const root = shell.root;

  const info = h("div", { class: "zs-info", "aria-live": "polite" });
  const town = h("div", { class: "zs-town" });
  const bar = h("div", { class: "zs-bar", role: "group", "aria-label": "Your decision" });
  const shops = h("div", { class: "zs-workshops", role: "region", "aria-label": "Workshops" });
  const hand = h("div", { class: "zs-hand", role: "region", "aria-label": "Your scrolls", "data-part": "hand" });
  const scores = h("div", { class: "zs-scores", "data-part": "scores" });
  const summary = h("div", { class: "zs-summary", role: "dialog", "aria-label": "End of the game", hidden: true });
  const legend = h("p", { class: "zs-legend" },
    h("span", { class: "zs-rec", title: geo.rec_tip }, "≈"), " marks a reconstructed value (not from the printed cards; hover for details). ",
    "Blue outlines are what you may choose now; click any other part to hear which rule forbids it.",
    h("span", { class: "zs-marks-note" }, " Pink outlines mark the parts this lesson talks about."),
    " Pawns: ", pawnChip(0, "master"), " is player 1's master, ", pawnChip(0, "apprentice"), " (dashed) its apprentice.");
  shell.stage.append(info, summary, town, bar, shell.lines, shops, legend);
  shell.sideTop.append(hand, scores);
  shell.setStatus("", "info");

  // ------------------------------------------------------------------ small drawing helpers
  const box = (m, attrs = {}) =>
    h("span", { class: "zs-box", style: `--zs-mat:${MC[m]}`, title: `${M[m]} box`, ...attrs }, M[m][0].toUpperCase());
  const boxes = (text) => (text === "nothing" || !text ? [h("span", { class: "zs-empty" }, "empty")] : [...text].map((c) => box(LETTER[c])));
  const rec = (flag) => (flag ? h("span", { class: "zs-rec", title: geo.rec_tip, "aria-label": "reconstructed value" }, "≈") : null);
  function pawnChip(seat, pawn) { // a declaration: the legend above uses it
    return h("span", { class: `zs-pawn zs-${pawn}`, style: `--zs-seat:${seatColours[seat]}`, title: `${labels[seat]}'s ${pawn}` },
      `${seat + 1}${pawn === "master" ? "M" : "A"}`);
  }
  const scrollName = (sid) => (geo.scrolls[sid] || { name: sid }).name;
  const cardName = (pid) => (cards[pid] || { name: pid }).name;

  // ------------------------------------------------------------------ choices
  // the click-to-choose helper shared with the other boards (base.js, zw.choices)
  const pick = zw.choices({ model, shell, prefix: "zs", bar, redraw: () => redraw() });
  let groups = new Map(); // target -> [[notation, target, label], ...]
  let mayAct = false;
  function readLegal() {
    pick.read();
    groups = pick.groups();
    mayAct = pick.mayAct();
  }
  const marks = () => new Set((model.get("highlight") || []).map(String));
  let marked = new Set();
  const part = pick.part;

  /** A place of the town board: a box (outlined when it offers actions) whose title is the
   * button of the place itself; inner parts (boxes, tiles) are buttons of their own. */
  function place(target, probe, label, cls, title, ...kids) {
    const acts = groups.get(target) || [];
    const head = part("button", target, { probe, label, cls: "zs-title zs-placebtn", mark: false }, title); // the place carries the mark
    return h("div", {
      class: `zs-place ${cls}${acts.length && mayAct ? " zs-on" : ""}${marked.has(target) ? " zs-mark" : ""}`,
      "data-part": target,
    }, head, ...kids);
  }

  root.addEventListener("click", (ev) => {
    const spot = ev.target.closest(".zs-place");
    if (spot && !ev.target.closest("button") && root.contains(spot)) {
      const head = spot.querySelector(":scope > button.zs-placebtn");
      if (head) head.click();
      return;
    }
    const btn = ev.target.closest("button[data-act], button[data-target]");
    if (!btn || !root.contains(btn) || btn.disabled) return;
    pick.click(btn);
  });

  function onKey(ev) {
    return pick.key(ev, ".zw-stage .zs-choice.zs-on, .zw-stage .zs-bar button, .zw-side-top .zs-choice.zs-on");
  }

  // ------------------------------------------------------------------ the parts
  function infoLine(v) {
    const bits = [h("b", {}, `Round ${v.round}`), ` · ${v.step || ""}`];
    if (v.lap) bits.push(` · lap ${v.lap} of 2`);
    if (v.final_round) bits.push(h("b", { class: "zs-final" }, " · final round"));
    else if (v.end_triggered) bits.push(" · the end is triggered");
    bits.push(" · start player: ", swatch(v.start_player, "zw-inline-swatch"), ` ${labels[v.start_player]}`);
    const decision = v.now || ""; // seats named as players (ivory is also a material): widgets/zongshi.py
    const now = decision ? h("div", { class: "zs-now" }, "Now: ", decision) : null;
    // boxes that changed hands with the last move (public): the pick itself, and what followed
    // without a decision (a master alone in a bin takes every box; award tiles; storage limits)
    let moved = null;
    if (v.changes && v.changes.length) {
      const parts = v.changes.map(([s, gained, lost]) => h("span", { class: "zs-change" }, swatch(s, "zw-inline-swatch"), ` ${labels[s]} `,
        gained ? h("span", {}, "+", ...[...gained].map((c) => box(LETTER[c]))) : "", lost ? h("span", {}, " −", ...[...lost].map((c) => box(LETTER[c]))) : ""));
      moved = h("div", { class: "zs-moved" }, "Boxes moved by the last move: ", ...parts);
    }
    info.replaceChildren(h("div", {}, ...bits, ` · bag: ${v.bag_size} boxes`), now || "", moved || "");
  }

  function pawnsAt(v, loc) {
    const out = [];
    v.players.forEach((p, s) => {
      for (const pawn of ["master", "apprentice"]) if (p[pawn].at === loc) out.push(pawnChip(s, pawn));
    });
    return out.length ? h("div", { class: "zs-pawns" }, ...out) : null;
  }

  function binPart(v, b) {
    const text = v.bins[b];
    const pending = (v.pending || [])[0];
    const picking = pending && pending[0] === "bin" && pending[2] === b ? pending[3] : null;
    const inside = [];
    if (text !== "nothing") {
      [...text].forEach((c) => {
        const m = LETTER[c];
        const t = `bin:${b}:${M[m]}`;
        const acts = groups.get(t) || [];
        inside.push(acts.length && mayAct
          ? part("button", t, { label: `${M[m]} box in the ${b} bin`, cls: "zs-boxbtn" }, box(m, { title: null }))
          : box(m));
      });
    } else inside.push(h("span", { class: "zs-empty" }, "empty"));
    const last = v.last && v.last.bin === b ? v.last : null;
    const queue = picking ? h("div", { class: "zs-queue" }, "Picking now: ", pawnChip(picking[0][0], picking[0][1]),
      picking.length > 1 ? ` then ${[...new Set(picking.slice(1).map((q) => `${q[0] + 1}${q[1] === "master" ? "M" : "A"}`))].join(", ")}` : "") : null;
    const lastLine = last ? h("div", { class: "zs-lastpick" }, swatch(last.seat, "zw-inline-swatch"), ` ${labels[last.seat]}'s ${last.pawn} ${last.text}: ${last.why}.`) : null;
    return place(`bin:${b}`, `market ${b}`, `The ${b} bin of the Marketplace`, `zs-bin${last ? " zs-justpicked" : ""}${picking ? " zs-picking" : ""}`,
      `${b === "large" ? "Large" : "Small"} bin`,
      h("div", { class: "zs-boxes" }, ...inside), pawnsAt(v, b), queue, lastLine);
  }

  function templePart(v) {
    // the discard pile is public: each title once, with its number of copies
    const counts = new Map();
    for (const sid of v.scroll_discard || []) counts.set(sid, (counts.get(sid) || 0) + 1);
    const discard = [...counts].map(([sid, k]) => {
      const text = `${scrollName(sid)}${k > 1 ? ` ×${k}` : ""}`;
      return groups.has(`discard:${sid}`) && mayAct ? part("button", `discard:${sid}`, { label: `${scrollName(sid)} in the discard pile`, cls: "zs-scroll zs-small" }, text) : h("span", { class: "zs-scroll zs-small" }, text);
    });
    return h("div", { class: "zs-col" },
      place("temple", "temple", "The Temple", "zs-temple", "Temple",
        h("div", {}, `Scroll deck: ${v.scroll_deck_size}`), pawnsAt(v, "temple")),
      h("div", { class: `zs-discard${marked.has("discard") ? " zs-mark" : ""}`, "data-part": "discard", role: "group", "aria-label": "Discard pile" },
        h("span", { class: "zs-sub" }, `Discard pile (${(v.scroll_discard || []).length}): `), ...(discard.length ? discard : ["empty"])));
  }

  function tileFace(pair) {
    const [a, b] = pair.split("/").map((x) => M.indexOf(x));
    return h("span", { class: "zs-xtile", style: `--zs-a:${MC[a]};--zs-b:${MC[b]}`, "aria-hidden": "true" }, `${M[a][0].toUpperCase()}/${M[b][0].toUpperCase()}`);
  }

  function shopPart(v) {
    const tiles = geo.pairs.map((pair) => {
      const left = v.exchange_tiles_left[pair];
      return part("button", `tile:${pair}`, { label: `${pair} exchange tile, ${left} left`, cls: "zs-tilebtn" }, tileFace(pair), h("span", {}, ` ×${left}`));
    });
    return place("pawn-shop", "pawnshop", "The Pawn Shop", "zs-pawnshop", "Pawn Shop", h("div", { class: "zs-tiles" }, ...tiles), pawnsAt(v, "pawnshop"));
  }

  function personPart(v, person) {
    const visits = [];
    v.players.forEach((p, s) => {
      const tile = p.visited ? p.visited[person.id] : 0;
      if (tile) visits.push(h("span", { class: "zs-vtile", style: `--zs-seat:${seatColours[s]}`, title: `${labels[s]} visited with visit tile ${tile}`, "aria-label": `${labels[s]}, visit tile ${tile}` }, String(tile)));
    });
    const m = M.indexOf(person.material);
    const me = v.seat !== null && v.seat !== undefined ? v.players[v.seat] : null;
    const tile = me && me.visit_tiles.length ? Math.min(...me.visit_tiles) : 1;
    const note = v.awards[person.id];
    const award = h("span", { class: `zs-award${note.status === "face down" ? "" : " zs-gone"}`, title: note.text, "data-award": note.status }, note.short);
    return place(`person:${person.id}`, `visit ${person.id} ${tile}`, `The ${person.id}, who wants ${person.material}`, "zs-person",
      person.id[0].toUpperCase() + person.id.slice(1),
      h("div", {}, "wants ", box(m), ` ${person.material}`, rec(person.rec)), award,
      h("div", { class: "zs-visits" }, ...(visits.length ? visits : [h("span", { class: "zs-empty" }, "no visits")])));
  }

  function cardPart(pid, count) {
    const c = cards[pid];
    const cost = [];
    c.cost.forEach((k, m) => {
      for (let i = 0; i < k; i += 1) cost.push(box(m));
    });
    const probe = `project ${pid.toLowerCase()}`;
    return part("button", pid, { probe, label: `${c.mw ? "Masterwork" : "Project"} ${c.name}: costs ${c.cost.map((k, m) => (k ? `${k} ${M[m]}` : "")).filter(Boolean).join(", ")}, ${c.time} rounds, ${c.vp} points${c.rec ? " (reconstructed values)" : ""}${count !== null ? `, ${count} left` : ""}`, cls: `zs-card${c.mw ? " zs-mw" : ""}${count === 0 ? " zs-none" : ""}` },
      h("div", { class: "zs-cardname" }, c.name, count !== null ? h("span", { class: "zs-count" }, ` ×${count}`) : null),
      h("div", { class: "zs-cost" }, ...cost),
      h("div", { class: "zs-stats" }, `${c.time} rd · ${c.vp} VP`, rec(c.rec)));
  }

  function draftPart(v) {
    if (!v.draft) return null;
    const items = [];
    [...(v.draft.boxes === "nothing" ? "" : v.draft.boxes)].forEach((c) => {
      const m = LETTER[c];
      items.push(part("button", `draft:${M[m]}`, { label: `${M[m]} box in the draft`, cls: "zs-boxbtn" }, box(m, { title: null })));
    });
    for (const sid of v.draft.scrolls) items.push(part("button", `draft:${sid}`, { label: `the scroll ${scrollName(sid)} in the draft`, cls: "zs-scroll" }, scrollName(sid)));
    return h("div", { class: `zs-draft${marked.has("draft") ? " zs-mark" : ""}`, "data-part": "draft" },
      h("div", { class: "zs-title" }, "Opening draft: take one box or one scroll, three times each"), h("div", { class: "zs-row" }, ...items));
  }

  function drawTown(v) {
    const market = h("div", { class: `zs-market${marked.has("market") ? " zs-mark" : ""}`, "data-part": "market" }, binPart(v, "large"), binPart(v, "small"));
    const folk = h("div", { class: `zs-folk${marked.has("visits") ? " zs-mark" : ""}`, "data-part": "visits" },
      h("div", { class: "zs-sub" }, "Respectful Visits ", pawnsAt(v, "visits")), h("div", { class: "zs-people" }, ...geo.persons.map((p) => personPart(v, p))));
    const projects = h("div", { class: `zs-projects${marked.has("projects") ? " zs-mark" : ""}`, "data-part": "projects" },
      h("div", { class: "zs-sub" }, "Projects (copies left)"), h("div", { class: "zs-cards" }, ...geo.projects.map((pid) => cardPart(pid, v.projects_left[pid]))));
    const mws = h("div", { class: `zs-mws${marked.has("masterworks") ? " zs-mark" : ""}`, "data-part": "masterworks" },
      h("div", { class: "zs-sub" }, `Masterworks (deck: ${v.masterwork_deck_size})`), h("div", { class: "zs-cards" }, ...v.masterworks.map((mid) => cardPart(mid, null))));
    const told = geo.persons.filter((p) => v.awards[p.id].status !== "face down").map((p) => h("li", {}, h("b", {}, p.id[0].toUpperCase() + p.id.slice(1)), ": ", v.awards[p.id].text));
    const awards = told.length ? h("div", { class: "zs-sub zs-awards" }, "Award tiles turned over:", h("ul", {}, ...told)) : null;
    town.replaceChildren(draftPart(v) || "", h("div", { class: "zs-row zs-top" }, market, templePart(v), shopPart(v)), folk, awards || "", h("div", { class: "zs-row" }, projects, mws));
  }

  function drawBar(v) {
    const items = [];
    const pass = groups.get("pass");
    if (mayAct && (pass || (v.pending && v.pending[0] && v.pending[0][0] === "turn" && v.pending[0][3]))) {
      items.push(part("button", "pass", { probe: "pass", label: "Pass", cls: "zw-btn zs-barbtn" }, "Pass"));
    }
    if (mayAct) for (const act of groups.get("bar") || []) items.push(h("button", { type: "button", class: "zw-btn zs-barbtn zs-choice zs-on", "data-act": act[0], "aria-label": act[2], title: act[0] }, cap1(act[2])));
    // a few choices only (master or apprentice, which box to give back...): offered here too,
    // next to the prompt, since their parts may lie far down the board on a small screen
    const onBoard = mayAct ? [...groups.entries()].filter(([t]) => t !== "bar" && t !== "pass").flatMap(([, acts]) => acts) : [];
    if (onBoard.length && onBoard.length <= 4) {
      for (const act of onBoard) items.push(h("button", { type: "button", class: "zw-btn zs-barbtn zs-choice zs-on zs-shortcut", "data-act": act[0], "aria-label": act[2], title: act[0] }, cap1(act[2])));
    }
    const menu = pick.menu();
    let lead = "";
    const watch = model.get("watch") || {};
    if (v.is_over) lead = "The game is over.";
    else if (mayAct && model.get("blocked")) lead = model.get("blocked").replace(/^./, (c) => c.toUpperCase()) + ".";  // a lesson: no more moves here
    else if (mayAct) lead = "Your choice: click an outlined part of the board" + (items.length ? ", or here:" : ".");
    else if (watch.mode === "spectator") lead = "Spectator view: public information only.";
    else if (v.to_move !== null && v.to_move !== undefined) lead = `Waiting for ${labels[v.to_move]}.`;
    bar.replaceChildren(h("span", { class: "zs-lead" }, lead), ...items, menu || "");
  }
  const cap1 = (t) => (t ? t[0].toUpperCase() + t.slice(1) : t);

  /** The decision bar goes right under the part of the town its choices are about (the part
   * whose menu is open, else the first part that offers a choice: the opening draft, a bin...),
   * not below the whole town, ~700 px away on a narrow screen; with nothing to choose on the
   * town it follows the town. */
  function placeBar() {
    const target = pick.menuTarget();
    let spot = target !== null ? town.querySelector(`[data-target="${CSS.escape(target)}"], [data-part="${CSS.escape(target)}"]`) : null;
    if (!spot && mayAct) spot = town.querySelector(".zs-on");
    const row = spot ? [...town.children].find((c) => c !== bar && c.contains(spot)) : null;
    if (row) {
      if (row.nextSibling !== bar) row.after(bar);
    } else if (town.nextSibling !== bar) town.after(bar);
  }

  function workshop(v, s) {
    const p = v.players[s];
    const mine = v.seat === s;
    const toMove = v.to_move === s && !v.is_over;
    const pawns = ["master", "apprentice"].map((pawn) => {
      const x = p[pawn];
      const where = x.building.length ? `building ${x.building.map(cardName).join(" + ")}` : x.at ? PLACE[x.at] || x.at : "in the workshop";
      const content = [pawnChip(s, pawn), ` ${pawn}: ${where}`];
      return mine ? part("button", `pawn:${pawn}`, { probe: `use ${pawn}`, label: `Your ${pawn} (${where})`, cls: "zs-pawnrow" }, ...content) : h("div", { class: "zs-pawnrow" }, ...content);
    });
    const store = [];
    if (p.boxes !== "nothing") {
      [...p.boxes].forEach((c) => {
        const m = LETTER[c];
        store.push(mine && groups.has(`store:${M[m]}`) && mayAct ? part("button", `store:${M[m]}`, { label: `${M[m]} box in your storage`, cls: "zs-boxbtn" }, box(m, { title: null })) : box(m));
      });
    }
    const count = p.boxes === "nothing" ? 0 : p.boxes.length;
    const track = [1, 2, 3, 4].map((t) => {
      const here = [];
      for (const pawn of ["master", "apprentice"]) if (p[pawn].building.length && p[pawn].time === t) here.push(...p[pawn].building.map((pid) => h("span", { class: "zs-onTrack", title: `${cardName(pid)}: ${t} round${t > 1 ? "s" : ""} left` }, cardName(pid))));
      return h("span", { class: "zs-space", title: `${t} round${t > 1 ? "s" : ""} left` }, h("span", { class: "zs-num" }, String(t)), ...here);
    });
    const slots = [];
    for (let k = 0; k < 6; k += 1) {
      const pid = p.completed[k];
      slots.push(pid ? h("span", { class: "zs-slot zs-full", title: `${cardName(pid)}: ${cards[pid] ? cards[pid].vp : "?"} points` }, cardName(pid), rec(cards[pid] && cards[pid].rec)) : h("span", { class: "zs-slot" }, ""));
    }
    if (p.overflow && p.overflow.length) slots.push(h("span", { class: "zs-sub", title: "Finished with the Twofold Path when the six spaces were full: counts only in the tie-break" }, ` + ${p.overflow.map(cardName).join(", ")} (tie-break only)`));
    const effects = Object.entries(p.effects || {}).map(([k, val]) => (val === true ? k : `${k}: ${Array.isArray(val) ? val.join(", ") : val}`));
    return h("div", {
      class: `zs-shop${mine ? " zs-mine" : ""}${toMove ? " zs-tomove" : ""}${marked.has(`workshop:${s}`) ? " zs-mark" : ""}`,
      "data-part": `workshop:${s}`,
      style: `--zs-seat:${seatColours[s]}`,
      role: "group",
      "aria-label": `${labels[s]}'s workshop`,
    },
    h("div", { class: "zs-shophead" }, swatch(s), h("b", {}, ` ${labels[s]}`), mine ? " (you)" : "", v.start_player === s ? " · start player" : "", toMove ? " · to move" : ""),
    ...pawns,
    h("div", {}, h("span", { class: "zs-sub" }, `Storage ${count} / ${p.storage_limit}: `), ...(store.length ? store : [h("span", { class: "zs-empty" }, "empty")])),
    h("div", {}, h("span", { class: "zs-sub" }, "Exchange tiles: "), ...(p.exchange_tiles.length ? p.exchange_tiles.map(tileFace) : [h("span", { class: "zs-empty" }, "none")])),
    h("div", { class: "zs-track", "aria-label": "Time track" }, h("span", { class: "zs-sub" }, "Time track: "), ...track),
    h("div", { class: "zs-slots", "aria-label": "Completed projects" }, h("span", { class: "zs-sub" }, `Completed (${p.completed.length}/6): `), ...slots),
    h("div", { class: "zs-sub" }, `Visit tiles left: ${p.visit_tiles.join(", ") || "none"} · scrolls in hand: ${p.scroll_count} (limit ${p.hand_limit})`,
      p.known_scrolls.length ? ` · known: ${p.known_scrolls.map(scrollName).join(", ")}` : ""),
    v.open && v.open[s] && !mine ? h("div", { class: "zs-sub zs-open" }, `Scrolls (open hands): ${v.open[s].hand.map(scrollName).join(", ") || "none"}`) : null,
    p.played.length || effects.length ? h("div", { class: "zs-sub" }, `Played this round: ${p.played.map(scrollName).join(", ") || "none"}${effects.length ? ` · in effect: ${effects.join("; ")}` : ""}`) : null);
  }

  function drawShops(v) {
    const order = [];
    const me = v.seat;
    if (me !== null && me !== undefined) order.push(me);
    for (let s = 0; s < n; s += 1) if (s !== me) order.push(s);
    shops.replaceChildren(...order.map((s) => workshop(v, s)));
  }

  // the scroll timings of the component data (docs/rulings/zongshi.md section 7)
  const timingWords = { master: "master's turn", either: "either turn", any: "any time" };
  const timingShort = { master: "master", either: "either", any: "any time" };

  function drawHand(v) {
    if (!Array.isArray(v.hand)) {
      const w = model.get("watch") || {};
      hand.replaceChildren(h("div", { class: "zw-caption" }, "Scrolls"), h("p", { class: "zs-empty" }, w.mode === "spectator" ? "A spectator sees no player's scrolls." : "Hidden until the player at the screen says they are ready."));
      return;
    }
    const items = v.hand.map((sid) => part("button", `hand:${sid}`, { probe: `play ${sid}`, label: `Your scroll ${scrollName(sid)} (${timingWords[(geo.scrolls[sid] || {}).timing] || "either turn"})`, cls: "zs-scroll" },
      scrollName(sid), h("span", { class: "zs-timing" }, ` · ${timingShort[(geo.scrolls[sid] || {}).timing] || "either"}`)));
    hand.replaceChildren(h("div", { class: "zw-caption" }, `Your scrolls (${labels[v.seat]}, only you see them)`), ...(items.length ? items : [h("p", { class: "zs-empty" }, "No scrolls in hand.")]));
    hand.classList.toggle("zs-mark", marked.has("hand"));
  }

  function drawScores(v) {
    const sc = v.scores;
    if (!sc) {
      scores.replaceChildren(h("div", { class: "zw-caption" }, "Score"), h("p", { class: "zs-empty" }, "Scores are hidden here: count them yourself."));
      return;
    }
    const head = h("tr", {}, h("th", {}, ""), ...labels.map((l, s) => h("th", { title: l }, swatch(s, "zw-inline-swatch"))));
    const rows = geo.categories.map((cat, k) => h("tr", {}, h("th", { scope: "row" }, cat), ...sc.values.map((r) => h("td", {}, String(r[k])))));
    const total = h("tr", { class: "zs-total" }, h("th", { scope: "row" }, "total"), ...sc.totals.map((t) => h("td", {}, String(t))));
    scores.replaceChildren(h("div", { class: "zw-caption" }, sc.final ? "Final score" : "Score if the game ended now"), h("table", { class: "zs-table" }, head, ...rows, total));
    scores.classList.toggle("zs-mark", marked.has("scores"));
  }

  let summaryClosed = null;
  function drawSummary(v) {
    const over = v.is_over && v.scores;
    summary.hidden = !over || summaryClosed === model.get("version");
    if (!over) return;
    const win = (v.winners || []).map((s) => labels[s]).join(" and ");
    const order = [...Array(n).keys()].sort((a, b) => v.scores.totals[b] - v.scores.totals[a]);
    const close = h("button", { type: "button", class: "zw-btn" }, "Close");
    close.addEventListener("click", () => {
      summaryClosed = model.get("version");
      summary.hidden = true;
    });
    summary.replaceChildren(h("strong", {}, `Game over: ${win} win${(v.winners || []).length === 1 ? "s" : ""}`),
      h("ol", {}, ...order.map((s) => h("li", {}, swatch(s, "zw-inline-swatch"), ` ${labels[s]}: ${v.scores.totals[s]} points`))),
      h("p", {}, "Every category is in the score table beside the board."), close);
  }

  function turnLine(v) {
    if (v.is_over) return "Game over";
    if (v.to_move === null || v.to_move === undefined) return "";
    return `${cap1(labels[v.to_move])} to move · round ${v.round}, ${v.step}${v.lap ? `, lap ${v.lap}` : ""}`;
  }

  // ------------------------------------------------------------------ redraw
  let lastVersion = null;
  function redraw() {
    const v = model.get("view") || {};
    const version = model.get("version");
    const focusKey = pick.focused();
    if (version !== lastVersion) {
      lastVersion = version;
      pick.newVersion(root);
    }
    readLegal();
    marked = marks();
    pick.setMarked(marked);
    shell.turn.textContent = turnLine(v);
    legend.classList.toggle("zs-has-marks", marked.size > 0);
    if (v.players) {
      infoLine(v);
      drawTown(v);
      drawBar(v);
      placeBar();
      drawShops(v);
      drawHand(v);
      drawScores(v);
      drawSummary(v);
    }
    shell.update();
    // a hint: outline the part of the board that offers it
    const hint = model.get("hint") || {};
    if (Array.isArray(hint.code)) {
      const [notation, target] = hint.code;
      const spots = target === "bar" ? [...root.querySelectorAll("button[data-act]")].filter((b) => b.dataset.act === notation)
        : String(target).split(",").flatMap((t) => [...root.querySelectorAll(`.zw-stage [data-part="${CSS.escape(t)}"], .zw-side-top [data-part="${CSS.escape(t)}"]`)]);
      for (const spot of spots) spot.classList.add("zs-hinted");
    }
    // the log holds the moves around the shown one (ZongShiBoard.LOG_WINDOW): say what is left out
    const log = model.get("moves") || [];
    const start = (model.get("cursor") || {}).start || 0;
    const list = root.querySelector(".zw-log");
    if (list && log.length && log[0][0] > start + 1 && !list.querySelector(".zs-gap") && list.firstElementChild) {
      const gap = log[0][0] - start - 1;
      list.firstElementChild.after(h("li", { class: "zs-gap" }, `… ${gap} earlier move${gap > 1 ? "s" : ""} (go to Start, then Redo)`));
    }
    root.dataset.choices = String((model.get("legal") || []).length);
    pick.refocus(focusKey);
  }
  zw.redrawOnChange(shell, redraw);
  redraw();
  return () => shell.destroy();
}

export default { render };
