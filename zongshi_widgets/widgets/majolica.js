/* zongshi_widgets: the Majolica board (appended to base.js, which defines `zw`).
 *
 * Draws the 4x4 grid of large tiles (solo: the revealed tiles) with row and column markers,
 * the design-card display, City Hall, every player board (workshops, slotted design cards with
 * their filled spaces, the scoring area) and the score table, all from the traits. Every legal
 * action arrives as [notation, target, label] (widgets/majolica.py): the parts named by
 * `target` become buttons (the shared click-to-choose helper, zw.choices in base.js). A run
 * of a row or column is one click on its marker; one tile is two clicks, the tile (shown
 * picked) and then a design card or "Tile + rearrange" (or the card first), with only what
 * completes the selection lit; clicking the picked part again or Escape cancels. One action
 * plays on a click; several (which colour moves up...) open a short menu in the decision bar.
 * A part that offers nothing asks Python why (the `explain` request) and shows the rule in
 * plain words about the clicked part. Legality is Python's alone. A move that sets off a cascade carries `view.story`: its steps are played
 * here one by one (the mover's board as it stood after each step), at a learner's pace, with
 * Pause, Next and Skip. Parts named in `highlight` (board.mark) are outlined.
 * Keys: Tab / Shift+Tab and the arrow keys move through the choices, Enter picks, Escape
 * closes a menu or cancels a picked tile (U undo, Shift+U redo, H hint come from the shell).
 */

