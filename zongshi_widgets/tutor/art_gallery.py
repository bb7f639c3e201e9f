"""Art Gallery lesson goals: what a move must do to solve a lesson, and why it is right.

Each goal cites the rulebook section it teaches ("Rules, 1. Move Your Game Piece", "Rules, 2.
Place a Bid", the start card at the end of the turns, "Distribution": "Painting Tiles in the
Shop Area", "Painting Cards in the Gallery Areas", step 3 the action cards given back).

The lessons are ``tutor/lessons/art_gallery.toml``. Goals about a gallery's painting
(``win-painting``) need a position in which the learner's bid is the last of the round and no
Shop bid waits, so that the distribution reaches the gallery at once; the helpers below
(:func:`painting_winner`, :func:`bid_outcomes`) are used by the goals and by the tests.
"""

from __future__ import annotations

from ..games.art_gallery import ArtGalleryState, Bid, Move, Pick, Take
from .lesson import Goal, register_goal, register_words

SECTION = {
    "move": "rulebook, Rules, 1. Move Your Game Piece",
    "bid": "rulebook, Rules, 2. Place a Bid",
    "start": "rulebook, Rules: the highest last card takes the start card",
    "shop": "rulebook, Distribution, Painting Tiles in the Shop Area",
    "gallery": "rulebook, Distribution, Painting Cards in the Gallery Areas",
    "return": "rulebook, Distribution, step 3: the action cards are given back",
}


def _name(state: ArtGalleryState, seat: int) -> str:
    return state.game.seat_names[seat]


def _area(state: ArtGalleryState, bench: int) -> str:
    """``"the Shop"`` or the gallery's name (``"G3"``)."""
    return "the Shop" if bench == 0 else state.game.area_names[bench]


def _and(names: list[str]) -> str:
    """``"a"``, ``"a and b"``, ``"a, b and c"``."""
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _seat(before: ArtGalleryState) -> int:
    return before.to_move


def area_of(state: ArtGalleryState, area: str | int) -> int:
    """The bench of ``area`` (``"shop"``, ``"G3"`` or a bench number).

    Raises:
        ValueError: not an area of the board.
    """
    if isinstance(area, int) and not isinstance(area, bool) and 0 <= area < state.game.ring:
        return area
    return state.game.area_index(area)


# -- where a move goes --------------------------------------------------------------------------
def destination(state: ArtGalleryState, action: Move) -> int:
    """The bench a move of ``state``'s mover ends on (rulebook, Rules, 1. Move Your Game Piece:
    exactly the card's value in benches, one direction; clockwise is the increasing bench)."""
    L = state.game.ring
    p = state.pawns[state.to_move]
    return (p - action.card) % L if action.direction == "ccw" else (p + action.card) % L


def _reach_check(before, action, after, area=None):
    if area is None:
        raise ValueError("the goal 'reach' needs goal_args.area, the area to reach (e.g. \"G3\")")
    a = area_of(before, area)
    if not isinstance(action, Move):
        return "this lesson is about moving your pawn."
    got = after.pawns[_seat(before)]
    if got != a:
        return f"your pawn ends on {_area(before, got)}, not on {_area(before, a)}. Count the benches again, in both directions."
    return None


def _reach_praise(before, action, after, area=None):
    way = {"cw": "clockwise", "ccw": "anticlockwise", "": "either way"}[action.direction]
    start = _area(before, before.pawns[_seat(before)])
    return (
        f"the {action.card} moves your pawn exactly {action.card} benches {way}, from {start} to {_area(before, after.pawns[_seat(before)])} "
        f"({SECTION['move']}: either direction, but never changing direction in one move)."
    )


# -- the start card ------------------------------------------------------------------------------
def last_cards(state: ArtGalleryState) -> list[int]:
    """Each seat's highest card in hand (after the last turn of a round: its last card)."""
    return [max(state.hand(s), default=-1) for s in range(state.game.players)]


def _start_check(before, action, after):
    seat = _seat(before)
    if after.start != seat:
        if after.step not in ("take", "return", None) and after.round == before.round:
            return "this bid does not end the round, so the start card is not given out yet."
        kept = _kept(before, action)
        return (
            f"you keep the {kept} and {_name(after, after.start)}'s last card is the {max(before.hand(after.start))}: the start card goes to "
            f"{_name(after, after.start)}. The card you keep is the one compared, not the one you bid."
        )
    return None


def _kept(before: ArtGalleryState, action: Bid) -> int:
    """The highest card the mover keeps after bidding ``action`` (its last card on the last turn)."""
    hand = before.hand(before.to_move)
    hand.remove(action.card)
    return max(hand, default=-1)


def _start_praise(before, action, after):
    seat = _seat(before)
    mine = _kept(before, action)
    others = [f"{_name(before, s)} {max(before.hand(s))}" for s in range(before.game.players) if s != seat and before.hand(s)]
    return f"you keep the {mine}, higher than every other last card ({', '.join(others)}), so the start card is yours ({SECTION['start']})."


