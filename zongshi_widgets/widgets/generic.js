/* zongshi_widgets: the plain board for any game (appended to base.js, which defines `zw`).
 *
 * Used by GameBoard itself, so that every engine plays in a notebook on the day it lands,
 * before it has a drawing of its own: the legal actions of the watching seat as buttons (each
 * sends the one move request, {"type": "play", "action": <notation>, "version": n}), and what
 * the watching seat sees (its view: public parts and its own secrets) as a list. Two parts:
 * the action buttons and the view list, each redrawn from the traits.
 */

/** The legal actions as buttons, grouped under the step they belong to. */
function genericActions(model, shell) {
  const { h } = zw;
  const box = h("div", { class: "zw-actions", role: "group", "aria-label": "Legal actions" });
  function draw() {
    const legal = model.get("legal") || [];
    const dead = shell.isDead && shell.isDead();
    box.replaceChildren(...legal.slice(0, 400).map((a) => {
      const b = h("button", { class: "zw-btn", type: "button", disabled: dead ? true : null }, String(a));
      b.addEventListener("click", () => model.send({ type: "play", action: a, version: model.get("version") }));
      return b;
    }));
    box.hidden = legal.length === 0;
  }
  return { el: box, draw };
}

/** The view of the watching seat as a list of its parts (turn keys left to the turn line). */
function genericView(model) {
  const { h } = zw;
  const SKIP = new Set(["game", "seat", "to_move", "is_over", "turn", "ply"]);
  const list = h("dl", { class: "zw-view", "aria-label": "What this board's seat sees" });
  // plain words for plain values: lists as "a, b", records as "key: value · key: value",
  // a list of records one per line; anything deeper as compact JSON
  const scalar = (v) => (v === null || v === undefined ? "–" : typeof v === "object" ? JSON.stringify(v) : String(v));
  const record = (o) => Object.entries(o).map(([k, v]) => `${k.replaceAll("_", " ")}: ${Array.isArray(v) ? (v.length ? v.map(scalar).join(", ") : "–") : scalar(v)}`).join(" · ");
  const show = (v) => {
    if (Array.isArray(v)) {
      if (!v.length) return "–";
      if (v.every((x) => x && typeof x === "object" && !Array.isArray(x))) return v.map(record).join("\n");
      return v.map((x) => (Array.isArray(x) ? `[${x.map(scalar).join(", ")}]` : scalar(x))).join(", ");
    }
    if (v && typeof v === "object") return record(v);
    return scalar(v);
  };
  function draw() {
    const view = model.get("view") || {};
    const rows = [];
    for (const [key, value] of Object.entries(view)) {
      if (SKIP.has(key)) continue;
      rows.push(h("dt", {}, key.replaceAll("_", " ")), h("dd", {}, show(value)));
    }
    list.replaceChildren(...rows);
  }
  return { el: list, draw };
}

function render({ model, el }) {
  const { h, cap } = zw;
  const geo = model.get("geometry") || {};
  const names = geo.seat_names || [];
  const shell = zw.shell(model, el, {
    name: geo.game || "game",
    label: `${geo.long_name || geo.game || "game"} board`,
    swatch: (seat, cls = "zw-swatch") => h("span", { class: `${cls} zw-seat-dot`, "data-seat": seat, "aria-hidden": "true" }, String(seat + 1)),
  });
  const actions = genericActions(model, shell);
  const view = genericView(model);
  const help = h("p", { class: "zw-notation-help" }, geo.notation_help ? `How actions are written: ${geo.notation_help}` : "");
  shell.stage.append(h("div", { class: "zw-generic" }, actions.el, help, view.el));

  function turnLine() {
    const v = model.get("view") || {};
    if (v.is_over) return "Game over";
    const mover = v.to_move;
    if (mover === null || mover === undefined) return "";
    const t = v.turn || {};
    const where = [t.round ? `round ${t.round}` : "", t.step || ""].filter(Boolean).join(", ");
    return `${cap(names[mover] || `seat ${mover + 1}`)} to move${where ? ` (${where})` : ""}`;
  }

  function redraw() {
    shell.turn.textContent = turnLine();
    actions.draw();
    view.draw();
    shell.update();
  }
  for (const name of ["view", "legal", "moves", "cursor", "seats", "version", "hint", "thinking", "task", "message", "feedback", "watch", "screen"]) {
    shell.on(`change:${name}`, redraw);
  }
  redraw();
  return () => shell.destroy();
}

export default { render };
