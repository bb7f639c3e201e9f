"""The reviewed games at the end of the strategy notebooks (issue 21): each notebook explains
two turning points of a seeded game in words; these tests replay the same game and review
and check every fact the prose states (which ply, which move, which better move, the
estimates with their samples, the position's figures), so that a change of the engine or the
bots fails here instead of leaving a notebook that tells something else than what it shows.

Each test costs what its notebook cell costs (a bot game and a review with a fixed number of
iterations, a few seconds of CPU).
"""

from __future__ import annotations

import pathlib

import nbformat
import pytest

import zongshi_widgets as zw
from zongshi_widgets.agents import agent
from zongshi_widgets.lab import play_game

NOTEBOOKS = pathlib.Path(__file__).parents[2] / "notebooks"


def _code(name: str) -> str:
    """The code of the strategy notebook of game ``name``, all cells joined."""
    nb = nbformat.read(NOTEBOOKS / name / "03_strategy.ipynb", 4)
    return "\n".join(c.source for c in nb.cells if c.cell_type == "code")


def _positions(final):
    """Every position of ``final``'s game, from its start (``positions[p]``: before ply ``p``)."""
    positions = [final.game.new_state(seed=final.chance.seed)]
    for action in final.history:
        positions.append(positions[-1].play(action))
    return positions


def _decision(rv, ply):
    return next(d for d in rv.decisions if d.ply == ply)


def _pct(x: float) -> int:
    """A share as the notebook prints it (``f"{x:.0%}"``), as an int of percent."""
    return int(f"{x:.0%}".rstrip("%"))


def test_the_gembloq_reviewed_game_is_the_one_the_notebook_explains():
    code = _code("gembloq")
    # the notebook's recipe, as the test replays it
    assert 'bots = [agent("mcts", seed=1, game=game, iterations=200), agent("greedy", seed=2, game=game)]' in code
    assert "final = play_game(game, bots, seed=1)" in code
    assert 'GembloQBoard(state=final, seats=["human", "human"], bot_seed=1)' in code and "board.review(None, iterations=200)" in code
    assert "board.show_review_mark(9)" in code

    game = zw.game("gembloq", players=2)
    final = play_game(game, [agent("mcts", seed=1, game=game, iterations=200), agent("greedy", seed=2, game=game)], seed=1)
    sheet = final.score_sheet()
    assert sheet.winners == (0,) and tuple(sheet.totals) == (27.5, 32.5)
    rv = zw.review(final, iterations=200, seed=1)  # what board.review(None, iterations=200) runs with bot_seed=1
    assert [d.ply for d in rv.mistakes(3)] == [1, 2, 9]
    assert _decision(rv, 2).seat == 0 and _decision(rv, 2).mistake  # "even blue is flagged once (ply 2)"
    assert [d.seat for d in rv.mistakes(3)] == [1, 0, 1]
    assert [d.ply for d in rv.mistakes() if d.seat == 0] == [2, 8, 18]  # "blue is flagged three times"
    assert rv.decisions[0].before[0] > 0.5  # "blue's line starts above one half"
    positions = _positions(final)

    # ply 1: the P (5.5 squares) where the search prefers the I5 (5 squares), same corner
    d = _decision(rv, 1)
    assert (d.seat, d.text, d.best_text, d.mistake) == (1, "piece 21 (P) at ad1, rotated twice", "piece 13 (I5) at ad1, as in the tray", True)
    assert (d.action.piece.squares, d.best.piece.squares) == (5.5, 5)
    assert (_pct(d.played_value), d.played_visits, _pct(d.best_value), d.best_visits, _pct(d.loss)) == (23, 10, 49, 40, 26)
    assert d.loss == max(m.loss for m in rv.mistakes())  # "the game's biggest"
    played, better = positions[1].play(d.action), positions[1].play(d.best)
    assert (len(better.attach_points(1)), len(played.attach_points(1))) == (25, 21)
    assert (better.legal_count(1), played.legal_count(1)) == (337, 489)
    # the greedy bot's reckoning: 10 a square, 1 a corner spot
    assert positions[1].greedy_value(d.action) == 76 and positions[1].greedy_value(d.best) == 75

    # ply 9: the Y at n3 (blocking) where the search prefers the X at p4
    d = _decision(rv, 9)
    assert (d.seat, d.text, d.best_text, d.mistake) == (1, "piece 19 (Y) at n3, rotated once", "piece 18 (X) at p4", True)
    assert d.action.piece.squares == d.best.piece.squares == 5
    assert (_pct(d.played_value), d.played_visits, _pct(d.best_value), d.best_visits) == (12, 13, 28, 29)
    played, better = positions[9].play(d.action), positions[9].play(d.best)
    assert positions[9].corner_spots_opened(d.action) == positions[9].corner_spots_opened(d.best)
    assert (played.legal_count(0), better.legal_count(0)) == (330, 344)  # blue's placements
    assert (played.legal_count(1), better.legal_count(1)) == (210, 253)  # yellow's own
    assert positions[9].greedy_value(d.action) > positions[9].greedy_value(d.best)
    # "9% at blue's next decision, never above 20% again": yellow's estimate at every later decision
    assert _pct(d.after[1]) == 9 and max(_pct(e.before[1]) for e in rv.decisions if e.ply > 9) == 20