# -- gallery paintings ---------------------------------------------------------------------------
def painting_winner(before: ArtGalleryState, action: Bid) -> int | None:
    """Who takes the painting of the mover's gallery when the distribution reaches it after
    ``action``, the round's last bid (rulebook, Distribution, Painting Cards in the Gallery
    Areas 2), as the engine plays it.

    Choices met before that gallery (Shop tiles, cards given back) are played as the first
    legal action; lessons that use this have no Shop bids, so nothing there changes the answer.

    Args:
        before (ArtGalleryState): the position at the bid step.
        action (Bid): the mover's bid.

    Returns:
        int | None: the seat that takes the painting; ``None`` when the gallery has no
        painting, or the bid does not end the round (the distribution has not begun).
    """
    card = before.paintings[before.pawns[before.to_move]]
    if card is None:
        return None
    state = before.play(action)
    while state.step in ("take", "return") and not any(card in cs for cs in state.cards):
        state = state.play(state.legal_actions()[0])
    return next((seat for seat, cs in enumerate(state.cards) if card in cs), None)


def bid_outcomes(before: ArtGalleryState) -> dict[int, int | None]:
    """For each card the mover may bid: who then takes the painting of the mover's gallery
    (``{card: seat}``, see :func:`painting_winner`)."""
    return {action.card: painting_winner(before, action) for action in before.legal_actions() if isinstance(action, Bid)}


def bid_totals(state: ArtGalleryState, area: int, extra: tuple[int, int] | None = None) -> dict[int, int]:
    """Each bidder's summed bids on ``area`` (rulebook: several bids of one player add up),
    with ``extra = (seat, card)`` added."""
    totals: dict[int, int] = {}
    for seat, v in state.bars[area] + ((extra,) if extra else ()):
        totals[seat] = totals.get(seat, 0) + v
    return totals


def _win_check(before, action, after, cheapest=True):
    if not isinstance(action, Bid):
        return "this lesson asks for a bid."
    seat = _seat(before)
    a = before.pawns[seat]
    outcomes = bid_outcomes(before)
    winner = outcomes.get(action.card)
    totals = bid_totals(before, a, (seat, action.card))
    if winner != seat:
        other = totals.get(winner, 0) if winner is not None else 0
        mine = totals[seat]
        if winner is None:
            return "this bid does not end the round, so the painting is not given out yet."
        if other == mine:
            tile = before.paintings[a]
            if tile in before.tiles[winner]:
                why = f"{_name(before, winner)} holds tile {tile}, which matches the painting"
            else:
                why = f"{_name(before, winner)}'s marker is on a lower space of the bar"
            return f"your {mine} ties {_name(before, winner)}'s {other}, and a tie goes to {_name(before, winner)}: {why}."
        return f"your total here is {mine}, {_name(before, winner)}'s is {other}: {_name(before, winner)} takes the painting."
    if cheapest:
        lower = sorted(v for v, w in outcomes.items() if w == seat and v < action.card)
        if lower:
            return f"the {lower[0]} wins the painting too: keep your higher cards for later, and bid the smallest card that wins."
    return None


def _win_praise(before, action, after, cheapest=True):
    seat = _seat(before)
    a = before.pawns[seat]
    totals = bid_totals(before, a, (seat, action.card))
    mine = totals[seat]
    rivals = {s: t for s, t in totals.items() if s != seat}
    card = before.paintings[a]
    where = before.game.area_names[a]
    own = [v for s, v in before.bars[a] if s == seat]
    sums = f"{' + '.join(map(str, own + [action.card]))} = {mine}" if own else f"{mine}"
    best = max(rivals.values(), default=-1)
    if best == mine:
        tied = [s for s, t in rivals.items() if t == mine]
        if card in before.tiles[seat]:
            who = _and([_name(before, s) for s in tied])
            why = f"you tie {who} on {mine}, and a tie goes to the player who has the matching painting tile: your tile {card}"
        else:
            why = f"you tie on {mine}, and a tie goes to the lower marker on the bar: yours"
        text = f"your bids on {where} make {sums}; {why}. Painting card {card} is yours ({SECTION['gallery']} 2)."
    elif rivals:
        top = max(rivals, key=rivals.get)
        text = f"your bids on {where} make {sums}, more than {_name(before, top)}'s {rivals[top]}: painting card {card} is yours ({SECTION['gallery']} 2)."
    else:
        text = f"you are the only bidder on {where}: painting card {card} is yours ({SECTION['gallery']} 2)."
    if cheapest:
        text += " No smaller card would have won it."
    return text


# -- Shop tiles ----------------------------------------------------------------------------------
def shop_bid(state: ArtGalleryState) -> int:
    """The value of the Shop bid whose owner chooses now (``take`` step)."""
    return state.bars[0][state.cursor][1]


def top_tiles(state: ArtGalleryState) -> dict[int, int]:
    """``{space: top tile}`` of the Shop stacks that are not used up."""
    return {sp: st[0] for sp, st in zip(state.game.components.spaces, state.stacks) if st}


def _takes_tile(state: ArtGalleryState, action: Take, tile: int) -> bool:
    return any(top_tiles(state).get(sp) == tile for sp in action.spaces)


