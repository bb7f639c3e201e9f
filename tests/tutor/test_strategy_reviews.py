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
    assert (d.seat, d.text, d.best_text, d.mistake) == (1, "piece 21 (P) at ad1", "piece 13 (I5) at ad1", True)
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
    assert (d.seat, d.text, d.best_text, d.mistake) == (1, "piece 19 (Y) at n3", "piece 18 (X) at p4", True)
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


def test_the_zongshi_reviewed_game_is_the_one_the_notebook_explains():
    code = _code("zongshi")
    assert 'bots = [agent("mcts", seed=1, game=game, iterations=100)] + [agent("greedy", seed=2 + k, game=game) for k in range(3)]' in code
    assert "final = play_game(game, bots, seed=1)" in code
    assert 'ZongShiBoard(state=final, seats=["human"] * 4, bot_seed=1, open_hands=True)' in code and "board.review(None, iterations=60)" in code
    assert "board.show_review_mark(307)" in code

    game = zw.game("zongshi", players=4)
    bots = [agent("mcts", seed=1, game=game, iterations=100)] + [agent("greedy", seed=2 + k, game=game) for k in range(3)]
    final = play_game(game, bots, seed=1)
    sheet = final.score_sheet()
    assert game.seat_names[0] == "ivory" and game.seat_names[3] == "natural"
    assert sheet.winners == (3,) and (sheet.totals[3], sheet.totals[0]) == (28, 27)  # "lost, by one point"
    assert max(sheet.totals[1], sheet.totals[2]) < 27
    rv = zw.review(final, iterations=60, seed=1)
    # "ivory leads most of the game": the highest estimate at most decisions
    assert sum(d.before[0] == max(d.before) for d in rv.decisions) > len(rv.decisions) / 2
    assert [d.ply for d in rv.mistakes()] == [307]  # "the review flags only one"
    positions = _positions(final)
    rows = list(sheet.categories)

    def row(state, seat, name):
        return state.score_sheet().values[seat][rows.index(name)]

    def stash(state, seat):
        player = state.position()["players"][seat]
        return len(player["boxes"]) + len(player["scrolls"])

    # ply 307: ivory's apprentice passes where the review prefers the Temple
    d = _decision(rv, 307)
    assert (d.seat, d.text, d.best_text) == (0, "pass", "go to the Temple")
    assert (_pct(d.played_value), d.played_visits, _pct(d.best_value), d.best_visits, _pct(d.loss)) == (36, 4, 80, 27, 44)
    assert positions[307].position()["round"] == 18 and positions[307].position()["players"][0]["master"]["at"] is not None
    temple = positions[307].play(d.best)
    assert len(temple.position()["players"][0]["scrolls"]) == len(positions[307].position()["players"][0]["scrolls"]) + 1
    assert (stash(positions[307], 0), stash(temple, 0)) == (5, 6)
    assert stash(final, 0) == 5 and row(final, 0, "boxes and scrolls") == 1  # 1 point per 3
    assert (stash(final, 0) + 1) // 3 == 2  # a sixth: 2 points, a tie at 28
    assert (sheet.tiebreaks[3][0], sheet.tiebreaks[0][0]) == (6, 4)  # the tie-break: projects completed

    # plies 314 to 317: natural's sixth project triggers the end, then the merchant's visit
    assert not positions[313].position()["players"][3]["trigger_bonus"] and positions[314].position()["players"][3]["trigger_bonus"]
    assert len(positions[313].position()["players"][3]["completed"]) == 5 and len(positions[314].position()["players"][3]["completed"]) == 6
    assert positions[314].position()["round"] == 19 and positions[314].position()["final_round"]
    assert row(final, 3, "triggering the end") == 2
    d = _decision(rv, 317)
    assert (d.seat, d.text) == (3, "visit the merchant (visit tile 3)")
    assert len(positions[317].position()["players"][3]["visited"]) == 3 and "merchant" in positions[318].position()["players"][3]["visited"]
    assert (row(positions[317], 3, "townsfolk visits"), row(positions[318], 3, "townsfolk visits")) == (4, 8)
    assert (row(positions[317], 3, "boxes and scrolls"), row(positions[318], 3, "boxes and scrolls")) == (3, 2)
    assert (positions[317].score_sheet().totals[3], positions[318].score_sheet().totals[3]) == (25, 28)
    d = _decision(rv, 316)
    assert (d.seat, d.text, _pct(d.before[3]), d.best_visits) == (3, "take this turn with the master", 68, 53)
    assert all(_pct(e.before[3]) == 100 for e in rv.decisions if e.ply > 316)


def test_the_art_gallery_reviewed_game_is_the_one_the_notebook_explains():
    code = _code("art_gallery")
    assert 'bots = [agent("mcts", seed=1, game=game, iterations=100)] + [agent("greedy", seed=2 + k, game=game) for k in range(3)]' in code
    assert "final = play_game(game, bots, seed=1)" in code
    assert 'ArtGalleryBoard(state=final, seats=["human"] * 4, bot_seed=1, open_hands=True)' in code and "board.review(None, iterations=120)" in code
    assert "board.show_review_mark(182)" in code

    game = zw.game("art_gallery", players=4)
    bots = [agent("mcts", seed=1, game=game, iterations=100)] + [agent("greedy", seed=2 + k, game=game) for k in range(3)]
    final = play_game(game, bots, seed=1)
    sheet = final.score_sheet()
    assert game.seat_names == ("red", "yellow", "green", "blue")
    assert sheet.winners == (0,) and tuple(sheet.totals) == (58, 29, 33, 34)
    souvenirs = sheet.categories.index("souvenirs")
    assert sheet.values[0][souvenirs] == 26 and sheet.values[1][souvenirs] == 6  # "26 of its 58", yellow "6 souvenir points"
    assert sheet.ranking[1] == 4  # yellow finished last
    rv = zw.review(final, iterations=120, seed=1)
    positions = _positions(final)
    # "red's line is the highest at every decision from ply 147 (round 4) on, and climbs to 100%"
    assert max(d.ply for d in rv.decisions if d.before[0] != max(d.before)) == 146
    assert positions[147].round == 4
    assert _pct(rv.decisions[-1].after[0]) == 100
    # "the biggest ones are moves to a gallery"
    assert all(positions[d.ply].step == "move" and " to G" in d.text for d in rv.mistakes(3))

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
    assert (_pct(d.played_value), d.played_visits, _pct(d.best_value), d.best_visits) == (23, 11, 34, 19)
    assert (_pct(d.before[1]), _pct(d.after[1])) == (34, 17)
    assert (tiles(positions[1], 1), tiles(positions[end_of_round(1)], 1)) == (0, 1)
    assert (1, "take 1") in takes(1)  # one tile, from space 1
    # ply 182, round 5: blue bids 0 in the Shop where the review prefers 8
    d = _decision(rv, 182)
    assert (d.seat, d.text, d.best_text, d.mistake) == (3, "bid 0 face down at the Shop", "bid 8 face down at the Shop", True)
    assert positions[182].round == 5 and positions[182].position()["pawns"][3] == 0
    assert str(final.history[181]) == "move 0" and positions[181].to_move == 3  # blue's move: a 0, staying at the Shop
    assert (_pct(d.played_value), d.played_visits, _pct(d.best_value), d.best_visits) == (10, 13, 24, 28)
    assert (tiles(positions[182], 3), tiles(positions[end_of_round(182)], 3)) == (9, 9)
    assert takes(182) == [(0, "take 1+3"), (0, "take 1+3")]


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
