/* zongshi_widgets, GembloQ part 2 of 7: the traits, decoded (see gembloq_geometry.js for how
 * the parts are put together).
 *
 * gqState({model, G, n, shell, seatOf}) reads what every other part asks about the position: the view
 * with its owner string split by colour, the legal placements (decoded once per change of
 * `legal`), who is to move, whether scores are shown, and which colour a person may place
 * now. Colours and players differ only in the Two-Player Four-Color game: `seatOf(colour)` is
 * the player who plays a colour. It caches by trait value and draws nothing.
 */

function gqState({ model, G, n, shell, seatOf }) {
  let cache = { version: -1, view: null };
  let legal = { set: new Set(), byPiece: new Map(), src: null };

  /** {version, view, byColour}: the view, and the cell ids each colour covers. */
  function decoded() {
    const version = model.get("version");
    const view = model.get("view") || {};
    if (cache.version === version && cache.view === view) return cache;
    const owner = view.owner || "";
    const byColour = Array.from({ length: n }, () => []);
    for (let i = 0; i < owner.length; i++) {
      const ch = owner.charCodeAt(i) - 48;
      if (ch >= 0 && ch < n) byColour[ch].push(i);
    }
    cache = { version, view, byColour };
    return cache;
  }

  /** {set: "p.o.anchor" keys, byPiece: piece -> [[o, anchor], ...]} of the legal list. */
  function legalInfo() {
    const src = model.get("legal");
    if (legal.src === src) return legal;
    const set = new Set(), byPiece = new Map();
    for (const text of src || []) {
      const p = B64I.get(text[0]), o = B64I.get(text[1]);
      for (const a of unpack(text, 2)) {
        set.add(`${p}.${o}.${a}`);
        if (!byPiece.has(p)) byPiece.set(p, []);
        byPiece.get(p).push([o, a]);
      }
    }
    legal = { set, byPiece, src };
    return legal;
  }

  /** The colour to place now (null when the game is over). */
  function toMove() {
    const v = decoded().view;
    const c = v.colour_to_move ?? v.to_move;
    return c === null || c === undefined ? null : c;
  }

  /** The colour whose pieces the watching player sees in hand: the colour to move when it
   * is theirs, else their first colour (null for a spectator). */
  function handColour() {
    const v = decoded().view;
    if (v.seat === null || v.seat === undefined) return null;
    const c = toMove();
    if (c !== null && seatOf(c) === v.seat) return c;
    for (let k = 0; k < n; k++) if (seatOf(k) === v.seat) return k;
    return null;
  }

  /** Show scores? Not while a question lesson asks for them (Python then leaves them out). */
  function revealScores() {
    return model.get("reveal_scores") !== false && Array.isArray(decoded().view.penalty);
  }

  /** The colour a person may place for now (null when it's a bot's turn or the game is over). */
  function activeSeat() {
    const c = toMove();
    const seats = model.get("seats") || [];
    return c !== null && seats[seatOf(c)] === "human" && (model.get("legal") || []).length && !shell.isDead() ? c : null;
  }

  /** Can the picked piece `p` still be placed by a person after a change of position? */
  function stillPlaceable(p) {
    const seat = activeSeat();
    const left = (decoded().view.pieces_left || [])[seat] || [];
    return !(seat === null || !left.includes(G.pieces[p].n));
  }

  return { decoded, legalInfo, toMove, handColour, revealScores, activeSeat, stillPlaceable };
}