def _shop_check(before, action, after, tile=None):
    if not isinstance(action, Take):
        return "this lesson is about taking Shop tiles."
    if tile is not None and not _takes_tile(before, action, tile):
        where = [sp for sp, t in top_tiles(before).items() if t == tile]
        return f"you did not take tile {tile}, on top of space {where[0] if where else '?'}: it matches a painting in your collection."
    options = [a for a in before.legal_actions() if isinstance(a, Take) and (tile is None or _takes_tile(before, a, tile))]
    most = max(len(a.spaces) for a in options)
    if len(action.spaces) < most:
        return f"your bid of {shop_bid(before)} pays for {most} tiles here: any value you leave unused is lost."
    return None


def _souvenir(tile: int, own: set[int]) -> str:
    if tile in own:
        return f"tile {tile} matches your painting card {tile} (3 points)"
    return f"tile {tile} matches none of your painting cards (1 point)"


def _shop_praise(before, action, after, tile=None):
    bid = shop_bid(before)
    tops = top_tiles(before)
    own = set(before.cards[_seat(before)])
    if not action.spaces:
        return f"you take no tile with your bid of {bid} ({SECTION['shop']})."
    if len(action.spaces) == 1:
        cost = f"space {action.spaces[0]} costs {action.spaces[0]}, within your bid of {bid}"
    else:
        cost = f"spaces {' + '.join(map(str, action.spaces))} = {sum(action.spaces)} fit in your bid of {bid}"
    took = _and([f"tile {tops[sp]} from space {sp}" for sp in action.spaces])
    worth = _and([_souvenir(tops[sp], own) for sp in action.spaces])
    seat = _seat(before)
    later = [v for s, v in before.bars[0][before.cursor + 1 :] if s == seat]
    text = f"{cost}, so you take {took}. As a souvenir at the end, {worth}. "
    if later:
        text += f"Your other Shop bid ({_and([str(v) for v in later])}) buys on its own turn: the values of several bids are never added. "
    return text + (
        f"One bid may be split between two different spaces, never two tiles from one space, and what is left of the bid is lost ({SECTION['shop']})."
    )


# -- cards given back ----------------------------------------------------------------------------
def _pick_check(before, action, after):
    if not isinstance(action, Pick):
        return "this lesson is about picking back a played card."
    best = max(before.pool)
    if action.card < best:
        return f"the {best} is among the played cards of this area too, and any of them may be yours."
    return None


def _pick_praise(before, action, after):
    seat = _seat(before)
    where = before.game.area_names[before.area]
    first = "your marker is on the lowest space, so you choose first" if before.bars[before.area][0][0] == seat else "it is your marker's turn"
    return (
        f"{first}, and you may take any one of the cards played on {where} ({', '.join(map(str, before.pool))}), "
        f"not only your own: the {action.card} is the highest ({SECTION['return']})."
    )


for _goal in (
    Goal("reach", _reach_check, _reach_praise, "a move that ends the pawn on goal_args.area (e.g. 'G3') (Rules, 1. Move Your Game Piece)"),
    Goal("keep-start-card", _start_check, _start_praise, "the round's last bid, after which the mover holds the start card (Rules, the start card)"),
    Goal(
        "win-painting",
        _win_check,
        _win_praise,
        "the round's last bid, winning the painting of the mover's gallery, with the smallest card that wins "
        "unless goal_args.cheapest = false (Distribution, Painting Cards in the Gallery Areas)",
    ),
    Goal(
        "shop-most",
        _shop_check,
        _shop_praise,
        "a Shop choice taking as many tiles as the bid pays for, and the tile goal_args.tile when given (Distribution, Painting Tiles in the Shop Area)",
    ),
    Goal("pick-best", _pick_check, _pick_praise, "picking back the highest played card of the area (Distribution, step 3)"),
):
    register_goal("art_gallery", _goal)


# -- hints in the board's terms -------------------------------------------------------------------
def click_words(state: ArtGalleryState, action) -> str:
    """How to make ``action`` on the Art Gallery board, in the board's own terms (its cards,
    direction buttons, Shop spaces and Take buttons): ``'click card 3, then "clockwise to G1"'``,
    ``"click card 5"`` (a bid, a card laid aside or picked back), ``'click space 1 and space 5,
    then "Take the chosen tiles"'``. Lesson hints use these words; the tests check each hint's
    against its position.

    Args:
        state: the position.
        action: a legal action of ``state`` (or its notation).

    Returns:
        str: the instruction, starting ``"click "``.
    """
    action = state.parse_action(action) if isinstance(action, str) else action
    if isinstance(action, Move):
        bench = destination(state, action)
        if action.direction == "cw":
            way = "clockwise"
        elif action.direction == "ccw":
            way = "anticlockwise"
        else:  # both ways end on the same bench
            way = "stay" if action.card == 0 else "go"
        return f'click card {action.card}, then "{way} to {_area(state, bench)}"'
    if isinstance(action, Take):
        if not action.spaces:
            return 'click "Take nothing"'
        return f'click {" and ".join(f"space {sp}" for sp in action.spaces)}, then "Take the chosen tiles"'
    return f"click card {action.card}"


register_words("art_gallery", lambda state, action: state.action_name(action))
