/* zongshi_widgets: the board shell shared by every game.
 *
 * This file is prepended to each game's ES module (see widgets/base.py, read_asset), so it
 * defines plain functions under one `zw` object and exports nothing itself.
 *
 * The shell draws what every board has, each part built by its own function below: the
 * lesson task and feedback, the turn line and who is watching, the privacy screen of a hot
 * seat with secrets, the move log (click an entry to jump there), undo / redo / branches,
 * "let bots play", the hint ladder and the message line. The game fills the stage (the board)
 * and the side panel. It knows no game: names, the notation help and the hint bot come from
 * the geometry trait.
 * Python owns the state: everything here is redrawn from the model's traits, and every
 * action is a request sent with model.send (Python checks it and answers in the traits).
 */
const zw = (() => {
  const SVGNS = "http://www.w3.org/2000/svg";

  function setAttrs(node, attrs) {
    for (const [k, v] of Object.entries(attrs || {})) {
      if (v === null || v === undefined || v === false) continue;
      if (k === "text") node.textContent = v;
      else if (k.startsWith("on") && typeof v === "function") node.addEventListener(k.slice(2), v);
      else node.setAttribute(k, v === true ? "" : String(v));
    }
    return node;
  }

  /** An HTML element: h("button", {class: "x", onclick: f}, "text", child...). */
  function h(tag, attrs, ...kids) {
    const node = setAttrs(document.createElement(tag), attrs);
    for (const kid of kids.flat()) if (kid !== null && kid !== undefined && kid !== false) node.append(kid);
    return node;
  }

  /** An SVG element. */
  function s(tag, attrs, ...kids) {
    const node = setAttrs(document.createElementNS(SVGNS, tag), attrs);
    for (const kid of kids.flat()) if (kid) node.append(kid);
    return node;
  }

  /** The message trait as [kind, text]: Python sends it structured, {kind, text}. */
  function splitMessage(msg) {
    if (msg && typeof msg === "object") return [msg.kind || "info", msg.text || ""];
    return ["info", msg ? String(msg) : ""];
  }

  const KIND_LABEL = { illegal: "Not allowed", refused: "Not now", stale: "Try again", error: "Error" };

  /** Is this message a refusal (the red / orange box), which "dismiss" clears? */
  function isRefusal(msg) {
    return splitMessage(msg)[0] !== "info";
  }

  /** A message's identity, to remember which one was dismissed. */
  function messageKey(msg) {
    const [kind, text] = splitMessage(msg);
    return `${kind}\u0000${text}`;
  }

  /** The branch sign, drawn (the fork character is missing from Debian's default fonts). */
  function forkIcon() {
    return s("svg", { class: "zw-fork", viewBox: "0 0 12 14", "aria-hidden": "true" },
      s("path", { d: "M3 1v12M3 9c0-3 6-3 6-6V1", fill: "none", stroke: "currentColor", "stroke-width": 1.6, "stroke-linecap": "round" }));
  }

  function cap(text) {
    return text ? text[0].toUpperCase() + text.slice(1) : text;
  }

  function seatKind(kind) {
    return kind === "human" ? "person" : `${kind} bot`;
  }

  /**
   * While a live view of a board is on the page, hide the board's static picture output
   * (widgets/static.py): a style rule keyed by the picture's id, kept while any view of that
   * board lives (the picture output may be redrawn after every move, so hiding its element
   * once would not last).
   */
  const livePictures = new Map(); // picture id -> [style element, number of live views]
  function hidePicture(id) {
    if (!id || !/^[0-9a-f]+$/.test(id)) return () => {};
    let entry = livePictures.get(id);
    if (!entry) {
      const style = document.createElement("style");
      style.dataset.zwLive = id;
      style.textContent = `.jp-OutputArea-child:has(.zw-static[data-zw-board="${id}"]), .zw-static[data-zw-board="${id}"] { display: none !important; }`;
      document.head.append(style);
      entry = [style, 0];
      livePictures.set(id, entry);
    }
    entry[1] += 1;
    let done = false;
    return () => {
      if (done) return;
      done = true;
      entry[1] -= 1;
      if (entry[1] <= 0) {
        entry[0].remove();
        livePictures.delete(id);
      }
    };
  }

  /**
   * Build the shell inside `el`. `game` supplies:
   *   name (str), swatch(seat) -> Element, seatName(seat) -> str,
   *   onKey(event) -> bool (handled), hintText(hint) -> str (optional),
   *   logMover(seat, code) -> [swatch index, name] (optional: who a log entry shows, when a
   *   seat acts for several sides, e.g. the colours of GembloQ's Two-Player Four-Color game).
   * Returns {root, stage, side, sideTop, toolbar, header, turn, lines, setStatus(text, kind), update(),
   * dismiss(), on(event, fn), destroy()}. dismiss() asks Python to clear a refusal shown in the
   * message line (the person moved on to something else).
   */
  function shell(model, el, game) {
    const listeners = [];
    const showPicture = hidePicture(model.get("_picture_id"));
    const on = (name, fn) => {
      model.on(name, fn);
      listeners.push([name, fn]);
    };

    const root = h("div", {
      class: "zw-board",
      "data-game": game.name,
      "data-lm-suppress-shortcuts": "true",
      role: "group",
      "aria-label": game.label || `${game.name} board`,
    });
    const task = h("div", { class: "zw-task", role: "note", hidden: true });
    const gone = h("div", { class: "zw-gone", role: "alert", hidden: true },
      h("strong", {}, "The kernel behind this board is gone"),
      " (restarted or shut down), so the board cannot play any more: run this cell again for a live board.");
    const feedback = h("div", { class: "zw-feedback", role: "status", "aria-live": "polite", hidden: true });
    const turn = h("div", { class: "zw-turn", "aria-live": "polite" });
    const thinking = h("span", { class: "zw-thinking", hidden: true });
    const botsButton = h("button", { class: "zw-btn zw-bots", type: "button", hidden: true, text: "▶ Let bots play" });
    const watching = h("span", { class: "zw-watching", hidden: true });
    const header = h("div", { class: "zw-header" }, turn, watching, thinking, botsButton);
    const screenText = h("p", { class: "zw-screen-text" });
    const readyButton = h("button", { class: "zw-btn zw-primary zw-ready", type: "button" }, "I am ready");
    const screenBox = h("div", { class: "zw-screen", role: "dialog", "aria-modal": "false", "aria-label": "Privacy screen", hidden: true },
      h("strong", {}, "Privacy screen"), screenText, readyButton);
    const stage = h("div", { class: "zw-stage" });
    const sideTop = h("div", { class: "zw-side-top" });

    const undo = h("button", { class: "zw-btn", type: "button", title: "Undo (U)", "aria-keyshortcuts": "U" }, "↶ Undo");
    const redo = h("button", { class: "zw-btn", type: "button", title: "Redo (Shift+U)", "aria-keyshortcuts": "Shift+U" }, "↷ Redo");
    const newGame = h("button", { class: "zw-btn zw-quiet zw-newgame", type: "button", title: "Start a new game (asks again)" }, "New game");
    const branches = h("select", { class: "zw-branches", "aria-label": "Lines of play tried", hidden: true });
    const toolbar = h("div", { class: "zw-toolbar" });
    const seedNote = h("span", { class: "zw-seed", hidden: true });
    const controls = h("div", { class: "zw-controls", role: "toolbar", "aria-label": "Moves" }, undo, redo, branches, newGame, seedNote);

    // both labels stacked in one cell, the idle one invisible: the button is as wide as the wider
    // label whichever shows, so the buttons after it never move when a hint appears
    const firstShow = h("span", {}, "Show a move");
    const firstNext = h("span", { class: "zw-off", "aria-hidden": "true" }, "Next move");
    const hintFirst = h("button", { class: "zw-btn zw-hint-first", type: "button", title: "Show a legal move (H)", "aria-keyshortcuts": "H" }, firstShow, firstNext);
    const botName = (model.get("geometry") || {}).hint_bot || "";
    const hintBot = h("button", { class: "zw-btn", type: "button", title: `Show what the ${botName} bot would play`, hidden: !botName }, "Bot's choice");
    // alone (a one-player game) there is no game to win: no win rates; nor where the game's
    // geometry says the search cannot tell its moves apart in a hint's time (win_rates: false)
    const hintWhy = h("button", { class: "zw-btn zw-hint-why", type: "button", hidden: (model.get("geometry") || {}).players === 1 || (model.get("geometry") || {}).win_rates === false, title: "Show the best moves with their estimated win rates (a Monte Carlo tree search from what you can see)" }, "Win rates");
    const hintPlay = h("button", { class: "zw-btn zw-primary", type: "button", hidden: true }, "Play it");
    const hintClear = h("button", { class: "zw-btn zw-quiet zw-hint-close", type: "button", hidden: true, "aria-label": "Hide the hint", title: "Hide the hint" }, "✕");
    const hintText = h("div", { class: "zw-hint-text", "aria-live": "polite" });
    // the ladder's last rung: the search's best candidates, each with its estimated win rate
    const candidateList = h("ol", { class: "zw-candidates", "aria-label": "Best moves by estimated win rate", hidden: true,
      style: "list-style: none; margin: 4px 0 0; padding: 0;" });
    const hints = h("div", { class: "zw-hints", role: "group", "aria-label": "Hints" },
      h("div", { class: "zw-hint-buttons" }, hintFirst, hintBot, hintWhy, hintPlay, hintClear), hintText, candidateList);

    const logList = h("ol", { class: "zw-log", "aria-label": "Move log: choose a move to go back to it" });
    // the game review (issue 21): a button (prominent once the game is over), its progress with
    // a Cancel, and the mistakes it found, each a button that jumps to the position before the
    // move; there "Try ..." plays the better move as a new line
    const reviewButton = h("button", { class: "zw-btn zw-quiet zw-review-start", type: "button",
      title: "Search every decision again and mark the moves that lost the most (a Monte Carlo tree search from what the player could see)" }, "Review");
    const reviewText = h("span", { class: "zw-review-text" });
    const reviewBar = h("progress", { class: "zw-review-bar", max: 1, value: 0, "aria-label": "Review progress" });
    const reviewCancel = h("button", { class: "zw-btn zw-quiet zw-review-cancel", type: "button", title: "Stop the review after the decision it is searching" }, "Cancel");
    const reviewMarks = h("ol", { class: "zw-review-marks", "aria-label": "Mistakes found by the review: choose one to go to the position before it" });
    const reviewHead = h("div", { class: "zw-review-head" }, reviewText, reviewBar, reviewCancel);
    const reviewTry = h("div", { class: "zw-review-tryrow", hidden: true }); // at a mark's position: "Try <the better move>"
    const reviewBox = h("div", { class: "zw-review", role: "group", "aria-label": "Game review", "aria-live": "polite" }, reviewHead, reviewTry, reviewMarks);
    const logBox = h("div", { class: "zw-logbox" },
      h("div", { class: "zw-caption-row" }, h("div", { class: "zw-caption" }, "Moves"), reviewButton), reviewBox, logList);
    // the move controls first (under the game's hand, if any), so that they stay on screen
    // beside the board on a laptop; the score cards and the log below them
    const side = h("div", { class: "zw-side" }, controls, toolbar, sideTop, hints, logBox);
    const main = h("div", { class: "zw-main" }, stage, side);
    const status = h("div", { class: "zw-status", role: "status", "aria-live": "polite" });
    const message = h("div", { class: "zw-message", "aria-live": "polite" });
    const lines = h("div", { class: "zw-lines" }, status, message); // a game may move it next to its board
    root.append(gone, task, feedback, header, screenBox, main, lines);
    el.append(root);

    // Moves and jumps carry the version they were made at (Python refuses stale ones);
    // undo, redo, hints and "let bots play" mean the same at any version.
    const version = () => model.get("version");
    let dead = false;
    const send = (msg) => {
      if (dead) return;
      try {
        model.send(msg);
      } catch (err) {
        markGone();
      }
    };

    // Is the kernel behind this view alive? Ask (ping); no answer while the kernel is not
    // busy, a closed comm or a kernel restart (comm_live_update) means it is gone.
    let pending = null;
    let pingTimer = null;
    const kernelBusy = () => {
      const k = model.widget_manager && model.widget_manager.kernel;
      return !!k && k.connectionStatus === "connected" && (k.status === "busy" || k.status === "starting" || k.status === "autorestarting");
    };
    function ping(wait) {
      if (dead) return;
      pending = `${Date.now()}-${Math.random()}`;
      send({ type: "ping", key: pending });
      clearTimeout(pingTimer);
      const check = () => {
        if (pending === null || dead) return;
        if (kernelBusy()) {
          pingTimer = setTimeout(check, 1000);
          return;
        }
        markGone();
      };
      pingTimer = setTimeout(check, wait);
    }
    function markGone() {
      if (dead) return;
      dead = true;
      clearTimeout(pingTimer);
      gone.hidden = false;
      root.classList.add("zw-dead");
      for (const b of root.querySelectorAll("button, select, input")) b.disabled = true;
      setStatus("The kernel is gone: run this cell again to play.", "bad");
      if (game.onGone) game.onGone();
    }
    on("msg:custom", (msg) => {
      if (msg && msg.type === "pong" && msg.key === pending) pending = null;
    });
    on("comm_live_update", () => ping(2500));
    // a restart or death of the kernel ends every widget of it (JupyterLab's kernel object,
    // when the widget manager has one; exported HTML pages have none and rely on the ping)
    let kernel0 = model.widget_manager && model.widget_manager.kernel;
        // (a restart through the server's REST API shows as "starting": the widget exists, so its
    // kernel had started already)
    const onKernelStatus = (_k, st) => {
      if (st === "starting" || st === "restarting" || st === "autorestarting" || st === "dead") markGone();
    };
    const listen = (k) => {
      if (k && k.statusChanged && k.statusChanged.connect) k.statusChanged.connect(onKernelStatus);
    };
    listen(kernel0);
    const watch = setInterval(() => {
      const k = model.widget_manager && model.widget_manager.kernel;
      if (!kernel0 && k) {
        // the widget manager had no kernel yet when the board was drawn (a slow start): watch it now
        kernel0 = k;
        listen(kernel0);
        return;
      }
      if (kernel0 && (k !== kernel0 || kernel0.isDisposed)) markGone();
    }, 3000);

    readyButton.addEventListener("click", () => send({ type: "ready" }));
    undo.addEventListener("click", () => send({ type: "undo" }));
    redo.addEventListener("click", () => send({ type: "redo" }));
    botsButton.addEventListener("click", () => send({ type: "bots" }));
    let confirmTimer = null;
    newGame.addEventListener("click", () => {
      if (!confirmTimer) {
        newGame.textContent = "Sure? Click again";
        newGame.classList.add("zw-armed");
        confirmTimer = setTimeout(() => {
          confirmTimer = null;
          newGame.textContent = "New game";
          newGame.classList.remove("zw-armed");
        }, 4000);
        return;
      }
      clearTimeout(confirmTimer);
      confirmTimer = null;
      newGame.textContent = "New game";
      newGame.classList.remove("zw-armed");
      send({ type: "new_game", seed: null });
    });
    branches.addEventListener("change", () => {
      const node = parseInt(branches.value, 10);
      if (!Number.isNaN(node)) send({ type: "goto", node, version: version() });
    });
    const nextHint = () => {
      const hint = model.get("hint") || {};
      const index = hint.mode === "legal" ? hint.index + 1 : 0;
      send({ type: "hint", mode: "legal", index });
    };
    hintFirst.addEventListener("click", nextHint);
    hintBot.addEventListener("click", () => send({ type: "hint", mode: "bot", bot: botName }));
    hintWhy.addEventListener("click", () => send({ type: "hint", mode: "explain", index: 0 }));
    candidateList.addEventListener("click", (ev) => {
      const item = ev.target.closest("[data-candidate]");
      if (item) send({ type: "hint", mode: "explain", index: parseInt(item.dataset.candidate, 10) });
    });
    hintClear.addEventListener("click", () => send({ type: "hint", mode: "clear" }));
    hintPlay.addEventListener("click", () => {
      const hint = model.get("hint") || {};
      if (hint.action) send({ type: "play", action: hint.action, version: version() });
    });
    reviewButton.addEventListener("click", () => send({ type: "review" }));
    reviewCancel.addEventListener("click", () => send({ type: "review_cancel" }));
    reviewTry.addEventListener("click", (ev) => {
      const tryIt = ev.target.closest("[data-try]");
      if (tryIt) send({ type: "play", action: tryIt.dataset.try, version: version() });
    });
    reviewMarks.addEventListener("click", (ev) => {
      const item = ev.target.closest("[data-mark]");
      if (item) send({ type: "review_show", ply: parseInt(item.dataset.mark, 10), version: version() });
    });
    on("change:review_status", () => {
      updateReview();
      updateLog();
    });
    logList.addEventListener("click", (ev) => {
      const item = ev.target.closest("[data-ply]");
      if (item) send({ type: "goto", ply: parseInt(item.dataset.ply, 10), version: version() });
    });
    logList.addEventListener("keydown", (ev) => {
      if (ev.altKey || ev.ctrlKey || ev.metaKey) return;
      const entries = [...logList.querySelectorAll(".zw-log-entry")];
      const at = entries.indexOf(document.activeElement);
      if (at < 0) return;
      const to = { ArrowUp: at - 1, ArrowDown: at + 1, Home: 0, End: entries.length - 1, PageUp: at - 10, PageDown: at + 10 }[ev.key];
      if (to === undefined) return;
      ev.preventDefault();
      ev.stopPropagation(); // not the board's own arrow keys
      const next = entries[Math.max(0, Math.min(entries.length - 1, to))];
      for (const e of entries) e.tabIndex = e === next ? 0 : -1;
      next.focus();
    });

    root.addEventListener("keydown", (ev) => {
      if (ev.defaultPrevented || ev.altKey || ev.ctrlKey || ev.metaKey) return;
      if (ev.target.closest && ev.target.closest("select, input, textarea")) return;
      let handled = game.onKey ? game.onKey(ev) : false;
      if (!handled) {
        const key = ev.key.toLowerCase();
        if (key === "u" && !ev.shiftKey) {
          send({ type: "undo" });
          handled = true;
        } else if (key === "u" && ev.shiftKey) {
          send({ type: "redo" });
          handled = true;
        } else if (key === "h" && model.get("hints") !== false) {
          nextHint();
          handled = true;
        }
      }
      if (handled) {
        ev.preventDefault();
        ev.stopPropagation();
      }
    });

    // a refusal stays until Python replaces it; ask once per refusal shown
    let dismissed = null;
    function dismiss() {
      const msg = model.get("message");
      if (!isRefusal(msg) || dismissed === messageKey(msg)) return;
      dismissed = messageKey(msg);
      message.hidden = true; // at once; Python's "" follows
      send({ type: "dismiss" });
    }
    on("change:message", () => {
      dismissed = null;
    });
    on("change:watch", () => updateWatch());
    on("change:screen", () => updateWatch());

    // Focus stays on the board across its redraws: a move played with Enter redraws the part
    // that had the focus, and the browser then leaves the focus on the page's body. The board
    // remembers what had it (its data-* attributes), and after a redraw that dropped it gives
    // it back to the same part if it is still there, else to the first control of the stage or
    // the side, else to the board itself.
    let focusKey = null; // [tag, data attributes] of the element inside the board that had the focus
    const focusIsOurs = () => {
      const a = document.activeElement;
      return !a || a === document.body || root.contains(a);
    };
    root.addEventListener("focusin", (ev) => {
      const el = ev.target;
      focusKey = [el.tagName, Object.entries(el.dataset || {})];
    });
    root.addEventListener("focusout", (ev) => {
      // the focus left for somewhere else on the page (another cell, the toolbar): forget it
      if (ev.relatedTarget && !root.contains(ev.relatedTarget)) focusKey = null;
    });
    function keepFocus() {
      if (focusKey === null || dead) return;
      const a = document.activeElement;
      if (a && a !== document.body && a.isConnected) return; // somebody has it
      const [tag, data] = focusKey;
      const same = data.length
        ? [...root.querySelectorAll(tag)].find((el) => data.every(([k, v]) => el.dataset[k] === v) && !el.disabled)
        : null;
      const usable = (el) => el && !el.disabled && !el.closest("[hidden]") && el.getClientRects().length > 0;
      const target = [same, ...stage.querySelectorAll("button, [tabindex='0'], input, select"), ...side.querySelectorAll("button, [tabindex='0']")]
        .find(usable);
      if (target) target.focus({ preventScroll: true });
      else {
        root.tabIndex = -1;
        root.focus({ preventScroll: true });
      }
    }
    on("change", () => requestAnimationFrame(keepFocus));

    function setStatus(text, kind) {
      if (dead && kind !== "bad") return;
      status.textContent = text || "";
      status.dataset.kind = kind || "info";
      status.hidden = !text;
    }

    /** What a review mark says: "lost 23 % win rate" (solo: "cost 3 points"). */
    function lossWords(mark) {
      if (mark.solo) {
        const pts = Math.round(10 * (mark.loss || 0)) / 10;
        const units = mark.units || "points";
        return `cost ${pts} ${pts === 1 ? units.replace(/s$/, "") : units}`;
      }
      return `lost ${Math.round(100 * (mark.loss || 0))} % win rate`;
    }

    /** The review's marks by the ply of their log entry (a decision at ply p is entry p + 1). */
    function marksByEntry() {
      const out = new Map();
      for (const m of (model.get("review_status") || {}).marks || []) out.set(m.ply + 1, m);
      return out;
    }

    let logSeen = null;
    function updateLog() {
      const log = model.get("moves") || [];
      const cursor = model.get("cursor") || {};
      const reviewed = model.get("review_status") || {};
      if (logSeen && logSeen[0] === log && logSeen[1] === cursor && logSeen[2] === reviewed) return;
      logSeen = [log, cursor, reviewed];
      const marks = marksByEntry();
      const names = model.get("geometry").seat_names || [];
      const frag = document.createDocumentFragment();
      const start = cursor.start || 0;
      const entry = (ply, seat, text, alt, code) => {
        const current = ply === cursor.ply;
        const [mark, who] = seat !== null && game.logMover ? game.logMover(seat, code) : [seat, names[seat] || ""];
        const flaw = seat !== null ? marks.get(ply) : undefined;
        const flawText = flaw ? `mistake: ${lossWords(flaw)}; better: ${flaw.best_text}` : "";
        const button = h("button", {
          type: "button",
          class: "zw-log-entry" + (current ? " zw-current" : "") + (ply > cursor.ply ? " zw-future" : "") + (flaw ? " zw-mistake" : ""),
          "data-ply": ply,
          tabindex: current ? "0" : "-1", // one Tab stop: the shown move; the arrows move along the log
          title: flawText || null,
          "aria-current": current ? "step" : null,
          "aria-label": seat === null ? `start of the game${current ? ", shown" : ""}` :
            `move ${ply}: ${who} ${text}${flaw ? ` (${flawText})` : ""}${current ? ", shown" : ""}${alt ? `, ${alt} other move${alt > 1 ? "s" : ""} tried here` : ""}`,
        },
        h("span", { class: "zw-ply" }, seat === null ? "" : `${ply}.`),
        seat === null ? null : game.swatch(mark, "zw-log-swatch"),
        h("span", { class: "zw-log-text" }, text),
        flaw ? h("span", { class: "zw-mistake-mark", "aria-hidden": "true" }, "?") : null,
        alt ? h("span", { class: "zw-alt", title: `${alt} other move${alt > 1 ? "s" : ""} tried here` }, forkIcon(), String(alt)) : null);
        return h("li", {}, button);
      };
      frag.append(entry(start, null, "Start", 0));
      for (const [ply, seat, text, code, alt] of log) frag.append(entry(ply, seat, text, alt, code));
      const focused = logList.contains(document.activeElement) ? document.activeElement.dataset.ply : null;
      logList.replaceChildren(frag);
      if (!logList.querySelector('.zw-log-entry[tabindex="0"]')) {
        const first = logList.querySelector(".zw-log-entry");
        if (first) first.tabIndex = 0; // the shown position is not on this line: the start is the Tab stop
      }
      if (focused !== null && focused !== undefined) {
        // the entry that had the focus was redrawn: give it back (to the shown move if it is gone)
        const again = logList.querySelector(`.zw-log-entry[data-ply="${focused}"]`) || logList.querySelector('.zw-log-entry[tabindex="0"]');
        if (again) again.focus({ preventScroll: true });
      }
      const current = logList.querySelector(".zw-current");
      if (current) {
        // keep the shown move visible inside the log box, without scrolling the page
        const top = current.offsetTop; // the list is the buttons' offsetParent
        if (top < logList.scrollTop || top + current.offsetHeight > logList.scrollTop + logList.clientHeight) {
          logList.scrollTop = Math.max(0, top - logList.clientHeight / 2);
        }
      }
    }

    /**
     * The review: its button (hidden in a lesson, and for a spectator of a game with secrets,
     * whom Python refuses), its progress, and the mistakes on the line shown. The mark at the
     * shown position (the move after it is the one judged) offers "Try <the better move>".
     */
    function updateReview() {
      const info = model.get("review_status") || {};
      const geo = model.get("geometry") || {};
      const w = model.get("watch") || {};
      const view = model.get("view") || {};
      const cursor = model.get("cursor") || {};
      const over = !!view.is_over;
      const running = info.state === "running";
      const offered = model.get("hints") !== false && !(w.mode === "spectator" && geo.hidden_information && !w.open_hands);
      reviewButton.hidden = !offered || running || !!w.served; // a served game's moves are on the server
      reviewButton.disabled = dead || (cursor.end || 0) <= (cursor.start || 0);
      const again = info.state === "done" || info.state === "cancelled";
      reviewButton.textContent = again ? "Review again" : over ? "Review game" : "Review so far";
      reviewButton.classList.toggle("zw-primary", over && !info.state);
      reviewButton.classList.toggle("zw-quiet", !(over && !info.state));
      reviewBox.hidden = !info.state;
      root.dataset.review = info.state || "";
      if (!info.state) {
        reviewMarks.replaceChildren();
        reviewTry.replaceChildren();
        reviewTry.hidden = true;
        return;
      }
      reviewText.textContent = info.text || "";
      reviewBar.hidden = !running;
      reviewBar.max = Math.max(1, info.total || 1);
      reviewBar.value = info.total ? info.done : 0;
      if (!info.total) reviewBar.removeAttribute("value"); // not started yet: an indeterminate bar
      reviewCancel.hidden = !running;
      const names = geo.seat_names || [];
      const at = (info.marks || []).find((m) => m.ply === cursor.ply);
      reviewTry.hidden = !at;
      reviewTry.replaceChildren(...(at ? [h("button", { type: "button", class: "zw-btn zw-primary zw-review-try", "data-try": at.best,
        title: "Play the better move here, as a new line (the game's own line stays: see the lines of play)",
        disabled: dead || w.may_act === false ? true : null }, `Try ${game.hintText ? game.hintText({ text: at.best_move || at.best_text }) : at.best_move || at.best_text}`)] : []));
      reviewMarks.replaceChildren(...(info.marks || []).map((m) => {
        const here = cursor.ply === m.ply;
        const who = info.seat === null || info.seat === undefined ? `${cap(names[m.seat] || "")}: ` : "";
        const jump = h("button", { type: "button", class: "zw-btn zw-quiet zw-review-mark", "data-mark": String(m.ply),
          "aria-current": here ? "step" : null,
          title: `Go to the position before move ${m.ply + 1}`,
        },
        h("span", { class: "zw-mistake-mark", "aria-hidden": "true" }, "?"),
        h("span", { class: "zw-review-mark-text" },
          h("span", { class: "zw-review-move" }, `${m.ply + 1}. ${who}${m.text}`),
          h("span", { class: "zw-review-loss" }, ` ${lossWords(m)}; better: ${m.best_text}`)));
        return h("li", { class: here ? "zw-here" : null }, jump);
      }));
      const shown = reviewMarks.querySelector(".zw-here");
      if (shown) {
        // keep the mark shown visible inside its list, without scrolling the page
        const top = shown.offsetTop; // the list is positioned: its items' offsetParent
        if (top < reviewMarks.scrollTop || top + shown.offsetHeight > reviewMarks.scrollTop + reviewMarks.clientHeight) {
          reviewMarks.scrollTop = Math.max(0, top - 4);
        }
      }
    }

    /** Who this board shows (a seat, a spectator, open hands) and the privacy screen. */
    function updateWatch() {
      const w = model.get("watch") || {};
      const names = (model.get("geometry") || {}).seat_names || [];
      let text = "";
      if (w.open_hands) text = "Open hands: every seat's secrets are shown (teaching mode)";
      else if (w.mode === "spectator") text = "Spectator: public information only";
      else if (w.mode === "seat" && w.seat !== null && w.seat !== undefined) {
        const who = names[w.seat] || `seat ${w.seat + 1}`;
        // a joined board (zw.join): the game is the server's, this board one seat of it
        text = w.served ? `Plays on the game server as ${who}` : `This board plays for ${who}`;
      }
      watching.textContent = text;
      watching.hidden = !text;
      watching.title = w.served
        ? "The game server holds this game: your moves and Undo are sent to it and judged there; the other seats play from their own boards, and you see only your own hand and bids."
        : "";
      // a served game's log is the server's: its entries show the moves, they do not go back
      logList.setAttribute("aria-label", w.served ? "Move log, as the game server keeps it" : "Move log: choose a move to go back to it");
      const scr = model.get("screen") || {};
      const up = scr.seat !== undefined && scr.seat !== null;
      const cameUp = up && screenBox.hidden;
      screenBox.hidden = !up;
      main.classList.toggle("zw-screened", up);
      if (up) {
        screenText.textContent = scr.text || "";
        readyButton.textContent = `I am ${names[scr.seat] || `seat ${scr.seat + 1}`}: show my hand`;
        // the screen has just come up: its button takes the focus (the next person presses
        // Enter), unless the focus is in another cell or outside the notebook
        if (cameUp && focusIsOurs()) readyButton.focus({ preventScroll: true });
      }
    }

    function updateBranches() {
      const cursor = model.get("cursor") || {};
      const list = cursor.branches || [];
      branches.hidden = list.length === 0;
      if (!list.length) return;
      branches.replaceChildren(...list.map((b, i) => h("option", {
        value: b.node,
        selected: b.current ? true : null,
      }, `Line ${i + 1}: move ${b.from}, ${b.text || "start"}${b.end > b.from ? ` (+${b.end - b.from} more)` : ""}${b.current ? " (shown)" : ""}`)));
    }

    function update() {
      const cursor = model.get("cursor") || {};
      const seats = model.get("seats") || [];
      const view = model.get("view") || {};
      const names = model.get("geometry").seat_names || [];
      const taskText = model.get("task") || "";
      task.textContent = taskText;
      task.hidden = !taskText;
      const fb = model.get("feedback") || "";
      feedback.textContent = fb;
      feedback.hidden = !fb;
      feedback.dataset.kind = /^(yes|correct|well done|good)\b/i.test(fb) ? "good" : /^(not yet|no\b|try)/i.test(fb) ? "warn" : "info";

      const [kind, text] = splitMessage(model.get("message"));
      message.replaceChildren(kind === "info" ? "" : h("strong", {}, `${KIND_LABEL[kind]}: `), text);
      message.dataset.kind = kind;
      message.hidden = !text || (dismissed !== null && dismissed === messageKey(model.get("message")));
      updateWatch();

      undo.disabled = !cursor.can_undo;
      redo.disabled = !cursor.can_redo;
      redo.hidden = !!(model.get("watch") || {}).served; // the server keeps no move taken back
      // the seed, once the game is over: new_state(seed=...) deals this game again
      seedNote.hidden = !cursor.seed;
      seedNote.textContent = cursor.seed ? `seed ${cursor.seed}` : "";
      seedNote.title = cursor.seed ? `This game was dealt from seed ${cursor.seed}: zw.game(...).new_state(seed=${cursor.seed}) deals it again` : "";
      const think = model.get("thinking");
      const toMove = view.to_move;
      if (think >= 0) {
        thinking.hidden = false;
        thinking.replaceChildren(game.swatch(think, "zw-inline-swatch"), ` ${cap(names[think])} (${seatKind(seats[think])}) is thinking…`);
      } else {
        thinking.hidden = true;
      }
      botsButton.hidden = !(think < 0 && toMove !== null && toMove !== undefined && seats[toMove] && seats[toMove] !== "human");

      const watchInfo = model.get("watch") || {};
      hints.hidden = model.get("hints") === false || watchInfo.mode === "spectator";
      newGame.hidden = model.get("allow_new_game") === false || watchInfo.mode === "spectator" || !!watchInfo.served;
      const hint = model.get("hint") || {};
      const hasHint = !!hint.action;
      const w = model.get("watch") || {};
      const canHint = toMove !== null && toMove !== undefined && seats[toMove] === "human" && w.may_act !== false;
      hintFirst.disabled = !canHint;
      hintBot.disabled = !canHint;
      hintWhy.disabled = !canHint;
      const next = hint.mode === "legal";
      firstShow.classList.toggle("zw-off", next);
      firstNext.classList.toggle("zw-off", !next);
      firstShow.setAttribute("aria-hidden", String(next));
      firstNext.setAttribute("aria-hidden", String(!next));
      hintPlay.hidden = !hasHint;
      hintClear.hidden = !hasHint;
      if (hasHint) {
        const what = game.hintText ? game.hintText(hint) : hint.text;
        if (hint.mode === "explain") {
          const c = (hint.candidates || [])[hint.index] || {};
          hintText.textContent = `Candidate ${hint.index + 1} of ${hint.total} (shown on the board): ${what}, ` +
            `estimated win rate ${percent(c.win_rate)} over ${c.visits} playouts${interval(c)}.` + (hint.noise ? ` ${hint.noise}` : "");
        } else if (hint.mode === "review") {
          // the review's mark, jumped to: the better move is drawn on the board
          hintText.textContent = `The review's better move here (shown on the board): ${what}. The game's move, ${hint.played}, ${lossWords(hint)}.`;
        } else if (hint.mode === "bot") {
          // say which bot speaks: the hint bot is not necessarily the opponent (e.g. greedy against mcts)
          const words = hint.bot_words || `the ${hint.bot} bot`;
          const [who, ...rest] = words.split("; ");
          hintText.textContent = `${who.charAt(0).toUpperCase()}${who.slice(1)} would play ${what}${rest.length ? `; ${rest.join("; ")}` : ""}.`;
        } else {
          hintText.textContent = `Legal move ${hint.index + 1} of ${hint.total}: ${what}.`;
        }
      } else {
        hintText.textContent = canHint ? `Stuck? Ask for a legal move, then the next one${hintWhy.hidden ? ", or the bot's choice." : ", the bot's choice, or the best moves' win rates."}` : "";
      }
      updateCandidates(hasHint && hint.mode === "explain" ? hint : null);
      updateReview();
      updateLog();
      updateBranches();
      root.dataset.version = String(model.get("version"));
      if (dead) for (const b of root.querySelectorAll("button, select, input")) b.disabled = true;
    }

    function percent(rate) {
      return `${Math.round(100 * (rate || 0))} %`;
    }

    // a candidate's 95 % interval from its playouts (GameBoard._explain_hint), e.g. " (95 % interval 51-68 %)"
    function interval(c) {
      if (c.ci_low === undefined || c.ci_high === undefined) return "";
      return ` (95 % interval ${Math.round(100 * c.ci_low)}-${Math.round(100 * c.ci_high)} %)`;
    }

    // The candidates of the "explain" rung: one button each (shows it on the board), with its
    // win rate as a number and as a bar; the one shown is marked.
    function updateCandidates(hint) {
      if (!hint) {
        candidateList.hidden = true;
        candidateList.replaceChildren();
        return;
      }
      candidateList.hidden = false;
      candidateList.replaceChildren(...(hint.candidates || []).map((c, i) => {
        const what = game.hintText ? game.hintText({ ...hint, ...c, index: i }) : c.text;
        const current = i === hint.index;
        const bar = h("span", { class: "zw-candidate-bar", "aria-hidden": "true",
          style: `display: block; height: 4px; margin-top: 2px; width: ${Math.round(100 * (c.win_rate || 0))}%; ` +
            "background: var(--jp-brand-color1, #1976d2); border-radius: 2px;" });
        const button = h("button", {
          class: "zw-btn zw-quiet zw-candidate", type: "button", "data-candidate": String(i),
          "aria-current": current ? "true" : "false",
          style: `display: block; width: 100%; text-align: left; margin: 2px 0;${current ? " font-weight: bold; outline: 2px solid var(--jp-brand-color1, #1976d2);" : ""}`,
        }, `${i + 1}. ${what}: ${percent(c.win_rate)} (${c.visits} playouts${c.ci_low === undefined ? "" : `, ${Math.round(100 * c.ci_low)}-${Math.round(100 * c.ci_high)} %`})`, bar);
        return h("li", {}, button);
      }));
    }

    // a live view has opened the board: in a kernel, a game with secrets shows the watching
    // seat's own view only from now on (an export that no one looked at holds no secret)
    send({ type: "hello" });
    ping(4000);

    return {
      root, stage, side, sideTop, toolbar, header, turn, lines,
      setStatus,
      dismiss,
      update,
      on,
      isDead: () => dead,
      destroy() {
        clearTimeout(pingTimer);
        clearInterval(watch);
        if (kernel0 && kernel0.statusChanged && kernel0.statusChanged.disconnect) kernel0.statusChanged.disconnect(onKernelStatus);
        for (const [name, fn] of listeners) model.off(name, fn);
        if (confirmTimer) clearTimeout(confirmTimer);
        showPicture();
        root.remove();
      },
    };
  }


  /**
   * Click-to-choose, shared by the boards whose legal actions arrive as [notation, target,
   * label] (`target`: the comma-separated parts of the board that offer the action). The parts
   * that offer something become outlined buttons: one action plays on a click, several open a
   * short menu in the decision bar (a click that truly has several meanings); a part that
   * offers nothing now but has a `probe` (a notation) asks Python why (the `explain` request)
   * and shows the rule on the status line. Legality is Python's alone.
   *
   * cfg: {model, shell, prefix: the board's class prefix ("zs", "mj"), bar: the decision bar
   * (holds the menu), redraw(): draw the board again,
   *   canAct() -> bool (optional: false while the board takes no clicks, e.g. a story plays),
   *   keysOf(act) -> [part] (optional: the parts a click on which offers `act`; default: the
   *     parts of its target),
   *   offers(target) -> [act] (optional: what a click on `target` offers now; default: every
   *     action it is a key of),
   *   classes(target) -> str (optional: extra classes of a part, e.g. a pending selection),
   *   onTarget(target, probe, acts, label) -> bool (optional: the board handled the click),
   *   status(msg, label) -> str (optional: the status text of an explanation)}.
   * Returns {read(), part(tag, target, opts, ...kids), menu(), play(notation),
   *   explain(notation, label), choose(target, probe, label), click(button), key(event,
   *   selector), newVersion(root), closeMenu(), focused(), refocus(key), groups(), mayAct(),
   *   setMarked(set), marked(), menuTarget()}.
   */
  function choices(cfg) {
    const P = cfg.prefix;
    const { model, shell } = cfg;
    let groups = new Map(); // part -> [[notation, target, label], ...]
    let mayAct = false;
    let marked = new Set();
    let menuTarget = null;
    let sent = null;
    let key = 0;
    let label = null;
    const keysOf = cfg.keysOf || ((act) => String(act[1]).split(","));
    const offers = (target) => (cfg.offers ? cfg.offers(target) : groups.get(target) || []);

    function read() {
      groups = new Map();
      for (const act of model.get("legal") || []) {
        for (const t of keysOf(act)) {
          if (!groups.has(t)) groups.set(t, []);
          groups.get(t).push(act);
        }
      }
      mayAct = !!(model.get("watch") || {}).may_act && !shell.isDead() && (!cfg.canAct || cfg.canAct());
    }

    /**
     * A part of the board: a button when it offers actions (outlined) or can be asked why not
     * (`probe`: the notation to explain), else a plain element. `part` names it for marks.
     */
    function part(tag, target, { probe = null, part: partId = null, label: text = "", cls = "", mark = true } = {}, ...kids) {
      const acts = target && mayAct ? offers(target) : [];
      const pid = mark ? partId || target : null;
      const live = mayAct && (acts.length > 0 || probe);
      const extra = target && cfg.classes ? cfg.classes(target) : "";
      const classes = `${cls}${acts.length && mayAct ? ` ${P}-on` : ""}${pid && marked.has(pid) ? ` ${P}-mark` : ""}${extra}`;
      if (!live) {
        return h(tag === "button" ? "div" : tag, { class: classes, "data-part": pid, title: text || null, "aria-label": text || null, role: text && tag !== "span" ? "group" : null }, ...kids);
      }
      const what = acts.length === 1 ? acts[0][2] : acts.length ? `${acts.length} choices` : "not allowed now: click to hear why";
      return h("button", {
        type: "button",
        tabindex: acts.length ? null : "-1", // Tab goes through the offered choices; the mouse can still ask why not
        class: `${classes} ${P}-choice${acts.length ? "" : ` ${P}-off`}`,
        "data-target": target,
        "data-part": pid,
        "data-probe": probe,
        "data-label": cfg.status ? text : null,
        "aria-label": `${text}: ${what}`,
        title: `${text}: ${what}`,
      }, ...kids);
    }

    /** The menu of the part clicked last, when it offers several actions (or null). */
    function menu() {
      const acts = menuTarget !== null && mayAct ? offers(menuTarget) : [];
      if (!acts.length) {
        menuTarget = null;
        return null;
      }
      const cap1 = (t) => (t ? t[0].toUpperCase() + t.slice(1) : t);
      return h("div", { class: `${P}-menu`, role: "group", "aria-label": "Choose one" },
        h("span", { class: `${P}-sub` }, "Choose: "),
        ...acts.map((act) => h("button", { type: "button", class: `zw-btn ${P}-choice ${P}-on`, "data-act": act[0], "aria-label": act[2], title: act[0] }, cap1(act[2]))),
        h("button", { type: "button", class: "zw-btn zw-quiet", "data-target": "", "data-close": "1", "aria-label": "Close the menu" }, "✕"));
    }

    function send(msg) {
      try {
        model.send(msg);
      } catch (err) {
        /* the shell notices a dead kernel */
      }
    }
    function play(notation) {
      menuTarget = null;
      sent = performance.now();
      shell.dismiss();
      send({ type: "play", action: notation, version: model.get("version") });
    }
    function explain(notation, what = null) {
      key += 1;
      label = what;
      send({ type: "explain", action: notation, version: model.get("version"), key: `${P}${key}` });
    }
    shell.on("msg:custom", (msg) => {
      if (!msg || msg.type !== "explain" || msg.key !== `${P}${key}`) return;
      shell.root.dataset.explained = msg.rule || "legal";
      const text = cfg.status ? cfg.status(msg, label) : msg.legal ? `Allowed: ${msg.text}` : `Not allowed: ${msg.text}`;
      shell.setStatus(text, msg.legal ? "info" : "bad");
    });

    function choose(target, probe, what = null) {
      const acts = offers(target);
      if (cfg.onTarget && cfg.onTarget(target, probe, acts, what)) return;
      if (acts.length === 1) play(acts[0][0]);
      else if (acts.length > 1) {
        menuTarget = target;
        cfg.redraw();
        const first = cfg.bar.querySelector(`.${P}-menu button`);
        if (first) first.focus();
      } else if (probe) explain(probe, what);
    }
    function closeMenu() {
      menuTarget = null;
      cfg.redraw();
    }
    /** A click on a button of the board: a menu entry, the menu's close, or a part. */
    function click(btn) {
      if (btn.dataset.act) play(btn.dataset.act);
      else if (btn.dataset.close) closeMenu();
      else choose(btn.dataset.target, btn.dataset.probe, btn.dataset.label || null);
    }
    /** Escape closes a menu; the arrow keys move through the buttons `selector` finds. */
    function onKey(ev, selector) {
      if (ev.key === "Escape" && menuTarget !== null) {
        closeMenu();
        return true;
      }
      if (!["ArrowRight", "ArrowLeft", "ArrowDown", "ArrowUp"].includes(ev.key)) return false;
      const list = [...shell.root.querySelectorAll(selector)];
      if (!list.length) return false;
      const at = list.indexOf(document.activeElement);
      const step = ev.key === "ArrowRight" || ev.key === "ArrowDown" ? 1 : -1;
      list[at < 0 ? (step > 0 ? 0 : list.length - 1) : (at + step + list.length) % list.length].focus();
      return true;
    }
    /** A new position: close the menu, clear an explanation, time the click that led here. */
    function newVersion(root) {
      menuTarget = null;
      shell.setStatus("", "info"); // an explanation was about the position before
      if (sent !== null) {
        root.dataset.clickMs = String(Math.round(performance.now() - sent));
        sent = null;
      }
    }

    /** Before a redraw: which choice has the focus (its target or notation), for `refocus`. */
    function focused() {
      const active = document.activeElement;
      return active && shell.root.contains(active) ? active.dataset.target || active.dataset.act || null : null;
    }
    /** After a redraw: give the focus back to the choice that had it, if it is still there. */
    function refocus(focusKey) {
      if (!focusKey) return;
      const again = shell.root.querySelector(`[data-target="${CSS.escape(focusKey)}"], [data-act="${CSS.escape(focusKey)}"]`);
      if (again) again.focus();
    }

    return {
      read, part, menu, play, explain, choose, click, key: onKey, newVersion, closeMenu, focused, refocus,
      groups: () => groups,
      mayAct: () => mayAct,
      marked: () => marked,
      setMarked: (set) => {
        marked = set;
      },
      menuTarget: () => menuTarget,
    };
  }

  /** The traits a board draws from: a change to any of them asks for a redraw. */
  const BOARD_TRAITS = ["view", "legal", "moves", "cursor", "seats", "version", "hint", "thinking", "highlight", "task", "message", "feedback",
    "reveal_scores", "blocked", "hints", "allow_new_game", "watch", "screen"];

  /**
   * Redraw a board once after the traits it draws from change: several changes synced together
   * (Python sets view, legal, version... in one go) make one redraw, in a microtask after them.
   * `redraw()`: draws the whole board. Returns `schedule()`, which asks for that redraw (to call
   * from a board's own events too).
   */
  function redrawOnChange(shell, redraw, names = BOARD_TRAITS) {
    let scheduled = false;
    const schedule = () => {
      if (scheduled) return;
      scheduled = true;
      queueMicrotask(() => {
        scheduled = false;
        redraw();
      });
    };
    for (const name of names) shell.on(`change:${name}`, schedule);
    return schedule;
  }

  return { h, s, shell, choices, redrawOnChange, splitMessage, isRefusal, messageKey, cap, seatKind, SVGNS };
})();
