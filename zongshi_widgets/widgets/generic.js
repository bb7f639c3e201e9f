/* zongshi_widgets: a plain board for any game (appended to base.js, which defines `zw`).
 *
 * Used by GameBoard itself, before a game has its own drawing: the static picture is not
 * available here, so it lists the legal actions of the person to move as buttons; each sends
 * the one move request, {"type": "play", "action": <notation>, "version": n}.
 */
function render({ model, el }) {
  const { h, cap } = zw;
  const geo = model.get("geometry") || {};
  const names = geo.seat_names || [];
  const shell = zw.shell(model, el, {
    name: geo.game || "game",
    swatch: (seat, cls = "zw-swatch") => h("span", { class: `${cls} zw-seat-dot`, "data-seat": seat, "aria-hidden": "true" }, String(seat + 1)),
  });
  const list = h("div", { class: "zw-actions", role: "group", "aria-label": "Legal actions" });
  shell.stage.append(list);
  function redraw() {
    const view = model.get("view") || {};
    const mover = view.to_move;
    shell.turn.textContent = view.is_over ? "Game over" : mover === null || mover === undefined ? "" : `${cap(names[mover] || "")} to move`;
    const legal = model.get("legal") || [];
    list.replaceChildren(...legal.slice(0, 300).map((a) => {
      const b = h("button", { class: "zw-btn", type: "button" }, String(a));
      b.addEventListener("click", () => model.send({ type: "play", action: a, version: model.get("version") }));
      return b;
    }));
    shell.update();
  }
  for (const name of ["view", "legal", "moves", "cursor", "seats", "version", "hint", "thinking", "task", "message", "feedback"]) {
    shell.on(`change:${name}`, redraw);
  }
  redraw();
  return () => shell.destroy();
}

export default { render };
