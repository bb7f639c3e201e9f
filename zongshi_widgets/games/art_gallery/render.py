"""Art Gallery, drawn and told from public information: scores so far, best chains, the story of a
distribution, and a static HTML picture of a position.

Everything here reads only what every player may see at that moment (the state's public view,
plus, for :func:`distribution_story`, the bid cards that the distribution itself turns face up).
The board widget (:mod:`zongshi_widgets.widgets.art_gallery`) sends these to the browser; lessons
and notebooks may call them directly.
"""

from __future__ import annotations

import html
from collections.abc import Iterable

from .actions import Bid, Pick, Take
from .basics import BAR, START_CARD_POINTS, TURNS
from .components import BLANK, ROWS, PaintingCard
from .distribution import gallery_award, shop_purchases
from .state import ArtGalleryState

__all__ = [
    "CATEGORIES",
    "RECONSTRUCTED_NOTE",
    "SEAT_COLOURS",
    "best_chains",
    "distribution_story",
    "is_reconstructed",
    "position_html",
    "public_scores",
    "unaffordable_spaces",
]

#: Score categories, in the order of the score sheet (rulebook, End of the Game & Final Score).
CATEGORIES = ("symbol row 1", "symbol row 2", "symbol row 3", "symbol row 4", "souvenirs", "action cards", "start card")

#: CSS colours of the seats (the rulebook's six pawn colours are unnamed; ours, see ``COLOURS``).
SEAT_COLOURS = {"red": "#d32f2f", "yellow": "#f9c80e", "green": "#2e9d4f", "blue": "#1e6fd9", "black": "#333333", "white": "#f4f4f4"}

#: What a reconstructed mark means (provenance: ``zongshi_widgets/games/art_gallery/data/components.toml``).
RECONSTRUCTED_NOTE = (
    "Reconstructed: no public source lists the printed symbols and values of the painting cards; "
    "these are a consistent proposal, reconstructed; the package keeps their provenance in "
    "zongshi_widgets/games/art_gallery/data/components.toml. Load the real cards with "
    "zw.game('art_gallery', components='my_cards.toml')."
)


def is_reconstructed(card: PaintingCard) -> bool:
    """Are this card's symbols or values reconstructed (not confirmed by a source)?"""
    prov = card.provenance or {}
    return prov.get("symbols") == "reconstructed" or prov.get("values") == "reconstructed"


def best_chains(cards, collection, single_card: bool = True) -> list[list[int]]:
    """Where each symbol row's best chain lies in a collection (rulebook, End of the Game & Final
    Score 1; docs/rulings/art_gallery.md §2.3): the same rule as
    :func:`~zongshi_widgets.games.art_gallery.components.chain_scores`, with positions.

    Args:
        cards (Sequence[PaintingCard]): the component cards (``cards[n - 1]`` is card ``n``).
        collection (Sequence[int]): card numbers in collection order.
        single_card (bool): a chain of one card scores.

    Returns:
        list[list[int]]: per row ``[first, last, points]``: the chain's first and last index in
        the collection (the first of equal best chains), or ``[-1, -1, 0]`` when the row scores
        nothing.
    """
    out = []
    for r in range(ROWS):
        best, span = 0, (-1, -1)
        run = length = 0
        start = 0
        prev = None
        for i, number in enumerate(collection):
            card = cards[number - 1]
            sym = card.symbols[r]
            if sym == BLANK:
                prev, run, length = None, 0, 0
                continue
            if sym == prev:
                run += card.values[r]
                length += 1
            else:
                prev, run, length, start = sym, card.values[r], 1, i
            if run > best and (single_card or length >= 2):
                best, span = run, (start, i)
        out.append([span[0], span[1], best])
    return out