@pytest.mark.parametrize(("name", "players"), [("gembloq", 2), ("zongshi", 3), ("art_gallery", 2), ("majolica", 2)])
def test_the_board_review_gives_the_marks_of_the_notebook_review(name, players):
    """The notebook reviews on its board (``bot_seed`` seeds the board's review): the same
    decisions as ``zw.review`` with that seed, for a short line."""
    from zongshi_widgets.widgets import board_class

    game = zw.game(name, players=players)
    state = game.new_state(seed=1)
    bots = [agent("greedy", seed=s, game=game) for s in range(players)]
    while len(state.history) < 6:
        state = state.play(bots[state.to_move].choose(state))
    board = board_class(name)(state=state, seats=["human"] * players, bot_seed=3, open_hands=True)  # a post-game view: every seat may be reviewed
    ours = board.review(None, iterations=20)
    theirs = zw.review(state, iterations=20, seed=3)
    key = lambda rv: [(d.ply, str(d.action), str(d.best), d.played_value, d.best_value, d.played_visits) for d in rv.decisions]  # noqa: E731
    assert key(ours) == key(theirs)


def test_the_majolica_reviewed_game_is_the_one_the_notebook_explains():
    code = _code("majolica")
    assert 'bots = [agent("mcts", seed=1, game=duel, iterations=30), agent("greedy", seed=2, game=duel)]' in code
    assert "final = play_game(duel, bots, seed=1)" in code
    assert 'MajolicaBoard(state=final, seats=["human", "human"], bot_seed=1, open_hands=True)' in code and "board.review(1, iterations=40)" in code
    assert "board.show_review_mark(107)" in code

    duel = zw.game("majolica", players=2)
    final = play_game(duel, [agent("mcts", seed=1, game=duel, iterations=30), agent("greedy", seed=2, game=duel)], seed=1)
    sheet = final.score_sheet()
    assert duel.seat_names == ("red", "yellow") and sheet.winners == (0,) and tuple(sheet.totals) == (26, 19)
    rv = zw.review(final, 1, iterations=40, seed=1)
    positions = _positions(final)
    top = rv.mistakes(3)
    assert len(top) == 3 and all(d.played_visits == 2 for d in top)  # "every played move there rests on two continuations"

    def player(ply, seat=0):
        return positions[ply].position()["players"][seat]

    # plies 67 to 77: red's cascade
    assert all(positions[p].to_move == 0 for p in range(67, 82)) and positions[82].to_move == 1
    assert [d.ply for d in rv.decisions if 66 < d.ply < 82] == []  # no decision of yellow in between
    grid = positions[67].position()["grid"]
    assert str(final.history[67]).startswith("take a3") and grid[2][0].upper() == "Y"  # one yellow tile (a3)
    assert str(final.history[68]) == "place W4"
    before = player(67)
    assert before["workshops"][3] == "YYY" and before["workshops"][0].count("G") == 3  # waiting
    assert (before["purples"], player(78)["purples"]) == (0, 1)
    w1 = player(70)["workshops"][0]  # after the first discard (a blue)
    assert str(final.history[69]).endswith("B") and str(final.history[70]).endswith("Y")
    assert sorted(w1) == sorted("YYYGGGP")  # then a yellow is discarded: two yellow, three green, the purple
    assert player(72)["cards"]["D28"] == "GG" and player(77)["cards"]["D32"] == "RR"
    assert positions[77].position()["pending"]["ran"] == [1, 2, 3, 4]  # all four workshops ran
    assert player(78)["workshops"] == ["", "", "", "Y"] and player(78)["completed"] == ["S3"] and player(67)["completed"] == []

    def est(ply):
        d = _decision(rv, ply)
        return _pct(d.before[1]), d.best_visits

    assert (est(66), est(82), est(88)) == ((37, 40), (12, 8), (12, 40))

    # ply 107: the column d1-d4 where the search prefers the row a4-d4
    d = _decision(rv, 107)
    assert (d.text, d.best_text, d.mistake) == ("take the run d1–d4", "take the run a4–d4", True)
    assert (_pct(d.played_value), d.played_visits, _pct(d.best_value), d.best_visits) == (10, 2, 28, 25)
    grid = positions[107].position()["grid"]
    assert "".join(row[3] for row in grid).upper() == "RRYB" and grid[3].upper() == "BGYB"
    assert player(107, 1)["workshops"][1] == "" and str(final.history[108]) == "place W2"
    assert (est(108), est(109)) == ((12, 22), (11, 40))