function render({ model, el }) {
  const { h } = zw;
  const geo = model.get("geometry");
  const n = geo.players;
  const names = geo.seat_names;
  const TC = geo.tile_colours;
  const TN = { R: "red", Y: "yellow", B: "blue", G: "green", P: "purple" };
  const STEP_MS = 1300; // STEP_SECONDS in majolica.py: a bot waits for a cascade to be shown

  const swatch = (seat, cls = "zw-swatch") =>
    h("span", { class: `${cls} mj-seat`, style: `--mj-seat:${geo.seat_colours[seat]}`, title: names[seat], "aria-hidden": "true" }, String(seat + 1));

  const ui = { sel: null, story: null, timer: null, paused: false, lastPly: null, open: new Set() };
  const shell = zw.shell(model, el, {
    name: "majolica",
    label: `Majolica board, ${n} player${n > 1 ? "s" : ""}`,
    swatch,
    onKey,
    hintText: (hint) => `“${hint.text.replace(/^\w+: /, "")}”`, // the move in words, as the decision bar says it
  });
  const root = shell.root;

  const info = h("div", { class: "mj-info", "aria-live": "polite" });
  const storyBox = h("div", { class: "mj-story", role: "log", "aria-live": "polite", "aria-label": "The cascade, step by step", hidden: true });
  const table = h("div", { class: "mj-table" });
  const bar = h("div", { class: "mj-bar", role: "group", "aria-label": "Your decision" });
  const boards = h("div", { class: "mj-boards", role: "region", "aria-label": "Player boards" });
  const scores = h("div", { class: "mj-scores", "data-part": "scores" });
  const summary = h("div", { class: "mj-summary", role: "dialog", "aria-label": "End of the game", hidden: true });
  const legend = h("p", { class: "mj-legend" },
    h("span", { class: "mj-rec", title: geo.reconstructed_note }, "≈"), " marks a reconstructed value (not from the printed cards; hover for details). ",
    "Blue outlines are what you may choose now; click any other part to hear which rule forbids it.",
    h("span", { class: "mj-marks-note" }, " Pink outlines mark the parts this lesson talks about."));
  // the cascade's steps are shown in the action bar, where the learner has just acted (between
  // the table and the player boards): never over the grid, one step at a time so the bar keeps its height
  const tableBox = h("div", { class: "mj-tablebox" }, table);
  // the watching seat's own board in a box of its own: beside the tile grid on a wide cell, so
  // that a take and the cascade it starts are seen at once (the whole table on one screen,
  // issue 25); under the decision bar in one column
  const mineBox = h("div", { class: "mj-minebox", role: "region", "aria-label": "Your player board" });
  shell.header.append(info);
  const act = h("div", { class: "mj-act" }, bar, shell.lines); // the decision and Python's answers, side by side
  shell.stage.append(summary, tableBox, act, mineBox, boards, legend);
  shell.sideTop.append(scores);
  shell.setStatus("", "info");

  // ------------------------------------------------------------------ helpers
  const rec = (flag, what) => (flag ? h("span", { class: "mj-rec", title: `${what ? `${what}: ` : ""}${geo.reconstructed_note}`, "aria-label": "reconstructed value" }, "≈") : null);
  const chip = (letter, cls = "") => h("span", { class: `mj-tile ${cls}`, style: `--mj-t:${TC[letter]}`, title: TN[letter] }, letter);
  const chips = (text) => [...(text || "")].map((c) => chip(c));

  // ------------------------------------------------------------------ choosing
  // The click-to-choose helper shared with the other boards (base.js, zw.choices), with a
  // pending selection on top: a single tile (options B and C) is two clicks, the tile and then
  // a design card or "Tile + rearrange" (or the other way round); the first click is shown
  // picked, only what completes it is lit, and clicking it again or Escape cancels.
  // A run of a row or column (option A) is one click on its marker (the cells it covers are
  // only drawn with it); placing is then a click on a workshop.
  const keysOf = (act) => {
    const keys = String(act[1]).split(",");
    return keys[0].startsWith("line:") ? [keys[0]] : keys;
  };
  const paired = (act) => keysOf(act).length === 2;
  const keyWords = (k) => {
    const [kind, x] = k.split(":");
    if (kind === "cell") return `the tile ${x}`;
    if (kind === "tile") return `a ${TN[x]} tile`;
    if (kind === "card") return `design card ${x}`;
    if (k === "arrange") return "“Tile + rearrange”";
    return k;
  };
  const pick = zw.choices({
    model, shell, prefix: "mj", bar, redraw: () => redraw(), keysOf,
    canAct: () => !ui.story,
    offers(target) {
      const own = pick.groups().get(target) || [];
      if (ui.sel === null || target === ui.sel) return own;
      return own.filter((act) => keysOf(act).includes(ui.sel));
    },
    classes: (target) => (target === ui.sel ? " mj-picked" : ""),
    onTarget(target, probe, acts, label) {
      const own = pick.groups().get(target) || [];
      if (ui.sel !== null) {
        if (target === ui.sel) {
          cancelSel();
          return true;
        }
        if (acts.length) return false; // completes the selection: plays it (a menu if several)
        if (own.some(paired)) {
          pickSel(target); // another tile (or card): the selection moves there
          return true;
        }
        shell.setStatus(`You have picked ${keyWords(ui.sel)}: finish with one of the lit parts, or click it again (or press Escape) to cancel.`, "bad");
        return true;
      }
      if (own.length && own.every(paired)) {
        pickSel(target);
        return true;
      }
      return false;
    },
    // "Not allowed: you clicked b2, a blue tile in the middle (never takeable). Only large tiles ..."
    status: (msg, label) => {
      const what = label ? `you clicked ${label.split(/[:;]/)[0]}. ` : "";
      return msg.legal ? `Allowed: ${msg.text}` : `Not allowed: ${what}${msg.text}`;
    },
  });
  const part = pick.part;
  let mayAct = false;
  let groups = new Map();
  function readLegal() {
    pick.read();
    groups = pick.groups();
    mayAct = pick.mayAct();
    if (!mayAct || (ui.sel !== null && !groups.has(ui.sel))) ui.sel = null;
  }
  let marked = new Set();
  function pickSel(target) {
    ui.sel = target;
    shell.setStatus("", "info");
    redraw();
    const first = root.querySelector(".zw-stage .mj-choice.mj-on:not(.mj-picked)");
    if (first) first.focus();
  }
  function cancelSel() {
    ui.sel = null;
    redraw();
  }
  function selLead(t) {
    const other = (pick.groups().get(ui.sel) || []).map((act) => keysOf(act).find((k) => k !== ui.sel));
    const cards = other.some((k) => k && k.startsWith("card:"));
    const arr = other.includes("arrange");
    const cells = other.some((k) => k && (k.startsWith("cell:") || k.startsWith("tile:")));
    const rest = cells ? "now click one of the lit tiles" : [cards ? "now click a lit design card (option B)" : "", arr ? "“Tile + rearrange” (option C)" : ""].filter(Boolean).join(" or ");
    return `${t.stepText}: you picked ${keyWords(ui.sel)}; ${rest}. Click it again or press Escape to cancel.`;
  }

  root.addEventListener("click", (ev) => {
    const btn = ev.target.closest("button[data-act], button[data-target], button[data-story], button[data-cancel]");
    if (!btn && ev.target.closest(".zw-stage")) {
      // a part that offers nothing (another player's board...): the last explanation is not its answer
      const other = ev.target.closest(".mj-board:not(.mj-tomove)");
      shell.setStatus(other && mayAct ? "That is another player's board: you play on your own, outlined." : "", "info");
      return;
    }
    if (!btn || !root.contains(btn) || btn.disabled) return;
    if (btn.dataset.story) storyControl(btn.dataset.story);
    else if (btn.dataset.cancel) cancelSel();
    else pick.click(btn);
  });
  function onKey(ev) {
    if (ev.key === "Escape" && pick.menuTarget() === null && ui.sel !== null) {
      cancelSel();
      return true;
    }
    return pick.key(ev, ".zw-stage .mj-choice.mj-on, .zw-stage .mj-bar button");
  }

  // ------------------------------------------------------------------ parts
  function cardFace(id, fill, opts = {}) {
    const c = geo.cards[id];
    if (!c) return h("span", {}, id);
    const [points, spaces, blank, hand] = c;
    const left = {};
    for (const ch of fill || "") left[ch] = (left[ch] || 0) + 1;
    const cells = [];
    for (const ch of spaces) {
      const full = left[ch] > 0;
      if (full) left[ch] -= 1;
      cells.push(h("span", { class: `mj-space${full ? " mj-full" : ""}`, style: `--mj-t:${TC[ch]}`, title: `${TN[ch]} space${full ? ", filled" : ", open"}` }, full ? ch : ""));
    }
    const extra = Object.entries(left).flatMap(([ch, k]) => Array(k).fill(ch));
    for (let b = 0; b < blank; b += 1) {
      const ch = extra[b];
      cells.push(h("span", { class: `mj-space mj-blank${ch ? " mj-full" : ""}`, style: ch ? `--mj-t:${TC[ch]}` : "", title: ch ? `blank space holding ${TN[ch]}` : "blank space: any colour but purple" }, ch || "*"));
    }
    const k = (fill || "").length;
    return h("span", { class: "mj-cardface" },
      h("span", { class: "mj-cardhead" }, h("b", {}, id), ` ${points} pts`, hand ? h("span", { class: "mj-hand", title: "Hand icon: completing this card gives a small tile of a colour you choose" }, "hand icon") : null, rec(geo.cards_rec, `${id}'s spaces and points`)),
      h("span", { class: "mj-spaces" }, ...cells),
      opts.progress && k ? h("span", { class: "mj-sub" }, `${k}/${spaces.length + blank} filled`) : null);
  }
  /** A player's mission card, drawn like a design card: its spaces (one per colour on M2 and
   * M4) with the tiles on them, and a done mark when the mission is fulfilled. */
  function missionCard(mc) {
    const have = new Set(mc.tiles);
    const cells = [...mc.spaces].map((ch) => h("span", { class: `mj-space${have.has(ch) ? " mj-full" : ""}`, style: `--mj-t:${TC[ch]}`, title: `${TN[ch]} space${have.has(ch) ? ", holds a tile" : ", open"}` }, have.has(ch) ? ch : ""));
    const words = `mission card ${mc.id}: ${mc.text}; ${mc.spaces ? `tiles on it: ${[...mc.tiles].map((c) => TN[c]).join(", ") || "none"}; ` : ""}${mc.done ? "fulfilled" : "not fulfilled yet"}`;
    return h("div", { class: `mj-missioncard${mc.done ? " mj-mdone" : ""}`, "data-part": `mission-card:${mc.id}`, role: "group", "aria-label": words, title: words },
      h("span", { class: "mj-cardhead" }, h("b", {}, `Mission ${mc.id}`), mc.done ? h("span", { class: "mj-donemark" }, "✓ done") : h("span", { class: "mj-sub" }, " not yet")),
      h("span", { class: "mj-sub mj-mtext" }, mc.text),
      cells.length ? h("span", { class: "mj-spaces" }, ...cells) : null);
  }
  const cardWords = (id) => {
    const c = geo.cards[id];
    return c ? `design card ${id}, ${c[0]} points, spaces ${[...c[1]].map((x) => TN[x]).join(" ")}${c[2] ? ` and ${c[2]} blank` : ""}${geo.cards_rec ? " (reconstructed values)" : ""}` : id;
  };

  function gridPart(t) {
    if (geo.solo) {
      const rev = t.revealed || "";
      const tiles = [...new Set(rev)].map((c) => part("button", `tile:${c}`, { probe: `take ${c} + arrange`, label: `the revealed ${TN[c]} tile${rev.split(c).length > 2 ? "s" : ""}`, cls: "mj-cellbtn" }, ...[...rev].filter((x) => x === c).map((x) => chip(x, "mj-large"))));
      const all = part("button", "revealed", { probe: "take all", label: "all four revealed tiles", cls: "mj-line mj-solo-all" }, "Take all four");
      return h("div", { class: `mj-grid-box${marked.has("grid") ? " mj-mark" : ""}`, "data-part": "grid" },
        h("div", { class: "mj-title" }, "Revealed large tiles"), h("div", { class: "mj-solo" }, ...tiles, all), h("div", { class: "mj-sub" }, `Face down: ${t.face_down}`));
    }
    const cells = [];
    const head = (txt, target, label, probe) => part("button", target, { probe, label, cls: "mj-line" }, txt);
    cells.push(h("span", {}), head("a ↓", "line:cola", "column a", "take a1-a4"), h("span", { class: "mj-rowname" }, "b"), h("span", { class: "mj-rowname" }, "c"), head("d ↓", "line:cold", "column d", "take d1-d4"));
    for (let r = 0; r < 4; r += 1) {
      cells.push(r === 0 ? head("1 →", "line:row1", "row 1", "take a1-d1") : r === 3 ? head("4 →", "line:row4", "row 4", "take a4-d4") : h("span", { class: "mj-rowname" }, String(r + 1)));
      for (let c = 0; c < 4; c += 1) {
        const i = r * 4 + c;
        const name = `${"abcd"[c]}${r + 1}`;
        const col = t.grid[i];
        const border = r === 0 || r === 3 || c === 0 || c === 3;
        const inner = col === "." ? h("span", { class: "mj-taken" }, "") : chip(col, "mj-large");
        const label = col === "." ? `${name}, taken this round` : `${name}, a ${TN[col]} tile${border ? "" : " in the middle (never takeable)"}`;
        cells.push(part("button", `cell:${name}`, { probe: `take ${name} + arrange`, label, cls: "mj-cell" }, inner));
      }
    }
    return h("div", { class: `mj-grid-box${marked.has("grid") ? " mj-mark" : ""}`, "data-part": "grid" },
      h("div", { class: "mj-title" }, "Majolica tiles"), h("div", { class: "mj-grid" }, ...cells),
      h("div", { class: "mj-sub" }, "Take a whole run of an outer row or column, or one outer tile with a design card or a rearrangement."));
  }

  function displayPart(t) {
    const cards = t.display.map((id) => part("button", `card:${id}`, { probe: `take ${geo.solo ? "R" : "a1"} + ${id}`, label: cardWords(id), cls: "mj-card" }, cardFace(id, "")));
    const arrange = groups.has("arrange") && mayAct ? part("button", "arrange", { label: "take one tile and rearrange your card slots", cls: "zw-btn mj-arrange" }, "Tile + rearrange") : null;
    return h("div", { class: `mj-display${marked.has("display") ? " mj-mark" : ""}`, "data-part": "display" },
      h("div", { class: "mj-title" }, `Design cards (deck: ${t.deck})`), h("div", { class: "mj-cards" }, ...cards, arrange));
  }

  function cityPart(t) {
    const [purple, points] = t.boards[0].city;
    return h("div", { class: `mj-city${marked.has("city_hall") ? " mj-mark" : ""}`, "data-part": "city_hall", role: "group", "aria-label": `City Hall: ${purple} purple tiles, ${points} one-point tokens` },
      h("div", { class: "mj-title" }, "City Hall", rec(geo.city_rec, "City Hall's fill per player count")),
      h("div", {}, ...Array(purple).fill(0).map(() => chip("P")), purple ? "" : "no purple tiles"),
      h("div", {}, ...Array(points).fill(0).map(() => h("span", { class: "mj-token", title: "one-point token" }, "1")), points ? "" : "no tokens"),
      t.purple_out ? h("div", { class: "mj-sub" }, `${t.purple_out} purple tile${t.purple_out === 1 ? "" : "s"} out of the game`) : null,
      geo.use_missions && t.missions_open.length ? h("div", { class: `mj-missions${marked.has("missions") ? " mj-mark" : ""}`, "data-part": "missions" },
        h("div", { class: "mj-title" }, "Mission cards"),
        ...t.missions_open.map((m) => part("button", `mission:M${m + 1}`, { label: `mission M${m + 1}: ${geo.missions[m]}`, cls: "mj-mission" }, `M${m + 1}: ${geo.missions[m]}`))) : null);
  }

  function workshop(t, s, b, w, live, running) {
    const g = geo.workshops[w];
    const id = `W${w + 1}`;
    const target = live ? id : null;
    const tiles = b.ws[w];
    const pattern = g.pattern.join("+");
    const note = (b.notes || [])[w] || "";
    const whose = s === t.watch ? "your" : `${names[s]}'s`;
    const label = `${whose} workshop ${id}: ${tiles.length}/${g.cap} tiles (${[...tiles].map((c) => TN[c]).join(", ") || "empty"}); runs when it holds exactly ${pattern === "4" ? "4 tiles of one colour" : `${g.pattern.length} colours, ${g.pattern[0]} each`}${note ? `; ${note}` : ""}`;
    const probe = live ? (t.step === "place" || t.step === "select" ? `place ${id}` : `run ${id}`) : null;
    const shovels = w === 3 ? "1 tile to City Hall" : `${g.must} must${g.may ? ` + ${g.may} may` : ""}`;
    return part(live ? "button" : "div", target, { probe, part: live ? null : `${id}:${names[s]}`, label, cls: `mj-ws${running ? " mj-running" : ""}${marked.has(`${id}:${names[s]}`) || (live && marked.has(id)) ? " mj-mark" : ""}` },
      h("span", { class: "mj-wshead" }, h("b", {}, id), ` ${tiles.length}/${g.cap}`),
      h("span", { class: "mj-pattern", title: `pattern ${pattern}` }, `pattern ${pattern}`),
      h("span", { class: "mj-wstiles" }, ...chips(tiles)),
      note ? h("span", { class: "mj-wsnote" }, note) : null,
      h("span", { class: "mj-sub" }, shovels, wsRec(id, g, ["must", "may", "capacity", "pattern", "all"], "shovels"),
        g.fragment ? h("span", { title: "fragmentation icon: one tile is discarded before the rest flows on" }, " · ✂")
          : g.rec.includes("fragment") ? h("span", { title: "no fragmentation icon: the whole rest flows on" }, " · no ✂") : null,
        wsRec(id, g, ["fragment"], g.fragment ? "fragmentation icon" : "no fragmentation icon")));
  }

  /** The ≈ mark of a workshop's reconstructed fields among `keys` (the player board, not a card). */
  function wsRec(id, g, keys, what) {
    if (!g.rec.some((k) => keys.includes(k))) return null;
    return h("span", { class: "mj-rec", title: `${id} (${what}): reconstructed value: no published source gives it, so this is a consistent proposal; the package keeps its provenance in zongshi_widgets/games/majolica/data/components.toml.`, "aria-label": "reconstructed value" }, "≈");
  }

  function playerBoard(t, s, b, runningW) {
    const me = t.toMove === s;
    const live = me && mayAct;
    const wss = [0, 1, 2, 3].map((w) => workshop(t, s, b, w, live, runningW === w));
    const slots = [0, 1, 2].map((k) => {
      const id = b.slots[k];
      const label = id ? `${names[s]}'s slot ${k + 1}: ${cardWords(id)}, holds ${[...b.fills[k]].map((c) => TN[c]).join(", ") || "nothing"}` : `${names[s]}'s slot ${k + 1}: empty`;
      return part(live ? "button" : "div", live ? `slot:${k + 1}` : null, { probe: live ? `slot ${k + 1}` : null, part: `slot:${k + 1}:${names[s]}`, label, cls: `mj-slot${runningW === k ? " mj-running" : ""}${marked.has(`slot:${k + 1}:${names[s]}`) || (live && marked.has(`slot:${k + 1}`)) ? " mj-mark" : ""}` },
        id ? cardFace(id, b.fills[k], { progress: true }) : h("span", { class: "mj-empty" }, "empty slot"));
    });
    const done = b.done.map((id) => h("span", { class: "mj-done", title: cardWords(id) }, id, ` ${geo.cards[id][0]}`));
    const mission = geo.use_missions && (t.mission_cards || [])[s] ? missionCard(t.mission_cards[s]) : null;
    const start = t.starting[s] ? h("div", { class: "mj-sub" }, "Starting card to slot: ", cardFace(t.starting[s], "")) : null;
    return h("div", {
      class: `mj-board${me ? " mj-tomove" : ""}${t.watch === s ? " mj-mine" : ""}${marked.has(`board:${names[s]}`) ? " mj-mark" : ""}`,
      "data-part": `board:${names[s]}`,
      style: `--mj-seat:${geo.seat_colours[s]}`,
      role: "group",
      "aria-label": `${names[s]}'s player board`,
    },
    h("div", { class: "mj-boardhead" }, swatch(s), h("b", {}, ` ${names[s]}`), t.watch === s ? " (you)" : "", t.start === s ? " · start player" : "", me ? " · to move" : "",
      ` · tokens ${b.tokens} · purple taken ${b.purples}`, geo.bloom ? ` · Bloom ${b.blooms}` : ""),
    start, h("div", { class: "mj-slots" }, ...slots),
    h("div", { class: "mj-wss" }, ...wss),
    h("div", { class: `mj-scoring${marked.has(`scoring:${names[s]}`) ? " mj-mark" : ""}`, "data-part": `scoring:${names[s]}` },
      h("span", { class: "mj-sub" }, `Completed (${b.done.length}): `), ...(done.length ? done : [h("span", { class: "mj-empty" }, "none yet")])),
    mission);
  }

  function drawBar(v, t) {
    const items = [];
    if (mayAct && groups.has("discards")) items.push(part("button", "discards", { label: "discard a tile from a workshop (allowed any time in your turn: Tip 1)", cls: "zw-btn mj-barbtn" }, "Discard a tile…"));
    if (mayAct) for (const act of groups.get("bar") || []) items.push(h("button", { type: "button", class: "zw-btn mj-barbtn mj-choice mj-on", "data-act": act[0], "aria-label": act[2], title: cap1(act[2]) }, cap1(act[2])));
    const menu = pick.menu();
    if (mayAct && ui.sel !== null) items.push(h("button", { type: "button", class: "zw-btn zw-quiet mj-barbtn", "data-cancel": "1", title: "Cancel the selection (Escape)" }, "Cancel selection"));
    const pend = t.pending || {};
    const bits = [];
    const sep = () => (bits.length ? " · " : " ");
    if (pend.tiles) bits.push(" To place: ", ...chips(pend.tiles));
    if (pend.card) bits.push(`${sep()}Card to slot: ${pend.card}`);
    if (pend.run && t.step !== "choose") bits.push(`${sep()}W${pend.run[0] + 1} is running`);
    if (pend.overflow !== undefined) bits.push(`${sep()}W${pend.overflow + 1} overflows: discard a tile`);
    let lead = "";
    const watch = model.get("watch") || {};
    if (v.is_over) lead = "The game is over.";
    else if (ui.story) {
      // the cascade plays inside the bar: its step, and Pause / Next step / Skip right here
      const after = mayAct || (watch.may_act && (model.get("legal") || []).length) ? " Then it is your choice." : "";
      drawStory(after);
      bar.replaceChildren(storyBox);
      return;
    }
    else if (mayAct && model.get("blocked")) lead = model.get("blocked").replace(/^./, (c) => c.toUpperCase()) + ".";  // a lesson: no more moves here
    else if (mayAct && ui.sel !== null) lead = selLead(t);
    else if (mayAct && t.step === "select") {
      lead = geo.solo ? `${t.stepText}: click “Take all four”, or a tile and then a design card or “Tile + rearrange”${items.length ? "; or here:" : "."}`
        : `${t.stepText}: click a row or column marker (a whole run), or a tile and then a design card or “Tile + rearrange”${items.length ? "; or here:" : "."}`;
    } else if (mayAct) lead = `${t.stepText}: click an outlined part of the board${items.length ? ", or here:" : "."}`;
    else if (watch.mode === "spectator") lead = "Spectator view.";
    else if (v.to_move !== null && v.to_move !== undefined) lead = `Waiting for ${names[v.to_move]}.`;
    bar.replaceChildren(h("span", { class: "mj-lead" }, lead), h("span", {}, ...bits), ...items, menu || "");
  }
  const cap1 = (x) => (x ? x[0].toUpperCase() + x.slice(1) : x);

  function drawScores(v) {
    const sc = v.scores;
    if (!sc) {
      scores.replaceChildren(h("div", { class: "zw-caption" }, "Score"), h("p", { class: "mj-empty" }, "Scores are hidden here: count them yourself."));
      return;
    }
    const head = h("tr", {}, h("th", {}, ""), ...names.map((l, s) => h("th", { title: l }, swatch(s, "zw-inline-swatch"))));
    const rows = sc.categories.map((cat, k) => h("tr", {}, h("th", { scope: "row", title: (sc.titles || [])[k] || "" }, cat), ...sc.values.map((r) => h("td", {}, String(r[k])))));
    const total = h("tr", { class: "mj-total" }, h("th", { scope: "row" }, "total"), ...sc.totals.map((x) => h("td", {}, String(x))));
    scores.replaceChildren(h("div", { class: "zw-caption" }, sc.final ? "Final score" : "Score if the game ended now"), h("table", { class: "mj-table-s" }, head, ...rows, total),
      sc.rating ? h("p", {}, h("b", {}, `Solo rating: ${sc.rating}`)) : "");
    scores.classList.toggle("mj-mark", marked.has("scores"));
  }

  let summaryClosed = null;
  function drawSummary(v) {
    const over = v.is_over && v.scores;
    summary.hidden = !over || summaryClosed === model.get("version");
    if (!over) return;
    const close = h("button", { type: "button", class: "zw-btn" }, "Close");
    close.addEventListener("click", () => {
      summaryClosed = model.get("version");
      summary.hidden = true;
    });
    const order = [...Array(n).keys()].sort((a, b) => v.scores.totals[b] - v.scores.totals[a]);
    const title = geo.solo ? `Game over: ${v.scores.totals[0]} points, rating “${v.scores.rating}”` : `Game over: ${(v.winners || []).map((s) => names[s]).join(" and ")} win${(v.winners || []).length === 1 ? "s" : ""}`;
    summary.replaceChildren(h("strong", {}, title),
      h("ol", {}, ...order.map((s) => h("li", {}, swatch(s, "zw-inline-swatch"), ` ${names[s]}: ${v.scores.totals[s]} points`))),
      geo.solo ? h("p", {}, "Ratings: ", geo.solo_ratings.map(([lo, l]) => `${lo}+ ${l}`).join(" · ")) : "",
      h("p", { class: "mj-sub" }, v.scores.notes), close);
  }

  // ------------------------------------------------------------------ the cascade story
  function storyControl(cmd) {
    if (!ui.story) return;
    if (cmd === "pause") {
      ui.paused = !ui.paused;
      if (!ui.paused) tick();
      else clearTimeout(ui.timer);
    } else if (cmd === "next") {
      clearTimeout(ui.timer);
      advance();
    } else if (cmd === "skip") {
      clearTimeout(ui.timer);
      ui.story = null;
      root.dataset.story = "done";
    }
    redraw();
  }
  function advance() {
    if (!ui.story) return;
    ui.story.k += 1;
    if (ui.story.k >= ui.story.steps.length) {
      ui.story = null;
      root.dataset.story = "done";
    }
    redraw();
    if (ui.story && !ui.paused) tick();
  }
  function tick() {
    clearTimeout(ui.timer);
    ui.timer = setTimeout(advance, STEP_MS);
  }
  function drawStory(after = "") {
    if (!ui.story) {
      storyBox.hidden = true;
      return;
    }
    const { steps, k, seat } = ui.story;
    storyBox.hidden = false;
    storyBox.replaceChildren(
      h("div", { class: "zw-caption" }, swatch(seat, "zw-inline-swatch"), ` ${cap1(names[seat])}'s workshops run: step ${k + 1} of ${steps.length}.${after}`),
      h("p", { class: "mj-steps mj-now" }, steps[k].text),
      h("div", { class: "mj-row" },
        h("button", { type: "button", class: "zw-btn", "data-story": "pause" }, ui.paused ? "Play" : "Pause"),
        h("button", { type: "button", class: "zw-btn", "data-story": "next" }, "Next step"),
        h("button", { type: "button", class: "zw-btn zw-quiet", "data-story": "skip" }, "Skip to the end")));
  }

  function turnLine(v, t) {
    if (v.is_over) return "Game over";
    if (v.to_move === null || v.to_move === undefined) return "";
    return `${cap1(names[v.to_move])} to move · round ${t.round} · ${t.stepText}`;
  }

  // ------------------------------------------------------------------ redraw
  let lastVersion = null;
  function redraw() {
    const v = model.get("view") || {};
    const version = model.get("version");
    const focusKey = pick.focused();
    if (version !== lastVersion) {
      lastVersion = version;
      ui.sel = null;
      pick.newVersion(root);
      // a new view one move after the last: play its cascade
      clearTimeout(ui.timer);
      ui.story = null;
      if (root.dataset.story === "playing") root.dataset.story = "done";  // cut short by the new view
      if (ui.lastPly !== null && v.ply === ui.lastPly + 1 && (v.story || []).length) {
        ui.story = { steps: v.story, k: 0, seat: v.story_seat };
        root.dataset.story = "playing";
        ui.showStory = true;
        if (!ui.paused) tick();
      }
      ui.lastPly = v.ply;
    }
    readLegal();
    marked = new Set((model.get("highlight") || []).map(String));
    pick.setMarked(marked);
    root.dataset.selected = ui.sel || "";
    legend.classList.toggle("mj-has-marks", marked.size > 0);
    const tbl = v.table;
    if (tbl) {
      const t = { ...tbl, toMove: v.to_move, watch: (model.get("watch") || {}).seat, stepText: tbl.step_text };
      shell.turn.textContent = turnLine(v, t);
      // the turn line says the round and the step; beside it, only what it does not say
      const said = !v.is_over && v.to_move !== null && v.to_move !== undefined;
      info.replaceChildren(...(said ? [] : [h("b", {}, `Round ${t.round}`), ` · ${t.stepText} · `]), geo.solo ? `${t.round} of 6 rounds · ` : "", "start player: ", swatch(t.start, "zw-inline-swatch"), ` ${names[t.start]}`);
      table.replaceChildren(gridPart(t), displayPart(t), cityPart(t));
      drawBar(v, t);
      // the watching seat's own board first, right under the table and the decision bar (the
      // whole table on one screen, issue 25); the others in turn order from the seat to move,
      // each a one-line summary that opens (open while its workshops run, or opened by a click)
      const mine = t.watch !== null && t.watch !== undefined && t.watch >= 0 && t.watch < n ? t.watch : null;
      const order = mine === null ? [] : [mine];
      const first = v.to_move !== null && v.to_move !== undefined ? v.to_move : 0;
      for (let k = 0; k < n; k += 1) if ((first + k) % n !== mine) order.push((first + k) % n);
      const st = ui.story ? ui.story.steps[ui.story.k] : null;
      const drawn = order.map((s) => {
        const b = st && s === ui.story.seat ? st.board : t.boards[s];
        const running = st && s === ui.story.seat ? st.w : !st && s === v.to_move && (t.pending || {}).run && t.step !== "choose" ? t.pending.run[0] : -1;
        const box = playerBoard(t, s, b, running);
        if (mine === null || s === mine) return box;
        const head = box.querySelector(".mj-boardhead");
        const open = ui.open.has(s) || running >= 0;
        const other = h("details", { class: "mj-other", style: `--mj-seat:${geo.seat_colours[s]}`, open: open ? "" : null },
          h("summary", { class: "mj-othersum", title: `Show ${names[s]}'s player board` }, head), box);
        other.addEventListener("toggle", () => (other.open ? ui.open.add(s) : ui.open.delete(s)));
        return other;
      });
      mineBox.replaceChildren(...(mine === null ? [] : drawn.slice(0, 1)));
      mineBox.hidden = mine === null;
      boards.replaceChildren(...(mine === null ? drawn : drawn.slice(1)));
      drawScores(v);
      drawSummary(v);
    }
    if (!ui.story) drawStory();
    shell.update();
    if (ui.showStory && ui.story) storyBox.scrollIntoView({ block: "nearest" });  // a cascade starts: its bar in view
    ui.showStory = false;
    const hint = model.get("hint") || {};
    if (Array.isArray(hint.code)) {
      for (const tgt of String(hint.code[1]).split(",")) {
        for (const spot of root.querySelectorAll(`.zw-stage [data-target="${CSS.escape(tgt)}"], .zw-stage [data-part="${CSS.escape(tgt)}"]`)) spot.classList.add("mj-hinted");
      }
    }
    // the picked part of a two-click selection, for screen readers too
    for (const b of root.querySelectorAll(".zw-stage button.mj-picked")) {
      b.setAttribute("aria-pressed", "true");
      b.setAttribute("aria-label", `${b.getAttribute("aria-label")} (picked: click again to cancel)`);
    }
    root.dataset.choices = String((model.get("legal") || []).length);
    pick.refocus(focusKey);
  }
  zw.redrawOnChange(shell, redraw);
  redraw();
  return () => {
    clearTimeout(ui.timer);
    shell.destroy();
  };
}

export default { render };