def public_scores(state: ArtGalleryState) -> dict:
    """The score so far in every category, from public information only.

    While hands are hidden (the play turns of a round) a player's action cards are counted from
    the cards it holds *or has bid face down* (``hand_or_bid``, known to all): the bids come back
    to hand in the distribution, though perhaps as other values; the entry ``provisional`` says
    so. From the distribution on, and at the end, hands are open and the count is exact; at the
    end of the game the totals equal :meth:`ArtGalleryState.score_sheet`.

    Returns:
        dict: ``categories`` (:data:`CATEGORIES`), ``values`` (per seat, one number per
        category), ``totals``, ``tiles`` (painting tiles per seat, the tie-break),
        ``chains`` (per seat, :func:`best_chains`), ``provisional`` (bool).
    """
    g = state.game
    cards = g.components.cards
    pub = state.public_view()
    open_hands = pub["hands"] is not None
    values, totals, chains, tiles = [], [], [], []
    for seat in range(g.players):
        coll = pub["collections"][seat]
        spans = best_chains(cards, coll["cards"], g.single_card_chains)
        own = set(coll["cards"])
        souvenirs = sum(3 if t in own else 1 for t in coll["tiles"])
        held = pub["hands"][seat] if open_hands else pub["hand_or_bid"][seat]
        row = [s[2] for s in spans] + [souvenirs, sum(held) // 4, START_CARD_POINTS if pub["start_card"] == seat else 0]
        values.append(row)
        totals.append(sum(row))
        chains.append(spans)
        tiles.append(len(coll["tiles"]))
    return {"categories": list(CATEGORIES), "values": values, "totals": totals, "tiles": tiles, "chains": chains, "provisional": not open_hands}


# -- the story of a distribution --------------------------------------------------------------
def _names(g, seats: Iterable[int]) -> str:
    names = [g.seat_names[s] for s in seats]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _card_name(g, number: int) -> str:
    title = g.components.cards[number - 1].title
    return f"painting #{number}" + (f" ({title})" if title else "")


def _award(g, bar: list[tuple[int, int]], card: int | None, tiles: list[list[int]]) -> tuple[int | None, str, dict]:
    """Who takes the painting of a gallery, and why (rulebook, Painting Cards in the Gallery
    Areas 2; variant ``gallery_tie_tile``)."""
    award = gallery_award(g, bar, card, tiles)
    totals, first, tied, w = award.totals, award.first_marker, award.tied, award.winner
    parts: dict[int, list[int]] = {}
    for seat, v in bar:
        parts.setdefault(seat, []).append(v)
    sums = ", ".join(f"{g.seat_names[s]} {'+'.join(map(str, parts[s]))}{f' = {totals[s]}' if len(parts[s]) > 1 else ''}" for s in totals)
    if card is None:
        return None, f"Bids: {sums}. No painting hangs here.", totals
    best = max(totals.values())
    what = _card_name(g, card)
    if len(tied) == 1:
        others = [s for s in totals if s != w]
        if not others:
            return w, f"Bids: {sums}. {g.seat_names[w].capitalize()} is the only bidder and takes {what}.", totals
        return w, f"Bids: {sums}. {g.seat_names[w].capitalize()} bids most ({best}, more than {_names(g, others)}) and takes {what}.", totals
    tie = f"{_names(g, tied)} tie at {best}"
    if award.by_tile:
        return w, f"Bids: {sums}. {tie.capitalize()}; {g.seat_names[w]} holds the matching painting tile #{card}, so takes {what}.", totals
    roman = "I II III IV V VI".split()[first[w]]
    return (
        w,
        (
            f"Bids: {sums}. {tie.capitalize()}; nobody tied holds painting tile #{card}, so the earlier marker wins: "
            f"{g.seat_names[w]}'s on space {roman} takes {what}."
        ),
        totals,
    )


def distribution_story(before: ArtGalleryState, action, after: ArtGalleryState) -> list[dict]:
    """The steps of the distribution that ``action`` set off or carried on, in order, told from
    what the table sees (rulebook, Rules (start card), Distribution, End of the Round).

    The engine resolves every step with a single outcome inside one action; this retells them one
    by one so that a board can play them at a learner's pace: the start card given for the
    highest last card, the Shop bids turned up one by one, the tiles taken, each gallery's bids
    turned up and summed with the winner and how a tie was broken, the cards returned, the
    paintings refilled at the end of the round. It reveals a bid card only in the step that turns
    it up, and only bids of areas that this action distributes.

    Args:
        before (ArtGalleryState): the position the action was played in.
        action: the action (as played).
        after (ArtGalleryState): ``before.play(action)``.

    Returns:
        list[dict]: steps, each with ``k`` (kind), ``text`` (plain words) and kind-specific
        fields: ``start`` (``last``: per seat its highest card left, ``to``), ``flip`` (``a``:
        bench, ``i``: marker index, ``s``: seat, ``v``: the card turned up), ``take`` (``s``,
        ``spaces``, ``tiles``, ``bid``), ``award`` (``a``, ``to`` or ``None``, ``card``, ``sums``:
        ``[[seat, total], ...]``), ``return`` (``a``, ``picks``: ``[[seat, card], ...]``), ``end``
        (``refill``: ``[[bench, card], ...]``, ``over``: bool). Empty when the action is an
        ordinary move or bid.
    """
    g = before.game
    n = g.players
    L = g.ring
    spaces = g.components.spaces
    steps: list[dict] = []
    entering = before.step in ("bid", "aside") and (after.step not in ("move", "bid", "aside") or after.round != before.round)
    if not entering and before.step not in ("take", "return"):
        return steps
    done_round = after.step is None or after.round != before.round
    tiles = [list(t) for t in before.tiles]
    stacks = [list(st) for st in before.stacks]
    paintings = list(before.paintings)
    bars = [list(b) for b in before.bars]
    if entering and isinstance(action, Bid):  # the last bid of the round, just placed
        bars[before.pawns[before.seat]].append((before.seat, action.card))

    def reached(area: int, stage: str, index: int) -> bool:
        """Is this where ``after`` waits for a choice?"""
        if done_round:
            return False
        if stage == "take":
            return after.step == "take" and area == 0 and after.cursor == index
        return after.step == "return" and after.area == area and len(after.bars[area]) == index

    if entering:
        hands = [before.hand(s) for s in range(n)]
        hands[before.seat].remove(action.card)
        last = [max(h) if h else -1 for h in hands]
        best = max(last)
        tied = [s for s in range(n) if last[s] == best]
        to = after.start
        said = ", ".join(f"{g.seat_names[s]} {last[s]}" for s in range(n))
        if len(tied) == 1:
            why = f"{g.seat_names[to].capitalize()} has the highest ({best}) and takes the start card."
        else:
            why = f"{_names(g, tied).capitalize()} tie with {best}: the start card goes clockwise from {g.seat_names[before.start]} to {g.seat_names[to]}."
        steps.append({"k": "start", "last": last, "to": to, "text": f"All {TURNS} turns are played. Last cards in hand: {said}. {why}"})
        area, stage, index = 0, "enter", 0
    elif before.step == "take":
        area, stage, index = 0, "take", before.cursor
    else:
        area, stage, index = before.area, "return", len(before.bars[before.area])
    pool = sorted(before.pool) if before.step == "return" else []
    explicit = None if entering else action
    guard = 0
    while area < L:
        guard += 1
        if guard > 200:  # a position this telling does not understand: stop, the board shows the result
            break
        bar = bars[area]
        if stage == "enter":
            if not bar:
                area += 1
                continue
            label = "the Shop" if area == 0 else g.area_names[area]
            for i, (seat, v) in enumerate(bar):
                steps.append(
                    {
                        "k": "flip",
                        "a": area,
                        "i": i,
                        "s": seat,
                        "v": v,
                        "text": f"{label[0].upper()}{label[1:]}: {g.seat_names[seat]}'s bid on space {'I II III IV V VI'.split()[i]} is turned up: {v}.",
                    }
                )
            if area == 0:
                stage, index = "take", 0
                continue
            card = paintings[area]
            w, text, totals = _award(g, bar, card, tiles)
            steps.append({"k": "award", "a": area, "to": w, "card": card, "sums": [[s, t] for s, t in totals.items()], "text": text})
            paintings[area] = None
            pool = sorted(v for _, v in bar)
            stage, index = "return", len(bar)
            continue
        if stage == "take":
            if index >= len(bar):
                pool = sorted(v for _, v in bar)
                stage, index = "return", len(bar)
                continue
            seat, bid = bar[index]
            if isinstance(explicit, Take):
                chosen = explicit.spaces
                explicit = None
            else:
                if reached(0, "take", index):
                    break
                options = shop_purchases(g, stacks, bid)
                if len(options) != 1:
                    break
                chosen = options[0]
            got = []
            for sp in chosen:
                k = spaces.index(sp)
                got.append(stacks[k].pop(0))
            tiles[seat].extend(got)
            if got:
                what = " and ".join(f"tile #{t} from space {sp}" for t, sp in zip(got, chosen))
                text = f"Shop: {g.seat_names[seat]} pays with the bid of {bid} ({'+'.join(map(str, chosen))} = {sum(chosen)}) and takes {what}."
            else:
                text = f"Shop: {g.seat_names[seat]}'s bid of {bid} buys no tile" + (
                    " (nothing it can afford)." if len(shop_purchases(g, stacks, bid)) == 1 else "."
                )
            steps.append({"k": "take", "s": seat, "bid": bid, "spaces": list(chosen), "tiles": got, "text": text})
            index += 1
            continue
        # stage == "return": the markers left on the bar pick back played cards, in marker order
        label = "the Shop" if area == 0 else g.area_names[area]
        picks = []
        if isinstance(explicit, Pick):
            picks.append([bar[0][0], explicit.card])
            pool.remove(explicit.card)
            bar.pop(0)
            explicit = None
        if bar and not reached(area, "return", len(bar)):
            if pool[0] == pool[-1] or all(s == bar[0][0] for s, _ in bar):
                picks += [[s, v] for (s, _), v in zip(bar, pool)]
                bar.clear()
                pool = []
        if picks:
            said = ", ".join(f"{g.seat_names[s]} takes back {v}" for s, v in picks)
            steps.append({"k": "return", "a": area, "picks": picks, "text": f"Cards back from {label}, in marker order: {said}."})
        if bar:
            break  # a real choice: the next marker's owner picks
        bars[area] = []
        area, stage, index = area + 1, "enter", 0
    if done_round and area >= L:
        refill = [[a, after.paintings[a]] for a in range(1, L) if paintings[a] is None and after.paintings[a] is not None]
        if after.is_over:
            empty = sum(1 for a in range(1, L) if paintings[a] is None)
            used = sum(1 for st in stacks if not st)
            why = (
                f"{used} Shop stacks are used up" if used >= g.used_up_limit else f"the pile ({len(before.pile)} cards) cannot fill the {empty} empty galleries"
            )
            text = f"End of round {before.round}: {why}, so the game ends (rulebook, End of the Game)."
        else:
            said = ", ".join(f"{g.area_names[a]} #{c}" for a, c in refill)
            text = (
                f"End of round {before.round}: movement cards go back to hand; the pile fills the empty galleries ({said or 'none'}); "
                f"{g.seat_names[after.start]} (start card) begins round {after.round}."
            )
        steps.append({"k": "end", "refill": refill, "over": after.is_over, "text": text})
    return steps


# -- the static picture -------------------------------------------------------------------------
_STACK_MARK = "outline:2px solid #ff9800;"
_GREYED = "color:#888;text-decoration:line-through;"


def unaffordable_spaces(state: ArtGalleryState) -> dict[int, str]:
    """The Shop spaces the bid being paid cannot buy, while a Shop bid is being paid
    (rulebook, Distribution, Painting Tiles in the Shop Area: one or two top tiles whose space
    numbers add up to at most the bid): ``{space: why}`` in plain words, for spaces that still
    hold tiles; ``{}`` at any other step. Public information only (the bid is turned up).
    """
    pub = state.public_view()
    dist = pub.get("distribution") or {}
    if pub.get("step") != "take" or dist.get("area") != "shop":
        return {}
    bid = pub["areas"][0]["bids"][dist["next"]]
    stacks = [[None] * st["size"] for st in pub["stacks"]]
    fits = {sp for option in shop_purchases(state.game, stacks, bid) for sp in option}
    return {st["space"]: f"costs {st['space']}, more than the bid of {bid}" for st in pub["stacks"] if st["size"] and st["space"] not in fits}


def _esc(x) -> str:
    return html.escape(str(x))


def _card_html(g, number: int | None, chain_rows: Iterable[int] = ()) -> str:
    if not number:
        return "<div style='border:1px dashed #999;border-radius:4px;padding:2px 4px;color:#777'>empty</div>"
    card = g.components.cards[number - 1]
    rows = []
    for r in range(ROWS):
        sym, val = card.symbols[r], card.values[r]
        hl = "background:#ffe082;" if r in chain_rows else ""
        rows.append(f"<span style='{hl}display:inline-block;min-width:1.6em;text-align:center'>{'–' if sym == BLANK else f'{_esc(sym)}{val}'}</span>")
    mark = f"<sup title='{_esc(RECONSTRUCTED_NOTE)}'>≈</sup>" if is_reconstructed(card) else ""
    title = f" title='{_esc(card.title)}'" if card.title else ""
    return f"<div{title} style='border:1px solid #888;border-radius:4px;padding:2px 4px;display:inline-block'>#{number}{mark}<br>{''.join(rows)}</div>"


def position_html(state: ArtGalleryState, *, highlight: Iterable[str] = (), reveal_scores: bool = True) -> str:
    """A static HTML picture of a position, public information only (for nbconvert, GitHub and
    reopened notebooks): the ring of areas (painting, pawns, marker bar with face-down bids as
    ``▮``), the Shop stacks, every collection with its best chains, the start card and, when
    ``reveal_scores``, the scores so far.

    Args:
        state (ArtGalleryState): the position.
        highlight (Iterable[str]): part ids outlined (see ``ArtGalleryBoard.mark``).
        reveal_scores (bool): show the score table.

    Returns:
        str: HTML with inline styles (no script).
    """
    g = state.game
    pub = state.public_view()
    marks = set(highlight)
    names = g.seat_names

    def dot(s: int) -> str:
        style = f"display:inline-block;width:.9em;height:.9em;border-radius:50%;border:1px solid #555;background:{SEAT_COLOURS[names[s]]}"
        return f"<span title='{names[s]}' style='{style}'></span>"

    cells = []
    for a, area in enumerate(pub["areas"]):
        outline = "outline:3px solid #ff9800;" if (area["name"] in marks or f"bar:{area['name']}" in marks) else ""
        bar = " ".join(f"{dot(s)}{'▮' if v is None else _esc(v)}" for s, v in zip(area["bar"], area["bids"])) or "–"
        pawns = " ".join(dot(s) for s, p in enumerate(pub["pawns"]) if p == a) or "–"
        if a == 0:
            why = unaffordable_spaces(state)
            body = "<br>".join(
                f"<span class='stack' style='{_STACK_MARK if 'stack:' + str(st['space']) in marks else ''}"
                + (f"{_GREYED}' title='{_esc(why[st['space']])}'>" if st["space"] in why else "'>")
                + f"space {st['space']}: {st['size']} tiles"
                + (f", top #{st['top']}" if st["top"] else "")
                + (" (cannot afford)" if st["space"] in why else "")
                + "</span>"
                for st in pub["stacks"]
            )
            head = "Shop"
        else:
            body = _card_html(g, area.get("painting"))
            head = area["name"]
        cells.append(
            f"<td style='vertical-align:top;border:1px solid #aaa;padding:4px;{outline}'><b>{head}</b><br>{body}<br>"
            f"bench: {pawns}<br>bar ({len(area['bar'])}/{BAR}): {bar}</td>"
        )
    scores = public_scores(state)
    colls = []
    for s in range(g.players):
        coll = pub["collections"][s]
        spans = scores["chains"][s]
        cards = (
            " ".join(_card_html(g, c, [r for r in range(ROWS) if spans[r][0] <= i <= spans[r][1]]) for i, c in enumerate(coll["cards"])) or "no paintings yet"
        )
        tiles = ", ".join(f"#{t}" for t in coll["tiles"]) or "none"
        outline = "outline:3px solid #ff9800;" if f"collection:{names[s]}" in marks else ""
        start = " · holds the start card" if pub["start_card"] == s else ""
        colls.append(f"<div style='margin:4px 0;{outline}'>{dot(s)} <b>{names[s]}</b>{start}: {cards} · tiles: {tiles}</div>")
    out = [
        f"<div style='font-family:sans-serif;font-size:13px'><p>Art Gallery, round {pub['round']}; pile: {pub['pile_size']} cards. "
        f"Bid cards stay face down (▮) until their area is distributed.</p>",
        f"<table style='border-collapse:collapse'><tr>{''.join(cells)}</tr></table>",
        "<div><b>Collections</b> (highlighted: the best chain of each symbol row)</div>",
        "".join(colls),
    ]
    if reveal_scores:
        head = "".join(f"<th>{_esc(c)}</th>" for c in CATEGORIES)
        rows = "".join(
            f"<tr><td>{names[s]}</td>{''.join(f'<td>{v}</td>' for v in scores['values'][s])}<td><b>{scores['totals'][s]}</b></td></tr>"
            for s in range(g.players)
        )
        note = " (action cards: cards in hand and face-down bids)" if scores["provisional"] else ""
        out.append(
            f"<table border='1' style='border-collapse:collapse;margin-top:6px'><tr><th></th>{head}<th>total</th></tr>{rows}</table><p>Scores so far{note}.</p>"
        )
    if any(is_reconstructed(c) for c in g.components.cards):
        out.append(f"<p style='color:#666'>≈ {_esc(RECONSTRUCTED_NOTE)}</p>")
    out.append("</div>")
    return "".join(out)