def test_the_zongshi_reviewed_game_is_the_one_the_notebook_explains():
    code = _code("zongshi")
    assert 'bots = [agent("mcts", seed=1, game=game, iterations=100)] + [agent("greedy", seed=2 + k, game=game) for k in range(3)]' in code
    assert "final = play_game(game, bots, seed=1)" in code
    assert 'ZongShiBoard(state=final, seats=["human"] * 4, bot_seed=1, open_hands=True)' in code and "board.review(None, iterations=60)" in code
    assert "board.show_review_mark(447)" in code

    game = zw.game("zongshi", players=4)
    bots = [agent("mcts", seed=1, game=game, iterations=100)] + [agent("greedy", seed=2 + k, game=game) for k in range(3)]
    final = play_game(game, bots, seed=1)
    sheet = final.score_sheet()
    assert game.seat_names[0] == "ivory" and game.seat_names[3] == "natural"
    assert sheet.winners == (0,) and (sheet.totals[0], sheet.totals[3]) == (31, 30)  # "won, by one point"
    assert max(sheet.totals[1], sheet.totals[2]) < 30
    rv = zw.review(final, iterations=60, seed=1)
    # "ivory leads most of the game": the highest estimate at most decisions
    assert sum(d.before[0] == max(d.before) for d in rv.decisions) > len(rv.decisions) / 2
    assert [d.ply for d in rv.mistakes(3)] == [447, 454, 446]  # the table's three, all natural's
    positions = _positions(final)
    rows = list(sheet.categories)

    def row(state, seat, name):
        return state.score_sheet().values[seat][rows.index(name)]

    def player(state):
        return state.position()["players"][3]

    # plies 445 to 446: natural's sixth project, a Larger Workshop, completes as round 24 begins
    assert len(player(positions[445])["completed"]) == 5 and len(player(positions[446])["completed"]) == 6
    assert player(positions[446])["completed"][-1] == "larger_workshop"
    assert not player(positions[445])["trigger_bonus"] and player(positions[446])["trigger_bonus"]
    assert (positions[445].position()["round"], positions[446].position()["round"]) == (23, 24)
    assert positions[446].position()["final_round"] and row(final, 3, "triggering the end") == 2
    d = _decision(rv, 446)
    assert (d.seat, _pct(d.before[3]), d.best_visits) == (3, 69, 55)

    # ply 447: natural's apprentice goes to the large bin where the review prefers the merchant
    d = _decision(rv, 447)
    assert (d.seat, d.text, d.best_text) == (3, "go to the large bin of the Marketplace", "visit the merchant (visit tile 2)")
    assert (_pct(d.played_value), d.played_visits, _pct(d.best_value), d.best_visits) == (0, 2, 99, 41)
    assert sorted(player(positions[447])["visited"]) == ["elder", "official", "scholar"]
    assert player(positions[447])["boxes"].count("g") == 3
    visit = positions[447].play(d.best)
    paid = visit.play(next(a for a in visit.legal_actions() if str(a) == "pay gg"))
    assert "merchant" in player(paid)["visited"]
    assert (row(positions[447], 3, "townsfolk visits"), row(paid, 3, "townsfolk visits")) == (4, 8)
    assert (positions[447].score_sheet().totals[3], paid.score_sheet().totals[3]) == (29, 33)
    assert positions[447].score_sheet().totals[0] == 30  # "past ivory's 30 at that moment"
    assert _pct(d.after[3]) == 24 and str(final.history[446]) == "use apprentice"

    # ply 454: natural's master goes to the large bin too
    d = _decision(rv, 454)
    assert (d.seat, d.text, d.best_text) == (3, "go to the large bin of the Marketplace", "visit the merchant (visit tile 2)")
    assert (_pct(d.played_value), d.played_visits, _pct(d.best_value), d.best_visits) == (33, 3, 100, 43)
    assert player(positions[454])["apprentice"]["at"] == "large"
    assert _pct(d.after[3]) == 0
    assert "merchant" not in player(final)["visited"] and row(final, 3, "townsfolk visits") == 4


