/* zongshi_widgets, Art Gallery board (appended to base.js, which defines `zw`).
 *
 * Draws, from the traits: the museum ring (the Shop and the galleries around it, each with its
 * bench of pawns, its marker bar with the face-down bid stacks, and its painting card), the
 * Shop's tile stacks with their space numbers, the start card and pile in the middle, every
 * collection in order (symbol rows, best chains highlighted, tiles), the watching seat's hand
 * and the score panel. Choices: a card, then a direction (both destinations highlighted); a
 * bid card; Shop spaces then Take; a card to pick back. Legality is Python's: a choice not in
 * `legal` is sent as an `explain` request and the broken rule is shown, nothing is played.
 * A move that sets off the distribution carries `view.story`: its steps are played here one by
 * one on the position before the move (bids turned up, tiles taken, sums compared, cards
 * returned), then the new position is shown.
 */

function render({ model, el }) {
  const { h, cap } = zw;
  const geo = model.get("geometry");
  const names = geo.seat_names;
  const colours = geo.colours;
  const areaNames = geo.areas;
  const L = areaNames.length;
  const ROMAN = ["I", "II", "III", "IV", "V", "VI"];
  const STEP_MS = 1500;
  const ui = { card: null, spaces: [], queue: [], step: 0, timer: null, paused: false, lastView: null, lastSeat: undefined, explainKey: 0, sent: null };

  const swatch = (seat, cls = "zw-swatch") =>
    h("span", { class: `${cls} zw-ag-dot`, style: `--zw-ag-seat:${colours[seat]}`, "data-seat": seat, "aria-hidden": "true" });
  const areaLabel = (a) => (a === 0 ? "the Shop" : areaNames[a]);

  const shell = zw.shell(model, el, {
    name: "art_gallery",
    label: `Art Gallery board, ${geo.players} players`,
    swatch,
    onKey,
    hintText: (hint) => `“${hint.text.replace(/^\w+: /, "")}”`, // "would play “play 5 and move clockwise to G5”"
  });
  const root = shell.root;
  shell.setStatus("", "info"); // the status line shows only Python's answers to this board's choices

  // ---------------------------------------------------------------- the parts of the page
  const ring = h("div", { class: "zw-ag-ring", role: "group", "aria-label": "The museum: the Shop and the gallery areas, clockwise" });
  const centre = h("div", { class: "zw-ag-centre" });
  ring.append(centre);
  const areaEls = [];
  for (let a = 0; a < L; a++) {
    const angle = -Math.PI / 2 + (2 * Math.PI * a) / L;
    const box = h("div", {
      class: "zw-ag-area" + (a === 0 ? " zw-ag-shop" : ""),
      "data-area": areaNames[a],
      role: "group",
      style: `left:${50 + 40 * Math.cos(angle)}%;top:${51 + 37 * Math.sin(angle)}%`,
    });
    areaEls.push(box);
    ring.append(box);
  }
  const story = h("div", { class: "zw-ag-story", role: "log", "aria-live": "polite", hidden: true });
  const summary = h("div", { class: "zw-ag-summary", role: "status", hidden: true });
  const prompt = h("div", { class: "zw-ag-prompt", "aria-live": "polite" });
  const choices = h("div", { class: "zw-ag-choices", role: "group", "aria-label": "Your choices" });
  const handBox = h("div", { class: "zw-ag-handbox" });
  const collections = h("div", { class: "zw-ag-collections", role: "group", "aria-label": "Collections" });
  const scores = h("div", { class: "zw-ag-scores" });
  const reconNote = h("p", { class: "zw-ag-note" });

  // the table on one screen (issue 25): the ring on the left; beside it, under Undo, what the
  // watching seat acts with (the distribution's story, the prompt, the choices, the answers and
  // the hand); the collections under the ring. In one column this comes right under the ring.
  const act = h("div", { class: "zw-ag-act" }, story, prompt, choices, shell.lines, handBox);
  shell.stage.append(summary, ring, collections, reconNote);
  shell.sideTop.before(act);
  shell.sideTop.append(scores);

  // ---------------------------------------------------------------- small drawings
  function symbolRow(sym, val, rec) {
    if (sym === "-") return h("span", { class: "zw-ag-sym zw-ag-blank", "aria-label": "no symbol" }, "–");
    return h("span", { class: "zw-ag-sym", "data-sym": sym, "aria-label": `symbol ${sym} worth ${val}${rec ? " (reconstructed)" : ""}` }, `${sym}${val}`);
  }

  /** A painting card: number, title, four symbol rows; `chainRows` highlighted. */
  function paintingCard(number, chainRows = [], small = false) {
    if (!number) return h("div", { class: "zw-ag-card zw-ag-empty" + (small ? " zw-ag-small" : "") }, "no painting");
    const [title, artist, syms, vals, rec] = geo.cards[number - 1];
    const rows = syms.map((sym, r) => {
      const cell = symbolRow(sym, vals[r], rec);
      if (chainRows.includes(r)) cell.classList.add("zw-ag-chain");
      return cell;
    });
    const mark = rec ? h("span", { class: "zw-ag-recon", title: geo.reconstructed_note, "aria-label": "symbols and values reconstructed" }, "≈") : null;
    return h("div", {
      class: "zw-ag-card" + (small ? " zw-ag-small" : ""),
      "data-card": number,
      title: `#${number}${title ? ` ${title}` : ""}${artist ? `, ${artist}` : ""}${rec ? `\n${geo.reconstructed_note}` : ""}`,
    },
    h("div", { class: "zw-ag-card-head" }, h("span", { class: "zw-ag-num" }, `#${number}`), mark, small ? null : h("span", { class: "zw-ag-title" }, title || "")),
    h("div", { class: "zw-ag-rows" }, rows));
  }

  function cardFace(v, cls = "") {
    return h("span", { class: `zw-ag-action ${cls}` }, String(v));
  }

  // ---------------------------------------------------------------- what is shown
  const view = () => model.get("view") || {};
  const watch = () => model.get("watch") || {};
  const mySeat = () => {
    const w = watch();
    return w.seat === null || w.seat === undefined ? null : w.seat;
  };
  const mayAct = () => {
    const v = view();
    return !!watch().may_act && !ui.queue.length && v.to_move === mySeat() && !v.is_over;
  };
  const legal = () => new Set(model.get("legal") || []);

  /** The view to draw: during a story, the position before it with the steps so far applied. */
  function shown() {
    if (!ui.queue.length) return { v: view(), step: null };
    const item = ui.queue[0];
    const v = structuredClone(item.before);
    const steps = item.story;
    for (let i = 0; i <= ui.step && i < steps.length; i++) {
      const st = steps[i];
      if (st.k === "start") v.start_card = st.to;
      else if (st.k === "flip") {
        v.areas[st.a].bar[st.i] = st.s;
        v.areas[st.a].bids[st.i] = st.v;
      } else if (st.k === "take") {
        st.spaces.forEach((sp, j) => {
          const stack = v.stacks.find((x) => x.space === sp);
          stack.size -= 1;
          stack.top = null;
          v.collections[st.s].tiles.push(st.tiles[j]);
        });
      } else if (st.k === "award") {
        if (st.to !== null) v.collections[st.to].cards.push(st.card);
        v.areas[st.a].painting = null;
      } else if (st.k === "return") {
        v.areas[st.a].bar = v.areas[st.a].bar.slice(st.picks.length);
        v.areas[st.a].bids = v.areas[st.a].bids.slice(st.picks.length);
        v.my_bids = (v.my_bids || []).filter((b) => b.area !== areaNames[st.a]);
      } else if (st.k === "end") {
        return { v: item.after, step: st };
      }
    }
    return { v, step: steps[Math.min(ui.step, steps.length - 1)] };
  }

  // ---------------------------------------------------------------- the ring
  function drawRing(v, step) {
    const marks = new Set(model.get("highlight") || []);
    const me = mySeat();
    const myBids = new Map((v.my_bids || []).map((b) => [`${b.area}/${b.space}`, b.card]));
    // open hands (teaching mode): every seat's face-down bids, shown and marked as such
    const openBids = new Map((v.open || []).flatMap((o) => (o.my_bids || []).map((b) => [`${b.area}/${b.space}`, b.card])));
    const dests = destinations(v);
    for (let a = 0; a < L; a++) {
      const area = v.areas[a];
      const box = areaEls[a];
      const name = areaNames[a];
      box.classList.toggle("zw-ag-marked", marks.has(name) || (step && step.a === a));
      box.classList.toggle("zw-ag-dest", dests.some((d) => d.bench === a));
      const pawns = v.pawns.map((p, s) => (p === a ? s : -1)).filter((s) => s >= 0);
      const kids = [h("div", { class: "zw-ag-area-head" }, a === 0 ? "Shop" : name)];
      if (a === 0) kids.push(drawStacks(v, marks));
      else kids.push(paintingCard(area.painting));
      kids.push(h("div", { class: "zw-ag-bench", title: "bench" }, h("span", { class: "zw-ag-label" }, "bench"),
        pawns.length ? pawns.map((s) => h("span", { class: "zw-ag-pawn", style: `--zw-ag-seat:${colours[s]}`, title: `${names[s]} pawn`, "aria-label": `${names[s]} pawn` })) : h("span", { class: "zw-ag-label" }, "–")));
      const slots = [];
      for (let i = 0; i < geo.bar; i++) {
        if (i < area.bar.length) {
          const s = area.bar[i];
          const value = area.bids[i];
          const own = value === null && s === me ? myBids.get(`${name}/${i + 1}`) : undefined;
          const opened = value === null && own === undefined ? openBids.get(`${name}/${i + 1}`) : undefined;
          let card;
          let label;
          if (value !== null && value !== undefined) {
            card = cardFace(value, "zw-ag-up");
            label = `space ${ROMAN[i]}: ${names[s]} marker, bid ${value} turned up`;
          } else if (own !== undefined) {
            card = cardFace(own, "zw-ag-mine");
            label = `space ${ROMAN[i]}: your marker, your face-down bid ${own}`;
          } else if (opened !== undefined) {
            card = cardFace(opened, "zw-ag-mine");
            label = `space ${ROMAN[i]}: ${names[s]} marker, face-down bid ${opened} (open hands)`;
          } else {
            card = h("span", { class: "zw-ag-action zw-ag-back", "aria-hidden": "true" });
            label = `space ${ROMAN[i]}: ${names[s]} marker, a face-down bid`;
          }
          slots.push(h("span", { class: "zw-ag-slot", title: label, "aria-label": label },
            h("span", { class: "zw-ag-marker", style: `--zw-ag-seat:${colours[s]}` }, ROMAN[i]), card));
        } else {
          slots.push(h("span", { class: "zw-ag-slot zw-ag-free", title: `space ${ROMAN[i]}: free` }, h("span", { class: "zw-ag-marker" }, ROMAN[i])));
        }
      }
      kids.push(h("div", { class: "zw-ag-bar" + (marks.has(`bar:${name}`) ? " zw-ag-marked" : ""), "aria-label": `marker bar of ${areaLabel(a)}: ${area.bar.length} of ${geo.bar} spaces taken` }, slots));
      for (const d of dests.filter((x) => x.bench === a)) {
        kids.push(h("button", {
          type: "button",
          class: `zw-btn zw-ag-go${d.ok ? " zw-primary" : " zw-ag-nogo"}`,
          "data-action": d.action,
          "aria-label": `${d.words}: move ${d.card} to ${areaLabel(a)}`,
          onclick: () => choose(d.action),
        }, d.ok ? `${d.arrow} go here` : `✗ ${d.arrow} bar full`));
      }
      box.replaceChildren(...kids);
      const painting = a === 0 ? "" : area.painting ? `, painting #${area.painting}` : ", no painting";
      box.setAttribute("aria-label", `${a === 0 ? "Shop" : `Gallery ${name}`}${painting}, ${area.bar.length} markers`);
    }
    drawCentre(v);
  }

  // Why a Shop space cannot be added to the spaces chosen so far in the take step, or null when it
  // can: read from the legal list (Python's), told in the rule's words (Distribution, Painting
  // Tiles in the Shop Area: one or two spaces costing together at most the bid).
  function spaceWhy(v, space) {
    if (ui.spaces.includes(space)) return null;
    const l = legal();
    const bid = v.areas[0].bids[(v.distribution || {}).next];
    // beside one space the bid can buy, a second must fit with it; otherwise each space alone
    const base = ui.spaces.length === 1 && l.has(`take ${ui.spaces[0]}`) ? ui.spaces : [];
    const withIt = [...base, space].sort((x, y) => x - y);
    if (l.has(`take ${withIt.join("+")}`)) return null;
    if (!l.has(`take ${space}`)) return `you cannot afford it: it costs ${space}, more than your bid of ${bid}`;
    return `you cannot afford it with space ${base[0]}: together ${space + base[0]}, more than your bid of ${bid}`;
  }

  function drawStacks(v, marks) {
    const taking = mayAct() && v.step === "take";
    return h("div", { class: "zw-ag-stacks" }, v.stacks.map((st) => {
      const chosen = ui.spaces.includes(st.space);
      const why = taking && st.size ? spaceWhy(v, st.space) : null;
      const attrs = {
        class: "zw-ag-stack" + (marks.has(`stack:${st.space}`) ? " zw-ag-marked" : "") + (chosen ? " zw-ag-chosen" : "") + (why ? " zw-ag-unaffordable" : ""),
        "data-space": st.space,
        title: `space ${st.space}: ${st.size} tiles${st.top ? `, top tile #${st.top}` : ""}; a tile from here costs ${st.space}${why ? ` (${why})` : ""}`,
      };
      const body = [h("span", { class: "zw-ag-space" }, String(st.space)), h("span", { class: "zw-ag-tile" }, st.top ? `#${st.top}` : st.size ? "…" : "—"), h("span", { class: "zw-ag-label" }, `${st.size} left`)];
      if (taking && st.size) {
        return h("button", { ...attrs, type: "button", class: attrs.class + " zw-ag-pick", "aria-pressed": chosen ? "true" : "false",
          "aria-label": `Shop space ${st.space}: top tile #${st.top}, costs ${st.space}${chosen ? ", chosen" : ""}${why ? `; ${why}` : ""}`, onclick: () => toggleSpace(st.space) }, body);
      }
      return h("div", attrs, body);
    }));
  }

  function drawCentre(v) {
    const t = v.turn || {};
    const items = [h("div", { class: "zw-ag-round" }, v.is_over ? "Game over" : `Round ${v.round}`)];
    if (ui.queue.length) items.push(h("div", { class: "zw-ag-step" }, "Distribution (told step by step)"));
    else if (!v.is_over && t.step) items.push(h("div", { class: "zw-ag-step" }, t.step));
    items.push(h("div", { class: "zw-ag-startcard" + ((model.get("highlight") || []).includes("start_card") ? " zw-ag-marked" : ""), title: "The start card: its holder begins the next round and scores 3 points at the end" },
      "start card: ", swatch(v.start_card, "zw-inline-swatch"), ` ${names[v.start_card]}`));
    items.push(h("div", { class: "zw-ag-pile" + ((model.get("highlight") || []).includes("pile") ? " zw-ag-marked" : "") }, `painting pile: ${v.pile_size} cards`));
    centre.replaceChildren(...items);
  }

  // ---------------------------------------------------------------- moves: destinations
  /** The benches the chosen card reaches (both ways), with their notations. */
  function destinations(v) {
    if (ui.card === null || !mayAct() || v.step !== "move") return [];
    const me = mySeat();
    const p = v.pawns[me];
    const c = ui.card;
    const cw = (p + c) % L;
    const ccw = (((p - c) % L) + L) % L;
    const l = legal();
    const mark = (d) => ({ ...d, ok: l.has(d.action), short: l.has(d.action) ? d.short : `✗ ${d.short} (bar full)` });
    if (cw === ccw) return [mark({ bench: cw, card: c, action: `move ${c}`, words: "both ways to the same bench", short: c === 0 ? "↓ stay" : "↻ go", arrow: c === 0 ? "↓" : "↻" })];
    return [
      mark({ bench: cw, card: c, action: `move ${c} cw`, words: "clockwise", short: "↻ clockwise", arrow: "↻" }),
      mark({ bench: ccw, card: c, action: `move ${c} ccw`, words: "anticlockwise", short: "↺ anticlockwise", arrow: "↺" }),
    ];
  }

  // ---------------------------------------------------------------- choosing
  function send(msg) {
    model.send(msg);
  }

  /** Play a notation if Python listed it, else ask Python why not (nothing is played). */
  function choose(action) {
    shell.dismiss();
    if (legal().has(action)) {
      ui.sent = performance.now();
      ui.card = null;
      ui.spaces = [];
      send({ type: "play", action, version: model.get("version") });
      return;
    }
    ui.explainKey += 1;
    send({ type: "explain", action, version: model.get("version"), key: `ag${ui.explainKey}` });
  }

  shell.on("msg:custom", (msg) => {
    if (!msg || msg.type !== "explain" || msg.key !== `ag${ui.explainKey}`) return;
    if (msg.legal) shell.setStatus(msg.text, "ok");
    else shell.setStatus(`Not allowed: ${msg.text}`, "bad");
    root.dataset.explained = msg.rule || "legal";
  });

  function pickCard(v) {
    const step = view().step;
    if (step === "move") {
      const l = legal();
      if (l.has(`stay ${v}`)) return choose(`stay ${v}`);
      ui.card = ui.card === v ? null : v;
      shell.setStatus("", "info");
      redraw();
      const go = root.querySelector(".zw-ag-go");
      if (go) go.focus();
      return;
    }
    if (step === "bid") return choose(`bid ${v}`);
    if (step === "aside") return choose(`aside ${v}`);
    if (step === "return") return choose(`pick ${v}`);
  }

  function takeNotation() {
    return ui.spaces.length ? `take ${[...ui.spaces].sort((x, y) => x - y).join("+")}` : "take none";
  }

  function toggleSpace(space) {
    ui.spaces = ui.spaces.includes(space) ? ui.spaces.filter((x) => x !== space) : [...ui.spaces, space];
    shell.setStatus("", "info");
    redraw();
    const action = takeNotation();
    if (ui.spaces.length && !legal().has(action)) {
      // say at once why this choice cannot be taken (Python's words)
      ui.explainKey += 1;
      send({ type: "explain", action, version: model.get("version"), key: `ag${ui.explainKey}` });
    }
    const again = root.querySelector(`.zw-ag-stack[data-space='${space}']`);
    if (again) again.focus();
  }

  function drawChoices(v) {
    const me = mySeat();
    const acting = mayAct();
    const kids = [];
    let text = "";
    if (ui.queue.length) {
      text = "The distribution is being played step by step: watch the ring (Skip to jump to the end).";
    } else if (v.is_over) {
      text = "";
    } else if (acting && model.get("blocked")) {
      text = model.get("blocked").replace(/^./, (c) => c.toUpperCase()) + "."; // a lesson: no more moves here
    } else if (acting) {
      const l = legal();
      const hand = v.my_hand || [];
      const cards = (values, verb) => h("div", { class: "zw-ag-row", role: "group", "aria-label": "cards" }, values.map((c) => {
        const chosen = ui.card === c;
        return h("button", {
          type: "button",
          class: "zw-ag-cardbtn" + (chosen ? " zw-ag-chosen" : ""),
          "data-card": c,
          "aria-pressed": v.step === "move" ? (chosen ? "true" : "false") : null,
          "aria-label": `${verb} ${c}`,
          onclick: () => pickCard(c),
        }, String(c));
      }));
      if (v.step === "move") {
        const stay = [...l].some((a) => a.startsWith("stay "));
        text = stay
          ? "Every move ends on a full marker bar: choose a card to play face up without moving."
          : ui.card === null
            ? "1. Move your game piece: choose a card from your hand (it is played face up)."
            : `Card ${ui.card}: choose a direction (both destinations are highlighted on the ring), or another card.`;
        kids.push(cards(hand, stay ? "play without moving, card" : "move with card"));
        const dests = destinations(v);
        if (dests.length) {
          kids.push(h("div", { class: "zw-ag-row", role: "group", "aria-label": "directions" }, dests.map((d) =>
            h("button", { type: "button", class: `zw-btn${d.ok ? " zw-primary" : " zw-ag-nogo"}`, "data-action": d.action, "aria-label": `move ${d.card} ${d.words} to ${areaLabel(d.bench)}${d.ok ? "" : ", not allowed: says why"}`, onclick: () => choose(d.action) },
              `${d.short} to ${areaLabel(d.bench)}`))));
        }
      } else if (v.step === "bid" || v.step === "aside") {
        const here = areaLabel(v.pawns[me]);
        text = v.step === "bid"
          ? `2. Place a bid: choose a card to lay face down at ${here} (a marker goes on the next free space of its bar).`
          : `The marker bar at ${here} is full: choose a card to lay aside (no bid).`;
        kids.push(cards(hand, v.step === "bid" ? `bid face down at ${here}, card` : "lay aside, card"));
      } else if (v.step === "take") {
        const d = v.distribution || {};
        const bid = v.areas[0].bids[d.next];
        const cost = ui.spaces.reduce((x, y) => x + y, 0);
        text = `Shop: your bid of ${bid} buys the top tile of one or two different spaces costing together at most ${bid} (space 1 costs 1, space 3 costs 3...). Chosen: ${ui.spaces.length ? `${[...ui.spaces].sort().join(" + ")} = ${cost}` : "none"}.${v.stacks.some((st) => st.size && spaceWhy(v, st.space)) ? " Greyed spaces are more than your bid can pay for." : ""}`;
        kids.push(h("div", { class: "zw-ag-row", role: "group", "aria-label": "Shop spaces" }, v.stacks.filter((st) => st.size).map((st) => {
          const why = spaceWhy(v, st.space);
          return h("button", { type: "button", class: "zw-ag-cardbtn zw-ag-spacebtn" + (ui.spaces.includes(st.space) ? " zw-ag-chosen" : "") + (why ? " zw-ag-unaffordable" : ""),
            "aria-pressed": ui.spaces.includes(st.space) ? "true" : "false", title: why ? `Space ${st.space}: ${why}` : null,
            "data-space": st.space, "aria-label": `space ${st.space}, costs ${st.space}, top tile #${st.top}${why ? `; ${why}` : ""}`, onclick: () => toggleSpace(st.space) }, `space ${st.space}`);
        })));
        kids.push(h("div", { class: "zw-ag-row", role: "group", "aria-label": "take" },
          h("button", { type: "button", class: "zw-btn zw-primary", "data-action": "take", disabled: ui.spaces.length ? null : true, "aria-label": `take the chosen tiles, ${takeNotation()}`, onclick: () => choose(takeNotation()) }, "Take the chosen tiles"),
          h("button", { type: "button", class: "zw-btn", "data-action": "take none", "aria-label": "take no tile", onclick: () => choose("take none") }, "Take nothing")));
      } else if (v.step === "return") {
        const d = v.distribution || {};
        text = `Cards back from ${d.area === "shop" ? "the Shop" : d.area}: in marker order, each marker's owner takes back one of the played bid cards. Choose yours.`;
        kids.push(cards([...new Set(d.pool || [])], "take back card"));
      }
    } else if (!v.is_over) {
      const who = v.to_move;
      const seats = model.get("seats") || [];
      if (watch().mode === "spectator") text = "Spectator: public information only.";
      else if (who !== null && who !== undefined) text = `${cap(names[who])} ${seats[who] === "human" ? "" : `(${seats[who]} bot) `}is choosing…`;
    }
    prompt.textContent = text;
    prompt.hidden = !text;
    choices.replaceChildren(...kids);
    choices.hidden = !kids.length;
  }

  // ---------------------------------------------------------------- hand, collections, scores
  function drawHand(v) {
    const me = mySeat();
    const marked = (model.get("highlight") || []).includes("hand");
    if (me === null) {
      const open = v.open;
      handBox.replaceChildren(h("div", { class: "zw-caption" }, open ? "Hands (open hands: teaching mode)" : "Hands are hidden: this view shows public information only"));
      if (open) handBox.append(...open.map((o, s) => h("div", { class: "zw-ag-handrow" }, swatch(s, "zw-inline-swatch"), ` ${names[s]}: `, o.my_hand.map((c) => cardFace(c)))));
      handBox.classList.toggle("zw-ag-marked", marked);
      return;
    }
    const openRows = (v.open || []).map((o, s) => (s === me ? null : h("div", { class: "zw-ag-handrow" }, swatch(s, "zw-inline-swatch"), ` ${names[s]} (open hands): `, o.my_hand.map((c) => cardFace(c)))));
    const hand = v.my_hand || [];
    const choosing = mayAct() && ["move", "bid", "aside"].includes(view().step);
    const bids = (v.my_bids || []).map((b) => `${b.card} at ${b.area === "shop" ? "the Shop" : b.area} (space ${ROMAN[b.space - 1]})`);
    handBox.replaceChildren(...[
      h("div", { class: "zw-caption" }, swatch(me, "zw-inline-swatch"), ` Your hand: ${names[me]} (only you see it)${choosing ? `: ${hand.length} cards, the buttons above` : ""}`),
      choosing ? null : h("div", { class: "zw-ag-handrow", "aria-label": `your hand: ${hand.join(", ") || "empty"}` }, hand.length ? hand.map((c) => cardFace(c)) : "no cards"),
      bids.length ? h("div", { class: "zw-ag-label" }, `Your face-down bids: ${bids.join("; ")}`) : null,
      ...openRows,
    ].filter(Boolean));
    handBox.classList.toggle("zw-ag-marked", marked);
  }

  /** Has this part's input changed since it was drawn last? (redraws only what changed) */
  const drawn = new Map();
  function changed(part, ...inputs) {
    const key = JSON.stringify(inputs);
    if (drawn.get(part) === key) return false;
    drawn.set(part, key);
    return true;
  }

  function drawCollections(v) {
    const sc = v.scores;
    const chains = sc && !ui.queue.length ? sc.chains : null;
    if (!changed("collections", v.collections, chains, model.get("highlight"), v.start_card, v.hand_sizes, v.markers_in_front, v.movement_cards, v.set_aside)) return;
    const marks = new Set(model.get("highlight") || []);
    const rows = names.map((name, s) => {
      const coll = v.collections[s];
      const spans = sc && !ui.queue.length ? sc.chains[s] : null;
      const own = new Set(coll.cards);
      const cards = coll.cards.map((c, i) => paintingCard(c, spans ? [0, 1, 2, 3].filter((r) => spans[r][0] <= i && i <= spans[r][1]) : [], true));
      const tiles = coll.tiles.map((t) => h("span", {
        class: "zw-ag-tileown" + (own.has(t) ? " zw-ag-match" : ""),
        title: own.has(t) ? `tile #${t} matches a painting of this collection: 3 points` : `tile #${t}: 1 point`,
      }, `#${t}${own.has(t) ? " ★" : ""}`));
      const played = (v.movement_cards[s] || []).concat(v.set_aside[s] || []);
      const facts = [`${v.hand_sizes[s]} in hand`, `${v.markers_in_front[s]} marker${v.markers_in_front[s] === 1 ? "" : "s"} left`];
      if (played.length) facts.push(`played face up: ${played.join(", ")}`);
      return h("div", { class: "zw-ag-coll" + (marks.has(`collection:${name}`) ? " zw-ag-marked" : ""), "data-seat": s, role: "group", "aria-label": `${name}'s collection: ${coll.cards.length} paintings, ${coll.tiles.length} tiles` },
        h("div", { class: "zw-ag-coll-head" }, swatch(s, "zw-inline-swatch"), h("strong", {}, ` ${cap(name)}`), v.start_card === s ? h("span", { class: "zw-ag-badge", title: "holds the start card (3 points)" }, "start card") : null,
          h("span", { class: "zw-ag-label" }, ` ${facts.join(" · ")}`)),
        h("div", { class: "zw-ag-coll-cards" }, cards.length ? cards : h("span", { class: "zw-ag-label" }, "no paintings yet")),
        h("div", { class: "zw-ag-coll-tiles" }, h("span", { class: "zw-ag-label" }, "tiles: "), tiles.length ? tiles : h("span", { class: "zw-ag-label" }, "none")));
    });
    collections.replaceChildren(h("div", { class: "zw-caption" }, "Collections, in order (highlighted: the best chain of each symbol row)"), ...rows);
  }

  function drawScores(v) {
    const sc = v.scores;
    if (!changed("scores", sc, v.is_over, model.get("highlight"), model.get("reveal_scores"))) return;
    scores.classList.toggle("zw-ag-marked", (model.get("highlight") || []).includes("scores"));
    if (!sc || model.get("reveal_scores") === false) {
      scores.replaceChildren(h("div", { class: "zw-caption" }, "Scores are hidden here"));
      return;
    }
    const head = h("tr", {}, h("th", {}, ""), names.map((n, s) => h("th", { scope: "col" }, swatch(s, "zw-inline-swatch"), h("span", { class: "zw-ag-sr" }, n))));
    const body = sc.categories.map((cat, c) => h("tr", {}, h("th", { scope: "row" }, cat === "action cards" && sc.provisional ? "action cards ≈" : cat),
      names.map((_, s) => h("td", {}, String(sc.values[s][c])))));
    const total = h("tr", { class: "zw-ag-total" }, h("th", { scope: "row" }, "total"), names.map((_, s) => h("td", {}, String(sc.totals[s]))));
    scores.replaceChildren(...[
      h("div", { class: "zw-caption" }, v.is_over ? "Final score" : "Score so far"),
      h("table", { class: "zw-ag-table", "aria-label": "score in every category" }, h("thead", {}, head), h("tbody", {}, body, total)),
      sc.provisional ? h("div", { class: "zw-ag-label" }, "≈ action cards: hand and face-down bids (¼ point each, rounded down); bids come back in the distribution, maybe as other cards.") : null,
    ].filter(Boolean));
  }

  function drawSummary(v) {
    const winners = v.winners || [];
    if (!v.is_over || ui.queue.length) {
      summary.hidden = true;
      return;
    }
    summary.hidden = false;
    if (model.get("reveal_scores") === false || !v.scores) {
      summary.textContent = "Game over.";
      return;
    }
    const best = v.scores.totals[winners[0]];
    const tied = v.scores.totals.filter((t) => t === best).length > 1;
    summary.replaceChildren(h("strong", {}, `Game over: ${winners.map((s) => cap(names[s])).join(" and ")} win${winners.length === 1 ? "s" : ""} with ${best} points`),
      tied ? ` (tie broken by painting tiles: ${winners.map((s) => v.scores.tiles[s]).join(", ")})` : "", ". The score panel shows every category.");
  }

  // the story's panel: built once (its buttons stay under the pointer while bots play on)
  const storyCaption = h("div", { class: "zw-caption" });
  const storyList = h("ol", { class: "zw-ag-steps" });
  const pauseBtn = h("button", { type: "button", class: "zw-btn zw-ag-pause", onclick: () => { ui.paused = !ui.paused; schedule(); redraw(); } }, "Pause");
  const nextBtn = h("button", { type: "button", class: "zw-btn", onclick: () => advance() }, "Next step ▸");
  const skipBtn = h("button", { type: "button", class: "zw-btn zw-ag-skip", onclick: () => skipAll() }, "Skip to the end ▸▸");
  story.append(storyCaption, storyList, h("div", { class: "zw-ag-row" }, pauseBtn, nextBtn, skipBtn));

  function drawStory() {
    if (!ui.queue.length) {
      story.hidden = true;
      root.dataset.story = "idle";
      return;
    }
    const item = ui.queue[0];
    root.dataset.story = "playing";
    story.hidden = false;
    storyCaption.textContent = `Distribution, step ${ui.step + 1} of ${item.story.length}${ui.queue.length > 1 ? ` (then ${ui.queue.length - 1} more)` : ""}`;
    const lines = item.story.slice(0, ui.step + 1).map((st, i) => h("li", { class: i === ui.step ? "zw-ag-now" : "" }, st.text));
    storyList.replaceChildren(...lines);
    const now = storyList.lastElementChild;
    if (now) storyList.scrollTop = now.offsetTop;
    pauseBtn.textContent = ui.paused ? "▶ Continue" : "Pause";
  }

  // ---------------------------------------------------------------- the story's pace
  const screened = () => {
    const scr = model.get("screen") || {};
    return scr.seat !== undefined && scr.seat !== null;
  };
  function schedule() {
    clearTimeout(ui.timer);
    if (ui.queue.length && !ui.paused) ui.timer = setTimeout(advance, STEP_MS);
  }
  function advance() {
    if (!ui.queue.length) return;
    if (screened()) {
      schedule(); // behind the privacy screen the story waits for the next person
      return;
    }
    ui.step += 1;
    if (ui.step >= ui.queue[0].story.length) {
      ui.queue.shift();
      ui.step = 0;
    }
    schedule();
    redraw();
  }
  function skipAll() {
    ui.queue = [];
    ui.step = 0;
    clearTimeout(ui.timer);
    redraw();
  }

  /** A view without the watching seat's secrets (what a spectator sees). */
  function publicPart(v) {
    const out = { ...v };
    delete out.my_hand;
    delete out.my_bids;
    delete out.open;
    out.seat = null;
    return out;
  }

  /** A new view: queue its story when it follows the view shown last by one move. */
  function noteView() {
    const v = view();
    const seat = mySeat();
    const last = ui.lastView;
    if (last && v.ply !== last.ply + 1) skipAll(); // undo, a jump, a new game
    if (last && v.ply === last.ply + 1 && (v.story || []).length) {
      // another person at the screen (hot seat): the story starts from the public part of the
      // position before, never from the previous person's hand or bids
      const before = seat === ui.lastSeat ? last : publicPart(last);
      ui.queue.push({ before, story: v.story, after: v });
      if (ui.queue.length === 1) {
        ui.step = 0;
        ui.paused = false;
        schedule();
      }
    }
    ui.lastView = v;
    ui.lastSeat = seat;
    if (v.step !== "move") ui.card = null;
    if (v.step !== "take") ui.spaces = [];
  }

  // ---------------------------------------------------------------- keys
  function onKey(ev) {
    if (ev.key === "Escape") {
      if (ui.card !== null || ui.spaces.length) {
        ui.card = null;
        ui.spaces = [];
        redraw();
        return true;
      }
      if (ui.queue.length) {
        skipAll();
        return true;
      }
      return false;
    }
    if (["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown"].includes(ev.key)) {
      const active = el.ownerDocument.activeElement;
      const row = active && active.closest && active.closest(".zw-ag-row, .zw-ag-ring");
      if (!row) return false;
      const buttons = [...row.querySelectorAll("button:not([disabled])")];
      const i = buttons.indexOf(active);
      if (i < 0 || !buttons.length) return false;
      const step = ev.key === "ArrowLeft" || ev.key === "ArrowUp" ? -1 : 1;
      buttons[(i + step + buttons.length) % buttons.length].focus();
      return true;
    }
    return false;
  }

  /** A selector for the focused choice, to focus its new button after a redraw. */
  function focusKey() {
    const active = el.ownerDocument.activeElement;
    if (!active || !root.contains(active) || active.tagName !== "BUTTON") return null;
    const where = active.closest(".zw-ag-choices") ? ".zw-ag-choices" : active.closest(".zw-ag-ring") ? ".zw-ag-ring" : null;
    if (!where) return null;
    for (const attr of ["data-card", "data-action", "data-space"]) {
      const value = active.getAttribute(attr);
      if (value !== null) return `${where} button[${attr}='${value}']`;
    }
    return null;
  }

  // a hint (any rung of the ladder): outline where it shows on the board, as GembloQ and Zong
  // Shi do: the bench the game piece ends on or bids at, the card to play or take back, the
  // direction button, the Shop spaces to take (ArtGalleryBoard.action_code)
  function markHint() {
    const hint = model.get("hint") || {};
    const code = hint.action && hint.code && typeof hint.code === "object" && !ui.queue.length ? hint.code : null;
    for (const old of root.querySelectorAll(".zw-ag-hinted")) old.classList.remove("zw-ag-hinted");
    if (!code) return;
    areaEls.forEach((box, a) => box.classList.toggle("zw-ag-hinted", code.bench === a));
    const buttons = [...root.querySelectorAll(".zw-ag-choices button, .zw-ag-ring button[data-space]")];
    for (const b of buttons) {
      const card = b.dataset.card !== undefined && code.card !== null && code.card !== undefined && Number(b.dataset.card) === code.card;
      const space = b.dataset.space !== undefined && (code.spaces || []).includes(Number(b.dataset.space));
      if (card || space || b.dataset.action === hint.action) b.classList.add("zw-ag-hinted");
    }
  }

  // ---------------------------------------------------------------- redraw
  let lastVersion = null;
  function redraw() {
    const version = model.get("version");
    let moved = false;
    if (version !== lastVersion) {
      lastVersion = version;
      moved = true;
      shell.setStatus("", "info"); // an answer about the last position no longer applies
      noteView();
    }
    const focused = focusKey();
    const { v, step } = shown();
    drawRing(v, step);
    drawChoices(view());
    drawHand(ui.queue.length && v.my_hand ? v : view());
    drawCollections(v);
    drawScores(ui.queue.length ? ui.queue[0].before : view());
    drawSummary(view());
    drawStory();
    reconNote.textContent = geo.cards.some((c) => c[4]) ? `≈ ${geo.reconstructed_note}` : "";
    markHint();
    const t = view();
    shell.turn.replaceChildren(...turnLine(t));
    shell.update();
    if (focused) {
      const again = root.querySelector(focused);
      if (again && el.ownerDocument.activeElement !== again) again.focus();
    }
    if (moved && ui.sent !== null) {
      root.dataset.playMs = String(Math.round(performance.now() - ui.sent));
      ui.sent = null;
    }
  }

  function turnLine(v) {
    if (ui.queue.length) {
      const next = v.is_over ? "then the end of the game" : v.to_move === null || v.to_move === undefined ? "" : `then ${names[v.to_move]} chooses`;
      return [h("strong", {}, "The distribution, step by step"), next ? ` · ${next}` : ""];
    }
    if (v.is_over) return [h("strong", {}, "Game over")];
    const who = v.to_move;
    if (who === null || who === undefined) return [""];
    const t = v.turn || {};
    return [swatch(who, "zw-inline-swatch"), " ", h("strong", {}, `${cap(names[who])} to choose`), ` · round ${v.round} · ${t.step || ""}`];
  }

  zw.redrawOnChange(shell, redraw);
  ui.lastView = view();
  ui.lastSeat = mySeat();
  lastVersion = model.get("version");
  redraw();
  return () => {
    clearTimeout(ui.timer);
    shell.destroy();
  };
}

export default { render };