def test_the_art_gallery_reviewed_game_is_the_one_the_notebook_explains():
    code = _code("art_gallery")
    assert 'bots = [agent("mcts", seed=1, game=game, iterations=100)] + [agent("greedy", seed=2 + k, game=game) for k in range(3)]' in code
    assert "final = play_game(game, bots, seed=1)" in code
    assert 'ArtGalleryBoard(state=final, seats=["human"] * 4, bot_seed=1, open_hands=True)' in code and "board.review(None, iterations=120)" in code
    assert "board.show_review_mark(1)" in code

    game = zw.game("art_gallery", players=4)
    bots = [agent("mcts", seed=1, game=game, iterations=100)] + [agent("greedy", seed=2 + k, game=game) for k in range(3)]
    final = play_game(game, bots, seed=1)
    sheet = final.score_sheet()
    assert game.seat_names == ("red", "yellow", "green", "blue")
    assert sheet.winners == (0,) and tuple(sheet.totals) == (67, 34, 39, 34)
    souvenirs = sheet.categories.index("souvenirs")
    assert sheet.values[0][souvenirs] == 37  # "37 of its 67 points"
    rv = zw.review(final, iterations=120, seed=1)
    positions = _positions(final)
    # "red's line is the highest at every decision from ply 107 (round 3) on, and climbs to 100%"
    assert max(d.ply for d in rv.decisions if d.before[0] != max(d.before)) == 106
    assert positions[107].round == 3
    assert _pct(rv.decisions[-1].after[0]) == 100
    # "the biggest ones are moves that end at a gallery"
    assert all(positions[d.ply].step == "move" and d.text.split()[-1].startswith("G") for d in rv.mistakes(3))

    def tiles(state, seat):
        return len(state.position()["collections"][seat]["tiles"])

    def end_of_round(ply):
        return next(p for p in range(ply, len(positions)) if positions[p].round > positions[ply].round or positions[p].is_over)

    def takes(ply):
        steps = [p for p in range(ply, end_of_round(ply)) if positions[p].step == "take"]
        return [(positions[p].to_move, positions[p].action_text(final.history[p], positions[p].to_move)) for p in steps]

    # ply 1: yellow bids 2 in the Shop where the review prefers 6
    d = _decision(rv, 1)
    assert (d.seat, d.text, d.best_text, d.mistake) == (1, "bid 2 face down at the Shop", "bid 6 face down at the Shop", True)
    assert positions[1].position()["pawns"][1] == 0  # at the Shop (bench 0)
    assert (_pct(d.played_value), d.played_visits, _pct(d.best_value), d.best_visits) == (25, 12, 36, 21)
    assert (_pct(d.before[1]), _pct(d.after[1])) == (36, 27)
    assert (tiles(positions[1], 1), tiles(positions[end_of_round(1)], 1)) == (0, 1)
    assert (1, "take 1") in takes(1) and (0, "take 1+3") in takes(1)  # yellow one tile; red's 4 two
    # yellow last: level with blue on points, behind on the tie-break (most tiles)
    assert sheet.ranking[1] == 4 and sheet.totals[1] == sheet.totals[3] == 34
    assert (sheet.tiebreaks[1], sheet.tiebreaks[3]) == ((3,), (6,)) and (tiles(final, 1), tiles(final, 3)) == (3, 6)

    # plies 118 to 121, round 3: the review's biggest swing, red 56% to 90%
    biggest = max(rv.decisions, key=lambda e: max(abs(a - b) for a, b in zip(e.after, e.before)))
    assert biggest.ply == 118 and positions[118].round == 3
    assert (_pct(biggest.before[0]), _pct(_decision(rv, 120).before[0])) == (56, 90)
    d = _decision(rv, 118)
    assert (d.seat, d.text, d.best_text, d.mistake) == (3, "play 7 and stay at G1", "play 8 and move clockwise to G2", True)
    assert (_pct(d.played_value), d.played_visits, _pct(d.best_value), d.best_visits) == (5, 25, 17, 72)
    assert positions[120].position()["bars"]["shop"] == [[0, 4], [0, 4]]  # red's two 4s, no one else's bid
    assert (tiles(positions[120], 0), tiles(positions[end_of_round(120)], 0)) == (5, 9)
    assert takes(118) == [(0, "take 1+3"), (0, "take 1+3")]
